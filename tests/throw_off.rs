//! Who moves first by a throw-off (`first by throw-off, ties to SIDE`), worked out by hand from
//! the rule's words: each side throws once, in side order; the higher throw moves first; on
//! equal throws the side the rule names does. And by the tables games' opening throw (`first by
//! opening throw: one die each, ...`): each side throws one die, again while they are equal; the
//! higher moves first, playing the two dice thrown ("the player with the highest roll plays first
//! and plays the numbers on this first roll", backgammon) or throwing again to begin ("the player
//! who rolls the highest plays first, and then rolls again to begin play", Portes).

use crate::support::row;

use row::engine_of;
use senet::engine::Engine;
use senet::engine::game::{Action, Game, GameEvent};
use senet::notation::event::Event;
use senet::types::Side;
use serde_json::json;

fn engine(ties: &str) -> Engine {
    let text = format!(
        "ruleset \"test/throw-off\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start red on 1, 3; blue on 2, 4
first by throw-off, ties to {ties}
throw die 4
capture removed
bear off exact
win first to bear off all
"
    );
    engine_of("throw-off.rules", &text)
}

/// Who moves first after the first side throws `a` and the second `b`.
fn starts(e: &Engine, a: u8, b: u8) -> Side {
    let mut game = Game::new(e, 100);
    assert_eq!(game.next_action(), Action::StartThrow { side: Side::First });
    game.give_throw(a);
    assert_eq!(
        game.next_action(),
        Action::StartThrow { side: Side::Second }
    );
    game.give_throw(b);
    match game.next_action() {
        Action::Throw { side } => side,
        other => panic!("after the throw-off the game waits for {other:?}"),
    }
}

#[test]
fn the_higher_throw_moves_first() {
    let e = engine("red");
    assert_eq!(starts(&e, 3, 4), Side::Second);
    assert_eq!(starts(&e, 4, 2), Side::First);
}

#[test]
fn equal_throws_go_to_the_side_the_rule_names() {
    assert_eq!(starts(&engine("red"), 2, 2), Side::First);
    assert_eq!(starts(&engine("blue"), 2, 2), Side::Second);
}

#[test]
fn the_throw_off_is_in_the_record_and_takes_no_turn() {
    let e = engine("red");
    let mut game = Game::new(&e, 100);
    game.next_action();
    game.give_throw(1);
    game.next_action();
    game.give_throw(3);
    game.next_action();
    let events: Vec<_> = game
        .events
        .iter()
        .map(|ev| serde_json::to_value(Event::of(&e, ev)).unwrap())
        .collect();
    assert_eq!(
        events,
        [
            json!({ "start": { "side": "red", "throw": 1 } }),
            json!({ "start": { "side": "blue", "throw": 3, "starts": "blue" } }),
        ]
    );
    assert!(matches!(game.events[1], GameEvent::StartThrow { .. }));
    // The first turn is the starting side's.
    assert_eq!(game.summary.turns, 1);
}

/// Backgammon (with the opening throw whose winner plays both dice) or Portes (whose winner
/// throws again).
fn tables(id: &str) -> Engine {
    senet::engine::Engine::new(senet::compile::compile(
        &senet::check::check_target(id, &[]).expect("bundled"),
    ))
}

/// The dice of the throw move `i` of `game` plays, largest first.
fn dice(e: &Engine, game: &Game, i: usize) -> Vec<u8> {
    let code = u8::try_from(game.throw_of(i).get()).expect("a code of dice");
    e.rules
        .device
        .dice_of(code)
        .expect("dice played one by one")
}

/// Feeds the opening throw's dice, in order (first side, second side, ...), checking that the
/// game asks for each of them.
fn opening(game: &mut Game, dice: &[u8]) {
    for (k, &d) in dice.iter().enumerate() {
        let side = if k % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(
            game.next_action(),
            Action::StartThrow { side },
            "die {}",
            k + 1
        );
        game.give_throw(d);
    }
}

#[test]
fn the_higher_die_plays_both_dice_as_its_first_throw() {
    let e = tables("tables/backgammon");
    let mut game = Game::new(&e, 100);
    // White 5, black 2: white moves first, with the 5 and the 2, thrown by nobody.
    opening(&mut game, &[5, 2]);
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
    let events: Vec<_> = game
        .events
        .iter()
        .map(|ev| serde_json::to_value(Event::of(&e, ev)).unwrap())
        .collect();
    assert_eq!(
        events[1],
        json!({ "start": { "side": "black", "throw": 2, "starts": "white" } })
    );
    assert_eq!(events[2]["throw"]["side"], "white");
    assert_eq!(events[2]["throw"]["dice"], json!([5, 2]));
    assert_eq!(game.summary.turns, 1);
    // The moves white chooses from play that 5 and 2.
    assert_eq!(dice(&e, &game, 0), [5, 2]);
    assert!(!game.moves().is_empty());
    // Black higher: black moves first with both dice.
    let mut game = Game::new(&e, 100);
    opening(&mut game, &[1, 6]);
    assert_eq!(game.next_action(), Action::Choose { side: Side::Second });
    assert_eq!(dice(&e, &game, 0), [6, 1]);
}

#[test]
fn equal_dice_are_thrown_again() {
    let e = tables("tables/backgammon");
    let mut game = Game::new(&e, 100);
    // 4 and 4, then 3 and 3: both throw again; then 2 and 6.
    opening(&mut game, &[4, 4, 3, 3, 2, 6]);
    assert_eq!(game.next_action(), Action::Choose { side: Side::Second });
    let starts: Vec<_> = game
        .events
        .iter()
        .filter_map(|ev| match ev {
            GameEvent::StartThrow { starts, .. } => Some(*starts),
            _ => None,
        })
        .collect();
    assert_eq!(starts, [None, None, None, None, None, Some(Side::Second)]);
    // The first turn can never be a double.
    assert_eq!(dice(&e, &game, 0), [6, 2]);
}

#[test]
fn the_higher_die_throws_again_where_the_rules_say_so() {
    let e = tables("tables/portes");
    let mut game = Game::new(&e, 100);
    opening(&mut game, &[2, 5]);
    // Black moves first, and throws its own dice to begin.
    assert_eq!(game.next_action(), Action::Throw { side: Side::Second });
    let mut game = Game::new(&e, 100);
    opening(&mut game, &[6, 6, 6, 1]);
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
}

#[test]
fn the_opening_dice_are_one_die_each_and_never_a_double() {
    use rand::SeedableRng;
    let e = tables("tables/backgammon");
    let mut starts = [0u32; 2];
    for seed in 0..2000u64 {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(&e, 100);
        let side = loop {
            match game.next_action() {
                action @ Action::StartThrow { .. } => {
                    let v = senet::engine::game::random_throw_for(&e, action, &mut rng);
                    assert!((1..=6).contains(&v), "{v}");
                    game.give_throw(v);
                }
                Action::Choose { side } => break side,
                other => panic!("the opening throw leads to {other:?}"),
            }
        };
        starts[side.index()] += 1;
        let d = dice(&e, &game, 0);
        assert_ne!(d[0], d[1], "seed {seed}");
    }
    // Each side wins the opening about half the time (2000 games: 1000 +- 4 sigma).
    assert!((910..=1090).contains(&starts[0]), "{starts:?}");
}
