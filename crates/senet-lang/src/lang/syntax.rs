//! The syntax tree of a rule file: what was written, where, before any name is resolved.

use std::ops::Range;

pub use super::key::{ConditionKey, RuleKey, TriggerKey};
pub use crate::types::{DrawStyle, Numbering, Sign};
pub use crate::types::{Lot, NextFirst, OpeningThrow};

/// A byte range in one source file.
pub type Span = Range<usize>;

/// A value with the byte span it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// A parsed rule file: its statements in the order written.
#[derive(Clone, Debug, Default)]
pub struct File {
    pub statements: Vec<Statement>,
}

/// One line of a rule file.
#[derive(Clone, Debug)]
pub struct Statement {
    pub kind: StatementKind,
    /// The statement itself, without condition, note or comment.
    pub span: Span,
    pub condition: Option<Condition>,
    pub note: Option<Note>,
}

/// `when OPTION is VALUE:` in front of a statement.
#[derive(Clone, Debug)]
pub struct Condition {
    pub option: Spanned<String>,
    pub value: Spanned<Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// Filled in where the sources are silent.
    Choice,
    /// What the source says, or where.
    Source,
}

impl NoteKind {
    /// The word a note begins with: `choice` or `source`.
    pub fn word(self) -> &'static str {
        match self {
            NoteKind::Choice => "choice",
            NoteKind::Source => "source",
        }
    }
}

/// `[choice: ...]` or `[source: ...]` after a statement.
#[derive(Clone, Debug)]
pub struct Note {
    pub kind: NoteKind,
    pub text: String,
}

/// An option value: `5`, `1..7` or `on`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Int(u32),
    Range(u32, u32),
    Word(String),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Range(a, b) => write!(f, "{a}..{b}"),
            Value::Word(w) => f.write_str(w),
        }
    }
}

/// A number or an inclusive range of numbers, which may run downwards (`4..1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub first: u32,
    pub last: u32,
    pub span: Span,
}

impl Item {
    /// How many numbers the item holds.
    pub fn count(&self) -> usize {
        (self.first.abs_diff(self.last) as usize) + 1
    }

    /// Whether the item runs downwards (`4..1`).
    pub fn descending(&self) -> bool {
        self.first > self.last
    }
}

/// A set of places: squares of the board or positions along each side's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetExpr {
    None,
    Squares(Vec<Item>),
    Positions(Vec<Item>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    Square(Spanned<u32>),
    FirstFreeAfter(Spanned<u32>),
    FirstFreeBefore(Spanned<u32>),
}

impl Destination {
    pub fn square(&self) -> &Spanned<u32> {
        match self {
            Destination::Square(s)
            | Destination::FirstFreeAfter(s)
            | Destination::FirstFreeBefore(s) => s,
        }
    }
}

#[derive(Clone, Debug)]
pub enum StartSpec {
    Waiting,
    Alternating(Spanned<u32>),
    /// Each side's squares; whether the pieces not listed wait to enter (`; the rest waiting`).
    Explicit(Vec<(Spanned<String>, Vec<Item>)>, bool),
}

#[derive(Clone, Debug)]
pub enum ThrowSpec {
    /// `throw N sticks: ...` or `throw N tetrahedral dice: ...`.
    Sticks {
        count: Spanned<u32>,
        table: Vec<(Spanned<u32>, Spanned<u32>)>,
        lot: Lot,
        /// `sticks marked M, M, ...`: each stick's number, the throw where its marked side alone
        /// shows; empty for sticks that are only counted.
        marked: Vec<Spanned<u32>>,
    },
    Die {
        faces: Spanned<u32>,
    },
    /// `throw dice F, F, ...: sum` or `: A B -> V, ...`: dice with these numbers of faces, the
    /// value their sum or, for each combination of faces shown, the value given (`None`: sum).
    Dice {
        faces: Vec<Spanned<u32>>,
        /// `always N`: dice that always show N (only with `: each`).
        fixed: Vec<Spanned<u32>>,
        table: Option<Vec<DiceEntry>>,
        /// `: each`: each die is played on its own, by one piece (no table then).
        each: bool,
    },
}

