"""`cmdsl test [SET]`: a card set's own tests, its scenarios, each pinned by a snapshot beside it.

A set folder may hold ``scenarios/*.yaml`` (docs/scenarios.md). Each scenario runs strictly on the
set's own cards or data (its game's, as its plug-in runs them), and its report is compared with the text file
``scenarios/__snapshots__/<file>--<scenario>.txt``. The snapshot is plain text, so that a reviewer
reads it as it is in a diff; nothing but the standard library is needed to read or write one, so
this works with the base install.

The repository's own suite runs the bundled sets' scenarios through the same functions
(tests/test_scenarios.py), so what a designer runs and what CI runs cannot drift apart.

Updating follows one rule, whatever fails: snapshots of scenarios that ran are written (new or
changed), and stale snapshots (no scenario has their name) are deleted only when every scenario
ran; a broken scenario never costs another one its snapshot.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Callable, Final, Literal

from .atomic_file import write_atomically
from .errors import CmdslError, shown_path
from .plugins import card_files_game, game, game_data_in, without
from .sets.ids import slug
from .sets.scenario_answers import SCENARIO_DIR as SCENARIOS
from .sets.scenario_doc import read_doc
from .values import value

SCENARIO_DIR: Final = SCENARIOS  # (cmdsl check reads its answers: ``scenario_answers``)
SNAPSHOT_DIR: Final = "__snapshots__"
SNAPSHOT_SUFFIX: Final = ".txt"

Status = Literal["passed", "failed", "new", "changed", "updated", "written"]


class SetTestError(CmdslError):
    """A set that cannot be tested at all (no such folder, a snapshot folder that is a file)."""


@value
class Case:
    """One scenario of one file, by position; its name is read without checking the scenario, so a
    broken scenario fails only itself."""

    file: Path
    index: int
    name: str
    line: int
    column: int

    @property
    def id(self) -> str:
        """``mccain-aarp--aarp-endorses-mccain``: unique in the set; the snapshot's file name."""
        return f"{self.file.stem}--{slug(self.name)}"

    def snapshot(self) -> Path:
        return self.file.parent / SNAPSHOT_DIR / f"{self.id}{SNAPSHOT_SUFFIX}"

    def where(self) -> str:
        return f"{shown_path(self.file)}:{self.line}:{self.column}: scenario {self.name!r}"


@value
class Verdict:
    """What became of one case: its status, and for a failure the located line and the detail
    (a unified diff for a report that differs from its snapshot)."""

    case: Case | None  # None: a file that could not be read as a list of scenarios
    status: Status
    message: str = ""
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "updated", "written")


def scenario_folder(set_folder: Path) -> Path:
    return set_folder / SCENARIO_DIR


def scenario_files(set_folder: Path) -> list[Path]:
    folder = scenario_folder(set_folder)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def collect(files: list[Path]) -> tuple[list[Case], list[Verdict]]:
    """The cases of ``files`` (scenario names only), and a failure for each file that cannot be
    read as a list of scenarios or that names two scenarios alike (their snapshots would clash)."""
    cases: list[Case] = []
    broken: list[Verdict] = []
    seen: dict[str, Case] = {}
    for f in files:
        try:
            doc = read_doc(f)
        except CmdslError as e:
            broken.append(Verdict(None, "failed", str(e)))
            continue
        for i in range(len(doc.items)):
            place = doc.place(i)
            line, col = doc.top.marks.get(("scenarios", i), (0, 0))
            case = Case(f, i, place.name or f"scenario {i + 1}", line, col)
            if case.id in seen:
                first = seen[case.id]
                broken.append(Verdict(case, "failed", f"{case.where()}: its snapshot would be named {case.id!r}, "
                                      f"like scenario {first.name!r}'s (line {first.line}); rename one"))
                continue
            seen[case.id] = case
            cases.append(case)
    return cases, broken


Runner = Callable[[Case], str]


def runner_for(set_folder: Path) -> Runner:
    """How a case of this set runs: its report, or a ``CmdslError`` (located) when it fails. The
    set's game runs it (its plug-in's ``scenario_case``), loading the set once, on first use: a set
    that does not load fails every case with its error."""
    plugin = game(game_data_in(set_folder) or card_files_game())
    if plugin.sets is None:
        raise without(plugin, "scenarios to test", "test")
    run = plugin.sets.scenario_case(set_folder)
    return lambda case: run(case.file, case.index)


