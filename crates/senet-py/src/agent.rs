//! The agents of the command line (`random`, `greedy`, `expectimax`, levels, `optimal`), for
//! Python games, and whole games between them as `senet play` plays them.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::game::Game;
use crate::json::to_py;
use crate::rules::Rules;
use crate::value_error;
use senet_play::agents;
use senet_play::players::Player;
use senet_play::session::{Decision, Needs, Play, Session};
use senet_play::solve::Solved;

/// The agents named (as `senet play --players` names them); a person is refused, as a Python
/// program makes a person's moves itself.
pub(crate) fn agents_of(names: &[String]) -> PyResult<Vec<Player>> {
    let players: Vec<Player> = names
        .iter()
        .map(|n| n.parse::<Player>().map_err(value_error))
        .collect::<PyResult<_>>()?;
    match players.iter().find(|p| p.is_human()) {
        Some(p) => Err(PyValueError::new_err(format!(
            "`{p}` is a person: a Python program plays a person's moves itself, with `Game`"
        ))),
        None => Ok(players),
    }
}

/// The solved table `optimal` (or `perfect`) plays from, solved now where one of `players`
/// needs it; a network made for other rules is refused.
pub(crate) fn table_of(rules: &Rules, players: &[Player]) -> PyResult<Option<Arc<Solved>>> {
    let id = rules.set.rules_id();
    agents::check_nets(&id, players).map_err(value_error)?;
    agents::table_for(&rules.engine, &id, players, None).map_err(value_error)
}

/// An agent: `Agent(rules, name, seed=0)`, with `name` as `senet play --players` takes it
/// (`random`, `greedy`, `racer`, `expectimax`, `expectimax:N`, `easy`, `normal`, `hard`,
/// `perfect`, `optimal`, `learned:FILE`). `optimal` and `perfect` solve the rules first.
#[pyclass(module = "senet")]
pub struct Agent {
    name: String,
    agent: Mutex<Box<dyn senet_engine::engine::game::Player + Send>>,
}

#[pymethods]
impl Agent {
    #[new]
    #[pyo3(signature = (rules, name, seed = 0))]
    fn new(py: Python<'_>, rules: &Bound<'_, Rules>, name: &str, seed: u64) -> PyResult<Agent> {
        let rules = rules.get();
        let players = agents_of(&[name.to_string()])?;
        let table = py.detach(|| table_of(rules, &players))?;
        let agent = agents::make(&players[0], seed, table.as_ref()).map_err(value_error)?;
        Ok(Agent {
            name: name.to_string(),
            agent: Mutex::new(agent),
        })
    }

    /// The agent's choice in `game`, which waits for a move: an index into
    /// `game.legal_moves()`. Where there is one move it is chosen without asking the agent, as
    /// `senet play` does (so that a seeded agent makes the same choices).
    fn choose(&self, py: Python<'_>, game: &Bound<'_, Game>) -> PyResult<usize> {
        let game = game.borrow();
        let (engine, g) = game.inner()?;
        let moves = g.moves();
        if moves.len() == 1 {
            return Ok(0);
        }
        py.detach(|| {
            let mut agent = self
                .agent
                .lock()
                .map_err(|_| PyValueError::new_err("the agent failed in another thread"))?;
            Ok(agent.choose(engine, &g.pos, g.total, moves))
        })
    }

    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    fn __repr__(&self) -> String {
        format!("<senet.Agent {}>", self.name)
    }
}

/// The seed of the agent in seat `k` (from 0) of a game seeded `seed`, as `senet play` seeds
/// it: `Agent(rules, name, seat_seed(seed, k))` chooses as that player does.
#[pyfunction]
pub fn seat_seed(seed: u64, k: u64) -> u64 {
    senet_play::seed::seat_seed(seed, k)
}

/// Plays one game between agents, as `senet play RULES --players A,B --seed SEED` plays it, and
/// returns its record (the JSON of `--record`, docs/formats.md) as a dict.
#[pyfunction]
#[pyo3(signature = (rules, players = (String::from("random"), String::from("random")), seed = 1, turn_cap = 10_000))]
pub fn play<'py>(
    py: Python<'py>,
    rules: &Bound<'py, Rules>,
    players: (String, String),
    seed: u64,
    turn_cap: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let r = rules.get();
    let record = py.detach(|| -> PyResult<serde_json::Value> {
        let names = [players.0, players.1];
        let players = agents_of(&names)?;
        let table = table_of(r, &players)?;
        let mut seats = Vec::new();
        for (k, p) in (0u64..).zip(&players) {
            let seed = senet_play::seed::seat_seed(seed, k);
            seats.push(agents::make(p, seed, table.as_ref()).map_err(value_error)?);
        }
        let engine = &*r.engine;
        let mut session = Session::new(players, seed, turn_cap);
        let mut game = Play::new(engine, &session);
        loop {
            let action = game.next_action(|_| {});
            match game.follow(&session, action).map_err(value_error)? {
                None => {}
                Some(Needs::Nothing) => break,
                Some(Needs::Throw { .. }) => {
                    return Err(PyValueError::new_err(
                        "a person's throw in a game of agents",
                    ));
                }
                Some(Needs::Move { player, .. }) => {
                    let g = &game.game;
                    let moves = g.moves();
                    let i = if moves.len() == 1 {
                        0
                    } else {
                        seats[player].choose(engine, &g.pos, g.total, moves)
                    };
                    game.take(&mut session, Decision::Move(i))
                        .map_err(value_error)?;
                }
            }
        }
        Ok(serde_json::to_value(session.record(&r.set, &game, false)).unwrap_or_default())
    })?;
    to_py(py, &record)
}
