//! The language reference for editors: each statement, trigger and effect with the words
//! docs/language.md gives it (its tables, row for row; `tests/ide.rs` holds them equal).

/// A form of the language and what it means, as the reference writes them (Markdown).
pub struct Entry {
    /// How the form is written, e.g. `` `blockade N` ``.
    pub form: &'static str,
    /// What it means.
    pub text: &'static str,
}

/// An effect of an event rule: the triggers it goes with and what it does.
pub struct EffectEntry {
    pub form: &'static str,
    /// The triggers it may follow.
    pub with: &'static str,
    pub text: &'static str,
}

/// `when OPTION is VALUE: STATEMENT`, as the reference words it.
pub const WHEN: Entry = Entry {
    form: "`when OPTION is VALUE: STATEMENT`",
    text: "applies the statement only when OPTION has that value, and then it overrides the unconditional statement with the same key.",
};

/// Every statement of the reference's tables, in its order.
pub const STATEMENTS: &[Entry] = &[
    Entry {
        form: r#"`ruleset "ID"`"#,
        text: r#"The rule set's id, e.g. `senet/kendall`; by custom the first statement of a file (a file without one is named by its path). Bundled ids are the file's path under `rulesets/` without `.rules`."#,
    },
    Entry {
        form: r#"`title "TEXT"`"#,
        text: r#"One line of English, shown by `senet list`."#,
    },
    Entry {
        form: r#"`source "TEXT"`"#,
        text: r#"A document the rules come from, and its section. Repeatable; sources accumulate (a variant adds its own to the ones it inherits)."#,
    },
    Entry {
        form: r#"`extends "ID-OR-PATH"`"#,
        text: r#"Start from another rule set: a bundled id, or a path relative to this file. See [extends](#when-extends-and-replacement-by-key)."#,
    },
    Entry {
        form: r#"`option NAME: V1 \| V2 ... default V`"#,
        text: r#"An option the user chooses with `--option NAME=VALUE` (each option at most once: E113). Values are whole numbers, ranges `a..b` (every whole number from a to b), or words such as `on`/`off`. The default must be one of the values."#,
    },
    Entry {
        form: r#"`board ROWS x COLS` / `board ROWS x COLS rows`"#,
        text: r#"A grid of ROWS × COLS squares numbered 1.. row by row, each row left to right. `rows` is the default."#,
    },
    Entry {
        form: r#"`board ROWS x COLS snake`"#,
        text: r#"The same grid numbered as a snake: row 1 left to right, row 2 right to left, row 3 left to right, and so on."#,
    },
    Entry {
        form: r#"`gaps ITEMS`"#,
        text: r#"Squares of the grid (numbers of the full grid) that are not part of the board. They are never drawn and no path may use them."#,
    },
    Entry {
        form: r#"`name N "TEXT"`"#,
        text: r#"The name of square N, e.g. `"House of Happiness"`. `name N none` takes an inherited name away."#,
    },
    Entry {
        form: r#"`label N "TEXT"`"#,
        text: r#"A short text drawn on square N, e.g. `X`, `III`. `label N none` takes an inherited label away."#,
    },
    Entry {
        form: r#"`marks SET`"#,
        text: r#"Squares drawn with a mark (a rosette). Marks are drawing only: what a mark does is said by `safe`, `extra throw on` and the like."#,
    },
    Entry {
        form: r#"`draw SQUARES at ROWS, COLUMNS`"#,
        text: r#"Where squares are drawn, for a board that is not a grid (the holes of Hounds and Jackals): rows and columns of a drawing, from 0 at the top left. A range of rows or columns runs along the range of squares, one each; a single number holds for all. Once one square is drawn at a point every square must be, each at a point of its own (at most row and column 40). Drawing only: moves still follow the paths."#,
    },
    Entry {
        form: r#"`path ITEMS`"#,
        text: r#"One path shared by both sides."#,
    },
    Entry {
        form: r#"`path SIDE: ITEMS`"#,
        text: r#"The path of one side (one statement per side). Sides may share squares (a shared lane)."#,
    },
    Entry {
        form: r#"`path SIDE: loop ITEMS`"#,
        text: r#"A loop: after its last square a piece goes on from its first, round and round (Tab's capture tracks). No piece bears off a loop, so the `bear off` rule need not be said where every path is one, and the game is won by capturing (`win by capturing all`). The loop closes from its last square to its first whether or not they touch on the board. Each square once, in one part; not with backward moves, pairs that protect or traps (E160)."#,
    },
    Entry {
        form: r#"`path SIDE: ITEMS \| ITEMS ...`"#,
        text: r#"A path in parts, each running to the goal: a piece moves on within its part and bears off one past the part's end (never running on into the next part); an effect (a line) may take it from one part to another. Not with backward moves or traps (E160)."#,
    },
    Entry {
        form: r#"`sides A, B`"#,
        text: r#"The side names, in side order. The first side listed moves first unless `first` (or a seat ritual) says otherwise. Positions, game records and statistics use these names."#,
    },
    Entry {
        form: r#"`colour SIDE: COLOUR`"#,
        text: r#"The terminal colour of a side's pieces: `red`, `blue`, `green`, `yellow`, `white`, `black`, `magenta` or `cyan`."#,
    },
    Entry {
        form: r#"`pieces N each`"#,
        text: r#"Each side has N pieces."#,
    },
    Entry {
        form: r#"`start waiting`"#,
        text: r#"Every piece starts off the board, waiting to enter (see `enter`)."#,
    },
    Entry {
        form: r#"`start alternating from N`"#,
        text: r#"The first side on path position N, the second on N+1, the first on N+2, ... until each side has all its pieces on the board."#,
    },
    Entry {
        form: r#"`start SIDE on ITEMS; SIDE on ITEMS`"#,
        text: r#"Explicit squares for each side; each side lists as many squares as it has pieces."#,
    },
    Entry {
        form: r#"`first SIDE`"#,
        text: r#"The side that moves first."#,
    },
    Entry {
        form: r#"`first by throw-off, ties to SIDE`"#,
        text: r#"Before the first turn each side throws once, in side order (the throws move nothing); the higher throw moves first, and on equal throws SIDE does. Not with a `seats` ritual (E160)."#,
    },
    Entry {
        form: r#"`throw N sticks: C -> V, ...`"#,
        text: r#"N fair two-sided sticks. The count C of sides that land light up (0..N) is mapped to the move value V. Every count 0..N appears exactly once. Count C comes with probability (N choose C) / 2^N: for four sticks 1, 4, 6, 4, 1 in 16."#,
    },
    Entry {
        form: r#"`throw die N`"#,
        text: r#"A fair die with faces 1..N, each with probability 1/N."#,
    },
    Entry {
        form: r#"`throw dice F, F, ...: sum`"#,
        text: r#"Fair dice (1 to 4 of them) with F faces each (2 to 12); the throw is the sum of the faces shown."#,
    },
    Entry {
        form: r#"`throw dice F, F, ...: A B -> V, ...`"#,
        text: r#"The same dice; each combination of faces shown (the first die's face first) gives the value V. Every combination appears exactly once, and each is equally likely."#,
    },
    Entry {
        form: r#"`extra throw after V, V, ...`"#,
        text: r#"After a move made with one of these throw values the same side throws again. It applies to every move, backward moves and entering included."#,
    },
    Entry {
        form: r#"`extra throw after none`"#,
        text: r#"No extra throw by throw value."#,
    },
    Entry {
        form: r#"`extra throw on SET`"#,
        text: r#"A move that ends on one of these squares gives the same side an extra throw, and so does a move whose piece a square effect sends onto one."#,
    },
    Entry {
        form: r#"`extra throw on none`"#,
        text: r#"No extra throw by square."#,
    },
    Entry {
        form: r#"`each piece first moves with V, V, ...`"#,
        text: r#"A piece that started on the board and has not moved yet moves only with one of these throws (and then by that throw, as any move): each piece is unlocked on its own (Tab: "Each piece in the home row must individually be unlocked with a throw of 1 before it can move"). A piece captured before it moved is no longer waited for. Not with split turns, nor where every piece starts waiting (E160). Which pieces have not moved is part of a position (`unmoved` in JSON positions); a solved table cannot hold it (`solve --table` refuses such rules). `each piece first moves with none`: any throw (the default)."#,
    },
    Entry {
        form: r#"`begin with V, V, ...`"#,
        text: r#"A side makes no move until it throws one of these values: every throw before that is a pass for it (the `on pass with` rules apply). The throw that begins is played like any other, and begins the side even if it has no legal move. A forced opening move (which takes no throw) begins its side too. Not with split turns. `begin with none`: every side may move from its first throw (the default)."#,
    },
    Entry {
        form: r#"`turn throw then move`"#,
        text: r#"The default. A turn is: throw, then move one piece exactly the thrown value (the throw cannot be split or shortened)."#,
    },
    Entry {
        form: r#"`turn throw then split`"#,
        text: r#"A turn is one throw, which the player may split among pieces (below). A piece enters only with a whole throw. Extra throws come after the whole split move."#,
    },
    Entry {
        form: r#"`turn throw again on V, V, ... then split`"#,
        text: r#"A turn first throws until a throw is not one of these values, and adds up all the throws of the turn. Only then does the player move, splitting the total among pieces (below)."#,
    },
    Entry {
        form: r#"`turn throw again on V, V, ... then move each throw`"#,
        text: r#"A turn first throws until a throw is not one of these values, keeping every throw. Then the player plays them one at a time, in any order: each throw moves one piece by its whole value (a piece may move again with another throw). The turn ends when every throw is played, or when none of those left can be (the rest are lost)."#,
    },
    Entry {
        form: r#"`enter onto throw`"#,
        text: r#"A waiting piece enters on the path position equal to the throw (a 3 enters on position 3)."#,
    },
    Entry {
        form: r#"`enter with V, V onto N`"#,
        text: r#"Only these throws may enter a piece, and it enters on path position N."#,
    },
    Entry {
        form: r#"`... if empty`"#,
        text: r#"Entering is allowed only if the entry square is empty."#,
    },
    Entry {
        form: r#"`enter none`"#,
        text: r#"Pieces never enter (there are no waiting pieces)."#,
    },
    Entry {
        form: r#"`capture swap`"#,
        text: r#"The captured piece goes to the square the capturing piece came from."#,
    },
    Entry {
        form: r#"`capture removed`"#,
        text: r#"The captured piece leaves the game for good ("removed")."#,
    },
    Entry {
        form: r#"`capture to waiting`"#,
        text: r#"The captured piece goes back to waiting and must enter again."#,
    },
    Entry {
        form: r#"`capture to N`"#,
        text: r#"The captured piece goes to square N. If N is taken, the capture cannot be made: the move is not legal."#,
    },
    Entry {
        form: r#"`capture to first free after N` / `before N`"#,
        text: r#"To square N if empty, else to the nearest empty square after (before) N along its path; if there is none, the capture cannot be made."#,
    },
    Entry {
        form: r#"`capture none`"#,
        text: r#"Nothing is captured: a move may not end on an enemy piece."#,
    },
    Entry {
        form: r#"`protect pairs`"#,
        text: r#"A piece with a piece of its own side on the neighbouring path square, before or after it, cannot be captured."#,
    },
    Entry {
        form: r#"`protect none`"#,
        text: r#"Neighbours give no protection."#,
    },
    Entry {
        form: r#"`safe SET`"#,
        text: r#"A piece on one of these squares cannot be captured. `safe none`: no safe squares."#,
    },
    Entry {
        form: r#"`blockade N`"#,
        text: r#"N or more pieces of one side on consecutive path squares form a blockade: the other side's pieces may not pass over it, forwards or backwards. The owner's own pieces may."#,
    },
    Entry {
        form: r#"`blockade none`"#,
        text: r#"No blockades."#,
    },
    Entry {
        form: r#"`stop on SET`"#,
        text: r#"No move may pass over these squares: a piece reaches them only by an exact throw and moves on from there on a later move. Applies to every move, backwards included. `stop on none`: no such squares."#,
    },
    Entry {
        form: r#"`backward when no forward move`"#,
        text: r#"A move is compulsory. If the side has no legal forward move (entering counts as forward), it must move one piece backwards by the throw, under the same rules (blockades, stops, landing, capture). A backward move never goes before position 1. If no backward move exists either, the side passes."#,
    },
    Entry {
        form: r#"`backward when the piece has no forward move`"#,
        text: r#"Backward moves are decided piece by piece: every piece that has no legal forward move may move backwards by the throw (under the same rules), while other pieces move forwards. Not with split turns."#,
    },
    Entry {
        form: r#"`backward when ... onto empty squares`"#,
        text: r#"Either form, but a backward move never lands on a piece: it captures nothing."#,
    },
    Entry {
        form: r#"`backward never`"#,
        text: r#"Pieces never move backwards: with no legal move, the side passes."#,
    },
    Entry {
        form: r#"`pieces on SET move only if the square ahead is empty`"#,
        text: r#"A piece on these squares moves (forwards or backwards) only while the next square along its path holds no piece of either side. `pieces on none move only if the square ahead is empty`: no such squares."#,
    },
    Entry {
        form: r#"`no backward moves from SET`"#,
        text: r#"Where backward moves apply, no piece moves backwards from these squares. `no backward moves from none`: from any square."#,
    },
    Entry {
        form: r#"`one direction each turn`"#,
        text: r#"All the moves of a turn go one way: once a side has moved a piece forward in its turn (entering counts), it moves none backwards until the turn ends, even where it has no forward move (it passes); once it has moved one backwards, every other move of that turn is backwards, even where one could go forward. A retreat goes neither way. Needs backward moves (E160 otherwise). The way a turn has moved is part of a position (`moved_this_turn` in [JSON positions](formats.md)); `senet solve` has no table for such rules. `any direction each turn`: the default."#,
    },
    Entry {
        form: r#"`priority SET`"#,
        text: r#"Whenever a piece on one of these squares can move, the player must move one of them."#,
    },
    Entry {
        form: r#"`priority none`"#,
        text: r#"No forced moves of this kind."#,
    },
    Entry {
        form: r#"`no passing on SET`"#,
        text: r#"No piece passes over a piece of its own side standing on these squares, forwards, backwards or entering (Tab: "Pieces cannot move past one another in the home row"); an enemy piece there may be passed. `no passing on none`: anywhere."#,
    },
    Entry {
        form: r#"`pieces on SET move only when all are there`"#,
        text: r#"A piece on these squares moves only once every piece its side has in play (on the board or waiting) stands on them; pieces out of the game are not waited for. Until then it stays, and so do the others that have come (Tab: "When a piece reaches the opponent's starting row, it cannot move if there are other pieces belonging to the player outside of this row"). `pieces on none move only when all are there`: no such squares."#,
    },
    Entry {
        form: r#"`only pieces on SET may move while one is there`"#,
        text: r#"While a side has a piece on one of these squares, it may move only its pieces there (forwards, or backwards where backward moves apply); no piece enters. If none of them can move, the side passes. `only pieces on none may move while one is there`: no such squares. The same as the event rule `on each move if its side has pieces on SET: only pieces on SET may move`, which may also hold other pieces than the condition names ([event rules](#event-rules))."#,
    },
    Entry {
        form: r#"`seats throw until V, thrower plays SIDE`"#,
        text: r#"Before the game the players throw in turn until one of them throws V. That player takes SIDE, and SIDE moves first."#,
    },
    Entry {
        form: r#"`seats none`"#,
        text: r#"No seat ritual: sides are taken in order and `first` (or side order) says who starts."#,
    },
    Entry {
        form: r#"`opening SIDE: front piece moves N`"#,
        text: r#"SIDE's first move is forced: its front piece (the one furthest along the path) moves N steps, without a throw."#,
    },
    Entry {
        form: r#"`opening SIDE: front piece moves N then throw again`"#,
        text: r#"The same, and then SIDE throws again."#,
    },
    Entry {
        form: r#"`opening SIDE: first move with front piece`"#,
        text: r#"SIDE's first move must use its front piece, by whatever SIDE throws."#,
    },
    Entry {
        form: r#"`opening SIDE: none`"#,
        text: r#"No opening rule for SIDE."#,
    },
    Entry {
        form: r#"`square N: go to M`"#,
        text: r#"A piece that ends its move on square N goes at once to square M."#,
    },
    Entry {
        form: r#"`square N: go to first free after M`"#,
        text: r#"... to M if it is empty, else to the nearest empty square after M along the path."#,
    },
    Entry {
        form: r#"`square N: go to first free before M`"#,
        text: r#"... to M if it is empty, else to the nearest empty square before M along the path."#,
    },
    Entry {
        form: r#"`square N: none`"#,
        text: r#"Square N has no effect."#,
    },
    Entry {
        form: r#"`retreat from SET to N`"#,
        text: r#"A piece on SET may retreat to square N with any throw, while N is empty. A retreat is a move of its own: it is neither forward nor backward, so it never stops a side from moving backwards and is never forced. A piece on SET is never forced to move at all: when every legal move is of such pieces, the player may also leave them where they are (the move with no step; it uses the throw). Not with split turns."#,
    },
    Entry {
        form: r#"`retreat none`"#,
        text: r#"No piece retreats (the default)."#,
    },
    Entry {
        form: r#"`bear off exact`"#,
        text: r#"Exact exit: a piece bears off only by a move that ends exactly one step past the last path position. A throw that would carry it further is not a legal move for that piece (no bouncing back)."#,
    },
    Entry {
        form: r#"`bear off exact from SET`"#,
        text: r#"Exact exit, and only from these squares (or positions)."#,
    },
    Entry {
        form: r#"`bear off at or past the end`"#,
        text: r#"A piece bears off by any move that reaches one step past the last path position or would go further."#,
    },
    Entry {
        form: r#"`bear off at or past the end from SET`"#,
        text: r#"The same, and only from these squares (or positions)."#,
    },
    Entry {
        form: r#"`bear off from N with V, V; from N with V; ...`"#,
        text: r#"Per-square exits: a piece bears off only from the listed squares and only with the listed throws, whatever distance they cover. No other move leaves the board."#,
    },
    Entry {
        form: r#"`bear off only when all on SET`"#,
        text: r#"Only while every piece of the side not yet borne off stands on SET."#,
    },
    Entry {
        form: r#"`bear off only when none on SET`"#,
        text: r#"Only while no piece of the side stands on SET."#,
    },
    Entry {
        form: r#"`bear off always`"#,
        text: r#"No condition."#,
    },
    Entry {
        form: r#"`only bear off from SET`"#,
        text: r#"A piece on SET may not move on along the path: it bears off by an allowed exit throw, or it does not move."#,
    },
    Entry {
        form: r#"`only bear off from none`"#,
        text: r#"No such square (the default)."#,
    },
    Entry {
        form: r#"`win first to bear off all`"#,
        text: r#"The first side to bear off all its pieces wins, and the game ends."#,
    },
    Entry {
        form: r#"`win most borne off`"#,
        text: r#"The side with more pieces borne off wins; equal counts are a draw."#,
    },
    Entry {
        form: r#"`win by capturing all`"#,
        text: r#"The side that takes every piece of the other out of the game wins. Only where every path is a loop (pieces that bear off could never be captured) and pieces can leave the game (`capture removed`, a `captured piece is removed` or `piece is removed` rule; E160 otherwise)."#,
    },
    Entry {
        form: r#"`end when decided`"#,
        text: r#"The game ends as soon as the result can no longer change (for `win most borne off`: as soon as one side has borne off more pieces than the other can still reach)."#,
    },
    Entry {
        form: r#"`end when board empty`"#,
        text: r#"The game ends when no piece is left in play."#,
    },
    Entry {
        form: r#"`match points ITEMS: P; ITEMS: P; ...`"#,
        text: r#"For a series of games: the winner scores P points for each enemy piece still on those squares when the game ends."#,
    },
    Entry {
        form: r#"`match points none`"#,
        text: r#"No match scoring."#,
    },
];

