//! The rules the engine for many sides plays, as plain tables: one table per side, and what
//! holds for all. [`MultiRules::compile`] reads them from checked rules where they use only
//! what this engine plays, and says which rule it does not.

use std::fmt;

use crate::compile::{self, BearCondition, Enter, PosFlags, ThrowTable};
use senet_lang::check::RuleSet;
use senet_lang::check::ruleset::{self as checked, Turn};
use senet_lang::types::{Capture, PathPos, Place, SideId, Square, Unstack};

use super::{MAX_ALL_PIECES, MAX_SIDE_PATH, MAX_SIDES};

/// One side's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiSide {
    pub name: String,
    /// For drawing only.
    pub colour: String,
    /// The squares of its positions, as square indices: position `p` is `path[p - 1]`. The
    /// first [`MultiSide::run`] are its path in order (which may come back to a square it has
    /// passed); those after, the squares of the shortcuts it takes off its path.
    pub path: Vec<u8>,
    /// How many positions its path itself has: a piece bears off past the last of them.
    pub run: usize,
    /// Indexed by position index: what the position is for this side. Only
    /// [`MultiRules::PLAYED_FLAGS`] are played.
    pub flags: Vec<PosFlags>,
    /// Indexed by position index: bit `v` set when a throw of `v` bears a piece off from there
    /// (and moves it nowhere else), along its path.
    pub exit_throws: Vec<u32>,
    /// Where the side takes shortcuts, by position index: each way a piece beginning its move
    /// there may go (along its path, or a shortcut from there). Empty where it takes none.
    pub ways: Vec<Vec<Way>>,
    /// Where each piece starts: waiting, or on a position of the path.
    pub start: Vec<Place>,
    /// Its team: the sides of a team win together, and never take each other's pieces.
    pub team: u8,
}

/// A way a piece may go from a position: the positions it passes, in order, to its path's last,
/// and the throws that bear it off along it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Way {
    pub to: Vec<u8>,
    /// Bit `v` set when a throw of `v` bears the piece off this way (and moves it nowhere else
    /// along it).
    pub exits: u32,
}

impl MultiSide {
    /// The number of positions on the path itself (not counting the squares of shortcuts).
    pub fn len(&self) -> usize {
        self.run
    }

    pub fn is_empty(&self) -> bool {
        self.run == 0
    }

    /// How many steps a piece on position `p` has left to go to bear off, by its shortest way.
    pub fn steps_left(&self, p: u8) -> usize {
        let k = usize::from(p).saturating_sub(1);
        match self.ways.get(k) {
            Some(ways) => ways.iter().map(|w| w.to.len() + 1).min().unwrap_or(1),
            None => (self.run + 1).saturating_sub(usize::from(p)),
        }
    }

    /// Whether position `p` (1-based) has `flag`.
    #[inline]
    pub fn has(&self, p: u8, flag: PosFlags) -> bool {
        usize::from(p)
            .checked_sub(1)
            .and_then(|i| self.flags.get(i))
            .is_some_and(|f| f.contains(flag))
    }
}

/// What landing on an enemy piece does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiCapture {
    /// No piece may land on an enemy piece.
    None,
    /// The enemy piece goes back to wait to enter.
    ToWaiting,
    /// The enemy piece leaves the game.
    Removed,
}

