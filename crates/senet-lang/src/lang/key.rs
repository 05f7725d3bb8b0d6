//! Rule keys: which rule a statement states. Two statements with the same key in one file are an
//! error; in a file that extends another, a statement replaces the inherited one with its key.

use std::fmt;

use super::syntax::{EventCondition, Item, SetExpr, Spanned, Trigger};

/// The rule a statement states. Keys that name a square, side or option carry it as written
/// (before any name is resolved).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleKey {
    Ruleset,
    Title,
    Extends,
    Option(String),
    Board,
    Gaps,
    Name(u32),
    Label(u32),
    /// `sign N WORD`.
    Sign(u32),
    Marks,
    /// Two squares made neighbours, as written.
    Link(u32, u32),
    /// Where squares are drawn, by the first and last square of the statement.
    Draw(u32, u32),
    /// `draw as ...`.
    DrawStyle,
    /// `None`: the path both sides share; else one side's path.
    Path(Option<String>),
    /// A shortcut, by its first and last squares as written.
    Shortcut(u32, u32),
    Sides,
    Teams,
    Colour(String),
    Pieces,
    Start,
    First,
    Throw,
    ExtraAfter,
    ExtraOn,
    Turn,
    Enter,
    Capture,
    Protect,
    Safe,
    SafeShared,
    PartnersShare,
    SidesPass,
    Blockade,
    Stop,
    Backward,
    Priority,
    Stacks,
    /// `stacks move together`.
    StacksTogether,
    Closed,
    Doubles,
    /// `unstack first`.
    Unstack,
    /// `pairs played twice when the third die is lower`.
    Pairs,
    /// `stacks on at most N of SET`.
    StacksCount,
    /// `pieces land on SET only after N have left the start`.
    LandAfter,
    UseDice,
    /// `double N played as ...`, by N.
    DoubleList(u32),
    /// `doubles then opposite faces, optional`.
    OppositeFaces,
    /// `first double of each side played once`.
    FirstDouble,
    EnterFirst,
    StacksOn,
    LeaveStart,
    Combined,
    /// `unused dice pass to the other side`.
    UnusedDice,
    /// `dice take lone pieces on their number`.
    DiceTake,
    /// `once all are borne off, they enter again as they started`.
    EnterAgain,
    OnlyPiecesOn,
    Begin,
    NoBackwardFrom,
    Direction,
    AheadEmpty,
    Together,
    NoneWaits,
    EnterBarred,
    NoPassing,
    StopAndGo,
    ExtraAddUp,
    /// `extra throws at most N in a turn`.
    ExtraCap,
    /// `extra move of V after T, ...`.
    ExtraMove,
    /// `throws count from V, ... while no piece is on the board`.
    CountFrom,
    /// `throws repeated N times in a row do not count`.
    RepeatVoid,
    /// `extra turn when all dice are equal`.
    ExtraTurn,
    FirstMove,
    FirstMoveOrder,
    Seats,
    Opening(String),
    /// A square's effect.
    Square(u32),
    BearOff,
    BearWhen,
    OnlyBearOff,
    Retreat,
    Win,
    End,
    MatchPoints,
    Score,
    /// `win by pinning the last piece on the start`.
    PinWin,
    /// `win with N on each of SET`.
    PatternWin,
    /// `draw when neither side can move`.
    DrawStuck,
    /// `lose when a side cannot move`.
    LoseStuck,
    /// `lose when a captured piece cannot go back`.
    LoseNoWayBack,
    /// `lose when a piece that can be taken is left`.
    LoseUntaken,
    /// `match to N points`.
    MatchTo,
    /// `match games ...`.
    MatchGames,
    /// `match next game first: ...`.
    MatchFirst,
    /// `pass scores N for the other side`.
    PassScore,
    /// An event rule, by its trigger as written.
    /// An event rule: its trigger, and its condition if it has one.
    On(TriggerKey, Option<ConditionKey>),
}

/// The trigger of an event rule, as its key: the numbers written, ranges as their ends.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TriggerKey {
    Capture(Option<SetKey>),
    Pass(Vec<u32>),
    Move(Vec<u32>),
    /// The squares, and the side named with `by`, if any.
    Landing(SetKey, Option<String>),
    Passing(SetKey),
    Retreat,
    Entering,
    EachMove,
}

/// The condition of an event rule, as part of its key: whose pieces, whether there are any, and
/// the set as written; or whether the piece entered.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ConditionKey {
    Pieces { other: bool, has: bool, set: SetKey },
    Entered(bool),
}

