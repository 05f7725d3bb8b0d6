//! The end and scoring: who wins, when the game ends, and the match points of a series.

use super::{Ctx, mismatch};
use crate::check::errors::CheckError;
use crate::check::ruleset::{End, Win};
use crate::lang::syntax::{EndSpec, RuleKey, StatementKind as K, WinSpec};
use crate::types::Square;

pub(super) struct Ending {
    pub win: Option<Win>,
    pub end: End,
    pub match_points: Vec<(Vec<Square>, u32)>,
}

pub(super) fn end_and_scoring(cx: &mut Ctx) -> Ending {
    let win = match cx.said(&RuleKey::Win) {
        Some(said) => match &*said.kind {
            K::Win(WinSpec::FirstAllOff) => Some(Win::FirstAllOff),
            K::Win(WinSpec::MostBorneOff) => Some(Win::MostBorneOff),
            K::Win(WinSpec::CaptureAll) => Some(Win::CaptureAll),
            other => mismatch(other),
        },
        None => {
            cx.missing("who wins", "win first to bear off all");
            None
        }
    };
    let said = cx.rule(&RuleKey::End);
    let K::End(e) = &*said.kind else {
        mismatch(&said.kind)
    };
    if win == Some(Win::FirstAllOff) && *e == EndSpec::Decided {
        cx.err_against(
            said.layer,
            CheckError::DecidedOnlyAtTheEnd {
                span: said.span.clone().into(),
            },
            &[RuleKey::Win],
        );
    }
    let end = match e {
        EndSpec::Decided => End::Decided,
        EndSpec::BoardEmpty => End::BoardEmpty,
    };
    let said = cx.rule(&RuleKey::MatchPoints);
    let K::MatchPoints(rows) = &*said.kind else {
        mismatch(&said.kind)
    };
    let match_points = rows
        .iter()
        .map(|(items, points)| {
            let squares = items
                .iter()
                .flat_map(|item| cx.item_squares(said.layer, item))
                .map(|(_, sq)| sq)
                .collect();
            (squares, points.value)
        })
        .collect();
    Ending {
        win,
        end,
        match_points,
    }
}
