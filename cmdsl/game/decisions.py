"""The decision protocol (DESIGN property 2): who decides, what kind, which options."""

from __future__ import annotations

import re
from dataclasses import field
from enum import Enum, StrEnum
from fractions import Fraction
from functools import lru_cache
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

#: A typed amount (``Amount.parse``), once its unit and any ``k`` are taken off: digits, or digits in
#: groups of three after a comma or a space ("7,000", "7 000", a no-break space too); with ``k``,
#: a decimal point may say the hundreds ("2.5k").
_WHOLE = re.compile(r"[0-9]+|[0-9]{1,3}(?:[,\s][0-9]{3})+")
_THOUSANDS = re.compile(r"(?:[0-9]+|[0-9]{1,3}(?:[,\s][0-9]{3})+)(?:\.[0-9]{1,3})?")


@lru_cache(maxsize=64)
def _amount_ids(ids: str) -> re.Pattern[str]:
    """The ids an amount hint's ``ids`` gives its amounts: an int as ``str`` writes it (no leading
    zero, no "-0")."""
    before, _, after = ids.partition("{}")
    return re.compile(re.escape(before) + "(?:0|-?[1-9][0-9]*)" + re.escape(after))


@value
class Amount:
    """A hint that a decision's options are amounts (a bid, a count): each amount ``n`` offered is
    the option whose id is ``id_of(n)`` (``ids`` with ``n`` for its ``{}``). The options stay the
    decision's list; the hint lets a player type an amount (``parse``, ``Decision.find``) and
    bots try the few amounts the game names (``salient``, ``Decision.candidates``). ``min`` to
    ``max`` in steps of ``step`` is the range the game declares; an amount in it is an answer only
    if the decision offers its option (a bid above the money in hand is not offered)."""

    min: int
    max: int
    step: int = 1
    unit: str = ""  # shown before a symbol's amount ("€7,000"), after a word's ("3 rallies")
    salient: tuple[int, ...] = ()  # the amounts bots try, the game's choice: 0, the least, all…
    ids: str = "{}"  # the option id of an amount: one ``{}``, e.g. "bid:{}"

    def __post_init__(self) -> None:
        if self.min > self.max:
            raise ValueError(f"an amount's min ({self.min}) is more than its max ({self.max})")
        if self.step < 1:
            raise ValueError(f"an amount's step must be at least 1, not {self.step}")
        if self.ids.count("{}") != 1 or "{" in self.ids.replace("{}", "") or "}" in self.ids.replace("{}", ""):
            raise ValueError(f'an amount\'s ids must hold exactly one "{{}}" and no other brace, not {self.ids!r}')

    def id_of(self, n: int) -> str:
        """The option id of the amount ``n``."""
        return self.ids.format(n)

    def amount_of(self, option_id: str) -> int | None:
        """The amount whose option id is ``option_id``; None if it is no amount's (e.g. "pass")."""
        before, _, after = self.ids.partition("{}")
        if len(option_id) <= len(before) + len(after) or not option_id.startswith(before) \
                or not option_id.endswith(after):
            return None
        middle = option_id[len(before):len(option_id) - len(after)]
        digits = middle[1:] if middle.startswith("-") else middle
        if not (digits.isascii() and digits.isdigit()):
            return None
        n = int(middle)
        return n if self.id_of(n) == option_id else None  # "bid:007" is no amount's id

    def names_an_amount(self, option_id: str) -> bool:
        """Whether ``option_id`` is an amount's id (``amount_of`` is not None), in one regular
        expression: a searching bot asks it of every option at every decision of amounts."""
        return _amount_ids(self.ids).fullmatch(option_id) is not None

    def parse(self, text: str) -> int | None:
        """The amount ``text`` types, or None if it types none: "7000", "7,000", "7 000", with the
        unit before or after ("€7000", "7000 €"), "7k" (k: ×1,000; "2.5k" is 2,500). Not a
        negative number, nor a fraction ("7.5"); whether the amount is offered is not asked."""
        t = text.strip()
        unit = self.unit.strip()
        if unit:
            if t.startswith(unit):
                t = t[len(unit):].lstrip()
            elif t.endswith(unit):
                t = t[:-len(unit)].rstrip()
        if t[-1:] in ("k", "K"):
            t = t[:-1].rstrip()
            if not _THOUSANDS.fullmatch(t):
                return None
            whole, _, tenths = t.partition(".")
            return int(re.sub(r"[,\s]", "", whole)) * 1000 + (int(tenths.ljust(3, "0")) if tenths else 0)
        if not _WHOLE.fullmatch(t):
            return None
        return int(re.sub(r"[,\s]", "", t))

    def show(self, n: int) -> str:
        """An amount as a player reads it: "€7,000", "3 rallies", "12"."""
        if not self.unit:
            return f"{n:,}"
        return f"{self.unit}{n:,}" if not self.unit[0].isalpha() else f"{n:,} {self.unit}"

    def describe(self) -> str:
        """The range: "€0 to €25,000 in steps of €1,000" (no steps said when they are of 1)."""
        out = f"{self.show(self.min)} to {self.show(self.max)}"
        return out if self.step == 1 else f"{out} in steps of {self.show(self.step)}"


@value
class Decision:
    player: Seat
    kind: StrEnum  # what the decision is about: each game has its enum of kinds
    prompt: str
    options: tuple[Option, ...]  # a chance decision's are ``ChanceOption``s
    # The effect line that asks, as events name it (``item-id:line``), when an effect asks: a
    # controller can say what the choice is for. Not compared: the same question either way.
    cause: str | None = field(default=None, compare=False, repr=False)
    # That the options are amounts (a bid, a count), for a player to type and for bots to try a
    # few of: ``Amount``. Not compared: the same question either way.
    amount: Amount | None = field(default=None, compare=False, repr=False)

    def find(self, answer: str) -> Option | None:
        """The option whose id is ``answer`` (or, failing that, whose label is, ignoring case; or,
        failing that, with an amount hint, the option of the amount ``answer`` types, if offered)."""
        for o in self.options:
            if o.id == answer:
                return o
        low = answer.strip().lower()
        for o in self.options:
            if o.label.lower() == low:
                return o
        amount = self.amount
        if amount is not None:
            n = amount.parse(answer)
            if n is not None:
                return self.by_amount(n)
        return None

    def by_amount(self, n: int) -> Option | None:
        """The option of the amount ``n`` (an amount hint's ``id_of(n)``); None if it is not offered,
        or the decision has no amount hint."""
        amount = self.amount
        if amount is None:
            return None
        wanted = amount.id_of(n)
        for o in self.options:
            if o.id == wanted:
                return o
        return None

    def candidates(self) -> tuple[Option, ...]:
        """The options a searching bot tries: all of them, unless an amount hint names salient
        amounts; then the options of those amounts that are offered and every option that is no
        amount (e.g. "pass"), in the options' order; all of them if that leaves none."""
        amount = self.amount
        if amount is None or not amount.salient:
            return self.options
        wanted = {amount.id_of(n) for n in amount.salient}
        some = tuple(o for o in self.options if o.id in wanted or not amount.names_an_amount(o.id))
        return some if some else self.options

    @property
    def is_chance(self) -> bool:
        return self.player is CHANCE

    def describe(self) -> str:
        lines = [f"{self.player} — {self.prompt}"]
        lines += [f"  {i}. {o.label}  [{o.id}]" for i, o in enumerate(self.options, 1)]
        if self.amount is not None:
            lines.append(f"  (amounts: {self.amount.describe()})")
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
