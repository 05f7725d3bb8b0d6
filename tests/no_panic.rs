//! The checker never panics, whatever it is given, and every diagnostic it gives points at a
//! `file:line:col`.
//!
//! - arbitrary text (unicode, brackets, quotes, huge numbers, `..`, `->`, keywords in any order);
//! - the bundled rule files, each broken by one random mutation (delete, duplicate or truncate a
//!   line, misspell a word, insert a stray `{`, `}`, `"` or `]`, change a number);
//! - every statement line of every bundled file deleted, duplicated and otherwise mutated in
//!   turn, deterministically.
//!
//! Numbers are changed to at most 1000 (or to numbers too large to parse): a range such as
//! `1..1000000` makes the checker report every number of the range one by one, which is slow
//! (see the report on the checker).

use proptest::prelude::*;
use proptest::sample::Index;
use senet::bundled::BUNDLED;

/// Values a number of a rule file is changed to: zero, just past the limits, large, and too
/// large to parse (over 1 000 000, over `u32::MAX`, over `u64::MAX`).
#[rustfmt::skip]
const NUMBERS: &[&str] = &[
    "0", "1", "16", "31", "64", "65", "255", "256", "1000", "1000001", "4294967296",
    "99999999999999999999999",
];

/// Whether `location` reads `FILE:LINE:COL`, with LINE and COL positive numbers.
fn parse_location(location: &str) -> Option<(&str, usize, usize)> {
    let mut parts = location.rsplitn(3, ':');
    let col = parts.next()?.parse::<usize>().ok()?;
    let line = parts.next()?.parse::<usize>().ok()?;
    let file = parts.next()?;
    (!file.is_empty() && line > 0 && col > 0).then_some((file, line, col))
}

/// Checks `text` under `name`: it must not panic, a rejection must come with diagnostics, and
/// every diagnostic (its warnings too) must have a code and a `file:line:col` location inside the
/// file it names. Returns an error message instead of panicking so that proptest reports the
/// input.
fn check(name: &str, text: &str) -> Result<(), String> {
    check_with(name, text, &[])
}

/// [`check`] with options chosen as on the command line (`--option NAME=VALUE`).
fn check_with(name: &str, text: &str, options: &[(String, String)]) -> Result<(), String> {
    let source = senet::check::Source::Text {
        name,
        text,
        dir: None,
    };
    let checked = senet::check::check(source, options, senet::check::Warnings::Find);
    let (checked, warnings) = (
        checked
            .output
            .map_err(senet::check::CheckFailure::into_diagnostics),
        checked.warnings,
    );
    let mut diags = match checked {
        Ok(_) => Vec::new(),
        Err(d) if d.is_empty() => {
            return Err(format!("{name}: rejected without any diagnostic:\n{text}"));
        }
        Err(d) => d,
    };
    diags.extend(warnings);
    // miette, which computes locations, also counts a lone `\r` as a line break.
    let lines = text.split(['\n', '\r']).count();
    for (i, d) in diags.iter().enumerate() {
        let location = d.location();
        let Some((file, line, _)) = parse_location(&location) else {
            return Err(format!(
                "{name}: {d:?} has a location `{location}` not of the form file:line:col"
            ));
        };
        if file == name && line > lines {
            return Err(format!(
                "{name}: {d:?} at `{location}`, past the last line ({lines})"
            ));
        }
        if d.code().is_none() {
            return Err(format!("{name}: a diagnostic without a code at {location}"));
        }
        // Rendering must not panic either; a few diagnostics are enough.
        if i < 4 {
            let _ = d.render(false, Some(100));
        }
    }
    Ok(())
}

// ---- mutations -----------------------------------------------------------------------------

/// The byte ranges of the lines of `text`, without their `\n`.
fn line_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let end = start + line.trim_end_matches('\n').len();
        out.push((start, end));
        start += line.len();
    }
    out
}

