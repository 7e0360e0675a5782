"""Lobbys as a playable game, held by the core's driver (``cmdsl.game.driver``): ``Lobbys``, and
``lobbys_game`` (a new one at its table, a ``LobbysGame``).

The rules are the pure functions of this package (``rules.py``); this module only drives them.
Each step of the game (an election, L5, or a tender, L6) is one ``Together``: every seat has one
``Decision`` at once, whose options are the cards of its hand, answered in secret and in any
order; nothing is logged until the last seat has picked (L2.2, L11.7). On the reveal the picks
go to ``apply_picks`` and its results become events (``events.py``). Shuffles come from the
game's seeded ``GameRng``: Lobbys has no decisions of the chance seat.

A step is the unit of copies: the game keeps a checkpoint (the position and RNG) at the start of
every step, and ``fork()`` replays from it only the answers of the step in progress.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable, ClassVar, cast

from ...errors import IllegalAnswer, RecordError
from ...game.decisions import Decision, PlayerSeat, SeatAnswer
from ...game.contract import Game, Host, held
from ...game.driver import Driver, GameOver
from ...game.together import Revealed, Steps, Together
from ...game.rng import GameRng
from . import events as E
from .cards import Card, text_of
from .data import LobbysData, load_data
from .determinize import deal, redealt
from .election import Election, people_votes
from .heuristic import SCALE, WIN_VALUE, standing
from .options import KIND, OPTIONS, LobbysDecisionKind, card_of
from .position import LobbysPosition, Phase
from .record import LobbysRecord, RecordedAnswer, log_matches, parse_record
from .rules import GameOver as RulesGameOver
from .rules import PickKind, Step, apply_picks, new_game, pick_kind
from .scoring import RoundScore, contract_points, winners
from .seats import LobbysSeat, seats_for
from .table import Table
from .tender import Tender
from .view import LobbysView, build_view
from ...values import value


@value
class Origin:
    """Where a fork starts: the table at the start of a step (shared, never changed), the number
    of steps before it, and the answers given before it (for the fork's record)."""

    table: Table
    turn: int
    before: tuple[SeatAnswer, ...]


#: A game of Lobbys at its table: the core's driver, holding a ``Lobbys``.
LobbysGame = Driver[LobbysSeat]


class Lobbys(Game[LobbysSeat]):
    """Lobbys at one table: its data, seed, players and variant, and where a copy of it starts
    (``origin``: a step's start); the driver holding it owns the flow and the position (a
    ``Table``). The rules are this package's pure functions (``rules.py``); ``play`` drives them.

    A step is the unit of copies: the game keeps a checkpoint (the position and RNG) at the start
    of every step, and ``fork`` replays from it only the answers of the step in progress."""

    #: Lobbys has no chance decisions: its deals and People draws come from the seed.
    chance_outcomes: ClassVar[frozenset[str]] = frozenset()
    chance_hint: ClassVar[str] = "Lobbys has no chance decisions: its shuffles come from the seed"
    #: Points of expected lead per round left that make a search's score 0.73 (``heuristic.py``).
    evaluation_scale: ClassVar[float] = SCALE

    def __init__(self, seed: int, players: int, *, people_variant: bool = False, data: LobbysData | None = None,
                 origin: Origin | None = None) -> None:
        """A game of ``players`` (2–5) from ``seed``, with the variant "The People Speak" (L10,
        2–4 players) or not; ``data``: the game data (default: the bundled file, read now);
        ``origin``: where a copy starts."""
        self.data = data if data is not None else load_data()
        if origin is None:
            self.data.check_players(players)
        self.seed, self.players, self.people_variant = seed, players, people_variant
        #: The seats of this game, in seat order (N of the five).
        self.seats: tuple[LobbysSeat, ...] = seats_for(players)
        self.origin = origin
        #: The start of the step in progress: its table, the number of answers and of steps before it.
        self.checkpoint: tuple[Table, int, int] | None = None
        #: The kind and prompt of the step in progress's picks (``_pick``).
        self.asking: tuple[LobbysDecisionKind, str] = (KIND[PickKind.VOTE], "")

    # ---- the driver's hooks (cmdsl.game.contract.Game) ------------------------------------------

    def start(self, host: Host[LobbysSeat]) -> Steps:
        """L3, L4: set up and deal round 1 (or a copy's origin, a step's start); then the picks."""
        origin = self.origin
        if origin is None:
            rng = GameRng(self.seed)
            host.position = Table(new_game(self.data, self.players, rng, people_variant=self.people_variant), rng)
        else:
            host.position = Table(origin.table.lobbys, origin.table.rng.copy())
        #: The number of the current step (1-based), counting every pick step of every round.
        host.turn = 0 if origin is None else origin.turn
        self.checkpoint, self.asking = None, (KIND[PickKind.VOTE], "")
        return self.play(host, dealt=origin is None)

    def ended(self, host: Host[LobbysSeat], winner: LobbysSeat | None, reason: str) -> E.GameEnded:
        points = tuple(host.position.lobbys.points)
        return E.GameEnded(tuple(self.seats[i] for i in winners(points)), points, reason)  # L8.1, L11.1

    # ---- the rules, as one generator ------------------------------------------------------

    def play(self, host: Host[LobbysSeat], dealt: bool) -> Steps:
        """Every step from here on: one secret pick of every seat, revealed and applied. (Lobbys
        logs its picks at their reveal: ``log_choice`` is never asked for.)"""
        table = host.position
        if dealt:
            self._dealt(host, table.lobbys)
        seats = self.seats
        # Each seat's pick, asked of it at every step (``asking`` says which): made once, and so
        # is what the rules yield for them (the driver only reads it).
        picks = Together({seat: partial(self._pick, host, seat) for seat in seats})
        while True:
            pos = table.lobbys
            pick = pick_kind(pos)
            assert pick is not None  # the last step ends the game (GameOver) before this
            self.checkpoint = (table.snapshot(), len(host.answers), host.turn)
            host.turn += 1
            self.asking = (KIND[pick], _prompt(pos, pick))
            revealed: Revealed = yield picks  # ``Driver.together``, inlined
            table = host.position
            pos = table.lobbys  # read again: a determinization may have re-dealt it
            results = revealed.results
            shown = tuple([(seat, results[seat]) for seat in seats])
            chosen: dict[int, Card] = {seat.index: card for seat, card in shown}
            step = apply_picks(pos, chosen, table.rng, checked=True)  # the driver offered only cards in hand
            table.lobbys = step.position
            self._log_step(host, pos, step, shown)

    def _pick(self, host: Host[LobbysSeat], seat: LobbysSeat) -> Decision:
        """One seat's secret pick of the step in progress (``asking``: its kind and prompt): a
        card of its hand (L5.1, L6.2); the chosen option's value is the card (``Together``)."""
        kind, prompt = self.asking
        hand = host.position.lobbys.hands[seat.index]
        return Decision(seat, kind, prompt, tuple(map(OPTIONS.__getitem__, hand)))

    def _log_step(self, host: Host[LobbysSeat], before: LobbysPosition, step: Step, picks: E.Picks) -> None:
        """The events of one revealed step, in order; the end of the game raises ``GameOver``."""
        after = step.position
        emit = host.emit
        for r in step.results:
            if isinstance(r, Election):
                emit(E.VotesRevealed, before.round, picks)
                if r.people:
                    emit(E.PeopleDrawn, r.people, tuple(v for v in people_votes(r.people).items() if v[1]))
                emit(E.ElectionWon, r.trump, r.votes, r.decided_by)
            elif isinstance(r, Tender):
                emit(E.OffersRevealed, picks)
                emit(E.TenderWon, self.seats[r.winner.seat], r.winner.card, r.income, r.main, r.linked, r.won_by)
            elif isinstance(r, RoundScore):
                emit(E.RoundScored, r.round, self._score_lines(r, after))
            elif isinstance(r, RulesGameOver):
                winner = self.seats[r.winners[0]] if len(r.winners) == 1 else None
                raise GameOver(winner, f"after {self.data.rounds} rounds")
        if after.round != before.round:
            self._dealt(host, after)
        elif after.contract_offer is not None:
            self._turned_up(host, after)

    def _dealt(self, host: Host[LobbysSeat], pos: LobbysPosition) -> None:
        """L4: a round's deal, each hand told to its own seat only."""
        host.emit(E.RoundStarted, pos.round, self.data.rounds, self.data.hand_size)
        for seat in self.seats:
            host.emit(E.HandDealt, seat, tuple(pos.hands[seat.index]))

    def _turned_up(self, host: Host[LobbysSeat], pos: LobbysPosition) -> None:
        assert pos.contract_offer is not None
        main, linked = pos.contract_offer
        types = self.data.contract_types
        host.emit(E.ContractsTurnedUp, pos.round, pos.tenders_done + 1, self.data.tenders_per_round, main, linked,
                  types[main.face], types[linked.face])

    def _score_lines(self, r: RoundScore, after: LobbysPosition) -> tuple[E.ScoreLine, ...]:
        types = self.data.contract_types
        return tuple(E.ScoreLine(self.seats[s.seat], tuple((types[f], p) for f, p in s.majorities), s.omnipresence,
                                 s.partisan, s.partisan_points, s.loss, s.total, after.points[s.seat])
                     for s in r.scores)

    # ---- copies ---------------------------------------------------------------------------

    def fork(self, host: Host[LobbysSeat], for_seat: LobbysSeat | None) -> Host[LobbysSeat]:
        """An independent copy of this game at its pending decisions; this game is not changed.
        It starts from the checkpoint of the current step and replays the step's answers:
        all of them, or (``for_seat``) only those the seat may know (``answers_known_to``: the
        other seats' unrevealed picks are left out, so their decisions are pending again).
        The copy's log holds only the events since the step started; its ``record()`` has the
        game's answers from the start (with ``for_seat``, those known to the seat)."""
        snap, since, turn = self._step_start()
        # The checkpoint holds the position changes made before it; those made since are made again.
        changes = tuple((when - since, change) for when, change in host.changes if when >= since)
        answers = host.answers if for_seat is None else host.answers_known_to(for_seat)
        return host.replayed(self._at(Origin(snap, turn, self._before(host, since))), list(answers[since:]),
                             changes=changes)

    def determinized(self, host: Host[LobbysSeat], seat: LobbysSeat, rng: random.Random) -> Host[LobbysSeat]:
        """A fork for ``seat`` in which all it cannot know (L11.6) is dealt anew from ``rng``:
        the other seats' hands (the cards they hold together, dealt back at the same sizes), the
        Contract deck's order, the People deck, and the RNG's future (``determinize.py``).

        The deal is made on the position at the step in progress (a pick changes nothing before
        the reveal, so that is the position now, with any ``change_position`` made since the
        step started) and the copy starts from it: every fork of the copy keeps it, and the
        copy holds no trace of the real hidden cards. This game is not changed. A finished
        game has nothing left to deal: its determinized copy is a fork."""
        if host.result is not None:
            return host.fork()  # its last picks are revealed: replayed on a new deal they would not fit
        _, since, turn = self._step_start()
        d = deal(host.position.lobbys, seat.index, rng)
        origin = Origin(Table(redealt(host.position.lobbys, d), GameRng(d.seed)), turn, self._before(host, since))
        return host.replayed(self._at(origin), list(host.answers_known_to(seat)[since:]), changes=(), forced=())

    def _step_start(self) -> tuple[Table, int, int]:
        cp = self.checkpoint
        assert cp is not None  # set at the start of every step
        return cp

    def _before(self, host: Host[LobbysSeat], since: int) -> tuple[Any, ...]:
        """The answers of the game before the host's answer ``since`` (a fork's origin too)."""
        before = self.origin.before if self.origin is not None else ()
        return before + tuple(host.answers[:since])

    def anew(self) -> "Lobbys":
        """This game from its start (its deal), at a table of its own."""
        return Lobbys(self.seed, self.players, people_variant=self.people_variant, data=self.data)

    def _at(self, origin: Origin) -> "Lobbys":
        """This game, to start at ``origin`` (a copy's)."""
        return Lobbys(self.seed, self.players, people_variant=self.people_variant, data=self.data, origin=origin)

    # ---- reading the game -----------------------------------------------------------------

    def history(self, host: Host[LobbysSeat]) -> tuple[Any, ...]:
        """Every answer since the game's start (a fork's too: those before its origin)."""
        return self._before(host, len(host.answers))

    @property
    def forked(self) -> bool:
        """Whether this game is a copy (``fork``, ``determinized``): its log starts at its origin."""
        return self.origin is not None

    def unrevealed_pick(self, host: Host[LobbysSeat], seat: LobbysSeat) -> Card | None:
        """``seat``'s own pick in the step in progress, before the reveal (None if it has not
        picked, or nothing is pending). Only ever for that seat's own view."""
        cp = self.checkpoint
        if not host.simultaneous or cp is None:
            return None
        for a in host.answers[cp[1]:]:
            if isinstance(a, SeatAnswer) and a.seat is seat:
                return card_of(a.answer)
        return None

    def view(self, host: Host[LobbysSeat], seat: LobbysSeat) -> LobbysView:
        """All that ``seat`` may know now (L11.6, DESIGN property 11): see ``view.py``."""
        return build_view(host.position.lobbys, seat, self.seats, host.turn, host.pending_decisions,
                          self.unrevealed_pick(host, seat), host.result, host.events, self.data.contract_types)

    def winners(self, host: Host[LobbysSeat]) -> tuple[LobbysSeat, ...]:
        return () if host.result is None else cast(E.GameEnded, host.result).winners

    def evaluate(self, host: Host[LobbysSeat], seat: PlayerSeat) -> float:
        """The seat's expected lead in points per round left (``heuristic.standing``); a finished
        game: WIN_VALUE shared among its winners, −WIN_VALUE for the others."""
        result = host.result
        if result is not None:
            return WIN_VALUE / len(result.winners) if seat in result.winners else -WIN_VALUE
        return standing(host.position.lobbys, cast(LobbysSeat, seat))

    def one_ply_values(self, host: Host[LobbysSeat], decision: Decision,
                       others: random.Random | None) -> list[float] | None:
        """The greedy one ply's value of each option of ``decision`` (Lobbys names no amounts, so a
        bot tries them all: ``candidates()`` is ``options``) straight from the rules: the
        step's picks (those made already, the other seats' still to come drawn from ``others`` in
        seat order, as ``action_value`` draws them on a fork) applied to the position for each
        option, and the result evaluated. No fork, no replay, no events: the same numbers.

        As on a fork, where the seat's pick is the step's last, the one ply plays the next step too
        (``action_value`` goes on through the phase that its answer started): the seat's first
        card, the others' drawn afresh from ``others`` for each option."""
        phase, me = host.phase, cast(LobbysSeat, decision.player)
        if phase is None or phase.current.get(me) is not decision or others is None:
            return None
        table = host.position
        chosen: dict[int, Card] = {cast(LobbysSeat, seat).index: picks[-1][1].value
                                   for seat, picks in phase.chosen.items() if picks}
        pending = phase.pending()
        for d in pending:
            if d.player is not me:
                chosen[cast(LobbysSeat, d.player).index] = d.options[others.randrange(len(d.options))].value
        # Where this pick is the step's last, the next step's picks are drawn afresh for each option:
        # a generator (seeded only to skip the OS's entropy) set back to ``others``' state each time.
        again = (random.Random(0), others.getstate()) if len(pending) == 1 else None
        # One step from here, the contracts won differ only by who won this tender: how many
        # each seat holds tells the seat, and so the contracts' points (computed once per winner).
        known: dict[tuple[int, ...], list[int]] = {}
        values = []
        for option in decision.options:
            chosen[me.index] = option.value
            rng = table.rng.copy()  # lent, not copied, until a shuffle draws from it (game/rng.py)
            after = apply_picks(table.lobbys, chosen, rng, checked=True).position
            if again is not None and after.phase is not Phase.OVER:
                draw, state = again
                draw.setstate(state)
                after = apply_picks(after, _next_picks(after, me.index, draw), rng, checked=True).position
            if after.phase is Phase.OVER:
                values.append(WIN_VALUE / len(won) if me.index in (won := winners(after.points)) else -WIN_VALUE)
            elif again is not None or after.round != table.lobbys.round:
                values.append(standing(after, me))
            else:
                key = tuple(map(len, after.won))
                contracts = known.get(key)
                if contracts is None:
                    contracts = known[key] = contract_points(after.won, after.data)
                values.append(standing(after, me, contracts))
        return values

    def record(self, host: Host[LobbysSeat], complete: bool) -> dict[str, Any]:
        """This game as a JSON-able record (``record.py``). ``complete=False``, and any fork,
        leaves out the log (a fork's log starts where it was made)."""
        answers = tuple(RecordedAnswer(a.seat, a.answer) for a in self.history(host))
        log = tuple(e.text() for e in host.events) if complete and not self.forked else None
        result = host.result.text() if host.result is not None else None
        return LobbysRecord(self.players, self.people_variant, self.seed, answers, log, result,
                            data=self.data.fingerprint or None).to_json()


def lobbys_game(seed: int, players: int, *, people_variant: bool = False,
                observer: Callable[[LobbysGame, E.Event], None] | None = None, ask_chance: bool = False,
                data: LobbysData | None = None) -> LobbysGame:
    """A new game of ``players`` (2–5) from ``seed``, with the variant "The People Speak" (L10,
    2–4 players) or not. ``observer(game, event)`` is called after every event. ``data``: the game
    data (default: the bundled file, read now). ``ask_chance`` is the driver's; Lobbys never has a
    chance decision to ask."""
    return Driver(Lobbys(seed, players, people_variant=people_variant, data=data), observer=observer,
                  ask_chance=ask_chance)


def lobbys_of(game: LobbysGame) -> Lobbys:
    """The Lobbys game a driver holds: its data, players, variant, and what is read of it."""
    return held(game.game, Lobbys)


def game_at(position: LobbysPosition, seed: int) -> LobbysGame:
    """A game that starts at ``position`` (a scenario's, between two steps), its shuffles (People
    draws, the next rounds' deals) from ``seed``. Like a fork, its log starts there and its
    ``record()`` has no log; unlike one, its answers do not replay from a seed."""
    if position.phase is Phase.OVER:
        raise ValueError("the game at this position is over: nobody picks any more")
    return Driver(Lobbys(seed, position.players, people_variant=position.people_variant, data=position.data,
                         origin=Origin(Table(position, GameRng(seed)), 0, ())))


def from_record(data: Any, where: str = "record", *, game_data: LobbysData | None = None) -> LobbysGame:
    """The game a record (parsed JSON) holds, replayed answer by answer. A malformed record,
    or an answer the game refuses, raises one ``RecordError`` saying where."""
    game_data = game_data if game_data is not None else load_data()
    rec = parse_record(data, game_data, where)
    if rec.data is not None and game_data.fingerprint and not game_data.same_as_recorded(rec.data):
        raise RecordError(f"{where}: played with the Lobbys data {rec.data}; this data is {game_data.fingerprint} "
                          "(give the set it was played with: --cards DIR)")
    game = lobbys_game(rec.seed, rec.players, people_variant=rec.people_variant, data=game_data)
    for i, a in enumerate(rec.answers, 1):
        if game.over:
            raise RecordError(f"{where}: answers[{i}]: the game is over already: the record has "
                              f"{len(rec.answers) - i + 1} answer(s) too many")
        try:
            answer = a.option_id(game, rec.seed, i - 1)  # a seat's file: others' unrevealed picks by number
            game.answer(answer, a.seat)
        except (IllegalAnswer, RecordError) as e:
            raise RecordError(f"{where}: answers[{i}]: {a.seat.value} cannot answer "
                              f"{a.answer if a.answer is not None else f'option {a.option}'!r}: {e}") from None
    return game


def history(game: LobbysGame) -> tuple[Any, ...]:
    """Every answer of ``game`` since its start (a fork's too: those before its origin)."""
    return lobbys_of(game).history(game)


def log_text(game: LobbysGame) -> str:
    return "\n".join(e.text() for e in game.events)


def _next_picks(pos: LobbysPosition, me: int, draw: random.Random) -> dict[int, Card]:
    """The next step's picks as ``action_value`` makes them on a fork: the seat's first card, the
    others' drawn in seat order from ``draw``."""
    return {s: hand[0] if s == me else hand[draw.randrange(len(hand))] for s, hand in enumerate(pos.hands)}


def _prompt(pos: LobbysPosition, pick: PickKind) -> str:
    if pick is PickKind.VOTE:
        return f"round {pos.round}, election: vote with a card (you pay its rank, L5.3)"
    assert pos.contract_offer is not None
    main, linked = pos.contract_offer
    trump = pos.trump.symbol if pos.trump is not None else "none"
    return (f"round {pos.round}, tender {pos.tenders_done + 1} of {pos.data.tenders_per_round}: offer a card for "
            f"{text_of(main)} (main) and {text_of(linked)} (linked); trump {trump}")  # every step: no call per card


def replay(data: Any, where: str = "record", *, game_data: LobbysData | None = None) -> tuple[LobbysGame, bool]:
    """Replay a record and check it: the game, and whether its log is the record's (True when the
    record keeps no log). ``first_difference`` says where two logs part."""
    game = from_record(data, where, game_data=game_data)
    return game, log_matches(game, data)  # a seat's file: its view's log, and the full log's digest


def first_difference(game: LobbysGame, log: list[str]) -> int | None:
    """The index of the first event of ``game`` whose text is not ``log``'s (or where the shorter
    ends); None when they are the same."""
    texts = [e.text() for e in game.events]
    for i, (a, b) in enumerate(zip(texts, log)):
        if a != b:
            return i
    return None if len(texts) == len(log) else min(len(texts), len(log))
