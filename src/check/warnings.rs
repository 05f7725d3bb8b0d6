//! Warnings: rules that check but are likely not what their author meant. A warning never stops
//! a rule set from being played; `senet check` shows them (and fails on them with
//! `--deny-warnings`).
//!
//! - W001: a file replaces an inherited rule that depended on an option, without saying what
//!   the option's values do any more (`pieces 6 each` over `when pieces is 7: pieces 7 each`).
//! - W002: a file that changes the rules it extends keeps the title of the rule set it extends.
//! - W003: a square effect sends a piece to a square that may be taken, where the rules then
//!   keep the piece where it landed (or refuse the move, for a trap): silenced by a `[choice:
//!   ...]` note on the rule, which says the author chose it.

use super::describe::describe;
use super::errors::CheckWarning;
use super::inherited::InheritedRule;
use super::load::Layer;
use super::merge::{Merged, written};
use super::ruleset::OptionInfo;
use crate::lang::Diagnostic;
use crate::lang::syntax::{
    Destination, Effect, NoteKind, RuleKey, SetExpr, Span, Statement, StatementKind as K, Trigger,
};
use miette::LabeledSpan;

/// Every warning about the file checked (the last layer of the chain).
pub(super) fn warnings(
    layers: &[Layer],
    merged: &Merged,
    options: &[OptionInfo],
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    options_cut(layers, options, &mut out);
    title_inherited(layers, merged, &mut out);
    destinations_taken(layers, merged, &mut out);
    out
}

/// W001: an option that some inherited rule depended on changes nothing any more: the file
/// checked restates every rule that had `when` forms for it, without forms of its own.
fn options_cut(layers: &[Layer], options: &[OptionInfo], out: &mut Vec<Diagnostic>) {
    let leaf = layers.len() - 1;
    let over = &layers[leaf];
    let on =
        |s: &Statement, name: &str| s.condition.as_ref().is_some_and(|c| c.option.value == name);
    for option in options {
        // An inherited `when` form is cut where the file checked states its key; it is in force
        // where no later file does (the file checked's own forms count as in force).
        let stated = |key: &RuleKey, after: usize| {
            layers[after + 1..].iter().any(|l| {
                l.ast
                    .statements
                    .iter()
                    .any(|s| s.kind.key().as_ref() == Some(key))
            })
        };
        let forms: Vec<(usize, &Statement)> = layers
            .iter()
            .enumerate()
            .flat_map(|(i, l)| l.ast.statements.iter().map(move |s| (i, s)))
            .filter(|(_, s)| on(s, &option.name))
            .filter(|(_, s)| {
                s.condition
                    .as_ref()
                    .is_some_and(|c| super::options::allows(&option.allowed, &c.value.value))
            })
            .collect();
        let in_force = forms
            .iter()
            .any(|(i, s)| s.kind.key().is_some_and(|k| *i == leaf || !stated(&k, *i)));
        if in_force {
            continue;
        }
        // The forms the file checked cut that meant something else than what it states.
        let cut: Vec<(usize, &Statement, &Statement)> = forms
            .iter()
            .filter(|(i, _)| *i < leaf)
            .filter_map(|&(i, s)| {
                let key = s.kind.key()?;
                let by = over
                    .ast
                    .statements
                    .iter()
                    .find(|o| o.kind.key().as_ref() == Some(&key) && o.condition.is_none())
                    .or_else(|| {
                        over.ast
                            .statements
                            .iter()
                            .find(|o| o.kind.key().as_ref() == Some(&key))
                    })?;
                let same = by.condition.is_none() && describe(&by.kind) == describe(&s.kind);
                (!same).then_some((i, s, by))
            })
            .collect();
        let Some(&(first_layer, first, by)) = cut.first() else {
            continue;
        };
        let parent = layers[first_layer].id();
        let first_text = line_of(&layers[first_layer], &first.span);
        // With one value, no other value's form can be chosen: the option is then knowingly
        // fixed.
        let help = format!(
            "say here what the option's values do (as {parent} does: `{first_text}`), or give the option one value: `option {0}: {1} default {1}`",
            option.name, option.default
        );
        let others = match cut.len() {
            1 => String::new(),
            2 => " (nor is 1 other like it)".into(),
            n => format!(" (nor are {} others like it)", n - 1),
        };
        let note = Diagnostic::new(
            &layers[first_layer].file,
            InheritedRule {
                message: format!(
                    "the inherited `when {} is ...` form, from {parent}",
                    option.name
                ),
                labels: vec![LabeledSpan::new_with_span(
                    Some(format!("no longer in force{others}")),
                    first.span.clone(),
                )],
            },
        );
        out.push(
            Diagnostic::new(
                &over.file,
                CheckWarning::OptionCut {
                    span: by.span.clone().into(),
                    key: by.kind.key().map(|k| k.to_string()).unwrap_or_default(),
                    option: option.name.clone(),
                    cut: first_text,
                    help,
                },
            )
            .with_related(note),
        );
    }
}

