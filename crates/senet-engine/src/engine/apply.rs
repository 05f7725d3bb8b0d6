//! Applying a move with all its effects (captures, square effects, extra throws, the opening),
//! and the report of what each step did.

use super::generate::{OFF, bit};
use super::moves::TAKES;
use super::position::{lose_turn_flag, moves_next_flag, not_begun_flag, side_flags};
use super::{Engine, Move, Position, Step, Way};
use crate::compile::{Event, Next, Phase, PieceCondition, TurnTrigger};
use senet_lang::types::limits::{MAX_LINE_CAPTURES, MAX_STEPS};
use senet_lang::types::{Capture, Destination, Fallback, Opening, Place, Side, Square, Throw};

/// The captures one piece movement may make: where it lands, and by the square effects that send
/// it on.
const MAX_STEP_CAPTURES: usize = 1 + MAX_LINE_CAPTURES;

/// A capture: where it happened, and where the captured piece went (a place along its own side's
/// path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Captured {
    pub square: Square,
    pub sent: Place,
}

/// What one piece movement did. Packed, a byte a field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepReport {
    step: Step,
    /// The number of the square it landed on (0 when it bore off).
    landed_square: u8,
    rest: u8,
    hops: u8,
    /// The squares of its captures (their numbers), where it landed first, then where each line
    /// that sent it on capturing led; and where each captured piece went.
    captured: [u8; MAX_STEP_CAPTURES],
    sent: [u8; MAX_STEP_CAPTURES],
    captures: u8,
    extra_throw: bool,
    /// The piece's path is a loop: a step to a lower position goes round, not back.
    looped: bool,
    /// It landed on enemy pieces and pinned them (`capture pin`).
    pinned: bool,
    /// A piece taken off its start stack (1) or put back on (2), staying where it is (`unstack
    /// first`); 0 for a piece that moved.
    unstack: u8,
}

impl StepReport {
    /// The movement as made: where the piece came from and where it landed.
    pub fn step(&self) -> Step {
        self.step
    }

    pub fn from(&self) -> Place {
        self.step.from()
    }

    /// Whether it pinned the enemy pieces where it landed (`capture pin`).
    pub fn pinned(&self) -> bool {
        self.pinned
    }

    /// Whether a piece was taken off its start stack (`unstack first`), staying where it is.
    pub fn unstacked(&self) -> bool {
        self.unstack == 1
    }

    /// Whether a piece was put back on its start stack (`unstack first, then restack`).
    pub fn restacked(&self) -> bool {
        self.unstack == 2
    }

    /// Where the piece landed, before any square effect.
    pub fn landed(&self) -> Place {
        self.step.to()
    }

    /// The same, as the square's index: the statistics' hot path.
    #[inline(always)]
    pub(crate) fn landed_index(&self) -> Option<usize> {
        usize::from(self.landed_square).checked_sub(1)
    }

    /// Whether the step entered a piece and bore one off, and how many it captured (cheap,
    /// packed).
    #[inline(always)]
    pub(crate) fn counts(&self) -> (bool, bool, u8) {
        (
            self.step.packed_from() == 0,
            self.step.packed_to() == OFF,
            self.captures,
        )
    }

    /// Whether a square effect took the piece out of the game (`piece is removed`).
    #[inline(always)]
    pub(crate) fn removed(&self) -> bool {
        self.rest == Place::Removed.pack()
    }

    /// Where the piece came to rest after square effects.
    pub fn rest(&self) -> Place {
        Place::unpack(self.rest)
    }

    /// How many square effects moved the piece on.
    pub fn effects(&self) -> u8 {
        self.hops
    }

    /// The enemy pieces it captured, in order: where it landed, then where each line that sent
    /// it on capturing led.
    pub fn captures(&self) -> impl Iterator<Item = Captured> + '_ {
        let n = usize::from(self.captures);
        self.captured[..n]
            .iter()
            .zip(&self.sent[..n])
            .filter_map(|(&sq, &sent)| {
                Some(Captured {
                    square: Square::new(u32::from(sq))?,
                    sent: Place::unpack(sent),
                })
            })
    }

    /// Tells a capture on square number `square`, the captured piece sent to `sent` (packed).
    fn capture(&mut self, square: u8, sent: u8) {
        let k = usize::from(self.captures);
        // The checker bounds the captures of a movement to the slots.
        if let (Some(sq), Some(to)) = (self.captured.get_mut(k), self.sent.get_mut(k)) {
            (*sq, *to) = (square, sent);
            self.captures += 1;
        }
    }

    /// Whether the step earns an extra throw: by a square it lands on or a square effect sends
    /// it onto, or by its capture where captures throw again.
    pub fn earns_extra_throw(&self) -> bool {
        self.extra_throw
    }

    pub fn is_backward(&self) -> bool {
        !self.looped && self.step.is_backward()
    }
}

/// What a move did, step by step, and what it means for the turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    steps: [StepReport; MAX_STEPS],
    len: u8,
    event: Event,
    retreat: bool,
    stays: bool,
    declines_throw: bool,
    /// The player chose to end the turn with this move (`may end turn`).
    chose_end: bool,
    ends_turn: bool,
}

