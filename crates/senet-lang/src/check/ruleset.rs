//! Checked rules: every name resolved, every number in range, options applied. Plain data that
//! the compiler lowers into engine tables, and that `explain` and `diff` describe.

use crate::lang::syntax::{NoteKind, RuleKey, Value};
use crate::types::{
    Board, Capture, Destination, EnterOnto, Force, NextFirst, Opening, OpeningThrow, PathPos,
    Seats, SideId, Sides, Square, ThrowDevice,
};

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
    pub sides: Sides<SideRules>,
    /// Ways across the board (`shortcut SQUARES`), in the order written: each from a square of
    /// the paths to a later one, its squares between off the paths it serves (see
    /// [`SideRules::shortcut_ends`]).
    pub shortcuts: Vec<Vec<Square>>,
    pub pieces: u8,
    pub start: Start,
    pub first: SideId,
    /// Each side's team, numbered from 0 in the order `teams` lists them (each side its own
    /// team, numbered as the sides, where no rule groups them): partners win together and
    /// never take each other's pieces.
    pub teams: Sides<u8>,
    /// Who moves first is decided by a throw-off; `first` wins a tie.
    pub throw_off: bool,
    /// Who moves first is decided by an opening throw of one die each (`first` is the side that
    /// throws first).
    pub opening_throw: Option<OpeningThrow>,
    pub throw: ThrowDevice,
    /// Throw values after whose move the side throws again, ascending.
    pub extra_after: Vec<u8>,
    /// Throw values after whose pass the side throws again, ascending.
    pub extra_after_pass: Vec<u8>,
    /// Per side: positions where a capture (by a piece landing there) gives an extra throw.
    pub extra_on_capture: Sides<Vec<PathPos>>,
    /// Per side: the positions where a move that ends there gives an extra throw.
    pub extra_on: Sides<Vec<PathPos>>,
    /// A side makes no move until it throws one of these (empty: from its first throw).
    pub begin: Vec<u8>,
    /// The throws a piece that started on the board may make its first move with (empty: any).
    pub first_move: Vec<u8>,
    /// A piece that started on the board waits, until it has moved, while the nearest piece
    /// ahead of it on its path has not moved either (`each piece first moves after the piece
    /// ahead has moved`).
    pub first_after_ahead: bool,
    pub turn: Turn,
    pub enter: Option<Enter>,
    pub capture: Capture,
    /// Where a piece captured on these squares goes, instead of what `capture` says.
    pub captured_at: Vec<(Square, Capture)>,
    pub protect_pairs: bool,
    /// Per side: the positions where its pieces cannot be captured.
    pub safe: Sides<Vec<PathPos>>,
    /// Pieces of different sides may stand together on a safe square (`safe squares shared`),
    /// in games of more than two sides.
    pub safe_shared: bool,
    /// A side's pieces may stand with its partners' pieces on a square (`partners share
    /// squares`), in games of more than two sides.
    pub partners_share: bool,
    /// A side may leave its throw unplayed though it could move (`sides may pass`), in games of
    /// more than two sides.
    pub pass_at_will: bool,
    /// A piece moves with every piece of its side on its square (`stacks move together`), in
    /// games of more than two sides.
    pub stacks_together: bool,
    pub blockade: Option<u8>,
    /// Per side: the positions its moves may not pass over.
    pub stop: Sides<Vec<PathPos>>,
    pub backward: bool,
    /// Backward moves are for each piece that has no forward move, not only for a side that has
    /// none.
    pub backward_per_piece: bool,
    /// A backward move never lands on a piece (it captures nothing).
    pub backward_onto_empty: bool,
    /// In a split turn a backward move shares the total among pieces as a forward one does.
    pub backward_split: bool,
    /// Once a side has moved forward (backward) in a turn, its other moves that turn go the
    /// same way (`one direction each turn`).
    pub one_direction: bool,
    /// Per side: path positions whose pieces must move first when one of them can.
    pub priority: Sides<Vec<PathPos>>,
    /// The most pieces of a side one square holds (`stacks`): 1 where pieces do not stack.
    pub stack_limit: u8,
    /// A square held by this many pieces of a side or more is closed to the other (`closed
    /// with`); a move onto fewer enemy pieces captures them all. `closed never`: `u8::MAX`,
    /// more pieces than any square holds.
    pub closed_with: u8,
    /// Dice played one by one: how a double is played (`doubles played ...`).
    pub doubles: crate::types::Doubles,
    /// `unstack first` (`, then restack`).
    pub unstack: crate::types::Unstack,
    /// Of three dice, a pair above the third is played twice over (`pairs played twice when the
    /// third die is lower`).
    pub pairs_twice: bool,
    /// `stacks on at most N of SET`: N, and per side the positions of SET (empty: no such rule).
    pub crowd_max: u8,
    pub crowd: Sides<Vec<PathPos>>,
    /// `pieces land on SET only after N have left the start`: N, and per side the positions of
    /// SET.
    pub land_after: Option<(u8, Sides<Vec<PathPos>>)>,
    /// Dice played one by one: where only one die of a throw can be used, the larger must be if
    /// it can (`use most dice, then the larger`); as many dice as can be are used in any case.
    pub use_larger: bool,
    /// Dice played one by one: a turn that cannot use the smaller die of its throw uses none
    /// (`use most dice, the smaller or none`).
    pub use_smaller: bool,
    /// `double N played as D, D, ...`: per double value, the dice it is played as, in order.
    pub double_lists: Vec<(u8, Vec<u8>)>,
    /// `doubles then opposite faces, optional`: a double's dice played, as many of the faces
    /// beneath them (7 less) may be.
    pub opposite_faces: bool,
    /// `first double of each side played once`: a side's first double is played as thrown and
    /// gives no extra turn.
    pub first_double_once: bool,
    /// While a piece of a side waits to enter, no other piece of that side moves (`waiting
    /// pieces enter first`).
    pub enter_first: bool,
    /// `stacks up to N on SET`: no move makes a stack of more than `zone_limit` pieces on these
    /// path positions (per side); `stack_limit` elsewhere.
    pub zone_limit: u8,
    pub zone: Sides<Vec<PathPos>>,
    /// `... until a piece reaches position M`: the limit holds for a side until one of its
    /// pieces has ended a step on M.
    pub zone_until: Option<PathPos>,
    /// `pieces leave the start after the first reaches position N`: while one piece of a side
    /// has left path position 1 and stands on the board before N, no other leaves it.
    pub leave_after: Option<PathPos>,
    /// Dice played one by one: a piece may move by the sum of several dice at once, landing
    /// only at the end (`dice may be combined`).
    pub combined: bool,
    /// A die of N may take the other side's lone piece on its own position N, moving no piece
    /// (`dice take lone pieces on their number`).
    pub dice_take: bool,
    /// A side that has borne off all its pieces enters them again as they started, and wins
    /// once all have entered (`once all are borne off, they enter again as they started`).
    pub enter_again: bool,
    /// The dice a side cannot use are the other side's next turn (`unused dice pass to the
    /// other side`).
    pub pass_unused: bool,
    /// Per side: positions whose piece moves only while the next position's square is empty.
    pub ahead_empty: Sides<Vec<PathPos>>,
    /// Per side: positions whose piece moves only while every piece the side has in play
    /// stands on them.
    pub together: Sides<Vec<PathPos>>,
    /// Per side: positions whose piece moves only while no piece of the side waits to enter
    /// (`pieces on SET move only when none waits`).
    pub none_waits: Sides<Vec<PathPos>>,
    /// Per side: positions where a piece of the side keeps its waiting pieces from entering
    /// (`no piece enters while one is on SET`).
    pub enter_barred: Sides<Vec<PathPos>>,
    /// Per side: positions where a piece of the side may not be passed by its own pieces.
    pub no_passing: Sides<Vec<PathPos>>,
    /// Per side: positions where a piece that comes to rest part way through a split turn may
    /// move again (`pieces may stop on SET and go on`).
    pub stop_and_go: Sides<Vec<PathPos>>,
    /// Every cause of an extra throw gives one (`extra throws add up`).
    pub extra_add_up: bool,
    /// The most extra throws a turn gives (`extra throws at most N in a turn`), in games of more
    /// than two sides; `None`: any number.
    pub extra_cap: Option<u8>,
    /// A move some throws give besides their own (`extra move of V after T, ...`), in games of
    /// more than two sides.
    pub extra_move: Option<ExtraMove>,
    /// While a side has no piece on the board, the throws of its turn before one of these are
    /// lost (`throws count from V, ... while no piece is on the board`), in games of more than
    /// two sides; empty: every throw counts.
    pub count_from: Vec<u8>,
    /// `throws repeated N times in a row do not count`: N (in a turn that banks its throws).
    pub repeat_void: Option<u8>,
    /// Per side: positions no piece moves backwards from.
    pub no_backward_from: Sides<Vec<PathPos>>,
    /// Per side: while a piece stands on one of these positions, only pieces on them may move.
    pub only_pieces_on: Sides<Vec<PathPos>>,
    /// ... while waiting pieces may still enter (`... or waiting may move ...`).
    pub only_pieces_let_enter: bool,
    pub seats: Option<Seats>,
    /// Per side: its forced opening move, if any.
    pub opening: Sides<Option<Opening>>,
    pub effects: Vec<SquareEffect>,
    /// Per side: squares that send a piece of the side ending its move there back to waiting.
    pub to_waiting: Sides<Vec<Square>>,
    /// Per side: squares that take a piece of the side ending its move there out of the game.
    pub to_removed: Sides<Vec<Square>>,
    /// Per side: those squares of `to_waiting` and `to_removed` where the player may leave the
    /// piece (`may go to waiting`, `may piece is removed`).
    pub out_optional: Sides<Vec<Square>>,
    /// Squares that a forward move may not pass over: it ends on the destination instead.
    pub passing: Vec<Trap>,
    pub bear_off: BearOff,
    pub bear_when: BearWhen,
    /// Per side: positions from which a piece may only bear off.
    pub only_bear_off: Sides<Vec<PathPos>>,
    pub retreat: Option<Retreat>,
    pub entering: Entering,
    /// Event rules about the turn that are judged after the move: those with a condition, and
    /// those that lose or end a turn.
    pub turn_rules: Vec<TurnRule>,
    /// Event rules judged before each move that let only some pieces move
    /// (`on each move [if ...]: only pieces on SET may move`).
    pub holds: Vec<Hold>,
    pub win: Win,
    pub end: End,
    pub match_points: Vec<(Vec<Square>, u32)>,
    /// What a win scores by what the loser has left (`score gammon ...`); `None`: one point.
    pub score: Option<Score>,
    /// `win by pinning the last piece on the start: N`: the points of such a win.
    pub pin_win: Option<u32>,
    /// `win with N on each of SET; ... or ...`: each winning pattern's parts.
    pub pattern_win: Option<Vec<Vec<PatternPart>>>,
    /// A game where no throw moves a piece of either side is a draw (`draw when neither side
    /// can move`).
    pub draw_stuck: bool,
    /// A side that can play its throw no way loses (`lose when a side cannot move`).
    pub lose_stuck: bool,
    /// A side whose captured piece finds every position it could go back to held loses (`lose
    /// when a captured piece cannot go back`).
    pub lose_no_way_back: bool,
    /// A side that ends its move with the other side's piece alone on the number of one of its
    /// dice loses (`lose when a piece that can be taken is left`).
    pub lose_untaken: bool,
    /// A turn whose dice all show one number is followed by another (`extra turn when all dice
    /// are equal`).
    pub extra_turn: bool,
    /// Games played one after another until a side has enough points (`match to N points`).
    pub matched: Option<Match>,
    /// Every rule the files state, in file order, for `explain` and `diff`.
    pub rules: Vec<RuleInfo>,
    /// A hash of the text of every file of the `extends` chain (see [`crate::check::text_hash`]).
    pub hash: String,
    /// The text of every file of the `extends` chain, this file first.
    pub files: Vec<super::load::ChainFile>,
}

