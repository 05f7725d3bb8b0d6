//! `senet compare`: the figures researchers compare reconstructions by, each with its 95 %
//! interval, for several rule sets (and option values) side by side, the differences from the
//! first row tested; as text, one line of JSON, or CSV. docs/metrics.md defines every figure.
//!
//! A comparison is made of rows; each row is one run of games (with the figures of
//! [`super::metrics`]) and, for the skill gap, runs between agents of different strength. Like a
//! simulation's report, a comparison's is a function of the rows' facts and integer totals, so
//! that shards merge into the report of one run.

use std::fmt::Write;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::merge::{MergeError, check_shard_games, check_shards, checked_shard, checked_sum, form};
use super::metrics::Metrics;
use super::report::{Facts, ShardNote};
use super::stats::{Estimate, Moments, balance, holm, two_proportion_p, welch_p, wilson, z_p};
use super::{Shard, SimSpec, Totals};
use crate::agents;
use crate::notation::named::Named;
use crate::players::Player;
use senet_engine::compile::Restriction;
use senet_engine::engine::Engine;
use senet_lang::check::RuleSet;
use senet_lang::types::Side;

/// The level of the marks: the chance of any false mark in a table is at most this.
pub const ALPHA: f64 = 0.05;

/// What a row's report says of its rules, beyond a simulation's [`Facts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowFacts {
    pub facts: Facts,
    /// Each side's race count at the start ([`Engine::race_count`]).
    pub race_start: [u32; 2],
    /// Whether the rules have each restriction of [`Restriction::ALL`].
    pub restrictions: [bool; 3],
}

impl RowFacts {
    pub fn of(engine: &Engine) -> RowFacts {
        let start = engine.start();
        RowFacts {
            facts: Facts::of(engine),
            race_start: [Side::First, Side::Second].map(|s| engine.race_count(&start, s)),
            restrictions: Restriction::ALL.map(|r| engine.rules.without(r).is_some()),
        }
    }
}

/// Why a figure of decisions is missing where every move was drawn without a list.
const UNLISTED: &str = "not measured: every decision was drawn without a list";
/// Why a figure of the games with a winner is missing.
const NO_WINNER: &str = "no game had a winner";
/// Why a figure is missing from a shard that played no games.
const NO_GAMES: &str = "no games";

/// The word for a restriction, in reports.
fn restriction_name(i: usize) -> &'static str {
    ["blockade", "protection", "stop"][i]
}

/// The games of one seating of a skill pair: who won. In JSON its fields by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seating {
    pub games: u64,
    pub player_wins: [u64; 2],
    pub draws: u64,
}

impl Seating {
    pub fn of(t: &Totals) -> Seating {
        Seating {
            games: t.games,
            player_wins: t.player_wins,
            draws: t.draws,
        }
    }

    /// Adds `o`'s games, refusing a sum that would pass 2^64 - 1.
    fn add(&mut self, o: &Seating) -> Result<(), MergeError> {
        let sum = |a: u64, b: u64| a.checked_add(b).ok_or(MergeError::SkillOverflow);
        *self = Seating {
            games: sum(self.games, o.games)?,
            player_wins: [
                sum(self.player_wins[0], o.player_wins[0])?,
                sum(self.player_wins[1], o.player_wins[1])?,
            ],
            draws: sum(self.draws, o.draws)?,
        };
        Ok(())
    }

    /// A seating read back, refused unless its games hold its wins and draws.
    fn check(self) -> Result<Seating, MergeError> {
        // Each game won by a player, drawn or unfinished: no more of them than games.
        let ended = self.player_wins.map(u128::from).iter().sum::<u128>() + u128::from(self.draws);
        if ended > u128::from(self.games) {
            return Err(MergeError::SeatingGames {
                wins: self.player_wins,
                draws: self.draws,
                games: self.games,
            });
        }
        Ok(self)
    }
}

/// A comparison as JSON (docs/formats.md), field by field in the order written: what was
/// asked, the tests, the rows, the shard. A merge reads it back (the figures it works out again
/// from the totals).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComparisonReport {
    /// `senet-compare/1`.
    pub format: String,
    pub players: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub turn_cap: u32,
    pub skill: Vec<[String; 2]>,
    pub skill_games: u64,
    #[serde(default)]
    pub tests: TestsNote,
    pub rows: Vec<RowReport>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardNote>,
    pub jobs: usize,
    pub seconds: f64,
}

