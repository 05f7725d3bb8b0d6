//! Legal moves for many sides: each piece of the side to move, judged by its place along its
//! own path and what stands on the square it would land on.

use senet_lang::types::{Place, Throw};

use super::position::MultiPosition;
use super::rules::{MultiCapture, MultiRules};
use super::{MAX_ALL_PIECES, MAX_SIDES, MultiMove};
use crate::compile::{BearCondition, PosFlags};

const OFF: u8 = Place::Off.pack();
const WAITING: u8 = Place::Waiting.pack();

/// The pieces on the board, by square, for one listing of moves: each with its side and its
/// place along that side's path.
pub(super) struct Occupants {
    len: usize,
    square: [u8; MAX_ALL_PIECES],
    side: [u8; MAX_ALL_PIECES],
    place: [u8; MAX_ALL_PIECES],
}

impl Occupants {
    pub(super) fn of(rules: &MultiRules, pos: &MultiPosition) -> Occupants {
        let mut o = Occupants {
            len: 0,
            square: [0; MAX_ALL_PIECES],
            side: [0; MAX_ALL_PIECES],
            place: [0; MAX_ALL_PIECES],
        };
        for (s, table) in rules.sides.iter().enumerate() {
            for &b in pos.packed(s) {
                if let Place::On(p) = Place::unpack(b) {
                    o.square[o.len] = table.path[p.index()];
                    o.side[o.len] = u8::try_from(s).unwrap_or(u8::MAX);
                    o.place[o.len] = b;
                    o.len += 1;
                }
            }
        }
        o
    }

    /// Whether any piece stands on `square`.
    #[inline]
    pub(super) fn taken(&self, square: u8) -> bool {
        self.square[..self.len].contains(&square)
    }

    /// What stands on `square`, side by side: a square holds one side's pieces, but pieces of
    /// several sides may stand together on a shared safe square, and partners where they share
    /// squares.
    #[inline]
    pub(super) fn census(&self, square: u8) -> Census {
        let mut c = Census {
            count: [0; MAX_SIDES],
            place: [0; MAX_SIDES],
        };
        for i in (0..self.len).filter(|&i| self.square[i] == square) {
            let s = usize::from(self.side[i]);
            if c.count[s] == 0 {
                c.place[s] = self.place[i];
            }
            c.count[s] += 1;
        }
        c
    }
}

/// The pieces on one square, by side: how many, and where along its path the first stands.
pub(super) struct Census {
    pub(super) count: [u8; MAX_SIDES],
    pub(super) place: [u8; MAX_SIDES],
}

/// What a piece landing on a square does to another side's pieces there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Meeting {
    /// It lands beside them: they stand on a shared safe square, or are its partners' where
    /// partners share squares.
    Beside,
    /// It takes them all.
    Takes,
    /// It may not land there.
    Barred,
}

impl MultiRules {
    /// What a piece of side `s` landing where side `e`'s `count` pieces stand, the first on
    /// place `at` of `e`'s path, does to them.
    #[inline]
    pub(super) fn meeting(&self, s: usize, e: usize, at: u8, count: u8) -> Meeting {
        let safe = self.sides[e].has(at, PosFlags::SAFE);
        let partner = self.sides[e].team == self.sides[s].team;
        if (safe && self.safe_shared) || (partner && self.partners_share) {
            Meeting::Beside
        } else if safe || partner || self.capture == MultiCapture::None || count >= self.closed_with
        {
            Meeting::Barred
        } else {
            Meeting::Takes
        }
    }
}

impl MultiRules {
    /// The legal moves of the side to move for a throw of `v`, written into `out`: none means
    /// the side passes.
    pub fn legal_moves(&self, pos: &MultiPosition, v: u8, out: &mut Vec<MultiMove>) {
        out.clear();
        self.push_moves(pos, v, out);
    }

    /// The legal moves of the side to move for the throws it holds ([`MultiPosition::pool`]),
    /// each carrying its throw, written into `out`: none means the side passes (and loses any
    /// throw it holds).
    pub fn moves(&self, pos: &MultiPosition, out: &mut Vec<MultiMove>) {
        out.clear();
        let mut last = None;
        // The pool is in order: each distinct throw once.
        for &v in pos.pool() {
            if last != Some(v) {
                self.push_moves(pos, v, out);
            }
            last = Some(v);
        }
    }

    /// Adds the legal moves of the side to move for a throw of `v` to `out`: an extra move that
    /// enters first enters a piece where one can.
    fn push_moves(&self, pos: &MultiPosition, v: u8, out: &mut Vec<MultiMove>) {
        let start = out.len();
        self.push_all_moves(pos, v, out);
        if self
            .extra_move
            .is_some_and(|m| m.entering_first && m.value == v)
            && out[start..].iter().any(|m| m.packed_from() == WAITING)
        {
            let mut k = start;
            for i in start..out.len() {
                if out[i].packed_from() == WAITING {
                    out[k] = out[i];
                    k += 1;
                }
            }
            out.truncate(k);
        }
    }