impl Report {
    /// Whether the move's piece stayed where it landed, declining the square's effect.
    pub fn stays(&self) -> bool {
        self.stays
    }

    /// Whether the side declined the extra throw the move would give it (`may throw again`).
    pub fn declines_throw(&self) -> bool {
        self.declines_throw
    }

    /// Whether the player ended the turn with the move, where a rule let it (`may end turn`).
    pub fn chose_end(&self) -> bool {
        self.chose_end
    }

    /// Whether the move was a retreat.
    pub fn retreat(&self) -> bool {
        self.retreat
    }

    /// Whether the move ended its side's turn at once (`end turn`).
    pub fn ends_turn(&self) -> bool {
        self.ends_turn
    }

    pub fn steps(&self) -> &[StepReport] {
        &self.steps[..usize::from(self.len)]
    }

    /// What the move was for the turn machine: a move, a move that earns an extra throw, or an
    /// opening move after which its side throws again.
    pub fn event(&self) -> Event {
        self.event
    }

    /// Whether the same side throws next.
    pub fn extra_throw(&self) -> bool {
        matches!(
            self.event,
            Event::MovedExtraThrow | Event::OpeningMovedThrowAgain
        )
    }

    pub fn captures(&self) -> impl Iterator<Item = Captured> + '_ {
        self.steps().iter().flat_map(StepReport::captures)
    }
}

/// Where what a move did is told: into a [`Report`], or nowhere (searches).
pub(super) trait Recorder {
    fn step(&mut self, report: StepReport);
    fn event(&mut self, event: Event);
    /// The move ended its side's turn at once (`end turn`): throws not yet played are lost.
    fn ends_turn(&mut self) {}
}

/// Tells nothing: the search's form of applying a move, compiled without the reports.
pub(super) struct NoRecord;

impl Recorder for NoRecord {
    #[inline(always)]
    fn step(&mut self, _: StepReport) {}
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl Recorder for Report {
    #[inline(always)]
    fn step(&mut self, report: StepReport) {
        if let Some(slot) = self.steps.get_mut(usize::from(self.len)) {
            *slot = report;
            self.len += 1;
        }
    }
    #[inline(always)]
    fn event(&mut self, event: Event) {
        self.event = event;
    }
    fn ends_turn(&mut self) {
        self.ends_turn = true;
    }
}

/// Where one piece movement left its piece, and what it set off.
#[derive(Clone, Copy)]
pub(super) struct Landed {
    /// Where the piece rests (packed; [`OFF`] if it bore off, 0 if it went back to waiting).
    pub rest: u8,
    /// The step earns an extra throw (by a square it lands on or is sent onto, or by a capture
    /// where captures throw again).
    pub extra: bool,
    /// The positions it landed on or was sent onto.
    pub touched: u64,
    /// The position where it captured (0 if it did not).
    pub captured: u64,
}

impl Landed {
    /// A step that rests at `rest` (packed) and does nothing more: no square, capture or extra
    /// throw (a piece borne off, or taken off its start stack).
    fn only(rest: u8) -> Landed {
        Landed {
            rest,
            extra: false,
            touched: 0,
            captured: 0,
        }
    }
}

impl Engine {
    /// Where a destination sends a piece of side `s` (a position on its path), or `None` if the
    /// square is taken and there is no fallback, or no free square is found. `taken` holds
    /// squares to count as taken besides the pieces of `pos` (where a capturing piece lands).
    pub(super) fn resolve(
        &self,
        pos: &Position,
        s: Side,
        d: Destination,
        taken: u64,
    ) -> Option<u8> {
        let m = &self.masks[s];
        let x = m.pos_of_square[d.square.index()];
        if x == 0 {
            return None;
        }
        let occupied = pos.occupied() | taken;
        let free = |p: u8| occupied & m.square_bit[usize::from(p - 1)] == 0;
        match d.fallback {
            Fallback::None => free(x).then_some(x),
            Fallback::FirstFreeAfter => (x..=m.len).find(|&p| free(p)),
            Fallback::FirstFreeBefore => (1..=x).rev().find(|&p| free(p)),
        }
    }

    /// Plays one piece movement of side `s` onto `next`, telling `rec` what it did; where the
    /// piece rests and what it set off.
    #[inline(always)]
    pub(super) fn apply_step(
        &self,
        next: &mut Position,
        s: Side,
        step: Step,
        rec: &mut impl Recorder,
        max_hops: u8,
    ) -> Landed {
        // The rules that never stack take a form without a test for stacks at each piece, and
        // the form for stacks stays out of their path.
        if self.stacks {
            self.apply_stacked_step(next, s, step, rec, max_hops)
        } else {
            self.apply_step_as::<false>(next, s, step, rec, max_hops)
        }
    }

    /// [`Engine::apply_step`] where pieces stack.
    #[inline(never)]
    fn apply_stacked_step(
        &self,
        next: &mut Position,
        s: Side,
        step: Step,
        rec: &mut impl Recorder,
        max_hops: u8,
    ) -> Landed {
        self.apply_step_as::<true>(next, s, step, rec, max_hops)
    }

