#!/usr/bin/env python3
"""senet's `tables/backgammon` against GNU Backgammon's hand-written move generator, side by
side in ONE run on one machine. The figures are ratios of that one run: absolute speeds belong to
the machine and its load (docs/performance.md), so compare only the ratios printed together.

What it measures, ROUNDS times alternately (median and best run of each):

  (a) gnubg, random games: a Python loop throws two dice with a seeded `random.Random`, lists the
      legal moves with gnubg's C `GenerateMoves` (through ctypes, as
      tests/fixtures/gnubg/generate.py calls it: one entry per distinct resulting position), picks
      one uniformly, decodes its position key with gnubg's `PositionFromKey`, and goes on until
      one side has borne off all 15. It includes Python's and ctypes' overhead.
  (b) senet, random games: `senet sim tables/backgammon --games N --jobs 1 --format json`
      (`games_per_second`, one core; random is uniform over the distinct resulting positions too).
  (c) move generation alone, over the 5,515 positions with dice of tests/fixtures/gnubg/moves.jsonl:
      gnubg's `GenerateMoves` calls alone (boards built beforehand, PASSES passes over them a
      run; each call includes ctypes' overhead), against one `senet moves tables/backgammon
      --position FILE` process over the same positions converted as tests/gnubg.rs converts them
      (white on roll). senet's time is the whole process: start-up, reading the rules, parsing
      JSON and writing every move as JSON (into a file); a one-position run is timed as well to
      show the start-up. Both must list the fixture's 88,567 results in all, or the script stops.
  (d) move generation alone, in process: senet's `Engine::legal_moves` over the same positions
      (`cargo bench --bench engine -- legal_moves_gnubg_fixture`, criterion's middle estimate of
      one pass), against (c)'s gnubg calls. gnubg's figure still includes ctypes' call
      overhead; senet's none.
  (e) move generation alone, like for like: gnubg's `GenerateMoves` called from C
      (benches/gnubg_generate.c, compiled here with the system's C compiler, `cc -O2`, and
      handed the address of `GenerateMoves` in the library loaded above: one ctypes call a
      run), PASSES passes after one to warm up, against (d)'s senet figure; for all the
      positions, those with a double (806) and the others (4,709).

Needs gnubg's Python bindings 1.1.0a16 exactly (refused otherwise, as generate.py refuses them)
and a release build of senet:

    cargo build --release
    python3 benches/backgammon_vs_gnubg.py [--senet target/release/senet] [--rounds 5]
        [--gnubg-games 2000] [--senet-games 2000] [--passes 40] [--seed 1]

The defaults make each timed run last about a second on a quiet machine.
"""

import argparse
import ctypes
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests/fixtures/gnubg"
sys.path.insert(0, str(FIXTURE))
from generate import OPENING_ID, Gnubg, _MoveList, _PositionKey, _TanBoard, _OFF_KEY  # noqa: E402

import gnubg  # noqa: E402

RESULTS_IN_FIXTURE = 88_567


def gnubg_games(g, games, seed):
    """Random games with gnubg's GenerateMoves: (games a second, turns a game)."""
    rng = random.Random(seed)
    lib, stride = g.lib, g.stride
    ml, after, board = _MoveList(), _TanBoard(), _TanBoard()
    start = g._tan(gnubg.position_from_id(OPENING_ID))
    turns = 0
    t0 = time.perf_counter()
    for _ in range(games):
        ctypes.memmove(board, start, ctypes.sizeof(board))
        while True:  # board: (side not on roll, side on roll)
            turns += 1
            lib.GenerateMoves(ctypes.byref(ml), board, rng.randint(1, 6), rng.randint(1, 6), 0)
            if ml.cMoves:
                chosen = ml.amMoves + rng.randrange(ml.cMoves) * stride
                key = _PositionKey.from_address(chosen + _OFF_KEY)
                lib.PositionFromKey(after, ctypes.byref(key))
                if not any(after[1]):
                    break  # the mover has borne off all 15
                # The other side is on roll: swap the two halves.
                ctypes.memmove(board, after[1], 100)
                ctypes.memmove(ctypes.addressof(board) + 100, after[0], 100)
            else:  # no legal move: the other side is on roll
                ctypes.memmove(after, board, ctypes.sizeof(board))
                ctypes.memmove(board, after[1], 100)
                ctypes.memmove(ctypes.addressof(board) + 100, after[0], 100)
    return games / (time.perf_counter() - t0), turns / games


