"""DM6: the match, the conversion factor, votes, the cap at 50 and arrival order."""

from __future__ import annotations

from fractions import Fraction

from cmdsl.games.diemacher.cards import Card, Deck, Stance
from cmdsl.games.diemacher.formulas import factor, match, ranking, votes_for
from cmdsl.games.diemacher.position import Board, Phase
from cmdsl.games.diemacher.setup import empty_board

from .conftest import at_phase

F, A = Stance.FOR, Stance.AGAINST


def p(issue: str, stance: Stance) -> Card:
    return Card(Deck.PLATFORM, issue, stance, 1)


def o(issue: str, stance: Stance, n: int = 1) -> Card:
    return Card(Deck.OPINION, issue, stance, n)


def board_with(*opinions: tuple[Card, bool], key: int | None = None) -> Board:
    b = empty_board(3)
    b.opinions = list(opinions)
    b.key_issue = key
    return b


PLATFORM = [p("nuclear", F), p("terror", A), p("welfare", F), p("genetics", F), p("wage-cuts", A)]


def test_dm6_1_identical_plus_one_contradictory_minus_one_absent_zero() -> None:
    board = board_with((o("nuclear", F), True), (o("terror", F), True), (o("minimum-wage", F), True))
    assert match(PLATFORM, board) == 1 - 1 + 0


def test_dm6_1_face_down_opinions_do_not_count() -> None:
    board = board_with((o("nuclear", F), False), (o("welfare", F), False))
    assert match(PLATFORM, board) == 0


def test_dm6_1_the_key_issue_counts_double() -> None:
    board = board_with((o("nuclear", F), True), (o("terror", F), True), key=1)
    assert match(PLATFORM, board) == 1 - 2
    board.key_issue = 0
    assert match(PLATFORM, board) == 2 - 1


def test_dm6_2_factor_is_popularity_plus_match_or_a_half() -> None:
    assert factor(2, 1) == 3  # the seed's 6.2.8 example: popularity +2, match +1
    assert factor(-3, 3) == Fraction(1, 2)
    assert factor(-3, -4) == Fraction(1, 2)
    assert factor(0, 1) == 1


def test_dm6_3_votes_are_rallies_times_factor_rounded_down() -> None:
    assert votes_for(8, factor(2, 1)) == 24  # the seed's example: 8 markers × 3
    assert votes_for(5, Fraction(1, 2)) == 2  # DM6.2: one vote per two markers, no half vote
    assert votes_for(0, Fraction(8)) == 0


def test_dm6_6_ranges_match_and_factor() -> None:
    four = [(o(c.issue, A if c.stance is F else F), True) for c in PLATFORM[:4]]
    assert match(PLATFORM, board_with(*four)) == -4
    assert match(PLATFORM, board_with(*four, key=0)) == -5
    assert factor(3, 4) == 7 and factor(3, 5) == 8
    assert factor(-3, -5) == Fraction(1, 2)


def test_dm6_4_votes_cap_at_50_and_dm6_5_the_last_to_arrive_is_on_top() -> None:
    pos = at_phase(Phase.MEDIA)
    board = pos.boards[0]
    board.votes = [48, 50, 0]
    pos.arrive(board, 0, 10)
    assert board.votes[0] == 50  # DM6.4: the votes beyond 50 are lost
    assert ranking(board, range(3))[:2] == [0, 1]  # DM6.5: it arrived last, on top of 50
    pos.arrive(board, 1, 3)  # already at 50: its marker does not move
    assert ranking(board, range(3))[:2] == [0, 1]


def test_dm6_5_a_marker_moving_onto_an_occupied_space_goes_on_top() -> None:
    pos = at_phase(Phase.MEDIA)
    board = pos.boards[1]
    board.votes = [0, 0, 0]
    pos.arrive(board, 2, 7)
    pos.arrive(board, 0, 7)
    assert ranking(board, range(3)) == [0, 2, 1]
    pos.arrive(board, 2, 0)  # no votes: no move, no change of order
    assert ranking(board, range(3)) == [0, 2, 1]
