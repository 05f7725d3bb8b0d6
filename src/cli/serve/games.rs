//! The games of `senet serve`: each kept as its rules, players, seed and the decisions made so
//! far, and rebuilt from them on every request (the throws come from the seed, in order, as in
//! `senet play`, so that a saved record replays with `senet replay`). Agents' turns and passes are
//! played until a person is to throw or to move, or the game ends, or the request's [`Budget`]
//! runs out (its deadline, the events a game may have, the bytes it may keep): the game is then
//! stopped there for good ([`Halt`]), at the same point in every rebuild. The game's log is kept
//! as told, its oldest lines forgotten past [`MAX_LOG_BYTES`], and a rebuild tells only what is
//! new. Games idle too long are forgotten, and only so many are kept at once, and only so many
//! bytes with their rules ([`Games`]).

use std::collections::{HashMap, VecDeque};
use std::mem::size_of;
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use super::many::{ManyCompiled, ManyStored};
use senet::agents;
use senet::check::RuleSet;
use senet::engine::Engine;
use senet::engine::game::{Action, GameEvent, Player};
use senet::notation::event::{ResultNote, StepNote};
use senet::notation::position::{move_json, position_json};
use senet::notation::record::Record;
use senet::players;
use senet::render::game::{Style, end_text, goal_text, move_words, throw_text};
use senet::render::narrate::Narrator;
use senet::seed::mix;
use senet::session::{Adviser, Decision, Needs, Play, Session};
use senet::solve::Solved;
use senet::types::{Lot, PerSide, Place, Side, Throw, ThrowDevice};

/// The most turns a game of the server may last (as `senet play`'s default turn cap).
pub const TURN_CAP: u32 = 10_000;

/// The most events the server plays in a game: well above the longest games of the bundled
/// rule sets (about 32,000 events in a game of `senet/jequier-1930` stopped at the turn cap).
pub const MAX_EVENTS: usize = 50_000;

/// The most bytes of its log a game keeps; beyond, its oldest lines are forgotten (its record
/// has every event).
pub const MAX_LOG_BYTES: usize = 256 << 10;

/// What the kept rules of a game are reckoned to take: a compiled rule set of the bundled
/// files takes about 50 KiB, and a checked rule set keeps about three times its files' text
/// (measured with a record whose 512 KB of rules name squares with 7,000 characters).
const RULES_BYTES: usize = 64 << 10;
const RULES_BYTES_PER_TEXT_BYTE: usize = 4;

/// How long a request waits for a game another request is playing.
const LOCK_WAIT: Duration = Duration::from_secs(2);

/// Mixed into a game's seed for the hint's search, so that it is not the seed of any agent.
pub const HINT_SEED: u64 = 0x6869_6e74;

/// A game as the server keeps it.
pub struct Stored {
    pub engine: Arc<Engine>,
    pub rules: Arc<RuleSet>,
    /// The players, the seed, the turn cap ([`TURN_CAP`]) and the decisions made so far.
    pub session: Session,
    pub table: Option<Arc<Solved>>,
    /// Where the server stopped the game before its end, if it did.
    pub halt: Option<Halt>,
    /// The log as last told.
    pub told: Told,
}

/// Where and why the server stopped a game before its end: the step of the loop that plays it
/// (the same in every rebuild from the same decisions) and the decisions it had then. Decisions
/// taken back (an undo) take the stop away.
#[derive(Clone, Debug)]
pub struct Halt {
    step: u64,
    decisions: usize,
    pub reason: String,
}

/// How far one request may play a game on, past the decisions it has: until `until` (the work
/// deadline), and while the game keeps at most `room` bytes. A game never has more than
/// [`MAX_EVENTS`] events.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub until: Instant,
    /// The deadline's length, for the reason given.
    pub seconds: u64,
    pub room: usize,
    /// The server's limit of memory for games, for the reason given.
    pub memory: usize,
}

impl Budget {
    /// Why a game must stop here, if it must: `events` played, keeping `bytes`.
    pub fn exceeded(&self, events: usize, bytes: usize) -> Option<String> {
        if events >= MAX_EVENTS {
            Some(format!(
                "it reached {MAX_EVENTS} events, the most the server plays in a game"
            ))
        } else if bytes > self.room {
            Some(format!(
                "the server's games take as much memory as they may ({} MiB, `--max-memory`)",
                self.memory >> 20
            ))
        } else if Instant::now() >= self.until {
            Some(format!(
                "the computer's turns went on for more than {} s, the most the server gives a request (`--work-seconds`)",
                self.seconds
            ))
        } else {
            None
        }
    }
}

