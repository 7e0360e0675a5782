"""The decision protocol (DESIGN property 2): who decides, what kind, which options."""

from __future__ import annotations

from dataclasses import field
from enum import Enum, StrEnum
from fractions import Fraction
from typing import Any, Protocol, Union

from ..values import value


class PlayerSeat(Protocol):
    """A player's seat, as the game names it (DESIGN property 12). The game lists its seats, in
    seat order, as ``game.seats``: seat i is ``game.seats[i]``, i from 0 to N−1. The core knows a
    seat only by that list: it is hashable, ``value`` is its name in records (``{"seat": …,
    "answer": …}``) and ``str(seat)`` its label in text (a game's seats are often the members of
    a ``str`` enum, named and labelled by the game)."""

    @property
    def value(self) -> str: ...


class ChanceSeat(Enum):
    """The chance seat (DESIGN property 10): it decides random outcomes with few outcomes (a die
    roll, a random first player). The game's seeded RNG answers for it unless the outcome is
    forced (``Driver.force_chance``) or the game asks its caller (``Driver.ask_chance``)."""

    CHANCE = "chance"

    def __str__(self) -> str:
        return "Chance"


CHANCE = ChanceSeat.CHANCE
#: Who decides: a player's seat, or chance.
Seat = Union[PlayerSeat, ChanceSeat]


@value
class Option:
    """One legal answer. ``id`` is stable across runs and is what records store."""

    id: str
    label: str
    value: Any = field(default=None, compare=False, repr=False)


@value
class ChanceOption(Option):
    """An outcome of a chance decision, with its ``probability`` (a decision's sum to 1). A
    class of its own, so that the options players answer, made by the thousand, stay small."""

    probability: Fraction = Fraction(0)


@value
class Decision:
    player: Seat
    kind: StrEnum  # what the decision is about: each game has its enum of kinds
    prompt: str
    options: tuple[Option, ...]  # a chance decision's are ``ChanceOption``s
    # The effect line that asks, as events name it (``item-id:line``), when an effect asks: a
    # controller can say what the choice is for. Not compared: the same question either way.
    cause: str | None = field(default=None, compare=False, repr=False)

    def find(self, answer: str) -> Option | None:
        """The option whose id is ``answer`` (or, failing that, whose label is, ignoring case)."""
        for o in self.options:
            if o.id == answer:
                return o
        low = answer.strip().lower()
        for o in self.options:
            if o.label.lower() == low:
                return o
        return None

    @property
    def is_chance(self) -> bool:
        return self.player is CHANCE

    def describe(self) -> str:
        lines = [f"{self.player} — {self.prompt}"]
        lines += [f"  {i}. {o.label}  [{o.id}]" for i, o in enumerate(self.options, 1)]
        return "\n".join(lines)


@value
class SeatAnswer:
    """An answer of ``seat``: the option id ``answer``. A record tags an answer with its seat when
    several decisions were pending at once, and for every outcome of the chance seat it stores
    (those drawn from the seed are not stored: the seed gives them again)."""

    seat: Seat
    answer: str

    @property
    def is_chance(self) -> bool:
        return self.seat is CHANCE


def is_chance(entry: object) -> bool:
    """Whether a game's or a record's answer is the chance seat's."""
    return isinstance(entry, SeatAnswer) and entry.seat is CHANCE