impl ConditionKey {
    pub fn of(c: &EventCondition) -> ConditionKey {
        match c {
            EventCondition::Pieces { other, has, set } => ConditionKey::Pieces {
                other: *other,
                has: *has,
                set: SetKey::of(set),
            },
            EventCondition::Entered(e) => ConditionKey::Entered(*e),
        }
    }

    /// The condition this key was made from (without its spans).
    pub fn condition(&self) -> EventCondition {
        match self {
            ConditionKey::Pieces { other, has, set } => EventCondition::Pieces {
                other: *other,
                has: *has,
                set: set.set(),
            },
            ConditionKey::Entered(e) => EventCondition::Entered(*e),
        }
    }
}

impl fmt::Display for ConditionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConditionKey::Pieces { other, has, set } => write!(
                f,
                "if {} has {}pieces on {}",
                if *other { "the other side" } else { "its side" },
                if *has { "" } else { "no " },
                set
            ),
            ConditionKey::Entered(true) => f.write_str("if the piece entered"),
            ConditionKey::Entered(false) => f.write_str("if the piece was on the board"),
        }
    }
}

/// A set as written: squares or positions, and each item's ends.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SetKey {
    pub positions: bool,
    pub items: Vec<(u32, u32)>,
}

impl SetKey {
    fn of(set: &SetExpr) -> SetKey {
        let (positions, items) = match set {
            SetExpr::None => (false, &[][..]),
            SetExpr::Squares(items) => (false, &items[..]),
            SetExpr::Positions(items) => (true, &items[..]),
        };
        SetKey {
            positions,
            items: items.iter().map(|i| (i.first, i.last)).collect(),
        }
    }
}

impl SetKey {
    /// The set this key was made from (without its spans).
    fn set(&self) -> SetExpr {
        let items = self
            .items
            .iter()
            .map(|&(first, last)| Item {
                first,
                last,
                span: 0..0,
            })
            .collect();
        match (self.items.is_empty(), self.positions) {
            (true, _) => SetExpr::None,
            (false, true) => SetExpr::Positions(items),
            (false, false) => SetExpr::Squares(items),
        }
    }
}

impl TriggerKey {
    /// The trigger this key was made from (without its spans).
    pub fn trigger(&self) -> Trigger {
        let values = |v: &[u32]| v.iter().map(|&n| Spanned::new(n, 0..0)).collect();
        match self {
            TriggerKey::Capture(set) => Trigger::Capture(set.as_ref().map(SetKey::set)),
            TriggerKey::Pass(v) => Trigger::Pass(values(v)),
            TriggerKey::Move(v) => Trigger::Move(values(v)),
            TriggerKey::Landing(set, side) => Trigger::Landing(
                set.set(),
                side.as_ref().map(|n| Spanned::new(n.clone(), 0..0)),
            ),
            TriggerKey::Passing(set) => Trigger::Passing(set.set()),
            TriggerKey::Retreat => Trigger::Retreat,
            TriggerKey::Entering => Trigger::Entering,
            TriggerKey::EachMove => Trigger::EachMove,
        }
    }

    pub fn of(trigger: &Trigger) -> TriggerKey {
        let values = |list: &[Spanned<u32>]| list.iter().map(|v| v.value).collect();
        match trigger {
            Trigger::Capture(set) => TriggerKey::Capture(set.as_ref().map(SetKey::of)),
            Trigger::Pass(list) => TriggerKey::Pass(values(list)),
            Trigger::Move(list) => TriggerKey::Move(values(list)),
            Trigger::Landing(set, side) => {
                TriggerKey::Landing(SetKey::of(set), side.as_ref().map(|s| s.value.clone()))
            }
            Trigger::Passing(set) => TriggerKey::Passing(SetKey::of(set)),
            Trigger::Retreat => TriggerKey::Retreat,
            Trigger::Entering => TriggerKey::Entering,
            Trigger::EachMove => TriggerKey::EachMove,
        }
    }
}

impl fmt::Display for SetKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.items.is_empty() {
            return f.write_str("none");
        }
        if self.positions {
            f.write_str("positions ")?;
        }
        let items: Vec<String> = self
            .items
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}..{b}")
                }
            })
            .collect();
        f.write_str(&items.join(", "))
    }
}

