//! Bearing off: how a piece leaves the board, and when a side may.

use super::{Ctx, mismatch};
use crate::check::ruleset::{BearOff, BearWhen};
use crate::lang::syntax::{self as ast, BearOffSpec, RuleKey, StatementKind as K};
use crate::types::{PathPos, Sides};

pub(super) struct Bearing {
    pub bear_off: Option<BearOff>,
    pub bear_when: BearWhen,
    pub only_bear_off: Sides<Vec<PathPos>>,
}

pub(super) fn bearing_off(cx: &mut Ctx) -> Bearing {
    let bear_off = match cx.said(&RuleKey::BearOff) {
        Some(said) => match &*said.kind {
            K::BearOff(BearOffSpec::Exact {
                from,
                hindmost,
                past_when,
            }) => Some(BearOff::Exact {
                from: from.as_ref().map(|set| cx.positions(said.layer, set)),
                hindmost: *hindmost,
                past_when: past_when.as_ref().map(|set| cx.positions(said.layer, set)),
            }),
            K::BearOff(BearOffSpec::Past { from }) => Some(BearOff::Past {
                from: from.as_ref().map(|set| cx.positions(said.layer, set)),
            }),
            K::BearOff(BearOffSpec::Table(rows)) => {
                let mut table: Sides<Vec<(PathPos, Vec<u8>)>> = cx.each_side();
                for (place, throws) in rows {
                    let values = cx.throw_values(said.layer, throws);
                    let n = &place.number;
                    if place.positions {
                        let at = ast::SetExpr::Positions(vec![ast::Item {
                            first: n.value,
                            last: n.value,
                            span: n.span.clone(),
                        }]);
                        for (s, list) in cx.positions(said.layer, &at).iter() {
                            table[s].extend(list.iter().map(|&p| (p, values.clone())));
                        }
                        continue;
                    }
                    let Some(sq) = cx.path_square(said.layer, n.value, &n.span) else {
                        continue;
                    };
                    for (s, side) in cx.sides().iter() {
                        for p in side.positions_of(sq) {
                            table[s].push((p, values.clone()));
                        }
                    }
                }
                Some(BearOff::Table(table))
            }
            other => mismatch(other),
        },
        // No piece bears off a loop, nor where no piece ever bears off (`bear off never`): there
        // the rule need not be said.
        None if cx.sides().values().all(|s| s.looped)
            || matches!(
                cx.said(&RuleKey::BearWhen).map(|s| s.kind.into_owned()),
                Some(K::BearWhen(ast::BearWhen::Never))
            ) =>
        {
            Some(BearOff::Exact {
                from: None,
                hindmost: false,
                past_when: None,
            })
        }
        None => {
            cx.missing("how pieces bear off", "bear off exact");
            None
        }
    };
    let said = cx.rule(&RuleKey::BearWhen);
    let bear_when = match &*said.kind {
        K::BearWhen(ast::BearWhen::Always) => BearWhen::Always,
        K::BearWhen(ast::BearWhen::Never) => BearWhen::Never,
        K::BearWhen(ast::BearWhen::AllOn(set)) => BearWhen::AllOn(cx.positions(said.layer, set)),
        K::BearWhen(ast::BearWhen::NoneOn(set)) => BearWhen::NoneOn(cx.positions(said.layer, set)),
        other => mismatch(other),
    };
    let said = cx.rule(&RuleKey::OnlyBearOff);
    let K::OnlyBearOff(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let only_bear_off = cx.positions(said.layer, set);
    Bearing {
        bear_off,
        bear_when,
        only_bear_off,
    }
}
