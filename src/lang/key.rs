//! Rule keys: which rule a statement states. Two statements with the same key in one file are an
//! error; in a file that extends another, a statement replaces the inherited one with its key.

use std::fmt;

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
    Marks,
    /// `None`: the path both sides share; else one side's path.
    Path(Option<String>),
    Sides,
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
    Blockade,
    Stop,
    Backward,
    Priority,
    Seats,
    Opening(String),
    /// A square's effect.
    Square(u32),
    BearOff,
    BearWhen,
    OnlyBearOff,
    Win,
    End,
    MatchPoints,
}

impl fmt::Display for RuleKey {
    /// The key as its statement begins: `extra throw after`, `square 27`, `path red`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RuleKey::*;
        let word = match self {
            Option(name) => return write!(f, "option {name}"),
            Name(n) => return write!(f, "name {n}"),
            Label(n) => return write!(f, "label {n}"),
            Path(Some(side)) => return write!(f, "path {side}"),
            Colour(side) => return write!(f, "colour {side}"),
            Opening(side) => return write!(f, "opening {side}"),
            Square(n) => return write!(f, "square {n}"),
            Ruleset => "ruleset",
            Title => "title",
            Extends => "extends",
            Board => "board",
            Gaps => "gaps",
            Marks => "marks",
            Path(None) => "path",
            Sides => "sides",
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
            Blockade => "blockade",
            Stop => "stop",
            Backward => "backward",
            Priority => "priority",
            Seats => "seats",
            BearOff => "bear off",
            BearWhen => "bear off only when",
            OnlyBearOff => "only bear off from",
            Win => "win",
            End => "end",
            MatchPoints => "match points",
        };
        f.write_str(word)
    }
}