impl fmt::Display for TriggerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        match self {
            TriggerKey::Capture(None) => f.write_str("capture"),
            TriggerKey::Capture(Some(set)) => write!(f, "capture on {set}"),
            TriggerKey::Pass(v) => write!(f, "pass with {}", list(v)),
            TriggerKey::Move(v) => write!(f, "move with {}", list(v)),
            TriggerKey::Landing(set, None) => write!(f, "landing on {set}"),
            TriggerKey::Landing(set, Some(side)) => write!(f, "landing on {set} by {side}"),
            TriggerKey::Passing(set) => write!(f, "passing {set}"),
            TriggerKey::Retreat => f.write_str("retreat"),
            TriggerKey::Entering => f.write_str("entering"),
            TriggerKey::EachMove => f.write_str("each move"),
        }
    }
}

impl RuleKey {
    /// The statement that takes an inherited rule with this key away (its `none`, `never` or
    /// `always` form), if the rule can be taken away; rules without one can only be restated.
    pub fn removal(&self) -> Option<String> {
        use RuleKey::*;
        Some(match self {
            Name(n) => format!("name {n} none"),
            Label(n) => format!("label {n} none"),
            Sign(n) => format!("sign {n} none"),
            Opening(side) => format!("opening {side}: none"),
            Square(n) => format!("square {n}: none"),
            On(..) => format!("{self}: none"),
            Marks => "marks none".into(),
            DrawStyle => "draw as squares".into(),
            ExtraAfter => "extra throw after none".into(),
            ExtraOn => "extra throw on none".into(),
            Begin => "begin with none".into(),
            FirstMove => "each piece first moves with none".into(),
            FirstMoveOrder => "each piece first moves in any order".into(),
            Enter => "enter none".into(),
            Capture => "capture none".into(),
            Protect => "protect none".into(),
            Safe => "safe none".into(),
            SafeShared => "safe squares closed".into(),
            PartnersShare => "partners share no squares".into(),
            SidesPass => "sides pass only when they cannot move".into(),
            Blockade => "blockade none".into(),
            Stop => "stop on none".into(),
            Backward => "backward never".into(),
            Priority => "priority none".into(),
            Stacks => "stacks none".into(),
            StacksTogether => "stacks move piece by piece".into(),
            EnterFirst => "waiting pieces enter any time".into(),
            StacksOn => "stacks up to 1 on none".into(),
            LeaveStart => "pieces leave the start any time".into(),
            Combined => "dice played apart".into(),
            UnusedDice => "unused dice are lost".into(),
            OppositeFaces => "doubles without opposite faces".into(),
            FirstDouble => "first double of each side played as any other".into(),
            OnlyPiecesOn => "only pieces on none may move while one is there".into(),
            NoBackwardFrom => "no backward moves from none".into(),
            Direction => "any direction each turn".into(),
            AheadEmpty => "pieces on none move only if the square ahead is empty".into(),
            Together => "pieces on none move only when all are there".into(),
            NoneWaits => "pieces on none move only when none waits".into(),
            EnterBarred => "no piece enters while one is on none".into(),
            NoPassing => "no passing on none".into(),
            StopAndGo => "pieces may stop on none and go on".into(),
            ExtraAddUp => "extra throws count once".into(),
            ExtraCap => "extra throws any number in a turn".into(),
            ExtraMove => "extra move none".into(),
            CountFrom => "throws count always".into(),
            RepeatVoid => "throws repeated in a row count".into(),
            ExtraTurn => "extra turn never".into(),
            Unstack => "unstack never".into(),
            Pairs => "pairs played as thrown".into(),
            StacksCount => "stacks on at most 1 of none".into(),
            LandAfter => "pieces land on none only after 1 have left the start".into(),
            Seats => "seats none".into(),
            BearWhen => "bear off always".into(),
            OnlyBearOff => "only bear off from none".into(),
            Retreat => "retreat none".into(),
            MatchPoints => "match points none".into(),
            Score => "score single".into(),
            PinWin => "win by pinning the last piece on the start: none".into(),
            PatternWin => "win with none".into(),
            MatchTo => "match to none".into(),
            MatchGames => "match games none".into(),
            MatchFirst => "match next game first: none".into(),
            PassScore => "pass scores none".into(),
            Ruleset | Title | Extends | Option(_) | Board | Gaps | Link(..) | Draw(..)
            | Path(_) | Shortcut(..) | Sides | Teams | Colour(_) | Pieces | Start | First
            | Throw | Turn | BearOff | Win | End | Closed | Doubles | UseDice | DrawStuck
            | LoseStuck | LoseNoWayBack | LoseUntaken | DiceTake | EnterAgain | DoubleList(_) => {
                return None;
            }
        })
    }
}

