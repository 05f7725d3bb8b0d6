//! A heuristic value of a position, shared by the greedy and expectimax agents.
//!
//! For each side: the progress of its pieces along the path (0 to 1 each), a bonus for pieces
//! borne off, a loss for pieces removed from the game, and the expected loss from pieces the
//! enemy can hit with its next throw (the probability of a throw that reaches them times what a
//! capture costs). The value is the side's total minus the enemy's. Generic: it reads only the
//! compiled tables.

use crate::check::ruleset::Capture;
use crate::compile::SquareFlags;
use crate::engine::{Engine, Outcome, Position};

/// The value of a won game; heuristic values stay far below it.
pub const WIN: f64 = 1000.0;

/// Weights of the heuristic, documented in docs/agents.md.
const OFF_BONUS: f64 = 1.5;
const REMOVED_LOSS: f64 = 1.5;
const RISK_WEIGHT: f64 = 1.0;

/// The probability that a throw gives exactly `d` (0 if it cannot).
fn p_throw(engine: &Engine, d: i32) -> f64 {
    if !(0..=31).contains(&d) {
        0.0
    } else {
        engine.rules.throws.probability(d as u8)
    }
}

fn side_value(engine: &Engine, pos: &Position, s: usize) -> f64 {
    let r = &engine.rules;
    let len = engine.path_len(s) as f64;
    let mut v = pos.off[s] as f64 * OFF_BONUS - pos.removed[s] as f64 * REMOVED_LOSS;
    // A waiting piece costs the turns it will wait for a throw that lets it enter.
    v -= pos.waiting[s] as f64 * waiting_cost(engine);
    let e = 1 - s;
    let enemy = &r.sides[e];
    for p in pos.positions(s) {
        let progress = p as f64 / len;
        v += progress;
        let sq = r.sides[s].path[p as usize - 1];
        if r.squares[sq as usize].has(SquareFlags::SAFE) || matches!(r.capture, Capture::None) {
            continue;
        }
        // Protected by a neighbour of its own side along the enemy's view of the path: skip.
        if r.protect_pairs {
            let mine = pos.on[s];
            if (p >= 2 && mine & (1 << (p - 2)) != 0) || mine & (1 << p) != 0 {
                continue;
            }
        }
        let target = enemy.position_of[sq as usize] as i32;
        if target == 0 {
            continue;
        }
        // Expected loss over the enemy's next throw: each throw value that lets some enemy
        // piece (or an entering one) land here costs what the capture costs.
        let mut reach = 0u32; // bit d: an enemy piece stands d steps behind
        for ep in pos.positions(e) {
            let d = target - ep as i32;
            if (1..32).contains(&d) {
                reach |= 1 << d;
            }
        }
        // An entering enemy piece lands on the position its throw (or its rule) gives.
        if pos.waiting[e] > 0
            && let Some(enter) = &r.enter
        {
            use crate::check::ruleset::EnterOnto;
            let throws = enter.throws.as_deref().unwrap_or(&r.throws.values);
            for v in throws.iter().copied().filter(|&v| v > 0 && v < 32) {
                let lands = match enter.onto {
                    EnterOnto::Throw => v as i32,
                    EnterOnto::Position(q) => q as i32,
                };
                if lands == target {
                    reach |= 1 << v;
                }
            }
        }
        let mut expected = 0.0;
        while reach != 0 {
            let d = reach.trailing_zeros() as i32;
            reach &= reach - 1;
            let loss = match r.capture {
                Capture::Removed => REMOVED_LOSS + progress,
                Capture::ToWaiting => progress,
                // Sent to a square: the progress between here and there.
                Capture::To(dest) => {
                    let there = r.sides[s].position_of[dest.square as usize] as f64;
                    ((p as f64 - there) / len).max(0.0)
                }
                // By swap the piece goes back d squares and the enemy gains d.
                _ => 2.0 * d as f64 / len,
            };
            expected += p_throw(engine, d) * loss;
        }
        v -= RISK_WEIGHT * expected;
    }
    v
}

/// The value of `pos` for side `s`: a win is [`WIN`], a loss `-WIN`.
pub fn evaluate(engine: &Engine, pos: &Position, s: usize) -> f64 {
    if let Some(o) = engine.outcome(pos) {
        return match o {
            Outcome::Win { side, .. } if side as usize == s => WIN,
            Outcome::Win { .. } => -WIN,
            Outcome::Draw => 0.0,
        };
    }
    let tempo = if pos.to_move as usize == s {
        tempo(engine)
    } else {
        -tempo(engine)
    };
    side_value(engine, pos, s) - side_value(engine, pos, 1 - s) + tempo / 2.0
}

/// What having the next throw is worth: one average throw of progress.
fn tempo(engine: &Engine) -> f64 {
    let t = &engine.rules.throws;
    let mean: f64 = t
        .values
        .iter()
        .zip(&t.weights)
        .map(|(&v, &w)| v as f64 * w as f64)
        .sum::<f64>()
        / t.denominator as f64;
    mean / engine.path_len(0) as f64
}

/// What a waiting piece costs: the throws it is expected to wait for an entering one (beyond
/// the first), each worth an average throw of progress. Near nothing where any throw enters
/// (Twenty Squares), large where only rare throws do (a 4 or a 6 in Tait's Senet).
fn waiting_cost(engine: &Engine) -> f64 {
    let r = &engine.rules;
    let Some(enter) = &r.enter else { return 0.0 };
    let p_enter: f64 = r
        .throws
        .values
        .iter()
        .filter(|&&v| v > 0 && enter.throws.as_ref().is_none_or(|t| t.contains(&v)))
        .map(|&v| r.throws.probability(v))
        .sum();
    if p_enter <= 0.0 {
        return 0.0;
    }
    (1.0 / p_enter - 1.0) * tempo(engine)
}
