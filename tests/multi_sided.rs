//! The engine for many sides held to the two-sided engine. On every bundled rule set that the
//! former plays ([`MultiRules::compile`]), both list the same moves and reach the same
//! positions, move for move: in random games with the same throws and choices, and from random
//! positions (reachable or not) with every throw.

use crate::common::random_position;
use crate::engine_props::OPTION_VARIANTS;
use crate::support::shipped::{many_sided_ids, two_sided_ids};

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senet::check::check_target;
use senet::compile::{Event, compile};
use senet::engine::game::{Action, Game, draw_below, random_throw};
use senet::engine::{Engine, Move, Outcome, Position};
use senet::multi::{
    MultiEvent, MultiGame, MultiMove, MultiNext, MultiOutcome, MultiPosition, MultiRules,
    Unsupported,
};
use senet::types::{Place, Throw};

/// Moves as the places each moves a piece from and to.
type Listed = BTreeSet<(Place, Place)>;

/// A bundled rule set on the fast engine, and on the engine for many sides where it plays it.
fn load(id: &str, options: &[(String, String)]) -> (Engine, Result<MultiRules, Unsupported>) {
    match check_target(id, options) {
        Ok(r) => (Engine::new(compile(&r)), MultiRules::compile(&r)),
        Err(_) => panic!("the bundled rule set `{id}` {options:?} does not check"),
    }
}

/// The two-sided position as a position of many sides.
fn converted(engine: &Engine, multi: &MultiRules, pos: &Position) -> MultiPosition {
    let setup = pos.setup(&engine.rules);
    let places: Vec<Vec<Place>> = setup.pieces.0.to_vec();
    let to_move = u8::try_from(setup.to_move.index()).unwrap();
    MultiPosition::new(multi, to_move, &places)
        .unwrap_or_else(|e| panic!("{}: {e} in {setup:?}", engine.rules.id))
}

fn fast_moves(engine: &Engine, pos: &Position, v: u8, out: &mut Vec<Move>) -> Listed {
    let _ = engine.legal_moves(pos, Throw::from(v), out);
    out.iter()
        .map(|m| {
            let steps = m.steps();
            assert_eq!(steps.len(), 1, "{}: a move of one step", engine.rules.id);
            (steps[0].from(), steps[0].to())
        })
        .collect()
}

fn multi_moves(multi: &MultiRules, pos: &MultiPosition, v: u8) -> Listed {
    let mut out = Vec::new();
    multi.legal_moves(pos, v, &mut out);
    let listed: Listed = out.iter().map(|m| (m.from(), m.to())).collect();
    assert_eq!(listed.len(), out.len(), "{}: a move listed twice", multi.id);
    listed
}

fn same_outcome(fast: Option<Outcome>, multi: Option<MultiOutcome>) -> bool {
    match (fast, multi) {
        (None, None) | (Some(Outcome::Draw), Some(MultiOutcome::Draw)) => true,
        (Some(Outcome::Win { side, .. }), Some(MultiOutcome::Win { team })) => {
            side.index() == usize::from(team)
        }
        _ => false,
    }
}

/// Makes the move listed as `(from, to)` in both engines, and checks that they agree on what it
/// did and where it led.
fn make(
    (engine, multi): (&Engine, &MultiRules),
    (pos, mpos): (&Position, &MultiPosition),
    listed: &[Move],
    (from, to): (Place, Place),
    v: u8,
) -> (Position, MultiPosition) {
    let id = &engine.rules.id;
    let mv = listed
        .iter()
        .find(|m| (m.steps()[0].from(), m.steps()[0].to()) == (from, to))
        .expect("the move is listed");
    let (after, report) = engine.apply(pos, mv, Throw::from(v));
    let (mafter, mreport) = multi.apply(mpos, MultiMove::new(from, to, v));
    let context = format!("{id}: {from} -> {to} with {v} from {mpos:?}");
    assert_eq!(
        report.event() == Event::MovedExtraThrow,
        mreport.extra_throw,
        "extra throw, {context}"
    );
    assert_eq!(
        report.captures().count(),
        usize::from(mreport.captured.is_some()),
        "captures, {context}"
    );
    let outcome = engine.outcome(&after);
    assert!(
        same_outcome(outcome, multi.outcome(&mafter)),
        "outcome, {context}"
    );
    let expected = converted(engine, multi, &after);
    if outcome.is_some() {
        // Who would move after the end is no rule: compare the pieces.
        for s in 0..2 {
            assert!(expected.places(s).eq(mafter.places(s)), "pieces, {context}");
        }
    } else {
        assert_eq!(expected, mafter, "position, {context}");
    }
    (after, mafter)
}

/// `games` random games played in both engines with the same throws and choices.
fn agree_in_games(engine: &Engine, multi: &MultiRules, games: u64) {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut pos = engine.start();
        let mut mpos = converted(engine, multi, &pos);
        assert_eq!(mpos, MultiPosition::start(multi), "{}: the start", multi.id);
        for _ in 0..20_000 {
            if engine.outcome(&pos).is_some() {
                break;
            }
            let v = random_throw(engine, &mut rng);
            let listed = fast_moves(engine, &pos, v, &mut out);
            assert_eq!(
                listed,
                multi_moves(multi, &mpos, v),
                "{}: the moves for {v} from {mpos:?}",
                multi.id
            );
            if listed.is_empty() {
                pos = engine.pass(&pos, Throw::from(v));
                mpos = multi.pass(&mpos, v).0;
                assert_eq!(converted(engine, multi, &pos), mpos, "{}: a pass", multi.id);
                continue;
            }
            let choice = *listed
                .iter()
                .nth(draw_below(&mut rng, listed.len()))
                .unwrap();
            (pos, mpos) = make((engine, multi), (&pos, &mpos), &out, choice, v);
        }
    }
}

/// Random positions, each with every throw: the same moves, each leading to the same position.
fn agree_from_random_positions(engine: &Engine, multi: &MultiRules, count: u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut out = Vec::new();
    for _ in 0..count {
        let pos = random_position(engine, &mut rng);
        if engine.outcome(&pos).is_some() {
            continue;
        }
        let mpos = converted(engine, multi, &pos);
        for &v in &engine.rules.throws.values {
            let listed = fast_moves(engine, &pos, v, &mut out);
            assert_eq!(
                listed,
                multi_moves(multi, &mpos, v),
                "{}: the moves for {v} from {mpos:?}",
                multi.id
            );
            for &choice in &listed {
                make((engine, multi), (&pos, &mpos), &out, choice, v);
            }
        }
    }
}

/// The rule sets this engine must play, at the least: a refusal of one of them is a regression.
const PLAYED: [&str; 5] = [
    "cross-and-circle/kints",
    "cross-and-circle/pancha-keliya",
    "cross-and-circle/panchi",
    "twenty-squares/murray",
    "twenty-squares/ur",
];

#[test]
fn both_engines_agree_on_every_bundled_rule_set_the_engine_for_many_sides_plays() {
    let defaults = two_sided_ids().iter().map(|&id| (id, Vec::new()));
    let options = OPTION_VARIANTS
        .iter()
        .map(|&(id, name, value)| (id, vec![(name.to_string(), value.to_string())]));
    let mut played = Vec::new();
    for (id, options) in defaults.chain(options) {
        let (engine, multi) = load(id, &options);
        if let Ok(multi) = multi {
            agree_in_games(&engine, &multi, 100);
            agree_from_random_positions(&engine, &multi, 1_000);
            played.push((id, options));
        }
    }
    for id in PLAYED {
        assert!(played.iter().any(|p| p.0 == id), "`{id}` is not played");
    }
    // Options that change the throws or the pieces are played too.
    assert!(played.iter().any(|p| !p.1.is_empty()), "{played:?}");
}

/// Ur whose turns bank their throws while they are 4s, then play each.
const UR_BANKED: &str = "tests/fixtures/many-sides/ur-banked.rules";

/// A move as its places and the throw it plays.
type Played = (Place, Place, u8);

