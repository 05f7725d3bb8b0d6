//! The compiled form of rule sets: tables and turn machine.

use senet::check::check_target;
use senet::compile::{Event, Next, Phase, PosFlags, Rules, SideTable, SquareFlags, compile};
use senet::types::{PathPos, Place, Side, Square};

fn rules(id: &str) -> Rules {
    compile(&check_target(id, &[]).unwrap_or_else(|e| panic!("{id} does not check: {e:?}")))
}

use crate::support::every::every;

#[test]
fn compiled_forms() {
    let ids = [
        "senet/base",
        "senet/finkel",
        "senet/modern",
        "twenty-squares/ur",
    ];
    every(ids, |id| {
        insta::assert_snapshot!(id.replace('/', "__"), rules(id).to_string());
    });
}

#[test]
fn every_throw_distribution_sums_to_exactly_one() {
    // The table of the throws alone, which both engines play: the two-sided compiler does not
    // take rule sets of more sides.
    for id in senet::bundled::ids() {
        let r = check_target(id, &[]).unwrap_or_else(|e| panic!("{id} does not check: {e:?}"));
        let t = &senet::compile::ThrowTable::new(&r.throw);
        assert_eq!(t.weights.iter().sum::<u64>(), t.denominator, "{id}");
        assert_eq!(t.outcomes.len() as u64, t.denominator, "{id}");
        for (v, w) in t.values.iter().zip(&t.weights) {
            assert_eq!(
                t.outcomes.iter().filter(|o| *o == v).count() as u64,
                *w,
                "{id}: value {v}"
            );
        }
    }
}

#[test]
fn four_sticks_give_1_4_6_4_1_sixteenths() {
    let r = rules("twenty-squares/ur");
    assert_eq!(r.throws.values, vec![0, 1, 2, 3, 4]);
    assert_eq!(r.throws.weights, vec![1, 4, 6, 4, 1]);
    assert_eq!(r.throws.denominator, 16);
    let base = rules("senet/base");
    assert_eq!(base.throws.values, vec![1, 2, 3, 4, 6]);
    assert_eq!(base.throws.weights, vec![4, 6, 4, 1, 1]);
}

/// The throws that bear a piece off from path position `p`.
fn exits(side: &SideTable, p: u32) -> u32 {
    side.exit_throws[PathPos::new(p).unwrap().index()]
}

#[test]
fn exact_exit_tables() {
    let base = rules("senet/base");
    let red = &base.sides[Side::First];
    // Pieces on 25, 28, 29, 30 bear off with 6, 3, 2, 1; 26 would need a 5, which base cannot throw.
    assert_eq!(exits(red, 25), 1 << 6);
    assert_eq!(exits(red, 26), 0);
    assert_eq!(exits(red, 28), 1 << 3);
    assert_eq!(exits(red, 30), 1 << 1);
    // Bell 1960: only from 27-30.
    let bell = rules("senet/bell-1960");
    assert_eq!(exits(&bell.sides[Side::Second], 25), 0);
    assert_eq!(exits(&bell.sides[Side::Second], 27), 1 << 4);
    // Modern: from 27 with 4 or 5, 29 with 3, 30 with 2.
    let modern = rules("senet/modern");
    assert_eq!(exits(&modern.sides[Side::First], 27), 1 << 4 | 1 << 5);
    assert_eq!(exits(&modern.sides[Side::First], 29), 1 << 3);
    assert_eq!(exits(&modern.sides[Side::First], 30), 1 << 2);
    // Bell 1979 runs from 30 to 1: position 30 is square 1.
    let b79 = rules("senet/bell-1979");
    assert_eq!(b79.sides[Side::First].path[0], Square::new(30).unwrap());
    assert_eq!(exits(&b79.sides[Side::First], 30), 1 << 1);
}

#[test]
fn ur_paths_share_the_middle_row() {
    let r = rules("twenty-squares/ur");
    let (light, dark) = (&r.sides[Side::First], &r.sides[Side::Second]);
    assert_eq!(light.len(), 14);
    assert_eq!(&light.path[4..12], &dark.path[4..12]);
    assert_ne!(light.path[0], dark.path[0]);
    for p in [4, 8, 14] {
        let sq = light.square(PathPos::new(p).unwrap());
        assert!(
            r.square_flags(sq)
                .contains(SquareFlags::SAFE | SquareFlags::EXTRA_THROW)
        );
    }
    assert_eq!(exits(light, 11), 1 << 4);
    assert_eq!(exits(light, 14), 1 << 1);
    assert!(light.start.iter().all(|&p| p == Place::Waiting));
}

