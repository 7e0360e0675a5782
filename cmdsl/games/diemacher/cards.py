"""Die Macher's shared cards (DM1.2–DM1.4): platform and public-opinion cards, each on one issue
with one of two stances. Two cards on one issue are identical when their stances are the same and
contradictory when they differ (DM1.2). A card is a small frozen value; its ``id`` names it in
records and options (``p:nuclear/for/2``: the second "for" platform card on nuclear energy)."""

from __future__ import annotations

from dataclasses import field
from enum import Enum
from typing import Final

from ...values import value


class Stance(Enum):
    FOR = "for"  # "for" or "more": a light card
    AGAINST = "against"  # "against" or "less": a dark card


class Deck(Enum):
    PLATFORM = "p"  # DM1.3: party policy
    OPINION = "o"  # DM1.4: public opinion


@value
class Card:
    deck: Deck
    issue: str  # an issue's id (issues.yaml)
    stance: Stance
    copy: int  # 1 .. the number of cards of that issue and stance
    #: ``p:nuclear/for/2``: made once with the card (cards are made once per deck and read often).
    id: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", f"{self.deck.value}:{self.issue}/{self.stance.value}/{self.copy}")

    def __hash__(self) -> int:
        # Its id names exactly the compared fields, and a string keeps its hash: a re-deal asks
        # for the hash of every unseen card (``determinize.py``).
        return hash(self.id)

    def identical(self, other: "Card") -> bool:
        return self.issue == other.issue and self.stance is other.stance

    def contradicts(self, other: "Card") -> bool:
        return self.issue == other.issue and self.stance is not other.stance


STANCES: Final = tuple(Stance)


def deck_of(deck: Deck, issues: tuple[str, ...], per_stance: int) -> tuple[Card, ...]:
    """Every card of a deck, in a fixed order (issue, stance, copy): shuffled by the game."""
    return tuple(Card(deck, issue, stance, n) for issue in issues for stance in STANCES
                 for n in range(1, per_stance + 1))

