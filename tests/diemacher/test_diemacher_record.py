"""DESIGN property 4 for Die Macher: a game is its record — replayed exactly, in this process and
in another; a tampered record is refused in one line saying where; an illegal answer changes
nothing (issue 56 items 4 and 5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cmdsl.errors import IllegalAnswer, RecordError
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.replay import from_record, replay

from .conftest import DATA, random_game, texts


@pytest.mark.parametrize("players, short", [(3, False), (5, True)])
def test_a_record_replays_exactly(players: int, short: bool) -> None:
    game = random_game(4, players, short=short)
    record = game.record()
    again, same = replay(json.loads(json.dumps(record)), game_data=DATA)
    assert same and texts(again) == texts(game) and again.result.text() == game.result.text()


def test_a_file_saved_at_the_repl_or_by_the_server_replays() -> None:
    """What a saved file adds (who played each party, whether it was debugged) is read, not refused:
    `cmdsl replay` of a game saved at the REPL or downloaded from `cmdsl serve` (issue 61 §3)."""
    game = random_game(4, 3)
    record = {**game.record(), "played_by": {"cdu": "human", "spd": "greedy", "fdp": "random"}, "debugged": False}
    again, same = replay(json.loads(json.dumps(record)), game_data=DATA)
    assert same and texts(again) == texts(game)
    for bad, said in [({"played_by": ["human"]}, "played_by: expected each party's player"),
                      ({"debugged": "no"}, "debugged: expected true or false")]:
        with pytest.raises(RecordError, match=said):
            replay({**game.record(), **bad}, game_data=DATA)


def test_a_record_replays_exactly_in_a_second_process(tmp_path: Path) -> None:
    game = random_game(9, 4)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    script = ("import json,sys; from cmdsl.games.diemacher.replay import replay; "
              "g, same = replay(json.load(open(sys.argv[1]))); print(same); print(g.result.text())")
    out = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["True", game.result.text()]


def test_a_game_in_progress_replays_to_the_same_decision() -> None:
    game = random_game(2, 3, answers=300)
    again = from_record(game.record(), game_data=DATA)
    assert again.pending_decisions == game.pending_decisions and texts(again) == texts(game)


def tampered(change):  # type: ignore[no-untyped-def]
    record = random_game(4, 3, answers=120).record()
    change(record)
    return record


@pytest.mark.parametrize("change, message", [
    (lambda r: r.__setitem__("seed", "x"), "record.seed: expected a whole number"),
    (lambda r: r.__setitem__("colour", 1), "record: unknown key 'colour'"),
    (lambda r: r.__setitem__("players", 6), "record.players: expected 3, 4 or 5"),
    (lambda r: r["parties"].__setitem__(0, "afd"), "record.parties[0]: unknown party 'afd'"),
    (lambda r: r["answers"].__setitem__(60, "bid:999999"), "record: answers[61]: cannot answer 'bid:999999'"),
    (lambda r: r["answers"].__setitem__(3, {"seat": "csu", "answer": "x"}), "record.answers[4].seat: unknown seat"),
    (lambda r: r.__setitem__("format", "cmdsl-record/9"), "record.format: expected 'cmdsl-record/2'"),
])
def test_a_tampered_record_is_refused_in_one_line(change, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RecordError) as e:
        from_record(tampered(change), game_data=DATA)
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


def test_a_record_of_another_set_is_refused() -> None:
    record = random_game(4, 3, answers=10).record()
    record["data"] = "0123456789abcdef"
    with pytest.raises(RecordError, match="played with the Die Macher set 0123456789abcdef"):
        from_record(record, game_data=DATA)


def test_an_illegal_answer_changes_nothing() -> None:
    game = random_game(5, 3, answers=200)
    before = (list(game.answers), texts(game), game.pending_decisions)
    d = game.pending_decisions[0]
    with pytest.raises(IllegalAnswer, match="is not an option"):
        game.answer("bid:999999999", d.player)
    assert (list(game.answers), texts(game), game.pending_decisions) == before


def test_a_typed_amount_answers_an_amount_decision() -> None:
    """D1: a bid is typed as an amount ("3000", "€3,000", "3k")."""
    game = random_game(5, 3, answers=0)
    while not game.over and game.pending_decisions[0].kind is not Kind.BID:
        d = game.pending_decisions[0]
        game.answer(d.options[0].id, d.player)
    d = game.pending_decisions[0]
    assert d.amount is not None and d.find("€3,000").id == "bid:3000" and d.find("3k").id == "bid:3000"


def test_d3_a_refused_contribution_is_re_dealt_for_the_others_and_kept_for_its_owner() -> None:
    """DM10.5, DM18.26, D3: after a refusal laid face down, a copy made for another party starts
    from a checkpoint that holds the card (not from the answer that laid it) and deals it anew
    among the refuser's unused cards; the refuser's own copy keeps it."""
    import random

    from cmdsl.games.diemacher.game import diemacher_of
    from cmdsl.games.diemacher.kinds import Kind
    from cmdsl.games.diemacher.position import Phase

    game = random_game(3, 3, answers=0)
    rng = random.Random(0)
    while not (game.position.phase is Phase.CONTRIBUTIONS and game.pending_decisions
               and game.pending_decisions[0].kind is Kind.CONTRIBUTION):
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    refuser = game.pending_decisions[0].player
    game.answer("refuse:40k", refuser)
    assert diemacher_of(game).checkpoint[1] == len(game.answers)  # a checkpoint right after the card
    other = game.pending_decisions[0].player
    amounts = {game.determinized(other, random.Random(k)).position.laid[0][1].amount for k in range(30)}
    assert len(amounts) > 1  # not always the real 40,000
    mine = {game.determinized(refuser, random.Random(k)).position.laid[0][1].amount for k in range(10)}
    assert mine == {40_000}
