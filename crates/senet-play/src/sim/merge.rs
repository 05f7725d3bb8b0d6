//! Mergeable results: the integer totals of a run as JSON and back, and the merging of the
//! shards of one run into the report the whole run would give (`senet merge`).
//!
//! A report is a function of the rules' [`Facts`], what was asked and the [`Totals`]; the JSON
//! of `senet sim` and `senet compare` carries all three, so shards are merged without the
//! rules: their totals are added and the report written again. Only the timings differ from
//! one run's: `seconds` is the shards' summed (the time the games took, one shard after
//! another), `games_per_second` the games over that, and `jobs` the most any shard used.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::metrics::Metrics;
use super::report::{Facts, ShardNote, SimReport};
use super::stats::{Moments, RatioMoments};
use super::{Shard, Totals, shard_range};

/// Why results of `senet sim` or `senet compare` could not be read or merged.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// The JSON is not of the form a result has (serde's words).
    #[error("{0}")]
    Form(String),
    #[error(
        "its wins ({} and {}), draws ({draws}) and unfinished games ({unfinished}) add up to \
         {ended}, not its {games} games",
        wins[0],
        wins[1]
    )]
    NotEveryGameEnded {
        wins: [u64; 2],
        draws: u64,
        unfinished: u64,
        ended: u128,
        games: u128,
    },
    #[error(
        "its players' wins ({} and {}) are not its sides' wins ({} and {})",
        players[0],
        players[1],
        sides[0],
        sides[1]
    )]
    PlayerWins {
        players: [u128; 2],
        sides: [u128; 2],
    },
    /// A list of lengths (`moves_each`, `turns_each`) that does not count every game once.
    #[error("`{key}` counts {counted} games, not its {games}")]
    LengthsCount {
        key: &'static str,
        counted: u128,
        games: u128,
    },
    /// A list of lengths whose lengths do not add up to its total.
    #[error("`{key}` adds up to {sum} {what}, not its `{what}` ({total})")]
    LengthsSum {
        key: &'static str,
        sum: u128,
        what: &'static str,
        total: u64,
    },
    #[error("`first_side_wins` ({first}) is more than its wins ({wins})")]
    FirstSideWins { first: u64, wins: u128 },
    #[error("its `metrics` count {n} games, more than its {games}")]
    MetricsGames { n: u64, games: u128 },
    #[error(
        "a skill seating's wins ({} and {}) and draws ({draws}) are more than its {games} games",
        wins[0],
        wins[1]
    )]
    SeatingGames {
        wins: [u64; 2],
        draws: u64,
        games: u64,
    },
    /// Two results' counts whose sum would pass what it is held in (2^`bits` - 1).
    #[error("their `{key}` add up to more than 2^{bits} - 1")]
    Overflow { key: String, bits: u8 },
    #[error("their skill games add up to more than 2^64 - 1")]
    SkillOverflow,
    #[error("`shard` {k}/{n} is not a shard")]
    NotAShard { k: u64, n: u64 },
    #[error("`{name}` is a whole run, not a shard (written without `--shard`)")]
    WholeRun { name: String },
    #[error(
        "`{name}` is shard {k}/{n} of {games} games, another run than `{first}` ({first_n} \
         shards of {first_games} games)"
    )]
    OtherRun {
        name: String,
        k: u64,
        n: u64,
        games: u64,
        first: String,
        first_n: u64,
        first_games: u64,
    },
    #[error("`{first}` and `{name}` are both shard {k}/{n}")]
    SameShard {
        first: String,
        name: String,
        k: u64,
        n: u64,
    },
    #[error("no files to merge")]
    Nothing,
    #[error("shard {} missing", missing.join(", "))]
    Missing { missing: Vec<String> },
    #[error(
        "`{name}` holds {games} games, but shard {k}/{n} of a run of {run_games} games plays \
         {expected}"
    )]
    ShardGames {
        name: String,
        games: u64,
        k: u64,
        n: u64,
        run_games: u64,
        expected: u64,
    },
    #[error(
        "`{name}` simulated other rules, options, players, seed, seating or turn cap than \
         `{first}`"
    )]
    OtherSimulation { name: String, first: String },
    #[error(
        "`{name}` compared other rule sets, options, players, seeds, games or skill pairs than \
         `{first}`"
    )]
    OtherComparison { name: String, first: String },
    /// The shards' games (of a row of a comparison, named) are not the run's.
    #[error("the shards hold {held} games{of}, not the run's {games}")]
    GamesHeld { held: u64, of: String, games: u64 },
    /// What is wrong with the file `name`.
    #[error("`{name}`: {error}")]
    In {
        name: String,
        error: Box<MergeError>,
    },
}

