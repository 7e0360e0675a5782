"""DM18.26: every secret kept — over whole games at 3, 4 and 5 players, no event as a party sees it
names a card hidden from it (another's platform hand, a poll another looked at or shelved, a
cabinet card face down, a refused contribution before the reveal), and a party's view holds no
face-down opinion and no other hand (issue 57 item 6)."""

from __future__ import annotations

from typing import Any

import pytest

from cmdsl.games.diemacher.data import Poll
from cmdsl.games.diemacher.cards import Card

from ..conftest import deep_after
from .conftest import random_game


def named(value: Any) -> set[str]:
    """The ids of the cards and polls a value names."""
    if isinstance(value, Card) or isinstance(value, Poll):
        return {value.id}
    if isinstance(value, str):
        return {value}
    if isinstance(value, tuple):
        return set().union(*map(named, value)) if value else set()
    if isinstance(value, int) and not isinstance(value, bool):
        return {f"€{value:,}"}
    return set()


CASES = [(seed, players) for seed in range(8) for players in (3, 4, 5)]


@pytest.mark.parametrize("seed, players", deep_after(1, CASES, group=lambda c: c[1]))
def test_no_seat_sees_what_is_hidden_from_it(seed: int, players: int) -> None:
    game = random_game(seed, players)
    checked = 0
    for event in game.events:
        for seat in game.seats:
            if event.audience().includes(seat):
                continue
            shown = event.redacted(seat)
            text = shown.text()
            for name in type(event).hidden:
                secret = named(getattr(event, name)) - {""}
                assert not (named(getattr(shown, name)) & secret), (event, seat)
                for s in secret:
                    if s.startswith(("p:", "o:", "poll-")):
                        assert s not in text, (text, seat)
                checked += 1
    assert checked > 0
    for seat in game.seats:
        view = game.view(seat)
        me = game.seats.index(seat)
        assert view.hand == tuple(game.position.hand[me])  # its own hand, and only sizes of the others'
        assert view.hands == tuple(len(h) for h in game.position.hand)
        for board in view.boards:
            for (card, up), shown_card in zip(
                    game.position.boards[board.board - 1].opinions, board.opinions):
                assert shown_card == (card if up else None)
