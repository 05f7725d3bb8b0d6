//! Training by self-play with temporal differences (TD(lambda), as Tesauro's TD-Gammon learnt
//! backgammon): the network plays both sides, each move to the position it values best for the
//! side moving, and after every throw the value of the position before the last throw is pulled
//! toward the value of the position now (the result, once the game is over).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::net::{Layout, Net, Valuer, first_score};
use senet_engine::engine::game::{Action, Game, draw_below, random_throw_for};
use senet_engine::engine::{Engine, Listing};
use senet_lang::types::Side;

/// How training goes.
#[derive(Clone, Copy, Debug)]
pub struct Training {
    pub games: u64,
    pub hidden: usize,
    pub alpha: f32,
    pub lambda: f32,
    /// The share of self-play moves made at random instead of by the network, so that it also
    /// sees positions its own play avoids.
    pub explore: f32,
    pub seed: u64,
    pub turn_cap: u32,
}

/// Trains a network by self-play for `t.games` games; `progress` sees the number of games played
/// after each.
pub fn train(engine: &Engine, t: Training, mut progress: impl FnMut(u64)) -> Net {
    let layout = Layout::of(engine);
    let mut net = Net::new(layout.inputs(), t.hidden, t.seed);
    let mut rng = Pcg64Mcg::seed_from_u64(t.seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut valuer = Valuer::new(engine);
    let hn = t.hidden;
    // Eligibility traces, one per weight.
    let mut e1 = vec![0.0f32; net.w1.len()];
    let mut eb1 = vec![0.0f32; hn];
    let mut e2 = vec![0.0f32; hn];
    let mut eb2;
    let mut x = Vec::with_capacity(64);
    let mut h = Vec::with_capacity(hn);
    // The value's gradient with respect to each hidden unit's input.
    let mut dh = vec![0.0f32; hn];
    let mut game = Game::new(engine, t.turn_cap);
    game.keep_events = false;
    for g in 0..t.games {
        game.reset();
        e1.fill(0.0);
        eb1.fill(0.0);
        e2.fill(0.0);
        eb2 = 0.0;
        let mut last: Option<f32> = None;
        loop {
            let action = game.next_action();
            let at_throw = matches!(action, Action::Throw { .. } | Action::Over);
            if at_throw {
                // The value now, the target for the value at the last throw.
                // A game stopped at the turn cap counts as a draw.
                let target = match action {
                    Action::Over => engine.outcome(&game.pos).map_or(0.5, first_score),
                    _ => {
                        layout.active(&game.pos, &mut x);
                        net.forward(&x, &mut h)
                    }
                };
                if let Some(prev) = last {
                    let step = t.alpha * (target - prev);
                    for (w, e) in net.w1.iter_mut().zip(&e1) {
                        *w += step * e;
                    }
                    for (w, e) in net.b1.iter_mut().zip(&eb1) {
                        *w += step * e;
                    }
                    for (w, e) in net.w2.iter_mut().zip(&e2) {
                        *w += step * e;
                    }
                    net.b2 += step * eb2;
                }
                if matches!(action, Action::Over) {
                    break;
                }
                // Traces: decay, then add the gradient of the value here.
                layout.active(&game.pos, &mut x);
                let y = net.forward(&x, &mut h);
                let g = y * (1.0 - y);
                for e in e1.iter_mut() {
                    *e *= t.lambda;
                }
                for k in 0..hn {
                    dh[k] = g * net.w2[k] * h[k] * (1.0 - h[k]);
                    eb1[k] = eb1[k] * t.lambda + dh[k];
                    e2[k] = e2[k] * t.lambda + g * h[k];
                }
                eb2 = eb2 * t.lambda + g;
                for &(i, v) in &x {
                    for (e, d) in e1[i * hn..][..hn].iter_mut().zip(&dh) {
                        *e += d * v;
                    }
                }
                last = Some(y);
            }
            match action {
                Action::Over => break,
                Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                    let v = random_throw_for(engine, action, &mut rng);
                    game.give_throw(v);
                }
                Action::Choose { side } => {
                    if game.moves().is_empty() {
                        // A listing cut short stops the game (the next action says so).
                        if game.list_moves() == Listing::Whole && game.moves().is_empty() {
                            game.pass_turn();
                        }
                        if game.moves().is_empty() {
                            continue;
                        }
                    }
                    let mut best = (f32::NEG_INFINITY, 0);
                    for i in 0..game.moves().len() {
                        let next = engine.successor(&game.pos, &game.moves()[i], game.throw_of(i));
                        let v = valuer.value(&net, engine, &next);
                        let v = if side == Side::First { v } else { 1.0 - v };
                        if v > best.0 {
                            best = (v, i);
                        }
                    }
                    let random = t.explore > 0.0 && rng.random::<f32>() < t.explore;
                    game.choose(if random {
                        draw_below(&mut rng, game.moves().len())
                    } else {
                        best.1
                    });
                }
            }
        }
        progress(g + 1);
    }
    net
}