impl MergeError {
    /// The error, said of the file `name`.
    pub(super) fn of(self, name: &str) -> MergeError {
        MergeError::In {
            name: name.into(),
            error: Box::new(self),
        }
    }
}

/// A serde failure to read a result's JSON.
pub(super) fn form(e: impl std::fmt::Display) -> MergeError {
    MergeError::Form(e.to_string())
}

impl Totals {
    /// Every total, as JSON: what a merge adds up.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Totals read back, refused unless their counts agree with each other ([`Totals::check`]).
    pub fn from_json(v: &Value) -> Result<Totals, MergeError> {
        let t = Totals::deserialize(v).map_err(form)?;
        t.check()?;
        Ok(t)
    }

    /// Whether the counts agree with each other as games counted one by one make them (see
    /// `add_game`): every game won by a side, drawn or unfinished; every win a player's; each
    /// length histogram counting every game once and summing to its total; and no count of
    /// games above the games. Sums are taken in 128 bits, so that nothing wraps.
    pub fn check(&self) -> Result<(), MergeError> {
        let games = u128::from(self.games);
        let [w0, w1] = self.wins.0.map(u128::from);
        let ended = w0 + w1 + u128::from(self.draws) + u128::from(self.unfinished);
        if ended != games {
            return Err(MergeError::NotEveryGameEnded {
                wins: self.wins.0,
                draws: self.draws,
                unfinished: self.unfinished,
                ended,
                games,
            });
        }
        let [p0, p1] = self.player_wins.map(u128::from);
        if p0 + p1 != w0 + w1 {
            return Err(MergeError::PlayerWins {
                players: [p0, p1],
                sides: [w0, w1],
            });
        }
        for (key, h, total, what) in [
            ("moves_each", &self.moves_each, self.moves, "moves"),
            ("turns_each", &self.turns_each, self.turns, "turns"),
        ] {
            let counted: u128 = h.0.values().map(|&n| u128::from(n)).sum();
            if counted != games {
                return Err(MergeError::LengthsCount {
                    key,
                    counted,
                    games,
                });
            }
            let sum: u128 =
                h.0.iter()
                    .map(|(&v, &n)| u128::from(v) * u128::from(n))
                    .sum();
            if sum != u128::from(total) {
                return Err(MergeError::LengthsSum {
                    key,
                    sum,
                    what,
                    total,
                });
            }
        }
        if let Some(m) = &self.metrics {
            if u128::from(m.first_side_wins) > w0 + w1 {
                return Err(MergeError::FirstSideWins {
                    first: m.first_side_wins,
                    wins: w0 + w1,
                });
            }
            let moments = [&m.passes, &m.captures, &m.lead_changes]
                .into_iter()
                .chain(&m.fired)
                .chain(
                    [&m.branching, &m.forced, &m.behind, &m.deficit]
                        .into_iter()
                        .flat_map(|r| [&r.y, &r.x]),
                );
            if let Some(n) = moments.map(|x| x.n).find(|&n| n > self.games) {
                return Err(MergeError::MetricsGames { n, games });
            }
        }
        Ok(())
    }
}

