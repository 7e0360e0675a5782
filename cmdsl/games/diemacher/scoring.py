"""DM11: the final scoring — seats over every election, national media stars, members with the
bonuses for the most (DM11.3, DM18.22), and platform cards matching national opinions (DM11.4);
the highest total wins, a tie is shared (DM18.23)."""

from __future__ import annotations

from . import events as E
from .kinds import BONUS_MOST, BONUS_SECOND, BONUS_TIED, DOMINANT_BONUS
from .position import DieMacherPosition


def member_bonuses(members: list[int]) -> list[int]:
    """DM11.3, DM18.22: +10 to the most and +6 to the second; a tie for most gives +8 to each and
    no second bonus; a tie for second gives no second bonus."""
    n = len(members)
    bonus = [0] * n
    best = max(members)
    at_best = [i for i in range(n) if members[i] == best]
    if len(at_best) > 1:
        for i in at_best:
            bonus[i] = BONUS_TIED
        return bonus
    bonus[at_best[0]] = BONUS_MOST
    rest = [m for i, m in enumerate(members) if i != at_best[0]]
    if rest:
        second = max(rest)
        at_second = [i for i in range(n) if members[i] == second and i != at_best[0]]
        if len(at_second) == 1:
            bonus[at_second[0]] = BONUS_SECOND
    return bonus


def _parts(pos: DieMacherPosition) -> tuple[list[int], list[int], list[int], list[int]]:
    """DM11 by party: seats over every election, national media stars, the membership bonus, and
    platform points (DM11.4: each card identical to a space's top opinion, +5 where it dominates)."""
    stars = pos.data.stars(pos.short)
    seats = [sum(won) for won in pos.seats_won]
    media = [0] * pos.players
    for r, group in enumerate(pos.national_media):
        for j in group:
            media[j] += stars[r]
    platform = [0] * pos.players
    for space, stack in zip(pos.data.spaces, pos.national):
        if stack:
            points = space.points + (DOMINANT_BONUS if len(stack) > 1 else 0)
            top = stack[0]
            for i, cards in enumerate(pos.platform):
                if any(c.identical(top) for c in cards):
                    platform[i] += points
    return seats, media, member_bonuses(pos.members), platform


def score_lines(pos: DieMacherPosition) -> tuple[E.ScoreLine, ...]:
    seats, media, bonus, platform = _parts(pos)
    return tuple(E.ScoreLine(party, seats[i], media[i], pos.members[i], bonus[i], platform[i],
                             seats[i] + media[i] + pos.members[i] + bonus[i] + platform[i])
                 for i, party in enumerate(pos.parties))


def totals(pos: DieMacherPosition) -> list[int]:
    """Each party's DM11 total as if the game ended now: ``score_lines``' totals, without the lines
    (a search's evaluation asks for them at every position it scores)."""
    return [sum(parts) for parts in zip(*_parts(pos), pos.members)]


def winners(lines: tuple[E.ScoreLine, ...]) -> tuple[int, ...]:
    best = max(s.total for s in lines)
    return tuple(i for i, s in enumerate(lines) if s.total == best)
