//! Uniform over the legal moves; in a split turn, a move drawn as
//! [`senet_engine::engine::split_draw`] says (the pieces moved one at a time, each movement uniform
//! among those legal then, until a sequence uses the whole total).

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use senet_engine::engine::game::{Player, draw_below};
use senet_engine::engine::split_draw::{DrawRoom, Drawn};
use senet_engine::engine::{Engine, Move, Position};
use senet_lang::types::Throw;

pub struct RandomAgent {
    rng: Pcg64Mcg,
    room: DrawRoom,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: Self::generator(seed),
            room: DrawRoom::default(),
        }
    }

    /// The generator a random agent seeded `seed` draws its choices from: a random game
    /// played in one loop ([`senet_engine::engine::playout::Playout`]) draws from the same.
    pub fn generator(seed: u64) -> Pcg64Mcg {
        Pcg64Mcg::seed_from_u64(seed)
    }
}

impl Player for RandomAgent {
    fn choose(&mut self, engine: &Engine, pos: &Position, throw: Throw, moves: &[Move]) -> usize {
        if engine.draws_split(pos) {
            // The move drawn, found in the list by where it leads (the list keeps one move
            // for each result).
            let drawn = engine.draw_split(pos, throw, &mut self.rng, &mut self.room);
            let found = match drawn {
                Drawn::Move(mv) => {
                    let to = engine.successor(pos, &mv, throw);
                    moves
                        .iter()
                        .position(|m| engine.successor(pos, m, throw) == to)
                }
                // The list is whole: uniform among it, as for any other listed turn.
                Drawn::Pass | Drawn::TooLarge => None,
            };
            debug_assert!(found.is_some(), "{drawn:?} is not among the legal moves");
            if let Some(i) = found {
                return i;
            }
        }
        draw_below(&mut self.rng, moves.len())
    }

    fn draw_split(&mut self, engine: &Engine, pos: &Position, throw: Throw) -> Option<Drawn> {
        Some(engine.draw_split(pos, throw, &mut self.rng, &mut self.room))
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Self::generator(seed);
    }
}
