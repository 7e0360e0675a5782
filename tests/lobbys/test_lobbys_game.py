"""LobbysGame on the driver: the decision protocol of secret simultaneous picks (L2.2, L5.1,
L6.2, L11.7), the events a step logs, the result (L8, L11.1), the seats, the evaluation."""

from __future__ import annotations

import random

import pytest

from cmdsl.errors import IllegalAnswer
from cmdsl.game.audience import EVERYONE
from cmdsl.games.lobbys import (SEATS, LobbysDecisionKind, LobbysGame, LobbysSeat, card, contract,
                                seats_for)
from cmdsl.games.lobbys.game import lobbys_game
from cmdsl.games.lobbys import events as E
from cmdsl.games.lobbys.table import Table

from cmdsl.bots.ismcts import squash

from .conftest import DATA, pick_all


def game(players: int = 3, seed: int = 1, **kw: object) -> LobbysGame:
    return lobbys_game(seed, players, data=DATA, **kw)  # type: ignore[arg-type]


def play_out(g: LobbysGame, rng: random.Random) -> None:
    while not g.over:
        pick_all(g, rng)


# ---- seats ----------------------------------------------------------------------------------------

def test_seats_are_canonical_singletons_named_for_records_and_text() -> None:
    assert [s.value for s in SEATS] == ["p1", "p2", "p3", "p4", "p5"]
    assert [str(s) for s in SEATS] == [f"Player {i}" for i in range(1, 6)]
    assert [s.index for s in SEATS] == [0, 1, 2, 3, 4]
    assert game(3).seats == (LobbysSeat.P1, LobbysSeat.P2, LobbysSeat.P3)
    assert game(3).seats[1] is game(3).seats[1] is LobbysSeat("p2")  # the driver compares with `is`
    assert game(5).seats == SEATS and game(2).seats == seats_for(2)  # each game has its own N seats


# ---- the protocol (L2.2, L11.7) -----------------------------------------------------------------

def test_every_seat_picks_at_once_each_among_its_own_hand() -> None:
    """L2.2, L5.1: all seats decide at once; each seat's options are exactly its hand."""
    g = game(4)
    pending = g.pending_decisions
    assert [d.player for d in pending] == list(g.seats) and g.simultaneous
    for d in pending:
        hand = g.position.lobbys.hands[g.seats.index(d.player)]  # type: ignore[arg-type]
        assert d.kind == LobbysDecisionKind.VOTE
        assert [o.value for o in d.options] == hand and [o.id for o in d.options] == [c.id for c in hand]
        assert [o.label for o in d.options] == [str(c) for c in hand]


def test_answering_logs_nothing_until_the_last_seat_has_picked() -> None:
    """L11.7: the picks are kept unrevealed; the step is revealed with the last one (L5.1)."""
    g = game(3)
    logged = len(g.events)
    first = g.pending_decisions[0].options[0]
    g.answer(first.id, LobbysSeat.P1)
    g.answer(g.pending_decisions[-1].options[0].id, LobbysSeat.P3)
    assert len(g.events) == logged and g.turn == 1
    assert [d.player for d in g.pending_decisions] == [LobbysSeat.P2]
    assert g.position.lobbys.election_pile == []  # nothing applied before the reveal
    g.answer(g.pending_decisions[0].options[0].id, LobbysSeat.P2)
    new = g.events[logged:]
    assert isinstance(new[0], E.VotesRevealed) and new[0].picks[0] == (LobbysSeat.P1, first.value)
    assert g.turn == 2 and [d.kind for d in g.pending_decisions] == [LobbysDecisionKind.OFFER] * 3


@pytest.mark.parametrize("answer, seat, match", [
    ("QH", LobbysSeat.P2, "not an option"),  # a contract is no offer card
    ("nonsense", LobbysSeat.P2, "not an option"),
    (None, LobbysSeat.P4, "has no decision pending"),  # no such seat in a 3-player game
    (None, None, "exactly one"),  # a card held by nobody... or several: whose answer is it?
])
def test_a_wrong_seat_or_card_is_refused_and_changes_nothing(answer: str | None, seat: LobbysSeat | None,
                                                             match: str) -> None:
    g = game(3)
    g.answer(g.pending_decisions[0].options[0].id, LobbysSeat.P1)
    before = (list(g.answers), g.pending_decisions, g.position.lobbys.copy(), len(g.events))
    if answer is None:
        # a card of another seat's hand, answered for P2 or for nobody in particular
        answer = g.position.lobbys.hands[2][0].id if seat is not None else "99X"
    with pytest.raises(IllegalAnswer, match=match):
        g.answer(answer, seat)
    assert (list(g.answers), g.pending_decisions, g.position.lobbys, len(g.events)) == before


