//! Snapshot tests of the checker's diagnostics.
//!
//! Every `tests/diagnostics/*.rules` file is broken in one way. Each is checked with
//! `check_text` (relative `extends` resolve from `tests/diagnostics/`), every diagnostic is
//! rendered without colour at a width of 100 columns, and the result is compared with the
//! snapshot `tests/snapshots/diagnostics__<file stem>.snap`. Files in subfolders of
//! `tests/diagnostics/` (such as `deep/`) are helpers that other files extend; they are not
//! checked on their own.
//!
//! An input that cannot be committed as a file (a file over 64 KiB, a line of 48 KB) is
//! generated below and snapshotted the same way.
//!
//! To (re)write snapshots: `INSTA_UPDATE=always cargo test --test main diagnostics::`, then read the
//! changed `.snap` files.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use senet::check::{CheckFailure, Source, Warned, Warnings, check};
use senet::lang::diagnostic::render_bounded;
use senet::lang::{Code, Diagnostic};

use crate::support::every::every;

const DIR: &str = "tests/diagnostics";

/// The rule files of `tests/diagnostics/`, sorted, as paths relative to the package root.
fn rule_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(DIR)
        .expect("tests/diagnostics exists (tests run from the package root)")
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

/// Whether `location` reads `FILE:LINE:COL`, with LINE and COL positive numbers.
fn is_location(location: &str) -> bool {
    let mut parts = location.rsplitn(3, ':');
    let col = parts.next().and_then(|c| c.parse::<usize>().ok());
    let line = parts.next().and_then(|l| l.parse::<usize>().ok());
    let file = parts.next();
    matches!((file, line, col), (Some(f), Some(l), Some(c)) if !f.is_empty() && l > 0 && c > 0)
}

/// Checks `text` under `name` and renders every diagnostic, separated by blank lines.
fn render_diagnostics(name: &str, text: &str, dir: Option<PathBuf>) -> String {
    let diags: Vec<Diagnostic> = match senet::check::check_text(name, text, dir, &[]) {
        Ok(_) => panic!("{name}: expected at least one diagnostic, but the rule set is valid"),
        Err(d) => d,
    };
    assert!(
        !diags.is_empty(),
        "{name}: the rule set was rejected without any diagnostic"
    );
    for d in &diags {
        let location = d.location();
        assert!(
            is_location(&location),
            "{name}: {d:?} has a location `{location}` not of the form file:line:col"
        );
        assert!(
            d.code().is_some(),
            "{name}: a diagnostic without a code: {d}"
        );
    }
    diags
        .iter()
        .map(|d| d.render(false, Some(100)).trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[test]
fn every_file_in_tests_diagnostics() {
    let files = rule_files();
    assert!(
        files.len() >= 30,
        "expected at least 30 rule files in {DIR}, found {}",
        files.len()
    );
    every(files, |path| {
        let text = std::fs::read_to_string(path).unwrap();
        // A relative name keeps absolute paths out of the snapshots.
        let name = format!("{DIR}/{}", path.file_name().unwrap().to_string_lossy());
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let rendered = render_diagnostics(&name, &text, Some(PathBuf::from(DIR)));
        insta::assert_snapshot!(stem, rendered);
    });
}

/// Follow-on diagnostics that the checker is known to add today, by file stem. Each is a
/// checker weakness reported to the checker's maintainer; remove the entry once it is fixed.
const KNOWN_EXTRA_CODES: &[(&str, Code)] = &[];

/// The expected code is the prefix of each file's name (`e124-...` expects `E124`): every file
/// yields a diagnostic with its own code first, and no diagnostic with another code apart from
/// the known follow-ons above.
#[test]
fn each_file_yields_the_code_in_its_name() {
    for path in rule_files() {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let expected: Code = stem[..4].parse().expect("the file name begins with a code");
        let text = std::fs::read_to_string(&path).unwrap();
        let name = format!("{DIR}/{}", path.file_name().unwrap().to_string_lossy());
        let diags = senet::check::check_text(&name, &text, Some(PathBuf::from(DIR)), &[])
            .err()
            .unwrap_or_default();
        let codes: Vec<Option<Code>> = diags.iter().map(Diagnostic::code).collect();
        let allowed = |c: &Option<Code>| {
            *c == Some(expected)
                || KNOWN_EXTRA_CODES
                    .iter()
                    .any(|(s, extra)| *s == stem && *c == Some(*extra))
        };
        assert!(
            codes.first() == Some(&Some(expected)) && codes.iter().all(allowed),
            "{name}: expected {expected}, got {codes:?}"
        );
    }
}

/// Every error's code has a file here, or a generated case below (E006 too-large file, E113 an
/// option chosen twice on the command line).
#[test]
fn every_code_is_covered() {
    let files: Vec<String> = rule_files()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().to_uppercase())
        .collect();
    let generated = [Code::E006, Code::E113];
    for &code in Code::ALL.iter().filter(|c| !c.is_warning()) {
        assert!(
            generated.contains(&code) || files.iter().any(|f| f.starts_with(code.as_str())),
            "no file in {DIR} is named after {code}"
        );
    }
}

#[test]
fn e006_file_too_large() {
    let mut text =
        String::from("# E006: a file over 64 KiB\nruleset \"test/e006-file-too-large\"\n");
    text.push_str("extends \"senet/base\"\n");
    let filler = format!("# {}\n", "padding ".repeat(12));
    while text.len() <= 64 * 1024 {
        text.push_str(&filler);
    }
    let rendered = render_diagnostics(
        "tests/diagnostics/e006-file-too-large.rules",
        &text,
        Some(PathBuf::from(DIR)),
    );
    insta::assert_snapshot!("e006-file-too-large", rendered);
}

/// An option chosen twice on the command line (options come only from there).
#[test]
fn e113_option_chosen_twice() {
    let options = [
        ("pieces".to_string(), "7".to_string()),
        ("pieces".to_string(), "5".to_string()),
    ];
    let Err(senet::check::CheckFailure::Invalid(diags)) =
        senet::check::check_target("senet/kendall", &options)
    else {
        panic!("an option chosen twice must be refused");
    };
    let rendered: Vec<String> = diags.iter().map(|d| d.render(false, Some(100))).collect();
    insta::assert_snapshot!("e113-option-chosen-twice", rendered.join("\n"));
}

/// Every diagnostic points into the file checked, a file it extends under `tests/diagnostics/`,
/// or a bundled rule set (`senet/base.rules`): never an absolute path.
#[test]
fn locations_point_into_known_files() {
    let bundled: Vec<String> = senet::bundled::ids()
        .map(|id| format!("{id}.rules:"))
        .collect();
    for path in rule_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = format!("{DIR}/{}", path.file_name().unwrap().to_string_lossy());
        let diags = senet::check::check_text(&name, &text, Some(PathBuf::from(DIR)), &[])
            .err()
            .unwrap_or_default();
        for d in diags {
            let location = d.location();
            assert!(
                (location.starts_with(DIR) || bundled.iter().any(|b| location.starts_with(b)))
                    && !Path::new(&location).is_absolute(),
                "{name}: {d:?} at `{location}`"
            );
        }
    }
}

