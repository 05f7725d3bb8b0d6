//! Throws and turns: the throwing device, extra throws, and how a turn is made.

use super::{Ctx, mismatch};
use crate::check::errors::CheckError;
use crate::check::ruleset::Turn;
use crate::lang::syntax::{RuleKey, Span, Spanned, StatementKind as K, ThrowSpec, TurnSpec};
use crate::types::limits::{MAX_DIE_FACES, MAX_STICKS, MAX_THROW_VALUE};
use crate::types::{PathPos, PerSide, ThrowDevice};

pub(super) struct Throws {
    pub device: Option<ThrowDevice>,
    pub extra_after: Vec<u8>,
    pub extra_on: PerSide<Vec<PathPos>>,
    pub begin: Vec<u8>,
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
    let said = cx.rule(&RuleKey::Turn);
    let turn = match &*said.kind {
        K::Turn(TurnSpec::ThrowThenMove) => Turn::ThrowThenMove,
        K::Turn(TurnSpec::AccumulateThenSplit { again }) => {
            let again = cx.throw_values(said.layer, again);
            if let Some(d) = &device
                && d.distribution().iter().all(|(v, _)| again.contains(v))
            {
                cx.err(
                    said.layer,
                    CheckError::Contradiction {
                        span: said.span.into(),
                        what: "every throw gives another throw: the turn would never end".into(),
                        label: "no throw ends the turn".into(),
                        help: "leave at least one throw value out of the list".into(),
                    },
                );
            }
            if let Some((layer, span)) = begin_said.clone() {
                // A split total is many throws: which of them begins is not said.
                cx.err(
                    layer,
                    CheckError::Contradiction {
                        span: span.into(),
                        what: "a throw that begins, but the turn adds its throws up before moving"
                            .into(),
                        label: "not with a split turn".into(),
                        help: "remove `begin with`, or play one throw at a time (`turn throw then move`)"
                            .into(),
                    },
                );
            }
            Turn::AccumulateThenSplit { again }
        }
        other => mismatch(other),
    };
    Throws {
        device,
        extra_after,
        extra_on,
        begin,
        turn,
    }
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
        ThrowSpec::Sticks { count, table } => {
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
            let values = stick_values(cx, layer, span, n, table)?;
            Some(ThrowDevice::Sticks { count: n, values })
        }
    }
}

/// The value of each count of light sides, 0 to `n`: every count once.
fn stick_values(
    cx: &mut Ctx,
    layer: usize,
    span: &Span,
    n: u8,
    table: &[(Spanned<u32>, Spanned<u32>)],
) -> Option<Vec<u8>> {
    let mut values: Vec<Option<(u8, Span)>> = vec![None; usize::from(n) + 1];
    let mut ok = true;
    for (c, v) in table {
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
        let Some(value) = u8::try_from(v.value).ok().filter(|&v| v <= MAX_THROW_VALUE) else {
            cx.out_of_range(
                layer,
                &v.span,
                format!("a throw value of {}", v.value),
                "too large",
                format!("throw values run from 0 to {MAX_THROW_VALUE}"),
            );
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
