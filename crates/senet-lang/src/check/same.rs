//! Whether two rule sets agree on a rule: compared by what the rule resolves to, never by its
//! words, so that `safe 26, 28..30` and `safe 26, 28, 29, 30` agree, and so do a rule stated and
//! a rule left to its default when both come to the same.

use std::collections::{BTreeMap, BTreeSet};

use super::ruleset::{BearOff, Hold, RuleSet, SideRules, Start, TurnRule};
use crate::lang::syntax::{RuleKey, TriggerKey};
use crate::types::{PathPos, Side, SideId, Sides, Square};

/// The rules on how a side or a piece starts: which throws a piece's first move needs, which
/// piece makes it, and the seats.
fn same_first(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    match key {
        RuleKey::FirstMove => a.first_move == b.first_move,
        RuleKey::FirstMoveOrder => a.first_after_ahead == b.first_after_ahead,
        _ => a.seats == b.seats,
    }
}

/// The rules on how many extra throws and moves there are (a move's, a turn's, a throw's), and
/// which throws count.
fn same_extra(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    match key {
        RuleKey::ExtraCap => a.extra_cap == b.extra_cap,
        RuleKey::ExtraMove => a.extra_move == b.extra_move,
        RuleKey::CountFrom => a.count_from == b.count_from,
        RuleKey::RepeatVoid => a.repeat_void == b.repeat_void,
        _ => a.extra_add_up == b.extra_add_up,
    }
}

/// The rules of games of more than two sides: pieces of several sides sharing squares, and
/// passing at will.
fn many_sided(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    match key {
        RuleKey::SafeShared => a.safe_shared == b.safe_shared,
        RuleKey::SidesPass => a.pass_at_will == b.pass_at_will,
        _ => a.partners_share == b.partners_share,
    }
}

