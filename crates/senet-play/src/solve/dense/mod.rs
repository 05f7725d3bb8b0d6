//! The dense solver: value iteration over every state of a rule set numbered by
//! [`DenseIndex`], 8 bytes of value a state, sweeps shared by all cores.
//!
//! States are solved by super-layers: all layers with the same number of pieces off in total
//! (a move never lowers it), from the most to the fewest. For each state the successors of
//! every throw are found once with the engine and kept as indices ([`lists`]), in the order a
//! sweep visits them: from the furthest on, so that a sweep carries values back along every
//! move that captures nothing. Super-layers whose lists fit in memory together make a window,
//! swept together ([`sweep`]): values flow down through the window in each pass, and a
//! super-layer stops being swept once its values have settled. Most sweeps read only each
//! throw's successor chosen at the last full sweep, and even full sweeps weigh only the states
//! whose best moves may have changed since (see `sweep::Margins`). Lists that do not fit in
//! memory go to a file and are read back at full sweeps, where needed (or, past the room the
//! file is given, are found again with the engine from each state's index); the values of
//! super-layers no move of those left can reach are parked in a file of their own to make room
//! for them ([`parked`]). Sweeps repeat until a full one changes no value by more than
//! [`super::TOLERANCE`].
//!
//! A run may solve only some super-layers ([`Stage`]), given the values of those above it
//! (read from tables): so a game too large for one run is solved a group of super-layers at a
//! time, each run reading only what the one before it wrote; and a super-layer too large for one
//! run is solved in parts ([`parts`]), each run given the others' latest values, in rounds.

// The numbering narrows numbers on purpose: placings have at most 20 bits, successor counts
// fit a byte.
#![allow(clippy::cast_possible_truncation)]

mod cells;
mod entries;
pub mod index;
mod lists;
mod mapped;
mod pages;
mod parked;
mod parts;
mod spill;
mod stacks;
mod sweep;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU32, AtomicU64};

use entries::Entry;
pub use index::{DenseIndex, Layer, Located, Unranking};
pub use mapped::{Mapped, Zeroed};
pub use parts::{Cutting, Part, PartRange, for_each_state, progress_range};
pub use spill::disk_room;

use senet_engine::engine::{Engine, Listing, Move, Position};
use senet_lang::types::{PerSide, Side, Throw};

/// States a numbering may hold: its indices, and the slot after the last state, stay below the
/// top bit of a successor's 64 bits (which says its mover is the other side).
pub const MAX_STATES: u64 = <u64 as Entry>::SLOTS - 1;

/// Whether `index`'s successors need 64 bits: it numbers more states than 31 bits hold.
fn wide(index: &DenseIndex) -> bool {
    index.states >= <u32 as Entry>::SLOTS
}

/// Bytes a successor (or a state's own index) takes in the lists of `index`'s rules.
fn entry_bytes(index: &DenseIndex) -> u64 {
    if wide(index) { 8 } else { 4 }
}

/// Bytes a state costs while its super-layer is solved (its index, counts and successors: 78 on
/// average for seven-piece Ur, measured, rounded up), besides its value and chosen successors:
/// what a super-layer not yet made is expected to take. Twice as much where successors take 64
/// bits ([`entry_bytes`]).
pub const LIST_BYTES: u64 = 88;

/// [`LIST_BYTES`] where pieces stack: 21 throws of two dice, about six successors each (542 on
/// average for Hypergammon, measured, rounded up).
pub const STACKED_LIST_BYTES: u64 = 560;

/// What a state's lists are expected to take in `index`'s rules.
fn list_bytes(index: &DenseIndex) -> u64 {
    let bytes = if index.stacked() {
        STACKED_LIST_BYTES
    } else {
        LIST_BYTES
    };
    bytes * entry_bytes(index) / 4
}

// A value in `f64` is swept as the bits of an `AtomicU64`, in the same memory.
const _: () = assert!(align_of::<f64>() == align_of::<AtomicU64>());

/// Bytes a state takes in memory whatever the room, while its super-layer is solved: its index,
/// its last two changes (for extrapolation, `change` bytes), its chosen successors (one a
/// throw) and its margin.
fn chosen_bytes(index: &DenseIndex, change: u64) -> u64 {
    entry_bytes(index) * (1 + index.throws as u64) + change + 1
}

