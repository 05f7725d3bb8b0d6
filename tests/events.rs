//! Event rules (`on TRIGGER: EFFECT`), each case worked out by hand from the rule's words on a
//! small board: a row of 12 squares, one path, two pieces a side.

use crate::support::row;

use row::engine_of;
use senet::check::check_text;
use senet::compile::compile;
use senet::engine::{Engine, Listing};
use senet::notation::position::{moves_json, parse_position};
use senet::types::{Side, Square, Throw};
use serde_json::{Value, json};

/// A 1 x 12 board, pieces on the board from the start, a die of 4, capture to waiting unless the
/// rules below say otherwise; `extra` lines are added at the end.
fn engine(extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/events\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start red on 1, 2; blue on 5, 6
enter onto throw
throw die 4
capture to waiting
bear off exact
win first to bear off all
{extra}
"
    );
    engine_of("events.rules", &text)
}

fn position(to_move: &str, throw: u32, red: Value, blue: Value) -> Value {
    json!({ "to_move": to_move, "throw": throw, "pieces": { "red": red, "blue": blue } })
}

/// A move's result: (steps, to_move, red, blue).
type Result4 = (Value, Value, Value, Value);

/// The move of `results` from `from` to `to` (a single step), which must be there.
fn the_move(r: &[Result4], from: u32, to: u32) -> &Result4 {
    r.iter()
        .find(|m| m.0 == json!([{ "from": from, "to": to }]))
        .unwrap_or_else(|| panic!("no move {from} -> {to} in {r:?}"))
}

/// The results of every legal move, as (steps, to_move, red, blue).
fn results(engine: &Engine, position: &Value) -> Vec<Result4> {
    let answer = moves_json(engine, position, &mut Vec::new()).expect("a valid position");
    answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let r = &m["result"];
            (
                m["steps"].clone(),
                r["to_move"].clone(),
                r["pieces"]["red"].clone(),
                r["pieces"]["blue"].clone(),
            )
        })
        .collect()
}

#[test]
fn a_capture_throws_again() {
    // Red 2 hits blue on 5 with a 3: blue waits, and red throws again.
    let e = engine("on capture: throw again");
    let r = results(&e, &position("red", 3, json!([1, 2]), json!([5, 6])));
    let hit = the_move(&r, 2, 5);
    assert_eq!(
        (&hit.1, &hit.2, &hit.3),
        (&json!("red"), &json!([1, 5]), &json!([0, 6]))
    );
    // Red 1 to 4 captures nothing: blue throws next.
    let quiet = the_move(&r, 1, 4);
    assert_eq!(quiet.1, json!("blue"));
}

#[test]
fn a_capture_on_given_squares_throws_again_there_only() {
    let e = engine("on capture on 6: throw again");
    let r = results(&e, &position("red", 3, json!([2, 3]), json!([5, 6])));
    // 2 -> 5 captures on 5: no extra throw; 3 -> 6 captures on 6: red throws again.
    let on5 = the_move(&r, 2, 5);
    let on6 = the_move(&r, 3, 6);
    assert_eq!(on5.1, json!("blue"));
    assert_eq!(on6.1, json!("red"));
}

#[test]
fn a_piece_captured_on_given_squares_goes_elsewhere() {
    // Captured on 6: to square 1 or the first free square after it; elsewhere: waiting.
    let e = engine("on capture on 6: captured piece goes to first free after 1");
    let r = results(&e, &position("red", 3, json!([2, 3]), json!([5, 6])));
    let on5 = the_move(&r, 2, 5);
    let on6 = the_move(&r, 3, 6);
    assert_eq!(on5.3, json!([0, 6]));
    // Square 1 is free (red's pieces stand on 2 and 6 after the move): blue goes to 1.
    assert_eq!(on6.3, json!([1, 5]));
    let removed = engine("on capture on 6: captured piece is removed");
    let r = results(&removed, &position("red", 3, json!([2, 3]), json!([5, 6])));
    let on6 = the_move(&r, 3, 6);
    assert_eq!(on6.3, json!([5, "removed"]));
}

