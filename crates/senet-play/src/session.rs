//! A game as its players make it: the players, the seed its throws come from, its turn cap and
//! the decisions made so far ([`Session`]). The game itself is rebuilt from them ([`Play`]), the
//! throws coming from the seed in order: a move taken back is the decisions cut short, a record
//! is the rebuilt game's events. `senet play` at the terminal and `senet serve`'s games keep a
//! game this way, so that taking back, hints and records mean the same in both.

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::agents::ExpectimaxAgent;
use crate::notation::event::Event;
use crate::notation::record::{Choice, Header, Record, Replayed};
use crate::players::Player;
use crate::solve::Solved;
use senet_engine::engine::Engine;
use senet_engine::engine::game::{Action, Game, GameEvent, Player as _, random_throw_for};
use senet_lang::check::RuleSet;
use senet_lang::types::Side;

/// A decision made in a game, in order: a person's throw (its value comes from the seed), or a
/// move chosen by a person or an agent (its index in the legal moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Throw,
    Move(usize),
}

/// Decisions that do not lead to a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecisionError {
    /// Decision `at` (from 0) is not one the game waits for there: a throw where a move is to
    /// be chosen, or the reverse, or a move that is not there.
    #[error("the game's decisions do not follow its rules (decision {})", at + 1)]
    Unfit { at: usize },
    /// The game is over before its decisions are.
    #[error("the game's decisions go on after its end")]
    AfterEnd,
}

/// A game as its players made it.
#[derive(Clone, Debug)]
pub struct Session {
    /// The players, in player order (the order of seats where the rules throw for them).
    pub players: Vec<Player>,
    pub seed: u64,
    pub turn_cap: u32,
    /// The side a match puts first in this game (`None`: as the rules say).
    pub first: Option<Side>,
    pub decisions: Vec<Decision>,
}

/// What a game waits for: a decision of `player`, who plays `side`, or nothing more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    Throw {
        side: Side,
        player: usize,
    },
    Move {
        side: Side,
        player: usize,
    },
    /// The game is over.
    Nothing,
}

impl Session {
    /// A game not yet begun.
    pub fn new(players: Vec<Player>, seed: u64, turn_cap: u32) -> Session {
        Session {
            players,
            seed,
            turn_cap,
            first: None,
            decisions: Vec::new(),
        }
    }

    /// The game of a record, played again: every move chosen in it, and the throws of its
    /// persons (an agent's throws are made for it).
    pub fn of_record(players: Vec<Player>, seed: u64, turn_cap: u32, game: &Replayed) -> Session {
        let seat = game.game.summary.seat;
        let decisions = game
            .choices
            .iter()
            .filter_map(|c| match *c {
                Choice::Throw(side) => players
                    .get(usize::from(seat[side]))
                    .is_some_and(Player::is_human)
                    .then_some(Decision::Throw),
                Choice::Move(i) => Some(Decision::Move(i)),
            })
            .collect();
        Session {
            players,
            seed,
            turn_cap,
            first: game.first,
            decisions,
        }
    }

    /// Whether player `k` is a person.
    pub fn is_person(&self, k: usize) -> bool {
        self.players.get(k).is_some_and(Player::is_human)
    }

    /// The game its decisions lead to, played up to where they run out (or to its end), and
    /// what it waits for there.
    pub fn rebuild<'e>(&self, engine: &'e Engine) -> Result<(Play<'e>, Needs), DecisionError> {
        let mut play = Play::new(engine, self);
        loop {
            let action = play.next_action(|_| {});
            if let Some(needs) = play.follow(self, action)? {
                return Ok((play, needs));
            }
        }
    }

    /// Takes back the last move a person made in `play` (the game of these decisions), and
    /// every decision after it; false if a person has made none.
    pub fn undo(&mut self, play: &Play) -> bool {
        match play.person_moves.last() {
            Some(&at) => {
                self.decisions.truncate(at);
                true
            }
            None => false,
        }
    }

    /// The record of `play`, the game of these decisions under `rules` (`stopped`: as a game
    /// stopped there, to be taken up again).
    pub fn record(&self, rules: &RuleSet, play: &Play, stopped: bool) -> Record {
        let header = Header {
            rules,
            seed: self.seed,
            players: self.players.iter().map(ToString::to_string).collect(),
            turn_cap: self.turn_cap,
            stopped,
            first: self.first,
        };
        let events = play
            .events
            .iter()
            .map(|e| Event::of(play.engine, e))
            .collect();
        Record::new(&header, play.engine, events, &play.game.summary)
    }
}

