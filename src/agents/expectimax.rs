//! Depth-limited expectiminimax with chance nodes over the throw distribution and Star1
//! pruning (Ballard's *-minimax): a chance node stops as soon as the throws still to come can
//! no longer bring its value inside the window. Leaves are valued by the heuristic
//! ([`super::eval`]), or by a trained network ([`super::learned`], the `learned:FILE` agent).
//!
//! The depth counts move decisions: depth 1 looks at the resulting positions only (like greedy),
//! depth 2 also at every throw and best reply of the side that moves next, and so on. A side
//! that throws again after its move simply decides twice in a row.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use std::sync::Arc;

use super::eval::{Heuristic, WIN};
use super::learned::{Layout, NetFile, Valuer};
use crate::engine::game::Player;
use crate::engine::{Engine, Move, Position};
use crate::types::{Side, Throw};

/// The deepest search of plain `expectimax`, which deepens while it stays within
/// [`DEFAULT_BUDGET`] leaves.
pub const DEFAULT_DEPTH: u32 = 4;
pub const DEFAULT_BUDGET: u64 = 50_000;

pub struct ExpectimaxAgent {
    depth: u32,
    /// With a budget, search deepens up to `depth` while the leaves stay within it.
    budget: Option<u64>,
    rng: Pcg64Mcg,
    /// One move buffer per level of the search, reused.
    buffers: Vec<Vec<Move>>,
    /// The chance distribution of the throw a side moves with: single throws, or for
    /// throw-all-then-split turns the distribution of totals.
    chance: Vec<(Throw, f64)>,
    /// Leaves visited in the last search (for the documentation's measurements).
    pub nodes: u64,
    /// A search that visits more leaves than this is abandoned.
    limit: u64,
    /// The heuristic of the rule set played, worked out at the first choice.
    heuristic: Option<Heuristic>,
    /// A learnt value that replaces the heuristic at the leaves, with its buffers (made at
    /// the first choice).
    net: Option<(Arc<NetFile>, Option<Valuer>)>,
    /// Whether the leaves are valued by `net` in this decision: not where the network was
    /// trained for another layout of inputs than the rules played.
    use_net: bool,
    /// Decisions made with the heuristic for want of a network that fits the rules.
    fell_back: u64,
    /// The values of the root's moves at the last depth searched in full, and at the depth
    /// being searched (reused: a decision allocates nothing).
    values: Vec<f64>,
    scratch: Vec<f64>,
}

/// The distribution of the throw a side moves with.
fn move_distribution(engine: &Engine) -> Vec<(Throw, f64)> {
    let t = &engine.rules.throws;
    let single: Vec<(u8, f64)> = t.values.iter().map(|&v| (v, t.probability(v))).collect();
    if !engine.rules.split {
        return single
            .into_iter()
            .map(|(v, p)| (Throw::from(v), p))
            .collect();
    }
    // total[k]: the chance that the throws of a turn add up to k (sums above 60 are dropped).
    const CAP: usize = 60;
    let mut reach = vec![0.0f64; CAP + 1];
    let mut total = vec![0.0f64; CAP + 1];
    reach[0] = 1.0;
    for k in 0..=CAP {
        if reach[k] == 0.0 {
            continue;
        }
        for &(v, p) in &single {
            let n = k + usize::from(v);
            if n > CAP {
                continue;
            }
            if engine.throws_again(Throw::from(v)) {
                if v > 0 {
                    reach[n] += reach[k] * p;
                }
            } else {
                total[n] += reach[k] * p;
            }
        }
    }
    // Totals rarer than one turn in 500 are left out of the search (and the rest renormalised):
    // they cost the most (a large total splits in very many ways) and weigh the least.
    const RARE: f64 = 0.002;
    let kept: f64 = total.iter().filter(|p| **p >= RARE).sum();
    total
        .iter()
        .enumerate()
        .filter(|(_, p)| **p >= RARE)
        .filter_map(|(k, p)| Some((Throw::new(u16::try_from(k).ok()?), p / kept)))
        .collect()
}

