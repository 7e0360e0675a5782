"""High Card, a game of three rounds for three players, kept under tests/ to show that a game is a
plug-in (issue 28; docs/games.md walks through it). Its rules, numbered as a rulebook would:

- T1 Each player is dealt 3 of the cards 1 to 9, face down (a secret: only its holder sees them).
- T2 A round: every player bids a card of their hand at once, in secret; the bids are revealed
  together, and each bid card is spent.
- T3 Then a die is rolled (chance). The highest bid wins the round and scores its card plus the die.
- T4 After the third round the most points win; players tied for the most share the win.
- T5 With trick cards (``table(seed, tricks=…)``, the variant `new highcard tricks`): the winner
  of a round then carries out the effect of the card they bid, if it has one (``tricks.yaml``,
  written in High Card's vocabulary of the effect language). A card given away is seen only by
  the two players; a player left without a card bids no more.

The game (``HighCard``, a ``cmdsl.game.contract.Game``) is held by the core's driver
(cmdsl/game/driver.py: ``table(seed)`` makes one), which owns the flow and the position: the rules
are one generator, ``play``, that yields decisions; the core runs the secret bids (``together``) and
the die, and the trick cards' effects act through ``TrickOps``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Sequence, cast

from cmdsl.errors import IllegalAnswer, RecordError
from cmdsl.game.audience import Audience, Event, everyone
from cmdsl.game.decisions import CHANCE, ChanceOption, Decision, Option, PlayerSeat, SeatAnswer
from cmdsl.game.contract import Game, Host
from cmdsl.game.driver import Driver, GameOver
from cmdsl.game.together import Steps
from cmdsl.game.rng import GameRng
from cmdsl.lang.ops import Choice
from cmdsl.lang.run import Run
from cmdsl.values import value

if TYPE_CHECKING:
    from .tricks import Trick

ROUNDS = 3  # T4
HAND = 3  # T1
CARDS = tuple(range(1, 10))  # T1
FORMAT = "highcard-record/1"


class Seat(Enum):
    NORTH = "north"
    EAST = "east"
    WEST = "west"

    __hash__ = object.__hash__  # seats are dict keys at every step of a search

    @property
    def index(self) -> int:
        return SEATS.index(self)

    def __str__(self) -> str:
        return self.value.capitalize()


SEATS = tuple(Seat)


class Kind(StrEnum):
    BID = "bid"
    DIE = "die"
    PLAYER = "player"  # T5: a trick card's `choose a player`
    OPTION = "option"  # T5: a trick card's `choose one:`, or a tie the acting player breaks


_SIXTH = Fraction(1, 6)
DIE = Decision(CHANCE, Kind.DIE, "roll the die (T3)", tuple(ChanceOption(f"die:{n}", str(n), n, _SIXTH)
                                                           for n in range(1, 7)))


# ---- events: what the log says, and who may see it -------------------------------------------


@value
class Dealt(Event):
    """T1: a player's cards, seen by that player alone."""

    seat: Seat
    cards: tuple[int, ...]

    hidden: ClassVar[tuple[str, ...]] = ("cards",)

    def audience(self) -> Audience:
        return Audience.only(self.seat)

    def _redact(self) -> Event:
        return Dealt(self.seat, (), cause=self.cause)

    def text(self) -> str:
        if not self.cards:
            return f"{self.seat} is dealt {HAND} cards."
        return f"{self.seat} is dealt {', '.join(map(str, self.cards))}."


@value
class BidsRevealed(Event):
    """T2: the round's bids, revealed together."""

    bids: tuple[tuple[Seat, int], ...]

    audience = everyone

    def text(self) -> str:
        return "Bids: " + ", ".join(f"{seat} {card}" for seat, card in self.bids) + "."


@value
class DieRolled(Event):
    pips: int

    audience = everyone

    def text(self) -> str:
        return f"The die shows {self.pips}."