def senet_games(senet, games, seed):
    out = subprocess.run([senet, "sim", "tables/backgammon", "--games", str(games), "--jobs", "1",
                          "--seed", str(seed), "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    return report["games_per_second"], report["turns_per_game"]


def places(side):
    """A side's places as tests/gnubg.rs writes them: gnubg index i is path position 24 - i."""
    p = [24 - i for i in range(24) for _ in range(side[i])] + [0] * side[24]
    return p + ["off"] * (15 - len(p))


def gnubg_generation(g, boards, passes):
    """GenerateMoves over every board, `passes` times: (seconds a pass, results in all)."""
    ml, total = _MoveList(), 0
    t0 = time.perf_counter()
    for _ in range(passes):
        for board, d1, d2 in boards:
            g.lib.GenerateMoves(ctypes.byref(ml), board, d1, d2, 0)
    seconds = (time.perf_counter() - t0) / passes
    for board, d1, d2 in boards:  # counted apart, outside the timing
        g.lib.GenerateMoves(ctypes.byref(ml), board, d1, d2, 0)
        total += ml.cMoves
    return seconds, total


def senet_generation(senet, path, check=True):
    """One `senet moves` process over the positions in `path`: (seconds, results in all)."""
    answers = path.with_suffix(".out")  # a file, so that the time is not this script's reading
    with answers.open("wb") as out:
        t0 = time.perf_counter()
        subprocess.run([senet, "moves", "tables/backgammon", "--position", str(path)],
                       check=True, stdout=out)
        seconds = time.perf_counter() - t0
    if not check:
        return seconds, 0
    return seconds, sum(len(json.loads(line).get("moves", [])) for line in answers.open())


UNITS = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}


PARTS = ("tables/backgammon", "doubles", "other-throws")  # the fixture, and split by its dice


def senet_engine_pass():
    """One criterion run of `legal_moves_gnubg_fixture`: seconds for a pass over the fixture,
    over its positions with a double and over the others."""
    out = subprocess.run(["cargo", "bench", "--bench", "engine", "--", "legal_moves_gnubg_fixture",
                          "--warm-up-time", "1", "--measurement-time", "3", "--noplot"],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    seconds = []
    for part in PARTS:
        found = re.search(rf"legal_moves_gnubg_fixture/{re.escape(part)}\s+time:\s+"
                          r"\[[\d.]+ \S+ ([\d.]+) (\S+) ", out)
        assert found, f"no time for {part} in criterion's output:\n{out}"
        seconds.append(float(found.group(1)) * UNITS[found.group(2)])
    return seconds


class _Record(ctypes.Structure):
    # benches/gnubg_generate.c's `record`: a TanBoard and the two dice.
    _fields_ = [("board", _TanBoard), ("dice", ctypes.c_int * 2)]


def gnubg_in_c(g, tmp):
    """benches/gnubg_generate.c compiled and loaded: a function of (cases, passes) giving the
    seconds of one pass of gnubg's C GenerateMoves, called from C, and the moves it listed."""
    lib_path = Path(tmp) / "gnubg_generate.so"
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", str(lib_path),
                    str(ROOT / "benches/gnubg_generate.c")], check=True)
    harness = ctypes.CDLL(str(lib_path))
    harness.time_passes.restype = ctypes.c_double
    harness.time_passes.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_long,
                                    ctypes.c_int, ctypes.POINTER(ctypes.c_long)]
    generate = ctypes.cast(g.lib.GenerateMoves, ctypes.c_void_p).value

    def run(cases, passes):
        records = (_Record * len(cases))()
        for r, c in zip(records, cases):
            r.board = g._tan((c["opponent"], c["player"]))
            r.dice[0], r.dice[1] = c["dice"]
        total = ctypes.c_long()
        seconds = harness.time_passes(generate, records, len(cases), passes, ctypes.byref(total))
        return seconds, total.value
    return run


