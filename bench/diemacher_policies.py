"""Does a single policy dominate Die Macher (issue 59 item 3, D10)? Each policy is the greedy bot
with one kind of decision answered by a fixed rule; it plays one seat against the greedy bot at
the others, the seat rotated game by game, and its win share is compared with an even share
(1/players) and with plain greedy's own on the same seeds.

    python bench/diemacher_policies.py [--players 4] [--games 200] [--workers 2] [--only NAME ...] [--cards DIR]

``--cards DIR`` plays a Die Macher set of a designer's (`cmdsl new-set DIR --game diemacher`, values
changed) instead of the bundled one: how a tuning candidate changes what dominates.

A policy dominates when its win share's 95% (Wilson) interval lies above an even share. CPU time
of the worker processes; compare ratios from one run.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cmdsl.bots import GreedyBot, play_bot_move  # noqa: E402
from cmdsl.game.decisions import Decision, Option  # noqa: E402
from cmdsl.game.perspective import Perspective  # noqa: E402
from cmdsl.kits.study.stats import wilson  # noqa: E402
from cmdsl.games.diemacher.data import DieMacherData, load_data  # noqa: E402
from cmdsl.games.diemacher.game import diemacher_game  # noqa: E402
from cmdsl.games.diemacher.kinds import Kind  # noqa: E402

clock: Callable[[], float] = time.process_time
Rule = Callable[[Decision, Perspective], "Option | None"]


def _accept_largest(d: Decision, seat: Perspective) -> Option | None:
    accepts = [o for o in d.options if isinstance(o.value, tuple) and o.value[1]]
    return accepts[-1] if accepts else None


def _refuse_largest(d: Decision, seat: Perspective) -> Option | None:
    refuses = [o for o in d.options if isinstance(o.value, tuple) and not o.value[1]]
    return refuses[-1] if refuses else None


def _bid_half(d: Decision, seat: Perspective) -> Option | None:
    bids = [o for o in d.options if isinstance(o.value, int)]
    top = max(o.value for o in bids)
    return min(bids, key=lambda o: abs(o.value - top // 2000 * 1000)) if bids else None


def _shelve(d: Decision, seat: Perspective) -> Option | None:
    return next((o for o in d.options if o.id == "shelve"), None)


def _no_cabinet(d: Decision, seat: Perspective) -> Option | None:
    return next((o for o in d.options if o.id == "stop"), None)


def _no_media(d: Decision, seat: Perspective) -> Option | None:
    return next((o for o in d.options if o.id == "pass"), None)


#: name: (the decision kind it answers, its rule, what it does)
POLICIES: dict[str, tuple[Kind | None, Rule | None, str]] = {
    "greedy": (None, None, "the greedy bot itself (the reference)"),
    "accept-contributions": (Kind.CONTRIBUTION, _accept_largest, "always accept the largest contribution (DM10.5)"),
    "refuse-contributions": (Kind.CONTRIBUTION, _refuse_largest, "always refuse the largest contribution (DM10.5)"),
    "bid-high-first-player": (Kind.BID, _bid_half, "always bid half its money for first player (DM7.1)"),
    "shelve-polls": (Kind.POLL_USE, _shelve, "always shelve a poll bought, for members (DM7.5.4)"),
    "no-cabinet": (Kind.CABINET_PLACE, _no_cabinet, "never place a shadow-cabinet card (DM8.1)"),
    "no-media": (Kind.MEDIA, _no_media, "never buy a media marker (DM7.3)"),
}


class PolicyBot:
    """The greedy bot, but for one kind of decision, answered by a rule."""

    name = "policy"

    def __init__(self, seed: int, kind: Kind | None, rule: Rule | None) -> None:
        self.greedy = GreedyBot(seed)
        self.kind, self.rule = kind, rule

    def choose(self, seat: Perspective) -> str:
        d = seat.decision
        if self.rule is not None and d.kind is self.kind:
            chosen = self.rule(d, seat)
            if chosen is not None:
                return chosen.id
        return self.greedy.choose(seat)


def one_game(job: tuple[str, int, int, str | None]) -> tuple[str, float, float]:
    """The policy's share of the win in game ``seed`` (at seat ``seed % players``), and its CPU."""
    name, players, seed, cards = job
    start = clock()
    game = diemacher_game(seed, players, data=_data(cards))
    me = game.seats[seed % players]
    kind, rule, _ = POLICIES[name]
    bots = {s: (PolicyBot(seed * 8 + i, kind, rule) if s is me else GreedyBot(seed * 8 + i))
            for i, s in enumerate(game.seats)}
    while not game.over:
        play_bot_move(game, bots)
    won = game.winners()
    return name, (1 / len(won) if me in won else 0.0), clock() - start


@functools.cache
def _data(cards: str | None) -> DieMacherData:
    return load_data() if cards is None else load_data(Path(cards))  # once per worker process


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", nargs="+", choices=sorted(POLICIES), default=sorted(POLICIES))
    ap.add_argument("--cards", metavar="DIR", help="a Die Macher set's folder (default: the bundled set)")
    args = ap.parse_args(argv)
    _data(args.cards)  # a broken set fails here, once
    jobs = [(name, args.players, seed, args.cards) for name in args.only for seed in range(args.games)]
    t = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(one_game, jobs, chunksize=4))
    even = 1 / args.players
    print(f"Die Macher, {args.players} players, {args.games} games a policy (one seat, rotated; greedy at the "
          f"others): win share, 95% interval (even: {even:.3f})")
    for name in args.only:
        mine = [r for r in results if r[0] == name]
        wins = sum(r[1] for r in mine)
        interval = wilson(wins, len(mine))
        low, high = interval.low, interval.high
        verdict = "DOMINATES" if low > even else "below even" if high < even else "within chance"
        print(f"  {name:22} {wins / len(mine):.3f} [{low:.3f}, {high:.3f}]  {verdict:13}  {POLICIES[name][2]}")
    cpu = sum(r[2] for r in results)
    print(f"CPU: {cpu:.0f} s for {len(results)} games; {time.perf_counter() - t:.0f} s of wall time on {args.workers} workers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
