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
//! A way is drawn by counting: the ways for the pieces from the i-th on to share at most r,
//! for every i and r (each piece only by distances its path allows, a few runs of them), then
//! one number below the count of all ways, read piece by piece. A way that cannot be played is
//! drawn again. After [`FEW`] draws a search says whether the whole total can be used at all:
//! if it can, the draws go on until one plays, among fewer ways: each piece's distances
//! narrowed to those some way that plays could give it (where the rules let that be told
//! cheaply: what a capture in the turn could open); if not, the move is drawn from the listed
//! ones.
//!
//! The orders of a way: where its pieces move apart (each movement legal at once, none
//! changing what another may do), every order plays it; a single movement that is not legal
//! plays in none; else its moving pieces fall into groups too far apart to change what another
//! group may do, and each group's orders are found alone (an order of each drawn, then the
//! groups' steps interleaved uniformly). Within a way or group whose pieces meet, orders are
//! drawn uniformly until one plays: the first that plays is uniform among those that play.
//! Two or three pieces' orders are drawn without repeats (having tried all says none plays);
//! more pieces' a few times, then counted from each set of pieces moved so far and one read
//! off the counts. The debug build checks the groups' orders, counted group by group and
//! interleaved, against the count by sets of the whole way.

use rand::{Rng, RngExt};

use super::apply::NoRecord;
use super::game::draw_below;
use super::generate::{OFF, between, bit, lowest, part_end, runs};
use super::position::any_side_flag;
use super::{Engine, Move, Position, Step};
use crate::compile::BearCondition;
use crate::types::limits::{MAX_PIECES, MAX_THROW_VALUE};
use crate::types::{Side, Throw};

/// How many ways are tried before a search is asked whether the whole total can be used.
const FEW: u32 = 16;

/// How many more draws are made once the listing says the whole total can be used: a bound a
/// correct count of the ways never reaches (past it, the listed moves are drawn from).
const MORE_TRIES: u32 = 1 << 22;

/// What a draw gives: a move, or a pass (the side has no legal move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    Move(Move),
    Pass,
}

/// Totals below this (nearly every turn) are counted in [`DrawRoom::small`].
const SMALL: usize = 16;

/// Room a draw reuses: nothing is allocated per draw once it has grown.
#[derive(Default)]
pub struct DrawRoom {
    /// `small[i][r]`: the ways for pieces `i..` to share exactly `r`, for a total below
    /// [`SMALL`] (at most 16 distances a piece, 15 pieces: below 2^60, no overflow).
    small: [[u64; SMALL]; MAX_PIECES + 1],
    /// `ways[i * (t + 1) + r]`: the ways for pieces `i..` to share at most `r`, for larger
    /// totals, where they may outgrow 64 bits; `narrow` the same where they cannot.
    ways: Vec<u128>,
    narrow: Vec<u64>,
    /// Where this draw's counts are.
    counted: Counted,
    /// The pieces that may move each distance, for a total up to [`TINY`].
    tiny: Tiny,
    /// The runs of distances of the pieces of a way (see [`Way::run_from`]).
    runs: Vec<(u8, u8)>,
    /// Bit `x`: way number `x` of this draw was drawn and cannot be played (a hard turn draws
    /// the same ways again and again).
    rejected: Vec<u64>,
    /// Backward moves, or the listing of a hard turn.
    moves: Vec<Move>,
    memo: Memo,
}

/// Which of [`DrawRoom`]'s tables holds a draw's counts.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Counted {
    #[default]
    Tiny,
    Small,
    Narrow,
    Wide,
}

/// The most ways a draw keeps [`DrawRoom::rejected`] for.
const REMEMBERED: u128 = 1 << 16;

