//! A game of more than two sides as its players make it, as [`crate::session`] keeps a game of
//! two: the players (one a side, in side order), the seed its throws come from, its turn cap and
//! the decisions made so far ([`ManySession`]). The game is rebuilt from them ([`ManyPlay`]):
//! the throws come from the seed in order, whoever throws, and an agent draws from a seed of its
//! own for each decision, so that a move taken back, a game taken up from its record and a game
//! of `senet serve` go on as the same game at the terminal would.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::agents::ManyAgent;
use crate::notation::multi_record::{MultiEventNote, MultiRecord, MultiResultNote, noted_move};
use crate::players::Player;
use crate::seed::mix;
use crate::session::DecisionError;
use senet_engine::multi::{MultiEvent, MultiGame, MultiNext, MultiPosition, MultiRules};
use senet_lang::check::RuleSet;

/// A decision made in a game of many sides, in order: a person's throw (its value comes from the
/// seed), or a choice among more than one (a move by its index in the legal moves, or the pass
/// at `moves.len()` where a side may pass at will), by a person or an agent. An agent's throws
/// and a choice of one are made without a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManyDecision {
    Throw,
    Choose(usize),
}

/// A game of many sides as its players made it.
#[derive(Clone, Debug)]
pub struct ManySession {
    /// One player a side, in side order.
    pub players: Vec<Player>,
    pub seed: u64,
    pub turn_cap: u32,
    pub decisions: Vec<ManyDecision>,
}

/// What a game of many sides waits for: a person's throw, a choice by the player of `side`, or
/// nothing more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManyNeeds {
    Throw { side: u8 },
    Choose { side: u8 },
    Over,
}

/// Why a record of a game of many sides is not a game that can go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TakeUpError {
    #[error("its players are not one a side ({0} sides)")]
    Players(usize),
    #[error(
        "its throws are not those its seed gives (event {0}): it replays, but cannot be taken up"
    )]
    Throws(usize),
    #[error("event {0} is not what the game waits for there")]
    Event(usize),
}

impl ManySession {
    /// A game not yet begun.
    pub fn new(players: Vec<Player>, seed: u64, turn_cap: u32) -> ManySession {
        ManySession {
            players,
            seed,
            turn_cap,
            decisions: Vec::new(),
        }
    }

    /// The first of `players` that cannot play a side of a game of many sides: neither a person
    /// nor an agent of such games (`random`, `greedy`, `expectimax`).
    pub fn unplayable(players: &[Player]) -> Option<&Player> {
        players
            .iter()
            .find(|p| !p.is_human() && ManyAgent::of(p).is_none())
    }

    /// Whether the player of `side` is a person.
    pub fn is_person(&self, side: u8) -> bool {
        self.players
            .get(usize::from(side))
            .is_some_and(Player::is_human)
    }

    /// The agent of `side`, where an agent plays it.
    pub fn agent(&self, side: u8) -> Option<ManyAgent> {
        self.players
            .get(usize::from(side))
            .filter(|p| !p.is_human())
            .and_then(ManyAgent::of)
    }

    /// The choice the agent of the side to choose in `play` makes, drawing from a seed of its
    /// own for this decision (so that a game rebuilt after a move taken back chooses as before).
    pub fn agent_choice(&self, rules: &MultiRules, play: &ManyPlay) -> Option<usize> {
        let game = &play.game;
        let agent = self.agent(game.pos.to_move())?;
        if game.moves().is_empty() {
            return None;
        }
        let mut rng = Pcg64Mcg::seed_from_u64(mix(self.seed ^ mix(self.decisions.len() as u64)));
        Some(agent.choose(rules, &game.pos, game.moves(), &mut rng))
    }

    /// The game of `record` (whose rules are `rules`), to go on with: every choice of more than
    /// one made in it, and the throws of its persons. Its throws must be those its seed gives.
    pub fn of_record(
        rules: &MultiRules,
        record: &MultiRecord,
        players: Vec<Player>,
    ) -> Result<ManySession, TakeUpError> {
        if players.len() != rules.sides.len() {
            return Err(TakeUpError::Players(rules.sides.len()));
        }
        let mut session = ManySession::new(players, record.seed, record.turn_cap);
        let mut play = ManyPlay::new(rules, &session);
        let unfit = |at: usize| TakeUpError::Event(at + 1);
        let mut needs = play.follow(rules, &session).map_err(|_| unfit(0))?;
        // The record's events read so far, and the game's.
        let (mut read, mut played) = (0, 0);
        loop {
            // What the game played (throws, moves, passes) is the record's next events, as far
            // as the record goes (it may stop before what needs no decision).
            for e in play.events[played..]
                .iter()
                .filter_map(|e| MultiEventNote::of(rules, e))
            {
                match record.events.get(read) {
                    None => break,
                    Some(said) if *said == e => read += 1,
                    Some(MultiEventNote::Throw { .. })
                        if matches!(e, MultiEventNote::Throw { .. }) =>
                    {
                        return Err(TakeUpError::Throws(read + 1));
                    }
                    _ => return Err(unfit(read)),
                }
            }
            played = play.events.len();
            let Some(next) = record.events.get(read) else {
                break;
            };
            let decision = match (needs, next) {
                (ManyNeeds::Throw { .. }, MultiEventNote::Throw { .. }) => ManyDecision::Throw,
                (ManyNeeds::Choose { .. }, note) => {
                    ManyDecision::Choose(choice_of(rules, &play, note).ok_or(unfit(read))?)
                }
                _ => return Err(unfit(read)),
            };
            needs = play
                .take(rules, &mut session, decision)
                .map_err(|_| unfit(read))?;
        }
        Ok(session)
    }

