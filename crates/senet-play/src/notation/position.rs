//! Positions as JSON (docs/formats.md): side names, path positions, `0` waiting, `"off"`,
//! `"removed"`. One serde type, [`PositionNote`], writes a position and reads one; what its form
//! cannot say (the sides' names, a place on a side's path, a position the rules can reach) is
//! checked as it becomes a [`Position`], through [`Setup`].

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::event::{PlaceNote, ResultNote, StepNote};
use super::named::Named;
use senet_engine::engine::{
    Engine, Listing, Move, Outcome, Position, SPLIT_STATES, Setup, SetupError, Way,
};
use senet_lang::types::{PathPos, PerSide, Place, Side, Throw};

/// A way of moving, as a position names the way its turn has moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WayNote {
    Forward,
    Backward,
}

impl From<Way> for WayNote {
    fn from(way: Way) -> WayNote {
        match way {
            Way::Forward => WayNote::Forward,
            Way::Backward => WayNote::Backward,
        }
    }
}

impl From<WayNote> for Way {
    fn from(way: WayNote) -> Way {
        match way {
            WayNote::Forward => Way::Forward,
            WayNote::Backward => Way::Backward,
        }
    }
}

/// A position as JSON: the side to move, the throw in hand (`null` when it has yet to throw),
/// every side's pieces (waiting first, then along the path, then off and removed), and the
/// per-side state, each only where some side has it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionNote {
    pub to_move: String,
    #[serde(default)]
    pub throw: Option<ThrowNote>,
    pub pieces: Named<Vec<PlaceNote>>,
    /// The sides whose opening move is still due.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening: Vec<String>,
    /// The sides that have not yet begun.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_begun: Vec<String>,
    /// The sides that lose their next turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loses_turn: Vec<String>,
    /// The sides whose piece on the retreat square must move next.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves_next: Vec<String>,
    /// The path positions of the pieces that have not moved yet, by side.
    #[serde(default, skip_serializing_if = "Named::is_empty")]
    pub unmoved: Named<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_this_turn: Option<WayNote>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub throws_owed: u8,
    /// Where pieces are pinned (`capture pin`): the path positions of the pieces held under
    /// enemy pieces, by side.
    #[serde(default, skip_serializing_if = "Named::is_empty")]
    pub held: Named<Vec<u8>>,
    /// Where pieces are unstacked before any moves (`unstack first`): the path positions of the
    /// pieces still on their start stacks (or, for a side restacking, put back on), by side.
    #[serde(default, skip_serializing_if = "Named::is_empty")]
    pub stacked: Named<Vec<u8>>,
    /// The sides that have unstacked all their start stacks and are restacking them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restacking: Vec<String>,
    /// Where unused dice pass to the other side: the dice passed to the side to move, which it
    /// plays instead of throwing (largest first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passed: Vec<u8>,
    /// Where a side's first double is played once: the sides that have thrown a double.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub doubled: Vec<String>,
    /// The side that has lost by a rule that ends the game at once (`lose when ...`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lost: Vec<String>,
    /// Where a limit on stacks holds until a piece reaches a position: the sides one of whose
    /// pieces has.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reached: Vec<String>,
}

/// The throw in hand: a value, or where dice are played one by one, the dice still to play
/// (`[3, 1]`; a double played twice over `[4, 4, 4, 4]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ThrowNote {
    Value(u64),
    Dice(Vec<u64>),
}

