//! The figures of a simulation, as text for people and as JSON for tools.

use std::fmt::Write;

use serde_json::{Map, Value, json};

use super::{Histogram, Totals};
use crate::compile::SquareFlags;
use crate::engine::Engine;
use crate::types::{Side, Square};

/// A proportion with its 95 % Wilson score interval.
pub fn wilson(successes: u64, n: u64) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let z = 1.959_963_984_540_054f64;
    let (k, n) = (successes as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// The value at `tenths` tenths of a sorted list (5 for the median): the nearest rank, exact
/// in integers (halves round up).
fn per_game(total: u64, games: u64) -> f64 {
    if games == 0 {
        0.0
    } else {
        total as f64 / games as f64
    }
}

/// The squares worth reporting: named, flagged or with an effect.
fn special_squares(engine: &Engine) -> Vec<(Square, String)> {
    let r = &engine.rules;
    r.squares()
        .filter_map(|sq| {
            let special = r.board.name(sq).is_some()
                || Side::BOTH.iter().any(|&s| r.effect(s, sq).is_some())
                || r.square_flags(sq)
                    .intersects(SquareFlags::SAFE | SquareFlags::EXTRA_THROW | SquareFlags::STOP);
            special.then(|| {
                (
                    sq,
                    r.board
                        .name(sq)
                        .map_or_else(|| format!("square {sq}"), |n| format!("{sq} {n}")),
                )
            })
        })
        .collect()
}

pub struct Meta<'a> {
    pub options: &'a [(String, String)],
    pub players: &'a [String],
    pub seed: u64,
    pub seconds: f64,
    pub jobs: usize,
}

fn stats(each: &Histogram, mean: f64) -> Value {
    json!({
        "mean": mean,
        "p10": each.percentile(1),
        "p50": each.percentile(5),
        "p90": each.percentile(9),
        "max": each.max(),
    })
}

pub fn json_report(engine: &Engine, t: &Totals, m: &Meta) -> Value {
    let r = &engine.rules;
    let sides: Vec<String> = r.sides.values().map(|s| s.name.clone()).collect();
    let mut wins = Map::new();
    let mut rates = Map::new();
    for (s, side) in r.sides.iter() {
        let name = side.name.clone();
        wins.insert(name.clone(), json!(t.wins[s]));
        let (p, lo, hi) = wilson(t.wins[s], t.games);
        rates.insert(name.clone(), json!({ "rate": p, "ci95": [lo, hi] }));
    }
    let mut squares = Map::new();
    for (sq, name) in special_squares(engine) {
        squares.insert(name, json!(per_game(t.landings[sq.index()], t.games)));
    }
    let options: Map<String, Value> = m
        .options
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    let g = t.games;
    json!({
        "rules": r.id,
        "options": options,
        "players": m.players,
        "seed": m.seed,
        "games": g,
        "sides": sides,
        "wins": wins,
        "win_rate": rates,
        "wins_by_player": { "1": t.player_wins[0], "2": t.player_wins[1] },
        "draws": t.draws,
        "unfinished": t.unfinished,
        "moves_per_game": per_game(t.moves, g),
        "turns_per_game": per_game(t.turns, g),
        "captures_per_game": per_game(t.captures, g),
        "passes_per_game": per_game(t.passes, g),
        "backward_moves_per_game": per_game(t.backward, g),
        "extra_throws_per_game": per_game(t.extra_throws, g),
        "square_effects_per_game": per_game(t.effects, g),
        "entries_per_game": per_game(t.entered, g),
        "match_points_per_game": per_game(t.match_points, g),
        "moves": stats(&t.moves_each, per_game(t.moves, g)),
        "turns": stats(&t.turns_each, per_game(t.turns, g)),
        "landings_per_game": squares,
        "jobs": m.jobs,
        "seconds": m.seconds,
        "games_per_second": if m.seconds > 0.0 { g as f64 / m.seconds } else { 0.0 },
    })
}

pub fn text_report(engine: &Engine, t: &Totals, m: &Meta) -> String {
    let r = &engine.rules;
    let g = t.games;
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", r.title, r.id);
    let opts: Vec<String> = m.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if !opts.is_empty() {
        let _ = writeln!(out, "options: {}", opts.join(", "));
    }
    let _ = writeln!(
        out,
        "{} games, players {} (player 1, player 2), seed {}\n",
        g,
        m.players.join(" vs "),
        m.seed
    );
    let _ = writeln!(out, "wins (95 % confidence interval)");
    for (s, side) in r.sides.iter() {
        let (p, lo, hi) = wilson(t.wins[s], g);
        let _ = writeln!(
            out,
            "  {:<8} {:>9}  {:6.2} %  [{:.2} - {:.2}]",
            side.name,
            t.wins[s],
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        );
    }
    if r.seats.is_some() || m.players[0] != m.players[1] {
        for k in 0..2 {
            let (p, lo, hi) = wilson(t.player_wins[k], g);
            let _ = writeln!(
                out,
                "  player {} ({}) {:>5}  {:6.2} %  [{:.2} - {:.2}]",
                k + 1,
                m.players[k],
                t.player_wins[k],
                100.0 * p,
                100.0 * lo,
                100.0 * hi
            );
        }
    }
    let _ = writeln!(
        out,
        "  draws    {:>9}\n  unfinished {:>7}\n",
        t.draws, t.unfinished
    );
    let _ = writeln!(out, "game length        mean     p10    p50    p90    max");
    for (name, total, each) in [
        ("moves", t.moves, &t.moves_each),
        ("turns", t.turns, &t.turns_each),
    ] {
        let _ = writeln!(
            out,
            "  {name:<14} {:8.1} {:7} {:6} {:6} {:6}",
            per_game(total, g),
            each.percentile(1),
            each.percentile(5),
            each.percentile(9),
            each.max()
        );
    }
    let _ = writeln!(out, "\nper game");
    for (name, total) in [
        ("captures", t.captures),
        ("passes", t.passes),
        ("backward moves", t.backward),
        ("extra throws", t.extra_throws),
        ("square effects", t.effects),
        ("pieces entered", t.entered),
        ("pieces borne off", t.borne_off),
        ("match points", t.match_points),
    ] {
        if total > 0 || matches!(name, "captures" | "passes") {
            let _ = writeln!(out, "  {name:<18} {:8.2}", per_game(total, g));
        }
    }
    let special = special_squares(engine);
    if !special.is_empty() {
        let _ = writeln!(out, "\nmoves landing on special squares, per game");
        for (sq, name) in special {
            let _ = writeln!(
                out,
                "  {name:<28} {:8.2}",
                per_game(t.landings[sq.index()], g)
            );
        }
    }
    let rate = if m.seconds > 0.0 {
        g as f64 / m.seconds
    } else {
        0.0
    };
    let _ = writeln!(
        out,
        "\n{:.2} s on {} thread{}, {:.0} games per second",
        m.seconds,
        m.jobs,
        if m.jobs == 1 { "" } else { "s" },
        rate
    );
    out
}
