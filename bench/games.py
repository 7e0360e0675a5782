"""Random self-play of every bundled game side by side, in one run: decisions/s (a decision is one
answer a bot gives to a decision with at least 2 options) and each game's ratio to Campaign
Manager 2008's, measured in the same process, round after round (the machine is shared and noisy:
compare the ratios, never absolute rates from different runs; bench/README.md).

    python bench/games.py [--games 60] [--rounds 3] [--json FILE]

Campaign Manager 2008 plays its beginner setup (two random bots, as bench/speed.py); Lobbys and
Racolage Électoral are dealt through their plug-ins (the bundled sets) at each player count given
below, every seat a random bot. CPU time of this process."""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from argparse import Namespace
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cmdsl import plugins  # noqa: E402
from cmdsl.bots import RandomBot, play_bot_move  # noqa: E402
try:  # core v3: the core's driver holding CM2008; before it (speed.py --source), CM2008's own class
    from cmdsl.games.cm2008.engine import campaign_game  # noqa: E402
except ImportError:
    from cmdsl.games.cm2008.engine import Game as campaign_game  # type: ignore[attr-defined,no-redef] # noqa: E402
from cmdsl.games.cm2008.loader import load_card_set  # noqa: E402
from cmdsl.games.cm2008.model import SIDES  # noqa: E402
from cmdsl.games.cm2008.setup import Setup  # noqa: E402

clock: Callable[[], float] = time.process_time
#: (label, game, players): the tables measured beside CM2008
TABLES = (("Lobbys, 4 players", "lobbys", 4), ("Racolage, 2 players", "racolage", 2),
          ("Racolage, 3 players", "racolage", 3), ("Racolage, 4 players", "racolage", 4))


def cm2008_games() -> Callable[[int], tuple[Any, dict[Any, Any]]]:
    cards = load_card_set()
    return lambda seed: (campaign_game(cards, seed, Setup(max_turns=1000)),
                         {SIDES[0]: RandomBot(2 * seed), SIDES[1]: RandomBot(2 * seed + 1)})


def new_games(name: str, players: int, cards: str | None = None) -> Callable[[int], Any]:
    """A new game of the registered game ``name`` at a table of ``players`` from a seed: through its
    study's table (the typed plug-in protocol), or, in a cmdsl of before (``--source``), its
    plug-in's ``table`` and ``new_game``."""
    plugin: Any = plugins.game(name)
    if hasattr(plugin, "study"):
        from cmdsl.plugins import GameOptions, TableRequest
        table = plugin.study.table(TableRequest(cards, GameOptions({"players": players, "people": False})))
        return table.new_game  # type: ignore[no-any-return]
    old_table = plugin.table(Namespace(players=players, cards=cards, people=False))
    return lambda seed: plugin.new_game(seed, old_table)


def plugin_games(name: str, players: int) -> Callable[[int], tuple[Any, dict[Any, Any]]]:
    new_game = new_games(name, players)

    def make(seed: int) -> tuple[Any, dict[Any, Any]]:
        game = new_game(seed)
        return game, {s: RandomBot(seed * 8 + i) for i, s in enumerate(game.seats)}
    return make


def self_play(make: Callable[[int], tuple[Any, dict[Any, Any]]], games: int) -> dict[str, float]:
    decisions = 0
    t = clock()
    for seed in range(games):
        g, bots = make(seed)
        while g.pending is not None:
            # seats that pick at once (Lobbys) have several decisions pending: each bot answers its own
            decisions += sum(len(d.options) >= 2 for d in g.pending_decisions)
            play_bot_move(g, bots)
    dt = clock() - t
    return {"decisions_per_s": decisions / dt, "games_per_s": games / dt, "decisions_per_game": decisions / games}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=60, help="games per table and round (default 60)")
    p.add_argument("--rounds", type=int, default=3, help="rounds; each table keeps its fastest (default 3)")
    p.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    args = p.parse_args(argv)
    tables = {"Campaign Manager 2008, beginner": cm2008_games(),
              **{label: plugin_games(name, n) for label, name, n in TABLES}}
    best: dict[str, dict[str, float]] = {}
    for _ in range(max(1, args.rounds)):  # interleaved: a busy spell of the machine hits every table alike
        for label, make in tables.items():
            gc.collect()
            r = self_play(make, args.games)
            if label not in best or r["decisions_per_s"] > best[label]["decisions_per_s"]:
                best[label] = r
    base = best["Campaign Manager 2008, beginner"]["decisions_per_s"]
    print(f"Random self-play, {args.games} games per table, best of {args.rounds} rounds (CPU time):")
    for label, r in best.items():
        print(f"  {label:<34} {r['decisions_per_s']:8.0f} decisions/s  {r['games_per_s']:7.1f} games/s  "
              f"{r['decisions_per_game']:6.1f} decisions/game  ×{r['decisions_per_s'] / base:.2f} CM2008's")
    if args.json:
        Path(args.json).write_text(json.dumps(best, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
