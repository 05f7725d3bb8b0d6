//! Positions as JSON: side names, path positions, `0` waiting, `"off"`, `"removed"`.

use serde_json::{Map, Value, json};

use crate::engine::{Engine, Move, Outcome, Position};

/// A piece's place in JSON: its path position, `0` (waiting), `"off"`, `"removed"`.
pub fn place_json(engine: &Engine, side: usize, p: u8) -> Value {
    if p == engine.path_len(side) + 1 {
        json!("off")
    } else {
        json!(p)
    }
}

/// The pieces of every side, by side name: waiting first, then along the path, then off and
/// removed.
pub fn pieces_json(engine: &Engine, pos: &Position) -> Value {
    let mut map = Map::new();
    for (s, side) in engine.rules.sides.iter().enumerate() {
        let mut list: Vec<Value> = Vec::new();
        list.extend((0..pos.waiting[s]).map(|_| json!(0)));
        list.extend(pos.positions(s).map(|p| json!(p)));
        list.extend((0..pos.off[s]).map(|_| json!("off")));
        list.extend((0..pos.removed[s]).map(|_| json!("removed")));
        map.insert(side.name.clone(), Value::Array(list));
    }
    Value::Object(map)
}

/// A position as JSON, with the throw in hand (`null` when the side to move has yet to throw).
pub fn position_json(engine: &Engine, pos: &Position, throw: Option<u8>) -> Value {
    let r = &engine.rules;
    let mut v = json!({
        "to_move": r.sides[pos.to_move as usize].name,
        "throw": throw,
        "pieces": pieces_json(engine, pos),
    });
    if pos.opening != 0 {
        let pending: Vec<&str> = (0..2)
            .filter(|s| pos.opening & (1 << s) != 0)
            .map(|s| r.sides[s].name.as_str())
            .collect();
        v["opening"] = json!(pending);
    }
    v
}

pub fn steps_json(engine: &Engine, side: usize, mv: &Move) -> Value {
    Value::Array(
        mv.steps()
            .iter()
            .map(|s| json!({ "from": place_json(engine, side, s.from), "to": place_json(engine, side, s.to) }))
            .collect(),
    )
}

pub fn outcome_json(engine: &Engine, outcome: &Outcome) -> Value {
    match outcome {
        Outcome::Win { side, points } => {
            json!({ "winner": engine.rules.sides[*side as usize].name, "match_points": points })
        }
        Outcome::Draw => json!({ "draw": true }),
    }
}

fn side_index(engine: &Engine, name: &str) -> Result<usize, String> {
    engine
        .rules
        .sides
        .iter()
        .position(|s| s.name == name)
        .ok_or_else(|| {
            let names: Vec<String> = engine
                .rules
                .sides
                .iter()
                .map(|s| format!("`{}`", s.name))
                .collect();
            format!(
                "unknown side `{name}`: the sides are {}",
                names.join(" and ")
            )
        })
}

/// Whether `total` can be the throw in hand: a single throw, or for a throw-all-then-split turn
/// a sum of throws that ends with one that does not throw again.
pub fn throw_possible(engine: &Engine, total: u8) -> bool {
    let t = &engine.rules.throws;
    if engine.rules.throw_again == 0 {
        return t.can_give(total);
    }
    // reach[n]: n is a sum of throws that each let the player throw again.
    let mut reach = [false; 256];
    reach[0] = true;
    for n in 1..256usize {
        reach[n] = t
            .values
            .iter()
            .any(|&v| v > 0 && engine.throws_again(v) && v as usize <= n && reach[n - v as usize]);
    }
    t.values
        .iter()
        .any(|&v| !engine.throws_again(v) && v <= total && reach[(total - v) as usize])
}

