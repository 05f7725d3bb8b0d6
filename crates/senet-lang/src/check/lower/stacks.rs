//! Stacked pieces and dice played one by one, as the tables games play them: how many pieces a
//! square holds, when enemy pieces close it, how doubles and unusable dice are played, and
//! whether waiting pieces enter first. The engine plays such rules in a form of its own, which
//! does not take every other rule: the checker refuses the rest here, at the rule.

use super::{Ctx, mismatch};
use crate::check::errors::{CheckError, StackRule};
use crate::check::ruleset::{BearOff, PatternPart, Start};
use crate::lang::syntax::{PatternSpec, RuleKey, Span, Spanned, Stacking, StatementKind as K};
use crate::types::limits::{MAX_PIECES, MAX_POOL, MAX_STACKED_PATH};
use crate::types::{Doubles, PathPos, Side, Sides, ThrowDevice, Unstack, UseDice};

pub(super) struct Stacks {
    /// The most pieces of a side on one square: 1 without stacks.
    pub limit: u8,
    pub closed_with: u8,
    pub doubles: Doubles,
    /// `unstack first` (`, then restack`).
    pub unstack: Unstack,
    /// `pairs played twice when the third die is lower`.
    pub pairs_twice: bool,
    /// `stacks on at most N of SET`: N, and per side the positions of SET.
    pub crowd_max: u8,
    pub crowd: Sides<Vec<PathPos>>,
    /// `pieces land on SET only after N have left the start`.
    pub land_after: Option<(u8, Sides<Vec<PathPos>>)>,
    pub use_larger: bool,
    /// `use most dice, the smaller or none`.
    pub use_smaller: bool,
    /// `double N played as ...`: each double's dice, in order.
    pub double_lists: Vec<(u8, Vec<u8>)>,
    /// `doubles then opposite faces, optional`.
    pub opposite_faces: bool,
    /// `first double of each side played once`.
    pub first_double_once: bool,
    pub enter_first: bool,
    /// `stacks up to N on SET`: N, and per side the path positions where no move makes a stack
    /// of more.
    pub zone: Zone,
    /// `pieces leave the start after the first reaches position N`.
    pub leave_after: Option<PathPos>,
    /// `dice may be combined`.
    pub combined: bool,
    /// `dice take lone pieces on their number`.
    pub dice_take: bool,
    /// `once all are borne off, they enter again as they started`.
    pub enter_again: bool,
    /// `unused dice pass to the other side` (checked against the throw where it is lowered:
    /// two dice played one by one).
    pub pass_unused: bool,
    /// `win by pinning the last piece on the start: N`.
    pub pin_win: Option<u32>,
    /// `draw when neither side can move`.
    pub draw_stuck: bool,
    /// `lose when ...`.
    pub losses: Losses,
    /// `extra turn when all dice are equal`.
    pub extra_turn: bool,
    /// `stacks move together`.
    pub together: bool,
}

/// The most pieces of a side one square holds, as `stacks` says (checked against the pieces a
/// side has).
pub(super) fn stack_limit(cx: &mut Ctx, pieces: Option<u8>) -> u8 {
    let said = cx.rule(&RuleKey::Stacks);
    let K::Stacks(stacking) = &*said.kind else {
        mismatch(&said.kind)
    };
    let most = pieces.unwrap_or(u8::try_from(MAX_PIECES).unwrap_or(u8::MAX));
    match stacking {
        Stacking::None => 1,
        Stacking::Any => most.max(2),
        Stacking::UpTo(n) => match u8::try_from(n.value) {
            Ok(k) if k >= 2 && k <= most.max(2) => k,
            _ => {
                cx.err_against(
                    said.layer,
                    CheckError::NumberOutOfRange {
                        span: n.span.clone().into(),
                        what: format!("stacks of up to {} pieces", n.value),
                        label: "out of range".into(),
                        help: format!(
                            "a stack holds 2 to {} pieces (`stacks up to 5`), any number (`stacks any`), or pieces do not stack (`stacks none`)",
                            most.max(2)
                        ),
                    },
                    &[RuleKey::Pieces],
                );
                most.max(2)
            }
        },
    }
}

