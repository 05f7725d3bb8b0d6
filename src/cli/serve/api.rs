//! The routes of `senet serve`: the pages, and the JSON API (docs/formats.md), whose answers
//! have the shapes of the command line's JSON.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, LazyLock};
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Map, Value, json};

use super::games::{
    Awaiting, Budget, Built, Compiled, Held, Kept, Missing, RulesHeld, Stored, TURN_CAP, Told,
    lock, playable,
};
use super::many::ManyStored;
use super::many_api;
use super::{ApiError, MAX_BODY, MAX_SOURCE, State as Shared, assets, guard};
use senet::agents;
use senet::agents::ManyAgent;
use senet::check::{CheckFailure, RuleSet, Source, Warnings, check_chain, check_target};
use senet::compile::compile;
use senet::engine::{Engine, Move, Step};
use senet::notation::event::StepNote;
use senet::notation::multi_record::MULTI_FORMAT;
use senet::notation::parse_position;
use senet::notation::position::moves_json;
use senet::notation::record::{self, Record};
use senet::players::{Player, PlayerSpec};
use senet::render;
use senet::render::svg::{Drawing, Shown, svg};
use senet::session::{Decision, Session};
use senet::solve::Solved;
use senet::turn_steps::TurnSteps;
use senet::types::{Place, Throw};

pub fn router(state: Shared) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/app.css", get(assets::style))
        .route("/api/rulesets", get(rulesets))
        .route("/api/check", post(check))
        .route("/api/explain", post(explain))
        .route("/api/diff", post(diff))
        .route("/api/draw", get(draw_get).post(draw_post))
        .route("/api/moves", post(moves))
        .route("/api/solvable", post(solvable))
        .route("/api/perfect", post(perfect))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/throw", post(throw))
        .route("/api/games/{id}/move", post(play_move))
        .route("/api/games/{id}/steps", post(turn_steps))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/review", post(review_game))
        .route("/api/games/{id}/record", get(game_record))
        .route("/api/games/{id}/draw", get(game_draw))
        .route("/api/sim", post(sim))
        .route("/api/compare", post(compare))
        .fallback(not_found)
        .method_not_allowed_fallback(not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            guard::check,
        ))
        .with_state(state)
}

type Answer = Result<Response, ApiError>;

fn json_answer(status: StatusCode, v: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        v.to_string(),
    )
        .into_response()
}

fn ok(v: &Value) -> Answer {
    Ok(json_answer(StatusCode::OK, v))
}

fn svg_answer(picture: String) -> Answer {
    Ok((
        [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")],
        picture,
    )
        .into_response())
}

async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such page or API route (docs/formats.md lists the API)",
    )
}

async fn not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this route does not take that method (docs/formats.md lists the API)",
    )
}

// ---- reading requests --------------------------------------------------------------------------

/// A request's body as a JSON object with only the `allowed` keys.
fn object(
    body: Result<Bytes, BytesRejection>,
    allowed: &[&str],
) -> Result<Map<String, Value>, ApiError> {
    let bytes = body.map_err(|r| {
        let status = r.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!("the request is longer than {} KiB", MAX_BODY >> 10)
        } else {
            format!("the request's body cannot be read: {}", r.body_text())
        };
        ApiError::new(status, message)
    })?;
    let value: Value = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad(format!("the body is not JSON: {e}")))?;
    let Value::Object(map) = value else {
        return Err(ApiError::bad("the body must be a JSON object"));
    };
    if let Some(key) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(ApiError::bad(format!(
            "unknown field `{key}` (this request takes {})",
            allowed
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(map)
}

/// `options`: an object of option name -> value (a string, or a number written as one).
fn options_of(o: &Map<String, Value>) -> Result<Vec<(String, String)>, ApiError> {
    match o.get("options") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(m)) => m
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => Ok((k.clone(), s.clone())),
                Value::Number(n) => Ok((k.clone(), n.to_string())),
                _ => Err(ApiError::bad(format!(
                    "option `{k}` must be a string, as the rule file writes its values"
                ))),
            })
            .collect(),
        Some(_) => Err(ApiError::bad(
            "`options` must be an object: option name -> value",
        )),
    }
}

/// The answer for rules that do not check: the diagnostics as `senet check --format json`
/// gives them (at most a file's bound, `omitted` counting the rest).
fn invalid(diags: &[senet::lang::Diagnostic]) -> ApiError {
    let (shown, omitted) = senet::lang::diagnostic::bound(diags);
    let list: Vec<_> = shown
        .into_iter()
        .map(senet::lang::Diagnostic::to_json)
        .collect();
    let mut body = json!({
        "error": format!("the rules have {} error{}", diags.len(), if diags.len() == 1 { "" } else { "s" }),
        "diagnostics": list,
    });
    if !omitted.is_empty() {
        body["omitted"] = json!(omitted);
    }
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        body,
    }
}

/// A bundled rule set, with options.
fn bundled(id: &str, options: &[(String, String)]) -> Result<RuleSet, ApiError> {
    if senet::bundled::get(id).is_none() {
        let hint = senet::lang::diagnostic::did_you_mean(id, senet::bundled::ids())
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no bundled rule set `{id}`{hint}: GET /api/rulesets lists them"),
        ));
    }
    match check_target(id, options) {
        Ok(r) => Ok(r),
        Err(CheckFailure::Invalid(diags)) => Err(invalid(&diags)),
        Err(CheckFailure::Unreadable(msg)) => {
            Err(ApiError::new(StatusCode::NOT_FOUND, msg.to_string()))
        }
    }
}

/// The name a page's rule text goes by (in diagnostics, and in a record's files).
const SOURCE_NAME: &str = "source.rules";

/// A page's rule text, checked without reading anything from disk.
fn sandboxed(text: &str, options: &[(String, String)]) -> Result<RuleSet, ApiError> {
    if text.len() > MAX_SOURCE {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a rule file may be at most {} KiB", MAX_SOURCE >> 10),
        ));
    }
    let source = Source::Sandboxed {
        name: SOURCE_NAME,
        text,
    };
    senet::check::check(source, options, Warnings::Skip)
        .output
        .map_err(|f| invalid(&f.into_diagnostics()))
}

/// The rules a request names: `rules` (a bundled id) or `source` (a rule file's text, which
/// may extend bundled ids only), with its `options`.
fn rules_of(o: &Map<String, Value>) -> Result<RuleSet, ApiError> {
    rules_with(o, &options_of(o)?)
}

/// The rules `o` names (see [`rules_of`]) with `options` rather than its own.
fn rules_with(o: &Map<String, Value>, options: &[(String, String)]) -> Result<RuleSet, ApiError> {
    match (o.get("rules"), o.get("source")) {
        (Some(Value::String(id)), None) => bundled(id, options),
        (None, Some(Value::String(text))) => sandboxed(text, options),
        (Some(_), Some(_)) => Err(ApiError::bad("give `rules` or `source`, not both")),
        (None, None) => Err(ApiError::bad(
            "name the rules: `rules` (a bundled id) or `source` (a rule file's text)",
        )),
        _ => Err(ApiError::bad("`rules` and `source` are strings")),
    }
}

