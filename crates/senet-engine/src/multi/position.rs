//! A position of a game of many sides: each piece's place along its own side's path, and the
//! side to move. A small fixed-size value, as the two-sided engine's.

use std::fmt;

use senet_lang::types::{PathPos, Place};

use super::{MAX_ALL_PIECES, MAX_POOL, MAX_SIDES, MultiRules};
use crate::compile::PosFlags;

/// The place of every piece, the side to move and the throws it holds. Side `k`'s pieces are the
/// slots `k * pieces .. (k + 1) * pieces`, each a packed [`Place`] (0 waiting, `p` on path
/// position `p`, then removed and off), kept in descending order so that two positions with the
/// same pieces in the same places are equal values.
///
/// A position with no throw held waits for the side to move to throw; one holding throws waits
/// for it to play one of them (unless it is still throwing, in a turn that banks its throws).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MultiPosition {
    places: [u8; MAX_ALL_PIECES],
    pieces: u8,
    sides: u8,
    pub(super) to_move: u8,
    /// The extra throws the side to move has had in this turn (counted where the rules cap
    /// them: `extra throws at most N in a turn`; else 0).
    pub(super) extra: u8,
    /// The throws the side to move holds and has not played, largest first (the rest 0): the
    /// throw in hand, or those a turn has banked (`turn throw again on ... then move each
    /// throw`).
    pub(super) pool: [u8; MAX_POOL],
    pub(super) pool_len: u8,
    /// The side to move still throws before it plays the throws it holds: its last throw was one
    /// that throws again, or a move gave it an extra throw with throws left.
    pub(super) throwing: bool,
    /// Where throws repeated in a row do not count (`throws repeated N times ...`): the value
    /// of the side's last throws since it last moved, and how many in a row (0: none).
    pub(super) run_of: u8,
    pub(super) run: u8,
}

/// Why a set of places is no position of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiSetupError {
    /// Places for another number of sides than the rules have.
    Sides { given: usize, rules: usize },
    /// Another number of places for a side than the rules give it pieces.
    Pieces { side: usize, given: usize },
    /// A piece on a position past the end of its side's path.
    OffPath { side: usize, position: u8 },
    /// Pieces of two sides on one square, or more of one side than a stack holds.
    Shared { square: u8 },
    /// The side to move is not one of the sides.
    ToMove(u8),
}

impl fmt::Display for MultiSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MultiSetupError::Sides { given, rules } => {
                write!(f, "places for {given} sides, where the rules have {rules}")
            }
            MultiSetupError::Pieces { side, given } => write!(
                f,
                "{given} places for side {}, which has another number of pieces",
                side + 1
            ),
            MultiSetupError::OffPath { side, position } => write!(
                f,
                "a piece of side {} on position {position}, past the end of its path",
                side + 1
            ),
            MultiSetupError::Shared { square } => {
                write!(
                    f,
                    "square {} holds pieces of two sides, or more than a stack may",
                    u32::from(square) + 1
                )
            }
            MultiSetupError::ToMove(s) => write!(f, "side {} to move is no side", u32::from(s) + 1),
        }
    }
}

impl std::error::Error for MultiSetupError {}

impl fmt::Debug for MultiPosition {
    /// Each side's places in order, then the side to move: `[off 30 15] [off 19 12] 1 to move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in 0..self.sides() {
            let places: Vec<String> = self.places(s).map(|p| p.to_string()).collect();
            write!(f, "[{}] ", places.join(" "))?;
        }
        write!(f, "{} to move", self.to_move)?;
        if self.extra > 0 {
            write!(f, " ({} extra throws)", self.extra)?;
        }
        if self.pool_len > 0 {
            write!(f, " holding {:?}", self.pool())?;
            if self.throwing {
                write!(f, " and throwing")?;
            }
        }
        Ok(())
    }
}

impl MultiPosition {
    /// The position before the first move: every piece where it starts, the first side to move.
    pub fn start(rules: &MultiRules) -> MultiPosition {
        let places: Vec<Vec<Place>> = rules.sides.iter().map(|s| s.start.clone()).collect();
        // The rules were validated: their start is a position.
        MultiPosition::new(rules, rules.first, &places).unwrap_or_else(|_| MultiPosition {
            places: [0; MAX_ALL_PIECES],
            pieces: rules.pieces,
            sides: u8::try_from(rules.count()).unwrap_or(0),
            to_move: rules.first,
            extra: 0,
            pool: [0; MAX_POOL],
            pool_len: 0,
            throwing: false,
            run_of: 0,
            run: 0,
        })
    }

