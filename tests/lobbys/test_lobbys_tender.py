"""The tender phase (L6): contracts turned up, the winning offer, what the winner gets."""

from __future__ import annotations

import random

import pytest

from cmdsl.games.lobbys.picks import Pick, picks_of
from cmdsl.games.lobbys import (LobbysData, Phase, Suit, WonBy, apply_picks, card, contract, resolve_tender)

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES
QH, KS = contract("QH"), contract("KS")


def test_L6_3_step1_the_cheapest_trump_wins_even_against_cheaper_cards(data: LobbysData, picks) -> None:
    t = resolve_tender(picks("AH 5C 3C 2D"), QH, KS, C, data)
    assert (t.winner.seat, t.won_by) == (2, WonBy.TRUMP)


def test_L6_3_step2_without_a_trump_offer_the_cheapest_of_the_main_contracts_suit_wins(data: LobbysData,
                                                                                         picks) -> None:
    t = resolve_tender(picks("AS 6H 4H 2D"), QH, KS, C, data)
    assert (t.winner.seat, t.won_by) == (2, WonBy.MAIN_SUIT)


def test_L6_3_step2_the_linked_contracts_suit_has_no_effect(data: LobbysData, picks) -> None:
    """L6.1: the linked contract is K♠, yet the spade offer does not win: only the main suit counts."""
    t = resolve_tender(picks("AS 6H"), QH, KS, C, data)
    assert (t.winner.seat, t.won_by) == (1, WonBy.MAIN_SUIT)


@pytest.mark.parametrize("main, trump, offers", [("QH", S, "AC 6D 4D"), ("JD", C, "AS 5H 3H"),
                                                 ("KC", H, "AD 7S 2S"), ("JS", D, "AH 3C 2C")])
def test_L6_3_step3_then_the_cheapest_of_the_related_suit_wins(data: LobbysData, picks, main: str, trump: Suit,
                                                                offers: str) -> None:
    """L1.2: ♥ and ♦ are related, ♣ and ♠ are related; neither trump nor the main suit is offered."""
    t = resolve_tender(picks(offers), contract(main), KS, trump, data)
    assert (t.winner.seat, t.won_by) == (2, WonBy.RELATED_SUIT)


def test_L6_3_step4_otherwise_the_cheapest_offer_wins(data: LobbysData, picks) -> None:
    # main ♥, related ♦, trump ♦: nothing of ♥ or ♦ is offered.
    t = resolve_tender(picks("5C 3S 4C"), QH, KS, D, data)
    assert (t.winner.seat, t.won_by) == (1, WonBy.CHEAPEST)


@pytest.mark.parametrize("main, better, worse", [("QH", "3C", "3S"), ("KD", "7C", "7S"), ("QC", "3D", "3H"),
                                                ("JS", "AD", "AH")])
def test_L6_3_step4_a_tie_of_ranks_goes_by_suit_clubs_diamonds_hearts_spades(data: LobbysData, picks, main: str,
                                                                              better: str, worse: str) -> None:
    for order in (f"{better} {worse}", f"{worse} {better}"):  # the seat order does not matter
        t = resolve_tender(picks(order), contract(main), KS, None, data)
        assert t.won_by is WonBy.CHEAPEST
        assert t.winner.card == card(better)


def test_L6_3_step4_ties_only_ever_compare_suits_of_one_colour(data: LobbysData) -> None:
    """Step 4 is reached only when neither the main suit nor its related suit was offered, so the
    tied offers are both of the other pair: only ♣ > ♠ and ♦ > ♥ of the order can ever decide.
    (This checks the reading, over every main suit and every pair of same-rank offers.)"""
    from itertools import combinations

    from cmdsl.games.lobbys import Pick

    for main in (contract(f"Q{x}") for x in "HDCS"):
        for a, b in combinations("HDCS", 2):
            t = resolve_tender((Pick(0, card(f"5{a}")), Pick(1, card(f"5{b}"))), main, KS, None, data)
            if t.won_by is WonBy.CHEAPEST:
                assert {a, b} in ({"C", "S"}, {"D", "H"})
                assert t.winner.card.suit is (C if "C" in (a, b) else D)


