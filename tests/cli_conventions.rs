//! End-to-end tests of what the command line promises as a whole: shell completions, the manual
//! page, examples in every command's help, the exit codes in the top-level help, and JSON that
//! tools can read (one object on one line), and `senet fmt`.

use crate::support::cli;

use cli::{run, senet};
use serde_json::Value;

/// Every command a user can name (clap's own `help` aside).
const COMMANDS: [&str; 17] = [
    "list",
    "fmt",
    "check",
    "explain",
    "explain-error",
    "diff",
    "moves",
    "play",
    "sim",
    "compare",
    "merge",
    "solve",
    "replay",
    "review",
    "lsp",
    "completions",
    "man",
];

/// Runs `senet ARGS`, which must succeed, and returns its standard output.
fn stdout_of(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "senet {args:?} failed: {stderr}");
    stdout
}

// ---- completions and the manual page ------------------------------------------------------------

#[test]
fn completions_for_bash_and_zsh_name_senet_and_its_commands() {
    for shell in ["bash", "zsh"] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains("senet"), "{shell}: {script}");
        for command in COMMANDS {
            assert!(
                script.contains(command),
                "{shell} completion lacks `{command}`"
            );
        }
    }
}

#[test]
fn completions_for_every_shell_clap_knows() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        assert!(!stdout_of(&["completions", shell]).is_empty(), "{shell}");
    }
    let (code, _, stderr) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{stderr}");
}

#[test]
fn man_prints_a_roff_page_naming_every_command() {
    let page = stdout_of(&["man"]);
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "not a roff page: {}",
        &page[..page.len().min(200)]
    );
    assert!(page.contains(".TH senet 1"), "{page}");
    assert!(page.contains(".SH SYNOPSIS"), "{page}");
    for command in COMMANDS {
        // roff writes a hyphen as `\-`.
        assert!(
            page.contains(&format!("senet\\-{}(1)", command.replace('-', "\\-"))),
            "the page does not name `{command}`"
        );
    }
    assert!(
        !page.contains("senet\\-help"),
        "no page is written for `help`"
    );
    assert!(page.contains(".SH \"EXIT STATUS\""), "{page}");
}

