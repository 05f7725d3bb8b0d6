//! `senet diff`: the rules two rule sets disagree on, side by side.

use std::fmt::Write;

use super::wrap;
use senet_lang::check::RuleSet;
use senet_lang::check::defaults::default_statement;
use senet_lang::check::describe::describe;
use senet_lang::check::same::same_rule;
use senet_lang::lang::syntax::RuleKey;

const COLUMN: usize = 44;

/// The rules `a` and `b` resolve differently, compared by value (see [`same_rule`]); each shown
/// in words: as its file states it, else as its default.
pub fn diff(a: &RuleSet, b: &RuleSet) -> String {
    let mut keys: Vec<&RuleKey> = a.rules.iter().map(|r| &r.key).collect();
    for r in &b.rules {
        if !keys.contains(&&r.key) {
            keys.push(&r.key);
        }
    }
    let text = |r: &RuleSet, key: &RuleKey| -> String {
        r.rules
            .iter()
            .find(|x| x.key == *key)
            .map(|x| x.text.clone())
            .or_else(|| default_statement(key).map(|d| describe(&d)))
            .unwrap_or_else(|| match key {
                RuleKey::Option(name) => format!("(no option `{name}`)"),
                _ => "(not said)".into(),
            })
    };
    let rows: Vec<(String, String, String)> = keys
        .into_iter()
        .filter(|key| !same_rule(a, b, key))
        .map(|key| (key.to_string(), text(a, key), text(b, key)))
        .collect();
    let mut out = String::new();
    if rows.is_empty() {
        let _ = writeln!(out, "`{}` and `{}` have the same rules.", a.id, b.id);
        return out;
    }
    let _ = writeln!(
        out,
        "{} rule{} differ{} between `{}` and `{}`:\n",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
        if rows.len() == 1 { "s" } else { "" },
        a.id,
        b.id
    );
    let kw = rows
        .iter()
        .map(|(k, _, _)| k.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(out, "{:kw$} | {:COLUMN$} | {}", "rule", a.id, b.id);
    let _ = writeln!(
        out,
        "{}-+-{}-+-{}",
        "-".repeat(kw),
        "-".repeat(COLUMN),
        "-".repeat(COLUMN)
    );
    for (key, ta, tb) in rows {
        let la = wrap(&ta, COLUMN);
        let lb = wrap(&tb, COLUMN);
        for i in 0..la.len().max(lb.len()) {
            let k = if i == 0 { key.as_str() } else { "" };
            let x = la.get(i).map(String::as_str).unwrap_or("");
            let y = lb.get(i).map(String::as_str).unwrap_or("");
            let _ = writeln!(out, "{}", format!("{k:kw$} | {x:COLUMN$} | {y}").trim_end());
        }
        let _ = writeln!(
            out,
            "{}-+-{}-+-{}",
            "-".repeat(kw),
            "-".repeat(COLUMN),
            "-".repeat(COLUMN)
        );
    }
    out
}
