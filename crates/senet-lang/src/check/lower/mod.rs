//! Lowering: the merged statements turned into a [`RuleSet`], one function per concern, every
//! rule that is out of range, names something unknown or contradicts another reported.
//!
//! [`build`] runs the concerns in the order their rules depend on each other: the board and the
//! paths first (everything else names squares or positions on them), then the sides' layout, the
//! throws and turns, entering and capture, protection, the opening, square effects, bearing off
//! and the end. Each reads its rules through [`Ctx::rule`], which gives the rule a file states or
//! the default of [`super::defaults`], so that a default is written in one place.

mod bear_off;
mod board;
mod effects;
mod end;
mod events;
mod landing;
mod movement;
mod opening;
mod places;
mod sides;
mod stacks;
mod throws;

pub use sides::COLOURS;

use std::borrow::Cow;
use std::collections::HashSet;

use miette::{Diagnostic as _, LabeledSpan, SourceSpan};

use super::defaults::default_statement;
use super::describe::describe;
use super::errors::{
    CheckError, LoopRule, MovesNext, NeverRule, OnBoardRule, OneThrowRule, OutAndBackRule,
    PartsRule, SplitRule, WinPaths,
};
use super::inherited::{Inherited, InheritedRule, override_help};
use super::load::Layer;
use super::merge::{Entry, Merged};
use super::ruleset::{
    BearOff, End, OptionInfo, RuleInfo, RuleSet, SideRules, Turn, TurnTrigger, Win,
};
use crate::lang::diagnostic::primary_label;
use crate::lang::parser::strip_comment_and_note;
use crate::lang::syntax::{RuleKey, Span, StatementKind as K, Trigger};
use crate::lang::{Code, Diagnostic};
use crate::types::{Board, Capture, EnterOnto, PathPos, Side, SideId, Sides, Square, ThrowDevice};

/// A rule in force: as a file states it (with the layer and span of its statement), or its
/// default (the leaf layer, an empty span: a default is never wrong).
pub(super) struct Said<'a> {
    pub kind: Cow<'a, K>,
    pub layer: usize,
    pub span: Span,
}

/// What lowering knows so far, and where its errors go.
pub(super) struct Ctx<'a, 'b> {
    layers: &'a [Layer],
    merged: &'b Merged<'a>,
    diags: &'b mut Vec<Diagnostic>,
    /// Cells of the board; 0 until the board is known.
    size: usize,
    gaps: Vec<Square>,
    /// The sides with their paths, once both are known.
    sides: Option<Sides<SideRules>>,
    /// The squares of shortcuts off the paths, once known: marks may be drawn there.
    shortcut_squares: Vec<Square>,
    /// The throwing device, once known (throw values are checked against it).
    device: Option<ThrowDevice>,
    quiet_missing: bool,
    /// A path had errors and holds only its good squares: what is judged against the paths
    /// (a square on no path, a position past the end) is not reported, since it would only echo
    /// the path's own errors.
    paths_broken: bool,
    /// (file, code, offset, offset of the inherited rule it concerns) of every error reported:
    /// a range of numbers or a shared path checked once per side must not repeat the same error.
    reported: HashSet<(usize, Option<Code>, usize, Option<usize>)>,
}

