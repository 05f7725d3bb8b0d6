//! How a statement is written, for help lines: the examples of its forms (`statements`) that
//! agree with what was written, so that a person who wrote a statement wrong sees how it is
//! written right without leaving the terminal.

use super::statements::{STATEMENTS, entry};

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
    let Some(examples) = entry(first_word(line)).map(|e| e.examples) else {
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

/// Whether a word is a number or a range of numbers (`3`, `21..30`).
fn number(w: &str) -> bool {
    !w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// Whether a word of an example and a word written agree.
fn same_word(example: &str, written: &str) -> bool {
    example == written
        || (number(example) && number(written))
        || (matches!(example, "red" | "blue") && !written.is_empty())
}

/// The example of another statement that ends as `line` does, by at least three words (`...
/// after the piece ahead has moved`), one of them no number, and by more than the forms it
/// begins like, with the words they share: a line may begin like one statement and mean
/// another, and the help should not offer only the rule it begins like. (Numbers alone agree
/// with any numbers: a list of them says nothing of the rule.)
pub fn ends_like(line: &str) -> Option<(String, &'static str)> {
    let words: Vec<&str> = tokens(line).collect();
    let begun = forms_for(line);
    let shared = |example: &str| {
        let ex: Vec<&str> = tokens(example).collect();
        let n = ex
            .iter()
            .rev()
            .zip(words.iter().rev())
            .take_while(|(a, b)| same_word(a, b))
            .count();
        if words[words.len() - n..].iter().all(|w| number(w)) {
            0
        } else {
            n
        }
    };
    let (n, example) = STATEMENTS
        .iter()
        .flat_map(|e| e.examples.iter().copied())
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
        // A list of numbers alone is no ending of another rule.
        assert_eq!(
            write_it_as("start south on positions 1, 1, 1, 1").as_deref(),
            Some(
                "write it as `start red on 1, 3, 5; blue on 2, 4, 6` or `start red on 1, 1; blue \
                 on 2, 2; the rest waiting`"
            )
        );
        assert_eq!(
            write_it_as("sides red").as_deref(),
            Some("write it as `sides red, blue` or `sides red, green, yellow, blue`")
        );
    }
}