impl RuleSet {
    /// The first rule of these rules, in words, that only the engine for many sides plays
    /// (`None`: the two-sided engine plays them all, where there are two sides).
    pub fn many_sides_rule(&self) -> Option<&'static str> {
        [
            (self.safe_shared, "safe squares shared"),
            (self.partners_share, "partners share squares"),
            (self.pass_at_will, "sides may pass"),
            (self.closed_with == u8::MAX, "closed never"),
            (self.extra_cap.is_some(), "extra throws at most N in a turn"),
            (self.extra_move.is_some(), "extra move of V after T"),
            (
                !self.count_from.is_empty(),
                "throws count from V while no piece is on the board",
            ),
            (!self.shortcuts.is_empty(), "shortcut"),
            (
                self.repeat_void.is_some(),
                "throws repeated N times in a row do not count",
            ),
            (self.stacks_together, "stacks move together"),
        ]
        .into_iter()
        .find_map(|(said, rule)| said.then_some(rule))
    }

    /// Whether the engine for many sides plays these rules: they have more than two sides, or
    /// a rule only it plays ([`RuleSet::many_sides_rule`]).
    pub fn plays_many(&self) -> bool {
        self.sides.len() > 2 || self.many_sides_rule().is_some()
    }

    /// Why the engine for many sides plays these rules, in words for a message that begins
    /// with the rules' name: "has 4 sides", "says `shortcut`" (`None`: it does not).
    pub fn why_many(&self) -> Option<String> {
        if self.sides.len() > 2 {
            Some(format!("has {} sides", self.sides.len()))
        } else {
            self.many_sides_rule()
                .map(|rule| format!("says `{rule}`, a rule of the engine for many sides"))
        }
    }

    /// The shortcuts side `s` takes (see [`SideRules::shortcut_ends`]), each with the position
    /// of its last square, where it comes back to the path.
    pub fn shortcuts_of(&self, s: SideId) -> Vec<(&[Square], PathPos)> {
        self.shortcuts
            .iter()
            .filter_map(|w| {
                self.sides[s]
                    .shortcut_ends(w)
                    .map(|(_, last)| (w.as_slice(), last))
            })
            .collect()
    }

    /// The squares of side `s`'s positions: its path's, then the squares of the shortcuts it
    /// takes off its path, in the order written, each once.
    pub fn position_squares(&self, s: SideId) -> Vec<Square> {
        let mut squares = self.sides[s].path.clone();
        for (way, _) in self.shortcuts_of(s) {
            for q in &way[1..way.len() - 1] {
                if !squares[self.sides[s].path.len()..].contains(q) {
                    squares.push(*q);
                }
            }
        }
        squares
    }

    /// Whether the rules play stacked pieces or dice one by one, as the tables games do: their
    /// moves are made by the engine's stacked form, which the checker keeps to the rules it plays.
    pub fn stacked(&self) -> bool {
        self.stack_limit > 1 || self.throw.is_each()
    }

    /// Every option with the value chosen for it (given or by default), as text, by name: what
    /// identifies the rules a table was solved for, whatever way the values were written.
    /// Which rules these are, exactly: their id, their text's hash and the options chosen.
    pub fn rules_id(&self) -> crate::types::RulesId {
        crate::types::RulesId {
            id: self.id.clone(),
            hash: self.hash.clone(),
            options: self.resolved_options(),
        }
    }

    pub fn resolved_options(&self) -> Vec<(String, String)> {
        let mut list: Vec<(String, String)> = self
            .options
            .iter()
            .map(|o| (o.name.clone(), o.chosen.to_string()))
            .collect();
        list.sort();
        list
    }

    /// The side called `name`, if there is one.
    pub fn side_named(&self, name: &str) -> Option<SideId> {
        self.sides.sides().find(|&s| self.sides[s].name == name)
    }

    /// The square effect that acts on a piece of side `side` ending its move on `square`.
    pub fn effect_of(&self, side: impl Into<SideId>, square: Square) -> Option<&SquareEffect> {
        let side = side.into();
        self.effects
            .iter()
            .find(|e| e.square == square && e.applies_to(side))
    }
}

