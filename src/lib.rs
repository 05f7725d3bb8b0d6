//! `senet`: plays ancient race games from rules written as data.
//!
//! The pipeline runs one way, one crate per step: text -> [`lang`] (syntax tree) -> [`check`]
//! (resolved rules), both in `senet-lang` with the [`types`] every step shares -> [`compile`]
//! (tables and turn machine) -> [`engine`], in `senet-engine` -> [`agents`], [`sim`], [`solve`],
//! [`review`], with [`notation`] and [`render`] turning results into JSON and words, in
//! `senet-play`; `senet-ide` answers editors. This library re-exports them under one name; the
//! command line is the binary's (`src/main.rs`, `src/cli/`). docs/architecture.md gives each
//! crate and module its one job.

pub use senet_engine::{compile, engine, multi};
pub use senet_ide as ide;
pub use senet_lang::{bundled, check, lang, types};
pub use senet_play::{
    agents, files, matches, notation, players, render, review, seed, session, session_many, sim,
    solve, turn_steps,
};
