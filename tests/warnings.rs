//! Snapshot tests of the checker's warnings.
//!
//! Every `tests/warnings/*.rules` file checks without errors but has a likely mistake: it is
//! checked with `check` and its warnings (relative `extends` resolve from `tests/warnings/`), every
//! warning is rendered without colour at a width of 100 columns, and the result is compared with
//! the snapshot `tests/snapshots/warnings__<file stem>.snap`. The file's name begins with the
//! code of the warnings it gives (`w003-...` gives W003, and only W003).
//!
//! To (re)write snapshots: `INSTA_UPDATE=always cargo test --test main warnings::`, then read the
//! changed `.snap` files.

use std::path::PathBuf;

use senet::check::{Source, Warnings, check};
use senet::lang::{Code, Diagnostic};

use crate::support::every::every;

const DIR: &str = "tests/warnings";

fn rule_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(DIR)
        .expect("tests/warnings exists (tests run from the package root)")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

/// The warnings of a file that must check without errors.
fn warnings(name: &str, text: &str) -> Vec<Diagnostic> {
    let dir = Some(PathBuf::from(DIR));
    let checked = check(Source::Text { name, text, dir }, &[], Warnings::Find);
    let (checked, warnings) = (checked.output, checked.warnings);
    if let Err(errors) = checked {
        panic!("{name} has errors: {errors:?}");
    }
    warnings
}

#[test]
fn every_file_in_tests_warnings() {
    let files = rule_files();
    assert!(
        files.len() >= 3,
        "expected a file for each warning in {DIR}"
    );
    every(files, |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!("{DIR}/{}", path.file_name().unwrap().to_string_lossy());
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let expected: Code = stem[..4].parse().expect("the file name begins with a code");
        let found = warnings(&name, &text);
        let codes: Vec<Option<Code>> = found.iter().map(Diagnostic::code).collect();
        assert!(
            !codes.is_empty() && codes.iter().all(|c| *c == Some(expected)),
            "{name}: expected {expected} only, got {codes:?}"
        );
        assert!(found.iter().all(Diagnostic::is_warning), "{name}");
        let rendered: Vec<String> = found
            .iter()
            .map(|d| d.render(false, Some(100)).trim_end().to_string())
            .collect();
        insta::assert_snapshot!(stem, rendered.join("\n\n"));
    });
}

/// A `[choice: ...]` note says that what a rule does is meant: a piece that stays where it
/// landed while its destination is taken gives no W003 then.
#[test]
fn a_choice_note_says_a_destination_that_may_be_taken_is_meant() {
    let text = "ruleset \"test/chosen\"\ntitle \"Senet: the Water sends back to 15\"\n\
                extends \"senet/base\"\n\
                square 27: go to 15   [choice: a piece stays in the Water while 15 is taken]\n";
    assert!(warnings("chosen.rules", text).is_empty());
}

/// A statement has one note: a `[source: ...]` note whose part after a `;` begins `choice:`
/// says a choice too, and silences W003; a source note without one does not.
#[test]
fn a_choice_within_a_source_note_says_a_destination_that_may_be_taken_is_meant() {
    let head = "ruleset \"test/chosen\"\ntitle \"Senet: the Water sends back to 15\"\n\
                extends \"senet/base\"\n";
    let chosen = format!(
        "{head}square 27: go to 15   [source: \"back to 15\"; choice: a piece stays in the Water while 15 is taken]\n"
    );
    assert!(warnings("chosen.rules", &chosen).is_empty());
    let sourced = format!("{head}square 27: go to 15   [source: \"back to 15\"; a piece stays]\n");
    let codes: Vec<Option<Code>> = warnings("sourced.rules", &sourced)
        .iter()
        .map(Diagnostic::code)
        .collect();
    assert_eq!(codes, [Some(Code::W003)]);
}

/// The bundled rule sets give no warning.
#[test]
fn bundled_rule_sets_give_no_warning() {
    for id in senet::bundled::ids() {
        let checked = check(Source::Target(id), &[], Warnings::Find);
        let (checked, warnings) = (checked.output, checked.warnings);
        assert!(checked.is_ok(), "{id} does not check");
        assert!(warnings.is_empty(), "{id}: {warnings:?}");
    }
}

/// A variant that restates a rule an option changed, and says what each value it offers does,
/// keeps every value a game of its own: no W001.
#[test]
fn an_option_restated_with_its_forms_is_not_cut() {
    let text = "ruleset \"test/restated\"\ntitle \"Twenty Squares, six by default\"\n\
                extends \"twenty-squares/sawah\"\noption pieces: 6 | 7 default 6\n\
                pieces 6 each\nwhen pieces is 7: pieces 7 each\n";
    let found = warnings("restated.rules", text);
    assert!(found.is_empty(), "{found:?}");
    // Without the form for 7, six and seven are one game.
    let cut = text.replace("when pieces is 7: pieces 7 each\n", "");
    let found = warnings("cut.rules", &cut);
    let codes: Vec<Option<Code>> = found.iter().map(Diagnostic::code).collect();
    assert_eq!(codes, [Some(Code::W001)]);
}

/// A variant that keeps its parent's title and only restates a rule as the parent has it (in
/// other words: `28..30` for `28, 29, 30`) changes nothing: no W002. A rule it changes, or one
/// it states under a condition (another option may give it), does.
#[test]
fn a_rule_restated_as_it_was_changes_nothing() {
    let head = "ruleset \"test/same\"\nextends \"senet/base\"\n";
    let found = warnings("same.rules", &format!("{head}safe 26, 28..30\n"));
    assert!(found.is_empty(), "{found:?}");
    for changed in ["safe 26, 28\n", "when pieces is 3: safe 26, 28..30\n"] {
        let found = warnings("changed.rules", &format!("{head}{changed}"));
        let codes: Vec<Option<Code>> = found.iter().map(Diagnostic::code).collect();
        assert_eq!(codes, [Some(Code::W002)], "{changed}");
    }
}
