//! Throws and turns: the throwing device, extra throws, and how a turn is made.

use super::{Ctx, mismatch};
use crate::check::errors::{CheckError, OneThrowRule, StackRule, Unending};
use crate::check::ruleset::Turn;
use crate::lang::syntax::{
    DiceEntry, RuleKey, Span, Spanned, StatementKind as K, ThrowSpec, Trigger, TurnSpec,
};
use crate::types::limits::{MAX_DICE, MAX_DIE_FACES, MAX_STICKS, MAX_THROW_VALUE};
use crate::types::{PathPos, Sides, ThrowDevice};

pub(super) struct Throws {
    pub device: Option<ThrowDevice>,
    pub extra_after: Vec<u8>,
    pub extra_on: Sides<Vec<PathPos>>,
    pub begin: Vec<u8>,
    pub first_move: Vec<u8>,
    pub turn: Turn,
}

pub(super) fn throws_and_turns(cx: &mut Ctx) -> Throws {
    let device = match cx.said(&RuleKey::Throw) {
        Some(said) => {
            let K::Throw(spec) = &*said.kind else {
                mismatch(&said.kind)
            };
            device(cx, said.layer, &said.span, spec)
        }
        None => {
            cx.missing(
                "how the throw is made",
                "throw 4 sticks: 0 -> 5, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4",
            );
            None
        }
    };
    cx.device.clone_from(&device);
    let said = cx.rule(&RuleKey::ExtraAfter);
    let K::ExtraAfter(list) = &*said.kind else {
        mismatch(&said.kind)
    };
    let extra_after = cx.throw_values(said.layer, list);
    let said = cx.rule(&RuleKey::ExtraOn);
    let K::ExtraOn(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let extra_on = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::Begin);
    let K::Begin(list) = &*said.kind else {
        mismatch(&said.kind)
    };
    let begin = cx.throw_values(said.layer, list);
    let begin_said = (!begin.is_empty()).then_some((said.layer, said.span));
    let said = cx.rule(&RuleKey::FirstMove);
    let K::FirstMove(list) = &*said.kind else {
        mismatch(&said.kind)
    };
    let first_move = cx.throw_values(said.layer, list);
    let said = cx.rule(&RuleKey::Turn);
    let turn = match &*said.kind {
        K::Turn(TurnSpec::ThrowThenMove) => Turn::ThrowThenMove,
        K::Turn(TurnSpec::ThrowThenSplit) => Turn::ThrowThenSplit,
        K::Turn(
            spec @ (TurnSpec::AccumulateThenSplit { again }
            | TurnSpec::AccumulateThenEach { again }),
        ) => {
            let each = matches!(spec, TurnSpec::AccumulateThenEach { .. });
            let again = cx.throw_values(said.layer, again);
            if let Some(d) = &device
                && d.distribution().iter().all(|(v, _)| again.contains(v))
            {
                cx.err_against(
                    said.layer,
                    CheckError::TurnNeverEnds {
                        span: said.span.into(),
                        how: Unending::TurnThrowsAgain,
                    },
                    &[RuleKey::Throw],
                );
            }
            if each {
                Turn::AccumulateThenEach { again }
            } else {
                Turn::AccumulateThenSplit { again }
            }
        }
        other => mismatch(other),
    };
    if turn.splits()
        && let Some((layer, span)) = begin_said
    {
        // A split total may move several pieces, and may be many throws: which begins is not
        // said.
        cx.err_against(
            layer,
            CheckError::NotWithSplitTurn {
                span: span.into(),
                rule: OneThrowRule::Begin,
            },
            &[RuleKey::Turn],
        );
    }
    Throws {
        device,
        extra_after,
        extra_on,
        begin,
        first_move,
        turn,
    }
}

