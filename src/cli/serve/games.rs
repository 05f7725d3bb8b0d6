//! The games of `senet serve`: each kept as its rules, players, seed and the decisions made so
//! far, and rebuilt from them on every request (the throws come from the seed, in order, as in
//! `senet play`, so that a saved record replays with `senet replay`). Agents' turns and passes are
//! played until a person is to throw or to move, or the game ends. The game's log is kept as told,
//! and a rebuild tells only what is new. Games idle too long are forgotten, and only so many are
//! kept at once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Map, Value, json};

use senet::agents::{self, ExpectimaxAgent};
use senet::check::RuleSet;
use senet::engine::Engine;
use senet::engine::game::{Action, Game, GameEvent, Player, random_throw};
use senet::notation::position::{move_json, outcome_json, position_json};
use senet::notation::record::{self, Header, event_json};
use senet::render::game::{Style, end_text, move_words};
use senet::render::narrate::Narrator;
use senet::sim::mix;
use senet::solve::Solved;
use senet::types::{PerSide, Place, Side, Throw};

/// The most turns a game of the server may last (as `senet play`'s default turn cap).
pub const TURN_CAP: u32 = 10_000;

/// A decision made in a game, in order: a person's throw (the value comes from the seed), or a
/// move chosen by a person or an agent (its index in the legal moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Throw,
    Move(usize),
}

/// Mixed into a game's seed for the hint's search, so that it is not the seed of any agent.
const HINT_SEED: u64 = 0x6869_6e74;

/// A game as the server keeps it.
pub struct Stored {
    pub engine: Arc<Engine>,
    pub rules: Arc<RuleSet>,
    pub players: Vec<String>,
    pub seed: u64,
    pub table: Option<Arc<Solved>>,
    pub decisions: Vec<Decision>,
    /// The log as last told.
    pub told: Told,
}

/// A game's log as last told, so that a rebuild tells only what is new: its lines, the
/// decisions they were told from, and the points between events where the narrator held
/// nothing back (a rebuild that agrees with those decisions up to such a point goes on telling
/// from there).
#[derive(Default)]
pub struct Told {
    lines: Vec<String>,
    decisions: Vec<Decision>,
    quiet: Vec<Quiet>,
}

/// A point where the narrator held nothing back: the decisions read, and the events and the
/// lines told, by then.
#[derive(Clone, Copy, Default)]
struct Quiet {
    decisions: usize,
    events: usize,
    lines: usize,
}

impl Told {
    /// The last quiet point that the decisions `now` lead to as they led before (they agree
    /// with the decisions told up to it): what was told up to it is kept, the rest forgotten.
    fn resume(&mut self, now: &[Decision]) -> Quiet {
        let same = self
            .decisions
            .iter()
            .zip(now)
            .take_while(|(a, b)| a == b)
            .count();
        match self.quiet.iter().rposition(|q| q.decisions <= same) {
            Some(i) => {
                self.quiet.truncate(i + 1);
                let q = self.quiet[i];
                self.lines.truncate(q.lines);
                q
            }
            None => {
                *self = Told::default();
                Quiet::default()
            }
        }
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
}

/// A game rebuilt from its decisions, and what was said of it.
pub struct Built<'e> {
    pub game: Game<'e>,
    pub awaiting: Awaiting,
    /// Every event, made JSON only for a record (most requests never need it).
    pub events: Vec<GameEvent>,
    /// The last line of the log, once the game is over: how it ended.
    pub end: Option<String>,
    /// The throws of the current (or last) turn.
    pub throws: Vec<u8>,
    /// Where in the decisions each person's move is (for undo).
    pub person_moves: Vec<usize>,
}

impl Stored {
    /// Whether player `k` is a person.
    fn person(&self, k: usize) -> bool {
        self.players.get(k).is_some_and(|p| p == "human")
    }

