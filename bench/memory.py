"""Memory over a long balance run (issue 34 §4): the peak RSS of every process of a `cmdsl balance`
run — the parent and each worker — at a short and a long run, and the ratio long / short.

    python bench/memory.py [--games 1000 10000] [--bot random] [--workers 2] [--source DIR]
                           [--case cm2008 --case lobbys]

Goal (issue 34): every process's peak within 10% between 1,000 and 10,000 games (ratio ≤ 1.10).

How the peak is read: `cmdsl balance` runs as a child process; this script samples, every
``--every`` seconds, /proc/PID/status of that process and of every process below it (its pool
workers) and keeps each one's last ``VmHWM``: the kernel's own high-water mark of the process's
resident memory, which only rises. The last sample before a process ends is its peak, but for what
it grew in the last interval (a fraction of a second, out of a run of minutes).
``getrusage(RUSAGE_CHILDREN)`` would give only the largest process of the tree, not each one.

The bots are random by default, ~100 games/s instead of ~10 with greedy ones: the growth the
issue measured (66 MiB at 1,000 games, 290 MiB at 10,000) shows with them the same (65 and 295 MiB
at 1b1dfae). It was the parent's, not a worker's: the report read every stored game at once. The
workers are named by the order they were first seen; a pool's workers are alike, so the ratio
compares the largest with the largest (and the smallest with the smallest).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GOAL = 1.10
CASES = {
    "cm2008": ["balance", "--db", "{db}"],  # the game's own study: jobs, rows and a SQLite store
    "lobbys": ["balance", "--game", "lobbys", "--players", "4"],  # the seat study (cmdsl/kits/study/seats.py)
}


@dataclass
class Peaks:
    """The last VmHWM seen of the parent and of each process below it, in KiB."""

    parent: int
    workers: list[int]  # in the order first seen
    seconds: float


def _status_kib(pid: int, field: str) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    return None  # a zombie: its memory is gone, and so is the line


def _parents() -> dict[int, int]:
    """Every process's parent (pid → ppid), from /proc/PID/stat."""
    out = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
        # the command name, in parentheses, may hold spaces: the fields after its last ")"
        out[int(name)] = int(stat.rpartition(")")[2].split()[1])
    return out


def _below(root: int) -> list[int]:
    parents = _parents()
    found, frontier = [], [root]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parents.items() if pp == p]
        found += kids
        frontier += kids
    return found


def measure(argv: list[str], cwd: Path, env: dict[str, str], every: float) -> Peaks:
    """Run ``argv`` and sample the VmHWM of it and of every process below it until it ends."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    parent = 0
    workers: dict[int, int] = {}  # insertion order: first seen
    while proc.poll() is None:
        hwm = _status_kib(proc.pid, "VmHWM")
        if hwm is not None:
            parent = hwm
        for pid in _below(proc.pid):
            hwm = _status_kib(pid, "VmHWM")
            if hwm is not None:
                workers[pid] = hwm
        time.sleep(every)
    err = proc.stderr.read() if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}):\n{err}")
    return Peaks(parent, list(workers.values()), time.perf_counter() - start)


def mib(kib: int) -> str:
    return f"{kib / 1024:6.1f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, nargs=2, default=[1000, 10000], metavar=("SHORT", "LONG"))
    ap.add_argument("--bot", default="random", help="both sides' (all seats') bot (default random)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--case", action="append", choices=list(CASES), help="default: every case")
    ap.add_argument("--every", type=float, default=0.05, help="seconds between samples of /proc")
    ap.add_argument("--source", metavar="DIR", help="measure the checkout DIR's cmdsl (an older commit)")
    args = ap.parse_args()
    root = Path(args.source).resolve() if args.source else REPO
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    print(f"cmdsl from {root}; --bot {args.bot} twice, --workers {args.workers}; peak RSS (VmHWM) in MiB")
    worst = 0.0
    for case in args.case or list(CASES):
        runs = []
        for games in args.games:
            with tempfile.TemporaryDirectory() as tmp:
                extra = [a.format(db=os.path.join(tmp, "run.db")) for a in CASES[case]]
                argv = [sys.executable, "-m", "cmdsl.cli", *extra, "--games", str(games), "--bot", args.bot,
                        "--bot", args.bot, "--workers", str(args.workers), "--seed", "1", "--quiet"]
                peaks = measure(argv, root, env, args.every)
            runs.append(peaks)
            print(f"{case:7} {games:>6} games ({peaks.seconds:5.0f} s): parent {mib(peaks.parent)}  workers "
                  + " ".join(mib(w) for w in peaks.workers))
        short, long = runs
        ratios = [("parent", long.parent / short.parent)]
        if short.workers and long.workers:
            ratios += [("largest worker", max(long.workers) / max(short.workers)),
                       ("smallest worker", min(long.workers) / min(short.workers))]
        for name, r in ratios:
            worst = max(worst, r)
            print(f"{case:7} {name:16} {args.games[1]}/{args.games[0]} games: {r:5.2f}  "
                  f"goal ≤ {GOAL:.2f}: {'met' if r <= GOAL else 'NOT met'}")
    print(f"worst ratio {worst:.2f}: goal ≤ {GOAL:.2f} {'met' if worst <= GOAL else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
