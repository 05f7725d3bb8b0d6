//! Drawing a board as text: the grid with its gaps, square numbers, marks, labels and pieces.

use senet_lang::check::RuleSet;
use senet_lang::check::ruleset::Start;
use senet_lang::types::{Board, Square};

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
    draw_with_room(b, content, &|_| 0)
}

/// [`draw`], keeping at least `room(square)` characters for a square's content on a board of
/// points (a hole's mark, where a piece may stand instead), so that the drawing keeps its
/// layout as pieces move.
pub fn draw_with_room(
    b: &Board,
    content: &dyn Fn(Square) -> Option<Cell>,
    room: &dyn Fn(Square) -> usize,
) -> String {
    if !b.points.is_empty() {
        return draw_points(b, content, room);
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
/// square its number and, beside it, `content` (a piece, a label, a mark) whole. A column is as
/// wide as the widest content of its squares (at least two characters), so that the columns
/// line up from row to row.
fn draw_points(
    b: &Board,
    content: &dyn Fn(Square) -> Option<Cell>,
    room: &dyn Fn(Square) -> usize,
) -> String {
    let cells: Vec<(Square, u8, u8, Option<Cell>)> = b
        .points
        .iter()
        .map(|&(sq, row, col)| (sq, row, col, content(sq)))
        .collect();
    let width = |c: &Option<Cell>| c.as_ref().map_or(0, |c| c.text.chars().count());
    // Where each column begins: every column before it, its number, its content and a space.
    let cols = cells
        .iter()
        .map(|c| usize::from(c.2) + 1)
        .max()
        .unwrap_or(0);
    let mut wide = vec![MIN_CONTENT; cols];
    for (sq, _, col, cell) in &cells {
        let w = &mut wide[usize::from(*col)];
        *w = (*w).max(width(cell)).max(room(*sq));
    }
    let begins: Vec<usize> = wide
        .iter()
        .scan(0, |at, w| {
            let here = *at;
            *at += NUMBER_W + w + 1;
            Some(here)
        })
        .collect();
    let rows = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let mut out = String::new();
    for row in 0..=rows {
        let mut here: Vec<&(Square, u8, u8, Option<Cell>)> =
            cells.iter().filter(|c| c.1 == row).collect();
        here.sort_by_key(|c| c.2);
        let mut line = String::new();
        // The characters drawn so far (colour codes take none).
        let mut at = 0usize;
        for (sq, _, col, cell) in here {
            let col = usize::from(*col);
            line.push_str(&" ".repeat(begins[col].saturating_sub(at)));
            let text = cell.as_ref().map(|c| c.text.as_str()).unwrap_or_default();
            let w = wide[col];
            let painted = match cell.as_ref().and_then(|c| c.colour.as_ref()) {
                Some(code) => format!("\x1b[{code}m{text:<w$}\x1b[0m"),
                None => format!("{text:<w$}"),
            };
            line.push_str(&format!("{:>NUMBER_W$}{painted} ", u32::from(*sq)));
            at = begins[col] + NUMBER_W + w + 1;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The width of a square's number on a board of points (squares run to 64).
const NUMBER_W: usize = 2;
/// The width of a column's content on a board of points, however short its marks.
const MIN_CONTENT: usize = 2;

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
                let here = per_side[s]
                    .iter()
                    .filter(|&&p| side.square(p) == sq)
                    .count();
                if here > 0 {
                    let text = initial(&side.name);
                    // A stack shows its count after the initial: `W5`.
                    let text = if here > 1 {
                        format!("{text}{here}")
                    } else {
                        text
                    };
                    return Some(Cell { text, colour: None });
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

#[cfg(test)]
mod tests {
    use super::*;
    use senet_lang::types::{DrawStyle, Numbering};

    /// Four holes drawn at points, two rows of two.
    fn holes() -> Board {
        let sq = |n| Square::new(n).unwrap();
        Board {
            rows: 1,
            cols: 4,
            numbering: Numbering::Rows,
            gaps: Vec::new(),
            names: Vec::new(),
            labels: Vec::new(),
            signs: Vec::new(),
            marks: Vec::new(),
            points: vec![(sq(1), 0, 0), (sq(2), 0, 1), (sq(3), 1, 0), (sq(4), 1, 1)],
            style: DrawStyle::Squares,
            links: Vec::new(),
        }
    }

    fn text(t: &str) -> Option<Cell> {
        Some(Cell {
            text: t.into(),
            colour: None,
        })
    }

    /// Each mark is drawn whole, and a column is as wide as its widest: the first column's
    /// content takes 4 characters (`→37*`), the second's 5 (`→4/12`), so the second column
    /// begins at 2 + 4 + 1 = 7.
    #[test]
    fn marks_on_a_board_of_points_are_drawn_whole_in_columns() {
        let content = |sq: Square| match sq.get() {
            1 => text("→37*"),
            3 => Some(Cell {
                text: "X".into(),
                colour: Some("1;31".into()),
            }),
            4 => text("→4/12"),
            _ => None,
        };
        assert_eq!(
            draw(&holes(), &content),
            " 1→37*  2\n 3\u{1b}[1;31mX   \u{1b}[0m  4→4/12\n"
        );
    }

    /// The room kept for a hole's mark holds its column's width while a piece stands on it;
    /// without it the column narrows to two characters.
    #[test]
    fn the_room_of_a_mark_keeps_the_columns_where_they_were() {
        let content = |sq: Square| (sq.get() == 1).then(|| text("W")).flatten();
        let room = |sq: Square| if sq.get() == 1 { 4 } else { 0 };
        assert_eq!(
            draw_with_room(&holes(), &content, &room),
            " 1W     2\n 3      4\n"
        );
        assert_eq!(draw(&holes(), &content), " 1W   2\n 3    4\n");
    }
}