impl<'a> Ctx<'a, '_> {
    /// Reports `e`, found in a rule of file `layer`. Where the rule is inherited and a later
    /// file brought the error about (by a rule the error is judged against: the board for a
    /// square out of range, the gaps for a gap, ...), the error is shown in that file.
    fn err(&mut self, layer: usize, e: CheckError) {
        self.err_suggesting(layer, e, None);
    }

    /// [`Self::err`], offering to write a word over a span of file `layer` (a "did you mean").
    /// The offer goes with the error where it is shown in that file; an error a later file
    /// brought about is shown there, with how to override the inherited rule instead.
    fn err_suggesting(&mut self, layer: usize, e: CheckError, fix: Option<(Span, String)>) {
        let against = self.judged_against(&e);
        self.report(layer, e, &against, false, fix);
    }

    /// Reports `e`, a rule of file `layer` that contradicts the rules `against`: where a later
    /// file states one of them, at that statement (see [`Self::err_caused`]); where an earlier
    /// file does, with that inherited rule beside it.
    fn err_against(&mut self, layer: usize, e: CheckError, against: &[RuleKey]) {
        self.report(layer, e, against, true, None);
    }

    /// Reports `e`, found in a rule of file `layer` that is judged against the rules `against`
    /// (as [`Self::err`] does by the kind of error): where a later file states one of them, at
    /// that statement.
    fn err_judged(&mut self, layer: usize, e: CheckError, against: &[RuleKey]) {
        self.report(layer, e, against, false, None);
    }

    fn report(
        &mut self,
        layer: usize,
        e: CheckError,
        against: &[RuleKey],
        beside: bool,
        fix: Option<(Span, String)>,
    ) {
        // Of the rules `against` stated after (or before) file `layer`, the one of the latest
        // file: the first of them where that file states several.
        let stated = |later: bool| {
            against
                .iter()
                .filter_map(|k| self.merged.get(k))
                .filter(|c| {
                    if later {
                        c.layer > layer
                    } else {
                        c.layer < layer
                    }
                })
                .fold(None, |best: Option<&Entry>, c| match best {
                    Some(b) if b.layer >= c.layer => Some(b),
                    _ => Some(c),
                })
                .map(|c| (c.layer, c.stmt.span.clone()))
        };
        if let Some(cause) = stated(true) {
            self.err_caused(layer, e, cause);
        } else if let Some(inherited) = stated(false).filter(|_| beside) {
            self.err_beside(layer, e, inherited, true);
        } else {
            let mut d = Diagnostic::new(&self.layers[layer].file, e);
            if let Some((span, word)) = fix {
                d = d.suggesting(span, word);
            }
            self.push(layer, d, None);
        }
    }

    /// Reports `e`, found in an inherited rule of file `layer` and brought about by the
    /// statement `cause` of a later file: at that statement (the one its author edits), with the
    /// inherited rule beside it and how to override it in the help.
    fn err_caused(&mut self, layer: usize, e: CheckError, (at, cause): (usize, Span)) {
        let Some(found) = primary_label(&e) else {
            let d = Diagnostic::new(&self.layers[layer].file, e);
            self.push(layer, d, None);
            return;
        };
        let Some((key, rule)) = self.inherited_rule(layer, found.offset()) else {
            let d = Diagnostic::new(&self.layers[layer].file, e);
            self.push(layer, d, None);
            return;
        };
        let labels: Vec<LabeledSpan> = e.labels().map(Iterator::collect).unwrap_or_default();
        let note = Diagnostic::note(
            &self.layers[layer].file,
            InheritedRule {
                message: format!(
                    "the inherited rule `{key}`, from {}",
                    self.layers[layer].id()
                ),
                labels,
            },
        );
        let d = Diagnostic::new(
            &self.layers[at].file,
            Inherited {
                error: e,
                labels: vec![(
                    cause.into(),
                    format!("conflicts with the inherited `{key}`"),
                )],
                help: rule,
            },
        )
        .with_related(note);
        self.push(at, d, Some(found.offset()));
    }

    /// Reports `e`, found at a statement of file `layer`, that clashes with the rule `first` of
    /// an earlier file: the inherited rule goes with it, and the help says how to override it
    /// (or stays the error's own, with `own_help`).
    fn err_beside(
        &mut self,
        layer: usize,
        e: CheckError,
        (first_layer, first): (usize, Span),
        own_help: bool,
    ) {
        let Some((key, help)) = self.inherited_rule(first_layer, first.start) else {
            let d = Diagnostic::new(&self.layers[layer].file, e);
            self.push(layer, d, None);
            return;
        };
        let labels = e
            .labels()
            .map(|ls| {
                ls.map(|l| (*l.inner(), l.label().unwrap_or_default().to_string()))
                    .collect()
            })
            .unwrap_or_default();
        let note = Diagnostic::note(
            &self.layers[first_layer].file,
            InheritedRule {
                message: format!(
                    "the inherited rule `{key}`, from {}",
                    self.layers[first_layer].id()
                ),
                labels: vec![LabeledSpan::new_with_span(
                    Some("the inherited rule".into()),
                    first.clone(),
                )],
            },
        );
        let help = match e.help() {
            Some(own) if own_help => own.to_string(),
            _ => help,
        };
        let d = Diagnostic::new(
            &self.layers[layer].file,
            Inherited {
                error: e,
                labels,
                help,
            },
        )
        .with_related(note);
        self.push(layer, d, Some(first.start));
    }

    /// Two rules that clash, `a` found first and `b` second, each a file and a span: reported
    /// at the later file's rule (with the earlier beside it), or at `b` with `a` as its first
    /// label when one file says both. `error` makes the error at a span, with the first label.
    fn clash(
        &mut self,
        a: (usize, Span),
        b: (usize, Span),
        error: impl FnOnce(Span, Option<Span>) -> CheckError,
    ) {
        if a.0 == b.0 {
            let e = error(b.1, Some(a.1));
            self.err(b.0, e);
        } else {
            let (later, earlier) = if a.0 > b.0 { (a, b) } else { (b, a) };
            let e = error(later.1, None);
            self.err_beside(later.0, e, earlier, false);
        }
    }

    /// The statement in force of file `layer` at byte `offset`.
    fn statement_at(&self, layer: usize, offset: usize) -> Option<&Entry<'a>> {
        self.merged.entries.iter().find(|e| {
            e.layer == layer
                && e.stmt.span.start <= offset
                && offset < e.stmt.span.end.max(e.stmt.span.start + 1)
        })
    }

    /// The key of the statement of file `layer` at byte `offset`.
    fn statement_key(&self, layer: usize, offset: usize) -> Option<RuleKey> {
        self.statement_at(layer, offset).map(|e| e.key.clone())
    }

    /// The key of the statement of file `layer` at byte `offset`, and the help line that says
    /// how a later file overrides it.
    fn inherited_rule(&self, layer: usize, offset: usize) -> Option<(RuleKey, String)> {
        let entry = self.statement_at(layer, offset)?;
        let text = self.layers[layer].file.text.get(entry.stmt.span.clone())?;
        let help = override_help(
            &entry.key,
            &self.layers[layer].id(),
            strip_comment_and_note(text).trim(),
        );
        Some((entry.key.clone(), help))
    }

    fn push(&mut self, layer: usize, d: Diagnostic, inherited: Option<usize>) {
        if self
            .reported
            .insert((layer, d.code(), d.primary_offset(), inherited))
        {
            self.diags.push(d);
        }
    }

    /// The rules an error is judged against, by its kind: a later file that states one of them
    /// brought the error about. Errors that a rule has by itself are judged against none.
    fn judged_against(&self, e: &CheckError) -> Vec<RuleKey> {
        match e {
            CheckError::SquareOutOfRange { .. } | CheckError::PathJumps { .. } => {
                vec![RuleKey::Board]
            }
            CheckError::SquareIsGap { .. } => vec![RuleKey::Gaps],
            CheckError::NotOnPath { .. }
            | CheckError::PositionOutOfRange { .. }
            | CheckError::LayoutOffPath { .. } => self.path_keys(),
            CheckError::UnknownSide { .. } => vec![RuleKey::Sides],
            CheckError::ImpossibleThrow { .. } => vec![RuleKey::Throw],
            CheckError::LayoutCount { .. } => {
                let mut keys = self.path_keys();
                keys.push(RuleKey::Pieces);
                keys
            }
            _ => Vec::new(),
        }
    }

    /// The keys of the paths in force: the shared one and each side's.
    fn path_keys(&self) -> Vec<RuleKey> {
        self.merged
            .entries
            .iter()
            .filter(|e| matches!(e.key, RuleKey::Path(_)))
            .map(|e| e.key.clone())
            .collect()
    }

    /// The rule with this key as the files state it.
    fn said(&self, key: &RuleKey) -> Option<Said<'a>> {
        self.merged.get(key).map(|e| Said {
            kind: Cow::Borrowed(&e.stmt.kind),
            layer: e.layer,
            span: e.stmt.span.clone(),
        })
    }

    /// The rule with this key as the files state it, else its default. Only rules that have a
    /// default are read this way.
    fn rule(&self, key: &RuleKey) -> Said<'a> {
        self.said(key).unwrap_or_else(|| Said {
            kind: Cow::Owned(
                default_statement(key).unwrap_or_else(|| panic!("the rule `{key}` has no default")),
            ),
            layer: self.leaf(),
            span: 0..0,
        })
    }

    /// Every rule in force, with the layer that states it and its span, in file order.
    fn entries(&self) -> Vec<(&'a K, usize, &'a Span)> {
        self.merged
            .entries
            .iter()
            .map(|e| (&e.stmt.kind, e.layer, &e.stmt.span))
            .collect()
    }

    /// The last event rule (in the last file that has one) with an effect whose trigger `is`
    /// accepts: its layer and span.
    fn last_event(&self, is: impl Fn(&Trigger) -> bool) -> Option<(usize, Span)> {
        self.merged
            .entries
            .iter()
            .filter_map(|e| match &e.stmt.kind {
                K::On {
                    trigger, effects, ..
                } if !effects.is_empty() && is(&trigger.value) => {
                    Some((e.layer, e.stmt.span.clone()))
                }
                _ => None,
            })
            .max_by_key(|(layer, span)| (*layer, span.start))
    }

    /// The first event rule with an effect whose trigger `is` accepts: its layer and span.
    fn first_event(&self, is: impl Fn(&Trigger) -> bool) -> Option<(usize, Span)> {
        self.merged.entries.iter().find_map(|e| match &e.stmt.kind {
            K::On {
                trigger, effects, ..
            } if !effects.is_empty() && is(&trigger.value) => Some((e.layer, e.stmt.span.clone())),
            _ => None,
        })
    }

    /// The error `error` makes at the rule `key` (as said, or its default), which contradicts
    /// the rules `against`.
    fn contradicts(
        &mut self,
        key: &RuleKey,
        error: impl FnOnce(SourceSpan) -> CheckError,
        against: &[RuleKey],
    ) {
        let said = self.rule(key);
        self.err_against(said.layer, error(said.span.into()), against);
    }

    /// E189 at a rule about something that never happens under the rule `against`.
    fn never_happens(&mut self, (layer, span): (usize, Span), rule: NeverRule, against: &RuleKey) {
        self.err_against(
            layer,
            CheckError::NeverHappens {
                span: span.into(),
                rule,
            },
            std::slice::from_ref(against),
        );
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

    /// The sides with their paths. Only called once [`board::sides_and_paths`] has found them.
    fn sides(&self) -> &Sides<SideRules> {
        self.sides
            .as_ref()
            .expect("rules that need the sides are lowered after the paths")
    }

    /// How many sides play: as the `sides` statement lists them, once their paths are known.
    fn side_count(&self) -> usize {
        self.sides.as_ref().map_or(2, Sides::len)
    }

    /// Whether the engine for many sides plays these rules: they name more than two sides, or
    /// say a rule only that engine plays, as [`RuleSet::many_sides_rule`] reads it once they are
    /// checked (known from the statements, before the board's limits are chosen by it).
    fn plays_many(&self) -> bool {
        let named = self
            .said(&RuleKey::Sides)
            .is_some_and(|said| match &*said.kind {
                K::Sides(names) => names.len() > 2,
                _ => false,
            });
        let said = |key: RuleKey, on: fn(&K) -> bool| self.said(&key).is_some_and(|s| on(&s.kind));
        named
            || said(RuleKey::SafeShared, |k| matches!(k, K::SafeShared(true)))
            || said(RuleKey::SidesPass, |k| matches!(k, K::SidesPass(true)))
            || said(RuleKey::Closed, |k| matches!(k, K::Closed(None)))
            || said(RuleKey::ExtraCap, |k| matches!(k, K::ExtraCap(Some(_))))
            || said(RuleKey::ExtraMove, |k| matches!(k, K::ExtraMove(Some(_))))
            || said(
                RuleKey::CountFrom,
                |k| matches!(k, K::CountFrom(v) if !v.is_empty()),
            )
            || said(RuleKey::RepeatVoid, |k| matches!(k, K::RepeatVoid(Some(_))))
            || said(RuleKey::StacksTogether, |k| {
                matches!(k, K::StacksTogether(true))
            })
            || self
                .entries()
                .iter()
                .any(|(k, _, _)| matches!(k, K::Shortcut(_)))
    }

    /// A value for each side, each the default.
    fn each_side<T: Default>(&self) -> Sides<T> {
        Sides::from_fn(self.side_count(), |_| T::default())
    }
}

