"""Every change of a game is one of these typed events, each with a one-line text (DESIGN 3).

``cause`` names the effect line behind an event (``obama-yes-we-can:3``) when there is one.

Secrets (DESIGN property 11, docs/secrets.md): every event class declares its ``audience()``, the
seats that may see it in full, and ``hidden``, the fields a seat outside it must not learn (the
``Event`` base and ``Audience`` are the core's: ``cmdsl.game.audience``).
``event.redacted(seat)`` is what that seat sees: the event itself, or a public ``…Redacted`` event
that says what happened without those fields ("Obama draws a card."). The game's own log
(``Game.events``) always keeps the full events; views redact them (cmdsl/games/cm2008/view.py).
"""

from __future__ import annotations

import re

from dataclasses import field
from typing import ClassVar

from .model import Side
from ...values import value
from ...game.audience import EVERYONE, NOBODY, Audience, Event, everyone
from .kinds import DecisionKind
from .options import DONE

# The events of the board, public to every seat (R6–R10, R12.16), are in their own module; the
# log's events are one namespace, ``E``, as the rules and views read them.
from .events_board import (  # noqa: F401
    StateEntered,
    BlockChanged,
    GainWasted,
    IssueShifted,
    KeyAltered,
    DemographicSupportPlayed,
    StateWon,
    TokensReturned,
    NoReplacement,
    NewsDrawn,
    NewsTargeted,
    NewsDeckEmpty,
    DieRolled,
    NegativeSkipped,
    AbilityTriggered,
    TriggerLimitReached,
)


@value
class GameStarted(Event):
    seed: int
    setup: str
    first: Side

    # The seed is the whole of the game's chance: whoever knows it can replay every shuffle and die.
    hidden: ClassVar[tuple[str, ...]] = ("seed",)

    def text(self) -> str:
        return f"Game starts (seed {self.seed}, {self.setup} setup); {self.first} plays first."

    def audience(self) -> Audience:
        return NOBODY

    def _redact(self) -> Event:
        return GameStartedRedacted(self.setup, self.first, cause=self.cause)


@value
class GameStartedRedacted(Event):
    """``GameStarted`` without the seed."""

    setup: str
    first: Side

    audience = everyone

    def text(self) -> str:
        return f"Game starts ({self.setup} setup); {self.first} plays first."


@value
class Shuffled(Event):
    player: Side | None  # None: the Breaking News deck
    what: str  # "deck" | "discard pile into a new deck" | "Breaking News deck"
    count: int
    order: tuple[str, ...] = field(repr=False, default=())

    # Decks and the Breaking News deck are face down (R3.1, R3.2, R3.4, R5.1): nobody sees the order.
    hidden: ClassVar[tuple[str, ...]] = ("order",)

    def text(self) -> str:
        return _shuffle_text(self.player, self.what, self.count)

    def audience(self) -> Audience:
        return NOBODY

    def _redact(self) -> Event:
        return ShuffledRedacted(self.player, self.what, self.count, cause=self.cause)


@value
class ShuffledRedacted(Event):
    """``Shuffled`` without the order: what everyone sees of a shuffle (the same text)."""

    player: Side | None
    what: str
    count: int

    audience = everyone

    def text(self) -> str:
        return _shuffle_text(self.player, self.what, self.count)


def _shuffle_text(player: Side | None, what: str, count: int) -> str:
    who = f"{player} shuffles" if player else "Shuffle"
    return f"{who} the {what} ({count} cards)."


@value
class TurnStarted(Event):
    turn: int
    player: Side

    audience = everyone

    def text(self) -> str:
        return f"— Turn {self.turn}: {self.player} —"


@value
class CardDrawn(Event):
    player: Side
    card: str
    title: str

    hidden: ClassVar[tuple[str, ...]] = ("card", "title")

    def text(self) -> str:
        return f"{self.player} draws {self.title}."

    def audience(self) -> Audience:
        return Audience.only(self.player)  # hands are secret (R3.2): the opponent sees a card drawn

    def _redact(self) -> Event:
        return CardDrawnRedacted(self.player, cause=self.cause)


@value
class CardDrawnRedacted(Event):
    """``CardDrawn`` as the opponent sees it."""

    player: Side

    audience = everyone

    def text(self) -> str:
        return f"{self.player} draws a card."


@value
class DrawFailed(Event):
    player: Side

    audience = everyone

    def text(self) -> str:
        return f"{self.player} has no card left to draw."


@value
class CardPlayed(Event):
    player: Side
    card: str
    title: str
    nested: bool = False

    audience = everyone

    def text(self) -> str:
        how = "plays at once" if self.nested else "plays"
        return f"{self.player} {how} {self.title}."


@value
class PlayTooDeep(Event):
    """R12.15: a card played inside an effect at too deep a level is not resolved."""

    player: Side
    card: str
    title: str
    level: int
    limit: int

    audience = everyone

    def text(self) -> str:
        return (f"{self.title} would be played at level {self.level}, deeper than {self.limit}: "
                f"it has no effect and goes to {self.player}'s discard pile at the end of the turn (R12.15).")


@value
class CardDiscarded(Event):
    player: Side
    card: str
    title: str
    why: str  # "cost", "effect", "end of turn", "replaced"

    audience = everyone

    def text(self) -> str:
        if self.why == "end of turn":
            return f"{self.title} goes to {self.player}'s discard pile."
        if self.why == "replaced":
            return f"{self.title} is replaced and goes to {self.player}'s discard pile."
        return f"{self.player} discards {self.title}."