/// A game's log as last told, so that a rebuild tells only what is new: its last lines (at most
/// [`MAX_LOG_BYTES`]; how many went before them), the decisions they were told from, and the
/// points between events where the narrator held nothing back (a rebuild that agrees with those
/// decisions up to such a point goes on telling from there).
#[derive(Default)]
pub struct Told {
    lines: VecDeque<String>,
    /// The bytes of `lines`.
    bytes: usize,
    /// The lines told and forgotten before `lines`.
    dropped: usize,
    decisions: Vec<Decision>,
    /// In the order told, one for each number of decisions (the last).
    quiet: Vec<Quiet>,
}

/// A point where the narrator held nothing back: the decisions read, and the events and the
/// lines told (forgotten ones too), by then, and how many lines had been forgotten.
#[derive(Clone, Copy, Default)]
struct Quiet {
    decisions: usize,
    events: usize,
    lines: usize,
    dropped: usize,
}

impl Told {
    /// The last quiet point that the decisions `now` lead to as they led before (they agree
    /// with the decisions told up to it), if its lines are all still kept: what was told up
    /// to it is kept, the rest forgotten. Else the log is told again from the start.
    fn resume(&mut self, now: &[Decision]) -> Quiet {
        let same = self
            .decisions
            .iter()
            .zip(now)
            .take_while(|(a, b)| a == b)
            .count();
        match self.quiet.iter().rposition(|q| q.decisions <= same) {
            Some(i) if self.quiet[i].dropped == self.dropped => {
                self.quiet.truncate(i + 1);
                let q = self.quiet[i];
                self.lines.truncate(q.lines - q.dropped);
                self.bytes = self.lines.iter().map(String::capacity).sum();
                q
            }
            _ => {
                *self = Told::default();
                Quiet::default()
            }
        }
    }

    /// Tells `lines`, forgetting the oldest past [`MAX_LOG_BYTES`].
    fn tell(&mut self, lines: Vec<String>) {
        for mut line in lines {
            // Kept a long while: no more than its text.
            line.shrink_to_fit();
            self.bytes += line.capacity();
            self.lines.push_back(line);
        }
        while self.bytes > MAX_LOG_BYTES {
            let Some(old) = self.lines.pop_front() else {
                break;
            };
            self.bytes -= old.capacity();
            self.dropped += 1;
        }
    }

    /// Marks a quiet point: one for each number of decisions, the last (a rebuild resumes
    /// from the last point its decisions lead to).
    fn quiet_at(&mut self, decisions: usize, events: usize) {
        let q = Quiet {
            decisions,
            events,
            lines: self.dropped + self.lines.len(),
            dropped: self.dropped,
        };
        match self.quiet.last_mut() {
            Some(last) if last.decisions == decisions => *last = q,
            _ => self.quiet.push(q),
        }
    }

    /// The lines of the log to show: the kept ones, after a line saying how many were
    /// forgotten.
    fn shown(&self) -> Vec<String> {
        let mut log = Vec::with_capacity(self.lines.len() + 1);
        if self.dropped > 0 {
            log.push(format!(
                "({} earlier lines of the log are not kept: the game's record has every event)",
                self.dropped
            ));
        }
        log.extend(self.lines.iter().cloned());
        log
    }

    /// The bytes it keeps.
    fn kept_bytes(&self) -> usize {
        self.bytes
            + self.lines.capacity() * size_of::<String>()
            + self.decisions.capacity() * size_of::<Decision>()
            + self.quiet.capacity() * size_of::<Quiet>()
    }
}

/// What a game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaiting {
    /// A person's throw.
    Throw(Side),
    /// A person's choice among the legal moves.
    Move(Side),
    Over,
    /// Nothing more: the server stopped the game ([`Stored::halt`] says why).
    Stopped,
}

/// A game rebuilt from its decisions, and what was said of it.
pub struct Built<'e> {
    /// The game, with every event (made JSON only for a record: most requests never need it).
    pub play: Play<'e>,
    pub awaiting: Awaiting,
    /// The last line of the log, once the game is over: how it ended.
    pub end: Option<String>,
}

impl Built<'_> {
    /// The throws of the current (or last) turn.
    pub fn throws(&self) -> Vec<u8> {
        self.play
            .turn_throws()
            .filter_map(|e| match e {
                GameEvent::Throw { value, .. } => Some(*value),
                _ => None,
            })
            .collect()
    }
}

impl Stored {
    /// The bytes the game keeps (not counting its rules, shared by the games of the same
    /// rules): its players, decisions, stop and log.
    pub fn kept_bytes(&self) -> usize {
        size_of::<Stored>()
            + self
                .session
                .players
                .iter()
                .map(|p| p.name.capacity() + size_of::<players::Player>())
                .sum::<usize>()
            + self.session.decisions.capacity() * size_of::<Decision>()
            + self.halt.as_ref().map_or(0, |h| h.reason.capacity())
            + self.told.kept_bytes()
    }