def check(case: Case, run: Runner, update: bool = False) -> Verdict:
    """Run one case and compare its report with its snapshot (writing it when ``update``)."""
    try:
        report = run(case)
    except CmdslError as e:  # located in the scenario file
        return Verdict(case, "failed", str(e))
    snap = case.snapshot()
    old = _read_snapshot(snap)
    if old == report:
        return Verdict(case, "passed")
    shown = shown_path(snap)
    diff = _diff(old or "", report, f"{shown} (the snapshot)" if old is not None else "(no snapshot)", "this run")
    if update:
        try:
            snap.parent.mkdir(exist_ok=True)
            write_atomically(snap, report)
        except OSError as e:
            return Verdict(case, "failed", f"{case.where()}: cannot write {shown} ({e.strerror or e})")
        return Verdict(case, "written" if old is None else "updated", f"{case.where()}: "
                       + ("new snapshot " if old is None else "snapshot updated ") + shown, diff)
    if old is None:
        return Verdict(case, "new", f"{case.where()}: no snapshot yet ({shown}); "
                       "`cmdsl test --update` writes it: read it before you commit it", diff)
    return Verdict(case, "changed", f"{case.where()}: differs from its snapshot {shown}", diff)


def _read_snapshot(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as e:
        raise SetTestError(f"{shown_path(path)}: cannot read this snapshot ({e})") from None


def _diff(old: str, new: str, before: str, after: str) -> str:
    lines = difflib.unified_diff(old.splitlines(), new.splitlines(), before, after, lineterm="", n=2)
    return "\n".join(lines)


def stale_snapshots(set_folder: Path, cases: list[Case]) -> list[Path]:
    """Snapshot files no scenario of the set names (a scenario renamed or removed)."""
    folder = scenario_folder(set_folder) / SNAPSHOT_DIR
    if not folder.is_dir():
        return []
    wanted = {c.snapshot().name for c in cases}
    return sorted(p for p in folder.iterdir() if p.suffix == SNAPSHOT_SUFFIX and p.name not in wanted)


@value
class SetRun:
    """Every verdict of a set's run, and what happened to its stale snapshots."""

    folder: Path
    verdicts: tuple[Verdict, ...]
    stale: tuple[Path, ...]
    deleted: bool  # the stale snapshots were deleted (an update where every scenario ran)

    @property
    def ok(self) -> bool:
        return all(v.ok for v in self.verdicts) and (not self.stale or self.deleted)


def run_set_tests(set_folder: Path, update: bool = False, name: str | None = None) -> SetRun:
    """Run every scenario of a set (those whose name contains ``name``, when given)."""
    if not set_folder.is_dir():
        raise SetTestError(f"{shown_path(set_folder)}: not a card set folder")
    cases, broken = collect(scenario_files(set_folder))
    chosen = [c for c in cases if name is None or name.lower() in c.name.lower()]
    run = runner_for(set_folder)
    verdicts = [*broken, *(check(c, run, update) for c in chosen)]
    stale = stale_snapshots(set_folder, cases) if name is None else []
    # Broken files hide their scenarios' names: their snapshots look stale but are not.
    deleted = update and bool(stale) and all(v.status != "failed" for v in verdicts)
    if deleted:
        for p in stale:
            p.unlink(missing_ok=True)
    return SetRun(set_folder, tuple(verdicts), tuple(stale), deleted)


def render(result: SetRun, update: bool) -> str:
    """What ``cmdsl test`` prints: each failure as a located line with its difference, each snapshot
    written or deleted, then a summary line."""
    out: list[str] = []
    for v in result.verdicts:
        if v.status != "passed":  # a failure, or a snapshot written: its difference is shown
            out.append(v.message)
            if v.detail:
                out.append(_indent(v.detail))
    for p in result.stale:
        if result.deleted:
            out.append(f"{shown_path(p)}: deleted (no scenario has this name any more)")
        elif update:
            out.append(f"{shown_path(p)}: unused snapshot, kept: some scenario failed (the next update where "
                       "every scenario runs deletes it)")
        else:
            out.append(f"{shown_path(p)}: unused snapshot (no scenario has this name); `cmdsl test --update` "
                       "deletes it")
    counts: dict[str, int] = {}
    for v in result.verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    total = sum(counts.values())
    parts = [f"{counts[s]} {s}" for s in ("passed", "written", "updated", "failed", "changed", "new") if counts.get(s)]
    where = shown_path(result.folder)
    if total == 0:
        out.append(f"{where}: no scenarios (add some to {shown_path(scenario_folder(result.folder))}/, "
                   "docs/scenarios.md)")
    else:
        out.append(f"{where}: {total} scenario{'s' if total != 1 else ''}: " + ", ".join(parts)
                   + ("" if result.ok else " — FAILED"))
    return "\n".join(out)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())

