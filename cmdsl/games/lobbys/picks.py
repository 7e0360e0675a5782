"""A revealed pick: one seat's card, in an election (a vote) or a tender (an offer)."""

from __future__ import annotations

from typing import Mapping

from ...values import value
from .cards import Card


@value  # a frozen dataclass made fast: one per pick, per step, per search trial
class Pick:
    seat: int
    card: Card


def picks_of(chosen: Mapping[int, Card]) -> tuple[Pick, ...]:
    """The picks of a step, in seat order (the order never matters to the rules: they are
    revealed together, L2.2; it only makes results print the same way every time)."""
    return tuple([Pick(seat, chosen[seat]) for seat in sorted(chosen)])
