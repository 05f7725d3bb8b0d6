//! Warnings: rules that check but are likely not what their author meant. A warning never stops
//! a rule set from being played; `senet check` shows them (and fails on them with
//! `--deny-warnings`).
//!
//! - W001: a file replaces an inherited rule that depended on an option, without saying what
//!   the option's values do: two values that gave two games give one (`pieces 7 each` over
//!   `senet/kendall`'s `when pieces is 7: pieces 7 each` makes `--option pieces=5` seven pieces).
//! - W002: a file that changes the rules it extends keeps the title of the rule set it extends.
//! - W003: a square effect sends a piece to a square that may be taken, where the rules then
//!   keep the piece where it landed (or refuse the move, for a trap): silenced by a note on the
//!   rule that says the author chose it (`[choice: ...]`, or `[source: ...; choice: ...]`).
//! - W004: every throw the device gives earns another throw after a move (a turn ends only
//!   when its side cannot move), or after a pass (a side that cannot move throws for ever): a
//!   turn that may never end. (Both at once is an error, E184.)

use super::describe::describe;
use super::errors::CheckWarning;
use super::inherited::InheritedRule;
use super::load::Layer;
use super::merge::{Merged, merge, written};
use super::ruleset::{OptionInfo, RuleSet};
use super::same::same_rule;
use crate::lang::Diagnostic;
use crate::lang::syntax::{
    Destination, Effect, Note, NoteKind, RuleKey, SetExpr, Span, StatementKind as K, Trigger, Value,
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
    destinations_taken(layers, merged, &mut out);
    out
}

/// The values of an option one by one (a range as its numbers), if there are few enough to
/// compare.
fn values(allowed: &[Value]) -> Option<Vec<Value>> {
    let mut out = Vec::new();
    for value in allowed {
        match value {
            Value::Range(a, b) => out.extend(((*a.min(b))..=(*a.max(b))).map(Value::Int)),
            v => out.push(v.clone()),
        }
        if out.len() > MAX_VALUES {
            return None;
        }
    }
    Some(out)
}

/// The most values of one option W001 compares.
const MAX_VALUES: usize = 32;

/// The rules in force along `layers` with option `name` chosen as `value`: each rule's key and
/// what it says.
fn game(
    layers: &[Layer],
    options: &[OptionInfo],
    name: &str,
    value: &Value,
) -> Vec<(RuleKey, String)> {
    let mut chosen = options.to_vec();
    for o in chosen.iter_mut().filter(|o| o.name == name) {
        o.chosen = value.clone();
    }
    // The chain's errors are reported once, by the check itself.
    let mut ignored = Vec::new();
    let merged = merge(layers, &chosen, &mut ignored);
    let mut rules: Vec<(RuleKey, String)> = merged
        .entries
        .iter()
        .map(|e| (e.key.clone(), describe(&e.stmt.kind)))
        .collect();
    rules.sort();
    rules
}

