"""DM9 (the election, rewards, national opinion, membership, income), DM10 (the end of a round,
contributions) and DM11 (final scoring), with DM18.13–DM18.23's rulings."""

from __future__ import annotations

from cmdsl.games.diemacher import events as E
from cmdsl.games.diemacher.cards import Card, Deck, Stance
from cmdsl.games.diemacher.election import destinations
from cmdsl.games.diemacher.game import game_at
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.parties import Party
from cmdsl.games.diemacher.position import Phase
from cmdsl.games.diemacher.scoring import member_bonuses, score_lines, winners

from .conftest import DATA, answer, at_phase, texts

CDU, SPD, FDP = Party.CDU, Party.SPD, Party.FDP
F, A = Stance.FOR, Stance.AGAINST


def election_game(votes: list[int], rallies: list[int] = [0, 0, 0], *, media: list[int] = [0, 0, 0],
                  round: int = 1, arrived: list[int] | None = None):  # type: ignore[no-untyped-def]
    pos = at_phase(Phase.ELECTION, round=round)
    pos.first = 0
    board = pos.boards[pos.election]
    board.votes, board.rallies, board.media = votes[:], rallies[:], media[:]
    board.popularity = [3, 3, 3]
    board.arrived = arrived[:] if arrived is not None else [0, 0, 0]
    return game_at(pos), pos.election


def test_dm9_1_dm18_13_every_remaining_rally_converts_then_seats_from_the_table() -> None:
    game, b = election_game([0, 10, 0], [2, 0, 0])
    pos = game.position
    state = pos.boards[b].state
    assert pos.boards[b].rallies == [0, 0, 0]  # DM18.13: 2 < 5, converted anyway
    cdu_votes = next(e for e in game.events if isinstance(e, E.Converted)).total
    assert pos.seats_won[0][-1] == state.seats(cdu_votes) and pos.seats_won[1][-1] == state.seats(10)
    assert state.seats(2) == 0 and state.seats(50) == state.max_seats  # the authored tables [auth]


def test_dm9_1_seats_are_not_shared_out_two_parties_may_reach_the_maximum() -> None:
    game, b = election_game([50, 50, 0], arrived=[1, 2, 0])
    top = game.position.boards[b].state.max_seats
    assert [s[-1] for s in game.position.seats_won[:2]] == [top, top]


def test_dm9_2_dm9_4_an_outright_winner_moves_a_media_marker_and_places_two_opinions() -> None:
    game, b = election_game([20, 10, 5], media=[1, 1, 0])
    won = next(e for e in game.events if isinstance(e, E.ElectionWon))
    assert (won.winner, won.narrow_loser, won.partner) == (CDU, None, None)
    assert won.text() == f"CDU/CSU wins {game.position.boards[b].state.name}."
    assert game.position.national_media[0] == [0]  # DM18.15: from the election board
    d = game.pending_decisions[0]
    assert d.kind is Kind.NATIONAL and d.player is CDU and "card 1 of 2" in d.prompt


def test_dm9_3_dm6_5_a_tie_goes_to_the_marker_on_top_a_narrow_win() -> None:
    game, b = election_game([12, 12, 3], media=[1, 1, 1], arrived=[5, 9, 1])
    won = next(e for e in game.events if isinstance(e, E.ElectionWon))
    assert won.winner is SPD and won.narrow_loser is CDU
    assert game.position.national_media[0] == [1, 0]  # DM9.4: the narrow loser's marker too
    assert "card 1 of 1" in game.pending_decisions[0].prompt  # DM9.4: one card


def test_dm7_1_6_the_last_in_turn_order_converts_last_and_lands_on_top() -> None:
    pos = at_phase(Phase.ELECTION)
    pos.first = 0  # turn order CDU/CSU, SPD, FDP
    board = pos.boards[pos.election]
    board.votes, board.rallies, board.popularity = [0, 0, 0], [4, 0, 4], [3, 3, 3]
    board.opinions = [(c, False) for c, _ in board.opinions]  # no face-up opinion: a match of 0 each
    game = game_at(pos)
    assert game.position.seats_won[0][-1] == game.position.seats_won[2][-1]  # 12 votes each
    won = next(e for e in game.events if isinstance(e, E.ElectionWon))
    assert won.winner is FDP and won.narrow_loser is CDU  # FDP converted last: on top


