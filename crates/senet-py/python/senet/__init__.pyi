"""Type stubs of the package `senet`: the extension module's names, and the reports of `sim`
and `compare`."""

from typing import Any, Callable, Optional, Sequence, Union

import pandas

from ._senet import (
    Agent as Agent,
    Game as Game,
    Rules as Rules,
    RulesError as RulesError,
    Solution as Solution,
    __version__ as __version__,
    ids as ids,
    load as load,
    load_text as load_text,
    play as play,
    seat_seed as seat_seed,
    solve as solve,
)

class Report(dict[str, Any]):
    """A report of `sim` or `compare` (the command line's JSON), with its records."""

    def __init__(
        self, data: dict[str, Any], flatten: Callable[[dict[str, Any]], list[dict[str, Any]]]
    ) -> None: ...
    def records(self) -> list[dict[str, Any]]: ...
    def to_pandas(self) -> pandas.DataFrame: ...

def sim(
    rules: Rules,
    games: int = 10000,
    players: Sequence[str] = ("random", "random"),
    seed: int = 1,
    turn_cap: int = 10000,
    alternate: bool = False,
    jobs: Optional[int] = None,
) -> Report: ...
def compare(
    rules: Sequence[Union[Rules, str]],
    games: int = 10000,
    players: Sequence[str] = ("random", "random"),
    skill: Sequence[str] = ("greedy/random", "expectimax:2/greedy"),
    skill_games: int = 200,
    seed: int = 1,
    turn_cap: int = 10000,
    jobs: Optional[int] = None,
    options: Optional[dict[str, Any]] = None,
) -> Report: ...
def sim_records(report: dict[str, Any]) -> list[dict[str, Any]]: ...
def compare_records(report: dict[str, Any]) -> list[dict[str, Any]]: ...
