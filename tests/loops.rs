//! Loop paths (`path SIDE: loop ...`), winning by capturing all, pieces that wait for their side
//! (`pieces on SET move only when all are there`) and squares where a piece is not passed by its
//! own (`no passing on SET`), and pieces whose first move needs a 1 (`each piece first moves
//! with 1`): each case worked out by hand on a small board of two rows of six squares (square 7
//! a gap).
//!
//! ```text
//!  1  2  3  4  5  6      red:  loop 1..6, 12..8   (positions 1-6 = squares 1-6, 7 = 12,
//!     8  9 10 11 12                                 8 = 11, 9 = 10, 10 = 9, 11 = 8)
//!                        blue: loop 8..12, 6..1   (positions 1-5 = squares 8-12, 6 = 6,
//!                                                   7 = 5, 8 = 4, 9 = 3, 10 = 2, 11 = 1)
//! ```

use crate::support::row;

use row::engine_of;
use senet::engine::Engine;
use senet::notation::position::moves_json;
use serde_json::{Value, json};

fn engine(extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/loops\"
board 2 x 6
gaps 7
path red: loop 1..6, 12..8
path blue: loop 8..12, 6..1
sides red, blue
pieces 2 each
start red on 1, 2; blue on 8, 9
throw die 4
capture removed
win by capturing all
{extra}
"
    );
    engine_of("loops.rules", &text)
}

/// Every legal move of red with `throw`, as (from, to, the move's result).
fn red_moves(engine: &Engine, throw: u32, red: Value, blue: Value) -> Vec<(Value, Value, Value)> {
    let position =
        json!({ "to_move": "red", "throw": throw, "pieces": { "red": red, "blue": blue } });
    let answer = moves_json(engine, &position, &mut Vec::new()).expect("a valid position");
    answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            assert_eq!(m["steps"].as_array().unwrap().len(), 1, "{m}");
            let step = &m["steps"][0];
            (
                step["from"].clone(),
                step["to"].clone(),
                m["result"].clone(),
            )
        })
        .collect()
}

fn from_to(moves: &[(Value, Value, Value)]) -> Vec<(Value, Value)> {
    let mut v: Vec<(Value, Value)> = moves
        .iter()
        .map(|(f, t, _)| (f.clone(), t.clone()))
        .collect();
    v.sort_by_key(|(f, t)| (f.to_string(), t.to_string()));
    v
}

#[test]
fn a_move_past_the_last_position_goes_on_from_the_first() {
    let e = engine("");
    // Red on positions 10 (square 9) and 1; blue on its 6 and 7 (squares 6 and 5). A 3 takes
    // 10 round to 2 (past 11 and 1), and 1 to 4.
    let moves = red_moves(&e, 3, json!([10, 1]), json!([6, 7]));
    assert_eq!(
        from_to(&moves),
        [(json!(1), json!(4)), (json!(10), json!(2))]
    );
    // Nothing bears off a loop, and no step round is counted as going back.
    assert!(
        moves.iter().all(|(_, _, r)| !r.to_string().contains("off")),
        "{moves:?}"
    );
}

#[test]
fn going_round_onto_an_own_piece_is_no_move() {
    let e = engine("");
    // Red on 10 and 2: a 3 from 10 would land on 2, red's own. 2 -> 5 (square 5) takes blue's
    // piece there (blue's position 7) out of the game.
    let moves = red_moves(&e, 3, json!([10, 2]), json!([6, 7]));
    assert_eq!(from_to(&moves), [(json!(2), json!(5))]);
    assert_eq!(moves[0].2["pieces"]["blue"], json!([6, "removed"]));
    assert_eq!(moves[0].2.get("outcome"), None);
}

#[test]
fn taking_the_last_enemy_piece_wins() {
    let e = engine("");
    // Blue has one piece left, on its position 6 (square 6); red's 2 + 4 lands there.
    let moves = red_moves(&e, 4, json!([2, 1]), json!([6, "removed"]));
    let win = moves
        .iter()
        .find(|(f, t, _)| *f == json!(2) && *t == json!(6))
        .expect("2 -> 6");
    assert_eq!(win.2["pieces"]["blue"], json!(["removed", "removed"]));
    assert_eq!(win.2["outcome"]["winner"], json!("red"));
    // 1 -> 5 captures nothing: the game goes on.
    let on = moves
        .iter()
        .find(|(f, _, _)| *f == json!(1))
        .expect("1 -> 5");
    assert_eq!(on.2.get("outcome"), None);
}

#[test]
fn a_piece_waits_on_its_squares_until_its_side_is_all_there() {
    let e = engine("pieces on 10..12 move only when all are there");
    // Red on position 8 (square 11) and 1: the piece on 11 waits for the other; a 2 moves 1 -> 3.
    let moves = red_moves(&e, 2, json!([8, 1]), json!([6, 7]));
    assert_eq!(from_to(&moves), [(json!(1), json!(3))]);
    // Both on 11 and 10 (positions 8 and 9): both may move, 8 -> 10 (square 9), 9 -> 11 (8).
    let moves = red_moves(&e, 2, json!([8, 9]), json!([6, 7]));
    assert_eq!(
        from_to(&moves),
        [(json!(8), json!(10)), (json!(9), json!(11))]
    );
    // A piece taken out of the game is not waited for.
    let moves = red_moves(&e, 2, json!([8, "removed"]), json!([6, 7]));
    assert_eq!(from_to(&moves), [(json!(8), json!(10))]);
}

