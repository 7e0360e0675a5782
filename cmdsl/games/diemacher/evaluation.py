"""How a bot judges a Die Macher position for a party (``standing``): its points banked and in
prospect, less the best rival's. Read only what every party may know (D7; DM18.26): seats won,
national media, members with the bonus race, platform matches, the seats each board in play
would give at its votes plus its rallies converted now, discounted by how far its election is,
the national media marker a board's leader would move there if it has a media marker on it,
money at a shadow price while it can still be spent, and the contribution cards laid this round
(DM10.5) at what they are expected to bring."""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Sequence

from .context import dice
from .formulas import factor, matches, votes_for
from .kinds import REFUSAL_BONUS_DICE
from .position import FACE_DOWN, USED, DieMacherPosition, Phase
from .scoring import totals

#: A won game is worth more than any position.
WIN_VALUE: Final = 1000.0
#: Points of lead that move a search's score from ½ to 0.73.
SCALE: Final = 20.0
#: What €1,000 is worth in points in the first round; it falls in step with the rounds left to
#: spend it in (``money_price``), as the digest's shadow price does (D7). Measured by greedy bots'
#: games against each other (docs/diemacher.md, "The bots"): once media markers are valued (money
#: buys stars), the digest's 0.5 beats 0.25 and 0.75.
MONEY_POINTS: Final = 0.5
#: The votes a shadow-cabinet card is worth a €1,000 of its cost, before it acts. Without it the
#: greedy bot never places a card: one face down changes nothing else this evaluation reads until
#: it has acted. The digest's yardstick for the authored set is "about 0.6–1 vote per €1,000" (the
#: €25,000 card gives 15 votes); a bot that values the votes at half of that beat one at 0.6, which
#: placed every card every round (docs/diemacher.md, "The bots").
CABINET_VOTES: Final = 0.3


def prospects(pos: DieMacherPosition) -> list[float]:
    """Each party's points banked (DM11 as if the game ended now) and in prospect."""
    points = prospects_but_the_auction(pos)
    bidding = pos.auction[1] if pos.auction is not None else None
    if bidding is not None and bidding.leader is not None:  # DM7.5.4: it buys the poll unless outbid
        # Bought (the buyer looks at it): paid, and its use to come; else the price still to pay.
        paid = 0 if pos.looking is not None else bidding.standing or 0
        add_poll_bought(points, pos, pos.parties.index(bidding.leader), paid)
    return points


def add_poll_bought(points: list[float], pos: DieMacherPosition, buyer: int, to_pay: int) -> None:
    """To ``points`` (``prospects_but_the_auction``'s), what the poll on sale is worth to ``buyer``,
    leading its auction at ``to_pay`` still to pay: added last, so that a caller trying several
    bids on one position's points gets exactly the numbers ``prospects`` gives after each."""
    points[buyer] += poll_points(pos) - money_price(pos) * to_pay / 1000


def prospects_but_the_auction(pos: DieMacherPosition, money: Sequence[int] | None = None) -> list[float]:
    """``prospects`` but for a poll auction under way: what no bid changes. ``money``: each
    party's instead of the position's (an auction's winner having paid)."""
    points = [float(t) for t in totals(pos)]
    money = pos.money if money is None else money
    order = pos.election_order()
    players = range(pos.players)
    cards = pos.data.cabinet_by_id
    price = money_price(pos)
    stars = pos.data.stars(pos.short)
    held = len(pos.seats_won[0])  # elections held so far
    first = held - 1 if held == pos.round and pos.phase in (Phase.ELECTION, Phase.END_OF_ROUND) else held
    for distance, b in enumerate(order):
        board = pos.boards[b]
        state = board.state
        assert state is not None
        weight = 1.0 / (1 + distance)
        # The election this board holds (0-based): the board first in line holds this round's
        # until the end of the round moves the line on (DM10.2).
        election = first + distance
        if board.cabinet:  # DM8.1–DM8.3: a card not acted yet, at its yardstick (a face-down one unpaid)
            per_vote = weight * state.max_seats / 50
            for j, card_id, up in board.cabinet:
                if up != USED:
                    cost = cards[card_id].cost / 1000
                    points[j] += per_vote * CABINET_VOTES * cost - (price * cost if up == FACE_DOWN else 0.0)
        votes = [min(50, board.votes[i] + votes_for(board.rallies[i], factor(board.popularity[i], m)))
                 for i, m in enumerate(matches(pos.platform, board))]  # DM6.1–DM6.4: its rallies converted now
        for i in players:
            points[i] += weight * state.seats(votes[i])
        if held <= election < len(stars) and any(board.media):  # DM9.4: the leader's marker goes national
            most = max(votes)
            leaders = [i for i in players if votes[i] == most and board.media[i]]
            for i in leaders if most else ():
                points[i] += weight * stars[election] / len(leaders)
    if price:
        for i in players:
            points[i] += price * money[i] / 1000
    if pos.laid:
        for i, gain in enumerate(laid_points(pos, price)):
            points[i] += gain
    return points


def money_price(pos: DieMacherPosition) -> float:
    """Points a €1,000 is worth now: ``MONEY_POINTS`` in the first round, falling to 0 in the last
    (money left at the end scores nothing, so in the last round whatever it buys is worth more)."""
    return MONEY_POINTS * (pos.rounds - max(pos.round, 1)) / (pos.rounds - 1)


@lru_cache(maxsize=32)
def mean_roll(count: int, highest: bool) -> float:
    """The mean of ``count`` dice, their highest or their total, from the outcomes the rules roll
    (``context.dice``); 0 for no dice."""
    return float(sum(o.value * o.probability for o in dice(count, highest))) if count else 0.0


def laid_points(pos: DieMacherPosition, price: float) -> list[float]:
    """DM10.5, before the reveal: what each party's card laid this round is expected to bring, a
    member a point. Accepted: the money at ``price``, less the highest of its loss dice. Refused:
    the total of its gain dice, and the largest refusal's bonus dice, halved for each party still to
    choose that holds as large a card (a refusal laid as large or larger, where one is known, wins
    no bonus: DM10.5 step 4)."""
    points = [0.0] * pos.players
    order = pos.order()
    waiting = order[pos.chosen:]
    refused = [(i, card.amount) for i, card, accepted in pos.laid if not accepted]
    for i, card, accepted in pos.laid:
        if accepted:
            points[i] += price * card.amount / 1000 - mean_roll(card.loss_dice, True)
            continue
        points[i] += mean_roll(card.gain_dice, False)
        if all(amount < card.amount for j, amount in refused if j != i):
            rivals = sum(any(c.amount >= card.amount for c in pos.contributions[j]) for j in waiting)
            points[i] += mean_roll(REFUSAL_BONUS_DICE, False) / 2 ** rivals
    return points


def poll_points(pos: DieMacherPosition) -> float:
    """What a poll is worth to its buyer, unseen: the members of shelving it (DM7.5.4: its dice's
    total, on average over the deck's cards), a floor on publishing it."""
    polls = pos.data.polls
    return sum(mean_roll(p.dice, False) for p in polls) / len(polls) if polls else 0.0


def standing(pos: DieMacherPosition, me: int) -> float:
    return lead(prospects(pos), me)


def lead(points: list[float], me: int) -> float:
    """``me``'s points less the best rival's."""
    return points[me] - max(p for i, p in enumerate(points) if i != me)
