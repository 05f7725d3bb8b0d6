//! Rule files at the edges of what the language allows. Each case once made the engine wrap,
//! truncate or panic on a file the checker accepted:
//! - a split-turn total was a byte: a Finkel total of 250 offered moves such as 30 -> 23, and
//!   totals past 64 indexed past the table of landings (a panic in `play` and `sim`);
//! - a move held at most seven steps, so a split that had to move ten pieces stopped after seven;
//! - square effects were followed for at most eight hops;
//! - the heuristic shifted a 64-bit set by 64 for a piece at position 64 with `protect pairs`;
//! - `senet moves` listed any split total, and one of 40 among seven free pieces took gigabytes.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senet::agents::by_name;
use senet::check::{check_target, check_text};
use senet::compile::compile;
use senet::engine::game::{Player, play};
use senet::engine::{Engine, Listing};
use senet::notation::position::{moves_json, parse_position};
use senet::types::{Place, Side, Throw};
use serde_json::{Value, json};

fn engine(text: &str) -> Engine {
    let rules = check_text("test.rules", text, None, &[]).unwrap_or_else(|d| {
        let shown: Vec<String> = d.iter().map(|d| d.render(false, Some(100))).collect();
        panic!("the test rules do not check:\n{}", shown.join("\n"))
    });
    Engine::new(compile(&rules))
}

fn bundled(id: &str) -> Engine {
    Engine::new(compile(
        &check_target(id, &[]).expect("a bundled rule set checks"),
    ))
}

/// The answer of `senet moves` for a position.
fn moves(engine: &Engine, position: Value) -> Vec<Value> {
    let answer = moves_json(engine, &position, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{position} is refused: {e}"));
    answer["moves"].as_array().expect("a list of moves").clone()
}

#[test]
fn a_split_total_of_250_moves_pieces_forward_within_the_path() {
    let finkel = bundled("senet/finkel");
    let off = json!("off");
    let position = json!({ "to_move": "red", "throw": 250, "pieces": {
        "red": [26, 28, off, off, off, off, off], "blue": [2, 4, 6, 8, 10, 12, 14] } });
    let list = moves(&finkel, position);
    // Once 26 -> 27 with 28 -> 21, and 26 -> 20: a total that wrapped round a byte. The most
    // that can be used is 5 + 3, both pieces bearing off.
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(
        list[0]["steps"],
        json!([{ "from": 26, "to": "off" }, { "from": 28, "to": "off" }])
    );
    assert_eq!(list[0]["result"]["outcome"]["winner"], "red");
}

/// Throws again on everything but five (one throw in sixteen): totals often pass 64.
const LONG_TURNS: &str = "
ruleset \"test/long-turns\"
board 1 x 30
path 1..30
sides red, blue
pieces 2 each
start red on 1, 3; blue on 2, 4
throw 4 sticks: 0 -> 5, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4
turn throw again on 1, 2, 3, 4 then split
capture swap
bear off exact
win first to bear off all
";

#[test]
fn split_totals_past_64_play_to_the_end() {
    let engine = engine(LONG_TURNS);
    let mut biggest = Throw::ZERO;
    for seed in 0..40 {
        let mut a = by_name("random", seed).unwrap();
        let mut b = by_name("greedy", seed).unwrap();
        let mut players: [&mut dyn Player; 2] = [a.as_mut(), b.as_mut()];
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        play(&engine, &mut players, &mut rng, 500, |e| {
            if let senet::engine::game::GameEvent::Move { throw, .. } = e {
                biggest = biggest.max(*throw);
            }
        });
    }
    assert!(biggest > Throw::new(64), "no total past 64 was played");
}

#[test]
fn a_split_moves_as_many_pieces_as_the_total_needs() {
    // No move may pass over any square: each piece moves one, and ten pieces share a total of
    // ten. The move once stopped after seven steps.
    let engine = engine(
        "
ruleset \"test/ten-steps\"
board 1 x 30
path 1..30
sides red, blue
pieces 10 each
start alternating from 1
throw 4 sticks: 0 -> 5, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4
turn throw again on 1, 4, 5 then split
stop on 1..30
bear off exact
win first to bear off all
",
    );
    let off = json!("off");
    let position = json!({ "to_move": "red", "throw": 10, "pieces": {
        "red": [1, 3, 5, 7, 9, 11, 13, 15, 17, 19],
        "blue": [30, off, off, off, off, off, off, off, off, off] } });
    let list = moves(&engine, position);
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["steps"].as_array().unwrap().len(), 10);
    assert_eq!(
        list[0]["result"]["pieces"]["red"],
        json!([2, 4, 6, 8, 10, 12, 14, 16, 18, 20])
    );
}

