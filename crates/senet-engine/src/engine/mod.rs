//! The engine: positions, legal moves, applying moves, the end of a game. Generic over compiled
//! rules: nothing here knows which rule set it plays, and nothing reads the checker's types.

mod apply;
pub mod game;
mod generate;
mod moves;
mod passing;
pub mod playout;
mod position;
mod split;
pub mod split_draw;
mod stacked;
mod word_hash;

pub use apply::{Captured, Report, StepReport};
pub use moves::{Move, Step};
pub use passing::PassReport;
pub use position::{Position, Setup, SetupError, Way};
pub use split::{SPLIT_STATES, SPLIT_TRIES};
pub use stacked::MAX_SEQUENCES;

/// Whether a listing of legal moves is whole. Only a split turn's listing can be cut short: its
/// search stops after [`SPLIT_STATES`] states or [`SPLIT_TRIES`] single movements tried, and the
/// moves found by then are not the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use = "a cut listing is not the list of legal moves"]
pub enum Listing {
    Whole,
    Cut,
}

use crate::compile::{BearCondition, PatternPart, Phase, PosFlags, Rules, Win, WinScore};
use senet_lang::types::limits::{MAX_PATH, MAX_SQUARES, THROW_VALUES};
use senet_lang::types::{Capture, Force, Opening, PathPos, PerSide, Side, Square, Throw};

/// Per-side masks over path positions (bit `p - 1` for position `p`), derived once from the
/// compiled tables so that move generation is a few bit operations. Tables indexed by position
/// take the position's index (`p - 1`).
#[derive(Clone, Debug)]
struct SideMasks {
    /// The length of the path.
    len: u8,
    /// Positions whose square may not be passed over.
    stop: u64,
    priority: u64,
    only_bear_off: u64,
    /// While a piece stands on one of these positions, only pieces on them may move.
    hold: u64,
    /// Positions no piece moves backwards from.
    no_backward: u64,
    /// Positions whose piece moves only while the next position's square is empty.
    ahead_empty: u64,
    /// Positions whose piece moves only while every piece of the side in play stands on them.
    together: u64,
    /// Positions whose piece moves only while no piece of the side waits to enter.
    none_waits: u64,
    /// Positions where a piece of the side keeps its waiting pieces from entering.
    enter_barred: u64,
    /// Positions where a piece of this side is not passed by its own pieces.
    no_passing: u64,
    /// Positions where a piece resting part way through a split turn may move again.
    stop_and_go: u64,
    /// After the last position the path goes on from the first.
    looped: bool,
    bear_zone: u64,
    no_bear_zone: u64,
    /// Indexed by square index: the position of that square on this side's path (0 if none).
    pos_of_square: [u8; MAX_SQUARES],
    /// Indexed by position index: the bit of its square.
    square_bit: [u64; MAX_PATH],
    /// The path comes back to a square it has passed: a square may stand for two positions.
    twins: bool,
    /// Where the path is in parts: the last position of each part but the last.
    segment_ends: u64,
    /// Moves are judged one piece at a time (the path comes back to a square, or is in parts).
    per_piece: bool,
    /// Positions where an enemy piece cannot be captured: the enemy's own safe positions,
    /// seen along this side's path.
    safe: u64,
    /// Those of `safe` whose square the enemy's path visits twice, safe at one visit and not at
    /// the other: whether the enemy there is safe depends on the visit it stands at.
    twin_safe: u64,
    /// This side's own safe positions (along its own path).
    own_safe: u64,
    /// Positions where a move of this side that ends there gives an extra throw.
    extra: u64,
    /// Positions whose square has an effect (sends the piece on, or back to waiting).
    effect: u64,
    /// Positions whose square's effect the player may decline.
    optional: u64,
    /// Positions that send a piece ending its move there back to waiting.
    to_waiting: u64,
    /// Positions that take a piece ending its move there out of the game.
    to_removed: u64,
    /// Positions a forward move may not pass over: it ends where the rules send it instead.
    trap: u64,
    /// Positions where a piece captured is sent to a square: the capture needs room there.
    capture_to: u64,
    /// Positions where a capture by a piece of this side landing there gives an extra throw.
    capture_extra: u64,
    /// Indexed by position index: the enemy's positions next to the enemy's position of the
    /// same square (the neighbours that protect an enemy piece standing there).
    enemy_neighbours: [u64; MAX_PATH],
    /// Indexed by position index: bit `v` set when a throw of `v` bears a piece off from there.
    exit_throws: [u32; MAX_PATH],
    /// Indexed by throw value: the positions a throw of that value bears a piece off from.
    exit_from: [u64; THROW_VALUES],
    /// Every position of the path.
    on_path: u64,
    /// Indexed by position index: the bit of the same square among the enemy's positions (0 if
    /// the enemy's path does not pass it).
    cross_bit: [u64; MAX_PATH],
}

