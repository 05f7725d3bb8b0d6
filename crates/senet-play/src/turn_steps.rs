//! A turn of dice played one by one, chosen one step at a time: what a person does at the
//! board. The engine lists a turn's moves whole (one per position they lead to, with one order
//! of their steps); here every legal order of every move is kept, so that whichever piece a
//! person moves first, the steps that can follow are offered, until the steps taken make one of
//! the turn's moves.

use senet_engine::engine::{Engine, Move, Position, Step};
use senet_lang::types::Throw;

/// Every legal sequence of steps of a turn, each with the dice each step plays (one, or several
/// where dice may be combined) and the move of the game's list it makes.
pub struct TurnSteps {
    sequences: Vec<(Vec<Step>, Vec<Vec<u8>>, usize)>,
}

impl TurnSteps {
    /// The sequences of the turn in `pos` with `throw`, where the rules play dice one by one
    /// and there is more than one move to choose from, and the sequences are not too many to
    /// list ([`MAX_SEQUENCES`](senet_engine::engine::MAX_SEQUENCES): then the turn is chosen
    /// whole); `moves` is the game's list of the turn's moves (each sequence is matched to the
    /// move that leads to the same position).
    pub fn new(engine: &Engine, pos: &Position, throw: Throw, moves: &[Move]) -> Option<Self> {
        let stacked = engine.rules.stacked.as_ref()?;
        if !engine.rules.device.is_each() || moves.len() < 2 {
            return None;
        }
        let (pool, form) = stacked.pool(engine.pool_code(pos, throw).get());
        let after: Vec<Position> = moves
            .iter()
            .map(|m| engine.successor(pos, m, throw))
            .collect();
        let sequences = engine
            .dice_sequences(pos, pool, form)?
            .into_iter()
            .filter_map(|(mv, dice)| {
                let next = engine.successor(pos, &mv, throw);
                let i = after.iter().position(|a| *a == next)?;
                Some((mv.steps().to_vec(), dice, i))
            })
            .collect();
        Some(TurnSteps { sequences })
    }

    /// The steps that may come after `taken`, each once, with the dice it plays (one, or
    /// several where dice may be combined), in the order the engine tries them.
    pub fn options(&self, taken: &[Step]) -> Vec<(Step, Vec<u8>)> {
        let mut out: Vec<(Step, Vec<u8>)> = Vec::new();
        for (steps, dice, _) in &self.sequences {
            if steps.len() > taken.len() && steps.starts_with(taken) {
                let next = (steps[taken.len()], dice[taken.len()].clone());
                if !out.contains(&next) {
                    out.push(next);
                }
            }
        }
        out
    }

    /// The dice still to play after `taken`, if some sequence begins with it.
    pub fn dice_left(&self, taken: &[Step]) -> Option<Vec<u8>> {
        self.sequences
            .iter()
            .find(|(steps, ..)| steps.starts_with(taken))
            .map(|(_, dice, _)| dice[taken.len().min(dice.len())..].concat())
    }

    /// Whether some sequence begins with `taken`.
    pub fn begins(&self, taken: &[Step]) -> bool {
        self.sequences
            .iter()
            .any(|(steps, ..)| steps.starts_with(taken))
    }

    /// The move of the game's list that `taken` makes if the turn ends there, where it may
    /// while longer sequences go on (the dice left may be left unplayed: a double's faces
    /// beneath); none where `taken` is no whole sequence.
    pub fn ends(&self, taken: &[Step]) -> Option<usize> {
        self.sequences
            .iter()
            .find(|(steps, ..)| !taken.is_empty() && steps.as_slice() == taken)
            .map(|(.., i)| *i)
    }

    /// The move of the game's list that `taken` makes, once every sequence that begins with
    /// `taken` makes the same one.
    pub fn chosen(&self, taken: &[Step]) -> Option<usize> {
        let mut made = self
            .sequences
            .iter()
            .filter(|(steps, ..)| steps.starts_with(taken))
            .map(|(.., i)| *i);
        let first = made.next()?;
        made.all(|i| i == first).then_some(first)
    }
}
