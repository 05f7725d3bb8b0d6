//! The board and the paths: the grid, its gaps, the sides' names and the squares each walks,
//! and what is written on squares (names, labels, marks).

use super::{Ctx, mismatch};
use crate::check::errors::CheckError;
use crate::check::ruleset::SideRules;
use crate::lang::diagnostic::did_you_mean;
use crate::lang::syntax::{Item, RuleKey, Span, Spanned, StatementKind as K};
use crate::types::limits::{
    MAX_PATH, MAX_PATH_MANY_SIDES, MAX_SIDES, MAX_SQUARES, MAX_SQUARES_MANY_SIDES,
};
use crate::types::{Board, DrawStyle, PathPos, Sides, Square};

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
    let limits = Limits::of(cx);
    let (Ok(r), Ok(c)) = (u8::try_from(rows.value), u8::try_from(cols.value)) else {
        return too_large(cx, said.layer, &said.span, size, limits);
    };
    if size > limits.squares as u64 {
        return too_large(cx, said.layer, &said.span, size, limits);
    }
    cx.size = usize::from(r) * usize::from(c);
    let mut board = Board {
        rows: r,
        cols: c,
        numbering: *numbering,
        gaps: Vec::new(),
        names: Vec::new(),
        labels: Vec::new(),
        signs: Vec::new(),
        marks: Vec::new(),
        points: Vec::new(),
        style: DrawStyle::Squares,
        links: Vec::new(),
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
    for (kind, layer, _) in cx.entries() {
        if let K::Link { from, to } = kind
            && let Some(a) = cx.square(layer, from.value, &from.span)
            && let Some(b) = cx.square(layer, to.value, &to.span)
        {
            board.links.push((a, b));
        }
    }
    Some(board)
}

/// How large a board and a path may be: the two-sided engine keeps a side's squares and
/// positions in 64-bit sets, the engine for many sides keeps each in a byte.
#[derive(Clone, Copy)]
struct Limits {
    squares: usize,
    path: usize,
    /// What the limits are for, in words.
    games: &'static str,
}

impl Limits {
    /// The limits for the rules' games, by the engine that plays them.
    fn of(cx: &Ctx) -> Limits {
        if cx.plays_many() {
            Limits {
                squares: MAX_SQUARES_MANY_SIDES,
                path: MAX_PATH_MANY_SIDES,
                games: "a game of the engine for many sides",
            }
        } else {
            Limits {
                squares: MAX_SQUARES,
                path: MAX_PATH,
                games: "a game of the two-sided engine",
            }
        }
    }
}

