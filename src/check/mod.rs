//! The checker: resolves `extends`, options and names, and reports every error it finds.

pub mod describe;
pub mod errors;
pub mod load;
pub mod merge;
pub mod options;
pub mod ruleset;
pub mod validate;

use std::path::PathBuf;
use std::sync::Arc;

pub use ruleset::RuleSet;

use crate::lang::{Diagnostic, SourceFile};
use load::Origin;

/// Checks a bundled id or a rule file's path, with options chosen as `(name, value)`.
pub fn check_target(target: &str, options: &[(String, String)]) -> Result<RuleSet, CheckFailure> {
    let (file, origin) = load::open(target).map_err(CheckFailure::Unreadable)?;
    check_file(file, origin, options).map_err(CheckFailure::Invalid)
}

/// Checks rule text handed over directly; relative `extends` resolve from `dir`.
pub fn check_text(
    name: &str,
    text: &str,
    dir: Option<PathBuf>,
    options: &[(String, String)],
) -> Result<RuleSet, Vec<Diagnostic>> {
    check_file(SourceFile::new(name, text), Origin::Text { dir }, options)
}

fn check_file(
    file: Arc<SourceFile>,
    origin: Origin,
    options: &[(String, String)],
) -> Result<RuleSet, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let layers = load::load_chain(file, origin, &mut diags);
    let opts = options::resolve(&layers, options, &mut diags);
    let merged = merge::merge(&layers, &opts, &mut diags);
    let rules = validate::build(&layers, &merged, opts, &mut diags);
    match rules {
        Some(r) if diags.is_empty() => Ok(r),
        _ => Err(diags),
    }
}

/// Why a rule set could not be had.
#[derive(Debug)]
pub enum CheckFailure {
    /// The file could not be read at all (message ready to print).
    Unreadable(String),
    /// The file was read, and these are its errors.
    Invalid(Vec<Diagnostic>),
}
