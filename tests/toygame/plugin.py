"""High Card's plug-in: what the controllers need of it (``cmdsl.plugins.GamePlugin``). A package
of its own would register it in its pyproject.toml:

    [project.entry-points."cmdsl.games"]
    highcard = "toygame.plugin:PLUGIN"
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cmdsl.bots.match import destination_refused, play_to_end, seat_bots
from cmdsl.errors import CmdslError
from cmdsl.plugins import GamePlugin
from cmdsl.sets.record_file import save_json

from cmdsl.game.driver import Driver

from .game import SEATS, Seat, from_record, table


def play(args: argparse.Namespace) -> int:
    """`cmdsl play --game highcard`: one bot for every seat, or one per seat."""
    if destination_refused(args.record):  # before the game: a finished game is never lost
        return 2
    bots = seat_bots(args.bot or ["random"], SEATS, args.seed)
    if not args.quiet:
        print(f"High Card, seed {args.seed}: " + ", ".join(f"{s} {b.name}" for s, b in bots.items()) + ".")
    play_to_end(table(args.seed), bots, args.quiet, args.record, save_json)
    return 0


def replay(args: argparse.Namespace, data: Any) -> int:
    """`cmdsl replay FILE` of a High Card record: replayed, compared with its log."""
    if data is None:
        raise CmdslError(f"{args.file}: not a JSON record")
    game = from_record(data, str(args.file))
    if args.log:
        seat = next((s for s in SEATS if s.value == args.seat), None)
        if args.seat is not None and seat is None:
            raise CmdslError(f"--seat {args.seat}: High Card's seats are " + ", ".join(s.value for s in SEATS))
        print("\n".join(e.text() for e in (game.view(seat).log if seat is not None else game.events)))
    log = data.get("log")
    if log is not None and log != [e.text() for e in game.events]:
        print("Replay diverges: the log differs", file=sys.stderr)
        return 1
    print(f"Replay reproduces the record: {len(game.answers)} answers, {len(game.events)} events.")
    return 0


def new_game(seed: int, no_table: None) -> Driver[Seat]:
    return table(seed)


def points(game: Driver[Seat]) -> tuple[int, ...]:
    assert game.result is not None
    return game.result.points


def keyboard() -> type:
    from .prompt import HighCardKeyboard  # the REPL's side: only when the REPL runs
    return HighCardKeyboard


def language() -> Any:
    from .vocabulary import LANGUAGE  # its trick cards' effect language (T5)
    return LANGUAGE


PLUGIN = GamePlugin("highcard", "High Card", tuple(s.value for s in SEATS), play, replay,
                    table=lambda args: None, new_game=new_game, points=points, keyboard=keyboard,
                    language=language)
