//! Text and pictures for people: board drawings (as text, and as SVG in `svg`), the explanation
//! of a rule set, differences between two, a game told as it is played.

pub mod board;
pub mod chart;
pub mod diff;
pub mod explain;
pub mod game;
pub mod many_words;
pub mod narrate;
pub mod svg;
pub mod svg_many;
mod tables_board;

use senet_lang::check::RuleSet;

/// The one-line summary `senet check` prints for a valid rule set.
pub fn summary(target: &str, r: &RuleSet) -> String {
    let squares = r.board.size() - r.board.gaps.len();
    format!(
        "ok  {target}: {} ({}; {} squares, {} piece{} a side, {} rules)",
        r.id,
        r.title,
        squares,
        r.pieces,
        if r.pieces == 1 { "" } else { "s" },
        r.rules.len()
    )
}

/// Wraps text to lines of at most `width` characters, breaking at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}
