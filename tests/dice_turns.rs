//! Turns of dice played one by one that give another turn (`extra turn when all dice are
//! equal`, Pareia de Entrada: "When all of the dice present the same number, the player receives
//! another turn"): after a move, and after a pass, with dice as the game throws them.

use senet::engine::game::{Action, Game};
use senet::engine::{Engine, Listing};
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

fn bundled(id: &str) -> Engine {
    Engine::new(senet::compile::compile(
        &senet::check::check_target(id, &[]).expect("bundled"),
    ))
}

/// The throw in hand in words, short and long, as it is played in the game's position.
fn words(e: &Engine, game: &Game) -> (String, String) {
    let code = u8::try_from(e.pool_code(&game.pos, game.total).get()).unwrap();
    (
        senet::render::game::throw_text(e, code, false),
        senet::render::game::throw_text(e, code, true),
    )
}

/// The dice of the game's board picture (`senet draw`, the page) with the throw in hand: the
/// faces of the dice thrown, those of the dice beneath that may follow, and the words beside.
fn dice_drawn(e: &Engine, game: &Game) -> (Vec<u8>, Vec<u8>, String) {
    use senet::render::svg::{Drawing, Shown, svg};
    let picture = svg(
        e,
        &Drawing {
            position: &game.pos,
            throw: Shown::Thrown(game.total),
            paths: false,
            narrow: false,
        },
    );
    let doc = roxmltree::Document::parse(&picture).unwrap();
    let faces = |class: &str| -> Vec<u8> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .map(|n| n.attribute("data-face").unwrap().parse().unwrap())
            .collect()
    };
    let throw = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("throw"))
        .unwrap();
    let words = throw
        .children()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .next_back()
        .unwrap()
        .to_string();
    (faces("die"), faces("die beneath"), words)
}

/// The dice each legal move of the game plays, longest first, as counts of steps.
fn step_counts(game: &Game) -> Vec<usize> {
    let mut counts: Vec<usize> = game.moves().iter().map(|m| m.steps().len()).collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    counts.dedup();
    counts
}

#[test]
fn a_sides_first_double_is_played_once_and_its_later_ones_twice_with_another_turn() {
    // Lange Puff: "The first double throw is only played once, but every subsequent double
    // throw is played twice [...] an extra throw is granted for the second and subsequent
    // throws of doubles".
    let e = bundled("tables/lange-puff");
    let mut game = Game::new(&e, 100);
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    game.give_throw(code(&e, &[1, 1]));
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
    // Two 1s, then up to two 6s (the faces beneath).
    assert_eq!(step_counts(&game), [4, 3, 2]);
    assert_eq!(
        words(&e, &game),
        ("1-1".into(), "dice: 1 and 1, then up to two 6s".into())
    );
    // Drawn as it is played: the two 1s, then two 6s outlined (they may follow).
    assert_eq!(
        dice_drawn(&e, &game),
        (vec![1, 1], vec![6, 6], "1-1, then up to".into())
    );
    game.choose(0);
    assert!(game.pos.doubled(Side::First) && !game.pos.doubled(Side::Second));
    // No extra turn for a first double.
    assert_eq!(game.next_action(), Action::Throw { side: Side::Second });
    game.give_throw(code(&e, &[2, 1]));
    assert_eq!(game.next_action(), Action::Choose { side: Side::Second });
    game.choose(0);
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    game.give_throw(code(&e, &[1, 1]));
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
    // Four 1s, then up to four 6s.
    assert_eq!(step_counts(&game), [8, 7, 6, 5, 4]);
    assert_eq!(
        words(&e, &game),
        (
            "1-1".into(),
            "dice: 1 and 1, played four times, then up to four 6s".into()
        )
    );
    assert_eq!(
        dice_drawn(&e, &game),
        (
            vec![1, 1],
            vec![6, 6, 6, 6],
            "1-1, played 4 times, then up to".into()
        )
    );
    game.choose(0);
    // Another throw after a later double.
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
}

#[test]
fn a_double_listed_is_played_a_run_at_a_time_by_the_same_side() {
    // Piprjall: "A throw of double fives forces the player to play five twice and then six
    // twice".
    let e = bundled("tables/piprjall");
    let mut game = Game::new(&e, 100);
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    game.give_throw(code(&e, &[5, 5]));
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
    assert!(game.moves().iter().all(|m| m.steps().len() == 2));
    game.choose(0);
    // The sixes come without a throw: the same side chooses again.
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
    assert_eq!(
        game.pos.passed_dice(&e.rules),
        [6, 6],
        "the rest of the double"
    );
    let sixes = game.moves()[0].steps();
    assert!(sixes.iter().all(|s| {
        let (Some(from), Some(to)) = (s.from().on_path(), s.to().on_path()) else {
            return false;
        };
        to.get() - from.get() == 6
    }));
    game.choose(0);
    assert_eq!(game.next_action(), Action::Throw { side: Side::Second });
}

