//! The figures of a simulation, as text for people and as JSON for tools. A report is made
//! from what it says of the rules ([`Facts`]), what was asked ([`Meta`]) and the integer
//! [`Totals`]: the same three give the same report, which is how shards merged give the report
//! of one run ([`super::merge`]).

use std::fmt::Write;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Histogram, Shard, Totals};
use crate::notation::named::Named;
use senet_engine::compile::SquareFlags;
use senet_engine::engine::Engine;
use senet_lang::types::Side;

/// A proportion with its 95 % Wilson score interval: `(rate, low, high)`.
pub fn wilson(successes: u64, n: u64) -> (f64, f64, f64) {
    let e = super::stats::wilson(successes, n);
    (e.value, e.low, e.high)
}

/// `total / games` (0 for no games).
pub(super) fn per_game(total: u64, games: u64) -> f64 {
    if games == 0 {
        0.0
    } else {
        total as f64 / games as f64
    }
}

/// What a report says of the rules, taken from them once: a report is written from these, so
/// that shards are merged without the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    pub id: String,
    pub title: String,
    /// Side names, in side order.
    pub sides: [String; 2],
    /// Whether a seat ritual decides who plays which side.
    pub seats: bool,
    /// The squares worth reporting (named, flagged or with an effect): index and name.
    pub special: Vec<(usize, String)>,
}

impl Facts {
    pub fn of(engine: &Engine) -> Facts {
        let r = &engine.rules;
        let special = r
            .squares()
            .filter(|&sq| {
                r.board.name(sq).is_some()
                    || Side::BOTH.iter().any(|&s| r.effect(s, sq).is_some())
                    || r.square_flags(sq).intersects(
                        SquareFlags::SAFE | SquareFlags::EXTRA_THROW | SquareFlags::STOP,
                    )
            })
            .map(|sq| {
                let name = r
                    .board
                    .name(sq)
                    .map_or_else(|| format!("square {sq}"), |n| format!("{sq} {n}"));
                (sq.index(), name)
            })
            .collect();
        Facts {
            id: r.id.clone(),
            title: r.title.clone(),
            sides: [0, 1].map(|i| r.sides.0[i].name.clone()),
            seats: r.seats.is_some(),
            special,
        }
    }
}

/// What was asked, and how long it took.
pub struct Meta<'a> {
    pub options: &'a [(String, String)],
    pub players: &'a [String],
    /// Whether the players swapped seats every other game.
    pub alternate: bool,
    pub seed: u64,
    pub turn_cap: u32,
    /// The shard played, and the games of the whole run.
    pub shard: Option<(Shard, u64)>,
    pub seconds: f64,
    pub jobs: usize,
}

/// A report of `senet sim` as JSON (docs/formats.md), field by field in the order written: the
/// rules' facts, what was asked, the figures (worked out from the totals, and worked out again
/// from them by a merge, which reads them only where they are given), the totals, the shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimReport {
    /// `senet-sim/1`.
    pub format: String,
    pub rules: String,
    pub title: String,
    pub options: Named<String>,
    pub players: Vec<String>,
    /// Not written before seats could alternate: those runs did not.
    #[serde(default)]
    pub alternate: bool,
    pub seed: u64,
    pub turn_cap: u32,
    pub games: u64,
    pub sides: [String; 2],
    pub seats: bool,
    #[serde(default)]
    pub wins: Named<u64>,
    #[serde(default)]
    pub win_rate: Named<RateNote>,
    #[serde(default)]
    pub wins_by_player: ByPlayer,
    #[serde(default)]
    pub draws: u64,
    #[serde(default)]
    pub unfinished: u64,
    #[serde(default)]
    pub moves_per_game: f64,
    #[serde(default)]
    pub turns_per_game: f64,
    #[serde(default)]
    pub captures_per_game: f64,
    #[serde(default)]
    pub passes_per_game: f64,
    #[serde(default)]
    pub backward_moves_per_game: f64,
    #[serde(default)]
    pub extra_throws_per_game: f64,
    #[serde(default)]
    pub square_effects_per_game: f64,
    #[serde(default)]
    pub entries_per_game: f64,
    #[serde(default)]
    pub match_points_per_game: f64,
    #[serde(default)]
    pub moves: Spread,
    #[serde(default)]
    pub turns: Spread,
    #[serde(default)]
    pub landings_per_game: Named<f64>,
    pub special_squares: Vec<(usize, String)>,
    pub totals: Totals,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardNote>,
    pub jobs: usize,
    pub seconds: f64,
    #[serde(default)]
    pub games_per_second: f64,
}

/// A proportion and its 95 % interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RateNote {
    pub rate: f64,
    pub ci95: [f64; 2],
}

/// Games won by player 1 and by player 2 (not by side: seats may change).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByPlayer {
    #[serde(rename = "1")]
    pub first: u64,
    #[serde(rename = "2")]
    pub second: u64,
}

/// The mean of a game's length, and its deciles and longest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub mean: f64,
    pub p10: u32,
    pub p50: u32,
    pub p90: u32,
    pub max: u32,
}

impl Spread {
    pub(super) fn of(each: &Histogram, mean: f64) -> Spread {
        Spread {
            mean,
            p10: each.percentile(1),
            p50: each.percentile(5),
            p90: each.percentile(9),
            max: each.max(),
        }
    }
}

/// The shard a result holds, and the games of its whole run: `{"k": 2, "n": 4, "run_games":
/// 1000}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardNote {
    pub k: u64,
    pub n: u64,
    pub run_games: u64,
}

