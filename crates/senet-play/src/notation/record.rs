//! Game records: the rules (id or file, and a hash of their text), options, seed, players and
//! every throw and move, as JSON. `senet replay` plays a record again and verifies it.

use rand_pcg::Pcg64Mcg;
use serde_json::{Value, json};

use super::position::{MoveMarks, outcome_json, steps_json};
use senet_engine::engine::game::{Action, Game, GameEvent, GameSummary, Stop, random_throw};
use senet_engine::engine::{Engine, Outcome};
use senet_lang::check::RuleSet;
use senet_lang::check::load::{ChainFile, MAX_EXTENDS_DEPTH};
use senet_lang::types::Side;

pub const FORMAT: &str = "senet-record/1";

/// One event as JSON. Writing a record and checking a replay both use this form.
pub fn event_json(engine: &Engine, e: &GameEvent) -> Value {
    let name = |s: Side| engine.rules.sides[s].name.clone();
    match e {
        GameEvent::SeatThrow {
            player,
            value,
            took,
        } => {
            let mut v = json!({ "seat": { "player": player + 1, "throw": value } });
            if let Some(s) = took {
                v["seat"]["takes"] = json!(name(*s));
            }
            v
        }
        GameEvent::StartThrow {
            side,
            value,
            starts,
        } => {
            let mut v = json!({ "start": { "side": name(*side), "throw": value } });
            if let Some(s) = starts {
                v["start"]["starts"] = json!(name(*s));
            }
            v
        }
        GameEvent::Throw { side, value } => {
            json!({ "throw": { "side": name(*side), "value": value } })
        }
        GameEvent::Move {
            side, throw, mv, ..
        } => {
            let mut m =
                json!({ "side": name(*side), "throw": throw.get(), "steps": steps_json(mv) });
            MoveMarks::of(mv).add_to(&mut m);
            json!({ "move": m })
        }
        GameEvent::TurnLost { side, .. } => json!({ "turn_lost": { "side": name(*side) } }),
        GameEvent::Pass { side, throw, .. } => {
            json!({ "pass": { "side": name(*side), "throw": throw.get() } })
        }
        GameEvent::End { outcome } => json!({ "end": outcome_json(engine, outcome) }),
    }
}

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
}

pub fn record_json(
    h: &Header,
    engine: &Engine,
    events: Vec<Value>,
    summary: &GameSummary,
) -> Value {
    // Every option with its value, so that the record means the same rules whatever the
    // defaults of another version.
    let options: serde_json::Map<String, Value> = h
        .rules
        .resolved_options()
        .into_iter()
        .map(|(k, v)| (k, json!(v)))
        .collect();
    let files: Vec<Value> = h
        .rules
        .files
        .iter()
        .map(|f| json!({ "name": f.name, "text": f.text }))
        .collect();
    let source = h.rules.files.first().map_or("", |f| f.name.as_str());
    let seat: Vec<Value> = Side::BOTH
        .map(|s| json!(h.players[usize::from(summary.seat[s])]))
        .to_vec();
    json!({
        "format": FORMAT,
        "rules": { "id": h.rules.id, "source": source, "hash": h.rules.hash, "files": files },
        "options": options,
        "seed": h.seed,
        "players": h.players,
        "sides": engine.rules.sides.values().map(|s| s.name.clone()).collect::<Vec<_>>(),
        "seated": seat,
        "turn_cap": h.turn_cap,
        "events": events,
        "result": match &summary.outcome {
            Some(o) => outcome_json(engine, o),
            None if h.stopped => json!({ "stopped": true }),
            None => json!({ "unfinished": true }),
        },
        "moves": summary.moves,
        "turns": summary.turns,
    })
}

