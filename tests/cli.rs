//! End-to-end tests of the `senet` binary: `list`, `check`, `explain`, `diff` and `--option`.
//!
//! These tests hold the command-line contract (docs/formats.md and the README): exit codes
//! (0 valid, 1 invalid rules, 2 unusable input), the shape of `check --format json`, and the
//! words users rely on in the output. They run the real binary with `NO_COLOR=1` unless a test
//! says otherwise.

use std::path::{Path, PathBuf};

use crate::support::cli;

use cli::{run, senet};
use predicates::prelude::*;
use predicates::str::contains;
use serde_json::Value;

/// The bundled rule sets.
const BUNDLED: [&str; 97] = [
    "cross-and-circle/ashta-kashte",
    "cross-and-circle/ashta-kashte-two",
    "cross-and-circle/barjis",
    "cross-and-circle/kawade-kelia",
    "cross-and-circle/kawade-kelia-two",
    "cross-and-circle/kints",
    "cross-and-circle/pachesi",
    "cross-and-circle/pachih",
    "cross-and-circle/pancha-keliya",
    "cross-and-circle/panchi",
    "cross-and-circle/sokkattan",
    "cross-and-circle/pachisi",
    "cross-and-circle/thaayam",
    "cross-and-circle/nyout",
    "cross-and-circle/nyout-three",
    "cross-and-circle/nyout-four",
    "senet/base",
    "senet/jequier",
    "senet/jequier-1930",
    "senet/kendall-14",
    "senet/bell-1960",
    "senet/bell-1979",
    "senet/thirty-six",
    "senet/tait",
    "senet/finkel",
    "senet/bell-thirty-squares",
    "senet/modern",
    "senet/ivde",
    "senet/kendall",
    "senet/kendall-1978",
    "senet/piccione",
    "senet/bell-suggested",
    "twenty-squares/sawah",
    "twenty-squares/ur",
    "twenty-squares/ur-finkel",
    "twenty-squares/babylonian",
    "twenty-squares/marks-throw-only",
    "twenty-squares/murray",
    "twenty-squares/masters",
    "twenty-squares/blitz",
    "twenty-squares/aseb",
    "twenty-squares/seleucid",
    "hounds-and-jackals/carnarvon-carter",
    "hounds-and-jackals/carter",
    "hounds-and-jackals/carter-crossover",
    "hounds-and-jackals/tab",
    "tables/backgammon",
    "tables/hypergammon",
    "tables/baralie",
    "tables/emperador",
    "tables/fevga",
    "tables/jacquet",
    "tables/los-doze-canes",
    "tables/ludus-anglicorum",
    "tables/ludus-lombardorum",
    "tables/verquere",
    "tables/xii-scripta",
    "tables/buffa-de-baldrac",
    "tables/cab-e-quinal",
    "tables/cab-e-quinal-fixed-die",
    "tables/frangieh",
    "tables/imperial",
    "tables/mahbouseh",
    "tables/medio-emperador",
    "tables/mughrabieh",
    "tables/myles",
    "tables/nard",
    "tables/pareia-de-entrada",
    "tables/paumecary",
    "tables/plakoto",
    "tables/portes",
    "tables/provincial",
    "tables/quinze-tablas",
    "tables/seys-dos-y-as",
    "tables/shuanglu",
    "tables/ssang-ryouk",
    "tables/tavli",
    "tables/todas-tablas",
    "tables/doblet",
    "tables/kiz-tavlasi",
    "tables/ofanfelling",
    "tables/yahoudieh",
    "tables/garanguet",
    "tables/jacquet-de-versailles",
    "tables/kotra",
    "tables/dubblets",
    "tables/schuster",
    "tables/laquet",
    "tables/lange-puff",
    "tables/contrare-puff",
    "tables/piprjall",
    "tables/fallas",
    "tables/svensk-bradspel",
    "tables/julbahar",
    "tables/ketch-dolt",
    "tables/tawula",
    "tables/rabbatuees",
];

/// The tutorial's final file (docs/tutorial.md).
const TUTORIAL_EXAMPLE: &str = "docs/examples/classroom.rules";

// ---- helpers -----------------------------------------------------------------------------------

/// Runs `senet check --format json ARGS` and parses its standard output.
fn check_json(args: &[&str]) -> (i32, Value) {
    let (code, stdout, stderr) = run(&[&["check", "--format", "json"], args].concat());
    let json = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{stdout}\nstderr:\n{stderr}"));
    (code, json)
}

/// A fresh, empty folder of the system's temporary directory, unique to this test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("senet-cli-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary folder");
        TempDir(dir)
    }

    /// Writes `name` in the folder and returns its full path as a string.
    fn write(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write a rule file");
        path.to_str().expect("a UTF-8 temporary path").to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every `rulesets/**/*.rules` file, relative to the crate root, sorted.
fn ruleset_files() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read rulesets/") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rules") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("rulesets"), &mut files);
    let mut files: Vec<String> = files
        .iter()
        .map(|p| {
            p.strip_prefix(root)
                .unwrap()
                .to_str()
                .unwrap()
                .replace('\\', "/")
        })
        .collect();
    files.sort();
    files
}

/// The lines of `text` that are `ok` lines of `senet check`.
fn ok_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("ok ")).collect()
}

/// A rule file with three mistakes: an unknown keyword, a square off the board, a duplicate.
const INVALID: &str = r#"ruleset "test/invalid"
title   "three mistakes"
extends "senet/base"

