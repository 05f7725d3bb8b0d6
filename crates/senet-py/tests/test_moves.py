"""The package's legal moves are the command line's: 1,000 positions of every bundled rule set,
reached by random play, each answered by `senet moves` (one run a rule set, JSON Lines).

In a turn that plays each throw whole (a pool of throws), the game lists the moves of every
throw in the pool, each saying which it plays; `senet moves` is asked for each throw's."""

import json

import pytest

import senet
from conftest import random_positions, run_cli

POSITIONS = 1000


def questions(position, moves):
    """The positions to ask `senet moves` about, each with the moves it should answer."""
    plain = [{k: v for k, v in m.items() if k != "throw"} for m in moves]
    if position["throw"] is not None:
        return [(position, plain)]
    throws = sorted({m["throw"] for m in moves})
    return [
        ({**position, "throw": t}, [p for p, m in zip(plain, moves) if m["throw"] == t])
        for t in throws
    ]


@pytest.mark.parametrize("rid", senet.ids())
def test_legal_moves_equal_senet_moves(senet_bin, rid):
    rules = senet.load(rid)
    positions = random_positions(lambda k: senet.Game(rules, seed=k), POSITIONS, seed=len(rid))
    asked = [q for p, moves in positions for q in questions(p, moves)]
    lines = "".join(json.dumps(p) + "\n" for p, _ in asked)
    answers = run_cli(senet_bin, "moves", rid, "--position", "-", stdin=lines).splitlines()
    assert len(answers) == len(asked)
    for (position, moves), answer in zip(asked, answers):
        assert json.loads(answer) == {"moves": moves}, position
