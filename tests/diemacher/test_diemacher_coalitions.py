"""DM8.5, DM18.8, DM18.9 (coalitions by consent) and DM9.2–DM9.4 with coalitions."""

from __future__ import annotations

from typing import Any

from cmdsl.games.diemacher import events as E
from cmdsl.games.diemacher.cards import Card, Deck, Stance
from cmdsl.games.diemacher.coalitions import in_common
from cmdsl.games.diemacher.election import outcome
from cmdsl.games.diemacher.game import game_at
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.parties import Party
from cmdsl.games.diemacher.position import Phase

from .conftest import at_phase, texts

CDU, SPD, FDP, LINKE = Party.CDU, Party.SPD, Party.FDP, Party.LINKE
ISSUES = ("nuclear", "terror", "welfare", "genetics", "restructuring", "minimum-wage", "wage-cuts")


def platform(*stances: str) -> list[Card]:
    """Five platform cards on the first issues, "+" for, "-" against, "." an issue from the end."""
    out, spare = [], iter(ISSUES[::-1])
    for issue, s in zip(ISSUES, stances):
        if s == ".":
            issue, s = next(spare), "+"
        out.append(Card(Deck.PLATFORM, issue, Stance.FOR if s == "+" else Stance.AGAINST, 4))
    return out


def test_dm8_5_3_identical_face_up_platform_cards_in_common() -> None:
    assert in_common(platform("+", "+", "+", "-", "-"), platform("+", "+", "-", "+", "+")) == 2
    assert in_common(platform("+", "+", "+", "-", "-"), platform("+", "+", "+", "-", "+")) == 4


def coalition_game(platforms: dict[int, list[Card]], tiles: list[int], players: int = 4, **board: Any):  # type: ignore[no-untyped-def]
    pos = at_phase(Phase.MEDIA, players=players)  # as the coalitions find it (no card placed tiles here)
    pos.phase = Phase.COALITIONS
    pos.first = 0
    for i, p in platforms.items():
        pos.platform[i] = p  # the decks are not checked here: only the platforms matter
    b = pos.boards[pos.election]
    b.tiles = tiles
    for k, v in board.items():
        setattr(b, k, v)
    return game_at(pos)


def test_dm8_5_2_dm8_5_3_two_in_common_is_proposed_and_needs_consent() -> None:
    game = coalition_game({0: platform("+", "+", "-", "-", "-"), 1: platform("+", "+", "+", "+", "+")}, [0, 1])
    d = game.pending_decisions[0]
    assert d.player is CDU and d.kind is Kind.COALITION
    assert [o.id for o in d.options] == ["pass", "propose:spd"]
    game.answer("propose:spd", CDU)
    d = game.pending_decisions[0]
    assert d.player is SPD and d.kind is Kind.CONSENT  # D4: a decision of the party asked
    game.answer("accept", SPD)
    assert game.position.coalitions == [(0, 1)]
    assert "CDU/CSU and SPD form a coalition." in texts(game)


def test_dm18_8_a_decline_ends_the_proposer_s_turn_and_the_decliner_may_still_act() -> None:
    game = coalition_game({0: platform("+", "+", "-", "-", "-"), 1: platform("+", "+", "+", "+", "+"),
                           2: platform("+", "+", "+", ".", "."), 3: platform("-", "-", "-", "-", "-")},
                          [0, 1, 2])
    game.answer("propose:spd", CDU)
    game.answer("decline", SPD)
    assert "SPD declines CDU/CSU's coalition." in texts(game)
    d = game.pending_decisions[0]
    assert d.player is SPD and "force:fdp" in [o.id for o in d.options]  # 3 in common: forceable
    game.answer("force:fdp", SPD)
    assert game.position.coalitions == [(1, 2)]
    assert "SPD forces a coalition with FDP." in texts(game)
    assert game.position.boards[game.position.election].tiles == [1, 2]  # DM8.5.5: CDU's tile leaves
    state = game.position.boards[game.position.election].state.name
    assert f"The coalition tiles of CDU/CSU leave {state}." in texts(game)


