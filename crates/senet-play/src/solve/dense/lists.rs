//! The successor lists of a super-layer, laid out in the order a sweep visits them.
//!
//! A state's moves are generated once with the engine and kept as the indices of the states they
//! lead to, so that a sweep is only lookups (lists that fit neither in memory nor in the room given
//! on disk are generated again at each full sweep that reads them). States are visited by their
//! **progress**, the sum of both sides' path positions, from the furthest on: a move that captures
//! nothing moves a piece forward, so it leads to a state of greater progress, updated earlier in
//! the same sweep. Values then flow back from the end of the game in one sweep, and only captures
//! (and passes) carry them the other way, one step a sweep. States of equal progress form a
//! **bucket**; a bucket's states never depend on each other except through a capture or a pass, so
//! its blocks are swept in parallel. A bucket is cut into blocks of states whose successors mostly
//! sit in one row of the numbering (states with one opponent's placing): their lookups stay in
//! cache.

// Successor counts fit a byte (a throw moves at most every piece, and entering; a whole turn of
// several dice is checked: `Unmade::TooManySuccessors`); a block's lists hold fewer than 2^32
// words.
#![allow(clippy::cast_possible_truncation)]

use std::io;
use std::sync::OnceLock;

use rayon::prelude::*;

use super::cells::Changes;
use super::entries::{self, Entry};
use super::spill::Spill;
use super::sweep::UNKNOWN;
use super::{DenseIndex, Located, Unranking};
use senet_engine::engine::{Engine, Listing, Move, Position};
use senet_lang::types::{PathPos, Side, Throw};

/// States a block holds at most (a block is swept by one thread).
const BLOCK: usize = 4096;

/// The memory the lists of the groups (one opponent's placing each) made at once, before they
/// are sorted into buckets, are expected to take: a small part of the memory, within what the
/// solver allows besides values and lists ([`super::OVERHEAD`]), however large a group is (a
/// group of four-piece Senet holds some 20,000 states, 256 of them over a gigabyte with their
/// buffers' slack).
const BATCH_BYTES: u64 = 48 << 20;

/// Groups made at once at the most, and at the least per thread (to keep every core busy).
const BATCH_MOST: usize = 256;
const BATCH_PER_THREAD: usize = 4;

/// The groups to make at once in a super-layer of `states` states in `groups` groups.
fn batch(index: &DenseIndex, states: u64, groups: usize) -> usize {
    // A state's lists, its record (counted with the wider entry), and a group's buffers grown
    // by doubling (half empty at worst).
    let per_group = 2 * (super::list_bytes(index) + size_of::<Record<u64>>() as u64) * states
        / groups.max(1) as u64;
    let fit = usize::try_from(BATCH_BYTES / per_group.max(1)).unwrap_or(usize::MAX);
    fit.clamp(
        BATCH_PER_THREAD * rayon::current_num_threads(),
        BATCH_MOST.max(BATCH_PER_THREAD * rayon::current_num_threads()),
    )
}

/// Some states and their successors, as they are gathered before they are stored.
pub(super) struct Made<E> {
    /// Each state's index.
    pub owns: Vec<E>,
    /// Per state: the number of successors of each throw (a byte each, as many to a word as
    /// it has bytes), then the successors.
    pub list: Vec<E>,
}

impl<E> Made<E> {
    fn new() -> Made<E> {
        Made {
            owns: Vec::new(),
            list: Vec::new(),
        }
    }
}

/// Some states (swept by one thread), their successors, and the successor of each throw that a
/// sweep between full ones reads.
pub(super) struct Block<K, E> {
    /// Each state's index.
    pub owns: Vec<E>,
    /// Per state, one successor a throw: the best the last full sweep found (where a throw has
    /// one successor, that one). Always in memory.
    pub chosen: Vec<E>,
    /// Each state's changes at its last two sweeps (the last first), from which a slowly
    /// settling super-layer's values are extrapolated (see `sweep::settle`). Always in memory.
    pub change: Vec<K>,
    /// Each state's margin: how much better, at its last full sweep, each throw's chosen
    /// successor was than the next best, at the least over its throws (see `sweep::Margins`).
    /// Always in memory.
    pub margin: Vec<u8>,
    /// Where each run of [`RUN`] states begins in the full lists, in words, and where the last
    /// ends: a full sweep reads only the runs it needs.
    pub runs: Vec<u32>,
    /// Every successor, as in [`Made::list`]: read only by full sweeps.
    pub list: List<E>,
}