/// Where pieces stack, the fast engine's stacked form takes paths of at most
/// [`MAX_STACKED_PATH`] positions; it plays two sides only.
fn stacked_path_limit(cx: &mut Ctx, limit: u8) {
    let longest = cx.sides().values().map(|s| s.path.len()).max().unwrap_or(0);
    // A path that loops or comes back is refused with stacks anyway (E201).
    let bends = cx
        .sides()
        .values()
        .any(|s| s.looped || !s.segment_ends.is_empty() || s.visits_twice());
    if limit > 1
        && !bends
        && cx.side_count() <= 2
        && longest > MAX_STACKED_PATH
        && let Some(said) = cx.said(&RuleKey::Stacks)
    {
        cx.err_against(
            said.layer,
            CheckError::Limit {
                span: said.span.into(),
                what: format!(
                    "pieces stack on a path of {longest} positions, more than the limit of {MAX_STACKED_PATH}"
                ),
                help: format!(
                    "where pieces stack a path has at most {MAX_STACKED_PATH} positions: shorten the path, or let pieces not stack (`stacks none`)"
                ),
            },
            &[RuleKey::Path(None)],
        );
    }
}

/// `closed with N` (N from 1 to as many as a square holds) or `closed never` (`u8::MAX`, which
/// the engine for many sides plays); either needs stacks.
fn closed_with(cx: &mut Ctx, limit: u8) -> u8 {
    let said = cx.rule(&RuleKey::Closed);
    let K::Closed(n) = &*said.kind else {
        mismatch(&said.kind)
    };
    let closed_with = match n {
        None => u8::MAX,
        Some(n) => match u8::try_from(n.value) {
            Ok(k) if k >= 1 && k <= limit.max(2) => k,
            _ => {
                cx.err_against(
                    said.layer,
                    CheckError::NumberOutOfRange {
                        span: n.span.clone().into(),
                        what: format!("a square closed with {} pieces", n.value),
                        label: "out of range".into(),
                        help: format!(
                            "a square is closed by 1 to {} pieces, as many as it may hold (`closed with 2`)",
                            limit.max(2)
                        ),
                    },
                    &[RuleKey::Stacks],
                );
                2
            }
        },
    };
    if limit == 1 && cx.said(&RuleKey::Closed).is_some() {
        needs(cx, &RuleKey::Closed, StackRule::Closed, RuleKey::Stacks);
    }
    closed_with
}

/// The rules of stacks and dice, each checked against what it needs: `closed with` needs stacks,
/// `waiting pieces enter first` stacks or dice played one by one, and the rules about doubles and
/// unusable dice dice played one by one.
pub(super) fn stacks(cx: &mut Ctx, limit: u8, each: bool, pins: bool) -> Stacks {
    stacked_path_limit(cx, limit);
    let closed_with = closed_with(cx, limit);
    let said = cx.rule(&RuleKey::Doubles);
    let K::Doubles(doubles) = *said.kind else {
        mismatch(&said.kind)
    };
    if doubles != Doubles::Once && !each {
        needs(cx, &RuleKey::Doubles, StackRule::Doubles, RuleKey::Throw);
    }
    let (use_larger, use_smaller) = use_dice(cx, each);
    let said = cx.rule(&RuleKey::EnterFirst);
    let K::EnterFirst(enter_first) = *said.kind else {
        mismatch(&said.kind)
    };
    if enter_first && limit == 1 && !each {
        needs(
            cx,
            &RuleKey::EnterFirst,
            StackRule::EnterFirst,
            RuleKey::Stacks,
        );
    }
    let zone = zone(cx, limit);
    let (crowd_max, crowd) = crowd(cx, limit);
    let said = cx.rule(&RuleKey::Pairs);
    let K::Pairs(pairs_twice) = *said.kind else {
        mismatch(&said.kind)
    };
    if pairs_twice && !each {
        needs(cx, &RuleKey::Pairs, StackRule::Pairs, RuleKey::Throw);
    }
    let leave_after = leave_after(cx, limit, each);
    let said = cx.rule(&RuleKey::Combined);
    let K::Combined(combined) = *said.kind else {
        mismatch(&said.kind)
    };
    if combined && !each {
        needs(cx, &RuleKey::Combined, StackRule::Combined, RuleKey::Throw);
    }
    let said = cx.rule(&RuleKey::UnusedDice);
    let K::UnusedDice(pass_unused) = *said.kind else {
        mismatch(&said.kind)
    };
    let said = cx.rule(&RuleKey::PinWin);
    let K::PinWin(points) = &*said.kind else {
        mismatch(&said.kind)
    };
    let pin_win = points.as_ref().map(|n| n.value);
    let said = cx.rule(&RuleKey::ExtraTurn);
    let K::ExtraTurn(extra_turn) = *said.kind else {
        mismatch(&said.kind)
    };
    if extra_turn && !each {
        needs(
            cx,
            &RuleKey::ExtraTurn,
            StackRule::ExtraTurn,
            RuleKey::Throw,
        );
    }
    let draw_stuck = cx.said(&RuleKey::DrawStuck).is_some();
    if draw_stuck && limit == 1 && !each {
        needs(
            cx,
            &RuleKey::DrawStuck,
            StackRule::DrawStuck,
            RuleKey::Stacks,
        );
    }
    if pin_win.is_some() && !pins {
        needs(cx, &RuleKey::PinWin, StackRule::PinWin, RuleKey::Capture);
    }
    let together = together(cx, limit);
    Stacks {
        limit,
        closed_with,
        doubles,
        unstack: Unstack::Never,
        pairs_twice: pairs_twice && each,
        crowd_max,
        crowd,
        land_after: None,
        use_larger,
        use_smaller,
        // Read with the throw (see `doubles_forms`).
        double_lists: Vec::new(),
        opposite_faces: false,
        first_double_once: false,
        enter_first,
        zone,
        leave_after,
        combined: combined && each,
        dice_take: false,
        enter_again: false,
        pass_unused,
        pin_win: pin_win.filter(|_| pins),
        draw_stuck: draw_stuck && (limit > 1 || each),
        losses: Losses::default(),
        extra_turn: extra_turn && each,
        together,
    }
}

