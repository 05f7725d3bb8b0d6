//! Legal-move generation for a single throw. Writes into a caller's buffer; allocates nothing.

use super::{Engine, Move, Position};
use crate::check::ruleset::{EnterOnto, Opening};

/// Positions strictly between `a` and `b` (a < b) as a mask over path positions.
#[inline]
pub(super) fn between(a: u8, b: u8) -> u64 {
    if b <= a + 1 {
        return 0;
    }
    let hi = if b > 64 {
        u64::MAX
    } else {
        (1u64 << (b - 1)) - 1
    };
    let lo = if a >= 64 { u64::MAX } else { (1u64 << a) - 1 };
    hi & !lo
}

/// Positions covered by runs of at least `n` consecutive set bits.
#[inline]
fn runs(bits: u64, n: u8) -> u64 {
    let mut starts = bits;
    for k in 1..n {
        starts &= bits >> k;
    }
    let mut covered = 0;
    for k in 0..n {
        covered |= starts << k;
    }
    covered
}

impl Engine {
    /// Positions of side `s`'s path that no move may pass over: stop squares and enemy blockades.
    #[inline]
    pub(super) fn barrier(&self, pos: &Position, s: usize) -> u64 {
        let n = self.rules.blockade;
        let block = if n > 0 { runs(pos.cross[s], n) } else { 0 };
        block | self.masks[s].stop
    }

    /// Whether a piece of side `s` may end a move on its position `t`: not on its own piece, and
    /// on an enemy piece only if that piece may be captured.
    #[inline(always)]
    pub(super) fn can_land(&self, pos: &Position, s: usize, t: u8) -> bool {
        let m = &self.masks[s];
        let bit = m.square_bit[t as usize];
        if pos.squares[s] & bit != 0 {
            return false;
        }
        if pos.squares[1 - s] & bit == 0 {
            return true;
        }
        self.can_capture
            && m.safe & (1 << (t - 1)) == 0
            && !(self.rules.protect_pairs && pos.on[1 - s] & m.enemy_neighbours[t as usize] != 0)
    }

    /// Where a forward move of the piece at `p` by `d` ends (`len + 1` = off), if it is legal.
    #[inline(always)]
    pub(super) fn forward_target(
        &self,
        pos: &Position,
        s: usize,
        p: u8,
        d: u8,
        barrier: u64,
        can_bear: bool,
    ) -> Option<u8> {
        let m = &self.masks[s];
        let off = m.len + 1;
        // Exit throws are single throw values (below 32); a split total may be larger.
        if p > 0 && d < 32 && m.exit_throws[p as usize] & (1 << d) != 0 {
            return (can_bear && between(p, off) & barrier == 0).then_some(off);
        }
        if p > 0 && m.only_bear_off & (1 << (p - 1)) != 0 {
            return None;
        }
        let t = p + d;
        if t > m.len || between(p, t) & barrier != 0 || !self.can_land(pos, s, t) {
            return None;
        }
        Some(t)
    }

    /// Where a waiting piece of side `s` enters with throw `v`, if it may.
    #[inline]
    pub(super) fn entry_target(&self, pos: &Position, s: usize, v: u8, barrier: u64) -> Option<u8> {
        if pos.waiting[s] == 0 || v == 0 {
            return None;
        }
        let enter = self.rules.enter.as_ref()?;
        if let Some(throws) = &enter.throws
            && !throws.contains(&v)
        {
            return None;
        }
        let t = match enter.onto {
            EnterOnto::Throw => v,
            EnterOnto::Position(p) => p,
        };
        if t == 0 || t > self.masks[s].len || between(0, t) & barrier != 0 {
            return None;
        }
        if enter.if_empty
            && pos
                .owner(self.rules.sides[s].path[t as usize - 1])
                .is_some()
        {
            return None;
        }
        self.can_land(pos, s, t).then_some(t)
    }

