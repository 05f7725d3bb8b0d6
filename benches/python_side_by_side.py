#!/usr/bin/env python3
"""Random Royal Game of Ur games per second: senet's Python API and senet.sim beside royalur.

Both engines run here, in one process on one machine, on the same rules: royalur's default
Finkel rules (Bell's path, rosettes on positions 4, 8 and 14 that are safe and throw again, four
binary dice, seven pieces) are senet's `twenty-squares/ur`. Only the ratios mean anything; figures
from two machines never compare. Run it with a Python that has both `senet` (crates/senet-py)
and `royalur` installed:

    python benches/python_side_by_side.py            # a few seconds per row
    python benches/python_side_by_side.py --quick    # smoke run
    python benches/python_side_by_side.py --games 500 --royalur-games 1000 --sim-games 500000
"""

import argparse
import math
import os
import platform
import random
import statistics
import time

import royalur
import senet


def senet_loop(rules, games, move):
    """senet, the loop in Python: `move(game)` plays one move of a random player."""
    lengths = []
    for s in range(games):
        g = senet.Game(rules, seed=s)
        moves = 0
        while not g.over:
            if g.waiting == "throw":
                g.throw()
            else:
                move(g)
                moves += 1
        lengths.append(moves)
    return lengths


def by_dicts(g):
    """A move chosen among the dicts of `legal_moves()`."""
    g.play(random.randrange(len(g.legal_moves())))


def by_actions(g):
    """A move chosen by action number: no move dicts are built (in Ur a move is one action)."""
    g.apply_action(random.choice(g.legal_actions()))


def royalur_moves(games):
    """royalur, the loop in Python, as its README plays a random game."""
    lengths = []
    for _ in range(games):
        g = royalur.Game.create_finkel()
        moves = 0
        while not g.is_finished():
            if g.is_waiting_for_roll():
                g.roll_dice()
            else:
                g.make_move(random.choice(g.find_available_moves()))
                moves += 1
        lengths.append(moves)
    return lengths


def timed(run, games):
    """Seconds, mean and deviation of moves per game of `run(games)`, Python's random seeded."""
    random.seed(1)
    t = time.perf_counter()
    lengths = run(games)
    return time.perf_counter() - t, statistics.fmean(lengths), statistics.pstdev(lengths)


def timed_sim(rules, games, jobs):
    t = time.perf_counter()
    report = senet.sim(rules, games=games, players=("random", "random"), seed=1, jobs=jobs)
    return time.perf_counter() - t, report["moves_per_game"], report["jobs"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, help="games for each senet Python loop (default 2000)")
    ap.add_argument("--royalur-games", type=int, help="games for royalur (default 600)")
    ap.add_argument("--sim-games", type=int, help="games for each senet.sim (default 200000)")
    ap.add_argument("--rules", default="twenty-squares/ur", help="senet rule set id")
    ap.add_argument("--quick", action="store_true", help="a smoke run of about a second")
    a = ap.parse_args()
    # Defaults sized so each row takes a few seconds: senet's Python loop is the slowest here.
    games = a.games or (10 if a.quick else 2000)
    ur_games = a.royalur_games or (20 if a.quick else 600)
    sim_games = a.sim_games or (10_000 if a.quick else 200_000)
    rules = senet.load(a.rules)

    loops = [  # royalur first: every ratio is to it.
        ("royalur Game.create_finkel(), Python loop", ur_games, royalur_moves),
        ("senet legal_moves/play, Python loop", games, lambda n: senet_loop(rules, n, by_dicts)),
        ("senet legal_actions/apply_action, Python loop", games,
         lambda n: senet_loop(rules, n, by_actions)),
    ]
    rows = [(label, n, *timed(run, n)) for label, n, run in loops]
    for jobs in (1, None):
        secs, mpg, used = timed_sim(rules, sim_games, jobs)
        label = f"senet.sim jobs={jobs} ({used} thread{'s' * (used > 1)}), Rust loop"
        rows.append((label, sim_games, secs, mpg, 0.0))

    print(f"senet {senet.__version__} rules {a.rules} | royalur Finkel rules | "
          f"Python {platform.python_version()} | {os.cpu_count()} cores")
    base = rows[0][1] / rows[0][2]
    head = ("games", "seconds", "games/s", "moves/game", "vs royalur")
    print(f"{'engine / loop':52}" + "".join(f" {h:>10}" for h in head))
    for label, n, secs, mpg, _ in rows:
        rate = n / secs
        print(f"{label:52} {n:10d} {secs:10.2f} {rate:10.1f} {mpg:10.1f} {rate / base:9.2f}x")

    # Games per second compare only if the games are about as long. senet.sim's mean, over many
    # games, stands for senet's; royalur's has sampling noise, allowed for at three standard errors.
    _, ur_n, _, ur_len, ur_sd = rows[0]
    sim_len = rows[3][3]
    gap = abs(sim_len / ur_len - 1)
    allowed = max(0.05, 3 * ur_sd / math.sqrt(ur_n) / ur_len)
    verdict = "similar, so the rates compare" if gap <= allowed else "NOT similar: do not compare"
    print(f"Game lengths (moves/game): royalur {ur_len:.1f}, senet.sim {sim_len:.1f}, "
          f"{gap:.1%} apart: {verdict}.")


if __name__ == "__main__":
    main()
