//! A game in progress: the turn state machine of the compiled rules, fed with throws and
//! choices. The same object serves simulation (seeded throws, agents), people at the terminal
//! and the replay of records.

use rand::RngExt;

use super::{Engine, Move, Outcome, Position, Report};
use crate::compile::{Event, Phase};

/// Chooses a move. Agents implement this.
pub trait Player {
    /// Picks one of `moves` (never empty) for the side to move in `pos` with throw `throw`.
    fn choose(&mut self, engine: &Engine, pos: &Position, throw: u8, moves: &[Move]) -> usize;

    /// Starts afresh with a new seed (simulations reuse one agent for many games).
    fn reseed(&mut self, _seed: u64) {}
}

/// What happened in a game, in order, for records, messages and statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEvent {
    /// A throw for seats by a player (not a side); `took` is the side that player takes.
    SeatThrow {
        player: u8,
        value: u8,
        took: Option<u8>,
    },
    /// A throw by the side to move.
    Throw {
        side: u8,
        value: u8,
    },
    /// A move, made with `throw` (the total of a split turn; 0 for a forced opening move).
    Move {
        side: u8,
        throw: u8,
        mv: Move,
        report: Report,
    },
    /// No legal move for `throw`: the turn passes.
    Pass {
        side: u8,
        throw: u8,
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
    /// A throw by the side to move.
    Throw { side: u8 },
    /// A choice among [`Game::moves`] by the side to move (and the player seated there).
    Choose { side: u8 },
    /// The game is over, or was stopped at the turn cap.
    Over,
}

/// Counts and the result of a finished (or capped) game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameSummary {
    /// `None` when the turn cap ended the game.
    pub outcome: Option<Outcome>,
    /// `seat[side]` is the index of the player who played that side.
    pub seat: [u8; 2],
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

pub struct Game<'e> {
    pub engine: &'e Engine,
    pub pos: Position,
    pub phase: Phase,
    /// The throws of the current turn, added up.
    pub total: u8,
    pub summary: GameSummary,
    /// Events since the caller last drained them.
    pub events: Vec<GameEvent>,
    /// Whether `events` is filled (simulations leave it off).
    pub keep_events: bool,
    /// Moves that landed on each square (before square effects), indexed by square.
    pub landings: [u32; 65],
    turn_cap: u32,
    seat_player: u8,
    last_side: Option<u8>,
    moves: Vec<Move>,
    capped: bool,
}

impl<'e> Game<'e> {
    pub fn new(engine: &'e Engine, turn_cap: u32) -> Game<'e> {
        Game {
            engine,
            pos: engine.start(),
            phase: engine.rules.machine.start,
            total: 0,
            summary: GameSummary {
                seat: [0, 1],
                ..GameSummary::default()
            },
            events: Vec::with_capacity(16),
            keep_events: true,
            landings: [0; 65],
            turn_cap,
            seat_player: 0,
            last_side: None,
            moves: Vec::with_capacity(32),
            capped: false,
        }
    }

    /// Starts a new game, keeping the buffers.
    pub fn reset(&mut self) {
        self.pos = self.engine.start();
        self.phase = self.engine.rules.machine.start;
        self.total = 0;
        self.summary = GameSummary {
            seat: [0, 1],
            ..GameSummary::default()
        };
        self.events.clear();
        self.landings = [0; 65];
        self.seat_player = 0;
        self.last_side = None;
        self.moves.clear();
        self.capped = false;
    }

    #[inline]
    fn emit(&mut self, e: GameEvent) {
        if self.keep_events {
            self.events.push(e);
        }
    }

    /// The legal moves while the game waits for a choice.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    fn advance(&mut self, event: Event) {
        self.phase = self
            .engine
            .rules
            .machine
            .next(self.phase, event)
            .map_or(Phase::Throw, |(p, _)| p);
    }

    fn ended(&mut self) -> bool {
        if let Some(outcome) = self.engine.outcome(&self.pos) {
            self.summary.outcome = Some(outcome);
            self.emit(GameEvent::End { outcome });
            self.advance(Event::Ended);
            return true;
        }
        false
    }

    fn record(&mut self, side: u8, throw: u8, mv: Move, report: Report) {
        self.emit(GameEvent::Move {
            side,
            throw,
            mv,
            report,
        });
        let s = &mut self.summary;
        s.moves += 1;
        s.captures += report.captures as u32;
        s.effects += report.effects as u32;
        s.entered += report.entered as u32;
        s.borne_off += report.borne_off as u32;
        s.backward += report.backward as u32;
        s.extra_throws += report.extra_throw as u32;
        self.landings[report.landed as usize] += 1;
    }

