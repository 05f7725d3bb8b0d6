//! The sides and their layout: colours, pieces, where they start, who moves first.

use super::{Ctx, mismatch};
use crate::check::errors::CheckError;
use crate::check::ruleset::Start;
use crate::lang::diagnostic::did_you_mean;
use crate::lang::syntax::{Item, RuleKey, Span, StartSpec, StatementKind as K};
use crate::types::limits::MAX_PIECES;
use crate::types::{OpeningThrow, PathPos, Side, SideId, Sides, Square};

/// The colours a side may be drawn in.
pub const COLOURS: &[&str] = &[
    "red", "blue", "green", "yellow", "white", "black", "magenta", "cyan",
];

/// What the layout rules give.
pub(super) struct Layout {
    pub pieces: Option<u8>,
    pub start: Option<Start>,
    /// Who moves first, if a rule says (else the seats ritual decides, or the first side).
    pub first: Option<SideId>,
    /// Who moves first is decided by a throw-off (`first` is then who wins a tie).
    pub throw_off: bool,
    /// Who moves first is decided by an opening throw of one die each.
    pub opening_throw: Option<OpeningThrow>,
    /// The most pieces of a side on one square (`stacks`): 1 where pieces do not stack.
    pub stack_limit: u8,
    /// Each side's team (`teams`).
    pub teams: Sides<u8>,
}

pub(super) fn layout(cx: &mut Ctx) -> Layout {
    colours(cx);
    let pieces = pieces(cx);
    let stack_limit = super::stacks::stack_limit(cx, pieces);
    let start = match (cx.said(&RuleKey::Start), pieces) {
        (Some(said), Some(pieces)) => {
            let K::Start(spec) = &*said.kind else {
                mismatch(&said.kind)
            };
            start(cx, said.layer, &said.span, spec, (pieces, stack_limit))
        }
        (None, _) => {
            cx.missing("where the pieces start", "start alternating from 1");
            None
        }
        _ => None,
    };
    let (first, throw_off, opening_throw) = match cx.said(&RuleKey::First) {
        Some(said) => match &*said.kind {
            K::First { side, throw_off } => (cx.side(said.layer, side), *throw_off, None),
            // The first side throws first; no side wins a tie.
            K::FirstByOpening(o) => (Some(SideId::from(Side::First)), false, Some(*o)),
            other => mismatch(other),
        },
        None => (None, false, None),
    };
    Layout {
        pieces,
        start,
        first,
        throw_off,
        opening_throw,
        stack_limit,
        teams: teams(cx),
    }
}

/// Each side's team: as `teams` groups them, numbered in its order, every side in exactly one
/// (E137 otherwise); each side its own where no rule groups them.
fn teams(cx: &mut Ctx) -> Sides<u8> {
    let own = Sides::from_fn(cx.side_count(), |s| u8::try_from(s.index()).unwrap_or(0));
    let Some(said) = cx.said(&RuleKey::Teams) else {
        return own;
    };
    let K::Teams(list) = &*said.kind else {
        mismatch(&said.kind)
    };
    let mut teams: Sides<Option<u8>> = cx.each_side();
    let mut ok = true;
    for (k, team) in list.iter().enumerate() {
        for name in team {
            let Some(s) = cx.side(said.layer, name) else {
                ok = false;
                continue;
            };
            if teams[s].is_some() {
                cx.err(
                    said.layer,
                    CheckError::TeamTwice {
                        span: name.span.clone().into(),
                        side: name.value.clone(),
                    },
                );
                ok = false;
            }
            teams[s] = u8::try_from(k).ok();
        }
    }
    for s in teams.sides() {
        if teams[s].is_none() && ok {
            let side = cx.sides()[s].name.clone();
            cx.err(
                said.layer,
                CheckError::TeamMissing {
                    span: said.span.clone().into(),
                    side,
                },
            );
            ok = false;
        }
    }
    if ok {
        teams.map(|t| t.unwrap_or(0))
    } else {
        own
    }
}

/// The colours of sides not named after one and not told one, in side order.
const DEFAULT_COLOURS: [&str; 8] = [
    "yellow", "cyan", "magenta", "green", "red", "blue", "white", "black",
];