/// `a` and `b` added up, or the name of the first count whose sum would pass what it is held in
/// (2^64 - 1, or 2^128 - 1 for a sum of squares): nothing wraps.
pub(super) fn checked_sum(mut a: Totals, b: Totals) -> Result<Totals, MergeError> {
    // Every field named, so that a count added to the totals cannot be left out here.
    let Totals {
        games,
        wins,
        player_wins,
        draws,
        unfinished,
        moves,
        turns,
        passes,
        captures,
        backward,
        extra_throws,
        effects,
        entered,
        borne_off,
        match_points,
        landings,
        fallbacks,
        moves_each,
        turns_each,
        metrics,
        won_by,
    } = b;
    for (x, y) in a.won_by.counts_mut().into_iter().zip(won_by.counts()) {
        add(x, y, "won_by")?;
    }
    add(&mut a.games, games, "games")?;
    for (x, y) in a.wins.0.iter_mut().zip(wins.0) {
        add(x, y, "wins")?;
    }
    for (x, y) in a.player_wins.iter_mut().zip(player_wins) {
        add(x, y, "player_wins")?;
    }
    for (x, y) in a.fallbacks.iter_mut().zip(fallbacks) {
        add(x, y, "fallbacks")?;
    }
    add(&mut a.draws, draws, "draws")?;
    add(&mut a.unfinished, unfinished, "unfinished")?;
    add(&mut a.moves, moves, "moves")?;
    add(&mut a.turns, turns, "turns")?;
    add(&mut a.passes, passes, "passes")?;
    add(&mut a.captures, captures, "captures")?;
    add(&mut a.backward, backward, "backward")?;
    add(&mut a.extra_throws, extra_throws, "extra_throws")?;
    add(&mut a.effects, effects, "effects")?;
    add(&mut a.entered, entered, "entered")?;
    add(&mut a.borne_off, borne_off, "borne_off")?;
    add(&mut a.match_points, match_points, "match_points")?;
    if a.landings.len() < landings.len() {
        a.landings.resize(landings.len(), 0);
    }
    for (x, y) in a.landings.iter_mut().zip(landings) {
        add(x, y, "landings")?;
    }
    for (into, from, key) in [
        (&mut a.moves_each, moves_each, "moves_each"),
        (&mut a.turns_each, turns_each, "turns_each"),
    ] {
        for (v, n) in from.0 {
            add(into.0.entry(v).or_insert(0), n, key)?;
        }
    }
    a.metrics = match (a.metrics, metrics) {
        (Some(x), Some(y)) => Some(checked_metrics(x, y)?),
        (x, None) => x,
        (None, y) => y,
    };
    Ok(a)
}

fn checked_metrics(mut a: Metrics, b: Metrics) -> Result<Metrics, MergeError> {
    let Metrics {
        first_side_wins,
        passes,
        captures,
        fired,
        lead_changes,
        branching,
        forced,
        unlisted,
        behind,
        deficit,
    } = b;
    add(&mut a.first_side_wins, first_side_wins, "first_side_wins")?;
    add(&mut a.unlisted, unlisted, "unlisted")?;
    add_moments(&mut a.passes, passes, "passes")?;
    add_moments(&mut a.captures, captures, "captures")?;
    for (x, y) in a.fired.iter_mut().zip(fired) {
        add_moments(x, y, "fired")?;
    }
    add_moments(&mut a.lead_changes, lead_changes, "lead_changes")?;
    for (x, y, key) in [
        (&mut a.branching, branching, "branching"),
        (&mut a.forced, forced, "forced"),
        (&mut a.behind, behind, "behind"),
        (&mut a.deficit, deficit, "deficit"),
    ] {
        let RatioMoments { y: ry, x: rx, xy } = y;
        add_moments(&mut x.y, ry, key)?;
        add_moments(&mut x.x, rx, key)?;
        add_big(&mut x.xy, xy, key)?;
    }
    Ok(a)
}

fn add_moments(a: &mut Moments, b: Moments, key: &str) -> Result<(), MergeError> {
    let Moments { n, sum, sq } = b;
    add(&mut a.n, n, key)?;
    add(&mut a.sum, sum, key)?;
    add_big(&mut a.sq, sq, key)
}

fn add(a: &mut u64, b: u64, key: &str) -> Result<(), MergeError> {
    *a = a.checked_add(b).ok_or_else(|| MergeError::Overflow {
        key: key.into(),
        bits: 64,
    })?;
    Ok(())
}

fn add_big(a: &mut u128, b: u128, key: &str) -> Result<(), MergeError> {
    *a = a.checked_add(b).ok_or_else(|| MergeError::Overflow {
        key: key.into(),
        bits: 128,
    })?;
    Ok(())
}

/// Checks that shard `name`, shard `shard` of a run of `run_games` games, holds the games that
/// shard plays ([`shard_range`]): no more, no fewer.
pub(super) fn check_shard_games(
    name: &str,
    shard: Shard,
    run_games: u64,
    games: u64,
) -> Result<(), MergeError> {
    let range = shard_range(run_games, Some(shard));
    let expected = range.end - range.start;
    if games != expected {
        return Err(MergeError::ShardGames {
            name: name.into(),
            games,
            k: shard.k,
            n: shard.n,
            run_games,
            expected,
        });
    }
    Ok(())
}

