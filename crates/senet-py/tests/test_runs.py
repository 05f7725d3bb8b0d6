"""Simulation, comparison and solving from Python give the command line's reports, and their
records go into pandas."""

import pandas as pd

import senet
from conftest import cli_json

VOLATILE = {"seconds", "games_per_second", "jobs"}


def strip(report):
    return {k: v for k, v in report.items() if k not in VOLATILE}


def test_sim_is_senet_sim(senet_bin):
    rules = senet.load("senet/kendall", options={"pieces": 3})
    ours = senet.sim(rules, games=3000, players=("greedy", "random"), seed=4, alternate=True, jobs=2)
    cli = cli_json(
        senet_bin, "sim", "senet/kendall", "--option", "pieces=3", "--games", "3000",
        "--players", "greedy,random", "--seed", "4", "--alternate", "--format", "json",
    )
    # The package's report names every option with its value, the command line's those given.
    assert ours["options"] == {"pieces": "3", "extra-throws": "on"} and cli["options"] == {"pieces": "3"}
    assert strip(ours) | {"options": {}} == strip(cli) | {"options": {}}
    assert strip(senet.sim(rules, games=3000, players=("greedy", "random"), seed=4, alternate=True, jobs=1)) == strip(ours)
    frame = ours.to_pandas()
    assert frame.equals(pd.DataFrame(senet.sim_records(ours)))
    assert list(frame["side"]) == ["green", "red"]
    assert frame["wins"].sum() + ours["draws"] + ours["unfinished"] == 3000


def test_compare_is_senet_compare(senet_bin):
    ours = senet.compare(
        ["senet/kendall", "senet/jequier"], games=400, skill=["greedy/random"], skill_games=50,
        seed=2, options={"pieces": 3},
    )
    cli = cli_json(
        senet_bin, "compare", "senet/kendall", "senet/jequier", "--games", "400", "--skill",
        "greedy/random", "--skill-games", "50", "--seed", "2", "--option", "pieces=3",
        "--format", "json",
    )
    assert strip(ours) == strip(cli)
    frame = ours.to_pandas()
    assert len(frame) == len(ours.records()) == 2 * len(ours["rows"][0]["metrics"])
    assert set(frame["rules"]) == {"senet/kendall", "senet/jequier"}
    advantage = frame[frame["figure"] == "advantage"]
    assert ((advantage["low"] <= advantage["value"]) & (advantage["value"] <= advantage["high"])).all()


def test_solve_gives_senet_solves_value(senet_bin):
    rules = senet.load("twenty-squares/ur", options={"pieces": 2})
    solution = senet.solve(rules)
    cli = cli_json(senet_bin, "solve", "twenty-squares/ur", "--option", "pieces=2", "--format", "json")
    assert abs(solution.value - cli["win_probability"]["light"]) < 1e-9
    assert solution.states == cli["states"]
    game = senet.Game(rules, seed=1)
    first, second, draw = solution.chances(game.position)
    assert abs(first - solution.value) < 1e-12 and abs(first + second + draw - 1) < 1e-9
