//! Compiled rules: plain tables and the turn machine, in the terms the engine plays by. Nothing
//! here refers to text, to names of rule sets or to the checker's types.

use super::flags::{PosFlags, SquareFlags};
use super::throws::ThrowTable;
use super::turn::TurnMachine;
use senet_lang::types::{
    Board, Capture, Destination, EnterOnto, Force, Opening, PathPos, PerSide, Place, Seats, Side,
    Square, ThrowDevice,
};

/// One side's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideTable {
    pub name: String,
    pub colour: String,
    /// The squares of the path in order: position p is `path[p.index()]`.
    pub path: Vec<Square>,
    /// Indexed by square index: the square's position on this path, if the path passes it (its
    /// first visit, where the path comes back to it).
    pub position_of: Vec<Option<PathPos>>,
    /// Indexed by square index: every position of the square on this path, as bits.
    pub positions: Vec<u64>,
    /// Where the path is in parts, each running to the goal: the last position of each part
    /// but the last, as bits.
    pub segment_ends: u64,
    /// After its last position the path goes on from its first (no piece bears off).
    pub looped: bool,
    /// Indexed by position index.
    pub flags: Vec<PosFlags>,
    /// Indexed by square index: where a piece of this side that ends its move there goes.
    pub effects: Vec<Option<Destination>>,
    /// Indexed by position index: bit `v` set when a throw of `v` bears a piece off from there.
    pub exit_throws: Vec<u32>,
    /// Where each piece starts.
    pub start: Vec<Place>,
}

impl SideTable {
    /// The number of positions on the path.
    pub fn len(&self) -> usize {
        self.path.len()
    }

    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// Whether the square effect at position `p` (1-based, as packed in moves) stops the piece
    /// where it leads (`and stop`).
    #[inline]
    pub fn effect_stops(&self, p: u8) -> bool {
        usize::from(p)
            .checked_sub(1)
            .and_then(|i| self.flags.get(i))
            .is_some_and(|f| f.contains(PosFlags::EFFECT_STOPS))
    }

    /// Whether the square effect at position `p` (1-based, as packed in moves) takes the piece
    /// onto an enemy piece where it leads, capturing it (`capturing`).
    #[inline]
    pub fn effect_captures(&self, p: u8) -> bool {
        usize::from(p)
            .checked_sub(1)
            .and_then(|i| self.flags.get(i))
            .is_some_and(|f| f.contains(PosFlags::EFFECT_CAPTURES))
    }

    /// The square at path position `p`.
    #[inline]
    pub fn square(&self, p: PathPos) -> Square {
        self.path[p.index()]
    }

    /// The position of `square` on this path, if the path passes it (its first visit).
    #[inline]
    pub fn position(&self, square: Square) -> Option<PathPos> {
        self.position_of.get(square.index()).copied().flatten()
    }

    /// Every position of `square` on this path, as bits.
    #[inline]
    pub fn positions_of(&self, square: Square) -> u64 {
        self.positions.get(square.index()).copied().unwrap_or(0)
    }

    /// Whether the path comes back to a square it has passed.
    pub fn visits_twice(&self) -> bool {
        self.positions.iter().any(|b| b.count_ones() > 1)
    }

    /// Every position of the path, in order.
    pub fn positions(&self) -> impl Iterator<Item = PathPos> + '_ {
        (0..self.path.len()).filter_map(PathPos::from_index)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enter {
    /// Bit `v` set: a throw of `v` may enter a piece; `None`: any throw that moves.
    pub throws: Option<u32>,
    pub onto: EnterOnto,
    /// Only onto an empty square.
    pub if_empty: bool,
}

/// When a side may bear off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BearCondition {
    Always,
    /// No piece bears off.
    Never,
    /// Every piece not yet off stands on a position flagged [`PosFlags::BEAR_ZONE`].
    AllInZone,
    /// No piece stands on a position flagged [`PosFlags::NO_BEAR_ZONE`].
    NoneInZone,
}

/// Who wins, and when the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Win {
    /// The first side to bear off all its pieces; the game ends then.
    FirstAllOff,
    /// The side that bears off more pieces once none is left in play (equal is a draw); with
    /// `decided`, as soon as the other can no longer catch up.
    MostBorneOff { decided: bool },
    /// The side that takes every piece of the other out of the game.
    CaptureAll,
}

