//! Applying a move with all its effects: captures, square effects, extra throws, the opening.

use super::{Engine, Move, Position, Step};
use crate::check::ruleset::{Capture, Destination, Fallback, Opening};

/// What a move did, for statistics and messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub captures: u8,
    /// Square effects that moved a piece (House of Water and the like).
    pub effects: u8,
    pub borne_off: u8,
    pub entered: u8,
    pub backward: bool,
    /// The same side throws again.
    pub extra_throw: bool,
    /// The square the (last) step landed on, before any square effect; 0 if it bore off.
    pub landed: u16,
}

impl Engine {
    /// Where a destination sends a piece of side `s` (a position on its path), or `None` if the
    /// square is taken and there is no fallback, or no free square is found.
    fn resolve(&self, pos: &Position, s: usize, d: Destination) -> Option<u8> {
        let side = &self.rules.sides[s];
        let x = self.masks[s].pos_of_square[d.square as usize - 1];
        if x == 0 {
            return None;
        }
        let free = |p: u8| pos.owner(side.path[p as usize - 1]).is_none();
        match d.fallback {
            Fallback::None => free(x).then_some(x),
            Fallback::FirstFreeAfter => (x..=self.masks[s].len).find(|&p| free(p)),
            Fallback::FirstFreeBefore => (1..=x).rev().find(|&p| free(p)),
        }
    }

    /// Plays one piece movement of side `s` onto `next`. Returns the position the piece rests
    /// on (0 if it bore off).
    pub(super) fn apply_step(
        &self,
        next: &mut Position,
        s: usize,
        step: Step,
        report: &mut Report,
    ) -> u8 {
        let r = &self.rules;
        let m = &self.masks[s];
        let off = m.len + 1;
        if step.from == 0 {
            next.waiting[s] -= 1;
            report.entered += 1;
        } else {
            self.lift(next, s, step.from);
        }
        if step.to == off {
            next.off[s] += 1;
            report.borne_off += 1;
            report.landed = 0;
            return 0;
        }
        let bit = m.square_bit[step.to as usize];
        let sq = bit.trailing_zeros() as u16 + 1;
        report.landed = sq;
        let e = 1 - s;
        if next.squares[e] & bit != 0 {
            let ep = self.masks[e].pos_of_square[sq as usize - 1];
            self.lift(next, e, ep);
            report.captures += 1;
            let back_to = match r.capture {
                Capture::Swap if step.from > 0 => {
                    let from_sq = r.sides[s].path[step.from as usize - 1];
                    Some(self.masks[e].pos_of_square[from_sq as usize - 1]).filter(|&p| p > 0)
                }
                Capture::To(d) => self.resolve(next, e, d),
                _ => None,
            };
            match (back_to, &r.capture) {
                (Some(p), _) => self.place(next, e, p),
                (None, Capture::Removed) => next.removed[e] += 1,
                (None, _) => next.waiting[e] += 1,
            }
        }
        // Square effects, followed while they lead on (the checker rules out loops).
        let mut at = step.to;
        if m.effect & (1 << (at - 1)) == 0 {
            self.place(next, s, at);
            return at;
        }
        for _ in 0..8 {
            let Some(d) = r.effects[r.sides[s].path[at as usize - 1] as usize] else {
                break;
            };
            match self.resolve(next, s, d) {
                Some(p) if p != at => {
                    at = p;
                    report.effects += 1;
                }
                _ => break,
            }
        }
        self.place(next, s, at);
        at
    }

    /// Takes the piece of side `s` at position `p` off its square.
    #[inline(always)]
    fn lift(&self, next: &mut Position, s: usize, p: u8) {
        let m = &self.masks[s];
        next.on[s] &= !(1 << (p - 1));
        next.squares[s] &= !m.square_bit[p as usize];
        next.cross[1 - s] &= !m.cross_bit[p as usize];
    }

    /// Puts a piece of side `s` at position `p`.
    #[inline(always)]
    fn place(&self, next: &mut Position, s: usize, p: u8) {
        let m = &self.masks[s];
        next.on[s] |= 1 << (p - 1);
        next.squares[s] |= m.square_bit[p as usize];
        next.cross[1 - s] |= m.cross_bit[p as usize];
    }

    /// The position after the side to move plays `mv` with throw `throw`, and what happened.
    pub fn apply(&self, pos: &Position, mv: &Move, throw: u8) -> (Position, Report) {
        let r = &self.rules;
        let s = pos.to_move as usize;
        let mut next = *pos;
        let mut report = Report {
            backward: mv.is_backward(),
            ..Report::default()
        };
        let mut extra_square = false;
        for &step in mv.steps() {
            let rest = self.apply_step(&mut next, s, step, &mut report);
            if rest > 0 && self.masks[s].extra & (1 << (rest - 1)) != 0 {
                extra_square = true;
            }
        }
        let mut extra =
            extra_square || (r.throw_again == 0 && throw < 32 && r.extra_after & (1 << throw) != 0);
        if next.opening & (1 << s) != 0 {
            next.opening &= !(1 << s);
            if let Some(Opening::FrontPieceMoves { throw_again, .. }) = r.opening[s] {
                extra = throw_again;
            }
        }
        report.extra_throw = extra;
        next.to_move = if extra { s as u8 } else { 1 - s as u8 };
        (next, report)
    }

    /// The position after the side to move passes.
    pub fn pass(&self, pos: &Position) -> Position {
        let mut next = *pos;
        next.to_move = 1 - pos.to_move;
        next
    }
}
