"""What a Lobbys decision looks like to the driver: its kind and the option of each card.

Every decision of Lobbys is one seat's secret pick of a card from its hand (L5.1, L6.2); each
option is one card: its id (``7H``, what records store), its printed form (``7♥``) and the card.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from ...game.decisions import Option
from .cards import HIGHEST_RANK, LOWEST_RANK, Card, pip_cards
from .rules import PickKind


class LobbysDecisionKind(StrEnum):
    """What a Lobbys decision is about (``Decision.kind``)."""

    VOTE = "vote"  # L5.1: a card to vote with (paid for by its rank, L5.3)
    OFFER = "offer"  # L6.2: a card offered for the two contracts turned up


KIND: Final = {PickKind.VOTE: LobbysDecisionKind.VOTE, PickKind.OFFER: LobbysDecisionKind.OFFER}
#: The option of each pip card, made once (options are frozen values).
OPTIONS: Final = {c: Option(c.id, str(c), c) for c in pip_cards(LOWEST_RANK, HIGHEST_RANK)}
OPTION_BY_ID: Final = {o.id: o for o in OPTIONS.values()}


def card_of(option_id: str) -> Card:
    """The card of an option id (``7H``); KeyError for anything else."""
    card: Card = OPTION_BY_ID[option_id].value
    return card
