//! Many games at once, in Rust threads without the GIL: `sim` and `compare` (their reports as
//! the command line's JSON), and `solve`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::agent::{agents_of, table_of};
use crate::json::{from_py, to_py};
use crate::rules::{Rules, rules_list};
use crate::value_error;
use senet_engine::compile::compile;
use senet_engine::engine::Engine;
use senet_play::notation::position::parse_position;
use senet_play::sim::compare::{Comparison, RowPlan, run_row};
use senet_play::sim::report::{Facts, Meta, json_report};
use senet_play::sim::{SimSpec, run as simulate};
use senet_play::solve::{Limits, Method, SolveError, Solved, solve_with};

fn jobs_or_all(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256)
}

/// Plays `games` games between two agents, as `senet sim --format json` does (the same seed
/// gives the same games whatever `jobs`), and returns its report as a dict (docs/formats.md).
#[pyfunction]
#[pyo3(signature = (rules, games = 10_000, players = (String::from("random"), String::from("random")), seed = 1, turn_cap = 10_000, alternate = false, jobs = None))]
#[allow(clippy::too_many_arguments)]
pub fn sim<'py>(
    py: Python<'py>,
    rules: &Bound<'py, Rules>,
    games: u64,
    players: (String, String),
    seed: u64,
    turn_cap: u32,
    alternate: bool,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    if games == 0 {
        return Err(PyValueError::new_err("`games` is at least 1"));
    }
    let r = rules.get();
    let names = [players.0, players.1];
    let players = agents_of(&names)?;
    let jobs = jobs_or_all(jobs);
    let report = py.detach(|| -> PyResult<serde_json::Value> {
        let engine: &Engine = &r.engine;
        let table = table_of(r, &players)?;
        let spec = SimSpec {
            players: &players,
            games,
            seed,
            turn_cap,
            table,
            shard: None,
            metrics: false,
            alternate,
        };
        let start = Instant::now();
        let totals = simulate(engine, &spec, jobs, &|_| {}).map_err(value_error)?;
        let options = r.chosen_options();
        let meta = Meta {
            options: &options,
            players: &names,
            alternate,
            seed,
            turn_cap,
            shard: None,
            seconds: start.elapsed().as_secs_f64(),
            jobs,
        };
        Ok(json_report(&Facts::of(engine), &totals, &meta))
    })?;
    to_py(py, &report)
}

/// Compares rule sets as `senet compare --format json` does: a row per rule set (`Rules`
/// objects, ids or paths; `options` go to the rule sets that have them), each with the figures
/// of docs/metrics.md and their 95 % intervals, the skill pairs (`"STRONGER/WEAKER"`) played in
/// both seatings. Row k plays seed `seed + k`. Returns the report as a dict.
#[pyfunction]
#[pyo3(signature = (rules, games = 10_000, players = (String::from("random"), String::from("random")), skill = vec![String::from("greedy/random"), String::from("expectimax:2/greedy")], skill_games = 200, seed = 1, turn_cap = 10_000, jobs = None, options = None))]
#[allow(clippy::too_many_arguments)]
pub fn compare<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    games: u64,
    players: (String, String),
    skill: Vec<String>,
    skill_games: u64,
    seed: u64,
    turn_cap: u32,
    jobs: Option<usize>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if games == 0 {
        return Err(PyValueError::new_err("`games` is at least 1"));
    }
    let names = [players.0, players.1];
    let players = agents_of(&names)?;
    let mut pairs = Vec::new();
    for s in skill.iter().filter(|s| *s != "none") {
        let Some((a, b)) = s.split_once('/') else {
            return Err(PyValueError::new_err(format!(
                "skill pair `{s}` is not two agents `STRONGER/WEAKER` (for example `greedy/random`)"
            )));
        };
        let pair = agents_of(&[a.to_string(), b.to_string()])?;
        pairs.push([pair[0].clone(), pair[1].clone()]);
    }
    let rows = rules_list(py, rules, options)?;
    let jobs = jobs_or_all(jobs);
    let skill_games = if pairs.is_empty() { 0 } else { skill_games };
    let report = py.detach(|| -> PyResult<serde_json::Value> {
        let plan = RowPlan {
            players: &players,
            games,
            turn_cap,
            shard: None,
            skill: &pairs,
            skill_games,
        };
        let start = Instant::now();
        let mut done = Vec::new();
        let never = AtomicBool::new(false);
        for (k, (target, set)) in (0u64..).zip(&rows) {
            let engine = Engine::new(compile(set));
            let seed = seed.wrapping_add(k);
            let row = run_row(target, set, &engine, seed, &plan, jobs, &|_| {}, &never)
                .map_err(|e| PyValueError::new_err(format!("`{target}`: {e}")))?;
            done.push(row);
        }
        let comparison = Comparison {
            players: names.to_vec(),
            games,
            seed,
            turn_cap,
            skill: pairs
                .iter()
                .map(|p| p.clone().map(|p| p.to_string()))
                .collect(),
            skill_games,
            rows: done,
            shard: None,
            seconds: start.elapsed().as_secs_f64(),
            jobs,
        };
        Ok(comparison.to_json())
    })?;
    to_py(py, &report)
}