    /// Rebuilds the game from its decisions. With a budget to `advance` by, the game goes on
    /// where they run out, agents choosing, until a person is to throw or to move or the game is
    /// over (the agents' choices are kept as decisions), checking the budget before each step:
    /// once it is spent, the game stops there for good. Without, it stops where the decisions
    /// run out. The log is told from the last point the decisions still lead to as before.
    pub fn build<'e>(
        &mut self,
        engine: &'e Engine,
        advance: Option<&Budget>,
    ) -> Result<Built<'e>, String> {
        if self
            .halt
            .as_ref()
            .is_some_and(|h| h.decisions != self.session.decisions.len())
        {
            // Decisions were taken back: the game goes on from there.
            self.halt = None;
        }
        let built = self.replay(engine, advance);
        match &built {
            Ok(_) => self.told.decisions.clone_from(&self.session.decisions),
            Err(_) => self.told = Told::default(),
        }
        built
    }

    fn replay<'e>(
        &mut self,
        engine: &'e Engine,
        advance: Option<&Budget>,
    ) -> Result<Built<'e>, String> {
        // Every player of a game was checked when it began; checked again before any is made.
        for p in &self.session.players {
            playable(p)?;
        }
        let mut play = Play::new(engine, &self.session);
        let style = Style { colour: false };
        let mut narrator = Narrator::new(engine, style, &self.session.players, false);
        // The events up to `from` were told as before: the narrator starts after them.
        let from = self.told.resume(&self.session.decisions);
        let mut telling = from.events == 0;
        let mut agents: Vec<Option<Box<dyn Player + Send>>> = vec![None, None];
        let mut step = 0u64;
        let awaiting = loop {
            step += 1;
            let action = play.next_action(|e| {
                if telling {
                    narrator.event(e, PerSide::default());
                }
            });
            let (events, next) = (play.events().len(), play.followed());
            if telling {
                self.told.tell(narrator.take());
                let told = self.told.quiet.last().map_or(0, |q| q.events);
                if narrator.is_quiet() && events > told {
                    self.told.quiet_at(next, events);
                }
            } else if events == from.events {
                telling = true;
            }
            // Where a person is to act, the game waits: no more work to bound.
            let waits = match action {
                Action::Throw { side } | Action::Choose { side } => {
                    next == self.session.decisions.len()
                        && self
                            .session
                            .is_person(usize::from(play.game.summary.seat[side]))
                }
                _ => false,
            };
            if action != Action::Over && !waits {
                match (&self.halt, advance) {
                    // Stopped before: here again, whatever the budget is now.
                    (Some(h), _) if h.step == step => break Awaiting::Stopped,
                    (Some(_), _) => {}
                    // Past the decisions made, the game goes on only within the budget.
                    (None, Some(budget)) if next == self.session.decisions.len() => {
                        if let Some(reason) = budget.exceeded(events, self.kept_bytes()) {
                            self.halt = Some(Halt {
                                step,
                                decisions: next,
                                reason,
                            });
                            break Awaiting::Stopped;
                        }
                    }
                    // Decisions made within the budget never lead this far.
                    (None, _) if events >= MAX_EVENTS => {
                        return Err(format!(
                            "the game's decisions go on past {MAX_EVENTS} events, the most the server plays in a game"
                        ));
                    }
                    (None, _) => {}
                }
            }
            match play
                .follow(&self.session, action)
                .map_err(|e| e.to_string())?
            {
                None => {}
                Some(Needs::Nothing) => break Awaiting::Over,
                Some(Needs::Throw { side, .. }) => break Awaiting::Throw(side),
                Some(Needs::Move { side, player })
                    if self.session.is_person(player) || advance.is_none() =>
                {
                    break Awaiting::Move(side);
                }
                Some(Needs::Move { player, .. }) => {
                    let game = &play.game;
                    let index = if game.moves().len() == 1 {
                        0
                    } else {
                        let agent = match &mut agents[player] {
                            Some(a) => a,
                            slot => slot.insert(
                                agents::make(
                                    &self.session.players[player],
                                    self.session.seed,
                                    self.table.as_ref(),
                                )
                                .map_err(|e| e.to_string())?,
                            ),
                        };
                        // Seeded by where the game is, so that a game rebuilt after an undo
                        // chooses as it would have.
                        agent.reseed(mix(self.session.seed ^ mix(next as u64)));
                        agent.choose(engine, &game.pos, game.total, game.moves())
                    };
                    play.take(&mut self.session, Decision::Move(index))
                        .map_err(|e| e.to_string())?;
                }
            }
        };
        if play.followed() < self.session.decisions.len() {
            return Err("the game's decisions go on after its end".into());
        }
        debug_assert!(
            telling,
            "a quiet point the decisions lead to is always reached"
        );
        let game = &play.game;
        let end = match (awaiting, &self.halt) {
            (Awaiting::Over, _) => Some(end_text(engine, &game.summary, &game.pos, style)),
            (Awaiting::Stopped, Some(h)) => Some(format!(
                "Game stopped by the server after {} moves ({} turns): {}.",
                game.summary.moves, game.summary.turns, h.reason
            )),
            _ => None,
        };
        Ok(Built {
            play,
            awaiting,
            end,
        })
    }

    /// Takes back the last move a person made, and what followed it; false if there is none.
    pub fn undo(&mut self, built: &Built) -> bool {
        self.session.undo(&built.play)
    }

    /// The record of the game so far, as `senet play --record` writes it.
    pub fn record(&self, built: &Built) -> Record {
        self.session
            .record(&self.rules, &built.play, built.awaiting != Awaiting::Over)
    }

    /// The best move in the position a person is to move in: from the solved table where the
    /// game has one, else the `hard` level's search (as `senet play`'s hints).
    pub fn hint(&self, engine: &Engine, built: &Built) -> Option<usize> {
        let Awaiting::Move(side) = built.awaiting else {
            return None;
        };
        let mut adviser = Adviser::new(self.table.clone(), mix(self.session.seed ^ HINT_SEED));
        Some(adviser.best(engine, &built.play.game, side))
    }

    /// Why the server stopped the game where its decisions end, if it did.
    pub fn stopped(&self) -> Option<&str> {
        self.halt
            .as_ref()
            .filter(|h| h.decisions == self.session.decisions.len())
            .map(|h| h.reason.as_str())
    }

    /// The state of a live game, as [`Stored::state_json`]; once the game is over (or stopped)
    /// its log is not kept (nothing more will be told of it, and a finished game is kept for its
    /// record and its replay, which tell it afresh).
    pub fn answer(&mut self, id: &str, engine: &Engine, built: &Built) -> Value {
        let v = self.state_json(id, engine, built);
        if matches!(built.awaiting, Awaiting::Over | Awaiting::Stopped) {
            self.told = Told::default();
        }
        v
    }

    /// The game as the API gives it: the rules, the players, the position and the throw in
    /// hand, what it waits for, the legal moves a person chooses among (each with its words and
    /// the squares it goes from and to), the log, and the outcome once it is over (a game the
    /// server stopped is over, unfinished, with `stopped`: why).
    pub fn state_json(&self, id: &str, engine: &Engine, built: &Built) -> Value {
        let r = &engine.rules;
        let game = &built.play.game;
        let sides: Vec<Value> = r
            .sides
            .iter()
            .map(|(s, side)| {
                let player = &self.session.players[usize::from(game.summary.seat[s])];
                json!({ "name": side.name, "colour": side.colour, "player": player,
                        "path": side.path.iter().map(|q| q.get()).collect::<Vec<_>>(),
                        "goal": goal_text(engine, s, Style { colour: false }) })
            })
            .collect();
        let options: Map<String, Value> = self
            .rules
            .resolved_options()
            .into_iter()
            .map(|(k, v)| (k, json!(v)))
            .collect();
        let in_hand = match built.awaiting {
            Awaiting::Move(_) => Some(game.total),
            _ => None,
        };
        let mut v = json!({
            "id": id,
            "rules": { "id": r.id, "title": r.title },
            "options": options,
            "players": self.session.players,
            "seed": self.session.seed,
            "sides": sides,
            "position": position_json(engine, &game.pos, in_hand),
            "throw": in_hand.map(Throw::get),
            // Whether the throw is of dice played one by one (the page draws its button so).
            "dice": r.device.is_each(),
            // Whether the lots are tetrahedral dice (the page draws its button's lots as pyramids).
            "tetrahedra": matches!(r.device, ThrowDevice::Sticks { lot: Lot::Tetrahedra, .. }),
            // Whether the lots are cowrie shells (drawn as shells).
            "cowries": matches!(r.device, ThrowDevice::Sticks { lot: Lot::Cowries, .. }),
            // How many lots (sticks, tetrahedral dice, cowries) are thrown: the button shows as many.
            "lots": match r.device {
                ThrowDevice::Sticks { count, .. } => Some(count),
                _ => None,
            },
            // The throw in words: a value, or the dice (`5-1`) where dice are played one by one.
            "throw_text": in_hand.map(|t| match u8::try_from(engine.pool_code(&game.pos, t).get()) {
                Ok(v) if r.device.is_each() => throw_text(engine, v, false),
                _ => t.to_string(),
            }),
            "throws": built.throws(),
            // The throw in hand is the dice the other side could not use, passed to this side.
            "passed": matches!(built.awaiting, Awaiting::Move(_)) && game.pos.passed().is_some(),
            "awaiting": match built.awaiting {
                Awaiting::Throw(_) => "throw",
                Awaiting::Move(_) => "move",
                Awaiting::Over | Awaiting::Stopped => "over",
            },
            "moves": [],
            "log": self.told.shown().into_iter().chain(built.end.clone()).collect::<Vec<_>>(),
            "moves_played": game.summary.moves,
            "turns": game.summary.turns,
            "can_undo": built.play.can_undo(),
            "last_move": last_move_json(engine, built.play.events()),
        });
        match built.awaiting {
            Awaiting::Throw(side) => v["to_move"] = json!(r.sides[side].name),
            Awaiting::Move(side) => {
                v["to_move"] = json!(r.sides[side].name);
                let moves: Vec<Value> = game
                    .moves()
                    .iter()
                    .enumerate()
                    .map(|(i, mv)| {
                        let throw = game.throw_of(i);
                        let mut m = move_json(engine, &game.pos, mv, throw);
                        let (after, report) = engine.apply(&game.pos, mv, throw);
                        let words = move_words(
                            engine,
                            side,
                            &report,
                            throw,
                            engine.outcome(&after),
                            Style { colour: false },
                        );
                        m["index"] = json!(i);
                        m["throw"] = json!(throw.get());
                        m["text"] = json!(words.text);
                        m["extra_throw"] = json!(words.extra_throw);
                        m["squares"] = step_squares(engine, side, mv);
                        m
                    })
                    .collect();
                v["moves"] = json!(moves);
                // Dice played one by one: the page lets a person choose the turn a step at a time
                // (`POST /api/games/{id}/steps`).
                // (Not where the turn's orders are too many to list: then it is chosen whole.)
                let by_steps = r.device.is_each()
                    && game.moves().len() > 1
                    && senet::turn_steps::TurnSteps::new(
                        engine,
                        &game.pos,
                        game.total,
                        game.moves(),
                    )
                    .is_some();
                v["by_steps"] = json!(by_steps);
            }
            Awaiting::Over => {
                v["outcome"] = match &game.summary.outcome {
                    Some(o) => json!(ResultNote::of(engine, o)),
                    None => json!(ResultNote::UNFINISHED),
                };
            }
            Awaiting::Stopped => {
                v["outcome"] = json!(ResultNote::UNFINISHED);
                v["stopped"] = json!(self.halt.as_ref().map(|h| h.reason.as_str()));
            }
        }
        v
    }
}

