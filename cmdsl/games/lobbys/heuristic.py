"""How well a seat stands in a Lobbys game: ``standing``, the seat's expected lead over the best
other seat in points per round still to play (this one included: the same lead means less early
in the game). ``Lobbys.evaluate`` returns it; the greedy bot maximises it, and a search bot
squashes it to (0, 1) over ``SCALE`` (``cmdsl.bots.ismcts.squash``: 0.5 for a level game).

A seat's expected points are its points now, plus what this round's contracts are worth to it,
minus the card it should expect to be left holding:

* **Contracts** (L7.1–L7.3): its majorities, omnipresence and partisan items if the round ended
  now (``contract_points``: ``score_round`` over the contracts won so far, no card left), weighted by how much of the
  round is played (tenders done / tenders per round): early standings can still turn.
* **Leftover loss** (L7.4): the mean rank of the cards it may be left with: its own hand for the
  seat itself; for the other seats, the mean of all the cards they hold together, which the seat
  knows (L11.6). So the estimate never uses a card the seat cannot see: it is fair on the real
  game as well as on a determinized copy.
"""

from __future__ import annotations

from typing import Final, Sequence

from .position import LobbysPosition, Phase
from .scoring import contract_points
from .seats import LobbysSeat

#: Points of lead per round left that a search bot squashes to about 73% (a logistic at 1).
SCALE: Final = 8.0
#: A won game's value to ``Lobbys.evaluate``: more than any lead.
WIN_VALUE: Final = 1000.0


def standing(pos: LobbysPosition, seat: LobbysSeat, contracts: Sequence[int] | None = None) -> float:
    """The seat's expected lead over the best other seat, in points per round still to play
    (this one included): what the greedy bot maximises (``Lobbys.evaluate``). ``contracts``:
    ``contract_points(pos.won, pos.data)`` where the caller knows it already."""
    me = seat.index
    expected = expected_points(pos, me, contracts)
    lead = expected[me] - max(p for s, p in enumerate(expected) if s != me)
    return lead / (pos.data.rounds - pos.round + 1)


def expected_points(pos: LobbysPosition, viewer: int, contracts: Sequence[int] | None = None) -> list[float]:
    """Each seat's expected points at the end of this round, as ``viewer`` can estimate them
    (``contracts``: as ``standing``'s)."""
    data = pos.data
    played = pos.tenders_done / data.tenders_per_round if pos.phase is Phase.TENDER else 0.0
    standing = (contracts if contracts is not None else contract_points(pos.won, data)) if played else ()
    sums = [sum([c.rank for c in hand]) for hand in pos.hands]
    sizes = [len(hand) for hand in pos.hands]
    n_others = sum(sizes) - sizes[viewer]
    others_mean = (sum(sums) - sums[viewer]) / n_others if n_others else 0.0
    own_mean = sums[viewer] / sizes[viewer] if sizes[viewer] else 0.0
    points = pos.points
    return [points[s] + (standing[s] * played if standing else 0.0) - (own_mean if s == viewer else others_mean)
            for s in pos.seats]
