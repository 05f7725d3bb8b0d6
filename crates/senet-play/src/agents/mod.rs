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

use crate::players::{self, PlayerSpec};
use crate::solve::Solved;
use senet_engine::engine::game::Player;
use senet_lang::types::RulesId;

/// Checks that every `learned:FILE` among `players` reads and was trained for `rules` as they
/// are (their text and options).
pub fn check_nets(rules: &RulesId, players: &[players::Player]) -> Result<(), String> {
    for path in players.iter().filter_map(players::Player::net_file) {
        learned::NetFile::load(path)
            .and_then(|net| net.check(rules, path))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
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
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Player + Send>, String> {
    make(&name.parse()?, seed, None)
}

/// Makes the agent `player` is, seeded so that its choices replay, with the solved table the
/// `optimal` agent plays from. A person is refused: only a seat of its own takes one.
pub fn make(
    player: &players::Player,
    seed: u64,
    table: Option<&Arc<Solved>>,
) -> Result<Box<dyn Player + Send>, String> {
    let level = &player.name;
    Ok(match &player.spec {
        PlayerSpec::Human => {
            return Err(format!(
                "`{level}` is a person: only `play` and the web page take one, at a seat of their own"
            ));
        }
        PlayerSpec::Random => Box::new(RandomAgent::new(seed)),
        PlayerSpec::Greedy => Box::new(GreedyAgent::new(seed)),
        PlayerSpec::Racer => Box::new(GreedyAgent::racer(seed)),
        PlayerSpec::Expectimax(None) => Box::new(ExpectimaxAgent::adaptive(seed)),
        PlayerSpec::Expectimax(Some(depth)) => Box::new(ExpectimaxAgent::new(*depth, seed)),
        PlayerSpec::Optimal => match table {
            Some(t) => Box::new(OptimalAgent::new(Arc::clone(t), seed)),
            None => {
                return Err(format!(
                    "`{level}` plays from a solved table: give `--table FILE` (made by `senet solve --table FILE`), or play a rule set small enough to solve at once"
                ));
            }
        },
        PlayerSpec::Learned(path) => {
            let file = learned::NetFile::load(path).map_err(|e| e.to_string())?;
            Box::new(ExpectimaxAgent::learned(Arc::new(file), seed))
        }
    })
}
