//! Random games played in one loop ([`Playout`]) are the games a [`Game`] plays between two
//! random agents: for every bundled rule set whose turns it can play (beginnings with seats or
//! opening moves included), and every value of each option, the same seeds give the same
//! outcome, counts and landings, game by game.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senet::agents::RandomAgent;
use senet::check::check_target;
use senet::compile::compile;
use senet::engine::Engine;
use senet::engine::game::{Game, Player, run};
use senet::engine::playout::Playout;
use senet::lang::syntax::Value;
use senet::sim::{game_seed, player_seed};

const TURN_CAP: u32 = 10_000;

/// Plays `games` seeded games both ways and compares them; whether the rules play out.
fn same_games(id: &str, options: &[(String, String)], games: u64) -> bool {
    let ruleset = check_target(id, options).unwrap_or_else(|e| panic!("{id}: {e:?}"));
    let engine = Engine::new(compile(&ruleset));
    if !engine.plays_out() {
        return false;
    }
    let mut playout = Playout::new(&engine);
    let mut game = Game::new(&engine, TURN_CAP);
    game.keep_events = false;
    let mut agents = [RandomAgent::new(0), RandomAgent::new(0)];
    for i in 0..games {
        // Seeded as `senet sim` seeds game i: the throws, then each player's choices.
        let seed = game_seed(3, i);
        let mut choosers = [0, 1].map(|k| RandomAgent::generator(player_seed(seed, k)));
        playout.play(&mut Pcg64Mcg::seed_from_u64(seed), &mut choosers, TURN_CAP);

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

        assert_eq!(playout.summary, game.summary, "{id} {options:?}, game {i}");
        assert_eq!(
            playout.landings, game.landings,
            "{id} {options:?}, game {i}"
        );
    }
    true
}

#[test]
fn playouts_are_the_games_of_two_random_agents() {
    let mut played_out = Vec::new();
    for id in senet::bundled::ids() {
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
