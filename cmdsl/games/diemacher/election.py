"""DM9: the election on the board first in line — every party converts all its remaining rallies
in turn order (the last lands on top, DM7.1.6); seats from the state's table; the winner by votes,
ties to the marker on top (a narrow win); rewards (national media markers, national opinions);
membership from the national opinions; income (rounds 1–6)."""

from __future__ import annotations

from ...game.decisions import Option
from ...game.together import Steps
from . import events as E
from .cards import Card
from .context import Ctx
from .conversion import convert
from .formulas import ranking
from .kinds import INCOME_PER_MEMBER, INCOME_PER_SEAT, Kind
from .position import DieMacherPosition


def election(ctx: Ctx) -> Steps:
    pos = ctx.pos
    b = pos.election
    board = pos.boards[b]
    state = board.state
    assert state is not None
    for i in pos.order():  # DM9.1, DM18.13
        convert(ctx, i, b, board.rallies[i])
    for i, party in enumerate(pos.parties):
        seats = state.seats(board.votes[i])
        pos.seats_won[i].append(seats)
        ctx.emit(E.SeatsWon, party, state.name, board.votes[i], seats)
    won = outcome(pos, b)
    names = pos.parties
    if won is None:
        ctx.emit(E.ElectionWon, state.name, None, None)
    else:
        side, beaten, narrow = won
        single_loser = narrow and len(side) == 1 and len(beaten) == 1
        ctx.emit(E.ElectionWon, state.name, names[side[0]], names[beaten[0]] if single_loser else None,
                 names[side[1]] if len(side) == 2 else None,
                 tuple(names[j] for j in beaten) if narrow and len(beaten) == 2 else ())
        # DM9.4: the rewards' table
        for j in side + (beaten if single_loser else ()):
            national_media(ctx, j, b)
        if len(side) == 2:  # each partner places one, the one with more votes (or on top) first
            for j in side:
                yield from national_opinions(ctx, j, b, 1)
        else:
            yield from national_opinions(ctx, side[0], b, 1 if narrow else 2)
    recruit(ctx)
    if pos.round < pos.rounds:  # DM9.7: rounds 1–6 (DM5.2: not in the last)
        for i, party in enumerate(pos.parties):
            seats = pos.seats_won[i][-1] * INCOME_PER_SEAT
            members = pos.members[i] * INCOME_PER_MEMBER if board.payout == pos.round else 0
            if seats + members:
                pos.money[i] += seats + members
                ctx.emit(E.Income, party, seats, members, pos.money[i])


def outcome(pos: DieMacherPosition, b: int) -> tuple[tuple[int, ...], tuple[int, ...], bool] | None:
    """DM9.2–DM9.3, DM18.14: the winning side (a party, or a coalition's two parties, the one with
    more votes or on top first), the side it beat for first place, and whether the win is narrow
    (the sides' votes level: the side with the party of the most votes wins, then the side whose
    marker is on top, DM6.5); None when nobody has a vote. A coalition adds its two parties' votes."""
    board = pos.boards[b]
    joined = {p for pair in pos.coalitions for p in pair}
    sides = [tuple(ranking(board, list(pair))) for pair in pos.coalitions]
    sides += [(p,) for p in range(pos.players) if p not in joined]

    def key(side: tuple[int, ...]) -> tuple[int, int, int]:
        lead = side[0]
        return sum(board.votes[p] for p in side), board.votes[lead], board.arrived[lead]

    sides.sort(key=key, reverse=True)
    top = sides[0]
    if key(top)[0] == 0:
        return None
    second = sides[1] if len(sides) > 1 else ()
    return top, second, bool(second) and key(second)[0] == key(top)[0]


def national_media(ctx: Ctx, i: int, b: int) -> None:
    """DM9.4, DM18.15: one of the party's media markers moves from the election board to this
    round's national group, if it has one there and the group has room."""
    pos = ctx.pos
    board = pos.boards[b]
    group = pos.national_media[pos.round - 1]
    if board.media[i] == 0 or len(group) >= pos.data.media_per_group:
        return
    board.media[i] -= 1
    group.append(i)
    ctx.emit(E.NationalMedia, pos.parties[i], ctx.state_name(b), pos.data.stars(pos.short)[pos.round - 1])


def national_opinions(ctx: Ctx, i: int, b: int, count: int) -> Steps:
    """DM9.5, DM18.16: up to ``count`` of the election board's face-up opinions, one at a time,
    each where the rules let it go (the placer chooses among non-dominant spaces when all five
    are full and none holds its issue); placing is optional, card by card."""
    for k in range(count):
        options = placements(ctx.pos, b)
        if len(options) == 1:
            return
        option = yield from ctx.ask(i, Kind.NATIONAL, f"national opinion (DM9.5), card {k + 1} of {count}: place a "
                                    f"face-up opinion of {ctx.state_name(b)} on the national board?", options)
        if option.value is None:
            return
        slot, space = option.value
        place(ctx, i, b, slot, space)


def placements(pos: DieMacherPosition, b: int) -> list[Option]:
    board = pos.boards[b]
    options = [Option("done", "place no more", None)]
    for slot, (card, up) in enumerate(board.opinions):
        if not up:
            continue
        for space in destinations(pos.national, card):
            options.append(Option(f"place:{slot + 1}:{space + 1}", f"{card.id} on space {space + 1}", (slot, space)))
    return options


def destinations(national: list[list[Card]], card: Card) -> list[int]:
    """DM9.5.1–DM9.5.3: the space a card goes to (its issue's space; else the leftmost empty
    one), or, when all are full and none holds its issue, any non-dominant space."""
    for space, stack in enumerate(national):
        if stack and stack[0].issue == card.issue:
            return [space]
    for space, stack in enumerate(national):
        if not stack:
            return [space]
    return [space for space, stack in enumerate(national) if len(stack) == 1]


def place(ctx: Ctx, i: int, b: int, slot: int, space: int) -> None:
    pos = ctx.pos
    board = pos.boards[b]
    card, _ = board.opinions.pop(slot)
    if board.key_issue is not None:
        board.key_issue = None if board.key_issue == slot else board.key_issue - (board.key_issue > slot)
    stack = pos.national[space]
    if stack and card.identical(stack[0]):
        how = "stacked: the space is dominant"
        stack.append(card)
    else:
        how = "replacing " + ", ".join(c.id for c in stack) if stack else "an empty space"
        pos.opinion_discard.extend(stack)
        pos.national[space] = [card]
    ctx.emit(E.NationalOpinion, pos.parties[i], card, space + 1, how)


def recruit(ctx: Ctx) -> None:
    """DM9.6, DM18.17: each party gains the recruitment value of every national space whose card
    is identical to one of its face-up platform cards (a dominant space counts once)."""
    pos = ctx.pos
    for i in range(pos.players):
        gain = sum(space.recruits for space, stack in zip(pos.data.spaces, pos.national)
                   if stack and any(c.identical(stack[0]) for c in pos.platform[i]))
        if gain:
            ctx.add_members(i, gain, "national opinion matches, DM9.6")
