//! Resolving what rules name: squares, path positions, sets of either, sides, throw values and
//! destinations, each reported where it is out of range or unknown.
//!
//! A range is judged by its ends before any of its numbers is looked at, so `1..1000000` costs no
//! more than `1..30`: only the numbers within the board (or the path) are walked, at most 64.

use super::Ctx;
use crate::check::errors::CheckError;
use crate::lang::diagnostic::did_you_mean;
use crate::lang::parser::strip_comment_and_note;
use crate::lang::syntax::{self as ast, Item, RuleKey, SetExpr, Span, Spanned, StatementKind};
use crate::types::limits::MAX_THROW_VALUE;
use crate::types::{Destination, Fallback, PathPos, SideId, Sides, Square};

/// The numbers of an item that lie in `1..=max`, in the order written, and the first number
/// outside it, if any, with whether it comes before them.
struct Within {
    inside: Vec<u32>,
    out: Option<u32>,
    out_first: bool,
}

fn within(item: &Item, max: u32) -> Within {
    let (a, b) = (item.first, item.last);
    let (lo, hi) = (a.min(b), a.max(b));
    let inside: Vec<u32> = if lo > max || hi < 1 {
        Vec::new()
    } else if item.descending() {
        (lo.max(1)..=hi.min(max)).rev().collect()
    } else {
        (lo.max(1)..=hi.min(max)).collect()
    };
    // The first number out of range in the order written.
    let (out, out_first) = if item.descending() {
        if a > max {
            (Some(a), true)
        } else if b < 1 {
            (Some(0), false)
        } else {
            (None, false)
        }
    } else if a < 1 || a > max {
        (Some(a), true)
    } else if b > max {
        (Some(max + 1), false)
    } else {
        (None, false)
    };
    Within {
        inside,
        out,
        out_first,
    }
}

impl Ctx<'_, '_> {
    /// Checks a number against the board: on it, and not a gap.
    pub(super) fn square(&mut self, layer: usize, n: u32, span: &Span) -> Option<Square> {
        let size = u32::try_from(self.size).unwrap_or(u32::MAX);
        let Some(square) = Square::new(n).filter(|_| (1..=size).contains(&n)) else {
            self.square_out_of_range(layer, n, span);
            return None;
        };
        if self.gaps.contains(&square) {
            self.err(
                layer,
                CheckError::SquareIsGap {
                    span: span.clone().into(),
                    square: n,
                },
            );
            return None;
        }
        Some(square)
    }

    fn square_out_of_range(&mut self, layer: usize, n: u32, span: &Span) {
        let size = u32::try_from(self.size).unwrap_or(u32::MAX);
        let help = if n == 0 {
            "squares are numbered from 1".into()
        } else {
            format!("use a square from 1 to {size}")
        };
        self.err(
            layer,
            CheckError::SquareOutOfRange {
                span: span.clone().into(),
                square: n,
                size,
                help,
            },
        );
    }

    /// `f` of each number of an item that is on the board, in the order written; the first
    /// number off the board reported where the number-by-number reading would meet it.
    fn each_square<T>(
        &mut self,
        layer: usize,
        item: &Item,
        mut f: impl FnMut(&mut Self, u32) -> Option<T>,
    ) -> Vec<T> {
        let size = u32::try_from(self.size).unwrap_or(u32::MAX);
        let w = within(item, size);
        if let (Some(n), true) = (w.out, w.out_first) {
            self.square_out_of_range(layer, n, &item.span);
        }
        let out = w.inside.iter().filter_map(|&n| f(self, n)).collect();
        if let (Some(n), false) = (w.out, w.out_first) {
            self.square_out_of_range(layer, n, &item.span);
        }
        out
    }

    /// The squares of an item, in the order written, each with its number; numbers off the
    /// board or on a gap are reported and left out.
    pub(super) fn item_squares(&mut self, layer: usize, item: &Item) -> Vec<(u32, Square)> {
        self.each_square(layer, item, |cx, n| {
            cx.square(layer, n, &item.span).map(|sq| (n, sq))
        })
    }

    /// The statement at `stmt` in file `layer` as written, with `item` written as `with`
    /// instead: a help line's form of the statement put right.
    pub(super) fn rewritten(
        &self,
        layer: usize,
        stmt: &Span,
        item: &Item,
        with: &str,
    ) -> Option<String> {
        let text = &self.layers[layer].file.text;
        let before = text.get(stmt.start..item.span.start)?;
        let after = text.get(item.span.end..stmt.end)?;
        let line = format!("{before}{with}{after}");
        Some(strip_comment_and_note(&line).trim().to_string())
    }

