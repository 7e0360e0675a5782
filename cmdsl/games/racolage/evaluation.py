"""How good a Racolage Électoral position is for one seat, for the greedy bot and the search's
rollouts (docs/bots.md): read from what that seat may know only."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import RacolageGame
    from .seats import RacolageSeat


def evaluate(game: "RacolageGame", seat: "RacolageSeat") -> float:
    scores = game.scores()
    me = seat.index
    lead = scores[me] - max(s for i, s in enumerate(scores) if i != me)
    if game.result is not None:
        return 100.0 + lead if seat in game.result.winners else -100.0 + lead
    hand = sum(game.cards.cards[c].worth for c in game.position.hands[me])
    return lead + 0.2 * hand