#[test]
fn a_person_may_end_a_turn_among_the_faces_beneath_a_double() {
    let e = bundled("tables/lange-puff");
    let (pos, throw) = parse_position(
        &e,
        &json!({ "to_move": "white", "throw": [2, 2, 2, 2, 5, 5, 5, 5], "doubled": ["white"],
                 "pieces": { "white": ["off", "off", "off", "off", "off", "off", "off", "off",
                                       "off", "off", "off", "off", "off", "off", 12],
                             "black": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] } }),
    )
    .expect("a position");
    let throw = throw.expect("a throw");
    let mut moves = Vec::new();
    let _whole = e.legal_moves(&pos, throw, &mut moves);
    let steps = senet::turn_steps::TurnSteps::new(&e, &pos, throw, &moves).expect("steps");
    let tops: Vec<_> = (0..4u8)
        .map(|k| {
            senet::engine::Step::new(
                senet::types::Place::On(senet::types::PathPos::new(u32::from(12 + 2 * k)).unwrap()),
                senet::types::Place::On(senet::types::PathPos::new(u32::from(14 + 2 * k)).unwrap()),
            )
        })
        .collect();
    // Before the 2s are all played the turn cannot end; after them it may, or go on with a 5.
    assert_eq!(steps.ends(&tops[..3]), None);
    let end = steps.ends(&tops).expect("the turn may end after the 2s");
    assert_eq!(moves[end].steps(), tops.as_slice());
    assert_eq!(steps.chosen(&tops), None, "a 5 may still follow");
    assert_eq!(steps.options(&tops).len(), 1);
}

#[test]
fn a_side_that_cannot_move_loses_at_once() {
    // Fallas: "any roll that allows the player to only move to spaces occupied by the opponent
    // results in an automatic loss for the player". From the start, three 6s take white's
    // pieces from its points 7 and 12 onto black's stacks of thirteen and two.
    let e = bundled("tables/fallas");
    let mut game = Game::new(&e, 100);
    assert_eq!(game.next_action(), Action::Throw { side: Side::First });
    game.give_throw(code(&e, &[6, 6, 6]));
    assert_eq!(game.next_action(), Action::Over);
    assert_eq!(
        game.summary.outcome,
        Some(senet::engine::Outcome::Win {
            side: Side::Second,
            points: 0
        })
    );
    assert!(game.pos.lost(Side::First));
    let style = senet::render::game::Style { colour: false };
    let end = senet::render::game::end_text(&e, &game.summary, &game.pos, style);
    assert!(end.ends_with("black wins, white could not move."), "{end}");
    // Other dice are played as usual.
    let mut game = Game::new(&e, 100);
    game.next_action();
    game.give_throw(code(&e, &[6, 6, 5]));
    assert_eq!(game.next_action(), Action::Choose { side: Side::First });
}

#[test]
fn a_die_takes_a_lone_piece_a_step_at_a_time_and_a_piece_left_loses() {
    // Ketch-Dolt: "A player who rolls a number corresponding to a point on the opponent's side
    // of the board that contains a piece should remove the piece ... If the player fails to do
    // so, they lose instantly". White throws 4 and 2; black's lone piece stands on its point 2.
    let e = bundled("tables/ketch-dolt");
    let (pos, throw) = parse_position(
        &e,
        &json!({ "to_move": "white", "throw": [4, 2],
                 "pieces": { "white": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5],
                             "black": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 4] } }),
    )
    .expect("a position");
    let throw = throw.expect("a throw");
    let mut moves = Vec::new();
    let _whole = e.legal_moves(&pos, throw, &mut moves);
    let take = senet::engine::Step::take(senet::types::PathPos::new(2).unwrap());
    // A person choosing a step at a time is offered the take, with the 2.
    let steps = senet::turn_steps::TurnSteps::new(&e, &pos, throw, &moves).expect("steps");
    let first = steps.options(&[]);
    assert!(first.contains(&(take, vec![2])), "{first:?}");
    let enter = senet::engine::Step::new(
        senet::types::Place::Waiting,
        senet::types::Place::On(senet::types::PathPos::new(4).unwrap()),
    );
    let chosen = steps
        .chosen(&[take, enter])
        .expect("the take and the entry make a move");
    // In a game: the take sends black's piece back to wait, and the game goes on; any other
    // move ends it, white having lost.
    for (i, mv) in moves.iter().enumerate() {
        let (after, _) = e.apply(&pos, mv, throw);
        if i == chosen {
            assert_eq!(e.outcome(&after), None);
            assert_eq!(after.waiting(Side::Second), 13);
        } else {
            assert!(after.lost(Side::First), "{:?}", mv.steps());
            assert_eq!(
                e.outcome(&after),
                Some(senet::engine::Outcome::Win {
                    side: Side::Second,
                    points: 0
                })
            );
        }
    }
}

/// A double taken as many pieces as it adds up to, while bearing off, has billions of orders
/// (twelve dice of 0 over six points): a person chooses that turn whole, not a step at a time,
/// and the turn's moves are listed as ever. A turn of two unequal dice is still chosen a step at
/// a time.
#[test]
fn a_turn_of_too_many_orders_is_chosen_whole() {
    let e = bundled("tables/dubblets");
    let zeros = [0u8; 12];
    let (pos, throw) = parse_position(
        &e,
        &json!({
            "to_move": "white",
            "throw": zeros,
            "pieces": {
                "white": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6],
                "black": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]
            }
        }),
    )
    .expect("a position after the unstacking");
    let throw = throw.expect("a throw");
    let mut moves = Vec::new();
    assert_eq!(e.legal_moves(&pos, throw, &mut moves), Listing::Whole);
    // Three pieces are left on the board, on any of the points, however the twelve were taken.
    assert!(moves.len() > 1, "{} moves", moves.len());
    assert!(moves.iter().all(|m| m.steps().len() == 12));
    assert!(senet::turn_steps::TurnSteps::new(&e, &pos, throw, &moves).is_none());
    let (pos, throw) = parse_position(
        &e,
        &json!({
            "to_move": "white",
            "throw": [5, 2],
            "pieces": {
                "white": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6],
                "black": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]
            }
        }),
    )
    .expect("a position after the unstacking");
    let throw = throw.expect("a throw");
    assert_eq!(e.legal_moves(&pos, throw, &mut moves), Listing::Whole);
    assert!(senet::turn_steps::TurnSteps::new(&e, &pos, throw, &moves).is_some());
}
