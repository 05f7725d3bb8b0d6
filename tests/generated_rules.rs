//! Generated rule files: random rule texts within the language's limits, checked, played in
//! process and run through the commands.
//!
//! The bundled rule sets use a small corner of the language. Here a generator
//! (`tests/common/generator.rs`) writes whole rule files from random parts, every statement form
//! of docs/language.md among them, valid by construction: the checker must accept each, with
//! every value of its options (a refusal fails the test with the text and the diagnostics).
//! `the_generator_covers_the_language` holds the list of forms and whole-file shapes it must
//! reach.
//!
//! Each file is played in process for a few short games with seeded throws, choices made by
//! random indices and by the agents, and its moves are asked for in random positions too (with
//! lost turns, pieces that must move next, pieces not yet moved). The test build panics on
//! integer overflow, out-of-range shifts and out-of-bounds indexing, so this catches wraps on
//! rule sets the bundled files never reach. Besides, after every step:
//! - pieces are conserved per side, no two pieces share a square, the `on` and `squares` views
//!   agree, and the position comes back from its `Setup` and from its JSON (with the throw);
//! - a game that goes on has no outcome yet, and a game that ended has the position's.
//!
//! At every choice, for every legal move: the list is not empty and has no duplicates; `apply` and
//! `successor` agree; the report tells exactly the move's steps; a move has at most `pieces`
//! steps, each piece moving once, each step legal where it is made (no stop square, blockade or
//! own piece of `no passing on` passed, no landing on a piece it may not capture, exits and
//! entries as the rules say, retreats to their square, falls into a trap's destination), nothing
//! landing past the end of its path (or its part) except by bearing off; every form a player may
//! decline (an extra throw, the end of the turn, a line, going back to waiting) has its twin that
//! does not, and the two lead to different turns; the same side throws next exactly when the
//! report says so. A single throw is used exactly by the one step of a move (round a loop, any
//! distance that ends there), and the moves for a single throw are those the language reference
//! describes, rebuilt here position by position ([`Model`]): loops, paths in parts and paths that
//! come back to a square (judged by square where the reference says a square is meant: a piece
//! is safe, or blocks its own side's passing, at the visit it stands at), openings, lost turns,
//! `begin with`, first-move throws, pieces held back, waiting for the square ahead or for their
//! side, backward moves per side or per piece, directions, priority, traps and retreats. For split
//! turns the steps use at most the total, every move of one choice the same amount, each step
//! moves a piece that may move before the move, the piece that must move next takes part, and
//! the legal moves are also asked for with totals of 64, 200, 250 and 1000.
//!
//! The command-level run (`generated_rule_files_run_under_every_command`, ignored: CI runs it
//! optimised) starts the binary on generated files under a memory limit and a timeout.

use crate::common;
use crate::common::generator;

use std::collections::HashSet;

use common::{check_json, check_position, random_position};
use generator::{RuleFile, command_rule_file, rule_file, small_rule_file};

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestCaseError, TestRng, TestRunner};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use senet::check::{RuleSet, check_text};
use senet::compile::{BearCondition, PieceCondition, PosFlags, compile};
use senet::engine::game::{Action, Game, GameEvent, Player, random_throw};
use senet::engine::{Engine, Listing, Move, Position, Step, Way};
use senet::lang::Code;
use senet::notation::position::{position_json, throw_possible};
use senet::types::limits::MAX_STEPS;
use senet::types::{Capture, EnterOnto, Fallback, Opening, PathPos, Place, Side, Square, Throw};

/// Games per generated file, and their caps: short games keep the test fast, and a game may end
/// unfinished. The step cap also stops a side that throws again forever.
const GAMES: u64 = 3;
const TURN_CAP: u32 = 300;
const STEP_CAP: usize = 3_000;

/// The turn cap of split-turn rule sets, whose every turn searches the ways to share a total.
const SPLIT_TURN_CAP: u32 = 60;

/// Random positions per file, reachable or not, whose moves are checked like those of play.
const RANDOM_POSITIONS: usize = 8;

/// Totals asked for directly on split-turn rule sets: past 64 positions, past 191 and 255 (the
/// top of a byte), and far past everything.
const LARGE_TOTALS: [u16; 4] = [64, 200, 250, 1000];

// ---- the rules as the reference states them ---------------------------------------------------

/// The rules of docs/language.md, read from the compiled tables one position at a time: what the
/// test rebuilds moves and judges steps by, independently of the engine's bit sets. Positions
/// are 1-based, as the reference counts them.
struct Model<'a> {
    engine: &'a Engine,
}

