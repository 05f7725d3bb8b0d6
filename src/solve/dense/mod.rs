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

pub mod index;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

pub use index::{DenseIndex, Located};

use crate::engine::{Engine, Move, Position};

/// A successor where the mover has just won, or has lost.
const WIN: u32 = u32::MAX;
const LOSS: u32 = u32::MAX - 1;
/// Set in a successor whose mover is the other side: its value is then one minus the stored one.
const FLIP: u32 = 1 << 31;
/// States a table may number: indices must stay below [`FLIP`] and the two markers.
pub const MAX_STATES: u64 = (FLIP - 2) as u64;

/// Bytes a state costs while its super-layer is solved (its index, counts and successors; an
/// average measured on the Twenty Squares rule sets, rounded up), besides its value.
pub const LIST_BYTES: u64 = 64;

/// Every state's value: the chance that the side to move wins.
pub struct DenseSolution {
    pub index: DenseIndex,
    pub values: Vec<f64>,
    pub sweeps: u64,
}

impl DenseSolution {
    /// Side 0's chance of winning from `pos`, before the throw.
    pub fn score(&self, pos: &Position) -> f64 {
        match self.index.locate(pos) {
            Located::Over { winner } => f64::from(winner == 0),
            Located::State { index, mover } => {
                let v = self.values[index];
                if mover == 0 { v } else { 1.0 - v }
            }
        }
    }
}

/// The memory a dense solve needs, in bytes: every value, and the successor lists of the
/// largest super-layer.
pub fn memory_needed(index: &DenseIndex) -> u64 {
    let largest = (0..2 * index.pieces as usize)
        .map(|total| {
            index
                .layers
                .iter()
                .filter(|l| (l.off[0] + l.off[1]) as usize == total)
                .map(|l| l.size)
                .sum::<u64>()
        })
        .max()
        .unwrap_or(0);
    index.states * 8 + largest * LIST_BYTES
}

#[inline]
fn entry(index: &DenseIndex, next: &Position, mover: u8) -> u32 {
    match index.locate(next) {
        Located::Over { winner } => {
            if winner == mover {
                WIN
            } else {
                LOSS
            }
        }
        Located::State { index, mover: m } => index as u32 | if m == mover { 0 } else { FLIP },
    }
}

#[inline]
fn value(e: u32, values: &[AtomicU64]) -> f64 {
    if e >= LOSS {
        return f64::from(e == WIN);
    }
    let v = f64::from_bits(values[(e & !FLIP) as usize].load(Relaxed));
    if e & FLIP != 0 { 1.0 - v } else { v }
}

/// The successor lists of one group: per state its index, the number of successors of each
/// throw (a byte each, four to a word) and the successors.
fn build_group(
    engine: &Engine,
    index: &DenseIndex,
    chances: &[(u8, f64)],
    layer: usize,
    key: u32,
) -> Vec<u32> {
    let words = chances.len().div_ceil(4);
    let mover = index.layers[layer].mover;
    let mut out = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    let mut succ: Vec<u32> = Vec::new();
    index.for_row(&engine.rules, layer, key, |i, pos| {
        out.push(i as u32);
        let head = out.len();
        out.extend(std::iter::repeat_n(0, words));
        for (k, &(v, _)) in chances.iter().enumerate() {
            engine.legal_moves(pos, v, &mut moves);
            succ.clear();
            if moves.is_empty() {
                succ.push(entry(index, &engine.pass(pos), mover));
            } else {
                for m in &moves {
                    succ.push(entry(index, &engine.apply(pos, m, v).0, mover));
                }
            }
            succ.sort_unstable();
            succ.dedup();
            if succ.last() == Some(&WIN) {
                // Winning at once is the best move there is.
                succ.clear();
                succ.push(WIN);
            }
            out[head + k / 4] |= (succ.len() as u32) << (8 * (k % 4));
            out.extend_from_slice(&succ);
        }
    });
    out.shrink_to_fit();
    out
}

/// One Gauss-Seidel pass over a group; the largest change of a value.
fn sweep(list: &[u32], probs: &[f64], values: &[AtomicU64]) -> f64 {
    let words = probs.len().div_ceil(4);
    let mut i = 0;
    let mut largest: f64 = 0.0;
    while i < list.len() {
        let own = list[i] as usize;
        let heads = &list[i + 1..i + 1 + words];
        i += 1 + words;
        let mut v = 0.0;
        for (k, &p) in probs.iter().enumerate() {
            let count = ((heads[k / 4] >> (8 * (k % 4))) & 0xff) as usize;
            let mut best: f64 = 0.0;
            for &e in &list[i..i + count] {
                best = best.max(value(e, values));
            }
            i += count;
            v += p * best;
        }
        let old = f64::from_bits(values[own].load(Relaxed));
        values[own].store(v.to_bits(), Relaxed);
        largest = largest.max((v - old).abs());
    }
    largest
}

/// Solves every state of `index` (which must have been made from `engine`'s rules).
pub fn solve(engine: &Engine, index: DenseIndex, mut progress: impl FnMut(&str)) -> DenseSolution {
    let chances = super::move_chances(engine);
    let probs: Vec<f64> = chances.iter().map(|c| c.1).collect();
    let values: Vec<AtomicU64> = (0..index.states)
        .map(|_| AtomicU64::new(0.5f64.to_bits()))
        .collect();
    let mut sweeps = 0;
    let pieces = index.pieces as usize;
    for total in (0..2 * pieces - 1).rev() {
        let groups: Vec<(usize, u32)> = (0..index.layers.len())
            .filter(|&l| {
                let off = index.layers[l].off;
                (off[0] + off[1]) as usize == total
            })
            .flat_map(|l| index.opponent_keys(l).map(move |k| (l, k)))
            .collect();
        let lists: Vec<Vec<u32>> = groups
            .par_iter()
            .map(|&(l, k)| build_group(engine, &index, &chances, l, k))
            .filter(|list| !list.is_empty())
            .collect();
        let mut passes = 0;
        loop {
            passes += 1;
            let largest = lists
                .par_iter()
                .map(|list| sweep(list, &probs, &values))
                .reduce(|| 0.0, f64::max);
            if largest < super::TOLERANCE {
                break;
            }
        }
        sweeps += passes;
        let states: u64 = index
            .layers
            .iter()
            .filter(|l| (l.off[0] + l.off[1]) as usize == total)
            .map(|l| l.size)
            .sum();
        progress(&format!(
            "{total} pieces off: {states} states, {passes} sweeps"
        ));
    }
    DenseSolution {
        index,
        values: values
            .into_iter()
            .map(|v| f64::from_bits(v.into_inner()))
            .collect(),
        sweeps,
    }
}
