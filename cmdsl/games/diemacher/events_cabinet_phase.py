"""The events of the shadow-cabinet phase's placing and reveal (DM8.1, DM8.2, DM8.4) and of the
coalitions (DM8.5): a card placed face down is seen by its owner only until the reveal
(DM18.26); the others read that a card was placed, and where."""

from __future__ import annotations

from typing import ClassVar

from ...game.audience import Audience, Event, everyone
from ...values import value
from .event_text import euros
from .parties import Party


@value
class CabinetPlaced(Event):
    """DM8.1: a cabinet card laid face down on a board."""

    party: Party
    state: str
    card: str | None  # its name; None in the others' view
    hidden: ClassVar[tuple[str, ...]] = ("card",)

    def audience(self) -> Audience:
        return Audience.only(self.party)

    def _redact(self) -> Event:
        return CabinetPlaced(self.party, self.state, None, cause=self.cause)

    def text(self) -> str:
        what = f"the {self.card}" if self.card is not None else "a cabinet card"
        return f"{self.party} places {what} face down in {self.state}."


@value
class CabinetRevealed(Event):
    """DM8.2: the cards turned up together, each party paying their total cost."""

    cards: tuple[tuple[Party, str, str], ...]  # (party, state, card name)
    audience = everyone

    def text(self) -> str:
        if not self.cards:
            return "No cabinet card was placed."
        return "Cabinet cards turned up: " + "; ".join(f"{p} in {s}: {c}" for p, s, c in self.cards) + "."


@value
class CabinetPaid(Event):
    party: Party
    amount: int
    total: int
    audience = everyone

    def text(self) -> str:
        return f"{self.party} pays {euros(self.amount)} for its cabinet cards (DM8.2): {euros(self.total)}."


@value
class TilePlaced(Event):
    """DM8.4, DM18.9: a telephone puts the party's coalition tile on the card's board (spent)."""

    party: Party
    state: str
    left: int
    audience = everyone

    def text(self) -> str:
        return f"{self.party} puts a coalition tile in {self.state} ({self.left} left)."


@value
class CoalitionFormed(Event):
    """DM8.5: two parties join for this election."""

    first: Party
    second: Party
    forced: bool
    audience = everyone

    def text(self) -> str:
        how = "forces a coalition with" if self.forced else "and"
        end = "" if self.forced else " form a coalition"
        return f"{self.first} {how} {self.second}{end}."


@value
class CoalitionDeclined(Event):
    """DM18.8: a proposal declined ends the proposer's turn."""

    first: Party
    second: Party
    audience = everyone

    def text(self) -> str:
        return f"{self.second} declines {self.first}'s coalition."


@value
class TilesLeave(Event):
    """DM8.5.5: the tiles of the parties left out of a coalition leave the board."""

    parties: tuple[Party, ...]
    state: str
    audience = everyone

    def text(self) -> str:
        return f"The coalition tiles of {', '.join(map(str, self.parties))} leave {self.state}."
