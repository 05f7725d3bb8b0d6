//! The `senet` binary for end-to-end tests: run from the crate root, without colour.

use assert_cmd::Command;

/// The binary, run from the crate root, without colour.
pub fn senet() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_senet"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    cmd
}

/// Runs `senet ARGS` and returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = senet().args(args).output().expect("run senet");
    (
        out.status.code().expect("senet ended by a signal"),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}
