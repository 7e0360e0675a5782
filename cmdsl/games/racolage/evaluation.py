"""How good a Racolage Électoral position is for one seat, for the greedy bot and the search's
rollouts (docs/bots.md, "Racolage Électoral"). It reads only what that seat may know: its own
hand, the table, the other hands' sizes (tests/racolage/test_racolage_secrets.py).

A seat's standing is its final notoriety (RA11.1: placed Media and bonuses) plus what its hand is
likely to bring: each Media card's value weighted by how soon it can be placed (now; in range but
its theme closed; not yet in range; never again, once notoriety is past its maximum), each Action
card a little, less as the Media deck runs out; turns still to skip cost about a placement each.
The value is the seat's standing less the best other standing (a game is won by the highest)."""

from __future__ import annotations

from typing import Protocol

from .cards import Media, RacolageSet
from .events import GameEnded
from .position import Position
from .seats import RacolageSeat


class Game(Protocol):
    """What the evaluation reads of a game at its table (its rules: ``rules.Rules``)."""

    seats: tuple[RacolageSeat, ...]
    cards: RacolageSet

    @property
    def position(self) -> Position: ...

    @property
    def result(self) -> GameEnded | None: ...

    def notoriety(self, seat: RacolageSeat, final: bool = False) -> int: ...

    def theme_open(self, theme: str, seat: RacolageSeat) -> bool: ...

PLACEABLE, THEME_CLOSED, NOT_YET = 0.6, 0.3, 0.15  # a Media card's value, weighted by when it may be placed
ACTION = 1.0  # an Action card in hand
UNSEEN = 0.8  # a card in another seat's hand, unseen: about an average card's weight
SKIP = 3.0  # a turn to skip: about one placement lost
LATE = 10  # with fewer Media cards left than this, hands are worth proportionally less


def evaluate(game: Game, seat: RacolageSeat) -> float:
    me = seat.index
    if game.result is not None:
        scores = game.result.scores
        lead = scores[me] - max(s for i, s in enumerate(scores) if i != me)
        return 100.0 + lead if seat in game.result.winners else -100.0 + lead
    pos = game.position
    time_left = min(1.0, len(pos.media_deck) / LATE)
    standing = []
    for s in game.seats:
        hand = _hand(game, s) if s is seat else UNSEEN * len(pos.hands[s.index])
        standing.append(game.notoriety(s, final=True) + time_left * hand - SKIP * pos.skips[s.index])
    return standing[me] - max(v for i, v in enumerate(standing) if i != me)


def _hand(game: Game, seat: RacolageSeat) -> float:
    now = game.notoriety(seat)
    total = 0.0
    for card_id in game.position.hands[seat.index]:
        card = game.cards.cards[card_id]
        if not isinstance(card, Media):
            total += ACTION
        elif card.fits(now):
            total += card.value * (PLACEABLE if game.theme_open(card.theme, seat) else THEME_CLOSED)
        elif now < card.low:
            total += card.value * NOT_YET
    return total
