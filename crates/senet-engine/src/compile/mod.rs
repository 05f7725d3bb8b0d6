//! The compiler: checked rules lowered into plain tables for the engine ([`Rules`]). After this
//! step nothing looks at text, at names of rule sets, or at the checker's types.

mod display;
mod flags;
mod rules;
pub mod throws;
pub mod turn;

pub use flags::{PosFlags, SquareFlags};
pub use rules::{
    BearCondition, Enter, Hold, MovesNext, PatternPart, PieceCondition, PoolForm, Restriction,
    Retreat, Rules, SideTable, Stacked, TurnRule, TurnTrigger, Unstacking, Win, WinScore,
};
pub use throws::ThrowTable;
pub use turn::{Event, Next, Phase, Transition, TurnMachine};

use senet_lang::check::RuleSet;
use senet_lang::check::ruleset as checked;
use senet_lang::types::{
    Doubles, EnterOnto, PathPos, PerSide, Place, Side, SideId, Sides, Square, Unstack,
};

pub(crate) fn mask(values: &[u8]) -> u32 {
    values.iter().fold(0, |m, &v| m | 1 << v)
}

/// Lowers checked rules into tables.
pub fn compile(r: &RuleSet) -> Rules {
    let size = r.board.size();
    let mut squares = vec![SquareFlags::default(); size];
    // A square is drawn with what its positions are for either side.
    for (list, flag) in [
        (&r.safe, SquareFlags::SAFE),
        (&r.extra_on, SquareFlags::EXTRA_THROW),
        (&r.stop, SquareFlags::STOP),
    ] {
        for (s, positions) in list.iter() {
            for &p in positions {
                squares[r.sides[s].square(p).index()] |= flag;
            }
        }
    }
    for sq in &r.board.marks {
        squares[sq.index()] |= SquareFlags::MARK;
    }
    let mut passing = vec![None; size];
    for e in &r.passing {
        passing[e.square.index()] = Some(e.to);
    }
    let mut captured_at = vec![None; size];
    for (sq, to) in &r.captured_at {
        captured_at[sq.index()] = Some(*to);
    }
    let mut match_points = vec![0; size];
    for (list, points) in &r.match_points {
        list.iter().for_each(|s| match_points[s.index()] = *points);
    }
    Rules {
        id: r.id.clone(),
        title: r.title.clone(),
        board: r.board.clone(),
        squares,
        passing,
        sides: PerSide::from_fn(|s| side_table(r, s.into())),
        pieces: r.pieces,
        // A two-sided game's first side is one of its two.
        first: r.first.two_sided().unwrap_or(Side::First),
        throw_off: r.throw_off,
        opening_throw: r.opening_throw,
        start_outcomes: start_outcomes(r),
        opening_codes: opening_codes(r),
        throws: ThrowTable::new(&r.throw),
        device: r.throw.clone(),
        extra_after: mask(&r.extra_after),
        extra_after_pass: mask(&r.extra_after_pass),
        extra_codes: extra_codes(r),
        begin: mask(&r.begin),
        first_move: mask(&r.first_move),
        first_after_ahead: r.first_after_ahead,
        throw_again: mask(r.turn.again()),
        split: r.turn.splits(),
        retreat: r.retreat.as_ref().map(|t| Retreat {
            to: t.to,
            lose_turn: t.lose_turn,
            end_turn: t.end_turn,
        }),
        moves_next: moves_next(r),
        turn_rules: r.turn_rules.iter().map(turn_rule).collect(),
        holds: r
            .holds
            .iter()
            .map(|h| Hold {
                condition: h.condition.as_ref().map(condition),
                only: positions(&h.only),
            })
            .collect(),
        entering_throw_again: r.entering.throw_again,
        enter: r.enter.as_ref().map(enter),
        capture: r.capture,
        captured_at,
        protect_pairs: r.protect_pairs,
        blockade: r.blockade.unwrap_or(0),
        backward: r.backward,
        backward_per_piece: r.backward_per_piece,
        backward_onto_empty: r.backward_onto_empty,
        backward_split: r.backward_split,
        extra_add_up: r.extra_add_up,
        one_direction: r.one_direction,
        hold_lets_enter: r.only_pieces_let_enter,
        seats: r.seats,
        opening: r.opening.pair(),
        bear_when: bear_condition(r),
        win: match r.win {
            checked::Win::FirstAllOff => Win::FirstAllOff,
            checked::Win::CaptureAll => Win::CaptureAll,
            checked::Win::MostBorneOff => Win::MostBorneOff {
                decided: r.end == checked::End::Decided,
            },
        },
        match_points,
        win_score: r.score.as_ref().map(|g| match g {
            checked::Score::PiecesLeft => WinScore::PiecesLeft,
            checked::Score::Gammon { none_off, behind } => {
                let (behind, on) = behind.as_ref().map_or((0, None), |(b, on)| (*b, Some(on)));
                WinScore::Gammon {
                    none_off: *none_off,
                    behind,
                    behind_on: on.map_or_else(PerSide::default, positions),
                }
            }
        }),
        pin_win: r.pin_win,
        pattern_win: r.pattern_win.as_ref().map(|patterns| {
            patterns
                .iter()
                .map(|parts| {
                    parts
                        .iter()
                        .map(|p| PatternPart {
                            count: p.count,
                            or_more: p.or_more,
                            at: positions(&p.at),
                        })
                        .collect()
                })
                .collect()
        }),
        draw_stuck: r.draw_stuck,
        lose_stuck: r.lose_stuck,
        lose_no_way_back: r.lose_no_way_back,
        lose_untaken: r.lose_untaken,
        enter_again: r.enter_again,
        move_may_end: r.pin_win.is_some()
            || r.draw_stuck
            || r.pattern_win.is_some()
            || r.lose_untaken
            || r.enter_again,
        pass_score: r.matched.as_ref().map_or(0, |m| m.pass_score),
        stacked: r.stacked().then(|| stacked(r)),
        machine: TurnMachine::new(r),
    }
}