/// Every state's value: the chance that the side to move wins.
pub struct DenseSolution {
    pub index: DenseIndex,
    /// Only states where each side has at least this many pieces off were solved (those a
    /// position with that many off can reach); the others' values mean nothing.
    pub floor: PerSide<u8>,
    /// States solved: all of them when the floor is zero.
    pub solved: u64,
    pub values: Values,
    /// Per layer of the numbering: whether its values are solved (in this run or given).
    pub held: Vec<bool>,
    /// The super-layers (pieces off in total, lowest and highest) this run was asked to solve
    /// alone; `None` for a whole solve (every layer above the floor held). A table of such a run
    /// holds only these.
    pub layers: Option<[u8; 2]>,
    pub sweeps: u64,
    /// The most bytes of successor lists one window of the run kept outside memory: in the
    /// solver's file, and found again at full sweeps (neither in memory nor on disk).
    pub lists_on_disk: u64,
    pub lists_found_again: u64,
    /// The bytes of values above the run it kept in a file ([`Above::File`]).
    pub values_in_file: u64,
    /// Positions where an opening move is still due, which the numbering does not hold: side
    /// 0's chance from each (see [`opening_values`]).
    pub openings: HashMap<Position, f64>,
    /// A run of one part of a super-layer: what it solved.
    pub part: Option<Box<PartSolved>>,
}

/// What a run of one part of a super-layer solved ([`Stage::part`]).
pub struct PartSolved {
    pub part: Part,
    /// The progress of its states, lowest and highest (`None`: no state falls in the part).
    pub progress: Option<(u16, u16)>,
    /// Its states' values, in the order of [`for_each_state`].
    pub values: Vec<f64>,
    /// The most any of them moved from the value the run started from: the runs of a
    /// super-layer's parts are done once a round of them moves none by more than the
    /// tolerance.
    pub moved: f64,
    /// How little a round of parts must move their values to be the last: the tolerance of
    /// the values' precision, but at least 1e-11 (with `f64` values, a run that starts from
    /// settled values can still move them by a few times its tolerance of 1e-12, its threads
    /// reading values being written).
    pub tolerance: f64,
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
                let v = self.values.get(index);
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

/// Every state's value, in the numbering's order: in f64 as a solve leaves them, in 32-bit
/// fixed point as a solve too large for f64 leaves them ([`Precision::Fixed`]) (both in memory
/// whose untouched pages take none: [`Mapped`]), in f32 as a whole table keeps them (half the
/// memory; a chance rounded to f32 is within 3e-8 of the solved one, far below any difference
/// between moves that play could notice).
pub enum Values {
    F64(Mapped<f64>),
    Fixed(Mapped<u32>),
    F32(Vec<f32>),
}

impl Values {
    /// The value of state `i`.
    pub fn get(&self, i: usize) -> f64 {
        match self {
            Values::F64(v) => v[i],
            Values::Fixed(v) => cells::from_fixed(v[i]),
            Values::F32(v) => f64::from(v[i]),
        }
    }

    /// Sets the value of state `i` (rounded as these values keep it).
    pub fn set(&mut self, i: usize, value: f64) {
        match self {
            Values::F64(v) => v[i] = value,
            Values::Fixed(v) => v[i] = cells::to_fixed(value),
            #[allow(clippy::cast_possible_truncation)]
            Values::F32(v) => v[i] = value as f32,
        }
    }

    /// Sets the values of the states `range`.
    pub fn fill(&mut self, range: std::ops::Range<usize>, value: f64) {
        match self {
            Values::F64(v) => v[range].fill(value),
            Values::Fixed(v) => v[range].fill(cells::to_fixed(value)),
            #[allow(clippy::cast_possible_truncation)]
            Values::F32(v) => v[range].fill(value as f32),
        }
    }

    /// The memory the values take.
    pub fn bytes(&self) -> usize {
        match self {
            Values::F64(v) => v.len() * 8,
            Values::Fixed(v) => v.len() * 4,
            Values::F32(v) => v.len() * 4,
        }
    }
}

/// How a solve keeps each state's value while it sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// An `f64`: 8 bytes a state.
    Double,
    /// 32-bit fixed point (4 bytes a state): each value within 1.2e-10 of what was computed
    /// from the values it read, the solve settled to [`FIXED_TOLERANCE`] instead of
    /// [`super::TOLERANCE`]. The values then agree with an `f64` solve to within [`FIXED_BOUND`].
    Fixed,
}

impl Precision {
    /// Bytes a state's value takes.
    pub fn bytes(self) -> u64 {
        match self {
            Precision::Double => 8,
            Precision::Fixed => 4,
        }
    }

    /// Bytes a state's last two changes take while its super-layer is solved: two `f32`, or
    /// beside fixed-point values two bfloat16.
    pub fn change_bytes(self) -> u64 {
        match self {
            Precision::Double => 8,
            Precision::Fixed => 4,
        }
    }

