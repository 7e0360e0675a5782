"""The driver, game-agnostic (DESIGN properties 2, 9, 10, 12 and 17): ``Driver`` holds a game
(``contract.Game``) and owns its flow: the position, the pending decisions, answers applied as
transactions; several seats may decide at once, in secret (``Together``, revealed together);
chance is a seat, answered from the seeded RNG (``draw``). A game's rules are one generator that
yields a ``Decision`` (one seat's, or chance's) or a ``Together`` and is sent back the chosen
``Option`` or the ``Revealed`` picks. Seats are the game's (``PlayerSeat``, ``game.seats``):
nothing here names a game.
"""

from __future__ import annotations

import random
import weakref
from typing import Any, Callable, Generic, Mapping, Sequence, cast

from mypy_extensions import mypyc_attr

from ..errors import CmdslError, IllegalAnswer
from .audience import Event
from .contract import Game, S
from .chance import Chance, Forced
from .decisions import CHANCE, Decision, Option, PlayerSeat, Seat, SeatAnswer, is_chance
from .log import EventLog
from .together import Phase, Revealed, Steps, Together

__all__ = ["Driver", "Game", "GameOver", "InternalError", "MAX_STEPS", "StepLimitExceeded"]


#: A backstop on the work one answer may cause (events, loop turns). Every effect the checker
#: accepts stays far below it (lang/work.py); reaching it means a bug, not a slow card.
MAX_STEPS = 1_000_000


class StepLimitExceeded(CmdslError):
    """One answer caused more than ``MAX_STEPS`` steps; the game is back where it was."""


class InternalError(CmdslError):
    """An unexpected failure inside the engine (a bug); the game is back where it was.
    ``record`` is the game's record up to and with the answer that failed, for a bug report."""

    def __init__(self, message: str, record: Any) -> None:
        super().__init__(message)
        self.record = record


