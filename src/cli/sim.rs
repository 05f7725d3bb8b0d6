//! `senet sim`: many games between agents, with a progress bar on a terminal.

use std::process::ExitCode;
use std::time::Instant;

use super::args::Format;
use senet::agents;
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

pub fn run(engine: &Engine, a: SimArgs) -> ExitCode {
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
    let bar = super::output::games_bar(range.end - range.start);
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
    let start = Instant::now();
    let tick = |n: u64| bar.inc(n);
    let totals = match simulate(engine, &spec, jobs, &tick) {
        Ok(t) => t,
        Err(e) => {
            bar.finish_and_clear();
            complain!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
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
