//! Byte offsets and editor positions: a line and a column counted in UTF-16 code units, as the
//! Language Server Protocol counts them. The one place where the two meet.

/// A place in a text as an editor names it: a line from 0 and a column from 0 in UTF-16 code
/// units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LinePos {
    pub line: u32,
    pub character: u32,
}

/// Where each line of a text starts, to turn byte offsets into [`LinePos`] and back. A line
/// ends with `\n`, `\r\n` or `\r`, as the protocol says.
pub struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

/// A count that fits `u32` (a rule file is at most 64 KiB; a longer editor buffer saturates).
fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl<'t> LineIndex<'t> {
    pub fn new(text: &'t str) -> Self {
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            let ends = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends {
                starts.push(i + 1);
            }
        }
        LineIndex { text, starts }
    }

    /// The line (from 0) holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// The bytes of line `line` without its line end.
    fn line_bounds(&self, line: usize) -> (usize, usize) {
        let start = self.starts[line];
        let mut end = self
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let body = &self.text.as_bytes()[start..end];
        if body.ends_with(b"\r\n") {
            end -= 2;
        } else if body.ends_with(b"\n") || body.ends_with(b"\r") {
            end -= 1;
        }
        (start, end)
    }

    /// The position of byte `offset` (past the end: the end; inside a character: its start).
    pub fn position(&self, offset: usize) -> LinePos {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let (start, end) = self.line_bounds(line);
        let character: usize = self.text[start..offset.min(end)]
            .chars()
            .map(char::len_utf16)
            .sum();
        LinePos {
            line: to_u32(line),
            character: to_u32(character),
        }
    }

    /// The byte offset of a position: a line past the last is the end of the text, a column
    /// past the line's end is that end, a column inside a character is its start.
    pub fn offset(&self, pos: LinePos) -> usize {
        let Some(line) = usize::try_from(pos.line)
            .ok()
            .filter(|&l| l < self.starts.len())
        else {
            return self.text.len();
        };
        let (start, end) = self.line_bounds(line);
        let mut units = 0usize;
        let want = usize::try_from(pos.character).unwrap_or(usize::MAX);
        for (i, c) in self.text[start..end].char_indices() {
            if units + c.len_utf16() > want {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }

    /// A byte span as a pair of positions.
    pub fn range(&self, span: &std::ops::Range<usize>) -> (LinePos, LinePos) {
        (self.position(span.start), self.position(span.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> LinePos {
        LinePos { line, character }
    }

    #[test]
    fn ascii_lines() {
        let text = "board 3 x 10\npath 1..30\n";
        let index = LineIndex::new(text);
        assert_eq!(index.position(0), pos(0, 0));
        assert_eq!(index.position(6), pos(0, 6));
        assert_eq!(index.position(13), pos(1, 0));
        assert_eq!(index.position(17), pos(1, 4));
        assert_eq!(index.position(text.len()), pos(2, 0));
        assert_eq!(index.offset(pos(1, 4)), 17);
        // Past the end of a line: its end; past the last line: the end of the text.
        assert_eq!(index.offset(pos(0, 99)), 12);
        assert_eq!(index.offset(pos(9, 0)), text.len());
    }

    #[test]
    fn accented_letters_and_quotes_count_in_utf16_units() {
        // `é` is 2 bytes and 1 unit; `𓋹` (an ankh, outside the BMP) 4 bytes and 2 units.
        let text = "title \"Jéquier's 𓋹 senet\"\nsafe 26\n";
        let index = LineIndex::new(text);
        let q = text.find("quier").unwrap();
        assert_eq!(index.position(q), pos(0, 9));
        let after_ankh = text.find(" senet").unwrap();
        assert_eq!(index.position(after_ankh), pos(0, 19));
        assert_eq!(index.offset(pos(0, 19)), after_ankh);
        assert_eq!(index.offset(pos(0, 9)), q);
        // Inside the ankh's two units: the start of the ankh.
        assert_eq!(index.offset(pos(0, 18)), text.find('𓋹').unwrap());
        // A byte inside `é`: the position of `é`.
        let e = text.find('é').unwrap();
        assert_eq!(index.position(e + 1), pos(0, 8));
        let safe = text.find("26").unwrap();
        assert_eq!(index.position(safe), pos(1, 5));
        assert_eq!(index.offset(pos(1, 5)), safe);
    }

    #[test]
    fn every_line_end_the_protocol_knows() {
        let text = "a\r\nbb\rccc\nd";
        let index = LineIndex::new(text);
        assert_eq!(index.position(3), pos(1, 0));
        assert_eq!(index.position(6), pos(2, 0));
        assert_eq!(index.position(10), pos(3, 0));
        assert_eq!(index.offset(pos(0, 5)), 1);
        assert_eq!(index.offset(pos(1, 5)), 5);
        assert_eq!(index.offset(pos(3, 1)), 11);
    }

    #[test]
    fn every_offset_goes_there_and_back() {
        let text = "square 27: go to 15   [source: \"tornare alla casella 15\" — é]\n# ¿qué?\r\n";
        let index = LineIndex::new(text);
        // Every offset but the `\n` of a `\r\n`, which is the same place as its `\r`.
        for (offset, _) in text
            .char_indices()
            .filter(|&(i, c)| !(c == '\n' && i > 0 && &text[i - 1..i] == "\r"))
        {
            assert_eq!(index.offset(index.position(offset)), offset);
        }
    }
}
