//! `senet explain`: a rule set in plain English.

use std::fmt::Write;

use super::{board, wrap};
use senet_lang::check::RuleSet;
use senet_lang::check::ruleset::Start;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The throw probability table: value, exact fraction, percentage.
pub fn throw_table(r: &RuleSet) -> String {
    let mut out = String::from("  throw  chance    percent\n");
    let den = r.throw.denominator();
    for (value, weight) in r.throw.distribution() {
        let g = gcd(weight, den);
        let frac = format!("{}/{}", weight / g, den / g);
        // Dice played one by one: the faces shown (`6-5`), not the throw's code.
        let shown = match r.throw.dice_of(value) {
            Some(dice) => dice.iter().map(u8::to_string).collect::<Vec<_>>().join("-"),
            None => value.to_string(),
        };
        let _ = writeln!(
            out,
            "  {shown:>5}  {frac:<8}  {:>6.2} %",
            100.0 * weight as f64 / den as f64
        );
    }
    out
}

pub fn explain(r: &RuleSet) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", r.title, r.id);
    if !r.extends.is_empty() {
        let _ = writeln!(out, "Extends: {}", r.extends.join(" <- "));
    }
    for s in &r.sources {
        let _ = writeln!(out, "Source: {s}");
    }
    if !r.options.is_empty() {
        out.push_str("\nOptions\n");
        for o in &r.options {
            let allowed: Vec<String> = o.allowed.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                out,
                "  {} = {}   (allowed: {}; default {})",
                o.name,
                o.chosen,
                allowed.join(" | "),
                o.default
            );
        }
    }

    out.push_str("\nThe board");
    if matches!(r.start, Start::OnBoard { .. }) {
        let initials: Vec<String> = r
            .sides
            .values()
            .map(|s| {
                format!(
                    "{} = {}",
                    s.name.chars().next().unwrap_or('?').to_ascii_uppercase(),
                    s.name
                )
            })
            .collect();
        let _ = write!(out, " at the start ({})", initials.join(", "));
    }
    out.push_str("\n\n");
    out.push_str(&board::draw_start(r));
    if !r.board.names.is_empty() {
        out.push('\n');
        for (sq, name) in &r.board.names {
            let _ = writeln!(out, "  square {sq:>2}: {name}");
        }
    }
    out.push_str("\nPaths\n");
    for side in r.sides.values() {
        let squares: Vec<String> = side.path.iter().map(ToString::to_string).collect();
        let then = if side.looped {
            "then round again"
        } else if r.bear_when == senet_lang::check::ruleset::BearWhen::Never {
            "where it ends"
        } else {
            "then off"
        };
        let _ = writeln!(out, "  {:<6} {} ({then})", side.name, squares.join(" "));
    }

    out.push_str("\nThrows\n");
    out.push_str(&throw_table(r));

    out.push_str("\nRules\n");
    for rule in &r.rules {
        let mut text = rule.text.clone();
        if let Some((kind, note)) = &rule.note {
            let _ = write!(text, " [{}: {note}]", kind.word());
        }
        if rule.origin != r.id {
            let _ = write!(text, " (from {})", rule.origin);
        }
        for (i, line) in wrap(&text, 90).iter().enumerate() {
            let _ = writeln!(out, "{} {line}", if i == 0 { "  -" } else { "   " });
        }
    }
    out
}