#[test]
fn a_pass_with_a_given_throw_throws_again() {
    // Blue on 3 and 4 blocks nothing, but red on 11 and 12 can move neither 3 nor 4 (no exact
    // exit, own piece ahead): red passes.
    let e = engine("on pass with 4: throw again");
    let (pos, _) = parse_position(&e, &position("red", 4, json!([11, 12]), json!([3, 4]))).unwrap();
    let mut moves = Vec::new();
    assert_eq!(
        e.legal_moves(&pos, Throw::new(4), &mut moves),
        Listing::Whole
    );
    assert!(moves.is_empty());
    assert_eq!(e.pass(&pos, Throw::new(4)).to_move(), Side::First);
    assert_eq!(
        e.legal_moves(&pos, Throw::new(3), &mut moves),
        Listing::Whole
    );
    assert!(moves.is_empty());
    assert_eq!(e.pass(&pos, Throw::new(3)).to_move(), Side::Second);
}

#[test]
fn a_move_with_a_given_throw_and_a_landing_throw_again() {
    let e = engine("on move with 2: throw again\non landing on 9: throw again");
    let with2 = results(&e, &position("red", 2, json!([1, 2]), json!([5, 6])));
    assert!(with2.iter().all(|m| m.1 == json!("red")), "{with2:?}");
    // With a 3 only the move that ends on 9 throws again.
    let with3 = results(&e, &position("red", 3, json!([1, 6]), json!([10, 11])));
    for m in with3 {
        let ends_on_9 = m.0[0]["to"] == json!(9);
        assert_eq!(m.1 == json!("red"), ends_on_9, "{m:?}");
    }
}

#[test]
fn landing_on_a_square_sends_the_piece_on() {
    // 7 sends a piece to 3, or the first free square before it.
    let e = engine("on landing on 7: go to first free before 3");
    let r = results(&e, &position("red", 3, json!([3, 4]), json!([10, 11])));
    let to7 = the_move(&r, 4, 7);
    // Square 3 is red's own: the first free square before it is 2.
    assert_eq!(to7.2, json!([2, 3]));
}

#[test]
fn an_event_rule_is_the_same_rule_as_the_statement_it_generalises() {
    use senet::check::same::same_rule;
    let load = |extra: &str| {
        check_text(
            "x.rules",
            &format!("ruleset \"test/x\"\nextends \"senet/base\"\n{extra}\n"),
            None,
            &[],
        )
        .unwrap()
    };
    let old = load("extra throw after 1, 4, 6\nextra throw on 26");
    let new = load(
        "extra throw after none\nextra throw on none\non move with 1, 4, 6: throw again\n\
         on landing on 26: throw again",
    );
    for key in old.rules.iter().chain(&new.rules).map(|r| &r.key) {
        assert!(same_rule(&old, &new, key), "{key}");
    }
    assert_eq!(compile(&old).extra_after, compile(&new).extra_after);
}

#[test]
fn landing_throws_again_and_sends_on_in_one_rule() {
    // A move that ends on 7 goes on to 10 and throws again; blue's pieces are out of the way.
    let e = engine("on landing on 7: throw again, go to 10");
    let r = results(&e, &position("red", 3, json!([3, 4]), json!([11, 12])));
    let to7 = the_move(&r, 4, 7);
    assert_eq!((&to7.1, &to7.2), (&json!("red"), &json!([3, 10])));
}

#[test]
fn a_variant_takes_an_inherited_event_rule_away_with_none() {
    let parent = "ruleset \"test/p\"\nextends \"twenty-squares/blitz\"\n";
    let with = check_text("p.rules", parent, None, &[]).unwrap();
    let without = check_text("p.rules", &format!("{parent}on capture: none\n"), None, &[]).unwrap();
    assert!(with.extra_on_capture.values().all(|l| !l.is_empty()));
    assert!(without.extra_on_capture.values().all(Vec::is_empty));
}

