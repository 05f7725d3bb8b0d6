//! `senet compare`: a row per rule set and option values, each played with the figures of
//! docs/metrics.md collected; and `senet merge`: the shards of a run put together.

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use serde_json::Value;

use super::args::TableFormat;
use super::commands::{load, load_two_sided};
use senet::agents;
use senet::check::RuleSet;
use senet::compile::compile;
use senet::engine::Engine;
use senet::lang::syntax::Value as OptionValue;
use senet::players::Player;
use senet::sim::compare::{Comparison, RowPlan, run_row};
use senet::sim::merge::{SimResult, merge_sims};
use senet::sim::report::{Meta, json_report, text_report};
use senet::sim::{Shard, plot};

pub struct CompareArgs<'a> {
    pub rules: &'a [String],
    pub options: &'a [(String, String)],
    pub sweep: &'a [String],
    pub games: u64,
    pub players: &'a [Player],
    pub skill: &'a [String],
    pub skill_games: u64,
    pub seed: u64,
    pub jobs: Option<usize>,
    pub turn_cap: u32,
    pub shard: Option<Shard>,
    pub format: TableFormat,
    pub plot: Option<&'a Path>,
}

/// An agent a run may use: not a person, and a network that reads (before any game is played;
/// each row checks it against its rules, and `optimal`'s table).
fn check_agent(player: &Player) -> Result<(), String> {
    if player.is_human() {
        return Err(format!(
            "`{player}` cannot play in a comparison; use `senet play` to play"
        ));
    }
    match player.net_file() {
        Some(path) => agents::learned::NetFile::load(path)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        None => Ok(()),
    }
}

/// `--skill A/B` (or `none`) as pairs of agents.
fn skill_pairs(skill: &[String]) -> Result<Vec<[Player; 2]>, String> {
    let mut pairs = Vec::new();
    for s in skill {
        if s == "none" {
            continue;
        }
        let Some((a, b)) = s.split_once('/') else {
            return Err(format!(
                "`--skill {s}` is not two agents `STRONGER/WEAKER` (for example `greedy/random`)"
            ));
        };
        let pair: [Player; 2] = [
            a.parse()
                .map_err(|e: senet::players::PlayerError| e.to_string())?,
            b.parse()
                .map_err(|e: senet::players::PlayerError| e.to_string())?,
        ];
        pair.iter().try_for_each(check_agent)?;
        pairs.push(pair);
    }
    Ok(pairs)
}

/// Every value an option allows, in the order the rule file writes them (a range one by one).
/// The most rows a comparison makes: each row plays its own games, so a sweep past this many
/// would take days, and is refused before anything is played.
const MAX_ROWS: u64 = 1_000;

/// How many values an option's `allowed` list holds (ranges counted, not spelled out).
fn count_values(allowed: &[OptionValue]) -> u64 {
    allowed
        .iter()
        .map(|v| match v {
            OptionValue::Range(a, b) => u64::from(a.abs_diff(*b)) + 1,
            _ => 1,
        })
        .fold(0u64, u64::saturating_add)
}

fn values(allowed: &[OptionValue]) -> Vec<String> {
    allowed
        .iter()
        .flat_map(|v| match v {
            OptionValue::Range(a, b) => {
                ((*a.min(b))..=(*a.max(b))).map(|n| n.to_string()).collect()
            }
            other => vec![other.to_string()],
        })
        .collect()
}

/// A row to run: the rule set as named, and the options it is loaded with.
type Planned = (String, Vec<(String, String)>);

