"""``views_kept`` (a front end drawing one page from several reads of a seat's view): within it a
seat's view is made once while the game stands, and made again once an answer or a change of the
position moves the game on; outside it every read is made anew."""

from __future__ import annotations

from typing import Any

import pytest

from tests.toygame.game import SEATS, Seat, table


def test_a_seats_view_is_made_once_while_the_game_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    game = table(3)
    made: list[Seat] = []
    real = game.game.view

    def counted(host: Any, seat: Seat) -> Any:
        made.append(seat)
        return real(host, seat)
    monkeypatch.setattr(game.game, "view", counted)
    with game.views_kept():
        first = game.view(SEATS[0])
        assert game.view(SEATS[0]) is first and made == [SEATS[0]]
        game.view(SEATS[1])
        assert made == [SEATS[0], SEATS[1]]
        d = next(x for x in game.pending_decisions if x.player is SEATS[0])
        game.answer(d.options[0].id, SEATS[0])  # the game moves on: its view is made again
        after = game.view(SEATS[0])
        assert after is not first and after == real(game, SEATS[0])
        with game.views_kept():  # within one already: the same views
            assert game.view(SEATS[0]) is after
        game.change_position(lambda position: None)  # a change of the position: made again
        assert game.view(SEATS[0]) is not after
    assert game.view(SEATS[0]) is not game.view(SEATS[0])  # outside: each read anew
