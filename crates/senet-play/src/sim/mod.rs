//! Simulation: many seeded games between agents, and the figures researchers compare
//! reconstructions by. Game `i` of a run with seed `S` is seeded from `(S, i)` alone, so the
//! numbers are the same whatever the number of threads.

pub mod compare;
pub mod matches;
pub mod merge;
pub mod metrics;
pub mod multi;
pub mod multi_compare;
pub mod plot;
pub mod report;
pub mod stats;

use std::sync::atomic::{AtomicBool, Ordering};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::agents;
use crate::agents::RandomAgent;
use metrics::{Metrics, Probe, Relaxed};
use senet_engine::engine::game::{Game, GameSummary, Player, run as run_game, run_watched};
use senet_engine::engine::playout::Playout;
use senet_engine::engine::{Engine, Outcome, Position, WinWay};
use senet_lang::types::{PerSide, Side};

use crate::seed::{game_seed, player_seed};

/// Sums over games: every figure is an integer total, so adding them up in any order (any
/// number of threads) gives the same result. In JSON (a report's `totals`, what a merge adds
/// up) each field under its name, in this order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub games: u64,
    /// Wins by side.
    pub wins: PerSide<u64>,
    /// Wins by player (seat ritual may put player 1 on either side).
    pub player_wins: [u64; 2],
    pub draws: u64,
    pub unfinished: u64,
    pub moves: u64,
    pub turns: u64,
    pub passes: u64,
    pub captures: u64,
    pub backward: u64,
    pub extra_throws: u64,
    pub effects: u64,
    pub entered: u64,
    pub borne_off: u64,
    pub match_points: u64,
    /// Piece movements that landed on each square (before square effects), by square index.
    pub landings: Vec<u64>,
    /// Per player: decisions an agent made by a simpler rule (see [`Player::fallbacks`]).
    pub fallbacks: [u64; 2],
    /// How many games had each number of moves, and of turns (for percentiles): memory grows
    /// with the distinct lengths, not with the games.
    pub moves_each: Histogram,
    pub turns_each: Histogram,
    /// The figures of `senet compare`, where they were asked for ([`SimSpec::metrics`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metrics: Option<Metrics>,
    /// The games won, by how they were won (left out where none is counted: totals written
    /// before it read and write the same bytes).
    #[serde(default, skip_serializing_if = "WonBy::is_empty")]
    pub won_by: WonBy,
}

/// Games won, by how they were won ([`WinWay`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct WonBy {
    /// The winner bore off all its pieces.
    pub all_off: u64,
    /// The winner's pieces made a winning pattern.
    pub pattern: u64,
    /// The loser's last piece on its start was pinned there.
    pub pinned: u64,
    /// The loser could not play a throw.
    pub other_stuck: u64,
    /// The loser's captured piece could not go back.
    pub no_way_back: u64,
    /// The loser left a piece it could take.
    pub untaken: u64,
    /// Every piece of the loser was taken out of the game.
    pub captured_all: u64,
    /// The winner bore off more pieces.
    pub most_off: u64,
    /// The winner bore off all its pieces and entered them again as they started.
    pub rebuilt: u64,
}

impl WonBy {
    fn is_empty(&self) -> bool {
        *self == WonBy::default()
    }

    /// The counts, in the order of [`WinWay::ALL`] (the one list of the fields).
    pub(super) fn counts_mut(&mut self) -> [&mut u64; 9] {
        [
            &mut self.all_off,
            &mut self.pattern,
            &mut self.pinned,
            &mut self.other_stuck,
            &mut self.no_way_back,
            &mut self.untaken,
            &mut self.captured_all,
            &mut self.most_off,
            &mut self.rebuilt,
        ]
    }

    /// The counts, in the order of [`WinWay::ALL`].
    pub(super) fn counts(mut self) -> [u64; 9] {
        self.counts_mut().map(|n| *n)
    }

    fn count(&mut self, way: WinWay) {
        *self.counts_mut()[way.index()] += 1;
    }

    fn plus(&mut self, o: &WonBy) {
        for (a, b) in self.counts_mut().into_iter().zip(o.counts()) {
            *a += b;
        }
    }

