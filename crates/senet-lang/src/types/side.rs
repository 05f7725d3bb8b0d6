//! The two sides of a game, and data kept once per side.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two sides, in the order the rule file's `sides` statement lists them. Which side
/// moves first is a rule of its own (`first`, or the seats ritual), not this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    /// The side listed first.
    First = 0,
    /// The side listed second.
    Second = 1,
}

impl Side {
    /// Both sides, in side order.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for the first side, 1 for the second.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side at `index` in side order, if there is one.
    pub const fn from_index(index: usize) -> Option<Side> {
        match index {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            _ => None,
        }
    }

    /// The other side.
    #[inline(always)]
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

impl fmt::Display for Side {
    /// The side's place in side order, for messages that have no side names at hand.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::First => "the first side",
            Side::Second => "the second side",
        })
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
    }
}