/// A rule set solved: each side's chance to win under perfect play, from any position it holds.
#[pyclass(frozen, module = "senet")]
pub struct Solution {
    solved: Arc<Solved>,
    engine: Arc<Engine>,
}

#[pymethods]
impl Solution {
    /// The first side's chance to win from the start, before the first throw, both sides
    /// playing perfectly.
    #[getter]
    fn value(&self) -> f64 {
        self.solved
            .chances(&self.engine.start())
            .map_or(f64::NAN, |c| c.0)
    }

    /// How many states the table holds.
    #[getter]
    fn states(&self) -> u64 {
        self.solved.states()
    }

    /// `"search"` or `"dense"`: how the states were numbered.
    #[getter]
    fn method(&self) -> &'static str {
        self.solved.method()
    }

    #[getter]
    fn sweeps(&self) -> u64 {
        self.solved.sweeps()
    }

    /// The chances `(first side wins, second side wins, draw)` from a position (a dict as
    /// `Game.position` gives it, before its throw: no `throw` in hand); `None` where the table
    /// does not hold it.
    fn chances(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<(f64, f64, f64)>> {
        let v = from_py(position)?;
        let (pos, throw) = parse_position(&self.engine, &v).map_err(value_error)?;
        if throw.is_some() {
            return Err(PyValueError::new_err(
                "the table holds positions before their throw: give the position without `throw`",
            ));
        }
        Ok(self.solved.chances(&pos))
    }

    fn __repr__(&self) -> String {
        format!(
            "<senet.Solution {}: {} states, first side wins {:.6}>",
            self.engine.rules.id,
            self.states(),
            self.value()
        )
    }
}

/// Solves a rule set small enough to solve in memory (the search or the dense numbering, as
/// `senet solve` chooses), within `max_states` states of the search and `memory_gib` of the
/// dense solver's memory.
#[pyfunction]
#[pyo3(signature = (rules, max_states = 5_000_000, memory_gib = 1.0))]
pub fn solve(
    py: Python<'_>,
    rules: &Bound<'_, Rules>,
    max_states: usize,
    memory_gib: f64,
) -> PyResult<Solution> {
    let r = rules.get();
    let engine = Arc::clone(&r.engine);
    let limits = Limits {
        states: max_states,
        // Whole bytes of a positive, bounded number of GiB.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        bytes: (memory_gib.clamp(0.0, 1024.0) * f64::from(1u32 << 30)) as u64,
        disk: 0,
    };
    let solved = py
        .detach(|| solve_with(&engine, engine.start(), Method::Auto, limits, |_| {}))
        .map_err(|e| {
            PyValueError::new_err(match e {
                SolveError::TooLarge { estimate, .. } => format!(
                    "`{}` is too large to solve here (up to {estimate:.3e} states): `senet solve` solves large rule sets on disk and in parts (docs/solver.md)",
                    engine.rules.id
                ),
                SolveError::TooLargeDense { states, bytes, .. } => format!(
                    "`{}` has {states} states and needs about {:.1} GiB: raise `memory_gib`, or use `senet solve` (docs/solver.md)",
                    engine.rules.id,
                    bytes as f64 / f64::from(1u32 << 30)
                ),
                SolveError::NotDense(why) | SolveError::Unsolvable(why) => why,
            })
        })?;
    Ok(Solution {
        solved: Arc::new(solved),
        engine,
    })
}