/// What a win scores, where not one point.
#[derive(Clone, Debug)]
pub enum ScoreSpec {
    /// `score gammon N[, backgammon M on SET]`: 1, N where the loser has borne off no piece, M
    /// where it also has a piece waiting or on SET.
    Gammon {
        gammon: Spanned<u32>,
        backgammon: Option<(Spanned<u32>, SetExpr)>,
    },
    /// `score pieces left`: one point for each piece the loser has not borne off.
    PiecesLeft,
}

/// How many pieces of a side may stand on one square.
#[derive(Clone, Debug)]
pub enum Stacking {
    /// `stacks none`: one.
    None,
    /// `stacks any`: any number.
    Any,
    /// `stacks up to N`.
    UpTo(Spanned<u32>),
}

/// One entry of a dice table: the faces shown, in the dice's order, and the value they give.
pub type DiceEntry = (Vec<Spanned<u32>>, Spanned<u32>);

#[derive(Clone, Debug)]
pub enum TurnSpec {
    ThrowThenMove,
    /// One throw, split among pieces.
    ThrowThenSplit,
    AccumulateThenSplit {
        again: Vec<Spanned<u32>>,
    },
    /// Throw again while the throw is one of these, then play each throw whole, one at a time.
    AccumulateThenEach {
        again: Vec<Spanned<u32>>,
    },
}

#[derive(Clone, Debug)]
pub enum EnterOnto {
    /// A throw's number of positions on, from the start of the path or after position N.
    Throw(Option<Spanned<u32>>),
    Position(Spanned<u32>),
}

#[derive(Clone, Debug)]
pub struct EnterSpec {
    pub throws: Option<Vec<Spanned<u32>>>,
    pub onto: EnterOnto,
    pub if_empty: bool,
}

#[derive(Clone, Debug)]
pub enum CaptureSpec {
    None,
    Swap,
    Removed,
    /// `capture pin`: the enemy piece stays, held under the piece that landed on it.
    Pin,
    /// `capture to position N`: the captured piece goes to position N of its own path;
    /// `capture to positions N..M`: to the first of N to M, in that order, free of the enemy.
    ToPosition(Spanned<u32>, Option<Spanned<u32>>),
    ToWaiting,
    To(Destination),
}

#[derive(Clone, Debug)]
pub struct SeatSpec {
    pub until: Spanned<u32>,
    pub side: Spanned<String>,
}

#[derive(Clone, Debug)]
pub enum OpeningRule {
    FrontPieceMoves {
        steps: Spanned<u32>,
        throw_again: bool,
    },
    FirstMoveWithFrontPiece,
}

#[derive(Clone, Debug)]
pub enum BearOffSpec {
    Exact {
        from: Option<SetExpr>,
        /// `, or past the end from the hindmost`: a throw that would go past the end bears off
        /// a piece with no piece of its side behind it.
        hindmost: bool,
        /// `, or past the end when all on SET`: a throw that would go past the end bears off
        /// once every piece of the side stands on SET.
        past_when: Option<SetExpr>,
    },
    /// `bear off at or past the end`: any throw that reaches the end or goes beyond.
    Past { from: Option<SetExpr> },
    /// `bear off from N with V, V; from positions N with V; ...`: each row's place (a square,
    /// or a position along each side's path where `positions` is said) and its throws.
    Table(Vec<(ExitPlace, Vec<Spanned<u32>>)>),
}

/// Where a row of a table of exits bears off from.
#[derive(Clone, Debug)]
pub struct ExitPlace {
    pub number: Spanned<u32>,
    /// `from positions N`: a position along each side's path, not a square.
    pub positions: bool,
}