    /// The record of `play`, the game of these decisions under `rules` (checked as `set`):
    /// `stopped` where a player stopped it before its end.
    pub fn record(
        &self,
        set: &RuleSet,
        rules: &MultiRules,
        play: &ManyPlay,
        stopped: bool,
    ) -> MultiRecord {
        let summary = &play.game.summary;
        let events = play
            .events
            .iter()
            .filter_map(|e| MultiEventNote::of(rules, e))
            .collect();
        let players = self.players.iter().map(ToString::to_string).collect();
        MultiRecord::new(
            set,
            rules,
            (self.seed, self.turn_cap, players),
            events,
            (
                MultiResultNote::of(rules, summary.outcome, stopped),
                summary.moves,
                summary.turns,
            ),
        )
    }
}

/// The choice a recorded move or pass is among the legal moves of the side to choose.
fn choice_of(rules: &MultiRules, play: &ManyPlay, note: &MultiEventNote) -> Option<usize> {
    let moves = play.game.moves();
    match note {
        MultiEventNote::Move {
            from, to, throw, ..
        } => {
            let mv = noted_move(&play.game.pos, (from.0, to.0), *throw).ok()?;
            moves.iter().position(|&m| m == mv)
        }
        MultiEventNote::Pass { .. } if rules.pass_at_will => Some(moves.len()),
        _ => None,
    }
}

/// A game of many sides rebuilt from its decisions: the game, every event, and the decisions
/// read so far.
pub struct ManyPlay {
    pub game: MultiGame,
    throws: Pcg64Mcg,
    pub events: Vec<MultiEvent>,
    /// The decisions read.
    followed: usize,
    /// Where each move chosen by a person is in the decisions.
    person_choices: Vec<usize>,
}

impl ManyPlay {
    /// The game of `session` at its start.
    pub fn new(rules: &MultiRules, session: &ManySession) -> ManyPlay {
        ManyPlay {
            game: MultiGame::new(MultiPosition::start(rules), session.turn_cap),
            throws: Pcg64Mcg::seed_from_u64(session.seed),
            events: Vec::new(),
            followed: 0,
            person_choices: Vec::new(),
        }
    }

    /// Plays on by the session's decisions and what needs none (an agent's throws, a choice of
    /// one, a pass with no move) until a decision is needed that the session does not have yet,
    /// or the game is over.
    pub fn follow(
        &mut self,
        rules: &MultiRules,
        session: &ManySession,
    ) -> Result<ManyNeeds, DecisionError> {
        loop {
            let events = &mut self.events;
            match self.game.next(rules, &mut |e| events.push(*e)) {
                MultiNext::Over => {
                    if self.followed < session.decisions.len() {
                        return Err(DecisionError::AfterEnd);
                    }
                    return Ok(ManyNeeds::Over);
                }
                MultiNext::Throw { side } if session.is_person(side) => {
                    match session.decisions.get(self.followed) {
                        None => return Ok(ManyNeeds::Throw { side }),
                        Some(ManyDecision::Throw) => {
                            self.followed += 1;
                            self.throw(rules);
                        }
                        Some(_) => return Err(DecisionError::Unfit { at: self.followed }),
                    }
                }
                MultiNext::Throw { .. } => self.throw(rules),
                MultiNext::Choose { side, .. } => {
                    let choices = rules.choices(self.game.moves().len());
                    let k = if choices == 1 {
                        0
                    } else {
                        match session.decisions.get(self.followed) {
                            None => return Ok(ManyNeeds::Choose { side }),
                            Some(&ManyDecision::Choose(k)) if k < choices => {
                                if session.is_person(side) {
                                    self.person_choices.push(self.followed);
                                }
                                self.followed += 1;
                                k
                            }
                            Some(_) => return Err(DecisionError::Unfit { at: self.followed }),
                        }
                    };
                    let events = &mut self.events;
                    self.game.choose(rules, k, &mut |e| events.push(*e));
                }
            }
        }
    }

    /// Adds `decision` to the session and plays it, where it is one the game waits for (else
    /// the session is left as it was).
    pub fn take(
        &mut self,
        rules: &MultiRules,
        session: &mut ManySession,
        decision: ManyDecision,
    ) -> Result<ManyNeeds, DecisionError> {
        debug_assert_eq!(self.followed, session.decisions.len());
        session.decisions.push(decision);
        let needs = self.follow(rules, session);
        if needs.is_err() {
            session.decisions.pop();
        }
        needs
    }

    /// Whether a person has chosen a move that can be taken back.
    pub fn can_undo(&self) -> bool {
        !self.person_choices.is_empty()
    }

