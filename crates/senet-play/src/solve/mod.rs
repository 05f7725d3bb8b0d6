//! The exact solver: the chance that each side wins under optimal play, for every position of a
//! rule set whose state space fits in memory.
//!
//! Two ways to number the states, one value iteration. The search ([`solve`]) finds the
//! positions reachable from the start (or from a given position) by a breadth-first search and
//! numbers them in a hash map: it needs nothing but the engine's moves, so it works for any rule
//! set the engine plays, at about 320 bytes a state. The dense numbering ([`dense`]) ranks every
//! placing of both sides' pieces over their private and shared squares, at 8 bytes a state, for
//! rule sets whose whole state is where the pieces are (the Twenty Squares family). Either way,
//! values come from value iteration layered by the number of pieces that have left play, which
//! never goes down: layers are solved from the most pieces off to the fewest, and inside a layer
//! sweeps (Gauss-Seidel) repeat until the largest change is below 1e-12. See docs/solver.md.

pub mod dense;
pub mod table;
pub mod teams;

use std::collections::{HashMap, HashSet};

use senet_engine::engine::{Engine, Listing, Move, Outcome, Position};
use senet_lang::types::{PerSide, Side, Throw};

/// Sweeps stop once no value changes by more than this.
pub const TOLERANCE: f64 = 1e-12;

/// The chance distribution of what a side moves with: each throw value, or for
/// throw-all-then-split turns each total (totals rarer than 1e-15 are left out).
pub fn move_chances(engine: &Engine) -> Vec<(Throw, f64)> {
    let t = &engine.rules.throws;
    let single: Vec<(u8, f64)> = t.values.iter().map(|&v| (v, t.probability(v))).collect();
    if !engine.rules.split {
        return single
            .into_iter()
            .map(|(v, p)| (Throw::from(v), p))
            .collect();
    }
    const CAP: usize = 255;
    let mut reach = vec![0.0f64; CAP + 1];
    let mut total = vec![0.0f64; CAP + 1];
    reach[0] = 1.0;
    for k in 0..=CAP {
        if reach[k] < 1e-18 {
            continue;
        }
        for &(v, p) in &single {
            let n = k + usize::from(v);
            if n > CAP {
                continue;
            }
            let again = engine.throws_again(Throw::from(v));
            if again && v > 0 {
                reach[n] += reach[k] * p;
            } else if !again {
                total[n] += reach[k] * p;
            }
        }
    }
    let kept: f64 = total.iter().filter(|p| **p >= 1e-15).sum();
    total
        .iter()
        .enumerate()
        .filter(|(_, p)| **p >= 1e-15)
        .filter_map(|(k, p)| Some((Throw::new(u16::try_from(k).ok()?), p / kept)))
        .collect()
}

/// One chance outcome of a state: its probability and the states its moves lead to (one
/// state, the pass, when there is no move).
struct Branch {
    p: f64,
    start: u32,
    end: u32,
}

/// A solved state space.
pub struct Solution {
    pub positions: Vec<Position>,
    pub index: HashMap<Position, u32>,
    /// Per state: the expected score of side 0 (win 1, draw 1/2) under optimal play.
    pub score: Vec<f64>,
    /// Per state: the chance of a draw under that play.
    pub draw: Vec<f64>,
    pub sweeps: u64,
}

impl Solution {
    /// The chances (side 0 wins, side 1 wins, draw) from state `i`.
    pub fn chances(&self, i: usize) -> (f64, f64, f64) {
        let draw = self.draw[i].clamp(0.0, 1.0);
        let w0 = (self.score[i] - draw / 2.0).clamp(0.0, 1.0);
        (w0, (1.0 - w0 - draw).clamp(0.0, 1.0), draw)
    }

    pub fn memory_bytes(&self) -> usize {
        self.positions.len() * (std::mem::size_of::<Position>() * 2 + 4 + 16 + 16)
    }
}

/// Why a rule set was not solved.
#[derive(Debug)]
pub enum SolveError {
    /// More states than `limit`; `seen` were found before stopping, `estimate` bounds the total.
    TooLarge {
        seen: usize,
        limit: usize,
        estimate: f64,
    },
    /// The dense numbering has `states` states and would need `bytes` of memory, more than
    /// `budget`.
    TooLargeDense {
        states: u64,
        bytes: u64,
        budget: u64,
    },
    /// The dense numbering was asked for, and these rules do not fit it.
    NotDense(String),
    /// No numbering solves these rules: the reason.
    Unsolvable(String),
}

