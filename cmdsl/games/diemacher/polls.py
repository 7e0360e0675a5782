"""DM7.5: opinion-poll auctions — a poll dealt face down on each board, sold one at a time in
election order (DM18.11) by an open ascending auction (the core's ``open_ascending``: the first
player opens, a pass is final). The winner pays, looks at the card in secret, and publishes it
(applies up to *k* of its modifiers on that board; the media controller ignores a loss of its own,
DM7.5.5) or shelves it (rolls *d* dice for members). Either way it is discarded face down.

The publish options name parties, not the card's numbers (``publish:cdu+spd``): every present
party's modifier may be chosen (a 0 does nothing), so an answer fits any card (DM18.21: an absent
party's cannot be chosen)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...game.auctions import Bidding, open_ascending
from ...game.decisions import Decision, Option
from ...game.together import Steps
from . import events as E
from .context import Ctx, bids, raise_hint
from .data import Poll
from .kinds import POLL_OPENING, POPULARITY, STEP, Kind
from .parties import Party

PASS = Option("pass", "pass (final for this poll)", None)


def polls(ctx: Ctx) -> Steps:
    pos = ctx.pos
    # A checkpoint before each auction but the first: a copy that resumes there finds the polls
    # dealt (a board still holding its poll is one not sold yet), and a search's fork replays one
    # auction's answers at most (D7).
    if not any(pos.boards[b].poll is not None for b in pos.election_order()):
        for b in pos.election_order():  # DM7.5.1; DM18.6: the discards, unpublished ones included, reshuffled
            pos.boards[b].poll = ctx.draw("poll")
    for n, b in enumerate(ctx.pos.election_order()):  # DM7.5.2, DM18.11
        if ctx.pos.boards[b].poll is not None:
            if n:
                ctx.mark_before_asking()
            yield from auction(ctx, b)


@lru_cache(maxsize=4096)
def bid_options(money: int, standing: int | None) -> tuple[Option, ...]:
    """DM7.5.3, DM18.11: pass, or more than the standing bid (at least €1,000), by €1,000, up to
    the party's money (DM18.4)."""
    return (PASS, *bids(POLL_OPENING if standing is None else standing + STEP, money))


def auction(ctx: Ctx, b: int) -> Steps:
    state = ctx.state_name(b)
    ctx.emit(E.PollOffered, state)
    parties = ctx.pos.parties

    def ask(party: Party, standing: int | None, leader: Party | None) -> Decision:
        i = parties.index(party)
        now = "no bid yet" if standing is None else f"{leader} leads with {E.euros(standing)}"
        money = ctx.pos.money[i]
        low = POLL_OPENING if standing is None else standing + STEP
        return Decision(party, Kind.POLL_BID, f"poll of {state} (DM7.5.3): {now}; bid or pass",
                        bid_options(money, standing), amount=raise_hint(low, money, "bid:{}"))

    def progress(bidding: Bidding[Party]) -> None:
        ctx.pos.auction = (b, bidding)
        ctx.mark_before_asking()  # a fork replays no bid (D7)

    order = [parties[i] for i in ctx.pos.order()]
    going = ctx.pos.auction
    result = yield from open_ascending(ctx.host, order, ask, ceiling=max(ctx.pos.money), progress=progress,
                                       resume=going[1] if going is not None and going[0] == b else None)
    ctx.unmark()  # over: no one is asked after the last answer, and the sale changes the position
    pos = ctx.pos
    board = pos.boards[b]
    poll = board.poll
    assert poll is not None
    board.poll = None
    if result.winner is None:  # DM18.11: discarded unseen
        pos.auction = None
        pos.poll_discard.append(poll)
        ctx.emit(E.PollSold, state, None, 0)
        return
    i = parties.index(result.winner)
    pos.looking = poll
    ctx.emit(E.PollSold, state, result.winner, result.price)
    ctx.pay(i, -result.price, "a poll, DM7.5.4")
    ctx.emit(E.PollSeen, result.winner, poll, parties)
    option = yield from ctx.ask(i, Kind.POLL_USE, f"the poll of {state} (DM7.5.4): publish up to {poll.publish} of its "
                                f"modifiers, or shelve it for {poll.dice} dice of members", use_options(poll, parties))
    pos = ctx.pos
    poll, pos.looking, pos.auction = pos.looking, None, None  # the auction's result was kept while it looked
    assert poll is not None
    pos.poll_discard.append(poll)  # DM7.5.6
    if option.value is None:
        ctx.emit(E.PollShelved, result.winner, state)
        gained = yield from ctx.roll(poll.dice, highest=False, why="a shelved poll, DM7.5.4")
        ctx.add_members(i, gained, "a shelved poll")
        return
    publish(ctx, b, i, poll, option.value)


@lru_cache(maxsize=256)
def use_options(poll: Poll, parties: tuple[Party, ...]) -> tuple[Option, ...]:
    options = [Option("shelve", f"shelve it: roll {poll.dice} dice, gain that many members", None),
               Option("publish:none", "publish it, applying no modifier", ())]
    for n in range(1, poll.publish + 1):
        for chosen in combinations(parties, n):
            label = ", ".join(f"{p} {poll.modifier(p):+d}" for p in chosen)
            options.append(Option("publish:" + "+".join(p.value for p in chosen), f"publish: {label}", chosen))
    return tuple(options)


def publish(ctx: Ctx, b: int, i: int, poll: Poll, chosen: tuple[Party, ...]) -> None:
    """DM7.5.4–DM7.5.5: the chosen modifiers on board ``b``, popularity kept within ±3; the media
    controller ignores a modifier that would lower its own popularity."""
    pos = ctx.pos
    board = pos.boards[b]
    holder = board.controller()
    applied, ignored = [], []
    for party in chosen:
        j = pos.parties.index(party)
        m = poll.modifier(party)
        if m < 0 and j == holder:
            ignored.append(party)
            continue
        board.popularity[j] = max(-POPULARITY, min(POPULARITY, board.popularity[j] + m))
        applied.append((party, m))
    ctx.emit(E.PollPublished, pos.parties[i], ctx.state_name(b), poll, tuple(applied), tuple(ignored), pos.parties)
