//! Positions as JSON: side names, path positions, `0` waiting, `"off"`, `"removed"`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use senet_engine::engine::{
    Engine, Listing, Move, Outcome, Position, SPLIT_STATES, Setup, SetupError, Way,
};
use senet_lang::types::{PathPos, PerSide, Place, Side, Throw};

/// A piece's place in JSON: its path position, `0` (waiting), `"off"`, `"removed"`.
pub fn place_json(place: Place) -> Value {
    match place {
        Place::Waiting => json!(0),
        Place::On(p) => json!(p.get()),
        Place::Off => json!("off"),
        Place::Removed => json!("removed"),
    }
}

/// The pieces of every side, by side name: waiting first, then along the path, then off and
/// removed.
pub fn pieces_json(engine: &Engine, pos: &Position) -> Value {
    let mut map = Map::new();
    for (s, side) in engine.rules.sides.iter() {
        let list = pos.places(s).into_iter().map(place_json).collect();
        map.insert(side.name.clone(), Value::Array(list));
    }
    Value::Object(map)
}

/// Whether a position holds some per-side state for a side.
type SideTest = fn(&Position, Side) -> bool;

/// A position as JSON, with the throw in hand (`null` when the side to move has yet to throw).
pub fn position_json(engine: &Engine, pos: &Position, throw: Option<Throw>) -> Value {
    let r = &engine.rules;
    let mut v = json!({
        "to_move": r.sides[pos.to_move()].name,
        "throw": throw.map(Throw::get),
        "pieces": pieces_json(engine, pos),
    });
    // Per-side state, listed by side name only where some side has it.
    let flags: [(&str, SideTest); 4] = [
        ("opening", Position::opening_due),
        ("not_begun", |p, s| !p.begun(s)),
        ("loses_turn", Position::loses_turn),
        ("moves_next", Position::moves_next),
    ];
    for (field, has) in flags {
        let sides: Vec<&str> = r
            .sides
            .iter()
            .filter(|(s, _)| has(pos, *s))
            .map(|(_, side)| side.name.as_str())
            .collect();
        if !sides.is_empty() {
            v[field] = json!(sides);
        }
    }
    // Pieces that have not moved yet, by side: listed only where some side has one.
    let unmoved: Map<String, Value> = r
        .sides
        .iter()
        .filter_map(|(s, side)| {
            let list: Vec<u8> = pos.unmoved(r, s).map(|p| p.get()).collect();
            (!list.is_empty()).then(|| (side.name.clone(), json!(list)))
        })
        .collect();
    if !unmoved.is_empty() {
        v["unmoved"] = Value::Object(unmoved);
    }
    if let Some(way) = pos.moved_this_turn() {
        v["moved_this_turn"] = json!(way_name(way));
    }
    if pos.throws_owed() > 0 {
        v["throws_owed"] = json!(pos.throws_owed());
    }
    v
}

/// What sets a move apart from another with the same steps, as `senet moves` and game records
/// write it (docs/formats.md), each only where it holds: the one type these marks are written
/// and read by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveMarks {
    /// The move is a retreat.
    #[serde(default, skip_serializing_if = "is_false")]
    pub retreat: bool,
    /// The piece declines a square's optional effect and stays where it landed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stays: bool,
    /// `1`: the piece follows one optional effect and declines the next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follows: Option<u8>,
    /// The side declines the extra throw it may take.
    #[serde(default, skip_serializing_if = "is_false")]
    pub declines_throw: bool,
    /// The player ends the turn after the move.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ends_turn: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl MoveMarks {
    /// The marks of `mv`.
    pub fn of(mv: &Move) -> MoveMarks {
        MoveMarks {
            retreat: mv.is_retreat(),
            stays: mv.stays(),
            follows: mv.one_hop().then_some(1),
            declines_throw: mv.declines_throw(),
            ends_turn: mv.ends_turn(),
        }
    }

    /// The marks a move's JSON object carries (its other fields are not the marks').
    pub fn read(v: &Value) -> Result<MoveMarks, String> {
        MoveMarks::deserialize(v).map_err(|e| format!("its marks: {e}"))
    }

    /// Adds the marks that hold to the JSON object `v`, after its other fields.
    pub fn add_to(self, v: &mut Value) {
        if let (Value::Object(o), Ok(Value::Object(marks))) = (v, serde_json::to_value(self)) {
            o.extend(marks);
        }
    }
}

/// A way of moving as JSON gives it.
fn way_name(way: Way) -> &'static str {
    match way {
        Way::Forward => "forward",
        Way::Backward => "backward",
    }
}