    /// [`Engine::apply_step`], where pieces stack (`STACKS`) or never do.
    #[inline(always)]
    fn apply_step_as<const STACKS: bool>(
        &self,
        next: &mut Position,
        s: Side,
        step: Step,
        rec: &mut impl Recorder,
        max_hops: u8,
    ) -> Landed {
        let r = &self.rules;
        let m = &self.masks[s];
        let e = s.other();
        let mut report = StepReport {
            step,
            looped: m.looped,
            ..StepReport::default()
        };
        let (from, to) = (step.packed_from(), step.packed_to());
        if STACKS && self.unstacks && from == to {
            // A piece taken off its start stack, or put back on: it stays where it is.
            report.unstack = if next.restacking(s) { 2 } else { 1 };
            self.unstack_step(next, s, from);
            report.landed_square = m.square_number(to);
            report.rest = to;
            rec.step(report);
            return Landed::only(to);
        }
        if from == 0 {
            next.waiting[s] -= 1;
            // The last of a side's pieces entering again: its start is rebuilt, and it wins.
            if STACKS && self.rules.enter_again && next.waiting[s] == 0 {
                next.latches |= super::position::lost_latch(e);
            }
        } else {
            self.lift_as::<STACKS>(next, s, from);
            if self.locks {
                self.now_moved(next, s, from);
            }
            if STACKS && self.pins {
                self.release(next, s, from);
            }
        }
        if to == OFF {
            next.off[s] += 1;
            // The last piece borne off: they all wait to enter again.
            if STACKS && self.rules.enter_again && next.on[s] == 0 && next.waiting[s] == 0 {
                next.waiting[s] = next.off[s];
                next.off[s] = 0;
            }
            report.rest = OFF;
            rec.step(report);
            return Landed::only(OFF);
        }
        report.landed_square = m.square_number(to);
        if STACKS && to == self.zone_until {
            next.latches |= super::position::reached_latch(s);
        }
        let mut captured = 0;
        if STACKS && self.pins && next.squares[e] & m.square_bit[usize::from(to - 1)] != 0 {
            // Pinned, not taken: the enemy pieces stay, held (where the side holds them
            // already, they stay so).
            if next.on[s] & bit(to) == 0 {
                let ep = self.masks[e].pos_of_square[m.square_index(to)];
                next.held[e] |= bit(ep);
                report.pinned = true;
            }
        } else if next.squares[e] & m.square_bit[usize::from(to - 1)] != 0 {
            let sent = self.capture_on_as::<STACKS>(next, s, from, to);
            report.capture(report.landed_square, sent);
            captured |= bit(to);
            // Where pieces stack, every enemy piece there is captured (fewer than close it).
            if STACKS {
                self.capture_rest(next, s, (from, to), &mut report);
            }
        }
        // Square effects, followed while they lead on to a square not yet visited on the way:
        // the checker rules out loops of effects, and a fallback that moves the piece on to a
        // square it came through stops it there.
        // Landing on a square that throws again counts, and so does being sent onto one.
        let mut at = to;
        let mut touched = bit(to);
        if m.effect & bit(at) != 0 && max_hops > 0 {
            if (m.to_waiting | m.to_removed) & bit(at) != 0 {
                // Back to waiting, to enter again, or out of the game.
                return self.out_of_play(next, s, to, report, rec);
            }
            let side = &r.sides[s];
            while let Some(d) = side.effects[m.square_index(at)] {
                if report.hops >= max_hops {
                    break;
                }
                let onto = match self.resolve(next, s, d, 0) {
                    None if side.effect_captures(at) => self.line_capture(next, s, at, d),
                    found => found,
                };
                match onto {
                    Some(p) if touched & bit(p) == 0 => {
                        if next.squares[e] & m.square_bit[usize::from(p - 1)] != 0 {
                            let sent = self.capture_on_as::<STACKS>(next, s, at, p);
                            report.capture(m.square_number(p), sent);
                            captured |= bit(p);
                        }
                        touched |= bit(p);
                        let stops = side.effect_stops(at);
                        at = p;
                        report.hops += 1;
                        if stops {
                            break;
                        }
                    }
                    _ => break,
                }
            }
        }
        self.place_as::<STACKS>(next, s, at);
        report.rest = at;
        report.extra_throw = m.extra & touched != 0 || m.capture_extra & captured != 0;
        rec.step(report);
        Landed {
            rest: at,
            extra: report.extra_throw,
            touched,
            captured,
        }
    }

    /// Frees the enemy piece side `s` held on its position `from` once no piece of `s` is left
    /// there (`capture pin`).
    #[cold]
    fn release(&self, next: &mut Position, s: Side, from: u8) {
        if next.on[s] & bit(from) != 0 {
            return;
        }
        let e = s.other();
        let ep = self.masks[e].pos_of_square[self.masks[s].square_index(from)];
        if ep > 0 {
            next.held[e] &= !bit(ep);
        }
    }

    /// Captures the enemy pieces left on the square of side `s`'s position `to` after the first,
    /// where pieces stack.
    #[cold]
    fn capture_rest(
        &self,
        next: &mut Position,
        s: Side,
        (from, to): (u8, u8),
        report: &mut StepReport,
    ) {
        let m = &self.masks[s];
        while next.squares[s.other()] & m.square_bit[usize::from(to - 1)] != 0 {
            let sent = self.capture_on_as::<true>(next, s, from, to);
            report.capture(report.landed_square, sent);
        }
    }