/// The values of both lists, ascending, each once.
fn union<T: Ord>(mut a: Vec<T>, b: Vec<T>) -> Vec<T> {
    a.extend(b);
    a.sort_unstable();
    a.dedup();
    a
}

/// An event rule about captures, where the rules allow none.
fn event_without_capture(cx: &mut Ctx) {
    if let Some(at) = cx.first_event(|t| matches!(t, Trigger::Capture(_))) {
        cx.never_happens(at, NeverRule::Capture, &RuleKey::Capture);
    }
}

/// The retreat with what `on retreat` adds; an `on retreat` rule without a retreat, or a
/// retreat in a turn that splits its total (a retreat is a move of its own), is an error.
fn retreat(
    cx: &mut Ctx,
    retreat: Option<crate::check::ruleset::Retreat>,
    effects: &events::RetreatEffects,
    turn: &crate::check::ruleset::Turn,
) -> Option<crate::check::ruleset::Retreat> {
    let Some(mut retreat) = retreat else {
        if let Some(at) = cx.first_event(|t| matches!(t, Trigger::Retreat)) {
            cx.never_happens(at, NeverRule::Retreat, &RuleKey::Retreat);
        }
        return None;
    };
    if turn.splits() {
        cx.contradicts(
            &RuleKey::Retreat,
            |span| CheckError::NotWithSplitTurn {
                span,
                rule: OneThrowRule::Retreat,
            },
            &[RuleKey::Turn],
        );
        return None;
    }
    retreat.lose_turn = effects.lose_turn;
    retreat.end_turn = effects.end_turn;
    retreat.moves_next = effects.moves_next;
    Some(retreat)
}

