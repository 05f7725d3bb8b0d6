//! Event rules about the turn: `lose next turn`, `end turn`, `may throw again` and `may end turn`
//! after a move, and conditions
//! (`if its side has [no] pieces on SET`, `if the other side has [no] pieces on SET`). Each case
//! is worked out by hand from the rule's words on a row of 12 squares, one path, two pieces a
//! side, a die of 4.

use crate::support::row;

use row::engine_of;
use senet::engine::game::{Action, Game, GameEvent};
use senet::engine::{Engine, Way};
use senet::notation::position::moves_json;
use senet::types::{Side, Throw};
use serde_json::{Value, json};

/// A 1 x 12 board, pieces on the board from the start, a die of 4, capture to waiting; `extra`
/// lines are added at the end.
fn engine(extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/turn-rules\"
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
    engine_of("turn-rules.rules", &text)
}

/// Red to move with `throw`, red and blue on these squares.
fn red_to_move(throw: u32, red: Value, blue: Value) -> Value {
    json!({ "to_move": "red", "throw": throw, "pieces": { "red": red, "blue": blue } })
}

/// The result of the single-step move `from` -> `to`, which must be legal.
fn result_of(engine: &Engine, position: &Value, from: u32, to: u32) -> Value {
    let answer = moves_json(engine, position, &mut Vec::new()).expect("a valid position");
    answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["steps"] == json!([{ "from": from, "to": to }]))
        .unwrap_or_else(|| panic!("no move {from} -> {to} in {answer}"))["result"]
        .clone()
}

/// Gives `throws` to the side to throw, each when the game asks for one; the game then waits
/// for a choice.
fn throw_until_choice(game: &mut Game, throws: &[u8]) {
    for &t in throws {
        assert!(matches!(game.next_action(), Action::Throw { .. }), "{t}");
        game.give_throw(t);
    }
    assert!(matches!(game.next_action(), Action::Choose { .. }));
}

/// Plays the legal move that plays `throw` (its own throw in a turn that plays each throw, else
/// the turn's) and lands on `to`.
fn play_to(game: &mut Game, throw: u16, to: &str) {
    let i = (0..game.moves().len())
        .find(|&i| {
            game.throw_of(i) == Throw::new(throw)
                && game.moves()[i].steps()[0].to().to_string() == to
        })
        .unwrap_or_else(|| panic!("no move to {to} with {throw}"));
    game.choose(i);
}

#[test]
fn landing_on_a_square_loses_the_next_turn() {
    let e = engine("on landing on 8: lose next turn");
    let pos = red_to_move(4, json!([4, 2]), json!([10, 11]));
    // 4 -> 8 lands on 8: red will lose its next turn.
    let landed = result_of(&e, &pos, 4, 8);
    assert_eq!(landed["loses_turn"], json!(["red"]));
    assert_eq!(landed["to_move"], json!("blue"));
    // 2 -> 6 does not.
    assert_eq!(result_of(&e, &pos, 2, 6).get("loses_turn"), None);
}

#[test]
fn a_lost_turn_passes_without_a_throw() {
    let e = engine("on landing on 4: lose next turn");
    let mut game = Game::new(&e, 100);
    game.keep_events = true;
    // Red (1, 2) throws 3: it plays 1 -> 4 (2 -> 5, hitting blue, is the other move).
    assert_eq!(game.pos.to_move(), Side::First);
    throw_until_choice(&mut game, &[3]);
    play_to(&mut game, 3, "4");
    assert!(game.pos.loses_turn(Side::First));
    // Blue throws 1 and moves; then red's turn is lost: blue throws again.
    assert!(matches!(
        game.next_action(),
        Action::Throw { side: Side::Second }
    ));
    game.give_throw(1);
    if matches!(game.next_action(), Action::Choose { .. }) {
        game.choose(0);
    }
    game.events.clear();
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
        "{:?}",
        game.events
    );
    assert!(!game.pos.loses_turn(Side::First));
}

#[test]
fn ending_the_turn_takes_away_the_extra_throw_of_the_move() {
    let e = engine("extra throw after 4\non landing on 8: end turn");
    let pos = red_to_move(4, json!([4, 2]), json!([10, 11]));
    // A 4 throws again, but not when it lands on 8.
    assert_eq!(result_of(&e, &pos, 4, 8)["to_move"], json!("blue"));
    assert_eq!(result_of(&e, &pos, 2, 6)["to_move"], json!("red"));
}