#[test]
fn a_piece_does_not_pass_its_own_where_passing_is_barred() {
    let plain = engine("");
    let barred = engine("no passing on 1..3");
    // Red on 1 and 2 throws 3: 1 -> 4 would pass red's own piece on 2.
    let before = red_moves(&plain, 3, json!([1, 2]), json!([6, 7]));
    assert_eq!(
        from_to(&before),
        [(json!(1), json!(4)), (json!(2), json!(5))]
    );
    let after = red_moves(&barred, 3, json!([1, 2]), json!([6, 7]));
    assert_eq!(from_to(&after), [(json!(2), json!(5))]);
    // An enemy piece there may be passed: red 1 -> 4 over blue on square 2 (blue's 10).
    let over_enemy = red_moves(&barred, 3, json!([1, 5]), json!([10, 6]));
    assert_eq!(
        from_to(&over_enemy),
        [(json!(1), json!(4)), (json!(5), json!(8))]
    );
}

/// Red to move with `throw`, with the given pieces that have not moved yet.
fn red_moves_unmoved(
    engine: &Engine,
    throw: u32,
    red: Value,
    blue: Value,
    unmoved: Value,
) -> Result<Vec<(Value, Value, Value)>, String> {
    let position = json!({ "to_move": "red", "throw": throw, "unmoved": unmoved,
                           "pieces": { "red": red, "blue": blue } });
    let answer = moves_json(engine, &position, &mut Vec::new()).map_err(|e| e.to_string())?;
    Ok(answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let step = &m["steps"][0];
            (
                step["from"].clone(),
                step["to"].clone(),
                m["result"].clone(),
            )
        })
        .collect())
}

#[test]
fn a_piece_that_has_not_moved_moves_first_with_a_one() {
    let e = engine("each piece first moves with 1");
    let both = json!({"red": [1, 2], "blue": [1, 2]});
    // At the start every piece is unmoved: a 3 moves nothing.
    let none = red_moves_unmoved(&e, 3, json!([1, 2]), json!([1, 2]), both.clone()).unwrap();
    assert_eq!(none, Vec::new());
    // A 1 moves 2 -> 3 (1 -> 2 would land on red's own piece); that piece has now moved.
    let one = red_moves_unmoved(&e, 1, json!([1, 2]), json!([1, 2]), both).unwrap();
    assert_eq!(from_to(&one), [(json!(2), json!(3))]);
    assert_eq!(one[0].2["unmoved"], json!({"red": [1], "blue": [1, 2]}));
    // A piece that has moved takes any throw; the one still on 1 waits for a 1.
    let three = red_moves_unmoved(
        &e,
        3,
        json!([1, 3]),
        json!([1, 2]),
        json!({"red": [1], "blue": [1, 2]}),
    )
    .unwrap();
    assert_eq!(from_to(&three), [(json!(3), json!(6))]);
    assert_eq!(three[0].2["unmoved"], json!({"red": [1], "blue": [1, 2]}));
}

#[test]
fn a_piece_captured_before_it_moved_is_no_longer_waited_for() {
    let e = engine("each piece first moves with 1");
    // Red on its 9 (square 10) and 4, both moved; blue's two unmoved pieces on squares 8 and 9
    // (blue's 1 and 2). Red 9 -> 10 (square 9) with a 1 takes blue's piece there.
    let moves =
        red_moves_unmoved(&e, 1, json!([9, 4]), json!([1, 2]), json!({"blue": [1, 2]})).unwrap();
    let hit = moves
        .iter()
        .find(|(f, _, _)| *f == json!(9))
        .expect("9 -> 10");
    assert_eq!(hit.2["pieces"]["blue"], json!([1, "removed"]));
    assert_eq!(hit.2["unmoved"], json!({"blue": [1]}));
}

#[test]
fn unmoved_pieces_only_where_the_rules_have_them() {
    let locked = engine("each piece first moves with 1");
    // Position 3 is not where a red piece started.
    let err = red_moves_unmoved(
        &locked,
        1,
        json!([1, 3]),
        json!([1, 2]),
        json!({"red": [3]}),
    )
    .unwrap_err();
    assert!(err.contains("has not moved yet"), "{err}");
    // No piece stands on 2.
    let err = red_moves_unmoved(
        &locked,
        1,
        json!([1, 3]),
        json!([1, 2]),
        json!({"red": [2]}),
    )
    .unwrap_err();
    assert!(err.contains("has not moved yet"), "{err}");
    // Without the rule nothing is unmoved.
    let plain = engine("");
    let err = red_moves_unmoved(&plain, 1, json!([1, 2]), json!([1, 2]), json!({"red": [1]}))
        .unwrap_err();
    assert!(err.contains("has not moved yet"), "{err}");
}

#[test]
fn explain_says_the_path_goes_round() {
    let text = "ruleset \"test/loops\"\nboard 2 x 6\ngaps 7\npath red: loop 1..6, 12..8\npath blue: loop 8..12, 6..1\nsides red, blue\npieces 2 each\nstart red on 1, 2; blue on 8, 9\nthrow die 4\ncapture removed\nwin by capturing all\n";
    let rules = senet::check::check_text("loops.rules", text, None, &[]).unwrap();
    let said = |key: &str| {
        rules
            .rules
            .iter()
            .find(|r| r.key.to_string() == key)
            .unwrap_or_else(|| panic!("no rule {key}"))
            .text
            .clone()
    };
    assert_eq!(
        said("path red"),
        "red's path is a loop: squares 1-6 and 12-8, and after the last square on from the first again (no piece bears off)."
    );
    assert_eq!(
        said("win"),
        "The side that takes every piece of the other out of the game wins."
    );
}
