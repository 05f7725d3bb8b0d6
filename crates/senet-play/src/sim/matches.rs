//! Matches simulated (`senet sim --matches N`): match `i` of a run seeded `S` is seeded from
//! `(S, i)` alone, and game `j` of it from that seed and `j`, so that the figures are the same
//! whatever the number of threads. A match is played as [`crate::matches`] keeps it; the
//! figures are the players' (they keep their seats from game to game), by match and by game of
//! the match.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Write;

use super::report::{ByPlayer, RateNote, Spread, per_game, rate, wilson};
use super::{Histogram, SimError, SimSpec, make_players, seat, seating};
use crate::matches::MatchScore;
use crate::notation::named::Named;
use crate::seed::game_seed;
use senet_engine::engine::Engine;
use senet_engine::engine::Outcome;
use senet_engine::engine::game::{Game, GameEvent, run as run_game};
use senet_lang::check::ruleset::Match;
use senet_lang::types::{NextFirst, PerSide};

/// Sums over matches, all integers (they add up alike in any order). Player 1 is the run's
/// player 1, wherever `--alternate` seats it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchTotals {
    pub matches: u64,
    /// Matches won, by player.
    pub player_wins: [u64; 2],
    /// Matches that ended unwon: a game stopped at its turn cap, or the most games a match
    /// plays were played.
    pub unfinished: u64,
    /// How many matches had each number of games.
    pub games_each: Histogram,
    /// The same figures for each game of the match, in the order the match names them (one,
    /// where the match plays its own rules' game).
    pub by_game: Vec<GameTotals>,
}

/// Sums over the games of one kind (one rule set of a match).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameTotals {
    pub games: u64,
    /// Games won, by player.
    pub player_wins: [u64; 2],
    /// Points scored, by player.
    pub points: [u64; 2],
    pub draws: u64,
    pub unfinished: u64,
    pub moves: u64,
}

impl MatchTotals {
    fn new(kinds: usize) -> MatchTotals {
        MatchTotals {
            by_game: vec![GameTotals::default(); kinds],
            ..MatchTotals::default()
        }
    }

    /// These totals and `o`'s together.
    fn plus(mut self, o: MatchTotals) -> MatchTotals {
        self.matches += o.matches;
        self.unfinished += o.unfinished;
        for p in 0..2 {
            self.player_wins[p] += o.player_wins[p];
        }
        self.games_each.merge(o.games_each);
        if self.by_game.len() < o.by_game.len() {
            self.by_game.resize(o.by_game.len(), GameTotals::default());
        }
        for (a, b) in self.by_game.iter_mut().zip(o.by_game) {
            a.games += b.games;
            a.draws += b.draws;
            a.unfinished += b.unfinished;
            a.moves += b.moves;
            for p in 0..2 {
                a.player_wins[p] += b.player_wins[p];
                a.points[p] += b.points[p];
            }
        }
        self
    }
}

/// Plays the matches of `spec` (`spec.games` of them; shards are not taken) between its
/// players, on `jobs` threads: `engines` are the match's games in turn (one: its own rules').
pub fn run_matches(
    engines: &[Engine],
    plan: &Match,
    spec: &SimSpec,
    jobs: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<MatchTotals, SimError> {
    // As `super::run_until`: fixed chunks, so that the totals do not depend on the threads.
    const CHUNK: u64 = 16;
    let chunks = spec.games.div_ceil(CHUNK);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| SimError::Threads(e.to_string()))?;
    pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                let start = c * CHUNK;
                let range = start..(start + CHUNK).min(spec.games);
                let n = range.end - range.start;
                let t = play_matches(engines, plan, spec, range);
                tick(n);
                t
            })
            .try_reduce(|| MatchTotals::new(engines.len()), |a, b| Ok(a.plus(b)))
    })
}

