//! Protection, blockades and stops: what keeps a piece from being captured, what a move may not
//! pass, backward moves, and which pieces must move first.

use super::{Ctx, mismatch};
use crate::check::errors::{CheckError, Nowhere};
use crate::check::ruleset::{ExtraMove, Retreat, Turn};
use crate::lang::syntax::{RuleKey, Spanned, StatementKind as K};
use crate::types::limits::MAX_PIECES;
use crate::types::{PathPos, Sides};

pub(super) struct Movement {
    pub protect_pairs: bool,
    pub safe: Sides<Vec<PathPos>>,
    pub safe_shared: bool,
    pub partners_share: bool,
    /// `sides may pass`.
    pub pass_at_will: bool,
    pub blockade: Option<u8>,
    pub stop: Sides<Vec<PathPos>>,
    pub backward: bool,
    pub backward_per_piece: bool,
    pub backward_onto_empty: bool,
    pub backward_split: bool,
    pub priority: Sides<Vec<PathPos>>,
    /// The moves of a turn go one way (`one direction each turn`).
    pub one_direction: bool,
    pub only_pieces_on: Sides<Vec<PathPos>>,
    /// `only pieces on SET or waiting may move while one is there`.
    pub only_pieces_let_enter: bool,
    pub no_backward_from: Sides<Vec<PathPos>>,
    pub ahead_empty: Sides<Vec<PathPos>>,
    pub together: Sides<Vec<PathPos>>,
    pub none_waits: Sides<Vec<PathPos>>,
    pub enter_barred: Sides<Vec<PathPos>>,
    pub no_passing: Sides<Vec<PathPos>>,
    pub stop_and_go: Sides<Vec<PathPos>>,
    pub extra_add_up: bool,
    /// `extra throws at most N in a turn`.
    pub extra_cap: Option<u8>,
    /// `extra move of V after T, ...`.
    pub extra_move: Option<ExtraMove>,
    /// `throws count from V, ... while no piece is on the board`.
    pub count_from: Vec<u8>,
    /// A piece that has not moved waits for the piece ahead to move first.
    pub first_after_ahead: bool,
    /// The retreat move, without what `on retreat` adds.
    pub retreat: Option<Retreat>,
}

