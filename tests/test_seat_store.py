"""A seat study kept in a file (`cmdsl balance --game NAME --db FILE [--resume]`, docs/balance.md):
a run stopped (fewer games asked, or Ctrl-C) and resumed gives the numbers of one never stopped;
a resumed run with other parameters, a file of another kind, a damaged row are each one line that
changes nothing; `cmdsl balance report FILE` prints the run's report again. Small studies of
random bots, one worker."""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cmdsl.cli import main
from cmdsl.games.cm2008.ui.study.store import Store
from cmdsl.games.racolage.loader import bundled_set
from cmdsl.kits.study import seats
from cmdsl.kits.study import seat_store
from cmdsl.kits.study.seat_store import SeatStore, row_from_json, row_json
from cmdsl.kits.study.seats import SeatRow
from cmdsl.kits.study.study_file import StoreError

RUN = ["balance", "--game", "racolage", "--players", "3", "--bot", "random", "--bot", "random", "--workers", "1",
       "--quiet"]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main([*RUN, *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _one_error(err: str) -> str:
    """The one error line of a refused command (and no traceback)."""
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.startswith("error:")]
    assert len(lines) == 1, err
    return lines[0]


def test_a_study_resumed_with_more_games_is_the_one_never_stopped(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, never_stopped, _ = _run(capsys, "--games", "9")
    assert code == 0
    db = tmp_path / "seats.db"
    code, first, err = _run(capsys, "--games", "4", "--db", str(db))
    assert code == 0 and "Played 4 games" in err
    # --resume takes the stored bots, players and seed; --games raises the count
    assert main(["balance", "--game", "racolage", "--db", str(db), "--resume", "--games", "9", "--workers", "1",
                 "--quiet"]) == 0
    out = capsys.readouterr()
    assert "Resuming " + str(db) + ": 4 finished games kept, 5 to play." in out.err
    assert "Played 5 games" in out.err
    assert out.out == never_stopped
    with SeatStore(str(db)) as store:
        rows = store.stored(100)
    assert sorted(rows) == list(range(9)) and [r.seed for r in rows.values()] == list(range(1, 10))
    # the report again, from the file alone
    assert main(["balance", "report", str(db)]) == 0
    assert capsys.readouterr().out == never_stopped
    # resumed once more: nothing to play, the same report
    code, again, err = _run(capsys, "--games", "9", "--db", str(db), "--resume")
    assert code == 0 and again == never_stopped and "9 finished games kept, 0 to play" in err


def test_ctrl_c_keeps_the_finished_games_and_resume_plays_the_rest(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    code, never_stopped, _ = _run(capsys, "--games", "8")
    db = tmp_path / "seats.db"
    real = seats.play_seat_job
    played: list[int] = []

    def interrupted(job: seats.SeatJob) -> SeatRow:
        if len(played) == 5:
            raise KeyboardInterrupt
        played.append(job.seed)
        return real(job)
    monkeypatch.setattr(seats, "play_seat_job", interrupted)
    code, out, err = _run(capsys, "--games", "8", "--db", str(db))
    assert code == 130 and out == ""
    assert err.strip().splitlines()[-1] == (f"Interrupted: 5 finished games kept; `cmdsl balance --game racolage "
                                            f"--db {db} --resume` plays the rest.")
    with SeatStore(str(db)) as store:
        assert sorted(store.stored(100)) == [0, 1, 2, 3, 4]  # written though the batch was not due
    # a run that did not end is not reported as if it had
    assert main(["balance", "report", str(db)]) == 1
    assert "holds a run that did not end (5 of 8 games)" in _one_error(capsys.readouterr().err)
    monkeypatch.setattr(seats, "play_seat_job", real)
    code, out, err = _run(capsys, "--db", str(db), "--resume")  # the stored count too
    assert code == 0 and "Resuming " + str(db) + ": 5 finished games kept, 3 to play." in err
    assert out == never_stopped


def test_a_run_that_stops_early_at_a_look_resumes_to_the_same_stop(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A set whose one health target is decided at the first look (50 games): stored after 30
    games and resumed with at most 150, it stops at the look the run never stopped stops at."""
    folder = tmp_path / "easy"
    shutil.copytree(bundled_set(), folder)
    data = folder / "racolage.yaml"
    text = data.read_text(encoding="utf-8")
    start = text.index("health:\n")
    end = text.index("seat_spread: 5", start)
    data.write_text(text[:start] + "health:\n  winner_score: [0, 100]\n" + text[end:].split("\n", 1)[1],
                    encoding="utf-8")
    cards = ["--cards", str(folder)]
    code, never_stopped, _ = _run(capsys, "--games", "150", *cards)
    assert code == 0 and "stopped at 50 of at most 150 games" in never_stopped
    db = tmp_path / "seats.db"
    assert _run(capsys, "--games", "30", "--db", str(db), *cards)[0] == 0
    code, out, err = _run(capsys, "--games", "150", "--db", str(db), "--resume")  # the stored --cards too
    assert code == 0 and out == never_stopped and "30 finished games kept, 120 to play" in err
    assert "Played 20 games" in err
    assert main(["balance", "report", str(db)]) == 0 and capsys.readouterr().out == never_stopped
    code, out, err = _run(capsys, "--games", "150", "--db", str(db), "--resume")
    assert code == 0 and out == never_stopped and "Played 0 games" in err


@pytest.mark.parametrize("args, differs", [
    (["--players", "4"], "--players 3 (this command: 4)"),
    (["--bot", "greedy", "--bot", "random"], "the tested --bot random (this command: greedy)"),
    (["--seed", "7"], "--seed 1 (this command: 7)"),
])
def test_a_resumed_run_with_other_parameters_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], differs: str) -> None:
    db = tmp_path / "seats.db"
    assert _run(capsys, "--games", "3", "--db", str(db))[0] == 0
    before = _digest(db)
    assert main(["balance", "--game", "racolage", "--db", str(db), "--resume", "--quiet", "--workers", "1",
                 *args]) == 1
    assert _one_error(capsys.readouterr().err) == (f"error: cannot resume {db} with other parameters: it was run "
                                                   f"with {differs}")
    assert _digest(db) == before


def test_another_card_set_is_refused_and_a_copy_of_the_same_is_not(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "seats.db"
    assert _run(capsys, "--games", "2", "--db", str(db))[0] == 0
    copy = tmp_path / "copy"
    shutil.copytree(bundled_set(), copy)
    with (copy / "media.yaml").open("a", encoding="utf-8") as f:
        f.write("# a comment changes no card\n")
    assert _run(capsys, "--games", "3", "--db", str(db), "--resume", "--cards", str(copy))[0] == 0  # same cards
    changed = tmp_path / "changed"  # (another folder: a process reads a folder's set once)
    shutil.copytree(bundled_set(), changed)
    media = changed / "media.yaml"
    text = media.read_text(encoding="utf-8")
    assert "    min: 3\n    max: 30    # RA7.6" in text
    media.write_text(text.replace("    min: 3\n    max: 30    # RA7.6", "    min: 0\n    max: 30    # RA7.6"),
                     encoding="utf-8")
    before = _digest(db)
    code, _, err = _run(capsys, "--games", "4", "--db", str(db), "--resume", "--cards", str(changed))
    assert code == 1 and _digest(db) == before
    assert _one_error(err).startswith(f"error: cannot resume {db} with other parameters: it was run with the card set ")


def test_a_new_run_needs_a_file_without_one_and_resume_needs_a_file(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "seats.db"
    assert _run(capsys, "--games", "2", "--db", str(db))[0] == 0
    before = _digest(db)
    code, _, err = _run(capsys, "--games", "2", "--db", str(db))
    assert code == 1 and _one_error(err) == f"error: {db} holds a run (2 games): --resume to continue it, or another file"
    code, _, err = _run(capsys, "--games", "2", "--resume")
    assert code == 1 and _one_error(err) == "error: balance: --resume needs the --db FILE of the run to resume"
    missing = tmp_path / "missing.db"
    code, _, err = _run(capsys, "--db", str(missing), "--resume")
    assert code == 1 and _one_error(err) == f"error: no seat-study file {missing}" and not missing.exists()
    assert _digest(db) == before
    # an A/B keeps no file yet
    code, _, err = _run(capsys, "--games", "2", "--db", str(tmp_path / "ab.db"), "--against", str(bundled_set()))
    assert code == 1 and "an A/B of two sets (--against) keeps no file yet" in _one_error(err)
    assert not (tmp_path / "ab.db").exists()


def test_a_file_of_another_kind_is_refused_in_one_line_and_left_as_it_is(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.db"
    text.write_text("not a database, some notes\n" * 100, encoding="utf-8")
    campaign = tmp_path / "cm2008.db"
    Store(str(campaign)).close()
    other = tmp_path / "other.db"  # a study file of a format this cmdsl does not know
    with sqlite3.connect(other) as c:
        c.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        c.execute("INSERT INTO meta VALUES ('format', 'cmdsl-other/9')")
    c.close()
    for path in (text, other, campaign):
        before = _digest(path)
        for args in (["--games", "2", "--db", str(path)], ["--db", str(path), "--resume"]):
            code, _, err = _run(capsys, *args)
            line = _one_error(err)
            assert code == 1 and line.startswith(f"error: {path} is ")
        assert main(["balance", "report", "--game", "racolage", str(path)]) == 1
        _one_error(capsys.readouterr().err)
        assert _digest(path) == before
    assert "is a cmdsl-balance/1 file, not a seat study's (cmdsl-seat-study/1)" in line
    # and the other way round: CM2008's study says where a seat study's file goes on
    seat = tmp_path / "seats.db"
    assert _run(capsys, "--games", "2", "--db", str(seat))[0] == 0
    assert main(["balance", "--db", str(seat), "--resume", "--quiet"]) == 1
    assert _one_error(capsys.readouterr().err).endswith(
        f"holds a seat study of racolage: `cmdsl balance --game racolage --db {seat} --resume` continues it")
    with pytest.raises(StoreError, match=r"is a cmdsl-seat-study/1 file; this cmdsl reads cmdsl-balance/1$"):
        Store(str(seat))


def test_a_damaged_row_is_one_line_naming_the_file_and_the_game(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "seats.db"
    assert _run(capsys, "--games", "4", "--db", str(db))[0] == 0
    with sqlite3.connect(db) as c:
        c.execute("UPDATE games SET row = ? WHERE idx = 2", ('{"seed": 3, "tested_seat": "two"}',))
    c.close()
    before = _digest(db)
    code, _, err = _run(capsys, "--games", "6", "--db", str(db), "--resume")
    assert code == 1 and _one_error(err).startswith(f"error: {db}: game 2 cannot be read (")
    assert main(["balance", "report", str(db)]) == 1
    assert _one_error(capsys.readouterr().err).startswith(f"error: {db}: game 2 cannot be read (")
    assert _digest(db) == before


def test_a_write_that_fails_is_one_line_that_keeps_the_games_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "seats.db"
    real = SeatStore.add
    writes: list[int] = []

    def add(self: SeatStore, rows: Any) -> None:
        writes.append(len(rows))
        if len(writes) == 3:
            with self._writing():
                raise sqlite3.OperationalError("database or disk is full")
        real(self, rows)
    monkeypatch.setattr(SeatStore, "add", add)
    monkeypatch.setattr(seat_store, "FLUSH_ROWS", 2)
    code, _, err = _run(capsys, "--games", "8", "--db", str(db))
    assert code == 1
    assert _one_error(err) == (f"error: cannot write to {db} (database or disk is full): is the disk full? "
                               f"(4 finished games kept; `cmdsl balance --game racolage --db {db} --resume` "
                               "plays the rest)")


def test_the_report_again_names_its_game_and_writes_its_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "seats.db"
    code, out, _ = _run(capsys, "--games", "3", "--db", str(db))
    assert main(["balance", "report", "--game", "racolage", str(db)]) == 0
    assert capsys.readouterr().out == out
    assert main(["balance", "report", "--game", "lobbys", str(db)]) == 1
    assert _one_error(capsys.readouterr().err) == (f"error: balance report: {db} holds a seat study of racolage, "
                                                   "not of lobbys (--game racolage, or no --game)")
    if importlib.util.find_spec("matplotlib") is not None:
        page = tmp_path / "page.html"
        assert main(["balance", "report", str(db), "--report", str(page)]) == 0
        assert capsys.readouterr().out == out
        assert "Racolage" in page.read_text(encoding="utf-8")


def test_a_game_without_cards_keeps_its_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Lobbys: no cards in its seat table; --people is one of its options, taken on --resume."""
    db = tmp_path / "lobbys.db"
    base = ["balance", "--game", "lobbys", "--players", "3", "--bot", "random", "--bot", "random", "--workers", "1",
            "--quiet"]
    assert main([*base, "--people", "--games", "3"]) == 0
    never_stopped = capsys.readouterr().out
    assert main([*base, "--people", "--games", "2", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["balance", "--game", "lobbys", "--db", str(db), "--resume", "--games", "3", "--quiet"]) == 0
    assert capsys.readouterr().out == never_stopped
    assert main(["balance", "--game", "lobbys", "--db", str(db), "--resume", "--players", "4", "--quiet"]) == 1
    assert "--players 3 (this command: 4)" in _one_error(capsys.readouterr().err)


def test_a_row_is_read_back_as_written_and_a_wrong_one_is_refused() -> None:
    row = SeatRow(3, 1, (0, 2), (5, 6, 7), (("M01", "A02"), (), ("M03",)), 12, 40, ((0,), (1, 2)),
                  ((("M01",), ("M01",), ()), ((), (), ()), (("M03", "M04"), ("M04",), ("M04",))), (("M01",), (), ("M03",)))
    assert row_from_json(row_json(row)) == row
    assert row_from_json(row_json(SeatRow(1, 0, (1,), ()))) == SeatRow(1, 0, (1,), ())
    for wrong in ('{"seed": true}', '[1]', row_json(row).replace('"winners":[0,2]', '"winners":[0,"2"]'),
                  row_json(row).replace('"cards":[[["M01"]', '"cards":[[[1]')):
        with pytest.raises((KeyError, ValueError)):
            row_from_json(wrong)
