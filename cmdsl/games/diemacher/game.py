"""Die Macher as a playable game, held by the core's driver (``cmdsl.game.driver``): ``DieMacher``
and ``diemacher_game`` (a new one at its table).

The rules are the phase modules (``flow.RUN``), generators over the position that yield decisions;
this module drives them, one phase after another. A phase is the unit of copies (D7): the game
keeps a checkpoint (the position, with its RNG) at the start of every phase, and ``fork()`` replays
from it only the answers of the phase in progress — a search never replays a whole game. The
game's ``turn`` counts phases, so that a search's horizon is counted in phases too.
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, cast

from ...errors import IllegalAnswer
from ...game.contract import Game, Host, held
from ...game.decisions import Decision, PlayerSeat, SeatAnswer
from ...game.driver import Driver, GameOver
from ...game.rng import GameRng
from ...game.together import Steps
from ...values import value
from . import events as E, playout
from .context import Ctx
from .data import DieMacherData, load_data
from .determinize import redealt, seen_in
from .evaluation import SCALE, WIN_VALUE, standing
from .flow import RUN, next_phase
from .kinds import Kind
from .one_ply import poll_bid_values
from .parties import Party, parties_for
from .position import DieMacherPosition, Phase
from .scoring import score_lines, winners
from .setup import deal, new_position


@value
class Origin:
    """Where a copy starts: a phase's start (the position, never changed: each start copies it),
    the game's turn there, and the answers given before it (for the copy's record)."""

    position: DieMacherPosition
    turn: int
    before: tuple[Any, ...]


#: Re-deals tried for a determinized copy before giving up (a deck reshuffled within the phase).
_REDEALS = 20

#: A game of Die Macher at its table: the core's driver, holding a ``DieMacher``.
DieMacherGame = Driver[Party]


class DieMacher(Game[Party]):
    """Die Macher at one table: its data, seed, parties and length (DM12), and where a copy of
    it starts (``origin``: a phase's start)."""

    chance_outcomes: ClassVar[frozenset[str]] = frozenset({f"die:{n}" for n in range(1, 7)}
                                                          | {f"roll:{n}" for n in range(0, 37)})
    chance_hint: ClassVar[str] = "a die is die:1 to die:6; a pool of dice roll:N (its total or its highest)"
    evaluation_scale: ClassVar[float] = SCALE

    def __init__(self, seed: int, players: int, *, short: bool = False, parties: tuple[Party, ...] | None = None,
                 data: DieMacherData | None = None, origin: Origin | None = None, lean: bool = False) -> None:
        self.data = data if data is not None else load_data()
        self.seed, self.short = seed, short
        #: A trial (``trials``): it keeps no checkpoint past its origin, so its own forks replay every
        #: answer since the origin, and it is never re-dealt for a seat (a hidden commitment's
        #: checkpoint is what keeps a copy made for another seat from replaying it).
        self.lean = lean
        self.seats: tuple[Party, ...] = parties_for(players, parties)
        self.players = players
        self.origin = origin
        #: The last checkpoint (``checkpoint``): a position, the answers and the turn before it, and
        #: the events logged before it.
        self._checkpoint: tuple[DieMacherPosition, int, int, int] | None = None
        #: A checkpoint asked for where the rules ask next without changing the position first
        #: (``Ctx.mark_before_asking``): its position is copied only if it is still the last one
        #: when the rules are answered or the game is copied (most are not: a search's trials).
        self._lazy: tuple[Host[Party], int, int, int, int] | None = None

    # ---- the driver's hooks -------------------------------------------------------------------

    def start(self, host: Host[Party]) -> Steps:
        origin = self.origin
        ctx = Ctx(host)
        if origin is None:
            host.position = new_position(self.data, self.seats, self.short, GameRng(self.seed))
            host.turn = 0
        else:
            host.position = origin.position.copy()
            host.turn = origin.turn
        self._checkpoint, self._lazy = None, None
        if origin is not None and (origin.position.begun or self.lean):
            # A copy within a phase (or a trial): where it starts is its checkpoint (an origin's
            # position is never changed, so the copy may keep it as it is).
            self._checkpoint = (origin.position, 0, origin.turn, 0)
        return self._settling(self.play(host, ctx, dealt=origin is None))

    def _settling(self, rules: Steps) -> Steps:
        """The rules, with a lazy checkpoint kept as the position stands while they wait for an answer."""
        reply: Any = None
        while True:
            try:
                asked = rules.send(reply)
            except StopIteration as stop:
                return stop.value
            reply = yield asked
            if self._lazy is not None:
                self._settle()

    def _settle(self) -> None:
        lazy = self._lazy
        if lazy is not None:
            host, answers, turn, logged, changed = lazy
            self._lazy = None
            if len(host.changes) == changed:  # else the position was changed since: the last checkpoint stands
                self._checkpoint = (host.position.copy(), answers, turn, logged)

    @property
    def checkpoint(self) -> tuple[DieMacherPosition, int, int, int] | None:
        """The start of the phase in progress, or a moment within it that the rules can resume from
        (a hidden commitment, a party's rallies, a bid): its position, the answers and the turn
        before it, and the events logged before it."""
        self._settle()
        return self._checkpoint

    def play(self, host: Host[Party], ctx: Ctx, dealt: bool) -> Steps:
        if dealt:
            deal(ctx)
        ctx.mark = lambda: self._mark(host)
        ctx.mark_before_asking = lambda: self._mark_lazily(host)
        ctx.unmark = self._unmark
        while True:
            pos = ctx.pos
            phase = pos.phase
            if not pos.begun:  # else a copy resumes the phase at a checkpoint within it
                self._mark(host)
                pos.phases_done += 1
                pos.begun = True
                host.turn = pos.phases_done
                if phase is Phase.FIRST_PLAYER or (phase is Phase.ELECTION and pos.round == pos.rounds):
                    state = pos.boards[pos.election].state
                    assert state is not None
                    ctx.emit(E.RoundStarted, pos.round, pos.rounds, state.name)
                ctx.emit(E.PhaseStarted, phase.value)
            yield from RUN[phase](ctx)
            pos = ctx.pos
            pos.begun = False
            pos.phase = next_phase(pos)
            if pos.phase is Phase.OVER:
                won = winners(score_lines(pos))
                raise GameOver(self.seats[won[0]] if len(won) == 1 else None, f"after {pos.rounds} elections")

    def _mark(self, host: Host[Party]) -> None:
        """A checkpoint now: the position, the answers and the turn, the events logged."""
        if not self.lean:
            self._checkpoint, self._lazy = (host.position.copy(), len(host.answers), host.turn, len(host.events)), None

    def _unmark(self) -> None:
        self._lazy = None  # the last checkpoint taken stands

    def _mark_lazily(self, host: Host[Party]) -> None:
        """A checkpoint here, where the rules ask next and change nothing before: the position is
        copied when it is needed (``_settle``), unless another checkpoint comes first."""
        if not self.lean:
            self._lazy = (host, len(host.answers), host.turn, len(host.events), len(host.changes))

    def ended(self, host: Host[Party], winner: Party | None, reason: str) -> E.GameEnded:
        lines = score_lines(host.position)
        return E.GameEnded(tuple(self.seats[i] for i in winners(lines)), lines, reason)  # DM11.5, DM18.23

    def log_choice(self, host: Host[Party], seat: PlayerSeat, decision: Any, option: Any) -> None:
        """Every answer is said by what it does (a bid, a marker placed…): see the phase modules."""
        if decision.kind is Kind.BID:  # DM7.1.1: at the reveal (a re-bid's floor is above 0, DM7.1.3)
            host.emit(E.BidShown, cast(Party, seat), option.value, decision.options[0].value > 0)
        elif decision.kind is Kind.POLL_BID:
            if option.value is None:
                host.emit(E.Passed, cast(Party, seat), "poll")
            else:
                host.emit(E.PollBid, cast(Party, seat), option.value)

    # ---- copies: a fork replays its phase's answers from the phase's checkpoint ------------------

    def _at(self, origin: Origin, lean: bool = False) -> "DieMacher":
        return DieMacher(self.seed, self.players, short=self.short, parties=self.seats, data=self.data, origin=origin,
                         lean=lean)

    def _before(self, host: Host[Party], since: int) -> tuple[Any, ...]:
        before = self.origin.before if self.origin is not None else ()
        return before + tuple(host.answers[:since])

    def fork(self, host: Host[Party], for_seat: Party | None) -> Host[Party]:
        """An independent copy at the pending decisions: from the phase's checkpoint, with the
        phase's answers (``for_seat``: those it may know; the others' secret ones pending again)."""
        return self._fork(host, for_seat, lean=False)

    def trials(self, host: Host[Party], count: int) -> list[Host[Party]]:
        """Forks that take no checkpoint of their own: the position copies that checkpoints cost
        are a third of a trial's work, and a trial is not copied again (should one be, it replays
        every answer since its start)."""
        return [self._fork(host, None, lean=True) for _ in range(count)]

    def _fork(self, host: Host[Party], for_seat: Party | None, lean: bool) -> Host[Party]:
        """``fork``; ``lean``: a trial (a fork of a trial is one too)."""
        assert not (self.lean and for_seat is not None), "a trial is never copied for a seat"
        cp = self.checkpoint
        assert cp is not None
        snap, since, turn, _ = cp
        changes = tuple((when - since, change) for when, change in host.changes if when >= since)
        answers = host.answers if for_seat is None else host.answers_known_to(for_seat)
        return host.replayed(self._at(Origin(snap, turn, self._before(host, since)), lean or self.lean),
                             list(answers[since:]), changes=changes)

    def determinized(self, host: Host[Party], seat: Party, rng: random.Random) -> Host[Party]:
        """A fork for ``seat`` in which what it cannot see (DM18.26: the other hands, the face-down
        opinions, every deck's order, the polls it has not seen, the future dice) is dealt anew at
        the phase's start, and the phase's answers it knows replayed (``determinize.py``: every
        card it has seen since keeps its place). The seat's own decision must be the same there;
        should a re-deal make it another (a deck reshuffled within the phase, from the RNG), the
        next is tried, and the last keeps the game's RNG (its reshuffles, and this phase's dice)."""
        if host.result is not None:
            return host.fork()
        assert not self.lean, "a trial is never re-dealt for a seat"
        cp = self.checkpoint
        assert cp is not None
        snap, since, turn, logged = cp
        answers = list(host.answers_known_to(seat)[since:])
        before = self._before(host, since)
        me = self.seats.index(seat)
        seen = seen_in(host.events[logged:], seat)
        mine = next((d for d in host.pending_decisions if d.player is seat), None)
        for k in range(_REDEALS):
            position = redealt(snap, me, rng, seen, keep_rng=k == _REDEALS - 1)
            try:
                copy = host.replayed(self._at(Origin(position, turn, before)), answers, changes=(), forced=())
            except IllegalAnswer:  # an answer of this phase no longer fits (a reshuffle gave other cards)
                continue
            theirs = next((d for d in copy.pending_decisions if d.player is seat), None)
            if mine is None or (theirs is not None and theirs.options == mine.options):
                return copy
        raise AssertionError("no re-deal keeps the seat's own decision")  # pragma: no cover

    # ---- reading the game -----------------------------------------------------------------------

    def history(self, host: Host[Party]) -> tuple[Any, ...]:
        return self._before(host, len(host.answers))

    @property
    def forked(self) -> bool:
        return self.origin is not None

    def view(self, host: Host[Party], seat: Party) -> Any:
        from .view import build_view
        return build_view(host, seat)

    def winners(self, host: Host[Party]) -> tuple[Party, ...]:
        return () if host.result is None else cast(E.GameEnded, host.result).winners

    def evaluate(self, host: Host[Party], seat: PlayerSeat) -> float:
        result = host.result
        if result is not None:
            won = cast(E.GameEnded, result).winners
            return WIN_VALUE / len(won) if seat in won else -WIN_VALUE
        return standing(host.position, self.seats.index(cast(Party, seat)))

    def one_ply_values(self, host: Host[Party], decision: Decision,
                       others: random.Random | None) -> list[float] | None:
        """D7: a poll bid's, without copies (``one_ply.py``); elsewhere, None (the caller forks)."""
        return poll_bid_values(host.position, decision) if decision.kind is Kind.POLL_BID else None

    def one_ply_is_public(self, decision: Decision) -> bool:
        """A poll bid's one ply reads the bids, the money and the poll deck's make-up (DM18.26)."""
        return decision.kind is Kind.POLL_BID

    def rollout_move(self, host: Host[Party], decision: Decision, rng: random.Random) -> str | None:
        """D7: the play-out policy (``playout.py``): a search's rollouts play the game with it."""
        return playout.rollout_move(host.position, decision, rng)

    def record(self, host: Host[Party], complete: bool) -> dict[str, Any]:
        from .record import DieMacherRecord, RecordedAnswer
        answers = tuple(RecordedAnswer(cast(Party, a.seat), a.answer) if isinstance(a, SeatAnswer)
                        else RecordedAnswer(None, a) for a in self.history(host))
        log = tuple(e.text() for e in host.events) if complete and not self.forked else None
        result = host.result.text() if host.result is not None else None
        return DieMacherRecord(self.players, self.short, tuple(p.value for p in self.seats), self.seed, answers, log,
                               result, self.data.fingerprint or None).to_json()


def diemacher_game(seed: int, players: int, *, short: bool = False, parties: tuple[Party, ...] | None = None,
                   data: DieMacherData | None = None, observer: Callable[[DieMacherGame, E.Event], None] | None = None,
                   ask_chance: bool = False) -> DieMacherGame:
    """A new game of ``players`` (3–5) from ``seed``; ``short``: the 5-round game (DM12)."""
    return Driver(DieMacher(seed, players, short=short, parties=parties, data=data), observer=observer,
                  ask_chance=ask_chance)


def diemacher_of(game: DieMacherGame) -> DieMacher:
    return held(game.game, DieMacher)


def game_at(position: DieMacherPosition, *, observer: Callable[[DieMacherGame, E.Event], None] | None = None,
            ask_chance: bool = False) -> DieMacherGame:
    """A game that starts at ``position`` (a scenario's or a test's, at the start of its
    ``phase``), its shuffles and dice from the position's RNG. Like a fork, its log starts there
    and its record has no log; its answers do not replay from a seed."""
    if position.phase is Phase.OVER:
        raise ValueError("the game at this position is over")
    game = DieMacher(0, position.players, short=position.short, parties=position.parties, data=position.data,
                     origin=Origin(position.copy(), position.phases_done, ()))
    return Driver(game, observer=observer, ask_chance=ask_chance)