/// Effects the player may decline are not with a split turn (a split moves several pieces at
/// once): refused, and made forced so that nothing downstream sees them.
fn optional_effects(
    cx: &mut Ctx,
    (effects, out_optional): (
        &mut [crate::check::ruleset::SquareEffect],
        &mut Sides<Vec<Square>>,
    ),
    said: Option<(usize, Span)>,
    turn: &crate::check::ruleset::Turn,
) {
    let any = effects.iter().any(|e| e.may) || out_optional.values().any(|v| !v.is_empty());
    if !any || !turn.splits() {
        return;
    }
    let (layer, span) = said.unwrap_or_else(|| {
        let turn = cx.rule(&RuleKey::Turn);
        (turn.layer, turn.span)
    });
    cx.err_against(
        layer,
        CheckError::NotWithSplitTurn {
            span: span.into(),
            rule: OneThrowRule::MayDecline,
        },
        &[RuleKey::Turn],
    );
    effects.iter_mut().for_each(|e| e.may = false);
    out_optional.values_mut().for_each(Vec::clear);
}

/// On a path that comes back to a square, rules that read the path around a square or send a
/// piece to where another came from would not say which visit they mean: refused.
fn out_and_back(cx: &mut Ctx, capture: Capture, movement: &movement::Movement) {
    if !cx.sides().values().any(|s| s.visits_twice()) {
        return;
    }
    let refused = [
        (
            capture == Capture::Swap,
            RuleKey::Capture,
            OutAndBackRule::Swap,
        ),
        (
            movement.protect_pairs,
            RuleKey::Protect,
            OutAndBackRule::Pairs,
        ),
        (
            movement.blockade.is_some(),
            RuleKey::Blockade,
            OutAndBackRule::Blockade,
        ),
        (
            movement.ahead_empty.values().any(|v| !v.is_empty()),
            RuleKey::AheadEmpty,
            OutAndBackRule::AheadEmpty,
        ),
    ];
    let paths = cx.path_keys();
    for (applies, key, rule) in refused {
        if applies {
            cx.contradicts(
                &key,
                |span| CheckError::NotOutAndBack { span, rule },
                &paths,
            );
        }
    }
}

/// On a path in parts, backward moves would cross from one part into the one before, and a
/// trap would catch moves that run past a part's end: refused.
fn in_parts(cx: &mut Ctx, movement: &movement::Movement) {
    if !cx.sides().values().any(|s| !s.segment_ends.is_empty()) {
        return;
    }
    let paths = cx.path_keys();
    if movement.backward {
        cx.contradicts(
            &RuleKey::Backward,
            |span| CheckError::NotInParts {
                span,
                rule: PartsRule::Backward,
            },
            &paths,
        );
    }
    refuse_traps(
        cx,
        |span| CheckError::NotInParts {
            span,
            rule: PartsRule::Trap,
        },
        &paths,
    );
}

/// The error `error` makes at the first trap (`on passing SET: ...`), where the path cannot
/// have one.
fn refuse_traps(cx: &mut Ctx, error: impl FnOnce(SourceSpan) -> CheckError, against: &[RuleKey]) {
    if let Some((layer, span)) = cx.first_event(|t| matches!(t, Trigger::Passing(_))) {
        cx.err_against(layer, error(span.into()), against);
    }
}

/// On a loop, backward moves and traps would have to wrap round the start, and pairs would
/// protect across it: refused. A side whose path loops never bears off, so it can only win by
/// capturing; `win by capturing all` needs every path a loop and pieces that leave the game.
fn loops(
    cx: &mut Ctx,
    (backward, pairs, only_bear_off): (bool, bool, bool),
    ending: &end::Ending,
    removable: bool,
) {
    let looped = cx.sides().values().filter(|s| s.looped).count();
    let paths = cx.path_keys();
    if looped > 0 {
        let refused = [
            (backward, RuleKey::Backward, LoopRule::Backward),
            (pairs, RuleKey::Protect, LoopRule::Pairs),
            (only_bear_off, RuleKey::OnlyBearOff, LoopRule::OnlyBearOff),
        ];
        for (applies, key, rule) in refused {
            if applies {
                cx.contradicts(&key, |span| CheckError::NotOnLoop { span, rule }, &paths);
            }
        }
        refuse_traps(
            cx,
            |span| CheckError::NotOnLoop {
                span,
                rule: LoopRule::Trap,
            },
            &paths,
        );
    }
    let against_paths = |win| move |span| CheckError::WinAgainstPaths { span, win };
    match ending.win {
        Some(Win::FirstAllOff | Win::MostBorneOff) if looped > 0 => cx.contradicts(
            &RuleKey::Win,
            against_paths(WinPaths::BearOffOnLoop),
            &paths,
        ),
        Some(Win::CaptureAll) if looped < 2 => cx.contradicts(
            &RuleKey::Win,
            against_paths(WinPaths::CaptureAllOnRace),
            &paths,
        ),
        Some(Win::CaptureAll) if !removable => cx.contradicts(
            &RuleKey::Win,
            |span| CheckError::NothingRemoved { span },
            &[RuleKey::Capture],
        ),
        _ => {}
    }
}