/// W002: the file checked extends another, changes its rules, and keeps its title.
fn title_inherited(layers: &[Layer], merged: &Merged, out: &mut Vec<Diagnostic>) {
    let Some((leaf, parents)) = layers.split_last() else {
        return;
    };
    let Some(parent) = parents.last() else { return };
    let changes = leaf.ast.statements.iter().any(|s| {
        !matches!(
            s.kind,
            K::Ruleset(_) | K::Title(_) | K::Extends(_) | K::Source(_)
        )
    });
    let Some(title) = merged.get(&RuleKey::Title) else {
        return;
    };
    let K::Title(text) = &title.stmt.kind else {
        return;
    };
    let own = title.layer == layers.len() - 1;
    let parent_title = parents.iter().rev().find_map(|l| {
        l.ast.statements.iter().find_map(|s| match &s.kind {
            K::Title(t) if s.condition.is_none() => Some(t.clone()),
            _ => None,
        })
    });
    if !changes || (own && parent_title.as_ref() != Some(text)) {
        return;
    }
    let id = layers[layers.len() - 1].id();
    let help = format!("give it a title of its own: `title \"{text} ({id})\"`");
    let (span, label) = if own {
        (
            title.stmt.span.clone(),
            format!("the title of {}", parent.id()),
        )
    } else {
        let at = leaf
            .ast
            .statements
            .iter()
            .find(|s| matches!(s.kind, K::Extends(_)))
            .or_else(|| leaf.ast.statements.first())
            .map_or(0..0, |s| s.span.clone());
        (at, "its title comes from here".to_string())
    };
    out.push(Diagnostic::new(
        &leaf.file,
        CheckWarning::TitleInherited {
            span: span.into(),
            parent: parent.id(),
            label,
            help,
        },
    ));
}

/// W003: a square effect of the file checked that sends a piece to a square, with no other
/// square to go to if that one is taken, and no `[choice: ...]` note to say that is meant.
fn destinations_taken(layers: &[Layer], merged: &Merged, out: &mut Vec<Diagnostic>) {
    let leaf = layers.len() - 1;
    for entry in merged.entries.iter().filter(|e| e.layer == leaf) {
        let stmt = entry.stmt;
        if stmt
            .note
            .as_ref()
            .is_some_and(|n| n.kind == NoteKind::Choice)
        {
            continue;
        }
        let sent: Vec<(&Destination, String)> = match &stmt.kind {
            K::SquareEffect {
                square,
                effect: Some(to),
            } => vec![(to, format!("on {}", square.value))],
            K::On {
                trigger, effects, ..
            } => effects
                .iter()
                .filter_map(|e| match (&trigger.value, &e.value) {
                    (Trigger::Landing(set, _), Effect::GoTo { to, .. }) => {
                        Some((to, format!("on {}", squares(set, "or"))))
                    }
                    (Trigger::Passing(set), Effect::GoTo { to, .. }) => {
                        Some((to, format!("passing {}", squares(set, "or"))))
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        for (to, from) in sent {
            let Destination::Square(m) = to else { continue };
            let passing = from.starts_with("passing");
            let then = if passing {
                format!(
                    "while square {} is taken, no move may pass over {}",
                    m.value,
                    &from["passing ".len()..]
                )
            } else {
                format!(
                    "if square {} is taken, a piece that lands {from} stays there",
                    m.value
                )
            };
            let text = written(&layers[leaf], &stmt.span);
            let at = m.span.start.saturating_sub(stmt.span.start);
            let fixed = text
                .get(..at)
                .zip(text.get(at + m.span.len()..))
                .map(|(before, after)| format!("{before}first free after {}{after}", m.value));
            let help = match fixed {
                Some(fixed) => format!(
                    "to send it on to the nearest free square, write `{fixed}`; if {} is meant, say so in a note: `[choice: ...]`",
                    if passing {
                        "refusing the move"
                    } else {
                        "staying"
                    }
                ),
                None => "say what is meant in a note: `[choice: ...]`".into(),
            };
            out.push(Diagnostic::new(
                &layers[leaf].file,
                CheckWarning::DestinationTaken {
                    span: m.span.clone().into(),
                    to: m.value,
                    then,
                    help,
                },
            ));
        }
    }
}

/// A set of squares in words: `26`, `28, 29 or 30`.
fn squares(set: &SetExpr, or: &str) -> String {
    let items: Vec<String> = match set {
        SetExpr::None => return "no square".into(),
        SetExpr::Squares(items) | SetExpr::Positions(items) => items
            .iter()
            .map(|i| {
                if i.first == i.last {
                    i.first.to_string()
                } else {
                    format!("{}..{}", i.first, i.last)
                }
            })
            .collect(),
    };
    let words = match items.as_slice() {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {or} {last}", rest.join(", ")),
        [] => String::new(),
    };
    match set {
        SetExpr::Positions(_) => format!("positions {words}"),
        _ => words,
    }
}

/// The whole line of a statement (with its `when ...:`), without its comment and note.
fn line_of(layer: &Layer, span: &Span) -> String {
    let text = &layer.file.text;
    let start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line = text.get(start..span.end).unwrap_or_default();
    crate::lang::parser::strip_comment_and_note(line)
        .trim()
        .to_string()
}
