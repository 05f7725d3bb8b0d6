//! Event rules (`on TRIGGER: EFFECT, ...`): what happens after a capture, a pass, a move with a
//! given throw, or a move that ends on given squares. The older statements that are cases of
//! them (`extra throw after`, `extra throw on`, `square N: go to`) lower into the same values,
//! so that the engine has one mechanism for each effect.

use super::Ctx;
use crate::check::errors::{CheckError, TurnClash};
use crate::check::ruleset::{
    Entering, Hold, MovesNext, PieceCondition, SquareEffect, Trap, TurnRule, TurnTrigger,
};
use crate::lang::syntax::{
    CapturedPlace, ConditionKey, Destination, Effect, EventCondition, RuleKey, SetExpr, Span,
    Spanned, StatementKind as K, Trigger, TriggerKey,
};
use crate::types::{Capture, Force, PathPos, SideId, Sides, Square};

/// What the event rules add to the rules the older statements give.
#[derive(Default)]
pub(super) struct Events {
    /// Throws whose move gives an extra throw.
    pub after_move: Vec<u8>,
    /// Throws whose pass gives an extra throw.
    pub after_pass: Vec<u8>,
    /// Per side: positions where a move that ends there gives an extra throw.
    pub on_landing: Sides<Vec<PathPos>>,
    /// Per side: positions where capturing gives an extra throw.
    pub on_capture: Sides<Vec<PathPos>>,
    /// Squares that send a piece on, with where each rule was written.
    pub landing_effects: Vec<(SquareEffect, usize, Span)>,
    /// The first rule whose effect the player may decline.
    pub optional_said: Option<(usize, Span)>,
    /// The first effect that sends a piece on capturing (where it says `capturing`).
    pub capturing_said: Option<(usize, Span)>,
    /// Squares that send a piece out of play, with where each rule was written.
    pub to_waiting: Vec<(OutOfPlay, usize, Span)>,
    /// Squares a forward move may not pass over, and where it ends instead.
    pub passing: Vec<Trap>,
    /// Which rule said so, for each square of `passing`.
    passing_sources: Vec<(Square, usize, Span)>,
    /// Where a piece captured on a square goes, instead of what `capture` says.
    pub captured_at: Vec<(Square, Capture)>,
    /// Which rule said so, for each square of `captured_at`.
    captured_sources: Vec<(Square, usize, Span)>,
    /// What a retreat does besides moving the piece, and the first rule that says so.
    pub retreat: RetreatEffects,
    /// What entering does besides moving the piece.
    pub entering: EnteringEffects,
    /// Rules about the turn judged after the move (with a condition, or losing or ending a turn).
    pub turn_rules: Vec<TurnRule>,
    /// Rules judged before each move that let only some pieces move.
    pub holds: Vec<Hold>,
}

/// A square that sends a piece ending its move there out of play: back to waiting, or out of
/// the game (`removed`); only a piece of `side` if a side is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OutOfPlay {
    pub square: Square,
    pub side: Option<SideId>,
    pub removed: bool,
    /// The player may leave the piece where it landed (`may go to waiting`).
    pub may: bool,
}

/// The effects of `on retreat` rules.
#[derive(Default)]
pub(super) struct RetreatEffects {
    pub lose_turn: bool,
    pub end_turn: Option<Force>,
    pub moves_next: Option<MovesNext>,
}

/// The effects of `on entering` rules, and the first rule that makes the piece move next.
#[derive(Default)]
pub(super) struct EnteringEffects {
    pub effects: Entering,
    pub moves_next_said: Option<(usize, Span)>,
}

/// Two `piece moves next` effects as one: either form's extra counts.
fn merge(a: Option<MovesNext>, ignoring_pairs: bool, or_waiting: bool) -> Option<MovesNext> {
    let a = a.unwrap_or_default();
    Some(MovesNext {
        ignoring_pairs: a.ignoring_pairs || ignoring_pairs,
        or_waiting: a.or_waiting || or_waiting,
    })
}

