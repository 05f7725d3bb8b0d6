//! End-to-end tests of `senet moves`, `senet play` and `senet replay` (the command-line
//! contract): positions and moves as JSON, JSON Lines, clear errors with exit 2; full games of
//! every bundled rule set with records that replay; records that are damaged or inconsistent
//! refused whole; a person at the keyboard (standard input), quitting on `q` and at the end of
//! input; no ANSI escapes when the output is not a terminal.
//!
//! Files go to a folder of their own under the system's temporary folder, removed at the end of
//! each test that made one.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::{Value, json};

// ---- helpers -----------------------------------------------------------------------------------

/// The binary, run from the crate root, without colour.
fn senet() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_senet"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    cmd
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `senet ARGS` with `stdin` as standard input.
fn run_with(args: &[&str], stdin: &str) -> Out {
    let out = senet()
        .args(args)
        .write_stdin(stdin.as_bytes().to_vec())
        .output()
        .expect("run senet");
    Out {
        code: out.status.code().expect("senet ended by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

fn run(args: &[&str]) -> Out {
    run_with(args, "")
}

/// A fresh folder for one test's files, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("senet-cli-game-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary folder");
        TempDir(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// Every bundled rule set of two sides, from `senet list` (so that a new one is played too).
/// Those of more sides write records of their own: `multi_sided` plays and replays them.
fn bundled() -> Vec<String> {
    let out = run(&["list"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let ids: Vec<String> = out
        .stdout
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.contains('/'))
        .filter(|id| crate::support::shipped::two_sided_ids().contains(id))
        .map(String::from)
        .collect();
    assert!(ids.len() >= 16, "`senet list` gave {ids:?}");
    ids
}

/// The start of the Ur game as a position: every piece waiting.
fn ur_start(to_move: &str, throw: Value) -> Value {
    json!({ "to_move": to_move, "throw": throw,
            "pieces": { "light": [0, 0, 0, 0, 0, 0, 0], "dark": [0, 0, 0, 0, 0, 0, 0] } })
}

/// `senet moves RULES --position -` with one position; the parsed answer.
fn moves_of(rules: &str, position: &Value) -> Value {
    let out = run_with(
        &["moves", rules, "--position", "-"],
        &format!("{position}\n"),
    );
    assert_eq!(out.code, 0, "{position}: {}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 1, "{}", out.stdout);
    serde_json::from_str(&out.stdout).expect("`moves` prints JSON")
}

/// The `(from, to)` of every step of every move, as JSON values.
fn steps(answer: &Value) -> Vec<Vec<(Value, Value)>> {
    answer["moves"]
        .as_array()
        .expect("a `moves` list")
        .iter()
        .map(|m| {
            m["steps"]
                .as_array()
                .expect("a `steps` list")
                .iter()
                .map(|s| (s["from"].clone(), s["to"].clone()))
                .collect()
        })
        .collect()
}

/// A side's pieces sorted (numbers first, then "off", then "removed").
fn sorted(pieces: &Value) -> Vec<String> {
    let mut v: Vec<String> = pieces
        .as_array()
        .expect("a list of places")
        .iter()
        .map(|p| match p {
            Value::Number(n) => format!("{:03}", n.as_u64().unwrap()),
            other => other.as_str().unwrap().to_string(),
        })
        .collect();
    v.sort();
    v
}

/// Asserts `senet moves` refuses `input` with exit 2, `message` on standard error, and an
/// `{"error": ...}` line on standard output.
fn refused(rules: &str, input: &str, message: &str) {
    let out = run_with(&["moves", rules, "--position", "-"], input);
    assert_eq!(out.code, 2, "{input}: {}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains(message),
        "{input}: expected `{message}` in:\n{}",
        out.stderr
    );
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
    let answer: Value = serde_json::from_str(out.stdout.lines().last().unwrap_or("null"))
        .unwrap_or_else(|e| panic!("{input}: not JSON ({e}): {}", out.stdout));
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains(message)),
        "{answer}"
    );
}

// ---- moves -------------------------------------------------------------------------------------

#[test]
fn moves_reads_a_position_from_a_file() {
    let dir = TempDir::new("moves-file");
    let file = dir.path("ur.json");
    std::fs::write(&file, ur_start("light", json!(2)).to_string()).unwrap();
    let out = run(&["moves", "twenty-squares/ur", "--position", s(&file)]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let answer: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(steps(&answer), [[(json!(0), json!(2))]]);
}

#[test]
fn moves_reads_a_position_from_standard_input() {
    let answer = moves_of("twenty-squares/ur", &ur_start("light", json!(3)));
    assert_eq!(steps(&answer), [[(json!(0), json!(3))]]);
}

#[test]
fn moves_answers_have_the_documented_shape() {
    let answer = moves_of("twenty-squares/ur", &ur_start("dark", json!(2)));
    let obj = answer.as_object().unwrap();
    assert_eq!(obj.keys().collect::<Vec<_>>(), ["moves"]);
    let mv = &answer["moves"][0];
    assert_eq!(mv["steps"], json!([{ "from": 0, "to": 2 }]));
    let result = &mv["result"];
    assert_eq!(result["to_move"], "light");
    assert_eq!(result["throw"], Value::Null);
    assert_eq!(
        result["pieces"],
        json!({ "light": [0, 0, 0, 0, 0, 0, 0], "dark": [0, 0, 0, 0, 0, 0, 2] })
    );
    // The result is itself a position `moves` accepts (with a throw).
    let mut next = result.clone();
    next["throw"] = json!(1);
    let again = moves_of("twenty-squares/ur", &next);
    assert!(!steps(&again).is_empty());
}

#[test]
fn moves_of_a_pass_is_an_empty_list_and_the_pass() {
    // Ur's four pyramids all showing the dark tip give 0: nothing moves, and the turn goes to
    // dark with nothing else changed.
    let answer = moves_of("twenty-squares/ur", &ur_start("light", json!(0)));
    assert_eq!(
        answer,
        json!({ "moves": [], "pass": { "result": ur_start("dark", Value::Null) } })
    );
}

/// `on retreat: ... lose next turn` (Kendall's booklet): a side that loses its turn has no move
/// with any throw; its pass is the lost turn, which it no longer owes after it.
#[test]
fn moves_of_a_lost_turn_is_the_pass_that_loses_it() {
    let pieces = json!({ "white": [2, 4, 6, 8, 10, 12, 14], "black": [1, 3, 5, 7, 9, 11, 13] });
    let position =
        json!({ "to_move": "white", "throw": 2, "loses_turn": ["white"], "pieces": pieces });
    let answer = moves_of("senet/kendall-1978", &position);
    assert_eq!(
        answer,
        json!({ "moves": [], "pass": {
            "result": { "to_move": "black", "throw": null, "pieces": pieces },
            "lost_turn": true } })
    );
}

/// Piccione's "If it is impossible for a piece to move from square 1, it must be removed from
/// the board and entered again" (`piece moves next or goes back to waiting`): white's piece just
/// entered on 1 must move the 2, but black holds 2 to 6 (no capture) and nothing moves back
/// from 1: white passes and the piece goes back to waiting.
#[test]
fn moves_of_a_pass_that_sends_a_piece_back() {
    let position = json!({ "to_move": "white", "throw": 2, "moves_next": ["white"],
                           "pieces": { "white": [1, 0, 0, 0, 0], "black": [2, 3, 4, 5, 6] } });
    let answer = moves_of("senet/piccione", &position);
    assert_eq!(
        answer,
        json!({ "moves": [], "pass": {
            "result": { "to_move": "black", "throw": null,
                        "pieces": { "white": [0, 0, 0, 0, 0], "black": [2, 3, 4, 5, 6] } },
            "sent_back": 1 } })
    );
}

/// `on pass with 0: throw again`: Ur's 0 passes and the same side throws again; and `begin
/// with 4`: a 4 begins a side even where it has no move (light's 4 -> 8 onto dark's piece on
/// the central rosette, safe; its entry onto 4, its own piece).
#[test]
fn moves_of_a_pass_that_throws_again_or_begins() {
    let dir = TempDir::new("moves-pass");
    let again = dir.path("again.rules");
    std::fs::write(
        &again,
        "ruleset \"test/again\"\ntitle \"Ur: a 0 throws again\"\nextends \"twenty-squares/ur\"\n\
         on pass with 0: throw again\n",
    )
    .unwrap();
    let answer = moves_of(s(&again), &ur_start("light", json!(0)));
    assert_eq!(
        answer,
        json!({ "moves": [], "pass": {
            "result": ur_start("light", Value::Null), "throws_again": true } })
    );

    let begin = dir.path("begin.rules");
    std::fs::write(
        &begin,
        "ruleset \"test/begin\"\ntitle \"Ur: a 4 begins\"\nextends \"twenty-squares/ur\"\n\
         option pieces: 2 default 2\nbegin with 4\n",
    )
    .unwrap();
    let position = json!({ "to_move": "light", "throw": 4, "not_begun": ["light"],
                           "pieces": { "light": [0, 4], "dark": [0, 8] } });
    let answer = moves_of(s(&begin), &position);
    assert_eq!(
        answer,
        json!({ "moves": [], "pass": {
            "result": { "to_move": "dark", "throw": null,
                        "pieces": { "light": [0, 4], "dark": [0, 8] } },
            "begins": true } })
    );
}

/// The narrator tells what a pass did: Piccione's entered piece that cannot move goes back to
/// waiting, and the line of the pass says so.
#[test]
fn a_pass_that_sends_a_piece_back_is_told() {
    let out = run(&[
        "play",
        "senet/piccione",
        "--players",
        "random,random",
        "--seed",
        "1",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let told: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.contains("passes; its piece on 1 goes back to waiting."))
        .collect();
    assert!(!told.is_empty(), "{}", out.stdout);
    // Each is a pass with a throw (the piece entered with a 1 and threw again).
    assert!(
        told.iter().all(|l| l.contains(": no legal move, ")),
        "{told:?}"
    );
}

#[test]
fn moves_shows_extra_throws_captures_and_square_effects() {
    // Ur: light enters on its 4th square with a 4, a rosette: light throws again.
    let answer = moves_of("twenty-squares/ur", &ur_start("light", json!(4)));
    assert_eq!(answer["moves"][0]["result"]["to_move"], "light");

    // Kendall: a piece on 26 moves with 1 onto the River (27): `to` is 27, the result shows it
    // on 15; a 1 also gives an extra throw. 1 -> 2 takes the red piece there, which swaps to 1.
    let pos = json!({ "to_move": "green", "throw": 1,
        "pieces": { "green": [26, 1, 3, 5, 7], "red": [2, 4, 6, 8, 10] } });
    let answer = moves_of("senet/kendall", &pos);
    let all = steps(&answer);
    let river = all
        .iter()
        .position(|m| *m == [(json!(26), json!(27))])
        .unwrap_or_else(|| panic!("no move 26 -> 27 in {all:?}"));
    let result = &answer["moves"][river]["result"];
    assert_eq!(
        sorted(&result["pieces"]["green"]),
        ["001", "003", "005", "007", "015"]
    );
    assert_eq!(result["to_move"], "green");
    let capture = all
        .iter()
        .position(|m| *m == [(json!(1), json!(2))])
        .unwrap_or_else(|| panic!("no move 1 -> 2 in {all:?}"));
    let result = &answer["moves"][capture]["result"];
    assert_eq!(
        sorted(&result["pieces"]["green"]),
        ["002", "003", "005", "007", "026"]
    );
    assert_eq!(
        sorted(&result["pieces"]["red"]),
        ["001", "004", "006", "008", "010"]
    );

    // With 15 taken, the River sends the piece to the first free square before it.
    let pos = json!({ "to_move": "green", "throw": 1,
        "pieces": { "green": [26, 15, 3, 5, 7], "red": [2, 4, 6, 8, 10] } });
    let answer = moves_of("senet/kendall", &pos);
    let river = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["steps"] == json!([{ "from": 26, "to": 27 }]))
        .expect("a move 26 -> 27");
    assert_eq!(
        sorted(&river["result"]["pieces"]["green"]),
        ["003", "005", "007", "014", "015"]
    );
}

#[test]
fn moves_bears_off_and_reports_the_end() {
    // Kendall: the last green piece on 30 bears off with a 1 and wins.
    let pos = json!({ "to_move": "green", "throw": 1,
        "pieces": { "green": [30, "off", "off", "off", "off"], "red": [2, 4, 6, 8, 10] } });
    let answer = moves_of("senet/kendall", &pos);
    assert_eq!(steps(&answer), [[(json!(30), json!("off"))]]);
    let result = &answer["moves"][0]["result"];
    assert_eq!(
        result["pieces"]["green"],
        json!(["off", "off", "off", "off", "off"])
    );
    assert_eq!(result["outcome"]["winner"], "green", "{result}");
}

#[test]
fn moves_answers_json_lines_one_line_each_in_order() {
    let input: String = [1, 2, 0, 3, 4]
        .iter()
        .map(|t| format!("{}\n", ur_start("light", json!(t))))
        .collect();
    let out = run_with(&["moves", "twenty-squares/ur", "--position", "-"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each answer is one line of JSON"))
        .collect();
    assert_eq!(lines.len(), 5, "{}", out.stdout);
    for (line, t) in lines.iter().zip([1, 2, 0, 3, 4]) {
        let expected: Vec<Vec<(Value, Value)>> = if t == 0 {
            vec![]
        } else {
            vec![vec![(json!(0), json!(t))]]
        };
        assert_eq!(steps(line), expected, "throw {t}: {line}");
    }
}

#[test]
fn moves_json_lines_with_a_bad_line_answers_the_others() {
    let good = ur_start("light", json!(2));
    let bad = json!({ "to_move": "grey", "throw": 2, "pieces": good["pieces"].clone() });
    let input = format!("{good}\n{bad}\n{good}\n");
    let out = run_with(&["moves", "twenty-squares/ur", "--position", "-"], &input);
    assert_eq!(out.code, 2);
    let lines: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{}", out.stdout);
    assert!(lines[0]["moves"].is_array());
    assert!(lines[1]["error"].as_str().unwrap().contains("grey"));
    assert!(lines[2]["moves"].is_array());
    assert!(out.stderr.contains("line 2"), "{}", out.stderr);
}

#[test]
fn moves_refuses_an_unknown_side() {
    let pieces = ur_start("light", json!(2))["pieces"].clone();
    let to_move = json!({ "to_move": "grey", "throw": 2, "pieces": pieces });
    refused(
        "twenty-squares/ur",
        &to_move.to_string(),
        "unknown side `grey`",
    );
    let in_pieces = json!({ "to_move": "light", "throw": 2,
        "pieces": { "light": [0, 0, 0, 0, 0, 0, 0], "grey": [0, 0, 0, 0, 0, 0, 0] } });
    refused(
        "twenty-squares/ur",
        &in_pieces.to_string(),
        "unknown side `grey`",
    );
    // The message names the real sides.
    refused(
        "twenty-squares/ur",
        &to_move.to_string(),
        "`light` and `dark`",
    );
}

#[test]
fn moves_refuses_a_wrong_number_of_pieces() {
    let six = json!({ "to_move": "light", "throw": 2,
        "pieces": { "light": [0, 0, 0, 0, 0, 0], "dark": [0, 0, 0, 0, 0, 0, 0] } });
    refused("twenty-squares/ur", &six.to_string(), "has 6 pieces here");
    let eight = json!({ "to_move": "light", "throw": 2,
        "pieces": { "light": [0, 0, 0, 0, 0, 0, 0], "dark": [0, 0, 0, 0, 0, 0, 0, 0] } });
    refused(
        "twenty-squares/ur",
        &eight.to_string(),
        "the rules give each side 7",
    );
}

#[test]
fn moves_refuses_two_pieces_on_one_square() {
    // Position 5 is the first shared square of both paths in Ur: the same square.
    let shared = json!({ "to_move": "light", "throw": 2,
        "pieces": { "light": [5, 0, 0, 0, 0, 0, 0], "dark": [5, 0, 0, 0, 0, 0, 0] } });
    refused(
        "twenty-squares/ur",
        &shared.to_string(),
        "two pieces on square",
    );
    let own = json!({ "to_move": "light", "throw": 2,
        "pieces": { "light": [3, 3, 0, 0, 0, 0, 0], "dark": [0, 0, 0, 0, 0, 0, 0] } });
    refused(
        "twenty-squares/ur",
        &own.to_string(),
        "two pieces on square",
    );
    // Positions 1 to 4 are private: light 1 and dark 1 are different squares.
    let private = json!({ "to_move": "light", "throw": 2,
        "pieces": { "light": [1, 0, 0, 0, 0, 0, 0], "dark": [1, 0, 0, 0, 0, 0, 0] } });
    moves_of("twenty-squares/ur", &private);
}

#[test]
fn moves_refuses_a_throw_the_device_cannot_give() {
    refused(
        "twenty-squares/ur",
        &ur_start("light", json!(5)).to_string(),
        "the throw 5 is not one the device can give",
    );
    // Kendall's sticks give 1 to 5, never 0 or 6.
    let pos = json!({ "to_move": "green", "throw": 6,
        "pieces": { "green": [1, 3, 5, 7, 9], "red": [2, 4, 6, 8, 10] } });
    refused(
        "senet/kendall",
        &pos.to_string(),
        "not one the device can give",
    );
}

#[test]
fn moves_refuses_malformed_json() {
    refused(
        "twenty-squares/ur",
        "{\"to_move\": \"light\", \"throw\": ",
        "not valid JSON",
    );
    refused("twenty-squares/ur", "[1, 2", "not valid JSON");
}

#[test]
fn moves_refuses_a_missing_file_and_empty_input() {
    let dir = TempDir::new("moves-missing");
    let missing = dir.path("no-such-position.json");
    let out = run(&["moves", "twenty-squares/ur", "--position", s(&missing)]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("cannot read"), "{}", out.stderr);
    assert!(
        out.stderr.contains("no-such-position.json"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty(), "{}", out.stdout);

    let out = run_with(&["moves", "twenty-squares/ur", "--position", "-"], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("no position"), "{}", out.stderr);
}

#[test]
fn moves_refuses_a_position_without_a_throw() {
    refused(
        "twenty-squares/ur",
        &ur_start("light", Value::Null).to_string(),
        "`throw` is null",
    );
}

// ---- play and replay ---------------------------------------------------------------------------

/// Plays `rules` with two random agents and `seed`, writing the record to `record`; checks the
/// exit code and the end of the output. Returns standard output.
fn play_random(rules: &str, seed: u64, record: &Path, extra: &[&str]) -> String {
    let seed = seed.to_string();
    let mut args = vec![
        "play",
        rules,
        "--players",
        "random,random",
        "--seed",
        &seed,
        "--record",
        s(record),
        "--one-game",
    ];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert_eq!(out.code, 0, "{rules}: {}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    let n = lines.len();
    assert!(n >= 2, "{rules}: {}", out.stdout);
    assert!(
        lines[n - 2].starts_with("Game over after "),
        "{rules}: the game does not end with `Game over`:\n{}",
        lines[n.saturating_sub(5)..].join("\n")
    );
    assert_eq!(lines[n - 1], format!("Record written to {}.", s(record)));
    out.stdout
}

fn replay(record: &Path) -> Out {
    run(&["replay", s(record)])
}

/// `replay --show` tells the game as `play` does and draws the board after every move and
/// pass: the start, then one board per move or pass of the record.
#[test]
fn replay_show_draws_every_position() {
    let dir = TempDir::new("show");
    for (rules, seed) in [("senet/base", 3), ("twenty-squares/ur", 4)] {
        let file = dir.path("game.json");
        play_random(rules, seed, &file, &[]);
        let out = run(&["replay", s(&file), "--show"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let events = record["events"].as_array().unwrap();
        let changes = events
            .iter()
            .filter(|e| e.get("move").is_some() || e.get("pass").is_some())
            .count();
        let first = record["sides"][0].as_str().unwrap();
        let boards = out
            .stdout
            .lines()
            .filter(|l| l.trim_start().starts_with(first) && l.contains("on the board"))
            .count();
        assert_eq!(boards, changes + 1, "{rules}:\n{}", out.stdout);
        // The moves are told in words, and the story ends as the record does.
        assert!(out.stdout.contains(" moves "), "{}", out.stdout);
        assert!(
            !out.stdout.contains("{\""),
            "no JSON in the story:\n{}",
            out.stdout
        );
        assert!(
            out.stdout
                .trim_end()
                .lines()
                .last()
                .unwrap()
                .starts_with("ok  ")
        );
    }
}

#[test]
fn every_bundled_rule_set_plays_a_game_that_replays() {
    let dir = TempDir::new("every");
    for (i, rules) in bundled().iter().enumerate() {
        let file = dir.path(&format!("{}.json", rules.replace('/', "-")));
        let stdout = play_random(rules, 100 + i as u64, &file, &[]);
        assert!(stdout.contains(&format!("seed {}", 100 + i)), "{stdout}");
        let out = replay(&file);
        assert_eq!(out.code, 0, "{rules}: {}", out.stderr);
        assert!(
            out.stdout
                .starts_with(&format!("ok  {}: {rules} replayed", s(&file))),
            "{rules}: {}",
            out.stdout
        );
        // The record says what the documentation says it holds.
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap())
            .expect("a record is JSON");
        assert_eq!(record["format"], "senet-record/1");
        assert_eq!(record["rules"]["id"], rules.as_str());
        assert_eq!(record["seed"], 100 + i as u64);
        assert_eq!(record["players"], json!(["random", "random"]));
        // The game's events, its throws among them (a game of `tables/dubblets` may end in a
        // few throws, and one of `tables/fallas` at its first).
        let events = record["events"]
            .as_array()
            .expect("a record lists its events");
        assert!(
            events.iter().any(|e| e.get("throw").is_some()),
            "{rules}: {events:?}"
        );
        // Random play in `senet/jequier-1930` wanders and rarely ends (docs/library.md): its
        // game may stop at the turn cap, and the record says so.
        let wanders = rules == "senet/jequier-1930";
        assert!(
            record["result"].get("winner").is_some()
                || record["result"].get("draw").is_some()
                || (wanders && record["result"]["unfinished"] == true),
            "{rules}: {}",
            record["result"]
        );
    }
}

/// A declined extra throw (`may throw again`) is a move of its own: the record says which
/// form was played, the story says so, and the record replays.
#[test]
fn a_declined_extra_throw_is_recorded_told_and_replayed() {
    let dir = TempDir::new("declines");
    let rules = dir.path("optional.rules");
    std::fs::write(
        &rules,
        "ruleset \"test/optional-rosettes\"\ntitle \"Ur, rosettes the player may decline\"\n\
         extends \"twenty-squares/ur\"\nextra throw on none\n\
         on landing on positions 4, 8, 14: may throw again\n",
    )
    .unwrap();
    let file = dir.path("game.json");
    let stdout = play_random(s(&rules), 5, &file, &[]);
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let moves: Vec<&Value> = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.get("move"))
        .collect();
    let declined = moves
        .iter()
        .filter(|m| m.get("declines_throw") == Some(&json!(true)))
        .count();
    assert!(declined > 0, "no declined throw in {} moves", moves.len());
    assert_eq!(stdout.matches("does not throw again").count(), declined);
    let out = replay(&file);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("ok  "), "{}", out.stdout);
}

/// A turn ended by choice (`may end turn`) is a move of its own too: recorded, told and replayed.
#[test]
fn a_turn_ended_by_choice_is_recorded_told_and_replayed() {
    let dir = TempDir::new("ends");
    let rules = dir.path("optional-end.rules");
    std::fs::write(
        &rules,
        "ruleset \"test/optional-end\"\ntitle \"Kendall 1978, a player may stop on 15 to 19\"\n\
         extends \"senet/kendall-1978\"\non landing on 15..19: may end turn\n",
    )
    .unwrap();
    let file = dir.path("game.json");
    let stdout = play_random(s(&rules), 5, &file, &[]);
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let ended = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.get("move"))
        .filter(|m| m.get("ends_turn") == Some(&json!(true)))
        .count();
    assert!(ended > 0, "no turn ended by choice");
    assert_eq!(stdout.matches("; ends the turn").count(), ended);
    let out = replay(&file);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("ok  "), "{}", out.stdout);
}

#[test]
fn the_same_seed_gives_byte_identical_records() {
    let dir = TempDir::new("same-seed");
    for rules in bundled() {
        let name = rules.replace('/', "-");
        let (a, b, c) = (
            dir.path(&format!("{name}-a.json")),
            dir.path(&format!("{name}-b.json")),
            dir.path(&format!("{name}-c.json")),
        );
        play_random(&rules, 7, &a, &[]);
        play_random(&rules, 7, &b, &[]);
        let (ta, tb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
        assert!(ta == tb, "{rules}: the same seed gave two records");
        if rules == "senet/finkel" {
            // Slow in debug builds; the others show that the seed matters. (Seeds 12 and 42
            // reach a total of 32 or more, which panics in debug builds: see engine_props.rs,
            // `split_turns_with_a_total_over_31`.)
            continue;
        }
        play_random(&rules, 8, &c, &[]);
        assert!(
            ta != std::fs::read(&c).unwrap(),
            "{rules}: seeds 7 and 8 gave the same record"
        );
    }
}

#[test]
fn play_without_a_record_ends_with_game_over() {
    let out = run(&[
        "play",
        "senet/kendall",
        "--players",
        "random,random",
        "--seed",
        "9",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let last = out.stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("Game over after "), "{last}");
    // Who won and why: Kendall's rules are won by bearing off every piece.
    assert!(last.ends_with(" wins, all pieces borne off."), "{last}");
}

#[test]
fn options_are_recorded_and_replayed() {
    let dir = TempDir::new("options");
    let file = dir.path("kendall-7.json");
    play_random("senet/kendall", 5, &file, &["--option", "pieces=7"]);
    let out = replay(&file);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // Every option with its value, the defaults too.
    assert_eq!(
        record["options"],
        json!({ "pieces": "7", "extra-throws": "on" })
    );
    // The same events under five pieces a side do not replay.
    record["options"] = json!({ "pieces": "5" });
    std::fs::write(&file, record.to_string()).unwrap();
    let out = replay(&file);
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
}

// ---- replay refuses damaged records ------------------------------------------------------------

/// A good Ur record (seed 3) to damage.
fn ur_record(dir: &TempDir) -> Value {
    let file = dir.path("good.json");
    play_random("twenty-squares/ur", 3, &file, &[]);
    serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap()
}

/// Writes `text` as a record and asserts `replay` (with and without `--show`) refuses it with
/// exit 2, `message` in the error, and nothing on standard output.
fn replay_refuses(dir: &TempDir, name: &str, text: &str, message: &str) {
    let file = dir.path(&format!("{name}.json"));
    std::fs::write(&file, text).unwrap();
    for show in [false, true] {
        let mut args = vec!["replay", s(&file)];
        if show {
            args.push("--show");
        }
        let out = run(&args);
        assert_eq!(out.code, 2, "{name}: {}{}", out.stdout, out.stderr);
        assert!(
            out.stdout.is_empty(),
            "{name}: half replayed:\n{}",
            out.stdout
        );
        assert!(
            out.stderr
                .starts_with(&format!("error: `{}` cannot be replayed: ", s(&file))),
            "{name}: {}",
            out.stderr
        );
        assert!(
            out.stderr.contains(message),
            "{name}: expected `{message}` in: {}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1, "{name}: {}", out.stderr);
    }
}

fn events(record: &mut Value) -> &mut Vec<Value> {
    record["events"].as_array_mut().unwrap()
}

/// The index of the first event with key `kind` (`throw`, `move`, `pass`, `end`).
fn first(record: &Value, kind: &str) -> usize {
    record["events"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e.get(kind).is_some())
        .unwrap_or_else(|| panic!("no `{kind}` event"))
}

#[test]
fn replay_refuses_what_is_not_a_record() {
    let dir = TempDir::new("not-a-record");
    replay_refuses(&dir, "text", "this is not JSON\n", "not valid JSON");
    replay_refuses(&dir, "empty", "", "not valid JSON");
    replay_refuses(&dir, "array", "[1, 2, 3]", "not a senet game record");
    let mut record = ur_record(&dir);
    record["format"] = json!("senet-record/99");
    replay_refuses(
        &dir,
        "format",
        &record.to_string(),
        "not a senet game record",
    );
    record.as_object_mut().unwrap().remove("format");
    replay_refuses(
        &dir,
        "no-format",
        &record.to_string(),
        "not a senet game record",
    );

    let out = run(&["replay", s(&dir.path("missing.json"))]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("cannot read"), "{}", out.stderr);
}

#[test]
fn replay_refuses_a_changed_throw() {
    let dir = TempDir::new("throw");
    let good = ur_record(&dir);
    let i = first(&good, "throw");
    let value = good["events"][i]["throw"]["value"].as_u64().unwrap();

    // Another possible value: the record's seed throws another (and the recorded move would no
    // longer fit it).
    let mut record = good.clone();
    events(&mut record)[i]["throw"]["value"] = json!(if value == 3 { 2 } else { 3 });
    replay_refuses(
        &dir,
        "other",
        &record.to_string(),
        &format!("event {}: the record's seed throws {value} here", i + 1),
    );
    // The same game under another seed: its throws are not that seed's.
    let mut record = good.clone();
    record["seed"] = json!(good["seed"].as_u64().unwrap() + 1);
    replay_refuses(
        &dir,
        "seed",
        &record.to_string(),
        "the record's seed throws",
    );

    // A value the pyramids cannot give.
    let mut record = good.clone();
    events(&mut record)[i]["throw"]["value"] = json!(9);
    replay_refuses(
        &dir,
        "impossible",
        &record.to_string(),
        "9 is not a possible throw",
    );

    // A throw by the wrong side.
    let mut record = good;
    events(&mut record)[i]["throw"]["side"] = json!("dark");
    replay_refuses(
        &dir,
        "side",
        &record.to_string(),
        &format!("event {}", i + 1),
    );
}

#[test]
fn replay_refuses_unknown_players_and_other_seats() {
    let dir = TempDir::new("players");
    let good = ur_record(&dir);
    let mut record = good.clone();
    record["players"] = json!(["random", "wizard"]);
    replay_refuses(
        &dir,
        "wizard",
        &record.to_string(),
        "`wizard` in `players` is no player",
    );
    let mut record = good.clone();
    record["players"] = json!(["random", "expectimax:9"]);
    replay_refuses(&dir, "deep", &record.to_string(), "is no player");
    let mut record = good;
    record["seated"] = json!(["greedy", "random"]);
    replay_refuses(&dir, "seated", &record.to_string(), "the record seats");
}

#[test]
fn replay_refuses_an_illegal_move() {
    let dir = TempDir::new("move");
    let good = ur_record(&dir);
    let i = first(&good, "move");
    let mut record = good.clone();
    events(&mut record)[i]["move"]["steps"] = json!([{ "from": 0, "to": 9 }]);
    replay_refuses(&dir, "illegal", &record.to_string(), "is not legal here");

    // A legal-looking move with the wrong side or throw in it.
    let mut record = good.clone();
    events(&mut record)[i]["move"]["throw"] = json!(4);
    replay_refuses(
        &dir,
        "move-throw",
        &record.to_string(),
        &format!("event {}", i + 1),
    );

    // A move where the rules give a pass, and a pass where the rules give a move.
    let mut record = good.clone();
    let p = first(&good, "pass");
    let side = good["events"][p]["pass"]["side"].clone();
    events(&mut record)[p] = json!({ "move": { "side": side, "throw": 0,
        "steps": [{ "from": 0, "to": 1 }] } });
    replay_refuses(
        &dir,
        "move-for-pass",
        &record.to_string(),
        &format!("event {}", p + 1),
    );
    let mut record = good;
    let side = record["events"][i]["move"]["side"].clone();
    let throw = record["events"][i]["move"]["throw"].clone();
    events(&mut record)[i] = json!({ "pass": { "side": side, "throw": throw } });
    replay_refuses(
        &dir,
        "pass-for-move",
        &record.to_string(),
        &format!("event {}: expected a move by light", i + 1),
    );
}

#[test]
fn replay_refuses_deleted_and_added_events() {
    let dir = TempDir::new("events");
    let good = ur_record(&dir);
    let n = good["events"].as_array().unwrap().len();

    for i in [0, 1, 2, n / 2, n - 2] {
        let mut record = good.clone();
        events(&mut record).remove(i);
        replay_refuses(&dir, &format!("deleted-{i}"), &record.to_string(), "event");
    }
    // The end itself deleted, and the record cut short.
    let mut record = good.clone();
    events(&mut record).pop();
    replay_refuses(&dir, "no-end", &record.to_string(), "the record ends early");
    let mut record = good.clone();
    events(&mut record).truncate(n / 2);
    replay_refuses(&dir, "cut", &record.to_string(), "the record ends early");
    let mut record = good.clone();
    events(&mut record).clear();
    replay_refuses(
        &dir,
        "no-events",
        &record.to_string(),
        "the record ends early",
    );

    // Events after the end.
    for extra in [
        json!({ "throw": { "side": "light", "value": 1 } }),
        json!({ "move": { "side": "light", "throw": 1, "steps": [{ "from": 0, "to": 1 }] } }),
        good["events"][n - 1].clone(),
    ] {
        let mut record = good.clone();
        events(&mut record).push(extra);
        replay_refuses(&dir, "added", &record.to_string(), "the game is over");
    }
    // An event added in the middle: a throw twice.
    let mut record = good.clone();
    let t = events(&mut record)[0].clone();
    events(&mut record).insert(1, t);
    replay_refuses(&dir, "twice", &record.to_string(), "event 2");
}

#[test]
fn replay_refuses_a_changed_result() {
    let dir = TempDir::new("result");
    let good = ur_record(&dir);
    let winner = good["result"]["winner"]
        .as_str()
        .expect("a winner")
        .to_string();
    let loser = if winner == "light" { "dark" } else { "light" };
    for (name, result) in [
        ("loser", json!({ "winner": loser, "match_points": 0 })),
        ("draw", json!({ "draw": true })),
        ("unfinished", json!({ "unfinished": true })),
        ("points", json!({ "winner": winner, "match_points": 3 })),
    ] {
        let mut record = good.clone();
        record["result"] = result;
        replay_refuses(
            &dir,
            name,
            &record.to_string(),
            "the record says the result is",
        );
    }
    let mut record = good;
    record.as_object_mut().unwrap().remove("result");
    replay_refuses(
        &dir,
        "no-result",
        &record.to_string(),
        "missing field `result`",
    );
}

#[test]
fn replay_refuses_changed_or_unknown_rules() {
    let dir = TempDir::new("rules");
    let good = ur_record(&dir);
    let mut record = good.clone();
    record["rules"]["hash"] = json!("0123456789abcdef");
    replay_refuses(
        &dir,
        "hash",
        &record.to_string(),
        "have changed since the game was recorded",
    );
    // The rule text the record carries, changed by one character.
    let mut record = good.clone();
    let text = record["rules"]["files"][0]["text"].as_str().unwrap();
    let changed = text.replacen("safe positions 4, 8, 14", "safe positions 4, 8", 1);
    assert_ne!(changed, text);
    record["rules"]["files"][0]["text"] = json!(changed);
    replay_refuses(&dir, "carried", &record.to_string(), "have changed");
    // Carried text that is not rules, or that reaches for a file it does not carry: refused,
    // and nothing outside the record is read.
    for (name, text) in [
        ("not-rules", "this is no rule file"),
        ("reaches-out", "ruleset \"x\"\nextends \"/etc/passwd\"\n"),
    ] {
        let mut record = good.clone();
        record["rules"]["files"] = json!([{ "name": "x.rules", "text": text }]);
        replay_refuses(&dir, name, &record.to_string(), "do not check");
    }
    for (name, files) in [
        ("files-not-a-list", json!("twenty-squares/ur")),
        ("files-empty", json!([])),
        (
            "file-without-text",
            json!([{ "name": "twenty-squares/ur" }]),
        ),
    ] {
        let mut record = good.clone();
        record["rules"]["files"] = files;
        replay_refuses(&dir, name, &record.to_string(), "`rules.files");
    }
    // A record that carries no rules (as written before they were carried) names them by
    // `source`.
    let mut older = good;
    older["rules"].as_object_mut().unwrap().remove("files");
    let mut record = older.clone();
    record["rules"]["source"] = json!("twenty-squares/no-such-board");
    replay_refuses(&dir, "source", &record.to_string(), "do not load");
    // Rules from a file that is not there.
    let mut record = older.clone();
    record["rules"]["source"] = json!(s(&dir.path("gone.rules")));
    replay_refuses(&dir, "file", &record.to_string(), "do not load");
    // Other rules under the old hash.
    let mut record = older.clone();
    record["rules"]["source"] = json!("twenty-squares/sawah");
    replay_refuses(&dir, "other-rules", &record.to_string(), "have changed");
    let file = dir.path("older.json");
    std::fs::write(&file, older.to_string()).unwrap();
    let out = replay(&file);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

/// The record's summary fields (`moves`, `turns`), its `sides` and its `rules.id` are not
/// compared with the replay: a record that says 999 moves, or lists its sides the wrong way
/// round, replays "ok".
#[test]
fn replay_refuses_inconsistent_header_fields() {
    let dir = TempDir::new("header");
    let good = ur_record(&dir);
    for (name, key, value) in [
        ("moves", "moves", json!(999)),
        ("turns", "turns", json!(99_999)),
        ("sides", "sides", json!(["dark", "light"])),
    ] {
        let mut record = good.clone();
        record[key] = value;
        replay_refuses(&dir, name, &record.to_string(), key);
    }
    let mut record = good;
    record["rules"]["id"] = json!("senet/kendall");
    replay_refuses(&dir, "id", &record.to_string(), "senet/kendall");
}

// ---- a person at the keyboard ------------------------------------------------------------------

const PROMPT: &str = "move [1-";
/// The prompt when a single move is legal: the person sees it and confirms.
const ONLY: &str = "press Enter to play it";

/// Every prompt of a transcript: the options listed for it (after the last "... to move with
/// N:", or the one move of "... has only one move with N: MOVE") and what follows it on its line
/// (standard input is not echoed, so the next output lands there).
fn prompts(stdout: &str) -> Vec<(Vec<String>, String)> {
    let mut found = Vec::new();
    let mut options: Vec<String> = Vec::new();
    for line in stdout.lines() {
        if line.contains(" to move with ") && line.ends_with(':') {
            options.clear();
            continue;
        }
        if let Some(at) = line.find(" has only one move with ") {
            let (_, only) = line[at..].split_once(": ").expect("the only move");
            options = vec![only.to_string()];
            continue;
        }
        if let Some(at) = line.find(PROMPT).or_else(|| line.find(ONLY)) {
            let after = line[at..]
                .split_once("]: ")
                .map_or("", |(_, rest)| rest)
                .to_string();
            found.push((options.clone(), after));
            continue;
        }
        let t = line.trim_start();
        if let Some((n, text)) = t.split_once(") ")
            && n.parse::<usize>() == Ok(options.len() + 1)
        {
            options.push(text.to_string());
        }
    }
    found
}

/// Whether `after` (what follows a prompt) says that `side` played `option`: the option's text,
/// then the end of the sentence or what follows the move (`; throws again.`).
fn played(after: &str, side: &str, option: &str) -> bool {
    let said = format!("  {side} moves {option}");
    after == format!("{said}.") || after.starts_with(&format!("{said}; "))
}

/// Plays `args` answering each prompt as it comes: Enter where a single move is offered, else
/// `answer`. The whole standard output, once the game is over.
fn play_answering(args: &[&str], answer: &str) -> Out {
    play_script(args, |text| {
        // The last prompt is the one waiting (None, no such prompt yet, sorts first).
        if text.rfind(ONLY) > text.rfind(PROMPT) {
            "\n".into()
        } else {
            answer.into()
        }
    })
}

/// Plays `args`, answering each prompt with what `answer` makes of the output so far. The whole
/// standard output, once the game is over.
fn play_script(args: &[&str], mut answer: impl FnMut(&str) -> String) -> Out {
    use std::io::{Read, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run senet");
    let mut stdin = child.stdin.take().expect("a pipe");
    let mut stdout = child.stdout.take().expect("a pipe");
    let (tx, rx) = std::sync::mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    let mut text = String::new();
    let mut answered = 0;
    while let Ok(chunk) = rx.recv_timeout(std::time::Duration::from_secs(30)) {
        text.push_str(&String::from_utf8(chunk).expect("stdout is UTF-8"));
        let asked = text.matches("]: ").count();
        if asked > answered && text.ends_with("]: ") {
            answered = asked;
            let line = answer(&text);
            stdin.write_all(line.as_bytes()).expect("answer the prompt");
        }
    }
    drop(stdin);
    let status = child.wait().expect("senet ends");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("a pipe")
        .read_to_string(&mut stderr)
        .expect("stderr");
    Out {
        code: status.code().expect("senet ended by a signal"),
        stdout: text,
        stderr,
    }
}

#[test]
fn a_person_chooses_moves_by_number() {
    let out = play_answering(
        &[
            "play",
            "twenty-squares/ur",
            "--players",
            "human,random",
            "--seed",
            "1",
        ],
        "2\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("light is player 1: human"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("dark is player 2: random"));
    assert!(
        out.stdout.contains("`q` quits"),
        "the help is shown at the start"
    );
    let prompts = prompts(&out.stdout);
    assert!(prompts.len() > 5, "{}", out.stdout);
    assert_eq!(
        prompts.len(),
        out.stdout.matches("light to move with ").count()
            + out.stdout.matches("light has only one move with ").count(),
        "one prompt per choice"
    );
    assert!(
        prompts.iter().filter(|(o, _)| o.len() >= 2).count() > 5,
        "{}",
        out.stdout
    );
    for (options, after) in &prompts {
        // Move 2 is played, and said so; a single legal move is shown and played on Enter.
        let chosen = if options.len() == 1 { 0 } else { 1 };
        assert!(
            played(after, "light", &options[chosen]),
            "{options:?}: {after}"
        );
    }
    let last = out.stdout.lines().last().unwrap();
    assert!(last.starts_with("Game over after "), "{last}");
}

#[test]
fn enter_alone_plays_the_first_move() {
    let input = "\n".repeat(600);
    let out = run_with(
        &[
            "play",
            "twenty-squares/ur",
            "--players",
            "random,human",
            "--seed",
            "2",
        ],
        &input,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let prompts = prompts(&out.stdout);
    assert!(!prompts.is_empty());
    for (options, after) in &prompts {
        assert!(played(after, "dark", &options[0]), "{options:?}: {after}");
    }
    assert!(
        out.stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("Game over after ")
    );
}

#[test]
fn a_person_game_is_recorded_and_replays() {
    let dir = TempDir::new("human-record");
    let file = dir.path("human.json");
    let out = run_with(
        &[
            "play",
            "senet/kendall",
            "--players",
            "human,random",
            "--seed",
            "5",
            "--record",
            s(&file),
        ],
        &"1\n".repeat(1000),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Game over after "));
    let out = replay(&file);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["players"], json!(["human", "random"]));
}

#[test]
fn a_person_quits_with_q() {
    let dir = TempDir::new("quit");
    let file = dir.path("quit.json");
    for quit in ["q\n", "quit\n", "1\nq\n"] {
        let out = run_with(
            &[
                "play",
                "twenty-squares/ur",
                "--players",
                "human,random",
                "--seed",
                "1",
                "--record",
                s(&file),
            ],
            quit,
        );
        assert_eq!(out.code, 0, "{quit:?}: {}", out.stderr);
        assert!(
            out.stdout.contains(PROMPT) || out.stdout.contains(ONLY),
            "{quit:?}: no prompt"
        );
        let lines: Vec<&str> = out.stdout.lines().collect();
        let stopped = lines[lines.len() - 2];
        assert!(
            stopped.starts_with("Game stopped after "),
            "{quit:?}: {stopped}"
        );
        assert!(!out.stdout.contains("Game over"), "{quit:?}");
        // The stopped game is recorded as stopped, and replays up to where it stopped; the
        // last line says how to go on with it.
        assert_eq!(
            lines[lines.len() - 1],
            format!(
                "Record written to {0}; `senet play --resume {0}` goes on with the game.",
                s(&file)
            )
        );
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(record["result"], json!({ "stopped": true }), "{quit:?}");
        assert_eq!(record["turn_cap"], json!(10_000));
        let replayed = replay(&file);
        assert_eq!(replayed.code, 0, "{quit:?}: {}", replayed.stderr);
    }
}

#[test]
fn a_record_is_refused_before_the_game_where_it_cannot_be_written() {
    let dir = TempDir::new("record-refused");
    // The rule file itself: refused, and left as it was.
    let rules = dir.path("mine.rules");
    let text = "ruleset \"t/mine\"\nextends \"twenty-squares/ur\"\n";
    std::fs::write(&rules, text).unwrap();
    let out = run(&[
        "play",
        s(&rules),
        "--players",
        "random,random",
        "--record",
        s(&rules),
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("the record: `") && out.stderr.contains("is an input of this command"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), text);
    assert!(!out.stdout.contains("Game over"), "the game was played");
    // A folder that does not exist: refused before the game, not after it.
    let nowhere = dir.path("no/such/folder/game.json");
    let out = run(&[
        "play",
        "twenty-squares/ur",
        "--players",
        "random,random",
        "--record",
        s(&nowhere),
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("the record: cannot write `"),
        "{}",
        out.stderr
    );
    assert!(!out.stdout.contains("Game over"), "the game was played");
}

#[test]
fn a_finished_game_cut_short_and_called_unfinished_does_not_replay() {
    let dir = TempDir::new("record-cut");
    let file = dir.path("game.json");
    play_random("twenty-squares/ur", 5, &file, &[]);
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let events = record["events"].as_array().unwrap().clone();
    // Keep the events before the first throw of a turn about halfway, and make the counts
    // agree with them, as a record of a game capped there would say.
    let side = |e: &Value| e["throw"]["side"].as_str().map(str::to_string);
    let mut turns = 0;
    let mut last: Option<String> = None;
    let mut cut = 0;
    for (i, e) in events.iter().enumerate() {
        let Some(thrower) = side(e) else { continue };
        if last.as_ref() != Some(&thrower) {
            if i >= events.len() / 2 {
                cut = i;
                break;
            }
            turns += 1;
            last = Some(thrower);
        }
    }
    assert!(cut > 0);
    let kept: Vec<Value> = events[..cut].to_vec();
    let moves = kept.iter().filter(|e| e.get("move").is_some()).count();
    record["events"] = json!(kept);
    record["moves"] = json!(moves);
    record["turns"] = json!(turns);
    record["result"] = json!({ "unfinished": true });
    std::fs::write(&file, record.to_string()).unwrap();
    let out = replay(&file);
    assert_eq!(out.code, 2, "a cut record replayed: {}", out.stdout);
    assert!(out.stderr.contains("ends early"), "{}", out.stderr);
}

#[test]
fn a_person_game_stops_at_the_end_of_input() {
    for input in ["", "1\n", "2\n1\n"] {
        let out = run_with(
            &[
                "play",
                "twenty-squares/ur",
                "--players",
                "human,random",
                "--seed",
                "1",
            ],
            input,
        );
        assert_eq!(out.code, 0, "{input:?}: {}", out.stderr);
        let last = out.stdout.lines().last().unwrap();
        assert!(last.starts_with("Game stopped after "), "{input:?}: {last}");
    }
}

/// A board of holes draws each hole's mark whole: on Carnarvon and Carter's board the lines
/// from 49 to 35 and from 39 to 37 are `→35` and `→37`. Each column is as wide as its widest
/// mark: the columns of holes begin at 0 (11-26), 10 (1-10), 30 (30-39: `→37`, three wide) and
/// 41 (40-55), the columns between (27, 29, an empty one, 58) five characters each: a number,
/// two of content and a space.
#[test]
fn a_board_of_holes_draws_its_marks_whole() {
    let out = run(&[
        "play",
        "hounds-and-jackals/carnarvon-carter",
        "--players",
        "random,random",
        "--seed",
        "1",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let first_board: Vec<&str> = out.stdout.lines().collect();
    for row in [
        "20→6       5                  34         49→35",
        "15*       10→8                39→37      44*",
        "          28   29        58   57",
        "     27                             56",
    ] {
        assert!(first_board.contains(&row), "no `{row}` in:\n{}", out.stdout);
    }
}

/// What a person sees who asks for help at the first throw of `rules` and quits (seed 5, against
/// the random agent): the help names the throwing device, and the first throw is shown.
fn help_then_quit(rules: &str) -> String {
    let out = run_with(
        &["play", rules, "--players", "human,random", "--seed", "5"],
        "h\nq\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
}

/// `senet explain rules`.
fn explained(rules: &str) -> String {
    let out = run_with(&["explain", rules], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
}

#[test]
fn tetrahedral_dice_are_told_as_what_they_are() {
    // Ur's four tetrahedral dice: the help says how to read them, each throw shows the marked
    // tips up, and `senet explain` calls them by their name.
    let shown = help_then_quit("twenty-squares/ur");
    for expected in [
        "Throws: 4 tetrahedral dice, ▲ a marked tip up, △ a blank one: △△△△ → 0, ▲△△△ → 1,",
        "light throws: dice ",
        "marked tip",
    ] {
        assert!(shown.contains(expected), "no `{expected}` in:\n{shown}");
    }
    assert!(!shown.contains('▯'), "{shown}");
    let explained = explained("twenty-squares/ur");
    assert!(
        explained.contains(
            "Throw 4 tetrahedral dice (two tips of each marked) and count the marked tips up"
        ),
        "{explained}"
    );
}

#[test]
fn cowries_are_told_as_what_they_are() {
    // Pancha Keliya's six cowries: "the number of mouths which are face up determine the length
    // of the move". The help shows the shells, each throw the mouths up, and `senet explain`
    // names the shells and their mouths.
    let shown = help_then_quit("cross-and-circle/pancha-keliya");
    for expected in [
        "Throws: 6 cowries, ⊖ mouth up, ● back up: ●●●●●● → 0, ⊖●●●●● → 1,",
        "⊖⊖⊖⊖⊖⊖ → 6.",
        "light throws: cowries ",
    ] {
        assert!(shown.contains(expected), "no `{expected}` in:\n{shown}");
    }
    assert!(!shown.contains('▯'), "{shown}");
    let explained = explained("cross-and-circle/pancha-keliya");
    assert!(
        explained.contains(
            "Throw 6 cowrie shells and count the mouths up: 0 mouths up = 0, 1 mouth up = 1, 2"
        ),
        "{explained}"
    );
}

#[test]
fn marked_sticks_give_their_numbers() {
    // Kints: "Four stick dice are used, with one marked side. Each die is marked differently for
    // a different value: 4, 6, 14, 15. The throws are as follows: All marked sides up = 5; three
    // marked sides up = 3; two marked sides up = 2, one marked side up = the value of the marked
    // side; zero marked sides up = 10." Each of the 16 ways the sticks fall is alike: a 2 comes
    // 6 times in 16, a 3 4 times, every other throw once.
    let shown = help_then_quit("cross-and-circle/kints");
    assert!(
        shown.contains(
            "Throws: 4 sticks, ▯ marked side up, ▮ blank side up: ▮▮▮▮ → 10, ▯▮▮▮ → the stick's number (4, 6, 14, 15), ▯▯▮▮ → 2, ▯▯▯▮ → 3, ▯▯▯▯ → 5."
        ),
        "{shown}"
    );
    assert!(shown.contains("marked sides up) → "), "{shown}");
    let explained = explained("cross-and-circle/kints");
    let odds: Vec<&str> = explained
        .lines()
        .skip_while(|l| !l.starts_with("Throws"))
        .skip(2)
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let odds: Vec<Vec<&str>> = odds
        .iter()
        .map(|l| l.split_whitespace().take(2).collect())
        .collect();
    assert_eq!(
        odds,
        [
            ["2", "3/8"],
            ["3", "1/4"],
            ["4", "1/16"],
            ["5", "1/16"],
            ["6", "1/16"],
            ["10", "1/16"],
            ["14", "1/16"],
            ["15", "1/16"],
        ],
        "{explained}"
    );
}

#[test]
fn a_person_gets_help_the_board_the_legend_and_a_second_chance() {
    let out = run_with(
        &[
            "play",
            "senet/kendall",
            "--players",
            "human,random",
            "--seed",
            "5",
        ],
        "\nx\n0\n99\nh\nb\nl\n1\nq\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    for expected in [
        // The first throw leaves one move, confirmed with Enter; then a choice of two.
        "green has only one move with 2: 9 -> 11",
        // Wrong input gets a short answer, not the whole help.
        "`x` is not a move; type 1-2, or h for help.",
        "`0` is not a move; type 1-2, or h for help.",
        "`99` is not a move; type 1-2, or h for help.",
        "Type the number of a move and Enter",
        // The help says how to read the sticks.
        "Throws: 4 sticks, ▯ light side up, ▮ dark side up: ▮▮▮▮ → 5, ▯▮▮▮ → 1,",
        // The legend: the River's mark, name and what it does.
        "27  →15   River: sends the piece to 15 House of Life, or the first free square before it",
        // The board shows the special squares' marks and a key to them.
        "|  !  | →15 |",
        "→N sends to N",
        // The throw, as sticks and value.
        "green throws: sticks ▯▯▮▮ (2 light sides up) → 2",
        // What the other side did since, under the board, where a swap says where the
        // captured piece goes.
        "Since your last move:\n  red throws ▯▮▮▮ → 1 and moves 2 -> 3, swaps with green (green to 2); throws again.",
    ] {
        assert!(
            out.stdout.contains(expected),
            "no `{expected}` in:\n{}",
            out.stdout
        );
    }
    assert_eq!(
        out.stdout.matches("is not a move").count(),
        3,
        "{}",
        out.stdout
    );
    // `b` draws the board once more: the position is drawn at each of the two prompts, on `b`
    // and at the end.
    assert!(out.stdout.matches("| 30  |").count() >= 4, "{}", out.stdout);
    // The single move is confirmed with Enter; after all that, `1` plays the first move of the
    // second decision.
    let prompts = prompts(&out.stdout);
    assert!(
        played(&prompts[0].1, "green", "9 -> 11"),
        "{:?}",
        prompts[0]
    );
    let (options, after) = prompts
        .iter()
        .skip(1)
        .find(|(_, after)| after.contains("green moves"))
        .expect("a second move played");
    assert_eq!(options.len(), 2, "{options:?}");
    assert!(played(after, "green", &options[0]), "{options:?}: {after}");
    assert!(
        out.stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("Game stopped after ")
    );
}

#[test]
fn unknown_players_are_refused_with_the_known_names() {
    let out = run(&["play", "twenty-squares/ur", "--players", "human,nobody"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("unknown player `nobody`"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("`human`"), "{}", out.stderr);
    assert!(out.stderr.contains("`random`"), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);

    let out = run(&["play", "twenty-squares/ur", "--players", "human,randon"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("did you mean `random`"),
        "{}",
        out.stderr
    );

    for players in ["random", "random,random,random"] {
        let out = run(&["play", "twenty-squares/ur", "--players", players]);
        assert_eq!(out.code, 2, "{players}");
        assert!(
            out.stderr.contains("two players"),
            "{players}: {}",
            out.stderr
        );
    }
}

#[test]
fn the_default_opponent_is_the_normal_level() {
    let out = run_with(&["play", "twenty-squares/ur", "--seed", "1"], "q\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("light is player 1: human"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("dark is player 2: normal"),
        "{}",
        out.stdout
    );
}

#[test]
fn levels_play_as_players_and_are_recorded_by_name() {
    let dir = TempDir::new("levels");
    for (players, rules) in [
        ("easy,normal", "twenty-squares/ur"),
        ("hard,perfect", "twenty-squares/ur --option pieces=2"),
    ] {
        let file = dir.path("levels.json");
        let mut args = vec!["play"];
        args.extend(rules.split(' '));
        args.extend(["--players", players, "--seed", "3", "--record", s(&file)]);
        let out = run(&args);
        assert_eq!(out.code, 0, "{players}: {}", out.stderr);
        assert!(out.stdout.contains("Game over after "), "{players}");
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let names: Vec<&str> = players.split(',').collect();
        assert_eq!(record["players"], json!(names));
        let out = replay(&file);
        assert_eq!(out.code, 0, "{players}: {}", out.stderr);
    }
    // `perfect` plays from a table: refused where none is given and the rules are too large
    // to solve before the game.
    let out = run(&["play", "senet/kendall", "--players", "human,perfect"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("too large to solve"), "{}", out.stderr);
}

#[test]
fn the_start_tells_a_person_their_side_the_goal_and_the_path() {
    let out = run_with(
        &[
            "play",
            "twenty-squares/ur",
            "--players",
            "human,random",
            "--seed",
            "1",
        ],
        "q\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    for expected in [
        "You play light (L); you move first.",
        // `win first to bear off all`, seven pieces each.
        "Goal: bear off all 7 of your pieces before dark does.",
        "Your path: the squares in the order numbered here, 1 to 14, then off the board.",
        // `path light: 4..1, 9..16, 8..7`: squares 4 to 1 are steps 1 to 4, squares 9 to 16
        // steps 5 to 12, squares 8 and 7 steps 13 and 14; the dark row is not on it.
        "|  4  |  3  |  2  |  1  |           | 14  | 13  |",
        "|  5  |  6  |  7  |  8  |  9  | 10  | 11  | 12  |",
        "|     |     |     |     |           |     |     |",
    ] {
        assert!(
            out.stdout.contains(expected),
            "no `{expected}` in:\n{}",
            out.stdout
        );
    }
    let out = run_with(
        &[
            "play",
            "twenty-squares/ur",
            "--players",
            "random,human",
            "--seed",
            "1",
        ],
        "q\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("You play dark (D); light moves first."),
        "{}",
        out.stdout
    );
    // `path dark: 20..17, 9..16, 24..23`.
    assert!(
        out.stdout
            .contains("|  4  |  3  |  2  |  1  |           | 14  | 13  |"),
        "{}",
        out.stdout
    );
    // `p` draws the path again.
    let again = run_with(
        &[
            "play",
            "twenty-squares/ur",
            "--players",
            "human,random",
            "--seed",
            "1",
        ],
        "p\nq\n",
    );
    assert_eq!(
        again
            .stdout
            .matches("|  5  |  6  |  7  |  8  |  9  | 10  | 11  | 12  |")
            .count(),
        2,
        "{}",
        again.stdout
    );
}

/// The values a hint lists: each option's value as printed, and whether it is marked best.
fn hints(text: &str) -> Vec<(String, bool)> {
    let at = text.rfind("Values (").expect("a hint");
    text[at..]
        .lines()
        .skip(1)
        .take_while(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            let cells: Vec<&str> = l
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect();
            let best = cells.last() == Some(&"best");
            (cells[cells.len() - 2].to_string(), best)
        })
        .collect()
}

#[test]
fn a_hint_values_every_move() {
    // With `perfect` playing, from its solved table: each move's chance to win.
    let mut seen = 0;
    let out = play_script(
        &[
            "play",
            "twenty-squares/ur",
            "--option",
            "pieces=2",
            "--players",
            "human,perfect",
            "--seed",
            "3",
        ],
        |text| {
            let waiting_many = text.rfind(PROMPT) > text.rfind(ONLY);
            if waiting_many && seen == 0 {
                seen = 1;
                "?\n".into()
            } else if seen == 1 {
                "q\n".into()
            } else {
                "\n".into()
            }
        },
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let values = hints(&out.stdout);
    assert!(values.len() >= 2, "{}", out.stdout);
    let chances: Vec<f64> = values
        .iter()
        .map(|(v, _)| {
            v.trim_end_matches(" %")
                .parse::<f64>()
                .expect("a percentage")
        })
        .collect();
    let top = chances.iter().copied().fold(f64::MIN, f64::max);
    for ((_, best), c) in values.iter().zip(&chances) {
        assert!((0.0..=100.0).contains(c));
        assert_eq!(*best, *c == top, "{}", out.stdout);
    }
    assert!(
        out.stdout.contains("from the solved table"),
        "{}",
        out.stdout
    );
    // Without a table: the `hard` level's search.
    let out = run_with(
        &[
            "play",
            "senet/kendall",
            "--players",
            "human,random",
            "--seed",
            "5",
        ],
        "?\nq\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("the `hard` level's search"),
        "{}",
        out.stdout
    );
    assert_eq!(
        hints(&out.stdout).len(),
        1,
        "one legal move: {}",
        out.stdout
    );
}

#[test]
fn u_takes_back_the_last_move_with_the_same_throw() {
    let dir = TempDir::new("undo");
    let file = dir.path("undo.json");
    // Enter where a single move is offered; at the first choice of several, 1; then `u`; then
    // 2 at the same choice; then `q`.
    let mut step = 0;
    let out = play_script(
        &[
            "play",
            "senet/kendall",
            "--players",
            "human,random",
            "--seed",
            "5",
            "--record",
            s(&file),
        ],
        |text| {
            let many = text.rfind(PROMPT) > text.rfind(ONLY);
            let line = match step {
                0 if many => "1",
                0 => "",
                1 => "u",
                2 => "2",
                _ => "q",
            };
            if step > 0 || many {
                step += 1;
            }
            format!("{line}\n")
        },
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("Move taken back: you choose again, with the same throw."),
        "{}",
        out.stdout
    );
    let prompts = prompts(&out.stdout);
    let first = prompts
        .iter()
        .position(|(options, _)| options.len() >= 2)
        .expect("a choice of several moves");
    let (options, after) = &prompts[first];
    assert!(played(after, "green", &options[0]), "{after}");
    // The choice comes again, the same moves listed; 2 is played there.
    let undone = prompts[first + 1..]
        .iter()
        .position(|(o, _)| o == options)
        .map(|k| first + 1 + k)
        .expect("the same choice again");
    let (_, after) = prompts[undone..]
        .iter()
        .find(|(_, after)| after.contains("green moves"))
        .expect("a move after the undo");
    assert!(played(after, "green", &options[1]), "{after}");
    // The record holds the game as played after the undo, and replays.
    assert_eq!(replay(&file).code, 0);
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let green_moves = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["move"]["side"] == json!("green"))
        .count();
    let told = out.stdout.matches("  green moves ").count();
    assert_eq!(
        green_moves,
        told - 1,
        "the move taken back is not in the record"
    );
    // Nothing to take back before the person's first move.
    let out = run_with(
        &[
            "play",
            "twenty-squares/ur",
            "--players",
            "human,random",
            "--seed",
            "1",
        ],
        "u\nq\n",
    );
    assert!(
        out.stdout.contains("You have made no move to take back."),
        "{}",
        out.stdout
    );
}

#[test]
fn s_saves_the_game_and_resume_goes_on_with_it() {
    let dir = TempDir::new("save");
    let file = dir.path("saved.json");
    let args = [
        "play",
        "twenty-squares/ur",
        "--players",
        "human,random",
        "--seed",
        "1",
    ];
    let out = run_with(&args, "s\nq\n");
    assert!(
        out.stdout.contains("Save to which file? Type `s FILE`."),
        "{}",
        out.stdout
    );
    let out = run_with(&args, &format!("s {}\nq\n", s(&file)));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains(&format!(
            "Saved to {0} (and kept there as the game goes on); `senet play --resume {0}` goes on with it.",
            s(&file)
        )),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(&format!(
            "Record written to {0}; `senet play --resume {0}` goes on with the game.",
            s(&file)
        )),
        "{}",
        out.stdout
    );
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["result"], json!({ "stopped": true }));
    assert_eq!(replay(&file).code, 0);
    let out = run_with(&["play", "--resume", s(&file)], "1\n1\nq\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("Resumed after 0 moves"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("You play light (L)"), "{}", out.stdout);
    assert_eq!(replay(&file).code, 0);
}

// ---- no colour where it does not belong --------------------------------------------------------

#[test]
fn output_that_is_not_a_terminal_has_no_escapes() {
    let dir = TempDir::new("no-colour");
    let file = dir.path("ur.json");
    let position = format!("{}\n", ur_start("light", json!(2)));
    let runs: Vec<(Vec<String>, String)> = vec![
        (
            vec![
                "play".into(),
                "senet/kendall".into(),
                "--players".into(),
                "human,random".into(),
                "--seed".into(),
                "5".into(),
            ],
            "1\n".repeat(30) + "q\n",
        ),
        (
            vec![
                "play".into(),
                "twenty-squares/ur".into(),
                "--players".into(),
                "random,random".into(),
                "--seed".into(),
                "3".into(),
                "--record".into(),
                s(&file).into(),
            ],
            String::new(),
        ),
        (
            vec!["replay".into(), s(&file).into(), "--show".into()],
            String::new(),
        ),
        (
            vec![
                "moves".into(),
                "twenty-squares/ur".into(),
                "--position".into(),
                "-".into(),
            ],
            position,
        ),
        (
            vec![
                "moves".into(),
                "twenty-squares/ur".into(),
                "--position".into(),
                "-".into(),
            ],
            "{".into(),
        ),
        (
            vec!["replay".into(), s(&dir.path("missing.json")).into()],
            String::new(),
        ),
    ];
    for (args, stdin) in &runs {
        for no_color in [true, false] {
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_senet"));
            cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
                .args(args)
                .write_stdin(stdin.as_bytes().to_vec());
            if no_color {
                cmd.env("NO_COLOR", "1");
            } else {
                cmd.env_remove("NO_COLOR").env("TERM", "xterm-256color");
            }
            let out = cmd.output().unwrap();
            for (name, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
                assert!(
                    !bytes.contains(&0x1b),
                    "{args:?} (NO_COLOR {no_color}): an escape on {name}:\n{}",
                    String::from_utf8_lossy(bytes)
                );
            }
        }
    }
}

#[test]
fn takes_by_the_dice_are_recorded_and_replay() {
    // Ketch-Dolt between two `greedy` players, who take what the dice can take: the record
    // lists each take as `{"take": N}`, and replays.
    let dir = TempDir::new("takes");
    let file = dir.path("ketch-dolt.json");
    let out = run(&[
        "play",
        "tables/ketch-dolt",
        "--players",
        "greedy,greedy",
        "--seed",
        "3",
        "--record",
        s(&file),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("takes "), "{}", out.stdout);
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let takes = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e["move"]["steps"].as_array().cloned().unwrap_or_default())
        .filter(|st| st.get("take").is_some())
        .count();
    assert!(takes > 0, "{}", record["events"]);
    let replayed = replay(&file);
    assert_eq!(replayed.code, 0, "{}", replayed.stderr);
}
