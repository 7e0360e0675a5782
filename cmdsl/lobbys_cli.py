"""``cmdsl play --game lobbys`` and ``cmdsl replay`` of a Lobbys record: the command line's side of
the second game (docs/lobbys.md). The game itself is ``cmdsl.games.lobbys``; this module only
reads options, runs bots and prints."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .bot_game import destination_refused, play_to_end, seat_bots
from .errors import CmdslError
from .games.lobbys.data import DATA_FILE, LobbysData, load_data
from .games.lobbys.game import LobbysGame
from .games.lobbys.record import replay_problem
from .games.lobbys.seats import seat_named, seats_for
from .record_file import save_json
from .set_location import choose_set

PLAYER_COUNTS = (2, 3, 4, 5)  # L1.1


def play(args: argparse.Namespace) -> int:
    players = args.players if args.players is not None else 4
    if players not in PLAYER_COUNTS:
        print(f"play: Lobbys is for 2 to 5 players (L1.1), not {players}", file=sys.stderr)
        return 2
    if destination_refused(args.record):  # before the game, not after it: a game is never lost
        return 2
    try:
        bots = seat_bots(args.bot or ["random"], seats_for(players), args.seed)
        game = LobbysGame(args.seed, players, people_variant=args.people, data=chosen_data(args.cards))
    except (CmdslError, ValueError) as e:
        print(f"play: {e}", file=sys.stderr)
        return 2
    names = ", ".join(f"{seat} {bot.name}" for seat, bot in bots.items())
    if not args.quiet:
        print(f"Lobbys, {players} players ({names}), seed {args.seed}"
              + (", The People Speak (L10)" if args.people else "") + ".")
    play_to_end(game, bots, args.quiet, args.record, save_json)
    return 0


def chosen_data(given: str | None) -> LobbysData:
    """The Lobbys set a command uses (``--cards``, else cmdsl.toml's ``lobbys``, else the bundled
    one), saying which on stderr when it is a designer's (the bundled game goes without saying)."""
    choice = choose_set(given, "lobbys")
    data = load_data(choice.path / DATA_FILE)
    if choice.how != "bundled":
        print(f"Using {choice.describe()}.", file=sys.stderr)
    return data


def replay_record(args: argparse.Namespace, data: Any) -> int:
    """``cmdsl replay FILE`` of a Lobbys record: replay it, print the log if asked (the full log,
    or as one seat saw it), and say whether it reproduces."""
    game = LobbysGame.from_record(data, str(args.file), game_data=chosen_data(args.cards))
    problem = replay_problem(game, data)
    if args.log:
        if args.seat is None:
            print(game.log_text())
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