    fn forward_moves(
        &self,
        pos: &Position,
        s: usize,
        v: u8,
        pieces: u64,
        enter: bool,
        out: &mut Vec<Move>,
    ) {
        let m = &self.masks[s];
        let own = pos.on[s];
        let enemy = pos.cross[s]; // the enemy's pieces as positions along this side's path
        let n = self.rules.blockade;
        let barrier = if n > 0 { runs(enemy, n) } else { 0 } | m.stop;
        let can_bear = self.can_bear_off(pos, s);
        // Pair protection seen from a different path needs the enemy's own path: one piece at a time.
        if self.rules.protect_pairs && !self.shared_path {
            let mut bits = own & pieces;
            while bits != 0 {
                let p = bits.trailing_zeros() as u8 + 1;
                bits &= bits - 1;
                if let Some(t) = self.forward_target(pos, s, p, v, barrier, can_bear) {
                    out.push(Move::single(p, t));
                }
            }
        } else {
            // All pieces at once, as bit sets over positions (bit p - 1 for position p).
            let capturable = if self.can_capture {
                let protected = if self.rules.protect_pairs {
                    enemy & (enemy << 1 | enemy >> 1)
                } else {
                    0
                };
                enemy & !m.safe & !protected
            } else {
                0
            };
            let landable = m.on_path & !own & (!enemy | capturable);
            // Sources from which the move would pass over a barrier.
            let mut passes = 0;
            for k in 1..v.min(64) {
                passes |= barrier >> k;
            }
            let exits = if v < 32 {
                own & pieces & m.exit_from[v as usize]
            } else {
                0
            };
            let normal = own & pieces & !m.only_bear_off & !exits & !passes & (landable >> v);
            let exits_ok = if can_bear && exits != 0 {
                // An exit passes every position after its piece: none may be a barrier.
                let blocked = if barrier == 0 {
                    0
                } else {
                    (1u64 << (63 - barrier.leading_zeros())) - 1
                };
                exits & !blocked
            } else {
                0
            };
            let off = m.len + 1;
            let mut bits = normal | exits_ok;
            while bits != 0 {
                let p = bits.trailing_zeros() as u8 + 1;
                let exit = exits_ok & (1 << (p - 1)) != 0;
                bits &= bits - 1;
                out.push(Move::single(p, if exit { off } else { p + v }));
            }
        }
        if enter && let Some(t) = self.entry_target(pos, s, v, barrier) {
            out.push(Move::single(0, t));
        }
    }

    pub(super) fn backward_moves(
        &self,
        pos: &Position,
        s: usize,
        v: u8,
        pieces: u64,
        out: &mut Vec<Move>,
    ) {
        let barrier = self.barrier(pos, s);
        let mut bits = pos.on[s] & pieces & !self.masks[s].only_bear_off;
        while bits != 0 {
            let p = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            if p > v && between(p - v, p) & barrier == 0 && self.can_land(pos, s, p - v) {
                out.push(Move::single(p, p - v));
            }
        }
    }

    /// The legal moves of the side to move for a throw of `throw` (for a throw-all-then-split
    /// turn, the total), written into `out`. An empty list means the side must pass. A forced
    /// opening move ignores the throw.
    pub fn legal_moves(&self, pos: &Position, throw: u8, out: &mut Vec<Move>) {
        out.clear();
        let s = pos.to_move as usize;
        if pos.opening & (1 << s) != 0 {
            match self.rules.opening[s] {
                Some(Opening::FrontPieceMoves { steps, .. }) => {
                    if let Some(front) = front_piece(pos, s) {
                        let barrier = self.barrier(pos, s);
                        if let Some(t) = self.forward_target(
                            pos,
                            s,
                            front,
                            steps,
                            barrier,
                            self.can_bear_off(pos, s),
                        ) {
                            out.push(Move::single(front, t));
                        }
                    }
                    return;
                }
                Some(Opening::FirstMoveWithFrontPiece) => {
                    if let Some(front) = front_piece(pos, s) {
                        let only = 1u64 << (front - 1);
                        if throw > 0 {
                            self.forward_moves(pos, s, throw, only, false, out);
                            if out.is_empty() && self.rules.backward {
                                self.backward_moves(pos, s, throw, only, out);
                            }
                        }
                        if !out.is_empty() {
                            return;
                        }
                    }
                }
                None => {}
            }
        }
        if self.rules.throw_again != 0 {
            self.split_moves(pos, throw, out);
            return;
        }
        if throw == 0 {
            return;
        }
        self.forward_moves(pos, s, throw, u64::MAX, true, out);
        if out.is_empty() {
            if self.rules.backward {
                self.backward_moves(pos, s, throw, u64::MAX, out);
            }
            return;
        }
        let priority = self.masks[s].priority;
        if priority != 0 && out.iter().any(|m| from_in(m, priority)) {
            out.retain(|m| from_in(m, priority));
        }
    }
}

fn from_in(m: &Move, mask: u64) -> bool {
    let from = m.steps()[0].from;
    from > 0 && mask & (1 << (from - 1)) != 0
}

/// The piece of side `s` furthest along its path.
fn front_piece(pos: &Position, s: usize) -> Option<u8> {
    (pos.on[s] != 0).then(|| 64 - pos.on[s].leading_zeros() as u8)
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
    }

    #[test]
    fn runs_of_three() {
        assert_eq!(runs(0b0111, 3), 0b0111);
        assert_eq!(runs(0b1111, 3), 0b1111);
        assert_eq!(runs(0b1011, 3), 0);
        assert_eq!(runs(0b0111_0110, 3), 0b0111_0000);
    }
}
