"""Issue 24 item 6, for CM2008 as for Lobbys: `cmdsl replay` compares the result, and a record cut
short says it is incomplete instead of naming an event that "differs"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cmdsl.cli import main

from .conftest import CM2008


def record(tmp_path: Path, capsys: pytest.CaptureFixture[str], **changes: Any) -> Path:
    path = tmp_path / "game.json"
    assert main(["play", "--bot", "random", "--bot", "random", "--seed", "3", "--quiet", "--record", str(path),
                 "--cards", str(CM2008)]) == 0
    data = json.loads(path.read_text())
    assert data["result"] is not None  # a whole game
    for key, value in changes.items():
        data[key] = value(data) if callable(value) else value
    path.write_text(json.dumps(data))
    capsys.readouterr()
    return path


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["replay", str(path), "--cards", str(CM2008)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, (out.out + out.err).strip().splitlines()[-1]


def test_the_untouched_record_reproduces(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, last = replayed(record(tmp_path, capsys), capsys)
    assert code == 0 and last.startswith("Replay reproduces the record")


def test_an_edited_result_does_not_reproduce(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, last = replayed(record(tmp_path, capsys, result="Game over — Obama wins by a mile."), capsys)
    assert code == 1
    assert last.startswith('Replay diverges: the result differs: the record says "Game over — Obama wins by a '
                           'mile.", the replay gives "Game over — ')


def test_a_record_cut_short_says_it_is_incomplete(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, last = replayed(record(tmp_path, capsys, answers=lambda d: d["answers"][:30]), capsys)
    assert code == 1
    assert last.startswith("Replay diverges: the record is incomplete: its 30 answers replay ")
    assert last.endswith("events its log holds (answers are missing)")


def test_a_record_without_its_log_cut_short_says_it_is_incomplete(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, capsys, answers=lambda d: d["answers"][:30], log=None)
    code, last = replayed(path, capsys)
    assert code == 1
    assert last.startswith("Replay diverges: the record is incomplete: its 30 answers end before the game does, "
                           'yet it says "Game over')


def test_a_game_cmdsl_does_not_know_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, last = replayed(record(tmp_path, capsys, game="chess"), capsys)
    assert code == 1
    assert last == f"error: {tmp_path / 'game.json'}: game: unknown game 'chess' (cmdsl plays cm2008, diemacher, lobbys, racolage)"