/// `stacks move together`: with stacks (E200).
fn together(cx: &mut Ctx, limit: u8) -> bool {
    let said = cx.rule(&RuleKey::StacksTogether);
    let K::StacksTogether(together) = *said.kind else {
        mismatch(&said.kind)
    };
    if !together {
        return false;
    }
    if limit == 1 {
        needs(
            cx,
            &RuleKey::StacksTogether,
            StackRule::Together,
            RuleKey::Stacks,
        );
        return false;
    }
    true
}

/// `bear off exact, or past the end when all on SET`: only with stacks or dice played one by
/// one (E200).
pub(super) fn past_when(cx: &mut Ctx, stacks: &Stacks, each: bool, bear_off: Option<&BearOff>) {
    let said = matches!(
        bear_off,
        Some(BearOff::Exact {
            past_when: Some(_),
            ..
        })
    );
    if said && stacks.limit == 1 && !each {
        needs(
            cx,
            &RuleKey::BearOff,
            StackRule::PastWhenAllOn,
            RuleKey::Stacks,
        );
    }
}

/// The rules under which a side loses at once.
#[derive(Default)]
pub(super) struct Losses {
    /// `lose when a side cannot move`.
    pub stuck: bool,
    /// `lose when a captured piece cannot go back`.
    pub no_way_back: bool,
    /// `lose when a piece that can be taken is left`.
    pub untaken: bool,
}

/// `lose when a side cannot move`, only with stacks or dice played one by one, and `lose when a
/// captured piece cannot go back`, only where captured pieces go back to positions of their
/// path (`capture to positions N..M`, itself only with stacks): both E200.
pub(super) fn losses(cx: &mut Ctx, stacks: &mut Stacks, each: bool, goes_back: bool) {
    let stuck = cx.said(&RuleKey::LoseStuck).is_some();
    let stacked = stacks.limit > 1 || each;
    if stuck && !stacked {
        needs(
            cx,
            &RuleKey::LoseStuck,
            StackRule::LoseStuck,
            RuleKey::Stacks,
        );
    }
    stacks.losses.stuck = stuck && stacked;
    let back = cx.said(&RuleKey::LoseNoWayBack).is_some();
    let goes_back = goes_back && stacks.limit > 1;
    if back && !goes_back {
        needs(
            cx,
            &RuleKey::LoseNoWayBack,
            StackRule::LoseNoWayBack,
            RuleKey::Capture,
        );
    }
    stacks.losses.no_way_back = back && goes_back;
}

/// `dice take lone pieces on their number`, only with dice played one by one and captured pieces
/// waiting to enter again, and `lose when a piece that can be taken is left`, only where the dice
/// take pieces: both E200.
pub(super) fn takes(cx: &mut Ctx, stacks: &mut Stacks, each: bool, to_waiting: bool) {
    let take = cx.said(&RuleKey::DiceTake).is_some();
    let fits = each && to_waiting;
    if take && !fits {
        let wanted = if each {
            RuleKey::Capture
        } else {
            RuleKey::Throw
        };
        needs(cx, &RuleKey::DiceTake, StackRule::DiceTake, wanted);
    }
    stacks.dice_take = take && fits;
    let untaken = cx.said(&RuleKey::LoseUntaken).is_some();
    if untaken && !stacks.dice_take {
        needs(
            cx,
            &RuleKey::LoseUntaken,
            StackRule::LoseUntaken,
            RuleKey::DiceTake,
        );
    }
    stacks.losses.untaken = untaken && stacks.dice_take;
}

