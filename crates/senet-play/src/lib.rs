//! `senet-play`: what is done with an engine. Players ([`agents`], named by [`players`]),
//! exact solving ([`solve`]), simulation and comparison ([`sim`]), review of a played game
//! ([`review`]), a game as its players make it ([`session`]), a turn of dice chosen step by step
//! ([`turn_steps`]), the JSON formats of positions and records ([`notation`]), words and pictures
//! ([`render`]), and the small services they share ([`seed`], [`files`]).

pub mod agents;
pub mod files;
pub mod matches;
pub mod notation;
pub mod players;
pub mod render;
pub mod review;
pub mod seed;
pub mod session;
pub mod session_many;
pub mod sim;
pub mod solve;
pub mod turn_steps;

#[cfg(test)]
mod many_sides_fixture;
