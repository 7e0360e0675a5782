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
    # The cheapest offer of each group of L6.3's steps 1–3, found in one pass (a search resolves
    # tenders by the thousand): trump, the main contract's suit, its related suit. A suit is
    # counted in the first group it belongs to (trump may be the main suit or the related one).
    main_suit, related = main.suit, data.related[main.suit]
    cheapest: list[Pick | None] = [None, None, None]
    for p in picks:
        suit = p.card.suit
        group = 0 if suit is trump else 1 if suit is main_suit else 2 if suit is related else -1
        if group >= 0:
            best = cheapest[group]
            if best is None or p.card.rank < best.card.rank:  # one card per rank in a suit: unique
                cheapest[group] = p
    for won_by, best in zip(_GROUPS, cheapest):
        if best is not None:
            return Tender(main, linked, tuple(picks), best, won_by)
    order = {s: i for i, s in enumerate(data.suit_order)}  # best first
    winner = min(picks, key=lambda p: (p.card.rank, order[p.card.suit]))
    return Tender(main, linked, tuple(picks), winner, WonBy.CHEAPEST)


_GROUPS = (WonBy.TRUMP, WonBy.MAIN_SUIT, WonBy.RELATED_SUIT)