    /// Each way some game was won, in words, with its count.
    pub fn ways(&self) -> Vec<(&'static str, u64)> {
        let words = |way: WinWay| match way {
            WinWay::AllOff => "all pieces borne off",
            WinWay::Pattern => "a winning pattern",
            WinWay::Pinned => "the last piece on the start pinned",
            WinWay::OtherStuck => "the other side could not move",
            WinWay::NoWayBack => "a captured piece with nowhere to go back",
            WinWay::Untaken => "the other side left a piece it could take",
            WinWay::CapturedAll => "every enemy piece captured",
            WinWay::MostOff => "more pieces borne off",
            WinWay::Rebuilt => "all pieces borne off and entered again as they started",
        };
        WinWay::ALL
            .into_iter()
            .zip(self.counts())
            .filter(|&(_, n)| n > 0)
            .map(|(way, n)| (words(way), n))
            .collect()
    }
}

/// Counts of values: how many games had each length. In JSON a list of `[value, count]` in
/// order of value; read back, a value listed twice counts twice (refused where the sum would
/// pass 2^64 - 1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram(pub std::collections::BTreeMap<u32, u64>);

impl Serialize for Histogram {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(&self.0)
    }
}

impl<'de> Deserialize<'de> for Histogram {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Histogram, D::Error> {
        let mut h = std::collections::BTreeMap::new();
        for (value, n) in Vec::<(u32, u64)>::deserialize(d)? {
            let count = h.entry(value).or_insert(0u64);
            *count = count
                .checked_add(n)
                .ok_or_else(|| serde::de::Error::custom(
                    "a list of lengths (`moves_each`, `turns_each`) counts more than 2^64 - 1 games",
                ))?;
        }
        Ok(Histogram(h))
    }
}

impl Histogram {
    pub fn add(&mut self, value: u32) {
        *self.0.entry(value).or_insert(0) += 1;
    }

    pub fn merge(&mut self, other: Histogram) {
        for (v, n) in other.0 {
            *self.0.entry(v).or_insert(0) += n;
        }
    }

    /// The value at rank `((count - 1) * tenths + 5) / 10` of the values in order (0 when
    /// there are none): the `tenths`-th decile, as a sorted list of every value would give it.
    pub fn percentile(&self, tenths: u64) -> u32 {
        self.quantile(100 * tenths)
    }

    /// The value at rank `((count - 1) * per_mille + 500) / 1000` of the values in order (0
    /// when there are none): the nearest rank, exact in integers (halves round up).
    pub fn quantile(&self, per_mille: u64) -> u32 {
        let count: u64 = self.0.values().sum();
        if count == 0 {
            return 0;
        }
        let rank = u64::try_from((u128::from(count - 1) * u128::from(per_mille) + 500) / 1000)
            .unwrap_or(u64::MAX);
        let mut seen = 0;
        for (&v, &n) in &self.0 {
            seen += n;
            if seen > rank {
                return v;
            }
        }
        self.max()
    }

    pub fn max(&self) -> u32 {
        self.0.keys().next_back().copied().unwrap_or(0)
    }

    /// How many values, their sum and the sum of their squares.
    pub fn moments(&self) -> stats::Moments {
        let mut m = stats::Moments::default();
        for (&v, &n) in &self.0 {
            m.n += n;
            m.sum += u64::from(v) * n;
            m.sq += u128::from(v) * u128::from(v) * u128::from(n);
        }
        m
    }

    /// Each value counted, ascending, with how many times it was.
    pub fn counts(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.0.iter().map(|(&v, &n)| (v, n))
    }
}

