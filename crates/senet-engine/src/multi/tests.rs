//! Hand-derived cases for three and four sides, on a small cross-and-circle board: a ring of
//! sixteen squares (0-15) and a home column of two squares for each side (side k's are 16 + 2k
//! and 17 + 2k). Side k enters on ring square 4k, goes once round the ring (positions 1-16:
//! square (4k + p - 1) mod 16), then up its column (positions 17 and 18), and bears off by the
//! exact throw (19 = off). A four-sided die; a piece enters with any throw on the position of the
//! throw; each side's entry square is safe for every side (a castle); a piece landing on a lone
//! enemy sends it back to wait. Sides 0 and 2 play against 1 and 3, partners sitting opposite.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senet_lang::types::{EnterOnto, PathPos, Place, ThrowDevice};

use super::*;
use crate::compile::{BearCondition, Enter, PosFlags, ThrowTable};

const LEN: u8 = 18;

fn side(k: u8, team: u8) -> MultiSide {
    let mut path: Vec<u8> = (0..16).map(|i| (4 * k + i) % 16).collect();
    path.extend([16 + 2 * k, 17 + 2 * k]);
    let flags = path
        .iter()
        .map(|&q| {
            if q < 16 && q % 4 == 0 {
                PosFlags::SAFE
            } else {
                PosFlags::empty()
            }
        })
        .collect();
    // Off by the exact throw: from position p with LEN + 1 - p.
    let exit_throws = (1..=LEN)
        .map(|p| match LEN + 1 - p {
            v @ 1..=4 => 1 << v,
            _ => 0,
        })
        .collect();
    MultiSide {
        name: format!("side {k}"),
        colour: String::new(),
        path,
        run: usize::from(LEN),
        flags,
        exit_throws,
        ways: Vec::new(),
        start: vec![Place::Waiting; 2],
        team,
    }
}

/// Four sides in two teams (0 and 2, 1 and 3), two pieces each.
fn four() -> MultiRules {
    MultiRules {
        id: "four".into(),
        sides: (0..4).map(|k| side(k, k % 2)).collect(),
        pieces: 2,
        squares: 24,
        first: 0,
        throws: ThrowTable::new(&ThrowDevice::Die { faces: 4 }),
        banks: None,
        extra_move: None,
        count_from: 0,
        together: false,
        repeat_void: None,
        enter: Some(Enter {
            throws: None,
            onto: EnterOnto::Throw { after: 0 },
            if_empty: false,
        }),
        capture: MultiCapture::ToWaiting,
        safe_shared: false,
        partners_share: false,
        pass_at_will: false,
        extra_cap: u8::MAX,
        stack_limit: 1,
        closed_with: 2,
        extra_after: 0,
        extra_after_pass: 0,
        entering_throw_again: false,
        bear_when: BearCondition::Always,
    }
}

/// Three sides, each its own team.
fn three() -> MultiRules {
    let mut r = four();
    r.sides.truncate(3);
    for (k, s) in r.sides.iter_mut().enumerate() {
        s.team = u8::try_from(k).unwrap();
    }
    r
}

fn on(p: u8) -> Place {
    Place::On(PathPos::new(u32::from(p)).unwrap())
}

const W: Place = Place::Waiting;
const OFF: Place = Place::Off;

fn position(r: &MultiRules, to_move: u8, places: &[[Place; 2]]) -> MultiPosition {
    let places: Vec<Vec<Place>> = places.iter().map(|p| p.to_vec()).collect();
    MultiPosition::new(r, to_move, &places).unwrap()
}

fn moves(r: &MultiRules, pos: &MultiPosition, v: u8) -> Vec<(Place, Place)> {
    let mut out = Vec::new();
    r.legal_moves(pos, v, &mut out);
    let mut found: Vec<_> = out.iter().map(|m| (m.from(), m.to())).collect();
    found.sort();
    found
}

