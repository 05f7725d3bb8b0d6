//! The language reference for editors: each statement, trigger and effect with the words
//! docs/language.md gives it. The page is built into the program and its tables are read once,
//! at the first question, so that what an editor shows is the page itself.

use std::sync::LazyLock;

/// docs/language.md, as built into the program.
pub const LANGUAGE_MD: &str = include_str!("../../../docs/language.md");

/// The reference read from [`LANGUAGE_MD`].
pub static REFERENCE: LazyLock<Reference> = LazyLock::new(|| Reference::parse(LANGUAGE_MD));

/// A form of the language and what it means, as the reference writes them (Markdown; a table's
/// `\|` is a `|` here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// How the form is written, e.g. `` `blockade N` ``.
    pub form: String,
    /// What it means.
    pub text: String,
}

/// An effect of an event rule: the triggers it goes with and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EffectEntry {
    pub form: String,
    /// The triggers it may follow.
    pub with: String,
    pub text: String,
}

/// The entries of the reference, each list in the page's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reference {
    /// The rows of every `| statement | meaning |` table.
    pub statements: Vec<Entry>,
    /// The rows of the `| trigger | when it fires |` table.
    pub triggers: Vec<Entry>,
    /// The rows of the `| effect | with the triggers | what it does |` table.
    pub effects: Vec<EffectEntry>,
    /// The paragraph that opens with `` **`when OPTION is VALUE: STATEMENT`** ``.
    pub when: Option<Entry>,
}

// The headers of the tables the reference reads; the page's other tables hold no entries.
/// The header of the tables of statements.
pub const STATEMENT_HEADER: [&str; 2] = ["statement", "meaning"];
/// The header of the table of event rules' triggers.
pub const TRIGGER_HEADER: [&str; 2] = ["trigger", "when it fires"];
/// The header of the table of event rules' effects.
pub const EFFECT_HEADER: [&str; 3] = ["effect", "with the triggers", "what it does"];

impl Reference {
    /// The entries of a page written as docs/language.md is. Any text is read without a panic:
    /// a row with other cells than its table's header is left out.
    pub fn parse(markdown: &str) -> Reference {
        let mut out = Reference::default();
        for table in tables(markdown) {
            let header: Vec<&str> = table.header.iter().map(String::as_str).collect();
            let rows = table.rows.into_iter();
            if header == EFFECT_HEADER {
                out.effects.extend(rows.filter_map(|row| {
                    let [form, with, text] = <[String; 3]>::try_from(row).ok()?;
                    Some(EffectEntry { form, with, text })
                }));
                continue;
            }
            let list = if header == STATEMENT_HEADER {
                &mut out.statements
            } else if header == TRIGGER_HEADER {
                &mut out.triggers
            } else {
                continue;
            };
            list.extend(rows.filter_map(|row| {
                let [form, text] = <[String; 2]>::try_from(row).ok()?;
                Some(Entry { form, text })
            }));
        }
        out.when = lead_paragraphs(markdown)
            .into_iter()
            .find(|e| e.form.starts_with("`when "));
        out
    }
}

/// A table of the page: its header's cells and each row's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// The lines of a page, each line of a fenced code block (fences included) read as a blank
/// line: it ends a paragraph or a table and is part of neither.
fn prose(markdown: &str) -> impl Iterator<Item = &str> {
    let mut fenced = false;
    markdown.lines().map(move |line| {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            return "";
        }
        if fenced { "" } else { line }
    })
}

/// Every table of a page (a header line, a delimiter line of `-`, then rows), cells trimmed and
/// `\|` read as `|`.
pub fn tables(markdown: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut lines = prose(markdown).peekable();
    while let Some(line) = lines.next() {
        if !is_row(line) || !lines.peek().is_some_and(|next| is_delimiter(next)) {
            continue;
        }
        lines.next();
        let mut table = Table {
            header: cells(line),
            rows: Vec::new(),
        };
        while let Some(row) = lines.next_if(|l| is_row(l)) {
            table.rows.push(cells(row));
        }
        out.push(table);
    }
    out
}

fn is_row(line: &str) -> bool {
    line.trim_start().starts_with('|')
}

