//! `senet fmt`'s layout: every bundled file and docs example is in it already; a file laid out
//! otherwise (random blanks and tabs between words, around punctuation, at the ends of lines,
//! more blank lines where there
//! is one, CRLF line ends) comes back to the same text, so formatting keeps the meaning;
//! and formatting is idempotent and changes no diagnostic of the files the checker refuses.

use proptest::prelude::*;
use senet::lang::format::format;

use crate::support::shipped;
use shipped::rule_files;

#[test]
fn every_bundled_file_and_docs_example_is_formatted() {
    for (name, text) in rule_files() {
        let formatted = format(&text).unwrap_or_else(|| panic!("{name} does not parse"));
        assert!(formatted == text, "{name} is not in the canonical layout");
    }
}

/// `text` laid out otherwise, the words unchanged: each choice of `noise` (cycled) says how
/// many blanks to add at the next place where blanks may go (0: none).
fn scramble(text: &str, noise: &[u8]) -> String {
    let mut noise = noise.iter().cycle();
    let mut blanks = || -> String {
        match noise.next().copied().unwrap_or(0) % 6 {
            0 | 1 => String::new(),
            2 => " ".into(),
            3 => "\t".into(),
            4 => "   ".into(),
            _ => " \t ".into(),
        }
    };
    let mut out = String::new();
    for line in text.lines() {
        if line.is_empty() && blanks().len() > 2 {
            // More blank lines where there is one.
            out.push_str("\r\n");
        }
        out.push_str(&blanks());
        if line.trim_start().starts_with('#') {
            out.push_str(line);
        } else {
            let (mut in_string, mut in_note, mut in_comment) = (false, false, false);
            for c in line.chars() {
                let free = !(in_string || in_note || in_comment);
                match c {
                    '"' if !in_note && !in_comment => in_string = !in_string,
                    '[' if free => in_note = true,
                    ']' if in_note => in_note = false,
                    '#' if free => in_comment = true,
                    _ => {}
                }
                // Blanks may go where there are blanks, and before punctuation (not `->`, not
                // inside a word).
                if free && matches!(c, ',' | ':' | ';' | '|') {
                    out.push_str(&blanks());
                }
                out.push(c);
                if free && c == ' ' {
                    out.push_str(&blanks());
                }
            }
        }
        out.push_str(&blanks());
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_layout_of_a_file_formats_back_to_it(
        which in 0usize..64,
        noise in proptest::collection::vec(any::<u8>(), 1..64),
    ) {
        let files = rule_files();
        let (name, text) = &files[which % files.len()];
        let scrambled = scramble(text, &noise);
        let formatted = format(&scrambled);
        prop_assert!(formatted.as_deref() == Some(text.as_str()), "{} scrambled came back otherwise", name);
    }
}

#[test]
fn the_layout_changes_no_diagnostic() {
    let mut seen = 0;
    for e in std::fs::read_dir("tests/diagnostics").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "rules") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let Some(once) = format(&text) else { continue };
        assert_eq!(
            format(&once).as_deref(),
            Some(once.as_str()),
            "{}",
            p.display()
        );
        let messages = |t: &str| -> Vec<(Option<senet::lang::Code>, String)> {
            match senet::check::check_text(
                &p.display().to_string(),
                t,
                Some("tests/diagnostics".into()),
                &[],
            ) {
                Ok(_) => Vec::new(),
                Err(ds) => ds.iter().map(|d| (d.code(), d.to_json().message)).collect(),
            }
        };
        assert_eq!(messages(&text), messages(&once), "{}", p.display());
        seen += 1;
    }
    assert!(seen > 50, "only {seen} diagnostic files parse");
}
