//! Flags of squares and of path positions: two distinct types, so that a square's flag cannot be
//! asked of a position.
//!
//! ```
//! use senet_engine::compile::{PosFlags, SquareFlags};
//! assert!((SquareFlags::SAFE | SquareFlags::STOP).contains(SquareFlags::SAFE));
//! assert!(!PosFlags::PRIORITY.contains(PosFlags::BEAR_ZONE));
//! ```
//!
//! ```compile_fail
//! use senet_engine::compile::{PosFlags, SquareFlags};
//! // A position's flag is not a square's.
//! let _ = (SquareFlags::SAFE | SquareFlags::STOP).contains(PosFlags::PRIORITY);
//! ```

use bitflags::bitflags;

bitflags! {
    /// Properties of a board square, as drawn: the union of what its positions are for either
    /// side (the rules themselves are per side: see [`PosFlags`]).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct SquareFlags: u8 {
        /// A piece here cannot be captured (for a side whose position it is).
        const SAFE = 1;
        /// A move that ends here gives an extra throw.
        const EXTRA_THROW = 1 << 1;
        /// No move may pass over this square.
        const STOP = 1 << 2;
        /// Drawn with a mark.
        const MARK = 1 << 3;
    }
}

bitflags! {
    /// Properties of a path position for one side.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct PosFlags: u32 {
        /// Pieces here must move first when one of them can.
        const PRIORITY = 1;
        /// Part of the zone that `bear off only when all on` names.
        const BEAR_ZONE = 1 << 1;
        /// Part of the zone that `bear off only when none on` names.
        const NO_BEAR_ZONE = 1 << 2;
        /// A piece here may only bear off.
        const ONLY_BEAR_OFF = 1 << 3;
        /// A piece of this side here cannot be captured.
        const SAFE = 1 << 4;
        /// A move of this side that ends here gives an extra throw.
        const EXTRA_THROW = 1 << 5;
        /// No move of this side may pass over this position.
        const STOP = 1 << 6;
        /// A capture by a piece of this side landing here gives an extra throw.
        const CAPTURE_THROW = 1 << 7;
        /// While a piece of this side stands on such a position, only pieces on them may move.
        const HOLD = 1 << 8;
        /// No piece of this side moves backwards from here.
        const NO_BACKWARD = 1 << 9;
        /// A piece of this side here moves only while the next position's square is empty.
        const AHEAD_EMPTY = 1 << 10;
        /// A piece of this side here may retreat.
        const RETREAT = 1 << 11;
        /// A piece of this side that ends its move here goes back to waiting.
        const TO_WAITING = 1 << 12;
        /// A piece of this side that ends its move here leaves the game.
        const TO_REMOVED = 1 << 13;
        /// A piece of this side here moves only while all its pieces in play are on such
        /// positions.
        const TOGETHER = 1 << 14;
        /// No piece of this side passes over a piece of its own here.
        const NO_PASSING = 1 << 15;
        /// The player may decline the square effect that acts on a piece of this side ending
        /// its move here (`may go to`).
        const OPTIONAL_EFFECT = 1 << 16;
        /// The square effect that acts on a piece of this side ending its move here stops it
        /// where it leads (`and stop`): no effect there sends it further.
        const EFFECT_STOPS = 1 << 17;
        /// In a split turn a piece of this side that comes to rest here may move again.
        const STOP_AND_GO = 1 << 18;
        /// The square effect that acts on a piece of this side ending its move here takes it
        /// onto an enemy piece where it leads too, capturing it (`capturing`).
        const EFFECT_CAPTURES = 1 << 19;
        /// A piece of this side here moves only while none of its side waits to enter.
        const NONE_WAITS = 1 << 20;
        /// A piece of the side here keeps its waiting pieces from entering.
        const ENTER_BARRED = 1 << 21;
    }
}
