//! `POST /api/compare`: several readings played side by side, as `senet compare` plays them
//! (each row its own seed, the figures of docs/metrics.md, the skill of `greedy` against
//! `random` where asked), within the time a simulation may take here.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use serde_json::{Value, json};

use super::{ApiError, Limits};
use senet::check::RuleSet;
use senet::engine::Engine;
use senet::players::{Player, PlayerSpec};
use senet::sim::compare::{Comparison, RowError, RowPlan, run_row};
use senet::sim::{SimSpec, plot, run_until};

/// The fewest and the most readings one comparison plays.
pub const ROWS: std::ops::RangeInclusive<usize> = 2..=6;

/// What a comparison is asked for: the readings (as named, with their checked rules), who
/// plays, how many games a row, the first row's seed, and whether to measure skill.
pub struct Asked {
    pub rows: Vec<(String, RuleSet)>,
    pub players: Vec<Player>,
    pub games: u64,
    pub seed: u64,
    pub skill: bool,
    /// The plot's width in pixels.
    pub width: f64,
}

/// A run of `games` games of `players` from `seed` (with the figures of a comparison where
/// `metrics`).
fn spec(players: &[Player], games: u64, seed: u64, metrics: bool) -> SimSpec<'_> {
    SimSpec {
        players,
        games,
        seed,
        turn_cap: super::games::TURN_CAP,
        table: None,
        shard: None,
        metrics,
        alternate: false,
    }
}

/// Plays the comparison: first a game or two of each run, timed, so that one expected to take
/// longer than a simulation may is refused (with the most games a row that would fit); then every
/// run, stopped between games once `stop` is set. The report as `senet compare --format json`
/// gives it, its text, and its plot (SVG).
pub fn run(a: &Asked, limits: &Limits, stop: &AtomicBool) -> Result<Value, ApiError> {
    let stopped = super::budget::stopped(limits, "comparison", "senet compare");
    let jobs = super::budget::jobs();
    let pair = [
        Player::of(PlayerSpec::Greedy),
        Player::of(PlayerSpec::Random),
    ];
    let engines: Vec<Engine> = a
        .rows
        .iter()
        .map(|(_, r)| super::api::engine_of(r))
        .collect::<Result<_, _>>()?;
    // Each row's runs: its players, then the skill pair in both seatings.
    let runs = |k: usize| {
        let mut list = vec![(a.players.clone(), true)];
        if a.skill {
            list.push((pair.to_vec(), false));
            list.push((vec![pair[1].clone(), pair[0].clone()], false));
        }
        list.into_iter()
            .map(move |(players, metrics)| (k, players, metrics))
    };
    // A first game or two of every run, timed.
    let probe = a.games.min(2);
    let start = Instant::now();
    for (k, players, metrics) in (0..a.rows.len()).flat_map(runs) {
        let seed = a.seed.wrapping_add(k as u64);
        run_until(
            &engines[k],
            &spec(&players, probe, seed, metrics),
            1,
            &|_| {},
            stop,
        )
        .map_err(&stopped)?;
    }
    let each = start.elapsed().as_secs_f64() / probe as f64;
    super::budget::fits(
        limits,
        (a.games, each, jobs),
        &format!("{} games a row", a.games),
        "senet compare",
    )?;
    let start = Instant::now();
    let skill = if a.skill {
        vec![pair.clone()]
    } else {
        Vec::new()
    };
    let plan = RowPlan {
        players: &a.players,
        games: a.games,
        turn_cap: super::games::TURN_CAP,
        shard: None,
        skill: &skill,
        skill_games: a.games,
    };
    let mut rows = Vec::new();
    for (k, (target, rules)) in a.rows.iter().enumerate() {
        let seed = a.seed.wrapping_add(k as u64);
        let row = run_row(target, rules, &engines[k], seed, &plan, jobs, &|_| {}, stop);
        rows.push(row.map_err(|e| match e {
            RowError::Sim(e) => stopped(e),
            RowError::Agent(why) => ApiError::bad(why),
        })?);
    }
    let comparison = Comparison {
        players: a.players.iter().map(ToString::to_string).collect(),
        games: a.games,
        seed: a.seed,
        turn_cap: super::games::TURN_CAP,
        skill: if a.skill {
            vec![pair.clone().map(|p| p.to_string())]
        } else {
            Vec::new()
        },
        skill_games: if a.skill { a.games } else { 0 },
        rows,
        shard: None,
        seconds: start.elapsed().as_secs_f64(),
        jobs,
    };
    Ok(json!({
        "report": comparison.to_json(),
        "text": comparison.text(),
        "plot": plot::svg(&comparison, a.width),
    }))
}
