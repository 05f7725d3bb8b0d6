//! One move ahead: the move whose resulting position has the best heuristic value
//! ([`super::eval::evaluate`]); ties broken at random.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::eval::Heuristic;
use senet_engine::engine::game::Player;
use senet_engine::engine::{Engine, Move, Position};
use senet_lang::types::Throw;

pub struct GreedyAgent {
    rng: Pcg64Mcg,
    /// The heuristic of the rule set played, worked out at the first choice.
    heuristic: Option<Heuristic>,
    /// Whether the heuristic leaves out the risk to its own pieces (the racer).
    racing: bool,
}

impl GreedyAgent {
    pub fn new(seed: u64) -> Self {
        GreedyAgent {
            rng: Pcg64Mcg::seed_from_u64(seed),
            heuristic: None,
            racing: false,
        }
    }

    /// The racer: greedy blind to the risk to its own pieces.
    pub fn racer(seed: u64) -> Self {
        GreedyAgent {
            racing: true,
            ..Self::new(seed)
        }
    }
}

impl Player for GreedyAgent {
    fn choose(&mut self, engine: &Engine, pos: &Position, throw: Throw, moves: &[Move]) -> usize {
        let s = pos.to_move();
        let racing = self.racing;
        let h = self.heuristic.get_or_insert_with(|| {
            if racing {
                Heuristic::racing(engine)
            } else {
                Heuristic::new(engine)
            }
        });
        let mut best = f64::NEG_INFINITY;
        let mut choice = 0;
        let mut ties = 0u32;
        for (i, mv) in moves.iter().enumerate() {
            let next = engine.successor(pos, mv, throw);
            let v = h.evaluate(engine, &next, s);
            if v > best + 1e-12 {
                best = v;
                choice = i;
                ties = 1;
            } else if (v - best).abs() <= 1e-12 {
                // Reservoir sampling: each tied move is equally likely.
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    choice = i;
                }
            }
        }
        choice
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }
}
