//! End-to-end tests of `senet compare`: every figure of docs/metrics.md with its interval in
//! text, JSON and CSV, sweeps over options, the marks of differences on rule sets known to
//! differ and known to be the same, a row that is `senet sim` with its seed, and the plot.
//! Game counts are small: the figures' arithmetic is tested in `sim::stats` and
//! tests/metrics.rs, here only what the command makes of them.

use crate::support::cli;

use cli::run;
use serde_json::Value;

/// Every figure a row reports, as docs/metrics.md lists them.
const METRICS: [&str; 17] = [
    "advantage",
    "balance",
    "decisiveness",
    "draws",
    "unfinished",
    "turns",
    "moves",
    "passes",
    "captures",
    "blockades",
    "protections",
    "stops",
    "lead_changes",
    "behind",
    "drama",
    "branching",
    "forced",
];

fn compare(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(&[&["compare"], args].concat());
    assert_eq!(code, 0, "senet compare {args:?} failed:\n{stderr}");
    stdout
}

fn compare_json(args: &[&str]) -> Value {
    let out = compare(&[args, &["--format", "json"]].concat());
    assert_eq!(out.lines().count(), 1, "not one line");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

fn rows(report: &Value) -> &Vec<Value> {
    report["rows"].as_array().expect("`rows` is a list")
}

/// The rows' options as `name=value` lists.
fn combos(report: &Value) -> Vec<Vec<String>> {
    rows(report)
        .iter()
        .map(|r| {
            r["options"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| format!("{k}={}", v.as_str().unwrap()))
                .collect()
        })
        .collect()
}

#[test]
fn two_rule_sets_give_every_figure_with_its_interval() {
    let args = [
        "senet/kendall",
        "twenty-squares/ur",
        "--games",
        "200",
        "--skill",
        "greedy/random",
        "--skill-games",
        "10",
    ];
    let report = compare_json(&args);
    assert_eq!(report["format"], "senet-compare/1");
    assert_eq!(rows(&report).len(), 2);
    for (i, row) in rows(&report).iter().enumerate() {
        assert_eq!(row["seed"], 1 + i as u64, "row k plays seed 1 + k");
        assert_eq!(row["totals"]["games"], 200);
        let metrics = row["metrics"].as_object().unwrap();
        for key in METRICS.iter().copied().chain(["skill:greedy/random"]) {
            let m = &metrics
                .get(key)
                .unwrap_or_else(|| panic!("row {i} lacks `{key}`: {row}"));
            assert!(m["method"].is_string(), "{key}: {m}");
            if m["value"].is_null() {
                assert!(m["missing"].is_string(), "{key} says why it is missing");
                continue;
            }
            let v = m["value"].as_f64().unwrap();
            let (lo, hi) = (
                m["ci95"][0].as_f64().unwrap(),
                m["ci95"][1].as_f64().unwrap(),
            );
            assert!(lo <= v && v <= hi, "{key}: {v} outside [{lo}, {hi}]");
            // The second row is tested against the first.
            assert_eq!(m.get("p").is_some(), i == 1, "{key}: {m}");
        }
        assert_eq!(metrics.len(), METRICS.len() + 1);
    }
    // Ur has no blockade and no stop, Kendall has both (and protection).
    let ur = &rows(&report)[1]["metrics"];
    assert!(ur["blockades"]["value"].is_null() && ur["stops"]["value"].is_null());
    assert_eq!(ur["blockades"]["missing"], "no such rule");
    let kendall = &rows(&report)[0]["metrics"];
    for key in ["blockades", "protections", "stops"] {
        assert!(kendall[key]["value"].is_number(), "{key}");
    }
    assert_eq!(
        rows(&report)[0]["restrictions"],
        serde_json::json!(["blockade", "protection", "stop"])
    );

    // The text: a block per figure, a line per row with its interval.
    let text = compare(&args);
    for label in [
        "first-side advantage",
        "balance",
        "decisiveness",
        "draws",
        "unfinished",
        "duration: turns per game",
        "duration: moves per game",
        "passes per game",
        "captures per game",
        "blockades fired",
        "protections fired",
        "stops fired",
        "lead changes",
        "drama: positions in which the eventual winner trailed",
        "drama: the winner's mean deficit",
        "branching factor",
        "forced moves",
        "skill: greedy wins against random",
    ] {
        let block = text
            .split("\n\n")
            .find(|b| b.starts_with(label))
            .unwrap_or_else(|| panic!("no block for `{label}`:\n{text}"));
        let lines: Vec<&str> = block
            .lines()
            .filter(|l| l.trim_start().starts_with('('))
            .collect();
        assert_eq!(lines.len(), 2, "`{label}`: one line per row:\n{block}");
        for line in lines {
            assert!(
                line.contains('[') || line.contains("no such rule"),
                "`{label}`: no interval: {line}"
            );
        }
    }
}

#[test]
fn a_sweep_gives_one_row_per_combination() {
    // senet/kendall declares `option pieces 5, 7, 1, 2, 3` and `option extra-throws on, off`.
    let all = compare_json(&[
        "senet/kendall",
        "--sweep",
        "all",
        "--games",
        "5",
        "--skill",
        "none",
    ]);
    let mut expected = Vec::new();
    for pieces in ["5", "7", "1", "2", "3", "4"] {
        for extra in ["on", "off"] {
            expected.push(vec![
                format!("pieces={pieces}"),
                format!("extra-throws={extra}"),
            ]);
        }
    }
    assert_eq!(combos(&all), expected);
    let seeds: Vec<u64> = rows(&all)
        .iter()
        .map(|r| r["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds, (1..=12).collect::<Vec<u64>>());

    // One option swept, another fixed.
    let pieces = compare_json(&[
        "senet/kendall",
        "--sweep",
        "pieces",
        "--option",
        "extra-throws=off",
        "--games",
        "5",
        "--skill",
        "none",
    ]);
    let got = combos(&pieces);
    assert_eq!(got.len(), 6);
    assert!(
        got.iter()
            .all(|c| c.contains(&"extra-throws=off".to_string()))
    );

    // A range is swept value by value (twenty-squares/ur: `option pieces 1..7`); a rule set
    // without the option is one row.
    let ur = compare_json(&[
        "twenty-squares/ur",
        "senet/bell-1960",
        "--sweep",
        "pieces",
        "--games",
        "5",
        "--skill",
        "none",
    ]);
    assert_eq!(rows(&ur).len(), 8);
    assert_eq!(rows(&ur)[6]["options"]["pieces"], "7");
    assert_eq!(rows(&ur)[7]["rules"], "senet/bell-1960");
}

/// A sweep of more than 1,000 rows is refused before anything is played, whatever the number
/// of combinations (two options of a million values each used to be spelled out, and abort).
#[test]
fn a_sweep_past_a_thousand_rows_is_refused_at_once() {
    let dir = std::env::temp_dir().join(format!("senet-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wide.rules");
    std::fs::write(
        &file,
        "ruleset \"test/wide\"\ntitle \"Two wide options\"\nextends \"twenty-squares/ur\"\n\
         option a: 1..1000000 default 1\noption b: 1..1000000 default 1\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (code, stdout, stderr) = run(&["compare", path, "--sweep", "all", "--games", "1"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    // 7 values of `pieces` times a million times a million.
    assert!(stderr.contains("more than 1000 rows"), "{stderr}");
    assert!(stderr.contains("7000000000000"), "{stderr}");
    // One option of a million values, refused too.
    let (code, _, stderr) = run(&["compare", path, "--sweep", "a", "--games", "1"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("alone makes 1000000"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The significant marks of a comparison: (row, figure) of each.
fn marks(report: &Value) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, row) in rows(report).iter().enumerate() {
        for (key, m) in row["metrics"].as_object().unwrap() {
            if m["significant"] == true {
                out.push((i, key.clone()));
            }
        }
    }
    out
}

/// Two readings whose first-side advantage differs widely. A run of 100,000 random games of
/// each (`senet compare senet/kendall senet/bell-1960 --games 100000 --skill none`) gave
/// 48.9 % [48.6, 49.2] for Kendall and 63.4 % [63.0, 63.7] for Bell's 1960 rules, and
/// decisiveness 100 % against 80.2 % [80.0, 80.5]; 600 games are enough to tell.
#[test]
fn readings_known_to_differ_are_marked() {
    let report = compare_json(&[
        "senet/kendall",
        "senet/bell-1960",
        "--games",
        "600",
        "--skill",
        "none",
    ]);
    let found = marks(&report);
    assert!(found.contains(&(1, "advantage".to_string())), "{found:?}");
    assert!(
        found.contains(&(1, "decisiveness".to_string())),
        "{found:?}"
    );
    let text = compare(&[
        "senet/kendall",
        "senet/bell-1960",
        "--games",
        "600",
        "--skill",
        "none",
    ]);
    let block = text
        .split("\n\n")
        .find(|b| b.starts_with("first-side advantage"))
        .unwrap();
    assert!(block.lines().last().unwrap().ends_with('*'), "{block}");
    assert!(text.contains("Holm"), "the note on the adjustment: {text}");
}

/// A rule set against itself: row 2 plays other seeds than row 1, so its games are other
/// games of the same rules. The marks keep the chance of any false mark in the table at 5 %:
/// none may come.
#[test]
fn a_rule_set_against_itself_is_not_marked() {
    let report = compare_json(&[
        "senet/kendall",
        "senet/kendall",
        "--games",
        "1000",
        "--skill",
        "greedy/random",
        "--skill-games",
        "40",
    ]);
    let rows = rows(&report);
    assert_ne!(rows[0]["seed"], rows[1]["seed"]);
    assert_ne!(rows[0]["totals"], rows[1]["totals"], "other games");
    assert_eq!(marks(&report), vec![]);
    assert!(report["tests"]["count"].as_u64().unwrap() >= 17);
}

/// A CSV field list of one line (RFC 4180: fields in double quotes may hold commas).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', false) => quoted = true,
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', true) => quoted = false,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

#[test]
fn the_csv_parses_a_line_per_row_and_figure() {
    let csv = compare(&[
        "senet/kendall",
        "twenty-squares/ur",
        "--games",
        "50",
        "--skill",
        "none",
        "--format",
        "csv",
    ]);
    let mut lines = csv.lines();
    let header = csv_fields(lines.next().unwrap());
    assert_eq!(
        header,
        [
            "row",
            "target",
            "rules",
            "options",
            "seed",
            "games",
            "metric",
            "value",
            "low",
            "high",
            "method",
            "p",
            "p_holm",
            "significant"
        ]
    );
    let body: Vec<Vec<String>> = lines.map(csv_fields).collect();
    assert_eq!(body.len(), 2 * METRICS.len());
    for fields in &body {
        assert_eq!(fields.len(), header.len(), "{fields:?}");
        let metric = &fields[6];
        assert!(METRICS.contains(&metric.as_str()), "{metric}");
        if fields[7].is_empty() {
            continue; // a figure that does not apply
        }
        let v: Vec<f64> = fields[7..10].iter().map(|x| x.parse().unwrap()).collect();
        assert!(v[1] <= v[0] && v[0] <= v[2], "{fields:?}");
        let tested = fields[0] == "2";
        assert_eq!(!fields[11].is_empty(), tested, "{fields:?}");
        if tested {
            let p: f64 = fields[11].parse().unwrap();
            assert!((0.0..=1.0).contains(&p));
            assert!(["true", "false"].contains(&fields[13].as_str()));
        }
    }
    assert!(
        body.iter()
            .all(|f| f[3] == "pieces=5;extra-throws=on" || f[1] == "twenty-squares/ur")
    );
}

/// Row k is the run `senet sim --seed S+k` would make: the same games, whatever the
/// figures collected along.
#[test]
fn a_row_is_the_simulation_of_its_seed() {
    let report = compare_json(&[
        "senet/base",
        "senet/kendall",
        "--games",
        "300",
        "--seed",
        "7",
        "--skill",
        "none",
    ]);
    for (row, (rules, seed)) in rows(&report)
        .iter()
        .zip([("senet/base", "7"), ("senet/kendall", "8")])
    {
        let (code, out, err) = run(&[
            "sim", rules, "--games", "300", "--seed", seed, "--format", "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let sim: Value = serde_json::from_str(&out).unwrap();
        let mut totals = row["totals"].clone();
        totals.as_object_mut().unwrap().remove("metrics");
        assert_eq!(totals, sim["totals"], "{rules}");
    }
}

#[test]
fn the_plot_is_the_same_svg_for_the_same_comparison() {
    let dir = std::env::temp_dir().join(format!("senet-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let draw = |name: &str, jobs: &str| {
        let file = dir.join(name);
        compare(&[
            "twenty-squares/ur",
            "twenty-squares/masters",
            "--games",
            "100",
            "--skill-games",
            "10",
            "--skill",
            "greedy/random",
            "--jobs",
            jobs,
            "--plot",
            file.to_str().unwrap(),
        ]);
        std::fs::read(&file).unwrap()
    };
    let (a, b) = (draw("a.svg", "1"), draw("b.svg", "2"));
    assert_eq!(a, b, "the same comparison, another plot");
    let svg = String::from_utf8(a).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.ends_with("</svg>\n"));
    assert!(
        svg.contains("(2) twenty-squares/masters pieces=7 dice=three"),
        "{svg}"
    );
    assert_eq!(
        svg.matches("<circle").count(),
        2 + 2 * 2,
        "two series' legends, two rows of two"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_cannot_be_compared_is_refused() {
    for (args, code, says) in [
        (
            vec!["senet/kendall", "--option", "holes=marked"],
            1,
            "no rule set here has an option `holes`",
        ),
        (
            vec!["senet/kendall", "--sweep", "holes"],
            1,
            "no rule set here has an option `holes`",
        ),
        (
            vec!["senet/kendall", "--sweep", "pieces", "--option", "pieces=7"],
            2,
            "both swept and given",
        ),
        (
            vec!["senet/kendall", "--skill", "greedy"],
            2,
            "STRONGER/WEAKER",
        ),
        (
            vec!["senet/kendall", "--skill", "greedy/grredy"],
            2,
            "did you mean `greedy`",
        ),
        (
            vec!["senet/kendall", "--players", "human,random"],
            2,
            "cannot play in a comparison",
        ),
        (vec!["senet/kendall", "--shard", "5/4"], 2, "a shard K/N"),
    ] {
        let (got, _, stderr) = run(&[&["compare"], args.as_slice(), &["--games", "5"]].concat());
        assert_eq!(got, code, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}
