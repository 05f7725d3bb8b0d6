//! The learnt value (`senet train`, `learned:FILE`): training replays from its seed, its values
//! come near the exact ones the solver gives, the files are checked against the rules they are
//! used with, and (left out of the default run, which is not optimised) the agent it makes beats
//! random play.

use crate::support::cli;

use cli::run;
use senet::agents::learned::{Layout, Net, Training, Valuer, train};
use senet::check::check_target;
use senet::compile::compile;
use senet::engine::Engine;
use senet::solve::solve;

fn engine(target: &str, options: &[(&str, &str)]) -> Engine {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Engine::new(compile(
        &check_target(target, &options).expect("bundled rules check"),
    ))
}

fn training(games: u64, hidden: usize, seed: u64) -> Training {
    Training {
        games,
        hidden,
        alpha: 0.1,
        lambda: 0.7,
        explore: 0.0,
        seed,
        turn_cap: 2_000,
    }
}

#[test]
fn the_same_seed_trains_the_same_network() {
    let e = engine("senet/kendall", &[("pieces", "1")]);
    let a = train(&e, training(150, 8, 3), |_| {});
    let b = train(&e, training(150, 8, 3), |_| {});
    let c = train(&e, training(150, 8, 4), |_| {});
    let exploring = Training {
        explore: 0.2,
        ..training(150, 8, 3)
    };
    let d = train(&e, exploring, |_| {});
    assert_eq!(a.w1, b.w1);
    assert_eq!(a.w2, b.w2);
    assert_ne!(a.w1, c.w1);
    assert_ne!(
        a.w1, d.w1,
        "random moves in self-play change what is learnt"
    );
    assert!(a.well_formed());
    assert_eq!(a.inputs, Layout::of(&e).inputs());
}

/// The mean distance between the network's chance for the first side and the exact one, over
/// every position the solver reaches from the start.
fn mean_error(e: &Engine, net: &Net) -> f64 {
    let solution = solve(e, e.start(), 1_000_000, |_| {}).expect("one piece a side solves");
    let mut valuer = Valuer::new(e);
    let total: f64 = solution
        .positions
        .iter()
        .zip(&solution.score)
        .map(|(pos, exact)| (f64::from(valuer.value(net, e, pos)) - exact).abs())
        .sum();
    total / solution.positions.len() as f64
}

/// With one piece a side, Kendall's Senet solves at once: self-play brings the network's values
/// close to the exact chances, which it never sees.
#[test]
fn self_play_learns_values_near_the_exact_ones() {
    let e = engine("senet/kendall", &[("pieces", "1")]);
    let untrained = train(&e, training(0, 16, 1), |_| {});
    let trained = train(&e, training(30_000, 16, 1), |_| {});
    let (before, after) = (mean_error(&e, &untrained), mean_error(&e, &trained));
    assert!(
        after < 0.05 && after < before / 4.0,
        "mean error {before:.3} untrained, {after:.3} after 30,000 games"
    );
}

/// A file in a folder of its own, deleted (with the folder, once empty) when the test ends,
/// passed or not.
struct Temp(String);