pub fn steps_json(mv: &Move) -> Value {
    Value::Array(
        mv.steps()
            .iter()
            .map(|s| json!({ "from": place_json(s.from()), "to": place_json(s.to()) }))
            .collect(),
    )
}

pub fn outcome_json(engine: &Engine, outcome: &Outcome) -> Value {
    match outcome {
        Outcome::Win { side, points } => {
            json!({ "winner": engine.rules.sides[*side].name, "match_points": points })
        }
        Outcome::Draw => json!({ "draw": true }),
    }
}

/// Why a position (docs/formats.md) could not be read, or its moves listed. Every message is
/// for a person.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    /// The JSON is not of a position's form (the message says what is wrong where).
    #[error("{0}")]
    Form(String),
    #[error("unknown side `{name}`: the sides are `{first}` and `{second}`")]
    UnknownSide {
        name: String,
        first: String,
        second: String,
    },
    /// The throw in hand is none the device, or a turn's throws, can give.
    #[error("{0}")]
    Throw(String),
    /// A position the rules cannot reach.
    #[error(transparent)]
    Impossible(#[from] SetupError),
    #[error("`throw` is null: `senet moves` needs the throw to move with")]
    NoThrow,
    #[error("the game is already over in this position")]
    Over,
    #[error(
        "the total {throw} can be shared among these pieces in {ways} ways, more than the \
         {MAX_LISTED_SPLIT_WAYS} `senet moves` lists (seven free pieces of Senet pass it at a \
         total of 30)"
    )]
    TooManyWays { throw: Throw, ways: u64 },
    #[error(
        "the total {throw} can be shared among these pieces in more ways than a listing of the \
         moves visits ({SPLIT_STATES} states of its search)"
    )]
    ListingCut { throw: Throw },
}

impl From<&str> for PositionError {
    fn from(message: &str) -> PositionError {
        PositionError::Form(message.into())
    }
}

impl From<String> for PositionError {
    fn from(message: String) -> PositionError {
        PositionError::Form(message)
    }
}

/// The side called `name`, or an error naming the real sides.
pub fn side_named(engine: &Engine, name: &str) -> Result<Side, PositionError> {
    let sides = &engine.rules.sides;
    Side::BOTH
        .into_iter()
        .find(|&s| sides[s].name == name)
        .ok_or_else(|| PositionError::UnknownSide {
            name: name.into(),
            first: sides[Side::First].name.clone(),
            second: sides[Side::Second].name.clone(),
        })
}

/// Whether `total` can be the throw in hand: a single throw (one of a turn that plays each throw
/// whole, too), or for a throw-all-then-split turn
/// a sum of throws that ends with one that does not throw again.
pub fn throw_possible(engine: &Engine, total: Throw) -> bool {
    let t = &engine.rules.throws;
    if !engine.rules.split {
        return total.as_single().is_some_and(|v| t.can_give(v));
    }
    let total = usize::from(total.get());
    // reach[n]: n is a sum of throws that each let the player throw again.
    let again: Vec<usize> = t
        .values
        .iter()
        .filter(|&&v| v > 0 && engine.throws_again(Throw::from(v)))
        .map(|&v| usize::from(v))
        .collect();
    let mut reach = vec![false; total + 1];
    reach[0] = true;
    for n in 1..=total {
        reach[n] = again.iter().any(|&v| v <= n && reach[n - v]);
    }
    t.values.iter().any(|&v| {
        !engine.throws_again(Throw::from(v))
            && usize::from(v) <= total
            && reach[total - usize::from(v)]
    })
}

/// A place as a position file writes it: a path position, `0` or `"waiting"`, `"off"` or
/// `"removed"`.
fn place_of(engine: &Engine, s: Side, v: &Value) -> Result<Place, PositionError> {
    let name = &engine.rules.sides[s].name;
    let len = engine.path_len(s);
    match v {
        Value::String(w) if w == "off" => Ok(Place::Off),
        Value::String(w) if w == "removed" => Ok(Place::Removed),
        Value::String(w) if w == "waiting" => Ok(Place::Waiting),
        Value::Number(n) => match n.as_u64() {
            Some(0) => Ok(Place::Waiting),
            Some(p) => u32::try_from(p)
                .ok()
                .and_then(PathPos::new)
                .map(Place::On)
                .ok_or_else(|| {
                    PositionError::Form(format!(
                        "`{n}` is not a place for `{name}`: use 0 (waiting), 1 to {len}, \"off\" or \"removed\""
                    ))
                }),
            None => Err(PositionError::Form(format!(
                "`{n}` is not a place for `{name}`: use 0 (waiting), 1 to {len}, \"off\" or \"removed\""
            ))),
        },
        other => Err(PositionError::Form(format!(
            "`{other}` is not a place: use 0 (waiting), a path position, \"off\" or \"removed\""
        ))),
    }
}

