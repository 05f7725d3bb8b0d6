//! Retreats (`retreat from SET to N`, `on retreat: ...`) and turns that play each throw whole
//! (`turn throw again on ... then move each throw`), each case worked out by hand from the
//! rules' words on a small board: a row of 12 squares, one path, a die of 4.

use crate::support::row;

use row::engine_of;
use senet::engine::Engine;
use senet::engine::game::{Action, Game, GameEvent};
use senet::notation::position::moves_json;
use senet::types::{Side, Throw};
use serde_json::{Value, json};

/// A 1 x 12 board, two pieces a side on the board, captures swap places, pairs protect, exact
/// bear-off; `extra` lines are added at the end.
fn engine(extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/retreat\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start red on 1, 2; blue on 11, 12
throw die 4
capture swap
protect pairs
bear off exact
win first to bear off all
{extra}
"
    );
    engine_of("retreat.rules", &text)
}

/// Every legal move for the side to move of `position` (with its throw): steps, whether it
/// retreats, and the result, sorted as text.
fn moves(engine: &Engine, position: Value) -> Vec<Value> {
    let answer = moves_json(engine, &position, &mut Vec::new()).expect("a valid position");
    let mut out: Vec<Value> = answer["moves"].as_array().unwrap().clone();
    out.sort_by_key(Value::to_string);
    out
}

fn steps(list: &[Value]) -> Vec<Value> {
    list.iter().map(|m| m["steps"].clone()).collect()
}

fn step(from: Value, to: Value) -> Value {
    json!([{ "from": from, "to": to }])
}

const RETREAT: &str = "retreat from 9 to 3";

#[test]
fn a_piece_may_retreat_with_any_throw_besides_its_other_moves() {
    let e = engine(RETREAT);
    // Red on 1 and 9, a 2: 1 -> 3, 9 -> 11 (onto blue's lone piece: a swap) and the retreat
    // 9 -> 3. Not every move is of the piece on 9, so there is no staying put.
    let found = moves(
        &e,
        json!({"to_move": "red", "throw": 2, "pieces": {"red": [1, 9], "blue": [11, "off"]}}),
    );
    assert_eq!(
        steps(&found),
        [
            step(json!(1), json!(3)),
            step(json!(9), json!(11)),
            step(json!(9), json!(3))
        ]
    );
    assert_eq!(found[2]["retreat"], json!(true));
    assert_eq!(found[0].get("retreat"), None);
}

#[test]
fn no_retreat_onto_a_taken_square() {
    let e = engine(RETREAT);
    // Blue stands on 3: red on 9 cannot retreat there; 1 -> 3 would hit a lone blue piece.
    let found = moves(
        &e,
        json!({"to_move": "red", "throw": 2, "pieces": {"red": [1, 9], "blue": [3, "off"]}}),
    );
    assert_eq!(
        steps(&found),
        [step(json!(1), json!(3)), step(json!(9), json!(11))]
    );
}

#[test]
fn a_piece_that_may_retreat_is_never_forced_to_move() {
    let e = engine(RETREAT);
    // Red's only piece on the board is on 9, and 9 + 4 bears off (13 is one past the end). With
    // a 4 red may bear off, retreat, or leave the piece where it is.
    let found = moves(
        &e,
        json!({"to_move": "red", "throw": 4, "pieces": {"red": [9, "off"], "blue": [11, 12]}}),
    );
    assert_eq!(
        steps(&found),
        [
            json!([]),
            step(json!(9), json!("off")),
            step(json!(9), json!(3))
        ]
    );
    // Staying changes nothing but the side to move.
    assert_eq!(found[0]["result"]["pieces"]["red"], json!([9, "off"]));
    assert_eq!(found[0]["result"]["to_move"], json!("blue"));
}

