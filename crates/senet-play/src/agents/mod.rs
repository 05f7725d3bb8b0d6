//! Agents: players that choose moves by themselves. docs/agents.md describes each.

mod eval;
mod expectimax;
mod greedy;
pub mod learned;
mod many;
mod optimal;
mod random;

pub use eval::{Heuristic, WIN};
pub use expectimax::{DEFAULT_DEPTH, ExpectimaxAgent};
pub use greedy::GreedyAgent;
pub use many::{ManyAgent, choice_worths};
pub use optimal::{
    AGENT_LIMITS, OptimalAgent, OptimalError, foreseen_for_agent, load_table, solve_for_agent,
    table_for,
};
pub use random::RandomAgent;

use std::sync::Arc;

use crate::players::{self, PlayerSpec};
use crate::solve::Solved;
use senet_engine::engine::game::Player;
use senet_lang::types::RulesId;

/// Checks that every `learned:FILE` among `players` reads and was trained for `rules` as they
/// are (their text and options).
pub fn check_nets(rules: &RulesId, players: &[players::Player]) -> Result<(), learned::NetError> {
    for path in players.iter().filter_map(players::Player::net_file) {
        learned::NetFile::load(path)?.check(rules, path)?;
    }
    Ok(())
}

/// Why an agent could not be made.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgentError {
    /// The name is no player's (the message says which names are).
    #[error(transparent)]
    Name(#[from] crate::players::PlayerError),
    #[error("`{name}` is a person: only `play` and the web page take one, at a seat of their own")]
    Person { name: String },
    #[error(
        "`{name}` plays from a solved table: give `--table FILE` (made by `senet solve --table \
         FILE`), or play a rule set small enough to solve at once"
    )]
    NoTable { name: String },
    #[error(transparent)]
    Net(#[from] learned::NetError),
}

/// What the fallbacks of `player` are ([`Player::fallbacks`]), to tell the user: "met 3 ..."
/// (the count goes first).
pub fn fallback_note(player: &players::Player) -> String {
    if player.needs_table() {
        "positions its table does not hold and played them as `greedy`".into()
    } else if player.net_file().is_some() {
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

/// Makes the agent called `name`, seeded so that its choices replay.
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Player + Send>, AgentError> {
    make(&name.parse().map_err(AgentError::Name)?, seed, None)
}

/// Makes the agent `player` is, seeded so that its choices replay, with the solved table the
/// `optimal` agent plays from. A person is refused: only a seat of its own takes one.
pub fn make(
    player: &players::Player,
    seed: u64,
    table: Option<&Arc<Solved>>,
) -> Result<Box<dyn Player + Send>, AgentError> {
    let name = || player.name.clone();
    Ok(match &player.spec {
        PlayerSpec::Human => return Err(AgentError::Person { name: name() }),
        PlayerSpec::Random => Box::new(RandomAgent::new(seed)),
        PlayerSpec::Greedy => Box::new(GreedyAgent::new(seed)),
        PlayerSpec::Racer => Box::new(GreedyAgent::racer(seed)),
        PlayerSpec::Expectimax(None) => Box::new(ExpectimaxAgent::adaptive(seed)),
        PlayerSpec::Expectimax(Some(depth)) => Box::new(ExpectimaxAgent::new(*depth, seed)),
        PlayerSpec::Optimal => match table {
            Some(t) => Box::new(OptimalAgent::new(Arc::clone(t), seed)),
            None => return Err(AgentError::NoTable { name: name() }),
        },
        PlayerSpec::Learned(path) => {
            let file = learned::NetFile::load(path)?;
            Box::new(ExpectimaxAgent::learned(Arc::new(file), seed))
        }
    })
}
