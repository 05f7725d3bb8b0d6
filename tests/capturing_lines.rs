//! Square effects that capture (`go to N capturing`), each case worked out by hand from the
//! rule's words on a small board: a row of 12 squares, one path, two pieces a side, a die of 4.
//! A line from 4 leads to 9: a piece of the other side on 9 is captured as a move that ends on
//! 9 would capture it; a piece of the mover's own side there, or an enemy piece that cannot be
//! captured, leaves the piece where it landed.

use crate::support::row;

use row::engine_of;
use senet::engine::{Engine, Move, Step};
use senet::notation::position::{moves_json, parse_position};
use senet::types::{PathPos, Place, Square, Throw};
use serde_json::{Value, json};

/// The board: pieces on the board from the start, a die of 4, `capture` as given; `extra`
/// lines are added at the end.
fn engine(capture: &str, extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/capturing-lines\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start red on 1, 2; blue on 5, 6
enter onto throw
throw die 4
{capture}
bear off exact
win first to bear off all
{extra}
"
    );
    engine_of("capturing-lines.rules", &text)
}

/// The line from 4 to 9, and the board's captures sending pieces back to waiting.
fn line(extra: &str) -> Engine {
    engine(
        "capture to waiting",
        &format!("on landing on 4: go to 9 capturing\n{extra}"),
    )
}

fn position(throw: u32, red: Value, blue: Value) -> Value {
    json!({ "to_move": "red", "throw": throw, "pieces": { "red": red, "blue": blue } })
}

/// Every move red may make from `from` to `to` (one step), as (who moves next, red, blue).
fn results(engine: &Engine, position: &Value, from: u32, to: u32) -> Vec<(Value, Value, Value)> {
    let answer = moves_json(engine, position, &mut Vec::new()).expect("a valid position");
    answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["steps"] == json!([{ "from": from, "to": to }]))
        .map(|m| {
            let r = &m["result"];
            (
                r["to_move"].clone(),
                r["pieces"]["red"].clone(),
                r["pieces"]["blue"].clone(),
            )
        })
        .collect()
}

