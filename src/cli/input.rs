//! Reading a whole input file (a position, a record): a regular file or standard input (`-`),
//! read up to a limit and no further, and UTF-8 text; anything else is refused with the reason.

use std::io::Read;
use std::path::Path;

use senet::files::ReadError;

/// A position is about 200 bytes: 1 MiB is far more than one needs.
pub const MAX_POSITION: usize = 1 << 20;

/// A record of a game holds one line per event: 64 MiB is hundreds of thousands of moves.
pub const MAX_RECORD: usize = 64 << 20;

/// `path` opened for reading if it is a regular file (not a folder, a device or a pipe that may
/// never end).
pub fn open_regular(path: &str) -> Result<std::fs::File, String> {
    senet::files::open_regular(Path::new(path)).map_err(|e| why(&e))
}

/// The reason a file was refused, with the way to read standard input where that is the remedy.
fn why(e: &ReadError) -> String {
    match e {
        ReadError::NotRegular => format!("{e} (use `-` to read standard input)"),
        _ => e.to_string(),
    }
}

/// The text of `path` (`-`: standard input), at most `limit` bytes.
pub fn read_text(path: &str, limit: usize) -> Result<String, String> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        let cap = u64::try_from(limit + 1).unwrap_or(u64::MAX);
        std::io::stdin()
            .lock()
            .take(cap)
            .read_to_end(&mut bytes)
            .map_err(|e| e.to_string())?;
        if bytes.len() > limit {
            return Err(ReadError::TooLong { limit }.to_string());
        }
        bytes
    } else {
        senet::files::read_regular(Path::new(path), limit).map_err(|e| why(&e))?
    };
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "it is not UTF-8 text (byte {} is not a character)",
            e.utf8_error().valid_up_to()
        )
    })
}