/// A retreat (`retreat from SET to N`; the squares retreated from are flagged per position)
/// and what it does besides moving the piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retreat {
    pub to: Square,
    pub lose_turn: bool,
    /// The turn ends at once (`May`: if the player chooses; the retreat comes twice).
    pub end_turn: Option<Force>,
}

/// An event rule about the turn judged after a move: one with a condition, or one that loses
/// or ends a turn. Sets are bit sets: positions by [`PathPos::bit`], squares by [`Square::bit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnRule {
    pub trigger: TurnTrigger,
    pub condition: Option<PieceCondition>,
    /// The side throws again (`May`: or ends its turn, as the player chooses; the move comes
    /// twice).
    pub throw_again: Option<Force>,
    pub lose_turn: bool,
    /// The side's turn ends at once (`May`: or goes on; the move comes twice).
    pub end_turn: Option<Force>,
}

/// `on each move [if CONDITION]: only pieces on SET may move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hold {
    /// Judged before the move; "its side" is the side to move.
    pub condition: Option<PieceCondition>,
    /// Per side: the positions whose pieces may move while the rule holds, as bits.
    pub only: PerSide<u64>,
}

/// What sets off a [`TurnRule`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnTrigger {
    /// Per side: positions where a move of that side ends (or is sent on to).
    Landing(PerSide<u64>),
    /// Per side: positions where a piece of that side captures.
    Capture(PerSide<u64>),
    /// Bit `v`: a move made with a throw of `v`.
    Move(u32),
    Entering,
}

/// When an event rule applies: whether a side has pieces on a set of squares (judged after the
/// move, or before it for a [`Hold`]), or whether the piece that moved entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceCondition {
    Pieces {
        /// The other side's pieces (else those of the side that moved, or is to move).
        other: bool,
        /// The rule applies while there are pieces there (else while there are none).
        has: bool,
        /// Per side: the squares where that side's pieces are looked for.
        squares: PerSide<u64>,
    },
    /// The piece that moved entered with the move (else it was on the board).
    Entered(bool),
}

impl PieceCondition {
    /// Whether the condition holds for side `s` (the side that moved, or is to move) where
    /// each side's pieces stand on `squares` and the move entered a piece or not.
    #[inline]
    pub fn holds(&self, s: Side, squares: &PerSide<u64>, entered: bool) -> bool {
        match *self {
            PieceCondition::Pieces {
                other,
                has,
                squares: looked,
            } => {
                let whose = if other { s.other() } else { s };
                (squares[whose] & looked[whose] != 0) == has
            }
            PieceCondition::Entered(e) => e == entered,
        }
    }
}

/// A piece that must make its side's next move: after a retreat or after entering, the piece
/// on a given position of each side's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovesNext {
    /// Per side: the position where that piece stands.
    pub at: PerSide<PathPos>,
    pub after_retreat: bool,
    pub after_entering: bool,
    /// Its move may capture a piece that a pair protects.
    pub ignoring_pairs: bool,
    /// If it cannot move, it goes back to waiting.
    pub or_waiting: bool,
}

/// A kind of rule that takes moves away, for [`Rules::without`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    /// `blockade N`: pieces in a row that the enemy may not pass.
    Blockade,
    /// `protect pairs` and `safe`: pieces that cannot be captured.
    Protection,
    /// `stop on`: squares no move passes over.
    Stop,
}

impl Restriction {
    pub const ALL: [Restriction; 3] = [
        Restriction::Blockade,
        Restriction::Protection,
        Restriction::Stop,
    ];
}

