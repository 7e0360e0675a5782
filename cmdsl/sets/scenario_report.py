"""What `cmdsl scenario` prints of any game's scenario: its report, then how many checks of its
``expect:`` passed; and a game's reader of scenario files for one command."""

from __future__ import annotations

from functools import cache
from typing import Callable, Protocol, TypeVar

from .scenario_checks import passed

T = TypeVar("T")

#: A scenario of a file, for `cmdsl scenario`: its name, its id, and running it (its report).
Report = tuple[str, str, Callable[[], str]]


class Ran(Protocol):
    """A scenario's outcome, any game's: its report and how many checks of `expect:` it passed."""

    @property
    def checked(self) -> int: ...

    def report(self) -> str: ...


def shown(out: Ran) -> str:
    """A scenario's report, then "expect: N checks passed" when it has an `expect:`."""
    line = passed(out.checked)
    return out.report() + ("\n" + line if line else "")


def scenario_reader(load: Callable[[], T], read: Callable[[str, T], list[Report]]) -> Callable[[str], list[Report]]:
    """A game's reader of scenario files for one command: what they run on (its set) is ``load``ed at
    the first file, once, then each file is ``read`` with it."""
    loaded = cache(load)
    return lambda path: read(path, loaded())
