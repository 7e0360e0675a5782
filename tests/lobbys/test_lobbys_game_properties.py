"""Properties of whole games on the driver (issue 14 item 5): seeded games of random legal picks
for 2–5 players, with and without "The People Speak" (L10, 2–4 players), watched by an observer
after every event.

After every event: the offer cards of the round are the hands, the election pile and the offers
played (L4.1, L5.6, L6.5), every hand the same size; the People cards are the People deck and
those drawn (L10.1, L11.2); the 12 contracts are the deck, the two on offer and those won (L1.3,
L6.4); a finished game has no pending decision. After every step: each seat's points are
100 − the votes it paid (L5.3) + its tender income (L6.4) + its round scoring (L7), every amount
read from the events (the rules apply a step's money at once, then it is logged event by event,
so the sum is checked once the step's events are all in). Every game ends after 21 steps with its
richest seats as winners: one, or several sharing the win (L8.1, L11.1).

The default run plays ``GAMES`` games per case (a few hundred in all, a few seconds); the deep run
(``pytest -m deep``, tests/conftest.py's long profile) plays 1,000 per player count.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import settings

from cmdsl.games.lobbys import LobbysGame, Phase
from cmdsl.games.lobbys.game import lobbys_game
from cmdsl.games.lobbys import events as E
from cmdsl.games.lobbys.cards import contract_cards
from cmdsl.game.audience import Event

from .conftest import DATA, pick_all
CASES = [(2, False), (2, True), (3, False), (3, True), (4, False), (4, True), (5, False)]
#: Games per case in the default run, and per player count in the long one (shared by its cases).
GAMES, LONG_GAMES = 50, 1000


def games_per_case(players: int) -> int:
    if settings().max_examples < 1000:  # the "modest" profile
        return GAMES
    return LONG_GAMES // sum(1 for p, _ in CASES if p == players)


class Watcher:
    """The observer: checks the partitions after every event, and tallies the money moved."""

    def __init__(self, players: int) -> None:
        self.paid = [0] * players
        self.income = [0] * players
        self.scored = [0] * players
        self.events = 0
        self.ended: E.GameEnded | None = None

    def __call__(self, game: LobbysGame, event: Event) -> None:
        self.events += 1
        pos = game.position.lobbys
        n = pos.players
        offer_cards = [c for h in pos.hands for c in h] + pos.election_pile + pos.offer_pile
        assert Counter(offer_cards) == Counter(DATA.offer_deck(n)), event
        assert len({len(h) for h in pos.hands}) == 1, event
        people = DATA.people_cards(n) if pos.people_variant else ()
        assert Counter(pos.people_deck + pos.people_drawn) == Counter(people), event
        contracts = pos.contract_deck + list(pos.contract_offer or ()) + [c for w in pos.won for c in w]
        assert Counter(contracts) == Counter(contract_cards()), event
        assert (pos.contract_offer is not None) == (pos.phase is Phase.TENDER), event
        if isinstance(event, E.VotesRevealed):
            for seat, card in event.picks:
                self.paid[seat.index] += card.rank
        elif isinstance(event, E.TenderWon):
            self.income[event.seat.index] += event.income
            assert event.income == event.card.rank
        elif isinstance(event, E.RoundScored):
            for line in event.lines:
                self.scored[line.seat.index] += line.total
        elif isinstance(event, E.GameEnded):
            assert self.ended is None and game.result is event and not game.pending_decisions
            self.ended = event

    def expected_points(self) -> list[int]:
        return [DATA.starting_points - p + i + s for p, i, s in zip(self.paid, self.income, self.scored)]


def play(seed: int, players: int, variant: bool) -> tuple[LobbysGame, Watcher]:
    watcher = Watcher(players)
    g = lobbys_game(seed, players, people_variant=variant, data=DATA, observer=watcher)
    rng = random.Random(seed)
    steps = 0
    while not g.over:
        assert len(g.pending_decisions) == players  # L2.2: every seat at once
        pick_all(g, rng)
        steps += 1
        assert list(g.position.lobbys.points) == watcher.expected_points()
    assert steps == 21 and g.turn == 21  # L2.1: 3 rounds of 1 election and 6 tenders
    return g, watcher


# each case again in the deep run, at the long profile's count of games (tests/conftest.py)
@pytest.mark.parametrize("players, variant", [*CASES, *(pytest.param(*case, marks=pytest.mark.deep, id=f"{case[0]}-{case[1]}-long")
                                              for case in CASES)])
def test_random_games_keep_every_card_and_point_in_place(players: int, variant: bool) -> None:
    for seed in range(games_per_case(players)):
        g, watcher = play(seed * 7919 + players, players, variant)
        r = g.result
        assert r is not None and watcher.ended is r and watcher.events == len(g.events)
        assert list(r.points) == watcher.expected_points() == g.position.lobbys.points
        best = max(r.points)
        assert r.winners == tuple(s for s in g.seats if r.points_of(s) == best) and r.winners  # L8.1, L11.1
        assert (r.winner is not None) == (len(r.winners) == 1)
        assert min(r.points) >= 40  # L11.5