/// One way to share a part of the total: the pieces (their positions, ascending) and how far
/// each moves (0: it stays).
#[derive(Clone, Debug)]
struct Way {
    /// The side whose pieces they are.
    side: Side,
    pieces: [u8; MAX_PIECES],
    dist: [u16; MAX_PIECES],
    /// Per piece: the distances it might move (bit `d`), see [`Engine::reach`].
    reach: [u128; MAX_PIECES],
    /// The same as runs of distances, first and last: piece `i`'s are those of
    /// [`DrawRoom::runs`] from `run_from[i]` to `run_from[i + 1]`.
    run_from: [usize; MAX_PIECES + 1],
    n: usize,
    /// The pieces that move (`dist` above 0), as bits of their indices.
    movers: u32,
    /// The positions of `pieces`, as bits (a piece's index is the count of those below it).
    on: u64,
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
        let t = total.get();
        if t == 0 {
            return Drawn::Pass;
        }
        let mut way = Way::of(pos);
        let all = self.count_all_ways(pos, t, &mut way, room);
        if let Some(mv) = self.draw_way(pos, t, &mut way, all, rng, room, FEW) {
            return Drawn::Move(mv);
        }
        // A hard turn: a search says whether the whole total can be used, and lists the
        // moves where it cannot.
        room.moves.clear();
        if self.split_moves_unless_whole(pos, total, &mut room.moves) == t {
            // It can, by ways the draws missed: draw on until one plays (as likely as any
            // other, and sooner on average than trying every way), among the ways left once
            // each piece's reach is narrowed to what could play.
            if t <= TINY {
                // Counted in closed form: each piece's reach is needed now.
                self.path_reach(pos, t, &mut way);
                self.close_reach(pos, &mut way);
            }
            let all = self
                .count_narrowed_ways(pos, t, &mut way, room)
                .unwrap_or(all);
            if let Some(mv) = self.draw_way(pos, t, &mut way, all, rng, room, MORE_TRIES) {
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

    /// The ways to share `t` among the pieces of `way` (each piece by a distance of its
    /// reach, less those that land on or pass what the turn cannot change: see
    /// [`Engine::closed`]), counted into `room` for [`Engine::draw_way`].
    fn count_all_ways(&self, pos: &Position, t: u16, way: &mut Way, room: &mut DrawRoom) -> u128 {
        if t <= TINY {
            let all = room.tiny.count(self.tiny_reach(pos, t), t);
            room.counted = Counted::Tiny;
            forget_rejected(room, u128::from(all));
            return u128::from(all);
        }
        self.path_reach(pos, t, way);
        self.close_reach(pos, way);
        count_reached(t, way, room)
    }

    /// Per distance `d` from 1 to `t` (at most [`TINY`]), the pieces of the side to move (bits
    /// of their positions) that may move `d`: those [`Engine::path_reach`] and then
    /// [`Engine::close_reach`] leave `d`, found for all the pieces at once; and, as a total
    /// this small allows, none that would land on one of its side's pieces unless that piece
    /// may leave with what is left of the total (by 1 to `t - d`).
    fn tiny_reach(&self, pos: &Position, t: u16) -> [u64; TINY_LEN] {
        let s = pos.to_move;
        let own = pos.on[s];
        let table = &self.split_tiny[s];
        let t = usize::from(t);
        let mut can: [u64; TINY_LEN] = std::array::from_fn(|d| {
            if (1..=t).contains(&d) {
                own & table.reach[d]
            } else {
                0
            }
        });
        let Some((closed, wall)) = self.closed(pos, s) else {
            return can;
        };
        // The pieces with a position of `wall` within `d` ahead.
        let mut walled = 0u64;
        for (d, c) in can.iter_mut().enumerate().skip(1) {
            walled |= wall >> d;
            *c &= !(closed >> d & !table.exits[d]) & !walled;
        }
        // within[k]: the pieces that may move by 1 to k.
        let mut within = [0u64; TINY_LEN];
        for k in 1..TINY_LEN {
            within[k] = within[k - 1] | can[k];
        }
        for (d, c) in can.iter_mut().enumerate().take(t + 1).skip(1) {
            let stuck = own & !within[t - d];
            *c &= !(stuck >> d & !table.exits[d]);
        }
        can
    }

    /// Each piece's reach: the distances up to `t` that its path allows.
    fn path_reach(&self, pos: &Position, t: u16, way: &mut Way) {
        let s = pos.to_move;
        // No single movement covers more than one past the end of the path, or an exit throw.
        let longest = t.min(u16::from(self.masks[s].len.max(MAX_THROW_VALUE)) + 1);
        let within = u128::MAX >> (127 - longest.min(127));
        for i in 0..way.n {
            way.reach[i] = self.split_reach[s][usize::from(way.pieces[i] - 1)] & within;
        }
    }

    /// Each piece's reach less the distances that land on or pass what the turn cannot change
    /// ([`Engine::closed`]), then those that land on a piece of its side left with no distance
    /// at all (it stays, whatever the way).
    fn close_reach(&self, pos: &Position, way: &mut Way) {
        let s = pos.to_move;
        let Some((closed, wall)) = self.closed(pos, s) else {
            return;
        };
        let m = &self.masks[s];
        // Bit d: whether position p + d is one of `squares` (an exit lands on none).
        let landing = |p: u8, squares: u64| {
            u128::from(squares >> (p - 1)) & !u128::from(m.exit_throws[usize::from(p - 1)])
        };
        // The pieces of `s` that cannot move at all.
        let mut staying = 0;
        for i in 0..way.n {
            let p = way.pieces[i];
            let mut reach = way.reach[i] & !landing(p, closed);
            // The first position past p it may not pass (nor land on): distances up to it.
            if let Some(ahead) = wall.checked_shr(u32::from(p)).filter(|&a| a != 0) {
                reach &= u128::MAX >> (127 - ahead.trailing_zeros());
            }
            way.reach[i] = reach;
            if reach == 1 {
                staying |= bit(p);
            }
        }
        if staying != 0 {
            for i in 0..way.n {
                // Staying (bit 0, its own square) is always a choice.
                way.reach[i] &= !landing(way.pieces[i], staying) | 1;
            }
        }
    }

    /// Whether side `s` moves on the one path both sides share, each movement touching only
    /// the squares it leaves, passes and lands on: no rule against passing its own pieces, a
    /// captured piece put back where its captor left, no loop, stacks, traps or path in parts.
    /// The narrowings and the groups of a way reason only about such rules.
    fn plain_path(&self, s: Side) -> bool {
        let m = &self.masks[s];
        self.shared_path
            && m.no_passing == 0
            && m.capture_to == 0
            && !m.looped
            && !m.twins
            && m.trap == 0
            && m.segment_ends == 0
    }

    /// What side `s` cannot change in its turn, whatever it plays: the positions of enemy
    /// pieces it may not capture (on a safe square, or protected by a pair, the other piece of
    /// which it may not capture either), and the blockades of such pieces, which no piece of
    /// `s` may pass. A capture takes away a piece that could be captured and puts it where its
    /// captor left: it only adds enemy pieces elsewhere. Nothing, where the rules are not
    /// [`Engine::plain_path`] ones or waive pairs.
    fn closed(&self, pos: &Position, s: Side) -> Option<(u64, u64)> {
        if !self.plain_path(s) || self.rules.moves_next.is_some_and(|n| n.ignoring_pairs) {
            return None;
        }
        let m = &self.masks[s];
        let enemy = pos.on[s.other()];
        let closed = if self.can_capture {
            let mut closed = enemy & m.safe;
            if self.rules.protect_pairs {
                let mut each = enemy & !closed;
                while each != 0 {
                    let q = lowest(each);
                    each &= each - 1;
                    if enemy & m.enemy_neighbours[usize::from(q - 1)] != 0 {
                        closed |= bit(q);
                    }
                }
            }
            closed
        } else {
            enemy
        };
        let wall = if self.rules.blockade > 0 {
            runs(closed, self.run_shifts)
        } else {
            0
        };
        Some((closed, wall))
    }

    /// Each piece's reach narrowed to the distances that some way that plays could give it,
    /// and the ways counted again into `room`; `None` where the rules are not simple enough
    /// to tell: the sides on paths of their own, pieces that may not pass their own, captured
    /// pieces sent to a square, stacks, loops, traps, paths in parts.
    ///
    /// A movement not legal as the turn begins becomes legal only when one of its side's
    /// pieces leaves the square it lands on, or when a capture takes away an enemy piece that
    /// protects that square or blocks the way. The enemy pieces that can be captured in the
    /// turn are among those some movement reaches: those it may capture as the turn begins,
    /// then those near one of them (whose capture may leave them unprotected or break their
    /// blockade), and so on. An enemy piece put back where a mover left can only close a way.
    fn count_narrowed_ways(
        &self,
        pos: &Position,
        t: u16,
        way: &mut Way,
        room: &mut DrawRoom,
    ) -> Option<u128> {
        let s = pos.to_move;
        if !self.plain_path(s) {
            return None;
        }
        let m = &self.masks[s];
        let enemy = pos.on[s.other()];
        let wall = self.enemy_barrier(pos, s);
        let gap = self.rules.blockade.max(2);
        let near = |b: u64| (1..=gap).fold(b, |a, k| a | b << k | b >> k);
        let exits = |p: u8, d: u32| {
            u16::try_from(d)
                .is_ok_and(|d| m.exit_throws[usize::from(p - 1)] & Throw::new(d).mask_bit() != 0)
        };
        // Within the path: the reach holds no other distance past its end.
        let target = |p: u8, d: u32| u8::try_from(u32::from(p) + d).unwrap_or(u8::MAX);
        let (mut reached, mut sites) = (0u64, 0u64);
        for i in 0..way.n {
            let p = way.pieces[i];
            let mut left = way.reach[i] & !1;
            while left != 0 {
                let d = left.trailing_zeros();
                left &= left - 1;
                let to = target(p, d);
                if !exits(p, d) && enemy & bit(to) != 0 {
                    reached |= bit(to);
                    if self.can_land(pos, s, p, to) {
                        sites |= bit(to);
                    }
                }
            }
        }
        loop {
            let more = reached & near(sites) & !sites;
            if more == 0 {
                break;
            }
            sites |= more;
        }
        let opened = near(sites);
        for (i, keep) in way.reach.iter_mut().enumerate().take(way.n) {
            let p = way.pieces[i];
            let mut left = *keep & !1;
            while left != 0 {
                let d = left.trailing_zeros();
                left &= left - 1;
                let (crossed, legal) = if exits(p, d) {
                    // Whether it may bear off also depends on where its side stands.
                    let crossed = between(p, m.len + 1);
                    (crossed, crossed & wall == 0)
                } else {
                    // An empty square, one of its side's that may have left first, or an
                    // enemy piece it may capture.
                    let to = target(p, d);
                    let free = enemy & bit(to) == 0 || self.can_land(pos, s, p, to);
                    (between(p, to) | bit(to), between(p, to) & wall == 0 && free)
                };
                if !legal && crossed & opened == 0 {
                    *keep &= !(1 << d);
                }
            }
        }
        Some(count_reached(t, way, room))
    }

    /// A way to share `t` drawn uniformly among the `all` counted (up to `tries` draws) until
    /// one can be played, played in an order drawn uniformly among those that play it; `None`
    /// if the draws found none.
    #[allow(clippy::too_many_arguments)]
    fn draw_way<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        t: u16,
        way: &mut Way,
        all: u128,
        rng: &mut R,
        room: &mut DrawRoom,
        tries: u32,
    ) -> Option<Move> {
        if all == 0 {
            return None;
        }
        let s = pos.to_move;
        let remember = all <= REMEMBERED;
        let wall = self.enemy_barrier(pos, s);
        for _ in 0..tries {
            // Drawn below a u64 where the count fits one (all but the largest totals): quicker.
            let x = match u64::try_from(all) {
                Ok(all) => u128::from(rng.random_range(0..all)),
                Err(_) => rng.random_range(0..all),
            };
            let (word, bit) = ((x / 64) as usize, 1u64 << (x % 64));
            if remember && room.rejected[word] & bit != 0 {
                continue;
            }
            way.read_counted(room, t, x);
            // A single movement is judged at once by `play_way` (legal as the turn begins or
            // not); the cheap test pays only where several pieces move.
            let several = way.movers & (way.movers - 1) != 0;
            if !(several && self.surely_blocked(pos, s, way, wall))
                && let Some(mv) = self.play_way(pos, s, way, rng, &mut room.memo)
            {
                return Some(mv);
            }
            if remember {
                room.rejected[word] |= bit;
            }
        }
        None
    }

    /// [`Engine::reach_table`] by distance, for totals up to [`TINY`].
    pub(super) fn tiny_table(&self, s: Side, reach: &[u128]) -> TinyTable {
        let mut table = TinyTable::default();
        for (i, &r) in reach.iter().enumerate() {
            let p = u8::try_from(i + 1).unwrap_or(u8::MAX);
            for d in 1..TINY_LEN {
                if r >> d & 1 == 1 {
                    table.reach[d] |= bit(p);
                }
                if self.masks[s].exit_throws[i] >> d & 1 == 1 {
                    table.exits[d] |= bit(p);
                }
            }
        }
        table
    }

    /// Per position index of side `s`'s path, the distances a single movement from there might
    /// cover ([`Engine::reach`] of every distance up to 127).
    pub(super) fn reach_table(&self, s: Side) -> Vec<u128> {
        (1..=self.masks[s].len)
            .map(|p| self.reach(s, p, 127))
            .collect()
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
    fn play_way<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        s: Side,
        way: &Way,
        rng: &mut R,
        memo: &mut Memo,
    ) -> Option<Move> {
        // The count by sets, which every quicker answer must agree with.
        let counted = |memo: &mut Memo| {
            memo.start(way.n, pos);
            self.count_orders(pos, s, way, way.moving(), memo)
        };
        match self.apart(pos, s, way) {
            Apart::Orders(steps, n) => {
                debug_assert_eq!(counted(memo), (1..=n as u64).product::<u64>(), "{way:?}");
                return Some(draw_order(steps, n, rng));
            }
            Apart::Blocked => {
                debug_assert_eq!(counted(memo), 0, "{way:?}");
                return None;
            }
            Apart::Unknown => {}
        }
        let played = match self.groups(way) {
            Some(groups) if groups.n > 1 => {
                debug_assert_eq!(
                    self.orders_by_groups(pos, s, way, &groups, memo),
                    counted(memo),
                    "{way:?}"
                );
                self.play_groups(pos, s, way, &groups, rng, memo)
            }
            _ => {
                let mut steps = [Step::default(); MAX_PIECES];
                self.group_order(pos, s, way, way.moving(), rng, memo, &mut steps)
                    .and_then(|n| {
                        let mut mv = Move::default();
                        for &step in &steps[..n] {
                            mv.push(step)?;
                        }
                        Some(mv)
                    })
            }
        };
        debug_assert_eq!(played.is_some(), counted(memo) > 0, "{way:?}");
        played
    }

    /// The orders that play `way`, counted group by group (each group's orders by sets, times
    /// the ways to interleave the groups' steps): what the debug build holds
    /// [`Engine::groups`] to, against the count by sets of the whole way.
    fn orders_by_groups(
        &self,
        pos: &Position,
        s: Side,
        way: &Way,
        groups: &Groups,
        memo: &mut Memo,
    ) -> u64 {
        memo.start(way.n, pos);
        let (mut orders, mut sizes, mut n) = (1u64, 1u64, 0);
        for &left in &groups.masks[..groups.n] {
            orders *= self.count_orders(pos, s, way, left, memo);
            let k = left.count_ones() as usize;
            sizes *= factorial(k);
            n += k;
        }
        orders * (factorial(n) / sizes)
    }

    /// The pieces of `way` in `left` (indices, as bits), played from `pos` in an order drawn
    /// uniformly among those that play them, written to `steps`; how many steps, or `None` if
    /// no order plays them. Orders are drawn until one plays, and the first that plays is
    /// taken: uniform among those that play, whichever they are. A few pieces' orders are
    /// drawn without repeats, so that trying them all tells that none plays; more pieces' are
    /// drawn [`ORDER_TRIES`] times, then counted by sets and one read off the counts.
    #[allow(clippy::too_many_arguments)]
    fn group_order<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        s: Side,
        way: &Way,
        left: u32,
        rng: &mut R,
        memo: &mut Memo,
        steps: &mut [Step],
    ) -> Option<usize> {
        let (mut pieces, mut k) = ([0usize; MAX_PIECES], 0);
        let mut each = left;
        while each != 0 {
            pieces[k] = each.trailing_zeros() as usize;
            each &= each - 1;
            k += 1;
        }
        if k <= FEW_MOVERS {
            let orders = ORDERS[k];
            // The orders not yet tried (bits), and the pieces whose movement is not legal as
            // the turn begins (no order that starts with one plays).
            let (mut untried, mut first_fails) = ((1u8 << orders.len()) - 1, 0u8);
            while untried != 0 {
                let j = draw_below(rng, untried.count_ones() as usize) as u64;
                let o = usize::from(nth(u64::from(untried), j) - 1);
                untried &= !(1 << o);
                let (order, first) = (orders[o], orders[o][0]);
                if first_fails & 1 << first != 0 {
                    continue;
                }
                let order = order[..k].iter().map(|&i| pieces[usize::from(i)]);
                match self.play_order(pos, s, way, order, steps) {
                    n if n == k => return Some(k),
                    0 => first_fails |= 1 << first,
                    _ => {}
                }
            }
            return None;
        }
        for _ in 0..ORDER_TRIES {
            if self.play_order(
                pos,
                s,
                way,
                permuted(pieces, k, rng).into_iter().take(k),
                steps,
            ) == k
            {
                return Some(k);
            }
        }
        memo.start(way.n, pos);
        let all = self.count_orders(pos, s, way, left, memo);
        if all == 0 {
            return None;
        }
        let mut x = rng.random_range(0..all);
        let (mut at, mut left, mut n) = (*pos, left, 0);
        while left != 0 {
            let mut rest = left;
            loop {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let Some((step, next)) = self.movement(&at, s, way, i) else {
                    continue;
                };
                let c = self.count_orders(&next, s, way, left & !(1 << i), memo);
                if x < c {
                    steps[n] = step;
                    n += 1;
                    (at, left) = (next, left & !(1 << i));
                    break;
                }
                x -= c;
            }
        }
        Some(n)
    }