impl fmt::Display for RuleKey {
    /// The key as its statement begins: `extra throw after`, `square 27`, `path red`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RuleKey::*;
        let word = match self {
            Option(name) => return write!(f, "option {name}"),
            Name(n) => return write!(f, "name {n}"),
            Label(n) => return write!(f, "label {n}"),
            Sign(n) => return write!(f, "sign {n}"),
            Link(a, b) => return write!(f, "link {a} to {b}"),
            Shortcut(a, b) => return write!(f, "shortcut from {a} to {b}"),
            Path(Some(side)) => return write!(f, "path {side}"),
            Colour(side) => return write!(f, "colour {side}"),
            Opening(side) => return write!(f, "opening {side}"),
            Square(n) => return write!(f, "square {n}"),
            DoubleList(n) => return write!(f, "double {n} played as"),
            Draw(a, b) if a == b => return write!(f, "draw {a}"),
            Draw(a, b) => return write!(f, "draw {a}..{b}"),
            On(trigger, None) => return write!(f, "on {trigger}"),
            On(trigger, Some(condition)) => return write!(f, "on {trigger} {condition}"),
            Ruleset => "ruleset",
            Title => "title",
            Extends => "extends",
            Board => "board",
            Gaps => "gaps",
            Marks => "marks",
            DrawStyle => "draw as",
            Path(None) => "path",
            Sides => "sides",
            Teams => "teams",
            Pieces => "pieces",
            Start => "start",
            First => "first",
            Throw => "throw",
            ExtraAfter => "extra throw after",
            ExtraOn => "extra throw on",
            Turn => "turn",
            Enter => "enter",
            Capture => "capture",
            Protect => "protect",
            Safe => "safe",
            SafeShared => "safe squares",
            PartnersShare => "partners share",
            SidesPass => "sides pass",
            Blockade => "blockade",
            Stop => "stop",
            Backward => "backward",
            Priority => "priority",
            Stacks => "stacks",
            StacksTogether => "stacks move",
            Closed => "closed",
            Doubles => "doubles played",
            Unstack => "unstack",
            Pairs => "pairs played",
            StacksCount => "stacks on at most",
            LandAfter => "pieces land on",
            UseDice => "use most dice",
            OppositeFaces => "doubles ... opposite faces",
            FirstDouble => "first double of each side",
            EnterFirst => "waiting pieces enter",
            StacksOn => "stacks up to ... on",
            LeaveStart => "pieces leave the start",
            Combined => "dice",
            UnusedDice => "unused dice",
            DiceTake => "dice take lone pieces on their number",
            EnterAgain => "once all are borne off, they enter again as they started",
            OnlyPiecesOn => "only pieces on",
            Begin => "begin with",
            NoBackwardFrom => "no backward moves from",
            Direction => "direction each turn",
            AheadEmpty => "pieces on ... move only if the square ahead is empty",
            Together => "pieces on ... move only when all are there",
            NoneWaits => "pieces on ... move only when none waits",
            EnterBarred => "no piece enters while one is on",
            NoPassing => "no passing on",
            StopAndGo => "pieces may stop on ... and go on",
            ExtraAddUp => "extra throws",
            ExtraCap => "extra throws in a turn",
            ExtraMove => "extra move",
            CountFrom => "throws count",
            RepeatVoid => "throws repeated",
            ExtraTurn => "extra turn",
            FirstMove => "each piece first moves with",
            FirstMoveOrder => "each piece first moves after",
            Seats => "seats",
            BearOff => "bear off",
            BearWhen => "bear off only when",
            OnlyBearOff => "only bear off from",
            Retreat => "retreat",
            Win => "win",
            End => "end",
            MatchPoints => "match points",
            Score => "score",
            PinWin => "win by pinning the last piece on the start",
            PatternWin => "win with",
            DrawStuck => "draw when neither side can move",
            LoseStuck => "lose when a side cannot move",
            LoseNoWayBack => "lose when a captured piece cannot go back",
            LoseUntaken => "lose when a piece that can be taken is left",
            MatchTo => "match to",
            MatchGames => "match games",
            MatchFirst => "match next game first",
            PassScore => "pass scores",
        };
        f.write_str(word)
    }
}
