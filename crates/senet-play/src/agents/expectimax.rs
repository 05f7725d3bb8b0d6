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
use senet_engine::engine::game::Player;
use senet_engine::engine::split_draw::{DrawRoom, Drawn};
use senet_engine::engine::{Engine, Listing, Move, Position};
use senet_lang::types::{Side, Throw};

/// The deepest search of plain `expectimax`, which deepens while it stays within
/// [`DEFAULT_BUDGET`] leaves.
pub const DEFAULT_DEPTH: u32 = 4;
pub const DEFAULT_BUDGET: u64 = 50_000;

/// The most leaves a search of a fixed depth (`expectimax:N`) visits: past it the search is
/// abandoned and the move chosen one decision deep, a fallback told to the user. A thousand
/// times the default budget: a search of depth 5 on the bundled rule sets stays far below it.
pub const MAX_LEAVES: u64 = 50_000_000;

/// The most states the listings of split turns of a fixed-depth search visit (a state costs
/// about ten leaves: some thirty seconds in all): past it the search is abandoned as past its
/// leaves. One decision in a hundred of `expectimax:2` on `senet/finkel` lists 28 million;
/// the most seen, 97 million.
pub const MAX_LISTED: u64 = 50_000_000;

/// The states of listings a search that deepens within a budget may visit, per leaf of its
/// budget (a million for the default agent, under a second).
const LISTED_PER_LEAF: u64 = 20;

