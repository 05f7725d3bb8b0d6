//! The random player's draw of a split turn's move (`Engine::draw_split`), which does not list
//! the moves: what it draws is always a legal move, with the chances docs/agents.md gives
//! (worked out by hand below on a row of 12 squares), and a game whose split turns wait
//! unlisted plays the same as one whose moves are listed.

use crate::support::row;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use row::engine_of;
use senet::agents::RandomAgent;
use senet::check::check_target;
use senet::compile::{Phase, compile};
use senet::engine::game::{Action, Game, Player, random_throw};
use senet::engine::split_draw::{DrawRoom, Drawn};
use senet::engine::{Engine, Listing, Move, Position};
use senet::notation::position::parse_position;
use senet::types::Throw;
use serde_json::json;

/// A row of 12 squares, two pieces a side on the board, one throw of a die of 4 split among
/// pieces, nothing captured (a move may not end on an enemy piece), exact bear-off.
fn row() -> Engine {
    row_with("")
}

/// [`row`] with `extra` lines at the end.
fn row_with(extra: &str) -> Engine {
    let text = format!(
        "ruleset \"test/split-row\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start red on 1, 3; blue on 11, 12
throw die 4
turn throw then split
extra throw after none
capture none
bear off exact
win first to bear off all
{extra}
"
    );
    engine_of("split-row.rules", &text)
}

fn red_at(engine: &Engine, red: [u32; 2], blue: [u32; 2]) -> Position {
    let v = json!({ "to_move": "red", "pieces": { "red": red, "blue": blue } });
    parse_position(engine, &v).expect("a valid position").0
}

/// How often each result comes out in `n` draws, by the result's red pieces.
fn frequencies(engine: &Engine, pos: &Position, total: u16, n: u32) -> Vec<(Vec<u8>, u32)> {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut room = DrawRoom::default();
    let mut counts: Vec<(Vec<u8>, u32)> = Vec::new();
    for _ in 0..n {
        let Drawn::Move(mv) = engine.draw_split(pos, Throw::new(total), &mut rng, &mut room) else {
            panic!("a pass where red can move");
        };
        let next = engine.successor(pos, &mv, Throw::new(total));
        let key = red_squares(engine, &next);
        match counts.iter_mut().find(|c| c.0 == key) {
            Some(c) => c.1 += 1,
            None => counts.push((key, 1)),
        }
    }
    counts.sort();
    counts
}

fn red_squares(engine: &Engine, pos: &Position) -> Vec<u8> {
    let v = senet::notation::position::position_json(engine, pos, None);
    let mut squares: Vec<u8> = v["pieces"]["red"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().and_then(|q| u8::try_from(q).ok()).unwrap_or(99))
        .collect();
    squares.sort_unstable();
    squares
}

/// `count` of `n` draws, where the chance is `p`: within five standard deviations.
fn about(count: u32, n: u32, p: f64) -> bool {
    let mean = f64::from(n) * p;
    let sd = (f64::from(n) * p * (1.0 - p)).sqrt();
    (f64::from(count) - mean).abs() <= 5.0 * sd
}

#[test]
fn each_movement_is_drawn_among_those_legal_then() {
    // Red on 1 and 6, a 3. First, six movements are legal, a sixth each: 1 by 1, 2 or 3, 6 by
    // 1, 2 or 3. A piece that moves by less leaves the other, the last, the rest: 1 -> 2 then
    // 6 -> 8, 1 -> 3 then 6 -> 7, 6 -> 7 then 1 -> 3, 6 -> 8 then 1 -> 2. So {2, 8} and {3, 7}
    // a third each, {4, 6} and {1, 9} a sixth each.
    let e = row();
    let pos = red_at(&e, [1, 6], [11, 12]);
    let n = 12000;
    let counts = frequencies(&e, &pos, 3, n);
    let expected = [
        (vec![1, 9], 1.0 / 6.0),
        (vec![2, 8], 1.0 / 3.0),
        (vec![3, 7], 1.0 / 3.0),
        (vec![4, 6], 1.0 / 6.0),
    ];
    assert_eq!(counts.len(), expected.len(), "{counts:?}");
    for ((result, count), (want, p)) in counts.iter().zip(expected) {
        assert_eq!(*result, want);
        assert!(about(*count, n, p), "{result:?}: {count} of {n}");
    }
}

