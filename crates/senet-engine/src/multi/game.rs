//! A game of many sides played one decision at a time: a throw, then a choice among the legal
//! moves where there is one to make, in turn until the end. [`MultiRules::play`] drives it with
//! its own throws and choosers; a server or a page drives it with throws drawn in order and
//! people's choices in between.

use super::{MultiEvent, MultiMove, MultiPosition, MultiRules, MultiSummary};

/// What a game of many sides waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiNext {
    /// `side` throws.
    Throw { side: u8 },
    /// `side` chooses one of [`MultiGame::moves`] (or, where a side may pass at will, the pass)
    /// for its throw of `value`.
    Choose { side: u8, value: u8 },
    /// The game is over, or was stopped (at the turn cap, or by [`MultiGame::stop`]).
    Over,
}

/// A game of many sides under way: the position, the counts so far, and the throw in hand with
/// its legal moves while a side is to choose.
#[derive(Clone, Debug)]
pub struct MultiGame {
    pub pos: MultiPosition,
    pub summary: MultiSummary,
    turn_cap: u32,
    /// The side whose turn was counted last.
    last: Option<u8>,
    /// Throws in the turn so far.
    turn_throws: u32,
    /// The throw in hand, while its side is to choose among `moves`.
    in_hand: Option<u8>,
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
            in_hand: None,
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
        if let Some(value) = self.in_hand {
            return MultiNext::Choose { side, value };
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
        // A turn that could throw for ever stops at the cap too.
        if self.turn_throws == self.turn_cap {
            self.stop(watch);
            return MultiNext::Over;
        }
        MultiNext::Throw { side }
    }

    /// The side to throw throws `value` (one of the device's outcomes): with no legal move it
    /// passes at once; else it is to choose.
    pub fn throw(&mut self, rules: &MultiRules, value: u8, watch: &mut impl FnMut(&MultiEvent)) {
        debug_assert!(self.in_hand.is_none() && !self.ended);
        self.turn_throws += 1;
        let side = self.pos.to_move();
        watch(&MultiEvent::Throw { side, value });
        rules.legal_moves(&self.pos, value, &mut self.moves);
        if self.moves.is_empty() {
            self.pass(rules, value, watch);
        } else {
            self.in_hand = Some(value);
        }
    }

    /// The side to choose plays move `k` of [`MultiGame::moves`], or passes with
    /// `k == moves.len()` (where a side may pass at will).
    pub fn choose(&mut self, rules: &MultiRules, k: usize, watch: &mut impl FnMut(&MultiEvent)) {
        let Some(value) = self.in_hand.take() else {
            debug_assert!(false, "no side is to choose");
            return;
        };
        debug_assert!(k < rules.choices(self.moves.len()));
        if k >= self.moves.len() {
            self.moves.clear();
            self.pass(rules, value, watch);
            return;
        }
        let side = self.pos.to_move();
        let mv = self.moves[k];
        self.moves.clear();
        let report;
        (self.pos, report) = rules.apply(&self.pos, mv, value);
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
    }

    /// Stops the game where it stands (its outcome, if it has one, kept): `watch` sees its end.
    pub fn stop(&mut self, watch: &mut impl FnMut(&MultiEvent)) {
        if self.ended {
            return;
        }
        self.ended = true;
        self.in_hand = None;
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
