//! Checked rules: every name resolved, every number in range, options applied. Plain data that
//! the compiler lowers into engine tables, and that `explain` and `diff` describe.

use crate::lang::syntax::{NoteKind, Numbering, Value};

/// A square number on the board grid, 1-based.
pub type Square = u16;
/// A position along one side's path, 1-based (0 is "waiting", `len + 1` is "off").
pub type Pos = u8;

#[derive(Clone, Debug, PartialEq)]
pub struct RuleSet {
    pub id: String,
    pub title: String,
    /// Every source named along the `extends` chain, the base's first.
    pub sources: Vec<String>,
    /// The ids or paths this rule set extends, nearest first.
    pub extends: Vec<String>,
    pub options: Vec<OptionInfo>,
    pub board: Board,
    pub sides: Vec<Side>,
    pub pieces: u8,
    pub start: Start,
    pub first: usize,
    pub throw: ThrowDevice,
    pub extra_after: Vec<u8>,
    pub extra_on: Vec<Square>,
    pub turn: Turn,
    pub enter: Option<Enter>,
    pub capture: Capture,
    pub protect_pairs: bool,
    pub safe: Vec<Square>,
    pub blockade: Option<u8>,
    pub stop: Vec<Square>,
    pub backward: bool,
    /// Per side: path positions whose pieces must move first when one of them can.
    pub priority: Vec<Vec<Pos>>,
    pub seats: Option<Seats>,
    /// Per side: its forced opening move, if any.
    pub opening: Vec<Option<Opening>>,
    pub effects: Vec<SquareEffect>,
    pub bear_off: BearOff,
    pub bear_when: BearWhen,
    /// Per side: positions from which a piece may only bear off.
    pub only_bear_off: Vec<Vec<Pos>>,
    pub win: Win,
    pub end: End,
    pub match_points: Vec<(Vec<Square>, u32)>,
    /// Every rule in force, in file order, for `explain` and `diff`.
    pub rules: Vec<RuleInfo>,
    /// A hash of the text of every file of the `extends` chain (see [`crate::check::text_hash`]).
    pub hash: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OptionInfo {
    pub name: String,
    pub allowed: Vec<Value>,
    pub default: Value,
    pub chosen: Value,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub rows: u16,
    pub cols: u16,
    pub numbering: Numbering,
    pub gaps: Vec<Square>,
    pub names: Vec<(Square, String)>,
    pub labels: Vec<(Square, String)>,
    pub marks: Vec<Square>,
}

impl Board {
    pub fn size(&self) -> u16 {
        self.rows * self.cols
    }

    /// The square number at a grid cell (row and column from 0, top left).
    pub fn square_at(&self, row: u16, col: u16) -> Square {
        let col = match self.numbering {
            Numbering::Snake if row % 2 == 1 => self.cols - 1 - col,
            _ => col,
        };
        row * self.cols + col + 1
    }

    pub fn is_gap(&self, square: Square) -> bool {
        self.gaps.contains(&square)
    }

    pub fn name(&self, square: Square) -> Option<&str> {
        self.names
            .iter()
            .find(|(s, _)| *s == square)
            .map(|(_, n)| n.as_str())
    }

    pub fn label(&self, square: Square) -> Option<&str> {
        self.labels
            .iter()
            .find(|(s, _)| *s == square)
            .map(|(_, n)| n.as_str())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub name: String,
    pub colour: String,
    /// The squares of its path, in order: position k is `path[k - 1]`.
    pub path: Vec<Square>,
}

impl Side {
    /// The path position of a square, if the square is on this side's path.
    pub fn position_of(&self, square: Square) -> Option<Pos> {
        self.path
            .iter()
            .position(|&s| s == square)
            .map(|i| i as Pos + 1)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    Waiting,
    /// Per side, the path positions of its pieces.
    OnBoard(Vec<Vec<Pos>>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ThrowDevice {
    /// `count` fair two-sided sticks; `values[k]` is the value when `k` light sides show.
    Sticks { count: u8, values: Vec<u8> },
    /// A fair die with faces 1..=faces.
    Die { faces: u8 },
}

impl ThrowDevice {
    /// Each possible value with its weight; weights add up to [`ThrowDevice::denominator`].
    pub fn distribution(&self) -> Vec<(u8, u64)> {
        let mut out: Vec<(u8, u64)> = Vec::new();
        let mut add = |v: u8, w: u64| match out.iter_mut().find(|(x, _)| *x == v) {
            Some(e) => e.1 += w,
            None => out.push((v, w)),
        };
        match self {
            ThrowDevice::Sticks { count, values } => {
                for (k, &v) in values.iter().enumerate() {
                    add(v, binomial(*count as u64, k as u64));
                }
            }
            ThrowDevice::Die { faces } => (1..=*faces).for_each(|v| add(v, 1)),
        }
        out.sort();
        out
    }

    pub fn denominator(&self) -> u64 {
        match self {
            ThrowDevice::Sticks { count, .. } => 1 << count,
            ThrowDevice::Die { faces } => *faces as u64,
        }
    }

    pub fn can_give(&self, value: u8) -> bool {
        match self {
            ThrowDevice::Sticks { values, .. } => values.contains(&value),
            ThrowDevice::Die { faces } => (1..=*faces).contains(&value),
        }
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[derive(Clone, Debug, PartialEq)]
pub enum Turn {
    ThrowThenMove,
    /// Throw again while the throw is one of these, add the throws, then split the total.
    AccumulateThenSplit {
        again: Vec<u8>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Enter {
    /// The throws that may enter a piece; `None` means any throw that moves.
    pub throws: Option<Vec<u8>>,
    pub onto: EnterOnto,
    pub if_empty: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum EnterOnto {
    /// The path position equal to the throw.
    Throw,
    Position(Pos),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// Exactly the square; if it is taken the piece stays where it landed.
    None,
    FirstFreeAfter,
    FirstFreeBefore,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    pub square: Square,
    pub fallback: Fallback,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Capture {
    None,
    Swap,
    Removed,
    ToWaiting,
    To(Destination),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Seats {
    pub until: u8,
    pub side: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Opening {
    FrontPieceMoves { steps: u8, throw_again: bool },
    FirstMoveWithFrontPiece,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SquareEffect {
    pub square: Square,
    pub to: Destination,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BearOff {
    /// Exact exit, one step past the last position; only from these positions per side if set.
    Exact { from: Option<Vec<Vec<Pos>>> },
    /// Per side, per path position, the throws that bear a piece off from there.
    Table(Vec<Vec<(Pos, Vec<u8>)>>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum BearWhen {
    Always,
    /// Per side: every piece not yet borne off stands on these positions.
    AllOn(Vec<Vec<Pos>>),
    /// Per side: none of its pieces stands on these positions.
    NoneOn(Vec<Vec<Pos>>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Win {
    FirstAllOff,
    MostBorneOff,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The game ends when one side has borne off all its pieces, or no piece is left in play.
    BoardEmpty,
    /// The game ends as soon as the result can no longer change.
    Decided,
}

/// One rule in force, as `explain` and `diff` show it.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleInfo {
    /// The statement key: rules with the same key replace each other along `extends`.
    pub key: String,
    /// The rule in plain English.
    pub text: String,
    /// The rule set whose file says it.
    pub origin: String,
    pub note: Option<(NoteKind, String)>,
}
