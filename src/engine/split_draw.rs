//! A random move of a split turn drawn without listing every move: what the random player plays
//! (docs/agents.md). Listing a turn's moves searches every order of every way to share the
//! total (hundreds of states a turn on average in Finkel's Senet); a draw looks at one way at a
//! time.
//!
//! Where the whole total can be used, the draw is uniform over the ways to share it that can be
//! played (how far each piece moves, each by at most one movement), then uniform over the
//! orders that play the way drawn. Every legal move can come out, though not each with the same
//! chance: a result that two ways reach comes out twice as often as one that one way reaches.
//! Where only a part of the total can be used (or none: a backward move, or a pass), the draw is
//! uniform over the legal moves, as listed.
//!
//! A way is drawn by counting: the ways for the pieces from the i-th on to share r, for every
//! i and r (each piece only by distances its path allows), then one number below the count of
//! all ways, read piece by piece. A way that cannot be played is drawn again; after [`TRIES`]
//! draws the listing says whether the whole total can be used at all (if it can, the draws go
//! on until one plays). The orders of a way are counted from each set of its pieces moved so
//! far, and one is read off the counts.

use rand::{Rng, RngExt};

use super::apply::NoRecord;
use super::game::draw_below;
use super::generate::{between, bit, lowest, part_end};
use super::position::any_side_flag;
use super::{Engine, Move, Position, Step};
use crate::types::limits::{MAX_PIECES, MAX_THROW_VALUE};
use crate::types::{Side, Throw};

/// How many ways are drawn before the listing is asked whether the whole total can be used.
const TRIES: u32 = 256;

/// How many more draws are made once the listing says the whole total can be used: a bound a
/// correct count of the ways never reaches (past it, the listed moves are drawn from).
const MORE_TRIES: u32 = 1 << 22;

/// What a draw gives: a move, or a pass (the side has no legal move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    Move(Move),
    Pass,
}

/// Room a draw reuses: nothing is allocated per draw once it has grown.
#[derive(Default)]
pub struct DrawRoom {
    /// `ways[i * (t + 1) + r]`: the ways for pieces `i..` to share `r`.
    ways: Vec<u128>,
    /// Backward moves, or the listing of a hard turn.
    moves: Vec<Move>,
    memo: Memo,
}

/// One way to share a part of the total: the pieces (their positions, ascending) and how far
/// each moves (0: it stays).
struct Way {
    pieces: [u8; MAX_PIECES],
    dist: [u16; MAX_PIECES],
    /// Per piece: the distances it might move (bit `d`), see [`Engine::reach`].
    reach: [u128; MAX_PIECES],
    n: usize,
}