    /// A square that must be on some side's path, since rules apply to it.
    pub(super) fn path_square(&mut self, layer: usize, n: u32, span: &Span) -> Option<Square> {
        let sq = self.square(layer, n, span)?;
        if !self.sides().values().any(|s| s.path.contains(&sq)) {
            if self.paths_broken {
                return None;
            }
            self.err(
                layer,
                CheckError::NotOnPath {
                    span: span.clone().into(),
                    square: n,
                },
            );
            return None;
        }
        Some(sq)
    }

    /// The length of the shorter path: a position must be on both.
    pub(super) fn path_len(&self) -> usize {
        self.sides()
            .values()
            .map(|s| s.path.len())
            .min()
            .unwrap_or(0)
    }

    /// The path a position is counted along, in words: the shared one, else the shorter (a
    /// position must be on both).
    fn path_words(&self) -> String {
        let sides = &self.sides().0;
        let names = quoted_names(sides.iter().map(|s| s.name.as_str()));
        let first = &sides[0];
        if sides.iter().all(|s| s.path == first.path) {
            format!("the path {names} share")
        } else if sides.iter().all(|s| s.path.len() == first.path.len()) {
            format!("the paths of {names}")
        } else {
            let short = sides.iter().min_by_key(|s| s.path.len()).unwrap_or(first);
            format!("`{}`'s path", short.name)
        }
    }

    fn position_out_of_range(&mut self, layer: usize, n: u32, span: &Span) {
        if self.paths_broken {
            return;
        }
        let len = self.path_len();
        let path = self.path_words();
        let help = if n == 0 {
            "positions are counted from 1".into()
        } else {
            format!("use a position from 1 to {len}")
        };
        self.err(
            layer,
            CheckError::PositionOutOfRange {
                span: span.clone().into(),
                pos: n,
                len,
                path,
                help,
            },
        );
    }

    /// A path position that must be on both sides' paths.
    pub(super) fn position(&mut self, layer: usize, n: u32, span: &Span) -> Option<PathPos> {
        let len = u32::try_from(self.path_len()).unwrap_or(u32::MAX);
        match PathPos::new(n).filter(|_| n <= len) {
            Some(p) => Some(p),
            None => {
                self.position_out_of_range(layer, n, span);
                None
            }
        }
    }

    /// The positions of an item, in the order written; numbers past the path reported.
    fn item_positions(&mut self, layer: usize, item: &Item) -> Vec<PathPos> {
        let len = u32::try_from(self.path_len()).unwrap_or(u32::MAX);
        let w = within(item, len);
        if let Some(n) = w.out {
            self.position_out_of_range(layer, n, &item.span);
        }
        w.inside.into_iter().filter_map(PathPos::new).collect()
    }