impl ThrowNote {
    /// The throw `t` as JSON: its dice where the rules play dice one by one.
    pub fn of(engine: &Engine, t: Throw) -> ThrowNote {
        let r = &engine.rules;
        match r.stacked.as_ref().filter(|_| r.device.is_each()) {
            Some(st) => ThrowNote::Dice(
                st.pools
                    .get(usize::from(t.get()))
                    .map(|pool| pool.iter().map(|&d| u64::from(d)).collect())
                    .unwrap_or_default(),
            ),
            None => ThrowNote::Value(u64::from(t.get())),
        }
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Whether a position holds some per-side state for a side.
type SideTest = fn(&Position, Side) -> bool;

impl PositionNote {
    /// `pos` as JSON, with the throw in hand.
    pub fn of(engine: &Engine, pos: &Position, throw: Option<Throw>) -> PositionNote {
        let r = &engine.rules;
        // Per-side state, listed by side name only where some side has it.
        let sides = |has: SideTest| -> Vec<String> {
            r.sides
                .iter()
                .filter(|(s, _)| has(pos, *s))
                .map(|(_, side)| side.name.clone())
                .collect()
        };
        PositionNote {
            to_move: r.sides[pos.to_move()].name.clone(),
            throw: throw.map(|t| ThrowNote::of(engine, engine.pool_code(pos, t))),
            pieces: Named(
                r.sides
                    .iter()
                    .map(|(s, side)| {
                        let places = pos.places(s).into_iter().map(PlaceNote).collect();
                        (side.name.clone(), places)
                    })
                    .collect(),
            ),
            opening: sides(Position::opening_due),
            not_begun: sides(|p, s| !p.begun(s)),
            loses_turn: sides(Position::loses_turn),
            moves_next: sides(Position::moves_next),
            // Pieces that have not moved yet, by side: listed only where some side has one.
            unmoved: Named(
                r.sides
                    .iter()
                    .filter_map(|(s, side)| {
                        let list: Vec<u8> = pos.unmoved(r, s).map(|p| p.get()).collect();
                        (!list.is_empty()).then(|| (side.name.clone(), list))
                    })
                    .collect(),
            ),
            moved_this_turn: pos.moved_this_turn().map(WayNote::from),
            throws_owed: pos.throws_owed(),
            held: Named(
                r.sides
                    .iter()
                    .filter_map(|(s, side)| {
                        let list: Vec<u8> = pos.held(s).map(|p| p.get()).collect();
                        (!list.is_empty()).then(|| (side.name.clone(), list))
                    })
                    .collect(),
            ),
            stacked: Named(
                r.sides
                    .iter()
                    .filter_map(|(s, side)| {
                        let list: Vec<u8> = pos.stacked(r, s).map(|p| p.get()).collect();
                        (!list.is_empty()).then(|| (side.name.clone(), list))
                    })
                    .collect(),
            ),
            restacking: sides(Position::restacking),
            passed: pos.passed_dice(r),
            doubled: sides(Position::doubled),
            lost: sides(Position::lost),
            reached: sides(Position::reached),
        }
    }

    /// The position and the throw in hand, through the one checked constructor
    /// ([`Setup::position`]).
    pub fn position(&self, engine: &Engine) -> Result<(Position, Option<Throw>), PositionError> {
        let r = &engine.rules;
        let throw = match &self.throw {
            None => None,
            Some(ThrowNote::Value(t)) => Some(parse_throw(engine, *t)?),
            Some(ThrowNote::Dice(dice)) => Some(dice_throw(engine, dice)?),
        };
        let mut setup = Setup {
            to_move: side_named(engine, &self.to_move)?,
            pieces: PerSide::default(),
            opening: PerSide::default(),
            not_begun: PerSide::default(),
            loses_turn: PerSide::default(),
            moves_next: PerSide::default(),
            unmoved: PerSide::default(),
            moved_this_turn: self.moved_this_turn.map(Way::from),
            throws_owed: self.throws_owed,
            held: PerSide::default(),
            stacked: PerSide::default(),
            restacking: PerSide::default(),
            passed: self.passed.clone(),
            doubled: PerSide::default(),
            lost: PerSide::default(),
            reached: PerSide::default(),
        };
        for (name, places) in &self.pieces.0 {
            setup.pieces[side_named(engine, name)?] = places.iter().map(|p| p.0).collect();
        }
        if let Some((_, side)) = r
            .sides
            .iter()
            .find(|(_, side)| !self.pieces.0.iter().any(|(name, _)| *name == side.name))
        {
            return Err(PositionError::NoPieces {
                side: side.name.clone(),
            });
        }
        let lists = [
            (&self.opening, &mut setup.opening),
            (&self.not_begun, &mut setup.not_begun),
            (&self.loses_turn, &mut setup.loses_turn),
            (&self.moves_next, &mut setup.moves_next),
            (&self.restacking, &mut setup.restacking),
            (&self.doubled, &mut setup.doubled),
            (&self.lost, &mut setup.lost),
            (&self.reached, &mut setup.reached),
        ];
        for (names, flags) in lists {
            for name in names {
                flags[side_named(engine, name)?] = true;
            }
        }
        for (name, list) in &self.unmoved.0 {
            let s = side_named(engine, name)?;
            for &p in list {
                let p = PathPos::new(u32::from(p)).ok_or(PositionError::Unmoved)?;
                setup.unmoved[s].push(p);
            }
        }
        for (name, list) in &self.held.0 {
            let s = side_named(engine, name)?;
            for &p in list {
                let p = PathPos::new(u32::from(p)).ok_or(PositionError::Held)?;
                setup.held[s].push(p);
            }
        }
        for (name, list) in &self.stacked.0 {
            let s = side_named(engine, name)?;
            for &p in list {
                let p = PathPos::new(u32::from(p)).ok_or(PositionError::Stacked)?;
                setup.stacked[s].push(p);
            }
        }
        let pos = setup.position(r)?;
        let throw = match throw {
            Some(t) => Some(passed_throw(engine, &pos, t)?),
            None => None,
        };
        if let Some(t) = throw {
            first_double_throw(engine, &pos, t)?;
        }
        // A side's first double, given by its dice, is the double thrown.
        let throw = throw.map(|t| match &r.stacked {
            Some(st) => Throw::new(st.thrown_code(t.get())),
            None => t,
        });
        Ok((pos, throw))
    }
}

/// A position as JSON, with the throw in hand (`null` when the side to move has yet to throw).
pub fn position_json(engine: &Engine, pos: &Position, throw: Option<Throw>) -> Value {
    serde_json::to_value(PositionNote::of(engine, pos, throw)).unwrap_or_default()
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
}

/// Why a position (docs/formats.md) could not be read, or its moves listed. Every message is
/// for a person.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    /// The JSON is not of a position's form: where (a path such as `pieces.light[2]`), and what
    /// is wrong there in serde's words.
    #[error("{}", form_message(.0))]
    Form(serde_path_to_error::Error<serde_json::Error>),
    #[error("a position is a JSON object with `to_move`, `throw` and `pieces`")]
    NotAnObject,
    #[error("`pieces` has no list for side `{side}`")]
    NoPieces { side: String },
    #[error("`unmoved` lists the path positions of pieces that have not moved, from 1")]
    Unmoved,
    #[error("`held` lists the path positions of pinned pieces, from 1")]
    Held,
    #[error("`stacked` lists the path positions of pieces on their start stacks, from 1")]
    Stacked,
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

/// A form error for people: where it is (nowhere for the position as a whole), and what.
fn form_message(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    match e.path().to_string().as_str() {
        "." => format!("the position: {}", e.inner()),
        path => format!("`{path}`: {}", e.inner()),
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
    if engine.rules.device.is_each() {
        // Dice played one by one: a throw is the code of its dice (up to 255).
        return u8::try_from(total.get()).is_ok_and(|v| t.can_give(v));
    }
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

/// Reads a position (docs/formats.md) and its throw, through the one checked constructor
/// ([`Setup::position`]). Every problem is a message for a person.
pub fn parse_position(
    engine: &Engine,
    v: &Value,
) -> Result<(Position, Option<Throw>), PositionError> {
    if !v.is_object() {
        return Err(PositionError::NotAnObject);
    }
    let note: PositionNote = serde_path_to_error::deserialize(v).map_err(PositionError::Form)?;
    note.position(engine)
}

/// The throw in hand: a whole number the device (or a turn's throws) can give.
fn parse_throw(engine: &Engine, t: u64) -> Result<Throw, PositionError> {
    let r = &engine.rules;
    let n = u16::try_from(t).map(Throw::new).map_err(|_| {
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

/// Where dice are played one by one, the dice still to play, as given: each a face of the dice,
/// no more of them than a throw plays.
fn dice_in_hand(engine: &Engine, dice: &[u64]) -> Result<Vec<u8>, PositionError> {
    let r = &engine.rules;
    let (Some(st), true) = (&r.stacked, r.device.is_each()) else {
        return Err(PositionError::Throw(
            "`throw` is a list of dice only where the rules play dice one by one; here it is a number"
                .into(),
        ));
    };
    // The largest number a die shows, thrown or always shown (`always 6`); 0 where a double
    // takes any pieces (`doubles played as many pieces as they add up to`).
    let most_faces = st.pools.iter().flatten().copied().max().unwrap_or(0);
    let least = u8::from(!st.pools.iter().flatten().any(|&d| d == 0));
    let most_dice = st.pools.iter().map(Vec::len).max().unwrap_or(0);
    if dice.is_empty() || dice.len() > most_dice {
        return Err(PositionError::Throw(format!(
            "`throw` lists the dice still to play: 1 to {most_dice} of them"
        )));
    }
    dice.iter()
        .map(|&d| {
            u8::try_from(d)
                .ok()
                .filter(|&d| (least..=most_faces).contains(&d))
                .ok_or_else(|| {
                    PositionError::Throw(format!(
                        "the die {d} is not one the dice can show ({least} to {most_faces})"
                    ))
                })
        })
        .collect()
}

/// The throw whose dice are `dice` (in any order), where dice are played one by one; dice that
/// are part of a throw (a double with some of its moves played) stand for the throw they could
/// be the rest of only in [`moves_json`], which plays them as given.
fn dice_throw(engine: &Engine, dice: &[u64]) -> Result<Throw, PositionError> {
    let as_given = dice_in_hand(engine, dice)?;
    let mut given = as_given.clone();
    given.sort_unstable();
    // Dice played in order are that throw only as listed (Piprjall's double 6s and double 1s
    // are the same dice in another order).
    let code = engine.rules.stacked.as_ref().and_then(|t| {
        (0..t.pools.len()).position(|k| {
            let (pool, form) = t.pool(u16::try_from(k).unwrap_or(0));
            if pool.is_empty() {
                return false;
            }
            if form.in_order {
                return pool == as_given.as_slice();
            }
            let mut pool = pool.to_vec();
            pool.sort_unstable();
            pool == given
        })
    });
    code.and_then(|c| u16::try_from(c).ok())
        .map(Throw::new)
        .ok_or_else(|| {
            PositionError::Throw(
                "these dice are not a whole throw (a double is played four times: `[4, 4, 4, 4]`)"
                    .into(),
            )
        })
}

/// The most ways to share a split turn's total among pieces (see [`Engine::split_ways`]) whose
/// moves are listed. The work varies with the position: 10 million ways (a total of 29 for
/// seven free pieces of Senet) took from 1 to 3.3 seconds and up to 770 MB in a release build;
/// a total of 60 there takes minutes and gigabytes.
pub const MAX_LISTED_SPLIT_WAYS: u64 = 10_000_000;

/// The answer of `senet moves` for one position: every legal move, and the pass where there
/// is none.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MovesNote {
    pub moves: Vec<MoveNote>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass: Option<PassNote>,
}

/// One legal move as `senet moves` lists it: its steps, the position it leads to (with
/// `outcome` when it ends the game), and what sets it apart from a move with the same steps.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveNote {
    pub steps: Vec<StepNote>,
    pub result: AfterNote,
    #[serde(flatten)]
    pub marks: MoveMarks,
}

/// The position a move leads to, and how the game ends there if it does.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AfterNote {
    #[serde(flatten)]
    pub position: PositionNote,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<ResultNote>,
}

/// The pass of a side with no legal move: the position after it, what it did (each only
/// where it did it), and how the game ends there if it does (a side that cannot move loses).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PassNote {
    pub result: PositionNote,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<ResultNote>,
    #[serde(skip_serializing_if = "is_false")]
    pub lost_turn: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sent_back: Option<PlaceNote>,
    #[serde(skip_serializing_if = "is_false")]
    pub begins: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub throws_again: bool,
}

impl MoveNote {
    /// `mv`, played with `throw` from `pos`.
    pub fn of(engine: &Engine, pos: &Position, mv: &Move, throw: Throw) -> MoveNote {
        let next = engine.successor(pos, mv, throw);
        MoveNote {
            steps: StepNote::of(mv),
            result: AfterNote {
                position: PositionNote::of(engine, &next, None),
                outcome: engine
                    .outcome(&next)
                    .map(|o: Outcome| ResultNote::of(engine, &o)),
            },
            marks: MoveMarks::of(mv),
        }
    }
}

impl PassNote {
    /// The pass of the side to move in `pos`, with `throw`.
    pub fn of(engine: &Engine, pos: &Position, throw: Throw) -> PassNote {
        let (next, report) = engine.pass_reported(pos, throw);
        PassNote {
            result: PositionNote::of(engine, &next, None),
            outcome: engine
                .outcome(&next)
                .map(|o: Outcome| ResultNote::of(engine, &o)),
            lost_turn: report.lost_turn,
            sent_back: report.sent_back.map(|p| PlaceNote(Place::On(p))),
            begins: report.begins,
            throws_again: report.throws_again,
        }
    }
}

/// The answer of `senet moves` for one position (JSON): every legal move with its steps and the
/// position it leads to, or the pass. `buf` is a reusable move buffer.
pub fn moves_json(engine: &Engine, v: &Value, buf: &mut Vec<Move>) -> Result<Value, PositionError> {
    if let Some(answer) = dice_moves_json(engine, v, buf)? {
        return Ok(answer);
    }
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
    let moves: Vec<MoveNote> = buf
        .iter()
        .map(|mv| MoveNote::of(engine, &pos, mv, throw))
        .collect();
    let pass = moves.is_empty().then(|| PassNote::of(engine, &pos, throw));
    Ok(serde_json::to_value(MovesNote { moves, pass }).unwrap_or_default())
}

/// Where the rules play dice one by one and `throw` lists dice, the answer of `senet moves` for
/// those dice as given (a whole throw, or what is left of one): `None` otherwise.
fn dice_moves_json(
    engine: &Engine,
    v: &Value,
    buf: &mut Vec<Move>,
) -> Result<Option<Value>, PositionError> {
    if !engine.rules.device.is_each() || !v.get("throw").is_some_and(Value::is_array) {
        return Ok(None);
    }
    if !v.is_object() {
        return Err(PositionError::NotAnObject);
    }
    let mut note: PositionNote =
        serde_path_to_error::deserialize(v).map_err(PositionError::Form)?;
    let Some(ThrowNote::Dice(dice)) = note.throw.take() else {
        return Ok(None);
    };
    // Dice that make a whole throw are played as that throw (which may give another turn);
    // the rest of a throw, as dice alone.
    let whole = dice_throw(engine, &dice).unwrap_or(Throw::ZERO);
    let dice = dice_in_hand(engine, &dice)?;
    let (pos, _) = note.position(engine)?;
    let whole = passed_throw(engine, &pos, whole)?;
    first_double_throw(engine, &pos, whole)?;
    if engine.outcome(&pos).is_some() {
        return Err(PositionError::Over);
    }
    if whole.is_zero() {
        engine.dice_moves(&pos, &dice, buf);
    } else {
        // A whole throw is played as the rules play it (in order, with optional dice); dice
        // played one by one always list every move.
        let _whole = engine.legal_moves(&pos, whole, buf);
    }
    let moves: Vec<MoveNote> = buf
        .iter()
        .map(|mv| MoveNote::of(engine, &pos, mv, whole))
        .collect();
    let pass = moves.is_empty().then(|| PassNote::of(engine, &pos, whole));
    Ok(Some(
        serde_json::to_value(MovesNote { moves, pass }).unwrap_or_default(),
    ))
}

/// Where a side's first double is played once, a double given whole is the side's first or a
/// later one as the position says (`doubled`).
fn first_double_throw(engine: &Engine, pos: &Position, throw: Throw) -> Result<(), PositionError> {
    let Some(t) = engine
        .rules
        .stacked
        .as_ref()
        .filter(|t| !t.first_double.is_empty())
    else {
        return Ok(());
    };
    let Some(&first) = t.first_double.get(usize::from(throw.get())) else {
        return Ok(());
    };
    let side = pos.to_move();
    let is_first = u16::from(first) == throw.get();
    if first == 0 || is_first != pos.doubled(side) {
        return Ok(());
    }
    let (dice, _) = t.pool(engine.pool_code(pos, throw).get());
    Err(PositionError::Throw(format!(
        "{}: this double is played as {dice:?}",
        if is_first {
            "the side to move has thrown a double before (`doubled`), so this is not its first"
        } else {
            "the side to move has not thrown a double before (it is not `doubled`), so this is its first"
        }
    )))
}

/// A side with dice passed to it (or the next run of its double) plays them: they are its
/// throw, `throw`, which stands for them.
fn passed_throw(engine: &Engine, pos: &Position, throw: Throw) -> Result<Throw, PositionError> {
    let Some(passed) = pos.passed() else {
        return Ok(throw);
    };
    let dice = |t: Throw| engine.rules.stacked.as_ref().map(|st| st.pool(t.get()).0);
    if passed == throw || (!throw.is_zero() && dice(passed) == dice(throw)) {
        return Ok(passed);
    }
    Err(PositionError::Throw(
        "the side to move has dice to play instead of a throw (`passed`): `throw` must be those dice"
            .into(),
    ))
}

/// One legal move as `senet moves` lists it (JSON).
pub fn move_json(engine: &Engine, pos: &Position, mv: &Move, throw: Throw) -> Value {
    serde_json::to_value(MoveNote::of(engine, pos, mv, throw)).unwrap_or_default()
}