/// What `on entering` rules add. A rule about entering where nothing enters is an error, and so
/// is a piece that must move next where pieces enter on squares that depend on the throw, or
/// where a retreat's piece that must move next stands elsewhere (one square holds that piece).
fn entering(
    cx: &mut Ctx,
    effects: &events::EnteringEffects,
    enter: Option<&crate::check::ruleset::Enter>,
    retreat: Option<&crate::check::ruleset::Retreat>,
) -> crate::check::ruleset::Entering {
    let found = effects.effects;
    let Some(enter) = enter else {
        if let Some(at) = cx.first_event(|t| matches!(t, Trigger::Entering)) {
            cx.never_happens(at, NeverRule::Entering, &RuleKey::Enter);
        }
        return crate::check::ruleset::Entering::default();
    };
    if let (Some(_), Some((layer, span))) = (found.moves_next, effects.moves_next_said.clone()) {
        let bad = match enter.onto {
            EnterOnto::Throw { .. } => Some(MovesNext::OntoThrow),
            EnterOnto::Position(p) => {
                let elsewhere = retreat.filter(|t| t.moves_next.is_some()).is_some_and(|t| {
                    cx.sides()
                        .values()
                        .any(|side| side.position_of(t.to) != Some(p))
                });
                elsewhere.then_some(MovesNext::RetreatElsewhere)
            }
        };
        if let Some(clash) = bad {
            cx.err_against(
                layer,
                CheckError::MovesNextClash {
                    span: span.into(),
                    clash,
                },
                &[RuleKey::Enter, RuleKey::Retreat],
            );
            return crate::check::ruleset::Entering::default();
        }
    }
    found
}

/// The key of a statement kind that does not match it: statements are stored by their own key,
/// so this never happens.
fn mismatch(kind: &K) -> ! {
    unreachable!("a rule stored under another statement's key: {kind:?}")
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
    let before = diags.len();
    let mut cx = Ctx {
        layers,
        merged,
        diags,
        size: 0,
        gaps: Vec::new(),
        sides: None,
        shortcut_squares: Vec::new(),
        device: None,
        quiet_missing,
        paths_broken: false,
        reported: HashSet::new(),
    };
    let parts = lower(&mut cx)?;
    if cx.diags.len() > before {
        return None;
    }
    rule_set(&mut cx, parts, options)
}

/// What each concern lowered, before they are put together into a [`RuleSet`].
struct Parts {
    board: Board,
    shortcuts: Vec<Vec<Square>>,
    /// `throws repeated N times in a row do not count`.
    repeat_void: Option<u8>,
    stacks: stacks::Stacks,
    layout: sides::Layout,
    throws: throws::Throws,
    enter: Option<crate::check::ruleset::Enter>,
    capture: Capture,
    movement: movement::Movement,
    opening: opening::OpeningRules,
    events: events::Events,
    effects: effects::Effects,
    retreat: Option<crate::check::ruleset::Retreat>,
    entering: crate::check::ruleset::Entering,
    bearing: bear_off::Bearing,
    ending: end::Ending,
    matched: Option<crate::check::ruleset::Match>,
    pattern_win: Option<Vec<Vec<crate::check::ruleset::PatternPart>>>,
}

