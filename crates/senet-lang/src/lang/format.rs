//! The canonical layout of a rule file (`senet fmt`). Only the layout changes, never a word:
//!
//! - a statement's words are one space apart, with no space before `,`, `;` and `:` and none
//!   around `..`; the header's strings line up (`ruleset`, `title`, `source` and `extends` padded
//!   to one width);
//! - a note, or a comment after a statement, starts at column [`NOTE_COLUMN`] (or three spaces
//!   after a longer statement); a comment after a note is two spaces after it; a note reads
//!   `[kind: text]`;
//! - a line that is only a comment is kept as written (trailing blanks dropped);
//! - runs of blank lines become one, none at the start or the end; lines end with `\n`, and the
//!   file with one; a byte order mark is dropped.
//!
//! A file with a syntax error is not formatted (there is no telling what its words are): the
//! parser's diagnostics say what is wrong.

use pest::Parser as _;
use pest::iterators::Pair;

use super::parser::{Grammar, Rule};
use super::{SourceFile, parse_file};

/// The column (from 0) where notes and comments after a statement begin.
pub const NOTE_COLUMN: usize = 42;

/// The header keywords whose strings line up.
const HEADER: [Rule; 4] = [
    Rule::kw_ruleset,
    Rule::kw_title,
    Rule::kw_source,
    Rule::kw_extends,
];

/// The canonical layout of `text`; `None` if a line does not parse (see [`parse_file`]).
pub fn format(text: &str) -> Option<String> {
    let file = SourceFile::new("format", text);
    if !parse_file(&file).1.is_empty() {
        return None;
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = String::with_capacity(text.len());
    let mut blank = false;
    for line in text.lines() {
        let body = line.trim();
        if body.is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push('\n');
            blank = false;
        }
        if body.starts_with('#') {
            out.push_str(body);
        } else {
            out.push_str(&format_line(body)?);
        }
        out.push('\n');
    }
    Some(out)
}

/// One line holding a statement: its words, its note and its comment, laid out.
fn format_line(body: &str) -> Option<String> {
    let line = Grammar::parse(Rule::line, body).ok()?.next()?;
    let mut tokens = Vec::new();
    leaves(line, &mut tokens);
    let end = tokens.last().map_or(0, |t| t.as_span().end());
    let comment = body[end..].trim();
    let (words, note): (Vec<&Pair<Rule>>, Vec<&Pair<Rule>>) =
        tokens.iter().partition(|t| t.as_rule() != Rule::note);
    let mut out = statement(&words);
    let note = note.first().map(|n| note_text(n));
    if note.is_some() || !comment.is_empty() {
        let width = out.chars().count();
        let pad = if width + 3 > NOTE_COLUMN {
            3
        } else {
            NOTE_COLUMN - width
        };
        out.extend(std::iter::repeat_n(' ', pad));
    }
    if let Some(note) = note {
        out.push_str(&note);
        if !comment.is_empty() {
            out.push_str("  ");
        }
    }
    out.push_str(comment);
    Some(out)
}

/// The words of a statement, spaced.
fn statement(words: &[&Pair<Rule>]) -> String {
    let mut out = String::new();
    let mut glued = true;
    for (i, w) in words.iter().enumerate() {
        let rule = w.as_rule();
        let tight = matches!(
            rule,
            Rule::comma | Rule::semicolon | Rule::colon | Rule::dots
        );
        if !glued && !tight {
            out.push(' ');
        }
        out.push_str(w.as_str());
        glued = rule == Rule::dots;
        // The header's strings line up: `title   "..."`.
        if i == 0 && HEADER.contains(&rule) && words.len() == 2 {
            out.extend(std::iter::repeat_n(' ', 8 - w.as_str().len()));
            glued = true;
        }
    }
    out
}

/// A note as `[kind: text]`.
fn note_text(note: &Pair<Rule>) -> String {
    let mut kind = "";
    let mut text = "";
    for p in note.clone().into_inner() {
        match p.as_rule() {
            Rule::note_kind => kind = p.as_str(),
            Rule::note_text => text = p.as_str().trim(),
            _ => {}
        }
    }
    format!("[{kind}: {text}]")
}

/// The tokens of a line in order: every pair with nothing inside it, a string and a note
/// whole, the end of input left out.
fn leaves<'i>(pair: Pair<'i, Rule>, out: &mut Vec<Pair<'i, Rule>>) {
    match pair.as_rule() {
        Rule::EOI => {}
        Rule::string | Rule::note => out.push(pair),
        _ => {
            let mut inner = pair.clone().into_inner().peekable();
            if inner.peek().is_none() {
                out.push(pair);
            } else {
                for p in inner {
                    leaves(p, out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::format;

    #[test]
    fn spaces_words_and_aligns_notes() {
        let text = "ruleset   \"x/y\"\r\ntitle \"T\"\n\n\n\nboard 3x10   snake [source:  \"a\" ]\n  safe 26 ,28 .. 30   # safe squares\npath 1..30 [choice: b] # why\n";
        assert_eq!(
            format(text).unwrap(),
            format!(
                "ruleset \"x/y\"\ntitle   \"T\"\n\nboard 3 x 10 snake{}[source: \"a\"]\nsafe 26, 28..30{}# safe squares\npath 1..30{}[choice: b]  # why\n",
                " ".repeat(24),
                " ".repeat(27),
                " ".repeat(32)
            )
        );
    }

    /// `source none` is a header line: its word lines up with the strings of the others.
    #[test]
    fn source_none_lines_up_with_the_header() {
        let text = "ruleset \"x/y\"\nsource   none\nsource \"a\"\n";
        assert_eq!(
            format(text).unwrap(),
            "ruleset \"x/y\"\nsource  none\nsource  \"a\"\n"
        );
    }

    #[test]
    fn keeps_comment_lines_and_drops_blank_ends() {
        let text = "\n\n# a comment   \n   #indented\nsides red, blue\n\n";
        assert_eq!(
            format(text).unwrap(),
            "# a comment\n#indented\nsides red, blue\n"
        );
    }

    #[test]
    fn a_long_statement_keeps_three_spaces_before_its_note() {
        let text = "start red on 1, 3, 5, 7, 9; blue on 2, 4, 6, 8, 10 [source: s]\n";
        assert_eq!(
            format(text).unwrap(),
            "start red on 1, 3, 5, 7, 9; blue on 2, 4, 6, 8, 10   [source: s]\n"
        );
    }

    #[test]
    fn a_conditional_statement_and_a_header_inside_it() {
        let text = "when  pieces is 7 :  pieces 7 each\nwhen x is y: title \"Z\"\n";
        assert_eq!(
            format(text).unwrap(),
            "when pieces is 7: pieces 7 each\nwhen x is y: title \"Z\"\n"
        );
    }

    #[test]
    fn a_file_with_a_syntax_error_is_not_formatted() {
        assert_eq!(format("boart 3 x 10\n"), None);
    }

    #[test]
    fn formatting_twice_changes_nothing() {
        for id in crate::bundled::ids() {
            let text = crate::bundled::get(id).unwrap();
            let once = format(text).unwrap();
            assert_eq!(format(&once).unwrap(), once);
        }
    }
}
