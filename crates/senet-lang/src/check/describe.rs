//! Each rule in plain English, for `explain` and `diff`.

use crate::lang::syntax::*;
use crate::types::{Doubles, Lot, Unstack, UseDice};

fn items(list: &[Item]) -> String {
    join(&item_texts(list))
}

/// The items as alternatives: "1, 7 or 23", where a piece stands on one of them.
fn items_or(list: &[Item]) -> String {
    alternatives(&item_texts(list))
}

fn item_texts(list: &[Item]) -> Vec<String> {
    list.iter()
        .map(|i| {
            if i.first == i.last {
                i.first.to_string()
            } else {
                format!("{}-{}", i.first, i.last)
            }
        })
        .collect()
}

fn join(parts: &[String]) -> String {
    match parts {
        [] => "none".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}

fn ints(list: &[Spanned<u32>]) -> String {
    join(&list.iter().map(|v| v.value.to_string()).collect::<Vec<_>>())
}

fn or_list(list: &[Spanned<u32>]) -> String {
    alternatives(&list.iter().map(|v| v.value.to_string()).collect::<Vec<_>>())
}

fn alternatives(parts: &[String]) -> String {
    match parts {
        [] => "none".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
    }
}

fn set(s: &SetExpr) -> String {
    match s {
        SetExpr::None => "no square".into(),
        SetExpr::Squares(i) if i.len() == 1 && i[0].first == i[0].last => {
            format!("square {}", i[0].first)
        }
        SetExpr::Squares(i) => format!("squares {}", items(i)),
        SetExpr::Positions(i) if i.len() == 1 && i[0].first == i[0].last => {
            format!("path position {}", i[0].first)
        }
        SetExpr::Positions(i) => format!("path positions {}", items(i)),
    }
}

/// A set where a piece stands on, lands on or passes one of its squares: "squares 1, 7 or 23".
fn one_of(s: &SetExpr) -> String {
    match s {
        SetExpr::Squares(i) if i.len() > 1 => format!("squares {}", items_or(i)),
        SetExpr::Positions(i) if i.len() > 1 => format!("path positions {}", items_or(i)),
        _ => set(s),
    }
}

/// What a square effect does when its destination has no room.
fn stays(d: &Destination) -> &'static str {
    match d {
        Destination::Square(_) => " (if it is taken, the piece stays)",
        _ => "",
    }
}

/// What a capture does when the captured piece has no room where it must go.
fn no_room(d: &Destination) -> &'static str {
    match d {
        Destination::Square(_) => " (while it is taken, no capture sends a piece there)",
        _ => " (with no free square there, the capture is not allowed)",
    }
}

fn dest(d: &Destination) -> String {
    match d {
        Destination::Square(s) => format!("square {}", s.value),
        Destination::FirstFreeAfter(s) => {
            format!("square {}, or the first free square after it", s.value)
        }
        Destination::FirstFreeBefore(s) => {
            format!("square {}, or the first free square before it", s.value)
        }
    }
}

/// An event rule's trigger: `After a capture on squares 28-30`.
fn trigger(t: &Trigger) -> String {
    match t {
        Trigger::Capture(None) => "After a capture".into(),
        Trigger::Capture(Some(s)) => format!("After a capture on {}", one_of(s)),
        Trigger::Pass(v) => format!("After a pass with a throw of {}", or_list(v)),
        Trigger::Move(v) => format!("After a move with a throw of {}", or_list(v)),
        Trigger::Landing(s, None) => format!("When a move ends on {}", one_of(s)),
        Trigger::Landing(s, Some(side)) => {
            format!("When a move of {} ends on {}", side.value, one_of(s))
        }
        Trigger::Passing(s) => format!("When a forward move would pass over {}", one_of(s)),
        Trigger::Retreat => "After a retreat".into(),
        Trigger::Entering => "When a piece enters".into(),
        Trigger::EachMove => "Before each move".into(),
    }
}

/// What `capturing` adds to a `go to` effect.
const CAPTURING: &str = "; an enemy piece there is captured as by a move that ends there (if a \
                         piece of its own side stands there, or the enemy piece cannot be \
                         captured, the piece stays where it landed)";

/// What `and stop` adds to a `go to` effect.
fn stops(stop: bool) -> &'static str {
    if stop {
        " and stops there (no effect of that square sends it further)"
    } else {
        ""
    }
}

/// An event rule's condition, as words that follow its trigger.
fn condition(c: Option<&Spanned<EventCondition>>, before_move: bool) -> String {
    let Some(c) = c else {
        return String::new();
    };
    let (other, has, squares) = match &c.value {
        EventCondition::Pieces { other, has, set } => (*other, *has, set),
        EventCondition::Entered(true) => return " if the piece entered with this move".into(),
        EventCondition::Entered(false) => return " if the piece was on the board before".into(),
    };
    format!(
        " while {} {} {}",
        match (other, before_move) {
            (true, _) => "the other side",
            (false, true) => "the side to move",
            (false, false) => "the side that moved",
        },
        if has {
            "has a piece on"
        } else {
            "has no piece on"
        },
        one_of(squares)
    )
}

