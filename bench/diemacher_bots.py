"""Die Macher's bots against issue 59's goals, beside Campaign Manager 2008's figures in the same run:

- a 5-player game with the greedy bot at every seat: goal ≤ 1 s (CPU); 3 and 4 players and a CM2008
  greedy game beside it;
- ISMCTS at its defaults, seconds a decision at 5 players (the other seats greedy): goal ≤ 1 s; a
  CM2008 ISMCTS decision beside it;
- with ``--strength N``: ISMCTS at one seat and greedy at the others, at 3 players, the seat rotated
  game by game, over N games, at ``--iterations`` (a setting of ≤ 0.3 s a decision): its win share
  with a 95% (Wilson) interval; the goal is the interval's lower bound above 1/3. A shared win
  counts as a share. Games run on ``--workers`` processes; the CPU time they took is printed.

    python bench/diemacher_bots.py [--games 4] [--decisions 24] [--strength 120 --iterations 60 --workers 2]

CPU time of the process that plays (``time.process_time``): compare ratios from one run, never
times from different runs (the machine is shared and noisy). A loop calibration is printed first.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cmdsl.bots import GreedyBot, IsmctsBot, IsmctsSettings, play_bot_move  # noqa: E402
from cmdsl.game.perspective import Perspective  # noqa: E402
from cmdsl.kits.study.stats import wilson  # noqa: E402
from cmdsl.games.cm2008.engine import campaign_game  # noqa: E402
from cmdsl.games.cm2008.loader import load_card_set  # noqa: E402
from cmdsl.games.cm2008.setup import Setup  # noqa: E402
from cmdsl.games.diemacher.data import load_data  # noqa: E402
from cmdsl.games.diemacher.game import diemacher_game  # noqa: E402

clock: Callable[[], float] = time.process_time


def _diemacher(seed: int, players: int, data: Any) -> Any:
    return diemacher_game(seed, players, data=data)


def calibration() -> float:
    t = clock()
    for _ in range(10_000_000):
        pass
    return clock() - t


def greedy_game_seconds(make: Callable[[int], Any], games: int) -> float:
    """Mean CPU seconds of a game with the greedy bot at every seat."""
    t = clock()
    for seed in range(games):
        game = make(seed)
        bots = {s: GreedyBot(seed * 8 + i) for i, s in enumerate(game.seats)}
        while not game.over:
            play_bot_move(game, bots)
    return (clock() - t) / games


def ismcts_decision_seconds(make: Callable[[int], Any], decisions: int, settings: IsmctsSettings) -> list[float]:
    """CPU seconds of each of ISMCTS's first ``decisions`` choices at the first seat (two options or
    more), the other seats greedy, over as many games as it takes."""
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        game = make(seed)
        me = game.seats[0]
        search = IsmctsBot(seed, settings)
        others = {s: GreedyBot(seed * 8 + i) for i, s in enumerate(game.seats) if s is not me}
        while not game.over and len(times) < decisions:
            mine = next((d for d in game.pending_decisions if d.player is me), None)
            if mine is not None and len(mine.candidates()) > 1:
                t = clock()
                answer = search.choose(Perspective(game, mine))
                times.append(clock() - t)
                game.answer(answer, me)
            elif mine is not None:
                game.answer(mine.options[0].id, me)
            else:
                play_bot_move(game, others)
        seed += 1
    return times


def strength_game(args: tuple[int, int]) -> tuple[float, float, int, float]:
    """One 3-player game, ISMCTS at seat ``seed % 3``: its share of the win, its CPU seconds of
    search, its decisions, and the game's CPU seconds."""
    seed, iterations = args
    start = clock()
    game = diemacher_game(seed, 3, data=_DATA)
    me = game.seats[seed % 3]
    search = IsmctsBot(seed, IsmctsSettings(iterations=iterations))
    others = {s: GreedyBot(seed * 8 + i) for i, s in enumerate(game.seats) if s is not me}
    searched, decisions = 0.0, 0
    while not game.over:
        mine = next((d for d in game.pending_decisions if d.player is me), None)
        if mine is not None:
            t = clock()
            answer = search.choose(Perspective(game, mine))
            if len(mine.candidates()) > 1:
                searched += clock() - t
                decisions += 1
            game.answer(answer, me)
        else:
            play_bot_move(game, others)
    won = game.winners()
    return (1 / len(won) if me in won else 0.0), searched, decisions, clock() - start


