"""The compiled build (mypyc, docs/install-compiled.md) against the pure-Python install, in one run:
the ratio compiled / pure of random self-play decisions/s and of ISMCTS decisions/s.

    python bench/compiled.py [--venvs DIR] [--rounds 3] [--games 40] [--search-games 2] [--rebuild]

It makes (once; again with ``--rebuild``) two virtual environments in DIR (default
``build/compiled-bench``): ``pure`` (``pip install .``) and ``compiled`` (``CMDSL_COMPILE=1 pip
install .``, which takes minutes: it prints the build's time). Each workload runs in a child
process of each environment, from a directory outside the repository (so that the installed
``cmdsl`` is the one imported, never the source tree's: the child says which and checks that the
compiled one is), in interleaved rounds (pure, compiled, then compiled, pure…): a busy spell of the
shared machine hits both alike. Each keeps its fastest round; times are the child's CPU time
(``time.process_time``) of the workload only, after its set-up.

Workloads: random self-play (two or four random bots) of Campaign Manager 2008 (beginner),
Lobbys (4 players) and Racolage Électoral (3 players), as bench/games.py; ISMCTS against greedy
bots (as bench/ismcts_speed.py): CM2008 at its defaults, Lobbys 4 players at ``iterations=50``
(at its defaults a Lobbys decision takes seconds).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
#: name: (what it is, the child's arguments)
WORKLOADS = {
    "cm2008": "random self-play, CM2008 beginner",
    "lobbys": "random self-play, Lobbys 4 players",
    "racolage": "random self-play, Racolage 3 players",
    "ismcts-cm2008": "ISMCTS (defaults) vs greedy, CM2008",
    "ismcts-lobbys": "ISMCTS (iterations=50) vs greedy, Lobbys 4 players",
}
SEARCH_BOT = {"ismcts-cm2008": "ismcts", "ismcts-lobbys": "ismcts:iterations=50"}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--venvs", default=str(REPO / "build" / "compiled-bench"), help="where the two environments are")
    ap.add_argument("--rebuild", action="store_true", help="make both environments anew (the compiled build: minutes)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=40, help="random self-play games per workload and round")
    ap.add_argument("--search-games", type=int, default=2, help="ISMCTS games per workload and round")
    ap.add_argument("--only", nargs="*", choices=sorted(WORKLOADS), help="these workloads only")
    ap.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    ap.add_argument("--worker", help=argparse.SUPPRESS)  # the child: one workload, one round
    ap.add_argument("--count", type=int, help=argparse.SUPPRESS)
    return ap.parse_args(argv)


# ---- the child: runs in a bench environment, imports the installed cmdsl ----------------------------

def worker(name: str, count: int) -> dict[str, Any]:
    from cmdsl.bots import GreedyBot, RandomBot, parse_bot, play_bot_move
    from cmdsl.game import driver
    from cmdsl.games.cm2008.engine import campaign_game
    from cmdsl.games.cm2008.loader import load_card_set
    from cmdsl.games.cm2008.setup import Setup

    def make(seed: int) -> tuple[Any, dict[Any, Any]]:
        if game_name == "cm2008":
            g: Any = campaign_game(cards, seed, Setup(max_turns=1000))
        else:
            g = new_game(seed)
        if search is None:
            return g, {s: RandomBot(seed * 8 + i) for i, s in enumerate(g.seats)}
        searcher = g.seats[seed % len(g.seats)]
        return g, {s: search.make(seed * 8) if s is searcher else GreedyBot(seed * 8 + 1 + i)
                   for i, s in enumerate(g.seats)}

    game_name = name.removeprefix("ismcts-")
    search = parse_bot(SEARCH_BOT[name]) if name in SEARCH_BOT else None
    cards: Any = load_card_set() if game_name == "cm2008" else None
    if game_name != "cm2008":
        from games import new_games  # bench/games.py: this folder is the script's
        new_game = new_games(game_name, {"lobbys": 4, "racolage": 3}[game_name])
    make(0)  # set-up (lazy imports, tables) before the clock starts
    decisions = 0
    start = time.process_time()
    for seed in range(100, 100 + count):
        g, bots = make(seed)
        while g.pending is not None:
            decisions += sum(len(d.options) >= 2 for d in g.pending_decisions)
            play_bot_move(g, bots)
    cpu = time.process_time() - start
    return {"cpu_s": cpu, "decisions": decisions, "driver": driver.__file__}


# ---- the parent ---------------------------------------------------------------------------------------

def python_of(venv: Path) -> Path:
    return venv / "bin" / "python"


def make_venvs(root: Path, rebuild: bool) -> dict[str, Path]:
    venvs = {"pure": root / "pure", "compiled": root / "compiled"}
    for kind, venv in venvs.items():
        if python_of(venv).exists() and not rebuild:
            continue
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
        env = dict(os.environ, CMDSL_COMPILE="1" if kind == "compiled" else "0")
        start = time.perf_counter()
        subprocess.run([str(python_of(venv)), "-m", "pip", "install", "-q", str(REPO)], check=True, env=env)
        print(f"{kind}: installed in {time.perf_counter() - start:.0f} s (wall)", file=sys.stderr)
    return venvs


def run_child(venv: Path, name: str, count: int, where: str) -> dict[str, Any]:
    out = subprocess.run([str(python_of(venv)), str(Path(__file__).resolve()), "--worker", name, "--count", str(count)],
                         check=True, capture_output=True, text=True, cwd=where)
    return dict(json.loads(out.stdout))


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.worker:
        # sys.path[0] is bench/ (this script's folder): no cmdsl there; the installed one is imported
        print(json.dumps(worker(args.worker, args.count)))
        return
    venvs = make_venvs(Path(args.venvs), args.rebuild)
    names = args.only or list(WORKLOADS)
    best: dict[str, dict[str, dict[str, Any]]] = {n: {} for n in names}
    with tempfile.TemporaryDirectory() as where:
        for r in range(max(1, args.rounds)):
            for name in names:
                count = args.search_games if name in SEARCH_BOT else args.games
                order = ["pure", "compiled"] if r % 2 == 0 else ["compiled", "pure"]
                for kind in order:
                    res = run_child(venvs[kind], name, count, where)
                    is_so = not res["driver"].endswith(".py")
                    if is_so != (kind == "compiled"):
                        raise SystemExit(f"{kind}: the driver imported is {res['driver']}")
                    res["per_s"] = res["decisions"] / res["cpu_s"]
                    if kind not in best[name] or res["per_s"] > best[name][kind]["per_s"]:
                        best[name][kind] = res
    print(f"compiled / pure, best of {args.rounds} interleaved rounds (CPU time); {args.games} random games, "
          f"{args.search_games} search games per round:")
    for name in names:
        p, c = best[name]["pure"], best[name]["compiled"]
        print(f"  {WORKLOADS[name]:<52} pure {p['per_s']:8.1f}/s  compiled {c['per_s']:8.1f}/s  "
              f"×{c['per_s'] / p['per_s']:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(best, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
