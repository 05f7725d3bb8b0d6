//! Agents: players that choose moves by themselves.

mod random;

pub use random::RandomAgent;

use crate::engine::game::Player;

/// The agents `--players` can name.
pub const AGENTS: &[&str] = &["random"];

/// Makes the agent called `name`, seeded so that its choices replay.
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Player + Send>, String> {
    match name {
        "random" => Ok(Box::new(RandomAgent::new(seed))),
        _ => {
            let hint = crate::lang::diagnostic::did_you_mean(name, AGENTS.iter().copied())
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            Err(format!(
                "unknown player `{name}`{hint}; players are `human`, {}",
                AGENTS
                    .iter()
                    .map(|a| format!("`{a}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    }
}