/// The most recent move of `events`, for the page to mark and animate: its side, its `steps` (the
/// places each goes `from` and `to`, as `senet moves` writes them), the squares each step goes
/// `from` and `to` (`null`: waiting, or off), its words, the pieces it captured and swapped with,
/// and whether its side throws again. `null` before any move.
fn last_move_json(engine: &Engine, events: &[GameEvent]) -> Value {
    let Some((side, mv, report, after, throw)) = events.iter().rev().find_map(|e| match e {
        GameEvent::Move {
            side,
            mv,
            report,
            after,
            throw,
        } => Some((*side, mv, report, after, *throw)),
        _ => None,
    }) else {
        return Value::Null;
    };
    let words = move_words(
        engine,
        side,
        report,
        throw,
        engine.outcome(after),
        Style { colour: false },
    );
    json!({
        "side": engine.rules.sides[side].name,
        "steps": StepNote::of(mv),
        "squares": step_squares(engine, side, mv),
        "text": words.text,
        "captures": words.captures,
        "swaps": words.swaps,
        "extra_throw": words.extra_throw,
    })
}

/// Whether the server may play `player`: `human`, or an agent that reads nothing from disk
/// (never `learned:FILE`, whose FILE a request would name on the server's machine).
pub fn playable(player: &players::Player) -> Result<(), String> {
    if player.net_file().is_some() {
        return Err(format!(
            "`{player}`: `learned:FILE` reads a file, and the web application plays only agents that need none"
        ));
    }
    Ok(())
}

