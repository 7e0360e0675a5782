"""Who may see an event (DESIGN property 11): every event of a game is an ``Event`` that declares
its ``audience()``, the seats that may see it in full, and its ``hidden`` fields; a seat outside
the audience sees its redacted form. The event classes are the game's, and so are the seats
(``PlayerSeat``): nothing here names a game.
"""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar

from ..values import value
from .decisions import PlayerSeat


@value
class Audience:
    """The seats that may see an event in full. A value, not a string, so that a typo cannot
    silently mean "everyone"; a set of seats (``None``: every seat of the game, however many)."""

    seats: frozenset[PlayerSeat] | None

    def includes(self, seat: PlayerSeat) -> bool:
        return self.seats is None or seat in self.seats

    @staticmethod
    def only(seat: PlayerSeat) -> "Audience":
        audience = _ONLY.get(seat)
        if audience is None:
            audience = _ONLY[seat] = Audience(frozenset({seat}))
        return audience


EVERYONE = Audience(None)
NOBODY = Audience(frozenset())  # e.g. a shuffle's order: hidden from every seat
_ONLY: dict[PlayerSeat, Audience] = {}


def everyone(event: "Event") -> Audience:
    """The audience of a public event (every seat sees all of it); used as ``audience = everyone``."""
    return EVERYONE


@value
class Event:
    cause: str | None = field(default=None, kw_only=True, compare=False)

    #: The fields a seat outside the audience must not learn (what ``redacted`` leaves out).
    hidden: ClassVar[tuple[str, ...]] = ()

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def audience(self) -> Audience:  # pragma: no cover - every class declares its own
        """Who may see this event in full. No default, so that a new event class must decide
        (tests/test_views.py checks that every class does)."""
        raise NotImplementedError

    def redacted(self, seat: PlayerSeat) -> "Event":
        """This event as ``seat`` may see it: itself if ``seat`` is in its audience, else its
        redacted form, a public event without the ``hidden`` fields."""
        return self if self.audience().includes(seat) else self._redact()

    def _redact(self) -> "Event":  # pragma: no cover - only events with a restricted audience
        raise NotImplementedError(f"{type(self).__name__} has no redacted form")

    def __str__(self) -> str:
        return self.text()