/// How many differences were tested, and how.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TestsNote {
    pub count: usize,
    pub adjustment: String,
    pub alpha: f64,
    /// The row every other is tested against.
    pub against: usize,
}

/// One row of a comparison: its rules and options, what it says of them, its figures, its
/// totals and its skill games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowReport {
    pub target: String,
    pub rules: String,
    pub title: String,
    pub options: Named<String>,
    pub seed: u64,
    pub sides: [String; 2],
    pub seats: bool,
    pub special_squares: Vec<(usize, String)>,
    pub race_start: [u32; 2],
    pub restrictions: Vec<String>,
    #[serde(default)]
    pub metrics: Named<FigureNote>,
    pub totals: Totals,
    pub skill_totals: Vec<[Seating; 2]>,
}

/// One figure of a row: its value and interval (`null` and why it is missing where it is), and
/// its difference from the first row's where it was tested.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureNote {
    pub value: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ci95: Option<[f64; 2]>,
    pub method: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p10: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p50: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p90: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    /// For a skill figure: whether its interval holds one half (the game may be a lottery).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lottery: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p_holm: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub significant: Option<bool>,
}

impl FigureNote {
    fn of(f: &Figure, mark: Option<&Mark>) -> FigureNote {
        let deciles = |i: usize| f.deciles.map(|d| d[i]);
        FigureNote {
            value: f.estimate.map(|e| e.value),
            ci95: f.estimate.map(|e| [e.low, e.high]),
            method: f.method.into(),
            missing: f.estimate.is_none().then(|| f.missing.into()),
            p10: deciles(0),
            p50: deciles(1),
            p90: deciles(2),
            max: deciles(3),
            lottery: f.key.starts_with("skill:").then(|| lottery(f)),
            p: mark.map(|m| m.p),
            p_holm: mark.map(|m| m.adjusted),
            significant: mark.map(|m| m.significant),
        }
    }
}

/// One row: a rule set with its options, its run, and its skill games.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The rule set as the command line named it (a bundled id or a path).
    pub target: String,
    /// Every option of the rule set with its value.
    pub options: Vec<(String, String)>,
    pub seed: u64,
    pub facts: RowFacts,
    /// With [`Totals::metrics`].
    pub totals: Totals,
    /// Per skill pair: the stronger agent as player 1, then as player 2.
    pub skill: Vec<[Seating; 2]>,
}

impl Row {
    /// The row's name: its rule set and option values.
    pub fn label(&self) -> String {
        let mut label = self.target.clone();
        for (k, v) in &self.options {
            let _ = write!(label, " {k}={v}");
        }
        label
    }
}

/// How each row of a comparison is played: who plays its games, how many, and the skill pairs
/// (the stronger agent first) that play each other for the skill gap, with both seatings.
pub struct RowPlan<'p> {
    pub players: &'p [Player],
    pub games: u64,
    pub turn_cap: u32,
    pub shard: Option<Shard>,
    pub skill: &'p [[Player; 2]],
    pub skill_games: u64,
}

impl RowPlan<'_> {
    /// The games of one row, counted as the ticks of [`run_row`] count them (a shard's only).
    pub fn games_per_row(&self) -> u64 {
        let count = |g: u64| {
            let r = super::shard_range(g, self.shard);
            r.end - r.start
        };
        count(self.games) + 2 * self.skill.len() as u64 * count(self.skill_games)
    }
}

