//! How each statement is written: for every word that begins a statement, an example of each of
//! its forms. Help lines quote them, so that a person who wrote a statement wrong sees how it is
//! written right without leaving the terminal.

/// The word that begins a statement, and an example of each form it has.
pub const FORMS: &[(&str, &[&str])] = &[
    ("ruleset", &["ruleset \"my/variant\""]),
    ("title", &["title \"Senet: my variant\""]),
    ("source", &["source \"a book, page 12\"", "source none"]),
    ("extends", &["extends \"senet/base\""]),
    ("option", &["option pieces: 5 | 7 default 5"]),
    ("when", &["when pieces is 7: pieces 7 each"]),
    ("board", &["board 3 x 10 snake", "board 3 x 8"]),
    ("gaps", &["gaps 5, 6, 21..22"]),
    ("name", &["name 26 \"House of Happiness\"", "name 26 none"]),
    ("label", &["label 27 \"X\"", "label 27 none"]),
    (
        "marks",
        &["marks 4, 8, 14", "marks positions 4, 8", "marks none"],
    ),
    ("draw", &["draw 1..10 at 4..13, 2"]),
    (
        "path",
        &[
            "path 1..30",
            "path red: 4..1, 9..16",
            "path red: loop 1..24",
            "path red: 1..29 | 30..58",
        ],
    ),
    ("sides", &["sides red, blue"]),
    ("colour", &["colour red: red"]),
    (
        "pieces",
        &[
            "pieces 5 each",
            "pieces on 1..10 move only if the square ahead is empty",
            "pieces on 30..34 move only when all are there",
            "pieces may stop on 15, 26 and go on",
        ],
    ),
    (
        "start",
        &[
            "start waiting",
            "start alternating from 1",
            "start red on 1, 3, 5; blue on 2, 4, 6",
        ],
    ),
    ("first", &["first red", "first by throw-off, ties to red"]),
    (
        "throw",
        &[
            "throw 4 sticks: 0 -> 5, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4",
            "throw die 6",
            "throw dice 6, 6: sum",
            "throw dice 4, 2: 1 1 -> 1, 2 1 -> 2, 3 1 -> 3, 4 1 -> 4, 1 2 -> 5, 2 2 -> 6, 3 2 -> 7, 4 2 -> 10",
        ],
    ),
    (
        "extra",
        &[
            "extra throw after 1, 4, 5",
            "extra throw on 26",
            "extra throw after none",
            "extra throw on none",
            "extra throws add up",
            "extra throws count once",
        ],
    ),
    ("begin", &["begin with 1", "begin with none"]),
    (
        "each",
        &[
            "each piece first moves with 1",
            "each piece first moves with none",
            "each piece first moves after the piece ahead has moved",
            "each piece first moves in any order",
        ],
    ),
    (
        "turn",
        &[
            "turn throw then move",
            "turn throw then split",
            "turn throw again on 1, 4, 5 then move each throw",
            "turn throw again on 1, 4, 5 then split",
        ],
    ),
    (
        "enter",
        &[
            "enter onto throw",
            "enter with 4, 6 onto 1 if empty",
            "enter none",
        ],
    ),
    (
        "capture",
        &[
            "capture swap",
            "capture to waiting",
            "capture to first free after 1",
            "capture removed",
            "capture none",
        ],
    ),
    ("protect", &["protect pairs", "protect none"]),
    (
        "safe",
        &["safe 26, 28..30", "safe positions 4, 8", "safe none"],
    ),
    ("blockade", &["blockade 3", "blockade none"]),
    ("stop", &["stop on 26", "stop on none"]),
    (
        "backward",
        &[
            "backward when no forward move",
            "backward when the piece has no forward move onto empty squares",
            "backward when no forward move, split among pieces",
            "backward never",
        ],
    ),
    ("priority", &["priority 26..30", "priority none"]),
    (
        "seats",
        &["seats throw until 1, thrower plays blue", "seats none"],
    ),
    (
        "opening",
        &[
            "opening blue: front piece moves 1 then throw again",
            "opening red: first move with front piece",
            "opening red: none",
        ],
    ),
    (
        "square",
        &[
            "square 27: go to 15",
            "square 27: go to first free after 1",
            "square 27: none",
        ],
    ),
    ("retreat", &["retreat from 27 to 15", "retreat none"]),
    (
        "bear",
        &[
            "bear off exact",
            "bear off exact from 26, 28..30",
            "bear off at or past the end from 30",
            "bear off from 27 with 4, 5; from 30 with 2",
            "bear off only when all on 21..30",
            "bear off only when none on 1..10",
            "bear off always",
        ],
    ),
    (
        "only",
        &[
            "only bear off from 28..30",
            "only pieces on 27 may move while one is there",
        ],
    ),
    (
        "no",
        &["no backward moves from 28..30", "no passing on 1..5"],
    ),
    ("one", &["one direction each turn"]),
    ("any", &["any direction each turn"]),
    (
        "win",
        &[
            "win first to bear off all",
            "win most borne off",
            "win by capturing all",
        ],
    ),
    ("end", &["end when decided", "end when board empty"]),
    (
        "match",
        &[
            "match points 21..30: 1; 11..20: 2; 1..10: 3",
            "match points none",
        ],
    ),
    (
        "on",
        &[
            "on landing on 27: go to first free after 15",
            "on capture: throw again",
            "on capture on 28..30: captured piece goes to 27",
            "on move with 1, 4: throw again",
            "on passing 26: go to 27",
            "on landing on 26 if its side has no pieces on 1..10: throw again",
            "on landing on 27: none",
        ],
    ),
];

