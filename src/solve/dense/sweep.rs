//! Value iteration over the lists of [`super::lists`]: Gauss-Seidel sweeps, each block of a
//! bucket on a core of its own, buckets in turn.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::FLIP;
use super::lists::{Block, Store, Stored, SuperLayer};

/// A successor's value for the mover (without a branch: the flip is arithmetic).
#[inline(always)]
fn value(e: u32, values: &[AtomicU64]) -> f64 {
    let v = f64::from_bits(values[(e & !FLIP) as usize].load(Relaxed));
    let flip = f64::from(e >> 31);
    flip + v * (1.0 - 2.0 * flip)
}

/// How many states ahead a sweep asks for the value it will update (that value sits in another
/// row, far from the successors).
const AHEAD: usize = 16;

#[inline(always)]
fn prefetch(v: &AtomicU64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; any address is allowed.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(v as *const AtomicU64 as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = v;
}

/// One Gauss-Seidel pass over a block; the largest change of a value.
fn sweep_block(block: &Block, probs: &[f64], values: &[AtomicU64]) -> f64 {
    let words = probs.len().div_ceil(4);
    let list = &block.list;
    let states = block.owns.len();
    // A second cursor runs AHEAD states in front, asking for the values it will need.
    let mut ahead = 0;
    let look = |j: usize, at: &mut usize| {
        if j >= states {
            return;
        }
        prefetch(&values[block.owns[j] as usize]);
        let n = super::lists::successors(&list[*at..*at + words]);
        *at += words;
        for &e in &list[*at..*at + n] {
            prefetch(&values[(e & !FLIP) as usize]);
        }
        *at += n;
    };
    for j in 0..AHEAD {
        look(j, &mut ahead);
    }
    let mut i = 0;
    let mut largest: f64 = 0.0;
    for (j, &own) in block.owns.iter().enumerate() {
        look(j + AHEAD, &mut ahead);
        let heads = &list[i..i + words];
        i += words;
        let mut v = 0.0;
        // The chance of the throws whose only move is a pass to this very state seen from the
        // other seat (mirror images numbered once): v = rest + to_self (1 - v) is solved at
        // once below, instead of approached by a factor to_self a sweep.
        let mut to_self = 0.0;
        for (k, &p) in probs.iter().enumerate() {
            let count = ((heads[k / 4] >> (8 * (k % 4))) & 0xff) as usize;
            if count == 1 && list[i] == own | FLIP {
                to_self += p;
                i += 1;
                continue;
            }
            let mut best: f64 = 0.0;
            for &e in &list[i..i + count] {
                best = best.max(value(e, values));
            }
            i += count;
            v += p * best;
        }
        let v = (v + to_self) / (1.0 + to_self);
        let own = &values[own as usize];
        let old = f64::from_bits(own.load(Relaxed));
        own.store(v.to_bits(), Relaxed);
        largest = largest.max((v - old).abs());
    }
    largest
}

/// One pass over a super-layer, bucket by bucket from the furthest on; the largest change.
/// Blocks spilled to disk are read back into a buffer of the thread's own.
fn sweep(
    layer: &SuperLayer,
    store: &Store,
    probs: &[f64],
    values: &[AtomicU64],
) -> io::Result<f64> {
    let mut largest: f64 = 0.0;
    for bucket in &layer.buckets {
        let change = bucket
            .par_iter()
            .map_init(
                || (Vec::new(), Block::new()),
                |(bytes, buffer), stored| match stored {
                    Stored::Ram(block) => io::Result::Ok(sweep_block(block, probs, values)),
                    &Stored::Disk { at, owns, list } => {
                        store.read((at, owns, list), bytes, buffer)?;
                        Ok(sweep_block(buffer, probs, values))
                    }
                },
            )
            .try_reduce(|| 0.0, |a, b| Ok(a.max(b)))?;
        largest = largest.max(change);
    }
    Ok(largest)
}

/// A super-layer is first swept once no value of the super-layers above it in its window moved
/// by more than this in the last pass: sweeping it earlier spends sweeps on values whose inputs
/// are still far from settled (measured on RoyalUr.net's Blitz rules with four pieces: starting
/// at once, 72 passes over 70 sweeps' worth of states; at 1e-2, 98 over 53; one super-layer
/// after the other, 324 over 45).
const START: f64 = 1e-2;

/// A super-layer below one still settling waits while its last change is less than this many
/// times the largest change above it: sweeping it then would mostly follow values that are
/// still moving, and its own error is already as small as theirs will let it be. It is swept
/// again when their changes have shrunk this far (measured on the Blitz rules with four
/// pieces: never waiting, 97 passes over 52.1 sweeps' worth of states; 10, 99 over 46.1; 100,
/// 110 over 45.8; 1,000, 134 over 45.8).
const LAG: f64 = 100.0;

/// Sweeps the super-layers of a window (from the most pieces off down) until every value has
/// settled. Each pass sweeps, in that order, every super-layer not yet settled whose inputs
/// have nearly settled ([`START`]) and are not still moving much more than its own last change
/// ([`LAG`]), so that values flow down from the ones above in the same pass. A super-layer has settled once a pass changed none of its values by more than
/// `tolerance` and every super-layer above it had settled: its values then depend on nothing
/// that still changes, and it is not swept again. `settled(k, passes)` is told of each, in
/// order. Returns the number of passes and of states updated.
pub(super) fn settle(
    window: &[SuperLayer],
    store: &Store,
    probs: &[f64],
    values: &[AtomicU64],
    tolerance: f64,
    mut settled: impl FnMut(usize, u64),
) -> io::Result<(u64, u64)> {
    let mut done = vec![false; window.len()];
    // Each super-layer's largest change when it was last swept.
    let mut last = vec![f64::INFINITY; window.len()];
    let (mut passes, mut updates) = (0, 0);
    while done.contains(&false) {
        passes += 1;
        let mut above_done = true;
        let mut above_change: f64 = 0.0;
        for (k, layer) in window.iter().enumerate() {
            if done[k] {
                continue;
            }
            if above_change > START {
                break;
            }
            if !above_done && last[k] <= LAG * above_change {
                continue;
            }
            let largest = sweep(layer, store, probs, values)?;
            last[k] = largest;
            updates += layer.states;
            if above_done && largest < tolerance {
                done[k] = true;
                settled(k, passes);
            }
            above_done &= done[k];
            above_change = above_change.max(largest);
        }
    }
    Ok((passes, updates))
}
