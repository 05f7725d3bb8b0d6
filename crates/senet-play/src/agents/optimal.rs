//! Perfect play from a solved table ([`crate::solve`]): the move whose resulting position has the
//! best chance for the side to move. Positions the table does not hold fall back to greedy, and
//! are counted ([`Player::fallbacks`]) so that the user is told.
//! [`table_for`] finds the table: loaded from a file, or solved at once for a small rule set.

use std::sync::Arc;

use super::greedy::GreedyAgent;
use crate::solve::table::{TableError, TableHeader, load};
use crate::solve::{Limits, Method, SolveError, Solved, solve_with};
use senet_engine::engine::game::Player;
use senet_engine::engine::{Engine, Move, Position};
use senet_lang::types::RulesId;
use senet_lang::types::{Side, Throw};

const GIB: f64 = (1u64 << 30) as f64;

pub struct OptimalAgent {
    table: Arc<Solved>,
    fallback: GreedyAgent,
    /// Decisions played as greedy: a move led to a position the table does not hold.
    fell_back: u64,
}

impl OptimalAgent {
    pub fn new(table: Arc<Solved>, seed: u64) -> Self {
        OptimalAgent {
            table,
            fallback: GreedyAgent::new(seed),
            fell_back: 0,
        }
    }
}

impl Player for OptimalAgent {
    fn choose(&mut self, engine: &Engine, pos: &Position, throw: Throw, moves: &[Move]) -> usize {
        let maximise = pos.to_move() == Side::First;
        let mut best: Option<(f64, usize)> = None;
        for (i, mv) in moves.iter().enumerate() {
            let next = engine.successor(pos, mv, throw);
            let Some(v) = self.table.score(&next) else {
                self.fell_back += 1;
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

    fn fallbacks(&self) -> u64 {
        self.fell_back
    }
}

/// Why the `optimal` agent has no table.
#[derive(Debug, thiserror::Error)]
pub enum OptimalError {
    /// The rules are too large to solve before the game (`size`: how large, in words).
    #[error(
        "`optimal` plays from a solved table, and `{id}` is too large to solve before the game \
         ({size}). Solve it once with `senet solve {id} --table FILE` (with the same options) \
         and play with `--table FILE`."
    )]
    TooLarge { id: String, size: String },
    /// No table of these rules can be made, here or elsewhere.
    #[error("`optimal` plays from a solved table, and `{id}` cannot be solved: {why}")]
    Unsolvable { id: String, why: String },
    #[error(
        "`--table {path}` is for the `optimal` player (the level `perfect`), and no player here is it"
    )]
    Unused { path: String },
    #[error(transparent)]
    Table(#[from] TableError),
}

/// The limits a table is solved within for the agent before a game (seconds of work).
pub const AGENT_LIMITS: Limits = Limits {
    states: 5_000_000,
    bytes: 256 << 20,
    disk: u64::MAX,
};

/// Solves a rule set small enough (seconds of work) from its start, for the agent.
pub fn solve_for_agent(engine: &Engine) -> Result<Arc<Solved>, OptimalError> {
    solve_with(engine, engine.start(), Method::Auto, AGENT_LIMITS, |_| {})
        .map(Arc::new)
        .map_err(|e| agent_error(engine, e))
}

/// Whether [`solve_for_agent`] would give a table, as far as the solver tells without solving:
/// `None` where only the solve can tell.
pub fn foreseen_for_agent(engine: &Engine) -> Option<Result<(), OptimalError>> {
    crate::solve::foreseen(engine, AGENT_LIMITS).map(|r| r.map_err(|e| agent_error(engine, e)))
}

/// A solver's refusal as the agent's.
fn agent_error(engine: &Engine, e: SolveError) -> OptimalError {
    let id = engine.rules.id.clone();
    let size = match e {
        SolveError::TooLargeDense { states, bytes, .. } => {
            format!("{states} states, about {:.1} GiB", bytes as f64 / GIB)
        }
        SolveError::TooLarge { estimate, .. } => format!("up to {estimate:.3e} states"),
        SolveError::NotDense(why) => why,
        SolveError::Unsolvable(why) => return OptimalError::Unsolvable { id, why },
    };
    OptimalError::TooLarge { id, size }
}

/// The table the `optimal` agent plays from, if one of `players` is it: loaded from `path`
/// (which must have been solved for these rules, their text and their options as chosen), or
/// solved now. A table with no `optimal` player to use it is refused.
pub fn table_for(
    engine: &Engine,
    rules: &RulesId,
    players: &[crate::players::Player],
    path: Option<&str>,
) -> Result<Option<Arc<Solved>>, OptimalError> {
    if !players.iter().any(crate::players::Player::needs_table) {
        return match path {
            Some(p) => Err(OptimalError::Unused { path: p.into() }),
            None => Ok(None),
        };
    }
    let table = match path {
        Some(p) => load_table(engine, rules, p)?,
        None => solve_for_agent(engine)?,
    };
    Ok(Some(table))
}

/// Loads the table at `path`, which must have been solved for these rules (their text and their
/// options as chosen).
pub fn load_table(engine: &Engine, rules: &RulesId, path: &str) -> Result<Arc<Solved>, TableError> {
    load(
        path,
        &TableHeader::new(&rules.id, &rules.hash, &rules.options, 0),
        engine,
    )
    .map(Arc::new)
}
