//! The games of `senet serve` of more than two sides: each kept as its rules, players, seed and
//! decisions ([`ManySession`]), and rebuilt from them on every request on the engine for many
//! sides, as the games of two are ([`super::games`]). The agents' turns are played until a person
//! is to throw or to choose, or the game ends, or the request's [`Budget`] runs out: the game is
//! then stopped there for good. The log is told afresh from the game's events (the engine for
//! many sides replays a game in a fraction of a millisecond), its last lines only.

use std::mem::size_of;
use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Map, Value, json};

use super::games::{Budget, HINT_SEED};
use senet::agents::ManyAgent;
use senet::check::RuleSet;
use senet::multi::{MultiEvent, MultiMove, MultiOutcome, MultiRules};
use senet::notation::event::PlaceNote;
use senet::notation::multi::position_json;
use senet::notation::multi_record::MultiRecord;
use senet::players;
use senet::render::many_words::{event_line, move_text, outcome_text, team_name, throws_text};
use senet::render::svg::Shown;
use senet::render::svg_many::{ManyDrawing, held_shown, svg_many};
use senet::seed::mix;
use senet::session_many::{ManyDecision, ManyNeeds, ManyPlay, ManySession};
use senet::types::{Lot, PathPos, Place, ThrowDevice};

/// The most lines of its log a game's state gives (its record has every event).
pub const MAX_LOG_LINES: usize = 600;

/// Rules of more than two sides and their compiled form, shared by the games played under them.
pub struct ManyCompiled {
    pub rules: Arc<RuleSet>,
    pub multi: Arc<MultiRules>,
}

/// A game of more than two sides as the server keeps it.
pub struct ManyStored {
    pub rules: Arc<RuleSet>,
    pub multi: Arc<MultiRules>,
    pub session: ManySession,
    /// Where (after how many decisions) and why the server stopped the game before its end.
    pub halt: Option<(usize, String)>,
}

/// What a game of many sides waits for: a person's throw or choice (by side), or nothing more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaiting {
    Throw(u8),
    Move(u8),
    Over,
    /// Nothing more: the server stopped the game ([`ManyStored::stopped`] says why).
    Stopped,
}

/// A game of many sides rebuilt from its decisions.
pub struct ManyBuilt {
    pub play: ManyPlay,
    pub awaiting: Awaiting,
}

impl ManyStored {
    /// The bytes the game keeps (not counting its rules, shared by the games of the same rules).
    pub fn kept_bytes(&self) -> usize {
        size_of::<ManyStored>()
            + self
                .session
                .players
                .iter()
                .map(|p| p.name.capacity() + size_of::<players::Player>())
                .sum::<usize>()
            + self.session.decisions.capacity() * size_of::<ManyDecision>()
            + self.halt.as_ref().map_or(0, |(_, why)| why.capacity())
    }

    /// Why the server stopped the game where its decisions end, if it did.
    pub fn stopped(&self) -> Option<&str> {
        self.halt
            .as_ref()
            .filter(|(at, _)| *at == self.session.decisions.len())
            .map(|(_, why)| why.as_str())
    }

    /// Rebuilds the game from its decisions. With a budget to `advance` by, the agents choose
    /// where the decisions run out (their choices kept as decisions) until a person is to throw
    /// or to choose or the game is over, the budget checked before each choice: once it is
    /// spent, the game stops there for good. Without, it stops where the decisions run out.
    pub fn build(&mut self, advance: Option<&Budget>) -> Result<ManyBuilt, String> {
        if self
            .halt
            .as_ref()
            .is_some_and(|(at, _)| *at != self.session.decisions.len())
        {
            // Decisions were taken back: the game goes on from there.
            self.halt = None;
        }
        if let Some(p) = ManySession::unplayable(&self.session.players) {
            return Err(format!(
                "`{p}` does not play the games of the engine for many sides: their players are `human`, `random`, `greedy` and `expectimax`"
            ));
        }
        let multi = Arc::clone(&self.multi);
        let mut play = ManyPlay::new(&multi, &self.session);
        let mut needs = play
            .follow(&multi, &self.session)
            .map_err(|e| e.to_string())?;
        let awaiting = loop {
            match needs {
                ManyNeeds::Over => break Awaiting::Over,
                ManyNeeds::Throw { side } => break Awaiting::Throw(side),
                _ if self.stopped().is_some() => break Awaiting::Stopped,
                ManyNeeds::Choose { side } if self.session.is_person(side) => {
                    break Awaiting::Move(side);
                }
                ManyNeeds::Choose { side } => {
                    let Some(budget) = advance else {
                        break Awaiting::Move(side);
                    };
                    if let Some(reason) = budget.exceeded(play.events.len(), self.kept_bytes()) {
                        self.halt = Some((self.session.decisions.len(), reason));
                        break Awaiting::Stopped;
                    }
                    let k = self
                        .session
                        .agent_choice(&multi, &play)
                        .ok_or("no agent plays the side to choose")?;
                    needs = play
                        .take(&multi, &mut self.session, ManyDecision::Choose(k))
                        .map_err(|e| e.to_string())?;
                }
            }
        };
        Ok(ManyBuilt { play, awaiting })
    }