#[test]
fn a_capture_with_nowhere_to_send_the_piece_is_not_a_move() {
    // Captured on 6: to square 4. Red on 2 and 3, blue on 5 and 6.
    let e = engine("on capture on 6: captured piece goes to 4");
    // With a 3, red 3 -> 6 captures and blue goes to 4 (free): a legal move.
    let r = results(&e, &position("red", 3, json!([2, 3]), json!([5, 6])));
    let on6 = the_move(&r, 3, 6);
    assert_eq!(on6.3, json!([4, 5]));
    // With red on 4 instead of 3, a 2 takes 4 -> 6, and 4 is then free: the capturer's own
    // square counts as empty once it has left.
    let r = results(&e, &position("red", 2, json!([2, 4]), json!([5, 6])));
    let on6 = the_move(&r, 4, 6);
    assert_eq!(on6.3, json!([4, 5]));
    // Red on 3 and 4, a 3: 3 -> 6 would send blue to 4, where red stands: no such move.
    let r = results(&e, &position("red", 3, json!([3, 4]), json!([5, 6])));
    assert!(
        r.iter().all(|m| m.0 != json!([{ "from": 3, "to": 6 }])),
        "{r:?}"
    );
    // 4 -> 7 is still there (no capture).
    assert!(r.iter().any(|m| m.0 == json!([{ "from": 4, "to": 7 }])));
}

/// The events board with red's pieces waiting to be placed anywhere, and a trap on 6.
fn trap_engine(extra: &str) -> Engine {
    engine(&format!("on passing 6: go to 9\n{extra}"))
}

#[test]
fn a_move_that_would_pass_a_trap_ends_where_it_sends() {
    let e = trap_engine("");
    // Red on 3 and 10, blue on 11 and 12. A 4 from 3 would pass 6 (on the way to 7): it ends
    // on 9. A 4 from 10 passes nothing (and 14 is past the exact exit: no move).
    let r = results(&e, &position("red", 4, json!([3, 10]), json!([11, 12])));
    let steps: Vec<&Value> = r.iter().map(|m| &m.0).collect();
    assert_eq!(steps, [&json!([{ "from": 3, "to": 9 }])]);
    assert_eq!(r[0].2, json!([9, 10]));
    // A 3 from 3 lands on 6 itself: no trap.
    let r = results(&e, &position("red", 3, json!([3, 10]), json!([11, 12])));
    assert!(
        r.iter().any(|m| m.0 == json!([{ "from": 3, "to": 6 }])),
        "{r:?}"
    );
    // A 2 from 5 passes 6: to 9.
    let r = results(&e, &position("red", 2, json!([5, 10]), json!([11, 12])));
    assert!(
        r.iter().any(|m| m.0 == json!([{ "from": 5, "to": 9 }])),
        "{r:?}"
    );
}

#[test]
fn a_trap_whose_square_is_taken_stops_the_move() {
    // Blue stands on 9: the piece that would fall there has no move; it does not capture.
    let e = trap_engine("");
    let r = results(&e, &position("red", 4, json!([3, 10]), json!([9, 12])));
    assert!(r.iter().all(|m| m.0[0]["from"] != json!(3)), "{r:?}");
    // With a fallback, it falls to the first free square after 9: 11 (red stands on 10).
    let e = engine("on passing 6: go to first free after 9");
    let r = results(&e, &position("red", 4, json!([3, 10]), json!([9, 12])));
    assert!(
        r.iter().any(|m| m.0 == json!([{ "from": 3, "to": 11 }])),
        "{r:?}"
    );
}

#[test]
fn a_trap_catches_a_move_over_a_stop_square() {
    // 6 may not be passed, except into the trap.
    let e = trap_engine("stop on 6");
    let r = results(&e, &position("red", 4, json!([3, 10]), json!([11, 12])));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].0, json!([{ "from": 3, "to": 9 }]));
}

