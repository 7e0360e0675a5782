"""Issue 58 item 3: `cmdsl tune` — a plan names the numbers that may move, the tuner plays
candidates on common seeds (racing: the best third go on), stores its run in SQLite (--resume
continues it), writes the proposed set (never the designer's) and a report of each change with
the targets before and after. Played here on Lobbys, whose game is fast: its length is 7 turns a
round (L2.1: 6 tenders and the round's end), so a target of 13–15 turns asks for 2 rounds."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.errors import CardError
from cmdsl.kits.tune.plan import Move, numbers_of, read_plan
from cmdsl.kits.tune.search import candidate_numbers, write_candidate
from cmdsl.sets.number_paths import PathError, numbers_at, with_numbers

ROOT = Path(__file__).resolve().parent.parent

PLAN = """\
players: [3]
bot: random
games: 10
rounds: 2
confirm:
  games: 20
moves:
  - numbers: lobbys.yaml rounds
    set: [1, 5]
  - numbers: lobbys.yaml starting_points
    shift: [-50, 50]
"""


def _set(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(ROOT / "cards" / "lobbys", folder)
    path = folder / "lobbys.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "health:\n  turns: [13, 15]\n", encoding="utf-8")
    return folder


MEDIA = """\
# a comment the tuner keeps
media:
  - id: M01     # cheap
    value: 1
    min: 0
    max: 6
  - id: M02
    value: 9
    min: 20
    max: 40
  - id: M03
    value: 9
    min: 18
    max: 1_000
  - id: M04
    value: 6
    name: Six
    min: 12
    max: 30
