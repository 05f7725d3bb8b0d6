//! Who may play: the names `--players`, records and the server accept, as a value. Parsing a name
//! says what it is without making an agent (`agents::make` makes one), so that the formats
//! that name players check them without the agents.

use std::fmt;
use std::str::FromStr;

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

/// What a player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person, at the terminal or on the web page.
    Human,
    Random,
    Racer,
    Greedy,
    /// Expectimax on the heuristic: to the depth its budget allows (`None`), or to a fixed one.
    Expectimax(Option<u32>),
    /// From a solved table.
    Optimal,
    /// Expectimax on a trained network, read from this file when the agent is made.
    Learned(String),
}

/// A player as named: what it is, and the name as written (a level's name kept, for messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub spec: PlayerSpec,
    pub name: String,
}

/// A name that is no player, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    #[error(
        "`{0}` plays with a network trained for the rules: `learned:FILE`, FILE made by `senet train RULES --out FILE`"
    )]
    NoNetwork(String),
    #[error(
        "`{0}`: the depth of expectimax is a number from 1 to {MAX_DEPTH}, as in `expectimax:3` \
         (each level takes about twenty times as long: a game of Senet at depth 5 takes \
         seconds, at 6 about a minute)"
    )]
    Depth(String),
    /// No player has the name: the message gives the closest one, if there is one.
    #[error("{}", unknown(.0))]
    Unknown(String),
}

impl FromStr for Player {
    type Err = PlayerError;

    fn from_str(level: &str) -> Result<Player, PlayerError> {
        let name = agent_of(level);
        let (base, arg) = match name.split_once(':') {
            Some((b, a)) => (b, Some(a)),
            None => (name, None),
        };
        let spec = match (base, arg) {
            ("human", None) => PlayerSpec::Human,
            ("random", None) => PlayerSpec::Random,
            ("greedy", None) => PlayerSpec::Greedy,
            ("racer", None) => PlayerSpec::Racer,
            ("expectimax", None) => PlayerSpec::Expectimax(None),
            ("optimal", None) => PlayerSpec::Optimal,
            ("learned", None | Some("")) => return Err(PlayerError::NoNetwork(level.into())),
            ("learned", Some(path)) => PlayerSpec::Learned(path.to_string()),
            ("expectimax", Some(d)) => match d.parse::<u32>() {
                Ok(depth @ 1..=MAX_DEPTH) => PlayerSpec::Expectimax(Some(depth)),
                _ => return Err(PlayerError::Depth(name.into())),
            },
            _ => return Err(PlayerError::Unknown(name.into())),
        };
        Ok(Player {
            spec,
            name: level.to_string(),
        })
    }
}

/// The refusal of a name that is no player, with the closest one if there is one.
fn unknown(name: &str) -> String {
    let base = name.split_once(':').map_or(name, |(b, _)| b);
    let names = AGENTS.iter().copied().chain(LEVELS.iter().map(|(l, _)| *l));
    let hint = senet_lang::lang::diagnostic::did_you_mean(base, names)
        .map(|s| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default();
    let quoted = |list: &mut dyn Iterator<Item = &str>| {
        list.map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "unknown player `{name}`{hint}; players are `human`, the levels {}, and the agents {}, `expectimax:N`, `learned:FILE`",
        quoted(&mut LEVELS.iter().map(|(l, _)| *l)),
        quoted(&mut AGENTS.iter().copied())
    )
}

impl Player {
    /// The player `spec` under its own name (`human`, `random`, `expectimax:3`, ...).
    pub fn of(spec: PlayerSpec) -> Player {
        let name = match &spec {
            PlayerSpec::Human => "human".into(),
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Racer => "racer".into(),
            PlayerSpec::Greedy => "greedy".into(),
            PlayerSpec::Expectimax(None) => "expectimax".into(),
            PlayerSpec::Expectimax(Some(depth)) => format!("expectimax:{depth}"),
            PlayerSpec::Optimal => "optimal".into(),
            PlayerSpec::Learned(path) => format!("learned:{path}"),
        };
        Player { spec, name }
    }

    /// Whether this player is a person (`human`).
    pub fn is_human(&self) -> bool {
        self.spec == PlayerSpec::Human
    }

    /// Whether this player is the random agent (uniform over the legal moves), whose games
    /// against itself a simulation may play in one loop.
    pub fn is_random(&self) -> bool {
        self.spec == PlayerSpec::Random
    }

    /// Whether this player plays from a solved table (`optimal`, or the level `perfect`).
    pub fn needs_table(&self) -> bool {
        self.spec == PlayerSpec::Optimal
    }

    /// The network file this player reads (`learned:FILE`).
    pub fn net_file(&self) -> Option<&str> {
        match &self.spec {
            PlayerSpec::Learned(path) => Some(path),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// In JSON a player is its name, as written.
impl serde::Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(name: &str) -> Result<PlayerSpec, String> {
        name.parse::<Player>()
            .map(|p| p.spec)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn names_and_levels_are_what_they_stand_for() {
        assert_eq!(spec("human"), Ok(PlayerSpec::Human));
        assert_eq!(spec("easy"), Ok(PlayerSpec::Random));
        assert_eq!(spec("normal"), Ok(PlayerSpec::Racer));
        assert_eq!(spec("hard"), Ok(PlayerSpec::Expectimax(None)));
        assert_eq!(spec("perfect"), Ok(PlayerSpec::Optimal));
        assert_eq!(spec("expectimax:3"), Ok(PlayerSpec::Expectimax(Some(3))));
        assert_eq!(
            spec("learned:n.json"),
            Ok(PlayerSpec::Learned("n.json".into()))
        );
        assert_eq!("perfect".parse::<Player>().unwrap().name, "perfect");
    }

    #[test]
    fn what_is_no_player_is_refused_with_why() {
        assert!(spec("expectimax:6").unwrap_err().contains("from 1 to 5"));
        assert!(spec("expectimax:x").unwrap_err().contains("from 1 to 5"));
        assert!(spec("learned").unwrap_err().contains("learned:FILE"));
        assert!(spec("learned:").unwrap_err().contains("learned:FILE"));
        assert!(spec("gredy").unwrap_err().contains("did you mean `greedy`"));
    }

    /// A player made from what it is has the name that parses back to it, and that name is
    /// its JSON.
    #[test]
    fn a_player_of_a_spec_is_named_as_it_parses() {
        for spec in [
            PlayerSpec::Human,
            PlayerSpec::Random,
            PlayerSpec::Racer,
            PlayerSpec::Greedy,
            PlayerSpec::Expectimax(None),
            PlayerSpec::Expectimax(Some(2)),
            PlayerSpec::Optimal,
            PlayerSpec::Learned("n.json".into()),
        ] {
            let player = Player::of(spec.clone());
            assert_eq!(player.name.parse::<Player>(), Ok(player.clone()));
            assert_eq!(
                serde_json::to_string(&player).unwrap(),
                format!("\"{}\"", player.name)
            );
            assert_eq!(player.spec, spec);
        }
    }
}
