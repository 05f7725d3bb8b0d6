//! A random move of a split turn drawn without listing every move: what the random player plays
//! (docs/agents.md). Listing a turn's moves searches every order of every way to share the
//! total (hundreds of states a turn on average in Finkel's Senet); a draw plays one sequence
//! of movements at a time.
//!
//! Where the whole total can be used, the pieces move one at a time, as a player moves them:
//! each time, a movement is drawn uniformly among those legal at that moment of a piece that
//! has not moved yet, by at most what is left of the total (by exactly what is left, for the
//! last piece that has not moved). A sequence that leaves part of the total unused is dropped
//! and another drawn from the start: the move is drawn among the sequences that use the whole
//! total, each as likely as the product of its steps' chances. After [`FEW`] dropped
//! sequences, a search says whether the whole total can be used at all: if it can, sequences
//! are drawn on until one does; if not, the move is drawn uniformly from the listed ones (a
//! part of the total, a backward move, or a pass).
//!
//! A step draws piece and distance together, uniformly among every piece not yet moved and
//! every distance it might be given, until one is legal (a uniform draw among the legal ones);
//! after [`STEP_TRIES`] draws, the legal ones are counted and one is read off the count, so
//! that a step with none legal is told at once.

use rand::Rng;

use super::apply::NoRecord;
use super::game::draw_below;
use super::generate::{between, bit, lowest, part_end};
use super::position::any_side_flag;
use super::{Engine, Move, Position, Step};
use senet_lang::types::limits::MAX_PIECES;
use senet_lang::types::{Side, Throw};

/// How many sequences are drawn before a search is asked whether the whole total can be used.
const FEW: u32 = 8;

/// How many more are drawn once the search says it can: a bound that a sequence with any
/// real chance never reaches (past it, the listed moves are drawn from).
const MORE: u32 = 1 << 22;

/// How many movements a step draws before it counts the legal ones.
const STEP_TRIES: usize = 32;

/// The longest distance a piece's reach holds ([`Engine::reach`]).
pub(super) const LONGEST: u16 = 127;

/// What a draw gives: a move, a pass (the side has no legal move), or neither: the whole total
/// cannot be used and the listing of the moves that use the most of it was cut short
/// ([`super::Listing::Cut`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    Move(Move),
    Pass,
    TooLarge,
}

/// Room a draw reuses: nothing is allocated per draw once it has grown.
#[derive(Default)]
pub struct DrawRoom {
    /// The listed moves, where the whole total cannot be used.
    moves: Vec<Move>,
}

impl Engine {
    /// Whether a move of a split turn can be drawn in `pos` with [`Engine::draw_split`]: a
    /// split turn where no piece of the side to move waits to enter and nothing holds, locks or
    /// turns its pieces one way (the moves are then those of the plain search: single
    /// movements, each legal when made, each piece moving once).
    pub fn draws_split(&self, pos: &Position) -> bool {
        let s = pos.to_move;
        self.rules.split
            && !self.extras
            && !self.optional_effects
            && pos.flags & any_side_flag(s) == 0
            && pos.waiting[s] == 0
            && pos.turn_way == 0
    }

