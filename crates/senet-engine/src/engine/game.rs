//! A game in progress: the turn state machine of the compiled rules, fed with throws and
//! choices. The same object serves simulation (seeded throws, agents), people at the terminal
//! and the replay of records.

use super::apply::Recorder;
use super::position::opening_flag;
use super::split_draw::Drawn;
use super::{Engine, Listing, Move, Outcome, PassReport, Position, Report, StepReport};
use crate::compile::{Event, Phase};
use senet_lang::types::limits::MAX_SQUARES;
use senet_lang::types::{OpeningThrow, PerSide, Side, Throw};

/// Chooses a move. Agents implement this.
pub trait Player {
    /// Picks one of `moves` (never empty) for the side to move in `pos` with throw `throw`.
    fn choose(&mut self, engine: &Engine, pos: &Position, throw: Throw, moves: &[Move]) -> usize;

    /// Draws a move of a split turn without its list (where [`Engine::draws_split`] holds), if
    /// this player chooses that way; `None`: it chooses from the list.
    fn draw_split(&mut self, _: &Engine, _: &Position, _: Throw) -> Option<Drawn> {
        None
    }

    /// Starts afresh with a new seed (simulations reuse one agent for many games).
    fn reseed(&mut self, _seed: u64) {}

    /// How many of its decisions so far this agent made by a simpler rule because what it knows
    /// ran out (a solved table without the position): said to the user, never silent.
    fn fallbacks(&self) -> u64 {
        0
    }
}

/// Sees every decision of a game as it comes (for the statistics of `senet compare`): the
/// position from which the side to move plays its throw, the throws it has to play (the turn's
/// total; in a turn that plays each throw whole, those it has left), and its legal moves, none
/// when it must pass. `moves` is `None` for a split turn whose move is drawn without a list
/// (see [`Game::unlisted_splits`]). A forced opening move and a lost turn are no decisions.
pub trait Watch {
    fn decision(
        &mut self,
        engine: &Engine,
        pos: &Position,
        throws: &[Throw],
        moves: Option<&[Move]>,
    );
}

/// Watches nothing: a game played without a [`Watch`] compiles to the same code as before.
pub struct NoWatch;

impl Watch for NoWatch {
    #[inline(always)]
    fn decision(&mut self, _: &Engine, _: &Position, _: &[Throw], _: Option<&[Move]>) {}
}

/// What happened in a game, in order, for records, messages and statistics. Players are
/// numbered 0 and 1 in the order they were named; without a seats ritual player 0 plays the
/// first side.
// A move's report (each step's captures among them) makes `Move` the large variant: an event
// is copied once a decision, where a box would cost an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEvent {
    /// A throw for seats by a player (not a side); `took` is the side that player takes.
    SeatThrow {
        player: u8,
        value: u8,
        took: Option<Side>,
    },
    /// A throw of the throw-off by `side`; the deciding (second) one says who `starts`.
    StartThrow {
        side: Side,
        value: u8,
        starts: Option<Side>,
    },
    /// A throw by the side to move; `passed`: not thrown, but the dice the other side could
    /// not use, passed to it (`unused dice pass to the other side`).
    Throw {
        side: Side,
        value: u8,
        passed: bool,
    },
    /// A move, made with `throw` (the total of a split turn; 0 for a forced opening move), what
    /// each of its steps did, and the position it led to.
    Move {
        side: Side,
        throw: Throw,
        mv: Move,
        report: Report,
        after: Position,
    },
    /// The side loses this turn (a retreat cost it): it passes without throwing.
    TurnLost {
        side: Side,
        after: Position,
    },
    /// No legal move for `throw`: the turn passes, and what the pass did.
    Pass {
        side: Side,
        throw: Throw,
        report: PassReport,
        after: Position,
    },
    End {
        outcome: Outcome,
    },
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A throw for seats by this player.
    SeatThrow { player: u8 },
    /// A throw of the throw-off by this side.
    StartThrow { side: Side },
    /// A throw by the side to move.
    Throw { side: Side },
    /// A choice among [`Game::moves`] by the side to move (and the player seated there).
    Choose { side: Side },
    /// The game is over, or was stopped unfinished ([`GameSummary::stop`] says why).
    Over,
}

