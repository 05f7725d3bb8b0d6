//! Rules that restrict which pieces may move, each case worked out by hand from the rule's words
//! on a small board: a row of 12 squares, one path, a die of 4.

use crate::support::row;

use row::engine_of;
use senet::check::check_text;
use senet::compile::compile;
use senet::engine::{Engine, Listing};
use senet::notation::position::moves_json;
use serde_json::{Value, json};

/// A 1 x 12 board, `pieces` a side, waiting pieces enter onto the throw, captures send back to
/// waiting; `extra` lines are added at the end.
fn engine(pieces: u32, extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/restrictions\"
board 1 x 12
path 1..12
sides red, blue
pieces {pieces} each
start waiting
enter onto throw
throw die 4
capture to waiting
bear off exact
win first to bear off all
{extra}
"
    );
    engine_of("restrictions.rules", &text)
}

/// The steps of every legal move for red, sorted as text (so `12` comes before `8`).
fn red_moves(engine: &Engine, throw: u32, red: Value, blue: Value) -> Vec<Value> {
    let position =
        json!({ "to_move": "red", "throw": throw, "pieces": { "red": red, "blue": blue } });
    let answer = moves_json(engine, &position, &mut Vec::new()).expect("a valid position");
    let mut steps: Vec<Value> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["steps"].clone())
        .collect();
    steps.sort_by_key(Value::to_string);
    steps
}

fn step(from: Value, to: Value) -> Value {
    json!([{ "from": from, "to": to }])
}

const HOLD_7: &str = "only pieces on 7 may move while one is there";

#[test]
fn a_piece_on_the_square_holds_the_others_back() {
    let e = engine(2, HOLD_7);
    // Red on 1 and 7, a 2: only the piece on 7 moves.
    assert_eq!(
        red_moves(&e, 2, json!([1, 7]), json!([11, 12])),
        [step(json!(7), json!(9))]
    );
}

#[test]
fn a_held_side_with_no_move_from_the_square_passes() {
    let e = engine(2, HOLD_7);
    // Red on 7 and 9, a 2: 7 -> 9 lands on red's own piece; 9 -> 11 is held back. Red passes.
    assert_eq!(
        red_moves(&e, 2, json!([7, 9]), json!([11, 12])),
        Vec::<Value>::new()
    );
}

#[test]
fn no_piece_enters_while_one_is_held() {
    let e = engine(2, HOLD_7);
    // A waiting red piece and one on 7, a 1: only 7 -> 8, no entry onto 1.
    assert_eq!(
        red_moves(&e, 1, json!([0, 7]), json!([11, 12])),
        [step(json!(7), json!(8))]
    );
}

#[test]
fn with_no_piece_on_the_square_every_piece_moves() {
    let e = engine(2, HOLD_7);
    assert_eq!(
        red_moves(&e, 2, json!([1, 5]), json!([11, 12])),
        [step(json!(1), json!(3)), step(json!(5), json!(7))]
    );
    // The other side's piece on 7 holds nothing back for red.
    assert_eq!(
        red_moves(&e, 1, json!([1, 5]), json!([7, 12])),
        [step(json!(1), json!(2)), step(json!(5), json!(6))]
    );
}

#[test]
fn every_piece_on_the_set_may_move() {
    let e = engine(3, "only pieces on 7, 8 may move while one is there");
    assert_eq!(
        red_moves(&e, 1, json!([2, 7, 8]), json!([11, 12, "off"])),
        [step(json!(8), json!(9))]
    );
    assert_eq!(
        red_moves(&e, 3, json!([2, 7, 8]), json!([11, 12, "off"])),
        [step(json!(7), json!(10)), step(json!(8), json!(11))]
    );
}

#[test]
fn none_takes_the_rule_away() {
    let e = engine(2, "only pieces on none may move while one is there");
    assert_eq!(
        red_moves(&e, 2, json!([1, 7]), json!([11, 12])),
        [step(json!(1), json!(3)), step(json!(7), json!(9))]
    );
}

#[test]
fn no_backward_moves_from_given_squares() {
    let with_backward = "backward when no forward move";
    // Red on 11 and 12 with a 3: no forward move (exact exits), so a backward one: 11 -> 8 or
    // 12 -> 9.
    let e = engine(2, with_backward);
    assert_eq!(
        red_moves(&e, 3, json!([11, 12]), json!([1, 2])),
        [step(json!(11), json!(8)), step(json!(12), json!(9))]
    );
    // Not from 12.
    let e = engine(2, &format!("{with_backward}\nno backward moves from 12"));
    assert_eq!(
        red_moves(&e, 3, json!([11, 12]), json!([1, 2])),
        [step(json!(11), json!(8))]
    );
    // Not from 11 or 12: red passes.
    let e = engine(
        2,
        &format!("{with_backward}\nno backward moves from 11..12"),
    );
    assert_eq!(
        red_moves(&e, 3, json!([11, 12]), json!([1, 2])),
        Vec::<Value>::new()
    );
}