/// How to number the states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Dense when the rules fit it, else the search.
    Auto,
    Dense,
    Search,
}

/// The limits a solve must keep to.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// States the search may hold.
    pub states: usize,
    /// Bytes the dense solver may use.
    pub bytes: u64,
    /// Bytes of successor lists the dense solver may write to a file of its own when they do
    /// not fit in `bytes`; it finds those beyond again at every full sweep that reads them.
    pub disk: u64,
}

/// A solved rule set, numbered either way.
// One is made a solve, never many: the dense numbering's tables inline cost nothing.
#[allow(clippy::large_enum_variant)]
pub enum Solved {
    Search(Solution),
    Dense(dense::DenseSolution),
}

impl Solved {
    /// The expected score of side 0 (win 1, draw 1/2) from `pos` before the throw, if the table
    /// holds it.
    pub fn score(&self, pos: &Position) -> Option<f64> {
        match self {
            Solved::Search(s) => s.index.get(pos).map(|&k| s.score[k as usize]),
            Solved::Dense(d) => d.score(pos),
        }
    }

    /// The chances (side 0 wins, side 1 wins, draw) from `pos` before the throw.
    pub fn chances(&self, pos: &Position) -> Option<(f64, f64, f64)> {
        match self {
            Solved::Search(s) => s.index.get(pos).map(|&k| s.chances(k as usize)),
            Solved::Dense(d) => d.score(pos).map(|w| {
                let w = w.clamp(0.0, 1.0);
                (w, 1.0 - w, 0.0)
            }),
        }
    }

    /// States numbered.
    pub fn states(&self) -> u64 {
        match self {
            Solved::Search(s) => s.positions.len() as u64,
            Solved::Dense(d) => d.solved,
        }
    }

    pub fn sweeps(&self) -> u64 {
        match self {
            Solved::Search(s) => s.sweeps,
            Solved::Dense(d) => d.sweeps,
        }
    }

    /// `"search"` or `"dense"`.
    pub fn method(&self) -> &'static str {
        match self {
            Solved::Search(_) => "search",
            Solved::Dense(_) => "dense",
        }
    }

    /// An estimate of the memory the table takes.
    pub fn memory_bytes(&self) -> usize {
        match self {
            Solved::Search(s) => s.memory_bytes(),
            Solved::Dense(d) => d.values.bytes(),
        }
    }
}

/// Solves from `root` with the chosen numbering: the search solves the states `root` reaches,
/// the dense numbering every state with at least as many pieces off as `root` has.
pub fn solve_with(
    engine: &Engine,
    root: Position,
    method: Method,
    limits: Limits,
    progress: impl FnMut(&str),
) -> Result<Solved, SolveError> {
    solve_with_precision(engine, root, method, limits, None, progress)
}

/// As [`solve_with`], the dense solver keeping its values as `precision` says (`None`: in
/// `f64` where they fit in the limits, else in 32-bit fixed point).
pub fn solve_with_precision(
    engine: &Engine,
    root: Position,
    method: Method,
    limits: Limits,
    precision: Option<dense::Precision>,
    progress: impl FnMut(&str),
) -> Result<Solved, SolveError> {
    unsolvable(engine).map_or(Ok(()), Err)?;
    let index = match method {
        Method::Search => None,
        Method::Auto => dense::DenseIndex::new(&engine.rules).ok(),
        Method::Dense => Some(dense::DenseIndex::new(&engine.rules).map_err(SolveError::NotDense)?),
    };
    match index {
        Some(index) => {
            let (precision, above) = fits(&index, limits, precision, None, None)?;
            let mut stage = dense::Stage::whole(&index, precision);
            stage.lists = dense::list_budget(&index, precision, above, None, limits.bytes);
            stage.disk = limits.disk;
            solve_dense(engine, index, root, stage, progress)
        }
        None => solve(engine, root, limits.states, progress).map(Solved::Search),
    }
}