impl Engine {
    /// Whether a move of a split turn can be drawn in `pos` with [`Engine::draw_split`]: a
    /// split turn where no piece of the side to move waits to enter and nothing holds, locks or
    /// turns its pieces one way (the moves are then those of the plain search).
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
        let s = pos.to_move;
        let t = total.get();
        if t == 0 {
            return Drawn::Pass;
        }
        let mut way = Way {
            pieces: [0; MAX_PIECES],
            dist: [0; MAX_PIECES],
            reach: [0; MAX_PIECES],
            n: 0,
        };
        let mut bits = pos.on[s];
        while bits != 0 {
            way.pieces[way.n] = lowest(bits);
            way.n += 1;
            bits &= bits - 1;
        }
        if let Some(mv) = self.draw_way(pos, t, &mut way, rng, room, TRIES) {
            return Drawn::Move(mv);
        }
        // A hard turn: the listing says whether the whole total can be used.
        room.moves.clear();
        let best = self.split_moves(pos, total, u64::MAX, 0, true, &mut room.moves);
        if best == t {
            // It can, by ways the draws missed: draw on until one plays (as likely as any
            // other, and sooner on average than trying every way).
            if let Some(mv) = self.draw_way(pos, t, &mut way, rng, room, MORE_TRIES) {
                return Drawn::Move(mv);
            }
            debug_assert!(
                false,
                "no way to share {t} plays, but the listing uses it all"
            );
        }
        // A part of the total, or a backward move, or a pass: uniform over the legal moves.
        match room.moves.len() {
            0 => Drawn::Pass,
            n => Drawn::Move(room.moves[draw_below(rng, n)]),
        }
    }

    /// A way to share `t` drawn uniformly among those that can be played, played in an order
    /// drawn uniformly among those that can be; `None` if `tries` draws found none.
    fn draw_way<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        t: u16,
        way: &mut Way,
        rng: &mut R,
        room: &mut DrawRoom,
        tries: u32,
    ) -> Option<Move> {
        let s = pos.to_move;
        let n = way.n;
        // No single movement covers more than one past the end of the path, or an exit throw.
        let longest = t.min(u16::from(self.masks[s].len.max(MAX_THROW_VALUE)) + 1);
        for i in 0..n {
            way.reach[i] = self.reach(s, way.pieces[i], longest);
        }
        let width = usize::from(t) + 1;
        let ways = &mut room.ways;
        ways.clear();
        ways.resize((n + 1) * width, 0);
        ways[n * width] = 1;
        for i in (0..n).rev() {
            for r in 0..width {
                let mut sum = 0;
                let mut ds = way.reach[i] & (u128::MAX >> (127 - r.min(127)));
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    sum += ways[(i + 1) * width + r - d];
                }
                ways[i * width + r] = sum;
            }
        }
        let all = ways[usize::from(t)];
        if all == 0 {
            return None;
        }
        let wall = self.enemy_barrier(pos, s);
        for _ in 0..tries {
            way.read(&room.ways, width, t, rng.random_range(0..all));
            if self.surely_blocked(pos, s, way, wall) {
                continue;
            }
            room.memo.start(n, pos);
            if let Some(mv) = self.play_way(pos, s, way, rng, &mut room.memo) {
                return Some(mv);
            }
        }
        None
    }

    /// The distances (bit `d`, bit 0 for staying) that a single movement of side `s`'s piece
    /// at `p` might cover, whatever the other pieces: the path's end, exits and stop squares
    /// rule out the rest; where the piece may land depends on where the others are.
    fn reach(&self, s: Side, p: u8, longest: u16) -> u128 {
        let m = &self.masks[s];
        if m.looped || m.trap != 0 {
            // Round a loop, or into a trap: every distance might be a move.
            return u128::MAX >> (127 - longest.min(127));
        }
        let end = if m.segment_ends == 0 {
            m.len
        } else {
            part_end(m, p)
        };
        let mut reach = 1u128;
        for d in 1..=longest.min(127) {
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

    /// `way` played in an order drawn uniformly among those that play it; `None` if none does.
    /// The orders are counted from each set of pieces moved so far (the position after a set
    /// is nearly always the same whatever the order, so each set is counted once), then one is
    /// read off the counts.
    fn play_way<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        s: Side,
        way: &Way,
        rng: &mut R,
        memo: &mut Memo,
    ) -> Option<Move> {
        let all = self.count_orders(pos, s, way, way.moving(), memo);
        if all == 0 {
            return None;
        }
        let mut x = rng.random_range(0..all);
        let (mut at, mut left) = (*pos, way.moving());
        let mut mv = Move::default();
        while left != 0 {
            let mut rest = left;
            loop {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let Some((step, next)) = self.movement(&at, s, way, i) else {
                    continue;
                };
                let n = self.count_orders(&next, s, way, left & !(1 << i), memo);
                if x < n {
                    mv.push(step)?;
                    (at, left) = (next, left & !(1 << i));
                    break;
                }
                x -= n;
            }
        }
        Some(mv)
    }

    /// In how many orders the pieces of `way` in `left` (indices, as bits) can be played from
    /// `pos`, each movement legal when it is made.
    fn count_orders(&self, pos: &Position, s: Side, way: &Way, left: u32, memo: &mut Memo) -> u64 {
        if left == 0 {
            return 1;
        }
        if let Some(n) = memo.get(left, pos) {
            return n;
        }
        let mut count = 0;
        let mut rest = left;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if let Some((_, next)) = self.movement(pos, s, way, i) {
                count += self.count_orders(&next, s, way, left & !(1 << i), memo);
            }
        }
        memo.put(left, pos, count);
        count
    }

    /// Whether `way` surely cannot be played, whatever the order: a piece of it would land on
    /// one of its side's pieces that stays where it is; or no piece of it can capture (the
    /// enemy pieces it would land on are safe or protected), so that the enemy pieces stay
    /// where they are while it is played, and a piece of it would land on one of them or cross
    /// `wall` (their blockades and the stop squares).
    fn surely_blocked(&self, pos: &Position, s: Side, way: &Way, wall: u64) -> bool {
        let m = &self.masks[s];
        if m.looped || m.twins || m.trap != 0 || m.segment_ends != 0 {
            return false;
        }
        let staying = (0..way.n)
            .filter(|&i| way.dist[i] == 0)
            .fold(0u64, |b, i| b | bit(way.pieces[i]));
        let enemy = pos.squares[s.other()];
        let mut may_capture = false;
        let mut stuck = false;
        for i in 0..way.n {
            let (p, d) = (way.pieces[i], way.dist[i]);
            if d == 0 {
                continue;
            }
            if m.exit_throws[usize::from(p - 1)] & Throw::new(d).mask_bit() != 0 {
                stuck |= between(p, m.len + 1) & wall != 0;
                continue;
            }
            let Ok(t) = u8::try_from(u32::from(p) + u32::from(d)) else {
                continue;
            };
            if t > m.len {
                continue;
            }
            if staying & bit(t) != 0 {
                return true;
            }
            stuck |= between(p, t) & wall != 0;
            if enemy & m.square_bit[usize::from(t - 1)] != 0 {
                // Where a captured piece goes may depend on where the mover's side stands.
                if m.capture_to & bit(t) != 0 || self.can_land(pos, s, p, t) {
                    may_capture = true;
                } else {
                    stuck = true;
                }
            }
        }
        stuck && !may_capture
    }

    /// The movement of piece `i` of `way` from `pos`, if it is legal there, and the position
    /// after it. A piece that has not moved is where it began: no move of its own side lands
    /// on it, and a capture moves only the other side's pieces.
    fn movement(&self, pos: &Position, s: Side, way: &Way, i: usize) -> Option<(Step, Position)> {
        let p = way.pieces[i];
        let d = Throw::new(way.dist[i]);
        let barrier = self.barrier(pos, s);
        let can_bear = self.can_bear_off(pos, s);
        let to = self.forward_target(pos, s, p, d, barrier, can_bear)?;
        let step = Step::packed(p, to);
        let mut next = *pos;
        self.apply_step(&mut next, s, step, &mut NoRecord, u8::MAX);
        Some((step, next))
    }
}