/// The other side of E104: a chain of exactly 8 `extends` (deep/level-2 ... level-8, then
/// senet/base) is accepted.
#[test]
fn eight_levels_of_extends_are_accepted() {
    let text = "ruleset \"test/eight-levels\"\nextends \"deep/level-2.rules\"\n";
    if let Err(diags) = senet::check::check_text(
        "tests/diagnostics/eight-levels.rules",
        text,
        Some(PathBuf::from(DIR)),
        &[],
    ) {
        panic!("a chain of 8 extends is rejected: {diags:?}");
    }
}

/// A path with an error does not stop the check: the errors of the other rules come with it,
/// and none that would only echo the path's own (a square on no path, a position past its end).
#[test]
fn a_path_error_hides_no_other_error() {
    let text = "ruleset \"test/path-and-more\"\nextends \"senet/base\"\n\
                path 1..10, 9..30\nsafe 26, 28, 31\nthrow die 40\npieces 0 each\n";
    let diags =
        senet::check::check_text("path-and-more.rules", text, Some(PathBuf::from(DIR)), &[])
            .expect_err("the file has errors");
    let codes: Vec<Option<Code>> = diags.iter().map(Diagnostic::code).collect();
    let expected = [Code::E124, Code::E122, Code::E144, Code::E144].map(Some);
    assert_eq!(codes, expected, "{diags:?}");
}

/// A 48 KB file: `gaps` with 4,000 ranges `1..1000000` over Ur's 24 squares. Each range runs
/// off the board (E122, one error per range, at column 6 + 12 k for the range k from 0); the
/// gaps take the first square of each of the six parts of the two inherited paths (E123, at
/// the whole statement, so shown first); the title is Ur's (W002). 4,006 errors and a warning.
fn many_ranges() -> String {
    let ranges = vec!["1..1000000"; 4000].join(", ");
    format!("ruleset \"x\"\nextends \"twenty-squares/ur\"\ngaps {ranges}\n")
}

const MANY: &str = "tests/diagnostics/many-ranges.rules";

fn many_diagnostics() -> Vec<Diagnostic> {
    let text = many_ranges();
    assert_eq!(text.len(), 48_044);
    let source = Source::Text {
        name: MANY,
        text: &text,
        dir: Some(PathBuf::from(DIR)),
    };
    let Warned { output, warnings } = check(source, &[], Warnings::Find);
    let errors = output
        .map_err(CheckFailure::into_diagnostics)
        .expect_err("4,000 ranges off the board");
    assert_eq!((errors.len(), warnings.len()), (4006, 1));
    errors.into_iter().chain(warnings).collect()
}