// ---- bearing off at or past the end ------------------------------------------------------------

fn exits_engine(bear_off: &str) -> Engine {
    // The same board with the exit rule replaced.
    let text = format!(
        "ruleset \"test/exits\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start waiting
enter onto throw
throw die 4
capture to waiting
{bear_off}
win first to bear off all
"
    );
    engine_of("exits.rules", &text)
}

#[test]
fn any_throw_that_reaches_or_passes_the_end_bears_off() {
    let e = exits_engine("bear off at or past the end");
    // One step past 12 is the exit: from 10 a 3 reaches it, a 4 passes it; from 12 any throw.
    assert_eq!(
        red_moves(&e, 4, json!([10, 12]), json!([1, 2])),
        [step(json!(10), json!("off")), step(json!(12), json!("off"))]
    );
    // A 2 takes 10 to 12, where red's own piece stands; 12 leaves.
    assert_eq!(
        red_moves(&e, 2, json!([10, 12]), json!([1, 2])),
        [step(json!(12), json!("off"))]
    );
    // The same positions with an exact exit: only the throw that lands one step past.
    let exact = exits_engine("bear off exact");
    assert_eq!(
        red_moves(&exact, 4, json!([10, 12]), json!([1, 2])),
        Vec::<Value>::new()
    );
}

#[test]
fn bearing_off_at_or_past_the_end_from_given_squares_only() {
    let e = exits_engine("bear off at or past the end from 12");
    // From 11 a 4 would pass the end, but 11 is no exit square.
    assert_eq!(
        red_moves(&e, 4, json!([8, 11]), json!([1, 2])),
        [step(json!(8), json!(12))]
    );
    assert_eq!(
        red_moves(&e, 3, json!([8, 12]), json!([1, 2])),
        [step(json!(12), json!("off")), step(json!(8), json!(11))]
    );
}

// ---- a throw to begin --------------------------------------------------------------------------

fn begin_engine(extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/begin\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start red on 3, 5; blue on 8, 9
throw die 4
capture none
bear off exact
win first to bear off all
begin with 1
{extra}
"
    );
    engine_of("begin.rules", &text)
}

fn not_begun(red: &[u32], throw: u32) -> Value {
    json!({ "to_move": "red", "throw": throw, "not_begun": ["red"],
            "pieces": { "red": red, "blue": [8, 9] } })
}

#[test]
fn no_side_moves_before_it_throws_a_value_that_begins() {
    use senet::notation::position::position_json;
    let e = begin_engine("");
    // At the start neither side has begun.
    let start = e.start();
    assert!(!start.begun(senet::types::Side::First) && !start.begun(senet::types::Side::Second));
    assert_eq!(
        position_json(&e, &start, None)["not_begun"],
        json!(["red", "blue"])
    );
    // Red has not begun: a 2, a 3 or a 4 moves nothing.
    for throw in 2..=4 {
        let answer = moves_json(&e, &not_begun(&[3, 5], throw), &mut Vec::new()).unwrap();
        assert_eq!(answer["moves"], json!([]), "throw {throw}");
    }
    // A 1 begins, and is played: 3 -> 4 or 5 -> 6, after which red has begun.
    let answer = moves_json(&e, &not_begun(&[3, 5], 1), &mut Vec::new()).unwrap();
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    for m in moves {
        assert_eq!(m["result"].get("not_begun"), None, "{m}");
    }
}

#[test]
fn a_throw_that_begins_begins_even_without_a_move() {
    use senet::notation::position::parse_position;
    use senet::types::{Side, Throw};
    let e = begin_engine("");
    // Red on 6 and 7 before blue's 8 and 9, no captures: a 1 has no move, yet red has begun.
    let (pos, _) = parse_position(&e, &not_begun(&[6, 7], 1)).unwrap();
    let answer = moves_json(&e, &not_begun(&[6, 7], 1), &mut Vec::new()).unwrap();
    assert_eq!(answer["moves"], json!([]));
    let after = e.pass(&pos, Throw::new(1));
    assert!(after.begun(Side::First));
    // A pass with a 2 leaves red waiting to begin.
    let after = e.pass(&pos, Throw::new(2));
    assert!(!after.begun(Side::First));
}

#[test]
fn a_position_may_say_a_side_has_not_begun_only_where_the_rules_have_begin() {
    let e = engine(2, "");
    let position = json!({ "to_move": "red", "throw": 1, "not_begun": ["red"],
                           "pieces": { "red": [1, 2], "blue": [5, 6] } });
    let err = moves_json(&e, &position, &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("begin with"), "{err}");
}