@value
class RoundWon(Event):
    """T3: the highest bid scores its card and the die."""

    seat: Seat
    points: int

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} wins the round: +{self.points}."


@value
class TrickPlayed(Event):
    """T5: the round's winner carries out their card's effect."""

    seat: Seat
    card: int
    rules: str  # its rules text

    audience = everyone

    def text(self) -> str:
        return f"{self.seat}'s {self.card} is a trick: {self.rules}"


@value
class PlayerChosen(Event):
    seat: Seat
    chosen: Seat

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} chooses {self.chosen}."


@value
class OptionChosen(Event):
    seat: Seat
    label: str

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} chooses: {self.label}."


@value
class CardGiven(Event):
    """T5: a card goes from one hand to another; only the two players see which."""

    giver: Seat
    taker: Seat
    card: int  # 0: hidden

    hidden: ClassVar[tuple[str, ...]] = ("card",)

    def audience(self) -> Audience:
        return Audience(frozenset({self.giver, self.taker}))

    def _redact(self) -> Event:
        return CardGiven(self.giver, self.taker, 0, cause=self.cause)

    def text(self) -> str:
        return f"{self.giver} gives {self.taker} a card" + (f": {self.card}." if self.card else ".")


@value
class GameEnded(Event):
    """T4: the final points and the winners (several share a tie)."""

    winners: tuple[Seat, ...]
    points: tuple[int, ...]  # by seat index
    reason: str

    audience = everyone

    def text(self) -> str:
        who = " and ".join(map(str, self.winners))
        return f"Game over — {who} win{'s' if len(self.winners) == 1 else ''} with {max(self.points)} ({self.reason})."


# ---- the position, and what a seat may know ---------------------------------------------------


@dataclass
class Position:
    hands: list[list[int]]
    scores: list[int]
    rng: GameRng
    round: int = 0
    deck: list[int] = field(default_factory=list)  # the cards nobody holds (never seen)


@dataclass(frozen=True)
class View:
    """All that one seat may know: its hand, the others' hand sizes, the scores, its log."""

    seat: Seat
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    round: int
    log: tuple[Event, ...]


# ---- the game ---------------------------------------------------------------------------------


