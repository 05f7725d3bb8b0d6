//! Writing to standard output and standard error. A reader that has gone away (`senet explain x |
//! head`) ends the program quietly with success; any other failure to write standard output (a
//! full disk, `> /dev/full`) is reported on standard error and ends the program with status 2, so
//! that a script never takes an empty file for an answer. Writing to standard error never panics:
//! if that fails there is nowhere left to report it.

use std::io::{self, Write};
use std::path::Path;

use senet::files::WriteError;

/// Ends the program after a failed write to standard output.
pub fn stdout_failed(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    let _ = writeln!(io::stderr(), "error: cannot write to standard output: {e}");
    std::process::exit(2);
}

/// Writes all of `bytes` to standard output, ending the program as [`stdout_failed`] says if
/// that fails.
pub fn write_stdout(bytes: &[u8]) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(bytes).and_then(|()| out.flush()) {
        stdout_failed(&e);
    }
}

/// Flushes standard output (what is buffered is written before the program ends), ending the
/// program as [`stdout_failed`] says if that fails.
pub fn flush_stdout() {
    if let Err(e) = io::stdout().flush() {
        stdout_failed(&e);
    }
}

/// Refuses `output` before the command does its work if it is one of the command's `inputs`
/// (by any name: see [`senet::files::refuse_inputs`]) or cannot be written at all. `-`
/// (standard input) and a bundled rule set's id name no file and are passed over.
pub fn check_output<'a>(
    output: &Path,
    inputs: impl IntoIterator<Item = &'a str>,
) -> Result<(), WriteError> {
    let files = inputs
        .into_iter()
        .filter(|i| *i != "-" && senet::bundled::get(i).is_none())
        .map(Path::new);
    senet::files::refuse_inputs(output, files)?;
    senet::files::check_writable(output)
}

/// The files of the networks among `players` (`learned:FILE`, or a level that is one).
pub fn net_files(players: &[senet::players::Player]) -> impl Iterator<Item = &str> {
    players.iter().filter_map(senet::players::Player::net_file)
}

/// `text` with every control character but the line end and the tab written as an escape
/// (`\u{1b}`), so that user input in a message cannot drive the terminal.
pub fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    let control = |c: char| senet::lang::is_control(c) && c != '\n';
    if !text.chars().any(control) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if control(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

/// A progress bar of `len` games on standard error, or a hidden one when standard error is not
/// a terminal (a script's log stays clean).
pub fn games_bar(len: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
    {
        bar.set_style(style);
    }
    bar
}