/// A game being rebuilt from a session's decisions, or played on from them: the game, the
/// throws to come, every event so far.
pub struct Play<'e> {
    engine: &'e Engine,
    pub game: Game<'e>,
    /// The throws to come.
    rng: Pcg64Mcg,
    events: Vec<GameEvent>,
    /// Where in `events` the throws of the current (or last) turn begin.
    turn: usize,
    /// The last event ended a turn's play (a move, a pass, a lost turn): a throw after it
    /// begins the throws of a new turn.
    fresh: bool,
    /// How many of the session's decisions the game has followed.
    followed: usize,
    /// Where each move a person chose is in the decisions (what can be taken back).
    person_moves: Vec<usize>,
}

impl<'e> Play<'e> {
    /// The session's game at its start.
    pub fn new(engine: &'e Engine, session: &Session) -> Play<'e> {
        let mut game = Game::new(engine, session.turn_cap);
        if let Some(side) = session.first {
            game.begin_with(side);
        }
        Play {
            engine,
            game,
            rng: Pcg64Mcg::seed_from_u64(session.seed),
            events: Vec::new(),
            turn: 0,
            fresh: true,
            followed: 0,
            person_moves: Vec::new(),
        }
    }

    /// What the game does next ([`Game::next_action`]); `observe` sees each event that led
    /// there, once.
    pub fn next_action(&mut self, mut observe: impl FnMut(&GameEvent)) -> Action {
        let action = self.game.next_action();
        for e in self.game.events.drain(..) {
            match e {
                GameEvent::Throw { .. } if self.fresh => {
                    self.turn = self.events.len();
                    self.fresh = false;
                }
                GameEvent::Move { .. } | GameEvent::Pass { .. } | GameEvent::TurnLost { .. } => {
                    self.fresh = true;
                }
                _ => {}
            }
            observe(&e);
            self.events.push(e);
        }
        action
    }

    /// Does `action` (the game's next): a throw no person makes (for seats, of a throw-off, an
    /// agent's) is thrown, a person's throw and every move follow the session's next decision.
    /// `None` once done; else what the game waits for, where the decisions run out or the game
    /// is over.
    pub fn follow(
        &mut self,
        session: &Session,
        action: Action,
    ) -> Result<Option<Needs>, DecisionError> {
        let player = |side: Side| usize::from(self.game.summary.seat[side]);
        let next = session.decisions.get(self.followed).copied();
        let unfit = DecisionError::Unfit { at: self.followed };
        match action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } => {}
            Action::Throw { side } if session.is_person(player(side)) => match next {
                Some(Decision::Throw) => self.followed += 1,
                Some(Decision::Move(_)) => return Err(unfit),
                None => {
                    let player = player(side);
                    return Ok(Some(Needs::Throw { side, player }));
                }
            },
            Action::Throw { .. } => {}
            Action::Choose { side } => {
                let player = player(side);
                return match next {
                    Some(Decision::Move(i)) if i < self.game.moves().len() => {
                        if session.is_person(player) {
                            self.person_moves.push(self.followed);
                        }
                        self.followed += 1;
                        self.game.choose(i);
                        Ok(None)
                    }
                    Some(_) => Err(unfit),
                    None => Ok(Some(Needs::Move { side, player })),
                };
            }
            Action::Over if self.followed < session.decisions.len() => {
                return Err(DecisionError::AfterEnd);
            }
            Action::Over => return Ok(Some(Needs::Nothing)),
        }
        self.game
            .give_throw(random_throw_for(self.engine, action, &mut self.rng));
        Ok(None)
    }

    /// Makes `decision` where the game waits for one: added to the session's decisions, and
    /// followed. A decision the game does not wait for is refused, and not kept; the game is
    /// then as it was. Events the decision brings are told by the next [`Play::next_action`].
    pub fn take(&mut self, session: &mut Session, decision: Decision) -> Result<(), DecisionError> {
        let at = session.decisions.len();
        // Where the game waits, asking again changes nothing and makes no event.
        let action = self.game.next_action();
        let waits = match action {
            Action::Choose { .. } => true,
            Action::Throw { side } => session.is_person(usize::from(self.game.summary.seat[side])),
            _ => false,
        };
        if !waits || self.followed != at {
            return Err(DecisionError::Unfit { at });
        }
        session.decisions.push(decision);
        match self.follow(session, action) {
            Ok(None) => Ok(()),
            done => {
                session.decisions.pop();
                Err(done.err().unwrap_or(DecisionError::Unfit { at }))
            }
        }
    }

    /// Every event of the game so far.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// The throws of the current turn (or of the last one, between turns).
    pub fn turn_throws(&self) -> impl Iterator<Item = &GameEvent> {
        self.events[self.turn..]
            .iter()
            .filter(|e| matches!(e, GameEvent::Throw { .. }))
    }

    /// How many of the session's decisions the game has followed.
    pub fn followed(&self) -> usize {
        self.followed
    }

    /// Whether a person has made a move that can be taken back.
    pub fn can_undo(&self) -> bool {
        !self.person_moves.is_empty()
    }
}

