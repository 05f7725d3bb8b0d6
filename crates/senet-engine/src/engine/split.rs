//! Throw-all-then-split turns: the total is shared among pieces, each moving at most once (or
//! again from where it may stop and go on), each single movement legal when it is made. The whole total must be used if some sequence can;
//! else the largest part that can. With no forward sequence at all, one piece moves backwards by
//! the whole total, if the rules allow backward moves.
//!
//! The search keeps its sets between calls (one per thread), so a turn allocates nothing once
//! the sets have grown to the largest turn seen; positions are keyed by the few words that tell
//! them apart within one turn.

use std::cell::RefCell;
use std::collections::HashSet;

use super::apply::NoRecord;
use super::generate::{between, bit, lowest};
use super::split_draw::{LONGEST, highest};
use super::word_hash::Fast;
use super::{Engine, Move, Position, Step};
use senet_lang::types::limits::MAX_THROW_VALUE;
use senet_lang::types::{Side, Throw};

/// What tells two positions of one turn apart: both sides' pieces on the board, their counts
/// of waiting, borne-off and removed pieces, and the flags and first moves (square effects may
/// change them). The squares and the crossing sets follow from the pieces, and the side to
/// move does not change within a turn.
fn key(pos: &Position) -> [u64; 4] {
    let counts = |s: Side| {
        u64::from(pos.waiting[s]) | u64::from(pos.off[s]) << 8 | u64::from(pos.removed[s]) << 16
    };
    [
        pos.on[Side::First],
        pos.on[Side::Second],
        counts(Side::First)
            | counts(Side::Second) << 24
            | u64::from(pos.flags) << 48
            | u64::from(pos.turn_way) << 56,
        u64::from(pos.unmoved[Side::First])
            | u64::from(pos.unmoved[Side::Second]) << 16
            | u64::from(pos.owed) << 48,
    ]
}

/// What the steps of a sequence so far mean for the turn once it is made, beside where the
/// pieces stand: whether a step earned an extra throw, and, where rules about the turn look at
/// them (`after_hook`), whether a piece entered and the positions landed on and captured on. Two
/// sequences to the same position that differ in these are different moves.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Trace {
    /// Whether a step earned an extra throw; where extra throws add up, how many.
    extra: u8,
    entered: bool,
    touched: u64,
    captured: u64,
}

/// The sets of one search, kept between searches.
#[derive(Default)]
struct Sets {
    /// Whether the last search stopped at [`SPLIT_STATES`] (its list cut short).
    cut: bool,
    /// The states the last search visited.
    visited: usize,
    /// The results found so far (the keys of the positions after the whole move, with the
    /// side to move next).
    results: HashSet<[u64; 4], Fast>,
    /// The states reached: a position, the pieces moved (where they now rest), the total left
    /// and what the steps so far mean for the turn.
    seen: HashSet<([u64; 4], u64, u16, Trace), Fast>,
}

/// The most states the kept sets hold room for after a search.
const SMALL_SETS: usize = 1 << 14;

/// The most states one listing of a split turn's moves visits: past it the listing stops, its
/// list cut short ([`super::Listing::Cut`]), and whoever asked must not take it for the list
/// (a game stops there, unfinished; `senet moves` refuses the position). A state takes about
/// 150 bytes of the search's sets as they grow, so a listing holds at most about 230 MB and
/// takes two or three seconds. Seven free pieces of Senet share a total of 32 in fewer.
pub const SPLIT_STATES: usize = 1 << 20;

/// The most single movements one listing tries (each piece by each distance it might go, from
/// each state): past it the listing is cut short as past [`SPLIT_STATES`]. Seven free pieces of
/// Senet try about 200 from each state, so the states bound the listing first; round a loop,
/// where a piece may go any distance, a large total tries thousands from each, and this bounds
/// it (a couple of seconds).
pub const SPLIT_TRIES: u64 = 1 << 28;

/// Whether the last listing of a split turn's moves on this thread was cut short.
pub(super) fn last_listing_cut() -> bool {
    SETS.with(|sets| sets.borrow().cut)
}

/// Forgets the last listing (before a listing that may not search).
pub(super) fn clear_cut() {
    SETS.with(|sets| {
        let mut sets = sets.borrow_mut();
        sets.cut = false;
        sets.visited = 0;
    });
}

