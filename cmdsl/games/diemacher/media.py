"""DM7.3: the media phase — in turn order, round after round, each party buys one media marker
(€4,000) for a board with a free media space, or passes; it ends when every party has passed in a
row (DM7.3.2). Then, in reverse election order, each board's media controller may swap one of its
face-up opinions with the exchange pool (DM7.3.5)."""

from __future__ import annotations

from functools import lru_cache

from ...game.decisions import Option
from ...game.together import Steps
from . import events as E
from .context import Ctx
from .data import State
from .kinds import MEDIA_PRICE, MEDIA_SPACES, Kind


def media(ctx: Ctx) -> Steps:
    passes, order = 0, ctx.pos.order()
    n = len(order)
    k = 0
    # Bounded: every buy takes a marker from a supply of 5 per party (DM7.3.3).
    while passes < n:
        i = order[k % n]
        k += 1
        pos = ctx.pos
        options = buy_options(ctx, i)
        option = yield from ctx.ask(i, Kind.MEDIA, "media (DM7.3): buy a media marker for €4,000, or pass", options)
        pos = ctx.pos
        if option.value is None:
            passes += 1
            ctx.emit(E.Passed, pos.parties[i], "media")
            continue
        passes = 0
        pos.boards[option.value].media[i] += 1
        ctx.pay(i, -MEDIA_PRICE, "a media marker, DM7.3.1")
        ctx.emit(E.MediaBought, pos.parties[i], ctx.state_name(option.value))
    for b in reversed(ctx.pos.election_order()):  # DM5.4, DM7.3.5
        holder = ctx.pos.boards[b].controller()
        if holder is not None:
            yield from ctx.opinion_swap(holder, b, "media control, DM7.3.5")


def buy_options(ctx: Ctx, i: int) -> tuple[Option, ...]:
    """DM7.3.1, DM7.3.3, DM4.5, DM18.4: pass, or a board with a free media space, when the party
    has a marker in supply and €4,000."""
    pos = ctx.pos
    if pos.media_supply(i) <= 0 or pos.money[i] < MEDIA_PRICE:
        return (PASS,)
    return _buys(tuple((b, board.state) for b, board in enumerate(pos.boards)
                       if board.state is not None and board.media_total() < MEDIA_SPACES))


@lru_cache(maxsize=256)
def _buys(boards: tuple[tuple[int, State], ...]) -> tuple[Option, ...]:
    return (PASS, *(Option(f"buy:{state.id}", f"buy one in {state.name}", b) for b, state in boards))


PASS = Option("pass", "pass", None)
