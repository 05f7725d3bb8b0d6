//! A compact, fixed-size game position, and the one checked way to build one from outside data.

use thiserror::Error;

use crate::compile::{Rules, Unstacking};
use senet_lang::types::{Capture, PathPos, PerSide, Place, Side, Square, Throw};

/// A position: where every piece stands and who throws next. Copy, 128 bytes, no heap.
///
/// Pieces of one side are interchangeable, so a side is a bit set of occupied path positions
/// (bit `p.index()` for position `p`) plus counts of its waiting, borne-off and removed pieces.
/// Where pieces stack, the pieces beyond the first on each position are counted beside the bit
/// set, four bits a position ([`Position::count`]); elsewhere those counts stay zero.
/// The same occupancy is kept by square (bit `square.index()`) for the questions both sides
/// share: is a square taken, by whom. Only the engine changes a position; from outside data one
/// is built through [`Setup::position`], which refuses what the rules can never reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) on: PerSide<u64>,
    pub(crate) squares: PerSide<u64>,
    /// `cross[s]`: the enemy's pieces as positions along side `s`'s path (enemy pieces on
    /// squares that path does not pass are left out). Kept so that move generation need not
    /// translate squares.
    pub(crate) cross: PerSide<u64>,
    pub(crate) waiting: PerSide<u8>,
    pub(crate) off: PerSide<u8>,
    pub(crate) removed: PerSide<u8>,
    /// The side that throws next.
    pub(crate) to_move: Side,
    /// Per side: bit `s.index()`, side `s` still owes its opening move; bit `2 + s.index()`, side
    /// `s` has not yet thrown a value that lets it begin (see [`Position::begun`]); bit
    /// `4 + s.index()`, side `s` loses its next turn; bit `6 + s.index()`, side `s`'s piece on
    /// the retreat square must make its next move.
    pub(crate) flags: u8,
    /// Per side, where a piece's first move needs given throws (`each piece first moves with`):
    /// bit k, the piece that started on the k-th start position on the board has not moved.
    /// Where pieces are unstacked before any moves (`unstack first`, never beside a first-move
    /// rule): bit k, the k-th piece stacked at the start ([`Unstacking::stacked`]) is on its
    /// stack; bit 15 ([`RESTACKING`]), the side has unstacked all and is restacking them; 0,
    /// the side's pieces move.
    pub(crate) unmoved: PerSide<u16>,
    /// Where the moves of a turn go one way (`one direction each turn`): the way the side to
    /// move has moved in its turn so far (0: not yet; see [`Way::bits`]).
    pub(crate) turn_way: u8,
    /// Where extra throws add up (`extra throws add up`): the throws the side to move is owed
    /// after the one it is about to throw.
    pub(crate) owed: u8,
    /// Where pieces stack: per side, the pieces beyond the first on each path position, four
    /// bits a position (position index `i` in word `i / 16`, bits `4 * (i % 16)` up; paths of
    /// at most
    /// [`MAX_STACKED_PATH`](senet_lang::types::limits::MAX_STACKED_PATH) positions).
    pub(crate) more: PerSide<[u64; 3]>,
    /// Where pieces are pinned (`capture pin`): per side, the path positions of its pieces held
    /// under enemy pieces; such a square holds pieces of both sides.
    pub(crate) held: PerSide<u64>,
    /// Where unused dice pass to the other side: the dice passed to the side to move, as their
    /// code in [`Stacked::pools`](crate::compile::Stacked::pools) (0: none), which it plays
    /// instead of throwing.
    pub(crate) passed: u8,
    /// What a side has done once and for all: bit `s.index()`, side `s` has thrown a double
    /// (where a side's first double is played once, [`Stacked::first_double`](crate::compile::Stacked::first_double));
    /// bit `2 + s.index()`, side `s` has lost by a rule that ends the game at once (`lose when
    /// ...`); bit `4 + s.index()`, a piece of side `s` has reached the position that lifts its
    /// limit on stacks (`stacks up to N on SET until a piece reaches position M`).
    pub(crate) latches: u8,
}

/// The bit of [`Position::latches`]: side `s` has thrown a double.
#[inline(always)]
pub(crate) fn doubled_latch(s: Side) -> u8 {
    1 << s.index()
}

/// The bit of [`Position::latches`]: side `s` has lost by a `lose when ...` rule.
#[inline(always)]
pub(crate) fn lost_latch(s: Side) -> u8 {
    1 << (2 + s.index())
}