    /// Takes back the last choice a person made, and what followed it; false if there is none.
    pub fn undo(&mut self, built: &ManyBuilt) -> bool {
        built.play.undo(&mut self.session)
    }

    /// The record of the game so far, as `senet play --record` writes it.
    pub fn record(&self, built: &ManyBuilt) -> MultiRecord {
        self.session.record(
            &self.rules,
            &self.multi,
            &built.play,
            built.awaiting != Awaiting::Over,
        )
    }

    /// The choice the `expectimax` agent would make where a person is to choose.
    pub fn hint(&self, built: &ManyBuilt) -> Option<usize> {
        let Awaiting::Move(_) = built.awaiting else {
            return None;
        };
        let game = &built.play.game;
        let mut rng = Pcg64Mcg::seed_from_u64(mix(self.session.seed ^ HINT_SEED));
        if game.moves().is_empty() {
            return None;
        }
        Some(ManyAgent::Expectimax.choose(&self.multi, &game.pos, game.moves(), &mut rng))
    }

    /// The board as the game stands: the pieces, and the throw in hand where a side is to choose.
    pub fn svg(&self, built: &ManyBuilt, paths: bool, narrow: bool) -> String {
        let throw = match built.awaiting {
            Awaiting::Move(_) => held_shown(&built.play.game.pos),
            _ => Shown::Nothing,
        };
        svg_many(
            &self.rules,
            &ManyDrawing {
                position: &built.play.game.pos,
                throw,
                paths,
                narrow,
            },
        )
    }

    /// The game as the API gives it, in the shape of a game of two sides' state: the rules, the
    /// players, the position and the throw in hand, what it waits for, the choices a person makes
    /// among (the pass among them, where a side may pass at will), the log's last lines, and
    /// the outcome once it is over; besides, each side's `team` and the `teams`.
    pub fn state_json(&self, id: &str, built: &ManyBuilt) -> Value {
        let (r, multi) = (&self.rules, &*self.multi);
        let game = &built.play.game;
        let sides: Vec<Value> = multi
            .sides
            .iter()
            .enumerate()
            .map(|(k, side)| {
                let player = &self.session.players[k];
                json!({ "name": side.name, "colour": side.colour,
                        "player": player, "team": team_name(multi, side.team),
                        "path": side.path.iter().map(|&q| u16::from(q) + 1).collect::<Vec<_>>(),
                        "goal": goal(multi, k) })
            })
            .collect();
        let mut teams: Vec<String> = Vec::new();
        for side in &multi.sides {
            let team = team_name(multi, side.team);
            if !teams.contains(&team) {
                teams.push(team);
            }
        }
        let options: Map<String, Value> = r
            .resolved_options()
            .into_iter()
            .map(|(k, v)| (k, json!(v)))
            .collect();
        // The throw in hand: the last thrown, where a turn banks its throws (the text says all
        // it holds).
        let in_hand = match built.awaiting {
            Awaiting::Move(_) => built.play.turn_throws().last().copied(),
            _ => None,
        };
        let held = game.pos.pool();
        let mut v = json!({
            "id": id,
            "rules": { "id": r.id, "title": r.title },
            "options": options,
            "players": self.session.players,
            "seed": self.session.seed,
            "sides": sides,
            "teams": teams,
            "position": position_json(multi, &game.pos),
            "throw": in_hand,
            "dice": false,
            "tetrahedra": matches!(r.throw, ThrowDevice::Sticks { lot: Lot::Tetrahedra, .. }),
            "cowries": matches!(r.throw, ThrowDevice::Sticks { lot: Lot::Cowries, .. }),
            "lots": match r.throw {
                ThrowDevice::Sticks { count, .. } => Some(count),
                _ => None,
            },
            // Every throw the side holds: `10 and 1` where a throw gives an extra move.
            "throw_text": in_hand.map(|_| throws_text(held)),
            "throws": built.play.turn_throws(),
            "passed": false,
            "awaiting": match built.awaiting {
                Awaiting::Throw(_) => "throw",
                Awaiting::Move(_) => "move",
                Awaiting::Over | Awaiting::Stopped => "over",
            },
            "moves": [],
            "log": self.log(built),
            "moves_played": game.summary.moves,
            "turns": game.summary.turns,
            "can_undo": built.play.can_undo(),
            "last_move": last_move_json(multi, &built.play.events),
        });
        match built.awaiting {
            Awaiting::Throw(side) => v["to_move"] = json!(multi.sides[usize::from(side)].name),
            Awaiting::Move(side) => {
                v["to_move"] = json!(multi.sides[usize::from(side)].name);
                let mut moves: Vec<Value> = game
                    .moves()
                    .iter()
                    .enumerate()
                    .map(|(i, &mv)| {
                        let (_, report) = multi.apply(&game.pos, mv);
                        json!({
                            "index": i,
                            "throw": mv.throw(),
                            "text": move_text(multi, &game.pos, mv),
                            "steps": [{ "from": PlaceNote(mv.from()), "to": PlaceNote(mv.to()) }],
                            "squares": squares(multi, game.pos.to_move(), mv),
                            "extra_throw": report.extra_throw,
                        })
                    })
                    .collect();
                // The pass, where a side may leave its throw unplayed: the last choice.
                if multi.pass_at_will {
                    moves.push(json!({ "index": moves.len(), "throw": in_hand, "text": "pass, leaving the throw unplayed",
                                       "steps": [], "squares": [], "pass": true,
                                       "extra_throw": multi.pass_held(&game.pos).1 }));
                }
                v["moves"] = json!(moves);
                v["by_steps"] = json!(false);
            }
            Awaiting::Over => {
                v["outcome"] = outcome_json(multi, game.summary.outcome);
            }
            Awaiting::Stopped => {
                v["outcome"] = outcome_json(multi, None);
                v["stopped"] = json!(self.stopped());
            }
        }
        v
    }

