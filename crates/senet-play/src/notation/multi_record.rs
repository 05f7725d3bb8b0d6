//! Records of games of many sides (docs/formats.md): the rules as a two-sided record carries
//! them, the seed, each side's player, and every throw, move and pass, as JSON; replayed and
//! verified event by event on the engine for many sides.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::event::PlaceNote;
use super::record::{FileNote, RulesNote};
use senet_engine::multi::{MultiEvent, MultiMove, MultiOutcome, MultiPosition, MultiRules};
use senet_lang::check::RuleSet;
use senet_lang::types::Place;

pub const MULTI_FORMAT: &str = "senet-multi-record/1";

/// A record of a game of many sides, field by field in the order written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MultiRecord {
    /// [`MULTI_FORMAT`].
    pub format: String,
    pub rules: RulesNote,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    pub turn_cap: u32,
    /// The rules' side names, in side order.
    pub sides: Vec<String>,
    /// Each side's player, in side order.
    pub players: Vec<String>,
    pub events: Vec<MultiEventNote>,
    pub result: MultiResultNote,
    pub moves: u32,
    pub turns: u32,
}

/// A throw, a move or a pass, by the side that made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MultiEventNote {
    Throw {
        side: String,
        value: u8,
    },
    Move {
        side: String,
        from: PlaceNote,
        to: PlaceNote,
        /// The throw it plays, where a turn banks its throws (else the one throw held).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        throw: Option<u8>,
    },
    Pass {
        side: String,
    },
}

/// How the game ended: the winning team's sides, a draw, or not at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MultiResultNote {
    Winners(Vec<String>),
    Draw,
    /// The turn cap came first.
    Unfinished,
    /// A player stopped it.
    Stopped,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MultiReplayError {
    #[error("not a record of a game of many sides (`format` is not \"{MULTI_FORMAT}\")")]
    Format,
    #[error("its form: {0}")]
    Form(String),
    #[error("its sides are not the rules' ({0})")]
    Sides(String),
    #[error("event {0}: {1}")]
    Event(usize, String),
    #[error("its result says {said:?}, the replay ends {found:?}")]
    Result {
        said: MultiResultNote,
        found: MultiResultNote,
    },
}

impl MultiResultNote {
    /// How a game that ended `outcome` (none: stopped at the cap, or by a player if `stopped`)
    /// is written.
    pub fn of(rules: &MultiRules, outcome: Option<MultiOutcome>, stopped: bool) -> Self {
        match outcome {
            Some(MultiOutcome::Win { team }) => MultiResultNote::Winners(
                rules
                    .sides
                    .iter()
                    .filter(|s| s.team == team)
                    .map(|s| s.name.clone())
                    .collect(),
            ),
            Some(MultiOutcome::Draw) => MultiResultNote::Draw,
            None if stopped => MultiResultNote::Stopped,
            None => MultiResultNote::Unfinished,
        }
    }
}

impl MultiEventNote {
    /// A game event as written (the end is the record's `result`, not an event).
    pub fn of(rules: &MultiRules, e: &MultiEvent) -> Option<MultiEventNote> {
        let name = |s: u8| rules.sides[usize::from(s)].name.clone();
        match *e {
            MultiEvent::Throw { side, value } => Some(MultiEventNote::Throw {
                side: name(side),
                value,
            }),
            MultiEvent::Move { side, mv, .. } => Some(MultiEventNote::Move {
                side: name(side),
                from: PlaceNote(mv.from()),
                to: PlaceNote(mv.to()),
                throw: rules.holds_several().then(|| mv.throw()),
            }),
            MultiEvent::Pass { side, .. } => Some(MultiEventNote::Pass { side: name(side) }),
            MultiEvent::End { .. } => None,
        }
    }
}

