//! Throws: what the throwing device gives, and what a side moves with.

use std::fmt;

use super::limits::MAX_THROW_VALUE;

/// What a side moves with: one throw's value, or for a turn that throws again before moving, the
/// total of its throws. Single throws are at most [`MAX_THROW_VALUE`] (the checker sees to it); a
/// total is a sum of them, held wide enough that no turn's sum wraps: it would take over two
/// thousand throws in one turn to reach the top, where the sum stops growing instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Throw(u16);

impl Throw {
    pub const ZERO: Throw = Throw(0);

    pub const fn new(value: u16) -> Throw {
        Throw(value)
    }

    pub const fn get(self) -> u16 {
        self.0
    }

    /// The value as a single throw's, if it can be one (at most [`MAX_THROW_VALUE`]).
    #[inline(always)]
    pub fn as_single(self) -> Option<u8> {
        u8::try_from(self.0).ok().filter(|&v| v <= MAX_THROW_VALUE)
    }

    /// This value's bit in a mask of single throw values (none for a larger total).
    #[inline(always)]
    pub fn mask_bit(self) -> u32 {
        match self.as_single() {
            Some(v) => 1 << v,
            None => 0,
        }
    }

    /// This value's bit in a mask of the codes of dice played one by one (none past 63).
    #[inline(always)]
    pub fn code_bit(self) -> u64 {
        if self.0 < 64 { 1 << self.0 } else { 0 }
    }

    /// The sum of two throws, stopping at the largest value rather than wrapping.
    #[must_use]
    pub const fn plus(self, other: Throw) -> Throw {
        Throw(self.0.saturating_add(other.0))
    }

    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<u8> for Throw {
    fn from(v: u8) -> Throw {
        Throw(u16::from(v))
    }
}

/// What a two-sided lot is thrown with: the odds are the same, the object (its picture, its
/// words) is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lot {
    /// Sticks, light on one side and dark on the other: a light side up counts.
    Sticks,
    /// Tetrahedral dice (the Royal Game of Ur's), two of each die's four tips marked: a marked
    /// tip up counts.
    Tetrahedra,
    /// Cowrie shells, thrown as dice in South Asia and beyond: a shell that lands with its mouth
    /// (the slit) up counts.
    Cowries,
}

/// A throwing device as the rules describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThrowDevice {
    /// `count` fair two-sided lots (sticks, tetrahedral dice or cowries); `values[k]` is the
    /// value when `k` of them count (light sides, marked tips or mouths up).
    Sticks {
        count: u8,
        values: Vec<u8>,
        lot: Lot,
        /// Sticks each marked with a number (`sticks marked 4, 6, 14, 15`): where exactly one
        /// counts, the throw is that stick's number, not `values[1]`. Empty: only counted.
        marks: Vec<u8>,
    },
    /// A fair die with faces 1..=faces.
    Die { faces: u8 },
    /// Fair dice with these numbers of faces; `values[k]` is the value of the k-th combination
    /// of faces shown, the first die's face the most significant (1 1 ..., 1 ... 2, ...).
    Dice { faces: Vec<u8>, values: Vec<u8> },
    /// Fair dice with these numbers of faces, each played on its own (`throw dice 6, 6: each`).
    /// A throw's value is a code for the faces shown, whatever their order: code `c` stands for
    /// `dice_sets(faces)[c - 1]`; `values[k]` is the code of the k-th combination of faces, as
    /// for [`ThrowDevice::Dice`]. `fixed` are dice that always show their number (`always 6`):
    /// played with every throw, they add no throws of their own.
    Each {
        faces: Vec<u8>,
        fixed: Vec<u8>,
        values: Vec<u8>,
    },
}

/// The faces dice with these numbers of faces can show, whatever their order: each set of faces
/// shown, largest first, in ascending order of those lists. A throw of dice played one by one is
/// coded by its set's place in this list, from 1.
pub fn dice_sets(faces: &[u8]) -> Vec<Vec<u8>> {
    let mut sets: Vec<Vec<u8>> = ordered_faces(faces)
        .into_iter()
        .map(|mut shown| {
            shown.sort_unstable_by(|a, b| b.cmp(a));
            shown
        })
        .collect();
    sets.sort_unstable();
    sets.dedup();
    sets
}