impl Totals {
    /// Counts one finished (or capped) game; `swapped`: the run's player 1 sat as player 2.
    fn add_game(
        &mut self,
        engine: &Engine,
        (s, end): (&GameSummary, &Position),
        landings: &[u32],
        swapped: bool,
    ) {
        self.games += 1;
        match s.outcome {
            Some(Outcome::Win { side, points }) => {
                self.won_by.count(engine.win_way(end, side));
                self.wins[side] += 1;
                self.player_wins[usize::from(s.seat[side]) ^ usize::from(swapped)] += 1;
                self.match_points += u64::from(points);
            }
            Some(Outcome::Draw) => self.draws += 1,
            None => self.unfinished += 1,
        }
        self.moves += u64::from(s.moves);
        self.turns += u64::from(s.turns);
        self.passes += u64::from(s.passes);
        self.captures += u64::from(s.captures);
        self.backward += u64::from(s.backward);
        self.extra_throws += u64::from(s.extra_throws);
        self.effects += u64::from(s.effects);
        self.entered += u64::from(s.entered);
        self.borne_off += u64::from(s.borne_off);
        for (a, b) in self.landings.iter_mut().zip(landings) {
            *a += u64::from(*b);
        }
        self.moves_each.add(s.moves);
        self.turns_each.add(s.turns);
    }

    /// These totals and `o`'s together: the totals of both runs' games.
    pub fn plus(mut self, o: Totals) -> Totals {
        self.games += o.games;
        for s in Side::BOTH {
            self.wins[s] += o.wins[s];
        }
        for p in 0..2 {
            self.player_wins[p] += o.player_wins[p];
            self.fallbacks[p] += o.fallbacks[p];
        }
        self.draws += o.draws;
        self.unfinished += o.unfinished;
        self.moves += o.moves;
        self.turns += o.turns;
        self.passes += o.passes;
        self.captures += o.captures;
        self.backward += o.backward;
        self.extra_throws += o.extra_throws;
        self.effects += o.effects;
        self.entered += o.entered;
        self.borne_off += o.borne_off;
        self.match_points += o.match_points;
        if self.landings.len() < o.landings.len() {
            self.landings.resize(o.landings.len(), 0);
        }
        for (a, b) in self.landings.iter_mut().zip(&o.landings) {
            *a += b;
        }
        self.moves_each.merge(o.moves_each);
        self.turns_each.merge(o.turns_each);
        self.won_by.plus(&o.won_by);
        match (&mut self.metrics, o.metrics) {
            (Some(a), Some(b)) => a.merge(&b),
            (a @ None, b) => *a = b,
            (Some(_), None) => {}
        }
        self
    }
}

/// What to simulate.
pub struct SimSpec<'a> {
    pub players: &'a [crate::players::Player],
    /// The games of the whole run (game `i` is seeded from the run's seed and `i`).
    pub games: u64,
    pub seed: u64,
    pub turn_cap: u32,
    /// The solved table for `optimal` players.
    pub table: Option<std::sync::Arc<crate::solve::Solved>>,
    /// Play only the games of shard `k` of `n` ([`shard_range`]).
    pub shard: Option<Shard>,
    /// Collect the figures of `senet compare` too ([`Totals::metrics`]).
    pub metrics: bool,
    /// Seat the players the other way round in every odd-numbered game ([`seating`]).
    pub alternate: bool,
}

/// The players of game `i` of a run in the order they sit (player 1's seat first), and whether
/// that is the other way round: with `alternate`, odd-numbered games swap them. A player's seed
/// goes with the seat, so that such a game is the game of a run with the players named the
/// other way round.
pub fn seating(alternate: bool, i: u64) -> ([usize; 2], bool) {
    if alternate && i % 2 == 1 {
        ([1, 0], true)
    } else {
        ([0, 1], false)
    }
}

/// The run's players, made once a thread and reseeded for each game ([`seat`]).
fn make_players(spec: &SimSpec) -> Result<Vec<Box<dyn Player + Send>>, SimError> {
    spec.players
        .iter()
        .map(|p| agents::make(p, 0, spec.table.as_ref()))
        .collect::<Result<_, _>>()
        .map_err(SimError::Player)
}

/// The two players of a game seeded `seed`, each reseeded for it by its seat, in the order
/// they sit (`seats`, as [`seating`] gives it).
fn seat(
    players: &mut [Box<dyn Player + Send>],
    seed: u64,
    (order, swapped): ([usize; 2], bool),
) -> [&mut dyn Player; 2] {
    for (at, &k) in order.iter().enumerate() {
        players[k].reseed(player_seed(seed, at));
    }
    let [a, b] = players else {
        unreachable!("two players were made")
    };
    let mut seated: [&mut dyn Player; 2] = [a.as_mut(), b.as_mut()];
    if swapped {
        seated.swap(0, 1);
    }
    seated
}

