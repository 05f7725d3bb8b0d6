//! A heuristic value of a position, shared by the greedy, racer and expectimax agents.
//!
//! For each side: the progress of its pieces along the path (0 to 1 each), a bonus for pieces
//! borne off, a loss for pieces removed from the game, and the expected loss from pieces the
//! enemy can hit with its next throw (the probability of a throw that reaches them times what a
//! capture costs; the racer leaves this out). The value is the side's total minus the enemy's.
//! Generic: it reads only the compiled tables.

use senet_engine::compile::PosFlags;
use senet_engine::engine::{Engine, Outcome, Position};
use senet_lang::types::{Capture, PathPos, PerSide, Side, Throw};

/// The value of a won game; heuristic values stay far below it.
pub const WIN: f64 = 1000.0;

/// Weights of the heuristic, documented in docs/agents.md.
const OFF_BONUS: f64 = 1.5;
const REMOVED_LOSS: f64 = 1.5;
const RISK_WEIGHT: f64 = 1.0;

/// How far along its path a position is, from 0 to 1.
fn progress(p: PathPos, len: f64) -> f64 {
    f64::from(p.get()) / len
}

/// What the heuristic needs of a rule set, worked out once rather than at every position.
#[derive(Clone, Debug)]
pub struct Heuristic {
    /// The probability of each throw value `d` (index `d`, up to 31).
    p_throw: [f64; 32],
    /// Each side's path length.
    len: PerSide<f64>,
    tempo: f64,
    waiting: f64,
    /// Whether the risk to a side's pieces counts (not for the racer).
    risk: bool,
    /// Where pieces stack or dice are played one by one: each throw's probability and the
    /// distances its dice can carry one piece (bit `d`), for the risk to a lone piece.
    reach: Vec<(f64, u64)>,
}

impl Heuristic {
    /// The heuristic of greedy and expectimax.
    pub fn new(engine: &Engine) -> Self {
        let r = &engine.rules;
        let mut p_throw = [0.0; 32];
        for &v in &r.throws.values {
            if let Some(p) = p_throw.get_mut(usize::from(v)) {
                *p = r.throws.probability(v);
            }
        }
        Heuristic {
            p_throw,
            len: PerSide::from_fn(|s| {
                f64::from(u32::try_from(engine.path_len(s)).unwrap_or(u32::MAX))
            }),
            tempo: tempo(engine),
            waiting: waiting_cost(engine),
            risk: true,
            reach: dice_reach(engine),
        }
    }

    /// The racer's heuristic: the same without the risk to a side's pieces.
    pub fn racing(engine: &Engine) -> Self {
        Heuristic {
            risk: false,
            ..Self::new(engine)
        }
    }

    /// The value of `pos` for side `s`: a win is [`WIN`], a loss `-WIN`.
    pub fn evaluate(&self, engine: &Engine, pos: &Position, s: Side) -> f64 {
        if let Some(o) = engine.outcome(pos) {
            return match o {
                Outcome::Win { side, .. } if side == s => WIN,
                Outcome::Win { .. } => -WIN,
                Outcome::Draw => 0.0,
            };
        }
        let tempo = if pos.to_move() == s {
            self.tempo
        } else {
            -self.tempo
        };
        self.side_value(engine, pos, s) - self.side_value(engine, pos, s.other()) + tempo / 2.0
    }

    fn side_value(&self, engine: &Engine, pos: &Position, s: Side) -> f64 {
        let r = &engine.rules;
        if r.stacked.is_some() {
            return self.stacked_value(engine, pos, s);
        }
        let len = self.len[s];
        let mut v = f64::from(pos.off(s)) * OFF_BONUS - f64::from(pos.removed(s)) * REMOVED_LOSS;
        // A waiting piece costs the turns it will wait for a throw that lets it enter.
        v -= f64::from(pos.waiting(s)) * self.waiting;
        if !self.risk {
            return v + pos.positions(s).map(|p| progress(p, len)).sum::<f64>();
        }
        let e = s.other();
        let enemy = &r.sides[e];
        let mine = pos.on(s);
        for p in pos.positions(s) {
            let here = progress(p, len);
            v += here;
            let sq = r.sides[s].square(p);
            if r.sides[s].flags[p.index()].contains(PosFlags::SAFE) || r.capture == Capture::None {
                continue;
            }
            // Protected by a neighbour of its own side along the path: skip.
            if r.protect_pairs {
                let neighbours = p.bit() << 1 | p.bit() >> 1;
                if mine & neighbours != 0 {
                    continue;
                }
            }
            let Some(target) = enemy.position(sq) else {
                continue;
            };
            // Expected loss over the enemy's next throw: each throw value that lets some enemy
            // piece (or an entering one) land here costs what the capture costs.
            let mut reach = 0u32; // bit d: an enemy piece stands d steps behind
            for ep in pos.positions(e) {
                if let Some(d) = target.get().checked_sub(ep.get())
                    && (1..32).contains(&d)
                {
                    reach |= 1 << d;
                }
            }
            // An entering enemy piece lands on the position its throw (or its rule) gives.
            if pos.waiting(e) > 0
                && let Some(enter) = &r.enter
            {
                for &v in r.throws.values.iter().filter(|&&v| (1..32).contains(&v)) {
                    let lands = enter.onto.lands(v.into());
                    if enter.allows(Throw::from(v)) && lands == u32::from(target.get()) {
                        reach |= 1 << v;
                    }
                }
            }
            let mut expected = 0.0;
            while reach != 0 {
                let d = reach.trailing_zeros();
                reach &= reach - 1;
                let loss = match r.capture {
                    Capture::Removed => REMOVED_LOSS + here,
                    Capture::ToWaiting => here,
                    // Sent to a square: the progress between here and there.
                    Capture::To(dest) => {
                        let there = r.sides[s]
                            .position(dest.square)
                            .map_or(0.0, |q| progress(q, len));
                        (here - there).max(0.0)
                    }
                    // By swap the piece goes back d squares and the enemy gains d.
                    _ => 2.0 * f64::from(d) / len,
                };
                expected += self.p_throw[d as usize] * loss;
            }
            v -= RISK_WEIGHT * expected;
        }
        v
    }
}

