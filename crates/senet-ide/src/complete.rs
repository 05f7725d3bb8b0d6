//! What may be written at a place: the keywords the grammar takes there, bundled ids in an
//! `extends` string, option names and values after `when`, side names and colours where a name
//! goes.

use super::{Analysis, line_bounds};
use senet_lang::bundled;
use senet_lang::check::COLOURS;
use senet_lang::lang::syntax::{Span, StatementKind, Value};
use senet_lang::lang::tokens::expected_after;

/// One thing that may be written, and the bytes of the document it replaces (the word typed
/// so far).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    /// A word about it: a rule set's title, an option's values.
    pub detail: Option<String>,
    pub replace: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Keyword,
    RuleSet,
    Option,
    Value,
    Side,
    Colour,
}

/// The most numbers a range of option values is offered as.
const MAX_RANGE_VALUES: usize = 64;

impl Analysis {
    /// What may be written at `offset`.
    pub fn completions(&self, offset: usize) -> Vec<Completion> {
        let text = self.text();
        let (start, end) = line_bounds(text, offset);
        let offset = offset.clamp(start, end);
        let Some(before) = text.get(start..offset) else {
            return Vec::new();
        };
        if let Some(partial) = extends_string(before) {
            let from = offset - partial.len();
            return bundled::ids()
                .map(|id| Completion {
                    label: id.to_string(),
                    kind: CompletionKind::RuleSet,
                    detail: bundled_title(id),
                    replace: from..offset,
                })
                .collect();
        }
        let word = before
            .char_indices()
            .rev()
            .take_while(|&(_, c)| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            .last()
            .map_or(before.len(), |(i, _)| i);
        let head = &before[..word];
        let replace = start + word..offset;
        let expected = expected_after(head);
        let mut out: Vec<Completion> = expected
            .keywords
            .iter()
            .map(|k| Completion {
                label: k.clone(),
                kind: CompletionKind::Keyword,
                detail: None,
                replace: replace.clone(),
            })
            .collect();
        if expected.name || expected.number {
            out.extend(self.names(head, &expected, &replace));
        }
        out
    }

    /// The names (or option values) that go after `head`, by the words before.
    fn names(
        &self,
        head: &str,
        expected: &senet_lang::lang::tokens::Expected,
        replace: &Span,
    ) -> Vec<Completion> {
        let words: Vec<&str> = head
            .split(|c: char| c.is_whitespace() || c == ':')
            .filter(|w| !w.is_empty())
            .collect();
        let item = |label: String, kind, detail: Option<String>| Completion {
            label,
            kind,
            detail,
            replace: replace.clone(),
        };
        match words.as_slice() {
            // `when NAME is |`: the option's values.
            [.., "when", name, "is"] => self
                .option_values(name)
                .into_iter()
                .map(|v| item(v, CompletionKind::Value, None))
                .collect(),
            // `when |`, `option |`: the options declared along the chain.
            [.., "when" | "option"] if expected.name => self
                .options()
                .into_iter()
                .map(|(name, values)| item(name, CompletionKind::Option, Some(values)))
                .collect(),
            // `colour SIDE: |`
            [.., "colour", _] if head.trim_end().ends_with(':') => COLOURS
                .iter()
                .map(|c| item((*c).to_string(), CompletionKind::Colour, None))
                .collect(),
            _ if expected.name => self
                .sides()
                .into_iter()
                .map(|s| item(s, CompletionKind::Side, None))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The statements of the chain, the document's first, then each file it extends.
    fn chain_statements(&self) -> impl Iterator<Item = &senet_lang::lang::syntax::Statement> {
        self.layers
            .iter()
            .rev()
            .flat_map(|l| &l.ast.statements)
            .filter(|s| s.condition.is_none())
    }

    /// The side names in force: the nearest `sides` statement's.
    fn sides(&self) -> Vec<String> {
        self.chain_statements()
            .find_map(|s| match &s.kind {
                StatementKind::Sides(names) => {
                    Some(names.iter().map(|n| n.value.clone()).collect())
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// Each option declared along the chain (its nearest declaration), with its values in
    /// words.
    fn options(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for s in self.chain_statements() {
            if let StatementKind::Option {
                name,
                values,
                default,
            } = &s.kind
                && !out.iter().any(|(n, _)| *n == name.value)
            {
                let list: Vec<String> = values.iter().map(|v| v.value.to_string()).collect();
                out.push((
                    name.value.clone(),
                    format!("{} (default {})", list.join(" | "), default.value),
                ));
            }
        }
        out
    }

    /// The values option `name` takes, as they may be written after `is`.
    fn option_values(&self, name: &str) -> Vec<String> {
        let Some(values) = self.chain_statements().find_map(|s| match &s.kind {
            StatementKind::Option {
                name: n, values, ..
            } if n.value == name => Some(values),
            _ => None,
        }) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for v in values {
            match &v.value {
                Value::Range(a, b) => {
                    let (lo, hi) = (*a.min(b), *a.max(b));
                    out.extend((lo..=hi).take(MAX_RANGE_VALUES).map(|n| n.to_string()));
                }
                other => out.push(other.to_string()),
            }
        }
        out
    }
}

/// The part of a bundled id typed so far, if `before` (a line up to the cursor) is inside the
/// string of an `extends`.
fn extends_string(before: &str) -> Option<&str> {
    let rest = before.trim_start().strip_prefix("extends")?;
    let partial = rest.trim_start().strip_prefix('"')?;
    (!partial.contains('"')).then_some(partial)
}

/// The title a bundled rule file gives itself.
fn bundled_title(id: &str) -> Option<String> {
    let text = bundled::get(id)?;
    let file = senet_lang::lang::SourceFile::new(id, text);
    let (ast, _) = senet_lang::lang::parse_file(&file);
    ast.statements.into_iter().find_map(|s| match s.kind {
        StatementKind::Title(t) => Some(t),
        _ => None,
    })
}