/// Plays matches `range` of the run on this thread.
fn play_matches(
    engines: &[Engine],
    plan: &Match,
    spec: &SimSpec,
    range: std::ops::Range<u64>,
) -> Result<MatchTotals, SimError> {
    let mut players = make_players(spec)?;
    let mut games: Vec<Game> = engines
        .iter()
        .map(|e| {
            let mut g = Game::new(e, spec.turn_cap);
            // Events only where passes score: they are counted from them.
            g.keep_events = plan.pass_score > 0;
            g
        })
        .collect();
    let scored: Vec<bool> = engines.iter().map(crate::matches::scores_points).collect();
    let mut t = MatchTotals::new(engines.len());
    for i in range {
        let match_seed = game_seed(spec.seed, i);
        let seats = seating(spec.alternate, i);
        let swapped = seats.1;
        let mut score = MatchScore::new(plan);
        while !score.over(plan) {
            let kind = score.next_game(plan);
            let seed = game_seed(match_seed, u64::from(score.games));
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let game = &mut games[kind];
            game.reset();
            if let Some(side) = score.next_first(plan) {
                game.begin_with(side);
            }
            let mut seated = seat(&mut players, seed, seats);
            let mut passes = PerSide::<u32>::default();
            run_game(game, &mut seated, &mut rng, |e| {
                if let GameEvent::Pass { side, .. } = e {
                    passes[*side] += 1;
                }
            });
            let s = &game.summary;
            let began = game.began().unwrap_or(game.pos.to_move());
            let kt = &mut t.by_game[kind];
            kt.games += 1;
            kt.moves += u64::from(s.moves);
            match s.outcome {
                Some(Outcome::Win { side, points }) => {
                    let p = usize::from(s.seat[side]) ^ usize::from(swapped);
                    kt.player_wins[p] += 1;
                    kt.points[p] += u64::from(if scored[kind] { points } else { 1 });
                }
                Some(Outcome::Draw) => kt.draws += 1,
                None => kt.unfinished += 1,
            }
            score.add(s, began, scored[kind]);
            score.add_passes(passes, s.seat);
        }
        t.matches += 1;
        t.games_each.add(score.games);
        match score.winner(plan) {
            Some(p) => t.player_wins[p ^ usize::from(swapped)] += 1,
            None => t.unfinished += 1,
        }
    }
    Ok(t)
}

/// What was asked of a run of matches, for its report.
pub struct MatchMeta<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub options: &'a [(String, String)],
    /// The ids of the match's games in turn (the rules' own id where it plays its own game).
    pub games: Vec<String>,
    pub players: &'a [String],
    pub alternate: bool,
    pub seed: u64,
    pub turn_cap: u32,
    pub seconds: f64,
    pub jobs: usize,
}

/// The report of a run of matches, as JSON (docs/formats.md).
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    pub format: String,
    pub rules: String,
    pub title: String,
    pub options: Named<String>,
    /// The points that win a match.
    pub to: u32,
    /// The ids of the games, played in turn.
    pub games: Vec<String>,
    /// Who begins each game after the first: `winner`, `loser`, `alternate`, or null (as each
    /// game's rules say).
    pub next_first: Option<String>,
    pub players: Vec<String>,
    pub alternate: bool,
    pub seed: u64,
    pub turn_cap: u32,
    pub matches: u64,
    pub wins_by_player: ByPlayer,
    pub win_rate_by_player: Named<RateNote>,
    pub unfinished: u64,
    pub games_per_match: Spread,
    pub by_game: Vec<GameNote>,
    pub totals: MatchTotals,
    pub jobs: usize,
    pub seconds: f64,
    pub matches_per_second: f64,
}

/// The figures of one game of a match, over every match.
#[derive(Clone, Debug, Serialize)]
pub struct GameNote {
    pub rules: String,
    pub games: u64,
    pub wins_by_player: ByPlayer,
    pub draws: u64,
    pub unfinished: u64,
    /// Points scored by a win, on average.
    pub points_per_win: f64,
    pub moves_per_game: f64,
}

/// Who begins each game of `plan` after the first, as the reports write it: `winner`, `loser`,
/// `alternate`, or `None` (as each game's rules say).
pub fn next_first_word(plan: &Match) -> Option<String> {
    plan.next_first.map(|n| {
        match n {
            NextFirst::Winner => "winner",
            NextFirst::Loser => "loser",
            NextFirst::Alternate => "alternate",
        }
        .to_string()
    })
}