/// The game behind its lock, waiting a little for a request that has it (one whose work could
/// not be stopped may hold it a while: the request is then told the game is busy).
pub fn lock<T>(game: &Mutex<T>) -> Result<MutexGuard<'_, T>, super::ApiError> {
    let until = Instant::now() + LOCK_WAIT;
    loop {
        match game.try_lock() {
            Ok(g) => return Ok(g),
            Err(TryLockError::WouldBlock) if Instant::now() < until => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(super::ApiError::busy(
                    "the game is busy with an earlier request: try again in a moment",
                ));
            }
            Err(TryLockError::Poisoned(_)) => {
                return Err(super::ApiError::new(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    "the game was lost to an earlier failure",
                ));
            }
        }
    }
}

/// A live game of two sides or of more, behind its own lock.
#[derive(Clone)]
pub enum Held {
    Two(Arc<Mutex<Stored>>),
    Many(Arc<Mutex<ManyStored>>),
}

/// The rules of live games, shared by those played under them: of two sides, or of more.
#[derive(Clone)]
pub enum RulesHeld {
    Two(Arc<Compiled>),
    Many(Arc<ManyCompiled>),
}

/// A live game: when it was last used, the bytes it was last reckoned to keep, and the key of
/// its rules.
struct Live {
    game: Held,
    used: Instant,
    bytes: usize,
    rules: String,
}

