//! Square effects: squares that send a piece ending its move there on to another square, with no
//! loop among them.

use super::Ctx;
use super::events::OutOfPlay;
use crate::check::errors::CheckError;
use crate::check::ruleset::{SideRules, SquareEffect};
use crate::lang::syntax::{Span, StatementKind as K};
use crate::types::limits::MAX_LINE_CAPTURES;
use crate::types::{Fallback, Side, SideId, Sides, Square};

/// The square effects of `square N: go to ...` and of event rules (`landing`), each square
/// sending a piece on once, with no loop among them.
/// Also the squares that send a piece back to waiting (`on landing on SET: go to waiting`) or out
/// of the game (`piece is removed`), which may not send it anywhere else too.
pub(super) fn effects(
    cx: &mut Ctx,
    from_events: Vec<(SquareEffect, usize, Span)>,
    to_waiting: Vec<(OutOfPlay, usize, Span)>,
) -> Effects {
    let mut effects: Vec<(SquareEffect, usize, Span)> = Vec::new();
    for (kind, layer, _) in cx.entries() {
        let K::SquareEffect { square, effect } = kind else {
            continue;
        };
        let Some(sq) = cx.path_square(layer, square.value, &square.span) else {
            continue;
        };
        let Some(dest) = effect else { continue };
        if let Some(to) = cx.destination(layer, dest) {
            let effect = SquareEffect {
                square: sq,
                to,
                side: None,
                may: false,
                stop: false,
                capturing: false,
            };
            effects.push((effect, layer, square.span.clone()));
        }
    }
    for (effect, layer, span) in from_events {
        match effects
            .iter()
            .find(|(e, _, _)| e.square == effect.square && overlap(e.side, effect.side))
        {
            Some((_, first_layer, first)) => {
                let square = u32::from(effect.square);
                cx.clash(
                    (*first_layer, first.clone()),
                    (layer, span),
                    |span, first| CheckError::EffectTwice {
                        span: span.into(),
                        first: first.map(Into::into),
                        square,
                    },
                );
            }
            None => effects.push((effect, layer, span)),
        }
    }
    for (effect, layer, span) in &effects {
        if let Some(chain) = loop_from(effect, &effects) {
            let removal = cx
                .statement_key(*layer, span.start)
                .and_then(|key| key.removal())
                .unwrap_or_else(|| format!("square {}: none", effect.square));
            let e = CheckError::EffectLoop {
                span: span.clone().into(),
                chain: text(&chain),
                removal,
            };
            // A loop a later file closes is that file's: shown at its effect on the loop.
            let latest = chain
                .iter()
                .filter_map(|sq| effects.iter().find(|(e, _, _)| e.square == *sq))
                .map(|(_, l, s)| (*l, s.clone()))
                .max_by_key(|(l, _)| *l);
            match latest {
                Some(cause) if cause.0 > *layer => cx.err_caused(*layer, e, cause),
                _ => cx.err(*layer, e),
            }
        }
    }
    capturing_chains(cx, &effects);
    let mut waiting: Vec<(OutOfPlay, usize, Span)> = Vec::new();
    for (out, layer, span) in to_waiting {
        let first = effects
            .iter()
            .find(|(e, _, _)| e.square == out.square && overlap(e.side, out.side))
            .map(|(_, l, s)| (*l, s.clone()))
            .or_else(|| {
                waiting
                    .iter()
                    .find(|(w, _, _)| w.square == out.square && overlap(w.side, out.side))
                    .map(|(_, l, s)| (*l, s.clone()))
            });
        match first {
            Some(first) => {
                let square = u32::from(out.square);
                cx.clash(first, (layer, span), |span, first| {
                    CheckError::EffectTwice {
                        first: first.map(Into::into),
                        span: span.into(),
                        square,
                    }
                });
            }
            None => waiting.push((out, layer, span)),
        }
    }
    let n = cx.side_count();
    let out = |removed: bool| {
        Sides::from_fn(n, |s| {
            let mut squares: Vec<Square> = waiting
                .iter()
                .filter(|(w, _, _)| w.removed == removed && w.side.is_none_or(|only| only == s))
                .map(|(w, _, _)| w.square)
                .collect();
            squares.sort_unstable();
            squares
        })
    };
    let optional = Sides::from_fn(n, |s| {
        let mut squares: Vec<Square> = waiting
            .iter()
            .filter(|(w, _, _)| w.may && w.side.is_none_or(|only| only == s))
            .map(|(w, _, _)| w.square)
            .collect();
        squares.sort_unstable();
        squares
    });
    Effects {
        to_waiting: out(false),
        to_removed: out(true),
        out_optional: optional,
        effects: effects.into_iter().map(|(e, _, _)| e).collect(),
    }
}