pub(super) fn events(cx: &mut Ctx) -> Events {
    let mut out = Events {
        on_landing: cx.each_side(),
        on_capture: cx.each_side(),
        ..Events::default()
    };
    for (kind, layer, _) in cx.entries() {
        let K::On {
            trigger,
            condition,
            effects,
        } = kind
        else {
            continue;
        };
        // An effect said twice in one rule happens once: `throw again, throw again` gives one
        // throw, which is not what its writer meant. (Two lines, two forms of `piece moves
        // next` or of a captured piece's fate are judged by rules of their own.)
        for (j, e) in effects.iter().enumerate() {
            let plain = matches!(
                e.value,
                Effect::ThrowAgain
                    | Effect::MayThrowAgain
                    | Effect::LoseTurn
                    | Effect::EndTurn
                    | Effect::MayEndTurn
                    | Effect::GoToWaiting
                    | Effect::Removed
            );
            if !plain {
                continue;
            }
            let kind = std::mem::discriminant(&e.value);
            if let Some(first) = effects[..j]
                .iter()
                .find(|f| std::mem::discriminant(&f.value) == kind)
            {
                cx.err(
                    layer,
                    CheckError::EffectRepeated {
                        span: e.span.clone().into(),
                        first: first.span.clone().into(),
                        effect: effect_words(&e.value).into(),
                    },
                );
            }
        }
        if matches!(trigger.value, Trigger::EachMove) {
            each_move(cx, layer, trigger, condition.as_ref(), effects, &mut out);
            continue;
        }
        if let Some(c) = condition {
            conditional(cx, layer, trigger, c, effects, &mut out);
            continue;
        }
        let turn = |e: &Spanned<Effect>| {
            matches!(
                e.value,
                Effect::LoseTurn | Effect::EndTurn | Effect::MayEndTurn | Effect::MayThrowAgain
            )
        };
        match turn_trigger(cx, layer, &trigger.value) {
            Some(t) if effects.iter().any(turn) => {
                let key = RuleKey::On(TriggerKey::of(&trigger.value), None);
                // A forced extra throw of the same rule is lowered apart from it.
                let throws = effects
                    .iter()
                    .any(|e| matches!(e.value, Effect::ThrowAgain));
                let turn_effects = effects.iter().filter(|e| turn(e));
                let rule = turn_rule(cx, (key, t, None), turn_effects, throws);
                out.turn_rules.push(rule);
                for effect in effects.iter().filter(|e| !turn(e)) {
                    self::rule(cx, layer, trigger, effect, &mut out);
                }
            }
            _ => {
                for effect in effects {
                    self::rule(cx, layer, trigger, effect, &mut out);
                }
            }
        }
    }
    for list in out
        .on_landing
        .0
        .iter_mut()
        .chain(out.on_capture.0.iter_mut())
    {
        list.sort_unstable();
        list.dedup();
    }
    out.after_move.sort_unstable();
    out.after_move.dedup();
    out.after_pass.sort_unstable();
    out.after_pass.dedup();
    out
}

/// The trigger of a rule about the turn judged after a move; `None` for the triggers that
/// cannot set one off (a pass, passing a square, a retreat: those have rules of their own).
fn turn_trigger(cx: &mut Ctx, layer: usize, trigger: &Trigger) -> Option<TurnTrigger> {
    Some(match trigger {
        Trigger::Landing(set, by) => {
            let mut positions = cx.positions(layer, set);
            if let Some(side) = by.as_ref().and_then(|name| cx.side(layer, name)) {
                only_side(&mut positions, side);
            }
            TurnTrigger::Landing(positions)
        }
        Trigger::Capture(set) => TurnTrigger::Capture(capture_positions(cx, layer, set.as_ref())),
        Trigger::Move(list) => TurnTrigger::Move(cx.throw_values(layer, list)),
        Trigger::Entering => TurnTrigger::Entering,
        Trigger::Pass(_) | Trigger::Passing(_) | Trigger::Retreat | Trigger::EachMove => {
            return None;
        }
    })
}