/// The triggers of event rules (`on TRIGGER: ...`).
pub const TRIGGERS: &[Entry] = &[
    Entry {
        form: r#"`capture`"#,
        text: r#"a move captures an enemy piece (anywhere)"#,
    },
    Entry {
        form: r#"`capture on SET`"#,
        text: r#"a move captures an enemy piece on one of these squares (positions: the capturing side's)"#,
    },
    Entry {
        form: r#"`move with V, V, ...`"#,
        text: r#"a move is made with one of these throw values (entering and backward moves included)"#,
    },
    Entry {
        form: r#"`pass with V, V, ...`"#,
        text: r#"the side passes (has no legal move) with one of these throw values"#,
    },
    Entry {
        form: r#"`landing on SET`"#,
        text: r#"a move ends on one of these squares"#,
    },
    Entry {
        form: r#"`landing on SET by SIDE`"#,
        text: r#"a move of that side's pieces ends on one of these squares (with `positions`, that side's positions): the other side's pieces landing there are not touched"#,
    },
    Entry {
        form: r#"`passing SET`"#,
        text: r#"a forward move of a piece on the board would pass over one of these squares (landing on one is not passing it)"#,
    },
    Entry {
        form: r#"`retreat`"#,
        text: r#"a piece retreats (`retreat from SET to N`)"#,
    },
    Entry {
        form: r#"`entering`"#,
        text: r#"a piece enters the board"#,
    },
    Entry {
        form: r#"`each move`"#,
        text: r#"before each move of a side (each throw it plays; with a condition, judged on the position before the move, "its side" being the side to move)"#,
    },
];