def test_dm8_5_3_one_in_common_allows_none_and_dm8_5_2_only_tile_holders_take_part() -> None:
    game = coalition_game({0: platform("+", "-", "-", "-", "-"), 1: platform("+", "+", "+", "+", "+"),
                           2: platform("+", "+", "+", "+", "+")}, [0, 1])
    assert all(d.kind is not Kind.COALITION for d in game.pending_decisions)  # nothing to offer: no question
    assert game.position.coalitions == []


def test_dm8_5_6_no_coalition_under_the_anti_coalition_tile() -> None:
    game = coalition_game({0: platform("+", "+", "+", "+", "+"), 1: platform("+", "+", "+", "+", "+")}, [0, 1],
                          anti_coalition=True)
    assert all(d.kind is not Kind.COALITION for d in game.pending_decisions)


def election_position(votes: list[int], arrived: list[int], coalitions: list[tuple[int, int]]) -> Any:
    pos = at_phase(Phase.ELECTION, players=4)
    b = pos.boards[pos.election]
    b.votes, b.arrived, b.rallies = votes[:], arrived[:], [0, 0, 0, 0]
    pos.coalitions = coalitions
    return pos


def test_dm9_2_a_coalition_adds_its_votes_and_must_beat_every_other_side() -> None:
    pos = election_position([20, 15, 30, 0], [1, 2, 3, 0], [(0, 1)])
    assert outcome(pos, pos.election) == ((0, 1), (2,), False)
    pos = election_position([20, 15, 40, 0], [1, 2, 3, 0], [(0, 1)])
    assert outcome(pos, pos.election) == ((2,), (0, 1), False)


def test_dm9_3_a_tie_with_a_coalition_goes_to_the_side_with_the_party_of_most_votes() -> None:
    pos = election_position([20, 15, 35, 0], [1, 2, 3, 0], [(0, 1)])
    assert outcome(pos, pos.election) == ((2,), (0, 1), True)  # 35 against 20 + 15; FDP's 35 is the most
    pos = election_position([30, 5, 30, 5], [9, 1, 4, 2], [(0, 1), (2, 3)])
    assert outcome(pos, pos.election) == ((0, 1), (2, 3), True)  # level leaders: CDU's marker is on top


def test_dm9_4_a_coalition_s_partners_each_get_a_national_media_marker_and_a_card() -> None:
    pos = election_position([20, 15, 30, 0], [1, 2, 3, 0], [(1, 0)])
    pos.first = 0
    b = pos.boards[pos.election]
    b.media = [1, 1, 1, 0]
    game = game_at(pos)
    won = next(e for e in game.events if isinstance(e, E.ElectionWon))
    assert won.text().endswith("in coalition, win " + b.state.name + ".")
    assert sorted(game.position.national_media[pos.round - 1]) == [0, 1]
    d = game.pending_decisions[0]
    assert d.player is CDU and "card 1 of 1" in d.prompt  # the partner with more votes places first
    game.answer("done", CDU)
    d = game.pending_decisions[0]
    assert d.player is SPD and "card 1 of 1" in d.prompt


def test_dm18_16_a_narrow_win_over_a_coalition_gives_the_coalition_nothing() -> None:
    pos = election_position([20, 15, 35, 0], [1, 2, 3, 0], [(0, 1)])
    pos.first = 0
    pos.boards[pos.election].media = [1, 1, 1, 0]
    game = game_at(pos)
    won = next(e for e in game.events if isinstance(e, E.ElectionWon))
    assert won.winner is FDP and won.narrowly_against == (CDU, SPD) and won.narrow_loser is None
    assert game.position.national_media[pos.round - 1] == [2]
    assert "card 1 of 1" in game.pending_decisions[0].prompt
