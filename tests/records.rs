//! Game records that travel and games that go on: a record carries the text of its rules, so it
//! replays on a machine that has neither the rule file nor the files it extends, and `senet play
//! --resume` takes a stopped game up where it stopped, with the throws it would have had.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::{Value, json};

fn senet() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_senet"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    cmd
}

/// Runs `senet ARGS` with `stdin`: (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = senet()
        .args(args)
        .write_stdin(stdin.as_bytes().to_vec())
        .output()
        .expect("run senet");
    (
        out.status.code().expect("senet ended by a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh folder for one test's files, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("senet-records-{}-{name}", std::process::id()));
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

fn read(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).expect("a record")).expect("JSON")
}

#[test]
fn a_record_carries_its_rules_and_replays_where_they_are_not() {
    let rules_dir = TempDir::new("rules");
    let games = TempDir::new("games");
    // A rule file of the author's, extending another of theirs (by a relative path), which
    // extends a bundled rule set.
    std::fs::create_dir_all(rules_dir.path("mine")).unwrap();
    std::fs::write(
        rules_dir.path("mine/base.rules"),
        "ruleset \"mine/base\"\nextends \"twenty-squares/ur\"\npieces 3 each\n",
    )
    .unwrap();
    std::fs::write(
        rules_dir.path("mine/short.rules"),
        "ruleset \"mine/short\"\nextends \"base\"\nsafe positions 8\n",
    )
    .unwrap();
    let record = games.path("game.json");
    let (code, _, err) = run(
        &[
            "play",
            s(&rules_dir.path("mine/short.rules")),
            "--players",
            "random,random",
            "--seed",
            "11",
            "--record",
            s(&record),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v = read(&record);
    // The folders the files were in stay on the author's machine; each file is named as it was
    // named to `senet`: on the command line, then by the `extends` before it.
    assert_eq!(v["rules"]["source"], "short.rules");
    let names: Vec<&str> = v["rules"]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "short.rules",
            "base",
            "twenty-squares/ur",
            "twenty-squares/sawah"
        ]
    );
    assert!(
        !std::fs::read_to_string(&record)
            .unwrap()
            .contains(s(&rules_dir.0)),
        "the record names the author's folders"
    );
    // Every option with its value, defaults included.
    assert!(v["options"].as_object().is_some_and(|o| !o.is_empty()));
    // The rule files are gone: the record replays from what it carries.
    drop(rules_dir);
    let (code, out, err) = run(&["replay", s(&record)], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok  "), "{out}");
}

/// A game between two people who always play the first move (Enter), given `lines` Enters,
/// then `q` if `quit`: the record at `record`.
fn enters(lines: usize, quit: bool) -> String {
    let mut input = "\n".repeat(lines);
    if quit {
        input.push_str("q\n");
    }
    input
}

#[test]
fn a_resumed_game_goes_on_as_if_it_had_never_stopped() {
    let dir = TempDir::new("resume");
    for rules in [
        "twenty-squares/ur",
        "senet/kendall",
        "senet/piccione",
        "hounds-and-jackals/tab",
        // Players throw for seats first.
        "senet/base",
    ] {
        let whole = dir.path("whole.json");
        let args = |record: &Path| {
            vec![
                "play".to_string(),
                rules.to_string(),
                "--players".into(),
                "human,human".into(),
                "--seed".into(),
                "21".into(),
                "--record".into(),
                s(record).to_string(),
            ]
        };
        let argv = args(&whole);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        // Enough Enters for any game: those left over are never read.
        let (code, _, err) = run(&argv, &enters(5000, false));
        assert_eq!(code, 0, "{rules}: {err}");
        let whole = read(&whole);
        assert!(
            whole["result"].get("winner").is_some(),
            "{rules}: {}",
            whole["result"]
        );

        // The same game, stopped after 30 choices, then resumed twice.
        let parts = dir.path("parts.json");
        let argv = args(&parts);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let (code, _, err) = run(&argv, &enters(30, true));
        assert_eq!(code, 0, "{rules}: {err}");
        assert_eq!(
            read(&parts)["result"],
            json!({ "stopped": true }),
            "{rules}"
        );
        let (code, out, err) = run(&["play", "--resume", s(&parts)], &enters(25, true));
        assert_eq!(code, 0, "{rules}: {err}");
        assert!(out.contains("Resumed after "), "{rules}: {out}");
        let (code, _, err) = run(&["play", "--resume", s(&parts)], &enters(5000, false));
        assert_eq!(code, 0, "{rules}: {err}");
        // Same throws, same moves, same end: the same record.
        assert_eq!(read(&parts), whole, "{rules}");

        // A finished game is not resumed.
        let (code, out, err) = run(&["play", "--resume", s(&parts)], "");
        assert_eq!(code, 2, "{rules}: {out}");
        assert!(err.contains("the game is over"), "{rules}: {err}");
    }
}

#[test]
fn resume_takes_its_rules_and_players_from_the_record() {
    let dir = TempDir::new("resume-args");
    let record = dir.path("r.json");
    let (code, _, err) = run(
        &[
            "play",
            "twenty-squares/ur",
            "--players",
            "human,random",
            "--seed",
            "2",
            "--record",
            s(&record),
        ],
        "q\n",
    );
    assert_eq!(code, 0, "{err}");
    // What the record fixes cannot be given again.
    for extra in [
        &["twenty-squares/ur"][..],
        &["--seed", "3"],
        &["--players", "random,random"],
        &["--option", "pieces=3"],
        &["--turn-cap", "5"],
    ] {
        let mut args = vec!["play", "--resume", s(&record)];
        args.extend_from_slice(extra);
        let (code, _, err) = run(&args, "q\n");
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(err.contains("cannot be used with"), "{extra:?}: {err}");
    }
    // Resumed into another file, the first record stays as it was.
    let before = std::fs::read_to_string(&record).unwrap();
    let other = dir.path("other.json");
    let (code, _, err) = run(
        &["play", "--resume", s(&record), "--record", s(&other)],
        &enters(3, true),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&record).unwrap(), before);
    assert_eq!(read(&other)["players"], json!(["human", "random"]));
    let (code, _, err) = run(&["replay", s(&other)], "");
    assert_eq!(code, 0, "{err}");
    // A record that is not one is refused with the reason.
    let junk = dir.path("junk.json");
    std::fs::write(&junk, "{}").unwrap();
    let (code, _, err) = run(&["play", "--resume", s(&junk)], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with(&format!("error: `{}` cannot be resumed: ", s(&junk))),
        "{err}"
    );
}

