//! Rule values that read the same checked and compiled: where a piece is sent, what a capture
//! does with the captured piece, the seats ritual, an opening rule, where an entering piece goes.

use super::place::{PathPos, Square};
use super::side::Side;

/// Where a square effect or a capture sends a piece: to a square, or if that is taken to the
/// first free square after or before it (with no fallback, a taken square leaves it be).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    pub square: Square,
    pub fallback: Fallback,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// Exactly the square; if it is taken the piece stays where it is.
    None,
    FirstFreeAfter,
    FirstFreeBefore,
}

/// What landing on an enemy piece does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// Landing on an enemy piece is not allowed.
    None,
    /// The captured piece goes to the square its capturer came from (or waits, if the capturer
    /// entered or that square is not on its path).
    Swap,
    Removed,
    /// The enemy piece stays where it is, held under the pieces that landed on it until they
    /// have all left (stacked pieces only).
    Pin,
    /// The captured piece goes back to the first of these positions of its own path, from the
    /// first to the last in that order (one position where they are equal), where the enemy
    /// (the capturer's side) has no piece; where it holds them all, the piece waits (stacked
    /// pieces only).
    ToPosition(PathPos, PathPos),
    ToWaiting,
    To(Destination),
}

/// Whether an effect on the turn (throw again, end the turn) always happens, or the player
/// chooses: a move that may be followed by it is then listed twice, with it and without.
/// Ordered so that of two rules giving one effect the forced one wins (`max`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Force {
    May,
    Must,
}

impl Force {
    /// Whether the effect happens after a move whose player `chose` it (a forced one always).
    #[inline]
    pub fn happens(self, chose: bool) -> bool {
        self == Force::Must || chose
    }
}

/// The players throw in turn until one throws `until`; that player takes `side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    pub until: u8,
    pub side: Side,
}

/// A side's first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The front piece moves `steps` without a throw, then the side may throw again.
    FrontPieceMoves { steps: u8, throw_again: bool },
    /// The first throw is played with the front piece, if it can move.
    FirstMoveWithFrontPiece,
}

/// Where an entering piece lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnterOnto {
    /// The path position `after` + the throw (`after` is 0 unless the entry counts from a
    /// later position: `enter onto throw after position N`).
    Throw {
        after: u8,
    },
    Position(PathPos),
}

impl EnterOnto {
    /// The path position a piece entering with `throw` lands on (it may be past the path).
    pub fn lands(self, throw: u32) -> u32 {
        match self {
            EnterOnto::Throw { after } => throw.saturating_add(u32::from(after)),
            EnterOnto::Position(p) => u32::from(p.get()),
        }
    }
}

/// Who moves first in each game of a match after the first (`match next game first: ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NextFirst {
    /// The winner of the game before (after a draw, the side that moved first in it).
    Winner,
    /// The loser of the game before (after a draw, the side that moved first in it).
    Loser,
    /// The side that did not move first in the game before.
    Alternate,
}

/// An opening throw of one die each (`first by opening throw: one die each, ...`): the higher
/// moves first (on equal dice both throw again), and then plays the two dice thrown as its first
/// throw, or throws again to begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningThrow {
    /// `the higher plays both`.
    PlaysBoth,
    /// `the higher throws again`.
    ThrowsAgain,
}

/// How a throw of equal dice (a double, or triples) is played, with dice played one by one
/// (`doubles played ...`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Doubles {
    /// As thrown: one move a die (`doubles played once`, the default).
    #[default]
    Once,
    /// Twice over: a double of 4s is four moves of 4 (`doubles played twice`).
    Twice,
    /// Three times over: a triple of 4s is nine moves of 4 (`doubles played three times`).
    Thrice,
    /// As many times as they show: a double of 4s is four moves of 4, of 6s six of 6
    /// (`doubles played as many times as they show`).
    AsShown,
    /// As one die: a double of 4s is one move of 4 (`doubles played as one die`).
    OneDie,
    /// As many pieces as the dice add up to, each unstacked or borne off from any point: a
    /// double of 3s takes six (`doubles played as many pieces as they add up to`).
    Total,
}

/// Which dice a turn must use, with dice played one by one (`use most dice ...`): always as many
/// as some sequence of moves can.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum UseDice {
    /// No rule on which (`use most dice`).
    Most,
    /// Where only one die can be used, the larger if it can (`use most dice, then the larger`,
    /// the default).
    #[default]
    ThenLarger,
    /// The smaller die of the throw, or none at all (`use most dice, the smaller or none`).
    SmallerOrNone,
}

/// Whether the pieces stacked on a point at the start must be taken off their stacks before
/// any piece moves (`unstack first`), a die N taking one off on path position N, and then put
/// back on the same way (`unstack first, then restack`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Unstack {
    /// No such rule (`unstack never`, the default).
    #[default]
    Never,
    /// `unstack first`.
    First,
    /// `unstack first, then restack`.
    ThenRestack,
}