impl ExpectimaxAgent {
    /// A search of exactly `depth` decisions.
    pub fn new(depth: u32, seed: u64) -> Self {
        ExpectimaxAgent {
            depth: depth.max(1),
            budget: None,
            rng: Pcg64Mcg::seed_from_u64(seed),
            buffers: Vec::new(),
            chance: Vec::new(),
            nodes: 0,
            limit: u64::MAX,
            heuristic: None,
            net: None,
            use_net: false,
            fell_back: 0,
            values: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The default agent: deepening up to [`DEFAULT_DEPTH`] within [`DEFAULT_BUDGET`] leaves.
    pub fn adaptive(seed: u64) -> Self {
        ExpectimaxAgent {
            budget: Some(DEFAULT_BUDGET),
            ..Self::new(DEFAULT_DEPTH, seed)
        }
    }

    /// The default agent with a trained network's values at the leaves instead of the
    /// heuristic's (`learned:FILE`).
    pub fn learned(net: Arc<NetFile>, seed: u64) -> Self {
        ExpectimaxAgent {
            net: Some((net, None)),
            ..Self::adaptive(seed)
        }
    }

    /// The value for `root` of `pos` before the side to move throws, searched `depth` decisions
    /// deep, within the window (`alpha`, `beta`).
    fn chance_node(
        &mut self,
        engine: &Engine,
        pos: &Position,
        root: Side,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        if self.nodes > self.limit {
            // Over budget: this depth is abandoned, the value no longer matters.
            return 0.0;
        }
        if depth == 0 || engine.outcome(pos).is_some() {
            self.nodes += 1;
            if self.use_net
                && let Some((file, valuer)) = &mut self.net
            {
                let valuer = valuer.get_or_insert_with(|| Valuer::new(engine));
                let first = f64::from(valuer.value(&file.net, engine, pos));
                let mine = if root == Side::First {
                    first
                } else {
                    1.0 - first
                };
                return (2.0 * mine - 1.0) * WIN;
            }
            let h = self.heuristic.as_ref().expect("made at the first choice");
            return h.evaluate(engine, pos, root).clamp(-WIN, WIN);
        }
        let (lo, hi) = (-WIN, WIN);
        let mut done = 0.0; // sum of p * value over the throws searched
        let mut left = 1.0; // probability of the throws not searched yet
        for i in 0..self.chance.len() {
            let (v, p) = self.chance[i];
            left -= p;
            // The window this throw's value must hit for the node to land inside (alpha, beta).
            let a = ((alpha - done - left * hi) / p).max(lo);
            let b = ((beta - done - left * lo) / p).min(hi);
            let value = self.decision_node(engine, pos, v, root, depth, a, b);
            done += p * value;
            if done + left * lo >= beta {
                return done + left * lo;
            }
            if done + left * hi <= alpha {
                return done + left * hi;
            }
        }
        done
    }

    /// The value for `root` once the side to move has thrown `throw`: the best move for it.
    #[allow(clippy::too_many_arguments)]
    fn decision_node(
        &mut self,
        engine: &Engine,
        pos: &Position,
        throw: Throw,
        root: Side,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        let level = usize::try_from(depth).unwrap_or(usize::MAX);
        if self.buffers.len() <= level {
            self.buffers.resize_with(level + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[level]);
        engine.legal_moves(pos, throw, &mut moves);
        // Generating many moves (a split turn) costs like visiting them: count it.
        self.nodes += moves.len() as u64;
        let value = if moves.is_empty() {
            let next = engine.pass(pos, throw);
            self.chance_node(engine, &next, root, depth - 1, alpha, beta)
        } else {
            let maximise = pos.to_move() == root;
            let mut best = if maximise {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
            for mv in &moves {
                let next = engine.successor(pos, mv, throw);
                let v = self.chance_node(engine, &next, root, depth - 1, alpha, beta);
                if maximise {
                    best = best.max(v);
                    alpha = alpha.max(v);
                } else {
                    best = best.min(v);
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break;
                }
            }
            best
        };
        self.buffers[level] = moves;
        value
    }
}

impl ExpectimaxAgent {
    /// Values each of `moves` for the side to move, searched `depth` decisions deep, into
    /// `self.scratch`.
    fn search(
        &mut self,
        engine: &Engine,
        pos: &Position,
        throw: Throw,
        moves: &[Move],
        depth: u32,
    ) {
        let root = pos.to_move();
        let mut values = std::mem::take(&mut self.scratch);
        values.clear();
        for mv in moves {
            let next = engine.successor(pos, mv, throw);
            // A full window: exact values, so that ties are real ties.
            values.push(self.chance_node(engine, &next, root, depth - 1, -WIN - 1.0, WIN + 1.0));
        }
        self.scratch = values;
    }

    /// The value of each of `moves` for the side to move in `pos` with `throw`, as deep as this
    /// agent searches: heuristic values, [`WIN`] for a won game and `-WIN` for a lost one.
    pub fn move_values(
        &mut self,
        engine: &Engine,
        pos: &Position,
        throw: Throw,
        moves: &[Move],
    ) -> &[f64] {
        if self.chance.is_empty() {
            self.chance = move_distribution(engine);
            self.heuristic = Some(Heuristic::new(engine));
        }
        if let Some((file, _)) = &self.net {
            self.use_net = file.layout == Layout::of(engine);
            self.fell_back += u64::from(!self.use_net);
        }
        let Some(budget) = self.budget else {
            self.nodes = 0;
            self.limit = u64::MAX;
            self.search(engine, pos, throw, moves, self.depth);
            std::mem::swap(&mut self.scratch, &mut self.values);
            return &self.values;
        };
        // Iterative deepening within a budget of leaves: deterministic (it counts leaves, not
        // time), and quick where moves are many. A depth that overruns the budget is abandoned
        // and the values of the previous depth stand.
        self.limit = budget;
        for depth in 1..=self.depth {
            self.nodes = 0;
            self.search(engine, pos, throw, moves, depth);
            if self.nodes > budget && depth > 1 {
                break;
            }
            std::mem::swap(&mut self.scratch, &mut self.values);
        }
        self.limit = u64::MAX;
        &self.values
    }
}

impl Player for ExpectimaxAgent {
    /// The move of the highest value, ties broken at random.
    fn choose(&mut self, engine: &Engine, pos: &Position, throw: Throw, moves: &[Move]) -> usize {
        self.move_values(engine, pos, throw, moves);
        let mut best = f64::NEG_INFINITY;
        let mut choice = 0;
        let mut ties = 0u32;
        for (i, &v) in self.values.iter().enumerate() {
            if v > best + 1e-9 {
                best = v;
                choice = i;
                ties = 1;
            } else if (v - best).abs() <= 1e-9 {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    choice = i;
                }
            }
        }
        choice
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    fn fallbacks(&self) -> u64 {
        self.fell_back
    }
}