#[derive(Clone, Debug)]
pub enum BearWhen {
    Always,
    /// `bear off never`.
    Never,
    AllOn(SetExpr),
    NoneOn(SetExpr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinSpec {
    FirstAllOff,
    MostBorneOff,
    CaptureAll,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndSpec {
    Decided,
    BoardEmpty,
}

/// What sets off an event rule (`on TRIGGER: ...`).
#[derive(Clone, Debug)]
pub enum Trigger {
    /// A capture, anywhere or on these squares (the capturing piece's landing square).
    Capture(Option<SetExpr>),
    /// A pass made with one of these throws.
    Pass(Vec<Spanned<u32>>),
    /// A move made with one of these throws.
    Move(Vec<Spanned<u32>>),
    /// A move that ends on one of these squares; of the named side's pieces only, if a side is
    /// named (`by SIDE`).
    Landing(SetExpr, Option<Spanned<String>>),
    /// A forward move that would pass over one of these squares.
    Passing(SetExpr),
    /// A retreat (`retreat from SET to N`).
    Retreat,
    /// A piece enters the board.
    Entering,
    /// Before each move of a side (each throw it plays).
    EachMove,
}

/// When an event rule applies: `if its side has [no] pieces on SET`, `if the other side has
/// [no] pieces on SET`, `if the piece entered`, `if the piece was on the board`.
#[derive(Clone, Debug)]
pub enum EventCondition {
    Pieces {
        /// Whose pieces: the other side's (else the side that moved).
        other: bool,
        /// Whether the rule applies while there are pieces there (else while there are none).
        has: bool,
        set: SetExpr,
    },
    /// Whether the piece that moved entered with this move (else it was on the board).
    Entered(bool),
}

/// When pieces move backwards: never (`allowed` false), when the side has no forward move, or
/// when the piece itself has none (`per_piece`); `onto_empty`: never onto a piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BackwardSpec {
    pub allowed: bool,
    pub per_piece: bool,
    pub onto_empty: bool,
    /// `, split among pieces`: in a split turn the total moves pieces backwards as it moves
    /// them forwards, shared among them.
    pub split: bool,
}

/// What an event rule does.
#[derive(Clone, Debug)]
pub enum Effect {
    /// The side that moved throws again.
    ThrowAgain,
    /// The piece that landed goes on to a square; with `stop` (`and stop`), no effect of that
    /// square sends it further; with `capturing` (where the word stands), onto an enemy piece
    /// there too, capturing it.
    GoTo {
        to: Destination,
        stop: bool,
        capturing: Option<Span>,
    },
    /// The piece that landed goes back to waiting, to enter again.
    GoToWaiting,
    /// The piece that landed leaves the game.
    Removed,
    /// The player may send the piece that landed on to a square, or leave it there.
    MayGoTo {
        to: Destination,
        stop: bool,
        capturing: Option<Span>,
    },
    /// The side that moved may throw again, or end its turn.
    MayThrowAgain,
    /// The side that moved may end its turn at once, or go on with it.
    MayEndTurn,
    /// `may` before an effect that no player can decline (the checker says so).
    MayOther(Box<Effect>),
    /// Where the captured piece goes.
    Captured(CapturedPlace),
    /// Only the side's pieces on these squares may make the move.
    OnlyPiecesOn(SetExpr),
    /// The side that moved skips its next turn.
    LoseTurn,
    /// The side's turn ends at once (throws not yet played are lost).
    EndTurn,
    /// The piece must make its side's next move; `ignoring_pairs`: that move may capture a
    /// piece that a pair would protect; `or_waiting`: if it cannot, it goes back to waiting.
    MovesNext {
        ignoring_pairs: bool,
        or_waiting: bool,
    },
}

/// Where an event rule sends a captured piece.
#[derive(Clone, Debug)]
pub enum CapturedPlace {
    Waiting,
    Removed,
    To(Destination),
}

/// One part of `win with ...`: `N on each of SET` (exactly N), or `N or more on each of SET`.
#[derive(Clone, Debug)]
pub struct PatternSpec {
    pub count: Spanned<u32>,
    pub or_more: bool,
    pub on: SetExpr,
}

/// `extra move of V after T, T, ... [entering first]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraMoveSpec {
    /// The move's value.
    pub value: Spanned<u32>,
    /// The throws that give it.
    pub after: Vec<Spanned<u32>>,
    /// The move enters a waiting piece where one can.
    pub entering_first: bool,
}

/// Every statement of the language. Each has a key (see [`StatementKind::key`]): a later
/// statement with the same key replaces an inherited one.
#[derive(Clone, Debug)]
pub enum StatementKind {
    Ruleset(Spanned<String>),
    Title(String),
    /// `source "TEXT"`, or `source none` (`None`): the sources of the files it extends dropped.
    Source(Option<String>),
    Extends(Spanned<String>),
    Option {
        name: Spanned<String>,
        values: Vec<Spanned<Value>>,
        default: Spanned<Value>,
    },
    Board {
        rows: Spanned<u32>,
        cols: Spanned<u32>,
        numbering: Numbering,
    },
    Gaps(Vec<Item>),
    /// `None` takes an inherited name away.
    Name {
        square: Spanned<u32>,
        text: Option<String>,
    },
    Label {
        square: Spanned<u32>,
        text: Option<String>,
    },
    /// `sign N WORD` (`None`: `sign N none`, which takes an inherited sign away).
    Sign {
        square: Spanned<u32>,
        sign: Option<Sign>,
    },
    Marks(SetExpr),
    /// `link A to B`: squares A and B are neighbours, though the grid does not put them side
    /// by side (a line of the board joins them).
    Link {
        from: Spanned<u32>,
        to: Spanned<u32>,
    },
    /// `draw as squares`, `draw as tables` or `draw as cloth`: how squares are drawn.
    DrawStyle(DrawStyle),
    /// `draw SQUARES at ROWS, COLUMNS`: where squares are drawn, for boards that are not grids.
    Draw {
        squares: Item,
        rows: Item,
        cols: Item,
    },
    Path {
        side: Option<Spanned<String>>,
        items: Vec<Item>,
        /// Where a new segment starts (an index into `items`): `A | B` is a path of two
        /// segments, each running to the goal.
        breaks: Vec<usize>,
        /// `path ...: loop ...`: after its last square the path goes on from its first.
        looped: bool,
    },
    /// `shortcut SQUARES`: a way across the board from a square of the paths to a later one,
    /// which a piece beginning its move on its first square or on one of its own may take.
    Shortcut(Vec<Item>),
    Sides(Vec<Spanned<String>>),
    /// `teams A, B; C, D`: each team's sides.
    Teams(Vec<Vec<Spanned<String>>>),
    Colour {
        side: Spanned<String>,
        colour: Spanned<String>,
    },
    Pieces(Spanned<u32>),
    Start(StartSpec),
    /// `first SIDE`, or `first by throw-off, ties to SIDE` (`throw_off`).
    First {
        side: Spanned<String>,
        throw_off: bool,
    },
    /// `first by opening throw: one die each, the higher plays both | throws again`.
    FirstByOpening(OpeningThrow),
    Throw(ThrowSpec),
    ExtraAfter(Vec<Spanned<u32>>),
    /// `begin with V, ...`: a side makes no move until it throws one of these (empty: `none`).
    Begin(Vec<Spanned<u32>>),
    /// `each piece first moves with V, ...`: a piece that has not moved yet moves only with one
    /// of these throws (`none`: any).
    FirstMove(Vec<Spanned<u32>>),
    /// `each piece first moves after the piece ahead has moved` (true): a piece that has not
    /// moved yet waits while the nearest piece ahead of it has not moved either; `each piece
    /// first moves in any order` (false): it does not wait.
    FirstMoveOrder(bool),
    ExtraOn(SetExpr),
    Turn(TurnSpec),
    Enter(Option<EnterSpec>),
    Capture(CaptureSpec),
    Protect(bool),
    Safe(SetExpr),
    /// `safe squares shared` (true): pieces of different sides may stand together on a safe
    /// square; `safe squares closed` (false): no piece lands on an enemy piece safe there.
    SafeShared(bool),
    /// `partners share squares` (true): a side's piece may stand with its partners' pieces on a
    /// square; `partners share no squares` (false).
    PartnersShare(bool),
    /// `sides may pass` (true): a side may leave its throw unplayed though it could move; `sides
    /// pass only when they cannot move` (false).
    SidesPass(bool),
    Blockade(Option<Spanned<u32>>),
    Stop(SetExpr),
    Backward(BackwardSpec),
    Priority(SetExpr),
    /// `stacks none`, `stacks any` or `stacks up to N`.
    Stacks(Stacking),
    /// `stacks move together` (true) or `stacks move piece by piece`.
    StacksTogether(bool),
    /// `closed with N`: a square held by N or more pieces of a side is closed to the other;
    /// `closed never` (None): no count of pieces closes a square.
    Closed(Option<Spanned<u32>>),
    /// `doubles played once`, `doubles played twice` or `doubles played as one die`.
    Doubles(crate::types::Doubles),
    /// `unstack first`, `unstack first, then restack`, `unstack never`.
    Unstack(crate::types::Unstack),
    /// `pairs played twice when the third die is lower` (true) or `pairs played as thrown`.
    Pairs(bool),
    /// `stacks on at most N of SET`: a side's stacks stand on at most N of these places.
    StacksCount {
        most: Spanned<u32>,
        on: SetExpr,
    },
    /// `use most dice`, `use most dice, then the larger` or `use most dice, the smaller or
    /// none`.
    UseDice(crate::types::UseDice),
    /// `double N played as D, D, ...`: a double of N played as these dice, in this order.
    DoubleList {
        double: Spanned<u32>,
        dice: Vec<Spanned<u32>>,
    },
    /// `doubles then opposite faces, optional` (true) or `doubles without opposite faces`.
    OppositeFaces(bool),
    /// `first double of each side played once` (true) or `... played as any other`.
    FirstDouble(bool),
    /// `waiting pieces enter first` (true) or `waiting pieces enter any time`.
    EnterFirst(bool),
    /// `stacks up to N on SET [until a piece reaches position M]`: no move makes a side's stack
    /// on these places larger than N (until one of its pieces has landed on position M).
    StacksOn {
        most: Spanned<u32>,
        on: SetExpr,
        until: Option<Spanned<u32>>,
    },
    /// `pieces land on SET only after N have left the start`.
    LandAfter {
        on: SetExpr,
        left: Spanned<u32>,
    },
    /// `pieces leave the start after the first reaches position N` (`None`: `... any time`): a
    /// second piece leaves path position 1 only once the first to leave has reached N.
    LeaveStart(Option<Spanned<u32>>),
    /// `dice may be combined` (true): a piece may move by the sum of several dice at once, not
    /// stopping between; `dice played apart` (false).
    Combined(bool),
    /// `unused dice pass to the other side` (true): the dice a side cannot use are the other
    /// side's next turn, instead of its throw; `unused dice are lost` (false).
    UnusedDice(bool),
    /// `dice take lone pieces on their number`: a die of N may take the other side's lone piece
    /// on its own path position N, moving no piece.
    DiceTake,
    /// `once all are borne off, they enter again as they started`.
    EnterAgain,
    /// `pieces on SET move only if the square ahead is empty`.
    AheadEmpty(SetExpr),
    /// `pieces on SET move only when all are there`.
    Together(SetExpr),
    /// `pieces on SET move only when none waits`.
    NoneWaits(SetExpr),
    /// `no piece enters while one is on SET`.
    EnterBarred(SetExpr),
    /// `no passing on SET`: no piece passes over a piece of its own side there.
    NoPassing(SetExpr),
    /// `pieces may stop on SET and go on`: in a split turn a piece that comes to rest on one of
    /// these squares may move again with more of the total.
    StopAndGo(SetExpr),
    /// `extra throws add up` (true): every cause of an extra throw gives one, and a move that
    /// earns two is followed by two throws; `extra throws count once` (false): one at most.
    ExtraAddUp(bool),
    /// `extra throws at most N in a turn` (Pachih's "Three total throws is the maximum"):
    /// a turn gives no more than N extra throws; `extra throws any number in a turn` (`None`).
    ExtraCap(Option<Spanned<u32>>),
    /// `extra move of V after T, T, ...` (Sokkattan's "A roll of 10 or 25 adds an extra move of
    /// 1"): a throw of one of these values also gives a move of V, played in the same turn as
    /// any other throw held; `entering first`: that move enters a waiting piece where one can.
    /// `extra move none` (`None`).
    ExtraMove(Option<ExtraMoveSpec>),
    /// `throws count from V, ... while no piece is on the board` (Thaayam's "When a player has no
    /// pieces on the board, throws made before a throw of 1 do not count"): while a side has no
    /// piece on the board, the throws of its turn before one of these are lost. `throws count
    /// always` (empty).
    CountFrom(Vec<Spanned<u32>>),
    /// `throws repeated N times in a row do not count` (`None`: `throws repeated in a row
    /// count`).
    RepeatVoid(Option<Spanned<u32>>),
    /// `extra turn when all dice are equal` (false: `extra turn never`).
    ExtraTurn(bool),
    /// `no backward moves from SET`.
    NoBackwardFrom(SetExpr),
    /// `one direction each turn` (true) or `any direction each turn`.
    OneDirection(bool),
    /// `only pieces on SET may move while one is there`; with `or waiting` (true), waiting
    /// pieces may enter all the same.
    OnlyPiecesOn(SetExpr, bool),
    Seats(Option<SeatSpec>),
    Opening {
        side: Spanned<String>,
        rule: Option<OpeningRule>,
    },
    SquareEffect {
        square: Spanned<u32>,
        effect: Option<Destination>,
    },
    BearOff(BearOffSpec),
    BearWhen(BearWhen),
    /// Pieces on these squares may only bear off, not move on.
    OnlyBearOff(SetExpr),
    /// `retreat from SET to N` (`None`: `retreat none`).
    Retreat(Option<(SetExpr, Spanned<u32>)>),
    Win(WinSpec),
    End(EndSpec),
    MatchPoints(Vec<(Vec<Item>, Spanned<u32>)>),
    /// `win by pinning the last piece on the start: N` (`None`: `: none`).
    PinWin(Option<Spanned<u32>>),
    /// `win with N on each of SET; ... or ...`: each pattern's parts (`None`: `win with none`).
    PatternWin(Option<Vec<Vec<PatternSpec>>>),
    /// `draw when neither side can move`.
    DrawStuck,
    /// `lose when a side cannot move`.
    LoseStuck,
    /// `lose when a captured piece cannot go back`.
    LoseNoWayBack,
    /// `lose when a piece that can be taken is left`.
    LoseUntaken,
    /// `match to N points` (`None`: `match to none`).
    MatchTo(Option<Spanned<u32>>),
    /// `match games "ID", "ID", ...` (empty: `match games none`).
    MatchGames(Vec<Spanned<String>>),
    /// `match next game first: WHO` (`None`: `: none`).
    MatchFirst(Option<NextFirst>),
    /// `pass scores N for the other side` (`None`: `pass scores none`).
    PassScore(Option<Spanned<u32>>),
    /// `score gammon N[, backgammon M on SET]`, or `score single` (`None`).
    Score(Option<ScoreSpec>),
    /// `on TRIGGER [if CONDITION]: EFFECT, ...`; no effects for `none` (which takes an
    /// inherited rule away).
    On {
        trigger: Spanned<Trigger>,
        condition: Option<Spanned<EventCondition>>,
        effects: Vec<Spanned<Effect>>,
    },
}

impl StatementKind {
    /// The rule this statement states; `source` lines have none: they accumulate.
    pub fn key(&self) -> Option<RuleKey> {
        use StatementKind as K;
        Some(match self {
            K::Source(_) => return None,
            K::Ruleset(_) => RuleKey::Ruleset,
            K::Title(_) => RuleKey::Title,
            K::Extends(_) => RuleKey::Extends,
            K::Option { name, .. } => RuleKey::Option(name.value.clone()),
            K::Board { .. } => RuleKey::Board,
            K::Gaps(_) => RuleKey::Gaps,
            K::Name { square, .. } => RuleKey::Name(square.value),
            K::Label { square, .. } => RuleKey::Label(square.value),
            K::Sign { square, .. } => RuleKey::Sign(square.value),
            K::Marks(_) => RuleKey::Marks,
            K::Link { from, to } => RuleKey::Link(from.value, to.value),
            K::Draw { squares, .. } => RuleKey::Draw(squares.first, squares.last),
            K::DrawStyle(_) => RuleKey::DrawStyle,
            K::Path { side, .. } => RuleKey::Path(side.as_ref().map(|s| s.value.clone())),
            K::Shortcut(items) => RuleKey::Shortcut(
                items.first().map_or(0, |i| i.first),
                items.last().map_or(0, |i| i.last),
            ),
            K::Sides(_) => RuleKey::Sides,
            K::Teams(_) => RuleKey::Teams,
            K::Colour { side, .. } => RuleKey::Colour(side.value.clone()),
            K::Pieces(_) => RuleKey::Pieces,
            K::Start(_) => RuleKey::Start,
            K::First { .. } | K::FirstByOpening(_) => RuleKey::First,
            K::Throw(_) => RuleKey::Throw,
            K::ExtraAfter(_) => RuleKey::ExtraAfter,
            K::Begin(_) => RuleKey::Begin,
            K::FirstMove(_) => RuleKey::FirstMove,
            K::FirstMoveOrder(_) => RuleKey::FirstMoveOrder,
            K::ExtraOn(_) => RuleKey::ExtraOn,
            K::Turn(_) => RuleKey::Turn,
            K::Enter(_) => RuleKey::Enter,
            K::Capture(_) => RuleKey::Capture,
            K::Protect(_) => RuleKey::Protect,
            K::Safe(_) => RuleKey::Safe,
            K::SafeShared(_) => RuleKey::SafeShared,
            K::PartnersShare(_) => RuleKey::PartnersShare,
            K::SidesPass(_) => RuleKey::SidesPass,
            K::Blockade(_) => RuleKey::Blockade,
            K::Stop(_) => RuleKey::Stop,
            K::Backward(_) => RuleKey::Backward,
            K::Priority(_) => RuleKey::Priority,
            K::Stacks(_) => RuleKey::Stacks,
            K::StacksTogether(_) => RuleKey::StacksTogether,
            K::Closed(_) => RuleKey::Closed,
            K::Doubles(_) => RuleKey::Doubles,
            K::Unstack(_) => RuleKey::Unstack,
            K::Pairs(_) => RuleKey::Pairs,
            K::StacksCount { .. } => RuleKey::StacksCount,
            K::LandAfter { .. } => RuleKey::LandAfter,
            K::UseDice(_) => RuleKey::UseDice,
            K::DoubleList { double, .. } => RuleKey::DoubleList(double.value),
            K::OppositeFaces(_) => RuleKey::OppositeFaces,
            K::FirstDouble(_) => RuleKey::FirstDouble,
            K::EnterFirst(_) => RuleKey::EnterFirst,
            K::StacksOn { .. } => RuleKey::StacksOn,
            K::LeaveStart(_) => RuleKey::LeaveStart,
            K::Combined(_) => RuleKey::Combined,
            K::UnusedDice(_) => RuleKey::UnusedDice,
            K::DiceTake => RuleKey::DiceTake,
            K::EnterAgain => RuleKey::EnterAgain,
            K::OnlyPiecesOn(..) => RuleKey::OnlyPiecesOn,
            K::NoBackwardFrom(_) => RuleKey::NoBackwardFrom,
            K::OneDirection(_) => RuleKey::Direction,
            K::AheadEmpty(_) => RuleKey::AheadEmpty,
            K::Together(_) => RuleKey::Together,
            K::NoneWaits(_) => RuleKey::NoneWaits,
            K::EnterBarred(_) => RuleKey::EnterBarred,
            K::NoPassing(_) => RuleKey::NoPassing,
            K::StopAndGo(_) => RuleKey::StopAndGo,
            K::ExtraAddUp(_) => RuleKey::ExtraAddUp,
            K::ExtraCap(_) => RuleKey::ExtraCap,
            K::ExtraMove(_) => RuleKey::ExtraMove,
            K::CountFrom(_) => RuleKey::CountFrom,
            K::RepeatVoid(_) => RuleKey::RepeatVoid,
            K::ExtraTurn(_) => RuleKey::ExtraTurn,
            K::Seats(_) => RuleKey::Seats,
            K::Opening { side, .. } => RuleKey::Opening(side.value.clone()),
            K::SquareEffect { square, .. } => RuleKey::Square(square.value),
            K::BearOff(_) => RuleKey::BearOff,
            K::BearWhen(_) => RuleKey::BearWhen,
            K::OnlyBearOff(_) => RuleKey::OnlyBearOff,
            K::Retreat(_) => RuleKey::Retreat,
            K::Win(_) => RuleKey::Win,
            K::End(_) => RuleKey::End,
            K::MatchPoints(_) => RuleKey::MatchPoints,
            K::Score(_) => RuleKey::Score,
            K::PinWin(_) => RuleKey::PinWin,
            K::PatternWin(_) => RuleKey::PatternWin,
            K::DrawStuck => RuleKey::DrawStuck,
            K::LoseStuck => RuleKey::LoseStuck,
            K::LoseNoWayBack => RuleKey::LoseNoWayBack,
            K::LoseUntaken => RuleKey::LoseUntaken,
            K::MatchTo(_) => RuleKey::MatchTo,
            K::MatchGames(_) => RuleKey::MatchGames,
            K::MatchFirst(_) => RuleKey::MatchFirst,
            K::PassScore(_) => RuleKey::PassScore,
            K::On {
                trigger, condition, ..
            } => RuleKey::On(
                TriggerKey::of(&trigger.value),
                condition.as_ref().map(|c| ConditionKey::of(&c.value)),
            ),
        })
    }
}