/// Rules for any number of sides, each playing its own path over one board, in turn order.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiRules {
    /// For records and display only; behaviour never depends on it.
    pub id: String,
    /// The sides in turn order: after side `k` comes side `k + 1`, after the last the first.
    pub sides: Vec<MultiSide>,
    /// Pieces each side.
    pub pieces: u8,
    /// Squares on the board.
    pub squares: usize,
    /// The side that moves first.
    pub first: u8,
    pub throws: ThrowTable,
    /// Where a turn banks its throws (`turn throw again on ... then move each throw`): bit `v`
    /// set where a throw of `v` throws again before the side plays what it holds, one throw at a
    /// time in any order. `None`: a turn plays each throw as it comes.
    pub banks: Option<u32>,
    /// A move some throws give besides their own (`extra move of V after T, ...`).
    pub extra_move: Option<MultiExtraMove>,
    /// Bit `v` set: while a side has no piece on the board, the throws of its turn before a `v`
    /// are lost (`throws count from V, ... while no piece is on the board`); 0: all count.
    pub count_from: u32,
    /// A piece moves with every piece of its side on its square (`stacks move together`).
    pub together: bool,
    /// A throw equal to the N - 1 thrown just before it, since the side last moved, voids them
    /// all (`throws repeated N times in a row do not count`; only where a turn banks its throws).
    pub repeat_void: Option<u8>,
    /// How waiting pieces enter (`None`: they never do).
    pub enter: Option<Enter>,
    pub capture: MultiCapture,
    /// Pieces of different sides may stand together on a safe square (`safe squares shared`).
    pub safe_shared: bool,
    /// A side's pieces may stand with its partners' on any square (`partners share squares`).
    pub partners_share: bool,
    /// A side may pass though it could move (`sides may pass`): a player's choice is then one
    /// of the legal moves or the pass.
    pub pass_at_will: bool,
    /// The most extra throws a turn gives (`extra throws at most N in a turn`): `u8::MAX`, any
    /// number.
    pub extra_cap: u8,
    /// The most pieces of a side one square holds (`stacks`): 1 where pieces do not stack.
    pub stack_limit: u8,
    /// A square where an enemy side has this many pieces or more is closed (`closed with`): no
    /// piece lands there. A move onto fewer takes them all.
    pub closed_with: u8,
    /// Bit `v` set: a move made on a throw of `v` gives an extra throw.
    pub extra_after: u32,
    /// Bit `v` set: a pass made on a throw of `v` gives an extra throw.
    pub extra_after_pass: u32,
    /// Entering a piece gives an extra throw.
    pub entering_throw_again: bool,
    /// When a side may bear off: always, once all its pieces stand on positions flagged
    /// [`PosFlags::BEAR_ZONE`], or while none stands on one flagged [`PosFlags::NO_BEAR_ZONE`].
    pub bear_when: BearCondition,
}

/// `extra move of V after T, ... [entering first]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MultiExtraMove {
    /// The move's value, held as a throw.
    pub value: u8,
    /// Bit `t` set: a throw of `t` gives the move.
    pub after: u32,
    /// A move of `value` enters a waiting piece where one can.
    pub entering_first: bool,
}

/// A rule of the two-sided tables that the engine for many sides does not play yet: its name
/// in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported(pub &'static str);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the engine for many sides does not play {} yet", self.0)
    }
}

impl std::error::Error for Unsupported {}

impl MultiRules {
    /// The position flags this engine plays; a side table with any other is refused.
    pub const PLAYED_FLAGS: PosFlags = PosFlags::SAFE
        .union(PosFlags::EXTRA_THROW)
        .union(PosFlags::CAPTURE_THROW)
        .union(PosFlags::BEAR_ZONE)
        .union(PosFlags::NO_BEAR_ZONE)
        .union(PosFlags::ONLY_BEAR_OFF)
        .union(PosFlags::ENTER_BARRED);

    /// The number of sides.
    #[inline]
    pub fn count(&self) -> usize {
        self.sides.len()
    }

    /// Whether a side may hold several throws at once: a turn banks them, or a throw gives an
    /// extra move besides its own.
    pub fn holds_several(&self) -> bool {
        self.banks.is_some() || self.extra_move.is_some()
    }

    /// Checked rules of any number of sides, where they use only what this engine plays (the
    /// first rule found that it does not, otherwise). The tables are read from the rules
    /// themselves, by the two-sided compiler's own per-side code, so that the two engines cannot
    /// read a rule differently, and so that paths and boards may be longer than that compiler's
    /// 64-bit sets hold.
    pub fn compile(r: &RuleSet) -> Result<MultiRules, Unsupported> {
        refuse(r)?;
        let capture = match r.capture {
            Capture::None => MultiCapture::None,
            Capture::ToWaiting => MultiCapture::ToWaiting,
            Capture::Removed => MultiCapture::Removed,
            _ => return Err(Unsupported("a capture that sends the piece elsewhere")),
        };
        let sides = r
            .sides
            .sides()
            .map(|s| multi_side(r, s))
            .collect::<Result<Vec<_>, _>>()?;
        let rules = MultiRules {
            id: r.id.clone(),
            sides,
            pieces: r.pieces,
            squares: r.board.size(),
            first: u8::try_from(r.first.index()).unwrap_or(0),
            throws: ThrowTable::new(&r.throw),
            banks: match &r.turn {
                Turn::AccumulateThenEach { again } => Some(compile::mask(again)),
                _ => None,
            },
            extra_move: r.extra_move.as_ref().map(|m| MultiExtraMove {
                value: m.value,
                after: compile::mask(&m.after),
                entering_first: m.entering_first,
            }),
            count_from: compile::mask(&r.count_from),
            together: r.stacks_together,
            repeat_void: r.repeat_void,
            enter: r.enter.as_ref().map(compile::enter),
            capture,
            safe_shared: r.safe_shared,
            partners_share: r.partners_share,
            pass_at_will: r.pass_at_will,
            extra_cap: r.extra_cap.unwrap_or(u8::MAX),
            stack_limit: r.stack_limit,
            closed_with: r.closed_with,
            extra_after: compile::mask(&r.extra_after),
            extra_after_pass: compile::mask(&r.extra_after_pass),
            entering_throw_again: r.entering.throw_again,
            bear_when: compile::bear_condition(r),
        };
        rules.validate()?;
        Ok(rules)
    }