/// Every bit of [`lost_latch`].
pub(crate) const LOST_LATCHES: u8 = 0b1100;

/// The bit of [`Position::latches`]: a piece of side `s` has ended a step on the position that
/// lifts its limit on stacks (`stacks up to N on SET until a piece reaches position M`).
#[inline(always)]
pub(crate) fn reached_latch(s: Side) -> u8 {
    1 << (4 + s.index())
}

/// The bit of [`Position::unmoved`] that says a side, having unstacked all its start stacks, is
/// restacking them (`unstack first, then restack`).
pub(crate) const RESTACKING: u16 = 1 << 15;

// A side stacks at most all its pieces but one at the start: one bit each below RESTACKING.
const _: () = assert!(senet_lang::types::limits::MAX_PIECES - 1 < 15);

/// The sum of the sixteen four-bit counts of a word.
#[inline]
fn nibble_sum(w: u64) -> u32 {
    const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let bytes = (w & LOW) + ((w >> 4) & LOW);
    // Each byte is at most 30: their sum fits the top byte.
    u32::try_from(bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56).unwrap_or(0)
}

/// The way a piece moved along its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    Forward,
    Backward,
}

impl Way {
    /// The way as [`Position::turn_way`] keeps it.
    #[inline]
    pub(crate) fn bits(self) -> u8 {
        match self {
            Way::Forward => 1,
            Way::Backward => 2,
        }
    }
}

/// The bits of [`Position::flags`] that belong to side `s`.
#[inline(always)]
pub(crate) fn side_flags(s: Side) -> u8 {
    0b101 << s.index()
}

/// The bit of [`Position::flags`]: side `s` owes its opening move.
#[inline(always)]
pub(crate) fn opening_flag(s: Side) -> u8 {
    1 << s.index()
}

/// The bit of [`Position::flags`]: side `s` has not begun.
#[inline(always)]
pub(crate) fn not_begun_flag(s: Side) -> u8 {
    4 << s.index()
}

/// The bit of [`Position::flags`]: side `s` loses its next turn.
#[inline(always)]
pub(crate) fn lose_turn_flag(s: Side) -> u8 {
    16 << s.index()
}

/// The bit of [`Position::flags`]: side `s`'s piece on the retreat square moves next.
#[inline(always)]
pub(crate) fn moves_next_flag(s: Side) -> u8 {
    64 << s.index()
}

/// Every bit of [`Position::flags`] that belongs to side `s`: one test keeps them all off the
/// hot path.
#[inline(always)]
pub(crate) fn any_side_flag(s: Side) -> u8 {
    0b0101_0101 << s.index()
}

impl Position {
    /// The starting position: pieces as the layout says, the first side to move, every opening
    /// rule pending.
    pub fn start(rules: &Rules) -> Position {
        let mut pos = Position::empty(rules.first);
        for (s, side) in rules.sides.iter() {
            for &place in &side.start {
                match place {
                    Place::On(p) => pos.put(rules, s, p),
                    _ => pos.waiting[s] += 1,
                }
            }
            if rules.opening[s].is_some() {
                pos.flags |= opening_flag(s);
            }
            if rules.begin != 0 {
                pos.flags |= not_begun_flag(s);
            }
            if rules.tracks_unmoved() {
                let n = rules.start_slots(s).count();
                pos.unmoved[s] = u16::try_from((1u32 << n) - 1).unwrap_or(u16::MAX);
            }
            if let Some(u) = rules.unstacking() {
                pos.unmoved[s] = all_stacked(u, s);
            }
        }
        pos
    }

    /// No piece anywhere (not even waiting): a blank the engine and the dense solver fill.
    /// Unchecked, as are [`Position::put`], [`Position::set_waiting`] and
    /// [`Position::set_off`]: the solver numbers every placing itself; anything built from
    /// outside data goes through [`Setup::position`](crate::engine::Setup::position).
    pub fn empty(to_move: Side) -> Position {
        Position {
            on: PerSide::default(),
            squares: PerSide::default(),
            cross: PerSide::default(),
            waiting: PerSide::default(),
            off: PerSide::default(),
            removed: PerSide::default(),
            to_move,
            flags: 0,
            unmoved: PerSide::default(),
            turn_way: 0,
            owed: 0,
            more: PerSide::default(),
            held: PerSide::default(),
            passed: 0,
            latches: 0,
        }
    }

