"""bench/memory.py still runs and prints each process's peak and the ratios (a smoke test: the
numbers are not checked)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import deep_after

ROOT = Path(__file__).resolve().parent.parent


# The default run measures one case (four runs of `cmdsl balance` as children), the deep run every case.
@pytest.mark.parametrize("cases", deep_after(1, [["cm2008"], ["cm2008", "lobbys"]]))
def test_the_memory_bench_prints_every_process_and_the_goal(cases: list[str]) -> None:
    command = [sys.executable, str(ROOT / "bench" / "memory.py"), "--games", "2", "4", "--workers", "2",
               *(arg for case in cases for arg in ("--case", case))]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    for case in cases:
        # A run of 4 games may end its workers between two samples of /proc: none seen is fine here.
        assert re.search(rf"^{case} +4 games .*parent +[0-9.]+  workers( +[0-9.]+)* *$", run.stdout, re.M)
        assert f"{case}  parent           4/2 games:" in run.stdout
    assert "goal ≤ 1.10" in run.stdout