impl SideMasks {
    fn new(rules: &Rules, s: Side) -> SideMasks {
        let side = &rules.sides[s];
        let enemy = &rules.sides[s.other()];
        let mut m = SideMasks {
            len: u8::try_from(side.len()).unwrap_or(u8::MAX),
            stop: 0,
            priority: 0,
            only_bear_off: 0,
            hold: 0,
            no_backward: 0,
            ahead_empty: 0,
            together: 0,
            none_waits: 0,
            enter_barred: 0,
            no_passing: 0,
            stop_and_go: 0,
            looped: side.looped,
            bear_zone: 0,
            no_bear_zone: 0,
            pos_of_square: [0; MAX_SQUARES],
            square_bit: [0; MAX_PATH],
            twins: side.visits_twice(),
            segment_ends: side.segment_ends,
            per_piece: side.visits_twice() || side.segment_ends != 0 || side.looped,
            safe: 0,
            twin_safe: 0,
            own_safe: 0,
            extra: 0,
            effect: 0,
            optional: 0,
            to_waiting: 0,
            to_removed: 0,
            capture_extra: 0,
            capture_to: 0,
            trap: 0,
            enemy_neighbours: [0; MAX_PATH],
            exit_throws: [0; MAX_PATH],
            exit_from: [0; THROW_VALUES],
            on_path: 0,
            cross_bit: [0; MAX_PATH],
        };
        for p in side.positions() {
            let (i, bit) = (p.index(), p.bit());
            let sq = side.square(p);
            m.on_path |= bit;
            // A square the path comes back to stands for its first visit.
            if m.pos_of_square[sq.index()] == 0 {
                m.pos_of_square[sq.index()] = p.get();
            }
            m.square_bit[i] = sq.bit();
            if rules.effect(s, sq).is_some()
                || side.flags[i].intersects(PosFlags::TO_WAITING | PosFlags::TO_REMOVED)
            {
                m.effect |= bit;
            }
            if rules.passing(sq).is_some() {
                m.trap |= bit;
            }
            if matches!(rules.captured_at(sq), Capture::To(_)) {
                m.capture_to |= bit;
            }
            let pos_flags = side.flags[i];
            for (flag, mask) in [
                (PosFlags::PRIORITY, &mut m.priority),
                (PosFlags::ONLY_BEAR_OFF, &mut m.only_bear_off),
                (PosFlags::HOLD, &mut m.hold),
                (PosFlags::NO_BACKWARD, &mut m.no_backward),
                (PosFlags::AHEAD_EMPTY, &mut m.ahead_empty),
                (PosFlags::TOGETHER, &mut m.together),
                (PosFlags::NONE_WAITS, &mut m.none_waits),
                (PosFlags::ENTER_BARRED, &mut m.enter_barred),
                (PosFlags::NO_PASSING, &mut m.no_passing),
                (PosFlags::STOP_AND_GO, &mut m.stop_and_go),
                (PosFlags::TO_WAITING, &mut m.to_waiting),
                (PosFlags::OPTIONAL_EFFECT, &mut m.optional),
                (PosFlags::TO_REMOVED, &mut m.to_removed),
                (PosFlags::BEAR_ZONE, &mut m.bear_zone),
                (PosFlags::NO_BEAR_ZONE, &mut m.no_bear_zone),
                (PosFlags::STOP, &mut m.stop),
                (PosFlags::SAFE, &mut m.own_safe),
                (PosFlags::EXTRA_THROW, &mut m.extra),
                (PosFlags::CAPTURE_THROW, &mut m.capture_extra),
            ] {
                if pos_flags.contains(flag) {
                    *mask |= bit;
                }
            }
            if let Some(ep) = enemy.position(sq) {
                // Every visit of the enemy's path to the square.
                let visits = enemy.positions_of(sq);
                m.cross_bit[i] = visits;
                let safe = |q: PathPos| enemy.flags[q.index()].contains(PosFlags::SAFE);
                if PathPos::all_in(visits).any(safe) {
                    m.safe |= bit;
                    if !PathPos::all_in(visits).all(safe) {
                        m.twin_safe |= bit;
                    }
                }
                // The enemy's positions just before and just after its own position there.
                let before = ep.index().checked_sub(1).and_then(PathPos::from_index);
                let after = PathPos::from_index(ep.index() + 1).filter(|q| q.index() < enemy.len());
                m.enemy_neighbours[i] = [before, after]
                    .into_iter()
                    .flatten()
                    .map(PathPos::bit)
                    .sum();
            }
            let exits = side.exit_throws[i];
            m.exit_throws[i] = exits;
            for (v, from) in m.exit_from.iter_mut().enumerate() {
                if exits & (1 << v) != 0 {
                    *from |= bit;
                }
            }
        }
        m
    }
}