/// W001: two values of an option that gave two different games in the rule set extended give
/// the same game in the file checked, because it restates a rule that had `when` forms for the
/// option without forms of its own.
fn options_cut(layers: &[Layer], options: &[OptionInfo], out: &mut Vec<Diagnostic>) {
    let Some((over, parents)) = layers.split_last() else {
        return;
    };
    if parents.is_empty() {
        return;
    }
    for option in options {
        let Some(values) = values(&option.allowed) else {
            continue;
        };
        let before: Vec<_> = values
            .iter()
            .map(|v| game(parents, options, &option.name, v))
            .collect();
        let after: Vec<_> = values
            .iter()
            .map(|v| game(layers, options, &option.name, v))
            .collect();
        // The first two values the file checked no longer tells apart.
        let pair = (0..values.len())
            .flat_map(|i| (i + 1..values.len()).map(move |j| (i, j)))
            .find(|&(i, j)| before[i] != before[j] && after[i] == after[j]);
        let Some((i, j)) = pair else { continue };
        // The statement of the file checked that restates a rule the two values told apart.
        let told_apart = |key: &RuleKey| {
            let said = |game: &[(RuleKey, String)]| {
                game.iter().find(|(k, _)| k == key).map(|(_, s)| s.clone())
            };
            said(&before[i]) != said(&before[j])
        };
        let Some(by) = over
            .ast
            .statements
            .iter()
            .find(|s| s.kind.key().is_some_and(|k| told_apart(&k)))
        else {
            continue;
        };
        let Some(key) = by.kind.key() else { continue };
        // The inherited `when` form it replaced, of one of the two values.
        let Some((form_layer, form)) = parents
            .iter()
            .enumerate()
            .rev()
            .flat_map(|(l, layer)| layer.ast.statements.iter().map(move |s| (l, s)))
            .find(|(_, s)| {
                s.kind.key().as_ref() == Some(&key)
                    && s.condition.as_ref().is_some_and(|c| {
                        c.option.value == option.name
                            && (c.value.value == values[i] || c.value.value == values[j])
                    })
            })
        else {
            continue;
        };
        let parent = parents[form_layer].id();
        let form_text = line_of(&parents[form_layer], &form.span);
        // Where the statement says what one value's form said, that value as the default
        // says it without cutting the option.
        let same_as = parents
            .iter()
            .flat_map(|layer| &layer.ast.statements)
            .find(|s| {
                s.kind.key().as_ref() == Some(&key)
                    && describe(&s.kind) == describe(&by.kind)
                    && s.condition
                        .as_ref()
                        .is_some_and(|c| c.option.value == option.name)
            })
            .and_then(|s| s.condition.as_ref().map(|c| c.value.value.clone()));
        let instead = match same_as {
            Some(value) => format!(
                "or, instead of this line, make {value} the option's default: `option {}: {} default {value}`",
                option.name,
                option
                    .allowed
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" | ")
            ),
            None => format!(
                "or give the option one value: `option {0}: {1} default {1}`",
                option.name, option.default
            ),
        };
        let help =
            format!("say here what the values do (as {parent} does: `{form_text}`), {instead}");
        let note = Diagnostic::note(
            &parents[form_layer].file,
            InheritedRule {
                message: format!(
                    "the inherited `when {} is ...` form, from {parent}",
                    option.name
                ),
                labels: vec![LabeledSpan::new_with_span(
                    Some("replaced, with the rule it was a form of".into()),
                    form.span.clone(),
                )],
            },
        );
        out.push(
            Diagnostic::new(
                &over.file,
                CheckWarning::OptionCut {
                    span: by.span.clone().into(),
                    key: key.to_string(),
                    option: option.name.clone(),
                    first: values[i].to_string(),
                    second: values[j].to_string(),
                    help,
                },
            )
            .with_related(note),
        );
    }
}

/// W004 about checked rules `r`: where every throw of the device earns another throw after a
/// move, or after a pass, and no rule ends a turn. Shown at the rule that completes the list
/// (the latest of the throw and the rules that give the extra throws), if the file checked
/// states it: a rule set it extends that has the same rules is warned about on its own.
pub(super) fn endless_turns(layers: &[Layer], merged: &Merged, r: &RuleSet) -> Vec<Diagnostic> {
    let leaf = layers.len() - 1;
    let values = r.throw.distribution();
    let every = |list: &[u8]| values.iter().all(|(v, _)| list.contains(v));
    if r.turn_rules.iter().any(|t| t.end_turn.is_some()) {
        return Vec::new();
    }
    let cases = [
        (
            r.extra_after.as_slice(),
            "a move",
            "a turn ends only when its side cannot move",
        ),
        (
            r.extra_after_pass.as_slice(),
            "a pass",
            "a side that cannot move with any throw would throw for ever",
        ),
    ];
    let mut out = Vec::new();
    for (list, after, then) in cases {
        let trigger = |t: &Trigger| match t {
            Trigger::Move(_) => after == "a move",
            Trigger::Pass(_) => after == "a pass",
            _ => false,
        };
        if !every(list) {
            continue;
        }
        // The rules that make the list: the throw, `extra throw after` (for moves) and the
        // event rules that throw again.
        let latest = merged
            .entries
            .iter()
            .filter(|e| match &e.stmt.kind {
                K::Throw(_) => true,
                K::ExtraAfter(_) => after == "a move",
                K::On {
                    trigger: t,
                    effects,
                    condition: None,
                } => {
                    trigger(&t.value)
                        && effects
                            .iter()
                            .any(|e| matches!(e.value, Effect::ThrowAgain))
                }
                _ => false,
            })
            .max_by_key(|e| (e.layer, e.stmt.span.start));
        if let Some(e) = latest.filter(|e| e.layer == leaf) {
            out.push(Diagnostic::new(
                &layers[leaf].file,
                CheckWarning::EndlessTurn {
                    span: e.stmt.span.clone().into(),
                    after,
                    then,
                },
            ));
        }
    }
    out
}