/// A match: games played one after another until a side has `to` points, each win scoring the
/// points its rules give it (one, a gammon, match points, pieces left).
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    pub to: u32,
    /// The games, played in turn and round again (`match games`); empty: the game of these
    /// rules, every time.
    pub games: Vec<RuleSet>,
    /// Who moves first in each game after the first; `None`: as each game's rules say.
    pub next_first: Option<NextFirst>,
    /// The match points each turn in which a side cannot move scores for the other side (`pass
    /// scores N for the other side`; 0: none).
    pub pass_score: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OptionInfo {
    pub name: String,
    pub allowed: Vec<Value>,
    pub default: Value,
    pub chosen: Value,
}

impl OptionInfo {
    /// The whole numbers from 1 the option allows below the one chosen, largest first (none
    /// where its values are words): the smaller games of a `pieces` option.
    pub fn values_below(&self) -> Vec<u32> {
        let Value::Int(chosen) = self.chosen else {
            return Vec::new();
        };
        let mut below: Vec<u32> = self
            .allowed
            .iter()
            .filter_map(|v| match *v {
                Value::Int(n) => Some(n..=n),
                Value::Range(a, b) => Some(a.min(b)..=a.max(b)),
                Value::Word(_) => None,
            })
            .flatten()
            .filter(|&n| n >= 1 && n < chosen)
            .collect();
        below.sort_unstable_by(|a, b| b.cmp(a));
        below.dedup();
        below
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideRules {
    pub name: String,
    pub colour: String,
    /// The squares of its path, in order: position k is `path[k - 1]`.
    pub path: Vec<Square>,
    /// Where the path is in parts, each running to the goal: the last position of each part
    /// but the last.
    pub segment_ends: Vec<PathPos>,
    /// After its last position the path goes on from its first (no piece bears off).
    pub looped: bool,
}

impl SideRules {
    /// Where the shortcut `way` leaves this path and comes back to it: the positions of its
    /// first and last squares, where the path visits each once, the last after the first.
    /// `None`: the side does not take it.
    pub fn shortcut_ends(&self, way: &[Square]) -> Option<(PathPos, PathPos)> {
        let once = |q: &Square| {
            let mut at = self.positions_of(*q);
            match (at.next(), at.next()) {
                (Some(p), None) => Some(p),
                _ => None,
            }
        };
        let (first, last) = (once(way.first()?)?, once(way.last()?)?);
        (way.len() >= 2 && first < last).then_some((first, last))
    }

    /// Every path position of a square (two where an out-and-back path comes back to it).
    pub fn positions_of(&self, square: Square) -> impl Iterator<Item = PathPos> + '_ {
        self.path
            .iter()
            .enumerate()
            .filter(move |(_, s)| **s == square)
            .filter_map(|(k, _)| PathPos::from_index(k))
    }

    /// Whether the path comes back to a square it has passed.
    pub fn visits_twice(&self) -> bool {
        let mut seen = std::collections::HashSet::new();
        !self.path.iter().all(|s| seen.insert(*s))
    }

    /// The path position of a square, if the square is on this side's path: its first visit.
    pub fn position_of(&self, square: Square) -> Option<PathPos> {
        self.path
            .iter()
            .position(|&s| s == square)
            .and_then(PathPos::from_index)
    }

    /// The square at a path position.
    pub fn square(&self, p: PathPos) -> Square {
        self.path[p.index()]
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    Waiting,
    OnBoard {
        /// Per side, the path positions of its pieces: where `rest_waiting`, fewer than it
        /// has, the others waiting to enter.
        positions: Sides<Vec<PathPos>>,
        rest_waiting: bool,
        /// The square the layout alternates from, when the rule says so (rather than listing
        /// each side's squares): the same rule whatever the number of pieces.
        alternating: Option<Square>,
    },
}

/// `extra move of V after T, ... [entering first]`: a throw of one of `after` also gives a move
/// of `value`, played in the same turn as any other throw held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraMove {
    pub value: u8,
    pub after: Vec<u8>,
    /// The move enters a waiting piece where one can.
    pub entering_first: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    ThrowThenMove,
    /// One throw a turn, split among pieces (a piece enters only with a whole throw).
    ThrowThenSplit,
    /// Throw again while the throw is one of these, add the throws, then split the total.
    AccumulateThenSplit {
        again: Vec<u8>,
    },
    /// Throw again while the throw is one of these, then play each throw whole, one at a time,
    /// in any order.
    AccumulateThenEach {
        again: Vec<u8>,
    },
}

impl Turn {
    /// Whether a turn splits a total among pieces (one throw, or all its throws added up).
    pub fn splits(&self) -> bool {
        matches!(
            self,
            Turn::ThrowThenSplit | Turn::AccumulateThenSplit { .. }
        )
    }