/// Why a row of a comparison gave no totals.
#[derive(Debug, thiserror::Error)]
pub enum RowError {
    /// A run stopped early, or could not be played.
    #[error(transparent)]
    Sim(#[from] super::SimError),
    /// An agent cannot play these rules (a network made for others, a table too large to solve).
    #[error("{0}")]
    Agent(String),
}

/// Plays the row of `rules` (compiled as `engine`, named `target` as the caller named it, seeded
/// `seed`): its games with the figures collected, then each skill pair's games in both seatings.
/// `tick` is told of every game played; the row stops between games once `stop` is set. The
/// same row whoever asks (`senet compare`, `senet serve`, the Python package).
#[allow(clippy::too_many_arguments)]
pub fn run_row(
    target: &str,
    rules: &RuleSet,
    engine: &Engine,
    seed: u64,
    plan: &RowPlan,
    jobs: usize,
    tick: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Row, RowError> {
    let play = |players: &[Player], games: u64, metrics: bool| -> Result<Totals, RowError> {
        let id = rules.rules_id();
        let agent = |e: &dyn std::fmt::Display| RowError::Agent(e.to_string());
        agents::check_nets(&id, players).map_err(|e| agent(&e))?;
        let table = agents::table_for(engine, &id, players, None).map_err(|e| agent(&e))?;
        let spec = SimSpec {
            players,
            games,
            seed,
            turn_cap: plan.turn_cap,
            table,
            shard: plan.shard,
            metrics,
            alternate: false,
        };
        Ok(super::run_until(engine, &spec, jobs, tick, stop)?)
    };
    let totals = play(plan.players, plan.games, true)?;
    let mut skill = Vec::new();
    for [strong, weak] in plan.skill {
        let first = [strong.clone(), weak.clone()];
        let second = [weak.clone(), strong.clone()];
        let one = play(&first, plan.skill_games, false)?;
        let two = play(&second, plan.skill_games, false)?;
        skill.push([Seating::of(&one), Seating::of(&two)]);
    }
    Ok(Row {
        target: target.to_string(),
        options: rules
            .options
            .iter()
            .map(|o| (o.name.clone(), o.chosen.to_string()))
            .collect(),
        seed,
        facts: RowFacts::of(engine),
        totals,
        skill,
    })
}

/// A comparison: what was asked, and its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub players: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub turn_cap: u32,
    /// Pairs of agents, the one expected stronger first.
    pub skill: Vec<[String; 2]>,
    /// Games of each seating of each skill pair.
    pub skill_games: u64,
    pub rows: Vec<Row>,
    pub shard: Option<Shard>,
    pub seconds: f64,
    pub jobs: usize,
}

/// How a figure is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A share, shown as a percentage.
    Percent,
    /// A number per game, or a ratio.
    Number,
}

/// What a figure's difference between rows is tested with.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Test {
    /// Successes of trials: the two-proportion z test.
    Proportion { k: u64, n: u64 },
    /// Per-game values: Welch's t test.
    Mean(Moments),
    /// An estimate and its standard error: a z test.
    Normal,
}

/// One figure of one row.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub key: String,
    pub label: String,
    pub unit: Unit,
    /// `None` where the figure does not apply or was not measured; `missing` says why.
    pub estimate: Option<Estimate>,
    pub missing: &'static str,
    /// How the interval was made: `wilson`, `t`, `delta` (a ratio's) or `normal`.
    pub method: &'static str,
    /// For game lengths: p10, p50, p90 and the maximum.
    pub deciles: Option<[u32; 4]>,
    test: Test,
}

/// A figure's difference from the first row's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub p: f64,
    /// After Holm's adjustment over every test of the table.
    pub adjusted: f64,
    pub significant: bool,
}

fn fig(
    key: &str,
    label: &str,
    unit: Unit,
    e: Estimate,
    method: &'static str,
    test: Test,
) -> Figure {
    Figure {
        key: key.to_string(),
        label: label.to_string(),
        unit,
        estimate: Some(e),
        missing: "",
        method,
        deciles: None,
        test,
    }
}

impl Figure {
    /// The figure without a value, and why.
    fn without(mut self, why: &'static str) -> Figure {
        self.estimate = None;
        self.missing = why;
        self
    }
}

/// `k` of `n`; without a value where there were no trials (`none` says why).
fn proportion(key: &str, label: &str, k: u64, n: u64, none: &'static str) -> Figure {
    let f = fig(
        key,
        label,
        Unit::Percent,
        wilson(k, n),
        "wilson",
        Test::Proportion { k, n },
    );
    if n == 0 { f.without(none) } else { f }
}

fn mean(key: &str, label: &str, m: Moments) -> Figure {
    let f = fig(key, label, Unit::Number, m.estimate(), "t", Test::Mean(m));
    if m.n == 0 { f.without(NO_GAMES) } else { f }
}

