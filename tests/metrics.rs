//! The per-game figures of `senet compare` (docs/metrics.md), each worked out by hand on a row
//! of 12 squares: the race count, the restrictions that fired, the branching and forced
//! moves, lead changes and drama, fed position by position to the probe that watches games.

#[path = "support/row.rs"]
mod row;

use row::engine_of;
use senet::engine::game::{GameSummary, Watch};
use senet::engine::{Engine, Move, Outcome, Position};
use senet::notation::position::parse_position;
use senet::sim::metrics::{Metrics, Probe, Relaxed};
use senet::types::{Side, Throw};
use serde_json::{Value, json};

/// A 1 x 12 board, two pieces a side entering onto the throw, a die of 4; `extra` lines added.
fn engine(extra: &str) -> Engine {
    engine_of(
        "metrics.rules",
        &format!(
            "ruleset \"test/metrics\"
board 1 x 12
path 1..12
sides red, blue
pieces 2 each
start waiting
enter onto throw
throw die 4
bear off exact
{extra}
"
        ),
    )
}

fn position(engine: &Engine, to_move: &str, red: Value, blue: Value) -> Position {
    let v = json!({ "to_move": to_move, "throw": null, "pieces": { "red": red, "blue": blue } });
    parse_position(engine, &v).expect("a valid position").0
}

/// Feeds one decision to the probe, with the engine's own legal moves for `throw`.
fn decide(probe: &mut Probe, engine: &Engine, pos: &Position, throw: u8) -> usize {
    let mut moves: Vec<Move> = Vec::new();
    engine.legal_moves(pos, Throw::from(throw), &mut moves);
    probe.decision(engine, pos, &[Throw::from(throw)], Some(&moves));
    moves.len()
}

fn won_by(side: Side) -> GameSummary {
    GameSummary {
        outcome: Some(Outcome::Win { side, points: 0 }),
        ..GameSummary::default()
    }
}

#[test]
fn the_race_count_is_the_steps_left_to_bear_off() {
    // A path of 12: a piece on p has 13 - p steps to go, a waiting one 13, one off none.
    let e = engine("capture to waiting\nwin first to bear off all");
    let pos = position(&e, "red", json!([3, "waiting"]), json!([10, "off"]));
    assert_eq!(e.race_count(&pos, Side::First), 10 + 13);
    assert_eq!(e.race_count(&pos, Side::Second), 3);
    // A piece taken out of the game: nothing left to go where the first to bear off all
    // wins (it no longer has to), the whole way where the most borne off win (it cannot).
    let first = engine("capture removed\nwin first to bear off all");
    let pos = position(&first, "red", json!([3, "removed"]), json!([10, "off"]));
    assert_eq!(first.race_count(&pos, Side::First), 10);
    let most = engine("capture removed\nwin most borne off");
    let pos = position(&most, "red", json!([3, "removed"]), json!([10, "off"]));
    assert_eq!(most.race_count(&pos, Side::First), 10 + 13);
}

/// The counts of one game of decisions, won by `winner`.
fn metrics_of(probe: &Probe, winner: Side) -> Metrics {
    let mut m = Metrics::default();
    probe.finish(&won_by(winner), &mut m);
    m
}

#[test]
fn a_blockade_fires_where_it_takes_a_move_away() {
    let e = engine("capture to waiting\nwin first to bear off all\nblockade 2");
    let relaxed = Relaxed::new(&e);
    let mut probe = Probe::new(&relaxed);
    // Red on 1 and one waiting, blue on 3 and 4 (a blockade of two). A 4 would take red from
    // 1 over it to 5, and would enter the waiting piece onto 4 over 3: red must pass. Without
    // blockades it would have both moves (entering captures on 4).
    let pos = position(&e, "red", json!([1, "waiting"]), json!([3, 4]));
    assert_eq!(decide(&mut probe, &e, &pos, 4), 0);
    // A 1: red 1 to 2 passes nothing (entering onto 1, where red stands, is no move).
    assert_eq!(decide(&mut probe, &e, &pos, 1), 1);
    let m = metrics_of(&probe, Side::First);
    assert_eq!((m.fired[0].n, m.fired[0].sum), (1, 1), "blockades");
    assert_eq!(m.fired[1].sum, 0, "no protection rule");
    assert_eq!(m.fired[2].sum, 0, "no stop rule");
    // The pass is no decision with a move: one decision, one move, forced.
    assert_eq!((m.branching.y.sum, m.branching.x.sum), (1, 1));
    assert_eq!(m.forced.y.sum, 1);
}

