"""The driver, game-agnostic (DESIGN properties 2, 9, 10, 12 and 17): ``Driver`` holds a game
(``contract.Game``) and owns its flow: the position, the pending decisions, answers applied as
transactions; several seats may decide at once, in secret (``Together``, revealed together);
chance is a seat, answered from the seeded RNG (``draw``). A game's rules are one generator that
yields a ``Decision`` (one seat's, or chance's) or a ``Together`` and is sent back the chosen
``Option`` or the ``Revealed`` picks. Seats are the game's (``PlayerSeat``, ``game.seats``):
nothing here names a game.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, cast

from ..errors import CmdslError, IllegalAnswer
from .audience import Event
from .contract import Game, S
from .chance import Chance, Forced
from .decisions import CHANCE, Decision, Option, PlayerSeat, Seat, SeatAnswer, is_chance
from .log import EventLog
from .table_reads import TableReads
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


class Driver(TableReads[S]):
    """A game at a table (DESIGN properties 2, 3, 10, 12 and 17): the driver holds the game (``game``: its hooks,
    ``contract.Game``) and its position, holds the pending decisions, applies answers as transactions, runs secret
    picks (``Together``) and chance, logs the game's events (``emit``), and rebuilds the game by replaying its
    answers. What controllers and bots read of the game there is ``TableReads``'."""

    # The game's seats (read once); all its state (its ``start`` sets it; its rules change it); how far it is, in
    # its own turns or steps (a bot's look-ahead horizon); the answers so far, the pending decision, the result once
    # over, whether several seats decide at once, the secret decisions in progress, the forced chance outcomes, the
    # work done for the current answer and its limit, the observer, what ``ask`` took alone (``noted``, or None).
    seats: tuple[S, ...]
    position: Any
    turn: int
    answers: list[Any]
    pending: Decision | None
    result: Any
    simultaneous: bool
    _phase: Phase | None
    chance: Chance
    #: The changes of the position made beside the answers (``change_position``), each at the
    #: number of answers before it: a fork from a checkpoint makes those since it again.
    changes: tuple[tuple[int, Callable[[Any], None]], ...]
    steps: int
    step_limit: int
    observer: Callable[[Any, Event], None] | None
    noted: list[Decision] | None  # for a scenario's script: an answer written for one of them is its own
    events: EventLog
    _gen: Steps

    def __init__(self, game: Game[S], *, observer: Callable[[Any, Event], None] | None = None, ask_chance: bool = False,
                 step_limit: int = MAX_STEPS, start: bool = True, noted: list[Decision] | None = None) -> None:
        """A new table of ``game``: its rules run from its start up to their first decision. ``observer(driver,
        event)`` is told every event as it is logged; ``ask_chance``: the chance seat's decisions wait for the caller
        (else the seed answers them); ``step_limit``: the work one answer may cause; ``start=False``: not started yet
        (``replayed`` starts it); ``noted``: what ``ask`` takes alone is added to it. Nothing is forced yet."""
        self.game, self.seats, self.turn, self.noted = game, game.seats, 0, noted
        self.chance, self.changes, self._kept_views = Chance(ask_chance), (), None
        self.steps, self.step_limit, self.observer = 0, step_limit, observer
        if start:
            self._start_rules(game.start(self))

    def _start_rules(self, rules: Steps) -> None:
        """Run ``rules``, the game's generator, from the position as the game has just set it, up to
        its first decision, on a new record: no secret decisions in progress, a new log, no answers
        and no result. A new game calls it, and so does a rebuild, from the start or a fork's origin."""
        self._set_phase(None)
        self.events, self.answers, self.result = EventLog(), [], None
        self._gen = rules
        self._advance(None)

    def _set_phase(self, phase: Phase | None) -> None:
        """The secret decisions in progress, and with them ``simultaneous`` (several seats decide
        at once: ``pending`` is the first of ``pending_decisions``; bots read it at every decision)."""
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
        """The phase of secret picks in progress (the number of answers before it), or None."""
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

    def act(self, recorded: Any, option: Option) -> None:
        """Apply an action by hand as an answer of the rules (a game's ``interject``): recorded as
        ``recorded`` (given back to the game's ``replay_action`` on a rebuild) and sent to the
        rules as ``option``. A transaction, as ``answer`` is."""
        n, forced = len(self.answers), self.chance.forced
        self.answers.append(recorded)
        try:
            self._advance(option)
        except BaseException as e:
            self._roll_back(e, n, forced)

    def _answer_together(self, phase: Phase, answer: str, seat: Seat | None) -> None:
        """An answer to one of the secret decisions pending at once. It is kept, unrevealed (no
        event), until every seat is done; then all are revealed together."""
        d, opt = phase.find(answer, seat)
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
        """Force the next chance decision's outcome (one of the game's ``chance_outcomes``), recorded
        as the chance seat's answer where it is used; one pending now is answered at once.
        ``recorded=False``: an older record's action by hand forced it (recorded itself)."""
        if outcome not in self.game.chance_outcomes:
            raise IllegalAnswer(f'"{outcome}" is not a chance outcome ({self.game.chance_hint})')
        d = self.pending
        if d is not None and d.player is CHANCE and self._phase is None:
            self.answer(outcome, CHANCE)
            return
        self.chance.force(outcome, recorded)

    def draw_chance(self) -> None:
        """Answer the pending chance decisions as a game that does not ask would: forced outcomes
        first, else from the seed (unrecorded), as a replay does where a record has none."""
        while self.pending is not None and self.pending.player is CHANCE:
            d = self.pending
            n, forced = len(self.answers), self.chance.forced
            try:
                self._advance(self.chance.outcome(d, False, self.position.rng, self.answers))
            except BaseException as e:
                self._roll_back(e, n, forced)

    def _roll_back(self, e: BaseException, n: int, forced: Forced) -> None:
        """An answer is a transaction: after any failure, the game is put back as it was before it
        by replaying the earlier answers (slow, but only after a failure). Then ``e`` is raised
        again; an unexpected one (a bug) as an ``InternalError`` carrying the record."""
        failed = self.record(complete=False)  # with the answer that failed: a bug report
        _restart(self, self.answers[:n], forced)  # the ``n`` answers before it, the chance forced then
        if isinstance(e, (CmdslError, KeyboardInterrupt)) or not isinstance(e, Exception):
            raise e
        raise InternalError(f"internal error while applying an answer ({type(e).__name__}: {e}); "
                            "the game is back as it was", failed) from e

    def replayed(self, game: Game[S], answers: list[Any], *,
                 changes: tuple[tuple[int, Callable[[Any], None]], ...] | None = None,
                 forced: Forced | None = None) -> "Driver[S]":
        """A new driver of ``game`` (this one's, or one at an origin: a fork) that has replayed
        ``answers``, with this driver's settings, changes of the position and forced chance
        outcomes not used yet, or ``changes`` (at the new one's answers) and ``forced``."""
        copy = Driver(game, ask_chance=self.chance.asks, step_limit=self.step_limit, start=False)
        copy.changes = self.changes if changes is None else changes
        _restart(copy, answers, self.chance.forced if forced is None else forced)
        return copy

    def answers_known_to(self, seat: PlayerSeat) -> list[Any]:
        """The answers so far as ``seat`` may know them: without the other seats' secret answers
        not revealed yet (a copy made from these has their decisions pending again)."""
        return self.answers if self._phase is None else self._phase.known_to(self.answers, seat)

    def change_position(self, change: Callable[[Any], None]) -> None:
        """Apply ``change`` (deterministic) to the position now, and again whenever this game is
        rebuilt (a fork, a roll-back): a determinization's re-deal must survive a fork. Not
        recorded: a record replays the game as it was played."""
        change(self.position)
        self._ask_again()
        self.changes = (*self.changes, (len(self.answers), change))

    def _ask_again(self) -> None:
        """After a change of the position, the seats deciding in secret that have not answered are
        asked again: what they are offered may have changed (a draft round's cards)."""
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
            raise _over_limit(self.step_limit)

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
            raise _over_limit(self.step_limit)
        if self.observer is None:
            self.events.record((kind, args, cause))
        else:
            event = kind(*args, cause=cause)
            self.events.add(event)
            self.observer(self, event)

    def ask(self, decision: Decision) -> Steps:
        """Yield a decision unless it has a single option, which needs no answer (and is ``noted``, if kept)."""
        if len(decision.options) == 1:
            if self.noted is not None:
                self.noted.append(decision)
            return decision.options[0]
        return (yield decision)


