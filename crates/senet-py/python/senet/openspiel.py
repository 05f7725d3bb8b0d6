"""Any senet rule set as an OpenSpiel game.

Importing this module registers the game ``senet`` with OpenSpiel:

    >>> import pyspiel
    >>> import senet.openspiel
    >>> game = pyspiel.load_game("senet", {"rules": "senet/kendall", "options": "pieces=3"})

Parameters: ``rules`` (a bundled id or a path to a ``.rules`` file), ``options`` (``name=value``
pairs separated by commas) and ``turn_cap``. Throws are chance nodes with their exact
probabilities (an outcome is the throw's value); a move is chosen one step at a time, as in
``Game.legal_actions()`` (docs/python.md), so a player may act several times in a row. Rewards
are terminal: +1 for the winner, -1 for the loser, 0 each for a game stopped at the turn cap.

``RolloutEvaluator`` values a state by random games played to the end in Rust, for OpenSpiel's
``MCTSBot``: far quicker than the Python rollouts of ``RandomRolloutEvaluator``.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import senet

_DEFAULTS = {"rules": "senet/kendall", "options": "", "turn_cap": 10_000}

_GAME_TYPE = pyspiel.GameType(
    short_name="senet",
    long_name="senet: a race game from a rule file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)

# A throw's value is its chance outcome: values are bytes.
_MAX_CHANCE_OUTCOMES = 256


def _options(text):
    """``"pieces=3,extra-throws=on"`` as a dict."""
    pairs = [p.strip() for p in text.split(",") if p.strip()]
    out = {}
    for p in pairs:
        name, sep, value = p.partition("=")
        if not sep:
            raise ValueError(f"option `{p}` is not `name=value`")
        out[name.strip()] = value.strip()
    return out


class SenetGame(pyspiel.Game):
    """A senet rule set as an OpenSpiel game."""

    def __init__(self, params=None):
        params = {**_DEFAULTS, **(params or {})}
        self.rules = senet.load(params["rules"], options=_options(params["options"]))
        self.turn_cap = int(params["turn_cap"])
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.action_size,
            max_chance_outcomes=_MAX_CHANCE_OUTCOMES,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # A bound for algorithms that need one: a few decisions (throws and steps) a turn.
            max_game_length=8 * self.turn_cap,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self):
        return SenetState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return SenetObserver(self.rules, params)


class SenetState(pyspiel.State):
    """A game in progress: a ``senet.Game`` whose throws are OpenSpiel's chance outcomes."""

    def __init__(self, game):
        super().__init__(game)
        # Throws are given by OpenSpiel, so the game's own seed is never drawn from.
        self.game = senet.Game(game.rules, seed=0, turn_cap=game.turn_cap, undo=False, events=False)

    def current_player(self):
        if self.game.over:
            return pyspiel.PlayerId.TERMINAL
        if self.game.waiting == "throw":
            return pyspiel.PlayerId.CHANCE
        return self.game.player

    def _legal_actions(self, player):
        return self.game.legal_actions()

    def chance_outcomes(self):
        return [(int(v), p) for v, p in self.game.throw_odds()]

    def _apply_action(self, action):
        if self.game.waiting == "throw":
            self.game.throw(int(action))
        else:
            self.game.apply_action(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"throw {action}"
        return self.game.action_text(action)

    def is_terminal(self):
        return self.game.over

    def _side(self, player):
        return self.game.summary["seated"].index(player)

    def returns(self):
        by_side = self.game.returns()
        return [by_side[self._side(p)] for p in range(2)]

    def __str__(self):
        return f"{self.game}\n{self.game.position}\nchosen: {self.game.chosen}"

    def __deepcopy__(self, memo):
        # OpenSpiel clones a Python state by deep copy: a copy of the senet game is all it
        # needs, the game object being shared.
        other = SenetState.__new__(SenetState)
        pyspiel.State.__init__(other, self.get_game())
        other.game = self.game.copy()
        return other


class SenetObserver:
    """The observation of docs/python.md, for OpenSpiel's observation tensors and strings."""

    def __init__(self, rules, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(rules.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.game.observation(state._side(player))

    def string_from(self, state, player):
        return f"{state.game.position} chosen={state.game.chosen} seen by player {player}"


class RolloutEvaluator(mcts.Evaluator):
    """Values a state by ``n_rollouts`` random games from it, played in Rust."""

    def __init__(self, n_rollouts=1, seed=0):
        self.n_rollouts = n_rollouts
        self._seeds = np.random.default_rng(seed)

    def evaluate(self, state):
        seed = int(self._seeds.integers(0, 2**63))
        by_side = state.game.playouts(self.n_rollouts, seed)
        return np.array([by_side[state._side(p)] for p in range(2)])

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]


pyspiel.register_game(_GAME_TYPE, SenetGame)