/// The parts of a record needed to load its rules.
pub struct RecordHead {
    pub source: String,
    pub hash: String,
    /// The text of every file of the rules' `extends` chain, the rule file first (records written
    /// before rules were carried have none: their `source` is read instead).
    pub files: Option<Vec<ChainFile>>,
    pub options: Vec<(String, String)>,
    pub events: Vec<Value>,
    pub result: Value,
    /// The rule set's id, its side names, and the counts the record claims.
    pub id: String,
    pub sides: Vec<String>,
    /// Who played, in player order.
    pub players: Vec<String>,
    pub moves: u64,
    pub turns: u32,
    /// The turn cap the game was played with (records written before it was kept have none).
    pub turn_cap: Option<u32>,
    /// The seed every throw of the game came from.
    pub seed: u64,
    /// The player of each side, in side order.
    pub seated: Vec<String>,
}

pub fn read_head(v: &Value) -> Result<RecordHead, String> {
    if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(format!(
            "not a senet game record (no \"format\": \"{FORMAT}\")"
        ));
    }
    let rules = v.get("rules").ok_or("the record names no rules")?;
    let source = rules
        .get("source")
        .and_then(Value::as_str)
        .ok_or("the record's rules have no `source`")?;
    let hash = rules
        .get("hash")
        .and_then(Value::as_str)
        .ok_or("the record's rules have no `hash`")?;
    let files = match rules.get("files") {
        None => None,
        Some(list) => Some(chain_files(list)?),
    };
    let options = match v.get("options") {
        None => Vec::new(),
        Some(Value::Object(m)) => m
            .iter()
            .map(|(k, v)| {
                v.as_str()
                    .map(|s| (k.clone(), s.to_string()))
                    .ok_or(format!("option `{k}` is not a string"))
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("`options` must be an object".into()),
    };
    let events = v
        .get("events")
        .and_then(Value::as_array)
        .ok_or("the record has no `events` list")?
        .clone();
    let result = v
        .get("result")
        .cloned()
        .ok_or("the record has no `result`")?;
    let id = rules
        .get("id")
        .and_then(Value::as_str)
        .ok_or("the record's rules have no `id`")?
        .to_string();
    let sides = strings(v, "sides").ok_or("the record has no `sides` list")?;
    let players = strings(v, "players")
        .filter(|list| list.len() == 2)
        .ok_or("the record has no `players` list of two")?;
    let moves = v
        .get("moves")
        .and_then(Value::as_u64)
        .ok_or("the record has no `moves` count")?;
    let turns = v
        .get("turns")
        .and_then(Value::as_u64)
        .and_then(|t| u32::try_from(t).ok())
        .ok_or("the record has no `turns` count")?;
    let turn_cap = match v.get("turn_cap") {
        None => None,
        Some(t) => Some(
            t.as_u64()
                .and_then(|t| u32::try_from(t).ok())
                .filter(|&t| t >= 1)
                .ok_or("`turn_cap` must be a whole number of turns, at least 1")?,
        ),
    };
    let seed = v
        .get("seed")
        .and_then(Value::as_u64)
        .ok_or("the record has no `seed` (a whole number)")?;
    for p in &players {
        if !is_player(p) {
            return Err(format!("`{p}` in `players` is no player of senet"));
        }
    }
    let seated = strings(v, "seated")
        .filter(|list| list.len() == 2)
        .ok_or("the record has no `seated` list of two")?;
    Ok(RecordHead {
        turn_cap,
        seed,
        seated,
        source: source.into(),
        hash: hash.into(),
        files,
        options,
        events,
        result,
        id,
        sides,
        players,
        moves,
        turns,
    })
}

/// The files of `rules.files`: a list of `{"name", "text"}`, as many as an `extends` chain may
/// hold.
fn chain_files(list: &Value) -> Result<Vec<ChainFile>, String> {
    const BAD: &str =
        "`rules.files` must be a list of `{\"name\": ..., \"text\": ...}`, the rule file first";
    let list = list.as_array().ok_or(BAD)?;
    if list.is_empty() || list.len() > MAX_EXTENDS_DEPTH + 1 {
        return Err(format!(
            "`rules.files` must hold from 1 to {} files (an `extends` chain)",
            MAX_EXTENDS_DEPTH + 1
        ));
    }
    list.iter()
        .map(|f| {
            let text = |key: &str| f.get(key).and_then(Value::as_str).map(str::to_string);
            match (text("name"), text("text")) {
                (Some(name), Some(text)) => Ok(ChainFile { name, text }),
                _ => Err(BAD.to_string()),
            }
        })
        .collect()
}

/// The list of strings at `key`, if it is one.
fn strings(v: &Value, key: &str) -> Option<Vec<String>> {
    v.get(key)?
        .as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect()
}

/// Whether `name` is a player `senet play` knows: `human`, an agent, a level, `expectimax:N`,
/// `learned:FILE`.
fn is_player(name: &str) -> bool {
    name.parse::<crate::players::Player>().is_ok()
}

fn u8_at(v: &Value, path: &[&str]) -> Option<u8> {
    let mut cur = v;
    for p in path {
        cur = cur.get(p)?;
    }
    cur.as_u64().and_then(|n| u8::try_from(n).ok())
}

/// A game played again from its record: where it stands, and what its players did.
pub struct Replayed<'e> {
    pub game: Game<'e>,
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
    head: &RecordHead,
    observe: impl FnMut(&GameEvent),
) -> Result<Replayed<'e>, String> {
    replay_with(engine, head, observe, |_, _| {})
}