/// Side `s`'s retreat as masks over its path positions.
#[derive(Clone, Copy, Debug, Default)]
struct RetreatMasks {
    /// Positions whose piece may retreat.
    from: u64,
    /// The position of the retreat square on this path (0: none).
    to: u8,
}

impl RetreatMasks {
    fn new(rules: &Rules, s: Side) -> RetreatMasks {
        let side = &rules.sides[s];
        let Some(t) = rules.retreat else {
            return RetreatMasks::default();
        };
        RetreatMasks {
            from: side
                .positions()
                .filter(|p| side.flags[p.index()].contains(PosFlags::RETREAT))
                .map(PathPos::bit)
                .sum(),
            to: side.position(t.to).map_or(0, PathPos::get),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { side: Side, points: u32 },
    Draw,
}

/// How a game was won, as the position it ended in shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinWay {
    /// The winner bore off all its pieces (`win first to bear off all`).
    AllOff,
    /// The winner's pieces made a winning pattern (`win with ...`).
    Pattern,
    /// The loser's last piece on its start was pinned there (`win by pinning ...`).
    Pinned,
    /// The loser could not play a throw (`lose when a side cannot move`).
    OtherStuck,
    /// The loser's captured piece could not go back (`lose when a captured piece cannot go
    /// back`).
    NoWayBack,
    /// The loser left a piece it could take (`lose when a piece that can be taken is left`).
    Untaken,
    /// Every piece of the loser was taken out of the game (`win by capturing all`).
    CapturedAll,
    /// The winner bore off more pieces (`win most borne off`).
    MostOff,
    /// The winner, having borne off all its pieces, entered them all again as they started
    /// (`once all are borne off, they enter again as they started`).
    Rebuilt,
}

impl WinWay {
    /// Every way, in the order of their counts ([`WinWay::index`]).
    pub const ALL: [WinWay; 9] = [
        WinWay::AllOff,
        WinWay::Pattern,
        WinWay::Pinned,
        WinWay::OtherStuck,
        WinWay::NoWayBack,
        WinWay::Untaken,
        WinWay::CapturedAll,
        WinWay::MostOff,
        WinWay::Rebuilt,
    ];