#[test]
fn a_line_the_player_may_decline_gives_two_moves() {
    // Landing on 4 the player may follow the line to 8, or stay on 4.
    let e = engine("on landing on 4: may go to 8");
    let position = position("red", 3, json!([1, 2]), json!([10, 11]));
    let answer = moves_json(&e, &position, &mut Vec::new()).unwrap();
    let moves = answer["moves"].as_array().unwrap();
    let onto_4: Vec<&Value> = moves
        .iter()
        .filter(|m| m["steps"] == json!([{ "from": 1, "to": 4 }]))
        .collect();
    assert_eq!(onto_4.len(), 2, "{moves:?}");
    let follows = onto_4.iter().find(|m| m.get("stays").is_none()).unwrap();
    let stays = onto_4.iter().find(|m| m["stays"] == json!(true)).unwrap();
    assert_eq!(follows["result"]["pieces"]["red"], json!([2, 8]));
    assert_eq!(stays["result"]["pieces"]["red"], json!([2, 4]));
    // 2 -> 5 lands on no line: one move only.
    assert_eq!(
        moves
            .iter()
            .filter(|m| m["steps"] == json!([{ "from": 2, "to": 5 }]))
            .count(),
        1
    );
}

#[test]
fn a_declinable_line_to_a_taken_square_leaves_the_piece_either_way() {
    // 8 is taken by red's own piece: following the line leaves the piece on 4, as staying does.
    let e = engine("on landing on 4: may go to 8");
    let r = results(&e, &position("red", 3, json!([1, 8]), json!([10, 11])));
    let onto_4: Vec<&Result4> = r
        .iter()
        .filter(|m| m.0 == json!([{ "from": 1, "to": 4 }]))
        .collect();
    assert_eq!(onto_4.len(), 2);
    assert!(onto_4.iter().all(|m| m.2 == json!([4, 8])));
}

#[test]
fn landing_on_a_square_may_take_the_piece_out_of_the_game() {
    let e = engine("on landing on 8: piece is removed");
    // Red 4 -> 8 leaves the game; 2 -> 6 stays on the board.
    let r = results(&e, &position("red", 4, json!([4, 2]), json!([10, 11])));
    let gone = the_move(&r, 4, 8);
    assert_eq!((&gone.1, &gone.2), (&json!("blue"), &json!([2, "removed"])));
    let stays = the_move(&r, 2, 6);
    assert_eq!(stays.2, json!([4, 6]));
    // A position with a piece removed is one these rules can reach.
    let after = position("blue", 1, json!([2, "removed"]), json!([10, 11]));
    assert!(moves_json(&e, &after, &mut Vec::new()).is_ok());
    // The last piece of a side removed with none borne off: nobody has won yet.
    let r = results(
        &e,
        &position("red", 4, json!([4, "removed"]), json!([10, 11])),
    );
    assert_eq!(the_move(&r, 4, 8).2, json!(["removed", "removed"]));
}

#[test]
fn a_piece_captured_on_given_squares_may_be_removed_and_such_positions_are_accepted() {
    let e = engine("on capture on 5..6: captured piece is removed");
    let r = results(&e, &position("red", 3, json!([1, 2]), json!([5, 6])));
    assert_eq!(the_move(&r, 2, 5).3, json!([6, "removed"]));
    let after = position("blue", 1, json!([1, 5]), json!(["removed", 6]));
    assert!(moves_json(&e, &after, &mut Vec::new()).is_ok());
}

#[test]
fn a_piece_sent_on_with_and_stop_goes_no_further() {
    // 3 sends a piece to 6 and stops it there; 6 itself sends a piece that lands on it to 9.
    let e = engine("on landing on 3: go to 6 and stop\non landing on 6: go to 9");
    let r = results(&e, &position("red", 2, json!([1, 4]), json!([10, 11])));
    assert_eq!(the_move(&r, 1, 3).2, json!([4, 6]));
    // Landing on 6 by a move, the piece goes on to 9 as before.
    assert_eq!(the_move(&r, 4, 6).2, json!([1, 9]));
}