    /// The throws that let a side throw again before moving.
    pub fn again(&self) -> &[u8] {
        match self {
            Turn::ThrowThenMove | Turn::ThrowThenSplit => &[],
            Turn::AccumulateThenSplit { again } | Turn::AccumulateThenEach { again } => again,
        }
    }
}

impl Start {
    /// Whether some pieces start off the board, waiting to enter.
    pub fn waits(&self) -> bool {
        matches!(
            self,
            Start::Waiting
                | Start::OnBoard {
                    rest_waiting: true,
                    ..
                }
        )
    }
}

/// `retreat from SET to N`, and what `on retreat` rules add to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retreat {
    /// Per side: the positions a piece may retreat from.
    pub from: Sides<Vec<PathPos>>,
    pub to: Square,
    /// The side skips its next turn.
    pub lose_turn: bool,
    /// The side's turn ends at once (`May`: if the player chooses; the retreat comes twice).
    pub end_turn: Option<Force>,
    /// The piece must make its side's next move.
    pub moves_next: Option<MovesNext>,
}

/// An event rule about the turn (throw again, lose the next turn, end the turn) judged after a
/// move: one with a condition, or one that loses or ends a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRule {
    /// The event rule it comes from (for comparing rule sets rule by rule).
    pub key: RuleKey,
    pub trigger: TurnTrigger,
    pub condition: Option<PieceCondition>,
    /// The side throws again (`May`: or ends its turn, as the player chooses; the move comes
    /// twice).
    pub throw_again: Option<Force>,
    pub lose_turn: bool,
    /// The side's turn ends at once (`May`: or goes on, as the player chooses; the move comes
    /// twice).
    pub end_turn: Option<Force>,
}

