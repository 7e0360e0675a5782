"""D7, DM7.5.3: the greedy one ply of a poll bid straight from the position (``one_ply.py``) gives
exactly what trying each bid on a re-dealt copy's forks gives, reads nothing a party may not know,
and so the greedy bot plays the very same games with it as without it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cmdsl.bots import GreedyBot, play_bot_move
from cmdsl.bots.basic import action_value
from cmdsl.game.perspective import Perspective
from cmdsl.games.diemacher.game import DieMacher, diemacher_game
from cmdsl.games.diemacher.kinds import Kind

from .conftest import DATA


def _bidding_left(game: Any) -> tuple[int, bool]:
    """How many parties are still in the auction, and whether one leads it."""
    pos = game.position
    if pos.auction is None:
        return len(pos.parties), False
    bidding = pos.auction[1]
    return len(pos.parties) - len(bidding.passed), bidding.leader is not None


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 5)])
def test_dm7_5_3_a_poll_bid_s_values_are_the_re_dealt_forks_values(seed: int, players: int) -> None:
    game = diemacher_game(seed, players, data=DATA)
    bots = {s: GreedyBot(seed * 8 + i) for i, s in enumerate(game.seats)}
    shortcut = forked = closing = 0
    while not game.over and game.position.round <= 3:
        d = game.pending
        assert d is not None
        if d.kind is Kind.POLL_BID and len(d.candidates()) > 1:
            values = game.one_ply_values(d, None)
            if values is None:
                forked += 1
            else:
                shortcut += 1
                left, led = _bidding_left(game)
                closing += left == 2 and led  # a pass here ends the auction: the leader buys
                for deal in (seed, seed + 100):  # the hidden cards dealt two ways: the same numbers
                    copy = game.determinized(d.player, random.Random(deal))
                    options = d.candidates()
                    tried = [action_value(f, d, o.id, None) for f, o in zip(copy.forks(len(options)), options)]
                    assert values == tried, f"answer {len(game.answers)}: {d.prompt}"
        play_bot_move(game, bots)
    assert shortcut > 50 and forked < shortcut / 10 and closing > 5, (shortcut, forked, closing)


def test_the_shortcut_is_asked_only_at_poll_bids_and_only_there_of_the_real_game() -> None:
    game = diemacher_game(4, 3, data=DATA)
    seen: set[Kind] = set()
    while not game.over and (Kind.POLL_BID not in seen or len(seen) < 6):
        d = game.pending
        assert d is not None
        public = Perspective(game, d).one_ply_values()
        assert (public is not None) <= (d.kind is Kind.POLL_BID)
        assert game.one_ply_is_public(d) == (d.kind is Kind.POLL_BID)
        seen.add(d.kind)
        game.answer(d.options[0].id, d.player)
    assert Kind.POLL_BID in seen and len(seen) >= 6


def _greedy_game(seed: int, players: int) -> list[str]:
    game = diemacher_game(seed, players, short=True, data=DATA)
    bots = {s: GreedyBot(seed * 8 + i) for i, s in enumerate(game.seats)}
    while not game.over:
        play_bot_move(game, bots)
    return [e.text() for e in game.events]


def test_the_greedy_bot_plays_the_same_game_with_the_shortcut_as_with_forks(monkeypatch: pytest.MonkeyPatch) -> None:
    with_it = _greedy_game(5, 4)
    monkeypatch.setattr(DieMacher, "one_ply_is_public", lambda self, decision: False)
    assert _greedy_game(5, 4) == with_it