/// E184 where every throw the device gives lets its side throw again both after a move
/// (`after_move`) and after a pass (`after_pass`), and no rule ends a turn: a turn would never
/// end but with the game, and the other side would never play. Reported at the last rule about
/// passes that throws again.
pub(super) fn endless_turn(cx: &mut Ctx, after_move: &[u8], after_pass: &[u8], ends_turn: bool) {
    let Some(device) = &cx.device else {
        return;
    };
    let every = |list: &[u8]| device.distribution().iter().all(|(v, _)| list.contains(v));
    if ends_turn || !every(after_move) || !every(after_pass) {
        return;
    }
    let Some((layer, span)) = cx.last_event(|t| matches!(t, Trigger::Pass(_))) else {
        return;
    };
    cx.err_against(
        layer,
        CheckError::TurnNeverEnds {
            span: span.into(),
            how: Unending::MovesAndPasses,
        },
        &[RuleKey::Throw, RuleKey::ExtraAfter],
    );
}

fn device(cx: &mut Ctx, layer: usize, span: &Span, spec: &ThrowSpec) -> Option<ThrowDevice> {
    match spec {
        ThrowSpec::Die { faces } => match u8::try_from(faces.value) {
            Ok(f) if f >= 2 && usize::from(f) <= MAX_DIE_FACES => {
                Some(ThrowDevice::Die { faces: f })
            }
            _ => {
                cx.out_of_range(
                    layer,
                    &faces.span,
                    format!("a die with {} faces", faces.value),
                    "out of range",
                    format!("a die has 2 to {MAX_DIE_FACES} faces"),
                );
                None
            }
        },
        ThrowSpec::Dice {
            faces,
            fixed,
            table,
            each,
        } => {
            if faces.len() + fixed.len() > MAX_DICE {
                let extra = faces
                    .iter()
                    .chain(fixed)
                    .nth(MAX_DICE)
                    .map_or(span, |f| &f.span);
                cx.out_of_range(
                    layer,
                    extra,
                    format!("{} dice", faces.len() + fixed.len()),
                    "too many",
                    format!("throw 1 to {MAX_DICE} dice"),
                );
                return None;
            }
            let mut always = Vec::new();
            for f in fixed {
                if !*each {
                    cx.err(
                        layer,
                        CheckError::NeedsStacks {
                            span: f.span.clone().into(),
                            rule: StackRule::Always,
                        },
                    );
                    return None;
                }
                match u8::try_from(f.value) {
                    Ok(n) if n >= 1 && usize::from(n) <= MAX_DIE_FACES => always.push(n),
                    _ => {
                        cx.out_of_range(
                            layer,
                            &f.span,
                            format!("a die that always shows {}", f.value),
                            "out of range",
                            format!("a die shows 1 to {MAX_DIE_FACES}"),
                        );
                        return None;
                    }
                }
            }
            let mut sizes = Vec::new();
            for f in faces {
                match u8::try_from(f.value) {
                    Ok(n) if n >= 2 && usize::from(n) <= MAX_DIE_FACES => sizes.push(n),
                    _ => cx.out_of_range(
                        layer,
                        &f.span,
                        format!("a die with {} faces", f.value),
                        "out of range",
                        format!("a die has 2 to {MAX_DIE_FACES} faces"),
                    ),
                }
            }
            if sizes.len() != faces.len() {
                return None;
            }
            if *each {
                // A throw of dice played one by one is coded by a byte (see `dice_sets`).
                let kinds = crate::types::dice_sets(&sizes).len();
                if kinds > usize::from(u8::MAX) {
                    cx.out_of_range(
                        layer,
                        span,
                        format!("dice played one by one that show {kinds} different throws"),
                        "too many different throws",
                        format!(
                            "dice played one by one may show at most {} different throws (three six-sided dice show 56)",
                            u8::MAX
                        ),
                    );
                    return None;
                }
                return Some(ThrowDevice::Each {
                    values: crate::types::each_values(&sizes),
                    faces: sizes,
                    fixed: always,
                });
            }
            let values = match table {
                None => sum_values(cx, layer, span, &sizes)?,
                Some(rows) => dice_values(cx, layer, span, &sizes, rows)?,
            };
            Some(ThrowDevice::Dice {
                faces: sizes,
                values,
            })
        }
        ThrowSpec::Sticks {
            count,
            table,
            lot,
            marked,
        } => {
            let n = match u8::try_from(count.value) {
                Ok(n) if n >= 1 && usize::from(n) <= MAX_STICKS => n,
                _ => {
                    cx.out_of_range(
                        layer,
                        &count.span,
                        format!("{} throwing sticks", count.value),
                        "out of range",
                        format!("throw 1 to {MAX_STICKS} sticks"),
                    );
                    return None;
                }
            };
            let marks = stick_marks(cx, layer, n, marked)?;
            let values = stick_values(cx, layer, span, n, table, marked.first())?;
            Some(ThrowDevice::Sticks {
                count: n,
                values,
                lot: *lot,
                marks,
            })
        }
    }
}