/// The two-sided engine for `rules`: rules the engine for many sides plays are refused here
/// (their requests take them another way).
pub(super) fn engine_of(rules: &RuleSet) -> Result<Engine, ApiError> {
    if let Some(why) = rules.why_many() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "`{}` {why}: this request takes rule sets of the two-sided engine only",
                rules.id
            ),
        ));
    }
    Ok(Engine::new(compile(rules)))
}

// ---- rule sets, checking, explaining -----------------------------------------------------------

/// `GET /api/rulesets`: as `senet list --format json`, with `sources` (worked out once, on a thread of its own:
/// it needs no worker, so that it answers while all of them are busy).
async fn rulesets() -> Answer {
    static LIST: tokio::sync::OnceCell<Value> = tokio::sync::OnceCell::const_new();
    let list = LIST
        .get_or_try_init(|| async {
            tokio::task::spawn_blocking(|| super::super::commands::list_json(true))
                .await
                .map_err(|_| {
                    ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "the request failed inside the server",
                    )
                })
        })
        .await?;
    ok(list)
}

/// `POST /api/check {"source", "options"}`: as `senet check --format json`, the file named
/// `source.rules`, warnings included.
async fn check(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(body, &["source", "options"])?;
    let Some(Value::String(text)) = o.get("source").cloned() else {
        return Err(ApiError::bad("`source` must be the rule file's text"));
    };
    if text.len() > MAX_SOURCE {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a rule file may be at most {} KiB", MAX_SOURCE >> 10),
        ));
    }
    let options = options_of(&o)?;
    let entry = s
        .blocking(move || {
            let source = Source::Sandboxed {
                name: SOURCE_NAME,
                text: &text,
            };
            let checked = senet::check::check(source, &options, Warnings::Find);
            Ok(super::super::commands::check_entry(
                SOURCE_NAME,
                &checked.output,
                &checked.warnings,
                false,
            ))
        })
        .await?;
    ok(&json!({ "files": [entry] }))
}

/// `POST /api/explain {"rules" | "source", "options"}`: as `senet explain --format json`, and
/// the explanation for people as `text`.
async fn explain(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(body, &["rules", "source", "options"])?;
    let v = s
        .blocking(move || {
            let r = rules_of(&o)?;
            let mut v = super::super::commands::explain_json(&r);
            v["text"] = json!(render::explain::explain(&r));
            Ok(v)
        })
        .await?;
    ok(&v)
}

/// `POST /api/diff {"rules" | "source", "against", "options"}`: the rules that differ, as
/// `senet diff` prints them; each option goes to the rule sets that have it.
async fn diff(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(body, &["rules", "source", "against", "options"])?;
    let Some(Value::String(against)) = o.get("against").cloned() else {
        return Err(ApiError::bad("`against` must be a bundled id"));
    };
    let v = s
        .blocking(move || {
            let options = options_of(&o)?;
            let mut plain = o.clone();
            plain.remove("options");
            let names =
                |r: &RuleSet| -> Vec<String> { r.options.iter().map(|x| x.name.clone()).collect() };
            let (na, nb) = (names(&rules_of(&plain)?), names(&bundled(&against, &[])?));
            if let Some((name, _)) = options
                .iter()
                .find(|(n, _)| !na.contains(n) && !nb.contains(n))
            {
                return Err(ApiError::bad(format!(
                    "neither rule set has an option `{name}`"
                )));
            }
            let only = |known: &[String]| -> Map<String, Value> {
                options
                    .iter()
                    .filter(|(n, _)| known.contains(n))
                    .map(|(n, v)| (n.clone(), json!(v)))
                    .collect()
            };
            let mut a = plain.clone();
            a.insert("options".into(), Value::Object(only(&na)));
            let b: Vec<(String, String)> = only(&nb)
                .into_iter()
                .map(|(n, v)| (n, v.as_str().unwrap_or_default().to_string()))
                .collect();
            let (ra, rb) = (rules_of(&a)?, bundled(&against, &b)?);
            Ok(json!({ "a": ra.id, "b": rb.id, "text": render::diff::diff(&ra, &rb) }))
        })
        .await?;
    ok(&v)
}

// ---- drawing and moves -------------------------------------------------------------------------

/// Draws `rules` in `position` (JSON, or the start), with the paths if asked, for a narrow
/// screen if asked.
fn draw_rules(
    rules: &RuleSet,
    position: Option<&Value>,
    paths: bool,
    narrow: bool,
) -> Result<String, ApiError> {
    if rules.plays_many() {
        return render::svg_many::draw_many(rules, position, paths, narrow).map_err(ApiError::bad);
    }
    let engine = engine_of(rules)?;
    let (pos, throw) = match position {
        None | Some(Value::Null) => (engine.start(), None),
        Some(p) => parse_position(&engine, p).map_err(|e| ApiError::bad(e.to_string()))?,
    };
    Ok(svg(
        &engine,
        &Drawing {
            position: &pos,
            throw: throw.map_or(Shown::Nothing, Shown::Thrown),
            paths,
            narrow,
        },
    ))
}

/// A true-or-false field of a request's body, `default` where it is absent.
fn bool_field(o: &Map<String, Value>, name: &str, default: bool) -> Result<bool, ApiError> {
    match o.get(name) {
        None => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(ApiError::bad(format!("`{name}` is true or false"))),
    }
}

/// A yes or no of a query: `1`, `true`, `0`, `false`.
fn flag(name: &str, value: &str) -> Result<bool, ApiError> {
    match value {
        "1" | "true" | "yes" => Ok(true),
        "0" | "false" | "no" => Ok(false),
        _ => Err(ApiError::bad(format!("`{name}` is 1 or 0"))),
    }
}