/// `once all are borne off, they enter again as they started`: only with dice played one by
/// one, and where no piece waits to enter otherwise (every piece starts on the board, and none
/// captured waits): a waiting piece then means a side entering again (E200).
pub(super) fn enter_again(cx: &mut Ctx, stacks: &mut Stacks, each: bool, others_wait: bool) {
    if cx.said(&RuleKey::EnterAgain).is_none() {
        return;
    }
    if !each || others_wait {
        let wanted = if each {
            RuleKey::Capture
        } else {
            RuleKey::Throw
        };
        needs(cx, &RuleKey::EnterAgain, StackRule::EnterAgain, wanted);
        return;
    }
    stacks.enter_again = true;
}

/// `use most dice ...`: whether the larger die must be played where only one can be, and
/// whether the smaller must be played or none; only with dice played one by one (E200).
fn use_dice(cx: &mut Ctx, each: bool) -> (bool, bool) {
    let said = cx.rule(&RuleKey::UseDice);
    let K::UseDice(use_dice) = *said.kind else {
        mismatch(&said.kind)
    };
    if cx.said(&RuleKey::UseDice).is_some() && !each {
        needs(cx, &RuleKey::UseDice, StackRule::UseDice, RuleKey::Throw);
    }
    (
        use_dice == UseDice::ThenLarger,
        use_dice == UseDice::SmallerOrNone && each,
    )
}

/// `unused dice pass to the other side`: only with two dice played one by one, none always
/// shown (dice passed are kept in a position as a throw of their own: two dice keep those few),
/// and where only one die can be used, the larger (so that which die passes is known).
pub(super) fn passing(cx: &mut Ctx, stacks: &mut Stacks, device: Option<&ThrowDevice>) {
    if !stacks.pass_unused {
        return;
    }
    let two_plain = matches!(
        device,
        Some(ThrowDevice::Each { faces, fixed, .. }) if faces.len() == 2 && fixed.is_empty()
    );
    if !two_plain {
        needs(
            cx,
            &RuleKey::UnusedDice,
            StackRule::UnusedDice,
            RuleKey::Throw,
        );
        stacks.pass_unused = false;
    } else if !stacks.use_larger {
        needs(
            cx,
            &RuleKey::UnusedDice,
            StackRule::UnusedDiceLarger,
            RuleKey::UseDice,
        );
        stacks.pass_unused = false;
    }
}