/// Rules kept for the live games played under them, shared, and counted once.
struct Ruled {
    compiled: RulesHeld,
    games: usize,
    bytes: usize,
}

/// The live games, each behind its own lock, by id; their rules; the bytes all of them keep.
#[derive(Default)]
struct Ledger {
    live: HashMap<String, Live>,
    rules: HashMap<String, Ruled>,
    bytes: usize,
}

impl Ledger {
    /// Forgets the games idle for `idle` or longer.
    fn expire(&mut self, idle: Duration) {
        let old: Vec<String> = self
            .live
            .iter()
            .filter(|(_, l)| l.used.elapsed() >= idle)
            .map(|(id, _)| id.clone())
            .collect();
        for id in old {
            self.forget(&id);
        }
    }

    fn forget(&mut self, id: &str) {
        let Some(live) = self.live.remove(id) else {
            return;
        };
        self.bytes -= live.bytes;
        if let Some(r) = self.rules.get_mut(&live.rules) {
            r.games -= 1;
            if r.games == 0 {
                self.bytes -= r.bytes;
                self.rules.remove(&live.rules);
            }
        }
    }
}

/// The live games, bounded in number and in the bytes they keep with their rules.
pub struct Games {
    ledger: Mutex<Ledger>,
    /// The most games kept at once.
    pub max: usize,
    /// A game not used for this long is forgotten.
    pub idle: Duration,
    /// The most bytes the games and their rules may keep.
    pub memory: usize,
}

/// Why a game could not be had.
pub enum Missing {
    /// No game has this id (or it expired).
    Unknown,
    /// Too many games are live.
    Full,
    /// The live games take as much memory as they may.
    Memory,
}

/// What rules are reckoned to take in memory, from the text of their files.
pub fn rules_bytes(rules: &RuleSet) -> usize {
    let text: usize = rules
        .files
        .iter()
        .map(|f| f.name.len() + f.text.len())
        .sum();
    RULES_BYTES + RULES_BYTES_PER_TEXT_BYTE * text
}

impl Games {
    pub fn new(max: usize, idle: Duration, memory: usize) -> Games {
        Games {
            ledger: Mutex::new(Ledger::default()),
            max,
            idle,
            memory,
        }
    }

    fn ledger(&self) -> MutexGuard<'_, Ledger> {
        // The ledger's sums are whole between statements: a panic elsewhere leaves it usable.
        self.ledger
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Forgets the games idle too long.
    pub fn expire(&self) {
        self.ledger().expire(self.idle);
    }

    /// The compiled rules of a live game under the rules of `key`, if there is one.
    pub fn compiled(&self, key: &str) -> Option<RulesHeld> {
        self.ledger().rules.get(key).map(|r| r.compiled.clone())
    }

    /// Keeps a new game under a fresh id, played under `compiled` (the rules of `key`), if
    /// there is room: in number, and in bytes for it and its rules (unless another live game
    /// has them, which it then shares).
    pub fn insert(
        &self,
        mut game: Stored,
        key: String,
        compiled: &Arc<Compiled>,
    ) -> Result<(String, Arc<Mutex<Stored>>), Missing> {
        let mut ledger = self.ledger();
        ledger.expire(self.idle);
        if let Some(RulesHeld::Two(c)) = ledger.rules.get(&key).map(|r| &r.compiled) {
            game.engine = Arc::clone(&c.engine);
            game.rules = Arc::clone(&c.rules);
        }
        let bytes = game.kept_bytes();
        let game = Arc::new(Mutex::new(game));
        let held = Held::Two(Arc::clone(&game));
        let id = self.admit(
            &mut ledger,
            held,
            bytes,
            key,
            RulesHeld::Two(Arc::clone(compiled)),
        )?;
        Ok((id, game))
    }

