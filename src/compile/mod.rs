//! The compiler: checked rules lowered into plain tables for the engine. After this step
//! nothing looks at text or at the names of rule sets.

mod display;
pub mod throws;
pub mod turn;

pub use throws::ThrowTable;
pub use turn::{Event, Next, Phase, Transition, TurnMachine};

use crate::check::RuleSet;
use crate::check::ruleset::{
    BearOff, BearWhen, Board, Capture, End, Enter, Opening, Pos, Seats, Square, Start, Turn, Win,
};

/// Properties of a board square (the same for both sides).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareFlags(pub u8);

impl SquareFlags {
    /// A piece here cannot be captured.
    pub const SAFE: u8 = 1;
    /// A move that ends here gives an extra throw.
    pub const EXTRA_THROW: u8 = 2;
    /// No move may pass over this square.
    pub const STOP: u8 = 4;
    /// Drawn with a mark.
    pub const MARK: u8 = 8;

    pub fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
    }
}

/// Properties of a path position for one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PosFlags(pub u8);

impl PosFlags {
    /// Pieces here must move first when one of them can.
    pub const PRIORITY: u8 = 1;
    /// Part of the zone that `bear off only when all on` names.
    pub const BEAR_ZONE: u8 = 2;
    /// Part of the zone that `bear off only when none on` names.
    pub const NO_BEAR_ZONE: u8 = 4;
    /// A piece here may only bear off.
    pub const ONLY_BEAR_OFF: u8 = 8;

    pub fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
    }
}

/// One side's tables. Positions run 1..=len along its path; 0 is waiting, len + 1 is off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideTable {
    pub name: String,
    pub colour: String,
    /// `path[k - 1]` is the square at position k.
    pub path: Vec<Square>,
    /// Indexed by square: its position on this path, 0 if the path does not pass it.
    pub position_of: Vec<Pos>,
    /// Indexed by position 0..=len + 1.
    pub flags: Vec<PosFlags>,
    /// Indexed by position: bit `v` set when a throw of `v` bears a piece off from there.
    pub exit_throws: Vec<u32>,
    /// The start position of each piece (0 = waiting).
    pub start: Vec<Pos>,
}

impl SideTable {
    pub fn len(&self) -> Pos {
        self.path.len() as Pos
    }

    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// The position a piece that has borne off is said to be at.
    pub fn off(&self) -> Pos {
        self.len() + 1
    }
}

/// When a side may bear off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BearCondition {
    Always,
    /// Every piece not yet off stands on a position flagged [`PosFlags::BEAR_ZONE`].
    AllInZone,
    /// No piece stands on a position flagged [`PosFlags::NO_BEAR_ZONE`].
    NoneInZone,
}

/// Compiled rules: everything the engine needs, as tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// For records and display only; behaviour never depends on it.
    pub id: String,
    pub title: String,
    /// For drawing the board.
    pub board: Board,
    /// Indexed by square 0..=size (0 unused).
    pub squares: Vec<SquareFlags>,
    /// Indexed by square: where a piece that ends its move there goes.
    pub effects: Vec<Option<crate::check::ruleset::Destination>>,
    pub sides: [SideTable; 2],
    pub pieces: u8,
    /// The side that moves first (after seating, if any).
    pub first: u8,
    pub throws: ThrowTable,
    /// The throwing device, for drawing a throw.
    pub device: crate::check::ruleset::ThrowDevice,
    /// Bit `v` set: a move made on a throw of `v` gives an extra throw.
    pub extra_after: u32,
    /// Bit `v` set: in a throw-all-then-split turn, a throw of `v` lets the player throw again.
    /// Zero for throw-then-move turns.
    pub throw_again: u32,
    pub enter: Option<Enter>,
    pub capture: Capture,
    pub protect_pairs: bool,
    /// Pieces in a row that block the enemy; 0 = no blockades.
    pub blockade: u8,
    pub backward: bool,
    pub seats: Option<Seats>,
    pub opening: [Option<Opening>; 2],
    pub bear_when: BearCondition,
    pub win: Win,
    pub end: End,
    /// Indexed by square: match points the winner scores per enemy piece left there.
    pub match_points: Vec<u32>,
    pub machine: TurnMachine,
}

