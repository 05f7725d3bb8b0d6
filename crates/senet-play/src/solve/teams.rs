//! The exact solver for a game of more than two sides played by two teams (or of two sides, on
//! the engine for many sides): each team's chance to win under optimal play, by the search the
//! two-sided solver uses ([`super::solve`]) on the engine for many sides.
//!
//! Two teams make a game of two players: the sides of one team choose for it, those of the other
//! against it. Each side chooses the move whose position is worth most to its team, the worth of
//! a position being its team's chance to win less the other team's (a game that would go on for
//! ever is worth nothing to either); a throw is weighed by its chance. The positions reachable
//! from the start (side to move included) are found breadth first and numbered in a hash map;
//! the worths come from value iteration (Gauss-Seidel sweeps until the largest change is below
//! [`TOLERANCE`]), and each team's chance to win from the policy they give, found the same way.
//! Games of three teams or more have no such value (what one side gives up, two others may
//! share), and the solver says so.

use std::collections::HashMap;

use senet_engine::multi::{MultiMove, MultiOutcome, MultiPosition, MultiRules};

use super::TOLERANCE;

/// The most sweeps before the solver gives up on values that still move.
pub const MAX_SWEEPS: u32 = 100_000;

/// Why a game cannot be solved here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamSolveError {
    #[error(
        "the solver answers for two sides or two teams, and these rules have {0} teams (a side of its own is a team): what one gives up, two others may share"
    )]
    NotTwoTeams(usize),
    #[error("more than {0} positions are reachable (`--limit`)")]
    TooLarge(usize),
    #[error(
        "the solver of teams plays a throw, then a move; it does not solve turns that bank their throws (`turn throw again on ... then move each throw`) or give extra moves (`extra move of ...`)"
    )]
    BankedThrows,
    #[error("the values still moved after {0} sweeps")]
    NoConvergence(u32),
}

/// A game of two teams solved from a position.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamSolution {
    /// The two teams, by the team number of the engine for many sides: the team of the first
    /// side listed, then the other.
    pub teams: [u8; 2],
    /// Each team's chance to win under optimal play.
    pub win: [f64; 2],
    /// The chance of a draw (a game neither team can win) under optimal play.
    pub draw: f64,
    /// Positions reachable from the one solved (the side to move counted).
    pub states: usize,
    /// Sweeps of the value iteration.
    pub sweeps: u32,
}

/// Every position reachable from `from`, and for each, its throws and the positions each
/// throw's choices lead to.
struct Graph {
    /// The outcome of each position, where the game is over there.
    outcome: Vec<Option<MultiOutcome>>,
    /// For each position, its range of `throws`.
    throws_of: Vec<(usize, usize)>,
    /// For each throw of a position: its weight (equally likely outcomes giving it) and its
    /// range of `next`.
    throws: Vec<(u32, usize, usize)>,
    /// The positions the choices lead to.
    next: Vec<u32>,
    /// The side to move in each position.
    mover: Vec<u8>,
}