/// The tables of the stacked form: stacks, closed squares, the dice of each throw, bearing off.
fn stacked(r: &RuleSet) -> Stacked {
    let table = ThrowTable::new(&r.throw);
    let mut pools = vec![Vec::new(); usize::from(table.max) + 1];
    let mut forms = vec![PoolForm::ANY; pools.len()];
    let mut doubles = Vec::new();
    let mut lists = Vec::new();
    for &v in &table.values {
        // A double is of the dice thrown; the dice that always show their number come on top.
        let (pool, form) = match r.throw.thrown_of(v) {
            Some(dice) if dice.len() > 1 && dice.iter().all(|&d| d == dice[0]) => {
                doubles.push((v, dice.clone()));
                let listed = r.double_lists.iter().find(|(d, _)| *d == dice[0]);
                match listed {
                    // Its first run; the others get codes of their own below.
                    Some((_, list)) => {
                        let runs = runs_of(list);
                        lists.push((v, runs.clone()));
                        any_order(runs[0].clone(), r)
                    }
                    None => double_dice(&dice, r.doubles, r),
                }
            }
            // Of three dice, a pair above the third: the pair twice over, the third once.
            Some(dice) if r.pairs_twice && pair_above(&dice) => {
                let (pair, third) = (dice[1], dice[2]);
                any_order(vec![pair, pair, pair, pair, third], r)
            }
            Some(dice) => any_order(dice, r),
            None => any_order(vec![v], r),
        };
        pools[usize::from(v)] = pool;
        forms[usize::from(v)] = form;
    }
    // A side's first double: as thrown (with its opposite faces, where those are played), under
    // a code of its own.
    let mut first_double = Vec::new();
    if r.first_double_once {
        first_double = vec![0; pools.len() + doubles.len()];
        for (v, dice) in doubles {
            let (pool, form) = double_dice(&dice, Doubles::Once, r);
            let code = u8::try_from(pools.len()).unwrap_or(0);
            // A first double's own code stands for itself (a position given with it).
            first_double[usize::from(v)] = code;
            first_double[usize::from(code)] = code;
            pools.push(pool);
            forms.push(form);
        }
    }
    // A double's dice listed: each run after the first, a code of its own, never thrown; one
    // code for the runs of two doubles that have the same dice left to play (double 4s and 3s
    // end alike, in 2, 2, 1, 1), so that equal positions are one.
    let (mut next_run, mut run_rest) = (Vec::new(), Vec::new());
    if !lists.is_empty() {
        next_run = vec![0; pools.len()];
        run_rest = vec![Vec::new(); pools.len()];
        for (v, runs) in lists {
            let mut previous = usize::from(v);
            for k in 1..runs.len() {
                let rest = runs[k..].concat();
                let code = match run_rest.iter().position(|r| *r == rest) {
                    Some(code) => code,
                    None => {
                        pools.push(runs[k].clone());
                        forms.push(PoolForm::ANY);
                        next_run.push(0);
                        run_rest.push(rest);
                        pools.len() - 1
                    }
                };
                next_run[previous] = u8::try_from(code).unwrap_or(0);
                previous = code;
            }
        }
    }
    if r.pass_unused {
        passed_dice(&mut pools);
        forms.resize(pools.len(), PoolForm::ANY);
    }
    let (bear_past, bear_hindmost, from) = match &r.bear_off {
        checked::BearOff::Exact { from, hindmost, .. } => (false, *hindmost, from.as_ref()),
        checked::BearOff::Past { from } => (true, false, from.as_ref()),
        // Refused by the checker with stacks: no piece bears off.
        checked::BearOff::Table(_) => (false, false, None),
    };
    let bear_from = PerSide::from_fn(|s| match from {
        Some(f) => f[s].iter().fold(0, |m, p| m | p.bit()),
        None => (0..r.sides[s].path.len()).fold(0, |m, k| m | 1u64 << k),
    });
    let crowd = positions(&r.crowd);
    let land_zone = r
        .land_after
        .as_ref()
        .map_or_else(PerSide::default, |(_, on)| positions(on));
    Stacked {
        limit: r.stack_limit,
        closed_with: r.closed_with,
        use_larger: r.use_larger,
        use_smaller: r.use_smaller,
        enter_first: r.enter_first,
        bear_past,
        bear_hindmost,
        bear_past_when: match &r.bear_off {
            checked::BearOff::Exact {
                past_when: Some(on),
                ..
            } => positions(on),
            _ => PerSide::default(),
        },
        bear_from,
        pools,
        forms,
        first_double,
        next_run,
        run_rest,
        zone: positions(&r.zone),
        zone_limit: r.zone_limit,
        zone_until: r.zone_until.map_or(0, PathPos::get),
        leave_after: r.leave_after.map(PathPos::get),
        combined: r.combined,
        take_by_die: r.dice_take,
        unstack: unstack(r),
        crowd,
        crowd_max: r.crowd_max,
        land_zone,
        land_start_max: r
            .land_after
            .as_ref()
            .map_or(u8::MAX, |(n, _)| r.pieces.saturating_sub(*n)),
        landing_rules: PerSide::from_fn(|s| crowd[s] | land_zone[s]),
        pass_unused: r.pass_unused,
        again: match &r.start {
            checked::Start::OnBoard { positions, .. } if r.enter_again => PerSide::from_fn(|s| {
                let mut counts = vec![0u8; senet_lang::types::limits::MAX_STACKED_PATH];
                for p in &positions[s] {
                    counts[p.index()] += 1;
                }
                counts
            }),
            _ => PerSide::default(),
        },
        holds: [&r.only_pieces_on, &r.none_waits]
            .iter()
            .any(|per| per.values().any(|p| !p.is_empty())),
    }
}