impl Model<'_> {
    fn len(&self, s: Side) -> usize {
        self.engine.path_len(s)
    }

    fn square(&self, s: Side, p: usize) -> Square {
        self.engine.rules.sides[s].path[p - 1]
    }

    fn flags(&self, s: Side, p: usize) -> PosFlags {
        self.engine.rules.sides[s].flags[p - 1]
    }

    /// Whether a turn throws first and then plays each throw whole.
    fn plays_each(&self) -> bool {
        self.engine.rules.throw_again != 0 && !self.engine.rules.split
    }

    fn looped(&self, s: Side) -> bool {
        self.engine.rules.sides[s].looped
    }

    /// The position one step on from `p` along side `s`'s path: round a loop, "after its last
    /// square a piece goes on from its first" (docs/language.md, `path SIDE: loop`).
    fn next(&self, s: Side, p: usize) -> Option<usize> {
        if p < self.len(s) {
            Some(p + 1)
        } else {
            self.looped(s).then_some(1)
        }
    }

    /// The last position of the part of the path `p` lies in (the path's last where it is one
    /// part): "a piece moves on within its part and bears off one past the part's end"
    /// (docs/language.md, `path SIDE: ITEMS | ITEMS`).
    fn part_end(&self, s: Side, p: usize) -> usize {
        let ends = self.engine.rules.sides[s].segment_ends;
        (p..self.len(s))
            .find(|&q| ends & (1u64 << (q - 1)) != 0)
            .unwrap_or(self.len(s))
    }

    fn occupied(&self, pos: &Position, sq: Square) -> bool {
        (pos.squares(Side::First) | pos.squares(Side::Second)) & sq.bit() != 0
    }

    /// The position of side `e`'s piece on square `sq`, if one stands there: on a path that comes
    /// back to a square, whichever visit it stands at ("a piece landing on an enemy hits it at
    /// whichever visit of its own path the enemy stands", docs/language.md, `Board and paths`).
    fn piece_at(&self, pos: &Position, e: Side, sq: Square) -> Option<usize> {
        pos.positions(e)
            .map(|p| usize::from(p.get()))
            .find(|&p| self.square(e, p) == sq)
    }

    /// Whether no move of side `s` may pass position `p`: a stop square, a blockade of the other
    /// side (a run of its pieces on consecutive squares of this path), or a piece of its own
    /// standing on `p`'s square at a position of `no passing on` ("No piece passes over a piece
    /// of its own side standing on these squares": on a path that comes back to its squares, a
    /// piece passes over it at whichever visit it passes the square).
    fn barrier(&self, pos: &Position, s: Side, p: usize) -> Option<String> {
        let r = &self.engine.rules;
        let e = s.other();
        if self.flags(s, p).contains(PosFlags::STOP) {
            return Some(format!("passes the stop square {}", self.square(s, p)));
        }
        let held = (1..=self.len(s)).any(|q| {
            self.flags(s, q).contains(PosFlags::NO_PASSING)
                && self.square(s, q) == self.square(s, p)
                && pos.on(s) >> (q - 1) & 1 != 0
        });
        if held {
            return Some(format!(
                "passes its own piece on square {}, where no piece passes",
                self.square(s, p)
            ));
        }
        let n = usize::from(r.blockade);
        let enemy_at = |q: usize| pos.squares(e) & self.square(s, q).bit() != 0;
        let len = self.len(s);
        let run = n > 0
            && (p.saturating_sub(n - 1).max(1)..=p)
                .any(|first| first + n - 1 <= len && (first..first + n).all(enemy_at));
        run.then(|| format!("passes a blockade at position {p}"))
    }

    /// The positions strictly between `a` and `b` going forward (round a loop), or backward.
    fn passed(&self, s: Side, a: usize, b: usize, forward: bool) -> Vec<usize> {
        if !forward {
            return (b + 1..a).collect();
        }
        let mut out = Vec::new();
        let mut p = a;
        while let Some(q) = self.next(s, p).filter(|&q| q != b) {
            if out.len() > self.len(s) {
                break;
            }
            out.push(q);
            p = q;
        }
        out
    }

    fn passes(&self, pos: &Position, s: Side, list: &[usize]) -> Result<(), String> {
        match list.iter().find_map(|&p| self.barrier(pos, s, p)) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    /// Whether a piece of side `s` coming from `from` may end its move on its position `t`: not
    /// on its own piece; on an enemy piece only to capture it (not safe where it stands, not in a
    /// pair, a capture the rules make, with room where it is sent).
    fn can_land(&self, pos: &Position, s: Side, from: Place, t: usize) -> Result<(), String> {
        let r = &self.engine.rules;
        let e = s.other();
        let sq = self.square(s, t);
        if pos.squares(s) & sq.bit() != 0 {
            return Err(format!("lands on its own piece on square {sq}"));
        }
        let Some(q) = self.piece_at(pos, e, sq) else {
            return Ok(());
        };
        // Safety and pairs belong to the piece standing there, at its own side's position.
        let safe = self.flags(e, q).contains(PosFlags::SAFE);
        let neighbour = |n: Option<usize>| {
            n.filter(|&n| (1..=self.len(e)).contains(&n))
                .is_some_and(|n| pos.on(e) & (1u64 << (n - 1)) != 0)
        };
        let pair = neighbour(q.checked_sub(1)) || neighbour(Some(q + 1));
        let waived = pos.moves_next(s) && r.moves_next.is_some_and(|m| m.ignoring_pairs);
        if r.capture == Capture::None || safe || (r.protect_pairs && pair && !waived) {
            return Err(format!(
                "lands on an enemy piece it may not capture on {sq}"
            ));
        }
        // A captured piece sent to a square needs room there (or, with a fallback, on some square
        // after or before it along its own path); the square the capturer leaves is free, the
        // one it lands on is not.
        if let Capture::To(d) = r.captured_at(sq) {
            let origin = match from {
                Place::On(p) => Some(self.square(s, usize::from(p.get()))),
                _ => None,
            };
            let free = |x: Square| {
                x != sq && (Some(x) == origin || (pos.squares(s) | pos.squares(e)) & x.bit() == 0)
            };
            let path = &r.sides[e].path;
            let Some(x) = path.iter().position(|&x| x == d.square) else {
                return Err(format!("captures on {sq} to a square off the path"));
            };
            let room = match d.fallback {
                Fallback::None => free(path[x]),
                Fallback::FirstFreeAfter => path[x..].iter().any(|&x| free(x)),
                Fallback::FirstFreeBefore => path[..=x].iter().any(|&x| free(x)),
            };
            if !room {
                return Err(format!("captures on {sq} a piece that has nowhere to go"));
            }
        }
        Ok(())
    }

    /// Whether side `s` may bear off now (`bear off only when`).
    fn can_bear(&self, pos: &Position, s: Side) -> bool {
        let flags = |q: PathPos| self.flags(s, usize::from(q.get()));
        match self.engine.rules.bear_when {
            BearCondition::Always => true,
            BearCondition::Never => false,
            BearCondition::AllInZone => {
                pos.waiting(s) == 0
                    && pos
                        .positions(s)
                        .all(|q| flags(q).contains(PosFlags::BEAR_ZONE))
            }
            BearCondition::NoneInZone => !pos
                .positions(s)
                .any(|q| flags(q).contains(PosFlags::NO_BEAR_ZONE)),
        }
    }

    /// The first trap square (`on passing`) a forward move from `p` passes, and where it sends
    /// the piece: its position, or `None` if there is no room.
    fn trap(
        &self,
        pos: &Position,
        s: Side,
        p: usize,
        beyond: usize,
    ) -> Option<(usize, Option<usize>)> {
        let r = &self.engine.rules;
        let q = (p + 1..beyond.min(self.len(s) + 1))
            .find(|&q| r.passing(self.square(s, q)).is_some())?;
        let d = r.passing(self.square(s, q)).expect("a trap square");
        // The piece's own square counts as free.
        let own = self.square(s, p);
        let free = |x: usize| {
            let sq = self.square(s, x);
            sq == own || !self.occupied(pos, sq)
        };
        let x = r.sides[s].position(d.square).map(|x| usize::from(x.get()));
        let to = x.and_then(|x| match d.fallback {
            Fallback::None => free(x).then_some(x),
            Fallback::FirstFreeAfter => (x..=self.len(s)).find(|&y| free(y)),
            Fallback::FirstFreeBefore => (1..=x).rev().find(|&y| free(y)),
        });
        Some((q, to))
    }

    /// Where a forward move of side `s`'s piece at `p` by `d` ends, if it is legal.
    fn forward(&self, pos: &Position, s: Side, p: usize, d: usize) -> Option<Place> {
        let side = &self.engine.rules.sides[s];
        if d == 0 {
            return None;
        }
        let from = Place::On(PathPos::from_index(p - 1).expect("a position"));
        // A piece on a square of `only bear off from` "may not move on along the path": on a
        // loop, where no piece bears off, it stays.
        if self.looped(s) {
            if side.flags[p - 1].contains(PosFlags::ONLY_BEAR_OFF) {
                return None;
            }
            // Round the loop, never back onto its own square; a move of the loop's length or
            // more passes every position, its own too.
            let t = (p - 1 + d) % self.len(s) + 1;
            let passed: Vec<usize> = if d >= self.len(s) {
                (1..=self.len(s)).collect()
            } else {
                self.passed(s, p, t, true)
            };
            let ok = t != p
                && self.passes(pos, s, &passed).is_ok()
                && self.can_land(pos, s, from, t).is_ok();
            return ok.then(|| on(t));
        }
        let end = self.part_end(s, p);
        // A move that would pass a trap ends where the trap sends it: not over a barrier before
        // it, not from a square pieces only bear off from, and only to a free square.
        if let Some((q, to)) = self.trap(pos, s, p, p + d) {
            let ok = !side.flags[p - 1].contains(PosFlags::ONLY_BEAR_OFF)
                && self.passes(pos, s, &(p + 1..q).collect::<Vec<_>>()).is_ok();
            return to.filter(|_| ok).map(on);
        }
        if side.exit_throws[p - 1] & (1 << d.min(31)) != 0 && d <= 30 {
            let ok = self.can_bear(pos, s)
                && self
                    .passes(pos, s, &(p + 1..=end).collect::<Vec<_>>())
                    .is_ok();
            return ok.then_some(Place::Off);
        }
        if side.flags[p - 1].contains(PosFlags::ONLY_BEAR_OFF) || p + d > end {
            return None;
        }
        let t = p + d;
        let ok = self.passes(pos, s, &(p + 1..t).collect::<Vec<_>>()).is_ok()
            && self.can_land(pos, s, from, t).is_ok();
        ok.then(|| on(t))
    }

    /// Where a backward move of side `s`'s piece at `p` by `d` ends, if it is legal.
    fn backward(&self, pos: &Position, s: Side, p: usize, d: usize) -> Option<Place> {
        let r = &self.engine.rules;
        let flags = self.flags(s, p);
        if flags.contains(PosFlags::NO_BACKWARD) || flags.contains(PosFlags::ONLY_BEAR_OFF) {
            return None;
        }
        let t = p.checked_sub(d).filter(|&t| t > 0)?;
        let from = Place::On(PathPos::from_index(p - 1).expect("a position"));
        let ok = self.passes(pos, s, &(t + 1..p).collect::<Vec<_>>()).is_ok()
            && !(r.backward_onto_empty && self.occupied(pos, self.square(s, t)))
            && self.can_land(pos, s, from, t).is_ok();
        ok.then(|| on(t))
    }

    /// Where a waiting piece of side `s` enters with throw `d`, if it may.
    fn entry(&self, pos: &Position, s: Side, d: usize) -> Option<usize> {
        let enter = self.engine.rules.enter?;
        if pos.waiting(s) == 0 || !enter.allows(Throw::new(u16::try_from(d).ok()?)) || d == 0 {
            return None;
        }
        let t = match enter.onto {
            EnterOnto::Throw { after } => d + usize::from(after),
            EnterOnto::Position(p) => usize::from(p.get()),
        };
        if !(1..=self.len(s)).contains(&t) {
            return None;
        }
        if enter.if_empty && self.occupied(pos, self.square(s, t)) {
            return None;
        }
        let ok = self.passes(pos, s, &(1..t).collect::<Vec<_>>()).is_ok()
            && self.can_land(pos, s, Place::Waiting, t).is_ok();
        ok.then_some(t)
    }

    /// Which of side `s`'s pieces may move before a move with throw `d` (`None`: no single
    /// throw), and whether a piece may enter: the piece that must move next; the pieces a square
    /// or an `each move` rule holds to; pieces that wait for the square ahead, for their side, or
    /// for a first-move throw.
    fn allowed(&self, pos: &Position, s: Side, d: Option<usize>) -> (Vec<usize>, bool) {
        let r = &self.engine.rules;
        let mine: Vec<usize> = pos.positions(s).map(|p| usize::from(p.get())).collect();
        let must = r
            .moves_next
            .filter(|_| pos.moves_next(s))
            .map(|m| usize::from(m.at[s].get()))
            .filter(|p| mine.contains(p));
        let mut held: Option<Vec<usize>> = match must {
            Some(p) if !r.split => Some(vec![p]),
            _ => {
                let on_hold: Vec<usize> = mine
                    .iter()
                    .copied()
                    .filter(|&p| self.flags(s, p).contains(PosFlags::HOLD))
                    .collect();
                (!on_hold.is_empty()).then_some(on_hold)
            }
        };
        if must.is_none() || r.split {
            for h in &r.holds {
                let fires = h.condition.is_none_or(|c| match c {
                    PieceCondition::Pieces {
                        other,
                        has,
                        squares,
                    } => {
                        let whose = if other { s.other() } else { s };
                        (pos.squares(whose) & squares[whose] != 0) == has
                    }
                    PieceCondition::Entered(_) => panic!("a rule before each move on the piece"),
                });
                if fires {
                    let only = |p: &usize| h.only[s] & (1u64 << (p - 1)) != 0;
                    held = Some(
                        held.unwrap_or_else(|| mine.clone())
                            .into_iter()
                            .filter(only)
                            .collect(),
                    );
                }
            }
        }
        let may_enter = held.is_none();
        let apart = mine
            .iter()
            .any(|&p| !self.flags(s, p).contains(PosFlags::TOGETHER))
            || pos.waiting(s) > 0;
        let unmoved: Vec<usize> = pos
            .unmoved(&self.engine.rules, s)
            .map(|p| usize::from(p.get()))
            .collect();
        // Squares where a piece of either side stands that has not moved yet.
        let unmoved_squares: Vec<Square> = Side::BOTH
            .into_iter()
            .flat_map(|t| {
                pos.unmoved(&self.engine.rules, t)
                    .map(move |p| self.square(t, usize::from(p.get())))
            })
            .collect();
        // "Pieces which are in their starting spots may not move until after the piece
        // immediately in front of them has moved": the nearest piece ahead on the path.
        let behind_unmoved = |p: usize| {
            let mut q = p;
            while let Some(n) = self.next(s, q).filter(|&n| n != p) {
                q = n;
                let sq = self.square(s, q);
                if self.occupied(pos, sq) {
                    return unmoved_squares.contains(&sq);
                }
            }
            false
        };
        let locked = |p: usize| {
            unmoved.contains(&p)
                && (d.is_some_and(|d| r.first_move != 0 && r.first_move & (1 << d.min(31)) == 0)
                    || (r.first_after_ahead && behind_unmoved(p)))
        };
        let ahead_taken = |p: usize| {
            self.flags(s, p).contains(PosFlags::AHEAD_EMPTY)
                && self
                    .next(s, p)
                    .is_some_and(|q| self.occupied(pos, self.square(s, q)))
        };
        let pieces = held
            .unwrap_or(mine)
            .into_iter()
            .filter(|&p| !(apart && self.flags(s, p).contains(PosFlags::TOGETHER)))
            .filter(|&p| !ahead_taken(p) && !locked(p))
            .collect();
        (pieces, may_enter)
    }
}

