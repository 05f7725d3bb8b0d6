//! Value iteration over the lists of [`super::lists`]: Gauss-Seidel sweeps, each block of a
//! bucket on a core of its own, buckets in turn; full sweeps that choose each throw's best
//! successor, sweeps of the chosen ones between them, and extrapolation where the changes
//! shrink steadily.

use std::io;

use rayon::prelude::*;

use super::cells::{Cell, Changes};
use super::entries::{self, Entry};
use super::lists::{Block, List, RUN, Scratch, Store, SuperLayer};

/// A successor's value for the mover (without a branch: the flip is arithmetic).
#[inline(always)]
fn value<C: Cell, E: Entry>(e: E, values: &[C]) -> f64 {
    let v = values[e.slot()].get();
    let flip = e.flip();
    flip + v * (1.0 - 2.0 * flip)
}

/// How many states ahead a sweep asks for the value it will update (that value sits in another
/// row, far from the successors).
const AHEAD: usize = 16;

#[inline(always)]
fn prefetch<T>(v: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; any address is allowed.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(v as *const T as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = v;
}

/// A state's margin as a code: the greatest `c` with margin at least 2^-c (1 to 254), so that a
/// byte a state is enough. [`UNKNOWN`] for a margin of zero (a tie) or never measured; 0 for a
/// state with no choice at all (every throw has one successor).
#[inline(always)]
fn margin_code(m: f64) -> u8 {
    // The margin is at least 2 to the power of its exponent (the biased one less 1023).
    let biased = (m.to_bits() >> 52) & 0x7ff;
    if m > 0.0 {
        u8::try_from(1023u64.saturating_sub(biased).max(1)).unwrap_or(UNKNOWN)
    } else {
        UNKNOWN
    }
}

/// A margin not known, or zero: the state is weighed in full at every full sweep.
pub(super) const UNKNOWN: u8 = 255;

/// What a full sweep may skip. Since a state's last full sweep, every value it reads has moved
/// by at most a known `drift`; where each throw's chosen successor was better than every other
/// by more than twice that, it still is, and the state needs only its chosen successors (the
/// same value, not a lookup of every successor, and a run of states that all skip is not read
/// back from the disk). Its margin is then lowered by twice the drift, so that it stays
/// true of the values it is next compared with.
pub(super) struct Margins {
    /// Per margin code: the code a skipped state is given, or [`UNKNOWN`] where it is weighed in
    /// full.
    eased: [u8; 256],
}

impl Margins {
    pub fn after(drift: f64) -> Margins {
        let mut eased = [UNKNOWN; 256];
        eased[0] = 0;
        for (c, e) in eased
            .iter_mut()
            .enumerate()
            .take(usize::from(UNKNOWN))
            .skip(1)
        {
            let least = (-(c as f64)).exp2() - 2.0 * drift;
            if least > 0.0 {
                *e = margin_code(least);
            }
        }
        Margins { eased }
    }

    /// The code of a state skipped with margin code `c`, or [`UNKNOWN`] if it may not be skipped.
    #[inline(always)]
    fn eased(&self, c: u8) -> u8 {
        self.eased[usize::from(c)]
    }
}

/// Some states of a block, as a full sweep updates them: their indices, chosen successors,
/// changes and margins.
type States<'a, K, E> = (&'a [E], &'a mut [E], &'a mut [K], &'a mut [u8]);

/// One Gauss-Seidel pass over a block, taking the best of every throw's successors (but where
/// `margins` shows the chosen ones are still the best); the largest change of a value. The best
/// successor of each throw is kept in `chosen`, and each state's margin in `margin`.
fn full_block<C: Cell, E: Entry>(
    (owns, chosen, change, margin): States<C::Change, E>,
    list: &[E],
    probs: &[f64],
    values: &[C],
    gain: f64,
    margins: &Margins,
) -> Pass {
    let throws = probs.len();
    let words = entries::heads::<E>(throws);
    let states = owns.len();
    // A second cursor runs AHEAD states in front, asking for the values it will need.
    let mut ahead = 0;
    let look = |j: usize, at: &mut usize, chosen: &[E], margin: &[u8]| {
        if j >= states {
            return;
        }
        prefetch(&values[owns[j].slot()]);
        let n = entries::successors(&list[*at..*at + words]);
        *at += words;
        let read: &[E] = if margins.eased(margin[j]) == UNKNOWN {
            &list[*at..*at + n]
        } else {
            &chosen[j * throws..(j + 1) * throws]
        };
        for &e in read {
            prefetch(&values[e.slot()]);
        }
        *at += n;
    };
    for j in 0..AHEAD {
        look(j, &mut ahead, chosen, margin);
    }
    let mut i = 0;
    let mut found = Pass::default();
    for j in 0..states {
        look(j + AHEAD, &mut ahead, chosen, margin);
        let own = owns[j];
        let picks = &mut chosen[j * throws..(j + 1) * throws];
        let heads = &list[i..i + words];
        i += words;
        let eased = margins.eased(margin[j]);
        if eased != UNKNOWN {
            // The chosen successors are still the best: as in a sweep of them.
            found.update(
                &values[own.slot()],
                by_chosen(own, picks, probs, values),
                &mut change[j],
            );
            i += entries::successors(heads);
            margin[j] = eased;
            continue;
        }
        let mut v = 0.0;
        // The chance of the throws whose only move is a pass to this very state seen from the
        // other seat (mirror images numbered once): v = rest + to_self (1 - v) is solved at
        // once below, instead of approached by a factor to_self a sweep.
        let mut to_self = 0.0;
        let mut least = f64::INFINITY;
        for (k, (&p, pick)) in probs.iter().zip(picks.iter_mut()).enumerate() {
            let count = entries::count(heads, k);
            if count == 1 && list[i] == own.flipped() {
                to_self += p;
                i += 1;
                continue;
            }
            let (mut best, mut next, mut at, mut was): (f64, f64, E, f64) =
                (-1.0, -1.0, E::default(), 0.0);
            for &e in &list[i..i + count] {
                let x = value(e, values);
                // Selects, not branches: which successor is best follows no pattern.
                at = if x > best { e } else { at };
                was = if e == *pick { x } else { was };
                next = if x > best { best } else { next.max(x) };
                best = best.max(x);
            }
            if count > 1 {
                least = least.min(best - next);
            }
            // A choice that gains less than the tolerance is no change (values that tie
            // move about in their last digits).
            found.changed += u64::from(best - was > gain);
            *pick = at;
            i += count;
            v += p * best;
        }
        found.weighed += 1;
        margin[j] = if least == f64::INFINITY {
            0
        } else {
            margin_code(least)
        };
        found.update(
            &values[own.slot()],
            (v + to_self) / (1.0 + to_self),
            &mut change[j],
        );
    }
    found
}

/// A state's value from its chosen successors `picks`, one a throw.
#[inline(always)]
fn by_chosen<C: Cell, E: Entry>(own: E, picks: &[E], probs: &[f64], values: &[C]) -> f64 {
    let (mut v, mut to_self) = (0.0, 0.0);
    for (&p, &e) in probs.iter().zip(picks) {
        // As in a full sweep: a pass to this state seen from the other seat is solved at once.
        if e == own.flipped() {
            to_self += p;
        } else {
            v += p * value(e, values);
        }
    }
    (v + to_self) / (1.0 + to_self)
}

/// One Gauss-Seidel pass over a block, each throw taking the successor chosen at the last full
/// sweep: a fixed number of lookups a state, no comparisons. Each state's change is kept, with
/// the one before it (see [`Fit`]).
fn chosen_block<C: Cell, E: Entry>(
    owns: &[E],
    chosen: &[E],
    change: &mut [C::Change],
    probs: &[f64],
    values: &[C],
) -> Pass {
    let throws = probs.len();
    let states = owns.len();
    let look = |j: usize| {
        if j < states {
            prefetch(&values[owns[j].slot()]);
            for &e in &chosen[j * throws..(j + 1) * throws] {
                prefetch(&values[e.slot()]);
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
        found.update(
            &values[own.slot()],
            by_chosen(own, picks, probs, values),
            change,
        );
    }
    found
}

/// Moves each value of a block on by `factors` times its changes at the last two sweeps (the
/// last first), kept within 0 and 1.
fn extrapolate_block<C: Cell, E: Entry>(
    owns: &[E],
    change: &[C::Change],
    factors: [f64; 2],
    values: &[C],
) {
    for (j, (&own, pair)) in owns.iter().zip(change).enumerate() {
        let [d, before] = pair.get();
        if let Some(&next) = owns.get(j + AHEAD) {
            prefetch(&values[next.slot()]);
        }
        let own = &values[own.slot()];
        let v = own.get() + factors[0] * d + factors[1] * before;
        own.set(v.clamp(0.0, 1.0));
    }
}

/// What a pass over a block or a super-layer found.
#[derive(Default, Clone, Copy)]
struct Pass {
    /// The largest change of a value.
    largest: f64,
    /// Chosen successors a full sweep replaced by better ones.
    changed: u64,
    /// States a full sweep weighed in full (every successor read).
    weighed: u64,
    /// Sums over the states of products of each change (`d0`) and the two before it (`d1`,
    /// the one before `d2`): what the changes are fitted by ([`Fit`]).
    sums: Sums,
}

/// Sums of products of a sweep's changes `d0` and the two before them, `d1` and `d2`.
#[derive(Default, Clone, Copy)]
struct Sums {
    d0d0: f64,
    d0d1: f64,
    d0d2: f64,
    d1d1: f64,
    d1d2: f64,
    d2d2: f64,
}

impl Sums {
    fn add(self, o: Sums) -> Sums {
        Sums {
            d0d0: self.d0d0 + o.d0d0,
            d0d1: self.d0d1 + o.d0d1,
            d0d2: self.d0d2 + o.d0d2,
            d1d1: self.d1d1 + o.d1d1,
            d1d2: self.d1d2 + o.d1d2,
            d2d2: self.d2d2 + o.d2d2,
        }
    }
}

impl Pass {
    /// Stores `v` as a state's value, and counts and keeps its change.
    #[inline(always)]
    fn update<C: Cell>(&mut self, own: &C, v: f64, change: &mut C::Change) {
        let old = own.get();
        own.set(v);
        let [d1, d2] = change.get();
        let d0 = v - old;
        let s = &mut self.sums;
        s.d0d0 += d0 * d0;
        s.d0d1 += d0 * d1;
        s.d0d2 += d0 * d2;
        s.d1d1 += d1 * d1;
        s.d1d2 += d1 * d2;
        s.d2d2 += d2 * d2;
        *change = change.after(d0);
        self.largest = self.largest.max(d0.abs());
    }

    fn join(self, other: Pass) -> Pass {
        Pass {
            largest: self.largest.max(other.largest),
            changed: self.changed + other.changed,
            weighed: self.weighed + other.weighed,
            sums: self.sums.add(other.sums),
        }
    }
}

/// One pass over a super-layer, bucket by bucket from the furthest on. A full pass (given the
/// margins that it may skip, and the gain that counts as a change) reads every successor
/// (blocks spilled to disk are read back into a buffer of the thread's own) and chooses each
/// throw's best; the others read only the chosen ones.
fn sweep<C: Cell, E: Entry>(
    layer: &mut SuperLayer<C::Change, E>,
    store: &Store,
    probs: &[f64],
    values: &[C],
    full: Option<(&Margins, f64)>,
) -> io::Result<Pass> {
    let mut pass = Pass::default();
    for bucket in &mut layer.buckets {
        let found = bucket
            .par_iter_mut()
            .map_init(
                || (Vec::new(), Vec::new(), Scratch::default()),
                |(bytes, buffer, scratch), block| {
                    let Some((margins, gain)) = full else {
                        let Block {
                            owns,
                            chosen,
                            change,
                            ..
                        } = block;
                        return io::Result::Ok(chosen_block(owns, chosen, change, probs, values));
                    };
                    full_runs(
                        block,
                        store,
                        (bytes, buffer, scratch),
                        probs,
                        values,
                        (margins, gain),
                    )
                },
            )
            .try_reduce(Pass::default, |a, b| Ok(a.join(b)))?;
        pass = pass.join(found);
    }
    Ok(pass)
}

/// A full sweep of a block, run by run ([`RUN`] states): runs whose every state may skip (see
/// [`Margins`]) read only their chosen successors, and their lists are not read from the disk;
/// runs that follow each other and need their lists are read in one piece (or found again).
fn full_runs<C: Cell, E: Entry>(
    block: &mut Block<C::Change, E>,
    store: &Store,
    (bytes, buffer, scratch): (&mut Vec<u8>, &mut Vec<E>, &mut Scratch<E>),
    probs: &[f64],
    values: &[C],
    (margins, gain): (&Margins, f64),
) -> io::Result<Pass> {
    let Block {
        owns,
        chosen,
        change,
        margin,
        runs,
        list,
    } = block;
    let throws = probs.len();
    let states = owns.len();
    let needs = |margin: &[u8], r: usize| {
        let end = ((r + 1) * RUN).min(states);
        margin[r * RUN..end]
            .iter()
            .any(|&c| margins.eased(c) == UNKNOWN)
    };
    let mut pass = Pass::default();
    let mut r = 0;
    while r * RUN < states {
        // A stretch of runs that all need their lists, or all do not.
        let need = needs(margin, r);
        let mut end = r + 1;
        while end * RUN < states && needs(margin, end) == need {
            end += 1;
        }
        let (from, to) = (r * RUN, (end * RUN).min(states));
        let found = if need {
            let (start, stop) = (runs[r] as usize, runs[end] as usize);
            let list = match list {
                List::Ram(list) => &list[start..stop],
                &mut List::Disk { at } => {
                    let from = at + (E::BYTES * start) as u64;
                    store.read((from, stop - start), bytes, buffer)?;
                    &buffer[..]
                }
                List::Again => {
                    store.find_again(&owns[from..to], scratch, buffer);
                    &buffer[..]
                }
            };
            let state = (
                &owns[from..to],
                &mut chosen[from * throws..to * throws],
                &mut change[from..to],
                &mut margin[from..to],
            );
            full_block(state, list, probs, values, gain, margins)
        } else {
            for m in &mut margin[from..to] {
                *m = margins.eased(*m);
            }
            chosen_block(
                &owns[from..to],
                &chosen[from * throws..to * throws],
                &mut change[from..to],
                probs,
                values,
            )
        };
        pass = pass.join(found);
        r = end;
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

/// A full sweep that chose another successor for at most one state in this many is still
/// taken as a step of the same linear iteration (see [`settle`]).
const FEW_CHANGED: u64 = 10_000;

/// Extrapolation waits for a fit of the changes that leaves at most this part of the last
/// change's sum of squares unexplained (measured on Masters with five pieces, in sweeps' worth
/// of states: 1e-3, 54.7; 1e-2, 51.3; 5e-2, 48.5; 0.15, 48.2; 0.3, 48.0).
const UNEXPLAINED: f64 = 0.1;

/// Extrapolation waits while the changes shrink by less than this a sweep (it would move values
/// by more than 19 times a change).
const MAX_RATIO: f64 = 0.95;

/// How a super-layer's changes follow each other while its sweeps are linear (inputs settled,
/// the same successors chosen): each change `d0` is the last `d1` times `a` plus the one before
/// `d2` times `b` (fitted by least squares over the states), so the changes still to come add
/// up to `((a + b) d0 + b d1) / (1 - a - b)`. Two terms, because the changes mix a mode that
/// shrinks by a ratio of about 0.6 a sweep with one that swings from sign to sign (each
/// value is one minus the other side's), and a fit of one term, extrapolated, leaves the
/// other behind; one term (`b` = 0) while only two changes in a row are linear. Measured in
/// sweeps' worth of states, against one term extrapolated once two ratios in a row agreed
/// within 2 %: Masters with four pieces 45.4 -> 43.7, with five (a super-layer at a time)
/// 55.6 -> 48.2; Blitz with four 43.2 -> 41.8; Ur with four 57.7 -> 51.9. One term under the
/// same test of what it leaves unexplained: Masters with five, 59.4.
#[derive(Clone, Copy, Debug)]
struct Fit {
    /// What the changes left are, times the last change and the one before it.
    factors: [f64; 2],
    /// The part of the last change's sum of squares that the fit leaves unexplained.
    unexplained: f64,
}

impl Fit {
    /// The fit of the changes whose sums are `s`, where the last `chain` of them are linear;
    /// `None` where there are too few, or the changes would shrink too slowly to extrapolate
    /// ([`MAX_RATIO`]).
    fn of(s: &Sums, chain: u32) -> Option<Fit> {
        let (a, b) = match chain {
            0 | 1 => return None,
            2 => (s.d0d1 / s.d1d1, 0.0),
            _ => {
                let det = s.d1d1 * s.d2d2 - s.d1d2 * s.d1d2;
                // Changes in a fixed ratio leave two terms no better than one.
                if det <= 1e-6 * s.d1d1 * s.d2d2 {
                    (s.d0d1 / s.d1d1, 0.0)
                } else {
                    (
                        (s.d0d1 * s.d2d2 - s.d0d2 * s.d1d2) / det,
                        (s.d1d1 * s.d0d2 - s.d1d2 * s.d0d1) / det,
                    )
                }
            }
        };
        // The ratios of the two terms: the roots of x^2 = a x + b.
        let disc = a * a + 4.0 * b;
        let largest = if disc >= 0.0 {
            (a.abs() + disc.sqrt()) / 2.0
        } else {
            (-b).sqrt()
        };
        if !largest.is_finite() || largest > MAX_RATIO {
            return None;
        }
        let rest = 1.0 - a - b;
        Some(Fit {
            factors: [(a + b) / rest, b / rest],
            unexplained: 1.0 - (a * s.d0d1 + b * s.d0d2) / s.d0d0,
        })
    }
}

/// What settling a window took.
#[derive(Default)]
pub(super) struct Work {
    /// Passes over the window.
    pub passes: u64,
    /// States updated, by every sweep and by full ones.
    pub updates: u64,
    pub full: u64,
    /// States that full sweeps weighed in full, every successor read (the others' chosen
    /// successors were still the best: see [`Margins`]).
    pub weighed: u64,
    /// Times a super-layer's values were extrapolated.
    pub extrapolations: u64,
}

/// Moves every value of a super-layer on by `factors` times its last two changes.
fn extrapolate<C: Cell, E: Entry>(
    layer: &SuperLayer<C::Change, E>,
    values: &[C],
    factors: [f64; 2],
) {
    for bucket in &layer.buckets {
        bucket
            .par_iter()
            .for_each(|block| extrapolate_block(&block.owns, &block.change, factors, values));
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
pub(super) fn settle<C: Cell, E: Entry>(
    window: &mut [SuperLayer<C::Change, E>],
    store: &Store,
    probs: &[f64],
    values: &[C],
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
    // Per super-layer: how many of the changes kept in its blocks, from the last on, come
    // from sweeps in a row made with the inputs settled and the same chosen successors as the
    // next, with nothing extrapolated since (see [`Fit`]).
    let mut chain = vec![0u32; window.len()];
    // Per super-layer: how far any value its states read may have moved since its last full
    // sweep read them (see [`Margins`]).
    let mut drift = vec![f64::INFINITY; window.len()];
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
            let margins = full.then(|| Margins::after(drift[k]));
            let found = sweep(
                layer,
                store,
                probs,
                values,
                margins.as_ref().map(|m| (m, gain)),
            )?;
            let (largest, changed) = (found.largest, found.changed);
            // Values of this super-layer moved by at most `largest`: it and those below it
            // read them (moves never lower the pieces off); the values a full sweep read, only
            // by what moved later in the same sweep.
            for d in &mut drift[k..] {
                *d += largest;
            }
            if full {
                drift[k] = largest;
            }
            if full {
                work.full += layer.states;
                work.weighed += found.weighed;
                stride[k] = if changed == 0 {
                    (stride[k] * 2).min(MAX_STRIDE)
                } else {
                    MIN_STRIDE
                };
            }
            since[k] = Some(if full { 0 } else { since[k].unwrap_or(0) + 1 });
            // With the inputs settled and the same successors chosen, the sweeps are linear:
            // each change follows from the ones before it (see [`Fit`]). Once a fit explains
            // the last change, the changes left are added at once.
            let same = !full || changed * FEW_CHANGED <= layer.states;
            chain[k] = match (above_done, same) {
                (false, _) => 0,
                (true, false) => 1,
                (true, true) => (chain[k] + 1).min(3),
            };
            if let Some(fit) = Fit::of(&found.sums, chain[k])
                && fit.unexplained <= UNEXPLAINED
            {
                extrapolate(layer, values, fit.factors);
                work.extrapolations += 1;
                // Each value moved by its last two changes times the factors.
                let times = |f: f64, d: f64| if f == 0.0 { 0.0 } else { f.abs() * d };
                let moved = times(fit.factors[0], largest) + times(fit.factors[1], last[k]);
                for d in &mut drift[k..] {
                    *d += moved;
                }
                // The kept changes led to the values before the jump.
                chain[k] = 0;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The sums of three changes of each state, `d0` the last.
    fn sums(d0: &[f64], d1: &[f64], d2: &[f64]) -> Sums {
        let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum();
        Sums {
            d0d0: dot(d0, d0),
            d0d1: dot(d0, d1),
            d0d2: dot(d0, d2),
            d1d1: dot(d1, d1),
            d1d2: dot(d1, d2),
            d2d2: dot(d2, d2),
        }
    }

    /// Changes that mix two modes, `u` shrinking by 0.6 and `w` swinging by -0.47 a sweep: a
    /// fit of two terms explains them all, and its factors give what every state's changes
    /// still add up to; a fit of one term leaves part unexplained.
    #[test]
    fn two_terms_sum_the_changes_of_two_modes() {
        let (u, w) = ([1.0, -0.5, 0.25, 2.0], [0.3, 0.8, -1.0, 0.1]);
        let (l1, l2): (f64, f64) = (0.6, -0.47);
        let change = |n: i32| -> Vec<f64> {
            (0..4)
                .map(|i| u[i] * l1.powi(n) + w[i] * l2.powi(n))
                .collect()
        };
        let (d2, d1, d0) = (change(0), change(1), change(2));
        let s = sums(&d0, &d1, &d2);
        let fit = Fit::of(&s, 3).expect("both ratios are below the bound");
        assert!(fit.unexplained.abs() < 1e-12, "{fit:?}");
        for i in 0..4 {
            // What is still to come after change 2: the modes' geometric tails.
            let rest = u[i] * l1.powi(3) / (1.0 - l1) + w[i] * l2.powi(3) / (1.0 - l2);
            let got = fit.factors[0] * d0[i] + fit.factors[1] * d1[i];
            assert!(
                (got - rest).abs() < 1e-12,
                "state {i}: {got} against {rest}"
            );
        }
        let one = Fit::of(&s, 2).expect("one term");
        assert!(one.unexplained > UNEXPLAINED, "{one:?}");
    }

    /// A margin's code is a lower bound of it; a skipped state's eased code stays a lower
    /// bound of its margin after every value it reads moved by the drift, and a state is
    /// skipped only where the best successor is then still strictly the best.
    #[test]
    fn margins_stay_lower_bounds_as_values_drift() {
        assert_eq!(margin_code(0.0), UNKNOWN);
        assert_eq!(margin_code(1.0), 1);
        assert_eq!(margin_code(0.3), 2);
        assert_eq!(margin_code(1e-300), UNKNOWN);
        let exact = Margins::after(0.0);
        assert!((1..UNKNOWN).all(|c| exact.eased(c) == c));
        let mut skipped = 0;
        for i in 1..400 {
            let m = 0.97f64.powi(i);
            let c = margin_code(m);
            assert!(c != UNKNOWN && (-f64::from(c)).exp2() <= m, "{m}: {c}");
            for drift in [1e-12, 1e-6, 1e-4, 1e-3, 0.01, 0.1, 0.3] {
                let margins = Margins::after(drift);
                assert_eq!(margins.eased(0), 0, "no choice is always skipped");
                let e = margins.eased(c);
                if e != UNKNOWN {
                    skipped += 1;
                    assert!(e >= c, "{m} {drift}");
                    assert!(
                        m - 2.0 * drift >= (-f64::from(e)).exp2(),
                        "{m} {drift}: {e}"
                    );
                } else {
                    // Not skipped only where the code's bound is too small for the drift.
                    assert!((-f64::from(c)).exp2() <= 2.0 * drift, "{m} {drift}");
                }
            }
        }
        assert!(skipped > 1000, "{skipped}");
    }

    /// Changes in one fixed ratio: two terms fall back to one, `r / (1 - r)` times the last
    /// change; a ratio past [`MAX_RATIO`] or too few linear changes give no fit.
    #[test]
    fn one_mode_extrapolates_by_its_ratio() {
        let d2 = [0.5, -1.0, 0.25];
        let scaled = |r: f64, d: &[f64]| -> Vec<f64> { d.iter().map(|x| x * r).collect() };
        let (d1, d0) = (scaled(-0.4, &d2), scaled(0.16, &d2));
        let fit = Fit::of(&sums(&d0, &d1, &d2), 3).expect("a ratio of -0.4");
        assert!((fit.factors[0] - (-0.4 / 1.4)).abs() < 1e-12, "{fit:?}");
        assert!(fit.factors[1].abs() < 1e-12, "{fit:?}");
        let (d1, d0) = (scaled(0.97, &d2), scaled(0.97 * 0.97, &d2));
        assert!(Fit::of(&sums(&d0, &d1, &d2), 3).is_none());
        assert!(Fit::of(&sums(&d0, &d1, &d2), 1).is_none());
    }
}
