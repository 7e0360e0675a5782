"""The cards of a standard 52-card deck as Lobbys uses them (L1): suits are parties, the 40 pip
cards are offer cards, the 12 face cards are contracts.

Which suits are related, their tie-break order and how far the deck is cut are game data
(``cards/lobbys/lobbys.yaml``, read by ``data.py``); this module knows only what any deck has.
"""

from __future__ import annotations

import functools
import re
from enum import Enum
from typing import Any, Final


class Suit(Enum):
    """A suit, which is a party (L1.2)."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"

    # A member is its own identity (Enum compares by identity): hashing it so, in C, instead of
    # Enum's hash of its name in Python, makes every card's hash (its suit's and rank's) cheap;
    # searches hash cards millions of times. No order anywhere rests on a hash.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        return self.value[0].upper()

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS: Final = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.SPADES: "♠"}
#: The suits in a fixed order, only for sorting and listing (not the L6.3 tie-break order).
SUITS: Final = tuple(Suit)
_SUIT_INDEX: Final = {s: i for i, s in enumerate(SUITS)}


class Face(Enum):
    """A face card's rank; each is one contract type (L1.3, the type names are data)."""

    JACK = "jack"
    QUEEN = "queen"
    KING = "king"

    __hash__ = object.__hash__  # as Suit's

    @property
    def letter(self) -> str:
        return self.value[0].upper()


FACES: Final = tuple(Face)
#: Pip ranks run from the Ace (1) to 10 (L1.4).
LOWEST_RANK: Final = 1
HIGHEST_RANK: Final = 10


class _Interned:
    """An immutable card value made once per identity: ``Card(suit, rank)`` returns the same object
    every time, so equality and hashing are identity's, done in C. Searches compare and hash cards
    millions of times; a frozen dataclass did it in Python, field by field. Pickling and copying
    give the one object back."""

    __slots__: tuple[str, ...] = ()  # each card class's fields, in order (repr, pickling)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> "_Interned":
        return self

    def __reduce__(self) -> tuple[type["_Interned"], tuple[object, ...]]:
        return type(self), self._fields()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in zip(self.__slots__, self._fields()))})"

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __deepcopy__(self, memo: object) -> "_Interned":
        return self


def _made(cls: type[_Interned], **fields: object) -> Any:
    """The one object of ``cls`` with these fields (only while the tables below are built)."""
    obj = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


class Card(_Interned):
    """A pip card (an offer card): a suit and a rank from 1 (Ace) to 10."""

    __slots__ = ("suit", "rank")
    suit: Suit
    rank: int

    def __new__(cls, suit: Suit, rank: int) -> "Card":
        made = _CARDS.get((suit, rank))
        if made is None:
            if not isinstance(suit, Suit):
                raise TypeError(f"a card's suit is a Suit, not {suit!r}")
            raise ValueError(f"a pip card's rank is 1 to 10, not {rank}")
        return made

    @property
    def id(self) -> str:
        """A stable ASCII id: ``AH``, ``7S``, ``10D``."""
        return ("A" if self.rank == 1 else str(self.rank)) + self.suit.letter

    @property
    def sort_key(self) -> tuple[int, int]:
        return _SUIT_INDEX[self.suit], self.rank

    def __str__(self) -> str:
        return _TEXT[self]


#: Every pip card, made once: ``Card(suit, rank)`` looks its card up here.
_CARDS: Final[dict[tuple[Suit, int], Card]] = {
    (s, r): _made(Card, suit=s, rank=r) for s in SUITS for r in range(LOWEST_RANK, HIGHEST_RANK + 1)}


class Contract(_Interned):
    """A face card: a contract of the type of its face, for the party of its suit (L1.3)."""

    __slots__ = ("suit", "face")
    suit: Suit
    face: Face

    def __new__(cls, suit: Suit, face: Face) -> "Contract":
        made = _CONTRACTS.get((suit, face))
        if made is None:
            raise TypeError(f"a contract is a Suit and a Face, not {suit!r}, {face!r}")
        return made

    @property
    def id(self) -> str:
        return self.face.letter + self.suit.letter

    @property
    def sort_key(self) -> tuple[int, int]:
        return _SUIT_INDEX[self.suit], FACES.index(self.face)

    def __str__(self) -> str:
        return _TEXT[self]


#: Every face card, made once (as ``_CARDS``).
_CONTRACTS: Final[dict[tuple[Suit, Face], Contract]] = {
    (s, f): _made(Contract, suit=s, face=f) for s in SUITS for f in FACES}
#: Each card's text (``7♥``, ``Q♠``), made once: every step's prompt names the contracts.
_TEXT: Final[dict[_Interned, str]] = {
    **{c: ("A" if c.rank == 1 else str(c.rank)) + c.suit.symbol for c in _CARDS.values()},
    **{c: c.face.letter + c.suit.symbol for c in _CONTRACTS.values()}}
#: A card's or a contract's text, looked up with no call of Python's (``str(card)``).
text_of: Final = _TEXT.__getitem__
#: A pip card's ``sort_key``, looked up with no call of Python's per card (each round's deal
#: sorts every hand): ``sorted(cards, key=sort_key_of)``.
sort_key_of: Final = {c: c.sort_key for c in _CARDS.values()}.__getitem__


@functools.cache  # each round's deal starts from it: a search deals thousands of rounds
def pip_cards(lowest: int, highest: int) -> tuple[Card, ...]:
    """Every pip card with a rank from ``lowest`` to ``highest``, in sorted order."""
    return tuple(Card(s, r) for s in SUITS for r in range(lowest, highest + 1))


@functools.cache
def contract_cards() -> tuple[Contract, ...]:
    """The 12 face cards (L1.3), in sorted order."""
    return tuple(Contract(s, f) for s in SUITS for f in FACES)


_ID = re.compile(r"^(?P<rank>A|10|[2-9JQK])(?P<suit>[HDCS♥♦♣♠])$")
_SUIT_OF: Final = {**{s.letter: s for s in SUITS}, **{s.symbol: s for s in SUITS}}
_FACE_OF: Final = {f.letter: f for f in FACES}


def parse(text: str) -> Card | Contract:
    """A card from its id or its printed form: ``7H``, ``AS``, ``10♦``, ``QC``."""
    m = _ID.match(text.strip().upper().replace("♥", "H").replace("♦", "D").replace("♣", "C").replace("♠", "S"))
    if m is None:
        raise ValueError(f'"{text}" is not a card: write a rank (A, 2-10, J, Q, K) then a suit (H, D, C, S)')
    suit, rank = _SUIT_OF[m.group("suit")], m.group("rank")
    if rank in _FACE_OF:
        return Contract(suit, _FACE_OF[rank])
    return Card(suit, 1 if rank == "A" else int(rank))


def card(text: str) -> Card:
    """A pip card from its id (``7H``); a face card is refused."""
    found = parse(text)
    if not isinstance(found, Card):
        raise ValueError(f'"{text}" is a face card (a contract), not a pip card')
    return found


def contract(text: str) -> Contract:
    """A face card from its id (``QS``); a pip card is refused."""
    found = parse(text)
    if not isinstance(found, Contract):
        raise ValueError(f'"{text}" is a pip card, not a face card (a contract)')
    return found