/// The throws a move leaves its side in this turn: the next, if it throws again, and the ones it
/// is owed after it (where extra throws add up).
fn throws_to_come(next: &Position, report: &senet::engine::Report) -> u16 {
    u16::from(report.extra_throw()) + u16::from(next.throws_owed())
}

fn on(p: usize) -> Place {
    Place::On(PathPos::from_index(p - 1).expect("a path position"))
}

fn at(place: Place) -> Option<usize> {
    match place {
        Place::On(p) => Some(usize::from(p.get())),
        _ => None,
    }
}

/// Whether one step of side `s`, made in `before`, keeps the rules of passing and landing: see
/// [`Model`]. A retreat goes to the retreat square while it is empty; a move onto the square a
/// trap sends it to passed no barrier before the trap.
fn check_step(
    m: &Model,
    before: &Position,
    s: Side,
    step: Step,
    retreat: bool,
) -> Result<(), String> {
    let r = &m.engine.rules;
    let (from, to) = (step.from(), step.to());
    if retreat {
        let Some(t) = r.retreat else {
            return Err("a retreat without a retreat rule".into());
        };
        let ok = at(from).is_some_and(|p| m.flags(s, p).contains(PosFlags::RETREAT))
            && at(to) == r.sides[s].position(t.to).map(|q| usize::from(q.get()))
            && !m.occupied(before, t.to);
        return if ok {
            Ok(())
        } else {
            Err(format!("retreats from {from} to {to}"))
        };
    }
    match (from, to) {
        (Place::Waiting, Place::On(t)) => {
            let t = usize::from(t.get());
            let Some(enter) = r.enter else {
                return Err("enters without an enter rule".into());
            };
            if let EnterOnto::Position(p) = enter.onto
                && usize::from(p.get()) != t
            {
                return Err(format!("enters on {t}, not on {p}"));
            }
            if enter.if_empty && m.occupied(before, m.square(s, t)) {
                return Err(format!("enters on the taken square {}", m.square(s, t)));
            }
            m.passes(before, s, &(1..t).collect::<Vec<_>>())?;
            m.can_land(before, s, from, t)
        }
        (Place::On(p), Place::Off) => {
            let p = usize::from(p.get());
            if r.sides[s].exit_throws[p - 1] == 0 {
                return Err(format!("bears off from {p}, which is no exit"));
            }
            if !m.can_bear(before, s) {
                return Err("bears off while the rules forbid it".into());
            }
            m.passes(before, s, &(p + 1..=m.part_end(s, p)).collect::<Vec<_>>())
        }
        (Place::On(p), Place::On(t)) => {
            let (p, t) = (usize::from(p.get()), usize::from(t.get()));
            let forward = m.looped(s) || t > p;
            let normal = || -> Result<(), String> {
                if forward {
                    if m.flags(s, p).contains(PosFlags::ONLY_BEAR_OFF) {
                        return Err(format!("leaves position {p} other than by bearing off"));
                    }
                    if !m.looped(s) && t > m.part_end(s, p) {
                        return Err(format!("moves from {p} past the end of its part to {t}"));
                    }
                    m.passes(before, s, &m.passed(s, p, t, true))?;
                } else {
                    if !r.backward {
                        return Err("moves backwards".into());
                    }
                    if m.flags(s, p).contains(PosFlags::NO_BACKWARD) {
                        return Err(format!("moves backwards from {p}, where none may"));
                    }
                    m.passes(before, s, &m.passed(s, p, t, false))?;
                    if r.backward_onto_empty && m.occupied(before, m.square(s, t)) {
                        return Err("moves backwards onto a piece".into());
                    }
                }
                m.can_land(before, s, from, t)
            };
            normal().or_else(|why| {
                // A move that passed a trap and went where it sends the piece.
                match m.trap(before, s, p, usize::MAX) {
                    Some((_, Some(x))) if x == t => {
                        let trapped = m.forward(before, s, p, m.len(s) + 1);
                        if trapped == Some(on(t)) {
                            Ok(())
                        } else {
                            Err(why)
                        }
                    }
                    _ => Err(why),
                }
            })
        }
        _ => Err(format!("a step from {from} to {to}")),
    }
}

/// The amounts of a throw one step can use: a move along the path uses its distance (round a
/// loop, any distance that ends there), an entry onto the throw its landing position, an entry
/// onto a fixed position, an exit, a trap's fall or a retreat any throw that allows it.
fn step_amounts(m: &Model, s: Side, step: Step, limit: u16) -> Vec<u16> {
    let r = &m.engine.rules;
    let all = || (1..=limit).collect::<Vec<u16>>();
    match (step.from(), step.to()) {
        (Place::On(p), Place::On(q)) => {
            let (p, q) = (usize::from(p.get()), usize::from(q.get()));
            if m.looped(s) {
                let len = m.len(s);
                return (1..=limit)
                    .filter(|&d| (p - 1 + usize::from(d)) % len + 1 == q)
                    .collect();
            }
            let plain = u16::try_from(p.abs_diff(q)).expect("a short path");
            if r.passing.iter().any(Option::is_some) && q != p + usize::from(plain) {
                all()
            } else if r.passing.iter().any(Option::is_some) {
                // Onto a trap's destination ahead, or by its distance.
                let mut v = vec![plain];
                v.extend(all());
                v
            } else {
                vec![plain]
            }
        }
        (Place::Waiting, Place::On(q)) => match r.enter {
            Some(e) if matches!(e.onto, EnterOnto::Throw { .. }) => {
                let EnterOnto::Throw { after } = e.onto else {
                    unreachable!()
                };
                vec![u16::from(q.get()).saturating_sub(u16::from(after))]
            }
            Some(e) => (1..=limit).filter(|&d| e.allows(Throw::new(d))).collect(),
            None => Vec::new(),
        },
        (Place::On(p), Place::Off) => {
            let exits = r.sides[s].exit_throws[p.index()];
            let mut v: Vec<u16> = (0..32u16).filter(|&d| exits & (1 << d) != 0).collect();
            if r.passing.iter().any(Option::is_some) {
                v.extend(all());
            }
            v
        }
        _ => Vec::new(),
    }
}

/// Every amount of the throw the steps of `mv` can use together, up to `limit`.
fn move_amounts(m: &Model, s: Side, mv: &Move, limit: u16) -> Vec<bool> {
    let mut sums = vec![false; usize::from(limit) + 1];
    sums[0] = true;
    if mv.is_retreat() || mv.steps().is_empty() {
        // A retreat, or leaving the pieces where they are, takes any throw.
        return vec![true; sums.len()];
    }
    for step in mv.steps() {
        let amounts = step_amounts(m, s, *step, limit);
        let mut next = vec![false; sums.len()];
        for (t, _) in sums.iter().enumerate().filter(|(_, ok)| **ok) {
            for &d in &amounts {
                if let Some(slot) = next.get_mut(t + usize::from(d)) {
                    *slot = true;
                }
            }
        }
        sums = next;
    }
    sums
}

