"""CM2008's evaluation of a position for one side: what the greedy bot maximizes and the search
bot's rollouts are scored by (documented in docs/bots.md). The bots take it from the game
(``Game.evaluate``), never from here: they name no game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import LETTER_SIDE, TRACK, Side

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
    # A search scores hundreds of thousands of positions: the rows are read here in one pass
    # each, inline (``LiveState.majority``, ``minority`` and ``colour``, unrolled).
    for live in position.in_play:
        ev, box, printed, tokens = live.tile.ev, live.box, live.tile.rows, live.tokens
        for issue, weight in ((TRACK[box - 1], 0.6), (TRACK[4 - box], 0.1)):
            row = tokens[issue]
            lead = 0  # my blocks less theirs: an int, so the sum below is the same float
            for letter, tok in zip(printed[issue], row):
                colour = tok if tok is not None else LETTER_SIDE[letter]
                if colour is me:
                    lead += 1
                elif colour is opp:
                    lead -= 1
            value += weight * ev * lead / len(row)
    value += 1.0 * (min(len(mine.hand), 6) - min(len(theirs.hand), 6))
    return value
