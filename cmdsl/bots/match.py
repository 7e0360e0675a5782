"""A whole game between bots, as the command line plays it (``cmdsl play``, any game): the bots
answer until the game is over, each event printed as it happens, and the record's destination
checked before the first answer, so that a finished game is never lost for want of a place."""

from __future__ import annotations

import sys
from typing import Any, Callable, Mapping, Sequence

from . import Bot, BotSpec, bot_seed, parse_bot, play_bot_move
from ..errors import CmdslError
from ..game.contract import S
from ..game.driver import Driver
from ..plugins.requests import PlayRequest
from ..sets.record_file import check_destination
from .thinking import Thinking, Watch
from .thinking import quiet as no_display


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


def run_bots(game: Driver[S], bots: Mapping[S, Bot], echo: bool, watch: Watch = no_display) -> None:
    """Let the bots play ``game`` to its end; with ``echo``, print every event as it happens.
    ``watch`` is opened around each move (and closed before its events are printed)."""
    shown = 0
    while game.pending is not None:
        with watch() as choosing:
            play_bot_move(game, bots, choosing)
        if echo:
            for e in game.events[shown:]:
                print(e.text())
            shown = len(game.events)
    if echo:
        for e in game.events[shown:]:
            print(e.text())


def seat_bots(names: Sequence[str], seats: Sequence[S], game_seed: int) -> dict[S, Bot]:
    """One bot per seat, from one name for every seat or one name per seat in seat order, each
    seeded by ``bot_seed``. A misspelt bot or setting is a one-line ``BotSpecError``."""
    if len(names) not in (1, len(seats)):
        raise CmdslError(f"give one bot for every seat or {len(seats)} bots, one per seat in order "
                         f"(--bot random, or --bot ismcts --bot random ...); {len(names)} given")
    specs: list[BotSpec] = [parse_bot(n) for n in names] * (len(seats) if len(names) == 1 else 1)
    return {seat: spec.make(bot_seed(game_seed, seats, seat)) for seat, spec in zip(seats, specs)}


def play_a_table(request: PlayRequest, title: str, counts: Sequence[int], rule: str, seats_for: Callable[[int], Sequence[S]],
                 new_game: Callable[[int], Driver[S]], variant: str = "", default: int = 4) -> int:
    """``cmdsl play`` of a game for a number of players (its option ``players``, else ``default``; those
    ``rule`` allows: ``counts``): its bots, the game ``new_game(players)`` made, a header naming the
    seats' bots (and the ``variant``), the game played to its end; 2 for a wrong table, in one line."""
    given = request.options.number("players")
    players = given if given is not None else default
    if players not in counts:
        print(f"play: {title} is for {min(counts)} to {max(counts)} players ({rule}), not {players}", file=sys.stderr)
        return 2
    if destination_refused(request.record):  # before the game, not after it: a game is never lost
        return 2
    try:
        bots = seat_bots(list(request.bots) or ["random"], seats_for(players), request.seed)
        game = new_game(players)
    except (CmdslError, ValueError) as e:
        print(f"play: {e}", file=sys.stderr)
        return 2
    if not request.quiet:
        names = ", ".join(f"{seat} {bot.name}" for seat, bot in bots.items())
        print(f"{title}, {players} players ({names}), seed {request.seed}{variant}.")
    from ..sets.record_file import save_json

    play_to_end(game, bots, request.quiet, request.record, save_json)
    return 0


def play_to_end(game: Driver[S], bots: Mapping[S, Bot], quiet: bool, record_to: str | None,
                save: Callable[[Any, str], None], watch: Watch | None = None) -> None:
    """``cmdsl play``'s game, any game: the bots play it to its end (every event printed unless
    ``quiet``, then only the result), and its record is saved with ``save`` if asked. A long
    move says "… is thinking" on stderr when it is a terminal (``watch``: tests give their own)."""
    run_bots(game, bots, echo=not quiet, watch=watch or Thinking(sys.stderr))
    if quiet and game.result is not None:
        print(game.result.text())
    if record_to:
        save(game.record(), record_to)
        print(f"Record saved to {record_to} ({len(game.answers)} answers).")
