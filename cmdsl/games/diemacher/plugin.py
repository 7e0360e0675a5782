"""Die Macher as a plug-in (its rules: docs/rules-diemacher.md, cited as DM numbers): ``cmdsl play
--game diemacher``, ``cmdsl replay`` of its records, ``cmdsl check``, ``new-set``, ``scenario`` and
``test`` of its sets (a folder: ``diemacher.yaml``, its component files and ``cabinet.yaml``), the
seat study of ``cmdsl balance``, its cabinet cards' effect language (``language()``), and its
editor side and rulebook (``front_ends``). The game itself is ``game.py``; this module only reads
options, runs bots and prints; its printed sheets and `cmdsl cards` (``ui/printing.py``, ``catalog.py``);
its REPL keyboard (``ui/prompt.py``: `new diemacher`)."""

from __future__ import annotations

import sys
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from ... import argtypes
from ...errors import CmdslError, shown_path
from ...plugins import (Checked, TableGame, Command, JsonValue, NewSetRequest, Option, Plugin, PlayRequest, ReplayRequest,
                        TableRequest, WithoutCards)
from ...values import value
from .data_file import CABINET_FILE, COMPONENT_FILES, DATA_FILE

# The command line registers this module for every command (`cmdsl --help` too): what plays or
# loads the game is imported by the function that needs it (issue 34, cold start).
if TYPE_CHECKING:
    from ...game.decisions import PlayerSeat
    from ...game.driver import Driver
    from ...lang.language import Language
    from ...plugins import CaseRunner, Catalogue, OwnStudy, Report, ScenarioReader
    from .data import DieMacherData
    from .scenario import DieMacherScenario

TITLE = "Die Macher"
#: Every party a game can seat, in seat order (``parties.PARTIES``' names: the registry imports this
#: module for every command, and no more of the game than its data file's name; tested).
SEATS = ("cdu", "spd", "fdp", "linke", "gruene")
PLAYER_COUNTS = (3, 4, 5)  # DM1.1 (``parties.MIN_PLAYERS`` to ``MAX_PLAYERS``)
DEFAULT_PLAYERS = 4
_SHORT = Option(("--short",), dict(action="store_true", help="the short game: 5 rounds, 5 elections (DM12)"))
OPTIONS: dict[Command, tuple[Option, ...]] = {
    "play": (Option(("--players",), dict(type=int, metavar="N", help="3 to 5 players (default 4; DM1.1)")), _SHORT),
    # An option several games add is added once, as the first game (by name) declares it: this one
    # takes every game's counts (2 to 5); Die Macher's own (3 to 5) are checked by its table.
    "balance": (Option(("--players",), dict(metavar="N", type=argtypes.whole(2, 5, "a whole number from 2 to 5"),
                                            help="how many players (default 4)")), _SHORT),
}


def chosen_data(given: str | None) -> DieMacherData:
    """The Die Macher set a command uses (``--cards``, else cmdsl.toml's ``diemacher``, else the
    bundled one), saying which on stderr when it is a designer's (the bundled game goes without
    saying). A broken set is one located ``CardError``."""
    from ...sets.set_location import chosen_and_read

    return chosen_and_read(given, "diemacher", lambda folder: _data(str(folder.resolve())))


@lru_cache(maxsize=4)
def _data(folder: str) -> DieMacherData:
    from .data import load_data

    return load_data(Path(folder))  # once per process: the game data is immutable


class DieMacherRules:
    """`cmdsl play --game diemacher` and `cmdsl replay` of a Die Macher record."""

    def play(self, request: PlayRequest) -> int:
        from ...bots.match import play_a_table
        from .game import diemacher_game
        from .parties import parties_for

        short = request.options.flag("short")
        return play_a_table(request, TITLE, PLAYER_COUNTS, "DM1.1", parties_for, lambda players: diemacher_game(
            request.seed, players, short=short, data=chosen_data(request.cards)),
            ", the short game (DM12)" if short else "", default=DEFAULT_PLAYERS)

    def replay(self, request: ReplayRequest, record: JsonValue) -> int:
        return replay_record(request, record)

    def language(self) -> Language | None:
        """Its cabinet cards' effect language (DM1.6, D8: ``vocabulary/``)."""
        from .vocabulary import LANGUAGE
        return LANGUAGE

    def new_game(self, request: TableRequest, seed: int) -> TableGame:
        return DieMacherStudy().table(request).new_game(seed)  # the seat study's table: the same options, checked the same way