/// The effects of event rules.
pub const EFFECTS: &[EffectEntry] = &[
    EffectEntry {
        form: r#"`throw again`"#,
        with: r#"all but `retreat`"#,
        text: r#"the same side throws again"#,
    },
    EffectEntry {
        form: r#"`may throw again`"#,
        with: r#"`landing on`, `capture`, `move with`, `entering`"#,
        text: r#"the player may throw again or end the turn there: every move that would earn the throw comes twice, once with `"declines_throw": true`. Where another rule gives an extra throw anyway, or the move ends the turn (`end turn`), there is nothing to decline and the move comes once"#,
    },
    EffectEntry {
        form: r#"`go to DEST`"#,
        with: r#"`landing on`, `passing`"#,
        text: r#"the piece goes on at once, as a square effect does: `DEST` is `M`, `first free after M` or `first free before M`; after `passing`, the move ends there instead"#,
    },
    EffectEntry {
        form: r#"`go to DEST and stop`"#,
        with: r#"`landing on`"#,
        text: r#"the same, and the piece stops there: no effect of the square it is sent to sends it further (a line that is followed one at a time)"#,
    },
    EffectEntry {
        form: r#"`go to waiting`"#,
        with: r#"`landing on`"#,
        text: r#"the piece leaves the board and waits to enter again (Piccione's Water)"#,
    },
    EffectEntry {
        form: r#"`piece is removed`"#,
        with: r#"`landing on`"#,
        text: r#"the piece leaves the game (a position counts it as `"removed"`)"#,
    },
    EffectEntry {
        form: r#"`may go to waiting`, `may piece is removed`"#,
        with: r#"`landing on`"#,
        text: r#"the player may send the piece back to waiting (or out of the game), or leave it where it landed: the move comes twice, once with `"stays": true`. Not with split turns"#,
    },
    EffectEntry {
        form: r#"`may go to DEST`"#,
        with: r#"`landing on`"#,
        text: r#"the player may send the piece on, as `go to` does, or leave it where it landed: every move that lands there comes twice, once with `"stays": true` (a connecting line the player may follow). Where the line leads to another the player may decline, a third form follows one line and stops (`"follows": 1`). `may go to DEST and stop` never goes on to a second line. Not with split turns."#,
    },
    EffectEntry {
        form: r#"`captured piece goes to waiting`"#,
        with: r#"`capture`"#,
        text: r#"the captured piece goes back to waiting, whatever `capture` says"#,
    },
    EffectEntry {
        form: r#"`captured piece goes to DEST`"#,
        with: r#"`capture`"#,
        text: r#"the captured piece goes to that square (or the first free one after/before it)"#,
    },
    EffectEntry {
        form: r#"`captured piece is removed`"#,
        with: r#"`capture`"#,
        text: r#"the captured piece leaves the game"#,
    },
    EffectEntry {
        form: r#"`end turn`"#,
        with: r#"`retreat`, `landing on`, `capture`, `move with`, `entering`"#,
        text: r#"the side's turn ends at once: throws it has not played yet are lost, and an extra throw the move would earn (by any rule) is not thrown"#,
    },
    EffectEntry {
        form: r#"`may end turn`"#,
        with: r#"`retreat`, `landing on`, `capture`, `move with`, `entering`"#,
        text: r#"the player may end the turn there, as `end turn` does, or go on with it: the move comes twice, once with `"ends_turn": true`, where ending the turn loses something (an extra throw the move earns, or in a turn that plays each throw whole, throws not yet played); else once"#,
    },
    EffectEntry {
        form: r#"`lose next turn`"#,
        with: r#"`retreat`, `landing on`, `capture`, `move with`, `entering`"#,
        text: r#"the side's next turn is lost: when it comes, the side passes without throwing"#,
    },
    EffectEntry {
        form: r#"`piece moves next`"#,
        with: r#"`retreat`, `entering`"#,
        text: r#"the side's next move must be of this piece (in a split turn the throw may move other pieces too, as long as this one moves); if it cannot move, the side passes and the duty stays; the duty ends when the piece leaves the square"#,
    },
    EffectEntry {
        form: r#"`piece moves next ignoring pairs`"#,
        with: r#"`retreat`, `entering`"#,
        text: r#"the same, and that move may hit a piece a pair protects (`protect pairs`)"#,
    },
    EffectEntry {
        form: r#"`piece moves next or goes back to waiting`"#,
        with: r#"`retreat`, `entering`"#,
        text: r#"the same, but if the piece cannot move, it goes back to waiting (and the side passes)"#,
    },
    EffectEntry {
        form: r#"`only pieces on SET may move`"#,
        with: r#"`each move`"#,
        text: r#"only the side's pieces on SET (with `positions`, its own positions) may make the move, and no piece enters; if it has none there, it passes. Where several such rules hold at once, only pieces on all their sets may move"#,
    },
    EffectEntry {
        form: r#"`none`"#,
        with: r#"all"#,
        text: r#"no effect: removes an inherited rule with this trigger"#,
    },
];
