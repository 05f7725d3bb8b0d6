//! The command line, in the binary only: arguments, and what each command does with the
//! library. Nothing here is reachable from the library, which never exits the process.

/// Prints a line to standard output; a closed pipe (`senet play ... | head`) ends the program
/// quietly, any other failure to write with an error (see [`output`]).
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($t)*) {
            $crate::cli::output::stdout_failed(&e);
        }
    }};
}

/// [`say!`] without the newline.
macro_rules! say_raw {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($t)*) {
            $crate::cli::output::stdout_failed(&e);
        }
    }};
}

/// Prints a line to standard error, never panicking (a failure there cannot be reported), with
/// any control character of user input (a side name in a position, say) shown escaped.
macro_rules! complain {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($t)*);
        let _ = writeln!(std::io::stderr(), "{}", $crate::cli::output::escaped(&text));
    }};
}

mod args;
mod commands;
mod compare;
mod draw;
mod fmt;
mod input;
mod lsp;
mod man;
mod moves;
mod output;
mod play;
mod play_many;
mod review;
mod serve;
mod sim;
mod solve;
mod solve_teams;
mod train;

pub use args::Cli;
pub use commands::run;
pub use output::flush_stdout;
