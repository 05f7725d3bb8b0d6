//! `senet compare` of rule sets of more than two sides: a row per rule set (and option values),
//! each played on the engine for many sides, with the figures such games have: how often the
//! team of the side moving first wins the decided games, each team's wins, how long a game is,
//! and, for each skill pair, how often the stronger agent's team wins against the weaker's,
//! every team taking the stronger seats in turn.

use std::sync::atomic::AtomicBool;

use serde_json::{Value, json};

use super::SimError;
use super::compare::csv_field;
use super::multi::{MultiTotals, per_game, run, team_sides};
use super::stats::{Estimate, wilson};
use crate::agents::ManyAgent;
use senet_engine::multi::MultiRules;

/// A skill pair's games on one row: the stronger agent's team against the weaker's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManySkill {
    pub stronger: String,
    pub weaker: String,
    /// Games played, every seating together, and those decided (won by a team).
    pub games: u64,
    pub decided: u64,
    /// Decided games the stronger agent's team won.
    pub wins: u64,
}

/// One row: a rule set with its options, and what its games came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManyRow {
    /// The rule set as named, and its id.
    pub target: String,
    pub id: String,
    pub title: String,
    pub options: Vec<(String, String)>,
    /// Each team's sides, team by team, and the team of the side moving first.
    pub teams: Vec<Vec<String>>,
    pub first_team: usize,
    pub totals: MultiTotals,
    pub skill: Vec<ManySkill>,
}

/// What a row plays: its players (one a side, or `random` for all), the games, the seed and the
/// turn cap, and the skill pairs with the games of each seating.
pub struct ManyPlan<'a> {
    pub players: &'a [ManyAgent],
    pub games: u64,
    pub seed: u64,
    pub turn_cap: u32,
    pub skill: &'a [[ManyAgent; 2]],
    pub skill_games: u64,
}

