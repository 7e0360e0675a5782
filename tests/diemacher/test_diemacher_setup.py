"""DM1, DM3, DM12.1, DM13, DM18.1: what a new game holds."""

from __future__ import annotations

import pytest

from cmdsl.games.diemacher import events as E
from cmdsl.games.diemacher.game import diemacher_game
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.parties import PARTIES, Party, parties_for
from cmdsl.games.diemacher.position import Phase

from .conftest import DATA
from .invariants import check


@pytest.mark.parametrize("players", [3, 4, 5])
def test_dm3_a_new_game(players: int) -> None:
    game = diemacher_game(7, players, data=DATA)
    pos = game.position
    assert pos.phase is Phase.PRELIMINARY and pos.round == 0
    assert pos.money == [25_000] * players  # DM1.11, DM3.1
    assert pos.members == [5] * players  # DM3.8
    for i in range(players):
        assert len(pos.platform[i]) == 5 and len({c.issue for c in pos.platform[i]}) == 5  # DM3.2
        assert len(pos.hand[i]) == 3  # DM3.3
        assert len(pos.contributions[i]) == 5  # DM1.8, DM3.1
    assert [sum(up for _, up in b.opinions) for b in pos.boards] == [4, 3, 2, 1]  # DM3.5
    assert all(len(b.opinions) == 4 for b in pos.boards)
    for b in pos.boards:
        up = b.face_up()
        assert len({c.issue for c in up}) == len(up)  # DM3.5: face-up cards on different issues
        assert b.rallies == [1] * players and b.votes == [0] * players  # DM3.6
        assert b.popularity == [0] * players
    assert [b.payout for b in pos.boards] == [1, None, 3, None]  # DM3.7
    assert len(pos.state_deck) == 12  # DM3.4: the other 12 face down
    assert len(pos.pool) == 6  # DM3.9
    assert len({s.id for s in [b.state for b in pos.boards if b.state]} | {s.id for s in pos.state_deck}) == 16
    check(pos)


def test_dm3_3_hands_are_seen_by_their_holder_only() -> None:
    game = diemacher_game(7, 3, data=DATA)
    dealt = [e for e in game.events if isinstance(e, E.HandDrawn)]
    assert len(dealt) == 3
    first = dealt[0]
    assert first.redacted(Party.SPD).text() == "CDU/CSU draws 3 platform cards."
    assert first.redacted(Party.CDU).cards == tuple(game.position.hand[0])


def test_dm1_2_dm1_3_dm1_4_decks_and_issues() -> None:
    assert len(DATA.issues) == 7  # DM1.2, DM18.24
    assert DATA.issues[-1].id == "wage-cuts" and DATA.issues[-1].authored  # DM18.24
    assert len(DATA.issues) * 2 * DATA.platform_per_stance == 56  # DM1.3
    assert len(DATA.issues) * 2 * DATA.opinion_per_stance == 42  # DM1.4
    assert len(DATA.polls) == 20 and sum(p.seven for p in DATA.polls) == 10  # DM1.7
    assert len(DATA.contributions) == 5 and [c.amount for c in DATA.contributions if c.seven] == [50_000]  # DM1.8
    assert len(DATA.states) == 16  # DM1.5


def test_dm18_1_parties_are_seats_named_by_party() -> None:
    assert parties_for(3) == (Party.CDU, Party.SPD, Party.FDP)
    assert parties_for(3, (Party.GRUENE, Party.SPD, Party.LINKE)) == (Party.SPD, Party.LINKE, Party.GRUENE)
    assert [p.value for p in PARTIES] == ["cdu", "spd", "fdp", "linke", "gruene"]
    for bad in (2, 6):
        with pytest.raises(ValueError, match="3 to 5 players"):  # DM1.1
            parties_for(bad)


def test_dm12_1_the_short_game_removes_the_seven_cards() -> None:
    game = diemacher_game(7, 4, short=True, data=DATA)
    pos = game.position
    assert len(pos.poll_deck) == 10 and not any(p.seven for p in pos.poll_deck)
    assert all(len(c) == 4 and not any(x.seven for x in c) for c in pos.contributions)
    assert pos.rounds == 5 and len(pos.national_media) == 5  # DM12.3


def test_dm13_1_no_rule_depends_on_the_player_count() -> None:
    a, b = diemacher_game(3, 3, data=DATA).position, diemacher_game(3, 5, data=DATA).position
    assert len(a.pool) == len(b.pool) == 6
    assert (len(a.poll_deck), a.money[0], a.members[0]) == (len(b.poll_deck), b.money[0], b.members[0])


def test_dm4_1_the_preliminary_sheets_are_secret_and_simultaneous() -> None:
    game = diemacher_game(7, 3, data=DATA)
    pending = game.pending_decisions
    assert {d.player for d in pending} == {Party.CDU, Party.SPD, Party.FDP}
    assert all(d.kind is Kind.PRELIMINARY for d in pending)
    logged = len(game.events)
    game.answer("board:" + game.position.boards[0].state.id, Party.SPD)
    assert len(game.events) == logged  # nothing is revealed before every sheet is done
