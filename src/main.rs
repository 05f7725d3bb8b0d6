//! The `senet` command.

use clap::Parser;

mod cli;

fn main() -> std::process::ExitCode {
    let code = cli::run(cli::Cli::parse());
    // What is still buffered is written now, while a failure can still change the exit status.
    cli::flush_stdout();
    code
}
