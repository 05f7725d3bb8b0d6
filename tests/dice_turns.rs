//! Turns of dice played one by one that give another turn (`extra turn when all dice are
//! equal`, Pareia de Entrada: "When all of the dice present the same number, the player receives
//! another turn"): after a move, and after a pass, with dice as the game throws them.

use senet::engine::Engine;
use senet::engine::game::{Action, Game};
use senet::notation::position::parse_position;
use senet::types::Side;
use serde_json::json;

fn pareia() -> Engine {
    Engine::new(senet::compile::compile(
        &senet::check::check_target("tables/pareia-de-entrada", &[]).expect("bundled"),
    ))
}

/// The code of the throw of dice `shown` (largest first).
fn code(e: &Engine, shown: &[u8]) -> u8 {
    (1..=u8::MAX)
        .find(|&c| e.rules.device.dice_of(c).as_deref() == Some(shown))
        .expect("a throw of these dice")
}

#[test]
fn equal_dice_give_another_turn_after_a_move() {
    let e = pareia();
    let mut game = Game::new(&e, 100);
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    game.give_throw(code(&e, &[4, 4, 4]));
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
    game.choose(0);
    // White throws again; after unequal dice the turn passes to black.
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    game.give_throw(code(&e, &[5, 4, 4]));
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
    game.choose(0);
    assert_eq!(game.next_action(), Action::Throw { side: Side::Second });
    assert_eq!(game.summary.extra_throws, 1);
}

#[test]
fn equal_dice_give_another_turn_after_a_pass() {
    let e = pareia();
    // Black holds point 2 with two pieces: white's three 2s cannot enter, and white passes.
    let (pos, _) = parse_position(
        &e,
        &json!({ "to_move": "white", "throw": null, "pieces": {
            "white": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "black": [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] } }),
    )
    .expect("a position");
    let mut game = Game::new(&e, 100);
    game.pos = pos;
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    game.give_throw(code(&e, &[2, 2, 2]));
    // No move: the pass is made, and white throws again.
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    assert_eq!((game.summary.passes, game.summary.extra_throws), (1, 1));
    // Unequal dice that cannot be played pass the turn.
    game.give_throw(code(&e, &[2, 2, 2]));
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    game.give_throw(code(&e, &[6, 2, 2]));
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
}
