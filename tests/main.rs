//! The integration tests, one binary: each module is one subject (a file beside this one), and
//! `support` and `common` are what they share. One binary links the crates once, not once a file.
//! `cargo test NAME` runs the tests whose path holds NAME (`cargo test serve_api::`, one module).

mod common;
mod support;

mod architecture;
mod capturing_lines;
mod cli;
mod cli_conventions;
mod cli_game;
mod cli_io;
mod cli_match;
mod compare;
mod compile;
mod diagnostics;
mod dice_turns;
mod draw;
mod engine_limits;
mod engine_props;
mod entering;
mod error_index;
mod events;
mod format;
mod fuzz_inputs;
mod generated_rules;
mod gnubg;
mod hostile_limits;
mod ide;
mod learned;
mod levels;
mod loops;
mod lsp;
mod metrics;
mod multi_sided;
mod no_panic;
mod playout;
mod records;
mod restrictions;
mod retreat;
mod review;
mod royalur;
mod scenarios;
mod serve_api;
mod serve_load;
mod shards;
mod sim;
mod solve;
mod solve_stacked;
mod split_draw;
mod throw_off;
mod turn_rules;
mod ur_independent;
mod warnings;
