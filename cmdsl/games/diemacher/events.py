"""What the log of a Die Macher game says, and who may see it (DM18.26): every event is public
except those that name a hidden card (a platform hand, a face-down opinion, a poll its buyer looks
at or shelves, a contribution refused before the reveal, the preliminary sheets before theirs)."""

from __future__ import annotations

from typing import ClassVar

from ...game.audience import Audience, Event, everyone
from ...values import value
from .cards import Card
from .data import Poll
from .event_text import cards_text, counted, euros  # noqa: F401 - euros: handed on (events.euros)
from .parties import Party
# The events of an election and of a round's end are in their own module, handed on here: the
# rules and the tests read every event as ``events.X``.
from .events_round_end import (BoardCleared, ContributionLaid, ContributionRevealed, ElectionWon,  # noqa: F401
                               GameEnded, Income, NationalMedia, NationalOpinion, OpinionTurnedUp, ScoreLine,
                               SeatsWon)


@value
class GameStarted(Event):
    parties: tuple[Party, ...]
    short: bool
    audience = everyone

    def text(self) -> str:
        kind = "the 5-round game (DM12)" if self.short else "7 elections"
        return f"Die Macher: {', '.join(map(str, self.parties))}; {kind}."


@value
class PlatformShown(Event):
    """DM3.2: a party's face-up platform (public)."""

    party: Party
    cards: tuple[Card, ...]
    audience = everyone

    def text(self) -> str:
        return f"{self.party} shows its platform: {cards_text(self.cards)}."


@value
class HandCards(Event):
    """Platform cards moving in or out of a hand, seen by their holder only; the others read how
    many (``HandDrawn``, ``HandDiscarded``: the same event but for its words)."""

    party: Party
    cards: tuple[Card, ...]
    count: int
    hidden: ClassVar[tuple[str, ...]] = ("cards",)
    #: What the party does, with its cards' names or with their number.
    verb: ClassVar[tuple[str, str, str]] = ("moves", "hand card", "")

    def audience(self) -> Audience:
        return Audience.only(self.party)

    def _redact(self) -> Event:
        return type(self)(self.party, (), self.count, cause=self.cause)

    def text(self) -> str:
        verb, noun, end = self.verb
        shown = cards_text(self.cards) if self.cards else counted(self.count, noun)
        return f"{self.party} {verb} {shown}{end}."


@value
class HandDrawn(HandCards):
    """DM3.3, DM7.2: platform cards drawn into a hand."""

    verb: ClassVar[tuple[str, str, str]] = ("draws", "platform card", "")


@value
class HandDiscarded(HandCards):
    """DM7.2.2: hand cards discarded face down."""

    verb: ClassVar[tuple[str, str, str]] = ("discards", "hand card", " face down")


@value
class PlatformSwapped(Event):
    """DM7.2.3: a face-up platform card swapped for a hand card (public)."""

    party: Party
    out: Card
    into: Card
    audience = everyone

    def text(self) -> str:
        return f"{self.party} swaps its platform card {self.out.id} for {self.into.id}."


@value
class BoardSet(Event):
    """DM3.4–DM3.5, DM10.2: a state on a board, with its opinions (those face down not named)."""

    board: int
    state: str
    up: tuple[Card, ...]
    down: int
    audience = everyone

    def text(self) -> str:
        return (f"Board {self.board}: {self.state}; opinions face up: {cards_text(self.up)}; "
                f"{self.down} face down.")


@value
class PoolDealt(Event):
    cards: tuple[Card, ...]
    audience = everyone

    def text(self) -> str:
        return f"The exchange pool: {cards_text(self.cards)}."


@value
class PreliminaryRevealed(Event):
    """DM4: a party's sheet, revealed with the others'."""

    party: Party
    popularity: str
    votes: str
    rallies: str
    members: int
    media: tuple[str, ...]
    audience = everyone

    def text(self) -> str:
        media = ", ".join(self.media) if self.media else "none"
        return (f"{self.party}: +1 popularity in {self.popularity}, votes to 6 in {self.votes}, 6 rallies in "
                f"{self.rallies}; +{self.members} members; media in: {media}.")


@value
class RoundStarted(Event):
    round: int
    rounds: int
    state: str
    audience = everyone

    def text(self) -> str:
        return f"Round {self.round} of {self.rounds}: the election in {self.state}."


@value
class PhaseStarted(Event):
    phase: str
    audience = everyone

    def text(self) -> str:
        return f"— {self.phase[0].upper()}{self.phase[1:]} —"


@value
class BidShown(Event):
    """DM7.1.1, DM7.1.3: a sealed bid, shown when every party has bid."""

    party: Party
    amount: int
    again: bool
    audience = everyone

    def text(self) -> str:
        return f"{self.party} {'re-bids' if self.again else 'bids'} {euros(self.amount)} for the first player."


@value
class DieRolled(Event):
    party: Party
    pips: int
    why: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party} rolls {self.pips} ({self.why})."


