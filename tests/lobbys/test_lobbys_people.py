"""The variant "The People Speak" (L10) with the rulings L11.2 and L11.3."""

from __future__ import annotations

import random

import pytest

from cmdsl.games.lobbys import ElectedBy, LobbysData, Phase, Suit, apply_picks, card, hold_election, new_game
from cmdsl.games.lobbys.election import people_votes

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def cards(text: str) -> list:
    return [card(t) for t in text.split()]


def test_L10_1_the_variant_cannot_be_played_at_5_players(data: LobbysData) -> None:
    with pytest.raises(ValueError, match="People"):
        new_game(data, 5, random.Random(0), people_variant=True)


@pytest.mark.parametrize("players, size", [(2, 24), (3, 16), (4, 8)])
def test_L10_1_the_removed_cards_are_the_people_deck(data: LobbysData, players: int, size: int) -> None:
    pos = new_game(data, players, random.Random(0), people_variant=True)
    assert sorted(pos.people_deck, key=lambda c: c.sort_key) == list(data.people_cards(players))
    assert len(pos.people_deck) == size and pos.people_drawn == []


def test_L10_2_each_party_gains_the_square_of_its_people_cards_ranks_ignored() -> None:
    assert people_votes(cards("9C 10C 7C")) == {H: 0, D: 0, C: 9, S: 0}
    assert people_votes(cards("10H 9D 9C 10S")) == {H: 1, D: 1, C: 1, S: 1}
    e = hold_election(tuple(_picks("2H AC")), cards("9C 10C 7C"))
    assert dict(e.votes) == {H: 2, D: 0, C: 10, S: 0} and e.trump is C


def _picks(text: str):
    from cmdsl.games.lobbys import Pick

    return [Pick(i, c) for i, c in enumerate(cards(text))]


@pytest.mark.parametrize("players, most", [(4, 4), (3, 9), (2, 4)])
def test_L10_3_the_most_people_votes_a_party_can_get(data: LobbysData, players: int, most: int) -> None:
    """One draw is ``players`` cards; the best a party can do is all its People cards, up to that."""
    people = data.people_cards(players)
    for suit in Suit:
        of_suit = [c for c in people if c.suit is suit]
        assert people_votes(of_suit[:players])[suit] == most


def test_L10_2_the_election_draws_one_people_card_per_player(data: LobbysData) -> None:
    rng = random.Random(3)
    pos = new_game(data, 3, rng, people_variant=True)
    step = apply_picks(pos, {s: pos.hands[s][0] for s in pos.seats}, rng)
    (election,) = step.results
    assert len(election.people) == 3 and step.position.people_drawn == list(election.people)
    assert set(election.people) <= set(data.people_cards(3))


def test_L10_4_a_tie_is_broken_first_by_the_people_vote() -> None:
    # ♥ 3 + 1 (one People card) = 4 = ♠ 4. Both have one player card, ♠ the higher one: without the
    # People vote first, ♠ would win.
    e = hold_election(tuple(_picks("3H 4S")), cards("9H 10D"))
    assert dict(e.votes)[H] == 4 == dict(e.votes)[S]
    assert (e.trump, e.decided_by) == (H, ElectedBy.PEOPLE_VOTE)


def test_L10_4_then_the_usual_criteria() -> None:
    e = hold_election(tuple(_picks("AH 2H 2S AS 2D")), cards("9H 9S"))  # ♥ = ♠ = 4, People 1 each, 2 cards each
    assert (e.trump, e.decided_by) == (None, ElectedBy.NO_GOVERNMENT)
    e = hold_election(tuple(_picks("AH 3H 4S 2D")), cards("9H 9S"))  # ♥ 5 = ♠ 5, People 1 each; ♥ has 2 cards
    assert (e.trump, e.decided_by) == (H, ElectedBy.MOST_CARDS)


def test_L11_3_most_cards_counts_only_the_players_cards() -> None:
    e = hold_election(tuple(_picks("4C 2D AD")), cards("9S 10S 9H"))
    # ♠ 4 (People only, 2 cards) and ♣ 4 and ♦ 3: ♠ and ♣ tie, People vote ♠ 4 > ♣ 0.
    assert (e.trump, e.decided_by) == (S, ElectedBy.PEOPLE_VOTE)
    e = hold_election(tuple(_picks("3C AD 2D")), cards("9C 9D 10H"))
    # ♣ 3+1 = 4, ♦ 3+1 = 4, People 1 each; players' cards: ♣ 1, ♦ 2 (People cards not counted).
    # ♣ 3+1 = 4, ♦ 3+1 = 4, People 1 each; players' cards: ♣ 1, ♦ 2 (People cards not counted).
    assert (e.trump, e.decided_by) == (D, ElectedBy.MOST_CARDS)


def test_L10_2_and_L11_3_people_card_ranks_never_count_not_even_for_the_highest_card() -> None:
    e = hold_election(tuple(_picks("AH 4H 2S 3S")), cards("9H 10S"))
    # ♥ 5+1 = ♠ 5+1, People 1 each, 2 player cards each; highest player card ♥ 4 > ♠ 3 (10♠ is People's).
    assert (e.trump, e.decided_by) == (H, ElectedBy.HIGHEST_CARD)


def test_L11_2_every_election_reshuffles_all_people_cards_before_drawing(data: LobbysData) -> None:
    """At 4 players the 8 People cards could not give 4 new cards at each of 3 elections."""
    rng = random.Random(7)
    pos = new_game(data, 4, rng, people_variant=True)
    drawn = []
    while pos.phase is not Phase.OVER:
        if pos.phase is Phase.ELECTION:
            step = apply_picks(pos, {s: pos.hands[s][0] for s in pos.seats}, rng)
            drawn.append(step.results[0].people)
            assert len(step.position.people_deck) == 4 and len(step.position.people_drawn) == 4
            assert set(step.position.people_deck) | set(step.position.people_drawn) == set(data.people_cards(4))
        else:
            step = apply_picks(pos, {s: pos.hands[s][0] for s in pos.seats}, rng)
        pos = step.position
    assert len(drawn) == 3 and all(len(d) == 4 for d in drawn)
    assert len({c for d in drawn for c in d}) > 4  # cards drawn before came back into the draw