    /// How many of side `s`'s pieces stand on path position `p`.
    #[inline]
    pub fn count(&self, s: Side, p: PathPos) -> u8 {
        if self.on[s] & p.bit() == 0 {
            0
        } else {
            1 + self.more_at(s, p.index())
        }
    }

    /// The pieces of side `s` beyond the first on the position of index `i`.
    #[inline(always)]
    pub(crate) fn more_at(&self, s: Side, i: usize) -> u8 {
        // Past the stacked paths' positions no piece stacks (the checker keeps paths with
        // stacks shorter).
        self.more[s]
            .get(i / 16)
            .map_or(0, |w| ((w >> (4 * (i % 16))) & 0xF) as u8)
    }

    /// One more (`up`) or one fewer piece of side `s` beyond the first on the position of index
    /// `i` (the caller knows a stack is there, or room for one).
    #[inline(always)]
    pub(crate) fn shift_more(&mut self, s: Side, i: usize, up: bool) {
        let unit = 1u64 << (4 * (i % 16));
        let word = &mut self.more[s][i / 16];
        *word = if up {
            word.wrapping_add(unit)
        } else {
            word.wrapping_sub(unit)
        };
    }

    /// Places a piece of side `s` at path position `p` (on the board). Unchecked (see
    /// [`Position::empty`]).
    #[inline]
    pub fn put(&mut self, rules: &Rules, s: Side, p: PathPos) {
        if self.on[s] & p.bit() != 0 {
            // Another piece on a stack (only rules with stacks put one there).
            self.shift_more(s, p.index(), true);
            return;
        }
        let sq = rules.sides[s].square(p);
        self.on[s] |= p.bit();
        self.squares[s] |= sq.bit();
        self.cross[s.other()] |= rules.sides[s.other()].positions_of(sq);
    }

    /// Sets how many of side `s`'s pieces wait to enter. Unchecked (see [`Position::empty`]).
    #[inline]
    pub fn set_waiting(&mut self, s: Side, n: u8) {
        self.waiting[s] = n;
    }

    /// Sets how many of each side's pieces are borne off. Unchecked (see [`Position::empty`]).
    #[inline]
    pub fn set_off(&mut self, off: PerSide<u8>) {
        self.off = off;
    }

    /// The side that throws next.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Side `s`'s pieces on the board, as a bit set of its path positions.
    #[inline]
    pub fn on(&self, s: Side) -> u64 {
        self.on[s]
    }

    /// Side `s`'s pieces on the board, as a bit set of squares.
    #[inline]
    pub fn squares(&self, s: Side) -> u64 {
        self.squares[s]
    }

    #[inline]
    pub fn waiting(&self, s: Side) -> u8 {
        self.waiting[s]
    }

    #[inline]
    pub fn off(&self, s: Side) -> u8 {
        self.off[s]
    }

    #[inline]
    pub fn removed(&self, s: Side) -> u8 {
        self.removed[s]
    }

    /// Whether side `s` still owes its opening move.
    #[inline]
    pub fn opening_due(&self, s: Side) -> bool {
        self.flags & opening_flag(s) != 0
    }

    /// Whether side `s` may move: it has thrown a value that lets it begin, or the rules need
    /// none (`begin with`).
    #[inline]
    pub fn begun(&self, s: Side) -> bool {
        self.flags & not_begun_flag(s) == 0
    }

    /// Whether side `s` loses its next turn (after a retreat that costs one).
    #[inline]
    pub fn loses_turn(&self, s: Side) -> bool {
        self.flags & lose_turn_flag(s) != 0
    }

    /// Whether side `s`'s piece on the retreat square must make its next move.
    #[inline]
    pub fn moves_next(&self, s: Side) -> bool {
        self.flags & moves_next_flag(s) != 0
    }

    /// The throws the side to move is owed after the next, where extra throws add up.
    #[inline]
    pub fn throws_owed(&self) -> u8 {
        self.owed
    }

    /// The way the side to move has moved its pieces in its turn so far, where the moves of a
    /// turn go one way (`one direction each turn`).
    #[inline]
    pub fn moved_this_turn(&self) -> Option<Way> {
        match self.turn_way {
            1 => Some(Way::Forward),
            2 => Some(Way::Backward),
            _ => None,
        }
    }