def test_dm18_14_no_votes_no_winner() -> None:
    game, b = election_game([0, 0, 0])
    won = next(e for e in game.events if isinstance(e, E.ElectionWon))
    assert won.winner is None and "no winner (DM18.14)" in won.text()
    assert game.position.national_media[0] == []


def test_dm18_15_no_media_marker_on_the_board_no_national_media() -> None:
    game, b = election_game([20, 10, 5], media=[0, 2, 0])
    assert game.position.national_media[0] == []


def test_dm9_5_dm18_16_placing_is_optional_card_by_card() -> None:
    game, b = election_game([20, 10, 5])
    d = game.pending_decisions[0]
    assert d.options[0].id == "done"
    game.answer("done", CDU)
    assert all(not s for s in game.position.national)


def test_dm9_5_1_identical_stacks_dominant_contradictory_replaces_the_stack() -> None:
    a, b_, c = (Card(Deck.OPINION, "nuclear", F, n) for n in (1, 2, 3))
    against = Card(Deck.OPINION, "nuclear", A, 1)
    national: list[list[Card]] = [[a], [], [], [], []]
    assert destinations(national, b_) == [0]
    assert destinations(national, against) == [0]
    assert destinations(national, Card(Deck.OPINION, "terror", F, 1)) == [1]  # DM9.5.2: leftmost empty


def test_dm9_5_3_all_full_a_new_issue_may_replace_only_a_non_dominant_card() -> None:
    issues = ["nuclear", "terror", "welfare", "genetics", "restructuring"]
    national = [[Card(Deck.OPINION, i, F, 1)] for i in issues]
    national[1].append(Card(Deck.OPINION, "terror", F, 2))  # dominant
    assert destinations(national, Card(Deck.OPINION, "minimum-wage", F, 1)) == [0, 2, 3, 4]


def test_dm9_5_the_winner_places_a_face_up_card_of_the_election_board() -> None:
    game, b = election_game([20, 10, 5])
    d = game.pending_decisions[0]
    place = d.options[1]
    slot, space = place.value
    card = game.position.boards[b].opinions[slot][0]
    game.answer(place.id, CDU)
    assert game.position.national[space][-1] == card
    assert f"CDU/CSU places {card.id} on national space {space + 1} (an empty space)." in texts(game)


def test_dm9_6_dm18_17_members_from_matching_national_spaces_a_dominant_space_once() -> None:
    pos = at_phase(Phase.ELECTION)
    pos.first = 0
    board = pos.boards[pos.election]
    board.votes, board.rallies = [0, 0, 0], [0, 0, 0]
    mine = pos.platform[0]
    pos.national = [[Card(Deck.OPINION, mine[0].issue, mine[0].stance, 1),
                     Card(Deck.OPINION, mine[0].issue, mine[0].stance, 2)],
                    [Card(Deck.OPINION, mine[1].issue, mine[1].stance, 1)], [], [], []]
    for stack in pos.national:
        for c in stack:
            for pile in (pos.opinion_deck, pos.opinion_discard, pos.pool):
                if c in pile:
                    pile.remove(c)
            for bd in pos.boards:
                bd.opinions = [(x, u) for x, u in bd.opinions if x != c]
    game = game_at(pos)
    gain = DATA.spaces[0].recruits + DATA.spaces[1].recruits  # 1 + 2 [auth]
    changed = [e for e in game.events if isinstance(e, E.MembersChanged) and e.party is CDU]
    assert changed and changed[0].change == gain


def test_dm9_7_income_per_seat_and_per_member_on_a_payout_round() -> None:
    game, b = election_game([30, 10, 0])
    assert game.position.boards[b].payout == 1  # DM3.7: round 1 pays members
    game.answer("done", CDU)
    pos = game.position
    income = {e.party: e for e in game.events if isinstance(e, E.Income)}
    assert income[CDU].seats == pos.seats_won[0][-1] * 1000
    assert income[CDU].members == pos.members[0] * 1000


