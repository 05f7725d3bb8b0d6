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
            let form = effect.map_or("`none`", |e| effect_form(&e.value));
            let e = reference.effects.iter().find(|e| e.form == form)?;
            return Some((&e.form, format!("After {}: {}", e.with, e.text)));
        }
        let form = trigger_form(&trigger.value);
        let t = reference.triggers.iter().find(|t| t.form == form)?;
        return Some((
            &t.form,
            format!(
                "An event rule (`on TRIGGER: EFFECT, ...`) that fires when {}",
                t.text
            ),
        ));
    }
    let form = statement_form(&stmt.kind);
    let entry = reference.statements.iter().find(|e| e.form == form)?;
    Some((&entry.form, entry.text.clone()))
}

/// The reference's form for a statement (its first cell in the tables).
fn statement_form(kind: &StatementKind) -> &'static str {
    use StatementKind as K;
    match kind {
        K::Ruleset(_) => "`ruleset \"ID\"`",
        K::Title(_) => "`title \"TEXT\"`",
        K::Source(Some(_)) => "`source \"TEXT\"`",
        K::Source(None) => "`source none`",
        K::Extends(_) => "`extends \"ID-OR-PATH\"`",
        K::Option { .. } => "`option NAME: V1 | V2 ... default V`",
        K::Board {
            numbering: Numbering::Snake,
            ..
        } => "`board ROWS x COLS snake`",
        K::Board { .. } => "`board ROWS x COLS` / `board ROWS x COLS rows`",
        K::Gaps(_) => "`gaps ITEMS`",
        K::Name { .. } => "`name N \"TEXT\"`",
        K::Label { .. } => "`label N \"TEXT\"`",
        K::Marks(_) => "`marks SET`",
        K::Draw { .. } => "`draw SQUARES at ROWS, COLUMNS`",
        K::Path { side: None, .. } => "`path ITEMS`",
        K::Path { looped: true, .. } => "`path SIDE: loop ITEMS`",
        K::Path { breaks, .. } if !breaks.is_empty() => "`path SIDE: ITEMS | ITEMS ...`",
        K::Path { .. } => "`path SIDE: ITEMS`",
        K::Sides(_) => "`sides A, B`",
        K::Colour { .. } => "`colour SIDE: COLOUR`",
        K::Pieces(_) => "`pieces N each`",
        K::Start(StartSpec::Waiting) => "`start waiting`",
        K::Start(StartSpec::Alternating(_)) => "`start alternating from N`",
        K::Start(StartSpec::Explicit(_)) => "`start SIDE on ITEMS; SIDE on ITEMS`",
        K::First {
            throw_off: true, ..
        } => "`first by throw-off, ties to SIDE`",
        K::First { .. } => "`first SIDE`",
        K::Throw(ThrowSpec::Sticks { .. }) => "`throw N sticks: C -> V, ...`",
        K::Throw(ThrowSpec::Die { .. }) => "`throw die N`",
        K::Throw(ThrowSpec::Dice { table: None, .. }) => "`throw dice F, F, ...: sum`",
        K::Throw(ThrowSpec::Dice { .. }) => "`throw dice F, F, ...: A B -> V, ...`",
        K::ExtraAfter(v) if v.is_empty() => "`extra throw after none`",
        K::ExtraAfter(_) => "`extra throw after V, V, ...`",
        K::ExtraOn(SetExpr::None) => "`extra throw on none`",
        K::ExtraOn(_) => "`extra throw on SET`",
        K::FirstMove(_) => "`each piece first moves with V, V, ...`",
        K::FirstMoveOrder(true) => "`each piece first moves after the piece ahead has moved`",
        K::FirstMoveOrder(false) => "`each piece first moves in any order`",
        K::Begin(_) => "`begin with V, V, ...`",
        K::Turn(TurnSpec::ThrowThenMove) => "`turn throw then move`",
        K::Turn(TurnSpec::ThrowThenSplit) => "`turn throw then split`",
        K::Turn(TurnSpec::AccumulateThenSplit { .. }) => {
            "`turn throw again on V, V, ... then split`"
        }
        K::Turn(TurnSpec::AccumulateThenEach { .. }) => {
            "`turn throw again on V, V, ... then move each throw`"
        }
        K::Enter(None) => "`enter none`",
        K::Enter(Some(EnterSpec {
            onto: EnterOnto::Throw,
            ..
        })) => "`enter onto throw`",
        K::Enter(Some(_)) => "`enter with V, V onto N`",
        K::Capture(CaptureSpec::Swap) => "`capture swap`",
        K::Capture(CaptureSpec::Removed) => "`capture removed`",
        K::Capture(CaptureSpec::ToWaiting) => "`capture to waiting`",
        K::Capture(CaptureSpec::To(Destination::Square(_))) => "`capture to N`",
        K::Capture(CaptureSpec::To(_)) => "`capture to first free after N` / `before N`",
        K::Capture(CaptureSpec::None) => "`capture none`",
        K::Protect(true) => "`protect pairs`",
        K::Protect(false) => "`protect none`",
        K::Safe(_) => "`safe SET`",
        K::Blockade(Some(_)) => "`blockade N`",
        K::Blockade(None) => "`blockade none`",
        K::Stop(_) => "`stop on SET`",
        K::Backward(b) if !b.allowed => "`backward never`",
        K::Backward(b) if b.split => "`backward when no forward move, split among pieces`",
        K::Backward(b) if b.onto_empty => "`backward when ... onto empty squares`",
        K::Backward(b) if b.per_piece => "`backward when the piece has no forward move`",
        K::Backward(_) => "`backward when no forward move`",
        K::AheadEmpty(_) => "`pieces on SET move only if the square ahead is empty`",
        K::NoBackwardFrom(_) => "`no backward moves from SET`",
        K::OneDirection(_) => "`one direction each turn`",
        K::Priority(SetExpr::None) => "`priority none`",
        K::Priority(_) => "`priority SET`",
        K::NoPassing(_) => "`no passing on SET`",
        K::StopAndGo(_) => "`pieces may stop on SET and go on`",
        K::ExtraAddUp(true) => "`extra throws add up`",
        K::ExtraAddUp(false) => "`extra throws count once`",
        K::Together(_) => "`pieces on SET move only when all are there`",
        K::OnlyPiecesOn(_) => "`only pieces on SET may move while one is there`",
        K::Seats(Some(_)) => "`seats throw until V, thrower plays SIDE`",
        K::Seats(None) => "`seats none`",
        K::Opening { rule: None, .. } => "`opening SIDE: none`",
        K::Opening {
            rule: Some(OpeningRule::FirstMoveWithFrontPiece),
            ..
        } => "`opening SIDE: first move with front piece`",
        K::Opening {
            rule:
                Some(OpeningRule::FrontPieceMoves {
                    throw_again: true, ..
                }),
            ..
        } => "`opening SIDE: front piece moves N then throw again`",
        K::Opening { .. } => "`opening SIDE: front piece moves N`",
        K::SquareEffect { effect: None, .. } => "`square N: none`",
        K::SquareEffect {
            effect: Some(Destination::Square(_)),
            ..
        } => "`square N: go to M`",
        K::SquareEffect {
            effect: Some(Destination::FirstFreeAfter(_)),
            ..
        } => "`square N: go to first free after M`",
        K::SquareEffect { .. } => "`square N: go to first free before M`",
        K::Retreat(Some(_)) => "`retreat from SET to N`",
        K::Retreat(None) => "`retreat none`",
        K::BearOff(BearOffSpec::Exact { from: None }) => "`bear off exact`",
        K::BearOff(BearOffSpec::Exact { .. }) => "`bear off exact from SET`",
        K::BearOff(BearOffSpec::Past { from: None }) => "`bear off at or past the end`",
        K::BearOff(BearOffSpec::Past { .. }) => "`bear off at or past the end from SET`",
        K::BearOff(BearOffSpec::Table(_)) => "`bear off from N with V, V; from N with V; ...`",
        K::BearWhen(BearWhen::AllOn(_)) => "`bear off only when all on SET`",
        K::BearWhen(BearWhen::NoneOn(_)) => "`bear off only when none on SET`",
        K::BearWhen(BearWhen::Always) => "`bear off always`",
        K::OnlyBearOff(SetExpr::None) => "`only bear off from none`",
        K::OnlyBearOff(_) => "`only bear off from SET`",
        K::Win(WinSpec::FirstAllOff) => "`win first to bear off all`",
        K::Win(WinSpec::MostBorneOff) => "`win most borne off`",
        K::Win(WinSpec::CaptureAll) => "`win by capturing all`",
        K::End(EndSpec::Decided) => "`end when decided`",
        K::End(EndSpec::BoardEmpty) => "`end when board empty`",
        K::MatchPoints(p) if p.is_empty() => "`match points none`",
        K::MatchPoints(_) => "`match points ITEMS: P; ITEMS: P; ...`",
        K::On { trigger, .. } => trigger_form(&trigger.value),
    }
}

