//! A game in progress, driven from Python: throws (random from the game's seed, or given),
//! moves chosen whole or one step at a time as actions, taken back, copied.

use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::Value;

use crate::encode::{Hand, Layout, Waiting};
use crate::json::{from_py, to_py};
use crate::rules::Rules;
use senet_engine::engine::game::{self as play, Action, GameEvent};
use senet_engine::engine::{Engine, Outcome};
use senet_lang::types::{Side, Throw};
use senet_play::notation::event::{Event, ResultNote};
use senet_play::notation::position::{move_json, position_json};

/// Each value of equally likely `outcomes` with its chance, ascending.
pub fn chances(outcomes: &[u8]) -> Vec<(u8, f64)> {
    let mut values: Vec<u8> = outcomes.to_vec();
    values.sort_unstable();
    values.dedup();
    let n = outcomes.len().max(1) as f64;
    values
        .into_iter()
        .map(|v| (v, outcomes.iter().filter(|&&o| o == v).count() as f64 / n))
        .collect()
}

/// The game `engine` is borrowed for as long as the `Game` object lives: the object keeps the
/// engine's `Arc` in its last field, dropped after every game state it holds.
fn lengthen(engine: &Engine) -> &'static Engine {
    // SAFETY: the engine is inside an `Arc` that the `Game` object holds (its field `engine`),
    // so it does not move and outlives every state the object holds; the states are dropped
    // before that field (fields drop in order), and no reference leaves the object.
    unsafe { &*std::ptr::from_ref(engine) }
}

/// Everything a decision changes but the events (which only grow): kept before each decision,
/// with the number of events then, so that `undo` restores it.
#[derive(Clone)]
struct State {
    game: play::Game<'static>,
    rng: Pcg64Mcg,
    action: Action,
    /// The actions of the move being chosen step by step, so far.
    chosen: Vec<u32>,
}

impl State {
    /// On to the next decision, its events added to `events`.
    fn advance(&mut self, events: &mut Vec<GameEvent>) {
        self.action = self.game.next_action();
        events.append(&mut self.game.events);
    }

    fn waiting(&self) -> Waiting {
        match self.action {
            Action::SeatThrow { .. } | Action::StartThrow { .. } | Action::Throw { .. } => {
                Waiting::Throw
            }
            Action::Choose { .. } => Waiting::Move,
            Action::Over => Waiting::Over,
        }
    }
}

/// A game under a rule set: `Game(rules, seed=None, turn_cap=10000)`. Its throws come from
/// `seed` in order, as `senet play --seed` draws them; a throw may also be given.
#[pyclass(module = "senet")]
pub struct Game {
    state: State,
    /// Every event so far.
    events: Vec<GameEvent>,
    /// The state before each decision, and how many events there were then.
    history: Vec<(State, usize)>,
    seed: u64,
    /// Whether each decision's state is kept for `undo`.
    undo: bool,
    rules: Py<Rules>,
    layout: Layout,
    /// Last: dropped after the states, which borrow it.
    engine: Arc<Engine>,
}

/// A seed for a game given none: from the operating system's randomness, through Python's
/// `random.SystemRandom`.
fn fresh_seed(py: Python<'_>) -> PyResult<u64> {
    py.import("random")?
        .call_method0("SystemRandom")?
        .call_method1("getrandbits", (64,))?
        .extract()
}

impl Game {
    fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Saves the state before a decision.
    fn save(&mut self) {
        if self.undo {
            self.history.push((self.state.clone(), self.events.len()));
        }
    }

    fn moves_or_err(&self) -> PyResult<&[senet_engine::engine::Move]> {
        match self.state.action {
            Action::Choose { .. } => Ok(self.state.game.moves()),
            Action::Over => Err(PyValueError::new_err("the game is over")),
            _ => Err(PyValueError::new_err(
                "the game waits for a throw (`throw()`), not a move",
            )),
        }
    }

    fn choose_index(&mut self, i: usize) {
        self.save();
        self.state.game.choose(i);
        self.state.chosen.clear();
        self.state.advance(&mut self.events);
    }

