//! The dense solver: value iteration over every state of a rule set numbered by
//! [`DenseIndex`], 8 bytes of value a state, sweeps shared by all cores.
//!
//! States are solved by super-layers: all layers with the same number of pieces off in total
//! (a move never lowers it), from the most to the fewest. A super-layer's states are grouped
//! by the opponent's placing; for each state the successors of every throw are found once with
//! the engine and kept as indices while the super-layer is solved, so that a sweep is only
//! lookups. A state's moves lead to states whose mover is the old opponent, in the row of the
//! old opponent's placing: the successors of a group sit close together, which keeps the
//! lookups in cache. Sweeps repeat (Gauss-Seidel, the groups shared among threads) until no
//! value changes by more than [`super::TOLERANCE`].
//!
//! A run may solve only some super-layers ([`Stage`]), given the values of those above it
//! (read from tables): so a game too large for one run is solved a group of super-layers at a
//! time, each run reading only what the one before it wrote.

// The numbering narrows numbers on purpose: states are numbered below 2^31 ([`MAX_STATES`],
// checked before a table is made), placings have at most 20 bits, successor counts fit a byte.
#![allow(clippy::cast_possible_truncation)]

pub mod index;

use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

pub use index::{DenseIndex, Layer, Located};

use crate::engine::{Engine, Move, Position};
use crate::types::{PerSide, Side, Throw};

/// Set in a successor whose mover is the other side: its value is then one minus the stored one.
const FLIP: u32 = 1 << 31;
/// States a table may number: indices, and the slot after the last state, stay below [`FLIP`].
pub const MAX_STATES: u64 = (FLIP - 1) as u64;

/// Bytes a state costs while its super-layer is solved (its index, counts and successors: 78 on
/// average for seven-piece Ur, measured, rounded up), besides its value.
pub const LIST_BYTES: u64 = 88;

/// Every state's value: the chance that the side to move wins.
pub struct DenseSolution {
    pub index: DenseIndex,
    /// Only states where each side has at least this many pieces off were solved (those a
    /// position with that many off can reach); the others' values mean nothing.
    pub floor: PerSide<u8>,
    /// States solved: all of them when the floor is zero.
    pub solved: u64,
    pub values: Vec<f64>,
    /// Per layer of the numbering: whether its values are solved (in this run or given).
    pub held: Vec<bool>,
    /// The super-layers (pieces off in total, lowest and highest) this run was asked to solve
    /// alone; `None` for a whole solve (every layer above the floor held). A table of such a run
    /// holds only these.
    pub layers: Option<[u8; 2]>,
    pub sweeps: u64,
    /// Positions where an opening move is still due, which the numbering does not hold: side
    /// 0's chance from each (see [`opening_values`]).
    pub openings: HashMap<Position, f64>,
}

impl DenseSolution {
    /// Side 0's chance of winning from `pos`, before the throw; `None` if that position was
    /// below the floor, or owes an opening move and was not reached from the root.
    pub fn score(&self, pos: &Position) -> Option<f64> {
        if Side::BOTH.iter().any(|&s| pos.off(s) < self.floor[s]) {
            return None;
        }
        if Side::BOTH.iter().any(|&s| pos.opening_due(s)) {
            return self.openings.get(pos).copied();
        }
        Some(match self.index.locate(pos) {
            Located::Over { winner } => f64::from(winner == Side::First),
            Located::State { index, mover } => {
                // Only a run of some super-layers lacks layers above the floor.
                if self.layers.is_some() && !self.held[self.index.layer_holding(index as u64)] {
                    return None;
                }
                let v = self.values[index];
                if mover == Side::First { v } else { 1.0 - v }
            }
        })
    }

    /// Whether the layer of `pos` is solved (in this run or given): its value is known, and so
    /// are those of the positions before the openings, which lead into its super-layer.
    pub fn holds(&self, pos: &Position) -> bool {
        match self.index.locate(pos) {
            Located::Over { .. } => true,
            Located::State { index, .. } => self.held[self.index.layer_holding(index as u64)],
        }
    }
}

/// Values solved before a run (read from tables), whole layers at a time.
pub struct Known {
    /// Every state's value; one half in layers not known.
    pub values: Vec<f64>,
    /// Per layer of the numbering: whether its values are known.
    pub layers: Vec<bool>,
}

