"""The election (L5, and L10 for the People's votes): which party wins, so which suit is trump.

Pure functions over revealed cards; paying for the votes and discarding them is the step's job
(``rules.py``).
"""

from __future__ import annotations

from collections import Counter
from enum import Enum
from types import MappingProxyType
from typing import Final, Iterable, Mapping, Sequence

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
    by_people = people_votes(people) if people else _NO_PEOPLE
    votes, n_cards, highest = dict.fromkeys(SUITS, 0), dict.fromkeys(SUITS, 0), dict.fromkeys(SUITS, 0)
    for p in picks:  # one pass over the votes (a search holds elections by the thousand)
        suit, rank = p.card.suit, p.card.rank
        votes[suit] += rank  # L5.2
        n_cards[suit] += 1
        if rank > highest[suit]:
            highest[suit] = rank
    total = {s: votes[s] + by_people[s] for s in SUITS}
    # The criteria, tried in order, each among the parties still tied (L5.4, L10.4, L5.5): the
    # party with the greatest tuple of them wins. L11.3: "most cards" and "highest card" count the
    # players' cards only, never the People's. Without the variant every party has 0 People
    # votes, so that criterion never decides.
    ranked = sorted(SUITS, key=lambda s: (total[s], by_people[s], n_cards[s], highest[s]), reverse=True)
    first, second = ranked[0], ranked[1]
    best = (total[first], by_people[first], n_cards[first], highest[first])
    runner_up = (total[second], by_people[second], n_cards[second], highest[second])
    # The criterion that decided is the first on which the runner-up falls behind: the parties
    # still tied then are those equal to the winner on every criterion before it.
    for by, mine, theirs in zip(_CRITERIA, best, runner_up):
        if mine != theirs:
            return Election(tuple(picks), tuple(people), tuple(total.items()), first, by)
    return Election(tuple(picks), tuple(people), tuple(total.items()), None, ElectedBy.NO_GOVERNMENT)


_NO_PEOPLE: Final[Mapping[Suit, int]] = MappingProxyType(dict.fromkeys(SUITS, 0))  # no People card drawn
_CRITERIA: Final = (ElectedBy.MOST_VOTES, ElectedBy.PEOPLE_VOTE, ElectedBy.MOST_CARDS, ElectedBy.HIGHEST_CARD)
