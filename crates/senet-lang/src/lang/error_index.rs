//! The index of diagnostic codes: for every error (`E...`) and warning (`W...`) the checker
//! gives (one entry per [`Code`], in their order, as a test holds), what it means, a rule file
//! that gives it and the same file put right. `senet explain-error CODE` prints an entry;
//! `docs/errors.md` is this index as Markdown ([`markdown`]), and a test holds the two equal.
//! Another test checks every example: the wrong one gives its code, the right one checks
//! without an error or a warning.
//!
//! An example is a rule file named `variant.rules`. Files it extends that are not bundled are
//! given beside it (`beside`: a name ending in `/` is a folder). In examples, `<U+XXXX>` stands
//! for that character (one a rule file may not hold, shown so that it cannot do harm here).

use std::fmt::Write;

use super::code::Code;

/// One code of the index.
pub struct Entry {
    pub code: Code,
    /// What the diagnostic says, in a few words.
    pub title: &'static str,
    /// What it means and how it is put right.
    pub explanation: &'static str,
    /// A rule file that gives the code.
    pub wrong: &'static str,
    /// The same file put right.
    pub right: &'static str,
    /// Files beside the examples, which they extend: name and text.
    pub beside: &'static [(&'static str, &'static str)],
    /// Options chosen (`--option NAME=VALUE`) when the wrong example is checked; the right one
    /// is checked with each option once.
    pub options: &'static [(&'static str, &'static str)],
}

impl Entry {
    const fn new(
        code: Code,
        title: &'static str,
        explanation: &'static str,
        wrong: &'static str,
        right: &'static str,
    ) -> Entry {
        Entry {
            code,
            title,
            explanation,
            wrong,
            right,
            beside: &[],
            options: &[],
        }
    }

    const fn beside(mut self, files: &'static [(&'static str, &'static str)]) -> Entry {
        self.beside = files;
        self
    }

    const fn options(mut self, options: &'static [(&'static str, &'static str)]) -> Entry {
        self.options = options;
        self
    }

    /// Whether the code is a warning's.
    pub fn is_warning(&self) -> bool {
        self.code.is_warning()
    }

    /// The options the right example is checked with: each option once, its first value.
    pub fn right_options(&self) -> Vec<(&'static str, &'static str)> {
        let mut once: Vec<(&str, &str)> = Vec::new();
        for &(name, value) in self.options {
            if !once.iter().any(|(n, _)| *n == name) {
                once.push((name, value));
            }
        }
        once
    }
}

/// An example's text as a file holds it: each `<U+XXXX>` the character it stands for.
pub fn example_text(example: &str) -> String {
    let mut out = String::with_capacity(example.len());
    let mut rest = example;
    while let Some(at) = rest.find("<U+") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let end = from.find('>').unwrap_or(from.len() - 1);
        match u32::from_str_radix(&from[3..end], 16)
            .ok()
            .and_then(char::from_u32)
        {
            Some(c) => out.push(c),
            None => out.push_str(&from[..=end]),
        }
        rest = &from[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The entry of a code.
pub fn entry(code: Code) -> Option<&'static Entry> {
    INDEX.iter().find(|e| e.code == code)
}

/// An entry as text for a terminal: the code and title, the explanation, the examples indented.
pub fn text(e: &Entry) -> String {
    let kind = if e.is_warning() { "warning" } else { "error" };
    let mut out = format!(
        "{} ({kind}): {}\n\n{}",
        e.code,
        e.title,
        wrapped(e.explanation, 90)
    );
    let examples = [("Wrong", e.wrong, e.options), ("Right", e.right, &[][..])];
    for (what, example, options) in examples {
        let _ = write!(out, "\n{what} ({}):\n\n", checked_as(e, options, what));
        indented(&mut out, example);
    }
    for (name, text) in e.beside {
        if name.ends_with('/') {
            let _ = write!(out, "\n{name} is a folder.\n");
        } else {
            let _ = write!(out, "\n{name}, beside it:\n\n");
            indented(&mut out, text);
        }
    }
    out
}

/// A paragraph in lines of at most `width` characters (a longer word has a line of its own).
fn wrapped(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A file's lines, indented four spaces (blank lines stay blank).
fn indented(out: &mut String, text: &str) {
    for line in text.lines() {
        if !line.is_empty() {
            out.push_str("    ");
        }
        out.push_str(line);
        out.push('\n');
    }
}

/// How an example is checked, in words: `senet check variant.rules` and its options.
fn checked_as(e: &Entry, options: &[(&str, &str)], what: &str) -> String {
    let options: Vec<(&str, &str)> = if what == "Right" {
        e.right_options()
    } else {
        options.to_vec()
    };
    let mut command = String::from("senet check variant.rules");
    for (name, value) in options {
        let _ = write!(command, " --option {name}={value}");
    }
    format!("`{command}`")
}

/// The whole index as Markdown: `docs/errors.md`.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Error index\n\n\
         Every error and warning `senet check` gives has a code: `E` for an error (the rules \
         cannot be played), `W` for a warning (a likely mistake; `senet check` fails on it only \
         with `--deny-warnings`). This page explains each, with a rule file that gives it and \
         the same file put right. `senet explain-error CODE` prints the same in the terminal.\n\n\
         Each example is a file named `variant.rules`; the files it extends are bundled rule \
         sets (`senet list`) or are shown beside it. `<U+202E>` stands for the invisible \
         character it names.\n\n\
         This page is generated: `cargo run -- explain-error --all --markdown > docs/errors.md`.\n",
    );
    out.push_str("\n| code | what |\n|---|---|\n");
    for e in INDEX {
        let _ = writeln!(
            out,
            "| [{}](#{}) | {} |",
            e.code,
            e.code.as_str().to_ascii_lowercase(),
            e.title
        );
    }
    for e in INDEX {
        out.push('\n');
        out.push_str(&markdown_entry(e));
    }
    out
}

/// One entry as Markdown: a section of `docs/errors.md`.
pub fn markdown_entry(e: &Entry) -> String {
    let mut out = format!("## {}\n\n**{}**\n\n{}\n", e.code, e.title, e.explanation);
    let examples = [("Wrong", e.wrong, e.options), ("Right", e.right, &[][..])];
    for (what, example, options) in examples {
        let _ = write!(
            out,
            "\n{what}, checked with {}:\n\n```\n{}\n```\n",
            checked_as(e, options, what),
            example.trim_end()
        );
    }
    for (name, text) in e.beside {
        if name.ends_with('/') {
            let _ = write!(out, "\n`{name}` is a folder.\n");
        } else {
            let _ = write!(
                out,
                "\n`{name}`, beside it:\n\n```\n{}\n```\n",
                text.trim_end()
            );
        }
    }
    out
}

