//! The sides of a game, and data kept once per side: [`Side`] and [`PerSide`] for the two of
//! a two-sided game (the engine's), [`SideId`] and [`Sides`] for any number (the checker's).

use std::fmt;
use std::ops::{Index, IndexMut};

use super::limits::MAX_SIDES;

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

/// A side of a game of any number of sides, by its place in the order the `sides` statement
/// lists them (which is also the order turns go round in a game of more than two): what the
/// checker names sides by. A two-sided game plays by [`Side`], its first two.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SideId(u8);

impl SideId {
    /// The side at `index`, if a game may have it (fewer than [`MAX_SIDES`]).
    pub fn nth(index: usize) -> Option<SideId> {
        u8::try_from(index)
            .ok()
            .filter(|&i| usize::from(i) < MAX_SIDES)
            .map(SideId)
    }

    /// The first `n` sides, in side order.
    pub fn all(n: usize) -> impl Iterator<Item = SideId> {
        (0..n.min(MAX_SIDES)).filter_map(SideId::nth)
    }

    /// 0 for the first side, 1 for the second, and so on.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The side of a two-sided game it is, if it is one of the first two.
    pub const fn two_sided(self) -> Option<Side> {
        Side::from_index(self.0 as usize)
    }
}

impl From<Side> for SideId {
    fn from(s: Side) -> SideId {
        SideId(s as u8)
    }
}

impl fmt::Debug for SideId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.two_sided() {
            Some(s) => fmt::Debug::fmt(&s, f),
            None => write!(f, "SideId({})", self.0),
        }
    }
}

impl fmt::Display for SideId {
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
/// [`SideId`] (or, for the first two, by [`Side`]): what the checker holds per side. In JSON it is the list of the values, in side
/// order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Sides<T>(pub Vec<T>);

impl<T> Sides<T> {
    /// Each of the first `n` sides' values made by `f`.
    pub fn from_fn(n: usize, f: impl FnMut(SideId) -> T) -> Self {
        Sides(SideId::all(n).map(f).collect())
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
    pub fn iter(&self) -> impl Iterator<Item = (SideId, &T)> {
        SideId::all(self.0.len()).zip(self.0.iter())
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
    pub fn sides(&self) -> impl Iterator<Item = SideId> + use<T> {
        SideId::all(self.0.len())
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
}

impl<T> Index<SideId> for Sides<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, side: SideId) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<SideId> for Sides<T> {
    #[inline(always)]
    fn index_mut(&mut self, side: SideId) -> &mut T {
        &mut self.0[side.index()]
    }
}

impl<T> Index<Side> for Sides<T> {
    type Output = T;
    /// The first or second side's value, as a two-sided game reads it.
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
        let third = SideId::nth(2).unwrap();
        assert_eq!((third.index(), third.two_sided()), (2, None));
        assert_eq!(SideId::nth(MAX_SIDES), None);
        assert_eq!(third.to_string(), "the third side");
        assert_eq!(SideId::from(Side::Second).two_sided(), Some(Side::Second));
        let four = Sides::from_fn(4, SideId::index);
        assert_eq!(
            (
                four.len(),
                four[SideId::nth(3).unwrap()],
                four[Side::Second]
            ),
            (4, 3, 1)
        );
        assert_eq!(four.pair().0, [0, 1]);
        assert!(!four.alike() && Sides(vec![1, 1, 1]).alike());
    }
}
