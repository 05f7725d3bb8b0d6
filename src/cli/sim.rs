//! `senet sim`: many games between agents, with a progress bar on a terminal.

use std::process::ExitCode;
use std::time::Instant;

use super::args::Format;
use senet::agents;
use senet::agents::ManyAgent;
use senet::engine::Engine;
use senet::players::Player;
use senet::sim::report::{Facts, Meta, json_report, text_report};
use senet::sim::{Shard, SimSpec, run as simulate, shard_range};

pub struct SimArgs<'a> {
    pub rules: &'a senet::check::RuleSet,
    pub table: Option<&'a str>,
    pub options: &'a [(String, String)],
    pub players: &'a [Player],
    pub alternate: bool,
    pub games: u64,
    pub seed: u64,
    pub jobs: Option<usize>,
    pub turn_cap: u32,
    pub shard: Option<Shard>,
    pub format: Format,
}

/// `senet sim`: `games` games of `engine`, or with `matches`, that many matches.
pub fn run(engine: &Engine, matches: Option<u64>, a: SimArgs) -> ExitCode {
    if a.players.len() != 2 {
        complain!(
            "error: `--players` names two agents, in player order (for example `greedy,random`)"
        );
        return ExitCode::from(2);
    }
    if let Some(p) = a.players.iter().find(|p| p.is_human()) {
        complain!("error: `{p}` cannot play in a simulation; use `senet play` to play");
        return ExitCode::from(2);
    }
    if let Some(n) = matches {
        return run_matches(engine, n, &a);
    }
    let table = match agents::table_for(engine, &a.rules.rules_id(), a.players, a.table) {
        Ok(t) => t,
        Err(e) => {
            complain!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = agents::check_nets(&a.rules.rules_id(), a.players) {
        complain!("error: {e}");
        return ExitCode::from(2);
    }
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let range = shard_range(a.games, a.shard);
    let spec = SimSpec {
        players: a.players,
        games: a.games,
        seed: a.seed,
        turn_cap: a.turn_cap,
        table,
        shard: a.shard,
        metrics: false,
        alternate: a.alternate,
    };
    let (totals, seconds) = match timed(range.end - range.start, |tick| {
        simulate(engine, &spec, jobs, tick)
    }) {
        Ok(done) => done,
        Err(code) => return code,
    };
    let names: Vec<String> = a.players.iter().map(ToString::to_string).collect();
    let meta = Meta {
        options: a.options,
        players: &names,
        alternate: a.alternate,
        seed: a.seed,
        turn_cap: a.turn_cap,
        shard: a.shard.map(|s| (s, a.games)),
        seconds,
        jobs,
    };
    let facts = Facts::of(engine);
    match a.format {
        Format::Json => say!("{}", json_report(&facts, &totals, &meta)),
        Format::Text => say_raw!("{}", text_report(&facts, &totals, &meta)),
    }
    for (k, &n) in totals.fallbacks.iter().enumerate() {
        if n > 0 {
            complain!(
                "note: player {} (`{}`) met {n} {}",
                k + 1,
                a.players[k],
                senet::agents::fallback_note(&a.players[k])
            );
        }
    }
    ExitCode::SUCCESS
}

/// `senet sim` of a rule set of more than two sides: games on the engine for many sides between
/// `random`, `greedy` and `expectimax` players (one per side, or `random` for all), each team's
/// wins with their intervals; one game at a time (no matches, tables, shards or seat swaps).
pub fn run_many_sides(matches: Option<u64>, a: SimArgs) -> ExitCode {
    let rules = a.rules;
    let n = rules.sides.len();
    let why = rules.why_many().unwrap_or_default();
    let agents: Option<Vec<ManyAgent>> = if a.players.iter().all(Player::is_random) {
        Some(vec![ManyAgent::Random; n])
    } else if a.players.len() == n {
        a.players.iter().map(ManyAgent::of).collect()
    } else {
        None
    };
    let refused = if agents.is_none() {
        Some(format!(
            "`--players` names one player per side ({n}), each `random`, `greedy` or \
             `expectimax` (the players of the engine for many sides so far)"
        ))
    } else if matches.is_some() {
        Some("`--matches` is for two-sided rule sets".to_string())
    } else if a.table.is_some() {
        Some("`--table` is for two-sided rule sets".to_string())
    } else if a.shard.is_some() {
        Some("`--shard` is for two-sided rule sets".to_string())
    } else if a.alternate {
        Some("`--alternate` swaps the seats of two players".to_string())
    } else {
        None
    };
    if let Some(refused) = refused {
        complain!("error: `{}` {why}: {refused}", rules.id);
        return ExitCode::from(2);
    }
    let multi = match senet::multi::MultiRules::compile(rules) {
        Ok(m) => m,
        Err(e) => {
            complain!("error: `{}` {why}, and {e}", rules.id);
            return ExitCode::from(2);
        }
    };
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let stop = std::sync::atomic::AtomicBool::new(false);
    let agents = agents.unwrap_or_default();
    let (totals, seconds) = match timed(a.games, |tick| {
        senet::sim::multi::run(
            &multi,
            &agents,
            (a.games, a.seed, a.turn_cap),
            jobs,
            tick,
            &stop,
        )
    }) {
        Ok(done) => done,
        Err(code) => return code,
    };
    let players: Vec<String> = agents.iter().map(|a| a.name().to_string()).collect();
    let meta = senet::sim::multi::MultiMeta {
        title: &rules.title,
        players: &players,
        options: a.options,
        seed: a.seed,
        turn_cap: a.turn_cap,
        seconds,
        jobs,
    };
    match a.format {
        Format::Json => say!("{}", senet::sim::multi::json_report(&multi, &totals, &meta)),
        Format::Text => say_raw!("{}", senet::sim::multi::text_report(&multi, &totals, &meta)),
    }
    ExitCode::SUCCESS
}

/// `senet sim --matches N`: N matches between the players, as the rules' match plays them.
fn run_matches(engine: &Engine, n: u64, a: &SimArgs) -> ExitCode {
    let Some(plan) = &a.rules.matched else {
        complain!(
            "error: `{}` plays one game, not a match: `--matches` is for rules that say `match to N points` (see docs/language.md)",
            a.rules.id
        );
        return ExitCode::from(2);
    };
    // The match's games, in turn; its own rules' game where it names none.
    let engines: Vec<Engine> = plan
        .games
        .iter()
        .map(|g| Engine::new(senet::compile::compile(g)))
        .collect();
    let (engines, ids): (&[Engine], Vec<String>) = if engines.is_empty() {
        (std::slice::from_ref(engine), vec![a.rules.id.clone()])
    } else {
        (&engines, plan.games.iter().map(|g| g.id.clone()).collect())
    };
    // A table or a network serves one rule set: the match's own, where all its games are.
    let table = if plan.games.is_empty() {
        agents::table_for(engine, &a.rules.rules_id(), a.players, a.table)
            .map_err(|e| e.to_string())
            .and_then(|t| {
                agents::check_nets(&a.rules.rules_id(), a.players)
                    .map(|()| t)
                    .map_err(|e| e.to_string())
            })
    } else if let Some(p) = a
        .players
        .iter()
        .find(|p| p.needs_table() || p.net_file().is_some())
    {
        Err(format!(
            "`{p}` plays from a table or a network made for one rule set, but the games of this match are played by {}",
            ids.join(", ")
        ))
    } else {
        Ok(None)
    };
    let table = match table {
        Ok(t) => t,
        Err(e) => {
            complain!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let spec = SimSpec {
        players: a.players,
        games: n,
        seed: a.seed,
        turn_cap: a.turn_cap,
        table,
        shard: None,
        metrics: false,
        alternate: a.alternate,
    };
    let (totals, seconds) = match timed(n, |tick| {
        senet::sim::matches::run_matches(engines, plan, &spec, jobs, tick)
    }) {
        Ok(done) => done,
        Err(code) => return code,
    };
    let names: Vec<String> = a.players.iter().map(ToString::to_string).collect();
    let meta = senet::sim::matches::MatchMeta {
        id: &a.rules.id,
        title: &a.rules.title,
        options: a.options,
        games: ids,
        players: &names,
        alternate: a.alternate,
        seed: a.seed,
        turn_cap: a.turn_cap,
        seconds,
        jobs,
    };
    match a.format {
        Format::Json => say!(
            "{}",
            senet::sim::matches::json_match_report(plan, &totals, &meta)
        ),
        Format::Text => say_raw!(
            "{}",
            senet::sim::matches::text_match_report(plan, &totals, &meta)
        ),
    }
    ExitCode::SUCCESS
}

/// Runs `f`, a simulation of `n` games or matches that tells its progress to the tick it is
/// given, behind a progress bar: its result and the seconds it took, or (its error told) the
/// exit status.
fn timed<T>(
    n: u64,
    f: impl FnOnce(&(dyn Fn(u64) + Sync)) -> Result<T, senet::sim::SimError>,
) -> Result<(T, f64), ExitCode> {
    let bar = super::output::games_bar(n);
    let start = Instant::now();
    let done = f(&|k: u64| bar.inc(k));
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    match done {
        Ok(t) => Ok((t, seconds)),
        Err(e) => {
            complain!("error: {e}");
            Err(ExitCode::from(2))
        }
    }
}