    /// Takes back the last choice a person made in this game (of `session`'s decisions), and
    /// every decision after it; false if a person has made none.
    pub fn undo(&self, session: &mut ManySession) -> bool {
        match self.person_choices.last() {
            Some(&at) => {
                session.decisions.truncate(at);
                true
            }
            None => false,
        }
    }

    /// The throws of the current (or last) turn.
    pub fn turn_throws(&self) -> Vec<u8> {
        let mut throws: Vec<u8> = Vec::new();
        let mut side = None;
        for e in self.events.iter().rev() {
            if let MultiEvent::Throw { side: s, value } = *e {
                if side.is_some_and(|x| x != s) {
                    break;
                }
                side = Some(s);
                throws.push(value);
            }
        }
        throws.reverse();
        throws
    }

    fn throw(&mut self, rules: &MultiRules) {
        let value = rules.random_throw(&mut self.throws);
        let events = &mut self.events;
        self.game.throw(rules, value, &mut |e| events.push(*e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(names: &str) -> Vec<Player> {
        names.split(',').map(|n| n.parse().unwrap()).collect()
    }

    /// Plays `session` on to its end, every person choosing its first choice.
    fn played(rules: &MultiRules, session: &mut ManySession) -> ManyPlay {
        let mut play = ManyPlay::new(rules, session);
        let mut needs = play.follow(rules, session).unwrap();
        loop {
            let decision = match needs {
                ManyNeeds::Over => return play,
                ManyNeeds::Throw { .. } => ManyDecision::Throw,
                ManyNeeds::Choose { .. } => {
                    ManyDecision::Choose(session.agent_choice(rules, &play).unwrap_or(0))
                }
            };
            needs = play.take(rules, session, decision).unwrap();
        }
    }

    #[test]
    fn the_throws_come_from_the_seed_in_order_whoever_throws() {
        let (_, rules) = crate::many_sides_fixture::race("a, b, c", 10, 2, &[]);
        let mut session = ManySession::new(players("human,random,greedy"), 5, 500);
        let play = played(&rules, &mut session);
        let mut seed = Pcg64Mcg::seed_from_u64(5);
        for e in &play.events {
            if let MultiEvent::Throw { value, .. } = e {
                assert_eq!(*value, rules.random_throw(&mut seed));
            }
        }
        assert!(play.game.summary.outcome.is_some());
        // The person's throws, and every choice of more than one, are its decisions.
        let throws = play
            .events
            .iter()
            .filter(|e| matches!(e, MultiEvent::Throw { side: 0, .. }))
            .count();
        let thrown = session
            .decisions
            .iter()
            .filter(|d| **d == ManyDecision::Throw)
            .count();
        assert_eq!(thrown, throws);
    }

    #[test]
    fn a_game_rebuilt_from_its_decisions_is_the_same_and_undo_takes_back_a_person_s_choice() {
        let (_, rules) = crate::many_sides_fixture::race("a, b, c", 10, 2, &["teams a, c; b"]);
        let mut session = ManySession::new(players("human,random,expectimax"), 9, 500);
        let play = played(&rules, &mut session);
        let mut again = ManyPlay::new(&rules, &session);
        assert_eq!(again.follow(&rules, &session), Ok(ManyNeeds::Over));
        assert_eq!(again.events, play.events);
        // Taken back: the decisions end before the person's last choice, which is awaited again.
        let last = *play.person_choices.last().unwrap();
        assert!(play.undo(&mut session));
        assert_eq!(session.decisions.len(), last);
        let mut back = ManyPlay::new(&rules, &session);
        assert_eq!(
            back.follow(&rules, &session),
            Ok(ManyNeeds::Choose { side: 0 })
        );
        // A decision that is not the one awaited is refused, the session left as it was.
        let n = session.decisions.len();
        assert_eq!(
            back.take(&rules, &mut session, ManyDecision::Throw),
            Err(DecisionError::Unfit { at: n })
        );
        assert_eq!(session.decisions.len(), n);
    }

    #[test]
    fn a_record_is_taken_up_as_the_decisions_that_made_it() {
        let (set, rules) = crate::many_sides_fixture::race("a, b, c, d", 12, 2, &[]);
        let mut session = ManySession::new(players("human,greedy,random,human"), 2, 500);
        let play = played(&rules, &mut session);
        let record = session.record(&set, &rules, &play, false);
        record.replay(&rules).unwrap();
        let taken = ManySession::of_record(&rules, &record, session.players.clone()).unwrap();
        assert_eq!(taken.decisions, session.decisions);
        // Cut short, it is taken up where it stopped.
        let mut short = record.clone();
        short.events.truncate(9);
        let cut = ManySession::of_record(&rules, &short, session.players.clone()).unwrap();
        assert!(session.decisions.starts_with(&cut.decisions));
        // Another seed's throws are not this game's.
        let mut other = record;
        other.seed = 3;
        assert!(matches!(
            ManySession::of_record(&rules, &other, session.players.clone()),
            Err(TakeUpError::Throws(_) | TakeUpError::Event(_))
        ));
    }
}