    /// Rebuilds the game from its decisions. With `advance`, the game goes on where they run
    /// out, agents choosing, until a person is to throw or to move or the game is over (the
    /// agents' choices are kept as decisions); without, it stops there. The log is told from the
    /// last point the decisions still lead to as before.
    pub fn build<'e>(&mut self, engine: &'e Engine, advance: bool) -> Result<Built<'e>, String> {
        let built = self.replay(engine, advance);
        match &built {
            Ok(_) => self.told.decisions.clone_from(&self.decisions),
            Err(_) => self.told = Told::default(),
        }
        built
    }

    fn replay<'e>(&mut self, engine: &'e Engine, advance: bool) -> Result<Built<'e>, String> {
        let mut game = Game::new(engine, TURN_CAP);
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let style = Style { colour: false };
        let players = self.players.clone();
        let mut narrator = Narrator::new(engine, style, &players, false);
        // The events up to `from` were told as before: the narrator starts after them.
        let from = self.told.resume(&self.decisions);
        let mut telling = from.events == 0;
        let (mut events, mut throws, mut person_moves) = (Vec::new(), Vec::new(), Vec::new());
        let mut next = 0usize;
        let mut fresh = true;
        let mut agents: Vec<Option<Box<dyn Player + Send>>> = vec![None, None];
        let awaiting = loop {
            let action = game.next_action();
            for e in game.events.drain(..) {
                events.push(e);
                if telling {
                    narrator.event(&e, PerSide::default());
                }
                match e {
                    GameEvent::Throw { value, .. } => {
                        if fresh {
                            throws.clear();
                            fresh = false;
                        }
                        throws.push(value);
                    }
                    GameEvent::Move { .. }
                    | GameEvent::Pass { .. }
                    | GameEvent::TurnLost { .. } => {
                        fresh = true;
                    }
                    _ => {}
                }
            }
            if telling {
                self.told.lines.extend(narrator.take());
                let told = self.told.quiet.last().map_or(0, |q| q.events);
                if narrator.is_quiet() && events.len() > told {
                    self.told.quiet.push(Quiet {
                        decisions: next,
                        events: events.len(),
                        lines: self.told.lines.len(),
                    });
                }
            } else if events.len() == from.events {
                telling = true;
            }
            match action {
                Action::SeatThrow { .. } | Action::StartThrow { .. } => {
                    game.give_throw(random_throw(engine, &mut rng));
                }
                Action::Throw { side } => {
                    let player = usize::from(game.summary.seat[side]);
                    if self.person(player) {
                        match self.decisions.get(next) {
                            Some(Decision::Throw) => next += 1,
                            Some(Decision::Move(_)) => {
                                return Err("the game's decisions do not follow its rules".into());
                            }
                            None => break Awaiting::Throw(side),
                        }
                    }
                    game.give_throw(random_throw(engine, &mut rng));
                }
                Action::Choose { side } => {
                    let player = usize::from(game.summary.seat[side]);
                    let index = match self.decisions.get(next) {
                        Some(&Decision::Move(i)) if i < game.moves().len() => {
                            if self.person(player) {
                                person_moves.push(next);
                            }
                            next += 1;
                            i
                        }
                        Some(_) => {
                            return Err("the game's decisions do not follow its rules".into());
                        }
                        None if self.person(player) || !advance => break Awaiting::Move(side),
                        None => {
                            let index = if game.moves().len() == 1 {
                                0
                            } else {
                                let agent = match &mut agents[player] {
                                    Some(a) => a,
                                    slot => slot.insert(agents::by_name_with(
                                        &players[player],
                                        self.seed,
                                        self.table.as_ref(),
                                    )?),
                                };
                                // Seeded by where the game is, so that a game rebuilt after an
                                // undo chooses as it would have.
                                agent.reseed(mix(self.seed ^ mix(next as u64)));
                                agent.choose(engine, &game.pos, game.total, game.moves())
                            };
                            self.decisions.push(Decision::Move(index));
                            next += 1;
                            index
                        }
                    };
                    game.choose(index);
                }
                Action::Over => break Awaiting::Over,
            }
        };
        if next < self.decisions.len() {
            return Err("the game's decisions go on after its end".into());
        }
        debug_assert!(
            telling,
            "a quiet point the decisions lead to is always reached"
        );
        let end =
            (awaiting == Awaiting::Over).then(|| end_text(engine, &game.summary, &game.pos, style));
        Ok(Built {
            game,
            awaiting,
            events,
            end,
            throws,
            person_moves,
        })
    }

    /// Takes back the last move a person made, and what followed it; false if there is none.
    pub fn undo(&mut self, built: &Built) -> bool {
        match built.person_moves.last() {
            Some(&at) => {
                self.decisions.truncate(at);
                true
            }
            None => false,
        }
    }

    /// The record of the game so far, as `senet play --record` writes it.
    pub fn record(&self, engine: &Engine, built: &Built) -> Value {
        let header = Header {
            rules: &self.rules,
            seed: self.seed,
            players: &self.players,
            turn_cap: TURN_CAP,
            stopped: built.awaiting != Awaiting::Over,
        };
        let events = built.events.iter().map(|e| event_json(engine, e)).collect();
        record::record_json(&header, engine, events, &built.game.summary)
    }

    /// The expectimax agent's choice in the position a person is to move in.
    pub fn hint(&self, engine: &Engine, built: &Built) -> Option<usize> {
        let Awaiting::Move(_) = built.awaiting else {
            return None;
        };
        let game = &built.game;
        if game.moves().len() == 1 {
            return Some(0);
        }
        let mut agent = ExpectimaxAgent::adaptive(mix(self.seed ^ HINT_SEED));
        Some(agent.choose(engine, &game.pos, game.total, game.moves()))
    }

    /// The state of a live game, as [`Stored::state_json`]; once the game is over its log is
    /// not kept (nothing more will be told of it, and a finished game is kept for its record and
    /// its replay, which tell it afresh).
    pub fn answer(&mut self, id: &str, engine: &Engine, built: &Built) -> Value {
        let v = self.state_json(id, engine, built);
        if built.awaiting == Awaiting::Over {
            self.told = Told::default();
        }
        v
    }

    /// The game as the API gives it: the rules, the players, the position and the throw in
    /// hand, what it waits for, the legal moves a person chooses among (each with its words and
    /// the squares it goes from and to), the log, and the outcome once it is over.
    pub fn state_json(&self, id: &str, engine: &Engine, built: &Built) -> Value {
        let r = &engine.rules;
        let game = &built.game;
        let sides: Vec<Value> = r
            .sides
            .iter()
            .map(|(s, side)| {
                let player = &self.players[usize::from(game.summary.seat[s])];
                json!({ "name": side.name, "colour": side.colour, "player": player,
                        "path": side.path.iter().map(|q| q.get()).collect::<Vec<_>>() })
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
            "players": self.players,
            "seed": self.seed,
            "sides": sides,
            "position": position_json(engine, &game.pos, in_hand),
            "throw": in_hand.map(Throw::get),
            "throws": built.throws,
            "awaiting": match built.awaiting {
                Awaiting::Throw(_) => "throw",
                Awaiting::Move(_) => "move",
                Awaiting::Over => "over",
            },
            "moves": [],
            "log": self.told.lines.iter().chain(&built.end).collect::<Vec<_>>(),
            "moves_played": game.summary.moves,
            "turns": game.summary.turns,
            "can_undo": !built.person_moves.is_empty(),
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
                            engine.outcome(&after),
                            Style { colour: false },
                        );
                        m["index"] = json!(i);
                        m["throw"] = json!(throw.get());
                        m["text"] = json!(words.text);
                        m["extra_throw"] = json!(words.extra_throw);
                        let square = |p: Place| p.on_path().map(|q| engine.square(side, q).get());
                        m["squares"] = mv
                            .steps()
                            .iter()
                            .map(|st| json!({ "from": square(st.from()), "to": square(st.to()) }))
                            .collect();
                        m
                    })
                    .collect();
                v["moves"] = json!(moves);
            }
            Awaiting::Over => {
                v["outcome"] = match &game.summary.outcome {
                    Some(o) => outcome_json(engine, o),
                    None => json!({ "unfinished": true }),
                };
            }
        }
        v
    }
}