#[test]
fn a_sequence_that_cannot_use_the_whole_total_is_drawn_again() {
    // Red on 1 and 3, a 4. First, seven movements are legal, a seventh each (1 -> 3 lands on
    // red): 1 -> 2 then 3 -> 6 ({2, 6}); 1 -> 4, after which 3 -> 4 lands on red (dropped);
    // 1 -> 5 ({3, 5}); 3 -> 4, after which 1 -> 4 lands on red (dropped); 3 -> 5 then 1 -> 3
    // ({3, 5}); 3 -> 6 then 1 -> 2 ({2, 6}); 3 -> 7 ({1, 7}). Of the five that use the 4:
    // {2, 6} and {3, 5} two fifths each, {1, 7} a fifth.
    let e = row();
    let pos = red_at(&e, [1, 3], [11, 12]);
    let n = 12000;
    let counts = frequencies(&e, &pos, 4, n);
    let expected = [(vec![1, 7], 0.2), (vec![2, 6], 0.4), (vec![3, 5], 0.4)];
    assert_eq!(counts.len(), expected.len(), "{counts:?}");
    for ((result, count), (want, p)) in counts.iter().zip(expected) {
        assert_eq!(*result, want);
        assert!(about(*count, n, p), "{result:?}: {count} of {n}");
    }
}

#[test]
fn the_same_squares_with_and_without_an_extra_throw_are_two_moves() {
    // Red on 1 and 3, a 4, square 3 throws again: 1 -> 5 leaves red on 3 and 5 and blue throws;
    // 3 -> 5 then 1 -> 3 leaves red on 3 and 5 too, but landed on 3: red throws again. Both
    // are listed, beside 3 -> 7 ({1, 7}) and 1 -> 2, 3 -> 6 ({2, 6}). Of the five sequences
    // that use the 4 (see above), one is 3 -> 5 then 1 -> 3: red throws again a fifth of the
    // time.
    let e = row_with("extra throw on 3");
    let pos = red_at(&e, [1, 3], [11, 12]);
    let mut listed = Vec::new();
    assert_eq!(
        e.legal_moves(&pos, Throw::new(4), &mut listed),
        Listing::Whole
    );
    let mut results: Vec<(Vec<u8>, bool)> = listed
        .iter()
        .map(|m| {
            let next = e.successor(&pos, m, Throw::new(4));
            (red_squares(&e, &next), next.to_move() == pos.to_move())
        })
        .collect();
    results.sort();
    assert_eq!(
        results,
        [
            (vec![1, 7], false),
            (vec![2, 6], false),
            (vec![3, 5], false),
            (vec![3, 5], true),
        ]
    );
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut room = DrawRoom::default();
    let n = 8000;
    let mut again = 0;
    for _ in 0..n {
        let Drawn::Move(mv) = e.draw_split(&pos, Throw::new(4), &mut rng, &mut room) else {
            panic!("a pass where red can move");
        };
        let next = e.successor(&pos, &mv, Throw::new(4));
        again += u32::from(next.to_move() == pos.to_move());
    }
    assert!(about(again, n, 0.2), "{again} of {n} throw again");
}

#[test]
fn part_of_the_total_is_drawn_among_the_listed_moves() {
    // Red on 11 and 12, a 4 (a piece bears off with exactly what takes it to 13): 12 bears
    // off with 1 and 11 with 2, so no way uses all 4; the most that can be used is 3, both
    // off, the one listed move, which the draw gives every time.
    let e = row();
    let pos = red_at(&e, [11, 12], [1, 2]);
    let mut listed = Vec::new();
    assert_eq!(
        e.legal_moves(&pos, Throw::new(4), &mut listed),
        Listing::Whole
    );
    assert_eq!(listed.len(), 1, "{listed:?}");
    let counts = frequencies(&e, &pos, 4, 50);
    assert_eq!(counts, [(vec![99, 99], 50)]);
}

fn finkel() -> Engine {
    let rules = check_target("senet/finkel", &[]).expect("a bundled rule set");
    Engine::new(compile(&rules))
}