#[test]
fn the_turn_goes_round_the_sides_in_order() {
    for r in [four(), three()] {
        let mut pos = MultiPosition::start(&r);
        let mut order = vec![pos.to_move()];
        for _ in 0..r.count() {
            // A throw of 0 moves nothing: every side passes in turn.
            pos = r.pass(&pos, 0).0;
            order.push(pos.to_move());
        }
        let expected: Vec<u8> = (0..=r.count())
            .map(|k| u8::try_from(k % r.count()).unwrap())
            .collect();
        assert_eq!(order, expected);
    }
}

#[test]
fn a_waiting_piece_enters_on_the_position_of_the_throw() {
    let r = four();
    let pos = MultiPosition::start(&r);
    assert_eq!(moves(&r, &pos, 3), [(W, on(3))]);
    let (after, report) = r.apply(&pos, MultiMove::new(W, on(3), 3));
    assert_eq!(after.places(0).collect::<Vec<_>>(), [on(3), W]);
    assert_eq!(report, MultiReport::default());
    assert_eq!(after.to_move(), 1);
}

#[test]
fn a_piece_takes_an_enemy_of_either_other_side_but_never_a_partner() {
    let r = four();
    // Side 0's piece on position 1 (square 0); square 2 is side 1's position 15, side 3's
    // position 7 and side 2's position 11.
    for (enemy, at) in [(1u8, 15u8), (3, 7)] {
        let mut places = [[W, W]; 4];
        places[0] = [on(1), W];
        places[usize::from(enemy)] = [on(at), W];
        let pos = position(&r, 0, &places);
        assert!(moves(&r, &pos, 2).contains(&(on(1), on(3))));
        let (after, report) = r.apply(&pos, MultiMove::new(on(1), on(3), 2));
        assert_eq!(report.captured, Some((enemy, on(at))));
        assert_eq!(after.places(usize::from(enemy)).collect::<Vec<_>>(), [W, W]);
        assert_eq!(after.count(0, on(3)), 1);
    }
    let mut places = [[W, W]; 4];
    places[0] = [on(1), W];
    places[2] = [on(11), W];
    let pos = position(&r, 0, &places);
    assert!(!moves(&r, &pos, 2).contains(&(on(1), on(3))));
}

#[test]
fn no_piece_is_taken_on_a_castle() {
    let r = four();
    // Side 1's piece on its entry square (square 4, its position 1): side 0 cannot land there
    // (its position 5), though it can on square 5 beyond.
    let mut places = [[W, W]; 4];
    places[0] = [on(2), W];
    places[1] = [on(1), W];
    let pos = position(&r, 0, &places);
    assert!(!moves(&r, &pos, 3).contains(&(on(2), on(5))));
    assert!(moves(&r, &pos, 4).contains(&(on(2), on(6))));
    // A piece of one's own blocks too: a square holds one piece.
    let mut places = [[W, W]; 4];
    places[0] = [on(5), on(2)];
    let pos = position(&r, 0, &places);
    assert_eq!(moves(&r, &pos, 3), [(on(5), on(8))]);
}

#[test]
fn a_piece_bears_off_only_by_the_exact_throw() {
    let r = four();
    let mut places = [[W, W]; 4];
    places[1] = [on(17), W];
    let pos = position(&r, 1, &places);
    assert!(moves(&r, &pos, 1).contains(&(on(17), on(18))));
    assert!(moves(&r, &pos, 2).contains(&(on(17), OFF)));
    assert!(!moves(&r, &pos, 3).iter().any(|m| m.0 == on(17)));
}

#[test]
fn a_capture_gives_an_extra_throw_where_the_rules_say_so() {
    let mut r = four();
    for s in &mut r.sides {
        s.flags
            .iter_mut()
            .for_each(|f| *f |= PosFlags::CAPTURE_THROW);
    }
    let mut places = [[W, W]; 4];
    places[0] = [on(1), W];
    places[1] = [on(15), W];
    let pos = position(&r, 0, &places);
    let (after, report) = r.apply(&pos, MultiMove::new(on(1), on(3), 2));
    assert!(report.extra_throw);
    assert_eq!(after.to_move(), 0);
    // A move that takes nothing passes the turn on.
    let (after, report) = r.apply(&pos, MultiMove::new(W, on(2), 2));
    assert!(!report.extra_throw);
    assert_eq!(after.to_move(), 1);
}

