//! End-to-end tests of what the `senet` binary reads and writes when input or output goes wrong:
//! a full disk, a reader that has gone away, numbers out of range, odd bytes in a rule file, and
//! `senet moves` answering JSON Lines one line at a time.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

fn senet() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_senet"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    cmd
}

/// Runs `senet ARGS` with `input` on standard input: (exit code, stdout, stderr).
fn run(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = senet()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run senet");
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("senet ends");
    writer.join().expect("the input was written");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh, empty folder of the system's temporary directory, unique to this test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("senet-io-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary folder");
        TempDir(dir)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).expect("write a file");
        path.to_str().expect("a UTF-8 temporary path").to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A position of `senet/kendall` from its scenario file, as one line of JSON.
fn kendall_position() -> String {
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/senet__kendall.json"),
    )
    .expect("the scenario file");
    let v: Value = serde_json::from_str(&text).expect("JSON");
    v["cases"][0]["position"].to_string()
}

#[test]
fn a_full_disk_is_an_error_not_an_empty_success() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = senet()
        .args(["sim", "senet/kendall", "--games", "20", "--format", "json"])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("run senet");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot write to standard output"),
        "{stderr}"
    );
    // The same for the text of `explain`.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = senet()
        .args(["explain", "senet/kendall"])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("run senet");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_reader_that_goes_away_ends_the_program_quietly() {
    let mut child = senet()
        .args(["sim", "senet/kendall", "--games", "200000", "--jobs", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run senet");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("senet ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn numbers_out_of_range_are_refused() {
    for args in [
        &["sim", "senet/kendall", "--games", "0"][..],
        &["solve", "twenty-squares/ur", "--memory", "NaN"],
        &["solve", "twenty-squares/ur", "--memory=-1"],
        &["solve", "twenty-squares/ur", "--memory", "inf"],
    ] {
        let (code, _, stderr) = run(args, b"");
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains("invalid value"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_rule_file_may_begin_with_a_byte_order_mark() {
    let dir = TempDir::new("bom");
    let path = dir.write(
        "bom.rules",
        "\u{feff}ruleset \"t/bom\"\nextends \"senet/kendall\"\n".as_bytes(),
    );
    let (code, stdout, stderr) = run(&["check", &path], b"");
    assert_eq!(code, 0, "{stdout}{stderr}");
}

#[test]
fn a_rule_file_that_is_not_utf8_is_refused_with_the_reason() {
    let dir = TempDir::new("latin1");
    // "Jéquier" in Latin-1: the é is one byte that UTF-8 never has alone.
    let path = dir.write(
        "latin1.rules",
        b"ruleset \"t/latin1\"\ntitle \"J\xe9quier\"\nextends \"senet/kendall\"\n",
    );
    let (code, _, stderr) = run(&["check", &path], b"");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("not UTF-8"), "{stderr}");
    // Through `extends`, it is a diagnostic of the file that names it.
    let child = dir.write("child.rules", b"ruleset \"t/child\"\nextends \"latin1\"\n");
    let (code, _, stderr) = run(&["check", &child], b"");
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("E105") && stderr.contains("not UTF-8"),
        "{stderr}"
    );
}

#[test]
fn moves_answers_each_line_as_it_arrives() {
    let mut child = senet()
        .args(["moves", "senet/kendall", "--position", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run senet");
    let mut stdin = child.stdin.take().expect("a pipe");
    let stdout = child.stdout.take().expect("a pipe");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("a line")).is_err() {
                return;
            }
        }
    });
    let position = kendall_position();
    for _ in 0..2 {
        // The input stays open: the answer must come before it ends.
        writeln!(stdin, "{position}").expect("write a position");
        stdin.flush().expect("flush");
        let answer = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer while the input is still open");
        let v: Value = serde_json::from_str(&answer).expect("a JSON answer");
        assert!(v["moves"].is_array(), "{answer}");
    }
    drop(stdin);
    assert_eq!(child.wait().expect("senet ends").code(), Some(0));
}

#[test]
fn moves_gives_one_answer_line_per_input_line_and_goes_on_after_a_bad_one() {
    let p = kendall_position();
    let input = format!("{p}\nnot json\n\n{p} {p}\n{p}\n");
    let (code, stdout, stderr) = run(
        &["moves", "senet/kendall", "--position", "-"],
        input.as_bytes(),
    );
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each answer is JSON"))
        .collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(lines[0]["moves"].is_array());
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("not valid JSON")
    );
    assert!(lines[2]["error"].as_str().unwrap().contains("blank line"));
    assert!(
        lines[3]["error"].is_string(),
        "two positions on one line: {}",
        lines[3]
    );
    assert!(lines[4]["moves"].is_array());
    assert_eq!(code, 2);
    assert!(stderr.contains("line 2"), "{stderr}");
}

#[test]
fn moves_reads_one_position_written_over_several_lines() {
    let v: Value = serde_json::from_str(&kendall_position()).unwrap();
    let pretty = serde_json::to_string_pretty(&v).unwrap();
    let (code, stdout, stderr) = run(
        &["moves", "senet/kendall", "--position", "-"],
        format!("\n{pretty}\n\n").as_bytes(),
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
}

#[test]
fn moves_stops_at_a_line_past_the_limit_and_reads_no_device() {
    let long = vec![b' '; (1 << 20) + 10];
    let (code, stdout, _) = run(&["moves", "senet/kendall", "--position", "-"], &long);
    assert_eq!(code, 2);
    assert!(stdout.contains("longer than 1 MiB"), "{stdout}");
    let (code, _, stderr) = run(&["moves", "senet/kendall", "--position", "/dev/zero"], b"");
    assert_eq!(code, 2);
    assert!(stderr.contains("not a regular file"), "{stderr}");
}

#[test]
fn no_escape_from_user_input_reaches_the_terminal() {
    // A terminal escape in a rule file: refused, and shown as `?`.
    let dir = TempDir::new("escape");
    let path = dir.write(
        "escape.rules",
        b"ruleset \"t/escape\"\nextends \"senet/kendall\"\ntitle \"\x1b[2Jgone\"\n",
    );
    let (code, stdout, stderr) = run(&["check", &path], b"");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("E009"), "{stderr}");
    assert!(
        !stdout.contains('\u{1b}') && !stderr.contains('\u{1b}'),
        "{stderr:?}"
    );
    // One in a position: the message names it escaped.
    let position = r#"{"to_move":"\u001b[31mred","throw":1,"pieces":{}}"#;
    let (code, _, stderr) = run(
        &["moves", "senet/kendall", "--position", "-"],
        format!("{position}\n").as_bytes(),
    );
    assert_eq!(code, 2);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(stderr.contains("\\u{1b}"), "{stderr:?}");
}

#[test]
fn arguments_that_would_do_nothing_or_take_hours_are_refused() {
    let (code, _, stderr) = run(
        &[
            "sim",
            "senet/kendall",
            "--players",
            "expectimax:6,random",
            "--games",
            "1",
        ],
        b"",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("from 1 to 5"), "{stderr}");
    let (code, _, stderr) = run(
        &[
            "sim",
            "twenty-squares/ur",
            "--table",
            "ur.table",
            "--games",
            "1",
        ],
        b"",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is for the `optimal` player"), "{stderr}");
}

#[test]
fn solve_suggests_only_options_the_rule_set_has() {
    // Twenty Squares has a `pieces` option: a smaller value of it.
    let (code, _, stderr) = run(&["solve", "twenty-squares/ur", "--memory", "0.1"], b"");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--option pieces=3"), "{stderr}");
    // The IVDE rules have no value below the one chosen (5 or 7): a variant is suggested
    // instead.
    let (code, _, stderr) = run(
        &[
            "solve",
            "senet/ivde",
            "--method",
            "search",
            "--limit",
            "1000",
        ],
        b"",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(!stderr.contains("--option pieces"), "{stderr}");
    assert!(stderr.contains("fewer pieces"), "{stderr}");
}

#[test]
fn a_person_typing_something_odd_is_asked_again_and_no_line_grows_without_bound() {
    let play = [
        "play",
        "twenty-squares/ur",
        "--players",
        "human,random",
        "--seed",
        "1",
    ];
    // At the prompt of a single move, only Enter plays it.
    let (code, stdout, _) = run(&play, b"x\nq\n");
    assert_eq!(code, 0);
    assert!(stdout.contains("`x` is not a command"), "{stdout}");
    assert!(stdout.contains("Game stopped after 0 moves"), "{stdout}");
    // A line that is not text is asked again, not taken for the end of the input.
    let (code, stdout, _) = run(&play, b"\xff\xfe\nq\n");
    assert_eq!(code, 0);
    assert!(stdout.contains("is not a command"), "{stdout}");
    // An endless line stops the game instead of filling memory.
    let (code, stdout, stderr) = run(&play, &[b'x'; 100_000]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("longer than 4096 bytes"), "{stderr}");
    assert!(stdout.contains("Game stopped"), "{stdout}");
}

#[test]
fn a_huge_number_of_games_does_not_take_memory_up_front() {
    // A trillion games: the run is stopped after a moment, its memory looked at first.
    let mut child = senet()
        .args([
            "sim",
            "twenty-squares/ur",
            "--games",
            "1000000000000",
            "--jobs",
            "1",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run senet");
    std::thread::sleep(Duration::from_millis(1500));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()));
    let _ = child.kill();
    let _ = child.wait();
    let status = status.expect("the run is still going");
    let rss_kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .expect("VmRSS");
    assert!(
        rss_kib < 200 * 1024,
        "{rss_kib} KiB resident after a moment"
    );
}

#[test]
fn no_command_reads_a_device_or_a_file_past_its_limit() {
    let cases: [&[&str]; 4] = [
        &[
            "solve",
            "twenty-squares/ur",
            "--option",
            "pieces=1",
            "--position",
            "/dev/zero",
        ],
        &["replay", "/dev/zero"],
        &[
            "sim",
            "twenty-squares/ur",
            "--option",
            "pieces=1",
            "--players",
            "optimal,random",
            "--table",
            "/dev/zero",
        ],
        &["check", "/dev/zero"],
    ];
    for args in cases {
        let (code, _, stderr) = run(args, b"");
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains("not a regular file"), "{args:?}: {stderr}");
    }
    // A position from standard input longer than the limit: refused, not read to the end.
    let (code, _, stderr) = run(
        &[
            "solve",
            "twenty-squares/ur",
            "--option",
            "pieces=1",
            "--position",
            "-",
        ],
        &vec![b' '; (1 << 20) + 100],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("longer than 1 MiB"), "{stderr}");
}

#[test]
fn a_game_cut_off_leaves_a_record_that_replays_so_far() {
    use std::io::Read;
    let dir = TempDir::new("cut-off");
    let record = dir.0.join("game.json");
    let mut child = senet()
        .args([
            "play",
            "twenty-squares/ur",
            "--players",
            "random,human",
            "--seed",
            "5",
        ])
        .arg("--record")
        .arg(&record)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run senet");
    // Wait for the person's first prompt (the other side has moved by then), then cut it off
    // as Ctrl-C or a closed terminal would, without a word.
    let mut stdout = child.stdout.take().expect("a pipe");
    let mut seen = Vec::new();
    let mut buf = [0u8; 1024];
    while !String::from_utf8_lossy(&seen).contains("]: ") {
        let n = stdout.read(&mut buf).expect("read the game");
        assert!(n > 0, "the game ended before asking");
        seen.extend_from_slice(&buf[..n]);
    }
    child.kill().expect("cut the game off");
    let _ = child.wait();
    let text = std::fs::read_to_string(&record).expect("a record was left");
    let v: Value = serde_json::from_str(&text).expect("a whole record");
    assert_eq!(v["result"], serde_json::json!({ "stopped": true }));
    let (code, stdout, stderr) = run(&["replay", record.to_str().unwrap()], b"");
    assert_eq!(code, 0, "{stdout}{stderr}");
}

#[test]
fn extends_of_a_folder_a_pipe_or_a_link_loop_says_why_it_cannot_be_read() {
    let dir = TempDir::new("extends-odd");
    std::fs::create_dir_all(dir.0.join("folder.rules")).unwrap();
    let fifo = dir.0.join("pipe.rules");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::os::unix::fs::symlink("loop-b.rules", dir.0.join("loop-a.rules")).unwrap();
    std::os::unix::fs::symlink("loop-a.rules", dir.0.join("loop-b.rules")).unwrap();
    for (target, reason) in [
        ("folder", "it is a folder"),
        ("pipe", "it is not a regular file"),
        ("loop-a", "symbolic links"),
    ] {
        let file = dir.write(
            &format!("use-{target}.rules"),
            format!("ruleset \"x\"\nextends \"{target}\"\n").as_bytes(),
        );
        let (code, _, stderr) = run(&["check", &file], b"");
        assert_eq!(code, 1, "{target}: {stderr}");
        assert!(
            stderr.contains(&format!("cannot read `{target}`: ")) && stderr.contains(reason),
            "{target}: {stderr}"
        );
    }
}

/// The files a command can read, made once in `dir`: a rule file (`ur.rules`, a copy of
/// `twenty-squares/ur`), a position of it, a game record of it, a network trained for it with
/// one piece a side, and the two shards of a simulation of it.
struct Inputs {
    rules: String,
    position: String,
    record: String,
    net: String,
    shards: [String; 2],
}

impl Inputs {
    fn make(dir: &TempDir) -> Inputs {
        let ur = std::fs::read(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rulesets/twenty-squares/ur.rules"),
        )
        .expect("the bundled file");
        let rules = dir.write("ur.rules", &ur);
        let scenarios = std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/scenarios/twenty-squares__ur.json"),
        )
        .expect("the scenario file");
        let v: Value = serde_json::from_str(&scenarios).expect("JSON");
        let position = dir.write(
            "position.json",
            v["cases"][0]["position"].to_string().as_bytes(),
        );
        let record = dir.0.join("game.json").to_str().unwrap().to_string();
        let net = dir.0.join("one.net").to_str().unwrap().to_string();
        for args in [
            &[
                "play",
                &rules,
                "--players",
                "random,random",
                "--seed",
                "5",
                "--record",
                &record,
            ][..],
            &[
                "train", &rules, "-o", "pieces=1", "--games", "20", "--hidden", "4", "--out", &net,
            ],
        ] {
            let (code, stdout, stderr) = run(args, b"");
            assert_eq!(code, 0, "{args:?}: {stdout}{stderr}");
        }
        let shards = ["1/2", "2/2"].map(|k| {
            let (code, json, stderr) = run(
                &[
                    "sim", &rules, "--games", "6", "--shard", k, "--format", "json",
                ],
                b"",
            );
            assert_eq!(code, 0, "{stderr}");
            dir.write(&format!("shard{}.json", &k[..1]), json.as_bytes())
        });
        Inputs {
            rules,
            position,
            record,
            net,
            shards,
        }
    }
}

/// The names in `dir`, sorted.
fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

#[test]
fn no_command_writes_over_one_of_its_inputs_by_any_name() {
    let dir = TempDir::new("output-is-input");
    let i = Inputs::make(&dir);
    let learned = format!("learned:{},random", i.net);
    // Each command with `OUT` where its output goes, and the input `OUT` is made to be.
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["draw", &i.rules, "--out", "OUT"], &i.rules),
        (
            vec!["draw", &i.rules, "--position", &i.position, "--out", "OUT"],
            &i.position,
        ),
        (
            vec!["draw", "--record", &i.record, "--turn", "3", "--out", "OUT"],
            &i.record,
        ),
        (
            vec!["solve", &i.rules, "-o", "pieces=1", "--table", "OUT"],
            &i.rules,
        ),
        (
            vec![
                "train", &i.rules, "-o", "pieces=1", "--games", "5", "--out", "OUT",
            ],
            &i.rules,
        ),
        (
            vec![
                "compare", &i.rules, "--games", "4", "--skill", "none", "--plot", "OUT",
            ],
            &i.rules,
        ),
        (vec!["review", &i.record, "--plot", "OUT"], &i.record),
        (
            vec![
                "play",
                &i.rules,
                "-o",
                "pieces=1",
                "--players",
                &learned,
                "--record",
                "OUT",
            ],
            &i.net,
        ),
        (
            vec![
                "play",
                &i.rules,
                "--players",
                "random,random",
                "--record",
                "OUT",
            ],
            &i.rules,
        ),
        (
            vec!["merge", &i.shards[0], &i.shards[1], "--plot", "OUT"],
            &i.shards[1],
        ),
    ];
    let soft = dir.0.join("soft-link");
    let hard = dir.0.join("hard-link");
    for (args, input) in cases {
        let before = std::fs::read(input).expect("the input");
        let _ = std::fs::remove_file(&soft);
        let _ = std::fs::remove_file(&hard);
        std::os::unix::fs::symlink(input, &soft).expect("a symbolic link");
        std::fs::hard_link(input, &hard).expect("a hard link");
        let names = names_in(&dir.0);
        for out in [input, soft.to_str().unwrap(), hard.to_str().unwrap()] {
            let args: Vec<&str> = args
                .iter()
                .map(|a| if *a == "OUT" { out } else { a })
                .collect();
            let (code, stdout, stderr) = run(&args, b"");
            assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
            assert!(
                stderr.contains(&format!("`{out}` is an input of this command")),
                "{args:?}: {stderr}"
            );
            if out != input {
                assert!(
                    stderr.contains(&format!("the same file as `{input}`")),
                    "{stderr}"
                );
            }
            assert!(
                !stdout.contains("Game over"),
                "{args:?}: the game was played"
            );
            assert_eq!(std::fs::read(input).expect("the input"), before, "{args:?}");
            assert!(std::fs::symlink_metadata(&soft).unwrap().is_symlink());
            assert_eq!(names_in(&dir.0), names, "{args:?} left a file behind");
        }
    }
}