/// Why no numbering can solve these rules, where that is known before solving.
fn unsolvable(engine: &Engine) -> Option<SolveError> {
    if engine.rules.stacked.as_ref().is_some_and(|t| t.pass_unused) {
        return Some(SolveError::Unsolvable(
            "unused dice passed to the other side make turns that throw nothing, which the solver's numbering of positions does not hold"
                .into(),
        ));
    }
    if engine
        .rules
        .stacked
        .as_ref()
        .is_some_and(|t| !t.first_double.is_empty() || !t.next_run.is_empty() || t.zone_until != 0)
    {
        return Some(SolveError::Unsolvable(
            "a side's first double played once, a double's dice listed, or a limit on stacks lifted once a piece reaches a position, make positions remember what a side has done, which the solver's numbering of positions does not hold"
                .into(),
        ));
    }
    if engine.rules.lose_stuck || engine.rules.lose_no_way_back || engine.rules.lose_untaken {
        return Some(SolveError::Unsolvable(
            "a side that loses by a `lose when` rule ends the game with pieces still in play, which the solver's numbering of positions does not hold"
                .into(),
        ));
    }
    if engine.rules.enter_again {
        return Some(SolveError::Unsolvable(
            "pieces that enter again once all are borne off make a position remember whether a side has borne them off, which the solver's numbering of positions does not hold"
                .into(),
        ));
    }
    (engine.rules.throw_again != 0 && !engine.rules.split).then(|| {
        SolveError::Unsolvable(
            "a turn that plays each throw whole keeps throws in hand, which a position does not hold"
                .into(),
        )
    })
}

/// What a solve of these rules from their start within `limits` would come to, as far as the
/// solver can tell without solving (as [`solve_with`] with [`Method::Auto`] refuses at once):
/// `Some(Ok(()))` it fits, `Some(Err(_))` it is refused, `None` only the solve can tell (the
/// search's bound on its states is above the limit, but not far enough to refuse at once).
pub fn foreseen(engine: &Engine, limits: Limits) -> Option<Result<(), SolveError>> {
    if let Some(e) = unsolvable(engine) {
        return Some(Err(e));
    }
    if let Ok(index) = dense::DenseIndex::new(&engine.rules) {
        return Some(fits(&index, limits, None, None, None).map(|_| ()));
    }
    let bound = estimate(engine);
    let limit = limits.states as f64;
    if bound > 10.0 * limit {
        Some(Err(SolveError::TooLarge {
            seen: 0,
            limit: limits.states,
            estimate: bound,
        }))
    } else if bound <= limit {
        Some(Ok(()))
    } else {
        None
    }
}

/// A solve that meets a split turn whose listing is cut short ([`Listing::Cut`]).
fn too_many_moves() -> SolveError {
    SolveError::Unsolvable(format!(
        "a split turn has more ways to share its total than a listing of its moves visits ({} \
         states of its search)",
        senet_engine::engine::SPLIT_STATES
    ))
}

/// Pieces off in total, for messages: `2 pieces off`, `1 piece off`, `0 to 1 pieces off`.
pub fn off_in_total(lo: usize, hi: usize) -> String {
    match (lo, hi) {
        (1, 1) => "1 piece off".into(),
        (lo, hi) if lo == hi => format!("{lo} pieces off"),
        (lo, hi) => format!("{lo} to {hi} pieces off"),
    }
}

/// How a dense solve within `limits` keeps its values: as `wanted` says, or (`None`) in `f64`
/// where they fit, else in 32-bit fixed point; and the values of the super-layers above a run
/// of some of them, in memory where they fit, else in a file ([`dense::Above`]). Refused where
/// they do not fit any way. A run of only some super-layers (`only`) needs the memory of those
/// alone, and a run of a part of one of them (of `part` states) the memory of that part.
pub fn fits(
    index: &dense::DenseIndex,
    limits: Limits,
    wanted: Option<dense::Precision>,
    only: Option<&std::ops::RangeInclusive<usize>>,
    part: Option<u64>,
) -> Result<(dense::Precision, dense::Above), SolveError> {
    use dense::Above::{File, Memory};
    use dense::Precision::{Double, Fixed};
    let needed = |(p, above)| dense::memory_needed_for(index, p, above, only, part);
    let precisions = wanted.map_or(vec![Double, Fixed], |p| vec![p]);
    // In memory before in a file, then the more precise first.
    let ways = [Memory, File]
        .into_iter()
        .flat_map(|above| precisions.iter().map(move |&p| (p, above)));
    let chosen = ways.clone().find(|&way| needed(way) <= limits.bytes);
    match chosen {
        Some(way) if index.states <= dense::MAX_STATES => Ok(way),
        _ => Err(SolveError::TooLargeDense {
            states: index.states,
            // What the least of the ways needs.
            bytes: ways.map(needed).min().unwrap_or(0),
            budget: limits.bytes,
        }),
    }
}

