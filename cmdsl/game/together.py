"""Several seats deciding at once, in secret: a game's rules yield a ``Together`` (one sequence of
decisions per seat); the driver keeps each seat's answers unrevealed in a ``Phase`` and sends back
the ``Revealed`` picks once every seat is done. Nothing is logged before the reveal."""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Generator, Mapping

from ..errors import IllegalAnswer
from ..values import value
from .decisions import Decision, Option, PlayerSeat, Seat, SeatAnswer

#: A game's rules: a generator of decisions (and of secret phases), sent back the answers.
Steps = Generator["Decision | Together", Any, Any]


class Together:
    """Yielded by the game's generator where several seats decide at once, in secret: ``parts``
    holds one sequence of decisions per seat (a function making a generator that yields the
    seat's decisions, in turn, and returns its result; or, for a seat with one decision to
    make, a function making that ``Decision``, whose result is the chosen option's ``value``:
    no generator to run). The driver offers every seat's current
    decision at once and sends back a ``Revealed`` when all are done; nothing is logged before.
    A seat's sequence is made again, from the position, when the position is changed before the
    seat has answered (``Driver.change_position``: a determinization re-deals the cards of a
    draft round)."""

    __slots__ = ("parts",)
    player: ClassVar[None] = None  # not one decision: the driver tells them apart by this

    def __init__(self, parts: Mapping[PlayerSeat, Callable[[], "Steps | Decision"]]) -> None:
        self.parts = dict(parts)


@value
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
        # Each seat's generator, or None for a seat whose part is one decision.
        self.gens: dict[PlayerSeat, Steps | None] = {}
        self.current: dict[PlayerSeat, Decision] = {}
        self.chosen: dict[PlayerSeat, list[tuple[Decision, Option]]] = {seat: [] for seat in self.parts}
        self.results: dict[PlayerSeat, Any] = {}
        self.start = start

    def begin(self, seat: PlayerSeat) -> None:
        """Make the seat's part, from the position as it is now, up to its first decision."""
        made = self.parts[seat]()
        if type(made) is Decision:  # the common case (a pick of each seat): ``_ask``, inlined
            self.gens[seat] = None
            if made.player is not seat:
                raise TypeError(f"a secret decision of {seat} must be that seat's own decision, not {made!r}")
            self.current[seat] = made
        elif isinstance(made, Decision):
            self.gens[seat] = None
            self._ask(seat, made)
        else:
            self.gens[seat] = made
            self.step(seat, None)

    def step(self, seat: PlayerSeat, value: Option | None) -> None:
        gen = self.gens[seat]
        if gen is None:  # one decision, answered: its option's value is the result
            assert value is not None
            self.results[seat] = value.value
            del self.current[seat]
            return
        try:
            d = gen.send(value) if value is not None else next(gen)
        except StopIteration as stop:
            self.results[seat] = stop.value
            self.current.pop(seat, None)
            return
        self._ask(seat, d)

    def _ask(self, seat: PlayerSeat, d: Any) -> None:
        if not isinstance(d, Decision) or d.player is not seat:
            raise TypeError(f"a secret decision of {seat} must be that seat's own decision, not {d!r}")
        self.current[seat] = d

    def ask_again(self) -> None:
        """Make again the parts of the seats that have not answered yet, from the position as it
        is now, and step them to their first decision. A seat whose sequence ended without
        asking (a single option) has not answered either: what it was left with may have changed."""
        for seat in self.parts:
            if not self.chosen[seat]:
                self.results.pop(seat, None)
                self.begin(seat)

    @property
    def done(self) -> bool:
        return len(self.results) == len(self.parts)

    def pending(self) -> tuple[Decision, ...]:
        current = self.current  # a list, not a generator: read after every secret answer
        return tuple([current[seat] for seat in self.parts if seat in current])

    def first_pending(self) -> Decision:
        """``pending()[0]``, without the tuple (the driver asks after every secret answer)."""
        current = self.current
        for seat in self.parts:
            d = current.get(seat)
            if d is not None:
                return d
        raise LookupError("no secret decision is pending")

    def find(self, answer: str, seat: Seat | None) -> tuple[Decision, Option]:
        """The pending decision ``answer`` answers (``seat``'s; else the one pending, or the one
        it is an option of) and the option it names; ``IllegalAnswer`` when there is none."""
        if seat is not None:  # the common case (bots say whose answer it is): no list of the pending
            d = self.current.get(seat)
            if d is None:
                raise IllegalAnswer(f"{seat} has no decision pending (pending: "
                                    + ", ".join(f"{x.player}'s {x.kind}" for x in self.pending()) + ")")
        else:
            pending = self.pending()
            if len(pending) == 1:
                d = pending[0]
            else:
                hits = [x for x in pending if x.find(answer) is not None]
                if len(hits) != 1:
                    raise IllegalAnswer(f'"{answer}" is not an option of exactly one of the pending decisions ('
                                        + ", ".join(f"{x.player}: {x.prompt}" for x in pending)
                                        + "); say whose answer it is")
                d = hits[0]
        opt = d.find(answer)
        if opt is None:
            ids = ", ".join(o.id for o in d.options)
            raise IllegalAnswer(f'"{answer}" is not an option of {d.player}\'s decision ({d.prompt}); options: {ids}')
        return d, opt

    def known_to(self, answers: list[Any], seat: PlayerSeat) -> list[Any]:
        """``answers`` (the game's, this phase's last) without the other seats' unrevealed ones."""
        start = self.start
        return answers[:start] + [a for a in answers[start:] if not isinstance(a, SeatAnswer) or a.seat is seat]

    def revealed(self) -> Revealed:
        return Revealed(dict(self.results), {seat: tuple(c) for seat, c in self.chosen.items()})