def summary(name, runs, unit):
    print(f"  {name:44} median {statistics.median(runs):12,.1f}  best {unit(runs):12,.1f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--senet", default=str(ROOT / "target/release/senet"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--gnubg-games", type=int, default=2000)
    ap.add_argument("--senet-games", type=int, default=2000)
    ap.add_argument("--passes", type=int, default=40, help="gnubg's passes over the fixture a run")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    g = Gnubg()  # refuses any gnubg but 1.1.0a16; finds sizeof(move)
    cases = [json.loads(line) for line in (FIXTURE / "moves.jsonl").read_text().splitlines()]
    assert sum(len(c["results"]) for c in cases) == RESULTS_IN_FIXTURE, "the fixture changed"
    boards = [(g._tan((c["opponent"], c["player"])), *c["dice"]) for c in cases]
    tmp = tempfile.TemporaryDirectory()
    positions, one = Path(tmp.name) / "positions.jsonl", Path(tmp.name) / "one.jsonl"
    lines = [json.dumps({"to_move": "white",
                         "throw": c["dice"] * 2 if c["dice"][0] == c["dice"][1] else c["dice"],
                         "pieces": {"white": places(c["player"]), "black": places(c["opponent"])}})
             for c in cases]
    positions.write_text("\n".join(lines) + "\n")
    one.write_text(lines[0] + "\n")

    # Build the benchmark before any timing.
    subprocess.run(["cargo", "bench", "--bench", "engine", "--no-run"], cwd=ROOT, check=True,
                   capture_output=True)
    in_c = gnubg_in_c(g, tmp.name)
    parts = [cases, [c for c in cases if c["dice"][0] == c["dice"][1]],
             [c for c in cases if c["dice"][0] != c["dice"][1]]]
    ga, sb, gc, sc, s1, se = [], [], [], [], [], []
    ge = [[] for _ in PARTS]
    turns = {}
    for r in range(args.rounds):
        rate, turns["gnubg"] = gnubg_games(g, args.gnubg_games, args.seed + r)
        ga.append(rate)
        rate, turns["senet"] = senet_games(args.senet, args.senet_games, args.seed + r)
        sb.append(rate)
        seconds, total = gnubg_generation(g, boards, args.passes)
        assert total == RESULTS_IN_FIXTURE, f"gnubg listed {total} results"
        gc.append(seconds)
        seconds, total = senet_generation(args.senet, positions)
        assert total == RESULTS_IN_FIXTURE, f"senet listed {total} results"
        sc.append(seconds)
        s1.append(senet_generation(args.senet, one, check=False)[0])
        se.append(senet_engine_pass())
        for k, part in enumerate(parts):
            seconds, total = in_c(part, args.passes)
            if k == 0:
                assert total == RESULTS_IN_FIXTURE, f"gnubg from C listed {total} results"
            ge[k].append(seconds)

    n, med = len(cases), statistics.median
    print(f"gnubg {gnubg.__version__} (sizeof(move) = {g.stride}), senet {args.senet}; "
          f"{args.rounds} alternating rounds, one core each")
    print(f"(a, b) random games, {args.gnubg_games:,} (gnubg) and {args.senet_games:,} (senet) a"
          f" run; turns a game (last run): gnubg {turns['gnubg']:.1f}, senet {turns['senet']:.1f}")
    summary("gnubg GenerateMoves in Python, games/s", ga, max)
    summary("senet sim, games/s", sb, max)
    print(f"  senet / gnubg, games a second: medians {med(sb) / med(ga):.2f}, best runs"
          f" {max(sb) / max(ga):.2f}; µs a turn (medians): gnubg"
          f" {1e6 / med(ga) / turns['gnubg']:.2f}, senet {1e6 / med(sb) / turns['senet']:.2f}")
    print(f"(c) move generation, {n:,} positions, {RESULTS_IN_FIXTURE:,} results, µs a position:")
    summary("gnubg GenerateMoves via ctypes", [1e6 * s / n for s in gc], min)
    summary("senet moves, one process (JSON in and out)", [1e6 * s / n for s in sc], min)
    print(f"  senet moves, whole process: median {med(sc):.3f} s, best {min(sc):.3f} s;"
          f" one position alone (start-up): median {med(s1):.3f} s")
    print(f"  senet / gnubg time: medians {med(sc) / med(gc):.2f}, best runs"
          f" {min(sc) / min(gc):.2f}; senet without its start-up: medians"
          f" {(med(sc) - med(s1)) / med(gc):.2f}")
    print(f"(d) move generation in process, µs a position:")
    summary("gnubg GenerateMoves via ctypes", [1e6 * s / n for s in gc], min)
    whole = [s[0] for s in se]
    summary("senet Engine::legal_moves (criterion)", [1e6 * s / n for s in whole], min)
    print(f"  senet / gnubg time: medians {med(whole) / med(gc):.2f}, best runs"
          f" {min(whole) / min(gc):.2f}")
    print(f"(e) move generation like for like, gnubg called from C, µs a position:")
    for k, (name, part) in enumerate(zip(("all", "doubles", "other throws"), parts)):
        mine = [s[k] for s in se]
        summary(f"gnubg GenerateMoves from C, {name} ({len(part):,})",
                [1e6 * s / len(part) for s in ge[k]], min)
        summary(f"senet Engine::legal_moves, {name}", [1e6 * s / len(part) for s in mine], min)
        print(f"  senet / gnubg time, {name}: medians {med(mine) / med(ge[k]):.2f}, best runs"
              f" {min(mine) / min(ge[k]):.2f}")

if __name__ == "__main__":
    main()
