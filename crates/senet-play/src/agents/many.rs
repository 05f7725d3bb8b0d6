//! Agents for games of many sides (the engine for many sides): `random`; `greedy`, which looks
//! one move ahead for its team's lead in the race; and `expectimax`, which looks a throw further:
//! for each move, every throw of the side to move next with that side's best answer to it.

use rand::Rng;
use senet_engine::engine::game::draw_below;
use senet_engine::multi::{MultiMove, MultiOutcome, MultiPosition, MultiRules};
use senet_lang::types::Place;

use crate::players::{Player, PlayerSpec};

/// A player of a game of many sides that chooses by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManyAgent {
    /// Any legal move, each as likely.
    Random,
    /// The move after which its team leads the race the most (ties drawn at random).
    Greedy,
    /// The move whose worth is best a throw later: its team's lead after every throw of the side
    /// to move next, weighed by its chance, and that side's best move for its own team (a
    /// partner's for the team, an enemy's against it; again the agent's own after an extra
    /// throw).
    Expectimax,
}

impl ManyAgent {
    /// The agent a player's name stands for, where it plays games of many sides.
    pub fn of(player: &Player) -> Option<ManyAgent> {
        match player.spec {
            PlayerSpec::Random => Some(ManyAgent::Random),
            PlayerSpec::Greedy => Some(ManyAgent::Greedy),
            PlayerSpec::Expectimax(None) => Some(ManyAgent::Expectimax),
            _ => None,
        }
    }

    /// Its name, as `--players` writes it.
    pub fn name(self) -> &'static str {
        match self {
            ManyAgent::Random => "random",
            ManyAgent::Greedy => "greedy",
            ManyAgent::Expectimax => "expectimax",
        }
    }

    /// One of `moves` (legal for the side to move in `pos` with the throws it holds) by its
    /// index, or `moves.len()` for the pass where the rules let a side pass at will; drawing
    /// from `rng` where it draws.
    pub fn choose<R: Rng + ?Sized>(
        self,
        rules: &MultiRules,
        pos: &MultiPosition,
        moves: &[MultiMove],
        rng: &mut R,
    ) -> usize {
        let team = rules.sides[usize::from(pos.to_move())].team;
        let choices = rules.choices(moves.len());
        let scores: Vec<f64> = match self {
            ManyAgent::Random => return draw_below(rng, choices),
            ManyAgent::Greedy => (0..choices)
                .map(|k| worth(rules, &after(rules, pos, moves, k), team))
                .collect(),
            ManyAgent::Expectimax => choice_worths(rules, pos, moves),
        };
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<usize> = (0..choices)
            .filter(|&k| (scores[k] - best).abs() < 1e-12)
            .collect();
        ties[draw_below(rng, ties.len())]
    }
}

/// The position after choice `k` of the side to move in `pos`: one of `moves`, or the pass at
/// `moves.len()`.
fn after(rules: &MultiRules, pos: &MultiPosition, moves: &[MultiMove], k: usize) -> MultiPosition {
    match moves.get(k) {
        Some(&mv) => rules.apply(pos, mv).0,
        None => rules.pass_held(pos).0,
    }
}

/// What each choice of the side to move in `pos` (with the throws it holds) is worth to its
/// team, as `expectimax` weighs it (a throw later): each of `moves`, then the pass where a side
/// may pass at will.
pub fn choice_worths(rules: &MultiRules, pos: &MultiPosition, moves: &[MultiMove]) -> Vec<f64> {
    let team = rules.sides[usize::from(pos.to_move())].team;
    let mut replies = Vec::new();
    (0..rules.choices(moves.len()))
        .map(|k| a_throw_later(rules, &after(rules, pos, moves, k), team, &mut replies))
        .collect()
}

/// What `pos` is worth to `team`: 2 won, -2 lost, 0 drawn; else its lead in the race (from -1
/// to 1).
fn worth(rules: &MultiRules, pos: &MultiPosition, team: u8) -> f64 {
    match rules.outcome(pos) {
        Some(MultiOutcome::Win { team: t }) if t == team => 2.0,
        Some(MultiOutcome::Win { .. }) => -2.0,
        Some(MultiOutcome::Draw) => 0.0,
        None => lead(rules, pos, team),
    }
}

/// What `pos` is worth to `team` a throw later: over every throw of the side to move, weighed by
/// its chance, the worth after that side's best move for its own team (see [`best_reply`]); a
/// throw that throws again (a turn that banks its throws) is worth the position. A side that
/// still holds throws is worth its best move with them. `replies` is room for the moves.
#[allow(clippy::cast_precision_loss)] // weights are small counts
fn a_throw_later(
    rules: &MultiRules,
    pos: &MultiPosition,
    team: u8,
    replies: &mut Vec<MultiMove>,
) -> f64 {
    if rules.outcome(pos).is_some() {
        return worth(rules, pos, team);
    }
    if !pos.to_throw() {
        return best_reply(rules, pos, team, replies);
    }
    let t = &rules.throws;
    let mut total = 0.0;
    for (&w, &weight) in t.values.iter().zip(&t.weights) {
        let thrown = rules.thrown(pos, w);
        let value = if thrown.throwing() {
            worth(rules, &thrown, team)
        } else {
            best_reply(rules, &thrown, team, replies)
        };
        total += value * weight as f64;
    }
    total / t.denominator as f64
}