fn scaled(e: Estimate, c: f64) -> Estimate {
    Estimate {
        value: e.value * c,
        low: e.low * c,
        high: e.high * c,
        se: e.se * c,
        df: e.df,
    }
}

impl Row {
    /// Every figure of the row, in the order of the report.
    pub fn figures(&self, skill: &[[String; 2]]) -> Vec<Figure> {
        let t = &self.totals;
        let empty = Metrics::default();
        let m = t.metrics.as_ref().unwrap_or(&empty);
        let decided = t.wins.0[0] + t.wins.0[1];
        let mut out = vec![
            proportion(
                "advantage",
                "first-side advantage: decided games won by the side that played first",
                m.first_side_wins,
                decided,
                NO_WINNER,
            ),
            {
                // Tested as two balances, each with the standard error of its signed
                // difference: whether one game is fairer, whichever side it favours.
                let f = fig(
                    "balance",
                    "balance: 1 - |difference of the two sides' win rates|",
                    Unit::Number,
                    balance(t.wins.0[0], t.wins.0[1], t.games),
                    "normal",
                    Test::Normal,
                );
                if t.games == 0 { f.without(NO_GAMES) } else { f }
            },
            proportion(
                "decisiveness",
                "decisiveness: games that ended with a winner",
                decided,
                t.games,
                NO_GAMES,
            ),
            proportion("draws", "draws", t.draws, t.games, NO_GAMES),
            proportion(
                "unfinished",
                "unfinished: games stopped by a cap (turns, throws in a turn, moves to list)",
                t.unfinished,
                t.games,
                NO_GAMES,
            ),
        ];
        for (key, label, each) in [
            ("turns", "duration: turns per game", &t.turns_each),
            ("moves", "duration: moves per game", &t.moves_each),
        ] {
            let mut f = mean(key, label, each.moments());
            f.deciles = f.estimate.map(|_| {
                [
                    each.percentile(1),
                    each.percentile(5),
                    each.percentile(9),
                    each.max(),
                ]
            });
            out.push(f);
        }
        out.push(mean("passes", "passes per game", m.passes));
        out.push(mean("captures", "captures per game", m.captures));
        for (i, key) in ["blockades", "protections", "stops"]
            .into_iter()
            .enumerate()
        {
            let label = format!(
                "{key} fired per game: throws whose legal moves a {} rule changed",
                restriction_name(i)
            );
            let f = mean(key, &label, m.fired[i]);
            out.push(if !self.facts.restrictions[i] {
                f.without("no such rule")
            } else if m.branching.x.sum == 0 && m.unlisted > 0 {
                f.without(UNLISTED)
            } else {
                f
            });
        }
        out.push(mean(
            "lead_changes",
            "lead changes per game (the race count)",
            m.lead_changes,
        ));
        let behind = fig(
            "behind",
            "drama: positions in which the eventual winner trailed",
            Unit::Percent,
            m.behind.estimate(),
            "delta",
            Test::Normal,
        );
        let start = f64::from(self.facts.race_start[0] + self.facts.race_start[1]) / 2.0;
        let drama = fig(
            "drama",
            "drama: the winner's mean deficit while trailing, of the race count at the start",
            Unit::Percent,
            scaled(
                m.deficit.estimate(),
                if start > 0.0 { 1.0 / start } else { 0.0 },
            ),
            "delta",
            Test::Normal,
        );
        if decided == 0 {
            out.push(behind.without(NO_WINNER));
            out.push(drama.without(NO_WINNER));
        } else {
            out.push(behind);
            // A mean over the positions the winner trailed in: there were none.
            out.push(if m.deficit.x.sum == 0 {
                drama.without("the winner never trailed")
            } else {
                drama
            });
        }
        for (key, label, unit, r) in [
            (
                "branching",
                "branching factor: legal moves per decision with a move",
                Unit::Number,
                &m.branching,
            ),
            (
                "forced",
                "forced moves: decisions with a single legal move",
                Unit::Percent,
                &m.forced,
            ),
        ] {
            let f = fig(key, label, unit, r.estimate(), "delta", Test::Normal);
            out.push(match (m.branching.x.sum, m.unlisted) {
                (0, 0) => f.without("no decisions"),
                (0, _) => f.without(UNLISTED),
                _ => f,
            });
        }
        for (pair, seatings) in skill.iter().zip(&self.skill) {
            // The first agent is player 1 in the first seating, player 2 in the second. Of
            // the games with a winner: a draw or a game cut off is no win for either, and
            // counted against the stronger would make a lottery look like a gap.
            let k = seatings[0].player_wins[0] + seatings[1].player_wins[1];
            let n: u64 = seatings.iter().flat_map(|s| s.player_wins).sum();
            out.push(proportion(
                &format!("skill:{}/{}", pair[0], pair[1]),
                &format!(
                    "skill: {} wins against {} (decided games of both seatings)",
                    pair[0], pair[1]
                ),
                k,
                n,
                NO_WINNER,
            ));
        }
        out
    }
}