/// A shard as written, if it is one: `k` of `n`, from 1.
pub(super) fn checked_shard(note: ShardNote) -> Result<(Shard, u64), MergeError> {
    let ShardNote { k, n, run_games } = note;
    if k == 0 || k > n {
        return Err(MergeError::NotAShard { k, n });
    }
    Ok((Shard { k, n }, run_games))
}

/// Checks that `shards` (one per file, in the files' order) are every shard of one run, each
/// once; gives the run's games.
pub(super) fn check_shards(
    names: &[String],
    shards: &[Option<(Shard, u64)>],
) -> Result<u64, MergeError> {
    let mut seen: BTreeMap<u64, &str> = BTreeMap::new();
    let mut run: Option<(u64, u64)> = None;
    for (name, shard) in names.iter().zip(shards) {
        let Some((s, games)) = shard else {
            return Err(MergeError::WholeRun { name: name.clone() });
        };
        match run {
            None => run = Some((s.n, *games)),
            Some((n, g)) if n != s.n || g != *games => {
                return Err(MergeError::OtherRun {
                    name: name.clone(),
                    k: s.k,
                    n: s.n,
                    games: *games,
                    first: names[0].clone(),
                    first_n: n,
                    first_games: g,
                });
            }
            Some(_) => {}
        }
        if let Some(first) = seen.insert(s.k, name) {
            return Err(MergeError::SameShard {
                first: first.into(),
                name: name.clone(),
                k: s.k,
                n: s.n,
            });
        }
    }
    let (n, games) = run.ok_or(MergeError::Nothing)?;
    let missing: Vec<String> = (1..=n)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing });
    }
    Ok(games)
}

/// One `senet sim` result read back.
pub struct SimResult {
    pub facts: Facts,
    pub options: Vec<(String, String)>,
    pub players: Vec<String>,
    pub alternate: bool,
    pub seed: u64,
    pub turn_cap: u32,
    pub shard: Option<(Shard, u64)>,
    pub totals: Totals,
    pub seconds: f64,
    pub jobs: usize,
}

impl SimResult {
    pub fn from_json(v: &Value) -> Result<SimResult, MergeError> {
        let r = SimReport::deserialize(v).map_err(form)?;
        r.totals.check()?;
        Ok(SimResult {
            facts: r.facts(),
            options: r.options.0,
            players: r.players,
            alternate: r.alternate,
            seed: r.seed,
            turn_cap: r.turn_cap,
            shard: r.shard.map(checked_shard).transpose()?,
            totals: r.totals,
            seconds: r.seconds,
            jobs: r.jobs,
        })
    }

    /// What was asked, the same in every shard of a run.
    fn asked(&self) -> impl PartialEq + '_ {
        (
            &self.facts,
            &self.options,
            &self.players,
            self.alternate,
            self.seed,
            self.turn_cap,
        )
    }
}

/// The shards of one `senet sim` run (`names` name the files, for errors), merged into the
/// run's result.
pub fn merge_sims(names: &[String], results: Vec<SimResult>) -> Result<SimResult, MergeError> {
    let shards: Vec<_> = results.iter().map(|r| r.shard).collect();
    let games = check_shards(names, &shards)?;
    for ((name, r), (shard, _)) in names.iter().zip(&results).zip(shards.into_iter().flatten()) {
        check_shard_games(name, shard, games, r.totals.games)?;
    }
    let mut results = results.into_iter();
    let mut merged = results.next().ok_or(MergeError::Nothing)?;
    for (i, r) in results.enumerate() {
        let name = &names[i + 1];
        if r.asked() != merged.asked() {
            return Err(MergeError::OtherSimulation {
                name: name.clone(),
                first: names[0].clone(),
            });
        }
        merged.totals = checked_sum(merged.totals, r.totals).map_err(|e| e.of(name))?;
        merged.seconds += r.seconds;
        merged.jobs = merged.jobs.max(r.jobs);
    }
    if merged.totals.games != games {
        return Err(MergeError::GamesHeld {
            held: merged.totals.games,
            of: String::new(),
            games,
        });
    }
    merged.shard = None;
    Ok(merged)
}