#[test]
fn an_output_through_a_link_replaces_the_file_it_names_and_a_device_stays_one() {
    let dir = TempDir::new("output-link");
    let real = dir.write("board.svg", b"an old picture");
    let link = dir.0.join("link.svg");
    std::os::unix::fs::symlink("board.svg", &link).unwrap();
    let (code, _, stderr) = run(
        &["draw", "twenty-squares/ur", "--out", link.to_str().unwrap()],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    let svg = std::fs::read_to_string(&real).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(names_in(&dir.0), ["board.svg", "link.svg"]);
    // A device is written into, never replaced by a file of the same name.
    let (code, _, stderr) = run(&["draw", "twenty-squares/ur", "--out", "/dev/null"], b"");
    assert_eq!(code, 0, "{stderr}");
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(!null.is_file(), "/dev/null was replaced by a file");
    let (code, _, stderr) = run(&["draw", "twenty-squares/ur", "--out", "/dev/full"], b"");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("cannot write `/dev/full`"), "{stderr}");
}

/// A small file system of its own (`mount -t tmpfs`), unmounted and removed when dropped.
struct SmallDisk(PathBuf);

impl SmallDisk {
    /// `None` where mounting is not allowed here (not root, or no such file system).
    fn mount(test: &str, size: &str) -> Option<SmallDisk> {
        let dir = std::env::temp_dir().join(format!("senet-disk-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a mount point");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            let _ = std::fs::remove_dir(&dir);
            return None;
        }
        Some(SmallDisk(dir))
    }

