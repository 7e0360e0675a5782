"""Phase 1's purchase (RA5): how many Action cards a hand can pay for, and the buying itself —
name how many, sell cards worth 3 points each (no change given), draw them one at a time.
Functions of the ``Rules`` that run the turn (rules.py)."""

from __future__ import annotations

from typing import Any, Iterable, Protocol

from ...game.decisions import Decision, Option
from ...game.together import Steps
from ...lang.ops import Choice
from . import events as E
from .cards import Action, RacolageSet
from .kinds import PRICE, Kind
from .position import Position
from .seats import RacolageSeat


class Rules(Protocol):
    """What a purchase asks of the rules that run the turn (``rules.Rules``)."""

    cards: RacolageSet
    position: Position

    def ask(self, decision: Decision) -> Steps: ...

    def emit(self, kind: type[E.Event], *args: Any, cause: str | None = None) -> None: ...

    def draw_action(self, seat: RacolageSeat, cause: str | None = None) -> Choice[int | None]: ...


def _worth(rules: Rules, card_id: str) -> int:
    return rules.cards.cards[card_id].worth


def _cheapest_first(rules: Rules, cards: Iterable[str]) -> list[str]:
    """Cards to sell, the cheapest first (then in hand order): the first option is what a bot
    finishing its turn without a look sells (``worth_a_look``, bots/basic.py)."""
    return sorted(cards, key=lambda c: _worth(rules, c))


def most_to_buy(rules: Rules, seat: RacolageSeat) -> int:
    """RA5, RA11.2, RA11.3: what the hand can pay for, if there are Action cards to draw."""
    pos = rules.position
    left = len(pos.action_deck) + sum(1 for c in pos.discard if isinstance(rules.cards.cards[c], Action))
    return min(sum(_worth(rules, c) for c in pos.hands[seat.index]) // PRICE, left)


def buy(rules: Rules, seat: RacolageSeat) -> Steps:
    """RA5: name how many, sell cards from hand worth 3 points each (no change given), then
    draw them one at a time; an Event drawn goes into play and does not count (RA5.4)."""
    pos, hand = rules.position, rules.position.hands[seat.index]
    most = most_to_buy(rules, seat)
    opt = yield from rules.ask(Decision(seat, Kind.BUY, f"how many Action cards? ({PRICE} points each, RA5)", tuple(
        Option(f"buy:{n}", f"{n} ({n * PRICE} points)", n) for n in range(1, most + 1))))
    count: int = opt.value
    sold: list[str] = []
    while sum(_worth(rules, c) for c in sold) < PRICE * count:
        total = sum(_worth(rules, c) for c in sold)
        opt = yield from rules.ask(Decision(seat, Kind.SELL, f"sell a card: {total} of {PRICE * count} points (RA5.2)",
                                           tuple(Option(f"sell:{c}", f"{rules.cards.card_name(c)} ({_worth(rules, c)})", c)
                                                 for c in _cheapest_first(rules, [c for c in hand if c not in sold]))))
        sold.append(opt.value)
    for c in sold:
        hand.remove(c)
    pos.discard += sold
    rules.emit(E.Sold, seat, tuple(rules.cards.card_name(c) for c in sold), sum(_worth(rules, c) for c in sold), count)
    got = 0
    while got < count:
        drawn = yield from rules.draw_action(seat)
        if drawn is None:
            break
        got += drawn