/// The rows: each rule set with the options given that it has, once per combination of the
/// values of the options it sweeps.
fn plan(a: &CompareArgs) -> Result<Vec<Planned>, ExitCode> {
    let mut declared: Vec<RuleSet> = Vec::new();
    for target in a.rules {
        declared.push(load(target, &[])?);
    }
    let has = |name: &str| {
        declared
            .iter()
            .any(|r| r.options.iter().any(|o| o.name == name))
    };
    if let Some((name, _)) = a.options.iter().find(|(n, _)| !has(n)) {
        complain!("error: no rule set here has an option `{name}`");
        return Err(ExitCode::from(1));
    }
    for name in a.sweep.iter().filter(|s| *s != "all") {
        if !has(name) {
            complain!("error: `--sweep {name}`: no rule set here has an option `{name}`");
            return Err(ExitCode::from(1));
        }
        if a.options.iter().any(|(n, _)| n == name) {
            complain!("error: `{name}` is both swept and given by `--option`: choose one");
            return Err(ExitCode::from(2));
        }
    }
    let all = a.sweep.iter().any(|s| s == "all");
    let mut rows = Vec::new();
    let mut planned = 0u64;
    for (target, r) in a.rules.iter().zip(&declared) {
        let fixed: Vec<(String, String)> = a
            .options
            .iter()
            .filter(|(n, _)| r.options.iter().any(|o| &o.name == n))
            .cloned()
            .collect();
        let swept: Vec<_> = r
            .options
            .iter()
            .filter(|o| {
                !fixed.iter().any(|(n, _)| *n == o.name) && (all || a.sweep.contains(&o.name))
            })
            .collect();
        // Counted before any is spelled out: two options of a million values are a million
        // million rows.
        let count = swept
            .iter()
            .fold(1u64, |n, o| n.saturating_mul(count_values(&o.allowed)));
        planned = planned.saturating_add(count);
        if planned > MAX_ROWS {
            let each: Vec<String> = swept
                .iter()
                .map(|o| format!("`{}` has {}", o.name, count_values(&o.allowed)))
                .collect();
            complain!(
                "error: the sweep makes more than {MAX_ROWS} rows (the most a comparison plays): \
                 {target} alone makes {} ({} values); fix some options with `--option \
                 NAME=VALUE`, or sweep fewer",
                if count == u64::MAX {
                    "more than 2^64".to_string()
                } else {
                    count.to_string()
                },
                each.join(", ")
            );
            return Err(ExitCode::from(2));
        }
        let swept: Vec<(String, Vec<String>)> = swept
            .into_iter()
            .map(|o| (o.name.clone(), values(&o.allowed)))
            .collect();
        let mut combos: Vec<Vec<(String, String)>> = vec![fixed];
        for (name, vals) in &swept {
            combos = combos
                .into_iter()
                .flat_map(|c| {
                    vals.iter().map(move |v| {
                        let mut c = c.clone();
                        c.push((name.clone(), v.clone()));
                        c
                    })
                })
                .collect();
        }
        rows.extend(combos.into_iter().map(|c| (target.clone(), c)));
    }
    Ok(rows)
}

