"""`?` in Lobbys explains the step (issue 23): where the game is, what the seat's pick does and how
the step is decided (L5 at an election, L6.3's steps at a tender), from the seat's view only (L11.6)."""

from __future__ import annotations

import pytest

from cmdsl.games.lobbys import LobbysGame, LobbysSeat, Suit
from cmdsl.games.lobbys.game import game_at, lobbys_game, lobbys_of
from cmdsl.games.lobbys.cards import contract_cards
from cmdsl.games.lobbys.ui.explain import explain

from .conftest import DATA, Build, random_game
from .test_lobbys_secrets import swap_first_cards, two_picks_of_p1

P1, P2 = LobbysSeat.P1, LobbysSeat.P2
#: P1's seven cards after the election: one of each kind against a Q♥ main contract and ♣ trump.
HAND = "AC 2H 3D 4S 5S 6S 2C"


def text(g: LobbysGame, seat: LobbysSeat = P1) -> str:
    return explain(g.view(seat), lobbys_of(g).data)


def tender(build: Build, trump: Suit | None, tenders_done: int = 0) -> LobbysGame:
    """A 3-player game at its first round's tender ``tenders_done + 1``, Q♥ main and K♠ linked."""
    kept = 7 - tenders_done
    hands = [" ".join(h.split()[:kept]) for h in (HAND, "AH 3H 4H 5H 6H AS 2S", "AD 2D 4D 5D 6D 3C 4C")]
    rest = [c for c in contract_cards() if c.id not in ("QH", "KS")][:10 - 2 * tenders_done]
    pos = build(3, hands=hands, offer="QH KS", trump=trump, tenders_done=tenders_done, contract_deck=rest)
    return game_at(pos, 1)


def test_at_an_election_the_explanation_says_what_a_vote_does_and_how_the_trump_is_elected() -> None:
    g = lobbys_game(4, 3, data=DATA)
    out = text(g)
    assert out.startswith("Round 1 of 3, the election (L2.1).")
    for rule in ("L5.1", "L5.2", "L5.3", "L5.4", "L5.5", "L5.6"):
        assert f"{rule}" in out
    assert "a 6 costs 6" in out  # L1.4: 3 players keep the ranks up to 6
    hand = g.view(P1).hand
    for c in hand:  # each of the seat's cards, sorted by party
        assert str(c) in out
    assert "L10" not in out  # no People without the variant
    assert "step 1: trump" not in out  # the tender's steps are for the tenders


def test_at_an_election_with_the_people_variant_the_people_votes_are_explained() -> None:
    out = text(lobbys_game(4, 3, people_variant=True, data=DATA))
    assert "3 People cards are drawn" in out and "(L10.2)" in out and "(L10.4)" in out


def test_at_a_tender_with_trump_each_step_of_l6_3_names_its_suit(build: Build) -> None:
    out = text(tender(build, Suit.CLUBS))
    assert out.startswith("Round 1 of 3, tender 1 of 6 (L2.1).")
    assert "On offer: Q♥ (Services), the main contract, and K♠ (Industry), the linked contract" in out
    assert "step 1: trump, ♣" in out
    assert "step 2: the main contract's suit, ♥;" in out
    assert "step 3: the suit related to it, ♦ (L1.2);" in out
    assert "step 4: any offer; equal ranks go by suit: ♣, then ♦, then ♥, then ♠." in out  # the data's order
    assert "takes both Q♥ and K♠" in out and "(L6.4)" in out
    # the seat's own cards, each with the step of L6.3 its offer would compete in
    assert ("Your options, by the step of L6.3 in which they compete: A♣ (trump, step 1), 2♣ (trump, step 1), "
            "2♥ (main suit, step 2), 3♦ (related suit, step 3), 4♠ (step 4 only), 5♠ (step 4 only), "
            "6♠ (step 4 only).") in out
    assert "last tender" not in out


def test_at_a_tender_without_trump_step_1_is_skipped(build: Build) -> None:
    out = text(tender(build, None))
    assert "step 1: skipped, this round has no trump (L5.5);" in out
    assert "trump, step 1" not in out  # no card of the hand is trump
    assert "A♣ (step 4 only)" in out and "2♥ (main suit, step 2)" in out


def test_when_the_main_suit_is_trump_step_2_says_so(build: Build) -> None:
    out = text(tender(build, Suit.HEARTS))
    assert "step 2: the main contract's suit, ♥ (the trump suit: already step 1);" in out
    assert "2♥ (trump, step 1)" in out


def test_at_the_last_tender_the_card_kept_is_the_one_lost_at_l7_4(build: Build) -> None:
    out = text(tender(build, Suit.CLUBS, tenders_done=5))
    assert "tender 6 of 6" in out
    assert "the card you do not offer is the one left in your hand (L6.6), and you lose its rank (L7.4)" in out


def test_after_picking_the_seat_is_told_its_pick_and_who_is_awaited() -> None:
    g = lobbys_game(4, 3, data=DATA)
    card = g.view(P1).hand[0]
    g.answer(card.id, P1)
    out = text(g)
    assert f"You picked {card}; waiting for Player 2, Player 3" in out
    assert "You picked" not in text(g, P2)  # P2 has not picked: its options are listed instead


def test_at_the_end_the_explanation_is_the_result() -> None:
    g = random_game(3, 2)
    assert g.over
    assert text(g) == f"The game is over (L8.1): {g.result.text()}"  # type: ignore[union-attr]


# ---- secrets (L11.6, L11.7): the explanation is made from what the seat may know -------------------


@pytest.mark.parametrize("steps", [0, 1, 4])  # an election, the first tender, a later tender
def test_the_explanation_does_not_change_with_the_other_seats_hands(steps: int) -> None:
    g1, g2 = random_game(21, 3, steps), random_game(21, 3, steps)
    g2.change_position(swap_first_cards(1, 2))  # P2 and P3 split their cards otherwise
    assert text(g1, P1) == text(g2, P1)
    assert text(g1, P2) != text(g2, P2)  # the seat whose hand changed does see it: the test can fail


def test_the_explanation_does_not_show_a_pick_not_revealed_yet() -> None:
    g1, g2 = two_picks_of_p1()
    assert text(g1, P2) == text(g2, P2)
    assert text(g1, P1) != text(g2, P1)  # P1 is told its own pick


def test_the_explanation_names_no_card_of_another_hand(build: Build) -> None:
    g = tender(build, Suit.CLUBS)
    out = text(g)
    mine = {str(c) for c in g.view(P1).hand}
    others = {str(c) for seat in (1, 2) for c in g.position.lobbys.hands[seat]} - mine
    assert others and not [c for c in others if c in out]
