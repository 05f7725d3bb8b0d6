use clap::Parser;

fn main() -> std::process::ExitCode {
    senet::cli::run(senet::cli::Cli::parse())
}