    /// Whether the tables fit the engine's fixed-size positions and agree with themselves.
    pub fn validate(&self) -> Result<(), Unsupported> {
        let n = self.count();
        if !(2..=MAX_SIDES).contains(&n) {
            return Err(Unsupported("this many sides"));
        }
        if n * usize::from(self.pieces) > MAX_ALL_PIECES {
            return Err(Unsupported("this many pieces"));
        }
        if self.stack_limit == 0 || self.closed_with == 0 {
            return Err(Unsupported("squares that hold no piece"));
        }
        if usize::from(self.first) >= n {
            return Err(Unsupported("a first side that is not one of the sides"));
        }
        if self.bear_when == BearCondition::Never {
            return Err(Unsupported("a game where no piece bears off"));
        }
        for side in &self.sides {
            let (len, all) = (side.len(), side.path.len());
            if len == 0 || len > all || all > MAX_SIDE_PATH {
                return Err(Unsupported("a path of this length"));
            }
            if side.flags.len() != all
                || side.exit_throws.len() != all
                || !(side.ways.is_empty() || side.ways.len() == all)
                || side
                    .ways
                    .iter()
                    .flatten()
                    .any(|w| w.to.iter().any(|&p| p == 0 || usize::from(p) > all))
            {
                return Err(Unsupported("tables of another length than the path"));
            }
            if side.path.iter().any(|&q| usize::from(q) >= self.squares) {
                return Err(Unsupported("a path off the board"));
            }
            if side.start.len() != usize::from(self.pieces)
                || side.start.iter().any(|p| match p {
                    Place::Waiting => false,
                    Place::On(p) => usize::from(p.get()) > len,
                    Place::Off | Place::Removed => true,
                })
            {
                return Err(Unsupported(
                    "pieces that start elsewhere than waiting or on the path",
                ));
            }
        }
        Ok(())
    }
}

/// Side `s`'s table, where it uses only what the engine for many sides plays.
fn multi_side(r: &RuleSet, s: SideId) -> Result<MultiSide, Unsupported> {
    let side = &r.sides[s];
    if side.looped {
        return Err(Unsupported("a path that goes round for ever"));
    }
    if !side.segment_ends.is_empty() {
        return Err(Unsupported("a path in parts"));
    }
    if r.effects.iter().any(|e| e.applies_to(s)) {
        return Err(Unsupported("squares that send a piece on"));
    }
    let flags = compile::position_flags(r, s);
    if flags.iter().any(|f| !MultiRules::PLAYED_FLAGS.contains(*f)) {
        return Err(Unsupported(
            "squares that hold pieces back, stop moves or send them on",
        ));
    }
    let mut path: Vec<u8> = side.path.iter().map(|q| q.get() - 1).collect();
    let run = path.len();
    let mut flags = flags;
    let mut exit_throws = compile::exit_throws(r, s);
    let ways = ways(r, s, &mut path, &exit_throws);
    // The squares of shortcuts are no positions of the path: no rule of positions holds there.
    flags.resize(path.len(), PosFlags::empty());
    exit_throws.resize(path.len(), 0);
    Ok(MultiSide {
        name: side.name.clone(),
        colour: side.colour.clone(),
        path,
        run,
        flags,
        exit_throws,
        ways,
        start: compile::start_places(r, s),
        team: r.teams[s],
    })
}

