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

use crate::engine::game::Player;
use crate::solve::Solved;
use crate::types::RulesId;

/// The deepest fixed search `expectimax:N` takes: each level multiplies the time by about twenty
/// (a random Senet game against depth 5 takes about 3 s, so depth 8 would take hours).
pub const MAX_DEPTH: u32 = 5;

/// The agents `--players` can name (`expectimax:N` sets the search depth).
pub const AGENTS: &[&str] = &["random", "racer", "greedy", "expectimax", "optimal"];

/// The levels a person plays against, weakest first, and the agent each one is. `perfect`
/// plays from a solved table, so it exists only where one does.
pub const LEVELS: [(&str, &str); 4] = [
    ("easy", "random"),
    ("normal", "racer"),
    ("hard", "expectimax"),
    ("perfect", "optimal"),
];

/// The agent a player name stands for: a level's agent, else the name itself.
pub fn agent_of(name: &str) -> &str {
    LEVELS
        .iter()
        .find(|(level, _)| *level == name)
        .map_or(name, |(_, agent)| agent)
}

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
    // A network's file is read when the agent is made: a record names it wherever it was.
    let learned = agent_of(name)
        .strip_prefix("learned:")
        .is_some_and(|path| !path.is_empty());
    needs_table(name) || learned || by_name(name, 0).is_ok()
}

/// Whether `name` is the random agent (uniform over the legal moves), whose games against
/// itself a simulation may play in one loop.
pub fn is_random(name: &str) -> bool {
    agent_of(name) == AGENTS[0]
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
    let level = name;
    let name = agent_of(name);
    let (base, arg) = match name.split_once(':') {
        Some((b, a)) => (b, Some(a)),
        None => (name, None),
    };
    match (base, arg) {
        (base, None) if is_random(base) => Ok(Box::new(RandomAgent::new(seed))),
        ("greedy", None) => Ok(Box::new(GreedyAgent::new(seed))),
        ("racer", None) => Ok(Box::new(GreedyAgent::racer(seed))),
        ("expectimax", None) => Ok(Box::new(ExpectimaxAgent::adaptive(seed))),
        ("optimal", None) => match table {
            Some(t) => Ok(Box::new(OptimalAgent::new(Arc::clone(t), seed))),
            None => Err(format!(
                "`{level}` plays from a solved table: give `--table FILE` (made by `senet solve --table FILE`), or play a rule set small enough to solve at once"
            )),
        },
        ("learned", None) => Err(format!(
            "`{level}` plays with a network trained for the rules: `learned:FILE`, FILE made by `senet train RULES --out FILE`"
        )),
        ("learned", Some(path)) => {
            let file = learned::NetFile::load(path)?;
            Ok(Box::new(ExpectimaxAgent::learned(Arc::new(file), seed)))
        }
        ("expectimax", Some(d)) => match d.parse::<u32>() {
            Ok(depth @ 1..=MAX_DEPTH) => Ok(Box::new(ExpectimaxAgent::new(depth, seed))),
            _ => Err(format!(
                "`{name}`: the depth of expectimax is a number from 1 to {MAX_DEPTH}, as in \
                 `expectimax:3` (each level takes about twenty times as long: a game of Senet \
                 at depth 5 takes seconds, at 6 about a minute)"
            )),
        },
        _ => {
            let names = AGENTS.iter().copied().chain(LEVELS.iter().map(|(l, _)| *l));
            let hint = crate::lang::diagnostic::did_you_mean(base, names)
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            Err(format!(
                "unknown player `{name}`{hint}; players are `human`, the levels {}, and the agents {}, `expectimax:N`, `learned:FILE`",
                LEVELS
                    .iter()
                    .map(|(l, _)| format!("`{l}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                AGENTS
                    .iter()
                    .map(|a| format!("`{a}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    }
}
