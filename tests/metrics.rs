//! The figures of `senet compare` (docs/metrics.md), each worked out by hand: per game on a row
//! of 12 squares (the race count, the restrictions that fired, the branching and forced moves,
//! lead changes and drama, fed position by position to the probe that watches games), and
//! whole reports, intervals included, of games their rules leave no chance in.

use crate::support::row;

use row::engine_of;
use senet::engine::game::{GameSummary, Watch};
use senet::engine::{Engine, Listing, Move, Outcome, Position};
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
    assert_eq!(
        engine.legal_moves(pos, Throw::from(throw), &mut moves),
        Listing::Whole
    );
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

// Whole comparisons of games fixed by their rules: a throw that is always the same number and
// one piece a side on paths of their own, so every game is the same game, whatever the seed
// and the players, and every figure of the report can be worked out by hand.

use crate::support::cli;

/// Red on squares 1-4, blue on 5-8 (positions 1-4, off at 5), one piece each, waiting.
const TWO_LANES: &str = "board 2 x 4
path red: 1..4
path blue: 5..8
sides red, blue
pieces 1 each
start waiting
enter onto throw
bear off exact
win first to bear off all
";

/// `senet compare` of the rules `extra` adds to [`TWO_LANES`], as JSON.
fn compare_fixed(name: &str, extra: &str, args: &[&str]) -> Value {
    let dir = std::env::temp_dir().join(format!("senet-metrics-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.rules"));
    std::fs::write(
        &file,
        format!("ruleset \"test/{name}\"\n{TWO_LANES}{extra}"),
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let (code, out, err) = cli::run(&[&["compare", file, "--format", "json"], args].concat());
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// A figure's value and interval.
fn figure(row: &Value, key: &str) -> (f64, f64, f64) {
    let m = &row["metrics"][key];
    let f = |v: &Value| v.as_f64().unwrap_or_else(|| panic!("{key}: {m}"));
    (f(&m["value"]), f(&m["ci95"][0]), f(&m["ci95"][1]))
}

fn close(got: (f64, f64, f64), want: (f64, f64, f64), key: &str) {
    let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
    assert!(
        near(got.0, want.0) && near(got.1, want.1) && near(got.2, want.2),
        "{key}: {got:?}, worked out {want:?}"
    );
}

#[test]
fn a_fixed_race_gives_the_figures_worked_out_by_hand() {
    // Every throw is a 1; a move that ends on square 6 (blue's position 2) throws again.
    // The race counts (red, blue): 5 waiting, 5 - p on position p. The game, decision by
    // decision, with the race count before it:
    //   1 red enters (5, 5) level        2 blue enters (4, 5) red leads, blue behind by 1
    //   3 red 1-2 (4, 4) level           4 blue 1-2, throws again (3, 4) red leads, by 1
    //   5 blue 2-3 (3, 3) level          6 red 2-3 (3, 2) blue leads: a lead change
    //   7 blue 3-4 (2, 2) level          8 red 3-4 (2, 1) blue leads
    //   9 blue bears off (1, 1) level: blue wins.
    // 9 moves in 8 turns (4 and 5 are one turn); blue trailed in 2 of 9 positions, by 1 each.
    let report = compare_fixed(
        "fixed-race",
        "throw 1 sticks: 0 -> 1, 1 -> 1\nextra throw on 6\n",
        &[
            "--games",
            "10",
            "--skill",
            "greedy/random",
            "--skill-games",
            "5",
        ],
    );
    let row = &report["rows"][0];
    assert_eq!(row["race_start"], json!([5, 5]));
    // Wilson at 0 or n of n: the bounds are 0 and z^2/(n + z^2), or n/(n + z^2) and 1, with
    // z^2 = 1.959964^2 = 3.841459: for n = 10, 3.841459/13.841459 = 0.277533.
    let (zero_of_10, all_of_10) = ((0.0, 0.0, 0.277533), (1.0, 0.722467, 1.0));
    // Red played first and lost every game.
    close(figure(row, "advantage"), zero_of_10, "advantage");
    // 1 - |0 - 10| / 10, with variance (0 + 1 - 1) / 10.
    close(figure(row, "balance"), (0.0, 0.0, 0.0), "balance");
    close(figure(row, "decisiveness"), all_of_10, "decisiveness");
    close(figure(row, "draws"), zero_of_10, "draws");
    close(figure(row, "unfinished"), zero_of_10, "unfinished");
    // Every game alike: the t intervals have no width.
    for (key, value) in [
        ("turns", 8.0),
        ("moves", 9.0),
        ("passes", 0.0),
        ("captures", 0.0),
        ("lead_changes", 1.0),
        // Each decision with one legal move.
        ("branching", 1.0),
        ("forced", 1.0),
        ("behind", 2.0 / 9.0),
        // A mean deficit of 1, of the race count at the start, 5.
        ("drama", 1.0 / 5.0),
    ] {
        close(figure(row, key), (value, value, value), key);
    }
    let turns = &row["metrics"]["turns"];
    assert_eq!(
        [&turns["p10"], &turns["p50"], &turns["p90"], &turns["max"]],
        [8, 8, 8, 8]
    );
    for key in ["blockades", "protections", "stops"] {
        assert_eq!(row["metrics"][key]["missing"], "no such rule", "{key}");
    }
    // The game is the same whoever plays: greedy wins the 5 games it plays as blue and loses
    // the 5 as red, 5 of 10. Wilson: centre 1/2, half width
    // z sqrt(1/40 + z^2/400) / (1 + z^2/10) = 1.959964 x 0.1860206 / 1.3841459 = 0.263407.
    let skill = &row["metrics"]["skill:greedy/random"];
    close(
        figure(row, "skill:greedy/random"),
        (0.5, 0.236593, 0.763407),
        "skill",
    );
    assert_eq!(skill["lottery"], true);
}

#[test]
fn a_game_that_cannot_end_gives_the_figures_worked_out_by_hand() {
    // Every throw is a 2, and no move passes over square 3 or 7 (position 3). Red enters on
    // position 2 in turn 1, blue in turn 2; from then on 2 + 2 would pass the stop square,
    // and without the stop it could (it bears off exactly): every later turn is a pass at
    // which the stop fired. The turn cap of 10 stops the game: 2 moves, 8 passes, 8 stops.
    let report = compare_fixed(
        "no-end",
        "throw 1 sticks: 0 -> 2, 1 -> 2\nstop on 3, 7\n",
        &[
            "--games",
            "4",
            "--turn-cap",
            "10",
            "--skill",
            "greedy/random",
            "--skill-games",
            "3",
        ],
    );
    let row = &report["rows"][0];
    // For n = 4: z^2/(4 + z^2) = 3.841459/7.841459 = 0.489891.
    close(
        figure(row, "unfinished"),
        (1.0, 0.510109, 1.0),
        "unfinished",
    );
    close(
        figure(row, "decisiveness"),
        (0.0, 0.0, 0.489891),
        "decisiveness",
    );
    close(figure(row, "draws"), (0.0, 0.0, 0.489891), "draws");
    // No side won: 1 - |0 - 0|.
    close(figure(row, "balance"), (1.0, 1.0, 1.0), "balance");
    for (key, value) in [
        ("turns", 10.0),
        ("moves", 2.0),
        ("passes", 8.0),
        ("stops", 8.0),
        ("captures", 0.0),
        // Level after each pair of turns, red ahead between: never a change.
        ("lead_changes", 0.0),
        // The two entries; passes are no decisions with a move.
        ("branching", 1.0),
        ("forced", 1.0),
    ] {
        close(figure(row, key), (value, value, value), key);
    }
    // What is measured over games with a winner has nothing to measure.
    for key in ["advantage", "behind", "drama", "skill:greedy/random"] {
        let m = &row["metrics"][key];
        assert!(m["value"].is_null(), "{key}: {m}");
        assert_eq!(m["missing"], "no game had a winner", "{key}");
    }
}

#[test]
fn drama_has_no_value_where_the_winner_never_trailed() {
    // Every throw a 1, no extra throw: red, first, is level or ahead at every decision
    // ((5, 5), (4, 5), (4, 4), ... (1, 1)) and bears off with its fifth move, in turn 9. It
    // trailed in none of the 9 positions; its mean deficit over them is a mean of nothing.
    let report = compare_fixed(
        "front-runner",
        "throw 1 sticks: 0 -> 1, 1 -> 1\n",
        &["--games", "3", "--skill", "none"],
    );
    let row = &report["rows"][0];
    close(figure(row, "behind"), (0.0, 0.0, 0.0), "behind");
    close(figure(row, "lead_changes"), (0.0, 0.0, 0.0), "lead_changes");
    assert_eq!(
        row["metrics"]["drama"]["missing"],
        "the winner never trailed"
    );
    // Red won every game: Wilson's lower bound for 3 of 3 is 3/(3 + z^2) = 0.438503.
    close(figure(row, "advantage"), (1.0, 0.438503, 1.0), "advantage");
    close(figure(row, "turns"), (9.0, 9.0, 9.0), "turns");
}