/// The ways a piece of side `s` may go from each position, where it takes shortcuts (none
/// otherwise): along its path, and along each shortcut from its first square or from a square
/// of it. The squares of its shortcuts off its path are added to `path` as positions after the
/// path's own, each once (where two shortcuts cross, a piece there may go on along either).
fn ways(r: &RuleSet, s: SideId, path: &mut Vec<u8>, exit_throws: &[u32]) -> Vec<Vec<Way>> {
    let side = &r.sides[s];
    let served = r.shortcuts_of(s);
    if served.is_empty() {
        return Vec::new();
    }
    let run = path.len();
    let off: Vec<Square> = r.position_squares(s).split_off(run);
    path.extend(off.iter().map(|q| q.get() - 1));
    let position = |q: &Square| {
        let k = off.iter().position(|o| o == q).unwrap_or(0);
        u8::try_from(run + 1 + k).unwrap_or(u8::MAX)
    };
    // Along a shortcut from its square `i`, then on along the path from its last square.
    let along = |w: &[Square], i: usize, last: PathPos| -> Vec<u8> {
        let rest = usize::from(last.get())..=run;
        w[i + 1..w.len() - 1]
            .iter()
            .map(position)
            .chain(rest.filter_map(|p| u8::try_from(p).ok()))
            .collect()
    };
    let mut ways: Vec<Vec<Way>> = vec![Vec::new(); path.len()];
    for (k, here) in ways.iter_mut().enumerate().take(run) {
        let to = (k + 2..=run).filter_map(|p| u8::try_from(p).ok()).collect();
        here.push(Way {
            to,
            exits: exit_throws[k],
        });
        for (w, last) in &served {
            if side.path[k] == w[0] {
                let to = along(w, 0, *last);
                let exits = compile::exit_bits(r, s, Some(k), to.len() + 1);
                here.push(Way { to, exits });
            }
        }
    }
    for (j, q) in off.iter().enumerate() {
        for (w, last) in &served {
            if let Some(i) = w[1..w.len() - 1].iter().position(|x| x == q) {
                let to = along(w, i + 1, *last);
                let exits = compile::exit_bits(r, s, None, to.len() + 1);
                let way = Way { to, exits };
                if !ways[run + j].contains(&way) {
                    ways[run + j].push(way);
                }
            }
        }
    }
    ways
}

/// The first rule of `r` (beyond what each side's table says) that the engine for many sides
/// does not play.
fn refuse(r: &RuleSet) -> Result<(), Unsupported> {
    let refused = [
        (r.throw.is_each(), "dice played one by one"),
        (
            r.crowd_max > 0
                || r.land_after.is_some()
                || r.zone.values().any(|z| !z.is_empty())
                || r.leave_after.is_some()
                || r.enter_first
                || r.unstack != Unstack::default(),
            "rules that limit stacks or where they form",
        ),
        (
            r.seats.is_some() || r.throw_off || r.opening_throw.is_some(),
            "a ritual before the game (seats, a throw-off or an opening move)",
        ),
        (r.opening.values().any(Option::is_some), "opening moves"),
        (r.turn.splits(), "a turn that splits its throw among pieces"),
        (
            matches!(r.turn, Turn::AccumulateThenEach { .. }) && !r.extra_after_pass.is_empty(),
            "extra throws after a pass in a turn that banks its throws",
        ),
        (r.retreat.is_some(), "retreats"),
        (
            r.entering.moves_next.is_some(),
            "a piece that must move next",
        ),
        (!r.turn_rules.is_empty(), "event rules about the turn"),
        (
            !r.holds.is_empty(),
            "rules that hold pieces to their squares",
        ),
        (!r.passing.is_empty(), "squares a move may not pass over"),
        (!r.captured_at.is_empty(), "captures ruled square by square"),
        (r.protect_pairs, "pieces protected in pairs"),
        (r.blockade.is_some_and(|b| b > 0), "blockades"),
        (r.backward, "backward moves"),
        (r.extra_add_up, "extra throws that add up"),
        (r.one_direction, "turns that move one way"),
        (
            !r.begin.is_empty() || !r.first_move.is_empty(),
            "throws that begin a side or a piece",
        ),
        (r.first_after_ahead, "pieces that wait for the one ahead"),
        (r.extra_turn, "extra turns for equal dice"),
        (
            r.win != checked::Win::FirstAllOff,
            "a win other than first to bear off all",
        ),
        (
            r.match_points.iter().any(|(_, p)| *p > 0) || r.score.is_some() || r.matched.is_some(),
            "scored wins",
        ),
        (
            r.pin_win.is_some() || r.pattern_win.is_some(),
            "wins by pinning or by a pattern",
        ),
        (
            r.draw_stuck || r.lose_stuck || r.lose_no_way_back || r.lose_untaken,
            "games lost or drawn by a side stuck",
        ),
        (r.enter_again, "pieces that enter again once all are off"),
    ];
    match refused.into_iter().find(|(yes, _)| *yes) {
        Some((_, rule)) => Err(Unsupported(rule)),
        None => Ok(()),
    }
}