    /// Captures the enemy piece on the square of side `s`'s position `t`, which a piece of `s`
    /// coming from its position `from` (0: entering) is about to stand on, sending it where the
    /// capture rules say; where it went (packed, as a place along its own path).
    fn capture_on_as<const STACKS: bool>(
        &self,
        next: &mut Position,
        s: Side,
        from: u8,
        t: u8,
    ) -> u8 {
        let r = &self.rules;
        let m = &self.masks[s];
        let e = s.other();
        let sq_bit = m.square_bit[usize::from(t - 1)];
        let sq = m.square_index(t);
        let ep = if self.masks[e].twins {
            self.occupied_visit(next, e, sq_bit)
        } else {
            self.masks[e].pos_of_square[sq]
        };
        self.lift_as::<STACKS>(next, e, ep);
        if self.locks {
            self.now_moved(next, e, ep);
        }
        let capture = r.captured_at[sq].unwrap_or(r.capture);
        let back_to = match capture {
            Capture::Swap if from > 0 => {
                let from_sq = m.square_index(from);
                Some(self.masks[e].pos_of_square[from_sq]).filter(|&p| p > 0)
            }
            // The capturing piece is about to stand on its landing square.
            Capture::To(d) => self.resolve(next, e, d, sq_bit),
            // Back to the first of its own positions, in order, where the capturer's side has no
            // piece (nor is landing); where it holds them all, the piece waits.
            Capture::ToPosition(first, last) => {
                let (a, b) = (first.get(), last.get());
                let free = |p: u8| {
                    let back = self.masks[e].square_bit[usize::from(p - 1)];
                    back != sq_bit && next.squares[s] & back == 0
                };
                if a <= b {
                    (a..=b).find(|&p| free(p))
                } else {
                    (b..=a).rev().find(|&p| free(p))
                }
            }
            _ => None,
        };
        match (back_to, capture) {
            (Some(p), _) => {
                self.place_as::<STACKS>(next, e, p);
                p
            }
            (None, Capture::Removed) => {
                next.removed[e] += 1;
                Place::Removed.pack()
            }
            (None, Capture::ToPosition(..)) if r.lose_no_way_back => {
                // Its side loses at once; the piece waits, as it would.
                next.latches |= super::position::lost_latch(e);
                next.waiting[e] += 1;
                Place::Waiting.pack()
            }
            (None, _) => {
                next.waiting[e] += 1;
                Place::Waiting.pack()
            }
        }
    }

    /// Where a square effect that captures (`capturing`) sends a piece of side `s` from its
    /// position `at`, when its square `d` (it has no fallback) is taken: onto the enemy piece
    /// there, if a move that ends there could capture it (it is not safe nor protected, and has
    /// somewhere to go). The piece is off the board while effects send it on.
    #[cold]
    fn line_capture(&self, next: &Position, s: Side, at: u8, d: Destination) -> Option<u8> {
        let p = self.masks[s].pos_of_square[d.square.index()];
        (p != 0 && self.can_land(next, s, at, p)).then_some(p)
    }

    /// The position of side `s`'s piece on the square `sq_bit`, where its path visits the square
    /// twice (the visit the piece is at).
    #[cold]
    pub(super) fn occupied_visit(&self, pos: &Position, s: Side, sq_bit: u64) -> u8 {
        let square = Square::lowest(sq_bit).expect("a square");
        let visits = self.rules.sides[s].positions_of(square) & pos.on[s];
        super::generate::lowest(visits)
    }

    /// The end of a step whose piece goes back to waiting, or out of the game, from `to`, where
    /// it landed.
    #[cold]
    fn out_of_play(
        &self,
        next: &mut Position,
        s: Side,
        to: u8,
        mut report: StepReport,
        rec: &mut impl Recorder,
    ) -> Landed {
        let m = &self.masks[s];
        if m.to_removed & bit(to) != 0 {
            next.removed[s] += 1;
            report.rest = Place::Removed.pack();
        } else {
            next.waiting[s] += 1;
            report.rest = Place::Waiting.pack();
        }
        report.hops = 1;
        let captured = if report.captures != 0 { bit(to) } else { 0 };
        report.extra_throw = m.capture_extra & captured != 0;
        rec.step(report);
        Landed {
            rest: report.rest,
            extra: report.extra_throw,
            touched: bit(to),
            captured,
        }
    }

    /// The piece of side `s` that was at position `p` has moved (or was captured): if it had not
    /// moved before, it no longer waits for a throw its first move needs.
    #[cold]
    fn now_moved(&self, next: &mut Position, s: Side, p: u8) {
        if let Some(k) = self.rules.start_slots(s).position(|q| q.get() == p) {
            next.unmoved[s] &= !(1 << k);
        }
    }

    /// Where pieces stack: takes one of side `s`'s pieces off a stack at position `p`, if more
    /// than one stands there (only the form of a step for rules that stack calls it).
    #[inline(always)]
    fn off_stack(next: &mut Position, s: Side, p: u8) -> bool {
        let i = usize::from(p - 1);
        let stacked = next.more_at(s, i) > 0;
        if stacked {
            next.shift_more(s, i, false);
        }
        stacked
    }

