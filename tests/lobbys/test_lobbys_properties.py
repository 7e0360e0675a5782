"""Properties over random legal games of 2–5 players, with and without the People variant:
after every step the cards and contracts are where they should be, and every point is accounted
for (L1.5: points = 100 − votes paid (L5.3) + tender income (L6.4) + round scoring (L7))."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cmdsl.games.lobbys import (LobbysData, LobbysPosition, Phase, PickKind, RoundScore, Tender, apply_picks,
                                legal_picks, load_data, new_game, pick_kind, seats_to_pick)
from cmdsl.games.lobbys.cards import contract_cards

DATA: LobbysData = load_data()


def check_partitions(pos: LobbysPosition) -> None:
    # The offer cards of the round: hands + election pile + offers played (L4.1, L5.6, L6.5).
    offer_cards = [c for h in pos.hands for c in h] + pos.election_pile + pos.offer_pile
    assert Counter(offer_cards) == Counter(DATA.offer_deck(pos.players))
    # The People cards (L10.1, L11.2): face down or drawn at the last election.
    assert Counter(pos.people_deck + pos.people_drawn) == Counter(DATA.people_cards(pos.players)
                                                                   if pos.people_variant else ())
    # The 12 contracts (L1.3): deck + the two turned up + won.
    contracts = pos.contract_deck + list(pos.contract_offer or ()) + [c for w in pos.won for c in w]
    assert Counter(contracts) == Counter(contract_cards())
    # How many cards are in each hand at each moment (L4.1, L5.6, L6.6).
    if pos.phase is Phase.ELECTION:
        assert all(len(h) == DATA.hand_size for h in pos.hands) and pos.contract_offer is None
    elif pos.phase is Phase.TENDER:
        assert all(len(h) == DATA.hand_size - 1 - pos.tenders_done for h in pos.hands)
        assert pos.contract_offer is not None
        assert len(pos.contract_deck) == 12 - 2 * (pos.tenders_done + 1)


@given(players=st.integers(2, 5), variant=st.booleans(), seed=st.integers(0, 2**32), choices=st.data())
def test_partitions_and_points_hold_after_every_step(players: int, variant: bool, seed: int,
                                                      choices: st.DataObject) -> None:
    variant = variant and players < 5  # L10.1
    rng = random.Random(seed)
    pos = new_game(DATA, players, rng, people_variant=variant)
    paid = [0] * players
    income = [0] * players
    scored = [0] * players
    steps = 0
    check_partitions(pos)
    while seats_to_pick(pos):
        chosen = {s: choices.draw(st.sampled_from(legal_picks(pos, s)), label=f"seat {s}")
                  for s in seats_to_pick(pos)}
        if pick_kind(pos) is PickKind.VOTE:
            for s, c in chosen.items():
                paid[s] += c.rank  # the test's own count of L5.3, from its own picks
        step = apply_picks(pos, chosen, rng)
        for r in step.results:
            if isinstance(r, Tender):
                assert chosen[r.winner.seat] == r.winner.card
                income[r.winner.seat] += r.winner.card.rank
            elif isinstance(r, RoundScore):
                for s in r.scores:
                    scored[s.seat] += s.total
        pos = step.position
        steps += 1
        check_partitions(pos)
        assert pos.points == [DATA.starting_points - paid[s] + income[s] + scored[s] for s in range(players)]
        assert min(pos.points) >= 40  # L11.5: no debt rule is needed
    assert steps == 3 * 7  # L2.1: 3 rounds × (1 election + 6 tenders), for every seat at once
