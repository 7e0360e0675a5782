"""CM2008 as a seat's text (``plugins.SeatText``: the browser's generic page): the REPL's board,
log, `?` and card texts, each for one side (a spectator: the public board, R3.2)."""

from __future__ import annotations

from typing import Sequence, cast

from ....game.decisions import Decision, Option, PlayerSeat
from ....plugins import TableGame
from ..engine import CampaignGame
from ..model import Side
from . import explain
from .board import board


def _campaign(game: TableGame) -> CampaignGame:
    return cast(CampaignGame, game)  # the controllers hand back the game this plug-in made


def _side(seat: PlayerSeat | None) -> Side | None:
    assert seat is None or isinstance(seat, Side), seat
    return seat


def _mine(game: TableGame, seat: PlayerSeat) -> Decision | None:
    return next((d for d in game.pending_decisions if d.player is seat), None)


class CampaignSeatText:
    def board(self, game: TableGame, seat: PlayerSeat | None) -> str | None:
        return board(_campaign(game), _side(seat))

    def log(self, game: TableGame, seat: PlayerSeat) -> Sequence[str]:
        side = _side(seat)
        assert side is not None
        return [e.text() for e in _campaign(game).view(side).events]

    def explain(self, game: TableGame, seat: PlayerSeat) -> str:
        d = _mine(game, seat)
        return "You have no decision pending." if d is None else explain.explain(_campaign(game), d)

    def option_details(self, game: TableGame, seat: PlayerSeat, option: Option) -> Sequence[str]:
        d = _mine(game, seat)
        return [] if d is None else explain.option_details(_campaign(game), d, option)
