"""Compare two ``bench/speed.py --json`` files: each metric's ratio new / old.

    python bench/compare.py OLD_JSON NEW_JSON

Only ratios of runs made back to back on the same machine mean anything (bench/speed.py's
docstring shows how to measure an older commit with the same script).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def better(name: str) -> str:
    """Which way is good, from the metric's unit (rates up, times and sizes down)."""
    if name.endswith("_per_s") or name.startswith("ratio_vs."):
        return "higher"
    if name.endswith(("_ms", "_us", "_s", "_kib")):
        return "lower"
    return ""  # a property of the games played (turns/game), not a speed


def load(path: str) -> dict[str, Any]:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        sys.exit(f"error: {path}: {e}")


def describe(data: dict[str, Any]) -> str:
    meta = data.get("meta", {})
    return f"{meta.get('engine', '?')} (commit {meta.get('commit') or '?'}, {meta.get('when', '?')})"


def rows(old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    out = []
    for name in [*old, *(k for k in new if k not in old)]:
        a, b = old.get(name), new.get(name)
        ratio = f"{b / a:.3f}" if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a else "-"
        out.append((name, _num(a), _num(b), ratio, better(name)))
    return out


def _num(x: Any) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:,.0f}" if abs(x) >= 1000 else f"{x:.4g}"
    return str(x)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="each metric's ratio new / old")
    ap.add_argument("old")
    ap.add_argument("new")
    args = ap.parse_args(argv)
    old, new = load(args.old), load(args.new)
    print(f"old: {describe(old)}")
    print(f"new: {describe(new)}")
    table = [("metric", "old", "new", "new/old", "better")] + rows(old.get("metrics", {}), new.get("metrics", {}))
    widths = [max(len(r[i]) for r in table) for i in range(5)]
    for r in table:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())


if __name__ == "__main__":
    main()
