//! Making a move or a pass for many sides, whose turn comes next, and the end of the game.

use senet_lang::types::Place;

use super::generate::{Meeting, Occupants};
use super::position::{MultiPosition, in_play};
use super::rules::{MultiCapture, MultiRules};
use super::{MultiMove, MultiOutcome};
use crate::compile::PosFlags;

/// What a move did besides moving its piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MultiReport {
    /// The pieces taken where the mover landed (all of a side that stood there): their side
    /// and where the first stood along its path.
    pub captured: Option<(u8, Place)>,
    /// The side that moved throws again.
    pub extra_throw: bool,
}

impl MultiRules {
    /// The position after the side to move makes `mv` (one of its legal moves, with the throw
    /// it carries), and what the move did. The turn goes on to the next side, unless the move
    /// gives an extra throw or the side holds more throws to play.
    pub fn apply(&self, pos: &MultiPosition, mv: MultiMove) -> (MultiPosition, MultiReport) {
        let v = mv.throw();
        let s = usize::from(pos.to_move);
        let table = &self.sides[s];
        let mut next = *pos;
        // A move ends any run of equal throws.
        (next.run_of, next.run) = (0, 0);
        let mut report = MultiReport::default();
        let (from, to) = (mv.packed_from(), mv.packed_to());
        if let Place::On(t) = Place::unpack(to) {
            let occupants = Occupants::of(self, pos);
            let square = table.path[t.index()];
            let c = occupants.census(square);
            for e in (0..self.count()).filter(|&e| e != s && c.count[e] > 0) {
                if self.meeting(s, e, c.place[e], c.count[e]) != Meeting::Takes {
                    continue;
                }
                let sent = match self.capture {
                    MultiCapture::Removed => Place::Removed,
                    MultiCapture::ToWaiting | MultiCapture::None => Place::Waiting,
                };
                // A stack is taken whole: every piece of the side on the square, whatever its
                // position there.
                let path = &self.sides[e].path;
                for slot in next.packed_mut(e) {
                    if let Place::On(p) = Place::unpack(*slot)
                        && path[p.index()] == square
                    {
                        *slot = sent.pack();
                    }
                }
                next.sort(e);
                let at = Place::unpack(c.place[e]);
                report
                    .captured
                    .get_or_insert((u8::try_from(e).unwrap_or(u8::MAX), at));
            }
        }
        if self.together && from != Place::Waiting.pack() {
            // The stack moves whole.
            for slot in next.packed_mut(s).iter_mut().filter(|b| **b == from) {
                *slot = to;
            }
        } else if let Some(slot) = next.packed_mut(s).iter_mut().find(|b| **b == from) {
            *slot = to;
        }
        next.sort(s);
        report.extra_throw = self.extra_after & 1 << v != 0
            || table.has(to, PosFlags::EXTRA_THROW)
            || (report.captured.is_some() && table.has(to, PosFlags::CAPTURE_THROW))
            || (from == Place::Waiting.pack() && self.entering_throw_again);
        // A turn that has had as many extra throws as the rules give ends here.
        report.extra_throw &= pos.extra < self.extra_cap;
        next.take_throw(v);
        if !report.extra_throw && next.pool_len > 0 && self.plays_on(&next, s) {
            // The side plays the throws it holds.
            return (next, report);
        }
        self.turn_on(&mut next, pos, report.extra_throw);
        (next, report)
    }

    /// The position after the side to move throws `v`: it holds it (with the throws it kept
    /// while throwing again after a move, where a throw gives an extra move), and the extra
    /// move it gives; in a turn that banks its throws, it holds it too (a throw that moves
    /// nothing is not kept) and throws again if `v` is one that does.
    pub fn thrown(&self, pos: &MultiPosition, v: u8) -> MultiPosition {
        let mut next = *pos;
        self.throw_into(&mut next, v);
        next
    }

    /// [`MultiRules::thrown`], in place.
    #[inline]
    pub fn throw_into(&self, next: &mut MultiPosition, v: u8) {
        let void = self.voids_run(next, v);
        let counts = self.counts(next, v) && !void;
        match self.banks {
            None => {
                if counts {
                    next.push_throw(v);
                }
                next.throwing = false;
            }
            Some(again) => {
                if v != 0 && counts {
                    next.push_throw(v);
                }
                next.throwing = again & 1 << v != 0 && !next.pool_full();
            }
        }
        if let Some(m) = self.extra_move
            && m.after & 1 << v != 0
            && !void
        {
            next.push_throw(m.value);
        }
    }

