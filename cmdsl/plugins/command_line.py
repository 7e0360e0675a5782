"""The command line's side of the games' options: each game's added to a command's parser, an
option of another game refused, and the options given turned into the typed ``GameOptions`` a
game reads (a game never sees the command line's ``argparse.Namespace``)."""

from __future__ import annotations

import argparse
from typing import Iterable

from .. import plugins as registry  # read when called: a test may register games of its own
from .options import Command, Option, argparse_settings
from .protocol import Plugin
from .requests import GameOptions

_OWNERS = "_game_options"  # the parser default that keeps which games own which option


def add_game_options(parser: argparse.ArgumentParser, command: Command) -> None:
    """Add every game's options for ``command`` to ``parser``, each game's under its title; an
    option two games share is added once. ``other_games_option`` checks them after parsing."""
    owners: dict[str, tuple[str, list[str]]] = {}  # dest → (its first flag, the games that own it)
    added: set[str] = set()  # the flags added
    for name, plugin in registry.games().items():
        options = plugin.options.get(command, ())
        if not options:
            continue
        group = parser.add_argument_group(f"{plugin.title} (--game {name})")
        for option in options:
            if not added & set(option.flags):
                group.add_argument(*option.flags, **argparse_settings(option))
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
            titles = " or ".join(f"{registry.games()[n].title} (--game {n})" for n in names)
            return (f"{command} --game {args.game}: {flag} is an option of {titles}; "
                    f"`cmdsl {command} --help` lists each game's options")
    return None



def game_options(args: argparse.Namespace, plugin: Plugin, command: Command) -> GameOptions:
    """The options ``plugin``'s game added to ``command``, as given."""
    return options_given(args, plugin.options.get(command, ()))


def options_given(args: argparse.Namespace, options: Iterable[Option]) -> GameOptions:
    """The values of ``options`` in ``args`` (not given: None; a list as a tuple), for a game."""
    given: dict[str, object] = {}
    for option in options:
        got = getattr(args, option.dest, None)
        given[option.dest] = tuple(got) if isinstance(got, list) else got
    return GameOptions(given)
