//! Every statement of the language, one entry per word a statement begins with: the word, an
//! example of each of its forms and its forms as the language reference writes them. Help lines
//! quote the examples (`forms`), and editors look a statement's form up in the reference
//! (`StatementKind::form`). A new statement is an entry here, its rule in the grammar, its
//! builder in `parser` and its lowering in `check`; the tests below hold the entries to the
//! grammar and to the parser.

use super::syntax::*;
use crate::types::{Doubles, Unstack, UseDice};

/// A statement, or the statements that begin with one word and are told apart by the words
/// after it (`pieces 5 each`, `pieces on 1..10 move only if ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The word it begins with.
    pub keyword: &'static str,
    /// An example of each form, as help lines quote them.
    pub examples: &'static [&'static str],
    /// Its forms as the language reference writes them: the first cells of docs/language.md's
    /// tables of statements (an event rule's, of its table of triggers), which
    /// [`StatementKind::form`] names. Some have no example of their own among the help's.
    pub forms: &'static [&'static str],
}

/// Every statement of the language. Where examples of two entries end alike, help lines quote the
/// later entry's.
pub const STATEMENTS: &[Entry] = &[
    Entry {
        keyword: "ruleset",
        examples: &["ruleset \"my/variant\""],
        forms: &["`ruleset \"ID\"`"],
    },
    Entry {
        keyword: "title",
        examples: &["title \"Senet: my variant\""],
        forms: &["`title \"TEXT\"`"],
    },
    Entry {
        keyword: "source",
        examples: &["source \"a book, page 12\"", "source none"],
        forms: &["`source \"TEXT\"`", "`source none`"],
    },
    Entry {
        keyword: "extends",
        examples: &["extends \"senet/base\""],
        forms: &["`extends \"ID-OR-PATH\"`"],
    },
    Entry {
        keyword: "option",
        examples: &["option pieces: 5 | 7 default 5"],
        forms: &["`option NAME: V1 | V2 ... default V`"],
    },
    Entry {
        keyword: "when",
        examples: &["when pieces is 7: pieces 7 each"],
        forms: &["`when OPTION is VALUE: STATEMENT`"],
    },
    Entry {
        keyword: "board",
        examples: &["board 3 x 10 snake", "board 3 x 8"],
        forms: &[
            "`board ROWS x COLS snake`",
            "`board ROWS x COLS` / `board ROWS x COLS rows`",
        ],
    },
    Entry {
        keyword: "gaps",
        examples: &["gaps 5, 6, 21..22"],
        forms: &["`gaps ITEMS`"],
    },
    Entry {
        keyword: "name",
        examples: &["name 26 \"House of Happiness\"", "name 26 none"],
        forms: &["`name N \"TEXT\"`"],
    },
    Entry {
        keyword: "label",
        examples: &["label 27 \"X\"", "label 27 none"],
        forms: &["`label N \"TEXT\"`"],
    },
    Entry {
        keyword: "sign",
        examples: &["sign 27 water", "sign 15 ankh", "sign 27 none"],
        forms: &["`sign N WORD`"],
    },
    Entry {
        keyword: "marks",
        examples: &["marks 4, 8, 14", "marks positions 4, 8", "marks none"],
        forms: &["`marks SET`"],
    },
    Entry {
        keyword: "link",
        examples: &["link 12 to 25"],
        forms: &["`link A to B`"],
    },
    Entry {
        keyword: "draw",
        examples: &[
            "draw 1..10 at 4..13, 2",
            "draw as tables",
            "draw as squares",
            "draw as cloth",
            "draw when neither side can move",
        ],
        forms: &[
            "`draw SQUARES at ROWS, COLUMNS`",
            "`draw as tables`",
            "`draw as squares`",
            "`draw as cloth`",
            "`draw when neither side can move`",
        ],
    },
    Entry {
        keyword: "path",
        examples: &[
            "path 1..30",
            "path red: 4..1, 9..16",
            "path red: loop 1..24",
            "path red: 1..29 | 30..58",
        ],
        forms: &[
            "`path ITEMS`",
            "`path SIDE: ITEMS`",
            "`path SIDE: loop ITEMS`",
            "`path SIDE: ITEMS | ITEMS ...`",
        ],
    },
    Entry {
        keyword: "shortcut",
        examples: &["shortcut 5, 21..25, 15"],
        forms: &["`shortcut SQUARES`"],
    },
    Entry {
        keyword: "sides",
        examples: &[
            "sides red, blue",
            "sides red, green, yellow, blue",
            "sides may pass",
            "sides pass only when they cannot move",
        ],
        forms: &[
            "`sides A, B`",
            "`sides A, B, C, ...`",
            "`sides may pass`",
            "`sides pass only when they cannot move`",
        ],
    },
    Entry {
        keyword: "teams",
        examples: &["teams red, yellow; green, blue"],
        forms: &["`teams A, C; B, D`"],
    },
    Entry {
        keyword: "colour",
        examples: &["colour red: red"],
        forms: &["`colour SIDE: COLOUR`"],
    },
    Entry {
        keyword: "pieces",
        examples: &[
            "pieces 5 each",
            "pieces on 1..10 move only if the square ahead is empty",
            "pieces on 30..34 move only when all are there",
            "pieces on positions 2 move only when none waits",
            "pieces may stop on 15, 26 and go on",
            "pieces leave the start after the first reaches position 13",
            "pieces leave the start any time",
            "pieces land on positions 24 only after 5 have left the start",
        ],
        forms: &[
            "`pieces N each`",
            "`pieces on SET move only if the square ahead is empty`",
            "`pieces on SET move only when all are there`",
            "`pieces on SET move only when none waits`",
            "`pieces may stop on SET and go on`",
            "`pieces leave the start after the first reaches position N`",
            "`pieces leave the start any time`",
            "`pieces land on SET only after N have left the start`",
        ],
    },
    Entry {
        keyword: "start",
        examples: &[
            "start waiting",
            "start alternating from 1",
            "start red on 1, 3, 5; blue on 2, 4, 6",
            "start red on 1, 1; blue on 2, 2; the rest waiting",
        ],
        forms: &[
            "`start waiting`",
            "`start alternating from N`",
            "`start SIDE on ITEMS; SIDE on ITEMS`",
            "`start SIDE on ITEMS; SIDE on ITEMS; the rest waiting`",
        ],
    },
    Entry {
        keyword: "first",
        examples: &[
            "first red",
            "first by throw-off, ties to red",
            "first by opening throw: one die each, the higher plays both",
            "first by opening throw: one die each, the higher throws again",
            "first double of each side played once",
            "first double of each side played as any other",
        ],
        forms: &[
            "`first SIDE`",
            "`first by throw-off, ties to SIDE`",
            "`first by opening throw: one die each, the higher plays both`",
            "`first by opening throw: one die each, the higher throws again`",
            "`first double of each side played once`",
            "`first double of each side played as any other`",
        ],
    },
    Entry {
        keyword: "throw",
        examples: &[
            "throw 4 sticks: 0 -> 5, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4",
            "throw 4 tetrahedral dice: 0 -> 0, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4",
            "throw 6 cowries: 0 -> 0, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4, 5 -> 5, 6 -> 6",
            "throw 4 sticks marked 4, 6, 14, 15: 0 -> 10, 2 -> 2, 3 -> 3, 4 -> 5",
            "throw die 6",
            "throw dice 6, 6: sum",
            "throw dice 4, 2: 1 1 -> 1, 2 1 -> 2, 3 1 -> 3, 4 1 -> 4, 1 2 -> 5, 2 2 -> 6, 3 2 -> 7, 4 2 -> 10",
            "throw dice 6, 6: each",
            "throw dice 6, 6, always 6: each",
        ],
        forms: &[
            "`throw N sticks: C -> V, ...`",
            "`throw N tetrahedral dice: C -> V, ...`",
            "`throw N cowries: C -> V, ...`",
            "`throw N sticks marked M, M, ...: C -> V, ...`",
            "`throw die N`",
            "`throw dice F, F, ...: sum`",
            "`throw dice F, F, ...: A B -> V, ...`",
            "`throw dice F, F, ...: each`",
            "`throw dice F, F, always N: each`",
        ],
    },
    Entry {
        keyword: "extra",
        examples: &[
            "extra throw after 1, 4, 5",
            "extra throw on 26",
            "extra throw after none",
            "extra throw on none",
            "extra throws add up",
            "extra throws count once",
            "extra throws at most 2 in a turn",
            "extra throws any number in a turn",
            "extra move of 1 after 10, 25",
            "extra move of 1 after 10, 25 entering first",
            "extra move none",
            "extra turn when all dice are equal",
            "extra turn never",
        ],
        forms: &[
            "`extra throw after V, V, ...`",
            "`extra throw on SET`",
            "`extra throw after none`",
            "`extra throw on none`",
            "`extra throws add up`",
            "`extra throws count once`",
            "`extra throws at most N in a turn`",
            "`extra throws any number in a turn`",
            "`extra move of V after V, V, ...`",
            "`extra move of V after V, V, ... entering first`",
            "`extra move none`",
            "`extra turn when all dice are equal`",
            "`extra turn never`",
        ],
    },
    Entry {
        keyword: "begin",
        examples: &["begin with 1", "begin with none"],
        forms: &["`begin with V, V, ...`"],
    },
    Entry {
        keyword: "each",
        examples: &[
            "each piece first moves with 1",
            "each piece first moves with none",
            "each piece first moves after the piece ahead has moved",
            "each piece first moves in any order",
        ],
        forms: &[
            "`each piece first moves with V, V, ...`",
            "`each piece first moves after the piece ahead has moved`",
            "`each piece first moves in any order`",
        ],
    },
    Entry {
        keyword: "turn",
        examples: &[
            "turn throw then move",
            "turn throw then split",
            "turn throw again on 1, 4, 5 then move each throw",
            "turn throw again on 1, 4, 5 then split",
        ],
        forms: &[
            "`turn throw then move`",
            "`turn throw then split`",
            "`turn throw again on V, V, ... then move each throw`",
            "`turn throw again on V, V, ... then split`",
        ],
    },
    Entry {
        keyword: "throws",
        examples: &[
            "throws count from 1 while no piece is on the board",
            "throws count always",
            "throws repeated 3 times in a row do not count",
            "throws repeated in a row count",
        ],
        forms: &[
            "`throws count from V, V, ... while no piece is on the board`",
            "`throws count always`",
            "`throws repeated N times in a row do not count`",
            "`throws repeated in a row count`",
        ],
    },
    Entry {
        keyword: "enter",
        examples: &[
            "enter onto throw",
            "enter onto throw after position 2",
            "enter with 4, 6 onto 1 if empty",
            "enter none",
        ],
        forms: &[
            "`enter onto throw`",
            "`enter onto throw after position N`",
            "`enter with V, V onto N`",
            "`enter none`",
        ],
    },
    Entry {
        keyword: "capture",
        examples: &[
            "capture swap",
            "capture to waiting",
            "capture to first free after 1",
            "capture removed",
            "capture pin",
            "capture to position 1",
            "capture none",
        ],
        forms: &[
            "`capture swap`",
            "`capture to waiting`",
            "`capture to N`",
            "`capture to first free after N` / `before N`",
            "`capture removed`",
            "`capture pin`",
            "`capture to position N`",
            "`capture none`",
        ],
    },
    Entry {
        keyword: "protect",
        examples: &["protect pairs", "protect none"],
        forms: &["`protect pairs`", "`protect none`"],
    },
    Entry {
        keyword: "safe",
        examples: &[
            "safe 26, 28..30",
            "safe positions 4, 8",
            "safe none",
            "safe squares shared",
            "safe squares closed",
        ],
        forms: &[
            "`safe SET`",
            "`safe squares shared`",
            "`safe squares closed`",
        ],
    },
    Entry {
        keyword: "partners",
        examples: &["partners share squares", "partners share no squares"],
        forms: &["`partners share squares`", "`partners share no squares`"],
    },
    Entry {
        keyword: "blockade",
        examples: &["blockade 3", "blockade none"],
        forms: &["`blockade N`", "`blockade none`"],
    },
    Entry {
        keyword: "stop",
        examples: &["stop on 26", "stop on none"],
        forms: &["`stop on SET`"],
    },
    Entry {
        keyword: "backward",
        examples: &[
            "backward when no forward move",
            "backward when the piece has no forward move onto empty squares",
            "backward when no forward move, split among pieces",
            "backward never",
        ],
        forms: &[
            "`backward when no forward move`",
            "`backward when the piece has no forward move`",
            "`backward when ... onto empty squares`",
            "`backward when no forward move, split among pieces`",
            "`backward never`",
        ],
    },
    Entry {
        keyword: "priority",
        examples: &["priority 26..30", "priority none"],
        forms: &["`priority SET`", "`priority none`"],
    },
    Entry {
        keyword: "stacks",
        examples: &[
            "stacks any",
            "stacks up to 5",
            "stacks none",
            "stacks up to 1 on positions 1..6",
            "stacks up to 1 on positions 1..11 until a piece reaches position 12",
            "stacks on at most 2 of positions 1..6",
            "stacks move together",
            "stacks move piece by piece",
        ],
        forms: &[
            "`stacks any`",
            "`stacks up to N`",
            "`stacks none`",
            "`stacks up to N on SET`",
            "`stacks up to N on SET until a piece reaches position M`",
            "`stacks on at most N of SET`",
            "`stacks move together`",
            "`stacks move piece by piece`",
        ],
    },
    Entry {
        keyword: "closed",
        examples: &["closed with 2", "closed with 1", "closed never"],
        forms: &["`closed with N`", "`closed never`"],
    },
    Entry {
        keyword: "dice",
        examples: &[
            "dice may be combined",
            "dice played apart",
            "dice take lone pieces on their number",
        ],
        forms: &[
            "`dice may be combined`",
            "`dice played apart`",
            "`dice take lone pieces on their number`",
        ],
    },
    Entry {
        keyword: "unused",
        examples: &["unused dice pass to the other side", "unused dice are lost"],
        forms: &[
            "`unused dice pass to the other side`",
            "`unused dice are lost`",
        ],
    },
    Entry {
        keyword: "once",
        examples: &["once all are borne off, they enter again as they started"],
        forms: &["`once all are borne off, they enter again as they started`"],
    },
    Entry {
        keyword: "doubles",
        examples: &[
            "doubles played twice",
            "doubles played once",
            "doubles played as one die",
            "doubles played three times",
            "doubles played as many times as they show",
            "doubles played as many pieces as they add up to",
            "doubles then opposite faces, optional",
            "doubles without opposite faces",
        ],
        forms: &[
            "`doubles played twice`",
            "`doubles played once`",
            "`doubles played as one die`",
            "`doubles played three times`",
            "`doubles played as many times as they show`",
            "`doubles played as many pieces as they add up to`",
            "`doubles then opposite faces, optional`",
            "`doubles without opposite faces`",
        ],
    },
    Entry {
        keyword: "pairs",
        examples: &[
            "pairs played twice when the third die is lower",
            "pairs played as thrown",
        ],
        forms: &[
            "`pairs played twice when the third die is lower`",
            "`pairs played as thrown`",
        ],
    },
    Entry {
        keyword: "unstack",
        examples: &[
            "unstack first",
            "unstack first, then restack",
            "unstack never",
        ],
        forms: &[
            "`unstack first`",
            "`unstack first, then restack`",
            "`unstack never`",
        ],
    },
    Entry {
        keyword: "use",
        examples: &[
            "use most dice, then the larger",
            "use most dice",
            "use most dice, the smaller or none",
        ],
        forms: &[
            "`use most dice, then the larger`",
            "`use most dice`",
            "`use most dice, the smaller or none`",
        ],
    },
    Entry {
        keyword: "double",
        examples: &["double 5 played as 5, 5, 6, 6"],
        forms: &["`double N played as D, D, ...`"],
    },
    Entry {
        keyword: "waiting",
        examples: &[
            "waiting pieces enter first",
            "waiting pieces enter any time",
        ],
        forms: &[
            "`waiting pieces enter first`",
            "`waiting pieces enter any time`",
        ],
    },
    Entry {
        keyword: "seats",
        examples: &["seats throw until 1, thrower plays blue", "seats none"],
        forms: &["`seats throw until V, thrower plays SIDE`", "`seats none`"],
    },
    Entry {
        keyword: "opening",
        examples: &[
            "opening blue: front piece moves 1 then throw again",
            "opening red: first move with front piece",
            "opening red: none",
        ],
        forms: &[
            "`opening SIDE: front piece moves N`",
            "`opening SIDE: front piece moves N then throw again`",
            "`opening SIDE: first move with front piece`",
            "`opening SIDE: none`",
        ],
    },
    Entry {
        keyword: "square",
        examples: &[
            "square 27: go to 15",
            "square 27: go to first free after 1",
            "square 27: none",
        ],
        forms: &[
            "`square N: go to M`",
            "`square N: go to first free after M`",
            "`square N: go to first free before M`",
            "`square N: none`",
        ],
    },
    Entry {
        keyword: "retreat",
        examples: &["retreat from 27 to 15", "retreat none"],
        forms: &["`retreat from SET to N`", "`retreat none`"],
    },
    Entry {
        keyword: "bear",
        examples: &[
            "bear off exact",
            "bear off exact from 26, 28..30",
            "bear off exact, or past the end from the hindmost",
            "bear off exact, or past the end when all on positions 19..24",
            "bear off at or past the end from 30",
            "bear off from 27 with 4, 5; from 30 with 2",
            "bear off from positions 44 with 2, 3, 4, 5, 6, 10; from positions 43 with 2",
            "bear off only when all on 21..30",
            "bear off only when none on 1..10",
            "bear off always",
            "bear off never",
        ],
        forms: &[
            "`bear off exact`",
            "`bear off exact from SET`",
            "`bear off exact, or past the end from the hindmost`",
            "`bear off exact, or past the end when all on SET`",
            "`bear off at or past the end`",
            "`bear off at or past the end from SET`",
            "`bear off from N with V, V; from N with V; ...`",
            "`bear off only when all on SET`",
            "`bear off only when none on SET`",
            "`bear off always`",
            "`bear off never`",
        ],
    },
    Entry {
        keyword: "only",
        examples: &[
            "only bear off from 28..30",
            "only pieces on 27 may move while one is there",
            "only pieces on positions 1 or waiting may move while one is there",
        ],
        forms: &[
            "`only bear off from SET`",
            "`only bear off from none`",
            "`only pieces on SET may move while one is there`",
            "`only pieces on SET or waiting may move while one is there`",
        ],
    },
    Entry {
        keyword: "no",
        examples: &[
            "no backward moves from 28..30",
            "no passing on 1..5",
            "no piece enters while one is on 2..6",
        ],
        forms: &[
            "`no backward moves from SET`",
            "`no passing on SET`",
            "`no piece enters while one is on SET`",
        ],
    },
    Entry {
        keyword: "one",
        examples: &["one direction each turn"],
        forms: &["`one direction each turn`"],
    },
    Entry {
        keyword: "any",
        examples: &["any direction each turn"],
        forms: &["`one direction each turn`"],
    },
    Entry {
        keyword: "win",
        examples: &[
            "win first to bear off all",
            "win most borne off",
            "win by capturing all",
            "win by pinning the last piece on the start: 2",
            "win with 2 on each of squares 19..24",
            "win with 3 on each of positions 10..12; 1 or more on each of positions 7..9",
            "win with 5 on each of positions 22..24 or 15 on each of positions 24",
            "win with none",
        ],
        forms: &[
            "`win first to bear off all`",
            "`win most borne off`",
            "`win by capturing all`",
            "`win by pinning the last piece on the start: N`",
            "`win with N on each of SET`",
            "`win with N on each of SET; M or more on each of SET ...`",
            "`win with PATTERN or PATTERN ...`",
            "`win with none`",
        ],
    },
    Entry {
        keyword: "lose",
        examples: &[
            "lose when a side cannot move",
            "lose when a captured piece cannot go back",
            "lose when a piece that can be taken is left",
        ],
        forms: &[
            "`lose when a side cannot move`",
            "`lose when a captured piece cannot go back`",
            "`lose when a piece that can be taken is left`",
        ],
    },
    Entry {
        keyword: "end",
        examples: &["end when decided", "end when board empty"],
        forms: &["`end when decided`", "`end when board empty`"],
    },
    Entry {
        keyword: "pass",
        examples: &["pass scores 5 for the other side", "pass scores none"],
        forms: &["`pass scores N for the other side`", "`pass scores none`"],
    },
    Entry {
        keyword: "match",
        examples: &[
            "match points 21..30: 1; 11..20: 2; 1..10: 3",
            "match points none",
            "match to 5 points",
            "match to none",
            "match games \"tables/portes\", \"tables/plakoto\", \"tables/fevga\"",
            "match games none",
            "match next game first: winner",
            "match next game first: loser",
            "match next game first: alternate",
            "match next game first: none",
        ],
        forms: &[
            "`match points ITEMS: P; ITEMS: P; ...`",
            "`match points none`",
            "`match to N points`",
            "`match to none`",
            "`match games \"ID\", \"ID\", ...`",
            "`match games none`",
            "`match next game first: winner`",
            "`match next game first: loser`",
            "`match next game first: alternate`",
            "`match next game first: none`",
        ],
    },
    Entry {
        keyword: "score",
        examples: &[
            "score gammon 2, backgammon 3 on positions 1..6",
            "score gammon 2",
            "score single",
        ],
        forms: &[
            "`score gammon N, backgammon M on SET`",
            "`score gammon N`",
            "`score single`",
        ],
    },
    Entry {
        keyword: "on",
        examples: &[
            "on landing on 27: go to first free after 15",
            "on capture: throw again",
            "on capture on 28..30: captured piece goes to 27",
            "on move with 1, 4: throw again",
            "on passing 26: go to 27",
            "on landing on 26 if its side has no pieces on 1..10: throw again",
            "on landing on 27: none",
        ],
        forms: &[
            "`landing on SET`",
            "`landing on SET by SIDE`",
            "`capture`",
            "`capture on SET`",
            "`move with V, V, ...`",
            "`pass with V, V, ...`",
            "`passing SET`",
            "`retreat`",
            "`entering`",
            "`each move`",
        ],
    },
];