    /// Whether a throw of `v` ends a run of equal throws that does not count (`throws repeated
    /// N times in a row do not count`): if so, the throws of the run the side holds, and the
    /// extra moves they gave, are dropped from `next`; the run is counted in `next` either way.
    fn voids_run(&self, next: &mut MultiPosition, v: u8) -> bool {
        let Some(n) = self.repeat_void else {
            return false;
        };
        next.run = if next.run > 0 && next.run_of == v {
            next.run + 1
        } else {
            1
        };
        next.run_of = v;
        if next.run < n {
            return false;
        }
        for _ in 1..n {
            next.take_throw(v);
            if let Some(m) = self.extra_move
                && m.after & 1 << v != 0
            {
                next.take_throw(m.value);
            }
        }
        (next.run_of, next.run) = (0, 0);
        true
    }

    /// Who moves after `pos` in `next`: the same side where it throws again (and still plays),
    /// one more extra throw counted where the rules cap them, else the next side. The side
    /// throwing again keeps the throws it holds; the next side holds none.
    fn turn_on(&self, next: &mut MultiPosition, pos: &MultiPosition, again: bool) {
        next.to_move = if again {
            self.same_or_next(next, pos.to_move)
        } else {
            self.next_side(next, pos.to_move)
        };
        let same = next.to_move == pos.to_move && again;
        if next.to_move != pos.to_move {
            (next.run_of, next.run) = (0, 0);
        }
        next.extra = if same && self.extra_cap != u8::MAX {
            pos.extra + 1
        } else {
            0
        };
        if same && next.pool_len > 0 {
            next.throwing = true;
        } else if next.pool_len > 0 || next.throwing {
            next.clear_pool();
        }
    }

    /// The position after the side to move passes with a throw of `v` (it has no legal move
    /// for any throw it holds, or passes at will), and whether it throws again. The throws it
    /// holds are lost.
    pub fn pass(&self, pos: &MultiPosition, v: u8) -> (MultiPosition, bool) {
        let mut next = *pos;
        if next.pool_len > 0 {
            next.clear_pool();
        }
        // A pass ends any run of equal throws, as a move does.
        (next.run_of, next.run) = (0, 0);
        let again = self.extra_after_pass & 1 << v != 0 && pos.extra < self.extra_cap;
        self.turn_on(&mut next, pos, again);
        (next, again)
    }

    /// Whether a throw of `v` by the side to move counts: always, unless the rules lose the
    /// throws before a given one while a side has no piece on the board, it has none there, and
    /// neither `v` nor a throw it holds is one of those (a throw that is not kept still throws
    /// again where it would).
    fn counts(&self, pos: &MultiPosition, v: u8) -> bool {
        let from = |t: u8| self.count_from & 1 << t != 0;
        self.count_from == 0
            || from(v)
            || pos.pool().iter().any(|&t| from(t))
            || pos.positions(usize::from(pos.to_move)).next().is_some()
    }

    /// The position after the side to move passes with the throws it holds (see
    /// [`MultiRules::pass`]; a turn of one throw holds the one it passes with).
    pub fn pass_held(&self, pos: &MultiPosition) -> (MultiPosition, bool) {
        self.pass(pos, pos.pool().first().copied().unwrap_or(0))
    }

    /// The side after `s` in turn order that still has a piece in play; `s`'s next if none has
    /// (the game is then over).
    pub fn next_side(&self, pos: &MultiPosition, s: u8) -> u8 {
        let n = self.count();
        (1..=n)
            .map(|k| (usize::from(s) + k) % n)
            .find(|&x| self.plays_on(pos, x))
            .and_then(|x| u8::try_from(x).ok())
            .unwrap_or(s)
    }

    /// `s` again where it still has a piece in play, else the next side.
    fn same_or_next(&self, pos: &MultiPosition, s: u8) -> u8 {
        if self.plays_on(pos, usize::from(s)) {
            s
        } else {
            self.next_side(pos, s)
        }
    }

    /// Whether side `s` still takes turns: it has not finished (borne off every piece still
    /// in play). A side whose pieces have all left the game without one borne off passes
    /// its turns.
    fn plays_on(&self, pos: &MultiPosition, s: usize) -> bool {
        pos.in_play(s) > 0 || pos.off(s) == 0
    }

    /// How the game has ended, if it has: a team wins once every side of it has no piece left
    /// in play and it has borne some off; with no piece of any side in play and no such team, it
    /// is a draw.
    pub fn outcome(&self, pos: &MultiPosition) -> Option<MultiOutcome> {
        let n = self.count();
        let done = |s: usize| !pos.packed(s).iter().any(|&b| in_play(b));
        let won = (0..n)
            .filter(|&s| done(s) && pos.off(s) > 0)
            .map(|s| self.sides[s].team)
            .find(|&team| (0..n).filter(|&x| self.sides[x].team == team).all(&done));
        match won {
            Some(team) => Some(MultiOutcome::Win { team }),
            None => (0..n).all(done).then_some(MultiOutcome::Draw),
        }
    }
}
