//! The end and scoring: who wins, when the game ends, and the match points of a series.

use super::{Ctx, mismatch};
use crate::check::errors::{CheckError, MatchRule, ScoreRule};
use crate::check::ruleset::{End, Match, Score, Win};
use crate::lang::syntax::{EndSpec, RuleKey, ScoreSpec, StatementKind as K, WinSpec};
use crate::types::Square;

pub(super) struct Ending {
    pub win: Option<Win>,
    pub end: End,
    pub match_points: Vec<(Vec<Square>, u32)>,
    pub score: Option<Score>,
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
    let match_points: Vec<(Vec<Square>, u32)> = rows
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
    let score = score(cx, win, !match_points.is_empty());
    Ending {
        win,
        end,
        match_points,
        score,
    }
}

/// What a win scores (`score gammon ...`): only where the first to bear off all wins (a gammon is
/// a loser with none off), and not beside match points (two ways to score one game).
fn score(cx: &mut Ctx, win: Option<Win>, match_points: bool) -> Option<Score> {
    let said = cx.rule(&RuleKey::Score);
    let K::Score(spec) = &*said.kind else {
        mismatch(&said.kind)
    };
    let spec = spec.as_ref()?;
    let clash = if win.is_some_and(|w| w != Win::FirstAllOff) {
        Some((ScoreRule::NotFirstOff, RuleKey::Win))
    } else if match_points {
        Some((ScoreRule::WithMatchPoints, RuleKey::MatchPoints))
    } else {
        None
    };
    if let Some((rule, against)) = clash {
        cx.err_against(
            said.layer,
            CheckError::ScoreClash {
                span: said.span.clone().into(),
                rule,
            },
            &[against],
        );
        return None;
    }
    Some(match spec {
        ScoreSpec::PiecesLeft => Score::PiecesLeft,
        ScoreSpec::Gammon { gammon, backgammon } => Score::Gammon {
            none_off: gammon.value,
            behind: backgammon
                .as_ref()
                .map(|(points, set)| (points.value, cx.positions(said.layer, set))),
        },
    })
}

/// The most points a match may be played to.
const MAX_MATCH_POINTS: u32 = 10_000;

/// The match (`match to N points`), its games still to be read (the checker reads the rule sets
/// `match games` names once the rules are lowered), and who moves first after the first game.
/// `seats`: whether a throw for seats decides the sides of every game.
pub(super) fn match_rules(cx: &mut Ctx, seats: bool) -> Option<Match> {
    let said = cx.rule(&RuleKey::MatchTo);
    let K::MatchTo(to) = &*said.kind else {
        mismatch(&said.kind)
    };
    // No match at all (`match to none`, or no such rule); a number out of range is its own error.
    let no_match = to.is_none();
    let to = match to {
        Some(n) if (1..=MAX_MATCH_POINTS).contains(&n.value) => Some(n.value),
        Some(n) => {
            cx.out_of_range(
                said.layer,
                &n.span,
                format!("a match to {} points", n.value),
                "out of range",
                format!(
                    "a match is played to 1 to {MAX_MATCH_POINTS} points (`match to 5 points`)"
                ),
            );
            None
        }
        None => None,
    };
    let said = cx.rule(&RuleKey::MatchFirst);
    let K::MatchFirst(next_first) = &*said.kind else {
        mismatch(&said.kind)
    };
    let next_first = *next_first;
    let pass_score = pass_score(cx);
    let games = cx
        .said(&RuleKey::MatchGames)
        .is_some_and(|said| matches!(&*said.kind, K::MatchGames(g) if !g.is_empty()));
    if no_match {
        for (key, stated) in [
            (RuleKey::MatchGames, games),
            (RuleKey::MatchFirst, next_first.is_some()),
            (RuleKey::PassScore, pass_score > 0),
        ] {
            if let Some(said) = cx.said(&key).filter(|_| stated) {
                cx.err_against(
                    said.layer,
                    CheckError::MatchClash {
                        span: said.span.clone().into(),
                        rule: MatchRule::NoMatch,
                    },
                    &[RuleKey::MatchTo],
                );
            }
        }
    }
    if seats && next_first.is_some() {
        let said = cx.rule(&RuleKey::MatchFirst);
        cx.err_against(
            said.layer,
            CheckError::MatchClash {
                span: said.span.clone().into(),
                rule: MatchRule::FirstWithSeats,
            },
            &[RuleKey::Seats],
        );
    }
    to.map(|to| Match {
        to,
        games: Vec::new(),
        next_first,
        pass_score,
    })
}

/// `pass scores N for the other side`: N from 1 to the most points a match is played to (only
/// in a match: see [`match_rules`]).
fn pass_score(cx: &mut Ctx) -> u32 {
    let said = cx.rule(&RuleKey::PassScore);
    let K::PassScore(Some(n)) = &*said.kind else {
        return 0;
    };
    if !(1..=MAX_MATCH_POINTS).contains(&n.value) {
        cx.out_of_range(
            said.layer,
            &n.span,
            format!("{} points for a pass", n.value),
            "out of range",
            format!(
                "a pass scores 1 to {MAX_MATCH_POINTS} points (`pass scores 5 for the other side`)"
            ),
        );
        return 0;
    }
    n.value
}