/// A side named after a colour takes it unless told otherwise; else the first side is yellow,
/// the second cyan, and further sides take the next of [`DEFAULT_COLOURS`].
fn colours(cx: &mut Ctx) {
    for s in cx.sides().sides() {
        let name = cx.sides()[s].name.clone();
        let mut colour = if COLOURS.contains(&name.as_str()) {
            name.clone()
        } else {
            DEFAULT_COLOURS[s.index() % DEFAULT_COLOURS.len()].to_string()
        };
        if let Some(said) = cx.said(&RuleKey::Colour(name)) {
            let K::Colour { colour: c, .. } = &*said.kind else {
                mismatch(&said.kind)
            };
            if COLOURS.contains(&c.value.as_str()) {
                colour.clone_from(&c.value);
            } else {
                let guess = did_you_mean(&c.value, COLOURS.iter().copied());
                let help = match &guess {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!("the colours are {}", COLOURS.join(", ")),
                };
                cx.err_suggesting(
                    said.layer,
                    CheckError::UnknownColour {
                        span: c.span.clone().into(),
                        name: c.value.clone(),
                        help,
                    },
                    guess.map(|s| (c.span.clone(), s)),
                );
            }
        }
        if let Some(sides) = cx.sides.as_mut() {
            sides[s].colour = colour;
        }
    }
    // Colours of sides that do not exist.
    for (kind, layer, _) in cx.entries() {
        if let K::Colour { side, .. } = kind {
            cx.side(layer, side);
        }
    }
}

fn pieces(cx: &mut Ctx) -> Option<u8> {
    let Some(said) = cx.said(&RuleKey::Pieces) else {
        cx.missing("how many pieces each side has", "pieces 5 each");
        return None;
    };
    let K::Pieces(n) = &*said.kind else {
        mismatch(&said.kind)
    };
    match u8::try_from(n.value) {
        Ok(p) if p >= 1 && usize::from(p) <= MAX_PIECES => Some(p),
        Ok(0) => {
            cx.out_of_range(
                said.layer,
                &n.span,
                "a side has no pieces".into(),
                "at least one piece",
                format!("a side has 1 to {MAX_PIECES} pieces"),
            );
            None
        }
        _ => {
            cx.err(
                said.layer,
                CheckError::Limit {
                    span: n.span.clone().into(),
                    what: format!("{} pieces a side is out of range", n.value),
                    help: format!("a side has 1 to {MAX_PIECES} pieces"),
                },
            );
            None
        }
    }
}

fn start(
    cx: &mut Ctx,
    layer: usize,
    span: &Span,
    spec: &StartSpec,
    (pieces, stack_limit): (u8, u8),
) -> Option<Start> {
    match spec {
        StartSpec::Waiting => Some(Start::Waiting),
        StartSpec::Alternating(from) => {
            let sq = cx.path_square(layer, from.value, &from.span)?;
            alternating(cx, layer, span, sq, from.value, pieces)
        }
        StartSpec::Explicit(list, rest) => {
            explicit(cx, layer, span, (list, *rest), (pieces, stack_limit))
        }
    }
}

/// The sides' pieces on every other square from `sq`, the first side first.
fn alternating(
    cx: &mut Ctx,
    layer: usize,
    span: &Span,
    sq: Square,
    from: u32,
    pieces: u8,
) -> Option<Start> {
    let len = cx.path_len();
    let mut per_side: Sides<Vec<PathPos>> = cx.each_side();
    let mut fits = true;
    for (s, side) in cx.sides().iter() {
        let Some(p) = side.position_of(sq) else {
            fits = false;
            continue;
        };
        for k in 0..usize::from(pieces) {
            match PathPos::from_index(p.index() + s.index() + 2 * k)
                .filter(|q| usize::from(q.get()) <= len)
            {
                Some(q) => per_side[s].push(q),
                None => fits = false,
            }
        }
    }
    if !fits {
        if cx.paths_broken {
            return None;
        }
        let side = cx.sides()[Side::Second].name.clone();
        cx.err(
            layer,
            CheckError::LayoutCount {
                span: span.clone().into(),
                side,
                found: (len + 1).saturating_sub(from as usize) / 2,
                expected: u32::from(pieces),
                help: format!(
                    "alternating from square {from} needs {} squares of path",
                    2 * usize::from(pieces)
                ),
            },
        );
        return None;
    }
    // A path that comes back to a square (an out-and-back track) may reach it twice among the
    // positions filled.
    let mut taken: Vec<(Square, SideId, PathPos)> = Vec::new();
    for (s, positions) in per_side.iter() {
        for &p in positions {
            let square = cx.sides()[s].square(p);
            if let Some(&(_, first, at)) = taken.iter().find(|(t, ..)| *t == square) {
                let sides = cx.sides();
                cx.err(
                    layer,
                    CheckError::LayoutOverlapAlternating {
                        span: span.clone().into(),
                        square: u32::from(square.get()),
                        label: format!(
                            "a piece of `{}` at its position {}, and one of `{}` at its position {}",
                            sides[first].name,
                            at.get(),
                            sides[s].name,
                            p.get()
                        ),
                        help: format!(
                            "the path comes back to this square among the positions filled: list \
                             each side's squares (`start {} on ...; {} on ...`)",
                            sides[Side::First].name,
                            sides[Side::Second].name
                        ),
                    },
                );
                return None;
            }
            taken.push((square, s, p));
        }
    }
    Some(Start::OnBoard {
        positions: per_side,
        alternating: Some(sq),
        rest_waiting: false,
    })
}

