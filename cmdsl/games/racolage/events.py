"""What a Racolage Électoral game's log says, and who may see it (a hand is secret: RA3.3)."""

from __future__ import annotations

from typing import ClassVar

from ...game.audience import Audience, Event, everyone
from ...values import value
from .seats import RacolageSeat


def _cards(names: tuple[str, ...]) -> str:
    return ", ".join(names)


def _sentence(text: str) -> str:
    """``text`` ended with a full stop, unless a card's name already ends it with its own mark."""
    return text if text.endswith((".", "!", "?")) else text + "."


@value
class Dealt(Event):
    """RA3.3: a player's five Media cards, seen by that player alone."""

    seat: RacolageSeat
    cards: tuple[str, ...]  # card names; () for the others
    count: int

    hidden: ClassVar[tuple[str, ...]] = ("cards",)

    def audience(self) -> Audience:
        return Audience.only(self.seat)

    def _redact(self) -> Event:
        return Dealt(self.seat, (), self.count, cause=self.cause)

    def text(self) -> str:
        return f"{self.seat} is dealt " + (_cards(self.cards) + "." if self.cards else f"{self.count} Media cards.")


@value
class TurnStarted(Event):
    seat: RacolageSeat
    turn: int

    audience = everyone

    def text(self) -> str:
        return f"— Turn {self.turn}: {self.seat} —"


@value
class TurnSkipped(Event):
    """RA9.2, RA11.5: a skipped turn is skipped whole."""

    seat: RacolageSeat
    left: int  # skips still to come

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} skips this turn" + (f" ({self.left} more to skip)." if self.left else ".")


@value
class Drew(Event):
    """A card drawn into a hand: which, its holder alone sees."""

    seat: RacolageSeat
    deck: str  # "Media" | "Action"
    card: str  # its name; "" for the others

    hidden: ClassVar[tuple[str, ...]] = ("card",)

    def audience(self) -> Audience:
        return Audience.only(self.seat)

    def _redact(self) -> Event:
        return Drew(self.seat, self.deck, "", cause=self.cause)

    def text(self) -> str:
        return _sentence(f"{self.seat} draws " + (self.card if self.card else
                                                  f"{'an' if self.deck[0] in 'AEIOU' else 'a'} {self.deck} card"))


@value
class DeckEmpty(Event):
    deck: str

    audience = everyone

    def text(self) -> str:
        return f"The {self.deck} deck is empty."


@value
class ActionDeckReshuffled(Event):
    """RA11.3: the Action cards of the discard pile make a new Action deck."""

    count: int

    audience = everyone

    def text(self) -> str:
        cards = "The Action card of the discard pile is" if self.count == 1 else \
            f"The {self.count} Action cards of the discard pile are"
        return f"{cards} shuffled into a new Action deck."


@value
class Sold(Event):
    """RA5: cards sold from hand (face up to the discard pile) to buy Action cards."""

    seat: RacolageSeat
    cards: tuple[str, ...]
    total: int
    bought: int

    audience = everyone

    def text(self) -> str:
        lost = self.total - 3 * self.bought
        return (f"{self.seat} sells {_cards(self.cards)} ({self.total} points) for {self.bought} Action card"
                + ("s" if self.bought != 1 else "") + (f"; {lost} point{'s' if lost != 1 else ''} lost." if lost else "."))


@value
class EventInPlay(Event):
    """RA5.4, RA6.4: an Event drawn goes into the event slot, replacing the one there."""

    seat: RacolageSeat  # who drew it
    card: str
    theme: str | None
    replaced: str | None

    audience = everyone

    def text(self) -> str:
        return _sentence(f"{self.seat} turns up the Event {self.card}" + (f" ({self.theme})" if self.theme else "")
                         + (f", which replaces {self.replaced}" if self.replaced else ""))


@value
class MediaPlaced(Event):
    """RA6.1: a Media card placed in its owner's media space."""

    seat: RacolageSeat
    card: str
    value: int
    notoriety: int  # the owner's notoriety after it

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} places {self.card} (+{self.value}): notoriety {self.notoriety}."


@value
class Passed(Event):
    """A phase with nothing done (RA4.1, RA4.2). Why a phase 2 had nothing to do (RA6.1) tells of
    the hand, so the player alone reads it; the others read what a pass chosen shows (RA3.3)."""

    seat: RacolageSeat
    phase: int  # 1 or 2
    played: bool  # phase 2: an Action was played before
    why: str  # "" for a pass chosen, and for the others

    hidden: ClassVar[tuple[str, ...]] = ("why",)

    def audience(self) -> Audience:
        return Audience.only(self.seat)

    def _redact(self) -> Event:
        return Passed(self.seat, self.phase, self.played, "", cause=self.cause)

    def text(self) -> str:
        if self.phase == 1:
            done = "passes: no card drawn or bought"
        else:
            done = "places no Media card" + ("" if self.played else " and plays no Action card")
        return f"{self.seat} {done}" + (f": {self.why}" if self.why else "") + "."


@value
class ActionPlayed(Event):
    seat: RacolageSeat
    card: str
    kind: str
    rules: str  # its rules text, or ""
    replaced: str | None = None  # RA2.4: the permanent of the same type it replaces

    audience = everyone

    def text(self) -> str:
        played = f"{self.seat} plays the {self.kind} {self.card}"
        # the card's text is printed in the second person ("You draw…"): quoted, as the card's own
        played = f"{played}: “{self.rules}”" if self.rules else _sentence(played)
        return played + (" " + _sentence(f"It replaces {self.replaced}") if self.replaced else "")


@value
class Discarded(Event):
    """A card to the discard pile, face up: from a hand (a check, an effect) or from play."""

    seat: RacolageSeat | None
    card: str
    why: str
    from_hand: bool = False  # from its holder's hand, where nobody else saw it (the undo rule reads it)

    audience = everyone

    def text(self) -> str:
        return f"{self.seat or 'The table'} discards {self.card} ({self.why})."


@value
class TurnsToSkip(Event):
    seat: RacolageSeat
    count: int
    total: int

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} will skip {self.count} turn{'s' if self.count != 1 else ''} ({self.total} in all)."


@value
class NotorietyBonus(Event):
    """RA11.1: a bonus kept apart, counted at the end."""

    seat: RacolageSeat
    amount: int
    total: int

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} gains {self.amount} bonus notoriety ({self.total} in all, counted at the end)."


@value
class FinalRound(Event):
    """RA8.1, RA11.4: the last Media card is drawn."""

    seat: RacolageSeat

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} draws the last Media card: the final round starts (RA8.1)."


@value
class OptionChosen(Event):
    seat: RacolageSeat
    label: str

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} chooses: {self.label}."


@value
class EffectSkipped(Event):
    seat: RacolageSeat
    card: str
    why: str

    audience = everyone

    def text(self) -> str:
        return f"{self.card}'s effect does not run: {self.why}."


@value
class GameEnded(Event):
    """RA8.2, RA11.6: the final notoriety of each player; the highest win, sharing a tie."""

    winners: tuple[RacolageSeat, ...]
    scores: tuple[int, ...]  # by seat index
    reason: str

    audience = everyone

    def text(self) -> str:
        who = " and ".join(map(str, self.winners))
        return f"Game over — {who} win{'s' if len(self.winners) == 1 else ''} with {max(self.scores)} notoriety ({self.reason})."