#[test]
fn both_engines_agree_on_turns_that_bank_their_throws() {
    let path = format!("{}/{UR_BANKED}", env!("CARGO_MANIFEST_DIR"));
    let set = check_target(&path, &[]).expect("the fixture checks");
    let engine = Engine::new(compile(&set));
    let multi = MultiRules::compile(&set).expect("the engine for many sides plays it");
    assert_eq!(multi.banks, Some(1 << 4));
    let mut watch = |_: &MultiEvent| {};
    let (mut held_several, mut passes) = (0, 0);
    for seed in 0..300 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(&engine, 10_000);
        let mut many = MultiGame::new(MultiPosition::start(&multi), 10_000);
        loop {
            let context = format!("game {seed}, {:?}", many.pos);
            let (action, next) = (game.next_action(), many.next(&multi, &mut watch));
            // Where both wait for a decision, the pieces and the side are the same.
            if engine.outcome(&game.pos).is_none() {
                let expected = converted(&engine, &multi, &game.pos);
                for s in 0..2 {
                    assert!(
                        expected.places(s).eq(many.pos.places(s)),
                        "pieces, {context}"
                    );
                }
                assert_eq!(expected.to_move(), many.pos.to_move(), "to move, {context}");
            }
            match (action, next) {
                (Action::Over, MultiNext::Over) => break,
                (Action::Throw { side }, MultiNext::Throw { side: s }) => {
                    assert_eq!(side.index(), usize::from(s), "{context}");
                    let v = random_throw(&engine, &mut rng);
                    game.give_throw(v);
                    many.throw(&multi, v, &mut watch);
                }
                (Action::Choose { side }, MultiNext::Choose { side: s, .. }) => {
                    assert_eq!(side.index(), usize::from(s), "{context}");
                    let mut held: Vec<u8> = game
                        .pool()
                        .iter()
                        .map(|t| u8::try_from(t.get()).unwrap())
                        .collect();
                    held.sort_unstable_by(|a, b| b.cmp(a));
                    assert_eq!(held, many.pos.pool(), "the throws held, {context}");
                    held_several += usize::from(held.len() > 1);
                    let fast: Vec<Played> = (0..game.moves().len())
                        .map(|i| {
                            let step = game.moves()[i].steps()[0];
                            let v = u8::try_from(game.throw_of(i).get()).unwrap();
                            (step.from(), step.to(), v)
                        })
                        .collect();
                    let listed: Vec<Played> = many
                        .moves()
                        .iter()
                        .map(|m| (m.from(), m.to(), m.throw()))
                        .collect();
                    let (a, b): (BTreeSet<_>, BTreeSet<_>) =
                        (fast.iter().collect(), listed.iter().collect());
                    assert_eq!(a, b, "the moves, {context}");
                    let pick = fast[draw_below(&mut rng, fast.len())];
                    game.choose(fast.iter().position(|&m| m == pick).unwrap());
                    let k = listed.iter().position(|&m| m == pick).unwrap();
                    many.choose(&multi, k, &mut watch);
                }
                (fast, other) => panic!("{context}: {fast:?} against {other:?}"),
            }
        }
        assert!(
            same_outcome(engine.outcome(&game.pos), many.summary.outcome),
            "game {seed}"
        );
        passes += many.summary.passes;
    }
    // Turns held several throws, and some lost throws they could not play.
    assert!(
        held_several > 1_000 && passes > 100,
        "{held_several} {passes}"
    );
}

#[test]
fn a_rule_the_engine_for_many_sides_does_not_play_is_named() {
    let refused = load("senet/kendall", &[]).1.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the engine for many sides does not play pieces protected in pairs yet"
    );
}

// ---- rule files of more than two sides ---------------------------------------------------------

/// The rule files of many sides the tests play.
const FOUR: &str = "tests/fixtures/many-sides/ring-of-four.rules";
const THREE: &str = "tests/fixtures/many-sides/ring-of-three.rules";
const CROSS: &str = "tests/fixtures/many-sides/cross-of-four.rules";

fn many(target: &str) -> MultiRules {
    let path = format!("{}/{target}", env!("CARGO_MANIFEST_DIR"));
    let set = check_target(&path, &[]).unwrap_or_else(|_| panic!("`{target}` checks"));
    MultiRules::compile(&set).unwrap_or_else(|e| panic!("`{target}`: {e}"))
}

/// The cross with `line` added after its safe squares, written to a file in `dir`: its path and
/// its rules for the engine for many sides.
fn cross_with(dir: &tempfile::TempDir, line: &str) -> (String, MultiRules) {
    let text = std::fs::read_to_string(CROSS).unwrap().replace(
        "safe 16, 40, 64, 88\n",
        &format!("safe 16, 40, 64, 88\n{line}\n"),
    );
    let path = dir.path().join("cross.rules");
    std::fs::write(&path, &text).unwrap();
    let file = path.to_str().unwrap().to_string();
    let set = check_target(&file, &[]).unwrap_or_else(|_| panic!("the cross with `{line}` checks"));
    let r = MultiRules::compile(&set).unwrap_or_else(|e| panic!("`{line}`: {e}"));
    (file, r)
}

