//! End-to-end tests of `senet review`: a record of perfect play against random play, valued from
//! the solved table, shows the random side's mistakes and none of the perfect side's; a game no
//! table values is valued by the search, its chances from playouts; the plot draws the curve.

use crate::support::cli;

use std::path::PathBuf;

use serde_json::Value;

/// A fresh folder for one test's files, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("senet-review-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary folder");
        TempDir(dir)
    }

    fn path(&self, file: &str) -> String {
        self.0
            .join(file)
            .to_str()
            .expect("a UTF-8 path")
            .to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Plays `args` (after `play`) with `--record FILE`.
fn record(file: &str, args: &[&str]) {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend(["--record", file]);
    let (code, _, stderr) = cli::run(&all);
    assert_eq!(code, 0, "{stderr}");
}

/// `senet review FILE --format json`, parsed.
fn review_json(file: &str, extra: &[&str]) -> Value {
    let mut args = vec!["review", file, "--format", "json"];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = cli::run(&args);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("one JSON value")
}

fn f(v: &Value) -> f64 {
    v.as_f64().expect("a number")
}

/// What every review says of every move, whatever values it: the loss is what the move played
/// falls short of the best, a move that is the only one loses nothing, chances are chances, and
/// after the last move of a finished game its winner's chance is 1.
fn check_moves(review: &Value) {
    let moves = review["moves"].as_array().expect("moves");
    assert!(!moves.is_empty());
    for m in moves {
        let (value, best, loss) = (f(&m["value"]), f(&m["best_value"]), f(&m["loss"]));
        assert!(best >= value, "{m}");
        assert!((loss - (best - value)).abs() < 1e-12, "{m}");
        if m["choices"] == 1 {
            assert_eq!(loss, 0.0, "{m}");
            assert_eq!(m["played"], m["best"], "{m}");
        }
        assert!((0.0..=1.0).contains(&f(&m["chance"])), "{m}");
    }
    let last = f(&moves[moves.len() - 1]["chance"]);
    let first_won = review["result"]["winner"] == review["sides"][0];
    assert_eq!(
        last,
        if first_won { 1.0 } else { 0.0 },
        "{}",
        review["result"]
    );
}

#[test]
fn perfect_play_loses_nothing_and_random_play_its_mistakes() {
    let dir = TempDir::new("optimal");
    let mut random_lost = 0.0;
    for (seed, players) in [
        ("1", "optimal,random"),
        ("2", "optimal,random"),
        ("3", "random,optimal"),
        ("4", "random,optimal"),
    ] {
        let file = dir.path(&format!("game{seed}.json"));
        // Two pieces a side: the table is solved in a moment, for the game and the review.
        record(
            &file,
            &[
                "twenty-squares/ur",
                "--option",
                "pieces=2",
                "--players",
                players,
                "--seed",
                seed,
            ],
        );
        let review = review_json(&file, &[]);
        assert_eq!(review["values"], "table");
        check_moves(&review);
        let sides = review["sides"].as_array().unwrap();
        let seated = review["seated"].as_array().unwrap();
        let optimal = &sides[seated.iter().position(|p| p == "optimal").unwrap()];
        for m in review["moves"].as_array().unwrap() {
            if m["side"] == *optimal {
                // It plays the move the same table values best: up to rounding, no loss.
                assert!(f(&m["loss"]) < 1e-12, "{players} seed {seed}: {m}");
            } else {
                random_lost += f(&m["loss"]);
            }
        }
        // The mistakes listed are the random side's, the largest first.
        let moves = review["moves"].as_array().unwrap();
        let listed: Vec<&Value> = review["mistakes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| &moves[usize::try_from(n.as_u64().unwrap()).unwrap() - 1])
            .collect();
        for pair in listed.windows(2) {
            assert!(f(&pair[0]["loss"]) >= f(&pair[1]["loss"]));
        }
        assert!(
            listed
                .iter()
                .all(|m| m["side"] != *optimal && f(&m["loss"]) > 0.0)
        );
        assert_eq!(review["totals"][optimal.as_str().unwrap()]["loss"], 0.0);
    }
    // Choosing uniformly among two moves or more, the random side picks a worse one now and
    // then over four games.
    assert!(random_lost > 0.0);
}

#[test]
fn the_text_review_lists_the_moves_the_mistakes_and_each_sides_losses() {
    let dir = TempDir::new("text");
    let file = dir.path("game.json");
    record(
        &file,
        &[
            "twenty-squares/ur",
            "--option",
            "pieces=2",
            "--players",
            "optimal,random",
            "--seed",
            "1",
        ],
    );
    let plot = dir.path("game.svg");
    let (code, stdout, stderr) = cli::run(&["review", &file, "--plot", &plot]);
    assert_eq!(code, 0, "{stderr}");
    for expected in [
        "light (optimal) against dark (random); light wins.",
        "from the solved table (solved for this review)",
        "Biggest mistakes:\n  move ",
        "light (optimal): ",
        "lost 0.0 points in all, 0.0 at most.",
        "dark (random): ",
    ] {
        assert!(stdout.contains(expected), "no `{expected}` in:\n{stdout}");
    }
    let review = review_json(&file, &[]);
    let svg = std::fs::read_to_string(&plot).expect("the plot");
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    // One point per move on the curve, one dot per mistake listed.
    let points = svg
        .split("<polyline points=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the curve");
    assert_eq!(
        points.split(' ').count(),
        review["moves"].as_array().unwrap().len()
    );
    assert_eq!(
        svg.matches("<circle ").count(),
        review["mistakes"].as_array().unwrap().len()
    );
}

#[test]
fn a_game_no_table_values_is_valued_by_the_search_with_playouts() {
    let dir = TempDir::new("search");
    // A turn that plays each throw whole keeps throws in hand, which no table holds.
    let rules = dir.path("each.rules");
    std::fs::write(
        &rules,
        "ruleset \"test/review-each\"
board 1 x 10
path 1..10
sides red, blue
pieces 2 each
start red on 1, 3; blue on 2, 4
throw die 4
turn throw again on 4 then move each throw
extra throw after none
capture to waiting
enter onto throw
bear off exact
win first to bear off all
",
    )
    .unwrap();
    let file = dir.path("game.json");
    record(
        &file,
        &[&rules, "--players", "random,random", "--seed", "2"],
    );
    let review = review_json(&file, &["--playouts", "8"]);
    assert_eq!(review["values"], "search");
    assert_eq!(review["playouts"], 8);
    check_moves(&review);
    // Chances from eight playouts are eighths (a game cut at the turn cap counts half).
    for m in review["moves"].as_array().unwrap() {
        let sixteenths = f(&m["chance"]) * 16.0;
        assert_eq!(sixteenths, sixteenths.round(), "{m}");
    }
    // A table of other rules is refused.
    let table = dir.path("ur2.table");
    let (code, _, stderr) = cli::run(&[
        "solve",
        "twenty-squares/ur",
        "--option",
        "pieces=1",
        "--table",
        &table,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = cli::run(&["review", &file, "--table", &table]);
    assert_eq!(code, 2);
    assert!(stderr.contains("error:"), "{stderr}");
}
