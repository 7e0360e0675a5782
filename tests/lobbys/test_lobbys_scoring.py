"""End-of-round scoring (L7), the worked example (L9) and the end of the game (L8, L11.1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cmdsl.games.lobbys import (Face, GameOver, LobbysData, Phase, RoundScore, Suit, apply_picks, card, contract,
                                score_round, winners)
from cmdsl.games.lobbys.cards import contract_cards
from cmdsl.games.lobbys.scoring import contract_points

J, Q, K = Face.JACK, Face.QUEEN, Face.KING


def won(*texts: str) -> list[list]:
    return [[contract(t) for t in text.split()] for text in texts]


def hands(*texts: str) -> list[list]:
    return [[card(t) for t in text.split()] for text in texts]


def test_L9_the_worked_example_scores_56_for_john(data: LobbysData) -> None:
    """L9.6: the post says 44, but its own items (24 + 12 + 24 − 4) make 56, as L7 does."""
    john, paul = score_round(won("JH JD JC JS QH QS KH KS", "QD QC KD KC"), hands("4C", "7D"), data)
    assert john.majorities == ((J, 12), (Q, 6), (K, 6))  # L9.2
    assert john.omnipresence == 12  # L9.3: once, though John has two of each type
    assert (john.partisan, john.partisan_points) == ((Suit.HEARTS, Suit.SPADES), 24)  # L9.4
    assert john.loss == 4  # L9.5
    assert john.total == 56
    # Paul: 6 + 6, no omnipresence and no partisan (no Jack), minus his 8th card.
    assert (paul.majorities, paul.omnipresence, paul.partisan, paul.loss) == (((Q, 6), (K, 6)), 0, (), 7)
    assert paul.total == 12 - 7


def test_L7_1_the_most_contracts_of_a_type_score_12(data: LobbysData) -> None:
    a, b, c = score_round(won("JH JD QH", "JC KH KD KC", "QS QD KS JS"), hands("", "", ""), data)
    assert a.majorities == ((J, 12),)  # 2 Jacks against 1 and 1
    assert b.majorities == ((K, 12),)  # 3 Kings against 1
    assert c.majorities == ((Q, 12),)  # 2 Queens against 1


@pytest.mark.parametrize("tied, each", [(2, 6), (3, 4), (4, 3)])
def test_L7_1_a_shared_majority_splits_the_12(data: LobbysData, tied: int, each: int) -> None:
    jacks = ["JH", "JD", "JC", "JS"]
    texts = [jacks[i] if i < tied else "" for i in range(5)]
    if tied == 2:
        texts = ["JH JD", "JC JS", "", "", ""]
    scores = score_round(won(*texts), hands(*[""] * 5), data)
    assert [dict(s.majorities).get(J, 0) for s in scores] == [each] * tied + [0] * (5 - tied)


def test_L7_2_omnipresence_needs_one_of_each_type_and_scores_once(data: LobbysData) -> None:
    one_each, all_twice, no_king = score_round(won("JH QD KC", "JD JC QH QC KH KD", "JS QS"), hands("", "", ""), data)
    assert one_each.omnipresence == 12
    assert all_twice.omnipresence == 12
    assert no_king.omnipresence == 0


def test_L7_3_partisan_scores_12_per_suit_held_whole(data: LobbysData) -> None:
    three, one, none = score_round(won("JH QH KH JD QD KD JC QC KC", "JS QS KS", ""), hands("", "", ""), data)
    assert (three.partisan, three.partisan_points) == ((Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), 36)
    assert (one.partisan, one.partisan_points) == ((Suit.SPADES,), 12)
    assert none.partisan_points == 0


def test_L7_3_partisan_needs_all_three_faces_of_the_same_suit(data: LobbysData) -> None:
    (s,) = score_round(won("JH QH KD"), hands(""), data)
    assert s.partisan == () and s.omnipresence == 12


def test_L7_4_the_card_left_in_hand_is_lost(data: LobbysData) -> None:
    a, b = score_round(won("", ""), hands("10S", "AH"), data)
    assert (a.loss, a.total) == (10, -10)
    assert (b.loss, b.total) == (1, -1)


def test_L11_8_the_linked_contract_counts_like_the_main_one(build) -> None:
    """The winner of a tender keeps both cards (L6.4), and both count at L7."""
    pos = build(2, hands=["2H 3C", "AS 3S"], offer="QH KS", deck="", trump=Suit.SPADES, tenders_done=5,
                won=won("JH JD QD KD JC", "QC KC QS KH JS"))
    step = apply_picks(pos, {0: card("2H"), 1: card("AS")}, random.Random(0))
    score = next(r for r in step.results if isinstance(r, RoundScore))
    # Seat 1 won QH (main) and KS (linked): 3 Queens, 3 Kings, partisan ♠ with J♠ Q♠ K♠.
    assert dict(score.scores[1].majorities) == {Q: 12, K: 12}
    assert score.scores[1].partisan == (Suit.SPADES,)


def test_L7_the_round_end_adds_the_scores_and_L7_5_deals_the_next_round(build) -> None:
    pos = build(2, hands=["2H 3C", "AS 3S"], offer="QH KS", deck="", trump=Suit.SPADES, tenders_done=5,
                won=won("JH JD QD KD JC", "QC KC QS KH JS"), points=[80, 90])
    step = apply_picks(pos, {0: card("2H"), 1: card("AS")}, random.Random(0))
    tender, score = step.results
    after = step.position
    # Seat 0: J majority 12 (3 vs 1), omnipresence 12, partisan ♦ 12, loss 3 (3♣).
    # Seat 1: +1 income (A♠); Q and K majorities 12 + 12, omnipresence 12, partisan ♠ 12, loss 3 (3♠).
    assert [s.total for s in score.scores] == [33, 45]
    assert after.points == [80 + 33, 90 + 1 + 45]
    assert (after.round, after.phase, after.tenders_done) == (2, Phase.ELECTION, 0)
    assert [len(h) for h in after.hands] == [8, 8] and len(after.contract_deck) == 12
    assert after.won == [[], []] and after.election_pile == after.offer_pile == [] and after.trump is None


def test_L8_1_after_round_3_the_richest_wins_and_L11_1_a_tie_shares_the_win(build) -> None:
    assert winners([120, 140, 90]) == (1,)
    assert winners([140, 90, 140]) == (0, 2)
    pos = build(2, hands=["2H 3C", "AS 3S"], offer="QH KS", deck="", trump=Suit.SPADES, tenders_done=5,
                won=won("JH JD QD KD JC", "QC KC QS KH JS"), round=3, points=[80, 90])
    step = apply_picks(pos, {0: card("2H"), 1: card("AS")}, random.Random(0))
    over = step.results[-1]
    assert isinstance(over, GameOver) and over.points == (113, 136) and over.winners == (1,)
    assert step.position.phase is Phase.OVER


@given(players=st.integers(2, 5), deals=st.data())
def test_L7_1_to_L7_3_contract_points_are_score_rounds_totals_with_no_card_left(
        data: LobbysData, players: int, deals: st.DataObject) -> None:
    """The search's quick count (``contract_points``) is the scoring's own total, item for item
    summed, for any way the 12 contracts (or some of them) are shared out."""
    owners = deals.draw(st.lists(st.integers(-1, players - 1), min_size=12, max_size=12))  # -1: not won yet
    shared: list[list] = [[] for _ in range(players)]
    for c, owner in zip(contract_cards(), owners):
        if owner >= 0:
            shared[owner].append(c)
    totals = [s.total for s in score_round(shared, [[] for _ in range(players)], data)]
    assert contract_points(shared, data) == totals
