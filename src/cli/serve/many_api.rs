//! The game routes of `senet serve` for games of more than two sides: what [`super::api`]'s
//! handlers do once the game (or the rules of a new one) has more sides. The answers have the
//! shapes of a game of two sides' (docs/formats.md).

use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::api::missing;
use super::games::{Budget, Games, Held, Kept, RulesHeld, TURN_CAP, lock};
use super::many::{Awaiting, ManyBuilt, ManyCompiled, ManyStored};
use super::{ApiError, State as Shared};
use senet::check::RuleSet;
use senet::multi::MultiRules;
use senet::notation::multi_record::MultiRecord;
use senet::players::{Player, PlayerSpec};
use senet::session_many::{ManyDecision, ManySession};

/// A decision a request makes in a game of many sides.
#[derive(Clone, Copy, Debug)]
pub enum Asked {
    Throw,
    Choose(usize),
}

/// Refuses a player that does not play games of more than two sides.
pub fn check_players(players: &[Player]) -> Result<(), ApiError> {
    match ManySession::unplayable(players) {
        Some(p) => Err(ApiError::bad(format!(
            "`{p}` does not play the games of the engine for many sides: their players are `human`, `random`, `greedy` and `expectimax`"
        ))),
        None => Ok(()),
    }
}

/// The compiled rules of `rules` (of more than two sides), shared with a live game of the same
/// rules where there is one.
pub fn compiled(games: &Games, key: &str, rules: RuleSet) -> Result<Arc<ManyCompiled>, ApiError> {
    if let Some(RulesHeld::Many(c)) = games.compiled(key) {
        return Ok(c);
    }
    let multi = MultiRules::compile(&rules).map_err(|e| {
        ApiError::bad(format!(
            "`{}` {}, and {e}",
            rules.id,
            rules.why_many().unwrap_or_default()
        ))
    })?;
    Ok(Arc::new(ManyCompiled {
        rules: Arc::new(rules),
        multi: Arc::new(multi),
    }))
}

/// A new game of more than two sides, kept, and played by the server until a person is to
/// throw or to choose: its id and state.
pub fn begin(
    st: &Shared,
    key: String,
    compiled: &Arc<ManyCompiled>,
    session: ManySession,
    budget: impl FnOnce(&str) -> Budget,
) -> Result<Value, ApiError> {
    let stored = ManyStored {
        rules: Arc::clone(&compiled.rules),
        multi: Arc::clone(&compiled.multi),
        session,
        halt: None,
    };
    let (id, game) = st
        .games
        .insert_many(stored, key, compiled)
        .map_err(missing)?;
    let mut g = lock(&game)?;
    let built = g.build(Some(&budget(&id)));
    st.games.account(&id, g.kept_bytes());
    let built = built.map_err(ApiError::bad)?;
    Ok(g.state_json(&id, &built))
}

/// The game of a record of many sides (its rules those it carries, checked against its hash
/// and compiled; every event verified), to go on with.
pub fn from_record(
    games: &Games,
    rec: &Value,
    parse: impl Fn(&str) -> Result<Player, String>,
) -> Result<(String, Arc<ManyCompiled>, ManySession), ApiError> {
    let bad = |e: String| ApiError::bad(format!("the record cannot be taken up: {e}"));
    let record = MultiRecord::read(rec).map_err(|e| bad(e.to_string()))?;
    let players = record
        .players
        .iter()
        .map(|p| parse(p).map_err(|e| bad(format!("its players: {e}"))))
        .collect::<Result<Vec<Player>, ApiError>>()?;
    check_players(&players)?;
    let options: Vec<(String, String)> = record.options.clone().into_iter().collect();
    let chain = record
        .rules
        .chain()
        .ok_or_else(|| bad("it carries no rules".into()))?;
    let rules = senet::check::check_chain(chain, &options)
        .map_err(|_| bad("the rules it carries do not check under this version of senet".into()))?;
    if rules.hash != record.rules.hash {
        return Err(bad(format!(
            "its rules have changed since the game was recorded (hash {} now, {} in the record)",
            rules.hash, record.rules.hash
        )));
    }
    let key = Kept::<()>::key(&rules);
    let compiled = compiled(games, &key, rules)?;
    record
        .replay(&compiled.multi)
        .map_err(|e| bad(e.to_string()))?;
    let session = ManySession::of_record(&compiled.multi, &record, players)
        .map_err(|e| bad(e.to_string()))?;
    Ok((key, compiled, session))
}

/// A copy of a game cut to its first `at` decisions (all, without `at`), and how many it has.
fn view_of(game: &Mutex<ManyStored>, at: Option<usize>) -> Result<(ManyStored, usize), ApiError> {
    let g = lock(game)?;
    let all = g.session.decisions.len();
    let mut session = g.session.clone();
    session.decisions.truncate(at.unwrap_or(all));
    Ok((
        ManyStored {
            rules: Arc::clone(&g.rules),
            multi: Arc::clone(&g.multi),
            session,
            halt: g.halt.clone(),
        },
        all,
    ))
}

