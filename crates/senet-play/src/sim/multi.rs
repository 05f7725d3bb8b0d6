//! Random games of many sides, played on the engine for many sides: what `senet sim` reports of
//! a rule set of more than two sides. Game `i` is played from its own seed
//! ([`crate::seed::game_seed`]) and the totals are integers, so that a run gives the same
//! figures whatever the number of threads.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde_json::{Value, json};

use super::SimError;
use super::stats::{Moments, wilson};
use crate::agents::ManyAgent;
use crate::seed::game_seed;
use senet_engine::multi::{MultiOutcome, MultiPosition, MultiRules};

/// What a run of random games of many sides adds up to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MultiTotals {
    pub games: u64,
    /// Games the turn cap stopped before their end.
    pub unfinished: u64,
    pub draws: u64,
    /// Indexed by team: the games it won.
    pub wins: Vec<u64>,
    /// Turns a game, and moves (a pass is none).
    pub turns: Moments,
    pub moves: Moments,
    pub passes: u64,
    pub captures: u64,
    pub extra_throws: u64,
}

impl MultiTotals {
    fn new(teams: usize) -> MultiTotals {
        MultiTotals {
            wins: vec![0; teams],
            ..MultiTotals::default()
        }
    }

    fn plus(mut self, o: MultiTotals) -> MultiTotals {
        self.games += o.games;
        self.unfinished += o.unfinished;
        self.draws += o.draws;
        for (w, x) in self.wins.iter_mut().zip(o.wins) {
            *w += x;
        }
        self.turns.merge(&o.turns);
        self.moves.merge(&o.moves);
        self.passes += o.passes;
        self.captures += o.captures;
        self.extra_throws += o.extra_throws;
        self
    }
}

/// The number of teams of `rules` (teams are numbered from 0).
pub fn teams(rules: &MultiRules) -> usize {
    rules
        .sides
        .iter()
        .map(|s| usize::from(s.team) + 1)
        .max()
        .unwrap_or(0)
}

/// Plays `games` games of `rules` between `agents` (one per side, in side order) from `seed` on
/// `jobs` threads, each stopped at `turn_cap` turns; `tick(n)` is told of each chunk of `n`
/// games finished. Stops between games once `stop` is set.
pub fn run(
    rules: &MultiRules,
    agents: &[ManyAgent],
    (games, seed, turn_cap): (u64, u64, u32),
    jobs: usize,
    tick: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<MultiTotals, SimError> {
    // Fixed chunks, whatever the threads, as the two-sided runs have them.
    const CHUNK: u64 = 256;
    let n = teams(rules);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| SimError::Threads(e.to_string()))?;
    pool.install(|| {
        (0..games.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let mut t = MultiTotals::new(n);
                let range = c * CHUNK..(c * CHUNK + CHUNK).min(games);
                let len = range.end - range.start;
                for i in range {
                    if stop.load(Ordering::Relaxed) {
                        return Err(SimError::Stopped);
                    }
                    let mut rng = Pcg64Mcg::seed_from_u64(game_seed(seed, i));
                    let s = rules.play(
                        MultiPosition::start(rules),
                        &mut rng,
                        turn_cap,
                        |pos, moves, rng| {
                            let agent = agents[usize::from(pos.to_move())];
                            Some(agent.choose(rules, pos, moves, rng))
                        },
                        |_| {},
                    );
                    t.games += 1;
                    match s.outcome {
                        Some(MultiOutcome::Win { team }) => t.wins[usize::from(team)] += 1,
                        Some(MultiOutcome::Draw) => t.draws += 1,
                        None => t.unfinished += 1,
                    }
                    t.turns.add(u64::from(s.turns));
                    t.moves.add(u64::from(s.moves));
                    t.passes += u64::from(s.passes);
                    t.captures += u64::from(s.captures);
                    t.extra_throws += u64::from(s.extra_throws);
                }
                tick(len);
                Ok(t)
            })
            .try_reduce(|| MultiTotals::new(n), |a, b| Ok(a.plus(b)))
    })
}

/// Each team's sides' names, team by team.
pub fn team_sides(rules: &MultiRules) -> Vec<Vec<&str>> {
    (0..teams(rules))
        .map(|k| {
            rules
                .sides
                .iter()
                .filter(|s| usize::from(s.team) == k)
                .map(|s| s.name.as_str())
                .collect()
        })
        .collect()
}

/// `x / games` (0 for no games).
#[allow(clippy::cast_precision_loss)] // counts of games and moves stay far below 2^53
pub(super) fn per_game(x: u64, games: u64) -> f64 {
    if games == 0 {
        0.0
    } else {
        x as f64 / games as f64
    }
}

