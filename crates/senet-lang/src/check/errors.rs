//! Errors of the check phase. Each variant has a stable code, a labelled span and a help line.

use std::fmt;

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use crate::lang::code::{Code, Coded};

#[derive(Debug, Error, Diagnostic)]
pub enum CheckError {
    #[error("`{key}` is defined twice in this file")]
    #[diagnostic(help(
        "keep one of the two; to change an inherited rule, write it once in the file that extends"
    ))]
    Duplicate {
        #[label(primary, "defined again here")]
        span: SourceSpan,
        #[label("first defined here")]
        first: SourceSpan,
        key: String,
    },

    #[error("cannot find the rule set `{target}` to extend")]
    ExtendsNotFound {
        #[label("no bundled rule set or file by this name")]
        span: SourceSpan,
        target: String,
        #[help]
        help: String,
    },

    #[error("`extends` makes a cycle: {chain}")]
    #[diagnostic(help("a rule set cannot extend itself, directly or through others"))]
    ExtendsCycle {
        #[label("this leads back to a rule set already being read")]
        span: SourceSpan,
        chain: String,
    },

    #[error("`extends` goes more than {limit} levels deep")]
    #[diagnostic(help("extend the rule set nearer the base instead of a variant of a variant"))]
    ExtendsTooDeep {
        #[label("one level too many")]
        span: SourceSpan,
        limit: usize,
    },

    #[error("cannot read `{target}`: {reason}")]
    #[diagnostic(help(
        "paths are relative to the file that says `extends` (`extends \"base\"` reads base.rules in the same folder)"
    ))]
    ExtendsUnreadable {
        #[label("this file cannot be read")]
        span: SourceSpan,
        target: String,
        reason: String,
    },

    #[error("`{target}` is not a rule file")]
    #[diagnostic(help(
        "a rule file begins with `ruleset \"ID\"` (after any comments); its content is not shown"
    ))]
    NotARuleFile {
        #[label("this file does not begin with `ruleset`")]
        span: SourceSpan,
        target: String,
    },

    #[error("`{what}` cannot depend on an option")]
    #[diagnostic(help("write it without `when`: `{statement}`"))]
    ConditionalNotAllowed {
        #[label("cannot be conditional")]
        span: SourceSpan,
        what: String,
        /// The statement as written after `when ...:`.
        statement: String,
    },

    #[error("unknown option `{name}`")]
    UnknownOption {
        #[label("no option by this name")]
        span: SourceSpan,
        name: String,
        #[help]
        help: String,
    },

    #[error("`{value}` is not a value of option `{name}`")]
    BadOptionValue {
        #[label("not allowed")]
        span: SourceSpan,
        name: String,
        value: String,
        #[help]
        help: String,
    },

    #[error("the default `{value}` is not one of the allowed values")]
    BadOptionDefault {
        #[label("not among the values listed")]
        span: SourceSpan,
        value: String,
        #[help]
        help: String,
    },

    #[error("the option `{name}` is chosen twice")]
    #[diagnostic(help("give each option once: only one of the two values could be played"))]
    OptionTwice {
        #[label("chosen again here")]
        span: SourceSpan,
        name: String,
    },

    #[error("the rule set never says {what}")]
    Missing {
        #[label("in this rule set")]
        span: SourceSpan,
        what: String,
        #[help]
        help: String,
    },

    #[error("{what}")]
    Limit {
        #[label("over the limit")]
        span: SourceSpan,
        what: String,
        #[help]
        help: String,
    },

    #[error("square {square} is out of range")]
    SquareOutOfRange {
        #[label("the board has squares 1 to {size}")]
        span: SourceSpan,
        square: u32,
        size: u32,
        #[help]
        help: String,
    },

    #[error("square {square} is a gap in the board")]
    #[diagnostic(help("a gap is not a square; remove it from `gaps` or use another square"))]
    SquareIsGap {
        #[label("this square was removed by `gaps`")]
        span: SourceSpan,
        square: u32,
    },

    #[error("the path steps back onto square {square}")]
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
    PathJumps {
        #[label("not next to square {from}")]
        span: SourceSpan,
        from: u32,
        to: u32,
        #[help]
        help: String,
    },

    #[error("side `{side}` has no path")]
    #[diagnostic(help(
        "give it a path of its own (`path {side}: 1..{size}`), or one path for both sides (`path 1..{size}`)"
    ))]
    NoPath {
        #[label("side declared here")]
        span: SourceSpan,
        side: String,
        /// The squares of the board.
        size: usize,
    },

    #[error("square {square} is on no side's path")]
    #[diagnostic(help(
        "a square that rules apply to must be on a path, or no piece could ever reach it"
    ))]
    NotOnPath {
        #[label("no path passes here")]
        span: SourceSpan,
        square: u32,
    },

    #[error("there is no position {pos} on {path}")]
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
    UnknownSide {
        #[label("not a side of this rule set")]
        span: SourceSpan,
        name: String,
        #[help]
        help: String,
    },

    #[error("the seats ritual seats one of two sides, not `{name}`")]
    #[diagnostic(help(
        "throwing for seats decides which of two players plays which side: a game of more sides has no such ritual"
    ))]
    SeatsSide {
        #[label("a third side or later")]
        span: SourceSpan,
        name: String,
    },

    #[error("a game here has two to eight sides, not {count}")]
    #[diagnostic(help("list two to eight names: `sides red, blue`"))]
    SideCount {
        #[label("{count} sides")]
        span: SourceSpan,
        count: usize,
    },

    #[error("side `{side}` is in no team")]
    #[diagnostic(help("put every side in one team: `teams red, yellow; green, blue`"))]
    TeamMissing {
        #[label("`{side}` is in none of these teams")]
        span: SourceSpan,
        side: String,
    },

    #[error("throws repeated in a row void themselves, but the turn plays each throw as it comes")]
    #[diagnostic(help(
        "a run of equal throws is voided among the throws a turn holds: bank them (`turn throw again on 6, 10, 12, 25 then move each throw`), or remove this rule"
    ))]
    RepeatNeedsBanking {
        #[label("only where a turn banks its throws")]
        span: SourceSpan,
    },

    #[error("a shortcut of one square")]
    #[diagnostic(help(
        "a shortcut runs from a square of a path to a later one, naming the squares between: `shortcut 5, 21..25, 15`"
    ))]
    ShortcutTooShort {
        #[label("needs its first square and its last")]
        span: SourceSpan,
    },

    #[error("no side's path goes from square {first} on to square {last}")]
    #[diagnostic(help(
        "a shortcut leaves a path at its first square and comes back to it at its last, further along (each visited once by the path): check its ends against the paths"
    ))]
    ShortcutNowhere {
        #[label("no path takes this way")]
        span: SourceSpan,
        first: u32,
        last: u32,
    },

    #[error("square {square} of the shortcut is on {side}'s path")]
    #[diagnostic(help(
        "between its ends a shortcut takes squares off the paths it serves, so that a piece there is on the shortcut: end the shortcut at square {square}, or leave it out"
    ))]
    ShortcutOnPath {
        #[label("on the path already")]
        span: SourceSpan,
        square: u32,
        side: String,
    },

    #[error("`partners share squares` in a game of two sides, which has no partners")]
    #[diagnostic(help(
        "each of two sides is its own team: remove this rule, or name more sides and their teams (`sides red, green, yellow, blue` and `teams red, yellow; green, blue`)"
    ))]
    PartnersOfTwo {
        #[label("needs partners")]
        span: SourceSpan,
    },

    #[error("side `{side}` is in two teams")]
    #[diagnostic(help("put every side in one team: `teams red, yellow; green, blue`"))]
    TeamTwice {
        #[label("again here")]
        span: SourceSpan,
        side: String,
    },

    #[error("side `{name}` is listed twice")]
    #[diagnostic(help("give each side its own name: `sides red, blue`"))]
    DuplicateSide {
        #[label("again here")]
        span: SourceSpan,
        name: String,
    },

    #[error("unknown colour `{name}`")]
    UnknownColour {
        #[label("not a terminal colour")]
        span: SourceSpan,
        name: String,
        #[help]
        help: String,
    },

    #[error("side `{side}` starts with {found} pieces, but `pieces` says {expected}")]
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
    #[diagnostic(help("each square holds one piece at most"))]
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
    LayoutOverlapAlternating {
        #[label("{label}")]
        span: SourceSpan,
        square: u32,
        label: String,
        #[help]
        help: String,
    },

    #[error("square {square} is not on the path of `{side}`")]
    #[diagnostic(help("a piece starts on a square of its own side's path"))]
    LayoutOffPath {
        #[label("not on {side}'s path")]
        span: SourceSpan,
        square: u32,
        side: String,
    },

    #[error("the throw table has no value for {count} light sides")]
    ThrowTableMissing {
        #[label("every count from 0 to {sticks} needs a value")]
        span: SourceSpan,
        count: u32,
        sticks: u32,
        #[help]
        help: String,
    },

    #[error("the throw table gives {count} light sides twice")]
    #[diagnostic(help("each count has one value; delete one of the two entries"))]
    ThrowTableRepeats {
        #[label("again here")]
        span: SourceSpan,
        #[label("first here")]
        first: SourceSpan,
        count: u32,
    },

    #[error("marked sticks give one marked side up by their numbers: the table cannot give it")]
    #[diagnostic(help(
        "delete `1 -> ...`: one marked side up is the number of the stick that shows it"
    ))]
    MarkedCountGiven {
        #[label("a count of one here")]
        span: SourceSpan,
        #[label("the sticks' numbers")]
        marks: SourceSpan,
    },

    #[error("{sticks} sticks cannot show {count} light sides")]
    #[diagnostic(help("with {sticks} sticks the count runs from 0 to {sticks}"))]
    ThrowCountOutOfRange {
        #[label("out of range")]
        span: SourceSpan,
        count: u32,
        sticks: u32,
    },

    #[error("the dice table has no value for {shown}")]
    DiceTableMissing {
        #[label("every combination of faces needs a value")]
        span: SourceSpan,
        shown: String,
        #[help]
        help: String,
    },

    #[error("the dice table gives {shown} twice")]
    #[diagnostic(help("each combination of faces has one value; delete one of the two entries"))]
    DiceTableRepeats {
        #[label("again here")]
        span: SourceSpan,
        #[label("first here")]
        first: SourceSpan,
        shown: String,
    },

    #[error("{shown} is not a combination these dice can show")]
    DiceFacesOutOfRange {
        #[label("{label}")]
        span: SourceSpan,
        shown: String,
        label: String,
        #[help]
        help: String,
    },

    #[error("the throw never gives {value}")]
    ImpossibleThrow {
        #[label("not a possible throw")]
        span: SourceSpan,
        value: u32,
        #[help]
        help: String,
    },

    #[error("{what}")]
    NumberOutOfRange {
        #[label("{label}")]
        span: SourceSpan,
        what: String,
        label: String,
        #[help]
        help: String,
    },

    #[error("square effects loop: {chain}")]
    #[diagnostic(help(
        "a square must not send a piece back to itself, directly or through other squares: take one effect of the loop away (`{removal}`) or send it elsewhere"
    ))]
    EffectLoop {
        #[label("this effect starts the loop")]
        span: SourceSpan,
        chain: String,
        /// The statement that takes the effect that starts the loop away.
        removal: String,
    },

    #[error("`capturing` with a first free square: a free square holds no piece to capture")]
    #[diagnostic(help(
        "`first free after` and `first free before` look for an empty square: send the piece to square {square} itself (`go to {square} capturing`), or drop `capturing`"
    ))]
    CapturingFree {
        #[label("nothing to capture on a free square")]
        span: SourceSpan,
        square: u32,
    },

    #[error(
        "a piece that lands on square {square} may be sent on capturing {count} times, by the effects of squares {squares}"
    )]
    #[diagnostic(help(
        "square effects capture at most {limit} times in one piece's move: end the chain sooner with `and stop`, or drop `capturing` from one of its effects"
    ))]
    CapturingChain {
        #[label("the chain starts here")]
        span: SourceSpan,
        square: u32,
        squares: String,
        count: usize,
        limit: usize,
    },

    #[error("`{effect}` cannot follow {trigger}")]
    EffectNotForTrigger {
        #[label("not after {trigger}")]
        span: SourceSpan,
        effect: String,
        trigger: String,
        #[help]
        help: String,
    },

    #[error("square {square} sends a piece on twice")]
    #[diagnostic(help("a square sends a piece to one place: keep one of the two rules"))]
    EffectTwice {
        #[label(primary, "sent on again here")]
        span: SourceSpan,
        /// The first rule, when the same file states it (else it is inherited).
        #[label("first here")]
        first: Option<SourceSpan>,
        square: u32,
    },

    #[error("`{effect}` is said twice in one rule")]
    #[diagnostic(help(
        "a rule's effect happens once: say it once (where a move should earn two throws, let two causes give them under `extra throws add up`)"
    ))]
    EffectRepeated {
        #[label(primary, "said again here")]
        span: SourceSpan,
        #[label("first here")]
        first: SourceSpan,
        effect: String,
    },

    #[error("a piece captured on square {square} is sent to two places")]
    #[diagnostic(help(
        "a piece captured on a square goes to one place: narrow one rule's squares, or restate an inherited rule's trigger with `none`"
    ))]
    CapturedTwice {
        #[label(primary, "sent again here")]
        span: SourceSpan,
        /// The first rule, when the same file states it (else it is inherited).
        #[label("first here")]
        first: Option<SourceSpan>,
        square: u32,
    },

    #[error("an event rule on {trigger} cannot have a condition")]
    #[diagnostic(help(
        "conditions go with `landing on`, `capture`, `move with`, `entering` and `each move`: remove the condition, or write the rule with one of those triggers"
    ))]
    ConditionNotForTrigger {
        #[label("not on {trigger}")]
        span: SourceSpan,
        trigger: String,
    },

    #[error("a condition on the piece that moves cannot be judged before the move")]
    #[diagnostic(help(
        "a condition on the piece goes with the rules after a move (`landing on`, `capture`, `move with`); before each move, a condition says where a side has pieces"
    ))]
    PieceConditionBeforeMove {
        #[label("no piece has moved yet")]
        span: SourceSpan,
    },

    #[error("a player cannot decline `{effect}`")]
    #[diagnostic(help(
        "only an extra throw (`may throw again`), the end of the turn (`may end turn`) and where the piece goes (`may go to N`, `may go to waiting`, `may piece is removed`) are a player's choice: write the effect without `may`, or state when it applies with a condition (`if ...`)"
    ))]
    NotOptional {
        #[label("`may` does not go with this effect")]
        span: SourceSpan,
        effect: String,
    },

    #[error("`{effect}` cannot depend on a condition")]
    #[diagnostic(help(
        "a condition goes with `throw again`, `may throw again`, `lose next turn` and `end turn` (and, on each move, `only pieces on ... may move`): state this effect in a rule of its own, without the condition"
    ))]
    EffectNotForCondition {
        #[label("not with a condition")]
        span: SourceSpan,
        effect: String,
    },

    #[error("{what}")]
    #[diagnostic(help("e.g. `draw 1..10 at 4..13, 2`: squares 1-10 down column 2, rows 4 to 13"))]
    DrawingShape {
        #[label("here")]
        span: SourceSpan,
        /// What does not fit: rows or columns for the squares, or a point past the limit.
        what: String,
    },

    #[error("{what}")]
    #[diagnostic(help("each square is drawn once, each at a point of its own"))]
    DrawnTwice {
        #[label("here")]
        span: SourceSpan,
        /// A square drawn twice, or two squares at one point.
        what: String,
    },

    #[error("square {missing} has no place in the drawing")]
    #[diagnostic(help("once one square is drawn at a point, draw every square of the board"))]
    NotDrawn {
        #[label("the drawing starts here")]
        span: SourceSpan,
        missing: u32,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    NotWithSplitTurn {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: OneThrowRule,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    ScoreClash {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: ScoreRule,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    MatchClash {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: MatchRule,
    },

    #[error("`{target}` cannot be a game of this match: {reason}")]
    MatchGame {
        #[label("{label}")]
        span: SourceSpan,
        target: String,
        reason: String,
        label: String,
        #[help]
        help: String,
    },

    #[error("pieces to unstack, but {found}")]
    #[diagnostic(help(
        "`unstack first` needs pieces stacked at the start, two or more on a position, each on a position some die shows (`start white on 1, 1, 2, 2, ...`); or remove this rule"
    ))]
    NothingToUnstack {
        #[label("nothing this rule can unstack")]
        span: SourceSpan,
        found: String,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    NeedsStacks {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: StackRule,
    },

    #[error("`{rule}` is not played with stacked pieces or dice played one by one")]
    #[diagnostic(help(
        "with stacks or dice played one by one the engine plays the rules docs/language.md lists under \"Stacks and dice played one by one\" (paths from start to end, entering, capture to waiting, to a position, by removal or by pinning, closed and safe squares, bearing off, the first to bear off all): remove this rule, or the stacks and the dice played one by one"
    ))]
    NotWithStacks {
        #[label("not with stacked pieces or dice played one by one")]
        span: SourceSpan,
        rule: String,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    NeedsSplitTurn {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: SplitRule,
    },

    #[error(
        "extra throws add up, but the turn throws again before it moves, where a move earns no throw by its value"
    )]
    #[diagnostic(help(
        "play one throw a turn (`turn throw then move`, or `turn throw then split`), or remove this rule"
    ))]
    AddUpBeforeMoving {
        #[label("not with a turn that throws again before moving")]
        span: SourceSpan,
    },

    #[error("{how}")]
    #[diagnostic(help("{}", how.help()))]
    TurnNeverEnds {
        #[label("{}", how.label())]
        span: SourceSpan,
        how: Unending,
    },

    #[error("{clash}")]
    #[diagnostic(help("{}", clash.help()))]
    TurnEffectsClash {
        #[label("{}", clash.label())]
        span: SourceSpan,
        clash: TurnClash,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    StartsWaiting {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: OnBoardRule,
    },

    #[error("the pieces start waiting, but no rule lets them enter")]
    #[diagnostic(help("add a line such as `enter onto throw`"))]
    NeverEnter {
        #[label("pieces start off the board")]
        span: SourceSpan,
    },

    #[error("{clash}")]
    #[diagnostic(help("{}", clash.help()))]
    MovesNextClash {
        #[label("{}", clash.label())]
        span: SourceSpan,
        clash: MovesNext,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    NeverHappens {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: NeverRule,
    },

    #[error("this loop passes a square twice, or is in parts")]
    #[diagnostic(help(
        "a loop lists each square once, in one part: after the last it goes on from the first"
    ))]
    LoopNotSimple {
        #[label("a loop passes each square once")]
        span: SourceSpan,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    NotOnLoop {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: LoopRule,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    NotInParts {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: PartsRule,
    },

    #[error("{rule}")]
    #[diagnostic(help("{}", rule.help()))]
    NotOutAndBack {
        #[label("{}", rule.label())]
        span: SourceSpan,
        rule: OutAndBackRule,
    },

    #[error("{win}")]
    #[diagnostic(help("{}", win.help()))]
    WinAgainstPaths {
        #[label("{}", win.label())]
        span: SourceSpan,
        win: WinPaths,
    },

    #[error("the winner takes every enemy piece out of the game, but no piece ever leaves it")]
    #[diagnostic(help(
        "say `capture removed` (or a rule such as `on capture: captured piece is removed`)"
    ))]
    NothingRemoved {
        #[label("no piece is ever removed")]
        span: SourceSpan,
    },

    #[error("`end when decided` has no meaning when the first side to bear off all wins")]
    #[diagnostic(help("use it with `win most borne off`, or say `end when board empty`"))]
    DecidedOnlyAtTheEnd {
        #[label("the game is decided only when it ends")]
        span: SourceSpan,
    },

    #[error("a throw-off decides who moves first, but so does the seats ritual")]
    #[diagnostic(help(
        "say `seats none`, or say who moves first without a throw-off (`first red`)"
    ))]
    ThrowOffAndSeats {
        #[label("not with `seats`")]
        span: SourceSpan,
    },

    #[error("every move of a turn must go one way, but no piece ever moves backwards")]
    #[diagnostic(help(
        "say when pieces move backwards (`backward when no forward move`), or remove this rule"
    ))]
    OneDirectionForward {
        #[label("every move already goes forward")]
        span: SourceSpan,
    },

    #[error("the retreat leads nowhere: {why}")]
    #[diagnostic(help(
        "retreat to a square of the path that is not among the squares retreated from"
    ))]
    RetreatNowhere {
        #[label("retreat destination")]
        span: SourceSpan,
        why: Nowhere,
    },
}

