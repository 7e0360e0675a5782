"""What a game hands the driver (DESIGN property 17): ``Game``, game-agnostic. The driver
(``driver.py``) owns the flow — answers as transactions, secret picks, chance, forks, roll-back,
rebuild, the step limit, the observer — and *holds* a game: it calls the game's hooks, and asks the
game what controllers and bots read of it. A game's class subclasses ``Game`` for its defaults, and
never the driver."""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Generic, Mapping, Protocol, Sequence, TypeVar

from mypy_extensions import mypyc_attr

from .audience import Event
from .chance import Chance
from .decisions import Decision, Option, PlayerSeat
from .log import EventLog
from .together import Phase, Revealed, Steps

S = TypeVar("S", bound=PlayerSeat)
G = TypeVar("G", bound="Game[Any]")


class Host(Protocol[S]):
    """What a game uses of the driver that holds it (``driver.Driver``): the position and the
    record it keeps, the services the rules call, and the copies it makes."""

    seats: tuple[S, ...]
    position: Any
    turn: int
    answers: list[Any]
    pending: Decision | None
    result: Any
    events: EventLog

    def emit(self, kind: type[Event], *args: Any, cause: str | None = None) -> None:
        """Log an event (and count it as a step of work)."""

    def tick(self) -> None:
        """Count one step of work for the current answer."""

    def ask(self, decision: Decision) -> Steps:
        """Yield ``decision`` unless it has a single option; the option chosen."""

    def together(self, parts: Mapping[PlayerSeat, Callable[[], "Steps | Decision"]]) -> Steps:
        """Let each seat of ``parts`` decide at once, in secret; the ``Revealed`` answers."""

    def log_chosen(self, revealed: Revealed, seat: PlayerSeat) -> None:
        """Log ``seat``'s secret choices, at their reveal."""

    def answers_known_to(self, seat: PlayerSeat) -> list[Any]:
        """The answers so far as ``seat`` may know them."""

    def act(self, recorded: Any, option: Option) -> None:
        """Apply an action by hand (recorded as ``recorded``, sent to the rules as ``option``)."""

    def force_chance(self, outcome: str, *, recorded: bool = True) -> None:
        """Make the chance seat's next decision come out as ``outcome``."""

    @property
    def phase(self) -> Phase | None:
        """The secret decisions in progress (each seat's pending one, those chosen), or None."""

    @property
    def simultaneous(self) -> bool:
        """Whether several seats decide at once now."""

    @property
    def pending_decisions(self) -> tuple[Decision, ...]:
        """Every decision pending now."""

    def fork(self, for_seat: S | None = None) -> "Host[S]":
        """An independent copy at the pending decisions."""

    def replayed(self, game: "Game[S]", answers: list[Any], *,
                 changes: tuple[tuple[int, Callable[[Any], None]], ...] | None = None,
                 forced: tuple[tuple[str, bool], ...] | None = None) -> "Host[S]":
        """A new driver of ``game`` that has replayed ``answers`` from where it starts (a fork);
        with the host's changes of the position and forced chance, or those given."""

    @property
    def changes(self) -> tuple[tuple[int, Callable[[Any], None]], ...]:
        """The changes of the position made beside the answers, each at its answer's number."""

    def change_position(self, change: Callable[[Any], None]) -> None:
        """Change the position now, and again whenever the game is rebuilt (a re-deal)."""

    @property
    def chance(self) -> Chance:
        """The table's chance seat: whether it asks, the outcomes forced and not used yet."""