#[test]
fn ending_the_turn_loses_the_throws_not_yet_played() {
    let e = engine(
        "turn throw again on 4 then move each throw\nextra throw after none\non landing on 5: end turn",
    );
    let mut game = Game::new(&e, 100);
    // Red (1, 2; blue on 5, 6) throws 4 (again), then 3: it holds 4 and 3.
    throw_until_choice(&mut game, &[4, 3]);
    assert_eq!(game.pool(), [Throw::new(4), Throw::new(3)]);
    // 1 -> 5 with the 4 hits blue there and lands on 5: the turn ends, the 3 is lost.
    play_to(&mut game, 4, "5");
    assert!(game.pool().is_empty());
    assert!(matches!(
        game.next_action(),
        Action::Throw { side: Side::Second }
    ));
}

#[test]
fn a_throw_again_that_waits_on_the_other_side() {
    let e = engine("on landing on 8 if the other side has no pieces on 10..12: throw again");
    // Blue has pieces on 10 and 11: no extra throw.
    let guarded = red_to_move(4, json!([4, 2]), json!([10, 11]));
    assert_eq!(result_of(&e, &guarded, 4, 8)["to_move"], json!("blue"));
    // Blue on 7 and 9: none on 10-12, so landing on 8 throws again; 2 -> 6 lands elsewhere.
    let open = red_to_move(4, json!([4, 2]), json!([7, 9]));
    assert_eq!(result_of(&e, &open, 4, 8)["to_move"], json!("red"));
    assert_eq!(result_of(&e, &open, 2, 6)["to_move"], json!("blue"));
}

#[test]
fn a_condition_is_judged_after_the_move() {
    // "Its side has no pieces on 4": the piece that leaves 4 no longer counts.
    let e = engine("on landing on 8 if its side has no pieces on 4: throw again");
    let pos = red_to_move(4, json!([4, 2]), json!([10, 11]));
    assert_eq!(result_of(&e, &pos, 4, 8)["to_move"], json!("red"));
    // With another red piece on 4, landing on 8 (from 5) does not throw again.
    let held = red_to_move(3, json!([4, 5]), json!([10, 11]));
    assert_eq!(result_of(&e, &held, 5, 8)["to_move"], json!("blue"));
    // And a capture counts too: the other side's piece hit on 8 is no longer there.
    let e = engine("on landing on 8 if the other side has pieces on 8: lose next turn");
    let hit = red_to_move(4, json!([4, 2]), json!([8, 11]));
    assert_eq!(result_of(&e, &hit, 4, 8).get("loses_turn"), None);
}

#[test]
fn its_side_has_pieces_on_a_set() {
    let e = engine("on landing on 8 if its side has pieces on 1..3: lose next turn");
    // Red 4 -> 8 with a piece left on 2: the turn to come is lost.
    let behind = red_to_move(4, json!([4, 2]), json!([10, 11]));
    assert_eq!(result_of(&e, &behind, 4, 8)["loses_turn"], json!(["red"]));
    // Red 4 -> 8 with the other piece on 5: nothing on 1-3.
    let ahead = red_to_move(4, json!([4, 5]), json!([10, 11]));
    assert_eq!(result_of(&e, &ahead, 4, 8).get("loses_turn"), None);
}

#[test]
fn a_capture_a_move_with_a_throw_and_entering_may_cost_the_next_turn() {
    // A capture: red 2 -> 5 hits blue; 1 -> 4 hits nothing.
    let e = engine("on capture: lose next turn");
    let pos = red_to_move(3, json!([1, 2]), json!([5, 6]));
    assert_eq!(result_of(&e, &pos, 2, 5)["loses_turn"], json!(["red"]));
    assert_eq!(result_of(&e, &pos, 1, 4).get("loses_turn"), None);
    // A move with a 3 (any piece).
    let e = engine("on move with 3: lose next turn");
    assert_eq!(result_of(&e, &pos, 1, 4)["loses_turn"], json!(["red"]));
    let two = red_to_move(2, json!([1, 2]), json!([5, 6]));
    assert_eq!(result_of(&e, &two, 2, 4).get("loses_turn"), None);
    // Entering: red's piece hit earlier waits; entering with a 3 puts it on 3.
    let e = engine("on entering: lose next turn");
    let waiting = red_to_move(3, json!([0, 2]), json!([9, 10]));
    assert_eq!(result_of(&e, &waiting, 0, 3)["loses_turn"], json!(["red"]));
    assert_eq!(result_of(&e, &waiting, 2, 5).get("loses_turn"), None);
}