def _over_limit(limit: int) -> StepLimitExceeded:
    return StepLimitExceeded(f"one action took more than {limit:,} steps and was stopped; the game is back as it was")


def _restart(table: Driver[Any], answers: Sequence[Any], forced: Forced | None = None) -> None:
    """Start ``table``'s game again, in place, and apply ``answers`` (the generator must be re-made
    on this very driver, so that it keeps driving it). Then the forced chance outcomes not used
    yet are ``forced`` (default: the table's).

    Chance in the answers: a chance answer answers the chance decision pending at its place; a
    chance decision with none at its place was drawn from the seed. So the game is rebuilt asking
    for chance and telling no observer, and draws from the seed where the answers have no chance
    answer."""
    observer, ask, changes = table.observer, table.chance.asks, table.changes
    forced = table.chance.forced if forced is None else forced
    table.chance.forced, table.observer, table.chance.asks = (), None, True
    table._start_rules(table.game.start(table))
    for i, a in enumerate(answers):
        if not is_chance(a):
            table.draw_chance()
        _apply_changes(table, changes, i)
        if isinstance(a, SeatAnswer):
            table.answer(a.answer, a.seat)
        elif isinstance(a, str):
            table.answer(a)
        else:  # an action by hand: the game's own
            table.game.replay_action(table, a)
    table.chance.asks = ask
    if not ask:
        table.draw_chance()
    _apply_changes(table, changes, len(answers))
    table.chance.forced, table.changes, table.observer = forced, changes, observer


def _apply_changes(table: Driver[Any], changes: tuple[tuple[int, Callable[[Any], None]], ...], at: int) -> None:
    """Make again the changes of the position made at answer ``at`` (``change_position``)."""
    for when, change in changes:
        if when == at:
            change(table.position)
            table._ask_again()


def any_seat(game: Driver[S]) -> Driver[PlayerSeat]:
    """``game`` as code that plays any game sees it (a seat study, a bot): its seats are only values
    the game gave it, handed back (a driver is invariant in its seat type, so this is a cast; a
    seat that is not the game's is still refused at run time)."""
    return cast("Driver[PlayerSeat]", game)