/// The counts of orders of one way, by the set of pieces still to move, each with the position
/// it was counted from (a set reached in another position is counted afresh). Entries of
/// earlier ways are told apart by their generation, so nothing is cleared between ways.
#[derive(Default)]
pub(super) struct Memo {
    entries: Vec<(u32, Position, u64)>,
    generation: u32,
}

impl Memo {
    /// Starts a new way whose moving pieces have indices below `n` (`pos` fills new room).
    fn start(&mut self, n: usize, pos: &Position) {
        if self.entries.len() < 1 << n {
            self.entries.resize(1 << n, (0, *pos, 0));
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped round: old entries could pass for new ones.
            self.entries.iter_mut().for_each(|e| e.0 = 0);
            self.generation = 1;
        }
    }

    fn get(&self, left: u32, pos: &Position) -> Option<u64> {
        let (g, p, n) = &self.entries[left as usize];
        (*g == self.generation && p == pos).then_some(*n)
    }

    fn put(&mut self, left: u32, pos: &Position, n: u64) {
        let e = &mut self.entries[left as usize];
        if e.0 != self.generation {
            *e = (self.generation, *pos, n);
        }
    }
}

impl Way {
    /// Sets the distances to way number `x` of those to share `t` (numbered piece by piece,
    /// each piece's shorter distances first), `ways` being the counts of [`Engine::draw_way`].
    fn read(&mut self, ways: &[u128], width: usize, t: u16, x: u128) {
        let (mut x, mut r) = (x, usize::from(t));
        for i in 0..self.n {
            let mut ds = self.reach[i] & (u128::MAX >> (127 - r.min(127)));
            loop {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let w = ways[(i + 1) * width + r - d];
                if x < w {
                    self.dist[i] = u16::try_from(d).unwrap_or(u16::MAX);
                    r -= d;
                    break;
                }
                x -= w;
            }
        }
    }

    /// The pieces that move, as bits of their indices.
    fn moving(&self) -> u32 {
        (0..self.n)
            .filter(|&i| self.dist[i] > 0)
            .fold(0, |m, i| m | 1 << i)
    }
}
