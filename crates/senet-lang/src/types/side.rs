//! The sides of a game, and data kept once per side: [`PerSide`] for the two of a two-sided
//! game, [`Sides`] for any number.

use std::fmt;
use std::ops::{Index, IndexMut};

use super::limits::MAX_SIDES;

/// A side, by its place in the order the rule file's `sides` statement lists them (which is
/// also the order turns go round in a game of more than two). Which side moves first is a rule
/// of its own (`first`, or the seats ritual), not this order. The two-sided engine and its
/// callers know only [`Side::First`] and [`Side::Second`]; games of more sides number the
/// others on ([`Side::nth`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Side(u8);

impl fmt::Debug for Side {
    /// As the variants of a two-sided game were written (`First`, `Second`), then `Side(2)` on.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("First"),
            1 => f.write_str("Second"),
            n => write!(f, "Side({n})"),
        }
    }
}

#[allow(non_upper_case_globals)] // named as the variants they were, and read as such
impl Side {
    /// The side listed first.
    pub const First: Side = Side(0);
    /// The side listed second.
    pub const Second: Side = Side(1);

    /// Both sides of a two-sided game, in side order.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for the first side, 1 for the second, and so on.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The side at `index` of a two-sided game, if there is one.
    pub const fn from_index(index: usize) -> Option<Side> {
        match index {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            _ => None,
        }
    }

    /// The side at `index` of a game of up to [`MAX_SIDES`] sides.
    pub fn nth(index: usize) -> Option<Side> {
        u8::try_from(index)
            .ok()
            .filter(|&i| usize::from(i) < MAX_SIDES)
            .map(Side)
    }

    /// The first `n` sides, in side order.
    pub fn all(n: usize) -> impl Iterator<Item = Side> {
        (0..n.min(MAX_SIDES)).filter_map(Side::nth)
    }

    /// The other side of a two-sided game.
    #[inline(always)]
    #[must_use]
    pub const fn other(self) -> Side {
        debug_assert!(self.0 < 2, "only a two-sided game has the other side");
        Side(1 - (self.0 & 1))
    }
}

impl fmt::Display for Side {
    /// The side's place in side order, for messages that have no side names at hand.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NTH: [&str; MAX_SIDES] = [
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
        ];
        match NTH.get(self.index()) {
            Some(nth) => write!(f, "the {nth} side"),
            None => write!(f, "side {}", self.index() + 1),
        }
    }
}

/// A value for each side, indexed by [`Side`] (shakmaty's `ByColor`). Indexing never fails: there
/// are exactly two entries.
/// In JSON it is the list of the two values, the first side's first.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct PerSide<T>(pub [T; 2]);

impl<T> PerSide<T> {
    /// The first side's value, then the second's.
    pub const fn new(first: T, second: T) -> Self {
        PerSide([first, second])
    }

    /// Each side's value made by `f`.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> Self {
        PerSide([f(Side::First), f(Side::Second)])
    }

    /// Both values turned by `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> PerSide<U> {
        let [a, b] = self.0;
        PerSide([f(a), f(b)])
    }

    /// Each side with its value, in side order.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        Side::BOTH.into_iter().zip(self.0.iter())
    }

    /// The values in side order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    /// Whether both sides have the same value.
    pub fn alike(&self) -> bool
    where
        T: PartialEq,
    {
        self.0[0] == self.0[1]
    }

    pub fn as_ref(&self) -> PerSide<&T> {
        let [a, b] = &self.0;
        PerSide([a, b])
    }
}

impl<T> Index<Side> for PerSide<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for PerSide<T> {
    #[inline(always)]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

impl<T> IntoIterator for PerSide<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// A value for each side of a game of any number of sides (two to [`MAX_SIDES`]), indexed by
/// [`Side`]: what the checker holds per side. In JSON it is the list of the values, in side
/// order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Sides<T>(pub Vec<T>);

impl<T> Sides<T> {
    /// Each of the first `n` sides' values made by `f`.
    pub fn from_fn(n: usize, f: impl FnMut(Side) -> T) -> Self {
        Sides(Side::all(n).map(f).collect())
    }

    /// The number of sides.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every value turned by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Sides<U> {
        Sides(self.0.into_iter().map(f).collect())
    }

    /// Each side with its value, in side order.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        Side::all(self.0.len()).zip(self.0.iter())
    }

    /// The values in side order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    /// The values in side order, to change.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.0.iter_mut()
    }

    /// The sides, in side order.
    pub fn sides(&self) -> impl Iterator<Item = Side> + use<T> {
        Side::all(self.0.len())
    }

    /// Whether every side has the same value.
    pub fn alike(&self) -> bool
    where
        T: PartialEq,
    {
        self.0.windows(2).all(|w| w[0] == w[1])
    }

    pub fn as_ref(&self) -> Sides<&T> {
        Sides(self.0.iter().collect())
    }

    /// The first two sides' values, as a two-sided game holds them.
    pub fn pair(&self) -> PerSide<T>
    where
        T: Clone,
    {
        PerSide::from_fn(|s| self[s].clone())
    }

    /// The values of sides `a` and `b`, as the first and second of a two-sided game.
    pub fn two(&self, a: Side, b: Side) -> Sides<T>
    where
        T: Clone,
    {
        Sides(vec![self[a].clone(), self[b].clone()])
    }
}

impl<T> From<PerSide<T>> for Sides<T> {
    fn from(pair: PerSide<T>) -> Self {
        Sides(pair.0.into())
    }
}

impl<T> Index<Side> for Sides<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for Sides<T> {
    #[inline(always)]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_index_their_values() {
        let mut v = PerSide::new(1, 2);
        assert_eq!(v[Side::First], 1);
        v[Side::Second] += 10;
        assert_eq!(v.0, [1, 12]);
        assert_eq!(Side::First.other(), Side::Second);
        assert_eq!(Side::from_index(1), Some(Side::Second));
        assert_eq!(Side::from_index(2), None);
        assert_eq!(PerSide::from_fn(Side::index).0, [0, 1]);
        assert_eq!(Side::nth(3).map(Side::index), Some(3));
        assert_eq!(Side::nth(MAX_SIDES), None);
        assert_eq!(Side::nth(2).unwrap().to_string(), "the third side");
        let four = Sides::from_fn(4, Side::index);
        assert_eq!((four.len(), four[Side::nth(3).unwrap()]), (4, 3));
        assert_eq!(four.two(Side::nth(2).unwrap(), Side::First).0, [2, 0]);
        assert!(!four.alike() && Sides(vec![1, 1, 1]).alike());
    }
}