/// Stacked pieces and dice played one by one, as the tables games play them: the engine's
/// stacked form ([`Rules::stacked`]) plays these rules, and the checker keeps such rule sets to
/// what that form plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stacked {
    /// The most pieces of a side on one square (1: pieces do not stack).
    pub limit: u8,
    /// A square held by this many pieces of a side or more is closed to the other; a move onto
    /// fewer captures them all.
    pub closed_with: u8,
    /// Where only one die of a throw can be used, the larger must be if it can.
    pub use_larger: bool,
    /// A turn that cannot use the smaller die of its throw uses none (`use most dice, the
    /// smaller or none`).
    pub use_smaller: bool,
    /// While a piece of a side waits to enter, no other piece of that side moves.
    pub enter_first: bool,
    /// A move that would carry a piece past the end bears it off (`at or past the end`).
    pub bear_past: bool,
    /// ... only where no piece of its side is behind it (`or past the end from the hindmost`).
    pub bear_hindmost: bool,
    /// ... once every piece of the side (none waiting) stands on these positions (`or past the
    /// end when all on SET`; 0: never).
    pub bear_past_when: PerSide<u64>,
    /// Per side: the positions a piece may bear off from.
    pub bear_from: PerSide<u64>,
    /// Indexed by throw value: the dice it stands for, in the order they are tried (a double
    /// as many times as it is played). A throw of a single die or of sticks is one value. A
    /// die of 0 (`doubles played as many pieces as they add up to`) takes any one piece: it
    /// unstacks one, or bears one off from any point.
    pub pools: Vec<Vec<u8>>,
    /// Indexed as `pools`: how each throw's dice are played ([`PoolForm::ANY`] but for doubles
    /// followed by their opposite faces).
    pub forms: Vec<PoolForm>,
    /// Where a side's first double is played once (`first double of each side played once`):
    /// indexed by throw code, the code a double stands for until its side has thrown one (0:
    /// not a double); empty otherwise. Those codes follow the thrown ones, are never thrown, and
    /// stand for themselves.
    pub first_double: Vec<u8>,
    /// Where a double's dice are listed (`double N played as ...`): indexed by throw code, the
    /// code of the run of the double to play after this one (0: none), a move of its own by
    /// the same side, played instead of a throw; empty otherwise. A run's code follows the
    /// thrown ones, and is never thrown.
    pub next_run: Vec<u8>,
    /// Indexed as `next_run`: for the code of a run after a double's first, the dice of the
    /// double still to play from that run on (as a position gives them); empty otherwise.
    pub run_rest: Vec<Vec<u8>>,
    /// Per side: the positions where a stack holds at most `zone_limit` pieces (`stacks up to
    /// N on SET`); pieces placed there at the start may stand together.
    pub zone: PerSide<u64>,
    pub zone_limit: u8,
    /// The path position that lifts `zone_limit` for a side once one of its pieces has ended a
    /// step there (`... until a piece reaches position M`; 0: never lifted).
    pub zone_until: u8,
    /// While one piece of a side has left position 1 and stands on the board before this
    /// position, no other leaves position 1 (`pieces leave the start after the first reaches`).
    pub leave_after: Option<u8>,
    /// A piece may move by the sum of several dice at once, landing only at the end (`dice may
    /// be combined`).
    pub combined: bool,
    /// A die of N may take the other side's lone piece on its own position N, moving no piece;
    /// the piece waits to enter again (`dice take lone pieces on their number`).
    pub take_by_die: bool,
    /// The pieces stacked at the start, to be unstacked before any moves (`unstack first`).
    pub unstack: Option<Unstacking>,
    /// Per side: the positions where its stacks stand on at most `crowd_max` (`stacks on at
    /// most N of SET`; 0: no such rule).
    pub crowd: PerSide<u64>,
    pub crowd_max: u8,
    /// Per side: positions no piece lands on while more than `land_start_max` of its pieces wait
    /// or stand on position 1 (`pieces land on SET only after N have left the start`).
    pub land_zone: PerSide<u64>,
    pub land_start_max: u8,
    /// Per side: the positions either rule above names (`crowd | land_zone`), so that a step
    /// elsewhere costs one test.
    pub landing_rules: PerSide<u64>,
    /// The dice a side cannot use are the other side's next turn (`unused dice pass to the
    /// other side`): `pools` then holds, after the throws' codes, a code for every part of a
    /// throw's dice that is no throw of its own, none of which is ever thrown.
    pub pass_unused: bool,
    /// Some rule holds pieces to their places (`only pieces on SET may move while one is
    /// there`, `pieces on SET move only when none waits`).
    pub holds: bool,
    /// Per side and position index, how many pieces started there, where they enter again
    /// once all are borne off (`once all are borne off, they enter again as they started`;
    /// empty otherwise).
    pub again: PerSide<Vec<u8>>,
}