/// Every code, in order.
pub static INDEX: &[Entry] = &[
    Entry::new(
        Code::E001,
        "a statement that does not read as the language writes it",
        "A word, number or sign stands where the statement needs another. The message says what \
         was expected and what was found, and the help shows how the statement is written. Each \
         statement is one line, and its words come in a fixed order.",
        "ruleset \"my/variant\"\ntitle   \"Senet: captured pieces start again\"\nextends \"senet/base\"\n\ncapture to first free 1\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: captured pieces start again\"\nextends \"senet/base\"\n\ncapture to first free after 1\n",
    ),
    Entry::new(
        Code::E002,
        "a line that begins with no statement",
        "Every statement begins with one of the language's words (`board`, `path`, `safe`, \
         `square`, `on`, ...). A line that begins with another word, not close to any of them, \
         is not a statement. The help lists the words a statement may begin with.",
        "ruleset \"my/variant\"\ntitle   \"Senet: a safe House of Happiness only\"\nextends \"senet/base\"\n\nhouse 26: safe\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: a safe House of Happiness only\"\nextends \"senet/base\"\n\nsafe 26\n",
    ),
    Entry::new(
        Code::E003,
        "a misspelt word",
        "A word is close to one the language has at that place, and is taken for a misspelling \
         of it; the help shows the line with the word written right. The words a statement may \
         begin with are: ruleset, title, source, extends, option, when, board, gaps, name, \
         label, sign, marks, link, draw, path, shortcut, sides, teams, colour, pieces, start, first, throw, extra, \
         begin, each, turn, throws, enter, capture, protect, safe, partners, blockade, stop, backward, priority, \
         stacks, closed, dice, unused, once, doubles, double, pairs, unstack, use, waiting, seats, opening, \
         square, retreat, bear, only, no, one, any, win, lose, end, match, pass, score and on. Keywords are \
         lower case; `color` may be written for `colour`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblokade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::E004,
        "a string that is never closed",
        "A string begins and ends with a double quote on the same line. There are no escapes: a \
         string cannot hold a double quote.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\nextends \"senet/base\"\n\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::E005,
        "a number too large",
        "Numbers in a rule file are squares, pieces and throw values: no number written may be \
         larger than 1,000,000 (the limits of each rule are smaller still, see E121 and E144).",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 20000000\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::E006,
        "a file too large",
        "A rule file is at most 64 KiB: a rule set is a few dozen lines. A larger file is not \
         read at all; it is likely not a rule file.",
        "ruleset \"my/variant\"\nextends \"senet/base\"\n# ... and 64 KiB more of lines like this one\n",
        "ruleset \"my/variant\"\nextends \"senet/base\"\n",
    ),
    Entry::new(
        Code::E007,
        "a note that is never closed",
        "A note follows a statement on its line, in square brackets: `[source: ...]` says what the \
         source says, `[choice: ...]` marks what the rule set chose where the sources are \
         silent. It ends with `]` on the same line, and its text may not hold a `]`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2   [choice: two pieces make a blockade\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2   [choice: two pieces make a blockade]\n",
    ),
    Entry::new(
        Code::E008,
        "a character with no meaning",
        "The language has no braces, parentheses or blocks: one statement a line, lists separated \
         by commas, a note in square brackets, a comment after `#`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: only the houses are safe\"\nextends \"senet/base\"\n\nsafe { 26, 28 }\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: only the houses are safe\"\nextends \"senet/base\"\n\nsafe 26, 28\n",
    ),
    Entry::new(
        Code::E009,
        "an invisible control character",
        "A rule file is plain text. Control characters other than the tab (a terminal escape, \
         say) and the characters that change the direction of text (which make a line read \
         otherwise than it shows) are refused wherever they stand, and diagnostics show them as \
         `?`. They come with a copy from a terminal or a word processor: delete them.",
        "ruleset \"my/variant\"\ntitle   \"Senet: <U+202E>owt fo sedakcolb\"\nextends \"senet/base\"\n\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::E010,
        "a range where single numbers are written",
        "Squares may be given as ranges (`21..30`), but throw values, a square's number in \
         `square N` or `name N`, and other single numbers may not: list the numbers one by one. \
         The help shows the list.",
        "ruleset \"my/variant\"\ntitle   \"Senet: every throw but 6 throws again\"\nextends \"senet/base\"\n\nextra throw after 1..4\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: every throw but 6 throws again\"\nextends \"senet/base\"\n\nextra throw after 1, 2, 3, 4\n",
    ),
    Entry::new(
        Code::E101,
        "a rule stated twice in one file",
        "Every statement has a key (its keyword and its subject: `blockade`, `square 27`, `path \
         red`), and a file states each key once (a `when` form under another option value is a \
         key of its own). To change a rule inherited with `extends`, state it once in the file \
         that extends: it replaces the inherited one.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 3\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::E102,
        "a rule set to extend that cannot be found",
        "`extends` names a bundled rule set (`senet list` lists them) or a `.rules` file, by a \
         path relative to the file that extends it (`.rules` may be left out). Only `.rules` \
         files are read.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/bsae\"\n\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::E103,
        "rule sets that extend each other",
        "A rule set cannot extend itself, directly or through others: there would be no rules to \
         start from. One of the files must extend a rule set that extends none of them.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"other\"\n\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    )
    .beside(&[(
        "other.rules",
        "ruleset \"my/other\"\ntitle   \"Senet: blockades of two, again\"\nextends \"variant\"\n",
    )]),
    Entry::new(
        Code::E104,
        "`extends` too deep",
        "`extends` may chain, at most 8 files deep. A variant of a variant of ... is better \
         written as a variant of a rule set nearer the start of the chain.",
        "ruleset \"my/variant\"\ntitle   \"Senet: nine levels down\"\nextends \"level-1\"\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: eight levels down\"\nextends \"level-2\"\n",
    )
    .beside(&[
        ("level-1.rules", "ruleset \"my/level-1\"\nextends \"level-2\"\n"),
        ("level-2.rules", "ruleset \"my/level-2\"\nextends \"level-3\"\n"),
        ("level-3.rules", "ruleset \"my/level-3\"\nextends \"level-4\"\n"),
        ("level-4.rules", "ruleset \"my/level-4\"\nextends \"level-5\"\n"),
        ("level-5.rules", "ruleset \"my/level-5\"\nextends \"level-6\"\n"),
        ("level-6.rules", "ruleset \"my/level-6\"\nextends \"level-7\"\n"),
        ("level-7.rules", "ruleset \"my/level-7\"\nextends \"level-8\"\n"),
        ("level-8.rules", "ruleset \"my/level-8\"\nextends \"senet/base\"\n"),
    ]),
    Entry::new(
        Code::E105,
        "a rule set to extend that cannot be read",
        "The file `extends` names exists but cannot be read: it is a folder, or it may not be \
         read. A relative path is read from the folder of the file that says `extends`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"variants\"\n\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    )
    .beside(&[("variants.rules/", "")]),
    Entry::new(
        Code::E106,
        "a statement that cannot depend on an option",
        "`when OPTION is VALUE:` makes a rule hold only under that option's value. What a rule set \
         is and where it comes from (`ruleset`, `title`, `source`, `extends`) and its options \
         themselves cannot depend on an option.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nwhen pieces is 3: title \"Senet: three pieces\"\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::E107,
        "a file to extend that is not a rule file",
        "A rule file begins with `ruleset \"ID\"` (after blank lines and comments). A file that \
         does not is not read any further, and none of its content is shown.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"notes\"\n\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    )
    .beside(&[("notes.rules", "Notes on Senet, to read later.\n")]),
    Entry::new(
        Code::E110,
        "an unknown option",
        "A `when` statement (or `--option` on the command line) names an option that neither this \
         file nor a file it extends declares with `option NAME: ...`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two with three pieces\"\nextends \"senet/base\"\n\nwhen piece is 3: blockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two with three pieces\"\nextends \"senet/base\"\n\nwhen pieces is 3: blockade 2\n",
    ),
    Entry::new(
        Code::E111,
        "a value the option does not take",
        "An option takes the values its `option` statement lists: a `when` statement (or \
         `--option NAME=VALUE`) may name only those. The help lists them.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two with three pieces\"\nextends \"senet/base\"\n\nwhen pieces is 6: blockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two with three pieces\"\nextends \"senet/base\"\n\nwhen pieces is 3: blockade 2\n",
    ),
    Entry::new(
        Code::E112,
        "an option whose default it does not take",
        "`option NAME: V1 | V2 ... default V`: the default is one of the values listed.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\noption speed: slow | fast default quick\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\noption speed: slow | fast default slow\nblockade 2\n",
    ),
    Entry::new(
        Code::E113,
        "an option chosen twice",
        "Each option is chosen once on the command line: `--option pieces=5 --option pieces=3` \
         would play two games at once.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    )
    .options(&[("pieces", "5"), ("pieces", "3")]),
    Entry::new(
        Code::E120,
        "a rule that must be stated and is not",
        "Some rules have no default: the board, the paths, the sides, the pieces and where they \
         start, the throw, where pieces bear off, and who wins. A rule set states each, or \
         inherits it with `extends`. The help shows a line that states it.",
        "ruleset \"my/race\"\ntitle   \"A small race\"\n\nboard 1 x 10\npath 1..10\nsides red, blue\npieces 2 each\nstart waiting\nenter onto throw\nthrow die 4\nbear off exact\n",
        "ruleset \"my/race\"\ntitle   \"A small race\"\n\nboard 1 x 10\npath 1..10\nsides red, blue\npieces 2 each\nstart waiting\nenter onto throw\nthrow die 4\nbear off exact\nwin first to bear off all\n",
    ),
    Entry::new(
        Code::E121,
        "past a limit of the engine",
        "A board has at most 64 squares (rows × columns, gaps included) in a game of the \
         two-sided engine and 250 in one of the engine for many sides (more than two sides, or a \
         rule only that engine plays), a path as many positions, a side at most 15 pieces. The \
         engines' tables are sized by these limits.",
        "ruleset \"my/variant\"\ntitle   \"Senet on a larger board\"\nextends \"senet/base\"\n\nboard 8 x 10 snake\n",
        "ruleset \"my/variant\"\ntitle   \"Senet on a larger board\"\nextends \"senet/base\"\n\nboard 6 x 10 snake\n",
    ),
    Entry::new(
        Code::E122,
        "a square off the board",
        "Squares are numbered from 1 to rows × columns of the board. A square past them (or 0) \
         is not on the board. Where an inherited rule names a square that a smaller board \
         leaves out, the error is shown at the board, and the help says how to restate the \
         inherited rule.",
        "ruleset \"my/variant\"\ntitle   \"Senet: only the last square is safe\"\nextends \"senet/base\"\n\nsafe 31\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: only the last square is safe\"\nextends \"senet/base\"\n\nsafe 30\n",
    ),
    Entry::new(
        Code::E123,
        "a square that is a gap",
        "`gaps` takes squares out of the board: they are never drawn and no path or rule may use \
         them. A rule that names one is wrong; where `gaps` in a variant takes out a square an \
         inherited rule names, the error is shown at `gaps`, and the help says how to restate or \
         take away the inherited rule.",
        "ruleset \"my/variant\"\ntitle   \"Twenty Squares: safe rosettes at the ends\"\nextends \"twenty-squares/sawah\"\n\nsafe 4, 5, 16\n",
        "ruleset \"my/variant\"\ntitle   \"Twenty Squares: safe rosettes at the ends\"\nextends \"twenty-squares/sawah\"\n\nsafe 4, 16\n",
    ),
    Entry::new(
        Code::E124,
        "a path that steps straight back",
        "A path lists the squares a piece walks, in order. It may come back to a square after going \
         round (an out-and-back track), but never onto the square it has just left or the one \
         before: two ranges that share their ends (`1..10, 10..20`) step back. The help shows the \
         path mended where the mend is clear.",
        "ruleset \"my/variant\"\ntitle   \"Senet: the same path, in two ranges\"\nextends \"senet/base\"\n\npath 1..10, 10..30\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: the same path, in two ranges\"\nextends \"senet/base\"\n\npath 1..10, 11..30\n",
    ),
    Entry::new(
        Code::E125,
        "a path that jumps",
        "A path moves one square at a time, across, up or down the grid. On a board numbered row \
         by row (`board 2 x 15`), the square after the end of a row is at the start of the next: \
         a path that runs on from one row to the next walks that row backwards \
         (`1..15, 30..16`), or the board is numbered as a snake (`board 2 x 15 snake`). The \
         help shows the path mended where the mend is clear.",
        "ruleset \"my/variant\"\ntitle   \"Senet on two rows\"\nextends \"senet/base\"\n\nboard 2 x 15\npath 1..30\n",
        "ruleset \"my/variant\"\ntitle   \"Senet on two rows\"\nextends \"senet/base\"\n\nboard 2 x 15\npath 1..15, 30..16\n",
    ),
    Entry::new(
        Code::E126,
        "a side without a path",
        "Every side walks a path: one shared by both (`path 1..30`), or one each (`path red: ...`, \
         `path blue: ...`).",
        "ruleset \"my/race\"\ntitle   \"A small race\"\n\nboard 1 x 10\npath red: 1..10\nsides red, blue\npieces 2 each\nstart waiting\nenter onto throw\nthrow die 4\nbear off exact\nwin first to bear off all\n",
        "ruleset \"my/race\"\ntitle   \"A small race\"\n\nboard 1 x 10\npath 1..10\nsides red, blue\npieces 2 each\nstart waiting\nenter onto throw\nthrow die 4\nbear off exact\nwin first to bear off all\n",
    ),
    Entry::new(
        Code::E127,
        "a square on no path",
        "A rule about a square (safe, stop, a square effect, ...) needs a square some piece can \
         reach: one of a side's path. Where a variant's shorter path leaves out a square an \
         inherited rule names, the error is shown at the path.",
        "ruleset \"my/variant\"\ntitle   \"Senet on 29 squares\"\nextends \"senet/base\"\n\npath 1..29\n",
        "ruleset \"my/variant\"\ntitle   \"Senet on 29 squares\"\nextends \"senet/base\"\n\npath 1..29\nsafe 26, 28, 29\n",
    ),
    Entry::new(
        Code::E128,
        "a path position past the end",
        "`positions` counts squares along each side's path, from 1; a position must be on the \
         path of each side it applies to. The message names the path it is counted along.",
        "ruleset \"my/variant\"\ntitle   \"Senet: the last squares are safe\"\nextends \"senet/base\"\n\nsafe positions 26, 28..31\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: the last squares are safe\"\nextends \"senet/base\"\n\nsafe positions 26, 28..30\n",
    ),
    Entry::new(
        Code::E129,
        "a shortcut no path takes",
        "`shortcut SQUARES` is a way across the board: it leaves the paths at its first square and \
         comes back to them at its last, further along, over squares of its own. Some side's path \
         must visit its first square once and its last square once, later; and its squares \
         between must be on none of the paths it serves (a piece there would not know whether \
         it is on the shortcut or on its path). The message says which.",
        "ruleset \"my/race\"\ntitle   \"A race of three with a shortcut\"\n\nboard 1 x 10\nsides red, green, blue\npath 1..8\nlink 2 to 9\nlink 10 to 6\nshortcut 6, 10, 9, 2\npieces 1 each\nstart waiting\nthrow die 4\nenter onto throw\ncapture to waiting\nbear off exact\nwin first to bear off all\n",
        "ruleset \"my/race\"\ntitle   \"A race of three with a shortcut\"\n\nboard 1 x 10\nsides red, green, blue\npath 1..8\nlink 2 to 9\nlink 10 to 6\nshortcut 2, 9, 10, 6\npieces 1 each\nstart waiting\nthrow die 4\nenter onto throw\ncapture to waiting\nbear off exact\nwin first to bear off all\n",
    ),
    Entry::new(
        Code::E130,
        "an unknown side",
        "A rule names a side that `sides` does not list. Where a variant renames the sides, every \
         inherited rule that names an old one is shown at `sides`, with how to restate it.",
        "ruleset \"my/variant\"\ntitle   \"Senet: red moves first\"\nextends \"senet/base\"\n\nseats none\nopening blue: none\nopening red: none\nfirst rde\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: red moves first\"\nextends \"senet/base\"\n\nseats none\nopening blue: none\nopening red: none\nfirst red\n",
    ),
    Entry::new(
        Code::E131,
        "too few or too many sides",
        "A race game has two to eight sides, named by `sides NAME, NAME, ...` in the order their \
         turns go round. Two sides play on the fast engine; more play on the engine for many \
         sides, which `senet sim` uses.",
        "ruleset \"my/solitaire\"\ntitle   \"Senet alone\"\nextends \"senet/base\"\n\nsides red\n",
        "ruleset \"my/variant\"\ntitle   \"Senet with new names\"\nextends \"senet/base\"\n\nsides red, blue\n",
    ),
    Entry::new(
        Code::E132,
        "a side listed twice",
        "The two sides have different names: positions, records and the rules name them.",
        "ruleset \"my/race\"\ntitle   \"A small race\"\n\nboard 1 x 10\npath 1..10\nsides red, red\npieces 2 each\nstart waiting\nenter onto throw\nthrow die 4\nbear off exact\nwin first to bear off all\n",
        "ruleset \"my/race\"\ntitle   \"A small race\"\n\nboard 1 x 10\npath 1..10\nsides red, blue\npieces 2 each\nstart waiting\nenter onto throw\nthrow die 4\nbear off exact\nwin first to bear off all\n",
    ),
    Entry::new(
        Code::E133,
        "an unknown colour",
        "A side is drawn in one of the terminal's colours: red, blue, green, yellow, white, \
         black, magenta or cyan.",
        "ruleset \"my/variant\"\ntitle   \"Senet in purple\"\nextends \"senet/base\"\n\ncolour red: purple\n",
        "ruleset \"my/variant\"\ntitle   \"Senet in purple\"\nextends \"senet/base\"\n\ncolour red: magenta\n",
    ),
    Entry::new(
        Code::E134,
        "a start that places the wrong number of pieces",
        "`start SIDE on ...` lists a square for each of the side's pieces, as many as `pieces` \
         says; `start alternating from N` needs room on the path for all of them. Where a \
         variant changes `pieces`, an inherited `start` that no longer fits is shown at \
         `pieces`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: red starts further on\"\nextends \"senet/base\"\n\nstart red on 1, 3, 5, 7; blue on 2, 4, 6, 8, 10\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: red starts further on\"\nextends \"senet/base\"\n\nstart red on 1, 3, 5, 7, 11; blue on 2, 4, 6, 8, 10\n",
    ),
    Entry::new(
        Code::E135,
        "two pieces on one square at the start",
        "A square holds one piece at most, at the start as in play.",
        "ruleset \"my/variant\"\ntitle   \"Senet: blue starts further on\"\nextends \"senet/base\"\n\nstart red on 1, 3, 5, 7, 9; blue on 2, 4, 6, 8, 9\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blue starts further on\"\nextends \"senet/base\"\n\nstart red on 1, 3, 5, 7, 9; blue on 2, 4, 6, 8, 12\n",
    ),
    Entry::new(
        Code::E136,
        "a piece that starts off its own path",
        "A piece starts on a square of its own side's path: it could never move from another.",
        "ruleset \"my/race\"\ntitle   \"A race on two lanes\"\n\nboard 2 x 5\npath red: 1..5\npath blue: 10..6\nsides red, blue\npieces 1 each\nstart red on 1; blue on 2\nthrow die 4\nbear off exact\nwin first to bear off all\n",
        "ruleset \"my/race\"\ntitle   \"A race on two lanes\"\n\nboard 2 x 5\npath red: 1..5\npath blue: 10..6\nsides red, blue\npieces 1 each\nstart red on 1; blue on 10\nthrow die 4\nbear off exact\nwin first to bear off all\n",
    ),
    Entry::new(
        Code::E137,
        "teams that do not split the sides",
        "`teams` puts every side in exactly one team: partners win together and never take each \
         other's pieces. A side left out, or named in two teams, is an error.",
        "ruleset \"my/four\"\ntitle   \"A race of four\"\n\nboard 1 x 8\nsides red, green, yellow, blue\npath 1..8\nteams red, yellow; green\npieces 1 each\nstart waiting\nthrow die 4\nenter onto throw\ncapture to waiting\nbear off exact\nwin first to bear off all\n",
        "ruleset \"my/four\"\ntitle   \"A race of four\"\n\nboard 1 x 8\nsides red, green, yellow, blue\npath 1..8\nteams red, yellow; green, blue\npieces 1 each\nstart waiting\nthrow die 4\nenter onto throw\ncapture to waiting\nbear off exact\nwin first to bear off all\n",
    ),
    Entry::new(
        Code::E138,
        "partners in a game of two sides",
        "`partners share squares` lets a side's pieces stand with its partners' pieces: a game \
         of two sides has no partners (each side is its own team), so the rule would say \
         nothing. Games of three sides or more may have partners (`teams red, yellow; green, \
         blue`). Other rules that only the engine for many sides plays (`shortcut`, `stacks move \
         together`, `safe squares shared`, `sides may pass`, `closed never`, ...) may be said in a \
         game of two sides: such a game is played on that engine.",
        "ruleset \"my/variant\"\ntitle   \"Pancha Keliya: partners share squares\"\nextends \"cross-and-circle/pancha-keliya\"\n\npartners share squares\n",
        "ruleset \"my/variant\"\ntitle   \"Pancha Keliya: shared castles\"\nextends \"cross-and-circle/pancha-keliya\"\n\nsafe squares shared\n",
    ),
    Entry::new(
        Code::E140,
        "a throw table without a value for a count",
        "`throw N sticks: C -> V, ...` gives a value for every count of light sides from 0 to N: \
         any count can come up.",
        "ruleset \"my/variant\"\ntitle   \"Senet: four light sides count 5\"\nextends \"senet/base\"\n\nthrow 4 sticks: 0 -> 6, 1 -> 1, 2 -> 2, 3 -> 3\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: four light sides count 5\"\nextends \"senet/base\"\n\nthrow 4 sticks: 0 -> 6, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 5\nextra throw after 1, 5, 6\n",
    ),
    Entry::new(
        Code::E141,
        "a throw table that gives a count twice",
        "Each count of light sides has one value: the table lists it once. With marked sticks \
         (`throw 4 sticks marked 4, 6, 14, 15: ...`) one marked side up is the number of the \
         stick that shows it, so the table gives no count of one at all.",
        "ruleset \"my/variant\"\ntitle   \"Senet: four light sides count 5\"\nextends \"senet/base\"\n\nthrow 4 sticks: 0 -> 6, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 5, 4 -> 4\nextra throw after 1, 5, 6\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: four light sides count 5\"\nextends \"senet/base\"\n\nthrow 4 sticks: 0 -> 6, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 5\nextra throw after 1, 5, 6\n",
    ),
    Entry::new(
        Code::E142,
        "a count of light sides the sticks cannot show",
        "N sticks show from 0 to N light sides.",
        "ruleset \"my/variant\"\ntitle   \"Senet: four light sides count 5\"\nextends \"senet/base\"\n\nthrow 4 sticks: 0 -> 6, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 5, 5 -> 4\nextra throw after 1, 5, 6\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: four light sides count 5\"\nextends \"senet/base\"\n\nthrow 4 sticks: 0 -> 6, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 5\nextra throw after 1, 5, 6\n",
    ),
    Entry::new(
        Code::E143,
        "a throw value the throw never gives",
        "A rule names a throw value (an extra throw, a throw that enters, begins or bears off) \
         that the throwing device never gives: the rule could never apply. The help lists the \
         values it gives. Where a variant changes the throw, an inherited rule that names a \
         value it no longer gives is shown at `throw`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: a 1 or a 6 throws again\"\nextends \"senet/base\"\n\nextra throw after 1, 7\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: a 1 or a 6 throws again\"\nextends \"senet/base\"\n\nextra throw after 1, 6\n",
    ),
    Entry::new(
        Code::E144,
        "a number out of its range",
        "A number is out of the range its rule allows: a die has 2 to 12 faces, up to 8 sticks \
         and 4 dice are thrown, a throw value is at most 30, a blockade is 2 pieces or more and \
         at most a side's pieces. The message and help give the range.",
        "ruleset \"my/variant\"\ntitle   \"Senet: a single piece blocks\"\nextends \"senet/base\"\n\nblockade 1\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: a single piece blocks\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::E145,
        "a dice table without a value for a combination",
        "`throw dice F, F: A B -> V, ...` gives a value for every combination of faces the dice \
         can show, the first die's face first: each is equally likely.",
        "ruleset \"my/variant\"\ntitle   \"Senet with two coins\"\nextends \"senet/base\"\n\nthrow dice 2, 2: 1 1 -> 1, 1 2 -> 2, 2 1 -> 3\nextra throw after none\n",
        "ruleset \"my/variant\"\ntitle   \"Senet with two coins\"\nextends \"senet/base\"\n\nthrow dice 2, 2: 1 1 -> 1, 1 2 -> 2, 2 1 -> 3, 2 2 -> 4\nextra throw after none\n",
    ),
    Entry::new(
        Code::E146,
        "a dice table that gives a combination twice",
        "Each combination of faces has one value: the table lists it once.",
        "ruleset \"my/variant\"\ntitle   \"Senet with two coins\"\nextends \"senet/base\"\n\nthrow dice 2, 2: 1 1 -> 1, 1 2 -> 2, 2 1 -> 3, 2 2 -> 4, 1 1 -> 2\nextra throw after none\n",
        "ruleset \"my/variant\"\ntitle   \"Senet with two coins\"\nextends \"senet/base\"\n\nthrow dice 2, 2: 1 1 -> 1, 1 2 -> 2, 2 1 -> 3, 2 2 -> 4\nextra throw after none\n",
    ),
    Entry::new(
        Code::E147,
        "a combination the dice cannot show",
        "An entry of a dice table gives a face for each die, each from 1 to that die's faces.",
        "ruleset \"my/variant\"\ntitle   \"Senet with two coins\"\nextends \"senet/base\"\n\nthrow dice 2, 2: 1 1 -> 1, 1 2 -> 2, 2 1 -> 3, 2 2 -> 4, 2 3 -> 5\nextra throw after none\n",
        "ruleset \"my/variant\"\ntitle   \"Senet with two coins\"\nextends \"senet/base\"\n\nthrow dice 2, 2: 1 1 -> 1, 1 2 -> 2, 2 1 -> 3, 2 2 -> 4\nextra throw after none\n",
    ),
    Entry::new(
        Code::E150,
        "square effects that loop",
        "A square effect sends a piece on, and effects chain: a square may not send a piece back \
         to itself, directly or through other squares, or the piece would never come to rest. \
         (`and stop` ends a chain.)",
        "ruleset \"my/variant\"\ntitle   \"Senet: two squares that swap\"\nextends \"senet/base\"\n\nsquare 15: go to first free after 16\nsquare 16: go to first free after 15\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: two squares that swap\"\nextends \"senet/base\"\n\nsquare 15: go to first free after 16\n",
    ),
    Entry::new(
        Code::E151,
        "`capturing` with a first free square",
        "`go to N capturing` sends a piece on to square N and captures an enemy piece standing \
         there. `first free after N` and `first free before N` look for an empty square, where \
         there is nothing to capture: name the square itself, or drop `capturing`.",
        "ruleset \"my/variant\"\ntitle   \"Tab: a line that takes a piece at its end\"\nextends \"hounds-and-jackals/tab\"\n\non landing on 6 by hounds: go to first free after 20 capturing and stop\n",
        "ruleset \"my/variant\"\ntitle   \"Tab: a line that takes a piece at its end\"\nextends \"hounds-and-jackals/tab\"\n\non landing on 6 by hounds: go to 20 capturing and stop   [choice: a hound on 20 leaves the piece where it landed]\n",
    ),
    Entry::new(
        Code::E152,
        "square effects that could capture too often in one move",
        "Square effects chain, and each that says `capturing` may capture once as it sends the \
         piece on: a piece's move may capture at most 4 times by square effects (besides where \
         it lands). The checker counts every capturing effect a piece landing on a square could \
         be sent through (after `first free after N`, any square from N on may lead further). \
         End a chain sooner with `and stop`, or drop `capturing` from one of its effects.",
        "ruleset \"my/variant\"\ntitle   \"Tab: one line after another\"\nextends \"hounds-and-jackals/tab\"\n\non landing on 2 by hounds: go to 4 capturing   [choice: a hound there leaves the piece be]\non landing on 4 by hounds: go to 7 capturing   [choice: a hound there leaves the piece be]\non landing on 7 by hounds: go to 9 capturing   [choice: a hound there leaves the piece be]\non landing on 9 by hounds: go to 11 capturing   [choice: a hound there leaves the piece be]\non landing on 11 by hounds: go to 13 capturing   [choice: a hound there leaves the piece be]\n",
        "ruleset \"my/variant\"\ntitle   \"Tab: one line after another\"\nextends \"hounds-and-jackals/tab\"\n\non landing on 2 by hounds: go to 4 capturing   [choice: a hound there leaves the piece be]\non landing on 4 by hounds: go to 7 capturing   [choice: a hound there leaves the piece be]\non landing on 7 by hounds: go to 9 capturing   [choice: a hound there leaves the piece be]\non landing on 9 by hounds: go to 11 capturing and stop   [choice: a hound there leaves the piece be]\non landing on 11 by hounds: go to 13 capturing   [choice: a hound there leaves the piece be]\n",
    ),
    Entry::new(
        Code::E170,
        "an effect that cannot follow its trigger",
        "An event rule's effects must make sense after its trigger: a pass moves no piece, so it \
         can only `throw again`; only a landing sends a piece on; only a capture says where the \
         captured piece goes. The help lists the effects the trigger takes.",
        "ruleset \"my/variant\"\ntitle   \"Senet: a pass with 2 throws again\"\nextends \"senet/base\"\n\non pass with 2: go to 15\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: a pass with 2 throws again\"\nextends \"senet/base\"\n\non pass with 2: throw again\n",
    ),
    Entry::new(
        Code::E171,
        "a square that sends a piece on twice",
        "A square sends a piece to one place. Two rules that send a piece on from the same square \
         (a square effect and a landing rule, two traps, a rule for both sides and one for \
         either) clash. Where one is inherited, it is shown beside, and the help says how to \
         take it away (`square 27: none`).",
        "ruleset \"my/variant\"\ntitle   \"Senet: the Water sends back to 15\"\nextends \"senet/base\"\n\non landing on 27: go to first free after 15\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: the Water sends back to 15\"\nextends \"senet/base\"\n\nsquare 27: none\non landing on 27: go to first free after 15\n",
    ),
    Entry::new(
        Code::E172,
        "a captured piece sent to two places",
        "A piece captured on a square goes to one place: two `on capture` rules whose squares \
         overlap clash. Narrow one rule's squares, or take an inherited one away by restating its \
         trigger with `none`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: pieces hit near the end go back\"\nextends \"senet/base\"\n\non capture on 28..30: captured piece goes to first free after 15\non capture on 30: captured piece goes to first free after 20\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: pieces hit near the end go back\"\nextends \"senet/base\"\n\non capture on 28, 29: captured piece goes to first free after 15\non capture on 30: captured piece goes to first free after 20\n",
    ),
    Entry::new(
        Code::E173,
        "a condition on a trigger that takes none",
        "A condition (`if its side has pieces on ...`) is judged on the position after a move: it \
         goes with the triggers a move sets off (`landing on`, `capture`, `move with`, \
         `entering`) and with `each move`. A pass, a retreat or passing a square takes none.",
        "ruleset \"my/variant\"\ntitle   \"Senet: a pass with 2 throws again\"\nextends \"senet/base\"\n\non pass with 2 if its side has pieces on 1..10: throw again\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: a pass with 2 throws again\"\nextends \"senet/base\"\n\non pass with 2: throw again\n",
    ),
    Entry::new(
        Code::E174,
        "an effect that cannot depend on a condition",
        "A condition goes with the effects on the turn (`throw again`, `may throw again`, `lose \
         next turn`, `end turn`, `may end turn`) and, before each move, `only pieces on ... may \
         move`. Where a piece goes does not depend on one: state that effect in a rule of its \
         own.",
        "ruleset \"my/variant\"\ntitle   \"Senet: a bonus while the end is held\"\nextends \"senet/base\"\n\non landing on 20 if the other side has pieces on 26..30: go to first free after 22\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: a bonus while the end is held\"\nextends \"senet/base\"\n\non landing on 20 if the other side has pieces on 26..30: throw again\n",
    ),
    Entry::new(
        Code::E175,
        "a condition on the moving piece before the move",
        "`if the piece entered` and `if the piece was on the board` ask about the move made: \
         before each move no piece has moved yet, so `on each move` cannot take them.",
        "ruleset \"my/variant\"\ntitle   \"Senet: the Water holds its side\"\nextends \"senet/base\"\n\non each move if the piece entered: only pieces on 27 may move\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: the Water holds its side\"\nextends \"senet/base\"\n\non each move if its side has pieces on 27: only pieces on 27 may move\n",
    ),
    Entry::new(
        Code::E176,
        "`may` before an effect no player can decline",
        "`may` makes an effect the player's choice, a move of its own in the list of legal \
         moves. Only an extra throw (`may throw again`), the end of the turn (`may end turn`) and \
         where the piece goes (`may go to`, `may go to waiting`, `may piece is removed`) are a \
         player's to decline; a lost turn or where a captured piece goes are not.",
        "ruleset \"my/variant\"\ntitle   \"Senet: the House of Beauty costs a turn\"\nextends \"senet/base\"\n\non landing on 15: may lose next turn\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: the House of Beauty costs a turn\"\nextends \"senet/base\"\n\non landing on 15: lose next turn\n",
    ),
    Entry::new(
        Code::E177,
        "an effect said twice in one rule",
        "A rule's effects each happen once when it fires: `throw again, throw again` gives one \
         extra throw, not two, and the same holds for every other effect said twice. Say it \
         once. A move that should earn two throws earns them from two causes (the value thrown \
         and the square landed on, say) under `extra throws add up`.",
        "ruleset \"my/variant\"\ntitle   \"Senet: landing on 15 gives two throws\"\nextends \"senet/base\"\n\non landing on 15: throw again, throw again\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: landing on 15 throws again\"\nextends \"senet/base\"\n\non landing on 15: throw again\n",
    ),
    Entry::new(
        Code::E178,
        "a drawing whose rows or columns do not fit its squares",
        "`draw SQUARES at ROWS, COLUMNS` places each square at a point of the picture: a range of \
         N squares takes one row (or column) for all of them, or a range of N rows (or columns), \
         one for each; and no point lies past the largest a picture may have. The message says \
         which does not fit.",
        "ruleset \"my/variant\"\ntitle   \"Senet drawn in one column\"\nextends \"senet/base\"\n\ndraw 1..30 at 0..14, 0\n",
        "ruleset \"my/variant\"\ntitle   \"Senet drawn in one column\"\nextends \"senet/base\"\n\ndraw 1..30 at 0..29, 0\n",
    ),
    Entry::new(
        Code::E179,
        "a square drawn twice, or two squares drawn at one point",
        "Each square of a drawn board has one point of its own: a square drawn by two `draw` \
         lines, or two squares drawn at the same point, would leave one of them hidden or \
         nowhere. Where the other is inherited, it is shown beside.",
        "ruleset \"my/variant\"\ntitle   \"Senet drawn in one column\"\nextends \"senet/base\"\n\ndraw 1..29 at 0..28, 0\ndraw 30 at 0, 0\n",
        "ruleset \"my/variant\"\ntitle   \"Senet drawn in one column\"\nextends \"senet/base\"\n\ndraw 1..29 at 0..28, 0\ndraw 30 at 29, 0\n",
    ),
    Entry::new(
        Code::E180,
        "a drawn board that leaves a square out",
        "Once one square is drawn at a point, the board is a picture of points, not a grid: every \
         square needs a point, or it could not be shown. A variant that makes the board larger \
         than its parent's drawing gets this error at its own line.",
        "ruleset \"my/variant\"\ntitle   \"Senet drawn in one column\"\nextends \"senet/base\"\n\ndraw 1..29 at 0..28, 0\n",
        "ruleset \"my/variant\"\ntitle   \"Senet drawn in one column\"\nextends \"senet/base\"\n\ndraw 1..29 at 0..28, 0\ndraw 30 at 29, 0\n",
    ),
    Entry::new(
        Code::E181,
        "a rule that needs one throw at a time, in a turn that splits a total",
        "A turn that splits its total among pieces (`turn throw then split`, `turn throw again \
         on ... then split`) moves several pieces, and may add up several throws, on one total: \
         no throw and no piece's move stands alone. So rules that speak of one throw or of one \
         piece's move have no meaning there: a throw that begins (`begin with`), backward moves \
         for each piece that is stuck, a piece's first move (`each piece first moves ...`), a \
         retreat, and an effect the player may decline (`may ...`). Play each throw whole \
         (`turn throw then move`, `turn throw again on ... then move each throw`), or remove \
         the rule.",
        "ruleset \"my/variant\"\ntitle   \"Finkel's Senet with a retreat\"\nextends \"senet/finkel\"\n\nretreat from 27 to 15\n",
        "ruleset \"my/variant\"\ntitle   \"Finkel's Senet with a retreat\"\nextends \"senet/finkel\"\n\nturn throw again on 1, 4, 5 then move each throw\nretreat from 27 to 15\n",
    ),
    Entry::new(
        Code::E182,
        "a rule that shares a total among pieces, without a split turn",
        "Backward moves split among pieces (`backward when no forward move, split among \
         pieces`) and pieces that stop part way and go on (`pieces may stop on SET and go on`) \
         share a turn's total among pieces: they need a turn that splits one (`turn throw then \
         split`, `turn throw again on ... then split`). Under a turn that plays each throw \
         whole, split the throw, or remove the rule.",
        "ruleset \"my/variant\"\ntitle   \"Kendall's Senet, stopping on the way\"\nextends \"senet/kendall\"\n\npieces may stop on 15, 26 and go on\n",
        "ruleset \"my/variant\"\ntitle   \"Kendall's Senet, stopping on the way\"\nextends \"senet/kendall\"\n\nturn throw then split\npieces may stop on 15, 26 and go on\n",
    ),
    Entry::new(
        Code::E183,
        "extra throws that add up, in a turn that throws again before moving",
        "`extra throws add up` gives a throw for each cause a move earns one by (its value, the \
         square it lands on, a capture, ...). A turn that throws again before it moves (`turn \
         throw again on ... then split`, `... then move each throw`) has done its throwing when \
         a piece moves, so a move earns no throw by its value: play one throw a turn (`turn \
         throw then move`, `turn throw then split`), or remove the rule.",
        "ruleset \"my/variant\"\ntitle   \"Finkel's Senet, extra throws added up\"\nextends \"senet/finkel\"\n\nextra throws add up\n",
        "ruleset \"my/variant\"\ntitle   \"Finkel's Senet, extra throws added up\"\nextends \"senet/finkel\"\n\nturn throw then split\nextra throw after 1, 4, 5\nextra throws add up\n",
    ),
    Entry::new(
        Code::E184,
        "a turn that would never end",
        "A turn ends when a throw gives no other. Where every value the throw can give is in \
         the list a turn throws again on (`turn throw again on ... then split`), the turn never \
         gets to move; where every value gives another throw both after a move (`extra throw \
         after`, `on move with ...: throw again`) and after a pass (`on pass with ...: throw \
         again`), and no rule ends a turn, the other side never plays. Leave at least one value \
         out. (Every value after a move alone, or after a pass alone, is the warning W004.)",
        "ruleset \"my/variant\"\ntitle   \"Senet: throwing on and on\"\nextends \"senet/base\"\n\nturn throw again on 1, 2, 3, 4, 6 then split\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: throwing on and on\"\nextends \"senet/base\"\n\nturn throw again on 1, 4, 6 then split\n",
    ),
    Entry::new(
        Code::E185,
        "one rule whose effects on the turn exclude each other",
        "An event rule says at most one thing about whether its side throws again and whether \
         the turn ends: an ended turn throws no more (`throw again, end turn`), a turn that \
         always ends leaves the player nothing to choose (`end turn, may end turn`), and a \
         throw the side must take cannot also be declined (`throw again, may throw again`). \
         Keep one of the two effects.",
        "ruleset \"my/variant\"\ntitle   \"Ur: a capture throws again\"\nextends \"twenty-squares/ur\"\n\non capture: throw again, may throw again\n",
        "ruleset \"my/variant\"\ntitle   \"Ur: a capture throws again\"\nextends \"twenty-squares/ur\"\n\non capture: may throw again\n",
    ),
    Entry::new(
        Code::E186,
        "a rule about pieces on the board, where every piece starts waiting",
        "Where every piece starts off the board (`start waiting`), rules about the pieces that \
         start on it have nothing to act on: an opening move of the front piece (`opening SIDE: \
         ...`), or a first move that needs given throws or waits for the piece ahead (`each \
         piece first moves ...`); a piece that enters makes its first move by entering. Where \
         the opening is inherited, a variant that starts its pieces waiting takes it away \
         (`opening SIDE: none`); else remove the rule, or start the pieces on the board.",
        "ruleset \"my/variant\"\ntitle   \"Senet from an empty board\"\nextends \"senet/base\"\n\nstart waiting\nenter onto throw\n",
        "ruleset \"my/variant\"\ntitle   \"Senet from an empty board\"\nextends \"senet/base\"\n\nstart waiting\nenter onto throw\nopening blue: none\nopening red: none\n",
    ),
    Entry::new(
        Code::E187,
        "pieces that start waiting, with no rule to enter",
        "Pieces that start off the board (`start waiting`) come on only by entering: without an \
         `enter` rule (or with `enter none`) no piece could ever move. Say how pieces enter \
         (`enter onto throw`, `enter with 4, 6 onto 1`).",
        "ruleset \"my/variant\"\ntitle   \"Tait's Senet, entering on any throw\"\nextends \"senet/tait\"\n\nenter none\n",
        "ruleset \"my/variant\"\ntitle   \"Tait's Senet, entering on any throw\"\nextends \"senet/tait\"\n\nenter onto 1 if empty\n",
    ),
    Entry::new(
        Code::E188,
        "a piece that must move next, where the rules give it no one square",
        "`piece moves next` binds a side's next move to the piece on one square: the square it \
         entered on, or the square it retreated to. So entering with it needs pieces to enter \
         on one position (`enter ... onto N`), not where the throw takes them; and where both a \
         retreat and entering make a piece move next, the two must be the same square.",
        "ruleset \"my/variant\"\ntitle   \"Bell's Senet: an entered piece moves next\"\nextends \"senet/bell-1979\"\n\non entering: piece moves next\n",
        "ruleset \"my/variant\"\ntitle   \"Bell's Senet: an entered piece moves next\"\nextends \"senet/bell-1979\"\n\nenter onto 1\non entering: piece moves next\n",
    ),
    Entry::new(
        Code::E189,
        "a rule about something that never happens",
        "A rule about an event the other rules never let happen would never apply: a rule about \
         captures (`on capture ...`) or a square effect that says `capturing` where pieces \
         never capture (`capture none`), a rule about retreats (`on retreat`) without a \
         `retreat` rule, a rule about entering (`on entering`) where pieces never enter. Say \
         how the event happens, or remove the rule.",
        "ruleset \"my/variant\"\ntitle   \"Kendall's Senet: entering throws again\"\nextends \"senet/kendall\"\n\non entering: throw again\n",
        "ruleset \"my/variant\"\ntitle   \"Kendall's Senet: entering throws again\"\nextends \"senet/kendall\"\n\nstart waiting\nenter onto 1\non entering: throw again\n",
    ),
    Entry::new(
        Code::E190,
        "a loop that passes a square twice, or is in parts",
        "A loop (`path SIDE: loop ...`) lists each square once, in one part: after its last \
         square a piece goes on from its first, so a square listed twice, or a path in parts \
         (`A | B`), would leave its way round the loop unclear.",
        "ruleset \"my/loops\"\ntitle   \"Round and round\"\n\nboard 2 x 6\ngaps 7\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture removed\npath red: loop 1..6, 12..8, 2..3\npath blue: loop 8..12, 6..1\nwin by capturing all\n",
        "ruleset \"my/loops\"\ntitle   \"Round and round\"\n\nboard 2 x 6\ngaps 7\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture removed\npath red: loop 1..6, 12..8\npath blue: loop 8..12, 6..1\nwin by capturing all\n",
    ),
    Entry::new(
        Code::E191,
        "a rule that a loop rules out",
        "On a loop a piece goes round and round: there is no start to move back to, and no end \
         to bear off from or run past. So a loop is not with backward moves, pairs that protect \
         (its first and last positions are neighbours), pieces that may only bear off, or a \
         trap (`on passing ...`). Remove the rule, or make the path run to an end.",
        "ruleset \"my/loops\"\ntitle   \"Round and round\"\n\nboard 2 x 6\ngaps 7\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture removed\npath red: loop 1..6, 12..8\npath blue: loop 8..12, 6..1\nbackward when no forward move\nwin by capturing all\n",
        "ruleset \"my/loops\"\ntitle   \"Round and round\"\n\nboard 2 x 6\ngaps 7\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture removed\npath red: loop 1..6, 12..8\npath blue: loop 8..12, 6..1\nbackward never\nwin by capturing all\n",
    ),
    Entry::new(
        Code::E192,
        "a rule that a path in parts rules out",
        "On a path in parts (`path SIDE: A | B`) each part runs to the goal: a move never runs \
         on from one part into the next. So a backward move, which would cross back into the \
         part before, and a trap (`on passing ...`), which would catch moves that run past a \
         part's end, are refused. Remove the rule, or make the path one part.",
        "ruleset \"my/variant\"\ntitle   \"Hounds and Jackals, backwards\"\nextends \"hounds-and-jackals/carter-crossover\"\n\nbackward when no forward move\n",
        "ruleset \"my/variant\"\ntitle   \"Hounds and Jackals, backwards\"\nextends \"hounds-and-jackals/carter\"\n\nbackward when no forward move\n",
    ),
    Entry::new(
        Code::E193,
        "a rule that a path coming back to its squares rules out",
        "A path that comes back to squares it has passed (out along a row and back) visits \
         those squares twice, so rules that read the path around a square, or send a piece to \
         where another came from, would not say which visit they mean: a captured piece that \
         swaps places, pairs that protect, a blockade, pieces that wait for the square ahead. \
         Say `capture to waiting` (or `removed`), or `none` for the others.",
        "ruleset \"my/variant\"\ntitle   \"Murray's Twenty Squares with swaps\"\nextends \"twenty-squares/murray\"\n\ncapture swap\n",
        "ruleset \"my/variant\"\ntitle   \"Murray's Twenty Squares with swaps\"\nextends \"twenty-squares/murray\"\n\ncapture to waiting\n",
    ),
    Entry::new(
        Code::E194,
        "a way to win that the paths rule out",
        "No piece bears off a loop, and a piece that bears off can never be captured. So \
         bearing off wins (`win first to bear off all`, `win most borne off`) only where no \
         path is a loop, and capturing every enemy piece (`win by capturing all`) only where \
         every path is one.",
        "ruleset \"my/loops\"\ntitle   \"Round and round\"\n\nboard 2 x 6\ngaps 7\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture removed\npath red: loop 1..6, 12..8\npath blue: loop 8..12, 6..1\nbear off exact\nwin first to bear off all\n",
        "ruleset \"my/loops\"\ntitle   \"Round and round\"\n\nboard 2 x 6\ngaps 7\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture removed\npath red: loop 1..6, 12..8\npath blue: loop 8..12, 6..1\nwin by capturing all\n",
    ),
    Entry::new(
        Code::E195,
        "a win by capturing all, where no piece ever leaves the game",
        "`win by capturing all` is won by taking every enemy piece out of the game: pieces must \
         be able to leave it (`capture removed`, or a rule such as `on capture: captured piece \
         is removed`). A captured piece that only goes back to waiting comes on again.",
        "ruleset \"my/loops\"\ntitle   \"Round and round\"\n\nboard 2 x 6\ngaps 7\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture to waiting\nenter onto throw\npath red: loop 1..6, 12..8\npath blue: loop 8..12, 6..1\nwin by capturing all\n",
        "ruleset \"my/loops\"\ntitle   \"Round and round\"\n\nboard 2 x 6\ngaps 7\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture removed\npath red: loop 1..6, 12..8\npath blue: loop 8..12, 6..1\nwin by capturing all\n",
    ),
    Entry::new(
        Code::E196,
        "`end when decided` where the first to bear off all wins",
        "`end when decided` stops a game once its winner is known, before every piece has left \
         the board: it has a meaning where the side with most pieces borne off wins (`win most \
         borne off`). Where the first side to bear off all wins, the game is decided only when \
         it ends: say `end when board empty`, or win by most borne off.",
        "ruleset \"my/variant\"\ntitle   \"Senet: the game ends when it is decided\"\nextends \"senet/base\"\n\nend when decided\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: the game ends when it is decided\"\nextends \"senet/base\"\n\nwin most borne off\nend when decided\n",
    ),
    Entry::new(
        Code::E197,
        "a throw-off and a seats ritual that both decide who moves first",
        "Who moves first is decided once: by a throw-off (`first by throw-off, ties to SIDE`), \
         or by the seats ritual (`seats throw until ...`), which gives the first move to the \
         side it seats. Say `seats none` to keep the throw-off, or say who moves first without \
         one.",
        "ruleset \"my/variant\"\ntitle   \"Senet: a throw-off decides who starts\"\nextends \"senet/base\"\n\nfirst by throw-off, ties to red\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: a throw-off decides who starts\"\nextends \"senet/base\"\n\nseats none\nfirst by throw-off, ties to red\n",
    ),
    Entry::new(
        Code::E198,
        "one direction each turn, where no piece moves backwards",
        "`one direction each turn` keeps every move of a turn going the way its first went: \
         where no piece ever moves backwards, every move already goes forward. Say when pieces \
         move backwards (`backward when no forward move`), or remove the rule.",
        "ruleset \"my/variant\"\ntitle   \"Ur: one way each turn\"\nextends \"twenty-squares/ur\"\n\none direction each turn\n",
        "ruleset \"my/variant\"\ntitle   \"Ur: one way each turn\"\nextends \"twenty-squares/ur\"\n\nbackward when no forward move\none direction each turn\n",
    ),
    Entry::new(
        Code::E199,
        "a retreat that leads nowhere",
        "`retreat from SET to N` sends a piece back to square N: N must be on the path of every \
         side that may retreat, and not among the squares retreated from (the piece would stay \
         where it is). The message says which.",
        "ruleset \"my/variant\"\ntitle   \"Kendall's Senet: back to the Beauty\"\nextends \"senet/kendall\"\n\nretreat from 26..28 to 27\n",
        "ruleset \"my/variant\"\ntitle   \"Kendall's Senet: back to the Beauty\"\nextends \"senet/kendall\"\n\nretreat from 26..28 to 15\n",
    ),
    Entry::new(
        Code::E200,
        "a rule of stacks or dice without stacks or dice played one by one",
        "`closed with N` says when enemy pieces close a square, which only stacked pieces can do \
         (`stacks any`, `stacks up to N`); `waiting pieces enter first` needs stacks or dice \
         played one by one; `doubles played twice` and `use most dice` are about dice played one \
         by one (`throw dice 6, 6: each`). The message says which the rule needs.",
        "ruleset \"my/variant\"\ntitle   \"Ur: doubles twice\"\nextends \"twenty-squares/ur\"\n\ndoubles played twice\n",
        "ruleset \"my/variant\"\ntitle   \"Backgammon: doubles as thrown\"\nextends \"tables/backgammon\"\n\ndoubles played once\n",
    ),
    Entry::new(
        Code::E201,
        "a rule that stacked pieces do not play",
        "Where pieces stack, or dice are played one by one, the engine plays the moves in a form \
         of its own: paths from start to end, entering, capture to waiting or removal, closed and \
         safe squares, bearing off (once every piece is home, exactly or past the end, from the \
         hindmost), and the first side to bear off all wins. Rules beyond these (blockades, \
         pairs, square effects, event rules, backward moves, loops, split turns, extra throws, \
         ...) are refused at the rule: remove it, or the stacks and the dice played one by one.",
        "ruleset \"my/variant\"\ntitle   \"Backgammon: blockades of six\"\nextends \"tables/backgammon\"\n\nblockade 6\n",
        "ruleset \"my/variant\"\ntitle   \"Backgammon: a blot is safe\"\nextends \"tables/backgammon\"\n\nclosed with 1\n",
    ),
    Entry::new(
        Code::E202,
        "a score by gammons that cannot apply",
        "`score gammon N` scores a win by what the loser has left: a gammon is a loser that has \
         borne off no piece, so it applies only where the first to bear off all wins; and a game \
         is scored one way, by gammons or by match points, not both. The message says which.",
        "ruleset \"my/variant\"\ntitle   \"Senet: gammons\"\nextends \"senet/bell-1960\"\n\nscore gammon 2\n",
        "ruleset \"my/variant\"\ntitle   \"Backgammon: gammons only\"\nextends \"tables/backgammon\"\n\nscore gammon 2\n",
    ),
    Entry::new(
        Code::E203,
        "a rule of a match that cannot apply",
        "`match games` and `match next game first` say how the games of a match are played, so \
         they apply only where a match is played (`match to N points`). Who moves first in the \
         next game cannot be said where a throw for seats decides the sides of every game. The \
         message says which.",
        "ruleset \"my/variant\"\ntitle   \"Backgammon: the winner begins the next game\"\nextends \"tables/backgammon\"\n\nmatch next game first: winner\n",
        "ruleset \"my/variant\"\ntitle   \"Backgammon: a match to 7 points\"\nextends \"tables/backgammon\"\n\nmatch to 7 points\nmatch next game first: winner\n",
    ),
    Entry::new(
        Code::E204,
        "a game of a match that cannot be played",
        "`match games` names the rule sets of a match's games, played in turn: each is a bundled \
         id or the path of a `.rules` file relative to the file that names it, and each must \
         check on its own (with its options' defaults). A game of a match is one game: it may not \
         name games of its own. The message says which; a game's own errors are shown beside it.",
        "ruleset \"my/variant\"\ntitle   \"Tavli: a match to 5 points\"\nextends \"tables/portes\"\n\nmatch to 5 points\nmatch games \"tables/portes\", \"tables/plakotto\", \"tables/fevga\"\n",
        "ruleset \"my/variant\"\ntitle   \"Tavli: a match to 5 points\"\nextends \"tables/portes\"\n\nmatch to 5 points\nmatch games \"tables/portes\", \"tables/plakoto\", \"tables/fevga\"\n",
    ),
    Entry::new(
        Code::E205,
        "pieces to unstack that are not there, or never could be",
        "`unstack first` takes the pieces stacked on a point at the start off their stacks, a \
         die of N taking one off on path position N: some side must start with two pieces or \
         more on one position, and every such position must be a number some die shows (a \
         stack on position 8 could never be taken off with six-sided dice). The message says \
         which.",
        "ruleset \"my/variant\"\ntitle   \"Hypergammon: unstack first\"\nextends \"tables/hypergammon\"\n\nunstack first\n",
        "ruleset \"my/variant\"\ntitle   \"Hypergammon: two back men stacked, unstacked first\"\nextends \"tables/hypergammon\"\n\nstart white on 24, 24, 23; black on 1, 1, 2\nunstack first\n",
    ),
    Entry::new(
        Code::E206,
        "throws repeated in a row voided, where the turn plays each throw as it comes",
        "`throws repeated N times in a row do not count` voids a run of equal throws among those \
         a turn holds: it is a rule of turns that bank their throws (`turn throw again on ... then \
         move each throw`), where the side throws on and plays them after. In a turn that plays \
         each throw as it comes, the throws before were played already: bank the throws, or \
         remove the rule.",
        "ruleset \"test/e206-repeated-throws-without-banking\"\ntitle   \"A race of three whose repeated throws do not count\"\nboard 1 x 8\nsides red, green, blue\npath 1..8\npieces 1 each\nstart waiting\nthrow die 4\nturn throw then move\nenter onto throw\ncapture to waiting\nthrows repeated 3 times in a row do not count\nbear off exact\nwin first to bear off all\n",
        "ruleset \"test/e206-repeated-throws-without-banking\"\ntitle   \"A race of three whose repeated throws do not count\"\nboard 1 x 8\nsides red, green, blue\npath 1..8\npieces 1 each\nstart waiting\nthrow die 4\nturn throw again on 4 then move each throw\nenter onto throw\ncapture to waiting\nthrows repeated 3 times in a row do not count\nbear off exact\nwin first to bear off all\n",
    ),
    Entry::new(
        Code::W001,
        "an option whose values no longer make a difference",
        "An inherited rule depended on an option through its `when OPTION is VALUE` forms, and \
         this file restates the rule without forms of its own: a statement replaces the inherited \
         one together with its `when` forms. Two values of the option that gave two different \
         games now give the same one, though the option still offers both. Say in this file \
         what the values do, or, where the line only states what one value did, make that value \
         the option's default instead.",
        "ruleset \"my/variant\"\ntitle   \"Senet: Kendall's with seven pieces\"\nextends \"senet/kendall\"\n\npieces 7 each\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: Kendall's with seven pieces\"\nextends \"senet/kendall\"\n\noption pieces: 5 | 7 | 1 | 2 | 3 | 4 default 7\n",
    ),
    Entry::new(
        Code::W002,
        "a variant with the title of the rule set it changes",
        "A file that extends another and changes its rules keeps its title if it says none (or \
         the same): `senet list` and `senet explain` would show two different games under one \
         name. Give the variant a title of its own. A rule restated as the file it extends has it \
         (with the options chosen) changes nothing; one stated under a condition counts as a \
         change, since other options may give it.",
        "ruleset \"my/variant\"\nextends \"senet/base\"\n\nblockade 2\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: blockades of two\"\nextends \"senet/base\"\n\nblockade 2\n",
    ),
    Entry::new(
        Code::W003,
        "a square effect that sends a piece to a square that may be taken",
        "`go to N` sends a piece to square N, and nowhere else: while N is taken, a piece that \
         lands on the square stays where it landed (after `on passing`, a move that would pass \
         the square is not legal). That is often not what was meant: `go to first free after N` \
         (or `before N`) sends the piece to the nearest free square instead. Where staying is \
         meant, a note on the rule says so, and the warning is not given: `[choice: ...]`, or a \
         `[source: ...]` note with a part that begins `choice:` (`[source: \"...\"; choice: \
         ...]`).",
        "ruleset \"my/variant\"\ntitle   \"Senet: the Water sends back to 15\"\nextends \"senet/base\"\n\nsquare 27: go to 15\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: the Water sends back to 15\"\nextends \"senet/base\"\n\nsquare 27: go to first free after 15\n",
    ),
    Entry::new(
        Code::W004,
        "every throw gives another throw after a move, or after a pass",
        "Where every value the throw can give earns another throw after a move (`extra throw \
         after`, `on move with ...: throw again`), a turn ends only when its side cannot move, \
         or with the game: on a board where a side can always move, the other side never plays. \
         Where every value earns another throw after a pass (`on pass with ...: throw again`), a \
         side that cannot move with any throw throws for ever. Both at once is an error (E184). \
         A game that meets such a turn is stopped unfinished once the turn has thrown as many \
         times as the turn cap (`--turn-cap`, 10,000). Leave a value out of the list, unless \
         the turn is meant to go on so. A rule that ends a turn (`end turn`, `may end turn`) \
         silences the warning.",
        "ruleset \"my/variant\"\ntitle   \"Senet: every throw throws again\"\nextends \"senet/base\"\n\nextra throw after 1, 2, 3, 4, 6\n",
        "ruleset \"my/variant\"\ntitle   \"Senet: more throws again\"\nextends \"senet/base\"\n\nextra throw after 1, 2, 4, 6\n",
    ),
];
