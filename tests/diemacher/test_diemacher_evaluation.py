"""D7: how a bot judges a Die Macher position (``evaluation.py``), checked against the rules' own
formulas (DM6) and scoring (DM11) that it computes faster."""

from __future__ import annotations

import random

import pytest

from cmdsl.games.diemacher import evaluation as ev
from cmdsl.games.diemacher.formulas import factor, match, votes_for
from cmdsl.games.diemacher.game import diemacher_game
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.position import FACE_DOWN, USED, DieMacherPosition, Phase
from cmdsl.games.diemacher.scoring import score_lines, totals

from .conftest import DATA, play_until


def reference(pos: DieMacherPosition) -> list[float]:
    """``prospects`` as D7 says it, from DM6's formulas and DM11's score lines."""
    points = [float(s.total) for s in score_lines(pos)]
    price = ev.MONEY_POINTS * (pos.rounds - max(pos.round, 1)) / (pos.rounds - 1)  # D7: 0.5 early, 0 at the end
    cost = {c.id: c.cost / 1000 for c in pos.data.cabinet}
    for distance, b in enumerate(pos.election_order()):
        board = pos.boards[b]
        assert board.state is not None
        for j, card, state in board.cabinet:  # DM8: a card not acted yet, at the yardstick
            if state != USED:
                points[j] += board.state.max_seats / 50 / (1 + distance) * ev.CABINET_VOTES * cost[card]
                points[j] -= price * cost[card] if state == FACE_DOWN else 0.0
        votes = []
        for i in range(pos.players):
            f = factor(board.popularity[i], match(pos.platform[i], board))
            votes.append(min(50, board.votes[i] + votes_for(board.rallies[i], f)))
            points[i] += board.state.seats(votes[i]) / (1 + distance)
        # DM9.4: the party ahead moves a media marker of this board to its election's national group
        held = len(pos.seats_won[0])
        this_round_held = held == pos.round and pos.phase in (Phase.ELECTION, Phase.END_OF_ROUND)
        election = held - this_round_held + distance
        stars = pos.data.stars(pos.short)
        ahead = [i for i in range(pos.players) if votes[i] == max(votes) > 0 and board.media[i] > 0]
        if held <= election < len(stars):
            for i in ahead:
                points[i] += stars[election] / (1 + distance) / len(ahead)
    points = [p + price * m / 1000 for p, m in zip(points, pos.money)]
    if pos.auction is not None and pos.auction[1].leader is not None:
        paid = 0 if pos.looking is not None else pos.auction[1].standing or 0
        points[pos.parties.index(pos.auction[1].leader)] += ev.poll_points(pos) - price * paid / 1000
    for at, (j, _, _) in enumerate(pos.laid):  # DM10.5, before the reveal
        points[j] += laid(pos, at, price)
    return points


def laid(pos: DieMacherPosition, at: int, price: float) -> float:
    """DM10.5: the card laid ``at``-th this round, its expected members (and money) for its party."""
    j, card, accepted = pos.laid[at]
    if accepted:  # the money, less the highest of its loss dice: E = Σ P(max ≥ k)
        return price * card.amount / 1000 - sum(1 - ((k - 1) / 6) ** card.loss_dice for k in range(1, 7))
    larger = [c.amount for i, c, a in pos.laid if not a and i != j and c.amount >= card.amount]
    still = [p for p in pos.order()[pos.chosen:] if max((c.amount for c in pos.contributions[p]), default=0) >= card.amount]
    bonus = 0.0 if larger else 10.5 * 0.5 ** len(still)  # step 4: 3 dice, halved per party that may match it
    return 3.5 * card.gain_dice + bonus


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 5)])
def test_d7_the_evaluation_is_dm6_and_dm11_computed_fast(seed: int, players: int) -> None:
    game = diemacher_game(seed, players, data=DATA)
    rng = random.Random(seed)
    bidding = 0
    while not game.over:
        pos = game.position
        assert totals(pos) == [line.total for line in score_lines(pos)]
        assert ev.prospects(pos) == pytest.approx(reference(pos))
        bidding += pos.auction is not None and pos.auction[1].leader is not None
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    assert totals(game.position) == [line.total for line in score_lines(game.position)]
    assert bidding


