"""A PettingZoo AEC environment for any senet rule set.

    >>> from senet.pettingzoo import env
    >>> e = env("senet/kendall", options={"pieces": 3})
    >>> e.reset(seed=42)
    >>> for agent in e.agent_iter():
    ...     observation, reward, termination, truncation, info = e.last()
    ...     mask = observation["action_mask"]
    ...     action = None if termination or truncation else int(mask.nonzero()[0][0])
    ...     e.step(action)

The agents are the two players, ``player_0`` and ``player_1`` in seat order (player 0 plays the
first side unless the rules throw for seats). Throws are made by the environment, from its seed,
as the game asks for them; the observation shows the throw in hand. A move is chosen one step at a
time (docs/python.md): the action space is ``Discrete(rules.action_size)``, the mask of legal
actions is ``observation["action_mask"]``, and the environment moves on to the other player only
once a move is complete. Rewards are +1 for the winner and -1 for the loser at the end; a game cut
by the turn cap is truncated with no reward.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import senet

# The largest number an observation holds: piece counts, throws owed (the space's bound only).
_HIGH = 255.0


def env(rules="senet/kendall", options=None, turn_cap=10_000, render_mode=None):
    """The environment wrapped as PettingZoo's classic games are: illegal actions end the game
    with a penalty, and ``step`` is checked to come in order."""
    e = raw_env(rules, options=options, turn_cap=turn_cap, render_mode=render_mode)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """The environment itself, unwrapped (``env()`` wraps it)."""

    metadata = {"render_modes": ["ansi"], "name": "senet_v0", "is_parallelizable": False}

    def __init__(self, rules="senet/kendall", options=None, turn_cap=10_000, render_mode=None):
        super().__init__()
        self.rules = rules if isinstance(rules, senet.Rules) else senet.load(rules, options=options)
        self.turn_cap = turn_cap
        self.render_mode = render_mode
        self.possible_agents = ["player_0", "player_1"]
        n = self.rules.observation_size
        self._spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, _HIGH, shape=(n,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(self.rules.action_size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._actions = {agent: spaces.Discrete(self.rules.action_size) for agent in self.possible_agents}
        self.game = None
        self._seeds = np.random.default_rng()

    def observation_space(self, agent):
        return self._spaces[agent]

    def action_space(self, agent):
        return self._actions[agent]

    def _side(self, agent):
        """The side (its index) the agent's player plays."""
        player = self.possible_agents.index(agent)
        return self.game.summary["seated"].index(player)

    def observe(self, agent):
        obs = np.asarray(self.game.observation(self._side(agent)), dtype=np.float32)
        mask = np.zeros(self.rules.action_size, dtype=np.int8)
        if agent == self.agent_selection and not self.game.over:
            mask[self.game.legal_actions()] = 1
        return {"observation": obs, "action_mask": mask}

    def _throw_until_a_move(self):
        """Makes the throws the game asks for until a player has a move to choose, or it ends."""
        while self.game.waiting == "throw":
            self.game.throw()
        if self.game.over:
            returns = self.game.returns()
            truncated = self.game.stopped is not None
            for agent in self.agents:
                self.rewards[agent] = 0.0 if truncated else float(returns[self._side(agent)])
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated
        else:
            self.agent_selection = self.possible_agents[self.game.player]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**63))
        self.game = senet.Game(self.rules, seed=game_seed, turn_cap=self.turn_cap)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._throw_until_a_move()
        self._accumulate_rewards()

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.game.apply_action(int(action))
        if self.game.waiting != "move" or self.possible_agents[self.game.player] != self.agent_selection:
            self._throw_until_a_move()
        self._accumulate_rewards()

    def render(self):
        """The board as text (``render_mode="ansi"``), as ``senet play`` draws it."""
        if self.render_mode is None:
            return None
        return str(self.game)

    def close(self):
        pass
