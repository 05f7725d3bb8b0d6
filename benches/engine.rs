//! The engine's speed: move generation, whole random games, and the default expectimax agent.
//!
//! `cargo bench --bench engine` (add `-- --warm-up-time 1 --measurement-time 3` for a quicker
//! run, and a filter such as `playout` to run one group). docs/performance.md records the
//! figures and docs/agents.md the expectimax timings.
//!
//! - `legal_moves/RULES`: `Engine::legal_moves` over a fixed set of mid-game positions (with
//!   their throws), collected from seeded random games; the throughput is positions per second.
//! - `legal_moves_gnubg_fixture/tables/backgammon`: `Engine::legal_moves` over the 5,515
//!   positions with dice of tests/fixtures/gnubg/moves.jsonl, read as `senet moves` reads them
//!   (white on roll); one iteration is one pass over them all. `benches/backgammon_vs_gnubg.py`
//!   runs it beside gnubg's `GenerateMoves` over the same positions, in one run.
//!   `legal_moves_gnubg_fixture/doubles` and `.../other-throws`: the same over the 806
//!   positions with a double and the 4,709 others.
//! - `playout/RULES`: one whole random-vs-random game, played as `senet sim` plays it (in one
//!   loop without a list of moves where the rules allow it, else through one `Game` reused, no
//!   event log; throws and choices from seeded generators); each iteration plays the next game
//!   of a seeded series, so the figure is the mean over many different games.
//! - `playout_listed/RULES`: the same games through a `Game` that lists every legal move, for
//!   the rule sets that `playout` plays in one loop (the ratio of the two, measured in one run).
//! - `expectimax/RULES`: one decision of the default `expectimax` (adaptive depth within its leaf
//!   budget) on mid-game positions with at least two legal moves, cycling through them.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senet::agents::{DEFAULT_DEPTH, ExpectimaxAgent, RandomAgent};
use senet::check::check_target;
use senet::compile::compile;
use senet::engine::game::{Action, Game, Player, random_throw, run};
use senet::engine::playout::Playout;
use senet::engine::{Engine, Move, Position};
use senet::notation::position::parse_position;
use senet::seed::{game_seed, player_seed};
use senet::types::Throw;

/// The rule sets measured: the two of the speed targets, the seat ritual of the base rules, a
/// game with ten pieces a side, and split turns (the one path that searches, and allocates).
const RULES: [&str; 6] = [
    "twenty-squares/ur",
    "senet/kendall",
    "senet/base",
    "senet/bell-1960",
    "senet/finkel",
    "tables/backgammon",
];

/// The leaf budget of the default expectimax (`DEFAULT_BUDGET` in crates/senet-play/src/agents/expectimax.rs, which
/// `senet::agents` does not export).
const DEFAULT_BUDGET: u64 = 50_000;

/// The turn cap of `senet sim`.
const TURN_CAP: u32 = 10_000;

fn engine(id: &str) -> Engine {
    let ruleset = check_target(id, &[]).unwrap_or_else(|e| panic!("{id} does not check: {e:?}"));
    Engine::new(compile(&ruleset))
}

/// Resets `game` and reseeds the agents for game `i` of the seeded series; the throws' generator.
fn begin(game: &mut Game, agents: &mut [RandomAgent; 2], i: u64) -> Pcg64Mcg {
    let seed = game_seed(7, i);
    for (k, a) in agents.iter_mut().enumerate() {
        a.reseed(player_seed(seed, k));
    }
    game.reset();
    Pcg64Mcg::seed_from_u64(seed)
}

/// Plays game `i` of the seeded series to the end with two random agents, as `senet sim` does.
/// `at_choice` sees every position where the side to move has a choice, with its throw.
fn random_game(
    game: &mut Game,
    agents: &mut [RandomAgent; 2],
    i: u64,
    mut at_choice: impl FnMut(&Position, Throw, &[Move]),
) -> u32 {
    let engine = game.engine;
    let mut rng = begin(game, agents, i);
    loop {
        match game.next_action() {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                let v = random_throw(engine, &mut rng);
                game.give_throw(v);
            }
            Action::Choose { side } => {
                let moves = game.moves();
                at_choice(&game.pos, game.total, moves);
                let choice = if moves.len() == 1 {
                    0
                } else {
                    let player = usize::from(game.summary.seat[side]);
                    agents[player].choose(engine, &game.pos, game.total, moves)
                };
                game.choose(choice);
            }
            Action::Over => break,
        }
    }
    game.summary.moves
}

