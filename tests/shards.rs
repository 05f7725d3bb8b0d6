//! Runs cut into shards (`--shard K/N`) and put together again (`senet merge`): the shards of a
//! run merged give the report the whole run gives, byte for byte, apart from the timings
//! (`seconds` and `jobs`, and for a simulation `games_per_second`, which depend on the machine:
//! docs/scaling.md says how they merge). Every run here is end to end, through the binary.

use crate::support::cli;

use cli::run;
use serde_json::Value;

fn ok(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "senet {args:?} failed:\n{stderr}");
    stdout
}

/// A folder of its own for a test's files.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-shards-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the JSON of `args` with `--shard k/n` for every k into `dir`; the files' names.
fn shards(dir: &std::path::Path, args: &[&str], n: u64) -> Vec<String> {
    std::fs::create_dir_all(dir).unwrap();
    (1..=n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let out = ok(&[args, &["--shard", &shard, "--format", "json"]].concat());
            let file = dir.join(format!("part{k}.json"));
            std::fs::write(&file, out).unwrap();
            file.to_str().unwrap().to_string()
        })
        .collect()
}

/// A report's JSON line up to its timings, which come last (`jobs`, `seconds`, and for a
/// simulation `games_per_second`): what comes before them is compared byte for byte.
fn without_timings(line: &str) -> &str {
    let cut = line.rfind(",\"jobs\":").expect("timings at the end");
    let tail: Value = serde_json::from_str(&format!("{{{}", &line[cut + 1..])).unwrap();
    let keys: Vec<&String> = tail.as_object().unwrap().keys().collect();
    assert!(
        keys == ["jobs", "seconds"] || keys == ["jobs", "seconds", "games_per_second"],
        "more than timings after `jobs`: {keys:?}"
    );
    &line[..cut]
}

/// The text without its last line (the time it took).
fn without_time_line(text: &str) -> String {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    lines[..lines.len() - 1].join("\n")
}

