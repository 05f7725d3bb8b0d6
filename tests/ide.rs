//! The analysis for editors (`senet::ide`) as a whole: its reference entries are the language
//! reference's own words, every statement of the shipped files has one, and no edit of a file
//! makes any of its answers panic.

use proptest::prelude::*;
use senet::ide::position::LineIndex;
use senet::ide::reference::{EFFECTS, STATEMENTS, TRIGGERS, WHEN};
use senet::ide::{Analysis, format};
use senet::lang::syntax::StatementKind;
use senet::lang::{SourceFile, parse_file};

fn language_md() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/language.md")).unwrap()
}

/// The bundled files and the docs' examples.
fn rule_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = senet::bundled::ids()
        .map(|id| (id.to_string(), senet::bundled::get(id).unwrap().to_string()))
        .collect();
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples");
    for entry in std::fs::read_dir(examples).unwrap() {
        let path = entry.unwrap().path();
        files.push((
            path.display().to_string(),
            std::fs::read_to_string(&path).unwrap(),
        ));
    }
    files
}

#[test]
fn the_reference_entries_are_rows_of_the_language_reference() {
    let doc = language_md();
    for e in STATEMENTS.iter().chain(TRIGGERS) {
        let row = format!("| {} | {} |", e.form, e.text);
        assert!(
            doc.lines().any(|l| l == row),
            "not a row of docs/language.md: {row}"
        );
    }
    for e in EFFECTS {
        let row = format!("| {} | {} | {} |", e.form, e.with, e.text);
        assert!(
            doc.lines().any(|l| l == row),
            "not a row of docs/language.md: {row}"
        );
    }
    let flat: String = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let when = format!("**{}** {}", WHEN.form, WHEN.text);
    assert!(flat.contains(&when), "not in docs/language.md: {when}");
}

#[test]
fn every_statement_of_the_shipped_files_has_its_entry() {
    for (name, text) in rule_files() {
        let a = Analysis::new(&text, None);
        let (ast, errors) = parse_file(&SourceFile::new(name.clone(), text.clone()));
        assert!(errors.is_empty(), "{name}");
        for stmt in &ast.statements {
            let mut places = vec![stmt.span.start];
            if let StatementKind::On { effects, .. } = &stmt.kind {
                places.extend(effects.iter().map(|e| e.span.start));
            }
            for at in places {
                let hover = a.hover(at).unwrap_or_else(|| {
                    panic!("{name}: no entry for `{}`", &text[stmt.span.clone()])
                });
                assert!(
                    hover.markdown.starts_with("**`"),
                    "{name}: {}",
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