#[test]
fn a_condition_on_positions_looks_along_each_sides_own_path() {
    // Blue runs the row the other way: its position 1 is square 12.
    let text = "ruleset \"test/turn-rules-positions\"
board 1 x 12
path red: 1..12
path blue: 12..1
sides red, blue
pieces 1 each
start red on 1; blue on 12
throw die 4
capture to waiting
enter onto throw
bear off exact
win first to bear off all
on landing on 5 if the other side has pieces on positions 1..2: throw again
";
    let e = engine_of("positions.rules", text);
    // Blue stands on square 12, its position 1: red landing on 5 throws again.
    let home = json!({"to_move": "red", "throw": 4, "pieces": {"red": [1], "blue": [1]}});
    assert_eq!(result_of(&e, &home, 1, 5)["to_move"], json!("red"));
    // Blue on square 10, its position 3: no extra throw.
    let away = json!({"to_move": "red", "throw": 4, "pieces": {"red": [1], "blue": [3]}});
    assert_eq!(result_of(&e, &away, 1, 5)["to_move"], json!("blue"));
}

#[test]
fn explain_says_what_a_condition_does() {
    let rules = senet::check::check_text(
        "explain.rules",
        "ruleset \"test/explain\"\nextends \"senet/kendall\"\non landing on 26 if the other side has no pieces on 28..30: throw again\non landing on 27: lose next turn, end turn\non move with 5: may end turn\n",
        None,
        &[],
    )
    .unwrap_or_else(|d| panic!("{d:?}"));
    let text = |key: &str| {
        rules
            .rules
            .iter()
            .find(|r| r.key.to_string() == key)
            .unwrap_or_else(|| panic!("no rule `{key}`"))
            .text
            .clone()
    };
    assert_eq!(
        text("on landing on 26 if the other side has no pieces on 28..30"),
        "When a move ends on square 26 while the other side has no piece on squares 28-30, the side throws again."
    );
    assert_eq!(
        text("on landing on 27"),
        "When a move ends on square 27, the side loses its next turn and the side's turn ends (throws not yet played are lost)."
    );
    assert_eq!(
        text("on move with 5"),
        "After a move with a throw of 5, the player may end the turn there (throws not yet played and any extra throw are lost) or go on."
    );
}

#[test]
fn an_extra_throw_in_a_turn_that_plays_each_throw_keeps_the_throws_left() {
    let e = engine(
        "turn throw again on 4 then move each throw\nextra throw after none\nextra throw on 5",
    );
    let mut game = Game::new(&e, 100);
    // Red (1, 2; blue on 5, 6) throws 4 (again), then 3: it holds 4 and 3.
    throw_until_choice(&mut game, &[4, 3]);
    // 1 -> 5 with the 4 lands on 5, which gives another throw: red throws again, the 3 kept.
    play_to(&mut game, 4, "5");
    assert!(matches!(
        game.next_action(),
        Action::Throw { side: Side::First }
    ));
    assert_eq!(game.pool(), [Throw::new(3)]);
    game.give_throw(2);
    assert!(matches!(game.next_action(), Action::Choose { .. }));
    assert_eq!(game.pool(), [Throw::new(3), Throw::new(2)]);
}

#[test]
fn a_turn_that_plays_each_throw_keeps_the_way_it_has_moved_between_its_throws() {
    let e = engine(
        "turn throw again on 4 then move each throw\nextra throw after none\n\
         backward when no forward move\none direction each turn",
    );
    let mut game = Game::new(&e, 100);
    // Red (1, 2; blue on 5, 6) throws 4 (again), then 3, and plays the 3 first: 1 -> 4.
    throw_until_choice(&mut game, &[4, 3]);
    play_to(&mut game, 3, "4");
    // The 4 is still to play, in the same turn, which has moved forward.
    assert_eq!(game.pool(), [Throw::new(4)]);
    assert_eq!(game.pos.moved_this_turn(), Some(Way::Forward));
}

// ---- `may throw again` ---------------------------------------------------------------------------

/// Each legal move of `position` as (from, to, side to move after it, declines the throw).
fn moves_and_turns(engine: &Engine, position: &Value) -> Vec<(u64, u64, String, bool)> {
    let answer = moves_json(engine, position, &mut Vec::new()).expect("a valid position");
    let mut list: Vec<_> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["steps"][0]["from"].as_u64().unwrap(),
                m["steps"][0]["to"].as_u64().unwrap(),
                m["result"]["to_move"].as_str().unwrap().to_string(),
                m.get("declines_throw") == Some(&json!(true)),
            )
        })
        .collect();
    list.sort();
    list
}

fn turn(from: u64, to: u64, next: &str, declines: bool) -> (u64, u64, String, bool) {
    (from, to, next.to_string(), declines)
}

