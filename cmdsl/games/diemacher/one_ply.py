"""The greedy one ply of a poll bid (DM7.5.3) straight from the position, without copies: a bid or
a pass changes only how the auction stands, and the evaluation reads of it only its leader and
standing bid (``evaluation.add_poll_bought``). So each option's value is the position's points but
the auction's, computed once, plus the poll to its leader after the answer: the very numbers that
answering on a fork and evaluating gives (``bots.basic.action_value``).

Poll bids are most of a game's decisions (60% at 5 players), each with a few candidates: this is
what brings a greedy game under a second (issue 59). It reads only what every party may know (the
bids, the money, the deck's composition), so a bot may ask it of the real game (D7; DM18.26).

Where a pass ends the auction, the leader buys the poll: the position then differs by its money
paid. Where an answer ends it otherwise (no one bid; or this party wins, every other being out of
money), a fork plays on past the sale, into this party's own decisions: there, no shortcut (None)."""

from __future__ import annotations

from ...game.auctions import Bidding, next_open_bidder
from ...game.decisions import Decision
from .evaluation import add_poll_bought, lead, prospects_but_the_auction
from .parties import Party
from .polls import bid_options
from .position import DieMacherPosition

#: How an auction stands before its first answer.
FRESH: Bidding[Party] = Bidding(None, None, (), (), 0)


def poll_bid_values(pos: DieMacherPosition, decision: Decision) -> list[float] | None:
    """The greedy one ply's value of each option a bot tries at ``decision`` (a poll bid pending at
    ``pos``; ``candidates()``: a pass, the least raise and one two steps higher); None where one
    ends the auction but by a rival's buying."""
    bidding = pos.auction[1] if pos.auction is not None else FRESH
    seats = [pos.parties[i] for i in pos.order()]
    me = decision.player
    asked, turn = next_open_bidder(seats, bidding.leader, bidding.passed, bidding.turn)
    if asked is not me:
        return None  # not an auction's decision as this module knows them: the caller forks
    base = prospects_but_the_auction(pos)
    i = pos.parties.index(me)
    stands: dict[tuple[int | None, Party | None], float] = {}
    values = []
    for option in decision.candidates():
        if option.value is None:
            standing, leader, passed = bidding.standing, bidding.leader, (*bidding.passed, me)
        else:
            standing, leader, passed = option.value, me, bidding.passed
        value = stands.get((standing, leader))
        if value is None:
            if not _ends(pos, seats, standing, leader, passed, turn):
                points = base.copy()
                if leader is not None and standing is not None:
                    add_poll_bought(points, pos, pos.parties.index(leader), standing)
            elif leader is not me and leader is not None and standing is not None:
                # Sold to a rival (the last to pass): it has paid, and looks at the poll.
                buyer = pos.parties.index(leader)
                money = list(pos.money)
                money[buyer] -= standing
                points = prospects_but_the_auction(pos, money)
                add_poll_bought(points, pos, buyer, 0)
            else:
                return None  # no sale, or to this party: the fork plays on into what follows
            value = stands[(standing, leader)] = lead(points, i)
        values.append(value)
    return values


def _ends(pos: DieMacherPosition, seats: list[Party], standing: int | None, leader: Party | None,
          passed: tuple[Party, ...], turn: int) -> bool:
    """Whether the auction ends before another party is asked (``next_open_bidder``), a party with
    only a pass left passing unasked (``Host.ask``)."""
    out = set(passed)
    while True:
        seat, turn = next_open_bidder(seats, leader, out, turn)
        if seat is None:
            return True
        if len(bid_options(pos.money[pos.parties.index(seat)], standing)) > 1:
            return False
        out.add(seat)
