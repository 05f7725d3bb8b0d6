//! Where things are: squares of the board, positions along a side's path, and a piece's place.

use std::fmt;

use super::limits::{MAX_PATH_MANY_SIDES, MAX_SQUARES_MANY_SIDES};

/// A number from 1 to a limit, with its bit in a 64-bit set (bit `n - 1`) where it is at most 64:
/// the two-sided engine's sets, whose rules the checker keeps to 64 squares and positions.
macro_rules! numbered {
    ($(#[$doc:meta])* $name:ident, $max:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u8);

        impl $name {
            /// The largest number there can be.
            pub const MAX: usize = $max;

            /// Number 1.
            pub const FIRST: Self = $name(1);

            /// Number `n`, if it is from 1 to the limit.
            pub fn new(n: u32) -> Option<Self> {
                match u8::try_from(n) {
                    Ok(n) if n >= 1 && usize::from(n) <= Self::MAX => Some($name(n)),
                    _ => None,
                }
            }

            /// The number counted from 0: `n - 1`, an index into tables and bit sets.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self.0 as usize - 1
            }

            /// The number with this index (`index + 1`), if it is within the limit.
            #[inline(always)]
            pub fn from_index(index: usize) -> Option<Self> {
                u8::try_from(index + 1)
                    .ok()
                    .filter(|&n| usize::from(n) <= Self::MAX)
                    .map($name)
            }

            /// The number (1-based).
            #[inline(always)]
            pub const fn get(self) -> u8 {
                self.0
            }

            /// This number's bit in a 64-bit set (for numbers up to 64 only).
            #[inline(always)]
            pub const fn bit(self) -> u64 {
                debug_assert!(self.0 <= 64);
                1 << (self.0 - 1)
            }

            /// The number whose bit is the lowest set bit of `bits`, if any is set.
            #[inline(always)]
            #[allow(clippy::cast_possible_truncation)] // a bit index of a u64 is below 64
            pub fn lowest(bits: u64) -> Option<Self> {
                (bits != 0).then(|| $name(bits.trailing_zeros() as u8 + 1))
            }

            /// Every number whose bit is set in `bits`, ascending.
            pub fn all_in(mut bits: u64) -> impl Iterator<Item = Self> {
                std::iter::from_fn(move || {
                    let n = Self::lowest(bits)?;
                    bits &= bits - 1;
                    Some(n)
                })
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl From<$name> for u32 {
            fn from(n: $name) -> u32 {
                u32::from(n.0)
            }
        }
    };
}

numbered!(
    /// A square of the board grid, numbered from 1 as the board's numbering says.
    Square,
    MAX_SQUARES_MANY_SIDES
);

numbered!(
    /// A position along one side's path: 1 is its first square. Both sides' positions may name
    /// different squares.
    PathPos,
    MAX_PATH_MANY_SIDES
);

/// Where a piece is: waiting to enter, on its path, borne off, or removed from the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    Waiting,
    On(PathPos),
    Off,
    Removed,
}

/// The packed form of [`Place::Off`]: above every path position.
const PACKED_OFF: u8 = u8::MAX;
/// The packed form of [`Place::Removed`].
const PACKED_REMOVED: u8 = u8::MAX - 1;
const _: () = assert!(MAX_PATH_MANY_SIDES < PACKED_REMOVED as usize);

impl Place {
    /// One byte: 0 waiting, the path position, or a value above every position for off and
    /// removed. Moves keep their steps in this form.
    #[inline(always)]
    pub const fn pack(self) -> u8 {
        match self {
            Place::Waiting => 0,
            Place::On(p) => p.get(),
            Place::Off => PACKED_OFF,
            Place::Removed => PACKED_REMOVED,
        }
    }

    /// The place a byte of [`Place::pack`] stands for.
    #[inline(always)]
    pub const fn unpack(b: u8) -> Place {
        match b {
            0 => Place::Waiting,
            PACKED_OFF => Place::Off,
            PACKED_REMOVED => Place::Removed,
            p => Place::On(PathPos(p)),
        }
    }

    /// The path position, if the piece is on the board.
    pub const fn on_path(self) -> Option<PathPos> {
        match self {
            Place::On(p) => Some(p),
            _ => None,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Waiting => f.write_str("waiting"),
            Place::On(p) => write!(f, "{p}"),
            Place::Off => f.write_str("off"),
            Place::Removed => f.write_str("removed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_checked_and_keep_their_bits() {
        assert_eq!(Square::new(0), None);
        assert_eq!(Square::new(251), None);
        let s = Square::new(64).unwrap();
        assert_eq!((s.index(), s.bit()), (63, 1 << 63));
        assert_eq!(PathPos::lowest(0b1000), PathPos::new(4));
        let all: Vec<u8> = PathPos::all_in(0b1011).map(PathPos::get).collect();
        assert_eq!(all, [1, 2, 4]);
    }

    #[test]
    fn places_pack_into_a_byte_and_back() {
        for place in [
            Place::Waiting,
            Place::On(PathPos::new(1).unwrap()),
            Place::On(PathPos::new(64).unwrap()),
            Place::On(PathPos::new(250).unwrap()),
            Place::Off,
            Place::Removed,
        ] {
            assert_eq!(Place::unpack(place.pack()), place);
        }
    }
}