impl MultiRecord {
    /// The record of a game of `rules` (checked as `set`) with these events and counts.
    pub fn new(
        set: &RuleSet,
        rules: &MultiRules,
        (seed, turn_cap, players): (u64, u32, Vec<String>),
        events: Vec<MultiEventNote>,
        (result, moves, turns): (MultiResultNote, u32, u32),
    ) -> MultiRecord {
        MultiRecord {
            format: MULTI_FORMAT.into(),
            rules: RulesNote {
                id: set.id.clone(),
                source: set.files.first().map_or("", |f| f.name.as_str()).into(),
                hash: set.hash.clone(),
                files: Some(
                    set.files
                        .iter()
                        .map(|f| FileNote {
                            name: f.name.clone(),
                            text: f.text.clone(),
                        })
                        .collect(),
                ),
            },
            options: set.resolved_options().into_iter().collect(),
            seed,
            turn_cap,
            sides: rules.sides.iter().map(|s| s.name.clone()).collect(),
            players,
            events,
            result,
            moves,
            turns,
        }
    }

    /// Reads a record of a game of many sides from its JSON.
    pub fn read(v: &Value) -> Result<MultiRecord, MultiReplayError> {
        if v.get("format").and_then(Value::as_str) != Some(MULTI_FORMAT) {
            return Err(MultiReplayError::Format);
        }
        serde_json::from_value(v.clone()).map_err(|e| MultiReplayError::Form(e.to_string()))
    }

    /// Plays the record again on `rules`: every throw one the throw can give, by the side to
    /// move; every move legal for it; every pass made with no legal move; and the result the
    /// one the replay reaches. The position at the end.
    pub fn replay(&self, rules: &MultiRules) -> Result<MultiPosition, MultiReplayError> {
        let names: Vec<&str> = rules.sides.iter().map(|s| s.name.as_str()).collect();
        if self.sides != names {
            return Err(MultiReplayError::Sides(names.join(", ")));
        }
        let mut pos = MultiPosition::start(rules);
        // The side to move has thrown and is to move or pass (it may hold no throw: a throw of
        // nothing, in a turn that banks its throws).
        let mut deciding = false;
        let mut moves = Vec::new();
        for (k, e) in self.events.iter().enumerate() {
            let fail = |why: String| MultiReplayError::Event(k + 1, why);
            let to_move = names[usize::from(pos.to_move())];
            if rules.outcome(&pos).is_some() {
                return Err(fail("the game was over".into()));
            }
            let side = match e {
                MultiEventNote::Throw { side, .. }
                | MultiEventNote::Move { side, .. }
                | MultiEventNote::Pass { side } => side,
            };
            if side != to_move {
                return Err(fail(format!(
                    "`{side}` played, but `{to_move}` was to move"
                )));
            }
            match (e, deciding) {
                (MultiEventNote::Throw { value, .. }, false) => {
                    if !rules.throws.values.contains(value) {
                        return Err(fail(format!("the throw cannot give {value}")));
                    }
                    pos = rules.thrown(&pos, *value);
                    deciding = !pos.throwing();
                }
                (
                    MultiEventNote::Move {
                        from, to, throw, ..
                    },
                    true,
                ) => {
                    let mv = noted_move(&pos, (from.0, to.0), *throw).map_err(fail)?;
                    rules.moves(&pos, &mut moves);
                    if !moves.contains(&mv) {
                        return Err(fail(format!(
                            "{} -> {} is no legal move for {}",
                            from.0,
                            to.0,
                            mv.throw()
                        )));
                    }
                    pos = rules.apply(&pos, mv).0;
                    deciding = !pos.to_throw();
                }
                (MultiEventNote::Pass { .. }, true) => {
                    rules.moves(&pos, &mut moves);
                    if !moves.is_empty() && !rules.pass_at_will {
                        return Err(fail(format!(
                            "a pass where {:?} has legal moves",
                            pos.pool()
                        )));
                    }
                    pos = rules.pass_held(&pos).0;
                    deciding = false;
                }
                (MultiEventNote::Throw { .. }, true) => {
                    return Err(fail("a throw before the last one was played".into()));
                }
                (_, false) => return Err(fail("a move or a pass without a throw".into())),
            }
        }
        let found = match rules.outcome(&pos) {
            Some(o) => MultiResultNote::of(rules, Some(o), false),
            // Unfinished or stopped: the record says which.
            None if self.result == MultiResultNote::Stopped => MultiResultNote::Stopped,
            None => MultiResultNote::Unfinished,
        };
        if found != self.result {
            return Err(MultiReplayError::Result {
                said: self.result.clone(),
                found,
            });
        }
        Ok(pos)
    }
}

