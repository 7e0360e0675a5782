"""Racolage Électoral's balance study (issue 31 §4; docs/racolage.md, "Balance"): the seat study
with each card's lift, and an A/B of a designer's set against the bundled one on the same seeds."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cmdsl.kits.study.seats_ab import changed_cards
from cmdsl.cli import main
from cmdsl.games.racolage.loader import bundled_set
from cmdsl.games.racolage.plugin import RacolageTable


def changed_set(tmp_path: Path) -> Path:
    """A designer's copy: M07's range starts at 0 (was 3) and A02 deals 3 Media cards (was 2)."""
    folder = tmp_path / "my-rac"
    assert main(["new-set", str(folder), "--game", "racolage"]) == 0
    media = (folder / "media.yaml").read_text(encoding="utf-8")
    assert "    min: 3\n    max: 30    # RA7.6" in media
    (folder / "media.yaml").write_text(media.replace("    min: 3\n    max: 30    # RA7.6", "    min: 0\n    max: 30    # RA7.6"),
                                       encoding="utf-8")
    actions = (folder / "actions.yaml").read_text(encoding="utf-8")
    (folder / "actions.yaml").write_text(actions.replace("least notoriety draws 2 media", "least notoriety draws 3 media"),
                                         encoding="utf-8")
    return folder


def test_an_ab_names_exactly_the_cards_whose_data_changed(tmp_path: Path) -> None:
    folder = changed_set(tmp_path)
    old = RacolageTable(3, str(bundled_set())).card_definitions()
    new = RacolageTable(3, str(folder)).card_definitions()
    assert changed_cards(old, new) == ("A02", "M07") and changed_cards(old, old) == ()


def test_the_seat_study_reports_each_cards_lift(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", "racolage", "--players", "3", "--games", "6", "--workers", "1", "--quiet",
                 "--bot", "greedy", "--bot", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "Cards (lift: the win share of the seats that played it" in out
    assert "Cards whose lift is beyond ±15 points with a Holm-adjusted p < 0.05:" in out
    assert "M01 The Chamber of Commerce Newsletter" in out or "too few games for a lift" in out


def test_an_ab_against_the_bundled_set_on_the_same_seeds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = changed_set(tmp_path)
    capsys.readouterr()
    report = tmp_path / "ab.html"
    args = ["balance", "--game", "racolage", "--players", "3", "--games", "8", "--workers", "1", "--quiet",
            "--cards", str(folder), "--against", str(bundled_set())]
    if importlib.util.find_spec("matplotlib") is not None:
        args += ["--report", str(report)]
    assert main(args) == 0
    out = capsys.readouterr().out
    verdict = out.split("\n\n")[0].splitlines()
    assert verdict[0] == "Verdict" and verdict[1].startswith("  The seats' shares of the wins did not move beyond chance over 8 paired games: ")  # the side result first
    assert verdict[2] == "  Changed: A02 The Great National Debate, M07 The Morning Economy Slot."
    assert "M07 The Morning Economy Slot: lift" in out and "8 paired games" in out
    assert "--resume" not in out  # a seat study keeps no database
    if report.exists():
        page = report.read_text(encoding="utf-8")
        assert "A/B of Racolage Électoral, 3 players, 8 paired games" in page and "M07 The Morning Economy Slot" in page


def test_against_is_not_an_option_of_a_game_without_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", "lobbys", "--games", "2", "--against", "x", "--quiet"]) != 0
    assert "--against is an option of" in capsys.readouterr().err


def test_an_ab_stops_at_the_first_look_that_decides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 58 item 4: a seat A/B plays both sets look by look and stops when the seats' shares
    are decided; it keeps the look's pairs (the first seeds) and says where it stopped."""
    from cmdsl.kits.study import seats_ab

    seen: list[int] = []

    def at_the_second_look(self: seats_ab.SeatComparison, z: float) -> bool:
        seen.append(len(self.new.rows))
        assert [r.seed for r in self.new.rows] == [r.seed for r in self.old.rows] == list(range(1, len(self.new.rows) + 1))
        return len(seen) == 2
    monkeypatch.setattr(seats_ab.SeatComparison, "decided", at_the_second_look)
    folder = changed_set(tmp_path)
    capsys.readouterr()
    assert main(["balance", "--game", "racolage", "--players", "2", "--bot", "random", "--games", "400", "--workers",
                 "2", "--quiet", "--cards", str(folder), "--against", str(bundled_set())]) == 0
    out, err = capsys.readouterr()
    assert seen == [50, 100] and "Played 200 games (100 pairs)" in err and "stopped at the look after 100 pairs" in err
    assert out.splitlines()[1].startswith("  Stopped after 100 of at most 400 pairs: ")
    assert "100 paired games" in out


def test_a_seat_ab_is_decided_by_a_move_beyond_chance_or_every_seat_surely_within_five_points() -> None:
    from cmdsl.kits.study.seats import SeatRow, SeatStudy
    from cmdsl.kits.study.seats_ab import SeatComparison

    def study(winners: list[int]) -> SeatStudy:
        rows = tuple(SeatRow(i + 1, i % 2, (w,), (1, 0) if w == 0 else (0, 1)) for i, w in enumerate(winners))
        return SeatStudy("G", "most", "tie", 2, "random", "random", rows)
    even = [i % 2 for i in range(2000)]
    shuffled = [1 - w if i % 3 == 0 else w for i, w in enumerate(even)]  # a third of the games change hands
    assert SeatComparison(study(shuffled), study(even), "new", "old", ()).decided(2.5)  # surely within ±5
    tilted = [0 if i % 4 else 1 for i in range(200)]  # seat 1 wins 75% instead of 50%
    assert SeatComparison(study(tilted), study(even[:200]), "new", "old", ()).decided(2.5)
    assert not SeatComparison(study(shuffled[:40]), study(even[:40]), "new", "old", ()).decided(2.5)
