//! Positions and moves of games of many sides as JSON, in the shape of two-sided ones (see
//! docs/formats.md): `{"to_move": "red", "throw": 3, "pieces": {"red": [...], ...}}`, a list of
//! places for every side, and `senet moves`' answer of steps and results. Where a side may hold
//! several throws (a turn banks them, or a throw gives an extra move), a position holds `throws`
//! (and `throwing` while the side still throws) in place of `throw`.

use serde_json::{Map, Value, json};

use senet_engine::multi::{MultiMove, MultiOutcome, MultiPosition, MultiRules};
use senet_lang::types::{PathPos, Place};

/// Why a JSON value is no position of the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MultiNoteError {
    #[error("a position is a JSON object with `to_move`, `throw` and `pieces`")]
    NotObject,
    #[error(
        "`{0}` is no field of a position of many sides (they have `to_move`, `throw`, `pieces`, where the rules cap a turn's extra throws `extra_throws`, where a side may hold several throws (a turn that banks them, or an extra move) `throws` and `throwing` in place of `throw`, and where a run of equal throws does not count `repeats`)"
    )]
    Field(String),
    #[error(
        "`extra_throws` is how many extra throws the side to move has had in its turn: from 0 to the rules' cap (`extra throws at most N in a turn`), and 0 where they have none"
    )]
    ExtraThrows,
    #[error(
        "`repeats` is the run of equal throws the side to move has just made, where the rules void one (`throws repeated N times in a row do not count`): `{{\"throw\": V, \"times\": K}}`, V a value the throw gives and K from 1 to N - 1"
    )]
    Repeats,
    #[error("`{0}` is no side of these rules (their sides are {1})")]
    Side(String, String),
    #[error("`pieces` gives no places for `{0}`")]
    Missing(String),
    #[error(
        "`{0}` is no place: a place is a path position from 1, 0 or \"waiting\", \"off\" or \"removed\""
    )]
    Place(String),
    #[error("`throw` is a value the throw can give, or null")]
    Throw,
    #[error(
        "`throws` (where a side may hold several throws) lists values the throw can give (or the extra move's), at most 16, and `throwing` is true or false; where a side holds one throw at most, it is `throw`"
    )]
    Throws,
    #[error("{0}")]
    Setup(String),
    #[error(
        "the position has no throw to move with: give `throw` (where a side may hold several, `throws`, the side no longer `throwing`)"
    )]
    NoThrow,
    #[error("the game is over in this position")]
    Over,
}

/// A place as written: a path position (0 for waiting), `"waiting"`, `"off"` or `"removed"`.
fn place_of(v: &Value) -> Result<Place, MultiNoteError> {
    match v {
        Value::Number(n) => match n.as_u64() {
            Some(0) => Ok(Place::Waiting),
            Some(p) => u32::try_from(p)
                .ok()
                .and_then(PathPos::new)
                .map(Place::On)
                .ok_or_else(|| MultiNoteError::Place(v.to_string())),
            None => Err(MultiNoteError::Place(v.to_string())),
        },
        Value::String(s) => match s.as_str() {
            "waiting" => Ok(Place::Waiting),
            "off" => Ok(Place::Off),
            "removed" => Ok(Place::Removed),
            _ => Err(MultiNoteError::Place(v.to_string())),
        },
        _ => Err(MultiNoteError::Place(v.to_string())),
    }
}

/// A place as written: a number on the path (0 waiting), `"off"` or `"removed"`.
fn place_json(p: Place) -> Value {
    match p {
        Place::Waiting => json!(0),
        Place::On(p) => json!(p.get()),
        Place::Off => json!("off"),
        Place::Removed => json!("removed"),
    }
}

fn side_names(rules: &MultiRules) -> String {
    let names: Vec<String> = rules
        .sides
        .iter()
        .map(|s| format!("`{}`", s.name))
        .collect();
    names.join(", ")
}

fn side_index(rules: &MultiRules, name: &str) -> Result<usize, MultiNoteError> {
    rules
        .sides
        .iter()
        .position(|s| s.name == name)
        .ok_or_else(|| MultiNoteError::Side(name.to_string(), side_names(rules)))
}

/// A throw as written: a value the throw can give.
fn throw_of(rules: &MultiRules, v: &Value) -> Option<u8> {
    v.as_u64()
        .and_then(|t| u8::try_from(t).ok())
        .filter(|t| rules.throws.values.contains(t))
}

