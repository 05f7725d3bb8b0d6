//! Legal-move generation for a single throw. Writes into a caller's buffer; allocates nothing.
//!
//! Inside the engine a place is its packed byte ([`Place::pack`]): `p` in 1..=len is a path
//! position (bit `p - 1` of a side's sets), 0 is waiting and [`OFF`] is off.

use super::position::{any_side_flag, lose_turn_flag, moves_next_flag};
use super::{Engine, Listing, Move, Position, SideMasks, Step, Way};
use crate::compile::{PoolForm, TurnRule};
use senet_lang::types::{Capture, Force, Opening, PathPos, Place, Side, Square, Throw};

/// The packed place of a piece borne off.
pub(super) const OFF: u8 = Place::Off.pack();

/// The bit of path position `p` (1..=64).
#[inline(always)]
pub(super) fn bit(p: u8) -> u64 {
    1 << (p - 1)
}

/// `x >> n`, zero once every bit is shifted out.
#[inline(always)]
fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// Positions strictly between `a` and `b` (a < b, b at most one past a 64-position path) as a
/// mask over path positions: those up to `b - 1` less those up to `a` (none where `b` is
/// `a + 1`). Without a branch on the distance, which is as random as the throws.
#[inline]
pub(super) fn between(a: u8, b: u8) -> u64 {
    up_to(b.saturating_sub(1)) & !up_to(a)
}