/// The effects on the turn among `effects`, as one rule. Two that cannot both hold are E185;
/// `throws_apart`: the rule also gives a forced extra throw, lowered apart from it.
fn turn_rule<'e>(
    cx: &mut Ctx,
    (key, trigger, condition): (RuleKey, TurnTrigger, Option<PieceCondition>),
    effects: impl Iterator<Item = &'e Spanned<Effect>>,
    throws_apart: bool,
) -> TurnRule {
    let (mut throws, mut may_throw, mut lose_turn, mut ends, mut may_end) =
        (throws_apart, false, false, false, false);
    for e in effects {
        match e.value {
            Effect::ThrowAgain => throws = true,
            Effect::MayThrowAgain => may_throw = true,
            Effect::LoseTurn => lose_turn = true,
            Effect::EndTurn => ends = true,
            Effect::MayEndTurn => may_end = true,
            _ => {}
        }
    }
    contradictions(cx, &key, (throws, may_throw), (ends, may_end));
    let force = |must: bool, may: bool| match (must, may) {
        (true, _) => Some(Force::Must),
        (false, true) => Some(Force::May),
        (false, false) => None,
    };
    TurnRule {
        key,
        trigger,
        condition,
        // A forced throw lowered apart is not this rule's.
        throw_again: force(throws && !throws_apart, may_throw),
        lose_turn,
        end_turn: force(ends, may_end),
    }
}

/// An event rule with a condition: only on triggers a move sets off, and only with effects on
/// the turn (E173, E174); a rule that both throws again and ends the turn contradicts itself.
fn conditional(
    cx: &mut Ctx,
    layer: usize,
    trigger: &Spanned<Trigger>,
    condition: &Spanned<EventCondition>,
    effects: &[Spanned<Effect>],
    out: &mut Events,
) {
    let Some(t) = turn_trigger(cx, layer, &trigger.value) else {
        cx.err(
            layer,
            CheckError::ConditionNotForTrigger {
                span: condition.span.clone().into(),
                trigger: trigger_words(&trigger.value).into(),
            },
        );
        return;
    };
    let mut fine = true;
    for e in effects {
        let sends = |inner: &Effect| matches!(inner, Effect::GoToWaiting | Effect::Removed);
        if matches!(&e.value, Effect::OnlyPiecesOn(_))
            || matches!(&e.value, Effect::MayOther(inner) if !sends(inner))
        {
            // Not after this trigger at all (E170), or never optional (E176), condition or not.
            fine = false;
            rule(cx, layer, trigger, e, out);
        } else if !matches!(
            e.value,
            Effect::ThrowAgain
                | Effect::MayThrowAgain
                | Effect::LoseTurn
                | Effect::EndTurn
                | Effect::MayEndTurn
        ) {
            fine = false;
            cx.err(
                layer,
                CheckError::EffectNotForCondition {
                    span: e.span.clone().into(),
                    effect: effect_words(&e.value).into(),
                },
            );
        }
    }
    let key = RuleKey::On(
        TriggerKey::of(&trigger.value),
        Some(ConditionKey::of(&condition.value)),
    );
    let condition = piece_condition(cx, layer, &condition.value);
    if fine {
        let rule = turn_rule(cx, (key, t, Some(condition)), effects.iter(), false);
        out.turn_rules.push(rule);
    }
}

/// A rule about the turn that says two things that cannot both hold (E185): whether it throws
/// again (forced, optional) and whether it ends the turn (forced, optional).
fn contradictions(
    cx: &mut Ctx,
    key: &RuleKey,
    (throws, may_throw): (bool, bool),
    (ends, may_end): (bool, bool),
) {
    let clashes = [
        (throws && ends, TurnClash::ThrowAndEnd),
        (may_throw && !throws && ends, TurnClash::MayThrowAndEnd),
        (ends && may_end, TurnClash::EndAndMayEnd),
        (throws && may_throw, TurnClash::ThrowAndMayThrow),
    ];
    for (clashes, clash) in clashes {
        if clashes {
            cx.contradicts(
                key,
                |span| CheckError::TurnEffectsClash { span, clash },
                &[],
            );
        }
    }
}

