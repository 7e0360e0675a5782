"""Issue 24 item 6: every field of a Lobbys record is checked as CM2008's are, and `cmdsl replay`
says what is wrong: an edited result, a game cmdsl does not know, a contract card given as a pick
(L1.3: face cards are contracts, never in a hand), a record cut short."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cmdsl.cli import main

from .conftest import random_game


def record(tmp_path: Path, **changes: Any) -> Path:
    data = json.loads(json.dumps(random_game(3, 3, 99).record()))
    assert data["result"] is not None  # a whole game
    for key, value in changes.items():
        value = value(data) if callable(value) else value
        data[key] = value
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return path


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["replay", str(path)])
    out = capsys.readouterr()
    text = (out.out + out.err).strip()
    assert "Traceback" not in text
    return code, text.splitlines()[-1]


def test_the_untouched_record_reproduces(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, last = replayed(record(tmp_path), capsys)
    assert code == 0 and last.startswith("Replay reproduces the record")


def test_an_edited_result_does_not_reproduce(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, result="Game over (after 3 rounds): Player 2 wins with 999 points.")
    code, last = replayed(path, capsys)
    assert code == 1
    assert last.startswith("Replay diverges: the result differs: the record says \"Game over (after 3 rounds): "
                           "Player 2 wins with 999 points.\", the replay gives \"Game over (after 3 rounds): ")


def test_a_game_cmdsl_does_not_know_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, last = replayed(record(tmp_path, game="chess"), capsys)
    assert code == 1
    assert last == f"error: {tmp_path / 'r.json'}: game: unknown game 'chess' (cmdsl plays cm2008, diemacher, lobbys, racolage)"


def test_a_contract_card_as_a_pick_says_what_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def first_is_kh(data: dict[str, Any]) -> list[Any]:
        return [{**data["answers"][0], "answer": "KH"}, *data["answers"][1:]]

    code, last = replayed(record(tmp_path, answers=first_is_kh), capsys)
    assert code == 1
    assert last == (f"error: {tmp_path / 'r.json'}: answers[1].answer: 'KH' is a contract card (L1.3), never in a "
                    "hand: a pick is a card of the Offer deck (such as 7H, AS, 10D)")


def test_a_record_cut_short_says_it_is_incomplete(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, last = replayed(record(tmp_path, answers=lambda d: d["answers"][:40]), capsys)
    assert code == 1
    assert last.startswith("Replay diverges: the record is incomplete: its 40 answers replay ")
    assert "answers are missing" in last