/// Positions 1 to `n` as a mask over path positions.
#[inline(always)]
fn up_to(n: u8) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The shifts by which [`runs`] finds runs of `n` set bits (1 to 16; the checker allows
/// blockades of 2 to 15 pieces): each at most the length covered so far, together `n - 1`;
/// the unused ones are 0 (a shift by 0 changes nothing).
pub(super) fn run_shifts(n: u8) -> [u32; 4] {
    debug_assert!((1..=16).contains(&n), "blockade of {n}");
    let (mut covered, n) = (1, u32::from(n));
    [0; 4].map(|_| {
        let s = covered.min(n.saturating_sub(covered));
        covered += s;
        s
    })
}

/// Positions covered by runs of consecutive set bits as long as `shifts` says
/// ([`run_shifts`]): by doubling, with a fixed number of shifts (no loop whose end the
/// blockade's length decides, and for runs of up to 4 only two shifts each way).
#[inline(always)]
pub(super) fn runs(bits: u64, shifts: [u32; 4]) -> u64 {
    let [a, b, c, d] = shifts;
    // A position starts a run where every shift of the set keeps it: the shifts add up to
    // `n - 1`, each within what the ones before it cover.
    let mut starts = bits & bits >> a;
    starts &= starts >> b;
    if c != 0 {
        starts &= starts >> c;
        starts &= starts >> d;
    }
    let mut covered = starts | starts << a;
    covered |= covered << b;
    if c != 0 {
        covered |= covered << c;
        covered |= covered << d;
    }
    covered
}

/// The sources from which a move of `d` would pass over a barrier: `barrier` shifted down by 1
/// to d - 1. Up to 7 shifts by doubling, with no loop whose end depends on the throw (its exit
/// would be mispredicted on most moves); a longer throw shifts on one by one.
#[inline(always)]
fn passing(barrier: u64, d: u32) -> u64 {
    if barrier == 0 {
        return 0;
    }
    let m = d.saturating_sub(1).min(7);
    let when = |bit: u32| 0u64.wrapping_sub(u64::from(m & bit != 0));
    let w1 = barrier >> 1;
    let w2 = w1 | w1 >> 1;
    let w4 = w2 | w2 >> 2;
    let four = m & 4;
    let six = four + (m & 2);
    let mut passes = w4 & when(4) | (w2 >> four) & when(2) | (w1 >> six) & when(1);
    for k in 8..d.min(64) {
        passes |= barrier >> k;
    }
    passes
}

/// The lowest set bit of a non-empty set as a packed position.
#[inline(always)]
#[allow(clippy::cast_possible_truncation)] // a bit index of a u64 is below 64
pub(super) fn lowest(bits: u64) -> u8 {
    bits.trailing_zeros() as u8 + 1
}

impl Engine {
    /// Positions of side `s`'s path that no move may pass over: stop squares, enemy blockades,
    /// and its own pieces where they may not be passed.
    #[inline]
    pub(super) fn barrier(&self, pos: &Position, s: Side) -> u64 {
        let m = &self.masks[s];
        let own = pos.on[s] & m.no_passing;
        let own = if m.twins && own != 0 {
            self.visits_of_held(m, own)
        } else {
            own
        };
        self.enemy_barrier(pos, s) | own
    }

    /// On a path that comes back to its squares: every position whose square one of `held`
    /// (positions where the side's pieces may not be passed) holds, at whichever visit (a piece
    /// passing the square at another visit passes the piece there too).
    #[cold]
    fn visits_of_held(&self, m: &SideMasks, held: u64) -> u64 {
        let squares = PathPos::all_in(held).fold(0, |acc, p| acc | m.square_bit[p.index()]);
        PathPos::all_in(m.on_path)
            .filter(|q| m.square_bit[q.index()] & squares != 0)
            .fold(0, |acc, q| acc | q.bit())
    }

    /// Positions of side `s`'s path where an enemy piece cannot be captured now: its safe
    /// positions seen along this path, less those whose square the enemy's path visits twice
    /// where the enemy stands at the visit that is not safe.
    #[inline(always)]
    pub(super) fn safe_now(&self, pos: &Position, s: Side) -> u64 {
        let m = &self.masks[s];
        if m.twin_safe & pos.cross[s] == 0 {
            return m.safe;
        }
        self.twin_safe_now(pos, s)
    }

    #[cold]
    fn twin_safe_now(&self, pos: &Position, s: Side) -> u64 {
        let m = &self.masks[s];
        let enemy = s.other();
        let mut safe = m.safe;
        let mut bits = m.twin_safe & pos.cross[s];
        while bits != 0 {
            let t = lowest(bits);
            bits &= bits - 1;
            // The enemy piece's own position on that square, and whether it is a safe one.
            let at = pos.on[enemy] & m.cross_bit[usize::from(t - 1)];
            if at & self.masks[enemy].own_safe == 0 {
                safe &= !bit(t);
            }
        }
        safe
    }

    /// The positions side `s` may not move past that its own moves do not change: the other
    /// side's blockades and the stop squares.
    #[inline(always)]
    pub(super) fn enemy_barrier(&self, pos: &Position, s: Side) -> u64 {
        let block = if self.rules.blockade > 0 {
            runs(pos.cross[s], self.run_shifts)
        } else {
            0
        };
        block | self.masks[s].stop
    }

    /// Whether a piece of side `s` moving from `from` (0: entering) may end its move on its
    /// position `t`: not on its own piece, and on an enemy piece only if that piece may be
    /// captured.
    #[inline(always)]
    pub(super) fn can_land(&self, pos: &Position, s: Side, from: u8, t: u8) -> bool {
        let m = &self.masks[s];
        let sq = m.square_bit[usize::from(t - 1)];
        if pos.squares[s] & sq != 0 {
            return false;
        }
        if pos.squares[s.other()] & sq == 0 {
            return true;
        }
        self.can_capture
            && self.safe_now(pos, s) & bit(t) == 0
            && !(self.rules.protect_pairs
                && pos.on[s.other()] & m.enemy_neighbours[usize::from(t - 1)] != 0
                && !self.pairs_waived(pos, s, from))
            && (m.capture_to & bit(t) == 0 || self.room_for_captured(pos, s, from, t))
    }

    /// Whether side `s`'s piece moving from `from` may capture a piece that a pair protects: it
    /// is the piece that must move next, and the rules let that move ignore pairs (in a split
    /// turn the other pieces moving with it do not).
    #[cold]
    fn pairs_waived(&self, pos: &Position, s: Side, from: u8) -> bool {
        pos.moves_next(s)
            && from == self.moves_next_at[s]
            && self.rules.moves_next.is_some_and(|m| m.ignoring_pairs)
    }

    /// Whether the enemy piece that a piece of side `s` moving from `from` to `t` would capture
    /// has somewhere to go, where the rules send it to a square: a capture that cannot send
    /// the piece where the rules say is not a legal move.
    #[cold]
    fn room_for_captured(&self, pos: &Position, s: Side, from: u8, t: u8) -> bool {
        let m = &self.masks[s];
        let sq_bit = m.square_bit[usize::from(t - 1)];
        let sq = Square::lowest(sq_bit).expect("a square");
        let Capture::To(d) = self.rules.captured_at(sq) else {
            return true;
        };
        // The position as the captured piece leaves: the mover and it lifted, the landing
        // square about to be taken.
        let mut after = *pos;
        if from > 0 && from != OFF {
            self.lift(&mut after, s, from);
        }
        let e = s.other();
        let ep = if self.masks[e].twins {
            self.occupied_visit(&after, e, sq_bit)
        } else {
            self.masks[e].pos_of_square[sq.index()]
        };
        self.lift(&mut after, e, ep);
        self.resolve(&after, e, d, sq_bit).is_some()
    }

    /// Where a forward move of the piece at `p` by `d` ends ([`OFF`] to bear off), if it is legal.
    #[inline(always)]
    pub(super) fn forward_target(
        &self,
        pos: &Position,
        s: Side,
        p: u8,
        d: Throw,
        barrier: u64,
        can_bear: bool,
    ) -> Option<u8> {
        let m = &self.masks[s];
        if m.looped {
            return self.loop_target(pos, s, p, d, barrier);
        }
        // The last position a move may reach: the path's, or on a path in parts, the piece's
        // part's (no trap lies on such a path).
        let end = if m.segment_ends == 0 {
            m.len
        } else {
            part_end(m, p)
        };
        if m.trap != 0
            && let Some(t) = self.trapped(pos, s, p, u32::from(d.get()), barrier)
        {
            return t;
        }
        // Exits are single throw values; a split total may be larger.
        if m.exit_throws[usize::from(p - 1)] & d.mask_bit() != 0 {
            return (can_bear && between(p, end + 1) & barrier == 0).then_some(OFF);
        }
        if m.only_bear_off & bit(p) != 0 {
            return None;
        }
        let t = u8::try_from(u32::from(p) + u32::from(d.get()))
            .ok()
            .filter(|&t| t <= end)?;
        (between(p, t) & barrier == 0 && self.can_land(pos, s, p, t)).then_some(t)
    }

    /// The positions of side `s`'s pieces that have not moved yet, as bits.
    #[cold]
    pub(super) fn unmoved_positions(&self, pos: &Position, s: Side) -> u64 {
        pos.unmoved(&self.rules, s).fold(0, |m, p| m | p.bit())
    }

    /// The positions of side `s`'s pieces that have not moved yet and whose nearest piece ahead
    /// (of either side, on `s`'s path; round a loop, past its end) has not moved either: they
    /// wait for it. The front piece has none ahead and waits for nothing.
    #[cold]
    fn behind_unmoved(&self, pos: &Position, s: Side) -> u64 {
        let m = &self.masks[s];
        let square = |q: u8| m.square_bit[usize::from(q - 1)];
        let unmoved_squares = |t: Side| {
            let mt = &self.masks[t];
            pos.unmoved(&self.rules, t)
                .fold(0, |b, p| b | mt.square_bit[usize::from(p.get() - 1)])
        };
        let still = unmoved_squares(Side::First) | unmoved_squares(Side::Second);
        let occupied = pos.occupied();
        let mut waiting = 0;
        for p in pos.unmoved(&self.rules, s) {
            let p = p.get();
            let wrapped = if m.looped { 1..p } else { 1..1 };
            let ahead = (p + 1..=m.len)
                .chain(wrapped)
                .map(square)
                .find(|&b| occupied & b != 0);
            if ahead.is_some_and(|b| still & b != 0) {
                waiting |= bit(p);
            }
        }
        waiting
    }

    /// Where a forward move of the piece at `p` by `d` ends on a loop, going round past the
    /// last position to the first (no trap lies on a loop, and no piece bears off one).
    #[cold]
    fn loop_target(&self, pos: &Position, s: Side, p: u8, d: Throw, barrier: u64) -> Option<u8> {
        let len = u32::from(self.masks[s].len);
        let steps = u32::from(d.get());
        if steps == 0 {
            return None;
        }
        let to = u32::from(p) + steps;
        // The positions passed over: up to the end, then on from the first.
        let passed = if to <= len {
            between(p, u8::try_from(to).ok()?)
        } else if to - len < u32::from(p) {
            between(p, u8::try_from(len + 1).ok()?) | between(0, u8::try_from(to - len).ok()?)
        } else {
            // Round the whole loop, or more: every other position is passed.
            u64::MAX
        };
        let t = u8::try_from((to - 1) % len + 1).ok()?;
        (passed & barrier == 0 && t != p && self.can_land(pos, s, p, t)).then_some(t)
    }

    /// Where a forward move of the piece at `p` by `d` ends if it would pass over a square
    /// that traps it: `Some(Some(t))` it ends on `t`, `Some(None)` the move is not legal, `None`
    /// no trap is passed (the move is judged as usual).
    #[cold]
    pub(super) fn trapped(
        &self,
        pos: &Position,
        s: Side,
        p: u8,
        d: u32,
        barrier: u64,
    ) -> Option<Option<u8>> {
        let m = &self.masks[s];
        let beyond = u32::from(p) + d;
        // The first trap strictly between the piece and where the throw would take it.
        let ahead = m.trap
            & !up_to(p)
            & if beyond > 64 {
                u64::MAX
            } else {
                (1u64 << (beyond - 1)) - 1
            };
        if ahead == 0 {
            return None;
        }
        let q = lowest(ahead);
        if may_only_bear_off(m, p) || between(p, q) & barrier != 0 {
            return Some(None);
        }
        let sq = Square::lowest(m.square_bit[usize::from(q - 1)]).expect("a square");
        let d = self.rules.passing(sq).expect("a trap square");
        // The piece leaves `p` before it falls: its own square counts as free.
        let mut after = *pos;
        self.lift(&mut after, s, p);
        Some(self.resolve(&after, s, d, 0))
    }

    /// Where a waiting piece of side `s` enters with throw `v`, if it may.
    #[inline(always)]
    pub(super) fn entry_target(
        &self,
        pos: &Position,
        s: Side,
        v: Throw,
        barrier: u64,
    ) -> Option<u8> {
        if pos.waiting[s] == 0 {
            return None;
        }
        let enter = self.rules.enter.as_ref()?;
        if !enter.allows(v) {
            return None;
        }
        let t = u8::try_from(enter.onto.lands(v.get().into())).ok()?;
        let m = &self.masks[s];
        if t == 0 || t > m.len || between(0, t) & barrier != 0 {
            return None;
        }
        if enter.if_empty && pos.occupied() & m.square_bit[usize::from(t - 1)] != 0 {
            return None;
        }
        // Last, so that rules without it pay only where a piece could enter.
        (self.can_land(pos, s, 0, t) && pos.on[s] & m.enter_barred == 0).then_some(t)
    }

    /// The forward moves of side `s`'s pieces in `pieces` for a throw of `v`, and the entry of a
    /// waiting piece if `enter`. `EXTRAS`: the rules have squares that trap a move or send a
    /// captured piece to a square (without them, that work is compiled out).
    fn forward_moves<const EXTRAS: bool>(
        &self,
        pos: &Position,
        s: Side,
        v: Throw,
        pieces: u64,
        enter: bool,
        out: &mut Vec<Move>,
    ) {
        let m = &self.masks[s];
        let own = pos.on[s];
        let barrier = self.barrier(pos, s);
        let can_bear = self.can_bear_off(pos, s);
        // Pair protection seen from a different path needs the enemy's own path, and a path that
        // comes back to a square needs each landing judged by its square: one piece at a time.
        if (self.rules.protect_pairs && !self.shared_path) || m.per_piece {
            let mut bits = own & pieces;
            while bits != 0 {
                let p = lowest(bits);
                bits &= bits - 1;
                if let Some(t) = self.forward_target(pos, s, p, v, barrier, can_bear) {
                    out.push(Move::single(Step::packed(p, t)));
                }
            }
        } else {
            let d = u32::from(v.get());
            let Movable {
                normal,
                exits,
                mut trapped,
                ..
            } = self.movable::<EXTRAS>(pos, s, v, pieces, barrier, can_bear);
            while EXTRAS && trapped != 0 {
                let p = lowest(trapped);
                trapped &= trapped - 1;
                if let Some(Some(t)) = self.trapped(pos, s, p, d, barrier) {
                    out.push(Move::single(Step::packed(p, t)));
                }
            }
            let mut bits = normal | exits;
            while bits != 0 {
                let p = lowest(bits);
                let to = if exits & bit(p) != 0 {
                    OFF
                } else {
                    // The landing is on the path (`normal` says so): within 64.
                    u8::try_from(u32::from(p) + d).unwrap_or(OFF)
                };
                bits &= bits - 1;
                out.push(Move::single(Step::packed(p, to)));
            }
        }
        if enter && let Some(t) = self.entry_target(pos, s, v, barrier) {
            out.push(Move::single(Step::packed(0, t)));
        }
    }

    /// The pieces of side `s` in `pieces` that a throw of `v` moves forward, judged all at once
    /// as bit sets over positions (bit p - 1 for position p): where moves are not judged one
    /// piece at a time (see [`Engine::forward_moves`]). `EXTRAS` as there.
    #[inline(always)]
    pub(super) fn movable<const EXTRAS: bool>(
        &self,
        pos: &Position,
        s: Side,
        v: Throw,
        pieces: u64,
        barrier: u64,
        can_bear: bool,
    ) -> Movable {
        let m = &self.masks[s];
        let own = pos.on[s];
        let enemy = pos.cross[s]; // the enemy's pieces as positions along this side's path
        let d = u32::from(v.get());
        // All pieces at once, as bit sets over positions (bit p - 1 for position p).
        let capturable = if self.can_capture {
            // Only the piece that must move next may ignore pairs: waived where it alone moves.
            let waived = EXTRAS
                && pos.flags & moves_next_flag(s) != 0
                && own & pieces & !self.piece_to_move(pos, s) == 0
                && self.pairs_waived(pos, s, self.moves_next_at[s]);
            let protected = if self.rules.protect_pairs && !waived {
                enemy & (enemy << 1 | enemy >> 1)
            } else {
                0
            };
            enemy & !self.safe_now(pos, s) & !protected
        } else {
            0
        };
        // A capture that sends the piece to a square is judged one move at a time.
        let direct = if EXTRAS {
            capturable & !m.capture_to
        } else {
            capturable
        };
        let landable = m.on_path & !own & (!enemy | direct);
        let passes = passing(barrier, d);
        let exits = v
            .as_single()
            .map_or(0, |v| own & pieces & m.exit_from[usize::from(v)]);
        // Pieces that would pass over a trap are judged one at a time.
        let mut trapped = 0;
        if EXTRAS && m.trap != 0 {
            for k in 1..d.min(64) {
                trapped |= m.trap >> k;
            }
            trapped &= own & pieces;
        }
        let movable = own & pieces & !m.only_bear_off & !exits & !passes & !trapped;
        let mut normal = movable & shr(landable, d);
        let mut judged = if EXTRAS {
            movable & shr(capturable & m.capture_to, d)
        } else {
            0
        };
        while judged != 0 {
            let p = lowest(judged);
            judged &= judged - 1;
            // The landing is on the path (`capturable` holds path positions): within 64.
            let t = u8::try_from(u32::from(p) + d).unwrap_or(OFF);
            if self.room_for_captured(pos, s, p, t) {
                normal |= bit(p);
            }
        }
        // An exit passes every position after its piece: none may be a barrier. Without a
        // branch: whether a piece bears off changes from throw to throw.
        let blocked = u64::MAX
            .checked_shr(barrier.leading_zeros() + 1)
            .unwrap_or(0);
        let exits_ok = exits & !blocked & 0u64.wrapping_sub(u64::from(can_bear));
        let exits_ok = if EXTRAS {
            exits_ok & !trapped
        } else {
            exits_ok
        };
        Movable {
            normal,
            exits: exits_ok,
            trapped,
            landable,
        }
    }

    pub(super) fn backward_moves(
        &self,
        pos: &Position,
        s: Side,
        v: Throw,
        pieces: u64,
        out: &mut Vec<Move>,
    ) {
        let barrier = self.barrier(pos, s);
        let m = &self.masks[s];
        let mut bits = pos.on[s] & pieces & !m.only_bear_off & !m.no_backward;
        while bits != 0 {
            let p = lowest(bits);
            bits &= bits - 1;
            let Some(t) = u8::try_from(v.get()).ok().and_then(|d| p.checked_sub(d)) else {
                continue;
            };
            let onto_piece = pos.occupied() & m.square_bit[usize::from(t.max(1) - 1)] != 0;
            if t > 0
                && between(t, p) & barrier == 0
                && !(self.rules.backward_onto_empty && onto_piece)
                && self.can_land(pos, s, p, t)
            {
                out.push(Move::single(Step::packed(p, t)));
            }
        }
    }

    /// The legal moves of the side to move for a throw of `throw` (for a throw-all-then-split
    /// turn, the total), written into `out`. An empty list means the side must pass. A forced
    /// opening move ignores the throw.
    ///
    /// A split turn's listing stops after [`super::SPLIT_STATES`] states of its search: then it
    /// says [`Listing::Cut`], and `out` is not the list.
    pub fn legal_moves(&self, pos: &Position, throw: Throw, out: &mut Vec<Move>) -> Listing {
        if let Some(t) = &self.rules.stacked {
            let (pool, form) = t.pool(self.pool_code(pos, throw).get());
            self.stacked_moves(pos, pool, form, out);
            return Listing::Whole;
        }
        if self.rules.split {
            super::split::clear_cut();
        }
        if self.retreats || self.optional_effects {
            self.moves_with_extras(pos, throw, out);
        } else {
            self.moves_of(pos, throw, out);
        }
        if self.rules.split && super::split::last_listing_cut() {
            Listing::Cut
        } else {
            Listing::Whole
        }
    }

    /// The legal moves of the side to move for the dice `dice` (the dice still to play, in any
    /// order, each to be played if it can be), where the rules play dice one by one or pieces
    /// stack: each move a whole turn. An empty list means the side passes. Other rules have no
    /// dice: `None`.
    pub fn dice_moves(&self, pos: &Position, dice: &[u8], out: &mut Vec<Move>) -> Option<()> {
        self.rules.stacked.as_ref()?;
        self.stacked_moves(pos, dice, PoolForm::ANY, out);
        Some(())
    }

    /// The legal moves of the side to move but retreats, and which pieces may move (`None`
    /// where no piece moves by the rules that follow, or the turn splits its total).
    #[inline(always)]
    fn moves_of(&self, pos: &Position, throw: Throw, out: &mut Vec<Move>) -> Option<u64> {
        out.clear();
        let s = pos.to_move;
        if pos.flags & any_side_flag(s) != 0 {
            if pos.flags & lose_turn_flag(s) != 0 {
                // A side that loses its turn has no move, whatever it throws.
                return None;
            }
            // A side that has not begun passes until a throw begins it (a forced opening move
            // takes no throw).
            let forced = pos.opening_due(s)
                && matches!(self.rules.opening[s], Some(Opening::FrontPieceMoves { .. }));
            if !forced && !pos.begun(s) && self.rules.begin & throw.mask_bit() == 0 {
                return None;
            }
        }
        if pos.opening_due(s) {
            match self.rules.opening[s] {
                Some(Opening::FrontPieceMoves { steps, .. }) => {
                    if let Some(front) = front_piece(pos, s) {
                        let barrier = self.barrier(pos, s);
                        let can_bear = self.can_bear_off(pos, s);
                        let d = Throw::from(steps);
                        if let Some(t) = self.forward_target(pos, s, front, d, barrier, can_bear) {
                            out.push(Move::single(Step::packed(front, t)));
                        }
                    }
                    return None;
                }
                Some(Opening::FirstMoveWithFrontPiece) => {
                    if let Some(front) = front_piece(pos, s) {
                        let only = bit(front);
                        if !throw.is_zero() {
                            self.forward_moves::<true>(pos, s, throw, only, false, out);
                            if out.is_empty() && self.rules.backward {
                                self.backward_moves(pos, s, throw, only, out);
                            }
                        }
                        if !out.is_empty() {
                            return None;
                        }
                    }
                }
                None => {}
            }
        }
        if self.extras {
            return self.restricted_moves(pos, throw, out);
        }
        if self.rules.split {
            self.split_moves(pos, throw, (u64::MAX, true, 0), true, out);
            return None;
        }
        if throw.is_zero() {
            return None;
        }
        self.throw_moves(pos, s, throw, u64::MAX, true, out);
        Some(u64::MAX)
    }

    /// [`Engine::moves_of`] where some rule may keep pieces from moving: while a piece stands
    /// where it holds the others back, only such pieces move; a piece that needs the square
    /// ahead empty moves only while it is, and one that waits for its side only once all are
    /// there; a turn that has moved one way goes on that way.
    #[inline(never)]
    fn restricted_moves(&self, pos: &Position, throw: Throw, out: &mut Vec<Move>) -> Option<u64> {
        let s = pos.to_move;
        let m = &self.masks[s];
        let taken = pos.on[s] | pos.cross[s];
        // The piece that must move next makes this move (or, in a split, takes part).
        let must = if pos.flags & moves_next_flag(s) != 0 {
            self.piece_to_move(pos, s)
        } else {
            0
        };
        // Where pieces are held, none enters, unless the hold lets waiting pieces enter.
        let (held, may_enter) = if must != 0 && !self.rules.split {
            (Some(must), false)
        } else {
            let on_hold = pos.on[s] & m.hold;
            let held = (on_hold != 0).then_some(on_hold);
            let may_enter = held.is_none() || self.rules.hold_lets_enter;
            if self.rules.holds.is_empty() {
                (held, may_enter)
            } else {
                self.held_by_rules(pos, s, (held, may_enter))
            }
        };
        // Pieces that wait on their squares for the rest of their side to come.
        let apart = pos.on[s] & !m.together != 0 || pos.waiting[s] != 0;
        let waiting_for_all = if apart { m.together } else { 0 };
        // Pieces that have not moved yet, with a throw their first move may not be made with.
        let locked = if pos.unmoved[s] == 0 {
            0
        } else if self.rules.first_move != 0 && self.rules.first_move & throw.mask_bit() == 0 {
            self.unmoved_positions(pos, s)
        } else if self.rules.first_after_ahead {
            self.behind_unmoved(pos, s)
        } else {
            0
        };
        // The square ahead of each position; round a loop, the first is ahead of the last.
        let ahead = if m.looped {
            taken >> 1 | (taken & 1) << (m.len - 1)
        } else {
            taken >> 1
        };
        // Pieces that stay while one of their side waits to enter.
        let until_entered = if pos.waiting[s] != 0 { m.none_waits } else { 0 };
        let blocked = m.ahead_empty & ahead | waiting_for_all | locked | until_entered;
        // Only the held pieces may move while some are held.
        let pieces = held.unwrap_or(u64::MAX) & !blocked;
        if pos.turn_way != 0 {
            return self.one_way_moves(pos, throw, (pieces, may_enter, must), out);
        }
        if self.rules.split {
            self.split_moves(pos, throw, (pieces, may_enter, must), true, out);
            return None;
        }
        if throw.is_zero() {
            return None;
        }
        self.throw_moves(pos, s, throw, pieces, may_enter, out);
        Some(pieces)
    }

    /// The positions `held` (the pieces a square holds back to, if any) narrowed by every rule
    /// `on each move [if ...]: only pieces on SET may move` whose condition holds before side
    /// `s` moves; `None` while no piece is held to some positions. Where such a rule holds
    /// pieces, no piece enters.
    #[cold]
    fn held_by_rules(
        &self,
        pos: &Position,
        s: Side,
        (held, may_enter): (Option<u64>, bool),
    ) -> (Option<u64>, bool) {
        let (mut held, mut may_enter) = (held, may_enter);
        for h in &self.rules.holds {
            // The checker gives these rules no condition on the piece: none has moved.
            let fires = h.condition.is_none_or(|c| c.holds(s, &pos.squares, false));
            if fires {
                held = Some(held.unwrap_or(u64::MAX) & h.only[s]);
                may_enter = false;
            }
        }
        (held, may_enter)
    }

    /// The legal moves where pieces may retreat or decline a square's effect or an extra throw,
    /// or the player may end the turn: the others, then the same moves with the piece staying
    /// where it lands, then the retreats, then the moves that decline an extra throw, then those
    /// that end the turn.
    #[inline(never)]
    fn moves_with_extras(&self, pos: &Position, throw: Throw, out: &mut Vec<Move>) {
        let s = pos.to_move;
        let pieces = self.moves_of(pos, throw, out);
        if self.optional_effects {
            let optional = self.masks[s].optional;
            for i in 0..out.len() {
                let mv = out[i];
                if let Some(step) = mv.steps().last()
                    && (1..=64).contains(&step.packed_to())
                    && optional & bit(step.packed_to()) != 0
                {
                    out.push(mv.staying());
                    // A line that leads to another the player may decline: stop after one.
                    if self.next_is_optional(s, step.packed_to()) {
                        out.push(mv.one_hop_only());
                    }
                }
            }
        }
        if let Some(pieces) = pieces
            && pos.on[s] & self.retreat[s].from & pieces != 0
        {
            self.retreat_moves(pos, s, pieces, out);
        }
        let may_throw = |t: &TurnRule| t.throw_again == Some(Force::May);
        if self.optional_effects && self.rules.turn_rules.iter().any(may_throw) {
            self.declining_throws(pos, throw, out);
        }
        if self.optional_effects && self.rules.may_end_turn() {
            self.ending_turns(pos, throw, out);
        }
    }

    /// Each move with which the player may end the turn (`may end turn`), once more ending it,
    /// where that changes something: the side loses an extra throw the move would give it, or,
    /// in a turn that plays each throw whole, the throws it has not played (a game drops that
    /// form where it has none left: see [`super::game::Game`]). A move that declines an extra
    /// throw ends nothing more by ending the turn.
    #[cold]
    fn ending_turns(&self, pos: &Position, throw: Throw, out: &mut Vec<Move>) {
        for i in 0..out.len() {
            let going = out[i];
            if going.declines_throw() {
                continue;
            }
            let ending = going.ending_turn();
            let (after, report) = self.apply(pos, &going, throw);
            let (ended, ended_report) = self.apply(pos, &ending, throw);
            let differs = if self.plays_each {
                ended_report.ends_turn() && !report.ends_turn()
            } else {
                // Where the side may decline the throw, that form already ends the turn.
                let declined = going.declining_throw();
                ended != after
                    && !(out.contains(&declined) && self.successor(pos, &declined, throw) == ended)
            };
            if differs {
                out.push(ending);
            }
        }
    }

    /// Each move after which the side may throw again (`may throw again`), once more declining
    /// the throw: where the two lead to the same position (the move gives no such throw, or
    /// another rule gives one anyway) the move comes once.
    #[cold]
    fn declining_throws(&self, pos: &Position, throw: Throw, out: &mut Vec<Move>) {
        for i in 0..out.len() {
            let declined = out[i].declining_throw();
            if self.successor(pos, &out[i], throw) != self.successor(pos, &declined, throw) {
                out.push(declined);
            }
        }
    }

    /// Whether the square the effect at side `s`'s position `p` leads to has an optional effect of
    /// its own that the piece goes on to (the first does not stop it).
    fn next_is_optional(&self, s: Side, p: u8) -> bool {
        let m = &self.masks[s];
        if self.rules.sides[s].effect_stops(p) {
            return false;
        }
        self.rules.sides[s].effects[m.square_index(p)].is_some_and(|d| {
            let q = m.pos_of_square[d.square.index()];
            q != 0 && m.optional & bit(q) != 0
        })
    }

    /// The piece of side `s` that must move next, as a one-bit set (none: empty).
    #[cold]
    fn piece_to_move(&self, pos: &Position, s: Side) -> u64 {
        match self.moves_next_at[s] {
            0 => 0,
            t => pos.on[s] & bit(t),
        }
    }

    /// Retreats of the pieces in `pieces` that stand where they may retreat, and when no other
    /// piece could move, a move that leaves them where they are: a retreat is never forced,
    /// and neither is any other move of a piece that may retreat.
    #[cold]
    fn retreat_moves(&self, pos: &Position, s: Side, pieces: u64, out: &mut Vec<Move>) {
        let m = &self.masks[s];
        let candidates = pos.on[s] & self.retreat[s].from & pieces;
        let t = self.retreat[s].to;
        if t != 0 && pos.occupied() & m.square_bit[usize::from(t - 1)] == 0 {
            let mut bits = candidates;
            while bits != 0 {
                let p = lowest(bits);
                bits &= bits - 1;
                out.push(Move::retreat(p, t));
            }
        }
        if !out.is_empty() && out.iter().all(|mv| from_in(mv, candidates)) {
            out.push(Move::default());
        }
    }

    /// The moves of a side that has moved one way in its turn where the moves of a turn go one
    /// way (`one direction each turn`): after a forward move only forward moves (no backward
    /// move even if none goes forward), after a backward move only backward ones. `pieces`,
    /// `may_enter` and `must` are as [`Engine::moves_of`] found them.
    #[cold]
    fn one_way_moves(
        &self,
        pos: &Position,
        throw: Throw,
        (pieces, may_enter, must): (u64, bool, u64),
        out: &mut Vec<Move>,
    ) -> Option<u64> {
        let s = pos.to_move;
        let backward = pos.moved_this_turn() == Some(Way::Backward);
        if self.rules.split {
            if backward && self.rules.backward_split {
                self.split_backward_moves(pos, throw, (pieces, must), out);
            } else if backward {
                let pieces = if must != 0 { must & pieces } else { pieces };
                self.backward_moves(pos, s, throw, pieces, out);
            } else {
                self.split_moves(pos, throw, (pieces, may_enter, must), false, out);
            }
            return None;
        }
        if throw.is_zero() {
            return None;
        }
        if backward {
            self.backward_moves(pos, s, throw, pieces, out);
        } else {
            self.forward_moves::<true>(pos, s, throw, pieces, may_enter, out);
            self.keep_priority(s, out);
        }
        Some(pieces)
    }

    /// Where some moves start from a priority square, only those.
    #[inline(always)]
    fn keep_priority(&self, s: Side, out: &mut Vec<Move>) {
        let priority = self.masks[s].priority;
        if priority != 0 && out.iter().any(|m| from_in(m, priority)) {
            out.retain(|m| from_in(m, priority));
        }
    }

    /// The moves for one throw of the pieces in `pieces` (entering only if `may_enter`):
    /// forward, then backward as the rules say, then the priority squares' claim.
    #[inline(always)]
    fn throw_moves(
        &self,
        pos: &Position,
        s: Side,
        throw: Throw,
        pieces: u64,
        may_enter: bool,
        out: &mut Vec<Move>,
    ) {
        if self.extras {
            self.forward_moves::<true>(pos, s, throw, pieces, may_enter, out);
        } else {
            self.forward_moves::<false>(pos, s, throw, u64::MAX, true, out);
        }
        if self.rules.backward_per_piece {
            // Each piece that has no forward move may move backwards.
            let forward = out.iter().fold(0u64, |acc, m| {
                let from = m.steps()[0].packed_from();
                if from > 0 && from != OFF {
                    acc | bit(from)
                } else {
                    acc
                }
            });
            self.backward_moves(pos, s, throw, pieces & !forward, out);
        } else if out.is_empty() {
            if self.rules.backward {
                self.backward_moves(pos, s, throw, pieces, out);
            }
            return;
        }
        self.keep_priority(s, out);
    }
}

/// What a throw lets the pieces of a side do, as bit sets over its positions: see
/// [`Engine::movable`].
#[derive(Clone, Copy)]
pub(super) struct Movable {
    /// Pieces that move the throw's value on along the path.
    pub normal: u64,
    /// Pieces that bear off with the throw.
    pub exits: u64,
    /// Pieces that would pass over a trap, to be judged one at a time (only with `EXTRAS`).
    pub trapped: u64,
    /// Positions a piece may end a move on: on the path, not its own, and empty or an enemy
    /// piece it may capture (by the piece's position alone, as for `normal`).
    pub landable: u64,
}

/// The last position of the part of a path in parts that position `p` lies in.
#[cold]
pub(super) fn part_end(m: &super::SideMasks, p: u8) -> u8 {
    let ends = m.segment_ends & !(bit(p) - 1);
    if ends == 0 { m.len } else { lowest(ends) }
}

/// Whether a piece at `p` may only bear off, not move on along its path.
fn may_only_bear_off(m: &super::SideMasks, p: u8) -> bool {
    m.only_bear_off & bit(p) != 0
}

/// Whether a move starts from a position in `mask`.
fn from_in(m: &Move, mask: u64) -> bool {
    m.steps().first().is_some_and(|step| {
        let from = step.packed_from();
        from > 0 && from != OFF && mask & bit(from) != 0
    })
}

/// The piece of side `s` furthest along its path.
fn front_piece(pos: &Position, s: Side) -> Option<u8> {
    let on = pos.on[s];
    // 64 minus the leading zeros of a non-zero u64 is 1 to 64.
    (on != 0).then(|| u8::try_from(64 - on.leading_zeros()).unwrap_or(u8::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_masks() {
        assert_eq!(between(1, 2), 0);
        assert_eq!(between(1, 3), 0b10);
        assert_eq!(between(0, 4), 0b111);
        assert_eq!(between(25, 31), 0b11111 << 25);
        assert_eq!(between(63, 65), 1 << 63);
    }

    #[test]
    fn passing_is_every_shift_below_the_throw() {
        let mut z: u64 = 7;
        for _ in 0..2000 {
            z = z
                .wrapping_mul(0x5851_f42d_4c95_7f2d)
                .wrapping_add(1442695040888963407);
            for barrier in [z, z & z >> 9, 1 << (z >> 58), 0] {
                for d in 0..70 {
                    let plain = (1..d.min(64)).fold(0, |acc, k| acc | barrier >> k);
                    assert_eq!(passing(barrier, d), plain, "{barrier:#x}, {d}");
                }
            }
        }
    }

    #[test]
    fn runs_of_three() {
        let three = run_shifts(3);
        assert_eq!(runs(0b0111, three), 0b0111);
        assert_eq!(runs(0b1111, three), 0b1111);
        assert_eq!(runs(0b1011, three), 0);
        assert_eq!(runs(0b0111_0110, three), 0b0111_0000);
    }

    /// Runs found the plain way: every position of a stretch of at least `n` set bits.
    fn plain_runs(bits: u64, n: u32) -> u64 {
        let starts = (1..n).fold(bits, |acc, k| acc & bits >> k);
        (0..n).fold(0, |acc, k| acc | starts << k)
    }

    #[test]
    fn runs_by_doubling_are_plain_runs() {
        let mut z: u64 = 11;
        for _ in 0..2000 {
            z = z
                .wrapping_mul(0x5851_f42d_4c95_7f2d)
                .wrapping_add(1442695040888963407);
            for bits in [
                z,
                z | z >> 1,
                z | z >> 1 | z >> 3,
                u64::MAX,
                0,
                u64::MAX << 40,
            ] {
                for n in 1..=16u8 {
                    let shifts = run_shifts(n);
                    assert_eq!(shifts.iter().sum::<u32>(), u32::from(n) - 1);
                    assert_eq!(
                        runs(bits, shifts),
                        plain_runs(bits, u32::from(n)),
                        "{bits:#x}, {n}"
                    );
                }
            }
        }
    }
}