/// Whether `a` and `b` resolve the rule `key` to the same thing.
pub fn same_rule(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    match key {
        RuleKey::Ruleset | RuleKey::Title | RuleKey::Extends => a.id == b.id,
        RuleKey::Option(name) => option(a, name) == option(b, name),
        RuleKey::Board
        | RuleKey::Gaps
        | RuleKey::Link(..)
        | RuleKey::Name(_)
        | RuleKey::Label(_)
        | RuleKey::Sign(_)
        | RuleKey::Marks
        | RuleKey::DrawStyle
        | RuleKey::Draw(..) => same_board(a, b, key),
        RuleKey::Path(_) | RuleKey::Shortcut(..) => same_path(a, b, key),
        RuleKey::Sides => names(a) == names(b),
        RuleKey::Teams => a.teams == b.teams,
        RuleKey::Colour(side) => {
            side_named(a, side).map(|s| &s.colour) == side_named(b, side).map(|s| &s.colour)
        }
        RuleKey::Pieces => a.pieces == b.pieces,
        RuleKey::Start => same_start(&a.start, &b.start),
        RuleKey::First => {
            (a.first, a.throw_off, a.opening_throw) == (b.first, b.throw_off, b.opening_throw)
        }
        RuleKey::Throw => a.throw == b.throw,
        RuleKey::ExtraAfter => a.extra_after == b.extra_after,
        RuleKey::ExtraOn => a.extra_on == b.extra_on,
        RuleKey::Turn => a.turn == b.turn,
        RuleKey::Enter => a.enter == b.enter,
        RuleKey::Capture => a.capture == b.capture,
        RuleKey::Protect => a.protect_pairs == b.protect_pairs,
        RuleKey::SafeShared | RuleKey::PartnersShare | RuleKey::SidesPass => many_sided(a, b, key),
        RuleKey::Safe => a.safe == b.safe,
        RuleKey::Blockade => a.blockade == b.blockade,
        RuleKey::Stop => a.stop == b.stop,
        RuleKey::Backward => {
            (
                a.backward,
                a.backward_per_piece,
                a.backward_onto_empty,
                a.backward_split,
            ) == (
                b.backward,
                b.backward_per_piece,
                b.backward_onto_empty,
                b.backward_split,
            )
        }
        RuleKey::Priority => a.priority == b.priority,
        RuleKey::Stacks
        | RuleKey::Score
        | RuleKey::PinWin
        | RuleKey::PatternWin
        | RuleKey::DrawStuck
        | RuleKey::LoseStuck
        | RuleKey::LoseNoWayBack
        | RuleKey::LoseUntaken
        | RuleKey::DiceTake
        | RuleKey::EnterAgain
        | RuleKey::Closed
        | RuleKey::Doubles
        | RuleKey::Unstack
        | RuleKey::Pairs
        | RuleKey::StacksCount
        | RuleKey::LandAfter
        | RuleKey::UseDice
        | RuleKey::EnterFirst
        | RuleKey::StacksOn
        | RuleKey::LeaveStart
        | RuleKey::Combined
        | RuleKey::UnusedDice
        | RuleKey::DoubleList(_)
        | RuleKey::OppositeFaces
        | RuleKey::FirstDouble
        | RuleKey::StacksTogether
        | RuleKey::ExtraTurn => same_stacked(a, b, key),
        RuleKey::OnlyPiecesOn
        | RuleKey::Begin
        | RuleKey::NoBackwardFrom
        | RuleKey::Direction
        | RuleKey::AheadEmpty
        | RuleKey::Together
        | RuleKey::NoneWaits
        | RuleKey::EnterBarred
        | RuleKey::NoPassing
        | RuleKey::Retreat
        | RuleKey::StopAndGo => same_restriction(a, b, key),
        RuleKey::ExtraAddUp
        | RuleKey::ExtraCap
        | RuleKey::ExtraMove
        | RuleKey::CountFrom
        | RuleKey::RepeatVoid => same_extra(a, b, key),
        RuleKey::FirstMove | RuleKey::FirstMoveOrder | RuleKey::Seats => same_first(a, b, key),
        RuleKey::Opening(side) => {
            let opening = |r: &RuleSet| r.side_named(side).and_then(|s| r.opening[s]);
            opening(a) == opening(b)
        }
        RuleKey::Square(n) => {
            let effect = |r: &RuleSet| {
                Square::new(*n).map(|sq| Side::BOTH.map(|s| r.effect_of(s, sq).copied()))
            };
            effect(a) == effect(b)
        }
        RuleKey::BearOff => bear_off(a) == bear_off(b) && past_when(a) == past_when(b),
        RuleKey::BearWhen => a.bear_when == b.bear_when,
        RuleKey::OnlyBearOff => a.only_bear_off == b.only_bear_off,
        RuleKey::Win => a.win == b.win,
        RuleKey::End => a.end == b.end,
        RuleKey::MatchPoints => match_points(a) == match_points(b),
        RuleKey::MatchTo | RuleKey::MatchGames | RuleKey::MatchFirst | RuleKey::PassScore => {
            same_match(a, b, key)
        }
        // An event rule adds to what the older statements give: compare what it acts on.
        RuleKey::On(..) if turn_rules(a, key) != turn_rules(b, key) => false,
        RuleKey::On(TriggerKey::EachMove, _) => {
            let holds = |r: &'_ RuleSet| -> Vec<Hold> {
                r.holds.iter().filter(|h| h.key == *key).cloned().collect()
            };
            holds(a) == holds(b)
        }
        // A rule with a condition is all in its turn rule.
        RuleKey::On(_, Some(_)) => true,
        RuleKey::On(TriggerKey::Capture(_), _) => {
            a.extra_on_capture == b.extra_on_capture && captured_at(a) == captured_at(b)
        }
        RuleKey::On(TriggerKey::Pass(_), _) => a.extra_after_pass == b.extra_after_pass,
        RuleKey::On(TriggerKey::Move(_), _) => a.extra_after == b.extra_after,
        RuleKey::On(TriggerKey::Landing(..), _) => {
            a.extra_on == b.extra_on
                && effects(a) == effects(b)
                && a.to_waiting == b.to_waiting
                && a.to_removed == b.to_removed
                && a.out_optional == b.out_optional
        }
        RuleKey::On(TriggerKey::Passing(_), _) => passing(a) == passing(b),
        RuleKey::On(TriggerKey::Entering, _) => a.entering == b.entering,
        RuleKey::On(TriggerKey::Retreat, _) => {
            let effects = |r: &RuleSet| {
                r.retreat
                    .as_ref()
                    .map(|t| (t.lose_turn, t.end_turn, t.moves_next))
            };
            effects(a) == effects(b)
        }
    }
}