#[test]
fn a_retreat_that_loses_the_next_turn_marks_the_side() {
    let e = engine(&format!("{RETREAT}\non retreat: lose next turn"));
    let found = moves(
        &e,
        json!({"to_move": "red", "throw": 1, "pieces": {"red": [1, 9], "blue": [11, 12]}}),
    );
    let retreat = found.iter().find(|m| m["retreat"] == json!(true)).unwrap();
    assert_eq!(retreat["result"]["loses_turn"], json!(["red"]));
    // A side that loses its turn has no move, whatever it throws.
    for throw in 1..=4 {
        let none = moves(
            &e,
            json!({"to_move": "red", "throw": throw, "loses_turn": ["red"],
                   "pieces": {"red": [1, 3], "blue": [11, 12]}}),
        );
        assert_eq!(none, Vec::<Value>::new());
    }
}

#[test]
fn the_piece_that_retreated_moves_next() {
    let e = engine(&format!("{RETREAT}\non retreat: piece moves next"));
    let found = moves(
        &e,
        json!({"to_move": "red", "throw": 2, "pieces": {"red": [1, 9], "blue": [11, "off"]}}),
    );
    let retreat = found.iter().find(|m| m["retreat"] == json!(true)).unwrap();
    assert_eq!(retreat["result"]["moves_next"], json!(["red"]));
    // Red on 1 and 3 (the one that retreated), a 1: only 3 -> 4, not 1 -> 2.
    let next = moves(
        &e,
        json!({"to_move": "red", "throw": 1, "moves_next": ["red"],
               "pieces": {"red": [1, 3], "blue": [11, 12]}}),
    );
    assert_eq!(steps(&next), [step(json!(3), json!(4))]);
    // Once it has moved the duty is over.
    assert_eq!(next[0]["result"].get("moves_next"), None);
}

#[test]
fn the_piece_that_retreated_may_capture_a_pair_when_the_rule_says_so() {
    // Blue's pair on 5 and 6 protects both; red's piece on 3 throws 2.
    let position = json!({"to_move": "red", "throw": 2, "moves_next": ["red"],
                          "pieces": {"red": [1, 3], "blue": [5, 6]}});
    let plain = engine(&format!("{RETREAT}\non retreat: piece moves next"));
    assert_eq!(moves(&plain, position.clone()), Vec::<Value>::new());
    let waived = engine(&format!(
        "{RETREAT}\non retreat: piece moves next ignoring pairs"
    ));
    let found = moves(&waived, position);
    assert_eq!(steps(&found), [step(json!(3), json!(5))]);
    // A swap: blue's piece goes to 3.
    assert_eq!(found[0]["result"]["pieces"]["blue"], json!([3, 6]));
}