/// Shard `k` (from 1) of `n`: a slice of a run's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

/// The games of shard `k` of `n` of a run of `games` games: the contiguous range from
/// `floor((k - 1) games / n)` to `floor(k games / n)`. The shards `1/n` to `n/n` are disjoint
/// and cover the run; each game keeps its number, hence its seed, whatever the sharding.
pub fn shard_range(games: u64, shard: Option<Shard>) -> std::ops::Range<u64> {
    let Some(Shard { k, n }) = shard else {
        return 0..games;
    };
    let at = |j: u64| {
        // Below 2^64 x 2^64: no overflow; the quotient is at most `games`.
        u64::try_from(u128::from(games) * u128::from(j) / u128::from(n)).unwrap_or(games)
    };
    at(k - 1)..at(k)
}

/// Why a run gave no totals.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// [`run_until`]'s stop flag was set: the run ended early, between games.
    #[error("the simulation was stopped before its end")]
    Stopped,
    /// A player could not be made (a network that cannot be read, `optimal` without a table).
    #[error(transparent)]
    Player(#[from] crate::agents::AgentError),
    /// The threads could not be started.
    #[error("cannot start the simulation's threads: {0}")]
    Threads(String),
}

/// Whether a run told to stop at `stop` must stop now (checked between games).
fn stopped(stop: &AtomicBool) -> bool {
    stop.load(Ordering::Relaxed)
}

