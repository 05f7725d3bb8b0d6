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
use crate::{bundled, lang};
use load::Origin;

/// A result with the warnings found on the way: likely mistakes that do not stop the rules from
/// being played (`senet check`, the web page's checker and editors show them).
#[derive(Debug)]
pub struct Warned<T> {
    pub output: T,
    pub warnings: Vec<Diagnostic>,
}

/// Where the rules to check come from.
pub enum Source<'a> {
    /// A bundled id or a rule file's path.
    Target(&'a str),
    /// Text handed over directly; relative `extends` resolve from `dir`.
    Text {
        name: &'a str,
        text: &'a str,
        dir: Option<PathBuf>,
    },
    /// Text from someone who may not read this machine's files (a page of `senet serve`): its
    /// `extends` may name a bundled id only, and nothing is read from disk.
    Sandboxed { name: &'a str, text: &'a str },
    /// A chain of files carried whole (a game record's rules), the first file first; no
    /// `extends` reaches outside the chain.
    Chain(Vec<load::ChainFile>),
}

/// Whether a check looks for warnings too (only what shows them asks: they take time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warnings {
    Find,
    Skip,
}

/// The checker's one entry point: the rules of `source` with options chosen as `(name,
/// value)`, or why they could not be had, and with [`Warnings::Find`] the warnings about the
/// file. [`check_target`], [`check_text`] and [`check_chain`] are it without warnings.
pub fn check(
    source: Source<'_>,
    options: &[(String, String)],
    find: Warnings,
) -> Warned<Result<RuleSet, CheckFailure>> {
    let failed = |failure| Warned {
        output: Err(failure),
        warnings: Vec::new(),
    };
    let (file, origin) = match source {
        Source::Target(target) => match load::open(target) {
            Ok(opened) => opened,
            Err(e) => return failed(CheckFailure::Unreadable(e)),
        },
        Source::Text { name, text, dir } => (SourceFile::new(name, text), Origin::Text { dir }),
        Source::Sandboxed { name, text } => (SourceFile::new(name, text), Origin::Sandboxed),
        Source::Chain(files) => {
            let Some(first) = files.first() else {
                return failed(CheckFailure::Invalid(Vec::new()));
            };
            let file = SourceFile::new(first.name.clone(), first.text.clone());
            let origin = Origin::Embedded {
                files: files.into(),
                at: 0,
            };
            (file, origin)
        }
    };
    let (checked, warnings) = check_file(file, origin, options, find, Games::Read);
    Warned {
        output: checked.map_err(CheckFailure::Invalid),
        warnings,
    }
}

/// Checks a bundled id or a rule file's path, with options chosen as `(name, value)`.
pub fn check_target(target: &str, options: &[(String, String)]) -> Result<RuleSet, CheckFailure> {
    check(Source::Target(target), options, Warnings::Skip).output
}

/// Checks rule text handed over directly; relative `extends` resolve from `dir`.
pub fn check_text(
    name: &str,
    text: &str,
    dir: Option<PathBuf>,
    options: &[(String, String)],
) -> Result<RuleSet, Vec<Diagnostic>> {
    let source = Source::Text { name, text, dir };
    check(source, options, Warnings::Skip)
        .output
        .map_err(CheckFailure::into_diagnostics)
}

/// Checks a chain of files carried whole (a game record's rules), the first file first.
pub fn check_chain(
    files: Vec<load::ChainFile>,
    options: &[(String, String)],
) -> Result<RuleSet, Vec<Diagnostic>> {
    check(Source::Chain(files), options, Warnings::Skip)
        .output
        .map_err(CheckFailure::into_diagnostics)
}

/// Whether a check reads the rule sets a match names (`match games`): not for a game of a
/// match, which may not be a match of games itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Games {
    Read,
    Refuse,
}

