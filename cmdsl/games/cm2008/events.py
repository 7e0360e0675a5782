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

_COLOUR = {"R": "red", "B": "blue", "W": "white"}


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
class StateEntered(Event):
    state: str
    ev: int
    slot: int
    majority: str
    key: str

    audience = everyone

    def text(self) -> str:
        return (f"{self.state} ({self.ev} EV) comes into play in slot {self.slot + 1}: "
                f"{self.majority.title()} is the majority issue, key demographic {self.key}.")


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
class BlockChanged(Event):
    """A voter block turns to ``player``'s colour (R6.1, R6.2, R7.3)."""

    player: Side
    state: str
    issue: str
    index: int  # 0-based
    printed: str  # R, B or W
    token_before: Side | None
    token_after: Side | None

    audience = everyone

    def text(self) -> str:
        before = self.token_before.letter if self.token_before else self.printed
        after = self.token_after.letter if self.token_after else self.printed
        if self.token_before is None:
            how = f"places a token on a {_COLOUR[self.printed]} circle"
        elif self.token_after is None:
            how = f"removes {self.token_before}'s token from a {_COLOUR[self.printed]} circle"
        else:
            how = f"replaces {self.token_before}'s token on a {_COLOUR[self.printed]} circle"
        return (f"{self.player} gains a support: {self.state}, {self.issue.title()}, block {self.index + 1}, "
                f"{_COLOUR[before]} → {_COLOUR[after]} ({how}).")


@value
class GainWasted(Event):
    player: Side
    state: str
    issue: str
    reason: str

    audience = everyone

    def text(self) -> str:
        return f"{self.player} gains no support on {self.issue.title()} in {self.state}: {self.reason}."


@value
class IssueShifted(Event):
    state: str
    before: int
    after: int
    majority: str

    audience = everyone

    def text(self) -> str:
        if self.before == self.after:
            return f"{self.state}: the issue marker cannot move further (box {self.after}); {self.majority.title()} stays the majority issue."
        return (f"{self.state}: issue marker moves from box {self.before} to box {self.after}; "
                f"{self.majority.title()} is the majority issue.")


@value
class KeyAltered(Event):
    state: str
    before: str
    after: str

    audience = everyone

    def text(self) -> str:
        return f"{self.state}: the key demographic changes from {self.before} to {self.after}."


@value
class DemographicSupportPlayed(Event):
    player: Side
    group: str
    states: tuple[str, ...]

    audience = everyone

    def text(self) -> str:
        where = ", ".join(self.states) if self.states else "no state in play"
        return f"Demographic Support for {self.group} ({self.player}): key in {where}."


@value
class StateWon(Event):
    player: Side
    state: str
    ev: int
    score_before: int
    score_after: int

    audience = everyone
    rule: ClassVar[str] = "R9.1"  # what decided it (a scenario's `expect: decided_by`)

    def text(self) -> str:
        return (f"{self.player} wins {self.state} ({self.ev} EV): "
                f"score {self.score_before} → {self.score_after}.")


@value
class TokensReturned(Event):
    state: str
    mccain: int
    obama: int

    audience = everyone

    def text(self) -> str:
        return f"Tokens on {self.state} go back to their owners (McCain {self.mccain}, Obama {self.obama})."


@value
class NoReplacement(Event):
    audience = everyone

    def text(self) -> str:
        return "No state is left to come into play; the game goes on with fewer states."


@value
class NewsDrawn(Event):
    news: str
    title: str
    target: str | None

    audience = everyone

    def text(self) -> str:
        on = f", affecting {self.target}" if self.target else ""
        return f"Breaking News: {self.title}{on}."


@value
class NewsTargeted(Event):
    """R10.2, R12.14: the Media Support in play sends the revealed Breaking News to a state."""

    title: str
    target: str
    media: str

    audience = everyone

    def text(self) -> str:
        return f"{self.title} affects {self.target} ({self.media})."


@value
class NewsDeckEmpty(Event):
    audience = everyone

    def text(self) -> str:
        return "The Breaking News deck is empty: no event."


@value
class DieRolled(Event):
    player: Side  # who went negative
    value: int
    result: str

    audience = everyone

    def text(self) -> str:
        return (f"{self.player} goes negative and rolls {self.value}: {self.result} "
                f"— {self.player.other} carries it out.")


@value
class NegativeSkipped(Event):
    player: Side
    card: str

    audience = everyone

    def text(self) -> str:
        return f"{self.player} goes negative without rolling ({self.card})."


@value
class AbilityTriggered(Event):
    """R12.16: a triggered ability of the Media Support in play fires; what it does follows."""

    owner: Side
    card: str
    title: str
    ability: str  # its head as rules text: "When you win a state"

    audience = everyone

    def text(self) -> str:
        return f"{self.title} ({self.owner}'s Media Support) triggers: \"{self.ability}\"."


@value
class TriggerLimitReached(Event):
    """R12.16: one player action has fired the most triggered abilities it may; this one does nothing."""

    owner: Side
    card: str
    title: str
    ability: str
    limit: int

    audience = everyone

    def text(self) -> str:
        return (f"{self.title} ({self.owner}'s Media Support) would trigger (\"{self.ability}\") but has no "
                f"effect: this action has already fired {self.limit} triggered abilities (R12.16).")


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