    /// Where pieces stack: puts a piece of side `s` on its own piece at position `p`, if one
    /// stands there.
    #[inline(always)]
    fn onto_stack(next: &mut Position, s: Side, p: u8) -> bool {
        let stacked = next.on[s] & bit(p) != 0;
        if stacked {
            next.shift_more(s, usize::from(p - 1), true);
        }
        stacked
    }

    /// Takes the piece of side `s` at position `p` off its square.
    #[inline(always)]
    pub(super) fn lift(&self, next: &mut Position, s: Side, p: u8) {
        if self.stacks {
            self.lift_stacked(next, s, p);
        } else {
            self.lift_as::<false>(next, s, p);
        }
    }

    /// [`Engine::lift`] where pieces stack, out of the path of the rules that never do.
    #[inline(never)]
    fn lift_stacked(&self, next: &mut Position, s: Side, p: u8) {
        self.lift_as::<true>(next, s, p);
    }

    /// [`Engine::lift`], where pieces stack (`STACKS`) or never do.
    #[inline(always)]
    fn lift_as<const STACKS: bool>(&self, next: &mut Position, s: Side, p: u8) {
        if STACKS && Self::off_stack(next, s, p) {
            return;
        }
        let m = &self.masks[s];
        let i = usize::from(p - 1);
        next.on[s] &= !bit(p);
        next.squares[s] &= !m.square_bit[i];
        next.cross[s.other()] &= !m.cross_bit[i];
    }

    /// Puts a piece of side `s` at position `p`, where pieces stack (`STACKS`) or never do.
    #[inline(always)]
    fn place_as<const STACKS: bool>(&self, next: &mut Position, s: Side, p: u8) {
        if STACKS && Self::onto_stack(next, s, p) {
            return;
        }
        let m = &self.masks[s];
        let i = usize::from(p - 1);
        next.on[s] |= bit(p);
        next.squares[s] |= m.square_bit[i];
        next.cross[s.other()] |= m.cross_bit[i];
    }

    /// The position after the side to move plays `mv` with throw `throw`, and what the move did.
    pub fn apply(&self, pos: &Position, mv: &Move, throw: Throw) -> (Position, Report) {
        let mut report = Report {
            retreat: mv.is_retreat(),
            stays: mv.stays(),
            declines_throw: mv.declines_throw(),
            chose_end: mv.ends_turn(),
            ..Report::default()
        };
        let next = self.apply_with(pos, mv, throw, &mut report);
        (next, report)
    }

    /// The position after the side to move plays `mv` with throw `throw`: [`Engine::apply`]
    /// without the report, for searches.
    #[inline]
    pub fn successor(&self, pos: &Position, mv: &Move, throw: Throw) -> Position {
        self.apply_with(pos, mv, throw, &mut NoRecord)
    }

    /// Applies a move, telling `rec` what each step did and what the move was for the turn.
    #[inline(always)]
    pub(super) fn apply_with<R: Recorder>(
        &self,
        pos: &Position,
        mv: &Move,
        throw: Throw,
        rec: &mut R,
    ) -> Position {
        let mut next = *pos;
        // A move of a turn that plays each throw whole carries its throw (a game passes it).
        let throw = mv.plays().unwrap_or(throw);
        self.play_in_place(&mut next, mv, throw, rec);
        next
    }

    /// Plays a move on `pos` itself (a game's position: no copy of it is made, and none is read
    /// back wider than it was written).
    #[inline(always)]
    pub(super) fn play_in_place<R: Recorder>(
        &self,
        next: &mut Position,
        mv: &Move,
        throw: Throw,
        rec: &mut R,
    ) {
        let r = &self.rules;
        let s = next.to_move;
        // A side's first double, where it is played once, is a throw code of its own (no extra
        // turn comes with it).
        let throw = if self.first_doubles {
            self.throw_double(next, throw)
        } else {
            throw
        };
        // The dice this move leaves unused pass to the other side, unless they were passed.
        let unused = if self.passes && next.passed == 0 {
            self.unused_code(next, mv, throw)
        } else {
            0
        };
        let (mut extra_square, mut extra_squares) = (false, 0u8);
        let (mut touched, mut captured) = (0, 0);
        // The places a die of this throw may take a piece on, where leaving it loses.
        let untaken = if r.lose_untaken {
            self.takeable(next, s, throw)
        } else {
            0
        };
        // Only a single step lands where an effect may be declined (no split has such squares).
        let max_hops = mv.max_hops();
        for &step in mv.steps() {
            // A take moves no piece (`dice take lone pieces on their number`).
            let landed = if step.packed_from() == TAKES {
                self.take(next, s, step, rec)
            } else {
                self.apply_step(next, s, step, rec, max_hops)
            };
            extra_square |= landed.extra;
            extra_squares += u8::from(landed.extra);
            touched |= landed.touched;
            captured |= landed.captured;
        }
        // The other side's pieces move only when taken: one still there was left.
        if untaken != 0 && next.on[s.other()] & untaken != 0 {
            next.latches |= super::position::lost_latch(s);
        }
        // A turn that adds its throws up before splitting them gives no extra throw by value.
        let extra_after = (r.extra_after & throw.mask_bit() != 0
            || r.extra_codes & throw.code_bit() != 0)
            && !(r.split && r.throw_again != 0);
        let mut phase = self.moving;
        let mut event = if extra_square || extra_after {
            Event::MovedExtraThrow
        } else {
            Event::Moved
        };
        let mut ended = false;
        if self.after_hook {
            let granted;
            (event, ended, granted) = self.after_move(next, mv, event, throw, (touched, captured));
            if ended {
                rec.ends_turn();
            }
            if self.adds_up {
                let earned = extra_squares + u8::from(extra_after) + granted;
                event = Self::owe_throws(next, event, ended, earned);
            }
        }
        // Any move begins a side, and makes its opening move no longer due.
        if next.flags & side_flags(s) != 0 {
            let opening = next.opening_due(s);
            next.flags &= !side_flags(s);
            if opening && let Some(Opening::FrontPieceMoves { throw_again, .. }) = r.opening[s] {
                phase = Phase::Opening;
                // A rule that ends the turn wins over the opening's throw again too.
                event = if throw_again && !ended {
                    Event::OpeningMovedThrowAgain
                } else {
                    Event::Moved
                };
            }
        }
        if self.runs {
            event = self.run_on(next, mv, throw, event);
        }
        rec.event(event);
        next.to_move = self.next_side(phase, event, s);
        if self.passes {
            // A move that ends the game (a side has lost, or made its pattern) passes nothing.
            let ended = next.latches & super::position::LOST_LATCHES != 0
                || (r.pattern_win.is_some() && self.won_by_pattern(next, s));
            next.passed = if next.to_move == s || ended {
                0
            } else {
                unused
            };
        }
        if self.adds_up && next.to_move != s {
            next.owed = 0;
        }
        if self.one_way {
            self.track_way(next, mv, s);
        }
    }