#[test]
fn a_line_that_stops_offers_no_second_line_to_decline() {
    // From 4 the player may follow the line to 6 and stop there, or stay: two moves, not the
    // third form that follows one line of two.
    let e = engine("on landing on 4: may go to 6 and stop\non landing on 6: may go to 9");
    let position = position("red", 3, json!([1, 2]), json!([10, 11]));
    let answer = moves_json(&e, &position, &mut Vec::new()).unwrap();
    let onto_4: Vec<&Value> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["steps"] == json!([{ "from": 1, "to": 4 }]))
        .collect();
    assert_eq!(onto_4.len(), 2, "{onto_4:?}");
    let pieces: Vec<&Value> = onto_4
        .iter()
        .map(|m| &m["result"]["pieces"]["red"])
        .collect();
    assert!(pieces.contains(&&json!([2, 6])) && pieces.contains(&&json!([2, 4])));
}

#[test]
fn a_square_effect_for_one_side_leaves_the_other_sides_pieces_be() {
    let e = engine("on landing on 4 by red: go to 8\non landing on 7 by blue: go to waiting");
    // Red lands on 4 and goes on to 8; landing on 7 does nothing to a red piece.
    let r = results(&e, &position("red", 3, json!([1, 2]), json!([10, 11])));
    assert_eq!(the_move(&r, 1, 4).2, json!([2, 8]));
    let r = results(&e, &position("red", 3, json!([4, 2]), json!([10, 11])));
    assert_eq!(the_move(&r, 4, 7).2, json!([2, 7]));
    // Blue lands on 4 and stays there; landing on 7 sends a blue piece back to waiting.
    let r = results(&e, &position("blue", 3, json!([10, 11]), json!([1, 2])));
    assert_eq!(the_move(&r, 1, 4).3, json!([2, 4]));
    let r = results(&e, &position("blue", 3, json!([10, 11]), json!([4, 2])));
    assert_eq!(the_move(&r, 4, 7).3, json!([0, 2]));
}

#[test]
fn a_square_that_throws_again_for_one_side_only() {
    let e = engine("on landing on 4 by blue: throw again");
    let r = results(&e, &position("red", 3, json!([1, 2]), json!([10, 11])));
    assert_eq!(the_move(&r, 1, 4).1, json!("blue"));
    let r = results(&e, &position("blue", 3, json!([10, 11]), json!([1, 2])));
    assert_eq!(the_move(&r, 1, 4).1, json!("blue"));
}

#[test]
fn effects_of_the_two_sides_on_one_square_neither_clash_nor_loop() {
    // Red goes 4 -> 8 and blue 8 -> 4: no square sends one side's piece on twice, and no side's
    // pieces go round in a loop.
    let text = "ruleset \"test/sides\"\nboard 1 x 12\npath 1..12\nsides red, blue\npieces 2 each\n\
                start red on 1, 2; blue on 5, 6\nthrow die 4\ncapture to waiting\nbear off exact\n\
                win first to bear off all\non landing on 4 by red: go to 8\n\
                on landing on 8 by blue: go to 4\non landing on 8 by red: go to 10\n";
    let checked = check_text("sides.rules", text, None, &[]).expect("the rules check");
    let rules = compile(&checked);
    let to = |s: Side, n: u32| {
        rules
            .effect(s, Square::new(n).unwrap())
            .map(|d| u32::from(d.square))
    };
    assert_eq!((to(Side::First, 4), to(Side::Second, 4)), (Some(8), None));
    assert_eq!(
        (to(Side::First, 8), to(Side::Second, 8)),
        (Some(10), Some(4))
    );
}

/// The moves of a position as (steps, result) pairs, for comparing two rule sets.
fn all_moves(engine: &Engine, position: &Value) -> Vec<(Value, Value)> {
    let answer = moves_json(engine, position, &mut Vec::new()).expect("a valid position");
    answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["steps"].clone(), m["result"].clone()))
        .collect()
}

#[test]
fn only_pieces_on_a_square_may_move_is_the_event_rule_before_each_move() {
    let statement = engine("only pieces on 7 may move while one is there");
    let rule = engine("on each move if its side has pieces on 7: only pieces on 7 may move");
    for (red, blue, throw) in [
        (json!([7, 2]), json!([10, 11]), 2),
        (json!([1, 2]), json!([10, 11]), 2),
        (json!([7, 3]), json!([9, 11]), 2),
        (json!([7, 0]), json!([10, 11]), 1),
    ] {
        let p = position("red", throw, red.clone(), blue);
        assert_eq!(all_moves(&statement, &p), all_moves(&rule, &p), "{red}");
    }
    // With a piece on 7, only it moves: 7 -> 9, not 2 -> 4.
    let p = position("red", 2, json!([7, 2]), json!([10, 11]));
    let steps: Vec<Value> = all_moves(&rule, &p).into_iter().map(|m| m.0).collect();
    assert_eq!(steps, vec![json!([{ "from": 7, "to": 9 }])]);
}

