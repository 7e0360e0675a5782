"""A revealed pick: one seat's card, in an election (a vote) or a tender (an offer)."""

from __future__ import annotations

from typing import Final, Mapping

from ...values import value
from .cards import HIGHEST_RANK, LOWEST_RANK, Card, pip_cards
from .seats import SEATS


@value  # a frozen dataclass made fast: one per pick, per step, per search trial
class Pick:
    seat: int
    card: Card


#: Every pick a game can reveal, by seat number then card, made once: a step reveals one per seat,
#: and a search reveals steps by the hundred thousand (a pick is a value: sharing one is safe).
_PICKS: Final[dict[int, dict[Card, Pick]]] = {
    seat: {card: Pick(seat, card) for card in pip_cards(LOWEST_RANK, HIGHEST_RANK)} for seat in range(len(SEATS))}


def picks_of(chosen: Mapping[int, Card]) -> tuple[Pick, ...]:
    """The picks of a step, in seat order (the order never matters to the rules: they are
    revealed together, L2.2; it only makes results print the same way every time)."""
    try:
        return tuple([_PICKS[seat][chosen[seat]] for seat in sorted(chosen)])
    except KeyError:  # a seat or a card no game has (a test's): made as asked
        return tuple([Pick(seat, chosen[seat]) for seat in sorted(chosen)])