/// Each team's chance to win `rules` from `from` under optimal play, searching at most `limit`
/// positions.
pub fn solve_teams(
    rules: &MultiRules,
    from: &MultiPosition,
    limit: usize,
) -> Result<TeamSolution, TeamSolveError> {
    let mut teams: Vec<u8> = Vec::new();
    for s in &rules.sides {
        if !teams.contains(&s.team) {
            teams.push(s.team);
        }
    }
    if teams.len() != 2 {
        return Err(TeamSolveError::NotTwoTeams(teams.len()));
    }
    if rules.holds_several() {
        return Err(TeamSolveError::BankedThrows);
    }
    let teams = [teams[0], teams[1]];
    let graph = explore(rules, from, limit)?;
    let first = |s: u8| rules.sides[usize::from(s)].team == teams[0];
    // The first team's worth of each position: its chance to win less the other's.
    let worth = |o: MultiOutcome| match o {
        MultiOutcome::Win { team } if team == teams[0] => 1.0,
        MultiOutcome::Win { .. } => -1.0,
        MultiOutcome::Draw => 0.0,
    };
    let mut value = terminal_values(&graph, worth);
    let sweeps = iterate(&graph, &mut value, |g, v, at, range| {
        let choices = g.next[range].iter().map(|&n| v[n as usize]);
        if first(g.mover[at]) {
            choices.fold(f64::NEG_INFINITY, f64::max)
        } else {
            choices.fold(f64::INFINITY, f64::min)
        }
    })?;
    // The choice each position and throw takes (the first of the best, as the engine lists
    // them), and the chance of each ending under it.
    let policy = |g: &Graph, at: usize, range: std::ops::Range<usize>| -> u32 {
        let mut best = g.next[range.start];
        for &n in &g.next[range] {
            let (a, b) = (value[n as usize], value[best as usize]);
            if (first(g.mover[at]) && a > b + TOLERANCE)
                || (!first(g.mover[at]) && a < b - TOLERANCE)
            {
                best = n;
            }
        }
        best
    };
    let chance = |end: &dyn Fn(MultiOutcome) -> f64| -> Result<f64, TeamSolveError> {
        let mut p = terminal_values(&graph, end);
        iterate(&graph, &mut p, |g, v, at, range| {
            v[policy(g, at, range) as usize]
        })?;
        Ok(p[0])
    };
    let win = [
        chance(&|o| f64::from(u8::from(o == MultiOutcome::Win { team: teams[0] })))?,
        chance(&|o| f64::from(u8::from(o == MultiOutcome::Win { team: teams[1] })))?,
    ];
    let draw = chance(&|o| f64::from(u8::from(o == MultiOutcome::Draw)))?;
    Ok(TeamSolution {
        teams,
        win,
        draw,
        states: graph.mover.len(),
        sweeps,
    })
}

/// Finds every position reachable from `from`, breadth first.
fn explore(
    rules: &MultiRules,
    from: &MultiPosition,
    limit: usize,
) -> Result<Graph, TeamSolveError> {
    let mut index: HashMap<MultiPosition, u32> = HashMap::new();
    let mut queue: Vec<MultiPosition> = vec![*from];
    index.insert(*from, 0);
    let mut g = Graph {
        outcome: Vec::new(),
        throws_of: Vec::new(),
        throws: Vec::new(),
        next: Vec::new(),
        mover: Vec::new(),
    };
    // Each distinct throw value and how many equally likely outcomes give it.
    let mut values: Vec<(u8, u32)> = Vec::new();
    for &v in &rules.throws.outcomes {
        match values.iter_mut().find(|(x, _)| *x == v) {
            Some((_, n)) => *n += 1,
            None => values.push((v, 1)),
        }
    }
    let mut moves: Vec<MultiMove> = Vec::new();
    let mut at = 0;
    while at < queue.len() {
        let pos = queue[at];
        at += 1;
        let outcome = rules.outcome(&pos);
        g.outcome.push(outcome);
        g.mover.push(pos.to_move());
        let first_throw = g.throws.len();
        if outcome.is_none() {
            for &(v, weight) in &values {
                rules.legal_moves(&pos, v, &mut moves);
                let start = g.next.len();
                let mut reach = |next: MultiPosition| -> Result<(), TeamSolveError> {
                    let n = match index.get(&next) {
                        Some(&n) => n,
                        None => {
                            if queue.len() >= limit {
                                return Err(TeamSolveError::TooLarge(limit));
                            }
                            let n = u32::try_from(queue.len())
                                .map_err(|_| TeamSolveError::TooLarge(limit))?;
                            index.insert(next, n);
                            queue.push(next);
                            n
                        }
                    };
                    g.next.push(n);
                    Ok(())
                };
                for &mv in &moves {
                    reach(rules.apply(&pos, mv).0)?;
                }
                // The pass: forced with no move, or chosen where a side may pass at will.
                if moves.is_empty() || rules.pass_at_will {
                    reach(rules.pass(&pos, v).0)?;
                }
                g.throws.push((weight, start, g.next.len()));
            }
        }
        g.throws_of.push((first_throw, g.throws.len()));
    }
    Ok(g)
}