    /// Runs every step that needs no throw and no choice (forced opening moves, passes), and
    /// says what the game waits for next.
    pub fn next_action(&mut self) -> Action {
        loop {
            if self.capped || self.phase == Phase::GameOver {
                return Action::Over;
            }
            if self.phase != Phase::Seating && self.last_side != Some(self.pos.to_move) {
                self.last_side = Some(self.pos.to_move);
                if self.summary.turns >= self.turn_cap {
                    self.capped = true;
                    return Action::Over;
                }
                self.summary.turns += 1;
            }
            let side = self.pos.to_move;
            match self.phase {
                Phase::Seating => {
                    return Action::SeatThrow {
                        player: self.seat_player,
                    };
                }
                Phase::Throw => return Action::Throw { side },
                Phase::Opening => {
                    if !self.engine.forced_opening(&self.pos) {
                        self.phase = Phase::Throw;
                        continue;
                    }
                    self.engine.legal_moves(&self.pos, 0, &mut self.moves);
                    match self.moves.first().copied() {
                        None => {
                            self.emit(GameEvent::Pass { side, throw: 0 });
                            self.pos = self.engine.pass(&self.pos);
                            self.pos.opening &= !(1 << side);
                            self.advance(Event::Moved);
                        }
                        Some(mv) => {
                            let (next, report) = self.engine.apply(&self.pos, &mv, 0);
                            self.record(side, 0, mv, report);
                            self.pos = next;
                            if !self.ended() {
                                self.advance(if report.extra_throw {
                                    Event::OpeningMovedThrowAgain
                                } else {
                                    Event::Moved
                                });
                            }
                        }
                    }
                }
                Phase::Move | Phase::Distribute => {
                    self.engine
                        .legal_moves(&self.pos, self.total, &mut self.moves);
                    if !self.moves.is_empty() {
                        return Action::Choose { side };
                    }
                    self.emit(GameEvent::Pass {
                        side,
                        throw: self.total,
                    });
                    self.summary.passes += 1;
                    self.pos = self.engine.pass(&self.pos);
                    self.total = 0;
                    self.advance(Event::Passed);
                }
                Phase::GameOver => return Action::Over,
            }
        }
    }

    /// Feeds a throw: for seats while seating, else for the side to move.
    pub fn give_throw(&mut self, value: u8) {
        if self.phase == Phase::Seating {
            let seats = self
                .engine
                .rules
                .seats
                .as_ref()
                .expect("a seating phase needs a seats rule");
            let player = self.seat_player;
            let won = value == seats.until;
            self.emit(GameEvent::SeatThrow {
                player,
                value,
                took: won.then_some(seats.side as u8),
            });
            if won {
                self.summary.seat[seats.side] = player;
                self.summary.seat[1 - seats.side] = 1 - player;
                self.advance(Event::SeatTaken);
            } else {
                self.seat_player = 1 - player;
            }
            return;
        }
        self.emit(GameEvent::Throw {
            side: self.pos.to_move,
            value,
        });
        self.total = self.total.saturating_add(value);
        self.advance(if self.engine.throws_again(value) {
            Event::ThrownAgain
        } else {
            Event::Thrown
        });
    }

    /// Plays legal move number `index` of [`Game::moves`].
    pub fn choose(&mut self, index: usize) {
        let side = self.pos.to_move;
        let mv = self.moves[index];
        let (next, report) = self.engine.apply(&self.pos, &mv, self.total);
        self.record(side, self.total, mv, report);
        self.pos = next;
        self.total = 0;
        // Only a piece leaving play (borne off, or captured out of the game) can end a game.
        let may_end = report.borne_off > 0 || report.captures > 0;
        if !(may_end && self.ended()) {
            self.advance(if report.extra_throw {
                Event::MovedExtraThrow
            } else {
                Event::Moved
            });
        }
    }
}

/// A throw drawn from the device's equally likely outcomes.
#[inline]
pub fn random_throw<R: rand::Rng + ?Sized>(engine: &Engine, rng: &mut R) -> u8 {
    let outcomes = &engine.rules.throws.outcomes;
    outcomes[rng.random_range(0..outcomes.len())]
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
    mut observe: impl FnMut(&GameEvent),
) {
    let engine = game.engine;
    loop {
        let action = game.next_action();
        for e in game.events.drain(..) {
            observe(&e);
        }
        match action {
            Action::SeatThrow { .. } | Action::Throw { .. } => {
                let v = random_throw(engine, rng);
                game.give_throw(v);
            }
            Action::Choose { side } => {
                let player = game.summary.seat[side as usize] as usize;
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