/// Where a block's full lists are.
pub(super) enum List<E> {
    Ram(Vec<E>),
    /// In the spill file, read back (the runs a full sweep needs) at full sweeps: the byte it
    /// begins at (the block's runs say how far each goes).
    Disk {
        at: u64,
    },
    /// Nowhere: found again with the engine (the runs a full sweep needs) at full sweeps.
    Again,
}

/// What finding a state's successors needs: the rules' engine and numbering, and each throw's
/// chance; to find them again from a state's index, the tables that give its position (made
/// the first time they are needed).
#[derive(Clone, Copy)]
pub(super) struct Finder<'a> {
    pub engine: &'a Engine,
    pub index: &'a DenseIndex,
    pub chances: &'a [(Throw, f64)],
    pub unranking: &'a OnceLock<Unranking>,
}

/// Where blocks go as they are made: the states, changes and chosen successors to memory; the full
/// lists too until they have taken `room`, then to a file of their own (made on first use,
/// deleted as soon as it is open, so nothing is left behind) until it holds `disk` bytes, then
/// nowhere: they are found again at each full sweep that needs them.
pub(super) struct Store<'a> {
    pub room: u64,
    disk: u64,
    finder: Finder<'a>,
    /// Bytes of blocks kept in memory.
    pub ram: u64,
    /// Bytes of full lists neither in memory nor on disk, found again at full sweeps.
    pub again: u64,
    /// Bytes that the blocks of the super-layer being made, not yet kept, will take in memory
    /// whatever the room: full lists leave room for them.
    owed: u64,
    spill: Option<Spill>,
    /// The bytes of lists being written to the file, reused from block to block.
    bytes: Vec<u8>,
    /// What the process is expected to hold besides the blocks (values in memory and the
    /// solver's allowance for the rest), and how far, when last measured, it held more than
    /// that and the blocks: the allocator's own slack, which the full lists make room for.
    besides: u64,
    excess: u64,
    kept: u64,
}

/// Blocks kept between two measures of the memory the process holds.
const MEASURE_EVERY: u64 = 64;