/// Where a person's hints come from: a solved table, where there is one, else the search of
/// the `hard` level (made at the first hint).
pub struct Adviser {
    table: Option<Arc<Solved>>,
    search: Option<ExpectimaxAgent>,
    seed: u64,
}

/// The worth of each legal move, as an [`Adviser`] sees it.
pub enum Advice {
    /// The chance to win after each move, from the solved table.
    Chances(Vec<f64>),
    /// The search's worth of each move: the side's pieces' minus the enemy's, higher better.
    Search(Vec<f64>),
}

impl Advice {
    pub fn values(&self) -> &[f64] {
        match self {
            Advice::Chances(v) | Advice::Search(v) => v,
        }
    }
}

impl Adviser {
    /// An adviser with `table` (if any), whose search draws from `seed`.
    pub fn new(table: Option<Arc<Solved>>, seed: u64) -> Adviser {
        Adviser {
            table,
            search: None,
            seed,
        }
    }

    /// The worth of each legal move of `game` for `side`, the side to move: from the table if
    /// it has every position they lead to, else from the search.
    pub fn advise(&mut self, engine: &Engine, game: &Game, side: Side) -> Advice {
        match self.chances(engine, game, side) {
            Some(chances) => Advice::Chances(chances),
            None => Advice::Search(
                self.search()
                    .move_values(engine, &game.pos, game.total, game.moves())
                    .to_vec(),
            ),
        }
    }

    /// The best move of `game` for `side`, the side to move: the first of the table's best, or
    /// the search's choice (ties broken at random).
    pub fn best(&mut self, engine: &Engine, game: &Game, side: Side) -> usize {
        if game.moves().len() == 1 {
            return 0;
        }
        match self.chances(engine, game, side) {
            Some(chances) => {
                let top = chances.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                chances.iter().position(|&c| c >= top).unwrap_or(0)
            }
            None => self
                .search()
                .choose(engine, &game.pos, game.total, game.moves()),
        }
    }

    /// `side`'s chance to win after each legal move of `game`, if the table has them all.
    fn chances(&self, engine: &Engine, game: &Game, side: Side) -> Option<Vec<f64>> {
        let table = self.table.as_ref()?;
        (0..game.moves().len())
            .map(|i| {
                let next = engine.successor(&game.pos, &game.moves()[i], game.throw_of(i));
                table
                    .chances(&next)
                    .map(|(w0, w1, _)| if side == Side::First { w0 } else { w1 })
            })
            .collect()
    }