/// The rules about the turn that the event rule `key` gives.
fn turn_rules<'a>(r: &'a RuleSet, key: &RuleKey) -> Vec<&'a TurnRule> {
    r.turn_rules.iter().filter(|t| t.key == *key).collect()
}

fn option<'a>(r: &'a RuleSet, name: &str) -> Option<&'a super::ruleset::OptionInfo> {
    r.options.iter().find(|o| o.name == name)
}

fn side_named<'a>(r: &'a RuleSet, name: &str) -> Option<&'a SideRules> {
    r.side_named(name).map(|s| &r.sides[s])
}

fn square_text(r: &RuleSet, n: u32, label: bool) -> Option<&str> {
    let sq = Square::new(n)?;
    if label {
        r.board.label(sq)
    } else {
        r.board.name(sq)
    }
}

fn paths(r: &RuleSet) -> Sides<(&Vec<Square>, &Vec<PathPos>, bool)> {
    r.sides
        .as_ref()
        .map(|s| (&s.path, &s.segment_ends, s.looped))
}

fn names(r: &RuleSet) -> Sides<&str> {
    r.sides.as_ref().map(|s| s.name.as_str())
}

/// Two layouts agree when both alternate from the same square (whatever the number of pieces,
/// a rule of its own), or put each side's pieces on the same positions.
fn same_start(a: &Start, b: &Start) -> bool {
    // Sorted, not a set: a stack of three is not a stack of two.
    let positions = |p: &Sides<Vec<PathPos>>| {
        p.clone().map(|mut v| {
            v.sort_unstable();
            v
        })
    };
    match (a, b) {
        (Start::Waiting, Start::Waiting) => true,
        (
            Start::OnBoard {
                alternating: Some(x),
                ..
            },
            Start::OnBoard {
                alternating: Some(y),
                ..
            },
        ) => x == y,
        (Start::OnBoard { positions: x, .. }, Start::OnBoard { positions: y, .. }) => {
            positions(x) == positions(y)
        }
        _ => false,
    }
}

/// Per side and position, the throws that bear a piece off from there.
type ExitTable = Sides<BTreeMap<PathPos, BTreeSet<u8>>>;

/// The places of `bear off exact, or past the end when all on SET`, if said.
fn past_when(r: &RuleSet) -> Option<&Sides<Vec<PathPos>>> {
    match &r.bear_off {
        BearOff::Exact { past_when, .. } => past_when.as_ref(),
        _ => None,
    }
}

/// Exits: exact or at-or-past (from where, empty throw sets), or by a table.
fn bear_off(r: &RuleSet) -> (&'static str, Option<ExitTable>) {
    let positions = |from: &Option<Sides<Vec<PathPos>>>| {
        from.clone()
            .map(|f| f.map(|v| v.into_iter().map(|p| (p, BTreeSet::new())).collect()))
    };
    match &r.bear_off {
        BearOff::Exact {
            from,
            past_when: Some(_),
            ..
        } => ("exact or past when all on", positions(from)),
        BearOff::Exact {
            from,
            hindmost: false,
            ..
        } => ("exact", positions(from)),
        BearOff::Exact {
            from,
            hindmost: true,
            ..
        } => ("exact or past from the hindmost", positions(from)),
        BearOff::Past { from } => ("past", positions(from)),
        BearOff::Table(table) => (
            "table",
            Some(table.clone().map(|rows| {
                let mut out: BTreeMap<PathPos, BTreeSet<u8>> = BTreeMap::new();
                for (p, throws) in rows {
                    out.entry(p).or_default().extend(throws);
                }
                out
            })),
        ),
    }
}