# A game is a subclass, compiled or not (a plug-in's): the compiled build (setup.py) must allow it.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Generic[S]):
    """A game at one table, as the driver holding it sees it. Each hook is given that driver (its
    ``Host`` side): the game's rules read and change ``host.position`` and log through ``host.emit``.

    The driver's hooks:

    - ``start(host)``: set ``host.position`` (and ``host.turn``) as the game starts — from
      its seed, or from the origin a fork of it starts at — and return the generator of its rules
      (it yields ``Decision``s and ``Together``s);
    - ``log_choice(host, seat, decision, option)``: log a seat's answer (at once, or at the reveal);
    - ``ended(host, winner, reason)``: the event that ends the game (its result), for a
      ``GameOver`` its rules raised; the driver logs it and tells the observer;
    - ``replay_action(host, answer)``: apply again an answer that is not an option id (an
      action by hand);

    and what controllers and bots read of the game (given a game's perspective, never its hidden
    state): ``record``, ``view``, ``fork``, ``forks``, ``trials``, ``determinized``, ``winners``,
    ``evaluate``, ``worth_a_look``, ``one_ply_values``, ``one_ply_is_public``, ``rollout_move``, ``evaluation_scale``,
    ``constant_sum``.
    """

    #: The game's seats, in seat order: a class's (a fixed cast) or a table's (N of M).
    seats: tuple[S, ...]
    #: What its shuffles and its chance are drawn from (a game is its seed and its answers).
    seed: int
    #: Every outcome a chance decision of the game can have, by id, and how to say them (for
    #: ``force_chance``'s error).
    chance_outcomes: ClassVar[frozenset[str]] = frozenset()
    chance_hint: ClassVar[str] = "this game has no chance decisions"
    #: How many units of ``evaluate`` move a search's score of a position from ½ to 0.73.
    evaluation_scale: ClassVar[float] = 1.0
    #: Whether the game's two seats' evaluations are opposite (what one gains the other loses).
    constant_sum: ClassVar[bool] = False

    # ---- the driver's hooks -------------------------------------------------------------------

    def start(self, host: Host[S]) -> Steps:
        raise NotImplementedError

    def log_choice(self, host: Host[S], seat: PlayerSeat, decision: Decision, option: Option) -> None:
        raise NotImplementedError(f"{type(self).__name__} logs its choices at their reveal")

    def ended(self, host: Host[S], winner: S | None, reason: str) -> Event:
        raise NotImplementedError

    def replay_action(self, host: Host[S], answer: Any) -> None:
        raise NotImplementedError(f"{type(self).__name__} has no actions by hand")

    # ---- what controllers and bots read -------------------------------------------------------

    def record(self, host: Host[S], complete: bool) -> Any:
        """The game as a record (``complete=False``: without its log, for a failed answer's report)."""
        raise NotImplementedError

    def view(self, host: Host[S], seat: S) -> Any:
        """All that ``seat`` may know now."""
        raise NotImplementedError

    def fork(self, host: Host[S], for_seat: S | None) -> Host[S]:
        """An independent copy at the pending decisions (``for_seat``: as that seat may know it:
        the others' secret picks not revealed yet are pending again). By default a new driver of
        this game replays the answers from the start: a game with checkpoints does better."""
        answers = host.answers if for_seat is None else host.answers_known_to(for_seat)
        return host.replayed(self, list(answers))

    def forks(self, host: Host[S], count: int) -> Sequence[Host[S]]:
        """``count`` independent forks made now: a game may make them more cheaply than one at a
        time (a search's one ply tries each option of a decision on its own)."""
        return [self.fork(host, None) for _ in range(count)]

    def trials(self, host: Host[S], count: int) -> Sequence[Host[S]]:
        """``count`` forks that are each answered and evaluated once (the greedy one ply), never
        re-dealt for a seat: a game may skip in them what only a copy of them would need (its
        checkpoints). By default, ``forks``."""
        return self.forks(host, count)

    def determinized(self, host: Host[S], seat: S, rng: random.Random) -> Host[S]:
        """A fork at the pending decisions in which everything ``seat`` cannot see (the other
        seats' cards, deck orders, future chance) is dealt anew from ``rng``; the other seats'
        secret picks not revealed yet are pending again there. The host is not changed."""
        raise NotImplementedError

    def winners(self, host: Host[S]) -> tuple[S, ...]:
        """The seats that won, once the game is over: one, several on a shared win, or none (a
        draw); none while it goes on."""
        raise NotImplementedError

    def evaluate(self, host: Host[S], seat: PlayerSeat) -> float:
        """The game's estimate of the position for ``seat``: more is better, a won game is worth
        more than any position (a heuristic for bots: it must read only what ``seat`` may know,
        or a copy re-dealt for it)."""
        raise NotImplementedError

    def worth_a_look(self, decision: Decision) -> bool:
        """Whether a search's play-outs try each option of ``decision`` one ply ahead (the
        game's main decisions), or take its first option (the small ones that follow)."""
        return True

    def one_ply_values(self, host: Host[S], decision: Decision,
                       others: random.Random | None) -> list[float] | None:
        """What the greedy one ply (``bots.basic.action_value``) gives each option a bot tries at
        ``decision`` (pending at ``host``): ``decision.candidates()``, in order, each on a fork,
        with ``others`` drawing the other seats' secret picks as it does. The same numbers,
        computed without forks where the game can (a search asks for them at every step of every
        play-out). None: no such shortcut, the caller forks. The host is not changed."""
        return None

    def one_ply_is_public(self, decision: Decision) -> bool:
        """Whether ``one_ply_values`` at ``decision`` reads only what every seat may know (no
        hidden card, no deck order or future chance, no seat's unrevealed pick) and draws no
        other seat's pick: then a bot may ask it of the real game, without a re-dealt copy
        (``Perspective.one_ply_values``), and gets what it would on any re-deal."""
        return False

    def rollout_move(self, host: Host[S], decision: Decision, rng: random.Random) -> str | None:
        """The game's own play-out move for ``decision`` (pending at ``host``, a search's copy):
        a cheap answer that plays the game sensibly, drawn from ``rng`` where it picks at random
        (a search's rollouts play on with it, D7). None: the game has none, the search uses its
        own policy. The host is not changed."""
        return None


def held(game: object, kind: type[G]) -> G:
    """``game`` (a driver's ``game``) as the kind of game its caller knows the driver holds; a
    driver holding another kind there is a bug (AssertionError)."""
    assert isinstance(game, kind), f"a driver of {type(game).__name__}, not of {kind.__name__}"
    return game
