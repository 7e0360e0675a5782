"""The games cmdsl plays, as plug-ins. A game registers a ``GamePlugin`` under the entry-point group
``cmdsl.games`` (pyproject.toml, ``[project.entry-points."cmdsl.games"]``), so a game can live in a
package of its own; the controllers (the command line, the balance studio, set location) ask this
registry for the game that a command, a record or a scenario file names, and for what that game
adds to a command, and never test a game's name themselves.

This module is the socket games plug into: it imports nothing of cmdsl but its errors, so every
layer may ask it (a game is loaded from its entry point, never imported here).
"""

from __future__ import annotations

import argparse
from dataclasses import field
from functools import cache, cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterator, Literal, Mapping, Sequence

from .entry_points import entry_points
from .errors import CmdslError, did_you_mean
from .values import value

GROUP = "cmdsl.games"

#: The commands a game adds options to.
Command = Literal["play", "replay", "new-set", "balance", "cards", "print"]


@value
class Option:
    """One command-line option a game adds to a command: ``argparse``'s ``add_argument`` arguments.
    Its default must say "not given" (None, or False for a flag): the game applies its own."""

    flags: tuple[str, ...]
    settings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def dest(self) -> str:
        return str(self.settings.get("dest", self.flags[0].lstrip("-").replace("-", "_")))


class LazyOptions(Mapping[Command, tuple[Option, ...]]):
    """A game's options by command, made by ``make`` when a command's parser first asks for them:
    their choices may be the engine's, which `cmdsl --help` and `cmdsl check` do not load."""

    def __init__(self, make: Callable[[], Mapping[Command, tuple[Option, ...]]]) -> None:
        self._make = make

    @cached_property
    def _options(self) -> Mapping[Command, tuple[Option, ...]]:
        return self._make()

    def __getitem__(self, command: Command) -> tuple[Option, ...]:
        return self._options[command]

    def __iter__(self) -> Iterator[Command]:
        return iter(self._options)

    def __len__(self) -> int:
        return len(self._options)


@value
class Checked:
    """A set that passed `cmdsl check`: its one-line summary, and what may still be wrong with it."""

    summary: str  # "DIR: ok — NAME: …"
    warnings: tuple[object, ...] = ()  # each shown as "warning: " + str(w)


@value
class GamePlugin:
    """What the controllers need from a game."""

    name: str  # as commands, records and scenario files name it: "mygame"
    title: str  # as people name it: "Campaign Manager 2008"
    seats: tuple[str, ...]  # every seat name its games can have, as --seat takes them
    #: `cmdsl play --game NAME`: play a whole game between bots, print it; the exit status
    play: Callable[[argparse.Namespace], int]
    #: `cmdsl replay FILE` of this game's record (its parsed JSON; None when it is not JSON)
    replay: Callable[[argparse.Namespace, Any], int]
    # What a game with sets of its own offers (None: the game has none; a command that needs one
    # says so in one line):
    #: the set bundled with the game's package (a folder)
    bundled: Callable[[], Path] | None = None
    #: `cmdsl check`: check the set in a folder (the time it took is added to the summary); a
    #: broken set raises its located errors
    check: Callable[[Path], Checked] | None = None
    #: `cmdsl new-set DIR --game NAME`
    new_set: Callable[[argparse.Namespace, Path], int] | None = None
    #: `cmdsl cards list|show|doc`: the set's cards, one of them with its rules text, a catalogue
    cards: Callable[[argparse.Namespace], int] | None = None
    #: `cmdsl scenario`: the reader of this game's scenario files, made once per command
    scenarios: Callable[[argparse.Namespace], Callable[[str], list[tuple[str, str, Callable[[], str]]]]] | None = None
    #: `cmdsl test`: the set in a folder → a runner of its scenario files' cases, (file, index) →
    #: the case's report (a located error when it fails); the set is loaded at the first case
    scenario_case: Callable[[Path], Callable[[Path, int], str]] | None = None
    #: `cmdsl balance --game NAME`: its own balance study; None: the seat study of every game with
    #: ``table`` and ``new_game`` (cmdsl/balance/seats.py)
    balance: Callable[[argparse.Namespace], int] | None = None
    #: `cmdsl balance report DB`: a run its ``balance`` study stored, reported again
    balance_report: Callable[[argparse.Namespace], int] | None = None
    #: the options this game adds to each command (beside the command's own)
    options: Mapping[Command, tuple[Option, ...]] = field(default_factory=dict)
    #: commands of this game alone, each added to `cmdsl`'s subcommands by the function given
    commands: tuple[Callable[[Any], None], ...] = ()
    #: the file that marks a folder as this game's set (``mygame.yaml``); None: a folder of card
    #: files (YAML) with a manifest is one
    data_file: str | None = None
    #: the game a command plays when none is named (one game says so)
    default: bool = False
    #: a game's table read from a command's options (`cmdsl balance`): how many players, which
    #: variant and set; a picklable value (a seat study sends it to worker processes)
    table: Callable[[argparse.Namespace], Any] | None = None
    #: a new game at that table, dealt from a seed (a ``cmdsl.game.driver.Driver``)
    new_game: Callable[[int, Any], Any] | None = None
    #: a finished game's final points by seat index, when the game counts points
    points: Callable[[Any], tuple[int, ...]] | None = None
    #: how the rulebook says a game is won, and shared, for a seat study's report
    decided_by: str = "one winner"
    shared_by: str = "a tie"
    #: the game at the REPL: its keyboard's class (``cmdsl.play.keyboard.Keyboard``, made with the
    #: session and the `--cards` folder), imported when asked for; None: not played at the REPL
    keyboard: Callable[[], Callable[[Any, str | None], Any]] | None = None
    #: a card study's game (``balance/seats.py``): a new game from a seed at a table, with a reader of
    #: the cards each seat played in it, by seat index, once it is over
    card_game: Callable[[int, Any], tuple[Any, Callable[[], Sequence[Sequence[str]]]]] | None = None
    #: what the card study calls each card id (the table's set): "A01 Crise financière"
    card_titles: Callable[[Any], Mapping[str, str]] | None = None
    #: each card of the table's set by id, as text that changes when the card does (an A/B's changed cards)
    card_definitions: Callable[[Any], Mapping[str, str]] | None = None
    #: the game's rulebook (``cmdsl.sets.rulebook.Rulebook``), for `rules` at the REPL
    rulebook: Callable[[], Any] | None = None
    #: the effect language of its cards (``cmdsl.lang.parser.Language``: the core language with
    #: the game's vocabulary), imported when asked for; None: its cards have no effects
    language: Callable[[], Any] | None = None
    #: its sets in an editor (``cmdsl.sets.editing.EditorGame``: `cmdsl lsp`), imported when asked
    #: for; None: the language server leaves its files alone
    editor: Callable[[], Any] | None = None
    #: `cmdsl print`: the sheets of the set in a folder (a ``cmdsl.printing.sheet.Job``), from the
    #: print options and the command's own (its ``options["print"]``); imported when asked for (it
    #: needs ReportLab, the extra ``cmdsl[print]``); None: the game prints nothing
    printing: Callable[[], Callable[[Path, Any, argparse.Namespace], Any]] | None = None


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


