"""Determinization for Lobbys: a position in which what one seat cannot know is dealt anew.

L11.6: a seat knows its own hand and everything face up (revealed cards, won contracts, points).
It knows the *set* of cards the other seats hold together (the whole cut Offer deck is dealt, so
they hold what it has not seen), but not who holds which; it does not know the Contract deck's
order, the People deck's order, nor the RNG's future. ``deal`` re-deals exactly those from the
bot's generator: the other seats' cards pooled and dealt back at the same sizes, both decks
shuffled, a new seed. Everything is sorted before it is shuffled, so the deal depends on the
generator and on what the seat knows, never on where the hidden cards really are. With two
players the pool is the one opponent's hand: it is dealt back unchanged, as the seat can deduce
it (L11.6).

``Lobbys.determinized`` applies a deal to the position at the start of the step in progress
(a copy's checkpoint), so every fork of the copy keeps it and the copy holds no trace of the
real hidden cards.
"""

from __future__ import annotations

import random

from .cards import Card, Contract
from .position import LobbysPosition
from ...values import value


@value
class Deal:
    """What a re-deal decides: the other seats' hands (by seat index), the Contract deck (top
    last), the People deck, the seed of the game's future shuffles."""

    hands: tuple[tuple[int, tuple[Card, ...]], ...]
    contract_deck: tuple[Contract, ...]
    people_deck: tuple[Card, ...]
    seed: int


def deal(pos: LobbysPosition, seat: int, rng: random.Random) -> Deal:
    """A re-deal of all that seat ``seat`` cannot know in ``pos``, drawn from ``rng``."""
    others = [s for s in pos.seats if s != seat]
    pool = sorted((c for s in others for c in pos.hands[s]), key=_card_key)
    rng.shuffle(pool)
    hands, at = [], 0
    for s in others:
        n = len(pos.hands[s])
        hands.append((s, tuple(sorted(pool[at:at + n], key=_card_key))))  # hands are kept sorted
        at += n
    contracts = sorted(pos.contract_deck, key=_contract_key)
    rng.shuffle(contracts)
    people = sorted(pos.people_deck, key=_card_key)
    rng.shuffle(people)
    return Deal(tuple(hands), tuple(contracts), tuple(people), rng.getrandbits(64))


def redealt(pos: LobbysPosition, d: Deal) -> LobbysPosition:
    """A copy of ``pos`` with the deal ``d`` in place of the hidden cards (``pos`` unchanged)."""
    out = pos.copy()
    for s, hand in d.hands:
        out.hands[s] = list(hand)
    out.contract_deck = list(d.contract_deck)
    out.people_deck = list(d.people_deck)
    return out


def _card_key(c: Card) -> tuple[int, int]:
    return c.sort_key


def _contract_key(c: Contract) -> tuple[int, int]:
    return c.sort_key
