//! Game records: the rules (id, source, a hash of their text, the text of every file), options,
//! seed, players and every throw and move, as JSON ([`Record`], written and read by one serde
//! type). `senet replay` plays a record again and verifies it.

use std::collections::BTreeMap;

use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::event::{Event, ResultNote, StepNote};
use super::position::MoveMarks;
use senet_engine::engine::game::{Action, Game, GameEvent, GameSummary, Stop, random_throw_for};
use senet_engine::engine::{Engine, Outcome};
use senet_lang::check::RuleSet;
use senet_lang::check::load::{ChainFile, MAX_EXTENDS_DEPTH};
use senet_lang::types::Side;

pub const FORMAT: &str = "senet-record/1";

/// Everything a record holds apart from its events.
pub struct Header<'a> {
    pub rules: &'a RuleSet,
    pub seed: u64,
    /// The players' names, in player order.
    pub players: Vec<String>,
    /// The turn cap the game was played with (an unfinished game reached it).
    pub turn_cap: u32,
    /// The game was stopped by a player before its end.
    pub stopped: bool,
    /// The side a match put first (a game of a match after the first); `None`: as the rules say.
    pub first: Option<Side>,
}

/// A game record (docs/formats.md), field by field in the order written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// [`FORMAT`].
    pub format: String,
    pub rules: RulesNote,
    /// Every option with its value, so that the record means the same rules whatever the
    /// defaults of another version.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The seed every throw of the game came from.
    pub seed: u64,
    /// Who played, in player order.
    pub players: Vec<String>,
    /// The rules' side names.
    pub sides: Vec<String>,
    /// The player of each side, in side order.
    pub seated: Vec<String>,
    /// The turn cap the game was played with (records written before it was kept have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_cap: Option<u32>,
    /// The side that moved first because a match said so (a game of a match after the first,
    /// `match next game first`); none where the rules chose it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    pub events: Vec<Event>,
    pub result: ResultNote,
    pub moves: u64,
    pub turns: u32,
}

/// The rules of a record: their id, where they came from, the hash of their text, and the text
/// of every file of their `extends` chain, the rule file first (records written before rules
/// were carried have none: their `source` is read instead).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RulesNote {
    pub id: String,
    pub source: String,
    pub hash: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<FileNote>>,
}

impl RulesNote {
    /// The rule files a record carries, the rule file first, as the checker takes them.
    pub fn chain(&self) -> Option<Vec<ChainFile>> {
        self.files.as_ref().map(|files| {
            files
                .iter()
                .map(|f| ChainFile {
                    name: f.name.clone(),
                    text: f.text.clone(),
                })
                .collect()
        })
    }
}

/// One rule file a record carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileNote {
    pub name: String,
    pub text: String,
}

/// Why a record cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("not a senet game record (no \"format\": \"{FORMAT}\")")]
    NotARecord,
    /// A record of a game of more than two sides (`senet replay` verifies those, `senet review`
    /// reviews them, `senet play --resume` and the page go on with them).
    #[error(
        "a record of a game of the engine for many sides: `senet replay` verifies it, `senet review` reviews it, and `senet play --resume` and the page go on with it; nothing else reads it yet"
    )]
    ManySides,
    /// Its JSON is not of a record's form: where (a path such as `rules.files[0]`), and what
    /// is wrong there in serde's words.
    #[error("{}", form_message(.0))]
    Form(serde_path_to_error::Error<serde_json::Error>),
    #[error("`rules.files` must hold from 1 to {} files (an `extends` chain)", MAX_EXTENDS_DEPTH + 1)]
    Files,
    #[error("the record has no `{0}` list of two")]
    NotTwo(&'static str),
    #[error("`turn_cap` must be a whole number of turns, at least 1")]
    TurnCap,
    #[error("`{0}` in `players` is no player of senet")]
    Player(String),
}

