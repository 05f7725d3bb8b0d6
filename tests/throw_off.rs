//! Who moves first by a throw-off (`first by throw-off, ties to SIDE`), worked out by hand from
//! the rule's words: each side throws once, in side order; the higher throw moves first; on
//! equal throws the side the rule names does.

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
