"""Engine speed: random self-play throughput, the cost of copying a position, the card set's
load time, and (with the ``bench`` extra) the same random play in OpenSpiel for scale.

    python bench/speed.py [--games 500] [--cards DIR] [--seconds 3] [--rounds 3] [--forks 2000]
                          [--json FILE] [--source DIR] [--peers]

What it prints (``--json FILE`` writes the same numbers, see bench/compare.py):

- games/s, decisions/s, events/s and turns/game of random self-play: beginner setup, seeds
  0..N-1, two RandomBots, ``Setup(max_turns=1000)``. A decision is one ``game.answer`` a bot
  makes, i.e. one with at least 2 options (the engine takes single-option ones itself).
  Self-play and the OpenSpiel games run in interleaved rounds; each keeps its fastest round.
  All times are the process's CPU time (less disturbed by other work on the machine than wall time).
- µs per position copy mid-game: ``Game.fork()`` at a mid-turn decision of turn 40 (it replays
  this turn's answers from the turn's checkpoint), the first fork of a game that never forked
  (a replay from the start), and ``game.position.copy()`` once the engine has one.
- parser load time and the set's load + parse + check + compile time.
- OpenSpiel random play (``pip install '.[bench]'``) of ``python_liars_poker`` (pure Python)
  and ``hearts`` (C++), in the same process and run: decisions/s and the ratio cmdsl / OpenSpiel.
- ``--peers``: issue 34's goals, each beside its figure (``bench/peers.py``): Lobbys' 4-player
  and Racolage's 3-player random self-play (issue 53 §4) and C++ ``gin_rummy`` join the rounds; CM2008's and Lobbys' ratios to
  ``hearts``; the search's CPU seconds per decision at its defaults (Lobbys 4 players, CM2008);
  then ``floor.py``, ``cold_start.py`` and ``dsl_vs_hand.py``, run as children, each for ``--rounds``.

Measuring an older commit (the machine is noisy: compare runs made back to back, never absolute
times from different sessions). The same new script measures the old engine with ``--source``,
which puts that checkout first on ``sys.path``:

    git worktree add --detach /tmp/base ca58bb0
    python bench/speed.py --source /tmp/base --json base.json
    python bench/speed.py --json new.json
    python bench/compare.py base.json new.json
    git worktree remove /tmp/base

Repeat the pair a few times and give compare.py every pair: it prints their median ratio
(bench/README.md).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import peers  # bench/peers.py, beside this script

REPO = Path(__file__).resolve().parent.parent
FORK_TURN = 40  # "mid-game": random games last 60-120 turns

# CPU time of this process, not wall time: on a shared machine a busy neighbour makes wall times
# wander by tens of percent between back-to-back runs, while the CPU time of the same work moves
# far less. Every duration and rate below is in CPU seconds.
clock: Callable[[], float] = time.process_time


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500, help="random games to play (seeds 0..N-1)")
    ap.add_argument("--cards", default=None, help="card set folder (default: as every cmdsl command: "
                    "cmdsl.toml, else the bundled set)")
    ap.add_argument("--seconds", type=float, default=3.0,
                    help="time for each OpenSpiel game, shared among the rounds (0: one game a round, "
                    "to check the code path)")
    ap.add_argument("--forks", type=int, default=2000, help="forks (and position copies) to time")
    ap.add_argument("--rounds", type=int, default=3,
                    help="self-play and each OpenSpiel game are measured this many times, interleaved; "
                    "the best round counts (the one the noisy machine disturbed least)")
    ap.add_argument("--json", metavar="FILE", default=None, help="also write every number to FILE as JSON")
    ap.add_argument("--source", metavar="DIR", default=None,
                    help="measure the engine of another checkout (e.g. a `git worktree` of an older commit)")
    ap.add_argument("--peers", action="store_true",
                    help="also Lobbys' 4-player self-play and OpenSpiel's C++ gin_rummy in the same rounds, the "
                    "search's seconds per decision, start-up and the effect language against hand-written "
                    "effects: issue 34's goals, each beside its figure (bench/peers.py)")
    ap.add_argument("--lobbys-games", type=int, default=200, help="Lobbys games per round with --peers (Racolage's 3-player games: half as many)")
    ap.add_argument("--search-decisions", type=int, default=12,
                    help="decisions of the search timed per game with --peers (each game: Lobbys, CM2008)")
    return ap.parse_args(argv)


# ---- which engine -----------------------------------------------------------------


def use_source(root: Path) -> None:
    """Make ``import cmdsl`` load ``root/cmdsl``, before anything imports it.

    An editable install of this checkout adds a meta-path finder that knows *this* checkout's
    ``cmdsl.grammar`` and ``cmdsl.cards`` folders; it is dropped so that nothing of this checkout
    is imported by accident (main() checks where ``cmdsl`` came from; cmdsl.resources finds the
    grammar and cards beside ``root/cmdsl``).
    """
    sys.path.insert(0, str(root))
    if root != REPO:
        sys.meta_path[:] = [f for f in sys.meta_path if not _is_editable_finder(f)]


def _is_editable_finder(finder: Any) -> bool:
    return getattr(finder, "__module__", "").startswith("__editable__")


def git_rev(root: Path) -> str | None:
    try:
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    return out.stdout.strip() or None


@dataclass
class Engine:
    """The parts of cmdsl the benchmark uses, imported after ``use_source``."""

    Game: Callable[..., Any]  # makes a game: (cards, seed, setup, checkpoints=...)
    Setup: Any
    RandomBot: Any
    SIDES: Any
    get_parser: Callable[[], Any]
    load_card_set: Callable[[Any], Any]
    choose_set: Callable[[str | None], Any] | None  # absent before cmdsl.set_location existed
    bundled_cards_dir: Callable[[], Path]
    error: type[Exception]
    root: Path
    move: Callable[[Any, dict[Any, Any]], None]  # one bot answers the pending decision
    ops: Callable[[Any], Any]  # what a compiled effect acts through, at a game's table


def _old_move(g: Any, bots: dict[Any, Any]) -> None:
    # An engine before bots were given a Perspective: bot.choose(decision, game).
    g.answer(bots[g.pending.player].choose(g.pending, g))


def import_engine() -> Engine:
    import cmdsl
    from cmdsl.bots import RandomBot
    from cmdsl.errors import CmdslError
    try:  # core v3: a game is the core's driver holding CM2008, made by a function; effects act
        # through an adapter over its rules
        from cmdsl.games.cm2008.engine import campaign_game as Game, rules_of
        ops: Callable[[Any], Any] = lambda g: rules_of(g).ops  # noqa: E731
    except ImportError:  # an engine before core v3: the game was a class of its own, and the operations
        from cmdsl.games.cm2008.engine import Game  # type: ignore[attr-defined,no-redef]
        ops = lambda g: g  # noqa: E731
    try:
        from cmdsl.games.cm2008.setup import Setup
    except ImportError:  # an engine before Setup had its own module
        from cmdsl.games.cm2008.engine import Setup  # type: ignore[no-redef]
    try:
        from cmdsl.games.cm2008.vocabulary import LANGUAGE
        get_parser: Callable[[], Any] = lambda: LANGUAGE.parser  # noqa: E731
    except ImportError:  # an engine before issue 29: one language, one parser per process
        from cmdsl.lang.parser import get_parser  # type: ignore[attr-defined,no-redef]
    from cmdsl.resources import bundled_cards_dir
    try:
        from cmdsl.games.cm2008.loader import load_card_set
        from cmdsl.games.cm2008.model import SIDES
    except ImportError:  # an engine before the layout of issue 28: CM2008's set modules at the top
        from cmdsl.loader import load_card_set  # type: ignore[no-redef]
        from cmdsl.model import SIDES  # type: ignore[no-redef]

    try:
        from cmdsl.sets.set_location import choose_set
    except ImportError:
        try:
            from cmdsl.set_location import choose_set  # type: ignore[no-redef]
        except ImportError:
            choose_set = None
    try:
        from cmdsl.bots import play_bot_move as move
    except ImportError:
        move = _old_move
    return Engine(Game, Setup, RandomBot, SIDES, get_parser, load_card_set, choose_set, bundled_cards_dir,
                  CmdslError, Path(cmdsl.__file__).resolve().parent.parent, move, ops)


def load_set(engine: Engine, cards: str | None) -> tuple[Any, str, float]:
    """The card set (chosen as every cmdsl command does), its description and its load time."""
    if engine.choose_set is not None:
        choice = engine.choose_set(cards)
        path, described = choice.path, choice.describe()
    else:  # an engine older than cmdsl.sets.set_location: --cards, else its bundled set
        path = Path(cards) if cards else engine.bundled_cards_dir()
        described = f"card set {path}"
    t = clock()
    card_set = engine.load_card_set(path)
    return card_set, described, clock() - t


# ---- cmdsl self-play ----------------------------------------------------------------


def new_game(engine: Engine, cards: Any, seed: int, checkpoints: bool = False) -> tuple[Any, dict[Any, Any]]:
    """The benchmark's game for ``seed``: beginner setup, two seeded RandomBots. ``checkpoints``
    asks an engine that has the option (Core v2) to keep turn checkpoints, as bots that look ahead do."""
    bots = {engine.SIDES[0]: engine.RandomBot(2 * seed), engine.SIDES[1]: engine.RandomBot(2 * seed + 1)}
    setup = engine.Setup(max_turns=1000)
    if checkpoints:
        try:
            return engine.Game(cards, seed, setup, checkpoints=True), bots
        except TypeError:  # an older engine: its checkpoints start with the first fork (below)
            pass
    return engine.Game(cards, seed, setup), bots


def self_play(engine: Engine, cards: Any, games: int) -> dict[str, float]:
    decisions = events = turns = 0
    t = clock()
    for seed in range(games):
        g, bots = new_game(engine, cards, seed)
        while g.pending is not None:
            # Only real choices count: the engine takes single-option decisions itself, but an
            # older engine might hand one to the bot, and it must not inflate the rate.
            if len(g.pending.options) >= 2:
                decisions += 1
            engine.move(g, bots)
        events += len(g.events)
        turns += g.turn
    dt = clock() - t
    return {"games_per_s": games / dt, "decisions_per_s": decisions / dt, "events_per_s": events / dt,
            "turns_per_game": turns / games, "decisions_per_game": decisions / games, "self_play_s": dt}


def mid_game(engine: Engine, cards: Any, fork_early: bool) -> tuple[Any, int]:
    """A game at its first mid-turn decision (not a turn's first) at turn FORK_TURN or later.

    ``fork_early`` forks once at the first decision: from then on the engine saves a checkpoint
    at every turn's start (what a bot that looks ahead gets), so later forks replay only this turn.
    """
    for seed in range(1000):
        g, bots = new_game(engine, cards, seed, checkpoints=fork_early)
        if fork_early and g.pending is not None:
            g.fork()
        while g.pending is not None:
            if g.turn >= FORK_TURN and g.pending.kind != "turn":
                return g, seed
            engine.move(g, bots)
    raise RuntimeError(f"no random game reached turn {FORK_TURN}")


def per_call_us(fn: Callable[[], Any], n: int, batches: int = 5) -> float:
    """µs per call: the best batch's mean (the least disturbed by the noisy machine)."""
    size = max(1, n // batches)
    best = float("inf")
    for _ in range(max(1, min(batches, n))):
        t = clock()
        for _ in range(size):
            fn()
        best = min(best, (clock() - t) / size)
    return 1e6 * best


def copy_costs(engine: Engine, cards: Any, n: int) -> tuple[dict[str, float | None], str]:
    g, seed = mid_game(engine, cards, fork_early=True)
    where = f"seed {seed}, turn {g.turn}, a '{g.pending.kind}' decision after {len(g.answers)} answers"
    out: dict[str, float | None] = {"fork_us": per_call_us(g.fork, n)}
    # A game that never forked has no checkpoint: its first fork replays every answer. Every fork
    # until the next turn does the same, so a few are enough to time it.
    cold, _ = mid_game(engine, cards, fork_early=False)
    out["fork_from_start_us"] = per_call_us(cold.fork, max(1, n // 40))
    # The planned position API (Core v2): time it once the engine has one, without requiring it.
    position = getattr(g, "position", None)
    copy = getattr(position, "copy", None)
    out["position_copy_us"] = per_call_us(copy, n) if callable(copy) else None
    out["determinize_us"] = determinize_us(g, n)
    return out, where


def determinize_us(g: Any, n: int) -> float | None:
    """µs per determinized copy for the seat to move (a fork plus a re-deal), when the engine has it."""
    seat, rng = g.pending.player, random.Random(0)
    if not hasattr(g, "determinized"):  # an engine from before determinization
        return None
    return per_call_us(lambda: g.determinized(seat, rng), n)


def log_read_us(engine: Engine, cards: Any, games: int = 40) -> float:
    """µs per event to read a finished game's log: since the engine makes its events when they
    are read (cmdsl/game/log.py), self-play above does not pay for them; a reader does, here."""
    logs = []
    for seed in range(games):
        g, bots = new_game(engine, cards, seed)
        while g.pending is not None:
            engine.move(g, bots)
        logs.append(g.events)
    t = clock()
    n = sum(len(list(log)) for log in logs)
    return 1e6 * (clock() - t) / n


def peak_game_kib(engine: Engine, cards: Any) -> float:
    tracemalloc.start()
    try:
        g, bots = new_game(engine, cards, 1)
        while g.pending is not None:
            engine.move(g, bots)
        list(g.events)  # an engine that makes its events when they are read (EventLog) makes them now
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1024


# ---- OpenSpiel ----------------------------------------------------------------------

OPENSPIEL_GAMES = ("python_liars_poker", "hearts")


def import_pyspiel() -> Any | None:
    try:
        import pyspiel

        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    except ImportError:
        return None
    return pyspiel


def openspiel_random_play(pyspiel: Any, name: str, seconds: float, seed: int = 0) -> dict[str, float]:
    """Random play until ``seconds`` have passed (at least one game), whole games only.

    A decision is a player node with at least 2 legal actions, as for cmdsl; chance outcomes are
    sampled from ``chance_outcomes()`` with their probabilities.
    """
    rng = random.Random(seed)
    game = pyspiel.load_game(name)
    games = decisions = chance = 0
    t = clock()
    deadline = t + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                chance += 1
            elif state.is_simultaneous_node():  # neither game has one; a new game might
                raise RuntimeError(f"{name}: simultaneous moves are not benchmarked")
            else:
                legal = state.legal_actions()
                if len(legal) >= 2:
                    decisions += 1
                state.apply_action(rng.choice(legal))
        games += 1
        if clock() >= deadline:
            break
    dt = clock() - t
    return {"games_per_s": games / dt, "decisions_per_s": decisions / dt, "chance_per_s": chance / dt,
            "games": games}


# ---- main -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    root = Path(args.source).resolve() if args.source else REPO
    if not (root / "cmdsl" / "__init__.py").is_file():
        sys.exit(f"error: {root} is not a cmdsl checkout (no cmdsl/__init__.py)")
    use_source(root)
    engine = import_engine()
    if engine.root != root:  # an installed cmdsl won: the numbers would be the wrong engine's
        sys.exit(f"error: imported cmdsl from {engine.root}, not {root}")
    rev = git_rev(root)
    print(f"Engine: {root} (commit {rev or 'unknown'}), Python {platform.python_version()}")

    metrics: dict[str, float | None] = {}
    t = clock()
    engine.get_parser()
    metrics["parser_load_ms"] = 1000 * (clock() - t)
    try:
        cards, described, t_load = load_set(engine, args.cards)
    except engine.error as e:
        sys.exit(f"error: {e}")
    metrics["set_load_ms"] = 1000 * t_load
    n_effects = len(cards.cards) + len(cards.news) + len(cards.negative)
    print(f"Using {described}.")
    print(f"parser load: {metrics['parser_load_ms']:.0f} ms")
    print(f"set load + parse + check + compile ({n_effects} effects): {metrics['set_load_ms']:.0f} ms")

    pyspiel = import_pyspiel()
    play, spread, spiel = timed_rounds(engine, cards, pyspiel, args)
    metrics.update(play)
    metrics["self_play_spread"] = spread
    print(f"{args.games} random games, best of {args.rounds} rounds ({play['self_play_s']:.2f} s; "
          f"the slowest round took {100 * spread:.0f}% longer): {play['games_per_s']:.1f} games/s, "
          f"{play['decisions_per_s']:.0f} decisions/s, {play['events_per_s']:.0f} events/s, "
          f"{play['turns_per_game']:.1f} turns/game, {play['decisions_per_game']:.1f} decisions/game")

    copies, where = copy_costs(engine, cards, args.forks)
    metrics.update(copies)
    print(f"position copy mid-game ({where}):")
    print(f"  µs per fork (from the turn's checkpoint): {copies['fork_us']:.1f}")
    print(f"  µs per fork (first fork, replay from the start): {copies['fork_from_start_us']:.1f}")
    pc = copies["position_copy_us"]
    print(f"  µs per position.copy(): {pc:.1f}" if pc is not None else
          "  µs per position.copy(): n/a (this engine has no game.position.copy)")
    dz = copies["determinize_us"]
    print(f"  µs per determinization (fork + re-deal of what the seat cannot see): {dz:.1f}" if dz is not None
          else "  µs per determinization: n/a (this engine has no cmdsl.games.cm2008.determinize)")

    metrics["log_read_us_per_event"] = log_read_us(engine, cards)
    print(f"µs per event to read a game's log (events are made when read): {metrics['log_read_us_per_event']:.2f}")
    metrics["peak_game_kib"] = peak_game_kib(engine, cards)
    print(f"peak memory of one game with its full event log: {metrics['peak_game_kib']:.0f} KiB")

    report_openspiel(spiel, pyspiel is not None, metrics)
    if args.peers:
        metrics.update(peers.report(play["decisions_per_s"], play["lobbys_decisions_per_s"],
                                    play["racolage_decisions_per_s"], spiel,
                                    pyspiel is not None, cards, args.search_decisions, args.rounds,
                                    args.source, args.seconds))
    if args.json:
        meta = {"engine": str(root), "commit": rev, "python": platform.python_version(), "set": described,
                "games": args.games, "rounds": args.rounds, "forks": args.forks, "seconds": args.seconds,
                "argv": sys.argv[1:], "when": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
        Path(args.json).write_text(json.dumps({"meta": meta, "metrics": metrics}, indent=2) + "\n",
                                   encoding="utf-8")
        print(f"wrote {args.json}")


def timed_rounds(engine: Engine, cards: Any, pyspiel: Any | None, args: argparse.Namespace
                 ) -> tuple[dict[str, float], float, dict[str, dict[str, float]]]:
    """Self-play and the OpenSpiel games, round after round, so that a busy spell of the machine
    hits every one of them alike; the fastest round of each is kept (and the ratios use those).
    Returns cmdsl's best round, how much slower its slowest was, and OpenSpiel's best rounds."""
    rounds = max(1, args.rounds)
    ours: list[dict[str, float]] = []
    lobbys: list[float] = []
    racolage: list[float] = []
    names = OPENSPIEL_GAMES + tuple(n for n in peers.PEER_GAMES if args.peers and n not in OPENSPIEL_GAMES)
    theirs: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    for _ in range(rounds):
        gc.collect()  # each round starts without the previous one's garbage
        ours.append(self_play(engine, cards, args.games))
        if args.peers:
            gc.collect()
            lobbys.append(peers.lobbys_self_play(args.lobbys_games)["decisions_per_s"])
            gc.collect()
            racolage.append(peers.racolage_self_play(max(1, args.lobbys_games // 2))["decisions_per_s"])
        if pyspiel is not None:
            for name in names:
                theirs[name].append(openspiel_random_play(pyspiel, name, args.seconds / rounds))
    best = max(ours, key=lambda r: r["games_per_s"])
    spread = max(r["self_play_s"] for r in ours) / best["self_play_s"] - 1
    if lobbys:
        best = {**best, "lobbys_decisions_per_s": max(lobbys), "racolage_decisions_per_s": max(racolage)}
    spiel = {name: max(rs, key=lambda r: r["decisions_per_s"]) for name, rs in theirs.items() if rs}
    return best, spread, spiel


def report_openspiel(spiel: dict[str, dict[str, float]], installed: bool, metrics: dict[str, float | None]) -> None:
    if not installed:
        print("OpenSpiel not installed: pip install '.[bench]'")
        return
    ours = metrics["decisions_per_s"]
    assert ours is not None
    for name, r in spiel.items():
        ratio = ours / r["decisions_per_s"]
        metrics[f"openspiel.{name}.decisions_per_s"] = r["decisions_per_s"]
        metrics[f"openspiel.{name}.chance_per_s"] = r["chance_per_s"]
        metrics[f"ratio_vs.{name}"] = ratio
        print(f"OpenSpiel {name} (best round, {r['games']} games): {r['decisions_per_s']:.0f} decisions/s, "
              f"{r['chance_per_s']:.0f} chance outcomes/s; ratio cmdsl / OpenSpiel: {ratio:.3f}")


if __name__ == "__main__":
    main()
