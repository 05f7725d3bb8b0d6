//! The analysis for editors (`senet::ide`) as a whole: the language reference it shows is
//! docs/language.md's tables, row for row; every keyword of the shipped files and of the
//! reference's own examples has its entry; no edit of a file makes any of its answers panic;
//! and a file's problems are as many as `senet check` shows, with a note counting the rest.

use proptest::prelude::*;
use senet::ide::position::LineIndex;
use senet::ide::reference::{
    EFFECT_HEADER, LANGUAGE_MD, REFERENCE, STATEMENT_HEADER, TRIGGER_HEADER, tables,
};
use senet::ide::{Analysis, Severity, format};
use senet::lang::tokens::{TokenKind, line_tokens};
use senet::lang::{SourceFile, parse_file};

use crate::support::shipped;
use shipped::rule_files;

/// The rows of every table of docs/language.md under `header`, counted line by line.
fn rows_under(header: &[&str]) -> usize {
    let head = format!("| {} |", header.join(" | "));
    let lines: Vec<&str> = LANGUAGE_MD.lines().collect();
    (0..lines.len())
        .filter(|&i| lines[i] == head)
        .map(|i| {
            lines[i + 2..]
                .iter()
                .take_while(|l| l.starts_with('|'))
                .count()
        })
        .sum()
}

#[test]
fn every_row_of_the_references_tables_is_an_entry() {
    let r = &*REFERENCE;
    assert_eq!(r.statements.len(), rows_under(&STATEMENT_HEADER));
    assert_eq!(r.triggers.len(), rows_under(&TRIGGER_HEADER));
    assert_eq!(r.effects.len(), rows_under(&EFFECT_HEADER));
    assert!(r.statements.len() > 90 && r.triggers.len() >= 10 && r.effects.len() >= 19);
    let forms = r
        .statements
        .iter()
        .chain(&r.triggers)
        .map(|e| (&e.form, &e.text))
        .chain(r.effects.iter().map(|e| (&e.form, &e.text)));
    for (form, text) in forms {
        assert!(form.starts_with('`') && form.ends_with('`'), "{form}");
        assert!(!text.is_empty(), "{form}");
        assert!(!form.contains("\\|") && !text.contains("\\|"), "{form}");
    }
    // A table's `\|` is a `|` of the language.
    for form in [
        "`option NAME: V1 | V2 ... default V`",
        "`path SIDE: ITEMS | ITEMS ...`",
    ] {
        assert!(r.statements.iter().any(|e| e.form == form), "{form}");
    }
    let when = r.when.as_ref().expect("the `when` paragraph");
    assert_eq!(when.form, "`when OPTION is VALUE: STATEMENT`");
    assert!(
        when.text
            .starts_with("applies the statement only when OPTION has that value"),
        "{}",
        when.text
    );
    // Every table of the page is one the reference reads, or one that holds no entry.
    let others: [&[&str]; 2] = [
        &["statement", "key", "example of two different keys"],
        &["event rule", "the same as"],
    ];
    for table in tables(LANGUAGE_MD) {
        let header: Vec<&str> = table.header.iter().map(String::as_str).collect();
        assert!(
            header == STATEMENT_HEADER
                || header == TRIGGER_HEADER
                || header == EFFECT_HEADER
                || others.contains(&header.as_slice()),
            "a table the reference does not know: {header:?}"
        );
    }
}

/// The lines of docs/language.md's code blocks, as one rule text (lines that are not
/// statements are syntax errors, and left out).
fn reference_examples() -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in LANGUAGE_MD.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[test]
fn every_keyword_of_the_shipped_files_and_the_references_examples_has_its_entry() {
    let mut files = rule_files();
    files.push(("docs/language.md".into(), reference_examples()));
    for (name, text) in files {
        let a = Analysis::new(&text, None);
        let (ast, errors) = parse_file(&SourceFile::new(name.clone(), text.clone()));
        assert!(errors.is_empty() || name.ends_with(".md"), "{name}");
        assert!(ast.statements.len() > 3, "{name}");
        for stmt in &ast.statements {
            let start = text[..stmt.span.start].rfind('\n').map_or(0, |i| i + 1);
            let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
            let line = text[start..end].trim_end_matches('\r');
            let tokens = line_tokens(line, start).unwrap();
            let keywords = tokens.iter().filter(|t| t.kind == TokenKind::Keyword);
            for token in keywords {
                let word = &text[token.span.clone()];
                let hover = a
                    .hover(token.span.start)
                    .unwrap_or_else(|| panic!("{name}: no entry for `{word}` in `{line}`"));
                assert!(
                    hover.markdown.starts_with("**`"),
                    "{name}: `{word}` in `{line}`: {}",
                    hover.markdown
                );
            }
        }
    }
}