@value
class MediaSupportInPlay(Event):
    player: Side
    card: str
    title: str

    audience = everyone

    def text(self) -> str:
        return f"{self.title} is now {self.player}'s Media Support in play."


@value
class Chose(Event):
    """A decision's answer, so the log reads like the game."""

    player: Side
    kind: str
    option: str
    label: str

    hidden: ClassVar[tuple[str, ...]] = ("option", "label")

    def text(self) -> str:
        if self.kind == "turn" or self.option == DONE:  # a verb: "chooses to stop discarding (…)"
            return f"{self.player} chooses to {self.label[0].lower()}{self.label[1:]}."
        return f"{self.player} chooses {self.label}{_CHOICE_SUFFIX.get(self.kind, '')}."

    def audience(self) -> Audience:
        # A card chosen from one's hand or draft, or a starting state picked in secret (R3.1–R3.3),
        # is the chooser's until it is revealed by its own public event (CardPlayed, CardDiscarded,
        # StateEntered). "Stop discarding" names no card. Every other choice is made in the open.
        if self.kind in _SECRET_CHOICES and self.option != DONE:
            return Audience.only(self.player)
        return EVERYONE

    def _redact(self) -> Event:
        return ChoseRedacted(self.player, self.kind, cause=self.cause)


#: The decisions whose answer is secret (see ``Chose.audience``).
_SECRET_CHOICES = frozenset({DecisionKind.SETUP_STATE, DecisionKind.DRAFT, DecisionKind.CARD, DecisionKind.DISCARD})


@value
class ChoseRedacted(Event):
    """A secret ``Chose`` as the other players see it: that a choice was made, and of what kind."""

    player: Side
    kind: str

    audience = everyone

    def text(self) -> str:
        return f"{self.player} chooses {_SECRET_CHOICE_TEXT.get(self.kind, 'something')}."


_SECRET_CHOICE_TEXT = {
    "setup-state": "a starting state", "draft": "a card to keep", "card": "a card from their hand",
    "discard": "a card to discard",
}


_CHOICE_SUFFIX = {
    "discard": " to discard", "draft": " to keep", "order": " to be resolved first",
    "replacement": " to come into play", "news-target": " as the state the Breaking News affects",
    "setup-state": " as a starting state", "option": "", "issue": " as the issue", "card": "",
}


@value
class Passed(Event):
    player: Side
    reason: str

    audience = everyone

    def text(self) -> str:
        return f"{self.player} passes: {self.reason}."


@value
class TurnEnded(Event):
    turn: int
    player: Side

    audience = everyone

    def text(self) -> str:
        return f"{self.player}'s turn {self.turn} ends."


@value
class GameEnded(Event):
    winner: Side | None
    reason: str
    mccain: int
    obama: int

    audience = everyone

    @property
    def rule(self) -> str:
        """The rule that ended the game (a scenario's `expect: decided_by`): R11.1 at 270, else the
        ruling its reason names (R12.3 turn limit, R12.7 nobody can act), R12.13 every state won."""
        cited = re.search(r"\((R\d+(?:\.\d+)+)\)", self.reason)
        return cited[1] if cited else "R11.1" if self.winner is not None else "R12.13"

    def text(self) -> str:
        who = f"{self.winner} wins" if self.winner else "Draw"
        return f"Game over — {who} ({self.reason}). McCain {self.mccain}, Obama {self.obama}."


@value
class NothingToChoose(Event):
    player: Side
    what: str

    audience = everyone

    def text(self) -> str:
        what = self.what.removeprefix("a ")
        return f"{self.player} has nothing to choose: there is no {what}{'' if ' in play' in what else ' in play'}."


@value
class Interjected(Event):
    """An effect run by hand or a position arranged by hand (REPL `eval` / `set`)."""

    what: str

    # An action by hand may set a hand, the top Breaking News or the next die (cmdsl/games/cm2008/interjections.py),
    # and it is made by whoever runs the game, not by a seat: nobody sees what it was.
    hidden: ClassVar[tuple[str, ...]] = ("what",)

    def text(self) -> str:
        return f"[by hand] {self.what}"

    def audience(self) -> Audience:
        return NOBODY

    def _redact(self) -> Event:
        return InterjectedRedacted(cause=self.cause)


@value
class InterjectedRedacted(Event):
    """``Interjected`` without what was done."""

    audience = everyone

    def text(self) -> str:
        return "[by hand] the game was changed by hand."


@value
class Drafted(Event):
    player: Side
    round: int
    kept: str
    removed: tuple[str, ...]

    # R3.1: the kept card goes face down into the campaign deck; the others leave the game unseen.
    hidden: ClassVar[tuple[str, ...]] = ("kept", "removed")

    def text(self) -> str:
        return f"{self.player} drafts (round {self.round}): keeps {self.kept}, removes {', '.join(self.removed) or 'nothing'}."

    def audience(self) -> Audience:
        return Audience.only(self.player)

    def _redact(self) -> Event:
        return DraftedRedacted(self.player, self.round, len(self.removed), cause=self.cause)


@value
class DraftedRedacted(Event):
    """``Drafted`` as the opponent sees it: how many cards were kept and removed, not which."""

    player: Side
    round: int
    removed: int

    audience = everyone

    def text(self) -> str:
        gone = {0: "nothing", 1: "1 card"}.get(self.removed, f"{self.removed} cards")
        return f"{self.player} drafts (round {self.round}): keeps a card, removes {gone}."