pub struct ExpectimaxAgent {
    depth: u32,
    /// With a budget, search deepens up to `depth` while the leaves stay within it.
    budget: Option<u64>,
    rng: Pcg64Mcg,
    /// One move buffer per level of the search, reused.
    buffers: Vec<Vec<Move>>,
    /// The chance distribution of the throw a side moves with: single throws, or for
    /// throw-all-then-split turns the distribution of totals, without the rare ones.
    chance: Vec<(Throw, f64)>,
    /// The rare totals of a split turn, searched by samples.
    rare: Rare,
    /// Room for the draws of sampled moves.
    room: DrawRoom,
    /// Leaves visited in the last search (for the documentation's measurements).
    pub nodes: u64,
    /// A search that visits more leaves than this is abandoned.
    limit: u64,
    /// The states the listings of split turns visited in the last search (`listed_limit` at
    /// most, but for the listing that passed it).
    pub listed: u64,
    listed_limit: u64,
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

/// The rare totals of throw-all-then-split turns, searched as one outcome of a chance node:
/// [`RARE_TOTALS`] totals are drawn from them by their chances and each is searched over
/// [`RARE_MOVES`] of its moves drawn as the random player draws them (the side to move takes the
/// best of those), instead of every move of every total. They are the large totals, which
/// split in the most ways (thousands of moves at a total of 20, the listing costing
/// milliseconds) and weigh the least: 0.64 % of the turns in `senet/finkel`.
#[derive(Default)]
struct Rare {
    /// Their chance together.
    p: f64,
    /// Each with the chance of it and the rare totals below it, given a rare total.
    totals: Vec<(Throw, f64)>,
}

/// A split total rarer than this (one turn in 500) is one of the [`Rare`] ones.
const RARE: f64 = 0.002;
/// Totals drawn for the rare outcome of a chance node.
const RARE_TOTALS: usize = 4;
/// Moves drawn for each of them.
const RARE_MOVES: usize = 4;
/// Split totals above this count as this total (under one turn in a billion in `senet/finkel`).
const CAP: usize = 60;

/// The distribution of the throw a side moves with, and the rare totals of a split turn.
fn move_distribution(engine: &Engine) -> (Vec<(Throw, f64)>, Rare) {
    let t = &engine.rules.throws;
    let single: Vec<(u8, f64)> = t.values.iter().map(|&v| (v, t.probability(v))).collect();
    if !engine.rules.split {
        let single = single.into_iter().map(|(v, p)| (Throw::from(v), p));
        return (single.collect(), Rare::default());
    }
    // total[k]: the chance that the throws of a turn add up to k; a turn whose throws pass
    // CAP is counted at CAP, whatever it throws after.
    let mut reach = vec![0.0f64; CAP + 1];
    let mut total = vec![0.0f64; CAP + 1];
    reach[0] = 1.0;
    for k in 0..=CAP {
        if reach[k] == 0.0 {
            continue;
        }
        for &(v, p) in &single {
            let n = k + usize::from(v);
            let again = engine.throws_again(Throw::from(v));
            if n > CAP {
                // Past CAP (so v > 0): the turn ends above CAP, whatever it throws next.
                total[CAP] += reach[k] * p;
            } else if again {
                if v > 0 {
                    reach[n] += reach[k] * p;
                }
            } else {
                total[n] += reach[k] * p;
            }
        }
    }
    let mut kept = Vec::new();
    let mut rare = Rare::default();
    for (k, &p) in total.iter().enumerate() {
        let Ok(k) = u16::try_from(k) else { break };
        if p >= RARE {
            kept.push((Throw::new(k), p));
        } else if p > 0.0 {
            rare.p += p;
            rare.totals.push((Throw::new(k), rare.p));
        }
    }
    for (_, below) in &mut rare.totals {
        *below /= rare.p;
    }
    (kept, rare)
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
            rare: Rare::default(),
            room: DrawRoom::default(),
            nodes: 0,
            limit: u64::MAX,
            listed: 0,
            listed_limit: u64::MAX,
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
        if self.nodes > self.limit || self.listed > self.listed_limit {
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
        if let Some(passed) = pos.passed() {
            // Dice passed by the other side: nothing is thrown, nothing is left to chance.
            return self.decision_node(engine, pos, passed, false, root, depth, alpha, beta);
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
            let value = self.decision_node(engine, pos, v, false, root, depth, a, b);
            done += p * value;
            if done + left * lo >= beta {
                return done + left * lo;
            }
            if done + left * hi <= alpha {
                return done + left * hi;
            }
        }
        // What is left is the rare totals' chance.
        if self.rare.p > 0.0 {
            done += self.rare.p * self.rare_value(engine, pos, root, depth);
        }
        done
    }

    /// The value of the rare totals for `root` at a chance node (see [`Rare`]): the mean over
    /// totals drawn from them of the best of a few drawn moves for the side to move.
    fn rare_value(&mut self, engine: &Engine, pos: &Position, root: Side, depth: u32) -> f64 {
        let mut sum = 0.0;
        for _ in 0..RARE_TOTALS {
            let x: f64 = self.rng.random();
            let i = self.rare.totals.partition_point(|&(_, below)| below < x);
            let total = self.rare.totals[i.min(self.rare.totals.len() - 1)].0;
            sum += self.decision_node(engine, pos, total, true, root, depth, -WIN, WIN);
        }
        sum / RARE_TOTALS as f64
    }

    /// The value for `root` once the side to move has thrown `throw`: the best move for it
    /// (among [`RARE_MOVES`] drawn moves where `sampled` and the engine draws them).
    #[allow(clippy::too_many_arguments)]
    fn decision_node(
        &mut self,
        engine: &Engine,
        pos: &Position,
        throw: Throw,
        sampled: bool,
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
        let listing = if sampled && engine.draws_split(pos) {
            self.draw_moves(engine, pos, throw, &mut moves)
        } else {
            engine.legal_moves(pos, throw, &mut moves)
        };
        // Generating many moves (a split turn) costs like visiting them: count it. The states a
        // split turn's listing searched are counted apart (each costs about ten leaves).
        self.nodes += moves.len() as u64;
        self.listed += engine.last_listing_states() as u64;
        if listing == Listing::Cut {
            // Too many ways to share the total to search them: the position is valued as it
            // stands.
            self.buffers[level] = moves;
            return self.chance_node(engine, pos, root, 0, alpha, beta);
        }
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
    /// Up to [`RARE_MOVES`] moves of the split total `throw`, drawn as the random player draws
    /// them, each result once; none where the turn passes. Cut where a draw found the total
    /// too large to list.
    fn draw_moves(
        &mut self,
        engine: &Engine,
        pos: &Position,
        throw: Throw,
        moves: &mut Vec<Move>,
    ) -> Listing {
        moves.clear();
        for _ in 0..RARE_MOVES {
            let mv = match engine.draw_split(pos, throw, &mut self.rng, &mut self.room) {
                Drawn::Move(mv) => mv,
                Drawn::Pass => return Listing::Whole,
                Drawn::TooLarge => return Listing::Cut,
            };
            let to = engine.successor(pos, &mv, throw);
            if !moves.iter().any(|m| engine.successor(pos, m, throw) == to) {
                moves.push(mv);
            }
        }
        Listing::Whole
    }

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
            (self.chance, self.rare) = move_distribution(engine);
            self.heuristic = Some(Heuristic::new(engine));
        }
        if let Some((file, _)) = &self.net {
            self.use_net = file.layout == Layout::of(engine);
            self.fell_back += u64::from(!self.use_net);
        }
        let Some(budget) = self.budget else {
            (self.nodes, self.listed) = (0, 0);
            (self.limit, self.listed_limit) = (MAX_LEAVES, MAX_LISTED);
            self.search(engine, pos, throw, moves, self.depth);
            if (self.nodes > MAX_LEAVES || self.listed > MAX_LISTED) && self.depth > 1 {
                // Abandoned: the move is chosen one decision deep, and the user told.
                self.fell_back += 1;
                (self.limit, self.listed_limit) = (u64::MAX, u64::MAX);
                self.search(engine, pos, throw, moves, 1);
            }
            (self.limit, self.listed_limit) = (u64::MAX, u64::MAX);
            std::mem::swap(&mut self.scratch, &mut self.values);
            return &self.values;
        };
        // Iterative deepening within a budget of leaves: deterministic (it counts leaves, not
        // time), and quick where moves are many. A depth that overruns the budget is abandoned
        // and the values of the previous depth stand.
        self.limit = budget;
        self.listed_limit = budget.saturating_mul(LISTED_PER_LEAF);
        for depth in 1..=self.depth {
            (self.nodes, self.listed) = (0, 0);
            self.search(engine, pos, throw, moves, depth);
            if (self.nodes > budget || self.listed > self.listed_limit) && depth > 1 {
                break;
            }
            std::mem::swap(&mut self.scratch, &mut self.values);
        }
        (self.limit, self.listed_limit) = (u64::MAX, u64::MAX);
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

#[cfg(test)]
mod tests {
    use super::{CAP, ExpectimaxAgent, RARE, move_distribution};
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;
    use senet_engine::compile::compile;
    use senet_engine::engine::game::{Action, Game, Player, draw_below, random_throw_for};
    use senet_engine::engine::{Engine, Listing, Position};
    use senet_lang::check::check_text;

    /// A row of 20 squares, five pieces a side, four sticks (no marked side up counts 5)
    /// thrown again on 1, 4 and 5, the total split among pieces.
    fn split_row() -> Engine {
        let text = "ruleset \"test/split-again\"
board 1 x 20
path 1..20
sides red, blue
pieces 5 each
start red on 1, 3, 5, 7, 9; blue on 2, 4, 6, 8, 10
throw 4 sticks: 0 -> 5, 1 -> 1, 2 -> 2, 3 -> 3, 4 -> 4
turn throw again on 1, 4, 5 then split
extra throw after none
capture swap
bear off exact
win first to bear off all
";
        let rules = check_text("split-again.rules", text, None, &[]).expect("valid rules");
        Engine::new(compile(&rules))
    }

    /// The totals' chances, by hand from the sticks (a 2 first: 6/16; a 3 first, or a 1 then
    /// a 2: 4/16 + 4/16 * 6/16), cover every turn once the rare ones are added.
    #[test]
    fn every_total_is_kept_or_rare() {
        let (kept, rare) = move_distribution(&split_row());
        let p = |t: u16| kept.iter().find(|(v, _)| v.get() == t).map(|&(_, p)| p);
        assert_eq!(p(1), None);
        assert!((p(2).unwrap() - 6.0 / 16.0).abs() < 1e-15);
        assert!((p(3).unwrap() - (4.0 / 16.0 + 4.0 / 16.0 * 6.0 / 16.0)).abs() < 1e-15);
        assert!(kept.iter().all(|&(_, p)| p >= RARE));
        let sum: f64 = kept.iter().map(|&(_, p)| p).sum::<f64>() + rare.p;
        assert!((sum - 1.0).abs() < 1e-12, "{sum}");
        assert!(rare.p > 0.0 && rare.p < 0.01, "{}", rare.p);
        assert_eq!(usize::from(rare.totals.last().unwrap().0.get()), CAP);
        assert!((rare.totals.last().unwrap().1 - 1.0).abs() < 1e-12);
        assert!(rare.totals.windows(2).all(|w| w[0].1 < w[1].1));
    }

    /// Positions of a random game of the split row, with a total to move by.
    fn positions(engine: &Engine) -> Vec<Position> {
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let mut game = Game::new(engine, 300);
        let mut out = Vec::new();
        loop {
            match game.next_action() {
                Action::Over => return out,
                Action::Choose { .. } => {
                    out.push(game.pos);
                    let i = draw_below(&mut rng, game.moves().len());
                    game.choose(i);
                }
                action => game.give_throw(random_throw_for(engine, action, &mut rng)),
            }
        }
    }

    /// With the rare totals searched by samples, a search is still a function of its seed,
    /// its values lie within the heuristic's bounds, and it plays a listed move.
    #[test]
    fn rare_totals_are_searched_by_seeded_samples() {
        let engine = split_row();
        let mut moves = Vec::new();
        for pos in positions(&engine).iter().step_by(5).take(12) {
            let throw = senet_lang::types::Throw::new(3);
            assert_eq!(engine.legal_moves(pos, throw, &mut moves), Listing::Whole);
            if moves.len() < 2 {
                continue;
            }
            let (mut a, mut b) = (ExpectimaxAgent::new(2, 9), ExpectimaxAgent::new(2, 9));
            let va = a.move_values(&engine, pos, throw, &moves).to_vec();
            let vb = b.move_values(&engine, pos, throw, &moves).to_vec();
            assert_eq!(va, vb);
            assert!(va.iter().all(|v| v.abs() <= super::WIN), "{va:?}");
            assert!(a.choose(&engine, pos, throw, &moves) < moves.len());
        }
    }

    /// Blue's five pieces on the last five squares bear off together by 5 + 4 + 3 + 2 + 1 = 15,
    /// the most they can use: every rare total (15 and more on the split row) and no other
    /// wins, so the rare outcome of blue's chance node is a lost game for red, whatever totals
    /// and moves are drawn.
    #[test]
    fn the_rare_totals_are_valued_not_dropped() {
        let engine = split_row();
        let v = serde_json::json!({
            "to_move": "blue",
            "pieces": { "red": [1, 2, 3, 4, 5], "blue": [16, 17, 18, 19, 20] }
        });
        let (pos, _) = crate::notation::position::parse_position(&engine, &v).expect("valid");
        let mut agent = ExpectimaxAgent::new(1, 4);
        (agent.chance, agent.rare) = move_distribution(&engine);
        assert!(
            agent.rare.totals.iter().all(|(t, _)| t.get() >= 15),
            "{:?}",
            agent.rare.totals
        );
        agent.heuristic = Some(super::Heuristic::new(&engine));
        let value = agent.rare_value(&engine, &pos, senet_lang::types::Side::First, 1);
        assert_eq!(value, -super::WIN);
    }
}
