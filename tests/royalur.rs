//! RoyalUr.net's rule sets against RoyalUr.net's own engine: the `royalur` package (0.0.6) played
//! random games and recorded, for 5,000 positions of each rule set, every legal move and the
//! position after it (tests/fixtures/royalur/, written by its `generate.py`). `senet moves` must
//! give the same moves with the same results for every one of them.
//!
//! The fixture's header also states the board as royalur has it (paths as tiles, rosettes, which
//! rules a rosette or a capture brings); the rule file must say the same, read through the
//! checker, so that agreement on the positions is not luck of the positions drawn.

use std::collections::BTreeSet;
use std::path::Path;

use assert_cmd::Command;
use serde_json::{Value, json};

use senet::check::check_target;
use senet::types::{PathPos, Side, Square};

/// Fixture file, rule set, options.
const CASES: [(&str, &str, &[&str]); 5] = [
    ("finkel", "twenty-squares/ur", &[]),
    ("masters-three", "twenty-squares/masters", &[]),
    ("masters-four", "twenty-squares/masters", &["dice=four"]),
    ("blitz", "twenty-squares/blitz", &[]),
    ("aseb", "twenty-squares/aseb", &[]),
];

fn fixture(name: &str) -> (Value, Vec<Value>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/royalur")
        .join(format!("{name}.jsonl"));
    let text = std::fs::read_to_string(&path).expect("read the fixture");
    let mut lines = text.lines().map(|l| serde_json::from_str(l).expect("JSON"));
    let header = lines.next().expect("a header line");
    (header, lines.collect())
}

fn options(opts: &[&str]) -> Vec<(String, String)> {
    opts.iter()
        .map(|o| {
            let (k, v) = o.split_once('=').expect("NAME=VALUE");
            (k.to_string(), v.to_string())
        })
        .collect()
}

/// royalur's tile `[x, y]` (1-based; x across the board, y along it) as a square of a board
/// numbered row by row with `cols` squares a row.
fn square_of(tile: &Value, cols: u32) -> Square {
    let x = u32::try_from(tile[0].as_u64().expect("x")).expect("small");
    let y = u32::try_from(tile[1].as_u64().expect("y")).expect("small");
    Square::new((x - 1) * cols + y).expect("a square of the board")
}

fn squares_of(tiles: &Value, cols: u32) -> Vec<Square> {
    tiles
        .as_array()
        .expect("a list of tiles")
        .iter()
        .map(|t| square_of(t, cols))
        .collect()
}

#[test]
fn the_rule_files_state_royalurs_boards() {
    for (name, rules, opts) in CASES {
        let (header, _) = fixture(name);
        let set = check_target(rules, &options(opts)).expect("the rule set checks");
        let cols = u32::from(set.board.cols);
        let rosettes: BTreeSet<Square> =
            squares_of(&header["rosettes"], cols).into_iter().collect();
        let every_square: BTreeSet<Square> =
            squares_of(&header["board"], cols).into_iter().collect();
        let ours: BTreeSet<Square> = (1..=u32::from(set.board.rows) * cols)
            .map(|n| Square::new(n).expect("a square"))
            .filter(|s| !set.board.gaps.contains(s))
            .collect();
        assert_eq!(ours, every_square, "{name}: the board's squares");
        assert_eq!(
            set.board.marks.iter().copied().collect::<BTreeSet<_>>(),
            rosettes,
            "{name}: the rosettes are the marked squares"
        );
        assert_eq!(
            u64::from(set.pieces),
            header["pieces"].as_u64().expect("pieces"),
            "{name}: pieces"
        );
        for (side, key) in [(Side::First, "light"), (Side::Second, "dark")] {
            let rules_side = &set.sides[side];
            assert_eq!(rules_side.name, key, "{name}: side names");
            let path = squares_of(&header["paths"][key], cols);
            assert_eq!(rules_side.path, path, "{name}: {key}'s path");
            // Every rule that hangs on squares, as the squares of this side's positions.
            let at = |positions: &[PathPos]| -> BTreeSet<Square> {
                positions.iter().map(|&p| rules_side.square(p)).collect()
            };
            let on_rosettes: BTreeSet<Square> = path
                .iter()
                .copied()
                .filter(|s| rosettes.contains(s))
                .collect();
            assert_eq!(
                at(&set.extra_on[side]),
                on_rosettes,
                "{name}: {key} throws again on the rosettes of its path"
            );
            let safe = header["safe_rosettes"].as_bool().expect("a flag");
            assert_eq!(
                at(&set.safe[side]),
                if safe { on_rosettes } else { BTreeSet::new() },
                "{name}: {key}'s safe squares"
            );
            let on_capture = header["captures_grant_extra_rolls"]
                .as_bool()
                .expect("a flag");
            assert_eq!(
                at(&set.extra_on_capture[side]),
                if on_capture {
                    path.iter().copied().collect()
                } else {
                    BTreeSet::new()
                },
                "{name}: {key} throws again after a capture"
            );
        }
        assert_eq!(
            set.sides[set.first].name,
            header["first"].as_str().expect("first"),
            "{name}: who throws first"
        );
    }
}