def test_dm9_7_no_member_income_without_a_payout_tile() -> None:
    game, b = election_game([30, 10, 0], round=2)
    game.answer("done", CDU)
    assert any(isinstance(e, E.Income) for e in game.events)
    assert all(e.members == 0 for e in game.events if isinstance(e, E.Income))


# ---- DM10: the end of a round ---------------------------------------------------------------------


def end_game(round: int = 1, short: bool = False):  # type: ignore[no-untyped-def]
    pos = at_phase(Phase.ELECTION, round=round)  # the election's board, as the end of the round finds it
    pos.phase = Phase.END_OF_ROUND
    pos.short = short
    pos.first = 0
    return game_at(pos), pos


def test_dm10_1_dm10_2_dm10_3_round_one_resets_the_board_with_the_round_five_payout() -> None:
    game, before = end_game(1)
    b = before.election
    board = game.position.boards[b]
    assert board.state is not None and board.state != before.boards[b].state  # DM10.2: a new state
    assert sum(up for _, up in board.opinions) == 1 and len(board.opinions) == 4
    assert board.votes == [0, 0, 0] and board.popularity == [0, 0, 0] and board.media == [0, 0, 0]  # DM10.1
    assert board.rallies == [1, 1, 1]  # DM10.1 step 2, DM18.19
    assert board.payout == 5  # DM10.3
    assert game.position.election == (b + 1) % 4  # the next board holds the next election


def test_dm10_4_one_opinion_turned_up_on_each_other_board() -> None:
    game, before = end_game(1)
    b = before.election
    for k in (1, 2, 3):
        o = (b + k) % 4
        up_before = sum(u for _, u in before.boards[o].opinions)
        up_after = sum(u for _, u in game.position.boards[o].opinions)
        assert up_after == min(4, up_before + 1)
    assert sum(u for _, u in game.position.boards[(b + 1) % 4].opinions) == 4  # it holds the next election


def test_dm10_3_round_three_resets_with_two_up_and_the_anti_coalition_tile() -> None:
    game, before = end_game(3)
    board = game.position.boards[before.election]
    assert sum(u for _, u in board.opinions) == 2 and board.anti_coalition


def test_dm10_3_rounds_four_to_six_set_the_board_aside() -> None:
    game, before = end_game(4)
    assert game.position.boards[before.election].state is None
    assert any(isinstance(e, E.BoardCleared) and e.set_aside for e in game.events)


def test_dm12_2_the_short_game_resets_round_one_with_two_up_and_sets_aside_after() -> None:
    game, before = end_game(1, short=True)
    board = game.position.boards[before.election]
    assert sum(u for _, u in board.opinions) == 2 and board.anti_coalition and board.payout is None


def contributions_game():  # type: ignore[no-untyped-def]
    game, before = end_game(1)
    assert game.pending_decisions[0].kind is Kind.CONTRIBUTION
    return game


def test_dm10_5_accept_takes_the_money_and_loses_the_highest_die() -> None:
    game = contributions_game()
    money, members = game.position.money[0], game.position.members[0]
    game.force_chance("roll:4")
    answer(game, "accept:30k", "none", "none")
    assert game.position.money[0] == money + 30_000
    assert game.position.members[0] == max(0, members - 4)
    assert len(game.position.contributions[0]) == 4  # step 5: the card is used


def test_dm10_5_refusals_are_hidden_until_all_have_chosen_then_gain_the_total() -> None:
    game = contributions_game()
    members = game.position.members[:]
    answer(game, "refuse:20k")
    laid = [e for e in game.events if isinstance(e, E.ContributionLaid)][-1]
    assert laid.redacted(SPD).text() == "CDU/CSU lays a contribution card face down."
    assert "€20,000" in laid.redacted(CDU).text()
    game.force_chance("roll:5")
    game.force_chance("roll:3")
    game.force_chance("roll:11")
    answer(game, "refuse:10k", "none")
    assert "CDU/CSU refused €20,000." in texts(game)
    # CDU: 5 for its card + 11 for the single largest refusal (step 4); SPD: 3.
    assert game.position.members[0] == members[0] + 5 + 11 and game.position.members[1] == members[1] + 3


