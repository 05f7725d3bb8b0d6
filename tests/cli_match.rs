//! End-to-end tests of matches (`match to N points`): `senet play` plays a whole match, one
//! record a game, each replaying on its own; `senet sim --matches N` simulates matches, the same
//! whatever `--jobs`; both refuse what a match cannot be.

use std::path::PathBuf;

use serde_json::Value;

use crate::support::cli::run;

/// A folder of its own under the system's temporary folder, removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("senet-match-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        Dir(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn json(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("a record")).expect("JSON")
}

/// Plays a Tavli match between two random agents, recording it in `dir`; returns standard
/// output and the records, in order.
fn play_tavli(dir: &Dir, seed: &str) -> (String, Vec<Value>) {
    let record = dir.path("game.json");
    let (code, out, err) = run(&[
        "play",
        "tables/tavli",
        "--players",
        "random,random",
        "--seed",
        seed,
        "--record",
        &record,
    ]);
    assert_eq!(code, 0, "{err}");
    let records: Vec<Value> = (1..)
        .map(|k| dir.path(&format!("game-{k}.json")))
        .take_while(|p| std::path::Path::new(p).exists())
        .map(|p| json(&p))
        .collect();
    (out, records)
}

#[test]
fn play_plays_a_whole_match_one_record_a_game() {
    let dir = Dir::new("play");
    let (out, records) = play_tavli(&dir, "11");
    assert!(
        records.len() >= 3,
        "a match to 5 takes 3 games at least:\n{out}"
    );
    // The games come in turn: Portes, Plakoto, Fevga, and round again.
    let turn = ["tables/portes", "tables/plakoto", "tables/fevga"];
    let mut points = [0u64; 2];
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["rules"]["id"], turn[k % 3], "game {}", k + 1);
        // The first game begins as Portes' rules say; each later one with the last winner.
        if k == 0 {
            assert!(r.get("first").is_none(), "{}", r["first"]);
        } else {
            let last = &records[k - 1]["result"];
            assert_eq!(r["first"], last["winner"], "game {}", k + 1);
            let first_throw = r["events"]
                .as_array()
                .and_then(|e| e.iter().find_map(|e| e.get("throw")))
                .expect("a throw");
            assert_eq!(first_throw["side"], r["first"], "game {}", k + 1);
        }
        let winner = r["result"]["winner"].as_str().expect("a won game");
        let player = usize::from(winner == "black");
        points[player] += r["result"]["match_points"].as_u64().expect("points");
        let (code, replayed, err) = run(&["replay", &dir.path(&format!("game-{}.json", k + 1))]);
        assert_eq!(code, 0, "game {}: {err}", k + 1);
        assert!(replayed.starts_with("ok "), "{replayed}");
    }
    // The last game made five points, none before it did.
    let winner = usize::from(points[1] > points[0]);
    assert!(points[winner] >= 5, "{points:?}\n{out}");
    let last = &records[records.len() - 1]["result"];
    let before = points[winner] - last["match_points"].as_u64().unwrap();
    assert!(before < 5, "{points:?}");
    let line = format!(
        "Player {} (random) wins the match, {} to {}, in {} games.",
        winner + 1,
        points[winner],
        points[1 - winner],
        records.len()
    );
    assert_eq!(out.lines().last(), Some(line.as_str()), "{out}");
    assert!(out.contains("== Game 2 of the match: Plakoto"), "{out}");
}

#[test]
fn the_same_seed_plays_the_same_match() {
    let (a, b) = (Dir::new("same-a"), Dir::new("same-b"));
    let (_, first) = play_tavli(&a, "4");
    let (_, second) = play_tavli(&b, "4");
    assert_eq!(first, second);
}

