//! `senet`: plays ancient race games from rules written as data.
//!
//! The pipeline runs one way: text -> [`lang`] (syntax tree) -> [`check`] (resolved rules)
//! -> [`compile`] (tables and turn machine) -> engine, agents and the command line.

pub mod agents;
pub mod bundled;
pub mod check;
pub mod cli;
pub mod compile;
pub mod engine;
pub mod lang;
pub mod notation;
pub mod render;
pub mod sim;
pub mod solve;