/// The rules that say how a double is played besides `doubles played` (`double N played as
/// ...`, `doubles then opposite faces, optional`, `first double of each side played once`):
/// only with dice played one by one (E200), a list's numbers faces of the dice (E144) and at
/// most [`MAX_POOL`] of them (E121), opposite faces only on six-sided dice (E200), and none of
/// them where unused dice pass to the other side (E200: dice passed are parts of plain throws).
pub(super) fn doubles_forms(cx: &mut Ctx, stacks: &mut Stacks, device: Option<&ThrowDevice>) {
    let faces = match device {
        Some(ThrowDevice::Each { faces, .. }) => Some(faces.clone()),
        _ => None,
    };
    type Listed = (RuleKey, usize, Span, u32, Vec<Spanned<u32>>);
    let lists: Vec<Listed> = cx
        .entries()
        .into_iter()
        .filter_map(|(kind, layer, span)| match kind {
            K::DoubleList { double, dice } if !dice.is_empty() => Some((
                RuleKey::DoubleList(double.value),
                layer,
                span.clone(),
                double.value,
                dice.clone(),
            )),
            _ => None,
        })
        .collect();
    let said = cx.rule(&RuleKey::OppositeFaces);
    let K::OppositeFaces(opposite) = *said.kind else {
        mismatch(&said.kind)
    };
    let said = cx.rule(&RuleKey::FirstDouble);
    let K::FirstDouble(first_once) = *said.kind else {
        mismatch(&said.kind)
    };
    let Some(faces) = faces else {
        for (key, ..) in &lists {
            needs(cx, key, StackRule::Doubles, RuleKey::Throw);
        }
        for (key, on) in [
            (RuleKey::OppositeFaces, opposite),
            (RuleKey::FirstDouble, first_once),
        ] {
            if on {
                needs(cx, &key, StackRule::Doubles, RuleKey::Throw);
            }
        }
        return;
    };
    // A double shows a face every die has; a die of the list any face of the dice.
    let common = faces.iter().copied().min().unwrap_or(0);
    let most = faces.iter().copied().max().unwrap_or(0);
    let mut ok = true;
    for (_, layer, span, double, dice) in &lists {
        if *double == 0 || *double > u32::from(common) {
            ok = false;
            cx.err(
                *layer,
                CheckError::NumberOutOfRange {
                    span: span.clone().into(),
                    what: format!("a double of {double}, which the dice never throw"),
                    label: "no such double".into(),
                    help: format!("a double shows a face of every die: 1 to {common}"),
                },
            );
        }
        for d in dice {
            if d.value == 0 || d.value > u32::from(most) {
                ok = false;
                cx.err(
                    *layer,
                    CheckError::NumberOutOfRange {
                        span: d.span.clone().into(),
                        what: format!("a die of {} in a double's dice", d.value),
                        label: "not a face of the dice".into(),
                        help: format!("each die played is a face of the dice: 1 to {most}"),
                    },
                );
            }
        }
        if dice.len() > MAX_POOL {
            ok = false;
            cx.err(
                *layer,
                CheckError::Limit {
                    span: span.clone().into(),
                    what: format!(
                        "a double played as {} dice, more than the limit of {MAX_POOL}",
                        dice.len()
                    ),
                    help: format!("a throw plays at most {MAX_POOL} dice one by one"),
                },
            );
        }
    }
    if opposite && faces.iter().any(|&f| f != 6) {
        needs(
            cx,
            &RuleKey::OppositeFaces,
            StackRule::OppositeFaces,
            RuleKey::Throw,
        );
        return;
    }
    if stacks.pass_unused {
        let said: Vec<RuleKey> = lists
            .iter()
            .map(|(key, ..)| key.clone())
            .chain(opposite.then_some(RuleKey::OppositeFaces))
            .chain(first_once.then_some(RuleKey::FirstDouble))
            .collect();
        for key in &said {
            needs(cx, key, StackRule::DoublesPassing, RuleKey::UnusedDice);
        }
        if !said.is_empty() {
            return;
        }
    }
    if ok {
        stacks.double_lists = lists
            .iter()
            .filter_map(|(_, _, _, double, dice)| {
                let dice = dice.iter().map(|d| u8::try_from(d.value).ok());
                Some((
                    u8::try_from(*double).ok()?,
                    dice.collect::<Option<Vec<u8>>>()?,
                ))
            })
            .collect();
        stacks.double_lists.sort_unstable();
    }
    stacks.opposite_faces = opposite;
    stacks.first_double_once = first_once;
}

/// `stacks up to N on SET [until a piece reaches position M]`: N and the places; the stacks'
/// limit where no such rule holds.
pub(super) struct Zone {
    pub limit: u8,
    pub at: Sides<Vec<PathPos>>,
    pub until: Option<PathPos>,
}

/// `stacks up to N on SET [until ...]`: N from 1 to the stacks' limit, M on every side's path,
/// and only with stacks.
fn zone(cx: &mut Ctx, limit: u8) -> Zone {
    let said = cx.rule(&RuleKey::StacksOn);
    let K::StacksOn { most, on, until } = &*said.kind else {
        mismatch(&said.kind)
    };
    let at = cx.positions(said.layer, on);
    let none = Zone {
        limit,
        at: at.clone(),
        until: None,
    };
    if cx.said(&RuleKey::StacksOn).is_none() || at.values().all(Vec::is_empty) {
        return none;
    }
    if limit == 1 {
        needs(cx, &RuleKey::StacksOn, StackRule::StacksOn, RuleKey::Stacks);
        return none;
    }
    let shortest = cx.sides().values().map(|s| s.path.len()).min().unwrap_or(0);
    let until = match until {
        Some(m) if m.value == 0 || m.value as usize > shortest => {
            cx.err_against(
                said.layer,
                CheckError::NumberOutOfRange {
                    span: m.span.clone().into(),
                    what: format!(
                        "a limit on stacks lifted by a piece reaching position {}, on a path of {shortest}",
                        m.value
                    ),
                    label: "not on the path".into(),
                    help: format!(
                        "a position of every side's path: 1 to {shortest} (`until a piece reaches position 12`)"
                    ),
                },
                &[],
            );
            return none;
        }
        Some(m) => PathPos::new(m.value),
        None => None,
    };
    match u8::try_from(most.value) {
        Ok(k) if k >= 1 && k < limit => Zone {
            limit: k,
            at,
            until,
        },
        _ => {
            cx.err_against(
                said.layer,
                CheckError::NumberOutOfRange {
                    span: most.span.clone().into(),
                    what: format!("stacks of up to {} pieces on some places", most.value),
                    label: "out of range".into(),
                    help: format!(
                        "fewer than the {limit} a stack holds elsewhere: 1 to {} (`stacks up to 1 on positions 1..6`)",
                        limit - 1
                    ),
                },
                &[RuleKey::Stacks],
            );
            none
        }
    }
}