#[test]
fn one_game_plays_the_rules_own_game() {
    let dir = Dir::new("one");
    let record = dir.path("g.json");
    let (code, out, err) = run(&[
        "play",
        "tables/mughrabieh",
        "--players",
        "random,random",
        "--seed",
        "2",
        "--one-game",
        "--record",
        &record,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !out.contains("of the match") && !out.contains("Match score"),
        "{out}"
    );
    assert_eq!(json(&record)["rules"]["id"], "tables/mughrabieh");
}

/// `sim --matches` output without its timings.
fn sim(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{err}");
    let mut v: Value = serde_json::from_str(&out).expect("JSON");
    for key in ["seconds", "matches_per_second", "jobs"] {
        v.as_object_mut().unwrap().remove(key);
    }
    v
}

#[test]
fn sim_plays_matches_the_same_whatever_the_threads() {
    let args = |jobs| {
        [
            "sim",
            "tables/tavli",
            "--matches",
            "40",
            "--seed",
            "5",
            "--format",
            "json",
            "--jobs",
            jobs,
        ]
    };
    let one = sim(&args("1"));
    assert_eq!(one, sim(&args("2")));
    assert_eq!(one["format"], "senet-match-sim/1");
    assert_eq!(one["to"], 5);
    assert_eq!(one["next_first"], "winner");
    assert_eq!(
        one["games"],
        serde_json::json!(["tables/portes", "tables/plakoto", "tables/fevga"])
    );
    let t = &one["totals"];
    let won = t["player_wins"][0].as_u64().unwrap() + t["player_wins"][1].as_u64().unwrap();
    assert_eq!(won + t["unfinished"].as_u64().unwrap(), 40);
    // Every game counted once, by the match and by its kind; Portes is played first, so at
    // least as often as Plakoto, and Plakoto as Fevga.
    let by_match: u64 = t["games_each"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[0].as_u64().unwrap() * p[1].as_u64().unwrap())
        .sum();
    let kinds: Vec<u64> = t["by_game"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["games"].as_u64().unwrap())
        .collect();
    assert_eq!(by_match, kinds.iter().sum::<u64>());
    assert!(kinds[0] >= kinds[1] && kinds[1] >= kinds[2], "{kinds:?}");
    assert!(by_match >= 3 * 40, "a match to 5 takes 3 games at least");
}

#[test]
fn sim_of_a_match_of_its_own_game_scores_its_points() {
    let v = sim(&[
        "sim",
        "tables/mughrabieh",
        "--matches",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(v["games"], serde_json::json!(["tables/mughrabieh"]));
    assert_eq!(v["to"], 31);
    // A win scores the loser's pieces left: more than one point on average.
    assert!(
        v["by_game"][0]["points_per_win"].as_f64().unwrap() > 1.0,
        "{v}"
    );
}

#[test]
fn matches_are_refused_where_there_is_no_match() {
    let (code, _, err) = run(&["sim", "senet/kendall", "--matches", "10"]);
    assert_eq!(code, 2);
    assert!(err.contains("plays one game, not a match"), "{err}");
    let (code, _, err) = run(&["sim", "tables/tavli", "--matches", "10", "--shard", "1/2"]);
    assert_eq!(code, 2);
    assert!(err.contains("--shard"), "{err}");
}

#[test]
fn list_says_which_rule_sets_play_a_match() {
    let (code, out, err) = run(&["list", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let list: Vec<Value> = serde_json::from_str(&out).expect("JSON");
    let entry = |id: &str| {
        list.iter()
            .find(|e| e["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("{id} listed"))
    };
    assert_eq!(
        entry("tables/tavli")["match"],
        serde_json::json!({ "to": 5, "next_first": "winner",
            "games": ["tables/portes", "tables/plakoto", "tables/fevga"] })
    );
    assert_eq!(
        entry("tables/mughrabieh")["match"]["games"],
        serde_json::json!(["tables/mughrabieh"])
    );
    assert!(entry("tables/portes").get("match").is_none());
}

/// The lines that tell a pass, in a play of Tavli whose passes score a point in its match
/// (`pass scores 1 for the other side`, where Portes, Plakoto and Fevga score none), between
/// random agents with seed 5, with `extra` arguments.
fn passes_of_a_scoring_tavli(name: &str, extra: &[&str]) -> Vec<String> {
    let dir = Dir::new(name);
    let rules = dir.path("passing-tavli.rules");
    std::fs::write(
        &rules,
        "ruleset \"test/passing-tavli\"\ntitle \"Tavli whose passes score\"\nextends \"tables/tavli\"\npass scores 1 for the other side\n",
    )
    .unwrap();
    let args = ["play", &rules, "--players", "random,random", "--seed", "5"];
    let (code, out, err) = run(&[&args[..], extra].concat());
    assert_eq!(code, 0, "{err}");
    let passes: Vec<String> = out
        .lines()
        .filter(|l| l.contains("no legal move"))
        .map(String::from)
        .collect();
    assert!(!passes.is_empty(), "{out}");
    passes
}

#[test]
fn a_match_of_other_rule_sets_tells_what_its_passes_score() {
    // The narrator tells the match's points at each pass, not the game's (none).
    for line in passes_of_a_scoring_tavli("passes", &[]) {
        assert!(
            line.ends_with("passes; 1 match point to white.")
                || line.ends_with("passes; 1 match point to black."),
            "{line}"
        );
    }
}

#[test]
fn a_game_played_out_of_its_match_scores_no_passes() {
    // The rules' own game (Portes), played alone with `--one-game`: no match, no points.
    let passes = passes_of_a_scoring_tavli("one-game-passes", &["--one-game"]);
    assert!(
        passes.iter().all(|l| !l.contains("match point")),
        "{passes:?}"
    );
}
