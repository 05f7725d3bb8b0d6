//! The command line: `senet list | check | explain | diff`.

mod args;
mod commands;

pub use args::Cli;
pub use commands::run;
