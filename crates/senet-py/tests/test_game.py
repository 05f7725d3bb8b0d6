"""A game from Python: throws, moves, undo, copies, and the action encoding of docs/python.md."""

import math
import random

import pytest

import senet

# A rule set of each kind of turn: single throws, split totals, dice played one by one, pools
# of throws, seats, pinned pieces, retreats.
KINDS = [
    "senet/kendall",
    "senet/piccione",
    "senet/finkel",
    "senet/kendall-1978",
    "twenty-squares/ur",
    "twenty-squares/masters",
    "tables/backgammon",
    "tables/plakoto",
    "tables/xii-scripta",
    "tables/dubblets",
    "hounds-and-jackals/carnarvon-carter",
    "senet/bell-suggested",
]


def test_a_throw_given_must_be_one_the_rules_can_throw():
    game = senet.Game(senet.load("twenty-squares/ur"), seed=1)
    assert [v for v, _ in game.throw_odds()] == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="cannot be thrown"):
        game.throw(9)
    assert game.throw(3) == 3
    assert game.waiting == "move"
    assert game.position["throw"] == 3
    with pytest.raises(ValueError, match="waits for a move"):
        game.throw()


def test_undo_takes_back_throws_and_moves_and_a_copy_is_independent():
    game = senet.Game(senet.load("senet/kendall"), seed=4)
    start = game.position
    game.throw()
    before = game.position
    game.play(0)
    copy = game.copy()
    assert game.undo()
    assert game.position == before and game.waiting == "move"
    assert game.undo() and game.position == start and not game.undo()
    assert copy.position != start and len(copy.events()) == 2 and game.events() == []


def test_moves_are_played_by_index_or_by_their_dict():
    rules = senet.load("senet/kendall")
    a, b = senet.Game(rules, seed=5), senet.Game(rules, seed=5)
    a.throw(), b.throw()
    moves = a.legal_moves()
    with pytest.raises(IndexError):
        a.play(len(moves))
    with pytest.raises(ValueError, match="not a legal move"):
        a.play({"steps": [{"from": 30, "to": "off"}]})
    a.play(len(moves) - 1)
    b.play(moves[-1])
    assert a.position == b.position
    assert a.events() == b.events()
    assert a.position["pieces"] == moves[-1]["result"]["pieces"]


@pytest.mark.parametrize("rid", KINDS)
def test_every_legal_move_has_its_own_actions_which_play_it(rid):
    rules = senet.load(rid)
    rng = random.Random(1)
    checked = 0
    for k in range(3):
        game = senet.Game(rules, seed=k)
        while not game.over and checked < 100:
            if game.waiting == "throw":
                game.throw()
                continue
            moves = game.legal_moves()
            sequences = [tuple(game.actions_of(i)) for i in range(len(moves))]
            assert len(set(sequences)) == len(moves), rid
            # Turns of three dice list hundreds of moves: a sample of them is played.
            for i in rng.sample(range(len(moves)), min(len(moves), 12)):
                seq = sequences[i]
                trial = game.copy()
                for a in seq:
                    assert a in trial.legal_actions(), (rid, trial.action_text(a))
                    trial.apply_action(a)
                played = game.copy()
                played.play(i)
                assert trial.position == played.position and trial.events() == played.events()
                assert all(0 <= a < rules.action_size for a in seq)
            obs = game.observation()
            assert len(obs) == rules.observation_size and all(math.isfinite(x) for x in obs)
            game.play(rng.randrange(len(moves)))
            checked += 1
    assert checked > 0


def test_returns_and_outcome_at_the_end():
    game = senet.Game(senet.load("twenty-squares/ur", options={"pieces": 2}), seed=3)
    while not game.over:
        if game.waiting == "throw":
            game.throw()
        else:
            game.apply_action(game.legal_actions()[0])
    winner = game.outcome["winner"]
    side = game.rules.sides.index(winner)
    assert game.returns()[side] == 1.0 and sum(game.returns()) == 0.0
    assert game.legal_moves() == [] and game.legal_actions() == []
    assert str(game)


def test_playouts_from_the_start_agree_with_random_games():
    # From the start, random playouts are random games: their mean result is the first side's
    # win rate, w - (1 - w), as senet.sim measures it over other games (5 sigma apart at most).
    rules = senet.load("twenty-squares/ur", options={"pieces": 2})
    mean = senet.Game(rules, seed=2).playouts(20_000, seed=1)
    assert mean[0] == -mean[1]
    report = senet.sim(rules, games=20_000, seed=3)
    rate = report["win_rate"][rules.sides[0]]["rate"]
    sigma = 2 * (rate * (1 - rate) * 2 / 20_000) ** 0.5
    assert abs(mean[0] - (2 * rate - 1)) < 5 * sigma, (mean, rate)
