//! Random games played in one loop ([`Playout`]) are the games a [`Game`] plays between two
//! random agents: for every bundled rule set whose turns it can play (beginnings with seats or
//! opening moves included), and every value of each option, the same seeds give the same
//! outcome, counts and landings, game by game.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senet::agents::RandomAgent;
use senet::check::{check_target, check_text};
use senet::compile::compile;
use senet::engine::Engine;
use senet::engine::game::{Game, GameSummary, Player, Stop, run};
use senet::engine::playout::Playout;
use senet::lang::syntax::Value;
use senet::seed::{game_seed, player_seed};

const TURN_CAP: u32 = 10_000;

/// Plays `games` seeded games both ways and compares them; whether the rules play out.
fn same_games(id: &str, options: &[(String, String)], games: u64) -> bool {
    let ruleset = check_target(id, options).unwrap_or_else(|e| panic!("{id}: {e:?}"));
    let engine = Engine::new(compile(&ruleset));
    if !engine.plays_out() {
        return false;
    }
    same_games_of(&engine, &format!("{id} {options:?}"), games, TURN_CAP);
    true
}

/// Plays `games` seeded games of `engine`, each stopped at `turn_cap`, as a `Game` between
/// random agents plays them (their summaries), and where the rules play out, in one loop too:
/// the same games.
fn same_games_of(engine: &Engine, label: &str, games: u64, turn_cap: u32) -> Vec<GameSummary> {
    let mut summaries = Vec::new();
    let mut playout = engine.plays_out().then(|| Playout::new(engine));
    let mut game = Game::new(engine, turn_cap);
    game.keep_events = false;
    let mut agents = [RandomAgent::new(0), RandomAgent::new(0)];
    for i in 0..games {
        // Seeded as `senet sim` seeds game i: the throws, then each player's choices.
        let seed = game_seed(3, i);
        for (k, a) in agents.iter_mut().enumerate() {
            a.reseed(player_seed(seed, k));
        }
        game.reset();
        let [a, b] = &mut agents;
        let players: &mut [&mut dyn Player; 2] = &mut [a, b];
        run(
            &mut game,
            players,
            &mut Pcg64Mcg::seed_from_u64(seed),
            |_| {},
        );
        if let Some(playout) = &mut playout {
            let mut choosers = [0, 1].map(|k| RandomAgent::generator(player_seed(seed, k)));
            playout.play(&mut Pcg64Mcg::seed_from_u64(seed), &mut choosers, turn_cap);
            assert_eq!(playout.summary, game.summary, "{label}, game {i}");
            assert_eq!(playout.landings, game.landings, "{label}, game {i}");
        }
        summaries.push(game.summary);
    }
    summaries
}

fn engine_of(text: &str) -> Engine {
    let rules = check_text("test.rules", text, None, &[]).expect("checks");
    Engine::new(compile(&rules))
}

/// Every game ends, both ways alike, under rules whose turns may go on for ever: a turn stops
/// the game unfinished once it has thrown as many times as the turn cap.
#[test]
fn a_turn_that_would_never_end_stops_the_game_at_the_cap() {
    // A die of three, every value throwing again, one piece a side on a loop of its own: the
    // first side's piece always moves, and its turn never ends.
    let loops = engine_of(
        "ruleset \"test/loops\"\nboard 1 x 8\npath a: loop 1..4\npath b: loop 5..8\nsides a, b\n\
         pieces 1 each\nstart a on 1; b on 5\nthrow die 3\nextra throw after 1, 2, 3\n\
         capture removed\nwin by capturing all\n",
    );
    for cap in [1, 7, 10_000] {
        let games = same_games_of(&loops, "loops", 3, cap);
        for g in games {
            // One turn, of `cap` throws, each a move.
            assert_eq!(g.stop, Some(Stop::LongTurn), "cap {cap}");
            assert_eq!((g.outcome, g.turns, g.moves), (None, 1, cap), "cap {cap}");
        }
    }
    // The turn cap stops a game of ordinary turns as before.
    let kendall = Engine::new(compile(
        &check_target("senet/kendall", &[]).expect("bundled"),
    ));
    for g in same_games_of(&kendall, "kendall", 3, 4) {
        assert_eq!((g.stop, g.turns, g.outcome), (Some(Stop::TurnCap), 4, None));
    }
    // Finkel's Senet where throws of 1 to 4 all throw again: totals of forty on average, and
    // the split turns that cannot use them whole are bounded too. Every game ends.
    let large = engine_of(
        "ruleset \"test/large\"\nextends \"senet/finkel\"\ntitle \"large totals\"\n\
         turn throw again on 1, 2, 3, 4 then split\n",
    );
    for g in same_games_of(&large, "large totals", 2, TURN_CAP) {
        assert!(g.outcome.is_some() || g.stop.is_some(), "{g:?}");
    }
}

#[test]
fn playouts_are_the_games_of_two_random_agents() {
    let mut played_out = Vec::new();
    for &id in crate::support::shipped::two_sided_ids() {
        let ruleset = check_target(id, &[]).unwrap_or_else(|e| panic!("{id}: {e:?}"));
        // The defaults, then every other value of each option alone.
        let mut choices = vec![Vec::new()];
        for option in &ruleset.options {
            for value in &option.allowed {
                let texts: Vec<String> = match value {
                    Value::Int(n) => vec![n.to_string()],
                    Value::Range(a, b) => ((*a).min(*b)..=(*a).max(*b))
                        .map(|n| n.to_string())
                        .collect(),
                    Value::Word(w) => vec![w.to_string()],
                };
                for text in texts {
                    choices.push(vec![(option.name.clone(), text)]);
                }
            }
        }
        for options in &choices {
            if same_games(id, options, 60) && options.is_empty() {
                played_out.push(id);
            }
        }
    }
    // The two rule sets whose random games are the speed targets take the loop, and so do
    // rules with a beginning (seats and opening moves) played through the `Game`, priority
    // squares, and split turns.
    for id in [
        "twenty-squares/ur",
        "senet/kendall",
        "senet/finkel",
        "senet/base",
        "senet/jequier",
        "senet/bell-thirty-squares",
    ] {
        assert!(
            played_out.contains(&id),
            "{id} is not played out: {played_out:?}"
        );
    }
}