#[test]
fn simulation_shards_merge_into_the_whole_run() {
    let dir = folder("sim");
    let agents = vec![
        "sim",
        "twenty-squares/ur",
        "--games",
        "101",
        "--players",
        "greedy,random",
    ];
    // Seats swapped every other game: a game keeps its number, hence its seating.
    let alternating = [agents.as_slice(), &["--alternate"]].concat();
    for args in [
        // Random games (played in one loop), a seat ritual (senet/base), agents (the `Game`).
        vec!["sim", "senet/kendall", "--games", "1000", "--seed", "3"],
        vec!["sim", "senet/base", "--games", "333"],
        // Games won more ways than one (`won_by`: bearing off, a pattern).
        vec!["sim", "tables/svensk-bradspel", "--games", "120"],
        agents,
        alternating,
    ] {
        let files = shards(&dir, &args, 4);
        let mut merge = vec!["merge"];
        merge.extend(files.iter().map(String::as_str));
        let whole = ok(&[args.as_slice(), &["--format", "json"]].concat());
        let merged = ok(&[merge.as_slice(), &["--format", "json"]].concat());
        assert_eq!(merged.lines().count(), 1);
        assert_eq!(
            without_timings(&merged),
            without_timings(&whole),
            "{args:?}"
        );
        // The merged report keeps no shard, and its timings are the shards' summed.
        let v: Value = serde_json::from_str(&merged).unwrap();
        assert!(v.get("shard").is_none());
        let seconds: f64 = files
            .iter()
            .map(|f| {
                let part: Value =
                    serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
                part["seconds"].as_f64().unwrap()
            })
            .sum();
        assert!((v["seconds"].as_f64().unwrap() - seconds).abs() < 1e-9);
        // The text too, but for the time it took; the order of the files does not matter.
        merge.reverse();
        merge.rotate_right(1);
        assert_eq!(merge[0], "merge");
        assert_eq!(
            without_time_line(&ok(&merge)),
            without_time_line(&ok(&args)),
            "{args:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_shards_cut_the_games_into_contiguous_slices() {
    let dir = folder("slices");
    // 10 games in 4 shards: floor(10 k / 4) for k = 0..4 is 0, 2, 5, 7, 10.
    let files = shards(&dir, &["sim", "twenty-squares/ur", "--games", "10"], 4);
    let games: Vec<u64> = files
        .iter()
        .map(|f| {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
            assert_eq!(v["shard"]["run_games"], 10);
            v["games"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(games, [2, 3, 2, 3]);
    // More shards than games: some are empty, and still merge.
    let files = shards(&dir, &["sim", "twenty-squares/ur", "--games", "2"], 3);
    let mut merge = vec!["merge", "--format", "json"];
    merge.extend(files.iter().map(String::as_str));
    let v: Value = serde_json::from_str(&ok(&merge)).unwrap();
    assert_eq!(v["games"], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn comparison_shards_merge_into_the_whole_run() {
    let dir = folder("compare");
    let args = [
        "compare",
        "senet/kendall",
        "twenty-squares/ur",
        "--games",
        "400",
        "--skill",
        "greedy/random",
        "--skill-games",
        "30",
    ];
    let files = shards(&dir, &args, 4);
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    let whole = ok(&[args.as_slice(), &["--format", "json"]].concat());
    let merged = ok(&[merge.as_slice(), &["--format", "json"]].concat());
    assert_eq!(without_timings(&merged), without_timings(&whole));
    assert_eq!(
        ok(&[merge.as_slice(), &["--format", "csv"]].concat()),
        ok(&[args.as_slice(), &["--format", "csv"]].concat())
    );
    assert_eq!(
        without_time_line(&ok(&merge)),
        without_time_line(&ok(&args))
    );
    // The plot of the merged shards is the plot of the whole run.
    let (a, b) = (dir.join("whole.svg"), dir.join("merged.svg"));
    ok(&[args.as_slice(), &["--plot", a.to_str().unwrap()]].concat());
    ok(&[merge.as_slice(), &["--plot", b.to_str().unwrap()]].concat());
    assert_eq!(std::fs::read(a).unwrap(), std::fs::read(b).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_refuses_what_is_not_every_shard_of_one_run() {
    let dir = folder("refuse");
    let a = shards(
        &dir.join("a"),
        &["sim", "twenty-squares/ur", "--games", "30"],
        3,
    );
    let other = shards(
        &dir.join("b"),
        &["sim", "twenty-squares/ur", "--games", "30", "--seed", "2"],
        3,
    );
    let swapped = shards(
        &dir.join("s"),
        &["sim", "twenty-squares/ur", "--games", "30", "--alternate"],
        3,
    );
    let compare = shards(
        &dir.join("c"),
        &[
            "compare",
            "twenty-squares/ur",
            "--games",
            "30",
            "--skill",
            "none",
        ],
        3,
    );
    let whole = dir.join("whole.json");
    std::fs::write(
        &whole,
        ok(&[
            "sim",
            "twenty-squares/ur",
            "--games",
            "30",
            "--format",
            "json",
        ]),
    )
    .unwrap();
    let whole = whole.to_str().unwrap();
    for (files, says) in [
        (vec![&a[0], &a[2]], "shard 2/3 missing"),
        (vec![&a[0], &a[1], &a[1], &a[2]], "are both shard 2/3"),
        (
            vec![&a[0], &a[1], &other[2]],
            "other rules, options, players, seed",
        ),
        (
            vec![&a[0], &a[1], &swapped[2]],
            "other rules, options, players, seed, seating",
        ),
        (vec![&a[0], &a[1], &compare[2]], "is not of the kind of"),
        (
            vec![&a[0], &a[1], &a[2], &whole.to_string()],
            "is a whole run",
        ),
    ] {
        let mut args = vec!["merge"];
        args.extend(files.iter().map(|f| f.as_str()));
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{says}: {stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(says), "{says}: {stderr}");
    }
    let (code, _, stderr) = run(&["merge", &a[0], &a[1], &a[2], "--format", "csv"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("for comparisons"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `senet merge FILES`: exit 2, nothing on standard output, and an error naming `name` and
/// saying `says`.
fn refused(files: &[&str], name: &str, says: &str) {
    let mut args = vec!["merge"];
    args.extend_from_slice(files);
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 2, "{says}: {stderr}");
    assert!(stdout.is_empty(), "{says}: {stdout}");
    assert!(
        stderr.contains(&format!("`{name}`")) && stderr.contains(says),
        "{says}: {stderr}"
    );
}

#[test]
fn merge_refuses_a_shard_whose_counts_disagree_or_would_wrap() {
    let dir = folder("counts");
    let sim = shards(
        &dir.join("sim"),
        &["sim", "twenty-squares/ur", "--games", "200"],
        2,
    );
    let part: Value = serde_json::from_str(&std::fs::read_to_string(&sim[1]).unwrap()).unwrap();
    let totals = &part["totals"];
    assert_eq!(totals["games"], 100);
    let bad = dir.join("bad.json");
    let bad_name = bad.to_str().unwrap();
    let with = |edit: &dyn Fn(&mut Value)| {
        let mut v = part.clone();
        edit(&mut v["totals"]);
        std::fs::write(&bad, v.to_string()).unwrap();
    };
    let wins = |t: &Value, s: usize| t["wins"][s].as_u64().unwrap();
    // 2^64 - 1 wins for the first side: added to the other shard's, they would wrap round to
    // fewer wins than games.
    let (w0, w1) = (wins(totals, 0), wins(totals, 1));
    with(&|t| t["wins"][0] = Value::from(u64::MAX));
    refused(
        &[&sim[0], bad_name],
        bad_name,
        &format!(
            "its wins (18446744073709551615 and {w1}), draws (0) and unfinished games (0) add up to {}, not its 100 games",
            u128::from(u64::MAX) + u128::from(w1)
        ),
    );
    // Every win moved to the first side, the players' wins left: they no longer agree.
    with(&|t| {
        t["wins"] = serde_json::json!([w0 + w1, 0]);
        t["player_wins"] = serde_json::json!([u64::MAX, 1]);
    });
    refused(
        &[&sim[0], bad_name],
        bad_name,
        &format!(
            "its players' wins (18446744073709551615 and 1) are not its sides' wins ({} and 0)",
            w0 + w1
        ),
    );
    // A game length counted twice: the histogram counts 101 games of the shard's 100.
    with(&|t| {
        let first = &mut t["moves_each"][0];
        first[1] = Value::from(first[1].as_u64().unwrap() + 1);
    });
    refused(
        &[&sim[0], bad_name],
        bad_name,
        "`moves_each` counts 101 games, not its 100",
    );
    // The histogram's lengths no longer add up to the moves.
    with(&|t| t["moves"] = Value::from(t["moves"].as_u64().unwrap() + 1));
    refused(&[&sim[0], bad_name], bad_name, "`moves_each` adds up to");
    // Counts that agree with each other, but for 99 games where shard 2/2 of 200 plays 100: one
    // of the first side's wins taken away, with its player's win and one game's lengths.
    with(&|t| {
        t["games"] = Value::from(99);
        t["wins"][0] = Value::from(w0 - 1);
        let p = usize::from(t["player_wins"][0].as_u64().unwrap() == 0);
        t["player_wins"][p] = Value::from(t["player_wins"][p].as_u64().unwrap() - 1);
        for key in ["moves_each", "turns_each"] {
            let first = &mut t[key][0];
            let (length, n) = (first[0].as_u64().unwrap(), first[1].as_u64().unwrap());
            first[1] = Value::from(n - 1);
            let total = if key == "moves_each" {
                "moves"
            } else {
                "turns"
            };
            t[total] = Value::from(t[total].as_u64().unwrap() - length);
        }
    });
    refused(
        &[&sim[0], bad_name],
        bad_name,
        "holds 99 games, but shard 2/2 of a run of 200 games plays 100",
    );
    // Passes no game count bounds: each shard's fine, their sum past 2^64 - 1.
    let mut near = part.clone();
    near["totals"]["passes"] = Value::from(u64::MAX);
    std::fs::write(&bad, near.to_string()).unwrap();
    refused(
        &[&sim[0], bad_name],
        bad_name,
        "their `passes` add up to more than 2^64 - 1",
    );
    // The same checks hold for the rows of a comparison.
    let compare = shards(
        &dir.join("compare"),
        &[
            "compare",
            "twenty-squares/ur",
            "--games",
            "20",
            "--skill",
            "none",
        ],
        2,
    );
    let mut row: Value =
        serde_json::from_str(&std::fs::read_to_string(&compare[1]).unwrap()).unwrap();
    row["rows"][0]["totals"]["draws"] = Value::from(u64::MAX);
    std::fs::write(&bad, row.to_string()).unwrap();
    refused(&[&compare[0], bad_name], bad_name, "not its 10 games");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The totals of reports written before the totals were a serde type (a simulation's shard,
/// and a comparison's with the figures of `compare` in each row) read back and written again
/// give the same bytes: the format did not move.
#[test]
fn report_totals_written_before_read_and_write_the_same_bytes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/reports");
    let read = |name: &str| -> Value {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).expect("a fixture");
        serde_json::from_str(&text).expect("JSON")
    };
    let sim = read("sim-kendall-shard-1-of-2.json");
    let compare = read("compare-kendall-base-shard-1-of-2.json");
    let mut totals = vec![&sim["totals"]];
    for row in compare["rows"].as_array().expect("rows") {
        totals.push(&row["totals"]);
    }
    assert!(
        totals.iter().any(|t| t.get("metrics").is_some()),
        "a row with figures"
    );
    for t in totals {
        let back = senet::sim::Totals::from_json(t).expect("the totals read");
        assert_eq!(back.to_json().to_string(), t.to_string());
    }
}