    /// Sweeps stop once no value changes by more than this.
    pub fn tolerance(self) -> f64 {
        match self {
            Precision::Double => super::TOLERANCE,
            Precision::Fixed => FIXED_TOLERANCE,
        }
    }
}

pub use cells::FIXED_TOLERANCE;

/// How far a value solved in fixed point ([`Precision::Fixed`]) may be from the `f64` one:
/// the most measured over every state (4.0e-9, Kendall's Senet with three pieces) with a
/// margin of five (checked by the tests).
pub const FIXED_BOUND: f64 = 2e-8;

/// Values solved before a run (read from tables), whole layers at a time.
pub struct Known {
    /// Every state's value, as [`Values::F64`] or [`Values::Fixed`] ([`Known::none`] makes
    /// them so, and [`solve`] takes no other); one half where the run starts them.
    pub values: Values,
    /// Per layer of the numbering: whether its values are known.
    pub layers: Vec<bool>,
    /// The parts of super-layers whose values were given (pieces off in total, and which part
    /// of how many): a super-layer is known once all its parts are, and until then its parts'
    /// values are where a run of another of its parts starts from.
    pub parts: Vec<(usize, Part)>,
    /// Per layer of the numbering: whether its values are kept in a file
    /// ([`Known::keep_above_in_file`]), not in the run's memory.
    pub in_file: Vec<bool>,
}

impl Known {
    /// Nothing known yet, values to be kept as `precision` says: one half (where a solve starts)
    /// in the super-layers `only` (pieces off in total; all of them where `None`), the run's;
    /// elsewhere zero, in memory not touched (see [`Mapped`]) until a table's values are read
    /// in.
    pub fn none(
        index: &DenseIndex,
        precision: Precision,
        only: Option<&RangeInclusive<usize>>,
    ) -> Known {
        let states = usize::try_from(index.states).expect("states that fit the address space");
        // Room for the slot the solver adds, so that its values take this memory in place.
        let mut values = match precision {
            Precision::Double => Values::F64(Mapped::zeroed(states, states + 1)),
            Precision::Fixed => Values::Fixed(Mapped::zeroed(states, states + 1)),
        };
        for l in &index.layers {
            if only.is_none_or(|r| r.contains(&l.total_off())) {
                values.fill(l.states(), 0.5);
            }
        }
        Known {
            values,
            layers: vec![false; index.layers.len()],
            parts: Vec::new(),
            in_file: vec![false; index.layers.len()],
        }
    }

    /// Keeps the values of the super-layers above `only` that a run of them reads
    /// ([`held_totals`]) in a file of the solver's own instead of its memory ([`Above::File`]):
    /// the run never changes them, and the system keeps in memory what it has room for.
    /// Done before any of them is read in (they read as zeros after it). The bytes of values
    /// moved to the file (none where the system cannot map files).
    pub fn keep_above_in_file(
        &mut self,
        index: &DenseIndex,
        only: &RangeInclusive<usize>,
    ) -> std::io::Result<u64> {
        let held = held_totals(index, Some(only));
        let above = |l: &Layer| held.contains(&l.total_off()) && !only.contains(&l.total_off());
        let ranges: Vec<std::ops::Range<usize>> = (index.layers.iter())
            .filter(|l| above(l) && l.size > 0)
            .map(Layer::states)
            .collect();
        let moved = match &mut self.values {
            Values::F64(v) => v.back_with_file(&ranges)?,
            Values::Fixed(v) => v.back_with_file(&ranges)?,
            Values::F32(_) => 0,
        };
        if moved > 0 {
            for (l, in_file) in index.layers.iter().zip(&mut self.in_file) {
                *in_file = above(l);
            }
        }
        Ok(moved)
    }

    /// How the values are kept.
    pub fn precision(&self) -> Precision {
        match self.values {
            Values::Fixed(_) => Precision::Fixed,
            Values::F64(_) | Values::F32(_) => Precision::Double,
        }
    }