    /// Plays the pieces of `way` in `order` (indices) one after the other from `pos`, each
    /// step written to `steps`, up to the first that is not legal: how many were.
    fn play_order(
        &self,
        pos: &Position,
        s: Side,
        way: &Way,
        order: impl Iterator<Item = usize>,
        steps: &mut [Step],
    ) -> usize {
        let mut at = *pos;
        let mut n = 0;
        for i in order {
            let Some((step, next)) = self.movement(&at, s, way, i) else {
                break;
            };
            (steps[n], at) = (step, next);
            n += 1;
        }
        n
    }

    /// The moving pieces of `way` in groups, in order along the path, none of which can change
    /// what another may do: between the squares one group's pieces start from, pass and land
    /// on, and another's, lie more than a blockade's length (and more than the one square
    /// between a pair). A movement changes only the squares it leaves and lands on (a captured
    /// enemy piece goes back where its captor left); what another may do depends only on the
    /// squares it passes and lands on, the pieces beside its landing (a pair) and those within a
    /// blockade's length of its way. So the groups' orders interleave freely. `None` where the
    /// rules reach further: the sides on paths of their own, pieces that may not pass their own,
    /// captured pieces sent to a square, a landing on a square with an effect, a bear-off that
    /// depends on where the side stands, loops, traps, paths in parts.
    fn groups(&self, way: &Way) -> Option<Groups> {
        if !self.plain_path(way.side) {
            return None;
        }
        let m = &self.masks[way.side];
        let gap = u16::from(self.rules.blockade.max(2));
        let len = u16::from(m.len);
        let mut groups = Groups::default();
        // The last square the current group touches.
        let mut last = 0u16;
        // The moving pieces in order (a test of each distance would branch at random).
        let mut each = way.movers;
        while each != 0 {
            let i = each.trailing_zeros() as usize;
            each &= each - 1;
            let (p, d) = (way.pieces[i], way.dist[i]);
            let exit = m.exit_throws[usize::from(p - 1)] & Throw::new(d).mask_bit() != 0;
            if exit && !matches!(self.rules.bear_when, BearCondition::Always) {
                return None;
            }
            let to = u16::from(p) + d;
            if !exit && to <= len && u8::try_from(to).is_ok_and(|t| m.effect & bit(t) != 0) {
                return None;
            }
            let end = if exit { len + 1 } else { to.min(len + 1) };
            if groups.n > 0 && u16::from(p) <= last + gap {
                groups.masks[groups.n - 1] |= 1 << i;
                last = last.max(end);
            } else {
                groups.masks[groups.n] = 1 << i;
                groups.n += 1;
                last = end;
            }
        }
        Some(groups)
    }