/// A side's name and the squares listed for its pieces.
type SideSquares = (crate::lang::syntax::Spanned<String>, Vec<Item>);

/// Each side's pieces on the squares listed for it: a square listed again for the same side is
/// a stack, where pieces stack (up to their limit). Where `rest` (`; the rest waiting`), fewer
/// may be listed than a side has, the others waiting to enter.
fn explicit(
    cx: &mut Ctx,
    layer: usize,
    span: &Span,
    (list, rest): (&[SideSquares], bool),
    (pieces, stack_limit): (u8, u8),
) -> Option<Start> {
    let mut per_side: Sides<Option<Vec<PathPos>>> = cx.each_side();
    let mut taken: Vec<(Square, Span, SideId)> = Vec::new();
    let mut ok = true;
    for (name, items) in list {
        let Some(s) = cx.side(layer, name) else {
            ok = false;
            continue;
        };
        let mut positions = Vec::new();
        for item in items {
            let squares = cx.item_squares(layer, item);
            ok &= squares.len() == item.count();
            for (n, sq) in squares {
                let here = taken.iter().filter(|(t, ..)| *t == sq);
                let stacks = here.clone().all(|(.., side)| *side == s)
                    && here.clone().count() < usize::from(stack_limit);
                if let Some((_, first, _)) = here.clone().next().filter(|_| !stacks) {
                    cx.err(
                        layer,
                        CheckError::LayoutOverlap {
                            span: item.span.clone().into(),
                            first: first.clone().into(),
                            square: n,
                        },
                    );
                    ok = false;
                    continue;
                }
                taken.push((sq, item.span.clone(), s));
                match cx.sides()[s].position_of(sq) {
                    Some(p) => positions.push(p),
                    None if cx.paths_broken => ok = false,
                    None => {
                        let side = cx.sides()[s].name.clone();
                        cx.err(
                            layer,
                            CheckError::LayoutOffPath {
                                span: item.span.clone().into(),
                                square: n,
                                side,
                            },
                        );
                        ok = false;
                    }
                }
            }
        }
        let found: usize = items.iter().map(Item::count).sum();
        if found > usize::from(pieces) || (found < usize::from(pieces) && !rest) {
            let side = cx.sides()[s].name.clone();
            let first = items.first().map_or(name.span.start, |i| i.span.start);
            let last = items.last().map_or(name.span.end, |i| i.span.end);
            cx.err(
                layer,
                CheckError::LayoutCount {
                    span: (first..last).into(),
                    side,
                    found,
                    expected: u32::from(pieces),
                    help: if rest {
                        format!("list at most {pieces} squares, or say `pieces {found} each`")
                    } else {
                        format!(
                            "list exactly {pieces} squares, say `pieces {found} each`, or add `; the rest waiting`"
                        )
                    },
                },
            );
            ok = false;
        }
        per_side[s] = Some(positions);
    }
    for s in per_side.sides() {
        if per_side[s].is_none() && ok {
            let side = cx.sides()[s].name.clone();
            cx.err(
                layer,
                CheckError::LayoutCount {
                    span: span.clone().into(),
                    side: side.clone(),
                    found: 0,
                    expected: u32::from(pieces),
                    help: format!("add `; {side} on ...` with {pieces} squares"),
                },
            );
            ok = false;
        }
    }
    ok.then(|| Start::OnBoard {
        positions: per_side.map(Option::unwrap_or_default),
        alternating: None,
        rest_waiting: rest,
    })
}