#[test]
fn a_team_wins_once_both_partners_are_home() {
    let r = four();
    // Side 0 is home; its partner, side 2, still has a piece to bear off.
    let pos = position(&r, 2, &[[OFF, OFF], [W, W], [on(17), OFF], [W, W]]);
    assert_eq!(r.outcome(&pos), None);
    let (after, _) = r.apply(&pos, MultiMove::new(on(17), OFF, 2));
    assert_eq!(r.outcome(&after), Some(MultiOutcome::Win { team: 0 }));
    // Three sides each on their own: the first home wins outright.
    let r = three();
    let pos = position(&r, 1, &[[W, W], [on(18), OFF], [W, W]]);
    let (after, _) = r.apply(&pos, MultiMove::new(on(18), OFF, 1));
    assert_eq!(r.outcome(&after), Some(MultiOutcome::Win { team: 1 }));
}

#[test]
fn a_side_home_before_its_partner_takes_no_more_turns() {
    let r = four();
    let pos = position(&r, 3, &[[OFF, OFF], [W, W], [W, W], [W, W]]);
    // After side 3 comes side 1: side 0 has nothing left to play.
    assert_eq!(r.pass(&pos, 0).0.to_move(), 1);
    let pos = position(&r, 3, &[[OFF, OFF], [W, W], [W, W], [on(17), W]]);
    let (after, _) = r.apply(&pos, MultiMove::new(on(17), OFF, 2));
    assert_eq!(after.to_move(), 1);
}

#[test]
fn random_games_of_three_and_four_sides_end_and_replay() {
    for r in [four(), three()] {
        let mut wins = vec![0u32; r.count()];
        for seed in 0..500 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let summary = r.play_random(MultiPosition::start(&r), &mut rng, 2_000);
            match summary.outcome {
                Some(MultiOutcome::Win { team }) => wins[usize::from(team)] += 1,
                other => panic!("game {seed} of {} ended {other:?}", r.count()),
            }
            let mut again = Pcg64Mcg::seed_from_u64(seed);
            assert_eq!(
                r.play_random(MultiPosition::start(&r), &mut again, 2_000),
                summary
            );
        }
        // Every team wins some games.
        let teams = usize::from(r.sides.iter().map(|s| s.team).max().unwrap()) + 1;
        assert!(wins[..teams].iter().all(|&w| w > 0), "{wins:?}");
    }
}

#[test]
fn positions_that_are_no_positions_are_refused() {
    let r = four();
    let two = vec![vec![W, W]; 2];
    assert!(matches!(
        MultiPosition::new(&r, 0, &two),
        Err(MultiSetupError::Sides { given: 2, rules: 4 })
    ));
    // Square 2: side 0's position 3 and side 1's position 15.
    let mut shared = vec![vec![W, W]; 4];
    shared[0][0] = on(3);
    shared[1][0] = on(15);
    assert!(matches!(
        MultiPosition::new(&r, 0, &shared),
        Err(MultiSetupError::Shared { square: 2 })
    ));
    let mut past = vec![vec![W, W]; 4];
    past[2][1] = on(19);
    assert!(matches!(
        MultiPosition::new(&r, 0, &past),
        Err(MultiSetupError::OffPath {
            side: 2,
            position: 19
        })
    ));
    assert_eq!(four().validate(), Ok(()));
}

#[test]
fn pieces_of_a_side_stack_where_the_rules_let_them() {
    let mut r = four();
    // Side 0's pieces on positions 1 and 3: a throw of 2 brings the first onto the second.
    let pos = position(&r, 0, &[[on(3), on(1)], [W, W], [W, W], [W, W]]);
    assert!(!moves(&r, &pos, 2).contains(&(on(1), on(3))), "no stacks");
    r.stack_limit = 2;
    assert!(moves(&r, &pos, 2).contains(&(on(1), on(3))));
    let (after, report) = r.apply(&pos, MultiMove::new(on(1), on(3), 2));
    assert_eq!(after.places(0).collect::<Vec<_>>(), [on(3), on(3)]);
    assert_eq!(report.captured, None);
    // Two pieces on one square: one move for both.
    let stacked = position(&r, 0, &[[on(3), on(3)], [W, W], [W, W], [W, W]]);
    assert_eq!(moves(&r, &stacked, 1), [(on(3), on(4))]);
    // A position with more on a square than a stack holds is refused.
    r.stack_limit = 1;
    let places = vec![vec![on(3), on(3)], vec![W, W], vec![W, W], vec![W, W]];
    assert_eq!(
        MultiPosition::new(&r, 0, &places),
        Err(MultiSetupError::Shared { square: 2 })
    );
}

