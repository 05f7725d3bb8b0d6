//! Agents: players that choose moves by themselves. docs/agents.md describes each.

mod eval;
mod expectimax;
mod greedy;
mod optimal;
mod random;

pub use eval::evaluate;
pub use expectimax::{DEFAULT_DEPTH, ExpectimaxAgent};
pub use greedy::GreedyAgent;
pub use optimal::{OptimalAgent, solve_for_agent, table_for};
pub use random::RandomAgent;

use std::sync::Arc;

use crate::engine::game::Player;
use crate::solve::Solved;

/// The deepest fixed search `expectimax:N` takes: each level multiplies the time by about twenty
/// (a random Senet game against depth 5 takes about 3 s, so depth 8 would take hours).
pub const MAX_DEPTH: u32 = 5;

/// The agents `--players` can name (`expectimax:N` sets the search depth).
pub const AGENTS: &[&str] = &["random", "greedy", "expectimax", "optimal"];

/// Whether `name` is the random agent (uniform over the legal moves), whose games against
/// itself a simulation may play in one loop.
pub fn is_random(name: &str) -> bool {
    name == AGENTS[0]
}

/// Makes the agent called `name`, seeded so that its choices replay.
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Player + Send>, String> {
    by_name_with(name, seed, None)
}

/// [`by_name`], with the solved table the `optimal` agent plays from.
pub fn by_name_with(
    name: &str,
    seed: u64,
    table: Option<&Arc<Solved>>,
) -> Result<Box<dyn Player + Send>, String> {
    let (base, arg) = match name.split_once(':') {
        Some((b, a)) => (b, Some(a)),
        None => (name, None),
    };
    match (base, arg) {
        (base, None) if is_random(base) => Ok(Box::new(RandomAgent::new(seed))),
        ("greedy", None) => Ok(Box::new(GreedyAgent::new(seed))),
        ("expectimax", None) => Ok(Box::new(ExpectimaxAgent::adaptive(seed))),
        ("optimal", None) => match table {
            Some(t) => Ok(Box::new(OptimalAgent::new(Arc::clone(t), seed))),
            None => Err("`optimal` plays from a solved table: give `--table FILE` (made by `senet solve --table FILE`), or play a rule set small enough to solve at once".into()),
        },
        ("expectimax", Some(d)) => match d.parse::<u32>() {
            Ok(depth @ 1..=MAX_DEPTH) => Ok(Box::new(ExpectimaxAgent::new(depth, seed))),
            _ => Err(format!(
                "`{name}`: the depth of expectimax is a number from 1 to {MAX_DEPTH}, as in \
                 `expectimax:3` (each level takes about twenty times as long: a game of Senet \
                 at depth 5 takes seconds, at 6 about a minute)"
            )),
        },
        _ => {
            let hint = crate::lang::diagnostic::did_you_mean(base, AGENTS.iter().copied())
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            Err(format!(
                "unknown player `{name}`{hint}; players are `human`, {}, `expectimax:N`",
                AGENTS
                    .iter()
                    .map(|a| format!("`{a}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    }
}