/// The worth to `team` after the best move of the side to move in `pos` with the throws it
/// holds, for its own team: the most for `team` if it is of `team`, the least otherwise; the
/// pass where it has none, and as one more answer where a side may pass at will.
fn best_reply(
    rules: &MultiRules,
    pos: &MultiPosition,
    team: u8,
    replies: &mut Vec<MultiMove>,
) -> f64 {
    rules.moves(pos, replies);
    let passed = || worth(rules, &rules.pass_held(pos).0, team);
    if replies.is_empty() {
        return passed();
    }
    let ours = rules.sides[usize::from(pos.to_move())].team == team;
    let pass = rules.pass_at_will.then(passed);
    let values = replies
        .iter()
        .map(|&mv| worth(rules, &rules.apply(pos, mv).0, team))
        .chain(pass);
    if ours {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

/// How far side `s`'s pieces have gone, from 0 (all waiting) to 1 (all borne off): each piece's
/// steps gone (one past the end less the steps it has left, by its shortest way) over one past
/// the end (a piece taken out of the game counts nothing).
#[allow(clippy::cast_precision_loss)] // positions and counts are small
fn progress(rules: &MultiRules, pos: &MultiPosition, s: usize) -> f64 {
    let side = &rules.sides[s];
    let end = side.len() as f64 + 1.0;
    let gone: f64 = pos
        .places(s)
        .map(|p| match p {
            Place::On(p) => end - side.steps_left(p.get()) as f64,
            Place::Off => end,
            Place::Waiting | Place::Removed => 0.0,
        })
        .sum();
    gone / (end * f64::from(rules.pieces))
}

/// How far `team`'s sides lead the others: their mean progress less the others'.
fn lead(rules: &MultiRules, pos: &MultiPosition, team: u8) -> f64 {
    let (mut own, mut others) = ((0.0, 0u32), (0.0, 0u32));
    for (s, side) in rules.sides.iter().enumerate() {
        let p = progress(rules, pos, s);
        let acc = if side.team == team {
            &mut own
        } else {
            &mut others
        };
        acc.0 += p;
        acc.1 += 1;
    }
    own.0 / f64::from(own.1.max(1)) - others.0 / f64::from(others.1.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;
    use senet_engine::multi::{MultiOutcome, MultiPosition};

    fn rules() -> MultiRules {
        crate::many_sides_fixture::race("a, b, c", 24, 3, &[]).1
    }

    #[test]
    fn greedy_takes_a_piece_rather_than_move_alone() {
        let r = rules();
        let on = |p| Place::On(senet_lang::types::PathPos::new(p).unwrap());
        let w = Place::Waiting;
        // Side a: pieces on 2, 5 and 9; side b on 7. A throw of 2: 5 -> 7 takes b's piece.
        let pos = MultiPosition::new(
            &r,
            0,
            &[vec![on(9), on(5), on(2)], vec![on(7), w, w], vec![w, w, w]],
        )
        .unwrap();
        let mut moves = Vec::new();
        r.legal_moves(&pos, 2, &mut moves);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        let k = ManyAgent::Greedy.choose(&r, &pos, &moves, &mut rng);
        assert_eq!(moves[k], MultiMove::new(on(5), on(7), 2));
    }

    #[test]
    fn expectimax_leaves_no_piece_where_the_next_throw_takes_it() {
        let r = crate::many_sides_fixture::race("a, b", 24, 2, &[]).1;
        let on = |p| Place::On(senet_lang::types::PathPos::new(p).unwrap());
        let w = Place::Waiting;
        // Side a throws 2: its piece on 6 to 8, or its waiting piece onto 2; either way its race
        // gains 2, so greedy cannot tell them apart. Entering leaves a piece on 6 that b's piece
        // on 3 takes with a 3, and one on 2 that b's waiting piece takes entering with a 2;
        // from 8, nothing of b's reaches it.
        let pos = MultiPosition::new(&r, 0, &[vec![on(6), w], vec![on(3), w]]).unwrap();
        let mut moves = Vec::new();
        r.legal_moves(&pos, 2, &mut moves);
        assert_eq!(moves.len(), 2, "{moves:?}");
        for seed in 0..8 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let k = ManyAgent::Expectimax.choose(&r, &pos, &moves, &mut rng);
            assert_eq!(moves[k], MultiMove::new(on(6), on(8), 2));
        }
    }

    #[test]
    fn greedy_beats_random_at_three() {
        let r = rules();
        let agents = [ManyAgent::Greedy, ManyAgent::Random, ManyAgent::Random];
        let mut wins = 0;
        for seed in 0..600 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let s = r.play(
                MultiPosition::start(&r),
                &mut rng,
                2_000,
                |pos, moves, rng| {
                    Some(agents[usize::from(pos.to_move())].choose(&r, pos, moves, rng))
                },
                |_| {},
            );
            wins += u32::from(s.outcome == Some(MultiOutcome::Win { team: 0 }));
        }
        // A third (200) would be chance.
        assert!(wins > 230, "greedy won {wins} of 600");
    }
}
