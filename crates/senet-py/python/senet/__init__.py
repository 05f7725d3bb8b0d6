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

from . import _senet
from ._senet import (
    Agent,
    Game,
    Rules,
    RulesError,
    Solution,
    __version__,
    ids,
    load,
    load_text,
    play,
    seat_seed,
    solve,
)

__all__ = [
    "Agent",
    "Game",
    "Report",
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


class Report(dict):
    """A report of ``sim`` or ``compare``: the command line's JSON as a dict, with its records.

    ``report.records()`` is a list of flat dicts and ``report.to_pandas()`` a DataFrame of them:
    one row a side for ``sim``, one row a rule set and figure for ``compare``.
    """

    def __init__(self, data, flatten):
        super().__init__(data)
        self._flatten = flatten

    def records(self):
        return self._flatten(self)

    def to_pandas(self):
        import pandas

        return pandas.DataFrame(self.records())


def sim(rules, games=10_000, players=("random", "random"), seed=1, turn_cap=10_000,
        alternate=False, jobs=None):
    """Plays ``games`` games between two agents, as ``senet sim --format json`` does (the same
    seed gives the same games whatever ``jobs``), in Rust threads without the GIL. Returns the
    report (a ``Report``: a dict, with ``records()`` and ``to_pandas()``)."""
    data = _senet.sim(rules, games=games, players=tuple(players), seed=seed, turn_cap=turn_cap,
                      alternate=alternate, jobs=jobs)
    return Report(data, sim_records)


def compare(rules, games=10_000, players=("random", "random"),
            skill=("greedy/random", "expectimax:2/greedy"), skill_games=200, seed=1,
            turn_cap=10_000, jobs=None, options=None):
    """Compares rule sets as ``senet compare --format json`` does: a row per rule set (``Rules``
    objects, ids or paths; ``options`` go to the rule sets that declare them), each with the
    figures of docs/metrics.md and their 95 % intervals, the skill pairs (``"STRONGER/WEAKER"``)
    played in both seatings; row k plays seed ``seed + k``. Returns the report (a ``Report``)."""
    data = _senet.compare(list(rules), games=games, players=tuple(players), skill=list(skill),
                          skill_games=skill_games, seed=seed, turn_cap=turn_cap, jobs=jobs,
                          options=options)
    return Report(data, compare_records)
