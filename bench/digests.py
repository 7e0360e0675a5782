"""The digest of many seeded bot games' event logs, per game, setup and bot: the safety net of a
redesign that moves code (issues "Games as plug-ins", "Core v3"): the same digests before and after
each step mean every behaviour of CM2008, Lobbys, Racolage and the toy game High Card (tests/toygame,
with its trick cards) stayed the same.

    python bench/digests.py [--games N] [--ismcts N] [--workers N] [--json FILE] [--check FILE]

``--json`` writes the digests (the "before"); ``--check`` recomputes them and prints each that
differs, exiting 1 (the "after"). Logs are compared in each event's first wording
(``cmdsl.games.cm2008.record.log_key``), so a reworded event is not a different game.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from cmdsl.bots.match import seat_bots
from cmdsl.bots import make_bot, play_bot_move
from cmdsl.games.cm2008.engine import campaign_game
from cmdsl.games.cm2008.record import log_key
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.lobbys.game import lobbys_game
from cmdsl.games.lobbys.seats import seats_for
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import SIDES
from cmdsl.games.racolage.game import racolage_game
from cmdsl.games.racolage.seats import seats_for as racolage_seats
from cmdsl.resources import bundled_cards_dir

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the toy game lives in tests/
from tests.toygame.game import SEATS as HIGH_CARD_SEATS, table as high_card_table  # noqa: E402
from tests.toygame.tricks import load_tricks  # noqa: E402


def _digest(texts: Iterator[str]) -> str:
    h = hashlib.sha256()
    for t in texts:
        h.update(log_key(t).encode() + b"\n")
    return h.hexdigest()[:16]


def cm2008(bot: str, setup: str, games: int) -> str:
    """One digest over ``games`` seeded games of ``bot`` against itself in ``setup``."""
    cards = load_card_set(bundled_cards_dir())
    h = hashlib.sha256()
    for seed in range(games):
        game = campaign_game(cards, seed, Setup(setup, "random", 300))
        bots = {side: make_bot(bot, seed * 2 + i) for i, side in enumerate(SIDES)}
        while game.pending is not None:
            play_bot_move(game, bots)
        h.update(_digest(e.text() for e in game.events).encode())
    return h.hexdigest()[:16]


def seated(bot: str, seats: Sequence[Any], games: int, new_game: Callable[[int], Any]) -> str:
    """One digest over ``games`` seeded games of ``new_game(seed)``, ``bot`` at every seat."""
    h = hashlib.sha256()
    for seed in range(games):
        game = new_game(seed)
        bots = seat_bots([bot], seats, seed)
        while game.pending is not None:
            play_bot_move(game, bots)
        h.update(_digest(e.text() for e in game.events).encode())
    return h.hexdigest()[:16]


def lobbys(bot: str, players: int, games: int) -> str:
    return seated(bot, seats_for(players), games, lambda seed: lobbys_game(seed, players))


def racolage(bot: str, players: int, games: int) -> str:
    return seated(bot, racolage_seats(players), games, lambda seed: racolage_game(seed, players))


def high_card(bot: str, variant: str, games: int) -> str:
    tricks = load_tricks() if variant == "tricks" else None
    return seated(bot, HIGH_CARD_SEATS, games, lambda seed: high_card_table(seed, tricks=tricks))


def runs(games: int, ismcts: int) -> list[str]:
    """Every digest's name: game/setup/bot/games."""
    out = []
    for setup in ("beginner", "choose-states", "draft"):
        out += [f"cm2008/{setup}/{bot}/{games}" for bot in ("random", "greedy")]
        if ismcts:
            out.append(f"cm2008/{setup}/ismcts:iterations=50/{ismcts}")
    for players in (2, 3, 4, 5):
        out += [f"lobbys/{players}p/{bot}/{games}" for bot in ("random", "greedy")]
    for players in (2, 3, 4):
        out += [f"racolage/{players}p/{bot}/{games}" for bot in ("random", "greedy")]
    for variant in ("plain", "tricks"):
        out += [f"highcard/{variant}/{bot}/{games}" for bot in ("random", "greedy")]
    return out


def compute(name: str) -> tuple[str, str, float]:
    """(name, digest, seconds) of one run named as ``runs`` names them."""
    start = time.perf_counter()
    game, where, bot, n = name.split("/")
    if game == "cm2008":
        digest = cm2008(bot, where, int(n))
    elif game == "highcard":
        digest = high_card(bot, where, int(n))
    else:
        digest = (lobbys if game == "lobbys" else racolage)(bot, int(where[:-1]), int(n))
    return name, digest, time.perf_counter() - start


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--ismcts", type=int, default=50, help="ISMCTS games per CM2008 setup (0: none)")
    p.add_argument("--json", help="write the digests to this file")
    p.add_argument("--check", help="compare with the digests of this file (its runs); exit 1 if any differs")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (never changes a digest)")
    args = p.parse_args()
    expected = json.loads(Path(args.check).read_text(encoding="utf-8")) if args.check else None
    names = list(expected) if expected is not None else runs(args.games, args.ismcts)
    found: dict[str, str] = {}
    differ = 0
    with multiprocessing.Pool(args.workers) as pool:
        for name, digest, seconds in pool.imap_unordered(compute, names):
            found[name] = digest
            same = "" if expected is None else ("  same" if expected[name] == digest else f"  DIFFERS (was {expected[name]})")
            differ += "DIFFERS" in same
            print(f"{name:48} {digest}  {seconds:7.1f} s{same}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