impl Known {
    /// Nothing known yet.
    pub fn none(index: &DenseIndex) -> Known {
        let states = usize::try_from(index.states).unwrap_or(usize::MAX);
        // Room for the slot the solver adds, so that its values take this memory in place.
        let mut values = Vec::with_capacity(states + 1);
        values.resize(states, 0.5);
        Known {
            values,
            layers: vec![false; index.layers.len()],
        }
    }

    /// Whether super-layer `total` is known (all its layers).
    pub fn has_total(&self, index: &DenseIndex, total: usize) -> bool {
        let mut layers = (index.layers.iter().zip(&self.layers))
            .filter(|(l, _)| l.total_off() == total)
            .peekable();
        layers.peek().is_some() && layers.all(|(_, &known)| known)
    }
}

/// What a run solves: the super-layers in `only` (all of them when `None`) that `known` does
/// not already hold.
pub struct Stage {
    pub known: Known,
    pub only: Option<RangeInclusive<usize>>,
}

impl Stage {
    /// Every state, from nothing.
    pub fn whole(index: &DenseIndex) -> Stage {
        Stage {
            known: Known::none(index),
            only: None,
        }
    }
}

/// A move from super-layer `solving` reaches super-layer `needs`, which is neither known nor
/// solved in this run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Missing {
    pub solving: usize,
    pub needs: usize,
}

/// The memory a dense solve needs, in bytes: every value, and the successor lists of the
/// largest super-layer.
pub fn memory_needed(index: &DenseIndex) -> u64 {
    let largest = (0..2 * index.pieces as usize)
        .map(|total| {
            index
                .layers
                .iter()
                .filter(|l| l.total_off() == total)
                .map(|l| l.size)
                .sum::<u64>()
        })
        .max()
        .unwrap_or(0);
    index.states * 8 + largest * LIST_BYTES
}

/// A successor: the index of its value, with [`FLIP`] when its mover is the other side. A won
/// game is the slot after the last state, which holds 1; a lost one is that slot flipped.
#[inline]
fn entry(index: &DenseIndex, next: &Position, mover: Side) -> u32 {
    let won = index.states as u32;
    match index.locate(next) {
        Located::Over { winner } => won | if winner == mover { 0 } else { FLIP },
        Located::State { index, mover: m } => index as u32 | if m == mover { 0 } else { FLIP },
    }
}

/// A successor's value for the mover (without a branch: the flip is arithmetic).
#[inline(always)]
fn value(e: u32, values: &[AtomicU64]) -> f64 {
    let v = f64::from_bits(values[(e & !FLIP) as usize].load(Relaxed));
    let flip = f64::from(e >> 31);
    flip + v * (1.0 - 2.0 * flip)
}

/// The states of one group (one opponent's placing in one layer) and their successors.
struct Group {
    /// Each state's index.
    owns: Vec<u32>,
    /// Per state: the number of successors of each throw (a byte each, four to a word), then
    /// the successors.
    list: Vec<u32>,
    /// A layer that a successor lies in and whose values the run has not got.
    missing: Option<usize>,
}

