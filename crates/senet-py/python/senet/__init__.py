"""senet: ancient race games from rules written as data, from Python.

Load a reconstruction (a bundled id such as ``"senet/kendall"``, a ``.rules`` file, or rule text),
play it move by move, simulate and compare it in Rust threads, solve it. The engine is the one the
``senet`` command line runs, so the same seed gives the same games.

    >>> import senet
    >>> rules = senet.load("senet/kendall", options={"pieces": 3})
    >>> game = senet.Game(rules, seed=7)
    >>> game.throw()
    >>> game.legal_moves()

``senet.pettingzoo`` holds a PettingZoo AEC environment and ``senet.openspiel`` an OpenSpiel game,
for any rule set (docs/python.md).
"""

from ._senet import (
    Agent,
    Game,
    Rules,
    RulesError,
    Solution,
    __version__,
    compare,
    ids,
    load,
    load_text,
    play,
    seat_seed,
    sim,
    solve,
)

__all__ = [
    "Agent",
    "Game",
    "Rules",
    "RulesError",
    "Solution",
    "__version__",
    "compare",
    "compare_records",
    "ids",
    "load",
    "load_text",
    "play",
    "seat_seed",
    "sim",
    "sim_records",
    "solve",
]


def sim_records(report):
    """A ``sim`` report as flat records, one per side, ready for ``pandas.DataFrame``.

    Each record holds the rule set, its options, the players, the side, its wins, its win rate
    with the 95 % interval, and the figures per game of the report (moves, turns, captures...).
    """
    per_game = {k: v for k, v in report.items() if k.endswith("_per_game") and not isinstance(v, dict)}
    records = []
    for k, side in enumerate(report["sides"]):
        rate = report["win_rate"][side]
        records.append(
            {
                "rules": report["rules"],
                **{f"option.{n}": v for n, v in report["options"].items()},
                "players": "/".join(report["players"]),
                "side": side,
                "side_index": k,
                "games": report["games"],
                "wins": report["wins"][side],
                "win_rate": rate["rate"],
                "win_rate_low": rate["ci95"][0],
                "win_rate_high": rate["ci95"][1],
                "draws": report["draws"],
                "unfinished": report["unfinished"],
                **per_game,
            }
        )
    return records


def compare_records(report):
    """A ``compare`` report as flat records, one per rule set and figure, ready for pandas.

    Each record holds the row's rule set and options, the figure's name, its value, its 95 %
    interval (``low``, ``high``) and how the interval was found.
    """
    records = []
    for row in report["rows"]:
        for name, figure in row["metrics"].items():
            low, high = figure.get("ci95", [None, None])
            records.append(
                {
                    "target": row["target"],
                    "rules": row["rules"],
                    "title": row["title"],
                    **{f"option.{n}": v for n, v in row["options"].items()},
                    "figure": name,
                    "value": figure["value"],
                    "low": low,
                    "high": high,
                    "method": figure.get("method"),
                }
            )
    return records
