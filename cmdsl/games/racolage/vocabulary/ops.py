"""The operations Racolage Électoral's compiled effects act through, beside the core's
(``cmdsl.lang.ops``), in its terms. ``Effects`` implements them (``cmdsl.games.racolage.rules``)."""

from __future__ import annotations

from typing import Protocol

from ....lang.ops import CoreOps, Seat, Steps
from .nodes import Deck, Permanent

__all__ = ["RacolageOps", "Steps"]


class RacolageOps(CoreOps, Protocol):
    """What a Racolage effect reads of the game and does to it."""

    # ---- reads ------------------------------------------------------------------------------------

    def notoriety(self, seat: Seat, final: bool = False) -> int:
        """The sum of ``seat``'s placed Media (RA2.3); ``final``: with its end-of-game bonuses (RA11.1)."""

    def hand_size(self, seat: Seat) -> int: ...

    def deck_size(self, deck: Deck) -> int: ...

    def theme_open(self, theme: str, seat: Seat) -> bool:
        """Whether ``seat`` may place Media of ``theme`` now (the Event's, or its Catchphrase's: RA6.1)."""

    # ---- actions ------------------------------------------------------------------------------------

    def draw(self, seat: Seat, deck: Deck, count: int, cause: str | None = None) -> Steps:
        """``seat`` draws ``count`` cards, one at a time; an Event drawn goes into play and runs (RA6.4)."""

    def skip_turns(self, seat: Seat, count: int, cause: str | None = None) -> None:
        """``seat`` skips its next ``count`` turns, beside those it skips already (RA9.2)."""

    def discard_cards(self, seat: Seat, count: int, cause: str | None = None) -> Steps:
        """``seat`` discards ``count`` cards of its choice from its hand (all of them if it has fewer)."""

    def gain_notoriety(self, seat: Seat, amount: int, cause: str | None = None) -> None:
        """A bonus of ``amount`` kept apart, counted at the end (RA11.1)."""

    def discard_permanent(self, kind: Permanent, seat: Seat | None, cause: str | None = None) -> None:
        """``seat``'s permanent Action of ``kind`` leaves its bonus zone (None: every player's)."""