impl Record {
    /// The record of a game with `events` and `summary`, under `engine` (the rules of `h`).
    pub fn new(h: &Header, engine: &Engine, events: Vec<Event>, summary: &GameSummary) -> Record {
        let files = h
            .rules
            .files
            .iter()
            .map(|f| FileNote {
                name: f.name.clone(),
                text: f.text.clone(),
            })
            .collect();
        let source = h.rules.files.first().map_or("", |f| f.name.as_str());
        Record {
            format: FORMAT.into(),
            rules: RulesNote {
                id: h.rules.id.clone(),
                source: source.into(),
                hash: h.rules.hash.clone(),
                files: Some(files),
            },
            options: h.rules.resolved_options().into_iter().collect(),
            seed: h.seed,
            players: h.players.clone(),
            sides: engine
                .rules
                .sides
                .values()
                .map(|s| s.name.clone())
                .collect(),
            seated: Side::BOTH
                .map(|s| h.players[usize::from(summary.seat[s])].clone())
                .to_vec(),
            turn_cap: Some(h.turn_cap),
            first: h.first.map(|s| engine.rules.sides[s].name.clone()),
            events,
            result: match &summary.outcome {
                Some(o) => ResultNote::of(engine, o),
                None if h.stopped => ResultNote::STOPPED,
                None => ResultNote::UNFINISHED,
            },
            moves: u64::from(summary.moves),
            turns: summary.turns,
        }
    }

    /// Reads a record from its JSON, and checks what its form cannot say: its format, its
    /// chain of files, two players that senet knows, a turn cap of at least one.
    pub fn read(v: &Value) -> Result<Record, RecordError> {
        match v.get("format").and_then(Value::as_str) {
            Some(FORMAT) => {}
            Some(super::multi_record::MULTI_FORMAT) => return Err(RecordError::ManySides),
            _ => return Err(RecordError::NotARecord),
        }
        let record: Record = serde_path_to_error::deserialize(v).map_err(RecordError::Form)?;
        if record
            .rules
            .files
            .as_ref()
            .is_some_and(|f| f.is_empty() || f.len() > MAX_EXTENDS_DEPTH + 1)
        {
            return Err(RecordError::Files);
        }
        if record.players.len() != 2 {
            return Err(RecordError::NotTwo("players"));
        }
        if let Some(p) = record
            .players
            .iter()
            .find(|p| p.parse::<crate::players::Player>().is_err())
        {
            return Err(RecordError::Player(p.clone()));
        }
        if record.seated.len() != 2 {
            return Err(RecordError::NotTwo("seated"));
        }
        if record.turn_cap == Some(0) {
            return Err(RecordError::TurnCap);
        }
        Ok(record)
    }

    /// The rule files the record carries, the rule file first.
    pub fn files(&self) -> Option<Vec<ChainFile>> {
        self.rules.chain()
    }

    /// The options chosen, as the checker takes them.
    pub fn option_list(&self) -> Vec<(String, String)> {
        self.options
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// Whether a player stopped the game before its end (it can be taken up again).
    pub fn is_stopped(&self) -> bool {
        self.result == ResultNote::STOPPED
    }
}

/// A form error for people: where it is (nowhere for the record as a whole), and what.
fn form_message(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    match e.path().to_string().as_str() {
        "." => format!("the record: {}", e.inner()),
        path => format!("`{path}`: {}", e.inner()),
    }
}

/// Why a record does not replay: where it and the rules part ways.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("the record says it was played under `{recorded}`, but its rules are `{rules}`")]
    OtherRules { recorded: String, rules: String },
    #[error("the record lists the sides {recorded:?}, the rules have {rules:?}")]
    OtherSides {
        recorded: Vec<String>,
        rules: Vec<String>,
    },
    #[error("the record says the result is {}, the replay gives {}", json(.recorded), json(.replayed))]
    OtherResult {
        recorded: ResultNote,
        replayed: ResultNote,
    },
    #[error("the record's `first` is `{0}`, which is no side of its rules")]
    NoSuchFirst(String),
    #[error("the record seats {recorded:?}, the replay {replayed:?}")]
    OtherSeats {
        recorded: Vec<String>,
        replayed: Vec<String>,
    },
    #[error(
        "the record counts {} moves and {} turns, the replay {} moves and {} turns",
        .recorded.0, .recorded.1, .replayed.0, .replayed.1
    )]
    OtherCounts {
        recorded: (u64, u32),
        replayed: (u64, u32),
    },
    /// Event `at` (from 1) is not the one the rules give.
    #[error("event {at}: the rules give {expected}, the record has {found}")]
    OtherEvent {
        at: usize,
        expected: Box<Event>,
        found: Box<Event>,
    },
    #[error("the record ends early: the rules go on with {expected}")]
    EndsEarly { expected: Box<Event> },
    #[error("the record ends early, after event {after}: the game is not over")]
    NotOver { after: usize },
    /// Event `at` should be a throw (`expected` says which).
    #[error("event {at}: expected {expected}, found {found}")]
    NotAThrow {
        at: usize,
        expected: String,
        found: Box<Event>,
    },
    #[error("event {at}: {value} is not a possible throw")]
    ImpossibleThrow { at: usize, value: u8 },
    /// A throw changed by hand: every throw comes from the record's seed, in order.
    #[error("event {at}: the record's seed throws {seeded} here, the record says {value}")]
    Seed { at: usize, seeded: u8, value: u8 },
    #[error("event {at}: expected a move by {side}, found {found}")]
    NotAMove {
        at: usize,
        side: String,
        found: Box<Event>,
    },
    #[error("event {at}: the move {} is not legal here", json(.steps))]
    Illegal { at: usize, steps: Vec<StepNote> },
    #[error("event {at}: the game is over, but the record goes on with {found}")]
    AfterEnd { at: usize, found: Box<Event> },
}

