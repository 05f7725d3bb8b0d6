//! A compact, fixed-size game position: bit sets of path positions and of squares per side.

use crate::compile::Rules;

/// A position: where every piece stands and who throws next. Copy, 56 bytes, no heap.
///
/// Pieces of one side are interchangeable, so a side is a bit set of occupied path positions
/// (bit `p - 1` for position `p`) plus counts of its waiting, borne-off and removed pieces. The
/// same occupancy is kept by square (bit `square - 1`) for the questions both sides share: is a
/// square taken, by whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub on: [u64; 2],
    pub squares: [u64; 2],
    /// `cross[s]`: the enemy's pieces as positions along side `s`'s path (enemy pieces on
    /// squares that path does not pass are left out). Kept so that move generation need not
    /// translate squares.
    pub cross: [u64; 2],
    pub waiting: [u8; 2],
    pub off: [u8; 2],
    pub removed: [u8; 2],
    /// The side that throws next.
    pub to_move: u8,
    /// Bit `s` set: side `s` still owes its opening move (the rules' `opening` for that side).
    pub opening: u8,
}

impl Position {
    /// The starting position: pieces as the layout says, the first side to move, every opening
    /// rule pending.
    pub fn start(rules: &Rules) -> Position {
        let mut pos = Position::empty(rules.first);
        for (s, side) in rules.sides.iter().enumerate() {
            for &p in &side.start {
                if p == 0 {
                    pos.waiting[s] += 1;
                } else {
                    pos.put(rules, s, p);
                }
            }
            if rules.opening[s].is_some() {
                pos.opening |= 1 << s;
            }
        }
        pos
    }

    /// No piece anywhere (not even waiting): a blank to fill with [`Position::put`] and counts.
    pub fn empty(to_move: u8) -> Position {
        Position {
            on: [0; 2],
            squares: [0; 2],
            cross: [0; 2],
            waiting: [0; 2],
            off: [0; 2],
            removed: [0; 2],
            to_move,
            opening: 0,
        }
    }

    /// Places a piece of side `s` at path position `p` (on the board).
    #[inline]
    pub fn put(&mut self, rules: &Rules, s: usize, p: u8) {
        let sq = rules.sides[s].path[p as usize - 1];
        self.on[s] |= 1 << (p - 1);
        self.squares[s] |= 1 << (sq - 1);
        let theirs = rules.sides[1 - s].position_of[sq as usize];
        if theirs > 0 {
            self.cross[1 - s] |= 1 << (theirs - 1);
        }
    }

    /// Takes the piece of side `s` away from path position `p`.
    #[inline]
    pub fn take(&mut self, rules: &Rules, s: usize, p: u8) {
        let sq = rules.sides[s].path[p as usize - 1];
        self.on[s] &= !(1 << (p - 1));
        self.squares[s] &= !(1 << (sq - 1));
        let theirs = rules.sides[1 - s].position_of[sq as usize];
        if theirs > 0 {
            self.cross[1 - s] &= !(1 << (theirs - 1));
        }
    }

    /// Which side has a piece on `square`, if any.
    #[inline]
    pub fn owner(&self, square: u16) -> Option<usize> {
        let bit = 1u64 << (square - 1);
        if self.squares[0] & bit != 0 {
            Some(0)
        } else if self.squares[1] & bit != 0 {
            Some(1)
        } else {
            None
        }
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.squares[0] | self.squares[1]
    }

    /// Pieces of side `s` still in play: on the board or waiting.
    #[inline]
    pub fn in_play(&self, s: usize) -> u8 {
        self.on[s].count_ones() as u8 + self.waiting[s]
    }

    /// The path positions of side `s`'s pieces on the board, ascending.
    pub fn positions(&self, s: usize) -> impl Iterator<Item = u8> + '_ {
        let mut bits = self.on[s];
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let p = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            Some(p)
        })
    }
}