/// The numbers of marked sticks (`sticks marked 4, 6, 14, 15`): one a stick, each a throw value.
fn stick_marks(cx: &mut Ctx, layer: usize, n: u8, marked: &[Spanned<u32>]) -> Option<Vec<u8>> {
    if marked.is_empty() {
        return Some(Vec::new());
    }
    if marked.len() != usize::from(n) {
        let (first, last) = (&marked[0].span, &marked[marked.len() - 1].span);
        cx.out_of_range(
            layer,
            &(first.start..last.end),
            format!("{} marked sticks for {n} sticks", marked.len()),
            "one number a stick",
            format!("give each of the {n} sticks its number"),
        );
        return None;
    }
    let marks: Vec<Option<u8>> = marked.iter().map(|m| throw_value(cx, layer, m)).collect();
    marks.into_iter().collect()
}

/// The value of each count of light sides, 0 to `n`: every count once. Where the sticks are
/// marked (`first_mark`), a count of one is given by the marks, not the table.
fn stick_values(
    cx: &mut Ctx,
    layer: usize,
    span: &Span,
    n: u8,
    table: &[(Spanned<u32>, Spanned<u32>)],
    first_mark: Option<&Spanned<u32>>,
) -> Option<Vec<u8>> {
    let mut values: Vec<Option<(u8, Span)>> = vec![None; usize::from(n) + 1];
    if let Some(m) = first_mark {
        values[1] = Some((0, m.span.clone()));
    }
    let mut ok = true;
    for (c, v) in table {
        if let Some(m) = first_mark.filter(|_| c.value == 1) {
            cx.err(
                layer,
                CheckError::MarkedCountGiven {
                    span: c.span.clone().into(),
                    marks: m.span.clone().into(),
                },
            );
            ok = false;
            continue;
        }
        let Some(slot) = usize::try_from(c.value)
            .ok()
            .filter(|&k| k <= usize::from(n))
        else {
            cx.err(
                layer,
                CheckError::ThrowCountOutOfRange {
                    span: c.span.clone().into(),
                    count: c.value,
                    sticks: u32::from(n),
                },
            );
            ok = false;
            continue;
        };
        let Some(value) = throw_value(cx, layer, v) else {
            ok = false;
            values[slot] = Some((0, c.span.clone()));
            continue;
        };
        if let Some((_, first)) = &values[slot] {
            cx.err(
                layer,
                CheckError::ThrowTableRepeats {
                    span: c.span.clone().into(),
                    first: first.clone().into(),
                    count: c.value,
                },
            );
            ok = false;
            continue;
        }
        values[slot] = Some((value, c.span.clone()));
    }
    for (k, v) in (0u32..).zip(&values) {
        if v.is_none() {
            cx.err(
                layer,
                CheckError::ThrowTableMissing {
                    span: span.clone().into(),
                    count: k,
                    sticks: u32::from(n),
                    help: format!("add `{k} -> VALUE` to the table"),
                },
            );
            ok = false;
        }
    }
    ok.then(|| values.into_iter().flatten().map(|(v, _)| v).collect())
}

/// Every combination of faces of dice with these numbers of faces, in table order (the first
/// die's face the most significant), each face from 1.
fn combinations(sizes: &[u8]) -> Vec<Vec<u8>> {
    let mut all: Vec<Vec<u8>> = vec![Vec::new()];
    for &n in sizes {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                (1..=n).map(move |f| {
                    let mut c = prefix.clone();
                    c.push(f);
                    c
                })
            })
            .collect();
    }
    all
}

