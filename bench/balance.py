"""Balance evidence: N games between two bots with drafted decks (issue: balance).

    python bench/balance.py [--games 2000] [--seed 1] [--workers 2] [--bots greedy greedy]
                            [--setup draft] [--cards DIR]

Prints each side's win rate with a 95% Wilson interval, draws, the mean game length in turns,
and for each card how often it was played and how often its player won when it was played.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cmdsl.bots import make_bot, play_bot_move  # noqa: E402
from cmdsl.game import events as E  # noqa: E402
from cmdsl.game.engine import Game  # noqa: E402
from cmdsl.game.setup import Setup  # noqa: E402
from cmdsl.errors import CmdslError  # noqa: E402
from cmdsl.loader import load_card_set  # noqa: E402
from cmdsl.model import SIDES  # noqa: E402
from cmdsl.set_location import choose_set  # noqa: E402

_CARDS: Any = None


def _init(cards_dir: str | None) -> None:
    global _CARDS  # one card set per worker process, loaded once
    _CARDS = load_card_set(cards_dir)


def play_one(job: tuple[int, str, str, str, int]) -> dict[str, Any]:
    seed, bot_m, bot_o, setup, max_turns = job
    bots = {SIDES[0]: make_bot(bot_m, seed * 2), SIDES[1]: make_bot(bot_o, seed * 2 + 1)}
    game = Game(_CARDS, seed, Setup(setup, "random", max_turns), checkpoints=True)  # greedy forks it
    while game.pending is not None:
        play_bot_move(game, bots)
    assert game.result is not None
    played = [(e.player.value, e.card) for e in game.events if isinstance(e, E.CardPlayed)]
    return {"winner": game.result.winner.value if game.result.winner else None, "turns": game.turn,
            "reason": game.result.reason, "played": played}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--bots", nargs=2, default=["greedy", "greedy"], metavar=("MCCAIN", "OBAMA"))
    ap.add_argument("--setup", default="draft")
    ap.add_argument("--max-turns", type=int, default=400)
    ap.add_argument("--cards", default=None, help="card set folder (default: as every cmdsl command: cmdsl.toml, "
                    "else the bundled set)")
    ap.add_argument("--top", type=int, default=0, help="show only the N most and least successful cards")
    args = ap.parse_args()
    try:  # the same set as every cmdsl command (cmdsl.set_location), checked once before the workers start
        choice = choose_set(args.cards)
        load_card_set(choice.path)
    except CmdslError as e:
        sys.exit(f"error: {e}")
    print(f"Using {choice.describe()}.")
    jobs = [(args.seed + i, args.bots[0], args.bots[1], args.setup, args.max_turns) for i in range(args.games)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers, initializer=_init, initargs=(str(choice.path),)) as pool:
        results = list(pool.map(play_one, jobs, chunksize=8))
    elapsed = time.perf_counter() - start
    n = len(results)
    wins = Counter(r["winner"] for r in results)
    print(f"{n} games, {args.bots[0]} (McCain) vs {args.bots[1]} (Obama), {args.setup} setup, "
          f"seeds {args.seed}..{args.seed + n - 1}, {elapsed:.1f} s ({n / elapsed:.1f} games/s)")
    for side in ("mccain", "obama"):
        lo, hi = wilson(wins[side], n)
        print(f"  {side:7} wins {wins[side]:5}  {100 * wins[side] / n:5.1f}%  95% CI [{100 * lo:.1f}%, {100 * hi:.1f}%]")
    reasons = Counter(r["reason"] for r in results if r["winner"] is None)
    print(f"  draws   {wins[None]:5}  {100 * wins[None] / n:5.1f}%  {dict(reasons)}")
    print(f"  mean length {sum(r['turns'] for r in results) / n:.1f} turns")
    plays: Counter[str] = Counter()
    won_when_played: Counter[str] = Counter()
    for r in results:
        for side, card in set(map(tuple, r["played"])):
            plays[card] += 1
            won_when_played[card] += r["winner"] == side
    rows = sorted(plays, key=lambda c: won_when_played[c] / plays[c])
    if args.top:
        rows = rows[: args.top] + rows[-args.top:]
    print(f"\n  {'card':44} {'games played':>12} {'won when played':>16}")
    for card in rows:
        print(f"  {card:44} {plays[card]:12} {100 * won_when_played[card] / plays[card]:15.1f}%")


if __name__ == "__main__":
    main()
