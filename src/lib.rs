//! `senet`: plays ancient race games from rules written as data.
//!
//! The pipeline runs one way: text -> [`lang`] (syntax tree) -> [`check`] (resolved rules)
//! -> [`compile`] (tables and turn machine) -> [`engine`] -> [`agents`], [`sim`], [`solve`],
//! [`review`]; the
//! [`types`] every phase shares sit underneath, and [`notation`] and [`render`] turn results
//! into JSON and words. The command line is the binary's (`src/main.rs`, `src/cli/`).
//! docs/architecture.md gives each module's one job.

pub mod agents;
pub mod bundled;
pub mod check;
pub mod compile;
pub mod engine;
pub mod files;
pub mod ide;
pub mod lang;
pub mod notation;
pub mod players;
pub mod render;
pub mod review;
pub mod seed;
pub mod sim;
pub mod solve;
pub mod types;