def test_dm10_5_a_tie_for_the_largest_refusal_gives_no_bonus() -> None:
    game = contributions_game()
    members = game.position.members[:]
    game.force_chance("roll:2")
    game.force_chance("roll:6")
    answer(game, "refuse:20k", "refuse:20k", "none")
    assert game.position.members[:2] == [members[0] + 2, members[1] + 6]


def test_dm18_20_playing_no_card_gives_nothing() -> None:
    game = contributions_game()
    money, members = game.position.money[:], game.position.members[:]
    answer(game, "none", "none", "none")
    assert game.position.money == money and game.position.members == members
    assert all(len(c) == 5 for c in game.position.contributions)


# ---- DM11: the final scoring ----------------------------------------------------------------------


def test_dm11_3_member_bonuses() -> None:
    assert member_bonuses([30, 20, 10]) == [10, 6, 0]
    assert member_bonuses([30, 30, 10]) == [8, 8, 0]  # a tie for most: +8 each, no second
    assert member_bonuses([30, 20, 20]) == [10, 0, 0]  # a tie for second: no second bonus
    assert member_bonuses([9, 9, 9, 1]) == [8, 8, 8, 0]  # DM18.22


def test_dm11_1_dm11_2_dm11_4_dm11_5_the_final_scores() -> None:
    pos = at_phase(Phase.ELECTION, round=2)
    pos.seats_won = [[10, 5], [3, 3], [0, 0]]
    pos.national_media = [[0, 1], [0], [], [], [], [], []]
    mine = pos.platform[0]
    pos.national = [[Card(Deck.OPINION, mine[0].issue, mine[0].stance, 1),
                     Card(Deck.OPINION, mine[0].issue, mine[0].stance, 2)], [], [], [], []]
    pos.members = [10, 20, 10]
    lines = score_lines(pos)
    stars = DATA.stars_full
    cdu = lines[0]
    assert cdu.seats == 15 and cdu.media == stars[0] + stars[1]  # DM11.1, DM11.2
    assert cdu.platform == DATA.spaces[0].points + 5  # DM11.4: +5 for a dominant space
    assert (cdu.bonus, lines[1].bonus, lines[2].bonus) == (0, 10, 0)  # DM11.3: a tie for second, no bonus
    assert cdu.total == cdu.seats + cdu.media + cdu.members + cdu.bonus + cdu.platform
    assert winners(lines) == (0,) and cdu.total > max(lines[1].total, lines[2].total)  # DM11.5


def test_dm18_23_a_tie_for_the_game_is_shared() -> None:
    pos = at_phase(Phase.ELECTION, round=2)
    pos.seats_won = [[10], [10], [0]]
    pos.national_media = [[], [], [], [], [], [], []]
    pos.national = [[], [], [], [], []]
    pos.members = [5, 5, 0]
    assert winners(score_lines(pos)) == (0, 1)


def test_dm10_4_with_no_card_on_a_new_issue_left_the_card_stays_face_down_once() -> None:
    from cmdsl.games.diemacher.context import Ctx
    from cmdsl.games.diemacher.end_of_round import turn_up
    game, before = end_game(1)
    pos = game.position
    b = next(k for k, bd in enumerate(pos.boards) if bd.in_play and any(not up for _, up in bd.opinions))
    board = pos.boards[b]
    slot = next(s for s, (_, up) in enumerate(board.opinions) if not up)
    shown = {c.issue for c in board.face_up()}
    # every other opinion card on an issue already face up there: nothing can replace the clash
    clash = next(c for c in pos.opinion_deck + pos.opinion_discard if c.issue in shown)
    for pile in (pos.opinion_deck, pos.opinion_discard):
        if clash in pile:
            pile.remove(clash)
    pos.opinion_discard.append(board.opinions[slot][0])
    board.opinions[slot] = (clash, False)
    keep = [c for c in pos.opinion_deck + pos.opinion_discard if c.issue in shown]
    gone = [c for c in pos.opinion_deck + pos.opinion_discard if c.issue not in shown]
    pos.opinion_deck, pos.opinion_discard = keep, []
    pos.pool.extend(gone)  # out of reach for the test (the pool's size is not checked here)
    turn_up(Ctx(game), b)
    assert board.opinions[slot] == (clash, False)
    assert pos.opinion_deck.count(clash) == 0