def default_game() -> str:
    """The game a command plays when none is named: the one that says so (the first by name if
    several do), else the first by name."""
    known = games()
    return next((name for name, p in known.items() if p.default), next(iter(known)))


def data_files() -> Mapping[str, str]:
    """Each data file that marks a game's set (``mygame.yaml``) → that game."""
    return {p.data_file: name for name, p in games().items() if p.data_file is not None}


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


def _card_files(plugin: GamePlugin) -> bool:
    return plugin.data_file is None and plugin.check is not None


def without(plugin: GamePlugin, what: str, command: str) -> CmdslError:
    """The one-line error of a command that needs what ``plugin``'s game does not have."""
    return CmdslError(f"{command} --game {plugin.name}: {plugin.title} has no {what}")


# ---- each game's options on a command ----------------------------------------------------------

_OWNERS = "_game_options"  # the parser default that keeps which games own which option


def add_game_options(parser: argparse.ArgumentParser, command: Command) -> None:
    """Add every game's options for ``command`` to ``parser``, each game's under its title; an
    option two games share is added once. ``other_games_option`` checks them after parsing."""
    owners: dict[str, tuple[str, list[str]]] = {}  # dest → (its first flag, the games that own it)
    added: set[str] = set()  # the flags added
    for name, plugin in games().items():
        options = plugin.options.get(command, ())
        if not options:
            continue
        group = parser.add_argument_group(f"{plugin.title} (--game {name})")
        for option in options:
            if not added & set(option.flags):
                group.add_argument(*option.flags, **option.settings)
                added.update(option.flags)
            names = owners.setdefault(option.dest, (option.flags[0], []))[1]
            if name not in names:
                names.append(name)
    parser.set_defaults(**{_OWNERS: owners})


def other_games_option(args: argparse.Namespace, command: str) -> str | None:
    """What is wrong when an option given belongs to other games than the one ``args.game`` names
    (the first such option), or None."""
    owners: dict[str, tuple[str, list[str]]] = getattr(args, _OWNERS, {})
    for dest, (flag, names) in owners.items():
        if args.game not in names and getattr(args, dest, None) not in (None, False):
            titles = " or ".join(f"{games()[n].title} (--game {n})" for n in names)
            return (f"{command} --game {args.game}: {flag} is an option of {titles}; "
                    f"`cmdsl {command} --help` lists each game's options")
    return None


def seats_help() -> str:
    """Each game's seat names, for a help text: "mygame: north, south; other: p1, p2, p3"."""
    return "; ".join(f"{n}: {', '.join(p.seats)}" for n, p in games().items())


def games_help() -> str:
    """The registered games, for a help text: "mygame (My Game, the default), other (Other)"."""
    first = default_game()
    return ", ".join(f"{n} ({p.title}{', the default' if n == first else ''})" for n, p in games().items())