fn effect(e: &Effect) -> String {
    match e {
        Effect::ThrowAgain => "the side throws again".into(),
        Effect::GoTo {
            to,
            stop,
            capturing: None,
        } => {
            format!("the piece goes on to {}{}{}", dest(to), stays(to), stops(*stop))
        }
        Effect::GoTo { to, stop, .. } => {
            format!("the piece goes on to {}{}{CAPTURING}", dest(to), stops(*stop))
        }
        Effect::Captured(CapturedPlace::Waiting) => {
            "the captured piece goes back to waiting and must enter again".into()
        }
        Effect::Captured(CapturedPlace::Removed) => {
            "the captured piece is removed from the game".into()
        }
        Effect::Captured(CapturedPlace::To(d)) => {
            format!("the captured piece goes to {}{}", dest(d), no_room(d))
        }
        Effect::LoseTurn => "the side loses its next turn".into(),
        Effect::GoToWaiting => "the piece goes back to waiting and must enter again".into(),
        Effect::Removed => "the piece leaves the game".into(),
        Effect::MayGoTo { to, stop, capturing } => format!(
            "the player may send the piece on to {} or leave it there{}{}",
            dest(to),
            stops(*stop),
            if capturing.is_some() { CAPTURING } else { "" },
        ),
        Effect::MayThrowAgain => {
            "the player may throw again, or end the turn there".into()
        }
        Effect::MayOther(e) if matches!(**e, Effect::GoToWaiting) => {
            "the player may send the piece back to waiting (to enter again) or leave it there".into()
        }
        Effect::MayOther(e) if matches!(**e, Effect::Removed) => {
            "the player may take the piece out of the game or leave it there".into()
        }
        Effect::MayOther(e) => format!("the player may decline this: {}", effect(e)),
        Effect::EndTurn => "the side's turn ends (throws not yet played are lost)".into(),
        Effect::MayEndTurn => {
            "the player may end the turn there (throws not yet played and any extra throw are lost) or go on".into()
        }
        Effect::OnlyPiecesOn(s) => format!("only the side's pieces on {} may move", set(s)),
        Effect::MovesNext {
            ignoring_pairs: true,
            ..
        } => "the piece must make its side's next move, and may then capture a piece that a pair protects".into(),
        Effect::MovesNext {
            or_waiting: true, ..
        } => "the piece must make its side's next move (a split throw may move others too, as long as this one moves); if it cannot move, it goes back to waiting".into(),
        Effect::MovesNext { .. } => {
            "the piece must make its side's next move (a split throw may move others too, as long as this one moves)".into()
        }
    }
}

/// A rule in plain English, by the function for its family of rules.
pub fn describe(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Ruleset(_) | K::Title(_) | K::Source(_) | K::Extends(_) | K::Option { .. } => {
            header_rule(kind)
        }
        K::Board { .. }
        | K::Gaps(_)
        | K::Name { .. }
        | K::Label { .. }
        | K::Sign { .. }
        | K::Draw { .. }
        | K::DrawStyle(_)
        | K::Marks(_)
        | K::Link { .. } => board_rule(kind),
        K::Path { .. }
        | K::Shortcut(_)
        | K::Sides(_)
        | K::Teams(_)
        | K::Colour { .. }
        | K::Pieces(_) => path_rule(kind),
        K::Start(_)
        | K::First { .. }
        | K::FirstByOpening(_)
        | K::FirstMoveOrder(_)
        | K::Begin(_)
        | K::FirstMove(_)
        | K::Seats(_)
        | K::Opening { .. } => start_rule(kind),
        K::Throw(_)
        | K::ExtraAfter(_)
        | K::ExtraOn(_)
        | K::Turn(_)
        | K::ExtraAddUp(_)
        | K::ExtraCap(_)
        | K::ExtraMove(_)
        | K::CountFrom(_)
        | K::RepeatVoid(_)
        | K::ExtraTurn(_) => throw_rule(kind),
        K::Enter(_)
        | K::Capture(_)
        | K::Protect(_)
        | K::Safe(_)
        | K::SafeShared(_)
        | K::PartnersShare(_)
        | K::SidesPass(_)
        | K::Blockade(_) => capture_rule(kind),
        K::Stacks(_)
        | K::StacksTogether(_)
        | K::Closed(_)
        | K::Doubles(_)
        | K::Unstack(_)
        | K::Pairs(_)
        | K::StacksCount { .. }
        | K::LandAfter { .. }
        | K::UseDice(_)
        | K::EnterFirst(_)
        | K::StacksOn { .. }
        | K::LeaveStart(_)
        | K::Combined(_)
        | K::UnusedDice(_)
        | K::DiceTake
        | K::EnterAgain
        | K::DoubleList { .. }
        | K::OppositeFaces(_)
        | K::FirstDouble(_) => tables_rule(kind),
        K::Stop(_)
        | K::Backward(_)
        | K::Priority(_)
        | K::NoBackwardFrom(_)
        | K::OneDirection(_)
        | K::AheadEmpty(_)
        | K::StopAndGo(_)
        | K::NoPassing(_)
        | K::Together(_)
        | K::NoneWaits(_)
        | K::EnterBarred(_)
        | K::OnlyPiecesOn(..)
        | K::Retreat(_) => move_rule(kind),
        K::BearOff(_)
        | K::BearWhen(_)
        | K::OnlyBearOff(_)
        | K::Win(_)
        | K::End(_)
        | K::MatchPoints(_)
        | K::Score(_)
        | K::PinWin(_)
        | K::PatternWin(_)
        | K::MatchTo(_)
        | K::MatchGames(_)
        | K::MatchFirst(_)
        | K::PassScore(_)
        | K::DrawStuck
        | K::LoseStuck
        | K::LoseNoWayBack
        | K::LoseUntaken => end_rule(kind),
        K::SquareEffect { .. } | K::On { .. } => event_rule(kind),
    }
}

/// The rules about the rule set itself: its id, title, source, base and options.
fn header_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Ruleset(id) => format!("Rule set `{}`.", id.value),
        K::Title(t) => t.clone(),
        K::Source(Some(s)) => format!("Source: {s}."),
        K::Source(None) => "The sources of the rule sets it extends are not its own.".into(),
        K::Extends(t) => format!("Extends `{}`.", t.value),
        K::Option {
            name,
            values,
            default,
        } => format!(
            "Option `{}`: {} (default {}).",
            name.value,
            alternatives(
                &values
                    .iter()
                    .map(|v| v.value.to_string())
                    .collect::<Vec<_>>()
            ),
            default.value
        ),
        other => unreachable!("not a rule about the rule set: {other:?}"),
    }
}

