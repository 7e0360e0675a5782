"""Die Macher's speed (issue 56 item 6), in one run, round after round: random self-play
decisions/s at 3, 4 and 5 players beside Campaign Manager 2008 and OpenSpiel's C++ hearts (goal:
Die Macher ≥ 0.5× hearts); the decisions of a 5-player game; and the cost of a fork and of a
determinized copy late in a game (round 6), beside a copy of the position and a replay of the
whole game from its start (what a checkpoint per phase spares a search, D7).

    python bench/diemacher_speed.py [--games 30] [--rounds 3] [--copies 200]

A decision is an answer to a decision with at least 2 options, as bench/games.py counts them.
CPU time of this process; compare ratios from one run, never rates from different runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent))

from cmdsl.bots import RandomBot  # noqa: E402
from cmdsl.games.diemacher.data import load_data  # noqa: E402
from cmdsl.games.diemacher.game import diemacher_game, diemacher_of  # noqa: E402
from games import cm2008_games, self_play  # noqa: E402
from speed import import_pyspiel, openspiel_random_play  # noqa: E402

clock: Callable[[], float] = time.process_time


def diemacher_games(players: int) -> Callable[[int], tuple[Any, dict[Any, Any]]]:
    data = load_data()  # read once, as a balance run's table does

    def make(seed: int) -> tuple[Any, dict[Any, Any]]:
        game = diemacher_game(seed, players, data=data)
        return game, {s: RandomBot(seed * 8 + i) for i, s in enumerate(game.seats)}
    return make


def late_game(seed: int) -> Any:
    """A 5-player game of random answers, stopped in round 6 at the first phase that has had six
    answers (its 60th phase or so)."""
    game = diemacher_game(seed, 5)
    rng = random.Random(seed)
    while not game.over:
        pos = game.position
        if pos.round == 6 and len(game.answers) - diemacher_of(game).checkpoint[1] >= 6 and not game.simultaneous:
            return game
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    raise RuntimeError("the game ended before round 6")


def copy_costs(copies: int) -> dict[str, float]:
    """Microseconds of a position copy, a fork, a determinized copy, and a replay from the start."""
    game = late_game(3)
    seat = game.pending_decisions[0].player
    rng = random.Random(0)
    out = {"answers_so_far": float(len(game.answers)),
           "answers_since_phase": float(len(game.answers) - diemacher_of(game).checkpoint[1])}
    for label, make in (("position copy", lambda: game.position.copy()),
                        ("fork", lambda: game.fork()),
                        ("determinized", lambda: game.determinized(seat, rng)),
                        ("replay from the start", lambda: game.replayed(diemacher_of(game).__class__(
                            3, 5), list(game.answers)))):
        n = copies if label != "replay from the start" else max(1, copies // 20)
        t = clock()
        for _ in range(n):
            make()
        out[label] = (clock() - t) / n * 1e6
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="Die Macher games a round, per player count")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--copies", type=int, default=200, help="copies timed per kind")
    ap.add_argument("--seconds", type=float, default=2.0, help="hearts' and CM2008's time a round")
    args = ap.parse_args(argv)
    pyspiel = import_pyspiel()
    rates: dict[str, list[float]] = {}
    per_game: dict[int, list[float]] = {3: [], 4: [], 5: []}
    cm = cm2008_games()
    for r in range(args.rounds):
        for players in (3, 4, 5):
            got = self_play(diemacher_games(players), args.games)
            rates.setdefault(f"Die Macher, {players} players", []).append(got["decisions_per_s"])
            per_game[players].append(got["decisions_per_game"])
        rates.setdefault("Campaign Manager 2008", []).append(self_play(cm, max(20, args.games)) ["decisions_per_s"])
        if pyspiel is not None:
            rates.setdefault("OpenSpiel hearts (C++)", []).append(
                openspiel_random_play(pyspiel, "hearts", args.seconds, seed=r)["decisions_per_s"])
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    med = {k: statistics.median(v) for k, v in rates.items()}
    print("Random self-play, decisions/s (median of the rounds; CPU time):")
    for k, v in med.items():
        print(f"  {k:28} {v:10.0f}")
    hearts = med.get("OpenSpiel hearts (C++)")
    if hearts is None:
        print("  OpenSpiel is not installed (pip install '.[bench]'): no ratio to hearts")
    else:
        for players in (3, 4, 5):
            ratio = med[f"Die Macher, {players} players"] / hearts
            print(f"  Die Macher {players}p / hearts: {ratio:.2f}×  goal ≥ 0.5×: {'met' if ratio >= 0.5 else 'NOT met'}")
    cm_rate = med["Campaign Manager 2008"]
    for players in (3, 4, 5):
        print(f"  Die Macher {players}p / CM2008: {med[f'Die Macher, {players} players'] / cm_rate:.2f}×")
    print("Decisions (2 options or more) per game, random self-play:")
    for players in (3, 4, 5):
        print(f"  {players} players: {statistics.mean(per_game[players]):.0f}")
    costs = copy_costs(args.copies)
    print(f"Copies late in a 5-player game (round 6; {costs.pop('answers_so_far'):.0f} answers so far, "
          f"{costs.pop('answers_since_phase'):.0f} since the phase began), µs each:")
    for k, v in costs.items():
        print(f"  {k:24} {v:10.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