"""


def test_a_path_picks_numbers_and_changing_them_keeps_the_rest_of_the_file() -> None:
    nines = numbers_at(MEDIA, "media.yaml", "media[value=9|1].min")
    assert [(n.label, n.value, n.line) for n in nines] == [("media[M01].min", 0, 5), ("media[M02].min", 20, 9),
                                                            ("media[M03].min", 18, 13)]
    assert [n.value for n in numbers_at(MEDIA, "media.yaml", "media[*].max")] == [6, 40, 1000, 30]
    assert [n.value for n in numbers_at(MEDIA, "media.yaml", "media[id=M04].value")] == [6]
    assert [n.label for n in numbers_at(MEDIA, "media.yaml", "media[1].min")] == ["media[M02].min"]
    changed = with_numbers(MEDIA, {n: n.value + 5 for n in nines})
    assert changed == MEDIA.replace("min: 0", "min: 5").replace("min: 20", "min: 25").replace("min: 18", "min: 23")
    for path, said in [("media[value=9].mn", "names nothing in media.yaml"), ("media[x].min", "[x] is not"),
                       ("media[*].name", "media[M04].name is Six, not a whole number"), ("media.min", "names nothing"),
                       ("media[0].min.x", "names nothing"), ("medi a", "is not a key")]:
        with pytest.raises(PathError, match=said.replace("[", r"\[")):
            numbers_at(MEDIA, "media.yaml", path)


def test_the_plan_is_read_with_located_errors(tmp_path: Path) -> None:
    plan_file = tmp_path / "plan.yaml"
    plan_file.write_text(PLAN, encoding="utf-8")
    plan = read_plan(plan_file)
    assert plan.players == (3,) and plan.bot == "random" and plan.games_at(1) == 30 and plan.confirm.games == 20
    assert plan.moves == (Move("lobbys.yaml", "rounds", "set", 1, 5, 8), Move("lobbys.yaml", "starting_points",
                                                                            "shift", -50, 50, 10))
    for wrong, said in [("moves:\n  - numbers: lobbys.yaml rounds\n    shift: [2, 1]\n", ":3:12: lobbys.yaml rounds: shift: expected low ≤ high"),
                        ("moves:\n  - numbers: lobbys.yaml rounds\n    shif: [1, 2]\n", "unknown key 'shif'"),
                        ("moves:\n  - numbers: lobbys.yaml\n    set: [1, 2]\n", ":2:14: lobbys.yaml: numbers: expected a file of the set and a path"),
                        ("moves:\n  - numbers: a.yaml x\n    set: [1, 2]\n    shift: [1, 2]\n", "give one of shift"),
                        ("games: 1\nmoves:\n  - numbers: a.yaml x\n    set: [1, 2]\n", ":1:8: games: expected a number from 2"),
                        ("games: 5\nmoves: []\n", ":2:8: moves: expected a non-empty list")]:
        plan_file.write_text(wrong, encoding="utf-8")
        with pytest.raises(CardError, match=said.replace("[", r"\[")):
            read_plan(plan_file)
    plan_file.write_text("moves:\n  - numbers: lobys.yaml rounds\n    set: [1, 2]\n", encoding="utf-8")
    with pytest.raises(CardError) as e:
        numbers_of(read_plan(plan_file), ROOT / "cards" / "lobbys", str(plan_file))
    assert str(e.value).startswith(f"{plan_file}:2: lobys.yaml: no such file in the set") and 'did you mean "lobbys.yaml"' in str(e.value)


def test_a_candidate_is_a_copy_with_its_numbers_changed(tmp_path: Path) -> None:
    plan_file = tmp_path / "plan.yaml"
    plan_file.write_text(PLAN, encoding="utf-8")
    plan = read_plan(plan_file)
    source = _set(tmp_path)
    numbers = numbers_of(plan, source)
    changes = candidate_numbers(plan, numbers, {"move0": 2, "move1": -20})
    assert sorted((n.label, v) for (_, n), v in changes.items()) == [("rounds", 2), ("starting_points", 80)]
    write_candidate(source, tmp_path / "cand", changes)
    text = (tmp_path / "cand" / "lobbys.yaml").read_text(encoding="utf-8")
    assert "rounds: 2                 # L2.1" in text and "starting_points: 80      # L1.5" in text
    assert "rounds: 3 " in (source / "lobbys.yaml").read_text(encoding="utf-8")  # the source is untouched


def test_tune_finds_the_numbers_writes_a_proposal_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("optuna")
    source = _set(tmp_path)
    before = {p.name: p.read_bytes() for p in source.iterdir() if p.is_file()}
    plan_file = tmp_path / "plan.yaml"
    plan_file.write_text(PLAN, encoding="utf-8")
    out = tmp_path / "out"
    args = ["tune", str(plan_file), "--game", "lobbys", "--cards", str(source), "--out", str(out), "--workers", "1"]
    assert main([*args, "--games", "300"]) == 0
    report = capsys.readouterr().out
    assert (out / "report.txt").read_text(encoding="utf-8") == report
    assert "rounds: 2" in (out / "set" / "lobbys.yaml").read_text(encoding="utf-8")  # 2 rounds: 14 turns
    assert {p.name: p.read_bytes() for p in source.iterdir() if p.is_file()} == before  # the designer's set
    assert "  lobbys.yaml rounds: set 2: rounds 3 → 2" in report and "  lobbys.yaml starting_points: unchanged" in report
    assert ("    turns: [13, 15]: MISSED (median 21 [21, 21] over 20 games) → met (median 14 [14, 14] over 20 games)"
            in report)
    assert report.startswith(f"cmdsl tune {plan_file} on {source} (Lobbys, 3 players; random at every seat)")
    with sqlite3.connect(out / "tune.db") as db:
        first = db.execute("select count(*) from trials").fetchone()[0]
    assert first >= 8
    assert main([*args, "--games", "300"]) == 1  # the folder holds a run: --resume it or give another
    assert "the folder is not empty" in capsys.readouterr().err
    assert main([*args, "--games", "600", "--resume"]) == 0
    capsys.readouterr()
    with sqlite3.connect(out / "tune.db") as db:
        assert db.execute("select count(*) from trials").fetchone()[0] > first  # it went on
    plan_file.write_text(PLAN.replace("games: 10", "games: 12"), encoding="utf-8")
    assert main([*args, "--games", "900", "--resume"]) == 1
    assert "the plan changed since this run started" in capsys.readouterr().err


def test_tune_refuses_what_it_cannot_do_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("optuna")
    plan_file = tmp_path / "plan.yaml"
    plan_file.write_text(PLAN, encoding="utf-8")
    plain = tmp_path / "plain"
    shutil.copytree(ROOT / "cards" / "lobbys", plain)
    assert main(["tune", str(plan_file), "--game", "lobbys", "--cards", str(plain), "--out", str(tmp_path / "o")]) == 1
    assert "has no health targets to tune towards" in capsys.readouterr().err
    source = _set(tmp_path)
    assert main(["tune", str(plan_file), "--game", "lobbys", "--cards", str(source), "--out", str(source / "x")]) == 1
    assert "not in or around the set being tuned" in capsys.readouterr().err
    assert main(["tune", str(plan_file), "--game", "cm2008", "--out", str(tmp_path / "o")]) == 1
    assert "cm2008" in capsys.readouterr().err.lower()


def test_ctrl_c_keeps_the_run_and_says_how_to_go_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("optuna")
    from cmdsl.kits.tune import search

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt
    monkeypatch.setattr(search, "search", interrupted)
    plan_file = tmp_path / "plan.yaml"
    plan_file.write_text(PLAN, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["tune", str(plan_file), "--game", "lobbys", "--cards", str(_set(tmp_path)), "--out", str(out)]) == 130
    captured = capsys.readouterr()
    assert captured.err.startswith(f"Interrupted: the candidates finished are kept in {out / 'tune.db'}; ")
    assert "--resume` goes on" in captured.err and "Traceback" not in captured.err + captured.out