impl CheckError {
    /// The stable code of each variant.
    pub fn code(&self) -> Code {
        match self {
            CheckError::Duplicate { .. } => Code::E101,
            CheckError::ExtendsNotFound { .. } => Code::E102,
            CheckError::ExtendsCycle { .. } => Code::E103,
            CheckError::ExtendsTooDeep { .. } => Code::E104,
            CheckError::ExtendsUnreadable { .. } => Code::E105,
            CheckError::NotARuleFile { .. } => Code::E107,
            CheckError::ConditionalNotAllowed { .. } => Code::E106,
            CheckError::UnknownOption { .. } => Code::E110,
            CheckError::BadOptionValue { .. } => Code::E111,
            CheckError::BadOptionDefault { .. } => Code::E112,
            CheckError::OptionTwice { .. } => Code::E113,
            CheckError::Missing { .. } => Code::E120,
            CheckError::Limit { .. } => Code::E121,
            CheckError::SquareOutOfRange { .. } => Code::E122,
            CheckError::SquareIsGap { .. } => Code::E123,
            CheckError::PathRepeats { .. } => Code::E124,
            CheckError::PathJumps { .. } => Code::E125,
            CheckError::NoPath { .. } => Code::E126,
            CheckError::NotOnPath { .. } => Code::E127,
            CheckError::PositionOutOfRange { .. } => Code::E128,
            CheckError::UnknownSide { .. } | CheckError::SeatsSide { .. } => Code::E130,
            CheckError::SideCount { .. } => Code::E131,
            CheckError::DuplicateSide { .. } => Code::E132,
            CheckError::TeamMissing { .. } | CheckError::TeamTwice { .. } => Code::E137,
            CheckError::PartnersOfTwo { .. } => Code::E138,
            CheckError::ShortcutTooShort { .. }
            | CheckError::ShortcutNowhere { .. }
            | CheckError::ShortcutOnPath { .. } => Code::E129,
            CheckError::UnknownColour { .. } => Code::E133,
            CheckError::LayoutCount { .. } => Code::E134,
            CheckError::LayoutOverlap { .. } => Code::E135,
            CheckError::LayoutOverlapAlternating { .. } => Code::E135,
            CheckError::LayoutOffPath { .. } => Code::E136,
            CheckError::ThrowTableMissing { .. } => Code::E140,
            CheckError::ThrowTableRepeats { .. } | CheckError::MarkedCountGiven { .. } => {
                Code::E141
            }
            CheckError::ThrowCountOutOfRange { .. } => Code::E142,
            CheckError::DiceTableMissing { .. } => Code::E145,
            CheckError::DiceTableRepeats { .. } => Code::E146,
            CheckError::DiceFacesOutOfRange { .. } => Code::E147,
            CheckError::ImpossibleThrow { .. } => Code::E143,
            CheckError::NumberOutOfRange { .. } => Code::E144,
            CheckError::EffectLoop { .. } => Code::E150,
            CheckError::CapturingFree { .. } => Code::E151,
            CheckError::CapturingChain { .. } => Code::E152,
            CheckError::EffectNotForTrigger { .. } => Code::E170,
            CheckError::EffectTwice { .. } => Code::E171,
            CheckError::EffectRepeated { .. } => Code::E177,
            CheckError::CapturedTwice { .. } => Code::E172,
            CheckError::ConditionNotForTrigger { .. } => Code::E173,
            CheckError::PieceConditionBeforeMove { .. } => Code::E175,
            CheckError::NotOptional { .. } => Code::E176,
            CheckError::EffectNotForCondition { .. } => Code::E174,
            CheckError::DrawingShape { .. } => Code::E178,
            CheckError::DrawnTwice { .. } => Code::E179,
            CheckError::NotDrawn { .. } => Code::E180,
            CheckError::NotWithSplitTurn { .. } => Code::E181,
            CheckError::NeedsSplitTurn { .. } => Code::E182,
            CheckError::AddUpBeforeMoving { .. } => Code::E183,
            CheckError::TurnNeverEnds { .. } => Code::E184,
            CheckError::TurnEffectsClash { .. } => Code::E185,
            CheckError::StartsWaiting { .. } => Code::E186,
            CheckError::NeverEnter { .. } => Code::E187,
            CheckError::MovesNextClash { .. } => Code::E188,
            CheckError::NeverHappens { .. } => Code::E189,
            CheckError::LoopNotSimple { .. } => Code::E190,
            CheckError::NotOnLoop { .. } => Code::E191,
            CheckError::NotInParts { .. } => Code::E192,
            CheckError::NotOutAndBack { .. } => Code::E193,
            CheckError::WinAgainstPaths { .. } => Code::E194,
            CheckError::NothingRemoved { .. } => Code::E195,
            CheckError::DecidedOnlyAtTheEnd { .. } => Code::E196,
            CheckError::ThrowOffAndSeats { .. } => Code::E197,
            CheckError::OneDirectionForward { .. } => Code::E198,
            CheckError::RetreatNowhere { .. } => Code::E199,
            CheckError::NeedsStacks { .. } => Code::E200,
            CheckError::NotWithStacks { .. } => Code::E201,
            CheckError::ScoreClash { .. } => Code::E202,
            CheckError::MatchClash { .. } => Code::E203,
            CheckError::MatchGame { .. } => Code::E204,
            CheckError::NothingToUnstack { .. } => Code::E205,
            CheckError::RepeatNeedsBanking { .. } => Code::E206,
        }
    }
}