/// What sets off a [`TurnRule`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnTrigger {
    /// Per side: a move of that side ends on (or is sent onto) one of these positions.
    Landing(Sides<Vec<PathPos>>),
    /// Per side: a piece of that side captures on one of these positions.
    Capture(Sides<Vec<PathPos>>),
    /// A move made with one of these throws.
    Move(Vec<u8>),
    /// A piece enters.
    Entering,
}

/// `if its side has [no] pieces on SET`, `if the other side has [no] pieces on SET`: judged on
/// the position after the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceCondition {
    /// Where a side has pieces.
    Pieces {
        /// The other side's pieces (else those of the side that moved).
        other: bool,
        /// The rule applies while there are pieces there (else while there are none).
        has: bool,
        /// Per side: the squares where that side's pieces are looked for.
        squares: Sides<Vec<Square>>,
    },
    /// Whether the piece that moved entered with the move (else it was on the board).
    Entered(bool),
}

/// `on each move [if CONDITION]: only pieces on SET may move`: while the condition holds (always,
/// without one), the side to move may move only its pieces on these positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hold {
    /// The rule's key, for `diff`.
    pub key: RuleKey,
    /// Judged on the position before the move; "its side" is the side to move.
    pub condition: Option<PieceCondition>,
    /// Per side: the positions whose pieces may move.
    pub only: Sides<Vec<PathPos>>,
}

