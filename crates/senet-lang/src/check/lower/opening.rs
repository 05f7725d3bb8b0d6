//! The opening: throwing for seats, and each side's forced or constrained first move.

use super::{Ctx, mismatch};
use crate::check::errors::{CheckError, OnBoardRule};
use crate::check::ruleset::Start;
use crate::lang::syntax::{OpeningRule, RuleKey, StatementKind as K};
use crate::types::limits::MAX_THROW_VALUE;
use crate::types::{Opening, Seats, Sides};

pub(super) struct OpeningRules {
    pub seats: Option<Seats>,
    pub per_side: Sides<Option<Opening>>,
}

pub(super) fn opening(cx: &mut Ctx, start: Option<&Start>) -> OpeningRules {
    let said = cx.rule(&RuleKey::Seats);
    let K::Seats(spec) = &*said.kind else {
        mismatch(&said.kind)
    };
    let seats = spec.as_ref().and_then(|spec| {
        let until = cx.throw_value(said.layer, &spec.until);
        let named = cx.side(said.layer, &spec.side)?;
        // The ritual seats two players: one side or the other.
        let Some(side) = named.two_sided() else {
            cx.err(
                said.layer,
                CheckError::SeatsSide {
                    span: spec.side.span.clone().into(),
                    name: spec.side.value.clone(),
                },
            );
            return None;
        };
        Some(Seats {
            until: until?,
            side,
        })
    });
    let mut per_side = cx.each_side();
    for (kind, layer, span) in cx.entries() {
        let K::Opening { side, rule } = kind else {
            continue;
        };
        let Some(s) = cx.side(layer, side) else {
            continue;
        };
        let Some(rule) = rule else { continue };
        if matches!(start, Some(Start::Waiting)) {
            cx.err_against(
                layer,
                CheckError::StartsWaiting {
                    span: span.clone().into(),
                    rule: OnBoardRule::Opening,
                },
                &[RuleKey::Start],
            );
            continue;
        }
        per_side[s] = Some(match rule {
            OpeningRule::FirstMoveWithFrontPiece => Opening::FirstMoveWithFrontPiece,
            OpeningRule::FrontPieceMoves { steps, throw_again } => {
                let valid = u8::try_from(steps.value)
                    .ok()
                    .filter(|v| (1..=MAX_THROW_VALUE).contains(v));
                if valid.is_none() {
                    cx.out_of_range(
                        layer,
                        &steps.span,
                        format!("an opening move of {} squares", steps.value),
                        "out of range",
                        format!("write 1 to {MAX_THROW_VALUE}"),
                    );
                }
                Opening::FrontPieceMoves {
                    // A step count out of range is reported; the rule set is not built.
                    steps: valid.unwrap_or(1),
                    throw_again: *throw_again,
                }
            }
        });
    }
    OpeningRules { seats, per_side }
}
