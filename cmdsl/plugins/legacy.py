"""Plug-ins written against the registry of before (one ``GamePlugin`` of callables taking the command
line's ``argparse.Namespace``): each still loads for one release, with a ``DeprecationWarning``,
adapted to the typed parts (``protocol.py``): the adapter gives each old callable a namespace made
from the typed request, with the names the command line gave them before."""

from __future__ import annotations

import argparse
import warnings
from importlib import import_module
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, cast

from ..errors import CmdslError
from ..values import value
from .options import Command, Option
from .protocol import (Catalogue, CardSets, CaseRunner, Checked, FrontEnds, KeyboardLoader, OwnStudy, Plays, Plugin, SeatBoard, SeatText,
                       PrintMaker,
                       Rules, ScenarioReader, SeatTable, Study, TableGame)
from .requests import (BalanceRequest, GameOptions, JsonValue, NewSetRequest, PlayRequest,
                       ReplayRequest, StoredReportRequest, TableRequest)

if TYPE_CHECKING:
    from ..lang.language import Language
    from ..kits.keyboard.keyboard import Keyboard
    from ..sets.editor_game import EditorGame
    from ..sets.rulebook import Rulebook


@value
class GamePlugin:
    """What the controllers needed from a game before the typed parts (``protocol.Plugin``): still
    loaded, through ``adapted``, with a DeprecationWarning, for one release."""

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
    #: ``table`` and ``new_game`` (cmdsl/kits/study/seats.py)
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
    #: the game at the REPL: its keyboard's class (``cmdsl.kits.keyboard.keyboard.Keyboard``, made with the
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
    #: `cmdsl print`: the sheets of the set in a folder (a ``cmdsl.kits.printing.sheet.Job``), from the
    #: print options and the command's own (its ``options["print"]``); imported when asked for (it
    #: needs ReportLab, the extra ``cmdsl[print]``); None: the game prints nothing
    printing: Callable[[], Callable[[Path, Any, argparse.Namespace], Any]] | None = None




def adapted(old: GamePlugin, where: str) -> Plugin:
    """``old`` as the typed parts; it warns (DeprecationWarning) that it should be written so."""
    warnings.warn(f"the game plug-in {old.name!r} ({where}) is a GamePlugin of before: write it as a "
                  "cmdsl.plugins.Plugin of typed parts (docs/games.md); the old form loads for one release",
                  DeprecationWarning, stacklevel=2)
    return Plugin(old.name, old.title, old.seats, _OldRules(old),
                  sets=_OldSets(old) if old.check is not None or old.bundled is not None else None,
                  front_ends=_OldFrontEnds(old),
                  study=_OldStudy(old, where) if old.table is not None or old.balance is not None else None,
                  options=old.options, default=old.default, legacy_commands=old.commands)


def _args(game: str, options: GameOptions, **given: object) -> argparse.Namespace:
    return argparse.Namespace(game=game, **given, **options.given)


class _OldRules(Rules):
    def __init__(self, old: GamePlugin) -> None:
        self.old = old

    def play(self, request: PlayRequest) -> int:
        return self.old.play(_args(self.old.name, request.options, seed=request.seed, bot=list(request.bots) or None,
                                   record=request.record, cards=request.cards, quiet=request.quiet))

    def replay(self, request: ReplayRequest, record: JsonValue) -> int:
        return self.old.replay(_args(self.old.name, GameOptions(), file=request.file, cards=request.cards,
                                     log=request.log, seat=request.seat, accept_cards=request.accept_cards,
                                     upgrade=request.upgrade), record)

    def language(self) -> Language | None:
        return self.old.language() if self.old.language is not None else None

    def new_game(self, request: TableRequest, seed: int) -> TableGame:
        if self.old.table is None or self.old.new_game is None:
            raise _missing(self.old, "game to serve (no table)")
        game: TableGame = self.old.new_game(self.old.table(_args(self.old.name, request.options, cards=request.cards)), seed)
        return game


def _missing(old: GamePlugin, what: str) -> CmdslError:
    return CmdslError(f"{old.title} has no {what}")