/// The run as `senet sim --format json` writes it for a rule set of many sides.
pub fn json_report(rules: &MultiRules, t: &MultiTotals, meta: &MultiMeta) -> Value {
    let teams: Vec<Value> = team_sides(rules)
        .into_iter()
        .zip(&t.wins)
        .map(|(sides, &wins)| {
            let e = wilson(wins, t.games);
            json!({
                "sides": sides,
                "wins": wins,
                "win_rate": { "rate": e.value, "ci95": [e.low, e.high] },
            })
        })
        .collect();
    let sides: Vec<Value> = rules
        .sides
        .iter()
        .map(|s| json!({ "name": s.name, "team": s.team }))
        .collect();
    let options: serde_json::Map<String, Value> = meta
        .options
        .iter()
        .map(|(k, v)| (k.clone(), Value::from(v.as_str())))
        .collect();
    json!({
        "format": "senet-multi-sim/1",
        "rules": rules.id,
        "title": meta.title,
        "options": options,
        "players": meta.players,
        "seed": meta.seed,
        "turn_cap": meta.turn_cap,
        "games": t.games,
        "first": rules.sides[usize::from(rules.first)].name,
        "sides": sides,
        "teams": teams,
        "draws": t.draws,
        "unfinished": t.unfinished,
        "turns_per_game": per_game(t.turns.sum, t.games),
        "moves_per_game": per_game(t.moves.sum, t.games),
        "passes_per_game": per_game(t.passes, t.games),
        "captures_per_game": per_game(t.captures, t.games),
        "extra_throws_per_game": per_game(t.extra_throws, t.games),
        "jobs": meta.jobs,
        "seconds": meta.seconds,
        "games_per_second": per_second(t.games, meta.seconds),
    })
}

/// The run as `senet sim` writes it for people.
pub fn text_report(rules: &MultiRules, t: &MultiTotals, meta: &MultiMeta) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} games of {}, {} sides in {} teams, {} moving first (seed {}, turn cap {})",
        rules.id,
        t.games,
        meta.players.join(", "),
        rules.count(),
        teams(rules),
        rules.sides[usize::from(rules.first)].name,
        meta.seed,
        meta.turn_cap
    );
    let names: Vec<String> = team_sides(rules).iter().map(|t| t.join(" + ")).collect();
    let width = names.iter().map(String::len).max().unwrap_or(0);
    for (name, &wins) in names.iter().zip(&t.wins) {
        let e = wilson(wins, t.games);
        let _ = writeln!(
            out,
            "  {name:<width$}  wins {:>6.2} % [{:.2}, {:.2}]  ({wins} games)",
            100.0 * e.value,
            100.0 * e.low,
            100.0 * e.high
        );
    }
    if t.draws > 0 {
        let _ = writeln!(out, "  draws: {}", t.draws);
    }
    if t.unfinished > 0 {
        let _ = writeln!(
            out,
            "  unfinished: {} (the turn cap of {} came first)",
            t.unfinished, meta.turn_cap
        );
    }
    let _ = writeln!(
        out,
        "  a game: {:.1} turns, {:.1} moves, {:.2} passes, {:.2} captures, {:.2} extra throws",
        per_game(t.turns.sum, t.games),
        per_game(t.moves.sum, t.games),
        per_game(t.passes, t.games),
        per_game(t.captures, t.games),
        per_game(t.extra_throws, t.games)
    );
    let _ = writeln!(out, "  {:.1} s on {} threads", meta.seconds, meta.jobs);
    out
}

/// Games a second (0 for no time).
#[allow(clippy::cast_precision_loss)] // a count of games stays far below 2^53
fn per_second(games: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    }
}

/// What a report says of the run besides its totals.
pub struct MultiMeta<'a> {
    pub title: &'a str,
    /// Each side's player, in side order.
    pub players: &'a [String],
    pub options: &'a [(String, String)],
    pub seed: u64,
    pub turn_cap: u32,
    pub seconds: f64,
    pub jobs: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> MultiRules {
        crate::many_sides_fixture::race("a, b, c, d", 12, 2, &["teams a, c; b, d"]).1
    }

    #[test]
    fn a_run_is_the_same_whatever_the_threads() {
        let r = rules();
        let stop = AtomicBool::new(false);
        let agents = [
            ManyAgent::Greedy,
            ManyAgent::Random,
            ManyAgent::Random,
            ManyAgent::Random,
        ];
        let one = run(&r, &agents, (600, 5, 2_000), 1, &|_| {}, &stop).unwrap();
        let two = run(&r, &agents, (600, 5, 2_000), 2, &|_| {}, &stop).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.games, 600);
        assert_eq!(
            one.wins.iter().sum::<u64>() + one.draws + one.unfinished,
            600
        );
        assert_eq!(one.wins.len(), 2);
    }

    #[test]
    fn a_stopped_run_says_so() {
        let stop = AtomicBool::new(true);
        assert_eq!(
            run(
                &rules(),
                &[ManyAgent::Random; 4],
                (10, 1, 100),
                1,
                &|_| {},
                &stop
            ),
            Err(SimError::Stopped)
        );
    }
}
