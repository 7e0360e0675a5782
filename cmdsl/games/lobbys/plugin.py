"""``cmdsl play --game lobbys`` and ``cmdsl replay`` of a Lobbys record: the command line's side of
the second game (docs/lobbys.md). The game itself is ``cmdsl.games.lobbys``; this module only
reads options, runs bots and prints."""

from __future__ import annotations

import sys
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import CmdslError
from .data_file import DATA_FILE
from .seats import seats_for
from ... import argtypes
from ...plugins import (KeyboardLoader, SeatBoard, SeatText, TableGame, Checked, Command, JsonValue, NewSetRequest, Option, Plugin, PlayRequest, ReplayRequest,
                        TableRequest, WithoutCards)
from ...resources import bundled_cards_dir
from ...values import value

# The command line registers this module for every command (`cmdsl --help` too): what plays or
# loads the game is imported by the function that needs it (issue 34, cold start).
if TYPE_CHECKING:
    from ...game.decisions import PlayerSeat
    from ...game.driver import Driver
    from ...kits.printing.sheet import Job, Options as PrintOptions
    from ...plugins import CaseRunner, Catalogue, GameOptions, OwnStudy, PrintMaker, Report, ScenarioReader
    from ...sets.rulebook import Rulebook
    from ...sets.editor_game import EditorGame
    from ...lang.language import Language
    from ...kits.keyboard.keyboard import Keyboard
    from .data import LobbysData
    from .scenario import LobbysScenario

PLAYER_COUNTS = (2, 3, 4, 5)  # L1.1
_PEOPLE = Option(("--people",), dict(action="store_true", help="the variant The People Speak (L10, 2-4 players)"))
OPTIONS: dict[Command, tuple[Option, ...]] = {
    "play": (Option(("--players",), dict(type=int, metavar="N", help="2 to 5 players (default 4; L1.1)")), _PEOPLE),
    "balance": (Option(("--players",), dict(metavar="N", type=argtypes.whole(2, 5, "a whole number from 2 to 5"),
                                            help="how many players (default 4)")), _PEOPLE),
}


class LobbysRules:
    """`cmdsl play --game lobbys` and `cmdsl replay` of a Lobbys record."""

    def play(self, request: PlayRequest) -> int:
        from ...bots.match import play_a_table
        from .game import lobbys_game

        people = request.options.flag("people")
        return play_a_table(request, "Lobbys", PLAYER_COUNTS, "L1.1", seats_for, lambda players: lobbys_game(
            request.seed, players, people_variant=people, data=chosen_data(request.cards)),
            ", The People Speak (L10)" if people else "")

    def replay(self, request: ReplayRequest, record: JsonValue) -> int:
        return replay_record(request, record)

    def language(self) -> Language | None:
        return None  # its cards have no effects

    def new_game(self, request: TableRequest, seed: int) -> TableGame:
        return table(request).new_game(seed)  # the seat study's table: the same options, checked the same way


def chosen_data(given: str | None) -> LobbysData:
    """The Lobbys set a command uses (``--cards``, else cmdsl.toml's ``lobbys``, else the bundled
    one), saying which on stderr when it is a designer's (the bundled game goes without saying)."""
    from ...sets.set_location import chosen_and_read
    from .data import load_data

    return chosen_and_read(given, "lobbys", lambda folder: load_data(folder / DATA_FILE))


def replay_record(args: ReplayRequest, data: JsonValue) -> int:
    """``cmdsl replay FILE`` of a Lobbys record: replay it, print the log if asked (the full log,
    or as one seat saw it), and say whether it reproduces."""
    from .game import from_record, log_text
    from .record import replay_problem
    from .seats import seat_named

    if not isinstance(data, dict):
        raise CmdslError(f"{args.file}: not a Lobbys record (a JSON object)")
    game = from_record(data, str(args.file), game_data=chosen_data(args.cards))
    problem = replay_problem(game, data)
    if args.log:
        if args.seat is None:
            print(log_text(game))
        else:
            seat = seat_named(args.seat)
            if seat is None or seat not in game.seats:
                raise CmdslError(f'--seat {args.seat}: this game\'s seats are '
                                 + ", ".join(s.value for s in game.seats))
            print("\n".join(e.text() for e in game.view(seat).log))
    if problem is None:
        end = game.result.text() if game.result is not None else "the game is not over"
        print(f"Replay reproduces the record: {len(game.answers)} answers, {len(game.events)} events, "
              f"identical log. {end}")
        return 0
    print(f"Replay diverges: {problem}", file=sys.stderr)
    return 1