/// The legal moves for a single throw as the language reference describes them, built from the
/// [`Model`]: each piece that may move goes forward by the throw (or off, from an exit of that
/// throw; round a loop; within its part; into a trap), a waiting piece enters; if none can,
/// backwards by the throw where the rules allow (or, per piece, each piece that has no forward
/// move); the openings, lost turns, throws that begin a side, priority and retreats as the
/// reference says. Each move once: the forms that decline an optional effect are left to
/// [`check_moves`].
fn expected_single_moves(m: &Model, pos: &Position, throw: Throw) -> Vec<Expected> {
    let r = &m.engine.rules;
    let s = pos.to_move();
    let d = usize::from(throw.get());
    let mv = |from: usize, to: Place| (vec![Step::new(on(from), to)], false);
    let front = pos.positions(s).last().map(|p| usize::from(p.get()));
    // A side that loses its turn has no move; one that has not begun moves only with a throw
    // that begins it (a forced opening move takes no throw).
    if pos.loses_turn(s) {
        return Vec::new();
    }
    let forced =
        pos.opening_due(s) && matches!(r.opening[s], Some(Opening::FrontPieceMoves { .. }));
    if !forced && !pos.begun(s) && r.begin & throw.mask_bit() == 0 {
        return Vec::new();
    }
    if pos.opening_due(s) {
        match r.opening[s] {
            Some(Opening::FrontPieceMoves { steps, .. }) => {
                return front
                    .and_then(|p| m.forward(pos, s, p, usize::from(steps)).map(|t| mv(p, t)))
                    .into_iter()
                    .collect();
            }
            Some(Opening::FirstMoveWithFrontPiece) if d > 0 => {
                let mut only: Vec<Expected> = front
                    .and_then(|p| m.forward(pos, s, p, d).map(|t| mv(p, t)))
                    .into_iter()
                    .collect();
                if only.is_empty() && r.backward {
                    only.extend(front.and_then(|p| m.backward(pos, s, p, d).map(|t| mv(p, t))));
                }
                if !only.is_empty() {
                    return only;
                }
            }
            _ => {}
        }
    }
    if d == 0 {
        return Vec::new();
    }
    let (pieces, may_enter) = m.allowed(pos, s, Some(d));
    let forward = || -> Vec<Expected> {
        let mut out: Vec<Expected> = pieces
            .iter()
            .filter_map(|&p| m.forward(pos, s, p, d).map(|t| mv(p, t)))
            .collect();
        if may_enter && let Some(t) = m.entry(pos, s, d) {
            out.push((vec![Step::new(Place::Waiting, on(t))], false));
        }
        out
    };
    let backward = |of: &[usize]| -> Vec<Expected> {
        of.iter()
            .filter_map(|&p| m.backward(pos, s, p, d).map(|t| mv(p, t)))
            .collect()
    };
    // Priority: where a piece on a priority square can move forward, only such pieces do.
    let urgent = |e: &Expected| {
        at(e.0[0].from()).is_some_and(|p| m.flags(s, p).contains(PosFlags::PRIORITY))
    };
    let keep_priority = |mut out: Vec<Expected>| {
        if out.iter().any(urgent) {
            out.retain(urgent);
        }
        out
    };
    // `one direction each turn`: after a forward move of the turn no backward move, after a
    // backward one only backward moves.
    let mut out = match pos.moved_this_turn() {
        Some(Way::Backward) => backward(&pieces),
        Some(Way::Forward) => keep_priority(forward()),
        None if r.backward_per_piece => {
            // Each piece with no forward move may move backwards.
            let mut out = forward();
            let moving: Vec<usize> = out.iter().filter_map(|e| at(e.0[0].from())).collect();
            let stuck: Vec<usize> = pieces
                .iter()
                .copied()
                .filter(|p| !moving.contains(p))
                .collect();
            out.extend(backward(&stuck));
            keep_priority(out)
        }
        None => {
            let out = forward();
            if out.is_empty() && r.backward {
                backward(&pieces)
            } else {
                keep_priority(out)
            }
        }
    };
    // Retreats of the pieces that may move from where they may retreat, while the square is
    // empty; where every move is of such pieces, they may also stay where they are.
    if let Some(t) = r.retreat {
        let candidates: Vec<usize> = pieces
            .iter()
            .copied()
            .filter(|&p| m.flags(s, p).contains(PosFlags::RETREAT))
            .collect();
        if let Some(q) = r.sides[s].position(t.to).filter(|_| !m.occupied(pos, t.to)) {
            for &p in &candidates {
                out.push((vec![Step::new(on(p), Place::On(q))], true));
            }
        }
        let of_candidates = |e: &Expected| {
            e.0.first()
                .and_then(|st| at(st.from()))
                .is_some_and(|p| candidates.contains(&p))
        };
        if !out.is_empty() && out.iter().all(of_candidates) {
            out.push((Vec::new(), false));
        }
    }
    out
}

/// A move as the reference lists it: its steps, and whether it is a retreat.
type Expected = (Vec<Step>, bool);

/// The engine's moves for a single throw are the reference's, in any order.
fn check_single_moves(
    m: &Model,
    pos: &Position,
    throw: Throw,
    moves: &[Move],
) -> Result<(), String> {
    let expected: HashSet<Expected> = expected_single_moves(m, pos, throw).into_iter().collect();
    // A move that declines an optional extra throw, ends the turn, stays where it lands or
    // follows one line only is its twin's other form (checked in `check_moves`); the reference
    // lists each move once.
    let found: HashSet<Expected> = moves
        .iter()
        .filter(|mv| !mv.declines_throw() && !mv.ends_turn() && !mv.stays() && !mv.one_hop())
        .map(|mv| (mv.steps().to_vec(), mv.is_retreat()))
        .collect();
    if expected == found {
        return Ok(());
    }
    let show = |set: &HashSet<Expected>| -> Vec<String> {
        let mut v: Vec<String> = set
            .iter()
            .map(|(steps, retreat)| match steps.first() {
                Some(st) => format!(
                    "{}->{}{}",
                    st.from(),
                    st.to(),
                    if *retreat { " (retreat)" } else { "" }
                ),
                None => "stay".into(),
            })
            .collect();
        v.sort();
        v
    };
    Err(format!(
        "throw {throw}: the engine moves {:?}, the reference {:?}",
        show(&found),
        show(&expected)
    ))
}

/// Every move of `moves` (the legal moves of `pos` for `throw`).
fn check_moves(
    m: &Model,
    pos: &Position,
    throw: Throw,
    moves: &[Move],
    json: bool,
) -> Result<(), String> {
    let engine = m.engine;
    let r = &engine.rules;
    let s = pos.to_move();
    let split = r.split;
    // A forced opening move ignores the throw.
    let forced =
        pos.opening_due(s) && matches!(r.opening[s], Some(Opening::FrontPieceMoves { .. }));
    let mut seen = HashSet::new();
    let mut common: Option<Vec<bool>> = None;
    for mv in moves {
        let at_move = |e: String| format!("the move {:?}: {e}", mv.steps());
        if !seen.insert(*mv) {
            return Err(at_move("listed twice".into()));
        }
        let steps = mv.steps();
        // A move with no step leaves pieces that may retreat where they are; a step a piece, but
        // where pieces may stop and go on.
        let stop_and_go = r.sides[s]
            .flags
            .iter()
            .any(|f| f.contains(PosFlags::STOP_AND_GO));
        let most = if stop_and_go {
            MAX_STEPS
        } else {
            usize::from(r.pieces)
        };
        if steps.is_empty() && r.retreat.is_none() || steps.len() > most {
            return Err(at_move(format!("{} steps", steps.len())));
        }
        if !split && steps.len() > 1 {
            return Err(at_move("several steps for a single throw".into()));
        }
        for step in steps {
            let from_ok = match step.from() {
                Place::Waiting => pos.waiting(s) > 0,
                Place::On(p) => p.index() < m.len(s),
                Place::Off | Place::Removed => false,
            };
            let to_ok = match step.to() {
                Place::On(q) => q.index() < m.len(s),
                Place::Off => !m.looped(s),
                Place::Waiting | Place::Removed => false,
            };
            if !from_ok || !to_ok {
                return Err(at_move(format!(
                    "a step from {} to {}",
                    step.from(),
                    step.to()
                )));
            }
        }
        if let Some(Place::On(p)) = steps.first().map(|st| st.from())
            && pos.on(s) & p.bit() == 0
        {
            return Err(at_move(format!("no piece of {s} at {p}")));
        }
        let (next, report) = engine.apply(pos, mv, throw);
        if next != engine.successor(pos, mv, throw) {
            return Err(at_move("apply and successor differ".into()));
        }
        if report.steps().len() != steps.len()
            || report
                .steps()
                .iter()
                .zip(steps)
                .any(|(r, st)| r.step() != *st)
        {
            return Err(at_move(format!("the report tells {:?}", report.steps())));
        }
        // Each piece moves at most once: no step starts where an earlier one came to rest, but
        // where pieces may stop and go on.
        for (j, step) in steps.iter().enumerate() {
            if let Place::On(p) = step.from()
                && !m
                    .flags(s, usize::from(p.get()))
                    .contains(PosFlags::STOP_AND_GO)
                && report.steps()[..j].iter().any(|e| e.rest() == step.from())
            {
                return Err(at_move("a piece moves twice".into()));
            }
        }
        // Each step keeps the rules of passing and landing in the position it is made in. In a
        // split turn each moves a piece that may move: which pieces may is judged before the
        // move, as `on each move` rules are ("judged on the position before the move").
        let (movable, may_enter) = m.allowed(pos, s, None);
        for j in 0..steps.len() {
            let prefix = Move::of(&steps[..j]).expect("fewer steps than a move holds");
            let before = engine.successor(pos, &prefix, throw);
            check_step(m, &before, s, steps[j], mv.is_retreat())
                .map_err(|e| at_move(format!("step {}: {e}", j + 1)))?;
            // The front piece makes the opening move whatever else holds pieces back.
            let opening = pos.opening_due(s)
                && r.opening[s].is_some()
                && steps[j].from() == pos.positions(s).last().map_or(Place::Waiting, Place::On);
            // A piece that stopped part way and goes on is judged where it began its turn.
            let mut from = steps[j].from();
            for k in (0..j).rev() {
                if matches!(from, Place::On(_)) && report.steps()[k].rest() == from {
                    from = steps[k].from();
                }
            }
            if split && !opening {
                let ok = match at(from) {
                    Some(p) => movable.contains(&p),
                    None => may_enter,
                };
                if !ok {
                    return Err(at_move(format!(
                        "step {}: moves a piece that may not move then",
                        j + 1
                    )));
                }
            }
        }
        // The piece that must move next takes part in a split move.
        let must = r
            .moves_next
            .filter(|_| split && pos.moves_next(s))
            .map(|mn| Place::On(mn.at[s]))
            .filter(|&p| at(p).is_some_and(|q| pos.on(s) & (1u64 << (q - 1)) != 0));
        if let Some(p) = must
            && !steps.iter().any(|st| st.from() == p)
        {
            return Err(at_move(format!("the piece on {p} must move, and does not")));
        }
        // A backward step (not a fall into a trap's destination) goes alone; where backward
        // moves are split among pieces, with backward steps only.
        let back = |j: usize| {
            let st = steps[j];
            let (Some(a), Some(b)) = (at(st.from()), at(st.to())) else {
                return false;
            };
            let prefix = Move::of(&steps[..j]).expect("fewer steps than a move holds");
            let before = engine.successor(pos, &prefix, throw);
            b < a && m.forward(&before, s, a, m.len(s) + 1) != Some(on(b))
        };
        if steps.len() > 1 && !m.looped(s) {
            let backs = (0..steps.len()).filter(|&j| back(j)).count();
            if backs > 0 && !(r.backward_split && backs == steps.len()) {
                return Err(at_move("a backward step among others".into()));
            }
        }
        check_position(engine, &next).map_err(|e| at_move(format!("after it: {e}")))?;
        // A piece that stays where it lands rests there.
        if mv.stays()
            && report
                .steps()
                .last()
                .is_some_and(|st| st.rest() != st.step().to())
        {
            return Err(at_move("stays, but does not rest where it landed".into()));
        }
        // The forms that decline something the player may decline: the same steps are listed
        // taking it, and the two lead to different turns.
        let twin = |f: &dyn Fn(&Move) -> bool| {
            moves.iter().find(|o| {
                f(o) && o.steps() == mv.steps()
                    && o.is_retreat() == mv.is_retreat()
                    && o.plays() == mv.plays()
            })
        };
        if mv.stays() && twin(&|o: &Move| !o.stays()).is_none() {
            return Err(at_move("stays, but no other form of it goes on".into()));
        }
        if mv.one_hop() && twin(&|o: &Move| !o.one_hop() && !o.stays()).is_none() {
            return Err(at_move(
                "follows one line, but no other form of it goes on".into(),
            ));
        }
        if mv.declines_throw() {
            let Some(other) = twin(&|o: &Move| {
                !o.declines_throw() && o.stays() == mv.stays() && o.one_hop() == mv.one_hop()
            }) else {
                return Err(at_move("declines a throw no other form of it takes".into()));
            };
            if throws_to_come(&next, &report)
                >= throws_to_come(
                    &engine.apply(pos, other, throw).0,
                    &engine.apply(pos, other, throw).1,
                )
            {
                return Err(at_move(
                    "declines a throw, but the two forms give the same turn".into(),
                ));
            }
        }
        if mv.ends_turn() {
            let Some(other) = twin(&|o: &Move| {
                !o.ends_turn()
                    && !o.declines_throw()
                    && o.stays() == mv.stays()
                    && o.one_hop() == mv.one_hop()
            }) else {
                return Err(at_move(
                    "ends the turn, but no other form of it goes on".into(),
                ));
            };
            // Ending the turn loses an extra throw the move earns, or in a turn that plays each
            // throw whole, the throws not yet played.
            let (after, other_report) = engine.apply(pos, other, throw);
            let loses = throws_to_come(&next, &report) < throws_to_come(&after, &other_report)
                || !report.extra_throw() && m.plays_each();
            if !loses {
                return Err(at_move(
                    "ends the turn, but the two forms give the same turn".into(),
                ));
            }
        }
        let expected = if report.extra_throw() { s } else { s.other() };
        if next.to_move() != expected {
            return Err(at_move(format!(
                "extra throw {}, but {} is to move",
                report.extra_throw(),
                next.to_move()
            )));
        }
        if json {
            check_json(engine, &next, None).map_err(|e| at_move(format!("after it: {e}")))?;
        }
        if forced {
            continue;
        }
        let sums = move_amounts(m, s, mv, throw.get());
        if !split {
            if !sums[usize::from(throw.get())] {
                return Err(at_move(format!("does not use the throw {throw}")));
            }
            continue;
        }
        if !sums.iter().any(|&ok| ok) {
            return Err(at_move(format!("uses more than the total {throw}")));
        }
        // Every move of the choice uses one amount: some amount all of them can use.
        let both: Vec<bool> = match common {
            None => sums,
            Some(c) => c.iter().zip(&sums).map(|(a, b)| *a && *b).collect(),
        };
        if !both.iter().any(|&ok| ok) {
            return Err(at_move(format!(
                "uses another amount of the total {throw} than the moves before it"
            )));
        }
        common = Some(both);
    }
    Ok(())
}