def test_L6_3_without_trump_step1_is_skipped(data: LobbysData, picks) -> None:
    """L5.5 step 3 'no trump': the cheapest main-suit offer wins; no trump step is tried."""
    t = resolve_tender(picks("AC 4H"), QH, KS, None, data)
    assert (t.winner.seat, t.won_by) == (1, WonBy.MAIN_SUIT)


def test_L6_3_trump_equal_to_the_main_suit_wins_as_trump(data: LobbysData, picks) -> None:
    t = resolve_tender(picks("2H AD"), QH, KS, H, data)
    assert (t.winner.seat, t.won_by) == (0, WonBy.TRUMP)


def test_L6_1_main_is_the_first_card_turned_up_and_linked_the_second(build) -> None:
    pos = build(2, hands=["AH 2H 3H 4H 2C 3C 4C 4D", "AC AD 2D 3D AS 2S 3S 4S"], deck="QH KS JD JC QC QD KC KD"
                " JH JS QS KH")
    step = apply_picks(pos, {0: card("4D"), 1: card("4S")}, random.Random(0))
    assert step.position.contract_offer == (contract("QH"), contract("KS"))
    assert step.position.contract_deck[-1] == contract("JD")  # the top, turned up next


def test_L6_4_the_winner_takes_both_contracts_and_is_paid_the_rank_of_its_offer(build) -> None:
    pos = build(2, hands=["2H 3C 4C", "AS 3S 4S"], offer="QH KS", deck="JD JC", trump=Suit.SPADES, points=[50, 60])
    step = apply_picks(pos, {0: card("2H"), 1: card("3S")}, random.Random(0))
    after = step.position
    (tender,) = step.results
    assert tender.winner.seat == 1 and tender.income == 3
    assert after.points == [50, 63]
    assert after.won == [[], [contract("QH"), contract("KS")]]


def test_L6_5_offers_are_discarded_and_the_next_tender_opens(build) -> None:
    pos = build(2, hands=["2H 3C 4C", "AS 3S 4S"], offer="QH KS", deck="JD JC", trump=Suit.SPADES)
    after = apply_picks(pos, {0: card("2H"), 1: card("3S")}, random.Random(0)).position
    assert after.offer_pile == [card("2H"), card("3S")]
    assert after.hands == [[card("3C"), card("4C")], [card("AS"), card("4S")]]
    assert after.contract_offer == (contract("JD"), contract("JC")) and after.phase is Phase.TENDER
    assert after.tenders_done == pos.tenders_done + 1


def test_L6_6_six_tenders_use_the_12_contracts_and_leave_one_card_per_hand(data: LobbysData) -> None:
    from cmdsl.games.lobbys import legal_picks, new_game, seats_to_pick

    rng = random.Random(3)
    pos = apply_picks((p := new_game(data, 3, rng)), {s: legal_picks(p, s)[0] for s in p.seats}, rng).position
    for n in range(6):
        assert len(pos.contract_deck) == 12 - 2 * (n + 1) and all(len(h) == 7 - n for h in pos.hands)
        if n < 5:
            pos = apply_picks(pos, {s: legal_picks(pos, s)[0] for s in seats_to_pick(pos)}, rng).position
    # Just before the sixth tender is resolved (the step then scores and deals the next round):
    assert all(len(h) == 2 for h in pos.hands)
    assert sum(len(w) for w in pos.won) == 10 and len(pos.contract_deck) == 0


def test_L2_2_a_steps_picks_are_in_seat_order_and_a_games_picks_are_made_once() -> None:
    revealed = picks_of({1: card("3H"), 0: card("AS")})
    assert revealed == (Pick(0, card("AS")), Pick(1, card("3H")))
    assert picks_of({0: card("AS")})[0] is revealed[0]  # a value: shared, not made again
    assert picks_of({7: card("AS"), 2: card("3H")}) == (Pick(2, card("3H")), Pick(7, card("AS")))  # no game's seat
