"""End-of-round scoring (L7) and the end of the game (L8, ruling L11.1)."""

from __future__ import annotations

from typing import Final, Sequence

from ...values import value
from .cards import FACES, SUITS, Card, Contract, Face, Suit
from .data import LobbysData


@value  # a frozen dataclass made fast: one per seat, per round, per search trial
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


@value
class RoundScore:
    round: int
    scores: tuple[SeatScore, ...]  # by seat


#: The three contracts of each suit (made once: a search scores rounds many times).
_SUIT_CONTRACTS: Final = {s: frozenset(Contract(s, f) for f in FACES) for s in SUITS}


def score_round(won: Sequence[Sequence[Contract]], leftovers: Sequence[Sequence[Card]],
                data: LobbysData) -> tuple[SeatScore, ...]:
    """L7.1–L7.4 for every seat, from the contracts each won and the cards left in each hand.

    L11.8: every contract won counts, the linked ones too. ``contract_points`` counts L7.1–L7.3
    again, without the account, for the search: a change of those rules is made in both (a
    property test in tests/lobbys/test_lobbys_scoring.py holds them to the same totals)."""
    counts = []
    for seat_won in won:  # one pass per seat (a search scores rounds by the thousand)
        count = dict.fromkeys(FACES, 0)
        for c in seat_won:
            count[c.face] += 1
        counts.append(count)
    shares: list[list[tuple[Face, int]]] = [[] for _ in won]
    for face in FACES:
        most = max([c[face] for c in counts], default=0)
        if most == 0:
            continue  # nobody won one: no majority (cannot happen after six tenders)
        leaders = [seat for seat, c in enumerate(counts) if c[face] == most]
        for seat in leaders:
            shares[seat].append((face, data.majority_points[len(leaders)]))
    out = []
    for seat, seat_won in enumerate(won):
        everywhere = 0 not in counts[seat].values()  # once, however many of each (L7.2)
        held = set(seat_won)
        partisan = tuple([s for s in SUITS if held.issuperset(_SUIT_CONTRACTS[s])])
        out.append(SeatScore(
            seat=seat,
            majorities=tuple(shares[seat]),
            omnipresence=data.omnipresence_points if everywhere else 0,
            partisan=partisan,
            partisan_points=data.partisan_points * len(partisan),
            loss=sum([c.rank for c in leftovers[seat]]),
        ))
    return tuple(out)


#: Where each contract counts in ``contract_points``' tally of a seat: its face's, then its suit's place.
_TALLY: Final = {Contract(s, f): (i, len(FACES) + j) for j, s in enumerate(SUITS) for i, f in enumerate(FACES)}


def contract_points(won: Sequence[Sequence[Contract]], data: LobbysData) -> list[int]:
    """Each seat's points from the contracts it won (L7.1–L7.3): ``score_round``'s totals with no
    card left in hand, without the item by item account. A search's evaluation asks for them at
    every position it looks at."""
    n_faces = len(FACES)
    tallies = []
    for seat_won in won:
        t = [0] * (n_faces + len(SUITS))  # how many of each face, then of each suit
        for c in seat_won:
            f, s = _TALLY[c]
            t[f] += 1
            t[s] += 1
        tallies.append(t)
    points = [0] * len(won)
    majority = data.majority_points
    for f in range(n_faces):
        most = max([t[f] for t in tallies], default=0)
        if most:
            leaders = [seat for seat, t in enumerate(tallies) if t[f] == most]
            for seat in leaders:
                points[seat] += majority[len(leaders)]
    omnipresence, partisan = data.omnipresence_points, data.partisan_points
    for seat, t in enumerate(tallies):
        if all(t[:n_faces]):
            points[seat] += omnipresence
        # Each contract is one card: three of a suit are its J, Q and K (L7.3).
        points[seat] += partisan * t[n_faces:].count(n_faces)
    return points


def winners(points: Sequence[int]) -> tuple[int, ...]:
    """L8.1 with ruling L11.1: every seat with the most points wins (a tie shares the win)."""
    best = max(points)
    return tuple(seat for seat, p in enumerate(points) if p == best)