    /// Fills what is left of the disk, to the last byte.
    fn fill(&self) {
        let mut filler = std::fs::File::create(self.0.join("filler")).expect("room for a name");
        let block = [0u8; 4096];
        while filler.write_all(&block).is_ok() {}
        let _ = filler.write_all(&[0u8; 1]);
        let _ = filler.sync_all();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = std::fs::remove_dir(&self.0);
    }
}

#[test]
fn a_full_disk_leaves_every_file_written_before_as_it_was() {
    let Some(disk) = SmallDisk::mount("full", "256k") else {
        eprintln!(
            "note: mounting a small tmpfs was refused here: the full-disk run is skipped (the \
             library's own tests fail a write half way instead)"
        );
        return;
    };
    let at = |name: &str| disk.0.join(name).to_str().unwrap().to_string();
    // A rule file not in the canonical layout (every line indented), and the files a table, a
    // network and a record wrote while there was room.
    let kendall = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rulesets/senet/kendall.rules"),
    )
    .unwrap();
    let untidy: String = kendall.lines().map(|l| format!("  {l}\n")).collect();
    std::fs::write(at("k.rules"), &untidy).unwrap();
    let writes: [&[&str]; 3] = [
        &[
            "solve",
            "twenty-squares/ur",
            "-o",
            "pieces=1",
            "--table",
            &at("t.table"),
        ],
        &[
            "train",
            "twenty-squares/ur",
            "-o",
            "pieces=1",
            "--games",
            "20",
            "--hidden",
            "4",
            "--out",
            &at("n.net"),
        ],
        &[
            "play",
            "twenty-squares/ur",
            "-o",
            "pieces=1",
            "--players",
            "random,random",
            "--seed",
            "3",
            "--record",
            &at("g.json"),
        ],
    ];
    for args in writes {
        let (code, _, stderr) = run(args, b"");
        assert_eq!(code, 0, "{args:?}: {stderr}");
    }
    let names = names_in(&disk.0);
    let before: Vec<Vec<u8>> = names
        .iter()
        .map(|n| std::fs::read(at(n)).unwrap())
        .collect();
    disk.fill();
    // Each again, over its file, now that the disk is full; the game another (seed 4).
    let again: [&[&str]; 4] = [
        &["fmt", &at("k.rules")],
        &[
            "solve",
            "twenty-squares/ur",
            "-o",
            "pieces=2",
            "--table",
            &at("t.table"),
        ],
        &[
            "train",
            "twenty-squares/ur",
            "-o",
            "pieces=1",
            "--games",
            "30",
            "--hidden",
            "8",
            "--out",
            &at("n.net"),
        ],
        &[
            "play",
            "twenty-squares/ur",
            "-o",
            "pieces=1",
            "--players",
            "random,random",
            "--seed",
            "4",
            "--record",
            &at("g.json"),
        ],
    ];
    for args in again {
        let (code, _, stderr) = run(args, b"");
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
    }
    let mut after = names_in(&disk.0);
    after.retain(|n| n != "filler");
    assert_eq!(after, names, "a temporary file was left behind");
    for (name, bytes) in names.iter().zip(&before) {
        assert_eq!(&std::fs::read(at(name)).unwrap(), bytes, "{name} changed");
    }
    // The rule file still has every one of its rules, and the record still replays.
    assert_eq!(std::fs::read_to_string(at("k.rules")).unwrap(), untidy);
    let (code, _, stderr) = run(&["replay", &at("g.json")], b"");
    assert_eq!(code, 0, "{stderr}");
    // With room again, the same `fmt` lays the file out.
    std::fs::remove_file(disk.0.join("filler")).unwrap();
    let (code, _, stderr) = run(&["fmt", &at("k.rules")], b"");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(std::fs::read_to_string(at("k.rules")).unwrap(), kendall);
}

