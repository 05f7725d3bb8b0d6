//! A recorded game reviewed move by move: the value of the move played and of the best move
//! there, what each move lost, and the first side's chance to win after each move.
//!
//! Values come from a solved table where the game has one: the mover's chance to win after the
//! move (a draw counting half), exact. Elsewhere they come from the search of the `hard` level
//! (heuristic values: the worth of the mover's pieces minus the enemy's), and the chance to win
//! after each move is the share of games won in playouts between two `normal` agents from
//! there.

pub mod many;
pub mod plot;
pub mod report;

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::agents::{ExpectimaxAgent, GreedyAgent};
use crate::notation::record::{Record, ReplayError, replay_with};
use crate::seed::{mix, player_seed};
use crate::solve::Solved;
use senet_engine::engine::game::{Game, Player, Stop, run};
use senet_engine::engine::{Engine, Move, Outcome, Position};
use senet_lang::types::{Side, Throw};

/// What a review values moves with.
pub enum Judge {
    /// A solved table: chances to win, exact.
    Table(Arc<Solved>),
    /// The `hard` level's search for the values, and this many playouts between `normal`
    /// agents after each move for the chances.
    Search { playouts: u32 },
}

/// One move of the game, valued.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The move's number among the moves of the game, from 1.
    pub number: u32,
    pub side: Side,
    /// The position the move was made from.
    pub pos: Position,
    /// The throw the move played.
    pub throw: Throw,
    /// How many legal moves there were.
    pub choices: usize,
    pub played: Move,
    /// The value of the move played, for the side that made it.
    pub value: f64,
    /// The best move there (the first of the best, where several are equal).
    pub best: Move,
    pub best_value: f64,
    /// What the move played lost: `best_value - value`, never below 0.
    pub loss: f64,
    /// The first side's chance to win after the move.
    pub chance: f64,
}

/// A reviewed game.
pub struct Review {
    /// How the game ended (`None`: it was stopped, or reached its turn cap).
    pub outcome: Option<Outcome>,
    /// Why a game without an outcome stopped, where the game stopped itself.
    pub stop: Option<Stop>,
    /// The values are chances to win from a solved table.
    pub exact: bool,
    /// Playouts behind each chance (0 where a table gives them).
    pub playouts: u32,
    pub moves: Vec<Judged>,
}

/// Each side's part of a review: its decisions (moves with a choice), what they lost in all,
/// and the largest loss.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub decisions: u32,
    pub loss: f64,
    pub largest: f64,
}

impl Review {
    /// Side `s`'s decisions and losses.
    pub fn tally(&self, s: Side) -> Tally {
        let mut t = Tally::default();
        for m in self.moves.iter().filter(|m| m.side == s && m.choices > 1) {
            t.decisions += 1;
            t.loss += m.loss;
            t.largest = t.largest.max(m.loss);
        }
        t
    }

    /// The `n` moves that lost the most, largest first (only moves that lost something; ties in
    /// the order played).
    pub fn mistakes(&self, n: usize) -> Vec<&Judged> {
        let mut lost: Vec<&Judged> = self.moves.iter().filter(|m| m.loss > LOST).collect();
        lost.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.number.cmp(&b.number)));
        lost.truncate(n);
        lost
    }
}

/// Below this a loss is rounding, not a mistake.
pub const LOST: f64 = 1e-9;

/// Reviews the game `head` records (replayed and verified as `senet replay` does). `seed` seeds
/// the search's ties and the playouts, so that a review repeats.
pub fn review(
    engine: &Engine,
    head: &Record,
    judge: &Judge,
    seed: u64,
) -> Result<Review, ReviewError> {
    let mut search = ExpectimaxAgent::adaptive(seed);
    let mut playout = Playout::new(seed);
    let mut moves = Vec::new();
    let mut missing = None;
    let mut values = Vec::new();
    let replayed = replay_with(
        engine,
        head,
        |_| {},
        |game, index| {
            if missing.is_some() {
                return;
            }
            let pos = &game.pos;
            let side = pos.to_move();
            values.clear();
            match judge {
                Judge::Table(table) => {
                    for (i, mv) in game.moves().iter().enumerate() {
                        let next = engine.successor(pos, mv, game.throw_of(i));
                        match table.score(&next) {
                            Some(v) if side == Side::First => values.push(v),
                            Some(v) => values.push(1.0 - v),
                            None => {
                                missing = Some(game.summary.moves + 1);
                                return;
                            }
                        }
                    }
                }
                Judge::Search { .. } => values.extend_from_slice(search.move_values(
                    engine,
                    pos,
                    game.total,
                    game.moves(),
                )),
            }
            let best = (0..values.len())
                .reduce(|b, i| if values[i] > values[b] { i } else { b })
                .unwrap_or(index);
            let after = engine.successor(pos, &game.moves()[index], game.throw_of(index));
            let number = game.summary.moves + 1;
            let chance = match judge {
                Judge::Table(table) => table.chances(&after).map_or(0.0, |c| c.0),
                Judge::Search { playouts } => {
                    let mut on = game.clone();
                    on.choose(index);
                    playout.chance(&on, *playouts, u64::from(number))
                }
            };
            moves.push(Judged {
                number,
                side,
                pos: *pos,
                throw: game.throw_of(index),
                choices: values.len(),
                played: game.moves()[index],
                value: values[index],
                best: game.moves()[best],
                best_value: values[best],
                loss: (values[best] - values[index]).max(0.0),
                chance,
            });
        },
    )?;
    if let Some(move_number) = missing {
        return Err(ReviewError::NotInTable { move_number });
    }
    let (exact, playouts) = match judge {
        Judge::Table(_) => (true, 0),
        Judge::Search { playouts } => (false, *playouts),
    };
    Ok(Review {
        outcome: replayed.game.summary.outcome,
        stop: replayed.game.summary.stop,
        exact,
        playouts,
        moves,
    })
}

/// Why a game cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The record does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error(
        "the table does not hold the positions after move {move_number} (a table solved from a \
         later position, or for some layers only): give the whole game's table, or none"
    )]
    NotInTable { move_number: u32 },
}

/// Games played on between two `normal` agents, to estimate a chance to win where no table
/// gives it.
struct Playout {
    seed: u64,
    agents: [GreedyAgent; 2],
}

impl Playout {
    fn new(seed: u64) -> Self {
        Playout {
            seed,
            agents: [GreedyAgent::new(0), GreedyAgent::new(0)],
        }
    }

    /// The first side's share of `n` games played on from `game` (a draw, or a game that reaches
    /// the turn cap, counting half), each seeded from the review's seed, `at` and its number.
    fn chance(&mut self, game: &Game, n: u32, at: u64) -> f64 {
        let mut won = 0.0;
        for i in 0..n {
            let seed = mix(self.seed ^ mix(at) ^ mix(u64::from(i).wrapping_add(1)));
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let [a, b] = &mut self.agents;
            a.reseed(player_seed(seed, 0));
            b.reseed(player_seed(seed, 1));
            let mut g = game.clone();
            g.keep_events = false;
            run(&mut g, &mut [a, b], &mut rng, |_| {});
            won += match g.summary.outcome {
                Some(Outcome::Win {
                    side: Side::First, ..
                }) => 1.0,
                Some(Outcome::Win { .. }) => 0.0,
                Some(Outcome::Draw) | None => 0.5,
            };
        }
        if n == 0 { 0.5 } else { won / f64::from(n) }
    }
}