/// A double's dice as listed, cut into runs of one number each (`6, 6, 5, 5` is `6, 6` then
/// `5, 5`).
fn runs_of(list: &[u8]) -> Vec<Vec<u8>> {
    list.chunk_by(|a, b| a == b).map(<[u8]>::to_vec).collect()
}

/// A throw's dice played in any order: with the dice that always show their number, largest
/// first.
fn any_order(mut pool: Vec<u8>, r: &RuleSet) -> (Vec<u8>, PoolForm) {
    pool.extend(r.throw.fixed_dice());
    pool.sort_unstable_by(|a, b| b.cmp(a));
    (pool, PoolForm::ANY)
}

/// A double's dice played in the order given, then the dice that always show their number, then
/// `optional` (the opposite faces the player may play).
fn in_order(mut pool: Vec<u8>, optional: &[u8], r: &RuleSet) -> (Vec<u8>, PoolForm) {
    pool.extend(r.throw.fixed_dice());
    pool.extend_from_slice(optional);
    let form = PoolForm {
        in_order: true,
        optional: u8::try_from(optional.len()).unwrap_or(0),
    };
    (pool, form)
}

/// The dice a double `dice` is played as, by the rule on doubles `doubles`, followed by their
/// opposite faces where those are played (as many as the double's moves, 7 less: the checker
/// keeps that rule to six-sided dice).
fn double_dice(dice: &[u8], doubles: Doubles, r: &RuleSet) -> (Vec<u8>, PoolForm) {
    let n = dice[0];
    let played = match doubles {
        Doubles::Twice => dice.repeat(2),
        Doubles::Thrice => dice.repeat(3),
        Doubles::AsShown => vec![n; usize::from(n)],
        // A die of 0 takes any one piece (see `Stacked::pools`).
        Doubles::Total => vec![0; usize::from(n) * dice.len()],
        Doubles::OneDie => vec![n],
        Doubles::Once => dice.to_vec(),
    };
    if r.opposite_faces && n <= 6 {
        let beneath = vec![7 - n; played.len()];
        in_order(played, &beneath, r)
    } else {
        any_order(played, r)
    }
}

