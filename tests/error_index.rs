//! The index of diagnostic codes (`senet::lang::error_index`): it has one entry for every code
//! the checker can give, each entry's wrong example gives its code and its right example checks
//! clean, and `docs/errors.md` is the index as Markdown.

use std::path::PathBuf;

use senet::check::{CheckFailure, Source, Warned, Warnings, check};
use senet::lang::Code;
use senet::lang::error_index::{self, Entry, INDEX};

#[test]
fn every_code_has_one_entry_in_code_order() {
    let indexed: Vec<Code> = INDEX.iter().map(|e| e.code).collect();
    assert_eq!(
        indexed,
        Code::ALL,
        "crates/senet-lang/src/lang/error_index.rs has one entry per code, in the order of `Code`"
    );
    for &code in Code::ALL {
        assert_eq!(error_index::entry(code).map(|e| e.code), Some(code));
    }
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
    if entry.code == Code::E006 && which == "wrong" {
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
        let codes: Vec<Option<Code>> = match checked {
            Err(CheckFailure::Invalid(errors)) => errors.iter().map(|d| d.code()).collect(),
            Err(CheckFailure::Unreadable(e)) => panic!("{}: unreadable: {e}", entry.code),
            Ok(_) => Vec::new(),
        };
        let given: Vec<Option<Code>> = if entry.is_warning() {
            warnings.iter().map(|d| d.code()).collect()
        } else {
            codes
        };
        assert!(
            given.contains(&Some(entry.code)),
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
    let entry = error_index::entry(Code::E003).unwrap();
    for word in senet::lang::parser::statement_keywords() {
        let listed = entry
            .explanation
            .split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w == word);
        assert!(listed, "E003's explanation does not list `{word}`");
    }
}
