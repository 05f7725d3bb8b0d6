//! What a word means: a keyword's entry in the reference, a square's name, marks, effects and
//! place on each side's path, an `extends` target's title and sources.

use super::reference::{REFERENCE, Reference};
use super::{Analysis, contains, line_bounds};
use senet_lang::check::RuleSet;
use senet_lang::check::load::find_extended;
use senet_lang::lang::syntax::*;
use senet_lang::lang::tokens::{TokenKind, line_tokens};
use senet_lang::types::{Capture, Fallback, PathPos, Side, Square};

/// Text (Markdown) about the word at a span of the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub span: Span,
    pub markdown: String,
}

impl Analysis {
    /// What the word at `offset` means, if anything is known of it.
    pub fn hover(&self, offset: usize) -> Option<Hover> {
        let text = self.text();
        let (start, end) = line_bounds(text, offset);
        let tokens = line_tokens(&text[start..end], start)?;
        let token = tokens
            .iter()
            .find(|t| t.span.start <= offset && offset < t.span.end)
            .or_else(|| tokens.iter().find(|t| t.span.end == offset))?;
        let stmt = self.statement_at(offset)?;
        let markdown = match token.kind {
            TokenKind::Keyword => {
                let (form, text) = keyword_entry(&REFERENCE, stmt, token.span.start)?;
                format!("**{form}**\n\n{text}")
            }
            TokenKind::Number => {
                let n: u32 = text[token.span.clone()].parse().ok()?;
                let rules = self.rules()?;
                match place_kind(stmt, token.span.start)? {
                    Place::Square => square(rules, n)?,
                    Place::Position => position(rules, n)?,
                }
            }
            TokenKind::String => match &stmt.kind {
                StatementKind::Extends(t) if contains(&t.span, offset) => {
                    self.extended(&t.value)?
                }
                _ => return None,
            },
            _ => return None,
        };
        Some(Hover {
            span: token.span.clone(),
            markdown,
        })
    }

    /// The title and sources of the rule set `extends "target"` names.
    fn extended(&self, target: &str) -> Option<String> {
        let (file, origin) = find_extended(target, &self.document().origin)?;
        let dir = match &origin {
            senet_lang::check::load::Origin::Path(p) => {
                p.parent().map(std::path::Path::to_path_buf)
            }
            _ => None,
        };
        let mut out = match senet_lang::check::check_text(&file.name, &file.text, dir, &[]) {
            Ok(rules) => {
                let mut out = format!("**{}**: {}", rules.id, rules.title);
                for s in &rules.sources {
                    out.push_str(&format!("\n- {s}"));
                }
                out
            }
            Err(_) => format!("**{target}** (it has errors: `senet check` lists them)"),
        };
        if let senet_lang::check::load::Origin::Path(p) = origin {
            out.push_str(&format!("\n\n{}", p.display()));
        }
        Some(out)
    }
}

/// The reference entry for the keyword at `at` in a statement, as its form and its text:
/// `when`, an event rule's trigger or effect, else the statement's own.
fn keyword_entry<'r>(
    reference: &'r Reference,
    stmt: &Statement,
    at: usize,
) -> Option<(&'r str, String)> {
    if at < stmt.span.start {
        let when = reference.when.as_ref()?;
        return Some((&when.form, when.text.clone()));
    }
    if let StatementKind::On {
        trigger,
        condition,
        effects,
    } = &stmt.kind
    {
        let effect = effects.iter().find(|e| contains(&e.span, at));
        // `on TRIGGER: none` has no effect but its `none`, after the trigger and condition.
        let none = effects.is_empty()
            && at >= trigger.span.end
            && condition.as_ref().is_none_or(|c| at >= c.span.end);
        if effect.is_some() || none {
            let form = effect.map_or("`none`", |e| e.value.form());
            let e = reference.effects.iter().find(|e| e.form == form)?;
            return Some((&e.form, format!("After {}: {}", e.with, e.text)));
        }
        let form = trigger.value.form();
        let t = reference.triggers.iter().find(|t| t.form == form)?;
        return Some((
            &t.form,
            format!(
                "An event rule (`on TRIGGER: EFFECT, ...`) that fires when {}",
                t.text
            ),
        ));
    }
    let form = stmt.kind.form();
    let entry = reference.statements.iter().find(|e| e.form == form)?;
    Some((&entry.form, entry.text.clone()))
}

