"""`cmdsl check`: check card sets once, or again on every save (`--watch`).

``check_once`` does the work and returns what to print; ``watch`` is a thin loop over it, fed by
``watchfiles`` (or, in tests, by any iterable of change batches), so the loop holds no logic
worth testing on its own and a test never waits for the file system.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .errors import CmdslError, shown_path
from .loader import load_card_set
from .model import SIDES, CardSet
from .games import game_data_in
from .set_location import PROJECT_FILE, card_set_dirs, choose_set, why_no_set

#: Only these files change what a check says; editors' swap and backup files are ignored.
WATCHED_SUFFIXES = (".yaml", ".yml")



@dataclass(frozen=True)
class CheckReport:
    """The result of one check: what goes to stdout (sets that passed), stderr (problems)."""

    ok: bool
    out: str
    err: str


def summary(folder: Path, cs: CardSet, ms: float) -> str:
    sides = ", ".join(f"{len(cs.pool(s))} {s.value}" for s in SIDES)
    return (f"{shown_path(folder)}: ok — {cs.manifest.name}: {len(cs.states)} states "
            f"({sum(t.ev for t in cs.states.values())} EV), {len(cs.cards)} cards ({sides}), "
            f"{len(cs.news)} Breaking News, {len(cs.negative)} Going Negative results [{ms:.0f} ms]")


def check_once(paths: Sequence[str]) -> CheckReport:
    """Check each set under ``paths`` (folders of sets too, like ``cards/``); with no path, the set
    every other command would use (``cmdsl.set_location``), saying which. Never raises for a bad
    file or folder: that is what the report is for."""
    out: list[str] = []
    err: list[str] = []
    folders: list[Path] = []
    data_folders: list[Path] = []  # Lobbys sets: folders holding lobbys.yaml
    if not paths:
        try:
            choice = choose_set(None)
        except CmdslError as e:  # a broken cmdsl.toml
            return CheckReport(False, "", str(e))
        out.append(f"Checking {choice.describe()}.")
        folders.append(choice.path)
    for given in map(Path, paths):
        if not given.exists():
            err.append(f"{given}: no such file or directory")
            continue
        sets, lobbys = card_set_dirs([given]), lobbys_dirs(given)
        if not sets and not lobbys:
            err.append(f"{given}: {why_no_set(given)}")
        folders.extend(sets)
        data_folders.extend(d for d in lobbys if d not in data_folders)
    for folder in folders:
        start = time.perf_counter()
        try:
            cs = load_card_set(folder)
        except (CmdslError, OSError) as e:  # OSError: a file removed or locked while it is read
            err.append(str(e))
            continue
        out.append(summary(folder, cs, (time.perf_counter() - start) * 1000))
        out += [f"warning: {w}" for w in cs.warnings]  # the set passes: warnings are not errors
    for folder in data_folders:
        from .games.lobbys.data_check import check_lobbys

        try:
            checked = check_lobbys(folder)
        except (CmdslError, OSError) as e:
            err.append(str(e))
            continue
        out.append(checked.summary)
        out += [f"warning: {w}" for w in checked.warnings]
    return CheckReport(not err, "\n".join(out), "\n".join(err))


def lobbys_dirs(given: Path) -> list[Path]:
    """The Lobbys sets ``given`` names: its folder if it holds lobbys.yaml (or is that file), else
    each folder in it that does (``cards/`` holds the bundled one)."""
    folder = given.parent if given.is_file() else given
    if game_data_in(folder) == "lobbys":
        return [folder] if given.is_dir() or given.name == "lobbys.yaml" else []
    if not given.is_dir():
        return []
    return sorted(d for d in given.iterdir() if d.is_dir() and game_data_in(d) == "lobbys")


def watched_folders(paths: Sequence[str]) -> list[Path]:
    """What ``--watch`` watches: each given folder (a file's folder), else the chosen set's folder."""
    if not paths:
        return [choose_set(None).path]
    return list(dict.fromkeys(p if p.is_dir() else p.parent for p in map(Path, paths) if p.exists()))


def is_card_file(_change: Any, path: str) -> bool:
    return path.endswith(WATCHED_SUFFIXES) or path.endswith(PROJECT_FILE)


def watch(paths: Sequence[str], changes: Iterable[object] | None = None, stop_event: Any = None,
          now: Callable[[], datetime] = datetime.now) -> int:
    """Check, then check again after each batch of ``changes`` (default: saves seen by
    ``watchfiles`` under the watched folders), until Ctrl-C (exit 0) or the changes run out."""
    try:
        folders = watched_folders(paths)
    except CmdslError as e:  # a broken cmdsl.toml: nothing to watch yet
        print(e, file=sys.stderr)
        return 1
    if not folders:
        print("check --watch: nothing to watch (no such file or directory)", file=sys.stderr)
        return 1
    if changes is None:
        import watchfiles  # only the watch loop needs it

        changes = watchfiles.watch(*folders, watch_filter=is_card_file, stop_event=stop_event,
                                   raise_interrupt=False)
    print("Watching " + ", ".join(shown_path(f) for f in folders) + " (Ctrl-C stops).", flush=True)
    try:
        _show(check_once(paths), now())
        for _ in changes:
            _show(check_once(paths), now())
    except KeyboardInterrupt:
        pass
    print("Stopped watching.")
    return 0


def _show(report: CheckReport, at: datetime) -> None:
    stamp = at.strftime("%H:%M:%S")
    verdict = "ok" if report.ok else "problems"
    print(f"[{stamp}] check: {verdict}", flush=True)
    if report.out:
        print(report.out, flush=True)
    if report.err:
        print(report.err, file=sys.stderr, flush=True)
