//! What a rule set gets for a rule it does not state: the one table of defaults. Lowering reads a
//! missing rule's default as if the file said it; `diff` describes it beside a rule set that
//! does state the rule.

use crate::lang::syntax::{
    BackwardSpec, BearWhen, CaptureSpec, DrawStyle, EndSpec, RuleKey, SetExpr, Spanned, Stacking,
    StatementKind as K, TurnSpec,
};

/// The statement a rule set that does not state `key` is taken to say, if the rule has a
/// default. Rules without one (the board, the sides, the throw, ...) must be stated.
pub fn default_statement(key: &RuleKey) -> Option<K> {
    Some(match key {
        RuleKey::Gaps => K::Gaps(Vec::new()),
        RuleKey::Marks => K::Marks(SetExpr::None),
        RuleKey::DrawStyle => K::DrawStyle(DrawStyle::Squares),
        RuleKey::Name(n) => K::Name {
            square: Spanned::new(*n, 0..0),
            text: None,
        },
        RuleKey::Label(n) => K::Label {
            square: Spanned::new(*n, 0..0),
            text: None,
        },
        RuleKey::Sign(n) => K::Sign {
            square: Spanned::new(*n, 0..0),
            sign: None,
        },
        RuleKey::Turn => K::Turn(TurnSpec::ThrowThenMove),
        RuleKey::ExtraAfter => K::ExtraAfter(Vec::new()),
        RuleKey::Begin => K::Begin(Vec::new()),
        RuleKey::FirstMove => K::FirstMove(Vec::new()),
        RuleKey::FirstMoveOrder => K::FirstMoveOrder(false),
        RuleKey::ExtraOn => K::ExtraOn(SetExpr::None),
        RuleKey::Enter => K::Enter(None),
        RuleKey::Capture => K::Capture(CaptureSpec::None),
        RuleKey::Protect => K::Protect(false),
        RuleKey::Safe => K::Safe(SetExpr::None),
        RuleKey::SafeShared => K::SafeShared(false),
        RuleKey::PartnersShare => K::PartnersShare(false),
        RuleKey::SidesPass => K::SidesPass(false),
        RuleKey::Blockade => K::Blockade(None),
        RuleKey::Stop => K::Stop(SetExpr::None),
        RuleKey::Backward => K::Backward(BackwardSpec::default()),
        RuleKey::Priority => K::Priority(SetExpr::None),
        RuleKey::Stacks => K::Stacks(Stacking::None),
        RuleKey::StacksTogether => K::StacksTogether(false),
        RuleKey::Closed => K::Closed(Some(Spanned::new(2, 0..0))),
        RuleKey::Doubles => K::Doubles(crate::types::Doubles::Once),
        RuleKey::Unstack => K::Unstack(crate::types::Unstack::Never),
        RuleKey::Pairs => K::Pairs(false),
        RuleKey::LandAfter => K::LandAfter {
            on: SetExpr::None,
            left: Spanned::new(1, 0..0),
        },
        RuleKey::StacksCount => K::StacksCount {
            most: Spanned::new(1, 0..0),
            on: SetExpr::None,
        },
        RuleKey::UseDice => K::UseDice(crate::types::UseDice::ThenLarger),
        RuleKey::DoubleList(n) => K::DoubleList {
            double: Spanned::new(*n, 0..0),
            dice: Vec::new(),
        },
        RuleKey::OppositeFaces => K::OppositeFaces(false),
        RuleKey::FirstDouble => K::FirstDouble(false),
        RuleKey::EnterFirst => K::EnterFirst(false),
        RuleKey::StacksOn => K::StacksOn {
            most: Spanned::new(1, 0..0),
            on: SetExpr::None,
            until: None,
        },
        RuleKey::LeaveStart => K::LeaveStart(None),
        RuleKey::Combined => K::Combined(false),
        RuleKey::UnusedDice => K::UnusedDice(false),
        RuleKey::OnlyPiecesOn => K::OnlyPiecesOn(SetExpr::None, false),
        RuleKey::NoBackwardFrom => K::NoBackwardFrom(SetExpr::None),
        RuleKey::Direction => K::OneDirection(false),
        RuleKey::AheadEmpty => K::AheadEmpty(SetExpr::None),
        RuleKey::Together => K::Together(SetExpr::None),
        RuleKey::NoneWaits => K::NoneWaits(SetExpr::None),
        RuleKey::EnterBarred => K::EnterBarred(SetExpr::None),
        RuleKey::NoPassing => K::NoPassing(SetExpr::None),
        RuleKey::StopAndGo => K::StopAndGo(SetExpr::None),
        RuleKey::ExtraAddUp => K::ExtraAddUp(false),
        RuleKey::ExtraCap => K::ExtraCap(None),
        RuleKey::ExtraMove => K::ExtraMove(None),
        RuleKey::CountFrom => K::CountFrom(Vec::new()),
        RuleKey::RepeatVoid => K::RepeatVoid(None),
        RuleKey::ExtraTurn => K::ExtraTurn(false),
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
        RuleKey::Score => K::Score(None),
        RuleKey::PinWin => K::PinWin(None),
        RuleKey::PatternWin => K::PatternWin(None),
        RuleKey::MatchTo => K::MatchTo(None),
        RuleKey::MatchGames => K::MatchGames(Vec::new()),
        RuleKey::MatchFirst => K::MatchFirst(None),
        RuleKey::PassScore => K::PassScore(None),
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
        | RuleKey::Link(..)
        | RuleKey::Shortcut(..)
        | RuleKey::DrawStuck
        | RuleKey::LoseStuck
        | RuleKey::LoseNoWayBack
        | RuleKey::LoseUntaken
        | RuleKey::DiceTake
        | RuleKey::EnterAgain
        | RuleKey::Path(_)
        | RuleKey::Sides
        | RuleKey::Teams
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::describe::describe;
    use crate::lang::{SourceFile, parse_file};

    /// The form that takes an inherited rule away ([`RuleKey::removal`]) is a statement with that
    /// rule's key, and means what a file that does not state the rule means.
    #[test]
    fn every_removal_form_parses_to_its_own_key() {
        let text = "name 26 none\nlabel 27 none\nopening blue: none\nsquare 27: none\n\
                    on landing on 26 if its side has pieces on 1..10: none\nmarks none\n\
                    extra throw after none\nextra throw on none\nbegin with none\n\
                    each piece first moves with none\neach piece first moves in any order\n\
                    enter none\ncapture none\nprotect none\n\
                    safe none\nblockade none\nstop on none\nbackward never\npriority none\n\
                    only pieces on none may move while one is there\nno backward moves from none\n\
                    any direction each turn\n\
                    pieces on none move only if the square ahead is empty\n\
                    pieces on none move only when all are there\nno passing on none\npieces may stop on none and go on\nextra throws count once\nseats none\n\
                    bear off always\nonly bear off from none\nretreat none\nmatch points none\n";
        let (file, errors) = parse_file(&SourceFile::new("removals.rules", text));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(file.statements.len(), 32);
        for stmt in &file.statements {
            let key = stmt.kind.key().unwrap();
            let removal = key
                .removal()
                .unwrap_or_else(|| panic!("`{key}` has no removal"));
            let (again, errors) = parse_file(&SourceFile::new("removal.rules", removal.as_str()));
            assert!(errors.is_empty(), "`{removal}`: {errors:?}");
            assert_eq!(
                again.statements[0].kind.key(),
                Some(key.clone()),
                "`{removal}`"
            );
            let default = default_statement(&key)
                .unwrap_or_else(|| panic!("`{key}` can be taken away, so it has a default"));
            assert_eq!(
                describe(&again.statements[0].kind),
                describe(&default),
                "`{removal}` means what a file that does not state `{key}` means"
            );
        }
    }
}