fn mask(values: &[u8]) -> u32 {
    values.iter().fold(0, |m, &v| m | 1 << v)
}

/// Lowers checked rules into tables.
pub fn compile(r: &RuleSet) -> Rules {
    let size = r.board.size() as usize;
    let mut squares = vec![SquareFlags::default(); size + 1];
    let mut set =
        |list: &[Square], flag: u8| list.iter().for_each(|&s| squares[s as usize].0 |= flag);
    set(&r.safe, SquareFlags::SAFE);
    set(&r.extra_on, SquareFlags::EXTRA_THROW);
    set(&r.stop, SquareFlags::STOP);
    set(&r.board.marks, SquareFlags::MARK);
    let mut effects = vec![None; size + 1];
    for e in &r.effects {
        effects[e.square as usize] = Some(e.to);
    }
    let mut match_points = vec![0; size + 1];
    for (list, points) in &r.match_points {
        list.iter()
            .for_each(|&s| match_points[s as usize] = *points);
    }

    let sides: Vec<SideTable> = r
        .sides
        .iter()
        .enumerate()
        .map(|(i, side)| {
            let len = side.path.len();
            let mut position_of = vec![0; size + 1];
            for (k, &sq) in side.path.iter().enumerate() {
                position_of[sq as usize] = k as Pos + 1;
            }
            let mut flags = vec![PosFlags::default(); len + 2];
            let mut flag =
                |list: &[Pos], f: u8| list.iter().for_each(|&p| flags[p as usize].0 |= f);
            flag(&r.priority[i], PosFlags::PRIORITY);
            flag(&r.only_bear_off[i], PosFlags::ONLY_BEAR_OFF);
            match &r.bear_when {
                BearWhen::Always => {}
                BearWhen::AllOn(zone) => flag(&zone[i], PosFlags::BEAR_ZONE),
                BearWhen::NoneOn(zone) => flag(&zone[i], PosFlags::NO_BEAR_ZONE),
            }
            let mut exit_throws = vec![0u32; len + 2];
            match &r.bear_off {
                BearOff::Exact { from } => {
                    for (p, exits) in exit_throws.iter_mut().enumerate().take(len + 1).skip(1) {
                        let allowed = from.as_ref().is_none_or(|f| f[i].contains(&(p as Pos)));
                        let v = len + 1 - p;
                        if allowed && v <= 31 && r.throw.can_give(v as u8) {
                            *exits |= 1 << v;
                        }
                    }
                }
                BearOff::Table(table) => {
                    for (p, throws) in &table[i] {
                        exit_throws[*p as usize] |= mask(throws);
                    }
                }
            }
            let start = match &r.start {
                Start::Waiting => vec![0; r.pieces as usize],
                Start::OnBoard(per_side) => per_side[i].clone(),
            };
            SideTable {
                name: side.name.clone(),
                colour: side.colour.clone(),
                path: side.path.clone(),
                position_of,
                flags,
                exit_throws,
                start,
            }
        })
        .collect();
    let [a, b]: [SideTable; 2] = sides.try_into().expect("the checker guarantees two sides");

    Rules {
        id: r.id.clone(),
        title: r.title.clone(),
        board: r.board.clone(),
        squares,
        effects,
        sides: [a, b],
        pieces: r.pieces,
        first: r.first as u8,
        throws: ThrowTable::new(&r.throw),
        device: r.throw.clone(),
        extra_after: mask(&r.extra_after),
        throw_again: match &r.turn {
            Turn::ThrowThenMove => 0,
            Turn::AccumulateThenSplit { again } => mask(again),
        },
        enter: r.enter.clone(),
        capture: r.capture.clone(),
        protect_pairs: r.protect_pairs,
        blockade: r.blockade.unwrap_or(0),
        backward: r.backward,
        seats: r.seats.clone(),
        opening: [r.opening[0].clone(), r.opening[1].clone()],
        bear_when: match r.bear_when {
            BearWhen::Always => BearCondition::Always,
            BearWhen::AllOn(_) => BearCondition::AllInZone,
            BearWhen::NoneOn(_) => BearCondition::NoneInZone,
        },
        win: r.win,
        end: r.end,
        match_points,
        machine: TurnMachine::new(r),
    }
}
