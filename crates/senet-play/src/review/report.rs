//! A review as data: the JSON `senet review --format json` writes and `senet serve` answers,
//! and a move told in words, as `senet play` tells it.

use serde_json::{Value, json};

use super::{Judged, Review};
use crate::notation::event::StepNote;
use crate::notation::record::Record;
use crate::render::game::{Style, move_words};
use senet_engine::engine::{Engine, Move, Position};
use senet_lang::types::{Side, Throw};

/// The biggest mistakes a review lists.
pub const MISTAKES: usize = 5;

/// The review of the game `head` records (read from `record`, under the rules `id`) as JSON:
/// each move against the best one, the biggest mistakes (their move numbers) and each side's
/// totals (docs/formats.md).
pub fn review_json(
    engine: &Engine,
    review: &Review,
    record: &str,
    head: &Record,
    id: &str,
) -> Value {
    let name = |s: Side| engine.rules.sides[s].name.clone();
    let moves: Vec<Value> = review
        .moves
        .iter()
        .map(|m: &Judged| {
            json!({
                "move": m.number,
                "side": name(m.side),
                "throw": m.throw.get(),
                "choices": m.choices,
                "played": StepNote::of(&m.played),
                "value": m.value,
                "best": StepNote::of(&m.best),
                "best_value": m.best_value,
                "loss": m.loss,
                "chance": m.chance,
            })
        })
        .collect();
    let totals: serde_json::Map<String, Value> = Side::BOTH
        .into_iter()
        .map(|s| {
            let t = review.tally(s);
            (
                name(s),
                json!({ "decisions": t.decisions, "loss": t.loss, "largest": t.largest }),
            )
        })
        .collect();
    json!({
        "record": record,
        "rules": id,
        "values": if review.exact { "table" } else { "search" },
        "playouts": review.playouts,
        "sides": Side::BOTH.map(name),
        "seated": head.seated,
        "result": head.result,
        "moves": moves,
        "mistakes": review.mistakes(MISTAKES).iter().map(|m| m.number).collect::<Vec<_>>(),
        "totals": totals,
    })
}

/// Move `mv` from `pos` with `throw`, in words, as `senet play` tells it.
pub fn move_text(engine: &Engine, pos: &Position, mv: &Move, throw: Throw) -> String {
    let (after, report) = engine.apply(pos, mv, throw);
    move_words(
        engine,
        pos.to_move(),
        &report,
        throw,
        engine.outcome(&after),
        Style { colour: false },
    )
    .text
}