    /// `way`, whose moving pieces fall into `groups`, played in an order drawn uniformly among
    /// those that play it: each group's order drawn uniformly among its own, then the groups'
    /// steps interleaved uniformly (each interleaving of any orders plays the way). `None` if a
    /// group cannot be played.
    fn play_groups<R: Rng + ?Sized>(
        &self,
        pos: &Position,
        s: Side,
        way: &Way,
        groups: &Groups,
        rng: &mut R,
        memo: &mut Memo,
    ) -> Option<Move> {
        let barrier = self.barrier(pos, s);
        let can_bear = self.can_bear_off(pos, s);
        // Each group's steps in its order, one after the other, the group of each, and where
        // each group's next step is.
        let (mut steps, mut of) = ([Step::default(); MAX_PIECES], [0u8; MAX_PIECES]);
        let (mut n, mut next) = (0, [0usize; MAX_PIECES]);
        for (g, &left) in groups.masks[..groups.n].iter().enumerate() {
            next[g] = n;
            let k = if left & (left - 1) == 0 {
                let i = left.trailing_zeros() as usize;
                let (p, d) = (way.pieces[i], Throw::new(way.dist[i]));
                steps[n] = Step::packed(p, self.forward_target(pos, s, p, d, barrier, can_bear)?);
                1
            } else {
                self.group_order(pos, s, way, left, rng, memo, &mut steps[n..])?
            };
            // Fewer than 16 groups.
            of[n..n + k].fill(u8::try_from(g).ok()?);
            n += k;
        }
        // A uniform order of the group numbers (as of the steps), then each group's next step.
        let mut mv = Move::default();
        for &g in &permuted(of, n, rng)[..n] {
            let g = usize::from(g);
            mv.push(steps[next[g]])?;
            next[g] += 1;
        }
        Some(mv)
    }

    /// Whether the pieces of `way` move apart: each movement legal as the turn begins, and
    /// none that changes what another may do. Then every order plays the way and leads to the
    /// same position. A single movement is always apart, legal or not.
    ///
    /// What could change another movement rules a way out: a square's effect (where it sends
    /// a piece depends on who stands where), two pieces landing on one square, a landing that
    /// stops another piece bearing off, pieces that may not pass their own, and a capture
    /// whose enemy piece comes to stand (on the square its captor left) where it could protect
    /// the enemy piece another movement captures, or join a blockade across another's way. A
    /// piece of the side moving never stands in another's way (it may not land on its own
    /// side's piece), and an enemy piece taken away can only open a way.
    fn apart(&self, pos: &Position, s: Side, way: &Way) -> Apart {
        let m = &self.masks[s];
        let barrier = self.barrier(pos, s);
        let can_bear = self.can_bear_off(pos, s);
        let (mut steps, mut n) = ([Step::default(); MAX_PIECES], 0);
        // The pieces whose movement is not legal as the turn begins (indices, as bits).
        let mut stuck = 0u32;
        let mut each = way.movers;
        while each != 0 {
            let i = each.trailing_zeros() as usize;
            each &= each - 1;
            let (p, d) = (way.pieces[i], way.dist[i]);
            match self.forward_target(pos, s, p, Throw::new(d), barrier, can_bear) {
                Some(to) => steps[n] = Step::packed(p, to),
                None => stuck |= 1 << i,
            }
            n += 1;
        }
        // No order can begin where no movement is legal as the turn begins.
        if stuck == way.moving() {
            return Apart::Blocked;
        }
        if way.moving() & (way.moving() - 1) == 0 {
            return if stuck != 0 {
                Apart::Blocked
            } else {
                Apart::Orders(steps, n)
            };
        }
        if m.looped || m.twins || m.trap != 0 {
            return Apart::Unknown;
        }
        if stuck != 0 {
            let mut each = stuck;
            while each != 0 {
                let i = each.trailing_zeros() as usize;
                each &= each - 1;
                if self.stays_stuck(way, i, can_bear) {
                    return Apart::Blocked;
                }
            }
            return Apart::Unknown;
        }
        if m.no_passing != 0 {
            return Apart::Unknown;
        }
        let enemy = pos.squares[s.other()];
        // How far from another's way an enemy piece put back must stand: beside the piece it
        // captures (a pair), or within a blockade's length of its way.
        let gap = self.rules.blockade.max(2);
        let (mut landed, mut exits) = (0u64, false);
        for (i, step) in steps[..n].iter().enumerate() {
            let (from, to) = (step.packed_from(), step.packed_to());
            if to == OFF {
                exits = true;
                continue;
            }
            if m.effect & bit(to) != 0 || landed & bit(to) != 0 {
                return Apart::Unknown;
            }
            landed |= bit(to);
            if enemy & m.square_bit[usize::from(to - 1)] == 0 {
                continue;
            }
            if !self.shared_path {
                return Apart::Unknown;
            }
            for (j, other) in steps[..n].iter().enumerate() {
                // The last position the other movement passes or lands on.
                let end = match other.packed_to() {
                    OFF => m.len + 1,
                    t => t,
                };
                if j != i
                    && from >= other.packed_from()
                    && u16::from(from) <= u16::from(end) + u16::from(gap)
                {
                    return Apart::Unknown;
                }
            }
        }
        let bears_on = match self.rules.bear_when {
            BearCondition::Always => true,
            BearCondition::AllInZone => landed & !m.bear_zone == 0,
            BearCondition::NoneInZone => landed & m.no_bear_zone == 0,
        };
        if exits && !bears_on {
            return Apart::Unknown;
        }
        Apart::Orders(steps, n)
    }

