//! A game told as compact sentences, from the events the game reports (and the engine's
//! reports of each move in them). In a game with a person, what happens between that person's
//! decisions is kept and told with the next decision; otherwise it is told at once.

use super::game::{Style, move_words, pass_words, throws_text};
use senet_engine::engine::Engine;
use senet_engine::engine::game::GameEvent;
use senet_lang::types::{PerSide, Side};

pub struct Narrator<'a> {
    engine: &'a Engine,
    style: Style,
    /// The players' names, in player order.
    players: Vec<String>,
    /// Whether to keep lines for the next decision instead of telling them at once.
    hold: bool,
    kept: Vec<String>,
    /// Lines to print now.
    out: Vec<String>,
    /// Throws of the side to move not told yet.
    throws: Vec<u8>,
    /// Whether they are dice passed to it by the other side, not thrown.
    passed: bool,
    /// Throws for seats not told yet.
    seat_throws: Vec<String>,
    /// Which sides a person has moved for.
    moved: PerSide<bool>,
    /// The match points each turn a side cannot play scores for the other (`pass scores N for
    /// the other side`; 0: none).
    pass_score: u32,
}

impl<'a> Narrator<'a> {
    /// A narrator for a game between `players`; with `hold`, lines wait for the next decision.
    pub fn new(engine: &'a Engine, style: Style, players: &[impl ToString], hold: bool) -> Self {
        Narrator {
            engine,
            style,
            players: players.iter().map(ToString::to_string).collect(),
            hold,
            kept: Vec::new(),
            out: Vec::new(),
            throws: Vec::new(),
            passed: false,
            seat_throws: Vec::new(),
            moved: PerSide::default(),
            pass_score: engine.rules.pass_score,
        }
    }

    /// The same, in a match that scores `points` for each pass (a match of other rule sets
    /// than the game's, `match games ...`, says so in its own file).
    pub fn scoring_passes(mut self, points: u32) -> Self {
        self.pass_score = points;
        self
    }

    /// Whether nothing is held back for lines to come (no throws, seat throws or kept lines
    /// untold, no person's move remembered): a new narrator told the events from here on would
    /// tell them the same.
    pub fn is_quiet(&self) -> bool {
        self.out.is_empty()
            && self.kept.is_empty()
            && self.throws.is_empty()
            && self.seat_throws.is_empty()
            && self.moved == PerSide::default()
    }