impl std::ops::Deref for Temp {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let path = std::path::Path::new(&self.0);
        let _ = std::fs::remove_file(path);
        if let Some(dir) = path.parent() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// A path `name` in a folder of its own (tests run at once: one test's folder is never removed
/// under another's file).
fn temp(name: &str) -> Temp {
    let dir = std::env::temp_dir().join(format!("senet-learned-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    Temp(dir.join(name).to_string_lossy().into_owned())
}

#[test]
fn cli_trains_a_network_that_plays_where_agents_play() {
    let file = temp("k1.net");
    let net: &str = &file;
    let (code, out, err) = run(&[
        "train",
        "senet/kendall",
        "--option",
        "pieces=1",
        "--games",
        "50",
        "--hidden",
        "4",
        "--out",
        net,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let summary: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(summary["games"], 50);
    assert_eq!(summary["options"]["pieces"], "1");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(net).unwrap()).unwrap();
    assert_eq!(file["format"], "senet-net/1");
    assert_eq!(file["net"]["hidden"], 4);

    let player = format!("learned:{net}");
    let (code, out, err) = run(&[
        "sim",
        "senet/kendall",
        "--option",
        "pieces=1",
        "--players",
        &format!("{player},random"),
        "--games",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["games"], 4);

    // Other rules, or other options, are refused before any game.
    let (code, _, err) = run(&[
        "sim",
        "senet/base",
        "--players",
        &format!("{player},random"),
        "--games",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("was trained for `senet/kendall`"), "{err}");
    let (code, _, err) = run(&[
        "sim",
        "senet/kendall",
        "--option",
        "pieces=2",
        "--players",
        &format!("{player},random"),
        "--games",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("trained with the options"), "{err}");
    assert!(err.contains("pieces=1"), "{err}");
}

#[test]
fn the_share_of_random_moves_is_a_share() {
    for bad in ["1.5", "lots", "NaN"] {
        let (code, _, err) = run(&["train", "senet/kendall", "--explore", bad, "--out", "x.net"]);
        assert_eq!(code, 2, "{bad}");
        assert!(err.contains("is not a share from 0 to 1"), "{bad}: {err}");
    }
}

#[test]
fn a_damaged_or_missing_network_is_refused() {
    let file = temp("bad.net");
    let bad: &str = &file;
    std::fs::write(bad, "{\"format\": \"senet-net/1\"}").unwrap();
    for (player, says) in [
        (format!("learned:{bad}"), "is not a network file"),
        ("learned:/no/such/file.net".to_string(), "cannot read"),
        ("learned".to_string(), "`learned:FILE`"),
    ] {
        let (code, _, err) = run(&[
            "sim",
            "senet/kendall",
            "--players",
            &format!("{player},random"),
            "--games",
            "1",
        ]);
        assert_eq!(code, 2, "{player}");
        assert!(err.contains(says), "{player}: {err}");
    }
    // Weights that do not fit the sizes the file gives.
    let e = engine("senet/kendall", &[("pieces", "1")]);
    let mut net = train(&e, training(1, 4, 1), |_| {});
    net.w1.pop();
    assert!(!net.well_formed());
}

/// Trained for a few seconds on three pieces a side, the agent beats random play clearly (the
/// default search wins 72.8 % there; docs/agents.md).
#[test]
#[ignore = "trains and plays for a while: run optimised (`cargo test --release -- --ignored`)"]
fn a_trained_network_beats_random_play() {
    use senet::sim::{SimSpec, run};
    let e = engine("senet/kendall", &[("pieces", "3")]);
    let t = training(20_000, 40, 1);
    let net = train(&e, t, |_| {});
    let file = temp("k3.net");
    let path: &str = &file;
    let rules = check_target("senet/kendall", &[("pieces".into(), "3".into())]).unwrap();
    senet::agents::learned::NetFile::new(&rules.rules_id(), &e, &t, net)
        .save(path)
        .unwrap();
    let player = format!("learned:{path}");
    let mut won = 0;
    for (names, me) in [
        ([player.clone(), "random".to_string()], 0),
        (["random".to_string(), player.clone()], 1),
    ] {
        let players = names.map(|p| p.parse::<senet::players::Player>().expect("a player"));
        let spec = SimSpec {
            players: &players,
            games: 200,
            seed: 1,
            turn_cap: 10_000,
            table: None,
            shard: None,
            metrics: false,
            alternate: false,
        };
        won += run(&e, &spec, 2, &|_| {}).unwrap().player_wins[me];
    }
    assert!(won > 250, "won {won} of 400 against random");
}

/// `senet sim` of one game with `learned:PATH` as the first player: (exit code, stderr), or a
/// failure if it has not ended within a minute (a pipe that is waited on would never end).
fn sim_with_net(path: &str) -> (i32, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(["sim", "senet/kendall", "-o", "pieces=1", "--games", "1"])
        .arg("--players")
        .arg(format!("learned:{path},random"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run senet");
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait for senet").is_none() {
        if start.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("learned:{path} was waited on for a minute");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("senet ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_network_is_read_from_a_regular_file_of_a_bounded_size_only() {
    let fifo = temp("pipe.net");
    let made = std::process::Command::new("mkfifo").arg(&*fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let folder = temp("folder.net");
    std::fs::create_dir_all(&*folder).unwrap();
    for (path, says) in [
        ("/dev/zero", "it is not a regular file"),
        (&*fifo, "it is not a regular file"),
        (&*folder, "it is a folder"),
    ] {
        let (code, err) = sim_with_net(path);
        assert_eq!(code, 2, "{path}: {err}");
        assert!(
            err.contains(&format!("cannot read the network {path}: {says}")),
            "{path}: {err}"
        );
    }
    std::fs::remove_dir(&*folder).unwrap();
    // One byte over 16 MiB, of spaces JSON would skip: refused by its length, not parsed.
    let long = temp("long.net");
    std::fs::write(&*long, vec![b' '; (16 << 20) + 1]).unwrap();
    let (code, err) = sim_with_net(&long);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is longer than 16 MiB"), "{err}");
}

#[test]
fn a_network_whose_sizes_disagree_is_refused_with_the_sizes() {
    let file = temp("sizes.net");
    let net: &str = &file;
    let (code, _, err) = run(&[
        "train",
        "senet/kendall",
        "-o",
        "pieces=1",
        "--games",
        "5",
        "--hidden",
        "2",
        "--out",
        net,
    ]);
    assert_eq!(code, 0, "{err}");
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(net).unwrap()).unwrap();
    // Kendall's Senet with one piece: 30 path positions a side, 30 + 30 + 7 inputs.
    assert_eq!(good["layout"]["path"], serde_json::json!([30, 30]));
    assert_eq!(good["net"]["inputs"], 67);
    let changed = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        edit(&mut v);
        std::fs::write(net, v.to_string()).unwrap();
        sim_with_net(net)
    };
    for (edit, says) in [
        (
            // A path longer than any board has: its count of inputs would be past any limit.
            &(|v: &mut serde_json::Value| {
                v["layout"]["path"] = serde_json::json!([u64::MAX, 30]);
            }) as &dyn Fn(&mut serde_json::Value),
            "its layout (18446744073709551615 and 30 path positions, 1 pieces) is no rule set's",
        ),
        (
            &|v: &mut serde_json::Value| v["layout"]["pieces"] = serde_json::json!(16),
            "sides 1 to 15 pieces",
        ),
        (
            &|v: &mut serde_json::Value| v["net"]["hidden"] = serde_json::json!(1025),
            "1025 hidden units, more than the 1024 a network may have",
        ),
        (
            // 68 inputs for a layout that gives 67, with as many weights as 68 would take.
            &|v: &mut serde_json::Value| {
                v["net"]["inputs"] = serde_json::json!(68);
                v["net"]["w1"]
                    .as_array_mut()
                    .unwrap()
                    .extend([0.0, 0.0].map(serde_json::Value::from));
            },
            "the network's weights do not fit its sizes",
        ),
        (
            &|v: &mut serde_json::Value| {
                v["net"]["w1"].as_array_mut().unwrap().pop();
            },
            "the network's weights do not fit its sizes",
        ),
    ] {
        let (code, err) = changed(edit);
        assert_eq!(code, 2, "{says}: {err}");
        assert!(err.contains(says), "{says}: {err}");
    }
    std::fs::write(net, good.to_string()).unwrap();
    let (code, err) = sim_with_net(net);
    assert_eq!(code, 0, "{err}");
}
