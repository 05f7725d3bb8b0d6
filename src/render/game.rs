//! A game for people: the board with its pieces, the throw, the moves and what they did.

use std::fmt::Write;

use super::board::{self, Cell, ansi, initial};
use crate::check::ruleset::ThrowDevice;
use crate::compile::SquareFlags;
use crate::engine::game::GameEvent;
use crate::engine::{Engine, Move, Position, Report};

/// How to draw: with ANSI colours or plain.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub colour: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[1;{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    pub fn side(&self, engine: &Engine, side: usize) -> String {
        let s = &engine.rules.sides[side];
        self.paint(ansi(&s.colour), &s.name)
    }
}

/// The board with the pieces where they stand, and each side's waiting and borne-off pieces.
pub fn draw_position(engine: &Engine, pos: &Position, style: Style) -> String {
    let r = &engine.rules;
    let content = |sq: u16| -> Option<Cell> {
        let side = pos.owner(sq)?;
        Some(Cell {
            text: initial(&r.sides[side].name),
            colour: style.colour.then(|| ansi(&r.sides[side].colour)),
        })
    };
    let mut out = board::draw(&r.board, &content);
    for (s, side) in r.sides.iter().enumerate() {
        let _ = write!(
            out,
            "  {} ({}): {} on the board",
            style.side(engine, s),
            initial(&side.name),
            pos.on[s].count_ones()
        );
        if pos.waiting[s] > 0 {
            let _ = write!(out, ", {} waiting", pos.waiting[s]);
        }
        let _ = write!(out, ", {} off", pos.off[s]);
        if pos.removed[s] > 0 {
            let _ = write!(out, ", {} removed", pos.removed[s]);
        }
        out.push('\n');
    }
    out
}

/// The special squares, one line each: name, label and what they do.
pub fn legend(engine: &Engine) -> String {
    let r = &engine.rules;
    let mut out = String::new();
    for sq in 1..r.squares.len() as u16 {
        let mut what = Vec::new();
        if let Some(n) = r.board.name(sq) {
            what.push(n.to_string());
        }
        let f = r.squares[sq as usize];
        if f.has(SquareFlags::SAFE) {
            what.push("safe".into());
        }
        if f.has(SquareFlags::EXTRA_THROW) {
            what.push("extra throw".into());
        }
        if f.has(SquareFlags::STOP) {
            what.push("every piece stops here".into());
        }
        if let Some(d) = r.effects[sq as usize] {
            what.push(format!("sends the piece to {}", d.square));
        }
        if !what.is_empty() {
            let _ = writeln!(out, "  {sq:>2}: {}", what.join(", "));
        }
    }
    out
}

/// A throw as the device shows it: sticks light or dark side up, or a die's face.
pub fn throw_text(engine: &Engine, value: u8) -> String {
    match &engine.rules.device {
        ThrowDevice::Sticks { count, values } => {
            let light = values.iter().position(|&v| v == value).unwrap_or(0);
            let sticks: String = (0..*count as usize)
                .map(|i| if i < light { '|' } else { '#' })
                .collect();
            format!("[{sticks}] {light} light = {value}")
        }
        ThrowDevice::Die { .. } => format!("die shows {value}"),
    }
}

/// A square or place in words: square numbers as on the drawn board.
fn place(engine: &Engine, side: usize, p: u8) -> String {
    if p == 0 {
        "enter".into()
    } else if p > engine.path_len(side) {
        "off".into()
    } else {
        engine.rules.sides[side].path[p as usize - 1].to_string()
    }
}

/// A move in words: `9 -> 11`, `enter -> 4`, `28 -> off`; steps of a split move joined.
pub fn move_text(engine: &Engine, side: usize, mv: &Move) -> String {
    let parts: Vec<String> = mv
        .steps()
        .iter()
        .map(|s| {
            format!(
                "{} -> {}",
                place(engine, side, s.from),
                place(engine, side, s.to)
            )
        })
        .collect();
    parts.join(", ")
}

/// What a move did, in words, or an empty string.
pub fn report_text(engine: &Engine, side: usize, report: &Report) -> String {
    let mut what = Vec::new();
    if report.captures > 0 {
        what.push(format!("captures {}", engine.rules.sides[1 - side].name));
    }
    if report.effects > 0 {
        what.push("a square sends the piece on".into());
    }
    if report.borne_off > 0 {
        what.push("bears off".into());
    }
    if report.backward {
        what.push("backwards, no forward move".into());
    }
    if report.extra_throw {
        what.push("extra throw".into());
    }
    what.join("; ")
}

/// One line for an event of a game played by agents, or `None` for events shown elsewhere.
pub fn event_line(engine: &Engine, e: &GameEvent, style: Style) -> Option<String> {
    Some(match e {
        GameEvent::SeatThrow {
            player,
            value,
            took,
        } => match took {
            Some(s) => format!(
                "player {} throws {value} for seats and takes {}",
                player + 1,
                style.side(engine, *s as usize)
            ),
            None => format!("player {} throws {value} for seats", player + 1),
        },
        GameEvent::Throw { side, value } => format!(
            "{} throws {}",
            style.side(engine, *side as usize),
            throw_text(engine, *value)
        ),
        GameEvent::Move {
            side,
            throw,
            mv,
            report,
        } => {
            let s = *side as usize;
            let what = report_text(engine, s, report);
            let forced = if *throw == 0 {
                " (forced opening move)"
            } else {
                ""
            };
            let tail = if what.is_empty() {
                String::new()
            } else {
                format!("  ({what})")
            };
            format!(
                "  {} moves {}{forced}{tail}",
                style.side(engine, s),
                move_text(engine, s, mv)
            )
        }
        GameEvent::Pass { side, throw } => {
            format!(
                "  {} has no legal move for {throw} and passes",
                style.side(engine, *side as usize)
            )
        }
        GameEvent::End { .. } => return None,
    })
}