impl Engine {
    /// The states the last listing of a split turn's moves on this thread visited (0 where it
    /// searched nothing): its work, which a search that lists many (an agent's) counts.
    pub fn last_listing_states(&self) -> usize {
        SETS.with(|sets| sets.borrow().visited)
    }
}

thread_local! {
    static SETS: RefCell<Sets> = RefCell::new(Sets::default());
}

struct Search<'a> {
    /// Whether waiting pieces may enter.
    may_enter: bool,
    /// A piece (one bit) that every sequence must move, or 0.
    must: u64,
    /// The largest part of the total a sequence has used so far.
    best: u16,
    /// One move per distinct resulting position, in the order found (written into the
    /// caller's list from where it began).
    found: &'a mut Vec<Move>,
    start: usize,
    sets: &'a mut Sets,
    /// The position the turn starts from, and its total: a result is the position after the
    /// whole move, the side to throw next included.
    origin: &'a Position,
    total: Throw,
    /// Whether the search stops at the first sequence that uses the whole total (the
    /// question is only whether one does), and whether it has.
    until_whole: bool,
    whole: bool,
    /// Whether the search stopped at [`SPLIT_STATES`] or [`SPLIT_TRIES`].
    cut: bool,
    /// The single movements tried so far.
    tries: u64,
    /// Whether states that cannot reach the best part found are cut off (always, but in the
    /// tests that hold it to the search without).
    prune: bool,
    /// Whether the pieces move backwards (`backward when no forward move, split among pieces`).
    backward: bool,
}

impl Engine {
    /// Only pieces at positions in `pieces` may move; waiting pieces enter only if `may_enter`
    /// (a set of every position says nothing of entering: a rule may hold a side to a path's
    /// every square and still keep its waiting pieces out). Where `must` holds a piece, every
    /// sequence moves it (and a backward move is its own). With no forward sequence, one piece moves backwards only if `or_backward`.
    /// Returns the part of the total the forward sequences use (0: none).
    pub(super) fn split_moves(
        &self,
        pos: &Position,
        total: Throw,
        (pieces, may_enter, must): (u64, bool, u64),
        or_backward: bool,
        out: &mut Vec<Move>,
    ) -> u16 {
        let only = (pieces, may_enter, must);
        self.split_search(pos, total, only, (or_backward, false), (false, true), out)
    }

    /// The moves of a split turn that has moved backwards already and shares its total among
    /// pieces moving backwards (`backward when no forward move, split among pieces`): the same
    /// search, backwards only.
    pub(super) fn split_backward_moves(
        &self,
        pos: &Position,
        total: Throw,
        (pieces, must): (u64, u64),
        out: &mut Vec<Move>,
    ) {
        let only = (pieces, false, must);
        self.split_search(pos, total, only, (true, true), (false, false), out);
    }

    /// The legal moves of the side to move for the split total `total` into `out`, as
    /// [`Engine::split_moves`] lists them for every piece, unless a sequence uses the whole
    /// total: then it stops there (the list unfinished) and returns the total.
    pub(super) fn split_moves_unless_whole(
        &self,
        pos: &Position,
        total: Throw,
        out: &mut Vec<Move>,
    ) -> u16 {
        self.split_search(
            pos,
            total,
            (u64::MAX, true, 0),
            (true, false),
            (true, true),
            out,
        )
    }

