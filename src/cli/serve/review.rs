//! `POST /api/games/{id}/review`: a game of the server reviewed as `senet review` reviews a
//! record, with what the page shows besides: the plot of the chance to win, and the biggest
//! mistakes told in words, each with the board it was made on.

use std::sync::Arc;

use serde_json::{Value, json};

use super::ApiError;
use super::games::{Built, Stored};
use senet::engine::Engine;
use senet::notation::position::position_json;
use senet::render::chart;
use senet::render::game::throw_short;
use senet::render::svg::{Drawing, Shown, svg};
use senet::review::report::{MISTAKES, move_text, review_json};
use senet::review::{Judge, plot, review};
use senet::solve::Solved;

/// Playouts behind each chance where no table values the moves, unless asked otherwise.
pub const PLAYOUTS: u32 = 100;
/// The most playouts a request may ask for.
pub const MAX_PLAYOUTS: u32 = 1000;

/// The review of game `id` (`g`, built as `built`): `senet review --format json`'s answer for
/// its record, and `plot` (the SVG of `senet review --plot`, `width` pixels wide) and `notes` (each of the biggest
/// mistakes: its move, the position it was made from and its board, the move played and the
/// best one in words). Values come from the game's solved table where it has one, else from the `hard`
/// level's search with `playouts` playouts after each move.
pub fn answer(
    id: &str,
    g: &Stored,
    engine: &Engine,
    built: &Built,
    table: Option<Arc<Solved>>,
    playouts: u32,
    width: f64,
) -> Result<Value, ApiError> {
    let head = g.record(built);
    let judge = match table {
        Some(t) => Judge::Table(t),
        None => Judge::Search { playouts },
    };
    let reviewed = review(engine, &head, &judge, head.seed)
        .map_err(|e| ApiError::bad(format!("the game cannot be reviewed: {e}")))?;
    let mut v = review_json(engine, &reviewed, id, &head, &head.rules.id);
    // A page too narrow for the plot's full width is a phone's: its boards are drawn for it.
    let narrow = width < chart::WIDE;
    let name = |s: senet::types::Side| engine.rules.sides[s].name.clone();
    let notes: Vec<Value> = reviewed
        .mistakes(MISTAKES)
        .into_iter()
        .map(|m| {
            json!({
                "move": m.number,
                "side": name(m.side),
                "throw_text": throw_short(engine, m.throw),
                "position": position_json(engine, &m.pos, Some(m.throw)),
                "played_text": move_text(engine, &m.pos, &m.played, m.throw),
                "best_text": move_text(engine, &m.pos, &m.best, m.throw),
                "svg": svg(engine, &Drawing { position: &m.pos, throw: Shown::Thrown(m.throw), paths: false, narrow }),
            })
        })
        .collect();
    v["notes"] = json!(notes);
    v["plot"] = json!(plot::svg(engine, &reviewed, MISTAKES, width));
    Ok(v)
}