fn too_large(cx: &mut Ctx, layer: usize, span: &Span, size: u64, l: Limits) -> Option<Board> {
    let max = l.squares;
    let help = if l.squares == MAX_SQUARES {
        format!(
            "the board of {} holds at most {max} squares, gaps included (of more sides, or of a \
             rule only the engine for many sides plays, {MAX_SQUARES_MANY_SIDES})",
            l.games
        )
    } else {
        format!(
            "the board of {} holds at most {max} squares, gaps included",
            l.games
        )
    };
    cx.err(
        layer,
        CheckError::Limit {
            span: span.clone().into(),
            what: format!("the board has {size} squares, more than the limit of {max}"),
            help,
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
    if !(2..=MAX_SIDES).contains(&ok.len()) {
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
pub(super) fn sides_and_paths(cx: &mut Ctx, board: &Board) -> Option<Sides<SideRules>> {
    let names = side_names(cx)?;
    let sides_layer = cx.said(&RuleKey::Sides).map_or(0, |s| s.layer);
    // Paths of sides that do not exist.
    for (kind, layer, _) in cx.entries() {
        if let K::Path { side: Some(s), .. } = kind
            && !names.iter().any(|n| n.value == s.value)
        {
            let guess = did_you_mean(&s.value, names.iter().map(|n| n.value.as_str()));
            let help = match &guess {
                Some(x) => format!("did you mean `{x}`?"),
                None => format!(
                    "the sides are `{}` and `{}`",
                    names[0].value, names[1].value
                ),
            };
            cx.err_suggesting(
                layer,
                CheckError::UnknownSide {
                    span: s.span.clone().into(),
                    name: s.value.clone(),
                    help,
                },
                guess.map(|x| (s.span.clone(), x)),
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
                    size: board.size(),
                },
            );
            continue;
        };
        let K::Path {
            items,
            breaks,
            looped,
            ..
        } = &*said.kind
        else {
            mismatch(&said.kind)
        };
        let (mut path, mut segment_ends, ok) =
            path(cx, board, (said.layer, &said.span), items, breaks);
        cx.paths_broken |= !ok;
        let limits = Limits::of(cx);
        if path.len() > limits.path {
            cx.out_of_range(
                said.layer,
                &said.span,
                format!("a path of {} positions", path.len()),
                "too long",
                format!(
                    "a path of {} has at most {} positions (a square it comes back to counts \
                     again): shorten it",
                    limits.games, limits.path
                ),
            );
            cx.paths_broken = true;
            path.truncate(limits.path);
            segment_ends.retain(|p| p.index() < limits.path);
        }
        // A path with errors goes on with its good squares, so that the rules that name them
        // are checked too; one with none leaves nothing to check them against.
        if !path.is_empty() {
            let side = SideRules {
                name: name.value.clone(),
                colour: String::new(),
                path,
                segment_ends,
                looped: *looped,
            };
            if side.looped && (side.visits_twice() || !side.segment_ends.is_empty()) {
                cx.err(
                    said.layer,
                    CheckError::LoopNotSimple {
                        span: said.span.clone().into(),
                    },
                );
                continue;
            }
            sides.push(side);
        }
    }
    // Every side needs its path: without one, the rules about paths have nothing to go by.
    (sides.len() == names.len()).then_some(Sides(sides))
}

/// The shortcuts (`shortcut SQUARES`), in the order written: each a way of squares next to one
/// another (E125), from a square of some side's path to a later one (E129), its squares between
/// off the paths it serves (E129).
pub(super) fn shortcuts(cx: &mut Ctx, board: &Board) -> Vec<Vec<Square>> {
    let mut ways = Vec::new();
    for (kind, layer, span) in cx.entries() {
        let K::Shortcut(items) = kind else {
            continue;
        };
        let (way, _, ok) = path(cx, board, (layer, span), items, &[]);
        if !ok {
            continue;
        }
        if way.len() < 2 {
            cx.err(
                layer,
                CheckError::ShortcutTooShort {
                    span: span.clone().into(),
                },
            );
            continue;
        }
        let Some(sides) = cx.sides.as_ref() else {
            continue;
        };
        let served: Vec<&SideRules> = sides
            .values()
            .filter(|side| side.shortcut_ends(&way).is_some())
            .collect();
        let on_path = served.iter().find_map(|side| {
            way[1..way.len() - 1]
                .iter()
                .find(|q| side.path.contains(q))
                .map(|q| (*q, side.name.clone()))
        });
        if served.is_empty() {
            let (first, last) = (way[0], way[way.len() - 1]);
            cx.err(
                layer,
                CheckError::ShortcutNowhere {
                    span: span.clone().into(),
                    first: u32::from(first.get()),
                    last: u32::from(last.get()),
                },
            );
        } else if let Some((square, side)) = on_path {
            cx.err(
                layer,
                CheckError::ShortcutOnPath {
                    span: span.clone().into(),
                    square: u32::from(square.get()),
                    side,
                },
            );
        } else {
            ways.push(way);
        }
    }
    ways
}

/// The squares of one path, in order: each on the board, next to the one before, never the one
/// before or the one before that again (a path may come back to a square after going round);
/// the last position of each part but the last, where the path is in parts (`A | B`: each part
/// runs to the goal, so its first square need not touch the one before); and whether the path
/// is as written. A path with errors keeps the squares that are on the board and do not step
/// back.
fn path(
    cx: &mut Ctx,
    board: &Board,
    (layer, stmt): (usize, &Span),
    items: &[Item],
    breaks: &[usize],
) -> (Vec<Square>, Vec<PathPos>, bool) {
    let mut path: Vec<Square> = Vec::new();
    let mut spans: Vec<&Span> = Vec::new();
    let mut segment_ends = Vec::new();
    let mut segment_start = 0;
    let mut ok = true;
    for (k, item) in items.iter().enumerate() {
        if breaks.contains(&k) {
            segment_ends.extend(path.len().checked_sub(1).and_then(PathPos::from_index));
            segment_start = path.len();
        }
        let squares = cx.item_squares(layer, item);
        ok &= squares.len() == item.count();
        for (n, sq) in squares {
            let len = path.len();
            let back = len.saturating_sub(2).max(segment_start);
            if let Some(i) = (back..len).find(|&i| path[i] == sq) {
                let help = path.last().and_then(|&prev| {
                    let fixed = starts_after(item, u32::from(prev))?;
                    let text = cx.rewritten(layer, stmt, item, &fixed)?;
                    Some(format!(
                        "a path never steps straight back onto a square: write it as `{text}`"
                    ))
                });
                cx.err(
                    layer,
                    CheckError::PathRepeats {
                        span: item.span.clone().into(),
                        first: spans[i].clone().into(),
                        square: n,
                        help: help.unwrap_or_else(|| {
                            "a path may come back to a square only after going round (as an out-and-back track does), never straight back; check the ranges".into()
                        }),
                    },
                );
                ok = false;
                continue;
            }
            if let Some(&prev) = path.last()
                && path.len() > segment_start
                && !board.adjacent(prev, sq)
            {
                let fixed = starts_next_to(board, item, prev).or_else(|| rows_walked(board, item));
                let help = fixed
                    .and_then(|fixed| cx.rewritten(layer, stmt, item, &fixed))
                    .map_or_else(
                        || "a path moves one square at a time, across, up or down; check the ranges".to_string(),
                        |text| format!("a path moves one square at a time, across, up or down: write it as `{text}`"),
                    );
                cx.err(
                    layer,
                    CheckError::PathJumps {
                        span: item.span.clone().into(),
                        from: u32::from(prev),
                        to: n,
                        help,
                    },
                );
                ok = false;
            }
            path.push(sq);
            spans.push(&item.span);
        }
    }
    (path, segment_ends, ok)
}

/// A range of a path that steps back onto `prev`, the square before it, made to start one
/// square further on (`1..10, 10..20` meant `1..10, 11..20`).
fn starts_after(item: &Item, prev: u32) -> Option<String> {
    let next = if item.descending() {
        prev.checked_sub(1)?
    } else {
        prev + 1
    };
    let (lo, hi) = (item.first.min(item.last), item.first.max(item.last));
    (item.count() > 1 && (lo..=hi).contains(&next) && (lo..=hi).contains(&prev))
        .then(|| written(next, item.last))
}

/// A range of a path that jumps from `prev` over one square, made to start on it (`1..10,
/// 12..30` meant `1..10, 11..30`).
fn starts_next_to(board: &Board, item: &Item, prev: Square) -> Option<String> {
    let before = if item.descending() {
        item.first + 1
    } else {
        item.first.checked_sub(1)?
    };
    let square = Square::new(before).filter(|s| usize::from(s.get()) <= board.size())?;
    board
        .adjacent(prev, square)
        .then(|| written(before, item.last))
}

/// A range that runs on from the end of a row to the start of the next, on a board numbered
/// row by row, walked as a snake instead: each row after the first the other way
/// (`path 1..20` on `board 2 x 10` meant `path 1..10, 20..11`). Only where the walk takes
/// the same squares.
fn rows_walked(board: &Board, item: &Item) -> Option<String> {
    if board.numbering != crate::types::Numbering::Rows || item.descending() || board.cols < 2 {
        return None;
    }
    let cols = u32::from(board.cols);
    let row = |n: u32| (n - 1) / cols;
    let (first, last) = (item.first, item.last);
    if first == 0 || row(first) == row(last) {
        return None;
    }
    let mut parts = Vec::new();
    for r in row(first)..=row(last) {
        let (start, end) = (r * cols + 1, r * cols + cols);
        let (lo, hi) = (first.max(start), last.min(end));
        let forward = (r - row(first)) % 2 == 0;
        // A row walked backwards is entered at its end: it must be whole.
        if !forward && (lo, hi) != (start, end) {
            return None;
        }
        parts.push(if forward {
            written(lo, hi)
        } else {
            written(hi, lo)
        });
    }
    Some(parts.join(", "))
}

/// An item as it is written: `7`, `1..10`.
fn written(first: u32, last: u32) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}..{last}")
    }
}