saef 26, 28
safe 26, 31
square 27: go to 1
square 27: go to 15
"#;

// ---- list --------------------------------------------------------------------------------------

#[test]
fn list_prints_every_bundled_id_with_a_title() {
    let (code, stdout, stderr) = run(&["list"]);
    assert_eq!(code, 0, "stderr: {stderr}");
    for id in BUNDLED {
        let line = stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("`{id}` missing from `senet list`:\n{stdout}"));
        let title = line[id.len()..].trim();
        assert!(!title.is_empty(), "`{id}` has no title: {line:?}");
        assert!(!title.contains("does not check"), "{line}");
    }
    assert_eq!(stdout.lines().count(), BUNDLED.len(), "{stdout}");
}

// ---- check: valid rule sets --------------------------------------------------------------------

#[test]
fn check_accepts_every_bundled_id() {
    for id in BUNDLED {
        senet()
            .args(["check", id])
            .assert()
            .success()
            .stdout(contains(format!("ok  {id}:")));
    }
}

#[test]
fn check_accepts_every_shipped_file_one_ok_line_each() {
    let files = ruleset_files();
    assert_eq!(files.len(), BUNDLED.len(), "{files:?}");
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "stderr: {stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    let ok = ok_lines(&stdout);
    assert_eq!(ok.len(), files.len(), "{stdout}");
    for (line, file) in ok.iter().zip(&files) {
        assert!(line.contains(file.as_str()), "{line} should name {file}");
    }
}

#[test]
fn check_takes_several_targets_and_reports_each() {
    let (code, stdout, _) = run(&[
        "check",
        "senet/base",
        "twenty-squares/ur",
        "rulesets/senet/kendall.rules",
    ]);
    assert_eq!(code, 0);
    let ok = ok_lines(&stdout);
    assert_eq!(ok.len(), 3, "{stdout}");
    assert!(ok[0].contains("senet/base"));
    assert!(ok[1].contains("twenty-squares/ur"));
    assert!(ok[2].contains("rulesets/senet/kendall.rules"));
    // The summary names what was checked.
    assert!(ok[0].contains("30 squares"), "{}", ok[0]);
    assert!(ok[1].contains("20 squares"), "{}", ok[1]);
}

#[test]
fn check_reports_a_valid_and_an_invalid_target_and_fails() {
    let dir = TempDir::new("mixed");
    let bad = dir.write("bad.rules", INVALID);
    let (code, stdout, stderr) = run(&["check", "senet/base", &bad]);
    assert_eq!(code, 1, "stdout: {stdout}\nstderr: {stderr}");
    assert_eq!(ok_lines(&stdout).len(), 1, "{stdout}");
    assert!(stderr.contains("bad.rules"), "{stderr}");
}

#[test]
fn check_accepts_the_tutorial_example() {
    senet()
        .args(["check", TUTORIAL_EXAMPLE])
        .assert()
        .success()
        .stdout(contains(
            "ok  docs/examples/classroom.rules: classroom/senet",
        ))
        .stdout(contains("7 pieces a side"));
    // Its option still chooses 5.
    senet()
        .args(["check", TUTORIAL_EXAMPLE, "--option", "pieces=5"])
        .assert()
        .success()
        .stdout(contains("5 pieces a side"));
    // Its own option switches the safe row off.
    let (_, on, _) = run(&["explain", TUTORIAL_EXAMPLE]);
    let (code, off, _) = run(&["explain", TUTORIAL_EXAMPLE, "-o", "last-row-safe=off"]);
    assert_eq!(code, 0);
    assert!(on.contains("Pieces on squares 21-30 are safe"), "{on}");
    assert!(off.contains("No square is safe."), "{off}");
    assert!(off.contains("[choice: the handout says"), "{off}");
}

#[test]
fn the_tutorial_shows_the_example_file_as_it_is() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tutorial = std::fs::read_to_string(root.join("docs/tutorial.md")).unwrap();
    let example = std::fs::read_to_string(root.join(TUTORIAL_EXAMPLE)).unwrap();
    let shown = tutorial
        .split("The finished file, ")
        .nth(1)
        .and_then(|rest| rest.split("```\n").nth(1))
        .expect("the finished file in docs/tutorial.md");
    assert_eq!(shown, example);
}

#[test]
fn the_tutorial_mistakes_give_the_errors_it_shows() {
    let dir = TempDir::new("tutorial");
    let header = "ruleset \"classroom/senet\"\n\
                  title   \"Senet: classroom rules\"\n\
                  source  \"Year 7 handout\"\n";
    let stages: [(&str, &[&str]); 3] = [
        (
            "extends \"senet/kendal\"\n",
            &[
                "E102",
                "classroom.rules:4:9",
                "did you mean `senet/kendall`?",
            ],
        ),
        (
            "extends \"senet/kendall\"\n\noption pieces: 5 | 7 default 7\n\n\
             sqaure 27: go to 1\nsafe 21..31\n",
            &[
                "E003",
                "did you mean `square`?",
                "E122",
                "classroom.rules:9:6",
                "square 31 is out of range",
                "has 2 errors",
            ],
        ),
        (
            "extends \"senet/kendall\"\n\noption pieces: 5 | 7 default 7\n\n\
             square 27: go to 1\nsafe 21..30\nsquare 27: go to first free after 1\n",
            &["E101", "`square 27` is defined twice in this file"],
        ),
    ];
    for (body, expected) in stages {
        let file = dir.write("classroom.rules", &format!("{header}{body}"));
        let (code, _, stderr) = run(&["check", &file]);
        assert_eq!(code, 1, "{stderr}");
        for e in expected {
            assert!(stderr.contains(e), "`{e}` missing from:\n{stderr}");
        }
    }
}

