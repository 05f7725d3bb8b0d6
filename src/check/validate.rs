//! Turning the merged statements into a [`RuleSet`], reporting every rule that is out of range,
//! names something unknown or contradicts another.

use super::describe::describe;
use super::errors::CheckError;
use super::load::Layer;
use super::merge::{Entry, Merged};
use super::ruleset::*;
use crate::lang::Diagnostic;
use crate::lang::diagnostic::did_you_mean;
use crate::lang::syntax::{self as ast, Item, SetExpr, Span, Spanned, StatementKind as K};

/// Limits that keep positions small and fixed-size.
pub const MAX_SQUARES: u32 = 64;
pub const MAX_PIECES: u32 = 15;
pub const MAX_STICKS: u32 = 8;
pub const MAX_DIE_FACES: u32 = 12;
pub const MAX_THROW_VALUE: u32 = 30;

pub const COLOURS: &[&str] = &[
    "red", "blue", "green", "yellow", "white", "black", "magenta", "cyan",
];

struct Ctx<'a, 'b> {
    layers: &'a [Layer],
    merged: &'b Merged<'a>,
    diags: &'b mut Vec<Diagnostic>,
    size: u32,
    gaps: Vec<Square>,
    sides: Vec<Side>,
    quiet_missing: bool,
    /// (file, code, offset) of every error reported: a range of numbers or a shared path
    /// checked once per side must not repeat the same error.
    reported: Vec<(usize, String, usize)>,
}