impl Coded for CheckError {
    fn code(&self) -> Code {
        CheckError::code(self)
    }
}

/// Warnings of the check phase: likely mistakes that do not stop the rules from being played.
/// Each has a stable code, a labelled span and a help line.
#[derive(Debug, Error, Diagnostic)]
pub enum CheckWarning {
    #[error("with this `{key}`, option `{option}` gives the same game at {first} and at {second}")]
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
    TitleInherited {
        #[label("{label}")]
        span: SourceSpan,
        parent: String,
        label: String,
        #[help]
        help: String,
    },

    #[error("square {to} may be taken when a piece is sent there")]
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
    #[diagnostic(help(
        "leave a throw value out of the list if a turn is meant to end; as it stands, a game stops unfinished once one turn has thrown as many times as the turn cap (`--turn-cap`, 10,000)"
    ))]
    EndlessTurn {
        #[label("with every value the device gives")]
        span: SourceSpan,
        /// "a move" or "a pass".
        after: &'static str,
        /// When the turn ends, then.
        then: &'static str,
    },
}

impl CheckWarning {
    /// The stable code of each variant.
    pub fn code(&self) -> Code {
        match self {
            CheckWarning::OptionCut { .. } => Code::W001,
            CheckWarning::TitleInherited { .. } => Code::W002,
            CheckWarning::DestinationTaken { .. } => Code::W003,
            CheckWarning::EndlessTurn { .. } => Code::W004,
        }
    }
}