    /// A random legal move of the side to move for the split total `total`, drawn as the module
    /// says; `pos` must be one [`Engine::draws_split`] accepts.
    pub fn draw_split<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        total: Throw,
        rng: &mut R,
        room: &mut DrawRoom,
    ) -> Drawn {
        debug_assert!(self.draws_split(pos));
        let t = total.get();
        if t == 0 {
            return Drawn::Pass;
        }
        if let Some(mv) = self.draw_sequences(pos, t, rng, FEW) {
            return Drawn::Move(mv);
        }
        // A hard turn: a search says whether the whole total can be used, and lists the
        // moves where it cannot.
        room.moves.clear();
        let best = self.split_moves_unless_whole(pos, total, &mut room.moves);
        if super::split::last_listing_cut() {
            return Drawn::TooLarge;
        }
        if best == t {
            if let Some(mv) = self.draw_sequences(pos, t, rng, MORE) {
                return Drawn::Move(mv);
            }
            debug_assert!(false, "no sequence uses {t}, but the search uses it all");
            if self.legal_moves(pos, total, &mut room.moves) == super::Listing::Cut {
                return Drawn::TooLarge;
            }
        }
        match room.moves.len() {
            0 => Drawn::Pass,
            n => Drawn::Move(room.moves[draw_below(rng, n)]),
        }
    }

    /// Up to `tries` sequences drawn from `pos`: the first that uses the whole of `t`.
    fn draw_sequences<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        t: u16,
        rng: &mut R,
        tries: u32,
    ) -> Option<Move> {
        let s = pos.to_move;
        // The pieces, in order of position, and the longest movement any of them might make
        // (no step draws a longer one).
        let (mut pieces, mut k, mut any, mut each) = ([0u8; MAX_PIECES], 0, 1u128, pos.on[s]);
        while each != 0 {
            let p = lowest(each);
            each &= each - 1;
            any |= self.split_reach[s][usize::from(p - 1)];
            pieces[k] = p;
            k += 1;
        }
        // Round a loop a piece may go round and round: any distance.
        let longest = if self.masks[s].looped {
            t
        } else {
            highest(any)
        };
        for n in 0..tries {
            // Most first sequences use the total: the bound is worked out after one that did
            // not.
            if n == 1 && self.falls_short(s, &pieces[..k], t) {
                return None;
            }
            if let Some(mv) = self.draw_sequence(pos, t, (pieces, k), longest, rng) {
                return Some(mv);
            }
        }
        None
    }

    /// Whether the most `pieces` of side `s` might move in all, each by the longest its reach
    /// allows within `t`, falls short of `t`: then no sequence can use it.
    fn falls_short(&self, s: Side, pieces: &[u8], t: u16) -> bool {
        if self.masks[s].looped {
            // Round a loop a piece may move any distance.
            return false;
        }
        let within = u128::MAX >> (LONGEST - t.min(LONGEST));
        let most: u16 = pieces
            .iter()
            .map(|&p| highest(self.split_reach[s][usize::from(p - 1)] & within))
            .sum();
        most < t
    }

    /// One sequence of movements from `pos`, drawn step by step as the module says; `None` if
    /// it leaves part of `t` unused.
    fn draw_sequence<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        t: u16,
        (mut unmoved, mut k): ([u8; MAX_PIECES], usize),
        longest: u16,
        rng: &mut R,
    ) -> Option<Move> {
        let s = pos.to_move;
        // A piece not yet moved is where it began: no movement of its side lands on it, and a
        // capture moves only the other side's pieces.
        let (mut at, mut left) = (*pos, t);
        let mut mv = Move::default();
        loop {
            let (i, d, to) = self.draw_movement(&at, s, &unmoved[..k], left, longest, rng)?;
            let step = Step::packed(unmoved[i], to);
            mv.push(step)?;
            left -= d;
            if left == 0 {
                // The position after the last step is not needed.
                return Some(mv);
            }
            self.apply_step(&mut at, s, step, &mut NoRecord, u8::MAX);
            unmoved.copy_within(i + 1..k, i);
            k -= 1;
        }
    }

    /// A movement in `at`, drawn uniformly among the legal ones of the pieces `unmoved`
    /// (positions, in order) by 1 to `left` (none past `longest`), or by exactly `left` where
    /// one piece is left: the piece's index, the distance and the target. `None` if none is
    /// legal.
    fn draw_movement<R: Rng + ?Sized>(
        &self,
        at: &Position,
        s: Side,
        unmoved: &[u8],
        left: u16,
        longest: u16,
        rng: &mut R,
    ) -> Option<(usize, u16, u8)> {
        let k = unmoved.len();
        let (low, high) = if k == 1 {
            (left, left)
        } else {
            (1, left.min(longest))
        };
        let m = &self.masks[s];
        if k == 0 || high < low || (high > LONGEST && !m.looped) {
            return None;
        }
        // Where the path is plain, a movement that ends on a piece of its side is not legal.
        let plain = !m.looped && m.trap == 0;
        let own = at.on[s];
        let barrier = self.barrier(at, s);
        let can_bear = self.can_bear_off(at, s);
        let legal = |j: usize, d: u16| {
            let p = unmoved[j];
            let i = usize::from(p - 1);
            // Cheap tests first: a distance its path cannot give (round a loop, any); a landing
            // on its side.
            if !m.looped && self.split_reach[s][i] >> d & 1 == 0 {
                return None;
            }
            // Within the path (its reach says so) unless it bears off.
            if plain
                && u128::from(m.exit_throws[i]) >> d & 1 == 0
                && own >> (u16::from(p) + d - 1) & 1 != 0
            {
                return None;
            }
            let to = self.forward_target(at, s, p, Throw::new(d), barrier, can_bear)?;
            Some((j, d, to))
        };
        // Piece and distance drawn together, uniformly over every piece and every distance
        // from `low` to `high`, until one is legal.
        let width = usize::from(high - low + 1);
        let grid = k * width;
        if grid == 1 {
            // The last piece, by what is left: nothing to draw.
            return legal(0, low);
        }
        let movement = |x: usize| {
            // At most `high`.
            let d = low + u16::try_from(x % width).unwrap_or(0);
            legal(x / width, d)
        };
        for _ in 0..STEP_TRIES.min(grid) {
            if let Some(found) = movement(draw_below(rng, grid)) {
                return Some(found);
            }
        }
        // Too few legal to come by: counted, and one read off the count.
        match (0..grid).filter(|&x| movement(x).is_some()).count() {
            0 => None,
            n => (0..grid).filter_map(movement).nth(draw_below(rng, n)),
        }
    }

    /// Per position index of side `s`'s path, the distances a single movement from there might
    /// cover ([`Engine::reach`]).
    pub(super) fn reach_table(&self, s: Side) -> Vec<u128> {
        (1..=self.masks[s].len).map(|p| self.reach(s, p)).collect()
    }

    /// The distances (bit `d`, bit 0 for staying) that a single movement of side `s`'s piece
    /// at `p` might cover, up to [`LONGEST`], whatever the other pieces: the path's end, exits
    /// and stop squares rule out the rest; where the piece may land depends on where the others
    /// are.
    fn reach(&self, s: Side, p: u8) -> u128 {
        let m = &self.masks[s];
        if m.looped || m.trap != 0 {
            // Round a loop, or into a trap: every distance might be a move.
            return u128::MAX;
        }
        let end = if m.segment_ends == 0 {
            m.len
        } else {
            part_end(m, p)
        };
        let mut reach = 1u128;
        for d in 1..=LONGEST {
            let exit = m.exit_throws[usize::from(p - 1)] & Throw::new(d).mask_bit() != 0;
            let possible = if exit {
                between(p, end + 1) & m.stop == 0
            } else {
                let to = u8::try_from(u32::from(p) + u32::from(d)).unwrap_or(u8::MAX);
                m.only_bear_off & bit(p) == 0 && to <= end && between(p, to) & m.stop == 0
            };
            if possible {
                reach |= 1 << d;
            }
        }
        reach
    }
}

/// The highest distance of `reach` (bit `d`; 0 where it holds only staying, or nothing).
pub(super) fn highest(reach: u128) -> u16 {
    // Below 128.
    u16::try_from((128 - reach.leading_zeros()).saturating_sub(1)).unwrap_or(0)
}
