"""The events of an election (DM9), a round's end (DM10) and the final scoring (DM11); who may see
them (DM18.26: all public, but a contribution refused before the reveal). ``events.py`` hands them on."""

from __future__ import annotations

from typing import ClassVar

from ...game.audience import Audience, Event, everyone
from ...values import value
from .cards import Card
from .event_text import cards_text, counted, euros  # noqa: F401 - euros: handed on (events.euros)
from .parties import Party


@value
class SeatsWon(Event):
    """DM9.1."""

    party: Party
    state: str
    votes: int
    seats: int
    audience = everyone

    def text(self) -> str:
        return f"{self.party}: {self.votes} votes, {counted(self.seats, 'seat')} in {self.state}."


@value
class ElectionWon(Event):
    """DM9.2–DM9.3, DM18.14: the winning party, or coalition (``partner``), and whom it beat
    narrowly (a party, or the two of a coalition)."""

    state: str
    winner: Party | None
    narrow_loser: Party | None
    partner: Party | None = None  # the winner's coalition partner (DM9.2)
    narrowly_against: tuple[Party, ...] = ()  # a tie broken against a coalition (DM9.3)
    audience = everyone

    def text(self) -> str:
        if self.winner is None:
            return f"Nobody has a vote in {self.state}: no winner (DM18.14)."
        who = f"{self.winner} and {self.partner}, in coalition, win" if self.partner else f"{self.winner} wins"
        if self.narrow_loser is not None:
            return f"{who} {self.state} narrowly against {self.narrow_loser}."
        if self.narrowly_against:
            against = " and ".join(map(str, self.narrowly_against))
            return f"{who} {self.state} narrowly against the coalition of {against}."
        return f"{who} {self.state}."


@value
class NationalMedia(Event):
    """DM9.4, DM18.15."""

    party: Party
    state: str
    stars: int
    audience = everyone

    def text(self) -> str:
        return f"{self.party} moves a media marker from {self.state} to the national board ({self.stars} stars)."


@value
class NationalOpinion(Event):
    """DM9.5."""

    party: Party
    card: Card
    space: int
    how: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party} places {self.card.id} on national space {self.space} ({self.how})."


@value
class Income(Event):
    """DM9.7."""

    party: Party
    seats: int
    members: int
    total: int
    audience = everyone

    def text(self) -> str:
        extra = f" and {euros(self.members)} for its members" if self.members else ""
        return f"{self.party} earns {euros(self.seats)} for its seats{extra}: {euros(self.total)}."


@value
class BoardCleared(Event):
    """DM10.1, DM10.3."""

    board: int
    state: str
    set_aside: bool
    audience = everyone

    def text(self) -> str:
        end = "; the board is set aside" if self.set_aside else ""
        return f"Board {self.board} ({self.state}) is cleared{end}."


@value
class OpinionTurnedUp(Event):
    """DM10.4."""

    state: str
    card: Card
    replaced: tuple[Card, ...]
    audience = everyone

    def text(self) -> str:
        again = f" (after {cards_text(self.replaced)} went under the deck)" if self.replaced else ""
        return f"In {self.state}, the opinion {self.card.id} is turned up{again}."


@value
class ContributionLaid(Event):
    """DM10.5 step 1: a card laid face up (accepted) or face down (refused: hidden until all
    have chosen), or none (DM18.20)."""

    party: Party
    amount: int | None
    accepted: bool | None  # None: no card
    hidden: ClassVar[tuple[str, ...]] = ("amount",)

    def audience(self) -> Audience:
        return Audience.only(self.party) if self.accepted is False else Audience(None)

    def _redact(self) -> Event:
        return ContributionLaid(self.party, None, False, cause=self.cause)

    def text(self) -> str:
        if self.accepted is None:
            return f"{self.party} plays no contribution card."
        if self.accepted:
            return f"{self.party} accepts a contribution of {euros(self.amount or 0)}."
        if self.amount is None:
            return f"{self.party} lays a contribution card face down."
        return f"{self.party} refuses a contribution of {euros(self.amount)} (face down)."


@value
class ContributionRevealed(Event):
    """DM10.5 step 3: a refusal turned up."""

    party: Party
    amount: int
    audience = everyone

    def text(self) -> str:
        return f"{self.party} refused {euros(self.amount)}."


@value
class ScoreLine:
    party: Party
    seats: int
    media: int
    members: int
    bonus: int
    platform: int
    total: int


@value
class GameEnded(Event):
    """DM11."""

    winners: tuple[Party, ...]
    scores: tuple[ScoreLine, ...]
    reason: str
    audience = everyone

    def text(self) -> str:
        lines = [f"{s.party}: {s.total} (seats {s.seats}, media {s.media}, members {s.members}"
                 + (f" +{s.bonus}" if s.bonus else "") + f", platform {s.platform})" for s in self.scores]
        won = " and ".join(map(str, self.winners))
        verb = "share the win" if len(self.winners) > 1 else "wins"
        return f"Final scores ({self.reason}): " + "; ".join(lines) + f". {won} {verb}."