impl<'a> Store<'a> {
    /// A store whose full lists may take `room` in memory and `disk` in its file, in a process
    /// expected to hold `besides` bytes besides the blocks; lists beyond both are found again
    /// by `finder`.
    pub fn new(room: u64, disk: u64, besides: u64, finder: Finder<'a>) -> Store<'a> {
        Store {
            room,
            disk,
            finder,
            ram: 0,
            again: 0,
            owed: 0,
            spill: None,
            bytes: Vec::new(),
            besides,
            excess: 0,
            kept: 0,
        }
    }

    /// Bytes written to the spill file.
    pub fn spilled(&self) -> u64 {
        self.spill.as_ref().map_or(0, |s| s.end)
    }

    /// Keeps the states gathered in `made` as a block, and empties it for the next. What is
    /// kept is copied at its exact size and `made`'s buffers are reused: blocks live until
    /// their window is solved, and buffers grown and freed between them would leave holes that
    /// the allocator keeps (an eighth more than the blocks' own memory was measured so).
    fn keep<K: Changes, E: Entry>(
        &mut self,
        made: &mut Made<E>,
        throws: usize,
    ) -> io::Result<Block<K, E>> {
        let owns = made.owns.clone();
        let list = &made.list;
        let chosen = first_successors(list, owns.len(), throws);
        let change = vec![K::default(); owns.len()];
        let margin = vec![UNKNOWN; owns.len()];
        let runs = run_starts(list, owns.len(), throws);
        // States, chosen successors, changes and margins stay in memory whatever the room.
        let always = (E::BYTES * (owns.len() + chosen.len())
            + size_of_val(&runs[..])
            + size_of_val(&change[..])
            + margin.len()) as u64;
        self.ram += always;
        self.owed = self.owed.saturating_sub(always);
        let full = size_of_val(&list[..]) as u64;
        // What the allocator keeps beyond what is counted (freed buffers it keeps for reuse,
        // its holes) grows with the blocks: measured from time to time, it takes from the
        // room of the full lists, so that `--memory` holds for what the process truly takes.
        if self.kept.is_multiple_of(MEASURE_EVERY)
            && let Some(held) = super::pages::resident()
        {
            self.excess = held.saturating_sub(self.besides + self.ram);
        }
        self.kept += 1;
        let list = if self.ram + self.owed + self.excess + full <= self.room || !cfg!(unix) {
            self.ram += full;
            List::Ram(list.clone())
        } else if self.spilled() + full > self.disk {
            self.again += full;
            List::Again
        } else {
            let spill = match &mut self.spill {
                Some(s) => s,
                None => self.spill.insert(Spill::new("lists")?),
            };
            let at = spill.end;
            self.bytes.clear();
            entries::write_bytes(list, &mut self.bytes);
            spill.write(&self.bytes)?;
            List::Disk { at }
        };
        made.owns.clear();
        made.list.clear();
        Ok(Block {
            owns,
            chosen,
            change,
            margin,
            runs,
            list,
        })
    }

    /// The full lists kept at `at`, `words` long, read into `into`.
    pub fn read<E: Entry>(
        &self,
        (at, words): (u64, usize),
        bytes: &mut Vec<u8>,
        into: &mut Vec<E>,
    ) -> io::Result<()> {
        let spill = self
            .spill
            .as_ref()
            .ok_or_else(|| io::Error::other("no spill file"))?;
        bytes.resize(E::BYTES * words, 0);
        spill.read(at, bytes)?;
        entries::read_bytes(bytes, into);
        Ok(())
    }

    /// The full lists of the states `owns`, found again with the engine, into `into`.
    pub fn find_again<E: Entry>(&self, owns: &[E], scratch: &mut Scratch<E>, into: &mut Vec<E>) {
        let Finder {
            engine,
            index,
            chances,
            unranking,
        } = self.finder;
        let tables = unranking.get_or_init(|| index.unranking());
        into.clear();
        for &own in owns {
            let pos = index.position(&engine.rules, tables, own.bits());
            list_state(engine, index, chances, &pos, scratch, into);
        }
    }
}

/// States in a run: the part of a block's full lists that a full sweep reads or leaves (read
/// from the disk in one piece where the runs it needs follow each other).
pub(super) const RUN: usize = 128;

/// Where each run of [`RUN`] states begins in a block's lists, and where the last ends.
fn run_starts<E: Entry>(list: &[E], states: usize, throws: usize) -> Vec<u32> {
    let words = entries::heads::<E>(throws);
    let mut starts = Vec::with_capacity(states.div_ceil(RUN) + 1);
    let mut i = 0;
    for j in 0..states {
        if j % RUN == 0 {
            starts.push(i as u32);
        }
        i += words + entries::successors(&list[i..i + words]);
    }
    starts.push(i as u32);
    starts
}

/// Each state's first successor of each throw, in a block's lists: what its chosen successors
/// are until a full sweep picks the best.
fn first_successors<E: Entry>(list: &[E], states: usize, throws: usize) -> Vec<E> {
    let words = entries::heads::<E>(throws);
    let mut chosen = Vec::with_capacity(states * throws);
    let mut i = 0;
    for _ in 0..states {
        let heads = &list[i..i + words];
        i += words;
        for k in 0..throws {
            chosen.push(list[i]);
            i += entries::count(heads, k);
        }
    }
    chosen
}

/// A super-layer's states in sweep order: buckets from the greatest progress down, each a list
/// of blocks.
pub(super) struct SuperLayer<K, E> {
    /// Pieces off in total.
    pub total: usize,
    pub states: u64,
    pub buckets: Vec<Vec<Block<K, E>>>,
}

/// Why the lists could not be made.
pub(super) enum Unmade {
    /// A successor lies in this layer, which the run has not got.
    Missing(usize),
    /// The spill file could not be written.
    Spill(io::Error),
    /// A split turn's listing of moves was cut short ([`Listing::Cut`]).
    TooManyMoves,
    /// A throw leads to more distinct states than a count byte holds (only whole turns of
    /// several dice, with many pieces on a short path, can).
    TooManySuccessors,
}

/// A successor: the index of its value, flipped when its mover is the other side. A won game
/// is the slot after the last state, which holds 1; a lost one is that slot flipped.
#[inline]
fn entry<E: Entry>(index: &DenseIndex, next: &Position, mover: Side) -> E {
    match index.locate(next) {
        Located::Over { winner } => E::new(index.states, winner != mover),
        Located::State { index, mover: m } => E::new(index as u64, m != mover),
    }
}

/// How far on a state is: the sum of both sides' pieces' path positions (a piece that waits
/// counts 0, a stack once a piece). Pieces off are the same for every state of a super-layer's
/// layers, and do not count.
pub(super) fn progress(pos: &Position) -> u16 {
    let mut sum = 0u32;
    for s in Side::BOTH {
        for p in PathPos::all_in(pos.on(s)) {
            sum += u32::from(p.get()) * u32::from(pos.count(s, p));
        }
    }
    // At most 15 pieces a side on paths of at most 64 positions.
    sum as u16
}

/// One state's record, before it is sorted into its bucket.
struct Record<E> {
    progress: u16,
    own: E,
    /// Where its words (counts, then successors) begin in the group's list.
    at: usize,
}

/// One group's lists: its states' records, their words, and the first layer a successor lies
/// in that the run may not reach.
type Group<E> = (Vec<Record<E>>, Vec<E>, Option<usize>);

/// What a super-layer's successors may reach: where `ready` is given (a run of some
/// super-layers), every successor must lie in a layer it marks; where `most_off` is given
/// (values above it parked), no successor may have more pieces off in total. Where `part` is
/// given (a run of one part of a super-layer), only the states whose progress lies in it are
/// listed.
#[derive(Clone, Copy)]
pub(super) struct Reach<'a> {
    pub ready: Option<&'a [bool]>,
    pub most_off: Option<usize>,
    pub part: Option<(u16, u16)>,
}

