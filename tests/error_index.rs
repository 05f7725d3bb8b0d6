//! The index of diagnostic codes (`senet::lang::error_index`): it has an entry for every code
//! the checker can give, each entry's wrong example gives its code and its right example checks
//! clean, and `docs/errors.md` is the index as Markdown.

use std::path::{Path, PathBuf};

use senet::check::{CheckFailure, Source, Warned, Warnings, check};
use senet::lang::error_index::{self, Entry, INDEX};

/// Every code written in the sources (`code(E123)`, `code(W001)`), each once, sorted.
fn codes_in_sources() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, _) in text.match_indices("code(") {
                    let code = text.get(i + 5..i + 9).unwrap_or_default();
                    let well_formed = code.starts_with(['E', 'W'])
                        && code[1..].chars().all(|c| c.is_ascii_digit())
                        && text.get(i + 9..i + 10) == Some(")");
                    if well_formed {
                        out.push(code.to_string());
                    }
                }
            }
        }
    }
    let mut codes = Vec::new();
    walk(Path::new("crates/senet-lang/src"), &mut codes);
    codes.sort();
    codes.dedup();
    codes
}

#[test]
fn every_code_has_an_entry_and_every_entry_a_code() {
    let codes = codes_in_sources();
    assert!(codes.len() >= 50, "found only {} codes", codes.len());
    let indexed: Vec<&str> = INDEX.iter().map(|e| e.code).collect();
    for code in &codes {
        assert!(
            indexed.contains(&code.as_str()),
            "{code} has no entry in crates/senet-lang/src/lang/error_index.rs"
        );
    }
    for code in &indexed {
        assert!(
            codes.iter().any(|c| c == code),
            "{code} is in the index, but no diagnostic has it"
        );
    }
    let mut sorted = indexed.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        indexed, sorted,
        "the index is in code order, each code once"
    );
}

/// A fresh folder with the example's files beside it; the path of `variant.rules`.
fn write_example(entry: &Entry, which: &str, text: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!(
        "senet-index-{}-{}-{which}",
        std::process::id(),
        entry.code
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, beside) in entry.beside {
        match name.strip_suffix('/') {
            Some(folder) => std::fs::create_dir_all(dir.join(folder)).unwrap(),
            None => std::fs::write(dir.join(name), beside).unwrap(),
        }
    }
    let mut text = error_index::example_text(text);
    // The file too large to read is shown short; the one checked is as large as it says.
    if entry.code == "E006" && which == "wrong" {
        while text.len() <= senet::lang::MAX_FILE_BYTES {
            text.push_str("# and so on, and so on, and so on, and so on\n");
        }
    }
    let path = dir.join("variant.rules");
    std::fs::write(&path, text).unwrap();
    let target = path.to_str().unwrap().to_string();
    (dir, target)
}

#[test]
fn each_wrong_example_gives_its_code_and_each_right_example_checks_clean() {
    for entry in INDEX {
        let options = |list: &[(&str, &str)]| -> Vec<(String, String)> {
            list.iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect()
        };

        let (dir, wrong) = write_example(entry, "wrong", entry.wrong);
        let Warned {
            output: checked,
            warnings,
        } = check(
            Source::Target(&wrong),
            &options(entry.options),
            Warnings::Find,
        );
        let codes: Vec<String> = match checked {
            Err(CheckFailure::Invalid(errors)) => errors.iter().map(|d| d.code()).collect(),
            Err(CheckFailure::Unreadable(e)) => panic!("{}: unreadable: {e}", entry.code),
            Ok(_) => Vec::new(),
        };
        let given: Vec<String> = if entry.is_warning() {
            warnings.iter().map(|d| d.code()).collect()
        } else {
            codes
        };
        assert!(
            given.iter().any(|c| c == entry.code),
            "{}: the wrong example gives {given:?}",
            entry.code
        );
        let _ = std::fs::remove_dir_all(dir);

        let (dir, right) = write_example(entry, "right", entry.right);
        let options = options(&entry.right_options());
        let Warned {
            output: checked,
            warnings,
        } = check(Source::Target(&right), &options, Warnings::Find);
        if let Err(e) = checked {
            panic!("{}: the right example does not check: {e:?}", entry.code);
        }
        assert!(
            warnings.is_empty(),
            "{}: the right example has warnings: {warnings:?}",
            entry.code
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// `docs/errors.md` is the index as Markdown. To write it again:
/// `cargo run -- explain-error --all --markdown > docs/errors.md`, or
/// `SENET_BLESS=1 cargo test --test main error_index::`.
#[test]
fn docs_errors_md_is_the_index() {
    let generated = error_index::markdown();
    if std::env::var_os("SENET_BLESS").is_some() {
        std::fs::write("docs/errors.md", &generated).unwrap();
        return;
    }
    let written = std::fs::read_to_string("docs/errors.md").unwrap_or_default();
    assert!(
        written == generated,
        "docs/errors.md is out of date: run `cargo run -- explain-error --all --markdown > \
         docs/errors.md` (or `SENET_BLESS=1 cargo test --test main error_index::`)"
    );
}

/// E003's entry lists every word a statement may begin with (the help of E001 sends there).
#[test]
fn e003_lists_every_statement_word() {
    let entry = error_index::entry("E003").unwrap();
    for word in senet::lang::parser::STATEMENT_KEYWORDS {
        let listed = entry
            .explanation
            .split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w == *word);
        assert!(listed, "E003's explanation does not list `{word}`");
    }
}
