//! The JSON forms that outside tools rely on: positions, moves and game events (docs/formats.md).

pub mod event;
pub mod multi;
pub mod multi_record;
pub mod named;
pub mod position;
pub mod record;

pub use position::{parse_position, position_json};
