"""Compare ``bench/speed.py --json`` files: each metric's ratio new / old.

    python bench/compare.py OLD_JSON NEW_JSON [OLD_JSON NEW_JSON ...]

Only ratios of runs made back to back on the same machine mean anything (bench/README.md shows
how to measure an older commit with the same script). Given several pairs (old, new, old, new,
... each pair run back to back), it prints every pair's ratio and their median, which a busy
spell of the machine during one run moves much less than any single ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any


def better(name: str) -> str:
    """Which way is good, from the metric's unit (rates up, times and sizes down)."""
    if name.endswith("_per_s") or name.startswith("ratio_vs."):
        return "higher"
    if name.endswith(("_ms", "_us", "_s", "_kib")):
        return "lower"
    return ""  # a property of the games played (turns/game) or of the run (spread), not a speed


def load(path: str) -> dict[str, Any]:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        sys.exit(f"error: {path}: {e}")


def describe(data: dict[str, Any]) -> str:
    meta = data.get("meta", {})
    return f"{meta.get('engine', '?')} (commit {meta.get('commit') or '?'}, {meta.get('when', '?')})"


def ratio(a: Any, b: Any) -> float | None:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a:
        return b / a
    return None


def _num(x: Any) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:,.0f}" if abs(x) >= 1000 else f"{x:.4g}"
    return str(x)


def _ratio_text(r: float | None) -> str:
    return "-" if r is None else f"{r:.3f}"


def table(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[tuple[str, ...]]:
    """One row per metric: the first pair's values, each pair's ratio, and (several pairs) the median."""
    olds = [o.get("metrics", {}) for o, _ in pairs]
    news = [n.get("metrics", {}) for _, n in pairs]
    names = list(dict.fromkeys(name for m in olds + news for name in m))
    head = ["metric", "old", "new"] + (["new/old"] if len(pairs) == 1 else
                                       [f"pair {i}" for i in range(1, len(pairs) + 1)] + ["median"])
    rows: list[tuple[str, ...]] = [(*head, "better")]
    for name in names:
        ratios = [ratio(o.get(name), n.get(name)) for o, n in zip(olds, news)]
        cells = [_ratio_text(r) for r in ratios]
        if len(pairs) > 1:
            known = [r for r in ratios if r is not None]
            cells.append(_ratio_text(statistics.median(known) if known else None))
        rows.append((name, _num(olds[0].get(name)), _num(news[0].get(name)), *cells, better(name)))
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="each metric's ratio new / old")
    ap.add_argument("files", nargs="+", metavar="OLD_JSON NEW_JSON", help="one or more pairs of runs")
    args = ap.parse_args(argv)
    if len(args.files) % 2:
        ap.error("give the files in pairs: OLD_JSON NEW_JSON [OLD_JSON NEW_JSON ...]")
    data = [load(f) for f in args.files]
    pairs = list(zip(data[::2], data[1::2]))
    for i, (old, new) in enumerate(pairs, 1):
        label = f"pair {i} " if len(pairs) > 1 else ""
        print(f"{label}old: {describe(old)}")
        print(f"{label}new: {describe(new)}")
    rows = table(pairs)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())


if __name__ == "__main__":
    main()
