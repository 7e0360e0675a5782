"""Who wins a tender (L6.3): the cheapest offer of the first group of suits that has one."""

from __future__ import annotations

from enum import Enum
from typing import Sequence

from ...values import value
from .cards import Contract, Suit
from .data import LobbysData
from .picks import Pick


class WonBy(Enum):
    """The step of L6.3 that found the winning offer."""

    TRUMP = "trump"  # step 1 (skipped without trump)
    MAIN_SUIT = "main contract's suit"  # step 2
    RELATED_SUIT = "related suit"  # step 3
    CHEAPEST = "cheapest offer"  # step 4, ties broken by the suit order


@value  # a frozen dataclass made fast: one per pick, per step, per search trial
class Tender:
    """A resolved tender: the two contracts, the revealed offers, the winning one and why."""

    main: Contract
    linked: Contract
    picks: tuple[Pick, ...]
    winner: Pick
    won_by: WonBy

    @property
    def income(self) -> int:
        """L6.4: the State pays the winner the rank of the winning offer."""
        return self.winner.card.rank


def resolve_tender(picks: Sequence[Pick], main: Contract, linked: Contract, trump: Suit | None,
                   data: LobbysData) -> Tender:
    """L6.3: the winning offer among ``picks`` (at least one) for the contracts ``main``/``linked``."""
    if not picks:
        raise ValueError("a tender needs at least one offer")
    groups: list[tuple[WonBy, Suit]] = []
    if trump is not None:
        groups.append((WonBy.TRUMP, trump))
    groups += [(WonBy.MAIN_SUIT, main.suit), (WonBy.RELATED_SUIT, data.related[main.suit])]
    for won_by, suit in groups:
        offers = [p for p in picks if p.card.suit is suit]
        if offers:
            # One card per rank in a suit: the cheapest of one suit is unique.
            return Tender(main, linked, tuple(picks), min(offers, key=lambda p: p.card.rank), won_by)
    order = {s: i for i, s in enumerate(data.suit_order)}  # best first
    best = min(picks, key=lambda p: (p.card.rank, order[p.card.suit]))
    return Tender(main, linked, tuple(picks), best, WonBy.CHEAPEST)