/// A condition as the squares where each side's pieces are looked for.
fn piece_condition(cx: &mut Ctx, layer: usize, c: &EventCondition) -> PieceCondition {
    let (other, has, set) = match c {
        EventCondition::Pieces { other, has, set } => (*other, *has, set),
        EventCondition::Entered(e) => return PieceCondition::Entered(*e),
    };
    let squares = match set {
        SetExpr::Positions(_) => {
            let positions = cx.positions(layer, set);
            let sides = cx.sides();
            Sides::from_fn(sides.len(), |s| {
                positions[s]
                    .iter()
                    .filter_map(|p| sides[s].path.get(p.index()).copied())
                    .collect()
            })
        }
        _ => {
            let squares = cx.squares(layer, set);
            Sides::from_fn(cx.side_count(), |_| squares.clone())
        }
    };
    PieceCondition::Pieces {
        other,
        has,
        squares,
    }
}

/// `on each move [if CONDITION]: only pieces on SET may move, ...`: each effect a hold of its
/// own (so that two sets in one rule leave only pieces on both); any other effect is E170.
fn each_move(
    cx: &mut Ctx,
    layer: usize,
    trigger: &Spanned<Trigger>,
    condition: Option<&Spanned<EventCondition>>,
    effects: &[Spanned<Effect>],
    out: &mut Events,
) {
    let key = RuleKey::On(
        TriggerKey::EachMove,
        condition.map(|c| ConditionKey::of(&c.value)),
    );
    if let Some(c) = condition
        && matches!(c.value, EventCondition::Entered(_))
    {
        cx.err(
            layer,
            CheckError::PieceConditionBeforeMove {
                span: c.span.clone().into(),
            },
        );
        return;
    }
    let condition = condition.map(|c| piece_condition(cx, layer, &c.value));
    for effect in effects {
        match &effect.value {
            Effect::OnlyPiecesOn(set) => {
                let only = cx.positions(layer, set);
                out.holds.push(Hold {
                    key: key.clone(),
                    condition: condition.clone(),
                    only,
                });
            }
            _ => rule(cx, layer, trigger, effect, out),
        }
    }
}

/// The effects that may follow a trigger, as a help line.
fn effects_after(trigger: &Trigger) -> &'static str {
    match trigger {
        Trigger::Capture(_) => {
            "after a capture: `throw again`, `may throw again`, `lose next turn`, `end turn`, \
             `may end turn`, `captured piece goes to ...` or `captured piece is removed`"
        }
        Trigger::Landing(..) => {
            "after landing on squares: `throw again`, `may throw again`, `lose next turn`, `end \
             turn`, `may end turn`, `go to ...`, `may go to ...`, `go to waiting` or `piece is \
             removed`"
        }
        Trigger::Move(_) => {
            "after a move with a throw: `throw again`, `may throw again`, `lose next turn`, `end \
             turn` or `may end turn`"
        }
        Trigger::Pass(_) => "after a pass, only `throw again`: a pass moves no piece",
        Trigger::Passing(_) => {
            "on passing squares, only `go to ...` (without `capturing` or `and stop`): the move \
             ends there instead, and the rules of that square apply"
        }
        Trigger::Retreat => {
            "after a retreat: `lose next turn`, `end turn`, `may end turn` or `piece moves next`"
        }
        Trigger::Entering => {
            "on entering: `throw again`, `may throw again`, `lose next turn`, `end turn`, `may end \
             turn` or `piece moves next`"
        }
        Trigger::EachMove => {
            "on each move, only `only pieces on ... may move`: it is judged before the move"
        }
    }
}

/// The words a trigger is known by in messages.
fn trigger_words(trigger: &Trigger) -> &'static str {
    match trigger {
        Trigger::Capture(_) => "a capture",
        Trigger::Pass(_) => "a pass",
        Trigger::Move(_) => "a move with a throw",
        Trigger::Landing(..) => "landing on a square",
        Trigger::Passing(_) => "passing a square",
        Trigger::Retreat => "a retreat",
        Trigger::Entering => "entering",
        Trigger::EachMove => "the start of each move",
    }
}