impl<'a> Ctx<'a, '_> {
    fn err(&mut self, layer: usize, e: CheckError) {
        let d = Diagnostic::new(&self.layers[layer].file, e);
        let key = (layer, d.code(), d.primary_offset());
        if !self.reported.contains(&key) {
            self.reported.push(key);
            self.diags.push(d);
        }
    }

    fn get(&self, key: &str) -> Option<(&'a ast::StatementKind, usize, Span)> {
        self.merged
            .get(key)
            .map(|e: &Entry<'a>| (&e.stmt.kind, e.layer, e.stmt.span.clone()))
    }

    fn leaf(&self) -> usize {
        self.layers.len() - 1
    }

    fn missing(&mut self, what: &str, example: &str) {
        // A rule may be missing only because a line failed to parse or the base failed to
        // load; saying so would be noise on top of the real error.
        if self.quiet_missing {
            return;
        }
        let leaf = self.leaf();
        self.err(
            leaf,
            CheckError::Missing {
                span: (0, 0).into(),
                what: what.into(),
                help: format!("add a line such as `{example}`"),
            },
        );
    }

    /// A square number that must be on the board.
    fn square(&mut self, layer: usize, n: u32, span: &Span) -> Option<Square> {
        if n == 0 || n > self.size {
            let help = if n == 0 {
                "squares are numbered from 1".into()
            } else {
                format!("use a square from 1 to {}", self.size)
            };
            self.err(
                layer,
                CheckError::SquareOutOfRange {
                    span: span.clone().into(),
                    square: n,
                    size: self.size,
                    help,
                },
            );
            return None;
        }
        if self.gaps.contains(&(n as Square)) {
            self.err(
                layer,
                CheckError::SquareIsGap {
                    span: span.clone().into(),
                    square: n,
                },
            );
            return None;
        }
        Some(n as Square)
    }

    /// A square that must be on some side's path, since rules apply to it.
    fn path_square(&mut self, layer: usize, n: u32, span: &Span) -> Option<Square> {
        let sq = self.square(layer, n, span)?;
        if !self.sides.is_empty() && !self.sides.iter().any(|s| s.path.contains(&sq)) {
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

    fn path_len(&self) -> usize {
        self.sides.iter().map(|s| s.path.len()).min().unwrap_or(0)
    }

    fn position(&mut self, layer: usize, n: u32, span: &Span) -> Option<Pos> {
        let len = self.path_len();
        if n == 0 || n as usize > len {
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
                    help,
                },
            );
            return None;
        }
        Some(n as Pos)
    }

    /// A set as squares: positions stand for each side's square at that position.
    fn squares(&mut self, layer: usize, set: &SetExpr) -> Vec<Square> {
        let mut out = Vec::new();
        match set {
            SetExpr::None => {}
            SetExpr::Squares(items) => {
                for item in items {
                    for n in item.numbers() {
                        if let Some(s) = self.path_square(layer, n, &item.span) {
                            out.push(s);
                        }
                    }
                }
            }
            SetExpr::Positions(items) => {
                for item in items {
                    for n in item.numbers() {
                        if let Some(p) = self.position(layer, n, &item.span) {
                            out.extend(self.sides.iter().map(|s| s.path[p as usize - 1]));
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// A set as path positions, per side.
    fn positions(&mut self, layer: usize, set: &SetExpr) -> Vec<Vec<Pos>> {
        let mut out = vec![Vec::new(); self.sides.len()];
        match set {
            SetExpr::None => {}
            SetExpr::Squares(_) => {
                for sq in self.squares(layer, set) {
                    for (i, side) in self.sides.iter().enumerate() {
                        if let Some(p) = side.position_of(sq) {
                            out[i].push(p);
                        }
                    }
                }
            }
            SetExpr::Positions(items) => {
                for item in items {
                    for n in item.numbers() {
                        if let Some(p) = self.position(layer, n, &item.span) {
                            out.iter_mut().for_each(|v| v.push(p));
                        }
                    }
                }
            }
        }
        out.iter_mut().for_each(|v| {
            v.sort();
            v.dedup();
        });
        out
    }

    fn side(&mut self, layer: usize, name: &Spanned<String>) -> Option<usize> {
        if let Some(i) = self.sides.iter().position(|s| s.name == name.value) {
            return Some(i);
        }
        if self.sides.is_empty() {
            return None; // already reported: no sides
        }
        let help = match did_you_mean(&name.value, self.sides.iter().map(|s| s.name.as_str())) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "the sides are {}",
                self.sides
                    .iter()
                    .map(|s| format!("`{}`", s.name))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        };
        self.err(
            layer,
            CheckError::UnknownSide {
                span: name.span.clone().into(),
                name: name.value.clone(),
                help,
            },
        );
        None
    }

    fn throw_value(
        &mut self,
        layer: usize,
        device: Option<&ThrowDevice>,
        v: &Spanned<u32>,
    ) -> Option<u8> {
        let device = device?;
        if v.value <= MAX_THROW_VALUE && device.can_give(v.value as u8) {
            return Some(v.value as u8);
        }
        let mut possible: Vec<String> = device
            .distribution()
            .iter()
            .map(|(v, _)| v.to_string())
            .collect();
        possible.dedup();
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

    fn destination(&mut self, layer: usize, d: &ast::Destination) -> Option<Destination> {
        let sq = d.square();
        let square = self.path_square(layer, sq.value, &sq.span)?;
        let fallback = match d {
            ast::Destination::Square(_) => Fallback::None,
            ast::Destination::FirstFreeAfter(_) => Fallback::FirstFreeAfter,
            ast::Destination::FirstFreeBefore(_) => Fallback::FirstFreeBefore,
        };
        Some(Destination { square, fallback })
    }

    fn out_of_range(&mut self, layer: usize, span: &Span, what: String, label: &str, help: String) {
        self.err(
            layer,
            CheckError::NumberOutOfRange {
                span: span.clone().into(),
                what,
                label: label.into(),
                help,
            },
        );
    }
}

fn item_squares(items: &[Item]) -> impl Iterator<Item = (u32, &Span)> {
    items
        .iter()
        .flat_map(|i| i.numbers().map(move |n| (n, &i.span)))
}

/// Builds the checked rule set. Returns `None` when a rule the others depend on is missing or
/// broken; every problem found is in `diags`.
pub fn build(
    layers: &[Layer],
    merged: &Merged,
    options: Vec<OptionInfo>,
    diags: &mut Vec<Diagnostic>,
) -> Option<RuleSet> {
    let quiet_missing = !diags.is_empty();
    let mut cx = Ctx {
        layers,
        merged,
        diags,
        size: 0,
        gaps: Vec::new(),
        sides: Vec::new(),
        quiet_missing,
        reported: Vec::new(),
    };
    let before = cx.diags.len();

    // ---- board ----
    let board = match cx.get("board") {
        Some((
            K::Board {
                rows,
                cols,
                numbering,
            },
            layer,
            span,
        )) => {
            let size = rows.value.saturating_mul(cols.value);
            if rows.value == 0 || cols.value == 0 {
                cx.out_of_range(
                    layer,
                    &span,
                    "the board has no squares".into(),
                    "empty board",
                    "a board has at least one row and one column".into(),
                );
                None
            } else if size > MAX_SQUARES {
                cx.err(
                    layer,
                    CheckError::Limit {
                        span: span.into(),
                        what: format!(
                            "the board has {size} squares, more than the limit of {MAX_SQUARES}"
                        ),
                        help: format!("boards hold at most {MAX_SQUARES} squares, gaps included"),
                    },
                );
                None
            } else {
                cx.size = size;
                Some(Board {
                    rows: rows.value as u16,
                    cols: cols.value as u16,
                    numbering: *numbering,
                    gaps: Vec::new(),
                    names: Vec::new(),
                    labels: Vec::new(),
                    marks: Vec::new(),
                })
            }
        }
        _ => {
            cx.missing("what the board is", "board 3 x 10 snake");
            None
        }
    };
    let mut board = board?;
    if let Some((K::Gaps(items), layer, _)) = cx.get("gaps") {
        for (n, span) in item_squares(items) {
            if let Some(s) = cx.square(layer, n, span) {
                board.gaps.push(s);
            }
        }
        cx.gaps = board.gaps.clone();
    }

    // ---- sides and paths ----
    let side_names: Vec<Spanned<String>> = match cx.get("sides") {
        Some((K::Sides(names), layer, span)) => {
            let mut ok = Vec::new();
            for n in names {
                if ok.iter().any(|o: &Spanned<String>| o.value == n.value) {
                    cx.err(
                        layer,
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
                    layer,
                    CheckError::SideCount {
                        span: span.into(),
                        count: ok.len(),
                    },
                );
                return None;
            }
            ok
        }
        _ => {
            cx.missing("who plays: the sides", "sides red, blue");
            return None;
        }
    };
    let sides_layer = cx.get("sides").map(|(_, l, _)| l).unwrap_or(0);
    // Per-side paths for unknown sides.
    for e in &merged.entries {
        if let K::Path { side: Some(s), .. } = &e.stmt.kind
            && !side_names.iter().any(|n| n.value == s.value)
        {
            let help = match did_you_mean(&s.value, side_names.iter().map(|n| n.value.as_str())) {
                Some(x) => format!("did you mean `{x}`?"),
                None => format!(
                    "the sides are `{}` and `{}`",
                    side_names[0].value, side_names[1].value
                ),
            };
            cx.err(
                e.layer,
                CheckError::UnknownSide {
                    span: s.span.clone().into(),
                    name: s.value.clone(),
                    help,
                },
            );
        }
    }
    let mut sides = Vec::new();
    for name in &side_names {
        let entry = cx
            .get(&format!("path {}", name.value))
            .or_else(|| cx.get("path"));
        let Some((K::Path { items, .. }, layer, _)) = entry else {
            cx.err(
                sides_layer,
                CheckError::NoPath {
                    span: name.span.clone().into(),
                    side: name.value.clone(),
                },
            );
            continue;
        };
        let mut path: Vec<Square> = Vec::new();
        let mut spans: Vec<&Span> = Vec::new();
        let mut ok = true;
        for (n, span) in item_squares(items) {
            let Some(sq) = cx.square(layer, n, span) else {
                ok = false;
                continue;
            };
            if let Some(i) = path.iter().position(|&p| p == sq) {
                cx.err(
                    layer,
                    CheckError::PathRepeats {
                        span: span.clone().into(),
                        first: spans[i].clone().into(),
                        square: n,
                    },
                );
                ok = false;
                continue;
            }
            if let Some(&prev) = path.last()
                && !adjacent(&board, prev, sq)
            {
                cx.err(
                    layer,
                    CheckError::PathJumps {
                        span: span.clone().into(),
                        from: prev as u32,
                        to: n,
                    },
                );
                ok = false;
            }
            path.push(sq);
            spans.push(span);
        }
        if ok {
            sides.push(Side {
                name: name.value.clone(),
                colour: String::new(),
                path,
            });
        }
    }
    if sides.len() != 2 {
        return None;
    }
    cx.sides = sides;

    // Colours: a side named after a colour takes it unless told otherwise.
    for i in 0..2 {
        let name = cx.sides[i].name.clone();
        let default = if COLOURS.contains(&name.as_str()) {
            name.clone()
        } else {
            ["yellow", "cyan"][i].to_string()
        };
        cx.sides[i].colour = default;
        if let Some((K::Colour { colour, .. }, layer, _)) = cx.get(&format!("colour {name}")) {
            if COLOURS.contains(&colour.value.as_str()) {
                cx.sides[i].colour = colour.value.clone();
            } else {
                let help = match did_you_mean(&colour.value, COLOURS.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!("the colours are {}", COLOURS.join(", ")),
                };
                cx.err(
                    layer,
                    CheckError::UnknownColour {
                        span: colour.span.clone().into(),
                        name: colour.value.clone(),
                        help,
                    },
                );
            }
        }
    }
    for e in &merged.entries {
        if let K::Colour { side, .. } = &e.stmt.kind {
            cx.side(e.layer, side);
        }
    }

    // ---- names, labels, marks ----
    for e in &merged.entries {
        match &e.stmt.kind {
            K::Name { square, text } => {
                if let Some(s) = cx.square(e.layer, square.value, &square.span)
                    && let Some(t) = text
                {
                    board.names.push((s, t.clone()));
                }
            }
            K::Label { square, text } => {
                if let Some(s) = cx.square(e.layer, square.value, &square.span)
                    && let Some(t) = text
                {
                    board.labels.push((s, t.clone()));
                }
            }
            _ => {}
        }
    }
    if let Some((K::Marks(set), layer, _)) = cx.get("marks") {
        board.marks = cx.squares(layer, set);
    }

    // ---- pieces and layout ----
    let pieces = match cx.get("pieces") {
        Some((K::Pieces(n), layer, _)) => {
            if n.value == 0 || n.value > MAX_PIECES {
                cx.err(
                    layer,
                    CheckError::Limit {
                        span: n.span.clone().into(),
                        what: format!("{} pieces a side is out of range", n.value),
                        help: format!("a side has 1 to {MAX_PIECES} pieces"),
                    },
                );
                None
            } else {
                Some(n.value as u8)
            }
        }
        _ => {
            cx.missing("how many pieces each side has", "pieces 5 each");
            None
        }
    };
    let start = match (cx.get("start"), pieces) {
        (Some((K::Start(spec), layer, span)), Some(pieces)) => {
            start(&mut cx, layer, &span, spec, pieces)
        }
        (None, _) => {
            cx.missing("where the pieces start", "start alternating from 1");
            None
        }
        _ => None,
    };
    let first = match cx.get("first") {
        Some((K::First(name), layer, _)) => cx.side(layer, name).unwrap_or(0),
        _ => 0,
    };

    // ---- throws and turns ----
    let throw = match cx.get("throw") {
        Some((K::Throw(spec), layer, span)) => throw(&mut cx, layer, &span, spec),
        _ => {
            cx.missing(
                "how the throw is made",
                "throw 4 sticks: 0 -> 5, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4",
            );
            None
        }
    };
    let device = throw.clone();
    let values = |cx: &mut Ctx, layer: usize, list: &[Spanned<u32>]| -> Vec<u8> {
        let mut out: Vec<u8> = list
            .iter()
            .filter_map(|v| cx.throw_value(layer, device.as_ref(), v))
            .collect();
        out.sort();
        out.dedup();
        out
    };
    let extra_after = match cx.get("extra throw after") {
        Some((K::ExtraAfter(list), layer, _)) => values(&mut cx, layer, list),
        _ => Vec::new(),
    };
    let extra_on = match cx.get("extra throw on") {
        Some((K::ExtraOn(set), layer, _)) => cx.squares(layer, set),
        _ => Vec::new(),
    };
    let turn = match cx.get("turn") {
        Some((K::Turn(ast::TurnSpec::AccumulateThenSplit { again }), layer, span)) => {
            let again = values(&mut cx, layer, again);
            if let Some(d) = &device
                && d.distribution().iter().all(|(v, _)| again.contains(v))
            {
                cx.err(
                    layer,
                    CheckError::Contradiction {
                        span: span.into(),
                        what: "every throw gives another throw: the turn would never end".into(),
                        label: "no throw ends the turn".into(),
                        help: "leave at least one throw value out of the list".into(),
                    },
                );
            }
            Turn::AccumulateThenSplit { again }
        }
        _ => Turn::ThrowThenMove,
    };
    let enter = match cx.get("enter") {
        Some((K::Enter(Some(spec)), layer, _)) => {
            let throws = spec.throws.as_ref().map(|t| values(&mut cx, layer, t));
            let onto = match &spec.onto {
                ast::EnterOnto::Throw => EnterOnto::Throw,
                ast::EnterOnto::Position(p) => {
                    EnterOnto::Position(cx.position(layer, p.value, &p.span).unwrap_or(1))
                }
            };
            Some(Enter {
                throws,
                onto,
                if_empty: spec.if_empty,
            })
        }
        _ => None,
    };
    if let (Some(Start::Waiting), None) = (&start, &enter)
        && let Some((_, layer, span)) = cx.get("start")
    {
        cx.err(
            layer,
            CheckError::Contradiction {
                span: span.into(),
                what: "the pieces start waiting, but no rule lets them enter".into(),
                label: "pieces start off the board".into(),
                help: "add a line such as `enter onto throw`".into(),
            },
        );
    }

    // ---- landing ----
    let capture = match cx.get("capture") {
        Some((K::Capture(spec), layer, _)) => match spec {
            ast::CaptureSpec::None => Capture::None,
            ast::CaptureSpec::Swap => Capture::Swap,
            ast::CaptureSpec::Removed => Capture::Removed,
            ast::CaptureSpec::ToWaiting => Capture::ToWaiting,
            ast::CaptureSpec::To(d) => cx
                .destination(layer, d)
                .map(Capture::To)
                .unwrap_or(Capture::None),
        },
        _ => Capture::None,
    };
    let protect_pairs = matches!(cx.get("protect"), Some((K::Protect(true), _, _)));
    let safe = match cx.get("safe") {
        Some((K::Safe(set), layer, _)) => cx.squares(layer, set),
        _ => Vec::new(),
    };
    let blockade = match cx.get("blockade") {
        Some((K::Blockade(Some(n)), layer, _)) => {
            if n.value < 2 || pieces.is_some_and(|p| n.value > p as u32) {
                let hi = pieces.unwrap_or(MAX_PIECES as u8);
                cx.out_of_range(
                    layer,
                    &n.span,
                    format!(
                        "a blockade of {} piece{} cannot be formed",
                        n.value,
                        if n.value == 1 { "" } else { "s" }
                    ),
                    "out of range",
                    format!("a blockade is 2 to {hi} pieces in a row"),
                );
                None
            } else {
                Some(n.value as u8)
            }
        }
        _ => None,
    };
    let stop = match cx.get("stop") {
        Some((K::Stop(set), layer, _)) => cx.squares(layer, set),
        _ => Vec::new(),
    };
    let backward = matches!(cx.get("backward"), Some((K::Backward(true), _, _)));
    let priority = match cx.get("priority") {
        Some((K::Priority(set), layer, _)) => cx.positions(layer, set),
        _ => vec![Vec::new(); 2],
    };

    // ---- opening ----
    let seats = match cx.get("seats") {
        Some((K::Seats(Some(spec)), layer, _)) => {
            let until = values(&mut cx, layer, std::slice::from_ref(&spec.until));
            match (until.first(), cx.side(layer, &spec.side)) {
                (Some(&until), Some(side)) => Some(Seats { until, side }),
                _ => None,
            }
        }
        _ => None,
    };
    let first = match (cx.get("first"), &seats) {
        (None, Some(s)) => s.side,
        _ => first,
    };
    let mut opening = vec![None, None];
    for e in &merged.entries {
        let K::Opening { side, rule } = &e.stmt.kind else {
            continue;
        };
        let Some(i) = cx.side(e.layer, side) else {
            continue;
        };
        let Some(rule) = rule else { continue };
        if matches!(start, Some(Start::Waiting)) {
            cx.err(
                e.layer,
                CheckError::Contradiction {
                    span: e.stmt.span.clone().into(),
                    what: "an opening move needs pieces on the board, but they start waiting"
                        .into(),
                    label: "no front piece to move".into(),
                    help: "remove the opening rule, or start the pieces on the board".into(),
                },
            );
            continue;
        }
        opening[i] = Some(match rule {
            ast::OpeningRule::FirstMoveWithFrontPiece => Opening::FirstMoveWithFrontPiece,
            ast::OpeningRule::FrontPieceMoves { steps, throw_again } => {
                if steps.value == 0 || steps.value > MAX_THROW_VALUE {
                    cx.out_of_range(
                        e.layer,
                        &steps.span,
                        format!("an opening move of {} squares", steps.value),
                        "out of range",
                        format!("write 1 to {MAX_THROW_VALUE}"),
                    );
                }
                Opening::FrontPieceMoves {
                    steps: steps.value.min(MAX_THROW_VALUE) as u8,
                    throw_again: *throw_again,
                }
            }
        });
    }

    // ---- square effects ----
    let mut effects: Vec<(SquareEffect, usize, Span)> = Vec::new();
    for e in &merged.entries {
        let K::SquareEffect { square, effect } = &e.stmt.kind else {
            continue;
        };
        let Some(sq) = cx.path_square(e.layer, square.value, &square.span) else {
            continue;
        };
        let Some(dest) = effect else { continue };
        if let Some(to) = cx.destination(e.layer, dest) {
            effects.push((
                SquareEffect { square: sq, to },
                e.layer,
                square.span.clone(),
            ));
        }
    }
    for (eff, layer, span) in &effects {
        let mut chain = vec![eff.square];
        let mut at = eff.to.square;
        loop {
            if at == eff.square {
                // Report each loop once, from its lowest square.
                if chain.iter().any(|&s| s < eff.square) {
                    break;
                }
                chain.push(at);
                let text = chain
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" -> ");
                cx.err(
                    *layer,
                    CheckError::EffectLoop {
                        span: span.clone().into(),
                        chain: text,
                    },
                );
                break;
            }
            if chain.contains(&at) {
                break; // a loop that does not pass through this square: reported from its own squares
            }
            chain.push(at);
            match effects.iter().find(|(e, _, _)| e.square == at) {
                Some((next, _, _)) => at = next.to.square,
                None => break,
            }
        }
    }
    let effects: Vec<SquareEffect> = effects.into_iter().map(|(e, _, _)| e).collect();

    // ---- bearing off ----
    let bear_off = match cx.get("bear off") {
        Some((K::BearOff(ast::BearOffSpec::Exact { from }), layer, _)) => Some(BearOff::Exact {
            from: from.as_ref().map(|set| cx.positions(layer, set)),
        }),
        Some((K::BearOff(ast::BearOffSpec::Table(rows)), layer, _)) => {
            let mut table = vec![Vec::new(); 2];
            for (square, throws) in rows {
                let vals = values(&mut cx, layer, throws);
                let Some(sq) = cx.path_square(layer, square.value, &square.span) else {
                    continue;
                };
                for (i, side) in cx.sides.iter().enumerate() {
                    if let Some(p) = side.position_of(sq) {
                        table[i].push((p, vals.clone()));
                    }
                }
            }
            Some(BearOff::Table(table))
        }
        _ => {
            cx.missing("how pieces bear off", "bear off exact");
            None
        }
    };
    let bear_when = match cx.get("bear off only when") {
        Some((K::BearWhen(ast::BearWhen::AllOn(set)), layer, _)) => {
            BearWhen::AllOn(cx.positions(layer, set))
        }
        Some((K::BearWhen(ast::BearWhen::NoneOn(set)), layer, _)) => {
            BearWhen::NoneOn(cx.positions(layer, set))
        }
        _ => BearWhen::Always,
    };

    let only_bear_off = match cx.get("only bear off from") {
        Some((K::OnlyBearOff(set), layer, _)) => cx.positions(layer, set),
        _ => vec![Vec::new(); 2],
    };

    // ---- end and scoring ----
    let win = match cx.get("win") {
        Some((K::Win(w), _, _)) => Some(match w {
            ast::WinSpec::FirstAllOff => Win::FirstAllOff,
            ast::WinSpec::MostBorneOff => Win::MostBorneOff,
        }),
        _ => {
            cx.missing("who wins", "win first to bear off all");
            None
        }
    };
    let end = match cx.get("end") {
        Some((K::End(e), layer, span)) => {
            if win == Some(Win::FirstAllOff) && *e == ast::EndSpec::Decided {
                cx.err(
                    layer,
                    CheckError::Contradiction {
                        span: span.into(),
                        what: "`end when decided` has no meaning when the first side to bear off all wins".into(),
                        label: "the game is decided only when it ends".into(),
                        help: "use it with `win most borne off`, or remove it".into(),
                    },
                );
            }
            match e {
                ast::EndSpec::Decided => End::Decided,
                ast::EndSpec::BoardEmpty => End::BoardEmpty,
            }
        }
        _ => End::BoardEmpty,
    };
    let mut match_points = Vec::new();
    if let Some((K::MatchPoints(rows), layer, _)) = cx.get("match points") {
        for (items, points) in rows {
            let squares: Vec<Square> = item_squares(items)
                .filter_map(|(n, span)| cx.square(layer, n, span))
                .collect();
            match_points.push((squares, points.value));
        }
    }

    // ---- header ----
    let leaf = cx.leaf();
    let id = layers[leaf].id();
    let title = match cx.get("title") {
        Some((K::Title(t), _, _)) => t.clone(),
        _ => id.clone(),
    };
    let rules = merged
        .entries
        .iter()
        .filter(|e| !matches!(e.stmt.kind, K::Ruleset(_) | K::Title(_) | K::Extends(_)))
        .map(|e| RuleInfo {
            key: e.key.clone(),
            text: describe(&e.stmt.kind),
            origin: layers[e.layer].id(),
            note: e.stmt.note.as_ref().map(|n| (n.kind, n.text.clone())),
        })
        .collect();
    let extends = layers[..leaf].iter().rev().map(Layer::id).collect();

    if cx.diags.len() > before {
        return None;
    }
    let sides = cx.sides;
    Some(RuleSet {
        id,
        title,
        sources: merged.sources.clone(),
        extends,
        options,
        board,
        sides,
        pieces: pieces?,
        start: start?,
        first,
        throw: throw?,
        extra_after,
        extra_on,
        turn,
        enter,
        capture,
        protect_pairs,
        safe,
        blockade,
        stop,
        backward,
        priority,
        seats,
        opening,
        effects,
        bear_off: bear_off?,
        bear_when,
        only_bear_off,
        win: win?,
        end,
        match_points,
        rules,
        hash: String::new(),
    })
}

/// Whether two squares touch across a side of a cell (not diagonally).
fn adjacent(board: &Board, a: Square, b: Square) -> bool {
    let cell = |s: Square| -> (i32, i32) {
        for r in 0..board.rows {
            for c in 0..board.cols {
                if board.square_at(r, c) == s {
                    return (r as i32, c as i32);
                }
            }
        }
        (-100, -100)
    };
    let (ra, ca) = cell(a);
    let (rb, cb) = cell(b);
    (ra - rb).abs() + (ca - cb).abs() == 1
}

fn start(
    cx: &mut Ctx,
    layer: usize,
    span: &Span,
    spec: &ast::StartSpec,
    pieces: u8,
) -> Option<Start> {
    match spec {
        ast::StartSpec::Waiting => Some(Start::Waiting),
        ast::StartSpec::Alternating(from) => {
            let sq = cx.path_square(layer, from.value, &from.span)?;
            let mut per_side = vec![Vec::new(); 2];
            for (i, side) in cx.sides.iter().enumerate() {
                let Some(p) = side.position_of(sq) else {
                    continue;
                };
                for k in 0..pieces as usize {
                    per_side[i].push(p as usize + i + 2 * k);
                }
            }
            let need = per_side.iter().flatten().copied().max().unwrap_or(0);
            if need > cx.path_len() || per_side.iter().any(Vec::is_empty) {
                cx.err(
                    layer,
                    CheckError::LayoutCount {
                        span: span.clone().into(),
                        side: cx.sides[1].name.clone(),
                        found: (cx.path_len() + 1).saturating_sub(from.value as usize) / 2,
                        expected: pieces as u32,
                        help: format!(
                            "alternating from square {} needs {} squares of path",
                            from.value,
                            2 * pieces as usize
                        ),
                    },
                );
                return None;
            }
            Some(Start::OnBoard(
                per_side
                    .into_iter()
                    .map(|v| v.into_iter().map(|p| p as Pos).collect())
                    .collect(),
            ))
        }
        ast::StartSpec::Explicit(list) => {
            let mut per_side: Vec<Option<Vec<Pos>>> = vec![None, None];
            let mut taken: Vec<(Square, Span)> = Vec::new();
            let mut ok = true;
            for (name, items) in list {
                let Some(i) = cx.side(layer, name) else {
                    ok = false;
                    continue;
                };
                let mut positions = Vec::new();
                for (n, sp) in item_squares(items) {
                    let Some(sq) = cx.square(layer, n, sp) else {
                        ok = false;
                        continue;
                    };
                    if let Some((_, first)) = taken.iter().find(|(s, _)| *s == sq) {
                        cx.err(
                            layer,
                            CheckError::LayoutOverlap {
                                span: sp.clone().into(),
                                first: first.clone().into(),
                                square: n,
                            },
                        );
                        ok = false;
                        continue;
                    }
                    taken.push((sq, sp.clone()));
                    match cx.sides[i].position_of(sq) {
                        Some(p) => positions.push(p),
                        None => {
                            let side = cx.sides[i].name.clone();
                            cx.err(
                                layer,
                                CheckError::LayoutOffPath {
                                    span: sp.clone().into(),
                                    square: n,
                                    side,
                                },
                            );
                            ok = false;
                        }
                    }
                }
                let found = item_squares(items).count();
                if found != pieces as usize {
                    let side = cx.sides[i].name.clone();
                    let first = items
                        .first()
                        .map(|i| i.span.start)
                        .unwrap_or(name.span.start);
                    let last = items.last().map(|i| i.span.end).unwrap_or(name.span.end);
                    cx.err(
                        layer,
                        CheckError::LayoutCount {
                            span: (first..last).into(),
                            side,
                            found,
                            expected: pieces as u32,
                            help: format!("list exactly {pieces} squares, or change `pieces`"),
                        },
                    );
                    ok = false;
                }
                per_side[i] = Some(positions);
            }
            for (i, p) in per_side.iter().enumerate() {
                if p.is_none() && ok {
                    let side = cx.sides[i].name.clone();
                    cx.err(
                        layer,
                        CheckError::LayoutCount {
                            span: span.clone().into(),
                            side: side.clone(),
                            found: 0,
                            expected: pieces as u32,
                            help: format!("add `; {side} on ...` with {pieces} squares"),
                        },
                    );
                    ok = false;
                }
            }
            ok.then(|| {
                Start::OnBoard(
                    per_side
                        .into_iter()
                        .map(Option::unwrap_or_default)
                        .collect(),
                )
            })
        }
    }
}

fn throw(cx: &mut Ctx, layer: usize, span: &Span, spec: &ast::ThrowSpec) -> Option<ThrowDevice> {
    match spec {
        ast::ThrowSpec::Die { faces } => {
            if faces.value < 2 || faces.value > MAX_DIE_FACES {
                cx.out_of_range(
                    layer,
                    &faces.span,
                    format!("a die with {} faces", faces.value),
                    "out of range",
                    format!("a die has 2 to {MAX_DIE_FACES} faces"),
                );
                return None;
            }
            Some(ThrowDevice::Die {
                faces: faces.value as u8,
            })
        }
        ast::ThrowSpec::Sticks { count, table } => {
            if count.value == 0 || count.value > MAX_STICKS {
                cx.out_of_range(
                    layer,
                    &count.span,
                    format!("{} throwing sticks", count.value),
                    "out of range",
                    format!("throw 1 to {MAX_STICKS} sticks"),
                );
                return None;
            }
            let n = count.value;
            let mut values: Vec<Option<(u8, Span)>> = vec![None; n as usize + 1];
            let mut ok = true;
            for (c, v) in table {
                if c.value > n {
                    cx.err(
                        layer,
                        CheckError::ThrowCountOutOfRange {
                            span: c.span.clone().into(),
                            count: c.value,
                            sticks: n,
                        },
                    );
                    ok = false;
                    continue;
                }
                if v.value > MAX_THROW_VALUE {
                    cx.out_of_range(
                        layer,
                        &v.span,
                        format!("a throw value of {}", v.value),
                        "too large",
                        format!("throw values run from 0 to {MAX_THROW_VALUE}"),
                    );
                    ok = false;
                    values[c.value as usize] = Some((0, c.span.clone()));
                    continue;
                }
                if let Some((_, first)) = &values[c.value as usize] {
                    cx.err(
                        layer,
                        CheckError::ThrowTableRepeats {
                            span: c.span.clone().into(),
                            first: first.clone().into(),
                            count: c.value,
                        },
                    );
                    ok = false;
                    continue;
                }
                values[c.value as usize] = Some((v.value as u8, c.span.clone()));
            }
            for (k, v) in values.iter().enumerate() {
                if v.is_none() {
                    cx.err(
                        layer,
                        CheckError::ThrowTableMissing {
                            span: span.clone().into(),
                            count: k as u32,
                            sticks: n,
                            help: format!("add `{k} -> VALUE` to the table"),
                        },
                    );
                    ok = false;
                }
            }
            ok.then(|| ThrowDevice::Sticks {
                count: n as u8,
                values: values.into_iter().map(|v| v.unwrap().0).collect(),
            })
        }
    }
}
