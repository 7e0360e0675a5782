"""How long cmdsl takes to start (issue 34 §1), in CPU time of the child process, beside `python -c
pass` measured in the same run, round after round (the machine is shared and noisy: compare within
a run; bench/README.md).

    python bench/cold_start.py [--rounds 5]

Goals (issue 34): `import cmdsl` ≤ 60 ms, `cmdsl check cards/cm2008` ≤ 150 ms.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CASES = [
    ("python -c pass", [sys.executable, "-c", "pass"], None),
    ("import cmdsl", [sys.executable, "-c", "import cmdsl"], 60.0),
    ("cmdsl check cards/cm2008", [sys.executable, "-m", "cmdsl.cli", "check", str(REPO / "cards" / "cm2008")], 150.0),
    ("cmdsl --help", [sys.executable, "-m", "cmdsl.cli", "--help"], None),
]


def cpu_ms(argv: list[str]) -> float:
    """The CPU time (user + system) one run of ``argv`` took, in milliseconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, cwd=REPO, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for _, argv, _ in CASES:  # warm the file cache and the bytecode once
        cpu_ms(argv)
    times: dict[str, list[float]] = {name: [] for name, _, _ in CASES}
    for _ in range(args.rounds):
        for name, argv, _ in CASES:
            times[name].append(cpu_ms(argv))
    base = statistics.median(times[CASES[0][0]])
    for name, _, goal in CASES:
        median = statistics.median(times[name])
        verdict = "" if goal is None else f"  goal ≤ {goal:.0f} ms: {'met' if median <= goal else 'NOT met'}"
        print(f"{name:28} {median:6.0f} ms CPU (median of {args.rounds}), {median / base:5.1f}× python -c pass{verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