/// Solves from `root` with the dense numbering `index` (checked by [`fits`]), the
/// super-layers `stage` asks for; the positions before the openings once every layer is solved.
pub fn solve_dense(
    engine: &Engine,
    index: dense::DenseIndex,
    root: Position,
    stage: dense::Stage,
    mut progress: impl FnMut(&str),
) -> Result<Solved, SolveError> {
    let gib = |bytes: u64| bytes as f64 / (1u64 << 30) as f64;
    let precision = stage.known.precision();
    progress(&format!(
        "{} states (dense numbering{}): values {:.1} GiB{}{}, successor lists of the largest \
         super-layer about {:.1} GiB (in memory as far as `--memory` allows, the rest in a file)",
        index.states,
        if index.mirrored {
            ", mirror images once"
        } else {
            ""
        },
        gib(dense::held_states(&index, stage.only.as_ref()) * precision.bytes()),
        match precision {
            dense::Precision::Double => "",
            dense::Precision::Fixed => " (32-bit fixed point)",
        },
        match stage.known.in_file.iter().any(|&f| f) {
            true => ", those above the run in a file",
            false => "",
        },
        gib(dense::lists_expected(
            &index,
            precision,
            stage.only.as_ref()
        )),
    ));
    let mut solution = dense::solve(
        engine,
        index,
        PerSide::from_fn(|s| root.off(s)),
        stage,
        progress,
    )
    .map_err(|failed| match failed {
        dense::Failed::Missing(dense::Missing { solving, needs }) => {
            SolveError::Unsolvable(format!(
                "a move from the states with {} in total reaches states with {}, whose \
                     values no table given (`--from`) holds",
                off_in_total(solving, solving),
                off_in_total(needs, needs)
            ))
        }
        dense::Failed::Spill(e) => SolveError::Unsolvable(format!(
            "the successor lists that do not fit in memory, and values parked until the \
                 end, go to files in {}, which failed: {e}",
            std::env::temp_dir().display()
        )),
        dense::Failed::TooManyMoves => too_many_moves(),
        dense::Failed::PartOfMany => SolveError::Unsolvable(
            "a part (`--part`) cuts one super-layer: give `--layers K` with one number".into(),
        ),
        dense::Failed::TooManySuccessors => SolveError::Unsolvable(
            "a throw leads from some state to more than 255 distinct states, more than the \
             dense solver's successor lists count (try `--method search`)"
                .into(),
        ),
    })?;
    if solution.holds(&root) {
        solution.openings =
            dense::opening_values(engine, &solution, &root).map_err(|_| too_many_moves())?;
    }
    Ok(Solved::Dense(solution))
}

/// An upper bound on the number of positions from the start: for each side, the ways to place
/// its pieces on its path, the rest split between waiting, off and removed; times two for the
/// side to move, and two for each flag a side may still clear (an opening due, not begun).
pub fn estimate(engine: &Engine) -> f64 {
    estimate_from(engine, &engine.start())
}

/// The same bound for the positions `root` can reach: pieces already off or removed stay so.
pub fn estimate_from(engine: &Engine, root: &Position) -> f64 {
    let r = &engine.rules;
    let removal = r.pieces_can_be_removed();
    let stacks = r.stacked.as_ref().is_some_and(|t| t.limit > 1);
    let race = stacks && !contact(engine, root);
    let mut product = 2.0;
    for s in Side::BOTH {
        if root.opening_due(s) {
            product *= 2.0;
        }
        if !root.begun(s) {
            product *= 2.0;
        }
        // A lost turn, a piece that must move next.
        if r.may_lose_turn() {
            product *= 2.0;
        }
        if r.moves_next.is_some() {
            product *= 2.0;
        }
        // How many throws the side to move is owed (rarely more than a few).
        if r.extra_add_up {
            product *= 4.0;
        }
        // Which of the pieces that started on the board have not moved.
        if r.tracks_unmoved() {
            product *= f64::from(1u32 << r.start_slots(s).count().min(16));
        }
        // Which pieces are still on their start stacks, and whether the side restacks them.
        if let Some(u) = r.unstacking() {
            product *= f64::from(2u32 << u.stacked[s].len().min(15));
        }
        // Which way the side to move has moved in its turn.
        if r.one_direction {
            product *= 3.0;
        }
        let n = u64::from(r.pieces - root.off(s) - root.removed(s));
        let mut len = engine.path_len(s) as u64;
        // Where pieces stack and no piece can meet an enemy any more, each goes only on from
        // where it stands: the positions from the side's hindmost piece.
        if stacks && race {
            len -= root.positions(s).next().map_or(0, |p| p.index() as u64);
        }
        let mut ways = 0.0;
        for k in 0..=if stacks { n } else { n.min(len) } {
            let rest = n - k;
            let splits = if removal {
                ((rest + 1) * (rest + 2) / 2) as f64
            } else {
                (rest + 1) as f64
            };
            // k pieces on len positions: one a position, or where they stack, any number.
            let placings = if stacks {
                binomial(len + k - 1, k)
            } else {
                binomial(len, k)
            };
            ways += placings * splits;
        }
        product *= ways;
    }
    product
}