/// `senet lsp` with its cache in `cache`, asked for the definition of `extends "senet/base"`:
/// the definition's answer (`null` where there is none).
fn lsp_definition(cache: &std::path::Path) -> Value {
    let doc = "file:///tmp/senet-io-lsp/variant.rules";
    let messages = [
        serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
        serde_json::json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": doc, "languageId": "senet", "version": 1,
            "text": "ruleset \"my/variant\"\nextends \"senet/base\"\n"}}}),
        serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/definition", "params": {
            "textDocument": {"uri": doc}, "position": {"line": 1, "character": 12}}}),
        serde_json::json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}),
        serde_json::json!({"jsonrpc": "2.0", "method": "exit"}),
    ];
    let mut input = Vec::new();
    for m in messages {
        let body = m.to_string();
        input.extend_from_slice(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }
    let mut child = senet()
        .arg("lsp")
        .env("XDG_CACHE_HOME", cache)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run senet lsp");
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().expect("senet lsp ends");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    text.split("Content-Length: ")
        .filter_map(|frame| frame.split_once("\r\n\r\n"))
        .filter_map(|(_, body)| serde_json::from_str::<Value>(body).ok())
        .find(|m| m["id"] == 2)
        .expect("an answer to the definition")["result"]
        .clone()
}