/// Pieces of text an edit inserts: words of the language, numbers, quotes, brackets, accented
/// letters, an ankh outside the BMP, line ends.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("é".to_string()),
        Just("𓋹".to_string()),
        Just("\"".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just("#".to_string()),
        Just(":".to_string()),
        Just(" ".to_string()),
        Just("..".to_string()),
        Just("extends \"".to_string()),
        Just("when pieces is ".to_string()),
        Just("square 27: go to 15".to_string()),
        Just("on landing on 6: ".to_string()),
        "[0-9]{1,3}",
        "[a-z]{1,8}",
    ]
}

#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, String),
    Delete(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), piece()).prop_map(|(at, s)| Edit::Insert(at, s)),
        (any::<usize>(), 1usize..40).prop_map(|(at, n)| Edit::Delete(at, n)),
    ]
}

/// `at` moved back to a character boundary of `text`, within it.
fn boundary(text: &str, at: usize) -> usize {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A shipped file edited at random: every answer of the analysis comes back, anywhere in
    /// the text, without a panic; fixes and positions stay inside the text.
    #[test]
    fn no_edit_makes_the_analysis_panic(
        file in 0usize..64,
        edits in prop::collection::vec(edit(), 1..8),
        probes in prop::collection::vec(any::<usize>(), 8),
    ) {
        let files = rule_files();
        let mut text = files[file % files.len()].1.clone();
        for e in edits {
            match e {
                Edit::Insert(at, s) => {
                    let at = boundary(&text, at);
                    text.insert_str(at, &s);
                }
                Edit::Delete(at, n) => {
                    let from = boundary(&text, at);
                    let to = boundary(&text, from.saturating_add(n).min(text.len()));
                    text.replace_range(from..to.max(from), "");
                }
            }
        }
        let a = Analysis::new(&text, None);
        let index = LineIndex::new(&text);
        for p in a.problems() {
            prop_assert!(p.span.end <= text.len());
            if let Some(fix) = &p.fix {
                prop_assert!(text.get(fix.span.clone()).is_some());
            }
        }
        for probe in probes {
            // Any byte, on a character boundary or not, and past the end.
            let at = probe % (text.len() + 2);
            let _ = a.hover(at);
            for c in a.completions(at) {
                prop_assert!(text.get(c.replace.clone()).is_some(), "{c:?}");
            }
            let _ = a.definition(at);
            let _ = a.actions(&(at..at));
            let pos = index.position(at);
            prop_assert!(index.offset(pos) <= text.len());
        }
        let _ = format(&text);
    }
}

/// `gaps` with 4,000 ranges `1..1000000` over Ur's 24 squares: 4,000 ranges off the board
/// (E122), the first square of each of the inherited paths' six parts taken (E123), Ur's title
/// kept (W002). 100 problems, then a note for the 3,906 errors and the warning left out, placed
/// where the first of them is (the range 94, bytes 40 + 5 + 12 * 94 = 1173 to 1183).
#[test]
fn a_file_with_thousands_of_problems_gives_a_hundred_and_a_note() {
    let ranges = vec!["1..1000000"; 4000].join(", ");
    let text = format!("ruleset \"x\"\nextends \"twenty-squares/ur\"\ngaps {ranges}\n");
    let problems = Analysis::new(&text, None).problems();
    assert_eq!(problems.len(), 101);
    assert!(
        problems[..100]
            .iter()
            .all(|p| p.severity == Severity::Error)
    );
    let note = &problems[100];
    assert_eq!(note.severity, Severity::Information);
    assert_eq!(note.code, None);
    assert_eq!(
        note.message,
        "and 3906 more errors and 1 more warning in this file, not shown (at most 100 diagnostics are shown for a file)"
    );
    assert_eq!(note.span, 1173..1183);
    assert_eq!(&text[note.span.clone()], "1..1000000");
}