/// Reads a position (docs/formats.md) and its throw. Every problem is a message for a person.
pub fn parse_position(engine: &Engine, v: &Value) -> Result<(Position, Option<u8>), String> {
    let r = &engine.rules;
    let obj = v
        .as_object()
        .ok_or("a position is a JSON object with `to_move`, `throw` and `pieces`")?;
    for key in obj.keys() {
        if !["to_move", "throw", "pieces", "opening"].contains(&key.as_str()) {
            return Err(format!(
                "unknown field `{key}` (a position has `to_move`, `throw`, `pieces` and optionally `opening`)"
            ));
        }
    }
    let to_move = obj
        .get("to_move")
        .and_then(Value::as_str)
        .ok_or("`to_move` must be a side name")?;
    let to_move = side_index(engine, to_move)?;
    let throw = match obj.get("throw") {
        None | Some(Value::Null) => None,
        Some(t) => {
            let n = t
                .as_u64()
                .filter(|&n| n <= 255)
                .ok_or("`throw` must be a whole number or null")? as u8;
            if !throw_possible(engine, n) {
                let values: Vec<String> = r.throws.values.iter().map(ToString::to_string).collect();
                return Err(if r.throw_again != 0 {
                    format!(
                        "`throw` is the total of a turn's throws, and {n} cannot be one (a turn goes on throwing after some values; the throws are {})",
                        values.join(", ")
                    )
                } else {
                    format!(
                        "the throw {n} is not one the device can give (it gives {})",
                        values.join(", ")
                    )
                });
            }
            Some(n)
        }
    };
    let pieces = obj
        .get("pieces")
        .and_then(Value::as_object)
        .ok_or("`pieces` must be an object: side name -> list of places")?;
    let mut pos = Position::empty(to_move as u8);
    for name in pieces.keys() {
        side_index(engine, name)?;
    }
    for (s, side) in r.sides.iter().enumerate() {
        let list = pieces
            .get(&side.name)
            .ok_or_else(|| format!("`pieces` has no list for side `{}`", side.name))?
            .as_array()
            .ok_or_else(|| format!("the pieces of `{}` must be a list", side.name))?;
        if list.len() != r.pieces as usize {
            return Err(format!(
                "side `{}` has {} pieces here, but the rules give each side {}",
                side.name,
                list.len(),
                r.pieces
            ));
        }
        let len = engine.path_len(s);
        for place in list {
            match place {
                Value::String(w) if w == "off" => pos.off[s] += 1,
                Value::String(w) if w == "removed" => pos.removed[s] += 1,
                Value::String(w) if w == "waiting" => pos.waiting[s] += 1,
                Value::Number(n) => match n.as_u64() {
                    Some(0) => pos.waiting[s] += 1,
                    Some(p) if p <= len as u64 => {
                        let p = p as u8;
                        let sq = side.path[p as usize - 1];
                        if let Some(other) = pos.owner(sq) {
                            return Err(format!(
                                "two pieces on square {sq}: {} at position {p} and a piece of `{}`",
                                side.name, r.sides[other].name
                            ));
                        }
                        pos.put(r, s, p);
                    }
                    _ => {
                        return Err(format!(
                            "`{n}` is not a place for `{}`: use 0 (waiting), 1 to {len}, \"off\" or \"removed\"",
                            side.name
                        ));
                    }
                },
                other => {
                    return Err(format!(
                        "`{other}` is not a place: use 0 (waiting), a path position, \"off\" or \"removed\""
                    ));
                }
            }
        }
    }
    if let Some(o) = obj.get("opening") {
        let list = o
            .as_array()
            .ok_or("`opening` must be a list of the sides whose opening move is still due")?;
        for name in list {
            let name = name.as_str().ok_or("`opening` lists side names")?;
            let s = side_index(engine, name)?;
            if r.opening[s].is_none() {
                return Err(format!("side `{name}` has no opening rule"));
            }
            pos.opening |= 1 << s;
        }
    }
    Ok((pos, throw))
}

/// The answer of `senet moves` for one position: every legal move with its steps and the
/// position it leads to (with `outcome` when it ends the game). `buf` is a reusable move buffer.
pub fn moves_json(engine: &Engine, v: &Value, buf: &mut Vec<Move>) -> Result<Value, String> {
    let (pos, throw) = parse_position(engine, v)?;
    let throw = throw.ok_or("`throw` is null: `senet moves` needs the throw to move with")?;
    if engine.outcome(&pos).is_some() {
        return Err("the game is already over in this position".into());
    }
    engine.legal_moves(&pos, throw, buf);
    let side = pos.to_move as usize;
    let moves: Vec<Value> = buf
        .iter()
        .map(|mv| {
            let (next, _) = engine.apply(&pos, mv, throw);
            let mut result = position_json(engine, &next, None);
            if let Some(o) = engine.outcome(&next) {
                result["outcome"] = outcome_json(engine, &o);
            }
            json!({ "steps": steps_json(engine, side, mv), "result": result })
        })
        .collect();
    Ok(json!({ "moves": moves }))
}
