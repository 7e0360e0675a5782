"""A snapshot update must never delete the snapshots of tests that did not run or did not reach
their assertion: one broken scenario file once made ``pytest --snapshot-update`` delete all 126.

Each test copies our real tests/test_scenarios.py and tests/conftest.py, with three scenario
files and their snapshots, into a temporary project and runs pytest there in a subprocess."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parent
ROOT = TESTS.parent
KEPT = ["mccain-aarp", "going-negative-1", "bn-debate-night"]  # the scenario files of the tiny project
SNAPSHOTS = Path("tests/__snapshots__/test_scenarios")


def tiny_project(tmp_path: Path) -> Path:
    (tmp_path / "tests" / "scenarios").mkdir(parents=True)
    (tmp_path / SNAPSHOTS).mkdir(parents=True)
    for name in ("conftest.py", "test_scenarios.py"):
        shutil.copy(TESTS / name, tmp_path / "tests" / name)
    (tmp_path / "cards").symlink_to(ROOT / "cards")
    # as ours: test modules import their helpers from conftest (`from .conftest import …`)
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = --import-mode=importlib\n")
    for stem in KEPT:
        shutil.copy(TESTS / "scenarios" / f"{stem}.yaml", tmp_path / "tests" / "scenarios")
        for snap in (TESTS / "__snapshots__" / "test_scenarios").glob(f"test_scenario[[]{stem}--*].txt"):
            shutil.copy(snap, tmp_path / SNAPSHOTS)
    assert len(files(tmp_path)) >= len(KEPT)
    return tmp_path


def files(project: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((project / SNAPSHOTS).glob("*.txt"))}


def pytest_in(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # Only the scenario tests: the coverage test cannot pass with three files.
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-k", "not every_card",
                           *args], cwd=project, capture_output=True, text=True, timeout=300)


def test_an_update_with_a_broken_scenario_file_deletes_and_changes_no_snapshot(tmp_path: Path) -> None:
    project = tiny_project(tmp_path)
    before = files(project)
    scenarios = project / "tests" / "scenarios"
    # A new file naming an unknown card (the incident), and an existing scenario broken the same way.
    (scenarios / "zz-new.yaml").write_text("scenarios:\n  - name: new\n    play: mccain-no-such-card\n")
    aarp = scenarios / "mccain-aarp.yaml"
    aarp.write_text(aarp.read_text().replace("play: mccain-aarp", "play: mccain-aarpp"))

    run = pytest_in(project, "--snapshot-update")

    assert files(project) == before, run.stdout
    assert "error" not in run.stdout.splitlines()[-1], run.stdout  # no collection error
    assert "2 failed" in run.stdout and "2 passed" in run.stdout, run.stdout  # each broken file fails itself only
    assert 'zz-new.yaml:3:11: scenario \'new\': play: unknown card "mccain-no-such-card"' in run.stdout


def test_an_update_where_everything_passes_still_deletes_a_stale_snapshot(tmp_path: Path) -> None:
    project = tiny_project(tmp_path)
    before = files(project)
    (project / "tests" / "scenarios" / "bn-debate-night.yaml").unlink()

    run = pytest_in(project, "--snapshot-update")

    assert run.returncode == 0, run.stdout
    after = files(project)
    assert sorted(before.keys() - after.keys()) == [n for n in before if "bn-debate-night" in n] != []
    assert all(after[n] == before[n] for n in after)


def test_a_broken_scenario_file_fails_its_own_test_only(tmp_path: Path) -> None:
    project = tiny_project(tmp_path)
    (project / "tests" / "scenarios" / "aa-bad.yaml").write_text("scenarios: {not: a list}\n")

    run = pytest_in(project)

    assert run.returncode == 1, run.stdout
    assert "1 failed, 3 passed" in run.stdout, run.stdout
    assert "test_scenario[aa-bad--unreadable]" in run.stdout