/// `piece moves next [ignoring pairs | or goes back to waiting]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovesNext {
    /// That move may capture a piece a pair protects.
    pub ignoring_pairs: bool,
    /// If the piece cannot move, it goes back to waiting.
    pub or_waiting: bool,
}

/// What `on entering` rules do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entering {
    pub throw_again: bool,
    /// The piece that entered must make its side's next move.
    pub moves_next: Option<MovesNext>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enter {
    /// The throws that may enter a piece; `None` means any throw that moves.
    pub throws: Option<Vec<u8>>,
    pub onto: EnterOnto,
    pub if_empty: bool,
}

/// Where a piece that ends its move on a square goes on to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareEffect {
    pub square: Square,
    pub to: Destination,
    /// Only for this side's pieces (`by SIDE`); for both without one.
    pub side: Option<SideId>,
    /// The player may decline it (`may go to`).
    pub may: bool,
    /// No effect of the square it leads to sends the piece further (`and stop`).
    pub stop: bool,
    /// It goes onto an enemy piece there too, capturing it (`capturing`).
    pub capturing: bool,
}

impl SquareEffect {
    /// Whether the effect acts on pieces of side `s`.
    pub fn applies_to(&self, s: impl Into<SideId>) -> bool {
        let s = s.into();
        self.side.is_none_or(|only| only == s)
    }
}