    fn split_search(
        &self,
        pos: &Position,
        total: Throw,
        (pieces, may_enter, must): (u64, bool, u64),
        (or_backward, only_backward): (bool, bool),
        (until_whole, prune): (bool, bool),
        out: &mut Vec<Move>,
    ) -> u16 {
        let s = pos.to_move;
        if total.is_zero() {
            return 0;
        }
        SETS.with(|sets| {
            // A search never starts another: the sets are free.
            let mut sets = sets.borrow_mut();
            let start = out.len();
            let (mut best, mut cut) = (0, false);
            // Forwards; then, where no forward sequence exists and the rules split a backward
            // move too, backwards the same way (no piece entering, and to the end: no caller
            // asks whether a backward sequence uses the whole total).
            let split_back = self.rules.backward && self.rules.backward_split && or_backward;
            for backward in [false, true] {
                if !backward && only_backward {
                    continue;
                }
                if backward && (best != 0 || cut || !split_back) {
                    break;
                }
                sets.results.clear();
                sets.seen.clear();
                let mut search = Search {
                    may_enter: may_enter && must == 0 && !backward,
                    must,
                    best: 0,
                    found: &mut *out,
                    start,
                    sets: &mut sets,
                    origin: pos,
                    total,
                    until_whole: until_whole && !backward,
                    whole: false,
                    cut: false,
                    tries: 0,
                    // The bound of what pieces may still use looks forwards only.
                    prune: prune && !backward,
                    backward,
                };
                // Pieces that may not move count as moved already.
                self.extend(
                    pos,
                    s,
                    (pos.on[s] & !pieces, Trace::default()),
                    total.get(),
                    total.get(),
                    &mut Move::default(),
                    &mut search,
                );
                cut = search.cut;
                if !backward {
                    best = search.best;
                }
            }
            sets.cut = cut;
            sets.visited = sets.seen.len();
            // A rare long turn leaves large sets; every later search would clear them and
            // scatter its few states over them.
            if sets.seen.capacity() > SMALL_SETS {
                sets.seen = HashSet::default();
                sets.results = HashSet::default();
            }
            if best == 0 && !cut && self.rules.backward && or_backward && !split_back {
                // The piece that must move next moves back alone, if it may move at all.
                let pieces = if must != 0 { must & pieces } else { pieces };
                self.backward_moves(pos, s, total, pieces, out);
            }
            best
        })
    }

    /// In how many ways the side to move could share `total` among its pieces, each moving
    /// at most once by at most what a single movement can cover (waiting pieces included): a
    /// bound on the work of listing a split turn's moves, whatever blocks the pieces. Saturates.
    pub fn split_ways(&self, pos: &Position, total: Throw) -> u64 {
        let s = pos.to_move;
        let total = usize::from(total.get());
        let longest = total.min(usize::from(self.masks[s].len.max(MAX_THROW_VALUE)) + 1);
        let pieces = pos.on[s].count_ones() + u32::from(pos.waiting[s]);
        // ways[t]: the ways to use exactly t among the pieces counted so far.
        let mut ways = vec![0u64; total + 1];
        ways[0] = 1;
        let mut sums = vec![0u64; total + 2];
        for _ in 0..pieces {
            // Each piece stays, or moves 1 to `longest`: a sliding sum over the ways before it.
            for t in 0..=total {
                sums[t + 1] = sums[t].saturating_add(ways[t]);
            }
            for t in 0..=total {
                ways[t] = sums[t + 1] - sums[t.saturating_sub(longest)];
            }
        }
        ways.iter().fold(0u64, |a, &w| a.saturating_add(w))
    }

    /// The most that side `s`'s pieces not yet moved (those on the board but `moved`, and the
    /// waiting ones where they may enter) might still use of `remaining`, each by the longest
    /// movement its reach allows: a bound, whatever blocks them.
    fn most_left(
        &self,
        pos: &Position,
        s: Side,
        moved: u64,
        remaining: u16,
        may_enter: bool,
    ) -> u16 {
        if may_enter && pos.waiting[s] > 0 {
            // An entry's reach is not kept: no bound.
            return remaining;
        }
        let within = u128::MAX >> (LONGEST - remaining.min(LONGEST));
        let mut most = 0u16;
        let mut bits = pos.on[s] & !moved;
        while bits != 0 {
            let p = lowest(bits);
            bits &= bits - 1;
            let reach = self.split_reach[s][usize::from(p - 1)];
            if reach >> LONGEST != 0 {
                // Round a loop or into a trap: any distance might be a move.
                return remaining;
            }
            most = most.saturating_add(highest(reach & within));
            if most >= remaining {
                return remaining;
            }
        }
        most
    }

