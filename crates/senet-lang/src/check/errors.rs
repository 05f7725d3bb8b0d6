//! Errors of the check phase. Each variant has a stable code, a labelled span and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

#[derive(Debug, Error, Diagnostic)]
pub enum CheckError {
    #[error("`{key}` is defined twice in this file")]
    #[diagnostic(
        code(E101),
        help(
            "keep one of the two; to change an inherited rule, write it once in the file that extends"
        )
    )]
    Duplicate {
        #[label(primary, "defined again here")]
        span: SourceSpan,
        #[label("first defined here")]
        first: SourceSpan,
        key: String,
    },

    #[error("cannot find the rule set `{target}` to extend")]
    #[diagnostic(code(E102))]
    ExtendsNotFound {
        #[label("no bundled rule set or file by this name")]
        span: SourceSpan,
        target: String,
        #[help]
        help: String,
    },

    #[error("`extends` makes a cycle: {chain}")]
    #[diagnostic(
        code(E103),
        help("a rule set cannot extend itself, directly or through others")
    )]
    ExtendsCycle {
        #[label("this leads back to a rule set already being read")]
        span: SourceSpan,
        chain: String,
    },

    #[error("`extends` goes more than {limit} levels deep")]
    #[diagnostic(
        code(E104),
        help("extend the rule set nearer the base instead of a variant of a variant")
    )]
    ExtendsTooDeep {
        #[label("one level too many")]
        span: SourceSpan,
        limit: usize,
    },

    #[error("cannot read `{target}`: {reason}")]
    #[diagnostic(
        code(E105),
        help(
            "paths are relative to the file that says `extends` (`extends \"base\"` reads base.rules in the same folder)"
        )
    )]
    ExtendsUnreadable {
        #[label("this file cannot be read")]
        span: SourceSpan,
        target: String,
        reason: String,
    },

    #[error("`{target}` is not a rule file")]
    #[diagnostic(
        code(E107),
        help(
            "a rule file begins with `ruleset \"ID\"` (after any comments); its content is not shown"
        )
    )]
    NotARuleFile {
        #[label("this file does not begin with `ruleset`")]
        span: SourceSpan,
        target: String,
    },

    #[error("`{what}` cannot depend on an option")]
    #[diagnostic(code(E106), help("write it without `when`: `{statement}`"))]
    ConditionalNotAllowed {
        #[label("cannot be conditional")]
        span: SourceSpan,
        what: String,
        /// The statement as written after `when ...:`.
        statement: String,
    },

    #[error("unknown option `{name}`")]
    #[diagnostic(code(E110))]
    UnknownOption {
        #[label("no option by this name")]
        span: SourceSpan,
        name: String,
        #[help]
        help: String,
    },

    #[error("`{value}` is not a value of option `{name}`")]
    #[diagnostic(code(E111))]
    BadOptionValue {
        #[label("not allowed")]
        span: SourceSpan,
        name: String,
        value: String,
        #[help]
        help: String,
    },

    #[error("the default `{value}` is not one of the allowed values")]
    #[diagnostic(code(E112))]
    BadOptionDefault {
        #[label("not among the values listed")]
        span: SourceSpan,
        value: String,
        #[help]
        help: String,
    },

    #[error("the option `{name}` is chosen twice")]
    #[diagnostic(
        code(E113),
        help("give each option once: only one of the two values could be played")
    )]
    OptionTwice {
        #[label("chosen again here")]
        span: SourceSpan,
        name: String,
    },

    #[error("the rule set never says {what}")]
    #[diagnostic(code(E120))]
    Missing {
        #[label("in this rule set")]
        span: SourceSpan,
        what: String,
        #[help]
        help: String,
    },

    #[error("{what}")]
    #[diagnostic(code(E121))]
    Limit {
        #[label("over the limit")]
        span: SourceSpan,
        what: String,
        #[help]
        help: String,
    },

    #[error("square {square} is out of range")]
    #[diagnostic(code(E122))]
    SquareOutOfRange {
        #[label("the board has squares 1 to {size}")]
        span: SourceSpan,
        square: u32,
        size: u32,
        #[help]
        help: String,
    },

    #[error("square {square} is a gap in the board")]
    #[diagnostic(
        code(E123),
        help("a gap is not a square; remove it from `gaps` or use another square")
    )]
    SquareIsGap {
        #[label("this square was removed by `gaps`")]
        span: SourceSpan,
        square: u32,
    },

    #[error("the path steps back onto square {square}")]
    #[diagnostic(code(E124))]
    PathRepeats {
        #[label(primary, "second visit")]
        span: SourceSpan,
        #[label("first visit")]
        first: SourceSpan,
        square: u32,
        #[help]
        help: String,
    },

    #[error("the path jumps from square {from} to square {to}, which are not neighbours")]
    #[diagnostic(code(E125))]
    PathJumps {
        #[label("not next to square {from}")]
        span: SourceSpan,
        from: u32,
        to: u32,
        #[help]
        help: String,
    },

    #[error("side `{side}` has no path")]
    #[diagnostic(
        code(E126),
        help(
            "give it a path of its own (`path {side}: 1..{size}`), or one path for both sides (`path 1..{size}`)"
        )
    )]
    NoPath {
        #[label("side declared here")]
        span: SourceSpan,
        side: String,
        /// The squares of the board.
        size: usize,
    },

    #[error("square {square} is on no side's path")]
    #[diagnostic(
        code(E127),
        help("a square that rules apply to must be on a path, or no piece could ever reach it")
    )]
    NotOnPath {
        #[label("no path passes here")]
        span: SourceSpan,
        square: u32,
    },

    #[error("there is no position {pos} on {path}")]
    #[diagnostic(code(E128))]
    PositionOutOfRange {
        #[label("positions here run from 1 to {len}")]
        span: SourceSpan,
        pos: u32,
        len: usize,
        /// Whose path: "the path `red` and `blue` share", "`light`'s path".
        path: String,
        #[help]
        help: String,
    },

    #[error("unknown side `{name}`")]
    #[diagnostic(code(E130))]
    UnknownSide {
        #[label("not a side of this rule set")]
        span: SourceSpan,
        name: String,
        #[help]
        help: String,
    },

    #[error("a game here has exactly two sides, not {count}")]
    #[diagnostic(code(E131), help("write two names: `sides red, blue`"))]
    SideCount {
        #[label("{count} sides")]
        span: SourceSpan,
        count: usize,
    },

    #[error("side `{name}` is listed twice")]
    #[diagnostic(
        code(E132),
        help("give the two sides different names: `sides red, blue`")
    )]
    DuplicateSide {
        #[label("again here")]
        span: SourceSpan,
        name: String,
    },

    #[error("unknown colour `{name}`")]
    #[diagnostic(code(E133))]
    UnknownColour {
        #[label("not a terminal colour")]
        span: SourceSpan,
        name: String,
        #[help]
        help: String,
    },

    #[error("side `{side}` starts with {found} pieces, but `pieces` says {expected}")]
    #[diagnostic(code(E134))]
    LayoutCount {
        #[label("{found} squares listed")]
        span: SourceSpan,
        side: String,
        found: usize,
        expected: u32,
        #[help]
        help: String,
    },

    #[error("two pieces start on square {square}")]
    #[diagnostic(code(E135), help("each square holds one piece at most"))]
    LayoutOverlap {
        #[label(primary, "already taken")]
        span: SourceSpan,
        #[label("first placed here")]
        first: SourceSpan,
        square: u32,
    },

    /// `start alternating` on a path that comes back: two of the positions it fills are one
    /// square.
    #[error("two pieces start on square {square}")]
    #[diagnostic(code(E135))]
    LayoutOverlapAlternating {
        #[label("{label}")]
        span: SourceSpan,
        square: u32,
        label: String,
        #[help]
        help: String,
    },

    #[error("square {square} is not on the path of `{side}`")]
    #[diagnostic(code(E136), help("a piece starts on a square of its own side's path"))]
    LayoutOffPath {
        #[label("not on {side}'s path")]
        span: SourceSpan,
        square: u32,
        side: String,
    },

    #[error("the throw table has no value for {count} light sides")]
    #[diagnostic(code(E140))]
    ThrowTableMissing {
        #[label("every count from 0 to {sticks} needs a value")]
        span: SourceSpan,
        count: u32,
        sticks: u32,
        #[help]
        help: String,
    },

    #[error("the throw table gives {count} light sides twice")]
    #[diagnostic(
        code(E141),
        help("each count has one value; delete one of the two entries")
    )]
    ThrowTableRepeats {
        #[label("again here")]
        span: SourceSpan,
        #[label("first here")]
        first: SourceSpan,
        count: u32,
    },

    #[error("{sticks} sticks cannot show {count} light sides")]
    #[diagnostic(
        code(E142),
        help("with {sticks} sticks the count runs from 0 to {sticks}")
    )]
    ThrowCountOutOfRange {
        #[label("out of range")]
        span: SourceSpan,
        count: u32,
        sticks: u32,
    },

    #[error("the dice table has no value for {shown}")]
    #[diagnostic(code(E145))]
    DiceTableMissing {
        #[label("every combination of faces needs a value")]
        span: SourceSpan,
        shown: String,
        #[help]
        help: String,
    },

    #[error("the dice table gives {shown} twice")]
    #[diagnostic(
        code(E146),
        help("each combination of faces has one value; delete one of the two entries")
    )]
    DiceTableRepeats {
        #[label("again here")]
        span: SourceSpan,
        #[label("first here")]
        first: SourceSpan,
        shown: String,
    },

    #[error("{shown} is not a combination these dice can show")]
    #[diagnostic(code(E147))]
    DiceFacesOutOfRange {
        #[label("{label}")]
        span: SourceSpan,
        shown: String,
        label: String,
        #[help]
        help: String,
    },

    #[error("the throw never gives {value}")]
    #[diagnostic(code(E143))]
    ImpossibleThrow {
        #[label("not a possible throw")]
        span: SourceSpan,
        value: u32,
        #[help]
        help: String,
    },

    #[error("{what}")]
    #[diagnostic(code(E144))]
    NumberOutOfRange {
        #[label("{label}")]
        span: SourceSpan,
        what: String,
        label: String,
        #[help]
        help: String,
    },

    #[error("square effects loop: {chain}")]
    #[diagnostic(
        code(E150),
        help(
            "a square must not send a piece back to itself, directly or through other squares: take one effect of the loop away (`{removal}`) or send it elsewhere"
        )
    )]
    EffectLoop {
        #[label("this effect starts the loop")]
        span: SourceSpan,
        chain: String,
        /// The statement that takes the effect that starts the loop away.
        removal: String,
    },

    #[error("`capturing` with a first free square: a free square holds no piece to capture")]
    #[diagnostic(
        code(E151),
        help(
            "`first free after` and `first free before` look for an empty square: send the piece to square {square} itself (`go to {square} capturing`), or drop `capturing`"
        )
    )]
    CapturingFree {
        #[label("nothing to capture on a free square")]
        span: SourceSpan,
        square: u32,
    },

    #[error(
        "a piece that lands on square {square} may be sent on capturing {count} times, by the effects of squares {squares}"
    )]
    #[diagnostic(
        code(E152),
        help(
            "square effects capture at most {limit} times in one piece's move: end the chain sooner with `and stop`, or drop `capturing` from one of its effects"
        )
    )]
    CapturingChain {
        #[label("the chain starts here")]
        span: SourceSpan,
        square: u32,
        squares: String,
        count: usize,
        limit: usize,
    },

    #[error("`{effect}` cannot follow {trigger}")]
    #[diagnostic(code(E170))]
    EffectNotForTrigger {
        #[label("not after {trigger}")]
        span: SourceSpan,
        effect: String,
        trigger: String,
        #[help]
        help: String,
    },

    #[error("square {square} sends a piece on twice")]
    #[diagnostic(
        code(E171),
        help("a square sends a piece to one place: keep one of the two rules")
    )]
    EffectTwice {
        #[label(primary, "sent on again here")]
        span: SourceSpan,
        /// The first rule, when the same file states it (else it is inherited).
        #[label("first here")]
        first: Option<SourceSpan>,
        square: u32,
    },

    #[error("`{effect}` is said twice in one rule")]
    #[diagnostic(
        code(E177),
        help(
            "a rule's effect happens once: say it once (where a move should earn two throws, let two causes give them under `extra throws add up`)"
        )
    )]
    EffectRepeated {
        #[label(primary, "said again here")]
        span: SourceSpan,
        #[label("first here")]
        first: SourceSpan,
        effect: String,
    },

    #[error("a piece captured on square {square} is sent to two places")]
    #[diagnostic(
        code(E172),
        help(
            "a piece captured on a square goes to one place: narrow one rule's squares, or restate an inherited rule's trigger with `none`"
        )
    )]
    CapturedTwice {
        #[label(primary, "sent again here")]
        span: SourceSpan,
        /// The first rule, when the same file states it (else it is inherited).
        #[label("first here")]
        first: Option<SourceSpan>,
        square: u32,
    },

    #[error("an event rule on {trigger} cannot have a condition")]
    #[diagnostic(
        code(E173),
        help(
            "conditions go with `landing on`, `capture`, `move with`, `entering` and `each move`: remove the condition, or write the rule with one of those triggers"
        )
    )]
    ConditionNotForTrigger {
        #[label("not on {trigger}")]
        span: SourceSpan,
        trigger: String,
    },

    #[error("a condition on the piece that moves cannot be judged before the move")]
    #[diagnostic(
        code(E175),
        help(
            "a condition on the piece goes with the rules after a move (`landing on`, `capture`, `move with`); before each move, a condition says where a side has pieces"
        )
    )]
    PieceConditionBeforeMove {
        #[label("no piece has moved yet")]
        span: SourceSpan,
    },

    #[error("a player cannot decline `{effect}`")]
    #[diagnostic(
        code(E176),
        help(
            "only an extra throw (`may throw again`), the end of the turn (`may end turn`) and where the piece goes (`may go to N`, `may go to waiting`, `may piece is removed`) are a player's choice: write the effect without `may`, or state when it applies with a condition (`if ...`)"
        )
    )]
    NotOptional {
        #[label("`may` does not go with this effect")]
        span: SourceSpan,
        effect: String,
    },

    #[error("`{effect}` cannot depend on a condition")]
    #[diagnostic(
        code(E174),
        help(
            "a condition goes with `throw again`, `may throw again`, `lose next turn` and `end turn` (and, on each move, `only pieces on ... may move`): state this effect in a rule of its own, without the condition"
        )
    )]
    EffectNotForCondition {
        #[label("not with a condition")]
        span: SourceSpan,
        effect: String,
    },

    #[error("{what}")]
    #[diagnostic(
        code(E178),
        help("e.g. `draw 1..10 at 4..13, 2`: squares 1-10 down column 2, rows 4 to 13")
    )]
    DrawingShape {
        #[label("here")]
        span: SourceSpan,
        /// What does not fit: rows or columns for the squares, or a point past the limit.
        what: String,
    },

    #[error("{what}")]
    #[diagnostic(
        code(E179),
        help("each square is drawn once, each at a point of its own")
    )]
    DrawnTwice {
        #[label("here")]
        span: SourceSpan,
        /// A square drawn twice, or two squares at one point.
        what: String,
    },

    #[error("square {missing} has no place in the drawing")]
    #[diagnostic(
        code(E180),
        help("once one square is drawn at a point, draw every square of the board")
    )]
    NotDrawn {
        #[label("the drawing starts here")]
        span: SourceSpan,
        missing: u32,
    },

    #[error("{what}")]
    #[diagnostic(code(E160))]
    Contradiction {
        #[label("{label}")]
        span: SourceSpan,
        what: String,
        label: String,
        #[help]
        help: String,
    },
}

