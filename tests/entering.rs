//! One throw split among pieces (`turn throw then split`), squares that send a piece back to
//! waiting or out of the game (`on landing on SET: [may] go to waiting`) and entering as an event (`on entering: ...`),
//! each case worked out by hand from the rules' words on a small board: a row of 12 squares, one
//! path, a die of 4, pieces entering on square 1 with a 1.

use crate::support::row;

use row::engine_of;
use senet::engine::Engine;
use senet::engine::game::{Action, Game};
use senet::notation::position::moves_json;
use senet::types::Side;
use serde_json::{Value, json};

/// A 1 x 12 board, three pieces a side, all waiting; a piece enters on 1 with a 1; nothing is
/// captured; exact bear-off; `extra` lines are added at the end.
fn engine(extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/entering\"
board 1 x 12
path 1..12
sides red, blue
pieces 3 each
start waiting
throw die 4
enter with 1 onto 1 if empty
capture none
bear off exact
win first to bear off all
{extra}
"
    );
    engine_of("entering.rules", &text)
}

/// Every legal move for red: its steps and its result, sorted as text.
fn red_moves(engine: &Engine, throw: u32, red: Value, extra: Value) -> Vec<(Value, Value)> {
    let mut position = json!({ "to_move": "red", "throw": throw,
                               "pieces": { "red": red, "blue": [0, 0, 0] } });
    if let (Some(p), Some(x)) = (position.as_object_mut(), extra.as_object()) {
        p.extend(x.clone());
    }
    let answer = moves_json(engine, &position, &mut Vec::new()).expect("a valid position");
    let mut out: Vec<(Value, Value)> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["steps"].clone(), m["result"].clone()))
        .collect();
    out.sort_by_key(|m| m.0.to_string());
    out
}

fn steps(moves: &[(Value, Value)]) -> Vec<Value> {
    moves.iter().map(|m| m.0.clone()).collect()
}

fn st(list: &[(u32, u32)]) -> Value {
    json!(
        list.iter()
            .map(|&(a, b)| json!({ "from": a, "to": b }))
            .collect::<Vec<_>>()
    )
}

const SPLIT: &str = "turn throw then split";

#[test]
fn one_throw_is_split_among_pieces() {
    let e = engine(SPLIT);
    // Red on 2 and 5, a 3: 2 -> 5 is taken; 2 -> 3 + 5 -> 7, 2 -> 4 + 5 -> 6, 5 -> 8 whole.
    let found = red_moves(&e, 3, json!([2, 5, 0]), json!({}));
    assert_eq!(
        steps(&found),
        [st(&[(2, 3), (5, 7)]), st(&[(2, 4), (5, 6)]), st(&[(5, 8)]),]
    );
}

#[test]
fn a_split_throw_enters_a_piece_only_whole() {
    let e = engine(SPLIT);
    // Red on 5 with two waiting, a 3: 1 + 2 would enter with a part of the throw; it may not.
    assert_eq!(
        steps(&red_moves(&e, 3, json!([5, 0, 0]), json!({}))),
        [st(&[(5, 8)])]
    );
    // A whole 1 enters (or moves 5 -> 6).
    assert_eq!(
        steps(&red_moves(&e, 1, json!([5, 0, 0]), json!({}))),
        [st(&[(0, 1)]), st(&[(5, 6)])]
    );
}

#[test]
fn a_square_sends_a_piece_back_to_waiting() {
    let e = engine("on landing on 7: go to waiting");
    let found = red_moves(&e, 2, json!([5, 0, 0]), json!({}));
    assert_eq!(steps(&found), [st(&[(5, 7)])]);
    assert_eq!(found[0].1["pieces"]["red"], json!([0, 0, 0]));
}

