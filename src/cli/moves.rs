//! `senet moves`: the legal moves of positions given as JSON.

use std::io::{Read, Write};
use std::process::ExitCode;

use serde_json::{Value, json};

use senet::engine::Engine;
use senet::notation::position::moves_json;

pub fn run(engine: &Engine, input: &str) -> ExitCode {
    let mut text = String::new();
    let read = if input == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(input).map(|t| text = t)
    };
    if let Err(e) = read {
        eprintln!("error: cannot read `{input}`: {e}");
        return ExitCode::from(2);
    }
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    let mut buf = Vec::with_capacity(32);
    let mut count = 0;
    for (i, item) in serde_json::Deserializer::from_str(&text)
        .into_iter::<Value>()
        .enumerate()
    {
        count += 1;
        let line = match item {
            Ok(v) => moves_json(engine, &v, &mut buf),
            Err(e) => {
                // A broken line stops the stream: what follows cannot be read reliably.
                eprintln!("error: position {}: not valid JSON: {e}", i + 1);
                let _ = writeln!(
                    out,
                    "{}",
                    json!({ "error": format!("not valid JSON: {e}") })
                );
                return ExitCode::from(2);
            }
        };
        match line {
            Ok(v) => {
                let _ = writeln!(out, "{v}");
            }
            Err(msg) => {
                failed = true;
                eprintln!("error: position {}: {msg}", i + 1);
                let _ = writeln!(out, "{}", json!({ "error": msg }));
            }
        }
    }
    if count == 0 {
        eprintln!("error: `{input}` holds no position");
        return ExitCode::from(2);
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