/// Reads a position (docs/formats.md) and its throw, through the one checked constructor
/// ([`Setup::position`]). Every problem is a message for a person.
pub fn parse_position(
    engine: &Engine,
    v: &Value,
) -> Result<(Position, Option<Throw>), PositionError> {
    let r = &engine.rules;
    let obj = v
        .as_object()
        .ok_or("a position is a JSON object with `to_move`, `throw` and `pieces`")?;
    for key in obj.keys() {
        if ![
            "to_move",
            "throw",
            "pieces",
            "opening",
            "not_begun",
            "loses_turn",
            "moves_next",
            "unmoved",
            "moved_this_turn",
            "throws_owed",
        ]
        .contains(&key.as_str())
        {
            return Err(PositionError::Form(format!(
                "unknown field `{key}` (a position has `to_move`, `throw`, `pieces` and optionally `opening`, `not_begun`, `loses_turn`, `moves_next`, `unmoved`, `moved_this_turn` and `throws_owed`)"
            )));
        }
    }
    let to_move = obj
        .get("to_move")
        .and_then(Value::as_str)
        .ok_or("`to_move` must be a side name")?;
    let to_move = side_named(engine, to_move)?;
    let throw = match obj.get("throw") {
        None | Some(Value::Null) => None,
        Some(t) => Some(parse_throw(engine, t)?),
    };
    let pieces = obj
        .get("pieces")
        .and_then(Value::as_object)
        .ok_or("`pieces` must be an object: side name -> list of places")?;
    for name in pieces.keys() {
        side_named(engine, name)?;
    }
    let mut setup = Setup {
        to_move,
        pieces: PerSide::default(),
        opening: PerSide::default(),
        not_begun: PerSide::default(),
        loses_turn: PerSide::default(),
        moves_next: PerSide::default(),
        unmoved: PerSide::default(),
        moved_this_turn: None,
        throws_owed: 0,
    };
    for (s, side) in r.sides.iter() {
        let list = pieces
            .get(&side.name)
            .ok_or_else(|| format!("`pieces` has no list for side `{}`", side.name))?
            .as_array()
            .ok_or_else(|| format!("the pieces of `{}` must be a list", side.name))?;
        setup.pieces[s] = list
            .iter()
            .map(|v| place_of(engine, s, v))
            .collect::<Result<_, _>>()?;
    }
    let lists: [(&str, &str, &mut PerSide<bool>); 4] = [
        (
            "opening",
            "the sides whose opening move is still due",
            &mut setup.opening,
        ),
        (
            "not_begun",
            "the sides that have not yet begun",
            &mut setup.not_begun,
        ),
        (
            "loses_turn",
            "the sides that lose their next turn",
            &mut setup.loses_turn,
        ),
        (
            "moves_next",
            "the sides whose piece on the retreat square must move next",
            &mut setup.moves_next,
        ),
    ];
    for (field, what, flags) in lists {
        if let Some(o) = obj.get(field) {
            let list = o
                .as_array()
                .ok_or_else(|| format!("`{field}` must be a list of {what}"))?;
            for name in list {
                let name = name
                    .as_str()
                    .ok_or_else(|| format!("`{field}` lists side names"))?;
                flags[side_named(engine, name)?] = true;
            }
        }
    }
    if let Some(o) = obj.get("unmoved") {
        let what =
            "`unmoved` must be an object: side name -> positions of pieces that have not moved";
        let map = o.as_object().ok_or(what)?;
        for (name, list) in map {
            let s = side_named(engine, name)?;
            for p in list.as_array().ok_or(what)? {
                let p = p
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .and_then(PathPos::new)
                    .ok_or(what)?;
                setup.unmoved[s].push(p);
            }
        }
    }
    if let Some(o) = obj.get("moved_this_turn") {
        let way = [Way::Forward, Way::Backward]
            .into_iter()
            .find(|&w| o.as_str() == Some(way_name(w)))
            .ok_or("`moved_this_turn` must be \"forward\" or \"backward\"")?;
        setup.moved_this_turn = Some(way);
    }
    if let Some(n) = obj.get("throws_owed") {
        setup.throws_owed = n
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or("`throws_owed` must be a whole number from 0 to 255")?;
    }
    let pos = setup.position(r)?;
    Ok((pos, throw))
}