/// Where unused dice pass to the other side: every part of a throw's dice that is not a throw
/// of its own, as codes after the throws' (the checker keeps such throws to two dice, so that
/// they are few).
fn passed_dice(pools: &mut Vec<Vec<u8>>) {
    let thrown = pools.len();
    for k in 0..thrown {
        let pool = pools[k].clone();
        // Each part by which dice it keeps (the pool is at most 12 dice, largest first).
        for mask in 1u32..(1 << pool.len()) - 1 {
            let part: Vec<u8> = (0..pool.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| pool[i])
                .collect();
            if !pools.contains(&part) {
                pools.push(part);
            }
        }
    }
}

/// `unstack first`: per side, the position of each piece stacked at the start (every piece of a
/// start stack but its first), in path order.
fn unstack(r: &RuleSet) -> Option<Unstacking> {
    let checked::Start::OnBoard { positions, .. } = &r.start else {
        return None;
    };
    let restack = match r.unstack {
        Unstack::Never => return None,
        Unstack::First => false,
        Unstack::ThenRestack => true,
    };
    let stacked = PerSide::from_fn(|s| {
        let mut list: Vec<u8> = positions[s].iter().map(|p| p.get()).collect();
        list.sort_unstable();
        // Each position once less than it holds pieces: the first piece of a stack is on the
        // board already.
        list.windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0])
            .collect()
    });
    Some(Unstacking { restack, stacked })
}

/// Whether three dice shown largest first are a pair above a lower third.
fn pair_above(dice: &[u8]) -> bool {
    matches!(dice, [a, b, c] if a == b && b > c)
}

/// Per side: positions as bits.
fn positions(per: &Sides<Vec<PathPos>>) -> PerSide<u64> {
    PerSide::from_fn(|s| per[s].iter().fold(0, |m, p| m | p.bit()))
}