    /// The positions of side `s`'s pieces that have not moved yet (where a first move needs
    /// given throws).
    /// The path positions of side `s`'s pieces pinned under enemy pieces (`capture pin`).
    pub fn held(&self, s: Side) -> impl Iterator<Item = PathPos> + use<> {
        PathPos::all_in(self.held[s])
    }

    pub fn unmoved<'r>(&self, rules: &'r Rules, s: Side) -> impl Iterator<Item = PathPos> + 'r {
        // The same bits hold the pieces on their start stacks where those are unstacked.
        let bits = if rules.tracks_unmoved() {
            self.unmoved[s]
        } else {
            0
        };
        rules
            .start_slots(s)
            .enumerate()
            .filter(move |(k, _)| bits >> k & 1 != 0)
            .map(|(_, p)| p)
    }

    /// Where pieces are unstacked before any moves (`unstack first`): the path positions of side
    /// `s`'s pieces on their stacks (still to be unstacked, or, while it restacks, restacked),
    /// ascending, a position once for each such piece.
    pub fn stacked<'r>(&self, rules: &'r Rules, s: Side) -> impl Iterator<Item = PathPos> + 'r {
        let bits = self.unmoved[s];
        rules
            .unstacking()
            .map_or(&[][..], |u| &u.stacked[s][..])
            .iter()
            .enumerate()
            .filter(move |(k, _)| bits >> k & 1 != 0)
            .filter_map(|(_, &p)| PathPos::new(u32::from(p)))
    }

    /// Whether side `s` has unstacked all its start stacks and is restacking them (`unstack
    /// first, then restack`).
    pub fn restacking(&self, s: Side) -> bool {
        self.unmoved[s] & RESTACKING != 0
    }

    /// Which side has a piece on `square`, if any.
    #[inline]
    pub fn owner(&self, square: Square) -> Option<Side> {
        let bit = square.bit();
        if self.squares[Side::First] & bit != 0 {
            Some(Side::First)
        } else if self.squares[Side::Second] & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Every square that holds a piece.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.squares[Side::First] | self.squares[Side::Second]
    }

    /// Side `s`'s pieces on the board.
    #[inline]
    pub fn on_board(&self, s: Side) -> u8 {
        // A count of bits of a u64 is at most 64, and a side has at most 15 pieces. Most rules
        // never stack: their counts stay zero, and one test skips them.
        let [a, b, c] = self.more[s];
        let stacked: u32 = if a | b | c == 0 {
            0
        } else {
            self.more[s].iter().map(|&w| nibble_sum(w)).sum()
        };
        u8::try_from(self.on[s].count_ones() + stacked).unwrap_or(u8::MAX)
    }

    /// Pieces of side `s` still in play: on the board or waiting.
    #[inline]
    pub fn in_play(&self, s: Side) -> u8 {
        self.on_board(s) + self.waiting[s]
    }

    /// The path positions of side `s`'s pieces on the board, ascending.
    pub fn positions(&self, s: Side) -> impl Iterator<Item = PathPos> + use<> {
        PathPos::all_in(self.on[s])
    }

    /// The places of every piece of side `s`: waiting first, then along the path, then off and
    /// removed.
    pub fn places(&self, s: Side) -> Vec<Place> {
        let mut out = vec![Place::Waiting; usize::from(self.waiting[s])];
        for p in self.positions(s) {
            out.extend(std::iter::repeat_n(
                Place::On(p),
                usize::from(self.count(s, p)),
            ));
        }
        out.extend(std::iter::repeat_n(Place::Off, usize::from(self.off[s])));
        out.extend(std::iter::repeat_n(
            Place::Removed,
            usize::from(self.removed[s]),
        ));
        out
    }

    /// The position as outside data would give it.
    pub fn setup(&self, rules: &Rules) -> Setup {
        Setup {
            to_move: self.to_move,
            pieces: PerSide::from_fn(|s| self.places(s)),
            opening: PerSide::from_fn(|s| self.opening_due(s)),
            not_begun: PerSide::from_fn(|s| !self.begun(s)),
            loses_turn: PerSide::from_fn(|s| self.loses_turn(s)),
            moves_next: PerSide::from_fn(|s| self.moves_next(s)),
            unmoved: PerSide::from_fn(|s| self.unmoved(rules, s).collect()),
            stacked: PerSide::from_fn(|s| self.stacked(rules, s).collect()),
            restacking: PerSide::from_fn(|s| self.restacking(s)),
            moved_this_turn: self.moved_this_turn(),
            throws_owed: self.owed,
            held: PerSide::from_fn(|s| self.held(s).collect()),
            passed: self.passed_dice(rules),
            doubled: PerSide::from_fn(|s| self.doubled(s)),
            lost: PerSide::from_fn(|s| self.lost(s)),
            reached: PerSide::from_fn(|s| self.reached(s)),
        }
    }

    /// Whether a piece of side `s` has reached the position that lifts its limit on stacks
    /// (`stacks up to N on SET until a piece reaches position M`).
    pub fn reached(&self, s: Side) -> bool {
        self.latches & reached_latch(s) != 0
    }

    /// Whether side `s` has lost by a rule that ends the game at once (`lose when a side cannot
    /// move`, `lose when a captured piece cannot go back`).
    pub fn lost(&self, s: Side) -> bool {
        self.latches & lost_latch(s) != 0
    }

    /// Whether side `s` has thrown a double, where a side's first double is played once.
    pub fn doubled(&self, s: Side) -> bool {
        self.latches & doubled_latch(s) != 0
    }

    /// The dice passed to the side to move (`unused dice pass to the other side`), which it
    /// plays instead of throwing: their code, if any.
    pub fn passed(&self) -> Option<Throw> {
        (self.passed != 0).then(|| Throw::new(u16::from(self.passed)))
    }

    /// The dice passed to the side to move, largest first; where a double's dice are listed,
    /// the dice of its double still to play, in their order (none: empty).
    pub fn passed_dice(&self, rules: &Rules) -> Vec<u8> {
        let k = usize::from(self.passed);
        rules
            .stacked
            .as_ref()
            .filter(|_| self.passed != 0)
            .and_then(|t| t.run_rest.get(k).or(t.pools.get(k)))
            .cloned()
            .unwrap_or_default()
    }
}