/// `GET /api/draw?rules=ID&option=NAME=VALUE&position=JSON&paths=1`: the board as SVG.
async fn draw_get(
    State(s): State<Shared>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Answer {
    let Query(pairs) =
        query.map_err(|e| ApiError::bad(format!("the query cannot be read: {e}")))?;
    let mut rules = None;
    let mut options = Vec::new();
    let mut position = None;
    let mut paths = false;
    let mut narrow = false;
    for (k, v) in pairs {
        match k.as_str() {
            "rules" => rules = Some(v),
            "option" => match v.split_once('=') {
                Some((n, x)) => options.push((n.to_string(), x.to_string())),
                None => return Err(ApiError::bad(format!("`option={v}` is not NAME=VALUE"))),
            },
            "position" => {
                position = Some(
                    serde_json::from_str::<Value>(&v)
                        .map_err(|e| ApiError::bad(format!("`position` is not JSON: {e}")))?,
                );
            }
            "paths" => paths = flag("paths", &v)?,
            "narrow" => narrow = flag("narrow", &v)?,
            other => {
                return Err(ApiError::bad(format!(
                    "unknown parameter `{other}` (the drawing takes `rules`, `option`, `position`, `paths` and `narrow`)"
                )));
            }
        }
    }
    let id = rules.ok_or_else(|| ApiError::bad("`rules` names a bundled rule set"))?;
    let picture = s
        .blocking(move || draw_rules(&bundled(&id, &options)?, position.as_ref(), paths, narrow))
        .await?;
    svg_answer(picture)
}

/// `POST /api/draw {"rules" | "source", "options", "position", "paths", "narrow"}`: the board
/// as SVG.
async fn draw_post(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(
        body,
        &["rules", "source", "options", "position", "paths", "narrow"],
    )?;
    let (paths, narrow) = (
        bool_field(&o, "paths", false)?,
        bool_field(&o, "narrow", false)?,
    );
    let picture = s
        .blocking(move || draw_rules(&rules_of(&o)?, o.get("position"), paths, narrow))
        .await?;
    svg_answer(picture)
}

/// `POST /api/moves {"rules" | "source", "options", "position"}`: as `senet moves` answers one
/// position.
async fn moves(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(body, &["rules", "source", "options", "position"])?;
    let v = s
        .blocking(move || {
            let engine = engine_of(&rules_of(&o)?)?;
            let position = o
                .get("position")
                .ok_or_else(|| ApiError::bad("`position` is the position to list the moves of"))?;
            moves_json(&engine, position, &mut Vec::new()).map_err(|e| ApiError::bad(e.to_string()))
        })
        .await?;
    ok(&v)
}

// ---- games -------------------------------------------------------------------------------------

/// The players of a new game: two names, each `human` or an agent.
fn players_of(o: &Map<String, Value>, n: usize) -> Result<Vec<Player>, ApiError> {
    let list = match o.get("players") {
        None => return Ok(many_api::default_players(n)),
        Some(Value::Array(list)) => list,
        Some(_) => {
            return Err(ApiError::bad(format!(
                "`players` is a list of {} names",
                in_words(n)
            )));
        }
    };
    let names: Vec<&str> = list
        .iter()
        .map(Value::as_str)
        .collect::<Option<_>>()
        .ok_or_else(|| ApiError::bad(format!("`players` is a list of {} names", in_words(n))))?;
    if names.len() != n {
        let example = std::iter::once("\"human\"")
            .chain(std::iter::repeat_n("\"random\"", n - 1))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(ApiError::bad(format!(
            "`players` names {} players, one a side in side order (for example [{example}])",
            in_words(n)
        )));
    }
    names
        .into_iter()
        .map(|n| parse_player(n).map_err(ApiError::bad))
        .collect()
}

/// A count of sides in words: `two`, `four` (digits past ten).
fn in_words(n: usize) -> String {
    const WORDS: [&str; 9] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    n.checked_sub(2)
        .and_then(|k| WORDS.get(k))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// A player the server may play, from its name.
fn parse_player(name: &str) -> Result<Player, String> {
    let player: Player = name
        .parse()
        .map_err(|e: senet::players::PlayerError| e.to_string())?;
    playable(&player)?;
    Ok(player)
}

/// The seed of a new game: as given, or drawn.
fn seed_of(o: &Map<String, Value>) -> Result<u64, ApiError> {
    match o.get("seed") {
        None | Some(Value::Null) => Ok(super::games::random_u64()),
        Some(v) => v
            .as_u64()
            .ok_or_else(|| ApiError::bad("`seed` is a whole number from 0 to 2^64 - 1")),
    }
}

/// The table `optimal` plays from, solved once for these rules (alone, and bounded: a rule set
/// too large to solve in seconds is refused). The solve keeps its table even if its request was
/// answered before it ended.
async fn table_of(
    s: &Shared,
    rules: &RuleSet,
    engine: &Arc<Engine>,
    players: &[Player],
) -> Result<Option<Arc<Solved>>, ApiError> {
    if !players.iter().any(Player::needs_table) {
        return Ok(None);
    }
    solved(s, rules, engine).await.map(Some)
}

/// The table of these rules for `optimal`: kept, or solved now within the agent's limits; what
/// came of a solve is kept as the answer of `POST /api/solvable` for these rules.
async fn solved(
    s: &Shared,
    rules: &RuleSet,
    engine: &Arc<Engine>,
) -> Result<Arc<Solved>, ApiError> {
    let key = Kept::<Solved>::key(rules);
    if let Some(t) = s.tables.get(&key) {
        return Ok(t);
    }
    // Rules known not to solve are refused at once, even while another solve runs.
    if let Some(v) = SOLVABLE.get(&key)
        && v["solvable"] == json!(false)
    {
        let detail = v["detail"].as_str().unwrap_or_default();
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, detail));
    }
    let engine = Arc::clone(engine);
    let tables = Arc::clone(&s.tables);
    s.solving(move || match agents::solve_for_agent(&engine) {
        Ok(table) => {
            tables.put(key.clone(), Arc::clone(&table));
            SOLVABLE.put(key, Arc::new(json!({ "solvable": true })));
            Ok(table)
        }
        Err(e) => {
            SOLVABLE.put(key, Arc::new(refusal(&e)));
            Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                e.to_string(),
            ))
        }
    })
    .await
}

/// The answers of `POST /api/solvable`, by rules and options (a few bytes each).
static SOLVABLE: LazyLock<Kept<Value>> = LazyLock::new(|| Kept::new(512));

const TOO_LARGE: &str = "too large to solve here";

fn unsolvable(reason: &str, detail: &str) -> Value {
    json!({ "solvable": false, "reason": reason, "detail": detail })
}

/// The answer of `POST /api/solvable` for the agent's refusal `e`.
fn refusal(e: &agents::OptimalError) -> Value {
    let reason = match e {
        agents::OptimalError::Unsolvable { .. } => "cannot be solved",
        _ => TOO_LARGE,
    };
    unsolvable(reason, &e.to_string())
}

/// Whether `optimal` can have a table of these rules here, told by the solver's own bounds
/// without solving, as `POST /api/solvable` answers; `None` where only a solve can tell.
fn solvable_by_size(engine: &Engine) -> Option<Value> {
    agents::foreseen_for_agent(engine).map(|r| match r {
        Ok(()) => json!({ "solvable": true }),
        Err(e) => refusal(&e),
    })
}

