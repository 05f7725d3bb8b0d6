//! Moves: one or more piece movements of the side to move.

use senet_lang::types::limits::{MAX_PATH, MAX_STEPS};
use senet_lang::types::{PathPos, Place, Throw};

/// One piece movement: from a place to where it lands, both along the mover's path (`Waiting`
/// to enter, `Off` to bear off). `to` is where the step lands, before any square effect. Kept
/// packed, a byte a place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    from: u8,
    to: u8,
}

impl Step {
    pub fn new(from: Place, to: Place) -> Step {
        Step {
            from: from.pack(),
            to: to.pack(),
        }
    }

    /// A step that takes the other side's lone piece on its own path position `p` instead of
    /// moving a piece (`dice take lone pieces on their number`).
    pub fn take(p: PathPos) -> Step {
        Step {
            from: TAKES,
            to: p.get(),
        }
    }

    /// Where the step takes the other side's piece (a position along that side's path), if it
    /// is a take (`dice take lone pieces on their number`): it moves no piece of its own, and
    /// its `from` and `to` are not places.
    #[inline]
    pub fn taken(self) -> Option<PathPos> {
        if self.from == TAKES {
            PathPos::new(u32::from(self.to))
        } else {
            None
        }
    }

    /// A step from packed places (see [`Place::pack`]): the engine's hot path.
    #[inline(always)]
    pub(crate) const fn packed(from: u8, to: u8) -> Step {
        Step { from, to }
    }

    /// Where the piece moved from; a take ([`Step::taken`]) moves none, and has no place here.
    #[inline]
    pub fn from(self) -> Place {
        debug_assert!(self.from != TAKES, "a take moves no piece: read `taken`");
        Place::unpack(self.from)
    }

    /// Where the piece landed; a take ([`Step::taken`]) moves none, and has no place here.
    #[inline]
    pub fn to(self) -> Place {
        debug_assert!(self.from != TAKES, "a take moves no piece: read `taken`");
        Place::unpack(self.to)
    }

    #[inline(always)]
    pub(crate) fn packed_from(self) -> u8 {
        self.from
    }

    #[inline(always)]
    pub(crate) fn packed_to(self) -> u8 {
        self.to
    }

    /// Whether the piece moves back along its path.
    #[inline]
    pub fn is_backward(self) -> bool {
        // Packed, both on the path (1 to 64, off is above) and the landing before the start.
        self.to != 0 && self.to < self.from && usize::from(self.from) <= MAX_PATH
    }
}

/// A legal move: its steps in order. Fixed size, so move lists never allocate per move; room
/// for every piece of a side, since a split turn moves each piece at most once. A move with no
/// step leaves a piece where it is (a piece that may retreat is never forced to move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    steps: [Step; MAX_STEPS],
    /// Bits 0-3: how many steps; bit 7: the move declines an optional extra throw; bit 6: it
    /// ends its side's turn where the player may (both kept here so that a move stays 32 bytes).
    len: u8,
    /// Bit 7: the move is a retreat; bit 5: its piece stays where it lands (it declines the
    /// square's optional effect); bit 6: it follows one optional effect and declines the next;
    /// bits 0-4: in a turn that plays each throw whole, the throw it plays (0 otherwise).
    tag: u8,
}

/// The packed `from` of a take ([`Step::take`]): above every path position, below the packed
/// places.
pub(crate) const TAKES: u8 = u8::MAX - 2;
const _: () = assert!(MAX_PATH < TAKES as usize);
const _: () = assert!(Place::Removed.pack() > TAKES);

const STEPS: u8 = 0x0F;
const DECLINES: u8 = 0x80;
const ENDS: u8 = 0x40;
const _: () = assert!(MAX_STEPS <= STEPS as usize);

const RETREAT: u8 = 0x80;
const ONE_HOP: u8 = 0x40;
const STAYS: u8 = 0x20;
const PLAYS: u8 = 0x1F;

impl Move {
    #[inline(always)]
    pub fn single(step: Step) -> Move {
        let mut m = Move::default();
        m.steps[0] = step;
        m.len = 1;
        m
    }

    /// A move of these steps (at most [`MAX_STEPS`]).
    pub fn of(steps: &[Step]) -> Option<Move> {
        let mut m = Move::default();
        for &s in steps {
            m.push(s)?;
        }
        Some(m)
    }

    /// Adds a step; `None` if the move already has [`MAX_STEPS`].
    pub fn push(&mut self, step: Step) -> Option<()> {
        let slot = self.steps.get_mut(usize::from(self.len & STEPS))?;
        *slot = step;
        self.len += 1;
        Some(())
    }

    pub fn pop(&mut self) {
        if self.len & STEPS != 0 {
            self.len -= 1;
        }
    }

    #[inline(always)]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len & STEPS)]
    }

    pub fn is_backward(&self) -> bool {
        !self.is_retreat() && self.steps().iter().any(|s| s.is_backward())
    }

    /// A retreat of the piece at packed position `from` to packed position `to`.
    pub(crate) fn retreat(from: u8, to: u8) -> Move {
        let mut m = Move::single(Step::packed(from, to));
        m.tag = RETREAT;
        m
    }

    /// Whether the move is a retreat (`retreat from SET to N`).
    #[inline(always)]
    pub fn is_retreat(&self) -> bool {
        self.tag & RETREAT != 0
    }

    /// In a turn that plays each throw whole, the throw this move plays.
    #[inline(always)]
    pub fn plays(&self) -> Option<Throw> {
        let v = self.tag & PLAYS;
        (v != 0).then(|| Throw::from(v))
    }

    /// The same move, playing the throw `v` of a turn that plays each throw whole.
    pub(crate) fn playing(mut self, v: u8) -> Move {
        self.tag = (self.tag & !PLAYS) | (v & PLAYS);
        self
    }

    /// Whether the piece stays where it lands, declining its square's optional effect.
    #[inline(always)]
    pub fn stays(&self) -> bool {
        self.tag & STAYS != 0
    }

    /// The same move, its piece staying where it lands.
    pub(crate) fn staying(mut self) -> Move {
        self.tag |= STAYS;
        self
    }

    /// Whether the side declines the extra throw the move would give it (`may throw again`).
    #[inline(always)]
    pub fn declines_throw(&self) -> bool {
        self.len & DECLINES != 0
    }

    /// The same move, its side declining the optional extra throw.
    pub(crate) fn declining_throw(mut self) -> Move {
        self.len |= DECLINES;
        self
    }

    /// Whether the side ends its turn with the move where a rule lets it (`may end turn`).
    #[inline(always)]
    pub fn ends_turn(&self) -> bool {
        self.len & ENDS != 0
    }

    /// The same move, its side ending the turn where a rule lets it.
    pub(crate) fn ending_turn(mut self) -> Move {
        self.len |= ENDS;
        self
    }

    /// Whether the piece follows one optional effect and declines the one after it.
    #[inline(always)]
    pub fn one_hop(&self) -> bool {
        self.tag & ONE_HOP != 0
    }

    /// The same move, its piece following one optional effect and declining the next.
    pub(crate) fn one_hop_only(mut self) -> Move {
        self.tag |= ONE_HOP;
        self
    }

    /// How many square effects the move's piece follows at most.
    #[inline(always)]
    pub(crate) fn max_hops(&self) -> u8 {
        if self.tag & (STAYS | ONE_HOP) == 0 {
            u8::MAX
        } else if self.stays() {
            0
        } else {
            1
        }
    }
}
