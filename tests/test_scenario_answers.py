"""Issue 55 §9: a scenario's answers are checked without playing it — by `cmdsl check`, as the
editor shows them (tests/lsp) — : an option id of a kind the game has not, or naming what the set
has not (`state:ohoi`), is a located error with the id it may have meant."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cmdsl.checking import check_once
from cmdsl.cli import main

from .conftest import deep_after

CARDS = Path(__file__).resolve().parents[1] / "cards"


def _copy(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / game
    shutil.copytree(CARDS / game, folder, ignore=shutil.ignore_patterns("__snapshots__"))
    return folder


def _break(file: Path, old: str, new: str) -> int:
    """Replace ``old`` once in ``file``; the (1-based) line and column of ``new``."""
    text = file.read_text(encoding="utf-8")
    at = text.index(old)
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:at].count("\n") + 1


def test_a_misspelt_state_answer_is_an_error_of_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(tmp_path, "cm2008")
    scenario = folder / "scenarios" / "obama-yes-we-can.yaml"
    line = _break(scenario, "'state:florida'", "'state:floirda'")
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1, err  # one line
    assert err[0].startswith(f"{scenario}:{line}:") or f"obama-yes-we-can.yaml:{line}:" in err[0]
    assert '"floirda" is not a state of this set; did you mean "state:florida"?' in err[0]


@pytest.mark.parametrize(("old", "new", "said"), deep_after(2, [
    ("'state:florida'", "'stat:florida'", '"stat:florida" is no kind of answer'),
    ("'state:florida'", "'card:obama-yes-we-cann'", 'did you mean "card:obama-yes-we-can"?'),
    ("'state:florida'", "'block:econmy:2'", 'did you mean "block:economy:2"?'),
    ("'state:florida'", "'option:0'", '"0" is not an option (a whole number from 1)'),
    ("'state:florida'", '"state:floi\\x72da"', 'did you mean "state:florida"?'),  # a YAML escape hides no answer
]))
def test_each_kind_of_cm2008_answer_names_what_the_set_has(tmp_path: Path, old: str, new: str, said: str) -> None:
    folder = _copy(tmp_path, "cm2008")
    _break(folder / "scenarios" / "obama-yes-we-can.yaml", old, new)
    report = check_once([str(folder)])
    assert not report.ok and said in report.err, report.err


def test_a_racolage_answer_naming_no_card_is_an_error_of_check(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "racolage")
    line = _break(folder / "scenarios" / "cards.yaml", "play:A44", "play:A4")
    report = check_once([str(folder)])
    assert not report.ok
    assert f"cards.yaml:{line}:" in report.err and '"A4" is not a card id of this set' in report.err, report.err


def test_labels_bare_ids_and_refusals_are_left_to_the_run(tmp_path: Path) -> None:
    """`pass` and a label ("labels work too") are not ids to check; a scenario that expects to be
    refused may answer wrongly on purpose; the bundled sets' scenarios all pass."""
    assert check_once([str(CARDS / "cm2008"), str(CARDS / "racolage")]).ok
    folder = _copy(tmp_path, "cm2008")
    _break(folder / "scenarios" / "obama-yes-we-can.yaml", "'state:florida'", "Florida")
    assert check_once([str(folder)]).ok
