//! A match (`match to N points`): games played one after another, each win scoring the points
//! its rules give it, until a player has N. The games come in turn (`match games`), and who
//! begins each game after the first is the match's to say (`match next game first`). Players
//! keep their seats from game to game; the score is kept by player.

use senet_engine::engine::game::GameSummary;
use senet_engine::engine::{Engine, Outcome};
use senet_lang::check::ruleset::Match;
use senet_lang::types::{NextFirst, PerSide, Side};

/// The most games one match plays: a match whose games are drawn or score nothing ends there,
/// unfinished.
pub const MAX_MATCH_GAMES: u32 = 1000;

/// Whether the rules of `engine` score a win in points (`score ...`, `match points ...`); where
/// they do not, a win of a match's game is one point.
pub fn scores_points(engine: &Engine) -> bool {
    engine.rules.win_score.is_some() || engine.rules.scores_match_points()
}

/// A match under way: each player's points, the games played, how the last one went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Points by player, player 1's first.
    pub points: [u32; 2],
    /// Games played so far.
    pub games: u32,
    /// A game stopped unfinished (at its turn cap, or by a player): the match stops there.
    pub stopped: bool,
    /// The side that began the last game, and the side that won it (`None`: a draw).
    last: Option<(Side, Option<Side>)>,
    /// The points each pass scores for the other side (`pass scores N for the other side`).
    per_pass: u32,
}

impl MatchScore {
    /// A match of plan `m` about to begin.
    pub fn new(m: &Match) -> MatchScore {
        MatchScore {
            per_pass: m.pass_score,
            ..MatchScore::default()
        }
    }

    /// Counts the passes of a game (turns in which a side had no legal move), `passes` by side,
    /// the sides played by the players `seat` says: each scores for the other side's player.
    pub fn add_passes(&mut self, passes: PerSide<u32>, seat: PerSide<u8>) {
        for side in Side::BOTH {
            let player = usize::from(seat[side.other()]);
            let points = passes[side].saturating_mul(self.per_pass);
            self.points[player] = self.points[player].saturating_add(points);
        }
    }

    /// Which of the match's games comes next, by its index among `m`'s games (0 where the
    /// match plays its own rules' game every time).
    pub fn next_game(&self, m: &Match) -> usize {
        if m.games.is_empty() {
            0
        } else {
            usize::try_from(self.games).unwrap_or(0) % m.games.len()
        }
    }

    /// The side the match puts first in the next game; `None` where that game's rules say
    /// (the first game, or a match that leaves it to them).
    pub fn next_first(&self, m: &Match) -> Option<Side> {
        let (began, won) = self.last?;
        Some(match m.next_first? {
            NextFirst::Winner => won.unwrap_or(began),
            NextFirst::Loser => won.map_or(began, Side::other),
            NextFirst::Alternate => began.other(),
        })
    }

    /// Counts a game that `began` began (the side that took its first turn): its winner's
    /// player scores the win's points, or one point where the game's rules score none
    /// (`scored` false: see [`scores_points`]).
    pub fn add(&mut self, summary: &GameSummary, began: Side, scored: bool) {
        self.games += 1;
        let won = match summary.outcome {
            Some(Outcome::Win { side, points }) => {
                let player = usize::from(summary.seat[side]);
                let points = if scored { points } else { 1 };
                self.points[player] = self.points[player].saturating_add(points);
                Some(side)
            }
            Some(Outcome::Draw) => None,
            None => {
                self.stopped = true;
                None
            }
        };
        self.last = Some((began, won));
    }

    /// The player (0 or 1) who has won the match, with at least `m.to` points.
    pub fn winner(&self, m: &Match) -> Option<usize> {
        (0..2).find(|&p| self.points[p] >= m.to)
    }

