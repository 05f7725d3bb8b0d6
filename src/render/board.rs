//! Drawing a board as text: the grid with its gaps, square numbers, marks, labels and pieces.

use crate::check::RuleSet;
use crate::check::ruleset::Start;
use crate::types::{Board, Square};

/// What a square shows on its second line, and how it is painted: ANSI graphic parameters such
/// as `1;31` (bold red), or `None` for plain text.
pub struct Cell {
    pub text: String,
    pub colour: Option<String>,
}

/// The ANSI foreground code of a colour name the language allows.
pub fn ansi(colour: &str) -> &'static str {
    match colour {
        "red" => "31",
        "green" => "32",
        "yellow" => "33",
        "blue" => "34",
        "magenta" => "35",
        "cyan" => "36",
        "white" => "97",
        "black" => "90",
        _ => "39",
    }
}

const W: usize = 5;

/// Draws the board with box characters. Each square shows its number and, below, `content`
/// (a piece, a label, a mark), if any.
pub fn draw(b: &Board, content: &dyn Fn(Square) -> Option<Cell>) -> String {
    if !b.points.is_empty() {
        return draw_points(b, content);
    }
    let mut out = String::new();
    let cell =
        |row: u8, col: u8| -> Option<Square> { b.square_at(row, col).filter(|s| !b.is_gap(*s)) };
    for row in 0..=b.rows {
        // The border above row `row` (and below the last row).
        let mut line = String::new();
        for col in 0..b.cols {
            let above = row > 0 && cell(row - 1, col).is_some();
            let below = row < b.rows && cell(row, col).is_some();
            let left_above = row > 0 && col > 0 && cell(row - 1, col - 1).is_some();
            let left_below = row < b.rows && col > 0 && cell(row, col - 1).is_some();
            line.push(if above || below || left_above || left_below {
                '+'
            } else {
                ' '
            });
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
                let (text, colour) = match here {
                    None => (String::new(), None),
                    Some(s) if part == 0 => (s.to_string(), None),
                    Some(s) => match content(s) {
                        Some(c) => (c.text, c.colour),
                        None => (String::new(), None),
                    },
                };
                let text: String = text.chars().take(W).collect();
                let padded = format!("{text:^W$}");
                match colour {
                    Some(code) => line.push_str(&format!("\x1b[{code}m{padded}\x1b[0m")),
                    None => line.push_str(&padded),
                }
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

/// Draws a board whose squares are placed at points (`draw ... at ...`): one line a row, each
/// square its number and, beside it, `content` (a piece, a label, a mark), if any.
fn draw_points(b: &Board, content: &dyn Fn(Square) -> Option<Cell>) -> String {
    let rows = b.points.iter().map(|p| p.1).max().unwrap_or(0);
    let mut out = String::new();
    for row in 0..=rows {
        let mut here: Vec<&(Square, u8, u8)> = b.points.iter().filter(|p| p.1 == row).collect();
        here.sort_by_key(|p| p.2);
        let mut line = String::new();
        let mut at = 0usize;
        for &&(sq, _, col) in &here {
            let col = usize::from(col);
            line.push_str(&" ".repeat((col - at.min(col)) * POINT_W));
            let cell = content(sq);
            let text: String = cell
                .as_ref()
                .map(|c| c.text.chars().take(2).collect())
                .unwrap_or_default();
            let painted = match cell.and_then(|c| c.colour) {
                Some(code) => format!("\x1b[{code}m{text:<2}\x1b[0m"),
                None => format!("{text:<2}"),
            };
            line.push_str(&format!("{:>2}{painted} ", u32::from(sq)));
            at = col + 1;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The width of a square drawn at a point: its number, two characters of content, a space.
const POINT_W: usize = 5;

/// The first letter of a side's name, upper case: how its pieces are drawn.
pub fn initial(name: &str) -> String {
    name.chars()
        .next()
        .unwrap_or('?')
        .to_uppercase()
        .to_string()
}

/// The board with the starting layout: each piece shown by its side's initial, an empty square
/// by its label or its mark (`*`).
pub fn draw_start(r: &RuleSet) -> String {
    let occupant = |sq: Square| -> Option<Cell> {
        if let Start::OnBoard {
            positions: per_side,
            ..
        } = &r.start
        {
            for (s, side) in r.sides.iter() {
                if per_side[s].iter().any(|&p| side.square(p) == sq) {
                    return Some(Cell {
                        text: initial(&side.name),
                        colour: None,
                    });
                }
            }
        }
        let text = r
            .board
            .label(sq)
            .map(str::to_string)
            .or_else(|| r.board.marks.contains(&sq).then(|| "*".to_string()))?;
        Some(Cell { text, colour: None })
    };
    draw(&r.board, &occupant)
}
