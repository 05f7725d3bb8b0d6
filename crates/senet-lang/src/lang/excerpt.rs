//! A diagnostic's view of its file with every long line cut to windows around the places the
//! diagnostic points at, so that what is printed for a diagnostic does not grow with the line.
//!
//! Line breaks are never cut, so line numbers stay true; offsets are mapped from the file to the
//! excerpt (for the labels) and back (for the column the header shows).

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// A line of at most this many characters is shown whole.
pub const LINE_LIMIT: usize = 160;
/// A longer line keeps this many characters at its start and on either side of each place a
/// label starts or ends; what lies between is shown as one `…`.
pub const WINDOW: usize = 40;

/// A window that would cut a word is widened to its end (or start) if that is this many
/// characters away or fewer.
const SNAP: usize = 10;

const ELLIPSIS: char = '…';

/// The text of a file with its long lines cut.
pub(super) struct Excerpt<'a> {
    name: &'a str,
    original: &'a str,
    text: String,
    /// Each kept part of the original: where it starts in `text`, where in `original`, and its
    /// length in bytes, in order.
    kept: Vec<Kept>,
}

#[derive(Clone, Copy)]
struct Kept {
    at: usize,
    from: usize,
    len: usize,
}

impl<'a> Excerpt<'a> {
    /// The excerpt of `original` that keeps the places `points` (byte offsets), or `None` if no
    /// line is longer than [`LINE_LIMIT`].
    pub(super) fn new(name: &'a str, original: &'a str, points: &[usize]) -> Option<Self> {
        let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
        let mut cut = false;
        let mut start = 0;
        for line in original.split_inclusive(['\n', '\r']) {
            let body = line.trim_end_matches(['\n', '\r']);
            let end = start + body.len();
            if body.chars().nth(LINE_LIMIT).is_some() {
                cut = true;
                ranges.extend(windows(body, start, points));
                ranges.push(end..start + line.len());
            } else {
                ranges.push(start..start + line.len());
            }
            start += line.len();
        }
        if !cut {
            return None;
        }
        let mut text = String::new();
        let mut kept: Vec<Kept> = Vec::new();
        let mut last_end = 0;
        for range in ranges.into_iter().filter(|r| !r.is_empty()) {
            match kept.last_mut() {
                Some(k) if k.from + k.len == range.start => k.len += range.len(),
                _ => {
                    if range.start > last_end {
                        text.push(ELLIPSIS);
                    }
                    kept.push(Kept {
                        at: text.len(),
                        from: range.start,
                        len: range.len(),
                    });
                }
            }
            text.push_str(&original[range.clone()]);
            last_end = range.end;
        }
        if last_end < original.len() {
            text.push(ELLIPSIS);
        }
        Some(Excerpt {
            name,
            original,
            text,
            kept,
        })
    }

    /// Where the original's byte `offset` is in the excerpt (a place that was cut: where the
    /// cut is shown).
    pub(super) fn offset(&self, offset: usize) -> usize {
        let i = self.kept.partition_point(|k| k.from + k.len < offset);
        match self.kept.get(i) {
            Some(k) if offset >= k.from => k.at + (offset - k.from),
            Some(k) => k.at.saturating_sub(ELLIPSIS.len_utf8()),
            None => self.text.len() + offset.saturating_sub(self.original.len()),
        }
    }

    /// Where the excerpt's byte `offset` is in the original.
    fn original_offset(&self, offset: usize) -> usize {
        let i = self.kept.partition_point(|k| k.at + k.len < offset);
        match self.kept.get(i) {
            Some(k) if offset >= k.at => k.from + (offset - k.at),
            Some(k) => k.from,
            None => self.original.len(),
        }
    }
}

/// The parts of a long line (`body`, which starts at byte `start` of the file) to keep: its
/// first [`WINDOW`] characters and [`WINDOW`] on either side of each point in it, as byte ranges
/// of the file, merged and in order. Each window is found by walking [`WINDOW`] characters from
/// its point, never the whole line.
fn windows(body: &str, start: usize, points: &[usize]) -> Vec<std::ops::Range<usize>> {
    let after = |at: usize| {
        body[at..]
            .char_indices()
            .nth(WINDOW)
            .map_or(body.len(), |(i, _)| at + i)
    };
    let before = |at: usize| {
        body[..at]
            .char_indices()
            .rev()
            .nth(WINDOW - 1)
            .map_or(0, |(i, _)| i)
    };
    let mut wanted: Vec<(usize, usize)> = vec![(0, word_end(body, after(0)))];
    for &p in points {
        let Some(mut at) = p.checked_sub(start).filter(|&at| at <= body.len()) else {
            continue;
        };
        while !body.is_char_boundary(at) {
            at -= 1;
        }
        wanted.push((word_start(body, before(at)), word_end(body, after(at))));
    }
    wanted.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (a, b) in wanted {
        match merged.last_mut() {
            // A gap of a character or two is shown, not replaced by `…`.
            Some(last) if a <= last.1 || body[last.1..a].chars().nth(2).is_none() => {
                last.1 = last.1.max(b);
            }
            _ => merged.push((a, b)),
        }
    }
    merged
        .into_iter()
        .map(|(a, b)| start + a..start + b)
        .collect()
}