/// `POST /api/solvable {"rules" | "source", "options"}`: whether the server can solve these
/// rules for `optimal` (the level `perfect`), and if not, why: `{"solvable": true}`, or
/// `{"solvable": false, "reason", "detail"}`. The solver's bounds tell at once where they can;
/// else the rules are solved once, the table kept for their games.
async fn solvable(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(body, &["rules", "source", "options"])?;
    let checked = s
        .blocking(move || {
            let rules = rules_of(&o)?;
            if let Some(why) = rules.why_many() {
                return Ok(Err(unsolvable(
                    "games of two sides only",
                    &format!(
                        "the solver here answers for the two-sided engine's games: `{}` {why}",
                        rules.id
                    ),
                )));
            }
            let engine = engine_of(&rules)?;
            let sized = solvable_by_size(&engine);
            Ok(Ok((rules, Arc::new(engine), sized)))
        })
        .await?;
    let (rules, engine, sized) = match checked {
        Ok(checked) => checked,
        Err(refused) => return ok(&refused),
    };
    let key = Kept::<Solved>::key(&rules);
    if let Some(v) = SOLVABLE.get(&key) {
        return ok(&v);
    }
    let v = match sized {
        Some(v) => v,
        None => match solved(&s, &rules, &engine).await {
            Ok(_) => json!({ "solvable": true }),
            Err(e) if e.status == StatusCode::UNPROCESSABLE_ENTITY => {
                unsolvable(TOO_LARGE, e.body["error"].as_str().unwrap_or_default())
            }
            // Busy, or past the deadline: not known yet.
            Err(e) => return Err(e),
        },
    };
    SOLVABLE.put(key, Arc::new(v.clone()));
    ok(&v)
}

/// `POST /api/perfect {"rules" | "source", "options", "fewer"}`: the chances of each side from
/// the start under perfect play, as `senet solve --format json` gives them (`rules`, `options`
/// (those the rules were solved with), `to_move`, `method`, `states`, `win_probability`,
/// `draw_probability`), solved within the `perfect` level's bounds and the table kept for its
/// games. With `fewer`, rules too large to solve here are solved with fewer pieces where their
/// `pieces` option allows it: the most the bounds let solve (`options` says how many).
async fn perfect(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(body, &["rules", "source", "options", "fewer"])?;
    let fewer = bool_field(&o, "fewer", false)?;
    let (rules, engine, options) = s
        .blocking(move || {
            let options = options_of(&o)?;
            let rules = rules_with(&o, &options)?;
            let engine = engine_of(&rules)?;
            let foreseen = agents::foreseen_for_agent(&engine);
            if fewer && matches!(foreseen, Some(Err(_))) {
                let below = rules
                    .options
                    .iter()
                    .find(|p| p.name == "pieces")
                    .map(senet::check::ruleset::OptionInfo::values_below)
                    .unwrap_or_default();
                for n in below {
                    let mut smaller: Vec<(String, String)> =
                        options.iter().filter(|(k, _)| k != "pieces").cloned().collect();
                    smaller.push(("pieces".to_string(), n.to_string()));
                    let r = rules_with(&o, &smaller)?;
                    let e = engine_of(&r)?;
                    if matches!(agents::foreseen_for_agent(&e), Some(Ok(()))) {
                        return Ok((r, Arc::new(e), smaller));
                    }
                }
            }
            // Refused in the page's words where the bounds tell at once.
            if let Some(Err(e)) = foreseen {
                let why = match e {
                    agents::OptimalError::TooLarge { id, size } => format!(
                        "`{id}` is too large to solve here ({size}): `senet solve {id}` solves it on a machine with the memory for it (docs/solver.md)"
                    ),
                    other => other.to_string(),
                };
                return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, why));
            }
            Ok((rules, Arc::new(engine), options))
        })
        .await?;
    let table = solved(&s, &rules, &engine).await?;
    let root = engine.start();
    let (first, second, draw) = table.chances(&root).ok_or_else(|| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the solved table does not hold the start",
        )
    })?;
    let sides: Vec<&str> = rules.sides.values().map(|x| x.name.as_str()).collect();
    let mut win = Map::new();
    win.insert(sides[0].into(), json!(first));
    win.insert(sides[1].into(), json!(second));
    let options: Map<String, Value> = options.into_iter().map(|(k, v)| (k, json!(v))).collect();
    ok(&json!({
        "rules": rules.id,
        "options": options,
        "to_move": sides[root.to_move().index()],
        "method": table.method(),
        "states": table.states(),
        "win_probability": win,
        "draw_probability": draw,
    }))
}

/// How far a request may play the game `id` on, from now.
fn budget(s: &Shared, id: &str) -> Budget {
    Budget {
        until: Instant::now() + s.limits.work_deadline(),
        seconds: s.limits.work_seconds,
        room: s.games.room(id),
        memory: s.games.memory,
    }
}

pub(super) fn missing(m: Missing) -> ApiError {
    match m {
        Missing::Unknown => ApiError::new(
            StatusCode::NOT_FOUND,
            "no such game: it never was, or it was left idle and forgotten",
        ),
        Missing::Full => ApiError::busy(
            "the server holds as many games as it may: try again later, or finish a game",
        ),
        Missing::Memory => ApiError::busy(
            "the server's games take as much memory as they may (`--max-memory`): try again later, or finish a game",
        ),
    }
}

/// `POST /api/games {"rules" | "source", "options", "players", "seed"}` or `{"record": RECORD}`:
/// a new game (or one taken up from a record), played by the server until a person is to move.
async fn new_game(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(
        body,
        &["rules", "source", "options", "players", "seed", "record"],
    )?;
    if let Some(rec) = o.get("record").filter(|r| r["format"] == MULTI_FORMAT) {
        if o.len() > 1 {
            return Err(ApiError::bad("a game from a `record` takes nothing else"));
        }
        let rec = rec.clone();
        let st = Arc::clone(&s);
        let v = s
            .blocking(move || {
                let (key, compiled, session) =
                    many_api::from_record(&st.games, &rec, parse_player)?;
                many_api::begin(&st, key, &compiled, session, |id| budget(&st, id))
            })
            .await?;
        return Ok(json_answer(StatusCode::CREATED, &v));
    }
    let (rules, session) = match o.get("record") {
        Some(rec) => {
            if o.len() > 1 {
                return Err(ApiError::bad("a game from a `record` takes nothing else"));
            }
            let rec = rec.clone();
            s.blocking(move || from_record(&rec)).await?
        }
        None => {
            let seed = seed_of(&o)?;
            let o = Arc::new(o);
            let asked = Arc::clone(&o);
            let rules = s.blocking(move || rules_of(&asked)).await?;
            let players = players_of(&o, rules.sides.len())?;
            if rules.plays_many() {
                many_api::check_players(&players)?;
                let st = Arc::clone(&s);
                let v = s
                    .blocking(move || {
                        let key = Kept::<Solved>::key(&rules);
                        let compiled = many_api::compiled(&st.games, &key, rules)?;
                        let session = many_api::session(players, seed);
                        many_api::begin(&st, key, &compiled, session, |id| budget(&st, id))
                    })
                    .await?;
                return Ok(json_answer(StatusCode::CREATED, &v));
            }
            (rules, Session::new(players, seed, TURN_CAP))
        }
    };
    // Games of the same rules share them, compiled once, while one of them is kept.
    let key = Kept::<Solved>::key(&rules);
    let compiled = match s.games.compiled(&key) {
        Some(RulesHeld::Two(c)) => c,
        _ => Arc::new(Compiled {
            engine: Arc::new(engine_of(&rules)?),
            rules: Arc::new(rules),
        }),
    };
    let engine = Arc::clone(&compiled.engine);
    let table = table_of(&s, &compiled.rules, &engine, &session.players).await?;
    let stored = Stored {
        engine,
        rules: Arc::clone(&compiled.rules),
        session,
        table,
        halt: None,
        told: Told::default(),
    };
    let (id, game) = s.games.insert(stored, key, &compiled).map_err(missing)?;
    let st = Arc::clone(&s);
    let v = s
        .blocking(move || {
            let mut g = lock(&game)?;
            let engine = Arc::clone(&g.engine);
            let built = g.build(&engine, Some(&budget(&st, &id)));
            st.games.account(&id, g.kept_bytes());
            let built = built.map_err(ApiError::bad)?;
            Ok(g.answer(&id, &engine, &built))
        })
        .await?;
    Ok(json_answer(StatusCode::CREATED, &v))
}