/// Plays game `i` of the seeded series as `senet sim` plays a game it cannot play in one loop:
/// through [`run`], where the random player draws a split turn's move without its list.
fn sim_game(game: &mut Game, agents: &mut [RandomAgent; 2], i: u64) -> u32 {
    let mut rng = begin(game, agents, i);
    let [a, b] = agents;
    run(game, &mut [a as &mut dyn Player, b], &mut rng, |_| {});
    game.summary.moves
}

/// Positions (with their throws) where the side to move had at least `min_moves` legal moves,
/// every `stride`-th such position of seeded random games, until `n` are collected.
fn positions(engine: &Engine, n: usize, stride: usize, min_moves: usize) -> Vec<(Position, Throw)> {
    let mut game = Game::new(engine, TURN_CAP);
    game.keep_events = false;
    let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
    let mut out = Vec::with_capacity(n);
    let mut seen = 0usize;
    let mut i = 0;
    while out.len() < n {
        random_game(&mut game, &mut agents, i, |pos, throw, moves| {
            if moves.len() >= min_moves {
                if seen.is_multiple_of(stride) && out.len() < n {
                    out.push((*pos, throw));
                }
                seen += 1;
            }
        });
        i += 1;
    }
    out
}

fn bench_legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for id in RULES {
        let engine = engine(id);
        // Split turns and dice played one by one search (a hash set per call): fewer positions
        // keep the run short.
        let n = match id {
            "senet/finkel" => 64,
            "tables/backgammon" => 256,
            _ => 1024,
        };
        let sample = positions(&engine, n, 7, 1);
        let mut buffer = Vec::with_capacity(64);
        group.throughput(Throughput::Elements(sample.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(id), |b| {
            b.iter(|| list_all(&engine, &sample, &mut buffer))
        });
    }
    group.finish();
}

/// One pass of `Engine::legal_moves` over `sample`, into `buffer`: the moves listed in all.
fn list_all(engine: &Engine, sample: &[(Position, Throw)], buffer: &mut Vec<Move>) -> usize {
    let mut total = 0;
    for (pos, throw) in sample {
        let _whole = black_box(engine.legal_moves(black_box(pos), black_box(*throw), buffer));
        total += buffer.len();
    }
    total
}

fn bench_playout(c: &mut Criterion) {
    // As `senet sim` plays random games: in one loop where the rules allow it, else through a
    // `Game` with its list of moves ("listed"); both where the loop applies, for a ratio
    // measured in one run.
    for listed in [false, true] {
        let mut group = c.benchmark_group(if listed { "playout_listed" } else { "playout" });
        for id in RULES {
            let engine = engine(id);
            if listed && !engine.plays_out() {
                continue;
            }
            group.throughput(Throughput::Elements(1));
            let mut i = 0u64;
            if engine.plays_out() && !listed {
                let mut playout = Playout::new(&engine);
                group.bench_function(BenchmarkId::from_parameter(id), |b| {
                    b.iter(|| {
                        i += 1;
                        let seed = game_seed(7, i);
                        let mut choosers =
                            [0, 1].map(|k| RandomAgent::generator(player_seed(seed, k)));
                        let mut throws = Pcg64Mcg::seed_from_u64(seed);
                        playout.play(&mut throws, &mut choosers, TURN_CAP);
                        playout.summary.moves
                    })
                });
            } else {
                let mut game = Game::new(&engine, TURN_CAP);
                game.keep_events = false;
                let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
                group.bench_function(BenchmarkId::from_parameter(id), |b| {
                    b.iter(|| {
                        i += 1;
                        sim_game(&mut game, &mut agents, i)
                    })
                });
            }
        }
        group.finish();
    }
}

/// Once, before criterion's figures: the mean and the slowest decision of the default agent over
/// the sampled positions, for docs/agents.md. With `depths`, also how deep the default agent
/// gets: depth `d` finishes within the budget exactly when a search of fixed depth `d` visits at
/// most `DEFAULT_BUDGET` leaves (the leaf count is the same up to the budget).
fn expectimax_survey(id: &str, engine: &Engine, sample: &[(Position, Throw)], depths: bool) {
    let mut agent = ExpectimaxAgent::adaptive(1);
    let mut moves = Vec::new();
    let (mut total, mut worst) = (Duration::ZERO, Duration::ZERO);
    let mut reached = [0usize; DEFAULT_DEPTH as usize + 1];
    for (pos, throw) in sample {
        let _whole = engine.legal_moves(pos, *throw, &mut moves);
        let start = Instant::now();
        black_box(agent.choose(engine, pos, *throw, &moves));
        let t = start.elapsed();
        total += t;
        worst = worst.max(t);
        if depths {
            let mut depth = 1;
            for d in 2..=DEFAULT_DEPTH {
                let mut fixed = ExpectimaxAgent::new(d, 1);
                fixed.choose(engine, pos, *throw, &moves);
                if fixed.nodes > DEFAULT_BUDGET {
                    break;
                }
                depth = d;
            }
            reached[depth as usize] += 1;
        }
    }
    eprintln!(
        "expectimax survey {id}: {} positions, mean {:.2} ms, slowest {:.2} ms{}",
        sample.len(),
        total.as_secs_f64() * 1e3 / sample.len() as f64,
        worst.as_secs_f64() * 1e3,
        if depths {
            format!(", positions by depth reached (1..=4): {:?}", &reached[1..])
        } else {
            String::new()
        }
    );
}