    /// Whether piece `i` of `way`, whose movement is not legal as the turn begins, stays so
    /// whatever the other pieces of the way do first: they start and land far from its way.
    /// The others can open its way only by leaving their squares, or by capturing an enemy
    /// piece beside its landing (a pair) or in a blockade across its way; by landing, and by
    /// the enemy pieces they put back, they only close it further. Where it would bear off
    /// but may not yet, others leaving the squares that forbid it could let it.
    fn stays_stuck(&self, way: &Way, i: usize, can_bear: bool) -> bool {
        let m = &self.masks[way.side];
        let (p, d) = (u16::from(way.pieces[i]), way.dist[i]);
        let exit = m.exit_throws[usize::from(p - 1)] & Throw::new(d).mask_bit() != 0;
        if exit && !can_bear {
            return false;
        }
        // Within a blockade's length of its way, a capture may break the blockade.
        let gap = u16::from(self.rules.blockade.max(1)) + 1;
        let (lo, hi) = (
            p.saturating_sub(gap),
            (p + d).min(u16::from(m.len) + 1) + gap,
        );
        (0..way.n).filter(|&j| j != i && way.dist[j] > 0).all(|j| {
            let from = u16::from(way.pieces[j]);
            let to = from + way.dist[j];
            !(lo..=hi).contains(&from) && !(lo..=hi).contains(&to)
        })
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
    /// one of its side's pieces that stays where it is, or where another piece of it lands; or
    /// no piece of it can capture (the enemy pieces it would land on are safe or protected), so
    /// that the enemy pieces stay where they are while it is played, and a piece of it would
    /// land on one of them or cross `wall` (their blockades and the stop squares).
    fn surely_blocked(&self, pos: &Position, s: Side, way: &Way, wall: u64) -> bool {
        let m = &self.masks[s];
        if m.looped || m.twins || m.trap != 0 || m.segment_ends != 0 {
            return false;
        }
        let mut staying = pos.on[s];
        let mut each = way.movers;
        while each != 0 {
            staying &= !bit(way.pieces[each.trailing_zeros() as usize]);
            each &= each - 1;
        }
        let enemy = pos.squares[s.other()];
        let mut may_capture = false;
        let mut stuck = false;
        let mut landed = 0u64;
        let mut each = way.movers;
        while each != 0 {
            let i = each.trailing_zeros() as usize;
            each &= each - 1;
            let (p, d) = (way.pieces[i], way.dist[i]);
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
            // Two pieces resting on one square (one of its side's stays there, or another
            // piece of the way landed there first, where no square's effect sends it on).
            if staying & bit(t) != 0 || landed & bit(t) != 0 {
                return true;
            }
            if m.effect & bit(t) == 0 {
                landed |= bit(t);
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

/// Ways of at most this many moving pieces have their orders drawn without repeats
/// ([`Engine::group_order`]).
const FEW_MOVERS: usize = 3;

/// The orders of up to [`FEW_MOVERS`] pieces (indices of the pieces, the first `k` of each).
const ORDERS: [&[[u8; FEW_MOVERS]]; FEW_MOVERS + 1] = [
    &[],
    &[[0, 0, 0]],
    &[[0, 1, 0], [1, 0, 0]],
    &[
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ],
];

/// How many orders of more pieces are drawn (with repeats) before they are counted by sets.
const ORDER_TRIES: u32 = 8;

/// The moving pieces of a way in groups (indices, as bits), see [`Engine::groups`].
#[derive(Default)]
struct Groups {
    masks: [u32; MAX_PIECES],
    n: usize,
}

/// What [`Engine::apart`] finds of a way.
#[derive(PartialEq, Eq)]
enum Apart {
    /// Its pieces move apart: these steps, in any of their orders.
    Orders([Step; MAX_PIECES], usize),
    /// A single movement that is not legal.
    Blocked,
    /// Its pieces may meet: the orders must be counted.
    Unknown,
}

/// One of the orders of `steps[..n]`, drawn uniformly, as [`Engine::play_way`] reads an order
/// off its counts: the pieces in order of position, each first in `(n - 1)!` orders.
fn draw_order<R: Rng + ?Sized>(steps: [Step; MAX_PIECES], n: usize, rng: &mut R) -> Move {
    let mut mv = Move::default();
    if n == 1 {
        mv.push(steps[0]);
        return mv;
    }
    if n == 2 {
        // The draw `permuted` makes, without its copies.
        let first = usize::from(rng.random_range(0..2u64) == 1);
        mv.push(steps[first]);
        mv.push(steps[1 - first]);
        return mv;
    }
    for step in &permuted(steps, n, rng)[..n] {
        mv.push(*step);
    }
    mv
}

/// `k!`, for `k` at most [`MAX_PIECES`] (below 2^41).
fn factorial(k: usize) -> u64 {
    (1..=k as u64).product()
}

/// `items[..n]` in an order drawn uniformly (one number below `n!`, read digit by digit).
fn permuted<T: Copy, R: Rng + ?Sized>(
    items: [T; MAX_PIECES],
    n: usize,
    rng: &mut R,
) -> [T; MAX_PIECES] {
    let all: u64 = (1..=n as u64).product();
    let mut x = rng.random_range(0..all);
    let (mut left, mut each, mut out) = (items, all, items);
    for (k, slot) in (1..=n).rev().zip(&mut out) {
        each /= k as u64;
        let j = usize::try_from(x / each).unwrap_or(0);
        x %= each;
        *slot = left[j];
        left.copy_within(j + 1..k, j);
    }
    out
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

/// A count of ways: 64 bits where they fit, else 128.
trait Count: Copy + Default + PartialOrd + std::ops::Add<Output = Self> + std::ops::SubAssign {
    const ONE: Self;
}

impl Count for u64 {
    const ONE: u64 = 1;
}

impl Count for u128 {
    const ONE: u128 = 1;
}

/// The ways to share `t` among the pieces of `way`, each by a distance of its reach, counted
/// into `room` (with each piece's runs of distances) for [`Engine::draw_way`].
fn count_reached(t: u16, way: &mut Way, room: &mut DrawRoom) -> u128 {
    let n = way.n;
    if usize::from(t) < SMALL {
        room.counted = Counted::Small;
        let all = u128::from(count_small(&mut room.small, way, t));
        forget_rejected(room, all);
        return all;
    }
    let mut bound = 1u128;
    room.runs.clear();
    for i in 0..n {
        // At most 128 distances a piece, 15 pieces: below 2^105, no overflow.
        bound *= u128::from(way.reach[i].count_ones());
        way.run_from[i] = room.runs.len();
        room.runs.extend(runs_of(way.reach[i]));
    }
    way.run_from[n] = room.runs.len();
    let width = usize::from(t) + 1;
    // The ways number at most the choices of each piece multiplied: in 64 bits where that
    // product fits.
    let all = if bound <= u128::from(u64::MAX) {
        room.counted = Counted::Narrow;
        u128::from(count_ways(&mut room.narrow, way, &room.runs, width, t))
    } else {
        room.counted = Counted::Wide;
        count_ways(&mut room.ways, way, &room.runs, width, t)
    };
    forget_rejected(room, all);
    all
}

/// No way of a new count of `all` rejected yet (where they are remembered).
fn forget_rejected(room: &mut DrawRoom, all: u128) {
    if all <= REMEMBERED {
        room.rejected.clear();
        room.rejected.resize(all.div_ceil(64) as usize, 0);
    }
}

/// Fills `exact[i][r]` with the ways for the pieces of `way` from the i-th on to share exactly
/// `r` (each piece by a distance of its reach), for `t` below [`SMALL`], and returns the ways
/// for all of them to share `t`.
fn count_small(exact: &mut [[u64; SMALL]; MAX_PIECES + 1], way: &Way, t: u16) -> u64 {
    let (n, t) = (way.n, usize::from(t));
    exact[n] = [0; SMALL];
    exact[n][0] = 1;
    for i in (0..n).rev() {
        let (head, tail) = exact.split_at_mut(i + 1);
        let (row, next) = (&mut head[i], &tail[0]);
        // As if the piece could move every distance up to `t` (most can): the others share
        // at most r.
        let mut sum = 0;
        for (slot, &w) in row.iter_mut().zip(next).take(t + 1) {
            sum += w;
            *slot = sum;
        }
        // Less the ways where it moves a distance it cannot (few: one loop each, rather than
        // one for every r over the distances it can, whose ends the branches cannot foresee).
        let mut missing = !low_reach(way.reach[i]) & (u16::MAX >> (SMALL - 1 - t));
        while missing != 0 {
            let d = missing.trailing_zeros() as usize;
            missing &= missing - 1;
            for (slot, &w) in row[d..=t].iter_mut().zip(next) {
                *slot -= w;
            }
        }
    }
    exact[0][t]
}

/// The distances below [`SMALL`] of a piece's reach.
fn low_reach(reach: u128) -> u16 {
    u16::try_from(reach & u128::from(u16::MAX)).unwrap_or(0)
}

/// Fills `sums[i * width + r]` with the ways for the pieces of `way` from the i-th on to share
/// at most `r` (each piece by a distance of its reach), and returns the ways for all of them
/// to share `t`. Sums up to `r`, not counts for `r` alone: a piece's reach is a few runs of
/// distances, and the ways for a run are the difference of two sums.
fn count_ways<C: Count>(
    sums: &mut Vec<C>,
    way: &Way,
    runs: &[(u8, u8)],
    width: usize,
    t: u16,
) -> C {
    let n = way.n;
    sums.clear();
    sums.resize((n + 1) * width, C::ONE);
    for i in (0..n).rev() {
        let (row, next) = sums[i * width..(i + 2) * width].split_at_mut(width);
        let mut total = C::default();
        for (r, slot) in row.iter_mut().enumerate() {
            for &(a, b) in way.runs_of(runs, i) {
                let (a, b) = (usize::from(a), usize::from(b));
                if a > r {
                    break;
                }
                total = total + next[r - a];
                if b < r {
                    total -= next[r - b - 1];
                }
            }
            *slot = total;
        }
    }
    let t = usize::from(t);
    let mut all = sums[t];
    if t > 0 {
        all -= sums[t - 1];
    }
    all
}

/// The runs of distances of `reach` (bit `d`): first and last, in order.
fn runs_of(reach: u128) -> impl Iterator<Item = (u8, u8)> {
    let mut left = reach;
    std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        let a = left.trailing_zeros();
        let b = a + (!(left >> a)).trailing_zeros() - 1;
        left &= !(u128::MAX >> (127 - b));
        // Bits of a u128: below 128.
        Some((u8::try_from(a).unwrap_or(0), u8::try_from(b).unwrap_or(0)))
    })
}

impl Way {
    /// The pieces of the side to move in `pos`, none moving yet.
    fn of(pos: &Position) -> Way {
        let s = pos.to_move;
        let mut way = Way {
            side: s,
            pieces: [0; MAX_PIECES],
            dist: [0; MAX_PIECES],
            reach: [0; MAX_PIECES],
            run_from: [0; MAX_PIECES + 1],
            n: 0,
            movers: 0,
            on: pos.on[s],
        };
        let mut bits = pos.on[s];
        while bits != 0 {
            way.pieces[way.n] = lowest(bits);
            way.n += 1;
            bits &= bits - 1;
        }
        way
    }

    /// Sets the distances to way number `x` of those to share `t`, counted into `room` by
    /// [`count_reached`]: numbered piece by piece, each piece's shorter distances first.
    fn read_counted(&mut self, room: &DrawRoom, t: u16, x: u128) {
        match room.counted {
            Counted::Tiny => self.read_tiny(&room.tiny, u64::try_from(x).unwrap_or(0)),
            Counted::Small => self.read_small(&room.small, t, u64::try_from(x).unwrap_or(0)),
            Counted::Narrow => self.read(
                &room.narrow,
                &room.runs,
                usize::from(t) + 1,
                t,
                u64::try_from(x).unwrap_or(0),
            ),
            Counted::Wide => self.read(&room.ways, &room.runs, usize::from(t) + 1, t, x),
        }
    }

    /// [`Way::read_counted`] from the pieces that may move each distance ([`Tiny`]).
    fn read_tiny(&mut self, tiny: &Tiny, x: u64) {
        self.dist[..self.n].fill(0);
        self.movers = 0;
        tiny.read(x, |p, d| {
            // Counted, not searched for: a search's end is as random as the draw.
            let i = (self.on & (bit(p) - 1)).count_ones() as usize;
            self.dist[i] = d;
            self.movers |= 1 << i;
        });
    }

    /// [`Way::read_counted`] from the exact counts of [`count_small`].
    fn read_small(&mut self, exact: &[[u64; SMALL]; MAX_PIECES + 1], t: u16, x: u64) {
        let (mut x, mut r) = (x, usize::from(t));
        self.movers = 0;
        for i in 0..self.n {
            if r == 0 {
                // The total shared out: the rest stay.
                self.dist[i..self.n].fill(0);
                break;
            }
            let mut each = low_reach(self.reach[i]) & (u16::MAX >> (SMALL - 1 - r));
            while each != 0 {
                let d = each.trailing_zeros() as usize;
                // Below SMALL (`% SMALL` spares a bounds check).
                let w = exact[i + 1][(r - d) % SMALL];
                if x < w {
                    self.dist[i] = u16::try_from(d).unwrap_or(0);
                    self.movers |= u32::from(d > 0) << i;
                    r -= d;
                    break;
                }
                x -= w;
                each &= each - 1;
            }
        }
    }

    /// Sets the distances to way number `x` of those to share `t` (numbered as
    /// [`Way::read_counted`] says), `sums` being those of [`count_ways`].
    fn read<C: Count>(&mut self, sums: &[C], runs: &[(u8, u8)], width: usize, t: u16, x: C) {
        // The ways for the pieces after the i-th to share exactly `q`.
        let ways = |i: usize, q: usize| {
            let mut w = sums[(i + 1) * width + q];
            if q > 0 {
                w -= sums[(i + 1) * width + q - 1];
            }
            w
        };
        let (mut x, mut r) = (x, usize::from(t));
        for i in 0..self.n {
            'piece: for &(a, b) in self.runs_of(runs, i) {
                let (a, b) = (usize::from(a), usize::from(b).min(r));
                if a > r {
                    break;
                }
                let mut run = sums[(i + 1) * width + r - a];
                if b < r {
                    run -= sums[(i + 1) * width + r - b - 1];
                }
                if x >= run {
                    x -= run;
                    continue;
                }
                for d in a..=b {
                    let w = ways(i, r - d);
                    if x < w {
                        self.dist[i] = u16::try_from(d).unwrap_or(u16::MAX);
                        r -= d;
                        break 'piece;
                    }
                    x -= w;
                }
            }
        }
        self.movers = (0..self.n)
            .filter(|&i| self.dist[i] > 0)
            .fold(0, |m, i| m | 1 << i);
    }

    /// The runs of distances of piece `i`, in order, of all the pieces' `runs`.
    fn runs_of<'r>(&self, runs: &'r [(u8, u8)], i: usize) -> &'r [(u8, u8)] {
        &runs[self.run_from[i]..self.run_from[i + 1]]
    }

    /// The pieces that move, as bits of their indices.
    fn moving(&self) -> u32 {
        self.movers
    }
}

/// Totals up to this are counted in closed form from the pieces that may move each distance
/// ([`Tiny`]): two or three, seven turns in ten in Finkel's Senet.
const TINY: u16 = 3;

/// Room for distances 0 to [`TINY`].
const TINY_LEN: usize = TINY as usize + 1;

/// Per distance from 1 to [`TINY`], as bits of positions of a side's path: where a single
/// movement of that distance might be made ([`Engine::reach`]), and where it bears off.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TinyTable {
    reach: [u64; TINY_LEN],
    exits: [u64; TINY_LEN],
}