def replay_record(args: ReplayRequest, data: JsonValue) -> int:
    """``cmdsl replay FILE`` of a Die Macher record: replay it (a malformed record, or an answer the
    game refuses, is one ``RecordError`` naming where), print the log if asked (the full log, or as
    one party saw it), and say whether it reproduces the record's log."""
    from .parties import party_named
    from .replay import from_record

    if not isinstance(data, dict):
        raise CmdslError(f"{args.file}: not a Die Macher record (a JSON object)")
    game = from_record(data, str(args.file), game_data=chosen_data(args.cards))
    if args.log:
        if args.seat is None:
            print("\n".join(e.text() for e in game.events))
        else:
            seat = party_named(args.seat)
            if seat is None or seat not in game.seats:
                raise CmdslError(f"--seat {args.seat}: this game's seats are " + ", ".join(s.value for s in game.seats))
            print("\n".join(game.view(seat).log))
    problem = log_problem([e.text() for e in game.events], data.get("log"))
    if problem is not None:
        print(f"Replay diverges: {problem}", file=sys.stderr)
        return 1
    end = game.result.text() if game.result is not None else "The game is not over."
    print(f"Replay reproduces the record: {len(game.answers)} answers, {len(game.events)} events"
          + (", identical log" if data.get("log") is not None else "") + f". {end}")
    return 0


def log_problem(replayed: list[str], recorded: JsonValue) -> str | None:
    """Where the replayed log first differs from the record's (events count from 1), or None (the
    same, or a record without a log; its type was checked by ``parse_record``)."""
    if not isinstance(recorded, list):
        return None
    for n, (got, kept) in enumerate(zip(replayed, recorded), 1):
        if got != kept:
            return f'the log differs at event {n}: the record has "{kept}", the replay "{got}"'
    if len(replayed) != len(recorded):
        return f"the record's log has {len(recorded)} events, the replay {len(replayed)}"
    return None


class DieMacherSets:
    """Die Macher sets: a folder with the manifest (``diemacher.yaml``) and its component files."""

    data_file = DATA_FILE

    def bundled(self) -> Path:
        """The set shipped with cmdsl (``cards/diemacher``; package data in a wheel)."""
        from ...resources import bundled_cards_dir

        return bundled_cards_dir("diemacher")

    def check(self, folder: Path) -> Checked:
        """`cmdsl check` of a Die Macher set: every file loads and is checked (one located error)."""
        from .data import check_folder

        data = check_folder(folder)
        own = ", ".join(Path(file).name for file in data.authored)
        authored = f"; the project's own values (source: auth) in {own}" if own else ""
        return Checked(f"{shown_path(folder)}: ok — {TITLE}: {len(data.issues)} issues, {len(data.states)} states, "
                       f"{len(data.polls)} polls, {len(data.contributions)} contributions, "
                       f"{len(data.cabinet)} cabinet cards{authored}")

    def new_set(self, request: NewSetRequest) -> int:
        """`cmdsl new-set DIR --game diemacher`: a copy of the bundled set (its manifest named after the
        folder), which a designer then changes value by value."""
        import re

        from ...sets.new_files import write_files

        folder = request.folder
        source = self.bundled()
        files = {name: (source / name).read_text(encoding="utf-8") for name in (DATA_FILE, *COMPONENT_FILES, CABINET_FILE)}
        files[DATA_FILE] = re.sub(r"(?m)^name: .*$", f"name: {folder.name}", files[DATA_FILE], count=1)
        written = write_files(folder, files)
        print(f"Wrote a {TITLE} set to {folder}: " + ", ".join(p.relative_to(folder).as_posix() for p in written) + ".")
        print(f"Next: cmdsl check {folder}   then   cmdsl play --game diemacher --cards {folder} --bot random")
        print(f'To make every command use it, name it in cmdsl.toml: [cards] diemacher = "{folder}".')
        return 0

    def scenarios(self, cards: str | None) -> ScenarioReader:
        """`cmdsl scenario`'s reader of Die Macher scenario files (the set: --cards, else the chosen one)."""
        from ...sets.scenario_report import scenario_reader

        return scenario_reader(lambda: chosen_data(cards), _scenarios_of)

    def scenario_case(self, folder: Path) -> CaseRunner:
        """`cmdsl test`'s runner of a Die Macher set's scenarios (its data is loaded at the first one)."""
        from .data import load_data
        from .scenario import load_diemacher_scenario
        from .scenario_run import run_diemacher_scenario

        data = cache(lambda: load_data(folder))
        return lambda file, index: run_diemacher_scenario(load_diemacher_scenario(file, index, data())).report()

    def catalogue(self) -> Catalogue | None:
        """`cmdsl cards list|show|doc --game diemacher` (or `--cards` a Die Macher set): its cabinet
        cards, polls and contributions (``catalog.py``)."""
        from ...plugins import CardsRequest

        def cards(args: CardsRequest) -> int:
            from . import catalog
            from ...sets.card_lookup import print_cards

            data = chosen_data(args.cards)
            return print_cards(args.action, args.card, lambda: catalog.list_cards(data, args.lang),
                               lambda card: catalog.show(data, card, args.lang), lambda: catalog.markdown(data, args.lang))
        return cards