/// The position `v` gives, holding its throw (`throw`, or where a turn banks its throws
/// `throws` and `throwing`).
pub fn parse_position(rules: &MultiRules, v: &Value) -> Result<MultiPosition, MultiNoteError> {
    const FIELDS: [&str; 7] = [
        "to_move",
        "throw",
        "pieces",
        "extra_throws",
        "repeats",
        "throws",
        "throwing",
    ];
    let o = v.as_object().ok_or(MultiNoteError::NotObject)?;
    if let Some(k) = o.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(MultiNoteError::Field(k.clone()));
    }
    let to_move = match o.get("to_move") {
        Some(Value::String(name)) => side_index(rules, name)?,
        _ => return Err(MultiNoteError::NotObject),
    };
    let pieces = match o.get("pieces") {
        Some(Value::Object(p)) => p,
        _ => return Err(MultiNoteError::NotObject),
    };
    for name in pieces.keys() {
        side_index(rules, name)?;
    }
    let mut places = Vec::with_capacity(rules.count());
    for side in &rules.sides {
        let list = pieces
            .get(&side.name)
            .and_then(Value::as_array)
            .ok_or_else(|| MultiNoteError::Missing(side.name.clone()))?;
        places.push(list.iter().map(place_of).collect::<Result<Vec<_>, _>>()?);
    }
    let to_move = u8::try_from(to_move).unwrap_or(u8::MAX);
    let pos = MultiPosition::new(rules, to_move, &places)
        .map_err(|e| MultiNoteError::Setup(e.to_string()))?;
    let extra = match o.get("extra_throws") {
        None => 0,
        Some(n) => n
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or(MultiNoteError::ExtraThrows)?,
    };
    let pos = pos
        .with_extra_throws(rules, extra)
        .ok_or(MultiNoteError::ExtraThrows)?;
    let pos = match o.get("repeats") {
        None => pos,
        Some(r) => {
            let field = |k: &str| {
                r.get(k)
                    .and_then(Value::as_u64)
                    .and_then(|n| u8::try_from(n).ok())
            };
            let (value, times) = field("throw")
                .zip(field("times"))
                .ok_or(MultiNoteError::Repeats)?;
            pos.with_run(rules, value, times)
                .ok_or(MultiNoteError::Repeats)?
        }
    };
    let held = |pool: &[u8], throwing: bool, why: MultiNoteError| {
        pos.with_pool(rules, pool, throwing).ok_or(why)
    };
    if !rules.holds_several() {
        if o.contains_key("throws") || o.contains_key("throwing") {
            return Err(MultiNoteError::Throws);
        }
        return match o.get("throw") {
            None | Some(Value::Null) => Ok(pos),
            Some(t) => {
                let t = throw_of(rules, t).ok_or(MultiNoteError::Throw)?;
                held(&[t], false, MultiNoteError::Throw)
            }
        };
    }
    if o.get("throw").is_some_and(|t| !t.is_null()) {
        return Err(MultiNoteError::Throws);
    }
    let pool = match o.get("throws") {
        None | Some(Value::Null) => Vec::new(),
        // A throw, or the extra move some throws give, held as one.
        Some(Value::Array(list)) => list
            .iter()
            .map(|t| {
                throw_of(rules, t).or_else(|| {
                    let m = rules.extra_move?;
                    (t.as_u64() == Some(u64::from(m.value))).then_some(m.value)
                })
            })
            .collect::<Option<Vec<u8>>>()
            .ok_or(MultiNoteError::Throws)?,
        Some(_) => return Err(MultiNoteError::Throws),
    };
    let throwing = match o.get("throwing") {
        None => false,
        Some(t) => t.as_bool().ok_or(MultiNoteError::Throws)?,
    };
    held(&pool, throwing, MultiNoteError::Throws)
}

/// `pos` as JSON, with the throw the side to move holds: `throw` (or `null`), or where a turn
/// banks its throws `throws` (and `throwing` while the side still throws); `extra_throws`
/// where the side to move has had some in its turn and the rules cap them; and `repeats`, the run
/// of equal throws it has just made, where the rules void such runs.
pub fn position_json(rules: &MultiRules, pos: &MultiPosition) -> Value {
    let mut pieces = Map::new();
    for (s, side) in rules.sides.iter().enumerate() {
        let list: Vec<Value> = pos.places(s).map(place_json).collect();
        pieces.insert(side.name.clone(), Value::Array(list));
    }
    let mut v = json!({
        "to_move": rules.sides[usize::from(pos.to_move())].name,
        "throw": pos.pool().first(),
        "pieces": pieces,
    });
    if rules.holds_several() {
        let o = v.as_object_mut().expect("an object");
        o.remove("throw");
        o.insert("throws".into(), json!(pos.pool()));
        if pos.throwing() {
            o.insert("throwing".into(), json!(true));
        }
    }
    // Where the rules cap a turn's extra throws, those the side to move has had.
    if pos.extra_throws() > 0 {
        v["extra_throws"] = json!(pos.extra_throws());
    }
    // Where a run of equal throws does not count, the run the side to move has thrown.
    if let (value, times @ 1..) = pos.run() {
        v["repeats"] = json!({ "throw": value, "times": times });
    }
    v
}

/// How a game ended, as `senet moves` writes it: the winning team's sides, or a draw.
fn outcome_json(rules: &MultiRules, outcome: MultiOutcome) -> Value {
    match outcome {
        MultiOutcome::Win { team } => {
            let sides: Vec<&str> = rules
                .sides
                .iter()
                .filter(|s| s.team == team)
                .map(|s| s.name.as_str())
                .collect();
            json!({ "winners": sides })
        }
        MultiOutcome::Draw => json!({ "draw": true }),
    }
}