#[test]
fn turn_machines() {
    let base = rules("senet/base");
    assert_eq!(base.machine.start, Phase::Seating);
    assert_eq!(
        base.machine.next(Phase::Seating, Event::SeatTaken),
        Some((Phase::Opening, Next::Same))
    );
    assert_eq!(
        base.machine.next(Phase::Move, Event::MovedExtraThrow),
        Some((Phase::Throw, Next::Same))
    );
    let finkel = rules("senet/finkel");
    assert_eq!(finkel.machine.start, Phase::Throw);
    assert_eq!(
        finkel.machine.next(Phase::Throw, Event::ThrownAgain),
        Some((Phase::Throw, Next::Same))
    );
    assert_eq!(
        finkel.machine.next(Phase::Throw, Event::Thrown),
        Some((Phase::Distribute, Next::Same))
    );
    assert_eq!(finkel.machine.next(Phase::Move, Event::Moved), None);
    let bell = rules("senet/bell-thirty-squares");
    assert_eq!(bell.machine.next(Phase::Move, Event::MovedExtraThrow), None);
}

/// The flags of path position `p`.
fn flags(side: &SideTable, p: u32) -> PosFlags {
    side.flags[PathPos::new(p).unwrap().index()]
}

#[test]
fn zones_become_position_flags() {
    let jequier = rules("senet/jequier");
    let red = &jequier.sides[Side::First];
    assert!((21..=30).all(|p| flags(red, p).contains(PosFlags::BEAR_ZONE)));
    assert!(!flags(red, 20).contains(PosFlags::BEAR_ZONE));
    let bell = rules("senet/bell-thirty-squares");
    assert!((26..=30).all(|p| flags(&bell.sides[Side::Second], p).contains(PosFlags::PRIORITY)));
    let ivde = rules("senet/ivde");
    assert!(flags(&ivde.sides[Side::First], 28).contains(PosFlags::ONLY_BEAR_OFF));
}

#[test]
fn options_change_the_compiled_rules() {
    let seven = compile(&check_target("senet/kendall", &[("pieces".into(), "7".into())]).unwrap());
    assert_eq!(seven.pieces, 7);
    let on = |list: &[u32]| -> Vec<Place> {
        list.iter()
            .map(|&p| Place::On(PathPos::new(p).unwrap()))
            .collect()
    };
    assert_eq!(seven.sides[Side::First].start, on(&[1, 3, 5, 7, 9, 11, 13]));
    assert_eq!(
        seven.sides[Side::Second].start,
        on(&[2, 4, 6, 8, 10, 12, 14])
    );
    let off =
        compile(&check_target("senet/kendall", &[("extra-throws".into(), "off".into())]).unwrap());
    assert_eq!(off.extra_after, 0);
    assert_eq!(rules("senet/kendall").extra_after, 1 << 1 | 1 << 4 | 1 << 5);
}

/// A variant may narrow an option it inherits: the parent's `when` forms for values the child no
/// longer allows are judged by the parent's own declaration (no error) and simply never apply.
#[test]
fn a_variant_may_narrow_an_inherited_option() {
    use senet::check::check_text;
    let text = "ruleset \"test/narrow\"\nextends \"twenty-squares/sawah\"\n\
                option pieces: 1..5 default 5\n";
    let set = check_text("narrow.rules", text, None, &[]).expect("checks");
    assert_eq!(set.pieces, 5);
    let three =
        check_text("narrow.rules", text, None, &[("pieces".into(), "3".into())]).expect("checks");
    assert_eq!(three.pieces, 3, "the parent's `when pieces is 3` applies");
    let Err(diags) = check_text("narrow.rules", text, None, &[("pieces".into(), "6".into())])
    else {
        panic!("pieces=6 is accepted though the variant allows 1..5");
    };
    let codes: Vec<_> = diags.iter().map(|d| d.code()).collect();
    assert_eq!(
        codes,
        [Some(senet::lang::Code::E111)],
        "only the command line's value is wrong"
    );
}