/// The byte ranges of `pred`-runs (words or numbers) in `text`.
fn runs(text: &str, pred: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (pred(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

fn words(text: &str) -> Vec<(usize, usize)> {
    runs(text, |c| c.is_alphabetic() || c == '-' || c == '_')
        .into_iter()
        .filter(|(s, e)| text[*s..*e].chars().count() >= 2)
        .collect()
}

fn numbers(text: &str) -> Vec<(usize, usize)> {
    runs(text, |c| c.is_ascii_digit())
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn delete_line(text: &str, i: usize) -> String {
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    if !lines.is_empty() {
        lines.remove(i % lines.len());
    }
    lines.concat()
}

fn duplicate_line(text: &str, i: usize) -> String {
    let mut lines: Vec<String> = text.split_inclusive('\n').map(String::from).collect();
    if !lines.is_empty() {
        let i = i % lines.len();
        let mut copy = lines[i].clone();
        if !copy.ends_with('\n') {
            copy.push('\n');
        }
        lines.insert(i, copy);
    }
    lines.concat()
}

fn truncate(text: &str, at: usize) -> String {
    text[..floor_boundary(text, at)].to_string()
}

/// Swaps two neighbouring letters of a word (`board` -> `baord`), or drops one (`bord`).
fn misspell(text: &str, word: (usize, usize), at: usize, swap: bool) -> String {
    let chars: Vec<char> = text[word.0..word.1].chars().collect();
    let mut new = chars.clone();
    if swap {
        let i = at % (chars.len() - 1);
        new.swap(i, i + 1);
    } else {
        new.remove(at % chars.len());
    }
    let new: String = new.into_iter().collect();
    format!("{}{}{}", &text[..word.0], new, &text[word.1..])
}

fn insert(text: &str, at: usize, what: &str) -> String {
    let at = floor_boundary(text, at);
    format!("{}{}{}", &text[..at], what, &text[at..])
}

fn replace(text: &str, range: (usize, usize), with: &str) -> String {
    format!("{}{}{}", &text[..range.0], with, &text[range.1..])
}

#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(Index),
    DuplicateLine(Index),
    Truncate(Index),
    Misspell { word: Index, at: Index, swap: bool },
    Stray { at: Index, ch: &'static str },
    Number { which: Index, value: &'static str },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<Index>().prop_map(Mutation::DeleteLine),
        any::<Index>().prop_map(Mutation::DuplicateLine),
        any::<Index>().prop_map(Mutation::Truncate),
        (any::<Index>(), any::<Index>(), any::<bool>())
            .prop_map(|(word, at, swap)| Mutation::Misspell { word, at, swap }),
        (
            any::<Index>(),
            prop::sample::select(vec!["{", "}", "\"", "]"])
        )
            .prop_map(|(at, ch)| Mutation::Stray { at, ch }),
        (any::<Index>(), prop::sample::select(NUMBERS.to_vec()))
            .prop_map(|(which, value)| Mutation::Number { which, value }),
    ]
}

fn apply(text: &str, m: &Mutation) -> String {
    let lines = line_ranges(text).len().max(1);
    match m {
        Mutation::DeleteLine(i) => delete_line(text, i.index(lines)),
        Mutation::DuplicateLine(i) => duplicate_line(text, i.index(lines)),
        Mutation::Truncate(at) => truncate(text, at.index(text.len() + 1)),
        Mutation::Misspell { word, at, swap } => {
            let ws = words(text);
            if ws.is_empty() {
                return text.to_string();
            }
            misspell(text, ws[word.index(ws.len())], at.index(usize::MAX), *swap)
        }
        Mutation::Stray { at, ch } => insert(text, at.index(text.len() + 1), ch),
        Mutation::Number { which, value } => {
            let ns = numbers(text);
            if ns.is_empty() {
                return text.to_string();
            }
            replace(text, ns[which.index(ns.len())], value)
        }
    }
}

// ---- tokens for arbitrary text -------------------------------------------------------------

/// Pieces of rule text, valid and not, that random text is made of.
#[rustfmt::skip]
const TOKENS: &[&str] = &[
    "ruleset", "title", "source", "extends", "option", "when", "is", "default", "board", "x",
    "×", "snake", "rows", "gaps", "name", "label", "marks", "path", "sides", "colour", "color",
    "pieces", "each", "start", "waiting", "alternating", "from", "on", "first", "throw",
    "sticks", "die", "extra", "after", "turn", "then", "move", "again", "split", "enter",
    "with", "onto", "if", "empty", "capture", "swap", "removed", "to", "free", "before",
    "protect", "pairs", "safe", "positions", "squares", "blockade", "stop", "backward", "never",
    "no", "forward", "priority", "seats", "until", "thrower", "plays", "opening", "front",
    "piece", "moves", "square", "go", "none", "bear", "off", "exact", "only", "all", "always",
    "win", "most", "borne", "end", "decided", "match", "points", "red", "blue", "light", "dark",
    "senet/base", "\"senet/base\"", "\"twenty-squares/sawah\"", "\"", "\"text\"", "[choice:",
    "[source:", "[", "]", "{", "}", "(", ")", ":", ",", ";", "|", "..", "->", "-", ">", ".",
    "#", "# comment", "0", "1", "2", "3", "4", "5", "6", "7", "9", "10", "12", "15", "16", "26",
    "27", "30", "31", "64", "65", "100", "1000", "1000001", "4294967295", "4294967296",
    "99999999999999999999999", "1..30", "30..1", "0..0", "4..1", "é", "😀", "\u{0}", "\u{feff}",
    "\u{202e}", "\t", "\r", "\r\n",
];

/// Random text: tokens, random characters and line breaks, each followed by a space or not.
fn arbitrary_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => prop::sample::select(TOKENS.to_vec()).prop_map(String::from),
        2 => any::<char>().prop_map(String::from),
        1 => "\\PC{0,8}",
        2 => Just("\n".to_string()),
    ];
    prop::collection::vec((piece, any::<bool>()), 0..60).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(p, space)| if space { p + " " } else { p })
            .collect()
    })
}