#[test]
fn protection_and_a_stop_fire_where_they_take_a_move_away() {
    let e = engine("capture to waiting\nwin first to bear off all\nprotect pairs\nstop on 6");
    let relaxed = Relaxed::new(&e);
    let mut probe = Probe::new(&relaxed);
    // Red on 1, blue on 3 and 4 (a pair), a 2: red may not capture on 3; without protection
    // it may. Red's other piece enters on 2: one legal move.
    let pos = position(&e, "red", json!([1, "waiting"]), json!([3, 4]));
    assert_eq!(decide(&mut probe, &e, &pos, 2), 1);
    // Red on 5 and 1, blue far off: a 3 takes red from 5 over the stop square 6 (not
    // legal), red from 1 to 4 is. Without the stop both are.
    let pos = position(&e, "red", json!([5, 1]), json!([11, 12]));
    assert_eq!(decide(&mut probe, &e, &pos, 3), 1);
    // A 1: red 5 to 6 lands on the stop square, red 1 to 2: nothing passed, nothing fires.
    assert_eq!(decide(&mut probe, &e, &pos, 1), 2);
    let m = metrics_of(&probe, Side::First);
    assert_eq!(m.fired[0].sum, 0, "no blockade rule");
    assert_eq!(m.fired[1].sum, 1, "protection");
    assert_eq!(m.fired[2].sum, 1, "stop");
    // Moves 1 + 1 + 2 over 3 decisions; 2 forced.
    assert_eq!((m.branching.y.sum, m.branching.x.sum), (4, 3));
    assert_eq!((m.forced.y.sum, m.forced.x.sum), (2, 3));
}

#[test]
fn lead_changes_and_drama_follow_the_race_count() {
    let e = engine("capture to waiting\nwin first to bear off all");
    let relaxed = Relaxed::new(&e);
    let mut probe = Probe::new(&relaxed);
    // Race counts (red, blue), 13 a waiting piece, 13 - p a piece on p:
    let positions = [
        // 26, 26: level, no leader yet.
        (json!(["waiting", "waiting"]), json!(["waiting", "waiting"])),
        // 13 + 11 = 24 against 26: red leads.
        (json!(["waiting", 2]), json!(["waiting", "waiting"])),
        // 24 against 13 + 9 = 22: blue leads (a change), red trails by 2.
        (json!(["waiting", 2]), json!(["waiting", 4])),
        // 8 + 9 = 17 against 10 + 7 = 17: level (no change).
        (json!([5, 4]), json!([3, 6])),
        // 13 + 6 = 19 against 24: red leads again (a change).
        (json!(["waiting", 7]), json!(["waiting", 2])),
        // 19 against 13 + 1 = 14: blue leads (a change), red trails by 5.
        (json!(["waiting", 7]), json!(["waiting", 12])),
    ];
    for (red, blue) in positions {
        let pos = position(&e, "red", red, blue);
        probe.decision(&e, &pos, &[Throw::from(1)], None);
    }
    // Red won in the end: it trailed in 2 of the 6 positions, by 2 and by 5.
    let m = metrics_of(&probe, Side::First);
    assert_eq!(m.lead_changes.sum, 3);
    assert_eq!((m.behind.y.sum, m.behind.x.sum), (2, 6));
    assert_eq!((m.deficit.y.sum, m.deficit.x.sum), (7, 2));
    // Every decision came unlisted (`None`): none counts for the branching factor.
    assert_eq!(m.unlisted, 6);
    assert_eq!(m.branching.x.sum, 0);
    // The first side to play was red, and red won.
    assert_eq!(m.first_side_wins, 1);
    // Had blue won: it trailed in 2 positions (red leading), by 2 and by 5.
    let blue = metrics_of(&probe, Side::Second);
    assert_eq!((blue.behind.y.sum, blue.deficit.y.sum), (2, 2 + 5));
    assert_eq!(blue.first_side_wins, 0);
}