#[test]
fn a_move_that_may_throw_again_comes_twice() {
    let e = engine("on landing on 8: may throw again");
    let pos = red_to_move(4, json!([4, 2]), json!([10, 11]));
    // 4 -> 8 lands on 8: red throws again, or declines and blue throws; 2 -> 6 gives nothing.
    assert_eq!(
        moves_and_turns(&e, &pos),
        [
            turn(2, 6, "blue", false),
            turn(4, 8, "blue", true),
            turn(4, 8, "red", false),
        ]
    );
}

#[test]
fn a_forced_extra_throw_or_an_ended_turn_leaves_nothing_to_decline() {
    // Landing on 8 throws again by another rule anyway: the move comes once.
    let forced = engine("extra throw on 8\non landing on 8: may throw again");
    let pos = red_to_move(4, json!([4, 2]), json!([10, 11]));
    assert_eq!(
        moves_and_turns(&forced, &pos),
        [turn(2, 6, "blue", false), turn(4, 8, "red", false)]
    );
    // A capture on 8 ends the turn, so the offer after landing there is void; without a capture
    // it stands.
    let ended = engine("on landing on 8: may throw again\non capture: end turn");
    let hit = red_to_move(4, json!([4, 2]), json!([8, 11]));
    assert_eq!(
        moves_and_turns(&ended, &hit),
        [turn(2, 6, "blue", false), turn(4, 8, "blue", false)]
    );
    let empty = red_to_move(4, json!([4, 2]), json!([9, 11]));
    assert_eq!(
        moves_and_turns(&ended, &empty),
        [
            turn(2, 6, "blue", false),
            turn(4, 8, "blue", true),
            turn(4, 8, "red", false)
        ]
    );
}

#[test]
fn may_throw_again_after_a_capture_a_throw_or_entering_and_with_a_condition() {
    // A capture may throw again: 2 -> 6 hits blue on 6.
    let capture = engine("on capture: may throw again");
    let pos = red_to_move(4, json!([4, 2]), json!([6, 11]));
    assert_eq!(
        moves_and_turns(&capture, &pos),
        [
            turn(2, 6, "blue", true),
            turn(2, 6, "red", false),
            turn(4, 8, "blue", false),
        ]
    );
    // A move with a 3 may throw again, but only while blue has no piece on 10..12.
    let by_throw =
        engine("on move with 3 if the other side has no pieces on 10..12: may throw again");
    let guarded = red_to_move(3, json!([4, 2]), json!([9, 11]));
    assert_eq!(
        moves_and_turns(&by_throw, &guarded),
        [turn(2, 5, "blue", false), turn(4, 7, "blue", false)]
    );
    let open = red_to_move(3, json!([4, 2]), json!([6, 9]));
    assert_eq!(
        moves_and_turns(&by_throw, &open),
        [
            turn(2, 5, "blue", true),
            turn(2, 5, "red", false),
            turn(4, 7, "blue", true),
            turn(4, 7, "red", false),
        ]
    );
    // Entering may throw again: red has a piece waiting (`enter onto throw`: a 3 enters on 3).
    let entering = engine("on entering: may throw again");
    let waiting = red_to_move(3, json!(["waiting", 4]), json!([10, 11]));
    assert_eq!(
        moves_and_turns(&entering, &waiting),
        [
            turn(0, 3, "blue", true),
            turn(0, 3, "red", false),
            turn(4, 7, "blue", false),
        ]
    );
}

/// A game of `rules` where red (1, 2; blue on 5, 6) has thrown 3 and played 1 -> 4, and blue has
/// thrown 2: blue's moves are 5 -> 7 and 6 -> 8.
fn blue_to_choose_with_a_2(e: &Engine) -> Game<'_> {
    let mut game = Game::new(e, 100);
    throw_until_choice(&mut game, &[3]);
    play_to(&mut game, 3, "4");
    throw_until_choice(&mut game, &[2]);
    game
}

/// The legal move of `game` landing on `to` that declines the throw or not.
fn landing_on(game: &Game, to: &str, declines: bool) -> usize {
    (0..game.moves().len())
        .find(|&i| {
            let m = &game.moves()[i];
            m.steps()[0].to().to_string() == to && m.declines_throw() == declines
        })
        .unwrap_or_else(|| panic!("no move to {to} (declines {declines}): {:?}", game.moves()))
}

