"""Seconds per ISMCTS decision, in whole games against the greedy bot (issue 12: median ≤ 0.25 s).

    python bench/ismcts_speed.py [--bot ismcts] [--games 4] [--setup beginner] [--seed 100]
                                 [--cards DIR] [--json FILE] [--game racolage --players 3]

Game i: ISMCTS plays McCain when i is even, Obama when odd; who plays first comes from the seed.
Another game (``--game``, through its plug-in, its bundled set): ISMCTS at seat i mod N, greedy
bots at the others, ``--players`` N.
Only the bot's decisions with two options or more are timed (wall clock, `time.perf_counter`,
one process: one core); the others are answered without searching. Prints the number of
decisions, the median, 95th percentile and maximum seconds, and the bot's wins.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cmdsl.bots import GreedyBot, parse_bot  # noqa: E402
from cmdsl.games.cm2008.engine import campaign_game  # noqa: E402
from cmdsl.game.perspective import Perspective  # noqa: E402
from cmdsl.games.cm2008.setup import Setup  # noqa: E402
from cmdsl.games.cm2008.loader import load_card_set  # noqa: E402
from cmdsl.games.cm2008.model import SIDES  # noqa: E402
from cmdsl.sets.set_location import choose_set  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="ismcts", help="the searching bot's spec (default: ismcts at its defaults)")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--setup", default="beginner")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--cards", default=None)
    ap.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    ap.add_argument("--game", default="cm2008", help="the game (default cm2008; another through its plug-in)")
    ap.add_argument("--players", type=int, default=None, help="another game's player count")
    args = ap.parse_args()
    spec = parse_bot(args.bot)
    if args.game != "cm2008":
        return other_game(args, spec)
    cards = load_card_set(choose_set(args.cards).path)
    times: list[float] = []
    wins = 0
    for i in range(args.games):
        seed = args.seed + i
        searcher = SIDES[i % 2]
        game = campaign_game(cards, seed, Setup(args.setup, "random", 1000), checkpoints=True)  # type: ignore[arg-type]
        bots = {searcher: spec.make(seed * 2), searcher.other: GreedyBot(seed * 2 + 1)}
        play_timed(game, bots, searcher, times)
        assert game.result is not None
        wins += game.result.winner is searcher
        print(f"game {i} (seed {seed}, {spec.name} plays {searcher}): {game.result.text()}", file=sys.stderr)
    times.sort()
    numbers = {"bot": spec.text(), "setup": args.setup, "games": args.games, "wins": wins, "decisions": len(times),
               "median_s": statistics.median(times), "p95_s": times[min(len(times) - 1, int(0.95 * len(times)))],
               "max_s": times[-1]}
    print(f"{numbers['bot']}, {args.setup}: {len(times)} decisions in {args.games} games; seconds per decision: "
          f"median {numbers['median_s']:.3f}, 95th percentile {numbers['p95_s']:.3f}, max {numbers['max_s']:.3f}; "
          f"wins {wins}/{args.games} against greedy")
    if args.json:
        Path(args.json).write_text(json.dumps(numbers, indent=2), encoding="utf-8")


def play_timed(game: Any, bots: dict[Any, Any], searcher: Any, times: list[float]) -> None:
    """Play ``game`` to its end, adding to ``times`` the seconds of each of the searcher's decisions
    with two options or more (the others are answered without searching)."""
    while game.pending is not None:
        d = game.pending
        start = time.perf_counter()
        answer = bots[d.player].choose(Perspective(game, d))
        if d.player is searcher and len(d.options) > 1:
            times.append(time.perf_counter() - start)
        game.answer(answer, d.player)


def other_game(args: argparse.Namespace, spec: Any) -> None:
    from games import new_games  # bench/games.py
    new_game = new_games(args.game, args.players, args.cards)
    times: list[float] = []
    share = 0.0
    for i in range(args.games):
        seed = args.seed + i
        game = new_game(seed)
        searcher = game.seats[i % len(game.seats)]
        bots = {s: spec.make(seed * 8) if s is searcher else GreedyBot(seed * 8 + 1 + k) for k, s in enumerate(game.seats)}
        play_timed(game, bots, searcher, times)
        winners = game.winners()
        share += 1 / len(winners) if searcher in winners else 0.0
        print(f"game {i} (seed {seed}, {spec.name} plays {searcher}): {game.result.text()}", file=sys.stderr)
    times.sort()
    print(f"{spec.text()}, {args.game}, {len(game.seats)} players: {len(times)} decisions in {args.games} games; "
          f"seconds per decision: mean {statistics.mean(times):.3f}, median {statistics.median(times):.3f}, "
          f"95th percentile {times[min(len(times) - 1, int(0.95 * len(times)))]:.3f}, max {times[-1]:.3f}; "
          f"its share of the wins {share:g}/{args.games} against greedy")


if __name__ == "__main__":
    main()
