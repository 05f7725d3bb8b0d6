//! The `senet` command.

use clap::Parser;

mod cli;

fn main() -> std::process::ExitCode {
    cli::run(cli::Cli::parse())
}