/// What a number of a statement stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Square,
    Position,
}

/// Whether the number at `at` names a square or a path position, by where it stands.
fn place_kind(stmt: &Statement, at: usize) -> Option<Place> {
    let mut spans: Vec<(Span, Place)> = Vec::new();
    let mut items = |list: &[Item], place: Place| {
        spans.extend(list.iter().map(|i| (i.span.clone(), place)));
    };
    fn set_items(set: &SetExpr) -> Option<(&[Item], Place)> {
        match set {
            SetExpr::None => None,
            SetExpr::Squares(i) => Some((i, Place::Square)),
            SetExpr::Positions(i) => Some((i, Place::Position)),
        }
    }
    let mut sets: Vec<&SetExpr> = Vec::new();
    let mut squares: Vec<&Spanned<u32>> = Vec::new();
    let mut positions: Vec<&Spanned<u32>> = Vec::new();
    use StatementKind as K;
    match &stmt.kind {
        K::Gaps(list) => items(list, Place::Square),
        K::Name { square, .. } | K::Label { square, .. } => squares.push(square),
        K::Marks(s)
        | K::ExtraOn(s)
        | K::Safe(s)
        | K::Stop(s)
        | K::Priority(s)
        | K::AheadEmpty(s)
        | K::Together(s)
        | K::NoPassing(s)
        | K::StopAndGo(s)
        | K::NoBackwardFrom(s)
        | K::NoneWaits(s)
        | K::OnlyPiecesOn(s, _)
        | K::OnlyBearOff(s) => sets.push(s),
        K::Draw { squares: s, .. } => items(std::slice::from_ref(s), Place::Square),
        K::Path { items: list, .. } => items(list, Place::Square),
        K::Start(StartSpec::Explicit(sides, _)) => {
            for (_, list) in sides {
                items(list, Place::Square);
            }
        }
        K::Start(StartSpec::Alternating(n)) => positions.push(n),
        K::Capture(CaptureSpec::To(d)) => squares.push(d.square()),
        K::SquareEffect { square, effect } => {
            squares.push(square);
            if let Some(d) = effect {
                squares.push(d.square());
            }
        }
        K::BearOff(
            BearOffSpec::Exact { from: Some(s), .. } | BearOffSpec::Past { from: Some(s) },
        ) => {
            sets.push(s);
        }
        K::BearOff(BearOffSpec::Table(rows)) => {
            for (place, _) in rows {
                if place.positions {
                    positions.push(&place.number);
                } else {
                    squares.push(&place.number);
                }
            }
        }
        K::BearWhen(BearWhen::AllOn(s) | BearWhen::NoneOn(s)) => sets.push(s),
        K::Retreat(Some((s, to))) => {
            sets.push(s);
            squares.push(to);
        }
        K::Score(Some(ScoreSpec::Gammon {
            backgammon: Some((_, s)),
            ..
        })) => sets.push(s),
        K::MatchPoints(rows) => {
            for (list, _) in rows {
                items(list, Place::Square);
            }
        }
        K::On {
            trigger,
            condition,
            effects,
        } => {
            match &trigger.value {
                Trigger::Capture(Some(s)) | Trigger::Landing(s, _) | Trigger::Passing(s) => {
                    sets.push(s);
                }
                _ => {}
            }
            if let Some(Spanned {
                value: EventCondition::Pieces { set, .. },
                ..
            }) = condition
            {
                sets.push(set);
            }
            for e in effects {
                match &e.value {
                    Effect::GoTo { to, .. }
                    | Effect::MayGoTo { to, .. }
                    | Effect::Captured(CapturedPlace::To(to)) => squares.push(to.square()),
                    Effect::OnlyPiecesOn(s) => sets.push(s),
                    _ => {}
                }
            }
        }
        _ => {}
    }
    for set in sets {
        if let Some((list, place)) = set_items(set) {
            items(list, place);
        }
    }
    spans.extend(squares.into_iter().map(|s| (s.span.clone(), Place::Square)));
    spans.extend(
        positions
            .into_iter()
            .map(|s| (s.span.clone(), Place::Position)),
    );
    spans
        .into_iter()
        .find(|(span, _)| span.start <= at && at < span.end)
        .map(|(_, place)| place)
}