impl Stacked {
    /// The code of a throw, or of dice passed, whose dice are `dice` (largest first).
    pub fn code_of(&self, dice: &[u8]) -> Option<u8> {
        let found = self.pools.iter().position(|p| !p.is_empty() && p == dice)?;
        u8::try_from(found).ok()
    }

    /// The code of the double thrown that a first double's code `code` stands for (see
    /// [`Stacked::first_double`]); `code` itself for any other.
    pub fn thrown_code(&self, code: u16) -> u16 {
        let k = usize::from(code);
        let first = self
            .first_double
            .get(k)
            .is_some_and(|&c| usize::from(c) == k);
        let thrown = (0..k).find(|&v| first && usize::from(self.first_double[v]) == k);
        thrown.and_then(|v| u16::try_from(v).ok()).unwrap_or(code)
    }

    /// The dice of throw code `code` and how they are played (none for a code no throw has).
    pub fn pool(&self, code: u16) -> (&[u8], PoolForm) {
        let k = usize::from(code);
        let dice = self.pools.get(k).map_or(&[][..], Vec::as_slice);
        (dice, self.forms.get(k).copied().unwrap_or(PoolForm::ANY))
    }
}

/// How a throw's dice are played: in any order, all that can be (the plain form); or in the
/// order listed, the last `optional` of them as the player wishes once the others are played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolForm {
    /// Each die is played in turn, in the order of the pool (a double, then its opposite
    /// faces).
    pub in_order: bool,
    /// How many of the last dice the player may leave unplayed (opposite faces).
    pub optional: u8,
}

impl PoolForm {
    /// In any order, every die that can be.
    pub const ANY: PoolForm = PoolForm {
        in_order: false,
        optional: 0,
    };
}

/// `unstack first` (`, then restack`): which pieces of each side start stacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unstacking {
    /// Once all are unstacked, they are restacked before any moves (`, then restack`).
    pub restack: bool,
    /// Per side, the path position of each piece stacked at the start (every piece of a start
    /// stack but its first), ascending: bit k of the side's stacking state is the k-th.
    pub stacked: PerSide<Vec<u8>>,
}

/// What a win scores by what the loser has left (the rule `score`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinScore {
    /// 1, `none_off` where the loser has borne off no piece, `behind` (if not 0) where it has
    /// also a piece waiting or on `behind_on` (per side, its own positions).
    Gammon {
        none_off: u32,
        behind: u32,
        behind_on: PerSide<u64>,
    },
    /// A point for each piece the loser has not borne off.
    PiecesLeft,
}

