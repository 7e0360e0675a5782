"""What every game provides, game-agnostic: its seats, its position, the generator of its rules, the
hooks the driver calls, and what controllers and bots read of it (``view``, copies, ``winners``,
``evaluate``). ``Driver`` (driver.py) is the machinery built on it."""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Generic, Self, TypeVar

from mypy_extensions import mypyc_attr

from .audience import Event
from .decisions import Decision, Option, PlayerSeat
from .log import EventLog
from .together import Phase, Steps

S = TypeVar("S", bound=PlayerSeat)


# A game is a subclass, compiled or not (a plug-in's): the compiled build (setup.py) must allow it.
@mypyc_attr(allow_interpreted_subclasses=True)
class GameContract(Generic[S]):
    """What a game gives the driver (``driver.py``) and the controllers. A game subclasses
    ``Driver``, sets the attributes below in its ``__init__``, and provides:

    - ``seats``: its players' seats, in seat order; ``position``, whose ``rng`` draws chance;
    - ``chance_outcomes``, ``chance_hint``: the outcomes its chance decisions can have;
    - ``_gen``: the generator of its rules (it yields ``Decision``s and ``Together``s);
    - ``_log_choice(seat, decision, option)``: log a seat's answer (at once, or at the reveal);
    - ``_finish(winner, reason)``: end the game (a ``GameOver`` raised by the rules);
    - ``_rebuild()``: start again, in place, asking for chance (before a replay of the answers);
    - ``_replay_action(answer)``: apply again an answer that is not an option id (an action by hand);
    - ``record(complete)``: the game as a record (for ``InternalError``);

    and, for controllers and bots (which are given a game's perspective, never its hidden state):

    - ``turn``: how far the game is, in its own turns or steps (a bot's look-ahead horizon);
    - ``view(seat)``: all that ``seat`` may know now; ``fork(for_seat)``: an independent copy
      (``forks(count)``: several, made at once);
    - ``determinized(seat, rng)``: a fork in which all ``seat`` cannot see is dealt anew;
    - ``winners()``: who won, once the game is over;
    - ``evaluate(seat)``, ``evaluation_scale``: the game's own estimate of a position for a seat;
    - ``worth_a_look(decision)``: where a search's play-outs try each option (else the first);
    - ``one_ply_values(decision, others)``: optional, the greedy one ply's values without forks.
    """

    seats: tuple[S, ...]  # the game sets it: a class default (a fixed cast) or per game (N of M)
    #: Every outcome a chance decision of the game can have, by id, and how to say them (for
    #: ``force_chance``'s error).
    chance_outcomes: ClassVar[frozenset[str]]
    chance_hint: ClassVar[str]
    # Set by the game: the answers so far, the pending decision, whether several seats decide at
    # once, the secret decisions in progress, the forced chance outcomes, the position changes
    # made beside the answers, the work done for the current answer and its limit, the observer.
    answers: list[Any]
    pending: Decision | None
    result: Any
    _phase: Phase | None
    simultaneous: bool
    _ask_chance: bool
    _forced: tuple[tuple[str, bool], ...]
    _changes: tuple[tuple[int, Callable[[Any], None]], ...]
    steps: int
    step_limit: int
    observer: Callable[[Any, Event], None] | None
    events: EventLog
    position: Any
    _gen: Steps

    turn: int
    #: How many units of ``evaluate`` move a search's score of a position from ½ to 0.73.
    evaluation_scale: ClassVar[float] = 1.0
    #: Whether the game's two seats' evaluations are opposite (what one gains the other loses).
    constant_sum: ClassVar[bool] = False

    def view(self, seat: S) -> Any:
        raise NotImplementedError

    def fork(self, for_seat: S | None = None) -> Self:
        raise NotImplementedError

    def forks(self, count: int) -> list[Self]:
        """``count`` independent forks (``fork()``) made now: a game may make them more cheaply
        than one at a time (a search's one ply tries each option of a decision on its own)."""
        return [self.fork() for _ in range(count)]

    def determinized(self, seat: S, rng: random.Random) -> Self:
        """A fork at the pending decisions in which everything ``seat`` cannot see (the other
        seats' cards, deck orders, future chance) is dealt anew from ``rng``; the other seats'
        secret picks not revealed yet are pending again there. This game is not changed."""
        raise NotImplementedError

    def winners(self) -> tuple[S, ...]:
        """The seats that won, once the game is over: one, several on a shared win, or none (a
        draw); none while it goes on."""
        raise NotImplementedError

    def evaluate(self, seat: PlayerSeat) -> float:
        """The game's estimate of the position for ``seat``: more is better, a won game is worth
        more than any position (a heuristic for bots: it must read only what ``seat`` may know,
        or a copy re-dealt for it)."""
        raise NotImplementedError

    def worth_a_look(self, decision: Decision) -> bool:
        """Whether a search's play-outs try each option of ``decision`` one ply ahead (the
        game's main decisions), or take its first option (the small ones that follow)."""
        return True

    def one_ply_values(self, decision: Decision, others: random.Random | None) -> list[float] | None:
        """What the greedy one ply (``bots.basic.action_value``) gives each option of ``decision``
        (pending here) on a fork of this game, with ``others`` drawing the other seats' secret
        picks as it does: the same numbers, computed without forks where the game can (a search
        asks for them at every step of every play-out). None: no such shortcut, the caller forks.
        This game is not changed."""
        return None

    def _log_choice(self, seat: PlayerSeat, decision: Decision, option: Option) -> None:
        raise NotImplementedError

    def _finish(self, winner: S | None, reason: str) -> None:
        raise NotImplementedError

    def _rebuild(self) -> None:
        raise NotImplementedError

    def _replay_action(self, answer: Any) -> None:
        raise NotImplementedError

    def record(self, complete: bool = True) -> Any:
        raise NotImplementedError