/// Each position's value where the game is over there (`end` of its outcome), else 0.
fn terminal_values(g: &Graph, end: impl Fn(MultiOutcome) -> f64) -> Vec<f64> {
    g.outcome.iter().map(|o| o.map_or(0.0, &end)).collect()
}

/// Gauss-Seidel sweeps of `value` until no value changes by more than [`TOLERANCE`]: each
/// position not over is worth its throws' `choose` weighed by their chances. The sweeps made.
fn iterate(
    g: &Graph,
    value: &mut [f64],
    choose: impl Fn(&Graph, &[f64], usize, std::ops::Range<usize>) -> f64,
) -> Result<u32, TeamSolveError> {
    for sweep in 1..=MAX_SWEEPS {
        let mut largest: f64 = 0.0;
        // From the last found to the first: positions further on are found later, and their
        // values flow back to those before them in one sweep.
        for at in (0..value.len()).rev() {
            if g.outcome[at].is_some() {
                continue;
            }
            let (from, to) = g.throws_of[at];
            let (mut sum, mut total) = (0.0, 0u32);
            for &(weight, start, end) in &g.throws[from..to] {
                sum += f64::from(weight) * choose(g, value, at, start..end);
                total += weight;
            }
            let v = sum / f64::from(total);
            largest = largest.max((v - value[at]).abs());
            value[at] = v;
        }
        if largest < TOLERANCE {
            return Ok(sweep);
        }
    }
    Err(TeamSolveError::NoConvergence(MAX_SWEEPS))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_teams_have_no_value() {
        let (_, rules) = crate::many_sides_fixture::race("a, b, c", 4, 1, &[]);
        let start = MultiPosition::start(&rules);
        assert_eq!(
            solve_teams(&rules, &start, 1000),
            Err(TeamSolveError::NotTwoTeams(3))
        );
    }

    /// A race of one square, shared and safe, a die of 4 (`race` enters onto the throw, off by
    /// the exact throw): with one piece each, a piece enters on a 1 and leaves on the next 1, and
    /// nothing else moves. A side home takes no more turns; a team wins once both its sides are
    /// home. The chance is counted here without the engine, over how many 1s each side has
    /// thrown (0, 1, or 2: home).
    #[test]
    fn a_race_of_chances_is_solved_as_counted_by_hand() {
        let more = ["teams a, c; b, d", "safe 1", "safe squares shared"];
        let (_, rules) = crate::many_sides_fixture::race("a, b, c, d", 1, 1, &more);
        let start = MultiPosition::start(&rules);
        let solved = solve_teams(&rules, &start, 10_000).unwrap();
        const POWERS: [usize; 4] = [1, 3, 9, 27];
        let count = |state: usize, side: usize| state / POWERS[side] % 3;
        // win[state][side]: the chance that team a + c wins when `side` is to throw, side k
        // having thrown `count(state, k)` 1s.
        let mut win = vec![[0.0f64; 4]; 81];
        for _ in 0..2_000 {
            for state in 0..81 {
                let home = |k: usize| count(state, k) == 2;
                if home(0) && home(2) {
                    win[state] = [1.0; 4];
                    continue;
                }
                if home(1) && home(3) {
                    win[state] = [0.0; 4];
                    continue;
                }
                for side in 0..4 {
                    if home(side) {
                        continue;
                    }
                    // The next side not home (this one if every other is).
                    let next = (1..=4).map(|k| (side + k) % 4).find(|&k| !home(k)).unwrap();
                    let thrown = state + POWERS[side];
                    let after = (1..=4)
                        .map(|k| (side + k) % 4)
                        .find(|&k| count(thrown, k) != 2)
                        .unwrap_or(side);
                    win[state][side] = 0.25 * win[thrown][after] + 0.75 * win[state][next];
                }
            }
        }
        assert!(
            (solved.win[0] - win[0][0]).abs() < 1e-9,
            "{solved:?} against {}",
            win[0][0]
        );
        assert!((solved.win[0] + solved.win[1] - 1.0).abs() < 1e-9);
        assert_eq!(solved.draw, 0.0);
        assert_eq!(solved.teams, [0, 1]);
    }
}