/// The examples of the statement `line` begins with (after any `when OPTION is VALUE:`) that
/// agree with most of its words, from the first; none for a line that begins with no statement
/// word. Numbers agree with numbers, and the examples' side names with any name.
pub fn forms_for(line: &str) -> Vec<&'static str> {
    let mut line = line;
    if first_word(line) == "when"
        && let Some(colon) = line.find(':')
    {
        line = &line[colon + 1..];
    }
    let Some((_, examples)) = FORMS.iter().find(|(w, _)| *w == first_word(line)) else {
        return Vec::new();
    };
    let words: Vec<&str> = tokens(line).collect();
    let agree = |example: &str| {
        tokens(example)
            .zip(&words)
            .take_while(|(a, b)| same_word(a, b))
            .count()
    };
    let best = examples.iter().map(|e| agree(e)).max().unwrap_or(0);
    examples
        .iter()
        .copied()
        .filter(|e| agree(e) == best)
        .collect()
}

/// Whether a word of an example and a word written agree.
fn same_word(example: &str, written: &str) -> bool {
    let number = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == '.');
    example == written
        || (number(example) && number(written))
        || (matches!(example, "red" | "blue") && !written.is_empty())
}

/// The example of another statement that ends as `line` does, by at least three words (`...
/// after the piece ahead has moved`) and by more than the forms it begins like, with the words
/// they share: a line may begin like one statement and mean another, and the help should not
/// offer only the rule it begins like.
pub fn ends_like(line: &str) -> Option<(String, &'static str)> {
    let words: Vec<&str> = tokens(line).collect();
    let begun = forms_for(line);
    let shared = |example: &str| {
        let ex: Vec<&str> = tokens(example).collect();
        ex.iter()
            .rev()
            .zip(words.iter().rev())
            .take_while(|(a, b)| same_word(a, b))
            .count()
    };
    let (n, example) = FORMS
        .iter()
        .flat_map(|(_, examples)| examples.iter().copied())
        .filter(|e| !begun.contains(e))
        .map(|e| (shared(e), e))
        .max_by_key(|&(n, _)| n)?;
    let begun_shares = begun.iter().map(|e| shared(e)).max().unwrap_or(0);
    (n >= 3 && n > begun_shares).then(|| (words[words.len() - n..].join(" "), example))
}

/// The help line that shows the forms of the statement `line` begins with, if it begins with
/// one, and the statement that ends as it does, if another does.
pub fn write_it_as(line: &str) -> Option<String> {
    let forms = forms_for(line);
    let quoted: Vec<String> = forms.iter().map(|f| format!("`{f}`")).collect();
    let begun = match quoted.as_slice() {
        [] => None,
        [one] => Some(format!("write it as {one}")),
        [rest @ .., last] => Some(format!("write it as {} or {last}", rest.join(", "))),
    };
    let ending = ends_like(line)
        .map(|(words, example)| format!("a rule that ends `{words}` is written `{example}`"));
    match (begun, ending) {
        (Some(b), Some(e)) => Some(format!("{b}; {e}")),
        (b, e) => b.or(e),
    }
}

fn first_word(text: &str) -> &str {
    tokens(text).next().unwrap_or("")
}

/// The words and numbers of a text, without the punctuation that follows them.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace()
        .map(|t| t.trim_end_matches([',', ';', ':']))
        .filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::SourceFile;
    use crate::lang::parser::STATEMENT_KEYWORDS;

    #[test]
    fn every_example_is_a_statement_that_begins_with_its_word() {
        for (word, examples) in FORMS {
            for example in *examples {
                let file = SourceFile::new("example.rules", *example);
                let (parsed, errors) = crate::lang::parse_file(&file);
                assert!(errors.is_empty(), "`{example}` does not parse: {errors:?}");
                assert_eq!(parsed.statements.len(), 1, "`{example}`");
                assert_eq!(
                    first_word(example),
                    *word,
                    "`{example}` is listed under `{word}`"
                );
            }
        }
    }

    #[test]
    fn every_statement_word_has_its_forms() {
        for word in STATEMENT_KEYWORDS {
            assert!(
                FORMS.iter().any(|(w, _)| w == word),
                "no forms for `{word}`"
            );
        }
    }

    #[test]
    fn the_forms_that_agree_with_what_is_written_are_chosen() {
        assert_eq!(
            forms_for("turn throw then divide"),
            ["turn throw then move", "turn throw then split"]
        );
        assert_eq!(
            forms_for("when pieces is 7: blockade x"),
            ["blockade 3", "blockade none"]
        );
        assert_eq!(
            forms_for("pieces on 26..30 move only when all are"),
            ["pieces on 30..34 move only when all are there"]
        );
        assert_eq!(
            forms_for("path hounds: 1..29 |"),
            ["path red: 1..29 | 30..58"]
        );
        assert!(forms_for("12 stray").is_empty());
        // Begun like one rule, ended like another: both are offered.
        assert_eq!(
            write_it_as("pieces on 1..10 move only after the piece ahead has moved").as_deref(),
            Some(
                "write it as `pieces on 1..10 move only if the square ahead is empty` or \
                 `pieces on 30..34 move only when all are there`; a rule that ends `after the \
                 piece ahead has moved` is written `each piece first moves after the piece ahead \
                 has moved`"
            )
        );
        assert_eq!(
            write_it_as("sides red").as_deref(),
            Some("write it as `sides red, blue`")
        );
    }
}
