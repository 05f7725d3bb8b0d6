//! Helpers the test modules share.

pub mod cli;
pub mod every;
pub mod http;
pub mod row;
pub mod shipped;
