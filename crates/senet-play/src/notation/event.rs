//! A game's events and its result as JSON (docs/formats.md): one serde type for each, written by
//! records and read back by their replay.

use serde::de::{self, Deserializer, Unexpected};
use serde::{Deserialize, Serialize, Serializer};

use super::position::MoveMarks;
use senet_engine::engine::game::GameEvent;
use senet_engine::engine::{Engine, Move, Outcome, Step};
use senet_lang::types::{PathPos, Place, Side};

/// A piece's place as JSON writes it: its path position, `0` (waiting), `"off"`, `"removed"`;
/// `"waiting"` is read as `0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaceNote(pub Place);

impl Serialize for PlaceNote {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Place::Waiting => s.serialize_u32(0),
            Place::On(p) => s.serialize_u8(p.get()),
            Place::Off => s.serialize_str("off"),
            Place::Removed => s.serialize_str("removed"),
        }
    }
}

impl<'de> Deserialize<'de> for PlaceNote {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlaceNote, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(u64),
            Word(String),
        }
        const EXPECTED: &str = "a path position, 0 (waiting), \"off\" or \"removed\"";
        Ok(PlaceNote(match Raw::deserialize(d)? {
            Raw::Number(0) => Place::Waiting,
            Raw::Number(n) => u32::try_from(n)
                .ok()
                .and_then(PathPos::new)
                .map(Place::On)
                .ok_or_else(|| de::Error::invalid_value(Unexpected::Unsigned(n), &EXPECTED))?,
            Raw::Word(w) => match w.as_str() {
                "off" => Place::Off,
                "removed" => Place::Removed,
                "waiting" => Place::Waiting,
                _ => return Err(de::Error::invalid_value(Unexpected::Str(&w), &EXPECTED)),
            },
        }))
    }
}

/// One step of a move: where the piece went from and to (`{"from", "to"}`), or, where the dice
/// take pieces (`dice take lone pieces on their number`), the other side's position whose piece
/// it took (`{"take": N}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepNote {
    Move { from: PlaceNote, to: PlaceNote },
    Take(PathPos),
}

impl StepNote {
    /// The steps of `mv`.
    pub fn of(mv: &Move) -> Vec<StepNote> {
        mv.steps().iter().map(|&s| StepNote::from_step(s)).collect()
    }

    pub fn from_step(s: Step) -> StepNote {
        match s.taken() {
            Some(p) => StepNote::Take(p),
            None => StepNote::Move {
                from: PlaceNote(s.from()),
                to: PlaceNote(s.to()),
            },
        }
    }

    /// The step it notes.
    pub fn step(self) -> Step {
        match self {
            StepNote::Move { from, to } => Step::new(from.0, to.0),
            StepNote::Take(p) => Step::take(p),
        }
    }
}

/// A step as JSON has it: `from` and `to`, or `take`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<PlaceNote>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<PlaceNote>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    take: Option<u8>,
}

impl Serialize for StepNote {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            StepNote::Move { from, to } => RawStep {
                from: Some(from),
                to: Some(to),
                take: None,
            },
            StepNote::Take(p) => RawStep {
                from: None,
                to: None,
                take: Some(p.get()),
            },
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for StepNote {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<StepNote, D::Error> {
        let raw = RawStep::deserialize(d)?;
        match raw {
            RawStep {
                from: Some(from),
                to: Some(to),
                take: None,
            } => Ok(StepNote::Move { from, to }),
            RawStep {
                from: None,
                to: None,
                take: Some(n),
            } => PathPos::new(u32::from(n))
                .map(StepNote::Take)
                .ok_or_else(|| {
                    de::Error::invalid_value(Unexpected::Unsigned(u64::from(n)), &"a path position")
                }),
            _ => Err(de::Error::custom(
                "a step is `{\"from\", \"to\"}`, or `{\"take\": N}` where the dice take pieces",
            )),
        }
    }
}

/// `true`, and only that: the mark of a result (`{"draw": true}`, `{"stopped": true}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct True;

impl Serialize for True {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(true)
    }
}

impl<'de> Deserialize<'de> for True {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<True, D::Error> {
        match bool::deserialize(d)? {
            true => Ok(True),
            false => Err(de::Error::invalid_value(Unexpected::Bool(false), &"true")),
        }
    }
}

/// How a game ended, or why it has no end: a win (by side name, with its match points), a draw,
/// a game a player stopped (to be taken up again), one stopped unfinished (its turn cap).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum ResultNote {
    Win { winner: String, match_points: u32 },
    Draw { draw: True },
    Stopped { stopped: True },
    Unfinished { unfinished: True },
}

impl ResultNote {
    /// The result of a game with `outcome`.
    pub fn of(engine: &Engine, outcome: &Outcome) -> ResultNote {
        match outcome {
            Outcome::Win { side, points } => ResultNote::Win {
                winner: engine.rules.sides[*side].name.clone(),
                match_points: *points,
            },
            Outcome::Draw => ResultNote::Draw { draw: True },
        }
    }

    pub const STOPPED: ResultNote = ResultNote::Stopped { stopped: True };
    pub const UNFINISHED: ResultNote = ResultNote::Unfinished { unfinished: True };
}

