//! `senet-lang`: the rule language of `senet`, from text to checked rules.
//!
//! [`types`] holds the plain values every later step shares; [`lang`] parses a rule file into a
//! syntax tree and owns the diagnostics; [`check`] resolves `extends` and options and checks a
//! tree into a [`check::RuleSet`]; [`bundled`] holds the rule files built into the binary.
//! Nothing here prints, exits or reads the environment (`clippy.toml` forbids it).

pub mod bundled;
pub mod check;
pub mod lang;
pub mod types;
