//! What a rule set gets for a rule it does not state: the one table of defaults. Lowering reads a
//! missing rule's default as if the file said it; `diff` describes it beside a rule set that
//! does state the rule.

use crate::lang::syntax::{
    BackwardSpec, BearWhen, CaptureSpec, EndSpec, RuleKey, SetExpr, Spanned, StatementKind as K,
    TurnSpec,
};

/// The statement a rule set that does not state `key` is taken to say, if the rule has a
/// default. Rules without one (the board, the sides, the throw, ...) must be stated.
pub fn default_statement(key: &RuleKey) -> Option<K> {
    Some(match key {
        RuleKey::Gaps => K::Gaps(Vec::new()),
        RuleKey::Marks => K::Marks(SetExpr::None),
        RuleKey::Name(n) => K::Name {
            square: Spanned::new(*n, 0..0),
            text: None,
        },
        RuleKey::Label(n) => K::Label {
            square: Spanned::new(*n, 0..0),
            text: None,
        },
        RuleKey::Turn => K::Turn(TurnSpec::ThrowThenMove),
        RuleKey::ExtraAfter => K::ExtraAfter(Vec::new()),
        RuleKey::Begin => K::Begin(Vec::new()),
        RuleKey::FirstMove => K::FirstMove(Vec::new()),
        RuleKey::ExtraOn => K::ExtraOn(SetExpr::None),
        RuleKey::Enter => K::Enter(None),
        RuleKey::Capture => K::Capture(CaptureSpec::None),
        RuleKey::Protect => K::Protect(false),
        RuleKey::Safe => K::Safe(SetExpr::None),
        RuleKey::Blockade => K::Blockade(None),
        RuleKey::Stop => K::Stop(SetExpr::None),
        RuleKey::Backward => K::Backward(BackwardSpec::default()),
        RuleKey::Priority => K::Priority(SetExpr::None),
        RuleKey::OnlyPiecesOn => K::OnlyPiecesOn(SetExpr::None),
        RuleKey::NoBackwardFrom => K::NoBackwardFrom(SetExpr::None),
        RuleKey::Direction => K::OneDirection(false),
        RuleKey::AheadEmpty => K::AheadEmpty(SetExpr::None),
        RuleKey::Together => K::Together(SetExpr::None),
        RuleKey::NoPassing => K::NoPassing(SetExpr::None),
        RuleKey::Seats => K::Seats(None),
        RuleKey::Opening(side) => K::Opening {
            side: Spanned::new(side.clone(), 0..0),
            rule: None,
        },
        RuleKey::Square(n) => K::SquareEffect {
            square: Spanned::new(*n, 0..0),
            effect: None,
        },
        RuleKey::BearWhen => K::BearWhen(BearWhen::Always),
        RuleKey::OnlyBearOff => K::OnlyBearOff(SetExpr::None),
        RuleKey::Retreat => K::Retreat(None),
        RuleKey::End => K::End(EndSpec::BoardEmpty),
        RuleKey::MatchPoints => K::MatchPoints(Vec::new()),
        RuleKey::On(trigger, condition) => K::On {
            trigger: Spanned::new(trigger.trigger(), 0..0),
            condition: condition
                .as_ref()
                .map(|c| Spanned::new(c.condition(), 0..0)),
            effects: Vec::new(),
        },
        RuleKey::Ruleset
        | RuleKey::Title
        | RuleKey::Extends
        | RuleKey::Option(_)
        | RuleKey::Board
        | RuleKey::Path(_)
        | RuleKey::Sides
        | RuleKey::Colour(_)
        | RuleKey::Pieces
        | RuleKey::Start
        | RuleKey::Draw(..)
        | RuleKey::First
        | RuleKey::Throw
        | RuleKey::BearOff
        | RuleKey::Win => return None,
    })
}
