//! Reading a whole input file (a position, a record): a regular file or standard input (`-`),
//! read up to a limit and no further, and UTF-8 text; anything else is refused with the reason.

use std::io::Read;

/// A position is about 200 bytes: 1 MiB is far more than one needs.
pub const MAX_POSITION: usize = 1 << 20;

/// A record of a game holds one line per event: 64 MiB is hundreds of thousands of moves.
pub const MAX_RECORD: usize = 64 << 20;

/// `path` opened for reading if it is a regular file (not a folder, a device or a pipe that may
/// never end).
pub fn open_regular(path: &str) -> std::io::Result<std::fs::File> {
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(std::io::Error::other("it is a folder"));
    }
    if !meta.is_file() {
        return Err(std::io::Error::other(
            "it is not a regular file (use `-` to read standard input)",
        ));
    }
    std::fs::File::open(path)
}

/// The text of `path` (`-`: standard input), at most `limit` bytes.
pub fn read_text(path: &str, limit: usize) -> Result<String, String> {
    let mut bytes = Vec::new();
    let cap = u64::try_from(limit + 1).unwrap_or(u64::MAX);
    let read = if path == "-" {
        std::io::stdin().lock().take(cap).read_to_end(&mut bytes)
    } else {
        open_regular(path).and_then(|f| f.take(cap).read_to_end(&mut bytes))
    };
    read.map_err(|e| e.to_string())?;
    if bytes.len() > limit {
        return Err(format!("it is longer than {} MiB", limit >> 20));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "it is not UTF-8 text (byte {} is not a character)",
            e.utf8_error().valid_up_to()
        )
    })
}