/// The entry of the statements that begin with `keyword`.
pub fn entry(keyword: &str) -> Option<&'static Entry> {
    STATEMENTS.iter().find(|e| e.keyword == keyword)
}

impl StatementKind {
    /// The statement's form as the language reference writes it (the first cell of its row in
    /// docs/language.md): one of its entry's [`Entry::forms`]. An event rule's is its trigger's.
    pub fn form(&self) -> &'static str {
        use StatementKind as K;
        match self {
            K::Ruleset(_) => "`ruleset \"ID\"`",
            K::Title(_) => "`title \"TEXT\"`",
            K::Source(Some(_)) => "`source \"TEXT\"`",
            K::Source(None) => "`source none`",
            K::Extends(_) => "`extends \"ID-OR-PATH\"`",
            K::Option { .. } => "`option NAME: V1 | V2 ... default V`",
            K::Board {
                numbering: Numbering::Snake,
                ..
            } => "`board ROWS x COLS snake`",
            K::Board { .. } => "`board ROWS x COLS` / `board ROWS x COLS rows`",
            K::Gaps(_) => "`gaps ITEMS`",
            K::Name { .. } => "`name N \"TEXT\"`",
            K::Label { .. } => "`label N \"TEXT\"`",
            K::Sign { .. } => "`sign N WORD`",
            K::Marks(_) => "`marks SET`",
            K::Link { .. } => "`link A to B`",
            K::Draw { .. } => "`draw SQUARES at ROWS, COLUMNS`",
            K::DrawStyle(DrawStyle::Tables) => "`draw as tables`",
            K::DrawStyle(DrawStyle::Squares) => "`draw as squares`",
            K::DrawStyle(DrawStyle::Cloth) => "`draw as cloth`",
            K::Path { .. } | K::Shortcut(_) => path_form(self),
            K::Sides(names) if names.len() > 2 => "`sides A, B, C, ...`",
            K::Sides(_) => "`sides A, B`",
            K::Teams(_) => "`teams A, C; B, D`",
            K::Colour { .. } => "`colour SIDE: COLOUR`",
            K::Pieces(_) => "`pieces N each`",
            K::Start(StartSpec::Waiting) => "`start waiting`",
            K::Start(StartSpec::Alternating(_)) => "`start alternating from N`",
            K::Start(StartSpec::Explicit(_, false)) => "`start SIDE on ITEMS; SIDE on ITEMS`",
            K::Start(StartSpec::Explicit(_, true)) => {
                "`start SIDE on ITEMS; SIDE on ITEMS; the rest waiting`"
            }
            K::First {
                throw_off: true, ..
            } => "`first by throw-off, ties to SIDE`",
            K::First { .. } => "`first SIDE`",
            K::FirstByOpening(OpeningThrow::PlaysBoth) => {
                "`first by opening throw: one die each, the higher plays both`"
            }
            K::FirstByOpening(OpeningThrow::ThrowsAgain) => {
                "`first by opening throw: one die each, the higher throws again`"
            }
            K::Throw(spec) => spec.form(),
            K::ExtraAfter(v) if v.is_empty() => "`extra throw after none`",
            K::ExtraAfter(_) => "`extra throw after V, V, ...`",
            K::ExtraOn(SetExpr::None) => "`extra throw on none`",
            K::ExtraOn(_) => "`extra throw on SET`",
            K::FirstMove(_) => "`each piece first moves with V, V, ...`",
            K::FirstMoveOrder(true) => "`each piece first moves after the piece ahead has moved`",
            K::FirstMoveOrder(false) => "`each piece first moves in any order`",
            K::Begin(_) => "`begin with V, V, ...`",
            K::Turn(TurnSpec::ThrowThenMove) => "`turn throw then move`",
            K::Turn(TurnSpec::ThrowThenSplit) => "`turn throw then split`",
            K::Turn(TurnSpec::AccumulateThenSplit { .. }) => {
                "`turn throw again on V, V, ... then split`"
            }
            K::Turn(TurnSpec::AccumulateThenEach { .. }) => {
                "`turn throw again on V, V, ... then move each throw`"
            }
            K::Enter(spec) => enter_form(spec.as_ref()),
            K::Capture(spec) => capture_form(spec),
            K::Protect(true) => "`protect pairs`",
            K::Protect(false) => "`protect none`",
            K::Safe(_) => "`safe SET`",
            K::SafeShared(_) | K::PartnersShare(_) | K::SidesPass(_) => sharing_form(self),
            K::Blockade(Some(_)) => "`blockade N`",
            K::Blockade(None) => "`blockade none`",
            K::Stop(_) => "`stop on SET`",
            K::Backward(b) if !b.allowed => "`backward never`",
            K::Backward(b) if b.split => "`backward when no forward move, split among pieces`",
            K::Backward(b) if b.onto_empty => "`backward when ... onto empty squares`",
            K::Backward(b) if b.per_piece => "`backward when the piece has no forward move`",
            K::Backward(_) => "`backward when no forward move`",
            K::AheadEmpty(_) => "`pieces on SET move only if the square ahead is empty`",
            K::NoBackwardFrom(_) => "`no backward moves from SET`",
            K::OneDirection(_) => "`one direction each turn`",
            K::Priority(SetExpr::None) => "`priority none`",
            K::Priority(_) => "`priority SET`",
            K::Score(_)
            | K::Stacks(_)
            | K::StacksTogether(_)
            | K::Closed(_)
            | K::Doubles(_)
            | K::Unstack(_)
            | K::ExtraTurn(_)
            | K::Pairs(_)
            | K::StacksCount { .. }
            | K::LandAfter { .. }
            | K::UseDice(_)
            | K::EnterFirst(_)
            | K::StacksOn { .. }
            | K::LeaveStart(_)
            | K::Combined(_)
            | K::UnusedDice(_)
            | K::DiceTake
            | K::EnterAgain
            | K::DoubleList { .. }
            | K::OppositeFaces(_)
            | K::FirstDouble(_) => self.tables_form(),
            K::NoPassing(_) => "`no passing on SET`",
            K::StopAndGo(_) => "`pieces may stop on SET and go on`",
            K::ExtraAddUp(_) | K::ExtraCap(_) | K::ExtraMove(_) | K::RepeatVoid(_) => {
                extra_form(self)
            }
            K::CountFrom(v) if v.is_empty() => "`throws count always`",
            K::CountFrom(_) => "`throws count from V, V, ... while no piece is on the board`",
            K::Together(_) => "`pieces on SET move only when all are there`",
            K::NoneWaits(_) => "`pieces on SET move only when none waits`",
            K::EnterBarred(_) => "`no piece enters while one is on SET`",
            K::OnlyPiecesOn(_, false) => "`only pieces on SET may move while one is there`",
            K::OnlyPiecesOn(_, true) => {
                "`only pieces on SET or waiting may move while one is there`"
            }
            K::Seats(Some(_)) => "`seats throw until V, thrower plays SIDE`",
            K::Seats(None) => "`seats none`",
            K::Opening { rule, .. } => opening_form(rule.as_ref()),
            K::SquareEffect { effect: None, .. } => "`square N: none`",
            K::SquareEffect {
                effect: Some(Destination::Square(_)),
                ..
            } => "`square N: go to M`",
            K::SquareEffect {
                effect: Some(Destination::FirstFreeAfter(_)),
                ..
            } => "`square N: go to first free after M`",
            K::SquareEffect { .. } => "`square N: go to first free before M`",
            K::Retreat(_)
            | K::BearOff(_)
            | K::BearWhen(_)
            | K::OnlyBearOff(_)
            | K::Win(_)
            | K::PinWin(_)
            | K::PatternWin(_)
            | K::DrawStuck
            | K::LoseStuck
            | K::LoseNoWayBack
            | K::LoseUntaken
            | K::End(_)
            | K::MatchPoints(_)
            | K::MatchTo(_)
            | K::MatchGames(_)
            | K::MatchFirst(_)
            | K::PassScore(_) => self.end_form(),
            K::On { trigger, .. } => trigger.value.form(),
        }
    }

    /// [`StatementKind::form`] of the statements about retreats, bearing off, the end of the
    /// game and matches.
    fn end_form(&self) -> &'static str {
        use StatementKind as K;
        match self {
            K::Retreat(Some(_)) => "`retreat from SET to N`",
            K::Retreat(None) => "`retreat none`",
            K::BearOff(BearOffSpec::Exact { hindmost: true, .. }) => {
                "`bear off exact, or past the end from the hindmost`"
            }
            K::BearOff(BearOffSpec::Exact {
                past_when: Some(_), ..
            }) => "`bear off exact, or past the end when all on SET`",
            K::BearOff(BearOffSpec::Exact { from: None, .. }) => "`bear off exact`",
            K::BearOff(BearOffSpec::Exact { .. }) => "`bear off exact from SET`",
            K::BearOff(BearOffSpec::Past { from: None }) => "`bear off at or past the end`",
            K::BearOff(BearOffSpec::Past { .. }) => "`bear off at or past the end from SET`",
            K::BearOff(BearOffSpec::Table(_)) => "`bear off from N with V, V; from N with V; ...`",
            K::BearWhen(BearWhen::AllOn(_)) => "`bear off only when all on SET`",
            K::BearWhen(BearWhen::NoneOn(_)) => "`bear off only when none on SET`",
            K::BearWhen(BearWhen::Always) => "`bear off always`",
            K::BearWhen(BearWhen::Never) => "`bear off never`",
            K::OnlyBearOff(SetExpr::None) => "`only bear off from none`",
            K::OnlyBearOff(_) => "`only bear off from SET`",
            K::Win(WinSpec::FirstAllOff) => "`win first to bear off all`",
            K::Win(WinSpec::MostBorneOff) => "`win most borne off`",
            K::Win(WinSpec::CaptureAll) => "`win by capturing all`",
            K::PinWin(_) => "`win by pinning the last piece on the start: N`",
            K::PatternWin(Some(patterns)) if patterns.len() > 1 => {
                "`win with PATTERN or PATTERN ...`"
            }
            K::PatternWin(Some(patterns))
                if patterns.iter().flatten().count() == 1 && !patterns[0][0].or_more =>
            {
                "`win with N on each of SET`"
            }
            K::PatternWin(Some(_)) => "`win with N on each of SET; M or more on each of SET ...`",
            K::PatternWin(None) => "`win with none`",
            K::DrawStuck => "`draw when neither side can move`",
            K::LoseStuck => "`lose when a side cannot move`",
            K::LoseNoWayBack => "`lose when a captured piece cannot go back`",
            K::LoseUntaken => "`lose when a piece that can be taken is left`",
            K::End(EndSpec::Decided) => "`end when decided`",
            K::End(EndSpec::BoardEmpty) => "`end when board empty`",
            K::MatchPoints(p) if p.is_empty() => "`match points none`",
            K::MatchPoints(_) => "`match points ITEMS: P; ITEMS: P; ...`",
            K::MatchTo(Some(_)) => "`match to N points`",
            K::MatchTo(None) => "`match to none`",
            K::MatchGames(g) if g.is_empty() => "`match games none`",
            K::MatchGames(_) => "`match games \"ID\", \"ID\", ...`",
            K::MatchFirst(Some(NextFirst::Winner)) => "`match next game first: winner`",
            K::MatchFirst(Some(NextFirst::Loser)) => "`match next game first: loser`",
            K::MatchFirst(Some(NextFirst::Alternate)) => "`match next game first: alternate`",
            K::MatchFirst(None) => "`match next game first: none`",
            K::PassScore(Some(_)) => "`pass scores N for the other side`",
            K::PassScore(None) => "`pass scores none`",
            other => unreachable!("not a statement about the end: {other:?}"),
        }
    }
}