@value
class FirstPlayerNamed(Event):
    """DM7.1.2, DM18.2."""

    winner: Party
    price: int
    first: Party
    audience = everyone

    def text(self) -> str:
        pays = f", pays {euros(self.price)}" if self.price else ""
        return f"{self.winner} wins the first-player auction{pays} and names {self.first} first player."


@value
class MediaBought(Event):
    party: Party
    state: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party} buys a media marker in {self.state} ({euros(4000)})."


@value
class Passed(Event):
    party: Party
    what: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party} passes ({self.what})."


@value
class OpinionSwapped(Event):
    """DM7.3.5, DM7.6.3: a face-up opinion swapped with the exchange pool."""

    party: Party
    state: str
    out: Card
    into: Card
    why: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party} ({self.why}) swaps {self.out.id} in {self.state} for {self.into.id} from the pool."


@value
class RalliesPlaced(Event):
    party: Party
    state: str
    count: int
    audience = everyone

    def text(self) -> str:
        return f"{self.party} places {counted(self.count, 'rally marker')} in {self.state} ({euros(1000 * self.count)})."


@value
class PollOffered(Event):
    state: str
    audience = everyone

    def text(self) -> str:
        return f"The poll of {self.state} is auctioned."


@value
class PollBid(Event):
    party: Party
    amount: int
    audience = everyone

    def text(self) -> str:
        return f"{self.party} bids {euros(self.amount)}."


@value
class PollSold(Event):
    """DM7.5.4, DM18.11: the winner pays; a poll nobody bids on is discarded unseen."""

    state: str
    party: Party | None
    price: int
    audience = everyone

    def text(self) -> str:
        if self.party is None:
            return f"Nobody bids: the poll of {self.state} is discarded unseen."
        return f"{self.party} buys the poll of {self.state} for {euros(self.price)} and looks at it."


def modifiers(poll: Poll, present: tuple[Party, ...]) -> str:
    """A poll's modifiers for the parties in the game (all of them when ``present`` is empty)."""
    return ", ".join(f"{p.value} {m:+d}" for p, m in poll.modifiers if not present or p in present)


@value
class PollSeen(Event):
    """DM7.5.4: the poll its buyer looks at, in secret."""

    party: Party
    poll: Poll | None
    present: tuple[Party, ...] = ()  # the parties in the game: the others' modifiers do nothing (DM18.21)
    hidden: ClassVar[tuple[str, ...]] = ("poll",)

    def audience(self) -> Audience:
        return Audience.only(self.party)

    def _redact(self) -> Event:
        return PollSeen(self.party, None, self.present, cause=self.cause)

    def text(self) -> str:
        if self.poll is None:
            return f"{self.party} looks at the poll."
        return f"{self.party} looks at {self.poll.id}: {modifiers(self.poll, self.present)}."


@value
class PollPublished(Event):
    """DM7.5.4–DM7.5.5: the poll shown, and the modifiers applied."""

    party: Party
    state: str
    poll: Poll
    applied: tuple[tuple[Party, int], ...]
    ignored: tuple[Party, ...]
    present: tuple[Party, ...] = ()  # the parties in the game (DM18.21)
    audience = everyone

    def text(self) -> str:
        mods = modifiers(self.poll, self.present)
        applied = ", ".join(f"{p} {m:+d}" for p, m in self.applied) or "none"
        ignored = f" ({', '.join(map(str, self.ignored))} controls the media: its loss is ignored)" if self.ignored \
            else ""
        return f"{self.party} publishes {self.poll.id} ({mods}) in {self.state}: applies {applied}{ignored}."


@value
class PollShelved(Event):
    """DM7.5.4, DM7.5.6: a shelved poll is never shown."""

    party: Party
    state: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party} shelves the poll of {self.state}."


@value
class MembersChanged(Event):
    party: Party
    change: int
    total: int
    why: str
    audience = everyone

    def text(self) -> str:
        sign = "gains" if self.change >= 0 else "loses"
        return f"{self.party} {sign} {counted(abs(self.change), 'member')} ({self.why}): {self.total}."


@value
class Converted(Event):
    """DM6.3, DM7.6, DM9.1."""

    party: Party
    state: str
    rallies: int
    factor: str
    votes: int
    total: int
    lost: int = 0  # DM6.4: votes beyond 50
    audience = everyone

    def text(self) -> str:
        beyond = f"; {self.lost} lost beyond 50" if self.lost else ""
        return (f"{self.party} converts {counted(self.rallies, 'rally marker')} in {self.state} at ×{self.factor}: "
                f"+{self.votes} votes ({self.total}{beyond}).")


@value
class MoneyPaid(Event):
    party: Party
    amount: int
    why: str
    total: int
    audience = everyone

    def text(self) -> str:
        verb = "pays" if self.amount < 0 else "takes"
        return f"{self.party} {verb} {euros(abs(self.amount))} ({self.why}): {euros(self.total)}."
