"""What a running effect acts through: its game's operations (DESIGN "Core v2": the language knows
no position).

A compiled effect never reads or changes a game itself: it calls the operations of its game's
vocabulary (a protocol the game declares beside its nodes, with ``CoreOps``'s), in the game's
terms; the language imports nothing of the game. Three kinds of operation:

- reads, which change nothing;
- actions, which change the position and may need decisions on the way: those are generators,
  driven with ``yield from``;
- choices, generators that yield the pending decision and return what was chosen. The game builds
  the decision and its option ids; the language only says what is chosen among.

What a generator yields and is sent back (a decision, the chosen option) belongs to the game: the
language passes them through unread, so they are ``Any`` here. So is a player: a seat, as the
game names its seats.
"""

from __future__ import annotations

from typing import Any, Generator, Protocol, Sequence, TypeAlias, TypeVar

_T = TypeVar("_T")
#: A choice or an action in progress: yields the game's pending decisions, returns ``_T``.
Choice: TypeAlias = Generator[Any, Any, _T]
#: An action in progress (or a compiled statement): returns nothing.
Steps: TypeAlias = Generator[Any, Any, None]
#: A player, as the game names its seats. Opaque to the language: an effect holds it, compares it
#: and hands it back to the game's operations.
Seat: TypeAlias = Any


class CoreOps(Protocol):
    """What the core language's statements need of every game."""

    @property
    def active(self) -> Seat:
        """Whose turn it is."""

    @property
    def seats(self) -> Sequence[Seat]:
        """Every player's seat, in seat order."""

    def tick(self) -> None:
        """Count one step of work (a loop turn): the game stops an answer that does too much."""

    def choose_option(self, side: Seat, labels: Sequence[str], cause: str | None = None) -> Choice[int]:
        """One of several effects, by its rules text; its index (`choose one`)."""
