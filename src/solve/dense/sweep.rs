//! Value iteration over the lists of [`super::lists`]: Gauss-Seidel sweeps, each block of a
//! bucket on a core of its own, buckets in turn; full sweeps that choose each throw's best
//! successor, sweeps of the chosen ones between them, and extrapolation where the changes
//! shrink steadily.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::FLIP;
use super::lists::{Block, List, Store, SuperLayer};

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

/// One Gauss-Seidel pass over a block, taking the best of every throw's successors; the largest
/// change of a value. The best successor of each throw is kept in `chosen`.
fn full_block(
    owns: &[u32],
    chosen: &mut [u32],
    change: &mut [f32],
    list: &[u32],
    probs: &[f64],
    values: &[AtomicU64],
    gain: f64,
) -> Pass {
    let words = probs.len().div_ceil(4);
    let states = owns.len();
    // A second cursor runs AHEAD states in front, asking for the values it will need.
    let mut ahead = 0;
    let look = |j: usize, at: &mut usize| {
        if j >= states {
            return;
        }
        prefetch(&values[owns[j] as usize]);
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
    let mut found = Pass::default();
    let states = owns
        .iter()
        .zip(chosen.chunks_exact_mut(probs.len()))
        .zip(change);
    for (j, ((&own, picks), change)) in states.enumerate() {
        look(j + AHEAD, &mut ahead);
        let heads = &list[i..i + words];
        i += words;
        let mut v = 0.0;
        // The chance of the throws whose only move is a pass to this very state seen from the
        // other seat (mirror images numbered once): v = rest + to_self (1 - v) is solved at
        // once below, instead of approached by a factor to_self a sweep.
        let mut to_self = 0.0;
        for (k, (&p, pick)) in probs.iter().zip(picks.iter_mut()).enumerate() {
            let count = ((heads[k / 4] >> (8 * (k % 4))) & 0xff) as usize;
            if count == 1 && list[i] == own | FLIP {
                to_self += p;
                i += 1;
                continue;
            }
            let (mut best, mut at, mut was): (f64, u32, f64) = (-1.0, 0, 0.0);
            for &e in &list[i..i + count] {
                let x = value(e, values);
                // Selects, not branches: which successor is best follows no pattern.
                at = if x > best { e } else { at };
                was = if e == *pick { x } else { was };
                best = best.max(x);
            }
            // A choice that gains less than the tolerance is no change (values that tie move
            // about in their last digits).
            found.changed += u64::from(best - was > gain);
            *pick = at;
            i += count;
            v += p * best;
        }
        found.update(
            &values[own as usize],
            (v + to_self) / (1.0 + to_self),
            change,
        );
    }
    found
}

/// One Gauss-Seidel pass over a block, each throw taking the successor chosen at the last full
/// sweep: a fixed number of lookups a state, no comparisons. Each state's change is kept, and
/// compared with the one kept before.
fn chosen_block(
    owns: &[u32],
    chosen: &[u32],
    change: &mut [f32],
    probs: &[f64],
    values: &[AtomicU64],
) -> Pass {
    let throws = probs.len();
    let states = owns.len();
    let look = |j: usize| {
        if j < states {
            prefetch(&values[owns[j] as usize]);
            for &e in &chosen[j * throws..(j + 1) * throws] {
                prefetch(&values[(e & !FLIP) as usize]);
            }
        }
    };
    for j in 0..AHEAD {
        look(j);
    }
    let mut found = Pass::default();
    let states = owns.iter().zip(chosen.chunks_exact(throws)).zip(change);
    for (j, ((&own, picks), change)) in states.enumerate() {
        look(j + AHEAD);
        let (mut v, mut to_self) = (0.0, 0.0);
        for (&p, &e) in probs.iter().zip(picks) {
            // As in a full sweep: a pass to this state seen from the other seat is solved at once.
            if e == own | FLIP {
                to_self += p;
            } else {
                v += p * value(e, values);
            }
        }
        found.update(
            &values[own as usize],
            (v + to_self) / (1.0 + to_self),
            change,
        );
    }
    found
}

/// Moves each value of a block on by `factor` times its change at the last sweep, kept within
/// 0 and 1.
fn extrapolate_block(owns: &[u32], change: &[f32], factor: f64, values: &[AtomicU64]) {
    for (j, (&own, &d)) in owns.iter().zip(change).enumerate() {
        if let Some(&next) = owns.get(j + AHEAD) {
            prefetch(&values[next as usize]);
        }
        let own = &values[own as usize];
        let v = f64::from_bits(own.load(Relaxed)) + factor * f64::from(d);
        own.store(v.clamp(0.0, 1.0).to_bits(), Relaxed);
    }
}

/// What a pass over a block or a super-layer found.
#[derive(Default, Clone, Copy)]
struct Pass {
    /// The largest change of a value.
    largest: f64,
    /// Chosen successors a full sweep replaced by better ones.
    changed: u64,
    /// Over the states, in a sweep of chosen successors: the sum of each change times the one
    /// before, and of the squares of the ones before.
    dot: f64,
    norm: f64,
}

impl Pass {
    /// Stores `v` as a state's value, and counts and keeps its change.
    #[inline(always)]
    fn update(&mut self, own: &AtomicU64, v: f64, change: &mut f32) {
        let old = f64::from_bits(own.load(Relaxed));
        own.store(v.to_bits(), Relaxed);
        self.dot += f64::from(*change) * (v - old);
        self.norm += f64::from(*change) * f64::from(*change);
        *change = (v - old) as f32;
        self.largest = self.largest.max((v - old).abs());
    }

    fn join(self, other: Pass) -> Pass {
        Pass {
            largest: self.largest.max(other.largest),
            changed: self.changed + other.changed,
            dot: self.dot + other.dot,
            norm: self.norm + other.norm,
        }
    }
}

/// One pass over a super-layer, bucket by bucket from the furthest on. A full pass reads every
/// successor (blocks spilled to disk are read back into a buffer of the thread's own) and
/// chooses each throw's best; the others read only the chosen ones.
fn sweep(
    layer: &mut SuperLayer,
    store: &Store,
    probs: &[f64],
    values: &[AtomicU64],
    full: bool,
    gain: f64,
) -> io::Result<Pass> {
    let mut pass = Pass::default();
    for bucket in &mut layer.buckets {
        let found = bucket
            .par_iter_mut()
            .map_init(
                || (Vec::new(), Vec::new()),
                |(bytes, buffer), block| {
                    let Block {
                        owns,
                        chosen,
                        change,
                        list,
                    } = block;
                    if !full {
                        return io::Result::Ok(chosen_block(owns, chosen, change, probs, values));
                    }
                    let list = match list {
                        List::Ram(list) => list,
                        &mut List::Disk { at, words } => {
                            store.read((at, words), bytes, buffer)?;
                            &*buffer
                        }
                    };
                    Ok(full_block(owns, chosen, change, list, probs, values, gain))
                },
            )
            .try_reduce(Pass::default, |a, b| Ok(a.join(b)))?;
        pass = pass.join(found);
    }
    Ok(pass)
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

/// Sweeps from one full sweep of a super-layer to the next (a full sweep reads every successor
/// and chooses each throw's best; the sweeps between read only the chosen ones, one value a
/// throw, at twice the speed or more): [`MIN_STRIDE`] after a full sweep that chose another
/// move somewhere (by more than the values still move), twice the last stride, up to
/// [`MAX_STRIDE`], after one that chose none. Measured on the Masters rules with four pieces,
/// in sweeps' worth of states (of them full): every sweep full, 51.3; a full sweep every fifth,
/// 55.2 (12.0); every ninth, 67.2 (8.7); this rule, 53.2 (12.7); this rule with a stride of 1
/// after a change, 53.2 (20.0).
const MIN_STRIDE: u32 = 2;
const MAX_STRIDE: u32 = 32;

/// Extrapolation waits for two ratios of successive changes that differ by at most this part of
/// the ratio.
const STEADY: f64 = 0.02;

/// Extrapolation waits while the changes shrink by less than this a sweep (it would move values
/// by more than 19 times a change).
const MAX_RATIO: f64 = 0.95;

/// What settling a window took.
#[derive(Default)]
pub(super) struct Work {
    /// Passes over the window.
    pub passes: u64,
    /// States updated, by every sweep and by full ones.
    pub updates: u64,
    pub full: u64,
    /// Times a super-layer's values were extrapolated.
    pub extrapolations: u64,
}

/// Moves every value of a super-layer on by `factor` times its last change.
fn extrapolate(layer: &SuperLayer, values: &[AtomicU64], factor: f64) {
    for bucket in &layer.buckets {
        bucket
            .par_iter()
            .for_each(|block| extrapolate_block(&block.owns, &block.change, factor, values));
    }
}

/// Sweeps the super-layers of a window (from the most pieces off down) until every value has
/// settled. Each pass sweeps, in that order, every super-layer not yet settled whose inputs
/// have nearly settled ([`START`]) and are not still moving much more than its own last change
/// ([`LAG`]), so that values flow down from the ones above in the same pass: a full sweep or one
/// of chosen successors ([`MIN_STRIDE`]), then perhaps an extrapolation. A super-layer has
/// settled once a full sweep changed none of its values by more than `tolerance` and every
/// super-layer above it had settled: its values then depend on nothing that still changes, and
/// it is not swept again. `settled(k, passes)` is told of each, in order.
pub(super) fn settle(
    window: &mut [SuperLayer],
    store: &Store,
    probs: &[f64],
    values: &[AtomicU64],
    tolerance: f64,
    mut settled: impl FnMut(usize, u64),
) -> io::Result<Work> {
    let mut done = vec![false; window.len()];
    // Each super-layer's largest change when it was last swept.
    let mut last = vec![f64::INFINITY; window.len()];
    // Each super-layer's sweeps since its last full one (`None` before its first).
    let mut since: Vec<Option<u32>> = vec![None; window.len()];
    // Each super-layer's sweeps from one full sweep to the next.
    let mut stride = vec![MIN_STRIDE; window.len()];
    // Per super-layer: whether the changes kept in its blocks come from its last sweep, made
    // with the inputs settled and the same chosen successors as the next, and nothing
    // extrapolated since; and the ratio of those changes to the ones before, on the same terms.
    let mut linear = vec![false; window.len()];
    let mut ratio: Vec<Option<f64>> = vec![None; window.len()];
    let mut work = Work::default();
    while done.contains(&false) {
        work.passes += 1;
        let mut above_done = true;
        let mut above_change: f64 = 0.0;
        for (k, layer) in window.iter_mut().enumerate() {
            if done[k] {
                continue;
            }
            if above_change > START {
                break;
            }
            if !above_done && last[k] <= LAG * above_change {
                continue;
            }
            // Full when the chosen successors have had their sweeps, or when their values have
            // settled (a value is final only once a full sweep leaves it, every move weighed).
            let full = since[k].is_none_or(|n| n >= stride[k]) || last[k] < tolerance;
            // A better move that gains less than the values still move is no news.
            let gain = last[k].max(tolerance);
            let found = sweep(layer, store, probs, values, full, gain)?;
            let (largest, changed) = (found.largest, found.changed);
            if full {
                work.full += layer.states;
                stride[k] = if changed == 0 {
                    (stride[k] * 2).min(MAX_STRIDE)
                } else {
                    MIN_STRIDE
                };
            }
            since[k] = Some(if full { 0 } else { since[k].unwrap_or(0) + 1 });
            // With the inputs settled and the same successors chosen, the sweeps are linear:
            // the changes shrink by a ratio r a sweep (negative when they swing from one side
            // to the other, each value being one minus the other side's). Once two ratios in a
            // row agree, the change left is moved on at once: r / (1 - r) times the last one.
            // The ratio is the least-squares fit of this sweep's changes to the last ones.
            let mut jumped = false;
            if (!full || changed == 0) && above_done {
                let r = linear[k].then(|| found.dot / found.norm);
                if let (Some(r), Some(before)) = (r, ratio[k])
                    && r.abs() <= MAX_RATIO
                    && (r - before).abs() <= STEADY * r.abs()
                {
                    extrapolate(layer, values, r / (1.0 - r));
                    work.extrapolations += 1;
                    jumped = true;
                }
                ratio[k] = if jumped { None } else { r };
                linear[k] = !jumped;
            } else {
                ratio[k] = None;
                linear[k] = false;
            }
            last[k] = largest;
            work.updates += layer.states;
            if full && above_done && largest < tolerance {
                done[k] = true;
                settled(k, work.passes);
            }
            above_done &= done[k];
            above_change = above_change.max(largest);
        }
    }
    Ok(work)
}