/// Whether a skill figure shows no skill: its interval holds 50 %.
pub fn lottery(f: &Figure) -> bool {
    f.key.starts_with("skill:") && f.estimate.is_some_and(|e| e.low <= 0.5 && 0.5 <= e.high)
}

/// The p-value of the difference between two rows' figure (`None` where either does not apply).
fn p_value(a: &Figure, b: &Figure) -> Option<f64> {
    let (ea, eb) = (a.estimate?, b.estimate?);
    Some(match (a.test, b.test) {
        (Test::Proportion { k: k1, n: n1 }, Test::Proportion { k: k2, n: n2 }) => {
            two_proportion_p(k1, n1, k2, n2)
        }
        (Test::Mean(m1), Test::Mean(m2)) => welch_p(
            m1.mean(),
            m1.variance(),
            m1.n,
            m2.mean(),
            m2.variance(),
            m2.n,
        ),
        _ => z_p(&ea, &eb),
    })
}

impl Comparison {
    /// Every row's figures, and for every row after the first the marks of its differences
    /// from the first row (Holm's adjustment over the whole table).
    pub fn figures(&self) -> (Vec<Vec<Figure>>, Vec<Vec<Option<Mark>>>) {
        let figures: Vec<Vec<Figure>> = self.rows.iter().map(|r| r.figures(&self.skill)).collect();
        let mut ps: Vec<Vec<Option<f64>>> = vec![vec![None; figures.first().map_or(0, Vec::len)]];
        for row in figures.iter().skip(1) {
            ps.push(
                row.iter()
                    .zip(&figures[0])
                    .map(|(f, reference)| p_value(reference, f))
                    .collect(),
            );
        }
        let flat: Vec<f64> = ps.iter().flatten().flatten().copied().collect();
        let adjusted = holm(&flat);
        let mut next = adjusted.into_iter();
        let marks = ps
            .iter()
            .map(|row| {
                row.iter()
                    .map(|p| {
                        let p = (*p)?;
                        let adjusted = next.next()?;
                        Some(Mark {
                            p,
                            adjusted,
                            significant: adjusted < ALPHA,
                        })
                    })
                    .collect()
            })
            .collect();
        (figures, marks)
    }

    /// How many tests the marks are adjusted for.
    fn tests(marks: &[Vec<Option<Mark>>]) -> usize {
        marks.iter().flatten().flatten().count()
    }

    /// The comparison as JSON, with its figures and the marks of their differences.
    pub fn report(&self) -> ComparisonReport {
        let (figures, marks) = self.figures();
        let rows = self
            .rows
            .iter()
            .zip(&figures)
            .zip(&marks)
            .map(|((row, figs), row_marks)| {
                let facts = &row.facts.facts;
                RowReport {
                    target: row.target.clone(),
                    rules: facts.id.clone(),
                    title: facts.title.clone(),
                    options: Named(row.options.clone()),
                    seed: row.seed,
                    sides: facts.sides.clone(),
                    seats: facts.seats,
                    special_squares: facts.special.clone(),
                    race_start: row.facts.race_start,
                    restrictions: (0..3)
                        .filter(|&i| row.facts.restrictions[i])
                        .map(|i| restriction_name(i).to_string())
                        .collect(),
                    metrics: Named(
                        figs.iter()
                            .zip(row_marks)
                            .map(|(f, mark)| (f.key.clone(), FigureNote::of(f, mark.as_ref())))
                            .collect(),
                    ),
                    totals: row.totals.clone(),
                    skill_totals: row.skill.clone(),
                }
            })
            .collect();
        ComparisonReport {
            format: "senet-compare/1".into(),
            players: self.players.clone(),
            games: self.games,
            seed: self.seed,
            turn_cap: self.turn_cap,
            skill: self.skill.clone(),
            skill_games: self.skill_games,
            tests: TestsNote {
                count: Self::tests(&marks),
                adjustment: "holm".into(),
                alpha: ALPHA,
                against: 0,
            },
            rows,
            shard: self.shard.map(|s| ShardNote::of((s, self.games))),
            jobs: self.jobs,
            seconds: self.seconds,
        }
    }