/// A rule file built line by line from a bundled file's lines and random lines, so that the
/// checker gets past the parser more often than with text alone.
fn shuffled_lines() -> impl Strategy<Value = String> {
    let all_lines: Vec<&'static str> = BUNDLED
        .iter()
        .flat_map(|(_, text)| text.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let line = prop_oneof![
        4 => prop::sample::select(all_lines).prop_map(String::from),
        1 => prop::collection::vec(prop::sample::select(TOKENS.to_vec()), 1..8)
            .prop_map(|t| t.join(" ")),
    ];
    prop::collection::vec(line, 0..40).prop_map(|lines| lines.join("\n"))
}

fn option_name() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec!["pieces", "extra-throws", "piece", "extra", "", "=", "x"])
            .prop_map(String::from),
        1 => "\\PC{0,8}",
    ]
}

fn option_value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "5", "7", "6", "0", "on", "off", "of", "", "1..7", "-1", "07", "+7", " 7",
            "4294967296", "99999999999999999999999", "é", "on=off",
        ])
        .prop_map(String::from),
        1 => "\\PC{0,8}",
    ]
}

// ---- property tests ------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_text_never_panics(text in arbitrary_text()) {
        check("arbitrary.rules", &text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn arbitrary_unicode_never_panics(text in any::<String>()) {
        check("unicode.rules", &text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        check("bytes.rules", &text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn lines_of_bundled_files_in_any_order_never_panic(text in shuffled_lines()) {
        check("shuffled.rules", &text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn arbitrary_options_never_panic(
        file in any::<Index>(),
        options in prop::collection::vec((option_name(), option_value()), 0..4),
    ) {
        let (id, text) = BUNDLED[file.index(BUNDLED.len())];
        check_with(&format!("{id}.rules"), text, &options).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mutated_bundled_files_never_panic(
        file in any::<Index>(),
        m in mutation(),
    ) {
        let (id, text) = BUNDLED[file.index(BUNDLED.len())];
        let mutated = apply(text, &m);
        check(&format!("{id}.rules"), &mutated).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn doubly_mutated_bundled_files_never_panic(
        file in any::<Index>(),
        m1 in mutation(),
        m2 in mutation(),
    ) {
        let (id, text) = BUNDLED[file.index(BUNDLED.len())];
        let mutated = apply(&apply(text, &m1), &m2);
        check(&format!("{id}.rules"), &mutated).map_err(TestCaseError::fail)?;
    }
}

// ---- deterministic sweeps ------------------------------------------------------------------

/// Runs `mutate` over every statement line of every bundled file and checks each result. Blank
/// lines and comment lines (a third of the files) are left out: the checker reads past them,
/// mutated or not, and they would only make the sweep longer.
fn sweep(what: &str, mutate: impl Fn(&str, usize, (usize, usize)) -> Vec<String>) -> usize {
    let mut failures = Vec::new();
    let mut count = 0;
    for (id, text) in BUNDLED {
        for (i, range) in line_ranges(text).into_iter().enumerate() {
            let line = text[range.0..range.1].trim_start();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            for mutated in mutate(text, i, range) {
                count += 1;
                if let Err(e) = check(&format!("{id}.rules"), &mutated) {
                    failures.push(format!("{what} at {id}.rules line {}: {e}", i + 1));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    count
}

#[test]
fn the_bundled_files_are_valid() {
    for (id, text) in BUNDLED {
        let name = format!("{id}.rules");
        if let Err(diags) = senet::check::check_text(&name, text, None, &[]) {
            panic!("{name} is rejected: {diags:?}");
        }
    }
}

#[test]
fn every_line_deleted() {
    let n = sweep("delete", |text, i, _| vec![delete_line(text, i)]);
    assert!(n > 100);
}

#[test]
fn every_line_duplicated() {
    let n = sweep("duplicate", |text, i, _| vec![duplicate_line(text, i)]);
    assert!(n > 100);
}

/// Line `i` is cut in its middle and at its end, and gets one stray character in its middle
/// (the four characters take turns from line to line).
#[test]
fn every_line_truncated_and_given_a_stray_character() {
    sweep("truncate/stray", |text, i, (start, end)| {
        let middle = floor_boundary(text, (start + end) / 2);
        let ch = ["{", "}", "\"", "]"][i % 4];
        vec![
            truncate(text, middle),
            truncate(text, end),
            insert(text, middle, ch),
        ]
    });
}

/// The first word of line `i` (its keyword) gets two letters swapped and its last word loses a
/// letter; its first number becomes 0 and its last one large or too large to parse.
#[test]
fn every_line_misspelt_and_renumbered() {
    sweep("misspell/number", |text, i, (start, end)| {
        let line = &text[start..end];
        let code = &line[..line.find('#').unwrap_or(line.len())];
        let mut out = Vec::new();
        let ws = words(code);
        if let Some(w) = ws.first() {
            out.push(misspell(text, (start + w.0, start + w.1), 0, true));
        }
        if let Some(w) = ws.last() {
            out.push(misspell(text, (start + w.0, start + w.1), i, false));
        }
        let ns = numbers(code);
        if let Some(n) = ns.first() {
            out.push(replace(text, (start + n.0, start + n.1), "0"));
        }
        if let Some(n) = ns.last() {
            let value = ["1000", "1000001", "65", "16"][i % 4];
            out.push(replace(text, (start + n.0, start + n.1), value));
        }
        out
    });
}
