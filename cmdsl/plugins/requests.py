"""What a command asks of a game, as typed values: the command line reads its options and hands a
game one of these, never its ``argparse.Namespace`` (a game need not learn the CLI's names).

Options a game adds to a command (``plugins.options.Option``) reach it in ``GameOptions``, by the
name the option stores them under, each read back with the type the game expects."""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from types import MappingProxyType
from typing import Literal, Mapping, TypeVar, Union

from ..errors import CmdslError
from ..values import value

T = TypeVar("T")

#: A parsed JSON document (a record): what ``json.load`` gives.
JsonValue = Union[None, bool, int, float, str, list["JsonValue"], dict[str, "JsonValue"]]
#: A card's text language.
Lang = Literal["en", "fr"]
CardsAction = Literal["list", "show", "doc"]

_EMPTY: Mapping[str, object] = MappingProxyType({})


@value
class GameOptions:
    """The options a game added to a command, as given (an option not given is None, a flag False):
    by each option's ``dest``. A game reads one with the type it declared it with."""

    given: Mapping[str, object] = field(default_factory=lambda: _EMPTY)

    def of(self, name: str, kind: type[T]) -> T | None:
        """Option ``name``'s value, None when not given; a value of another type is a plug-in's
        mistake (its option's ``type=`` and its reading disagree), said in one line."""
        got = self.given.get(name)
        if got is None:
            return None
        if not isinstance(got, kind):
            raise CmdslError(f"the option {name!r} holds a {type(got).__name__}, not a {kind.__name__}")
        return got

    def text(self, name: str) -> str | None:
        return self.of(name, str)

    def number(self, name: str) -> int | None:
        return self.of(name, int)

    def flag(self, name: str) -> bool:
        return bool(self.of(name, bool))


NO_OPTIONS = GameOptions()


@value
class PlayRequest:
    """`cmdsl play --game NAME`: a whole game between bots."""

    seed: int = 1
    bots: tuple[str, ...] = ()  # as --bot gives them, one per seat in seat order (may be fewer)
    record: str | None = None  # where to save the record
    cards: str | None = None  # the --cards set, else the chosen one
    quiet: bool = False  # only the result
    options: GameOptions = NO_OPTIONS


@value
class ReplayRequest:
    """`cmdsl replay FILE` of one of the game's records."""

    file: str
    cards: str | None = None
    log: bool = False  # print the replayed log
    seat: str | None = None  # with log: as this seat saw it
    accept_cards: bool = False  # replay with other cards than the record's
    upgrade: bool = False  # rewrite an old format's record


@value
class NewSetRequest:
    """`cmdsl new-set DIR --game NAME`."""

    folder: Path
    options: GameOptions = NO_OPTIONS


@value
class CardsRequest:
    """`cmdsl cards list|show|doc`."""

    action: CardsAction
    card: str | None = None  # show's card id
    cards: str | None = None
    lang: Lang = "en"
    options: GameOptions = NO_OPTIONS


@value
class TableRequest:
    """`cmdsl balance`'s table for a seat study: the set and the game's own options (players…)."""

    cards: str | None = None
    options: GameOptions = NO_OPTIONS


@value
class ReportOptions:
    """How a balance study reports: `--top`, `--report FILE`, `--correction`."""

    top: int = 0
    page: str | None = None  # the HTML page to write
    correction: str = "holm"


@value
class BalanceRequest:
    """`cmdsl balance --game NAME`, for a game with a study of its own."""

    games: int | None = None  # None: the study's default (or a stored run's)
    bots: tuple[str, ...] = ()
    seed: int | None = None
    workers: int | None = None
    cards: str | None = None
    quiet: bool = False
    report: ReportOptions = ReportOptions()
    options: GameOptions = NO_OPTIONS
    strict: bool = False  # exit 1 when a health target of the set is missed beyond chance


@value
class StoredReportRequest:
    """`cmdsl balance report DB`: a stored run, reported again."""

    db: str
    report: ReportOptions = ReportOptions()