/// `|---|:---:|`: a table's second line.
fn is_delimiter(line: &str) -> bool {
    let line = line.trim();
    is_row(line)
        && line.contains('-')
        && line
            .chars()
            .all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
}

/// The cells of a row: split at each `|` that is not written `\|`, the outer pipes dropped.
fn cells(row: &str) -> Vec<String> {
    let row = row.trim();
    let row = row.strip_prefix('|').unwrap_or(row);
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                cell.push('|');
            }
            '|' => out.push(std::mem::take(&mut cell).trim().to_string()),
            _ => cell.push(c),
        }
    }
    // What follows the last pipe is a cell only if the row does not end with one.
    if !cell.trim().is_empty() {
        out.push(cell.trim().to_string());
    }
    out
}

/// The paragraphs that open with a form in bold (`` **`FORM`** text ``), as entries: the form
/// and the rest of the paragraph, its lines joined.
fn lead_paragraphs(markdown: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut lines = prose(markdown).peekable();
    while let Some(line) = lines.next() {
        let Some((form, first)) = line
            .strip_prefix("**`")
            .and_then(|rest| rest.split_once("`**"))
        else {
            continue;
        };
        let mut text = first.trim().to_string();
        while let Some(more) = lines.next_if(|l| !l.trim().is_empty() && !is_row(l)) {
            text.push(' ');
            text.push_str(more.trim());
        }
        out.push(Entry {
            form: format!("`{form}`"),
            text,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const PAGE: &str = "\
# A page

| statement | meaning |
|---|---|
| `option NAME: V1 \\| V2` | Values `a \\| b`. |
| `safe SET` | Safe. |
| `broken` |

```
| statement | meaning |
|---|---|
| `in a code block` | not an entry |
```

| trigger | when it fires |
|:--|--:|
| `capture` | a move captures |

| effect | with the triggers | what it does |
|---|---|---|
| `end turn` | `capture`, `entering` | the turn ends |

| statement | key |
|---|---|
| `safe` | `safe` |

**`when OPTION is VALUE: STATEMENT`** applies the statement
only then.
```
when pieces is 7: pieces 7 each
```
";

    #[test]
    fn tables_of_each_kind_become_entries() {
        let r = Reference::parse(PAGE);
        let entry = |form: &str, text: &str| Entry {
            form: form.into(),
            text: text.into(),
        };
        assert_eq!(
            r.statements,
            [
                entry("`option NAME: V1 | V2`", "Values `a | b`."),
                entry("`safe SET`", "Safe."),
            ]
        );
        assert_eq!(r.triggers, [entry("`capture`", "a move captures")]);
        assert_eq!(
            r.effects,
            [EffectEntry {
                form: "`end turn`".into(),
                with: "`capture`, `entering`".into(),
                text: "the turn ends".into(),
            }]
        );
        assert_eq!(
            r.when,
            Some(entry(
                "`when OPTION is VALUE: STATEMENT`",
                "applies the statement only then."
            ))
        );
    }

    #[test]
    fn cells_split_at_unescaped_pipes_only() {
        assert_eq!(cells("| a | b \\| c |"), ["a", "b | c"]);
        assert_eq!(cells("a | b"), ["a", "b"]);
        assert_eq!(cells("| a | |"), ["a", ""]);
        assert_eq!(cells("|"), Vec::<String>::new());
        assert_eq!(cells("| \\"), ["\\"]);
    }

    proptest! {
        /// Any text, and text made of the pieces a table is made of, is read without a panic.
        #[test]
        fn any_text_is_read_without_a_panic(
            text in "\\PC*",
            pieces in prop::collection::vec(
                prop_oneof![
                    Just("|"), Just("\\|"), Just("\\"), Just("`"), Just("**`"), Just("`**"),
                    Just("---"), Just(":"), Just("```"), Just("\n"), Just("\r\n"), Just(" "),
                    Just("é"), Just("statement"), Just("meaning"), Just("| statement | meaning |\n"),
                    Just("|---|---|\n"), Just("when"),
                ],
                0..40,
            ),
        ) {
            let _ = Reference::parse(&text);
            let _ = Reference::parse(&pieces.concat());
        }
    }
}