/// [`replay`], with `choice` told of every decision as the game reaches it: the game waiting
/// for it (its position, throw and legal moves) and the index of the move the record plays.
pub fn replay_with<'e>(
    engine: &'e Engine,
    head: &RecordHead,
    mut observe: impl FnMut(&GameEvent),
    mut choice: impl FnMut(&Game, usize),
) -> Result<Replayed<'e>, String> {
    let r = &engine.rules;
    if head.id != r.id {
        return Err(format!(
            "the record says it was played under `{}`, but its rules are `{}`",
            head.id, r.id
        ));
    }
    let sides: Vec<String> = r.sides.values().map(|s| s.name.clone()).collect();
    if head.sides != sides {
        return Err(format!(
            "the record lists the sides {:?}, the rules have {:?}",
            head.sides, sides
        ));
    }
    let stopped = head.result == json!({ "stopped": true });
    // The cap the game was played with; a record written before caps were kept can only be
    // taken at its word for an unfinished game (capped where it stops).
    let cap = match head.turn_cap {
        Some(cap) => cap,
        None if head.result == json!({ "unfinished": true }) => head.turns.max(1),
        None => u32::MAX,
    };
    let (replayed, over) = play_events(
        engine,
        head.seed,
        cap,
        &head.events,
        stopped,
        &mut observe,
        &mut choice,
    )?;
    let game = &replayed.game;
    let result = match &game.summary.outcome {
        Some(o) => outcome_json(engine, o),
        None if over => json!({ "unfinished": true }),
        None => json!({ "stopped": true }),
    };
    if result != head.result {
        return Err(format!(
            "the record says the result is {}, the replay gives {result}",
            head.result
        ));
    }
    let seated: Vec<String> = Side::BOTH
        .map(|s| head.players[usize::from(game.summary.seat[s])].clone())
        .to_vec();
    if seated != head.seated {
        return Err(format!(
            "the record seats {:?}, the replay {seated:?}",
            head.seated
        ));
    }
    let s = &game.summary;
    if u64::from(s.moves) != head.moves || s.turns != head.turns {
        return Err(format!(
            "the record counts {} moves and {} turns, the replay {} moves and {} turns",
            head.moves, head.turns, s.moves, s.turns
        ));
    }
    Ok(replayed)
}

