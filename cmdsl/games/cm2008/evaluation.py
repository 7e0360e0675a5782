"""CM2008's evaluation of a position for one side: what the greedy bot maximizes and the search
bot's rollouts are scored by (documented in docs/bots.md). The bots take it from the game
(``Game.evaluate``), never from here: they name no game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...model import Side

if TYPE_CHECKING:  # pragma: no cover
    from .position import Position

#: A won game's value: more than any position can be worth.
WIN_VALUE = 1000.0
#: How many units of ``evaluate`` (about electoral votes) move a search bot's squashed score from ½
#: to 0.73.
EVALUATION_SCALE = 20.0


def evaluate(position: "Position", winner: Side | None, over: bool, me: Side) -> float:
    """The value of a position from ``me``'s side.

    Electoral votes already won count in full; a state in play counts its EV times the share of
    its majority row in each colour (0.6 weight; the minority row 0.1, as a shift can flip it);
    each card in hand is worth 1 vote. A won game is worth everything.
    """
    if over:
        return 0.0 if winner is None else (WIN_VALUE if winner is me else -WIN_VALUE)
    opp = me.other
    mine, theirs = position.players[me], position.players[opp]
    value = float(mine.score - theirs.score)
    for live in position.in_play:
        ev = live.tile.ev
        for issue, weight in ((live.majority, 0.6), (live.minority, 0.1)):
            n = len(live.tokens[issue])
            value += weight * ev * live.lead(me, issue) / n  # the lead: an int, as count - count was
    value += 1.0 * (min(len(mine.hand), 6) - min(len(theirs.hand), 6))
    return value