    /// Its place in [`WinWay::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A rule set ready to play: the compiled rules and the masks the hot path uses.
#[derive(Clone, Debug)]
pub struct Engine {
    pub rules: Rules,
    masks: PerSide<SideMasks>,
    /// Whether landing on an enemy piece can ever capture it.
    can_capture: bool,
    /// Whether both sides walk the same path (then positions are the same for both).
    shared_path: bool,
    /// The phase in which a side moves ([`Phase::Move`] or [`Phase::Distribute`]).
    moving: Phase,
    /// Where pieces retreat from and to (kept apart from the masks every move reads).
    retreat: PerSide<RetreatMasks>,
    /// Whether a turn plays each of its throws whole (moves then carry their throw).
    pub(crate) plays_each: bool,
    /// Whether pieces of a side may stack on a position ([`Position::count`]).
    stacks: bool,
    /// Whether pieces may retreat.
    retreats: bool,
    /// Whether a square's effect or an extra throw may be declined, or the turn ended by the
    /// player (`may go to`, `may throw again`, `may end turn`): a move then comes in two forms.
    optional_effects: bool,
    /// Per side: the position of the piece that must move next, when it must (0: none).
    moves_next_at: PerSide<u8>,
    /// Whether a move may leave per-side state behind (a retreat, an entry that throws again or
    /// makes its piece move next, an event rule about the turn): applying a move then looks at
    /// it.
    after_hook: bool,
    /// Extra throws add up (`extra throws add up`): what a move earns is counted.
    adds_up: bool,
    /// Whether any square holds pieces back, traps a move, sends a captured piece to a square
    /// or lets a piece retreat, or a piece may have to move next: move generation then takes
    /// its general path, else one that skips them.
    extras: bool,
    /// A piece's first move needs given throws: positions track which pieces have not moved.
    locks: bool,
    /// A piece landing on enemy pieces pins them (`capture pin`): positions track the pieces
    /// held.
    pins: bool,
    /// Pieces stacked at the start are unstacked before any moves (`unstack first`): a step
    /// from a position to itself takes one off its stack (or puts it back).
    unstacks: bool,
    /// The path position whose reaching lifts a side's limit on stacks on some places (`stacks
    /// up to N on SET until a piece reaches position M`); `u8::MAX`, no step ends on, where none.
    zone_until: u8,
    /// The moves of a turn go one way: positions track which way the turn has moved.
    one_way: bool,
    /// The steps of a double may be searched rearmost first only ([`stacked::orders_doubles`]).
    ordered_doubles: bool,
    /// The dice a side cannot use pass to the other side (`unused dice pass to the other
    /// side`): positions keep them ([`Position::passed`]).
    passes: bool,
    /// A side's first double is played once (`first double of each side played once`):
    /// positions keep which sides have thrown one ([`Position::doubled`]).
    first_doubles: bool,
    /// A double's dice are listed (`double N played as ...`): each run after the first is a
    /// move of its own, its dice kept in [`Position::passed`].
    runs: bool,
    /// The shifts that find the enemy's blockades ([`generate::run_shifts`]; unused without).
    run_shifts: [u32; 4],
    /// Where turns split their total: per side and position index, the distances a single
    /// movement from there might cover (see [`Engine::reach`]; empty without split turns).
    split_reach: PerSide<Vec<u128>>,
}

impl Engine {
    pub fn new(rules: Rules) -> Engine {
        let masks = PerSide::from_fn(|s| SideMasks::new(&rules, s));
        let can_capture = rules.capture != Capture::None;
        let shared_path = rules.sides[Side::First].path == rules.sides[Side::Second].path;
        let moving = rules.machine.moving();
        let extras = masks.values().any(|m| {
            m.hold
                | m.trap
                | m.capture_to
                | m.ahead_empty
                | m.together
                | m.none_waits
                | m.stop_and_go
                != 0
        }) || rules.retreat.is_some()
            || rules.moves_next.is_some()
            || rules.tracks_unmoved()
            || !rules.holds.is_empty()
            || rules.one_direction;
        let retreat = PerSide::from_fn(|s| RetreatMasks::new(&rules, s));
        let plays_each = rules.throw_again != 0 && !rules.split;
        let optional_effects = masks.values().any(|m| m.optional != 0)
            || rules
                .turn_rules
                .iter()
                .any(|t| t.throw_again == Some(Force::May))
            || rules.may_end_turn();
        let mut engine = Engine {
            stacks: rules.stacked.as_ref().is_some_and(|t| t.limit > 1),
            retreat,
            plays_each,
            retreats: rules.retreat.is_some(),
            optional_effects,
            moves_next_at: PerSide::from_fn(|s| rules.moves_next.map_or(0, |m| m.at[s].get())),
            adds_up: rules.extra_add_up,
            after_hook: rules.extra_add_up
                || rules.retreat.is_some()
                || rules.moves_next.is_some()
                || rules.entering_throw_again
                || !rules.turn_rules.is_empty(),
            locks: rules.tracks_unmoved(),
            pins: rules.capture == Capture::Pin,
            unstacks: rules.stacked.as_ref().is_some_and(|t| t.unstack.is_some()),
            zone_until: match rules.stacked.as_ref().map_or(0, |t| t.zone_until) {
                0 => u8::MAX,
                p => p,
            },
            one_way: rules.one_direction,
            ordered_doubles: stacked::orders_doubles(&rules, &masks, extras),
            passes: rules.stacked.as_ref().is_some_and(|t| t.pass_unused),
            first_doubles: rules
                .stacked
                .as_ref()
                .is_some_and(|t| !t.first_double.is_empty()),
            runs: rules
                .stacked
                .as_ref()
                .is_some_and(|t| !t.next_run.is_empty()),
            run_shifts: generate::run_shifts(rules.blockade.max(1)),
            rules,
            masks,
            can_capture,
            shared_path,
            moving,
            extras,
            split_reach: PerSide::default(),
        };
        if engine.rules.split {
            engine.split_reach = PerSide::from_fn(|s| engine.reach_table(s));
        }
        engine
    }

