//! A super-layer cut into parts, each solved by a run of its own (`senet solve --part K/N`), so
//! that no run holds more than a part's successor lists: the runs exchange their values through
//! tables and are repeated, in rounds, until none moves.
//!
//! The parts are ranges of **progress** (the sum of both sides' path positions, see
//! [`super::lists`]), part 1 the furthest on: a move that captures nothing leads to a state of
//! greater progress, so it stays in its part or leads to one before it, and only captures (and
//! passes, which keep the progress) lead back. Solved one after the other from part 1, each
//! given the latest values of the others, the parts then need about as many rounds as captures
//! carry values back, as the sweeps of a whole solve do; a round of parts solved at once (each
//! given the last round's) needs more.

use rayon::prelude::*;

use super::{DenseIndex, lists};
use senet_engine::engine::Engine;

/// Part `k` (from 1) of `n` of one super-layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub k: usize,
    pub n: usize,
}

/// The groups of super-layer `total` (a layer and an opponent's placing), in the order every
/// run lists them.
pub(super) fn groups(index: &DenseIndex, total: usize) -> Vec<(usize, u32)> {
    (0..index.layers.len())
        .filter(|&l| index.layers[l].total_off() == total)
        .flat_map(|l| index.opponent_keys(l).into_iter().map(move |k| (l, k)))
        .collect()
}

/// The states of super-layer `total` by progress.
fn states_by_progress(engine: &Engine, index: &DenseIndex, total: usize) -> Vec<u64> {
    groups(index, total)
        .par_iter()
        .map(|&(l, key)| {
            let mut counts = Vec::new();
            index.for_row(&engine.rules, l, key, |_, pos| {
                let p = usize::from(lists::progress(pos));
                if counts.len() <= p {
                    counts.resize(p + 1, 0u64);
                }
                counts[p] += 1;
            });
            counts
        })
        .reduce(Vec::new, |mut a, b| {
            if a.len() < b.len() {
                a.resize(b.len(), 0);
            }
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
            a
        })
}

/// Where a part of a super-layer lies: its progress (lowest, highest) and its states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartRange {
    pub progress: (u16, u16),
    pub states: u64,
}

/// A super-layer cut into parts: the part each progress value falls in, and each part's range,
/// from the greatest progress down, each part as near an equal share of the states as whole
/// progress values allow. Every run finds the same from the rules alone, in one pass over the
/// super-layer's states.
#[derive(Clone, Debug)]
pub struct Cutting {
    total: usize,
    /// Per progress value: the part (from 1) its states fall in; 0 where it has none.
    part_of: Vec<usize>,
    /// Per part: where it lies, `None` where it gets no progress value (more parts than
    /// values).
    ranges: Vec<Option<PartRange>>,
}

impl Cutting {
    /// Super-layer `total` cut into `n` parts.
    pub fn of(engine: &Engine, index: &DenseIndex, total: usize, n: usize) -> Cutting {
        let counts = states_by_progress(engine, index, total);
        let all: u64 = counts.iter().sum();
        let mut part_of = vec![0; counts.len()];
        let mut ranges: Vec<Option<PartRange>> = vec![None; n];
        let mut before = 0u64;
        for p in (0..counts.len()).rev() {
            if counts[p] == 0 {
                continue;
            }
            // The part a progress value falls in: by where its middle state lies.
            let middle = before + counts[p] / 2;
            let k = usize::try_from((middle * n as u64 / all.max(1)).min(n as u64 - 1))
                .unwrap_or(0)
                + 1;
            before += counts[p];
            part_of[p] = k;
            let at = u16::try_from(p).unwrap_or(u16::MAX);
            let range = &mut ranges[k - 1];
            *range = Some(match *range {
                None => PartRange {
                    progress: (at, at),
                    states: counts[p],
                },
                Some(r) => PartRange {
                    progress: (at, r.progress.1),
                    states: r.states + counts[p],
                },
            });
        }
        Cutting {
            total,
            part_of,
            ranges,
        }
    }

    /// Where part `k` (from 1) lies.
    pub fn range(&self, k: usize) -> Option<PartRange> {
        self.ranges[k - 1]
    }

    /// Whether this is super-layer `total` cut into `n` parts.
    pub fn cuts(&self, total: usize, n: usize) -> bool {
        self.total == total && self.ranges.len() == n
    }

    /// Calls `f` with the index of every state of the super-layer and its part, each part's
    /// states in the order its table holds them ([`for_each_state`]): so every part's table is
    /// read in one pass.
    pub fn for_each_state(
        &self,
        engine: &Engine,
        index: &DenseIndex,
        mut f: impl FnMut(usize, usize),
    ) {
        for (l, key) in groups(index, self.total) {
            index.for_row(&engine.rules, l, key, |i, pos| {
                let progress = usize::from(lists::progress(pos));
                if let Some(&k) = self.part_of.get(progress)
                    && k > 0
                {
                    f(i, k);
                }
            });
        }
    }
}

/// Where `part` of super-layer `total` lies (see [`Cutting`]).
pub fn progress_range(
    engine: &Engine,
    index: &DenseIndex,
    total: usize,
    part: Part,
) -> Option<PartRange> {
    Cutting::of(engine, index, total, part.n).range(part.k)
}

/// Calls `f` with the index of every state of super-layer `total` whose progress lies in
/// `range`, in the order a part's table holds them.
pub fn for_each_state(
    engine: &Engine,
    index: &DenseIndex,
    total: usize,
    (lo, hi): (u16, u16),
    mut f: impl FnMut(usize),
) {
    for (l, key) in groups(index, total) {
        index.for_row(&engine.rules, l, key, |i, pos| {
            if (lo..=hi).contains(&lists::progress(pos)) {
                f(i);
            }
        });
    }
}
