"""Racolage Électoral as a seat's text (``plugins.SeatText``: the browser's generic page): the
REPL's table and hand, log, `?` and card texts, each from the seat's view (RA1.6). A spectator
sees the table, which shows no hand (RA3.3)."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence, cast

from ....game.decisions import Option, PlayerSeat
from ....plugins import TableGame
from .. import catalog
from ..game import RacolageGame, View, racolage_of
from ..seats import RacolageSeat
from . import explain


def _view(game: TableGame, seat: PlayerSeat) -> View:
    assert isinstance(seat, RacolageSeat), seat
    return cast(RacolageGame, game).view(seat)


class RacolageSeatText:
    def board(self, game: TableGame, seat: PlayerSeat | None) -> str | None:
        held = racolage_of(cast(RacolageGame, game))
        if seat is None:  # a spectator: the table as every seat sees it (no hand, no decision in it)
            public = replace(_view(game, game.seats[0]), hand=(), decision=None, log=())
            return explain.board(public, held.cards, held.parties, public=True)
        view = _view(game, seat)
        return explain.board(view, held.cards, held.parties) + "\n\n" + explain.hand(view, held.cards)

    def log(self, game: TableGame, seat: PlayerSeat) -> Sequence[str]:
        return [e.text() for e in _view(game, seat).log]

    def explain(self, game: TableGame, seat: PlayerSeat) -> str:
        return explain.explain(_view(game, seat), racolage_of(cast(RacolageGame, game)).cards)

    def option_details(self, game: TableGame, seat: PlayerSeat, option: Option) -> Sequence[str]:
        """A card placed or played: what it is and does, as `card` says it (the REPL's)."""
        cards = racolage_of(cast(RacolageGame, game)).cards
        if not isinstance(option.value, str) or option.value not in cards.cards or not option.id.startswith(("place:", "play:")):
            return []
        return catalog.show(cards, option.value).splitlines()[1:]