/// Compiled rules: everything the engine needs, as tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// For records and display only; behaviour never depends on it.
    pub id: String,
    pub title: String,
    /// For drawing the board.
    pub board: Board,
    /// Indexed by square index.
    pub squares: Vec<SquareFlags>,
    /// Indexed by square index: where a forward move that would pass over the square ends.
    pub passing: Vec<Option<Destination>>,
    pub sides: PerSide<SideTable>,
    pub pieces: u8,
    /// The side that moves first (after seating, if any; with a throw-off, the side that wins a
    /// tie).
    pub first: Side,
    /// Each side throws once before the game; the higher throw moves first.
    pub throw_off: bool,
    /// Each side throws one die before the game, again while they are equal; the higher moves
    /// first, playing both dice or throwing again.
    pub opening_throw: Option<senet_lang::types::OpeningThrow>,
    /// The equally likely outcomes of a throw before the game (of the throw-off or the opening
    /// throw): one entry each.
    pub start_outcomes: Vec<u8>,
    /// With an opening throw of one die each: the code of the throw the two dice make, at
    /// `(a - 1) * faces + (b - 1)` for dice `a` and `b` (empty otherwise).
    pub opening_codes: Vec<u8>,
    pub throws: ThrowTable,
    /// The throwing device, for drawing a throw.
    pub device: ThrowDevice,
    /// Bit `v` set: a move made on a throw of `v` gives an extra throw.
    pub extra_after: u32,
    /// Bit `v` set: a pass made on a throw of `v` gives an extra throw.
    pub extra_after_pass: u32,
    /// Dice played one by one, bit `c` set: a turn thrown with code `c` (its dice all equal) is
    /// followed by another, after its move or its pass (`extra turn when all dice are equal`).
    pub extra_codes: u64,
    /// Bit v: a throw of v lets a side that has not yet begun begin (0: every side has begun).
    pub begin: u32,
    /// Bit v: a piece that started on the board may make its first move with a throw of v (0:
    /// with any throw).
    pub first_move: u32,
    /// A piece that started on the board and has not moved waits while the nearest piece ahead
    /// of it on its path has not moved either.
    pub first_after_ahead: bool,
    /// Bit `v` set: in a turn that throws all before moving, a throw of `v` lets the player
    /// throw again. Zero for throw-then-move turns.
    pub throw_again: u32,
    /// Whether a turn that throws all before moving splits the total among pieces (else it
    /// plays each throw whole, one at a time).
    pub split: bool,
    pub retreat: Option<Retreat>,
    pub moves_next: Option<MovesNext>,
    /// Event rules about the turn judged after a move.
    pub turn_rules: Vec<TurnRule>,
    /// Rules judged before each move that let only some pieces move.
    pub holds: Vec<Hold>,
    /// Entering a piece gives an extra throw.
    pub entering_throw_again: bool,
    pub enter: Option<Enter>,
    pub capture: Capture,
    /// Indexed by square index: where a piece captured there goes, instead of `capture`.
    pub captured_at: Vec<Option<Capture>>,
    pub protect_pairs: bool,
    /// Pieces in a row that block the enemy; 0 = no blockades.
    pub blockade: u8,
    pub backward: bool,
    /// Backward moves for each piece that has no forward move (else only for a stuck side).
    pub backward_per_piece: bool,
    /// Backward moves land only on empty squares.
    pub backward_onto_empty: bool,
    /// In a split turn with no forward sequence, the total is shared among pieces moving
    /// backwards (else one piece moves back by the whole total).
    pub backward_split: bool,
    /// Every cause of an extra throw gives one; the throws owed beyond the next are part of a
    /// position ([`crate::engine::Position::throws_owed`]).
    pub extra_add_up: bool,
    /// The moves of a turn go one way (see [`Position::turn_way`]).
    pub one_direction: bool,
    /// While pieces are held to their squares (`only pieces on SET ... may move`), waiting
    /// pieces may enter all the same (`or waiting`).
    pub hold_lets_enter: bool,
    pub seats: Option<Seats>,
    pub opening: PerSide<Option<Opening>>,
    pub bear_when: BearCondition,
    pub win: Win,
    /// Indexed by square index: match points the winner scores per enemy piece left there.
    pub match_points: Vec<u32>,
    /// What a win scores by what the loser has left (the rule `score`).
    pub win_score: Option<WinScore>,
    /// A side whose last piece on its path position 1 is pinned there loses, these points to
    /// the other (`win by pinning the last piece on the start`).
    pub pin_win: Option<u32>,
    /// `win with N on each of SET; ... or ...`: each winning pattern's parts.
    pub pattern_win: Option<Vec<Vec<PatternPart>>>,
    /// A game where no throw moves a piece of either side is a draw (`draw when neither side
    /// can move`; the stacked form only).
    pub draw_stuck: bool,
    /// A side that can play no die of its throw loses (`lose when a side cannot move`; the
    /// stacked form only).
    pub lose_stuck: bool,
    /// A side whose captured piece finds every position it could go back to held loses (`lose
    /// when a captured piece cannot go back`; with `capture to positions` only).
    pub lose_no_way_back: bool,
    /// A side that ends its move with the other side's piece alone on the position of one of
    /// its dice loses (`lose when a piece that can be taken is left`; with `dice take lone
    /// pieces on their number` only).
    pub lose_untaken: bool,
    /// A side that has borne off all its pieces enters them again as they started, and wins
    /// once all have entered (`once all are borne off, they enter again as they started`): its
    /// pieces wait to enter meanwhile, and its win is the other side's loss (a latch).
    pub enter_again: bool,
    /// Any move may end the game, not only one that takes a piece out of play: a pin (`win by
    /// pinning ...`), a blocked board (`draw when neither side can move`), a winning pattern, a
    /// piece left untaken, a start rebuilt.
    pub move_may_end: bool,
    /// In a match of these rules, the points each pass scores for the other side (`pass scores N
    /// for the other side`; 0: none); a match of other files (`match games`) says its own.
    pub pass_score: u32,
    /// Stacked pieces or dice played one by one: the engine's stacked form plays the moves.
    pub stacked: Option<Stacked>,
    pub machine: TurnMachine,
}