/// `value` as JSON on one line, as messages quote it.
fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// A game played again from its record: where it stands, and what its players did.
pub struct Replayed<'e> {
    pub game: Game<'e>,
    /// The side a match put first, as the record says.
    pub first: Option<Side>,
    /// What the players did, in order: each throw of the side to move, and each move chosen.
    pub choices: Vec<Choice>,
}

/// Something a player did in a game: a throw of the side to move (not one for seats or of the
/// throw-off), or the move it chose, by its index in the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Throw(Side),
    Move(usize),
}

/// Plays the record's events again under `engine` and checks every one: each throw fed, each
/// move legal, every automatic event (forced moves, passes, the end) the same. `observe` sees
/// each event once it is checked. Returns the replayed game, where the record ends.
pub fn replay<'e>(
    engine: &'e Engine,
    record: &Record,
    observe: impl FnMut(&GameEvent),
) -> Result<Replayed<'e>, ReplayError> {
    replay_with(engine, record, observe, |_, _| {})
}

/// [`replay`], with `choice` told of every decision as the game reaches it: the game waiting
/// for it (its position, throw and legal moves) and the index of the move the record plays.
pub fn replay_with<'e>(
    engine: &'e Engine,
    record: &Record,
    mut observe: impl FnMut(&GameEvent),
    mut choice: impl FnMut(&Game, usize),
) -> Result<Replayed<'e>, ReplayError> {
    let r = &engine.rules;
    if record.rules.id != r.id {
        return Err(ReplayError::OtherRules {
            recorded: record.rules.id.clone(),
            rules: r.id.clone(),
        });
    }
    let sides: Vec<String> = r.sides.values().map(|s| s.name.clone()).collect();
    if record.sides != sides {
        return Err(ReplayError::OtherSides {
            recorded: record.sides.clone(),
            rules: sides,
        });
    }
    // The cap the game was played with; a record written before caps were kept can only be
    // taken at its word for an unfinished game (capped where it stops).
    let cap = match record.turn_cap {
        Some(cap) => cap,
        None if record.result == ResultNote::UNFINISHED => record.turns.max(1),
        None => u32::MAX,
    };
    let mut events = Events {
        engine,
        list: &record.events,
        at: 0,
        observe: &mut observe,
    };
    let (replayed, over) = play_events(engine, record, cap, &mut events, &mut choice)?;
    let game = &replayed.game;
    let result = match &game.summary.outcome {
        Some(o) => ResultNote::of(engine, o),
        None if over => ResultNote::UNFINISHED,
        None => ResultNote::STOPPED,
    };
    if result != record.result {
        return Err(ReplayError::OtherResult {
            recorded: record.result.clone(),
            replayed: result,
        });
    }
    let seated: Vec<String> = Side::BOTH
        .map(|s| record.players[usize::from(game.summary.seat[s])].clone())
        .to_vec();
    if seated != record.seated {
        return Err(ReplayError::OtherSeats {
            recorded: record.seated.clone(),
            replayed: seated,
        });
    }
    let s = &game.summary;
    if u64::from(s.moves) != record.moves || s.turns != record.turns {
        return Err(ReplayError::OtherCounts {
            recorded: (record.moves, record.turns),
            replayed: (u64::from(s.moves), s.turns),
        });
    }
    Ok(replayed)
}

