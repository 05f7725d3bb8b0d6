//! End-to-end tests of what the command line promises as a whole: shell completions, the manual
//! page, examples in every command's help, the exit codes in the top-level help, and JSON that
//! tools can read (one object on one line).

use assert_cmd::Command;

/// Every command a user can name (clap's own `help` aside).
const COMMANDS: [&str; 11] = [
    "list",
    "check",
    "explain",
    "diff",
    "moves",
    "play",
    "sim",
    "solve",
    "replay",
    "completions",
    "man",
];

/// The binary, run from the crate root, without colour.
fn senet() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_senet"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    cmd
}

/// Runs `senet ARGS` and returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = senet().args(args).output().expect("run senet");
    (
        out.status.code().expect("senet ended by a signal"),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

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
            page.contains(&format!("senet\\-{command}(1)")),
            "the page does not name `{command}`"
        );
    }
    assert!(
        !page.contains("senet\\-help"),
        "no page is written for `help`"
    );
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