/// Where pieces captured on each square go, by square.
fn captured_at(r: &RuleSet) -> BTreeMap<Square, String> {
    r.captured_at
        .iter()
        .map(|(sq, c)| (*sq, format!("{c:?}")))
        .collect()
}

/// Every square effect, by square and side.
fn effects(r: &RuleSet) -> BTreeMap<(Square, Option<SideId>), String> {
    r.effects
        .iter()
        .map(|e| ((e.square, e.side), format!("{e:?}")))
        .collect()
}

/// Every square a forward move may not pass over, by square.
fn passing(r: &RuleSet) -> BTreeMap<Square, String> {
    r.passing
        .iter()
        .map(|e| (e.square, format!("{:?}", e.to)))
        .collect()
}

/// The points of each square that scores any, later rows replacing earlier ones.
fn match_points(r: &RuleSet) -> BTreeMap<Square, u32> {
    let mut out = BTreeMap::new();
    for (squares, points) in &r.match_points {
        for &sq in squares {
            out.insert(sq, *points);
        }
    }
    out.retain(|_, p| *p > 0);
    out
}

/// [`same_rule`] for the rules of a match.
fn same_match(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    let (a, b) = (a.matched.as_ref(), b.matched.as_ref());
    match key {
        RuleKey::MatchTo => a.map(|m| m.to) == b.map(|m| m.to),
        // The games as the rules they are: their ids and their texts.
        RuleKey::MatchGames => {
            let games = |m: Option<&crate::check::ruleset::Match>| {
                m.map(|m| {
                    m.games
                        .iter()
                        .map(|g| (g.id.clone(), g.hash.clone()))
                        .collect::<Vec<_>>()
                })
            };
            games(a) == games(b)
        }
        RuleKey::PassScore => a.map(|m| m.pass_score) == b.map(|m| m.pass_score),
        _ => a.and_then(|m| m.next_first) == b.and_then(|m| m.next_first),
    }
}

/// [`same_rule`] for the rules of stacks and dice played one by one.
fn same_stacked(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    match key {
        RuleKey::Stacks => a.stack_limit == b.stack_limit,
        RuleKey::Score => a.score == b.score,
        RuleKey::PinWin => a.pin_win == b.pin_win,
        RuleKey::PatternWin => a.pattern_win == b.pattern_win,
        RuleKey::DrawStuck => a.draw_stuck == b.draw_stuck,
        RuleKey::LoseStuck => a.lose_stuck == b.lose_stuck,
        RuleKey::LoseNoWayBack => a.lose_no_way_back == b.lose_no_way_back,
        RuleKey::LoseUntaken => a.lose_untaken == b.lose_untaken,
        RuleKey::DiceTake => a.dice_take == b.dice_take,
        RuleKey::EnterAgain => a.enter_again == b.enter_again,
        RuleKey::Closed => a.closed_with == b.closed_with,
        RuleKey::Doubles => a.doubles == b.doubles,
        RuleKey::Unstack => a.unstack == b.unstack,
        RuleKey::Pairs => a.pairs_twice == b.pairs_twice,
        RuleKey::LandAfter => a.land_after == b.land_after,
        RuleKey::StacksCount => {
            a.crowd == b.crowd
                && (a.crowd_max == b.crowd_max || a.crowd.values().all(Vec::is_empty))
        }
        RuleKey::UseDice => a.use_larger == b.use_larger && a.use_smaller == b.use_smaller,
        RuleKey::DoubleList(n) => {
            let list = |r: &RuleSet| {
                r.double_lists
                    .iter()
                    .find(|(d, _)| u32::from(*d) == *n)
                    .map(|(_, l)| l.clone())
            };
            list(a) == list(b)
        }
        RuleKey::OppositeFaces => a.opposite_faces == b.opposite_faces,
        RuleKey::FirstDouble => a.first_double_once == b.first_double_once,
        RuleKey::EnterFirst => a.enter_first == b.enter_first,
        RuleKey::StacksOn => {
            let none = a.zone.values().all(Vec::is_empty);
            a.zone == b.zone
                && (none || (a.zone_limit == b.zone_limit && a.zone_until == b.zone_until))
        }
        RuleKey::LeaveStart => a.leave_after == b.leave_after,
        RuleKey::ExtraTurn => a.extra_turn == b.extra_turn,
        RuleKey::StacksTogether => a.stacks_together == b.stacks_together,
        RuleKey::UnusedDice => a.pass_unused == b.pass_unused,
        _ => a.combined == b.combined,
    }
}