    /// Tries every next single movement of a piece that has not moved yet (`moved` holds the
    /// positions where moved pieces now rest). A move holds a step for every piece of a side,
    /// and each piece moves at most once, so no sequence is ever cut short.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        pos: &Position,
        s: Side,
        (moved, trace): (u64, Trace),
        remaining: u16,
        total: u16,
        mv: &mut Move,
        search: &mut Search,
    ) {
        if search.whole || search.cut {
            return;
        }
        let used = total - remaining;
        // A sequence that leaves the piece that must move where it is does not count.
        let counts = search.must == 0
            || mv
                .steps()
                .iter()
                .any(|st| st.packed_from() != 0 && bit(st.packed_from()) & search.must != 0);
        if used > 0 && counts {
            if used > search.best {
                search.best = used;
                search.found.truncate(search.start);
                search.sets.results.clear();
            }
            if search.until_whole && used == total {
                search.whole = true;
                return;
            }
            if used == search.best {
                let after = self.successor(search.origin, mv, search.total);
                let mut result = key(&after);
                result[3] |= u64::from(after.to_move == Side::Second) << 40;
                if search.sets.results.insert(result) {
                    search.found.push(*mv);
                }
            }
        }
        if remaining == 0 {
            return;
        }
        // Nothing from here can use as much as a sequence found already: every result it
        // could give would be dropped. (Whether a state is cut off depends only on the state,
        // which the search keys, so a state met again is cut off again.)
        if search.prune
            && used + self.most_left(pos, s, moved, remaining, search.may_enter) < search.best
        {
            return;
        }
        let barrier = self.barrier(pos, s);
        if search.backward {
            self.extend_backward(
                pos,
                s,
                (moved, trace, remaining, total),
                barrier,
                mv,
                search,
            );
            return;
        }
        let can_bear = self.can_bear_off(pos, s);
        // No single step moves further than one past the end of the path, or than an exit
        // throw (a single throw's value); round a loop, any distance.
        let longest = if self.masks[s].looped {
            remaining
        } else {
            remaining.min(u16::from(self.masks[s].len.max(MAX_THROW_VALUE)) + 1)
        };
        let mut bits = pos.on[s] & !moved;
        // The movements this state tries count toward the listing's work: round a loop, a state
        // may try thousands.
        search.tries += u64::from(bits.count_ones()) * u64::from(longest);
        if search.tries > SPLIT_TRIES {
            search.cut = true;
            return;
        }
        while bits != 0 {
            let p = lowest(bits);
            bits &= bits - 1;
            for d in 1..=longest {
                if let Some(t) = self.forward_target(pos, s, p, Throw::new(d), barrier, can_bear) {
                    let step = (Step::packed(p, t), d);
                    self.step_on(pos, s, step, (moved, trace, remaining, total), mv, search);
                    if search.whole || search.cut {
                        return;
                    }
                }
            }
        }
        // Only the pieces that waited when the turn began may enter: a piece its own movement
        // sent back to waiting has moved.
        let entered = mv.steps().iter().filter(|st| st.packed_from() == 0).count();
        if search.may_enter && usize::from(search.origin.waiting[s]) > entered {
            // A single throw split among pieces enters a piece only whole.
            let whole = self.rules.throw_again == 0;
            let first = if whole { total } else { 1 };
            // No entry covers more than the path and one square more.
            let parts = if whole && remaining != total {
                0
            } else if whole {
                remaining
            } else {
                longest
            };
            for d in first..=parts {
                if let Some(t) = self.entry_target(pos, s, Throw::new(d), barrier) {
                    let step = (Step::packed(0, t), d);
                    self.step_on(pos, s, step, (moved, trace, remaining, total), mv, search);
                }
            }
        }
    }

    /// [`Engine::extend`] for a backward split: every next single backward movement of a piece
    /// that has not moved yet, each as a backward move of its own would be (not from where
    /// no piece moves backwards or only bears off, not past a barrier, onto an empty square
    /// where the rules say so). No piece enters.
    fn extend_backward(
        &self,
        pos: &Position,
        s: Side,
        (moved, trace, remaining, total): (u64, Trace, u16, u16),
        barrier: u64,
        mv: &mut Move,
        search: &mut Search,
    ) {
        let m = &self.masks[s];
        let mut bits = pos.on[s] & !moved & !m.only_bear_off & !m.no_backward;
        search.tries += u64::from(bits.count_ones()) * u64::from(remaining.min(64));
        if search.tries > SPLIT_TRIES {
            search.cut = true;
            return;
        }
        while bits != 0 {
            let p = lowest(bits);
            bits &= bits - 1;
            for d in 1..=remaining.min(u16::from(p) - 1) {
                let t = p - u8::try_from(d).unwrap_or(u8::MAX);
                let onto_piece = pos.occupied() & m.square_bit[usize::from(t - 1)] != 0;
                if between(t, p) & barrier == 0
                    && !(self.rules.backward_onto_empty && onto_piece)
                    && self.can_land(pos, s, p, t)
                {
                    let step = (Step::packed(p, t), d);
                    self.step_on(pos, s, step, (moved, trace, remaining, total), mv, search);
                    if search.cut {
                        return;
                    }
                }
            }
        }
    }

    /// Makes one single movement (`step`, covering `d`) and searches on from where it leads,
    /// unless that state was reached before.
    fn step_on(
        &self,
        pos: &Position,
        s: Side,
        (step, d): (Step, u16),
        (moved, trace, remaining, total): (u64, Trace, u16, u16),
        mv: &mut Move,
        search: &mut Search,
    ) {
        let mut next = *pos;
        let landed = self.apply_step(&mut next, s, step, &mut NoRecord, u8::MAX);
        let rest = landed.rest;
        let mut trace = trace;
        trace.extra = if self.adds_up {
            trace.extra.saturating_add(u8::from(landed.extra))
        } else {
            trace.extra | u8::from(landed.extra)
        };
        if self.after_hook {
            trace.entered |= step.packed_from() == 0;
            trace.touched |= landed.touched;
            trace.captured |= landed.captured;
        }
        // A piece borne off, sent back to waiting or removed no longer stands anywhere; one
        // that rests where it may stop and go on may move again.
        let moved_next = if (1..=64).contains(&rest) && self.masks[s].stop_and_go & bit(rest) == 0 {
            moved | bit(rest)
        } else {
            moved
        };
        let left = remaining - d;
        if !search
            .sets
            .seen
            .insert((key(&next), moved_next, left, trace))
        {
            return;
        }
        if search.sets.seen.len() > SPLIT_STATES {
            search.cut = true;
            return;
        }
        if mv.push(step).is_none() {
            // More steps than a move holds: only where pieces stop and go on (each piece
            // otherwise moves once); the sequence goes no further.
            return;
        }
        self.extend(&next, s, (moved_next, trace), left, total, mv, search);
        mv.pop();
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64Mcg;
    use senet_lang::check::check_text;
    use senet_lang::types::Throw;

    use crate::compile::compile;
    use crate::engine::game::{Action, Game, random_throw_for};
    use crate::engine::{Engine, Listing, Move, Position};

    /// Positions where a side chose a move in random games of `engine`.
    fn visited(engine: &Engine, games: u64) -> Vec<Position> {
        let mut out = Vec::new();
        for seed in 0..games {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            // Moves chosen at random, as the random agent does (that agent is a later crate's).
            let mut choices = Pcg64Mcg::seed_from_u64(seed ^ 1);
            let mut game = Game::new(engine, 200);
            loop {
                match game.next_action() {
                    Action::Over => break,
                    Action::Choose { .. } => {
                        out.push(game.pos);
                        let i = choices.random_range(0..game.moves().len());
                        game.choose(i);
                    }
                    action => game.give_throw(random_throw_for(engine, action, &mut rng)),
                }
            }
        }
        out
    }

    /// Cutting off the states that cannot reach the best part found changes nothing: the same
    /// moves in the same order, for totals small and large (most of which the pieces cannot use
    /// whole), on Finkel's rules and on a variant that retreats, captures by sending back and
    /// has traps.
    #[test]
    fn pruning_keeps_every_move_and_its_order() {
        let variant = "ruleset \"v\"\nextends \"senet/finkel\"\ntitle \"v\"\noption pieces: 3 | 7 default 3\non passing 26: go to 27\n";
        for text in [None, Some(variant)] {
            let rules = match text {
                None => senet_lang::check::check_target(
                    "senet/finkel",
                    &[("pieces".into(), "3".into())],
                )
                .ok(),
                Some(t) => check_text("v.rules", t, None, &[]).ok(),
            }
            .expect("checks");
            let engine = Engine::new(compile(&rules));
            let (mut pruned, mut whole) = (Vec::<Move>::new(), Vec::<Move>::new());
            let mut compared = 0;
            for pos in visited(&engine, 4).iter().step_by(4) {
                for total in [1u16, 3, 7, 12, 20, 31, 45, 70] {
                    let t = Throw::new(total);
                    assert_eq!(engine.legal_moves(pos, t, &mut pruned), Listing::Whole);
                    whole.clear();
                    let every = (u64::MAX, true, 0);
                    engine.split_search(pos, t, every, (true, false), (false, false), &mut whole);
                    // Steps past a move's length are not part of it.
                    let steps = |list: &[Move]| -> Vec<Vec<_>> {
                        list.iter().map(|m| m.steps().to_vec()).collect()
                    };
                    assert_eq!(steps(&pruned), steps(&whole), "total {total} in {pos:?}");
                    compared += 1;
                }
            }
            assert!(compared > 50, "{compared}");
        }
    }
}
