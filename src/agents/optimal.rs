//! Perfect play from a solved table ([`crate::solve`]): the move whose resulting position has the
//! best chance for the side to move. Positions the table does not hold fall back to greedy.

use std::sync::Arc;

use super::greedy::GreedyAgent;
use crate::engine::game::Player;
use crate::engine::{Engine, Move, Position};
use crate::solve::Solved;

pub struct OptimalAgent {
    table: Arc<Solved>,
    fallback: GreedyAgent,
}

impl OptimalAgent {
    pub fn new(table: Arc<Solved>, seed: u64) -> Self {
        OptimalAgent {
            table,
            fallback: GreedyAgent::new(seed),
        }
    }
}

impl Player for OptimalAgent {
    fn choose(&mut self, engine: &Engine, pos: &Position, throw: u8, moves: &[Move]) -> usize {
        let maximise = pos.to_move == 0;
        let mut best: Option<(f64, usize)> = None;
        for (i, mv) in moves.iter().enumerate() {
            let (next, _) = engine.apply(pos, mv, throw);
            let Some(v) = self.table.score(&next) else {
                return self.fallback.choose(engine, pos, throw, moves);
            };
            let better = match best {
                None => true,
                Some((b, _)) => {
                    if maximise {
                        v > b + 1e-15
                    } else {
                        v < b - 1e-15
                    }
                }
            };
            if better {
                best = Some((v, i));
            }
        }
        best.map_or(0, |(_, i)| i)
    }

    fn reseed(&mut self, seed: u64) {
        self.fallback.reseed(seed);
    }
}