fn effect_words(effect: &Effect) -> &'static str {
    match effect {
        Effect::ThrowAgain => "throw again",
        Effect::GoTo {
            capturing: Some(_), ..
        } => "go to ... capturing",
        Effect::GoTo { stop: true, .. } => "go to ... and stop",
        Effect::GoTo { .. } => "go to",
        Effect::GoToWaiting => "go to waiting",
        Effect::Removed => "piece is removed",
        Effect::MayGoTo { .. } => "may go to",
        Effect::MayThrowAgain => "may throw again",
        Effect::MayOther(e) => match **e {
            Effect::GoToWaiting => "may go to waiting",
            Effect::Removed => "may piece is removed",
            ref e => effect_words(e),
        },
        Effect::Captured(_) => "captured piece",
        Effect::LoseTurn => "lose next turn",
        Effect::EndTurn => "end turn",
        Effect::MayEndTurn => "may end turn",
        Effect::MovesNext { .. } => "piece moves next",
        Effect::OnlyPiecesOn(_) => "only pieces on ... may move",
    }
}

/// One effect of one rule.
fn rule(
    cx: &mut Ctx,
    layer: usize,
    trigger: &Spanned<Trigger>,
    effect: &Spanned<Effect>,
    out: &mut Events,
) {
    let (effect_value, may) = match &effect.value {
        Effect::MayOther(inner) if matches!(**inner, Effect::GoToWaiting | Effect::Removed) => {
            (&**inner, true)
        }
        value => (value, false),
    };
    if let Effect::MayOther(inner) = effect_value {
        cx.err(
            layer,
            CheckError::NotOptional {
                span: effect.span.clone().into(),
                effect: match **inner {
                    Effect::Captured(CapturedPlace::Removed) => "captured piece is removed",
                    Effect::Captured(CapturedPlace::Waiting) => "captured piece goes to waiting",
                    Effect::Captured(CapturedPlace::To(_)) => "captured piece goes to ...",
                    ref e => effect_words(e),
                }
                .into(),
            },
        );
        return;
    }
    match (&trigger.value, effect_value) {
        (
            Trigger::Move(_) | Trigger::Pass(_) | Trigger::Landing(..) | Trigger::Capture(_),
            Effect::ThrowAgain,
        ) => throw_again(cx, layer, &trigger.value, out),
        (
            Trigger::Landing(set, by),
            Effect::GoTo {
                to,
                stop,
                capturing,
            }
            | Effect::MayGoTo {
                to,
                stop,
                capturing,
            },
        ) => {
            let may = matches!(effect.value, Effect::MayGoTo { .. });
            let go = (to, *stop, capturing.as_ref());
            landing_go_to(
                cx,
                layer,
                (trigger, set, by.as_ref()),
                go,
                (effect, may),
                out,
            );
        }
        (Trigger::Landing(set, by), Effect::GoToWaiting | Effect::Removed) => {
            let removed = matches!(effect_value, Effect::Removed);
            if may {
                out.optional_said
                    .get_or_insert((layer, effect.span.clone()));
            }
            let Some((side, squares)) = landing_squares(cx, layer, set, by.as_ref()) else {
                return;
            };
            for square in squares {
                let out_of_play = OutOfPlay {
                    square,
                    side,
                    removed,
                    may,
                };
                out.to_waiting
                    .push((out_of_play, layer, trigger.span.clone()));
            }
        }
        (Trigger::Entering, Effect::ThrowAgain) => out.entering.effects.throw_again = true,
        (
            Trigger::Entering,
            Effect::MovesNext {
                ignoring_pairs,
                or_waiting,
            },
        ) => {
            let e = &mut out.entering;
            e.moves_next_said
                .get_or_insert((layer, effect.span.clone()));
            e.effects.moves_next = merge(e.effects.moves_next, *ignoring_pairs, *or_waiting);
        }
        (
            Trigger::Passing(set),
            Effect::GoTo {
                to: dest,
                stop: false,
                capturing: None,
            },
        ) => trap(cx, layer, (&trigger.span, set), dest, out),
        (Trigger::Capture(set), Effect::Captured(place)) => {
            captured(cx, layer, &trigger.span, set.as_ref(), place, out);
        }
        (
            Trigger::Retreat,
            Effect::LoseTurn | Effect::EndTurn | Effect::MayEndTurn | Effect::MovesNext { .. },
        ) => retreat_effect(&mut out.retreat, &effect.value),
        (trigger_value, effect_value) => {
            let help = effects_after(trigger_value).to_string();
            cx.err(
                layer,
                CheckError::EffectNotForTrigger {
                    span: effect.span.clone().into(),
                    effect: effect_words(effect_value).into(),
                    trigger: trigger_words(trigger_value).into(),
                    help,
                },
            );
        }
    }
}

