"""DM7.4: rallies — in turn order, each party buys rally markers at €1,000 each and places them,
board by board in election order: at most 4 a board this round, 10 of its markers on a board, 18
in all (DM7.4.2), and no more than it can pay (DM18.4)."""

from __future__ import annotations

from ...game.decisions import Option
from ...game.together import Steps
from . import events as E
from .context import Ctx, count_hint
from .kinds import RALLIES_PER_BOARD, RALLIES_PER_ROUND, RALLY_PRICE, Kind


def rallies(ctx: Ctx) -> Steps:
    # A checkpoint after each party's turn (``chosen`` counts the turns done): a search's fork
    # replays at most one party's answers (D7).
    order = ctx.pos.order()
    while ctx.pos.chosen < len(order):
        i = order[ctx.pos.chosen]
        for b in ctx.pos.election_order():
            pos = ctx.pos
            top = most(ctx, i, b)
            options = RALLY_OPTIONS[:top + 1]
            option = yield from ctx.ask(i, Kind.RALLIES, f"rallies (DM7.4): how many rally markers in "
                                        f"{ctx.state_name(b)}?", options,
                                        count_hint(top, "rallies:{}"))
            n = option.value
            if n:
                pos = ctx.pos
                board = pos.boards[b]
                board.rallies[i] += n
                board.placed[i] += n
                ctx.pay(i, -n * RALLY_PRICE, "rally markers, DM7.4.1")
                ctx.emit(E.RalliesPlaced, pos.parties[i], ctx.state_name(b), n)
        ctx.pos.chosen += 1
        if ctx.pos.chosen < len(order):
            ctx.mark_before_asking()
    ctx.unmark()  # the last party may have been asked nothing (no money, no markers)
    ctx.pos.chosen = 0


#: DM7.4: the counts a party may place on a board, at most 4 (``RALLY_OPTIONS[:n + 1]``).
RALLY_OPTIONS = tuple(Option(f"rallies:{n}", f"{n} rally marker(s) ({E.euros(n * RALLY_PRICE)})", n)
                      for n in range(RALLIES_PER_ROUND + 1))


def most(ctx: Ctx, i: int, b: int) -> int:
    """The most rally markers party ``i`` may place on board ``b`` now (DM7.4.2, DM18.4)."""
    pos = ctx.pos
    board = pos.boards[b]
    return max(0, min(RALLIES_PER_ROUND - board.placed[i], RALLIES_PER_BOARD - board.rallies[i],
                      pos.rally_supply(i), pos.money[i] // RALLY_PRICE))