/// W002: the file checked extends another, changes its rules, and keeps its title. A rule is
/// changed where the file states it (under no condition) and it resolves otherwise than in the
/// rules the file extends (`rules`, `before`: checked with the same options): a rule restated
/// as it was changes nothing. A rule stated under a condition is taken as a change, since other
/// options may give it. Without both (the file or the rules it extends do not check), any rule
/// stated is.
pub(super) fn title_inherited(
    layers: &[Layer],
    merged: &Merged,
    (rules, before): (Option<&RuleSet>, Option<&RuleSet>),
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Some((leaf, parents)) = layers.split_last() else {
        return out;
    };
    let Some(parent) = parents.last() else {
        return out;
    };
    let changes = leaf.ast.statements.iter().any(|s| {
        let Some(key) = s.kind.key() else {
            return false;
        };
        if matches!(key, RuleKey::Ruleset | RuleKey::Title | RuleKey::Extends) {
            return false;
        }
        match (rules, before) {
            (Some(rules), Some(before)) if s.condition.is_none() => !same_rule(rules, before, &key),
            _ => true,
        }
    });
    let Some(title) = merged.get(&RuleKey::Title) else {
        return out;
    };
    let K::Title(text) = &title.stmt.kind else {
        return out;
    };
    let own = title.layer == layers.len() - 1;
    let parent_title = parents.iter().rev().find_map(|l| {
        l.ast.statements.iter().find_map(|s| match &s.kind {
            K::Title(t) if s.condition.is_none() => Some(t.clone()),
            _ => None,
        })
    });
    if !changes || (own && parent_title.as_ref() != Some(text)) {
        return out;
    }
    let id = leaf.id();
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
    out
}

/// W003: a square effect of the file checked that sends a piece to a square, with no other
/// square to go to if that one is taken, and no `[choice: ...]` note to say that is meant.
fn destinations_taken(layers: &[Layer], merged: &Merged, out: &mut Vec<Diagnostic>) {
    let leaf = layers.len() - 1;
    for entry in merged.entries.iter().filter(|e| e.layer == leaf) {
        let stmt = entry.stmt;
        if stmt.note.as_ref().is_some_and(says_a_choice) {
            continue;
        }
        // Where each effect sends a piece, the squares it is sent from, whether it is a trap (a
        // move that would pass them), and whether it captures an enemy piece there.
        let sent: Vec<(&Destination, String, bool, bool)> = match &stmt.kind {
            K::SquareEffect {
                square,
                effect: Some(to),
            } => vec![(to, square.value.to_string(), false, false)],
            K::On {
                trigger, effects, ..
            } => effects
                .iter()
                .filter_map(|e| match (&trigger.value, &e.value) {
                    (Trigger::Landing(set, _), Effect::GoTo { to, capturing, .. }) => {
                        Some((to, squares(set), false, capturing.is_some()))
                    }
                    (Trigger::Passing(set), Effect::GoTo { to, .. }) => {
                        Some((to, squares(set), true, false))
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        for (to, from, passing, capturing) in sent {
            let Destination::Square(m) = to else { continue };
            if capturing {
                // A line that captures stays only for a piece it cannot take: its own side's, or
                // one the capture rules protect; no first free square may capture (E151).
                out.push(Diagnostic::new(
                    &layers[leaf].file,
                    CheckWarning::DestinationTaken {
                        span: m.span.clone().into(),
                        to: m.value,
                        then: format!(
                            "if square {} holds a piece of its own side, or one that cannot be captured, a piece that lands on {from} stays there",
                            m.value
                        ),
                        help: "if staying is meant, say so in a note: `[choice: ...]`".into(),
                    },
                ));
                continue;
            }
            let then = if passing {
                format!(
                    "while square {} is taken, no move may pass over {from}",
                    m.value
                )
            } else {
                format!(
                    "if square {} is taken, a piece that lands on {from} stays there",
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

/// Whether a note says what the rule set chose: a `[choice: ...]` note, or a `[source: ...]`
/// note with a part that begins `choice:` (`[source: "..."; choice: ...]`), since a statement
/// carries one note and a rule may need both.
fn says_a_choice(note: &Note) -> bool {
    note.kind == NoteKind::Choice
        || note
            .text
            .split(';')
            .any(|part| part.trim_start().starts_with("choice:"))
}

/// A set of squares a piece lands on or passes one of, in words: `26`, `28, 29 or 30`.
fn squares(set: &SetExpr) -> String {
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
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
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