/// A window's end moved forward to the end of the word it cuts, if that is at most [`SNAP`]
/// characters on, so that `…` does not stand for the end of a number (`10` shown as `1…`).
fn word_end(body: &str, end: usize) -> usize {
    let cuts = body[..end].ends_with(|c: char| !c.is_whitespace())
        && body[end..].starts_with(|c: char| !c.is_whitespace());
    if !cuts {
        return end;
    }
    body[end..]
        .char_indices()
        .take(SNAP + 1)
        .find(|(_, c)| c.is_whitespace())
        .map_or(end, |(i, _)| end + i)
}

/// A window's start moved back to the start of the word it cuts, if that is at most [`SNAP`]
/// characters back.
fn word_start(body: &str, start: usize) -> usize {
    let cuts = body[..start].ends_with(|c: char| !c.is_whitespace())
        && body[start..].starts_with(|c: char| !c.is_whitespace());
    if !cuts {
        return start;
    }
    body[..start]
        .char_indices()
        .rev()
        .take(SNAP + 1)
        .find(|(_, c)| c.is_whitespace())
        .map_or(start, |(i, c)| i + c.len_utf8())
}

impl SourceCode for Excerpt<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        // A span read without lines before it gives the column a header shows: the original's.
        let column = if context_lines_before == 0 {
            let offset = self.original_offset(span.offset());
            let line_start = self.original[..offset]
                .rfind(['\n', '\r'])
                .map_or(0, |i| i + 1);
            offset - line_start
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            *inner.span(),
            inner.line(),
            column,
            inner.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_are_not_cut() {
        let text = "ruleset \"x\"\nsafe 1, 2\n";
        assert!(Excerpt::new("x", text, &[12]).is_none());
    }

    #[test]
    fn a_long_line_keeps_its_start_and_a_window_around_each_point() {
        // Line 2 is "gaps " and 100 numbers "1000, 1001, ...": 600 characters.
        let numbers: Vec<String> = (1000..1100).map(|n| n.to_string()).collect();
        let long = format!("gaps {}", numbers.join(", "));
        let text = format!("ruleset \"x\"\n{long}\nsafe 1\n");
        let line = 12;
        // The number 1050: characters 5 + 50 * 6 = 305 to 309 of the line.
        let (a, b) = (line + 305, line + 309);
        assert_eq!(&text[a..b], "1050");
        let e = Excerpt::new("x", &text, &[a, b]).unwrap();
        // The first 40 characters end after `1005,`. The window around 1050 runs from 40
        // characters before it (265, inside `1043`) to 40 after (349, inside `1057,`), each end
        // moved out to its word's: 263 to 352.
        let expected = format!(
            "ruleset \"x\"\n{}…{}…\nsafe 1\n",
            &long[..40],
            &long[263..352]
        );
        assert!(expected.contains(", 1005,…1043, ") && expected.contains(" 1057,…\n"));
        assert_eq!(e.text, expected);
        assert_eq!(&e.text[e.offset(a)..e.offset(b)], "1050");
        assert_eq!(e.original_offset(e.offset(a)), a);
        // Places after the cut line keep their text.
        let safe = text.find("safe").unwrap();
        assert_eq!(&e.text[e.offset(safe)..e.offset(safe) + 6], "safe 1");
    }

    #[test]
    fn the_header_column_is_the_original_one() {
        let long = "a".repeat(500);
        let text = format!("{long}b\n");
        let e = Excerpt::new("x", &text, &[500]).unwrap();
        let span = SourceSpan::from((e.offset(500), 1));
        let contents = e.read_span(&span, 0, 0).unwrap();
        assert_eq!(contents.data(), b"b");
        assert_eq!((contents.line(), contents.column()), (0, 500));
    }
}