    pub fn to_json(&self) -> Value {
        serde_json::to_value(self.report()).unwrap_or_default()
    }

    pub fn from_json(v: &Value) -> Result<Comparison, MergeError> {
        if v.get("format").and_then(Value::as_str) != Some("senet-compare/1") {
            return Err(MergeError::Form(
                "not the JSON of `senet compare` (`format` is not `senet-compare/1`)".into(),
            ));
        }
        let c = ComparisonReport::deserialize(v).map_err(form)?;
        let rows = c
            .rows
            .into_iter()
            .map(|row| {
                row.totals.check()?;
                let skill = row
                    .skill_totals
                    .into_iter()
                    .map(|[a, b]| Ok([a.check()?, b.check()?]))
                    .collect::<Result<Vec<_>, MergeError>>()?;
                Ok(Row {
                    target: row.target,
                    options: row.options.0,
                    seed: row.seed,
                    facts: RowFacts {
                        facts: Facts {
                            id: row.rules,
                            title: row.title,
                            sides: row.sides,
                            seats: row.seats,
                            special: row.special_squares,
                        },
                        race_start: row.race_start,
                        restrictions: [0, 1, 2]
                            .map(|i| row.restrictions.iter().any(|n| n == restriction_name(i))),
                    },
                    totals: row.totals,
                    skill,
                })
            })
            .collect::<Result<Vec<_>, MergeError>>()?;
        let shard = c.shard.map(checked_shard).transpose()?;
        Ok(Comparison {
            players: c.players,
            games: c.games,
            seed: c.seed,
            turn_cap: c.turn_cap,
            skill: c.skill,
            skill_games: c.skill_games,
            rows,
            shard: shard.map(|(s, _)| s),
            seconds: c.seconds,
            jobs: c.jobs,
        })
    }

    /// What was asked, the same in every shard of a run (rows without their totals).
    fn asked(&self) -> Vec<String> {
        let mut asked = vec![format!(
            "{:?} {} {} {} {:?} {}",
            self.players, self.games, self.seed, self.turn_cap, self.skill, self.skill_games
        )];
        for r in &self.rows {
            asked.push(format!(
                "{} {:?} {} {:?}",
                r.target, r.options, r.seed, r.facts
            ));
        }
        asked
    }

    /// The shards of one comparison (`names` name the files, for errors), merged into the
    /// comparison one run would give.
    pub fn merge(names: &[String], parts: Vec<Comparison>) -> Result<Comparison, MergeError> {
        let shards: Vec<_> = parts
            .iter()
            .map(|c| c.shard.map(|s| (s, c.games)))
            .collect();
        check_shards(names, &shards)?;
        for (name, c) in names.iter().zip(&parts) {
            let Some(shard) = c.shard else { continue };
            for r in &c.rows {
                check_shard_games(name, shard, c.games, r.totals.games)?;
                for seating in r.skill.iter().flatten() {
                    check_shard_games(name, shard, c.skill_games, seating.games)?;
                }
            }
        }
        let mut parts = parts.into_iter();
        let mut merged = parts.next().ok_or(MergeError::Nothing)?;
        for (i, c) in parts.enumerate() {
            if c.asked() != merged.asked() {
                return Err(MergeError::OtherComparison {
                    name: names[i + 1].clone(),
                    first: names[0].clone(),
                });
            }
            let name = &names[i + 1];
            for (a, b) in merged.rows.iter_mut().zip(c.rows) {
                a.totals =
                    checked_sum(std::mem::take(&mut a.totals), b.totals).map_err(|e| e.of(name))?;
                for (x, y) in a.skill.iter_mut().zip(&b.skill) {
                    x[0].add(&y[0])
                        .and_then(|()| x[1].add(&y[1]))
                        .map_err(|e| e.of(name))?;
                }
            }
            merged.seconds += c.seconds;
            merged.jobs = merged.jobs.max(c.jobs);
        }
        for r in &merged.rows {
            if r.totals.games != merged.games {
                return Err(MergeError::GamesHeld {
                    held: r.totals.games,
                    of: format!(" of `{}`", r.label()),
                    games: merged.games,
                });
            }
        }
        merged.shard = None;
        Ok(merged)
    }