#[test]
fn the_language_server_writes_its_cache_through_no_planted_link() {
    let dir = TempDir::new("lsp-cache");
    let copies = dir.0.join("senet/rulesets").join(env!("CARGO_PKG_VERSION"));
    std::fs::create_dir_all(copies.join("senet")).unwrap();
    let victim = dir.write("victim.txt", b"precious");
    let copy = copies.join("senet/base.rules");
    std::os::unix::fs::symlink(&victim, &copy).unwrap();
    let base = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rulesets/senet/base.rules"),
    )
    .unwrap();
    // A link where the copy goes: replaced by the copy; what it named is left alone.
    let answer = lsp_definition(&dir.0);
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert!(std::fs::symlink_metadata(&copy).unwrap().is_file());
    assert_eq!(std::fs::read_to_string(&copy).unwrap(), base);
    assert_eq!(
        answer["uri"],
        format!("file://{}", copy.display()),
        "{answer}"
    );
    assert_eq!(names_in(&copies.join("senet")), ["base.rules"]);
    // A folder of the cache that is a link: nothing is written through it, and no copy is named.
    let elsewhere = dir.0.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::write(elsewhere.join("base.rules"), b"precious too").unwrap();
    std::fs::remove_dir_all(copies.join("senet")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, copies.join("senet")).unwrap();
    let answer = lsp_definition(&dir.0);
    assert_eq!(answer, Value::Null);
    assert_eq!(
        std::fs::read(elsewhere.join("base.rules")).unwrap(),
        b"precious too"
    );
    assert_eq!(names_in(&elsewhere), ["base.rules"]);
}

/// A die that always shows its number may show more than the thrown dice do: a position's
/// `throw` may list it (`always 7` beside two six-sided dice).
#[test]
fn moves_takes_the_number_of_a_die_that_always_shows_it() {
    let dir = TempDir::new("always-seven");
    let rules = dir.write(
        "seven.rules",
        b"ruleset \"test/seven\"\ntitle \"Baralie with a 7 besides\"\nextends \"tables/baralie\"\nthrow dice 6, 6, always 7: each\n",
    );
    let position = r#"{"to_move": "white", "throw": [7, 2, 1],
        "pieces": {"white": [10, "off", "off", "off", "off", "off", "off", "off", "off", "off",
                             "off", "off", "off", "off", "off"],
                   "black": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}}"#;
    let (code, out, err) = run(&["moves", &rules, "--position", "-"], position.as_bytes());
    assert_eq!(code, 0, "{err}");
    // One piece, three dice: every order ends on 20 (10 + 7 + 2 + 1).
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{out}");
    assert_eq!(moves[0]["result"]["pieces"]["white"][0], 20, "{out}");
}
