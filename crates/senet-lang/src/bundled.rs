//! The rule sets shipped in the binary.

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The text of a bundled rule set.
pub fn get(id: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(i, _)| *i == id).map(|(_, t)| *t)
}

/// The ids of every bundled rule set, sorted.
pub fn ids() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(id, _)| *id)
}