/// A record's rules (those it carries: never a file of this machine) and its game (players,
/// seed and decisions), once it replays.
fn from_record(rec: &Value) -> Result<(RuleSet, Session), ApiError> {
    let bad = |e: String| ApiError::bad(format!("the record cannot be replayed: {e}"));
    let head = Record::read(rec).map_err(|e| bad(e.to_string()))?;
    let options = head.option_list();
    // Before anything is made of them: a record may name any player `senet play` knows.
    let players = head
        .players
        .iter()
        .map(|p| parse_player(p).map_err(|e| bad(format!("its players: {e}"))))
        .collect::<Result<Vec<Player>, ApiError>>()?;
    let rules = match head.files() {
        Some(files) => check_chain(files, &options).map_err(|d| invalid(&d))?,
        None => bundled(&head.rules.source, &options)?,
    };
    if rules.hash != head.rules.hash {
        return Err(bad(format!(
            "its rules have changed since the game was recorded (hash {} now, {} in the record)",
            rules.hash, head.rules.hash
        )));
    }
    let engine = engine_of(&rules)?;
    let replayed = record::replay(&engine, &head, |_| {}).map_err(|e| bad(e.to_string()))?;
    let session = Session::of_record(players, head.seed, TURN_CAP, &replayed);
    Ok((rules, session))
}

/// `GET /api/games/{id}` (`?at=K`: as it stood after its first K decisions, for replaying).
async fn game(
    State(s): State<Shared>,
    Path(id): Path<String>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Answer {
    let (at, _, _) = view_query(query)?;
    let game = match s.games.get(&id).map_err(missing)? {
        Held::Two(game) => game,
        Held::Many(game) => {
            let v = s.blocking(move || many_api::state(&id, &game, at)).await?;
            return ok(&v);
        }
    };
    let v = s
        .blocking(move || {
            let (mut view, decisions) = view_of(&game, at)?;
            let engine = Arc::clone(&view.engine);
            let built = view.build(&engine, None).map_err(ApiError::bad)?;
            let mut v = view.state_json(&id, &engine, &built);
            v["decisions"] = json!(decisions);
            v["at"] = json!(view.session.decisions.len());
            Ok(v)
        })
        .await?;
    ok(&v)
}

/// A copy of a game cut to its first `at` decisions (all, without `at`), never going on with
/// the agents' turns; and how many decisions the game has.
fn view_of(
    game: &std::sync::Mutex<Stored>,
    at: Option<usize>,
) -> Result<(Stored, usize), ApiError> {
    let g = lock(game)?;
    let all = g.session.decisions.len();
    let view = Stored {
        engine: Arc::clone(&g.engine),
        rules: Arc::clone(&g.rules),
        session: Session {
            decisions: g.session.decisions[..at.unwrap_or(all).min(all)].to_vec(),
            ..g.session.clone()
        },
        table: None,
        // Where it was stopped, if the copy has all its decisions (else it is taken away).
        halt: g.halt.clone(),
        told: Told::default(),
    };
    Ok((view, all))
}

/// A game's view in a query: `at=K` (the first K decisions) and `paths=1` (the sides' paths
/// drawn).
fn view_query(
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<(Option<usize>, bool, bool), ApiError> {
    let Query(pairs) =
        query.map_err(|e| ApiError::bad(format!("the query cannot be read: {e}")))?;
    let mut at = None;
    let mut paths = false;
    let mut narrow = false;
    for (k, v) in pairs {
        match k.as_str() {
            "at" => {
                at = Some(
                    v.parse::<usize>()
                        .map_err(|_| ApiError::bad("`at` is a number of decisions, from 0"))?,
                );
            }
            "paths" => paths = flag("paths", &v)?,
            "narrow" => narrow = flag("narrow", &v)?,
            other => {
                return Err(ApiError::bad(format!(
                    "unknown parameter `{other}` (a game's view takes `at`, and its drawing `paths` and `narrow`)"
                )));
            }
        }
    }
    Ok((at, paths, narrow))
}

/// `POST /api/games/{id}/throw`: the person to move throws.
async fn throw(
    State(s): State<Shared>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    empty_body(body)?;
    decide(&s, id, Decision::Throw).await
}

/// A person's decision in a game of more than two sides (`many_api::decide`).
async fn decide_many(
    s: &Shared,
    id: String,
    game: Arc<std::sync::Mutex<ManyStored>>,
    asked: many_api::Asked,
) -> Answer {
    let st = Arc::clone(s);
    let v = s
        .blocking(move || many_api::decide(&st, &id, &game, asked, budget(&st, &id)))
        .await?;
    ok(&v)
}

/// Makes a person's decision in a game and plays on to the next: the game's state. The game is
/// rebuilt once with the decision; where it does not fit (not that person's turn, a move that is
/// not there), the game is left as it was and the answer says why. Where the agents' turns that
/// follow run past the request's budget, the game is stopped there, and the state says so.
async fn decide(s: &Shared, id: String, decision: Decision) -> Answer {
    let game = match s.games.get(&id).map_err(missing)? {
        Held::Two(game) => game,
        Held::Many(game) => {
            let asked = match decision {
                Decision::Throw => many_api::Asked::Throw,
                Decision::Move(k) => many_api::Asked::Choose(k),
            };
            return decide_many(s, id, game, asked).await;
        }
    };
    let st = Arc::clone(s);
    let v = s
        .blocking(move || {
            let mut g = lock(&game)?;
            if g.stopped().is_some() {
                return Err(conflict(
                    "the game was stopped by the server: nothing more can be played in it",
                ));
            }
            let engine = Arc::clone(&g.engine);
            let before = g.session.decisions.len();
            g.session.decisions.push(decision);
            let built = g.build(&engine, Some(&budget(&st, &id)));
            st.games.account(&id, g.kept_bytes());
            if let Ok(built) = built {
                return Ok(g.answer(&id, &engine, &built));
            }
            g.session.decisions.truncate(before);
            let built = g.build(&engine, None).map_err(ApiError::bad)?;
            let moves = built.play.game.moves().len();
            Err(match (decision, built.awaiting) {
                (Decision::Move(_), Awaiting::Move(_)) => ApiError::bad(format!(
                    "there are {moves} legal moves: `index` is from 0 to {}",
                    moves.saturating_sub(1)
                )),
                (Decision::Move(_), _) => conflict("it is not a person's turn to move"),
                (Decision::Throw, _) => conflict("it is not a person's turn to throw"),
            })
        })
        .await?;
    ok(&v)
}

fn conflict(message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, message)
}

/// Answers from game `id` as its decisions leave it, without playing on: the game is locked,
/// rebuilt, its memory accounted for, and `f` given it, its engine and the rebuilt game, on a
/// worker thread.
async fn with_game<T: Send + 'static>(
    s: &Shared,
    id: String,
    route: &str,
    f: impl FnOnce(&mut Stored, &Engine, &Built) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let game = many_api::two_only(s.games.get(&id).map_err(missing)?, route)?;
    let st = Arc::clone(s);
    s.blocking(move || {
        let mut g = lock(&game)?;
        let engine = Arc::clone(&g.engine);
        let built = g.build(&engine, None);
        st.games.account(&id, g.kept_bytes());
        let built = built.map_err(ApiError::bad)?;
        f(&mut g, &engine, &built)
    })
    .await
}

