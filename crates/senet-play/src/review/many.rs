//! A recorded game of more than two sides reviewed choice by choice: each decision's choices
//! valued as `expectimax` values them (its team's lead in the race a throw later; a game won 2,
//! lost -2), the choice made against the best, what it lost, and the first team's chance to win
//! after it, from playouts between `greedy` players.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Value, json};

use crate::agents::{ManyAgent, choice_worths};
use crate::notation::multi_record::{MultiEventNote, MultiRecord, noted_move};
use crate::seed::mix;
use senet_engine::multi::{MultiMove, MultiOutcome, MultiPosition, MultiRules};

/// A decision reviewed: where a side had more than one choice.
#[derive(Clone, Debug, PartialEq)]
pub struct ManyReviewed {
    /// The move's number in the game (passes counted), from 1.
    pub number: usize,
    pub side: u8,
    pub throw: u8,
    /// The choices it had: its legal moves, and the pass where a side may pass at will.
    pub choices: usize,
    /// The choice made (`None`: the pass) and its value, then the best choice's.
    pub played: Option<MultiMove>,
    pub value: f64,
    pub best: Option<MultiMove>,
    pub best_value: f64,
    /// The first team's chance to win after the choice made, from the playouts.
    pub first_team_chance: f64,
}

impl ManyReviewed {
    /// What the choice lost against the best (0 where it was the best).
    pub fn loss(&self) -> f64 {
        (self.best_value - self.value).max(0.0)
    }
}

/// The review of a game of many sides.
#[derive(Clone, Debug, PartialEq)]
pub struct ManyReview {
    pub decisions: Vec<ManyReviewed>,
    /// Playouts after each decision.
    pub playouts: u32,
}

/// A loss above which a choice is a mistake.
pub const MISTAKE: f64 = 0.05;

/// Reviews `record` (already verified against `rules`): every decision with more than one
/// choice, and `playouts` games between `greedy` players after each (seeded from `seed`).
pub fn review_many(
    rules: &MultiRules,
    record: &MultiRecord,
    playouts: u32,
    seed: u64,
) -> ManyReview {
    let side_of = |name: &str| {
        rules
            .sides
            .iter()
            .position(|s| s.name == name)
            .and_then(|k| u8::try_from(k).ok())
            .unwrap_or(0)
    };
    let first_team = rules.sides[usize::from(rules.first)].team;
    let mut pos = MultiPosition::start(rules);
    let mut throw = 0;
    let mut moves = Vec::new();
    let mut decisions = Vec::new();
    let mut number = 0;
    for event in &record.events {
        let (played, side) = match event {
            MultiEventNote::Throw { value, .. } => {
                throw = *value;
                pos = rules.thrown(&pos, *value);
                continue;
            }
            // A record verified names a legal move.
            MultiEventNote::Move {
                from,
                to,
                throw,
                side,
            } => match noted_move(&pos, (from.0, to.0), *throw) {
                Ok(mv) => (Some(mv), side_of(side)),
                Err(_) => continue,
            },
            MultiEventNote::Pass { side } => (None, side_of(side)),
        };
        number += 1;
        rules.moves(&pos, &mut moves);
        let after = match played {
            Some(mv) => rules.apply(&pos, mv).0,
            None => rules.pass_held(&pos).0,
        };
        let choices = rules.choices(moves.len());
        if choices > 1 {
            let worths = choice_worths(rules, &pos, &moves);
            let chosen = played
                .and_then(|mv| moves.iter().position(|&m| m == mv))
                .unwrap_or(moves.len());
            let best = (0..choices)
                .max_by(|&a, &b| worths[a].total_cmp(&worths[b]).then(b.cmp(&a)))
                .unwrap_or(0);
            decisions.push(ManyReviewed {
                number,
                side,
                throw: played.map_or(throw, MultiMove::throw),
                choices,
                played,
                value: worths[chosen],
                best: moves.get(best).copied(),
                best_value: worths[best],
                first_team_chance: chance(
                    rules,
                    &after,
                    first_team,
                    playouts,
                    mix(seed ^ number as u64),
                ),
            });
        }
        pos = after;
    }
    ManyReview {
        decisions,
        playouts,
    }
}

/// The share of `playouts` games from `pos` between `greedy` players that `team` wins.
#[allow(clippy::cast_precision_loss)] // counts of games are small
fn chance(rules: &MultiRules, pos: &MultiPosition, team: u8, playouts: u32, seed: u64) -> f64 {
    if let Some(outcome) = rules.outcome(pos) {
        return f64::from(u8::from(outcome == MultiOutcome::Win { team }));
    }
    if playouts == 0 {
        return f64::NAN;
    }
    let mut won = 0u32;
    for k in 0..playouts {
        let mut rng = Pcg64Mcg::seed_from_u64(mix(seed.wrapping_add(u64::from(k))));
        let s = rules.play(
            *pos,
            &mut rng,
            10_000,
            |p, moves, rng| Some(ManyAgent::Greedy.choose(rules, p, moves, rng)),
            |_| {},
        );
        won += u32::from(s.outcome == Some(MultiOutcome::Win { team }));
    }
    f64::from(won) / f64::from(playouts)
}

/// A choice in short: the places a move goes from and to along its side's path (`0-3`,
/// `61-off`), or `pass`.
pub fn choice_text(mv: Option<MultiMove>) -> String {
    use senet_lang::types::Place;
    let place = |p: Place| match p {
        Place::Waiting => "in".to_string(),
        Place::On(q) => q.to_string(),
        Place::Off => "off".into(),
        Place::Removed => "removed".into(),
    };
    match mv {
        Some(mv) => format!("{}-{}", place(mv.from()), place(mv.to())),
        None => "pass".into(),
    }
}

/// The review as JSON (`"senet-multi-review/1"`, docs/formats.md).
pub fn review_many_json(rules: &MultiRules, review: &ManyReview, file: &str) -> Value {
    let name = |s: u8| rules.sides[usize::from(s)].name.clone();
    let decisions: Vec<Value> = review
        .decisions
        .iter()
        .map(|d| {
            json!({
                "move": d.number,
                "side": name(d.side),
                "throw": d.throw,
                "choices": d.choices,
                "played": choice_text(d.played),
                "value": d.value,
                "best": choice_text(d.best),
                "best_value": d.best_value,
                "loss": d.loss(),
                "first_team_chance": if d.first_team_chance.is_nan() { Value::Null } else { json!(d.first_team_chance) },
            })
        })
        .collect();
    let sides: Vec<Value> = (0..rules.count())
        .map(|s| {
            let own: Vec<&ManyReviewed> = review
                .decisions
                .iter()
                .filter(|d| usize::from(d.side) == s)
                .collect();
            let total: f64 = own.iter().map(|d| d.loss()).sum();
            json!({
                "side": rules.sides[s].name,
                "decisions": own.len(),
                "loss": total,
                "mistakes": own.iter().filter(|d| d.loss() > MISTAKE).count(),
            })
        })
        .collect();
    json!({
        "format": "senet-multi-review/1",
        "file": file,
        "rules": rules.id,
        "playouts": review.playouts,
        "sides": sides,
        "decisions": decisions,
    })
}
