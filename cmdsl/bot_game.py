"""A whole game between bots, as the command line plays it (``cmdsl play``, any game): the bots
answer until the game is over, each event printed as it happens, and the record's destination
checked before the first answer, so that a finished game is never lost for want of a place."""

from __future__ import annotations

import sys
from typing import Mapping

from .bots import Bot, play_bot_move
from .errors import CmdslError
from .game.decisions import PlayerSeat
from .game.driver import Driver
from .record_file import check_destination


def destination_refused(path: str | None) -> bool:
    """Whether ``path`` cannot take a record (said on stderr): checked before the game."""
    if not path:
        return False
    try:
        check_destination(path)
    except CmdslError as e:
        print(f"play: cannot save the record: {e}", file=sys.stderr)
        return True
    return False


def run_bots(game: Driver, bots: Mapping[PlayerSeat, Bot], echo: bool) -> None:
    """Let the bots play ``game`` to its end; with ``echo``, print every event as it happens."""
    shown = 0
    while game.pending is not None:
        play_bot_move(game, bots)
        if echo:
            for e in game.events[shown:]:
                print(e.text())
            shown = len(game.events)
    if echo:
        for e in game.events[shown:]:
            print(e.text())