impl Coded for CheckWarning {
    fn code(&self) -> Code {
        CheckWarning::code(self)
    }
}

/// Declares the cases of an error that one rule meets in several ways: each case with its
/// message, its label and its help line.
macro_rules! cases {
    ($(#[$meta:meta])* $name:ident {
        $($(#[$case_meta:meta])* $case:ident => ($message:expr, $label:expr, $help:expr $(,)?),)*
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$case_meta])* $case,)*
        }

        impl $name {
            /// What the label at the rule says.
            pub fn label(self) -> &'static str {
                match self {
                    $(Self::$case => $label,)*
                }
            }

            /// How to put it right.
            pub fn help(self) -> &'static str {
                match self {
                    $(Self::$case => $help,)*
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(match self {
                    $(Self::$case => $message,)*
                })
            }
        }
    };
}

cases! {
    /// A rule that needs one throw at a time, or one piece's move (E181).
    OneThrowRule {
        Begin => (
            "a throw that begins, but the turn splits its total among pieces",
            "not with a split turn",
            "say `begin with none`, or play each throw whole (`turn throw again on 1, 4, 5 then move each throw`)",
        ),
        BackwardPerPiece => (
            "backward moves for each piece that is stuck, but the turn splits a total among pieces",
            "not with a split turn",
            "say `backward when no forward move`, or play one throw at a time (`turn throw then move`)",
        ),
        FirstMoveThrows => (
            "a piece's first move needs given throws, but the turn splits a total among pieces",
            "not with a split turn",
            "play one throw at a time (`turn throw then move`, or `turn throw again on 1, 4, 5 then move each throw`)",
        ),
        FirstMoveOrder => (
            "a piece's first move waits for the piece ahead, but the turn splits a total among pieces",
            "not with a split turn",
            "play one throw at a time (`turn throw then move`, or `turn throw again on 1, 4, 5 then move each throw`)",
        ),
        Retreat => (
            "a retreat, but the turn splits a total among pieces",
            "not with a split turn",
            "play each throw whole (`turn throw again on 1, 4, 5 then move each throw`), or remove the retreat",
        ),
        MayDecline => (
            "an effect the player may decline, but the turn splits a total among pieces",
            "not with a split turn",
            "drop `may` (the effect then always happens), or play one throw at a time (`turn throw then move`)",
        ),
    }
}

