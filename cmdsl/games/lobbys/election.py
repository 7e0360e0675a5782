"""The election (L5, and L10 for the People's votes): which party wins, so which suit is trump.

Pure functions over revealed cards; paying for the votes and discarding them is the step's job
(``rules.py``).
"""

from __future__ import annotations

from collections import Counter
from enum import Enum
from typing import Callable, Iterable, Sequence

from ...values import value
from .cards import SUITS, Card, Suit
from .picks import Pick


class ElectedBy(Enum):
    """Which criterion decided the election, in the order they are tried."""

    MOST_VOTES = "most votes"  # L5.4
    PEOPLE_VOTE = "People vote"  # L10.4 (only with the variant)
    MOST_CARDS = "most cards"  # L5.5 step 1
    HIGHEST_CARD = "highest card"  # L5.5 step 2
    NO_GOVERNMENT = "no government"  # L5.5 step 3: the round is played without trump


@value  # a frozen dataclass made fast: one per pick, per step, per search trial
class Election:
    """A revealed election: the players' votes, the People cards drawn, the result."""

    picks: tuple[Pick, ...]
    people: tuple[Card, ...]  # () without the variant
    votes: tuple[tuple[Suit, int], ...]  # every party's total, People votes included, in SUITS order
    trump: Suit | None
    decided_by: ElectedBy

    def votes_for(self, suit: Suit) -> int:
        return dict(self.votes)[suit]


def people_votes(people: Iterable[Card]) -> dict[Suit, int]:
    """L10.2: each party gains the square of its number of People cards (ranks do not count)."""
    count = Counter(c.suit for c in people)
    return {s: count[s] ** 2 for s in SUITS}


def hold_election(picks: Sequence[Pick], people: Sequence[Card] = ()) -> Election:
    """L5.2–L5.5 (and L10.2, L10.4 when ``people`` were drawn): count the votes, break ties."""
    cards = [p.card for p in picks]
    by_people = people_votes(people)
    player_votes = {s: sum(c.rank for c in cards if c.suit is s) for s in SUITS}  # L5.2
    total = {s: player_votes[s] + by_people[s] for s in SUITS}
    # L11.3: "most cards" and "highest card" look at the players' cards only, never the People's.
    n_cards = {s: sum(1 for c in cards if c.suit is s) for s in SUITS}
    highest = {s: max((c.rank for c in cards if c.suit is s), default=0) for s in SUITS}
    # Without the variant every party has 0 People votes, so that criterion never decides.
    criteria: list[tuple[ElectedBy, Callable[[Suit], int]]] = [
        (ElectedBy.MOST_VOTES, total.__getitem__),
        (ElectedBy.PEOPLE_VOTE, by_people.__getitem__),
        (ElectedBy.MOST_CARDS, n_cards.__getitem__),
        (ElectedBy.HIGHEST_CARD, highest.__getitem__),
    ]
    tied = list(SUITS)
    for by, key in criteria:
        best = max(key(s) for s in tied)
        tied = [s for s in tied if key(s) == best]
        if len(tied) == 1:
            return Election(tuple(picks), tuple(people), tuple(total.items()), tied[0], by)
    return Election(tuple(picks), tuple(people), tuple(total.items()), None, ElectedBy.NO_GOVERNMENT)
