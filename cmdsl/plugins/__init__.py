"""The games cmdsl plays, as plug-ins. A game registers a ``Plugin`` under the entry-point group
``cmdsl.games`` (pyproject.toml, ``[project.entry-points."cmdsl.games"]``), so a game can live in a
package of its own; the controllers (the command line, the balance studio, set location) ask this
registry for the game that a command, a record or a scenario file names, and for what that game
adds to a command, and never test a game's name themselves.

This package is the socket games plug into: what a game implements (``protocol.py``: a ``Plugin``
of four typed parts), what a command hands it (``requests.py``), the options it adds
(``options.py``). It imports nothing of cmdsl but its errors and values, so every layer may ask it
(a game is loaded from its entry point, never imported here; the parts' types are named for the
type checker only). A plug-in of before (``legacy.GamePlugin``) still loads, adapted, warning.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..entry_points import entry_points
from ..errors import CmdslError, did_you_mean
from .legacy import GamePlugin, adapted
from .options import Command, LazyOptions, Option
from .protocol import (CardSets, Catalogue, CaseRunner, Checked, FrontEnds, GameCommand, KeyboardLoader, OwnStudy, Plays,
                       Plugin,
                       PrintMaker, Report, Rules, ScenarioReader, SeatBoard, SeatTable, SeatText, Study, TableGame, WithoutCards,
                       WithoutStanding)
from .requests import (BalanceRequest, CardsRequest, GameOptions, JsonValue, NewSetRequest, PlayRequest,
                       ReplayRequest, ReportOptions, StoredReportRequest, TableRequest)

__all__ = ["BalanceRequest", "CardSets", "CardsRequest", "Catalogue", "CaseRunner", "Checked", "Command", "FrontEnds",
           "GameCommand", "GameOptions", "GamePlugin", "JsonValue", "KeyboardLoader", "LazyOptions", "NewSetRequest", "NoSuchGame",
           "Option", "OwnStudy", "PlayRequest", "Plays", "Plugin", "PrintMaker", "ReplayRequest", "Report",
           "ReportOptions", "Rules", "ScenarioReader", "SeatBoard", "SeatTable", "SeatText", "StoredReportRequest", "Study", "TableGame",
           "TableRequest", "WithoutCards", "WithoutStanding", "card_files_game", "data_files", "default_game", "game", "game_data_in", "games",
           "games_help", "load_game", "registered_games", "seats_help", "without"]

GROUP = "cmdsl.games"


class NoSuchGame(CmdslError):
    pass


@cache  # the installed distributions' entry points, read once: an immutable mapping
def games() -> Mapping[str, Plugin]:
    """Every registered game, by name."""
    found: dict[str, Plugin] = {}
    for ep in entry_points(group=GROUP):
        plugin = ep.load()
        if isinstance(plugin, GamePlugin):
            plugin = adapted(plugin, ep.value)
        if not isinstance(plugin, Plugin) or plugin.name != ep.name:
            raise CmdslError(f"the game plug-in {ep.name!r} ({ep.value}) is not a cmdsl.plugins.Plugin named "
                             f"{ep.name!r}")
        found[ep.name] = plugin
    if not found:
        raise CmdslError(f"no game is registered under the entry-point group {GROUP!r}: reinstall cmdsl "
                         "(pip install .)")
    return MappingProxyType(dict(sorted(found.items())))


def game(name: str) -> Plugin:
    """The game ``name``; a clear error naming the games there are."""
    known = games()
    if name not in known:
        near = did_you_mean(name, list(known))
        raise NoSuchGame(f"no game {name!r}: cmdsl plays {', '.join(known)}" + (f' (did you mean "{near}"?)'
                                                                                   if near else ""))
    return known[name]


#: The registry's ``game`` and ``games``, as ``import cmdsl`` presents them (``cmdsl.game`` is the
#: core's package, ``cmdsl.games`` the games').
load_game = game
registered_games = games


def default_game() -> str:
    """The game a command plays when none is named: the one that says so (the first by name if
    several do), else the first by name."""
    known = games()
    return next((name for name, p in known.items() if p.default), next(iter(known)))


def data_files() -> Mapping[str, str]:
    """Each data file that marks a game's set (``mygame.yaml``) → that game."""
    return {p.sets.data_file: name for name, p in games().items() if p.sets is not None and p.sets.data_file is not None}


def game_data_in(folder: Path) -> str | None:
    """The game whose data file ``folder`` holds, or None (a folder of card files, or nothing)."""
    return next((game for file, game in data_files().items() if (folder / file).is_file()), None)


def card_files_game() -> str:
    """The game whose sets are folders of card files (no data file of their own): the default game
    when it is one, else the first by name."""
    first = default_game()
    if _card_files(games()[first]):
        return first
    found = next((name for name, p in games().items() if _card_files(p)), None)
    if found is None:
        raise CmdslError("no game registered reads sets of card files")
    return found


def _card_files(plugin: Plugin) -> bool:
    return plugin.sets is not None and plugin.sets.data_file is None


def without(plugin: Plugin, what: str, command: str) -> CmdslError:
    """The one-line error of a command that needs what ``plugin``'s game does not have."""
    return CmdslError(f"{command} --game {plugin.name}: {plugin.title} has no {what}")


def seats_help() -> str:
    """Each game's seat names, for a help text: "mygame: north, south; other: p1, p2, p3"."""
    return "; ".join(f"{n}: {', '.join(p.seats)}" for n, p in games().items())


def games_help() -> str:
    """The registered games, for a help text: "mygame (My Game, the default), other (Other)"."""
    first = default_game()
    return ", ".join(f"{n} ({p.title}{', the default' if n == first else ''})" for n, p in games().items())
