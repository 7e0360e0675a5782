"""Racolage Électoral (RA1–RA11, docs/racolage.md) on the shared core: ``Racolage``, the game a
driver holds (``racolage_game`` makes one at its table, a ``RacolageGame``). Its rules are
``rules.py`` (one generator of a turn's phases); the cards are data (``cards.py``); what an Action
does is its effect, compiled from the effect language, acting through ``rules.Effects``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, ClassVar, cast

from ...errors import IllegalAnswer, RecordError
from ...game.audience import Event
from ...game.contract import Game, Host, held
from ...game.decisions import Decision, Option, PlayerSeat
from ...game.driver import Driver
from ...game.rng import GameRng
from ...game.together import Steps
from . import events as E
from .cards import Action, Media, Party, RacolageSet
from .evaluation import evaluate
from .kinds import HAND, PRICE, Kind
from .position import Position
from .record import FORMAT, RacolageRecord, full_record, parse_record, seat_record
from .rules import Rules
from .seats import RacolageSeat, seats_for
from .vocabulary.nodes import Permanent

__all__ = ["FORMAT", "HAND", "PRICE", "Kind", "Racolage", "RacolageGame", "View", "racolage_game"]

#: A game of Racolage at its table: the core's driver, holding a ``Racolage``.
RacolageGame = Driver[RacolageSeat]
#: The work one answer may cause (an Event's effect may draw Events: ``kinds.MAX_EVENT_DEPTH``).
STEP_LIMIT = 100_000


@dataclass(frozen=True)
class View:
    """All one seat may know (docs/secrets.md): its hand and its decision, everything on the
    table, the sizes of what is hidden, and the log as it saw it. Cards by id."""

    seat: RacolageSeat
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    media_spaces: tuple[tuple[str, ...], ...]  # RA2.2, in the order placed
    zones: tuple[tuple[tuple[Permanent, str], ...], ...]  # RA2.4: each bonus zone, by type
    notoriety: tuple[int, ...]  # RA2.3: the placed Media, what the range checks (RA11.1)
    final: tuple[int, ...]  # RA11.1: with the bonuses, what the end counts
    event: str | None  # the event slot (RA2.5)
    skips: tuple[int, ...]
    media_deck: int
    action_deck: int
    discard: tuple[str, ...]  # face up (RA1.6), the top last
    table: tuple[str, ...]  # temporary Actions played this turn (RA6.3)
    turn: int
    active: RacolageSeat  # whose turn
    final_round: bool  # RA8.1: the last Media card is drawn
    hand_limit: int  # this seat's, at the hand check (RA4.3, a Privilege may change it: RA6.2)
    draws: int  # the Media cards this seat's phase 1 draws (RA4.1, a Privilege may change it)
    decision: Decision | None  # this seat's decision, if it must answer now
    deciding: RacolageSeat | None  # who must answer now (None: the game is over)
    log: tuple[Event, ...]


class Racolage(Game[RacolageSeat]):
    """Racolage at one table: its seed, players, cards and a scenario's set-up, and where a copy
    of it starts (``origin``: a turn's checkpoint). The driver holding it owns the flow and the
    position; ``Rules`` (rules.py) plays it."""

    chance_outcomes: ClassVar[frozenset[str]] = frozenset()  # the decks are shuffled from the seed
    chance_hint: ClassVar[str] = "Racolage Électoral has no chance decision (its decks are shuffled from the seed)"
    evaluation_scale: ClassVar[float] = 6.0

    def __init__(self, seed: int, players: int = 4, cards: RacolageSet | None = None,
                 setup: Callable[[Position], None] | None = None,
                 origin: tuple[Position, int, tuple[Any, ...]] | None = None) -> None:
        if cards is None:
            from .loader import bundled_set, load_set
            cards = load_set(bundled_set())
        self.seed, self.players, self.cards = seed, players, cards
        self.setup = setup  # a scenario's or a test's position, made after the deal (and on every rebuild)
        # A copy starts at a turn's checkpoint (its position, the turn, the answers before it)
        # and replays that turn's answers: not the whole game (``fork``).
        self.origin = origin
        #: The start of the turn in progress: its position, the number of answers and of turns before it.
        self.checkpoint: tuple[Position, int, int] | None = None
        self.seats: tuple[RacolageSeat, ...] = seats_for(players)

    # ---- setup (RA3) ------------------------------------------------------------------------------

    def start(self, host: Host[RacolageSeat]) -> Steps:
        self.checkpoint = None
        if self.origin is not None:
            host.position, host.turn = self.origin[0].snapshot(), self.origin[1]
            return Rules(self, host).play(dealt=True)
        rng = GameRng(self.seed)
        media = [m.id for m in self.cards.media]
        actions = [a.id for a in self.cards.actions]
        rng.shuffle(media)
        rng.shuffle(actions)
        n = self.players
        hands = [[media.pop() for _ in range(HAND)] for _ in range(n)]
        host.position = Position(rng, hands, [[] for _ in range(n)], [{} for _ in range(n)], media, actions,
                                 bonus=[0] * n, skips=[0] * n)
        if self.setup is not None:
            self.setup(host.position)
        host.turn = 0
        return Rules(self, host).play()

    @property
    def parties(self) -> tuple[Party, ...]:
        """RA3.1: each player's Party card, an avatar (RA1.3); with fewer than 4, the rest are put away."""
        return self.cards.parties[:self.players]

    def name(self, card_id: str) -> str:
        return self.cards.card_name(card_id)

    # ---- the driver's hooks -----------------------------------------------------------------------

    def worth_a_look(self, decision: Decision) -> bool:
        """A search's play-outs try each option of a turn's choices (draw or buy, how many, what to
        place or play, an effect's choice), not of the cards given up: a sale takes the cheapest card
        (listed first), a discard the first card of the hand (the oldest). Measured: 0.38 s per ISMCTS
        decision at 3 players, was 0.58 with every discard looked at (bench/ismcts_speed.py)."""
        return decision.kind not in (Kind.SELL, Kind.HAND, Kind.DISCARD)

    def log_choice(self, host: Host[RacolageSeat], seat: PlayerSeat, decision: Decision, option: Option) -> None:
        if decision.kind == Kind.OPTION:
            host.emit(E.OptionChosen, seat, option.label)
        # every other answer is said by what it does (a card drawn, sold, placed, played…)

    def ended(self, host: Host[RacolageSeat], winner: RacolageSeat | None, reason: str) -> E.GameEnded:
        scores = self.scores(host)
        best = max(scores)
        return E.GameEnded(tuple(s for s in self.seats if scores[s.index] == best), scores, reason)  # RA8.2

    # ---- copies: a fork replays its turn's answers from the turn's checkpoint -----------------------

    def fork(self, host: Host[RacolageSeat], for_seat: RacolageSeat | None) -> Host[RacolageSeat]:
        """An independent copy at the pending decision: it starts from the current turn's
        checkpoint and replays the turn's answers (every decision is one seat's, in the open)."""
        assert self.checkpoint is not None
        snap, since, turn = self.checkpoint
        before = (self.origin[2] if self.origin is not None else ()) + tuple(host.answers[:since])
        game = Racolage(self.seed, self.players, self.cards, setup=self.setup, origin=(snap, turn, before))
        # The checkpoint holds the position changes made before it; those made since are made again.
        changes = tuple((when - since, change) for when, change in host.changes if when >= since)
        return host.replayed(game, list(host.answers[since:]), changes=changes)

    def determinized(self, host: Host[RacolageSeat], seat: RacolageSeat, rng: random.Random) -> Host[RacolageSeat]:
        """A fork for ``seat`` in which what it cannot see — the other hands, both decks' order —
        is dealt anew, each hand keeping how many Media and Action cards it holds."""
        if host.result is not None:
            return host.fork()
        copy = host.fork(for_seat=seat)
        copy.change_position(partial(_redeal, self.cards, seat.index, rng.getrandbits(64)))
        return copy

    # ---- reading the game ---------------------------------------------------------------------------

    def winners(self, host: Host[RacolageSeat]) -> tuple[RacolageSeat, ...]:
        return () if host.result is None else cast(E.GameEnded, host.result).winners

    def scores(self, host: Host[RacolageSeat]) -> tuple[int, ...]:
        rules = Rules(self, host)
        return tuple(rules.notoriety(s, final=True) for s in self.seats)

    def evaluate(self, host: Host[RacolageSeat], seat: PlayerSeat) -> float:
        return evaluate(Rules(self, host), cast(RacolageSeat, seat))

    def view(self, host: Host[RacolageSeat], seat: RacolageSeat) -> View:
        rules = Rules(self, host)
        pos, d = host.position, host.pending
        return View(seat, tuple(pos.hands[seat.index]), tuple(len(h) for h in pos.hands),
                    tuple(tuple(m) for m in pos.media_spaces),
                    tuple(tuple(sorted(z.items(), key=lambda kv: list(Permanent).index(kv[0]))) for z in pos.zones),
                    tuple(rules.notoriety(s) for s in self.seats), self.scores(host), pos.event, tuple(pos.skips),
                    len(pos.media_deck), len(pos.action_deck), tuple(pos.discard), tuple(pos.table), host.turn,
                    rules.active, pos.final_left is not None, rules.rule(seat, "hand_limit", HAND),
                    rules.rule(seat, "draw_phase", 1), d if d is not None and d.player is seat else None,
                    cast(RacolageSeat, d.player) if d is not None else None,
                    tuple(e.redacted(seat) for e in host.events))

    def record(self, host: Host[RacolageSeat], complete: bool) -> dict[str, Any]:
        """The operator's record (``cmdsl play --record``): every answer, the full log if
        ``complete`` (a fork has not the whole log: none)."""
        return full_record(_Revealing(self, host), self.cards.fingerprint, complete and self.origin is None).to_json()

    def anew(self) -> "Racolage":
        """This game from its deal, at a table of its own."""
        return Racolage(self.seed, self.players, self.cards, setup=self.setup)

    def all_answers(self, host: Host[RacolageSeat]) -> list[str]:
        """Every answer since the deal (a fork's own start at its turn's checkpoint)."""
        return [*(self.origin[2] if self.origin is not None else ()), *host.answers]


class _Revealing:
    """A game as its records read it (``record.py``'s ``Revealing``): a driver and its Racolage."""

    def __init__(self, game: Racolage, host: Host[RacolageSeat]) -> None:
        self.game, self.host = game, host
        self.seed, self.players, self.events, self.answers = game.seed, game.players, host.events, host.answers

    @property
    def pending(self) -> Decision | None:
        return self.host.pending

    def all_answers(self) -> list[str]:
        return self.game.all_answers(self.host)

    def unrevealed(self) -> int:
        return unrevealed(cast(RacolageGame, self.host))

    def answer(self, answer: str, seat: Any = None) -> None:
        cast(RacolageGame, self.host).answer(answer, seat)


def racolage_game(seed: int, players: int = 4, cards: RacolageSet | None = None,
                  observer: Callable[[Any, Event], None] | None = None,
                  setup: Callable[[Position], None] | None = None,
                  noted: list[Decision] | None = None) -> RacolageGame:
    """A new game of ``players`` from ``seed`` (``cards``: the bundled set by default; ``setup``:
    a scenario's change of the position after the deal, made again at every rebuild; ``noted``:
    each decision taken without asking is added to it, for a scenario's script)."""
    return Driver(Racolage(seed, players, cards, setup=setup), observer=observer, step_limit=STEP_LIMIT,
                  noted=noted)


def racolage_of(game: RacolageGame) -> Racolage:
    """The Racolage game a driver holds: its cards, seed, players, parties."""
    return held(game.game, Racolage)


def rules_of(game: RacolageGame) -> Rules:
    """The rules at ``game``'s table: what an effect or a test reads and does (notoriety…)."""
    return Rules(racolage_of(game), game)


def copy(game: RacolageGame) -> RacolageGame:
    """An independent copy with the whole log, replayed from the deal (a fork's log starts at its
    turn's checkpoint: fine for a bot, not for a player who reads the log)."""
    racolage = racolage_of(game)
    again = Driver(racolage.anew(), step_limit=STEP_LIMIT)
    for a in racolage.all_answers(game):
        again.answer(a)
    return again


def seat_record_of(game: RacolageGame, view: str, debugged: bool = False) -> dict[str, Any]:
    """A file for a person: ``view``'s log (a seat's name, ``public``, ``full``), the digest of
    the full log, the answers ``view`` has not seen said by option number."""
    racolage = racolage_of(game)
    whole = game if racolage.origin is None else copy(game)
    return seat_record(_Revealing(racolage_of(whole), whole), lambda: _revealing(Driver(racolage.anew(), step_limit=STEP_LIMIT)),
                       racolage.cards.fingerprint, view, debugged).to_json()


def _revealing(game: RacolageGame) -> "_Revealing":
    return _Revealing(racolage_of(game), game)


def unrevealed(game: RacolageGame) -> int:
    """How many of the last answers no other seat has seen said yet. Every answer is said at
    once by a public event (``Drew``, ``MediaPlaced``, ``ActionPlayed``, ``Discarded``,
    ``OptionChosen``; a pass by nothing happening), but a purchase's: its count and the cards
    sold are said together by ``Sold`` once the sale is complete (RA5), so from the choice to
    buy until then they are the buyer's alone."""
    d = game.pending
    if d is None or d.kind not in (Kind.BUY, Kind.SELL):
        return 0
    return len(game.answers) - max(i for i, a in enumerate(game.answers) if a == "buy")


def from_record(data: Any, where: str = "record", cards: RacolageSet | None = None) -> RacolageGame:
    """The game a record holds, replayed; a malformed record raises one located ``RecordError``."""
    return replay(parse_record(data, where), cards, where)


def replay(record: RacolageRecord, cards: RacolageSet | None = None, where: str = "record") -> RacolageGame:
    """The game ``record`` holds: its answers given in turn (an answer by option number at the
    decision it answers); an answer the game does not take is one located ``RecordError``."""
    game = racolage_game(record.seed, record.players, cards)
    for i, a in enumerate(record.answers):
        try:
            game.answer(a.option_id(game.pending, record.seed, i), a.seat)
        except (IllegalAnswer, RecordError) as e:
            raise RecordError(f"{where}: answers[{i + 1}]: {e}") from None
    return game


def log_text(game: RacolageGame) -> str:
    return "\n".join(e.text() for e in game.events)


def _redeal(cards: RacolageSet, me: int, seed: int, pos: Position) -> None:
    """What seat ``me`` cannot see, dealt anew: the other hands (each keeping its counts of Media
    and Action cards, which the log says), both decks' order and the future shuffles (RA11.3).
    The pool is sorted first, so that the copy depends on what the seat knows and ``seed`` only."""
    rng = random.Random(seed)
    others = [i for i in range(len(pos.hands)) if i != me]
    for kind, deck in ((Media, pos.media_deck), (Action, pos.action_deck)):
        pool = sorted([*deck, *(c for i in others for c in pos.hands[i] if isinstance(cards.cards[c], kind))])
        rng.shuffle(pool)
        for i in others:
            keep = [c for c in pos.hands[i] if not isinstance(cards.cards[c], kind)]
            need = len(pos.hands[i]) - len(keep)
            pos.hands[i] = keep + [pool.pop() for _ in range(need)]
        deck[:] = pool
    pos.rng = GameRng(rng.getrandbits(32))