def test_dm7_5_a_standing_bid_is_valued_as_the_poll_it_buys() -> None:
    game = diemacher_game(4, 3, data=DATA)
    rng = random.Random(4)

    def opening(d: object) -> bool:  # the first bid of an auction, by a party that can pay it
        return d.kind is Kind.POLL_BID and game.position.auction is None and d.find("bid:1000") is not None  # type: ignore[attr-defined]

    while not opening(d := game.pending_decisions[0]):
        game.answer(rng.choice(d.options).id, d.player)
    me = game.position.parties.index(d.player)  # type: ignore[arg-type]
    before = ev.prospects(game.position)[me]
    game.answer("bid:1000", d.player)
    after = ev.prospects(game.position)[me]
    assert after - before == pytest.approx(ev.poll_points(game.position) - ev.money_price(game.position))


def test_dm10_5_a_contribution_laid_is_valued_before_the_reveal() -> None:
    """The greedy bot judges a contribution card by the position just after it is laid, before
    the reveal: without this it saw no difference and always played none (issue 59)."""
    game = play_until(diemacher_game(2, 4, data=DATA), lambda g: g.pending_decisions[0].kind is Kind.CONTRIBUTION)
    d = game.pending_decisions[0]
    me = game.position.parties.index(d.player)  # type: ignore[arg-type]

    def value(answer: str) -> float:
        trial = game.fork()
        trial.answer(answer, d.player)
        return ev.prospects(trial.position)[me]

    none, price = value("none"), ev.money_price(game.position)
    assert value("accept:10k") - none == pytest.approx(price * 10 - 3.5)  # DM10.5 step 2: highest of 1 die
    assert value("accept:30k") - none == pytest.approx(price * 30 - 161 / 36)  # of 2 dice
    assert value("refuse:10k") > none + 3.4  # step 3: 1 die of members, at least
    # step 4: the 50,000 refused is the largest unless a party still to choose refuses one as large
    rivals = len(game.position.order()) - game.position.chosen - 1
    assert value("refuse:50k") - none == pytest.approx(3.5 * 2 + 10.5 / 2 ** rivals)


def test_d7_money_is_worth_less_as_the_rounds_to_spend_it_run_out() -> None:
    pos = diemacher_game(1, 3, data=DATA).position
    prices = []
    for round_ in range(1, pos.rounds + 1):
        pos.round = round_
        prices.append(ev.money_price(pos))
    assert prices[0] == ev.MONEY_POINTS and prices[-1] == 0.0
    assert prices == sorted(prices, reverse=True)


def test_dm9_4_a_media_marker_where_a_party_leads_is_worth_its_elections_stars() -> None:
    """The greedy bot saw no worth in a media marker on a board until it went national at the
    election: it never bought one, and no party scored a star (issue 59)."""
    game = play_until(diemacher_game(3, 3, data=DATA), lambda g: g.position.phase is Phase.MEDIA)
    pos = game.position.copy()
    b = pos.election_order()[0]
    board = pos.boards[b]
    board.media[:] = [0] * pos.players
    board.votes[:] = [0] * pos.players
    board.rallies[:] = [0] * pos.players
    board.votes[1] = 10  # party 1 leads where the next election is held
    before = ev.prospects(pos)
    board.media[1] = 1
    stars = pos.data.stars(pos.short)[len(pos.seats_won[0])]
    assert ev.prospects(pos)[1] - before[1] == pytest.approx(stars)
    board.media[1], board.media[0] = 0, 1  # a marker where another party leads: nothing yet
    assert ev.prospects(pos) == pytest.approx(before)
