"""High Card's plug-in: what the controllers need of it (``cmdsl.plugins.Plugin``: its rules, its
study, its front ends; it has no sets). A package of its own would register it in its pyproject.toml:

    [project.entry-points."cmdsl.games"]
    highcard = "toygame.plugin:PLUGIN"
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from cmdsl.bots.match import destination_refused, play_to_end, seat_bots
from cmdsl.errors import CmdslError
from cmdsl.game.decisions import PlayerSeat
from cmdsl.game.driver import Driver, any_seat
from cmdsl.plugins import JsonValue, KeyboardLoader, OwnStudy, PlayRequest, Plugin, PrintMaker, ReplayRequest, TableRequest, WithoutCards
from cmdsl.sets.record_file import save_json
from cmdsl.values import value

from .game import SEATS, from_record, table

if TYPE_CHECKING:
    from cmdsl.lang.language import Language
    from cmdsl.kits.keyboard.keyboard import Keyboard
    from cmdsl.sets.editor_game import EditorGame
    from cmdsl.sets.rulebook import Rulebook


class HighCardRules:
    def play(self, request: PlayRequest) -> int:
        """`cmdsl play --game highcard`: one bot for every seat, or one per seat."""
        if destination_refused(request.record):  # before the game: a finished game is never lost
            return 2
        bots = seat_bots(list(request.bots) or ["random"], SEATS, request.seed)
        if not request.quiet:
            print(f"High Card, seed {request.seed}: " + ", ".join(f"{s} {b.name}" for s, b in bots.items()) + ".")
        play_to_end(table(request.seed), bots, request.quiet, request.record, save_json)
        return 0

    def replay(self, request: ReplayRequest, record: JsonValue) -> int:
        """`cmdsl replay FILE` of a High Card record: replayed, compared with its log."""
        if not isinstance(record, dict):
            raise CmdslError(f"{request.file}: not a JSON record")
        game = from_record(record, request.file)
        if request.log:
            seat = next((s for s in SEATS if s.value == request.seat), None)
            if request.seat is not None and seat is None:
                raise CmdslError(f"--seat {request.seat}: High Card's seats are " + ", ".join(s.value for s in SEATS))
            print("\n".join(e.text() for e in (game.view(seat).log if seat is not None else game.events)))
        log = record.get("log")
        if log is not None and log != [e.text() for e in game.events]:
            print("Replay diverges: the log differs", file=sys.stderr)
            return 1
        print(f"Replay reproduces the record: {len(game.answers)} answers, {len(game.events)} events.")
        return 0

    def language(self) -> Language | None:
        from .vocabulary import LANGUAGE  # its trick cards' effect language (T5)
        return LANGUAGE

    def new_game(self, request: TableRequest, seed: int) -> Driver[PlayerSeat]:
        return any_seat(table(seed))


@value
class HighCardTable(WithoutCards):
    """High Card's one table: three seats, no options."""

    def new_game(self, seed: int) -> Driver[PlayerSeat]:
        return any_seat(table(seed))

    def points(self, game: Driver[PlayerSeat]) -> tuple[int, ...]:
        assert game.result is not None
        return tuple(game.result.points)

    def standing(self, game: Driver[PlayerSeat]) -> tuple[int, ...]:
        return tuple(game.position.scores)  # T3: the points scored so far


class HighCardStudy:
    decided_by = "one winner"
    shared_by = "a tie"

    def table(self, request: TableRequest) -> HighCardTable:
        return HighCardTable()

    def own(self) -> OwnStudy | None:
        return None


class HighCardFrontEnds:
    def keyboard(self) -> KeyboardLoader | None:
        return _keyboard

    def seat_text(self) -> None:
        return None  # drawn from its log and decisions alone (a plug-in with no screen of its own)

    def seat_board(self) -> None:
        return None

    def rulebook(self) -> Rulebook | None:
        return None

    def editor(self) -> EditorGame | None:
        return None

    def printing(self) -> PrintMaker | None:
        return None



def _keyboard() -> type[Keyboard]:
    from .prompt import HighCardKeyboard  # the REPL's side: only when the REPL plays this game
    return HighCardKeyboard

PLUGIN = Plugin("highcard", "High Card", tuple(s.value for s in SEATS), HighCardRules(), front_ends=HighCardFrontEnds(),
                study=HighCardStudy())
