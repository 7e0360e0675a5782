"""The seats of a Lobbys game (DESIGN property 12): ``LobbysSeat``, one member per player.

The driver tells seats apart with ``is``, so a seat is a canonical singleton: the five members of
an enum, of which a game of N players uses the first N (``seats_for(n)``). A seat's ``value`` is
its name in records (``"p1"`` … ``"p5"``), ``str(seat)`` its label in text (``"Player 1"``), and
``index`` its number in the rules' position (``LobbysPosition`` counts seats 0 .. N−1).
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class LobbysSeat(Enum):
    P1 = "p1"
    P2 = "p2"
    P3 = "p3"
    P4 = "p4"
    P5 = "p5"

    # Seats are dict keys at every step of a search: hashed by identity, in C (as ``Suit``).
    __hash__ = object.__hash__

    #: The seat's number in the rules' position: 0 for ``p1``. A plain attribute of each member,
    #: set below: the game reads it for every seat at every step (a property costs a call).
    index: int

    def __str__(self) -> str:
        return _LABEL[self]


SEATS: Final = tuple(LobbysSeat)
for _i, _seat in enumerate(SEATS):
    _seat.index = _i
_LABEL: Final = {s: f"Player {i + 1}" for i, s in enumerate(SEATS)}
_BY_NAME: Final = {s.value: s for s in SEATS}


def seats_for(players: int) -> tuple[LobbysSeat, ...]:
    """The seats of a game of ``players``: the first ``players`` members, in seat order."""
    if not 1 <= players <= len(SEATS):
        raise ValueError(f"Lobbys has seats for 1 to {len(SEATS)} players, not {players}")
    return SEATS[:players]


def seat_named(name: str) -> LobbysSeat | None:
    """The seat whose record name is ``name`` (``"p2"``), else None."""
    return _BY_NAME.get(name)