/// Records written before a move's marks were one type, by the binary of that time (random
/// players, seed 7), with `follows`, `stays` and `retreat` among their moves: the same game
/// played again writes the same bytes, and each record replays.
#[test]
fn records_written_before_are_written_again_the_same_and_replay() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records");
    let dir = TempDir::new("written-before");
    for (rules, file, marks) in [
        (
            "hounds-and-jackals/carter-crossover",
            "carter-crossover-random-seed-7.json",
            ["\"follows\"", "\"stays\""].as_slice(),
        ),
        (
            "senet/kendall-1978",
            "kendall-1978-random-seed-7.json",
            ["\"retreat\""].as_slice(),
        ),
    ] {
        let before = std::fs::read_to_string(fixtures.join(file)).expect("a fixture");
        for mark in marks {
            assert!(before.contains(mark), "{file} has no {mark}");
        }
        let out = dir.path(file);
        let args = ["play", rules, "--players", "random,random", "--seed", "7"];
        let (code, _, err) = run(&[&args[..], &["--record", s(&out)]].concat(), "");
        assert_eq!(code, 0, "{err}");
        let again = std::fs::read_to_string(&out).expect("the record");
        assert!(again == before, "{rules}: the record differs from {file}");
        let (code, _, err) = run(&["replay", s(&fixtures.join(file))], "");
        assert_eq!(code, 0, "{file} does not replay: {err}");
        // Read into the record's type and written again, byte for byte.
        let record = senet::notation::record::Record::read(&read(&fixtures.join(file))).unwrap();
        let written = serde_json::to_string_pretty(&record).unwrap() + "\n";
        assert!(written == before, "{file} read and written again differs");
    }
}

/// Dice passed to the other side (`unused dice pass to the other side`) are a throw event no
/// one threw, marked `passed` with its dice: the record replays, and a record whose mark is
/// taken away is refused (the replay gives that throw itself).
#[test]
fn dice_passed_to_the_other_side_are_recorded_and_replayed() {
    let dir = TempDir::new("passed");
    let record = dir.path("laquet.json");
    let (code, _, err) = run(
        &[
            "play",
            "tables/laquet",
            "--players",
            "random,random",
            "--seed",
            "3",
            "--record",
            s(&record),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let mut game = read(&record);
    let events = game["events"].as_array_mut().unwrap();
    let passed: Vec<usize> = (0..events.len())
        .filter(|&i| events[i]["throw"]["passed"] == json!(true))
        .collect();
    assert!(!passed.is_empty(), "no dice were passed in this game");
    for &i in &passed {
        let dice = events[i]["throw"]["dice"].as_array().unwrap();
        assert!((1..=2).contains(&dice.len()), "{}", events[i]);
    }
    let (code, _, err) = run(&["replay", s(&record)], "");
    assert_eq!(code, 0, "{err}");
    // The mark taken away: the replay finds the passed dice where the record says a throw.
    events[passed[0]]["throw"]
        .as_object_mut()
        .unwrap()
        .remove("passed");
    let altered = dir.path("altered.json");
    std::fs::write(&altered, serde_json::to_string(&game).unwrap()).unwrap();
    let (code, _, err) = run(&["replay", s(&altered)], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("\"passed\":true"), "{err}");
}