/// `stacks on at most N of SET`: 1 to the places of SET less one, and only with stacks; (0, empty)
/// where no such rule holds.
fn crowd(cx: &mut Ctx, limit: u8) -> (u8, Sides<Vec<PathPos>>) {
    let said = cx.rule(&RuleKey::StacksCount);
    let K::StacksCount { most, on } = &*said.kind else {
        mismatch(&said.kind)
    };
    let crowd = cx.positions(said.layer, on);
    if cx.said(&RuleKey::StacksCount).is_none() || crowd.values().all(Vec::is_empty) {
        return (0, cx.each_side());
    }
    if limit == 1 {
        needs(
            cx,
            &RuleKey::StacksCount,
            StackRule::StacksCount,
            RuleKey::Stacks,
        );
        return (0, cx.each_side());
    }
    let places = crowd.values().map(Vec::len).max().unwrap_or(0);
    match u8::try_from(most.value) {
        Ok(k) if k >= 1 && usize::from(k) < places => (k, crowd),
        _ => {
            cx.err_against(
                said.layer,
                CheckError::NumberOutOfRange {
                    span: most.span.clone().into(),
                    what: format!("stacks on at most {} of {places} places", most.value),
                    label: "out of range".into(),
                    help: format!(
                        "fewer than the places named, and at least one: 1 to {} (`stacks on at most 2 of positions 1..6`)",
                        places.saturating_sub(1).max(1)
                    ),
                },
                &[],
            );
            (0, cx.each_side())
        }
    }
}

/// `pieces leave the start after the first reaches position N`: a position of the path past
/// the first, with stacks or dice played one by one.
fn leave_after(cx: &mut Ctx, limit: u8, each: bool) -> Option<PathPos> {
    let said = cx.rule(&RuleKey::LeaveStart);
    let K::LeaveStart(Some(n)) = &*said.kind else {
        return None;
    };
    if limit == 1 && !each {
        needs(
            cx,
            &RuleKey::LeaveStart,
            StackRule::LeaveStart,
            RuleKey::Stacks,
        );
        return None;
    }
    let p = cx.position(said.layer, n.value, &n.span)?;
    if p == PathPos::FIRST {
        cx.err_against(
            said.layer,
            CheckError::NumberOutOfRange {
                span: n.span.clone().into(),
                what: "the first piece to leave must reach position 1, where it starts".into(),
                label: "out of range".into(),
                help: "name a position past the start: `pieces leave the start after the first reaches position 13`".into(),
            },
            &[],
        );
        return None;
    }
    Some(p)
}

/// E200 at rule `key`, which needs what the rule `against` would give.
pub(super) fn needs(cx: &mut Ctx, key: &RuleKey, rule: StackRule, against: RuleKey) {
    cx.contradicts(
        key,
        |span| CheckError::NeedsStacks { span, rule },
        &[against],
    );
}

/// E201 at each stated rule that the stacked form of the engine does not play, in file order;
/// `refused` holds, for each rule key whose value is in force, whether it is.
pub(super) fn refuse(cx: &mut Ctx, refused: &[(RuleKey, bool)]) {
    let mut found: Vec<(RuleKey, usize, Span)> = refused
        .iter()
        .filter(|(_, applies)| *applies)
        .filter_map(|(key, _)| cx.said(key).map(|s| (key.clone(), s.layer, s.span)))
        .collect();
    found.sort_by_key(|(_, layer, span)| (*layer, span.start));
    for (key, layer, span) in found {
        cx.err_against(
            layer,
            CheckError::NotWithStacks {
                span: span.into(),
                rule: key.to_string(),
            },
            &[RuleKey::Stacks, RuleKey::Throw],
        );
    }
}