impl ThrowSpec {
    /// The form of a `throw` statement, as the reference writes it.
    fn form(&self) -> &'static str {
        match self {
            ThrowSpec::Sticks {
                lot: Lot::Sticks,
                marked,
                ..
            } if !marked.is_empty() => "`throw N sticks marked M, M, ...: C -> V, ...`",
            ThrowSpec::Sticks {
                lot: Lot::Sticks, ..
            } => "`throw N sticks: C -> V, ...`",
            ThrowSpec::Sticks {
                lot: Lot::Tetrahedra,
                ..
            } => "`throw N tetrahedral dice: C -> V, ...`",
            ThrowSpec::Sticks { .. } => "`throw N cowries: C -> V, ...`",
            ThrowSpec::Die { .. } => "`throw die N`",
            ThrowSpec::Dice {
                each: true, fixed, ..
            } if !fixed.is_empty() => "`throw dice F, F, always N: each`",
            ThrowSpec::Dice { each: true, .. } => "`throw dice F, F, ...: each`",
            ThrowSpec::Dice { table: None, .. } => "`throw dice F, F, ...: sum`",
            ThrowSpec::Dice { .. } => "`throw dice F, F, ...: A B -> V, ...`",
        }
    }
}

/// The form of an `opening` statement with this rule.
fn opening_form(rule: Option<&OpeningRule>) -> &'static str {
    match rule {
        None => "`opening SIDE: none`",
        Some(OpeningRule::FirstMoveWithFrontPiece) => "`opening SIDE: first move with front piece`",
        Some(OpeningRule::FrontPieceMoves {
            throw_again: true, ..
        }) => "`opening SIDE: front piece moves N then throw again`",
        Some(OpeningRule::FrontPieceMoves { .. }) => "`opening SIDE: front piece moves N`",
    }
}

