//! The figures `senet compare` reports beyond `senet sim`'s, collected game by game as the
//! games are played (a [`Watch`] on each decision), summed as integers. docs/metrics.md
//! defines each one.

use super::stats::{Moments, RatioMoments};
use senet_engine::compile::Restriction;
use senet_engine::engine::game::{GameSummary, Watch};
use senet_engine::engine::{Engine, Listing, Move, Outcome, Position};
use senet_lang::types::{PerSide, Side, Throw};

/// Sums over games of the per-game figures (each with its sum of squares, for intervals).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Metrics {
    /// Decided games won by the side that played the first throw of ordinary play.
    pub first_side_wins: u64,
    pub passes: Moments,
    pub captures: Moments,
    /// Per restriction ([`Restriction::ALL`]'s order): throws at which it changed the moves.
    pub fired: [Moments; 3],
    pub lead_changes: Moments,
    /// Legal moves over decisions with at least one (the branching factor).
    pub branching: RatioMoments,
    /// Decisions with exactly one legal move over those with at least one.
    pub forced: RatioMoments,
    /// Decisions whose moves were drawn unlisted (split turns of the random player): not in
    /// `branching`, `forced` and `fired`.
    pub unlisted: u64,
    /// Decided games: positions in which the eventual winner trailed, over all positions.
    pub behind: RatioMoments,
    /// Decided games: the winner's deficit summed over the positions it trailed in, over those
    /// positions.
    pub deficit: RatioMoments,
}

impl Metrics {
    pub fn merge(&mut self, o: &Metrics) {
        self.first_side_wins += o.first_side_wins;
        self.passes.merge(&o.passes);
        self.captures.merge(&o.captures);
        for (a, b) in self.fired.iter_mut().zip(&o.fired) {
            a.merge(b);
        }
        self.lead_changes.merge(&o.lead_changes);
        self.branching.merge(&o.branching);
        self.forced.merge(&o.forced);
        self.unlisted += o.unlisted;
        self.behind.merge(&o.behind);
        self.deficit.merge(&o.deficit);
    }
}

/// The rules without each restriction they have, to tell when one fired.
pub struct Relaxed {
    engines: Vec<(usize, Engine)>,
}

impl Relaxed {
    pub fn new(engine: &Engine) -> Relaxed {
        let engines = Restriction::ALL
            .iter()
            .enumerate()
            .filter_map(|(i, &r)| Some((i, Engine::new(engine.rules.without(r)?))))
            .collect();
        Relaxed { engines }
    }
}

/// Watches one game's decisions and keeps its counts until the game ends.
pub struct Probe<'r> {
    relaxed: &'r Relaxed,
    first: Option<Side>,
    leader: Option<Side>,
    lead_changes: u64,
    positions: u64,
    /// Per side: positions it trailed in, and its deficits there summed.
    trailing: PerSide<u64>,
    deficit: PerSide<u64>,
    fired: [u64; 3],
    choices: u64,
    moving: u64,
    forced: u64,
    unlisted: u64,
    base: Vec<Move>,
    alt: Vec<Move>,
}

impl<'r> Probe<'r> {
    pub fn new(relaxed: &'r Relaxed) -> Probe<'r> {
        Probe {
            relaxed,
            first: None,
            leader: None,
            lead_changes: 0,
            positions: 0,
            trailing: PerSide::new(0, 0),
            deficit: PerSide::new(0, 0),
            fired: [0; 3],
            choices: 0,
            moving: 0,
            forced: 0,
            unlisted: 0,
            base: Vec::with_capacity(32),
            alt: Vec::with_capacity(32),
        }
    }

    /// Starts a new game.
    pub fn reset(&mut self) {
        let relaxed = self.relaxed;
        let (base, alt) = (
            std::mem::take(&mut self.base),
            std::mem::take(&mut self.alt),
        );
        *self = Probe {
            base,
            alt,
            ..Probe::new(relaxed)
        };
    }

    /// Adds the game just played, with its summary, to `m`.
    pub fn finish(&self, s: &GameSummary, m: &mut Metrics) {
        m.passes.add(u64::from(s.passes));
        m.captures.add(u64::from(s.captures));
        for (total, &n) in m.fired.iter_mut().zip(&self.fired) {
            total.add(n);
        }
        m.lead_changes.add(self.lead_changes);
        m.branching.add(self.choices, self.moving);
        m.forced.add(self.forced, self.moving);
        m.unlisted += self.unlisted;
        if let Some(Outcome::Win { side, .. }) = s.outcome {
            m.first_side_wins += u64::from(self.first == Some(side));
            m.behind.add(self.trailing[side], self.positions);
            m.deficit.add(self.deficit[side], self.trailing[side]);
        }
    }

    /// The race: who leads, by how much.
    fn race(&mut self, engine: &Engine, pos: &Position) {
        let count = PerSide::from_fn(|s| engine.race_count(pos, s));
        self.positions += 1;
        let (a, b) = (count[Side::First], count[Side::Second]);
        let leader = match a.cmp(&b) {
            std::cmp::Ordering::Less => Some(Side::First),
            std::cmp::Ordering::Greater => Some(Side::Second),
            std::cmp::Ordering::Equal => None,
        };
        if let Some(l) = leader {
            let behind = l.other();
            self.trailing[behind] += 1;
            self.deficit[behind] += u64::from(a.abs_diff(b));
            if self.leader.is_some_and(|before| before != l) {
                self.lead_changes += 1;
            }
            self.leader = Some(l);
        }
    }

    /// Which restrictions changed the legal moves of `throws` from `pos`.
    fn fired(&mut self, engine: &Engine, pos: &Position, throws: &[Throw]) {
        let relaxed = self.relaxed;
        for (i, without) in &relaxed.engines {
            let changed = throws.iter().any(|&t| {
                // A listing cut short tells nothing of what the rule changed.
                let whole = engine.legal_moves(pos, t, &mut self.base) == Listing::Whole
                    && without.legal_moves(pos, t, &mut self.alt) == Listing::Whole;
                whole
                    && (self.base.len() != self.alt.len()
                        || self.base.iter().any(|m| !self.alt.contains(m)))
            });
            self.fired[*i] += u64::from(changed);
        }
    }
}

impl Watch for Probe<'_> {
    fn decision(
        &mut self,
        engine: &Engine,
        pos: &Position,
        throws: &[Throw],
        moves: Option<&[Move]>,
    ) {
        self.first.get_or_insert(pos.to_move());
        self.race(engine, pos);
        let Some(moves) = moves else {
            self.unlisted += 1;
            return;
        };
        if !moves.is_empty() {
            self.moving += 1;
            self.choices += moves.len() as u64;
            self.forced += u64::from(moves.len() == 1);
        }
        self.fired(engine, pos, throws);
    }
}
