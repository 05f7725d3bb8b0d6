//! The limits of the language: what the checker accepts and the engine's fixed-size tables are
//! built for. Every array size in the engine derives from these.

/// Squares on the board of a two-sided game, gaps included: a side's squares fit one 64-bit
/// set.
pub const MAX_SQUARES: usize = 64;

/// Positions on a path of a two-sided game, a square it comes back to counted again (a side's
/// positions fit one 64-bit set): the checker refuses a longer path.
pub const MAX_PATH: usize = 64;

/// Squares on the board of a game of more than two sides, gaps included (the engine for many
/// sides keeps a square in a byte; Pachisi's cross has 97).
pub const MAX_SQUARES_MANY_SIDES: usize = 250;

/// Positions on a path of a game of more than two sides (the engine for many sides keeps a
/// piece's place in a byte, with two values above every position for off and removed).
pub const MAX_PATH_MANY_SIDES: usize = 250;

/// Positions on a path where pieces stack: the counts of a side's stacks take four bits a
/// position, and with the pieces held by the enemy (`capture pin`) they keep a position to two
/// cache lines.
pub const MAX_STACKED_PATH: usize = 48;

/// Sides a game may have (`sides A, B, ...`): two-sided games play on the fast engine, games of
/// more sides on the engine for many sides.
pub const MAX_SIDES: usize = 8;

/// Pieces a side.
pub const MAX_PIECES: usize = 15;

/// Piece movements in one move: a split turn moves each piece at most once.
pub const MAX_STEPS: usize = MAX_PIECES;

/// Captures square effects may make in one piece movement (`go to N capturing`, followed from
/// square to square): the checker refuses effects that could make more, and a movement's
/// report holds these and the capture where the piece landed.
pub const MAX_LINE_CAPTURES: usize = 4;

/// Throwing sticks.
pub const MAX_STICKS: usize = 8;

/// Faces of a die.
pub const MAX_DIE_FACES: usize = 12;

/// Dice thrown together (`throw dice`).
pub const MAX_DICE: usize = 4;

/// Dice one throw plays, one by one: a double played several times over counts each time, and
/// dice that always show their number count too. The checker refuses a throw of more.
pub const MAX_POOL: usize = 12;

/// The largest value one throw may give: single throw values fit a 32-bit mask, bit `v` for a
/// throw of `v`.
pub const MAX_THROW_VALUE: u8 = 30;

/// How many single throw values there can be (0 to [`MAX_THROW_VALUE`]): the size of tables
/// indexed by a throw's value.
pub const THROW_VALUES: usize = MAX_THROW_VALUE as usize + 1;