impl Heuristic {
    /// [`Heuristic::side_value`] where pieces stack: every piece of a stack counts its
    /// progress, and a piece that stands where the enemy could capture it (fewer of its side
    /// there than close the square) risks its progress and the wait to enter again, times the
    /// chance of a throw whose dice carry some enemy piece onto it (one die, or several played
    /// by one piece, passing over what stands between).
    fn stacked_value(&self, engine: &Engine, pos: &Position, s: Side) -> f64 {
        let r = &engine.rules;
        let len = self.len[s];
        let closed_with = r.stacked.as_ref().map_or(2, |t| t.closed_with);
        let mut v = f64::from(pos.off(s)) * OFF_BONUS - f64::from(pos.removed(s)) * REMOVED_LOSS;
        v -= f64::from(pos.waiting(s)) * self.waiting;
        let capture = self.risk && r.capture != Capture::None;
        let e = s.other();
        for p in pos.positions(s) {
            let here = progress(p, len);
            let count = pos.count(s, p);
            v += here * f64::from(count);
            if !capture || count >= closed_with {
                continue;
            }
            if r.sides[s].flags[p.index()].contains(PosFlags::SAFE) {
                continue;
            }
            let Some(target) = r.sides[e].position(r.sides[s].square(p)) else {
                continue;
            };
            // The distances from each enemy piece (0: waiting to enter) to this one.
            let mut reach = 0u64;
            for ep in pos.positions(e) {
                if let Some(d) = target.get().checked_sub(ep.get())
                    && (1..64).contains(&d)
                {
                    reach |= 1 << d;
                }
            }
            if pos.waiting(e) > 0 {
                reach |= 1 << target.get().min(63);
            }
            let p_hit: f64 = self
                .reach
                .iter()
                .filter(|(_, dist)| dist & reach != 0)
                .map(|(p, _)| p)
                .sum();
            let loss = match r.capture {
                Capture::Removed => REMOVED_LOSS + here,
                _ => here + self.waiting,
            };
            v -= RISK_WEIGHT * p_hit * loss * f64::from(count);
        }
        v
    }
}

/// Where pieces stack or dice are played one by one: each throw with its probability and the
/// distances one piece can go with its dice (each die alone, and the running sums of the dice
/// in the order they are tried); none for other rules.
fn dice_reach(engine: &Engine) -> Vec<(f64, u64)> {
    let r = &engine.rules;
    let Some(t) = &r.stacked else {
        return Vec::new();
    };
    r.throws
        .values
        .iter()
        .map(|&v| {
            let pool = t.pools.get(usize::from(v)).map_or(&[][..], Vec::as_slice);
            let mut dist = 0u64;
            let mut sum = 0u32;
            for &d in pool {
                dist |= 1u64.checked_shl(u32::from(d)).unwrap_or(0);
                sum += u32::from(d);
                dist |= 1u64.checked_shl(sum).unwrap_or(0);
            }
            // Two different dice reach their sum either way round.
            (r.throws.probability(v), dist)
        })
        .collect()
}

/// What having the next throw is worth: one average throw of progress.
fn tempo(engine: &Engine) -> f64 {
    let t = &engine.rules.throws;
    // Where dice are played one by one a throw is worth the sum of the dice it plays.
    let worth = |v: u8| match &engine.rules.stacked {
        Some(st) => st
            .pools
            .get(usize::from(v))
            .map_or(0, |pool| pool.iter().map(|&d| u64::from(d)).sum()),
        None => u64::from(v),
    };
    let total: u64 = t
        .values
        .iter()
        .zip(&t.weights)
        .map(|(&v, &w)| worth(v) * w)
        .sum();
    let mean = total as f64 / t.denominator as f64;
    let len = u32::try_from(engine.path_len(Side::First)).unwrap_or(u32::MAX);
    mean / f64::from(len)
}

/// What a waiting piece costs: the throws it is expected to wait for an entering one (beyond
/// the first), each worth an average throw of progress. Near nothing where any throw enters
/// (Twenty Squares), large where only rare throws do (a 4 or a 6 in Tait's Senet).
fn waiting_cost(engine: &Engine) -> f64 {
    let r = &engine.rules;
    let Some(enter) = &r.enter else { return 0.0 };
    if r.stacked.is_some() {
        // Dice played one by one: a piece enters with any die, unless the squares are closed;
        // count what entering loses besides the progress, a throw's worth.
        return tempo(engine);
    }
    let p_enter: f64 = r
        .throws
        .values
        .iter()
        .filter(|&&v| enter.allows(Throw::from(v)))
        .map(|&v| r.throws.probability(v))
        .sum();
    if p_enter <= 0.0 {
        return 0.0;
    }
    (1.0 / p_enter - 1.0) * tempo(engine)
}