    /// Whether no game follows: the match is won, a game was stopped, or the most games a
    /// match plays have been played.
    pub fn over(&self, m: &Match) -> bool {
        self.winner(m).is_some() || self.stopped || self.games >= MAX_MATCH_GAMES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(to: u32, next_first: Option<NextFirst>) -> Match {
        Match {
            to,
            games: Vec::new(),
            next_first,
            pass_score: 0,
        }
    }

    fn game(outcome: Option<Outcome>, seat: [u8; 2]) -> GameSummary {
        GameSummary {
            outcome,
            seat: PerSide::new(seat[0], seat[1]),
            ..GameSummary::default()
        }
    }

    fn win(side: Side, points: u32) -> Option<Outcome> {
        Some(Outcome::Win { side, points })
    }

    #[test]
    fn points_go_to_the_player_of_the_winning_side_until_one_has_enough() {
        let m = plan(5, None);
        let mut score = MatchScore::default();
        // A gammon for the first side's player, then the same player seated on the second side
        // wins single, then the other player wins three (a backgammon).
        score.add(&game(win(Side::First, 2), [0, 1]), Side::First, true);
        assert_eq!((score.points, score.winner(&m)), ([2, 0], None));
        score.add(&game(win(Side::Second, 1), [1, 0]), Side::First, true);
        score.add(&game(win(Side::First, 3), [1, 0]), Side::Second, true);
        assert_eq!(score.points, [3, 3]);
        assert!(!score.over(&m));
        score.add(&game(Some(Outcome::Draw), [0, 1]), Side::First, true);
        assert_eq!((score.points, score.games), ([3, 3], 4));
        score.add(&game(win(Side::Second, 2), [0, 1]), Side::First, true);
        assert_eq!((score.points, score.winner(&m)), ([3, 5], Some(1)));
        assert!(score.over(&m));
    }

    #[test]
    fn the_match_says_who_begins_each_game_after_the_first() {
        let mut score = MatchScore::default();
        for rule in [None, Some(NextFirst::Winner), Some(NextFirst::Loser)] {
            assert_eq!(
                score.next_first(&plan(3, rule)),
                None,
                "the first game's rules say"
            );
        }
        // The second side began and the first side won.
        score.add(&game(win(Side::First, 1), [0, 1]), Side::Second, true);
        let first = |score: &MatchScore, rule| score.next_first(&plan(3, Some(rule)));
        assert_eq!(first(&score, NextFirst::Winner), Some(Side::First));
        assert_eq!(first(&score, NextFirst::Loser), Some(Side::Second));
        assert_eq!(first(&score, NextFirst::Alternate), Some(Side::First));
        assert_eq!(score.next_first(&plan(3, None)), None);
        // After a draw the side that began the drawn game begins again (winner or loser).
        score.add(&game(Some(Outcome::Draw), [0, 1]), Side::First, true);
        assert_eq!(first(&score, NextFirst::Winner), Some(Side::First));
        assert_eq!(first(&score, NextFirst::Loser), Some(Side::First));
        assert_eq!(first(&score, NextFirst::Alternate), Some(Side::Second));
    }

    #[test]
    fn each_pass_scores_for_the_other_player_whoever_wins() {
        let m = Match {
            pass_score: 5,
            ..plan(31, None)
        };
        let mut score = MatchScore::new(&m);
        // Player 2 plays the first side: the first side passed twice, the second once.
        score.add(&game(win(Side::First, 3), [1, 0]), Side::First, true);
        score.add_passes(PerSide::new(2, 1), PerSide::new(1, 0));
        assert_eq!(score.points, [10, 3 + 5]);
    }

    #[test]
    fn a_win_of_rules_that_score_nothing_is_one_point() {
        let m = plan(2, None);
        let mut score = MatchScore::default();
        score.add(&game(win(Side::First, 0), [0, 1]), Side::First, false);
        score.add(&game(win(Side::First, 0), [0, 1]), Side::First, false);
        assert_eq!((score.points, score.winner(&m)), ([2, 0], Some(0)));
    }

    #[test]
    fn an_unfinished_game_or_too_many_games_end_the_match_unwon() {
        let m = plan(5, None);
        let mut score = MatchScore::default();
        score.add(&game(None, [0, 1]), Side::First, true);
        assert!(score.over(&m) && score.winner(&m).is_none());
        let mut score = MatchScore::default();
        for _ in 0..MAX_MATCH_GAMES {
            assert!(!score.over(&m));
            score.add(&game(Some(Outcome::Draw), [0, 1]), Side::First, true);
        }
        assert!(score.over(&m) && score.winner(&m).is_none());
    }

    #[test]
    fn games_come_in_turn_and_round_again() {
        let own = plan(5, None);
        let ur = senet_lang::check::check_target("twenty-squares/ur", &[]).expect("bundled");
        let three = Match {
            games: vec![ur; 3],
            ..plan(5, None)
        };
        let after = |games| MatchScore {
            games,
            ..MatchScore::default()
        };
        assert_eq!(own.games.len(), 0);
        assert_eq!([0, 4].map(|g| after(g).next_game(&own)), [0, 0]);
        assert_eq!(
            [0, 1, 2, 3, 7].map(|g| after(g).next_game(&three)),
            [0, 1, 2, 0, 1]
        );
    }
}