fn condition(c: &checked::PieceCondition) -> PieceCondition {
    match c {
        checked::PieceCondition::Pieces {
            other,
            has,
            squares,
        } => PieceCondition::Pieces {
            other: *other,
            has: *has,
            squares: PerSide::from_fn(|s| squares[s].iter().fold(0, |m, sq| m | sq.bit())),
        },
        checked::PieceCondition::Entered(e) => PieceCondition::Entered(*e),
    }
}

fn turn_rule(t: &checked::TurnRule) -> TurnRule {
    TurnRule {
        trigger: match &t.trigger {
            checked::TurnTrigger::Landing(p) => TurnTrigger::Landing(positions(p)),
            checked::TurnTrigger::Capture(p) => TurnTrigger::Capture(positions(p)),
            checked::TurnTrigger::Move(v) => TurnTrigger::Move(mask(v)),
            checked::TurnTrigger::Entering => TurnTrigger::Entering,
        },
        condition: t.condition.as_ref().map(condition),
        throw_again: t.throw_again,
        lose_turn: t.lose_turn,
        end_turn: t.end_turn,
    }
}

/// The piece that must move next, after a retreat or after entering (the checker makes both
/// name the same position).
fn moves_next(r: &RuleSet) -> Option<MovesNext> {
    let after_retreat = r
        .retreat
        .as_ref()
        .and_then(|t| t.moves_next.map(|m| (t.to, m)));
    let after_entering = r
        .entering
        .moves_next
        .and_then(|m| match r.enter.as_ref()?.onto {
            EnterOnto::Position(p) => Some((p, m)),
            EnterOnto::Throw { .. } => None,
        });
    let at = match (after_retreat, after_entering) {
        (_, Some((p, _))) => PerSide::from_fn(|_| p),
        (Some((sq, _)), None) => {
            PerSide::from_fn(|s| r.sides[s].position_of(sq).unwrap_or(PathPos::FIRST))
        }
        (None, None) => return None,
    };
    let both = [after_retreat.map(|x| x.1), after_entering.map(|x| x.1)];
    Some(MovesNext {
        at,
        after_retreat: after_retreat.is_some(),
        after_entering: after_entering.is_some(),
        ignoring_pairs: both.iter().flatten().any(|m| m.ignoring_pairs),
        or_waiting: both.iter().flatten().any(|m| m.or_waiting),
    })
}

pub(crate) fn enter(e: &checked::Enter) -> Enter {
    Enter {
        throws: e.throws.as_deref().map(mask),
        onto: e.onto,
        if_empty: e.if_empty,
    }
}

/// Side `s`'s tables: its path both ways, the flags and exits of its positions, its start.
pub(crate) fn side_table(r: &RuleSet, s: SideId) -> SideTable {
    let side = &r.sides[s];
    // Where a path comes back to a square, the square's position is its first visit; every
    // visit is in `positions`.
    let mut position_of = vec![None; r.board.size()];
    let mut positions = vec![0u64; r.board.size()];
    for (k, &sq) in side.path.iter().enumerate() {
        let p = PathPos::from_index(k);
        if position_of[sq.index()].is_none() {
            position_of[sq.index()] = p;
        }
        positions[sq.index()] |= p.map_or(0, PathPos::bit);
    }
    let mut effects = vec![None; r.board.size()];
    for e in r.effects.iter().filter(|e| e.applies_to(s)) {
        effects[e.square.index()] = Some(e.to);
    }
    SideTable {
        name: side.name.clone(),
        colour: side.colour.clone(),
        path: side.path.clone(),
        position_of,
        positions,
        segment_ends: side.segment_ends.iter().map(|p| p.bit()).sum(),
        looped: side.looped,
        flags: position_flags(r, s),
        effects,
        exit_throws: exit_throws(r, s),
        start: start_places(r, s),
    }
}

