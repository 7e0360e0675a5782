"""Die Macher's play-out policy (D7): how a search's rollouts answer, cheaply and sensibly. Random
play-outs ruin a party (they bid all their money away and refuse nothing), and first options pass
everything; this plays as a modest party would: small sealed bids, rallies where the factor is
good, polls bought below their worth, conversion at a factor of 2 or more, contributions accepted
while money is short and refused (the largest) otherwise.

It reads the position of the copy it plays in (a search's re-dealt copy: what it holds for the
other parties is a re-deal, never the truth), and draws its few random choices from ``rng``."""

from __future__ import annotations

import random
from typing import Callable, Final, cast

from ...game.decisions import Decision, Option
from .context import board_asked
from .evaluation import MONEY_POINTS, poll_points
from .formulas import match
from .kinds import RALLY_PRICE, Kind
from .parties import Party
from .position import DieMacherPosition

#: What share of a poll's worth (in euros at the money's shadow price) a rollout bids up to.
POLL_SHARE: Final = 0.5
#: Money a rollout keeps back before it spends on rallies or media (the next rounds' polls).
RESERVE: Final = 3_000
#: Below this, a contribution is accepted (DM10.5): money is short.
SHORT_OF_MONEY: Final = 10_000


def rollout_move(pos: DieMacherPosition, d: Decision, rng: random.Random) -> str:
    """The option id a rollout answers ``d`` with (pending in the game whose position is ``pos``)."""
    policy = _POLICY.get(Kind(d.kind))
    if policy is not None:
        chosen = policy(pos, pos.parties.index(cast(Party, d.player)), d, rng)
        if chosen is not None:
            return chosen.id
    return d.options[rng.randrange(len(d.options))].id


Policy = Callable[[DieMacherPosition, int, Decision, random.Random], "Option | None"]


def _first(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    return d.options[0]  # keep the hand, no swap, the first card's first action…


def _sealed_bid(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    """DM7.1: nothing most of the time, now and then the least or a little more."""
    low = d.options[0]
    if rng.random() < 0.6 or len(d.options) == 1:
        return low
    return d.options[min(len(d.options) - 1, rng.randrange(1, 3))]


def _name_first(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    return next((o for o in d.options if o.value == me), None)  # DM7.1.2: itself


def _media(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    """DM7.3: a marker on the board of the nearest election it may buy on, with money to spare."""
    if pos.money[me] < 4_000 + RESERVE or rng.random() < 0.5:
        return d.options[0]  # pass
    order = pos.election_order()
    offered = [o for o in d.options if isinstance(o.value, int)]
    return min(offered, key=lambda o: order.index(o.value) if o.value in order else 99, default=None)


def _rallies(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    """DM7.4: on a board where its factor (popularity + match) is 1 or more: 2 rallies at a factor of
    2 or more, else 1, as far as money allows after the reserve."""
    b = _board_named(pos, d)
    if b is None:
        return None
    board = pos.boards[b]
    f = board.popularity[me] + match(pos.platform[me], board)
    want = 0 if f < 1 else 2 if f >= 2 else 1
    want = min(want, max(0, (pos.money[me] - RESERVE) // RALLY_PRICE), len(d.options) - 1)
    return d.options[want]


def _poll_bid(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    """DM7.5.3: the least raise while it stays below half the poll's worth; else pass."""
    worth = POLL_SHARE * poll_points(pos) / MONEY_POINTS * 1000
    bids = [o for o in d.options if o.value is not None]
    if not bids:
        return d.options[0]
    least = min(bids, key=lambda o: o.value)
    if least.value <= min(worth, pos.money[me] - RESERVE // 3) and rng.random() < 0.8:
        return least
    return next(o for o in d.options if o.value is None)


def _poll_use(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    """DM7.5.4: publish its own modifier alone when it is +2; else shelve for members."""
    poll = pos.looking
    party = pos.parties[me]
    if poll is None or poll.modifier(party) < 2:
        return d.options[0]  # shelve
    return next((o for o in d.options if o.value == (party,)), d.options[0])


def _convert(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    """DM7.6.2: all it may at a factor of 2 or more, none below."""
    b = _board_named(pos, d)
    if b is None:
        return None
    board = pos.boards[b]
    f = board.popularity[me] + match(pos.platform[me], board)
    return d.options[-1] if f >= 2 else d.options[0]


def _contribution(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    """DM10.5: accept the largest while money is short; else refuse the largest (members, and the
    largest refusal's dice)."""
    accepts = [o for o in d.options if isinstance(o.value, tuple) and o.value[1]]
    refuses = [o for o in d.options if isinstance(o.value, tuple) and not o.value[1]]
    pick = accepts if pos.money[me] < SHORT_OF_MONEY else refuses
    return pick[-1] if pick else d.options[0]


def _cabinet_place(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    """DM8.1: now and then a card on the board of the next election, money allowing; else stop."""
    if pos.money[me] < 10_000 or rng.random() < 0.7:
        return d.options[0]  # stop
    nearest = pos.election_order()[0]
    here = [o for o in d.options if isinstance(o.value, tuple) and o.value[1] == nearest]
    return here[rng.randrange(len(here))] if here else d.options[0]


def _accept(pos: DieMacherPosition, me: int, d: Decision, rng: random.Random) -> Option | None:
    return next((o for o in d.options if o.value is True), None)


def _board_named(pos: DieMacherPosition, d: Decision) -> int | None:
    return board_asked(d.prompt, [b.state.name if b.state is not None else None for b in pos.boards])


_POLICY: dict[Kind, Policy] = {
    Kind.BID: _sealed_bid,
    Kind.NAME_FIRST: _name_first,
    Kind.DISCARD: _first,
    Kind.PLATFORM_SWAP: _first,
    Kind.MEDIA: _media,
    Kind.OPINION_SWAP: _first,
    Kind.RALLIES: _rallies,
    Kind.POLL_BID: _poll_bid,
    Kind.POLL_USE: _poll_use,
    Kind.CONVERT: _convert,
    Kind.CONTRIBUTION: _contribution,
    Kind.CABINET_PLACE: _cabinet_place,
    Kind.CABINET_NEXT: _first,
    Kind.CABINET_ACTION: _first,
    Kind.COALITION: _first,
    Kind.CONSENT: _accept,
}