#[test]
fn a_piece_may_go_back_to_waiting_or_stay() {
    // `may go to waiting`: landing on 7 comes twice, once going back (all three waiting), once
    // staying on 7 (`"stays": true`); 5 -> 7 is the only move with a 2 (nothing enters with a 2).
    let e = engine("on landing on 7: may go to waiting");
    let position = json!({ "to_move": "red", "throw": 2,
                           "pieces": { "red": [5, 0, 0], "blue": [0, 0, 0] } });
    let answer = moves_json(&e, &position, &mut Vec::new()).expect("a valid position");
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{answer}");
    for m in moves {
        assert_eq!(m["steps"], st(&[(5, 7)]));
        let stays = m.get("stays") == Some(&json!(true));
        let red = if stays {
            json!([0, 0, 7])
        } else {
            json!([0, 0, 0])
        };
        assert_eq!(m["result"]["pieces"]["red"], red, "{m}");
    }
    // `may piece is removed`: the piece leaves the game, or stays.
    let e = engine("on landing on 7: may piece is removed");
    let answer = moves_json(&e, &position, &mut Vec::new()).expect("a valid position");
    let mut results: Vec<String> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["result"]["pieces"]["red"].to_string())
        .collect();
    results.sort();
    assert_eq!(results, [r#"[0,0,"removed"]"#, "[0,0,7]"]);
}

#[test]
fn entering_throws_again_and_the_piece_moves_next() {
    let e = engine("on entering: throw again, piece moves next");
    let found = red_moves(&e, 1, json!([0, 0, 6]), json!({}));
    let enter = found.iter().find(|m| m.0 == st(&[(0, 1)])).unwrap();
    assert_eq!(enter.1["to_move"], json!("red"));
    assert_eq!(enter.1["moves_next"], json!(["red"]));
    // Then only the entered piece moves: with a 2, 1 -> 3 (not 6 -> 8).
    let next = red_moves(&e, 2, json!([1, 0, 6]), json!({ "moves_next": ["red"] }));
    assert_eq!(steps(&next), [st(&[(1, 3)])]);
    assert_eq!(next[0].1.get("moves_next"), None);
}

#[test]
fn in_a_split_the_piece_that_must_move_takes_part() {
    let e = engine(&format!(
        "{SPLIT}\non entering: throw again, piece moves next"
    ));
    // Red on 1 (entered) and 6, a 2: 1 -> 3, or 1 -> 2 + 6 -> 7; never 6 -> 8 alone.
    let found = red_moves(&e, 2, json!([1, 6, 0]), json!({ "moves_next": ["red"] }));
    assert_eq!(steps(&found), [st(&[(1, 2), (6, 7)]), st(&[(1, 3)])]);
}

#[test]
fn an_entered_piece_that_cannot_move_goes_back_to_waiting() {
    let e = engine("on entering: throw again, piece moves next or goes back to waiting");
    let mut game = Game::new(&e, 100);
    // Red throws 1 and enters.
    assert!(matches!(game.next_action(), Action::Throw { .. }));
    game.give_throw(1);
    assert!(matches!(game.next_action(), Action::Choose { .. }));
    game.choose(0);
    assert!(game.pos.moves_next(Side::First));
    // Red on 1, which must move, and its own pieces on 2 and 3, a 2: 1 -> 3 is taken and no
    // other piece may move: red passes, and the piece on 1 goes back to waiting.
    let stuck = json!({ "to_move": "red", "throw": 2, "moves_next": ["red"],
                        "pieces": { "red": [1, 2, 3], "blue": [0, 0, 0] } });
    assert_eq!(
        moves_json(&e, &stuck, &mut Vec::new()).unwrap()["moves"],
        json!([])
    );
    let (pos, _) = senet::notation::position::parse_position(&e, &stuck).unwrap();
    let after = e.pass(&pos, senet::types::Throw::new(2));
    assert_eq!(after.waiting(Side::First), 1);
    assert!(!after.moves_next(Side::First));
    assert_eq!(after.to_move(), Side::Second);
}

#[test]
fn no_piece_enters_while_one_of_its_side_is_on_the_set() {
    // `no piece enters while one is on 1..3`: red's pieces wait while one of them is on squares
    // 1-3; a blue piece there does not hold red back, and elsewhere red enters as usual.
    for extra in [
        "no piece enters while one is on 1..3",
        "no piece enters while one is on 1..3\nstacks any",
        "no piece enters while one is on 1..3\nturn throw then split",
    ] {
        let e = engine(extra);
        // Red on 2, a 1: not 0 -> 1, only 2 -> 3.
        let found = red_moves(&e, 1, json!([2, 0, 0]), json!({}));
        assert_eq!(steps(&found), [st(&[(2, 3)])], "{extra}");
        // Red on 4 (past the set), a 1: it enters, or 4 -> 5.
        let found = red_moves(&e, 1, json!([4, 0, 0]), json!({}));
        assert_eq!(
            steps(&found),
            [st(&[(0, 1)]), st(&[(4, 5)])],
            "{extra}: red on 4"
        );
    }
    // Blue on 3 does not keep red's pieces from entering.
    let e = engine("no piece enters while one is on 1..3");
    let position = json!({ "to_move": "red", "throw": 1,
                           "pieces": { "red": [0, 0, 0], "blue": [3, 0, 0] } });
    let answer = moves_json(&e, &position, &mut Vec::new()).unwrap();
    assert_eq!(answer["moves"].as_array().unwrap().len(), 1);
    assert_eq!(answer["moves"][0]["steps"], st(&[(0, 1)]));
}
