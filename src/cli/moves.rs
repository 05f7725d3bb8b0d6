//! `senet moves`: the legal moves of positions given as JSON.

use std::io::{Read, Write};
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::engine::{Engine, Move};
use crate::notation::position::{outcome_json, parse_position, position_json, steps_json};

/// The answer for one position: every legal move with its steps and resulting position.
fn answer(engine: &Engine, v: &Value, buf: &mut Vec<Move>) -> Result<Value, String> {
    let (pos, throw) = parse_position(engine, v)?;
    let throw = throw.ok_or("`throw` is null: `senet moves` needs the throw to move with")?;
    if engine.outcome(&pos).is_some() {
        return Err("the game is already over in this position".into());
    }
    engine.legal_moves(&pos, throw, buf);
    let side = pos.to_move as usize;
    let moves: Vec<Value> = buf
        .iter()
        .map(|mv| {
            let (next, _) = engine.apply(&pos, mv, throw);
            let mut result = position_json(engine, &next, None);
            if let Some(o) = engine.outcome(&next) {
                result["outcome"] = outcome_json(engine, &o);
            }
            json!({ "steps": steps_json(engine, side, mv), "result": result })
        })
        .collect();
    Ok(json!({ "moves": moves }))
}

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
            Ok(v) => answer(engine, &v, &mut buf),
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