    /// Keeps a new game of more than two sides, as [`Games::insert`] a game of two.
    pub fn insert_many(
        &self,
        mut game: ManyStored,
        key: String,
        compiled: &Arc<ManyCompiled>,
    ) -> Result<(String, Arc<Mutex<ManyStored>>), Missing> {
        let mut ledger = self.ledger();
        ledger.expire(self.idle);
        if let Some(RulesHeld::Many(c)) = ledger.rules.get(&key).map(|r| &r.compiled) {
            game.multi = Arc::clone(&c.multi);
            game.rules = Arc::clone(&c.rules);
        }
        let bytes = game.kept_bytes();
        let game = Arc::new(Mutex::new(game));
        let held = Held::Many(Arc::clone(&game));
        let id = self.admit(
            &mut ledger,
            held,
            bytes,
            key,
            RulesHeld::Many(Arc::clone(compiled)),
        )?;
        Ok((id, game))
    }

    /// Enters `game`, keeping `bytes`, in the ledger (its idle games forgotten) under a fresh
    /// id, with its rules (`compiled`, of `key`) unless a live game has them, if there is room.
    fn admit(
        &self,
        ledger: &mut Ledger,
        game: Held,
        bytes: usize,
        key: String,
        compiled: RulesHeld,
    ) -> Result<String, Missing> {
        if ledger.live.len() >= self.max {
            return Err(Missing::Full);
        }
        let rules = match (ledger.rules.get(&key), &compiled) {
            (Some(_), _) => 0,
            (None, RulesHeld::Two(c)) => rules_bytes(&c.rules),
            (None, RulesHeld::Many(c)) => rules_bytes(&c.rules),
        };
        if ledger.bytes + rules + bytes > self.memory {
            return Err(Missing::Memory);
        }
        let r = ledger.rules.entry(key.clone()).or_insert_with(|| Ruled {
            compiled,
            games: 0,
            bytes: rules,
        });
        r.games += 1;
        let id = loop {
            let id = fresh_id();
            if !ledger.live.contains_key(&id) {
                break id;
            }
        };
        ledger.live.insert(
            id.clone(),
            Live {
                game,
                used: Instant::now(),
                bytes,
                rules: key,
            },
        );
        ledger.bytes += rules + bytes;
        Ok(id)
    }

    /// The game with this id, marked as used now.
    pub fn get(&self, id: &str) -> Result<Held, Missing> {
        self.expire();
        let mut ledger = self.ledger();
        match ledger.live.get_mut(id) {
            Some(live) => {
                live.used = Instant::now();
                Ok(live.game.clone())
            }
            None => Err(Missing::Unknown),
        }
    }

    /// The most bytes the game `id` may come to keep: what it keeps, and what is left of the
    /// server's limit.
    pub fn room(&self, id: &str) -> usize {
        let ledger = self.ledger();
        let own = ledger.live.get(id).map_or(0, |l| l.bytes);
        self.memory.saturating_sub(ledger.bytes - own)
    }

    /// Counts the game `id` as keeping `bytes` now.
    pub fn account(&self, id: &str, bytes: usize) {
        let mut ledger = self.ledger();
        if let Some(live) = ledger.live.get_mut(id) {
            let before = std::mem::replace(&mut live.bytes, bytes);
            ledger.bytes = ledger.bytes - before + bytes;
        }
    }

    /// The bytes all live games and their rules are reckoned to keep.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.ledger().bytes
    }
}

/// 128 bits no other page can guess, as 32 hexadecimal digits, drawn from the operating
/// system's randomness.
pub fn fresh_id() -> String {
    format!("{:016x}{:016x}", random_u64(), random_u64())
}

/// A number drawn from the operating system's randomness. A machine that cannot give any
/// cannot serve games whose ids nobody can guess: the server stops rather than make them up.
pub fn random_u64() -> u64 {
    getrandom::u64().expect("the operating system's randomness")
}

/// A rule set and its compiled rules, shared by the games played under them.
pub struct Compiled {
    pub rules: Arc<RuleSet>,
    pub engine: Arc<Engine>,
}

/// The last few values made for rule sets (the tables solved for `optimal`), by rules and
/// options, so that games of the same rules share them.
pub struct Kept<T> {
    list: Mutex<Vec<(String, Arc<T>)>>,
    /// How many are kept.
    size: usize,
}

impl<T> Kept<T> {
    pub fn new(size: usize) -> Kept<T> {
        Kept {
            list: Mutex::new(Vec::new()),
            size,
        }
    }

