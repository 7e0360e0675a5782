"""What the log says of the shadow cabinet's actions (DM8.3), all public (DM18.26): a card's
revealed action is seen by everyone; a face-down opinion card under a key-issue tile is named by
its space only. Events as ``events.py``'s; the rules emit them from ``cabinet.py``."""

from __future__ import annotations

from ...game.audience import Event, everyone
from ...values import value
from .cards import Card
from .event_text import counted
from .parties import Party


@value
class CabinetAction(Event):
    """DM8.3: the action a party chooses from a revealed card's menu (its rules text)."""

    party: Party
    card: str
    state: str
    action: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party}'s {self.card} in {self.state}: {self.action}."


@value
class CabinetIdle(Event):
    """A card none of whose actions can be carried out on its board: nothing happens."""

    party: Party
    card: str
    state: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party}'s {self.card} in {self.state} can carry out none of its actions: nothing happens."


@value
class VotesGained(Event):
    """DM8.3 (DM6.4, DM6.5): a vote marker moved up, capped at 50."""

    party: Party
    state: str
    votes: int
    total: int
    lost: int = 0  # beyond 50
    audience = everyone

    def text(self) -> str:
        beyond = f"; {self.lost} lost beyond 50" if self.lost else ""
        return f"{self.party} gains {counted(self.votes, 'vote')} in {self.state} ({self.total}{beyond})."


@value
class PopularityMoved(Event):
    """DM8.3: a popularity marker moved, within −3 .. +3."""

    party: Party
    state: str
    change: int
    total: int
    by: Party
    audience = everyone

    def text(self) -> str:
        who = "" if self.by is self.party else f" (by {self.by})"
        return f"{self.party}'s popularity in {self.state} moves by {self.change:+d}, to {self.total:+d}{who}."


@value
class RivalChosen(Event):
    party: Party
    rival: Party
    state: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party} targets {self.rival} in {self.state}."


@value
class KeyIssuePlaced(Event):
    """DM8.3 (DM6.1): the key-issue tile put on an opinion card; a face-down one is not named."""

    party: Party
    state: str
    space: int  # 1-based
    card: Card | None  # None: face down
    audience = everyone

    def text(self) -> str:
        what = self.card.id if self.card is not None else "the face-down opinion card"
        return f"{self.party} places the key-issue tile in {self.state} on {what} (space {self.space})."


@value
class KeyIssueRemoved(Event):
    """DM8.3: the key-issue tile taken off a board."""

    party: Party
    state: str
    space: int  # 1-based
    audience = everyone

    def text(self) -> str:
        return f"{self.party} removes the key-issue tile in {self.state} (space {self.space})."


@value
class MediaTakenOver(Event):
    """DM8.3: a rival's media marker replaced by the party's own (the money: ``MoneyPaid``)."""

    party: Party
    rival: Party
    state: str
    audience = everyone

    def text(self) -> str:
        return f"{self.party} takes over a media marker of {self.rival} in {self.state}."