    /// The throw code whose dice the side to move plays for `throw`: where a side's first
    /// double is played once, a double thrown before any other stands for its first-double code
    /// ([`Stacked::first_double`](crate::compile::Stacked::first_double)).
    #[inline(always)]
    pub fn pool_code(&self, pos: &Position, throw: Throw) -> Throw {
        if self.first_doubles {
            self.first_double_code(pos, throw)
        } else {
            throw
        }
    }

    #[cold]
    fn first_double_code(&self, pos: &Position, throw: Throw) -> Throw {
        let first = self.rules.stacked.as_ref().and_then(|t| {
            let code = *t.first_double.get(usize::from(throw.get()))?;
            (code != 0 && !pos.doubled(pos.to_move)).then(|| Throw::new(u16::from(code)))
        });
        first.unwrap_or(throw)
    }

    /// Where a side's first double is played once: the code `throw` stands for in `pos` (see
    /// [`Engine::pool_code`]), and if it is a double, the side to move has now thrown one.
    #[cold]
    fn throw_double(&self, pos: &mut Position, throw: Throw) -> Throw {
        let code = self.first_double_code(pos, throw);
        let double = self.rules.stacked.as_ref().is_some_and(|t| {
            t.first_double
                .get(usize::from(throw.get()))
                .is_some_and(|&c| c != 0)
        });
        if double {
            pos.latches |= position::doubled_latch(pos.to_move);
        }
        code
    }

    /// The start position of a game.
    pub fn start(&self) -> Position {
        Position::start(&self.rules)
    }

    /// The length of side `s`'s path.
    pub fn path_len(&self, s: Side) -> usize {
        usize::from(self.masks[s].len)
    }

    /// Side `s`'s race count: the steps its pieces have yet to go to bear off. A piece on
    /// position `p` of a path of `n` positions counts `n + 1 - p`, one waiting to enter the
    /// whole way (`n + 1`), one borne off nothing. A piece taken out of the game counts nothing
    /// where the first side with no piece left in play wins (it need not go any more), and the
    /// whole way where the most pieces borne off or the capture of all win (it can no longer
    /// help). On a loop, which no piece leaves but by capture, a piece in play counts nothing:
    /// the count then says who has lost more pieces.
    pub fn race_count(&self, pos: &Position, s: Side) -> u32 {
        let whole = u32::from(self.masks[s].len) + 1;
        let lost = match self.rules.win {
            Win::FirstAllOff => 0,
            Win::CaptureAll | Win::MostBorneOff { .. } => u32::from(pos.removed[s]),
        };
        let on = if self.masks[s].looped {
            0
        } else {
            let mut bits = pos.on[s];
            let mut sum = 0;
            while bits != 0 {
                let i = bits.trailing_zeros();
                let pieces = 1 + u32::from(pos.more_at(s, i as usize));
                sum += (whole - (i + 1)) * pieces;
                bits &= bits - 1;
            }
            sum
        };
        (u32::from(pos.waiting[s]) + lost) * whole + on
    }

    /// The square of side `s`'s path position `p`.
    pub fn square(&self, s: Side, p: PathPos) -> Square {
        self.rules.sides[s].square(p)
    }

    /// Whether the side to move owes a forced opening move that takes no throw.
    pub fn forced_opening(&self, pos: &Position) -> bool {
        let s = pos.to_move;
        pos.opening_due(s) && matches!(self.rules.opening[s], Some(Opening::FrontPieceMoves { .. }))
    }

    /// Whether a side that has lost its turn is to move: it passes without throwing.
    pub fn loses_turn(&self, pos: &Position) -> bool {
        pos.loses_turn(pos.to_move)
    }