/// A live game, and when it was last used.
type Live = (Arc<Mutex<Stored>>, Instant);

/// The live games, each behind its own lock, by id.
pub struct Games {
    map: Mutex<HashMap<String, Live>>,
    /// The most games kept at once.
    pub max: usize,
    /// A game not used for this long is forgotten.
    pub idle: Duration,
}

/// Why a game could not be had.
pub enum Missing {
    /// No game has this id (or it expired).
    Unknown,
    /// Too many games are live.
    Full,
}

impl Games {
    pub fn new(max: usize, idle: Duration) -> Games {
        Games {
            map: Mutex::new(HashMap::new()),
            max,
            idle,
        }
    }

    /// Forgets the games idle too long.
    pub fn expire(&self) {
        let idle = self.idle;
        if let Ok(mut map) = self.map.lock() {
            map.retain(|_, (_, used)| used.elapsed() < idle);
        }
    }

    /// Keeps a new game under a fresh id, if there is room.
    pub fn insert(&self, game: Stored) -> Result<(String, Arc<Mutex<Stored>>), Missing> {
        self.expire();
        let mut map = self.map.lock().map_err(|_| Missing::Full)?;
        if map.len() >= self.max {
            return Err(Missing::Full);
        }
        let id = loop {
            let id = fresh_id();
            if !map.contains_key(&id) {
                break id;
            }
        };
        let game = Arc::new(Mutex::new(game));
        map.insert(id.clone(), (Arc::clone(&game), Instant::now()));
        Ok((id, game))
    }

    /// The game with this id, marked as used now.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Stored>>, Missing> {
        self.expire();
        let mut map = self.map.lock().map_err(|_| Missing::Unknown)?;
        match map.get_mut(id) {
            Some((game, used)) => {
                *used = Instant::now();
                Ok(Arc::clone(game))
            }
            None => Err(Missing::Unknown),
        }
    }
}

/// 128 bits no other page can guess, as 32 hexadecimal digits: the standard library's hasher
/// keys are drawn from the operating system's randomness for each new state.
pub fn fresh_id() -> String {
    format!("{:016x}{:016x}", random_u64(), random_u64())
}

/// A number drawn from the operating system's randomness (through the keys of a new hasher).
pub fn random_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x5e4e_7000);
    h.finish()
}

/// A rule set and its compiled rules, shared by the games played under them.
pub struct Compiled {
    pub rules: Arc<RuleSet>,
    pub engine: Arc<Engine>,
}

/// The last few values made for rule sets (their compiled rules, the tables solved for
/// `optimal`), by rules and options, so that games of the same rules share them.
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