/// A body that must be empty, or an empty JSON object.
fn empty_body(body: Result<Bytes, BytesRejection>) -> Result<(), ApiError> {
    let bytes = body.map_err(|r| ApiError::new(r.status(), r.body_text()))?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    object(Ok(bytes), &[]).map(|_| ())
}

/// `POST /api/games/{id}/move {"index": N}`: the person to move plays legal move N of the
/// state's `moves`.
async fn play_move(
    State(s): State<Shared>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let o = object(body, &["index"])?;
    let index = o
        .get("index")
        .and_then(Value::as_u64)
        .and_then(|i| usize::try_from(i).ok())
        .ok_or_else(|| {
            ApiError::bad("`index` is the number of a move in the game's `moves`, from 0")
        })?;
    decide(&s, id, Decision::Move(index)).await
}

/// `POST /api/games/{id}/steps {"steps": [{"from", "to"}, ...]}`: where dice are played one by
/// one, a turn chosen a step at a time. For the steps taken so far (places along the mover's
/// path, as in `senet moves`), the steps that can come next (`options`: each with its `die` and
/// its squares), the dice left, the board after the steps taken (`svg`), and `chosen`: the index
/// of the game's move the steps make, once they make one (then `POST .../move` plays it).
async fn turn_steps(
    State(s): State<Shared>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let o = object(body, &["steps", "narrow"])?;
    let narrow = bool_field(&o, "narrow", false)?;
    let taken: Vec<StepNote> = serde_json::from_value(o.get("steps").cloned().unwrap_or(json!([])))
        .map_err(|e| {
            ApiError::bad(format!(
                "`steps` is a list of steps {{\"from\", \"to\"}}: {e}"
            ))
        })?;
    let taken: Vec<Step> = taken.iter().map(|n| n.step()).collect();
    let v = with_game(
        &s,
        id,
        "choosing a turn step by step",
        move |_, engine, built| {
            let Awaiting::Move(side) = built.awaiting else {
                return Err(conflict("no side is to move"));
            };
            let game = &built.play.game;
            let throw = game.total;
            let steps =
                TurnSteps::new(engine, &game.pos, throw, game.moves()).ok_or_else(|| {
                    conflict("these rules do not play dice one by one, or the turn has one move")
                })?;
            if !steps.begins(&taken) {
                return Err(ApiError::bad("no move of the turn begins with these steps"));
            }
            let square = |p: Place| p.on_path().map(|q| engine.square(side, q).get());
            let options: Vec<Value> = steps
                .options(&taken)
                .into_iter()
                .map(|(step, dice)| {
                    let die: u32 = dice.iter().map(|&d| u32::from(d)).sum();
                    let mut o = json!(StepNote::from_step(step));
                    o["die"] = json!(die);
                    o["dice"] = json!(dice);
                    // A take's square is the other side's, where its piece is taken.
                    let (from_square, to_square) = match step.taken() {
                        Some(p) => (None, Some(engine.square(side.other(), p).get())),
                        None => (square(step.from()), square(step.to())),
                    };
                    o["from_square"] = json!(from_square);
                    o["to_square"] = json!(to_square);
                    o
                })
                .collect();
            let chosen = if taken.is_empty() {
                None
            } else {
                steps.chosen(&taken)
            };
            let partial = Move::of(&taken).unwrap_or_default();
            let after = engine.successor(&game.pos, &partial, throw);
            let picture = svg(
                engine,
                &Drawing {
                    position: &after,
                    throw: Shown::Thrown(throw),
                    paths: false,
                    narrow,
                },
            );
            Ok(
                json!({ "options": options, "chosen": chosen, "may_end": steps.ends(&taken),
                       "dice_left": steps.dice_left(&taken), "svg": picture }),
            )
        },
    )
    .await?;
    ok(&v)
}

/// `POST /api/games/{id}/undo`: takes back the last move a person made (and the agents' turns
/// after it).
async fn undo(
    State(s): State<Shared>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    empty_body(body)?;
    let game = match s.games.get(&id).map_err(missing)? {
        Held::Two(game) => game,
        Held::Many(game) => {
            let st = Arc::clone(&s);
            let v = s.blocking(move || many_api::undo(&st, &id, &game)).await?;
            return ok(&v);
        }
    };
    let st = Arc::clone(&s);
    let v = s
        .blocking(move || {
            let mut g = lock(&game)?;
            let engine = Arc::clone(&g.engine);
            let built = g.build(&engine, None).map_err(ApiError::bad)?;
            if !g.undo(&built) {
                return Err(conflict("no move of a person to take back"));
            }
            let built = g.build(&engine, None);
            st.games.account(&id, g.kept_bytes());
            let built = built.map_err(ApiError::bad)?;
            Ok(g.answer(&id, &engine, &built))
        })
        .await?;
    ok(&v)
}