#[test]
fn a_declined_throw_passes_the_turn_in_a_game() {
    let e = engine("on landing on 8: may throw again");
    // Blue's 6 -> 8 may throw again: declined, red throws next; taken, blue throws again.
    for (declines, next) in [(true, Side::First), (false, Side::Second)] {
        let mut game = blue_to_choose_with_a_2(&e);
        game.choose(landing_on(&game, "8", declines));
        assert!(
            matches!(game.next_action(), Action::Throw { side } if side == next),
            "declines {declines}"
        );
    }
}

// ---- `may end turn` ------------------------------------------------------------------------------

/// Each legal move of `position` as (from, to, side to move after it, ends the turn).
fn moves_and_endings(engine: &Engine, position: &Value) -> Vec<(u64, u64, String, bool)> {
    let answer = moves_json(engine, position, &mut Vec::new()).expect("a valid position");
    let mut list: Vec<_> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["steps"][0]["from"].as_u64().unwrap(),
                m["steps"][0]["to"].as_u64().unwrap(),
                m["result"]["to_move"].as_str().unwrap().to_string(),
                m.get("ends_turn") == Some(&json!(true)),
            )
        })
        .collect();
    list.sort();
    list
}

#[test]
fn a_turn_the_player_may_end_gives_up_the_extra_throw() {
    // A 4 throws again; landing on 8, the player may end the turn instead.
    let e = engine("extra throw after 4\non landing on 8: may end turn");
    let pos = red_to_move(4, json!([4, 2]), json!([10, 11]));
    assert_eq!(
        moves_and_endings(&e, &pos),
        [
            turn(2, 6, "red", false),
            turn(4, 8, "blue", true),
            turn(4, 8, "red", false),
        ]
    );
    // With a 3 nothing throws again: ending the turn loses nothing, and the move comes once.
    let three = red_to_move(3, json!([5, 1]), json!([10, 11]));
    assert_eq!(
        moves_and_endings(&e, &three),
        [turn(1, 4, "blue", false), turn(5, 8, "blue", false)]
    );
}

#[test]
fn ending_the_turn_where_the_throw_may_be_declined_is_declining_it() {
    // Both choices on 8: declining the throw already ends the turn, so no third form.
    let e = engine("on landing on 8: may throw again, may end turn");
    let pos = red_to_move(4, json!([4, 2]), json!([10, 11]));
    assert_eq!(
        moves_and_turns(&e, &pos),
        [
            turn(2, 6, "blue", false),
            turn(4, 8, "blue", true),
            turn(4, 8, "red", false),
        ]
    );
    assert!(moves_and_endings(&e, &pos).iter().all(|m| !m.3));
}

#[test]
fn a_turn_that_plays_each_throw_may_end_before_its_throws_are_played() {
    let e = engine(
        "turn throw again on 4 then move each throw\nextra throw after none\non landing on 4: may end turn",
    );
    // Red (1, 2; blue on 5, 6) throws 4 (again), then 3, and plays the 3 first: 1 -> 4 lands
    // on 4 with the 4 still in hand, so the move comes twice.
    for ends in [true, false] {
        let mut game = Game::new(&e, 100);
        throw_until_choice(&mut game, &[4, 3]);
        let to_4: Vec<usize> = (0..game.moves().len())
            .filter(|&i| game.moves()[i].steps()[0].to().to_string() == "4")
            .collect();
        assert_eq!(to_4.len(), 2, "{:?}", game.moves());
        let i = *to_4
            .iter()
            .find(|&&i| game.moves()[i].ends_turn() == ends)
            .unwrap();
        game.choose(i);
        if ends {
            // The 4 is lost: blue throws.
            assert!(game.pool().is_empty());
            assert!(matches!(
                game.next_action(),
                Action::Throw { side: Side::Second }
            ));
        } else {
            // Red goes on with its 4.
            assert_eq!(game.pool(), [Throw::new(4)]);
            assert!(matches!(
                game.next_action(),
                Action::Choose { side: Side::First }
            ));
        }
    }
    // Played last, the 3 that lands on 4 leaves nothing to give up: the move comes once.
    let mut game = Game::new(&e, 100);
    throw_until_choice(&mut game, &[4, 3]);
    play_to(&mut game, 4, "6");
    assert!(matches!(game.next_action(), Action::Choose { .. }));
    let moves: Vec<(String, String, bool)> = game
        .moves()
        .iter()
        .map(|m| {
            let s = m.steps()[0];
            (s.from().to_string(), s.to().to_string(), m.ends_turn())
        })
        .collect();
    assert_eq!(
        moves,
        [
            ("1".to_string(), "4".to_string(), false),
            ("6".to_string(), "9".to_string(), false)
        ]
    );
}
