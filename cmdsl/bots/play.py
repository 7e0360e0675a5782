"""The door between bots and a game, naming no game: what a bot is (``Bot``) and how bots answer
the pending decisions of their seats (``play_bot_move``). A bot is given its seat's
``Perspective``, never the game (DESIGN property 11); the seats are the game's (``game.seats``)."""

from __future__ import annotations

from typing import Callable, Mapping, Protocol, Sequence, cast

from ..game.decisions import PlayerSeat
from ..game.contract import S
from ..game.driver import Driver
from ..game.perspective import Perspective


class Bot(Protocol):
    name: str

    def choose(self, seat: Perspective) -> str:
        """The id of the option that answers ``seat.decision``. A bot is given its seat's
        perspective, never the game: what the seat may know, and re-dealt copies to search."""
        ...


def play_bot_move(game: Driver[S], bots: Mapping[S, Bot], choosing: Callable[[S], None] | None = None) -> None:
    """Let the bots answer every pending decision whose seat is theirs: one, or one per seat
    where seats pick in secret at once. Each bot chooses from its own perspective, before any of
    them answers, so none sees another's pick (secret picks are revealed when all are in).
    ``choosing`` is told each seat before its bot chooses (a front end's "… is thinking")."""
    if not game.simultaneous:  # the common case, kept cheap: one decision
        d = game.pending
        assert d is not None, "no decision is pending"
        seat = cast(S, d.player)  # a player's decision (the driver answers chance itself)
        if choosing is not None:
            choosing(seat)
        game.answer(bots[seat].choose(Perspective(game, d)))
        return
    mine = [d for d in game.pending_decisions if d.player in bots]
    assert mine, "no decision of a bot's seat is pending"
    choices: list[tuple[S, str]] = []
    for d in mine:
        seat = cast(S, d.player)
        if choosing is not None:
            choosing(seat)
        choices.append((seat, bots[seat].choose(Perspective(game, d))))
    for seat, answer in choices:
        game.answer(answer, seat)


def bot_seed(game_seed: int, seats: Sequence[PlayerSeat], seat: PlayerSeat) -> int:
    """The seed of ``seat``'s bot in the game of seed ``game_seed``: one per seat, the same in every
    front end (``cmdsl play``, ``cmdsl balance``, the REPL), so that a seed plays one game."""
    return game_seed * len(seats) + seats.index(seat)
