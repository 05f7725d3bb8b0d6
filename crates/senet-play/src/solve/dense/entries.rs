//! A successor as the lists and sweeps keep it: the index of its value, with its top bit set
//! where its mover is the other side (its value is then one minus the stored one). 32 bits where
//! the numbering has fewer than 2^31 states (every game but Senet with five pieces, whose
//! 2e10 states need 64): the smaller games keep their lists at half the size.
//!
//! A state's lists begin with the number of successors of each throw, a byte each, as many to a
//! word as the word has bytes.

// An entry narrows an index its numbering has checked (see [`Entry::SLOTS`]).
#![allow(clippy::cast_possible_truncation)]

use std::fmt::Debug;

pub(super) trait Entry: Copy + Ord + Default + Debug + Send + Sync + 'static {
    /// Bytes an entry takes, and successor counts a word of counts holds.
    const BYTES: usize;
    /// The slots (states, and the one of a won game) these entries can index.
    const SLOTS: u64;
    /// The entry of slot `i` (below [`Entry::SLOTS`]), flipped where `flip`.
    fn new(i: u64, flip: bool) -> Self;
    /// The entry whose bits are the low [`Entry::BYTES`] bytes of `bits`.
    fn from_bits(bits: u64) -> Self;
    fn bits(self) -> u64;
    /// The index of its value.
    fn slot(self) -> usize;
    /// 1 where its mover is the other side, else 0: a value is then `flip + v (1 - 2 flip)`,
    /// arithmetic instead of a branch.
    fn flip(self) -> f64;
    /// The same slot seen from the other side.
    fn flipped(self) -> Self;
}

impl Entry for u32 {
    const BYTES: usize = 4;
    const SLOTS: u64 = 1 << 31;
    #[inline(always)]
    fn new(i: u64, flip: bool) -> u32 {
        i as u32 | u32::from(flip) << 31
    }
    #[inline(always)]
    fn from_bits(bits: u64) -> u32 {
        bits as u32
    }
    #[inline(always)]
    fn bits(self) -> u64 {
        u64::from(self)
    }
    #[inline(always)]
    fn slot(self) -> usize {
        (self & !(1 << 31)) as usize
    }
    #[inline(always)]
    fn flip(self) -> f64 {
        f64::from(self >> 31)
    }
    #[inline(always)]
    fn flipped(self) -> u32 {
        self | 1 << 31
    }
}

impl Entry for u64 {
    const BYTES: usize = 8;
    const SLOTS: u64 = 1 << 63;
    #[inline(always)]
    fn new(i: u64, flip: bool) -> u64 {
        i | u64::from(flip) << 63
    }
    #[inline(always)]
    fn from_bits(bits: u64) -> u64 {
        bits
    }
    #[inline(always)]
    fn bits(self) -> u64 {
        self
    }
    #[inline(always)]
    fn slot(self) -> usize {
        (self & !(1 << 63)) as usize
    }
    #[inline(always)]
    #[allow(clippy::cast_precision_loss)]
    fn flip(self) -> f64 {
        (self >> 63) as f64
    }
    #[inline(always)]
    fn flipped(self) -> u64 {
        self | 1 << 63
    }
}

/// Words of counts a state's lists begin with, for `throws` throws.
#[inline(always)]
pub(super) fn heads<E: Entry>(throws: usize) -> usize {
    throws.div_ceil(E::BYTES)
}

/// The number of successors of throw `k` that a state's count words announce.
#[inline(always)]
pub(super) fn count<E: Entry>(heads: &[E], k: usize) -> usize {
    ((heads[k / E::BYTES].bits() >> (8 * (k % E::BYTES))) & 0xff) as usize
}

/// Writes `n` (at most 255) as the number of successors of throw `k` into a state's count words
/// (zero there before).
#[inline(always)]
pub(super) fn set_count<E: Entry>(heads: &mut [E], k: usize, n: usize) {
    let word = &mut heads[k / E::BYTES];
    *word = E::from_bits(word.bits() | (n as u64 & 0xff) << (8 * (k % E::BYTES)));
}

/// The number of successors of every throw that a state's count words announce.
#[inline(always)]
pub(super) fn successors<E: Entry>(heads: &[E]) -> usize {
    heads
        .iter()
        .map(|h| {
            h.bits().to_le_bytes()[..E::BYTES]
                .iter()
                .map(|&b| usize::from(b))
                .sum::<usize>()
        })
        .sum()
}

/// The entries whose bits are `bytes`, [`Entry::BYTES`] each, little-endian, into `into`.
pub(super) fn read_bytes<E: Entry>(bytes: &[u8], into: &mut Vec<E>) {
    into.clear();
    into.extend(bytes.chunks_exact(E::BYTES).map(|b| {
        let mut word = [0; 8];
        word[..E::BYTES].copy_from_slice(b);
        E::from_bits(u64::from_le_bytes(word))
    }));
}

/// Appends the bytes of `entries`, little-endian, to `bytes`.
pub(super) fn write_bytes<E: Entry>(entries: &[E], bytes: &mut Vec<u8>) {
    for e in entries {
        bytes.extend_from_slice(&e.bits().to_le_bytes()[..E::BYTES]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both widths keep a slot and its side, their counts and their bytes.
    fn round_trip<E: Entry>(largest: u64) {
        for i in [0, 1, 12_345, largest] {
            for flip in [false, true] {
                let e = E::new(i, flip);
                assert_eq!(e.slot() as u64, i);
                assert_eq!(e.flip(), f64::from(u8::from(flip)));
                assert_eq!(e.flipped(), E::new(i, true));
            }
        }
        let throws = 11;
        let mut heads = vec![E::default(); super::heads::<E>(throws)];
        for k in 0..throws {
            set_count(&mut heads, k, 255 - 20 * k);
        }
        assert!((0..throws).all(|k| count(&heads, k) == 255 - 20 * k));
        assert_eq!(
            successors(&heads),
            (0..throws).map(|k| 255 - 20 * k).sum::<usize>()
        );
        let mut bytes = Vec::new();
        write_bytes(&heads, &mut bytes);
        assert_eq!(bytes.len(), heads.len() * E::BYTES);
        let mut back: Vec<E> = Vec::new();
        read_bytes(&bytes, &mut back);
        assert_eq!(back, heads);
    }

    #[test]
    fn entries_keep_slots_sides_and_counts() {
        round_trip::<u32>(u32::SLOTS - 1);
        round_trip::<u64>(19_926_605_935);
        round_trip::<u64>(u64::SLOTS - 1);
    }
}