    /// The throws the awaited throw may be, equally likely.
    fn outcomes(&self) -> &[u8] {
        let r = &self.engine.rules;
        match self.state.action {
            Action::StartThrow { .. } => &r.start_outcomes,
            Action::SeatThrow { .. } | Action::Throw { .. } => &r.throws.outcomes,
            _ => &[],
        }
    }

    fn side_name(&self, s: Side) -> String {
        self.engine.rules.sides[s].name.clone()
    }

    fn side_of(&self, observer: &Bound<'_, PyAny>) -> PyResult<Side> {
        if let Ok(i) = observer.extract::<usize>() {
            return Side::from_index(i)
                .ok_or_else(|| PyIndexError::new_err(format!("no side {i}: sides are 0 and 1")));
        }
        let name: String = observer.extract()?;
        Side::BOTH
            .into_iter()
            .find(|&s| self.engine.rules.sides[s].name == name)
            .ok_or_else(|| PyValueError::new_err(format!("no side is named `{name}`")))
    }
}

impl Game {
    /// The throw in hand where a move is to be chosen: none in a turn of a pool of throws,
    /// whose moves each play one of them ([`Game::pool`]).
    fn in_hand(&self) -> Option<Throw> {
        let g = &self.state.game;
        (matches!(self.state.action, Action::Choose { .. }) && g.pool().is_empty())
            .then_some(g.total)
    }

    /// Legal move `i` as `senet moves` writes it, with the throw it plays (`"throw"`).
    fn move_note(&self, i: usize) -> Value {
        let g = &self.state.game;
        let throw = g.throw_of(i);
        let mut note = move_json(self.engine(), &g.pos, &g.moves()[i], throw);
        note["throw"] = Value::from(throw.get());
        note
    }

    /// The engine and the game, where the game waits for a move (for the agents).
    pub(crate) fn inner(&self) -> PyResult<(&Engine, &play::Game<'static>)> {
        self.moves_or_err()?;
        Ok((&self.engine, &self.state.game))
    }
}

#[pymethods]
impl Game {
    /// `undo=False` keeps no state for `undo` and `events=False` no events: a game that search
    /// copies many times (OpenSpiel's MCTS) copies less.
    #[new]
    #[pyo3(signature = (rules, seed = None, turn_cap = 10_000, undo = true, events = true))]
    fn new(
        rules: Bound<'_, Rules>,
        seed: Option<u64>,
        turn_cap: u32,
        undo: bool,
        events: bool,
    ) -> PyResult<Game> {
        let r = rules.get();
        let engine = Arc::clone(&r.engine);
        let seed = match seed {
            Some(s) => s,
            None => fresh_seed(rules.py())?,
        };
        let mut state = State {
            game: play::Game::new(lengthen(&engine), turn_cap),
            rng: Pcg64Mcg::seed_from_u64(seed),
            action: Action::Over,
            chosen: Vec::new(),
        };
        state.game.keep_events = events;
        let mut kept = Vec::new();
        state.advance(&mut kept);
        Ok(Game {
            state,
            events: kept,
            history: Vec::new(),
            seed,
            undo,
            layout: r.layout,
            rules: rules.unbind(),
            engine,
        })
    }

    /// The rules the game is played under.
    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<Rules> {
        self.rules.clone_ref(py)
    }

