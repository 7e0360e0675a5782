"""One balance game: a job (everything that decides it) in, a row (everything the reports need) out.

A job names its card set by folder and fingerprint, never by compiled cards, so it can be sent to
another process (or, later, another machine). Its result depends on the job alone: the same job
gives the same row in any process, in any order (docs/balance.md, "Reproducible").
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, field, replace
from enum import StrEnum
from typing import Any, Literal, Sequence

from .....bots import bot_seed, make_bot, play_bot_move
from .....errors import CmdslError
from .....game.decisions import CHANCE
from .....game.driver import any_seat
from .....kits.study.health import SeatCards
from .....kits.study.seats import HandWatch, leaders_by_thirds
from .....plugins import TableGame, WithoutCards
from ... import events as E
from ...engine import CampaignGame, campaign_game
from ...setup import FirstPlayer, Setup
from ...model import SIDES, CardSet, SetupMode, Side
from .....values import value

#: The change of ``evaluate`` (about electoral votes) below which an event helped neither side.
HELP_THRESHOLD = 0.5


class Helped(StrEnum):
    """Whom a Breaking News or Going Negative result helped (docs/balance.md): the side whose
    greedy evaluation rose by more than ``HELP_THRESHOLD`` while it was carried out."""

    MCCAIN = "mccain"
    OBAMA = "obama"
    NEITHER = "neither"


#: The card set a game was played with: the only one ("main"), or one of an A/B run's two.
ArmName = Literal["main", "new", "old"]


@value
class Job:
    """Everything that decides one game."""

    arm: ArmName
    index: int
    seed: int
    cards: str  # the card set's folder
    fingerprint: str  # the set the run started with: a worker refuses a folder that changed since
    setup: SetupMode
    first: FirstPlayer
    max_turns: int | None
    mccain: str  # bot spec text (cmdsl.bots.spec)
    obama: str


@value
class Played:
    side: str
    card: str
    turn: int


@value
class NewsResult:
    """A Breaking News (``id``: its id) or Going Negative result (``id``: its roll, as text)
    carried out; ``by``: who rolled (Going Negative only); ``helped``: ``Helped`` value."""

    id: str
    helped: str
    by: str | None = None


@value
class GameRow:
    """What one game left behind, as stored (one SQLite row) and reported."""

    arm: ArmName
    index: int
    seed: int
    fingerprint: str
    mccain: str
    obama: str
    setup: str
    first: str  # who played first (resolved, never "random")
    winner: str | None
    reason: str
    turns: int
    score_mccain: int
    score_obama: int
    played: tuple[Played, ...] = ()
    drafted: tuple[tuple[str, str], ...] = ()  # (side, card) kept in the draft
    states_won: tuple[tuple[str, str], ...] = ()  # (side, state)
    news: tuple[NewsResult, ...] = ()
    negative: tuple[NewsResult, ...] = field(default=())
    # The health measures' (``cmdsl.kits.study.health``); a row stored before them has none (0, empty).
    decisions: int = 0  # the decisions with a choice (two options or more) the players answered
    #: The sides with the most electoral votes after the first third and after two thirds of its
    #: turns, by seat index (0 McCain, 1 Obama: ``SIDES``'s order).
    leaders: tuple[tuple[int, ...], ...] = ()
    #: By seat index: the cards the side held at a decision of its own, those it could then play, and
    #: those it played (``campaign_cards``).
    cards: tuple[SeatCards, ...] = ()
    #: By seat index: the cards the side drew (in its hand at any moment, or played).
    drawn: tuple[tuple[str, ...], ...] = ()

    # What the health measures read of a game besides (``health.Played``): its winners and points by seat index.
    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, side in enumerate(SIDES) if side.value == self.winner)

    @property
    def points(self) -> tuple[int, ...]:
        return (self.score_mccain, self.score_obama)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> "GameRow":
        d: dict[str, Any] = json.loads(text)
        d["played"] = tuple(Played(**p) for p in d["played"])
        d["drafted"] = tuple(tuple(x) for x in d["drafted"])
        d["states_won"] = tuple(tuple(x) for x in d["states_won"])
        d["news"] = tuple(NewsResult(**x) for x in d["news"])
        d["negative"] = tuple(NewsResult(**x) for x in d["negative"])
        d["leaders"] = tuple(tuple(x) for x in d.get("leaders", ()))  # absent from a row of before: its default
        # one string per card id, however many rows an A/B holds at once
        d["cards"] = tuple(tuple(tuple(map(sys.intern, x)) for x in seat) for seat in d.get("cards", ()))
        d["drawn"] = tuple(tuple(map(sys.intern, seat)) for seat in d.get("drawn", ()))
        return GameRow(**d)


class CampaignSeats(WithoutCards):
    """A game of CM2008 as a seat study reads it (``SeatTable``): its seats McCain then Obama, its
    points the electoral votes (R1.8, R11.1), what a side holds (its hand) and which card an option
    plays (a turn's ``play:ID``, R4.1). The balance study's ``play`` reads the hands and the
    standing through it; ``new_game`` deals as the study does."""

    def __init__(self, cards: CardSet, setup: Setup) -> None:
        self.cards, self.setup = cards, setup

    def new_game(self, seed: int) -> TableGame:
        return any_seat(campaign_game(self.cards, seed, self.setup, checkpoints=True))

    def points(self, game: TableGame) -> tuple[int, ...]:
        r = game.result
        return (r.mccain, r.obama) if isinstance(r, E.GameEnded) else ()

    def standing(self, game: TableGame) -> tuple[int, ...]:
        """The electoral votes each side has now: its starting ones and the states it won (R1.8, R9)."""
        players = game.position.players
        return tuple(players[side].score for side in SIDES)

    def hand(self, game: TableGame, seat: int) -> tuple[str, ...]:
        return tuple(game.position.players[SIDES[seat]].hand)

    def card_of(self, option_id: str) -> str | None:
        kind, _, card = option_id.partition(":")
        return card if kind == "play" and card else None


def campaign_cards(watched: Sequence[SeatCards], played: Sequence[Played]) -> tuple[SeatCards, ...]:
    """Each side's cards over a game (``GameRow.cards``): those ``HandWatch`` saw it hold and play
    at its decisions, with every card it played, however (``CardPlayed``): one a card's effect
    plays ("play one of the cards just drawn", a ``card:`` option) or a decision of a single
    option plays is not a ``play:`` answer, but it was in the hand and could be played. Empty when
    no side held a card at a decision."""
    if not watched:
        return ()
    out = []
    for side, (held, playable, chosen) in zip(SIDES, watched):
        done = set(chosen) | {p.card for p in played if p.side == side.value}
        out.append((tuple(sorted(done.union(held))), tuple(sorted(done.union(playable))), tuple(sorted(done))))
    return tuple(out)


@value
class _Resolving:
    """A Breaking News or Going Negative result being carried out: ``source``, the card id its
    events name as their cause; ``roller``, who went negative (None: Breaking News)."""

    id: str
    source: str
    roller: Side | None
    before: float  # McCain's evaluation just before it was revealed
    after: float  # ... just after the last event it caused so far


class _HelpTracker:
    """Watches a game's events as they happen and measures, for each Breaking News and Going
    Negative result, the change of McCain's ``evaluate`` from just before it is revealed to just
    after the last event it caused (events name their cause: ``bn-…:line``, ``going-negative-N:line``)."""

    def __init__(self) -> None:
        self.news: list[NewsResult] = []
        self.negative: list[NewsResult] = []
        self._now: _Resolving | None = None

    def __call__(self, game: CampaignGame, event: E.Event) -> None:
        if isinstance(event, (E.NewsDrawn, E.DieRolled, E.GameEnded)):
            self.finish()
        if isinstance(event, E.NewsDrawn):
            v = game.evaluate(Side.MCCAIN)
            self._now = _Resolving(event.news, event.news, None, v, v)
        elif isinstance(event, E.DieRolled):
            v = game.evaluate(Side.MCCAIN)
            self._now = _Resolving(str(event.value), f"going-negative-{event.value}", event.player, v, v)
        elif self._now is not None and event.cause is not None and event.cause.rpartition(":")[0] == self._now.source:
            self._now = replace(self._now, after=game.evaluate(Side.MCCAIN))

    def finish(self) -> None:
        """Record the result being carried out, if any (the next one starts, or the game ends)."""
        now, self._now = self._now, None
        if now is None:
            return
        delta = now.after - now.before
        helped = Helped.MCCAIN if delta > HELP_THRESHOLD else Helped.OBAMA if delta < -HELP_THRESHOLD else Helped.NEITHER
        if now.roller is None:
            self.news.append(NewsResult(now.id, helped.value))
        else:
            self.negative.append(NewsResult(now.id, helped.value, now.roller.value))


def play(job: Job, cards: CardSet) -> GameRow:
    """Play ``job``'s game to its end with ``cards`` (the set the job names) and describe it."""
    if cards.fingerprint != job.fingerprint:
        raise CmdslError(f"the cards in {job.cards} changed since the run started "
                         f"(fingerprint {cards.fingerprint}, the run's is {job.fingerprint})")
    tracker = _HelpTracker()
    game_setup = Setup(job.setup, job.first, job.max_turns)
    # The health measures, read as the game goes on (reading changes nothing of it): the standing
    # as each turn begins (told with its event), the decisions with a choice (every seat's, secret
    # picks too), the hands at each decision.
    table, seats = CampaignSeats(cards, game_setup), list(SIDES)
    standings: list[tuple[int, tuple[int, ...]]] = []  # (turn, electoral votes) as each turn began

    def observe(g: CampaignGame, event: E.Event) -> None:
        tracker(g, event)
        if isinstance(event, E.TurnStarted):
            standings.append((event.turn, table.standing(any_seat(g))))

    game = campaign_game(cards, job.seed, game_setup, observer=observe, checkpoints=True)  # bots that look ahead fork it
    bots = {side: make_bot(spec, bot_seed(job.seed, SIDES, side)) for side, spec in zip(SIDES, (job.mccain, job.obama))}
    seen, hands, decisions = any_seat(game), HandWatch(table, len(seats)), 0
    while game.pending is not None:
        decisions += sum(len(d.options) > 1 and d.player is not CHANCE for d in game.pending_decisions)
        hands.before(seen, seats)
        play_bot_move(game, bots)
        hands.after(seen)
    tracker.finish()
    assert game.result is not None
    turn, first, played, drafted, won = 0, "", [], [], []
    for e in game.events:
        if isinstance(e, E.TurnStarted):
            turn = e.turn
        elif isinstance(e, E.GameStarted):
            first = e.first.value
        elif isinstance(e, E.CardPlayed):
            played.append(Played(e.player.value, e.card, turn))
        elif isinstance(e, E.Drafted):
            drafted.append((e.player.value, e.kept))
        elif isinstance(e, E.StateWon):
            won.append((e.player.value, e.state))
    r = game.result
    return GameRow(job.arm, job.index, job.seed, job.fingerprint, job.mccain, job.obama, job.setup, first,
                   r.winner.value if r.winner else None, r.reason, game.turn, r.mccain, r.obama,
                   tuple(played), tuple(drafted), tuple(won), tuple(tracker.news), tuple(tracker.negative),
                   decisions, leaders_by_thirds(standings, game.turn), campaign_cards(hands.rows(), played),
                   hands.drawn_rows([[p.card for p in played if p.side == side.value] for side in SIDES]))