impl MatchReport {
    pub fn new(plan: &Match, t: &MatchTotals, m: &MatchMeta) -> MatchReport {
        let n = t.matches;
        let played: u64 = t.games_each.0.iter().map(|(&g, &k)| u64::from(g) * k).sum();
        MatchReport {
            format: "senet-match-sim/1".into(),
            rules: m.id.into(),
            title: m.title.into(),
            options: Named(m.options.to_vec()),
            to: plan.to,
            games: m.games.clone(),
            next_first: next_first_word(plan),
            players: m.players.to_vec(),
            alternate: m.alternate,
            seed: m.seed,
            turn_cap: m.turn_cap,
            matches: n,
            wins_by_player: ByPlayer {
                first: t.player_wins[0],
                second: t.player_wins[1],
            },
            win_rate_by_player: Named(
                (0..2)
                    .map(|p| {
                        let (rate, lo, hi) = wilson(t.player_wins[p], n);
                        (
                            format!("{}", p + 1),
                            RateNote {
                                rate,
                                ci95: [lo, hi],
                            },
                        )
                    })
                    .collect(),
            ),
            unfinished: t.unfinished,
            games_per_match: Spread::of(&t.games_each, per_game(played, n)),
            by_game: t
                .by_game
                .iter()
                .zip(&m.games)
                .map(|(g, id)| GameNote {
                    rules: id.clone(),
                    games: g.games,
                    wins_by_player: ByPlayer {
                        first: g.player_wins[0],
                        second: g.player_wins[1],
                    },
                    draws: g.draws,
                    unfinished: g.unfinished,
                    points_per_win: per_game(
                        g.points[0] + g.points[1],
                        g.player_wins[0] + g.player_wins[1],
                    ),
                    moves_per_game: per_game(g.moves, g.games),
                })
                .collect(),
            totals: t.clone(),
            jobs: m.jobs,
            seconds: m.seconds,
            matches_per_second: rate(n, m.seconds),
        }
    }
}

/// The report as JSON.
pub fn json_match_report(plan: &Match, t: &MatchTotals, m: &MatchMeta) -> Value {
    serde_json::to_value(MatchReport::new(plan, t, m)).unwrap_or_default()
}

/// The report as text.
pub fn text_match_report(plan: &Match, t: &MatchTotals, m: &MatchMeta) -> String {
    let r = MatchReport::new(plan, t, m);
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", m.title, m.id);
    let opts: Vec<String> = m.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if !opts.is_empty() {
        let _ = writeln!(out, "options: {}", opts.join(", "));
    }
    let begins = match plan.next_first {
        Some(NextFirst::Winner) => "; the winner of a game begins the next",
        Some(NextFirst::Loser) => "; the loser of a game begins the next",
        Some(NextFirst::Alternate) => "; the sides take turns to begin",
        None => "",
    };
    let games = if plan.games.is_empty() {
        String::new()
    } else {
        format!(", the games {} in turn", m.games.join(", "))
    };
    let _ = writeln!(out, "matches to {} points{games}{begins}", plan.to);
    let _ = writeln!(
        out,
        "{} matches, players {} (player 1, player 2){}, seed {}",
        r.matches,
        m.players.join(" vs "),
        if m.alternate {
            ", sides swapped every other match"
        } else {
            ""
        },
        m.seed
    );
    let _ = writeln!(out, "\nmatches won (95 % confidence interval)");
    for p in 0..2 {
        let (rate, lo, hi) = wilson(t.player_wins[p], r.matches);
        let _ = writeln!(
            out,
            "  player {} ({}) {:>7}  {:6.2} %  [{:.2} - {:.2}]",
            p + 1,
            m.players[p],
            t.player_wins[p],
            100.0 * rate,
            100.0 * lo,
            100.0 * hi
        );
    }
    let _ = writeln!(out, "  unfinished {:>9}\n", t.unfinished);
    let g = &r.games_per_match;
    let _ = writeln!(out, "games a match      mean     p10    p50    p90    max");
    let _ = writeln!(
        out,
        "  {:<14} {:8.2} {:7} {:6} {:6} {:6}",
        "games", g.mean, g.p10, g.p50, g.p90, g.max
    );
    let width = m.games.iter().map(String::len).max().unwrap_or(0).max(4);
    let _ = writeln!(
        out,
        "\n{:<width$}    games  player 1 won  player 2 won   draws  points a win  moves a game",
        "game"
    );
    for n in &r.by_game {
        let _ = writeln!(
            out,
            "{:<width$} {:>8} {:>13} {:>13} {:>7} {:>13.2} {:>13.1}",
            n.rules,
            n.games,
            n.wins_by_player.first,
            n.wins_by_player.second,
            n.draws,
            n.points_per_win,
            n.moves_per_game
        );
    }
    let _ = writeln!(
        out,
        "\n{:.2} s on {} thread{}, {:.0} matches per second",
        m.seconds,
        m.jobs,
        if m.jobs == 1 { "" } else { "s" },
        r.matches_per_second
    );
    out
}