#[test]
fn a_stack_closes_its_square_or_is_taken_whole() {
    let mut r = four();
    r.stack_limit = 2;
    // Square 2 is side 0's position 3 and side 1's position 15, where both of side 1's pieces
    // stand; side 0's piece on position 1 throws 2.
    let pos = position(&r, 0, &[[on(1), W], [on(15), on(15)], [W, W], [W, W]]);
    assert!(
        !moves(&r, &pos, 2).contains(&(on(1), on(3))),
        "closed with 2"
    );
    r.closed_with = 3;
    assert!(moves(&r, &pos, 2).contains(&(on(1), on(3))));
    let (after, report) = r.apply(&pos, MultiMove::new(on(1), on(3), 2));
    assert_eq!(report.captured, Some((1, on(15))));
    assert_eq!(after.places(1).collect::<Vec<_>>(), [W, W]);
    assert_eq!(after.places(0).collect::<Vec<_>>(), [on(3), W]);
    // A partner's stack (side 2's position 11) is never taken, nor are pieces on a castle
    // (square 4, side 1's entry).
    let partner = position(&r, 0, &[[on(1), W], [W, W], [on(11), on(11)], [W, W]]);
    assert!(!moves(&r, &partner, 2).contains(&(on(1), on(3))));
    let castle = position(&r, 0, &[[on(1), W], [on(1), on(1)], [W, W], [W, W]]);
    assert!(!moves(&r, &castle, 4).contains(&(on(1), on(5))));
}

#[test]
fn pieces_of_several_sides_share_a_castle_where_the_rules_say_so() {
    let mut r = four();
    // Square 4 is side 1's entry (its position 1), side 0's position 5 and side 3's position
    // 9: a castle.
    let pos = position(&r, 0, &[[on(1), W], [on(1), W], [W, W], [W, W]]);
    assert!(
        !moves(&r, &pos, 4).contains(&(on(1), on(5))),
        "closed castles"
    );
    r.safe_shared = true;
    assert!(moves(&r, &pos, 4).contains(&(on(1), on(5))));
    let (after, report) = r.apply(&pos, MultiMove::new(on(1), on(5), 4));
    assert_eq!(report.captured, None);
    assert_eq!(after.places(1).collect::<Vec<_>>(), [on(1), W]);
    assert_eq!(after.places(0).collect::<Vec<_>>(), [on(5), W]);
    // A third side lands there too, and a side's own stack limit still holds.
    let three = position(&r, 3, &[[on(5), W], [on(1), W], [W, W], [on(5), W]]);
    let (after, _) = r.apply(&three, MultiMove::new(on(5), on(9), 4));
    assert_eq!(after.places(3).collect::<Vec<_>>(), [on(9), W]);
    let crowded = position(&r, 0, &[[on(5), on(1)], [W, W], [W, W], [W, W]]);
    assert!(
        !moves(&r, &crowded, 4).contains(&(on(1), on(5))),
        "no stacks"
    );
    // Sides stand together on a shared castle only: elsewhere a position may not hold them.
    let places = |a: Place, b: Place| vec![vec![a, W], vec![b, W], vec![W, W], vec![W, W]];
    assert!(MultiPosition::new(&r, 0, &places(on(5), on(1))).is_ok());
    assert_eq!(
        MultiPosition::new(&r, 0, &places(on(3), on(15))),
        Err(MultiSetupError::Shared { square: 2 })
    );
    r.safe_shared = false;
    assert_eq!(
        MultiPosition::new(&r, 0, &places(on(5), on(1))),
        Err(MultiSetupError::Shared { square: 4 })
    );
}