/// What each position of side `s`'s path is for it, by position index. Built from lists, not
/// bit sets, so that it serves paths of any length (the engine for many sides reads it too).
pub(crate) fn position_flags(r: &RuleSet, s: SideId) -> Vec<PosFlags> {
    let side = &r.sides[s];
    let mut flags = vec![PosFlags::default(); side.path.len()];
    let mut flag = |list: &[PathPos], f| list.iter().for_each(|p| flags[p.index()] |= f);
    flag(&r.priority[s], PosFlags::PRIORITY);
    flag(&r.only_pieces_on[s], PosFlags::HOLD);
    flag(&r.no_backward_from[s], PosFlags::NO_BACKWARD);
    flag(&r.ahead_empty[s], PosFlags::AHEAD_EMPTY);
    flag(&r.together[s], PosFlags::TOGETHER);
    flag(&r.none_waits[s], PosFlags::NONE_WAITS);
    flag(&r.enter_barred[s], PosFlags::ENTER_BARRED);
    flag(&r.no_passing[s], PosFlags::NO_PASSING);
    flag(&r.stop_and_go[s], PosFlags::STOP_AND_GO);
    if let Some(t) = &r.retreat {
        flag(&t.from[s], PosFlags::RETREAT);
    }
    let on_path = |squares: &[Square]| -> Vec<PathPos> {
        squares
            .iter()
            .flat_map(|&sq| side.positions_of(sq))
            .collect()
    };
    flag(&on_path(&r.to_waiting[s]), PosFlags::TO_WAITING);
    flag(&on_path(&r.to_removed[s]), PosFlags::TO_REMOVED);
    flag(&on_path(&r.out_optional[s]), PosFlags::OPTIONAL_EFFECT);
    for e in r.effects.iter().filter(|e| e.applies_to(s)) {
        let position = [e.square];
        if e.may {
            flag(&on_path(&position), PosFlags::OPTIONAL_EFFECT);
        }
        if e.stop {
            flag(&on_path(&position), PosFlags::EFFECT_STOPS);
        }
        if e.capturing {
            flag(&on_path(&position), PosFlags::EFFECT_CAPTURES);
        }
    }
    flag(&r.only_bear_off[s], PosFlags::ONLY_BEAR_OFF);
    flag(&r.safe[s], PosFlags::SAFE);
    flag(&r.extra_on[s], PosFlags::EXTRA_THROW);
    flag(&r.stop[s], PosFlags::STOP);
    flag(&r.extra_on_capture[s], PosFlags::CAPTURE_THROW);
    match &r.bear_when {
        checked::BearWhen::Always | checked::BearWhen::Never => {}
        checked::BearWhen::AllOn(zone) => flag(&zone[s], PosFlags::BEAR_ZONE),
        checked::BearWhen::NoneOn(zone) => flag(&zone[s], PosFlags::NO_BEAR_ZONE),
    }
    flags
}

/// By position index of side `s`'s path: bit `v` set when a throw of `v` bears a piece off from
/// there.
pub(crate) fn exit_throws(r: &RuleSet, s: SideId) -> Vec<u32> {
    let side = &r.sides[s];
    let len = side.path.len();
    // A loop has no end to bear off past.
    if side.looped {
        return vec![0; len];
    }
    (0..len)
        .map(|k| {
            // One step past the last position of the path (or of its part, where it is in
            // parts).
            let end = side
                .segment_ends
                .iter()
                .map(|p| p.index())
                .find(|&e| e >= k)
                .unwrap_or(len - 1);
            exit_bits(r, s, Some(k), end + 1 - k)
        })
        .collect()
}