/// A position as outside data gives it (JSON, a table, a test): each side's pieces by place,
/// who throws next, and which sides still owe their opening move. [`Setup::position`] checks it
/// against the rules; only then does the engine see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub to_move: Side,
    pub pieces: PerSide<Vec<Place>>,
    pub opening: PerSide<bool>,
    /// The sides that have not yet thrown a value that lets them begin.
    pub not_begun: PerSide<bool>,
    /// The sides that lose their next turn.
    pub loses_turn: PerSide<bool>,
    /// The sides whose piece on the retreat square must make their next move.
    pub moves_next: PerSide<bool>,
    /// Per side: the positions of pieces that have not moved yet (where a first move needs
    /// given throws; each must be a start position on the board holding a piece).
    pub unmoved: PerSide<Vec<PathPos>>,
    /// Where the moves of a turn go one way: the way the side to move has moved in its turn.
    pub moved_this_turn: Option<Way>,
    /// Where extra throws add up: the throws the side to move is owed after the next.
    pub throws_owed: u8,
    /// Where pieces are pinned (`capture pin`): per side, the positions of its pieces held under
    /// enemy pieces (each alone on a square the enemy holds).
    pub held: PerSide<Vec<PathPos>>,
    /// Where pieces are unstacked before any moves (`unstack first`): per side, the positions of
    /// its pieces on their stacks (a position once for each), still to be unstacked, or
    /// restacked where `restacking` says the side is restacking. Neither: the side's pieces move.
    pub stacked: PerSide<Vec<PathPos>>,
    pub restacking: PerSide<bool>,
    /// Where unused dice pass to the other side: the dice passed to the side to move, which it
    /// plays instead of throwing (empty: none).
    pub passed: Vec<u8>,
    /// Where a side's first double is played once: the sides that have thrown a double.
    pub doubled: PerSide<bool>,
    /// The side that has lost by a rule that ends the game at once (`lose when ...`), if any.
    pub lost: PerSide<bool>,
    /// Where a limit on stacks holds until a piece reaches a position: the sides one of whose
    /// pieces has.
    pub reached: PerSide<bool>,
}

/// Every piece of side `s` stacked at the start still on its stack: the state a side begins in.
pub(crate) fn all_stacked(u: &Unstacking, s: Side) -> u16 {
    u16::try_from((1u32 << u.stacked[s].len()) - 1).unwrap_or(u16::MAX) & !RESTACKING
}

