"""The game-agnostic parts of the driver (DESIGN properties 10 and 12): decisions of several seats
at once, in secret (``Together``, revealed together), and the chance seat's draws. A game's rules
are one generator that yields a ``Decision`` (one seat's, or chance's) or a ``Together`` and is
sent back the chosen ``Option`` or the ``Revealed`` picks. Seats are the game's (``PlayerSeat``):
nothing here names a game.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any, Callable, ClassVar, Generator, Mapping

from .decisions import ChanceOption, Decision, Option, PlayerSeat
from .rng import GameRng

Steps = Generator["Decision | Together", Any, Any]


class Together:
    """Yielded by the game's generator where several seats decide at once, in secret: ``parts``
    holds one sequence of decisions per seat (a function making a generator that yields the
    seat's decisions, in turn, and returns its result). The driver offers every seat's current
    decision at once and sends back a ``Revealed`` when all are done; nothing is logged before
    (R3.1, R3.3). A seat's sequence is made again, from the position, when the position is
    changed before the seat has answered (``Game.change_position``: a determinization re-deals
    the cards of a draft round)."""

    __slots__ = ("parts",)
    player: ClassVar[None] = None  # not one decision: the driver tells them apart by this

    def __init__(self, parts: Mapping[PlayerSeat, Callable[[], Steps]]) -> None:
        self.parts = dict(parts)


@dataclasses.dataclass(frozen=True)
class Revealed:
    """The answers of a ``Together``, revealed: each seat's result and its decisions with the
    options it chose, in order (for the ``Chose`` events, logged now)."""

    results: Mapping[PlayerSeat, Any]
    chosen: Mapping[PlayerSeat, tuple[tuple[Decision, Option], ...]]


class Phase:
    """The driver's side of a ``Together`` in progress: each seat's current decision, the answers
    given so far (unrevealed), and where in the answers the phase started."""

    __slots__ = ("parts", "gens", "current", "chosen", "results", "start")

    def __init__(self, together: Together, start: int) -> None:
        self.parts = together.parts
        self.gens = {seat: make() for seat, make in together.parts.items()}
        self.current: dict[PlayerSeat, Decision] = {}
        self.chosen: dict[PlayerSeat, list[tuple[Decision, Option]]] = {seat: [] for seat in self.gens}
        self.results: dict[PlayerSeat, Any] = {}
        self.start = start

    def step(self, seat: PlayerSeat, value: Option | None) -> None:
        gen = self.gens[seat]
        try:
            d = gen.send(value) if value is not None else next(gen)
        except StopIteration as stop:
            self.results[seat] = stop.value
            self.current.pop(seat, None)
            return
        if not isinstance(d, Decision) or d.player is not seat:
            raise TypeError(f"a secret decision of {seat} must be that seat's own decision, not {d!r}")
        self.current[seat] = d

    def ask_again(self) -> None:
        """Make again the sequences of the seats that have not answered yet, from the position
        as it is now, and step them to their first decision."""
        for seat, make in self.parts.items():
            if seat in self.current and not self.chosen[seat]:
                self.gens[seat] = make()
                self.step(seat, None)

    @property
    def done(self) -> bool:
        return len(self.results) == len(self.gens)

    def pending(self) -> tuple[Decision, ...]:
        return tuple(self.current[seat] for seat in self.gens if seat in self.current)

    def revealed(self) -> Revealed:
        return Revealed(dict(self.results), {seat: tuple(c) for seat, c in self.chosen.items()})


def draw(decision: Decision, rng: GameRng) -> Option:
    """The outcome of a chance decision drawn from ``rng``. Equally likely outcomes take
    ``rng.randint(1, n)`` (the die draws as it always has, so seeded games replay the same);
    others a point of ``rng.random()`` on their cumulative probabilities."""
    opts: tuple[ChanceOption, ...] = decision.options  # type: ignore[assignment]
    first = opts[0].probability
    # The engine's own chance decisions share one probability object when they are uniform.
    if all(o.probability is first for o in opts) or all(o.probability == first for o in opts):
        return opts[rng.randint(1, len(opts)) - 1]
    point, total = Fraction(rng.random()), Fraction(0)
    for o in opts:
        total += o.probability
        if point < total:
            return o
    return opts[-1]