pub fn run(a: CompareArgs) -> ExitCode {
    let plan = match plan(&a) {
        Ok(p) => p,
        Err(code) => return code,
    };
    match many_sided(&plan) {
        Ok(true) => return run_many(&a, &plan),
        Ok(false) => {}
        Err(code) => return code,
    }
    if a.players.len() != 2 {
        complain!(
            "error: `--players` names two agents, in player order (for example `greedy,random`)"
        );
        return ExitCode::from(2);
    }
    let pairs = match a
        .players
        .iter()
        .try_for_each(check_agent)
        .and_then(|()| skill_pairs(a.skill))
    {
        Ok(p) => p,
        Err(e) => {
            complain!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = a.plot {
        let agents: Vec<Player> = a
            .players
            .iter()
            .chain(pairs.iter().flatten())
            .cloned()
            .collect();
        let inputs = a
            .rules
            .iter()
            .map(String::as_str)
            .chain(super::output::net_files(&agents));
        if let Err(e) = super::output::check_output(path, inputs) {
            complain!("error: the plot: {e}");
            return ExitCode::from(2);
        }
    }
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let skill_games = if pairs.is_empty() { 0 } else { a.skill_games };
    let row_plan = RowPlan {
        players: a.players,
        games: a.games,
        turn_cap: a.turn_cap,
        shard: a.shard,
        skill: &pairs,
        skill_games,
    };
    let bar = super::output::games_bar(row_plan.games_per_row() * plan.len() as u64);
    let tick = |n: u64| bar.inc(n);
    let mut rows = Vec::new();
    let start = Instant::now();
    let never = AtomicBool::new(false);
    for (k, (target, options)) in plan.iter().enumerate() {
        let r = match load_two_sided(target, options, "compare") {
            Ok(r) => r,
            Err(code) => {
                bar.finish_and_clear();
                return code;
            }
        };
        let seed = a.seed.wrapping_add(k as u64);
        let engine = Engine::new(compile(&r));
        match run_row(target, &r, &engine, seed, &row_plan, jobs, &tick, &never) {
            Ok(row) => rows.push(row),
            Err(e) => {
                bar.finish_and_clear();
                complain!("error: `{target}`: {e}");
                return ExitCode::from(2);
            }
        }
    }
    bar.finish_and_clear();
    let comparison = Comparison {
        players: a.players.iter().map(ToString::to_string).collect(),
        games: a.games,
        seed: a.seed,
        turn_cap: a.turn_cap,
        skill: pairs
            .iter()
            .map(|p| p.clone().map(|p| p.to_string()))
            .collect(),
        skill_games,
        rows,
        shard: a.shard,
        seconds: start.elapsed().as_secs_f64(),
        jobs,
    };
    print_comparison(&comparison, a.format, a.plot)
}

/// Whether the rows' rule sets are all the engine for many sides' (more than two sides, or a
/// rule only it plays), or all the two-sided engine's; the exit code where they mix, or one does
/// not check.
fn many_sided(plan: &[(String, Vec<(String, String)>)]) -> Result<bool, ExitCode> {
    let mut seen: Option<(&str, Option<String>)> = None;
    for (target, options) in plan {
        let why = load(target, options)?.why_many();
        if let Some((other, earlier)) = &seen
            && earlier.is_some() != why.is_some()
        {
            let (many, two) = if why.is_some() {
                (target.as_str(), *other)
            } else {
                (*other, target.as_str())
            };
            let said = why
                .as_ref()
                .or(earlier.as_ref())
                .cloned()
                .unwrap_or_default();
            complain!(
                "error: `{many}` {said}, and `{two}` is the two-sided engine's: a comparison's \
                 rule sets are all of one engine"
            );
            return Err(ExitCode::from(2));
        }
        seen = Some((target, why));
    }
    Ok(seen.is_some_and(|(_, why)| why.is_some()))
}

/// `senet compare` of rule sets of more than two sides: each row on the engine for many sides,
/// its players `random` for all or one a side, the skill pairs those that play such games.
fn run_many(a: &CompareArgs, plan: &[(String, Vec<(String, String)>)]) -> ExitCode {
    use senet::agents::ManyAgent;
    use senet::sim::multi_compare::{ManyComparison, ManyPlan, many_csv, many_json, many_text};
    let refused = if a.plot.is_some() {
        Some("`--plot` draws comparisons of two sides")
    } else if a.shard.is_some() {
        Some("`--shard` is for rule sets of two sides")
    } else {
        None
    };
    if let Some(why) = refused {
        complain!("error: these rule sets have more than two sides: {why}");
        return ExitCode::from(2);
    }
    let players: Vec<ManyAgent> = if a.players.iter().all(Player::is_random) {
        Vec::new()
    } else {
        match a
            .players
            .iter()
            .map(ManyAgent::of)
            .collect::<Option<Vec<_>>>()
        {
            Some(p) => p,
            None => {
                complain!(
                    "error: these rule sets have more than two sides: `--players` names one \
                     player per side, each `random`, `greedy` or `expectimax`"
                );
                return ExitCode::from(2);
            }
        }
    };
    let pairs = match skill_pairs(a.skill) {
        Ok(p) => p,
        Err(e) => {
            complain!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut skill = Vec::new();
    for [stronger, weaker] in &pairs {
        match (ManyAgent::of(stronger), ManyAgent::of(weaker)) {
            (Some(s), Some(w)) => skill.push([s, w]),
            _ => complain!(
                "note: the skill pair `{stronger}/{weaker}` is not played: games of more than two \
                 sides are played by `random`, `greedy` and `expectimax`"
            ),
        }
    }
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let skill_games = if skill.is_empty() { 0 } else { a.skill_games };
    let per_row = a.games + skill_games * 2 * skill.len() as u64;
    let bar = super::output::games_bar(per_row * plan.len() as u64);
    let tick = |n: u64| bar.inc(n);
    let never = AtomicBool::new(false);
    let start = Instant::now();
    let mut rows = Vec::new();
    for (k, (target, options)) in plan.iter().enumerate() {
        let played = load(target, options).and_then(|r| {
            let n = r.sides.len();
            if !players.is_empty() && players.len() != n {
                complain!(
                    "error: `{target}` has {n} sides: `--players` names one player per side \
                     ({n}), or `random` for all"
                );
                return Err(ExitCode::from(2));
            }
            let multi = senet::multi::MultiRules::compile(&r).map_err(|e| {
                complain!(
                    "error: `{target}` {}, and {e}",
                    r.why_many().unwrap_or_default()
                );
                ExitCode::from(2)
            })?;
            let row_plan = ManyPlan {
                players: &players,
                games: a.games,
                seed: a.seed.wrapping_add(k as u64),
                turn_cap: a.turn_cap,
                skill: &skill,
                skill_games,
            };
            senet::sim::multi_compare::run_many_row(
                (target, &r.title, options),
                &multi,
                &row_plan,
                jobs,
                &tick,
                &never,
            )
            .map_err(|e| {
                complain!("error: `{target}`: {e}");
                ExitCode::from(2)
            })
        });
        match played {
            Ok(row) => rows.push(row),
            Err(code) => {
                bar.finish_and_clear();
                return code;
            }
        }
    }
    bar.finish_and_clear();
    let names: Vec<String> = if players.is_empty() {
        vec!["random".into()]
    } else {
        players.iter().map(|p| p.name().to_string()).collect()
    };
    let c = ManyComparison {
        players: names,
        games: a.games,
        seed: a.seed,
        turn_cap: a.turn_cap,
        skill_games,
        rows,
        seconds: start.elapsed().as_secs_f64(),
        jobs,
    };
    match a.format {
        TableFormat::Text => say_raw!("{}", many_text(&c)),
        TableFormat::Json => say!("{}", many_json(&c)),
        TableFormat::Csv => say_raw!("{}", many_csv(&c)),
    }
    ExitCode::SUCCESS
}

/// Prints a comparison as asked, and draws it where asked.
fn print_comparison(c: &Comparison, format: TableFormat, plot_to: Option<&Path>) -> ExitCode {
    if let Some(path) = plot_to
        && let Err(e) =
            senet::files::write_bytes(path, plot::svg(c, senet::render::chart::WIDE).as_bytes())
    {
        complain!("error: the plot: {e}");
        return ExitCode::from(2);
    }
    match format {
        TableFormat::Text => say_raw!("{}", c.text()),
        TableFormat::Json => say!("{}", c.to_json()),
        TableFormat::Csv => say_raw!("{}", c.csv()),
    }
    ExitCode::SUCCESS
}

/// `senet merge`: the shards of one `sim` or `compare` run, as the whole run's report.
pub fn merge(files: &[String], format: TableFormat, plot_to: Option<&Path>) -> ExitCode {
    if let Some(path) = plot_to
        && let Err(e) = super::output::check_output(path, files.iter().map(String::as_str))
    {
        complain!("error: the plot: {e}");
        return ExitCode::from(2);
    }
    let mut values = Vec::new();
    for f in files {
        let parsed = super::input::read_text(f, super::input::MAX_RECORD).and_then(|text| {
            serde_json::from_str::<Value>(&text).map_err(|e| format!("it is not JSON: {e}"))
        });
        match parsed {
            Ok(v) => values.push(v),
            Err(e) => {
                complain!("error: cannot read `{f}`: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let kind = |v: &Value| v.get("format").and_then(Value::as_str).map(str::to_string);
    let first = values.first().and_then(kind);
    if let Some((f, _)) = files.iter().zip(&values).find(|(_, v)| kind(v) != first) {
        complain!(
            "error: `{f}` is not of the kind of `{}`: merge the shards of one `senet sim` or one `senet compare` run",
            files[0]
        );
        return ExitCode::from(2);
    }
    let named = |e: String| {
        complain!("error: {e}");
        ExitCode::from(2)
    };
    match first.as_deref() {
        Some("senet-sim/1") => {
            let mut results = Vec::new();
            for (f, v) in files.iter().zip(&values) {
                match SimResult::from_json(v) {
                    Ok(r) => results.push(r),
                    Err(e) => return named(format!("`{f}`: {e}")),
                }
            }
            let merged = match merge_sims(files, results) {
                Ok(m) => m,
                Err(e) => return named(e.to_string()),
            };
            if plot_to.is_some() || format == TableFormat::Csv {
                return named(
                    "`--format csv` and `--plot` are for comparisons, not simulations".into(),
                );
            }
            let meta = Meta {
                options: &merged.options,
                players: &merged.players,
                alternate: merged.alternate,
                seed: merged.seed,
                turn_cap: merged.turn_cap,
                shard: None,
                seconds: merged.seconds,
                jobs: merged.jobs,
            };
            match format {
                TableFormat::Json => say!("{}", json_report(&merged.facts, &merged.totals, &meta)),
                _ => say_raw!("{}", text_report(&merged.facts, &merged.totals, &meta)),
            }
            ExitCode::SUCCESS
        }
        Some("senet-compare/1") => {
            let mut parts = Vec::new();
            for (f, v) in files.iter().zip(&values) {
                match Comparison::from_json(v) {
                    Ok(c) => parts.push(c),
                    Err(e) => return named(format!("`{f}`: {e}")),
                }
            }
            match Comparison::merge(files, parts) {
                Ok(c) => print_comparison(&c, format, plot_to),
                Err(e) => named(e.to_string()),
            }
        }
        _ => named(format!(
            "`{}` is not the JSON of `senet sim` or `senet compare` (no `format` it knows)",
            files[0]
        )),
    }
}