impl Enter {
    /// Whether a throw (or a part of a split total) of `v` may enter a piece.
    #[inline]
    pub fn allows(&self, v: senet_lang::types::Throw) -> bool {
        !v.is_zero() && self.throws.is_none_or(|m| m & v.mask_bit() != 0)
    }
}

impl Rules {
    /// Whether both sides play by the same rules on the same squares once each has made its
    /// opening move (`opening SIDE: ...`, which may differ): the same path, the same kinds of
    /// squares, effects and exits at each position, and every rule that names positions or
    /// squares per side naming the same ones for both. Swapping who is who then changes
    /// nothing in the game after the openings but who moves first and where the pieces start,
    /// so a position where no opening is owed and the one with the sides swapped are worth the
    /// same to the side to move. Every field that holds something per side is compared here; a
    /// new one must be too.
    pub fn same_for_both_sides(&self) -> bool {
        let (a, b) = (&self.sides[Side::First], &self.sides[Side::Second]);
        let tables = a.path == b.path
            && a.position_of == b.position_of
            && a.positions == b.positions
            && a.segment_ends == b.segment_ends
            && a.looped == b.looped
            && a.flags == b.flags
            && a.effects == b.effects
            && a.exit_throws == b.exit_throws;
        let condition = |c: &Option<PieceCondition>| match c {
            Some(PieceCondition::Pieces { squares, .. }) => squares.alike(),
            Some(PieceCondition::Entered(_)) | None => true,
        };
        let holds = self
            .holds
            .iter()
            .all(|h| h.only.alike() && condition(&h.condition));
        let turn_rules = self.turn_rules.iter().all(|t| {
            let trigger = match t.trigger {
                TurnTrigger::Landing(at) | TurnTrigger::Capture(at) => at.alike(),
                TurnTrigger::Move(_) | TurnTrigger::Entering => true,
            };
            trigger && condition(&t.condition)
        });
        let stacked = self.stacked.as_ref().is_none_or(|s| {
            s.bear_past_when.alike()
                && s.bear_from.alike()
                && s.zone.alike()
                && s.crowd.alike()
                && s.land_zone.alike()
                && s.landing_rules.alike()
                && s.again.alike()
                && s.unstack.as_ref().is_none_or(|u| u.stacked.alike())
        });
        let scoring = match self.win_score {
            Some(WinScore::Gammon { behind_on, .. }) => behind_on.alike(),
            Some(WinScore::PiecesLeft) | None => true,
        };
        let patterns = self
            .pattern_win
            .iter()
            .flatten()
            .flatten()
            .all(|part| part.at.alike());
        tables
            && self.moves_next.is_none_or(|m| m.at.alike())
            && holds
            && turn_rules
            && stacked
            && scoring
            && patterns
    }

    /// Whether some move lets the player end the turn at once (`may end turn`).
    pub fn may_end_turn(&self) -> bool {
        self.turn_rules
            .iter()
            .any(|t| t.end_turn == Some(Force::May))
            || self.retreat.is_some_and(|r| r.end_turn == Some(Force::May))
    }

    /// The flags of a square.
    #[inline]
    pub fn square_flags(&self, square: Square) -> SquareFlags {
        self.squares[square.index()]
    }

    /// Where a piece captured on `square` goes.
    #[inline]
    pub fn captured_at(&self, square: Square) -> Capture {
        self.captured_at[square.index()].unwrap_or(self.capture)
    }

    /// Where a forward move that would pass over `square` ends instead.
    #[inline]
    pub fn passing(&self, square: Square) -> Option<Destination> {
        self.passing[square.index()]
    }

    /// Where a piece of side `side` that ends its move on `square` is sent.
    #[inline]
    pub fn effect(&self, side: Side, square: Square) -> Option<Destination> {
        self.sides[side].effects[square.index()]
    }

    /// Whether the effect that sends a piece of side `side` on from `square` captures where it
    /// leads (`capturing`).
    pub fn effect_captures(&self, side: Side, square: Square) -> bool {
        let table = &self.sides[side];
        table
            .position(square)
            .is_some_and(|p| table.effect_captures(p.get()))
    }