// ---- games ---------------------------------------------------------------------------------------

/// Who chooses for a side: a random index, or an agent.
fn players(game: u64, seed: u64) -> [Option<Box<dyn Player + Send>>; 2] {
    let agent = |name: &str, seed: u64| {
        Some(senet::agents::by_name(name, seed).unwrap_or_else(|e| panic!("{name}: {e}")))
    };
    match game % 3 {
        0 => [None, None],
        1 => [agent("greedy", seed), agent("random", seed ^ 1)],
        _ => [None, agent("expectimax:1", seed)],
    }
}

/// The moves of one choice by the throw each plays: in a turn that plays each throw whole, every
/// move carries its throw; else all play the turn's throw (or total).
fn by_throw(moves: &[Move], total: Throw) -> Vec<(Throw, Vec<Move>)> {
    let mut groups: Vec<(Throw, Vec<Move>)> = Vec::new();
    for mv in moves {
        let t = mv.plays().unwrap_or(total);
        match groups.iter_mut().find(|(x, _)| *x == t) {
            Some((_, list)) => list.push(*mv),
            None => groups.push((t, vec![*mv])),
        }
    }
    groups
}

/// Plays one game with throws and choices from `seed`, checking every step.
fn play(engine: &Engine, seed: u64, game_no: u64) -> Result<(), String> {
    let m = Model { engine };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut players = players(game_no, seed);
    let split = engine.rules.split;
    let mut game = Game::new(engine, if split { SPLIT_TURN_CAP } else { TURN_CAP });
    let mut buf = Vec::new();
    let mut choices = 0u32;
    check_position(engine, &game.pos).map_err(|e| format!("the start: {e}"))?;
    for step in 0..STEP_CAP {
        let action = game.next_action();
        // Where a choice goes wrong, the position it was made in.
        let shown = match action {
            Action::Choose { .. } => format!(" in {}", position_json(engine, &game.pos, None)),
            _ => String::new(),
        };
        let at = |e: String| format!("step {step} ({action:?}){shown}: {e}");
        for event in game.events.drain(..) {
            if let GameEvent::Move { after, .. } | GameEvent::Pass { after, .. } = event {
                check_position(engine, &after).map_err(|e| at(format!("after {event:?}: {e}")))?;
            }
        }
        check_position(engine, &game.pos).map_err(at)?;
        let outcome = engine.outcome(&game.pos);
        match (action, outcome) {
            (Action::Over, _) if game.summary.outcome.is_some_and(|o| Some(o) != outcome) => {
                return Err(at(format!(
                    "the game ended with {:?}, the position gives {outcome:?}",
                    game.summary.outcome
                )));
            }
            (Action::Over, _) | (_, None) => {}
            (_, Some(o)) => return Err(at(format!("the game goes on after {o:?}"))),
        }
        // In a turn that plays each throw whole, the throws are in the pool, none in hand.
        let in_hand = matches!(action, Action::Choose { .. }) && !m.plays_each();
        check_json(engine, &game.pos, in_hand.then_some(game.total)).map_err(at)?;
        match action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                game.give_throw(random_throw(engine, &mut rng));
            }
            Action::Choose { side } => {
                if side != game.pos.to_move() {
                    return Err(at(format!("{} is to move", game.pos.to_move())));
                }
                let moves = game.moves();
                if moves.is_empty() {
                    return Err(at("a choice among no moves".into()));
                }
                for (throw, group) in by_throw(moves, game.total) {
                    check_moves(&m, &game.pos, throw, &group, true).map_err(at)?;
                    if !split {
                        check_single_moves(&m, &game.pos, throw, &group).map_err(at)?;
                    }
                }
                if !split && choices.is_multiple_of(4) {
                    // Every other throw from here too, now and then.
                    for &v in &engine.rules.throws.values {
                        if engine.legal_moves(&game.pos, Throw::from(v), &mut buf) == Listing::Cut {
                            return Err(at(format!("the listing with {v} was cut short")));
                        }
                        check_moves(&m, &game.pos, Throw::from(v), &buf, false)
                            .and_then(|()| check_single_moves(&m, &game.pos, Throw::from(v), &buf))
                            .map_err(at)?;
                    }
                }
                // Split turns: far larger totals than the throws gave, from the same position,
                // where few pieces can move (the search is exponential in them).
                let s = game.pos.to_move();
                let movable = game.pos.on(s).count_ones() + u32::from(game.pos.waiting(s));
                if split && movable <= 2 && choices.is_multiple_of(8) {
                    for total in LARGE_TOTALS {
                        let t = Throw::new(total);
                        if engine.legal_moves(&game.pos, t, &mut buf) == Listing::Cut {
                            return Err(at(format!("the listing of {total} was cut short")));
                        }
                        check_moves(&m, &game.pos, t, &buf, false)
                            .map_err(|e| at(format!("with a total of {total}: {e}")))?;
                    }
                }
                choices += 1;
                let moves = game.moves();
                let i = match &mut players[side.index()] {
                    Some(p) => p.choose(engine, &game.pos, game.total, moves),
                    None => rng.random_range(0..moves.len()),
                };
                if i >= moves.len() {
                    return Err(at(format!("the agent chose {i} of {} moves", moves.len())));
                }
                game.choose(i);
            }
            Action::Over => return Ok(()),
        }
    }
    Ok(())
}