/// The rules about the board: its size, gaps, names, labels, drawing and marks.
fn board_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Board {
            rows,
            cols,
            numbering,
        } => format!(
            "A board of {} {} of {} squares, numbered {}.",
            rows.value,
            if rows.value == 1 { "row" } else { "rows" },
            cols.value,
            match numbering {
                Numbering::Snake => "as a snake (alternate rows run back)",
                Numbering::Rows => "row by row, left to right",
            }
        ),
        K::Gaps(i) if i.is_empty() => "Every cell of the grid is a square.".into(),
        K::Gaps(i) if i.len() == 1 && i[0].first == i[0].last => {
            format!("Square {} is a gap, not part of the board.", items(i))
        }
        K::Gaps(i) => format!("Squares {} are gaps, not part of the board.", items(i)),
        K::Name {
            square,
            text: Some(text),
        } => format!("Square {} is the {}.", square.value, text),
        K::Name { square, text: None } => format!("Square {} has no name.", square.value),
        K::Label {
            square,
            text: Some(text),
        } => format!("Square {} is marked \"{}\".", square.value, text),
        K::Label { square, text: None } => format!("Square {} has no label.", square.value),
        K::Sign {
            square,
            sign: Some(sign),
        } => format!("Square {} is drawn with {}.", square.value, sign.said()),
        K::Sign { square, sign: None } => format!("Square {} has no sign.", square.value),
        K::DrawStyle(DrawStyle::Tables) => "The squares are drawn as the points of a tables board: long triangles from each row's edge toward the middle.".into(),
        K::DrawStyle(DrawStyle::Squares) => "The squares are drawn as squares (or holes, where they are drawn at points).".into(),
        K::DrawStyle(DrawStyle::Cloth) => "The squares are drawn as the squares of a cloth board, a marked square with a cross.".into(),
        K::Draw {
            squares,
            rows,
            cols,
        } => {
            let range = |i: &Item| {
                if i.first == i.last {
                    i.first.to_string()
                } else {
                    format!("{}-{}", i.first, i.last)
                }
            };
            let (noun, verb) = if squares.first == squares.last {
                ("Square", "is")
            } else {
                ("Squares", "are")
            };
            format!(
                "{noun} {} {verb} drawn at row {}, column {} (from the top left).",
                range(squares),
                range(rows),
                range(cols)
            )
        }
        K::Marks(SetExpr::None) => "No square is marked.".into(),
        K::Marks(s) => format!("Marked on the board (a rosette, a ring or a cross, as it is drawn): {}.", set(s)),
        K::Link { from, to } => format!(
            "Squares {} and {} are neighbours (a line of the board joins them): a path may step from one to the other.",
            from.value, to.value
        ),
        other => unreachable!("not a rule about the board: {other:?}"),
    }
}

/// The rules about the paths, the sides and their pieces.
fn path_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Path {
            side,
            items: i,
            breaks,
            looped,
        } => {
            let whose = match side {
                None => "Both sides share one path".to_string(),
                Some(s) => format!("{}'s path", s.value),
            };
            if *looped {
                format!(
                    "{whose} is a loop: squares {}, and after the last square on from the first again (no piece bears off).",
                    items(i)
                )
            } else if breaks.is_empty() {
                format!("{whose}: squares {}.", items(i))
            } else {
                let mut cuts = vec![0];
                cuts.extend(breaks.iter().copied());
                cuts.push(i.len());
                let parts: Vec<String> = cuts.windows(2).map(|w| items(&i[w[0]..w[1]])).collect();
                format!(
                    "{whose}, in {} parts, each running to the goal (a piece moves on within its part; a line may take it to another): squares {}.",
                    parts.len(),
                    parts.join("; then ")
                )
            }
        }
        K::Shortcut(i) => format!(
            "A shortcut across the board: squares {}. A piece that begins its move on its first square may take it (or go on along its path), as may one on its squares between; once on it, a piece follows it to its last square and goes on along its path from there.",
            items(i)
        ),
        K::Sides(names) if names.len() == 2 => format!(
            "Two sides, in side order: {}.",
            join(&names.iter().map(|n| n.value.clone()).collect::<Vec<_>>())
        ),
        K::Sides(names) => format!(
            "{} sides, in side order, which is the order of their turns: {}.",
            names.len(),
            join(&names.iter().map(|n| n.value.clone()).collect::<Vec<_>>())
        ),
        K::Teams(teams) => format!(
            "Partners win together and never take each other's pieces: {}.",
            teams
                .iter()
                .map(|t| join(&t.iter().map(|n| n.value.clone()).collect::<Vec<_>>()))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        K::Colour { side, colour } => format!("{} is drawn in {}.", side.value, colour.value),
        K::Pieces(n) if n.value == 1 => "Each side has 1 piece.".into(),
        K::Pieces(n) => format!("Each side has {} pieces.", n.value),
        other => unreachable!("not a rule about paths or sides: {other:?}"),
    }
}

/// The rules about how the game starts: where pieces stand, who moves first, the first moves, the seats and the opening.
fn start_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Start(StartSpec::Waiting) => "All pieces start off the board, waiting to enter.".into(),
        K::Start(StartSpec::Alternating(n)) => {
            format!("The pieces start alternating from square {}, the first side on square {}.", n.value, n.value)
        }
        K::Start(StartSpec::Explicit(list, rest)) => {
            let parts: Vec<String> = list.iter().map(|(s, i)| format!("{} on {}", s.value, items(i))).collect();
            let rest = if *rest { "; the rest start off the board, waiting to enter" } else { "" };
            format!("The pieces start {}{rest}.", parts.join("; "))
        }
        K::First {
            side,
            throw_off: false,
        } => format!("{} moves first.", side.value),
        K::First { side, .. } => format!(
            "Before the first turn each side throws once, in side order: the higher throw moves first; on equal throws {} does.",
            side.value
        ),
        K::FirstByOpening(OpeningThrow::PlaysBoth) => "Before the first turn each side throws one die, in side order, again and again while they are equal: the side with the higher die moves first, and plays the two dice thrown as its first throw.".into(),
        K::FirstByOpening(OpeningThrow::ThrowsAgain) => "Before the first turn each side throws one die, in side order, again and again while they are equal: the side with the higher die moves first, and throws again to begin.".into(),
        K::FirstMoveOrder(true) => "A piece that started on the board and has not moved yet waits while the nearest piece ahead of it on its path (of either side) has not moved either; the front piece moves freely.".into(),
        K::FirstMoveOrder(false) => "Pieces that have not moved yet may make their first moves in any order.".into(),
        K::Begin(v) if v.is_empty() => "A side may move from its first throw.".into(),
        K::FirstMove(v) if v.is_empty() => "A piece may make its first move with any throw.".into(),
        K::FirstMove(v) => format!(
            "A piece that started on the board and has not moved yet moves only with a throw of {}.",
            or_list(v)
        ),
        K::Begin(v) => format!(
            "A side makes no move until it throws {} (every throw before passes; that throw is played).",
            or_list(v)
        ),
        K::Seats(None) => "Seats are not thrown for.".into(),
        K::Seats(Some(s)) => format!(
            "Before the game the players throw in turn until one throws {}; that player takes {}.",
            s.until.value, s.side.value
        ),
        K::Opening { side, rule: None } => format!("{} has no forced opening move.", side.value),
        K::Opening { side, rule: Some(OpeningRule::FirstMoveWithFrontPiece) } => {
            format!("{}'s first move must use its front piece.", side.value)
        }
        K::Opening { side, rule: Some(OpeningRule::FrontPieceMoves { steps, throw_again }) } => format!(
            "{}'s first move is forced: its front piece moves {} square{}{}.",
            side.value,
            steps.value,
            if steps.value == 1 { "" } else { "s" },
            if *throw_again { ", then it throws again" } else { "" }
        ),
        other => unreachable!("not a rule about the start: {other:?}"),
    }
}

