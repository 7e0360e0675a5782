"""``cmdsl play --game lobbys`` and ``cmdsl replay`` of a Lobbys record: the command line's side of
the second game (docs/lobbys.md). The game itself is ``cmdsl.games.lobbys``; this module only
reads options, runs bots and prints."""

from __future__ import annotations

import argparse
import sys
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ...errors import CmdslError
from .data_file import DATA_FILE
from .seats import seats_for
from ... import argtypes
from ...plugins import Checked, Command, GamePlugin, Option
from ...resources import bundled_cards_dir
from ...values import value

# The command line registers this module for every command (`cmdsl --help` too): what plays or
# loads the game is imported by the function that needs it (issue 34, cold start).
if TYPE_CHECKING:
    from ...sets.scenario_report import Report
    from .data import LobbysData
    from .game import LobbysGame
    from .scenario import LobbysScenario

PLAYER_COUNTS = (2, 3, 4, 5)  # L1.1
_PEOPLE = Option(("--people",), dict(action="store_true", help="the variant The People Speak (L10, 2-4 players)"))
OPTIONS: dict[Command, tuple[Option, ...]] = {
    "play": (Option(("--players",), dict(type=int, metavar="N", help="2 to 5 players (default 4; L1.1)")), _PEOPLE),
    "balance": (Option(("--players",), dict(metavar="N", type=argtypes.whole(2, 5, "a whole number from 2 to 5"),
                                            help="how many players (default 4)")), _PEOPLE),
}


def _bundled() -> Path:
    """The Lobbys set shipped with cmdsl, beside the bundled card sets (``cards/lobbys``)."""
    return bundled_cards_dir().parent / "lobbys"


def play(args: argparse.Namespace) -> int:
    from ...bots.match import play_a_table
    from .game import lobbys_game

    return play_a_table(args, "Lobbys", PLAYER_COUNTS, "L1.1", seats_for, lambda players: lobbys_game(
        args.seed, players, people_variant=args.people, data=chosen_data(args.cards)),
        ", The People Speak (L10)" if args.people else "")


def chosen_data(given: str | None) -> LobbysData:
    """The Lobbys set a command uses (``--cards``, else cmdsl.toml's ``lobbys``, else the bundled
    one), saying which on stderr when it is a designer's (the bundled game goes without saying)."""
    from ...sets.set_location import choose_set
    from .data import load_data

    choice = choose_set(given, "lobbys")
    data = load_data(choice.path / DATA_FILE)
    if choice.how != "bundled":
        print(f"Using {choice.describe()}.", file=sys.stderr)
    return data


def replay_record(args: argparse.Namespace, data: Any) -> int:
    """``cmdsl replay FILE`` of a Lobbys record: replay it, print the log if asked (the full log,
    or as one seat saw it), and say whether it reproduces."""
    from .game import from_record, log_text
    from .record import replay_problem
    from .seats import seat_named

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


def new_set(args: argparse.Namespace, folder: Path) -> int:
    """`cmdsl new-set DIR --game lobbys`: the published numbers, commented, and an example scenario."""
    from .new_set import lobbys_files
    from ...sets.new_files import write_and_say

    return write_and_say(folder, lobbys_files(folder.name), "Lobbys", "lobbys", "docs/lobbys.md")


def scenarios(args: argparse.Namespace) -> Callable[[str], list[Report]]:
    """`cmdsl scenario`'s reader of Lobbys scenario files (the set: --cards, else the chosen one)."""
    from ...sets.scenario_report import scenario_reader

    return scenario_reader(lambda: chosen_data(args.cards), _scenarios_of)


def _scenarios_of(path: str, data: LobbysData) -> list[Report]:
    from .scenario import load_lobbys_scenarios

    return [(sc.name, sc.id, partial(_report, sc)) for sc in load_lobbys_scenarios(path, data)]


def _report(sc: LobbysScenario) -> str:
    from ...sets.scenario_report import shown
    from .scenario_run import run_lobbys_scenario

    return shown(run_lobbys_scenario(sc))


@value
class LobbysTable:
    """A Lobbys table for a seat study: how many players, the variant, the set's data file."""

    players: int
    people: bool
    data_file: str  # absolute


def table(args: argparse.Namespace) -> LobbysTable:
    """`cmdsl balance --game lobbys`'s table: --players (default 4), --people, the set (--cards, else
    the chosen one), each checked against the set before any game."""
    from ...sets.set_location import choose_set

    players = args.players or 4
    choice = choose_set(args.cards, "lobbys")
    data = chosen_data(args.cards)  # says which set, and a broken one is one located error
    if players not in data.player_counts:
        raise CmdslError(f"balance: this Lobbys set is played by {', '.join(map(str, data.player_counts))} players "
                         f"(its deck_cut, L1.4), not {players}")
    if args.people and not data.people_cards(players):
        raise CmdslError(f"balance: The People Speak needs People cards (L10.1): none are left over at {players} "
                         "players")
    return LobbysTable(players, bool(args.people), str((choice.path / DATA_FILE).resolve()))


def new_game(seed: int, at: LobbysTable) -> LobbysGame:
    from .game import lobbys_game

    return lobbys_game(seed, at.players, people_variant=at.people, data=_data(at.data_file))


@lru_cache(maxsize=4)
def _data(file: str) -> LobbysData:
    from .data import load_data

    return load_data(Path(file))  # once per process: the game data is immutable


def points(game: LobbysGame) -> tuple[int, ...]:
    assert game.result is not None
    return tuple(game.result.points)


def check(folder: Path) -> Checked:
    """`cmdsl check` of a Lobbys set: its data loads, and what would not play as meant."""
    from .data_check import check_lobbys

    checked = check_lobbys(folder)
    return Checked(checked.summary, checked.warnings)


def scenario_case(folder: Path) -> Callable[[Path, int], str]:
    """`cmdsl test`'s runner of a Lobbys set's scenarios (its data is loaded at the first one)."""
    from .scenario import load_lobbys_scenario
    from .data import load_data
    from .scenario_run import run_lobbys_scenario

    data = cache(lambda: load_data(folder / DATA_FILE))
    return lambda file, index: run_lobbys_scenario(load_lobbys_scenario(file, index, data())).report()


def _keyboard() -> type:
    from .prompt import LobbysKeyboard  # the REPL's side: only when the REPL runs
    return LobbysKeyboard


def _rulebook() -> Any:
    from .rulebook import rulebook
    return rulebook()


def _printing() -> Any:
    from .printing import job
    return lambda folder, options, args: job(folder, options)


PLUGIN = GamePlugin("lobbys", "Lobbys", tuple(s.value for s in seats_for(max(PLAYER_COUNTS))), play, replay_record,
                    bundled=_bundled, check=check, new_set=new_set, scenarios=scenarios,
                    scenario_case=scenario_case, options=OPTIONS, data_file=DATA_FILE, table=table,
                    new_game=new_game, points=points, decided_by="one player with the most points, L8.1",
                    shared_by="L11.1", keyboard=_keyboard, rulebook=_rulebook, printing=_printing)