/// Positions where a side chose a move in random games.
fn visited(engine: &Engine, games: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut agent = RandomAgent::new(seed);
        let mut game = Game::new(engine, 400);
        loop {
            match game.next_action() {
                Action::Over => break,
                Action::Choose { .. } => {
                    out.push(game.pos);
                    let i = agent.choose(engine, &game.pos, game.total, game.moves());
                    game.choose(i);
                }
                _ => game.give_throw(random_throw(engine, &mut rng)),
            }
        }
    }
    out
}

#[test]
fn every_draw_is_a_legal_move_and_a_pass_only_without_one() {
    let e = finkel();
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut room = DrawRoom::default();
    let mut listed = Vec::new();
    let positions = visited(&e, 3);
    assert!(positions.len() > 300);
    for pos in positions.iter().step_by(3) {
        if !e.draws_split(pos) {
            continue;
        }
        for t in 1..=10u16 {
            let throw = Throw::new(t);
            assert_eq!(e.legal_moves(pos, throw, &mut listed), Listing::Whole);
            let results: Vec<Position> =
                listed.iter().map(|m| e.successor(pos, m, throw)).collect();
            for _ in 0..3 {
                match e.draw_split(pos, throw, &mut rng, &mut room) {
                    Drawn::Pass => assert!(listed.is_empty(), "a pass with {t}: {pos:?}"),
                    Drawn::TooLarge => panic!("{t} is too large to share: {pos:?}"),
                    Drawn::Move(mv) => {
                        let to = e.successor(pos, &mv, throw);
                        assert!(
                            results.contains(&to),
                            "{mv:?} with {t} is not legal: {pos:?}"
                        );
                    }
                }
            }
        }
    }
}

/// A player that always draws, even among one move or none, so that its choices draw as the
/// unlisted game's do.
struct Always(RandomAgent);

impl Player for Always {
    fn choose(&mut self, e: &Engine, pos: &Position, throw: Throw, moves: &[Move]) -> usize {
        self.0.choose(e, pos, throw, moves)
    }
}

/// Plays `game` on to its next throw (or its end), each choice made by `player`: from the list,
/// or, where `unlisted`, drawn; the listed game's passes (which it makes by itself) are drawn
/// too, so that both players draw alike. The action it stops at.
fn to_next_throw(game: &mut Game, player: &mut Always, unlisted: bool) -> Action {
    let e = game.engine;
    loop {
        if !unlisted && matches!(game.phase, Phase::Distribute) && e.draws_split(&game.pos) {
            let mut listed = Vec::new();
            assert_eq!(
                e.legal_moves(&game.pos, game.total, &mut listed),
                Listing::Whole
            );
            if listed.is_empty() {
                let drawn = player.0.draw_split(e, &game.pos, game.total);
                assert_eq!(drawn, Some(Drawn::Pass));
            }
        }
        match game.next_action() {
            Action::Choose { .. } if game.moves().is_empty() => {
                match player.0.draw_split(e, &game.pos, game.total) {
                    Some(Drawn::Move(mv)) => game.choose_move(mv),
                    Some(Drawn::Pass) => game.pass_turn(),
                    Some(Drawn::TooLarge) | None => panic!("the random player draws a move"),
                }
            }
            Action::Choose { .. } => {
                let i = player.choose(e, &game.pos, game.total, game.moves());
                game.choose(i);
            }
            other => return other,
        }
    }
}

#[test]
fn a_game_unlisted_plays_as_a_game_listed() {
    let e = finkel();
    for seed in 0..6 {
        let mut throws = Pcg64Mcg::seed_from_u64(seed);
        let (mut a, mut b) = (
            Always(RandomAgent::new(seed)),
            Always(RandomAgent::new(seed)),
        );
        let (mut unlisted, mut listed) = (Game::new(&e, 300), Game::new(&e, 300));
        unlisted.unlisted_splits = true;
        loop {
            let x = to_next_throw(&mut unlisted, &mut a, true);
            let y = to_next_throw(&mut listed, &mut b, false);
            assert_eq!(x, y, "seed {seed}");
            assert_eq!(unlisted.pos, listed.pos, "seed {seed}");
            if x == Action::Over {
                break;
            }
            let v = random_throw(&e, &mut throws);
            unlisted.give_throw(v);
            listed.give_throw(v);
        }
        assert_eq!(unlisted.summary.outcome, listed.summary.outcome);
        assert_eq!(unlisted.summary.passes, listed.summary.passes);
        assert!(unlisted.summary.turns > 20);
    }
}
