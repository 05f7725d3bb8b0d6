"""The OpenSpiel game passes OpenSpiel's random simulation test, its chance nodes carry the
throws' exact odds, and MCTS on it beats a random player."""

import multiprocessing

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import senet
import senet.openspiel as sos

RULES = [
    ("senet/kendall", "pieces=3"),
    ("senet/piccione", ""),
    ("twenty-squares/masters", ""),
    ("tables/backgammon", ""),
    ("hounds-and-jackals/carnarvon-carter", ""),
]


@pytest.mark.parametrize("rid,options", RULES)
def test_random_sim_test_passes(rid, options):
    game = pyspiel.load_game("senet", {"rules": rid, "options": options})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_chance_nodes_have_the_throws_odds():
    game = pyspiel.load_game("senet", {"rules": "twenty-squares/ur"})
    state = game.new_initial_state()
    assert state.is_chance_node()
    odds = dict(state.chance_outcomes())
    assert odds == {0: 1 / 16, 1: 4 / 16, 2: 6 / 16, 3: 4 / 16, 4: 1 / 16}
    assert game.num_distinct_actions() == senet.load("twenty-squares/ur").action_size


def mcts_game(i):
    """Game i: MCTS (rollouts in Rust) against a random player, seats alternating; whether
    MCTS won."""
    game = pyspiel.load_game("senet", {"rules": "senet/kendall", "options": "pieces=3"})
    rng = np.random.RandomState(1000 + i)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=100,
        evaluator=sos.RolloutEvaluator(n_rollouts=32, seed=i),
        random_state=np.random.RandomState(i),
        solve=False,
    )
    mine = i % 2
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            values, odds = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(values, p=odds)))
            continue
        actions = state.legal_actions()
        if state.current_player() != mine:
            state.apply_action(int(rng.choice(actions)))
        elif len(actions) == 1:
            state.apply_action(actions[0])
        else:
            state.apply_action(bot.step(state))
    return state.returns()[mine] > 0


def test_mcts_beats_random_on_kendalls_senet_with_three_pieces():
    with multiprocessing.get_context("fork").Pool(2) as pool:
        won = pool.map(mcts_game, range(200))
    rate = sum(won) / len(won)
    # Greedy play wins 63 % of such games against random play, expectimax:2 67 %.
    assert rate >= 0.60, rate