/// The rules about throwing: the device, extra throws and the turn.
fn throw_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Throw(ThrowSpec::Die { faces }) => format!("Throw one fair {}-sided die (1-{}).", faces.value, faces.value),
        K::Throw(ThrowSpec::Dice { faces, fixed, each: true, .. }) if !fixed.is_empty() => {
            let always: Vec<String> = fixed.iter().map(|f| f.value.to_string()).collect();
            format!(
                "Throw {}, and play a {} besides with every throw; each die is played on its own, moving one piece by its number.",
                dice_words(faces),
                always.join(" and a ")
            )
        }
        K::Throw(ThrowSpec::Dice { faces, each: true, .. }) => {
            format!("Throw {}; each die is played on its own, moving one piece by its number.", dice_words(faces))
        }
        K::Throw(ThrowSpec::Dice { faces, table: None, .. }) => {
            format!("Throw {} and count the sum.", dice_words(faces))
        }
        K::Throw(ThrowSpec::Dice { faces, table: Some(rows), .. }) => {
            let parts: Vec<String> = rows
                .iter()
                .map(|(shown, v)| {
                    let shown: Vec<String> = shown.iter().map(|f| f.value.to_string()).collect();
                    format!("{} = {}", shown.join(" "), v.value)
                })
                .collect();
            format!("Throw {}; the faces shown give: {}.", dice_words(faces), parts.join(", "))
        }
        K::Throw(ThrowSpec::Sticks {
            count,
            table,
            lot: Lot::Sticks,
            marked,
        }) if !marked.is_empty() => {
            let mut t: Vec<_> = table.iter().map(|(c, v)| (c.value, v.value)).collect();
            t.sort();
            let mut parts = vec!["1 marked side up = the number on that stick".to_string()];
            parts.extend(t.iter().map(|(c, v)| format!("{c} marked = {v}")));
            format!(
                "Throw {} two-sided sticks, one side of each marked with a number ({}), and count the marked sides up: {}.",
                count.value,
                ints(marked),
                parts.join(", ")
            )
        }
        K::Throw(ThrowSpec::Sticks { count, table, lot, .. }) => {
            let mut t: Vec<_> = table.iter().map(|(c, v)| (c.value, v.value)).collect();
            t.sort();
            let (each, what) = match lot {
                Lot::Sticks => ("two-sided sticks and count the light sides", "light"),
                Lot::Tetrahedra => ("tetrahedral dice (two tips of each marked) and count the marked tips up", "marked"),
                Lot::Cowries => ("cowrie shells and count the mouths up", "mouths up"),
            };
            let parts: Vec<String> = t
                .iter()
                .map(|&(c, v)| match (lot, c) {
                    (Lot::Cowries, 1) => format!("1 mouth up = {v}"),
                    _ => format!("{c} {what} = {v}"),
                })
                .collect();
            format!("Throw {} {each}: {}.", count.value, parts.join(", "))
        }
        K::ExtraAfter(v) if v.is_empty() => "No throw value gives an extra throw.".into(),
        K::ExtraAfter(v) => format!("A throw of {} gives an extra throw after the move.", or_list(v)),
        K::ExtraOn(SetExpr::None) => "No square gives an extra throw.".into(),
        K::ExtraOn(s) => format!("A move that ends on {} gives an extra throw.", one_of(s)),
        K::Turn(TurnSpec::ThrowThenMove) => "A turn is one throw and one move.".into(),
        K::Turn(TurnSpec::ThrowThenSplit) => {
            "A turn is one throw, which may be split among pieces; a piece enters only with a whole throw.".into()
        }
        K::Turn(TurnSpec::AccumulateThenEach { again }) => format!(
            "A turn throws again while the throw is {}, then plays each throw whole, one at a time, in any order.",
            or_list(again)
        ),
        K::Turn(TurnSpec::AccumulateThenSplit { again }) => format!(
            "A turn throws again while the throw is {}, adds all the throws, then splits the total among pieces.",
            or_list(again)
        ),
        K::ExtraAddUp(true) => "Extra throws add up: every cause of an extra throw (the value thrown, each square landed on that throws again, a capture, an event rule) gives one, and the side throws as many times more before its turn ends.".into(),
        K::ExtraAddUp(false) => "A move earns one extra throw at most, whatever gives it.".into(),
        K::ExtraCap(Some(n)) => format!(
            "A turn gives {} extra throw{} at most: a move or a pass that would give another ends the turn.",
            n.value,
            if n.value == 1 { "" } else { "s" }
        ),
        K::ExtraCap(None) => "A turn gives as many extra throws as its moves earn.".into(),
        K::ExtraMove(Some(m)) => format!(
            "A throw of {} also gives a move of {}, played in the same turn as any other throw held, in any order{}.",
            or_list(&m.after),
            m.value.value,
            if m.entering_first {
                "; that move enters a waiting piece where one can"
            } else {
                ""
            }
        ),
        K::ExtraMove(None) => "No throw gives a move besides its own.".into(),
        K::CountFrom(v) if v.is_empty() => "Every throw counts.".into(),
        K::CountFrom(v) => format!(
            "While a side has no piece on the board, the throws of its turn before a {} are lost.",
            or_list(v)
        ),
        K::RepeatVoid(None) => "Throws of one value in a row count as any others.".into(),
        K::RepeatVoid(Some(n)) => format!(
            "A throw equal to the {} made just before it in the turn does not count, nor do they: the side no longer holds them (nor the moves they gave), and throws again as that throw's value says.",
            if n.value == 2 { "one".to_string() } else { format!("{}", n.value.saturating_sub(1)) }
        ),
        K::ExtraTurn(true) => "A turn whose dice all show one number (doubles, or triples with three dice) is followed by another turn of the same side, whether it moved or passed.".into(),
        K::ExtraTurn(false) => "Equal dice give no other turn.".into(),
        other => unreachable!("not a rule about throws: {other:?}"),
    }
}