/// Every combination of faces the dice can show, the first die's face the most significant (1 1,
/// 1 2, ..., 2 1, ...).
fn ordered_faces(faces: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = vec![Vec::new()];
    for &f in faces {
        out = out
            .into_iter()
            .flat_map(|shown| {
                (1..=f).map(move |face| {
                    let mut next = shown.clone();
                    next.push(face);
                    next
                })
            })
            .collect();
    }
    out
}

/// The code of each combination of faces of [`ordered_faces`]: its set's place in
/// [`dice_sets`], from 1 (none past 255: the checker keeps codes far below).
pub fn each_values(faces: &[u8]) -> Vec<u8> {
    let sets = dice_sets(faces);
    ordered_faces(faces)
        .into_iter()
        .map(|mut shown| {
            shown.sort_unstable_by(|a, b| b.cmp(a));
            let k = sets.binary_search(&shown).unwrap_or(0);
            u8::try_from(k + 1).unwrap_or(u8::MAX)
        })
        .collect()
}

impl ThrowDevice {
    /// Each possible value with its weight, ascending; weights add up to
    /// [`ThrowDevice::denominator`].
    pub fn distribution(&self) -> Vec<(u8, u64)> {
        let mut out: Vec<(u8, u64)> = Vec::new();
        let mut add = |v: u8, w: u64| match out.iter_mut().find(|(x, _)| *x == v) {
            Some(e) => e.1 += w,
            None => out.push((v, w)),
        };
        match self {
            ThrowDevice::Sticks {
                count,
                values,
                marks,
                ..
            } => {
                for (k, &v) in (0u64..).zip(values) {
                    if k == 1 && !marks.is_empty() {
                        marks.iter().for_each(|&m| add(m, 1));
                    } else {
                        add(v, binomial(u64::from(*count), k));
                    }
                }
            }
            ThrowDevice::Die { faces } => (1..=*faces).for_each(|v| add(v, 1)),
            ThrowDevice::Dice { values, .. } | ThrowDevice::Each { values, .. } => {
                values.iter().for_each(|&v| add(v, 1));
            }
        }
        out.sort_unstable();
        out
    }

    /// The number of equally likely outcomes: 2^sticks, or the die's faces.
    pub fn denominator(&self) -> u64 {
        match self {
            ThrowDevice::Sticks { count, .. } => 1 << count,
            ThrowDevice::Die { faces } => u64::from(*faces),
            ThrowDevice::Dice { faces, .. } | ThrowDevice::Each { faces, .. } => {
                faces.iter().map(|&f| u64::from(f)).product()
            }
        }
    }

    /// Every value the device can give, ascending, once each.
    pub fn values(&self) -> Vec<u8> {
        self.distribution().into_iter().map(|(v, _)| v).collect()
    }

    pub fn can_give(&self, value: u8) -> bool {
        match self {
            ThrowDevice::Sticks { values, marks, .. } if !marks.is_empty() => {
                marks.contains(&value)
                    || values
                        .iter()
                        .enumerate()
                        .any(|(k, &v)| k != 1 && v == value)
            }
            ThrowDevice::Sticks { values, .. } => values.contains(&value),
            ThrowDevice::Die { faces } => (1..=*faces).contains(&value),
            ThrowDevice::Dice { values, .. } | ThrowDevice::Each { values, .. } => {
                values.contains(&value)
            }
        }
    }

    /// For dice played one by one, the dice a throw's code stands for, largest first: the
    /// faces thrown and the dice that always show their number.
    pub fn dice_of(&self, code: u8) -> Option<Vec<u8>> {
        let mut dice = self.thrown_of(code)?;
        if let ThrowDevice::Each { fixed, .. } = self {
            dice.extend(fixed);
            dice.sort_unstable_by(|a, b| b.cmp(a));
        }
        Some(dice)
    }

    /// For dice played one by one, the faces thrown that a throw's code stands for, largest
    /// first (without the dice that always show their number).
    pub fn thrown_of(&self, code: u8) -> Option<Vec<u8>> {
        match self {
            ThrowDevice::Each { faces, .. } => dice_sets(faces)
                .get(usize::from(code).checked_sub(1)?)
                .cloned(),
            _ => None,
        }
    }

    /// The dice that always show their number (`always 6`).
    pub fn fixed_dice(&self) -> &[u8] {
        match self {
            ThrowDevice::Each { fixed, .. } => fixed,
            _ => &[],
        }
    }

    /// Whether the dice are played one by one.
    pub fn is_each(&self) -> bool {
        matches!(self, ThrowDevice::Each { .. })
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}