/// The ways to share a total up to [`TINY`], from the pieces that may move each distance
/// (`can[d]`, bits of positions; `counts[d]`, how many). The ways of a total of 3 are one piece
/// by 3, two by 2 and 1, or three by 1 each (those of 2 and 1 alike), numbered in that order.
#[derive(Clone, Copy, Default)]
struct Tiny {
    can: [u64; TINY_LEN],
    counts: [u64; TINY_LEN],
    t: u16,
}

impl Tiny {
    /// Keeps the pieces that may move each distance and returns the number of ways.
    fn count(&mut self, can: [u64; TINY_LEN], t: u16) -> u64 {
        let c = can.map(|b| u64::from(b.count_ones()));
        *self = Tiny { can, counts: c, t };
        let ones = choose(c[1], usize::from(t));
        match t {
            1 | 2 => c[usize::from(t)] + if t == 2 { ones } else { 0 },
            _ => c[3] + c[2] * c[1] - u64::from((can[2] & can[1]).count_ones()) + ones,
        }
    }

    /// Way number `x` (below the count): each moving piece's position and distance, given to
    /// `moves`.
    fn read(&self, x: u64, mut moves: impl FnMut(u8, u16)) {
        let (can, mut x) = (self.can, x);
        // One piece by the whole total.
        let whole = self.counts[usize::from(self.t)];
        if x < whole {
            moves(nth(can[usize::from(self.t)], x), self.t);
            return;
        }
        x -= whole;
        if self.t == 3 {
            // One piece by 2, another by 1.
            let mut by_two = can[2];
            while by_two != 0 {
                let p = lowest(by_two);
                by_two &= by_two - 1;
                let others = can[1] & !bit(p);
                let k = self.counts[1] - u64::from(others != can[1]);
                if x < k {
                    moves(p, 2);
                    moves(nth(others, x), 1);
                    return;
                }
                x -= k;
            }
        }
        // Each piece of a set by 1: the x-th set of t of them, in order of their positions.
        let (mut left, mut from, mut after) = (usize::from(self.t), can[1], self.counts[1]);
        while left > 0 {
            let p = lowest(from);
            from &= from - 1;
            after -= 1;
            // The sets that take `p` with left - 1 of the pieces after it.
            let with = choose(after, left - 1);
            if x < with {
                moves(p, 1);
                left -= 1;
            } else {
                x -= with;
            }
        }
    }
}

