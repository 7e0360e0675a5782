"""A designer's own Lobbys set (issue 25, "for every game's sets"): a folder holding lobbys.yaml,
written by `cmdsl new-set DIR --game lobbys`, checked by `cmdsl check DIR` (with warnings), chosen by
--cards or cmdsl.toml for play, balance, scenario and replay, with its own tests (`cmdsl test DIR`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cmdsl.checking import check_once
from cmdsl.cli import main
from cmdsl.errors import shown_path
from cmdsl.games.lobbys.data import load_data
from cmdsl.games.lobbys.new_set import lobbys_files

from ..conftest import edit, line_of

REPO = Path(__file__).resolve().parents[2]


def new_lobbys(tmp_path: Path, capsys: pytest.CaptureFixture[str] | None = None) -> Path:
    folder = tmp_path / "my-lobbys"
    assert main(["new-set", str(folder), "--game", "lobbys"]) == 0
    if capsys is not None:
        capsys.readouterr()
    return folder




def test_new_set_writes_the_published_numbers_commented_and_an_example_that_passes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new_lobbys(tmp_path)
    out = capsys.readouterr().out
    assert out.startswith(f"Wrote a Lobbys set to {folder}: lobbys.yaml, scenarios/example.yaml.")
    assert load_data(folder / "lobbys.yaml") == load_data()  # the published game's numbers
    assert lobbys_files("x")["lobbys.yaml"].count("# L") >= 10  # each part cites its rule
    report = check_once([str(folder)])
    assert report.ok and report.out.startswith(f"{folder}: ok — Lobbys: 3 rounds of 6 tenders")
    assert "warning" not in report.out
    assert main(["scenario", str(folder / "scenarios" / "example.yaml"), "--cards", str(folder)]) == 0
    assert "expect: 7 checks passed" in capsys.readouterr().out
    assert main(["test", str(folder), "--update"]) == 0
    assert main(["test", str(folder)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{folder}: 1 scenario: 1 passed"


def test_a_changed_number_fails_the_sets_own_test_with_the_difference(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new_lobbys(tmp_path, capsys)
    assert main(["test", str(folder), "--update"]) == 0
    edit(folder / "lobbys.yaml", "starting_points: 100", "starting_points: 120")  # L1.5
    capsys.readouterr()
    assert main(["test", str(folder)]) == 1
    out = capsys.readouterr().out
    assert re.search(rf"{re.escape(str(folder / 'scenarios' / 'example.yaml'))}:\d+:\d+: scenario 'a trump offer wins "
                     r"the tender and is paid its rank': expect.points.p1: expected 102, got 122", out), out


def test_check_warns_at_the_line_to_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Lobbys analogues of issue 25's warnings: a player count nobody can play (L1.1, L1.4), ranks
    never dealt (L1.4), a shared majority worth more than one alone (L7.1)."""
    folder = new_lobbys(tmp_path, capsys)
    data = folder / "lobbys.yaml"
    edit(data, "  - players: 5\n    top_rank: 10\n", "")
    edit(data, "    - tied: 2\n      points: 6\n", "    - tied: 2\n      points: 14\n")
    assert main(["check", str(folder)]) == 0  # warnings are not errors
    out = capsys.readouterr().out
    warnings = [ln for ln in out.splitlines() if ln.startswith("warning: ")]
    cut, points = line_of(data, r"^deck_cut:"), line_of(data, r"points: 14")
    assert warnings == [
        f"warning: {data}:{cut}:1: no deck cut for 5 players: this set cannot be played by 5 (L1.1, L1.4)",
        f"warning: {data}:{cut}:1: ranks 9 to 10 are in no player count's Offer deck (L1.4): they are never dealt, "
        "only drawn as People cards in The People Speak (L10)",
        f"warning: {data}:{points}:15: a majority shared by 2 scores 14 each, more than one held alone (12): L7.1 "
        "shares the majority's points"]
    assert "give a shared majority at most 12" in out
    assert main(["balance", "--game", "lobbys", "--cards", str(folder), "--players", "5", "--games", "1"]) == 1
    assert "this Lobbys set is played by 2, 3, 4 players (its deck_cut, L1.4), not 5" in capsys.readouterr().err


def test_a_broken_lobbys_set_is_one_located_error(tmp_path: Path) -> None:
    folder = new_lobbys(tmp_path)
    edit(folder / "lobbys.yaml", "rounds: 3", "rounds: three")
    report = check_once([str(folder)])
    assert not report.ok and report.err.startswith(f"{folder / 'lobbys.yaml'}:")
    assert "rounds: expected a whole number" in report.err


def test_check_of_a_parent_folder_checks_every_games_sets(tmp_path: Path) -> None:
    report = check_once([str(REPO / "cards")])
    assert report.ok
    assert [ln.split(":")[0] for ln in report.out.splitlines()] == [shown_path(REPO / "cards" / "cm2008"),
                                                                      shown_path(REPO / "cards" / "diemacher"),
                                                                      shown_path(REPO / "cards" / "lobbys"),
                                                                      shown_path(REPO / "cards" / "racolage")]


def test_play_balance_scenario_and_replay_use_the_chosen_lobbys_set(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_lobbys(tmp_path, capsys)
    edit(folder / "lobbys.yaml", "starting_points: 100", "starting_points: 500")
    record = tmp_path / "game.json"
    assert main(["play", "--game", "lobbys", "--cards", str(folder), "--players", "3", "--seed", "4", "--quiet",
                 "--record", str(record)]) == 0
    out, err = capsys.readouterr()
    assert f"Using Lobbys set {folder} (--cards)." in err
    assert re.search(r"wins with [4-9]\d\d points", out), out  # 500 to start, not 100
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["data"] == load_data(folder / "lobbys.yaml").fingerprint
    assert main(["replay", str(record), "--cards", str(folder)]) == 0
    assert "Replay reproduces the record" in capsys.readouterr().out
    # with other data, the record says so before anything is replayed
    assert main(["replay", str(record)]) == 1
    assert f"played with the Lobbys data {saved['data']}; this data is {load_data().fingerprint}" in \
        capsys.readouterr().err
    # cmdsl.toml names it for every command
    (tmp_path / "cmdsl.toml").write_text(f'[cards]\nlobbys = "{folder.name}"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["balance", "--game", "lobbys", "--games", "2", "--quiet"]) == 0
    assert f"Using Lobbys set {folder.name} (named by cmdsl.toml)." in capsys.readouterr().err


def test_a_record_without_data_replays_with_the_bundled_data(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    """Records written before Lobbys sets had no `data` key: they are the bundled data's."""
    record = tmp_path / "old.json"
    assert main(["play", "--game", "lobbys", "--players", "2", "--seed", "1", "--quiet", "--record", str(record)]) == 0
    saved = json.loads(record.read_text(encoding="utf-8"))
    del saved["data"]
    record.write_text(json.dumps(saved), encoding="utf-8")
    assert main(["replay", str(record)]) == 0
