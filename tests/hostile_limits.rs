//! Hostile and broken input of every kind `senet` reads, each run under a 4 GB address-space
//! limit (`ulimit -v 4000000`) and a 20-second timeout: rule files, positions, records, tables
//! and command-line values. None may panic, abort (out of memory), hang or end with another
//! exit status than the documented 0, 1 or 2.
//!
//! Ignored by default: the limits are meant for a release build (`cargo test --release --
//! --ignored`, which CI runs); a debug build is too slow for some of the larger inputs.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_senet");

/// A fresh folder for the inputs, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        // One folder per test: the tests of this file run at once, in one process.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("senet-hostile-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary folder");
        TempDir(dir)
    }

    fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).expect("write an input");
        s(&path)
    }

    /// A file of `len` bytes that takes no room on disk (zeros after `head`).
    fn sparse(&self, name: &str, head: &[u8], len: u64) -> String {
        let path = self.0.join(name);
        let mut f = std::fs::File::create(&path).expect("create an input");
        f.write_all(head).expect("write its head");
        f.set_len(len).expect("extend it");
        s(&path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn s(p: &Path) -> String {
    p.to_str().expect("a UTF-8 path").to_string()
}

/// One hostile run: its arguments and what it reads on standard input.
struct Case {
    args: Vec<String>,
    stdin: Vec<u8>,
}

fn case(args: &[&str]) -> Case {
    Case {
        args: args.iter().map(|a| (*a).to_string()).collect(),
        stdin: Vec::new(),
    }
}

fn with_stdin(args: &[&str], stdin: impl Into<Vec<u8>>) -> Case {
    Case {
        stdin: stdin.into(),
        ..case(args)
    }
}

/// Runs a case under the limits; returns what went wrong, if anything.
fn run(c: &Case, dir: &TempDir) -> Option<String> {
    run_within(c, dir, 20)
}

/// [`run`], killed after `seconds`.
fn run_within(c: &Case, dir: &TempDir, seconds: u32) -> Option<String> {
    let input = dir.write("stdin", &c.stdin);
    let started = Instant::now();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 4000000 && exec timeout -s KILL {seconds} \"$@\" < \"$STDIN\""
        ))
        .arg("sh")
        .arg(BIN)
        .args(&c.args)
        .env("STDIN", &input)
        .env("NO_COLOR", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("run sh");
    let seconds = started.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    let shown: String = stderr.chars().take(300).collect();
    if !matches!(code, Some(0..=2)) {
        return Some(format!(
            "exit {code:?} after {seconds:.1} s (124 or none: timed out or killed): {shown}"
        ));
    }
    if stderr.contains("panicked") || stderr.contains("memory allocation") {
        return Some(shown);
    }
    None
}

/// The bytes of a position of Senet with seven pieces a side and `throw`.
fn finkel_position(throw: u64) -> String {
    format!(
        "{{\"to_move\":\"red\",\"throw\":{throw},\"pieces\":{{\"red\":[1,3,5,7,9,11,13],\"blue\":[2,4,6,8,10,12,14]}}}}\n"
    )
}

/// A real record of a short game and a real table, to damage.
fn made(dir: &TempDir) -> (serde_json::Value, String) {
    let record = dir.0.join("good.json");
    let status = Command::new(BIN)
        .args(["play", "twenty-squares/ur", "--option", "pieces=1"])
        .args(["--players", "random,random", "--seed", "4", "--record"])
        .arg(&record)
        .stdout(Stdio::null())
        .status()
        .expect("play");
    assert!(status.success());
    let table = dir.0.join("good.table");
    let status = Command::new(BIN)
        .args(["solve", "twenty-squares/ur", "--option", "pieces=1"])
        .args(["--method", "search", "--table"])
        .arg(&table)
        .stdout(Stdio::null())
        .status()
        .expect("solve");
    assert!(status.success());
    let record = serde_json::from_str(&std::fs::read_to_string(record).unwrap()).unwrap();
    (record, s(&table))
}

#[test]
#[ignore = "the limits are for a release build: cargo test --release -- --ignored"]
fn no_hostile_input_panics_aborts_or_hangs_under_a_memory_limit() {
    let dir = TempDir::new();
    let (record, table) = made(&dir);
    let mut cases: Vec<Case> = Vec::new();

    // ---- rule files ------------------------------------------------------------------------
    let folder = s(&dir.0);
    let huge = dir.sparse("huge.rules", b"ruleset \"x\"\n", 100 << 20);
    let garbage: Vec<u8> = (0u32..20_000)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13).to_le_bytes()[0])
        .collect();
    let garbage = dir.write("garbage.rules", garbage);
    let brackets = dir.write(
        "brackets.rules",
        format!("ruleset \"x\"\npath {}\n", "(".repeat(60_000)),
    );
    let numbers = dir.write(
        "numbers.rules",
        "ruleset \"x\"\nboard 99999 x 99999\npath 1..4294967296\nsides a, b\npieces 4294967295 each\nthrow 4294967295 dice\n",
    );
    let list = dir.write(
        "list.rules",
        format!(
            "ruleset \"x\"\nextends \"senet/kendall\"\nsafe squares {}\n",
            vec!["1"; 30_000].join(", ")
        ),
    );
    let shadow = dir.write("shadow.rules", "ruleset \"x\"\nextends \"/etc/shadow\"\n");
    let passwd = dir.write(
        "up.rules",
        "ruleset \"x\"\nextends \"../../../../../../etc/passwd\"\n",
    );
    let zero = dir.write("zero.rules", "ruleset \"x\"\nextends \"/dev/zero\"\n");
    let cycle = dir.write("cycle.rules", "ruleset \"x\"\nextends \"cycle\"\n");
    for k in 0..20 {
        dir.write(
            &format!("deep{k}.rules"),
            format!("ruleset \"d{k}\"\nextends \"deep{}\"\n", k + 1),
        );
    }
    let deep = s(&dir.0.join("deep0.rules"));
    for rules in [
        "/dev/zero",
        "/dev/null",
        &folder,
        &huge,
        &garbage,
        &brackets,
        &numbers,
        &list,
        &shadow,
        &passwd,
        &zero,
        &cycle,
        &deep,
    ] {
        cases.push(case(&["check", rules]));
        cases.push(case(&["check", rules, "--format", "json"]));
        cases.push(case(&["explain", rules]));
        cases.push(case(&["sim", rules, "--games", "10"]));
    }

    // ---- positions ---------------------------------------------------------------------------
    let long_line = vec![b' '; 3 << 20];
    let nested = format!("{}\n", "[".repeat(200_000));
    let many: String = (0..20_000).map(|_| finkel_position(3)).collect();
    for stdin in [
        long_line.clone(),
        nested.clone().into_bytes(),
        many.into_bytes(),
        finkel_position(255).into_bytes(),
        finkel_position(65_535).into_bytes(),
        finkel_position(65_536).into_bytes(),
        finkel_position(29).into_bytes(),
        b"{\"to_move\":\"red\",\"throw\":1e400,\"pieces\":{}}\n".to_vec(),
        b"\xff\xfe\x00\n\n\n".to_vec(),
    ] {
        cases.push(with_stdin(
            &["moves", "senet/finkel", "--position", "-"],
            stdin,
        ));
    }
    cases.push(case(&["moves", "senet/finkel", "--position", "/dev/zero"]));
    cases.push(case(&["moves", "senet/finkel", "--position", &folder]));
    let ur1 = ["--option", "pieces=1"];
    for stdin in [long_line, nested.clone().into_bytes()] {
        let mut args = vec!["solve", "twenty-squares/ur", "--position", "-"];
        args.extend_from_slice(&ur1);
        cases.push(with_stdin(&args, stdin));
    }

    // ---- records -----------------------------------------------------------------------------
    let mut damaged = Vec::new();
    let mut v = record.clone();
    v["events"] = serde_json::Value::Array(vec![
        serde_json::json!({"throw": {"side": "light", "value": 1}});
        1_000_000
    ]);
    damaged.push(v.to_string());
    let mut v = record.clone();
    v["rules"]["files"] = serde_json::json!(vec![
        serde_json::json!({"name": "x", "text": "y".repeat(1 << 20)});
        9
    ]);
    damaged.push(v.to_string());
    let mut v = record.clone();
    v["turn_cap"] = serde_json::json!(u64::MAX);
    damaged.push(v.to_string());
    damaged.push(nested);
    let mut records: Vec<String> = damaged
        .iter()
        .enumerate()
        .map(|(i, text)| dir.write(&format!("record{i}.json"), text))
        .collect();
    records.push(dir.sparse("big.json", b"{", 70 << 20));
    records.push("/dev/zero".into());
    records.push(folder.clone());
    for r in &records {
        cases.push(case(&["replay", r]));
        cases.push(case(&["play", "--resume", r]));
    }

    // ---- tables ------------------------------------------------------------------------------
    let good = std::fs::read(&table).unwrap();
    let newline = good.iter().position(|&b| b == b'\n').unwrap();
    let header: serde_json::Value = serde_json::from_slice(&good[..newline]).unwrap();
    let forge = |name: &str, states: u64, len: u64| {
        let mut h = header.clone();
        h["states"] = serde_json::json!(states);
        let mut head = h.to_string().into_bytes();
        head.push(b'\n');
        let len = len.max(head.len() as u64);
        dir.sparse(name, &head, len)
    };
    let record_bytes = (good.len() - newline - 1) as u64 / header["states"].as_u64().unwrap();
    let tables = [
        forge("wrap.table", 1 << 61, good.len() as u64),
        // Records that would take 5 GB, on a file that says so.
        forge(
            "huge.table",
            (5u64 << 30) / record_bytes,
            (5u64 << 30) + 4096,
        ),
        dir.write(
            "random.table",
            (0u32..100_000)
                .map(|i| (i.wrapping_mul(2_246_822_519) >> 11).to_le_bytes()[0])
                .collect::<Vec<u8>>(),
        ),
        "/dev/zero".to_string(),
    ];
    for t in &tables {
        let mut args = vec![
            "sim",
            "twenty-squares/ur",
            "--players",
            "optimal,random",
            "--games",
            "3",
            "--table",
            t,
        ];
        args.extend_from_slice(&ur1);
        cases.push(case(&args));
    }

    // ---- command-line values -----------------------------------------------------------------
    for args in [
        &["sim", "senet/kendall", "--jobs", "100000"][..],
        &["sim", "senet/kendall", "--jobs", "0"],
        &["sim", "senet/kendall", "--games", "0"],
        &["sim", "senet/kendall", "--games", "18446744073709551616"],
        &["sim", "senet/kendall", "--players", "expectimax:99,random"],
        &["sim", "senet/kendall", "--turn-cap", "0"],
        &["solve", "twenty-squares/masters", "--memory", "1000"],
        &["solve", "twenty-squares/ur", "--memory", "NaN"],
        &[
            "solve",
            "senet/kendall",
            "--method",
            "search",
            "--limit",
            "18446744073709551615",
        ],
        &[
            "play",
            "senet/kendall",
            "--option",
            "pieces=99999999999999999999",
        ],
        &["play", "senet/kendall", "--seed", "-1"],
    ] {
        cases.push(with_stdin(args, "q\n"));
    }

    let mut failures = Vec::new();
    for c in &cases {
        if let Some(why) = run(c, &dir) {
            failures.push(format!("senet {}: {why}", c.args.join(" ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} hostile runs failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Rule files that check, but whose games once went on for ever or whose moves could not be
/// listed in any time: a turn in which every throw throws again (on loops a side can always
/// move round, so it never ends), a side that throws again after every pass, Finkel's Senet with
/// totals of forty on average. Every command that plays them ends within the limits: a turn
/// stops the game at the turn cap's number of throws, a split turn's listing at its bound.
#[test]
#[ignore = "the limits are for a release build: cargo test --release -- --ignored"]
fn rules_whose_turns_never_end_run_under_every_command() {
    let dir = TempDir::new();
    let loops = dir.write(
        "loops.rules",
        "ruleset \"test/loops\"\ntitle \"Two loops\"\nboard 1 x 8\npath a: loop 1..4\n\
         path b: loop 5..8\nsides a, b\npieces 1 each\nstart a on 1; b on 5\nthrow die 3\n\
         extra throw after 1, 2, 3\ncapture removed\nwin by capturing all\n",
    );
    let passes = dir.write(
        "passes.rules",
        "ruleset \"test/passes\"\ntitle \"A pass throws again\"\nextends \"senet/kendall\"\n\
         on pass with 1, 2, 3, 4, 5: throw again\n",
    );
    let large = dir.write(
        "large.rules",
        "ruleset \"test/large\"\ntitle \"Large totals\"\nextends \"senet/finkel\"\n\
         turn throw again on 1, 2, 3, 4 then split\n",
    );
    let record = s(&dir.0.join("record.json"));
    let net = s(&dir.0.join("net.json"));
    let plot = s(&dir.0.join("plot.svg"));
    // Each case with the seconds it may take: an agent that searches lists split turns of
    // totals near forty at every decision, each a second or so (bounded, not quick).
    let mut cases = Vec::new();
    for rules in [&loops, &passes, &large] {
        cases.push((case(&["check", rules]), 20));
        cases.push((case(&["explain", rules]), 20));
        cases.push((case(&["draw", rules]), 20));
        cases.push((case(&["sim", rules, "--games", "20"]), 20));
        cases.push((
            case(&[
                "sim",
                rules,
                "--games",
                "1",
                "--players",
                "expectimax,greedy",
            ]),
            120,
        ));
        cases.push((
            case(&[
                "compare",
                rules,
                "--games",
                "10",
                "--skill",
                "greedy/random",
                "--skill-games",
                "1",
                "--plot",
                &plot,
            ]),
            120,
        ));
        cases.push((case(&["train", rules, "--games", "3", "--out", &net]), 60));
        cases.push((
            with_stdin(
                &[
                    "play",
                    rules,
                    "--players",
                    "random,random",
                    "--record",
                    &record,
                ],
                "",
            ),
            20,
        ));
        cases.push((case(&["replay", &record]), 20));
    }
    // Seven free pieces of Finkel's Senet with totals of 30 and 40: more ways to share them
    // than `moves` lists, refused at once.
    for total in [30, 40] {
        cases.push((
            with_stdin(
                &["moves", &large, "--position", "-"],
                format!(
                    "{{\"to_move\":\"red\",\"throw\":{total},\"pieces\":{{\"red\":[1,3,5,7,9,11,13],\"blue\":[2,4,6,8,10,12,14]}}}}\n"
                ),
            ),
            20,
        ));
    }
    let mut failures = Vec::new();
    for (c, seconds) in &cases {
        if let Some(why) = run_within(c, &dir, *seconds) {
            failures.push(format!("senet {}: {why}", c.args.join(" ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} runs failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
