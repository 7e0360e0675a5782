"""Every change of a Lobbys game is one of these events, each with a line of English (DESIGN 3).

Secrets (DESIGN property 11, L11.6–L11.7): every event declares its ``audience()``. Only a dealt
hand is private (``HandDealt``: its seat sees the cards, the others how many); everything else
happens face up. A seat's pick is never an event of its own: the picks of a step are logged
together, once every seat has picked (``VotesRevealed``, ``OffersRevealed``, L2.2).

An event holds values only (seats, cards, numbers), never a part of the position: the log makes
events when it is read, and making one again from the same arguments gives the same value.
"""

from __future__ import annotations

from typing import ClassVar

from ...game.audience import Audience, Event, everyone
from ...values import value
from .cards import Card, Contract, Suit
from .election import ElectedBy
from .seats import LobbysSeat
from .tender import WonBy

#: L6.3: the step of the tender rule each way of winning is.
TENDER_STEP: dict[WonBy, int] = {WonBy.TRUMP: 1, WonBy.MAIN_SUIT: 2, WonBy.RELATED_SUIT: 3, WonBy.CHEAPEST: 4}
_WON_BY_TEXT = {
    WonBy.TRUMP: "trump",
    WonBy.MAIN_SUIT: "the main contract's suit",
    WonBy.RELATED_SUIT: "the suit related to the main contract's",
    WonBy.CHEAPEST: "the cheapest offer",
}
#: L5.5 / L10.4: the rule each way of deciding an election is.
ELECTION_RULE: dict[ElectedBy, str] = {
    ElectedBy.MOST_VOTES: "L5.4", ElectedBy.PEOPLE_VOTE: "L10.4", ElectedBy.MOST_CARDS: "L5.5 step 1",
    ElectedBy.HIGHEST_CARD: "L5.5 step 2", ElectedBy.NO_GOVERNMENT: "L5.5 step 3",
}

Picks = tuple[tuple[LobbysSeat, Card], ...]
Votes = tuple[tuple[Suit, int], ...]


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def _picks(picks: Picks) -> str:
    return ", ".join(f"{seat} {card}" for seat, card in picks)


def _n_votes(n: int) -> str:
    return f"{n} vote" if n == 1 else f"{n} votes"


def _votes(votes: Votes) -> str:
    return ", ".join(f"{s.symbol} {n}" for s, n in votes if n)


@value
class RoundStarted(Event):
    """L4: a round starts; the Offer deck is dealt and the contracts shuffled face down."""

    round: int
    rounds: int
    hand_size: int

    audience = everyone

    def text(self) -> str:
        return (f"Round {self.round} of {self.rounds}: the Offer deck is shuffled and dealt, {self.hand_size} "
                "cards each; the 12 contracts are shuffled face down.")


@value
class HandDealt(Event):
    """L4.1: a seat's hand, which only that seat sees (L11.6)."""

    seat: LobbysSeat
    cards: tuple[Card, ...]

    hidden: ClassVar[tuple[str, ...]] = ("cards",)

    def audience(self) -> Audience:
        return Audience.only(self.seat)

    def _redact(self) -> Event:
        return HandDealtRedacted(self.seat, len(self.cards), cause=self.cause)

    def text(self) -> str:
        return f"{self.seat} is dealt {_cards(self.cards)}."


@value
class HandDealtRedacted(Event):
    """``HandDealt`` as the other seats see it: how many cards, never which."""

    seat: LobbysSeat
    count: int

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} is dealt {self.count} cards."


@value
class VotesRevealed(Event):
    """L5.1–L5.3: every seat's vote, revealed together; each pays its card's rank."""

    round: int
    picks: Picks

    audience = everyone

    def text(self) -> str:
        paid = ", ".join(f"{seat} {card} (pays {card.rank})" for seat, card in self.picks)
        return f"Round {self.round} election, votes revealed: {paid}."


@value
class PeopleDrawn(Event):
    """L10.2: the People cards drawn at an election and the votes they give (squares)."""

    cards: tuple[Card, ...]
    votes: Votes

    audience = everyone

    def text(self) -> str:
        gained = ", ".join(f"{s.symbol} +{n}" for s, n in self.votes if n)
        return f"The People speak: {_cards(self.cards)} ({gained} votes)."