/// Effects that could capture more than [`MAX_LINE_CAPTURES`] times in one piece movement
/// (E152): the first such effect is reported, with the squares of the capturing effects it can
/// lead to.
fn capturing_chains(cx: &mut Ctx, effects: &[(SquareEffect, usize, Span)]) {
    let found = cx.sides().sides().find_map(|s| {
        effects.iter().enumerate().find_map(|(i, (e, _, _))| {
            let reach = capturing_reach(i, s, effects, &cx.sides()[s]);
            (e.applies_to(s) && reach.len() > MAX_LINE_CAPTURES).then_some((i, reach))
        })
    });
    let Some((i, reach)) = found else { return };
    let (effect, layer, span) = &effects[i];
    let squares: Vec<String> = reach
        .iter()
        .map(|&k| effects[k].0.square.to_string())
        .collect();
    let e = CheckError::CapturingChain {
        span: span.clone().into(),
        square: u32::from(effect.square),
        squares: squares.join(", "),
        count: reach.len(),
        limit: MAX_LINE_CAPTURES,
    };
    // Where a later file adds one of the effects, the error is that file's.
    match reach
        .iter()
        .map(|&k| &effects[k])
        .max_by_key(|(_, l, _)| *l)
    {
        Some((_, l, cause)) if l > layer => cx.err_caused(*layer, e, (*l, cause.clone())),
        _ => cx.err(*layer, e),
    }
}

/// The capturing effects (indices into `effects`) that may act on a piece of side `s` in one
/// movement once it lands on the square of `effects[start]`. Each acts once at most, since a
/// piece is never sent back to a square it has been on in the movement: the effects reachable
/// bound the captures. A fallback (`first free after M`) may leave the piece on any square of
/// its path from M on (or back), so each of those leads on.
fn capturing_reach(
    start: usize,
    s: SideId,
    effects: &[(SquareEffect, usize, Span)],
    side: &SideRules,
) -> Vec<usize> {
    let mut seen = vec![start];
    let mut todo = vec![start];
    while let Some(k) = todo.pop() {
        let e = &effects[k].0;
        if !e.applies_to(s) || e.stop {
            continue;
        }
        let at = side.position_of(e.to.square).map_or(0, |p| p.index());
        let rests: &[Square] = match e.to.fallback {
            Fallback::None => std::slice::from_ref(&e.to.square),
            Fallback::FirstFreeAfter => side.path.get(at..).unwrap_or_default(),
            Fallback::FirstFreeBefore => side.path.get(..=at).unwrap_or_default(),
        };
        for (j, (next, _, _)) in effects.iter().enumerate() {
            if next.applies_to(s) && rests.contains(&next.square) && !seen.contains(&j) {
                seen.push(j);
                todo.push(j);
            }
        }
    }
    seen.retain(|&k| effects[k].0.capturing && effects[k].0.applies_to(s));
    seen.sort_unstable_by_key(|&k| effects[k].0.square);
    seen
}

/// A loop of squares as `27 -> 15 -> 27`.
fn text(chain: &[Square]) -> String {
    let squares: Vec<String> = chain.iter().map(ToString::to_string).collect();
    squares.join(" -> ")
}

/// Whether rules for these sides (`None`: both) act on a side in common.
fn overlap(a: Option<SideId>, b: Option<SideId>) -> bool {
    a.is_none() || b.is_none() || a == b
}

/// Where landing on a square sends a piece.
pub(super) struct Effects {
    /// On to another square.
    pub effects: Vec<SquareEffect>,
    /// Per side: back to waiting.
    pub to_waiting: Sides<Vec<Square>>,
    /// Per side: out of the game.
    pub to_removed: Sides<Vec<Square>>,
    /// Per side: those of `to_waiting` and `to_removed` the player may decline.
    pub out_optional: Sides<Vec<Square>>,
}

/// The loop that leads from `effect` back to its own square (`27, 15, 27`), if there is
/// one and `effect`'s square is the lowest on it (each loop is reported once). A loop is one
/// side's: it follows only effects that act on a side `effect` acts on, and not past an effect
/// that stops the piece.
fn loop_from(
    effect: &SquareEffect,
    effects: &[(SquareEffect, usize, Span)],
) -> Option<Vec<Square>> {
    // The sides an effect can act for: the first two, and any an effect names.
    let mut sides: Vec<SideId> = [Side::First, Side::Second].map(SideId::from).into();
    sides.extend(effects.iter().filter_map(|(e, _, _)| e.side));
    sides.sort_unstable();
    sides.dedup();
    sides.retain(|&s| effect.applies_to(s));
    sides.into_iter().find_map(|s| loop_for(effect, s, effects))
}

fn loop_for(
    effect: &SquareEffect,
    side: SideId,
    effects: &[(SquareEffect, usize, Span)],
) -> Option<Vec<Square>> {
    let mut chain: Vec<Square> = vec![effect.square];
    let mut at = effect.to.square;
    let mut stop = effect.stop;
    loop {
        if at == effect.square {
            if chain.iter().any(|&s| s < effect.square) {
                return None;
            }
            chain.push(at);
            return Some(chain);
        }
        if stop || chain.contains(&at) {
            // A chain that ends here, or a loop that does not pass through this square (it is
            // reported from its own squares).
            return None;
        }
        chain.push(at);
        let next = &effects
            .iter()
            .find(|(e, _, _)| e.square == at && e.applies_to(side))?
            .0;
        stop = next.stop;
        at = next.to.square;
    }
}