    /// Marks the super-layers whose every part was given as known. The parts of the
    /// super-layer of `running` (a run of one of its parts) are where that run starts from,
    /// and stay parts; another super-layer given only in some of its parts is refused, with
    /// the parts it lacks.
    pub fn join_parts(
        &mut self,
        index: &DenseIndex,
        running: Option<(usize, Part)>,
    ) -> Result<(), String> {
        let mut totals: Vec<usize> = self.parts.iter().map(|(t, _)| *t).collect();
        totals.sort_unstable();
        totals.dedup();
        for total in totals {
            let given: Vec<Part> = (self.parts.iter())
                .filter(|(t, _)| *t == total)
                .map(|(_, p)| *p)
                .collect();
            let n = given[0].n;
            if let Some((t, part)) = running
                && t == total
            {
                if part.n != n {
                    return Err(format!(
                        "the tables given hold parts of {n} of the states with {total} pieces \
                 off in total, not of {}",
                        part.n
                    ));
                }
                continue;
            }
            let missing: Vec<String> = (1..=n)
                .filter(|&k| !given.iter().any(|p| p.k == k))
                .map(|k| k.to_string())
                .collect();
            if !missing.is_empty() {
                return Err(format!(
                    "the tables given lack part {} of {n} of the states with {total} pieces off \
                 in total: give every part",
                    missing.join(", ")
                ));
            }
            for (l, known) in index.layers.iter().zip(&mut self.layers) {
                if l.total_off() == total {
                    *known = true;
                }
            }
            self.parts.retain(|(t, _)| *t != total);
        }
        Ok(())
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
    /// The memory the successor lists may take: super-layers are swept together as long as
    /// their lists fit (one that does not fit alone is swept alone).
    pub lists: u64,
    /// The bytes of successor lists that may go to the solver's file when they do not fit in
    /// memory; those beyond are found again with the engine at every full sweep that reads
    /// them (slower: see docs/solver.md).
    pub disk: u64,
    /// Only this part of the one super-layer `only` holds (see [`parts`]); the other parts'
    /// values are read, never changed.
    pub part: Option<Part>,
    /// The super-layer of `part` cut into parts, where the caller has found it already (a pass
    /// over its states); found again where `None` or not this cutting.
    pub cutting: Option<Cutting>,
}

impl Stage {
    /// Every state, from nothing, with no bound on the lists' memory.
    pub fn whole(index: &DenseIndex, precision: Precision) -> Stage {
        Stage {
            known: Known::none(index, precision, None),
            only: None,
            lists: u64::MAX,
            disk: u64::MAX,
            part: None,
            cutting: None,
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

/// Memory a solve uses besides values and lists: the numbering's tables, the lists of the
/// groups being made, the blocks being filled.
const OVERHEAD: u64 = 192 << 20;

/// Where a run keeps the values of the super-layers above its own that its moves reach: it
/// reads them and never changes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Above {
    /// In memory, as its own.
    Memory,
    /// In a file mapped into memory ([`Known::keep_above_in_file`]), of which the system keeps
    /// in memory what it has room for: the run's memory holds only its own values. Slower
    /// where the system lacks room for them (the sweeps read them from the disk), and only
    /// where the system maps files (Linux; elsewhere they stay in memory).
    File,
}

/// The pieces off in total whose values a run of the super-layers `only` (all where `None`)
/// holds in its memory: those it holds ([`held_totals`]), or with the values above it in a
/// file, its own.
fn in_memory_totals(
    index: &DenseIndex,
    only: Option<&RangeInclusive<usize>>,
    above: Above,
) -> RangeInclusive<usize> {
    match (only, above) {
        (Some(r), Above::File) if cfg!(target_os = "linux") => r.clone(),
        _ => held_totals(index, only),
    }
}

/// The states whose values a run of the super-layers `only` keeps in its memory.
fn in_memory_states(index: &DenseIndex, only: Option<&RangeInclusive<usize>>, above: Above) -> u64 {
    let totals = in_memory_totals(index, only, above);
    (index.layers.iter())
        .filter(|l| totals.contains(&l.total_off()))
        .map(|l| l.size)
        .sum()
}

/// What the successor lists of a run of the super-layers `only` (all where `None`) may take of
/// `bytes` in all: the rest after the values it keeps in memory and the overhead.
pub fn list_budget(
    index: &DenseIndex,
    precision: Precision,
    above: Above,
    only: Option<&RangeInclusive<usize>>,
    bytes: u64,
) -> u64 {
    bytes.saturating_sub((in_memory_states(index, only, above) + 1) * precision.bytes() + OVERHEAD)
}

/// The pieces off in total whose values a run of the super-layers `only` (all where `None`)
/// holds: its own, and those its moves reach, up to [`DenseIndex::bears_off`] above its
/// highest. The values of the others are neither read from the tables given nor touched.
pub fn held_totals(
    index: &DenseIndex,
    only: Option<&RangeInclusive<usize>>,
) -> RangeInclusive<usize> {
    let top = index.top_total();
    only.map_or(0..=top, |r| {
        *r.start()..=(*r.end() + index.bears_off).min(top)
    })
}

/// The states whose values a run of the super-layers `only` holds ([`held_totals`]).
pub fn held_states(index: &DenseIndex, only: Option<&RangeInclusive<usize>>) -> u64 {
    let held = held_totals(index, only);
    (index.layers.iter())
        .filter(|l| held.contains(&l.total_off()))
        .map(|l| l.size)
        .sum()
}

/// Why a dense solve stopped.
#[derive(Debug)]
pub enum Failed {
    /// A move reaches states that neither the run solves nor its tables hold.
    Missing(Missing),
    /// The solver's file (successor lists that do not fit in memory, values parked) failed.
    Spill(std::io::Error),
    /// A split turn's listing of moves was cut short ([`senet_engine::engine::Listing::Cut`]).
    TooManyMoves,
    /// A throw leads from some state to more than 255 distinct states, more than the successor
    /// lists count.
    TooManySuccessors,
    /// A part ([`Stage::part`]) was asked of a run not of exactly one super-layer.
    PartOfMany,
}

/// The successor lists a solve keeps in memory at the least: what does not fit goes to a file.
const LEAST_LISTS: u64 = 64 << 20;

/// Bytes a state of a super-layer being solved is expected to take, all in memory
/// ([`list_bytes`] counts the index already).
fn state_bytes(index: &DenseIndex, change: u64) -> u64 {
    list_bytes(index) + chosen_bytes(index, change) - entry_bytes(index)
}

/// The states of the super-layer of `total` pieces off in total.
fn super_layer(index: &DenseIndex, total: usize) -> u64 {
    index
        .layers
        .iter()
        .filter(|l| l.total_off() == total)
        .map(|l| l.size)
        .sum()
}

/// The states of the largest of the super-layers `only` (all where `None`).
fn largest_super_layer(index: &DenseIndex, only: Option<&RangeInclusive<usize>>) -> u64 {
    (0..=index.top_total())
        .filter(|total| only.is_none_or(|r| r.contains(total)))
        .map(|total| super_layer(index, total))
        .max()
        .unwrap_or(0)
}

/// The memory the successor lists of the largest of the super-layers `only` (all where `None`)
/// are expected to take, in bytes, chosen successors included: with as much memory, every
/// super-layer's lists stay in memory.
pub fn lists_expected(
    index: &DenseIndex,
    precision: Precision,
    only: Option<&RangeInclusive<usize>>,
) -> u64 {
    largest_super_layer(index, only) * state_bytes(index, precision.change_bytes())
}

/// The bytes that parking the values of the pieces off in total `totals` gives back at the
/// least: a layer's first and last pages may hold values of its neighbours and stay (64 KiB,
/// the largest page size in common use, is counted at each end).
fn parkable(index: &DenseIndex, precision: Precision, totals: RangeInclusive<usize>) -> u64 {
    if !pages::CAN_GIVE_BACK {
        return 0;
    }
    index
        .layers
        .iter()
        .filter(|l| totals.contains(&l.total_off()))
        .map(|l| (l.size * precision.bytes()).saturating_sub(2 << 16))
        .sum()
}

/// The memory a dense solve needs at the least, in bytes: every value it holds, and for the
/// super-layer that needs the most, either all its lists or its chosen successors and some of its full
/// lists (the rest are written to a file and read back at every full sweep) less the values
/// parked while it is solved (see [`solve`]: those above what one turn can bear off).
pub fn memory_needed(index: &DenseIndex, precision: Precision) -> u64 {
    memory_needed_for(index, precision, Above::Memory, None, None)
}

/// [`memory_needed`] by a run of only the super-layers `only` (all where `None`), or of a part
/// of one of them of `part` states, keeping the values above it as `above` says.
pub fn memory_needed_for(
    index: &DenseIndex,
    precision: Precision,
    above: Above,
    only: Option<&RangeInclusive<usize>>,
    part: Option<u64>,
) -> u64 {
    // A part's run also keeps its states' values in the order of its table (8 bytes each).
    let values = (in_memory_states(index, only, above) + 1) * precision.bytes()
        + OVERHEAD
        + 8 * part.unwrap_or(0);
    let held = in_memory_totals(index, only, above);
    let needs = |total: usize| {
        let states = part.unwrap_or_else(|| super_layer(index, total));
        let whole = states * state_bytes(index, precision.change_bytes());
        let beyond = total + index.bears_off + 1..=*held.end();
        let part = (states * chosen_bytes(index, precision.change_bytes())
            + whole.min(LEAST_LISTS))
        .saturating_sub(parkable(index, precision, beyond));
        values + whole.min(part)
    };
    (0..=index.top_total())
        .filter(|total| only.is_none_or(|r| r.contains(total)))
        .map(needs)
        .max()
        .unwrap_or(values)
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
    progress: impl FnMut(&str),
) -> Result<DenseSolution, Failed> {
    let wide = wide(&index);
    solve_with(engine, index, floor, stage, wide, progress)
}

/// [`solve`], its successors in 64 bits where `wide`, else in 32 (which must then hold them).
fn solve_with(
    engine: &Engine,
    index: DenseIndex,
    floor: PerSide<u8>,
    stage: Stage,
    wide: bool,
    mut progress: impl FnMut(&str),
) -> Result<DenseSolution, Failed> {
    let Stage {
        known,
        only,
        lists,
        disk,
        part,
        cutting,
    } = stage;
    let precision = known.precision();
    let values_in_file = (index.layers.iter().zip(&known.in_file))
        .filter(|(_, in_file)| **in_file)
        .map(|(l, _)| l.size * precision.bytes())
        .sum();
    // A part's progress, and its states' values before the run.
    let total = only.as_ref().map_or(0, |r| *r.start());
    if part.is_some() && only.as_ref().is_none_or(|r| r.start() != r.end()) {
        return Err(Failed::PartOfMany);
    }
    let part_range = part.map(|part| match &cutting {
        Some(c) if c.cuts(total, part.n) => c.range(part.k),
        _ => parts::progress_range(engine, &index, total, part),
    });
    let mut before = Vec::new();
    if let Some(Some(range)) = part_range {
        parts::for_each_state(engine, &index, total, range.progress, |i| {
            before.push(known.values.get(i));
        });
    }
    let run = Run {
        engine,
        index: &index,
        floor,
        in_file: &known.in_file,
        only: only.clone(),
        lists,
        disk,
        tolerance: precision.tolerance(),
        part: part_range.map(|r| r.map_or(((1, 0), 0), |r| (r.progress, r.states))),
    };
    // In place (same size and alignment), solved, and back; successors in 32 bits where the
    // numbering allows.
    let (values, ran) = match known.values {
        Values::Fixed(values) => {
            let cells = values.cast::<AtomicU32>();
            let (cells, ran) = run.solve_in(cells, known.layers, wide, &mut progress)?;
            (Values::Fixed(cells.cast()), ran)
        }
        Values::F64(values) => {
            // The same bits: an `f64` value is kept as an `AtomicU64`.
            let cells = values.cast::<AtomicU64>();
            let (cells, ran) = run.solve_in(cells, known.layers, wide, &mut progress)?;
            (Values::F64(cells.cast()), ran)
        }
        Values::F32(_) => unreachable!("a run starts from f64 or fixed-point values"),
    };
    // A run asked for every super-layer is a whole solve.
    let layers = only
        .filter(|r| *r != (0..=index.top_total()))
        .map(|r| [*r.start(), *r.end()].map(|t| u8::try_from(t).unwrap_or(u8::MAX)));
    // A part's values after the run, in place of those before (one copy of the part's values
    // at a time), and how far they moved.
    let part = part.map(|part| {
        let progress = part_range.flatten().map(|r| r.progress);
        let mut moved: f64 = 0.0;
        if let Some(range) = progress {
            let mut slots = before.iter_mut();
            parts::for_each_state(engine, &index, total, range, |i| {
                if let Some(slot) = slots.next() {
                    let after = values.get(i);
                    moved = moved.max((after - *slot).abs());
                    *slot = after;
                }
            });
        }
        Box::new(PartSolved {
            part,
            progress,
            values: before,
            moved,
            tolerance: precision.tolerance().max(1e-11),
        })
    });
    Ok(DenseSolution {
        openings: HashMap::new(),
        index,
        floor,
        solved: ran.solved,
        values,
        held: ran.held,
        layers,
        sweeps: ran.sweeps,
        lists_on_disk: ran.lists_on_disk,
        lists_found_again: ran.lists_found_again,
        values_in_file,
        part,
    })
}

/// What a run is asked to solve, whatever its values' precision.
struct Run<'a> {
    engine: &'a Engine,
    index: &'a DenseIndex,
    floor: PerSide<u8>,
    /// Per layer: whether its values are in a file ([`Known::keep_above_in_file`]).
    in_file: &'a [bool],
    only: Option<RangeInclusive<usize>>,
    lists: u64,
    disk: u64,
    tolerance: f64,
    /// A run of one part of its super-layer: its progress (lowest, highest; empty where no
    /// state falls in it) and its states.
    part: Option<((u16, u16), u64)>,
}

/// What a run did.
struct Ran {
    solved: u64,
    sweeps: u64,
    lists_on_disk: u64,
    lists_found_again: u64,
    held: Vec<bool>,
}

impl Run<'_> {
    /// [`Run::solve`] with successors in 64 bits where `wide`, else in 32.
    fn solve_in<C: cells::Cell>(
        &self,
        values: Mapped<C>,
        held: Vec<bool>,
        wide: bool,
        progress: &mut impl FnMut(&str),
    ) -> Result<(Mapped<C>, Ran), Failed> {
        if wide {
            self.solve::<C, u64>(values, held, progress)
        } else {
            self.solve::<C, u32>(values, held, progress)
        }
    }