    /// Whether a throw of `value` lets the side to move throw again before moving (a turn that
    /// throws all before moving).
    pub fn throws_again(&self, value: Throw) -> bool {
        self.rules.throw_again & value.mask_bit() != 0
    }

    /// The result, if the game is over in this position.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        let decided = self.decided(pos);
        if decided.is_none() && self.rules.draw_stuck && self.stuck(pos) {
            return Some(Outcome::Draw);
        }
        decided
    }

    /// [`Engine::outcome`] by the pieces borne off, captured or pinned, or where they stand.
    fn decided(&self, pos: &Position) -> Option<Outcome> {
        if pos.latches & position::LOST_LATCHES != 0 {
            return Some(self.lost_by_rule(pos));
        }
        if self.rules.pattern_win.is_some()
            && let Some(side) = Side::BOTH
                .into_iter()
                .find(|&s| self.won_by_pattern(pos, s))
        {
            return Some(Outcome::Win {
                side,
                points: self.match_points(pos, side),
            });
        }
        if let Some(points) = self.rules.pin_win
            && let Some(end) = Self::pinned_start(pos, points)
        {
            return Some(end);
        }
        let play = PerSide::from_fn(|s| pos.in_play(s));
        let win = |side: Side| Outcome::Win {
            side,
            points: self.match_points(pos, side),
        };
        match self.rules.win {
            Win::FirstAllOff => {
                // The side that just moved is the one that can have finished; check both anyway.
                let first = Side::BOTH
                    .into_iter()
                    .find(|&s| play[s] == 0 && pos.off[s] > 0)
                    .map(win);
                // With no piece left in play and none borne off (every piece taken out of the
                // game), no side can ever win: a draw.
                first.or((play.0 == [0, 0]).then_some(Outcome::Draw))
            }
            Win::CaptureAll => Side::BOTH
                .into_iter()
                .find(|&s| pos.removed[s.other()] == self.rules.pieces)
                .map(win),
            Win::MostBorneOff { decided } => {
                let (a, b) = (pos.off[Side::First], pos.off[Side::Second]);
                if decided {
                    if a > b + play[Side::Second] {
                        return Some(win(Side::First));
                    }
                    if b > a + play[Side::First] {
                        return Some(win(Side::Second));
                    }
                }
                if play.0 == [0, 0] {
                    return Some(match a.cmp(&b) {
                        std::cmp::Ordering::Greater => win(Side::First),
                        std::cmp::Ordering::Less => win(Side::Second),
                        std::cmp::Ordering::Equal => Outcome::Draw,
                    });
                }
                None
            }
        }
    }

    /// Points for `winner`: by what the loser has left where the rules score a win so (the rule
    /// `score`), else the match points of the squares where the loser's pieces still stand.
    pub fn match_points(&self, pos: &Position, winner: Side) -> u32 {
        let loser = winner.other();
        match self.rules.win_score {
            // The pieces it has on the board or waiting to enter.
            Some(WinScore::PiecesLeft) => return u32::from(pos.in_play(loser)),
            Some(WinScore::Gammon {
                none_off,
                behind,
                behind_on,
            }) => {
                return if pos.off[loser] > 0 {
                    1
                } else if behind > 0
                    && (pos.waiting[loser] > 0 || pos.on[loser] & behind_on[loser] != 0)
                {
                    behind
                } else {
                    none_off
                };
            }
            None => {}
        }
        Square::all_in(pos.squares[winner.other()])
            .map(|sq| self.rules.match_points[sq.index()])
            .sum()
    }

    /// `win by pinning the last piece on the start`: a side whose piece on its path position 1
    /// is pinned (its last there: only a lone piece is pinned) loses, unless the other still
    /// has pieces on its own position 1; both so pinned, a draw.
    #[cold]
    fn pinned_start(pos: &Position, points: u32) -> Option<Outcome> {
        let pinned = |s: Side| pos.held[s] & 1 != 0;
        let at_start = |s: Side| pos.on[s] & 1 != 0;
        match (pinned(Side::First), pinned(Side::Second)) {
            (true, true) => Some(Outcome::Draw),
            (true, false) if !at_start(Side::Second) => Some(Outcome::Win {
                side: Side::Second,
                points,
            }),
            (false, true) if !at_start(Side::First) => Some(Outcome::Win {
                side: Side::First,
                points,
            }),
            _ => None,
        }
    }