    /// The position with these places, side by side, and `to_move` to move.
    pub fn new(
        rules: &MultiRules,
        to_move: u8,
        places: &[Vec<Place>],
    ) -> Result<MultiPosition, MultiSetupError> {
        let n = rules.count();
        if places.len() != n {
            return Err(MultiSetupError::Sides {
                given: places.len(),
                rules: n,
            });
        }
        if usize::from(to_move) >= n {
            return Err(MultiSetupError::ToMove(to_move));
        }
        let k = usize::from(rules.pieces);
        let mut pos = MultiPosition {
            places: [0; MAX_ALL_PIECES],
            pieces: rules.pieces,
            sides: u8::try_from(n).unwrap_or(0),
            to_move,
            extra: 0,
            pool: [0; MAX_POOL],
            pool_len: 0,
            throwing: false,
            run_of: 0,
            run: 0,
        };
        // Each square's pieces by side, and whether every piece on it is safe there.
        let mut taken = vec![([0u8; MAX_SIDES], true); rules.squares];
        for (s, side_places) in places.iter().enumerate() {
            if side_places.len() != k {
                return Err(MultiSetupError::Pieces {
                    side: s,
                    given: side_places.len(),
                });
            }
            let table = &rules.sides[s];
            for (i, place) in side_places.iter().enumerate() {
                if let Place::On(p) = place {
                    let square = *table.path.get(p.index()).ok_or(MultiSetupError::OffPath {
                        side: s,
                        position: p.get(),
                    })?;
                    let (count, safe) = &mut taken[usize::from(square)];
                    count[s] += 1;
                    *safe &= table.has(p.get(), PosFlags::SAFE);
                }
                pos.places[s * k + i] = place.pack();
            }
            pos.sort(s);
        }
        // A side's pieces stack as the rules let them; several sides stand together only on a
        // shared safe square, or partners where they share squares.
        for (square, (count, safe)) in (0u8..).zip(&taken) {
            let mut teams = (0..n)
                .filter(|&s| count[s] > 0)
                .map(|s| rules.sides[s].team);
            let first = teams.next();
            let (mut several, mut partners) = (false, true);
            for team in teams {
                several = true;
                partners &= Some(team) == first;
            }
            if count.iter().any(|&k| k > rules.stack_limit)
                || (several && !(*safe && rules.safe_shared) && !(partners && rules.partners_share))
            {
                return Err(MultiSetupError::Shared { square });
            }
        }
        Ok(pos)
    }

    /// The extra throws the side to move has had in this turn, where the rules cap them.
    pub fn extra_throws(&self) -> u8 {
        self.extra
    }

    /// The throws the side to move holds and has not played, largest first.
    #[inline]
    pub fn pool(&self) -> &[u8] {
        &self.pool[..usize::from(self.pool_len)]
    }

    /// Whether the side to move is to throw: it holds no throw, or still throws before it plays
    /// those it holds. (Just after a throw that is not kept, a throw of nothing in a turn that
    /// banks its throws, the side holds none and passes: [`MultiGame`](super::MultiGame) tells
    /// the two apart.)
    #[inline]
    pub fn to_throw(&self) -> bool {
        self.pool_len == 0 || self.throwing
    }

    /// Whether the side to move still throws before it plays the throws it holds.
    pub fn throwing(&self) -> bool {
        self.throwing
    }

    /// The same position, the side to move holding `pool` (and still throwing where
    /// `throwing`), where the rules let it: one throw of the device, none still to throw, in a
    /// turn of one throw (more where a throw gives an extra move, which may be held while the
    /// side throws again); in a turn that banks its throws, throws that move something, at most
    /// [`MAX_POOL`] (a move that gives an extra throw may leave some held while the side throws
    /// again).
    pub fn with_pool(
        mut self,
        rules: &MultiRules,
        pool: &[u8],
        throwing: bool,
    ) -> Option<MultiPosition> {
        let fits = match (rules.banks, rules.extra_move) {
            (None, None) => pool.len() <= 1 && !throwing,
            (None, Some(_)) => pool.len() <= MAX_POOL && !(throwing && pool.is_empty()),
            (Some(_), _) => pool.len() <= MAX_POOL && !pool.contains(&0),
        };
        // A value the throw gives, or the extra move's.
        let held = |v: &u8| {
            rules.throws.values.contains(v) || rules.extra_move.is_some_and(|m| m.value == *v)
        };
        (fits && pool.iter().all(held)).then(|| {
            self.clear_pool();
            for &v in pool {
                self.push_throw(v);
            }
            self.throwing = throwing;
            self
        })
    }

