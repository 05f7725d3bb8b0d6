//! How a solve keeps each state's value while it sweeps: an `f64` (8 bytes), or a 32-bit
//! fixed-point number (4 bytes) where the values of an `f64` do not fit in memory. Both are
//! atomics, read and written by both cores at once (see [`super::sweep`]).
//!
//! A fixed-point value is the chance times `2^32 - 1`, rounded to the nearest whole number: 0
//! and 1 are exact, and so is the flip `1 - v` a successor with the other side to move needs
//! (`2^32 - 1 - x`). Every value is within half a step (1.2e-10) of what was computed from the
//! values it read; the solve then stops at a larger tolerance ([`FIXED_TOLERANCE`]), since two
//! cores rounding in turn can keep a value moving by a step.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// The steps of a fixed-point value: its largest, which stands for 1.
const SCALE: f64 = u32::MAX as f64;
/// A step, as a chance (a product is quicker than a quotient).
const STEP: f64 = 1.0 / SCALE;

/// Sweeps of fixed-point values stop once no value changes by more than this (about four
/// steps).
pub const FIXED_TOLERANCE: f64 = 1e-9;

/// A state's changes at its last two sweeps (the last first), from which the changes to come
/// are fitted and extrapolated (see `sweep::settle`).
pub(super) trait Changes: Copy + Default + Send + Sync + 'static {
    fn get(self) -> [f64; 2];
    /// The changes once the state has changed by `d0`.
    fn after(self, d0: f64) -> Self;
}

/// Two `f32`, 8 bytes a state: beside `f64` values.
impl Changes for [f32; 2] {
    #[inline(always)]
    fn get(self) -> [f64; 2] {
        self.map(f64::from)
    }
    #[inline(always)]
    fn after(self, d0: f64) -> Self {
        #[allow(clippy::cast_possible_truncation)]
        let d0 = d0 as f32;
        [d0, self[0]]
    }
}

/// Two bfloat16 (the top half of an `f32`: its range, 8 bits of precision), 4 bytes a state:
/// beside fixed-point values, where memory is short. A part in 256 of a change costs a few
/// sweeps at most (in sweeps' worth of states, `f32` against these, `f64` values: Ur with five
/// pieces 58.6 and 58.2, Masters with five 52.1 and 53.6, Kendall's Senet with three 51.8 and
/// 54.9), so values in `f64`, which have the room, keep `f32`.
impl Changes for [u16; 2] {
    #[inline(always)]
    fn get(self) -> [f64; 2] {
        self.map(|h| f64::from(f32::from_bits(u32::from(h) << 16)))
    }
    #[inline(always)]
    fn after(self, d0: f64) -> Self {
        #[allow(clippy::cast_possible_truncation)]
        let bits = (d0 as f32).to_bits();
        // Rounded to the nearest, ties to even (changes are finite: no NaN to keep).
        let rounded = bits.wrapping_add(0x7fff + ((bits >> 16) & 1));
        [(rounded >> 16) as u16, self[0]]
    }
}

/// A state's value as a solve keeps it.
pub(super) trait Cell: Sync + Send + Sized + super::Zeroed + 'static {
    /// Bytes a value takes.
    const BYTES: usize;
    /// How its changes are kept.
    type Change: Changes;
    fn new(v: f64) -> Self;
    fn get(&self) -> f64;
    fn set(&self, v: f64);
    /// Its bits, for a file (the low [`Cell::BYTES`] bytes).
    fn bits(&self) -> u64;
    fn set_bits(&self, bits: u64);
}

impl Cell for AtomicU64 {
    const BYTES: usize = 8;
    type Change = [f32; 2];
    #[inline(always)]
    fn new(v: f64) -> Self {
        AtomicU64::new(v.to_bits())
    }
    #[inline(always)]
    fn get(&self) -> f64 {
        f64::from_bits(self.load(Relaxed))
    }
    #[inline(always)]
    fn set(&self, v: f64) {
        self.store(v.to_bits(), Relaxed);
    }
    fn bits(&self) -> u64 {
        self.load(Relaxed)
    }
    fn set_bits(&self, bits: u64) {
        self.store(bits, Relaxed);
    }
}

impl Cell for AtomicU32 {
    const BYTES: usize = 4;
    type Change = [u16; 2];
    #[inline(always)]
    fn new(v: f64) -> Self {
        AtomicU32::new(to_fixed(v))
    }
    #[inline(always)]
    fn get(&self) -> f64 {
        f64::from(self.load(Relaxed)) * STEP
    }
    #[inline(always)]
    fn set(&self, v: f64) {
        self.store(to_fixed(v), Relaxed);
    }
    fn bits(&self) -> u64 {
        u64::from(self.load(Relaxed))
    }
    fn set_bits(&self, bits: u64) {
        self.store(bits as u32, Relaxed);
    }
}

/// A chance as a fixed-point value (clamped to 0 to 1).
#[inline(always)]
pub fn to_fixed(v: f64) -> u32 {
    // `as` saturates, and takes NaN to 0; the clamp leaves nothing negative.
    #[allow(clippy::cast_sign_loss)]
    let x = (v.clamp(0.0, 1.0) * SCALE).round() as u32;
    x
}

/// A fixed-point value as a chance.
#[inline(always)]
pub fn from_fixed(x: u32) -> f64 {
    f64::from(x) * STEP
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_point_is_exact_at_the_ends_and_in_the_flip() {
        for v in [0.0, 1.0] {
            assert_eq!(from_fixed(to_fixed(v)), v);
        }
        for v in [0.1, 0.5, 0.123456789, 0.999999] {
            let x = to_fixed(v);
            assert!((from_fixed(x) - v).abs() <= 0.5 * STEP + 1e-16, "{v}");
            // The other side's chance, 1 - v, is the complement of the bits.
            assert_eq!(to_fixed(1.0 - from_fixed(x)), u32::MAX - x);
        }
        assert_eq!(to_fixed(-0.5), 0);
        assert_eq!(to_fixed(1.5), u32::MAX);
        assert_eq!(to_fixed(f64::NAN), 0);
    }

    #[test]
    fn bfloat16_changes_keep_eight_bits() {
        for d in [1e-12, -3.5e-5, 0.25, -0.7] {
            let kept = <[u16; 2]>::default().after(d).after(2.0 * d).get();
            assert!((kept[0] - 2.0 * d).abs() <= (2.0 * d).abs() / 256.0, "{d}");
            assert!((kept[1] - d).abs() <= d.abs() / 256.0, "{d}");
        }
    }
}
