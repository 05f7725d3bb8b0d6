//! Legal moves for many sides: each piece of the side to move, judged by its place along its
//! own path and what stands on the square it would land on.

use senet_lang::types::{Place, Throw};

use super::position::MultiPosition;
use super::rules::{MultiCapture, MultiRules};
use super::{MAX_ALL_PIECES, MultiMove};
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

    /// The piece on `square`, if there is one: its side and its place.
    #[inline]
    pub(super) fn on(&self, square: u8) -> Option<(usize, u8)> {
        (0..self.len)
            .find(|&i| self.square[i] == square)
            .map(|i| (usize::from(self.side[i]), self.place[i]))
    }
}

impl MultiRules {
    /// The legal moves of the side to move for a throw of `v`, written into `out`: none means
    /// the side passes.
    pub fn legal_moves(&self, pos: &MultiPosition, v: u8, out: &mut Vec<MultiMove>) {
        out.clear();
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
                        out.push(MultiMove::packed(WAITING, t));
                    }
                }
                Place::On(at) => {
                    // A throw that bears the piece off from here moves it nowhere else.
                    if table.exit_throws[at.index()] & bit != 0 {
                        if can_bear {
                            out.push(MultiMove::packed(p, OFF));
                        }
                        continue;
                    }
                    if table.has(p, PosFlags::ONLY_BEAR_OFF) {
                        continue;
                    }
                    let t = u32::from(p) + u32::from(v);
                    if let Ok(t) = u8::try_from(t)
                        && usize::from(t) <= table.len()
                        && self.can_land(s, t, &occupants)
                    {
                        out.push(MultiMove::packed(p, t));
                    }
                }
            }
        }
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
        if enter.if_empty && o.on(table.path[usize::from(t - 1)]).is_some() {
            return None;
        }
        let barred = pos
            .packed(s)
            .iter()
            .any(|&p| table.has(p, PosFlags::ENTER_BARRED));
        (!barred && self.can_land(s, t, o)).then_some(t)
    }

    /// Whether a piece of side `s` may end a move on position `t` of its path: the square is
    /// empty, or holds an enemy piece it may take (not a partner's, nor one safe where it
    /// stands).
    #[inline]
    pub(super) fn can_land(&self, s: usize, t: u8, o: &Occupants) -> bool {
        let square = self.sides[s].path[usize::from(t - 1)];
        match o.on(square) {
            None => true,
            Some((e, at)) => {
                e != s
                    && self.sides[e].team != self.sides[s].team
                    && self.capture != MultiCapture::None
                    && !self.sides[e].has(at, PosFlags::SAFE)
            }
        }
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
