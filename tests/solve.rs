//! The exact solver against values derived by hand, and its command line.

use std::sync::Arc;

use assert_cmd::Command;
use senet::check::check_target;
use senet::compile::compile;
use senet::engine::Engine;
use senet::notation::position::parse_position;
use senet::solve::{Solution, solve};

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
    let table =
        Arc::new(solve(&e, e.start(), 5_000_000, |_| {}).unwrap_or_else(|_| panic!("too large")));
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
            && side as usize == g % 2
        {
            wins += 1;
        }
    }
    assert!(wins >= 125, "optimal won {wins} of 200");
}

fn senet() -> Command {
    Command::cargo_bin("senet").unwrap()
}

#[test]
fn cli_solves_and_saves_a_table() {
    let dir = std::env::temp_dir().join(format!("senet-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("ur1.table");
    let out = senet()
        .args([
            "solve",
            "twenty-squares/ur",
            "--option",
            "pieces=1",
            "--format",
            "json",
            "--table",
        ])
        .arg(&table)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
    let out = senet()
        .args([
            "sim",
            "twenty-squares/ur",
            "--option",
            "pieces=1",
            "--games",
            "200",
            "--players",
            "optimal,random",
            "--format",
            "json",
            "--table",
        ])
        .arg(&table)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A table for other options is refused.
    let out = senet()
        .args([
            "sim",
            "twenty-squares/ur",
            "--option",
            "pieces=2",
            "--games",
            "10",
            "--players",
            "optimal,random",
            "--table",
        ])
        .arg(&table)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not for these rules"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_refuses_a_rule_set_too_large_with_an_estimate() {
    let out = senet().args(["solve", "senet/kendall"]).output().unwrap();
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
    use senet::solve::dense::{self, DenseIndex};
    for pieces in 1..=3 {
        let e = engine("twenty-squares/ur", pieces);
        let index = DenseIndex::new(&e.rules).expect("Ur numbers densely");
        assert!(index.mirrored);
        let d = dense::solve(&e, index, |_| {});
        let s = solve(&e, e.start(), 1_000_000, |_| {}).unwrap_or_else(|_| panic!("too large"));
        let mut worst: f64 = 0.0;
        for (k, pos) in s.positions.iter().enumerate() {
            worst = worst.max((d.score(pos) - s.score[k]).abs());
        }
        eprintln!(
            "pieces {pieces}: dense {} states, {} sweeps; search {} states; worst {worst:e}",
            d.index.states,
            d.sweeps,
            s.positions.len()
        );
        assert!(worst < 1e-10, "pieces {pieces}: {worst}");
    }
}
