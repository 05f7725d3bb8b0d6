//! `senet draw`: the board as an SVG picture, at the start, in a position, or as a recorded
//! game's turn left it.

use std::path::Path;
use std::process::ExitCode;

use senet::check::RuleSet;
use senet::compile::compile;
use senet::engine::game::GameEvent;
use senet::engine::{Engine, Position};
use senet::notation::parse_position;
use senet::notation::record;
use senet::render::svg::{Drawing, Shown, svg};
use senet::render::svg_many::draw_many;
use senet::types::Throw;

/// What to draw the board with.
pub enum Input<'a> {
    /// The start, or a position file's position.
    Rules {
        /// The rule set as named on the command line (a file, or a bundled id).
        target: &'a str,
        rules: &'a RuleSet,
        position: Option<&'a str>,
    },
    /// A record's game at a turn.
    Record { path: &'a str, turn: u32 },
}

pub fn run(input: Input, paths: bool, narrow: bool, out: Option<&str>) -> ExitCode {
    let fail = |msg: String| {
        complain!("error: {msg}");
        ExitCode::from(2)
    };
    if let Some(file) = out {
        let inputs = match input {
            Input::Rules {
                target, position, ..
            } => [Some(target), position],
            Input::Record { path, .. } => [Some(path), None],
        };
        if let Err(e) = super::output::check_output(Path::new(file), inputs.into_iter().flatten()) {
            return fail(e.to_string());
        }
    }
    let (engine, pos, throw) = match input {
        Input::Rules {
            rules, position, ..
        } if rules.plays_many() => {
            return match many(rules, position, paths, narrow) {
                Ok(picture) => write(&picture, out),
                Err(e) => fail(e),
            };
        }
        Input::Rules {
            rules, position, ..
        } => {
            let engine = Engine::new(compile(rules));
            let (pos, throw) = match position {
                None => (engine.start(), None),
                Some(path) => match read_position(&engine, path) {
                    Ok(p) => p,
                    Err(e) => return fail(format!("`{path}` cannot be drawn: {e}")),
                },
            };
            (engine, pos, throw)
        }
        Input::Record { path, turn } => {
            let (head, rules) = match super::play::load_record(path) {
                Ok(loaded) => loaded,
                Err(e) => return fail(format!("`{path}` cannot be replayed: {e}")),
            };
            let engine = Engine::new(compile(&rules));
            let mut events: Vec<GameEvent> = Vec::new();
            if let Err(e) = record::replay(&engine, &head, |e| events.push(*e)) {
                return fail(format!("`{path}` cannot be replayed: {e}"));
            }
            match record::at_turn(&engine, &events, turn) {
                Ok((pos, throw)) => (engine, pos, throw.map(Throw::from)),
                Err(e) => return fail(format!("`{path}`: no turn {turn}: {e}")),
            }
        }
    };
    let picture = svg(
        &engine,
        &Drawing {
            position: &pos,
            throw: throw.map_or(Shown::Nothing, Shown::Thrown),
            paths,
            narrow,
        },
    );
    write(&picture, out)
}

/// The picture of a game of more than two sides, at the start or in a position file's position.
fn many(
    rules: &RuleSet,
    position: Option<&str>,
    paths: bool,
    narrow: bool,
) -> Result<String, String> {
    let Some(path) = position else {
        return draw_many(rules, None, paths, narrow);
    };
    let value = read_json(path).map_err(|e| format!("`{path}` cannot be drawn: {e}"))?;
    draw_many(rules, Some(&value), paths, narrow)
        .map_err(|e| format!("`{path}` cannot be drawn: {e}"))
}

/// Writes the picture to standard output or to the file `out`.
fn write(picture: &str, out: Option<&str>) -> ExitCode {
    match out {
        None => {
            super::output::write_stdout(picture.as_bytes());
            ExitCode::SUCCESS
        }
        Some(file) => match senet::files::write_bytes(Path::new(file), picture.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                complain!("error: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// A JSON file (or standard input).
fn read_json(path: &str) -> Result<serde_json::Value, String> {
    let text = super::input::read_text(path, super::input::MAX_POSITION)
        .map_err(|e| format!("cannot read it: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("not valid JSON: {e}"))
}

/// A position file (or standard input) read under the rules, with its throw.
fn read_position(engine: &Engine, path: &str) -> Result<(Position, Option<Throw>), String> {
    let value = read_json(path)?;
    parse_position(engine, &value).map_err(|e| e.to_string())
}
