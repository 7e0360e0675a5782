"""Game pairs per second of a CM2008 A/B balance run: each seed played twice (the two arms of an
A/B, here both the bundled set) with one bot spec at both sides, as ``cmdsl balance --against``
plays them (``jobs.play``: checkpoints and the help tracker's observer), on ``--workers`` processes.

    python bench/ab_speed.py [--bot greedy] [--pairs 40] [--seed 1] [--workers 2] [--source DIR]

``--source DIR`` puts another checkout first on ``sys.path`` (a worktree of an older commit: ``git
worktree add /tmp/before HEAD``), so that this script measures its engine; run both back to back
and compare the ratio, never absolute rates from different runs. Prints the rate and a digest of
the games' rows (the same digest for both engines means the same games).
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any


def _source(argv: list[str]) -> str | None:
    for i, a in enumerate(argv):
        if a == "--source" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--source="):
            return a.split("=", 1)[1]
    return None


_SRC = _source(sys.argv)
sys.path.insert(0, str(Path(_SRC).resolve()) if _SRC else str(Path(__file__).resolve().parent.parent))

# Set in each worker by ``_init`` (a process's own copy, never shared): the loaded card set.
_CARDS: Any = None


def _init(folder: str) -> None:
    global _CARDS
    from cmdsl.games.cm2008.loader import load_card_set
    _CARDS = load_card_set(folder)


def _play(job: Any) -> str:
    from cmdsl.games.cm2008.ui.study.jobs import play
    return str(play(job, _CARDS).to_json())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="greedy", help="the bot spec at both sides (default greedy)")
    ap.add_argument("--pairs", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--setup", default="beginner")
    ap.add_argument("--source", default=None, help="measure the checkout DIR instead of this one")
    args = ap.parse_args()
    from cmdsl.games.cm2008.loader import load_card_set
    from cmdsl.games.cm2008.ui.study.jobs import Job
    from cmdsl.resources import bundled_cards_dir
    import cmdsl
    folder = str(bundled_cards_dir())
    cards = load_card_set(folder)
    jobs = [Job(arm, i, args.seed + i, folder, cards.fingerprint, args.setup, "random", 1000, args.bot, args.bot)
            for i in range(args.pairs) for arm in ("new", "old")]
    start = time.perf_counter()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.workers, initializer=_init, initargs=(folder,)) as pool:
        rows = pool.map(_play, jobs, chunksize=1)
    seconds = time.perf_counter() - start
    digest = hashlib.sha256("\n".join(r.replace('"arm":"new"', '"arm":"old"') for r in rows).encode()).hexdigest()[:16]
    print(f"{Path(cmdsl.__file__).parent.parent}: {args.bot}, {args.pairs} pairs in {seconds:.1f} s on "
          f"{args.workers} workers: {args.pairs / seconds:.2f} pairs/s; rows digest {digest}")


if __name__ == "__main__":
    main()