    /// The seed the game's throws come from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// What the game waits for: `"throw"`, `"move"` or `"over"`.
    #[getter]
    fn waiting(&self) -> &'static str {
        match self.state.waiting() {
            Waiting::Throw => "throw",
            Waiting::Move => "move",
            Waiting::Over => "over",
        }
    }

    /// The side to move (its name).
    #[getter]
    fn to_move(&self) -> String {
        self.side_name(self.state.game.pos.to_move())
    }

    /// The player (0 or 1, in seat order) whose decision the game waits for; `None` once over.
    /// Without a seats ritual player 0 plays the first side.
    #[getter]
    fn player(&self) -> Option<u8> {
        let seat = self.state.game.summary.seat;
        match self.state.action {
            Action::SeatThrow { player } => Some(player),
            Action::StartThrow { side } | Action::Throw { side } | Action::Choose { side } => {
                Some(seat[side])
            }
            Action::Over => None,
        }
    }

    /// The position as a dict in the JSON shape of docs/formats.md (`senet moves` reads it), with
    /// the throw in hand where a move is to be chosen.
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(
            py,
            &position_json(self.engine(), &self.state.game.pos, self.in_hand()),
        )
    }

    /// In a turn that plays each throw whole (a pool of throws): the throws not yet played, in
    /// the order thrown; each legal move says which it plays (`"throw"`). Empty otherwise.
    #[getter]
    fn pool(&self) -> Vec<u16> {
        self.state.game.pool().iter().map(|t| t.get()).collect()
    }

    /// Throws: a value drawn from the game's seed, or `value` where given (it must be one the
    /// throw can be). Returns the value thrown.
    #[pyo3(signature = (value = None))]
    fn throw(&mut self, value: Option<u8>) -> PyResult<u8> {
        if self.state.waiting() != Waiting::Throw {
            return Err(PyValueError::new_err(match self.state.action {
                Action::Over => "the game is over",
                _ => "the game waits for a move (`play()`), not a throw",
            }));
        }
        let v = match value {
            Some(v) if self.outcomes().contains(&v) => v,
            Some(v) => {
                let can: Vec<String> = chances(self.outcomes())
                    .iter()
                    .map(|(v, _)| v.to_string())
                    .collect();
                return Err(PyValueError::new_err(format!(
                    "{v} cannot be thrown here: the throw is one of {}",
                    can.join(", ")
                )));
            }
            None => {
                let engine = lengthen(&self.engine);
                play::random_throw_for(engine, self.state.action, &mut self.state.rng)
            }
        };
        self.save();
        self.state.game.give_throw(v);
        self.state.advance(&mut self.events);
        Ok(v)
    }

    /// The values the awaited throw may take and their chances; empty where no throw is awaited.
    fn throw_odds(&self) -> Vec<(u8, f64)> {
        chances(self.outcomes())
    }

    /// The legal moves, each a dict as `senet moves` writes it (steps, the position it leads
    /// to, its marks), in the engine's order; empty where no move is awaited.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let Action::Choose { .. } = self.state.action else {
            return Ok(Vec::new());
        };
        (0..self.state.game.moves().len())
            .map(|i| to_py(py, &self.move_note(i)))
            .collect()
    }

    /// How many legal moves there are (`len(legal_moves())` without writing them out).
    #[getter]
    fn move_count(&self) -> usize {
        match self.state.action {
            Action::Choose { .. } => self.state.game.moves().len(),
            _ => 0,
        }
    }

    /// Plays a move: its index in `legal_moves()`, or the move's dict (its steps and marks).
    #[pyo3(name = "play")]
    fn play_move(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let moves = self.moves_or_err()?;
        let i = if let Ok(i) = mv.extract::<usize>() {
            if i >= moves.len() {
                return Err(PyIndexError::new_err(format!(
                    "move {i} is not there: there are {} legal moves",
                    moves.len()
                )));
            }
            i
        } else if mv.is_instance_of::<PyDict>() {
            let given = from_py(mv)?;
            let marks = ["retreat", "stays", "follows", "declines_throw", "ends_turn"];
            (0..moves.len())
                .position(|i| {
                    let note = self.move_note(i);
                    note.get("steps") == given.get("steps")
                        && marks.iter().all(|k| note.get(k) == given.get(k))
                        && given
                            .get("throw")
                            .is_none_or(|t| note.get("throw") == Some(t))
                })
                .ok_or_else(|| PyValueError::new_err("that move is not a legal move here"))?
        } else {
            return Err(PyValueError::new_err(
                "a move is its index in `legal_moves()` or its dict",
            ));
        };
        self.choose_index(i);
        Ok(())
    }

    /// Takes back the last decision (a throw, a move or a step); False where there is none.
    fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((s, events)) => {
                self.state = s;
                self.events.truncate(events);
                true
            }
            None => false,
        }
    }

    /// Whether the game is over (ended, or stopped at the turn cap).
    #[getter]
    fn over(&self) -> bool {
        self.state.waiting() == Waiting::Over
    }

    /// How the game ended (winner, points, how), as records write it; `None` until it has, or
    /// where it was stopped unfinished.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(o) = self.state.game.summary.outcome else {
            return Ok(None);
        };
        let note = serde_json::to_value(ResultNote::of(self.engine(), &o)).unwrap_or_default();
        to_py(py, &note).map(Some)
    }

    /// Why the game stopped unfinished (the turn cap), if it did.
    #[getter]
    fn stopped(&self) -> Option<&'static str> {
        self.state.game.summary.stop.map(|s| s.reason())
    }

    /// Each side's result, in side order: 1 for the winner, -1 for the loser, 0 for both in a
    /// draw, an unfinished game or one still going.
    fn returns(&self) -> [f64; 2] {
        match self.state.game.summary.outcome {
            Some(Outcome::Win { side, .. }) => {
                let mut r = [-1.0; 2];
                r[side.index()] = 1.0;
                r
            }
            _ => [0.0; 2],
        }
    }

    /// The game's counts so far: moves, turns, passes, captures and more.
    #[getter]
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let s = &self.state.game.summary;
        let v = serde_json::json!({
            "moves": s.moves,
            "turns": s.turns,
            "passes": s.passes,
            "captures": s.captures,
            "backward": s.backward,
            "extra_throws": s.extra_throws,
            "effects": s.effects,
            "entered": s.entered,
            "borne_off": s.borne_off,
            "seated": s.seat.0,
        });
        to_py(py, &v)
    }

    /// Every event so far (throws, moves, passes, the end), each a dict as game records write
    /// them (docs/formats.md).
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.events
            .iter()
            .map(|e| {
                let v = serde_json::to_value(Event::of(self.engine(), e)).unwrap_or(Value::Null);
                to_py(py, &v)
            })
            .collect()
    }

    /// An independent copy of the game, its history and the state of its throws included.
    fn copy(&self, py: Python<'_>) -> Game {
        Game {
            state: self.state.clone(),
            events: self.events.clone(),
            history: self.history.clone(),
            seed: self.seed,
            undo: self.undo,
            rules: self.rules.clone_ref(py),
            layout: self.layout,
            engine: Arc::clone(&self.engine),
        }
    }

    fn __copy__(&self, py: Python<'_>) -> Game {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Game {
        self.copy(py)
    }

    /// The position as numbers (a list of `rules.observation_size` floats, docs/python.md), seen
    /// by `observer` (a side's index or name; default: the side to move).
    #[pyo3(signature = (observer = None))]
    fn observation(&self, observer: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<f32>> {
        let g = &self.state.game;
        let side = match observer {
            Some(o) => self.side_of(o)?,
            None => g.pos.to_move(),
        };
        let waiting = self.state.waiting();
        let throw = self.in_hand();
        let mut out = Vec::with_capacity(self.layout.observation_size());
        let hand = Hand {
            throw,
            pool: g.pool(),
        };
        self.layout.observe(
            &g.pos,
            hand,
            waiting,
            Some(side),
            &self.state.chosen,
            &mut out,
        );
        Ok(out)
    }

    /// The actions that may be taken now (ascending numbers below `rules.action_size`): the
    /// next step of a move, or the finish that tells moves with the same steps apart. Empty
    /// where no move is awaited.
    fn legal_actions(&self) -> Vec<u32> {
        match self.state.action {
            Action::Choose { .. } => self
                .layout
                .next_actions(self.state.game.moves(), &self.state.chosen),
            _ => Vec::new(),
        }
    }

    /// Takes an action of `legal_actions()`: the move is played once the actions chosen leave
    /// only it.
    fn apply_action(&mut self, action: u32) -> PyResult<()> {
        let moves = self.moves_or_err()?;
        let layout = self.layout;
        let chosen = &self.state.chosen;
        if !layout.next_actions(moves, chosen).contains(&action) {
            return Err(PyValueError::new_err(format!(
                "action {action} ({}) is not legal here",
                layout.action_text(action)
            )));
        }
        let finished = moves.iter().position(|m| {
            m.steps().len() == chosen.len()
                && layout.begins_with(m, chosen)
                && layout.finish_action(m) == action
        });
        if let Some(i) = finished {
            self.choose_index(i);
            return Ok(());
        }
        let mut longer = chosen.clone();
        longer.push(action);
        let left: Vec<usize> = (0..moves.len())
            .filter(|&i| layout.begins_with(&moves[i], &longer))
            .collect();
        if let [i] = left[..] {
            self.choose_index(i);
        } else {
            self.save();
            self.state.chosen = longer;
        }
        Ok(())
    }

    /// Plays the game on `n` times from here to its end between random agents (throws and
    /// choices from `seed`), in Rust, and returns each side's mean result (as `returns()`): the
    /// value of a position for search (OpenSpiel's MCTS). A move being chosen step by step is
    /// finished at random first.
    #[pyo3(signature = (n = 1, seed = 0))]
    fn playouts(&self, py: Python<'_>, n: u32, seed: u64) -> [f64; 2] {
        let state = &self.state;
        let layout = self.layout;
        py.detach(|| {
            let mut total = [0.0; 2];
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut agents = [
                senet_play::agents::RandomAgent::new(senet_play::seed::player_seed(seed, 0)),
                senet_play::agents::RandomAgent::new(senet_play::seed::player_seed(seed, 1)),
            ];
            for _ in 0..n {
                let mut game = state.game.clone();
                game.keep_events = false;
                if let Action::Choose { .. } = state.action
                    && !state.chosen.is_empty()
                {
                    let left: Vec<usize> = (0..game.moves().len())
                        .filter(|&i| layout.begins_with(&game.moves()[i], &state.chosen))
                        .collect();
                    let pick = play::draw_below(&mut rng, left.len().max(1));
                    game.choose(left.get(pick).copied().unwrap_or(0));
                }
                let [a, b] = &mut agents;
                play::run(&mut game, &mut [a, b], &mut rng, |_| {});
                if let Some(Outcome::Win { side, .. }) = game.summary.outcome {
                    total[side.index()] += 1.0;
                    total[side.other().index()] -= 1.0;
                }
            }
            total.map(|t| t / f64::from(n.max(1)))
        })
    }

    /// The actions of the move being chosen step by step, so far.
    #[getter]
    fn chosen(&self) -> Vec<u32> {
        self.state.chosen.clone()
    }

    /// What an action stands for, in words (`"12 -> 15"`, `"waiting -> 1"`, `"finish retreat"`).
    fn action_text(&self, action: u32) -> String {
        self.layout.action_text(action)
    }

    /// The actions that choose the legal move at `index`, in order (the steps, then the finish
    /// where the steps alone do not tell it from another move).
    fn actions_of(&self, index: usize) -> PyResult<Vec<u32>> {
        let moves = self.moves_or_err()?;
        let mv = moves
            .get(index)
            .ok_or_else(|| PyIndexError::new_err(format!("no legal move {index}")))?;
        let left = |out: &[u32]| {
            moves
                .iter()
                .filter(|m| self.layout.begins_with(m, out))
                .count()
        };
        let mut out = Vec::new();
        for a in self.layout.steps(mv) {
            out.push(a);
            if left(&out) == 1 {
                return Ok(out);
            }
        }
        out.push(self.layout.finish_action(mv));
        Ok(out)
    }

    /// The board with the pieces where they stand, as `senet play` draws it (no colour).
    fn __str__(&self) -> String {
        let style = senet_play::render::game::Style { colour: false };
        senet_play::render::game::draw_position(self.engine(), &self.state.game.pos, style)
    }

    fn __repr__(&self) -> String {
        let g = &self.state.game;
        format!(
            "<senet.Game {}: {} moves, {} to {}>",
            self.engine.rules.id,
            g.summary.moves,
            self.side_name(g.pos.to_move()),
            self.waiting()
        )
    }
}