def _scenarios_of(path: str, data: DieMacherData) -> list[Report]:
    from .scenario import load_diemacher_scenarios

    return [(sc.name, sc.id, partial(_report, sc)) for sc in load_diemacher_scenarios(path, data)]


def _report(sc: DieMacherScenario) -> str:
    from ...sets.scenario_report import shown
    from .scenario_run import run_diemacher_scenario

    return shown(run_diemacher_scenario(sc))


@value
class DieMacherTable(WithoutCards):
    """A Die Macher table for a seat study: how many players, the length (DM12), the set's folder."""

    players: int
    short: bool
    folder: str  # absolute

    def new_game(self, seed: int) -> Driver[PlayerSeat]:
        from ...game.driver import any_seat
        from .game import diemacher_game

        return any_seat(diemacher_game(seed, self.players, short=self.short, data=_data(self.folder)))

    def points(self, game: Driver[PlayerSeat]) -> tuple[int, ...]:
        """DM11: each party's final total, by seat."""
        from .scoring import score_lines

        return tuple(line.total for line in score_lines(game.position))

    def standing(self, game: Driver[PlayerSeat]) -> tuple[int, ...]:
        """DM11 as if the game ended now (the points banked so far)."""
        return self.points(game)

    # The shadow cabinet as the health measures' cards (DM1.6): a party's hand is its cabinet cards
    # not used yet, and placing one face down plays it (DM8.1). Their definitions stay the set
    # folder's (``card_definitions`` empty: a seat study's fingerprint must cover every value).

    def hand(self, game: Driver[PlayerSeat], seat: int) -> tuple[str, ...]:
        return tuple(game.position.cabinet[seat])

    def card_of(self, option_id: str) -> str | None:
        """DM8.1: ``place:<card>:<state>``."""
        kind, _, rest = option_id.partition(":")
        return rest.partition(":")[0] or None if kind == "place" else None

    def card_titles(self) -> dict[str, str]:
        return {c.id: c.en for c in _data(self.folder).cabinet}


class DieMacherStudy:
    """`cmdsl balance --game diemacher`: a seat study."""

    decided_by = "the highest total of seats, media, members and platform, DM11.5"
    shared_by = "DM11.5, DM18.23"

    def table(self, request: TableRequest) -> DieMacherTable:
        """--players (default 4), --short, the set (--cards, else the chosen one), checked before any game."""
        from ...sets.set_location import choose_set

        players = request.options.number("players") or DEFAULT_PLAYERS
        if players not in PLAYER_COUNTS:
            raise CmdslError(f"balance: {TITLE} is for {min(PLAYER_COUNTS)} to {max(PLAYER_COUNTS)} players (DM1.1), "
                             f"not {players}")
        choice = choose_set(request.cards, "diemacher")
        chosen_data(request.cards)  # says which set, and a broken one is one located error
        return DieMacherTable(players, request.options.flag("short"), str(choice.path.resolve()))

    def own(self) -> OwnStudy | None:
        return None


if TYPE_CHECKING:  # the front ends' types: what they hand over is imported when it is asked for
    from ...plugins import KeyboardLoader, PrintMaker, SeatBoard, SeatText
    from ...sets.editor_game import EditorGame
    from ...sets.rulebook import Rulebook


class DieMacherFrontEnds:
    """Die Macher's rulebook (``docs/rules-diemacher.md``, DM1–DM18), its sets in an editor, its
    printed sheets and its REPL keyboard (``ui/prompt.py``: `new diemacher`)."""

    def keyboard(self) -> KeyboardLoader | None:
        from .ui import keyboard  # its loader: ui/prompt.py is imported when the REPL plays this game
        return keyboard

    def seat_text(self) -> SeatText | None:
        from .ui.seat_text import DieMacherSeatText
        return DieMacherSeatText()

    def seat_board(self) -> SeatBoard | None:
        from .ui.seat_board import DieMacherSeatBoard
        return DieMacherSeatBoard()

    def rulebook(self) -> Rulebook | None:
        from ...sets.rulebook import RulebookSource, load_rulebook
        return load_rulebook(RulebookSource(game=TITLE, letter="DM", file="rules-diemacher.md"))

    def editor(self) -> EditorGame | None:
        from .ui.editor import DieMacherEditing
        return DieMacherEditing()

    def printing(self) -> PrintMaker | None:
        """`cmdsl print --game diemacher`: the cabinet cards, polls, contributions and a player aid
        (``ui/printing.py``)."""
        from ...kits.printing.sheet import Job, Options as PrintOptions
        from ...plugins import GameOptions
        from .ui.printing import job

        def sheets(folder: Path, options: PrintOptions, own: GameOptions) -> Job:
            return job(folder, options)
        return sheets


PLUGIN = Plugin("diemacher", TITLE, SEATS, DieMacherRules(), sets=DieMacherSets(), front_ends=DieMacherFrontEnds(),
                study=DieMacherStudy(), options=OPTIONS, players=PLAYER_COUNTS)