/// Lowers every concern, in the order their rules depend on each other, and reports the rules
/// of one concern that contradict another's. Returns `None` when the board or the paths are
/// missing or broken.
fn lower(cx: &mut Ctx) -> Option<Parts> {
    let mut board = board::board(cx)?;
    cx.sides = Some(board::sides_and_paths(cx, &board)?);
    let shortcuts = board::shortcuts(cx, &board);
    cx.shortcut_squares = shortcuts.iter().flatten().copied().collect();
    board::decorations(cx, &mut board);
    let layout = sides::layout(cx);
    let throws = throws::throws_and_turns(cx);
    let enter = landing::enter(cx, layout.start.as_ref());
    let capture = landing::capture(cx);
    let mut movement = movement::movement(cx, layout.pieces);
    backward_and_first_move(cx, &throws, &movement, layout.start.as_ref());
    stop_extra_and_order(cx, &throws, &movement, layout.start.as_ref());
    out_and_back(cx, capture, &movement);
    let opening = opening::opening(cx, layout.start.as_ref());
    if layout.throw_off && opening.seats.is_some() {
        cx.contradicts(
            &RuleKey::First,
            |span| CheckError::ThrowOffAndSeats { span },
            &[RuleKey::Seats],
        );
    }
    let mut events = events::events(cx);
    throws::endless_turn(
        cx,
        &union(throws.extra_after.clone(), events.after_move.clone()),
        &events.after_pass,
        events.turn_rules.iter().any(|t| t.end_turn.is_some()),
    );
    in_parts(cx, &movement);
    let mut effects = effects::effects(
        cx,
        std::mem::take(&mut events.landing_effects),
        std::mem::take(&mut events.to_waiting),
    );
    without_capture(cx, capture, &events);
    optional_effects(
        cx,
        (&mut effects.effects, &mut effects.out_optional),
        events.optional_said.clone(),
        &throws.turn,
    );
    let retreat = retreat(cx, movement.retreat.take(), &events.retreat, &throws.turn);
    let entering = entering(cx, &events.entering, enter.as_ref(), retreat.as_ref());
    let bearing = bear_off::bearing_off(cx);
    let ending = end::end_and_scoring(cx);
    let removable = capture == Capture::Removed
        || events
            .captured_at
            .iter()
            .any(|(_, c)| *c == Capture::Removed)
        || effects.to_removed.values().any(|v| !v.is_empty());
    loops(
        cx,
        (
            movement.backward,
            movement.protect_pairs,
            bearing.only_bear_off.values().any(|p| !p.is_empty()),
        ),
        &ending,
        removable,
    );
    let each = throws.device.as_ref().is_some_and(ThrowDevice::is_each);
    // An opening throw of one die each: two dice of one kind, played one by one.
    let two_dice = matches!(
        &throws.device,
        Some(ThrowDevice::Each { faces, .. }) if faces.len() == 2 && faces[0] == faces[1]
    );
    if layout.opening_throw.is_some() && !two_dice && throws.device.is_some() {
        stacks::needs(
            cx,
            &RuleKey::First,
            crate::check::errors::StackRule::OpeningThrow,
            RuleKey::Throw,
        );
    }
    let mut stacks = stacks::stacks(cx, layout.stack_limit, each, capture == Capture::Pin);
    let goes_back = matches!(capture, Capture::ToPosition(..));
    stacks::losses(cx, &mut stacks, each, goes_back);
    stacks::takes(cx, &mut stacks, each, capture == Capture::ToWaiting);
    let others_wait = layout
        .start
        .as_ref()
        .is_some_and(crate::check::ruleset::Start::waits)
        || matches!(capture, Capture::ToWaiting | Capture::ToPosition(..));
    stacks::enter_again(cx, &mut stacks, each, others_wait);
    stacks::past_when(cx, &stacks, each, bearing.bear_off.as_ref());
    stacks::passing(cx, &mut stacks, throws.device.as_ref());
    stacks::doubles_forms(cx, &mut stacks, throws.device.as_ref());
    stacks::throw_limits(
        cx,
        throws.device.as_ref(),
        stacks.doubles,
        stacks.pairs_twice,
        stacks.opposite_faces,
    );
    stacks.land_after = stacks::land_after(cx, layout.stack_limit, each, layout.pieces);
    stacks.unstack = stacks::unstack(
        cx,
        layout.stack_limit,
        throws.device.as_ref(),
        layout.start.as_ref(),
    );
    if layout.stack_limit == 1 {
        let rule = match capture {
            Capture::Pin => Some(crate::check::errors::StackRule::Pin),
            Capture::ToPosition(..) => Some(crate::check::errors::StackRule::CaptureToPosition),
            _ => None,
        };
        if let Some(rule) = rule {
            stacks::needs(cx, &RuleKey::Capture, rule, RuleKey::Stacks);
        }
    }
    // The fast engine's stacked form plays only some rules; rules of more than two sides, or
    // of two with a rule only the engine for many sides plays, are played by that engine, which
    // names what it does not play when it compiles.
    if (layout.stack_limit > 1 || each) && !cx.plays_many() {
        let refused = stacked_refusals(
            cx,
            (&layout, &throws, &movement),
            (capture, &bearing, &ending),
            (&opening, retreat.is_some()),
        );
        stacks::refuse(cx, &refused);
    }
    let matched = end::match_rules(cx, opening.seats.is_some());
    let pattern_win = stacks::pattern_win(cx, layout.stack_limit, layout.pieces);
    let repeat_void = movement::repeat_void(cx, &throws.turn);
    Some(Parts {
        board,
        shortcuts,
        repeat_void,
        stacks,
        layout,
        throws,
        enter,
        capture,
        movement,
        opening,
        events,
        effects,
        retreat,
        entering,
        bearing,
        ending,
        matched,
        pattern_win,
    })
}

/// The rules in force that the engine's stacked form does not play, each with whether it is
/// in force (E201 where it is, with stacks or dice played one by one).
fn stacked_refusals(
    cx: &Ctx,
    (layout, throws, movement): (&sides::Layout, &throws::Throws, &movement::Movement),
    (capture, bearing, ending): (Capture, &bear_off::Bearing, &end::Ending),
    (opening, retreat): (&opening::OpeningRules, bool),
) -> Vec<(RuleKey, bool)> {
    let any = |v: &Sides<Vec<PathPos>>| v.values().any(|p| !p.is_empty());
    let bends = cx
        .sides()
        .values()
        .any(|s| s.looped || !s.segment_ends.is_empty() || s.visits_twice());
    let mut refused = vec![
        (RuleKey::First, layout.throw_off),
        (RuleKey::Turn, throws.turn != Turn::ThrowThenMove),
        (RuleKey::ExtraAfter, !throws.extra_after.is_empty()),
        (RuleKey::ExtraOn, any(&throws.extra_on)),
        (RuleKey::Begin, !throws.begin.is_empty()),
        (RuleKey::FirstMove, !throws.first_move.is_empty()),
        (RuleKey::FirstMoveOrder, movement.first_after_ahead),
        (
            RuleKey::Capture,
            matches!(capture, Capture::Swap | Capture::To(_)),
        ),
        (RuleKey::Protect, movement.protect_pairs),
        (RuleKey::Blockade, movement.blockade.is_some()),
        (RuleKey::Stop, any(&movement.stop)),
        (RuleKey::Backward, movement.backward),
        (RuleKey::Priority, any(&movement.priority)),
        (RuleKey::NoBackwardFrom, any(&movement.no_backward_from)),
        (RuleKey::Direction, movement.one_direction),
        (RuleKey::AheadEmpty, any(&movement.ahead_empty)),
        (RuleKey::Together, any(&movement.together)),
        (RuleKey::NoPassing, any(&movement.no_passing)),
        (RuleKey::StopAndGo, any(&movement.stop_and_go)),
        (RuleKey::ExtraAddUp, movement.extra_add_up),
        (RuleKey::Seats, opening.seats.is_some()),
        (RuleKey::Retreat, retreat),
        (RuleKey::OnlyBearOff, any(&bearing.only_bear_off)),
        (
            RuleKey::BearOff,
            matches!(bearing.bear_off, Some(BearOff::Table(_))),
        ),
        (RuleKey::Win, ending.win != Some(Win::FirstAllOff)),
        (RuleKey::End, ending.end != End::BoardEmpty),
        (RuleKey::MatchPoints, !ending.match_points.is_empty()),
    ];
    refused.extend(cx.path_keys().into_iter().map(|k| (k, bends)));
    // Opening moves, square effects and event rules: each stated one.
    for e in &cx.merged.entries {
        let stated = match &e.stmt.kind {
            K::Opening { rule, .. } => rule.is_some(),
            K::SquareEffect { effect, .. } => effect.is_some(),
            K::On { effects, .. } => !effects.is_empty(),
            _ => false,
        };
        if stated {
            refused.push((e.key.clone(), true));
        }
    }
    refused
}

