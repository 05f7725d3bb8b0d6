//! The board and the paths: the grid, its gaps, the sides' names and the squares each walks,
//! and what is written on squares (names, labels, marks).

use super::{Ctx, mismatch};
use crate::check::errors::CheckError;
use crate::check::ruleset::SideRules;
use crate::lang::diagnostic::did_you_mean;
use crate::lang::syntax::{Item, RuleKey, Span, Spanned, StatementKind as K};
use crate::types::limits::MAX_SQUARES;
use crate::types::{Board, PerSide, Square};

/// The grid and its gaps.
pub(super) fn board(cx: &mut Ctx) -> Option<Board> {
    let Some(said) = cx.said(&RuleKey::Board) else {
        cx.missing("what the board is", "board 3 x 10 snake");
        return None;
    };
    let K::Board {
        rows,
        cols,
        numbering,
    } = &*said.kind
    else {
        mismatch(&said.kind)
    };
    let size = u64::from(rows.value) * u64::from(cols.value);
    if size == 0 {
        cx.out_of_range(
            said.layer,
            &said.span,
            "the board has no squares".into(),
            "empty board",
            "a board has at least one row and one column".into(),
        );
        return None;
    }
    let (Ok(r), Ok(c)) = (u8::try_from(rows.value), u8::try_from(cols.value)) else {
        return too_large(cx, said.layer, &said.span, size);
    };
    if size > MAX_SQUARES as u64 {
        return too_large(cx, said.layer, &said.span, size);
    }
    cx.size = usize::from(r) * usize::from(c);
    let mut board = Board {
        rows: r,
        cols: c,
        numbering: *numbering,
        gaps: Vec::new(),
        names: Vec::new(),
        labels: Vec::new(),
        marks: Vec::new(),
    };
    let said = cx.rule(&RuleKey::Gaps);
    let K::Gaps(items) = &*said.kind else {
        mismatch(&said.kind)
    };
    for item in items {
        let squares = cx.item_squares(said.layer, item);
        board.gaps.extend(squares.into_iter().map(|(_, sq)| sq));
    }
    cx.gaps.clone_from(&board.gaps);
    Some(board)
}

fn too_large(cx: &mut Ctx, layer: usize, span: &Span, size: u64) -> Option<Board> {
    cx.err(
        layer,
        CheckError::Limit {
            span: span.clone().into(),
            what: format!("the board has {size} squares, more than the limit of {MAX_SQUARES}"),
            help: format!("boards hold at most {MAX_SQUARES} squares, gaps included"),
        },
    );
    None
}

/// The two sides' names, each different.
fn side_names(cx: &mut Ctx) -> Option<Vec<Spanned<String>>> {
    let Some(said) = cx.said(&RuleKey::Sides) else {
        cx.missing("who plays: the sides", "sides red, blue");
        return None;
    };
    let K::Sides(names) = &*said.kind else {
        mismatch(&said.kind)
    };
    let mut ok: Vec<Spanned<String>> = Vec::new();
    for n in names {
        if ok.iter().any(|o| o.value == n.value) {
            cx.err(
                said.layer,
                CheckError::DuplicateSide {
                    span: n.span.clone().into(),
                    name: n.value.clone(),
                },
            );
        } else {
            ok.push(n.clone());
        }
    }
    if ok.len() != 2 {
        cx.err(
            said.layer,
            CheckError::SideCount {
                span: said.span.into(),
                count: ok.len(),
            },
        );
        return None;
    }
    Some(ok)
}

/// The sides and the path each walks (its own, or the one both share).
pub(super) fn sides_and_paths(cx: &mut Ctx, board: &Board) -> Option<PerSide<SideRules>> {
    let names = side_names(cx)?;
    let sides_layer = cx.said(&RuleKey::Sides).map_or(0, |s| s.layer);
    // Paths of sides that do not exist.
    for (kind, layer, _) in cx.entries() {
        if let K::Path { side: Some(s), .. } = kind
            && !names.iter().any(|n| n.value == s.value)
        {
            let help = match did_you_mean(&s.value, names.iter().map(|n| n.value.as_str())) {
                Some(x) => format!("did you mean `{x}`?"),
                None => format!(
                    "the sides are `{}` and `{}`",
                    names[0].value, names[1].value
                ),
            };
            cx.err(
                layer,
                CheckError::UnknownSide {
                    span: s.span.clone().into(),
                    name: s.value.clone(),
                    help,
                },
            );
        }
    }
    let mut sides = Vec::new();
    for name in &names {
        let said = cx
            .said(&RuleKey::Path(Some(name.value.clone())))
            .or_else(|| cx.said(&RuleKey::Path(None)));
        let Some(said) = said else {
            cx.err(
                sides_layer,
                CheckError::NoPath {
                    span: name.span.clone().into(),
                    side: name.value.clone(),
                },
            );
            continue;
        };
        let K::Path { items, .. } = &*said.kind else {
            mismatch(&said.kind)
        };
        if let Some(path) = path(cx, board, said.layer, items) {
            sides.push(SideRules {
                name: name.value.clone(),
                colour: String::new(),
                path,
            });
        }
    }
    let [a, b]: [SideRules; 2] = sides.try_into().ok()?;
    Some(PerSide::new(a, b))
}

/// The squares of one path, in order: each on the board, next to the one before, never the one
/// before or the one before that again (a path may come back to a square after going round).
fn path(cx: &mut Ctx, board: &Board, layer: usize, items: &[Item]) -> Option<Vec<Square>> {
    let mut path: Vec<Square> = Vec::new();
    let mut spans: Vec<&Span> = Vec::new();
    let mut ok = true;
    for item in items {
        let squares = cx.item_squares(layer, item);
        ok &= squares.len() == item.count();
        for (n, sq) in squares {
            let len = path.len();
            if let Some(i) = (len.saturating_sub(2)..len).find(|&i| path[i] == sq) {
                cx.err(
                    layer,
                    CheckError::PathRepeats {
                        span: item.span.clone().into(),
                        first: spans[i].clone().into(),
                        square: n,
                    },
                );
                ok = false;
                continue;
            }
            if let Some(&prev) = path.last()
                && !board.adjacent(prev, sq)
            {
                cx.err(
                    layer,
                    CheckError::PathJumps {
                        span: item.span.clone().into(),
                        from: u32::from(prev),
                        to: n,
                    },
                );
                ok = false;
            }
            path.push(sq);
            spans.push(&item.span);
        }
    }
    ok.then_some(path)
}

/// Names, labels and marks of squares.
pub(super) fn decorations(cx: &mut Ctx, board: &mut Board) {
    for (kind, layer, _) in cx.entries() {
        match kind {
            K::Name { square, text } | K::Label { square, text } => {
                if let Some(s) = cx.square(layer, square.value, &square.span)
                    && let Some(t) = text
                {
                    let list = if matches!(kind, K::Name { .. }) {
                        &mut board.names
                    } else {
                        &mut board.labels
                    };
                    list.push((s, t.clone()));
                }
            }
            _ => {}
        }
    }
    let said = cx.rule(&RuleKey::Marks);
    let K::Marks(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    board.marks = cx.squares(said.layer, set);
}