/// One event of a game as a record holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A throw for seats by player `player` (from 1); the one that decides says which side it
    /// `takes`.
    Seat {
        player: u32,
        throw: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        takes: Option<String>,
    },
    /// A throw of the throw-off; the deciding one says which side `starts`.
    Start {
        side: String,
        throw: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        starts: Option<String>,
    },
    /// A throw; where dice are played one by one, `value` is a code for the faces shown and
    /// `dice` gives them, largest first.
    Throw {
        side: String,
        value: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<Vec<u8>>,
        /// Not thrown: the dice the other side could not use, passed to this side (`unused
        /// dice pass to the other side`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        passed: bool,
    },
    /// A move: the throw it plays (records written before it was kept have none), its steps,
    /// and what sets it apart from a move with the same steps.
    Move {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        throw: Option<u16>,
        steps: Vec<StepNote>,
        #[serde(flatten)]
        marks: MoveMarks,
    },
    TurnLost {
        side: String,
    },
    Pass {
        side: String,
        throw: u16,
    },
    End(ResultNote),
}

impl Event {
    /// A game's event as a record holds it.
    pub fn of(engine: &Engine, e: &GameEvent) -> Event {
        let name = |s: Side| engine.rules.sides[s].name.clone();
        match *e {
            GameEvent::SeatThrow {
                player,
                value,
                took,
            } => Event::Seat {
                player: u32::from(player) + 1,
                throw: value,
                takes: took.map(name),
            },
            GameEvent::StartThrow {
                side,
                value,
                starts,
            } => Event::Start {
                side: name(side),
                throw: value,
                starts: starts.map(name),
            },
            GameEvent::Throw {
                side,
                value,
                passed,
            } => Event::Throw {
                side: name(side),
                value,
                // Dice passed are a code of their own, not a throw of the device.
                dice: if passed {
                    engine
                        .rules
                        .stacked
                        .as_ref()
                        .and_then(|t| t.pools.get(usize::from(value)).cloned())
                } else {
                    engine.rules.device.dice_of(value)
                },
                passed,
            },
            GameEvent::Move {
                side,
                throw,
                ref mv,
                ..
            } => Event::Move {
                side: name(side),
                throw: Some(throw.get()),
                steps: StepNote::of(mv),
                marks: MoveMarks::of(mv),
            },
            GameEvent::TurnLost { side, .. } => Event::TurnLost { side: name(side) },
            GameEvent::Pass { side, throw, .. } => Event::Pass {
                side: name(side),
                throw: throw.get(),
            },
            GameEvent::End { ref outcome } => Event::End(ResultNote::of(engine, outcome)),
        }
    }
}

impl std::fmt::Display for Event {
    /// As JSON, on one line: how messages quote an event.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = serde_json::to_string(self).map_err(|_| std::fmt::Error)?;
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move's marks go after its other fields, only those that hold, in the documented order,
    /// and read back as they were written; a move without marks gets no field.
    #[test]
    fn move_marks_are_written_after_the_steps_and_read_back() {
        let marks = MoveMarks {
            retreat: true,
            stays: true,
            follows: Some(1),
            declines_throw: true,
            ends_turn: true,
        };
        let marked = Event::Move {
            side: "red".into(),
            throw: Some(2),
            steps: Vec::new(),
            marks,
        };
        let text = r#"{"move":{"side":"red","throw":2,"steps":[],"retreat":true,"stays":true,"follows":1,"declines_throw":true,"ends_turn":true}}"#;
        assert_eq!(serde_json::to_string(&marked).unwrap(), text);
        assert_eq!(serde_json::from_str::<Event>(text).unwrap(), marked);
        let plain = Event::Move {
            side: "red".into(),
            throw: Some(2),
            steps: Vec::new(),
            marks: MoveMarks::default(),
        };
        let text = r#"{"move":{"side":"red","throw":2,"steps":[]}}"#;
        assert_eq!(serde_json::to_string(&plain).unwrap(), text);
        assert_eq!(serde_json::from_str::<Event>(text).unwrap(), plain);
        let bad = r#"{"move":{"side":"red","steps":[],"retreat":"yes"}}"#;
        assert!(serde_json::from_str::<Event>(bad).is_err());
    }

    /// A place is a number or a word, and nothing else: `"waiting"` reads as `0`.
    #[test]
    fn places_are_written_and_read_as_numbers_and_words() {
        for (place, text) in [
            (Place::Waiting, "0"),
            (Place::On(PathPos::new(12).unwrap()), "12"),
            (Place::Off, "\"off\""),
            (Place::Removed, "\"removed\""),
        ] {
            assert_eq!(serde_json::to_string(&PlaceNote(place)).unwrap(), text);
            assert_eq!(
                serde_json::from_str::<PlaceNote>(text).unwrap(),
                PlaceNote(place)
            );
        }
        let waiting: PlaceNote = serde_json::from_str("\"waiting\"").unwrap();
        assert_eq!(waiting, PlaceNote(Place::Waiting));
        for bad in ["\"home\"", "-1", "1000", "1.5", "null"] {
            assert!(serde_json::from_str::<PlaceNote>(bad).is_err(), "{bad}");
        }
    }
}
