"""Faults around `cmdsl balance` (issue 24): its workers end quietly when it is killed, and a write
that fails (a full disk) is one line that keeps every game already written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import CM2008


def _children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


# deep: a fault injected into a run of `cmdsl balance` as a child (issue 55 item 13)
@pytest.mark.deep
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc (Linux)")
def test_workers_of_a_killed_run_end_quietly(tmp_path: Path) -> None:
    err = tmp_path / "err.txt"
    with err.open("wb") as stderr:
        parent = subprocess.Popen([sys.executable, "-m", "cmdsl.cli", "balance", "--bot", "random", "--bot", "random",
                                   "--workers", "2", "--games", "100000", "--quiet", "--db", str(tmp_path / "k.db"),
                                   "--cards", str(CM2008)], stdout=subprocess.DEVNULL, stderr=stderr)
        try:
            deadline = time.monotonic() + 60
            while len(_children(parent.pid)) < 2 and time.monotonic() < deadline:
                time.sleep(0.2)
            workers = _children(parent.pid)
            assert len(workers) >= 2, "the pool did not start"
            time.sleep(2)  # games under way
            os.kill(parent.pid, signal.SIGKILL)
            parent.wait()
            deadline = time.monotonic() + 30
            while any(_alive(w) for w in workers) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert not any(_alive(w) for w in workers), "a worker outlived its parent"
        finally:
            for w in _children(parent.pid):
                os.kill(w, signal.SIGKILL)
    text = err.read_text(errors="replace")
    assert "Traceback" not in text and "BrokenPipe" not in text, text[-2000:]


# ---- a full disk (issue 24 item 3) ---------------------------------------------------------------

import resource  # noqa: E402
import sqlite3  # noqa: E402


def _limited(size: int) -> None:
    """Run the child with files capped at ``size`` bytes: a write past it fails (EFBIG) as on a full disk."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def _balance(tmp_path: Path, *args: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cmdsl.cli", "balance", "--bot", "random", "--bot", "random",
                           "--workers", "1", "--quiet", "--cards", str(CM2008), *args],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          preexec_fn=(lambda: _limited(limit)) if limit else None)


def _stored(db: Path) -> int:
    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT count(*) FROM games").fetchone()[0])


# deep: a fault injected into a run of `cmdsl balance` as a child (issue 55 item 13)
@pytest.mark.deep
def test_a_full_disk_during_a_run_is_one_line_and_keeps_the_games_written(tmp_path: Path) -> None:
    db = tmp_path / "full.db"
    out = _balance(tmp_path, "--games", "100", "--db", str(db), limit=150_000)
    assert out.returncode == 1, out.stderr[-2000:]
    assert "Traceback" not in out.stderr
    errors = [ln for ln in out.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1, out.stderr
    kept = _stored(db)
    assert kept > 0  # the first flushes fitted: they are kept
    assert errors[0].startswith(f"error: cannot write to {db}")
    assert f"{kept} finished games kept; `cmdsl balance --db {db} --resume` plays the rest" in errors[0]
    # with room again, --resume says what it keeps and plays the rest
    again = _balance(tmp_path, "--db", str(db), "--resume")
    assert again.returncode == 0, again.stderr[-2000:]
    assert f"Resuming {db}: {kept} finished games kept, {100 - kept} to play." in again.stderr
    assert _stored(db) == 100


# deep: a fault injected into a run of `cmdsl balance` as a child (issue 55 item 13)
@pytest.mark.deep
def test_a_report_that_does_not_fit_leaves_the_old_page_and_no_piece_of_the_new(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    db = tmp_path / "run.db"
    assert _balance(tmp_path, "--games", "6", "--db", str(db)).returncode == 0
    page = tmp_path / "r.html"
    page.write_text("the old page\n")
    out = subprocess.run([sys.executable, "-m", "cmdsl.cli", "balance", "report", str(db), "--report", str(page)],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path,
                         preexec_fn=lambda: _limited(20_000))  # the page with its plots is far larger
    assert out.returncode == 1, out.stderr[-2000:]
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines()[-1].startswith(f"error: cannot write the report {page}: ")
    assert page.read_text() == "the old page\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html", "run.db"]  # no temporary file left


# ---- destinations that are not files (found when a test saved to /dev/null as root) ------------------

from cmdsl.atomic_file import DestinationError, write_atomically  # noqa: E402


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to a fifo", "dangling link"])
def test_a_file_is_never_written_over_something_that_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "save.json"
    if kind == "fifo":
        os.mkfifo(target)  # stands for a device such as /dev/null: renaming over it would replace it
    elif kind == "folder":
        target.mkdir()
    elif kind == "link to a fifo":
        os.mkfifo(tmp_path / "pipe")
        target.symlink_to(tmp_path / "pipe")
    else:
        target.symlink_to(tmp_path / "nowhere")
    before = target.lstat().st_mode
    with pytest.raises(DestinationError):
        write_atomically(target, "{}\n")
    assert target.lstat().st_mode == before


def test_a_file_behind_a_symbolic_link_is_written_and_the_link_stays(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "save.json").symlink_to(tmp_path / "real.json")
    write_atomically(tmp_path / "save.json", "new")
    assert (tmp_path / "save.json").is_symlink() and (tmp_path / "real.json").read_text() == "new"


# ---- records and saves (issue 24 item 3: "the previous file kept") -----------------------------------


def test_a_record_that_does_not_fit_keeps_the_previous_file(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text('{"the": "previous record"}\n')
    out = subprocess.run([sys.executable, "-m", "cmdsl.cli", "play", "--bot", "random", "--bot", "random", "--seed",
                          "1", "--quiet", "--record", str(record), "--cards", str(CM2008)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path, preexec_fn=lambda: _limited(4_000))
    assert out.returncode == 1, out.stderr[-2000:]
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines()[-1] == f"error: {record}: cannot save (File too large)"
    assert record.read_text() == '{"the": "previous record"}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_the_repl_never_saves_over_a_device_or_a_fifo(tmp_path: Path) -> None:
    from cmdsl.repl.commands import run_line
    from cmdsl.repl.session import Session

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # stands for /dev/null: as root, a rename over it replaced the device
    s = Session(str(CM2008))
    run_line(s, "new seed 1")
    with pytest.raises(Exception) as info:
        run_line(s, f"save {fifo}")
    assert str(info.value) == f"{fifo}: is not a regular file (a device, a FIFO or a socket)"
    assert not fifo.is_file() and fifo.exists()  # still the FIFO