class GameOver(Exception):
    """Raised by a game's rules to end the game: its winner (None: nobody) and why."""

    def __init__(self, winner: PlayerSeat | None, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason


# A game not composed yet is a subclass of the driver (issue 53 moves each out): the compiled build
# (setup.py) must allow it.
@mypyc_attr(allow_interpreted_subclasses=True)
class Driver(Generic[S]):
    """A game at a table (DESIGN properties 2, 3, 10, 12 and 17): the driver holds the game
    (``game``: its hooks, ``contract.Game``) and its position, holds the pending decisions,
    applies answers as transactions, runs secret picks (``Together``) and chance, logs the game's
    events (``emit``), and rebuilds the game by replaying its answers."""

    #: The game this driver holds: its rules, its hooks, what is read of it.
    game: Game[S]
    #: The game's seats, in seat order (the game's, read once).
    seats: tuple[S, ...]
    #: All the state of the game (the game's ``start`` sets it; its rules change it).
    position: Any
    #: How far the game is, in its own turns or steps (a bot's look-ahead horizon).
    turn: int
    # The answers so far, the pending decision, the result once over, whether several seats decide
    # at once, the secret decisions in progress, the forced chance outcomes, the position changes
    # made beside the answers, the work done for the current answer and its limit, the observer.
    answers: list[Any]
    pending: Decision | None
    result: Any
    simultaneous: bool
    _phase: Phase | None
    chance: Chance
    _changes: tuple[tuple[int, Callable[[Any], None]], ...]
    steps: int
    step_limit: int
    observer: Callable[[Any, Event], None] | None
    events: EventLog
    _gen: Steps

    def __init__(self, game: Game[S], *, observer: Callable[[Any, Event], None] | None = None,
                 ask_chance: bool = False, step_limit: int = MAX_STEPS, start: bool = True) -> None:
        """A new table of ``game``: its rules run from its start up to their first decision.
        ``observer(driver, event)`` is told every event as it is logged; ``ask_chance``: the
        chance seat's decisions wait for the caller (else the seed answers them); ``step_limit``:
        the work one answer may cause; ``start=False``: not started yet (``replayed`` starts it)."""
        self._set_up_driver(observer, ask_chance=ask_chance, step_limit=step_limit, game=game)
        self.turn = 0
        if start:
            self._start_rules(game.start(self))

    def _set_up_driver(self, observer: Callable[[Any, Event], None] | None, *, ask_chance: bool = False,
                       step_limit: int = MAX_STEPS, game: Game[S] | None = None) -> None:
        """The driver's own state of a new game, before it starts: the game it holds (a game not
        composed yet holds itself), its seats, whether chance decisions wait for the caller, no
        chance outcome forced and no change of the position yet, no work counted for an answer,
        its limit, and the observer of every event."""
        # a game not composed yet holds itself weakly: held strongly, it is a cycle for the collector
        self.game = game if game is not None else cast("Game[S]", weakref.proxy(self))
        self.seats = self.game.seats
        self.chance, self._changes = Chance(ask_chance), ()
        self.steps, self.step_limit, self.observer = 0, step_limit, observer

    def _start_rules(self, rules: Steps) -> None:
        """Run ``rules``, the game's generator, from the position as the game has just set it, up to
        its first decision, on a new record: no secret decisions in progress, a new log, no answers
        and no result. A new game calls it, and so does a rebuild, from the start or a fork's origin."""
        self._set_phase(None)
        self.events, self.answers, self.result = EventLog(), [], None
        self._gen = rules
        self._advance(None)

    def _set_phase(self, phase: Phase | None) -> None:
        """The secret decisions in progress, and ``simultaneous`` with them (only ever set here):
        whether several seats decide at once now, when ``pending`` is only the first of
        ``pending_decisions``. An attribute, not a property: bots read it at every decision."""
        self._phase, self.simultaneous = phase, phase is not None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def phase(self) -> Phase | None:
        """The secret decisions in progress (each seat's pending one, those chosen), or None."""
        return self._phase

    @property
    def secret_phase(self) -> int | None:
        """Which phase of secret picks is in progress (the number of answers before it), or None
        when none is: it changes when the picks are revealed."""
        return None if self._phase is None else self._phase.start

    @property
    def pending_decisions(self) -> tuple[Decision, ...]:
        """Every decision pending now: one, or one per seat deciding at once in secret, in seat
        order; none once the game is over. ``pending`` is the first of them."""
        if self._phase is not None:
            return self._phase.pending()
        return (self.pending,) if self.pending is not None else ()

    def answer(self, answer: str, seat: Seat | None = None) -> None:
        """Apply one answer (an option id or label) to the pending decision of ``seat``. ``seat``
        may be left out when one decision is pending, or when the answer is an option of exactly
        one of the pending decisions.

        An answer that is not an option raises ``IllegalAnswer`` and changes nothing.
        """
        if self._phase is not None:
            return self._answer_together(self._phase, answer, seat)
        d = self.pending
        if d is None:
            raise IllegalAnswer("the game is over: no decision is pending" if self.over
                                else "no decision is pending")
        player = d.player
        if seat is not None and seat is not player:
            raise IllegalAnswer(f"{seat} has no decision pending ({player} has: {d.prompt})")
        opt = d.find(answer)
        if opt is None:
            ids = ", ".join(o.id for o in d.options)
            raise IllegalAnswer(f'"{answer}" is not an option of this decision ({d.prompt}); options: {ids}')
        answers, forced = self.answers, self.chance.forced
        n = len(answers)
        try:
            if player is CHANCE:  # no Chose: the outcome's own event (DieRolled…) tells it
                answers.append(SeatAnswer(CHANCE, opt.id))
            else:
                answers.append(opt.id)
                self.game.log_choice(self, player, d, opt)
            self._advance(opt)
        except BaseException as e:
            self._roll_back(e, n, forced)

    def _answer_together(self, phase: Phase, answer: str, seat: Seat | None) -> None:
        """An answer to one of the secret decisions pending at once. It is kept, unrevealed (no
        event), until every seat is done; then all are revealed together."""
        if seat is not None:  # the common case (bots say whose answer it is): no list of the pending
            d = phase.current.get(seat)
            if d is None:
                raise IllegalAnswer(f"{seat} has no decision pending (pending: "
                                    + ", ".join(f"{x.player}'s {x.kind}" for x in phase.pending()) + ")")
        else:
            pending = phase.pending()
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
        side = d.player
        assert side is not CHANCE  # the chance seat never picks in secret
        n, forced = len(self.answers), self.chance.forced
        self.answers.append(SeatAnswer(side, opt.id))
        try:
            self.steps = 0
            phase.chosen[side].append((d, opt))
            phase.step(side, opt)
            if phase.done:
                self._set_phase(None)
                self._advance(phase.revealed())
            else:
                self.pending = phase.first_pending()
        except BaseException as e:
            self._roll_back(e, n, forced)

    @property
    def ask_chance(self) -> bool:
        """Whether the chance seat's decisions wait for the caller (a game made with ``ask_chance=True``).
        Set to False, a pending chance decision is answered at once (forced outcome, else the seed)."""
        return self.chance.asks

    @ask_chance.setter
    def ask_chance(self, ask: bool) -> None:
        self.chance.asks = ask
        if not ask:
            self.draw_chance()

    def force_chance(self, outcome: str, *, recorded: bool = True) -> None:
        """Force the outcome of the next chance decision (an option id of one, among the game's
        ``chance_outcomes``) instead of drawing it from the seed: a scenario's, the REPL's. It is
        recorded as the chance seat's answer where it is used. A chance decision pending now (a
        game that asks) is answered at once. ``recorded=False`` only for an action by hand of an
        older record that forces an outcome (it is recorded itself, and replayed)."""
        if outcome not in self.game.chance_outcomes:
            raise IllegalAnswer(f'"{outcome}" is not a chance outcome ({self.game.chance_hint})')
        d = self.pending
        if d is not None and d.player is CHANCE and self._phase is None:
            self.answer(outcome, CHANCE)
            return
        self.chance.force(outcome, recorded)

    @property
    def changes(self) -> tuple[tuple[int, Callable[[Any], None]], ...]:
        """The changes of the position made beside the answers (``change_position``), each at the
        number of answers before it: a fork from a checkpoint makes those since it again."""
        return self._changes


    def draw_chance(self) -> None:
        """Answer the pending chance decisions as a game that does not ask would: with the forced
        outcomes first, else from the seed (unrecorded). For replays: in a game that asks, answer
        chance decisions with ``answer`` (a record tells apart only the outcomes it stores)."""
        while self.pending is not None and self.pending.player is CHANCE:
            d = self.pending
            n, forced = len(self.answers), self.chance.forced
            try:
                self._advance(self.chance.outcome(d, False, self.position.rng, self.answers))
            except BaseException as e:
                self._roll_back(e, n, forced)

    def _roll_back(self, e: BaseException, n: int, forced: Forced) -> None:
        """An answer is a transaction: after any failure while it was applied, the game is put back
        as it was before it, by replaying the earlier answers from the start (or from the checkpoint
        this game was forked from) — slow, but only ever done after a failure. Then ``e`` is raised
        again; an unexpected one (a bug) as an ``InternalError`` carrying the record."""
        failed = self.record(complete=False)  # with the answer that failed: a bug report
        self._restart(self.answers[:n], forced)  # the ``n`` answers before it, the chance forced then
        if isinstance(e, (CmdslError, KeyboardInterrupt)) or not isinstance(e, Exception):
            raise e
        raise InternalError(f"internal error while applying an answer ({type(e).__name__}: {e}); "
                            "the game is back as it was", failed) from e

    def _restart(self, answers: Sequence[Any], forced: Forced | None = None) -> None:
        """Start this game again, in place, and apply ``answers`` (the generator must be re-made
        on this very object, so that it keeps driving it). Then the forced chance outcomes not
        used yet are ``forced`` (default: this game's).

        Chance in the answers: a chance answer answers the chance decision pending at its place;
        a chance decision with none at its place was drawn from the seed. So the game is rebuilt
        asking for chance, and draws from the seed where the answers have no chance answer."""
        observer, limit, ask = self.observer, self.step_limit, self.chance.asks
        changes = self._changes
        forced = self.chance.forced if forced is None else forced
        self._rebuild()
        self.step_limit = limit
        for i, a in enumerate(answers):
            if not is_chance(a):
                self.draw_chance()
            self._apply_changes(changes, i)
            if isinstance(a, SeatAnswer):
                self.answer(a.answer, a.seat)
            elif isinstance(a, str):
                self.answer(a)
            else:  # an action by hand: the game's own
                self.game.replay_action(self, a)
        self.chance.asks = ask
        if not ask:
            self.draw_chance()
        self._apply_changes(changes, len(answers))
        self.chance.forced = forced
        self._changes = changes
        self.observer = observer

    def _rebuild(self) -> None:
        """Start again, in place, from where the game starts (its origin, for a fork), asking for
        chance and telling no observer, before its answers are replayed (``_restart``)."""
        self.chance.forced, self.observer, self.chance.asks = (), None, True
        self._start_rules(self.game.start(self))

    def replayed(self, game: Game[S], answers: list[Any], *,
                 changes: tuple[tuple[int, Callable[[Any], None]], ...] | None = None,
                 forced: Forced | None = None) -> "Driver[S]":
        """A new driver of ``game`` (this one's game, or one at an origin) that has replayed
        ``answers`` from where ``game`` starts (a fork), with this driver's settings, and its
        changes of the position and its forced chance outcomes not used yet, or ``changes`` (made
        at those answers of the new one) and ``forced``. Its rules start once, at the replay."""
        copy = Driver(game, ask_chance=self.chance.asks, step_limit=self.step_limit, start=False)
        copy._changes = self._changes if changes is None else changes
        copy._restart(answers, self.chance.forced if forced is None else forced)
        return copy

    def answers_known_to(self, seat: PlayerSeat) -> list[Any]:
        """The answers so far as ``seat`` may know them: where seats decide in secret now, the
        other seats' answers not revealed yet are left out (a copy made from these has their
        decisions pending again)."""
        answers = self.answers
        if self._phase is None:
            return answers
        start = self._phase.start
        return answers[:start] + [a for a in answers[start:] if not isinstance(a, SeatAnswer) or a.seat is seat]

    def change_position(self, change: Callable[[Any], None]) -> None:
        """Apply ``change`` to the position now, at the pending decision, and again whenever this
        game is rebuilt by replaying its answers (a fork, a roll-back): a determinization's
        re-deal (``determinized``) must survive a fork. ``change`` must be
        deterministic. Not recorded: a record replays the game as it was played."""
        change(self.position)
        self._ask_again()
        self._changes = (*self._changes, (len(self.answers), change))

    def _apply_changes(self, changes: tuple[tuple[int, Callable[[Any], None]], ...], at: int) -> None:
        for when, change in changes:
            if when == at:
                change(self.position)
                self._ask_again()

    def _ask_again(self) -> None:
        """After a change of the position, the seats deciding in secret that have not answered
        yet are asked again: what they are offered may have changed (a draft round's cards)."""
        phase = self._phase
        if phase is None:
            return
        phase.ask_again()
        if phase.done:  # never so in the engine's own phases (none has a seat with nothing to ask)
            self._set_phase(None)
            self._advance(phase.revealed())
        else:
            self.pending = phase.first_pending()

    def tick(self) -> None:
        """Count one step of work for the current answer (the ``MAX_STEPS`` backstop)."""
        steps = self.steps = self.steps + 1
        if steps > self.step_limit:
            raise self._over_limit()

    def _over_limit(self) -> StepLimitExceeded:
        return StepLimitExceeded(f"one action took more than {self.step_limit:,} steps and was stopped; "
                                 "the game is back as it was")

    def _advance(self, value: Option | Revealed | None) -> None:
        self.pending = None
        self.steps = 0
        gen = self._gen
        try:
            d = gen.send(value) if value is not None else next(gen)
            player = d.player
            while player is CHANCE or player is None:  # not a player's own decision
                reply = (self._begin_together(d) if isinstance(d, Together)
                         else self.chance.outcome(d, self.chance.asks, self.position.rng, self.answers))
                if reply is None:  # waits for the caller
                    if not isinstance(d, Together):
                        self.pending = d
                    return
                d = gen.send(reply)
                player = d.player
            self.pending = cast(Decision, d)  # a seat's own decision: never a Together
        except GameOver as over:
            self._end(cast(Any, over.winner), over.reason)  # the game raised it with one of its seats
        except StopIteration:
            pass

    def _end(self, winner: S | None, reason: str) -> None:
        """The game is over: its result (the game's ``ended``) is logged, and the observer told."""
        ended = self.result = self.game.ended(self, winner, reason)
        self.events.add(ended)
        if self.observer is not None:
            self.observer(self, ended)

    def _begin_together(self, together: Together) -> Revealed | None:
        """Start a phase of secret decisions; its reveal at once if no seat has anything to ask."""
        phase = Phase(together, len(self.answers))
        for seat in phase.parts:
            phase.begin(seat)
        if phase.done:
            return phase.revealed()
        self._set_phase(phase)
        self.pending = phase.first_pending()
        return None

    def together(self, parts: Mapping[PlayerSeat, Callable[[], "Steps | Decision"]]) -> Steps:
        """Let each seat make its sequence of decisions of ``parts`` at once, in secret; the
        ``Revealed`` answers once all are in. The caller logs them (``log_chosen``)."""
        revealed: Revealed = yield Together(parts)
        return revealed

    def log_chosen(self, revealed: Revealed, seat: PlayerSeat) -> None:
        """Log the choices of ``seat``'s secret decisions (``log_choice``), at their reveal."""
        for d, opt in revealed.chosen[seat]:
            self.game.log_choice(self, seat, d, opt)

    def emit(self, kind: type[Event], *args: Any, cause: str | None = None) -> None:
        """Log the event ``kind(*args, cause=cause)``. It is made when the log is read
        (``EventLog``), or at once for an observer."""
        steps = self.steps = self.steps + 1  # tick(), inlined: this runs for every event
        if steps > self.step_limit:
            raise self._over_limit()
        if self.observer is None:
            self.events.record((kind, args, cause))
        else:
            event = kind(*args, cause=cause)
            self.events.add(event)
            self.observer(self, event)

    def ask(self, decision: Decision) -> Steps:
        """Yield a decision unless it has a single option, which needs no answer."""
        if len(decision.options) == 1:
            return decision.options[0]
        return (yield decision)

    # ---- what controllers and bots read: the game's, at this table ------------------------------

    def record(self, complete: bool = True) -> Any:
        """The game as a record; ``complete=False`` leaves out the log (a failed answer's report)."""
        return self.game.record(self, complete)

    def view(self, seat: S) -> Any:
        """All that ``seat`` may know now (DESIGN property 11)."""
        return self.game.view(self, seat)

    def fork(self, for_seat: S | None = None) -> "Driver[S]":
        """An independent copy at the pending decisions; this game is not changed."""
        return cast("Driver[S]", self.game.fork(self, for_seat))  # the game's forks are drivers of it

    def forks(self, count: int) -> "Sequence[Driver[S]]":
        """``count`` independent forks made now (the game may make them more cheaply at once)."""
        return cast("Sequence[Driver[S]]", self.game.forks(self, count))

    def determinized(self, seat: S, rng: random.Random) -> "Driver[S]":
        return cast("Driver[S]", self.game.determinized(self, seat, rng))

    def winners(self) -> tuple[S, ...]:
        return self.game.winners(self)

    def evaluate(self, seat: PlayerSeat) -> float:
        return self.game.evaluate(self, seat)

    def worth_a_look(self, decision: Decision) -> bool:
        return self.game.worth_a_look(decision)

    def one_ply_values(self, decision: Decision, others: random.Random | None) -> list[float] | None:
        return self.game.one_ply_values(self, decision, others)