/// The throw in hand: a whole number the device (or a turn's throws) can give.
fn parse_throw(engine: &Engine, t: &Value) -> Result<Throw, PositionError> {
    let r = &engine.rules;
    let n = t
        .as_u64()
        .and_then(|n| u16::try_from(n).ok())
        .map(Throw::new)
        .ok_or_else(|| {
            PositionError::Throw("`throw` must be a whole number (at most 65535) or null".into())
        })?;
    if throw_possible(engine, n) {
        return Ok(n);
    }
    let values: Vec<String> = r.throws.values.iter().map(ToString::to_string).collect();
    Err(PositionError::Throw(if r.split {
        format!(
            "`throw` is the total of a turn's throws, and {n} cannot be one (a turn goes on throwing after some values; the throws are {})",
            values.join(", ")
        )
    } else {
        format!(
            "the throw {n} is not one the device can give (it gives {})",
            values.join(", ")
        )
    }))
}

/// The most ways to share a split turn's total among pieces (see [`Engine::split_ways`]) whose
/// moves are listed. The work varies with the position: 10 million ways (a total of 29 for
/// seven free pieces of Senet) took from 1 to 3.3 seconds and up to 770 MB in a release build;
/// a total of 60 there takes minutes and gigabytes.
pub const MAX_LISTED_SPLIT_WAYS: u64 = 10_000_000;

/// The answer of `senet moves` for one position: every legal move with its steps and the
/// position it leads to (with `outcome` when it ends the game). `buf` is a reusable move buffer.
pub fn moves_json(engine: &Engine, v: &Value, buf: &mut Vec<Move>) -> Result<Value, PositionError> {
    let (pos, throw) = parse_position(engine, v)?;
    let throw = throw.ok_or(PositionError::NoThrow)?;
    if engine.outcome(&pos).is_some() {
        return Err(PositionError::Over);
    }
    if engine.rules.split {
        let ways = engine.split_ways(&pos, throw);
        if ways > MAX_LISTED_SPLIT_WAYS {
            return Err(PositionError::TooManyWays { throw, ways });
        }
    }
    if engine.legal_moves(&pos, throw, buf) == Listing::Cut {
        return Err(PositionError::ListingCut { throw });
    }
    let moves: Vec<Value> = buf
        .iter()
        .map(|mv| move_json(engine, &pos, mv, throw))
        .collect();
    if moves.is_empty() {
        return Ok(json!({ "moves": moves, "pass": pass_json(engine, &pos, throw) }));
    }
    Ok(json!({ "moves": moves }))
}

/// The pass of a side with no legal move, as `senet moves` gives it: the position after it, and
/// what it did (each field only where it did it).
pub fn pass_json(engine: &Engine, pos: &Position, throw: Throw) -> Value {
    let (next, report) = engine.pass_reported(pos, throw);
    let mut v = json!({ "result": position_json(engine, &next, None) });
    if report.lost_turn {
        v["lost_turn"] = json!(true);
    }
    if let Some(p) = report.sent_back {
        v["sent_back"] = place_json(Place::On(p));
    }
    if report.begins {
        v["begins"] = json!(true);
    }
    if report.throws_again {
        v["throws_again"] = json!(true);
    }
    v
}

/// One legal move as `senet moves` lists it: its steps, the position it leads to (with
/// `outcome` when it ends the game), and what sets it apart from a move with the same steps.
pub fn move_json(engine: &Engine, pos: &Position, mv: &Move, throw: Throw) -> Value {
    let next = engine.successor(pos, mv, throw);
    let mut result = position_json(engine, &next, None);
    if let Some(o) = engine.outcome(&next) {
        result["outcome"] = outcome_json(engine, &o);
    }
    let mut v = json!({ "steps": steps_json(mv), "result": result });
    MoveMarks::of(mv).add_to(&mut v);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marks go after a move's other fields, only those that hold, in the documented order,
    /// and read back as they were written; a move without marks gets no field.
    #[test]
    fn move_marks_are_written_after_the_steps_and_read_back() {
        let all = MoveMarks {
            retreat: true,
            stays: true,
            follows: Some(1),
            declines_throw: true,
            ends_turn: true,
        };
        let mut v = json!({ "steps": [] });
        all.add_to(&mut v);
        assert_eq!(
            v.to_string(),
            r#"{"steps":[],"retreat":true,"stays":true,"follows":1,"declines_throw":true,"ends_turn":true}"#
        );
        assert_eq!(MoveMarks::read(&v), Ok(all));
        let mut plain = json!({ "side": "red", "steps": [] });
        MoveMarks::default().add_to(&mut plain);
        assert_eq!(plain.to_string(), r#"{"side":"red","steps":[]}"#);
        assert_eq!(MoveMarks::read(&plain), Ok(MoveMarks::default()));
        assert!(MoveMarks::read(&json!({ "retreat": "yes" })).is_err());
    }
}