class HighCard(Game[Seat]):
    """High Card at one table: its seed and its trick cards (T5). The driver holding it
    (``table``) owns the flow and the position; the rules are the functions below it."""

    seats: tuple[Seat, ...] = SEATS
    chance_outcomes: ClassVar[frozenset[str]] = frozenset(o.id for o in DIE.options)
    chance_hint: ClassVar[str] = "the die: die:1 to die:6"
    evaluation_scale: ClassVar[float] = 5.0

    def __init__(self, seed: int, tricks: Mapping[int, "Trick"] | None = None) -> None:
        self.seed = seed
        self.tricks: Mapping[int, Trick] = tricks or {}  # T5

    # the driver's hooks
    def start(self, host: Host[Seat]) -> Steps:
        rng = GameRng(self.seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        host.position = Position([sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(len(SEATS))],
                                   [0] * len(SEATS), rng, deck=deck[len(SEATS) * HAND:])
        host.turn = 0
        return play(self, host)

    def log_choice(self, host: Host[Seat], seat: PlayerSeat, decision: Decision, option: Option) -> None:
        if decision.kind == Kind.PLAYER:
            host.emit(PlayerChosen, seat, option.value)
        elif decision.kind == Kind.OPTION:
            host.emit(OptionChosen, seat, option.label)
        else:
            raise NotImplementedError("every bid is secret: the bids are logged at their reveal")

    def ended(self, host: Host[Seat], winner: Seat | None, reason: str) -> GameEnded:
        points = tuple(host.position.scores)
        return GameEnded(tuple(s for s in SEATS if points[s.index] == max(points)), points, reason)

    # reading the game; a fork replays its answers from the deal (a short game: no checkpoints)
    def determinized(self, host: Host[Seat], seat: Seat, rng: random.Random) -> Host[Seat]:
        """A fork for ``seat`` in which the others' hands are dealt anew from the cards it has not
        seen, and the die's future too."""
        if host.result is not None:
            return host.fork()
        copy = host.fork(for_seat=seat)
        copy.chance.forget()
        copy.change_position(partial(_redeal, seat, rng.getrandbits(64)))
        return copy

    def winners(self, host: Host[Seat]) -> tuple[Seat, ...]:
        return () if host.result is None else host.result.winners

    def evaluate(self, host: Host[Seat], seat: PlayerSeat) -> float:
        pos, me = host.position, SEATS.index(cast(Seat, seat))
        lead = pos.scores[me] - max(s for i, s in enumerate(pos.scores) if i != me)
        if host.result is not None:
            return 100.0 + lead if seat in host.result.winners else -100.0 + lead
        return lead + 0.5 * sum(pos.hands[me])

    def view(self, host: Host[Seat], seat: Seat) -> View:
        pos = host.position
        return View(seat, tuple(pos.hands[seat.index]), tuple(len(h) for h in pos.hands), tuple(pos.scores),
                    pos.round, tuple(e.redacted(seat) for e in host.events))

    def record(self, host: Host[Seat], complete: bool) -> dict[str, Any]:
        return {"format": FORMAT, "game": "highcard", "seed": self.seed, **({"tricks": True} if self.tricks else {}),
                # a secret bid or a die by its seat; a trick's choice (T5), alone pending, by none
                "answers": [[a.seat.value, a.answer] if isinstance(a, SeatAnswer) else [None, a]
                            for a in host.answers],
                "log": [e.text() for e in host.events] if complete else None}


def table(seed: int, observer: Callable[[Any, Event], None] | None = None,
          tricks: Mapping[int, "Trick"] | None = None) -> Driver[Seat]:
    """A new game of High Card from ``seed`` (``tricks``: the variant with trick cards, T5)."""
    return Driver(HighCard(seed, tricks), observer=observer, step_limit=10_000)


# ---- the rules (T1-T5) -----------------------------------------------------------------------


def play(game: HighCard, host: Host[Seat]) -> Steps:
    """The whole game, one generator: the deal (T1), three rounds (T2, T3, T5), the end (T4)."""
    pos = host.position
    for seat in SEATS:
        host.emit(Dealt, seat, tuple(pos.hands[seat.index]))
    while pos.round < ROUNDS:
        bidders = [seat for seat in SEATS if pos.hands[seat.index]]  # T5: an empty hand bids no more
        if not bidders:
            break
        pos.round += 1
        host.turn += 1
        revealed = yield from host.together({seat: partial(_bid, host, seat) for seat in bidders})
        bids = tuple((seat, revealed.results[seat]) for seat in bidders)
        for seat, card in bids:
            pos.hands[seat.index].remove(card)
        host.emit(BidsRevealed, bids)
        pips = (yield DIE).value
        host.emit(DieRolled, pips)
        winner, card = max(bids, key=lambda bid: bid[1])
        pos.scores[winner.index] += card + pips
        host.emit(RoundWon, winner, card + pips)
        trick = game.tricks.get(card)
        if trick is not None:  # T5
            host.emit(TrickPlayed, winner, card, " ".join(trick.rules_text().split()))
            yield from trick.compiled.run(Run(TrickOps(host), winner))
    raise GameOver(None, f"{ROUNDS} rounds played")


def _bid(host: Host[Seat], seat: Seat) -> Steps:
    hand = host.position.hands[seat.index]
    opt = yield from host.ask(Decision(seat, Kind.BID, "bid a card (T2)",
                                         tuple(Option(f"card:{c}", str(c), c) for c in hand)))
    return opt.value


class TrickOps:
    """What a trick card's effect does (T5; High Card's vocabulary, tests/toygame/vocabulary/):
    the operations its compiled effects call, on the position the driver holds."""

    def __init__(self, host: Host[Seat]) -> None:
        self.host = host
        self.seats = host.seats
        self.tick = host.tick

    @property
    def active(self) -> Seat:
        return SEATS[0]  # nobody has the turn: every round is played at once

    def points(self, seat: Seat) -> int:
        return cast(int, self.host.position.scores[seat.index])

    def give_card(self, giver: Seat, taker: Seat, highest: bool, cause: str | None = None) -> None:
        pos = self.host.position
        hand = pos.hands[giver.index]
        if not hand or giver is taker:
            return
        card = max(hand) if highest else min(hand)
        hand.remove(card)
        pos.hands[taker.index] = sorted([*pos.hands[taker.index], card])
        self.host.emit(CardGiven, giver, taker, card, cause=cause)

    def choose_player(self, seat: Seat, cause: str | None = None) -> Choice[Seat]:
        opt = yield from self.host.ask(Decision(seat, Kind.PLAYER, "choose a player (T5)", tuple(
            Option(f"player:{s.value}", str(s), s) for s in SEATS), cause=cause))
        return cast(Seat, opt.value)

    def choose_option(self, seat: Seat, labels: Sequence[str], cause: str | None = None) -> Choice[int]:
        opt = yield from self.host.ask(Decision(seat, Kind.OPTION, "choose one (T5)", tuple(
            Option(f"option:{i}", label, i) for i, label in enumerate(labels, 1)), cause=cause))
        return int(opt.value) - 1


# ---- records ----------------------------------------------------------------------------------


def from_record(data: Any, where: str = "record", tricks: Mapping[int, "Trick"] | None = None) -> Driver[Seat]:
    """The game a record holds, replayed; a malformed record raises one located ``RecordError``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{where}: not a High Card record (format: {FORMAT})")
    seed, answers = data.get("seed"), data.get("answers")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 32:
        raise RecordError(f"{where}: seed: a whole number from 0 to 2^32 - 1")
    if not isinstance(answers, list):
        raise RecordError(f"{where}: answers: a list of [seat, answer]")
    if data.get("tricks", False) not in (True, False):
        raise RecordError(f"{where}: tricks: true or false")
    if data.get("tricks") and tricks is None:
        from .tricks import load_tricks
        tricks = load_tricks()
    game = table(seed, tricks=tricks if data.get("tricks") else None)
    # A die forced by hand is recorded as the chance seat's answer; the others come from the seed.
    game.ask_chance = True
    seats = {s.value: s for s in SEATS} | {CHANCE.value: CHANCE}
    for i, a in enumerate(answers, 1):
        if not (isinstance(a, list) and len(a) == 2 and (a[0] is None or a[0] in seats) and isinstance(a[1], str)):
            raise RecordError(f"{where}: answers[{i}]: expected [seat, answer], got {a!r}")
        seat = seats[a[0]] if a[0] is not None else None
        try:
            if seat is not CHANCE:
                game.draw_chance()
            game.answer(a[1], seat)
        except IllegalAnswer as e:
            raise RecordError(f"{where}: answers[{i}]: {e}") from None
    game.ask_chance = False
    return game


def log_text(game: Driver[Seat]) -> str:
    return "\n".join(e.text() for e in game.events)


def _redeal(seat: Seat, seed: int, pos: Position) -> None:
    """Deal the cards ``seat`` has not seen (the others' hands and the unused cards) anew, the
    others' hands at their sizes, and reseed the die (a seat knows no future roll)."""
    rng = random.Random(seed)
    unseen = [c for s in SEATS if s is not seat for c in pos.hands[s.index]] + pos.deck
    rng.shuffle(unseen)
    for s in SEATS:
        if s is not seat:
            n = len(pos.hands[s.index])
            pos.hands[s.index], unseen = sorted(unseen[:n]), unseen[n:]
    pos.deck = unseen
    pos.rng = GameRng(rng.getrandbits(32))