#[test]
fn man_out_writes_a_page_per_command() {
    let dir = std::env::temp_dir().join(format!("senet-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    stdout_of(&["man", "--out", dir.to_str().unwrap()]);
    for page in std::iter::once("senet".to_string()).chain(COMMANDS.map(|c| format!("senet-{c}"))) {
        let text = std::fs::read_to_string(dir.join(format!("{page}.1")))
            .unwrap_or_else(|e| panic!("{page}.1: {e}"));
        assert!(text.contains(".TH"), "{page}.1");
        if page != "senet" {
            assert!(text.contains(".SH \"EXAMPLES\""), "{page}.1");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn man_out_into_a_place_that_cannot_be_written_is_exit_2() {
    let (code, stdout, stderr) = run(&["man", "--out", "/proc/senet-cannot-be-here"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("cannot write"), "{stderr}");
}

// ---- help ----------------------------------------------------------------------------------

#[test]
fn every_command_help_has_examples() {
    for command in COMMANDS {
        for flag in ["--help", "-h"] {
            let help = stdout_of(&[command, flag]);
            let examples = help
                .split_once("Examples:\n")
                .unwrap_or_else(|| panic!("`senet {command} {flag}` has no examples:\n{help}"))
                .1;
            let lines: Vec<&str> = examples
                .lines()
                .filter(|l| l.trim_start().starts_with("senet "))
                .collect();
            assert!(
                (1..=4).contains(&lines.len()),
                "`senet {command}`: {examples}"
            );
        }
    }
}

#[test]
fn top_level_help_lists_the_exit_codes_as_the_readme_does() {
    let help = stdout_of(&["--help"]);
    let status = help.split_once("Exit status:").expect("exit codes").1;
    for line in [
        "0  success",
        "1  a rule file has errors",
        "2  the command could not be carried out",
    ] {
        assert!(status.contains(line), "{help}");
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for line in [
        "**0** success",
        "**1** a rule file has errors",
        "**2** the command could not be carried out",
    ] {
        assert!(readme.contains(line), "README: {line}");
    }
}

#[test]
fn players_help_names_every_player() {
    let agents = senet::players::AGENTS
        .iter()
        .copied()
        .chain(["expectimax:N"]);
    let play = stdout_of(&["play", "--help"]);
    let sim = stdout_of(&["sim", "--help"]);
    for name in agents {
        assert!(
            play.contains(&format!("`{name}`")),
            "play --help lacks `{name}`"
        );
        assert!(
            sim.contains(&format!("`{name}`")),
            "sim --help lacks `{name}`"
        );
    }
    assert!(play.contains("`human`"));
}

#[test]
fn a_bad_argument_is_exit_2() {
    let (code, _, stderr) = run(&["list", "--format", "yaml"]);
    assert_eq!(code, 2, "{stderr}");
    let (code, _, stderr) = run(&["sim", "senet/kendall", "--games", "0"]);
    assert_eq!(code, 2, "{stderr}");
}

// ---- JSON for tools ---------------------------------------------------------------------------

/// Parses `text`, which must be one JSON value on one line.
fn one_line_json(text: &str) -> Value {
    assert_eq!(text.lines().count(), 1, "not one line: {text}");
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[test]
fn list_json_holds_every_bundled_id_of_the_text_list() {
    let text = stdout_of(&["list"]);
    let ids: Vec<&str> = text
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert!(ids.len() >= 29, "{text}");
    let json = one_line_json(&stdout_of(&["list", "--format", "json"]));
    let list = json.as_array().expect("an array");
    let json_ids: Vec<&str> = list.iter().map(|e| e["id"].as_str().unwrap()).collect();
    assert_eq!(json_ids, ids);
    for entry in list {
        let title = entry["title"]
            .as_str()
            .expect("every bundled rule set checks");
        assert!(text.contains(title), "{title}");
    }
    let ur = list
        .iter()
        .find(|e| e["id"] == "twenty-squares/ur")
        .unwrap();
    assert_eq!(ur["options"][0]["name"], "pieces");
    assert_eq!(ur["options"][0]["default"], "7");
    let jequier = list
        .iter()
        .find(|e| e["id"] == "senet/jequier-1930")
        .unwrap();
    assert!(jequier.get("options").is_none(), "{jequier}");
}

#[test]
fn check_json_is_one_line() {
    let json = one_line_json(&stdout_of(&[
        "check",
        "senet/base",
        "twenty-squares/ur",
        "--format",
        "json",
    ]));
    assert_eq!(json["files"].as_array().unwrap().len(), 2);
    assert_eq!(json["files"][1]["id"], "twenty-squares/ur");
}

#[test]
fn explain_json_holds_every_rule_with_its_note() {
    let json = one_line_json(&stdout_of(&[
        "explain",
        "senet/kendall",
        "--option",
        "pieces=7",
        "--format",
        "json",
    ]));
    assert_eq!(json["id"], "senet/kendall");
    assert!(json["title"].as_str().unwrap().starts_with("Senet"));
    assert!(!json["sources"].as_array().unwrap().is_empty());
    let pieces = &json["options"][0];
    assert_eq!(
        (&pieces["name"], &pieces["chosen"]),
        (&"pieces".into(), &"7".into())
    );
    let rules = json["rules"].as_array().unwrap();
    let text = stdout_of(&["explain", "senet/kendall", "--option", "pieces=7"]);
    assert!(!rules.is_empty());
    for rule in rules {
        let words = rule["text"].as_str().unwrap();
        // The text output wraps long rules; their first words start a line.
        let start: String = words.chars().take(30).collect();
        assert!(text.contains(&start), "{words}");
        assert!(rule["origin"].is_string());
        if let Some(note) = rule.get("note") {
            assert!(["choice", "source"].contains(&note["kind"].as_str().unwrap()));
        }
    }
    assert!(rules.iter().any(|r| r.get("note").is_some()));
}

#[test]
fn compare_json_is_one_line() {
    let json = one_line_json(&stdout_of(&[
        "compare",
        "twenty-squares/ur",
        "--games",
        "20",
        "--skill-games",
        "4",
        "--format",
        "json",
    ]));
    assert_eq!(json["rows"].as_array().unwrap().len(), 1);
}

#[test]
fn sim_and_solve_json_are_one_line() {
    one_line_json(&stdout_of(&[
        "sim",
        "senet/kendall",
        "--games",
        "20",
        "--jobs",
        "1",
        "--format",
        "json",
    ]));
    one_line_json(&stdout_of(&[
        "solve",
        "twenty-squares/ur",
        "--option",
        "pieces=1",
        "--format",
        "json",
    ]));
}

#[test]
fn fmt_check_passes_on_every_bundled_file() {
    let mut args = vec!["fmt".to_string(), "--check".to_string()];
    for id in senet::bundled::ids() {
        args.push(format!("rulesets/{id}.rules"));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
}

#[test]
fn fmt_rewrites_a_file_and_check_names_it_before() {
    let dir = std::env::temp_dir().join(format!("senet-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("v.rules");
    let path = file.to_str().unwrap();
    std::fs::write(
        &file,
        "ruleset  \"test/v\"\nextends \"senet/kendall\"\n\n\nsafe 26 ,28..30 # safe\n",
    )
    .unwrap();
    let (code, stdout, _) = run(&["fmt", "--check", path]);
    assert_eq!(code, 1);
    assert!(stdout.contains("not in the canonical layout"), "{stdout}");
    let (code, _, stderr) = run(&["fmt", path]);
    assert_eq!(code, 0, "{stderr}");
    let laid_out = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        laid_out,
        format!(
            "ruleset \"test/v\"\nextends \"senet/kendall\"\n\nsafe 26, 28..30{}# safe\n",
            " ".repeat(27)
        )
    );
    assert_eq!(run(&["fmt", "--check", path]).0, 0);
    // The same rules before and after: `diff` of the two shows nothing.
    let before = dir.join("before.rules");
    std::fs::write(
        &before,
        "ruleset \"test/v\"\nextends   \"senet/kendall\"\nsafe 26 , 28 .. 30\n",
    )
    .unwrap();
    let (_, same, _) = run(&["diff", before.to_str().unwrap(), path]);
    assert!(same.contains("have the same rules"), "{same}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_leaves_a_file_with_a_syntax_error_and_says_why() {
    let dir = std::env::temp_dir().join(format!("senet-fmt-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.rules");
    std::fs::write(&file, "board   3x10\nboart 1\n").unwrap();
    let (code, _, stderr) = run(&["fmt", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("E003") && stderr.contains("has syntax errors"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "board   3x10\nboart 1\n"
    );
    assert_eq!(run(&["fmt", "/no/such/file.rules"]).0, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_of_standard_input_writes_standard_output() {
    let out = senet()
        .args(["fmt", "-"])
        .write_stdin("sides red ,blue\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "sides red, blue\n");
}