/// A move as both engines can state it: the steps, who throws next (nobody after a win), the
/// pieces, and the winner.
fn canonical(mv: &Value) -> String {
    let r = &mv["result"];
    let winner = r["outcome"]["winner"].clone();
    let to_move = if winner.is_null() {
        r["to_move"].clone()
    } else {
        Value::Null
    };
    json!([mv["steps"], to_move, r["pieces"], winner]).to_string()
}

#[test]
fn senet_moves_agrees_with_royalur_on_every_fixture_position() {
    for (name, rules, opts) in CASES {
        let (_, lines) = fixture(name);
        assert!(lines.len() >= 5000, "{name}: at least 5,000 positions");
        let input: String = lines
            .iter()
            .map(|l| format!("{}\n", l["position"]))
            .collect();
        let mut args = vec!["moves", rules, "--position", "-"];
        for o in opts {
            args.extend(["--option", o]);
        }
        let out = Command::new(env!("CARGO_BIN_EXE_senet"))
            .args(&args)
            .write_stdin(input)
            .output()
            .expect("run senet moves");
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let answers: Vec<Value> = String::from_utf8(out.stdout)
            .expect("UTF-8")
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        assert_eq!(answers.len(), lines.len(), "{name}: one answer a position");
        let mut wrong = Vec::new();
        let (mut captures, mut wins) = (0, 0);
        for (line, answer) in lines.iter().zip(&answers) {
            let expected: BTreeSet<String> = line["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(canonical)
                .collect();
            let got: BTreeSet<String> = answer["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(canonical)
                .collect();
            if expected != got {
                wrong.push(format!(
                    "{}\n  royalur: {expected:?}\n  senet:   {got:?}",
                    line["position"]
                ));
            }
            wins += got.iter().filter(|m| !m.ends_with(",null]")).count();
            captures += usize::from(line["moves"].as_array().expect("moves").iter().any(|m| {
                let waiting = |p: &Value, side: &str| {
                    p["pieces"][side]
                        .as_array()
                        .map_or(0, |l| l.iter().filter(|&x| *x == json!(0)).count())
                };
                ["light", "dark"]
                    .iter()
                    .any(|side| waiting(&m["result"], side) > waiting(&line["position"], side))
            }));
        }
        assert!(
            wrong.is_empty(),
            "{name}: {} of {} positions differ; the first:\n{}",
            wrong.len(),
            lines.len(),
            wrong[..wrong.len().min(3)].join("\n")
        );
        // The positions reach the rules that matter: winning moves and captures.
        assert!(wins > 50, "{name}: only {wins} winning moves");
        assert!(
            captures > 100,
            "{name}: only {captures} positions with a capture"
        );
    }
}