/// Plays `events` from `seed`, checking each; a game not `stopped` must play them all to its
/// end. The game where the events end, and whether it is over.
fn play_events<'e>(
    engine: &'e Engine,
    seed: u64,
    cap: u32,
    events: &[Value],
    stopped: bool,
    observe: &mut dyn FnMut(&GameEvent),
    choice: &mut dyn FnMut(&Game, usize),
) -> Result<(Replayed<'e>, bool), String> {
    let mut rng = <Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
    let mut game = Game::new(engine, cap);
    let mut choices = Vec::new();
    let mut at = 0usize;
    let mut check_drained = |game: &mut Game, at: &mut usize| -> Result<(), String> {
        for e in game.events.drain(..) {
            let expected = event_json(engine, &e);
            match events.get(*at) {
                Some(found) if *found == expected => {
                    *at += 1;
                    observe(&e);
                }
                Some(found) => {
                    return Err(format!(
                        "event {}: the rules give {expected}, the record has {found}",
                        *at + 1
                    ));
                }
                None => {
                    return Err(format!(
                        "the record ends early: the rules go on with {expected}"
                    ));
                }
            }
        }
        Ok(())
    };
    let over = loop {
        let action = game.next_action();
        check_drained(&mut game, &mut at)?;
        let Some(next) = events.get(at) else {
            // A stopped game ends where a player stopped it, before its end.
            if action == Action::Over || stopped {
                break action == Action::Over;
            }
            return Err(format!(
                "the record ends early, after event {at}: the game is not over"
            ));
        };
        match action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                let name = |s: senet_lang::types::Side| &engine.rules.sides[s].name;
                let (path, expected) = match action {
                    Action::SeatThrow { .. } => {
                        (["seat", "throw"], "a throw for seats".to_string())
                    }
                    Action::StartThrow { side } => (
                        ["start", "throw"],
                        format!("{}'s throw of the throw-off", name(side)),
                    ),
                    Action::Throw { side } => {
                        (["throw", "value"], format!("a throw by {}", name(side)))
                    }
                    _ => unreachable!("a throw action"),
                };
                let v = u8_at(next, &path).ok_or(format!(
                    "event {}: expected {expected}, found {next}",
                    at + 1
                ))?;
                if !engine.rules.throws.can_give(v) {
                    return Err(format!("event {}: {v} is not a possible throw", at + 1));
                }
                // Every throw comes from the record's seed, in order: a throw changed by hand
                // is found out.
                let seeded = random_throw(engine, &mut rng);
                if v != seeded {
                    return Err(format!(
                        "event {}: the record's seed throws {seeded} here, the record says {v}",
                        at + 1
                    ));
                }
                if let Action::Throw { side } = action {
                    choices.push(Choice::Throw(side));
                }
                game.give_throw(v);
            }
            Action::Choose { side } => {
                let found = next.get("move");
                let steps = found.and_then(|m| m.get("steps")).ok_or(format!(
                    "event {}: expected a move by {}, found {next}",
                    at + 1,
                    engine.rules.sides[side].name
                ))?;
                // A move is known by its steps, the throw it plays, whether it retreats, what it declines and
                // whether it ends the turn.
                let throw = found.and_then(|m| m.get("throw")).and_then(Value::as_u64);
                let marks = found
                    .map(MoveMarks::read)
                    .transpose()
                    .map_err(|e| format!("event {}: the move {steps}: {e}", at + 1))?
                    .unwrap_or_default();
                let index = (0..game.moves().len())
                    .find(|&i| {
                        let m = &game.moves()[i];
                        steps_json(m) == *steps
                            && MoveMarks::of(m) == marks
                            && throw.is_none_or(|t| u64::from(game.throw_of(i).get()) == t)
                    })
                    .ok_or(format!(
                        "event {}: the move {steps} is not legal here",
                        at + 1
                    ))?;
                choices.push(Choice::Move(index));
                choice(&game, index);
                game.choose(index);
            }
            Action::Over => {
                return Err(format!(
                    "event {}: the game is over, but the record goes on with {next}",
                    at + 1
                ));
            }
        }
    };
    check_drained(&mut game, &mut at)?;
    Ok((Replayed { game, choices }, over))
}

/// A one-line description of an outcome for people (`stop`: why a game without one stopped).
pub fn outcome_text(engine: &Engine, outcome: Option<&Outcome>, stop: Option<Stop>) -> String {
    match outcome {
        Some(Outcome::Win { side, points }) => {
            let name = &engine.rules.sides[*side].name;
            if engine.rules.scores_match_points() {
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
) -> Result<(senet_engine::engine::Position, Option<u8>), String> {
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
        return Err(format!(
            "the game has {turns} turn{}: choose a turn from 0 (the start) to {turns}",
            if turns == 1 { "" } else { "s" }
        ));
    }
    Ok((pos, throw))
}
