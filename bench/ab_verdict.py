"""Seconds to an A/B's verdict (issue 58 item 4): CM2008's Join Our Team changed from 1 support
to 2, against the bundled set, with the same bot at both sides, until the A/B decides (it stops
at the first look where McCain's win share moved beyond chance or surely by less than 5 points).

    python bench/ab_verdict.py [--bot greedy] [--most 1000] [--workers 2] [--seed 1]
    python bench/ab_verdict.py --bot ismcts --most 1000      # the search bot: tens of minutes

Goals (2 cores, α = 0.05, power 0.8 for a true change of 5 points): greedy ≤ 20 s, ISMCTS ≤ 15
minutes. Prints the wall time, the pairs played and the verdict's first line; then what each
way of going faster gave: the pairs a fixed-size A/B of the same power would need (from the
paired differences' spread: ((1.96 + 0.84)·σ / 0.05)²) against the pairs the stopping rule took,
and the time the fixed one would take at the same rate. (Faster play is `ab_speed.py`'s ratio.)
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import re
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cmdsl.cli import main as cmdsl  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOALS = {"greedy": 20.0, "ismcts": 15 * 60.0}
OLD_LINE = "      gain 1 support on the majority issue of S in S\n      draw 1\n  - id: mccain-staying-on-message"


def changed_set(folder: Path) -> Path:
    """The bundled set with Join Our Team gaining 2 supports instead of 1."""
    shutil.copytree(ROOT / "cards" / "cm2008", folder)
    path = folder / "mccain.yaml"
    text = path.read_text(encoding="utf-8")
    assert OLD_LINE in text, "Join Our Team's effect moved: update bench/ab_verdict.py"
    path.write_text(text.replace(OLD_LINE, OLD_LINE.replace("gain 1 support", "gain 2 supports")), encoding="utf-8")
    return folder


def spread(db: Path, pairs: int) -> float:
    """σ of the paired McCain-win differences over the first ``pairs`` seeds of the stored run."""
    with sqlite3.connect(db) as c:
        won = {}
        for arm, index, winner in c.execute("SELECT arm, idx, winner FROM games"):
            if index < pairs:
                won[(arm, index)] = float(winner == "mccain")
    diffs = [won[("new", i)] - won[("old", i)] for i in range(pairs) if ("new", i) in won and ("old", i) in won]
    mean = sum(diffs) / len(diffs)
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--most", type=int, default=1000, help="the most pairs the A/B may play (--games)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        new = changed_set(Path(tmp) / "new")
        db = Path(tmp) / "ab.db"
        out, err = io.StringIO(), io.StringIO()
        start = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cmdsl(["balance", "--cards", str(new), "--against", str(ROOT / "cards" / "cm2008"), "--games",
                          str(args.most), "--bot", args.bot, "--bot", args.bot, "--workers", str(args.workers),
                          "--seed", str(args.seed), "--quiet", "--db", str(db)])
        seconds = time.perf_counter() - start
        if code != 0:
            sys.exit(f"cmdsl balance exited {code}:\n{err.getvalue()}")
        verdict = out.getvalue().split("\nVerdict\n", 1)[1].splitlines()[0].strip()
        m = re.match(r"(?:Stopped after )?(\d+)", verdict)
        pairs = int(m.group(1)) if m else args.most
        sigma = spread(db, pairs)
    fixed = math.ceil(((1.959964 + 0.841621) * sigma / 0.05) ** 2)
    kind = args.bot.split(":")[0]
    goal = GOALS.get(kind)
    print(f"A/B Join Our Team 1 → 2 supports, {args.bot} at both sides, at most {args.most} pairs, "
          f"{args.workers} worker(s)")
    print(f"  to the verdict: {seconds:.1f} s, {pairs} pairs ({pairs / seconds:.2f} pairs/s)"
          + (f"; goal ≤ {goal:.0f} s: {'met' if seconds <= goal else 'NOT met'}" if goal else ""))
    print(f"  verdict: {verdict}")
    print(f"  a fixed-size A/B of the same power (σ of the paired differences {sigma:.3f}): {fixed} pairs, about "
          f"{fixed / (pairs / seconds):.0f} s at this rate; stopping when decided took {pairs} "
          f"({100 * (1 - pairs / fixed):.0f}% fewer)")


if __name__ == "__main__":
    main()