class LobbysSets:
    """Lobbys sets: a folder with the game's data file (``lobbys.yaml``) and its scenarios."""

    data_file = DATA_FILE

    def bundled(self) -> Path:
        """The Lobbys set shipped with cmdsl, beside the bundled card sets (``cards/lobbys``)."""
        return bundled_cards_dir().parent / "lobbys"

    def check(self, folder: Path) -> Checked:
        """`cmdsl check` of a Lobbys set: its data loads, and what would not play as meant."""
        from .data_check import check_lobbys

        checked = check_lobbys(folder)
        return Checked(checked.summary, checked.warnings)

    def new_set(self, request: NewSetRequest) -> int:
        """`cmdsl new-set DIR --game lobbys`: the published numbers, commented, and an example scenario."""
        from .new_set import lobbys_files
        from ...sets.new_files import write_and_say

        folder = request.folder
        return write_and_say(folder, lobbys_files(folder.name), "Lobbys", "lobbys", "docs/lobbys.md")

    def scenarios(self, cards: str | None) -> ScenarioReader:
        """`cmdsl scenario`'s reader of Lobbys scenario files (the set: --cards, else the chosen one)."""
        from ...sets.scenario_report import scenario_reader

        return scenario_reader(lambda: chosen_data(cards), _scenarios_of)

    def scenario_case(self, folder: Path) -> CaseRunner:
        """`cmdsl test`'s runner of a Lobbys set's scenarios (its data is loaded at the first one)."""
        from .scenario import load_lobbys_scenario
        from .data import load_data
        from .scenario_run import run_lobbys_scenario

        data = cache(lambda: load_data(folder / DATA_FILE))
        return lambda file, index: run_lobbys_scenario(load_lobbys_scenario(file, index, data())).report()

    def catalogue(self) -> Catalogue | None:
        return None  # no `cmdsl cards` (the numbers are the set's data file)


def _scenarios_of(path: str, data: LobbysData) -> list[Report]:
    from .scenario import load_lobbys_scenarios

    return [(sc.name, sc.id, partial(_report, sc)) for sc in load_lobbys_scenarios(path, data)]


def _report(sc: LobbysScenario) -> str:
    from ...sets.scenario_report import shown
    from .scenario_run import run_lobbys_scenario

    return shown(run_lobbys_scenario(sc))


@value
class LobbysTable(WithoutCards):
    """A Lobbys table for a seat study: how many players, the variant, the set's data file."""

    players: int
    people: bool
    data_file: str  # absolute

    def new_game(self, seed: int) -> Driver[PlayerSeat]:
        from ...game.driver import any_seat
        from .game import lobbys_game

        return any_seat(lobbys_game(seed, self.players, people_variant=self.people, data=_data(self.data_file)))

    def points(self, game: Driver[PlayerSeat]) -> tuple[int, ...]:
        assert game.result is not None
        return tuple(game.result.points)

    def standing(self, game: Driver[PlayerSeat]) -> tuple[int, ...]:
        """L1.5: each seat's points now (its money)."""
        return tuple(game.position.lobbys.points)


class LobbysStudy:
    """`cmdsl balance --game lobbys`: a seat study."""

    decided_by = "one player with the most points, L8.1"
    shared_by = "L11.1"

    def table(self, request: TableRequest) -> LobbysTable:
        return table(request)

    def own(self) -> OwnStudy | None:
        return None


def table(request: TableRequest) -> LobbysTable:
    """`cmdsl balance --game lobbys`'s table: --players (default 4), --people, the set (--cards, else
    the chosen one), each checked against the set before any game."""
    from ...sets.set_location import choose_set

    players = request.options.number("players") or 4
    people = request.options.flag("people")
    choice = choose_set(request.cards, "lobbys")
    data = chosen_data(request.cards)  # says which set, and a broken one is one located error
    if players not in data.player_counts:
        raise CmdslError(f"balance: this Lobbys set is played by {', '.join(map(str, data.player_counts))} players "
                         f"(its deck_cut, L1.4), not {players}")
    if people and not data.people_cards(players):
        raise CmdslError(f"balance: The People Speak needs People cards (L10.1): none are left over at {players} "
                         "players")
    return LobbysTable(players, people, str((choice.path / DATA_FILE).resolve()))


@lru_cache(maxsize=4)
def _data(file: str) -> LobbysData:
    from .data import load_data

    return load_data(Path(file))  # once per process: the game data is immutable


class LobbysFrontEnds:
    """Lobbys at the REPL, its rulebook, its printed sheets (no editor side: its set is one data file)."""

    def keyboard(self) -> KeyboardLoader | None:
        return _keyboard

    def seat_text(self) -> SeatText | None:
        from .ui.seat_text import LobbysSeatText
        return LobbysSeatText()

    def seat_board(self) -> SeatBoard | None:
        from .ui.seat_board import LobbysSeatBoard
        return LobbysSeatBoard()

    def rulebook(self) -> Rulebook | None:
        from .rulebook import rulebook
        return rulebook()

    def editor(self) -> EditorGame | None:
        return None

    def printing(self) -> PrintMaker | None:
        from .ui.printing import job

        def sheets(folder: Path, options: PrintOptions, own: GameOptions) -> Job:
            return job(folder, options)
        return sheets



def _keyboard() -> type[Keyboard]:
    from .ui.prompt import LobbysKeyboard  # the REPL's side: only when the REPL plays this game
    return LobbysKeyboard

PLUGIN = Plugin("lobbys", "Lobbys", tuple(s.value for s in seats_for(max(PLAYER_COUNTS))), LobbysRules(),
                sets=LobbysSets(), front_ends=LobbysFrontEnds(), study=LobbysStudy(), options=OPTIONS,
                players=PLAYER_COUNTS)
