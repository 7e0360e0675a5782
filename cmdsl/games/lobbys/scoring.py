"""End-of-round scoring (L7) and the end of the game (L8, ruling L11.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Sequence

from .cards import FACES, SUITS, Card, Contract, Face, Suit
from .data import LobbysData


@dataclass(frozen=True)
class SeatScore:
    """One seat's end-of-round scoring, item by item."""

    seat: int
    majorities: tuple[tuple[Face, int], ...]  # L7.1: the types it has (a share of) the majority of
    omnipresence: int  # L7.2
    partisan: tuple[Suit, ...]  # L7.3: the suits it holds J, Q and K of
    partisan_points: int
    loss: int  # L7.4: the rank of the card(s) left in hand, as a positive number

    @property
    def total(self) -> int:
        return sum(p for _, p in self.majorities) + self.omnipresence + self.partisan_points - self.loss


@dataclass(frozen=True)
class RoundScore:
    round: int
    scores: tuple[SeatScore, ...]  # by seat


#: The three contracts of each suit (made once: a search scores rounds many times).
_SUIT_CONTRACTS: Final = {s: frozenset(Contract(s, f) for f in FACES) for s in SUITS}


def score_round(won: Sequence[Sequence[Contract]], leftovers: Sequence[Sequence[Card]],
                data: LobbysData) -> tuple[SeatScore, ...]:
    """L7.1–L7.4 for every seat, from the contracts each won and the cards left in each hand.

    L11.8: every contract won counts, the linked ones too."""
    counts = [{f: sum(1 for c in seat_won if c.face is f) for f in FACES} for seat_won in won]
    shares: list[list[tuple[Face, int]]] = [[] for _ in won]
    for face in FACES:
        most = max((c[face] for c in counts), default=0)
        if most == 0:
            continue  # nobody won one: no majority (cannot happen after six tenders)
        leaders = [seat for seat, c in enumerate(counts) if c[face] == most]
        for seat in leaders:
            shares[seat].append((face, data.majority_points[len(leaders)]))
    out = []
    for seat, seat_won in enumerate(won):
        everywhere = all(counts[seat][f] >= 1 for f in FACES)  # once, however many of each (L7.2)
        held = set(seat_won)
        partisan = tuple(s for s in SUITS if held.issuperset(_SUIT_CONTRACTS[s]))
        out.append(SeatScore(
            seat=seat,
            majorities=tuple(shares[seat]),
            omnipresence=data.omnipresence_points if everywhere else 0,
            partisan=partisan,
            partisan_points=data.partisan_points * len(partisan),
            loss=sum(c.rank for c in leftovers[seat]),
        ))
    return tuple(out)


def winners(points: Sequence[int]) -> tuple[int, ...]:
    """L8.1 with ruling L11.1: every seat with the most points wins (a tie shares the win)."""
    best = max(points)
    return tuple(seat for seat, p in enumerate(points) if p == best)