    /// Whether side `s` has made the winning pattern of `win with N on each of SET`.
    fn won_by_pattern(&self, pos: &Position, s: Side) -> bool {
        self.winning_pattern(pos, s).is_some()
    }

    /// The winning pattern (`win with ...`) whose places side `s`'s pieces fill in `pos`, if any.
    pub fn winning_pattern(&self, pos: &Position, s: Side) -> Option<&[PatternPart]> {
        let patterns = self.rules.pattern_win.as_ref()?;
        patterns
            .iter()
            .find(|parts| self.fills(pos, s, parts))
            .map(Vec::as_slice)
    }

    /// Whether a step of side `s` that led to `pos` ends the game there, the dice left unplayed:
    /// it made the winning pattern, or the other side lost (its captured piece could not go
    /// back).
    #[inline(always)]
    fn ends_at_step(&self, pos: &Position, s: Side) -> bool {
        // Tested at every step of a search: the rules without patterns test one word.
        pos.latches & position::LOST_LATCHES != 0
            || (self.rules.pattern_win.is_some() && self.won_by_pattern(pos, s))
    }

    /// How `winner` won the game that ended in `pos`. Under `lose when a captured piece cannot
    /// go back` a piece waits only where it could not go back (the loss ends the game at once),
    /// so a loser by rule with a piece waiting lost that way; else, under `lose when a piece
    /// that can be taken is left`, it left one; else it could not move.
    pub fn win_way(&self, pos: &Position, winner: Side) -> WinWay {
        let loser = winner.other();
        if pos.lost(loser) {
            return if self.rules.lose_no_way_back && pos.waiting(loser) > 0 {
                WinWay::NoWayBack
            } else if self.rules.lose_untaken {
                WinWay::Untaken
            } else if self.rules.enter_again {
                WinWay::Rebuilt
            } else {
                WinWay::OtherStuck
            };
        }
        if self.winning_pattern(pos, winner).is_some() {
            return WinWay::Pattern;
        }
        match self.rules.win {
            Win::FirstAllOff
                if self.rules.pin_win.is_some() && pos.off(winner) < self.rules.pieces =>
            {
                WinWay::Pinned
            }
            Win::FirstAllOff => WinWay::AllOff,
            Win::CaptureAll => WinWay::CapturedAll,
            Win::MostBorneOff { .. } => WinWay::MostOff,
        }
    }

    /// The outcome where a side has lost by a `lose when ...` rule: the other side wins.
    #[cold]
    fn lost_by_rule(&self, pos: &Position) -> Outcome {
        let loser = if pos.lost(Side::First) {
            Side::First
        } else {
            Side::Second
        };
        Outcome::Win {
            side: loser.other(),
            points: self.match_points(pos, loser.other()),
        }
    }

    /// Whether every piece of side `s` stands on the places of the pattern's `parts`, as many on
    /// each as its part says (`win with N on each of SET; N or more on each of SET`).
    fn fills(&self, pos: &Position, s: Side, parts: &[PatternPart]) -> bool {
        let all = parts.iter().fold(0, |m, p| m | p.at[s]);
        if pos.waiting[s] > 0 || pos.off[s] > 0 || pos.removed[s] > 0 || pos.on[s] & !all != 0 {
            return false;
        }
        parts.iter().all(|part| {
            let mut bits = part.at[s];
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let here = if pos.on[s] >> i & 1 == 1 {
                    1 + pos.more_at(s, i)
                } else {
                    0
                };
                let enough = if part.or_more {
                    here >= part.count
                } else {
                    here == part.count
                };
                if !enough {
                    return false;
                }
            }
            true
        })
    }

    fn can_bear_off(&self, pos: &Position, s: Side) -> bool {
        let m = &self.masks[s];
        // A side with a piece pinned bears off none.
        if pos.held[s] != 0 {
            return false;
        }
        match self.rules.bear_when {
            BearCondition::Always => true,
            BearCondition::Never => false,
            BearCondition::AllInZone => pos.waiting[s] == 0 && pos.on[s] & !m.bear_zone == 0,
            BearCondition::NoneInZone => pos.on[s] & m.no_bear_zone == 0,
        }
    }
}