#[test]
fn a_position_the_rules_cannot_reach_is_refused() {
    let e = engine(RETREAT);
    // No retreat costs a turn here.
    let lost = json!({"to_move": "red", "throw": 1, "loses_turn": ["red"],
                      "pieces": {"red": [1, 3], "blue": [11, 12]}});
    let err = moves_json(&e, &lost, &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot lose a turn"), "{err}");
    // A piece that must move next stands on the retreat square.
    let e = engine(&format!("{RETREAT}\non retreat: piece moves next"));
    let away = json!({"to_move": "red", "throw": 1, "moves_next": ["red"],
                      "pieces": {"red": [1, 4], "blue": [11, 12]}});
    let err = moves_json(&e, &away, &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("retreat square"), "{err}");
}

// ---- turns that play each throw whole --------------------------------------------------------

/// The row with a turn that throws again on 4 and then plays each throw whole.
fn each(extra: &str) -> Engine {
    engine(&format!(
        "turn throw again on 4 then move each throw\nextra throw after none\n{extra}"
    ))
}

/// Feeds throws until the game waits for a choice.
fn throw_until_choice(game: &mut Game, throws: &[u8]) {
    let mut it = throws.iter();
    loop {
        match game.next_action() {
            Action::Throw { .. } => game.give_throw(*it.next().expect("a throw to give")),
            Action::Choose { .. } => return,
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// The legal moves of a game as (throw played, steps as JSON), in order.
fn offered(game: &Game) -> Vec<(u16, Value)> {
    (0..game.moves().len())
        .map(|i| {
            let steps: Vec<Value> = game.moves()[i]
                .steps()
                .iter()
                .map(|s| json!([s.from().to_string(), s.to().to_string()]))
                .collect();
            (game.throw_of(i).get(), json!(steps))
        })
        .collect()
}

#[test]
fn all_throws_first_then_each_throw_whole_in_any_order() {
    let e = each("");
    let mut game = Game::new(&e, 100);
    // Red throws 4 (again), then 1: it holds 4 and 1.
    throw_until_choice(&mut game, &[4, 1]);
    assert_eq!(game.pool(), [Throw::new(4), Throw::new(1)]);
    // Every move of either throw is offered: with 4, 1 -> 5 and 2 -> 6; with 1, 2 -> 3 (1 -> 2
    // lands on red's own piece).
    assert_eq!(
        offered(&game),
        [
            (4, json!([["1", "5"]])),
            (4, json!([["2", "6"]])),
            (1, json!([["2", "3"]])),
        ]
    );
    // Playing the 1 first leaves the 4, and red moves again.
    game.choose(2);
    assert_eq!(game.pool(), [Throw::new(4)]);
    assert_eq!(
        game.next_action(),
        Action::Choose {
            side: game.pos.to_move()
        }
    );
    assert_eq!(
        offered(&game),
        [(4, json!([["1", "5"]])), (4, json!([["3", "7"]]))]
    );
    game.choose(1);
    // Both throws played: blue throws.
    assert!(game.pool().is_empty());
    assert!(matches!(game.next_action(), Action::Throw { .. }));
    assert_eq!(game.pos.to_move(), Side::Second);
}

#[test]
fn a_turn_ends_when_no_throw_left_can_be_played() {
    let e = each("");
    let mut game = Game::new(&e, 100);
    game.keep_events = true;
    // Red throws 1 and plays 2 -> 3.
    throw_until_choice(&mut game, &[1]);
    game.choose(index_of(&game, 1, json!([["2", "3"]])));
    // Blue, on 11 and 12 (13 is off, exactly), throws 4 (again) and 2: with the 4 nothing
    // moves; with the 2, 11 bears off.
    throw_until_choice(&mut game, &[4, 2]);
    assert_eq!(offered(&game), [(2, json!([["11", "off"]]))]);
    game.choose(0);
    // The 4 is left and moves nothing (12 + 4 is past the exit): the turn ends.
    assert!(matches!(
        game.next_action(),
        Action::Throw { side: Side::First }
    ));
    assert!(game.pool().is_empty());
    assert!(matches!(game.events.last(), Some(GameEvent::Pass { .. })));
}

/// The index of the move that plays `throw` with these steps.
fn index_of(game: &Game, throw: u16, steps: Value) -> usize {
    let all = offered(game);
    all.iter()
        .position(|m| *m == (throw, steps.clone()))
        .unwrap_or_else(|| panic!("{steps} with {throw} among {all:?}"))
}

#[test]
fn a_retreat_that_ends_the_turn_loses_the_throws_left_and_the_next_turn() {
    let e = each("retreat from 3 to 1\non retreat: end turn, lose next turn");
    let mut game = Game::new(&e, 100);
    game.keep_events = true;
    // Red throws 1 and plays 2 -> 3; blue throws 2 and bears 11 off.
    throw_until_choice(&mut game, &[1]);
    game.choose(index_of(&game, 1, json!([["2", "3"]])));
    throw_until_choice(&mut game, &[2]);
    game.choose(index_of(&game, 2, json!([["11", "off"]])));
    // Red, on 1 and 3, throws 4 (again) and 2. With 1 taken there is no retreat yet; red plays
    // the 4 with 1 -> 5, and then with the 2 it may retreat 3 -> 1 (or play 5 -> 7).
    throw_until_choice(&mut game, &[4, 2]);
    assert!(game.moves().iter().all(|m| !m.is_retreat()));
    game.choose(index_of(&game, 4, json!([["1", "5"]])));
    assert!(matches!(game.next_action(), Action::Choose { .. }));
    let retreat = (0..game.moves().len())
        .find(|&i| game.moves()[i].is_retreat())
        .expect("a retreat");
    assert_eq!(offered(&game)[retreat], (2, json!([["3", "1"]])));
    game.choose(retreat);
    // The retreat ended red's turn; blue throws 3 and cannot move (12 + 3 is past the exit).
    assert!(game.pool().is_empty());
    assert!(matches!(
        game.next_action(),
        Action::Throw { side: Side::Second }
    ));
    game.events.clear();
    game.give_throw(3);
    // Red's next turn is lost without a throw: blue throws again.
    assert!(matches!(
        game.next_action(),
        Action::Throw { side: Side::Second }
    ));
    assert!(
        game.events.iter().any(|e| matches!(
            e,
            GameEvent::TurnLost {
                side: Side::First,
                ..
            }
        )),
        "red loses its turn: {:?}",
        game.events
    );
    assert!(!game.pos.loses_turn(Side::First));
}

#[test]
fn a_side_that_has_not_begun_keeps_only_the_throws_from_the_one_that_begins_it() {
    let e = each("begin with 1");
    let mut game = Game::new(&e, 100);
    // Red throws 4 (again: not kept, red has not begun) and 1 (begins red, kept).
    throw_until_choice(&mut game, &[4, 1]);
    assert_eq!(game.pool(), [Throw::new(1)]);
    assert!(game.pos.begun(Side::First));
    game.choose(0);
    // Blue throws 4 and 2, neither begins it: nothing to play, the turn passes.
    assert!(matches!(
        game.next_action(),
        Action::Throw { side: Side::Second }
    ));
    game.give_throw(4);
    game.give_throw(2);
    assert!(matches!(
        game.next_action(),
        Action::Throw { side: Side::First }
    ));
    assert!(!game.pos.begun(Side::Second));
}

#[test]
fn a_retreat_may_end_the_turn_while_throws_are_left() {
    let e = each("retreat from 3 to 1\non retreat: may end turn");
    // Red throws 1 and plays 2 -> 3; blue throws 2 and bears 11 off. Red, on 1 and 3, throws
    // 4, 4 (each again) and 2, and plays a 4 with 1 -> 5: 3 may now retreat to 1, with the 4 or
    // the 2, and either leaves a throw in hand, so each retreat comes twice: going on, or
    // ending the turn.
    let start = || {
        let mut game = Game::new(&e, 100);
        throw_until_choice(&mut game, &[1]);
        game.choose(index_of(&game, 1, json!([["2", "3"]])));
        throw_until_choice(&mut game, &[2]);
        game.choose(index_of(&game, 2, json!([["11", "off"]])));
        throw_until_choice(&mut game, &[4, 4, 2]);
        game.choose(index_of(&game, 4, json!([["1", "5"]])));
        assert!(matches!(game.next_action(), Action::Choose { .. }));
        game
    };
    let game = start();
    let mut retreats: Vec<(u16, bool)> = (0..game.moves().len())
        .filter(|&i| game.moves()[i].is_retreat())
        .map(|i| (game.throw_of(i).get(), game.moves()[i].ends_turn()))
        .collect();
    retreats.sort_unstable();
    assert_eq!(retreats, [(2, false), (2, true), (4, false), (4, true)]);
    for ends in [false, true] {
        let mut game = start();
        let i = (0..game.moves().len())
            .find(|&i| {
                let m = &game.moves()[i];
                m.is_retreat() && game.throw_of(i).get() == 2 && m.ends_turn() == ends
            })
            .unwrap();
        game.choose(i);
        if ends {
            // The 4 in hand is lost: blue throws.
            assert!(game.pool().is_empty());
            assert!(matches!(
                game.next_action(),
                Action::Throw { side: Side::Second }
            ));
        } else {
            assert_eq!(game.pool(), [Throw::new(4)]);
            assert!(matches!(
                game.next_action(),
                Action::Choose { side: Side::First }
            ));
        }
    }
}
