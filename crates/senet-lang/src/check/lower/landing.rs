//! Entering and landing: how waiting pieces come onto the board, and what landing on an enemy
//! piece does.

use super::{Ctx, mismatch};
use crate::check::errors::CheckError;
use crate::check::ruleset::{Enter, Start};
use crate::lang::syntax::{self as ast, CaptureSpec, RuleKey, StatementKind as K};
use crate::types::{Capture, EnterOnto, PathPos};

pub(super) fn enter(cx: &mut Ctx, start: Option<&Start>) -> Option<Enter> {
    let said = cx.rule(&RuleKey::Enter);
    let K::Enter(spec) = &*said.kind else {
        mismatch(&said.kind)
    };
    let enter = spec.as_ref().map(|spec| {
        let throws = spec.throws.as_ref().map(|t| cx.throw_values(said.layer, t));
        let onto = match &spec.onto {
            ast::EnterOnto::Throw(None) => EnterOnto::Throw { after: 0 },
            ast::EnterOnto::Throw(Some(n)) => {
                // A position past the path is reported; the rule set is not built.
                let after = cx.position(said.layer, n.value, &n.span);
                let len = cx.path_len();
                if after.is_some_and(|p| usize::from(p.get()) >= len) {
                    cx.err(
                        said.layer,
                        CheckError::NumberOutOfRange {
                            span: n.span.clone().into(),
                            what: format!("entering after position {}", n.value),
                            label: "the path's last position".into(),
                            help: format!(
                                "no throw enters past the path's end: count from a position before {len}"
                            ),
                        },
                    );
                }
                EnterOnto::Throw {
                    after: after.map_or(0, PathPos::get),
                }
            }
            ast::EnterOnto::Position(p) => EnterOnto::Position(
                // A position past the path is reported; the rule set is not built.
                cx.position(said.layer, p.value, &p.span)
                    .unwrap_or(PathPos::FIRST),
            ),
        };
        Enter {
            throws,
            onto,
            if_empty: spec.if_empty,
        }
    });
    if let (Some(true), None) = (start.map(Start::waits), &enter)
        && let Some(start) = cx.said(&RuleKey::Start)
    {
        cx.err_against(
            start.layer,
            CheckError::NeverEnter {
                span: start.span.into(),
            },
            &[RuleKey::Enter],
        );
    }
    enter
}

pub(super) fn capture(cx: &mut Ctx) -> Capture {
    let said = cx.rule(&RuleKey::Capture);
    let K::Capture(spec) = &*said.kind else {
        mismatch(&said.kind)
    };
    match spec {
        CaptureSpec::None => Capture::None,
        CaptureSpec::Swap => Capture::Swap,
        CaptureSpec::Removed => Capture::Removed,
        CaptureSpec::Pin => Capture::Pin,
        // A position past the path is reported; the rule set is not built.
        CaptureSpec::ToPosition(n, last) => {
            let first = cx.position(said.layer, n.value, &n.span);
            let last = match last {
                Some(m) => cx.position(said.layer, m.value, &m.span),
                None => first,
            };
            match (first, last) {
                (Some(a), Some(b)) => Capture::ToPosition(a, b),
                _ => Capture::None,
            }
        }
        CaptureSpec::ToWaiting => Capture::ToWaiting,
        // A broken destination is reported; the rule set is not built.
        CaptureSpec::To(d) => cx
            .destination(said.layer, d)
            .map_or(Capture::None, Capture::To),
    }
}
