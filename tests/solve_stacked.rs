//! The dense numbering of rule sets whose pieces stack (`tables/hypergammon`): a bijection onto
//! the placings it holds, values equal to the search's (an independent path: the engine's moves
//! from a hash map of positions, no numbering) and to a chance known without solving.

use senet::check::check_target;
use senet::compile::compile;
use senet::engine::{Engine, Position};
use senet::notation::position::parse_position;
use senet::solve::dense::{DenseIndex, Located};
use senet::solve::{Limits, Method, solve, solve_with};
use senet::types::Side;

fn hypergammon() -> Engine {
    Engine::new(compile(&check_target("tables/hypergammon", &[]).unwrap()))
}

fn at(e: &Engine, json: &str) -> Position {
    parse_position(e, &serde_json::from_str(json).unwrap())
        .unwrap()
        .0
}

/// The memory a whole Hypergammon solve is allowed (the limits are checked against the whole
/// game's needs; a solve from an end game takes a small part of it).
const LIMITS: Limits = Limits {
    states: 10_000_000,
    bytes: 8 << 30,
    disk: u64::MAX,
};

/// Every placing of three pieces a side over waiting and 24 points is numbered, the sides'
/// mirror images once: `(C(27, 3) + C(26, 2) + C(25, 1))^2` states, for the placings with none,
/// one and two pieces off. In the layers with a piece off each side, every state a row lists
/// locates back to its own index, no two alike, and the indices left unused are the pairs with
/// both sides on one square.
#[test]
fn stacked_numbering_is_a_bijection() {
    let e = hypergammon();
    let index = DenseIndex::new(&e.rules).expect("Hypergammon numbers densely");
    assert!(index.stacked());
    assert!(index.mirrored);
    assert_eq!(index.states, (2925 + 325 + 25) * (2925 + 325 + 25));
    let tables = index.unranking();
    let mut unused = 0u64;
    for (l, layer) in index.layers.iter().enumerate() {
        if layer.off[Side::First] == 0 || layer.off[Side::Second] == 0 {
            continue;
        }
        let mut seen = vec![false; usize::try_from(layer.size).unwrap()];
        for key in index.opponent_keys(l) {
            index.for_row(&e.rules, l, key, |i, pos| {
                assert_eq!(
                    index.locate(pos),
                    Located::State {
                        index: i,
                        mover: layer.mover
                    }
                );
                assert_eq!(index.position(&e.rules, &tables, i as u64), *pos);
                let own = i - layer.states().start;
                assert!(!seen[own], "index {i} twice");
                seen[own] = true;
                assert_eq!(pos.squares(Side::First) & pos.squares(Side::Second), 0);
            });
        }
        unused += seen.iter().filter(|&&s| !s).count() as u64;
    }
    // Counted here by brute force: every multiset of a side's pieces over the bar and its 24
    // points, as the set of squares it holds (white's position p is square 25 - p, black's p),
    // and the pairs that share a square.
    let squares = |m: usize, white: bool| -> Vec<u32> {
        let mut out = Vec::new();
        let mut places = vec![0u32; m];
        loop {
            out.push(
                places
                    .iter()
                    .filter(|&&p| p > 0)
                    .fold(0, |acc, &p| acc | 1 << if white { 25 - p } else { p }),
            );
            // The next non-decreasing sequence of places.
            let Some(i) = (0..m).rev().find(|&i| places[i] < 24) else {
                return out;
            };
            let next = places[i] + 1;
            places[i..].fill(next);
        }
    };
    let clash = |me: usize, them: usize| -> u64 {
        let (a, b) = (squares(me, true), squares(them, false));
        let pairs = a.iter().flat_map(|x| b.iter().map(move |y| x & y != 0));
        pairs.filter(|&c| c).count() as u64
    };
    assert_eq!(squares(2, true).len(), 325);
    assert_eq!(clash(2, 2) + 2 * clash(2, 1) + clash(1, 1), unused);
}

/// From end games of one or two pieces a side left, in contact, the dense values equal the
/// search's on every position the search reaches (both seats to move).
#[test]
fn stacked_dense_agrees_with_search() {
    let e = hypergammon();
    let roots = [
        // White's last piece behind black's two: it may hit, and be hit.
        r#"{"to_move":"white","throw":null,"pieces":{"white":[5,"off","off"],"black":[3,10,"off"]}}"#,
        r#"{"to_move":"black","throw":null,"pieces":{"white":[5,"off","off"],"black":[3,10,"off"]}}"#,
        // A piece on the bar against a home board of two; a blot to pass, two to hit.
        r#"{"to_move":"white","throw":null,"pieces":{"white":[0,"off","off"],"black":[19,21,"off"]}}"#,
        r#"{"to_move":"black","throw":null,"pieces":{"white":[2,8,"off"],"black":[12,"off","off"]}}"#,
    ];
    for json in roots {
        let root = at(&e, json);
        let searched =
            solve(&e, root, LIMITS.states, |_| {}).unwrap_or_else(|_| panic!("too large"));
        let dense = solve_with(&e, root, Method::Dense, LIMITS, |_| {})
            .unwrap_or_else(|_| panic!("too large"));
        assert_eq!(dense.method(), "dense");
        let mut worst: f64 = 0.0;
        for (k, pos) in searched.positions.iter().enumerate() {
            let d = dense
                .score(pos)
                .expect("every position the search reaches is solved");
            worst = worst.max((d - searched.score[k]).abs());
        }
        assert!(
            worst < 1e-9,
            "{json}: {worst} over {} positions",
            searched.positions.len()
        );
        assert!(
            searched.positions.len() > 50,
            "{json}: an end game with choices"
        );
    }
}

/// A side to move whose every piece bears off with any throw wins for sure, whatever the other
/// side has: two pieces on its 1 point (each die bears one off), or on its 1 and 2 points (a
/// die of 2 or more bears off from the 2 point; a double of 1s moves that piece in and bears both
/// off).
#[test]
fn off_in_one_wins_for_sure() {
    let e = hypergammon();
    let cases = [
        (
            r#"{"to_move":"white","throw":null,"pieces":{"white":[24,24,"off"],"black":[19,"off","off"]}}"#,
            Side::First,
        ),
        (
            r#"{"to_move":"black","throw":null,"pieces":{"white":[5,"off","off"],"black":[24,23,"off"]}}"#,
            Side::Second,
        ),
    ];
    for (json, mover) in cases {
        let pos = at(&e, json);
        let solved = solve_with(&e, pos, Method::Dense, LIMITS, |_| {}).unwrap();
        assert_eq!(solved.method(), "dense");
        let (first, second, _) = solved.chances(&pos).unwrap();
        let mine = if mover == Side::First { first } else { second };
        assert!((mine - 1.0).abs() < 1e-12, "{json}: {mine}");
    }
}

/// `senet solve tables/hypergammon --position` takes the dense numbering by itself, and gives
/// the search's chance.
#[test]
fn cli_solves_hypergammon_end_games_densely() {
    let position = r#"{"to_move":"white","throw":null,"pieces":{"white":[20,22,"off"],"black":[23,21,"off"]}}"#;
    let solve = |method: &str| {
        crate::solve::solve_json_at(
            &[
                "tables/hypergammon",
                "--position",
                "-",
                "--format",
                "json",
                "--method",
                method,
            ],
            position,
        )
    };
    let (auto, search) = (solve("auto"), solve("search"));
    assert_eq!(auto["method"], "dense");
    assert_eq!(search["method"], "search");
    let white = |v: &serde_json::Value| v["win_probability"]["white"].as_f64().unwrap();
    assert!((white(&auto) - white(&search)).abs() < 1e-9);
}