/// The rules about entering, capture, protection and blockades.
fn capture_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Enter(None) => "There is no entering: pieces start on the board.".into(),
        K::Enter(Some(e)) => {
            let with = match &e.throws {
                Some(t) => format!("With a throw of {}, a", ints(t)),
                None => "A".into(),
            };
            let onto = match &e.onto {
                EnterOnto::Throw(None) => "the path position equal to the throw".to_string(),
                EnterOnto::Throw(Some(n)) => format!(
                    "the path position the throw counts to from position {} (a throw of 1 enters on position {})",
                    n.value,
                    n.value + 1
                ),
                EnterOnto::Position(p) => format!("path position {}", p.value),
            };
            let cond = if e.if_empty { ", only if it is empty" } else { "" };
            format!("{with} waiting piece may enter onto {onto}{cond}; entering is a move.")
        }
        K::Capture(c) => match c {
            CaptureSpec::None => "Pieces never capture: a move onto an enemy piece is not allowed.".into(),
            CaptureSpec::Swap => "Landing on an enemy piece captures it by swap: it goes to the square the capturer came from.".into(),
            CaptureSpec::Removed => "Landing on an enemy piece captures it: it is removed from the game.".into(),
            CaptureSpec::ToPosition(n, None) => format!("Landing on a lone enemy piece captures it: it goes back to position {} of its own path (where the enemy holds that point, it waits to enter again).", n.value),
            CaptureSpec::ToPosition(n, Some(m)) => format!("Landing on a lone enemy piece captures it: it goes back to the first of positions {} to {} of its own path, in that order, where the enemy has no piece (where the enemy holds them all, it waits to enter again).", n.value, m.value),
            CaptureSpec::Pin => "Landing on a lone enemy piece pins it: it stays there, held, until every piece on it has left; no piece of its side lands there, and its side bears off none while it is held.".into(),
            CaptureSpec::ToWaiting => "Landing on an enemy piece captures it: it goes back to waiting and must enter again.".into(),
            CaptureSpec::To(d) => format!("Landing on an enemy piece captures it: it goes to {}{}.", dest(d), no_room(d)),
        },
        K::Protect(true) => "A piece with a piece of its own side next to it along the path cannot be captured.".into(),
        K::Protect(false) => "Neighbours give no protection.".into(),
        K::Safe(SetExpr::None) => "No square is safe.".into(),
        K::Safe(s) => format!("Pieces on {} are safe from capture.", set(s)),
        K::SafeShared(true) => "Pieces of different sides may stand together on a safe square: a piece lands beside an enemy piece there, and takes none.".into(),
        K::SafeShared(false) => "No piece lands on an enemy piece on a safe square.".into(),
        K::PartnersShare(true) => "Partners' pieces may stand together on a square: a piece lands beside its partners' pieces, and an enemy landing there takes (or is kept out by) each side's pieces as if they stood alone.".into(),
        K::PartnersShare(false) => "No piece lands on a partner's piece.".into(),
        K::SidesPass(true) => "A side may pass, leaving its throw unplayed, though it could move (after a throw that throws again, it throws again).".into(),
        K::SidesPass(false) => "A side passes only when no move is legal.".into(),
        K::Blockade(Some(n)) => format!(
            "{} or more pieces of one side in a row form a blockade that enemy pieces cannot pass.",
            n.value
        ),
        K::Blockade(None) => "There are no blockades.".into(),
        other => unreachable!("not a rule about entering or capture: {other:?}"),
    }
}