/// Whether some piece of one side may yet meet a piece of the other: a side has a piece waiting
/// to enter, or a piece that has not passed every enemy piece (one that stands on a square the
/// enemy's path still has ahead of some enemy piece).
fn contact(engine: &Engine, root: &Position) -> bool {
    let r = &engine.rules;
    Side::BOTH.into_iter().any(|s| {
        let e = s.other();
        let enemy_rear = root.positions(e).next();
        root.waiting(s) > 0
            || root.waiting(e) > 0
            || root.positions(s).any(|p| {
                let sq = r.sides[s].square(p);
                // The enemy's path passes the square at or after its hindmost piece.
                r.sides[e]
                    .position(sq)
                    .zip(enemy_rear)
                    .is_some_and(|(ep, rear)| ep >= rear)
            })
    })
}

fn binomial(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Whether a game from `root` can end at all (some state it reaches is won or drawn): `Some`
/// once a depth-first search finds one, or has seen every state `root` reaches without one;
/// `None` where it gives up after `limit` states (or meets a split turn too large to list).
/// A solve values states by the chance of each result, which is only what it says where games
/// end: where none can, the start's values say nothing, and no side can win.
pub fn can_end(engine: &Engine, root: &Position, limit: usize) -> Option<bool> {
    let chances = move_chances(engine);
    let mut seen: HashSet<Position> = HashSet::from([*root]);
    let mut stack = vec![*root];
    let mut moves = Vec::new();
    while let Some(pos) = stack.pop() {
        if engine.outcome(&pos).is_some() {
            return Some(true);
        }
        let forced = engine.forced_opening(&pos);
        let outcomes: &[(Throw, f64)] = if forced {
            &[(Throw::ZERO, 1.0)]
        } else {
            &chances
        };
        for &(v, _) in outcomes {
            if engine.legal_moves(&pos, v, &mut moves) == Listing::Cut {
                return None;
            }
            let nexts = if moves.is_empty() {
                vec![engine.pass(&pos, v)]
            } else {
                moves.iter().map(|m| engine.successor(&pos, m, v)).collect()
            };
            for next in nexts {
                if seen.insert(next) {
                    if seen.len() > limit {
                        return None;
                    }
                    stack.push(next);
                }
            }
        }
    }
    Some(false)
}

fn terminal(engine: &Engine, pos: &Position) -> Option<(f64, f64)> {
    engine.outcome(pos).map(|o| match o {
        Outcome::Win {
            side: Side::First, ..
        } => (1.0, 0.0),
        Outcome::Win { .. } => (0.0, 0.0),
        Outcome::Draw => (0.5, 1.0),
    })
}

/// Pieces that have left play: never fewer after a move.
fn layer(pos: &Position) -> u32 {
    Side::BOTH
        .into_iter()
        .map(|s| u32::from(pos.off(s)) + u32::from(pos.removed(s)))
        .sum()
}

/// Enumerates every state reachable from `root` (at most `limit`) and solves them.
pub fn solve(
    engine: &Engine,
    root: Position,
    limit: usize,
    mut progress: impl FnMut(&str),
) -> Result<Solution, SolveError> {
    // A bound far beyond the limit is refused at once, before memory is spent on it (as
    // [`foreseen`] tells).
    let bound = estimate_from(engine, &root);
    if bound > 10.0 * limit as f64 {
        return Err(SolveError::TooLarge {
            seen: 0,
            limit,
            estimate: bound,
        });
    }
    let chances = move_chances(engine);
    let mut positions: Vec<Position> = vec![root];
    let mut index: HashMap<Position, u32> = HashMap::from([(root, 0)]);
    let mut branches_of: Vec<(u32, u32)> = Vec::new(); // per state: range into `branches`
    let mut branches: Vec<Branch> = Vec::new();
    let mut succ: Vec<u32> = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    // The tables count states and successors in 32 bits: a search past that is too large too.
    let too_large = |seen: usize| SolveError::TooLarge {
        seen,
        limit,
        estimate: estimate_from(engine, &root),
    };
    let id = |n: usize| u32::try_from(n).map_err(|_| too_large(n));
    let mut i = 0;
    while i < positions.len() {
        let pos = positions[i];
        let first = id(branches.len())?;
        if terminal(engine, &pos).is_none() {
            let forced = engine.forced_opening(&pos);
            let outcomes: &[(Throw, f64)] = if forced {
                &[(Throw::ZERO, 1.0)]
            } else {
                &chances
            };
            for &(v, p) in outcomes {
                if engine.legal_moves(&pos, v, &mut moves) == Listing::Cut {
                    return Err(too_many_moves());
                }
                let start = id(succ.len())?;
                let nexts: Vec<Position> = if moves.is_empty() {
                    vec![engine.pass(&pos, v)]
                } else {
                    moves.iter().map(|m| engine.successor(&pos, m, v)).collect()
                };
                for next in nexts {
                    let id = match index.get(&next) {
                        Some(&id) => id,
                        None => {
                            if positions.len() >= limit {
                                return Err(too_large(positions.len()));
                            }
                            let new = id(positions.len())?;
                            positions.push(next);
                            index.insert(next, new);
                            new
                        }
                    };
                    succ.push(id);
                }
                branches.push(Branch {
                    p,
                    start,
                    end: id(succ.len())?,
                });
            }
        }
        branches_of.push((first, id(branches.len())?));
        i += 1;
        if i % 1_000_000 == 0 {
            progress(&format!("{i} states enumerated, {} found", positions.len()));
        }
    }
    progress(&format!("{} states; solving", positions.len()));

    let n = positions.len();
    let mut score = vec![0.5; n];
    let mut draw = vec![0.0; n];
    for (k, pos) in positions.iter().enumerate() {
        if let Some((s, d)) = terminal(engine, pos) {
            score[k] = s;
            draw[k] = d;
        }
    }
    // States by layer, most pieces out of play first.
    let mut order: Vec<u32> = (0..id(n)?)
        .filter(|&k| terminal(engine, &positions[k as usize]).is_none())
        .collect();
    // Inside a layer, the states found last (furthest from the root) first: values flow back
    // from the end of the game, so a sweep in this order settles most of them at once.
    order.sort_by_key(|&k| {
        (
            std::cmp::Reverse(layer(&positions[k as usize])),
            std::cmp::Reverse(k),
        )
    });
    let mut sweeps = 0u64;
    let mut at = 0;
    while at < order.len() {
        let l = layer(&positions[order[at] as usize]);
        let end = order[at..]
            .iter()
            .position(|&k| layer(&positions[k as usize]) != l)
            .map_or(order.len(), |e| at + e);
        loop {
            sweeps += 1;
            let mut largest: f64 = 0.0;
            for &k in &order[at..end] {
                let k = k as usize;
                let maximise = positions[k].to_move() == Side::First;
                let (b0, b1) = branches_of[k];
                let (mut s_new, mut d_new) = (0.0, 0.0);
                for b in &branches[b0 as usize..b1 as usize] {
                    let mut best: Option<(f64, f64)> = None;
                    for &t in &succ[b.start as usize..b.end as usize] {
                        let (s, d) = (score[t as usize], draw[t as usize]);
                        let better = match best {
                            None => true,
                            Some((bs, _)) => {
                                if maximise {
                                    s > bs
                                } else {
                                    s < bs
                                }
                            }
                        };
                        if better {
                            best = Some((s, d));
                        }
                    }
                    let (s, d) = best.unwrap_or((0.5, 0.0));
                    s_new += b.p * s;
                    d_new += b.p * d;
                }
                largest = largest
                    .max((s_new - score[k]).abs())
                    .max((d_new - draw[k]).abs());
                score[k] = s_new;
                draw[k] = d_new;
            }
            if largest < TOLERANCE {
                break;
            }
        }
        at = end;
    }
    Ok(Solution {
        positions,
        index,
        score,
        draw,
        sweeps,
    })
}