/// `senet moves RULES --position -` of `position`: its JSON answer.
fn moves_answer(rules: &str, position: &str) -> serde_json::Value {
    let out = crate::support::cli::senet()
        .args(["moves", rules, "--position", "-"])
        .write_stdin(format!("{position}\n"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The ring of four with `from` written as `to`, as `name` in `dir`: the file's path.
fn four_with(dir: &tempfile::TempDir, name: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(FOUR).unwrap().replace(from, to);
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `senet sim`'s JSON report of `games` random games of `target`, without its timings.
fn sim_json(target: &str, games: &str, seed: &str, jobs: &str) -> serde_json::Value {
    let (code, out, err) = crate::support::cli::run(&[
        "sim", target, "--games", games, "--seed", seed, "--jobs", jobs, "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for timing in ["seconds", "games_per_second", "jobs"] {
        v.as_object_mut().unwrap().remove(timing);
    }
    v
}

fn on(p: u32) -> Place {
    Place::On(senet::types::PathPos::new(p).unwrap())
}

fn places(r: &MultiRules, to_move: u8, each: &[&[Place]]) -> MultiPosition {
    let list: Vec<Vec<Place>> = each.iter().map(|p| p.to_vec()).collect();
    MultiPosition::new(r, to_move, &list).unwrap()
}

const W: Place = Place::Waiting;

#[test]
fn four_sides_in_teams_are_read_from_the_rule_file() {
    let r = many(FOUR);
    let names: Vec<&str> = r.sides.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["red", "green", "yellow", "blue"]);
    // `teams red, yellow; green, blue`.
    let teams: Vec<u8> = r.sides.iter().map(|s| s.team).collect();
    assert_eq!(teams, [0, 1, 0, 1]);
    assert_eq!(r.first, 0);
    // Green's path as written, squares from 1: 6, 12, 18, 24..19, 13, 7, 1..5, 11, 10.
    let green: Vec<u8> = r.sides[1].path.iter().map(|q| q + 1).collect();
    assert_eq!(
        green,
        [
            6, 12, 18, 24, 23, 22, 21, 20, 19, 13, 7, 1, 2, 3, 4, 5, 11, 10
        ]
    );
    // `safe 1, 6, 24, 19`: red's positions 1, 6, 9 and 14.
    let safe: Vec<usize> = (1..=18u8)
        .filter(|&p| r.sides[0].has(p, senet::compile::PosFlags::SAFE))
        .map(usize::from)
        .collect();
    assert_eq!(safe, [1, 6, 9, 14]);
}

#[test]
fn a_piece_of_four_sides_takes_an_enemy_never_a_partner() {
    let r = many(FOUR);
    let mut out = Vec::new();
    // Square 3 is red's position 3, green's 14, yellow's 11 and blue's 6.
    let green_there = places(&r, 0, &[&[on(2), W], &[on(14), W], &[W, W], &[W, W]]);
    r.legal_moves(&green_there, 1, &mut out);
    assert!(out.contains(&MultiMove::new(on(2), on(3), 1)));
    let (after, report) = r.apply(&green_there, MultiMove::new(on(2), on(3), 1));
    assert_eq!(report.captured, Some((1, on(14))));
    assert_eq!(after.places(1).collect::<Vec<_>>(), [W, W]);
    assert_eq!(after.to_move(), 1, "green throws next");
    let partner_there = places(&r, 0, &[&[on(2), W], &[W, W], &[on(11), W], &[W, W]]);
    r.legal_moves(&partner_there, 1, &mut out);
    assert!(!out.contains(&MultiMove::new(on(2), on(3), 1)));
    // Blue's piece on its entry square (19, red's position 14) is on a castle.
    let castle = places(&r, 0, &[&[on(12), W], &[W, W], &[W, W], &[on(1), W]]);
    r.legal_moves(&castle, 2, &mut out);
    assert!(!out.contains(&MultiMove::new(on(12), on(14), 2)));
}

#[test]
fn a_cross_of_97_squares_plays_paths_of_84_positions() {
    let r = many(CROSS);
    assert_eq!(r.squares, 97);
    assert!(r.sides.iter().all(|s| s.len() == 84));
    // South's position 60 is square 96 and its 72 square 5, west's position 21; north, south's
    // partner, stands on square 96 at its position 26.
    let south: Vec<u8> = r.sides[0].path.iter().map(|q| q + 1).collect();
    assert_eq!((south[59], south[71], south[83]), (96, 5, 97));
    let mut out = Vec::new();
    let west_there = places(&r, 0, &[&[on(60), W], &[W, W], &[W, W], &[on(21), W]]);
    r.legal_moves(&west_there, 12, &mut out);
    assert!(out.contains(&MultiMove::new(on(60), on(72), 12)), "{out:?}");
    let (after, report) = r.apply(&west_there, MultiMove::new(on(60), on(72), 12));
    assert_eq!(report.captured, Some((3, on(21))));
    assert!(report.extra_throw, "`extra throw after 1, 6, 12`");
    assert_eq!(after.places(0).collect::<Vec<_>>(), [on(72), W]);
    let partner_there = places(&r, 0, &[&[on(54), W], &[W, W], &[on(26), W], &[W, W]]);
    r.legal_moves(&partner_there, 6, &mut out);
    assert!(!out.contains(&MultiMove::new(on(54), on(60), 6)));
    // Square 88 (south's position 59, west's 8) is a castle: west's piece there stays.
    let castle = places(&r, 0, &[&[on(57), W], &[W, W], &[W, W], &[on(8), W]]);
    r.legal_moves(&castle, 2, &mut out);
    assert!(!out.contains(&MultiMove::new(on(57), on(59), 2)));
    // From position 80 a throw of 5 bears off exactly; 4 lands on the centre, 97.
    let home = places(&r, 0, &[&[on(80), W], &[W, W], &[W, W], &[W, W]]);
    r.legal_moves(&home, 5, &mut out);
    assert_eq!(out, [MultiMove::new(on(80), Place::Off, 5)]);
    r.legal_moves(&home, 4, &mut out);
    assert_eq!(out, [MultiMove::new(on(80), on(84), 4)]);
}

#[test]
fn boards_beyond_64_squares_are_for_games_of_the_engine_for_many_sides() {
    use crate::support::cli::run;
    let text = std::fs::read_to_string(CROSS).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    // The same board for two sides is refused, and the message says the limit of each.
    let two = text
        .replace("sides south, east, north, west", "sides south, north")
        .replace("teams south, north; east, west\n", "")
        .lines()
        .filter(|l| !l.starts_with("path east") && !l.starts_with("path west"))
        .collect::<Vec<_>>()
        .join("\n");
    let (code, _, err) = run(&["check", &write("two.rules", &two)]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the board has 97 squares, more than the limit of 64")
            && err.contains(
                "(of more sides, or of a rule only the engine for many sides plays, 250)"
            ),
        "{err}"
    );
    // Two sides with a rule only the engine for many sides plays hold as many as more sides.
    let (code, _, err) = run(&[
        "check",
        &write(
            "two-many.rules",
            &format!(
                "{two}
sides may pass
"
            ),
        ),
    ]);
    assert_eq!(code, 0, "{err}");
    // Four sides hold at most 250 squares.
    let huge = text.replace("board 1 x 97", "board 1 x 251");
    let (code, _, err) = run(&["check", &write("huge.rules", &huge)]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the board has 251 squares, more than the limit of 250"),
        "{err}"
    );
    // 2,000 random games end well before the turn cap, the same whatever the jobs.
    let one = sim_json(CROSS, "2000", "5", "1");
    assert_eq!(one, sim_json(CROSS, "2000", "5", "2"));
    assert_eq!(one["unfinished"], 0, "{one}");
}

#[test]
fn stacks_of_many_sides_are_read_from_the_rule_file_and_played() {
    use crate::support::cli::run;
    // The cross with stacks: its paths come back to a square and are longer than the fast
    // engine's stacked form takes, which only two-sided games are held to.
    let dir = tempfile::tempdir().unwrap();
    let (file, r) = cross_with(&dir, "stacks any\nclosed with 2");
    let file = file.as_str();
    assert_eq!(
        (r.stack_limit, r.closed_with),
        (2, 2),
        "`stacks any` of 2 pieces"
    );
    let mut out = Vec::new();
    // South's pieces make a stack on position 5; west's pair on square 5 (south's position
    // 72, west's 21) closes it, a lone west piece there is taken.
    let two = places(&r, 0, &[&[on(5), on(3)], &[W, W], &[W, W], &[W, W]]);
    r.legal_moves(&two, 2, &mut out);
    assert!(out.contains(&MultiMove::new(on(3), on(5), 2)), "{out:?}");
    let closed = places(&r, 0, &[&[on(70), W], &[W, W], &[W, W], &[on(21), on(21)]]);
    r.legal_moves(&closed, 2, &mut out);
    assert!(!out.contains(&MultiMove::new(on(70), on(72), 2)), "{out:?}");
    let lone = places(&r, 0, &[&[on(70), W], &[W, W], &[W, W], &[on(21), W]]);
    r.legal_moves(&lone, 2, &mut out);
    assert!(out.contains(&MultiMove::new(on(70), on(72), 2)), "{out:?}");
    let (code, text, err) = run(&["sim", file, "--games", "2000", "--seed", "7"]);
    assert_eq!(code, 0, "{err}");
    assert!(!text.contains("unfinished"), "{text}");
    // `closed never`: west's pair on square 5 is taken whole, both pieces back to wait.
    let (_, never) = cross_with(&dir, "stacks any\nclosed never");
    assert_eq!(never.closed_with, u8::MAX);
    never.legal_moves(&closed, 2, &mut out);
    assert_eq!(out, [MultiMove::new(on(70), on(72), 2)], "{out:?}");
    let (after, report) = never.apply(&closed, out[0]);
    assert_eq!(after.count(3, Place::Waiting), 2);
    assert_eq!(report.captured.map(|(side, _)| side), Some(3));
}

#[test]
fn shared_castles_hold_pieces_of_several_sides() {
    let dir = tempfile::tempdir().unwrap();
    let (file, r) = cross_with(&dir, "safe squares shared");
    let file = file.as_str();
    // Square 88 is south's position 59 and west's 8, a castle: south lands beside west's piece.
    let mut out = Vec::new();
    let castle = places(&r, 0, &[&[on(57), W], &[W, W], &[W, W], &[on(8), W]]);
    r.legal_moves(&castle, 2, &mut out);
    assert!(out.contains(&MultiMove::new(on(57), on(59), 2)), "{out:?}");
    let (after, report) = r.apply(&castle, MultiMove::new(on(57), on(59), 2));
    assert_eq!(report.captured, None);
    assert_eq!(after.places(3).collect::<Vec<_>>(), [on(8), W]);
    // `senet explain` says so, and `senet moves` takes such a position.
    let (code, text, err) = crate::support::cli::run(&["explain", file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("Pieces of different sides may stand together on a safe square"),
        "{text}"
    );
    // South's piece and west's share square 88; east enters with a 12.
    let position = r#"{"to_move":"east","throw":12,"pieces":{"south":[59,0],"east":[0,0],"north":[0,0],"west":[8,0]}}"#;
    let answer = moves_answer(file, position);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{answer}");
    assert_eq!(
        moves[0]["steps"][0],
        serde_json::json!({"from": 0, "to": 1})
    );
    assert_eq!(
        moves[0]["result"]["pieces"]["west"],
        serde_json::json!([8, 0])
    );
}

#[test]
fn partners_share_squares_where_the_rule_file_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = cross_with(&dir, "partners share squares");
    // Square 96 is south's position 60 and north's 26: south lands beside its partner.
    let mut out = Vec::new();
    let partner_there = places(&r, 0, &[&[on(54), W], &[W, W], &[on(26), W], &[W, W]]);
    r.legal_moves(&partner_there, 6, &mut out);
    assert!(out.contains(&MultiMove::new(on(54), on(60), 6)), "{out:?}");
    let (after, report) = r.apply(&partner_there, MultiMove::new(on(54), on(60), 6));
    assert_eq!(report.captured, None);
    assert_eq!(after.places(2).collect::<Vec<_>>(), [on(26), W]);
}

#[test]
fn partners_win_together_and_three_sides_each_alone() {
    let r = many(FOUR);
    let off = Place::Off;
    // Red is home; yellow, its partner, bears off its last piece: their team wins.
    let pos = places(&r, 2, &[&[off, off], &[W, W], &[on(17), off], &[W, W]]);
    assert_eq!(r.outcome(&pos), None);
    assert_eq!(r.next_side(&pos, 1), 2, "red, home, is passed over");
    let (after, _) = r.apply(&pos, MultiMove::new(on(17), off, 2));
    assert_eq!(r.outcome(&after), Some(MultiOutcome::Win { team: 0 }));
    let r = many(THREE);
    assert_eq!(r.first, 1, "`first green`");
    let pos = places(&r, 1, &[&[W, W], &[on(18), off], &[W, W]]);
    let (after, report) = r.apply(&pos, MultiMove::new(on(18), off, 1));
    assert_eq!(r.outcome(&after), Some(MultiOutcome::Win { team: 1 }));
    assert!(!report.extra_throw);
    // `extra throw after 4`: the same side throws again.
    let pos = places(&r, 2, &[&[W, W], &[W, W], &[W, W]]);
    let (after, report) = r.apply(&pos, MultiMove::new(W, on(4), 4));
    assert!(report.extra_throw);
    assert_eq!(after.to_move(), 2);
}

#[test]
fn sim_plays_many_sides_the_same_whatever_the_jobs() {
    use crate::support::cli::run;
    let (code, text, err) = run(&["sim", FOUR, "--games", "400", "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("4 sides in 2 teams, red moving first"),
        "{text}"
    );
    assert!(
        text.contains("red + yellow  wins") && text.contains("green + blue  wins"),
        "{text}"
    );
    let one = sim_json(THREE, "600", "3", "1");
    assert_eq!(one, sim_json(THREE, "600", "3", "2"));
    assert_eq!(one["format"], "senet-multi-sim/1");
    assert_eq!(one["games"], 600);
    let wins: u64 = one["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(wins + one["unfinished"].as_u64().unwrap(), 600);
    assert_eq!(one["teams"][1]["sides"], serde_json::json!(["green"]));
}

#[test]
fn commands_that_play_two_sides_refuse_more_and_say_which_take_them() {
    use crate::support::cli::run;
    let (code, out, _) = run(&["check", FOUR]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = run(&["explain", FOUR]);
    assert_eq!(code, 0);
    assert!(out.contains("4 sides, in side order, which is the order of their turns"));
    assert!(out.contains("Partners win together"));
    assert!(
        out.contains("The first team to bear off all its pieces wins"),
        "{out}"
    );
    let (_, out, _) = run(&["explain", THREE]);
    assert!(
        out.contains("The first side to bear off all its pieces wins"),
        "{out}"
    );
    let (code, _, err) = run(&["train", FOUR, "--out", "four.net"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("has 4 sides")
            && err
                .contains("`moves` take those of the engine for many sides, and `solve` two teams"),
        "{err}"
    );
    for (args, says) in [
        (
            &["sim", FOUR, "--players", "greedy,random"][..],
            "one player per side (4)",
        ),
        (&["play", FOUR], "one player per side (4)"),
        (
            &[
                "play",
                FOUR,
                "--players",
                "human,expectimax:2,random,random",
            ],
            "`expectimax:2` does not play the games of the engine for many sides yet",
        ),
    ] {
        refused(args, says);
    }
}

#[test]
fn play_goes_round_four_players_to_the_end() {
    use crate::support::cli::run;
    let args = [
        "play",
        FOUR,
        "--players",
        "greedy,random,greedy,random",
        "--seed",
        "2",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("red (R) is player 1: greedy, team red + yellow"),
        "{out}"
    );
    // Turns go round in side order from red's.
    let throwers: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_suffix(|c: char| c.is_ascii_digit()))
        .filter_map(|l| l.strip_suffix(" throws "))
        .take(4)
        .collect();
    assert_eq!(throwers, ["red", "green", "yellow", "blue"]);
    assert!(out.contains(" win.\n"), "{out}");
    assert_eq!(run(&args).1, out, "the same seed plays the same game");
}

#[test]
fn a_person_plays_a_side_of_four_by_number() {
    let out = crate::support::cli::senet()
        .args([
            "play",
            FOUR,
            "--players",
            "human,random,random,random",
            "--seed",
            "5",
        ])
        .write_stdin("1\n9\n2\nq\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    // The first throw has one move, made without asking; the second has two.
    assert!(text.contains("red: enters on 3 (square 3)"), "{text}");
    assert!(
        text.contains("  1. 3 -> 7 (square 12)\n  2. enters on 4 (square 4)"),
        "{text}"
    );
    assert!(text.contains("`9` is no move here"), "{text}");
    assert!(text.contains("Stopped."), "{text}");
}

#[test]
fn moves_answers_positions_of_four_sides() {
    // Red's piece on square 2 (its position 2) is on green's position 13: green's piece on 12
    // takes it with a throw of 1.
    let position = r#"{"to_move":"green","throw":1,"pieces":{"red":[2,0],"green":[12,0],"yellow":[0,0],"blue":[0,0]}}"#;
    let answer = moves_answer(FOUR, position);
    let moves = answer["moves"].as_array().unwrap();
    let taking = moves
        .iter()
        .find(|m| m["steps"][0] == serde_json::json!({"from": 12, "to": 13}))
        .expect("12 -> 13 is listed");
    assert_eq!(
        taking["captures"],
        serde_json::json!({"side": "red", "from": 2})
    );
    assert_eq!(taking["result"]["pieces"]["red"], serde_json::json!([0, 0]));
    assert_eq!(taking["result"]["to_move"], "yellow");
    // Entering with a 1 lands on green's entry square, a castle; the listing has it too.
    assert!(
        moves
            .iter()
            .any(|m| m["steps"][0] == serde_json::json!({"from": 0, "to": 1}))
    );
}

#[test]
fn a_game_of_four_is_recorded_and_replayed() {
    use crate::support::cli::run;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("four.json");
    let record = path.to_str().unwrap();
    let args = [
        "play",
        FOUR,
        "--players",
        "greedy,random,random,greedy",
        "--seed",
        "9",
        "--record",
        record,
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("The game is recorded in"), "{out}");
    let (code, out, err) = run(&["replay", record]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("ok  ") && out.contains("test/ring-of-four replayed"),
        "{out}"
    );
    // A game over is not resumed.
    let (code, _, err) = run(&["play", "--resume", record]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be resumed: the game is over"), "{err}");
    // A move changed: the replay says which event is wrong.
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let events = v["events"].as_array_mut().unwrap();
    let k = events.iter().position(|e| e.get("move").is_some()).unwrap();
    events[k]["move"]["to"] = serde_json::json!(17);
    std::fs::write(&path, v.to_string()).unwrap();
    let (code, _, err) = run(&["replay", record]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("event {}: ", k + 1)), "{err}");
}

/// Every bundled rule set of more than two sides plays on the engine for many sides: 2,000
/// random games end (none at the turn cap), the same whatever `--jobs`, and a game of random
/// players is recorded and replays.
#[test]
fn every_bundled_rule_set_of_many_sides_plays_and_replays() {
    use crate::support::cli::run;
    assert!(!many_sided_ids().is_empty());
    for &id in many_sided_ids() {
        let r = check_target(id, &[]).unwrap();
        MultiRules::compile(&r).unwrap_or_else(|e| panic!("{id}: {e}"));
        let one = sim_json(id, "2000", "1", "1");
        assert_eq!(one, sim_json(id, "2000", "1", "2"), "{id}");
        assert_eq!(one["unfinished"], 0, "{id}: {one}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let record = path.to_str().unwrap();
        let players = vec!["random"; r.sides.len()].join(",");
        let (code, _, err) = run(&[
            "play",
            id,
            "--players",
            &players,
            "--seed",
            "5",
            "--record",
            record,
        ]);
        assert_eq!(code, 0, "{id}: {err}");
        let (code, out, err) = run(&["replay", record]);
        assert_eq!(code, 0, "{id}: {err}");
        assert!(out.contains(&format!("{id} replayed")), "{id}: {out}");
    }
}

/// Every position a random game of each bundled rule set of many sides passes through, the
/// throws its side holds among it, reads back from its JSON as itself.
#[test]
fn every_position_of_a_game_of_many_sides_reads_back_from_its_json() {
    use senet::notation::multi::{parse_position, position_json};
    for &id in many_sided_ids() {
        let r = MultiRules::compile(&check_target(id, &[]).unwrap()).unwrap();
        let mut watch = |_: &MultiEvent| {};
        for seed in 0..20 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut game = MultiGame::new(MultiPosition::start(&r), 2_000);
            loop {
                let next = game.next(&r, &mut watch);
                let json = position_json(&r, &game.pos);
                let back =
                    parse_position(&r, &json).unwrap_or_else(|e| panic!("{id}: {e} in {json}"));
                assert_eq!(back, game.pos, "{id}: {json}");
                match next {
                    MultiNext::Over => break,
                    MultiNext::Throw { .. } => {
                        let v = r.random_throw(&mut rng);
                        game.throw(&r, v, &mut watch);
                    }
                    MultiNext::Choose { .. } => {
                        let k = draw_below(&mut rng, r.choices(game.moves().len()));
                        game.choose(&r, k, &mut watch);
                    }
                }
            }
        }
    }
}

/// `senet draw` of a game of four sides in a position: partners on one square side by side, a
/// stack with its count, each side's tray, the cowries of the throw; the legend names the safe
/// squares and the teams.
#[test]
fn draw_shows_four_sides_in_a_position() {
    use crate::support::cli::run;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("position.json");
    // Red and yellow on square 13 (position 8 of both paths); blue's stack of two on square 7
    // (its position 5); green all waiting; three mouths up thrown.
    let position = serde_json::json!({"to_move": "blue", "throw": 3, "pieces": {
        "red": [8, "off", 0], "blue": [5, 5, 0], "yellow": [8, 0, 0], "green": [0, 0, 0]}});
    std::fs::write(&path, position.to_string()).unwrap();
    let id = "cross-and-circle/kawade-kelia";
    let (code, svg, err) = run(&["draw", id, "--position", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let doc = roxmltree::Document::parse(&svg).expect("valid XML");
    let pieces: Vec<(&str, &str, Option<&str>, f64)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .map(|n| {
            let circle = n.children().find(|c| c.has_tag_name("circle")).unwrap();
            let x: f64 = circle.attribute("cx").unwrap().parse().unwrap();
            (
                n.attribute("data-side").unwrap(),
                n.attribute("data-place").unwrap(),
                n.attribute("data-count"),
                x,
            )
        })
        .collect();
    let on = |side: &str, place: &str| pieces.iter().find(|p| p.0 == side && p.1 == place);
    let (red, yellow) = (on("red", "8").unwrap(), on("yellow", "8").unwrap());
    assert!(red.3 < yellow.3, "side by side, in side order: {pieces:?}");
    assert_eq!(on("blue", "5").unwrap().2, Some("2"), "blue's stack");
    let count = |side: &str, place: &str| {
        pieces
            .iter()
            .filter(|p| p.0 == side && p.1 == place)
            .count()
    };
    assert_eq!((count("red", "off"), count("red", "0")), (1, 1));
    assert_eq!(count("green", "0"), 3);
    let throw = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("throw"))
        .expect("the throw");
    assert_eq!(throw.attribute("data-throw"), Some("3"));
    let mouths = throw
        .descendants()
        .filter(|n| n.attribute("class") == Some("cowrie mouth"))
        .count();
    assert_eq!(mouths, 3);
    assert!(
        svg.contains("6, 15, 16, 27, 32, 33, 38, 43, 44, 49, 54, 55, 65 cross: safe"),
        "{svg}"
    );
    assert!(
        svg.contains("Teams: red and yellow; blue and green"),
        "{svg}"
    );
    // A position of another game is refused, saying why.
    std::fs::write(&path, r#"{"to_move": "light", "throw": 1, "pieces": {}}"#).unwrap();
    let (code, _, err) = run(&["draw", id, "--position", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot be drawn") && err.contains("light"),
        "{err}"
    );
}

/// Expectimax, a throw ahead, beats greedy partners on either seats: in 2,000 games of the ring
/// of four its team wins more than half, the whole 95 % interval above it.
#[test]
fn expectimax_partners_beat_greedy_ones() {
    for (players, team) in [
        ("expectimax,greedy,expectimax,greedy", 0),
        ("greedy,expectimax,greedy,expectimax", 1),
    ] {
        let (code, out, err) = crate::support::cli::run(&[
            "sim",
            FOUR,
            "--players",
            players,
            "--games",
            "2000",
            "--seed",
            "1",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let low = v["teams"][team]["win_rate"]["ci95"][0].as_f64().unwrap();
        assert!(low > 0.5, "{players}: {}", v["teams"]);
        assert_eq!(v["players"][team], "expectimax");
    }
}

/// `senet compare` of rule sets of more than two sides: a row each on the engine for many sides,
/// row 1 the games `senet sim` plays with the same seed, the same whatever `--jobs`; a skill pair
/// of such players played with each team the stronger; rule sets of two sides and of more not
/// mixed.
#[test]
fn compare_plays_rule_sets_of_many_sides_side_by_side() {
    use crate::support::cli::run;
    let json = |jobs: &str| {
        let (code, out, err) = run(&[
            "compare",
            FOUR,
            THREE,
            "--games",
            "600",
            "--skill",
            "greedy/random",
            "--skill-games",
            "100",
            "--jobs",
            jobs,
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
        for timing in ["seconds", "jobs"] {
            v.as_object_mut().unwrap().remove(timing);
        }
        v
    };
    let v = json("1");
    assert_eq!(v, json("2"));
    assert_eq!(v["format"], "senet-multi-compare/1");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    // Row 1 plays seed 1: the games of `senet sim` with that seed.
    let sim = sim_json(FOUR, "600", "1", "1");
    for (row, team) in rows[0]["teams"]
        .as_array()
        .unwrap()
        .iter()
        .zip(sim["teams"].as_array().unwrap())
    {
        assert_eq!(row["wins"], team["wins"]);
        assert_eq!(row["sides"], team["sides"]);
    }
    assert_eq!(
        rows[1]["teams"].as_array().unwrap().len(),
        3,
        "three sides, each alone"
    );
    for row in rows {
        let skill = &row["skill"][0];
        assert_eq!(
            (&skill["stronger"], &skill["weaker"]),
            (&"greedy".into(), &"random".into())
        );
        let teams = row["teams"].as_array().unwrap().len() as u64;
        assert_eq!(
            skill["games"],
            100 * teams,
            "each team the stronger in turn"
        );
    }
    // Greedy partners beat random ones (of three sides each alone, greedy barely passes a third).
    assert!(rows[0]["skill"][0]["win_rate"]["ci95"][0].as_f64().unwrap() > 0.5);
    let (code, text, _) = run(&["compare", FOUR, THREE, "--games", "200", "--skill", "none"]);
    assert_eq!(code, 0);
    assert!(
        text.starts_with("2 rows of the engine for many sides"),
        "{text}"
    );
    assert!(text.contains("first-team advantage"), "{text}");
    for (args, says) in [
        (
            &["compare", FOUR, "senet/kendall"][..],
            "a comparison's rule sets are all of one engine",
        ),
        (
            &[
                "compare",
                FOUR,
                THREE,
                "--players",
                "greedy,random,greedy,random",
            ],
            "`--players` names one player per side (3)",
        ),
        (
            &["compare", FOUR, "--plot", "x.svg"],
            "`--plot` draws comparisons of two sides",
        ),
    ] {
        refused(args, says);
    }
}

/// `senet review` of a record of four sides: each decision valued as expectimax values it, so
/// that expectimax's own choices lose nothing and random ones do; the first team's chance after
/// each from playouts; as text and JSON.
#[test]
fn review_values_the_choices_of_a_game_of_four() {
    use crate::support::cli::run;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("four.json");
    let record = path.to_str().unwrap();
    let (code, _, err) = run(&[
        "play",
        FOUR,
        "--players",
        "expectimax,random,expectimax,random",
        "--seed",
        "4",
        "--record",
        record,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["review", record, "--playouts", "8", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format"], "senet-multi-review/1");
    let sides = v["sides"].as_array().unwrap();
    let loss = |name: &str| {
        let s = sides.iter().find(|s| s["side"] == name).unwrap();
        (
            s["decisions"].as_u64().unwrap(),
            s["loss"].as_f64().unwrap(),
        )
    };
    for name in ["red", "yellow"] {
        let (decisions, lost) = loss(name);
        assert!(
            decisions > 0 && lost == 0.0,
            "{name}: {decisions} decisions, {lost} lost"
        );
    }
    let random: f64 = ["green", "blue"].iter().map(|n| loss(n).1).sum();
    assert!(random > 0.0, "{sides:?}");
    for d in v["decisions"].as_array().unwrap() {
        assert!(d["choices"].as_u64().unwrap() >= 2, "{d}");
        let chance = d["first_team_chance"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&chance), "{d}");
        let (value, best) = (
            d["value"].as_f64().unwrap(),
            d["best_value"].as_f64().unwrap(),
        );
        assert!(
            (d["loss"].as_f64().unwrap() - (best - value)).abs() < 1e-9,
            "{d}"
        );
    }
    let (code, text, err) = run(&["review", record, "--playouts", "4"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("red + yellow wins") && text.contains("red: "),
        "{text}"
    );
    let (code, _, err) = run(&["review", record, "--plot", "x.svg"]);
    assert_eq!(code, 2);
    assert!(err.contains("reviews of games of two sides"), "{err}");
}

/// `senet ARGS` exits with status 2, saying `says`.
fn refused(args: &[&str], says: &str) {
    let (code, _, err) = crate::support::cli::run(args);
    assert_eq!(code, 2, "{args:?}");
    assert!(err.contains(says), "{args:?}: {err}");
}

#[test]
fn a_game_of_four_stopped_by_a_person_is_resumed_to_its_end() {
    use crate::support::cli::{run, senet};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stopped.json");
    let record = path.to_str().unwrap();
    let out = senet()
        .args([
            "play",
            FOUR,
            "--players",
            "human,random,random,greedy",
            "--seed",
            "4",
        ])
        .args(["--record", record])
        .write_stdin("1\nq\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stopped: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(stopped["result"], "stopped");
    let events = stopped["events"].as_array().unwrap().len();
    // Gone on with: the person plays its first choice every time, to the end; the record holds
    // the game whole, the stopped one's events first.
    let out = senet()
        .args(["play", "--resume", record])
        .write_stdin("1\n".repeat(2_000))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let whole: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        whole["events"].as_array().unwrap()[..events],
        stopped["events"].as_array().unwrap()[..]
    );
    assert!(whole["result"]["winners"].is_array(), "{}", whole["result"]);
    let (code, out, err) = run(&["replay", record]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" win"), "{out}");
}

#[test]
fn a_game_of_two_sides_is_solved_on_the_engine_for_many_sides_as_the_two_sided_solver_solves_it() {
    use crate::support::cli::run;
    use senet::solve::teams::solve_teams;
    // Each side a team of its own: the same chances from another engine and another solver.
    for (id, pieces) in [("twenty-squares/ur", "2"), ("cross-and-circle/kints", "1")] {
        let option = format!("pieces={pieces}");
        let (code, out, err) = run(&["solve", id, "--option", &option, "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        let two: serde_json::Value = serde_json::from_str(&out).unwrap();
        let rules = check_target(id, &[("pieces".to_string(), pieces.to_string())]).unwrap();
        let multi = MultiRules::compile(&rules).unwrap();
        let solved = solve_teams(&multi, &MultiPosition::start(&multi), 5_000_000).unwrap();
        let first = two["win_probability"][&multi.sides[0].name]
            .as_f64()
            .unwrap();
        let second = two["win_probability"][&multi.sides[1].name]
            .as_f64()
            .unwrap();
        assert!(
            (solved.win[0] - first).abs() < 1e-9,
            "{id}: {solved:?} against {out}"
        );
        assert!(
            (solved.win[1] - second).abs() < 1e-9,
            "{id}: {solved:?} against {out}"
        );
    }
}

/// The ring of four whose turns bank their throws while they are 4s, written in `dir`.
fn banking_ring(dir: &tempfile::TempDir) -> String {
    four_with(
        dir,
        "banking.rules",
        "turn throw then move\n",
        "turn throw again on 4 then move each throw\n",
    )
}

#[test]
fn a_game_of_four_that_banks_its_throws_is_played_recorded_replayed_and_reviewed() {
    use crate::support::cli::run;
    let dir = tempfile::tempdir().unwrap();
    let rules = banking_ring(&dir);
    // Red holds a 4 and a 2, a piece on 3 and one waiting: each throw moves either piece, and
    // after one the other is still red's to play.
    let position = r#"{"to_move":"red","throws":[4,2],"pieces":{"red":[3,0],"green":[0,0],"yellow":[0,0],"blue":[0,0]}}"#;
    let answer = moves_answer(&rules, position);
    let listed: BTreeSet<(String, u64)> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["steps"][0].to_string(), m["throw"].as_u64().unwrap()))
        .collect();
    let expected: BTreeSet<(String, u64)> = [
        (r#"{"from":3,"to":7}"#, 4),
        (r#"{"from":0,"to":4}"#, 4),
        (r#"{"from":3,"to":5}"#, 2),
        (r#"{"from":0,"to":2}"#, 2),
    ]
    .iter()
    .map(|&(s, v)| (s.to_string(), v))
    .collect();
    assert_eq!(listed, expected);
    let entering = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["steps"][0] == serde_json::json!({"from": 0, "to": 4}))
        .unwrap();
    assert_eq!(entering["result"]["to_move"], "red");
    assert_eq!(entering["result"]["throws"], serde_json::json!([2]));
    // A position holding one throw is written with `throws` too; `throw` is refused.
    let (code, _, err) = {
        let out = crate::support::cli::senet()
            .args(["moves", &rules, "--position", "-"])
            .write_stdin(position.replace(r#""throws":[4,2]"#, r#""throw":4"#) + "\n")
            .output()
            .unwrap();
        (
            out.status.code(),
            out.stdout,
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    assert_ne!(code, Some(0));
    assert!(err.contains("`throws`"), "{err}");
    // Played to the end by agents, recorded with each move's throw, replayed and reviewed.
    let record = dir.path().join("game.json");
    let record = record.to_str().unwrap();
    let (code, out, err) = run(&[
        "play",
        &rules,
        "--players",
        "expectimax,greedy,random,greedy",
        "--seed",
        "3",
        "--record",
        record,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("throws 4, and throws again"), "{out}");
    let text = std::fs::read_to_string(record).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let first_move = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|e| e.get("move"))
        .unwrap();
    assert!(first_move["throw"].is_u64(), "{first_move}");
    let (code, out, err) = run(&["replay", record]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("replayed"), "{out}");
    let (code, out, err) = run(&["review", record, "--playouts", "4"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("red"), "{out}");
    // A move that names no throw where several are held does not replay.
    let mut wrong = v.clone();
    for e in wrong["events"].as_array_mut().unwrap() {
        if let Some(m) = e.get_mut("move") {
            m.as_object_mut().unwrap().remove("throw");
        }
    }
    let wrong_path = dir.path().join("wrong.json");
    std::fs::write(&wrong_path, wrong.to_string()).unwrap();
    let (code, _, err) = run(&["replay", wrong_path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("does not say which of the throws"), "{err}");
    // The same figures whatever the jobs; the solver of teams says it does not solve such turns.
    let one = sim_json(&rules, "300", "1", "1");
    assert_eq!(one, sim_json(&rules, "300", "1", "2"));
    assert_eq!(one["unfinished"], 0, "{one}");
    let (code, _, err) = run(&["solve", &rules]);
    assert_ne!(code, 0);
    assert!(err.contains("bank their throws"), "{err}");
}

#[test]
fn an_extra_move_is_explained_played_recorded_and_replayed() {
    use crate::support::cli::run;
    let dir = tempfile::tempdir().unwrap();
    let file = four_with(
        &dir,
        "extra.rules",
        "turn throw then move\n",
        "turn throw then move\nextra move of 1 after 4 entering first\n",
    );
    let rules = file.as_str();
    let (code, out, err) = run(&["explain", rules]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("A throw of 4 also gives a move of 1"), "{out}");
    // Red holds the 4 and the move of 1: the 1 only enters, its piece waiting.
    let position = r#"{"to_move":"red","throws":[4,1],"pieces":{"red":[3,0],"green":[0,0],"yellow":[0,0],"blue":[0,0]}}"#;
    let answer = moves_answer(rules, position);
    let ones: Vec<&serde_json::Value> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["throw"] == 1)
        .collect();
    assert_eq!(ones.len(), 1, "{answer}");
    assert_eq!(ones[0]["steps"][0], serde_json::json!({"from": 0, "to": 1}));
    let record = dir.path().join("game.json");
    let record = record.to_str().unwrap();
    let (code, _, err) = run(&[
        "play",
        rules,
        "--players",
        "expectimax,greedy,random,greedy",
        "--seed",
        "8",
        "--record",
        record,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["replay", record]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("replayed"), "{out}");
    let one = sim_json(rules, "300", "1", "1");
    assert_eq!(one, sim_json(rules, "300", "1", "2"));
    assert_eq!(one["unfinished"], 0, "{one}");
}

#[test]
fn solve_answers_two_teams_and_says_why_not_more() {
    use crate::support::cli::run;
    let target = "tests/fixtures/many-sides/short-race-of-teams.rules";
    let (code, out, err) = run(&["solve", target, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["method"], "teams");
    assert_eq!(
        v["teams"],
        serde_json::json!([["red", "yellow"], ["green", "blue"]])
    );
    let (a, b) = (
        v["win_probability"]["red + yellow"].as_f64().unwrap(),
        v["win_probability"]["green + blue"].as_f64().unwrap(),
    );
    assert!((a + b - 1.0).abs() < 1e-9 && a > 0.0 && b > 0.0, "{v}");
    let (code, out, _) = run(&["solve", target]);
    assert_eq!(code, 0);
    assert!(out.contains("red + yellow  win with probability"), "{out}");
    // Four sides each alone are four teams; the options of the two-sided solver are refused.
    let (code, _, err) = run(&["solve", "cross-and-circle/ashta-kashte"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the solver answers for two sides or two teams, and these rules have 4 teams"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", target, "--table", "t.table"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`--table` is for rule sets of the two-sided engine"),
        "{err}"
    );
    // Too many positions for the limit.
    let (code, _, err) = run(&["solve", target, "--limit", "100"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("more than 100 positions are reachable"),
        "{err}"
    );
}

#[test]
fn a_person_takes_a_move_back_and_saves_the_game_to_resume_it() {
    use crate::support::cli::{run, senet};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.json");
    let saved = path.to_str().unwrap();
    let out = senet()
        .args([
            "play",
            FOUR,
            "--players",
            "human,random,random,random",
            "--seed",
            "5",
        ])
        .write_stdin(format!("1\nu\nh\ns {saved}\nq\n"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    // The move taken back is offered again, with the same throw and the same choices (and once
    // more after the save, which shows where the game stands).
    let choices = "  1. 3 -> 7 (square 12)\n  2. enters on 4 (square 4)";
    assert_eq!(text.matches(choices).count(), 3, "{text}");
    assert!(text.contains("Took back your last move"), "{text}");
    assert!(text.contains("`u` takes back your last move"), "{text}");
    assert!(text.contains(&format!("Saved to {saved}")), "{text}");
    // The game saved is where it was taken back to: red to choose, as a game stopped there.
    let (code, out, err) = run(&["replay", saved]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("stopped by a player"), "{out}");
    let out = senet()
        .args(["play", "--resume", saved])
        .write_stdin("q\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains(choices), "{text}");
}

/// The ring of three with `lines` added at its end, as `name` in `dir`: its rules for the engine
/// for many sides.
fn three_with(dir: &tempfile::TempDir, name: &str, lines: &str) -> MultiRules {
    let text = format!("{}{lines}\n", std::fs::read_to_string(THREE).unwrap());
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let file = path.to_str().unwrap();
    let set = check_target(file, &[]).unwrap_or_else(|_| panic!("the ring with `{lines}` checks"));
    MultiRules::compile(&set).unwrap_or_else(|e| panic!("`{lines}`: {e}"))
}

#[test]
fn a_shortcut_is_taken_from_its_first_square_or_its_own_never_passing_by() {
    // Red's path: positions 1-6 squares 1-6, 7 square 12, 8 square 18, 9-14 squares 24-19, 15
    // square 13, 16 square 7, 17 square 8, 18 square 9. The shortcut from square 20 (position
    // 13) over square 14 (on no path: red's position 19) to square 8 (position 17) is red's
    // alone: the other paths do not reach square 8.
    let dir = tempfile::tempdir().unwrap();
    let r = three_with(&dir, "shortcut.rules", "shortcut 20, 14, 8");
    assert_eq!((r.sides[0].len(), r.sides[0].path.len()), (18, 19));
    assert_eq!(r.sides[0].path[18], 13, "position 19 is square 14");
    assert!(r.sides[1].ways.is_empty() && r.sides[2].ways.is_empty());
    let mut out = Vec::new();
    // Red's other piece is home: its one piece on the board moves.
    let red_on = |p: Place| places(&r, 0, &[&[p, Place::Off], &[W, W], &[W, W]]);
    // On square 20 a 1 goes on along the path (square 19) or onto the shortcut (square 14); a
    // 2 to square 13 or, over 14, to square 8.
    for (v, path, short) in [(1, 14, 19), (2, 15, 17), (3, 16, 18)] {
        r.legal_moves(&red_on(on(13)), v, &mut out);
        assert_eq!(
            out,
            [
                MultiMove::new(on(13), on(path), v),
                MultiMove::new(on(13), on(short), v)
            ],
            "a throw of {v}"
        );
    }
    // A 4 goes four squares along the path, or bears off the shortcut's way: 14, 8, 9, off.
    r.legal_moves(&red_on(on(13)), 4, &mut out);
    assert_eq!(
        out,
        [
            MultiMove::new(on(13), on(17), 4),
            MultiMove::new(on(13), Place::Off, 4)
        ]
    );
    // On the shortcut's square a piece goes on along it: 8, 9, then off by the exact throw.
    for (v, to) in [(1, on(17)), (2, on(18)), (3, Place::Off)] {
        r.legal_moves(&red_on(on(19)), v, &mut out);
        assert_eq!(out, [MultiMove::new(on(19), to, v)], "a throw of {v}");
    }
    r.legal_moves(&red_on(on(19)), 4, &mut out);
    assert!(out.is_empty(), "{out:?}");
    // A piece that passes over square 20 goes on along the path.
    r.legal_moves(&red_on(on(12)), 2, &mut out);
    assert_eq!(out, [MultiMove::new(on(12), on(14), 2)]);
    // The agents reckon the steps left by the shortest way.
    assert_eq!(r.sides[0].steps_left(13), 4);
    assert_eq!(r.sides[0].steps_left(19), 3);
    assert_eq!(r.sides[0].steps_left(12), 7);
}

#[test]
fn a_stack_that_moves_together_goes_whole_and_is_taken_whole() {
    let dir = tempfile::tempdir().unwrap();
    let r = three_with(
        &dir,
        "together.rules",
        "stacks any\nclosed never\nstacks move together\nshortcut 20, 14, 8",
    );
    assert!(r.together);
    let mut out = Vec::new();
    // Red's two pieces on square 20 move as one, along the path or the shortcut.
    let pair = places(&r, 0, &[&[on(13), on(13)], &[W, W], &[W, W]]);
    r.legal_moves(&pair, 1, &mut out);
    assert_eq!(
        out,
        [
            MultiMove::new(on(13), on(14), 1),
            MultiMove::new(on(13), on(19), 1)
        ]
    );
    let (after, _) = r.apply(&pair, out[1]);
    assert_eq!(
        after.positions(0).map(|p| p.get()).collect::<Vec<_>>(),
        [19, 19]
    );
    // And bear off together.
    let on_way = places(&r, 0, &[&[on(19), on(19)], &[W, W], &[W, W]]);
    r.legal_moves(&on_way, 3, &mut out);
    assert_eq!(out, [MultiMove::new(on(19), Place::Off, 3)]);
    let (off, _) = r.apply(&on_way, out[0]);
    assert_eq!(off.count(0, Place::Off), 2);
    // A waiting piece enters alone, onto its side's piece: position 1 then holds both.
    let entering = places(&r, 0, &[&[on(1), W], &[W, W], &[W, W]]);
    r.legal_moves(&entering, 1, &mut out);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out.contains(&MultiMove::new(W, on(1), 1)), "{out:?}");
    let (both, _) = r.apply(&entering, MultiMove::new(W, on(1), 1));
    assert_eq!(
        both.positions(0).map(|p| p.get()).collect::<Vec<_>>(),
        [1, 1]
    );
    // Green's pair on square 19 (red's position 14, green's 9): no count closes a square, and
    // red's lone piece takes both.
    let taken = places(&r, 0, &[&[on(13), Place::Off], &[on(9), on(9)], &[W, W]]);
    let (after, report) = r.apply(&taken, MultiMove::new(on(13), on(14), 1));
    assert_eq!(report.captured.map(|(side, _)| side), Some(1));
    assert_eq!(after.count(1, Place::Waiting), 2);
}

#[test]
fn a_game_of_two_sides_with_a_rule_of_many_sides_plays_on_that_engine() {
    use crate::support::cli::run;
    // Two-player Nyout takes shortcuts and moves its stacks together: the engine for many sides
    // plays it, and every command takes it there or says why not.
    let set = check_target("cross-and-circle/nyout", &[]).unwrap();
    assert_eq!(set.sides.len(), 2);
    assert_eq!(set.many_sides_rule(), Some("shortcut"));
    assert!(set.plays_many());
    let (_, out, _) = run(&["explain", "cross-and-circle/nyout", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["many"], true);
    let (_, out, _) = run(&["explain", "twenty-squares/ur", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["many"], false);
    let answer = moves_answer(
        "cross-and-circle/nyout",
        r#"{"to_move":"red","throws":[3],"pieces":{"red":[5,0,0,0],"blue":[0,0,0,0]}}"#,
    );
    let steps: Vec<String> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["steps"][0]["to"].to_string())
        .collect();
    assert_eq!(steps, ["8", "23", "3"], "{answer}");
    let json = sim_json("cross-and-circle/nyout", "300", "3", "2");
    assert_eq!(json, sim_json("cross-and-circle/nyout", "300", "3", "1"));
    assert_eq!(json["unfinished"], 0, "{json}");
    let (code, out, err) = run(&[
        "play",
        "cross-and-circle/nyout",
        "--players",
        "random,greedy",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("win"), "{out}");
    let (code, _, err) = run(&["train", "cross-and-circle/nyout", "--out", "n.net"]);
    assert_eq!(code, 2);
    assert!(err.contains("says `shortcut`"), "{err}");
    refused(
        &["compare", "cross-and-circle/nyout", "twenty-squares/ur"],
        "a comparison's rule sets are all of one engine",
    );
    // The same rules with more sides compare with it.
    let (code, _, err) = run(&[
        "compare",
        "cross-and-circle/nyout",
        "cross-and-circle/nyout-three",
        "--games",
        "100",
        "--skill",
        "none",
    ]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_game_of_two_sides_is_solved_alike_on_either_engine() {
    // The ring of three as a race of two, one piece a side: solved by the two-sided engine's
    // solver, and again with a cap on extra throws that no game of it comes near, which makes
    // it a game of the engine for many sides (solved by the solver of teams). The chances agree
    // but for the games the cap ends, fewer than one in a billion.
    let text = std::fs::read_to_string(THREE)
        .unwrap()
        .replace("sides red, green, yellow", "sides red, green")
        .replace("pieces 2 each", "pieces 1 each")
        .lines()
        .filter(|l| !l.starts_with("path yellow"))
        .collect::<Vec<_>>()
        .join("\n");
    let dir = tempfile::tempdir().unwrap();
    let solved = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let (code, out, err) =
            crate::support::cli::run(&["solve", path.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let two = solved("two.rules", &text);
    let many = solved(
        "many.rules",
        &format!("{text}\nextra throws at most 60 in a turn\n"),
    );
    assert_eq!(
        (two["method"].as_str(), many["method"].as_str()),
        (Some("dense"), Some("teams"))
    );
    for side in ["red", "green"] {
        let (a, b) = (
            two["win_probability"][side].as_f64().unwrap(),
            many["win_probability"][side].as_f64().unwrap(),
        );
        assert!((a - b).abs() < 1e-9, "{side}: {a} against {b}");
    }
}

#[test]
fn three_equal_throws_in_a_row_do_not_count() {
    // The ring of three, its turns banking their 4s; three 4s in a row void themselves.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(THREE)
        .unwrap()
        .replace(
            "turn throw then move",
            "turn throw again on 4 then move each throw",
        )
        .replace("extra throw after 4", "extra throw after none");
    let write = |name: &str, lines: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, format!("{text}{lines}\n")).unwrap();
        let set = check_target(path.to_str().unwrap(), &[]).unwrap();
        MultiRules::compile(&set).unwrap()
    };
    let r = write(
        "repeats.rules",
        "throws repeated 3 times in a row do not count",
    );
    let start = MultiPosition::start(&r);
    // Green throws 4, 4: it holds both and throws on.
    let two = r.thrown(&r.thrown(&start, 4), 4);
    assert_eq!(
        (two.pool(), two.throwing(), two.run()),
        (&[4, 4][..], true, (4, 2))
    );
    // A third 4 voids the three: green holds none, and throws again as a 4 does.
    let three = r.thrown(&two, 4);
    assert_eq!(
        (three.pool(), three.throwing(), three.run()),
        (&[][..], true, (0, 0))
    );
    // A 2 ends the throwing; a 4 after another throw starts a run anew.
    let after = r.thrown(&r.thrown(&r.thrown(&three, 4), 2), 4);
    assert_eq!(after.run(), (4, 1));
    assert_eq!(after.pool(), [4, 4, 2]);
    // The run is part of the position's JSON, and read back.
    let json = senet::notation::multi::position_json(&r, &two);
    assert_eq!(json["repeats"], serde_json::json!({"throw": 4, "times": 2}));
    let back = senet::notation::multi::parse_position(&r, &json).unwrap();
    assert_eq!(back, two);
    // Where a throw gives an extra move, the moves the voided throws gave go with them.
    let r = write(
        "repeats-extra.rules",
        "throws repeated 3 times in a row do not count\nextra move of 1 after 4",
    );
    let start = MultiPosition::start(&r);
    let two = r.thrown(&r.thrown(&start, 4), 4);
    assert_eq!(two.pool(), [4, 4, 1, 1]);
    assert_eq!(r.thrown(&two, 4).pool(), [0u8; 0]);
    // A move ends the run.
    let one = r.thrown(&r.thrown(&start, 4), 2);
    let mut moves = Vec::new();
    r.moves(&one, &mut moves);
    let (moved, _) = r.apply(&one, moves[0]);
    assert_eq!(moved.run(), (0, 0));
}
