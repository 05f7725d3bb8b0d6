//! Which rules, exactly: what a solved table, a trained network or a record is made for.

/// A rule set's id, the hash of its text (with every file it extends) and the options chosen,
/// sorted by name. The agents and the formats that name rules take this, not the checked rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesId {
    pub id: String,
    pub hash: String,
    pub options: Vec<(String, String)>,
}