    /// The comparison as text for people: the rows, then one block per figure.
    pub fn text(&self) -> String {
        let (figures, marks) = self.figures();
        let mut out = String::new();
        let n = self.rows.len();
        let _ = writeln!(
            out,
            "{n} row{}: {} against {}, {} games each; row k plays seed {} + k",
            if n == 1 { "" } else { "s" },
            self.players.first().map_or("", String::as_str),
            self.players.get(1).map_or("", String::as_str),
            self.games,
            self.seed
        );
        if !self.skill.is_empty() && self.skill_games > 0 {
            let pairs: Vec<String> = self
                .skill
                .iter()
                .map(|[a, b]| format!("{a} against {b}"))
                .collect();
            let _ = writeln!(
                out,
                "skill: {}, {} games in each seating",
                pairs.join(" and "),
                self.skill_games
            );
        }
        if let Some(s) = self.shard {
            let _ = writeln!(out, "shard {}/{} of every run", s.k, s.n);
        }
        let _ = writeln!(out);
        for (i, row) in self.rows.iter().enumerate() {
            let _ = writeln!(out, "({}) {}", i + 1, row.label());
            let _ = writeln!(
                out,
                "    {} ({} games)",
                row.facts.facts.title, row.totals.games
            );
        }
        let Some(first) = figures.first() else {
            return out;
        };
        let width = format!("({n})").len();
        for (j, head) in first.iter().enumerate() {
            let unit = match head.unit {
                Unit::Percent => "%, ",
                Unit::Number => "",
            };
            let _ = writeln!(
                out,
                "\n{} ({unit}{})",
                head.label,
                method_words(head.method)
            );
            for (i, row) in figures.iter().enumerate() {
                let f = &row[j];
                let tag = format!("({})", i + 1);
                let _ = write!(out, "  {tag:>width$} ");
                let Some(e) = f.estimate else {
                    let _ = writeln!(out, "    {}", f.missing);
                    continue;
                };
                let c = if f.unit == Unit::Percent { 100.0 } else { 1.0 };
                let places = if f.unit == Unit::Number && f.method == "delta" {
                    3
                } else {
                    2
                };
                let _ = write!(
                    out,
                    "{:>9.places$}  [{:.places$}, {:.places$}]",
                    c * e.value,
                    c * e.low,
                    c * e.high
                );
                if let Some([p10, p50, p90, max]) = f.deciles {
                    let _ = write!(out, "  p10 {p10}, p50 {p50}, p90 {p90}, max {max}");
                }
                if marks[i][j].is_some_and(|m| m.significant) {
                    let _ = write!(out, "  *");
                }
                if lottery(f) {
                    let _ = write!(out, "  lottery");
                }
                let _ = writeln!(out);
            }
        }
        let tests = Self::tests(&marks);
        if tests > 0 {
            let _ = writeln!(
                out,
                "\n* differs from (1) beyond chance: p below {ALPHA} after Holm's adjustment for the {tests} tests of this table (the chance of any false mark is at most {}).",
                ALPHA
            );
        }
        if figures.iter().flatten().any(lottery) {
            let _ = writeln!(
                out,
                "lottery: the stronger agent's win rate is within chance of 50 % (skill made no difference that these games show)."
            );
        }
        let unlisted: u64 = self
            .rows
            .iter()
            .filter_map(|r| r.totals.metrics.as_ref())
            .map(|m| m.unlisted)
            .sum();
        if unlisted > 0 {
            let _ = writeln!(
                out,
                "{unlisted} decisions of split turns were drawn without listing their moves: they are left out of the branching factor, the forced moves and the rules fired."
            );
        }
        let _ = writeln!(
            out,
            "\n{:.2} s on {} thread{}",
            self.seconds,
            self.jobs,
            if self.jobs == 1 { "" } else { "s" },
        );
        out
    }

