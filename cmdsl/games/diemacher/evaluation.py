"""How a bot judges a Die Macher position for a party (``standing``): its points banked and in
prospect, less the best rival's. Read only what every party may know (D7; DM18.26): seats won,
national media, members with the bonus race, platform matches, the seats each board in play
would give at its votes plus its rallies converted now, discounted by how far its election is,
and money at a shadow price while it can still be spent."""

from __future__ import annotations

from typing import Final

from .formulas import factor, match, votes_for
from .position import DieMacherPosition
from .scoring import score_lines

#: A won game is worth more than any position.
WIN_VALUE: Final = 1000.0
#: Points of lead that move a search's score from ½ to 0.73.
SCALE: Final = 20.0
#: What €1,000 is worth in points while rounds are left (the digest's shadow price, D7).
MONEY_POINTS: Final = 0.5


def prospects(pos: DieMacherPosition) -> list[float]:
    """Each party's points banked (DM11 as if the game ended now) and in prospect."""
    points = [float(s.total) for s in score_lines(pos)]
    order = pos.election_order()
    for distance, b in enumerate(order):
        board = pos.boards[b]
        state = board.state
        assert state is not None
        weight = 1.0 / (1 + distance)
        for i in range(pos.players):
            votes = min(50, board.votes[i] + votes_for(board.rallies[i],
                                                       factor(board.popularity[i], match(pos.platform[i], board))))
            points[i] += weight * state.seats(votes)
    left = pos.rounds - max(pos.round, 1)
    if left > 0:
        for i in range(pos.players):
            points[i] += MONEY_POINTS * pos.money[i] / 1000
    return points


def standing(pos: DieMacherPosition, me: int) -> float:
    points = prospects(pos)
    rival = max(p for i, p in enumerate(points) if i != me)
    return points[me] - rival