def test_another_seats_card_and_a_second_pick_are_refused() -> None:
    g = game(3)
    other = g.position.lobbys.hands[1][0].id
    with pytest.raises(IllegalAnswer, match="not an option of Player 1"):
        g.answer(other, LobbysSeat.P1)
    g.answer(g.pending_decisions[0].options[0].id, LobbysSeat.P1)
    with pytest.raises(IllegalAnswer, match="Player 1 has no decision pending"):
        g.answer(g.position.lobbys.hands[0][1].id, LobbysSeat.P1)  # one pick per step
    assert len(g.answers) == 1


# ---- events --------------------------------------------------------------------------------------

def test_a_game_logs_its_steps_in_order() -> None:
    g = game(3, seed=5)
    play_out(g, random.Random(2))
    kinds = [type(e) for e in g.events]
    assert kinds.count(E.RoundStarted) == 3 and kinds.count(E.HandDealt) == 9  # L2.1, L4.1
    assert kinds.count(E.VotesRevealed) == 3 and kinds.count(E.ElectionWon) == 3  # L5
    assert kinds.count(E.ContractsTurnedUp) == kinds.count(E.OffersRevealed) == kinds.count(E.TenderWon) == 18
    assert kinds.count(E.RoundScored) == 3 and kinds[-1] is E.GameEnded and g.result is g.events[-1]
    assert E.PeopleDrawn not in kinds  # no variant
    first_election = kinds.index(E.VotesRevealed)
    assert kinds[first_election:first_election + 4] == [E.VotesRevealed, E.ElectionWon, E.ContractsTurnedUp,
                                                        E.OffersRevealed]
    assert g.turn == 21 and not g.pending_decisions  # 3 rounds × 7 steps


def test_people_are_drawn_at_each_election_with_the_variant() -> None:
    g = game(4, seed=3, people_variant=True)
    play_out(g, random.Random(3))
    drawn = [e for e in g.events if isinstance(e, E.PeopleDrawn)]
    assert len(drawn) == 3 and all(len(e.cards) == 4 for e in drawn)  # L10.2: one per player
    assert all(n == sum(1 for c in e.cards if c.suit is s) ** 2 for e in drawn for s, n in e.votes)


def test_tender_won_text_names_the_step_of_L6_3_and_the_income() -> None:
    e = E.TenderWon(LobbysSeat.P2, card("3C"), 3, contract("KH"), contract("JS"), __import__(
        "cmdsl.games.lobbys", fromlist=["WonBy"]).WonBy.TRUMP)
    assert e.text() == "Player 2 wins the tender with 3♣ (trump, L6.3 step 1): takes K♥ and J♠, +3 points."
    assert e.step == 1 and e.audience() is EVERYONE


def test_election_text_says_why_there_is_no_government() -> None:
    from cmdsl.games.lobbys import ElectedBy, Suit

    votes = ((Suit.HEARTS, 5), (Suit.DIAMONDS, 0), (Suit.CLUBS, 5), (Suit.SPADES, 0))
    text = E.ElectionWon(None, votes, ElectedBy.NO_GOVERNMENT).text()
    assert text.startswith("No government: ♥ and ♣ tie on 5 votes") and "L5.5 step 3" in text
    text = E.ElectionWon(Suit.CLUBS, votes, ElectedBy.MOST_CARDS).text()
    assert "♣ wins the election with 5 votes, tied with ♥ on 5 votes, by most cards (L5.5 step 1)" in text
    # issue 55 §6: one vote is "1 vote" (was "tie on 1 votes")
    ones = ((Suit.HEARTS, 1), (Suit.DIAMONDS, 0), (Suit.CLUBS, 1), (Suit.SPADES, 0))
    assert E.ElectionWon(None, ones, ElectedBy.NO_GOVERNMENT).text().startswith("No government: ♥ and ♣ tie on 1 vote,")
    text = E.ElectionWon(Suit.CLUBS, ones, ElectedBy.MOST_CARDS).text()
    assert "♣ wins the election with 1 vote, tied with ♥ on 1 vote, by most cards" in text


