//! Agents for games of many sides (the engine for many sides): `random`, and `greedy`, which
//! looks one move ahead for its team's lead in the race.

use rand::Rng;
use senet_engine::engine::game::draw_below;
use senet_engine::multi::{MultiMove, MultiPosition, MultiRules};
use senet_lang::types::Place;

use crate::players::{Player, PlayerSpec};

/// A player of a game of many sides that chooses by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManyAgent {
    /// Any legal move, each as likely.
    Random,
    /// The move after which its team leads the race the most (ties drawn at random).
    Greedy,
}

impl ManyAgent {
    /// The agent a player's name stands for, where it plays games of many sides.
    pub fn of(player: &Player) -> Option<ManyAgent> {
        match player.spec {
            PlayerSpec::Random => Some(ManyAgent::Random),
            PlayerSpec::Greedy => Some(ManyAgent::Greedy),
            _ => None,
        }
    }

    /// Its name, as `--players` writes it.
    pub fn name(self) -> &'static str {
        match self {
            ManyAgent::Random => "random",
            ManyAgent::Greedy => "greedy",
        }
    }

    /// One of `moves` (legal for the side to move in `pos` with a throw of `v`), drawing from
    /// `rng` where it draws.
    pub fn choose<R: Rng + ?Sized>(
        self,
        rules: &MultiRules,
        pos: &MultiPosition,
        v: u8,
        moves: &[MultiMove],
        rng: &mut R,
    ) -> usize {
        match self {
            ManyAgent::Random => draw_below(rng, moves.len()),
            ManyAgent::Greedy => {
                let team = rules.sides[usize::from(pos.to_move())].team;
                let scores: Vec<f64> = moves
                    .iter()
                    .map(|&mv| lead(rules, &rules.apply(pos, mv, v).0, team))
                    .collect();
                let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let ties: Vec<usize> = (0..moves.len())
                    .filter(|&k| (scores[k] - best).abs() < 1e-12)
                    .collect();
                ties[draw_below(rng, ties.len())]
            }
        }
    }
}

/// How far side `s`'s pieces have gone, from 0 (all waiting) to 1 (all borne off): each piece's
/// path position over one past the end (a piece taken out of the game counts nothing).
#[allow(clippy::cast_precision_loss)] // positions and counts are small
fn progress(rules: &MultiRules, pos: &MultiPosition, s: usize) -> f64 {
    let end = rules.sides[s].len() as f64 + 1.0;
    let gone: f64 = pos
        .places(s)
        .map(|p| match p {
            Place::On(p) => f64::from(p.get()),
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
        let k = ManyAgent::Greedy.choose(&r, &pos, 2, &moves, &mut rng);
        assert_eq!(moves[k], MultiMove::new(on(5), on(7)));
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
                |pos, v, moves, rng| {
                    Some(agents[usize::from(pos.to_move())].choose(&r, pos, v, moves, rng))
                },
                |_| {},
            );
            wins += u32::from(s.outcome == Some(MultiOutcome::Win { team: 0 }));
        }
        // A third (200) would be chance.
        assert!(wins > 230, "greedy won {wins} of 600");
    }
}