/// [`same_rule`] for the rules that restrict which pieces move, and how, and retreats.
fn same_restriction(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    match key {
        RuleKey::Retreat => {
            let moves = |r: &RuleSet| r.retreat.as_ref().map(|t| (t.from.clone(), t.to));
            moves(a) == moves(b)
        }
        RuleKey::OnlyPiecesOn => {
            (&a.only_pieces_on, a.only_pieces_let_enter)
                == (&b.only_pieces_on, b.only_pieces_let_enter)
        }
        RuleKey::Begin => a.begin == b.begin,
        RuleKey::NoBackwardFrom => a.no_backward_from == b.no_backward_from,
        RuleKey::Direction => a.one_direction == b.one_direction,
        RuleKey::AheadEmpty => a.ahead_empty == b.ahead_empty,
        RuleKey::Together => a.together == b.together,
        RuleKey::NoneWaits => a.none_waits == b.none_waits,
        RuleKey::EnterBarred => a.enter_barred == b.enter_barred,
        RuleKey::NoPassing => a.no_passing == b.no_passing,
        _ => a.stop_and_go == b.stop_and_go,
    }
}

/// [`same_rule`] for the paths and the shortcuts across the board.
fn same_path(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    match key {
        RuleKey::Path(Some(side)) => {
            side_named(a, side).map(|s| (&s.path, &s.segment_ends, s.looped))
                == side_named(b, side).map(|s| (&s.path, &s.segment_ends, s.looped))
        }
        RuleKey::Shortcut(x, y) => {
            let way = |r: &RuleSet| {
                r.shortcuts
                    .iter()
                    .find(|w| {
                        w.first().map(|q| u32::from(q.get())) == Some(*x)
                            && w.last().map(|q| u32::from(q.get())) == Some(*y)
                    })
                    .cloned()
            };
            way(a) == way(b)
        }
        _ => paths(a) == paths(b),
    }
}
/// [`same_rule`] for the rules of the board and its drawing.
fn same_board(a: &RuleSet, b: &RuleSet, key: &RuleKey) -> bool {
    match key {
        RuleKey::Board => {
            (a.board.rows, a.board.cols, a.board.numbering)
                == (b.board.rows, b.board.cols, b.board.numbering)
        }
        RuleKey::Gaps => a.board.gaps == b.board.gaps,
        RuleKey::Link(x, y) => {
            let linked = |r: &RuleSet| {
                r.board
                    .links
                    .iter()
                    .any(|&(p, q)| (u32::from(p), u32::from(q)) == (*x, *y))
            };
            linked(a) == linked(b)
        }
        RuleKey::Name(n) => square_text(a, *n, false) == square_text(b, *n, false),
        RuleKey::Label(n) => square_text(a, *n, true) == square_text(b, *n, true),
        RuleKey::Sign(n) => {
            let sign = |r: &RuleSet| Square::new(*n).and_then(|sq| r.board.sign(sq));
            sign(a) == sign(b)
        }
        RuleKey::Marks => a.board.marks == b.board.marks,
        RuleKey::DrawStyle => a.board.style == b.board.style,
        RuleKey::Draw(first, last) => {
            let points = |r: &RuleSet| -> Vec<(Square, u8, u8)> {
                let (lo, hi) = ((*first).min(*last), (*first).max(*last));
                r.board
                    .points
                    .iter()
                    .filter(|(sq, _, _)| (lo..=hi).contains(&u32::from(*sq)))
                    .copied()
                    .collect()
            };
            points(a) == points(b)
        }
        other => unreachable!("not a rule of the board: {other:?}"),
    }
}
