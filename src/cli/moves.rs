//! `senet moves`: the legal moves of positions given as JSON.
//!
//! Input is read as it arrives, so that a program can write a position, read the answer and
//! write the next. It is one JSON document (which may span lines: a position written out by
//! hand), or JSON Lines: one position a line, each answered on one line, in order; a line that
//! is blank, not JSON or not a position gets `{"error": ...}` on its line and the rest go on.
//! No line is longer than [`MAX_LINE`] bytes, and no document either.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::ExitCode;

use serde_json::{Value, json};

use senet::engine::Engine;
use senet::notation::position::moves_json;

/// The longest line, and the longest document, read: 1 MiB (a position takes about 200 bytes).
pub const MAX_LINE: usize = 1 << 20;

/// `senet moves` of two-sided rules.
pub fn run(engine: &Engine, input: &str) -> ExitCode {
    let mut buf = Vec::with_capacity(32);
    answer_input(input, &mut |v| {
        moves_json(engine, v, &mut buf).map_err(|e| e.to_string())
    })
}

/// `senet moves` of rules of more than two sides, on the engine for many sides.
pub fn run_many(rules: &senet::multi::MultiRules, input: &str) -> ExitCode {
    answer_input(input, &mut |v| {
        senet::notation::multi::moves_json(rules, v).map_err(|e| e.to_string())
    })
}

/// Reads the positions of `input` (`-`: standard input) and writes what `answer` makes of each.
fn answer_input(input: &str, answer: &mut dyn FnMut(&Value) -> Result<Value, String>) -> ExitCode {
    let reader: Box<dyn BufRead> = if input == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        match super::input::open_regular(input) {
            Ok(file) => Box::new(BufReader::new(file)),
            Err(e) => {
                complain!("error: cannot read `{input}`: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let mut answers = Answers {
        answer,
        out: std::io::stdout().lock(),
        count: 0,
        failed: false,
    };
    if let Err(e) = answer_all(reader, &mut answers) {
        complain!("error: cannot read `{input}`: {e}");
        return ExitCode::from(2);
    }
    if answers.count == 0 {
        complain!("error: `{input}` holds no position");
        return ExitCode::from(2);
    }
    if answers.failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// Where answers go, and what they were.
struct Answers<'a, W: Write> {
    /// A position's answer, or why it has none.
    answer: &'a mut dyn FnMut(&Value) -> Result<Value, String>,
    out: W,
    /// How many answers were written.
    count: usize,
    /// Whether some answer was an error.
    failed: bool,
}

impl<W: Write> Answers<'_, W> {
    /// The answer to one document: its moves, or an error line.
    fn position(&mut self, line: usize, v: &Value) {
        match (self.answer)(v) {
            Ok(answer) => self.write(&answer),
            Err(e) => self.error(line, &e),
        }
    }

    fn error(&mut self, line: usize, msg: &str) {
        self.failed = true;
        complain!("error: line {line}: {msg}");
        self.write(&json!({ "error": msg }));
    }

    /// Writes one answer line and sends it on at once (the reader may be waiting for it); a
    /// reader that has gone away ends the program (see [`super::output`]).
    fn write(&mut self, v: &Value) {
        self.count += 1;
        if let Err(e) = writeln!(self.out, "{v}").and_then(|()| self.out.flush()) {
            super::output::stdout_failed(&e);
        }
    }
}

/// Reads documents as they arrive and answers each. The first line that is not blank decides:
/// a whole JSON value on it means JSON Lines, else the input is one document.
fn answer_all<W: Write>(mut reader: impl BufRead, answers: &mut Answers<W>) -> std::io::Result<()> {
    let mut line = Vec::new();
    let mut number = 0;
    // The document read so far, where it spans lines (`None`: JSON Lines, or not yet known).
    let mut document: Option<(usize, String)> = None;
    let mut json_lines = false;
    loop {
        line.clear();
        let limit = u64::try_from(MAX_LINE + 1).unwrap_or(u64::MAX);
        if (&mut reader).take(limit).read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        if line.len() > MAX_LINE && !line.ends_with(b"\n") {
            // The rest of such a line cannot be told from the next one: stop here.
            answers.error(
                number,
                "the line is longer than 1 MiB; nothing after it is read",
            );
            return Ok(());
        }
        let Ok(text) = std::str::from_utf8(&line) else {
            answers.error(number, "the line is not UTF-8 text");
            document = None;
            continue;
        };
        if let Some((first, doc)) = &mut document {
            doc.push_str(text);
            if doc.len() > MAX_LINE {
                let first = *first;
                document = None;
                answers.error(first, "the position is longer than 1 MiB");
                continue;
            }
            match serde_json::from_str::<Value>(doc) {
                Ok(v) => {
                    let first = *first;
                    document = None;
                    answers.position(first, &v);
                }
                Err(e) if e.is_eof() => {}
                Err(e) => {
                    let first = *first;
                    document = None;
                    answers.error(first, &format!("not valid JSON: {e}"));
                }
            }
            continue;
        }
        if text.trim().is_empty() {
            // Blank lines around one document are nothing; between JSON Lines they are a line
            // without a position, answered so that answers stay in step with lines.
            if json_lines {
                answers.error(number, "a blank line holds no position");
            }
            continue;
        }
        match serde_json::from_str::<Value>(text) {
            Ok(v) => {
                json_lines = true;
                answers.position(number, &v);
            }
            Err(e) if e.is_eof() && !json_lines && answers.count == 0 => {
                document = Some((number, text.to_string()));
            }
            Err(e) => {
                json_lines = true;
                answers.error(number, &format!("not valid JSON: {e}"));
            }
        }
    }
    if let Some((first, _)) = document {
        answers.error(first, "not valid JSON: the input ends inside the position");
    }
    Ok(())
}