cases! {
    /// A score by what the loser has left that cannot apply (E202).
    ScoreRule {
        NotFirstOff => (
            "a gammon is scored where the loser has borne off none, but the first to bear off all does not win here",
            "only where the first to bear off all wins",
            "say `win first to bear off all`, or `score single`",
        ),
        WithMatchPoints => (
            "a win scored by gammons and by match points too",
            "two ways to score one game",
            "keep one: `score single`, or `match points none`",
        ),
    }
}

cases! {
    /// A rule of a match that cannot apply (E203).
    MatchRule {
        NoMatch => (
            "a rule of a match, but no match is played",
            "only in a match",
            "say how many points win the match (`match to 5 points`), or remove this rule",
        ),
        FirstWithSeats => (
            "who moves first in the next game, but a throw for seats decides the sides of every game",
            "not with a throw for seats",
            "remove the throw for seats (`seats none`), or this rule",
        ),
    }
}

cases! {
    /// A rule of stacks or dice that needs stacked pieces or dice played one by one (E200).
    StackRule {
        Closed => (
            "a square closed by enemy pieces, but pieces do not stack",
            "only with stacks",
            "let pieces stack (`stacks any`, or `stacks up to N`), or remove this rule",
        ),
        StacksOn => (
            "a limit on stacks on some places, but pieces do not stack",
            "only with stacks",
            "let pieces stack (`stacks any`, or `stacks up to N`), or remove this rule",
        ),
        CaptureToPosition => (
            "a captured piece sent back to a position of its path, but pieces do not stack",
            "only with stacks",
            "let pieces stack (`stacks any`), or capture another way (`capture to waiting`)",
        ),
        Pin => (
            "a pinned piece stays under the enemy's, but pieces do not stack",
            "only with stacks",
            "let pieces stack (`stacks any`), or capture another way (`capture to waiting`)",
        ),
        Always => (
            "a die that always shows its number, in a throw added up or read from a table",
            "only with dice played one by one",
            "a die that always shows its number is played on its own: `throw dice 6, 6, always 6: each`",
        ),
        DrawStuck => (
            "a draw when neither side can move, but pieces do not stack and the dice are not played one by one",
            "only with stacks or dice played one by one",
            "let pieces stack (`stacks any`), or throw dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        PastWhenAllOn => (
            "a piece borne off past the end once all are on some places, but pieces do not stack and the dice are not played one by one",
            "only with stacks or dice played one by one",
            "let pieces stack (`stacks any`), or throw dice played one by one (`throw dice 6, 6: each`), or bear off another way (`bear off exact`)",
        ),
        LoseStuck => (
            "a loss for a side that cannot move, but pieces do not stack and the dice are not played one by one",
            "only with stacks or dice played one by one",
            "let pieces stack (`stacks any`), or throw dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        LoseNoWayBack => (
            "a loss for a side whose captured piece cannot go back, but captured pieces do not go back to positions of their path",
            "only with `capture to positions N..M`",
            "send captured pieces back (`capture to positions 7..12`, with stacks), or remove this rule",
        ),
        DiceTake => (
            "pieces taken by the dice, but the dice are not played one by one, or taken pieces would not wait to enter again",
            "only with dice played one by one and `capture to waiting`",
            "throw dice played one by one (`throw dice 6, 6: each`) and say where taken pieces go (`capture to waiting`), or remove this rule",
        ),
        EnterAgain => (
            "pieces that enter again once all are borne off, but pieces may wait to enter otherwise, or the dice are not played one by one",
            "only with dice played one by one, every piece starting on the board, and captured pieces not waiting to enter",
            "start every piece on the board and let captures not send pieces back to wait (`capture none`), or remove this rule",
        ),
        LoseUntaken => (
            "a loss for a side that leaves a piece it could take, but the dice take no pieces",
            "only with `dice take lone pieces on their number`",
            "let the dice take pieces (`dice take lone pieces on their number`), or remove this rule",
        ),
        UnusedDice => (
            "unused dice passed to the other side, but the throw is not two dice played one by one",
            "only with two dice played one by one",
            "throw two dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        UnusedDiceLarger => (
            "unused dice passed to the other side, but where only one die can be used any may be, so that which die passes is not said",
            "only where the larger die is played when only one can be",
            "play the larger die where only one can be (`use most dice, then the larger`), or remove this rule",
        ),
        DoublesPassing => (
            "a double played otherwise than by `doubles played`, but unused dice pass to the other side",
            "not where unused dice pass to the other side",
            "dice passed are parts of a throw as `doubles played` plays it: remove this rule, or let unused dice be lost (`unused dice are lost`)",
        ),
        OppositeFaces => (
            "doubles followed by their opposite faces, but the dice are not six-sided",
            "only with six-sided dice",
            "throw six-sided dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        Together => (
            "stacks that move together, but pieces do not stack",
            "only with stacks",
            "let pieces stack (`stacks any`), or remove this rule",
        ),
        ExtraTurn => (
            "another turn when all dice are equal, but the dice are not played one by one",
            "only with dice played one by one",
            "throw dice played one by one (`throw dice 6, 6: each`), or give extra throws by value (`extra throw after 6`)",
        ),
        OpeningThrow => (
            "an opening throw of one die each, but the throw is not two dice of one kind played one by one",
            "only with two dice played one by one",
            "throw two dice played one by one (`throw dice 6, 6: each`), or say who moves first (`first white`)",
        ),
        PatternWin => (
            "a win by where the pieces stand, but pieces do not stack",
            "only with stacks",
            "let pieces stack (`stacks any`), or remove this rule",
        ),
        PinWin => (
            "a win by pinning, but no piece is ever pinned",
            "only where pieces are pinned",
            "pin lone pieces (`capture pin`), or remove this rule",
        ),
        Combined => (
            "dice may be combined, but the dice are not played one by one",
            "only with dice played one by one",
            "throw dice played one by one (`throw dice 6, 6, 6: each`), or remove this rule",
        ),
        LeaveStart => (
            "a rule on leaving the start, but pieces do not stack and the dice are not played one by one",
            "only with stacks or dice played one by one",
            "let pieces stack (`stacks any`), or throw dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        EnterFirst => (
            "waiting pieces enter first, but pieces do not stack and the dice are not played one by one",
            "only with stacks or dice played one by one",
            "let pieces stack (`stacks any`), or throw dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        LandAfter => (
            "a rule on landing until pieces have left the start, but pieces do not stack and the dice are not played one by one",
            "only with stacks or dice played one by one",
            "let pieces stack (`stacks any`), or throw dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        StacksCount => (
            "a limit on the places holding stacks, but pieces do not stack",
            "only with stacks",
            "let pieces stack (`stacks any`), or remove this rule",
        ),
        Pairs => (
            "a rule on pairs among three dice, but the throw is not three dice played one by one",
            "only with three dice played one by one",
            "throw three dice played one by one (`throw dice 6, 6, 6: each`), or remove this rule",
        ),
        Unstack => (
            "pieces to unstack, but pieces do not stack",
            "only with stacks",
            "let pieces stack (`stacks any`), or remove this rule",
        ),
        UnstackDice => (
            "pieces unstacked by the dice, but the dice are not played one by one",
            "only with dice played one by one",
            "throw dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        Doubles => (
            "a rule on how doubles are played, but the dice are not played one by one",
            "only with dice played one by one",
            "throw dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
        UseDice => (
            "a rule about which dice to use, but the dice are not played one by one",
            "only with dice played one by one",
            "throw dice played one by one (`throw dice 6, 6: each`), or remove this rule",
        ),
    }
}

cases! {
    /// A rule that shares a total among pieces, where no turn splits one (E182).
    SplitRule {
        BackwardSplit => (
            "backward moves split among pieces, but no turn splits a total among pieces",
            "only in a split turn",
            "split the throw among pieces (`turn throw then split`), or drop `, split among pieces`",
        ),
        StopAndGo => (
            "a piece may stop part way and go on, but no turn splits a total among pieces",
            "only in a split turn",
            "split the throw among pieces (`turn throw then split`), or remove this rule",
        ),
    }
}

cases! {
    /// How every throw gives another throw (E184).
    Unending {
        /// Every value is in the list the turn throws again on.
        TurnThrowsAgain => (
            "every throw gives another throw: the turn would never end",
            "no throw ends the turn",
            "leave at least one throw value out of the list",
        ),
        /// Every value throws again after a move, and after a pass.
        MovesAndPasses => (
            "every throw gives another throw, after a move and after a pass: a turn would never end, and the other side would never play",
            "no throw ends the turn",
            "leave at least one throw value out of this list or of the extra throws after a move (`extra throw after`, `on move with`)",
        ),
    }
}

cases! {
    /// Two effects of one rule about the turn that cannot both hold (E185).
    TurnClash {
        ThrowAndEnd => (
            "this rule gives an extra throw and ends the turn",
            "throw again, then end turn",
            "an ended turn throws no more: keep one of the two",
        ),
        MayThrowAndEnd => (
            "this rule gives an extra throw and ends the turn",
            "may throw again, then end turn",
            "an ended turn throws no more: keep one of the two",
        ),
        EndAndMayEnd => (
            "this rule ends the turn and lets the player choose whether it ends",
            "end turn, then may end turn",
            "keep `end turn` (the turn always ends) or `may end turn` (the player chooses)",
        ),
        ThrowAndMayThrow => (
            "this rule gives an extra throw and lets the player decline it",
            "throw again, then may throw again",
            "keep `throw again` (the side must throw) or `may throw again` (it chooses)",
        ),
    }
}

cases! {
    /// A rule about pieces that start on the board, where every piece starts waiting (E186).
    OnBoardRule {
        Opening => (
            "an opening move needs pieces on the board, but they start waiting",
            "no front piece to move",
            "remove the opening rule, or start the pieces on the board (`start alternating from 1`)",
        ),
        FirstMoveThrows => (
            "a piece's first move needs given throws, but no piece starts on the board",
            "no piece starts on the board",
            "a piece that enters makes its first move by entering: say which throws enter instead (`enter with 1 onto 1`)",
        ),
        FirstMoveOrder => (
            "a piece's first move waits for the piece ahead, but no piece starts on the board",
            "no piece starts on the board",
            "a piece that enters makes its first move by entering: remove this rule, or start pieces on the board (`start red on 1, 3, 5`)",
        ),
    }
}

cases! {
    /// A piece that must move next, where the rules do not put it on one square (E188).
    MovesNext {
        /// The entered piece, where pieces enter where the throw takes them.
        OntoThrow => (
            "the piece that enters must move next, but pieces enter where the throw takes them",
            "piece moves next",
            "say where pieces enter (`enter ... onto 1`)",
        ),
        /// The entered piece and the retreated piece, on two squares.
        RetreatElsewhere => (
            "a piece that enters and a piece that retreats must both move next, from different squares",
            "piece moves next",
            "one square holds the piece that must move next: retreat to the square pieces enter on, or drop one rule",
        ),
    }
}

cases! {
    /// A rule about something the other rules never let happen (E189).
    NeverRule {
        Capture => (
            "a rule about captures, but pieces never capture",
            "this never happens",
            "say how pieces capture (`capture swap`, `capture to waiting`, ...), or remove the rule",
        ),
        /// A square effect that sends a piece on `capturing`.
        Capturing => (
            "a square effect that captures, but pieces never capture",
            "this never happens",
            "say how pieces capture (`capture to waiting`, `capture removed`, ...), or drop `capturing`",
        ),
        Retreat => (
            "a rule about retreats, but no piece ever retreats",
            "this never happens",
            "say where pieces retreat from and to (`retreat from 27 to 15`), or remove the rule",
        ),
        Entering => (
            "a rule about entering, but pieces never enter",
            "this never happens",
            "say how pieces enter (`enter with 1 onto 1`), or remove the rule",
        ),
    }
}

cases! {
    /// A rule that a loop rules out (E191).
    LoopRule {
        Backward => (
            "backward moves, but a path is a loop",
            "not on a loop",
            "say `backward never`",
        ),
        Pairs => (
            "pairs protect, but a path is a loop (its first and last positions are neighbours)",
            "not on a loop",
            "say `protect none`",
        ),
        OnlyBearOff => (
            "pieces that may only bear off, but a path is a loop: no piece bears off a loop",
            "not on a loop",
            "say `only bear off from none`",
        ),
        Trap => (
            "a trap, but a path is a loop",
            "not on a loop",
            "remove the trap, or make the path run to an end",
        ),
    }
}

cases! {
    /// A rule that a path in parts rules out (E192).
    PartsRule {
        Backward => (
            "backward moves, but a path is in parts (a piece would move back into the part before)",
            "not on a path in parts",
            "say `backward never`",
        ),
        Trap => (
            "a trap, but a path is in parts (a move never runs past its part's end)",
            "not on a path in parts",
            "remove the trap, or make the path one part",
        ),
    }
}

cases! {
    /// A rule that a path coming back to squares it has passed rules out (E193).
    OutAndBackRule {
        Swap => (
            "a captured piece swaps places, but a path comes back to squares it has passed",
            "not on an out-and-back path",
            "say `capture to waiting` or `capture removed`",
        ),
        Pairs => (
            "pairs protect, but a path comes back to squares it has passed (its neighbours there are not one pair)",
            "not on an out-and-back path",
            "say `protect none`",
        ),
        Blockade => (
            "a blockade, but a path comes back to squares it has passed (a row of pieces there is not one row)",
            "not on an out-and-back path",
            "say `blockade none`",
        ),
        AheadEmpty => (
            "pieces wait for the square ahead, but a path comes back to squares it has passed",
            "not on an out-and-back path",
            "say `pieces on none move only if the square ahead is empty`",
        ),
    }
}

cases! {
    /// A way to win that the shape of the paths rules out (E194).
    WinPaths {
        /// Bearing off, where a path is a loop.
        BearOffOnLoop => (
            "the winner bears pieces off, but a path is a loop: its pieces never bear off",
            "no piece bears off a loop",
            "say `win by capturing all`, or make every path run to an end",
        ),
        /// Capturing all, where a path runs to an end.
        CaptureAllOnRace => (
            "the winner captures every enemy piece, but a path runs to an end (pieces that bear off can never be captured)",
            "needs every path a loop",
            "make every path a loop (`path red: loop 1..24`), or say `win first to bear off all`",
        ),
    }
}

/// Why a retreat leads nowhere (E199).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Nowhere {
    /// The destination is among the squares retreated from.
    OwnSquare,
    /// A side that may retreat does not pass the destination.
    OffPath { side: String },
}

impl fmt::Display for Nowhere {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Nowhere::OwnSquare => {
                f.write_str("a piece would retreat to the square it retreats from")
            }
            Nowhere::OffPath { side } => {
                write!(
                    f,
                    "`{side}` may retreat, but its path does not pass this square"
                )
            }
        }
    }
}