// ---- check: warnings ---------------------------------------------------------------------------

/// A valid variant with a likely mistake: it sends a piece to a square that may be taken (W003).
const WARNED: &str = "ruleset \"test/warned\"\ntitle \"Senet: the Water sends back to 15\"\n\
                      extends \"senet/base\"\nsquare 27: go to 15\n";

#[test]
fn check_shows_warnings_and_succeeds() {
    let dir = TempDir::new("warned");
    let file = dir.write("warned.rules", WARNED);
    let (code, stdout, stderr) = run(&["check", &file]);
    assert_eq!(code, 0, "stderr: {stderr}");
    assert_eq!(ok_lines(&stdout).len(), 1, "{stdout}");
    assert!(stderr.contains("W003"), "{stderr}");
    assert!(stderr.contains("warning: `"), "{stderr}");
    assert!(stderr.contains("has 1 warning"), "{stderr}");
}

#[test]
fn check_deny_warnings_fails_on_a_warning() {
    let dir = TempDir::new("denied");
    let file = dir.write("warned.rules", WARNED);
    let (code, _, stderr) = run(&["check", &file, "--deny-warnings"]);
    assert_eq!(code, 1, "stderr: {stderr}");
    assert!(stderr.contains("W003"), "{stderr}");
    assert!(stderr.contains("denied by --deny-warnings"), "{stderr}");
    // A file without warnings passes as before.
    senet()
        .args(["check", "senet/base", "--deny-warnings"])
        .assert()
        .success();
}