    /// Holds one more throw (none once the pool is full), keeping the pool in order.
    pub(super) fn push_throw(&mut self, v: u8) {
        let n = usize::from(self.pool_len);
        if n == MAX_POOL {
            return;
        }
        let mut i = n;
        while i > 0 && self.pool[i - 1] < v {
            self.pool[i] = self.pool[i - 1];
            i -= 1;
        }
        self.pool[i] = v;
        self.pool_len += 1;
    }

    /// Plays one held throw of `v`, if the side holds one.
    pub(super) fn take_throw(&mut self, v: u8) {
        let n = usize::from(self.pool_len);
        if let Some(i) = self.pool[..n].iter().position(|&x| x == v) {
            self.pool.copy_within(i + 1..n, i);
            self.pool[n - 1] = 0;
            self.pool_len -= 1;
        }
    }

    /// Drops every held throw.
    pub(super) fn clear_pool(&mut self) {
        self.pool = [0; MAX_POOL];
        self.pool_len = 0;
        self.throwing = false;
    }

    /// Whether the pool is full.
    pub(super) fn pool_full(&self) -> bool {
        usize::from(self.pool_len) == MAX_POOL
    }

    /// The throws of one value the side to move has just made in a row, where the rules void a
    /// run of them (`throws repeated N times in a row do not count`): the value and how many
    /// (0 where there is no such run).
    pub fn run(&self) -> (u8, u8) {
        (self.run_of, self.run)
    }

    /// The same position, the side to move having just thrown `times` throws of `value` in a
    /// row, where the rules void a run of them and `times` is short of one (0: no run).
    pub fn with_run(mut self, rules: &MultiRules, value: u8, times: u8) -> Option<MultiPosition> {
        let fits = times == 0
            || rules
                .repeat_void
                .is_some_and(|n| times < n && rules.throws.values.contains(&value));
        fits.then(|| {
            (self.run_of, self.run) = if times == 0 { (0, 0) } else { (value, times) };
            self
        })
    }

    /// The same position, the side to move having had `n` extra throws in this turn (where the
    /// rules cap them; `n` no more than the cap).
    pub fn with_extra_throws(mut self, rules: &MultiRules, n: u8) -> Option<MultiPosition> {
        (n == 0 || (rules.extra_cap != u8::MAX && n <= rules.extra_cap)).then(|| {
            self.extra = n;
            self
        })
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The number of sides.
    #[inline]
    pub fn sides(&self) -> usize {
        usize::from(self.sides)
    }

    /// Side `s`'s pieces, as packed places in descending order.
    #[inline]
    pub fn packed(&self, s: usize) -> &[u8] {
        let k = usize::from(self.pieces);
        &self.places[s * k..(s + 1) * k]
    }

    #[inline]
    pub(super) fn packed_mut(&mut self, s: usize) -> &mut [u8] {
        let k = usize::from(self.pieces);
        &mut self.places[s * k..(s + 1) * k]
    }

    /// Side `s`'s pieces' places, furthest first (off and removed before any on the path).
    pub fn places(&self, s: usize) -> impl Iterator<Item = Place> + '_ {
        self.packed(s).iter().map(|&b| Place::unpack(b))
    }

    /// Side `s`'s pieces on the path, as positions.
    pub fn positions(&self, s: usize) -> impl Iterator<Item = PathPos> + '_ {
        self.places(s).filter_map(Place::on_path)
    }

    /// How many of side `s`'s pieces are at `place`.
    pub fn count(&self, s: usize, place: Place) -> usize {
        let b = place.pack();
        self.packed(s).iter().filter(|&&x| x == b).count()
    }

    /// Side `s`'s pieces still in play: on the path or waiting to enter.
    pub fn in_play(&self, s: usize) -> usize {
        self.packed(s).iter().filter(|&&b| in_play(b)).count()
    }

    /// Side `s`'s pieces borne off.
    pub fn off(&self, s: usize) -> usize {
        self.count(s, Place::Off)
    }

    /// Keeps side `s`'s places in descending order.
    #[inline]
    pub(super) fn sort(&mut self, s: usize) {
        let slots = self.packed_mut(s);
        // Insertion sort: a few pieces, at most one out of place after a move.
        for i in 1..slots.len() {
            let mut j = i;
            while j > 0 && slots[j - 1] < slots[j] {
                slots.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

/// Whether a packed place is in play: on the path or waiting.
#[inline(always)]
pub(super) fn in_play(b: u8) -> bool {
    matches!(Place::unpack(b), Place::Waiting | Place::On(_))
}