    /// A set as squares, ascending: positions stand for each side's square at that position.
    pub(super) fn squares(&mut self, layer: usize, set: &SetExpr) -> Vec<Square> {
        let mut out = Vec::new();
        match set {
            SetExpr::None => {}
            SetExpr::Squares(items) => {
                for item in items {
                    let squares =
                        self.each_square(layer, item, |cx, n| cx.path_square(layer, n, &item.span));
                    out.extend(squares);
                }
            }
            SetExpr::Positions(items) => {
                for item in items {
                    for p in self.item_positions(layer, item) {
                        out.extend(self.sides().values().map(|s| s.square(p)));
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A set of squares marked on the board: each on a path or on a shortcut, ascending.
    pub(super) fn marked_squares(&mut self, layer: usize, set: &SetExpr) -> Vec<Square> {
        let SetExpr::Squares(items) = set else {
            return self.squares(layer, set);
        };
        let mut out = Vec::new();
        for item in items {
            out.extend(self.each_square(layer, item, |cx, n| {
                let sq = cx.square(layer, n, &item.span)?;
                if cx.shortcut_squares.contains(&sq) {
                    Some(sq)
                } else {
                    cx.path_square(layer, n, &item.span)
                }
            }));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A set as path positions, per side, ascending.
    pub(super) fn positions(&mut self, layer: usize, set: &SetExpr) -> Sides<Vec<PathPos>> {
        let mut out: Sides<Vec<PathPos>> = self.each_side();
        match set {
            SetExpr::None => {}
            SetExpr::Squares(_) => {
                for sq in self.squares(layer, set) {
                    for (s, side) in self.sides().iter() {
                        out[s].extend(side.positions_of(sq));
                    }
                }
            }
            SetExpr::Positions(items) => {
                for item in items {
                    for p in self.item_positions(layer, item) {
                        out.0.iter_mut().for_each(|v| v.push(p));
                    }
                }
            }
        }
        out.0.iter_mut().for_each(|v| {
            v.sort_unstable();
            v.dedup();
        });
        out
    }

    /// The side a rule names.
    pub(super) fn side(&mut self, layer: usize, name: &Spanned<String>) -> Option<SideId> {
        let names = self.sides().as_ref().map(|s| s.name.clone()).0;
        if let Some(i) = names.iter().position(|n| *n == name.value) {
            return SideId::nth(i);
        }
        let guess = did_you_mean(&name.value, names.iter().map(String::as_str));
        let help = match &guess {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "the sides are {}",
                quoted_names(names.iter().map(String::as_str))
            ),
        };
        self.err_suggesting(
            layer,
            CheckError::UnknownSide {
                span: name.span.clone().into(),
                name: name.value.clone(),
                help,
            },
            guess.map(|s| (name.span.clone(), s)),
        );
        None
    }

    /// A value the throwing device can give, or the extra move some throws give (`extra move of
    /// V after ...`), which is played as a throw (nothing is reported before the device is
    /// known).
    pub(super) fn throw_value(&mut self, layer: usize, v: &Spanned<u32>) -> Option<u8> {
        let extra = match &*self.rule(&RuleKey::ExtraMove).kind {
            StatementKind::ExtraMove(Some(m)) => Some(m.value.value),
            _ => None,
        };
        let device = self.device.as_ref()?;
        if let Ok(value) = u8::try_from(v.value)
            && value <= MAX_THROW_VALUE
            && (device.can_give(value) || extra == Some(v.value))
        {
            return Some(value);
        }
        let possible: Vec<String> = device
            .distribution()
            .iter()
            .map(|(v, _)| v.to_string())
            .collect();
        self.err(
            layer,
            CheckError::ImpossibleThrow {
                span: v.span.clone().into(),
                value: v.value,
                help: format!("the throws are {}", possible.join(", ")),
            },
        );
        None
    }

    /// Throw values, ascending, each once.
    pub(super) fn throw_values(&mut self, layer: usize, list: &[Spanned<u32>]) -> Vec<u8> {
        let mut out: Vec<u8> = list
            .iter()
            .filter_map(|v| self.throw_value(layer, v))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    pub(super) fn destination(
        &mut self,
        layer: usize,
        d: &ast::Destination,
    ) -> Option<Destination> {
        let sq = d.square();
        let square = self.path_square(layer, sq.value, &sq.span)?;
        let fallback = match d {
            ast::Destination::Square(_) => Fallback::None,
            ast::Destination::FirstFreeAfter(_) => Fallback::FirstFreeAfter,
            ast::Destination::FirstFreeBefore(_) => Fallback::FirstFreeBefore,
        };
        Some(Destination { square, fallback })
    }
}

/// Names quoted and listed: "`a` and `b`", "`a`, `b` and `c`".
pub(super) fn quoted_names<'n>(names: impl Iterator<Item = &'n str>) -> String {
    let quoted: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(first: u32, last: u32) -> Item {
        Item {
            first,
            last,
            span: 0..1,
        }
    }

    #[test]
    fn a_range_is_judged_by_its_ends() {
        let w = within(&item(1, 1_000_000), 30);
        assert_eq!((w.inside.len(), w.out, w.out_first), (30, Some(31), false));
        let w = within(&item(40, 20), 30);
        assert_eq!(
            (w.inside.first(), w.out, w.out_first),
            (Some(&30), Some(40), true)
        );
        let w = within(&item(3, 0), 30);
        assert_eq!(
            (w.inside, w.out, w.out_first),
            (vec![3, 2, 1], Some(0), false)
        );
        let w = within(&item(0, 2), 30);
        assert_eq!((w.inside, w.out, w.out_first), (vec![1, 2], Some(0), true));
        let w = within(&item(5, 5), 30);
        assert_eq!((w.inside, w.out), (vec![5], None));
        let w = within(&item(31, 40), 30);
        assert_eq!((w.inside.len(), w.out), (0, Some(31)));
    }
}