_DATA = load_data()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4, help="greedy games a table (default 4)")
    ap.add_argument("--decisions", type=int, default=24, help="ISMCTS decisions timed a game (default 24)")
    ap.add_argument("--strength", type=int, default=0, metavar="N", help="also ISMCTS against greedy over N games")
    ap.add_argument("--iterations", type=int, default=60, help="ISMCTS's iterations in the strength games")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    data = load_data()
    cards = load_card_set()

    def cm(seed: int) -> Any:
        return campaign_game(cards, seed, Setup(max_turns=1000))

    print(f"Loop calibration (10M iterations): {calibration():.2f} s")
    print("Greedy at every seat, CPU seconds a game:")
    cm_greedy = greedy_game_seconds(cm, args.games * 2)
    print(f"  Campaign Manager 2008          {cm_greedy:6.2f}")
    five = 0.0
    for players in (3, 4, 5):
        s = greedy_game_seconds(partial(_diemacher, players=players, data=data), args.games)
        five = s
        print(f"  Die Macher, {players} players          {s:6.2f}   ({s / cm_greedy:.1f}× CM2008)")
    print(f"  goal: a 5-player game ≤ 1 s: {'met' if five <= 1.0 else 'NOT met'} ({five:.2f} s)")
    default = IsmctsSettings()
    print(f"ISMCTS at its defaults ({default.iterations} iterations, rollout={default.rollout}, "
          f"horizon={default.horizon}), CPU seconds a decision (mean, median, max):")
    cm_times = ismcts_decision_seconds(cm, args.decisions, default)
    print(f"  Campaign Manager 2008          {statistics.mean(cm_times):6.2f} {statistics.median(cm_times):6.2f} "
          f"{max(cm_times):6.2f}")
    dm_times = ismcts_decision_seconds(lambda seed: diemacher_game(seed, 5, data=data), args.decisions, default)
    mean = statistics.mean(dm_times)
    print(f"  Die Macher, 5 players          {mean:6.2f} {statistics.median(dm_times):6.2f} {max(dm_times):6.2f}"
          f"   ({mean / statistics.mean(cm_times):.1f}× CM2008)")
    print(f"  goal: ≤ 1 s a decision at 5 players: {'met' if mean <= 1.0 else 'NOT met'} ({mean:.2f} s)")
    if args.strength:
        t = time.perf_counter()
        jobs = [(seed, args.iterations) for seed in range(args.strength)]
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(strength_game, jobs))
        wall = time.perf_counter() - t
        wins = sum(r[0] for r in results)
        searched = sum(r[1] for r in results)
        decisions = sum(r[2] for r in results)
        cpu = sum(r[3] for r in results)
        interval = wilson(wins, len(results))
        low, high = interval.low, interval.high
        per = searched / max(1, decisions)
        print(f"ISMCTS ({args.iterations} iterations) at one seat against greedy at 3 players, "
              f"{len(results)} games, seats rotated:")
        print(f"  win share {wins / len(results):.3f}  95% interval [{low:.3f}, {high:.3f}]  (even: 0.333)")
        print(f"  {per:.2f} s a decision over {decisions} decisions (goal ≤ 0.3 s: {'met' if per <= 0.3 else 'NOT met'})")
        print(f"  goal: the lower bound above 1/3: {'met' if low > 1 / 3 else 'NOT met'}")
        print(f"  CPU: {cpu:.0f} s in all ({cpu / len(results):.1f} s a game); {wall:.0f} s of wall time "
              f"on {args.workers} workers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