/// `throw again` after a move or a pass with given throws, on landing, on capturing: the
/// throws or positions that give another throw.
fn throw_again(cx: &mut Ctx, layer: usize, trigger: &Trigger, out: &mut Events) {
    match trigger {
        Trigger::Move(list) => {
            let values = cx.throw_values(layer, list);
            out.after_move.extend(values);
        }
        Trigger::Pass(list) => {
            let values = cx.throw_values(layer, list);
            out.after_pass.extend(values);
        }
        Trigger::Landing(set, by) => {
            let mut positions = cx.positions(layer, set);
            if let Some(side) = by.as_ref().and_then(|name| cx.side(layer, name)) {
                only_side(&mut positions, side);
            }
            for (s, list) in positions.0.into_iter().enumerate() {
                out.on_landing.0[s].extend(list);
            }
        }
        Trigger::Capture(set) => {
            let positions = capture_positions(cx, layer, set.as_ref());
            for (s, list) in positions.0.into_iter().enumerate() {
                out.on_capture.0[s].extend(list);
            }
        }
        _ => unreachable!("only these triggers are passed"),
    }
}

/// `landing on SET [by SIDE]: [may] go to M [and stop] [capturing]`: a square effect on each
/// square of the set.
fn landing_go_to(
    cx: &mut Ctx,
    layer: usize,
    (trigger, set, by): (&Spanned<Trigger>, &SetExpr, Option<&Spanned<String>>),
    (to, stop, capturing): (&Destination, bool, Option<&Span>),
    (effect, may): (&Spanned<Effect>, bool),
    out: &mut Events,
) {
    if let (Some(word), Destination::FirstFreeAfter(m) | Destination::FirstFreeBefore(m)) =
        (capturing, to)
    {
        cx.err(
            layer,
            CheckError::CapturingFree {
                span: word.clone().into(),
                square: m.value,
            },
        );
        return;
    }
    if let Some(word) = capturing {
        out.capturing_said.get_or_insert((layer, word.clone()));
    }
    if may {
        out.optional_said
            .get_or_insert((layer, effect.span.clone()));
    }
    let Some((side, squares)) = landing_squares(cx, layer, set, by) else {
        return;
    };
    if let Some(to) = cx.destination(layer, to) {
        for square in squares {
            let effect = SquareEffect {
                square,
                to,
                side,
                may,
                stop,
                capturing: capturing.is_some(),
            };
            out.landing_effects
                .push((effect, layer, trigger.span.clone()));
        }
    }
}

/// `passing SET: go to M`: a trap on each square of the set, each square claimed once (E171
/// otherwise).
fn trap(
    cx: &mut Ctx,
    layer: usize,
    (span, set): (&Span, &SetExpr),
    dest: &Destination,
    out: &mut Events,
) {
    let squares = cx.squares(layer, set);
    let Some(to) = cx.destination(layer, dest) else {
        return;
    };
    for square in squares {
        match claim(&mut out.passing_sources, square, layer, span) {
            Some(first) => {
                let at = (layer, span.clone());
                cx.clash(first, at, |span, first| CheckError::EffectTwice {
                    first: first.map(Into::into),
                    span: span.into(),
                    square: u32::from(square),
                });
            }
            None => out.passing.push(Trap { square, to }),
        }
    }
}