fn shown_text(shown: &[u8]) -> String {
    shown
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The value of each combination when the faces add up.
fn sum_values(cx: &mut Ctx, layer: usize, span: &Span, sizes: &[u8]) -> Option<Vec<u8>> {
    let largest: u32 = sizes.iter().map(|&n| u32::from(n)).sum();
    if largest > u32::from(MAX_THROW_VALUE) {
        cx.out_of_range(
            layer,
            span,
            format!("these dice add up to as much as {largest}"),
            "more than the largest throw value",
            format!("throw values run from 0 to {MAX_THROW_VALUE}: use fewer or smaller dice"),
        );
        return None;
    }
    Some(
        combinations(sizes)
            .iter()
            .map(|c| c.iter().sum::<u8>())
            .collect(),
    )
}

/// The value of each combination of faces as the table gives it: every combination once.
fn dice_values(
    cx: &mut Ctx,
    layer: usize,
    span: &Span,
    sizes: &[u8],
    rows: &[DiceEntry],
) -> Option<Vec<u8>> {
    let all = combinations(sizes);
    let mut values: Vec<Option<(u8, Span)>> = vec![None; all.len()];
    let mut ok = true;
    for (shown, v) in rows {
        let at = shown[0].span.start..shown[shown.len() - 1].span.end;
        let text = shown
            .iter()
            .map(|f| f.value.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let fits = shown.len() == sizes.len()
            && shown
                .iter()
                .zip(sizes)
                .all(|(f, &n)| (1..=u32::from(n)).contains(&f.value));
        if !fits {
            let faces: Vec<String> = sizes.iter().map(|n| format!("1 to {n}")).collect();
            cx.err(
                layer,
                CheckError::DiceFacesOutOfRange {
                    span: at.into(),
                    shown: format!("`{text}`"),
                    label: if shown.len() == sizes.len() {
                        "a face out of range".into()
                    } else {
                        let faces = if shown.len() == 1 { "face" } else { "faces" };
                        format!("{} {faces} for {} dice", shown.len(), sizes.len())
                    },
                    help: format!("give one face per die, in order: {}", faces.join(", then ")),
                },
            );
            ok = false;
            continue;
        }
        let index = shown.iter().zip(sizes).fold(0usize, |acc, (f, &n)| {
            acc * usize::from(n) + usize::try_from(f.value).unwrap_or(1) - 1
        });
        let Some(value) = throw_value(cx, layer, v) else {
            ok = false;
            values[index] = Some((0, at));
            continue;
        };
        if let Some((_, first)) = &values[index] {
            cx.err(
                layer,
                CheckError::DiceTableRepeats {
                    span: at.into(),
                    first: first.clone().into(),
                    shown: format!("`{text}`"),
                },
            );
            ok = false;
            continue;
        }
        values[index] = Some((value, at));
    }
    let missing: Vec<String> = all
        .iter()
        .zip(&values)
        .filter(|(_, v)| v.is_none())
        .map(|(c, _)| format!("`{}`", shown_text(c)))
        .collect();
    if let Some(first) = missing.first() {
        // One error for all of them, naming the first few.
        let shown = match missing.len() {
            1 => first.clone(),
            n if n <= 4 => format!("{} and {}", missing[..n - 1].join(", "), missing[n - 1]),
            n => format!("{} and {} more", missing[..3].join(", "), n - 3),
        };
        cx.err(
            layer,
            CheckError::DiceTableMissing {
                span: span.clone().into(),
                shown,
                help: format!(
                    "add `{} -> VALUE` to the table{}",
                    first.trim_matches('`'),
                    if missing.len() > 1 {
                        ", and the others"
                    } else {
                        ""
                    }
                ),
            },
        );
        ok = false;
    }
    ok.then(|| values.into_iter().flatten().map(|(v, _)| v).collect())
}

/// A throw value of a table (0 to [`MAX_THROW_VALUE`]); out of range is an error.
fn throw_value(cx: &mut Ctx, layer: usize, v: &Spanned<u32>) -> Option<u8> {
    let value = u8::try_from(v.value).ok().filter(|&v| v <= MAX_THROW_VALUE);
    if value.is_none() {
        cx.out_of_range(
            layer,
            &v.span,
            format!("a throw value of {}", v.value),
            "too large",
            format!("throw values run from 0 to {MAX_THROW_VALUE}"),
        );
    }
    value
}
