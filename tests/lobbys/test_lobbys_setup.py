"""Components and setup (L1, L3, L4), the game's structure (L2) and the step interface."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cmdsl.errors import IllegalAnswer
from cmdsl.games.lobbys import (Face, LobbysData, Phase, PickKind, Suit, apply_picks, card, contract, legal_picks,
                                new_game, pick_kind, seats_to_pick)
from cmdsl.games.lobbys.cards import contract_cards


@pytest.mark.parametrize("players, top, removed", [(5, 10, 0), (4, 8, 8), (3, 6, 16), (2, 4, 24)])
def test_L1_4_the_offer_deck_is_cut_by_player_count_to_8_cards_each(data: LobbysData, players: int, top: int,
                                                                     removed: int) -> None:
    deck = data.offer_deck(players)
    assert len(deck) == 8 * players == len(set(deck))
    assert max(c.rank for c in deck) == top and min(c.rank for c in deck) == 1
    assert Counter(c.suit for c in deck) == {s: top for s in Suit}
    # L3.2: the removed cards are the higher ranks, set aside for the variant (L10.1).
    people = data.people_cards(players)
    assert len(people) == removed and all(c.rank > top for c in people)
    assert set(deck) | set(people) == {card(f"{r}{s}") for r in ["A", *map(str, range(2, 11))] for s in "HDCS"}


def test_L1_4_other_player_counts_are_refused(data: LobbysData) -> None:
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            new_game(data, n, random.Random(0))


def test_L1_2_hearts_and_diamonds_are_related_and_so_are_clubs_and_spades(data: LobbysData) -> None:
    H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES
    assert dict(data.related) == {H: D, D: H, C: S, S: C}


def test_L1_3_the_12_face_cards_are_the_contracts_of_three_types(data: LobbysData) -> None:
    deck = contract_cards()
    assert len(deck) == len(set(deck)) == 12
    assert Counter(c.face for c in deck) == {Face.JACK: 4, Face.QUEEN: 4, Face.KING: 4}
    assert dict(data.contract_types) == {Face.JACK: "Agriculture", Face.QUEEN: "Services", Face.KING: "Industry"}


def test_L1_5_and_L3_3_every_player_starts_with_100_points(data: LobbysData) -> None:
    assert new_game(data, 4, random.Random(0)).points == [100] * 4


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_L4_1_the_whole_cut_deck_is_dealt_8_each_and_L4_2_the_12_contracts_are_shuffled(data: LobbysData,
                                                                                     players: int) -> None:
    pos = new_game(data, players, random.Random(players))
    assert [len(h) for h in pos.hands] == [8] * players
    assert sorted((c for h in pos.hands for c in h), key=lambda c: c.sort_key) == list(data.offer_deck(players))
    assert sorted(pos.contract_deck, key=lambda c: c.sort_key) == list(contract_cards())
    orders = {tuple(new_game(data, players, random.Random(seed)).contract_deck) for seed in range(5)}
    assert len(orders) > 1  # shuffled by the RNG, not dealt in a fixed order
    assert (pos.round, pos.phase, pos.trump) == (1, Phase.ELECTION, None)


def test_L2_1_a_game_is_3_rounds_of_an_election_and_6_tenders(data: LobbysData) -> None:
    rng = random.Random(5)
    pos = new_game(data, 3, rng)
    kinds: list[tuple[int, PickKind | None]] = []
    while seats_to_pick(pos):
        kinds.append((pos.round, pick_kind(pos)))
        pos = apply_picks(pos, {s: rng.choice(legal_picks(pos, s)) for s in seats_to_pick(pos)}, rng).position
    assert kinds == [(r, k) for r in (1, 2, 3) for k in [PickKind.VOTE] + [PickKind.OFFER] * 6]
    assert pick_kind(pos) is None and legal_picks(pos, 0) == ()


def test_L2_2_every_seat_picks_at_once_from_its_whole_hand(data: LobbysData) -> None:
    pos = new_game(data, 5, random.Random(1))
    assert seats_to_pick(pos) == (0, 1, 2, 3, 4)
    assert all(legal_picks(pos, s) == tuple(pos.hands[s]) for s in pos.seats)


def test_L11_7_picks_are_applied_all_together_or_not_at_all(data: LobbysData) -> None:
    pos = new_game(data, 3, random.Random(1))
    before = pos.copy()
    good = {s: pos.hands[s][0] for s in pos.seats}
    for bad, reason in [({**good, 3: good[0]}, "no such seat"), ({0: good[0]}, "must pick"),
                        ({**good, 1: pos.hands[0][1]}, "does not hold")]:
        with pytest.raises(IllegalAnswer, match=reason):
            apply_picks(pos, bad, random.Random(0))
        assert pos == before
    over = before.copy()
    over.phase = Phase.OVER
    with pytest.raises(IllegalAnswer, match="over"):
        apply_picks(over, good, random.Random(0))


def test_applying_picks_never_changes_the_given_position(data: LobbysData) -> None:
    rng = random.Random(2)
    pos = new_game(data, 4, rng, people_variant=True)
    while seats_to_pick(pos):
        before = pos.copy()
        nxt = apply_picks(pos, {s: legal_picks(pos, s)[-1] for s in pos.seats}, rng).position
        assert pos == before and nxt != pos
        pos = nxt


def test_copy_is_complete_and_shares_nothing_that_changes(data: LobbysData) -> None:
    pos = new_game(data, 3, random.Random(4), people_variant=True)
    c = pos.copy()
    assert c == pos and c is not pos
    for name, value in vars(pos).items():
        if isinstance(value, list):
            assert getattr(c, name) is not value, name
            for i, inner in enumerate(value):
                if isinstance(inner, list):
                    assert getattr(c, name)[i] is not inner, (name, i)
    c.hands[0].pop()
    c.won[1].append(contract("QH"))
    c.points[2] += 1
    c.people_deck.pop()
    assert c != pos and len(pos.hands[0]) == 8 and pos.won[1] == [] and pos.points[2] == 100


def test_the_same_seed_and_picks_give_the_same_game(data: LobbysData) -> None:
    def play(seed: int) -> tuple:
        rng = random.Random(seed)
        pos = new_game(data, 4, rng, people_variant=True)
        results = []
        while seats_to_pick(pos):
            step = apply_picks(pos, {s: legal_picks(pos, s)[0] for s in pos.seats}, rng)
            pos, results = step.position, results + list(step.results)
        return tuple(results)

    assert play(9) == play(9)
    assert play(9) != play(10)


def test_cards_are_named_by_stable_ids() -> None:
    assert card("AH").rank == 1 and card("10♦").id == "10D" and str(card("7S")) == "7♠"
    assert contract("QC").id == "QC" and str(contract("KH")) == "K♥"
    with pytest.raises(ValueError, match="face card"):
        card("QH")
    with pytest.raises(ValueError, match="not a card"):
        card("11H")