/// Plays a row of `rules` (its id, title and options for the report) on `jobs` threads.
pub fn run_many_row(
    (target, title, options): (&str, &str, &[(String, String)]),
    rules: &MultiRules,
    plan: &ManyPlan,
    jobs: usize,
    tick: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<ManyRow, SimError> {
    let n = rules.count();
    let players: Vec<ManyAgent> = if plan.players.len() == n {
        plan.players.to_vec()
    } else {
        vec![ManyAgent::Random; n]
    };
    let totals = run(
        rules,
        &players,
        (plan.games, plan.seed, plan.turn_cap),
        jobs,
        tick,
        stop,
    )?;
    let teams = team_sides(rules);
    let mut skill = Vec::new();
    for [stronger, weaker] in plan.skill.iter().copied().filter(|_| plan.skill_games > 0) {
        let mut s = ManySkill {
            stronger: stronger.name().into(),
            weaker: weaker.name().into(),
            games: 0,
            decided: 0,
            wins: 0,
        };
        for team in 0..teams.len() {
            let seats: Vec<ManyAgent> = rules
                .sides
                .iter()
                .map(|side| {
                    if usize::from(side.team) == team {
                        stronger
                    } else {
                        weaker
                    }
                })
                .collect();
            let seed = plan.seed.wrapping_add(1_000_003 * (team as u64 + 1));
            let t = run(
                rules,
                &seats,
                (plan.skill_games, seed, plan.turn_cap),
                jobs,
                tick,
                stop,
            )?;
            s.games += t.games;
            s.decided += t.wins.iter().sum::<u64>();
            s.wins += t.wins[team];
        }
        skill.push(s);
    }
    Ok(ManyRow {
        target: target.into(),
        id: rules.id.clone(),
        title: title.into(),
        options: options.to_vec(),
        teams: teams
            .iter()
            .map(|t| t.iter().map(|s| (*s).to_string()).collect())
            .collect(),
        first_team: usize::from(rules.sides[usize::from(rules.first)].team),
        totals,
        skill,
    })
}

/// A comparison of rule sets of more than two sides.
#[derive(Clone, Debug, PartialEq)]
pub struct ManyComparison {
    /// The players, as named (one a side, or `random` for all).
    pub players: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub turn_cap: u32,
    pub skill_games: u64,
    pub rows: Vec<ManyRow>,
    pub seconds: f64,
    pub jobs: usize,
}

impl ManyRow {
    /// The decided games, and those the first side's team won.
    fn first_team(&self) -> Estimate {
        let t = &self.totals;
        wilson(t.wins[self.first_team], t.wins.iter().sum())
    }

    fn label(&self) -> String {
        let mut label = self.target.clone();
        for (name, value) in &self.options {
            label.push_str(&format!(" {name}={value}"));
        }
        label
    }
}

impl ManySkill {
    fn estimate(&self) -> Estimate {
        wilson(self.wins, self.decided)
    }
}

fn interval(e: &Estimate, scale: f64) -> String {
    format!(
        "{:>9.2}  [{:.2}, {:.2}]",
        scale * e.value,
        scale * e.low,
        scale * e.high
    )
}

/// The comparison as `senet compare` prints it for people: the rows, then each figure row by
/// row.
pub fn many_text(c: &ManyComparison) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} rows of the engine for many sides: {} players, {} games each; row k plays seed {} + k",
        c.rows.len(),
        c.players.join(", "),
        c.games,
        c.seed
    );
    if let Some(row) = c.rows.first() {
        for s in &row.skill {
            let _ = writeln!(
                out,
                "skill: {} partners against {} ones, {} games with each team the stronger",
                s.stronger, s.weaker, c.skill_games
            );
        }
    }
    out.push('\n');
    for (k, row) in c.rows.iter().enumerate() {
        let teams: Vec<String> = row.teams.iter().map(|t| t.join(" + ")).collect();
        let _ = writeln!(out, "({}) {}", k + 1, row.label());
        let _ = writeln!(
            out,
            "    {} ({} games; teams {})",
            row.title,
            row.totals.games,
            teams.join(", ")
        );
    }
    let figure = |out: &mut String, title: &str, each: &dyn Fn(&ManyRow) -> String| {
        let _ = writeln!(out, "\n{title}");
        for (k, row) in c.rows.iter().enumerate() {
            let _ = writeln!(out, "  ({})  {}", k + 1, each(row));
        }
    };
    figure(
        &mut out,
        "first-team advantage: decided games won by the team of the side moving first (%, Wilson 95 % interval)",
        &|r| interval(&r.first_team(), 100.0),
    );
    figure(
        &mut out,
        "teams: each team's wins, of all games (%, Wilson 95 % interval)",
        &|r| {
            let each: Vec<String> = r
                .teams
                .iter()
                .zip(&r.totals.wins)
                .map(|(t, &w)| {
                    let e = wilson(w, r.totals.games);
                    format!(
                        "{} {:.2} [{:.2}, {:.2}]",
                        t.join(" + "),
                        100.0 * e.value,
                        100.0 * e.low,
                        100.0 * e.high
                    )
                })
                .collect();
            each.join("; ")
        },
    );
    figure(
        &mut out,
        "unfinished: games stopped by the turn cap (%, Wilson 95 % interval)",
        &|r| interval(&wilson(r.totals.unfinished, r.totals.games), 100.0),
    );
    figure(
        &mut out,
        "duration: turns per game (mean, t 95 % interval)",
        &|r| interval(&r.totals.turns.estimate(), 1.0),
    );
    figure(
        &mut out,
        "duration: moves per game (mean, t 95 % interval)",
        &|r| interval(&r.totals.moves.estimate(), 1.0),
    );
    figure(
        &mut out,
        "passes, captures and extra throws per game",
        &|r| {
            let t = &r.totals;
            format!(
                "{:.2} passes, {:.2} captures, {:.2} extra throws",
                per_game(t.passes, t.games),
                per_game(t.captures, t.games),
                per_game(t.extra_throws, t.games)
            )
        },
    );
    let pairs = c.rows.first().map_or(0, |r| r.skill.len());
    for k in 0..pairs {
        let s = &c.rows[0].skill[k];
        figure(
            &mut out,
            &format!(
                "skill: decided games won by the {} team against {} ones, each team the stronger in turn (%, Wilson 95 % interval; by chance, 100 over the teams)",
                s.stronger, s.weaker
            ),
            &|r| interval(&r.skill[k].estimate(), 100.0),
        );
    }
    let _ = writeln!(out, "\n{:.1} s on {} threads", c.seconds, c.jobs);
    out
}