def test_round_scored_lists_each_item_and_the_points_after() -> None:
    g = game(2, seed=9)
    play_out(g, random.Random(9))
    scored = [e for e in g.events if isinstance(e, E.RoundScored)]
    last = scored[-1]
    assert [line.points for line in last.lines] == list(g.result.points)  # type: ignore[union-attr]
    for line in last.lines:
        assert line.total == sum(p for _, p in line.majorities) + line.omnipresence + line.partisan_points - line.loss


# ---- the result (L8, L11.1) -------------------------------------------------------------------------

def test_the_result_names_the_richest_seat() -> None:
    g = game(5, seed=11)
    play_out(g, random.Random(11))
    r = g.result
    assert r is not None and g.over
    assert r.points == tuple(g.position.lobbys.points)
    assert set(r.winners) == {s for s in g.seats if r.points_of(s) == max(r.points)}
    assert r.winner is (r.winners[0] if len(r.winners) == 1 else None)


def test_a_final_tie_shares_the_win() -> None:
    """L11.1: tied seats share the win; ``winner`` is None, ``winners`` lists them."""
    g = game(3, seed=4)
    rng = random.Random(4)
    while g.turn < 21:
        pick_all(g, rng)
    picks = [(d.player, d.options[0].id) for d in g.pending_decisions]
    trial = g.fork()  # the last step's outcome does not depend on the points: find the gap first
    for seat, a in picks:
        trial.answer(a, seat)
    assert trial.result is not None
    gap = trial.result.points[0] - trial.result.points[2]

    def level(table: Table) -> None:  # P3 made level with P1 at the end, P2 far behind
        pos = table.lobbys.copy()
        pos.points = [pos.points[0], pos.points[1] - 200, pos.points[2] + gap]
        table.lobbys = pos

    g.change_position(level)
    for seat, a in picks:
        g.answer(a, seat)
    r = g.result
    assert r is not None and r.winners == (LobbysSeat.P1, LobbysSeat.P3) and r.winner is None
    assert "Player 1 and Player 3 share the win" in r.text() and "L11.1" in r.text()
    assert squash(g, LobbysSeat.P1) == squash(g, LobbysSeat.P3) == 0.5 and squash(g, LobbysSeat.P2) == 0


def test_the_game_refuses_a_player_count_or_variant_the_rules_do_not_have() -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        game(6)
    with pytest.raises(ValueError, match="People"):
        game(5, people_variant=True)  # L10.1


# ---- the evaluation, as a search bot scores it ------------------------------------------------------------------------------

def test_the_score_is_one_for_the_winner_zero_for_losers_shared_on_ties() -> None:
    g = game(3, seed=2)
    play_out(g, random.Random(2))
    r = g.result
    assert r is not None
    for s in g.seats:
        want = 1 / len(r.winners) if s in r.winners else 0.0
        assert squash(g, s) == want


def test_the_score_is_a_half_at_the_start_and_follows_the_lead() -> None:
    g = game(3, seed=2)
    values = [squash(g, s) for s in g.seats]
    assert all(0 < v < 1 for v in values)
    assert max(values) - min(values) < 0.25  # level, but for each hand's leftover estimate

    def lead(table: Table) -> None:
        pos = table.lobbys.copy()
        pos.points = [130, 100, 100]
        table.lobbys = pos

    g.change_position(lead)
    assert squash(g, LobbysSeat.P1) > 0.75 and squash(g, LobbysSeat.P2) < 0.25


def test_expected_points_count_this_rounds_contracts_and_the_leftover_card(build) -> None:  # type: ignore[no-untyped-def]
    """L7.1–L7.4 as the evaluation estimates them: P1 holds J, Q, K of ♥ and J♠ half-way through
    the round: majorities 3 × 12, omnipresence 12, partisan ♥ 12 = 60, weighted by 3/6 tenders
    played; each seat loses the mean rank it may be left with (its own hand for the viewer, the
    others' cards pooled for the others, L11.6)."""
    from cmdsl.games.lobbys import Phase
    from cmdsl.games.lobbys.heuristic import expected_points

    pos = build(2, hands=["AH 4S", "2H 3S"], offer="QS KS", tenders_done=3, phase=Phase.TENDER,
                won=[[contract(c) for c in "JH QH KH JS".split()], []])
    assert expected_points(pos, 0) == [100 + 30 - 2.5, 100 - 2.5]
    pos.won = [[], []]
    assert expected_points(pos, 0) == [100 - 2.5, 100 - 2.5]
