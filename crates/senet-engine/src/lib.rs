//! `senet-engine`: checked rules compiled to plain data ([`compile`]), and the engine that lists
//! and applies moves on small fixed-size positions ([`engine`]).
//!
//! It reads only `senet-lang`'s checked rules and values, never text or a rule set's name.

pub mod compile;
pub mod engine;
pub mod multi;
