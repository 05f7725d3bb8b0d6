//! Uniform over the legal moves.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::engine::game::{Player, draw_below};
use crate::engine::{Engine, Move, Position};
use crate::types::Throw;

pub struct RandomAgent {
    rng: Pcg64Mcg,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: Self::generator(seed),
        }
    }

    /// The generator a random agent seeded `seed` draws its choices from: a random game
    /// played in one loop ([`crate::engine::playout::Playout`]) draws from the same.
    pub fn generator(seed: u64) -> Pcg64Mcg {
        Pcg64Mcg::seed_from_u64(seed)
    }
}

impl Player for RandomAgent {
    fn choose(&mut self, _: &Engine, _: &Position, _: Throw, moves: &[Move]) -> usize {
        draw_below(&mut self.rng, moves.len())
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Self::generator(seed);
    }
}