/// The position of the `k`-th set bit of `bits` (from the lowest, k from 0).
fn nth(bits: u64, k: u64) -> u8 {
    let mut bits = bits;
    for _ in 0..k {
        bits &= bits - 1;
    }
    lowest(bits)
}

/// `n` choose `k`, for `k` at most [`TINY`].
fn choose(n: u64, k: usize) -> u64 {
    match k {
        0 => 1,
        1 => n,
        2 => n * n.saturating_sub(1) / 2,
        _ => n * n.saturating_sub(1) * n.saturating_sub(2) / 6,
    }
}

#[cfg(test)]
mod tests {
    use super::{Apart, DrawRoom, Memo, TINY, Way, count_reached};
    use crate::agents::RandomAgent;
    use crate::check::check_target;
    use crate::compile::compile;
    use crate::engine::game::{Action, Game, Player, random_throw};
    use crate::engine::{Engine, Position, Step};
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    /// Positions where a side chose a move in random games.
    fn visited(engine: &Engine, games: u64) -> Vec<Position> {
        let mut out = Vec::new();
        for seed in 0..games {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut agent = RandomAgent::new(seed);
            let mut game = Game::new(engine, 400);
            loop {
                match game.next_action() {
                    Action::Over => break,
                    Action::Choose { .. } => {
                        out.push(game.pos);
                        let i = agent.choose(engine, &game.pos, game.total, game.moves());
                        game.choose(i);
                    }
                    _ => game.give_throw(random_throw(engine, &mut rng)),
                }
            }
        }
        out
    }

    /// Every order in which the pieces of `way` in `left` play from `pos`, found by trying
    /// each piece next, each time.
    fn every_order(
        e: &Engine,
        pos: &Position,
        way: &Way,
        left: u32,
        made: &mut Vec<Step>,
        out: &mut Vec<Vec<Step>>,
    ) {
        if left == 0 {
            out.push(made.clone());
            return;
        }
        for i in 0..way.n {
            if left & 1 << i != 0
                && let Some((step, next)) = e.movement(pos, pos.to_move, way, i)
            {
                made.push(step);
                every_order(e, &next, way, left & !(1 << i), made, out);
                made.pop();
            }
        }
    }