fn trigger_form(t: &Trigger) -> &'static str {
    match t {
        Trigger::Capture(None) => "`capture`",
        Trigger::Capture(Some(_)) => "`capture on SET`",
        Trigger::Move(_) => "`move with V, V, ...`",
        Trigger::Pass(_) => "`pass with V, V, ...`",
        Trigger::Landing(_, None) => "`landing on SET`",
        Trigger::Landing(_, Some(_)) => "`landing on SET by SIDE`",
        Trigger::Passing(_) => "`passing SET`",
        Trigger::Retreat => "`retreat`",
        Trigger::Entering => "`entering`",
        Trigger::EachMove => "`each move`",
    }
}

fn effect_form(e: &Effect) -> &'static str {
    match e {
        Effect::ThrowAgain => "`throw again`",
        Effect::MayThrowAgain => "`may throw again`",
        Effect::GoTo {
            capturing: Some(_), ..
        } => "`go to M capturing`",
        Effect::GoTo { stop: true, .. } => "`go to DEST and stop`",
        Effect::GoTo { .. } => "`go to DEST`",
        Effect::GoToWaiting => "`go to waiting`",
        Effect::Removed => "`piece is removed`",
        Effect::MayOther(inner) if matches!(**inner, Effect::GoToWaiting | Effect::Removed) => {
            "`may go to waiting`, `may piece is removed`"
        }
        Effect::MayOther(inner) => effect_form(inner),
        Effect::MayGoTo {
            capturing: Some(_), ..
        } => "`may go to M capturing`",
        Effect::MayGoTo { .. } => "`may go to DEST`",
        Effect::Captured(CapturedPlace::Waiting) => "`captured piece goes to waiting`",
        Effect::Captured(CapturedPlace::To(_)) => "`captured piece goes to DEST`",
        Effect::Captured(CapturedPlace::Removed) => "`captured piece is removed`",
        Effect::EndTurn => "`end turn`",
        Effect::MayEndTurn => "`may end turn`",
        Effect::LoseTurn => "`lose next turn`",
        Effect::MovesNext {
            ignoring_pairs: true,
            ..
        } => "`piece moves next ignoring pairs`",
        Effect::MovesNext {
            or_waiting: true, ..
        } => "`piece moves next or goes back to waiting`",
        Effect::MovesNext { .. } => "`piece moves next`",
        Effect::OnlyPiecesOn(_) => "`only pieces on SET may move`",
    }
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
        | K::OnlyPiecesOn(s)
        | K::OnlyBearOff(s) => sets.push(s),
        K::Draw { squares: s, .. } => items(std::slice::from_ref(s), Place::Square),
        K::Path { items: list, .. } => items(list, Place::Square),
        K::Start(StartSpec::Explicit(sides)) => {
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
        K::BearOff(BearOffSpec::Exact { from: Some(s) } | BearOffSpec::Past { from: Some(s) }) => {
            sets.push(s);
        }
        K::BearOff(BearOffSpec::Table(rows)) => squares.extend(rows.iter().map(|(s, _)| s)),
        K::BearWhen(BearWhen::AllOn(s) | BearWhen::NoneOn(s)) => sets.push(s),
        K::Retreat(Some((s, to))) => {
            sets.push(s);
            squares.push(to);
        }
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
