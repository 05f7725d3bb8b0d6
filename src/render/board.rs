//! Drawing a board as text: the grid with its gaps, square numbers, marks and labels.

use crate::check::RuleSet;
use crate::check::ruleset::{Square, Start};

/// What to show in a square's second line.
pub type Content<'a> = &'a dyn Fn(Square) -> Option<String>;

/// Draws the board with box characters. Each square shows its number and, below, `content`
/// (for example a piece) or else its label or mark.
pub fn draw(r: &RuleSet, content: Content) -> String {
    const W: usize = 5;
    let b = &r.board;
    let mut out = String::new();
    let cell = |row: u16, col: u16| -> Option<Square> {
        let s = b.square_at(row, col);
        (!b.is_gap(s)).then_some(s)
    };
    for row in 0..=b.rows {
        // The border above row `row` (and below the last row).
        let mut line = String::new();
        for col in 0..b.cols {
            let above = row > 0 && cell(row - 1, col).is_some();
            let below = row < b.rows && cell(row, col).is_some();
            let left_above = row > 0 && col > 0 && cell(row - 1, col - 1).is_some();
            let left_below = row < b.rows && col > 0 && cell(row, col - 1).is_some();
            let corner = above || below || left_above || left_below;
            line.push(if corner { '+' } else { ' ' });
            line.push_str(&(if above || below { "-" } else { " " }).repeat(W));
        }
        let last_above = row > 0 && cell(row - 1, b.cols - 1).is_some();
        let last_below = row < b.rows && cell(row, b.cols - 1).is_some();
        line.push(if last_above || last_below { '+' } else { ' ' });
        out.push_str(line.trim_end());
        out.push('\n');
        if row == b.rows {
            break;
        }
        for part in 0..2 {
            let mut line = String::new();
            for col in 0..b.cols {
                let here = cell(row, col);
                let left = col > 0 && cell(row, col - 1).is_some();
                line.push(if here.is_some() || left { '|' } else { ' ' });
                let text = match here {
                    None => String::new(),
                    Some(s) if part == 0 => s.to_string(),
                    Some(s) => content(s)
                        .or_else(|| b.label(s).map(str::to_string))
                        .or_else(|| b.marks.contains(&s).then(|| "*".to_string()))
                        .unwrap_or_default(),
                };
                let text: String = text.chars().take(W).collect();
                line.push_str(&format!("{text:^W$}"));
            }
            if cell(row, b.cols - 1).is_some() {
                line.push('|');
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

/// The board with the starting layout: each piece shown by its side's initial.
pub fn draw_start(r: &RuleSet) -> String {
    let occupant = |sq: Square| -> Option<String> {
        let Start::OnBoard(per_side) = &r.start else {
            return None;
        };
        for (i, side) in r.sides.iter().enumerate() {
            if per_side[i].iter().any(|&p| side.path[p as usize - 1] == sq) {
                return Some(
                    side.name
                        .chars()
                        .next()
                        .unwrap_or('?')
                        .to_ascii_uppercase()
                        .to_string(),
                );
            }
        }
        None
    };
    draw(r, &occupant)
}
