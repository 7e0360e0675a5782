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