/// Names, labels, signs and marks of squares.
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
            K::Sign { square, sign } => {
                if let Some(s) = cx.square(layer, square.value, &square.span)
                    && let Some(sign) = sign
                {
                    board.signs.push((s, *sign));
                }
            }
            _ => {}
        }
    }
    let said = cx.rule(&RuleKey::Marks);
    let K::Marks(set) = &*said.kind else {
        mismatch(&said.kind)
    };
    board.marks = cx.marked_squares(said.layer, set);
    board.points = points(cx, board);
    let said = cx.rule(&RuleKey::DrawStyle);
    let K::DrawStyle(style) = *said.kind else {
        mismatch(&said.kind)
    };
    board.style = style;
}

/// The largest row or column a drawing may place a square at.
const MAX_POINT: u32 = 40;

/// Where squares are drawn (`draw SQUARES at ROWS, COLUMNS`): a row or column given as a range
/// runs along the squares, one each; no two squares at one point, no square twice, and once one
/// square is placed every square is.
fn points(cx: &mut Ctx, board: &Board) -> Vec<(Square, u8, u8)> {
    // Each point with the statement that placed it.
    let mut out: Vec<(Square, u8, u8, usize, Span)> = Vec::new();
    let mut said_any: Option<(usize, Span)> = None;
    let mut failed = false;
    for (kind, layer, _) in cx.entries() {
        let K::Draw {
            squares,
            rows,
            cols,
        } = kind
        else {
            continue;
        };
        said_any.get_or_insert((layer, squares.span.clone()));
        let list = cx.item_squares(layer, squares);
        let n = list.len();
        let fit = |cx: &mut Ctx, item: &Item, what: &str| -> Option<Vec<u8>> {
            // Judged by its ends before any number of it is listed.
            let count = item.first.abs_diff(item.last) as usize + 1;
            let bad = if count != 1 && count != n {
                Some(format!(
                    "{n} squares are drawn at {count} {what}s: give one {what}, or a range of {n}"
                ))
            } else if item.first.max(item.last) > MAX_POINT {
                Some(format!("a {what} of a drawing is at most {MAX_POINT}"))
            } else {
                None
            };
            if let Some(what) = bad {
                cx.err(
                    layer,
                    CheckError::DrawingShape {
                        span: item.span.clone().into(),
                        what,
                    },
                );
                return None;
            }
            let values = along(item);
            Some(
                (0..n)
                    .map(|k| {
                        let v = if values.len() == 1 {
                            values[0]
                        } else {
                            values[k]
                        };
                        u8::try_from(v).unwrap_or(u8::MAX)
                    })
                    .collect(),
            )
        };
        let (Some(rs), Some(cs)) = (fit(cx, rows, "row"), fit(cx, cols, "column")) else {
            failed = true;
            continue;
        };
        for (k, (num, sq)) in list.into_iter().enumerate() {
            let clash = out
                .iter()
                .find(|(s, r, c, _, _)| *s == sq || (*r, *c) == (rs[k], cs[k]))
                .map(|(s, _, _, l, sp)| (*s, *l, sp.clone()));
            if let Some((other, other_layer, other_span)) = clash {
                failed = true;
                let what = if other == sq {
                    format!("square {num} is drawn twice")
                } else {
                    format!("squares {other} and {num} are drawn at one point")
                };
                let here = (layer, squares.span.clone());
                cx.clash((other_layer, other_span), here, |span, _| {
                    CheckError::DrawnTwice {
                        span: span.into(),
                        what,
                    }
                });
                continue;
            }
            out.push((sq, rs[k], cs[k], layer, squares.span.clone()));
        }
    }
    if let Some((layer, span)) = said_any
        && !failed
        && let Some(missing) = board
            .squares()
            .find(|sq| !out.iter().any(|(s, _, _, _, _)| s == sq))
    {
        // A board a later file made larger leaves the drawing short: its error.
        cx.err_judged(
            layer,
            CheckError::NotDrawn {
                span: span.into(),
                missing: u32::from(missing),
            },
            &[RuleKey::Board, RuleKey::Gaps],
        );
    }
    let mut points: Vec<(Square, u8, u8)> =
        out.into_iter().map(|(s, r, c, _, _)| (s, r, c)).collect();
    points.sort_unstable();
    points
}

/// The numbers of an item in its order (a range may run down).
fn along(item: &Item) -> Vec<u32> {
    if item.first <= item.last {
        (item.first..=item.last).collect()
    } else {
        (item.last..=item.first).rev().collect()
    }
}
