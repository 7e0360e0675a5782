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


def score_round(won: Sequence[Sequence[Contract]], leftovers: Sequence[Sequence[Card]],
                data: LobbysData) -> tuple[SeatScore, ...]:
    """L7.1–L7.4 for every seat, from the contracts each won and the cards left in each hand.

    L11.8: every contract won counts, the linked ones too. ``contract_points`` counts L7.1–L7.3
    from the same tallies, without the account, for the search: a property test in
    tests/lobbys/test_lobbys_scoring.py holds the two to the same totals."""
    tallies = _tallies(won)
    majority = data.majority_points
    shares: list[list[tuple[Face, int]]] = [[] for _ in won]
    for f, leaders in _leaders(tallies):
        share = (FACES[f], majority[len(leaders)])  # shared by how many hold the majority
        for seat in leaders:
            shares[seat].append(share)
    out = []
    for seat, t in enumerate(tallies):
        partisan = tuple([suit for j, suit in enumerate(SUITS) if t[_N_FACES + j] == _N_FACES])
        out.append(SeatScore(  # seat, majorities, omnipresence, partisan, partisan_points, loss (by position: faster)
            seat, tuple(shares[seat]),
            data.omnipresence_points if all(t[:_N_FACES]) else 0,  # once, however many of each (L7.2)
            partisan, data.partisan_points * len(partisan),
            sum([c.rank for c in leftovers[seat]])))
    return tuple(out)


_N_FACES: Final = len(FACES)
#: Where each contract counts in a seat's tally: its face's place, then its suit's.
_TALLY: Final = {Contract(s, f): (i, _N_FACES + j) for j, s in enumerate(SUITS) for i, f in enumerate(FACES)}


def _tallies(won: Sequence[Sequence[Contract]]) -> list[list[int]]:
    """Per seat, how many contracts it won of each face, then of each suit. Each contract is one
    card, so three of a suit are its J, Q and K (L7.3)."""
    tallies = []
    for seat_won in won:  # one pass per seat (a search scores rounds by the thousand)
        t = [0] * (_N_FACES + len(SUITS))
        for c in seat_won:
            f, s = _TALLY[c]
            t[f] += 1
            t[s] += 1
        tallies.append(t)
    return tallies


def _leaders(tallies: list[list[int]]) -> list[tuple[int, list[int]]]:
    """L7.1: for each face (by its number) that some seat won, the seats with the most of it."""
    out = []
    for f in range(_N_FACES):
        most = max([t[f] for t in tallies], default=0)
        if most:
            out.append((f, [seat for seat, t in enumerate(tallies) if t[f] == most]))
    return out


def contract_points(won: Sequence[Sequence[Contract]], data: LobbysData) -> list[int]:
    """Each seat's points from the contracts it won (L7.1–L7.3): ``score_round``'s totals with no
    card left in hand, without the item by item account. A search's evaluation asks for them at
    every position it looks at."""
    tallies = _tallies(won)
    points = [0] * len(won)
    majority = data.majority_points
    for _, leaders in _leaders(tallies):
        share = majority[len(leaders)]
        for seat in leaders:
            points[seat] += share
    omnipresence, partisan = data.omnipresence_points, data.partisan_points
    for seat, t in enumerate(tallies):
        if all(t[:_N_FACES]):
            points[seat] += omnipresence
        points[seat] += partisan * t[_N_FACES:].count(_N_FACES)
    return points


def winners(points: Sequence[int]) -> tuple[int, ...]:
    """L8.1 with ruling L11.1: every seat with the most points wins (a tie shares the win)."""
    best = max(points)
    return tuple(seat for seat, p in enumerate(points) if p == best)