    /// The comparison as CSV: a header, then one line per row and figure.
    pub fn csv(&self) -> String {
        let (figures, marks) = self.figures();
        let mut out = String::from(
            "row,target,rules,options,seed,games,metric,value,low,high,method,p,p_holm,significant\n",
        );
        for (i, row) in self.rows.iter().enumerate() {
            let options: Vec<String> = row
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            for (f, mark) in figures[i].iter().zip(&marks[i]) {
                // Rust's shortest form that reads back as the same number, with an exponent
                // for the very small and very large (a p-value of 3.6e-57).
                let number = |x: f64| format!("{x:?}");
                let (value, low, high) = match f.estimate {
                    Some(e) => (number(e.value), number(e.low), number(e.high)),
                    None => (String::new(), String::new(), String::new()),
                };
                let (p, adjusted, significant) = match mark {
                    Some(m) => (number(m.p), number(m.adjusted), m.significant.to_string()),
                    None => (String::new(), String::new(), String::new()),
                };
                let fields = [
                    (i + 1).to_string(),
                    row.target.clone(),
                    row.facts.facts.id.clone(),
                    options.join(";"),
                    row.seed.to_string(),
                    row.totals.games.to_string(),
                    f.key.clone(),
                    value,
                    low,
                    high,
                    f.method.to_string(),
                    p,
                    adjusted,
                    significant,
                ];
                let line: Vec<String> = fields.iter().map(|x| csv_field(x)).collect();
                out.push_str(&line.join(","));
                out.push('\n');
            }
        }
        out
    }
}

/// A CSV field, quoted where it must be (RFC 4180).
pub(super) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn method_words(method: &str) -> &'static str {
    match method {
        "wilson" => "Wilson 95 % interval",
        "t" => "mean, t 95 % interval",
        "delta" => "ratio of sums, delta-method 95 % interval",
        _ => "normal 95 % interval",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_lang::types::PerSide;

    /// A row whose sides won `wins` of `games` games.
    fn row(wins: [u64; 2], games: u64) -> Row {
        Row {
            target: "test".into(),
            options: Vec::new(),
            seed: 1,
            facts: RowFacts {
                facts: Facts {
                    id: "test".into(),
                    title: "test".into(),
                    sides: ["a".into(), "b".into()],
                    seats: false,
                    special: Vec::new(),
                },
                race_start: [10, 10],
                restrictions: [false; 3],
            },
            totals: Totals {
                games,
                wins: PerSide(wins),
                ..Totals::default()
            },
            skill: Vec::new(),
        }
    }

    fn balance_mark(rows: Vec<Row>) -> Mark {
        let c = Comparison {
            players: vec!["random".into(), "random".into()],
            games: 0,
            seed: 1,
            turn_cap: 10,
            skill: Vec::new(),
            skill_games: 0,
            rows,
            shard: None,
            seconds: 0.0,
            jobs: 1,
        };
        let (figures, marks) = c.figures();
        let i = figures[1].iter().position(|f| f.key == "balance").unwrap();
        marks[1][i].unwrap()
    }

    #[test]
    fn balance_is_tested_whichever_side_a_game_favours() {
        // 600 to 400 and 400 to 600 of 1000: both balances are 1 - 0.2 = 0.8. The sides'
        // shares differ widely, the fairness not at all.
        let m = balance_mark(vec![row([600, 400], 1000), row([400, 600], 1000)]);
        assert_eq!(m.p, 1.0);
        assert!(!m.significant);
        // 500 to 500 against 600 to 400: balances 1 and 0.8, each with the standard error of
        // its signed difference, sqrt((p_a + p_b - d^2) / n): sqrt(1/1000) = 0.031623 and
        // sqrt(0.96/1000) = 0.030984; z = 0.2 / sqrt(0.001 + 0.00096) = 4.5175, two-sided p = 6.26e-6.
        let m = balance_mark(vec![row([500, 500], 1000), row([600, 400], 1000)]);
        assert!((m.p - 6.26e-6).abs() < 0.01e-6, "{}", m.p);
        assert!(m.significant);
    }
}