#[test]
fn partners_share_squares_where_the_rules_say_so_and_are_taken_side_by_side() {
    let mut r = four();
    // Square 2 is side 0's position 3, side 2's position 11 and side 1's position 15.
    let pos = position(&r, 0, &[[on(1), W], [on(12), W], [on(11), W], [W, W]]);
    assert!(
        !moves(&r, &pos, 2).contains(&(on(1), on(3))),
        "partners apart"
    );
    r.partners_share = true;
    assert!(moves(&r, &pos, 2).contains(&(on(1), on(3))));
    let (after, report) = r.apply(&pos, MultiMove::new(on(1), on(3), 2));
    assert_eq!(report.captured, None);
    assert_eq!(after.places(2).collect::<Vec<_>>(), [on(11), W]);
    // Side 1 lands there: each side's lone piece is taken, as if it stood alone.
    assert_eq!(after.to_move(), 1);
    let (after, report) = r.apply(&after, MultiMove::new(on(12), on(15), 3));
    assert_eq!(report.captured, Some((0, on(3))));
    assert_eq!(after.places(0).collect::<Vec<_>>(), [W, W]);
    assert_eq!(after.places(2).collect::<Vec<_>>(), [W, W]);
    // Enemies never stand together off a shared castle, even where partners share squares.
    let places = |a: Place, b: Place| vec![vec![a, W], vec![b, W], vec![W, W], vec![W, W]];
    assert_eq!(
        MultiPosition::new(&r, 0, &places(on(3), on(15))),
        Err(MultiSetupError::Shared { square: 2 })
    );
}

#[test]
fn a_turn_gives_no_more_extra_throws_than_its_cap() {
    // A 4 throws again, moved or passed; at most two extra throws a turn.
    let mut r = four();
    r.extra_after = 1 << 4;
    r.extra_after_pass = 1 << 4;
    r.extra_cap = 2;
    let start = MultiPosition::start(&r);
    // Side 0 enters with a 4 and throws again: its first extra throw.
    let (first, report) = r.apply(&start, MultiMove::new(W, on(4), 4));
    assert!(report.extra_throw);
    assert_eq!((first.to_move(), first.extra_throws()), (0, 1));
    // Another 4, another extra throw: its second.
    let (second, report) = r.apply(&first, MultiMove::new(on(4), on(8), 4));
    assert!(report.extra_throw);
    assert_eq!((second.to_move(), second.extra_throws()), (0, 2));
    // A third 4 moves, but gives none: side 1 throws, the count begun again.
    let (third, report) = r.apply(&second, MultiMove::new(on(8), on(12), 4));
    assert!(!report.extra_throw);
    assert_eq!((third.to_move(), third.extra_throws()), (1, 0));
    // A pass with a 4 counts the same way; any other throw ends the turn and the count.
    let (passed, again) = r.pass(&second, 4);
    assert!(!again);
    assert_eq!((passed.to_move(), passed.extra_throws()), (1, 0));
    let (moved, _) = r.apply(&first, MultiMove::new(on(4), on(6), 2));
    assert_eq!((moved.to_move(), moved.extra_throws()), (1, 0));
    // Without a cap nothing is counted.
    r.extra_cap = u8::MAX;
    let (first, _) = r.apply(&start, MultiMove::new(W, on(4), 4));
    assert_eq!((first.to_move(), first.extra_throws()), (0, 0));
}

/// `four()` whose turn banks its throws while they are 4s.
fn banking() -> MultiRules {
    let mut r = four();
    r.banks = Some(1 << 4);
    r
}