/// A square that a forward move may not pass over (`on passing SET: go to ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    pub square: Square,
    pub to: Destination,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BearOff {
    /// Exact exit, one step past the last position; only from these positions per side if set.
    /// `hindmost`: a throw that would go further bears off too, a piece with no piece of its
    /// side behind it (nor waiting to enter).
    Exact {
        from: Option<Sides<Vec<PathPos>>>,
        hindmost: bool,
        /// `, or past the end when all on SET`: a throw that would go further bears off too,
        /// once every piece of the side (none waiting) stands on these positions.
        past_when: Option<Sides<Vec<PathPos>>>,
    },
    /// Any throw that reaches one step past the last position or goes beyond; only from these
    /// positions per side if set.
    Past { from: Option<Sides<Vec<PathPos>>> },
    /// Per side, per path position, the throws that bear a piece off from there.
    Table(Sides<Vec<(PathPos, Vec<u8>)>>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BearWhen {
    Always,
    /// No piece bears off (`bear off never`).
    Never,
    /// Per side: every piece not yet borne off stands on these positions.
    AllOn(Sides<Vec<PathPos>>),
    /// Per side: none of its pieces stands on these positions.
    NoneOn(Sides<Vec<PathPos>>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Win {
    FirstAllOff,
    MostBorneOff,
    /// The side that takes every piece of the other out of the game.
    CaptureAll,
}

/// What a win scores, where not one point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// `score gammon N[, backgammon M on SET]`.
    Gammon {
        /// What a win scores where the loser has borne off no piece.
        none_off: u32,
        /// What it scores where the loser has also a piece waiting or on these positions (per
        /// side, along the loser's path).
        behind: Option<(u32, Sides<Vec<PathPos>>)>,
    },
    /// `score pieces left`: a point for each piece the loser has not borne off.
    PiecesLeft,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The game ends when one side has borne off all its pieces, or no piece is left in play.
    BoardEmpty,
    /// The game ends as soon as the result can no longer change.
    Decided,
}

/// One rule a file states, as `explain` and `diff` show it.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleInfo {
    /// Rules with the same key replace each other along `extends`.
    pub key: RuleKey,
    /// The rule in plain English.
    pub text: String,
    /// The rule set whose file says it.
    pub origin: String,
    pub note: Option<(NoteKind, String)>,
}

/// One part of a winning pattern (`win with N on each of SET`, `N or more on each of SET`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternPart {
    /// The pieces on each place: exactly, or at least where `or_more`.
    pub count: u8,
    pub or_more: bool,
    /// Per side, the positions of SET.
    pub at: Sides<Vec<PathPos>>,
}