/// `GET /api/games/{id}/hint`: the move the expectimax agent would play, by its index.
async fn hint(State(s): State<Shared>, Path(id): Path<String>) -> Answer {
    if let Held::Many(game) = s.games.get(&id).map_err(missing)? {
        let v = s.blocking(move || many_api::hint(&id, &game)).await?;
        return ok(&v);
    }
    let key = id.clone();
    let v = with_game(&s, id, "the hint", move |g, engine, built| {
        let index = g
            .hint(engine, built)
            .ok_or_else(|| conflict("it is not a person's turn to move"))?;
        let state = g.state_json(&key, engine, built);
        Ok(json!({ "index": index, "text": state["moves"][index]["text"] }))
    })
    .await?;
    ok(&v)
}

/// A plot's `width` in pixels as a request asks for it (the page's room for it, so that a phone
/// shows the plot's text at its size), kept from 280 to 760; the command line's without one.
fn plot_width(o: &serde_json::Map<String, Value>) -> Result<f64, ApiError> {
    use senet::render::chart;
    match o.get("width") {
        None | Some(Value::Null) => Ok(chart::WIDE),
        Some(v) => v
            .as_f64()
            .filter(|w| w.is_finite() && *w > 0.0)
            .map(|w| chart::width(Some(w)))
            .ok_or_else(|| ApiError::bad("`width` is a number of pixels")),
    }
}

/// `POST /api/games/{id}/review {"playouts"}`: the game so far reviewed move by move, as
/// `senet review --format json` reviews its record, with the plot of the chance to win and the
/// biggest mistakes in words. A solved table values the moves where the game has one or the
/// rules are small enough to solve at once; elsewhere the search does, with `playouts` games
/// played on after each move for the chance to win (100 unless given, at most 1,000).
async fn review_game(
    State(s): State<Shared>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    use super::review::{MAX_PLAYOUTS, PLAYOUTS, answer};
    let o = object(body, &["playouts", "width"])?;
    let width = plot_width(&o)?;
    let playouts = match o.get("playouts") {
        None | Some(Value::Null) => PLAYOUTS,
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| (1..=MAX_PLAYOUTS).contains(n))
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "`playouts` is a whole number from 1 to {MAX_PLAYOUTS}"
                ))
            })?,
    };
    // As `senet review` does, a rule set whose size shows it solves within the agent's bounds
    // is solved (once, the table kept) so that the chances are exact.
    let game = many_api::two_only(s.games.get(&id).map_err(missing)?, "a review on the page")?;
    let (rules, engine, table) = s
        .blocking(move || {
            let g = lock(&game)?;
            Ok((Arc::clone(&g.rules), Arc::clone(&g.engine), g.table.clone()))
        })
        .await?;
    let table = match table {
        Some(t) => Some(t),
        None if matches!(agents::foreseen_for_agent(&engine), Some(Ok(()))) => {
            Some(solved(&s, &rules, &engine).await?)
        }
        None => None,
    };
    let key = id.clone();
    let v = with_game(&s, id, "a review on the page", move |g, engine, built| {
        answer(&key, g, engine, built, table, playouts, width)
    })
    .await?;
    ok(&v)
}

/// `GET /api/games/{id}/record`: the game's record, as `senet play --record` writes it.
async fn game_record(State(s): State<Shared>, Path(id): Path<String>) -> Answer {
    let text = match s.games.get(&id).map_err(missing)? {
        Held::Many(game) => {
            let v = s.blocking(move || many_api::record(&game)).await?;
            serde_json::to_string_pretty(&v).unwrap_or_default()
        }
        Held::Two(_) => {
            let v = with_game(&s, id, "the record", |g, _, built| Ok(g.record(built))).await?;
            serde_json::to_string_pretty(&v).unwrap_or_default()
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"senet-game.json\"",
            ),
        ],
        text + "\n",
    )
        .into_response())
}

/// `GET /api/games/{id}/draw` (`?at=K`, `?paths=1`): the game's board as SVG, with the throw in
/// hand.
async fn game_draw(
    State(s): State<Shared>,
    Path(id): Path<String>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Answer {
    let (at, paths, narrow) = view_query(query)?;
    let game = match s.games.get(&id).map_err(missing)? {
        Held::Two(game) => game,
        Held::Many(game) => {
            let picture = s
                .blocking(move || many_api::draw(&game, at, paths, narrow))
                .await?;
            return svg_answer(picture);
        }
    };
    let picture = s
        .blocking(move || {
            let (mut view, _) = view_of(&game, at)?;
            let engine = Arc::clone(&view.engine);
            let built = view.build(&engine, None).map_err(ApiError::bad)?;
            // While a side is to throw, the throw of the turn before is no longer in hand.
            let throw = match built.awaiting {
                Awaiting::Move(_) => Shown::Thrown(built.play.game.total),
                Awaiting::Throw(_) => Shown::Awaited,
                Awaiting::Over | Awaiting::Stopped => built
                    .throws()
                    .last()
                    .map_or(Shown::Nothing, |&t| Shown::Thrown(Throw::from(t))),
            };
            Ok(svg(
                &engine,
                &Drawing {
                    position: &built.play.game.pos,
                    throw,
                    paths,
                    narrow,
                },
            ))
        })
        .await?;
    svg_answer(picture)
}

// ---- simulation --------------------------------------------------------------------------------

/// `POST /api/sim {"rules" | "source", "options", "players", "games", "seed"}`: as `senet sim
/// --format json`, with the game lengths counted (`lengths`: `moves` and `turns`, each a list of
/// `[length, games]`). Bounded: at most 100,000 games, and no more than the server's time limit
/// is expected to allow (a first game or two are timed to tell).
async fn sim(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let o = object(
        body,
        &["rules", "source", "options", "players", "games", "seed"],
    )?;
    let games = super::budget::games_of(&o)?;
    let seed = super::budget::seed_of(&o)?;
    let options = options_of(&o)?;
    let asked = o.get("players").cloned();
    let rules = {
        let o = o.clone();
        s.blocking(move || rules_of(&o)).await?
    };
    if rules.plays_many() {
        let agents = many_agents(asked.as_ref(), rules.sides.len())?;
        let limits = s.limits;
        let v = s
            .simulation(move |stop| {
                simulate_many(&rules, &agents, &options, (games, seed), &limits, stop)
            })
            .await?;
        return ok(&v);
    }
    let players = match asked {
        None => vec![Player::of(PlayerSpec::Random); 2],
        Some(_) => players_of(&o, 2)?,
    };
    if players.iter().any(Player::is_human) {
        return Err(ApiError::bad("`human` cannot play in a simulation"));
    }
    let engine = Arc::new(engine_of(&rules)?);
    let table = table_of(&s, &rules, &engine, &players).await?;
    let limits = s.limits;
    let v = s
        .simulation(move |stop| {
            let run = Run {
                players: &players,
                options: &options,
                games,
                seed,
                table,
            };
            simulate(&engine, &run, &limits, stop)
        })
        .await?;
    ok(&v)
}

/// `POST /api/compare {"rules", "players", "games", "seed", "skill"}`: two to six bundled rule
/// sets (`rules`: ids) played side by side as `senet compare` plays them (`skill`, default true:
/// with `greedy` against `random` in both seatings); the report as `senet compare --format json`
/// gives it (`report`), its `text` and its `plot` (SVG).
async fn compare(State(s): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    use super::compare::{Asked, ROWS, run};
    let o = object(
        body,
        &["rules", "players", "games", "seed", "skill", "width"],
    )?;
    let width = plot_width(&o)?;
    let ids: Vec<String> = match o.get("rules") {
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or_else(|| ApiError::bad("`rules` is a list of bundled ids"))?,
        _ => return Err(ApiError::bad("`rules` is a list of bundled ids")),
    };
    if !ROWS.contains(&ids.len()) {
        return Err(ApiError::bad(format!(
            "a comparison plays from {} to {} rule sets: `rules` names {}",
            ROWS.start(),
            ROWS.end(),
            ids.len()
        )));
    }
    let players = match o.get("players") {
        None => vec![Player::of(PlayerSpec::Random); 2],
        Some(_) => players_of(&o, 2)?,
    };
    if let Some(p) = players.iter().find(|p| p.is_human() || p.needs_table()) {
        return Err(ApiError::bad(format!(
            "`{p}` cannot play in a comparison here (a person, or a player that needs a solved table): run `senet compare`"
        )));
    }
    let games = super::budget::games_of(&o)?;
    let seed = super::budget::seed_of(&o)?;
    let skill = bool_field(&o, "skill", true)?;
    let rows = s
        .blocking(move || {
            ids.into_iter()
                .map(|id| bundled(&id, &[]).map(|r| (id, r)))
                .collect::<Result<Vec<_>, _>>()
        })
        .await?;
    let asked = Asked {
        rows,
        players,
        games,
        seed,
        skill,
        width,
    };
    let limits = s.limits;
    let v = s.simulation(move |stop| run(&asked, &limits, stop)).await?;
    ok(&v)
}

/// A simulation asked for.
struct Run<'a> {
    players: &'a [Player],
    options: &'a [(String, String)],
    games: u64,
    seed: u64,
    table: Option<Arc<Solved>>,
}

