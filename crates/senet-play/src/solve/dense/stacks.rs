//! The dense numbering of rule sets whose pieces stack (the tables games): a side's pieces not
//! borne off are a multiset over its places, waiting (place 0) and its path positions (1 to the
//! path's length), ranked by the combinatorial number system for multisets.
//!
//! A multiset of `m` pieces on places `c_1 <= ... <= c_m` is the set of `m` distinct numbers
//! `c_i + i - 1` (i from 1) below `len + m`, whose rank among the sets of as many numbers is the
//! sum of `C(c_i + i - 1, i)`: plain arithmetic, with `C(len + m, m)` placings in all. A state is
//! the mover's placing and the opponent's in a layer (mover, pieces off of each side): its index
//! is the layer's first plus `mover's rank * opponent's placings + opponent's rank`.
//!
//! Pairs of placings with both sides on one square are numbered and left unused: the stacked
//! form never lets a piece end a step on a square an enemy piece holds (it captures a piece
//! there or the square is closed to it), so no position holds one.

use senet_engine::compile::Rules;
use senet_engine::engine::Position;
use senet_lang::types::{PathPos, Side};

/// The numbering's arithmetic: binomial coefficients and each perspective's path lengths.
#[derive(Clone, Debug)]
pub(super) struct Stacks {
    /// Per perspective (as [`super::DenseIndex`]'s roles): the mover's path length and the
    /// opponent's.
    pub lens: Vec<[u8; 2]>,
    /// `choose[n][k]`, for `n` up to the longest path plus the pieces and `k` up to the pieces.
    choose: Vec<Vec<u64>>,
}

impl Stacks {
    pub fn new(lens: Vec<[u8; 2]>, pieces: u8) -> Stacks {
        let longest = lens.iter().flatten().copied().max().unwrap_or(0);
        let rows = usize::from(longest) + usize::from(pieces) + 1;
        let k = usize::from(pieces) + 1;
        let mut choose = vec![vec![0u64; k]; rows];
        for n in 0..rows {
            choose[n][0] = 1;
            for j in 1..k.min(n + 1) {
                // At most C(79, 15) (64 positions, 15 pieces): well inside a u64.
                choose[n][j] = choose[n - 1][j - 1] + choose[n - 1].get(j).copied().unwrap_or(0);
            }
        }
        Stacks { lens, choose }
    }

    /// The placings of `m` pieces over waiting and `len` path positions: `C(len + m, m)`.
    pub fn placings(&self, len: u8, m: u8) -> u64 {
        self.choose[usize::from(len) + usize::from(m)][usize::from(m)]
    }

    /// The rank of side `s`'s placing (its pieces waiting and on the board) in `pos`.
    #[inline]
    pub fn rank(&self, pos: &Position, s: Side) -> u64 {
        let mut rank = 0;
        let mut i = 0usize;
        let mut add = |place: usize, times: u8| {
            for _ in 0..times {
                i += 1;
                rank += self.choose[place + i - 1][i];
            }
        };
        add(0, pos.waiting(s));
        for p in PathPos::all_in(pos.on(s)) {
            add(usize::from(p.get()), pos.count(s, p));
        }
        rank
    }

    /// Puts side `s`'s `m` pieces of the placing of rank `rank` into `pos` (which holds none of
    /// them yet): waiting, or on their path positions.
    pub fn place(&self, pos: &mut Position, rules: &Rules, s: Side, m: u8, mut rank: u64) {
        let mut waiting = 0;
        for i in (1..=usize::from(m)).rev() {
            // The largest number d with C(d, i) <= rank: the i-th place plus i - 1.
            let mut d = i - 1;
            while self.choose.get(d + 1).is_some_and(|row| row[i] <= rank) {
                d += 1;
            }
            rank -= self.choose[d][i];
            match PathPos::new(u32::try_from(d + 1 - i).unwrap_or(0)) {
                Some(p) => pos.put(rules, s, p),
                None => waiting += 1,
            }
        }
        pos.set_waiting(s, waiting);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_the_placings() {
        let engine = senet_engine::engine::Engine::new(senet_engine::compile::compile(
            &senet_lang::check::check_target("tables/hypergammon", &[]).unwrap(),
        ));
        let stacks = Stacks::new(vec![[24, 24]], 3);
        for m in 1..=3u8 {
            let n = stacks.placings(24, m);
            assert_eq!(n, [25, 325, 2925][usize::from(m - 1)]);
            for r in 0..n {
                let mut pos = Position::empty(Side::First);
                stacks.place(&mut pos, &engine.rules, Side::Second, m, r);
                let on: u8 = PathPos::all_in(pos.on(Side::Second))
                    .map(|p| pos.count(Side::Second, p))
                    .sum();
                assert_eq!(on + pos.waiting(Side::Second), m);
                assert_eq!(stacks.rank(&pos, Side::Second), r);
            }
        }
    }
}