fn bench_expectimax(c: &mut Criterion) {
    let mut group = c.benchmark_group("expectimax");
    group.sample_size(10);
    for id in ["senet/kendall", "senet/base", "senet/finkel"] {
        let engine = engine(id);
        let n = if id == "senet/finkel" { 24 } else { 64 };
        let sample = positions(&engine, n, 11, 2);
        // A fixed-depth search of Finkel's split turns can take minutes: no depth survey there.
        expectimax_survey(id, &engine, &sample, id != "senet/finkel");
        let mut agent = ExpectimaxAgent::adaptive(1);
        let mut moves = Vec::new();
        let mut k = 0;
        group.bench_function(BenchmarkId::from_parameter(id), |b| {
            b.iter(|| {
                let (pos, throw) = &sample[k % sample.len()];
                k += 1;
                let _whole = engine.legal_moves(pos, *throw, &mut moves);
                agent.choose(&engine, black_box(pos), *throw, &moves)
            })
        });
    }
    group.finish();
}

/// The gnubg fixture's positions with their dice, as `senet moves` reads them: gnubg's point
/// index i (from the side's own 24 point) is path position 24 - i, index 24 the bar (waiting).
fn gnubg_fixture(engine: &Engine) -> Vec<(Position, Throw)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/gnubg/moves.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the gnubg fixture is readable");
    let places = |side: &serde_json::Value| -> Vec<serde_json::Value> {
        let counts: Vec<u64> = side
            .as_array()
            .expect("a gnubg board side")
            .iter()
            .map(|c| c.as_u64().expect("a count"))
            .collect();
        let mut out: Vec<serde_json::Value> = Vec::new();
        for (i, &n) in counts.iter().take(24).enumerate() {
            out.extend((0..n).map(|_| serde_json::json!(24 - i)));
        }
        out.extend((0..counts[24]).map(|_| serde_json::json!(0)));
        while out.len() < 15 {
            out.push(serde_json::json!("off"));
        }
        out
    };
    text.lines()
        .map(|line| {
            let case: serde_json::Value = serde_json::from_str(line).expect("a fixture line");
            let dice: Vec<u64> = case["dice"]
                .as_array()
                .expect("dice")
                .iter()
                .map(|d| d.as_u64().expect("a die"))
                .collect();
            let throw = if dice[0] == dice[1] {
                vec![dice[0]; 4]
            } else {
                dice
            };
            let position = serde_json::json!({
                "to_move": "white",
                "throw": throw,
                "pieces": {"white": places(&case["player"]), "black": places(&case["opponent"])},
            });
            let (pos, throw) = parse_position(engine, &position).expect("a fixture position");
            (pos, throw.expect("a throw"))
        })
        .collect()
}

fn bench_gnubg_fixture(c: &mut Criterion) {
    let engine = engine("tables/backgammon");
    let sample = gnubg_fixture(&engine);
    // A double's throw stands for four dice.
    let double = |t: &Throw| {
        engine
            .rules
            .stacked
            .as_ref()
            .is_some_and(|s| s.pools[usize::from(t.get())].len() == 4)
    };
    let (doubles, others): (Vec<_>, Vec<_>) = sample.iter().copied().partition(|(_, t)| double(t));
    let mut buffer = Vec::with_capacity(64);
    let mut group = c.benchmark_group("legal_moves_gnubg_fixture");
    for (name, part) in [
        ("tables/backgammon", &sample),
        ("doubles", &doubles),
        ("other-throws", &others),
    ] {
        group.throughput(Throughput::Elements(part.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| list_all(&engine, part, &mut buffer))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_legal_moves,
    bench_gnubg_fixture,
    bench_playout,
    bench_expectimax
);
criterion_main!(benches);
