"""Die Macher as a seat's text (``plugins.SeatText``: the browser's generic page): the REPL's
board (its hand with it), log and `?`, each from the party's view (DM18.26). A spectator sees the
board without any party's own things (``view.public_part``)."""

from __future__ import annotations

from typing import Sequence, cast

from ....game.decisions import Option, PlayerSeat
from ....plugins import TableGame
from ..game import DieMacherGame, diemacher_of
from ..parties import Party
from ..view import DieMacherView, public_part
from . import explain
from .board import board

#: The columns the text is laid out for: the page shows it in a monospaced block that scrolls.
WIDTH = 100


def _view(game: TableGame, seat: PlayerSeat) -> DieMacherView:
    assert isinstance(seat, Party), seat
    return cast(DieMacherGame, game).view(seat)


class DieMacherSeatText:
    def board(self, game: TableGame, seat: PlayerSeat | None) -> str | None:
        held = diemacher_of(cast(DieMacherGame, game))
        rounds = 5 if held.short else 7
        if seat is None:  # a spectator: what every party may know, from the first party's view
            return board(public_part(_view(game, game.seats[0])), held.data, rounds, WIDTH, public=True)
        return board(_view(game, seat), held.data, rounds, WIDTH)  # with the party's hand

    def log(self, game: TableGame, seat: PlayerSeat) -> Sequence[str]:
        return _view(game, seat).log

    def explain(self, game: TableGame, seat: PlayerSeat) -> str:
        return explain.explain(_view(game, seat), diemacher_of(cast(DieMacherGame, game)).data)

    def option_details(self, game: TableGame, seat: PlayerSeat, option: Option) -> Sequence[str]:
        return []  # the labels say it (a state, an amount, a card's words)
