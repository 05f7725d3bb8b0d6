//! The turn state machine: the phases a game goes through and what moves it from one to the
//! next. The engine follows this table; it never asks which rule set it plays.

use std::fmt;

use senet_lang::check::RuleSet;
use senet_lang::check::ruleset::Turn;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The players throw in turn for seats until one throws the seating value.
    Seating,
    /// Each side throws once; the higher throw moves first.
    ThrowOff,
    /// A forced opening move of the side to move, made without a throw.
    Opening,
    /// The side to move throws.
    Throw,
    /// The side to move chooses a single move for the throw.
    Move,
    /// The side to move splits the total of its throws among its pieces.
    Distribute,
    /// The side to move plays one of the throws of its turn, whole.
    Spend,
    GameOver,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Event {
    /// A player threw the seating value and takes the seating side.
    SeatTaken,
    /// A throw was made and the turn goes on to moving.
    Thrown,
    /// A throw that lets the same player throw again before moving (throw-all-then-split).
    ThrownAgain,
    /// A move was made and gives no extra throw.
    #[default]
    Moved,
    /// A move was made and gives an extra throw.
    MovedExtraThrow,
    /// The forced opening move was made and its side throws again.
    OpeningMovedThrowAgain,
    /// No legal move: the turn passes.
    Passed,
    /// The game is over (a side won, or the result is decided, or a draw).
    Ended,
    /// The side to move owes a forced opening move: it makes it without a throw.
    OpeningDue,
    /// The side to move owes no forced opening move: it throws.
    NoOpeningDue,
    /// No legal move, and the throw gives another (`on pass with V: throw again`).
    PassedExtraThrow,
    /// A throw was played and the turn has more throws to play.
    MovedThrowsLeft,
    /// The side to move loses this turn.
    TurnLost,
    /// The throw-off decided who moves first.
    StartDecided,
}

/// Who throws after a transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    Same,
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    pub from: Phase,
    pub on: Event,
    pub to: Phase,
    pub next: Next,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnMachine {
    pub start: Phase,
    pub transitions: Vec<Transition>,
    /// `transitions` indexed by phase and event, for the engine's hot path.
    table: [[Option<(Phase, Next)>; EVENTS]; PHASES],
}

const PHASES: usize = 8;
const EVENTS: usize = 14;

impl TurnMachine {
    pub fn new(r: &RuleSet) -> Self {
        use Event::*;
        use Next::*;
        use Phase::*;
        let has_opening = r.opening.values().any(Option::is_some);
        let after_seating = if has_opening { Opening } else { Throw };
        let start = if r.seats.is_some() {
            Seating
        } else if r.throw_off || r.opening_throw.is_some() {
            ThrowOff
        } else {
            after_seating
        };
        let moving = match r.turn {
            Turn::ThrowThenMove => Move,
            Turn::ThrowThenSplit => Distribute,
            Turn::AccumulateThenSplit { .. } => Distribute,
            Turn::AccumulateThenEach { .. } => Spend,
        };
        let mut t = Vec::new();
        let mut add = |from, on, to, next| t.push(Transition { from, on, to, next });
        if r.seats.is_some() {
            add(Seating, SeatTaken, after_seating, Same);
        }
        if r.throw_off || r.opening_throw.is_some() {
            add(ThrowOff, StartDecided, after_seating, Same);
        }
        if has_opening {
            add(Opening, Moved, Throw, Other);
            add(Opening, OpeningMovedThrowAgain, Throw, Same);
            add(Opening, Ended, GameOver, Same);
            add(Opening, NoOpeningDue, Throw, Same);
        }
        // A forced opening move is due at its side's first turn, whichever side moves first.
        if r.opening
            .values()
            .any(|o| matches!(o, Some(senet_lang::types::Opening::FrontPieceMoves { .. })))
        {
            add(Throw, OpeningDue, Opening, Same);
        }
        add(Throw, Thrown, moving, Same);
        if moving != Move {
            add(Throw, ThrownAgain, Throw, Same);
        }
        if moving == Spend {
            add(Spend, MovedThrowsLeft, Spend, Same);
        }
        if r.retreat.as_ref().is_some_and(|t| t.lose_turn)
            || r.turn_rules.iter().any(|t| t.lose_turn)
        {
            add(Throw, TurnLost, Throw, Other);
        }
        add(moving, Moved, Throw, Other);
        if !r.extra_after.is_empty()
            || r.extra_add_up
            || r.extra_on.values().any(|v| !v.is_empty())
            || r.extra_on_capture.values().any(|v| !v.is_empty())
            || r.entering.throw_again
            || r.turn_rules.iter().any(|t| t.throw_again.is_some())
            || r.extra_turn
            // The next run of a double whose dice are listed is played as a throw.
            || !r.double_lists.is_empty()
        {
            add(moving, MovedExtraThrow, Throw, Same);
        }
        add(moving, Passed, Throw, Other);
        // Where extra throws add up, a side owed throws throws again after a pass too.
        if !r.extra_after_pass.is_empty() || r.extra_add_up || r.extra_turn {
            add(moving, PassedExtraThrow, Throw, Same);
        }
        add(moving, Ended, GameOver, Same);
        let mut table = [[None; EVENTS]; PHASES];
        for tr in &t {
            table[tr.from as usize][tr.on as usize] = Some((tr.to, tr.next));
        }
        TurnMachine {
            start,
            transitions: t,
            table,
        }
    }

    /// The phase in which the side to move chooses its move: [`Phase::Move`],
    /// [`Phase::Distribute`] for a turn that splits its throws, or [`Phase::Spend`] for one
    /// that plays each throw whole.
    pub fn moving(&self) -> Phase {
        self.next(Phase::Throw, Event::Thrown)
            .map_or(Phase::Move, |(phase, _)| phase)
    }

    /// Where `event` leads from `phase`, if the rules allow it there.
    #[inline]
    pub fn next(&self, phase: Phase, event: Event) -> Option<(Phase, Next)> {
        self.table[phase as usize][event as usize]
    }
}

impl fmt::Display for TurnMachine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "start: {:?}", self.start)?;
        for t in &self.transitions {
            let who = match t.next {
                Next::Same => "same side",
                Next::Other => "other side",
            };
            writeln!(f, "{:?} --{:?}--> {:?} ({who})", t.from, t.on, t.to)?;
        }
        Ok(())
    }
}