/// Bit `v` set when a throw of `v` bears a piece of side `s` off from position index `at` of its
/// path (`None`: a square of a shortcut, off the path), `distance` steps from one past the end:
/// a throw of exactly the distance, or (bearing off past the end) any larger throw too, where
/// the rules let it bear off from there; or the throws the rules' table gives for the position.
pub(crate) fn exit_bits(r: &RuleSet, s: SideId, at: Option<usize>, distance: usize) -> u32 {
    match &r.bear_off {
        checked::BearOff::Exact { from, .. } | checked::BearOff::Past { from } => {
            let past = matches!(r.bear_off, checked::BearOff::Past { .. });
            let allowed = match (from, at) {
                (None, _) => true,
                (Some(f), Some(k)) => f[s].iter().any(|p| p.index() == k),
                (Some(_), None) => false,
            };
            if !allowed {
                return 0;
            }
            // Dice played one by one bear off in the stacked form, by their faces (their
            // throws are codes, not distances). An extra move bears off as a throw does.
            let extra = r.extra_move.as_ref().map(|m| m.value);
            let values = r.throw.values().into_iter().chain(extra);
            values
                .filter(|_| !r.throw.is_each())
                .filter(|&v| usize::from(v) == distance || past && usize::from(v) > distance)
                .fold(0, |bits, v| bits | 1 << v)
        }
        checked::BearOff::Table(table) => table[s]
            .iter()
            .filter(|(p, _)| Some(p.index()) == at)
            .fold(0, |bits, (_, throws)| bits | mask(throws)),
    }
}

/// Where each of side `s`'s pieces starts.
pub(crate) fn start_places(r: &RuleSet, s: SideId) -> Vec<Place> {
    match &r.start {
        checked::Start::Waiting => vec![Place::Waiting; usize::from(r.pieces)],
        checked::Start::OnBoard { positions, .. } => {
            let mut places: Vec<Place> = positions[s].iter().map(|&p| Place::On(p)).collect();
            // `; the rest waiting`: the pieces not listed wait to enter.
            places.resize(usize::from(r.pieces), Place::Waiting);
            places
        }
    }
}

/// When a side may bear off.
pub(crate) fn bear_condition(r: &RuleSet) -> BearCondition {
    match r.bear_when {
        checked::BearWhen::Always => BearCondition::Always,
        checked::BearWhen::Never => BearCondition::Never,
        checked::BearWhen::AllOn(_) => BearCondition::AllInZone,
        checked::BearWhen::NoneOn(_) => BearCondition::NoneInZone,
    }
}

/// The codes of the throws whose dice all show one number, where such a throw gives another
/// turn (see [`Rules::extra_codes`]).
fn extra_codes(r: &RuleSet) -> u64 {
    let senet_lang::types::ThrowDevice::Each { faces, .. } = &r.throw else {
        return 0;
    };
    if !r.extra_turn {
        return 0;
    }
    senet_lang::types::dice_sets(faces)
        .iter()
        .zip(1u64..)
        .filter(|(shown, _)| shown.windows(2).all(|w| w[0] == w[1]))
        .fold(
            0,
            |mask, (_, code)| if code < 64 { mask | 1 << code } else { mask },
        )
}

/// The code of the throw two dice of an opening throw make, for every pair of faces (see
/// [`Rules::opening_codes`]).
fn opening_codes(r: &senet_lang::check::RuleSet) -> Vec<u8> {
    let (Some(_), senet_lang::types::ThrowDevice::Each { faces, .. }) =
        (&r.opening_throw, &r.throw)
    else {
        return Vec::new();
    };
    let sets = senet_lang::types::dice_sets(faces);
    let f = faces.first().copied().unwrap_or(6);
    let mut codes = Vec::with_capacity(usize::from(f) * usize::from(f));
    for a in 1..=f {
        for b in 1..=f {
            let shown = vec![a.max(b), a.min(b)];
            let k = sets.iter().position(|s| *s == shown).unwrap_or(0);
            codes.push(u8::try_from(k + 1).unwrap_or(u8::MAX));
        }
    }
    codes
}

/// The equally likely outcomes of a throw before the game: one die's faces for an opening throw
/// of one die each, else the whole throw's (a throw-off throws as the game does).
fn start_outcomes(r: &senet_lang::check::RuleSet) -> Vec<u8> {
    match (&r.opening_throw, &r.throw) {
        (Some(_), senet_lang::types::ThrowDevice::Each { faces, .. }) => {
            (1..=faces.first().copied().unwrap_or(6)).collect()
        }
        _ => ThrowTable::new(&r.throw).outcomes,
    }
}
