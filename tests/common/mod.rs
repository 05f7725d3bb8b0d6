//! What the property tests share: the invariants of a position, and random positions that the
//! checked constructor accepts.

use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use senet::engine::{Engine, Position, Setup, Way};
use senet::notation::position::{parse_position, position_json};
use senet::types::{PathPos, PerSide, Place, Side, Throw};

/// Pieces conserved, one side a square (one piece, where pieces do not stack; no more than a
/// stack holds, where they do; both sides only where a lone piece is pinned under the other's),
/// `on` and `squares` in agreement, positions on the path, and the position back from its
/// `Setup`.
pub fn check_position(engine: &Engine, pos: &Position) -> Result<(), String> {
    let r = &engine.rules;
    let (a, b) = (pos.squares(Side::First), pos.squares(Side::Second));
    let pinned = |s: Side| {
        pos.held(s)
            .map(|p| r.sides[s].square(p).bit())
            .fold(0u64, |m, b| m | b)
    };
    for s in Side::BOTH {
        if let Some(p) = pos.held(s).find(|&p| pos.count(s, p) != 1) {
            return Err(format!("{s}'s pinned piece at position {p} is not alone"));
        }
        if pinned(s) & pos.squares(s.other()) != pinned(s) {
            return Err(format!(
                "{s} has a piece pinned where no enemy piece stands"
            ));
        }
    }
    let both = a & b & !(pinned(Side::First) | pinned(Side::Second));
    if both != 0 {
        return Err(format!("both sides on squares {both:#x}"));
    }
    for s in Side::BOTH {
        let limit = r.stacked.as_ref().map_or(1, |t| t.limit);
        if let Some(p) = pos.positions(s).find(|&p| pos.count(s, p) > limit) {
            return Err(format!(
                "{s} has {} pieces at position {p}, more than a square holds ({limit})",
                pos.count(s, p)
            ));
        }
        let stacked = pos
            .positions(s)
            .map(|p| u32::from(pos.count(s, p)))
            .sum::<u32>();
        let on = pos.on(s).count_ones();
        let total =
            stacked + u32::from(pos.waiting(s)) + u32::from(pos.off(s)) + u32::from(pos.removed(s));
        if total != u32::from(r.pieces) {
            return Err(format!(
                "{s} has {total} pieces (on {stacked}, waiting {}, off {}, removed {}), the rules say {}",
                pos.waiting(s),
                pos.off(s),
                pos.removed(s),
                r.pieces
            ));
        }
        if pos.squares(s).count_ones() != on {
            return Err(format!(
                "{s}: {on} positions taken but {} squares",
                pos.squares(s).count_ones()
            ));
        }
        let len = engine.path_len(s);
        for p in pos.positions(s) {
            if p.index() >= len {
                return Err(format!("{s} has a piece at position {p} of {len}"));
            }
            let sq = r.sides[s].square(p);
            if pos.squares(s) & sq.bit() == 0 {
                return Err(format!(
                    "{s}: position {p} taken but its square {sq} is not"
                ));
            }
        }
        if pos.opening_due(s) && r.opening[s].is_none() {
            return Err(format!("{s} owes an opening move it has no rule for"));
        }
        if pos.places(s).len() != usize::from(r.pieces) {
            return Err(format!("{s}: {} places listed", pos.places(s).len()));
        }
    }
    match pos.setup(r).position(r) {
        Ok(back) if back == *pos => Ok(()),
        Ok(back) => Err(format!("the setup gives back {back:?}")),
        Err(e) => Err(format!("the setup is refused: {e}")),
    }
}

/// The position and its throw read back from their JSON.
pub fn check_json(engine: &Engine, pos: &Position, throw: Option<Throw>) -> Result<(), String> {
    let json = position_json(engine, pos, throw);
    match parse_position(engine, &json) {
        Ok((back, t)) if back == *pos && t == throw => Ok(()),
        Ok((back, t)) => Err(format!(
            "{json} reads back as {back:?} with throw {t:?}, not {pos:?} with {throw:?}"
        )),
        Err(e) => Err(format!("{json} does not read back: {e}")),
    }
}

/// A random position of the rules, reachable or not, within what the checked constructor
/// accepts: each piece waiting (where pieces can wait), on a free square of its path (most
/// often, as in play), off, or removed (where captures remove); either side to move; openings
/// pending now and then.
pub fn random_position(engine: &Engine, rng: &mut Pcg64Mcg) -> Position {
    let r = &engine.rules;
    let mut taken = 0u64;
    let mut setup = Setup {
        to_move: Side::BOTH[rng.random_range(0..2usize)],
        pieces: PerSide::default(),
        opening: PerSide::default(),
        not_begun: PerSide::default(),
        loses_turn: PerSide::default(),
        moves_next: PerSide::default(),
        unmoved: PerSide::default(),
        moved_this_turn: None,
        throws_owed: 0,
        held: PerSide::default(),
        stacked: PerSide::default(),
        restacking: PerSide::default(),
        passed: Vec::new(),
        doubled: PerSide::default(),
        lost: PerSide::default(),
        reached: PerSide::default(),
    };
    for s in Side::BOTH {
        for _ in 0..r.pieces {
            let place = loop {
                match rng.random_range(0..10u8) {
                    0 if r.pieces_can_wait() => break Place::Waiting,
                    1 => break Place::Off,
                    2 if r.pieces_can_be_removed() => break Place::Removed,
                    3.. => {
                        let i = rng.random_range(0..engine.path_len(s));
                        let p = PathPos::from_index(i).expect("a path position");
                        let sq = r.sides[s].square(p);
                        if taken & sq.bit() == 0 {
                            taken |= sq.bit();
                            break Place::On(p);
                        }
                    }
                    _ => {}
                }
            };
            setup.pieces[s].push(place);
        }
        setup.opening[s] = r.opening[s].is_some() && rng.random_bool(0.25);
        setup.not_begun[s] = r.begin != 0 && rng.random_bool(0.25);
    }
    if r.one_direction {
        setup.moved_this_turn =
            [None, Some(Way::Forward), Some(Way::Backward)][rng.random_range(0..3usize)];
    }
    setup
        .position(r)
        .unwrap_or_else(|e| panic!("{}: a random setup is refused: {e}", r.id))
}

pub mod generator;