/// The rules of stacked pieces and of dice played one by one.
fn tables_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Stacks(Stacking::None) => "A square holds one piece at most.".into(),
        K::Stacks(Stacking::Any) => "Any number of pieces of one side may stand on a square.".into(),
        K::Stacks(Stacking::UpTo(n)) => format!("Up to {} pieces of one side may stand on a square.", n.value),
        K::StacksTogether(true) => "A piece moves with every piece of its side on its square, as one: the stack moves together, and is taken whole.".into(),
        K::StacksTogether(false) => "A piece moves alone, leaving the other pieces of its stack where they stand.".into(),
        K::Closed(None) => "No number of pieces closes a square: a move onto enemy pieces takes them all, however many (what becomes of them is the rule `capture`).".into(),
        K::Closed(Some(n)) if n.value == 1 => "A square held by an enemy piece is closed: no piece lands there, and no piece is hit.".into(),
        K::Closed(Some(n)) => format!(
            "A square held by {} or more pieces of one side is closed to the other; a move may land on fewer enemy pieces (what becomes of them is the rule `capture`).",
            n.value
        ),
        K::Doubles(Doubles::Twice) => "A double is played twice over: four moves for two dice.".into(),
        K::Doubles(Doubles::Once) => "A double is played as thrown: one move for each die.".into(),
        K::Doubles(Doubles::OneDie) => "A double is played as one die: one move of its number.".into(),
        K::Doubles(Doubles::Thrice) => "A throw of equal dice is played three times over: nine moves for three dice.".into(),
        K::Doubles(Doubles::Total) => "A double takes as many pieces as its dice add up to (a double of 3s six), each unstacked, or borne off where bearing off is allowed, from any point.".into(),
        K::Doubles(Doubles::AsShown) => "A double is played as many times as it shows: a double of 4s is four moves of 4, of 6s six moves of 6.".into(),
        K::Pairs(true) => "Of three dice, a pair above the third is played twice over, and the third once; a pair below the third is played as thrown.".into(),
        K::Pairs(false) => "A pair among three dice is played as thrown.".into(),
        K::LandAfter { on: SetExpr::None, .. } => "A piece may land anywhere its move allows, whatever stays at the start.".into(),
        K::LandAfter { on, left } => format!(
            "No piece lands on {} until {} pieces of its side have left the start (position 1, and the pieces waiting to enter count as at the start).",
            set(on),
            left.value
        ),
        K::StacksCount { on: SetExpr::None, .. } => "No limit on how many places hold a side's stacks.".into(),
        K::StacksCount { most, on } => format!(
            "A side's stacks (two pieces or more on a place) stand on at most {} of {}: no move makes another there.",
            most.value,
            set(on)
        ),
        K::Unstack(Unstack::First) => "The pieces stacked on a point at the start are taken off their stacks before any piece moves: a die of N takes one off the stack on position N (and is lost where none is left there).".into(),
        K::Unstack(Unstack::ThenRestack) => "The pieces stacked on a point at the start are taken off their stacks, a die of N taking one off on position N, and once all are off they are put back, the same way, until the stacks are as they began; only then does a piece move.".into(),
        K::Unstack(Unstack::Never) => "No pieces are unstacked before the game.".into(),
        K::UseDice(UseDice::ThenLarger) => "A turn must use as many dice as some sequence of moves can; where only one die of a throw can be used, the larger if it can.".into(),
        K::UseDice(UseDice::Most) => "A turn must use as many dice as some sequence of moves can.".into(),
        K::UseDice(UseDice::SmallerOrNone) => "A turn must use as many dice as some sequence of moves can, the smaller die among them; a side that cannot use the smaller die does not move.".into(),
        K::DoubleList { double, dice } if dice.is_empty() => format!("A double of {} is played as the rules on doubles say.", double.value),
        K::DoubleList { double, dice } => format!(
            "A double of {} is played as {}, in that order; the turn ends where the next cannot be played.",
            double.value,
            dice.iter().map(|d| d.value.to_string()).collect::<Vec<_>>().join(", ")
        ),
        K::OppositeFaces(true) => "Once every die of a double is played, the player may play as many dice again of the faces beneath them (7 less: a double of 2s gives 5s), some, all or none.".into(),
        K::OppositeFaces(false) => "A double is played by its faces shown only.".into(),
        K::FirstDouble(true) => "A side's first double is played as thrown, one move a die, and gives no extra turn; its later doubles as the rules on doubles say.".into(),
        K::FirstDouble(false) => "A side's first double is played as any other.".into(),
        K::EnterFirst(true) => "While a piece of a side waits to enter, no other piece of that side moves.".into(),
        K::EnterFirst(false) => "A waiting piece enters when its player chooses.".into(),
        K::StacksOn { on: SetExpr::None, .. } => "No place has a stack limit of its own.".into(),
        K::StacksOn { most, on, until } => {
            let until = until.as_ref().map_or_else(String::new, |m| {
                format!(", until a piece of the side has landed on position {}", m.value)
            });
            if most.value == 1 {
                format!(
                    "No piece lands on a piece of its own side on {}{until} (pieces placed there at the start may stand together).",
                    set(on)
                )
            } else {
                format!(
                    "No move makes a stack of more than {} pieces of a side on {}{until} (pieces placed there at the start may stand together).",
                    most.value,
                    set(on)
                )
            }
        }
        K::LeaveStart(Some(n)) => format!(
            "Once a piece of a side has left position 1, no other leaves it until that piece has reached position {} (or has been hit, or a second piece has left).",
            n.value
        ),
        K::LeaveStart(None) => "Pieces leave the start whenever their player chooses.".into(),
        K::Combined(true) => "A piece may move by the sum of two or more dice at once, landing only at the end; a die is never split between pieces.".into(),
        K::Combined(false) => "Each die moves a piece on its own.".into(),
        K::UnusedDice(true) => "The dice a side cannot use pass to the other side, which plays them as its next turn instead of throwing; dice passed that it cannot use either are lost.".into(),
        K::UnusedDice(false) => "A die that cannot be used is lost.".into(),
        K::DiceTake => "A die of N may take the other side's piece that stands alone on its own N-th position, moving no piece: the taken piece waits to enter again.".into(),
        K::EnterAgain => "A side that has borne off all its pieces has not won yet: they wait and enter again, a die of N onto its path position N while fewer of its pieces stand there than started there, and no piece on the board moves meanwhile; the side wins once all have entered, its start rebuilt.".into(),
        other => unreachable!("not a rule of stacks or dice: {other:?}"),
    }
}

