"""Racolage Électoral's numbers the rules and the front ends share, and the kinds of its decisions."""

from __future__ import annotations

from enum import StrEnum

HAND = 5  # RA3.3, RA4.3
PRICE = 3  # RA5.1
#: Events whose one-time effect runs inside another's at most (an Event's effect may draw Events).
MAX_EVENT_DEPTH = 3
#: Our backstop (docs/racolage.md): a game where nobody draws the last Media card ends after this
#: many turns, as if its final round were over.
MAX_TURNS = 400


class Kind(StrEnum):
    DRAW = "draw"  # phase 1 (RA4.1)
    BUY = "buy"  # how many Action cards (RA5, RA11.2)
    SELL = "sell"  # a card to sell
    LAY = "lay"  # phase 2 (RA4.2)
    HAND = "hand"  # the hand check (RA4.3)
    DISCARD = "discard"  # an effect's discard
    OPTION = "option"  # an effect's `choose one`, a player chosen, a tie