/// Warnings of the check phase: likely mistakes that do not stop the rules from being played.
/// Each has a stable code, a labelled span and a help line.
#[derive(Debug, Error, Diagnostic)]
pub enum CheckWarning {
    #[error("with this `{key}`, option `{option}` gives the same game at {first} and at {second}")]
    #[diagnostic(code(W001), severity(Warning))]
    OptionCut {
        #[label("replaces the inherited `{key}` and its `when {option} is ...` forms")]
        span: SourceSpan,
        key: String,
        option: String,
        /// Two values of the option that gave two games before.
        first: String,
        second: String,
        #[help]
        help: String,
    },

    #[error("this rule set has the title of {parent} unchanged, but changes its rules")]
    #[diagnostic(code(W002), severity(Warning))]
    TitleInherited {
        #[label("{label}")]
        span: SourceSpan,
        parent: String,
        label: String,
        #[help]
        help: String,
    },

    #[error("square {to} may be taken when a piece is sent there")]
    #[diagnostic(code(W003), severity(Warning))]
    DestinationTaken {
        #[label("{then}")]
        span: SourceSpan,
        to: u32,
        /// What happens then, per the rules.
        then: String,
        #[help]
        help: String,
    },

    #[error("every throw gives another throw after {after}: {then}")]
    #[diagnostic(
        code(W004),
        severity(Warning),
        help(
            "leave a throw value out of the list if a turn is meant to end; as it stands, a game stops unfinished once one turn has thrown as many times as the turn cap (`--turn-cap`, 10,000)"
        )
    )]
    EndlessTurn {
        #[label("with every value the device gives")]
        span: SourceSpan,
        /// "a move" or "a pass".
        after: &'static str,
        /// When the turn ends, then.
        then: &'static str,
    },
}
