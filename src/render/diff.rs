//! `senet diff`: the rules two rule sets disagree on, side by side.

use std::fmt::Write;

use super::wrap;
use crate::check::RuleSet;
use crate::check::describe::default_text;

const COLUMN: usize = 44;

pub fn diff(a: &RuleSet, b: &RuleSet) -> String {
    let mut keys: Vec<&str> = a.rules.iter().map(|r| r.key.as_str()).collect();
    for r in &b.rules {
        if !keys.contains(&r.key.as_str()) {
            keys.push(&r.key);
        }
    }
    let text = |r: &RuleSet, key: &str| -> String {
        r.rules
            .iter()
            .find(|x| x.key == key)
            .map(|x| x.text.clone())
            .or_else(|| default_text(key))
            .unwrap_or_else(|| match key.strip_prefix("option ") {
                Some(name) => format!("(no option `{name}`)"),
                None => "(not said)".into(),
            })
    };
    let mut rows = Vec::new();
    for key in keys {
        let (ta, tb) = (text(a, key), text(b, key));
        if ta != tb {
            rows.push((key, ta, tb));
        }
    }
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
            let k = if i == 0 { key } else { "" };
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
