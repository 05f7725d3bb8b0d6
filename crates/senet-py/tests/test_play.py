"""Seeded games are the command line's: `senet.play` and a `Game` driven from Python with the
same seed and agents give the game `senet play --seed` records, move for move."""

import json

import pytest

import senet
from conftest import run_cli

CASES = [
    ("senet/kendall", ("random", "greedy"), 7),
    ("senet/piccione", ("greedy", "random"), 3),
    ("twenty-squares/ur", ("expectimax:1", "random"), 11),
    ("twenty-squares/masters", ("random", "racer"), 5),
    ("tables/backgammon", ("greedy", "random"), 2),
    ("tables/xii-scripta", ("random", "random"), 9),
    ("hounds-and-jackals/carnarvon-carter", ("random", "greedy"), 4),
    ("senet/bell-suggested", ("random", "random"), 8),
]


def cli_record(senet_bin, tmp_path, rid, players, seed):
    path = tmp_path / "game.json"
    run_cli(
        senet_bin, "play", rid, "--players", ",".join(players), "--seed", str(seed),
        "--record", str(path),
    )
    return json.loads(path.read_text())


@pytest.mark.parametrize("rid,players,seed", CASES)
def test_play_records_the_game_senet_play_records(senet_bin, tmp_path, rid, players, seed):
    expected = cli_record(senet_bin, tmp_path, rid, players, seed)
    record = senet.play(senet.load(rid), players, seed=seed)
    assert record == expected


@pytest.mark.parametrize("rid,players,seed", CASES)
def test_a_game_driven_from_python_follows_the_same_seed(senet_bin, tmp_path, rid, players, seed):
    expected = cli_record(senet_bin, tmp_path, rid, players, seed)
    rules = senet.load(rid)
    game = senet.Game(rules, seed=seed)
    agents = [senet.Agent(rules, name, senet.seat_seed(seed, k)) for k, name in enumerate(players)]
    while not game.over:
        if game.waiting == "throw":
            game.throw()
        else:
            game.play(agents[game.player].choose(game))
    assert game.events() == expected["events"]
    assert game.outcome == expected["result"]