    fn search(&mut self) -> &mut ExpectimaxAgent {
        let seed = self.seed;
        self.search
            .get_or_insert_with(|| ExpectimaxAgent::adaptive(seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::record::replay;
    use senet_engine::compile::compile;

    fn engine(id: &str) -> (RuleSet, Engine) {
        let rules = senet_lang::check::check_target(id, &[]).unwrap();
        let engine = Engine::new(compile(&rules));
        (rules, engine)
    }

    fn players(names: &str) -> Vec<Player> {
        names.split(',').map(|p| p.parse().unwrap()).collect()
    }

    /// Plays the session on to its end, each move the first legal one but every third, which
    /// is the last; a person's throws are made as they come.
    fn play_out(engine: &Engine, session: &mut Session) -> Vec<GameEvent> {
        let mut play = Play::new(engine, session);
        loop {
            let action = play.next_action(|_| {});
            let decision = match play.follow(session, action).unwrap() {
                None => continue,
                Some(Needs::Nothing) => return play.events().to_vec(),
                Some(Needs::Throw { .. }) => Decision::Throw,
                Some(Needs::Move { .. }) => {
                    let n = play.game.moves().len();
                    Decision::Move(if session.decisions.len() % 3 == 2 {
                        n - 1
                    } else {
                        0
                    })
                }
            };
            play.take(session, decision).unwrap();
        }
    }

    #[test]
    fn a_game_rebuilt_from_its_decisions_is_the_game_played() {
        let (_, engine) = engine("senet/kendall");
        let mut session = Session::new(players("human,random"), 7, 10_000);
        let events = play_out(&engine, &mut session);
        let (play, needs) = session.rebuild(&engine).unwrap();
        assert_eq!(needs, Needs::Nothing);
        assert_eq!(play.events(), events.as_slice());
        // Cut short, it waits where the decisions run out: a person's throws are decisions.
        let mut cut = session.clone();
        cut.decisions.truncate(1);
        assert_eq!(cut.decisions, [Decision::Throw]);
        let (play, needs) = cut.rebuild(&engine).unwrap();
        assert!(matches!(needs, Needs::Move { player: 0, .. }));
        assert_eq!(play.followed(), 1);
    }

    #[test]
    fn undo_takes_back_a_persons_last_move_and_what_followed() {
        let (_, engine) = engine("twenty-squares/ur");
        let mut session = Session::new(players("random,human"), 3, 10_000);
        play_out(&engine, &mut session);
        let (play, _) = session.rebuild(&engine).unwrap();
        let all = session.decisions.len();
        assert!(session.undo(&play));
        let (play, needs) = session.rebuild(&engine).unwrap();
        assert!(session.decisions.len() < all);
        // Back at the person's decision, with the same throw: player 1 is the person.
        assert!(matches!(needs, Needs::Move { player: 1, .. }));
        assert!(play.turn_throws().count() >= 1);
        // A game where no person has moved has nothing to take back.
        let mut agents = Session::new(players("random,random"), 3, 10_000);
        play_out(&engine, &mut agents);
        let (play, _) = agents.rebuild(&engine).unwrap();
        assert!(!play.can_undo() && !agents.undo(&play));
    }

    #[test]
    fn a_decision_the_game_does_not_wait_for_is_refused_and_not_kept() {
        let (_, engine) = engine("senet/kendall");
        let mut session = Session::new(players("human,random"), 1, 10_000);
        let (mut play, needs) = session.rebuild(&engine).unwrap();
        assert!(matches!(needs, Needs::Throw { player: 0, .. }));
        assert_eq!(
            play.take(&mut session, Decision::Move(0)),
            Err(DecisionError::Unfit { at: 0 })
        );
        assert!(session.decisions.is_empty());
        play.take(&mut session, Decision::Throw).unwrap();
        let (mut play, needs) = session.rebuild(&engine).unwrap();
        assert!(matches!(needs, Needs::Move { player: 0, .. }));
        let moves = play.game.moves().len();
        assert_eq!(
            play.take(&mut session, Decision::Move(moves)),
            Err(DecisionError::Unfit { at: 1 })
        );
        assert_eq!(session.decisions, [Decision::Throw]);
        // Decisions that do not fit are found when the game is rebuilt from them too.
        session.decisions.push(Decision::Throw);
        assert_eq!(
            session.rebuild(&engine).err(),
            Some(DecisionError::Unfit { at: 1 })
        );
    }

    #[test]
    fn a_record_of_a_session_gives_the_session_back() {
        let (rules, engine) = engine("senet/kendall");
        let mut session = Session::new(players("human,greedy"), 11, 10_000);
        play_out(&engine, &mut session);
        session.decisions.truncate(session.decisions.len() / 2);
        let (play, _) = session.rebuild(&engine).unwrap();
        let record = session.record(&rules, &play, true);
        let json = serde_json::to_value(&record).unwrap();
        let record = Record::read(&json).unwrap();
        let replayed = replay(&engine, &record, |_| {}).unwrap();
        let back = Session::of_record(session.players.clone(), record.seed, 10_000, &replayed);
        assert_eq!(back.decisions, session.decisions);
    }
}