    /// Where a double's dice are listed: after `mv` played the run `throw` whole, the side plays
    /// the double's next run, if any, instead of a throw (an extra throw's event); else its
    /// double is over.
    #[cold]
    fn run_on(&self, next: &mut Position, mv: &Move, throw: Throw, event: Event) -> Event {
        let Some(t) = &self.rules.stacked else {
            return event;
        };
        let k = usize::from(throw.get());
        let whole = t.pools.get(k).is_some_and(|p| p.len() == mv.steps().len());
        match t.next_run.get(k) {
            Some(&run) if run != 0 && whole => {
                next.passed = run;
                Event::MovedExtraThrow
            }
            _ => {
                next.passed = 0;
                event
            }
        }
    }

    /// Side `s`, which has just made `mv`, goes on with its turn (it has throws left to play):
    /// it moves next, and the turn keeps the way `mv` went.
    pub(super) fn continue_turn(&self, pos: &mut Position, mv: &Move, s: Side) {
        pos.to_move = s;
        if self.one_way {
            self.track_way(pos, mv, s);
        }
    }

    /// Where the moves of a turn go one way: the way side `s`, which has just made `mv`, has
    /// moved in its turn; nothing once the turn has passed to the other side. A retreat (neither
    /// forward nor backward) and a move with no step leave it as it was.
    #[cold]
    fn track_way(&self, next: &mut Position, mv: &Move, s: Side) {
        if next.to_move != s {
            next.turn_way = 0;
            return;
        }
        if mv.is_retreat() || mv.steps().is_empty() {
            return;
        }
        let backward = mv.steps().iter().any(|st| {
            let (from, to) = (st.packed_from(), st.packed_to());
            from != 0 && from != TAKES && to != OFF && to < from
        });
        let way = if backward {
            Way::Backward
        } else {
            Way::Forward
        };
        next.turn_way = way.bits();
    }

    /// The position after the side to move passes with throw `throw`.
    pub fn pass(&self, pos: &Position, throw: Throw) -> Position {
        let mut next = *pos;
        self.pass_in_place(&mut next, throw);
        next
    }

    /// The side to move passes on `pos` itself; the event for the turn machine.
    #[inline]
    pub(super) fn pass_in_place(&self, pos: &mut Position, throw: Throw) -> Event {
        if self.rules.lose_stuck {
            self.lose_stuck(pos);
        }
        let throw = if self.first_doubles {
            self.throw_double(pos, throw)
        } else {
            throw
        };
        if self.runs {
            // A run of a double that cannot be played ends it.
            pos.passed = 0;
        }
        if self.one_way {
            return self.pass_one_way(pos, throw);
        }
        if self.adds_up {
            return self.pass_owing(pos, throw);
        }
        if self.passes {
            return self.pass_passing(pos, throw);
        }
        self.pass_event(pos, throw)
    }

    /// A take (`dice take lone pieces on their number`): the other side's lone piece where
    /// `step` takes it waits to enter again; no piece of side `s` moves.
    #[cold]
    pub(super) fn take(
        &self,
        next: &mut Position,
        s: Side,
        step: Step,
        rec: &mut impl Recorder,
    ) -> Landed {
        let mut report = StepReport {
            step,
            looped: self.masks[s].looped,
            ..StepReport::default()
        };
        let p = step.packed_to();
        let e = s.other();
        self.lift_as::<true>(next, e, p);
        next.waiting[e] += 1;
        report.capture(self.masks[e].square_number(p), Place::Waiting.pack());
        rec.step(report);
        Landed::only(TAKES)
    }