    /// The last [`MAX_LOG_LINES`] lines of the game's log, after a line saying how many went
    /// before; with how it ended, where the server stopped it.
    fn log(&self, built: &ManyBuilt) -> Vec<String> {
        let mut lines: Vec<String> = built
            .play
            .events
            .iter()
            .filter_map(|e| event_line(&self.multi, e))
            .collect();
        if let (Awaiting::Stopped, Some(why)) = (built.awaiting, self.stopped()) {
            let s = &built.play.game.summary;
            lines.push(format!(
                "Game stopped by the server after {} moves ({} turns): {why}.",
                s.moves, s.turns
            ));
        }
        let dropped = lines.len().saturating_sub(MAX_LOG_LINES);
        if dropped == 0 {
            return lines;
        }
        let mut log = vec![format!(
            "({dropped} earlier lines of the log are not shown: the game's record has every event)"
        )];
        log.extend(lines.drain(dropped..));
        log
    }
}

/// A side's goal in words.
fn goal(multi: &MultiRules, side: usize) -> String {
    let s = &multi.sides[side];
    let partners = multi.sides.iter().filter(|x| x.team == s.team).count();
    let whose = if partners > 1 {
        format!("; {} win together", team_name(multi, s.team))
    } else {
        String::new()
    };
    format!(
        "bear off all its pieces at the end of its path of {} places{whose}",
        s.path.len()
    )
}

/// How the game ended, in the shape of a game of two sides' `outcome`: `winner` (the winning
/// team's sides as words) and `winners` (their names), a draw, or unfinished.
fn outcome_json(multi: &MultiRules, outcome: Option<MultiOutcome>) -> Value {
    match outcome {
        Some(MultiOutcome::Win { team }) => {
            let winners: Vec<&str> = multi
                .sides
                .iter()
                .filter(|s| s.team == team)
                .map(|s| s.name.as_str())
                .collect();
            json!({ "winner": team_name(multi, team), "winners": winners,
                    "text": outcome_text(multi, MultiOutcome::Win { team }) })
        }
        Some(MultiOutcome::Draw) => json!({ "draw": true }),
        None => json!({ "unfinished": true }),
    }
}

/// The squares a move of `side` goes from and to (`null`: waiting, or off), as a game of two
/// sides' moves give them.
fn squares(multi: &MultiRules, side: u8, mv: MultiMove) -> Value {
    let path = &multi.sides[usize::from(side)].path;
    let square = |p: Place| p.on_path().map(|q: PathPos| u16::from(path[q.index()]) + 1);
    json!([{ "from": square(mv.from()), "to": square(mv.to()) }])
}

/// The most recent move of `events`, as a game of two sides' `last_move`, with `captured_side`:
/// the side whose pieces it took. `null` before any move.
fn last_move_json(multi: &MultiRules, events: &[MultiEvent]) -> Value {
    let Some(event) = events
        .iter()
        .rev()
        .find(|e| matches!(e, MultiEvent::Move { .. }))
    else {
        return Value::Null;
    };
    let MultiEvent::Move {
        side, mv, report, ..
    } = *event
    else {
        return Value::Null;
    };
    let name = |s: u8| multi.sides[usize::from(s)].name.clone();
    let line = event_line(multi, event).unwrap_or_default();
    json!({
        "side": name(side),
        "steps": [{ "from": PlaceNote(mv.from()), "to": PlaceNote(mv.to()) }],
        "squares": squares(multi, side, mv),
        "text": line.trim_start(),
        "captures": u32::from(report.captured.is_some()),
        "captured_side": report.captured.map(|(s, _)| name(s)),
        "swaps": 0,
        "extra_throw": report.extra_throw,
    })
}