/// A random position as [`random_position`] makes it, with the state a side carries besides its
/// pieces where the rules have it, now and then: a lost turn to come, a piece that must move
/// next, pieces that have not moved yet.
fn random_state(engine: &Engine, rng: &mut Pcg64Mcg) -> Position {
    let pos = random_position(engine, rng);
    let r = &engine.rules;
    let mut setup = pos.setup(r);
    for s in Side::BOTH {
        setup.loses_turn[s] = r.may_lose_turn() && rng.random_bool(0.2);
        // A side that owes its opening has made no move: no piece of it must move next.
        setup.moves_next[s] = r.moves_next.is_some_and(|m| pos.on(s) & m.at[s].bit() != 0)
            && !pos.opening_due(s)
            && rng.random_bool(0.5);
        if r.tracks_unmoved() {
            setup.unmoved[s] = r
                .start_slots(s)
                .filter(|p| pos.on(s) & p.bit() != 0 && rng.random_bool(0.6))
                .collect();
            setup.unmoved[s].sort_unstable();
            setup.unmoved[s].dedup();
        }
    }
    setup.position(r).unwrap_or(pos)
}

/// The moves of random positions: every throw for single throws; for split turns small totals,
/// and the large ones where at most two pieces can move.
fn random_positions(engine: &Engine, seed: u64) -> Result<(), String> {
    let m = Model { engine };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let r = &engine.rules;
    let mut buf = Vec::new();
    for _ in 0..RANDOM_POSITIONS {
        let pos = random_state(engine, &mut rng);
        let at = |e: String| format!("{}: {e}", position_json(engine, &pos, None));
        check_position(engine, &pos).map_err(at)?;
        check_json(engine, &pos, None).map_err(at)?;
        if engine.outcome(&pos).is_some() {
            continue;
        }
        let s = pos.to_move();
        let movable = pos.on(s).count_ones() + u32::from(pos.waiting(s));
        let throws: Vec<u16> = if !r.split {
            r.throws.values.iter().map(|&v| u16::from(v)).collect()
        } else if movable <= 2 {
            (1..=12).chain(LARGE_TOTALS).collect()
        } else if movable <= 4 {
            (1..=8).collect()
        } else {
            (1..=4).collect()
        };
        for t in throws.into_iter().map(Throw::new) {
            if engine.legal_moves(&pos, t, &mut buf) == Listing::Cut {
                return Err(at(format!("the listing of {t:?} was cut short")));
            }
            check_moves(&m, &pos, t, &buf, false).map_err(at)?;
            if !r.split {
                check_single_moves(&m, &pos, t, &buf).map_err(at)?;
            }
        }
    }
    Ok(())
}

/// Files checked by the coverage test.
const COVERAGE_FILES: usize = 400;

/// The option choices a file is checked with: the defaults, and each option at each of its
/// other values.
fn option_choices(file: &RuleFile) -> Vec<Vec<(String, String)>> {
    let mut out = vec![Vec::new()];
    for (name, values) in &file.options {
        for v in values {
            out.push(vec![(name.clone(), v.clone())]);
        }
    }
    out
}

/// A generated file the checker refuses: the codes, and the file with every diagnostic.
struct Refused {
    codes: Vec<Option<Code>>,
    message: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl RuleFile {
    fn refusal_expected(&self, e: &Refused) -> bool {
        self.may_be_refused(&e.codes)
    }
}

/// Checks a generated file with the options chosen. The file it extends is written to a folder
/// of this thread's own for the checker to read, and removed after.
fn check_file(file: &RuleFile, chosen: &[(String, String)]) -> Result<RuleSet, Refused> {
    let dir = std::env::temp_dir().join(format!(
        "senet-generated-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    if let Some((name, text)) = &file.base {
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        std::fs::write(dir.join(format!("{name}.rules")), text).expect("write the base file");
    }
    let result = check_text("generated.rules", &file.text, Some(dir.clone()), chosen);
    if file.base.is_some() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    result.map_err(|diags| {
        let shown: Vec<String> = diags.iter().map(|d| d.render(false, Some(100))).collect();
        Refused {
            codes: diags.iter().map(|d| d.code()).collect(),
            message: format!(
                "the checker refuses a generated file (options {chosen:?}):\n{file:?}\n{}",
                shown.join("\n")
            ),
        }
    })
}

/// Checks a generated file and plays its games.
fn check_and_play(file: &RuleFile, seed: u64) -> Result<(), TestCaseError> {
    let choices = option_choices(file);
    let mut played = None;
    for (i, chosen) in choices.iter().enumerate() {
        match check_file(file, chosen) {
            // The defaults are played, and now and then another value.
            Ok(ruleset) if i == 0 || seed.is_multiple_of(4) && i == choices.len() - 1 => {
                played = Some((ruleset, chosen.clone()));
            }
            Ok(_) => {}
            Err(e) if file.refusal_expected(&e) => {}
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        }
    }
    let Some((ruleset, chosen)) = played else {
        return Ok(());
    };
    let engine = Engine::new(compile(&ruleset));
    let at = |what: String| TestCaseError::fail(format!("options {chosen:?}, {what}"));
    for g in 0..GAMES {
        play(&engine, seed.wrapping_add(g), g)
            .map_err(|e| at(format!("game {g}, seed {seed}: {e}")))?;
    }
    random_positions(&engine, seed)
        .map_err(|e| at(format!("random positions, seed {seed}: {e}")))?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        // 160 files a run (`the_generator_covers_the_language` shows that the generator reaches
        // every form; CI's long checks run 300 more through every command).
        cases: 160,
        failure_persistence: None,
        // A failing file shrinks for at most half a minute.
        max_shrink_time: 30_000,
        ..ProptestConfig::default()
    })]

    /// Every generated file checks, and its games keep every invariant.
    #[test]
    fn generated_rule_files_check_and_play(file in rule_file(), seed in any::<u64>()) {
        check_and_play(&file, seed)?;
    }
}

// ---- the commands ------------------------------------------------------------------------------

/// The binary of the command-level run (the profile the tests are built with: `cargo test
/// --profile ci -- --ignored` in CI).
const BIN: &str = env!("CARGO_BIN_EXE_senet");

/// Files run through the commands, one in `SMALL_EVERY` with one or two pieces a side (for the
/// solver): enough for every form of [`FORMS`] several times, in about a minute and a half where
/// no command hangs (each hang costs the whole timeout).
const COMMAND_FILES: usize = 300;
const SMALL_EVERY: usize = 4;

/// Every command runs under a 1 GiB address-space limit and a timeout: ten seconds (a sane
/// file's commands take at most a second or two), ninety for a solve, a comparison (whose
/// figures look at every decision of every row: a sweep of two dozen rows of a game whose turns
/// throw again on nearly every value, hundreds of moves a turn, took forty seconds) or a
/// simulation of twenty games (a game whose one turn throws again on nearly every value of a
/// twelve-sided die, then splits the total, searches its split to the cap of states: 0.45 s a
/// game, 9.3 s for the twenty, over ten on a busy machine).
const MEMORY_KIB: u64 = 1 << 20;
const TIMEOUT_SECONDS: u64 = 10;
const LONG_TIMEOUT_SECONDS: u64 = 90;

/// The least number of files of the run that hold each form of [`FORMS`].
const COMMAND_COVERAGE: usize = 2;

/// A fresh folder for the run's files, removed when dropped.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary folder");
        TempDir(dir)
    }

    fn write(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write a file");
        path.to_str().expect("a UTF-8 path").to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What a command must end with, besides no panic, abort or hang.
enum Expect {
    /// Success, with some text on standard output.
    Text,
    /// Success, with one JSON value.
    Json,
    /// Success, with an SVG document.
    Svg,
    /// Success, with an answer for each position that lists as many moves as the library (`None`:
    /// as many as there are, where the library is not asked: a split total of many pieces).
    Moves(Vec<Option<usize>>),
    /// Success, or a refusal of what the command cannot do (status 2: a limit, rules it has no
    /// method for).
    SuccessOrRefusal,
}

impl Expect {
    fn output(&self, out: &str) -> Result<(), String> {
        match self {
            Expect::Text if out.trim().is_empty() => Err("nothing written".into()),
            Expect::Json => serde_json::from_str::<serde_json::Value>(out.trim())
                .map(|_| ())
                .map_err(|e| format!("not JSON ({e}): {}", cut(out))),
            Expect::Svg => {
                let doc = roxmltree::Document::parse(out)
                    .map_err(|e| format!("not an SVG document: {e}"))?;
                (doc.root_element().tag_name().name() == "svg")
                    .then_some(())
                    .ok_or_else(|| "the root is not <svg>".to_string())
            }
            Expect::Moves(counts) => moves_answer(out, counts),
            _ => Ok(()),
        }
    }
}

fn cut(text: &str) -> String {
    text.chars().take(300).collect()
}

/// One command of the run.
struct Run {
    args: Vec<String>,
    stdin: String,
    expect: Expect,
}

impl Run {
    fn new(args: &[&str], expect: Expect) -> Run {
        Run {
            args: args.iter().map(|a| (*a).to_string()).collect(),
            stdin: String::new(),
            expect,
        }
    }

    /// Runs the command under the limits: what went wrong, if anything.
    fn check(&self, dir: &TempDir) -> Option<String> {
        let stdin = dir.write("stdin", &self.stdin);
        let timeout = if matches!(self.args[0].as_str(), "solve" | "compare" | "sim") {
            LONG_TIMEOUT_SECONDS
        } else {
            TIMEOUT_SECONDS
        };
        let started = std::time::Instant::now();
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {MEMORY_KIB} && exec timeout -s KILL {timeout} \"$@\" < \"$STDIN\""
            ))
            .arg("sh")
            .arg(BIN)
            .args(&self.args)
            .env("STDIN", &stdin)
            .env("NO_COLOR", "1")
            .current_dir(&dir.0)
            .output()
            .expect("run sh");
        let seconds = started.elapsed().as_secs_f64();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let shown: String = stderr.chars().take(600).collect();
        let code = out.status.code();
        if stderr.contains("panicked") || stderr.contains("memory allocation") {
            return Some(format!("exit {code:?}: {shown}"));
        }
        match (code, &self.expect) {
            (Some(0 | 2), Expect::SuccessOrRefusal) => None,
            // A total shared in more ways than `moves` lists (docs/formats.md) is refused.
            // So is a total whose listing would visit more states than a listing does.
            (Some(2), Expect::Moves(_))
                if stderr.contains("ways, more than")
                    || stderr.contains("more ways than a listing of the moves visits") =>
            {
                None
            }
            (Some(0), expect) => expect.output(&stdout).err(),
            (Some(1 | 2), _) => Some(format!("exit {code:?} (refused): {shown}")),
            _ => Some(format!(
                "exit {code:?} after {seconds:.1} s (137 or none: killed, by the timeout or the memory limit): {shown}"
            )),
        }
    }
}