/// The rule set or its errors, and the warnings about the file.
fn check_file(
    file: Arc<SourceFile>,
    origin: Origin,
    options: &[(String, String)],
    find: Warnings,
    games: Games,
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
    let mut rules = lower::build(&layers, &merged, opts, &mut diags);
    if let Some(r) = &mut rules {
        match_games(&layers, &merged, r, games, &mut diags);
    }
    if find == Warnings::Find {
        if let Some(r) = &rules {
            warnings.extend(warnings::endless_turns(&layers, &merged, r));
        }
        let before = rules
            .as_ref()
            .and_then(|_| extended_rules(&layers, options));
        let both = (rules.as_ref(), before.as_ref());
        warnings.extend(warnings::title_inherited(&layers, &merged, both));
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

/// The most games `match games` may name.
pub const MAX_MATCH_GAMES: usize = 16;

/// Reads and checks the rule sets `match games` names, each with its options' defaults, into
/// the match of `rules`; each that cannot be played is an error at its name (E204), with its
/// own errors beside it.
fn match_games(
    layers: &[load::Layer],
    merged: &merge::Merged,
    rules: &mut RuleSet,
    games: Games,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(entry) = merged.get(&lang::syntax::RuleKey::MatchGames) else {
        return;
    };
    let lang::syntax::StatementKind::MatchGames(names) = &entry.stmt.kind else {
        return;
    };
    if matches!(layers[entry.layer].origin, Origin::Embedded { .. }) {
        // A record carries the rules of the one game it holds: the other games of the match it
        // was played in are not carried, and not needed to replay it.
        rules.matched = None;
        return;
    }
    // Without a match (E203), or with no games named, there is nothing to read.
    let Some(matched) = rules.matched.as_mut().filter(|_| !names.is_empty()) else {
        return;
    };
    let layer = &layers[entry.layer];
    let refuse =
        |target: &lang::syntax::Spanned<String>, reason: String, label: &str, help: String| {
            Diagnostic::new(
                &layer.file,
                errors::CheckError::MatchGame {
                    span: target.span.clone().into(),
                    target: target.value.clone(),
                    reason,
                    label: label.into(),
                    help,
                },
            )
        };
    if games == Games::Refuse {
        // This file is itself named as a game of a match.
        let own = lang::syntax::Spanned::new(
            layers.last().map_or_else(String::new, load::Layer::id),
            entry.stmt.span.clone(),
        );
        diags.push(refuse(
            &own,
            "it is a match of games itself".into(),
            "games of its own",
            "a game of a match is one game: name the games of this match in the match itself"
                .into(),
        ));
        return;
    }
    if names.len() > MAX_MATCH_GAMES {
        diags.push(refuse(
            &names[MAX_MATCH_GAMES],
            format!("a match names at most {MAX_MATCH_GAMES} games"),
            "one game too many",
            "name fewer games; a game may be played more than once by naming it again".into(),
        ));
        return;
    }
    for target in names {
        let Some((file, origin)) = load::find_extended(&target.value, &layer.origin) else {
            let help = match crate::lang::diagnostic::did_you_mean(&target.value, bundled::ids()) {
                Some(s) => format!("did you mean `{s}`?"),
                None => "write a bundled id (see `senet list`) or the path of a `.rules` file, relative to this file (`.rules` may be left out)".into(),
            };
            diags.push(refuse(
                target,
                "no bundled rule set or file has this name".into(),
                "not found",
                help,
            ));
            continue;
        };
        match check_file(file, origin, &[], Warnings::Skip, Games::Refuse).0 {
            Ok(game) => matched.games.push(game),
            Err(errors) => {
                let mut d = refuse(
                    target,
                    format!(
                        "its rules have {} error{}",
                        errors.len(),
                        if errors.len() == 1 { "" } else { "s" }
                    ),
                    "these rules do not check",
                    format!(
                        "`senet check {}` shows them; put them right there",
                        target.value
                    ),
                );
                d.related = errors;
                diags.push(d);
            }
        }
    }
}

/// The rules the file checked extends (its `extends` chain without it), with the same options
/// chosen, if they check alone.
fn extended_rules(layers: &[load::Layer], options: &[(String, String)]) -> Option<RuleSet> {
    let parents = layers.split_last()?.1;
    if parents.is_empty() {
        return None;
    }
    let mut diags = Vec::new();
    let opts = options::resolve(parents, options, &mut diags);
    let merged = merge::merge(parents, &opts, &mut diags);
    let rules = lower::build(parents, &merged, opts, &mut diags);
    rules.filter(|_| diags.is_empty())
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
    /// The file could not be read at all.
    Unreadable(load::OpenError),
    /// The file was read, and these are its errors.
    Invalid(Vec<Diagnostic>),
}

impl CheckFailure {
    /// The errors of the rules; rules given as text or carried whole are always read, so only
    /// a target's file can be unreadable, and it has none.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        match self {
            CheckFailure::Invalid(diagnostics) => diagnostics,
            CheckFailure::Unreadable(_) => Vec::new(),
        }
    }
}