/// A line of 48 KB is shown cut: its first 40 characters, and 40 on either side of where the
/// label starts and ends (widened to whole words), `…` for the rest; the header gives the
/// column in the whole line.
#[test]
fn a_long_line_is_shown_cut_around_its_label() {
    let diags = many_diagnostics();
    // E123 labels the whole statement; the first E122 the first range; the 51st E122 (range
    // 50) is at column 6 + 12 * 50 = 606.
    let shown = [&diags[0], &diags[6], &diags[56]];
    assert_eq!(diags[56].location(), format!("{MANY}:3:606"));
    let rendered: Vec<String> = shown
        .iter()
        .map(|d| d.render(false, Some(100)).trim_end().to_string())
        .collect();
    for r in &rendered {
        assert!(r.len() < 2500, "{} bytes: {r}", r.len());
    }
    assert!(
        rendered[2].contains(&format!("[{MANY}:3:606]")),
        "{}",
        rendered[2]
    );
    insta::assert_snapshot!("long-line-cut-around-its-label", rendered.join("\n\n"));
}

/// At most 100 diagnostics of a file are shown, in order (errors first), then a note counts the
/// rest: 6 E123 and 94 E122 are shown, 3,906 errors and the warning are not.
#[test]
fn at_most_a_hundred_diagnostics_are_shown_and_a_note_counts_the_rest() {
    let diags = many_diagnostics();
    let text = render_bounded(&diags, false, Some(100));
    let starts: Vec<&str> = text
        .lines()
        .filter(|l| l.len() == 4 && (l.starts_with('E') || l.starts_with('W')))
        .collect();
    assert_eq!(starts.len(), 100);
    assert_eq!(starts[..6], ["E123"; 6]);
    assert_eq!(starts[6..], ["E122"; 94]);
    assert!(text.len() < 100_000, "{} bytes", text.len());
    // The last one shown (range 93, column 6 + 12 * 93 = 1122) and the note.
    let tail = &text[text.rfind("E122\n").unwrap()..];
    assert!(tail.contains(&format!("[{MANY}:3:1122]")), "{tail}");
    insta::assert_snapshot!("at-most-a-hundred-and-a-note", tail.trim_end());
}

/// `senet check` on the 48 KB file, as text and as JSON.
fn check_many(format: &str) -> (std::process::Output, Duration) {
    let dir = std::env::temp_dir().join(format!("senet-diagnostics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("many-{format}.rules"));
    std::fs::write(&path, many_ranges()).unwrap();
    let start = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(["check", "--format", format])
        .arg(&path)
        .output()
        .unwrap();
    let took = start.elapsed();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.status.code(), Some(1));
    (output, took)
}

#[test]
fn senet_check_of_a_48_kb_file_prints_under_100_kb() {
    let (text, _) = check_many("text");
    let size = text.stdout.len() + text.stderr.len();
    assert!(size < 100_000, "{size} bytes");
    let stderr = String::from_utf8_lossy(&text.stderr);
    assert!(
        stderr.contains("note: and 3906 more errors and 1 more warning in this file, not shown (at most 100 diagnostics are shown for a file)\nerror: `"),
        "{stderr}"
    );
    assert!(stderr.contains("has 4006 errors"), "{stderr}");

    let (json, _) = check_many("json");
    let size = json.stdout.len() + json.stderr.len();
    assert!(size < 100_000, "{size} bytes");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let file = &value["files"][0];
    assert_eq!(file["diagnostics"].as_array().unwrap().len(), 100);
    assert_eq!(
        file["omitted"],
        serde_json::json!({"errors": 3906, "warnings": 1})
    );
}

/// The bound of a release build (CI runs it with the optimised `ci` profile); the check itself
/// takes a small part of it, the rest is the hundred diagnostics drawn.
#[test]
#[ignore = "a bound for an optimised build: cargo test --release --test main diagnostics:: -- --ignored"]
fn senet_check_of_a_48_kb_file_takes_under_a_second() {
    for format in ["text", "json"] {
        let (_, took) = check_many(format);
        assert!(took < Duration::from_secs(1), "{format}: {took:?}");
    }
}

/// A word of 300 characters where squares go: the message quotes it cut in the middle (its
/// first 60 characters, `…`, its last 10), and the line is cut around the label.
#[test]
fn a_long_word_is_quoted_cut() {
    let text = format!(
        "ruleset \"test/long-word\"\nextends \"senet/base\"\nsafe {}\n",
        "b".repeat(300)
    );
    let rendered = render_diagnostics(
        "tests/diagnostics/long-word.rules",
        &text,
        Some(PathBuf::from(DIR)),
    );
    assert!(rendered.len() < 1500, "{rendered}");
    insta::assert_snapshot!("long-word-quoted-cut", rendered);
}
