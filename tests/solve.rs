//! The exact solver against values derived by hand, and its command line.

use std::sync::Arc;

use assert_cmd::Command;
use senet::check::check_target;
use senet::compile::compile;
use senet::engine::{Engine, Setup};
use senet::notation::position::parse_position;
use senet::solve::dense::{Precision, Values};
use senet::solve::{Limits, Method, Solution, Solved, solve, solve_with};
use senet::types::PerSide;

fn engine(id: &str, pieces: u8) -> Engine {
    let options = [("pieces".to_string(), pieces.to_string())];
    Engine::new(compile(&check_target(id, &options).unwrap()))
}

fn solve_from(e: &Engine, json: &str) -> Solution {
    let (pos, _) = parse_position(e, &serde_json::from_str(json).unwrap()).unwrap();
    solve(e, pos, 1_000_000, |_| {}).unwrap_or_else(|_| panic!("too large"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Each side has one piece on its last square (position 14) and needs a 1 (4 chances in 16):
/// the side to throw wins with p + (1-p)^2 p + ... = p / (1 - (1-p)^2) = (1/4) / (7/16) = 4/7.
#[test]
fn last_square_each_needs_a_one() {
    let e = engine("twenty-squares/ur", 1);
    let s = solve_from(
        &e,
        r#"{"to_move":"light","throw":null,"pieces":{"light":[14],"dark":[14]}}"#,
    );
    let (light, dark, draw) = s.chances(0);
    assert!(close(light, 4.0 / 7.0), "{light}");
    assert!(close(dark, 3.0 / 7.0), "{dark}");
    assert_eq!(draw, 0.0);
    let s = solve_from(
        &e,
        r#"{"to_move":"dark","throw":null,"pieces":{"light":[14],"dark":[14]}}"#,
    );
    assert!(close(s.chances(0).0, 3.0 / 7.0));
}

/// Light on 13 needs a 2 (6/16) to bear off; a 1 (4/16) takes it to the rosette on 14 and throws
/// again (then it stands as above: 4/7); 0, 3 and 4 (6/16) pass to dark, who wins with a 1 and
/// else passes back. A = B/4 + 3/8 + (6/16)(3/4)A with B = 4/7, so A = (29/56) / (23/32) = 116/161.
#[test]
fn a_rosette_on_the_way_out() {
    let e = engine("twenty-squares/ur", 1);
    let s = solve_from(
        &e,
        r#"{"to_move":"light","throw":null,"pieces":{"light":[13],"dark":[14]}}"#,
    );
    assert!(close(s.chances(0).0, 116.0 / 161.0), "{}", s.chances(0).0);
}

/// A full small game: one piece each on Ur, from the start. There are no draws, the chances
/// add up to one, and the side that throws first has the edge.
#[test]
fn one_piece_ur_from_the_start() {
    let e = engine("twenty-squares/ur", 1);
    let s = solve(&e, e.start(), 1_000_000, |_| {}).unwrap_or_else(|_| panic!("too large"));
    let (light, dark, draw) = s.chances(0);
    assert!(close(light + dark, 1.0) && draw == 0.0);
    assert!(light > 0.5 && light < 0.7, "{light}");
    // Every value is a probability.
    assert!(s.score.iter().all(|v| (0.0..=1.0).contains(v)));
}

/// The optimal agent from a solved table beats random (about 75 % of two-piece games, measured
/// over 2,000; 125 of 200 leaves room for chance).
#[test]
fn optimal_beats_random_on_small_ur() {
    let e = engine("twenty-squares/ur", 2);
    let table = Arc::new(Solved::Search(
        solve(&e, e.start(), 5_000_000, |_| {}).unwrap_or_else(|_| panic!("too large")),
    ));
    let mut optimal = senet::agents::OptimalAgent::new(table, 1);
    let mut random = senet::agents::RandomAgent::new(2);
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(3);
    let mut wins = 0;
    for g in 0..200 {
        let players: [&mut dyn senet::engine::game::Player; 2] = if g % 2 == 0 {
            [&mut optimal, &mut random]
        } else {
            [&mut random, &mut optimal]
        };
        let mut players = players;
        let s = senet::engine::game::play(&e, &mut players, &mut rng, 10_000, |_| {});
        if let Some(senet::engine::Outcome::Win { side, .. }) = s.outcome
            && side.index() == g % 2
        {
            wins += 1;
        }
    }
    assert!(wins >= 125, "optimal won {wins} of 200");
}

fn senet() -> Command {
    Command::cargo_bin("senet").unwrap()
}

/// `senet sim ARGS`, which must succeed.
fn sim_ok(args: &[&str]) {
    let out = senet().arg("sim").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A game no state of which is won or drawn (a throw that moves nothing; loops with nothing
/// captured) is reported as never ending, no side winning, instead of the starting values of a
/// solve; and no table is written.
#[test]
fn a_game_that_never_ends_is_reported_as_such() {
    let dir = std::env::temp_dir().join(format!("senet-endless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = [
        "ruleset \"z\"\ntitle \"Nothing moves\"\nboard 1 x 4\npath a: 1..4\npath b: 4..1\n\
         sides a, b\npieces 1 each\nstart a on 1; b on 4\nthrow 1 sticks: 0 -> 0, 1 -> 0\n\
         bear off exact\nwin first to bear off all\n",
        "ruleset \"l\"\ntitle \"Round and round\"\nboard 1 x 8\npath a: loop 1..4\n\
         path b: loop 5..8\nsides a, b\npieces 1 each\nstart a on 1; b on 5\nthrow die 3\n\
         capture removed\nwin by capturing all\n",
    ];
    for (k, text) in files.iter().enumerate() {
        let file = dir.join(format!("endless{k}.rules"));
        std::fs::write(&file, text).unwrap();
        let table = dir.join(format!("endless{k}.table"));
        let v = solve_json(&[
            file.to_str().unwrap(),
            "--format",
            "json",
            "--table",
            table.to_str().unwrap(),
        ]);
        assert_eq!(v["ends"], false, "{v}");
        assert_eq!(v["win_probability"]["a"], 0.0, "{v}");
        assert_eq!(v["win_probability"]["b"], 0.0, "{v}");
        assert!(!table.exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_solves_and_saves_a_table() {
    let dir = std::env::temp_dir().join(format!("senet-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("ur1.table");
    let table_arg = table.to_str().unwrap();
    let v = solve_json(&[
        "twenty-squares/ur",
        "--option",
        "pieces=1",
        "--format",
        "json",
        "--table",
        table_arg,
    ]);
    for key in [
        "rules",
        "options",
        "to_move",
        "states",
        "seconds",
        "win_probability",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let light = v["win_probability"]["light"].as_f64().unwrap();
    let dark = v["win_probability"]["dark"].as_f64().unwrap();
    assert!(close(light + dark, 1.0));
    // The table plays: optimal against random, loaded from the file.
    sim_ok(&[
        "twenty-squares/ur",
        "--option",
        "pieces=1",
        "--games",
        "200",
        "--players",
        "optimal,random",
        "--table",
        table_arg,
    ]);
    // A table for other options is refused.
    let out = senet()
        .args([
            "sim",
            "twenty-squares/ur",
            "--option",
            "pieces=2",
            "--games",
            "10",
        ])
        .args(["--players", "optimal,random", "--table", table_arg])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("with options pieces=1, not for `twenty-squares/ur` with options pieces=2"),
        "{stderr}"
    );
    // The same option written another way is the same option.
    sim_ok(&[
        "twenty-squares/ur",
        "--option",
        "pieces=01",
        "--games",
        "10",
        "--players",
        "optimal,random",
        "--table",
        table_arg,
    ]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Solves Ur with one piece by `method` and saves its table at `path`.
fn ur1_table(method: &str, path: &str) {
    solve_json(&[
        "twenty-squares/ur",
        "--option",
        "pieces=1",
        "--method",
        method,
        "--format",
        "json",
        "--table",
        path,
    ]);
}

/// A table's header and body, with the checksum of the body recomputed (as a forger would).
fn forge(table: &std::path::Path, edit: impl Fn(&mut serde_json::Value, &mut Vec<u8>)) {
    let bytes = std::fs::read(table).unwrap();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    let mut header: serde_json::Value = serde_json::from_slice(&bytes[..newline]).unwrap();
    let mut body = bytes[newline + 1..].to_vec();
    edit(&mut header, &mut body);
    let mut out = serde_json::to_vec(&header).unwrap();
    out.push(b'\n');
    out.extend_from_slice(&body);
    std::fs::write(table, out).unwrap();
}

/// FNV-1a of `bytes`, as tables keep it.
fn checksum(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// `sim` with the optimal player on `table`: its exit code and standard error.
fn sim_with_table(table: &str) -> (Option<i32>, String) {
    let out = senet()
        .args([
            "sim",
            "twenty-squares/ur",
            "--option",
            "pieces=1",
            "--games",
            "10",
        ])
        .args(["--players", "optimal,random", "--table", table])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_refuses_a_table_whose_contents_are_changed_or_are_no_chances() {
    let dir = std::env::temp_dir().join(format!("senet-solve-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for method in ["search", "dense"] {
        let table = dir.join(format!("ur1-{method}.table"));
        let arg = table.to_str().unwrap();
        let solve = |t: &str| ur1_table(method, t);
        solve(arg);
        // One byte changed: the checksum no longer matches.
        forge(&table, |_, body| body[3] ^= 0x40);
        let (code, stderr) = sim_with_table(arg);
        assert_eq!(code, Some(2), "{method}");
        assert!(
            stderr.contains("do not match its checksum"),
            "{method}: {stderr}"
        );
        // Values that are no chances (NaN, 1e300, -1), the checksum made to match: refused.
        for (k, bad) in [f64::NAN, 1e300, -1.0].into_iter().enumerate() {
            solve(arg);
            forge(&table, |header, body| {
                // The last bytes are a value: f32 in a whole dense table, f64 in the search's.
                let n = body.len();
                if method == "dense" {
                    body[n - 4..]
                        .copy_from_slice(&[f32::NAN, f32::INFINITY, -1.0][k].to_le_bytes());
                } else {
                    body[n - 8..].copy_from_slice(&bad.to_le_bytes());
                }
                header["checksum"] = serde_json::json!(checksum(body));
            });
            let (code, stderr) = sim_with_table(arg);
            assert_eq!(code, Some(2), "{method} {bad}");
            assert!(stderr.contains("not a chance"), "{method} {bad}: {stderr}");
        }
        // A table of an earlier format: solve again.
        solve(arg);
        forge(&table, |header, _| {
            let old = if method == "dense" {
                "senet-dense/1"
            } else {
                "senet-table/2"
            };
            header["format"] = serde_json::json!(old);
        });
        let (code, stderr) = sim_with_table(arg);
        assert_eq!(code, Some(2));
        assert!(stderr.contains("earlier version"), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_refuses_a_rule_set_too_large_with_an_estimate() {
    let out = senet()
        .args(["solve", "senet/kendall", "--method", "search"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("too large") && err.contains("upper bound"),
        "{err}"
    );
}

#[test]
fn cli_solves_from_a_position() {
    let out = senet()
        .args([
            "solve",
            "twenty-squares/ur",
            "--option",
            "pieces=1",
            "--position",
            "-",
            "--format",
            "json",
        ])
        .write_stdin(r#"{"to_move":"light","throw":null,"pieces":{"light":[14],"dark":[14]}}"#)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(close(
        v["win_probability"]["light"].as_f64().unwrap(),
        4.0 / 7.0
    ));
    assert_eq!(v["to_move"], "light");
}

/// The dense numbering and the reachable search agree on every reachable position of small Ur
/// games, whoever is to move.
#[test]
fn dense_agrees_with_search() {
    dense_agrees_with_search_on_ur(1..=2);
}

/// The same with three pieces a side (ten seconds unoptimised): in CI's long checks.
#[test]
#[ignore = "long: run by CI optimised"]
fn dense_agrees_with_search_on_three_pieces() {
    dense_agrees_with_search_on_ur(3..=3);
}

fn dense_agrees_with_search_on_ur(pieces: std::ops::RangeInclusive<u8>) {
    use senet::solve::dense::{self, DenseIndex};
    for pieces in pieces {
        let e = engine("twenty-squares/ur", pieces);
        let index = DenseIndex::new(&e.rules).expect("Ur numbers densely");
        assert!(index.mirrored);
        let d = {
            let stage = dense::Stage::whole(&index, Precision::Double);
            dense::solve(&e, index, PerSide::default(), stage, |_| {}).unwrap()
        };
        let s = solve(&e, e.start(), 1_000_000, |_| {}).unwrap_or_else(|_| panic!("too large"));
        let mut worst: f64 = 0.0;
        for (k, pos) in s.positions.iter().enumerate() {
            worst = worst.max((d.score(pos).unwrap() - s.score[k]).abs());
        }
        assert!(worst < 1e-10, "pieces {pieces}: {worst}");
    }
}

/// The hand-derived end games of the tests above, by the dense numbering.
#[test]
fn dense_end_games_by_hand() {
    let e = engine("twenty-squares/ur", 1);
    let limits = Limits {
        states: 1_000_000,
        bytes: 1 << 30,
        disk: u64::MAX,
    };
    let d = solve_with(&e, e.start(), Method::Dense, limits, |_| {})
        .unwrap_or_else(|_| panic!("too large"));
    assert_eq!(d.method(), "dense");
    let at = |json: &str| {
        parse_position(&e, &serde_json::from_str(json).unwrap())
            .unwrap()
            .0
    };
    let light = |json: &str| d.chances(&at(json)).unwrap().0;
    let both_on_14 = r#"{"to_move":"light","throw":null,"pieces":{"light":[14],"dark":[14]}}"#;
    assert!(close(light(both_on_14), 4.0 / 7.0));
    let dark_to_throw = r#"{"to_move":"dark","throw":null,"pieces":{"light":[14],"dark":[14]}}"#;
    assert!(close(light(dark_to_throw), 3.0 / 7.0));
    let from_13 = r#"{"to_move":"light","throw":null,"pieces":{"light":[13],"dark":[14]}}"#;
    assert!(close(light(from_13), 116.0 / 161.0));
}

/// The dense numbering is a bijection: every state of a two-piece Ur game has its own index,
/// every index in range is used, and locating a state's position gives its index back.
#[test]
fn dense_numbering_is_a_bijection() {
    use senet::solve::dense::{DenseIndex, Located};
    let e = engine("twenty-squares/ur", 2);
    let index = DenseIndex::new(&e.rules).unwrap();
    let tables = index.unranking();
    let mut seen = vec![false; usize::try_from(index.states).unwrap()];
    for l in 0..index.layers.len() {
        for key in index.opponent_keys(l) {
            index.for_row(&e.rules, l, key, |i, pos| {
                assert!(!seen[i], "index {i} used twice");
                seen[i] = true;
                let mover = pos.to_move();
                assert_eq!(index.locate(pos), Located::State { index: i, mover });
                // And the index gives the position back.
                assert_eq!(index.position(&e.rules, &tables, i as u64), *pos);
                // The mirror image (sides swapped, the other to move) is the same state.
                let setup = pos.setup(&e.rules);
                let mirror = Setup {
                    to_move: mover.other(),
                    pieces: PerSide::from_fn(|s| setup.pieces[s.other()].clone()),
                    opening: PerSide::default(),
                    not_begun: PerSide::default(),
                    loses_turn: PerSide::default(),
                    moves_next: PerSide::default(),
                    unmoved: PerSide::default(),
                    moved_this_turn: None,
                    throws_owed: 0,
                    held: PerSide::default(),
                    stacked: PerSide::default(),
                    restacking: PerSide::default(),
                    passed: Vec::new(),
                    doubled: PerSide::default(),
                    lost: PerSide::default(),
                    reached: PerSide::default(),
                }
                .position(&e.rules)
                .expect("a mirror image of a state is a position");
                assert_eq!(
                    index.locate(&mirror),
                    Located::State {
                        index: i,
                        mover: mover.other()
                    }
                );
            });
        }
    }
    assert!(seen.iter().all(|&s| s), "an index no state has");
}

/// Senet's one shared path is numbered by subsets of its 30 squares: the numbering is a
/// bijection too (two pieces a side: every state once, every index used, located back), with
/// the count derived by hand: for each split of pieces off, the mover's pieces on any of the
/// 30 squares, the opponent's on those left, green to move (red's states are their mirror
/// images).
#[test]
fn senet_numbering_by_subsets_is_a_bijection() {
    use senet::solve::dense::{DenseIndex, Located};
    let e = engine("senet/kendall", 2);
    let index = DenseIndex::new(&e.rules).expect("Senet numbers densely");
    // Both sides walk one path by the same rules: the states with green to move stand for
    // those with red to move too (the River sends both sides' pieces to the same squares).
    assert!(index.mirrored);
    let c = |n: u64, k: u64| -> u64 { (0..k).fold(1, |a, i| a * (n - i) / (i + 1)) };
    let mut count = 0;
    for off_me in 0..2u64 {
        for off_them in 0..2u64 {
            for k in 0..=2 - off_me {
                count += c(30, k) * (0..=2 - off_them).map(|j| c(30 - k, j)).sum::<u64>();
            }
        }
    }
    assert_eq!(index.states, count);
    let tables = index.unranking();
    let mut seen = vec![false; usize::try_from(index.states).unwrap()];
    for l in 0..index.layers.len() {
        for key in index.opponent_keys(l) {
            index.for_row(&e.rules, l, key, |i, pos| {
                assert!(!seen[i], "index {i} used twice");
                seen[i] = true;
                let mover = pos.to_move();
                assert_eq!(index.locate(pos), Located::State { index: i, mover });
                assert_eq!(index.position(&e.rules, &tables, i as u64), *pos);
            });
        }
    }
    assert!(seen.iter().all(|&s| s), "an index no state has");
}

/// The dense numbering of Senet and the reachable search agree on every position the search
/// reaches with one piece a side: Kendall's rules (a square that sends pieces back) and the
/// Italian page's (an opening move owed by each side, found from the numbered states).
#[test]
fn senet_dense_agrees_with_search() {
    for id in ["senet/kendall", "senet/base"] {
        let e = engine(id, 1);
        let limits = Limits {
            states: 1_000_000,
            bytes: 1 << 30,
            disk: u64::MAX,
        };
        let d = solve_with(&e, e.start(), Method::Dense, limits, |_| {})
            .unwrap_or_else(|_| panic!("{id}: too large"));
        let Solved::Dense(d) = d else {
            panic!("{id}: not numbered densely")
        };
        let s = solve(&e, e.start(), 1_000_000, |_| {}).unwrap_or_else(|_| panic!("too large"));
        let mut worst: f64 = 0.0;
        for (k, pos) in s.positions.iter().enumerate() {
            let score = d
                .score(pos)
                .unwrap_or_else(|| panic!("{id}: no value for a reached position"));
            worst = worst.max((score - s.score[k]).abs());
        }
        assert!(worst < 1e-9, "{id}: {worst}");
        // Only the Italian page's rules owe opening moves.
        assert_eq!(!d.openings.is_empty(), id == "senet/base", "{id}");
    }
}

/// On one path, sides that differ in one rule (here a square that gives green alone another
/// throw) are not each other's mirror images: both seats are numbered, and the values agree
/// with the search. Openings that differ do not count: no numbered state owes one.
#[test]
fn senet_with_sides_unlike_is_numbered_from_both_seats() {
    use senet::solve::dense::DenseIndex;
    let text = r#"ruleset "test/green-lands"
title   "Kendall's Senet where green lands on 20 to throw again"
source  "a test of the solver"
extends "senet/kendall"
on landing on 20 by green: throw again
"#;
    let options = [("pieces".to_string(), "1".to_string())];
    let rules = senet::check::check_text("green-lands.rules", text, None, &options)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let e = Engine::new(compile(&rules));
    assert!(!e.rules.same_for_both_sides());
    assert!(!DenseIndex::new(&e.rules).unwrap().mirrored);
    let limits = Limits {
        states: 1_000_000,
        bytes: 1 << 30,
        disk: u64::MAX,
    };
    let Solved::Dense(d) = solve_with(&e, e.start(), Method::Dense, limits, |_| {}).unwrap() else {
        panic!("not numbered densely")
    };
    let s = solve(&e, e.start(), 1_000_000, |_| {}).unwrap_or_else(|_| panic!("too large"));
    for (k, pos) in s.positions.iter().enumerate() {
        assert!((d.score(pos).unwrap() - s.score[k]).abs() < 1e-9, "{pos:?}");
    }
    assert!(engine("senet/kendall", 1).rules.same_for_both_sides());
    // The Italian page's sides open differently, and play alike after.
    assert!(engine("senet/base", 1).rules.same_for_both_sides());
    assert!(!engine("twenty-squares/ur", 1).rules.same_for_both_sides());
}

/// The same with two pieces a side, from the start (a few seconds in a release build).
#[test]
#[ignore = "seconds in release, minutes unoptimised: cargo test --release -- --ignored"]
fn senet_dense_agrees_with_search_with_two_pieces() {
    for id in ["senet/kendall", "senet/base"] {
        let e = engine(id, 2);
        let limits = Limits {
            states: 2_000_000,
            bytes: 1 << 30,
            disk: u64::MAX,
        };
        let d = solve_with(&e, e.start(), Method::Dense, limits, |_| {})
            .unwrap_or_else(|_| panic!("too large"));
        let s = solve_with(&e, e.start(), Method::Search, limits, |_| {})
            .unwrap_or_else(|_| panic!("too large"));
        assert_eq!((d.method(), s.method()), ("dense", "search"));
        let (a, b) = (d.score(&e.start()).unwrap(), s.score(&e.start()).unwrap());
        assert!((a - b).abs() < 1e-9, "{id}: dense {a}, search {b}");
    }
}

/// The full game's numbering: 137,870,097 states with light to move (each also stands for its
/// mirror image, dark to move), counted independently: for each split of pieces off, the ways
/// to place the mover's pieces on its 6 private and 8 shared squares times the opponent's on
/// its 6 private squares and the shared squares the mover leaves free.
#[test]
fn seven_piece_ur_state_count() {
    use senet::solve::dense::DenseIndex;
    let e = engine("twenty-squares/ur", 7);
    let index = DenseIndex::new(&e.rules).unwrap();
    let c = |n: u64, k: u64| -> u64 { (0..k).fold(1, |a, i| a * (n - i) / (i + 1)) };
    let at_most = |n: u64, k: u64| -> u64 { (0..=k.min(n)).map(|i| c(n, i)).sum() };
    let mut count = 0;
    for off_me in 0..7u64 {
        for off_them in 0..7u64 {
            for shared in 0..=8u64 {
                for private in 0..=6u64 {
                    if shared + private <= 7 - off_me {
                        count += c(8, shared) * c(6, private) * at_most(14 - shared, 7 - off_them);
                    }
                }
            }
        }
    }
    assert_eq!(count, 137_870_097);
    assert_eq!(index.states, count);
    assert!(index.mirrored);
}

/// `senet solve ARGS` (with `position` on standard input), which must succeed: its JSON.
pub(crate) fn solve_json_at(args: &[&str], position: &str) -> serde_json::Value {
    let out = senet()
        .arg("solve")
        .args(args)
        .write_stdin(position)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn solve_json(args: &[&str]) -> serde_json::Value {
    solve_json_at(args, "")
}

/// `senet solve ARGS` is refused (exit status 2) with `expected` in what it says.
fn solve_refused(args: &[&str], expected: &str) {
    let out = senet().arg("solve").args(args).output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
    assert!(said.contains(expected), "{args:?}: {said}");
}

/// Both numberings from the command line: the same chances, and a table from the search plays
/// as well as a dense one.
#[test]
fn cli_methods_agree() {
    let common = [
        "twenty-squares/ur",
        "--option",
        "pieces=2",
        "--format",
        "json",
    ];
    let dense = solve_json(&[&common[..], &["--method", "dense"]].concat());
    let dir = std::env::temp_dir().join(format!("senet-methods-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("ur2.table");
    let table_arg = table.to_str().unwrap();
    let search = solve_json(&[&common[..], &["--method", "search", "--table", table_arg]].concat());
    assert_eq!(dense["method"], "dense");
    assert_eq!(search["method"], "search");
    assert_eq!(dense["states"], 12869);
    assert_eq!(search["states"], 25980);
    let light = |v: &serde_json::Value| v["win_probability"]["light"].as_f64().unwrap();
    assert!((light(&dense) - light(&search)).abs() < 1e-10);
    assert!((light(&dense) - 0.518572907495).abs() < 1e-11);
    sim_ok(&[
        "twenty-squares/ur",
        "--option",
        "pieces=2",
        "--games",
        "20",
        "--players",
        "optimal,greedy",
        "--table",
        table_arg,
    ]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_refuses_a_dense_solve_beyond_its_memory() {
    let out = senet()
        .args(["solve", "twenty-squares/ur", "--memory", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("137870097 states") && err.contains("GiB"),
        "{err}"
    );
    // Senet with five pieces a side is numbered by subsets of its squares: far too many, and
    // the advice is the rule set's own option.
    let out = senet()
        .args(["solve", "senet/kendall", "--method", "dense"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("19926605935 states would need about") && err.contains("--option pieces=3"),
        "{err}"
    );
}

/// A run of some super-layers needs the memory of those alone: six-piece Ur whole is refused
/// where its top super-layers are solved.
#[test]
fn cli_weighs_a_run_of_some_super_layers_by_its_own_memory() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("top.t");
    let solve = |more: &[&str]| {
        senet()
            .args([
                "solve",
                "twenty-squares/ur",
                "-o",
                "pieces=6",
                "--values",
                "64",
            ])
            .args(["--memory", "0.8"])
            .args(more)
            .output()
            .unwrap()
    };
    let whole = solve(&[]);
    assert_eq!(whole.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&whole.stderr).contains("too large to solve here"));
    let top = solve(&["--layers", "7-10", "--table", table.to_str().unwrap()]);
    assert!(
        top.status.success(),
        "{}",
        String::from_utf8_lossy(&top.stderr)
    );
}

/// Rules whose sides are not mirror images are numbered from both seats, and still agree with
/// the search on every reachable position.
#[test]
fn dense_without_mirror_agrees_with_search() {
    use senet::solve::dense::{self, DenseIndex};
    let text = r#"ruleset "test/lopsided-ur"
title   "Ur with a path one square shorter for dark"
source  "a test of the solver"
extends "twenty-squares/ur"
path dark: 19..17, 9..16, 24..23
marks positions 4, 8
safe positions 4, 8
extra throw on positions 4, 8
"#;
    let options = [("pieces".to_string(), "2".to_string())];
    let rules = senet::check::check_text("lopsided.rules", text, None, &options)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let e = Engine::new(compile(&rules));
    let index = DenseIndex::new(&e.rules).expect("numbers densely");
    assert!(!index.mirrored);
    let d = {
        let stage = dense::Stage::whole(&index, Precision::Double);
        dense::solve(&e, index, PerSide::default(), stage, |_| {}).unwrap()
    };
    let s = solve(&e, e.start(), 1_000_000, |_| {}).unwrap_or_else(|_| panic!("too large"));
    for (k, pos) in s.positions.iter().enumerate() {
        assert!(
            (d.score(pos).unwrap() - s.score[k]).abs() < 1e-10,
            "{pos:?}"
        );
    }
}

/// The full seven-piece game (about 5 minutes and 3.2 GiB in a release build, so not part of the
/// default run): `cargo test --release --test main solve:: -- --ignored`.
#[test]
#[ignore]
fn seven_piece_ur_solved() {
    let e = engine("twenty-squares/ur", 7);
    let limits = Limits {
        states: 0,
        bytes: 7 << 30,
        disk: u64::MAX,
    };
    let d = solve_with(&e, e.start(), Method::Auto, limits, |_| {})
        .unwrap_or_else(|_| panic!("too large"));
    assert_eq!(d.states(), 137_870_097);
    let (light, dark, _) = d.chances(&e.start()).unwrap();
    assert!((light - 0.515404732508).abs() < 1e-9, "{light}");
    assert!((light + dark - 1.0).abs() < 1e-12);
}

/// End games of the full seven-piece game, from a position: only the states with at least as
/// many pieces off are solved, so this takes moments. Both numberings agree with the hand values.
#[test]
fn seven_piece_end_games() {
    let off6 = r#""off","off","off","off","off","off""#;
    for method in ["dense", "search"] {
        let cases = [
            (
                format!(
                    r#"{{"to_move":"light","throw":null,"pieces":{{"light":[14,{off6}],"dark":[14,{off6}]}}}}"#
                ),
                4.0 / 7.0,
            ),
            (
                format!(
                    r#"{{"to_move":"light","throw":null,"pieces":{{"light":[13,{off6}],"dark":[14,{off6}]}}}}"#
                ),
                116.0 / 161.0,
            ),
        ];
        for (position, expected) in cases {
            let v = solve_json_at(
                &[
                    "twenty-squares/ur",
                    "--position",
                    "-",
                    "--format",
                    "json",
                    "--method",
                    method,
                ],
                &position,
            );
            let light = v["win_probability"]["light"].as_f64().unwrap();
            assert!(close(light, expected), "{method}: {light}");
        }
    }
}

/// From a position after the throw: the best move's value. Light on 13 with a 2 bears off and
/// wins; with a 1 it reaches the rosette on 14 and throws again, as in the 4/7 case above; with
/// a 3 it cannot move and dark, on 14, throws: a 1 (1/4) wins for dark, anything else passes
/// back to light on 13 (116/161 above), so light has 3/4 * 116/161 = 87/161.
#[test]
fn cli_solves_after_the_throw() {
    for (throw, expected) in [(2, 1.0), (1, 4.0 / 7.0), (3, 87.0 / 161.0)] {
        for method in ["dense", "search"] {
            let position = format!(
                r#"{{"to_move":"light","throw":{throw},"pieces":{{"light":[13],"dark":[14]}}}}"#
            );
            let v = solve_json_at(
                &[
                    "twenty-squares/ur",
                    "--option",
                    "pieces=1",
                    "--position",
                    "-",
                    "--format",
                    "json",
                    "--method",
                    method,
                ],
                &position,
            );
            let light = v["win_probability"]["light"].as_f64().unwrap();
            assert!(close(light, expected), "{method}, throw {throw}: {light}");
            assert_eq!(v["throw"], throw);
        }
    }
}

/// The second edition's square rules (a trap, a held square, captures sent to a square) are
/// numbered densely from both seats, and agree with the search on every reachable position;
/// crossing paths (Masters) number densely and agree too.
#[test]
fn dense_agrees_with_search_on_traps_holds_and_captures_to_a_square() {
    use senet::solve::dense::{self, DenseIndex};
    let text = r#"ruleset "test/ur-with-traps"
extends "twenty-squares/ur"
on passing 12: go to 14
only pieces on 15 may move while one is there
on capture on 13: captured piece goes to first free before 11
"#;
    let options = [("pieces".to_string(), "2".to_string())];
    let rules = senet::check::check_text("traps.rules", text, None, &options)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let with_traps = Engine::new(compile(&rules));
    for e in [&with_traps, &engine("twenty-squares/masters", 2)] {
        let index = DenseIndex::new(&e.rules).expect("numbers densely");
        let d = {
            let stage = dense::Stage::whole(&index, Precision::Double);
            dense::solve(e, index, PerSide::default(), stage, |_| {}).unwrap()
        };
        let s = solve(e, e.start(), 1_000_000, |_| {}).unwrap_or_else(|_| panic!("too large"));
        for (k, pos) in s.positions.iter().enumerate() {
            assert!(
                (d.score(pos).unwrap() - s.score[k]).abs() < 1e-10,
                "{}: {pos:?}",
                e.rules.id
            );
        }
    }
    assert!(!DenseIndex::new(&with_traps.rules).unwrap().mirrored);
}

/// A captured piece removed from the game on some squares is state the dense numbering does not
/// hold: it refuses, and the search solves.
#[test]
fn dense_refuses_pieces_removed_on_given_squares() {
    use senet::solve::dense::DenseIndex;
    let text = "ruleset \"test/removed-on-13\"\nextends \"twenty-squares/ur\"\n\
                on capture on 13: captured piece is removed\n";
    let options = [("pieces".to_string(), "1".to_string())];
    let rules = senet::check::check_text("removed.rules", text, None, &options)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let e = Engine::new(compile(&rules));
    assert!(DenseIndex::new(&e.rules).is_err());
    assert!(solve(&e, e.start(), 1_000_000, |_| {}).is_ok());
}

/// A lost turn is state the dense numbering does not hold: such rules are solved by search.
/// Ur with one piece each and `on landing on positions 13: lose next turn`; light on 12, dark on
/// 14 (dark needs a 1, 1/4, else passes). With D(x) = 3/4 W(x) for dark to throw:
/// W(14) = 4/7 and W(13) = 116/161 (as above); landing on 13 gives dark its throw and then,
/// light's turn being lost, another: L13 = 3/4 * 3/4 * W(13) = 261/644. From 12 a 1 lands on 13,
/// a 2 on the rosette 14 (throw again: W(14)), a 3 bears off, 0 and 4 pass:
/// W(12) = L13/4 + (3/8)(4/7) + 1/4 + (1/8)(3/4) W(12), so W(12) = 2914/4669.
#[test]
fn a_lost_turn_is_solved_by_search() {
    let rules = senet::check::check_text(
        "lose.rules",
        "ruleset \"test/lose\"\nextends \"twenty-squares/ur\"\npieces 1 each\non landing on positions 13: lose next turn\n",
        None,
        &[],
    )
    .unwrap_or_else(|d| panic!("{d:?}"));
    let e = Engine::new(compile(&rules));
    let limits = Limits {
        states: 1_000_000,
        bytes: 1 << 30,
        disk: u64::MAX,
    };
    let refused = solve_with(&e, e.start(), Method::Dense, limits, |_| {});
    assert!(
        matches!(&refused, Err(senet::solve::SolveError::NotDense(why)) if why.contains("lost turn")),
        "{:?}",
        refused.err()
    );
    let s = solve_from(
        &e,
        r#"{"to_move":"light","throw":null,"pieces":{"light":[12],"dark":[14]}}"#,
    );
    let light = s.chances(0).0;
    assert!(close(light, 2914.0 / 4669.0), "{light}");
}

/// A table whose header claims more states than any body could hold (2^61 more: times the
/// record size the claim wraps past 64 bits to the body's true size) is refused as damaged, for
/// both kinds of table.
#[test]
fn cli_refuses_a_table_that_claims_too_many_states() {
    let dir = std::env::temp_dir().join(format!("senet-solve-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for method in ["search", "dense"] {
        let table = dir.join(format!("ur1-{method}.table"));
        let table_arg = table.to_str().unwrap();
        ur1_table(method, table_arg);
        // The real count plus 2^61: times the 40-byte record (or 8-byte value) the claimed size
        // wraps round to the real one.
        forge(&table, |header, _| {
            let states = header["states"].as_u64().unwrap();
            header["states"] = serde_json::json!(states + (1u64 << 61));
        });
        let out = senet()
            .args(["sim", "twenty-squares/ur", "--option", "pieces=1"])
            .args([
                "--games",
                "10",
                "--players",
                "optimal,random",
                "--table",
                table_arg,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{method}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("damaged"), "{method}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table solved from a late position holds none of the early game: the optimal player says
/// how often it had to play as greedy, instead of doing so silently.
#[test]
fn cli_says_when_the_optimal_player_leaves_its_table() {
    let dir = std::env::temp_dir().join(format!("senet-solve-floor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let position = dir.join("late.json");
    std::fs::write(
        &position,
        r#"{"to_move":"light","throw":null,"pieces":{"light":["off",3],"dark":["off",5]}}"#,
    )
    .unwrap();
    let table = dir.join("late.table");
    let out = senet()
        .args([
            "solve",
            "twenty-squares/ur",
            "--option",
            "pieces=2",
            "--method",
            "dense",
        ])
        .args([
            "--position",
            position.to_str().unwrap(),
            "--table",
            table.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = senet()
        .args([
            "sim",
            "twenty-squares/ur",
            "--option",
            "pieces=2",
            "--games",
            "20",
        ])
        .args([
            "--players",
            "optimal,random",
            "--table",
            table.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("player 1 (`optimal`) met") && stderr.contains("as `greedy`"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--values 32` solves in fixed point and says so; its chances agree with `--values 64`'s
/// within the bound it states.
#[test]
fn cli_solves_in_32_bits_when_asked() {
    let args = |values| ["twenty-squares/ur", "-o", "pieces=2", "--values", values];
    let text = |values| {
        let out = senet().arg("solve").args(args(values)).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let said = text("32");
    assert!(
        said.contains("values in 32-bit fixed point, within 2e-8 of f64"),
        "{said}"
    );
    assert!(!text("64").contains("fixed point"));
    let light = |values| {
        let v = solve_json(&[&args(values)[..], &["--format", "json"]].concat());
        v["win_probability"]["light"].as_f64().unwrap()
    };
    let (fixed, double) = (light("32"), light("64"));
    assert!(
        (fixed - double).abs() < senet::solve::dense::FIXED_BOUND,
        "{fixed} {double}"
    );
}

/// Both ways of keeping values while solving, state by state: the largest difference between
/// the 32-bit fixed-point values (4 bytes a state, for games whose `f64` values do not fit) and
/// the `f64` ones, each solved whole.
fn fixed_against_f64(id: &str, pieces: u8) -> f64 {
    use senet::solve::dense::{self, DenseIndex, Stage};
    let e = engine(id, pieces);
    let solved = |precision| {
        let index = DenseIndex::new(&e.rules).expect("numbers densely");
        let stage = Stage::whole(&index, precision);
        dense::solve(&e, index, PerSide::default(), stage, |_| {}).unwrap()
    };
    let (double, fixed) = (solved(Precision::Double), solved(Precision::Fixed));
    assert!(matches!(fixed.values, Values::Fixed(_)), "{id}");
    let states = usize::try_from(double.index.states).unwrap();
    let worst = (0..states)
        .map(|i| (double.values.get(i) - fixed.values.get(i)).abs())
        .fold(0.0, f64::max);
    eprintln!("{id} with {pieces} pieces: fixed point within {worst:e} of f64");
    worst
}

/// Values kept in 32-bit fixed point agree with the `f64` ones within the bound the solver
/// states ([`senet::solve::dense::FIXED_BOUND`]): Ur with three pieces (mirror images, rows by
/// tables) and Kendall's Senet with two (placings ranked as subsets, a square that sends back).
#[test]
fn fixed_point_values_agree_with_f64() {
    use senet::solve::dense::FIXED_BOUND;
    for (id, pieces) in [("twenty-squares/ur", 3), ("senet/kendall", 2)] {
        let worst = fixed_against_f64(id, pieces);
        assert!(worst < FIXED_BOUND, "{id}: {worst}");
    }
}

/// The same on Kendall's Senet with three pieces (19 million states, a minute optimised).
#[test]
#[ignore = "a minute optimised: cargo test --profile ci -- --ignored"]
fn fixed_point_values_agree_with_f64_on_three_piece_senet() {
    let worst = fixed_against_f64("senet/kendall", 3);
    assert!(worst < senet::solve::dense::FIXED_BOUND, "{worst}");
}

/// Solving the super-layers (pieces off in total) a group at a time, each run given only the
/// values of the run before it (a move bears off at most one piece), gives every state the
/// value a whole solve gives: Ur with three pieces (mirror images once, rows by tables) and
/// Kendall's Senet with two (both seats, placings ranked as subsets); and the same where each
/// run keeps the values above it in a file (where the system maps files, Linux, and a layer
/// has whole pages of values: Ur's do, two-piece Senet's are smaller).
#[test]
fn super_layers_solved_in_runs_agree_with_a_whole_solve() {
    use senet::solve::dense::{self, DenseIndex, Failed, Known, Missing, Stage};
    let ur: &[std::ops::RangeInclusive<usize>] = &[3..=4, 2..=2, 0..=1];
    let senet: &[std::ops::RangeInclusive<usize>] = &[2..=2, 1..=1, 0..=0];
    let games = [
        ("twenty-squares/ur", 3, ur, true),
        ("senet/kendall", 2, senet, false),
    ];
    for ((id, pieces, runs, pages), in_file) in games
        .into_iter()
        .flat_map(|game| [(game, false), (game, true)])
    {
        let e = engine(id, pieces);
        let numbering = || DenseIndex::new(&e.rules).expect("numbers densely");
        let index = numbering();
        let stage = Stage::whole(&index, Precision::Double);
        let whole = dense::solve(&e, index, PerSide::default(), stage, |_| {}).unwrap();
        assert_eq!(whole.index.top_total(), *runs[0].end(), "{id}");
        let mut given = Known::none(&whole.index, Precision::Double, Some(&runs[0]));
        // The bytes of values above the next run in a file.
        let mut moved = 0;
        for (k, range) in runs.iter().enumerate() {
            let index = numbering();
            let stage = Stage {
                known: given,
                only: Some(range.clone()),
                lists: u64::MAX,
                disk: u64::MAX,
                part: None,
                cutting: None,
            };
            let run = dense::solve(&e, index, PerSide::default(), stage, |_| {}).unwrap();
            assert_eq!(run.values_in_file > 0, moved > 0, "{id}");
            let in_run = |total: usize| range.contains(&total);
            let mut worst: f64 = 0.0;
            for l in run.index.layers.iter().filter(|l| in_run(l.total_off())) {
                for i in l.states() {
                    worst = worst.max((run.values.get(i) - whole.values.get(i)).abs());
                }
            }
            assert!(worst < 1e-9, "{id}, pieces off {range:?}: {worst}");
            assert_eq!(run.holds(&e.start()), *range.start() == 0, "{id}");
            // The next run gets only this run's layers, as it would from its table.
            let Some(next) = runs.get(k + 1) else {
                break;
            };
            given = Known::none(&run.index, Precision::Double, Some(next));
            if in_file {
                moved = given.keep_above_in_file(&run.index, next).unwrap();
                if pages {
                    assert_eq!(moved > 0, cfg!(target_os = "linux"), "{id}");
                }
            }
            for (l, known) in run.index.layers.iter().zip(&mut given.layers) {
                if in_run(l.total_off()) {
                    for i in l.states() {
                        given.values.set(i, run.values.get(i));
                    }
                    *known = true;
                }
            }
        }
    }
    // A run not given the super-layer its moves reach says which.
    let e = engine("twenty-squares/ur", 3);
    let index = DenseIndex::new(&e.rules).unwrap();
    let stage = Stage {
        known: Known::none(&index, Precision::Double, Some(&(1..=2))),
        only: Some(1..=2),
        lists: u64::MAX,
        disk: u64::MAX,
        part: None,
        cutting: None,
    };
    let missing = dense::solve(&e, index, PerSide::default(), stage, |_| {}).err();
    assert!(
        matches!(
            missing,
            Some(Failed::Missing(Missing {
                solving: 2,
                needs: 3
            }))
        ),
        "{missing:?}"
    );
}

/// A run of some super-layers whose `--memory` holds its own values but not those above it,
/// which it reads and never changes, keeps those in a file (where the system maps files:
/// Linux), and its table holds the values of a run that kept them in memory. Three-piece Ur's
/// last super-layer, `--memory` halfway between what the two ways need.
#[test]
fn a_run_keeps_the_values_above_it_in_a_file_where_memory_is_short() {
    use senet::solve::dense::{self, Above, DenseIndex};
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let rules = ["twenty-squares/ur", "-o", "pieces=3", "--values", "64"];
    let solve = |args: &[&str]| solve_json(&[&rules[..], args, &["--format", "json"]].concat());
    solve(&["--layers", "1-4", "--table", &at("top.t")]);
    let e = engine("twenty-squares/ur", 3);
    let index = DenseIndex::new(&e.rules).unwrap();
    let last = 0..=0;
    let needs = |above| {
        dense::memory_needed_for(&index, Precision::Double, above, Some(&last), None) as f64
    };
    let (file, memory) = (needs(Above::File), needs(Above::Memory));
    assert!(file < memory, "{file} {memory}");
    let short = format!("{}", (file + memory) / 2.0 / f64::from(1u32 << 30));
    let from = ["--layers", "0", "--from", &at("top.t"), "--table"];
    let tight = solve(&[&from[..], &[&at("tight.t"), "--memory", &short]].concat());
    let roomy = solve(&[&from[..], &[&at("roomy.t")]].concat());
    assert_eq!(
        tight["values_in_file_bytes"].as_u64().unwrap() > 0,
        cfg!(target_os = "linux")
    );
    assert_eq!(roomy["values_in_file_bytes"], 0);
    let light = |v: &serde_json::Value| v["win_probability"]["light"].as_f64().unwrap();
    assert!((light(&tight) - light(&roomy)).abs() < 1e-10);
    // Both tables hold the last super-layer's values in f64.
    let values = |name: &str| {
        let bytes = std::fs::read(at(name)).unwrap();
        let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
        (bytes[newline + 1..].chunks_exact(8))
            .map(|w| f64::from_le_bytes(w.try_into().unwrap()))
            .collect::<Vec<f64>>()
    };
    let (a, b) = (values("tight.t"), values("roomy.t"));
    assert_eq!(a.len(), b.len());
    assert!(!a.is_empty());
    let worst = a
        .iter()
        .zip(&b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max);
    assert!(worst < 1e-10, "{worst}");
    // Where neither way fits, the refusal says what the lesser needs.
    let least = format!("{}", file / 2.0 / f64::from(1u32 << 30));
    solve_refused(
        &[&rules[..], &from[..], &[&at("no.t"), "--memory", &least]].concat(),
        "too large to solve here",
    );
}

/// `senet solve --layers` and `--from` from the command line: chained runs, each reading only
/// the table of the run before, then a run that only merges the tables, give the start's value
/// of a whole solve and a table the optimal agent plays from; a table of some super-layers is
/// refused for play, and every misuse is refused with what to do.
#[test]
fn cli_solves_a_game_in_runs_of_super_layers() {
    let dir = std::env::temp_dir().join(format!("senet-layers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let at = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let ur3 = [
        "twenty-squares/ur",
        "--option",
        "pieces=3",
        "--format",
        "json",
    ];
    let solve = |args: &[&str]| solve_json(&[&ur3[..], args].concat());
    let whole = solve(&[]);
    let top = solve(&["--layers", "3-4", "--table", &at("top.t")]);
    assert_eq!(top["layers"], serde_json::json!([3, 4]));
    assert!(top["win_probability"].is_null());
    let two = solve(&[
        "--layers",
        "2",
        "--from",
        &at("top.t"),
        "--table",
        &at("two.t"),
    ]);
    let last = solve(&[
        "--layers",
        "0-1",
        "--from",
        &at("two.t"),
        "--table",
        &at("low.t"),
    ]);
    let light = |v: &serde_json::Value| v["win_probability"]["light"].as_f64().unwrap();
    assert!(close(light(&last), light(&whole)), "{last} {whole}");
    // Every state is solved by exactly one run.
    let states = |v: &serde_json::Value| v["states"].as_u64().unwrap();
    assert_eq!(states(&top) + states(&two) + states(&last), states(&whole));
    // Only merging: nothing left to solve; the table is whole.
    let from = [
        "--from",
        &at("top.t"),
        "--from",
        &at("two.t"),
        "--from",
        &at("low.t"),
    ];
    let merged = solve(&[&from[..], &["--table", &at("whole.t")]].concat());
    assert_eq!(merged["states"], 0);
    assert!(close(light(&merged), light(&whole)));
    let play = |table: &str| {
        senet()
            .args([
                "sim",
                "twenty-squares/ur",
                "--option",
                "pieces=3",
                "--games",
                "20",
            ])
            .args(["--players", "optimal,random", "--table", table])
            .output()
            .unwrap()
    };
    assert!(play(&at("whole.t")).status.success());
    let partial = play(&at("low.t"));
    assert_eq!(partial.status.code(), Some(2));
    let said = String::from_utf8_lossy(&partial.stderr);
    assert!(
        said.contains("holds only the states with 0 to 1 pieces off"),
        "{said}"
    );

    let refused = |args: &[&str], expected: &str| {
        let ur3 = ["twenty-squares/ur", "--option", "pieces=3"];
        solve_refused(&[&ur3[..], args].concat(), expected);
    };
    let spare = at("spare.t");
    refused(
        &["--layers", "1", "--from", &at("top.t"), "--table", &spare],
        "a move from the states with 1 piece off in total reaches states with 2 pieces off",
    );
    refused(
        &["--layers", "2", "--from", &at("two.t"), "--table", &spare],
        "already hold the states with 2 pieces off",
    );
    refused(&["--layers", "2"], "give `--table FILE`");
    refused(&["--layers", "5", "--table", &spare], "0 to 4 pieces off");
    refused(
        &["--layers", "2-1", "--table", &spare],
        "a range such as 2-4",
    );
    refused(
        &["--from", &at("top.t"), "--method", "search"],
        "leave out `--method search`",
    );
    refused(
        &["--from", &at("top.t"), "--from", &at("whole.t")],
        "another table",
    );
    // A table of other options is refused as it is for play.
    let out = senet()
        .args([
            "solve",
            "twenty-squares/ur",
            "--option",
            "pieces=2",
            "--from",
            &at("top.t"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pieces=3"));
    assert!(!std::path::Path::new(&spare).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A whole dense solve whose successor lists may take `lists` bytes in memory and `disk` in the
/// solver's file, and what it said as it went.
fn solve_in_room(
    e: &Engine,
    lists: u64,
    disk: u64,
) -> (senet::solve::dense::DenseSolution, Vec<String>) {
    use senet::solve::dense::{self, DenseIndex, Stage};
    let index = DenseIndex::new(&e.rules).expect("numbers densely");
    let mut stage = Stage::whole(&index, Precision::Double);
    stage.lists = lists;
    stage.disk = disk;
    let mut said = Vec::new();
    let solved = dense::solve(e, index, PerSide::default(), stage, |m| {
        said.push(m.to_string())
    })
    .unwrap();
    (solved, said)
}

/// The most two dense solutions of one numbering differ by, state by state.
fn worst_difference(
    a: &senet::solve::dense::DenseSolution,
    b: &senet::solve::dense::DenseSolution,
) -> f64 {
    (0..usize::try_from(a.index.states).unwrap())
        .map(|i| (a.values.get(i) - b.values.get(i)).abs())
        .fold(0.0, f64::max)
}

/// However little memory the successor lists are given, the values are those of a solve that
/// keeps every list in memory: with less, super-layers are swept in smaller windows, and lists
/// that do not fit are written to a file and read back at full sweeps, and values that no
/// sweep reads again are parked in a file. Ur with three pieces (mirror images once) and
/// Kendall's Senet with one (both seats).
#[test]
fn lists_spilled_to_a_file_give_the_same_values() {
    use senet::solve::dense::DenseIndex;
    // Kendall's Senet with one piece has one super-layer (none off): one window, spilled.
    let cases = [
        ("twenty-squares/ur", 3, 200 << 10, 5),
        ("senet/kendall", 1, 4 << 10, 1),
    ];
    for (id, pieces, room, windows) in cases {
        let e = engine(id, pieces);
        let (whole, said) = solve_in_room(&e, u64::MAX, u64::MAX);
        assert!(said.iter().all(|m| !m.contains("on disk")), "{said:?}");
        // Room for the smallest super-layers only: the largest spill most of their lists.
        let (spilled, said) = solve_in_room(&e, room, u64::MAX);
        assert!(said.iter().any(|m| m.contains("on disk")), "{said:?}");
        // Where memory can be given back, the values of super-layers two or more above the
        // one solved go to a file too, and come back at the end.
        if cfg!(target_os = "linux") && pieces > 1 {
            assert!(
                said.iter().any(|m| m.contains("values above parked")),
                "{said:?}"
            );
        }
        let made = said
            .iter()
            .filter(|m| m.contains("successors found"))
            .count();
        assert_eq!(made, windows, "{said:?}");
        // The lists in memory stay within the room, but for what every state keeps whatever
        // the room (its index, two changes, a chosen successor a throw and a margin).
        let throws = DenseIndex::new(&e.rules).unwrap().throws as u64;
        let always = 4 * (3 + throws) + 1;
        for m in said.iter().filter(|m| m.contains("successors found")) {
            let number_before = |word: &str| -> f64 {
                let at = m.find(word).unwrap();
                m[..at]
                    .split([' ', '('])
                    .next_back()
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            let (states, mib) = (number_before(" states"), number_before(" MiB in memory"));
            let kept = (mib - 0.05) * f64::from(1u32 << 20);
            // Values parked in a file (those no sweep of the run reads again) leave their
            // memory to the lists.
            let parked = if m.contains(" MiB of values above parked") {
                (number_before(" MiB of values above parked") + 0.05) * f64::from(1u32 << 20)
            } else {
                0.0
            };
            assert!(
                kept <= (room as f64 + parked).max(always as f64 * states),
                "{m}"
            );
        }
        let worst = worst_difference(&whole, &spilled);
        assert!(worst < 1e-9, "{id}: {worst}");
    }
}

/// Lists that fit neither in memory nor in the room given on disk are found again with the
/// engine at each full sweep, from each state's index: the values are those of a solve that
/// keeps every list in memory. Ur with two pieces (placings ranked by tables), with no room
/// on disk and with a little, and Kendall's Senet with one (ranked as subsets), with none.
#[test]
fn lists_found_again_give_the_same_values() {
    let cases: [(_, _, u64, &[u64]); 2] = [
        ("twenty-squares/ur", 2, 16 << 10, &[0, 16 << 10]),
        ("senet/kendall", 1, 4 << 10, &[0]),
    ];
    for (id, pieces, room, disks) in cases {
        let e = engine(id, pieces);
        let (whole, said) = solve_in_room(&e, u64::MAX, 0);
        assert!(said.iter().all(|m| !m.contains("find again")), "{said:?}");
        for &disk in disks {
            let (again, said) = solve_in_room(&e, room, disk);
            assert!(said.iter().any(|m| m.contains("find again")), "{said:?}");
            // Lists go to the file only where it has room.
            assert_eq!(
                said.iter().any(|m| m.contains("MiB on disk")),
                disk > 0,
                "{said:?}"
            );
            let worst = worst_difference(&whole, &again);
            assert!(worst < 1e-9, "{id}, {disk} bytes on disk: {worst}");
        }
    }
}

/// Seven-piece Masters (500,929,993 states) is allowed the default `--memory` of 7 GiB: its
/// values (3.7 GiB) and what every state of its largest super-layer keeps whatever the room
/// (3.3 GiB) come to more, but while a super-layer is solved the values two or more pieces off
/// above it are parked in a file (where memory can be given back: Linux).
#[test]
fn seven_piece_masters_fits_the_default_memory() {
    use senet::solve::dense::{self, DenseIndex};
    let e = engine("twenty-squares/masters", 7);
    let index = DenseIndex::new(&e.rules).expect("numbers densely");
    assert_eq!(index.states, 500_929_993);
    let need = dense::memory_needed(&index, Precision::Double);
    assert!(need > 6 << 30, "{need}");
    if cfg!(target_os = "linux") {
        assert!(need <= 7 << 30, "{need}");
    } else {
        assert!(need > 7 << 30, "{need}");
    }
}

/// Five-piece Senet, the game its sources play: 19,926,605,935 states, more than successors of
/// 32 bits can index (they take 64), numbered and planned. A run of only its top super-layers
/// (5 to 8 pieces off in total) holds only their values, and fits a small machine.
#[test]
fn five_piece_senet_is_numbered_and_its_top_fits_a_small_machine() {
    use senet::solve::dense::{self, DenseIndex};
    let e = engine("senet/kendall", 5);
    let index = DenseIndex::new(&e.rules).expect("numbers densely");
    assert_eq!(index.states, 19_926_605_935);
    let top = 5..=8;
    assert_eq!(index.top_total(), 8);
    assert_eq!(dense::held_totals(&index, Some(&top)), top);
    assert_eq!(dense::held_states(&index, Some(&top)), 5_666_050);
    // The values of every state would take 149 GiB in f64; the run's take 43 MiB.
    let need = dense::memory_needed_for(
        &index,
        Precision::Double,
        dense::Above::Memory,
        Some(&top),
        None,
    );
    assert!(need < 2 << 30, "{need}");
    // The run below them holds their values and its own.
    let four = 4..=4;
    assert_eq!(dense::held_totals(&index, Some(&four)), 4..=5);
    assert!(dense::held_states(&index, Some(&four)) > 47_039_987);
}

/// The top super-layers of five-piece Senet (5 to 8 pieces off, 5,666,050 states) solved as a
/// run of their own, successors in 64 bits: the values agree with the search from positions
/// there (one piece against two, and against three), state by state.
#[test]
#[ignore = "half a minute optimised: cargo test --profile ci -- --ignored"]
fn five_piece_senet_top_super_layers_agree_with_search() {
    use senet::solve::dense::{self, DenseIndex, Known, Stage};
    let e = engine("senet/kendall", 5);
    let index = DenseIndex::new(&e.rules).expect("numbers densely");
    let top = 5..=8;
    let stage = Stage {
        known: Known::none(&index, Precision::Double, Some(&top)),
        only: Some(top),
        lists: u64::MAX,
        disk: u64::MAX,
        part: None,
        cutting: None,
    };
    let d = dense::solve(&e, index, PerSide::default(), stage, |_| {}).unwrap();
    assert_eq!(d.solved, 5_666_050);
    for json in [
        r#"{"to_move":"green","throw":null,"pieces":{"green":[25,"off","off","off","off"],"red":[20,28,"off","off","off"]}}"#,
        r#"{"to_move":"red","throw":null,"pieces":{"green":[22,"off","off","off","off"],"red":[15,18,27,"off","off"]}}"#,
    ] {
        let s = solve_from(&e, json);
        let mut worst: f64 = 0.0;
        for (k, pos) in s.positions.iter().enumerate() {
            let score = d.score(pos).expect("a value for a reached position");
            worst = worst.max((score - s.score[k]).abs());
        }
        assert!(s.positions.len() > 1000, "{}", s.positions.len());
        assert!(worst < 1e-9, "{json}: {worst}");
    }
}

/// A whole dense table keeps its values in f32 (half the bytes), each the solved f64 value
/// rounded to the nearest f32; a table of some super-layers keeps f64, since the runs below
/// start from its values.
#[test]
#[allow(clippy::cast_possible_truncation)] // rounding to f32 is what is checked
fn whole_tables_keep_f32_and_runs_of_super_layers_f64() {
    use senet::solve::dense::{self, DenseIndex, Stage};
    use senet::solve::table::{self, TableHeader};
    let e = engine("twenty-squares/ur", 2);
    let dir = std::env::temp_dir().join(format!("senet-f32-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let options = [("pieces".to_string(), "2".to_string())];
    let header = TableHeader::new("twenty-squares/ur", "h", &options, 0);
    let solve_stage = |whole: bool| {
        let index = DenseIndex::new(&e.rules).unwrap();
        let mut stage = Stage::whole(&index, Precision::Double);
        if !whole {
            stage.only = Some(1..=index.top_total());
        }
        dense::solve(&e, index, PerSide::default(), stage, |_| {}).unwrap()
    };
    let solved = solve_stage(true);
    let states = usize::try_from(solved.index.states).unwrap();
    let path = dir.join("whole.t");
    let path = path.to_str().unwrap();
    table::save(path, &header, &Solved::Dense(solved)).unwrap();
    let solved = solve_stage(true);
    let bytes = std::fs::read(path).unwrap();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    let head: serde_json::Value = serde_json::from_slice(&bytes[..newline]).unwrap();
    assert_eq!(head["format"], "senet-dense/3");
    assert_eq!(bytes.len() - newline - 1, states * 4);
    let Ok(Solved::Dense(loaded)) = table::load(path, &header, &e) else {
        panic!("the whole table loads")
    };
    assert!(matches!(loaded.values, Values::F32(_)));
    for i in 0..states {
        let (exact, kept) = (solved.values.get(i), loaded.values.get(i));
        assert_eq!(kept, f64::from(exact as f32), "state {i}");
        assert!((exact - kept).abs() <= 3e-8, "state {i}: {exact} {kept}");
    }
    // A run of the super-layers with one piece off or more: f64, 8 bytes a value.
    let top = solve_stage(false);
    let held: u64 = (top.index.layers.iter())
        .filter(|l| l.total_off() >= 1)
        .map(|l| l.size)
        .sum();
    let path = dir.join("top.t");
    let path = path.to_str().unwrap();
    table::save(path, &header, &Solved::Dense(top)).unwrap();
    let bytes = std::fs::read(path).unwrap();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    let head: serde_json::Value = serde_json::from_slice(&bytes[..newline]).unwrap();
    assert_eq!(head["format"], "senet-dense/2");
    assert_eq!((bytes.len() - newline - 1) as u64, held * 8);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The values of a whole dense table, state by state (the header line, then f32s).
fn table_values(path: &std::path::Path) -> Vec<f32> {
    let bytes = std::fs::read(path).unwrap();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    bytes[newline + 1..]
        .chunks_exact(4)
        .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

/// `--memory` is honoured: Kendall's Senet with three pieces (values in 32 bits) solved with 0.75
/// GiB, little more than it needs at the least and under two thirds of what it takes when every
/// list stays in memory (its successor lists then partly written to a file and read back,
/// values no sweep reads parked), takes no more than it is allowed, and gives every state the
/// same value within the bound of 32-bit values (the runs sweep in other windows, and the
/// threads read values being written).
#[test]
#[ignore = "two minutes optimised: cargo test --profile ci -- --ignored"]
fn the_same_solve_in_less_memory_gives_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let solve = |memory: &str, table: &std::path::Path| {
        solve_json(&[
            "senet/kendall",
            "-o",
            "pieces=3",
            "--values",
            "32",
            "--memory",
            memory,
            "--format",
            "json",
            "--table",
            table.to_str().unwrap(),
        ])
    };
    let (roomy, tight) = (dir.path().join("roomy.t"), dir.path().join("tight.t"));
    let whole = solve("16", &roomy);
    let peak = whole["memory_bytes"].as_f64().unwrap();
    let less = 0.75 * f64::from(1u32 << 30);
    assert!(less < peak * 2.0 / 3.0, "{peak}");
    let halved = solve("0.75", &tight);
    let took = halved["memory_bytes"].as_f64().unwrap();
    if cfg!(target_os = "linux") {
        assert!(took <= less, "{took} > {less}");
    }
    assert_eq!(halved["states"], whole["states"]);
    let green = |v: &serde_json::Value| v["win_probability"]["green"].as_f64().unwrap();
    let bound = senet::solve::dense::FIXED_BOUND;
    assert!((green(&whole) - green(&halved)).abs() < bound);
    let (a, b) = (table_values(&roomy), table_values(&tight));
    assert_eq!(a.len(), b.len());
    assert_eq!(a.len() as u64, whole["states"].as_u64().unwrap());
    let worst = a
        .iter()
        .zip(&b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max);
    // The bound, and a step of f32 rounding near 1.
    assert!(f64::from(worst) <= bound + 6e-8, "{worst}");
}

/// `--disk 0`: the successor lists that do not fit in `--memory` are found again at every full
/// sweep, none written to disk, and the values are those of a solve that keeps every list in
/// memory. Four-piece Masters with 0.35 GiB (about 77 MiB of its lists found again).
#[test]
#[ignore = "forty seconds optimised: cargo test --profile ci -- --ignored"]
fn lists_found_again_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let solve = |args: &[&str], table: &std::path::Path| {
        let rules = [
            "twenty-squares/masters",
            "-o",
            "pieces=4",
            "--format",
            "json",
        ];
        let table = ["--table", table.to_str().unwrap()];
        solve_json(&[&rules[..], args, &table[..]].concat())
    };
    let (roomy, again) = (dir.path().join("roomy.t"), dir.path().join("again.t"));
    let whole = solve(&["--memory", "7"], &roomy);
    assert_eq!(whole["lists_found_again_bytes"], 0);
    assert_eq!(whole["lists_on_disk_bytes"], 0);
    let tight = solve(&["--memory", "0.35", "--disk", "0"], &again);
    assert!(tight["lists_found_again_bytes"].as_u64().unwrap() > 0);
    assert_eq!(tight["lists_on_disk_bytes"], 0);
    if cfg!(target_os = "linux") {
        let took = tight["memory_bytes"].as_f64().unwrap();
        assert!(took <= 0.35 * f64::from(1u32 << 30), "{took}");
    }
    let light = |v: &serde_json::Value| v["win_probability"]["light"].as_f64().unwrap();
    assert!((light(&whole) - light(&tight)).abs() < 1e-9);
    let (a, b) = (table_values(&roomy), table_values(&again));
    assert_eq!(a.len(), b.len());
    let worst = a
        .iter()
        .zip(&b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max);
    // A step of f32 rounding near 1: the runs differ in their last f64 digits.
    assert!(worst <= 6e-8, "{worst}");
}

/// A super-layer solved in parts (`--part K/N`), each run given the latest tables of the other
/// parts and repeated in rounds until none moves, gives the start's value of a whole solve: Ur
/// with two pieces, the states with one piece off cut in three (one after the other in each
/// round, as a chain of jobs would run them). Parts given wrongly are refused with what to do.
#[test]
fn cli_solves_a_super_layer_in_parts() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let ur2 = ["twenty-squares/ur", "-o", "pieces=2", "--format", "json"];
    let solve = |args: &[&str]| solve_json(&[&ur2[..], args].concat());
    let whole = solve(&[]);
    solve(&["--layers", "2", "--table", &at("top.t")]);
    let mut latest: Vec<Option<String>> = vec![None; 3];
    let mut rounds = 0;
    let states = loop {
        rounds += 1;
        let (mut moved, mut tolerance): (f64, f64) = (0.0, 0.0);
        let mut states = 0;
        for k in 1..=3 {
            let mut args = vec!["--layers".to_string(), "1".into(), "--part".into()];
            args.push(format!("{k}/3"));
            args.extend(["--from".into(), at("top.t")]);
            for t in latest.iter().flatten() {
                args.extend(["--from".into(), t.clone()]);
            }
            let out = at(&format!("r{rounds}-p{k}.t"));
            args.extend(["--table".into(), out.clone()]);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let run = solve(&args);
            assert_eq!(run["part"], serde_json::json!([k, 3]));
            moved = moved.max(run["moved"].as_f64().unwrap());
            tolerance = run["tolerance"].as_f64().unwrap();
            states += run["states"].as_u64().unwrap();
            latest[k - 1] = Some(out);
        }
        assert_eq!(tolerance, 1e-11);
        if moved <= tolerance {
            break states;
        }
        assert!(rounds < 40, "{moved} after {rounds} rounds");
    };
    // The parts hold every state of the super-layer once.
    let one_off = solve(&[
        "--layers",
        "1",
        "--from",
        &at("top.t"),
        "--table",
        &at("one.t"),
    ]);
    assert_eq!(states, one_off["states"].as_u64().unwrap());
    let parts: Vec<String> = latest.into_iter().flatten().collect();
    let top = at("top.t");
    let mut args = vec!["--layers", "0", "--from", &top];
    for p in &parts {
        args.extend(["--from", p.as_str()]);
    }
    let low = at("low.t");
    args.extend(["--table", &low]);
    let last = solve(&args);
    let light = |v: &serde_json::Value| v["win_probability"]["light"].as_f64().unwrap();
    assert!(
        (light(&last) - light(&whole)).abs() < 1e-10,
        "{last} {whole} after {rounds} rounds"
    );

    let spare = at("spare.t");
    let refused = |args: &[&str], expected: &str| {
        let ur2 = ["twenty-squares/ur", "-o", "pieces=2", "--table", &spare];
        solve_refused(&[&ur2[..], args].concat(), expected);
    };
    refused(
        &["--layers", "0-1", "--part", "1/3", "--from", &top],
        "`--part` cuts one super-layer",
    );
    refused(
        &["--layers", "0", "--from", &top, "--from", &parts[0]],
        "lack part 2, 3 of 3 of the states with 1 pieces off",
    );
    refused(
        &[
            "--layers", "1", "--part", "1/2", "--from", &top, "--from", &parts[0],
        ],
        "hold parts of 3 of the states with 1 pieces off in total, not of 2",
    );
    refused(
        &[
            "--layers", "1", "--part", "1/3", "--from", &parts[0], "--from", &parts[0],
        ],
        "which another table given holds too",
    );
    refused(
        &["--layers", "0", "--from", &at("one.t"), "--from", &parts[1]],
        "which another table given holds whole",
    );
    refused(&["--layers", "1", "--part", "4/3"], "a part P/N");
}

/// A solve takes the memory it needs, not all it may: super-layers are swept together in a
/// window only while their lists take no more than the largest super-layer's alone (Ur with
/// three pieces, no bound on the lists' memory: its top super-layers share a window, the
/// largest is alone).
#[test]
fn windows_take_no_more_than_the_largest_super_layer() {
    use senet::solve::dense::{self, DenseIndex, Stage};
    let e = engine("twenty-squares/ur", 3);
    let index = DenseIndex::new(&e.rules).unwrap();
    let largest = dense::lists_expected(&index, Precision::Double, None) as f64;
    let mut said = Vec::new();
    let stage = Stage::whole(&index, Precision::Double);
    dense::solve(&e, index, PerSide::default(), stage, |m| {
        said.push(m.to_string())
    })
    .unwrap();
    let windows: Vec<&String> = said
        .iter()
        .filter(|m| m.contains("successors found"))
        .collect();
    // Fewer windows than super-layers (0 to 4 off): the small ones at the top share one.
    assert!((2..5).contains(&windows.len()), "{windows:?}");
    for m in windows {
        let at = m.find(" MiB in memory").unwrap();
        let mib: f64 = m[..at].rsplit('(').next().unwrap().parse().unwrap();
        assert!(
            mib * f64::from(1u32 << 20) <= largest * 1.01,
            "{m}: {largest}"
        );
    }
}
