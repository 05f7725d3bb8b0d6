//! The command line, in the binary only: arguments, and what each command does with the
//! library. Nothing here is reachable from the library, which never exits the process.

/// Prints a line to standard output; a closed pipe (`senet play ... | head`) ends the program
/// quietly instead of panicking.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// [`say!`] without the newline.
macro_rules! say_raw {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod args;
mod commands;
mod moves;
mod play;
mod sim;
mod solve;

pub use args::Cli;
pub use commands::run;