impl ShardNote {
    pub fn of((s, run_games): (Shard, u64)) -> ShardNote {
        ShardNote {
            k: s.k,
            n: s.n,
            run_games,
        }
    }
}

/// `games / seconds`, 0 when no time was measured.
pub fn rate(games: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    }
}

impl SimReport {
    /// The report of a run: what it says of the rules, its totals, what was asked.
    pub fn new(f: &Facts, t: &Totals, m: &Meta) -> SimReport {
        let g = t.games;
        let by_side = |value: &dyn Fn(usize) -> _| {
            Named(
                f.sides
                    .iter()
                    .enumerate()
                    .map(|(i, name)| (name.clone(), value(i)))
                    .collect(),
            )
        };
        SimReport {
            format: "senet-sim/1".into(),
            rules: f.id.clone(),
            title: f.title.clone(),
            options: Named(m.options.to_vec()),
            players: m.players.to_vec(),
            alternate: m.alternate,
            seed: m.seed,
            turn_cap: m.turn_cap,
            games: g,
            sides: f.sides.clone(),
            seats: f.seats,
            wins: by_side(&|i| t.wins.0[i]),
            win_rate: Named(
                f.sides
                    .iter()
                    .enumerate()
                    .map(|(i, name)| {
                        let (rate, lo, hi) = wilson(t.wins.0[i], g);
                        let ci95 = [lo, hi];
                        (name.clone(), RateNote { rate, ci95 })
                    })
                    .collect(),
            ),
            wins_by_player: ByPlayer {
                first: t.player_wins[0],
                second: t.player_wins[1],
            },
            draws: t.draws,
            unfinished: t.unfinished,
            moves_per_game: per_game(t.moves, g),
            turns_per_game: per_game(t.turns, g),
            captures_per_game: per_game(t.captures, g),
            passes_per_game: per_game(t.passes, g),
            backward_moves_per_game: per_game(t.backward, g),
            extra_throws_per_game: per_game(t.extra_throws, g),
            square_effects_per_game: per_game(t.effects, g),
            entries_per_game: per_game(t.entered, g),
            match_points_per_game: per_game(t.match_points, g),
            moves: Spread::of(&t.moves_each, per_game(t.moves, g)),
            turns: Spread::of(&t.turns_each, per_game(t.turns, g)),
            landings_per_game: Named(
                f.special
                    .iter()
                    .map(|(index, name)| {
                        let n = t.landings.get(*index).copied().unwrap_or(0);
                        (name.clone(), per_game(n, g))
                    })
                    .collect(),
            ),
            special_squares: f.special.clone(),
            totals: t.clone(),
            shard: m.shard.map(ShardNote::of),
            jobs: m.jobs,
            seconds: m.seconds,
            games_per_second: rate(g, m.seconds),
        }
    }

    /// What the report says of the rules.
    pub fn facts(&self) -> Facts {
        Facts {
            id: self.rules.clone(),
            title: self.title.clone(),
            sides: self.sides.clone(),
            seats: self.seats,
            special: self.special_squares.clone(),
        }
    }
}

/// The report as JSON.
pub fn json_report(f: &Facts, t: &Totals, m: &Meta) -> Value {
    serde_json::to_value(SimReport::new(f, t, m)).unwrap_or_default()
}

pub fn text_report(f: &Facts, t: &Totals, m: &Meta) -> String {
    let g = t.games;
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", f.title, f.id);
    let opts: Vec<String> = m.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if !opts.is_empty() {
        let _ = writeln!(out, "options: {}", opts.join(", "));
    }
    let _ = writeln!(
        out,
        "{} games, players {} (player 1, player 2){}, seed {}",
        g,
        m.players.join(" vs "),
        if m.alternate {
            ", seats swapped every other game"
        } else {
            ""
        },
        m.seed
    );
    if let Some((s, games)) = m.shard {
        let r = super::shard_range(games, Some(s));
        let _ = writeln!(
            out,
            "shard {}/{}: games {} to {} of {games}",
            s.k,
            s.n,
            r.start,
            r.end.saturating_sub(1)
        );
    }
    let _ = writeln!(out, "\nwins (95 % confidence interval)");
    for (i, name) in f.sides.iter().enumerate() {
        let (p, lo, hi) = wilson(t.wins.0[i], g);
        let _ = writeln!(
            out,
            "  {:<8} {:>9}  {:6.2} %  [{:.2} - {:.2}]",
            name,
            t.wins.0[i],
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        );
    }
    if f.seats || m.alternate || m.players[0] != m.players[1] {
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
    // How the games were won, where the rules win them more ways than one.
    let ways = t.won_by.ways();
    if ways.len() > 1 {
        let _ = writeln!(out, "games won by");
        for (way, n) in ways {
            let _ = writeln!(out, "  {way:<42} {n:>9}");
        }
        let _ = writeln!(out);
    }
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
    if !f.special.is_empty() {
        let _ = writeln!(out, "\nmoves landing on special squares, per game");
        for (index, name) in &f.special {
            let n = t.landings.get(*index).copied().unwrap_or(0);
            let _ = writeln!(out, "  {name:<28} {:8.2}", per_game(n, g));
        }
    }
    let _ = writeln!(
        out,
        "\n{:.2} s on {} thread{}, {:.0} games per second",
        m.seconds,
        m.jobs,
        if m.jobs == 1 { "" } else { "s" },
        rate(g, m.seconds)
    );
    out
}