/// Why a game stopped unfinished, without a result. Every game ends: a turn that could go on
/// for ever (rules under which a side may throw again and again) is stopped too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// It played as many turns as the turn cap.
    TurnCap,
    /// One turn threw as many times as the turn cap, and would have thrown again.
    LongTurn,
    /// The side to move had a split total with more ways to share it than a listing of the
    /// moves visits ([`super::SPLIT_STATES`] states of its search).
    TooManyMoves,
}

impl Stop {
    /// Why the game stopped, in words ("unfinished: ...").
    pub fn reason(self) -> &'static str {
        match self {
            Stop::TurnCap => "the turn cap was reached",
            Stop::LongTurn => "one turn threw as many times as the turn cap",
            Stop::TooManyMoves => "a split turn had too many ways to share its total to list",
        }
    }
}

/// Counts and the result of a finished (or stopped) game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameSummary {
    /// `None` when the game stopped unfinished.
    pub outcome: Option<Outcome>,
    /// Why it stopped unfinished, if it did.
    pub stop: Option<Stop>,
    /// `seat[side]` is the player who played that side.
    pub seat: PerSide<u8>,
    pub moves: u32,
    pub turns: u32,
    pub passes: u32,
    pub captures: u32,
    pub backward: u32,
    pub extra_throws: u32,
    pub effects: u32,
    pub entered: u32,
    pub borne_off: u32,
}

/// Cloned to play a game on from where it stands (a review's playouts).
#[derive(Clone)]
pub struct Game<'e> {
    pub engine: &'e Engine,
    pub pos: Position,
    pub phase: Phase,
    /// The throws of the current turn, added up.
    pub total: Throw,
    pub summary: GameSummary,
    /// Events since the caller last drained them.
    pub events: Vec<GameEvent>,
    /// Whether `events` is filled (simulations leave it off).
    pub keep_events: bool,
    /// Whether a split turn's choice may come unlisted, where [`Engine::draws_split`] holds:
    /// the game then waits with no list of moves, and the caller plays a move it drew
    /// ([`Game::choose_move`]), passes ([`Game::pass_turn`]) or asks for the list
    /// ([`Game::list_moves`]).
    pub unlisted_splits: bool,
    /// Piece movements that landed on each square (before square effects), by square index.
    pub landings: [u32; MAX_SQUARES],
    pub(super) turn_cap: u32,
    /// The throws of the turn being played, by its side (a turn stops at `turn_cap` of them).
    pub(super) turn_throws: u32,
    seat_player: u8,
    /// The side whose turn was counted last.
    pub(super) last_side: Option<Side>,
    /// The side whose turn was counted first: the side that began the game.
    began: Option<Side>,
    moves: Vec<Move>,
    /// The first side's throw of the throw-off, once made.
    first_throw: Option<u8>,
    /// The throw the opening throw's two dice make, played by the side that won it as its
    /// first throw (`the higher plays both`), until it is.
    opening_dice: Option<u8>,
    /// What a turn that plays each throw whole keeps (apart, so that other games do not carry
    /// it among the fields they use on every move).
    spend: Box<Spend>,
}

/// The state of a turn that plays each throw whole.
#[derive(Clone, Default)]
struct Spend {
    /// The throws not yet played, in the order thrown.
    pool: Vec<Throw>,
    /// A second move buffer, for the moves of one throw of the pool.
    spare: Vec<Move>,
    /// The last throw made (the turn passes with it).
    last_throw: Throw,
}