/// [`StatementKind::form`] of an `enter` statement.
fn enter_form(spec: Option<&EnterSpec>) -> &'static str {
    match spec.map(|e| &e.onto) {
        None => "`enter none`",
        Some(EnterOnto::Throw(None)) => "`enter onto throw`",
        Some(EnterOnto::Throw(Some(_))) => "`enter onto throw after position N`",
        Some(EnterOnto::Position(_)) => "`enter with V, V onto N`",
    }
}

/// [`StatementKind::form`] of a `capture` statement.
fn capture_form(spec: &CaptureSpec) -> &'static str {
    match spec {
        CaptureSpec::Swap => "`capture swap`",
        CaptureSpec::Removed => "`capture removed`",
        CaptureSpec::Pin => "`capture pin`",
        CaptureSpec::ToPosition(_, None) => "`capture to position N`",
        CaptureSpec::ToPosition(..) => "`capture to positions N..M`",
        CaptureSpec::ToWaiting => "`capture to waiting`",
        CaptureSpec::To(Destination::Square(_)) => "`capture to N`",
        CaptureSpec::To(_) => "`capture to first free after N` / `before N`",
        CaptureSpec::None => "`capture none`",
    }
}

impl StatementKind {
    /// [`StatementKind::form`] for the rules of stacks, dice played one by one and gammons.
    fn tables_form(&self) -> &'static str {
        use StatementKind as K;
        match self {
            K::Score(None) => "`score single`",
            K::Score(Some(ScoreSpec::Gammon {
                backgammon: None, ..
            })) => "`score gammon N`",
            K::Score(Some(ScoreSpec::Gammon { .. })) => "`score gammon N, backgammon M on SET`",
            K::Score(Some(ScoreSpec::PiecesLeft)) => "`score pieces left`",
            K::Stacks(Stacking::Any) => "`stacks any`",
            K::Stacks(Stacking::UpTo(_)) => "`stacks up to N`",
            K::Stacks(Stacking::None) => "`stacks none`",
            K::StacksTogether(true) => "`stacks move together`",
            K::StacksTogether(false) => "`stacks move piece by piece`",
            K::Closed(Some(_)) => "`closed with N`",
            K::Closed(None) => "`closed never`",
            K::Doubles(Doubles::Twice) => "`doubles played twice`",
            K::Doubles(Doubles::Once) => "`doubles played once`",
            K::Doubles(Doubles::OneDie) => "`doubles played as one die`",
            K::Doubles(Doubles::Thrice) => "`doubles played three times`",
            K::Doubles(Doubles::AsShown) => "`doubles played as many times as they show`",
            K::Doubles(Doubles::Total) => "`doubles played as many pieces as they add up to`",
            K::ExtraTurn(true) => "`extra turn when all dice are equal`",
            K::ExtraTurn(false) => "`extra turn never`",
            K::Pairs(true) => "`pairs played twice when the third die is lower`",
            K::Pairs(false) => "`pairs played as thrown`",
            K::StacksCount { .. } => "`stacks on at most N of SET`",
            K::LandAfter { .. } => "`pieces land on SET only after N have left the start`",
            K::Unstack(Unstack::First) => "`unstack first`",
            K::Unstack(Unstack::ThenRestack) => "`unstack first, then restack`",
            K::Unstack(Unstack::Never) => "`unstack never`",
            K::UseDice(UseDice::ThenLarger) => "`use most dice, then the larger`",
            K::UseDice(UseDice::Most) => "`use most dice`",
            K::UseDice(UseDice::SmallerOrNone) => "`use most dice, the smaller or none`",
            K::DoubleList { .. } => "`double N played as D, D, ...`",
            K::OppositeFaces(true) => "`doubles then opposite faces, optional`",
            K::OppositeFaces(false) => "`doubles without opposite faces`",
            K::FirstDouble(true) => "`first double of each side played once`",
            K::FirstDouble(false) => "`first double of each side played as any other`",
            K::EnterFirst(true) => "`waiting pieces enter first`",
            K::EnterFirst(false) => "`waiting pieces enter any time`",
            K::StacksOn { until: None, .. } => "`stacks up to N on SET`",
            K::StacksOn { .. } => "`stacks up to N on SET until a piece reaches position M`",
            K::LeaveStart(Some(_)) => "`pieces leave the start after the first reaches position N`",
            K::LeaveStart(None) => "`pieces leave the start any time`",
            K::Combined(true) => "`dice may be combined`",
            K::Combined(false) => "`dice played apart`",
            K::UnusedDice(true) => "`unused dice pass to the other side`",
            K::UnusedDice(false) => "`unused dice are lost`",
            K::DiceTake => "`dice take lone pieces on their number`",
            K::EnterAgain => "`once all are borne off, they enter again as they started`",
            other => unreachable!("not a rule of stacks, dice or gammons: {other:?}"),
        }
    }
}