class _OldSets(CardSets):
    def __init__(self, old: GamePlugin) -> None:
        self.old = old

    @property
    def data_file(self) -> str | None:
        return self.old.data_file

    def bundled(self) -> Path:
        if self.old.bundled is None:
            raise _missing(self.old, "bundled set")
        return self.old.bundled()

    def check(self, folder: Path) -> Checked:
        if self.old.check is None:
            raise _missing(self.old, "sets to check")
        return self.old.check(folder)

    def new_set(self, request: NewSetRequest) -> int:
        if self.old.new_set is None:
            raise _missing(self.old, "sets to write")
        return self.old.new_set(_args(self.old.name, request.options, dir=str(request.folder)), request.folder)

    def scenarios(self, cards: str | None) -> ScenarioReader:
        if self.old.scenarios is None:
            raise _missing(self.old, "scenarios")
        return self.old.scenarios(argparse.Namespace(cards=cards))

    def scenario_case(self, folder: Path) -> CaseRunner:
        if self.old.scenario_case is None:
            raise _missing(self.old, "scenarios")
        return self.old.scenario_case(folder)

    def catalogue(self) -> Catalogue | None:
        cards, name = self.old.cards, self.old.name
        if cards is None:
            return None
        return lambda r: cards(_args(name, r.options, action=r.action, id=r.card, cards=r.cards, lang=r.lang))


class _OldFrontEnds(FrontEnds):
    def __init__(self, old: GamePlugin) -> None:
        self.old = old

    def keyboard(self) -> KeyboardLoader | None:
        keyboard = self.old.keyboard
        return None if keyboard is None else lambda: cast("type[Keyboard]", keyboard())

    def seat_text(self) -> SeatText | None:
        return None  # a plug-in of before draws no screen of its own: its log and decisions are shown

    def seat_board(self) -> SeatBoard | None:
        return None

    def rulebook(self) -> Rulebook | None:
        return self.old.rulebook() if self.old.rulebook is not None else None

    def editor(self) -> EditorGame | None:
        return self.old.editor() if self.old.editor is not None else None

    def printing(self) -> PrintMaker | None:
        printing, name = self.old.printing, self.old.name
        if printing is None:
            return None
        return lambda folder, options, own: printing()(folder, options, _args(name, own))


class _OldStudy(Study):
    def __init__(self, old: GamePlugin, where: str) -> None:
        self.old, self.where = old, where

    @property
    def decided_by(self) -> str:
        return self.old.decided_by

    @property
    def shared_by(self) -> str:
        return self.old.shared_by

    def table(self, request: TableRequest) -> SeatTable:
        if self.old.table is None or self.old.new_game is None:
            raise _missing(self.old, "table for a seat study")
        return _OldTable(self.where, self.old.table(_args(self.old.name, request.options, cards=request.cards)))

    def own(self) -> OwnStudy | None:
        return _OldOwnStudy(self.old) if self.old.balance is not None else None


@value
class _OldTable:
    """An old plug-in's table: its plug-in found again where its entry point names it, in a worker
    process too (the plug-in's callables are not sent)."""

    where: str  # its entry point's value: "package.module:NAME"
    table: Any

    def _old(self) -> GamePlugin:
        module, _, name = self.where.partition(":")
        old = getattr(import_module(module), name)
        assert isinstance(old, GamePlugin)
        return old

    def new_game(self, seed: int) -> TableGame:
        new_game = self._old().new_game
        assert new_game is not None
        return cast("TableGame", new_game(seed, self.table))

    def points(self, game: TableGame) -> tuple[int, ...]:
        points = self._old().points
        return tuple(points(game)) if points is not None else ()

    def standing(self, game: TableGame) -> tuple[int, ...]:
        return ()  # a plug-in of before could not say

    def hand(self, game: TableGame, seat: int) -> tuple[str, ...]:
        return ()

    def card_of(self, option_id: str) -> str | None:
        return None

    def card_game(self, seed: int) -> tuple[TableGame, Plays] | None:
        card_game = self._old().card_game
        return card_game(seed, self.table) if card_game is not None else None

    def card_titles(self) -> Mapping[str, str]:
        titles = self._old().card_titles
        return titles(self.table) if titles is not None else {}

    def card_definitions(self) -> Mapping[str, str]:
        definitions = self._old().card_definitions
        return definitions(self.table) if definitions is not None else {}


class _OldOwnStudy(OwnStudy):
    def __init__(self, old: GamePlugin) -> None:
        self.old = old

    def balance(self, request: BalanceRequest) -> int:
        assert self.old.balance is not None
        return self.old.balance(_args(
            self.old.name, request.options, games=request.games, bot=list(request.bots) or None, seed=request.seed,
            workers=request.workers, cards=request.cards, quiet=request.quiet, top=request.report.top,
            report=request.report.page, correction=request.report.correction))

    def report(self, request: StoredReportRequest) -> int:
        if self.old.balance_report is None:
            raise _missing(self.old, "stored balance runs")
        return self.old.balance_report(argparse.Namespace(
            game=self.old.name, db=request.db, top=request.report.top, report=request.report.page,
            correction=request.report.correction))