/// Square `n` of a rule set: its name and label, its mark, where each side's path passes
/// it, and what the rules do there.
fn square(rules: &RuleSet, n: u32) -> Option<String> {
    let sq = Square::new(n).filter(|s| s.index() < rules.board.size())?;
    let mut out = format!("**Square {n}**");
    if let Some(name) = rules.board.name(sq) {
        out.push_str(&format!(": {name}"));
    }
    let mut lines = Vec::new();
    if rules.board.is_gap(sq) {
        lines.push("a gap: not part of the board".to_string());
    }
    if let Some(label) = rules.board.label(sq) {
        lines.push(format!("labelled `{label}`"));
    }
    if rules.board.marks.contains(&sq) {
        lines.push("marked".into());
    }
    for (side, r) in rules.sides.iter() {
        let positions: Vec<String> = r.positions_of(sq).map(|p| p.to_string()).collect();
        lines.push(if positions.is_empty() {
            format!("not on {}'s path", r.name)
        } else {
            format!(
                "{}'s path: position {} of {}",
                r.name,
                positions.join(" and "),
                r.path.len()
            )
        });
        let at = |list: &[PathPos]| r.positions_of(sq).any(|p| list.contains(&p));
        let mut facts = Vec::new();
        if at(&rules.safe[side]) {
            facts.push("safe");
        }
        if at(&rules.extra_on[side]) {
            facts.push("throws again");
        }
        if at(&rules.stop[side]) {
            facts.push("cannot be passed over");
        }
        if at(&rules.priority[side]) {
            facts.push("its pieces move first");
        }
        if rules.to_waiting[side].contains(&sq) {
            facts.push("sends the piece back to waiting");
        }
        if rules.to_removed[side].contains(&sq) {
            facts.push("takes the piece out of the game");
        }
        if !facts.is_empty() {
            lines.push(format!("for {}: {}", r.name, facts.join(", ")));
        }
    }
    for e in rules.effects.iter().filter(|e| e.square == sq) {
        let whose = e
            .side
            .map_or(String::new(), |s| format!(" of {}", rules.sides[s].name));
        let may = if e.may { "may go" } else { "goes" };
        lines.push(format!(
            "a piece{whose} ending its move here {may} to {}",
            destination(e.to.square, e.to.fallback)
        ));
    }
    for t in rules.passing.iter().filter(|t| t.square == sq) {
        lines.push(format!(
            "a forward move over it ends on {} instead",
            destination(t.to.square, t.to.fallback)
        ));
    }
    for (at, capture) in rules.captured_at.iter().filter(|(s, _)| *s == sq) {
        if let Capture::To(d) = capture {
            lines.push(format!(
                "a piece captured on {at} goes to {}",
                destination(d.square, d.fallback)
            ));
        }
    }
    for line in lines {
        out.push_str(&format!("\n- {line}"));
    }
    Some(out)
}

fn destination(square: Square, fallback: Fallback) -> String {
    match fallback {
        Fallback::None => format!("square {square}"),
        Fallback::FirstFreeAfter => format!("square {square} (or the first free after it)"),
        Fallback::FirstFreeBefore => format!("square {square} (or the first free before it)"),
    }
}

/// Path position `n` of each side: the square it is.
fn position(rules: &RuleSet, n: u32) -> Option<String> {
    let p = PathPos::new(n)?;
    let lines: Vec<String> = Side::BOTH
        .iter()
        .map(|&s| {
            let r = &rules.sides[s];
            match r.path.get(p.index()) {
                Some(sq) => format!("- for {}: square {sq}", r.name),
                None => format!("- for {}: past the end of its path", r.name),
            }
        })
        .collect();
    Some(format!("**Path position {n}**\n{}", lines.join("\n")))
}