/// The players of a simulation of `n` sides: `random` for all where none are named, else one
/// per side, each `random`, `greedy` or `expectimax` (those that play games of many sides).
fn many_agents(asked: Option<&Value>, n: usize) -> Result<Vec<ManyAgent>, ApiError> {
    let Some(asked) = asked else {
        return Ok(vec![ManyAgent::Random; n]);
    };
    let refused = || {
        ApiError::bad(format!(
            "`players` names one player per side ({n}), each `random`, `greedy` or \
             `expectimax` (the players of games of more sides so far)"
        ))
    };
    let list = asked
        .as_array()
        .filter(|l| l.len() == n)
        .ok_or_else(refused)?;
    list.iter()
        .map(|v| {
            let player = parse_player(v.as_str().ok_or_else(refused)?).map_err(ApiError::bad)?;
            ManyAgent::of(&player).ok_or_else(refused)
        })
        .collect()
}

/// A simulation of a game of more than two sides, as `senet sim --format json` reports it,
/// first timing a game or two to refuse one expected to take too long.
fn simulate_many(
    rules: &RuleSet,
    agents: &[ManyAgent],
    options: &[(String, String)],
    (games, seed): (u64, u64),
    limits: &super::Limits,
    stop: &AtomicBool,
) -> Result<Value, ApiError> {
    use senet::sim::multi::{MultiMeta, json_report, run};
    let multi = senet::multi::MultiRules::compile(rules).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "`{}` {}, and {e}",
                rules.id,
                rules.why_many().unwrap_or_default()
            ),
        )
    })?;
    let cap = super::games::TURN_CAP;
    let (totals, seconds, jobs) = probed(limits, games, |n, jobs| {
        run(&multi, agents, (n, seed, cap), jobs, &|_| {}, stop)
    })?;
    let players: Vec<String> = agents.iter().map(|a| a.name().to_string()).collect();
    let meta = MultiMeta {
        title: &rules.title,
        players: &players,
        options,
        seed,
        turn_cap: cap,
        seconds,
        jobs,
    };
    Ok(json_report(&multi, &totals, &meta))
}

/// Plays `games` with `play(games, jobs)` once a first game or two, timed (`play(n, 1)`), tell
/// that the run is expected to end within the server's limit: the totals, the seconds they took
/// and the threads.
fn probed<T>(
    limits: &super::Limits,
    games: u64,
    play: impl Fn(u64, usize) -> Result<T, senet::sim::SimError>,
) -> Result<(T, f64, usize), ApiError> {
    let stopped = super::budget::stopped(limits, "simulation", "senet sim");
    let jobs = super::budget::jobs();
    let probe = games.min(2);
    let start = Instant::now();
    play(probe, 1).map_err(&stopped)?;
    let each = start.elapsed().as_secs_f64() / probe as f64;
    super::budget::fits(
        limits,
        (games, each, jobs),
        &format!("{games} games"),
        "senet sim",
    )?;
    let start = Instant::now();
    let totals = play(games, jobs).map_err(&stopped)?;
    Ok((totals, start.elapsed().as_secs_f64(), jobs))
}

/// Plays a simulation, first timing a game or two to refuse one expected to take too long;
/// stopped between games once `stop` is set (its deadline, or its request given up).
fn simulate(
    engine: &Engine,
    r: &Run,
    limits: &super::Limits,
    stop: &AtomicBool,
) -> Result<Value, ApiError> {
    use senet::sim::report::{Facts, Meta, json_report};
    use senet::sim::{SimSpec, run_until};
    let (players, options, games, seed) = (r.players, r.options, r.games, r.seed);
    let spec = |games| SimSpec {
        players,
        games,
        seed,
        turn_cap: super::games::TURN_CAP,
        table: r.table.clone(),
        shard: None,
        metrics: false,
        alternate: false,
    };
    // A first game or two, timed: the run must be expected to end within the limit.
    let (totals, seconds, jobs) = probed(limits, games, |n, jobs| {
        run_until(engine, &spec(n), jobs, &|_| {}, stop)
    })?;
    let names: Vec<String> = players.iter().map(ToString::to_string).collect();
    let meta = Meta {
        options,
        players: &names,
        alternate: false,
        seed,
        turn_cap: super::games::TURN_CAP,
        shard: None,
        seconds,
        jobs,
    };
    let mut v = json_report(&Facts::of(engine), &totals, &meta);
    v["lengths"] = json!({
        "moves": totals.moves_each.counts().map(|(l, n)| json!([l, n])).collect::<Vec<_>>(),
        "turns": totals.turns_each.counts().map(|(l, n)| json!([l, n])).collect::<Vec<_>>(),
    });
    Ok(v)
}