/// `GET /api/games/{id}` of a game of many sides (`at`: after its first K decisions).
pub fn state(id: &str, game: &Mutex<ManyStored>, at: Option<usize>) -> Result<Value, ApiError> {
    let (mut view, all) = view_of(game, at)?;
    let built = view.build(None).map_err(ApiError::bad)?;
    let mut v = view.state_json(id, &built);
    v["decisions"] = json!(all);
    v["at"] = json!(view.session.decisions.len());
    Ok(v)
}

/// `GET /api/games/{id}/draw` of a game of many sides.
pub fn draw(
    game: &Mutex<ManyStored>,
    at: Option<usize>,
    paths: bool,
    narrow: bool,
) -> Result<String, ApiError> {
    let (mut view, _) = view_of(game, at)?;
    let built = view.build(None).map_err(ApiError::bad)?;
    Ok(view.svg(&built, paths, narrow))
}

/// A person's decision in a game of many sides, played on to the next person's: the game's
/// state. Where it does not fit, the game is left as it was and the answer says why.
pub fn decide(
    st: &Shared,
    id: &str,
    game: &Mutex<ManyStored>,
    asked: Asked,
    budget: Budget,
) -> Result<Value, ApiError> {
    let mut g = lock(game)?;
    if g.stopped().is_some() {
        return Err(conflict(
            "the game was stopped by the server: nothing more can be played in it",
        ));
    }
    let built = g.build(None).map_err(ApiError::bad)?;
    let decision = match (asked, built.awaiting) {
        (Asked::Throw, Awaiting::Throw(_)) => ManyDecision::Throw,
        (Asked::Choose(k), Awaiting::Move(_)) => {
            let choices = g.multi.choices(built.play.game.moves().len());
            if k >= choices {
                return Err(ApiError::bad(format!(
                    "there are {choices} choices: `index` is from 0 to {}",
                    choices - 1
                )));
            }
            ManyDecision::Choose(k)
        }
        (Asked::Throw, _) => return Err(conflict("it is not a person's turn to throw")),
        (Asked::Choose(_), _) => return Err(conflict("it is not a person's turn to move")),
    };
    g.session.decisions.push(decision);
    let built = g.build(Some(&budget));
    st.games.account(id, g.kept_bytes());
    let built = built.map_err(ApiError::bad)?;
    Ok(g.state_json(id, &built))
}

/// `POST /api/games/{id}/undo` of a game of many sides.
pub fn undo(st: &Shared, id: &str, game: &Mutex<ManyStored>) -> Result<Value, ApiError> {
    let mut g = lock(game)?;
    let built = g.build(None).map_err(ApiError::bad)?;
    if !g.undo(&built) {
        return Err(conflict("no move of a person to take back"));
    }
    let built = g.build(None);
    st.games.account(id, g.kept_bytes());
    let built = built.map_err(ApiError::bad)?;
    Ok(g.state_json(id, &built))
}

/// `GET /api/games/{id}/hint` of a game of many sides: the `expectimax` agent's choice.
pub fn hint(id: &str, game: &Mutex<ManyStored>) -> Result<Value, ApiError> {
    let mut g = lock(game)?;
    let built = g.build(None).map_err(ApiError::bad)?;
    let index = g
        .hint(&built)
        .ok_or_else(|| conflict("it is not a person's turn to move"))?;
    let state = g.state_json(id, &built);
    Ok(json!({ "index": index, "text": state["moves"][index]["text"] }))
}

/// `GET /api/games/{id}/record` of a game of many sides.
pub fn record(game: &Mutex<ManyStored>) -> Result<Value, ApiError> {
    let mut g = lock(game)?;
    let built: ManyBuilt = g.build(None).map_err(ApiError::bad)?;
    serde_json::to_value(g.record(&built))
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
}

/// The refusal of a route that plays games of two sides only, for a game of more.
pub fn two_only(held: Held, route: &str) -> Result<Arc<Mutex<super::games::Stored>>, ApiError> {
    match held {
        Held::Two(g) => Ok(g),
        Held::Many(_) => Err(conflict(&format!(
            "the game has more than two sides: {route} is for games of two sides so far"
        ))),
    }
}

fn conflict(message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, message)
}

/// The default players of a game of `n` sides: a person, then `random` for each other side.
pub fn default_players(n: usize) -> Vec<Player> {
    let mut players = vec![Player::of(PlayerSpec::Human)];
    players.extend((1..n).map(|_| Player::of(PlayerSpec::Random)));
    players
}

/// A new game's session: its players (one a side), seed and the server's turn cap.
pub fn session(players: Vec<Player>, seed: u64) -> ManySession {
    ManySession::new(players, seed, TURN_CAP)
}
