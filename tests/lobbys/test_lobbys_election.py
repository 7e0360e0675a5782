"""The election (L5): votes, payment, the winner, its tie-breaks and "no trump"."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cmdsl.errors import IllegalAnswer
from cmdsl.games.lobbys import ElectedBy, Phase, Suit, apply_picks, card, hold_election
from cmdsl.games.lobbys.picks import Pick

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def test_L5_2_a_card_gives_its_rank_in_votes_to_the_party_of_its_suit(picks) -> None:
    e = hold_election(picks("AH 7H 3S 10D 2D"))
    assert dict(e.votes) == {H: 8, D: 12, C: 0, S: 3}


def test_L5_4_the_party_with_most_votes_is_trump(picks) -> None:
    e = hold_election(picks("AH 7H 3S 9D"))
    assert (e.trump, e.decided_by) == (D, ElectedBy.MOST_VOTES)


def test_L5_4_more_votes_beat_more_cards(picks) -> None:
    e = hold_election(picks("AH 2H 4H 8S"))
    assert (e.trump, e.decided_by) == (S, ElectedBy.MOST_VOTES)


def test_L5_5_1_a_tie_of_votes_goes_to_the_party_with_more_cards(picks) -> None:
    e = hold_election(picks("AH 5H 6S"))
    assert (e.trump, e.decided_by) == (H, ElectedBy.MOST_CARDS)


def test_L5_5_2_then_to_the_party_with_the_single_highest_card(picks) -> None:
    e = hold_election(picks("AH 5H 2S 4S"))
    assert (e.trump, e.decided_by) == (H, ElectedBy.HIGHEST_CARD)


def test_L5_5_3_still_tied_there_is_no_government_and_no_trump(picks) -> None:
    e = hold_election(picks("3H 3D"))
    assert (e.trump, e.decided_by) == (None, ElectedBy.NO_GOVERNMENT)
    e = hold_election(picks("AH 4H 2S 3S 5C 3D"))  # ♥ and ♠: 5 votes, 2 cards, highest 4
    assert (e.trump, e.decided_by) == (H, ElectedBy.HIGHEST_CARD)
    e = hold_election(picks("AH 4H AS 4S"))  # ♥ and ♠: 5 votes, 2 cards, highest 4 each
    assert (e.trump, e.decided_by) == (None, ElectedBy.NO_GOVERNMENT)


def test_L5_5_ties_are_broken_only_among_the_parties_tied_for_most_votes(picks) -> None:
    e = hold_election(picks("6H 6D AS 2S 3S"))  # a three-way tie at 6: ♠ has the most cards
    assert (e.trump, e.decided_by) == (S, ElectedBy.MOST_CARDS)
    e = hold_election(picks("7H 7D AS 2S 3S"))  # ♠ has the most cards but fewer votes: not in the tie
    assert (e.trump, e.decided_by) == (None, ElectedBy.NO_GOVERNMENT)


def test_L11_4_the_top_total_is_at_least_one(picks) -> None:
    e = hold_election(picks("AS"))
    assert (e.trump, e.decided_by) == (S, ElectedBy.MOST_VOTES)


def test_L5_3_every_voter_pays_its_rank_whoever_wins_and_L5_6_votes_are_discarded(build) -> None:
    pos = build(3, hands=["AH 2H", "9D 3S", "4C 5C"], points=[100, 90, 80])
    step = apply_picks(pos, {0: card("2H"), 1: card("9D"), 2: card("4C")}, random.Random(0))
    after = step.position
    assert after.points == [98, 81, 76]
    assert after.trump is D and after.phase is Phase.TENDER
    assert sorted(after.election_pile, key=lambda c: c.sort_key) == [card("2H"), card("9D"), card("4C")]
    assert after.hands == [[card("AH")], [card("3S")], [card("5C")]]


def test_L5_6_seven_cards_are_left_after_the_election(build) -> None:
    pos = build(4)
    step = apply_picks(pos, {s: pos.hands[s][0] for s in pos.seats}, random.Random(0))
    assert [len(h) for h in step.position.hands] == [7, 7, 7, 7]


def test_L5_1_voting_is_compulsory_every_seat_must_pick(build) -> None:
    pos = build(3)
    before = pos.copy()
    with pytest.raises(IllegalAnswer, match="seat\\(s\\) 2"):
        apply_picks(pos, {0: pos.hands[0][0], 1: pos.hands[1][0]}, random.Random(0))
    assert pos == before


def test_L5_1_a_vote_must_come_from_the_hand(build) -> None:
    pos = build(2, hands=["AH 2H", "3S 4S"])
    with pytest.raises(IllegalAnswer, match="does not hold 3♠"):
        apply_picks(pos, {0: card("3S"), 1: card("4S")}, random.Random(0))


def _elected_step_by_step(votes: list, people: list) -> tuple[Suit | None, ElectedBy]:
    """L5.4, L10.4, L5.5 read literally: each criterion in turn keeps only the parties tied for
    its best among those still tied; the first that leaves one party decides."""
    suits = list(Suit)
    def people_of(s: Suit) -> int:
        return sum(c.suit is s for c in people) ** 2  # L10.2

    criteria = [
        (ElectedBy.MOST_VOTES, lambda s: sum(c.rank for c in votes if c.suit is s) + people_of(s)),
        (ElectedBy.PEOPLE_VOTE, people_of),
        (ElectedBy.MOST_CARDS, lambda s: sum(c.suit is s for c in votes)),  # L11.3: players' cards only
        (ElectedBy.HIGHEST_CARD, lambda s: max((c.rank for c in votes if c.suit is s), default=0)),
    ]
    tied = suits
    for by, key in criteria:
        best = max(key(s) for s in tied)
        tied = [s for s in tied if key(s) == best]
        if len(tied) == 1:
            return tied[0], by
    return None, ElectedBy.NO_GOVERNMENT


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_L5_4_L5_5_L10_4_the_winner_is_the_criteria_applied_one_after_the_other(data) -> None:
    deck = [card(f"{r}{s}") for s in "HDCS" for r in ("A", *map(str, range(2, 11)))]
    chosen = data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=5, unique=True))
    rest = [c for c in deck if c not in chosen]
    people = data.draw(st.lists(st.sampled_from(rest), max_size=4, unique=True)) if rest else []
    e = hold_election(tuple(Pick(seat, c) for seat, c in enumerate(chosen)), people)
    assert (e.trump, e.decided_by) == _elected_step_by_step(chosen, people)