#[test]
fn square_effects_are_followed_to_the_end_of_the_chain() {
    let mut text = String::from(
        "
ruleset \"test/long-chain\"
board 1 x 30
path 1..30
sides red, blue
pieces 1 each
start red on 1; blue on 30
throw die 12
bear off exact
win first to bear off all
",
    );
    for square in 12..22 {
        text.push_str(&format!("square {square}: go to {}\n", square + 1));
    }
    let engine = engine(&text);
    let position = json!({ "to_move": "red", "throw": 11, "pieces": { "red": [1], "blue": [30] } });
    let list = moves(&engine, position.clone());
    assert_eq!(list.len(), 1);
    // Once it stopped on 20, eight hops from 12.
    assert_eq!(list[0]["result"]["pieces"]["red"], json!([22]));
    // The engine's report tells each hop.
    let (pos, throw) = parse_position(&engine, &position).unwrap();
    let mut buf = Vec::new();
    assert_eq!(
        engine.legal_moves(&pos, throw.unwrap(), &mut buf),
        Listing::Whole
    );
    let (_, report) = engine.apply(&pos, &buf[0], throw.unwrap());
    let step = report.steps()[0];
    assert_eq!(step.effects(), 10);
    assert_eq!(
        (step.landed(), step.rest()),
        (
            Place::On(senet::types::PathPos::new(12).unwrap()),
            Place::On(senet::types::PathPos::new(22).unwrap())
        )
    );
}

#[test]
fn the_heuristic_values_a_piece_on_the_64th_square() {
    // Pieces at the very end of a 64-square path, with pair protection: the heuristic once
    // shifted its sets by 64 there.
    let engine = engine(
        "
ruleset \"test/long-path\"
board 8 x 8 snake
path 1..64
sides red, blue
pieces 3 each
start red on 60, 62, 64; blue on 59, 61, 63
throw 4 sticks: 0 -> 5, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4
capture swap
protect pairs
bear off exact
win first to bear off all
",
    );
    let pos = engine.start();
    for side in Side::BOTH {
        let value = senet::agents::Heuristic::new(&engine).evaluate(&engine, &pos, side);
        assert!(value.is_finite());
    }
    for name in ["greedy", "expectimax:2"] {
        let mut agent = by_name(name, 1).unwrap();
        let mut buf = Vec::new();
        assert_eq!(
            engine.legal_moves(&pos, Throw::from(1), &mut buf),
            Listing::Whole
        );
        assert!(!buf.is_empty());
        let choice = agent.choose(&engine, &pos, Throw::from(1), &buf);
        assert!(choice < buf.len());
    }
}

/// A forced opening move of the side that does not move first is made at that side's first
/// turn, without a throw. (The game once entered its opening phase only at the start: the side
/// threw first, and with `then throw again` the turn machine had no transition for the move.)
#[test]
fn a_forced_opening_of_the_second_side_needs_no_throw() {
    let engine = engine(
        "
ruleset \"test/second-opens\"
board 1 x 6
path 1..6
sides a, b
pieces 1 each
start a on 1; b on 3
throw die 2
opening b: front piece moves 1 then throw again
bear off exact
win first to bear off all
",
    );
    for seed in 0..20 {
        let mut events = Vec::new();
        let mut x = by_name("random", seed).unwrap();
        let mut y = by_name("random", seed + 1).unwrap();
        let mut players: [&mut dyn Player; 2] = [x.as_mut(), y.as_mut()];
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        play(&engine, &mut players, &mut rng, 200, |e| events.push(*e));
        use senet::engine::game::GameEvent as E;
        // b's first event is its forced move (4 is position 4), made with no throw.
        let first_of_b = events.iter().find(|e| match e {
            E::Throw { side, .. } | E::Move { side, .. } | E::Pass { side, .. } => {
                *side == Side::Second
            }
            _ => false,
        });
        match first_of_b {
            Some(E::Move { throw, mv, .. }) => {
                assert_eq!(*throw, Throw::ZERO, "seed {seed}");
                let step = mv.steps()[0];
                assert_eq!(
                    step.from(),
                    Place::On(senet::types::PathPos::new(3).unwrap())
                );
                assert_eq!(step.to(), Place::On(senet::types::PathPos::new(4).unwrap()));
            }
            // a may win before b ever moves.
            None => {}
            other => panic!("seed {seed}: b begins with {other:?}"),
        }
    }
}

