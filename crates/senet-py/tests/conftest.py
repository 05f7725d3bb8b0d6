"""Shared fixtures: the `senet` binary the package is checked against, and random play."""

import json
import os
import pathlib
import random
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def senet_bin():
    """The command line built from the same checkout (`SENET_BIN`, else target/{ci,release})."""
    given = os.environ.get("SENET_BIN")
    candidates = [given] if given else [ROOT / "target" / p / "senet" for p in ("ci", "release")]
    for c in candidates:
        if c and pathlib.Path(c).is_file():
            return str(c)
    raise RuntimeError(
        "the senet binary is needed to check the package against it: `cargo build --release`, "
        "or set SENET_BIN"
    )


def run_cli(senet_bin, *args, stdin=None):
    """Runs `senet ARGS` and returns its standard output, failing the test if it fails."""
    done = subprocess.run(
        [senet_bin, *args], input=stdin, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def cli_json(senet_bin, *args):
    return json.loads(run_cli(senet_bin, *args))


def random_positions(game_of, count, seed, max_moves=5000):
    """`count` positions where a move is to be chosen, from random games (`game_of(k)` makes
    game k), each with its legal moves as the package lists them. Positions with more than
    `max_moves` moves are played through but not kept: a double of doubles played twice over
    (Conträre Puff) lists up to 10^5 moves, seconds each to write out and compare."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        game = game_of(k)
        k += 1
        decisions = 0
        while not game.over and len(out) < count and decisions < 2000:
            if game.waiting == "throw":
                game.throw()
                continue
            decisions += 1
            n = game.move_count
            if n <= max_moves:
                out.append((game.position, game.legal_moves()))
            game.play(rng.randrange(n))
    return out