/// Why a [`Setup`] is not a position the rules can reach.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("side `{side}` has {found} pieces here, but the rules give each side {expected}")]
    PieceCount {
        side: String,
        found: usize,
        expected: u8,
    },
    #[error(
        "`{position}` is not a place for `{side}`: use 0 (waiting), 1 to {len}, \"off\" or \"removed\""
    )]
    OffPath {
        side: String,
        position: u8,
        len: usize,
    },
    #[error("two pieces on square {square}: {first} and {second}")]
    SharedSquare {
        square: Square,
        first: String,
        second: String,
    },
    #[error(
        "`{side}` has a piece removed from the game, but under these rules no piece is ever removed"
    )]
    NeverRemoved { side: String },
    #[error(
        "`{side}` has no piece at position {position} that has not moved yet: such a piece stands where it started on the board, under rules where a first move needs given throws"
    )]
    NotUnmoved { side: String, position: u8 },
    #[error("`{side}` has a piece waiting to enter, but under these rules no piece ever waits")]
    NeverWaits { side: String },
    #[error("side `{side}` has no opening rule")]
    NoOpening { side: String },
    #[error("side `{side}` cannot wait to begin: the rules have no `begin with`")]
    NoBegin { side: String },
    #[error("side `{side}` cannot lose a turn: under these rules no move costs one")]
    NeverLosesTurn { side: String },
    #[error(
        "side `{side}` has no piece on the retreat square that could have to move next (or no retreat makes a piece move next)"
    )]
    NoPieceToMoveNext { side: String },
    #[error(
        "`moved_this_turn` says which way the side to move has moved in its turn, but these rules do not keep the moves of a turn one way"
    )]
    NoDirection,
    #[error(
        "`throws_owed` says the side to move is owed more throws, but under these rules extra throws do not add up"
    )]
    NeverOwed,
    #[error(
        "`held` lists a piece of `{side}` at position {position}, but no piece is pinned there: under these rules pieces are pinned only with `capture pin`, and a pinned piece stands alone on a square where the other side has pieces"
    )]
    NotHeld { side: String, position: u8 },
    #[error("`stacked` lists a piece of `{side}` on its stack at position {position}, but {why}")]
    NotStacked {
        side: String,
        position: u8,
        why: String,
    },
    #[error("`restacking` says `{side}` is restacking, but {why}")]
    NotRestacking { side: String, why: String },
    #[error(
        "`passed` gives dice passed to the side to move, but under these rules unused dice are lost"
    )]
    NeverPassed,
    #[error("`passed` gives dice {dice:?}, which are no part of a throw of these rules")]
    NotPassed { dice: Vec<u8> },
    #[error(
        "`doubled` says `{side}` has thrown a double, but under these rules a side's first double is played as any other"
    )]
    NeverDoubled { side: String },
    #[error(
        "`lost` says `{side}` has lost, but these rules have no `lose when ...` rule (or both sides are said to have lost)"
    )]
    NeverLost { side: String },
    #[error(
        "`reached` says a piece of `{side}` has reached the position that lifts its limit on stacks, but these rules have no `stacks up to N on SET until a piece reaches position M`"
    )]
    NeverReached { side: String },
}