/// The one move red may make from `from` to `to`.
fn result(engine: &Engine, position: &Value, from: u32, to: u32) -> (Value, Value, Value) {
    let found = results(engine, position, from, to);
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

#[test]
fn a_line_onto_an_enemy_piece_captures_it() {
    // Red 1 throws 3, lands on 4 and follows the line to 9, where blue stands: blue's piece goes
    // back to waiting (0), red's rests on 9, and blue moves next.
    let e = line("");
    let p = position(3, json!([1, 2]), json!([9, 11]));
    assert_eq!(
        result(&e, &p, 1, 4),
        (json!("blue"), json!([2, 9]), json!([0, 11]))
    );
}

#[test]
fn a_line_onto_the_movers_own_piece_leaves_it_where_it_landed() {
    // Red's own piece stands on 9: the piece from 1 stays on 4, nothing is captured.
    let e = line("");
    let p = position(3, json!([1, 9]), json!([10, 11]));
    assert_eq!(
        result(&e, &p, 1, 4),
        (json!("blue"), json!([4, 9]), json!([10, 11]))
    );
}

#[test]
fn a_line_onto_an_empty_square_goes_there() {
    let e = line("");
    let p = position(3, json!([1, 2]), json!([10, 11]));
    assert_eq!(result(&e, &p, 1, 4).1, json!([2, 9]));
}

#[test]
fn without_capturing_a_line_onto_an_enemy_piece_is_not_followed() {
    // The same line without `capturing`: blue on 9 keeps the piece on 4.
    let e = engine("capture to waiting", "on landing on 4: go to 9");
    let p = position(3, json!([1, 2]), json!([9, 11]));
    assert_eq!(
        result(&e, &p, 1, 4),
        (json!("blue"), json!([2, 4]), json!([9, 11]))
    );
}

#[test]
fn a_safe_enemy_piece_at_the_end_of_the_line_is_not_captured() {
    // A move may not end on a piece on a safe square: the line is not followed either.
    let e = line("safe 9");
    let p = position(3, json!([1, 2]), json!([9, 11]));
    assert_eq!(
        result(&e, &p, 1, 4),
        (json!("blue"), json!([2, 4]), json!([9, 11]))
    );
}

#[test]
fn a_pair_protects_the_piece_at_the_end_of_the_line() {
    // Blue on 9 and 10 protect each other: red stays on 4. With blue on 9 and 11 (no pair) red
    // captures.
    let e = line("protect pairs");
    let p = position(3, json!([1, 2]), json!([9, 10]));
    assert_eq!(result(&e, &p, 1, 4).1, json!([2, 4]));
    let p = position(3, json!([1, 2]), json!([9, 11]));
    assert_eq!(result(&e, &p, 1, 4).2, json!([0, 11]));
}

#[test]
fn the_captured_piece_goes_where_the_capture_rules_say() {
    // `capture removed`: out of the game.
    let e = engine("capture removed", "on landing on 4: go to 9 capturing");
    let p = position(3, json!([1, 2]), json!([9, 11]));
    assert_eq!(result(&e, &p, 1, 4).2, json!([11, "removed"]));
    // A rule for captures on 9 sends the piece to 12, while 12 is free; with 12 taken, the piece
    // on 9 cannot be captured and red stays on 4.
    let e = line("on capture on 9: captured piece goes to 12");
    let p = position(3, json!([1, 2]), json!([9, 11]));
    assert_eq!(
        result(&e, &p, 1, 4),
        (json!("blue"), json!([2, 9]), json!([11, 12]))
    );
    let p = position(3, json!([1, 12]), json!([9, 11]));
    assert_eq!(result(&e, &p, 1, 4).1, json!([4, 12]));
}

#[test]
fn a_swapped_piece_goes_to_the_square_the_line_leaves() {
    // `capture swap`: the captured piece goes to the square the capturing piece came from,
    // which for a line is the square it leads from (4).
    let e = engine("capture swap", "on landing on 4: go to 9 capturing");
    let p = position(3, json!([1, 2]), json!([9, 11]));
    assert_eq!(
        result(&e, &p, 1, 4),
        (json!("blue"), json!([2, 9]), json!([4, 11]))
    );
}

#[test]
fn a_capture_by_a_line_throws_again_where_captures_do() {
    let e = line("on capture: throw again");
    let p = position(3, json!([1, 2]), json!([9, 11]));
    assert_eq!(result(&e, &p, 1, 4).0, json!("red"));
    // Captures on 9 only: the same; captures on 4 only: the line's capture on 9 gives nothing.
    let e = line("on capture on 9: throw again");
    assert_eq!(result(&e, &p, 1, 4).0, json!("red"));
    let e = line("on capture on 4: throw again");
    assert_eq!(result(&e, &p, 1, 4).0, json!("blue"));
}

#[test]
fn the_player_may_decline_a_line_that_captures() {
    // `may go to 9 capturing`: two moves onto 4, one capturing on 9, one staying on 4.
    let e = engine(
        "capture to waiting",
        "on landing on 4: may go to 9 capturing",
    );
    let p = position(3, json!([1, 2]), json!([9, 11]));
    let mut found = results(&e, &p, 1, 4);
    found.sort_by_key(|r| r.1.to_string());
    assert_eq!(
        found,
        vec![
            (json!("blue"), json!([2, 4]), json!([9, 11])),
            (json!("blue"), json!([2, 9]), json!([0, 11])),
        ]
    );
}

#[test]
fn a_move_captures_where_it_lands_and_at_the_end_of_its_lines() {
    // Blue on 4 and 9, a line 4 -> 9 and another 9 -> 11, both capturing: red captures on 4 by
    // landing, on 9 by the first line, then goes on to 11 (empty). The report tells both
    // captures, in order.
    let e = line("on landing on 9: go to 11 capturing");
    let p = position(3, json!([1, 2]), json!([4, 9]));
    assert_eq!(
        result(&e, &p, 1, 4),
        (json!("blue"), json!([2, 11]), json!([0, 0]))
    );
    let (pos, _) = parse_position(&e, &p).expect("a valid position");
    let at = |n| Place::On(PathPos::new(n).unwrap());
    let mv = Move::single(Step::new(at(1), at(4)));
    let (_, report) = e.apply(&pos, &mv, Throw::new(3));
    let captures: Vec<(Square, Place)> = report.captures().map(|c| (c.square, c.sent)).collect();
    let sq = |n| Square::new(n).unwrap();
    assert_eq!(
        captures,
        vec![(sq(4), Place::Waiting), (sq(9), Place::Waiting)]
    );
    assert_eq!(report.steps()[0].effects(), 2);
}
