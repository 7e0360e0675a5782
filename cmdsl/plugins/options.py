"""The command-line options a game adds to a command, as the game declares them."""

from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import Any, Callable, Iterator, Literal, Mapping, cast

from ..values import value

#: The commands a game adds options to.
Command = Literal["play", "replay", "new-set", "balance", "cards", "print"]


@value
class Option:
    """One command-line option a game adds to a command: ``argparse``'s ``add_argument`` arguments.
    Its default must say "not given" (None, or False for a flag): the game applies its own. Its
    value reaches the game in the request's ``GameOptions``, under its ``dest``."""

    flags: tuple[str, ...]
    settings: Mapping[str, object] = field(default_factory=dict)

    @property
    def dest(self) -> str:
        return str(self.settings.get("dest", self.flags[0].lstrip("-").replace("-", "_")))


def argparse_settings(option: Option) -> dict[str, Any]:
    """An option's settings as ``add_argument`` takes them (its keywords, each typed by argparse's
    own overloads, which a mapping of values cannot name)."""
    return cast("dict[str, Any]", dict(option.settings))


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