impl Setup {
    /// The position, if the rules can reach it: each side has its number of pieces, each on its
    /// own path and no two on one square, none removed or waiting where the rules never remove
    /// or keep a piece waiting, and opening moves due only for sides that have one.
    pub fn position(&self, rules: &Rules) -> Result<Position, SetupError> {
        let mut pos = Position::empty(self.to_move);
        for (s, places) in self.pieces.iter() {
            let side = &rules.sides[s];
            let name = || side.name.clone();
            if places.len() != usize::from(rules.pieces) {
                return Err(SetupError::PieceCount {
                    side: name(),
                    found: places.len(),
                    expected: rules.pieces,
                });
            }
            for &place in places {
                match place {
                    Place::Waiting if !rules.pieces_can_wait() => {
                        return Err(SetupError::NeverWaits { side: name() });
                    }
                    Place::Waiting => pos.waiting[s] += 1,
                    Place::Off => pos.off[s] += 1,
                    Place::Removed if !rules.pieces_can_be_removed() => {
                        return Err(SetupError::NeverRemoved { side: name() });
                    }
                    Place::Removed => pos.removed[s] += 1,
                    Place::On(p) if p.index() >= side.len() => {
                        return Err(SetupError::OffPath {
                            side: name(),
                            position: p.get(),
                            len: side.len(),
                        });
                    }
                    Place::On(p) => {
                        let sq = side.square(p);
                        let limit = rules.stacked.as_ref().map_or(1, |t| t.limit);
                        if pos.squares[s] & sq.bit() != 0 && pos.count(s, p) < limit {
                            pos.put(rules, s, p);
                            continue;
                        }
                        // Where pieces are pinned, a square may hold both sides: checked
                        // against `held` below.
                        let pins = rules.capture == Capture::Pin;
                        if let Some(other) = pos.owner(sq).filter(|_| !pins) {
                            let piece = |s: Side| match rules.sides[s].position(sq) {
                                Some(q) => format!("`{}` at position {q}", rules.sides[s].name),
                                None => format!("a piece of `{}`", rules.sides[s].name),
                            };
                            return Err(SetupError::SharedSquare {
                                square: sq,
                                first: piece(other),
                                second: format!("`{}` at position {p}", side.name),
                            });
                        }
                        pos.put(rules, s, p);
                    }
                }
            }
            if self.opening[s] {
                if rules.opening[s].is_none() {
                    return Err(SetupError::NoOpening { side: name() });
                }
                pos.flags |= opening_flag(s);
            }
            if self.not_begun[s] {
                if rules.begin == 0 {
                    return Err(SetupError::NoBegin { side: name() });
                }
                pos.flags |= not_begun_flag(s);
            }
            if self.loses_turn[s] {
                if !rules.may_lose_turn() {
                    return Err(SetupError::NeverLosesTurn { side: name() });
                }
                pos.flags |= lose_turn_flag(s);
            }
            if self.moves_next[s] {
                let on_it = rules
                    .moves_next
                    .is_some_and(|m| pos.on[s] & m.at[s].bit() != 0);
                if !on_it {
                    return Err(SetupError::NoPieceToMoveNext { side: name() });
                }
                pos.flags |= moves_next_flag(s);
            }
            for &p in &self.unmoved[s] {
                let slot = rules.start_slots(s).position(|q| q == p);
                match slot {
                    Some(k) if rules.tracks_unmoved() && pos.on[s] & p.bit() != 0 => {
                        pos.unmoved[s] |= 1 << k;
                    }
                    _ => {
                        return Err(SetupError::NotUnmoved {
                            side: name(),
                            position: p.get(),
                        });
                    }
                }
            }
        }
        self.pins(rules, &mut pos)?;
        self.stacks(rules, &mut pos)?;
        if let Some(way) = self.moved_this_turn {
            if !rules.one_direction {
                return Err(SetupError::NoDirection);
            }
            pos.turn_way = way.bits();
        }
        if self.throws_owed > 0 {
            if !rules.extra_add_up {
                return Err(SetupError::NeverOwed);
            }
            pos.owed = self.throws_owed;
        }
        if !self.passed.is_empty() {
            let t = rules
                .stacked
                .as_ref()
                .filter(|t| t.pass_unused || !t.next_run.is_empty())
                .ok_or(SetupError::NeverPassed)?;
            let mut dice = self.passed.clone();
            let code = if t.pass_unused {
                dice.sort_unstable_by(|a, b| b.cmp(a));
                t.code_of(&dice)
            } else {
                // The rest of a double's list, in its order.
                let found = t.run_rest.iter().position(|r| !r.is_empty() && *r == dice);
                found.and_then(|k| u8::try_from(k).ok())
            };
            pos.passed = code.ok_or(SetupError::NotPassed { dice })?;
        }
        let first_doubles = rules
            .stacked
            .as_ref()
            .is_some_and(|t| !t.first_double.is_empty());
        let loses =
            rules.lose_stuck || rules.lose_no_way_back || rules.lose_untaken || rules.enter_again;
        let until = rules.stacked.as_ref().map_or(0, |t| t.zone_until);
        let side = |s: Side| rules.sides[s].name.clone();
        latch(
            &mut pos,
            &self.doubled,
            doubled_latch,
            |_| first_doubles,
            |s| SetupError::NeverDoubled { side: side(s) },
        )?;
        // At most one side has lost.
        let lost = &self.lost;
        latch(
            &mut pos,
            lost,
            lost_latch,
            |s| loses && !lost[s.other()],
            |s| SetupError::NeverLost { side: side(s) },
        )?;
        latch(
            &mut pos,
            &self.reached,
            reached_latch,
            |_| until != 0,
            |s| SetupError::NeverReached { side: side(s) },
        )?;
        Ok(pos)
    }
}