    /// `lose when a piece that can be taken is left`: the positions of the other side where
    /// one of its pieces stands alone and a die of `throw` shows the number, so that a move of
    /// side `s` that leaves a piece there loses.
    #[cold]
    fn takeable(&self, pos: &Position, s: Side, throw: Throw) -> u64 {
        let Some(pool) = self
            .rules
            .stacked
            .as_ref()
            .and_then(|t| t.pools.get(usize::from(throw.get())))
        else {
            return 0;
        };
        let e = s.other();
        let len = self.masks[e].len;
        pool.iter()
            .filter(|&&d| {
                (1..=len).contains(&d)
                    && pos.on[e] & bit(d) != 0
                    && pos.more_at(e, usize::from(d - 1)) == 0
            })
            .fold(0, |m, &d| m | bit(d))
    }

    /// Where a side that cannot move loses: the side to move, passing, loses, unless the pass
    /// is a lost turn (no throw), or the dice are not a throw of its own (dice passed to it, the
    /// rest of a double's list).
    #[cold]
    fn lose_stuck(&self, pos: &mut Position) {
        let s = pos.to_move;
        if !pos.loses_turn(s) && pos.passed == 0 {
            pos.latches |= super::position::lost_latch(s);
        }
    }

    /// [`Engine::pass_in_place`] where unused dice pass to the other side: a side that can use
    /// none of its throw passes it whole, and a side that can use none of the dice passed to it
    /// loses them.
    #[cold]
    fn pass_passing(&self, pos: &mut Position, throw: Throw) -> Event {
        let s = pos.to_move;
        let whole = if pos.passed == 0 {
            u8::try_from(throw.get()).unwrap_or(0)
        } else {
            0
        };
        let event = self.pass_event(pos, throw);
        pos.passed = if pos.to_move == s { 0 } else { whole };
        event
    }

    /// Where unused dice pass to the other side: the code of the dice of `throw` that `mv`
    /// leaves unused from `pos` (0: none), as the turn's sequences of steps say which dice each
    /// step played (out of the hot path: only rules that pass dice call it).
    #[cold]
    #[inline(never)]
    fn unused_code(&self, pos: &Position, mv: &Move, throw: Throw) -> u8 {
        let Some(t) = &self.rules.stacked else {
            return 0;
        };
        let Some(pool) = t.pools.get(usize::from(throw.get())) else {
            return 0;
        };
        let mut left = pool.clone();
        // Equal dice played apart: each step plays one of them, whichever it is (listing every
        // order of a double taken as many pieces as it adds up to would take millions).
        if !t.combined && pool.windows(2).all(|w| w[0] == w[1]) {
            left.truncate(pool.len().saturating_sub(mv.steps().len()));
        } else if !mv.steps().is_empty() {
            // Unequal dice (two or three) have few orders: never past the most listed.
            let sequences = self
                .dice_sequences(pos, pool, crate::compile::PoolForm::ANY)
                .unwrap_or_default();
            let Some((_, dice)) = sequences.iter().find(|(m, _)| m == mv) else {
                return 0;
            };
            for d in dice.iter().flatten() {
                if let Some(i) = left.iter().position(|x| x == d) {
                    left.remove(i);
                }
            }
        }
        t.code_of(&left).unwrap_or(0)
    }

    /// [`Engine::pass_in_place`] where extra throws add up: a turn that passes to the other side
    /// owes nothing more.
    #[cold]
    fn pass_owing(&self, pos: &mut Position, throw: Throw) -> Event {
        let s = pos.to_move;
        let event = self.pass_event(pos, throw);
        if pos.to_move != s {
            pos.owed = 0;
        }
        event
    }

    /// [`Engine::pass_in_place`] where the moves of a turn go one way: a turn that passes to
    /// the other side has moved no way for it.
    #[cold]
    fn pass_one_way(&self, pos: &mut Position, throw: Throw) -> Event {
        let s = pos.to_move;
        let event = self.pass_event(pos, throw);
        if pos.to_move != s {
            pos.turn_way = 0;
        }
        event
    }

    /// [`Engine::pass_in_place`] but for the way of the turn.
    #[inline(always)]
    fn pass_event(&self, pos: &mut Position, throw: Throw) -> Event {
        // A throw that begins begins the side even when it has no move.
        let s = pos.to_move;
        if pos.flags & (lose_turn_flag(s) | moves_next_flag(s)) != 0
            && let Some(event) = self.pass_with_duty(pos, s)
        {
            return event;
        }
        if !pos.begun(s) && self.rules.begin & throw.mask_bit() != 0 {
            pos.flags &= !not_begun_flag(s);
        }
        let by_value = self.rules.extra_after_pass & throw.mask_bit() != 0
            || self.rules.extra_codes & throw.code_bit() != 0;
        let event = if by_value || pos.owed > 0 {
            // Where extra throws add up, a pass uses one that is owed.
            if !by_value {
                pos.owed -= 1;
            }
            Event::PassedExtraThrow
        } else {
            Event::Passed
        };
        pos.to_move = self.next_side(self.moving, event, pos.to_move);
        event
    }