/// The rules about moving: stops, backward moves, priority, direction, the squares that hold pieces back and retreats.
fn move_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::Stop(SetExpr::None) => "Pieces may pass over any square.".into(),
        K::Stop(s) => format!("No move may pass over {}: a piece must stop there.", one_of(s)),
        K::Backward(b) if !b.allowed => "There are no backward moves: with no legal move, the player passes.".into(),
        K::Backward(b) => format!(
            "{} by the throw{}{}.",
            if b.per_piece {
                "A piece that has no forward move moves backwards instead"
            } else {
                "If no forward move exists, a piece must move backwards"
            },
            if b.onto_empty { ", onto an empty square only" } else { "" },
            if b.split { "; in a split turn the total may be shared among pieces moving backwards, as forwards" } else { "" }
        ),
        K::Priority(SetExpr::None) => "Any piece that can move may be moved.".into(),
        K::Priority(s) => format!("If a piece on {} can move, one of those must move.", one_of(s)),
        K::NoBackwardFrom(SetExpr::None) => {
            "Backward moves, where they apply, start from any square.".into()
        }
        K::NoBackwardFrom(s) => format!("No piece moves backwards from {}.", one_of(s)),
        K::OneDirection(true) => "All the moves of a turn go one way: once a side has moved a piece forward in its turn (entering counts), it moves none backwards until the turn ends, and once it has moved one backwards, every other move of the turn is backwards too.".into(),
        K::OneDirection(false) => "The moves of one turn may go either way.".into(),
        K::AheadEmpty(SetExpr::None) => "A piece may move whatever stands ahead of it.".into(),
        K::StopAndGo(SetExpr::None) => "In a split turn each piece moves at most once.".into(),
        K::StopAndGo(s) => format!(
            "In a split turn a piece may stop on {} part way and move on with more of the total (landing there counts as landing).",
            one_of(s)
        ),
        K::NoPassing(SetExpr::None) => "A piece may pass over its own pieces anywhere.".into(),
        K::NoPassing(s) => format!(
            "No piece passes over a piece of its own side standing on {}.",
            one_of(s)
        ),
        K::Together(SetExpr::None) => "No square holds a piece until the others come.".into(),
        K::Together(s) => format!(
            "A piece on {} moves only once every piece its side has in play stands there.",
            one_of(s)
        ),
        K::AheadEmpty(s) => format!(
            "A piece on {} moves (either way) only while the next square along its path is empty.",
            one_of(s)
        ),
        K::OnlyPiecesOn(SetExpr::None, _) => "No square holds the other pieces back.".into(),
        K::OnlyPiecesOn(s, false) => format!(
            "While a side has a piece on {}, only its pieces there may move (none enters).",
            one_of(s)
        ),
        K::OnlyPiecesOn(s, true) => format!(
            "While a side has a piece on {}, only its pieces there may move, or its waiting pieces enter.",
            one_of(s)
        ),
        K::NoneWaits(SetExpr::None) => "No piece stays put while others wait to enter.".into(),
        K::NoneWaits(s) => format!(
            "A piece on {} moves only once no piece of its side waits to enter.",
            one_of(s)
        ),
        K::EnterBarred(SetExpr::None) => "A piece may enter wherever its side's other pieces stand.".into(),
        K::EnterBarred(s) => format!("No piece enters while a piece of its side stands on {}.", one_of(s)),
        K::Retreat(None) => "No piece retreats.".into(),
        K::Retreat(Some((s, to))) => format!(
            "A piece on {} may retreat to square {} with any throw while that square is empty. Such a piece is never forced to move: when only such pieces could move, the player may leave them where they are.",
            one_of(s),
            to.value
        ),
        other => unreachable!("not a rule about moving: {other:?}"),
    }
}

/// The rules about bearing off, winning, the end of the game and match points.
fn end_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::BearOff(BearOffSpec::Exact { from, past_when: Some(on), .. }) => format!(
            "A piece bears off{} by a move that ends exactly one step past the end of the path, or by a throw that would carry it further once every piece of its side stands on {}.",
            from.as_ref().map(|s| format!(" only from {}", one_of(s))).unwrap_or_default(),
            set(on)
        ),
        K::BearOff(BearOffSpec::Exact { from: None, hindmost: false, .. }) => {
            "A piece bears off only by a move that ends exactly one step past the end of the path.".into()
        }
        K::BearOff(BearOffSpec::Exact { from: Some(s), hindmost: false, .. }) => {
            format!("A piece bears off only from {}, by a move that ends exactly one step past the end.", one_of(s))
        }
        K::BearOff(BearOffSpec::Exact { from, hindmost: true, .. }) => format!(
            "A piece bears off{} by a move that ends exactly one step past the end of the path, or by a throw that would carry it further when no piece of its side stands behind it (nor waits to enter).",
            from.as_ref().map(|s| format!(" only from {}", one_of(s))).unwrap_or_default()
        ),
        K::BearOff(BearOffSpec::Past { from: None }) => {
            "A piece bears off by any move that reaches one step past the end of the path or goes beyond.".into()
        }
        K::BearOff(BearOffSpec::Past { from: Some(s) }) => {
            format!("A piece bears off only from {}, by any move that reaches one step past the end or goes beyond.", one_of(s))
        }
        K::BearOff(BearOffSpec::Table(rows)) => {
            let parts: Vec<String> = rows
                .iter()
                .map(|(place, t)| {
                    let at = if place.positions { "position " } else { "" };
                    format!("from {at}{} with {}", place.number.value, ints(t))
                })
                .collect();
            format!("A piece bears off only {}.", join(&parts))
        }
        K::BearWhen(BearWhen::Always) => "A side may bear off at any time.".into(),
        K::BearWhen(BearWhen::Never) => "No piece is ever borne off: a piece at the end of its path stays there.".into(),
        K::BearWhen(BearWhen::AllOn(s)) => {
            format!("A side may bear off only when all its pieces not yet off stand on {}.", set(s))
        }
        K::BearWhen(BearWhen::NoneOn(s)) => format!("A side may bear off only when none of its pieces stands on {}.", one_of(s)),
        K::OnlyBearOff(SetExpr::None) => "Pieces on any square may move on.".into(),
        K::OnlyBearOff(s) => format!("A piece on {} may only bear off: if it cannot, it does not move.", one_of(s)),
        K::Win(WinSpec::FirstAllOff) => "The first side to bear off all its pieces wins.".into(),
        K::PinWin(None) => "No game is won by pinning.".into(),
        K::PatternWin(None) => "No game is won by where the pieces stand.".into(),
        K::PatternWin(Some(patterns)) => {
            let said: Vec<String> = patterns
                .iter()
                .map(|parts| {
                    let parts: Vec<String> = parts
                        .iter()
                        .map(|p| {
                            let more = if p.or_more { " or more" } else { "" };
                            format!("{}{more} on each of {}", p.count.value, set(&p.on))
                        })
                        .collect();
                    parts.join("; ")
                })
                .collect();
            match &said[..] {
                [one] => format!("A side whose pieces all stand on these places, {one}, wins."),
                _ => format!(
                    "A side whose pieces all stand on the places of one of these patterns wins: {}.",
                    said.join("; or ")
                ),
            }
        }
        K::DrawStuck => "A game in which no throw would move a piece of either side is a draw.".into(),
        K::LoseStuck => "A side that can play its throw no way loses.".into(),
        K::LoseNoWayBack => "A side whose captured piece finds every position it could go back to held by the other side loses.".into(),
        K::LoseUntaken => "A side that ends its move with the other side's piece still alone on the number of one of its dice (a piece it could take) loses.".into(),
        K::PinWin(Some(n)) => format!(
            "A side whose last piece on its starting point is pinned there loses, {} points to the other, unless the other still has pieces on its own starting point; where both are pinned so, the game is a draw.",
            n.value
        ),
        K::Win(WinSpec::CaptureAll) => {
            "The side that takes every piece of the other out of the game wins.".into()
        }
        K::Win(WinSpec::MostBorneOff) => {
            "The side that bears off more pieces wins; equal counts are a draw.".into()
        }
        K::End(EndSpec::Decided) => "The game ends as soon as the result can no longer change.".into(),
        K::End(EndSpec::BoardEmpty) => "The game ends when no piece is left in play.".into(),
        K::MatchPoints(rows) if rows.is_empty() => "No match points are scored.".into(),
        K::MatchPoints(rows) => {
            let parts: Vec<String> = rows.iter().map(|(i, p)| format!("{} for each on {}", p.value, items(i))).collect();
            format!("In a match, the winner scores points for the enemy pieces left on the board: {}.", parts.join(", "))
        }
        K::MatchTo(None) => "One game is played, not a match.".into(),
        K::MatchTo(Some(n)) => format!(
            "A match: games are played one after another, each win scoring its points, until a player has {} points.",
            n.value
        ),
        K::MatchGames(games) if games.is_empty() => "Every game of the match is played by these rules.".into(),
        K::MatchGames(games) => {
            let names: Vec<String> = games.iter().map(|g| format!("`{}`", g.value)).collect();
            format!(
                "The games of the match are played in turn by the rules of {}, and round again.",
                names.join(", then ")
            )
        }
        K::MatchFirst(None) => "Each game of the match begins as its rules say.".into(),
        K::PassScore(None) => "A pass scores nothing.".into(),
        K::PassScore(Some(n)) => format!(
            "Each turn in which a side cannot move scores {} match points for the other side.",
            n.value
        ),
        K::MatchFirst(Some(NextFirst::Winner)) => "In each game after the first, the winner of the game before moves first (after a draw, the side that moved first in it).".into(),
        K::MatchFirst(Some(NextFirst::Loser)) => "In each game after the first, the loser of the game before moves first (after a draw, the side that moved first in it).".into(),
        K::MatchFirst(Some(NextFirst::Alternate)) => "The sides take turns to move first, game by game.".into(),
        K::Score(None) => "A win scores one point, however it is won.".into(),
        K::Score(Some(ScoreSpec::PiecesLeft)) => "A win scores a point for each piece the loser has not borne off.".into(),
        K::Score(Some(ScoreSpec::Gammon { gammon, backgammon: None })) => format!(
            "A win scores 1; {} (a gammon) where the loser has borne off no piece.",
            gammon.value
        ),
        K::Score(Some(ScoreSpec::Gammon { gammon, backgammon: Some((b, s)) })) => format!(
            "A win scores 1; {} (a gammon) where the loser has borne off no piece; {} (a backgammon) where the loser has also a piece waiting or on {}.",
            gammon.value,
            b.value,
            set(s)
        ),
        other => unreachable!("not a rule about the end: {other:?}"),
    }
}