pub(super) fn movement(cx: &mut Ctx, pieces: Option<u8>) -> Movement {
    let said = cx.rule(&RuleKey::Protect);
    let K::Protect(protect_pairs) = *said.kind else {
        mismatch(&said.kind)
    };
    let said = cx.rule(&RuleKey::Safe);
    let K::Safe(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let safe = cx.positions(said.layer, set);
    let safe_shared = many_sides_only(cx, &RuleKey::SafeShared);
    let partners_share = many_sides_only(cx, &RuleKey::PartnersShare);
    let pass_at_will = many_sides_only(cx, &RuleKey::SidesPass);
    let blockade = blockade(cx, pieces);
    let said = cx.rule(&RuleKey::Stop);
    let K::Stop(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let stop = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::Backward);
    let K::Backward(spec) = *said.kind else {
        mismatch(&said.kind)
    };
    let backward = spec.allowed;
    let said = cx.rule(&RuleKey::Priority);
    let K::Priority(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let priority = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::OnlyPiecesOn);
    let K::OnlyPiecesOn(set, let_enter) = &*said.kind else {
        mismatch(&said.kind)
    };
    let only_pieces_let_enter = *let_enter;
    let only_pieces_on = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::NoBackwardFrom);
    let K::NoBackwardFrom(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let no_backward_from = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::AheadEmpty);
    let K::AheadEmpty(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let ahead_empty = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::Together);
    let K::Together(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let together = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::NoneWaits);
    let K::NoneWaits(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let none_waits = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::EnterBarred);
    let K::EnterBarred(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let enter_barred = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::NoPassing);
    let K::NoPassing(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let no_passing = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::StopAndGo);
    let K::StopAndGo(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    let stop_and_go = cx.positions(said.layer, set);
    let said = cx.rule(&RuleKey::ExtraAddUp);
    let K::ExtraAddUp(extra_add_up) = *said.kind else {
        mismatch(&said.kind)
    };
    let extra_cap = extra_cap(cx);
    let extra_move = extra_move(cx);
    let count_from = count_from(cx);
    let said = cx.rule(&RuleKey::FirstMoveOrder);
    let K::FirstMoveOrder(first_after_ahead) = *said.kind else {
        mismatch(&said.kind)
    };
    let said = cx.rule(&RuleKey::Direction);
    let K::OneDirection(one_direction) = *said.kind else {
        mismatch(&said.kind)
    };
    if one_direction && !backward {
        cx.contradicts(
            &RuleKey::Direction,
            |span| CheckError::OneDirectionForward { span },
            &[RuleKey::Backward],
        );
    }
    let retreat = retreat(cx);
    Movement {
        protect_pairs,
        safe,
        safe_shared,
        partners_share,
        pass_at_will,
        blockade,
        stop,
        backward,
        backward_per_piece: spec.allowed && spec.per_piece,
        backward_onto_empty: spec.allowed && spec.onto_empty,
        backward_split: spec.allowed && spec.split,
        priority,
        only_pieces_on,
        only_pieces_let_enter,
        no_backward_from,
        ahead_empty,
        together,
        none_waits,
        enter_barred,
        no_passing,
        stop_and_go,
        extra_add_up,
        extra_cap,
        extra_move,
        count_from,
        first_after_ahead,
        one_direction: one_direction && backward,
        retreat,
    }
}

/// `retreat from SET to N`: the destination must be on the path of every side that may
/// retreat, and not among the squares retreated from.
fn retreat(cx: &mut Ctx) -> Option<Retreat> {
    let said = cx.rule(&RuleKey::Retreat);
    let K::Retreat(Some((set, to))) = &*said.kind else {
        return None;
    };
    let from = cx.positions(said.layer, set);
    let to_square = cx.square(said.layer, to.value, &to.span)?;
    let from_squares = cx.squares(said.layer, set);
    let sides = cx.sides().clone();
    let bad = if from_squares.contains(&to_square) {
        Some(Nowhere::OwnSquare)
    } else {
        sides
            .iter()
            .find(|(s, side)| !from[*s].is_empty() && side.position_of(to_square).is_none())
            .map(|(_, side)| Nowhere::OffPath {
                side: side.name.clone(),
            })
    };
    if let Some(why) = bad {
        // A side's path that misses the square is the rule shown beside, not the other side's.
        let paths = match &why {
            Nowhere::OffPath { side } => {
                vec![RuleKey::Path(Some(side.clone())), RuleKey::Path(None)]
            }
            Nowhere::OwnSquare => cx.path_keys(),
        };
        cx.err_against(
            said.layer,
            CheckError::RetreatNowhere {
                span: to.span.clone().into(),
                why,
            },
            &paths,
        );
        return None;
    }
    Some(Retreat {
        from,
        to: to_square,
        lose_turn: false,
        end_turn: None,
        moves_next: None,
    })
}

/// How many pieces in a row block the enemy: 2 up to a side's pieces.
fn blockade(cx: &mut Ctx, pieces: Option<u8>) -> Option<u8> {
    let said = cx.rule(&RuleKey::Blockade);
    let K::Blockade(n) = &*said.kind else {
        mismatch(&said.kind)
    };
    let n = n.as_ref()?;
    let hi = pieces.map_or(MAX_PIECES, usize::from);
    match u8::try_from(n.value) {
        Ok(b) if b >= 2 && usize::from(b) <= hi => Some(b),
        _ => {
            cx.err_against(
                said.layer,
                CheckError::NumberOutOfRange {
                    span: n.span.clone().into(),
                    what: format!(
                        "a blockade of {} piece{} cannot be formed",
                        n.value,
                        if n.value == 1 { "" } else { "s" }
                    ),
                    label: "out of range".into(),
                    help: if hi >= 2 {
                        format!(
                            "a blockade is 2 to {hi} pieces in a row (`blockade {}`), or none (`blockade none`)",
                            hi.min(3)
                        )
                    } else {
                        "a side of one piece forms no blockade: `blockade none`".into()
                    },
                },
                &[RuleKey::Pieces],
            );
            None
        }
    }
}

/// `extra throws at most N in a turn`: N from 1 to 100.
fn extra_cap(cx: &mut Ctx) -> Option<u8> {
    let said = cx.rule(&RuleKey::ExtraCap);
    let K::ExtraCap(n) = &*said.kind else {
        mismatch(&said.kind)
    };
    let n = n.as_ref()?;
    match u8::try_from(n.value) {
        Ok(cap @ 1..=100) => Some(cap),
        _ => {
            cx.err_against(
                said.layer,
                CheckError::NumberOutOfRange {
                    span: n.span.clone().into(),
                    what: format!("a turn cannot be capped at {} extra throws", n.value),
                    label: "out of range".into(),
                    help: "a turn gives 1 to 100 extra throws at most (`extra throws at most 2 in a turn`), or any number (`extra throws any number in a turn`)".into(),
                },
                &[],
            );
            None
        }
    }
}

/// `extra move of V after T, ...`: V from 1 to 30, T values up to 30 (a throw's bit in the
/// engine's masks).
fn extra_move(cx: &mut Ctx) -> Option<ExtraMove> {
    let said = cx.rule(&RuleKey::ExtraMove);
    let K::ExtraMove(spec) = &*said.kind else {
        mismatch(&said.kind)
    };
    let spec = spec.as_ref()?;
    let mut fits = |n: &Spanned<u32>, what: &str| match u8::try_from(n.value) {
        Ok(v @ 1..=30) => Some(v),
        _ => {
            cx.err_against(
                said.layer,
                CheckError::NumberOutOfRange {
                    span: n.span.clone().into(),
                    what: format!("{what} {} is out of range", n.value),
                    label: "out of range".into(),
                    help: "an extra move and the throws that give it are 1 to 30 (`extra move of 1 after 10, 25`)".into(),
                },
                &[],
            );
            None
        }
    };
    let value = fits(&spec.value, "an extra move of");
    let after: Vec<Option<u8>> = spec.after.iter().map(|t| fits(t, "a throw of")).collect();
    Some(ExtraMove {
        value: value?,
        after: after.into_iter().collect::<Option<Vec<u8>>>()?,
        entering_first: spec.entering_first,
    })
}

/// `throws count from V, ... while no piece is on the board`: values the throw gives.
fn count_from(cx: &mut Ctx) -> Vec<u8> {
    let said = cx.rule(&RuleKey::CountFrom);
    let K::CountFrom(values) = &*said.kind else {
        mismatch(&said.kind)
    };
    if values.is_empty() {
        return Vec::new();
    }
    let layer = said.layer;
    let values = values.clone();
    cx.throw_values(layer, &values)
}

/// `throws repeated N times in a row do not count`: N from 2 to 5 (E144), and only in a turn
/// that banks its throws (E206), where a turn's throws are held until it plays them.
pub(super) fn repeat_void(cx: &mut Ctx, turn: &Turn) -> Option<u8> {
    let said = cx.rule(&RuleKey::RepeatVoid);
    let K::RepeatVoid(n) = &*said.kind else {
        mismatch(&said.kind)
    };
    let n = n.as_ref()?;
    let Ok(times @ 2..=5) = u8::try_from(n.value) else {
        cx.err_against(
            said.layer,
            CheckError::NumberOutOfRange {
                span: n.span.clone().into(),
                what: format!("a run of {} equal throws cannot be voided", n.value),
                label: "out of range".into(),
                help: "2 to 5 throws of one value in a row void them (`throws repeated 3 times in a row do not count`)".into(),
            },
            &[],
        );
        return None;
    };
    if !matches!(turn, Turn::AccumulateThenEach { .. }) {
        cx.contradicts(
            &RuleKey::RepeatVoid,
            |span| CheckError::RepeatNeedsBanking { span },
            &[RuleKey::Turn],
        );
        return None;
    }
    Some(times)
}

/// `safe squares shared`, `partners share squares` and `sides may pass`, which the engine for
/// many sides plays; partners only where there are more than two sides, since two sides have
/// none (E138).
fn many_sides_only(cx: &mut Ctx, key: &RuleKey) -> bool {
    let said = cx.rule(key);
    let shared = match *said.kind {
        K::SafeShared(shared) | K::SidesPass(shared) => return shared,
        K::PartnersShare(shared) => shared,
        _ => mismatch(&said.kind),
    };
    if shared && cx.side_count() <= 2 {
        cx.err_against(
            said.layer,
            CheckError::PartnersOfTwo {
                span: said.span.clone().into(),
            },
            &[RuleKey::Sides],
        );
        return false;
    }
    shared
}