impl<'e> Game<'e> {
    pub fn new(engine: &'e Engine, turn_cap: u32) -> Game<'e> {
        Game {
            engine,
            pos: engine.start(),
            phase: engine.rules.machine.start,
            total: Throw::ZERO,
            summary: fresh_summary(),
            events: Vec::with_capacity(16),
            keep_events: true,
            unlisted_splits: false,
            landings: [0; MAX_SQUARES],
            turn_cap,
            turn_throws: 0,
            seat_player: 0,
            last_side: None,
            began: None,
            moves: Vec::with_capacity(32),
            first_throw: None,
            opening_dice: None,
            spend: Box::default(),
        }
    }

    /// Starts a new game, keeping the buffers.
    pub fn reset(&mut self) {
        self.pos = self.engine.start();
        self.phase = self.engine.rules.machine.start;
        self.total = Throw::ZERO;
        self.spend.pool.clear();
        self.spend.last_throw = Throw::ZERO;
        self.summary = fresh_summary();
        self.events.clear();
        self.landings = [0; MAX_SQUARES];
        self.seat_player = 0;
        self.first_throw = None;
        self.opening_dice = None;
        self.last_side = None;
        self.began = None;
        self.turn_throws = 0;
        self.moves.clear();
    }

    /// The side that began the game (took its first turn), once one has.
    pub fn began(&self) -> Option<Side> {
        self.began
    }

    /// Makes `side` move first in this game, not yet begun: a game of a match after the first,
    /// where the match says who begins (`match next game first`). A throw-off is then not
    /// thrown. The checker allows no throw for seats with it.
    pub fn begin_with(&mut self, side: Side) {
        debug_assert!(
            self.summary.turns == 0 && self.summary.moves == 0,
            "only a game not yet begun is begun by another side"
        );
        self.pos.to_move = side;
        if self.phase == Phase::ThrowOff {
            self.advance(Event::StartDecided);
        }
    }

    /// Keeps an event, made only when events are kept (simulations keep none).
    #[inline]
    fn emit(&mut self, e: impl FnOnce() -> GameEvent) {
        if self.keep_events {
            self.events.push(e());
        }
    }

    /// The legal moves while the game waits for a choice (none while a split turn waits
    /// unlisted: see [`Game::unlisted_splits`]).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Lists the legal moves of a split turn that waits unlisted. Where the listing is cut
    /// short, the game stops there ([`Stop::TooManyMoves`]) and lists nothing.
    pub fn list_moves(&mut self) -> Listing {
        let listing = self
            .engine
            .legal_moves(&self.pos, self.total, &mut self.moves);
        if listing == Listing::Cut {
            self.stop(Stop::TooManyMoves);
        }
        listing
    }

    /// Stops the game unfinished, for `why`.
    pub fn stop(&mut self, why: Stop) {
        self.summary.stop = Some(why);
        self.moves.clear();
    }

    /// Whether the game stopped unfinished.
    pub fn stopped(&self) -> bool {
        self.summary.stop.is_some()
    }

    /// Follows the turn machine: every event the engine reports has a transition.
    fn advance(&mut self, event: Event) {
        self.phase = match self.engine.rules.machine.next(self.phase, event) {
            Some((phase, _)) => phase,
            None => unreachable!("the turn machine has no {event:?} from {:?}", self.phase),
        };
    }

    fn ended(&mut self) -> bool {
        if let Some(outcome) = self.engine.outcome(&self.pos) {
            self.summary.outcome = Some(outcome);
            self.emit(|| GameEvent::End { outcome });
            self.advance(Event::Ended);
            return true;
        }
        false
    }

    /// Plays a move: the new position, its event, and its counts in the summary. Returns the
    /// move's event, and whether a piece left play (only then can the game end).
    fn record(&mut self, side: Side, throw: Throw, mv: Move) -> (Event, bool) {
        let mut tally = Tally::new(&mut self.landings, &mut self.summary);
        if self.keep_events {
            let (after, report) = self.engine.apply(&self.pos, &mv, throw);
            for &step in report.steps() {
                tally.step(step);
            }
            tally.event(report.event());
            tally.ends_turn |= report.ends_turn();
            self.pos = after;
            self.events.push(GameEvent::Move {
                side,
                throw,
                mv,
                report,
                after,
            });
        } else {
            // A simulation keeps no report: the counts go straight into the summary.
            self.engine
                .play_in_place(&mut self.pos, &mv, throw, &mut tally);
        }
        let (event, left_play, backward) = (tally.event, tally.left_play, tally.backward);
        if tally.ends_turn {
            // Throws the turn has not played yet are lost.
            self.spend.pool.clear();
        }
        let s = &mut self.summary;
        s.moves += 1;
        s.extra_throws += u32::from(matches!(
            event,
            Event::MovedExtraThrow | Event::OpeningMovedThrowAgain
        ));
        s.backward += u32::from(backward);
        (event, left_play)
    }

    /// The side to move passes; the event for the turn machine.
    #[inline(never)]
    fn pass(&mut self, side: Side, throw: Throw) -> Event {
        let before = self.pos;
        let event = self.engine.pass_in_place(&mut self.pos, throw);
        if throw.is_zero() && self.phase == Phase::Opening {
            // No opening move could be made: it is no longer due.
            self.pos.flags &= !opening_flag(side);
        }
        let after = self.pos;
        self.emit(|| GameEvent::Pass {
            side,
            throw,
            report: PassReport::between(&before, &after),
            after,
        });
        event
    }

    /// Runs every step that needs no throw and no choice (forced opening moves, passes), and
    /// says what the game waits for next.
    pub fn next_action(&mut self) -> Action {
        self.next_action_watched(&mut NoWatch)
    }

    /// [`Game::next_action`], telling `watch` of every decision on the way.
    pub fn next_action_watched<W: Watch>(&mut self, watch: &mut W) -> Action {
        loop {
            if self.summary.stop.is_some() || self.phase == Phase::GameOver {
                return Action::Over;
            }
            let before_play = matches!(self.phase, Phase::Seating | Phase::ThrowOff);
            if !before_play && self.last_side != Some(self.pos.to_move) {
                self.last_side = Some(self.pos.to_move);
                if self.summary.turns >= self.turn_cap {
                    self.stop(Stop::TurnCap);
                    return Action::Over;
                }
                if self.summary.turns == 0 {
                    self.began = Some(self.pos.to_move);
                }
                self.summary.turns += 1;
                self.turn_throws = 0;
            }
            let side = self.pos.to_move;
            match self.phase {
                Phase::Seating => {
                    return Action::SeatThrow {
                        player: self.seat_player,
                    };
                }
                Phase::ThrowOff => {
                    let side = match self.first_throw {
                        None => Side::First,
                        Some(_) => Side::Second,
                    };
                    return Action::StartThrow { side };
                }
                // Per-side state (an opening due, a lost turn) is rare: one test keeps it off
                // the common path.
                Phase::Throw => {
                    if let Some(code) = self.opening_dice.take() {
                        // The opening throw's dice are this turn's throw: nothing is thrown.
                        self.thrown(side, code, false);
                        continue;
                    }
                    if self.pos.passed != 0 {
                        // The dice the other side could not use are this turn's: nothing is
                        // thrown.
                        self.thrown(side, self.pos.passed, true);
                        continue;
                    }
                    if self.pos.flags == 0 || !self.before_throw(side) {
                        if self.turn_throws >= self.turn_cap {
                            self.stop(Stop::LongTurn);
                            return Action::Over;
                        }
                        return Action::Throw { side };
                    }
                }
                Phase::Opening => self.opening(side),
                Phase::Move | Phase::Distribute => {
                    if self.unlisted_splits && self.engine.draws_split(&self.pos) {
                        self.moves.clear();
                        watch.decision(self.engine, &self.pos, &[self.total], None);
                        return Action::Choose { side };
                    }
                    if self.list_moves() == Listing::Cut {
                        return Action::Over;
                    }
                    watch.decision(self.engine, &self.pos, &[self.total], Some(&self.moves));
                    if !self.moves.is_empty() {
                        return Action::Choose { side };
                    }
                    self.pass_turn();
                }
                Phase::Spend => {
                    if self.spend(watch) {
                        return Action::Choose { side };
                    }
                }
                Phase::GameOver => return Action::Over,
            }
        }
    }

    /// What comes before the side to move throws, if anything: its forced opening move, or its
    /// lost turn (passed without a throw). Whether something came.
    #[cold]
    fn before_throw(&mut self, side: Side) -> bool {
        if self.engine.forced_opening(&self.pos) {
            self.advance(Event::OpeningDue);
        } else if self.engine.loses_turn(&self.pos) {
            self.engine.pass_in_place(&mut self.pos, Throw::ZERO);
            let after = self.pos;
            self.emit(|| GameEvent::TurnLost { side, after });
            self.summary.passes += 1;
            self.advance(Event::TurnLost);
        } else {
            return false;
        }
        true
    }

    /// The opening phase: a forced opening move, made at once (or passed when it cannot be).
    fn opening(&mut self, side: Side) {
        if !self.engine.forced_opening(&self.pos) {
            self.advance(Event::NoOpeningDue);
            return;
        }
        // A forced opening move is one piece's: no split search, never cut short.
        let _whole = self
            .engine
            .legal_moves(&self.pos, Throw::ZERO, &mut self.moves);
        match self.moves.first().copied() {
            None => {
                self.pass(side, Throw::ZERO);
                self.advance(Event::Moved);
            }
            Some(mv) => {
                let (event, _) = self.record(side, Throw::ZERO, mv);
                if !self.ended() {
                    self.advance(event);
                }
            }
        }
    }

    /// Feeds a throw: for seats while seating, else for the side to move.
    pub fn give_throw(&mut self, value: u8) {
        if self.phase == Phase::Seating {
            let Some(seats) = self.engine.rules.seats else {
                unreachable!("a seating phase comes only with a seats rule");
            };
            let player = self.seat_player;
            let won = value == seats.until;
            self.emit(|| GameEvent::SeatThrow {
                player,
                value,
                took: won.then_some(seats.side),
            });
            if won {
                self.summary.seat[seats.side] = player;
                self.summary.seat[seats.side.other()] = 1 - player;
                self.advance(Event::SeatTaken);
            } else {
                self.seat_player = 1 - player;
            }
            return;
        }
        if self.phase == Phase::ThrowOff {
            self.throw_off(value);
            return;
        }
        self.thrown(self.pos.to_move, value, false);
    }

    /// A throw of `side`'s turn, thrown, or given: the opening throw's dice, or the dice the
    /// other side could not use (`passed`).
    fn thrown(&mut self, side: Side, value: u8, passed: bool) {
        self.emit(|| GameEvent::Throw {
            side,
            value,
            passed,
        });
        self.turn_throws += 1;
        let value = Throw::from(value);
        if self.engine.plays_each {
            self.spend.last_throw = value;
            self.keep_throw(side, value);
        } else {
            self.total = self.total.plus(value);
        }
        self.advance(if self.engine.throws_again(value) {
            Event::ThrownAgain
        } else {
            Event::Thrown
        });
    }

    /// A throw of the throw-off, or a die of the opening throw: the first side's is kept; the
    /// second side's decides who moves first (the higher). On a tie the side the rules name
    /// moves first, or with an opening throw both throw again; where the winner of an opening
    /// throw plays both dice (`PlaysBoth`), they are its first throw.
    fn throw_off(&mut self, value: u8) {
        let Some(first) = self.first_throw else {
            self.first_throw = Some(value);
            self.emit(|| GameEvent::StartThrow {
                side: Side::First,
                value,
                starts: None,
            });
            return;
        };
        let opening = self.engine.rules.opening_throw;
        let starts = match value.cmp(&first) {
            std::cmp::Ordering::Greater => Some(Side::Second),
            std::cmp::Ordering::Less => Some(Side::First),
            std::cmp::Ordering::Equal => opening.is_none().then_some(self.engine.rules.first),
        };
        self.emit(|| GameEvent::StartThrow {
            side: Side::Second,
            value,
            starts,
        });
        let Some(starts) = starts else {
            // Equal dice of an opening throw: both throw again.
            self.first_throw = None;
            return;
        };
        if opening == Some(OpeningThrow::PlaysBoth) {
            let faces = self.engine.rules.start_outcomes.len();
            let at = usize::from(first - 1) * faces + usize::from(value - 1);
            self.opening_dice = self.engine.rules.opening_codes.get(at).copied();
        }
        self.pos.to_move = starts;
        self.advance(Event::StartDecided);
    }

    /// Keeps a throw of a turn that plays each throw whole. A side that has not begun keeps
    /// only the throw that begins it and those after; a throw that moves nothing (0) is not
    /// kept.
    #[inline(never)]
    fn keep_throw(&mut self, side: Side, value: Throw) {
        if !self.pos.begun(side) {
            if self.engine.rules.begin & value.mask_bit() == 0 {
                return;
            }
            self.pos.flags &= !super::position::not_begun_flag(side);
        }
        if !value.is_zero() {
            self.spend.pool.push(value);
        }
    }

    /// The moves of a turn that plays each throw whole, for the throws left: whether there are
    /// any. If there are none, the side passes and the rest of its throws are lost.
    #[inline(never)]
    fn spend<W: Watch>(&mut self, watch: &mut W) -> bool {
        self.pool_moves();
        watch.decision(self.engine, &self.pos, &self.spend.pool, Some(&self.moves));
        if !self.moves.is_empty() {
            return true;
        }
        self.spend.pool.clear();
        let side = self.pos.to_move;
        let event = self.pass(side, self.spend.last_throw);
        self.summary.passes += 1;
        self.summary.extra_throws += u32::from(event == Event::PassedExtraThrow);
        if !(self.engine.rules.lose_stuck && self.ended()) {
            self.advance(event);
        }
        false
    }

    /// The legal moves for every distinct throw of the pool, each carrying its throw.
    fn pool_moves(&mut self) {
        self.moves.clear();
        let mut values: [u8; 32] = [0; 32];
        let mut n = 0;
        for t in &self.spend.pool {
            let v = u8::try_from(t.get()).unwrap_or(u8::MAX);
            if !values[..n].contains(&v) && n < values.len() {
                values[n] = v;
                n += 1;
            }
        }
        for &v in &values[..n] {
            // Each throw played whole: no split search, never cut short.
            let _whole = self
                .engine
                .legal_moves(&self.pos, Throw::from(v), &mut self.spend.spare);
            self.moves
                .extend(self.spend.spare.iter().map(|mv| mv.playing(v)));
        }
        if self.spend.pool.len() == 1 && self.moves.iter().any(Move::ends_turn) {
            self.drop_void_endings();
        }
    }

    /// With the last throw of the pool to play, ending the turn loses nothing but an extra
    /// throw: a move that ends it comes only where it leads elsewhere than every other form.
    #[cold]
    fn drop_void_endings(&mut self) {
        let (engine, pos) = (self.engine, self.pos);
        // Moves carry the throw they play: the throw given here is not read.
        let after = |m: &Move| engine.successor(&pos, m, Throw::ZERO);
        let mut i = 0;
        while i < self.moves.len() {
            let m = self.moves[i];
            let void = m.ends_turn() && {
                let ended = after(&m);
                self.moves
                    .iter()
                    .any(|o| !o.ends_turn() && after(o) == ended)
            };
            if void {
                self.moves.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// In a turn that plays each throw whole: the throws not yet played, in the order thrown.
    pub fn pool(&self) -> &[Throw] {
        &self.spend.pool
    }

    /// The throw that legal move number `index` of [`Game::moves`] plays: its own in a turn
    /// that plays each throw whole, else the turn's.
    pub fn throw_of(&self, index: usize) -> Throw {
        self.moves[index].plays().unwrap_or(self.total)
    }

    /// The side to move passes with the turn's throw: it has no legal move (a split turn that
    /// waited unlisted, whose draw found none).
    pub fn pass_turn(&mut self) {
        let side = self.pos.to_move;
        let event = self.pass(side, self.total);
        self.summary.passes += 1;
        self.summary.extra_throws += u32::from(event == Event::PassedExtraThrow);
        self.total = Throw::ZERO;
        // Where a side that cannot move loses, the pass ends the game.
        if !(self.engine.rules.lose_stuck && self.ended()) {
            self.advance(event);
        }
    }

    /// Plays legal move number `index` of [`Game::moves`].
    pub fn choose(&mut self, index: usize) {
        self.choose_move(self.moves[index]);
    }

    /// Plays `mv`, which must be a legal move (one of [`Game::moves`], or one drawn by
    /// [`Engine::draw_split`] for a split turn that waits unlisted).
    pub fn choose_move(&mut self, mv: Move) {
        let side = self.pos.to_move;
        if self.engine.plays_each {
            self.choose_throw(side, mv);
            return;
        }
        let (event, left_play) = self.record(side, self.total, mv);
        self.total = Throw::ZERO;
        // Only a piece leaving play (borne off, captured or removed) can end a game, or any move
        // where a pin, a blocked board, a pattern or a piece left untaken can end it.
        let may_end = left_play || self.engine.rules.move_may_end;
        if !(may_end && self.ended()) {
            self.advance(event);
        }
    }

    /// Plays `mv`, one of the throws of a turn that plays each throw whole.
    #[inline(never)]
    fn choose_throw(&mut self, side: Side, mv: Move) {
        let throw = mv.plays().unwrap_or(self.total);
        if let Some(i) = self.spend.pool.iter().position(|&t| t == throw) {
            self.spend.pool.remove(i);
        }
        let (mut event, left_play) = self.record(side, throw, mv);
        if event == Event::Moved && !self.spend.pool.is_empty() {
            // The same side plays the throws it has left.
            self.engine.continue_turn(&mut self.pos, &mv, side);
            event = Event::MovedThrowsLeft;
        }
        // Only a piece leaving play (borne off, captured or removed) can end a game, or any move
        // where a pin, a blocked board, a pattern or a piece left untaken can end it.
        let may_end = left_play || self.engine.rules.move_may_end;
        if !(may_end && self.ended()) {
            self.advance(event);
        }
    }
}

/// Counts what a move did, step by step, for a game's summary and landings.
/// Step counts go straight into the summary (adding a move's counts to it at once was
/// compiled into one wide load and store that stalled: 7 % of a random game).
pub(super) struct Tally<'g> {
    landings: &'g mut [u32; MAX_SQUARES],
    summary: &'g mut GameSummary,
    /// A piece was borne off, captured or removed (only then can the game end).
    pub(super) left_play: bool,
    pub(super) backward: bool,
    /// The move ended its side's turn at once.
    ends_turn: bool,
    pub(super) event: Event,
}

impl<'g> Tally<'g> {
    pub(super) fn new(landings: &'g mut [u32; MAX_SQUARES], summary: &'g mut GameSummary) -> Self {
        Tally {
            landings,
            summary,
            left_play: false,
            backward: false,
            ends_turn: false,
            event: Event::Moved,
        }
    }
}

impl Recorder for Tally<'_> {
    #[inline(always)]
    fn step(&mut self, step: StepReport) {
        let (entered, borne_off, captured) = step.counts();
        let s = &mut *self.summary;
        s.entered += u32::from(entered);
        s.borne_off += u32::from(borne_off);
        s.captures += u32::from(captured);
        s.effects += u32::from(step.effects());
        self.left_play |= borne_off | (captured > 0) | step.removed();
        self.backward |= step.is_backward();
        if let Some(n) = step.landed_index().and_then(|i| self.landings.get_mut(i)) {
            *n += 1;
        }
    }

    #[inline(always)]
    fn event(&mut self, event: Event) {
        self.event = event;
    }
    fn ends_turn(&mut self) {
        self.ends_turn = true;
    }
}

pub(super) fn fresh_summary() -> GameSummary {
    GameSummary {
        seat: PerSide::new(0, 1),
        ..GameSummary::default()
    }
}

/// The throw `action` asks for, drawn from its equally likely outcomes: a throw before the game
/// (of the throw-off, or one die of an opening throw) from those of [`Rules::start_outcomes`],
/// every other from the device's.
///
/// [`Rules::start_outcomes`]: crate::compile::Rules::start_outcomes
#[inline]
pub fn random_throw_for<R: rand::Rng + ?Sized>(engine: &Engine, action: Action, rng: &mut R) -> u8 {
    if let Action::StartThrow { .. } = action {
        let outcomes = &engine.rules.start_outcomes;
        outcomes[draw_below(rng, outcomes.len())]
    } else {
        random_throw(engine, rng)
    }
}

/// A throw drawn from the device's equally likely outcomes.
#[inline(always)]
pub fn random_throw<R: rand::Rng + ?Sized>(engine: &Engine, rng: &mut R) -> u8 {
    let outcomes = &engine.rules.throws.outcomes;
    outcomes[draw_below(rng, outcomes.len())]
}

/// A number drawn uniformly from `0..n` (`n` from 1 to 2^32 - 1), exactly as rand's
/// `rng.random_range(0..n)` draws it (a 32-bit word times `n`, the high half; where the low
/// half says the draw may be biased, a second word decides a carry), but inlined into the hot
/// loops that draw throws and random moves. A test holds it to rand's own.
// `n` fits 32 bits (asserted), and the halves of a 64-bit product are taken on purpose.
#[allow(clippy::cast_possible_truncation)]
#[inline(always)]
pub fn draw_below<R: rand::Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!((1..=u32::MAX as usize).contains(&n));
    let range = n as u32;
    let wide = u64::from(rng.next_u32()) * u64::from(range);
    let (mut result, low) = ((wide >> 32) as u32, wide as u32);
    if low > range.wrapping_neg() {
        let carry = (u64::from(rng.next_u32()) * u64::from(range)) >> 32;
        result += u32::from(low.checked_add(carry as u32).is_none());
    }
    result as usize
}

/// Plays one game to the end (or the turn cap) with seeded throws. `players[i]` is player i;
/// without a seat ritual player i plays side i. `observe` sees every event.
pub fn play<R: rand::Rng + ?Sized>(
    engine: &Engine,
    players: &mut [&mut dyn Player; 2],
    rng: &mut R,
    turn_cap: u32,
    observe: impl FnMut(&GameEvent),
) -> GameSummary {
    let mut game = Game::new(engine, turn_cap);
    run(&mut game, players, rng, observe);
    game.summary
}

/// Plays `game` on to its end with seeded throws, `players[i]` choosing for player i, and
/// `observe` seeing every event (none when `game.keep_events` is off).
pub fn run<R: rand::Rng + ?Sized>(
    game: &mut Game,
    players: &mut [&mut dyn Player; 2],
    rng: &mut R,
    observe: impl FnMut(&GameEvent),
) {
    run_watched(game, players, rng, observe, &mut NoWatch);
}

/// [`run`], telling `watch` of every decision (see [`Watch`]).
pub fn run_watched<R: rand::Rng + ?Sized, W: Watch>(
    game: &mut Game,
    players: &mut [&mut dyn Player; 2],
    rng: &mut R,
    mut observe: impl FnMut(&GameEvent),
    watch: &mut W,
) {
    let engine = game.engine;
    game.unlisted_splits = true;
    loop {
        let action = game.next_action_watched(watch);
        for e in game.events.drain(..) {
            observe(&e);
        }
        match action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                let v = random_throw_for(engine, action, rng);
                game.give_throw(v);
            }
            Action::Choose { side } => {
                let player = usize::from(game.summary.seat[side]);
                if game.moves().is_empty() {
                    // A split turn unlisted: the player draws, or asks for the list.
                    match players[player].draw_split(engine, &game.pos, game.total) {
                        Some(Drawn::Move(mv)) => game.choose_move(mv),
                        Some(Drawn::Pass) => game.pass_turn(),
                        Some(Drawn::TooLarge) => game.stop(Stop::TooManyMoves),
                        None => {
                            if game.list_moves() == Listing::Whole && game.moves().is_empty() {
                                game.pass_turn();
                            }
                        }
                    }
                    // Played or passed, unless the list came to choose from.
                    if game.moves().is_empty() {
                        for e in game.events.drain(..) {
                            observe(&e);
                        }
                        continue;
                    }
                }
                let moves = game.moves();
                let choice = if moves.len() == 1 {
                    0
                } else {
                    players[player].choose(engine, &game.pos, game.total, moves)
                };
                game.choose(choice.min(moves.len() - 1));
            }
            Action::Over => break,
        }
        for e in game.events.drain(..) {
            observe(&e);
        }
    }
}