impl Trigger {
    /// The trigger's form as the reference's table of triggers writes it.
    pub fn form(&self) -> &'static str {
        match self {
            Trigger::Capture(None) => "`capture`",
            Trigger::Capture(Some(_)) => "`capture on SET`",
            Trigger::Move(_) => "`move with V, V, ...`",
            Trigger::Pass(_) => "`pass with V, V, ...`",
            Trigger::Landing(_, None) => "`landing on SET`",
            Trigger::Landing(_, Some(_)) => "`landing on SET by SIDE`",
            Trigger::Passing(_) => "`passing SET`",
            Trigger::Retreat => "`retreat`",
            Trigger::Entering => "`entering`",
            Trigger::EachMove => "`each move`",
        }
    }
}

impl Effect {
    /// The effect's form as the reference's table of effects writes it.
    pub fn form(&self) -> &'static str {
        match self {
            Effect::ThrowAgain => "`throw again`",
            Effect::MayThrowAgain => "`may throw again`",
            Effect::GoTo {
                capturing: Some(_), ..
            } => "`go to M capturing`",
            Effect::GoTo { stop: true, .. } => "`go to DEST and stop`",
            Effect::GoTo { .. } => "`go to DEST`",
            Effect::GoToWaiting => "`go to waiting`",
            Effect::Removed => "`piece is removed`",
            Effect::MayOther(inner) if matches!(**inner, Effect::GoToWaiting | Effect::Removed) => {
                "`may go to waiting`, `may piece is removed`"
            }
            Effect::MayOther(inner) => inner.form(),
            Effect::MayGoTo {
                capturing: Some(_), ..
            } => "`may go to M capturing`",
            Effect::MayGoTo { .. } => "`may go to DEST`",
            Effect::Captured(CapturedPlace::Waiting) => "`captured piece goes to waiting`",
            Effect::Captured(CapturedPlace::To(_)) => "`captured piece goes to DEST`",
            Effect::Captured(CapturedPlace::Removed) => "`captured piece is removed`",
            Effect::EndTurn => "`end turn`",
            Effect::MayEndTurn => "`may end turn`",
            Effect::LoseTurn => "`lose next turn`",
            Effect::MovesNext {
                ignoring_pairs: true,
                ..
            } => "`piece moves next ignoring pairs`",
            Effect::MovesNext {
                or_waiting: true, ..
            } => "`piece moves next or goes back to waiting`",
            Effect::MovesNext { .. } => "`piece moves next`",
            Effect::OnlyPiecesOn(_) => "`only pieces on SET may move`",
        }
    }
}

