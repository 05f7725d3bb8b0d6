//! A game of many sides played one decision at a time: a throw (or several, where a turn banks
//! them), then a choice among the legal moves where there is one to make, in turn until the end.
//! [`MultiRules::play`] drives it with its own throws and choosers; a server or a page drives it
//! with throws drawn in order and people's choices in between.

use super::{MultiEvent, MultiMove, MultiPosition, MultiRules, MultiSummary};

/// What a game of many sides waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiNext {
    /// `side` throws.
    Throw { side: u8 },
    /// `side` chooses one of [`MultiGame::moves`] (or, where a side may pass at will, the pass)
    /// for the throws it holds ([`MultiPosition::pool`]); `value` is its last throw.
    Choose { side: u8, value: u8 },
    /// The game is over, or was stopped (at the turn cap, or by [`MultiGame::stop`]).
    Over,
}

/// A game of many sides under way: the position (with the throws the side to move holds), the
/// counts so far, and the legal moves while a side is to choose.
#[derive(Clone, Debug)]
pub struct MultiGame {
    pub pos: MultiPosition,
    pub summary: MultiSummary,
    turn_cap: u32,
    /// The side whose turn was counted last.
    last: Option<u8>,
    /// Throws in the turn so far.
    turn_throws: u32,
    /// The side to move is to choose among `moves`.
    choosing: bool,
    /// The last throw thrown.
    last_throw: u8,
    moves: Vec<MultiMove>,
    ended: bool,
}

impl MultiGame {
    /// A game from `pos` that stops at `turn_cap` turns, or where one turn has thrown
    /// `turn_cap` times.
    pub fn new(pos: MultiPosition, turn_cap: u32) -> MultiGame {
        MultiGame {
            pos,
            summary: MultiSummary::default(),
            turn_cap,
            last: None,
            turn_throws: 0,
            choosing: false,
            last_throw: 0,
            moves: Vec::new(),
            ended: false,
        }
    }

    /// The legal moves for the throw in hand (empty while no side is to choose).
    pub fn moves(&self) -> &[MultiMove] {
        &self.moves
    }

    /// What the game waits for. Where it has just ended (a team home, the turn cap), `watch`
    /// sees its end, once.
    pub fn next(&mut self, rules: &MultiRules, watch: &mut impl FnMut(&MultiEvent)) -> MultiNext {
        if self.ended {
            return MultiNext::Over;
        }
        let side = self.pos.to_move();
        if self.choosing {
            return MultiNext::Choose {
                side,
                value: self.last_throw,
            };
        }
        if let Some(outcome) = rules.outcome(&self.pos) {
            self.summary.outcome = Some(outcome);
            self.stop(watch);
            return MultiNext::Over;
        }
        if self.last != Some(side) {
            if self.summary.turns == self.turn_cap {
                self.stop(watch);
                return MultiNext::Over;
            }
            self.summary.turns += 1;
            self.last = Some(side);
            self.turn_throws = 0;
        }
        // A side that holds throws (a game taken up from such a position) plays them.
        if !self.pos.to_throw() {
            self.offer(rules, watch);
            return self.next(rules, watch);
        }
        // A turn that could throw for ever stops at the cap too.
        if self.turn_throws == self.turn_cap {
            self.stop(watch);
            return MultiNext::Over;
        }
        MultiNext::Throw { side }
    }

    /// The side to throw throws `value` (one of the device's outcomes). Unless it throws again
    /// (a turn that banks its throws), it is to choose among the moves of the throws it holds,
    /// or with none it passes at once.
    pub fn throw(&mut self, rules: &MultiRules, value: u8, watch: &mut impl FnMut(&MultiEvent)) {
        debug_assert!(!self.choosing && !self.ended);
        self.turn_throws += 1;
        let side = self.pos.to_move();
        watch(&MultiEvent::Throw { side, value });
        self.last_throw = value;
        rules.throw_into(&mut self.pos, value);
        if !self.pos.throwing() {
            self.offer(rules, watch);
        }
    }

    /// The moves of the throws the side to move holds: it is to choose among them, or with none
    /// it passes.
    fn offer(&mut self, rules: &MultiRules, watch: &mut impl FnMut(&MultiEvent)) {
        rules.moves(&self.pos, &mut self.moves);
        if self.moves.is_empty() {
            self.pass(rules, self.last_throw, watch);
        } else {
            self.choosing = true;
        }
    }

    /// The side to choose plays move `k` of [`MultiGame::moves`], or passes with
    /// `k == moves.len()` (where a side may pass at will).
    pub fn choose(&mut self, rules: &MultiRules, k: usize, watch: &mut impl FnMut(&MultiEvent)) {
        if !std::mem::take(&mut self.choosing) {
            debug_assert!(false, "no side is to choose");
            return;
        }
        debug_assert!(k < rules.choices(self.moves.len()));
        if k >= self.moves.len() {
            self.moves.clear();
            self.pass(rules, self.last_throw, watch);
            return;
        }
        let side = self.pos.to_move();
        let mv = self.moves[k];
        let value = mv.throw();
        self.moves.clear();
        let report;
        (self.pos, report) = rules.apply(&self.pos, mv);
        self.summary.moves += 1;
        self.summary.captures += u32::from(report.captured.is_some());
        self.summary.extra_throws += u32::from(report.extra_throw);
        watch(&MultiEvent::Move {
            side,
            value,
            mv,
            report,
            after: self.pos,
        });
        // The side plays on with the throws it holds.
        if !self.pos.to_throw() {
            self.offer(rules, watch);
        }
    }

    /// Stops the game where it stands (its outcome, if it has one, kept): `watch` sees its end.
    pub fn stop(&mut self, watch: &mut impl FnMut(&MultiEvent)) {
        if self.ended {
            return;
        }
        self.ended = true;
        self.choosing = false;
        self.moves.clear();
        watch(&MultiEvent::End {
            outcome: self.summary.outcome,
        });
    }

    fn pass(&mut self, rules: &MultiRules, value: u8, watch: &mut impl FnMut(&MultiEvent)) {
        let side = self.pos.to_move();
        self.summary.passes += 1;
        self.pos = rules.pass(&self.pos, value).0;
        watch(&MultiEvent::Pass {
            side,
            value,
            after: self.pos,
        });
    }
}