    /// The key of a rule set: its text's hash and its options.
    pub fn key(rules: &RuleSet) -> String {
        format!("{} {:?}", rules.hash, rules.resolved_options())
    }

    pub fn get(&self, key: &str) -> Option<Arc<T>> {
        let list = self.list.lock().ok()?;
        list.iter()
            .find(|(k, _)| k == key)
            .map(|(_, t)| Arc::clone(t))
    }

    pub fn put(&self, key: String, value: Arc<T>) {
        if let Ok(mut list) = self.list.lock() {
            list.retain(|(k, _)| *k != key);
            if list.len() >= self.size {
                list.remove(0);
            }
            list.push((key, value));
        }
    }
}

/// The squares of each step of `mv` by `side`: `{"from", "to"}` (null off the board); a take
/// (`dice take lone pieces on their number`) has no `from`, and `to` is the square of the piece
/// taken.
fn step_squares(engine: &Engine, side: Side, mv: &senet::engine::Move) -> Value {
    let square = |p: Place| p.on_path().map(|q| engine.square(side, q).get());
    mv.steps()
        .iter()
        .map(|st| match st.taken() {
            Some(p) => json!({ "from": null, "to": engine.square(side.other(), p).get() }),
            None => json!({ "from": square(st.from()), "to": square(st.to()) }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compiled(id: &str) -> Arc<Compiled> {
        let rules = senet::check::check_target(id, &[]).unwrap();
        Arc::new(Compiled {
            engine: Arc::new(Engine::new(senet::compile::compile(&rules))),
            rules: Arc::new(rules),
        })
    }

    fn stored(c: &Compiled) -> Stored {
        Stored {
            engine: Arc::clone(&c.engine),
            rules: Arc::clone(&c.rules),
            session: Session::new(
                vec!["human".parse().unwrap(), "random".parse().unwrap()],
                1,
                TURN_CAP,
            ),
            table: None,
            halt: None,
            told: Told::default(),
        }
    }

    #[test]
    fn the_ledger_counts_each_game_and_each_rule_set_once() {
        let ur = compiled("twenty-squares/ur");
        let base = compiled("senet/base");
        let (rules, game) = (rules_bytes(&ur.rules), stored(&ur).kept_bytes());
        // Room for the rules of Ur and two games, not for another rule set.
        let games = Games::new(10, Duration::from_secs(3600), rules + 2 * game);
        let (a, _) = games.insert(stored(&ur), "ur".into(), &ur).ok().unwrap();
        assert_eq!(games.bytes(), rules + game);
        let (b, _) = games.insert(stored(&ur), "ur".into(), &ur).ok().unwrap();
        assert_eq!(games.bytes(), rules + 2 * game);
        assert!(matches!(
            games.insert(stored(&base), "base".into(), &base),
            Err(Missing::Memory)
        ));
        // A game that grows may come to keep what is left.
        assert_eq!(games.room(&a), game);
        games.account(&b, 0);
        assert_eq!(games.bytes(), rules + game);
        assert_eq!(games.room(&a), 2 * game);
    }

    #[test]
    fn a_log_keeps_its_last_lines_within_its_bytes() {
        let mut told = Told::default();
        told.tell(vec!["x".repeat(1000); 300]);
        // 262 lines of 1,000 bytes are at most 256 KiB (262,144 bytes); 263 are more.
        assert_eq!((told.lines.len(), told.dropped), (262, 38));
        assert_eq!(
            told.shown()[0],
            "(38 earlier lines of the log are not kept: the game's record has every event)"
        );
        assert_eq!(told.shown().len(), 263);
    }

    #[test]
    fn a_log_resumes_where_its_lines_are_all_kept_and_else_is_told_again() {
        let mut told = Told {
            decisions: vec![Decision::Throw, Decision::Move(0)],
            ..Told::default()
        };
        told.tell(vec!["a".into(), "b".into()]);
        told.quiet_at(1, 3);
        told.tell(vec!["c".into()]);
        told.quiet_at(2, 5);
        // The first decision the same, the second not: back to the first point.
        let q = told.resume(&[Decision::Throw, Decision::Move(1)]);
        assert_eq!((q.decisions, q.events, q.lines), (1, 3, 2));
        assert_eq!(told.lines, ["a", "b"]);
        // Once lines told after a point are forgotten, the log is told again from the start.
        told.tell(vec!["z".repeat(MAX_LOG_BYTES)]);
        told.quiet_at(2, 9);
        let q = told.resume(&[Decision::Throw, Decision::Move(1)]);
        assert_eq!((q.decisions, q.events, q.lines), (0, 0, 0));
        assert!(told.lines.is_empty() && told.quiet.is_empty());
    }
}
