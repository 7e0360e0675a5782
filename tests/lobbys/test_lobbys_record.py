"""A Lobbys game is its record (DESIGN property 4): record → JSON → replay gives the same game,
and a malformed record is one located ``RecordError``, never a traceback."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cmdsl.errors import RecordError
from cmdsl.games.lobbys import LobbysGame, LobbysSeat, first_difference, replay
from cmdsl.games.lobbys.game import from_record, history, lobbys_game

from .conftest import DATA, random_game


def played(players: int = 3, variant: bool = False, steps: int = 99, seed: int = 6) -> LobbysGame:
    return random_game(seed, players, steps, variant=variant)


@pytest.mark.parametrize("players, variant, steps", [(2, True, 99), (3, False, 99), (4, True, 10), (5, False, 99)])
def test_a_record_through_json_replays_the_same_game(players: int, variant: bool, steps: int) -> None:
    g = played(players, variant, steps)
    data = json.loads(json.dumps(g.record()))
    assert data["format"] == "cmdsl-record/2" and data["game"] == "lobbys" and data["players"] == players
    assert data["people_variant"] is variant and data["seed"] == 6
    assert data["answers"][0] == {"seat": "p1", "answer": history(g)[0].answer}
    assert len(data["answers"]) == len(g.answers) and data["log"] == [e.text() for e in g.events]
    again, ok = replay(data, game_data=DATA)
    assert ok and [e.text() for e in again.events] == data["log"] and again.result == g.result
    assert again.pending_decisions == g.pending_decisions


def test_a_record_keeps_a_pick_made_before_the_reveal() -> None:
    g = played(3, steps=2)
    g.answer(g.pending_decisions[2].options[0].id, LobbysSeat.P3)
    again = from_record(json.loads(json.dumps(g.record())), game_data=DATA)
    assert again.view(LobbysSeat.P3).my_pick == g.view(LobbysSeat.P3).my_pick is not None
    assert [d.player for d in again.pending_decisions] == [LobbysSeat.P1, LobbysSeat.P2]


def test_a_fork_records_the_whole_games_answers_without_a_log() -> None:
    g = played(3, steps=4)
    f = g.fork()
    rec = f.record()
    assert rec["log"] is None and rec["answers"] == g.record()["answers"]
    assert replay(rec, game_data=DATA)[1]


def test_a_log_that_differs_is_found() -> None:
    g = played(3)
    data = g.record()
    data["log"][30] = "Something else happened."
    again, ok = replay(data, game_data=DATA)
    assert not ok and first_difference(again, data["log"]) == 30
    assert first_difference(again, [e.text() for e in g.events]) is None


def _record() -> dict[str, Any]:
    return json.loads(json.dumps(played(3, steps=3).record()))


def _with(**changes: Any) -> dict[str, Any]:
    data = _record()
    data.update(changes)
    return data


@pytest.mark.parametrize("data, message", [
    ([], "record: not a game record (a JSON object), got []"),
    (_with(format="cmdsl-record/1"), "record: format: not a cmdsl game record (expected 'cmdsl-record/2'"),
    (_with(game="cm2008"), "record: game: not a Lobbys record (expected 'lobbys'; got 'cm2008')"),
    ({k: v for k, v in _record().items() if k != "game"}, "record: game: not a Lobbys record"),
    (_with(gmae="lobbys"), "record: unknown key 'gmae' (did you mean 'game'?)"),
    (_with(players=6), "record: players: expected a whole number from 2 to 5, got 6"),
    (_with(players=True), "record: players: expected a whole number from 2 to 5, got True"),
    (_with(players=5, people_variant=True, answers=[]), "people_variant: 'The People Speak' cannot be played by 5"),
    (_with(people_variant="yes"), "record: people_variant: expected true or false, got 'yes'"),
    (_with(seed=-1), "record: seed: expected a whole number from 0 to"),
    (_with(seed="6"), "record: seed: expected a whole number"),
    (_with(answers="7H"), "record: answers: expected a list, got '7H'"),
    (_with(answers=["7H"]), 'record: answers[1]: expected {"seat": …, "answer": …}, got \'7H\''),
    (_with(answers=[{"seat": "p9", "answer": "7H"}]), "record: answers[1].seat: unknown seat 'p9' (this game's "
                                                      "seats are p1, p2, p3)"),
    (_with(answers=[{"seat": "p4", "answer": "7H"}]), "record: answers[1].seat: unknown seat 'p4'"),
    (_with(answers=[{"seat": "p1", "answer": "QH"}]), "record: answers[1].answer: 'QH' is a contract card (L1.3), never in a hand"),
    (_with(log="x"), "record: log: expected a list of texts, got 'x'"),
    (_with(result=3), "record: result: expected a text, got 3"),
])
def test_a_malformed_record_is_one_located_error(data: Any, message: str) -> None:
    with pytest.raises(RecordError) as e:
        replay(data, game_data=DATA)
    assert str(e.value).startswith(message) or message in str(e.value), str(e.value)


def test_an_answer_the_game_refuses_is_located_with_the_reason() -> None:
    data = _record()
    hand_of_p2 = lobbys_game(data["seed"], 3, data=DATA).position.lobbys.hands[1]
    data["answers"][0] = {"seat": "p1", "answer": hand_of_p2[0].id}  # a card P1 does not hold
    with pytest.raises(RecordError, match=r"^record: answers\[1\]: p1 cannot answer '\w+': .*not an option of Player 1"):
        replay(data, game_data=DATA)
    data = _record()
    data["answers"][1] = dict(data["answers"][0])  # P1 picks twice in one step
    with pytest.raises(RecordError, match=r"^record: answers\[2\]: p1 cannot answer .*Player 1 has no decision"):
        replay(data, game_data=DATA)


def test_answers_after_the_end_are_refused() -> None:
    data = played(2).record()
    data["answers"].append(data["answers"][-1])
    with pytest.raises(RecordError, match=r"answers\[43\]: the game is over already: the record has 1 answer"):
        replay(data, game_data=DATA)