#[test]
fn check_json_gives_each_warning_with_its_severity() {
    let dir = TempDir::new("warned-json");
    let file = dir.write("warned.rules", WARNED);
    let (code, json) = check_json(&[&file]);
    assert_eq!(code, 0);
    let entry = &json["files"][0];
    assert_eq!(entry["ok"], true);
    let diags = entry["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1, "{json}");
    assert_eq!(diags[0]["code"], "W003");
    assert_eq!(diags[0]["severity"], "warning");
    assert_eq!(diags[0]["line"], 4);
    let (code, json) = check_json(&[&file, "--deny-warnings"]);
    assert_eq!(code, 1);
    assert_eq!(json["files"][0]["ok"], false);
}

/// The values an option allows, as `senet list --format json` gives them, one by one: a range
/// `1..7` is each of its numbers.
fn option_values(allowed: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for a in allowed.as_array().expect("allowed is a list") {
        let a = a.as_str().expect("a value is a string");
        match a.split_once("..") {
            Some((lo, hi)) => {
                let (lo, hi): (u32, u32) = (lo.parse().unwrap(), hi.parse().unwrap());
                out.extend((lo..=hi).map(|v| v.to_string()));
            }
            None => out.push(a.to_string()),
        }
    }
    out
}

/// Every bundled rule set checks without a warning under every combination of its options'
/// values (its own and those it inherits), with `--deny-warnings`: a rule behind `when` is
/// checked too. The rule sets and options are read from `senet list --format json`, so that a
/// new one is checked as well.
#[test]
fn every_bundled_rule_set_checks_clean_under_every_option() {
    let (code, stdout, stderr) = run(&["list", "--format", "json"]);
    assert_eq!(code, 0, "stderr: {stderr}");
    let list: Value = serde_json::from_str(&stdout).unwrap();
    let mut checked = Vec::new();
    for entry in list.as_array().unwrap() {
        let id = entry["id"].as_str().unwrap();
        // Every combination: the product of each option's values, one `--option` each.
        let mut combos: Vec<Vec<String>> = vec![Vec::new()];
        for option in entry["options"].as_array().into_iter().flatten() {
            let name = option["name"].as_str().unwrap();
            let values = option_values(&option["allowed"]);
            assert!(!values.is_empty(), "{id}: option {name} has no value");
            combos = combos
                .iter()
                .flat_map(|c| {
                    values.iter().map(move |v| {
                        let mut c = c.clone();
                        c.push(format!("{name}={v}"));
                        c
                    })
                })
                .collect();
        }
        for combo in combos {
            let mut args = vec!["check", id, "--deny-warnings"];
            for o in &combo {
                args.extend(["--option", o.as_str()]);
            }
            let (code, stdout, stderr) = run(&args);
            assert_eq!(code, 0, "{args:?}:\n{stdout}{stderr}");
            assert!(stderr.is_empty(), "{args:?}:\n{stderr}");
            checked.push(format!("{id} {}", combo.join(" ")));
        }
    }
    assert!(checked.len() > BUNDLED.len(), "{checked:?}");
    // The combination a reader found warned of, among them.
    assert!(
        checked.contains(
            &"senet/kendall-1978 pieces=7 home-row=off trap=on starting-throw=off".to_string()
        ),
        "{checked:?}"
    );
    // tab's three options give 3 x 3 x 7 combinations.
    let tab = checked
        .iter()
        .filter(|c| c.starts_with("hounds-and-jackals/tab "))
        .count();
    assert_eq!(tab, 63);
}

/// `source` lines accumulate along `extends`; `source none` drops the inherited ones, wherever
/// it stands in the file, and a file that extends it inherits only what is left.
#[test]
fn source_none_drops_the_inherited_sources() {
    let dir = TempDir::new("source-none");
    dir.write(
        "parent.rules",
        "ruleset \"test/parent\"\ntitle \"Senet: parent\"\nsource \"Book A\"\nsource \"Book B\"\n\
         extends \"senet/base\"\nblockade 3\n",
    );
    let sources = |file: &str| -> Vec<String> {
        let (code, stdout, stderr) = run(&["explain", file, "--format", "json"]);
        assert_eq!(code, 0, "{stderr}");
        let json: Value = serde_json::from_str(&stdout).unwrap();
        json["sources"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    let child = |name: &str, lines: &str| {
        dir.write(
            &format!("{name}.rules"),
            &format!(
                "ruleset \"test/{name}\"\ntitle \"Senet: {name}\"\nextends \"parent\"\n{lines}blockade 4\n"
            ),
        )
    };
    let base = sources("senet/base");
    assert_eq!(base.len(), 1, "{base:?}");
    // Without it, the child's source follows every inherited one.
    let adds = child("adds", "source \"Book C\"\n");
    let mut all = base.clone();
    all.extend(["Book A", "Book B", "Book C"].map(String::from));
    assert_eq!(sources(&adds), all);
    // With it, before or after the file's own, only the file's own.
    let before = child("before", "source none\nsource \"Book C\"\n");
    assert_eq!(sources(&before), ["Book C"]);
    let after = child("after", "source \"Book C\"\nsource none\n");
    assert_eq!(sources(&after), ["Book C"]);
    // Alone: no source at all.
    let alone = child("alone", "source none\n");
    assert!(sources(&alone).is_empty());
    // A file extending one with `source none` inherits what it left.
    let grandchild = dir.write(
        "grandchild.rules",
        "ruleset \"test/grandchild\"\ntitle \"Senet: grandchild\"\nextends \"before\"\n\
         source \"Book D\"\nblockade 5\n",
    );
    assert_eq!(sources(&grandchild), ["Book C", "Book D"]);
    // `explain` lists the same.
    let (_, text, _) = run(&["explain", &before]);
    assert!(text.contains("Source: Book C\n"), "{text}");
    assert!(!text.contains("Source: Book A"), "{text}");
}

/// Warnings never stop another command: `explain` of a warned file prints its rules, and no
/// warning.
#[test]
fn warnings_do_not_block_other_commands() {
    let dir = TempDir::new("warned-explain");
    let file = dir.write("warned.rules", WARNED);
    let (code, stdout, stderr) = run(&["explain", &file]);
    assert_eq!(code, 0, "stderr: {stderr}");
    assert!(stdout.contains("goes to square 15"), "{stdout}");
    assert!(stderr.is_empty(), "{stderr}");
}

/// An error a variant brings about in an inherited rule is shown on the variant's line, with
/// the inherited rule as a related diagnostic in its own file.
#[test]
fn check_json_gives_the_inherited_rule_as_related() {
    let dir = TempDir::new("inherited");
    let file = dir.write(
        "gap.rules",
        "ruleset \"test/gap\"\ntitle \"Senet without 30\"\nextends \"senet/base\"\nname 29 none\ngaps 30\n",
    );
    let (code, json) = check_json(&[&file]);
    assert_eq!(code, 1);
    let diags = json["files"][0]["diagnostics"].as_array().unwrap();
    let name = diags
        .iter()
        .find(|d| {
            d["related"][0]["message"]
                .as_str()
                .is_some_and(|m| m.contains("`name 30`"))
        })
        .unwrap_or_else(|| panic!("no diagnostic about the inherited `name 30`: {json}"));
    assert_eq!(name["code"], "E123");
    assert_eq!(name["severity"], "error");
    assert_eq!(name["line"], 5, "on the variant's `gaps 30`");
    assert!(
        name["help"].as_str().unwrap().contains("`name 30 none`"),
        "{name}"
    );
    let related = &name["related"][0];
    assert_eq!(related["file"], "senet/base.rules");
    assert_eq!(related["severity"], "note");
}

// ---- explain-error -----------------------------------------------------------------------------

#[test]
fn explain_error_prints_the_code_its_meaning_and_both_examples() {
    let (code, stdout, stderr) = run(&["explain-error", "E123"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("E123 (error): a square that is a gap\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Wrong (`senet check variant.rules`):"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Right (`senet check variant.rules`):"),
        "{stdout}"
    );
    assert!(stdout.contains("    safe 4, 5, 16"), "{stdout}");
    // Codes are read in either case; warnings have entries too.
    let (code, lower, _) = run(&["explain-error", "e123"]);
    assert_eq!((code, lower.as_str()), (0, stdout.as_str()));
    senet()
        .args(["explain-error", "W003"])
        .assert()
        .success()
        .stdout(contains("W003 (warning): "))
        .stdout(contains("first free after 15"));
}

#[test]
fn explain_error_of_an_unknown_code_is_exit_2() {
    let (code, stdout, stderr) = run(&["explain-error", "E999"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("`E999`"), "{stderr}");
    assert!(stderr.contains("senet explain-error --all"), "{stderr}");
}

/// Every code `senet check` gives in the tests' rule files is explained.
#[test]
fn explain_error_knows_every_code_check_gives() {
    let (_, json) = check_json(&["tests/diagnostics/e123-gaps-under-inherited-rules.rules"]);
    let diags = json["files"][0]["diagnostics"].as_array().unwrap();
    assert!(!diags.is_empty());
    for d in diags {
        let code = d["code"].as_str().unwrap();
        senet().args(["explain-error", code]).assert().success();
    }
}

#[test]
fn explain_error_all_markdown_is_docs_errors_md() {
    let (code, stdout, stderr) = run(&["explain-error", "--all", "--markdown"]);
    assert_eq!(code, 0, "{stderr}");
    let docs = std::fs::read_to_string("docs/errors.md").unwrap();
    assert!(
        stdout == docs,
        "docs/errors.md is not `senet explain-error --all --markdown`"
    );
}

/// The tutorial's two warnings: a `pieces` line that cuts Kendall's option (W001), and a River
/// that sends a piece to a square that may be taken (W003). Neither fails the check.
#[test]
fn the_tutorial_warnings_are_the_ones_it_shows() {
    let dir = TempDir::new("tutorial-warnings");
    let header = "ruleset \"classroom/senet\"\n\
                  title   \"Senet: classroom rules\"\n\
                  source  \"Year 7 handout\"\nextends \"senet/kendall\"\n";
    let stages: [(&str, &[&str]); 2] = [
        (
            "\npieces 7 each\n",
            &[
                "W001",
                "option `pieces` gives the same game at 5 and at 7",
                "`option pieces: 5 | 7 | 1 | 2 | 3 | 4 default\n        7`",
            ],
        ),
        (
            "\noption pieces: 5 | 7 default 7\n\nsquare 27: go to 1\nsafe 21..30\n",
            &[
                "W003",
                "if square 1 is taken, a piece that lands on 27 stays there",
                "`square 27: go to first free after 1`",
            ],
        ),
    ];
    for (body, expected) in stages {
        let file = dir.write("classroom.rules", &format!("{header}{body}"));
        let (code, _, stderr) = run(&["check", &file]);
        assert_eq!(code, 0, "{stderr}");
        for e in expected {
            assert!(stderr.contains(e), "`{e}` missing from:\n{stderr}");
        }
    }
}

// ---- check: invalid and unreadable input -------------------------------------------------------

#[test]
fn check_json_of_a_valid_target() {
    let (code, json) = check_json(&["senet/base"]);
    assert_eq!(code, 0);
    let files = json["files"].as_array().expect("`files` is an array");
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["ok"], Value::Bool(true));
    assert_eq!(files[0]["file"], "senet/base");
    assert_eq!(files[0]["id"], "senet/base");
    assert!(files[0]["title"].as_str().is_some_and(|t| !t.is_empty()));
    assert_eq!(files[0]["diagnostics"], Value::Array(vec![]));
}

#[test]
fn check_json_of_an_invalid_file_has_every_diagnostic_with_its_place() {
    let dir = TempDir::new("json-invalid");
    let bad = dir.write("bad.rules", INVALID);
    let (code, json) = check_json(&[&bad]);
    assert_eq!(code, 1);
    let files = json["files"].as_array().expect("`files` is an array");
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["ok"], Value::Bool(false));
    let all = files[0]["diagnostics"].as_array().expect("an array");
    // The errors, and the warnings after them (the two squares 27 send a piece to may be taken).
    let diags: Vec<&Value> = all.iter().filter(|d| d["severity"] == "error").collect();
    assert_eq!(diags.len(), 3, "{all:#?}");
    assert!(
        all.iter()
            .all(|d| d["severity"] == "error" || d["code"] == "W003"),
        "{all:#?}"
    );
    for d in all {
        let code = d["code"].as_str().expect("code");
        assert!(
            (code.starts_with('E') || code.starts_with('W')) && code.len() == 4,
            "{code}"
        );
        assert!(d["line"].as_u64().is_some_and(|l| l >= 1), "{d}");
        assert!(d["column"].as_u64().is_some_and(|c| c >= 1), "{d}");
        assert!(d["message"].as_str().is_some_and(|m| !m.is_empty()), "{d}");
        assert!(d["help"].as_str().is_some_and(|h| !h.is_empty()), "{d}");
    }
    let mut lines: Vec<u64> = diags.iter().map(|d| d["line"].as_u64().unwrap()).collect();
    lines.sort();
    assert_eq!(lines, [5, 6, 8], "{diags:#?}");
    let typo = diags.iter().find(|d| d["line"] == 5).unwrap();
    assert!(typo["message"].as_str().unwrap().contains("saef"), "{typo}");
    assert!(typo["help"].as_str().unwrap().contains("safe"), "{typo}");
}

#[test]
fn check_prints_every_diagnostic_with_file_line_and_column_and_exits_1() {
    let dir = TempDir::new("text-invalid");
    let bad = dir.write("bad.rules", INVALID);
    let (_, json) = check_json(&[&bad]);
    let (code, stdout, stderr) = run(&["check", &bad]);
    assert_eq!(code, 1);
    assert!(ok_lines(&stdout).is_empty(), "{stdout}");
    let diags = json["files"][0]["diagnostics"].as_array().unwrap();
    assert!(!diags.is_empty());
    // One drawn snippet per diagnostic, each headed `[file:line:col]`.
    assert_eq!(
        stderr.matches(&format!("[{bad}:")).count(),
        diags.len(),
        "{stderr}"
    );
    for d in diags {
        let place = format!("{bad}:{}:{}", d["line"], d["column"]);
        if d["code"] == "E101" {
            // A duplicate has two labels; the drawing is headed by the first definition (7:1)
            // while the JSON points at the second (8:1). Accept either place here.
            assert!(
                stderr.contains(&format!("{bad}:7:1")) || stderr.contains(&place),
                "{stderr}"
            );
        } else {
            assert!(stderr.contains(&place), "`{place}` missing from:\n{stderr}");
        }
        assert!(stderr.contains(d["code"].as_str().unwrap()), "{stderr}");
        assert!(stderr.contains(d["message"].as_str().unwrap()), "{stderr}");
    }
    assert!(stderr.contains("has 3 errors"), "{stderr}");
}

#[test]
fn check_of_an_unreadable_path_exits_2_with_a_clear_message() {
    let dir = TempDir::new("unreadable");
    let missing = dir.0.join("no-such-file.rules");
    let missing = missing.to_str().unwrap();
    senet()
        .args(["check", missing])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(contains(format!("cannot read `{missing}`")));
    // A folder is not a rule file either.
    senet()
        .args(["check", dir.0.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(contains("cannot read"));
    // In JSON, the failure is in the document too.
    let (code, json) = check_json(&[missing]);
    assert_eq!(code, 2);
    assert_eq!(json["files"][0]["ok"], Value::Bool(false));
    assert!(
        json["files"][0]["error"]
            .as_str()
            .unwrap()
            .contains("cannot read")
    );
}

#[test]
fn a_misspelt_bundled_id_suggests_the_right_one() {
    senet()
        .args(["check", "senet/kendal"])
        .assert()
        .code(2)
        .stderr(contains("`senet/kendall`"));
    senet()
        .args(["check", "twenty-squares/urr"])
        .assert()
        .code(2)
        .stderr(contains("`twenty-squares/ur`"));
}

#[test]
fn extends_a_misspelt_id_is_e102_with_did_you_mean() {
    let dir = TempDir::new("extends-typo");
    let file = dir.write(
        "typo.rules",
        "ruleset \"test/typo\"\nextends \"senet/kendal\"\n",
    );
    let (code, _, stderr) = run(&["check", &file]);
    assert_eq!(code, 1);
    assert!(stderr.contains("E102"), "{stderr}");
    assert!(stderr.contains("did you mean `senet/kendall`"), "{stderr}");
    assert!(stderr.contains(&format!("{file}:2:9")), "{stderr}");

    let (_, json) = check_json(&[&file]);
    let d = &json["files"][0]["diagnostics"][0];
    assert_eq!(d["code"], "E102");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(2), Some(9))
    );
    assert!(d["help"].as_str().unwrap().contains("senet/kendall"), "{d}");
}

#[test]
fn extends_a_sibling_file_by_relative_path() {
    let dir = TempDir::new("extends-sibling");
    dir.write(
        "parent.rules",
        "ruleset \"test/parent\"\nextends \"senet/base\"\npieces 4 each\n\
         start red on 1, 3, 5, 7; blue on 2, 4, 6, 8\n",
    );
    let child = dir.write(
        "child.rules",
        "ruleset \"test/child\"\nextends \"parent.rules\"\nblockade none\n",
    );
    // Relative to the file, not to the working folder.
    senet()
        .args(["check", &child])
        .assert()
        .success()
        .stdout(contains("test/child").and(contains("4 pieces a side")));
    senet()
        .args(["explain", &child])
        .assert()
        .success()
        .stdout(contains("There are no blockades").and(contains("(from test/parent)")));
}

// ---- --option ----------------------------------------------------------------------------------

#[test]
fn option_with_an_allowed_value_is_accepted() {
    senet()
        .args(["check", "senet/kendall", "--option", "pieces=7"])
        .assert()
        .success()
        .stdout(contains("7 pieces a side"));
    senet()
        .args([
            "check",
            "senet/kendall",
            "-o",
            "pieces=7",
            "-o",
            "extra-throws=off",
        ])
        .assert()
        .success();
}

#[test]
fn option_with_a_value_not_allowed_names_the_allowed_values() {
    senet()
        .args(["check", "senet/kendall", "--option", "pieces=6"])
        .assert()
        .code(1)
        .stderr(contains("E111"))
        .stderr(contains("`6` is not a value of option `pieces`"))
        .stderr(contains("`5`").and(contains("`7`")));
}

#[test]
fn a_misspelt_option_name_suggests_the_right_one() {
    senet()
        .args(["check", "senet/kendall", "--option", "piecs=7"])
        .assert()
        .code(1)
        .stderr(contains("unknown option `piecs`"))
        .stderr(contains("did you mean `pieces`?"));
}

#[test]
fn option_without_equals_is_a_usage_error() {
    senet()
        .args(["check", "senet/kendall", "--option", "nonsense"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(contains("NAME=VALUE"));
}

// ---- explain -----------------------------------------------------------------------------------

#[test]
fn explain_shows_board_throws_names_and_notes() {
    let (code, stdout, stderr) = run(&["explain", "senet/base"]);
    assert_eq!(code, 0, "{stderr}");
    // The board, drawn as a snake: the second row runs back.
    assert!(stdout.contains("| 20  | 19  |"), "{stdout}");
    assert!(stdout.contains("|  1  |  2  |"), "{stdout}");
    // The throw table of four sticks.
    for chance in ["1/4", "3/8", "1/16"] {
        assert!(stdout.contains(chance), "no `{chance}` in:\n{stdout}");
    }
    assert!(stdout.contains("House of Water"), "{stdout}");
    assert!(
        stdout.contains("[source:") || stdout.contains("[choice:"),
        "{stdout}"
    );
}

#[test]
fn explain_follows_options() {
    let (_, five, _) = run(&["explain", "senet/kendall"]);
    let (code, seven, _) = run(&["explain", "senet/kendall", "--option", "pieces=7"]);
    assert_eq!(code, 0);
    assert!(five.contains("Each side has 5 pieces."), "{five}");
    assert!(seven.contains("Each side has 7 pieces."), "{seven}");
    assert!(seven.contains("pieces = 7"), "{seven}");
    let (_, one, _) = run(&["explain", "senet/kendall", "--option", "pieces=1"]);
    assert!(one.contains("Each side has 1 piece."), "{one}");
    // Seven pieces a side fill squares 1-14: the second row shows pieces on 11-14.
    let row2 = seven
        .lines()
        .skip_while(|l| !l.starts_with("| 20  |"))
        .nth(1)
        .expect("the second board row");
    assert_eq!(
        row2.matches('G').count() + row2.matches('R').count(),
        4,
        "{row2}"
    );
}

/// Boards 3 and 4 of the crossover readings have eleven holes a side down the middle: the
/// option redraws holes 11 and 12 (and the other side's 40 and 41) at the bottom turn.
#[test]
fn explain_draws_the_crossover_board_the_option_names() {
    let (code, one, stderr) = run(&["explain", "hounds-and-jackals/carter-crossover"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        one.contains("Square 11 is drawn at row 17, column 0"),
        "{one}"
    );
    let (code, three, stderr) = run(&[
        "explain",
        "hounds-and-jackals/carter-crossover",
        "--option",
        "board=3",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        three.contains("Square 11 is drawn at row 14, column 2"),
        "{three}"
    );
    // Hole 11 is drawn under hole 10, in the middle column.
    let below_10 = three
        .lines()
        .skip_while(|l| !l.trim_end().ends_with("39        44*"))
        .nth(1)
        .expect("the row under holes 10 and 39");
    assert!(below_10.contains("11"), "{three}");
    assert!(
        three.contains("may send the piece on to square 39"),
        "{three}"
    );
    assert!(!one.contains("may send the piece on to square 39"), "{one}");
}

#[test]
fn explain_of_a_variant_marks_inherited_rules() {
    let (code, stdout, _) = run(&["explain", "senet/jequier"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("(from senet/base)"), "{stdout}");
    // Its own rule is not marked as inherited.
    let own = stdout
        .lines()
        .find(|l| l.contains("21-30"))
        .expect("the bear-off condition");
    assert!(!own.contains("(from"), "{own}");
}

#[test]
fn explain_of_an_invalid_target_fails() {
    senet()
        .args(["explain", "senet/kendall", "--option", "pieces=6"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty());
    senet().args(["explain", "senet/nosuch"]).assert().code(2);
}

// ---- diff --------------------------------------------------------------------------------------

/// The rule names of the rows of a `senet diff` table.
fn diff_rows(stdout: &str) -> Vec<String> {
    let mut rows = Vec::new();
    let mut after_rule = false;
    for line in stdout.lines() {
        let first = line.split('|').next().unwrap_or("").trim();
        // A row starts after a `---+---` rule; its continuation lines have an empty first cell.
        if line.starts_with('-') {
            after_rule = true;
        } else if after_rule && !first.is_empty() && line.contains('|') {
            rows.push(first.to_string());
            after_rule = false;
        }
    }
    rows
}

#[test]
fn diff_of_base_and_jequier_is_the_bear_off_condition() {
    let (code, stdout, _) = run(&["diff", "senet/base", "senet/jequier"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("1 rule differs"), "{stdout}");
    assert_eq!(diff_rows(&stdout), ["bear off only when"], "{stdout}");
    assert!(stdout.contains("21-30"), "{stdout}");
}

#[test]
fn diff_of_kendall_and_modern_has_several_rows() {
    let (code, stdout, _) = run(&["diff", "senet/kendall", "senet/modern"]);
    assert_eq!(code, 0);
    let rows = diff_rows(&stdout);
    assert!(rows.len() >= 5, "{rows:?}\n{stdout}");
    assert!(
        stdout.contains(&format!("{} rules differ", rows.len())),
        "{stdout}"
    );
    for rule in ["sides", "safe", "bear off", "blockade"] {
        assert!(
            rows.iter().any(|r| r == rule),
            "no `{rule}` row in {rows:?}"
        );
    }
}

#[test]
fn diff_of_a_rule_set_with_itself_says_same_rules() {
    senet()
        .args(["diff", "senet/kendall", "senet/kendall"])
        .assert()
        .success()
        .stdout(contains("have the same rules"));
    // A bundled id and its own file are the same rules too.
    senet()
        .args(["diff", "senet/base", "rulesets/senet/base.rules"])
        .assert()
        .success()
        .stdout(contains("have the same rules"));
}

/// Rules are compared by what they resolve to, not by their words: a range and the numbers it
/// holds, or positions and the squares they are on, are the same rule.
#[test]
fn diff_compares_what_rules_mean_not_how_they_are_written() {
    let dir = TempDir::new("diff-values");
    let range = dir.write(
        "range.rules",
        "ruleset \"test/range\"\nextends \"senet/base\"\nsafe 26, 28..30\nstop on 30..27\n",
    );
    let list = dir.write(
        "list.rules",
        "ruleset \"test/list\"\nextends \"senet/base\"\nsafe 30, 29, 28, 26\nstop on positions 27, 28, 29, 30\n",
    );
    senet()
        .args(["diff", &range, &list])
        .assert()
        .success()
        .stdout(contains("have the same rules"));
    // A rule stated with its default value is no difference either.
    let said = dir.write(
        "said.rules",
        "ruleset \"test/said\"\nextends \"senet/base\"\nextra throw on 26\ncapture swap\n",
    );
    senet()
        .args(["diff", "senet/base", &said])
        .assert()
        .success()
        .stdout(contains("have the same rules"));
}

#[test]
fn diff_of_the_tutorial_example_against_its_base() {
    let (code, stdout, _) = run(&["diff", "senet/kendall", TUTORIAL_EXAMPLE]);
    assert_eq!(code, 0);
    assert_eq!(
        diff_rows(&stdout),
        [
            "option pieces",
            "pieces",
            "safe",
            "square 27",
            "option last-row-safe"
        ],
        "{stdout}"
    );
}

// ---- colour ------------------------------------------------------------------------------------

#[test]
fn no_ansi_escapes_off_a_terminal_or_with_no_color() {
    let dir = TempDir::new("colour");
    let bad = dir.write("bad.rules", INVALID);
    let commands: [&[&str]; 5] = [
        &["list"],
        &["check", "senet/base", &bad],
        &["explain", "senet/kendall"],
        &["diff", "senet/kendall", "senet/modern"],
        &["check", "senet/kendall", "--option", "piecs=7"],
    ];
    for no_color in [true, false] {
        for args in commands {
            let mut cmd = senet();
            if !no_color {
                // Output captured by a pipe is not a terminal: no colour even without NO_COLOR.
                cmd.env_remove("NO_COLOR");
            }
            let out = cmd.args(args).output().unwrap();
            for (what, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
                let text = String::from_utf8_lossy(bytes);
                assert!(
                    !text.contains("\x1b["),
                    "ANSI escape in {what} of {args:?} (NO_COLOR set: {no_color}):\n{text}"
                );
            }
        }
    }
}

/// A board drawn at points (`draw ... at ...`): Carnarvon and Carter's holes as the real board
/// lays them out, each side's holes 1-10 down the middle and the rest up its outer arc.
#[test]
fn explain_draws_a_board_placed_at_points() {
    let (code, stdout, stderr) = run(&["explain", "hounds-and-jackals/carnarvon-carter"]);
    assert_eq!(code, 0, "stderr: {stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    // The line of a hole: the one whose words include its number alone or with its mark.
    let line_of = |n: &str| {
        lines
            .iter()
            .position(|l| l.split_whitespace().any(|w| w.trim_end_matches('*') == n))
            .unwrap_or_else(|| panic!("hole {n} is not drawn:\n{stdout}"))
    };
    // Down the middle: 1 above 2 above ... 10; up the arc: 11 below 25.
    assert!(line_of("1") < line_of("2") && line_of("9") < line_of("10"));
    assert!(line_of("25") < line_of("11"));
    // The first side's 1 and the second side's 30 face each other across the middle.
    assert_eq!(line_of("1"), line_of("30"));
    // The last holes meet at the apex, on the top line of the drawing.
    assert_eq!(line_of("29"), line_of("58"));
    assert!(line_of("29") < line_of("26"));
}

/// `extends` reads only `.rules` files, and never shows the content of a file that is not a
/// rule file: neither one it extends nor one given on the command line.
#[test]
fn no_file_content_leaks_through_extends_or_check() {
    let dir = TempDir::new("no-leak");
    let secret = "password = hunter2";
    dir.write("secret.rules", &format!("{secret}\n"));
    let plain = dir.write("secret.txt", &format!("{secret}\n"));
    let child = dir.write("child.rules", "ruleset \"t/child\"\nextends \"secret\"\n");
    for command in ["check", "explain", "sim"] {
        let (code, stdout, stderr) = run(&[command, &child]);
        assert_ne!(code, 0, "{command}");
        assert!(
            !stdout.contains("hunter2") && !stderr.contains("hunter2"),
            "{command} leaked:\n{stdout}\n{stderr}"
        );
        assert!(
            stdout.contains("E107") || stderr.contains("E107"),
            "{stdout}{stderr}"
        );
    }
    let (_, stdout, stderr) = run(&["check", &plain, "--format", "json"]);
    assert!(
        !stdout.contains("hunter2") && !stderr.contains("hunter2"),
        "{stdout}{stderr}"
    );
    assert!(stdout.contains("E107"), "{stdout}");
    // A path to a file that is not a `.rules` file is not read at all.
    let other = dir.write(
        "other.rules",
        "ruleset \"t/other\"\nextends \"/etc/passwd\"\n",
    );
    let (_, stdout, stderr) = run(&["check", &other]);
    assert!(
        !stdout.contains("root:") && !stderr.contains("root:"),
        "{stdout}{stderr}"
    );
    assert!(
        stdout.contains("E102") || stderr.contains("E102"),
        "{stdout}{stderr}"
    );
}

/// `--jobs` takes 1 to 256 threads: 0 would run nothing, and a huge count spent seconds
/// spawning threads.
#[test]
fn sim_refuses_a_number_of_threads_out_of_range() {
    for jobs in ["0", "257", "100000"] {
        let (code, _, stderr) = run(&["sim", "senet/kendall", "--games", "10", "--jobs", jobs]);
        assert_eq!(code, 2, "--jobs {jobs}");
        assert!(stderr.contains("from 1 to 256"), "{stderr}");
    }
    let (code, _, stderr) = run(&["sim", "senet/kendall", "--games", "10", "--jobs", "256"]);
    assert_eq!(code, 0, "{stderr}");
}
