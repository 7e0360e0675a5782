"""DM7.6: early conversion — boards in reverse election order, the election board skipped; on each,
in turn order, a party with at least 5 rally markers there may convert any number of them (DM6);
right after a board's conversions, a party with more votes there than all others together may swap
one of its face-up opinions with the exchange pool (DM7.6.3, the key issue protected: DM18.12).
Also the conversion of DM9.1 (all remaining rallies, no minimum: DM18.13)."""

from __future__ import annotations

from ...game.decisions import Option
from ...game.together import Steps
from . import events as E
from .context import Ctx, count_hint
from .formulas import factor, match, votes_for
from .kinds import EARLY_MINIMUM, Kind


def early_conversion(ctx: Ctx) -> Steps:
    for b in reversed(ctx.pos.election_order()[1:]):
        for i in ctx.pos.order():
            have = ctx.pos.boards[b].rallies[i]
            if have < EARLY_MINIMUM:
                continue
            pos = ctx.pos
            board = pos.boards[b]
            f = factor(board.popularity[i], match(pos.platform[i], board))
            option = yield from ctx.ask(i, Kind.CONVERT, f"early conversion (DM7.6) in {ctx.state_name(b)} at ×{f}: "
                                        "how many rally markers?", CONVERT_OPTIONS[:have + 1],
                                        count_hint(have, "convert:{}"))
            convert(ctx, i, b, option.value)
        pos = ctx.pos
        board = pos.boards[b]
        total = sum(board.votes)
        for i in pos.order():
            if board.votes[i] * 2 > total:  # DM7.6.3: more than all the others together
                yield from ctx.opinion_swap(i, b, "absolute majority, DM7.6.3")
                break


#: DM7.6.2: convert 0 .. all of a board's markers (at most 10 there, DM7.4.2).
CONVERT_OPTIONS = tuple(Option(f"convert:{n}", f"convert {n}", n) for n in range(11))


def convert(ctx: Ctx, i: int, b: int, rallies: int) -> None:
    """DM6.3–DM6.5: ``rallies`` of party ``i``'s markers on board ``b`` become votes and go back
    to its supply."""
    if rallies <= 0:
        return
    pos = ctx.pos
    board = pos.boards[b]
    f = factor(board.popularity[i], match(pos.platform[i], board))
    votes = votes_for(rallies, f)
    board.rallies[i] -= rallies
    before = board.votes[i]
    pos.arrive(board, i, votes)
    gained = board.votes[i] - before
    ctx.emit(E.Converted, pos.parties[i], ctx.state_name(b), rallies, str(f), gained, board.votes[i], votes - gained)