    /// Adds every legal move of the side to move for a throw of `v` to `out`.
    fn push_all_moves(&self, pos: &MultiPosition, v: u8, out: &mut Vec<MultiMove>) {
        if v == 0 {
            return;
        }
        let s = usize::from(pos.to_move);
        let table = &self.sides[s];
        let occupants = Occupants::of(self, pos);
        let can_bear = self.can_bear_off(pos, s);
        let bit = 1u32 << v;
        let mut last = None;
        for &p in pos.packed(s) {
            // Pieces on one place make one move: the places are in order.
            if last == Some(p) {
                continue;
            }
            last = Some(p);
            match Place::unpack(p) {
                Place::Off | Place::Removed => {}
                Place::Waiting => {
                    if let Some(t) = self.entry_target(pos, s, v, &occupants) {
                        out.push(MultiMove::packed(WAITING, t, v));
                    }
                }
                Place::On(_) if !table.ways.is_empty() => {
                    self.push_way_moves(pos, (p, v), (can_bear, &occupants), out);
                }
                Place::On(at) => {
                    // A throw that bears the piece off from here moves it nowhere else.
                    if table.exit_throws[at.index()] & bit != 0 {
                        if can_bear {
                            out.push(MultiMove::packed(p, OFF, v));
                        }
                        continue;
                    }
                    if table.has(p, PosFlags::ONLY_BEAR_OFF) {
                        continue;
                    }
                    let t = u32::from(p) + u32::from(v);
                    if let Ok(t) = u8::try_from(t)
                        && usize::from(t) <= table.len()
                        && self.can_land(s, (Some(table.path[at.index()]), t), &occupants)
                        && self.stack_fits(pos, s, p, t, &occupants)
                    {
                        out.push(MultiMove::packed(p, t, v));
                    }
                }
            }
        }
    }

    /// Adds the moves of side `s`'s piece on packed place `p` for a throw of `v` to `out`, where
    /// the side takes shortcuts: one along each way from there, each move once.
    fn push_way_moves(
        &self,
        pos: &MultiPosition,
        (p, v): (u8, u8),
        (can_bear, occupants): (bool, &Occupants),
        out: &mut Vec<MultiMove>,
    ) {
        let s = usize::from(pos.to_move);
        let table = &self.sides[s];
        let k = usize::from(p) - 1;
        let start = out.len();
        let push = |out: &mut Vec<MultiMove>, mv: MultiMove| {
            if !out[start..].contains(&mv) {
                out.push(mv);
            }
        };
        for way in &table.ways[k] {
            // A throw that bears the piece off along this way moves it nowhere else along it.
            if way.exits & 1 << v != 0 {
                if can_bear {
                    push(out, MultiMove::packed(p, OFF, v));
                }
                continue;
            }
            if table.has(p, PosFlags::ONLY_BEAR_OFF) {
                continue;
            }
            if let Some(&t) = way.to.get(usize::from(v) - 1)
                && self.can_land(s, (Some(table.path[k]), t), occupants)
                && self.stack_fits(pos, s, p, t, occupants)
            {
                push(out, MultiMove::packed(p, t, v));
            }
        }
    }

    /// Whether the pieces that move from packed place `p` of side `s` fit on position `t`'s
    /// square: where stacks move together, the whole stack there must, beside the side's
    /// pieces on `t` ([`MultiRules::can_land`] has made room for one).
    fn stack_fits(&self, pos: &MultiPosition, s: usize, p: u8, t: u8, o: &Occupants) -> bool {
        if !self.together {
            return true;
        }
        let table = &self.sides[s];
        let (from, to) = (
            table.path[usize::from(p) - 1],
            table.path[usize::from(t) - 1],
        );
        let moving = pos.packed(s).iter().filter(|&&b| b == p).count();
        let there = if from == to {
            0
        } else {
            usize::from(o.census(to).count[s])
        };
        there + moving <= usize::from(self.stack_limit)
    }

    /// Where a waiting piece of side `s` enters with a throw of `v`, if it may.
    fn entry_target(&self, pos: &MultiPosition, s: usize, v: u8, o: &Occupants) -> Option<u8> {
        let enter = self.enter.as_ref()?;
        if !enter.allows(Throw::from(v)) {
            return None;
        }
        let table = &self.sides[s];
        let t = u8::try_from(enter.onto.lands(u32::from(v))).ok()?;
        if t == 0 || usize::from(t) > table.len() {
            return None;
        }
        if enter.if_empty && o.taken(table.path[usize::from(t - 1)]) {
            return None;
        }
        let barred = pos
            .packed(s)
            .iter()
            .any(|&p| table.has(p, PosFlags::ENTER_BARRED));
        (!barred && self.can_land(s, (None, t), o)).then_some(t)
    }

    /// Whether a piece of side `s` coming from square `from` (`None`: entering) may end a
    /// move on position `t` of its path: the square holds fewer of the side's own pieces than a
    /// stack may have, and every other side's pieces there are taken or stay beside it (see
    /// [`MultiRules::meeting`]).
    #[inline]
    pub(super) fn can_land(&self, s: usize, (from, t): (Option<u8>, u8), o: &Occupants) -> bool {
        let square = self.sides[s].path[usize::from(t - 1)];
        let c = o.census(square);
        // A path that comes back to the square may bring the piece onto its own stack.
        let own = c.count[s] - u8::from(c.count[s] > 0 && from == Some(square));
        own < self.stack_limit
            && (0..self.count()).all(|e| {
                e == s
                    || c.count[e] == 0
                    || self.meeting(s, e, c.place[e], c.count[e]) != Meeting::Barred
            })
    }

    /// Whether side `s` may bear off now.
    pub(super) fn can_bear_off(&self, pos: &MultiPosition, s: usize) -> bool {
        let table = &self.sides[s];
        let mut places = pos.packed(s).iter();
        match self.bear_when {
            BearCondition::Always => true,
            BearCondition::Never => false,
            BearCondition::AllInZone => places.all(|&p| match Place::unpack(p) {
                Place::Waiting => false,
                Place::On(_) => table.has(p, PosFlags::BEAR_ZONE),
                Place::Off | Place::Removed => true,
            }),
            BearCondition::NoneInZone => !places.any(|&p| table.has(p, PosFlags::NO_BEAR_ZONE)),
        }
    }
}