    /// The lines to print now.
    pub fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
    }

    fn line(&mut self, text: String) {
        if self.hold {
            self.kept.push(text);
        } else {
            self.out.push(text);
        }
    }

    fn side(&self, s: Side) -> String {
        self.style.side(self.engine, s)
    }

    fn player(&self, p: u8) -> String {
        format!("player {} ({})", p + 1, self.players[usize::from(p)])
    }

    /// Tells one event. `person[side]` says whether a person plays that side: a person's chosen
    /// move is told at once, right after the prompt.
    pub fn event(&mut self, e: &GameEvent, person: PerSide<bool>) {
        let engine = self.engine;
        match *e {
            GameEvent::SeatThrow {
                player,
                value,
                took,
            } => {
                self.seat_throws
                    .push(format!("player {} throws {value}", player + 1));
                if let Some(side) = took {
                    let text = format!(
                        "Seats: {}; so {} plays {} and {} plays {}.",
                        self.seat_throws.join(", "),
                        self.player(player),
                        self.side(side),
                        self.player(1 - player),
                        self.side(side.other())
                    );
                    self.seat_throws.clear();
                    self.line(text);
                }
            }
            GameEvent::StartThrow {
                side,
                value,
                starts,
            } => {
                let opening = self.engine.rules.opening_throw.is_some();
                self.seat_throws
                    .push(format!("{} throws {value}", self.side(side)));
                if opening && side == Side::Second && starts.is_none() {
                    self.seat_throws.push("equal: again".into());
                }
                if let Some(first) = starts {
                    let text = format!(
                        "{}: {}; so {} moves first.",
                        if opening {
                            "Opening throw"
                        } else {
                            "Throw-off"
                        },
                        self.seat_throws.join(", "),
                        self.side(first)
                    );
                    self.seat_throws.clear();
                    self.line(text);
                }
            }
            GameEvent::Throw { value, passed, .. } => {
                self.throws.push(value);
                self.passed |= passed;
            }
            GameEvent::TurnLost { side, .. } => {
                let name = self.side(side);
                self.line(format!("{name} loses this turn."));
            }
            GameEvent::Move {
                side,
                throw,
                ref mv,
                ref report,
                after,
            } => {
                let words = move_words(
                    engine,
                    side,
                    report,
                    throw,
                    engine.outcome(&after),
                    self.style,
                );
                // The next run of a double whose dice are listed comes without a throw.
                let again = if after.passed().is_some() && after.to_move() == side {
                    "; plays on with its double"
                } else if words.extra_throw {
                    "; throws again"
                } else {
                    ""
                };
                let name = self.side(side);
                if let Some(v) = mv.plays() {
                    // A turn that plays each throw whole: the throws, then each one played.
                    if !self.throws.is_empty() {
                        let thrown = throws_text(engine, &self.throws, false);
                        self.throws.clear();
                        self.line(format!("{name} throws {thrown}."));
                    }
                    let text = format!("  {name} plays its {v}: {}{again}.", words.text);
                    if person[side] {
                        self.moved[side] = true;
                        self.out.push(text);
                    } else {
                        self.line(text);
                    }
                } else if throw.is_zero() {
                    self.line(format!(
                        "{name} makes its opening move (no throw): {}{again}.",
                        words.text
                    ));
                } else if person[side] && self.throws.is_empty() {
                    // A person's choice, right after the prompt.
                    self.moved[side] = true;
                    self.out
                        .push(format!("  {name} moves {}{again}.", words.text));
                } else if self.passed {
                    let thrown = throws_text(engine, &self.throws, false);
                    self.throws.clear();
                    self.passed = false;
                    let how = not_thrown(engine);
                    self.line(format!(
                        "{name} plays {thrown}, {how}, and moves {}{again}.",
                        words.text
                    ));
                } else {
                    let thrown = throws_text(engine, &self.throws, false);
                    self.throws.clear();
                    self.line(format!(
                        "{name} throws {thrown} and moves {}{again}.",
                        words.text
                    ));
                }
            }
            GameEvent::Pass {
                side,
                throw,
                ref report,
                ..
            } => {
                let name = self.side(side);
                let more = pass_words(engine, side, report, self.pass_score);
                let spend = self.engine.rules.throw_again != 0 && !self.engine.rules.split;
                let text = if spend && self.throws.is_empty() {
                    format!("{name} can play none of the throws it has left: its turn ends{more}.")
                } else if throw.is_zero() && self.throws.is_empty() {
                    format!("{name} has no opening move and passes{more}.")
                } else if self.throws.is_empty() {
                    let throw = super::game::throw_short(engine, throw);
                    format!("{name} has no legal move with {throw} and passes{more}.")
                } else if self.passed {
                    let thrown = throws_text(engine, &self.throws, false);
                    let how = not_thrown(engine);
                    format!("{name} cannot use {thrown}, {how}: they are lost{more}.")
                } else {
                    let thrown = throws_text(engine, &self.throws, false);
                    format!("{name} throws {thrown}: no legal move, {name} passes{more}.")
                };
                self.throws.clear();
                self.passed = false;
                self.line(text);
            }
            GameEvent::End { .. } => {}
        }
    }

    /// What was kept since side `s`'s person last moved, under a heading (nothing if nothing
    /// was kept).
    pub fn flush(&mut self, s: Side) -> Vec<String> {
        if self.kept.is_empty() {
            return Vec::new();
        }
        let heading = if self.moved[s] {
            "Since your last move:"
        } else {
            "So far:"
        };
        std::iter::once(heading.to_string())
            .chain(self.kept.drain(..).map(|l| format!("  {l}")))
            .collect()
    }

    /// The throws of the side to move, told in full before its decision.
    pub fn throw_line(&mut self, s: Side) -> Option<String> {
        if self.throws.is_empty() {
            return None;
        }
        let text = format!(
            "{} {}: {}",
            self.side(s),
            if self.passed {
                "plays the dice passed to it"
            } else {
                "throws"
            },
            throws_text(self.engine, &self.throws, true)
        );
        self.throws.clear();
        self.passed = false;
        Some(text)
    }
}

/// What dice a side plays but did not throw are: passed by the other side, or the next run of
/// a double whose dice are listed.
fn not_thrown(engine: &Engine) -> &'static str {
    match &engine.rules.stacked {
        Some(t) if !t.next_run.is_empty() => "the next of its double",
        _ => "passed to it",
    }
}
