//! The engine for games of many sides: two to [`MAX_SIDES`], in turn order, sides grouped in
//! teams that win together, as the cross-and-circle games are played.
//!
//! The two-sided engine ([`crate::engine`]) stays the fast form for two sides: its positions
//! are bit sets over a side's path and the enemy's, and it plays the whole language. This one
//! keeps each piece's place along its own side's path instead, so that any number of sides
//! share a board and a path may come back to its squares; it plays a core of the language
//! (entering, moving on by the throw, taking enemy pieces, safe squares, a side's stacks, squares
//! shared by several sides, extra throws, bearing off, passing) on boards and paths of up to 250,
//! and [`MultiRules::compile`] says which rule it does not play yet.
//! Where both play a rule set, they must agree move for move: a test holds this one to the fast
//! one on every bundled rule set it plays.

mod apply;
mod game;
mod generate;
mod position;
mod rules;

#[cfg(test)]
mod tests;

pub use apply::MultiReport;
pub use game::{MultiGame, MultiNext};
pub use position::{MultiPosition, MultiSetupError};
pub use rules::{MultiCapture, MultiExtraMove, MultiRules, MultiSide, Unsupported, Way};

use rand::Rng;
use senet_lang::types::Place;
use senet_lang::types::limits::MAX_PATH_MANY_SIDES;

use crate::engine::game::draw_below;

/// Sides a game may have.
pub const MAX_SIDES: usize = 8;

/// Pieces of all sides together: the slots of a [`MultiPosition`].
pub const MAX_ALL_PIECES: usize = 64;

/// Positions on a side's path.
pub const MAX_SIDE_PATH: usize = MAX_PATH_MANY_SIDES;

/// Throws a turn that banks them holds at once: a throw past them is lost, and the side plays
/// those it holds.
pub const MAX_POOL: usize = 16;

/// One piece movement of the side to move: from a place along its path to another (`Waiting`
/// to enter, `Off` to bear off), kept packed as the two-sided engine's steps, with the throw it
/// plays (a turn that banks its throws plays them one by one, in any order, and two of them may
/// move one piece to one square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MultiMove {
    from: u8,
    to: u8,
    throw: u8,
}

impl MultiMove {
    pub fn new(from: Place, to: Place, throw: u8) -> MultiMove {
        MultiMove::packed(from.pack(), to.pack(), throw)
    }

    #[inline(always)]
    pub(crate) const fn packed(from: u8, to: u8, throw: u8) -> MultiMove {
        MultiMove { from, to, throw }
    }

    /// The throw the move plays.
    pub fn throw(self) -> u8 {
        self.throw
    }

    pub fn from(self) -> Place {
        Place::unpack(self.from)
    }

    pub fn to(self) -> Place {
        Place::unpack(self.to)
    }

    #[inline(always)]
    pub(crate) fn packed_from(self) -> u8 {
        self.from
    }

    #[inline(always)]
    pub(crate) fn packed_to(self) -> u8 {
        self.to
    }
}

/// How a game of many sides ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiOutcome {
    /// This team won (a side of its own where there are no partners).
    Win {
        team: u8,
    },
    Draw,
}

/// What happened in a game of many sides, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiEvent {
    /// The side to move threw `value`.
    Throw { side: u8, value: u8 },
    /// The side made `mv` with its throw of `value` (`mv.throw()`), and what it did.
    Move {
        side: u8,
        value: u8,
        mv: MultiMove,
        report: MultiReport,
        after: MultiPosition,
    },
    /// The side had no move for its throw of `value` (in a turn that banks its throws, for
    /// any it held: `value` is its last), or passed at will.
    Pass {
        side: u8,
        value: u8,
        after: MultiPosition,
    },
    /// The game is over, or was stopped (`None`: at the turn cap, or by a player).
    End { outcome: Option<MultiOutcome> },
}

/// Counts and the result of a game played to its end (or to the turn cap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MultiSummary {
    /// `None`: the turn cap came first.
    pub outcome: Option<MultiOutcome>,
    /// Turns: a side's throws until the next side's, extra throws and all.
    pub turns: u32,
    pub moves: u32,
    pub passes: u32,
    pub captures: u32,
    pub extra_throws: u32,
}

impl MultiRules {
    /// A throw drawn from the device's equally likely outcomes.
    #[inline]
    pub fn random_throw<R: Rng + ?Sized>(&self, rng: &mut R) -> u8 {
        let outcomes = &self.throws.outcomes;
        outcomes[draw_below(rng, outcomes.len())]
    }

    /// How many choices a side has with `moves` legal moves (at least one): those moves, and the
    /// pass where a side may pass at will.
    #[inline]
    pub fn choices(&self, moves: usize) -> usize {
        moves + usize::from(self.pass_at_will)
    }

    /// A game from `pos` to its end between players who choose at random, with throws and
    /// choices drawn from `rng`, or until it has played `turn_cap` turns.
    pub fn play_random<R: Rng + ?Sized>(
        &self,
        pos: MultiPosition,
        rng: &mut R,
        turn_cap: u32,
    ) -> MultiSummary {
        self.play(
            pos,
            rng,
            turn_cap,
            |_, moves, rng| Some(draw_below(rng, self.choices(moves.len()))),
            |_| {},
        )
    }

    /// A game from `pos` with throws drawn from `rng`: `choose` picks one of the legal moves
    /// (never fewer than one) of the side to move for the throws it holds, by its index, or
    /// (where a side may pass at will) `moves.len()` for a pass, or stops the game (`None`);
    /// `watch` sees every throw, move, pass and the end. It ends at its end, at `turn_cap`
    /// turns, or where one turn has thrown `turn_cap` times.
    pub fn play<R: Rng + ?Sized>(
        &self,
        pos: MultiPosition,
        rng: &mut R,
        turn_cap: u32,
        mut choose: impl FnMut(&MultiPosition, &[MultiMove], &mut R) -> Option<usize>,
        mut watch: impl FnMut(&MultiEvent),
    ) -> MultiSummary {
        let mut game = MultiGame::new(pos, turn_cap);
        loop {
            match game.next(self, &mut watch) {
                MultiNext::Over => break,
                MultiNext::Throw { .. } => {
                    let v = self.random_throw(rng);
                    game.throw(self, v, &mut watch);
                }
                MultiNext::Choose { .. } => {
                    let count = game.moves().len();
                    match choose(&game.pos, game.moves(), rng) {
                        Some(k) if k >= count && self.pass_at_will => {
                            game.choose(self, count, &mut watch);
                        }
                        Some(k) => game.choose(self, k.min(count - 1), &mut watch),
                        None => game.stop(&mut watch),
                    }
                }
            }
        }
        game.summary
    }
}
