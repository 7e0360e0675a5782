"""Every change of a game is one of these typed events, each with a one-line text (DESIGN 3).

``cause`` names the effect line behind an event (``obama-yes-we-can:3``) when there is one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Side

_COLOUR = {"R": "red", "B": "blue", "W": "white"}


@dataclass(frozen=True)
class Event:
    cause: str | None = field(default=None, kw_only=True, compare=False)

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class GameStarted(Event):
    seed: int
    setup: str
    first: Side

    def text(self) -> str:
        return f"Game starts (seed {self.seed}, {self.setup} setup); {self.first} plays first."


@dataclass(frozen=True)
class StateEntered(Event):
    state: str
    ev: int
    slot: int
    majority: str
    key: str

    def text(self) -> str:
        return (f"{self.state} ({self.ev} EV) comes into play in slot {self.slot + 1}: "
                f"{self.majority.title()} is the majority issue, key demographic {self.key}.")


@dataclass(frozen=True)
class Shuffled(Event):
    player: Side | None  # None: the Breaking News deck
    what: str  # "deck" | "discard pile into a new deck" | "Breaking News deck"
    count: int
    order: tuple[str, ...] = field(repr=False, default=())

    def text(self) -> str:
        who = f"{self.player} shuffles" if self.player else "Shuffle"
        return f"{who} the {self.what} ({self.count} cards)."


@dataclass(frozen=True)
class TurnStarted(Event):
    turn: int
    player: Side

    def text(self) -> str:
        return f"— Turn {self.turn}: {self.player} —"


@dataclass(frozen=True)
class CardDrawn(Event):
    player: Side
    card: str
    title: str

    def text(self) -> str:
        return f"{self.player} draws {self.title}."


@dataclass(frozen=True)
class DrawFailed(Event):
    player: Side

    def text(self) -> str:
        return f"{self.player} has no card left to draw."


@dataclass(frozen=True)
class CardPlayed(Event):
    player: Side
    card: str
    title: str
    nested: bool = False

    def text(self) -> str:
        how = "plays at once" if self.nested else "plays"
        return f"{self.player} {how} {self.title}."


@dataclass(frozen=True)
class PlayTooDeep(Event):
    """R12.15: a card played inside an effect at too deep a level is not resolved."""

    player: Side
    card: str
    title: str
    level: int
    limit: int

    def text(self) -> str:
        return (f"{self.title} would be played at level {self.level}, deeper than {self.limit}: "
                f"it has no effect and goes to {self.player}'s discard pile at the end of the turn (R12.15).")


@dataclass(frozen=True)
class CardDiscarded(Event):
    player: Side
    card: str
    title: str
    why: str  # "cost", "effect", "end of turn", "replaced"

    def text(self) -> str:
        if self.why == "end of turn":
            return f"{self.title} goes to {self.player}'s discard pile."
        if self.why == "replaced":
            return f"{self.title} is replaced and goes to {self.player}'s discard pile."
        return f"{self.player} discards {self.title}."


@dataclass(frozen=True)
class MediaSupportInPlay(Event):
    player: Side
    card: str
    title: str

    def text(self) -> str:
        return f"{self.title} is now {self.player}'s Media Support in play."


@dataclass(frozen=True)
class BlockChanged(Event):
    """A voter block turns to ``player``'s colour (R6.1, R6.2, R7.3)."""

    player: Side
    state: str
    issue: str
    index: int  # 0-based
    printed: str  # R, B or W
    token_before: Side | None
    token_after: Side | None

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


@dataclass(frozen=True)
class GainWasted(Event):
    player: Side
    state: str
    issue: str
    reason: str

    def text(self) -> str:
        return f"{self.player} gains no support on {self.issue.title()} in {self.state}: {self.reason}."


@dataclass(frozen=True)
class IssueShifted(Event):
    state: str
    before: int
    after: int
    majority: str

    def text(self) -> str:
        if self.before == self.after:
            return f"{self.state}: the issue marker cannot move further (box {self.after}); {self.majority.title()} stays the majority issue."
        return (f"{self.state}: issue marker moves from box {self.before} to box {self.after}; "
                f"{self.majority.title()} is the majority issue.")


@dataclass(frozen=True)
class KeyAltered(Event):
    state: str
    before: str
    after: str

    def text(self) -> str:
        return f"{self.state}: the key demographic changes from {self.before} to {self.after}."