/// Plays `throws` and `choices` (each a move as its places and throw) in a game of `r` from
/// `pos`, checking that each throw and choice is what the game waits for; the game after them.
fn played(r: &MultiRules, pos: MultiPosition, script: &[Step]) -> MultiGame {
    let mut game = MultiGame::new(pos, 100);
    let mut watch = |_: &MultiEvent| {};
    for (k, step) in script.iter().enumerate() {
        match (*step, game.next(r, &mut watch)) {
            (Step::Throw(v), MultiNext::Throw { .. }) => game.throw(r, v, &mut watch),
            (Step::Move(from, to, v), MultiNext::Choose { .. }) => {
                let mv = MultiMove::new(from, to, v);
                let i = game.moves().iter().position(|&m| m == mv);
                let i = i.unwrap_or_else(|| panic!("step {k}: {mv:?} not in {:?}", game.moves()));
                game.choose(r, i, &mut watch);
            }
            (step, next) => panic!("step {k}: {step:?}, but the game waits for {next:?}"),
        }
    }
    game
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Throw(u8),
    Move(Place, Place, u8),
}

#[test]
fn a_turn_that_banks_its_throws_throws_on_then_plays_each_in_any_order() {
    let r = banking();
    // Side 0 throws 4, 4 (each throws again), then 2: it holds 4, 4 and 2.
    let game = played(
        &r,
        MultiPosition::start(&r),
        &[Step::Throw(4), Step::Throw(4), Step::Throw(2)],
    );
    assert_eq!(game.pos.pool(), &[4, 4, 2]);
    assert_eq!(game.pos.to_move(), 0);
    // Both its waiting pieces may enter, with a 4 or with the 2, and nothing else.
    let mut listed: Vec<_> = game.moves().iter().map(|m| (m.to(), m.throw())).collect();
    listed.sort();
    assert_eq!(listed, [(on(2), 2), (on(4), 4)]);
    // It plays the 2 first, then a 4 entering the other piece, then the last 4 from 4 to 8.
    let game = played(
        &r,
        game.pos,
        &[
            Step::Move(W, on(2), 2),
            Step::Move(W, on(4), 4),
            Step::Move(on(4), on(8), 4),
        ],
    );
    assert_eq!(game.pos.pool(), &[] as &[u8]);
    assert_eq!(
        game.pos.to_move(),
        1,
        "the turn passes once every throw is played"
    );
    assert_eq!(game.pos.places(0).collect::<Vec<_>>(), [on(8), on(2)]);
}

#[test]
fn a_side_that_cannot_play_what_it_holds_loses_the_rest() {
    let r = banking();
    // Side 0's pieces on 17 and off: it bears off only with an exact 2. It holds 4 and 3.
    let pos = position(&r, 0, &[[on(17), OFF], [W, W], [W, W], [W, W]]);
    let mut events = Vec::new();
    let mut game = MultiGame::new(pos, 100);
    let mut watch = |e: &MultiEvent| events.push(*e);
    assert_eq!(game.next(&r, &mut watch), MultiNext::Throw { side: 0 });
    game.throw(&r, 4, &mut watch);
    assert_eq!(game.next(&r, &mut watch), MultiNext::Throw { side: 0 });
    game.throw(&r, 3, &mut watch);
    assert_eq!(game.next(&r, &mut watch), MultiNext::Throw { side: 1 });
    assert!(matches!(
        events.last(),
        Some(MultiEvent::Pass {
            side: 0,
            value: 3,
            ..
        })
    ));
    assert_eq!(game.pos.pool(), &[] as &[u8]);
    // With pieces on 17 and 16 and a 2 among them, it bears one off with the 2 and loses the 4
    // the other cannot play (16 bears off by an exact 3).
    let pos = position(&r, 0, &[[on(17), on(16)], [W, W], [W, W], [W, W]]);
    let game = played(
        &r,
        pos,
        &[Step::Throw(4), Step::Throw(2), Step::Move(on(17), OFF, 2)],
    );
    assert_eq!(game.pos.to_move(), 1);
    assert_eq!(game.summary.passes, 1);
}

#[test]
fn an_extra_throw_in_a_banked_turn_keeps_the_throws_held() {
    let mut r = banking();
    // A move made with a 1 throws again.
    r.extra_after = 1 << 1;
    let game = played(
        &r,
        MultiPosition::start(&r),
        &[Step::Throw(4), Step::Throw(1), Step::Move(W, on(1), 1)],
    );
    // The 4 is still held while side 0 throws again, and the new throw joins it.
    assert_eq!(game.pos.pool(), &[4]);
    assert!(game.pos.throwing());
    let game = played(&r, game.pos, &[Step::Throw(3)]);
    assert_eq!(game.pos.pool(), &[4, 3]);
    assert_eq!(game.pos.to_move(), 0);
    assert_eq!(game.moves().len(), 4, "{:?}", game.moves());
}

