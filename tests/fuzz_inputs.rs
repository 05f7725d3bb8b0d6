//! Fuzzing what commands read besides rule files (those are fuzzed in no_panic.rs): positions,
//! game records and solved tables, each taken from a good one and broken by random mutations
//! (a value of the JSON replaced by another of any type, a key removed, bytes of a table
//! changed, its header edited). Whatever the input, reading it gives a value or an error, never
//! a panic, and what is accepted is a position the rules can reach. The number of cases is
//! bounded, so that the run takes seconds.

use std::path::PathBuf;
use std::process::Command;

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Value, json};

use senet::check::check_target;
use senet::compile::compile;
use senet::engine::Engine;
use senet::notation::position::{moves_json, parse_position};
use senet::notation::record::{Record, replay};
use senet::solve::table::{TableHeader, load};

fn engine(id: &str, options: &[(&str, &str)]) -> Engine {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Engine::new(compile(
        &check_target(id, &options).expect("a bundled rule set"),
    ))
}

/// Values a leaf of the JSON may become.
fn odd_value(k: usize) -> Value {
    let values = [
        json!(null),
        json!(true),
        json!(-1),
        json!(0),
        json!(1),
        json!(255),
        json!(65536),
        json!(u64::MAX),
        json!(1e300),
        json!(0.5),
        json!(""),
        json!("off"),
        json!("removed"),
        json!("\u{1b}[31m"),
        json!([]),
        json!([1, 2, 3]),
        json!({}),
        json!({ "a": 1 }),
    ];
    values[k % values.len()].clone()
}

/// Every path to a value in `v`.
fn paths(v: &Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                at.push(k.clone());
                paths(x, at, out);
                at.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                at.push(i.to_string());
                paths(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn at_path<'v>(v: &'v mut Value, path: &[String]) -> Option<&'v mut Value> {
    let mut cur = v;
    for p in path {
        cur = match cur {
            Value::Object(m) => m.get_mut(p)?,
            Value::Array(a) => a.get_mut(p.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// `v` with the value at one path replaced by an odd one, or removed.
fn mutate(v: &Value, which: Index, replacement: usize, remove: bool) -> Value {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    let path = which.get(&all).clone();
    let mut out = v.clone();
    if remove && let Some((last, parent)) = path.split_last() {
        match at_path(&mut out, parent) {
            Some(Value::Object(m)) => {
                m.remove(last);
            }
            Some(Value::Array(a)) => {
                if let Ok(i) = last.parse::<usize>()
                    && i < a.len()
                {
                    a.remove(i);
                }
            }
            _ => {}
        }
        return out;
    }
    if let Some(slot) = at_path(&mut out, &path) {
        *slot = odd_value(replacement);
    }
    out
}

/// The positions of a scenario file.
fn scenario_positions(file: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(file);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["position"].clone())
        .collect()
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn broken_positions_are_answered_or_refused(
        set in 0usize..4,
        case in any::<Index>(),
        which in any::<Index>(),
        replacement in 0usize..64,
        remove in any::<bool>(),
    ) {
        let (id, file) = [
            ("senet/kendall", "senet__kendall.json"),
            ("twenty-squares/ur", "twenty-squares__ur.json"),
            ("senet/piccione", "senet__piccione.json"),
            ("hounds-and-jackals/tab", "hounds-and-jackals__tab.json"),
        ][set];
        let e = engine(id, &[]);
        let positions = scenario_positions(file);
        let v = mutate(case.get(&positions), which, replacement, remove);
        // Any position is answered with its moves or refused with a message (a position the
        // rules cannot reach, one with no throw, one where the game is over).
        let _ = parse_position(&e, &v);
        match moves_json(&e, &v, &mut Vec::new()) {
            Ok(answer) => prop_assert!(answer["moves"].is_array(), "{v}: {answer}"),
            Err(message) => prop_assert!(!message.to_string().is_empty()),
        }
    }
}

/// A record of a short game of Ur with three pieces, played by the binary.
fn record() -> &'static Value {
    static RECORD: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    RECORD.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("senet-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("game.json");
        let out = Command::new(env!("CARGO_BIN_EXE_senet"))
            .args(["play", "twenty-squares/ur", "--option", "pieces=2"])
            .args(["--players", "random,random", "--seed", "4", "--record"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success());
        let v = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        v
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn broken_records_replay_or_are_refused(
        which in any::<Index>(),
        replacement in 0usize..64,
        remove in any::<bool>(),
    ) {
        let e = engine("twenty-squares/ur", &[("pieces", "2")]);
        let v = mutate(record(), which, replacement, remove);
        if let Ok(head) = Record::read(&v) {
            let _ = replay(&e, &head, |_| {});
        }
    }
}

/// A solved table of Ur with one piece (dense or search), as bytes.
fn table(method: &str) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("senet-fuzz-t-{}-{method}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.table");
    let out = Command::new(env!("CARGO_BIN_EXE_senet"))
        .args([
            "solve",
            "twenty-squares/ur",
            "--option",
            "pieces=1",
            "--method",
            method,
        ])
        .arg("--table")
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let bytes = std::fs::read(&file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    bytes
}

fn tables() -> &'static [Vec<u8>; 2] {
    static TABLES: std::sync::OnceLock<[Vec<u8>; 2]> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| [table("dense"), table("search")])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..config() })]

    #[test]
    fn broken_tables_load_or_are_refused(
        kind in 0usize..2,
        edits in proptest::collection::vec((any::<Index>(), any::<u8>()), 0..4),
        cut in proptest::option::of(any::<Index>()),
        header_edit in proptest::option::of((any::<Index>(), 0usize..64)),
    ) {
        let e = engine("twenty-squares/ur", &[("pieces", "1")]);
        let mut bytes = tables()[kind].clone();
        let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
        if let Some((which, replacement)) = header_edit {
            let header: Value = serde_json::from_slice(&bytes[..newline]).unwrap();
            let header = mutate(&header, which, replacement, false);
            let mut out = serde_json::to_vec(&header).unwrap();
            out.extend_from_slice(&bytes[newline..]);
            bytes = out;
        }
        for (at, b) in &edits {
            let i = at.index(bytes.len());
            bytes[i] = *b;
        }
        if let Some(cut) = cut {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        let dir = std::env::temp_dir()
            .join(format!("senet-fuzz-load-{}-{:?}", std::process::id(), std::thread::current().id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("t.table");
        std::fs::write(&file, &bytes).unwrap();
        let checked = check_target("twenty-squares/ur", &[("pieces".into(), "1".into())]).unwrap();
        let expected = TableHeader::new(&checked.id, &checked.hash, &checked.resolved_options(), 0);
        let loaded = load(file.to_str().unwrap(), &expected, &e);
        let _ = std::fs::remove_dir_all(&dir);
        // Untouched, a table loads; with its header as it was and any byte of its body changed
        // (the checksum then fails) or cut off, it is refused.
        let original = &tables()[kind];
        if bytes == *original {
            prop_assert!(loaded.is_ok());
        } else if bytes.get(..=newline) == original.get(..=newline) {
            prop_assert!(loaded.is_err(), "a changed body loaded");
        }
        if let Ok(solved) = loaded {
            let start = e.start();
            if let Some(v) = solved.score(&start) {
                prop_assert!((0.0..=1.0).contains(&v), "{v}");
            }
        }
    }
}
