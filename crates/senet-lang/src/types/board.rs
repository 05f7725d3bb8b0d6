//! The board as a grid: its size, how its squares are numbered, its gaps, names, labels, signs
//! and marks. Checked rules hold it, compiled rules keep it for drawing.

use super::place::Square;

/// A sign drawn on a square, as the objects have them (`sign N WORD`): drawing only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// The ankh, the sign of life.
    Ankh,
    /// Nefer, "beautiful, good": the heart and windpipe.
    Nefer,
    /// Water: three rippled lines.
    Water,
    /// The eye of Horus.
    Eye,
    /// Numerals as strokes: three, two, one.
    Three,
    Two,
    One,
}

impl Sign {
    /// The word that names it in a rule file.
    pub fn word(self) -> &'static str {
        match self {
            Sign::Ankh => "ankh",
            Sign::Nefer => "nefer",
            Sign::Water => "water",
            Sign::Eye => "eye",
            Sign::Three => "three",
            Sign::Two => "two",
            Sign::One => "one",
        }
    }

    /// What it is, in words: `the ankh`, `three strokes`.
    pub fn said(self) -> &'static str {
        match self {
            Sign::Ankh => "the ankh (life)",
            Sign::Nefer => "the nefer sign (beauty)",
            Sign::Water => "the water sign (rippled lines)",
            Sign::Eye => "the eye of Horus",
            Sign::Three => "three strokes",
            Sign::Two => "two strokes",
            Sign::One => "one stroke",
        }
    }
}

/// How squares are drawn (`draw as ...`): drawing only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DrawStyle {
    /// Squares of the grid, or holes where they are drawn at points (`draw as squares`).
    #[default]
    Squares,
    /// The points (long triangles) of a tables board (`draw as tables`).
    Tables,
    /// The squares of a cloth board, at their points or on the grid, a marked square bearing a
    /// cross (`draw as cloth`): the cross-and-circle games of South Asia.
    Cloth,
}

/// How the squares of the grid are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Row by row, each left to right.
    Rows,
    /// Alternate rows run back (the Senet board).
    Snake,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: u8,
    pub cols: u8,
    pub numbering: Numbering,
    /// Cells of the grid that are not squares.
    pub gaps: Vec<Square>,
    pub names: Vec<(Square, String)>,
    pub labels: Vec<(Square, String)>,
    /// The signs drawn on squares (`sign N WORD`).
    pub signs: Vec<(Square, Sign)>,
    pub marks: Vec<Square>,
    /// Where each square is drawn (row, column from 0, top left), for a board that is not a
    /// grid; empty: as the grid.
    pub points: Vec<(Square, u8, u8)>,
    /// How squares are drawn (`draw as ...`).
    pub style: DrawStyle,
    /// Pairs of squares that are neighbours though the grid does not put them side by side
    /// (`link A to B`).
    pub links: Vec<(Square, Square)>,
}

impl Board {
    /// The cells of the grid, gaps included.
    pub fn size(&self) -> usize {
        usize::from(self.rows) * usize::from(self.cols)
    }

    /// Every square of the grid that is not a gap, ascending.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.size())
            .filter_map(Square::from_index)
            .filter(|s| !self.is_gap(*s))
    }

    /// The square at a grid cell (row and column from 0, top left); `None` for a cell off the
    /// grid.
    pub fn square_at(&self, row: u8, col: u8) -> Option<Square> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        let col = match self.numbering {
            Numbering::Snake if row % 2 == 1 => self.cols - 1 - col,
            _ => col,
        };
        Square::from_index(usize::from(row) * usize::from(self.cols) + usize::from(col))
    }

    /// The grid cell (row, column) of a square.
    pub fn cell_of(&self, square: Square) -> (u8, u8) {
        let cols = usize::from(self.cols.max(1));
        let (row, mut col) = (square.index() / cols, square.index() % cols);
        if self.numbering == Numbering::Snake && row % 2 == 1 {
            col = cols - 1 - col;
        }
        // Both fit: the grid has at most 64 cells.
        (
            u8::try_from(row).unwrap_or(u8::MAX),
            u8::try_from(col).unwrap_or(u8::MAX),
        )
    }

    /// Whether two squares touch across a side of a cell (not diagonally), or are linked.
    pub fn adjacent(&self, a: Square, b: Square) -> bool {
        let ((ra, ca), (rb, cb)) = (self.cell_of(a), self.cell_of(b));
        ra.abs_diff(rb) + ca.abs_diff(cb) == 1
            || self.links.iter().any(|&l| l == (a, b) || l == (b, a))
    }

    pub fn is_gap(&self, square: Square) -> bool {
        self.gaps.contains(&square)
    }

    pub fn name(&self, square: Square) -> Option<&str> {
        lookup(&self.names, square)
    }

    pub fn label(&self, square: Square) -> Option<&str> {
        lookup(&self.labels, square)
    }

    pub fn sign(&self, square: Square) -> Option<Sign> {
        self.signs
            .iter()
            .find(|(s, _)| *s == square)
            .map(|&(_, sign)| sign)
    }
}

fn lookup(list: &[(Square, String)], square: Square) -> Option<&str> {
    list.iter()
        .find(|(s, _)| *s == square)
        .map(|(_, n)| n.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(numbering: Numbering) -> Board {
        Board {
            rows: 3,
            cols: 10,
            numbering,
            gaps: Vec::new(),
            names: Vec::new(),
            labels: Vec::new(),
            signs: Vec::new(),
            marks: Vec::new(),
            points: Vec::new(),
            style: DrawStyle::Squares,
            links: Vec::new(),
        }
    }

    #[test]
    fn linked_squares_are_neighbours_both_ways() {
        let mut b = board(Numbering::Rows);
        let (one, far) = (Square::new(1).unwrap(), Square::new(21).unwrap());
        assert!(!b.adjacent(one, far));
        b.links.push((one, far));
        assert!(b.adjacent(one, far) && b.adjacent(far, one));
    }

    #[test]
    fn a_snake_board_runs_back_on_odd_rows() {
        let b = board(Numbering::Snake);
        let sq = |n| Square::new(n).unwrap();
        assert_eq!(b.square_at(1, 0), Some(sq(20)));
        assert_eq!(b.cell_of(sq(20)), (1, 0));
        assert!(b.adjacent(sq(10), sq(11)));
        assert!(b.adjacent(sq(1), sq(20)));
        assert!(!b.adjacent(sq(1), sq(11)));
        let r = board(Numbering::Rows);
        assert!(r.adjacent(sq(1), sq(11)));
        assert_eq!(r.square_at(3, 0), None);
    }
}