    /// Ways of totals 4 to 8 in positions of random games of Finkel's Senet whose pieces may
    /// meet ([`Apart::Unknown`]) and that `wanted` picks (by the way, whether its moving
    /// pieces fall into groups, and how many orders play it), up to `ways` of them: each
    /// drawn 100 times for each order that plays it, each such order comes out as often as
    /// any other, and no other does. How many moving pieces each way tried had.
    fn orders_come_out_as_often(
        wanted: impl Fn(&Way, bool, usize) -> bool,
        ways: usize,
    ) -> Vec<u32> {
        let e = Engine::new(compile(
            &check_target("senet/finkel", &[]).expect("bundled"),
        ));
        let (mut room, mut memo) = (DrawRoom::default(), Memo::default());
        let mut rng = Pcg64Mcg::seed_from_u64(9);
        let mut tried = Vec::new();
        'positions: for pos in visited(&e, 3).iter().step_by(5) {
            if !e.draws_split(pos) {
                continue;
            }
            for t in 4..=8u16 {
                let mut way = Way::of(pos);
                let all = e.count_all_ways(pos, t, &mut way, &mut room);
                for x in 0..all.min(3_000) {
                    way.read_counted(&room, t, x);
                    if e.apart(pos, pos.to_move, &way) != Apart::Unknown {
                        continue;
                    }
                    let grouped = e.groups(&way).is_some_and(|g| g.n > 1);
                    let mut orders = Vec::new();
                    every_order(&e, pos, &way, way.moving(), &mut Vec::new(), &mut orders);
                    if orders.is_empty()
                        || orders.len() > 200
                        || !wanted(&way, grouped, orders.len())
                    {
                        continue;
                    }
                    let mut seen = vec![0u32; orders.len()];
                    for _ in 0..100 * orders.len() {
                        let mv = e
                            .play_way(pos, pos.to_move, &way, &mut rng, &mut memo)
                            .expect("a way that plays");
                        let k = orders
                            .iter()
                            .position(|o| o[..] == *mv.steps())
                            .unwrap_or_else(|| panic!("{mv:?} is not an order of {way:?}"));
                        seen[k] += 1;
                    }
                    // 100 expected, a standard deviation of 10.
                    assert!(
                        seen.iter().all(|&c| (40..=160).contains(&c)),
                        "{seen:?} for {way:?} in {pos:?}"
                    );
                    tried.push(way.moving().count_ones());
                    if tried.len() == ways {
                        break 'positions;
                    }
                    break;
                }
            }
        }
        tried
    }

    /// Where a way's moving pieces fall into groups that cannot meet, each group's order and
    /// their interleaving are drawn apart.
    #[test]
    fn a_way_in_groups_plays_each_of_its_orders_as_often() {
        let tried = orders_come_out_as_often(
            |way, grouped, _| grouped && way.moving().count_ones() >= 4,
            12,
        );
        assert_eq!(tried.len(), 12, "ways in groups found");
    }

    /// Where a way's pieces meet and only some of its orders play it, the orders are drawn
    /// until one plays: two or three pieces' without repeats, more pieces' with them.
    #[test]
    fn a_way_some_orders_play_plays_each_of_them_as_often() {
        let factorial = |k: u32| (1..=k as usize).product::<usize>();
        for (movers, ways) in [(2..=2, 8), (3..=3, 8), (4..=u32::MAX, 4)] {
            let tried = orders_come_out_as_often(
                |way, grouped, orders| {
                    let k = way.moving().count_ones();
                    !grouped && movers.contains(&k) && orders < factorial(k)
                },
                ways,
            );
            assert_eq!(
                tried.len(),
                ways,
                "ways of {movers:?} pieces where some orders play"
            );
        }
    }

    /// Whether `way` plays in some order, judged by counting its orders.
    fn plays(e: &Engine, pos: &Position, way: &Way, memo: &mut Memo) -> bool {
        match e.apart(pos, pos.to_move, way) {
            Apart::Orders(..) => true,
            Apart::Blocked => false,
            Apart::Unknown => {
                memo.start(way.n, pos);
                e.count_orders(pos, pos.to_move, way, way.moving(), memo) > 0
            }
        }
    }

    /// The ways of totals 1 to 3, numbered in closed form from the pieces that may move each
    /// distance, are distinct ways of those [`Engine::path_reach`] and
    /// [`Engine::close_reach`] leave, and leave out only ways that cannot be played (a piece
    /// landing on one of its side's that cannot leave with what the total has left): positions
    /// of random games of Finkel's Senet, every way of each total.
    #[test]
    fn tiny_totals_leave_out_no_way_that_plays() {
        let e = Engine::new(compile(
            &check_target("senet/finkel", &[]).expect("bundled"),
        ));
        let (mut room, mut memo) = (DrawRoom::default(), Memo::default());
        let (mut tiny_ways, mut left_out) = (0u64, 0u64);
        for pos in visited(&e, 3).iter().step_by(3) {
            if !e.draws_split(pos) {
                continue;
            }
            for t in 1..=TINY {
                let mut way = Way::of(pos);
                let all = e.count_all_ways(pos, t, &mut way, &mut room);
                let mut numbered = std::collections::HashSet::new();
                for x in 0..all {
                    way.read_counted(&room, t, x);
                    let dist = way.dist[..way.n].to_vec();
                    assert_eq!(dist.iter().sum::<u16>(), t, "{way:?}");
                    assert!(numbered.insert(dist), "way {x} twice: {way:?}");
                }
                tiny_ways += u64::try_from(all).expect("few ways");
                let mut listed = Way::of(pos);
                e.path_reach(pos, t, &mut listed);
                e.close_reach(pos, &mut listed);
                let every = count_reached(t, &mut listed, &mut room);
                let mut found = 0;
                for x in 0..every {
                    listed.read_counted(&room, t, x);
                    if numbered.contains(&listed.dist[..listed.n]) {
                        found += 1;
                    } else {
                        assert!(!plays(&e, pos, &listed, &mut memo), "left out: {listed:?}");
                        left_out += 1;
                    }
                }
                assert_eq!(found, numbered.len(), "{pos:?}, total {t}");
            }
        }
        assert!(tiny_ways > 10_000, "{tiny_ways} ways");
        assert!(left_out > 500, "{left_out} ways left out");
    }

    /// Narrowing each piece's reach (by what the turn cannot change, then in a hard turn by
    /// what could play) leaves out no way that plays, and does leave out some: every way of
    /// every total from 2 to 12 tried, in positions of random games of Finkel's Senet
    /// (captures by swapping, protecting pairs, blockades, a square that sends back).
    #[test]
    fn narrowing_leaves_out_no_way_that_plays() {
        let e = Engine::new(compile(
            &check_target("senet/finkel", &[]).expect("bundled"),
        ));
        let (mut room, mut narrow_room, mut memo) =
            (DrawRoom::default(), DrawRoom::default(), Memo::default());
        let (mut playing, mut left_out) = (0u64, 0u64);
        for pos in visited(&e, 3).iter().step_by(15) {
            if !e.draws_split(pos) {
                continue;
            }
            for t in 2..=12u16 {
                // Every way its path allows each piece.
                let mut way = Way::of(pos);
                e.path_reach(pos, t, &mut way);
                let all = count_reached(t, &mut way, &mut room);
                if all > 20_000 {
                    continue;
                }
                let mut narrowed = way.clone();
                e.close_reach(pos, &mut narrowed);
                e.count_narrowed_ways(pos, t, &mut narrowed, &mut narrow_room)
                    .expect("Finkel's rules are simple enough");
                for x in 0..all {
                    way.read_counted(&room, t, x);
                    let kept = (0..way.n).all(|i| narrowed.reach[i] >> way.dist[i] & 1 == 1);
                    if plays(&e, pos, &way, &mut memo) {
                        playing += 1;
                        assert!(kept, "a way that plays was left out: {way:?} in {pos:?}");
                    } else if !kept {
                        left_out += 1;
                    }
                }
            }
        }
        assert!(playing > 100_000, "{playing} ways that play");
        assert!(left_out > 50_000, "{left_out} ways left out");
    }
}
