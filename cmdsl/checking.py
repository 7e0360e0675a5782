"""`cmdsl check`: check card sets once, or again on every save (`--watch`).

``check_once`` does the work and returns what to print; ``watch`` is a thin loop over it, fed by
``watchfiles`` (or, in tests, by any iterable of change batches), so the loop holds no logic
worth testing on its own and a test never waits for the file system.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from .errors import CmdslError, shown_path
from .plugins import card_files_game, data_files, game, game_data_in, without
from .sets.answer_forms import AnswerForms
from .sets.health_targets import read_targets
from .sets.scenario_answers import one_line, set_answer_errors
from .sets.set_location import PROJECT_FILE, card_set_dirs, choose_set, why_no_set
from .values import value

if TYPE_CHECKING:  # only the watch loop tells the time: a check does not import it
    from datetime import datetime

#: Only these files change what a check says; editors' swap and backup files are ignored.
WATCHED_SUFFIXES = (".yaml", ".yml")



@value
class CheckReport:
    """The result of one check: what goes to stdout (sets that passed), stderr (problems)."""

    ok: bool
    out: str
    err: str


def check_once(paths: Sequence[str]) -> CheckReport:
    """Check each set under ``paths`` (folders of sets too, like ``cards/``); with no path, the set
    every other command would use (``cmdsl.sets.set_location``), saying which. Never raises for a bad
    file or folder: that is what the report is for."""
    out: list[str] = []
    err: list[str] = []
    card_sets: list[Path] = []
    data_sets: list[Path] = []  # the sets of games whose data is one file
    if not paths:
        try:
            choice = choose_set(None)
        except CmdslError as e:  # a broken cmdsl.toml
            return CheckReport(False, "", str(e))
        out.append(f"Checking {choice.describe()}.")
        own = game(choice.game).sets
        (card_sets if own is None or own.data_file is None else data_sets).append(choice.path)
    for given in map(Path, paths):
        if not given.exists():
            err.append(f"{given}: no such file or directory")
            continue
        sets, data = card_set_dirs([given]), data_dirs(given)
        if not sets and not data:
            err.append(f"{given}: {why_no_set(given)}")
        card_sets.extend(sets)
        data_sets.extend(d for d in data if d not in data_sets)
    for folder in [*card_sets, *data_sets]:
        start = time.perf_counter()
        try:
            plugin = game(game_data_in(folder) or card_files_game())
            if plugin.sets is None:
                raise without(plugin, "sets to check", "check")
            checked = plugin.sets.check(folder)
            targets = read_targets(folder, plugin.sets.data_file)  # the study's part of the manifest
            if targets.bot is not None:
                _check_bot(targets.bot, f"{targets.file}:{targets.bot_line}")
        except (CmdslError, OSError) as e:  # OSError: a file removed or locked while it is read
            err.append(str(e))
            continue
        wrong = _answer_errors(folder, plugin.name, checked.answers)
        if wrong:  # the set loads, but a scenario of it answers with what it has not
            err += wrong
            continue
        aims = f"; health targets: {', '.join(t.measure for t in targets.targets)}" if targets else ""
        out.append(f"{checked.summary}{aims} [{(time.perf_counter() - start) * 1000:.0f} ms]")
        out += [f"warning: {w}" for w in checked.warnings]  # the set passes: warnings are not errors
    return CheckReport(not err, "\n".join(out), "\n".join(err))


def _check_bot(spec: str, where: str) -> None:
    """A bot named in a set's health targets, checked as `cmdsl balance` will read it."""
    from .bots import parse_bot

    try:
        parse_bot(spec)
    except CmdslError as e:
        raise CmdslError(f"{where}: health: bot: {e}") from None


def _answer_errors(folder: Path, game_name: str, forms: AnswerForms | None) -> list[str]:
    """The set's scenario answers that name nothing it has (`state:ohoi`), one line each."""
    if forms is None:
        return []
    return [one_line(e) for e in set_answer_errors(folder, game_name, forms)]


def data_dirs(given: Path) -> list[Path]:
    """The sets of games whose data is one file that ``given`` names: its folder if it holds such a
    file (or is that file), else each folder in it that does (``cards/`` holds bundled ones)."""
    folder = given.parent if given.is_file() else given
    if game_data_in(folder) is not None:
        return [folder] if given.is_dir() or given.name in data_files() else []
    if not given.is_dir():
        return []
    return sorted(d for d in given.iterdir() if d.is_dir() and game_data_in(d) is not None)


def watched_folders(paths: Sequence[str]) -> list[Path]:
    """What ``--watch`` watches: each given folder (a file's folder), else the chosen set's folder."""
    if not paths:
        return [choose_set(None).path]
    return list(dict.fromkeys(p if p.is_dir() else p.parent for p in map(Path, paths) if p.exists()))


def is_card_file(_change: Any, path: str) -> bool:
    return path.endswith(WATCHED_SUFFIXES) or path.endswith(PROJECT_FILE)


def watch(paths: Sequence[str], changes: Iterable[object] | None = None, stop_event: Any = None,
          now: Callable[[], datetime] | None = None, clear: bool | None = None) -> int:
    """Check, then check again after each batch of ``changes`` (default: saves seen by
    ``watchfiles`` under the watched folders), until Ctrl-C (exit 0) or the changes run out.
    ``now``: the clock the stamps read (default: the local time). ``clear``: each run on a clean
    screen (default: when the output is a terminal); there, Ctrl-L draws the last one again."""
    if now is None:
        from datetime import datetime

        now = datetime.now
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
    from .terminal_keys import CTRL_L, keys_pressed

    screen = _Screen(sys.stdout.isatty() if clear is None else clear)
    with keys_pressed({CTRL_L: screen.redraw}) as keys:
        screen.heading = ("Watching " + ", ".join(shown_path(f) for f in folders)
                          + (" (Ctrl-L redraws, Ctrl-C stops)." if keys else " (Ctrl-C stops)."))
        if not screen.clear:
            print(screen.heading, flush=True)
        try:
            screen.show(check_once(paths), now())
            for _ in changes:
                screen.show(check_once(paths), now())
        except KeyboardInterrupt:
            pass
    print("Stopped watching.")
    return 0


#: cursor home, then erase the screen (the scrollback is the terminal's, and stays)
CLEAR = "\x1b[H\x1b[2J"


class _Screen:
    """What the watch shows: each report, on a clean screen when ``clear``, and the last one again
    on Ctrl-L (from the keys' thread: a lock keeps two drawings from mixing)."""

    def __init__(self, clear: bool) -> None:
        self.clear, self.heading = clear, ""
        self._last: tuple[CheckReport, datetime] | None = None
        self._lock = threading.Lock()

    def show(self, report: CheckReport, at: datetime) -> None:
        with self._lock:
            self._last = (report, at)
            self._draw()

    def redraw(self) -> None:
        with self._lock:
            if self._last is not None:
                self._draw()

    def _draw(self) -> None:
        assert self._last is not None
        if self.clear:
            sys.stdout.write(CLEAR + self.heading + "\n")
        _show(*self._last)


def _show(report: CheckReport, at: datetime) -> None:
    stamp = at.strftime("%H:%M:%S")
    verdict = "ok" if report.ok else "problems"
    print(f"[{stamp}] check: {verdict}", flush=True)
    if report.out:
        print(report.out, flush=True)
    if report.err:
        print(report.err, file=sys.stderr, flush=True)