#[test]
fn a_rule_before_each_move_may_hold_other_pieces_than_its_condition_names() {
    // While the other side has a piece on 10, only pieces on 1-4 may move.
    let e = engine("on each move if the other side has pieces on 10: only pieces on 1..4 may move");
    let p = position("red", 2, json!([2, 6]), json!([10, 11]));
    let steps: Vec<Value> = all_moves(&e, &p).into_iter().map(|m| m.0).collect();
    assert_eq!(steps, vec![json!([{ "from": 2, "to": 4 }])]);
    // No piece on 1-4: red cannot move at all (it passes).
    let p = position("red", 2, json!([5, 6]), json!([10, 11]));
    assert!(all_moves(&e, &p).is_empty());
    // Nothing on 10: every piece may move.
    let p = position("red", 2, json!([2, 6]), json!([9, 11]));
    assert_eq!(all_moves(&e, &p).len(), 2);
}

#[test]
fn a_rule_before_each_move_without_a_condition_always_holds_and_keeps_waiting_pieces_out() {
    let e = engine("on each move: only pieces on 1..6 may move");
    // The piece on 7 never moves; a waiting piece does not enter while the rule holds.
    let p = position("red", 1, json!([0, 7]), json!([10, 11]));
    assert!(all_moves(&e, &p).is_empty());
    let p = position("red", 1, json!([3, 7]), json!([10, 11]));
    let steps: Vec<Value> = all_moves(&e, &p).into_iter().map(|m| m.0).collect();
    assert_eq!(steps, vec![json!([{ "from": 3, "to": 4 }])]);
}

#[test]
fn the_way_a_turn_has_moved_is_part_of_a_position_only_where_the_rules_keep_it() {
    // Without `one direction each turn` a position naming the turn's way is refused.
    let plain = engine("backward when no forward move");
    let mut p = position("red", 2, json!([1, 2]), json!([10, 11]));
    p["moved_this_turn"] = json!("forward");
    let refused = parse_position(&plain, &p).unwrap_err().to_string();
    assert!(refused.contains("moved_this_turn"), "{refused}");
    // With it, a turn that has moved backwards moves only backwards: 3 back to 1 and 4 back to
    // 2, though both could go forward.
    let one_way = engine("backward when no forward move\none direction each turn");
    let p = json!({ "to_move": "red", "throw": 2, "pieces": { "red": [3, 4], "blue": [10, 11] },
                    "moved_this_turn": "backward" });
    let steps: Vec<Value> = all_moves(&one_way, &p).into_iter().map(|m| m.0).collect();
    assert_eq!(
        steps,
        vec![
            json!([{ "from": 3, "to": 1 }]),
            json!([{ "from": 4, "to": 2 }])
        ]
    );
}

#[test]
fn a_rule_may_hold_only_for_a_piece_that_entered_or_only_for_one_on_the_board() {
    // Entering with a 2 throws again; moving a piece on the board with a 2 does not.
    let e = engine("on move with 2 if the piece entered: throw again");
    let r = results(&e, &position("red", 2, json!([0, 5]), json!([10, 11])));
    assert_eq!(the_move(&r, 0, 2).1, json!("red"));
    assert_eq!(the_move(&r, 5, 7).1, json!("blue"));
    // The other way round.
    let e = engine("on move with 2 if the piece was on the board: throw again");
    let r = results(&e, &position("red", 2, json!([0, 5]), json!([10, 11])));
    assert_eq!(the_move(&r, 0, 2).1, json!("blue"));
    assert_eq!(the_move(&r, 5, 7).1, json!("red"));
}
