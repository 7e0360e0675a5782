"""The seats of a Racolage Électoral game: one member per player, of which a game of N players uses
the first N (RA1.1: 2 to 4). A seat's ``value`` is its name in records (``"p1"``), ``str(seat)`` its
label in text (``"Player 1"``), ``index`` its number in the position."""

from __future__ import annotations

from enum import Enum
from typing import Final

PLAYER_COUNTS: Final = (2, 3, 4)  # RA1.1


class RacolageSeat(Enum):
    P1 = "p1"
    P2 = "p2"
    P3 = "p3"
    P4 = "p4"

    __hash__ = object.__hash__  # seats are dict keys at every step of a search

    @property
    def index(self) -> int:
        return _INDEX[self]

    def __str__(self) -> str:
        return f"Player {_INDEX[self] + 1}"


SEATS: Final = tuple(RacolageSeat)
_INDEX: Final = {s: i for i, s in enumerate(SEATS)}


def seats_for(players: int) -> tuple[RacolageSeat, ...]:
    """The seats of a game of ``players`` (RA1.1)."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Racolage Électoral is for 2 to 4 players (RA1.1), not {players}")
    return SEATS[:players]
