//! The vocabulary every phase shares: sides and per-side data, squares, path positions and
//! places, throws, the board's geometry, the limits of the language, and which rules a file
//! was made for.

mod board;
pub mod limits;
mod place;
mod rule_values;
mod rules_id;
mod side;
mod throw;

pub use board::{Board, DrawStyle, Numbering, Sign};
pub use place::{PathPos, Place, Square};
pub use rule_values::{
    Capture, Destination, Doubles, EnterOnto, Fallback, Force, NextFirst, Opening, OpeningThrow,
    Seats, Unstack, UseDice,
};
pub use rules_id::RulesId;
pub use side::{PerSide, Side, SideId, Sides};
pub use throw::{Lot, Throw, ThrowDevice, dice_sets, each_values};