/// `senet moves`' answer for the position `v` of a game of many sides: each legal move with
/// its step, the position it leads to (with `outcome` where it ends the game), the piece it
/// `captures` and whether the side `throws_again`; and the pass, where there is no move or the
/// side may pass at will.
pub fn moves_json(rules: &MultiRules, v: &Value) -> Result<Value, MultiNoteError> {
    let pos = parse_position(rules, v)?;
    if pos.to_throw() {
        return Err(MultiNoteError::NoThrow);
    }
    if rules.outcome(&pos).is_some() {
        return Err(MultiNoteError::Over);
    }
    let mut listed: Vec<MultiMove> = Vec::new();
    rules.moves(&pos, &mut listed);
    let moves: Vec<Value> = listed
        .iter()
        .map(|&mv| {
            let (after, report) = rules.apply(&pos, mv);
            let mut result = position_json(rules, &after);
            if let Some(outcome) = rules.outcome(&after) {
                result["outcome"] = outcome_json(rules, outcome);
            }
            let mut note = json!({
                "steps": [{ "from": place_json(mv.from()), "to": place_json(mv.to()) }],
                "result": result,
            });
            if rules.holds_several() {
                note["throw"] = json!(mv.throw());
            }
            if let Some((side, at)) = report.captured {
                note["captures"] = json!({
                    "side": rules.sides[usize::from(side)].name,
                    "from": place_json(at),
                });
            }
            if report.extra_throw {
                note["throws_again"] = json!(true);
            }
            note
        })
        .collect();
    let mut answer = json!({ "moves": moves });
    // The pass: forced where no move is legal, or a choice where a side may pass at will.
    if listed.is_empty() || rules.pass_at_will {
        let (after, again) = rules.pass_held(&pos);
        let mut pass = json!({ "result": position_json(rules, &after) });
        if again {
            pass["throws_again"] = json!(true);
        }
        answer["pass"] = pass;
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> MultiRules {
        let more = [
            "teams a, c; b",
            "extra throw after 4",
            "on pass with 4: throw again",
        ];
        crate::many_sides_fixture::race("a, b, c", 12, 2, &more).1
    }

    #[test]
    fn a_position_reads_back_from_its_json() {
        let r = rules();
        let v = json!({"to_move": "b", "throw": 2, "pieces": {"a": [3, "off"], "b": [0, 5], "c": ["waiting", "off"]}});
        let pos = parse_position(&r, &v).unwrap();
        assert_eq!(pos.pool(), &[2]);
        let back = position_json(&r, &pos);
        assert_eq!(back["throw"], 2);
        assert_eq!(parse_position(&r, &back).unwrap(), pos);
        assert_eq!(back["pieces"]["a"], json!(["off", 3]));
        assert_eq!(back["to_move"], "b");
    }

    #[test]
    fn moves_say_what_they_take_and_who_wins() {
        let r = rules();
        // b throws 2: 5 -> 7 (empty) or enter on 2; a throws 2 from 3 onto b's piece on 5.
        let v = json!({"to_move": "a", "throw": 2, "pieces": {"a": [3, "off"], "b": [0, 5], "c": [0, 0]}});
        let answer = moves_json(&r, &v).unwrap();
        let moves = answer["moves"].as_array().unwrap();
        let taking = moves
            .iter()
            .find(|m| m["steps"][0] == json!({"from": 3, "to": 5}))
            .unwrap();
        assert_eq!(taking["captures"], json!({"side": "b", "from": 5}));
        assert_eq!(taking["result"]["to_move"], "b");
        // a's last piece off with the exact 2 from 11: a and c, partners, are not both home.
        let v = json!({"to_move": "a", "throw": 2, "pieces": {"a": [11, "off"], "b": [0, 0], "c": ["off", "off"]}});
        let answer = moves_json(&r, &v).unwrap();
        let off = &answer["moves"][0];
        assert_eq!(off["result"]["outcome"], json!({"winners": ["a", "c"]}));
    }

    #[test]
    fn a_pass_and_what_is_no_position() {
        let r = rules();
        let v = json!({"to_move": "c", "throw": 4, "pieces": {"a": [0, 0], "b": [0, 0], "c": [12, 11]}});
        let answer = moves_json(&r, &v).unwrap();
        assert_eq!(answer["moves"], json!([]));
        assert_eq!(answer["pass"]["throws_again"], json!(true));
        assert_eq!(answer["pass"]["result"]["to_move"], "c");
        let bad = |v: Value| moves_json(&r, &v).unwrap_err().to_string();
        assert!(bad(json!({"to_move": "d", "throw": 1, "pieces": {}})).contains("`d` is no side"));
        assert!(
            bad(json!({"to_move": "a", "throw": 1, "pieces": {"a": [0, 0], "b": [0, 0]}}))
                .contains("no places for `c`")
        );
        assert!(
            bad(json!({"to_move": "a", "throw": 1, "opening": [], "pieces": {}}))
                .contains("`opening` is no field")
        );
        assert!(
            bad(json!({"to_move": "a", "throw": 9, "pieces": {"a": [0, 0], "b": [0, 0], "c": [0, 0]}}))
                .contains("`throw`")
        );
    }
}