/// The form of a rule on how many extra throws there are: a move's, or a turn's.
fn extra_form(kind: &StatementKind) -> &'static str {
    match kind {
        StatementKind::ExtraAddUp(true) => "`extra throws add up`",
        StatementKind::ExtraAddUp(false) => "`extra throws count once`",
        StatementKind::ExtraCap(Some(_)) => "`extra throws at most N in a turn`",
        StatementKind::ExtraMove(Some(m)) if m.entering_first => {
            "`extra move of V after V, V, ... entering first`"
        }
        StatementKind::ExtraMove(Some(_)) => "`extra move of V after V, V, ...`",
        StatementKind::ExtraMove(None) => "`extra move none`",
        StatementKind::RepeatVoid(Some(_)) => "`throws repeated N times in a row do not count`",
        StatementKind::RepeatVoid(None) => "`throws repeated in a row count`",
        _ => "`extra throws any number in a turn`",
    }
}

/// The form of a path or a shortcut.
fn path_form(kind: &StatementKind) -> &'static str {
    use StatementKind as K;
    match kind {
        K::Path { side: None, .. } => "`path ITEMS`",
        K::Path { looped: true, .. } => "`path SIDE: loop ITEMS`",
        K::Path { breaks, .. } if !breaks.is_empty() => "`path SIDE: ITEMS | ITEMS ...`",
        K::Path { .. } => "`path SIDE: ITEMS`",
        K::Shortcut(_) => "`shortcut SQUARES`",
        other => unreachable!("not a path: {other:?}"),
    }
}

