//! What a pass did: a pass moves no piece, but it may use up a lost turn, send back a piece that
//! had to move next and could not, begin its side, or earn another throw. Read from the
//! positions before and after it, so that every reader (the moves of a position, the narrator)
//! tells the same.

use super::{Engine, Position};
use senet_lang::types::{PathPos, Throw};

/// What a pass did to the side that passed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassReport {
    /// The pass was the turn the side lost (`on retreat: lose next turn`): its throw is not
    /// played.
    pub lost_turn: bool,
    /// The path position of the side's piece that had to move next, could not, and went back to
    /// waiting (`piece moves next or goes back to waiting`).
    pub sent_back: Option<PathPos>,
    /// The throw began the side, though it had no move (`begin with`).
    pub begins: bool,
    /// The same side throws next (`on pass with ...: throw again`).
    pub throws_again: bool,
    /// The side lost the game by passing (`lose when a side cannot move`).
    pub loses: bool,
}

impl PassReport {
    /// What the pass from `before` to `after` did to the side to move in `before`.
    pub fn between(before: &Position, after: &Position) -> PassReport {
        let s = before.to_move();
        let left = before.on(s) & !after.on(s);
        PassReport {
            lost_turn: before.loses_turn(s) && !after.loses_turn(s),
            sent_back: (after.waiting(s) > before.waiting(s))
                .then(|| PathPos::all_in(left).next())
                .flatten(),
            begins: !before.begun(s) && after.begun(s),
            throws_again: after.to_move() == s,
            loses: !before.lost(s) && after.lost(s),
        }
    }
}

impl Engine {
    /// The position after the side to move passes with `throw`, and what the pass did.
    pub fn pass_reported(&self, pos: &Position, throw: Throw) -> (Position, PassReport) {
        let after = self.pass(pos, throw);
        (after, PassReport::between(pos, &after))
    }
}