/// A record's events as a replay reads them: the next one to check, and who sees each checked.
struct Events<'a> {
    engine: &'a Engine,
    list: &'a [Event],
    /// How many are checked.
    at: usize,
    observe: &'a mut dyn FnMut(&GameEvent),
}

impl Events<'_> {
    /// Checks the events the game has made against the record's next ones.
    fn check(&mut self, game: &mut Game) -> Result<(), ReplayError> {
        for e in game.events.drain(..) {
            let expected = Event::of(self.engine, &e);
            match self.list.get(self.at) {
                Some(found) if *found == expected => {
                    self.at += 1;
                    (self.observe)(&e);
                }
                Some(found) => {
                    return Err(ReplayError::OtherEvent {
                        at: self.at + 1,
                        expected: Box::new(expected),
                        found: Box::new(found.clone()),
                    });
                }
                None => {
                    return Err(ReplayError::EndsEarly {
                        expected: Box::new(expected),
                    });
                }
            }
        }
        Ok(())
    }
}

/// Plays the record's events from its seed, checking each; a game not stopped must play them
/// all to its end. The game where the events end, and whether it is over.
fn play_events<'e>(
    engine: &'e Engine,
    record: &Record,
    cap: u32,
    events: &mut Events,
    choice: &mut dyn FnMut(&Game, usize),
) -> Result<(Replayed<'e>, bool), ReplayError> {
    let mut rng = <Pcg64Mcg as rand::SeedableRng>::seed_from_u64(record.seed);
    let mut game = Game::new(engine, cap);
    let first = match &record.first {
        Some(name) => {
            let side = Side::BOTH
                .into_iter()
                .find(|&s| engine.rules.sides[s].name == *name)
                .ok_or_else(|| ReplayError::NoSuchFirst(name.clone()))?;
            game.begin_with(side);
            Some(side)
        }
        None => None,
    };
    let mut choices = Vec::new();
    let over = loop {
        let action = game.next_action();
        events.check(&mut game)?;
        let at = events.at + 1;
        let Some(next) = record.events.get(events.at) else {
            // A stopped game ends where a player stopped it, before its end.
            if action == Action::Over || record.is_stopped() {
                break action == Action::Over;
            }
            return Err(ReplayError::NotOver { after: events.at });
        };
        match action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                let value = thrown(engine, action, next, at)?;
                let possible = match action {
                    Action::StartThrow { .. } => engine.rules.start_outcomes.contains(&value),
                    _ => engine.rules.throws.can_give(value),
                };
                if !possible {
                    return Err(ReplayError::ImpossibleThrow { at, value });
                }
                // Every throw comes from the record's seed, in order: a throw changed by hand
                // is found out.
                let seeded = random_throw_for(engine, action, &mut rng);
                if value != seeded {
                    return Err(ReplayError::Seed { at, seeded, value });
                }
                if let Action::Throw { side } = action {
                    choices.push(Choice::Throw(side));
                }
                game.give_throw(value);
            }
            Action::Choose { side } => {
                let Event::Move {
                    throw,
                    steps,
                    marks,
                    ..
                } = next
                else {
                    return Err(ReplayError::NotAMove {
                        at,
                        side: engine.rules.sides[side].name.clone(),
                        found: Box::new(next.clone()),
                    });
                };
                // A move is known by its steps, the throw it plays, whether it retreats, what
                // it declines and whether it ends the turn.
                let index = (0..game.moves().len())
                    .find(|&i| {
                        let m = &game.moves()[i];
                        StepNote::of(m) == *steps
                            && MoveMarks::of(m) == *marks
                            && throw.is_none_or(|t| game.throw_of(i).get() == t)
                    })
                    .ok_or_else(|| ReplayError::Illegal {
                        at,
                        steps: steps.clone(),
                    })?;
                choices.push(Choice::Move(index));
                choice(&game, index);
                game.choose(index);
            }
            Action::Over => {
                return Err(ReplayError::AfterEnd {
                    at,
                    found: Box::new(next.clone()),
                });
            }
        }
    };
    events.check(&mut game)?;
    Ok((
        Replayed {
            game,
            first,
            choices,
        },
        over,
    ))
}