/// The move an event notes, from and to these places, with the throw it plays: the one it
/// names, else the one throw the side holds.
pub fn noted_move(
    pos: &MultiPosition,
    (from, to): (Place, Place),
    throw: Option<u8>,
) -> Result<MultiMove, String> {
    let throw = match (throw, pos.pool()) {
        (Some(v), _) => v,
        (None, &[v]) => v,
        (None, _) => {
            return Err(format!(
                "a move that does not say which of the throws {:?} it plays",
                pos.pool()
            ));
        }
    };
    Ok(MultiMove::new(from, to, throw))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    fn checked() -> (RuleSet, MultiRules) {
        crate::many_sides_fixture::race("a, b, c", 12, 2, &["extra throw after 4"])
    }

    fn recorded(seed: u64) -> (RuleSet, MultiRules, MultiRecord) {
        let (set, rules) = checked();
        let mut events = Vec::new();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let s = rules.play_random(MultiPosition::start(&rules), &mut rng, 2_000);
        // The same game again, its events kept.
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        rules.play(
            MultiPosition::start(&rules),
            &mut rng,
            2_000,
            |_, moves, rng| {
                Some(senet_engine::engine::game::draw_below(
                    rng,
                    rules.choices(moves.len()),
                ))
            },
            |e| events.extend(MultiEventNote::of(&rules, e)),
        );
        let result = MultiResultNote::of(&rules, s.outcome, false);
        let record = MultiRecord::new(
            &set,
            &rules,
            (seed, 2_000, vec!["random".into(); 3]),
            events,
            (result, s.moves, s.turns),
        );
        (set, rules, record)
    }

    #[test]
    fn a_game_replays_from_its_json() {
        let (_, rules, record) = recorded(4);
        let json = serde_json::to_value(&record).unwrap();
        assert_eq!(json["format"], MULTI_FORMAT);
        assert_eq!(json["events"][0]["throw"]["side"], "a");
        let read = MultiRecord::read(&json).unwrap();
        assert_eq!(read, record);
        let end = read.replay(&rules).unwrap();
        assert!(rules.outcome(&end).is_some());
    }

    #[test]
    fn a_changed_record_does_not_replay() {
        let (_, rules, record) = recorded(4);
        let mut wrong = record.clone();
        // The first move made from somewhere else.
        let k = wrong
            .events
            .iter()
            .position(|e| matches!(e, MultiEventNote::Move { .. }))
            .unwrap();
        if let MultiEventNote::Move { to, .. } = &mut wrong.events[k] {
            *to = PlaceNote(senet_lang::types::Place::Off);
        }
        assert!(matches!(
            wrong.replay(&rules),
            Err(MultiReplayError::Event(n, _)) if n == k + 1
        ));
        let mut wrong = record.clone();
        wrong.result = MultiResultNote::Draw;
        assert!(matches!(
            wrong.replay(&rules),
            Err(MultiReplayError::Result { .. })
        ));
        let mut wrong = record;
        wrong.events.truncate(1);
        wrong.events.push(MultiEventNote::Throw {
            side: "a".into(),
            value: 2,
        });
        assert!(matches!(
            wrong.replay(&rules),
            Err(MultiReplayError::Event(2, _))
        ));
    }
}