/// Positions for `senet moves` (start, and random ones where the game goes on), each with a
/// throw it may have in hand (for split turns also a large total), one JSON line each, and the
/// number of legal moves the library gives each.
fn positions(engine: &Engine, rng: &mut Pcg64Mcg) -> (String, Vec<Option<usize>>) {
    let possible: Vec<u16> = (0..=300)
        .filter(|&t| throw_possible(engine, Throw::new(t)))
        .collect();
    let (small, large): (Vec<u16>, Vec<u16>) = possible.iter().partition(|&&t| t <= 30);
    let r = &engine.rules;
    let mut lines = String::new();
    let mut counts = Vec::new();
    let mut buf = Vec::new();
    for k in 0..4 {
        let pos = if k == 0 {
            engine.start()
        } else {
            // A position whose game is over has no moves to ask for (`moves` refuses it).
            let mut pos = random_state(engine, rng);
            for _ in 0..20 {
                if engine.outcome(&pos).is_none() {
                    break;
                }
                pos = random_state(engine, rng);
            }
            pos
        };
        if engine.outcome(&pos).is_some() {
            continue;
        }
        let from = if k == 3 && !large.is_empty() || small.is_empty() {
            &large
        } else {
            &small
        };
        let Some(&total) = from.get(rng.random_range(0..from.len().max(1))) else {
            continue;
        };
        let throw = Throw::new(total);
        // Sharing a total among many pieces may take more ways than anything lists (`moves`
        // refuses past a limit); the library is asked only where few pieces share it.
        if r.split && r.pieces > 3 {
            counts.push(None);
        } else {
            // A listing cut short is refused by `senet moves` too.
            let whole = engine.legal_moves(&pos, throw, &mut buf) == Listing::Whole;
            counts.push(whole.then_some(buf.len()));
        }
        lines.push_str(&position_json(engine, &pos, Some(throw)).to_string());
        lines.push('\n');
    }
    (lines, counts)
}

/// `senet moves` answers each position with as many moves as the library lists.
fn moves_answer(out: &str, counts: &[Option<usize>]) -> Result<(), String> {
    let answers: Vec<&str> = out.lines().collect();
    if answers.len() != counts.len() {
        return Err(format!(
            "{} answers to {} positions",
            answers.len(),
            counts.len()
        ));
    }
    for (i, (line, n)) in answers.iter().zip(counts).enumerate() {
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("answer {i} is not JSON: {e}"))?;
        let listed = v["moves"].as_array().map(Vec::len);
        // Where the library's listing was not asked or was cut short, a refusal is an answer.
        if n.is_some() && listed != *n {
            return Err(format!(
                "position {i}: {listed:?} moves listed, the library lists {n:?}: {}",
                cut(line)
            ));
        }
    }
    Ok(())
}

/// The commands one generated file runs under.
fn commands(
    file: &RuleFile,
    path: &str,
    (engine, split): (Option<&Engine>, bool),
    rng: &mut Pcg64Mcg,
    i: usize,
) -> Vec<Run> {
    let seed = i.to_string();
    // Games of generated rules often never end: they stop at the turn cap, whose default (10,000
    // turns, or throws in one turn) would give twenty of them a minute of play where each turn
    // throws again on nearly every value. That is the cap working, not a hang: a tenth of it
    // stops them the same way, in a tenth of the time.
    let cap = "1000";
    let mut runs = vec![
        Run::new(
            &[
                "sim",
                path,
                "--games",
                "20",
                "--seed",
                &seed,
                "--format",
                "json",
                "--turn-cap",
                cap,
            ],
            Expect::Json,
        ),
        Run::new(&["explain", path], Expect::Text),
        Run::new(&["draw", path], Expect::Svg),
    ];
    // Positions in JSON name path positions the engine's tables hold (64 a side): a longer path
    // is run by the other commands only.
    if let Some(engine) = engine {
        let (stdin, counts) = positions(engine, rng);
        let first = stdin.lines().next().unwrap_or("").to_string();
        runs.push(Run {
            stdin,
            ..Run::new(&["moves", path, "--position", "-"], Expect::Moves(counts))
        });
        runs.push(Run {
            stdin: first,
            ..Run::new(&["draw", path, "--paths", "--position", "-"], Expect::Svg)
        });
    }
    // Every option swept, a row per value (a sweep too large to play may be refused).
    if !file.options.is_empty() {
        runs.push(Run::new(
            &[
                "compare",
                path,
                "--sweep",
                "all",
                "--games",
                "2",
                "--skill",
                "none",
                "--turn-cap",
                cap,
            ],
            Expect::SuccessOrRefusal,
        ));
    }
    // An option at another value.
    if !file.options.is_empty() {
        let (name, values) = &file.options[rng.random_range(0..file.options.len())];
        let v = &values[rng.random_range(0..values.len())];
        let chosen = format!("{name}={v}");
        runs.push(Run::new(
            &[
                "sim",
                path,
                "--games",
                "20",
                "--seed",
                &seed,
                "--option",
                &chosen,
                "--turn-cap",
                cap,
            ],
            Expect::Text,
        ));
    }
    // A small solve: one piece a side by the option, or a file of one piece, or of two where the
    // turn does not split (a split turn's every state lists the ways to share each total).
    let method = if i.is_multiple_of(2) {
        "search"
    } else {
        "auto"
    };
    let solve = [
        "solve", path, "--method", method, "--limit", "200000", "--memory", "0.5",
    ];
    if let Some((name, value)) = &file.one_piece {
        let chosen = format!("{name}={value}");
        let mut args = solve.to_vec();
        args.extend(["--option", &chosen]);
        runs.push(Run::new(&args, Expect::SuccessOrRefusal));
    } else if file.pieces == 1 || file.pieces == 2 && !split {
        runs.push(Run::new(&solve, Expect::SuccessOrRefusal));
    }
    runs
}

