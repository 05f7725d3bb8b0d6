//! Agents: players that choose moves by themselves. docs/agents.md describes each.

mod eval;
mod expectimax;
mod greedy;
pub mod learned;
mod optimal;
mod random;

pub use eval::{Heuristic, WIN};
pub use expectimax::{DEFAULT_DEPTH, ExpectimaxAgent};
pub use greedy::GreedyAgent;
pub use optimal::{OptimalAgent, load_table, solve_for_agent, table_for};
pub use random::RandomAgent;

use std::sync::Arc;

use crate::players::{self, PlayerSpec, agent_of};
use crate::solve::Solved;
use senet_engine::engine::game::Player;
use senet_lang::types::RulesId;

/// Checks that every `learned:FILE` among `players` reads and was trained for `rules` as they
/// are (their text and options).
pub fn check_nets(rules: &RulesId, players: &[String]) -> Result<(), String> {
    for p in players {
        if let Some(path) = agent_of(p).strip_prefix("learned:") {
            learned::NetFile::load(path)?.check(rules, path)?;
        }
    }
    Ok(())
}

/// What the fallbacks of the agent `name` are ([`Player::fallbacks`]), to tell the user: "met 3
/// ..." (the count goes first).
pub fn fallback_note(name: &str) -> String {
    if needs_table(name) {
        "positions its table does not hold and played them as `greedy`".into()
    } else if agent_of(name).starts_with("learned:") {
        "decisions valued by the heuristic, its network made for other inputs than these rules"
            .into()
    } else {
        format!(
            "decisions whose search passed its bounds ({} leaves, or {} states of split turns \
             listed) and chose them one decision deep",
            expectimax::MAX_LEAVES,
            expectimax::MAX_LISTED
        )
    }
}

/// Whether `name` plays from a solved table (`optimal`, or the level that is it).
pub fn needs_table(name: &str) -> bool {
    agent_of(name) == "optimal"
}

/// Whether `name` is an agent or a level `--players` accepts (`optimal` and `perfect` too,
/// though they need a table to play, and `learned:FILE` whatever FILE holds).
pub fn is_agent(name: &str) -> bool {
    name.parse::<players::Player>()
        .is_ok_and(|p| p.spec != PlayerSpec::Human)
}

/// Whether `name` is the random agent (uniform over the legal moves), whose games against
/// itself a simulation may play in one loop.
pub fn is_random(name: &str) -> bool {
    agent_of(name) == players::AGENTS[0]
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
    let player: players::Player = name.parse()?;
    let level = &player.name;
    Ok(match player.spec {
        PlayerSpec::Human => {
            return Err(format!(
                "`{level}` is a person: only `play` and the web page take one, at a seat of their own"
            ));
        }
        PlayerSpec::Random => Box::new(RandomAgent::new(seed)),
        PlayerSpec::Greedy => Box::new(GreedyAgent::new(seed)),
        PlayerSpec::Racer => Box::new(GreedyAgent::racer(seed)),
        PlayerSpec::Expectimax(None) => Box::new(ExpectimaxAgent::adaptive(seed)),
        PlayerSpec::Expectimax(Some(depth)) => Box::new(ExpectimaxAgent::new(depth, seed)),
        PlayerSpec::Optimal => match table {
            Some(t) => Box::new(OptimalAgent::new(Arc::clone(t), seed)),
            None => {
                return Err(format!(
                    "`{level}` plays from a solved table: give `--table FILE` (made by `senet solve --table FILE`), or play a rule set small enough to solve at once"
                ));
            }
        },
        PlayerSpec::Learned(path) => {
            let file = learned::NetFile::load(&path)?;
            Box::new(ExpectimaxAgent::learned(Arc::new(file), seed))
        }
    })
}
