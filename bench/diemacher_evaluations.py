"""Is one version of Die Macher's evaluation a stronger greedy bot than another (issue 59)? The
greedy bot judges each option by the game's evaluation (``cmdsl/games/diemacher/evaluation.py``);
here one seat's greedy bot uses version A and the other seats' version B, the seat rotated game by
game, and A's win share is printed with its 95% (Wilson) interval beside an even share.

A version is a copy of ``evaluation.py`` (a file), for instance an older one from git:

    git show HEAD~3:cmdsl/games/diemacher/evaluation.py > before.py
    python bench/diemacher_evaluations.py cmdsl/games/diemacher/evaluation.py before.py [--players 4] [--games 120] [--workers 2]

A is stronger when the interval lies above an even share. CPU time of the worker processes.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cmdsl.bots import GreedyBot, play_bot_move  # noqa: E402
from cmdsl.game.perspective import Perspective  # noqa: E402
from cmdsl.kits.study.stats import wilson  # noqa: E402
from cmdsl.games.diemacher.data import load_data  # noqa: E402
from cmdsl.games.diemacher.game import DieMacher, diemacher_game  # noqa: E402

clock: Callable[[], float] = time.process_time


@functools.cache
def version(path: str) -> ModuleType:
    """``path`` loaded as a module of the game's package (its relative imports resolve there)."""
    name = f"cmdsl.games.diemacher._evaluation_{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, f"{path}: not a Python file"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class VersionBot(GreedyBot):
    """The greedy bot, judging positions by one version of the evaluation."""

    def __init__(self, seed: int, path: str) -> None:
        super().__init__(seed)
        self.standing = version(path).standing

    def choose(self, seat: Perspective) -> str:
        real = DieMacher.evaluate
        standing = self.standing

        def evaluate(game: DieMacher, host: Any, party: Any) -> float:
            if host.result is not None:
                return real(game, host, party)
            return float(standing(host.position, game.seats.index(party)))

        setattr(DieMacher, "evaluate", evaluate)  # this process plays one bot at a time
        try:
            return super().choose(seat)
        finally:
            setattr(DieMacher, "evaluate", real)


def one_game(job: tuple[str, str, int, int]) -> tuple[float, float]:
    """A's share of the win in game ``seed`` (A at seat ``seed % players``), and its CPU."""
    a, b, players, seed = job
    start = clock()
    game = diemacher_game(seed, players, data=_data())
    me = game.seats[seed % players]
    bots = {s: VersionBot(seed * 8 + i, a if s is me else b) for i, s in enumerate(game.seats)}
    while not game.over:
        play_bot_move(game, bots)
    won = game.winners()
    return (1 / len(won) if me in won else 0.0), clock() - start


@functools.cache
def _data() -> Any:
    return load_data()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="version A of evaluation.py (at one seat)")
    ap.add_argument("b", help="version B (at the other seats)")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    for path in (args.a, args.b):
        version(str(Path(path).resolve()))  # a broken file fails here, once
    a, b = str(Path(args.a).resolve()), str(Path(args.b).resolve())
    jobs = [(a, b, args.players, seed) for seed in range(args.games)]
    t = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(one_game, jobs, chunksize=4))
    wins = sum(r[0] for r in results)
    interval, even = wilson(wins, len(results)), 1 / args.players
    verdict = "A is stronger" if interval.low > even else "A is weaker" if interval.high < even else "within chance"
    print(f"Die Macher, {args.players} players, {args.games} games: A at one seat (rotated), B at the others")
    print(f"  A's win share {wins / len(results):.3f} [{interval.low:.3f}, {interval.high:.3f}] (even: {even:.3f}): "
          f"{verdict}")
    print(f"CPU: {sum(r[1] for r in results):.0f} s; {time.perf_counter() - t:.0f} s of wall time on "
          f"{args.workers} workers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
