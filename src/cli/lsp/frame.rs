//! The protocol's frames, read with bounds: a header of `Name: value` lines that gives the
//! body's `Content-Length`, a blank line, then the body. Nothing is allocated by what a header
//! claims: a body over [`MAX_BODY`] is never held, only read and dropped a buffer at a time.
//! See docs/editors.md.

use std::io::{self, BufRead, Read};

/// The largest body read: 4 MiB. A rule file is at most 64 KiB, and even with every byte
/// escaped (`\u00XX`, six bytes) its text and the message around it take under 1 MiB; the
/// rest is room for an editor's larger messages (a file past the checker's limit still gets
/// its error).
pub const MAX_BODY: u64 = 4 << 20;

/// The longest header read, all its lines together: 8 KiB (an editor sends one or two lines).
pub const MAX_HEADER: usize = 8 << 10;

/// What comes next on the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Frame {
    /// A header for a body of this many bytes; the body follows ([`body`] or [`skip`]).
    Header(u64),
    /// The input ended between messages.
    End,
}

/// Input the protocol's framing cannot follow: the reason.
#[derive(Debug, PartialEq, Eq)]
pub struct Broken(pub String);

fn io_broken(e: &io::Error) -> Broken {
    Broken(format!("the input cannot be read: {e}"))
}

/// Reads a header and gives the length of the body that follows it.
pub fn header(input: &mut impl BufRead) -> Result<Frame, Broken> {
    let mut length = None;
    let mut read = 0usize;
    loop {
        let mut line = Vec::new();
        let left = u64::try_from(MAX_HEADER - read).unwrap_or(0);
        let n = input
            .by_ref()
            .take(left)
            .read_until(b'\n', &mut line)
            .map_err(|e| io_broken(&e))?;
        read += n;
        if n == 0 && read == 0 {
            return Ok(Frame::End);
        }
        if line.last() != Some(&b'\n') {
            return Err(Broken(if read >= MAX_HEADER {
                format!("a message's header is over the limit of {MAX_HEADER} bytes")
            } else {
                "the input ended inside a message's header".to_string()
            }));
        }
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end_matches(['\n', '\r']);
        if line.is_empty() {
            break;
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(Broken(format!("a header line without `:`: `{line}`")));
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            length = Some(content_length(value.trim())?);
        }
    }
    length
        .map(Frame::Header)
        .ok_or_else(|| Broken("a message without a `Content-Length` header".to_string()))
}

/// A `Content-Length` value: digits, however many (a number past `u64` is as far over the
/// limit as `u64::MAX`).
fn content_length(value: &str) -> Result<u64, Broken> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Broken(format!(
            "the Content-Length `{value}` is not a number of bytes"
        )));
    }
    Ok(value.parse().unwrap_or(u64::MAX))
}

/// Reads a body of `length` bytes, at most [`MAX_BODY`].
pub fn body(input: &mut impl BufRead, length: u64) -> Result<Vec<u8>, Broken> {
    debug_assert!(length <= MAX_BODY);
    let mut body = Vec::new();
    input
        .by_ref()
        .take(length)
        .read_to_end(&mut body)
        .map_err(|e| io_broken(&e))?;
    if u64::try_from(body.len()) != Ok(length) {
        return Err(ended_inside(body.len(), length));
    }
    Ok(body)
}

/// Reads a body of `length` bytes and drops it, holding no more than the input's buffer.
pub fn skip(input: &mut impl BufRead, length: u64) -> Result<(), Broken> {
    let read =
        io::copy(&mut input.by_ref().take(length), &mut io::sink()).map_err(|e| io_broken(&e))?;
    if read == length {
        Ok(())
    } else {
        Err(ended_inside(read, length))
    }
}

fn ended_inside(read: impl std::fmt::Display, length: u64) -> Broken {
    Broken(format!(
        "the input ended inside a message ({read} of its {length} bytes)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header_of(text: &[u8]) -> Result<Frame, Broken> {
        header(&mut &text[..])
    }

    #[test]
    fn a_header_gives_the_body_length() {
        let text = b"Content-Length: 12\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n";
        assert_eq!(header_of(text), Ok(Frame::Header(12)));
        // Names in any case, lines ended by `\n` alone.
        assert_eq!(header_of(b"content-length:7\n\n"), Ok(Frame::Header(7)));
        assert_eq!(header_of(b""), Ok(Frame::End));
    }

    #[test]
    fn lengths_past_any_limit_are_read_as_numbers() {
        let huge = b"Content-Length: 18446744073709551615\r\n\r\n";
        assert_eq!(header_of(huge), Ok(Frame::Header(u64::MAX)));
        let past = b"Content-Length: 99999999999999999999999\r\n\r\n";
        assert_eq!(header_of(past), Ok(Frame::Header(u64::MAX)));
    }

    #[test]
    fn headers_that_cannot_be_followed_are_broken() {
        for text in [
            &b"Content-Length: -1\r\n\r\n"[..],
            b"Content-Length: 1e3\r\n\r\n",
            b"Content-Type: text\r\n\r\n",
            b"Content-Length 5\r\n\r\n",
            b"Content-Length: 5\r\n",
        ] {
            assert!(
                header_of(text).is_err(),
                "{}",
                String::from_utf8_lossy(text)
            );
        }
        // A header with no end is read no further than the limit.
        let endless = vec![b'a'; MAX_HEADER * 4];
        let Err(Broken(why)) = header_of(&endless) else {
            panic!("an endless header was read");
        };
        assert!(why.contains("8192 bytes"), "{why}");
    }

    #[test]
    fn a_body_is_read_or_skipped_and_a_short_one_is_broken() {
        let mut input = &b"abcdefgh"[..];
        assert_eq!(body(&mut input, 3), Ok(b"abc".to_vec()));
        assert_eq!(skip(&mut input, 2), Ok(()));
        assert_eq!(body(&mut input, 3), Ok(b"fgh".to_vec()));
        assert!(body(&mut &b"ab"[..], 3).is_err());
        assert!(skip(&mut &b"ab"[..], u64::MAX).is_err());
    }
}