/// The buffers a state's successors are found in, reused from state to state.
pub(super) struct Scratch<E> {
    moves: Vec<Move>,
    succ: Vec<E>,
}

impl<E> Default for Scratch<E> {
    fn default() -> Self {
        Scratch {
            moves: Vec::new(),
            succ: Vec::new(),
        }
    }
}

/// What listing states found that the lists cannot hold.
#[derive(Clone, Copy, Default)]
struct Flaws {
    /// A split turn's listing of moves was cut short.
    cut: bool,
    /// A throw led to more distinct states than a count byte holds.
    wide: bool,
}

/// Appends the words of the state at `pos` (its layer's mover to move) to `list`: the number of
/// successors of each throw (a byte each, as many to a word as it has bytes), then each throw's
/// successors, sorted, a win at once standing alone (it is the best move there is).
fn list_state<E: Entry>(
    engine: &Engine,
    index: &DenseIndex,
    chances: &[(Throw, f64)],
    pos: &Position,
    Scratch { moves, succ }: &mut Scratch<E>,
    list: &mut Vec<E>,
) -> Flaws {
    let mover = pos.to_move();
    let won = E::new(index.states, false);
    let head = list.len();
    let words = entries::heads::<E>(chances.len());
    let mut flaws = Flaws::default();
    list.extend(std::iter::repeat_n(E::default(), words));
    for (k, &(v, _)) in chances.iter().enumerate() {
        flaws.cut |= engine.legal_moves(pos, v, moves) == Listing::Cut;
        succ.clear();
        if moves.is_empty() {
            succ.push(entry(index, &engine.pass(pos, v), mover));
        } else {
            for m in moves.iter() {
                succ.push(entry(index, &engine.successor(pos, m, v), mover));
            }
        }
        succ.sort_unstable();
        succ.dedup();
        if succ.contains(&won) {
            succ.clear();
            succ.push(won);
        }
        flaws.wide |= succ.len() > usize::from(u8::MAX);
        entries::set_count(&mut list[head..head + words], k, succ.len());
        list.extend_from_slice(succ);
    }
    flaws
}

