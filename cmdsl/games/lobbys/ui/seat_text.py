"""Lobbys as a seat's text (``plugins.SeatText``: the browser's generic page): the REPL's table,
log and `?`, each from the seat's view (L11.6). A spectator sees the table without any hand or
pick."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence, cast

from ....game.decisions import Option, PlayerSeat
from ....plugins import TableGame
from ..game import LobbysGame, lobbys_of
from ..seats import LobbysSeat
from ..view import LobbysView
from .explain import explain


def _view(game: TableGame, seat: PlayerSeat) -> LobbysView:
    assert isinstance(seat, LobbysSeat), seat
    return cast(LobbysGame, game).view(seat)


class LobbysSeatText:
    def board(self, game: TableGame, seat: PlayerSeat | None) -> str | None:
        if seat is None:  # a spectator: the table as every seat sees it, without a seat's own part
            return replace(_view(game, game.seats[0]), hand=(), options=(), my_pick=None, log=()).render(public=True)
        return _view(game, seat).render()

    def log(self, game: TableGame, seat: PlayerSeat) -> Sequence[str]:
        return [e.text() for e in _view(game, seat).log]

    def explain(self, game: TableGame, seat: PlayerSeat) -> str:
        return explain(_view(game, seat), lobbys_of(cast(LobbysGame, game)).data)

    def option_details(self, game: TableGame, seat: PlayerSeat, option: Option) -> Sequence[str]:
        return []  # a card's label is the card (7♥)
