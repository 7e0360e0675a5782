"""`card` in a Lobbys game: what one card of the deck is and does, found by its id (`7H`, `KS`),
as printed (`7♥`) or by its name in English or French, or the start of one (`seven of hearts`,
`roi de cœur`, `queen of sp`): the same lookup as every game's (``cmdsl.sets.card_lookup``).
The rules quoted are L1–L7; the contract types and related parties are the game data's."""

from __future__ import annotations

from typing import Final

from ....sets.card_lookup import Named, find_card
from ..cards import FACES, HIGHEST_RANK, LOWEST_RANK, Card, Contract, Face, Suit, contract_cards, parse, pip_cards
from ..data import LobbysData

_RANKS_EN: Final = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")
_RANKS_FR: Final = ("As", "Deux", "Trois", "Quatre", "Cinq", "Six", "Sept", "Huit", "Neuf", "Dix")
_FACES_EN: Final = {Face.JACK: "Jack", Face.QUEEN: "Queen", Face.KING: "King"}
_FACES_FR: Final = {Face.JACK: "Valet", Face.QUEEN: "Dame", Face.KING: "Roi"}
#: The suits' French names, as cards and sheets print them (ui/printing.py)
SUITS_FR: Final = {Suit.HEARTS: "cœur", Suit.DIAMONDS: "carreau", Suit.CLUBS: "trèfle", Suit.SPADES: "pique"}
#: The contracts' faces and the suits by language, as a board names them ("Queen", "hearts"; "Dame", "cœur")
FACE_NAMES: Final = {"en": _FACES_EN, "fr": _FACES_FR}
SUIT_NAMES: Final = {"en": {s: s.value for s in Suit}, "fr": SUITS_FR}


def _party(suit: Suit) -> str:
    return suit.value.title()


def names(card: Card | Contract) -> tuple[str, str]:
    """Its name in English and in French: "Seven of Hearts", "Sept de cœur"."""
    if isinstance(card, Card):
        en, fr = _RANKS_EN[card.rank - 1], _RANKS_FR[card.rank - 1]
    else:
        en, fr = _FACES_EN[card.face], _FACES_FR[card.face]
    return f"{en} of {_party(card.suit)}", f"{fr} de {SUITS_FR[card.suit]}"


def _every_card() -> tuple[Card | Contract, ...]:
    return (*pip_cards(LOWEST_RANK, HIGHEST_RANK), *contract_cards())


def find(asked: str) -> Card | Contract:
    """The card ``asked`` names (its id, as printed, a name or the start of one); else one line."""
    try:
        return parse(asked)
    except ValueError:
        pass
    cards = {c.id: c for c in _every_card()}
    named = [Named(c.id, names(c)) for c in cards.values()]
    return cards[find_card(asked, named, f'no card "{asked}" (a card is written 7H, 7♥, seven of hearts or '
                                         'sept de cœur)')]


def show(asked: str, data: LobbysData, players: int | None = None) -> str:
    """What ``asked`` is and does; ``players``: the game's, to say whether its deck holds the card."""
    card = find(asked)
    en, fr = names(card)
    party = _party(card.suit)
    lines = [f"{card} ({card.id}) — {en} ({fr})"]
    if isinstance(card, Contract):
        kind = data.contract_types[card.face]
        same = " and ".join(f"{_FACES_EN[f]}" for f in FACES if f is not card.face)
        lines += [f"A contract (L1.3): {kind}, of the {party} party. Turned up for a tender, it goes to the tender's "
                  f"winner (L6.1, L6.4); at the end of the round it counts for the {kind} majority (L7.1), for "
                  f"omnipresence (one contract of each type, L7.2), and with the {same} of {party} for the partisan "
                  f"bonus (L7.3)."]
        return "\n".join(lines) + "\n"
    rank, related = card.rank, _party(data.related[card.suit])
    votes = f"{rank} vote{'s' if rank != 1 else ''}"
    lines += [f"An offer card (L1.4) of the {party} party, rank {rank}. In an election it gives {party} {votes} and "
              f"costs its player {rank} point{'s' if rank != 1 else ''} (L5.2, L5.3). As an offer in a tender the "
              f"lowest offer wins — trump first, then the main contract's party, then its related party ({party} "
              f"and {related} are related) — and the winner gains its rank (L6.3, L6.4). Left in hand at the end "
              f"of a round, it costs its rank (L7.4)."]
    if players is not None and rank > data.top_rank[players]:
        lines.append(f"At {players} players the offer deck keeps ranks 1 to {data.top_rank[players]}: this card is "
                     "not dealt; with The People Speak it is a People card (L1.4, L10.1).")
    return "\n".join(lines) + "\n"
