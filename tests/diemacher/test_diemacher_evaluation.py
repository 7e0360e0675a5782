"""D7: how a bot judges a Die Macher position (``evaluation.py``), checked against the rules' own
formulas (DM6) and scoring (DM11) that it computes faster."""

from __future__ import annotations

import random

import pytest

from cmdsl.games.diemacher import evaluation as ev
from cmdsl.games.diemacher.formulas import factor, match, votes_for
from cmdsl.games.diemacher.game import diemacher_game
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.position import FACE_DOWN, USED, DieMacherPosition
from cmdsl.games.diemacher.scoring import score_lines, totals

from .conftest import DATA


def reference(pos: DieMacherPosition) -> list[float]:
    """``prospects`` as D7 says it, from DM6's formulas and DM11's score lines."""
    points = [float(s.total) for s in score_lines(pos)]
    later = pos.rounds - max(pos.round, 1) > 0
    cost = {c.id: c.cost / 1000 for c in pos.data.cabinet}
    for distance, b in enumerate(pos.election_order()):
        board = pos.boards[b]
        assert board.state is not None
        for j, card, state in board.cabinet:  # DM8: a card not acted yet, at the yardstick
            if state != USED:
                points[j] += board.state.max_seats / 50 / (1 + distance) * ev.CABINET_VOTES * cost[card]
                points[j] -= ev.MONEY_POINTS * cost[card] if state == FACE_DOWN and later else 0.0
        for i in range(pos.players):
            f = factor(board.popularity[i], match(pos.platform[i], board))
            points[i] += board.state.seats(min(50, board.votes[i] + votes_for(board.rallies[i], f))) / (1 + distance)
    if pos.rounds - max(pos.round, 1) > 0:
        points = [p + ev.MONEY_POINTS * m / 1000 for p, m in zip(points, pos.money)]
    if pos.auction is not None and pos.auction[1].leader is not None:
        price = 0 if pos.looking is not None else pos.auction[1].standing or 0
        later = pos.rounds - max(pos.round, 1) > 0
        points[pos.parties.index(pos.auction[1].leader)] += ev.poll_points(pos) - (
            ev.MONEY_POINTS * price / 1000 if later else 0.0)
    return points


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
    assert after - before == pytest.approx(ev.poll_points(game.position) - ev.MONEY_POINTS)