/// The successor lists of one group. Where `ready` is given (a run of some super-layers),
/// every successor must lie in a layer it marks.
fn build_group(
    engine: &Engine,
    index: &DenseIndex,
    chances: &[(Throw, f64)],
    (layer, key): (usize, u32),
    ready: Option<&[bool]>,
) -> Group {
    let words = chances.len().div_ceil(4);
    let mover = index.layers[layer].mover;
    let (mut owns, mut list) = (Vec::new(), Vec::new());
    let mut moves: Vec<Move> = Vec::new();
    let mut succ: Vec<u32> = Vec::new();
    let mut missing = None;
    let won = index.states as u32;
    index.for_row(&engine.rules, layer, key, |i, pos| {
        owns.push(i as u32);
        let head = list.len();
        list.extend(std::iter::repeat_n(0, words));
        for (k, &(v, _)) in chances.iter().enumerate() {
            engine.legal_moves(pos, v, &mut moves);
            succ.clear();
            if moves.is_empty() {
                succ.push(entry(index, &engine.pass(pos, v), mover));
            } else {
                for m in &moves {
                    succ.push(entry(index, &engine.successor(pos, m, v), mover));
                }
            }
            succ.sort_unstable();
            succ.dedup();
            if let Some(ready) = ready
                && missing.is_none()
            {
                let layers = succ.iter().filter(|&&e| e & !FLIP != won);
                let mut layers = layers.map(|&e| index.layer_holding(u64::from(e & !FLIP)));
                missing = layers.find(|&l| !ready[l]);
            }
            if succ.contains(&won) {
                // Winning at once is the best move there is.
                succ.clear();
                succ.push(won);
            }
            list[head + k / 4] |= (succ.len() as u32) << (8 * (k % 4));
            list.extend_from_slice(&succ);
        }
    });
    owns.shrink_to_fit();
    list.shrink_to_fit();
    Group {
        owns,
        list,
        missing,
    }
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

/// One Gauss-Seidel pass over a group; the largest change of a value.
fn sweep(group: &Group, probs: &[f64], values: &[AtomicU64]) -> f64 {
    let words = probs.len().div_ceil(4);
    let list = &group.list;
    let states = group.owns.len();
    // A second cursor runs AHEAD states in front, asking for the values it will need.
    let mut ahead = 0;
    let look = |j: usize, at: &mut usize| {
        if j >= states {
            return;
        }
        prefetch(&values[group.owns[j] as usize]);
        let n: u32 = list[*at..*at + words]
            .iter()
            .map(|h| h.to_le_bytes().iter().map(|&b| u32::from(b)).sum::<u32>())
            .sum();
        *at += words;
        for &e in &list[*at..*at + n as usize] {
            prefetch(&values[(e & !FLIP) as usize]);
        }
        *at += n as usize;
    };
    for j in 0..AHEAD {
        look(j, &mut ahead);
    }
    let mut i = 0;
    let mut largest: f64 = 0.0;
    for (j, &own) in group.owns.iter().enumerate() {
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

/// Whether layer `l` holds states with at least `floor[s]` pieces of side `s` off (when mirror
/// images are numbered once, for either seat).
fn above(index: &DenseIndex, l: &Layer, floor: PerSide<u8>) -> bool {
    let fits = |off: [u8; 2]| off[0] >= floor.0[0] && off[1] >= floor.0[1];
    let [a, b] = l.off.0;
    fits([a, b]) || index.mirrored && fits([b, a])
}

/// Solves the states of `index` (which must have been made from `engine`'s rules) where each
/// side has at least `floor` pieces off: a position's own floor solves just what it can reach
/// (a move never brings a piece back), `[0, 0]` solves everything. `stage` says which
/// super-layers to solve and gives the values of others; a move into a super-layer neither
/// given nor solved here is [`Missing`].
pub fn solve(
    engine: &Engine,
    index: DenseIndex,
    floor: PerSide<u8>,
    stage: Stage,
    mut progress: impl FnMut(&str),
) -> Result<DenseSolution, Missing> {
    let chances = super::move_chances(engine);
    let probs: Vec<f64> = chances.iter().map(|c| c.1).collect();
    let Stage { known, only } = stage;
    // Whether successors must be checked: only a run given values, or solving some
    // super-layers, can lack any (moves never lower the pieces off).
    let partial = only.is_some() || known.layers.contains(&true);
    let mut held = known.layers;
    // In place (same size and alignment), then the slot after the states: a won game.
    let mut values: Vec<AtomicU64> = known
        .values
        .into_iter()
        .map(|v| AtomicU64::new(v.to_bits()))
        .collect();
    values.push(AtomicU64::new(1.0f64.to_bits()));
    let mut sweeps = 0;
    let mut solved = 0;
    for total in (0..=index.top_total()).rev() {
        let started = std::time::Instant::now();
        if only.as_ref().is_some_and(|r| !r.contains(&total)) {
            continue;
        }
        let layers: Vec<usize> = (0..index.layers.len())
            .filter(|&l| {
                let layer = &index.layers[l];
                layer.total_off() == total && above(&index, layer, floor) && !held[l]
            })
            .collect();
        let states: u64 = layers.iter().map(|&l| index.layers[l].size).sum();
        if states == 0 {
            continue;
        }
        solved += states;
        let mut ready = held.clone();
        for &l in &layers {
            ready[l] = true;
        }
        let groups: Vec<(usize, u32)> = layers
            .iter()
            .flat_map(|&l| index.opponent_keys(l).into_iter().map(move |k| (l, k)))
            .collect();
        let ready = partial.then_some(ready.as_slice());
        let groups: Vec<Group> = groups
            .par_iter()
            .map(|&group| build_group(engine, &index, &chances, group, ready))
            .filter(|g| !g.owns.is_empty())
            .collect();
        if let Some(l) = groups.iter().find_map(|g| g.missing) {
            return Err(Missing {
                solving: total,
                needs: index.layers[l].total_off(),
            });
        }
        let built = started.elapsed().as_secs_f64();
        let mut passes = 0;
        loop {
            passes += 1;
            let largest = groups
                .par_iter()
                .map(|g| sweep(g, &probs, &values))
                .reduce(|| 0.0, f64::max);
            if largest < super::TOLERANCE {
                break;
            }
        }
        sweeps += passes;
        for &l in &layers {
            held[l] = true;
        }
        progress(&format!(
            "{total} pieces off: {states} states, successors found in {built:.1} s, {passes} sweeps in {:.1} s",
            started.elapsed().as_secs_f64() - built
        ));
    }
    let mut values: Vec<f64> = values
        .into_iter()
        .map(|v| f64::from_bits(v.into_inner()))
        .collect();
    values.pop();
    // A run asked for every super-layer is a whole solve.
    let layers = only
        .filter(|r| *r != (0..=index.top_total()))
        .map(|r| [*r.start(), *r.end()].map(|t| u8::try_from(t).unwrap_or(u8::MAX)));
    Ok(DenseSolution {
        openings: HashMap::new(),
        index,
        floor,
        solved,
        values,
        held,
        layers,
        sweeps,
    })
}

/// The values of the positions `root` reaches while an opening move is still due (the
/// numbering holds no opening, so it numbers only the positions after them). Each side's
/// opening comes at its first turn, so these are few; they are found by sweeping them (a side
/// that passes keeps its opening due, so they may come round again) with the numbered states'
/// values, already solved, where they lead.
pub fn opening_values(
    engine: &Engine,
    solution: &DenseSolution,
    root: &Position,
) -> HashMap<Position, f64> {
    let due = |p: &Position| Side::BOTH.iter().any(|&s| p.opening_due(s));
    let mut values: HashMap<Position, f64> = HashMap::new();
    if !due(root) {
        return values;
    }
    let chances = super::move_chances(engine);
    // Every position still owing an opening that the root reaches, with its successors by
    // throw.
    let mut order: Vec<Position> = vec![*root];
    let mut branches: Vec<Vec<(f64, Vec<Position>)>> = Vec::new();
    values.insert(*root, 0.5);
    let mut moves: Vec<Move> = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let pos = order[i];
        let mut by_throw = Vec::new();
        if engine.outcome(&pos).is_none() {
            let outcomes: &[(Throw, f64)] = if engine.forced_opening(&pos) {
                &[(Throw::ZERO, 1.0)]
            } else {
                &chances
            };
            for &(v, p) in outcomes {
                engine.legal_moves(&pos, v, &mut moves);
                let nexts: Vec<Position> = if moves.is_empty() {
                    vec![engine.pass(&pos, v)]
                } else {
                    moves.iter().map(|m| engine.successor(&pos, m, v)).collect()
                };
                for next in &nexts {
                    if due(next) && !values.contains_key(next) {
                        values.insert(*next, 0.5);
                        order.push(*next);
                    }
                }
                by_throw.push((p, nexts));
            }
        }
        branches.push(by_throw);
        i += 1;
    }
    let value = |values: &HashMap<Position, f64>, p: &Position| -> f64 {
        if due(p) {
            values[p]
        } else {
            solution.score(p).unwrap_or(0.5)
        }
    };
    loop {
        let mut largest: f64 = 0.0;
        for (pos, by_throw) in order.iter().zip(&branches) {
            let v = match engine.outcome(pos) {
                Some(crate::engine::Outcome::Win { side, .. }) => f64::from(side == Side::First),
                Some(crate::engine::Outcome::Draw) => 0.5,
                None => by_throw
                    .iter()
                    .map(|(p, nexts)| {
                        let scores = nexts.iter().map(|n| value(&values, n));
                        let best = if pos.to_move() == Side::First {
                            scores.fold(f64::MIN, f64::max)
                        } else {
                            scores.fold(f64::MAX, f64::min)
                        };
                        p * best
                    })
                    .sum(),
            };
            let old = values.insert(*pos, v).unwrap_or(0.5);
            largest = largest.max((old - v).abs());
        }
        if largest < super::TOLERANCE {
            return values;
        }
    }
}