/// Backward moves and a piece's first move, where the turn or the start rule them out: backward
/// moves split among pieces need a split turn, and backward moves for each stuck piece or first
/// moves that need given throws are not with one; first moves need pieces that start on the
/// board.
fn backward_and_first_move(
    cx: &mut Ctx,
    throws: &throws::Throws,
    movement: &movement::Movement,
    start: Option<&crate::check::ruleset::Start>,
) {
    if movement.backward_split && !throws.turn.splits() {
        cx.contradicts(
            &RuleKey::Backward,
            |span| CheckError::NeedsSplitTurn {
                span,
                rule: SplitRule::BackwardSplit,
            },
            &[RuleKey::Turn],
        );
    }
    if movement.backward_per_piece && throws.turn.splits() {
        cx.contradicts(
            &RuleKey::Backward,
            |span| CheckError::NotWithSplitTurn {
                span,
                rule: OneThrowRule::BackwardPerPiece,
            },
            &[RuleKey::Turn],
        );
    }
    if !throws.first_move.is_empty() && throws.turn.splits() {
        cx.contradicts(
            &RuleKey::FirstMove,
            |span| CheckError::NotWithSplitTurn {
                span,
                rule: OneThrowRule::FirstMoveThrows,
            },
            &[RuleKey::Turn],
        );
    }
    if !throws.first_move.is_empty() && matches!(start, Some(crate::check::ruleset::Start::Waiting))
    {
        cx.contradicts(
            &RuleKey::FirstMove,
            |span| CheckError::StartsWaiting {
                span,
                rule: OnBoardRule::FirstMoveThrows,
            },
            &[RuleKey::Start],
        );
    }
}

/// Stopping part way, extra throws that add up and the order of first moves, where the turn or
/// the start rule them out: stopping part way needs a split turn, extra throws that add up need
/// a turn that moves after each throw, and first moves that wait for the piece ahead are not
/// with a split turn and need pieces that start on the board.
fn stop_extra_and_order(
    cx: &mut Ctx,
    throws: &throws::Throws,
    movement: &movement::Movement,
    start: Option<&crate::check::ruleset::Start>,
) {
    if movement.stop_and_go.values().any(|p| !p.is_empty()) && !throws.turn.splits() {
        cx.contradicts(
            &RuleKey::StopAndGo,
            |span| CheckError::NeedsSplitTurn {
                span,
                rule: SplitRule::StopAndGo,
            },
            &[RuleKey::Turn],
        );
    }
    if movement.extra_add_up && !throws.turn.again().is_empty() {
        cx.contradicts(
            &RuleKey::ExtraAddUp,
            |span| CheckError::AddUpBeforeMoving { span },
            &[RuleKey::Turn],
        );
    }
    if movement.first_after_ahead && throws.turn.splits() {
        cx.contradicts(
            &RuleKey::FirstMoveOrder,
            |span| CheckError::NotWithSplitTurn {
                span,
                rule: OneThrowRule::FirstMoveOrder,
            },
            &[RuleKey::Turn],
        );
    }
    if movement.first_after_ahead && matches!(start, Some(crate::check::ruleset::Start::Waiting)) {
        cx.contradicts(
            &RuleKey::FirstMoveOrder,
            |span| CheckError::StartsWaiting {
                span,
                rule: OnBoardRule::FirstMoveOrder,
            },
            &[RuleKey::Start],
        );
    }
}

/// Rules about captures where pieces never capture: event rules about captures, and square
/// effects that send a piece on capturing.
fn without_capture(cx: &mut Ctx, capture: Capture, events: &events::Events) {
    let capture_turn_rule = events
        .turn_rules
        .iter()
        .any(|t| matches!(t.trigger, TurnTrigger::Capture(_)));
    if capture == Capture::None
        && !(events.captured_at.is_empty()
            && events.on_capture.values().all(Vec::is_empty)
            && !capture_turn_rule)
    {
        event_without_capture(cx);
    }
    if capture == Capture::None
        && let Some(at) = events.capturing_said.clone()
    {
        cx.never_happens(at, NeverRule::Capturing, &RuleKey::Capture);
    }
}