@dataclass(frozen=True)
class DemographicSupportPlayed(Event):
    player: Side
    group: str
    states: tuple[str, ...]

    def text(self) -> str:
        where = ", ".join(self.states) if self.states else "no state in play"
        return f"Demographic Support for {self.group} ({self.player}): key in {where}."


@dataclass(frozen=True)
class StateWon(Event):
    player: Side
    state: str
    ev: int
    score_before: int
    score_after: int

    def text(self) -> str:
        return (f"{self.player} wins {self.state} ({self.ev} EV): "
                f"score {self.score_before} → {self.score_after}.")


@dataclass(frozen=True)
class TokensReturned(Event):
    state: str
    mccain: int
    obama: int

    def text(self) -> str:
        return f"Tokens on {self.state} go back to their owners (McCain {self.mccain}, Obama {self.obama})."


@dataclass(frozen=True)
class NoReplacement(Event):
    def text(self) -> str:
        return "No state is left to come into play; the game goes on with fewer states."


@dataclass(frozen=True)
class NewsDrawn(Event):
    news: str
    title: str
    target: str | None

    def text(self) -> str:
        on = f", affecting {self.target}" if self.target else ""
        return f"Breaking News: {self.title}{on}."


@dataclass(frozen=True)
class NewsTargeted(Event):
    """R10.2, R12.14: the Media Support in play sends the revealed Breaking News to a state."""

    title: str
    target: str
    media: str

    def text(self) -> str:
        return f"{self.title} affects {self.target} ({self.media})."


@dataclass(frozen=True)
class NewsDeckEmpty(Event):
    def text(self) -> str:
        return "The Breaking News deck is empty: no event."


@dataclass(frozen=True)
class DieRolled(Event):
    player: Side  # who went negative
    value: int
    result: str

    def text(self) -> str:
        return (f"{self.player} goes negative and rolls {self.value}: {self.result} "
                f"— {self.player.other} carries it out.")


@dataclass(frozen=True)
class NegativeSkipped(Event):
    player: Side
    card: str

    def text(self) -> str:
        return f"{self.player} goes negative without rolling ({self.card})."


@dataclass(frozen=True)
class Chose(Event):
    """A decision's answer, so the log reads like the game."""

    player: Side
    kind: str
    option: str
    label: str

    def text(self) -> str:
        if self.kind == "turn":
            return f"{self.player} chooses to {self.label[0].lower()}{self.label[1:]}."
        return f"{self.player} chooses {self.label}{_CHOICE_SUFFIX.get(self.kind, '')}."


_CHOICE_SUFFIX = {
    "discard": " to discard", "draft": " to keep", "order": " to be resolved first",
    "replacement": " to come into play", "news-target": " as the state the Breaking News affects",
    "setup-state": " as a starting state", "option": "", "issue": " as the issue", "card": "",
}


@dataclass(frozen=True)
class Passed(Event):
    player: Side
    reason: str

    def text(self) -> str:
        return f"{self.player} passes: {self.reason}."


@dataclass(frozen=True)
class TurnEnded(Event):
    turn: int
    player: Side

    def text(self) -> str:
        return f"{self.player}'s turn {self.turn} ends."


@dataclass(frozen=True)
class GameEnded(Event):
    winner: Side | None
    reason: str
    mccain: int
    obama: int

    def text(self) -> str:
        who = f"{self.winner} wins" if self.winner else "Draw"
        return f"Game over — {who} ({self.reason}). McCain {self.mccain}, Obama {self.obama}."


@dataclass(frozen=True)
class NothingToChoose(Event):
    player: Side
    what: str

    def text(self) -> str:
        return f"{self.player} has nothing to choose: no {self.what.removeprefix('a ')} in play."


@dataclass(frozen=True)
class Interjected(Event):
    """An effect run by hand or a position arranged by hand (REPL `eval` / `set`)."""

    what: str

    def text(self) -> str:
        return f"[by hand] {self.what}"


@dataclass(frozen=True)
class Drafted(Event):
    player: Side
    round: int
    kept: str
    removed: tuple[str, ...]

    def text(self) -> str:
        return f"{self.player} drafts (round {self.round}): keeps {self.kept}, removes {', '.join(self.removed) or 'nothing'}."