/// Sets the latch `bit` of each side `flags` names, where `allowed` says the rules can hold it
/// for that side; else the error `refused` gives.
fn latch(
    pos: &mut Position,
    flags: &PerSide<bool>,
    bit: fn(Side) -> u8,
    allowed: impl Fn(Side) -> bool,
    refused: impl Fn(Side) -> SetupError,
) -> Result<(), SetupError> {
    for (s, &on) in flags.iter() {
        if on && !allowed(s) {
            return Err(refused(s));
        }
        if on {
            pos.latches |= bit(s);
        }
    }
    Ok(())
}

impl Setup {
    /// Marks the pinned pieces `held` lists: each alone where the other side has pieces; and
    /// every square with pieces of both sides has one.
    fn pins(&self, rules: &Rules, pos: &mut Position) -> Result<(), SetupError> {
        for (s, list) in self.held.iter() {
            for &p in list {
                let sq = rules.sides[s].square(p);
                let alone = p.index() < rules.sides[s].len() && pos.count(s, p) == 1;
                if rules.capture != Capture::Pin || !alone || pos.squares[s.other()] & sq.bit() == 0
                {
                    return Err(SetupError::NotHeld {
                        side: rules.sides[s].name.clone(),
                        position: p.get(),
                    });
                }
                pos.held[s] |= p.bit();
            }
        }
        let shared = pos.squares[Side::First] & pos.squares[Side::Second];
        for sq in Square::all_in(shared) {
            let pinned = Side::BOTH.into_iter().any(|s| {
                rules.sides[s]
                    .position(sq)
                    .is_some_and(|p| pos.held[s] & p.bit() != 0)
            });
            if !pinned {
                let piece = |s: Side| match rules.sides[s].position(sq) {
                    Some(q) => format!("`{}` at position {q}", rules.sides[s].name),
                    None => format!("a piece of `{}`", rules.sides[s].name),
                };
                return Err(SetupError::SharedSquare {
                    square: sq,
                    first: piece(Side::First),
                    second: piece(Side::Second),
                });
            }
        }
        Ok(())
    }
}

impl Setup {
    /// Marks the pieces `stacked` lists as on their stacks, and the sides `restacking` says are
    /// restacking: only where pieces are unstacked before any moves, each listed piece one
    /// stacked at the start and standing there on another.
    fn stacks(&self, rules: &Rules, pos: &mut Position) -> Result<(), SetupError> {
        for s in Side::BOTH {
            let name = || rules.sides[s].name.clone();
            let restack = rules.unstacking().is_some_and(|u| u.restack);
            if self.restacking[s] && !restack {
                return Err(SetupError::NotRestacking {
                    side: name(),
                    why: "under these rules no piece is restacked".into(),
                });
            }
            let mut bits = 0u16;
            for &p in &self.stacked[s] {
                let not = |why: &str| SetupError::NotStacked {
                    side: name(),
                    position: p.get(),
                    why: why.into(),
                };
                let Some(u) = rules.unstacking() else {
                    return Err(not("under these rules no piece is unstacked"));
                };
                // The first of the side's start stack there not yet listed.
                let slot = (0..u.stacked[s].len())
                    .find(|&k| u.stacked[s][k] == p.get() && bits >> k & 1 == 0)
                    .ok_or_else(|| not("no more pieces start stacked there"))?;
                bits |= 1 << slot;
                let here = (0..u.stacked[s].len())
                    .filter(|&k| bits >> k & 1 != 0 && u.stacked[s][k] == p.get())
                    .count();
                if usize::from(pos.count(s, p)) <= here {
                    return Err(not(
                        "the side has no more pieces there: a stacked piece stands on another",
                    ));
                }
            }
            if self.restacking[s] {
                let all = rules.unstacking().map_or(0, |u| all_stacked(u, s));
                if bits == all {
                    return Err(SetupError::NotRestacking {
                        side: name(),
                        why: "every piece is restacked: the side moves its pieces (leave `restacking` out)".into(),
                    });
                }
                bits |= RESTACKING;
            }
            if rules.unstacking().is_some() {
                pos.unmoved[s] = bits;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Position;

    /// Positions are copied on every move: they stay two cache lines (one for where single
    /// pieces stand, one for the counts of stacks).
    #[test]
    fn a_position_is_two_cache_lines() {
        assert_eq!(std::mem::size_of::<Position>(), 128);
    }
}