/// The lists of one group (one opponent's placing in one layer), state by state, and the first
/// layer a successor lies in that `reach` does not allow; or why they cannot be listed.
fn make_group<E: Entry>(
    engine: &Engine,
    index: &DenseIndex,
    chances: &[(Throw, f64)],
    (layer, key): (usize, u32),
    reach: Reach,
) -> Result<Group<E>, Unmade> {
    let words = entries::heads::<E>(chances.len());
    let (mut made, mut list) = (Vec::new(), Vec::new());
    let mut scratch = Scratch::<E>::default();
    let mut missing = None;
    let mut flaws = Flaws::default();
    // A successor the run may not read: in a layer not ready, or above the values kept.
    let out_of_reach = |l: usize| {
        reach.ready.is_some_and(|ready| !ready[l])
            || reach
                .most_off
                .is_some_and(|most| index.layers[l].total_off() > most)
    };
    index.for_row(&engine.rules, layer, key, |i, pos| {
        let progress = progress(pos);
        if reach
            .part
            .is_some_and(|(lo, hi)| !(lo..=hi).contains(&progress))
        {
            return;
        }
        let head = list.len();
        made.push(Record {
            progress,
            own: E::new(i as u64, false),
            at: head,
        });
        let found = list_state(engine, index, chances, pos, &mut scratch, &mut list);
        flaws.cut |= found.cut;
        flaws.wide |= found.wide;
        // A whole solve with every value in memory reaches every layer: nothing to look up.
        let checked = reach.ready.is_some() || reach.most_off.is_some();
        if checked && missing.is_none() {
            missing = (list[head + words..].iter())
                .map(|e| e.slot() as u64)
                .filter(|&i| i != index.states)
                .map(|i| index.layer_holding(i))
                .find(|&l| out_of_reach(l));
        }
    });
    if flaws.cut {
        return Err(Unmade::TooManyMoves);
    }
    if flaws.wide {
        return Err(Unmade::TooManySuccessors);
    }
    Ok((made, list, missing))
}

/// Makes the lists of the states of `layers` (one super-layer, `total` pieces off; `all` states,
/// or those of the part `reach` gives), in sweep order, kept in `store`.
pub(super) fn make<K: Changes, E: Entry>(
    (total, layers, all): (usize, &[usize], u64),
    reach: Reach,
    store: &mut Store,
) -> Result<SuperLayer<K, E>, Unmade> {
    let Finder {
        engine,
        index,
        chances,
        ..
    } = store.finder;
    let words = entries::heads::<E>(chances.len());
    store.owed = all * super::chosen_bytes(index, size_of::<K>() as u64);
    let groups: Vec<(usize, u32)> = layers
        .iter()
        .flat_map(|&l| index.opponent_keys(l).into_iter().map(move |k| (l, k)))
        .collect();
    // Per progress: the blocks made, and the one being filled.
    type Bucket<K, E> = (Vec<Block<K, E>>, Made<E>);
    let mut by_progress: Vec<Bucket<K, E>> = Vec::new();
    let mut states = 0;
    for some in groups.chunks(batch(index, all, groups.len())) {
        let made: Vec<_> = some
            .par_iter()
            .map(|&group| make_group(engine, index, chances, group, reach))
            .collect();
        for group in made {
            let (records, list, missing) = group?;
            if let Some(l) = missing {
                return Err(Unmade::Missing(l));
            }
            for r in records {
                let p = usize::from(r.progress);
                if by_progress.len() <= p {
                    by_progress.resize_with(p + 1, || (Vec::new(), Made::new()));
                }
                let (done, open) = &mut by_progress[p];
                let n = words + entries::successors(&list[r.at..r.at + words]);
                open.owns.push(r.own);
                open.list.extend_from_slice(&list[r.at..r.at + n]);
                states += 1;
                if open.owns.len() == BLOCK {
                    done.push(store.keep(open, chances.len()).map_err(Unmade::Spill)?);
                }
            }
        }
    }
    let mut buckets = Vec::new();
    // The greatest progress first.
    for (mut done, mut open) in by_progress.into_iter().rev() {
        if !open.owns.is_empty() {
            done.push(
                store
                    .keep(&mut open, chances.len())
                    .map_err(Unmade::Spill)?,
            );
        }
        if !done.is_empty() {
            buckets.push(done);
        }
    }
    // The groups' lists and the buffers blocks were gathered in are freed: their memory goes
    // back to the system before the sweeps, not kept by the allocator for reuse.
    super::pages::trim();
    Ok(SuperLayer {
        total,
        states,
        buckets,
    })
}
