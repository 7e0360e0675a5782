"""Machine instructions per random self-play decision, counted by Valgrind: a speed measure that
does not move with the machine's load.

    python bench/instructions.py [--games 60] [--source DIR] [--against DIR]

On a shared machine timings of the same code wander by 20% between runs (bench/README.md). The
number of instructions the CPU runs for the same games does not: it is the same in every run
(with ``PYTHONHASHSEED=0``), so two engines can be compared in one reading. It is not time (a
cache miss costs more than an instruction) and the ratio of instructions tends to run ahead of the
ratio of times by a little; read it beside ``speed.py``'s timed pairs, not instead of them.

Each engine is run under ``valgrind --tool=callgrind`` twice, for 0 games and for ``--games``
random self-play games (``speed.py``'s: beginner setup, seeds 0..N-1, two random bots); the
difference is the games' own count, without start-up and loading. ``--source DIR`` measures the
checkout DIR instead of this one (as in ``speed.py``); ``--against DIR`` measures DIR too and
prints the ratio DIR / this (how many times fewer instructions this engine runs).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")

# The child: speed.py's self-play, `games` games of the engine at `source` (or this checkout).
_CHILD = """
import sys
sys.path.insert(0, {here!r})
import speed
from pathlib import Path
if {source!r}:
    speed.use_source(Path({source!r}))
engine = speed.import_engine()
cards, _, _ = speed.load_set(engine, None)
print(speed.self_play(engine, cards, {games})["decisions_per_game"] * {games} if {games} else 0)
"""


def count(source: str | None, games: int) -> tuple[int, float]:
    """Instructions run by a process playing ``games`` games, and the decisions it counted."""
    code = _CHILD.format(here=str(HERE), source=source or "", games=games)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=3600)
    m = _COLLECTED.search(out.stderr)
    if out.returncode != 0 or m is None:
        raise SystemExit(f"valgrind failed ({out.returncode}): {out.stderr.strip()[-500:]}")
    return int(m.group(1)), float(out.stdout.strip().splitlines()[-1])


def per_decision(source: str | None, games: int) -> dict[str, float]:
    empty, _ = count(source, 0)
    full, decisions = count(source, games)
    games_ir = full - empty
    return {"instructions_per_game": games_ir / games, "instructions_per_decision": games_ir / decisions,
            "decisions": decisions}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60, help="games per measurement (default 60; ~30 s each)")
    ap.add_argument("--source", help="measure the checkout DIR instead of this one")
    ap.add_argument("--against", help="measure the checkout DIR too and print DIR / this")
    ap.add_argument("--json", help="write the numbers to this file")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: this benchmark counts instructions with it "
                         "(e.g. apt install valgrind)")
    this = per_decision(args.source, args.games)
    result: dict[str, object] = {"games": args.games, "this": this}
    print(f"{args.source or 'this checkout'}: {this['instructions_per_decision']:,.0f} instructions per decision "
          f"({this['instructions_per_game']:,.0f} per game, {args.games} games)")
    if args.against:
        old = per_decision(args.against, args.games)
        ratio = old["instructions_per_decision"] / this["instructions_per_decision"]
        result.update(against=old, ratio=ratio)
        print(f"{args.against}: {old['instructions_per_decision']:,.0f} instructions per decision")
        print(f"ratio {args.against} / this: {ratio:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
