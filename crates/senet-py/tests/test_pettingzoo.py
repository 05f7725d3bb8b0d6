"""The PettingZoo environment passes PettingZoo's own API and seed tests, for rule sets of
several kinds, and plays whole games to their end."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from senet.pettingzoo import env, raw_env

RULES = [
    ("senet/kendall", {"pieces": 3}),
    ("twenty-squares/ur", {}),
    ("senet/piccione", {}),
    ("tables/backgammon", {}),
    ("tables/tavli", {}),
]


@pytest.mark.parametrize("rid,options", RULES)
def test_api_test_passes(rid, options):
    api_test(env(rid, options=options), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("rid,options", RULES[:2])
def test_seed_test_passes(rid, options):
    seed_test(lambda: env(rid, options=options), num_cycles=200)


def play(e, seed):
    """A game of the first legal action every time; the actions and the rewards."""
    e.reset(seed=seed)
    actions, total = [], {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        total[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = int(np.flatnonzero(obs["action_mask"])[0])
            actions.append(action)
        e.step(action)
    return actions, total


def test_a_seeded_game_replays_and_ends_with_one_winner():
    a, ra = play(env("senet/kendall", options={"pieces": 3}), seed=5)
    b, rb = play(env("senet/kendall", options={"pieces": 3}), seed=5)
    assert a == b and ra == rb
    assert sorted(ra.values()) == [-1.0, 1.0]
    c, _ = play(env("senet/kendall", options={"pieces": 3}), seed=6)
    assert c != a


def test_the_observation_is_the_agents_side_and_the_mask_its_legal_actions():
    e = raw_env("twenty-squares/ur")
    e.reset(seed=1)
    agent = e.agent_selection
    obs = e.observe(agent)
    assert obs["observation"].shape == (e.rules.observation_size,)
    assert obs["observation"].dtype == np.float32
    assert list(np.flatnonzero(obs["action_mask"])) == e.game.legal_actions()
    other = next(a for a in e.agents if a != agent)
    assert not e.observe(other)["action_mask"].any()
    names = e.rules.observation_names()
    side = e.game.summary["seated"].index(e.possible_agents.index(agent))
    assert obs["observation"][names.index(f"observer.{e.rules.sides[side]}")] == 1.0


def test_ansi_render_draws_the_board():
    e = raw_env("twenty-squares/ur", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "light (L): 0 on the board, 7 waiting, 0 off" in text
    quiet = raw_env("twenty-squares/ur")
    quiet.reset(seed=1)
    assert quiet.render() is None
