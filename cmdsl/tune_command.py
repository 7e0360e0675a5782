"""``cmdsl tune PLAN``: search the numbers a plan lets move for the values that meet the set's
health targets, and write the proposed set beside a report (docs/tune.md). The designer's set is
never changed: the proposal is a copy in ``--out``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from . import argtypes
from .errors import CmdslError, shown_path
from .plugins import default_game, game, games, games_help, without

if TYPE_CHECKING:
    from typing import Mapping

    import optuna

    from .kits.tune.plan import Move, TunePlan
    from .sets.number_paths import Number
    from .plugins import Plugin
    from .sets.health_targets import Targets

#: The confirmation plays other seeds than the search's (a candidate chosen on its seeds would
#: look better on them than it is): these, past the search's.
CONFIRM_SEEDS = 1_000_000


def add_options(t: argparse.ArgumentParser) -> None:
    t.description = ("Search the numbers a tuning plan lets move (docs/tune.md) for the values that meet the set's "
                     "health targets (its manifest's health:), by playing games; write the proposed set and a "
                     "report to --out. Your set is never changed. Needs pip install \"cmdsl[tune]\".")
    t.add_argument("plan", metavar="PLAN", help="the tuning plan (YAML): which numbers move, within what, and how "
                                                "the games are played")
    t.add_argument("--game", choices=list(games()), default=default_game(), help="the game: " + games_help())
    t.add_argument("--cards", metavar="DIR", help="the set to tune (default: the one cmdsl.toml names, else the "
                                                  "bundled one)")
    t.add_argument("--out", metavar="DIR", required=True,
                   help="where the proposed set (DIR/set), the report (DIR/report.txt) and the run (DIR/tune.db) go")
    t.add_argument("--games", metavar="N", type=argtypes.whole(1, None, "a whole number ≥ 1"),
                   help="the search's budget in games (default: 30 candidates, or --minutes)")
    t.add_argument("--minutes", metavar="M", type=argtypes.whole(1, None, "a whole number of minutes ≥ 1"),
                   help="the search's budget in minutes")
    t.add_argument("--seed", metavar="S", type=argtypes.seed, help="the first game's seed, and the search's (default 1)")
    t.add_argument("--workers", metavar="N", type=argtypes.whole(1, 256, "a whole number from 1 to 256"),
                   help="processes playing games at once (default: the number of CPUs)")
    t.add_argument("--resume", action="store_true", help="continue the run stored in --out")
    t.set_defaults(run=cmd_tune)
    from .balance_command import one_line_errors

    one_line_errors(t)


def cmd_tune(args: argparse.Namespace) -> int:
    from .kits.tune.plan import numbers_of, read_plan
    from .sets.health_targets import read_targets
    from .sets.set_location import choose_set

    plugin = game(args.game)
    if plugin.sets is None or plugin.study is None or plugin.study.own() is not None:
        raise without(plugin, "sets studied seat by seat (what cmdsl tune plays)", "tune")
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise CmdslError('tune: needs Optuna: pip install "cmdsl[tune]"') from None
    plan = read_plan(Path(args.plan))
    source = choose_set(args.cards, plugin.name).path.resolve()
    numbers = numbers_of(plan, source, args.plan)
    targets = read_targets(source, plugin.sets.data_file)
    if not targets:
        raise CmdslError(f"tune: the set {shown_path(source)} has no health targets to tune towards: add a health: "
                         "section to its manifest (docs/balance.md, \"Health targets\")")
    out = Path(args.out).resolve()
    if out == source or source in out.parents or out in source.parents:
        raise CmdslError(f"tune --out {args.out}: not in or around the set being tuned (it is never written)")
    if out.exists() and any(out.iterdir()) and not args.resume:
        raise CmdslError(f"tune --out {args.out}: the folder is not empty (give another, or --resume a run in it)")
    if args.resume and not (out / "tune.db").is_file():
        raise CmdslError(f"tune --resume: no run in {args.out} (its tune.db)")
    out.mkdir(parents=True, exist_ok=True)
    return _run(args, plugin, plan, source, numbers, targets, out)


def _run(args: argparse.Namespace, plugin: "Plugin", plan: "TunePlan", source: Path,
         numbers: "Mapping[Move, list[Number]]", targets: "Targets", out: Path) -> int:
    from .kits.tune.search import Candidates, best, candidate_numbers, search, write_candidate

    assert plugin.sets is not None
    sets = plugin.sets
    seed, workers = args.seed or 1, args.workers or os.cpu_count() or 1
    start = time.monotonic()
    candidates = Candidates(plan, plugin, source, numbers, targets, out / "work", seed, workers, sets.check,
                            _progress)
    try:
        study = search(candidates, f"sqlite:///{out / 'tune.db'}", args.games, args.minutes)
    except KeyboardInterrupt:
        print(f"Interrupted: the candidates finished are kept in {shown_path(out / 'tune.db')}; `cmdsl tune "
              f"{args.plan} --out {args.out} --resume` goes on (the one under way is played again).", file=sys.stderr)
        return 130
    searched = time.monotonic() - start
    chosen = best(study)
    if chosen is None:
        raise CmdslError("tune: no candidate played every round within the budget: give more --games or --minutes")
    changes = candidate_numbers(plan, numbers, chosen.params)
    proposed = out / "set"
    write_candidate(source, proposed, changes)
    report = _report(args, plugin, plan, source, numbers, targets, study, chosen, changes, proposed, searched, seed, workers)
    (out / "report.txt").write_text(report + "\n", encoding="utf-8")
    print(report)
    print(f"Wrote the proposed set {shown_path(proposed)}, the report {shown_path(out / 'report.txt')} and the run "
          f"{shown_path(out / 'tune.db')} (--resume continues it). Your set {shown_path(source)} is unchanged.",
          file=sys.stderr)
    return 0


def _progress(line: str) -> None:
    print(line, file=sys.stderr)


def _report(args: argparse.Namespace, plugin: "Plugin", plan: "TunePlan", source: Path,
            numbers: "Mapping[Move, list[Number]]", targets: "Targets", study: "optuna.Study", chosen: "optuna.trial.FrozenTrial", changes: "dict[tuple[str, Number], int]",
            proposed: Path, searched: float, seed: int, workers: int) -> str:
    import optuna

    from .kits.study.targets import verdicts
    from .kits.tune.search import Games, score
    trials = study.get_trials(deepcopy=False)
    pruned = sum(t.state == optuna.trial.TrialState.PRUNED and "refused" not in t.user_attrs for t in trials)
    refused = sum("refused" in t.user_attrs for t in trials)
    search_games = sum(int(t.user_attrs.get("games", 0)) for t in trials)
    counts = plan.players or (0,)
    lines = [f"cmdsl tune {args.plan} on {shown_path(source)} ({plugin.title}"
             + (f", {'/'.join(map(str, plan.players))} players" if plan.players else "") + f"; {plan.bot} at every seat)",
             f"Search: {len(trials)} candidates ({pruned} stopped early by racing, {refused} refused by the game), "
             f"{search_games} games in {searched:.0f} s with {workers} worker(s).",
             f"Best: candidate {chosen.number}, score {chosen.value:.3f} (0: every target met by its estimate; the "
             f"set as it was: {trials[0].value if trials[0].value is not None else float('nan'):.3f}).", "",
             "Changes (each number before → after):"]
    for i, m in enumerate(plan.moves):
        by = chosen.params.get(f"move{i}")
        said = [f"{n.label} {n.value} → {v}" for (file, n), v in changes.items() if file == m.file and n in numbers[m]]
        how = f"{m.change} {by:+g}" if m.change == "shift" else f"{m.change} {by:g}"
        lines.append(f"  {m.file} {m.path}: " + (f"{how}: " + ", ".join(said) if said else "unchanged"))
    if not changes:
        lines.append("  none: the set as it was is the best found")
    # the confirmation: the set as it was and the proposal, on seeds the search never played
    confirm_seed = seed + CONFIRM_SEEDS
    lines += ["", f"Targets before → after, confirmed on other seeds than the search's ({confirm_seed}…; 95% "
                  "intervals):"]
    played = 0
    bots = [(plan.bot, plan.confirm.games)] + ([(plan.confirm.bot, plan.confirm.bot_games)] if plan.confirm.bot else [])
    for bot, count in bots:
        t0 = time.monotonic()
        before = Games(plugin, source, counts, bot, confirm_seed, workers)
        after = Games(plugin, proposed, counts, bot, confirm_seed, workers)
        rows_before, rows_after = before.to(count), after.to(count)
        played += before.played + after.played
        for i, players in enumerate(counts):
            lines.append(f"  {bot} at every seat, {count} games" + (f" at {players} players" if players else "")
                         + f" ({time.monotonic() - t0:.0f} s for both sets):")
            names = tuple(f"Player {s + 1}" for s in range(before.seats[i]))
            titles = before.tables[i].card_titles()  # a card by its name in the verdicts
            for b, a in zip(verdicts(targets, rows_before[i], before.seats[i], names, titles),
                            verdicts(targets, rows_after[i], after.seats[i], names, titles)):
                lines.append(f"    {b.target.text()}: {_brief(b)} → {_brief(a)}")
        lines.append(f"    score {score(targets, rows_before, before.seats):.3f} → "
                     f"{score(targets, rows_after, after.seats):.3f}")
    lines += ["", f"Games spent: {search_games} searching, {played} confirming."]
    return "\n".join(lines)


def _brief(v: object) -> str:
    from .kits.study.targets import Verdict

    assert isinstance(v, Verdict)
    head = {"met": "met", "missed": "MISSED", "unknown": "not known"}[v.status]
    return f"{head} ({v.measured.split(' (each')[0]})"