    /// Solves the super-layers asked for, given `values` (the layers `held` already solved):
    /// the values, and what it took.
    fn solve<C: cells::Cell, E: Entry>(
        &self,
        mut values: Mapped<C>,
        mut held: Vec<bool>,
        progress: &mut impl FnMut(&str),
    ) -> Result<(Mapped<C>, Ran), Failed> {
        let Run {
            engine,
            index,
            floor,
            in_file,
            ref only,
            lists,
            disk,
            tolerance,
            part,
        } = *self;
        let chances = super::move_chances(engine);
        let probs: Vec<f64> = chances.iter().map(|c| c.1).collect();
        // Whether successors must be checked: only a run given values, or solving some
        // super-layers, can lack any (moves never lower the pieces off).
        let partial = only.is_some() || held.contains(&true);
        // The slot after the states: a won game.
        values.push(C::new(1.0));
        let mut sweeps = 0;
        // Bytes of a state's changes.
        let change = size_of::<C::Change>() as u64;
        let mut solved = 0;
        // The super-layers to solve, from the most pieces off down, with their layers.
        let todo: Vec<(usize, Vec<usize>)> = (0..=index.top_total())
            .rev()
            .filter(|total| only.as_ref().is_none_or(|r| r.contains(total)))
            .map(|total| {
                let layers = (0..index.layers.len()).filter(|&l| {
                    let layer = &index.layers[l];
                    layer.total_off() == total && above(index, layer, floor) && !held[l]
                });
                (total, layers.collect::<Vec<usize>>())
            })
            .filter(|(_, layers)| !layers.is_empty())
            // A part in which no state falls has nothing to solve.
            .filter(|_| part.is_none_or(|(_, states)| states > 0))
            .collect();
        // Super-layers are made into windows, swept together, as long as their lists fit.
        let largest = (todo.iter())
            .map(|(_, layers)| layers.iter().map(|&l| index.layers[l].size).sum::<u64>())
            .max()
            .unwrap_or(0)
            * state_bytes(index, change);
        let mut ready = held.clone();
        let mut window: Vec<lists::SuperLayer<C::Change, E>> = Vec::new();
        let mut parked = parked::Parked::new(index);
        // The layers whose values are in memory: those given, unless in a file, and the run's
        // own (the others' memory is never touched).
        let own = |l: &Layer| only.as_ref().is_none_or(|r| r.contains(&l.total_off()));
        let touched: Vec<bool> = (index.layers.iter().zip(&held).zip(in_file))
            .map(|((l, &given), &in_file)| given && !in_file || own(l))
            .collect();
        let held_values: u64 = (index.layers.iter().zip(&touched))
            .filter(|(_, t)| **t)
            .map(|(l, _)| l.size)
            .sum();
        // What the process is expected to hold besides the lists: the values not parked and
        // the allowance for the rest.
        let besides =
            |parked: u64| ((held_values + 1) * C::BYTES as u64).saturating_sub(parked) + OVERHEAD;
        let unranking = std::sync::OnceLock::new();
        let finder = lists::Finder {
            engine,
            index,
            chances: &chances,
            unranking: &unranking,
        };
        let new_store = |freed: u64| {
            lists::Store::new(lists.saturating_add(freed), disk, besides(freed), finder)
        };
        let mut store = new_store(0);
        let (mut lists_on_disk, mut lists_found_again) = (0, 0);
        let mut started = std::time::Instant::now();
        let mut next = todo.iter().peekable();
        while let Some((total, layers)) = next.next() {
            for &l in layers {
                ready[l] = true;
            }
            let states = part.map_or_else(
                || layers.iter().map(|&l| index.layers[l].size).sum(),
                |(_, states)| states,
            );
            if window.is_empty() && states * state_bytes(index, change) > lists {
                // A window's moves bear off at most `bears_off` pieces (one, or where dice are
                // played one by one, as many as a throw has dice): the values further above it
                // make room for its lists.
                parked
                    .park(index, &values, total + index.bears_off + 1, &touched)
                    .map_err(Failed::Spill)?;
                store = new_store(parked.freed);
            }
            let reach = lists::Reach {
                ready: partial.then_some(ready.as_slice()),
                most_off: (parked.freed > 0).then_some(total + index.bears_off),
                part: part.map(|(range, _)| range),
            };
            let made =
                lists::make((*total, layers, states), reach, &mut store).map_err(|unmade| {
                    match unmade {
                        lists::Unmade::Missing(l) => Failed::Missing(Missing {
                            solving: *total,
                            needs: index.layers[l].total_off(),
                        }),
                        lists::Unmade::Spill(e) => Failed::Spill(e),
                        lists::Unmade::TooManyMoves => Failed::TooManyMoves,
                        lists::Unmade::TooManySuccessors => Failed::TooManySuccessors,
                    }
                })?;
            solved += made.states;
            window.push(made);
            // The next super-layer joins the window if its lists are likely to fit beside these,
            // and within what the largest super-layer of the run takes alone: a window saves
            // passes, not work, and the run needs that much memory anyway.
            let room = next.peek().is_some_and(|(_, layers)| {
                let states: u64 = layers.iter().map(|&l| index.layers[l].size).sum();
                let bytes = store.ram + states * state_bytes(index, change);
                store.spilled() == 0 && store.again == 0 && bytes <= store.room && bytes <= largest
            });
            if room {
                continue;
            }
            let built = started.elapsed().as_secs_f64();
            let states: u64 = window.iter().map(|w| w.states).sum();
            // Where the window's lists and the values above it are, those not in memory only
            // where there are some.
            let mib = |bytes: u64| bytes as f64 / f64::from(1u32 << 20);
            let outside = |bytes: u64, what: &str| {
                if bytes > 0 {
                    format!(", {:.1} MiB {what}", mib(bytes))
                } else {
                    String::new()
                }
            };
            progress(&format!(
                "{}: {states} states, successors found in {built:.1} s ({:.1} MiB in memory{}{}{})",
                super::off_in_total(window[window.len() - 1].total, window[0].total),
                mib(store.ram),
                outside(store.spilled(), "on disk"),
                outside(store.again, "to find again at each full sweep"),
                outside(parked.freed, "of values above parked on disk"),
            ));
            let sizes: Vec<(usize, u64)> = window.iter().map(|w| (w.total, w.states)).collect();
            let settled = sweep::settle(
                &mut window,
                &store,
                &probs,
                &values,
                tolerance,
                |k, passes| {
                    let (total, states) = sizes[k];
                    progress(&format!(
                        "  {}: {states} states settled after {passes} sweeps, {:.1} s",
                        super::off_in_total(total, total),
                        started.elapsed().as_secs_f64() - built
                    ));
                },
            )
            .map_err(Failed::Spill)?;
            progress(&format!(
                "  {} sweeps, {:.1} sweeps' worth of states updated ({:.1} of them full, {:.1} \
             weighed in full), {} extrapolations",
                settled.passes,
                settled.updates as f64 / states as f64,
                settled.full as f64 / states as f64,
                settled.weighed as f64 / states as f64,
                settled.extrapolations
            ));
            sweeps += settled.passes;
            lists_on_disk = lists_on_disk.max(store.spilled());
            lists_found_again = lists_found_again.max(store.again);
            // A part leaves its super-layer unsolved.
            for (_, layers) in todo
                .iter()
                .filter(|(t, _)| part.is_none() && window.iter().any(|w| w.total == *t))
            {
                for &l in layers {
                    held[l] = true;
                }
            }
            window.clear();
            store = new_store(parked.freed);
            pages::trim();
            started = std::time::Instant::now();
        }
        // The lists are gone, their memory given back: room for the parked values again.
        drop(store);
        pages::trim();
        parked.restore(index, &values).map_err(Failed::Spill)?;
        values.pop();
        Ok((
            values,
            Ran {
                solved,
                sweeps,
                held,
                lists_on_disk,
                lists_found_again,
            },
        ))
    }
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
) -> Result<HashMap<Position, f64>, Failed> {
    let due = |p: &Position| Side::BOTH.iter().any(|&s| p.opening_due(s));
    let mut values: HashMap<Position, f64> = HashMap::new();
    if !due(root) {
        return Ok(values);
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
                if engine.legal_moves(&pos, v, &mut moves) == Listing::Cut {
                    return Err(Failed::TooManyMoves);
                }
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
                Some(senet_engine::engine::Outcome::Win { side, .. }) => {
                    f64::from(side == Side::First)
                }
                Some(senet_engine::engine::Outcome::Draw) => 0.5,
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
            return Ok(values);
        }
    }
}