#[cfg(test)]
#[allow(clippy::cast_possible_truncation)] // halves of 64-bit products, as the draw takes them
mod tests {
    use std::convert::Infallible;

    use rand::{RngExt, SeedableRng, TryRng};
    use rand_pcg::Pcg64Mcg;

    use super::draw_below;

    /// Words given in order, to reach the draw's rare second word.
    struct Words(Vec<u32>);

    impl TryRng for Words {
        type Error = Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Infallible> {
            Ok(self.0.remove(0))
        }
        fn try_next_u64(&mut self) -> Result<u64, Infallible> {
            unreachable!("the draws take 32-bit words")
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Infallible> {
            unreachable!("the draws take 32-bit words")
        }
    }

    #[test]
    fn draws_as_rand_draws() {
        for n in (1..=40).chain([63, 64, 100, 1000, 65_537, 1 << 31, u32::MAX as usize]) {
            let mut a = Pcg64Mcg::seed_from_u64(n as u64);
            let mut b = a.clone();
            for _ in 0..2000 {
                assert_eq!(draw_below(&mut a, n), b.random_range(0..n), "0..{n}");
            }
        }
    }

    #[test]
    fn draws_as_rand_draws_where_the_first_word_may_be_biased() {
        // A first word whose low half of `word * n` lies above 2^32 - n: rand then draws a
        // second word, whose high half may carry one into the result.
        for n in [3u32, 5, 6, 7, 1000, 65_537] {
            // w = floor(k 2^32 / n): w n = k 2^32 - r with 0 < r < n, so its low half is
            // 2^32 - r (unless n divides k 2^32).
            let biased: Vec<u32> = (1..=3u64)
                .filter(|k| (k << 32) % u64::from(n) != 0)
                .map(|k| ((k << 32) / u64::from(n)) as u32)
                .collect();
            for &w in &biased {
                assert!(
                    (u64::from(w) * u64::from(n)) as u32 > n.wrapping_neg(),
                    "0..{n}"
                );
            }
            for &first in &biased {
                for second in [0, 1, u32::MAX / 2, u32::MAX - 1, u32::MAX] {
                    let ours = draw_below(&mut Words(vec![first, second]), n as usize);
                    let theirs = Words(vec![first, second]).random_range(0..n as usize);
                    assert_eq!(ours, theirs, "0..{n} with words {first}, {second}");
                }
            }
        }
    }
}
