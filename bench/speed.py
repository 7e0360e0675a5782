"""Engine speed: random-bot beginner games per second, events per second, and parse/check/compile
time of the card set (chosen as by every cmdsl command).

    python bench/speed.py [--games 500] [--cards DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cmdsl.bots import RandomBot  # noqa: E402
from cmdsl.game.engine import Game  # noqa: E402
from cmdsl.game.setup import Setup  # noqa: E402
from cmdsl.lang.parser import get_parser  # noqa: E402
from cmdsl.errors import CmdslError  # noqa: E402
from cmdsl.loader import load_card_set  # noqa: E402
from cmdsl.model import SIDES  # noqa: E402
from cmdsl.set_location import choose_set  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--cards", default=None, help="card set folder (default: as every cmdsl command: cmdsl.toml, "
                    "else the bundled set)")
    args = ap.parse_args()
    t = time.perf_counter()
    get_parser()
    t_parser = time.perf_counter() - t
    try:
        choice = choose_set(args.cards)  # the same rule as every cmdsl command (cmdsl.set_location)
        t = time.perf_counter()
        cards = load_card_set(choice.path)
        t_load = time.perf_counter() - t
    except CmdslError as e:
        sys.exit(f"error: {e}")
    print(f"Using {choice.describe()}.")
    print(f"parser load (from the shipped tables): {1000 * t_parser:.0f} ms")
    print(f"load + parse + check + compile {len(cards.cards) + len(cards.news) + len(cards.negative)} effects: "
          f"{1000 * t_load:.0f} ms")
    events = turns = 0
    t = time.perf_counter()
    for seed in range(args.games):
        bots = {SIDES[0]: RandomBot(2 * seed), SIDES[1]: RandomBot(2 * seed + 1)}
        g = Game(cards, seed, Setup(max_turns=1000))
        while g.pending is not None:
            g.answer(bots[g.pending.player].choose(g.pending, g))
        events += len(g.events)
        turns += g.turn
    dt = time.perf_counter() - t
    print(f"{args.games} random games: {dt:.2f} s, {args.games / dt:.0f} games/s, "
          f"{turns / args.games:.0f} turns/game, {events / dt:.0f} events/s")
    tracemalloc.start()
    g = Game(cards, 1, Setup(max_turns=1000))
    bots = {SIDES[0]: RandomBot(1), SIDES[1]: RandomBot(2)}
    while g.pending is not None:
        g.answer(bots[g.pending.player].choose(g.pending, g))
    _, peak = tracemalloc.get_traced_memory()
    print(f"peak memory of one game with its full event log: {peak / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
