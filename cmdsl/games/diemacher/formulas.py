"""The formulas of DM6: a party's match with a board's opinions, its conversion factor, the votes
its rallies give, and who leads a board's vote track (DM6.5, DM9.2–DM9.3)."""

from __future__ import annotations

from fractions import Fraction
from typing import Final, Sequence

from .cards import Card
from .position import Board

HALF: Final = Fraction(1, 2)  # DM6.2: the factor's floor


def match(platform: Sequence[Card], board: Board) -> int:
    """DM6.1: +1 for each face-up platform card identical to a face-up opinion of the board, −1
    for each contradictory one; the opinion under the key-issue tile counts double. Face-down
    opinions do not count."""
    return matches((platform,), board)[0]


def matches(platforms: Sequence[Sequence[Card]], board: Board) -> list[int]:
    """``match`` of each platform on ``board``, its face-up opinions read once (a bot's evaluation
    asks for every party's on every board)."""
    shown = [(opinion.issue, opinion.stance, 2 if slot == board.key_issue else 1)
             for slot, (opinion, up) in enumerate(board.opinions) if up]
    out = []
    for platform in platforms:
        total = 0
        for issue, stance, weight in shown:
            for card in platform:
                if card.issue == issue:
                    total += weight if card.stance is stance else -weight
        out.append(total)
    return out


def factor(popularity: int, match_: int) -> int | Fraction:
    """DM6.2: popularity + match, or ½ when that is 0 or less (a whole number is kept an int: a
    conversion multiplies by it at every election)."""
    f = popularity + match_
    return HALF if f <= 0 else f


def votes_for(rallies: int, factor_: int | Fraction) -> int:
    """DM6.3: the votes ``rallies`` converted rally markers give: ⌊rallies × factor⌋."""
    if type(factor_) is int:
        return rallies * factor_
    if factor_ is HALF:  # ``factor``'s own ½
        return rallies // 2  # the floor, without a Fraction (a search asks this often)
    return int(rallies * factor_)  # a non-negative Fraction: int() is the floor


def ranking(board: Board, parties: range | list[int]) -> list[int]:
    """The parties by their place on the board's vote track: most votes first; among equal
    votes, the marker on top first (DM6.5: the latest to arrive)."""
    return sorted(parties, key=lambda p: (board.votes[p], board.arrived[p]), reverse=True)