/// The form of a rule of the engine for many sides: pieces of several sides sharing squares, and
/// passing at will.
fn sharing_form(kind: &StatementKind) -> &'static str {
    match kind {
        StatementKind::SafeShared(true) => "`safe squares shared`",
        StatementKind::SafeShared(false) => "`safe squares closed`",
        StatementKind::PartnersShare(true) => "`partners share squares`",
        StatementKind::SidesPass(true) => "`sides may pass`",
        StatementKind::SidesPass(false) => "`sides pass only when they cannot move`",
        _ => "`partners share no squares`",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::parser::{Grammar, Rule};
    use crate::lang::{SourceFile, parse_file};
    use pest::Parser as _;
    use pest::error::InputLocation;
    use std::collections::BTreeSet;

    /// Lines of the forms whose examples help lines do not quote.
    const MORE: &[&str] = &[
        "capture to 5",
        "backward when the piece has no forward move",
        "opening red: front piece moves 1",
        "square 27: go to first free before 1",
        "bear off at or past the end",
        "only bear off from none",
        "on pass with 1: throw again",
        "on landing on 5 by red: throw again",
        "on retreat: end turn",
        "on entering: throw again",
        "on each move: only pieces on 1 may move",
    ];

    /// The form of the one statement `line` holds, and the word it begins with.
    fn form_of(line: &str) -> (&'static str, String) {
        let (parsed, errors) = parse_file(&SourceFile::new("example.rules", line));
        assert!(errors.is_empty(), "`{line}` does not parse: {errors:?}");
        let [statement] = parsed.statements.as_slice() else {
            panic!("`{line}` is not one statement");
        };
        let form = match statement.condition {
            Some(_) => entry("when").map_or("", |e| e.forms[0]),
            None => statement.kind.form(),
        };
        let word = line.split_whitespace().next().unwrap_or("");
        (form, word.to_string())
    }

    #[test]
    fn every_example_is_a_statement_of_one_of_its_entrys_forms() {
        let mut reached = BTreeSet::new();
        for e in STATEMENTS {
            for example in e.examples {
                let (form, word) = form_of(example);
                assert_eq!(
                    word, e.keyword,
                    "`{example}` is listed under `{}`",
                    e.keyword
                );
                assert!(
                    e.forms.contains(&form),
                    "`{example}` is {form}, not a form of its entry"
                );
                reached.insert((e.keyword, form));
            }
        }
        for line in MORE {
            let (form, word) = form_of(line);
            let e = entry(&word).unwrap_or_else(|| panic!("`{line}` begins with no entry's word"));
            assert!(
                e.forms.contains(&form),
                "`{line}` is {form}, not a form of its entry"
            );
            reached.insert((e.keyword, form));
        }
        for e in STATEMENTS {
            for form in e.forms {
                assert!(
                    reached.contains(&(e.keyword, *form)),
                    "no example of {form} (`{}`)",
                    e.keyword
                );
            }
        }
    }

    /// The words the grammar's statements begin with (`when` for a condition), each as it is
    /// written: a keyword begins a statement if the statement's rule reads all of it.
    fn grammar_words() -> BTreeSet<String> {
        let statements = Rule::all_rules()
            .iter()
            .filter(|r| format!("{r:?}").ends_with("_stmt") || **r == Rule::conditional);
        let mut out = BTreeSet::new();
        for &kind in statements {
            for rule in Rule::all_rules() {
                let Some(word) = format!("{rule:?}")
                    .strip_prefix("kw_")
                    .map(|w| w.replace('_', "-"))
                else {
                    continue;
                };
                let read = match Grammar::parse(kind, &word) {
                    Ok(_) => word.len(),
                    Err(e) => match e.location {
                        InputLocation::Pos(p) | InputLocation::Span((p, _)) => p,
                    },
                };
                if read >= word.len() {
                    out.insert(word);
                }
            }
        }
        out
    }

    #[test]
    fn every_word_a_statement_of_the_grammar_begins_with_has_its_entry() {
        let words: BTreeSet<String> = STATEMENTS.iter().map(|e| e.keyword.to_string()).collect();
        assert_eq!(words.len(), STATEMENTS.len(), "two entries for one word");
        assert_eq!(words, grammar_words());
    }
}
