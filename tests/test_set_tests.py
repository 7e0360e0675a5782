"""`cmdsl test [SET]` (issue 25, item 3): a set's scenarios checked against the snapshots beside
them, `--update` writing what changed after showing it, and never deleting the snapshot of a
scenario that did not run (one broken scenario file once made an update delete all 126).

Each test works on a small copy of the bundled set holding three of its scenario files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.set_tests import SNAPSHOT_DIR, render, run_set_tests

from .conftest import CM2008

KEPT = ["mccain-aarp", "going-negative-1", "bn-debate-night"]


def small_set(tmp_path: Path) -> Path:
    folder = tmp_path / "my-set"
    shutil.copytree(CM2008, folder, ignore=shutil.ignore_patterns("scenarios"))
    (folder / "scenarios" / SNAPSHOT_DIR).mkdir(parents=True)
    for stem in KEPT:
        shutil.copy(CM2008 / "scenarios" / f"{stem}.yaml", folder / "scenarios")
        for snap in (CM2008 / "scenarios" / SNAPSHOT_DIR).glob(f"{stem}--*.txt"):
            shutil.copy(snap, folder / "scenarios" / SNAPSHOT_DIR)
    return folder


def snapshots(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((folder / "scenarios" / SNAPSHOT_DIR).iterdir())}


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["test", *args])
    return code, capsys.readouterr().out


def test_every_scenario_of_a_set_passes_against_its_snapshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = small_set(tmp_path)
    n = len(snapshots(folder))
    code, out = cli(capsys, str(folder))
    assert code == 0, out
    assert out.splitlines()[-1] == f"{folder}: {n} scenarios: {n} passed"


def test_a_changed_card_fails_located_at_the_scenario_with_the_difference(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder = small_set(tmp_path)
    mccain = folder / "mccain.yaml"
    text = mccain.read_text(encoding="utf-8")
    # AARP: the group it supports is the card's point; another group must show in the report.
    start = text.index("- id: mccain-aarp")
    changed = text[:start] + text[start:].replace('demographic support for "Seniors"',
                                                  'demographic support for "Veterans"', 1)
    assert changed != text
    mccain.write_text(changed, encoding="utf-8")
    before = snapshots(folder)

    code, out = cli(capsys, str(folder))

    assert code == 1
    lines = out.splitlines()
    # AARP's scenario says what it expects: the first failed expectation is the located line.
    assert lines[1].startswith(f"{folder}/scenarios/mccain-aarp.yaml:14:24: scenario 'AARP played': expect.")
    assert lines[-1] == f"{folder}: 3 scenarios: 2 passed, 1 failed — FAILED"
    assert snapshots(folder) == before  # a plain run writes nothing


def test_a_report_that_differs_from_its_snapshot_fails_with_the_difference(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = small_set(tmp_path)
    name = next(n for n in snapshots(folder) if n.startswith("bn-debate-night--"))
    path = folder / "scenarios" / SNAPSHOT_DIR / name
    old = path.read_text(encoding="utf-8")
    path.write_text(old.replace("Obama", "Obomo", 1), encoding="utf-8")

    code, out = cli(capsys, str(folder))

    assert code == 1
    lines = out.splitlines()
    assert lines[1].startswith(f"{folder}/scenarios/bn-debate-night.yaml:") and "differs from its snapshot" in lines[1]
    assert f"    --- {path} (the snapshot)" in lines and "    +++ this run" in lines
    assert any(line.startswith("    -") and "Obomo" in line for line in lines)
    assert path.read_text(encoding="utf-8") != old  # a plain run writes nothing


def test_update_writes_a_changed_snapshot_after_showing_it_then_the_set_passes(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = small_set(tmp_path)
    name = next(iter(snapshots(folder)))
    (folder / "scenarios" / SNAPSHOT_DIR / name).write_text("an old report\n", encoding="utf-8")

    code, out = cli(capsys, str(folder), "--update")

    assert code == 0, out
    assert f"snapshot updated {folder}/scenarios/{SNAPSHOT_DIR}/{name}" in out
    assert "    -an old report" in out
    assert snapshots(folder)[name] != "an old report\n"
    assert cli(capsys, str(folder))[0] == 0


def test_a_new_scenario_fails_until_update_writes_its_snapshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = small_set(tmp_path)
    shutil.copy(CM2008 / "scenarios" / "obama-afl-cio.yaml", folder / "scenarios")
    code, out = cli(capsys, str(folder))
    assert code == 1
    assert "no snapshot yet" in out and "obama-afl-cio.yaml:" in out
    code, out = cli(capsys, str(folder), "--update")
    assert code == 0 and "new snapshot" in out
    assert any(n.startswith("obama-afl-cio--") for n in snapshots(folder))


def test_an_update_with_a_broken_scenario_file_deletes_and_changes_no_other_snapshot(tmp_path: Path) -> None:
    folder = small_set(tmp_path)
    before = snapshots(folder)
    scenarios = folder / "scenarios"
    # A new file naming an unknown card (the incident), and an existing scenario broken the same way.
    (scenarios / "zz-new.yaml").write_text("scenarios:\n  - name: new\n    play: mccain-no-such-card\n")
    aarp = scenarios / "mccain-aarp.yaml"
    aarp.write_text(aarp.read_text().replace("play: mccain-aarp", "play: mccain-aarpp"))
    # A file that no longer reads: its scenarios' names are unknown, so their snapshots look unused.
    (scenarios / "going-negative-1.yaml").write_text("scenarios: {not: a list}\n")

    result = run_set_tests(folder, update=True)

    assert snapshots(folder) == before
    failed = [v.message for v in result.verdicts if not v.ok]
    assert len(failed) == 3  # each broken file or scenario fails itself only
    assert any("zz-new.yaml:3:11: scenario 'new': play: unknown card \"mccain-no-such-card\"" in m for m in failed)
    assert any(m.startswith(f"{scenarios}/going-negative-1.yaml:1:") for m in failed)
    assert not result.ok


def test_an_update_where_everything_passes_deletes_a_stale_snapshot(tmp_path: Path) -> None:
    folder = small_set(tmp_path)
    before = snapshots(folder)
    (folder / "scenarios" / "bn-debate-night.yaml").unlink()

    plain = run_set_tests(folder)
    assert not plain.ok and "unused snapshot" in render(plain, False)
    assert snapshots(folder) == before

    result = run_set_tests(folder, update=True)

    assert result.ok
    after = snapshots(folder)
    assert sorted(before.keys() - after.keys()) == [n for n in before if n.startswith("bn-debate-night--")] != []
    assert all(after[n] == before[n] for n in after)


def test_two_scenarios_whose_snapshots_would_share_a_name_are_refused(tmp_path: Path) -> None:
    folder = small_set(tmp_path)
    (folder / "scenarios" / "twice.yaml").write_text(
        "scenarios:\n  - name: Same Name\n    play: mccain-aarp\n  - name: same name!\n    play: mccain-aarp\n")
    result = run_set_tests(folder, name="same")
    messages = [v.message for v in result.verdicts if not v.ok]
    assert any("twice.yaml:4:5: scenario 'same name!': its snapshot would be named 'twice--same-name', "
               "like scenario 'Same Name''s (line 2)" in m for m in messages), messages


def test_a_set_without_scenarios_says_where_to_put_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "bare"
    shutil.copytree(CM2008, folder, ignore=shutil.ignore_patterns("scenarios"))
    code, out = cli(capsys, str(folder))
    assert code == 0
    assert out.splitlines()[-1] == f"{folder}: no scenarios (add some to {folder}/scenarios/, docs/scenarios.md)"


def test_update_never_writes_into_the_set_installed_with_cmdsl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no cmdsl.toml here or above: the bundled set is the one in use
    assert main(["test", "--update"]) == 1
    err = capsys.readouterr().err
    assert "the bundled set belongs to the installed cmdsl" in err
    assert "test a copy of your own (`cmdsl new-set DIR --game cm2008`, `cmdsl new-set --help`)" in err
