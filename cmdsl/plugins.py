"""The games cmdsl plays, as plug-ins. A game registers a ``GamePlugin`` under the entry-point group
``cmdsl.games`` (pyproject.toml, ``[project.entry-points."cmdsl.games"]``), so a game can live in a
package of its own; the controllers (the command line first) ask this registry for the game that a
command, a record or a scenario file names, and never test a game's name themselves.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Protocol, TypeVar

from .errors import CmdslError, did_you_mean

GROUP = "cmdsl.games"
T = TypeVar("T")

#: A scenario of a file, for `cmdsl scenario`: its name, its id, and running it (its report).
Report = tuple[str, str, Callable[[], str]]


@dataclass(frozen=True)
class GamePlugin:
    """What the command line needs from a game."""

    name: str  # as commands, records and scenario files name it: "cm2008"
    title: str  # as people name it: "Campaign Manager 2008"
    #: `cmdsl play --game NAME`: play a whole game between bots, print it; the exit status
    play: Callable[[argparse.Namespace], int]
    #: `cmdsl replay FILE` of this game's record (its parsed JSON; None when it is not JSON)
    replay: Callable[[argparse.Namespace, Any], int]
    #: `cmdsl scenario`: the reader of this game's scenario files, made once per command
    scenarios: Callable[[argparse.Namespace], Callable[[str], list[Report]]]
    #: `cmdsl new-set DIR --game NAME`
    new_set: Callable[[argparse.Namespace, Path], int]
    #: `cmdsl balance --game NAME`: its balance study
    balance: Callable[[argparse.Namespace], int]


class NoSuchGame(CmdslError):
    pass


@cache  # the installed distributions' entry points, read once: an immutable mapping
def games() -> Mapping[str, GamePlugin]:
    """Every registered game, by name."""
    found: dict[str, GamePlugin] = {}
    for ep in entry_points(group=GROUP):
        plugin = ep.load()
        if not isinstance(plugin, GamePlugin) or plugin.name != ep.name:
            raise CmdslError(f"the game plug-in {ep.name!r} ({ep.value}) is not a GamePlugin named {ep.name!r}")
        found[ep.name] = plugin
    if not found:
        raise CmdslError(f"no game is registered under the entry-point group {GROUP!r}: reinstall cmdsl "
                         "(pip install .)")
    return MappingProxyType(dict(sorted(found.items())))


def game(name: str) -> GamePlugin:
    """The game ``name``; a clear error naming the games there are."""
    known = games()
    if name not in known:
        near = did_you_mean(name, list(known))
        raise NoSuchGame(f"no game {name!r}: cmdsl plays {', '.join(known)}" + (f' (did you mean "{near}"?)'
                                                                                   if near else ""))
    return known[name]


class Ran(Protocol):
    """A scenario's outcome, any game's: its report and how many checks of `expect:` it passed."""

    @property
    def checked(self) -> int: ...

    def report(self) -> str: ...


def shown(out: Ran) -> str:
    """A scenario's report, then "expect: N checks passed" when it has an `expect:`."""
    from .scenario_checks import passed

    line = passed(out.checked)
    return out.report() + ("\n" + line if line else "")


def scenario_reader(load: Callable[[], T], read: Callable[[str, T], list[Report]]) -> Callable[[str], list[Report]]:
    """A game's reader of scenario files for one command: what they run on (its set) is ``load``ed at
    the first file, once, then each file is ``read`` with it."""
    loaded: list[T] = []

    def reader(path: str) -> list[Report]:
        if not loaded:
            loaded.append(load())
        return read(path, loaded[0])
    return reader
