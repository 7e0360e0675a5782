"""Issue 34's goals side by side, for ``python bench/speed.py --peers``: random self-play of CM2008
and of Lobbys (4 players) beside OpenSpiel's C++ hearts and gin_rummy, measured round after round in
this process; the search's seconds per decision at its defaults; then the other benchmarks' own
goal lines (start-up, the effect language against hand-written effects), each run as a child.

Every rate is CPU time of this process (a child's for the scripts it runs). OpenSpiel is the
optional extra ``bench``; without it the ratios to its games are skipped, with a message.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

BENCH = Path(__file__).resolve().parent
clock: Callable[[], float] = time.process_time

#: OpenSpiel's games measured beside cmdsl's with ``--peers`` (both C++).
PEER_GAMES = ("hearts", "gin_rummy")


def lobbys_self_play(games: int) -> dict[str, float]:
    """Random self-play of Lobbys at 4 players through its plug-in: bench/games.py's."""
    from games import plugin_games, self_play  # imported after cmdsl (speed.py's --source)

    return self_play(plugin_games("lobbys", 4), games)


def racolage_self_play(games: int) -> dict[str, float]:
    """Random self-play of Racolage Électoral at 3 players through its plug-in (issue 53 §4)."""
    from games import plugin_games, self_play

    return self_play(plugin_games("racolage", 3), games)


def lobbys_game() -> Callable[[int], Any]:
    """A 4-player Lobbys game of each seed, through its plug-in (bench/games.py's table)."""
    from games import plugin_games

    make = plugin_games("lobbys", 4)
    return lambda seed: make(seed)[0]


def cm2008_game(cards: Any) -> Callable[[int], Any]:
    try:  # core v3; before it (speed.py --source), CM2008's own class
        from cmdsl.games.cm2008.engine import campaign_game
    except ImportError:
        from cmdsl.games.cm2008.engine import Game as campaign_game  # type: ignore[attr-defined,no-redef]
    from cmdsl.games.cm2008.setup import Setup

    return lambda seed: campaign_game(cards, seed, Setup("beginner", "random", 1000), checkpoints=True)  # type: ignore[arg-type]


def search_seconds(new_game: Callable[[int], Any], decisions: int, seed: int = 100) -> list[float]:
    """CPU seconds of ``decisions`` decisions of the search at its defaults (those with two
    options or more), in games against the greedy bot, the searcher at seat 0; one process."""
    from cmdsl.bots import GreedyBot, IsmctsBot, play_bot_move
    from cmdsl.game.perspective import Perspective

    times: list[float] = []
    while len(times) < decisions:
        game = new_game(seed)
        searcher, bot = game.seats[0], IsmctsBot(seed)
        greedy = {s: GreedyBot(seed * 8 + i) for i, s in enumerate(game.seats) if s is not searcher}
        while game.pending is not None and len(times) < decisions:
            mine = next((d for d in game.pending_decisions if d.player is searcher), None)
            if mine is None:
                play_bot_move(game, greedy)
                continue
            picks = [(d.player, greedy[d.player].choose(Perspective(game, d))) for d in game.pending_decisions
                     if d.player is not searcher]
            t = clock()
            answer = bot.choose(Perspective(game, mine))
            if len(mine.options) >= 2:
                times.append(clock() - t)
            for seat, other in [(searcher, answer), *picks]:
                game.answer(other, seat)
        seed += 1
    return times


def run_child(script: str, *args: str) -> None:
    """Run another benchmark of bench/ and print its output, indented (it prints its own goals)."""
    path = BENCH / script
    if not path.is_file():
        print(f"    ({script} is not in bench/: skipped)")
        return
    out = subprocess.run([sys.executable, str(path), *args], capture_output=True, text=True)
    text = out.stdout.rstrip() if out.returncode == 0 else f"failed ({out.returncode}): {out.stderr.strip()[-300:]}"
    print("\n".join("    " + line for line in text.splitlines()))


def verdict(value: float, goal: float | None, at_least: bool) -> str:
    if goal is None:
        return ""
    met = value >= goal if at_least else value <= goal
    return f"  goal {'≥' if at_least else '≤'} {goal:g}: {'met' if met else 'NOT met'}"


def report(cm2008: float, lobbys: float, racolage: float, spiel: dict[str, dict[str, float]], installed: bool,
           cards: Any, search_decisions: int, rounds: int, source: str | None, seconds: float) -> dict[str, float]:
    """Print issue 34's goals: the self-play ratios, the search's seconds per decision, then the
    start-up and effect-language benchmarks' own lines. Returns the numbers measured here."""
    out = {"lobbys4.decisions_per_s": lobbys, "racolage3.decisions_per_s": racolage}
    print("\nIssue 34's goals (pure Python; CPU time; every ratio from this run):")
    print(f"  Lobbys, 4 players, random self-play: {lobbys:.0f} decisions/s (CM2008: {cm2008:.0f})")
    print(f"  Racolage, 3 players, random self-play: {racolage:.0f} decisions/s (issue 53: within 5% of before)")
    if not installed:
        print("  OpenSpiel is not installed (pip install '.[bench]'): the ratios to hearts and gin_rummy are skipped")
    else:
        hearts, gin = spiel["hearts"]["decisions_per_s"], spiel["gin_rummy"]["decisions_per_s"]
        for key, what, ratio, goal in (
                ("cm2008_vs_hearts", "CM2008 random self-play / C++ hearts", cm2008 / hearts, 0.8),
                ("lobbys4_vs_hearts", "Lobbys 4p random self-play / C++ hearts", lobbys / hearts, 0.7),
                ("racolage3_vs_hearts", "Racolage 3p random self-play / C++ hearts", racolage / hearts, None),
                ("cm2008_vs_gin_rummy", "CM2008 random self-play / C++ gin_rummy", cm2008 / gin, None)):
            out[key] = ratio
            print(f"  {what:42} {ratio:6.2f}×{verdict(ratio, goal, at_least=True)}")
        print("  The driver's floor, and what the games' rules may cost a decision for these goals (bench/floor.py):")
        if source:
            print("    (it measures this checkout only: skipped with --source)")
        else:
            run_child("floor.py", "--rounds", str(max(1, rounds)), "--games", "20", "--seconds", str(seconds))
    for label, make, goal in (("Lobbys 4p", lobbys_game(), 0.5), ("CM2008", cm2008_game(cards), None)):
        times = search_seconds(make, search_decisions)
        median = statistics.median(times)
        out[f"ismcts.{label}.median_s"] = median
        print(f"  ISMCTS at its defaults, {label:9} s/decision: median {median:.3f}, mean "
              f"{statistics.mean(times):.3f}, max {max(times):.3f} ({len(times)} decisions)"
              f"{verdict(median, goal, at_least=False)}")
    print("  Start-up (bench/cold_start.py):")
    other = ["--source", source] if source else []  # the children measure the same checkout
    run_child("cold_start.py", "--rounds", str(max(1, rounds)), *other)
    print("  The effect language against the same effects written by hand (bench/dsl_vs_hand.py):")
    run_child("dsl_vs_hand.py", "--rounds", str(max(1, rounds)), *other)  # each round: 2,000 runs a case
    print("  Memory over a long balance run: bench/memory.py (minutes: not run here).")
    print("  The compiled build against pure Python: bench/compiled.py (it builds one: not run here).")
    return out