/// One effect of an `on retreat` rule, added to those of the others.
fn retreat_effect(r: &mut RetreatEffects, effect: &Effect) {
    match *effect {
        Effect::LoseTurn => r.lose_turn = true,
        // Of two rules, the forced one wins.
        Effect::EndTurn => r.end_turn = r.end_turn.max(Some(Force::Must)),
        Effect::MayEndTurn => r.end_turn = r.end_turn.max(Some(Force::May)),
        Effect::MovesNext {
            ignoring_pairs,
            or_waiting,
        } => r.moves_next = merge(r.moves_next, ignoring_pairs, or_waiting),
        _ => {}
    }
}

/// The squares a `landing on SET [by SIDE]` trigger names, and the side named; `None` if the
/// side is not one of the rule set's (reported). With a side, positions are that side's.
fn landing_squares(
    cx: &mut Ctx,
    layer: usize,
    set: &SetExpr,
    by: Option<&Spanned<String>>,
) -> Option<(Option<SideId>, Vec<Square>)> {
    let Some(name) = by else {
        return Some((None, cx.squares(layer, set)));
    };
    let side = cx.side(layer, name)?;
    let squares = match set {
        SetExpr::Positions(_) => {
            let positions = cx.positions(layer, set);
            let path = &cx.sides()[side].path;
            let mut squares: Vec<Square> = positions[side]
                .iter()
                .filter_map(|p| path.get(p.index()).copied())
                .collect();
            squares.sort_unstable();
            squares.dedup();
            squares
        }
        _ => cx.squares(layer, set),
    };
    Some((Some(side), squares))
}

/// The capturing side's positions a capture trigger names: every position without a set.
fn capture_positions(cx: &mut Ctx, layer: usize, set: Option<&SetExpr>) -> Sides<Vec<PathPos>> {
    match set {
        Some(set) => cx.positions(layer, set),
        None => cx
            .sides()
            .clone()
            .map(|s| (0..s.path.len()).filter_map(PathPos::from_index).collect()),
    }
}

/// Keeps `side`'s positions only (a rule said `by SIDE`).
fn only_side(positions: &mut Sides<Vec<PathPos>>, side: SideId) {
    for (s, list) in positions.0.iter_mut().enumerate() {
        if s != side.index() {
            list.clear();
        }
    }
}

/// Where pieces captured on a set of squares (every square without one) go.
fn captured(
    cx: &mut Ctx,
    layer: usize,
    span: &Span,
    set: Option<&SetExpr>,
    place: &CapturedPlace,
    out: &mut Events,
) {
    let to = match place {
        CapturedPlace::Waiting => Capture::ToWaiting,
        CapturedPlace::Removed => Capture::Removed,
        CapturedPlace::To(dest) => match cx.destination(layer, dest) {
            Some(d) => Capture::To(d),
            None => return,
        },
    };
    let squares: Vec<Square> = match set {
        Some(set) => cx.squares(layer, set),
        None => {
            let mut all: Vec<Square> = cx.sides().values().flat_map(|s| s.path.clone()).collect();
            all.sort_unstable();
            all.dedup();
            all
        }
    };
    for square in squares {
        match claim(&mut out.captured_sources, square, layer, span) {
            Some(first) => cx.clash(first, (layer, span.clone()), |span, first| {
                CheckError::CapturedTwice {
                    first: first.map(Into::into),
                    span: span.into(),
                    square: u32::from(square),
                }
            }),
            None => out.captured_at.push((square, to)),
        }
    }
}

/// Claims `square` for the rule written at `span` in file `layer`. `None` if no rule had
/// claimed it; else the rule that had (its file and span).
fn claim(
    claims: &mut Vec<(Square, usize, Span)>,
    square: Square,
    layer: usize,
    span: &Span,
) -> Option<(usize, Span)> {
    match claims.iter().find(|(sq, _, _)| *sq == square) {
        Some((_, first_layer, first)) => Some((*first_layer, first.clone())),
        None => {
            claims.push((square, layer, span.clone()));
            None
        }
    }
}