@value
class ElectionWon(Event):
    """L5.4–L5.5 (L10.4): the trump of the round, or no government, and which rule decided."""

    trump: Suit | None
    votes: Votes  # every party's total, People votes included
    decided_by: ElectedBy

    audience = everyone

    @property
    def rule(self) -> str:
        return ELECTION_RULE[self.decided_by]

    def text(self) -> str:
        top = max(n for _, n in self.votes)
        tied = [s for s, n in self.votes if n == top]
        if self.trump is None:
            names = " and ".join(s.symbol for s in tied)
            return (f"No government: {names} tie on {_n_votes(top)}, as many cards and the same highest card "
                    f"({self.rule}): no trump this round. Votes: {_votes(self.votes)}.")
        how = "" if self.decided_by is ElectedBy.MOST_VOTES else (
            f", tied with {' and '.join(s.symbol for s in tied if s is not self.trump)} on {_n_votes(top)}, "
            f"by {self.decided_by.value}")
        return (f"{self.trump.symbol} wins the election with {_n_votes(top)}{how} ({self.rule}): {self.trump.symbol} "
                f"is trump this round. Votes: {_votes(self.votes)}.")


@value
class ContractsTurnedUp(Event):
    """L6.1: a tender opens on the main contract and the linked one."""

    round: int
    tender: int
    tenders: int
    main: Contract
    linked: Contract
    main_type: str
    linked_type: str

    audience = everyone

    def text(self) -> str:
        return (f"Round {self.round}, tender {self.tender} of {self.tenders}: {self.main} ({self.main_type}) "
                f"is the main contract, {self.linked} ({self.linked_type}) the linked one.")


@value
class OffersRevealed(Event):
    """L6.2: every seat's offer, revealed together."""

    picks: Picks

    audience = everyone

    def text(self) -> str:
        return f"Offers revealed: {_picks(self.picks)}."


@value
class TenderWon(Event):
    """L6.3–L6.4: who won a tender, with which offer, by which step of L6.3, and its income."""

    seat: LobbysSeat
    card: Card
    income: int
    main: Contract
    linked: Contract
    won_by: WonBy

    audience = everyone

    @property
    def step(self) -> int:
        """The step of L6.3 that found the winning offer (1 to 4)."""
        return TENDER_STEP[self.won_by]

    @property
    def rule(self) -> str:
        """What decided it (a scenario's `expect: decided_by`)."""
        return f"L6.3 step {self.step}"

    def text(self) -> str:
        return (f"{self.seat} wins the tender with {self.card} ({_WON_BY_TEXT[self.won_by]}, L6.3 step {self.step}): "
                f"takes {self.main} and {self.linked}, +{self.income} point{'s' if self.income != 1 else ''}.")


@value
class ScoreLine:
    """One seat's end-of-round scoring (L7), item by item, and its points after it."""

    seat: LobbysSeat
    majorities: tuple[tuple[str, int], ...]  # L7.1: (contract type, points), shared or not
    omnipresence: int  # L7.2
    partisan: tuple[Suit, ...]  # L7.3
    partisan_points: int
    loss: int  # L7.4, as a positive number
    total: int
    points: int  # after the scoring

    def text(self) -> str:
        items = [f"{name} majority {p}" for name, p in self.majorities]
        if self.omnipresence:
            items.append(f"omnipresence {self.omnipresence}")
        if self.partisan:
            items.append(f"partisan {' '.join(s.symbol for s in self.partisan)} {self.partisan_points}")
        items.append(f"last card −{self.loss}")
        sign = "+" if self.total >= 0 else "−"
        return f"{self.seat} {sign}{abs(self.total)} ({', '.join(items)}) = {self.points}"


@value
class RoundScored(Event):
    """L7: the end-of-round scoring of every seat."""

    round: int
    lines: tuple[ScoreLine, ...]  # in seat order

    audience = everyone

    def text(self) -> str:
        return f"Round {self.round} scored: " + "; ".join(line.text() for line in self.lines) + "."


@value
class GameEnded(Event):
    """L8 (L11.1): the end of the game, the final points by seat and the winners (several on a
    tie, who share the win). It is also the game's ``result``."""

    winners: tuple[LobbysSeat, ...]
    points: tuple[int, ...]  # by seat index
    reason: str

    audience = everyone

    @property
    def winner(self) -> LobbysSeat | None:
        """The single winner; None when several share the win."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def rule(self) -> str:
        """What decided it (a scenario's `expect: decided_by`): the most points, or a shared win."""
        return "L8.1" if self.winner is not None else "L11.1"

    def points_of(self, seat: LobbysSeat) -> int:
        return self.points[seat.index]

    def text(self) -> str:
        best = self.points[self.winners[0].index]
        others = ", ".join(f"Player {i + 1} {p}" for i, p in enumerate(self.points)
                           if all(w.index != i for w in self.winners))
        rest = f" ({others})" if others else ""
        if self.winner is not None:
            return f"Game over ({self.reason}): {self.winner} wins with {best} points{rest}."
        names = " and ".join(str(w) for w in self.winners)
        return f"Game over ({self.reason}): {names} share the win with {best} points each (L11.1){rest}."