/// `win with N on each of SET; N or more on each of SET ... or ...`: each pattern's parts, where
/// pieces stack (E200 otherwise) and the counts can be met by a side's pieces all on the places:
/// each count 1 or more, the least pieces the parts take no more than a side has, and all of
/// them where no part takes more (E144 otherwise).
pub(super) fn pattern_win(
    cx: &mut Ctx,
    limit: u8,
    pieces: Option<u8>,
) -> Option<Vec<Vec<PatternPart>>> {
    let said = cx.rule(&RuleKey::PatternWin);
    let K::PatternWin(Some(patterns)) = &*said.kind else {
        return None;
    };
    if limit == 1 {
        needs(
            cx,
            &RuleKey::PatternWin,
            StackRule::PatternWin,
            RuleKey::Stacks,
        );
        return None;
    }
    let layer = said.layer;
    let checked: Vec<Option<Vec<PatternPart>>> = patterns
        .iter()
        .map(|specs| pattern(cx, layer, specs, pieces))
        .collect();
    checked.into_iter().collect()
}

/// One pattern of `win with`: its parts, or `None` (reported) where a side's pieces cannot meet
/// its counts.
fn pattern(
    cx: &mut Ctx,
    layer: usize,
    specs: &[PatternSpec],
    pieces: Option<u8>,
) -> Option<Vec<PatternPart>> {
    let mut parts = Vec::new();
    let mut least = 0u32;
    for spec in specs {
        let at = cx.positions(layer, &spec.on);
        let size = u32::try_from(at[Side::First].len()).unwrap_or(u32::MAX);
        least = least.saturating_add(spec.count.value.saturating_mul(size));
        parts.push((spec, at));
    }
    let open = specs.iter().any(|s| s.or_more);
    let have = pieces.map_or(u32::MAX, u32::from);
    let fits = if open { least <= have } else { least == have };
    let zero = specs.iter().find(|s| s.count.value == 0);
    let bad = zero.or_else(|| (!fits).then(|| &specs[specs.len() - 1]));
    if let Some(spec) = bad {
        let have = pieces.map_or_else(|| "pieces".to_string(), |p| p.to_string());
        cx.err_against(
            layer,
            CheckError::NumberOutOfRange {
                span: spec.count.span.clone().into(),
                what: if zero.is_some() {
                    "no piece on each place of a winning pattern".to_string()
                } else {
                    format!("the pattern takes {least} pieces, not a side's {have}")
                },
                label: "not every piece".into(),
                help: "a side wins with every one of its pieces on the places, as many on each as said: make the counts add up to its pieces (`win with 2 on each of squares 13..18` for twelve), or let a part take more (`1 or more on each of ...`)".into(),
            },
            &[RuleKey::Pieces],
        );
        return None;
    }
    Some(
        parts
            .into_iter()
            .filter_map(|(spec, at)| {
                Some(PatternPart {
                    count: u8::try_from(spec.count.value).ok()?,
                    or_more: spec.or_more,
                    at,
                })
            })
            .collect(),
    )
}

/// `unstack first` (`, then restack`): with stacks and dice played one by one (E200), where some
/// side starts with a stack (E205), each on a position some die shows (E205).
pub(super) fn unstack(
    cx: &mut Ctx,
    limit: u8,
    device: Option<&ThrowDevice>,
    start: Option<&Start>,
) -> Unstack {
    let said = cx.rule(&RuleKey::Unstack);
    let K::Unstack(unstack) = *said.kind else {
        mismatch(&said.kind)
    };
    if unstack == Unstack::Never {
        return unstack;
    }
    let Some(device) = device else {
        return Unstack::Never;
    };
    if limit == 1 {
        needs(cx, &RuleKey::Unstack, StackRule::Unstack, RuleKey::Stacks);
        return Unstack::Never;
    }
    let ThrowDevice::Each { faces, fixed, .. } = device else {
        needs(
            cx,
            &RuleKey::Unstack,
            StackRule::UnstackDice,
            RuleKey::Throw,
        );
        return Unstack::Never;
    };
    let Some(Start::OnBoard { positions, .. }) = start else {
        cx.contradicts(
            &RuleKey::Unstack,
            |span| CheckError::NothingToUnstack {
                span,
                found: "no piece starts on the board".into(),
            },
            &[RuleKey::Start],
        );
        return Unstack::Never;
    };
    let largest = faces.iter().chain(fixed).copied().max().unwrap_or(0);
    let shown = |p: PathPos| p.get() <= largest || fixed.contains(&p.get());
    let mut stacked = false;
    for list in positions.values() {
        for p in list {
            // A stack: two pieces or more on one position.
            if list.iter().filter(|q| *q == p).count() < 2 {
                continue;
            }
            stacked = true;
            if !shown(*p) {
                cx.contradicts(
                    &RuleKey::Unstack,
                    |span| CheckError::NothingToUnstack {
                        span,
                        found: format!(
                            "the stack on position {p} could never be taken off: no die shows {p}"
                        ),
                    },
                    &[RuleKey::Start],
                );
                return Unstack::Never;
            }
        }
    }
    if !stacked {
        cx.contradicts(
            &RuleKey::Unstack,
            |span| CheckError::NothingToUnstack {
                span,
                found: "no side starts with two pieces on one position".into(),
            },
            &[RuleKey::Start],
        );
        return Unstack::Never;
    }
    unstack
}