/// A piece captured to a square never goes to the square its capturer is landing on: with a
/// fallback it goes to the first free square the fallback finds; without one there is no such
/// capture. (The landing square once looked free, and both pieces stood on it.)
#[test]
fn a_capture_never_sends_a_piece_to_the_square_its_capturer_lands_on() {
    let rules = |capture: &str| {
        engine(&format!(
            "
ruleset \"test/capture-to\"
board 1 x 4
path 1..4
sides a, b
pieces 1 each
start a on 1; b on 2
throw 1 sticks: 0 -> 1, 1 -> 1
capture {capture}
bear off exact
win first to bear off all
"
        ))
    };
    let position = json!({ "to_move": "a", "throw": 1, "pieces": { "a": [1], "b": [2] } });
    // `to 2`: the captured piece would go where its capturer lands, so there is no capture.
    assert!(moves(&rules("to 2"), position.clone()).is_empty());
    for (capture, b) in [
        ("to first free after 2", json!([3])),
        ("to first free before 2", json!([1])),
    ] {
        let list = moves(&rules(capture), position.clone());
        assert_eq!(list.len(), 1, "{capture}");
        let result = &list[0]["result"]["pieces"];
        assert_eq!(result["a"], json!([2]), "{capture}");
        assert_eq!(result["b"], b, "{capture}");
    }
}

#[test]
fn the_ways_to_share_a_total_are_counted_by_hand() {
    let finkel = bundled("senet/finkel");
    let off = json!("off");
    let (pos, _) = parse_position(
        &finkel,
        &json!({ "to_move": "red", "throw": 3, "pieces": {
            "red": [1, 3, off, off, off, off, off], "blue": [2, 4, 6, 8, 10, 12, 14] } }),
    )
    .expect("a position");
    // Two pieces, a total of 3: nothing (1 way), 1 (2 ways: either piece), 2 (2 + 0, 0 + 2,
    // 1 + 1), 3 (3 + 0, 0 + 3, 1 + 2, 2 + 1): 10 ways.
    assert_eq!(finkel.split_ways(&pos, Throw::new(3)), 10);
    // A step covers at most the path and one more square (31 here): two pieces share 250 in
    // 32 x 32 ways (each moving 0 to 31).
    assert_eq!(finkel.split_ways(&pos, Throw::new(250)), 32 * 32);
}

#[test]
fn a_total_with_too_many_ways_to_share_is_refused_at_once() {
    let finkel = bundled("senet/finkel");
    let position = |total: u16| {
        json!({ "to_move": "red", "throw": total, "pieces": {
            "red": [1, 3, 5, 7, 9, 11, 13], "blue": [2, 4, 6, 8, 10, 12, 14] } })
    };
    // Seven free pieces and a total of 255: once minutes and gigabytes, now a refusal that
    // says why.
    let e = moves_json(&finkel, &position(255), &mut Vec::new())
        .expect_err("refused")
        .to_string();
    assert!(e.contains("can be shared among these pieces in"), "{e}");
    assert!(e.contains("more than the 10000000"), "{e}");
    // A total with fewer ways is listed: 5 among seven pieces, each landing on a free square.
    assert!(!moves(&finkel, position(5)).is_empty());
}