/// The value of the throw `action` asks for, which the record's event `next` (number `at`)
/// must give.
fn thrown(engine: &Engine, action: Action, next: &Event, at: usize) -> Result<u8, ReplayError> {
    let name = |s: Side| engine.rules.sides[s].name.as_str();
    let (value, expected) = match (action, next) {
        (Action::SeatThrow { .. }, Event::Seat { throw, .. }) => return Ok(*throw),
        (Action::SeatThrow { .. }, _) => (None, "a throw for seats".to_string()),
        (Action::StartThrow { .. }, Event::Start { throw, .. }) => return Ok(*throw),
        (Action::StartThrow { side }, _) => {
            (None, format!("{}'s throw of the throw-off", name(side)))
        }
        (Action::Throw { .. }, Event::Throw { value, .. }) => (Some(*value), String::new()),
        (Action::Throw { side }, _) => (None, format!("a throw by {}", name(side))),
        _ => unreachable!("a throw action"),
    };
    value.ok_or_else(|| ReplayError::NotAThrow {
        at,
        expected,
        found: Box::new(next.clone()),
    })
}

/// A one-line description of an outcome for people (`stop`: why a game without one stopped).
pub fn outcome_text(engine: &Engine, outcome: Option<&Outcome>, stop: Option<Stop>) -> String {
    match outcome {
        Some(Outcome::Win { side, points }) => {
            let name = &engine.rules.sides[*side].name;
            if engine.rules.win_score.is_some() {
                format!(
                    "{name} wins ({points} point{})",
                    if *points == 1 { "" } else { "s" }
                )
            } else if engine.rules.scores_match_points() {
                format!(
                    "{name} wins ({points} match point{})",
                    if *points == 1 { "" } else { "s" }
                )
            } else {
                format!("{name} wins")
            }
        }
        Some(Outcome::Draw) => "a draw".into(),
        None => format!(
            "unfinished ({})",
            stop.map_or("stopped before its end", Stop::reason)
        ),
    }
}

/// The position after the first `turn` turns of a game's events (turn 0: the start), and the last
/// throw made by then (in that turn or before it), or an error naming how many turns there are.
/// A turn begins where a side other than the last one acts (throws, moves, passes or loses its
/// turn): the turns the record's `turns` counts.
pub fn at_turn(
    engine: &Engine,
    events: &[GameEvent],
    turn: u32,
) -> Result<(senet_engine::engine::Position, Option<u8>), NoSuchTurn> {
    let mut pos = engine.start();
    let mut throw = None;
    let mut turns = 0u32;
    let mut last: Option<Side> = None;
    for e in events {
        let actor = match *e {
            GameEvent::Throw { side, .. }
            | GameEvent::Move { side, .. }
            | GameEvent::Pass { side, .. }
            | GameEvent::TurnLost { side, .. } => Some(side),
            _ => None,
        };
        if let Some(side) = actor
            && last != Some(side)
        {
            if turns == turn {
                return Ok((pos, throw));
            }
            last = Some(side);
            turns += 1;
        }
        match *e {
            GameEvent::Throw { value, .. } => throw = Some(value),
            GameEvent::Move { after, .. }
            | GameEvent::Pass { after, .. }
            | GameEvent::TurnLost { after, .. } => pos = after,
            _ => {}
        }
    }
    if turns < turn {
        return Err(NoSuchTurn { turns });
    }
    Ok((pos, throw))
}

/// A turn past a game's last: how many turns it has.
#[derive(Debug, thiserror::Error)]
#[error(
    "the game has {turns} turn{}: choose a turn from 0 (the start) to {turns}",
    if *turns == 1 { "" } else { "s" }
)]
pub struct NoSuchTurn {
    pub turns: u32,
}