/// The rule set from the lowered parts, with its id, title, bases and every rule in plain
/// English. Returns `None` when a rule it needs has no value (its error is reported).
fn rule_set(cx: &mut Ctx, parts: Parts, options: Vec<OptionInfo>) -> Option<RuleSet> {
    let leaf = cx.leaf();
    let id = cx.layers[leaf].id();
    let title = match cx.said(&RuleKey::Title).map(|s| s.kind) {
        Some(Cow::Borrowed(K::Title(t))) => t.clone(),
        _ => id.clone(),
    };
    let rules = rule_infos(cx);
    let extends = cx.layers[..leaf].iter().rev().map(Layer::id).collect();
    let sides = cx.sides.take()?;
    Some(RuleSet {
        id,
        title,
        sources: cx.merged.sources.clone(),
        extends,
        options,
        board: parts.board,
        sides,
        shortcuts: parts.shortcuts,
        pieces: parts.layout.pieces?,
        start: parts.layout.start?,
        // Who moves first: as said, else whoever takes the seating side, else the first side.
        first: parts
            .layout
            .first
            .or(parts.opening.seats.map(|s| SideId::from(s.side)))
            .unwrap_or(SideId::from(Side::First)),
        teams: parts.layout.teams,
        throw_off: parts.layout.throw_off,
        opening_throw: parts.layout.opening_throw,
        throw: parts.throws.device?,
        extra_after: union(parts.throws.extra_after, parts.events.after_move),
        begin: parts.throws.begin,
        first_move: parts.throws.first_move,
        first_after_ahead: parts.movement.first_after_ahead,
        extra_after_pass: parts.events.after_pass,
        extra_on_capture: parts.events.on_capture,
        extra_on: Sides::from_fn(parts.throws.extra_on.len(), |s| {
            union(
                parts.throws.extra_on[s].clone(),
                parts.events.on_landing[s].clone(),
            )
        }),
        turn: parts.throws.turn,
        enter: parts.enter,
        capture: parts.capture,
        captured_at: parts.events.captured_at,
        passing: parts.events.passing,
        protect_pairs: parts.movement.protect_pairs,
        safe: parts.movement.safe,
        safe_shared: parts.movement.safe_shared,
        partners_share: parts.movement.partners_share,
        stacks_together: parts.stacks.together,
        pass_at_will: parts.movement.pass_at_will,
        blockade: parts.movement.blockade,
        stop: parts.movement.stop,
        backward: parts.movement.backward,
        backward_per_piece: parts.movement.backward_per_piece,
        backward_onto_empty: parts.movement.backward_onto_empty,
        backward_split: parts.movement.backward_split,
        one_direction: parts.movement.one_direction,
        priority: parts.movement.priority,
        only_pieces_on: parts.movement.only_pieces_on,
        only_pieces_let_enter: parts.movement.only_pieces_let_enter,
        no_backward_from: parts.movement.no_backward_from,
        ahead_empty: parts.movement.ahead_empty,
        together: parts.movement.together,
        none_waits: parts.movement.none_waits,
        enter_barred: parts.movement.enter_barred,
        no_passing: parts.movement.no_passing,
        stop_and_go: parts.movement.stop_and_go,
        extra_add_up: parts.movement.extra_add_up,
        extra_cap: parts.movement.extra_cap,
        extra_move: parts.movement.extra_move,
        count_from: parts.movement.count_from,
        repeat_void: parts.repeat_void,
        seats: parts.opening.seats,
        opening: parts.opening.per_side,
        effects: parts.effects.effects,
        to_waiting: parts.effects.to_waiting,
        to_removed: parts.effects.to_removed,
        out_optional: parts.effects.out_optional,
        bear_off: parts.bearing.bear_off?,
        stack_limit: parts.stacks.limit,
        closed_with: parts.stacks.closed_with,
        doubles: parts.stacks.doubles,
        unstack: parts.stacks.unstack,
        pairs_twice: parts.stacks.pairs_twice,
        crowd_max: parts.stacks.crowd_max,
        crowd: parts.stacks.crowd,
        land_after: parts.stacks.land_after,
        use_larger: parts.stacks.use_larger,
        use_smaller: parts.stacks.use_smaller,
        double_lists: parts.stacks.double_lists,
        opposite_faces: parts.stacks.opposite_faces,
        first_double_once: parts.stacks.first_double_once,
        enter_first: parts.stacks.enter_first,
        zone_limit: parts.stacks.zone.limit,
        zone: parts.stacks.zone.at,
        zone_until: parts.stacks.zone.until,
        leave_after: parts.stacks.leave_after,
        combined: parts.stacks.combined,
        dice_take: parts.stacks.dice_take,
        enter_again: parts.stacks.enter_again,
        pass_unused: parts.stacks.pass_unused,
        bear_when: parts.bearing.bear_when,
        only_bear_off: parts.bearing.only_bear_off,
        retreat: parts.retreat,
        entering: parts.entering,
        turn_rules: parts.events.turn_rules,
        holds: parts.events.holds,
        win: parts.ending.win?,
        end: parts.ending.end,
        match_points: parts.ending.match_points,
        score: parts.ending.score,
        pin_win: parts.stacks.pin_win,
        pattern_win: parts.pattern_win,
        draw_stuck: parts.stacks.draw_stuck,
        lose_stuck: parts.stacks.losses.stuck,
        lose_no_way_back: parts.stacks.losses.no_way_back,
        lose_untaken: parts.stacks.losses.untaken,
        extra_turn: parts.stacks.extra_turn,
        matched: parts.matched,
        rules,
        hash: String::new(),
        files: Vec::new(),
    })
}

/// Every rule in force but the rule set's id, title and bases, in plain English, with the file
/// that states it.
fn rule_infos(cx: &Ctx) -> Vec<RuleInfo> {
    // With partners, the first to bear off all is a team, not a side.
    let teams = cx.said(&RuleKey::Teams).is_some();
    cx.merged
        .entries
        .iter()
        .filter(|e| !matches!(e.stmt.kind, K::Ruleset(_) | K::Title(_) | K::Extends(_)))
        .map(|e| RuleInfo {
            key: e.key.clone(),
            text: match &e.stmt.kind {
                K::Win(crate::lang::syntax::WinSpec::FirstAllOff) if teams => {
                    "The first team to bear off all its \
                     pieces wins: a side that has borne off all of its own takes no more turns, \
                     and its partners play on."
                        .into()
                }
                kind => describe(kind),
            },
            origin: cx.layers[e.layer].id(),
            note: e.stmt.note.as_ref().map(|n| (n.kind, n.text.clone())),
        })
        .collect()
}