#[test]
fn random_games_that_bank_their_throws_end_and_replay() {
    let mut three = three();
    three.banks = Some(1 << 4);
    for r in [banking(), three] {
        random_banked_games(&r);
    }
}

/// 300 random games of `r`, each ending and played the same again from its seed.
fn random_banked_games(r: &MultiRules) {
    for seed in 0..300 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let summary = r.play_random(MultiPosition::start(r), &mut rng, 2_000);
        assert!(summary.outcome.is_some(), "game {seed}");
        let mut again = Pcg64Mcg::seed_from_u64(seed);
        assert_eq!(
            r.play_random(MultiPosition::start(r), &mut again, 2_000),
            summary
        );
    }
}

#[test]
fn a_throw_that_gives_an_extra_move_is_held_with_it_and_the_move_enters_first() {
    let mut r = four();
    // A 4 also gives a move of 1, which enters a waiting piece where one can.
    r.extra_move = Some(MultiExtraMove {
        value: 1,
        after: 1 << 4,
        entering_first: true,
    });
    let pos = position(&r, 0, &[[on(5), W], [W, W], [W, W], [W, W]]);
    let game = played(&r, pos, &[Step::Throw(4)]);
    assert_eq!(game.pos.pool(), &[4, 1]);
    let mut listed: Vec<_> = game
        .moves()
        .iter()
        .map(|m| (m.from(), m.to(), m.throw()))
        .collect();
    listed.sort();
    // With the 4 either piece; with the 1 only the waiting piece, entering on position 1.
    assert_eq!(listed, [(W, on(1), 1), (W, on(4), 4), (on(5), on(9), 4)]);
    let game = played(
        &r,
        game.pos,
        &[Step::Move(on(5), on(9), 4), Step::Move(W, on(1), 1)],
    );
    assert_eq!(game.pos.to_move(), 1);
    // A 2 gives no move besides; with no piece waiting, the move of 1 moves any piece.
    let pos = position(&r, 0, &[[on(5), on(2)], [W, W], [W, W], [W, W]]);
    assert_eq!(played(&r, pos, &[Step::Throw(2)]).pos.pool(), &[2]);
    let game = played(&r, pos, &[Step::Throw(4), Step::Move(on(5), on(9), 4)]);
    let mut listed: Vec<_> = game.moves().iter().map(|m| (m.from(), m.to())).collect();
    listed.sort();
    assert_eq!(listed, [(on(2), on(3)), (on(9), on(10))]);
}

#[test]
fn with_no_piece_on_the_board_the_throws_before_a_1_are_lost() {
    let mut r = banking();
    // 1s and 4s throw again; while a side has no piece on the board, its throws before a 1 are
    // lost.
    r.banks = Some(1 << 1 | 1 << 4);
    r.count_from = 1 << 1;
    let start = MultiPosition::start(&r);
    // A 4 before the 1 is lost (and still throws again); the 4 and 2 after it count.
    let game = played(
        &r,
        start,
        &[
            Step::Throw(4),
            Step::Throw(1),
            Step::Throw(4),
            Step::Throw(2),
        ],
    );
    assert_eq!(game.pos.pool(), &[4, 2, 1]);
    // With no 1, the whole turn is lost: the next side throws.
    let game = played(&r, start, &[Step::Throw(4), Step::Throw(3)]);
    assert_eq!(game.pos.to_move(), 1);
    assert_eq!(game.summary.passes, 1);
    // A side with a piece on the board keeps every throw.
    let pos = position(&r, 0, &[[on(5), W], [W, W], [W, W], [W, W]]);
    let game = played(&r, pos, &[Step::Throw(4), Step::Throw(3)]);
    assert_eq!(game.pos.pool(), &[4, 3]);
}
