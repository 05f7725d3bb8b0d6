//! Folding an `extends` chain into one list of rules: a later rule with the same key replaces
//! the inherited one; `when` rules apply only under their option value.

use super::errors::CheckError;
use super::load::Layer;
use super::options::{allowed_at, allows, bad_value, unknown_option};
use super::ruleset::OptionInfo;
use crate::lang::Diagnostic;
use crate::lang::syntax::{RuleKey, Statement, StatementKind};

/// A rule in force, and the layer (index into the chain) whose file says it.
pub struct Entry<'a> {
    pub key: RuleKey,
    pub stmt: &'a Statement,
    pub layer: usize,
}

pub struct Merged<'a> {
    pub entries: Vec<Entry<'a>>,
    pub sources: Vec<String>,
}

impl<'a> Merged<'a> {
    pub fn get(&self, key: &RuleKey) -> Option<&Entry<'a>> {
        self.entries.iter().find(|e| e.key == *key)
    }

    fn put(&mut self, entry: Entry<'a>) {
        match self.entries.iter_mut().find(|e| e.key == entry.key) {
            Some(e) => *e = entry,
            None => self.entries.push(entry),
        }
    }
}

pub fn merge<'a>(
    layers: &'a [Layer],
    options: &[OptionInfo],
    diags: &mut Vec<Diagnostic>,
) -> Merged<'a> {
    let mut merged = Merged {
        entries: Vec::new(),
        sources: Vec::new(),
    };
    for (index, layer) in layers.iter().enumerate() {
        // The same rule twice in one file (under the same condition) is a mistake.
        let mut seen: Vec<(RuleKey, String, &Statement)> = Vec::new();
        for stmt in &layer.ast.statements {
            let Some(key) = stmt.kind.key() else { continue };
            let cond = stmt
                .condition
                .as_ref()
                .map(|c| format!("{}={}", c.option.value, c.value.value))
                .unwrap_or_default();
            if let Some((_, _, first)) = seen.iter().find(|(k, c, _)| *k == key && *c == cond) {
                diags.push(Diagnostic::new(
                    &layer.file,
                    CheckError::Duplicate {
                        span: stmt.span.clone().into(),
                        first: first.span.clone().into(),
                        key: key.to_string(),
                    },
                ));
            } else {
                seen.push((key, cond, stmt));
            }
        }
        // `source none` drops the sources inherited so far, wherever it stands in the file; the
        // file's own follow.
        let sources = layer
            .ast
            .statements
            .iter()
            .filter_map(|stmt| match &stmt.kind {
                StatementKind::Source(s) if stmt.condition.is_none() => Some(s),
                _ => None,
            });
        if sources.clone().any(Option::is_none) {
            merged.sources.clear();
        }
        merged.sources.extend(sources.flatten().cloned());
        // Unconditional rules first, so that a `when` rule of the same file overrides them.
        for stmt in layer
            .ast
            .statements
            .iter()
            .filter(|s| s.condition.is_none())
        {
            if let Some(key) = stmt.kind.key() {
                merged.put(Entry {
                    key,
                    stmt,
                    layer: index,
                });
            }
        }
        for stmt in &layer.ast.statements {
            let Some(cond) = &stmt.condition else {
                continue;
            };
            // What a rule set is and where it comes from cannot depend on its options.
            let fixed = match stmt.kind {
                StatementKind::Ruleset(_) => Some("ruleset"),
                StatementKind::Title(_) => Some("title"),
                StatementKind::Source(_) => Some("source"),
                StatementKind::Extends(_) => Some("extends"),
                StatementKind::Option { .. } => continue, // reported where options are read
                _ => None,
            };
            if let Some(what) = fixed {
                diags.push(Diagnostic::new(
                    &layer.file,
                    CheckError::ConditionalNotAllowed {
                        span: stmt.span.clone().into(),
                        what: what.into(),
                        statement: written(layer, &stmt.span),
                    },
                ));
                continue;
            }
            let Some(option) = options.iter().find(|o| o.name == cond.option.value) else {
                diags.push(unknown_option(
                    &layer.file,
                    &cond.option.value,
                    cond.option.span.clone(),
                    options,
                ));
                continue;
            };
            // Judged by the option as this file sees it; a value a later file no longer allows
            // is simply never chosen.
            let allowed =
                allowed_at(layers, &option.name, index).unwrap_or_else(|| option.allowed.clone());
            if !allows(&allowed, &cond.value.value) {
                diags.push(bad_value(
                    &layer.file,
                    &option.name,
                    &cond.value.value,
                    cond.value.span.clone(),
                    &allowed,
                ));
                continue;
            }
            if option.chosen == cond.value.value
                && let Some(key) = stmt.kind.key()
            {
                merged.put(Entry {
                    key,
                    stmt,
                    layer: index,
                });
            }
        }
    }
    merged
}

/// A statement of a file as written, without its comment and note.
pub(super) fn written(layer: &Layer, span: &std::ops::Range<usize>) -> String {
    let text = layer.file.text.get(span.clone()).unwrap_or_default();
    crate::lang::parser::strip_comment_and_note(text)
        .trim()
        .to_string()
}
