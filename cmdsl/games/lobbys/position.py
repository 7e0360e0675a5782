"""The position of a Lobbys game: all its state as one value with a cheap, complete ``copy``
(DESIGN property 9). The rules (``rules.py`` and the modules it calls) read and change it; nothing
else holds game state. The RNG is not part of it: each step that shuffles is given one.

Where every card is, at every moment between steps:

* the Offer deck of the player count (L1.4) = the hands + ``election_pile`` + ``offer_pile``;
* the People cards (L10.1) = ``people_deck`` + ``people_drawn`` (both empty without the variant);
* the 12 contracts (L1.3) = ``contract_deck`` + ``contract_offer`` + every seat's ``won``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from .cards import Card, Contract, Suit
from .data import LobbysData


class Phase(Enum):
    """What the players pick next."""

    ELECTION = "election"  # L5: every seat picks a card to vote with
    TENDER = "tender"  # L6: every seat picks an offer for the contracts turned up
    OVER = "over"  # L8: nobody picks any more


@dataclass(eq=True)
class LobbysPosition:
    """A Lobbys game between two steps. Seats are 0 .. players − 1."""

    data: LobbysData  # shared and immutable
    players: int
    people_variant: bool  # L10 "The People Speak"
    round: int  # 1 .. data.rounds (the last one stays when the game is over)
    phase: Phase
    tenders_done: int  # tenders resolved in this round
    points: list[int]  # per seat: points and money are one (L1.5)
    hands: list[list[Card]]  # per seat, sorted; private to the seat (L11.6)
    trump: Suit | None  # this round's trump; None before the election and for "no trump" (L5.5)
    election_pile: list[Card]  # the votes of this round's election, face up (L5.6)
    offer_pile: list[Card]  # the offers of this round's finished tenders, face up (L6.5)
    contract_deck: list[Contract]  # face down; its top is the last element (L4.2)
    contract_offer: tuple[Contract, Contract] | None  # (main, linked) while a tender is open (L6.1)
    won: list[list[Contract]]  # per seat, face up, in the order won (L6.4)
    people_deck: list[Card]  # L10.1, face down
    people_drawn: list[Card]  # L10.2: the People cards of the last election, face up

    @property
    def seats(self) -> range:
        return range(self.players)

    def copy(self) -> "LobbysPosition":
        """A copy that shares nothing that changes (cards, contracts and the data are immutable).

        It walks the dataclass fields, so a new field is copied without touching this method:
        a list is copied, a list of lists one level deeper (hands, won)."""
        c = object.__new__(LobbysPosition)
        for f in _FIELDS:
            value = getattr(self, f)
            if type(value) is list:
                value = [x[:] for x in value] if value and type(value[0]) is list else value[:]
            object.__setattr__(c, f, value)
        return c

    def next_step(self) -> "LobbysPosition":
        """A copy for the rules to make the next step's position from: what every step changes
        is copied (the hands, the points, the piles and decks); each seat's ``won`` and the People
        cards are shared, and the rules replace such a list rather than change it."""
        # Each field set as an attribute, never through ``__dict__``: an object whose ``__dict__``
        # was asked for keeps its attributes in a dict of their own, slower to read (Python 3.11).
        c = object.__new__(LobbysPosition)
        c.data, c.players, c.people_variant = self.data, self.players, self.people_variant
        c.round, c.phase, c.tenders_done = self.round, self.phase, self.tenders_done
        c.points = self.points[:]
        c.hands = [h[:] for h in self.hands]
        c.trump = self.trump
        c.election_pile = self.election_pile[:]
        c.offer_pile = self.offer_pile[:]
        c.contract_deck = self.contract_deck[:]
        c.contract_offer = self.contract_offer
        c.won = self.won[:]
        c.people_deck, c.people_drawn = self.people_deck, self.people_drawn
        return c


_FIELDS = tuple(f.name for f in fields(LobbysPosition))