/// The most dice one throw plays, one by one (a double played several times over counting each
/// time, the dice that always show their number too), within [`MAX_POOL`] (E121 at the rule that
/// multiplies them); and a rule on pairs only where three dice are thrown (E200).
pub(super) fn throw_limits(
    cx: &mut Ctx,
    device: Option<&ThrowDevice>,
    doubles: Doubles,
    pairs: bool,
    opposite: bool,
) {
    let Some(ThrowDevice::Each { faces, fixed, .. }) = device else {
        return;
    };
    let n = faces.len();
    if pairs && n != 3 {
        needs(cx, &RuleKey::Pairs, StackRule::Pairs, RuleKey::Throw);
    }
    let smallest = usize::from(faces.iter().copied().min().unwrap_or(0));
    let double = match doubles {
        Doubles::Once => n,
        Doubles::Twice => 2 * n,
        Doubles::Thrice => 3 * n,
        Doubles::AsShown => smallest.max(n),
        Doubles::Total => smallest * n,
        Doubles::OneDie => 1,
    };
    // Opposite faces: as many dice again.
    let double = if opposite { 2 * double } else { double };
    let pair = if pairs && n == 3 { 5 } else { n };
    let most = double.max(pair).max(n) + fixed.len();
    if most <= MAX_POOL {
        return;
    }
    let key = if double >= pair {
        RuleKey::Doubles
    } else {
        RuleKey::Pairs
    };
    if let Some(said) = cx.said(&key) {
        cx.err_against(
            said.layer,
            CheckError::Limit {
                span: said.span.into(),
                what: format!(
                    "a throw would play {most} dice one by one, more than the limit of {MAX_POOL}"
                ),
                help: format!(
                    "a throw plays at most {MAX_POOL} dice, each time a double is played counted: fewer dice, or doubles played fewer times"
                ),
            },
            &[RuleKey::Throw],
        );
    }
}

/// `pieces land on SET only after N have left the start`: N from 1 to the pieces a side has,
/// with stacks or dice played one by one (E200 otherwise).
pub(super) fn land_after(
    cx: &mut Ctx,
    limit: u8,
    each: bool,
    pieces: Option<u8>,
) -> Option<(u8, Sides<Vec<PathPos>>)> {
    let said = cx.rule(&RuleKey::LandAfter);
    let K::LandAfter { on, left } = &*said.kind else {
        mismatch(&said.kind)
    };
    let places = cx.positions(said.layer, on);
    if cx.said(&RuleKey::LandAfter).is_none() || places.values().all(Vec::is_empty) {
        return None;
    }
    if limit == 1 && !each {
        needs(
            cx,
            &RuleKey::LandAfter,
            StackRule::LandAfter,
            RuleKey::Stacks,
        );
        return None;
    }
    let most = pieces.unwrap_or(u8::MAX);
    match u8::try_from(left.value) {
        Ok(n) if n >= 1 && n <= most => Some((n, places)),
        _ => {
            cx.err_against(
                said.layer,
                CheckError::NumberOutOfRange {
                    span: left.span.clone().into(),
                    what: format!("{} pieces to leave the start, of a side's {most}", left.value),
                    label: "out of range".into(),
                    help: format!(
                        "1 to the pieces a side has, {most}: `pieces land on positions 24 only after 5 have left the start`"
                    ),
                },
                &[RuleKey::Pieces],
            );
            None
        }
    }
}