/// The rules about what happens on a square or after an event.
fn event_rule(kind: &StatementKind) -> String {
    use StatementKind as K;
    match kind {
        K::SquareEffect {
            square,
            effect: None,
        } => format!("Square {} has no effect.", square.value),
        K::SquareEffect {
            square,
            effect: Some(d),
        } => {
            format!(
                "A piece that ends its move on square {} goes to {}{}.",
                square.value,
                dest(d),
                stays(d)
            )
        }
        K::On {
            trigger: t,
            condition: c,
            effects,
        } if effects.is_empty() => {
            format!(
                "{}{}, nothing more happens.",
                trigger(&t.value),
                condition(c.as_ref(), matches!(t.value, Trigger::EachMove))
            )
        }
        K::On {
            trigger: t,
            condition: c,
            effects,
        } => {
            let parts: Vec<String> = effects.iter().map(|e| effect(&e.value)).collect();
            format!(
                "{}{}, {}.",
                trigger(&t.value),
                condition(c.as_ref(), matches!(t.value, Trigger::EachMove)),
                join(&parts)
            )
        }
        other => unreachable!("not a rule about events: {other:?}"),
    }
}

/// Dice by their faces: "two fair dice of 4 and 2 faces".
fn dice_words(faces: &[Spanned<u32>]) -> String {
    let list: Vec<String> = faces.iter().map(|f| f.value.to_string()).collect();
    match list.len() {
        1 => format!("one fair die of {} faces", list[0]),
        n => format!("{n} fair dice of {} faces", join(&list)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(list: &[u32]) -> SetExpr {
        SetExpr::Squares(
            list.iter()
                .map(|&n| Item {
                    first: n,
                    last: n,
                    span: 0..0,
                })
                .collect(),
        )
    }

    /// A piece lands on one square of a set: its squares are alternatives, joined by "or", as
    /// an option's values are; a set that holds pieces is a list, joined by "and".
    #[test]
    fn a_set_a_piece_lands_on_one_of_reads_or() {
        assert_eq!(
            describe(&StatementKind::ExtraOn(squares(&[1, 7, 23]))),
            "A move that ends on squares 1, 7 or 23 gives an extra throw."
        );
        assert_eq!(
            describe(&StatementKind::Stop(squares(&[26, 27]))),
            "No move may pass over squares 26 or 27: a piece must stop there."
        );
        assert_eq!(
            describe(&StatementKind::Safe(squares(&[26, 28, 29]))),
            "Pieces on squares 26, 28 and 29 are safe from capture."
        );
        // An option takes one of its values.
        let value = |v: Value| Spanned::new(v, 0..0);
        let option = StatementKind::Option {
            name: Spanned::new("dice".into(), 0..0),
            values: vec![
                value(Value::Word("sticks".into())),
                value(Value::Word("d4".into())),
                value(Value::Word("d6".into())),
            ],
            default: value(Value::Word("sticks".into())),
        };
        assert_eq!(
            describe(&option),
            "Option `dice`: sticks, d4 or d6 (default sticks)."
        );
    }

    /// One square or one path position reads in the singular.
    #[test]
    fn one_square_or_position_reads_singular() {
        let SetExpr::Squares(items) = squares(&[8]) else {
            unreachable!("squares")
        };
        assert_eq!(
            describe(&StatementKind::Safe(SetExpr::Positions(items.clone()))),
            "Pieces on path position 8 are safe from capture."
        );
        assert_eq!(
            describe(&StatementKind::Safe(SetExpr::Squares(items))),
            "Pieces on square 8 are safe from capture."
        );
    }
}
