//! The network: where every piece stands in, the first side's chance to win out.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use senet_engine::engine::{Engine, Outcome, Position};
use senet_lang::types::Side;

/// One hidden layer of sigmoids and a sigmoid output: small enough to value a position in well
/// under a microsecond (a position sets only a dozen inputs, and only their weights are read).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Net {
    pub inputs: usize,
    pub hidden: usize,
    /// Input weights, input by input: `w1[i * hidden + h]`.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: f32,
}

/// The inputs of a rule set's positions: for each place along each side's path, 1 where a
/// piece of that side stands (and where pieces stack, as TD-Gammon reads a point, 1 for a second
/// piece, 1 for a third and half a unit for each piece beyond), the side's pieces waiting, borne
/// off and removed (each as a share of its pieces), and whether the first side is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    pub path: [usize; 2],
    pub pieces: usize,
    /// Pieces stack: four inputs a place, not one (false in files written before it was asked).
    #[serde(default)]
    pub stacks: bool,
}

impl Layout {
    pub fn of(engine: &Engine) -> Self {
        Layout {
            path: [engine.path_len(Side::First), engine.path_len(Side::Second)],
            pieces: usize::from(engine.rules.pieces),
            stacks: engine.rules.stacked.as_ref().is_some_and(|t| t.limit > 1),
        }
    }

    /// The inputs of one place along a path.
    fn per_place(&self) -> usize {
        if self.stacks { 4 } else { 1 }
    }

    pub fn inputs(&self) -> usize {
        (self.path[0] + self.path[1]) * self.per_place() + 6 + 1
    }

    /// The inputs that are not zero in `pos`, with their values, into `out`.
    pub fn active(&self, pos: &Position, out: &mut Vec<(usize, f32)>) {
        out.clear();
        let n = self.pieces.max(1) as f32;
        let mut base = 0usize;
        for (k, s) in Side::BOTH.into_iter().enumerate() {
            for p in pos.positions(s) {
                let at = base + p.index() * self.per_place();
                out.push((at, 1.0));
                let count = pos.count(s, p);
                if self.stacks && count > 1 {
                    out.push((at + 1, 1.0));
                    if count > 2 {
                        out.push((at + 2, 1.0));
                    }
                    if count > 3 {
                        out.push((at + 3, f32::from(count - 3) / 2.0));
                    }
                }
            }
            base += self.path[k] * self.per_place();
            for (j, c) in [pos.waiting(s), pos.off(s), pos.removed(s)]
                .into_iter()
                .enumerate()
            {
                if c > 0 {
                    out.push((base + j, f32::from(c) / n));
                }
            }
            base += 3;
        }
        if pos.to_move() == Side::First {
            out.push((base, 1.0));
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A network of small random weights.
    pub fn new(inputs: usize, hidden: usize, seed: u64) -> Self {
        use rand::RngExt;
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut small = |scale: f32| (rng.random::<f32>() * 2.0 - 1.0) * scale;
        Net {
            inputs,
            hidden,
            w1: (0..inputs * hidden).map(|_| small(0.2)).collect(),
            b1: (0..hidden).map(|_| small(0.2)).collect(),
            w2: (0..hidden).map(|_| small(0.2)).collect(),
            b2: 0.0,
        }
    }

    /// The output for the active inputs `x` (see [`Layout::active`]); the hidden layer's
    /// activations are left in `h`.
    pub fn forward(&self, x: &[(usize, f32)], h: &mut Vec<f32>) -> f32 {
        h.clear();
        h.extend_from_slice(&self.b1);
        for &(i, v) in x {
            let row = &self.w1[i * self.hidden..][..self.hidden];
            for (a, w) in h.iter_mut().zip(row) {
                *a += w * v;
            }
        }
        let mut out = self.b2;
        for (a, w) in h.iter_mut().zip(&self.w2) {
            *a = sigmoid(*a);
            out += *a * w;
        }
        sigmoid(out)
    }
}

/// Values positions with a network, reusing its buffers.
pub struct Valuer {
    layout: Layout,
    x: Vec<(usize, f32)>,
    h: Vec<f32>,
}

impl Valuer {
    pub fn new(engine: &Engine) -> Self {
        Valuer {
            layout: Layout::of(engine),
            x: Vec::with_capacity(64),
            h: Vec::with_capacity(64),
        }
    }

    /// The first side's chance to win from `pos` by `net`: exact where the game is over.
    pub fn value(&mut self, net: &Net, engine: &Engine, pos: &Position) -> f32 {
        if let Some(o) = engine.outcome(pos) {
            return first_score(o);
        }
        self.layout.active(pos, &mut self.x);
        net.forward(&self.x, &mut self.h)
    }
}

/// The first side's score in a finished game: 1 for its win, 0 for its loss, 1/2 for a draw.
pub fn first_score(o: Outcome) -> f32 {
    match o {
        Outcome::Win {
            side: Side::First, ..
        } => 1.0,
        Outcome::Win { .. } => 0.0,
        Outcome::Draw => 0.5,
    }
}

impl Net {
    /// Whether the weights fit the sizes and are all finite (a file may hold anything).
    pub fn well_formed(&self) -> bool {
        self.hidden > 0
            && self.inputs > 0
            && self.w1.len() == self.inputs.saturating_mul(self.hidden)
            && self.b1.len() == self.hidden
            && self.w2.len() == self.hidden
            && self
                .w1
                .iter()
                .chain(&self.b1)
                .chain(&self.w2)
                .chain(std::iter::once(&self.b2))
                .all(|w| w.is_finite())
    }
}