    /// Side `s` passes while it loses its turn (the pass is that turn: its event), or while its
    /// piece must move next and cannot (where the rules say so, that piece goes back to
    /// waiting; the pass then goes on as any pass).
    #[cold]
    fn pass_with_duty(&self, pos: &mut Position, s: Side) -> Option<Event> {
        if pos.loses_turn(s) {
            pos.flags &= !lose_turn_flag(s);
            pos.to_move = self.next_side(self.moving, Event::Passed, s);
            return Some(Event::Passed);
        }
        let at = self.moves_next_at[s];
        if self.rules.moves_next.is_some_and(|m| m.or_waiting)
            && at != 0
            && pos.on[s] & bit(at) != 0
        {
            self.lift(pos, s, at);
            pos.waiting[s] += 1;
            pos.flags &= !moves_next_flag(s);
        }
        None
    }

    /// What a retreat, an entry or an event rule about the turn leaves behind (a lost turn, a
    /// piece that must move next, an extra throw, an ended turn), and the end of the duty to move
    /// a piece once it has left its square by any move: the move's event, and whether the move
    /// ended its side's turn at once. `(touched, captured)`: the positions the move landed on or
    /// was sent onto, and where it captured.
    #[cold]
    fn after_move(
        &self,
        pos: &mut Position,
        mv: &Move,
        event: Event,
        throw: Throw,
        (touched, captured): (u64, u64),
    ) -> (Event, bool, u8) {
        let r = &self.rules;
        let s = pos.to_move;
        let mut event = event;
        // The extra throws the rules about the turn give (each its own, where they add up).
        let mut granted = 0u8;
        let must = r.moves_next;
        // Ending the turn takes nothing else away: a retreat that ends it still loses the next
        // turn, leaves its duty as any move does, and sets off the rules about the turn.
        let mut ends_turn = false;
        if let Some(t) = r.retreat
            && mv.is_retreat()
        {
            if t.lose_turn {
                pos.flags |= lose_turn_flag(s);
            }
            if must.is_some_and(|m| m.after_retreat) {
                pos.flags |= moves_next_flag(s);
            }
            ends_turn = t.end_turn.is_some_and(|f| f.happens(mv.ends_turn()));
        }
        let entered = mv.steps().iter().any(|st| st.packed_from() == 0);
        if entered {
            if r.entering_throw_again {
                event = Event::MovedExtraThrow;
                granted += 1;
            }
            if must.is_some_and(|m| m.after_entering) {
                pos.flags |= moves_next_flag(s);
            }
        }
        for x in Side::BOTH {
            let at = self.moves_next_at[x];
            if pos.moves_next(x) && (at == 0 || pos.on[x] & bit(at) == 0) {
                pos.flags &= !moves_next_flag(x);
            }
        }
        for t in &r.turn_rules {
            let fired = match t.trigger {
                TurnTrigger::Landing(p) => touched & p[s] != 0,
                TurnTrigger::Capture(p) => captured & p[s] != 0,
                TurnTrigger::Move(v) => v & throw.mask_bit() != 0,
                TurnTrigger::Entering => entered,
            };
            let holds = |c: PieceCondition| c.holds(s, &pos.squares, entered);
            if !fired || !t.condition.is_none_or(holds) {
                continue;
            }
            if t.throw_again
                .is_some_and(|f| f.happens(!mv.declines_throw()))
            {
                event = Event::MovedExtraThrow;
                granted = granted.saturating_add(1);
            }
            if t.lose_turn {
                pos.flags |= lose_turn_flag(s);
            }
            ends_turn |= t.end_turn.is_some_and(|f| f.happens(mv.ends_turn()));
        }
        if ends_turn {
            event = Event::Moved;
        }
        (event, ends_turn, granted)
    }

    /// Where extra throws add up: the event of a move of a side that earned `earned` extra
    /// throws, and what it still owes it after the next throw. A side owed throws throws again
    /// whatever its move earned; a turn that ended owes nothing.
    #[cold]
    fn owe_throws(pos: &mut Position, event: Event, ended: bool, earned: u8) -> Event {
        if ended {
            pos.owed = 0;
            return event;
        }
        match pos.owed.saturating_add(earned) {
            0 => event,
            owed => {
                pos.owed = owed - 1;
                Event::MovedExtraThrow
            }
        }
    }

    /// Who throws after `event` in `phase`: the turn machine, the one source of it, has a
    /// transition for every event a move or a pass can be.
    #[inline]
    fn next_side(&self, phase: Phase, event: Event, s: Side) -> Side {
        match self.rules.machine.next(phase, event) {
            Some((_, Next::Same)) => s,
            Some((_, Next::Other)) => s.other(),
            None => unreachable!("the turn machine has no {event:?} from {phase:?}"),
        }
    }
}

impl super::SideMasks {
    /// The square index of position `p`.
    #[inline(always)]
    pub(super) fn square_index(&self, p: u8) -> usize {
        self.square_bit[usize::from(p - 1)].trailing_zeros() as usize
    }

    /// The number of the square at position `p` (a square's index is below 64: its number fits
    /// a byte).
    fn square_number(&self, p: u8) -> u8 {
        u8::try_from(self.square_bit[usize::from(p - 1)].trailing_zeros() + 1).unwrap_or(0)
    }
}