#[test]
fn a_forced_opening_move_begins_its_side() {
    use senet::types::{Side, Throw};
    let text = "ruleset \"test/base-begin\"\nextends \"senet/base\"\nbegin with 1\n";
    let e = Engine::new(compile(&check_text("b.rules", text, None, &[]).unwrap()));
    let start = e.start();
    let blue = start.to_move();
    assert_eq!(e.rules.sides[blue].name, "blue");
    assert!(e.forced_opening(&start));
    let mut moves = Vec::new();
    assert_eq!(
        e.legal_moves(&start, Throw::ZERO, &mut moves),
        Listing::Whole
    );
    assert_eq!(moves.len(), 1, "the front piece moves without a throw");
    let after = e.successor(&start, &moves[0], Throw::ZERO);
    assert!(after.begun(blue));
    assert!(!after.begun(blue.other()));
    assert_eq!(blue, Side::Second);
}

// ---- backward moves per piece, onto empty squares; the square ahead ----------------------------

#[test]
fn a_piece_with_no_forward_move_may_move_backwards_while_others_move_forwards() {
    // Red on 5 and 12 (12 has no forward move: exact exits, 12 + 3 passes the end), a 3.
    let per_side = engine(2, "backward when no forward move");
    assert_eq!(
        red_moves(&per_side, 3, json!([5, 12]), json!([1, 2])),
        [step(json!(5), json!(8))]
    );
    let per_piece = engine(2, "backward when the piece has no forward move");
    assert_eq!(
        red_moves(&per_piece, 3, json!([5, 12]), json!([1, 2])),
        [step(json!(12), json!(9)), step(json!(5), json!(8))]
    );
}

#[test]
fn a_backward_move_onto_empty_squares_only_captures_nothing() {
    // Red on 11 and 12 with a 3 has no forward move; blue stands on 8: 11 -> 8 would capture.
    let captures = engine(2, "backward when no forward move");
    assert_eq!(
        red_moves(&captures, 3, json!([11, 12]), json!([8, 2])),
        [step(json!(11), json!(8)), step(json!(12), json!(9))]
    );
    let empty_only = engine(2, "backward when no forward move onto empty squares");
    assert_eq!(
        red_moves(&empty_only, 3, json!([11, 12]), json!([8, 2])),
        [step(json!(12), json!(9))]
    );
}

#[test]
fn a_piece_moves_only_while_the_square_ahead_is_empty() {
    let e = engine(
        3,
        "pieces on 1..4 move only if the square ahead is empty\nbackward when no forward move",
    );
    // Red on 2, 3 and 7; blue on 4. The piece on 2 has red's 3 ahead, the piece on 3 has blue's
    // 4 ahead: only 7 moves.
    assert_eq!(
        red_moves(&e, 2, json!([2, 3, 7]), json!([4, 11, 12])),
        [step(json!(7), json!(9))]
    );
    // With 4 empty, the piece on 3 moves too (3 -> 5); the piece on 2 still waits.
    assert_eq!(
        red_moves(&e, 2, json!([2, 3, 7]), json!([6, 11, 12])),
        [step(json!(3), json!(5)), step(json!(7), json!(9))]
    );
}

#[test]
fn a_rule_holding_a_split_turn_to_every_square_keeps_waiting_pieces_out() {
    // 64 squares, the most a path may visit: a rule holding red to pieces on all of them still
    // lets no piece enter (the rule's words: "only the side's pieces on SET may make the move,
    // and no piece enters"). Red has a piece waiting and one on 5; a 2 split among pieces moves
    // the piece on 5 only.
    let e = engine_of(
        "every-square.rules",
        "ruleset \"test/every-square\"
board 2 x 32 snake
path 1..64
sides red, blue
pieces 2 each
start waiting
enter onto throw
throw die 4
turn throw then split
bear off exact
win first to bear off all
on each move: only pieces on 1..64 may move
",
    );
    assert_eq!(
        red_moves(&e, 2, json!([0, 5]), json!([60, 61])),
        [step(json!(5), json!(7))]
    );
}

#[test]
fn in_a_split_turn_a_piece_that_must_move_next_and_may_not_moves_no_piece_back() {
    // The piece that entered onto 2 must move next, but blue's piece on 3 stands ahead of it:
    // it may not move, so no sequence moves it, and no other piece moves in its place (a
    // backward move included: 2 -> 1 and 9 -> 8 are not made). Red passes.
    let e = engine_of(
        "must-and-held.rules",
        "ruleset \"test/must-and-held\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start waiting
enter onto 2 if empty
throw die 4
turn throw then split
bear off exact
win first to bear off all
backward when no forward move
pieces on 2 move only if the square ahead is empty
on entering: piece moves next
",
    );
    let position = json!({ "to_move": "red", "throw": 1, "moves_next": ["red"],
        "pieces": { "red": [2, 9], "blue": [3, 12] } });
    let answer = moves_json(&e, &position, &mut Vec::new()).expect("a valid position");
    assert_eq!(answer["moves"], json!([]));
}
