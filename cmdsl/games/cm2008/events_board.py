"""The events of Campaign Manager 2008's board, which every seat sees in full: states entering
play and won (R9), supports gained (R6) and wasted, issues shifted and keys altered (R7),
Breaking News (R10), Going Negative's die (R8), abilities triggered (R12.16). ``events.py``
holds the others (cards, choices, turns; the secret ones) and names these too: the log's events
are one namespace, ``E``."""

from __future__ import annotations

from typing import ClassVar

from ...game.audience import Event, everyone
from ...values import value
from .model import Side

_COLOUR = {"R": "red", "B": "blue", "W": "white"}


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
