"""DM8.1–DM8.4, DM8.6, DM18.4, DM18.7: the shadow-cabinet phase — placing face down in turn order,
the reveal and payment, telephones' coalition tiles, each party's cards in the order it likes; and
D3: a card face down is re-dealt for the others (what a bot searches), never for its owner."""

from __future__ import annotations

import random
from typing import Any

from cmdsl.games.diemacher.events_cabinet_phase import CabinetPlaced
from cmdsl.games.diemacher.game import diemacher_of, game_at
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.parties import Party
from cmdsl.games.diemacher.position import FACE_DOWN, TURNED_UP, USED, Phase

from .conftest import DATA, at_phase, texts

CDU, SPD, FDP = Party.CDU, Party.SPD, Party.FDP
COST = {c.id: c.cost for c in DATA.cabinet}


def cabinet_game(money: list[int] | None = None) -> Any:
    pos = at_phase(Phase.CABINET)
    pos.first = 0
    pos.money = money if money is not None else [60_000, 60_000, 60_000]
    for b in pos.boards:
        b.cabinet, b.tiles = [], []
    return game_at(pos)


def states(game: Any) -> list[str]:
    return [b.state.id for b in game.position.boards]


def test_dm8_1_a_party_places_up_to_four_cards_one_a_board_in_turn_order() -> None:
    game = cabinet_game()
    s = states(game)
    d = game.pending_decisions[0]
    assert d.player is CDU and d.kind is Kind.CABINET_PLACE and d.options[0].id == "stop"
    assert len(d.options) == 1 + 7 * 4  # every card on every board
    game.answer(f"place:chancellor:{s[0]}", CDU)
    ids = [o.id for o in game.pending_decisions[0].options]
    assert not any(i.endswith(f":{s[0]}") for i in ids)  # one card a board
    assert not any(i.startswith("place:chancellor:") for i in ids)  # DM8.6: each card once
    for card, k in (("backbencher", 1), ("speaker", 2), ("chief-whip", 3)):
        game.answer(f"place:{card}:{s[k]}", CDU)
    assert game.pending_decisions[0].player is SPD  # four placed: CDU/CSU's turn is over


def test_dm8_1_the_others_see_that_a_card_was_placed_not_which() -> None:
    game = cabinet_game()
    game.answer(f"place:finance-minister:{states(game)[2]}", CDU)
    placed = next(e for e in game.events if isinstance(e, CabinetPlaced))
    state = game.position.boards[2].state.name
    assert placed.redacted(SPD).text() == f"CDU/CSU places a cabinet card face down in {state}."
    assert placed.redacted(CDU).text() == f"CDU/CSU places the Finance Minister face down in {state}."
    view = game.view(SPD)
    assert view.boards[2].cabinet == ((CDU, None, "face down"),)
    assert game.view(CDU).boards[2].cabinet == ((CDU, "finance-minister", "face down"),)


def test_dm18_4_the_cards_placed_stay_within_the_party_s_money() -> None:
    game = cabinet_game([20_000, 60_000, 60_000])
    game.answer(f"place:finance-minister:{states(game)[0]}", CDU)  # €15,000 of €20,000
    ids = {o.id.split(":")[1] for o in game.pending_decisions[0].options[1:]}
    assert ids == {"backbencher", "chief-whip"}  # €2,000 and €4,000: the others cost more than €5,000


def test_dm8_2_dm8_4_the_reveal_payment_and_telephone_tiles() -> None:
    game = cabinet_game()
    s = states(game)
    game.answer(f"place:chief-whip:{s[1]}", CDU)  # a telephone
    game.answer("stop", CDU)
    game.answer(f"place:backbencher:{s[1]}", SPD)
    game.answer("stop", SPD)
    game.answer("stop", FDP)
    pos = game.position
    assert pos.money == [60_000 - COST["chief-whip"], 60_000 - COST["backbencher"], 60_000]
    # CDU/CSU, first in turn order, is resolving its one card; SPD's waits, turned up
    assert pos.boards[1].cabinet == [(0, "chief-whip", USED), (1, "backbencher", TURNED_UP)]
    assert pos.boards[1].tiles == [0] and pos.tiles == [3, 4, 4]  # DM8.4, DM18.9
    assert any(t.startswith("Cabinet cards turned up: CDU/CSU in ") for t in texts(game))


def test_dm8_3_dm18_7_each_party_resolves_all_its_cards_in_the_order_it_likes() -> None:
    game = cabinet_game()
    s = states(game)
    game.answer(f"place:backbencher:{s[1]}", CDU)
    game.answer(f"place:speaker:{s[2]}", CDU)
    game.answer("stop", CDU)
    game.answer("stop", SPD)
    game.answer("stop", FDP)
    d = game.pending_decisions[0]
    assert d.player is CDU and d.kind is Kind.CABINET_NEXT
    assert [o.id for o in d.options] == ["resolve:backbencher", "resolve:speaker"]
    game.answer("resolve:speaker", CDU)  # the later card first: the party's choice
    d = game.pending_decisions[0]
    assert d.player is CDU and d.kind is Kind.CABINET_ACTION  # the Speaker's menu
    assert [st for _, c, st in game.position.boards[2].cabinet if c == "speaker"] == [USED]
    assert [st for _, c, st in game.position.boards[1].cabinet if c == "backbencher"] == [TURNED_UP]


def test_dm8_3_a_card_resolves_its_chosen_action_here() -> None:
    game = cabinet_game()
    s = states(game)
    game.position.boards[1].votes = [0, 0, 0]
    game.answer(f"place:backbencher:{s[1]}", CDU)
    for a, seat in (("stop", CDU), ("stop", SPD), ("stop", FDP)):
        game.answer(a, seat)
    d = game.pending_decisions[0]
    first = d.options[0]
    assert "2 votes" in first.label or "two votes" in first.label, first.label
    game.answer(first.id, CDU)
    assert game.position.boards[1].votes[0] == 2  # the Backbencher: you gain 2 votes here


def test_dm12_1_the_short_game_has_no_chancellor() -> None:
    from .conftest import diemacher_game
    game = diemacher_game(1, 3, short=True, data=DATA)
    assert all("chancellor" not in hand for hand in game.position.cabinet)
    assert all(len(hand) == 6 for hand in game.position.cabinet)


def test_d3_a_face_down_card_is_a_checkpoint_and_is_re_dealt_for_the_others() -> None:
    game = cabinet_game()
    game.answer(f"place:finance-minister:{states(game)[0]}", CDU)
    assert diemacher_of(game).checkpoint[1] == len(game.answers)  # a checkpoint right after the card
    game.answer("stop", CDU)
    dealt = set()
    for k in range(30):
        copy = game.determinized(SPD, random.Random(k))
        dealt |= {c for i, c, st in copy.position.boards[0].cabinet if i == 0 and st == FACE_DOWN}
    assert len(dealt) > 1 and "finance-minister" in dealt
    for k in range(5):
        copy = game.determinized(CDU, random.Random(k))  # its own card: never re-dealt
        assert [c for i, c, _ in copy.position.boards[0].cabinet if i == 0] == ["finance-minister"]