/// Every generated file that checks runs under `senet sim` (a turn cap of 1,000), `moves` (start and random positions,
/// answered with as many moves as the library lists), `explain`, `draw` (the start, and a
/// position with its paths), an option's other value, `compare --sweep all` of every option, and
/// a small `solve` (one piece a side by the `pieces` option, or files of one or two pieces; by
/// search or the default method, within a limit of states and memory): each a child process of
/// the binary under a 1 GiB address-space limit and a timeout (10 seconds, 90 for a solve or a
/// comparison), with no panic, no abort, no hang, and success (`moves` may refuse a total shared
/// in too many ways to list, and a solve or a comparison may refuse, status 2, what it has no
/// method for or what passes its limits; a file whose games hang once is not played again). The
/// files come from a fixed seed (`SENET_GENERATED_SEED` picks another), so a failure replays;
/// each failure shows the file, the command and its input.
#[test]
#[ignore = "the command-level run, for an optimised build: cargo test --profile ci -- --ignored"]
fn generated_rule_files_run_under_every_command() {
    let dir = TempDir::new("senet-generated-commands");
    let seed: u64 = std::env::var("SENET_GENERATED_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &bytes),
    );
    let (any_file, small_file) = (command_rule_file(), small_rule_file());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut failures = Vec::new();
    let mut seen = vec![0usize; FORMS.len()];
    let mut runs = 0;
    for i in 0..COMMAND_FILES {
        let file = if i % SMALL_EVERY == 0 {
            small_file.new_tree(&mut runner).map(|t| t.current())
        } else {
            any_file.new_tree(&mut runner).map(|t| t.current())
        }
        .expect("a rule file");
        for (n, form) in seen.iter_mut().zip(FORMS) {
            *n += usize::from(file.lines().any(|l| has_form(l, form)));
        }
        if let Some((name, text)) = &file.base {
            dir.write(&format!("{name}.rules"), text);
        }
        let path = format!("file{i}.rules");
        dir.write(&path, &file.text);
        let ruleset = match check_file(&file, &[]) {
            Ok(ruleset) => ruleset,
            Err(e) if file.refusal_expected(&e) => continue,
            Err(e) => {
                failures.push(format!("file {i} (seed {seed}): {e}"));
                continue;
            }
        };
        // The library's engine gives the positions and their moves, where its tables hold the
        // paths.
        let engine = (!file.long_path).then(|| Engine::new(compile(&ruleset)));
        let split = ruleset.turn.splits();
        // A file whose games hang once is not played again (a hang costs the whole timeout).
        let mut hung = false;
        for run in commands(&file, &path, (engine.as_ref(), split), &mut rng, i) {
            if hung && matches!(run.args[0].as_str(), "sim" | "compare") {
                continue;
            }
            runs += 1;
            if let Some(why) = run.check(&dir) {
                hung |= run.args[0] == "sim" && why.contains("killed");
                let input = if run.stdin.is_empty() {
                    String::new()
                } else {
                    format!(" < positions:\n{}", run.stdin)
                };
                failures.push(format!(
                    "file {i} (seed {seed}): senet {}{input}\n  {why}\n{path}:{file:?}",
                    run.args.join(" ")
                ));
            }
        }
    }
    let thin: Vec<&str> = FORMS
        .iter()
        .zip(&seen)
        .filter(|(_, n)| **n < COMMAND_COVERAGE)
        .map(|(f, _)| *f)
        .collect();
    assert!(
        thin.is_empty(),
        "forms in fewer than {COMMAND_COVERAGE} files of the run: {thin:?}"
    );
    assert!(
        failures.is_empty(),
        "{} of {runs} runs failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Statement forms the generator must reach, every form of docs/language.md: text in a line,
/// `^` for the start of the line and `#` for any digit.
#[rustfmt::skip]
const FORMS: &[&str] = &[
    // Header, options, notes and comments.
    "^ruleset ", "^title ", "^source ", "^extends \"", "^option pieces: 1..", "^option pieces: 1 | ",
    "^option speed: 1..3 default 1", "^option speed: 1..1000000 default 1",
    "^option house: 5 | 7 | 9 default 7",
    "^option wall: on | off default off", "^when pieces is 1: pieces 1 each",
    "^when pieces is 1: start ", "^when pieces is 1: blockade none", "^when speed is #: ",
    "^when house is #: ", "^when wall is on: ", "[choice:", "[source:", "^#", "   # ",
    // The board and paths.
    "snake", " rows", " × ", "^gaps ", "^board 1 x 64", "^board 8 x 8", "^board 2 x ",
    "^board 3 x ", "^path #", "^path ", "^path loop ", ": loop ", "^name # \"", "^name # none",
    "^label # \"", "^label # none", "^marks ", "^marks none", "^draw # at #, #",
    "^draw #..# at #, #..#", "^draw #..# at #..#, #",
    // Sides, pieces and layout.
    "^sides ", "^colour ", "^color ", "^pieces 15 each", "^pieces 1 each", "^start waiting",
    "^start alternating from #", "; ", "^first by throw-off, ties to ", "^first ",
    // Throws and turns.
    "sticks:", "-> 30", "^throw die 12", "^throw die #", "^throw dice #: sum",
    "^throw dice #, #: sum", "^throw dice #, #, #", "^throw dice #, #, #, #: sum", " # # -> ",
    "^extra throw after #", "^extra throw after none", "^extra throw on ",
    "^extra throw on none", "^extra throws add up", "^extra throws count once", "^begin with #", "^begin with none", "^each piece first moves with #",
    "^each piece first moves with none", "^each piece first moves after the piece ahead has moved",
    "^each piece first moves in any order", "^turn throw then move", "^turn throw then split",
    "^turn throw again on ", " then split", " then move each throw",
    // Entering, capture, protection.
    "^enter onto throw", "^enter with", "^enter onto #", " if empty", "^enter none",
    "^capture none", "^capture swap", "^capture removed", "^capture to waiting", "^capture to #",
    "^capture to first free after", "^capture to first free before", "^protect pairs",
    "^protect none", "^safe ", "^safe none",
    // Blockades, stops, backward moves, priority.
    "^blockade #", "^blockade none", "^stop on ", "^stop on none",
    "^backward when no forward move", "^backward when the piece has no forward move",
    " onto empty squares", ", split among pieces", "^backward never", "^no backward moves from ",
    "^one direction each turn", "^any direction each turn", "^priority ", "^priority none",
    "^only pieces on ", " may move while one is there", "^pieces on ",
    " move only if the square ahead is empty", " move only when all are there",
    "^pieces may stop on ",
    "^no passing on ",
    // Seats and openings.
    "^seats throw until", "^seats none", "front piece moves #", "then throw again",
    "first move with front piece", "^opening ", ": none",
    // Square effects and retreats.
    "^square #: go to #", "^square #: go to first free after", "^square #: go to first free before",
    "^square #: none", "^retreat from ", "^retreat none",
    // Event rules: triggers, conditions, effects.
    "^on landing on ", "^on landing on # by ", "^on landing on positions ", "^on capture: ",
    "^on capture on ", "^on move with ", "^on pass with ", "^on passing ", "^on retreat: ",
    "^on entering: ", "^on entering if ", "^on each move: ", "^on each move if ",
    " if its side has ", " if the other side has ", "has no pieces on", " if the piece entered",
    " if the piece was on the board", ": throw again", ": may throw again", ": lose next turn",
    ": end turn", ": may end turn", ", throw again", ", end turn", ": go to #",
    ": go to first free after", ": go to first free before", " and stop", ": may go to #",
    ": go to waiting", ": may go to waiting", ": piece is removed", ": may piece is removed",
    ": captured piece goes to waiting", ": captured piece goes to #",
    ": captured piece goes to first free", ": captured piece is removed", ": piece moves next",
    "piece moves next ignoring pairs", "piece moves next or goes back to waiting",
    ": only pieces on ",
    // Bearing off, the end and scoring.
    "^bear off exact", "^bear off exact from", "^bear off at or past the end",
    "^bear off at or past the end from", "^bear off from", "; from", "^bear off only when all on",
    "^bear off only when none on", "^bear off always", "^only bear off from",
    "^win first to bear off all", "^win most borne off", "^win by capturing all",
    "^end when decided", "^end when board empty", "^match points #", "^match points none",
    "1000000",
    // Sets.
    "positions ", "position #", "squares #", "#..#",
];

/// Whether `line` holds `form` (see [`FORMS`]).
fn has_form(line: &str, form: &str) -> bool {
    let (anchored, form) = match form.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, form),
    };
    let pat: Vec<char> = form.chars().collect();
    let text: Vec<char> = line.chars().collect();
    let at = |i: usize| {
        text.len() >= i + pat.len()
            && pat
                .iter()
                .zip(&text[i..])
                .all(|(p, c)| *p == *c || (*p == '#' && c.is_ascii_digit()))
    };
    if anchored {
        at(0)
    } else {
        (0..text.len()).any(at)
    }
}

/// The squares of a path statement in walking order (its items, the parts run together).
fn path_of(line: &str) -> Vec<u32> {
    let list = line.rsplit(':').next().unwrap_or(line);
    let list = list.trim_start_matches("path").replace("loop", "");
    list.split([',', '|'])
        .filter_map(|item| {
            let item = item.trim();
            match item.split_once("..") {
                Some((a, b)) => {
                    let (a, b) = (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
                    Some(if a <= b {
                        (a..=b).collect::<Vec<_>>()
                    } else {
                        (b..=a).rev().collect()
                    })
                }
                None => item.parse().ok().map(|n| vec![n]),
            }
        })
        .flatten()
        .collect()
}

/// A shape of a whole file, and whether a file has it.
type Shape = (&'static str, fn(&RuleFile) -> bool);

/// Shapes of whole files the generator must reach, besides the forms of single lines.
const SHAPES: &[Shape] = &[
    ("a path that comes back to a square it has passed", |f| {
        f.lines().any(|l| {
            let path = path_of(l);
            l.starts_with("path") && path.iter().collect::<HashSet<_>>().len() < path.len()
        })
    }),
    ("a path of more than 64 positions", |f| f.long_path),
    ("a path in parts", |f| {
        f.lines()
            .any(|l| l.starts_with("path") && l.contains(" | "))
    }),
    (
        "`start alternating` where two pieces stand on one square",
        |f| f.alternating_on_returning,
    ),
    ("a file that extends another", |f| f.base.is_some()),
    ("an option value that gives one piece a side", |f| {
        f.one_piece.is_some()
    }),
    ("an event rule that says `none`", |f| {
        f.lines()
            .any(|l| l.starts_with("on ") && l.ends_with(": none"))
    }),
];

/// The generator reaches every statement form and shape, and the checker accepts all it writes,
/// with every value of its options: a fixed sample of files, checked but not played.
#[test]
fn the_generator_covers_the_language() {
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha),
    );
    let strategy = rule_file();
    let mut seen = vec![0usize; FORMS.len()];
    let mut shapes = vec![0usize; SHAPES.len()];
    for _ in 0..COVERAGE_FILES {
        let file = strategy
            .new_tree(&mut runner)
            .expect("a rule file")
            .current();
        for chosen in option_choices(&file) {
            if let Err(e) = check_file(&file, &chosen)
                && !file.refusal_expected(&e)
            {
                panic!("{e}");
            }
        }
        for (n, form) in seen.iter_mut().zip(FORMS) {
            *n += usize::from(file.lines().any(|l| has_form(l, form)));
        }
        for (n, (_, shape)) in shapes.iter_mut().zip(SHAPES) {
            *n += usize::from(shape(&file));
        }
    }
    let missing: Vec<&str> = FORMS
        .iter()
        .zip(&seen)
        .filter(|(_, n)| **n == 0)
        .map(|(f, _)| *f)
        .chain(
            SHAPES
                .iter()
                .zip(&shapes)
                .filter(|(_, n)| **n == 0)
                .map(|((f, _), _)| *f),
        )
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}
