"""The chance seat of a table (DESIGN property 10): its decisions (a die, a random first player)
are answered from the game's seeded RNG (``draw``), or by outcomes forced beforehand (a scenario's,
the REPL's), or — for a table that asks (a test, a search) — by the caller. ``Chance`` holds what
the driver needs for that: whether it asks, and the outcomes forced and not used yet."""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from ..errors import IllegalAnswer
from .decisions import CHANCE, ChanceOption, Decision, Option, SeatAnswer
from .rng import GameRng

#: A forced outcome: its option id, and whether it is recorded as the chance seat's answer where used.
Forced = tuple[tuple[str, bool], ...]


def draw(decision: Decision, rng: GameRng) -> Option:
    """The outcome of a chance decision drawn from ``rng``. Equally likely outcomes take
    ``rng.randint(1, n)`` (the die draws as it always has, so seeded games replay the same);
    others a point of ``rng.random()`` on their cumulative probabilities."""
    opts = cast("tuple[ChanceOption, ...]", decision.options)  # chance's options are ChanceOptions
    first = opts[0].probability
    # ``is`` first: the engine's uniform chance decisions share one probability object, and a
    # Fraction's == is a Python call.
    if all(o.probability is first for o in opts) or all(o.probability == first for o in opts):
        return opts[rng.randint(1, len(opts)) - 1]
    point, total = Fraction(rng.random()), Fraction(0)
    for o in opts:
        total += o.probability
        if point < total:
            return o
    return opts[-1]


class Chance:
    """A table's chance seat: whether its decisions wait for the caller (``asks``), and the
    outcomes forced for its next decisions (``forced``, in order)."""

    def __init__(self, asks: bool) -> None:
        self.asks = asks
        self.forced: Forced = ()

    @property
    def outcomes(self) -> tuple[str, ...]:
        """The outcomes forced and not used yet, in order (never part of a seat's view)."""
        return tuple(outcome for outcome, _ in self.forced)

    def force(self, outcome: str, recorded: bool) -> None:
        self.forced = (*self.forced, (outcome, recorded))

    def forget(self) -> None:
        """Drop the forced outcomes not used yet: a determinized copy's dice are drawn anew (the
        game's ``determinized``), as a seat does not know a forced die."""
        self.forced = ()

    def outcome(self, d: Decision, ask: bool, rng: GameRng, answers: list[object]) -> Option | None:
        """The outcome of the chance decision ``d``: the next forced one (recorded in ``answers``
        if it says so), else None when the table asks its caller, else one drawn from ``rng``."""
        if self.forced:
            (outcome, recorded), self.forced = self.forced[0], self.forced[1:]
            opt = d.find(outcome)
            if opt is None:
                raise IllegalAnswer(f'the forced chance outcome "{outcome}" is not an outcome of this chance '
                                    f"decision ({d.prompt})")
            if recorded:
                answers.append(SeatAnswer(CHANCE, opt.id))
            return opt
        if ask:
            return None
        return draw(d, rng)