fn estimate_json(e: &Estimate) -> Value {
    json!({ "value": e.value, "ci95": [e.low, e.high] })
}

/// The comparison as `senet compare --format json` writes it for rule sets of more than two
/// sides (`"senet-multi-compare/1"`, docs/formats.md).
pub fn many_json(c: &ManyComparison) -> Value {
    let rows: Vec<Value> = c
        .rows
        .iter()
        .map(|r| {
            let t = &r.totals;
            let options: serde_json::Map<String, Value> = r
                .options
                .iter()
                .map(|(k, v)| (k.clone(), Value::from(v.as_str())))
                .collect();
            let teams: Vec<Value> = r
                .teams
                .iter()
                .zip(&t.wins)
                .map(|(sides, &wins)| {
                    json!({
                        "sides": sides,
                        "wins": wins,
                        "win_rate": estimate_json(&wilson(wins, t.games)),
                    })
                })
                .collect();
            let skill: Vec<Value> = r
                .skill
                .iter()
                .map(|s| {
                    json!({
                        "stronger": s.stronger,
                        "weaker": s.weaker,
                        "games": s.games,
                        "decided": s.decided,
                        "wins": s.wins,
                        "win_rate": estimate_json(&s.estimate()),
                    })
                })
                .collect();
            json!({
                "rules": r.target,
                "id": r.id,
                "title": r.title,
                "options": options,
                "games": t.games,
                "teams": teams,
                "first_team": r.first_team,
                "first_team_advantage": estimate_json(&r.first_team()),
                "draws": t.draws,
                "unfinished": t.unfinished,
                "turns": estimate_json(&t.turns.estimate()),
                "moves": estimate_json(&t.moves.estimate()),
                "passes_per_game": per_game(t.passes, t.games),
                "captures_per_game": per_game(t.captures, t.games),
                "extra_throws_per_game": per_game(t.extra_throws, t.games),
                "skill": skill,
            })
        })
        .collect();
    json!({
        "format": "senet-multi-compare/1",
        "players": c.players,
        "games": c.games,
        "seed": c.seed,
        "turn_cap": c.turn_cap,
        "skill_games": c.skill_games,
        "rows": rows,
        "seconds": c.seconds,
        "jobs": c.jobs,
    })
}

/// The comparison as CSV: a header, then a line per row and figure, in the columns of the
/// two-sided comparison's CSV up to `method` (rows of many sides are not tested against row 1).
pub fn many_csv(c: &ManyComparison) -> String {
    let mut out =
        String::from("row,target,rules,options,seed,games,metric,value,low,high,method\n");
    for (k, r) in c.rows.iter().enumerate() {
        let options: Vec<String> = r.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let seed = c.seed.wrapping_add(k as u64);
        let mut line = |metric: &str, e: &Estimate, method: &str| {
            let number = |x: f64| format!("{x:?}");
            let fields = [
                (k + 1).to_string(),
                r.target.clone(),
                r.id.clone(),
                options.join(";"),
                seed.to_string(),
                r.totals.games.to_string(),
                metric.to_string(),
                number(e.value),
                number(e.low),
                number(e.high),
                method.to_string(),
            ];
            let line: Vec<String> = fields.iter().map(|x| csv_field(x)).collect();
            out.push_str(&line.join(","));
            out.push('\n');
        };
        line("first_team_advantage", &r.first_team(), "wilson");
        for (t, &w) in r.teams.iter().zip(&r.totals.wins) {
            let metric = format!("wins {}", t.join(" + "));
            line(&metric, &wilson(w, r.totals.games), "wilson");
        }
        line(
            "unfinished",
            &wilson(r.totals.unfinished, r.totals.games),
            "wilson",
        );
        line("turns", &r.totals.turns.estimate(), "t");
        line("moves", &r.totals.moves.estimate(), "t");
        for s in &r.skill {
            let metric = format!("skill {}/{}", s.stronger, s.weaker);
            line(&metric, &s.estimate(), "wilson");
        }
    }
    out
}
