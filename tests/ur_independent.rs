//! An independent solver of the Game of Ur as the common modern rules state it, sharing no
//! code with the engine or the solver: written straight from the rules, so that a mistake in the
//! rule file, the engine or the numbering would show as a difference.
//!
//! Rules: a path of 14 positions, 5-12 shared (the same square for both sides at the same
//! number); rosettes on 4, 8 and 14 give an extra throw, and a piece on the shared rosette (8)
//! cannot be taken; four two-sided sticks (0-4, binomial); a 0 or no legal move passes; a
//! waiting piece enters on the throw's position; never onto one's own piece; landing on an enemy
//! on a shared square sends it back to wait; exact exit to 15; the first to bear off all wins.

use std::collections::HashMap;

use senet::check::check_target;
use senet::compile::compile;
use senet::engine::Engine;
use senet::solve::{Limits, Method, solve_with};

const P: [f64; 5] = [1.0 / 16.0, 4.0 / 16.0, 6.0 / 16.0, 4.0 / 16.0, 1.0 / 16.0];
const SHARED: u32 = 0b1_1111_1110_0000; // positions 5..=12, bit p
const ROSETTES: u32 = (1 << 4) | (1 << 8) | (1 << 14);

/// Mover's pieces, opponent's pieces (bit p for position p), mover's and opponent's pieces off.
type State = (u32, u32, u32, u32);

enum Next {
    Won,
    /// The same side throws again.
    Again(State),
    /// The other side's turn (the state as that side sees it).
    Turn(State),
}

fn moves(n: u32, (mine, theirs, om, ot): State, t: u32) -> Vec<Next> {
    let mut out = Vec::new();
    let waiting = n - om - mine.count_ones();
    let froms = (1..=14).filter(|p| mine & (1 << p) != 0);
    for p in froms.chain((waiting > 0).then_some(0)) {
        let q = p + t;
        let lifted = if p == 0 { mine } else { mine & !(1 << p) };
        if q == 15 {
            out.push(if om + 1 == n {
                Next::Won
            } else {
                Next::Turn((theirs, lifted, ot, om + 1))
            });
            continue;
        }
        if q > 15 || mine & (1 << q) != 0 {
            continue;
        }
        let mut them = theirs;
        if SHARED & (1 << q) != 0 && theirs & (1 << q) != 0 {
            if ROSETTES & (1 << q) != 0 {
                continue;
            }
            them &= !(1 << q);
        }
        let placed = lifted | (1 << q);
        out.push(if ROSETTES & (1 << q) != 0 {
            Next::Again((placed, them, om, ot))
        } else {
            Next::Turn((them, placed, ot, om))
        });
    }
    out
}

/// The mover's chance to win from the start, and the number of states, with `n` pieces each.
fn solve_ur(n: u32) -> (f64, usize) {
    let mut states = Vec::new();
    for om in 0..n {
        for ot in 0..n {
            for mine in (0u32..1 << 15).step_by(2) {
                if mine.count_ones() > n - om {
                    continue;
                }
                for theirs in (0u32..1 << 15).step_by(2) {
                    if theirs.count_ones() <= n - ot && mine & theirs & SHARED == 0 {
                        states.push((mine, theirs, om, ot));
                    }
                }
            }
        }
    }
    let index: HashMap<State, usize> = states.iter().enumerate().map(|(i, &s)| (s, i)).collect();
    let mut value = vec![0.5; states.len()];
    loop {
        let mut largest: f64 = 0.0;
        for (i, &s) in states.iter().enumerate() {
            let mut v = 0.0;
            for (t, p) in (0u32..).zip(P.iter()) {
                let mut options = if t > 0 { moves(n, s, t) } else { Vec::new() };
                if options.is_empty() {
                    options.push(Next::Turn((s.1, s.0, s.3, s.2)));
                }
                let best = options
                    .iter()
                    .map(|m| match m {
                        Next::Won => 1.0,
                        Next::Again(x) => value[index[x]],
                        Next::Turn(x) => 1.0 - value[index[x]],
                    })
                    .fold(0.0, f64::max);
                v += p * best;
            }
            largest = largest.max((v - value[i]).abs());
            value[i] = v;
        }
        if largest < 1e-13 {
            break;
        }
    }
    (value[index[&(0, 0, 0, 0)]], states.len())
}

/// Both numberings against the independent solver, with `n` pieces each.
fn agree(n: u32) {
    let (expected, count) = solve_ur(n);
    let options = [("pieces".to_string(), n.to_string())];
    let engine = Engine::new(compile(
        &check_target("twenty-squares/ur", &options).unwrap(),
    ));
    let limits = Limits {
        states: 1_000_000,
        bytes: 1 << 30,
        disk: u64::MAX,
    };
    for method in [Method::Dense, Method::Search] {
        let solved = solve_with(&engine, engine.start(), method, limits, |_| {})
            .unwrap_or_else(|_| panic!("too large"));
        let light = solved.chances(&engine.start()).unwrap().0;
        assert!(
            (light - expected).abs() < 1e-10,
            "{n} pieces, {method:?}: {light} against {expected}"
        );
        if method == Method::Dense {
            assert_eq!(solved.states(), count as u64);
        }
    }
}

#[test]
fn senet_agrees_with_an_independent_solver() {
    agree(1);
    agree(2);
}

/// Three pieces: a minute in a debug build, so not in the default run
/// (`cargo test --release --test main ur_independent:: -- --ignored`).
#[test]
#[ignore]
fn senet_agrees_with_an_independent_solver_on_three_pieces() {
    agree(3);
}
