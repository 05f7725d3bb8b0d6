//! Successors kept in 64 bits (as a numbering of more than 2^31 states needs) give the values
//! of the same solve with 32-bit ones, wherever the lists are: in memory, in the solver's file,
//! or found again at each full sweep.

use senet_engine::engine::Engine;
use senet_lang::types::PerSide;

use super::{DenseIndex, DenseSolution, Precision, Stage, solve_with};

fn engine(id: &str, pieces: u8) -> Engine {
    let options = [("pieces".to_string(), pieces.to_string())];
    Engine::new(senet_engine::compile::compile(
        &senet_lang::check::check_target(id, &options).expect("bundled"),
    ))
}

/// A whole solve with the lists given `lists` bytes of memory and `disk` on disk, and what it
/// said of them.
fn solve(
    e: &Engine,
    precision: Precision,
    (lists, disk): (u64, u64),
    wide: bool,
) -> (DenseSolution, Vec<String>) {
    let index = DenseIndex::new(&e.rules).expect("numbers densely");
    let mut stage = Stage::whole(&index, precision);
    stage.lists = lists;
    stage.disk = disk;
    let mut said = Vec::new();
    let solved = solve_with(e, index, PerSide::default(), stage, wide, |m| {
        said.push(m.to_string());
    })
    .unwrap_or_else(|_| panic!("solves"));
    (solved, said)
}

#[test]
fn wide_successors_give_the_values_of_narrow_ones() {
    let cases = [
        ("twenty-squares/ur", 2, Precision::Double),
        ("senet/kendall", 1, Precision::Double),
        ("twenty-squares/ur", 2, Precision::Fixed),
    ];
    // Every list in memory; lists in the file; lists found again (what the solve says of them).
    let rooms = [
        ((u64::MAX, u64::MAX), None),
        ((16 << 10, u64::MAX), Some("on disk")),
        ((16 << 10, 0), Some("to find again")),
    ];
    for (id, pieces, precision) in cases {
        let e = engine(id, pieces);
        for (room, outside) in rooms {
            let (narrow, said) = solve(&e, precision, room, false);
            let (wide, wide_said) = solve(&e, precision, room, true);
            for said in [&said, &wide_said] {
                let told = |what: &str| said.iter().any(|m| m.contains(what));
                match outside {
                    Some(what) => assert!(told(what), "{said:?}"),
                    None => assert!(!told("on disk") && !told("to find again"), "{said:?}"),
                }
            }
            let states = usize::try_from(narrow.index.states).expect("small");
            let worst = (0..states)
                .map(|i| (narrow.values.get(i) - wide.values.get(i)).abs())
                .fold(0.0, f64::max);
            // Threads read values being written: two solves agree to their tolerance.
            assert!(
                worst < 10.0 * precision.tolerance(),
                "{id} {pieces} {precision:?} {room:?}: {worst}"
            );
        }
    }
}

/// A cutting lists each part's states in the order a part's own listing gives them (the order
/// of its table), every state of the super-layer in exactly one part.
#[test]
fn a_cutting_lists_each_part_as_its_table_holds_it() {
    use super::{Cutting, Part, for_each_state, progress_range};
    let e = engine("twenty-squares/ur", 3);
    let index = DenseIndex::new(&e.rules).expect("numbers densely");
    for (total, n) in [(2, 3), (0, 4), (1, 2), (4, 5)] {
        let cutting = Cutting::of(&e, &index, total, n);
        let mut by_part = vec![Vec::new(); n];
        cutting.for_each_state(&e, &index, |i, k| by_part[k - 1].push(i));
        let all: usize = by_part.iter().map(Vec::len).sum();
        assert_eq!(all as u64, super::super_layer(&index, total), "{total}");
        for k in 1..=n {
            let range = progress_range(&e, &index, total, Part { k, n });
            assert_eq!(range, cutting.range(k), "{total} {k}/{n}");
            let mut alone = Vec::new();
            if let Some(r) = range {
                for_each_state(&e, &index, total, r.progress, |i| alone.push(i));
            }
            assert_eq!(alone, by_part[k - 1], "{total} {k}/{n}");
        }
    }
}

/// A part is of one super-layer: a run asked for a part of several, or of all, is refused.
#[test]
fn a_part_of_several_super_layers_is_refused() {
    use super::{Failed, Part};
    let e = engine("twenty-squares/ur", 2);
    for only in [Some(1..=2), None] {
        let index = DenseIndex::new(&e.rules).expect("numbers densely");
        let mut stage = Stage::whole(&index, Precision::Double);
        stage.only = only.clone();
        stage.part = Some(Part { k: 1, n: 2 });
        let refused = solve_with(&e, index, PerSide::default(), stage, false, |_| {});
        assert!(matches!(refused, Err(Failed::PartOfMany)), "{only:?}");
    }
}
