//! The checker: resolves `extends`, options and names, and reports every error it finds.

pub mod defaults;
pub mod describe;
pub mod errors;
mod inherited;
pub mod load;
mod lower;
pub mod merge;
pub mod options;
pub mod ruleset;
pub mod same;
mod warnings;

use std::path::PathBuf;
use std::sync::Arc;

pub use lower::COLOURS;
pub use ruleset::RuleSet;

use crate::lang::{Diagnostic, SourceFile};
use load::Origin;

/// Checks a bundled id or a rule file's path, with options chosen as `(name, value)`.
pub fn check_target(target: &str, options: &[(String, String)]) -> Result<RuleSet, CheckFailure> {
    check_target_with(target, options, Warnings::Skip).0
}

/// [`check_target`], and the warnings about the file (likely mistakes that do not stop the
/// rules from being played).
pub fn check_target_warned(
    target: &str,
    options: &[(String, String)],
) -> (Result<RuleSet, CheckFailure>, Vec<Diagnostic>) {
    check_target_with(target, options, Warnings::Find)
}

fn check_target_with(
    target: &str,
    options: &[(String, String)],
    warnings: Warnings,
) -> (Result<RuleSet, CheckFailure>, Vec<Diagnostic>) {
    let (file, origin) = match load::open(target) {
        Ok(opened) => opened,
        Err(e) => return (Err(CheckFailure::Unreadable(e)), Vec::new()),
    };
    let (checked, warnings) = check_file(file, origin, options, warnings);
    (checked.map_err(CheckFailure::Invalid), warnings)
}

/// Checks rule text handed over directly; relative `extends` resolve from `dir`.
pub fn check_text(
    name: &str,
    text: &str,
    dir: Option<PathBuf>,
    options: &[(String, String)],
) -> Result<RuleSet, Vec<Diagnostic>> {
    let file = SourceFile::new(name, text);
    check_file(file, Origin::Text { dir }, options, Warnings::Skip).0
}

/// [`check_text`], and the warnings about the text.
pub fn check_text_warned(
    name: &str,
    text: &str,
    dir: Option<PathBuf>,
    options: &[(String, String)],
) -> (Result<RuleSet, Vec<Diagnostic>>, Vec<Diagnostic>) {
    let file = SourceFile::new(name, text);
    check_file(file, Origin::Text { dir }, options, Warnings::Find)
}

/// Checks rule text from someone who may not read this machine's files (a page of `senet
/// serve`): its `extends` may name a bundled id only, and nothing is read from disk. With
/// `warned`, the warnings about the text too (else none).
pub fn check_sandboxed(
    name: &str,
    text: &str,
    options: &[(String, String)],
    warned: bool,
) -> (Result<RuleSet, Vec<Diagnostic>>, Vec<Diagnostic>) {
    let file = SourceFile::new(name, text);
    let find = if warned {
        Warnings::Find
    } else {
        Warnings::Skip
    };
    check_file(file, Origin::Sandboxed, options, find)
}

/// Whether a check looks for warnings too (only `senet check` shows them).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Warnings {
    Find,
    Skip,
}

/// Checks a chain of files carried whole (a game record's rules), the first file first; no
/// `extends` reaches outside the chain.
pub fn check_chain(
    files: Vec<load::ChainFile>,
    options: &[(String, String)],
) -> Result<RuleSet, Vec<Diagnostic>> {
    let Some(first) = files.first() else {
        return Err(Vec::new());
    };
    let file = SourceFile::new(first.name.clone(), first.text.clone());
    let origin = Origin::Embedded {
        files: files.into(),
        at: 0,
    };
    check_file(file, origin, options, Warnings::Skip).0
}

/// The rule set or its errors, and the warnings about the file.
fn check_file(
    file: Arc<SourceFile>,
    origin: Origin,
    options: &[(String, String)],
    find: Warnings,
) -> (Result<RuleSet, Vec<Diagnostic>>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    if matches!(origin, Origin::Path(_)) && !load::looks_like_rules(&file.text) {
        // Named, never quoted: the diagnostic carries none of the file's text.
        let empty = SourceFile::new(file.name.clone(), String::new());
        diags.push(Diagnostic::new(
            &empty,
            errors::CheckError::NotARuleFile {
                span: (0, 0).into(),
                target: file.name.clone(),
            },
        ));
        return (Err(diags), Vec::new());
    }
    let layers = load::load_chain(file, origin, &mut diags);
    let opts = options::resolve(&layers, options, &mut diags);
    let merged = merge::merge(&layers, &opts, &mut diags);
    let mut warnings = match find {
        Warnings::Find => warnings::warnings(&layers, &merged, &opts),
        Warnings::Skip => Vec::new(),
    };
    warnings.sort_by_key(Diagnostic::primary_offset);
    let rules = lower::build(&layers, &merged, opts, &mut diags);
    if let (Warnings::Find, Some(r)) = (find, &rules) {
        warnings.extend(warnings::endless_turns(&layers, &merged, r));
        warnings.sort_by_key(Diagnostic::primary_offset);
    }
    // In file order, each file's errors by place.
    let order: Vec<String> = layers.iter().rev().map(|l| l.file.name.clone()).collect();
    diags.sort_by_key(|d| {
        (
            order
                .iter()
                .position(|n| *n == d.file.name)
                .unwrap_or(usize::MAX),
            d.primary_offset(),
        )
    });
    let checked = match rules {
        Some(mut r) if diags.is_empty() => {
            r.hash = text_hash(layers.iter().map(|l| l.file.text.as_str()));
            r.files = load::chain_files(&layers);
            Ok(r)
        }
        _ => Err(diags),
    };
    (checked, warnings)
}

/// FNV-1a (64 bits) over the texts of an `extends` chain, as 16 hex digits: a game record keeps
/// it to notice that the rules it was played under have changed.
pub fn text_hash<'a>(texts: impl Iterator<Item = &'a str>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for text in texts {
        for b in text.bytes().chain(std::iter::once(0)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// Why a rule set could not be had.
#[derive(Debug)]
pub enum CheckFailure {
    /// The file could not be read at all (message ready to print).
    Unreadable(String),
    /// The file was read, and these are its errors.
    Invalid(Vec<Diagnostic>),
}