/// Plays games `range` of the run on this thread and sums them up; with `relaxed`, the
/// figures of `senet compare` too. Stops between games once `stop` is set.
fn play_range(
    engine: &Engine,
    spec: &SimSpec,
    range: std::ops::Range<u64>,
    relaxed: Option<&Relaxed>,
    tick: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Totals, SimError> {
    let mut players = make_players(spec)?;
    let size = engine.rules.squares.len();
    let mut t = Totals {
        landings: vec![0; size],
        ..Totals::default()
    };
    let range_len = range.end - range.start;
    if let Some(relaxed) = relaxed {
        return play_watched(engine, spec, range, &mut players, relaxed, t, tick, stop);
    }
    if spec.players.iter().all(crate::players::Player::is_random) && engine.plays_out() {
        // Random against random: the same games, played without a list of moves.
        let mut playout = Playout::new(engine);
        for i in range {
            if stopped(stop) {
                return Err(SimError::Stopped);
            }
            let seed = game_seed(spec.seed, i);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut choosers = [0, 1].map(|k| RandomAgent::generator(player_seed(seed, k)));
            // Both players draw alike: a swapped game is the same game, won by the other.
            playout.play(&mut rng, &mut choosers, spec.turn_cap);
            t.add_game(
                engine,
                (&playout.summary, playout.position()),
                &playout.landings,
                seating(spec.alternate, i).1,
            );
        }
        tick(range_len);
        return Ok(t);
    }
    let mut game = Game::new(engine, spec.turn_cap);
    game.keep_events = false;
    for i in range {
        if stopped(stop) {
            return Err(SimError::Stopped);
        }
        let seed = game_seed(spec.seed, i);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let seats = seating(spec.alternate, i);
        let swapped = seats.1;
        game.reset();
        let mut seated = seat(&mut players, seed, seats);
        run_game(&mut game, &mut seated, &mut rng, |_| {});
        t.add_game(engine, (&game.summary, &game.pos), &game.landings, swapped);
    }
    for (k, p) in players.iter().enumerate() {
        t.fallbacks[k] = p.fallbacks();
    }
    tick(range_len);
    Ok(t)
}

/// Plays the games of `range` through the `Game`, every decision watched for the figures of
/// `senet compare` (the same games as [`play_range`] plays otherwise: the random player's
/// quick loop plays the `Game`'s games). Stops between games once `stop` is set.
#[allow(clippy::too_many_arguments)] // the run's parts, as `play_range` has them
fn play_watched(
    engine: &Engine,
    spec: &SimSpec,
    range: std::ops::Range<u64>,
    players: &mut [Box<dyn Player + Send>],
    relaxed: &Relaxed,
    mut t: Totals,
    tick: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Totals, SimError> {
    let range_len = range.end - range.start;
    let mut game = Game::new(engine, spec.turn_cap);
    game.keep_events = false;
    let mut probe = Probe::new(relaxed);
    let mut metrics = Metrics::default();
    for i in range {
        if stopped(stop) {
            return Err(SimError::Stopped);
        }
        let seed = game_seed(spec.seed, i);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let seats = seating(spec.alternate, i);
        let swapped = seats.1;
        game.reset();
        probe.reset();
        let mut seated = seat(players, seed, seats);
        run_watched(&mut game, &mut seated, &mut rng, |_| {}, &mut probe);
        t.add_game(engine, (&game.summary, &game.pos), &game.landings, swapped);
        probe.finish(&game.summary, &mut metrics);
    }
    for (k, p) in players.iter().enumerate() {
        t.fallbacks[k] = p.fallbacks();
    }
    t.metrics = Some(metrics);
    tick(range_len);
    Ok(t)
}

/// Plays the games of `spec` (all of them, or its shard's) on `jobs` threads. `tick(n)` is
/// told of each chunk of `n` games finished.
pub fn run(
    engine: &Engine,
    spec: &SimSpec,
    jobs: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Totals, SimError> {
    run_until(engine, spec, jobs, tick, &AtomicBool::new(false))
}

/// [`run`], stopped early once `stop` is set (by another thread: a deadline, a caller gone):
/// every thread finishes the game it plays and starts no other, and the run is `Err(SimError::Stopped)`.
/// One game is never cut short: it ends at its end or its turn cap.
pub fn run_until(
    engine: &Engine,
    spec: &SimSpec,
    jobs: usize,
    tick: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Totals, SimError> {
    // Fixed chunks, independent of the thread count; each chunk's totals are exact integers and
    // counts, so that they add up to the same whatever the order. Small enough that a few
    // hundred slow games (expectimax) still spread over the threads; made as they are played,
    // so that memory does not grow with the games.
    const CHUNK: u64 = 64;
    let range = shard_range(spec.games, spec.shard);
    let chunks = (range.end - range.start).div_ceil(CHUNK);
    let relaxed = spec.metrics.then(|| Relaxed::new(engine));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| SimError::Threads(e.to_string()))?;
    let empty = || Totals {
        landings: vec![0; engine.rules.squares.len()],
        metrics: spec.metrics.then(Metrics::default),
        ..Totals::default()
    };
    pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                let start = range.start + c * CHUNK;
                play_range(
                    engine,
                    spec,
                    start..(start + CHUNK).min(range.end),
                    relaxed.as_ref(),
                    tick,
                    stop,
                )
            })
            .try_reduce(empty, |a, b| Ok(a.plus(b)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::compile::compile;
    use senet_lang::check::check_target;

    fn spec(players: &[crate::players::Player]) -> SimSpec<'_> {
        SimSpec {
            players,
            games: 200,
            seed: 3,
            turn_cap: 10_000,
            table: None,
            shard: None,
            metrics: false,
            alternate: false,
        }
    }

    #[test]
    fn a_run_told_to_stop_plays_no_further_game() {
        let engine = Engine::new(compile(&check_target("twenty-squares/ur", &[]).unwrap()));
        // The random players' own loop, and the `Game`'s (greedy), both stop.
        for players in [["random", "random"], ["greedy", "random"]] {
            let players = players.map(|p| p.parse().expect("a player"));
            let spec = spec(&players);
            let stop = AtomicBool::new(true);
            let played = std::sync::atomic::AtomicU64::new(0);
            let tick = |n| {
                played.fetch_add(n, Ordering::Relaxed);
            };
            assert_eq!(
                run_until(&engine, &spec, 2, &tick, &stop),
                Err(SimError::Stopped)
            );
            assert_eq!(played.load(Ordering::Relaxed), 0);
            // Not told to stop, it is the run.
            let go = AtomicBool::new(false);
            assert_eq!(
                run_until(&engine, &spec, 2, &|_| {}, &go),
                run(&engine, &spec, 2, &|_| {})
            );
        }
    }
}