    /// Every square of the grid that is not a gap.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.board.squares()
    }

    /// Whether the winner scores match points.
    pub fn scores_match_points(&self) -> bool {
        self.match_points.iter().any(|&p| p > 0)
    }

    /// The same rules without one kind of restriction on moves, where they have it (`None`
    /// where they do not): what a side could play were it not for its blockades, protection or
    /// stops. `senet compare` counts the throws at which a restriction changed the legal moves.
    pub fn without(&self, restriction: Restriction) -> Option<Rules> {
        let (square, position) = match restriction {
            Restriction::Blockade if self.blockade > 0 => {
                let mut r = self.clone();
                r.blockade = 0;
                return Some(r);
            }
            Restriction::Blockade => return None,
            Restriction::Protection => (SquareFlags::SAFE, PosFlags::SAFE),
            Restriction::Stop => (SquareFlags::STOP, PosFlags::STOP),
        };
        let pairs = restriction == Restriction::Protection && self.protect_pairs;
        let flagged = self
            .sides
            .values()
            .any(|t| t.flags.iter().any(|f| f.contains(position)));
        if !(pairs || flagged) {
            return None;
        }
        let mut r = self.clone();
        if restriction == Restriction::Protection {
            r.protect_pairs = false;
        }
        r.squares.iter_mut().for_each(|f| f.remove(square));
        for t in &mut r.sides.0 {
            t.flags.iter_mut().for_each(|f| f.remove(position));
        }
        Some(r)
    }

    /// Whether a piece can ever be waiting to enter: pieces start waiting, or a capture can
    /// send one back (to waiting outright; to a square that may be taken; by swap with a piece
    /// that entered, or from a square the other path does not pass).
    pub fn pieces_can_wait(&self) -> bool {
        let starts_waiting = self
            .sides
            .values()
            .any(|s| s.start.contains(&Place::Waiting));
        let paths_differ = self.sides[Side::First].path != self.sides[Side::Second].path;
        let sent_back = self
            .sides
            .values()
            .any(|s| s.flags.iter().any(|f| f.contains(PosFlags::TO_WAITING)));
        // Where a captured piece goes: by `capture`, or by a rule for the square.
        let sends = |c: &Capture| match c {
            Capture::None | Capture::Removed | Capture::Pin => false,
            Capture::ToWaiting | Capture::To(_) | Capture::ToPosition(..) => true,
            Capture::Swap => self.enter.is_some() || paths_differ,
        };
        starts_waiting
            || sent_back
            || sends(&self.capture)
            || self.captured_at.iter().flatten().any(sends)
            || self.moves_next.is_some_and(|m| m.or_waiting)
            || self.enter_again
    }

    /// Which pieces start stacked, where they are unstacked before any moves (`unstack first`).
    pub fn unstacking(&self) -> Option<&Unstacking> {
        self.stacked.as_ref().and_then(|t| t.unstack.as_ref())
    }

    /// Whether a position keeps which pieces that started on the board have not moved yet: some
    /// rule asks it of a first move.
    pub fn tracks_unmoved(&self) -> bool {
        self.first_move != 0 || self.first_after_ahead
    }

    /// Side `s`'s start positions on the board, in the order the layout gives them: the slots
    /// of [`crate::engine::Position`]'s pieces that have not moved.
    pub fn start_slots(&self, s: Side) -> impl Iterator<Item = PathPos> + '_ {
        self.sides[s].start.iter().filter_map(|p| match p {
            Place::On(p) => Some(*p),
            _ => None,
        })
    }

    /// Whether a side can ever lose a turn (after a retreat, or by an event rule).
    pub fn may_lose_turn(&self) -> bool {
        self.retreat.is_some_and(|t| t.lose_turn) || self.turn_rules.iter().any(|t| t.lose_turn)
    }

    /// Whether a captured piece can be removed from the game.
    pub fn pieces_can_be_removed(&self) -> bool {
        self.capture == Capture::Removed
            || self.captured_at.contains(&Some(Capture::Removed))
            || self
                .sides
                .values()
                .any(|s| s.flags.iter().any(|f| f.contains(PosFlags::TO_REMOVED)))
    }
}

/// One part of a winning pattern: `count` pieces (or more, where `or_more`) on each of `at`, per
/// side the bits of its positions (position p at bit p - 1, as a position's pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternPart {
    pub count: u8,
    pub or_more: bool,
    pub at: PerSide<u64>,
}
