"""``cmdsl balance`` of Campaign Manager 2008 (its plug-in's ``balance``), and ``cmdsl balance
report DB``: a run of two-player games of a card set, or an A/B of two sets, stored, resumed, played
locally or on a cluster, then reported.

Run parameters (``--seed``, ``--setup``, ``--first``, ``--max-turns``, ``--bot``, ``--swap-sides``,
the card sets) default to nothing on the command line, so that ``--resume`` can take the stored
ones and refuse only those given differently; a new run then fills in the documented defaults.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable

from ..... import argtypes
from .....kits.study import html_report as pages
from .....kits.study.stats import DEFAULT_GAMES, Correction
from .....bots import parse_bot
from .....errors import CmdslError
from .....plugins import BalanceRequest, ReportOptions, StoredReportRequest
from .....sets.set_location import choose_set
from ...loader import load_card_set
from ...model import SIDES, CardSet, SetupMode
from . import cluster, html_report
from .analysis import analyse
from .....kits.study.sequential import study_plan
from .compare import compare, decided
from .executor import Executor, executor_for
from .jobs import ArmName, GameRow
from .plan import MAIN, NEW, OLD, Arm, Change, RunParams
from .report import text
from .runner import prepare, run
from .store import Store, StoreError

DEFAULTS: dict[str, Any] = {"seed": 1, "setup": "beginner", "first": "random", "max_turns": argtypes.DEFAULT_BOT_TURN_LIMIT,
                            "bot": ["greedy", "greedy"], "swap_sides": False}


def _arm(name: ArmName, folder: str | None, setup: SetupMode) -> tuple[Arm, CardSet]:
    choice = choose_set(folder)
    cards = load_card_set(choice.path)
    print(f"Using {choice.describe()}" + (f" as the {name} set." if name != MAIN else "."), file=sys.stderr)
    cards.require_setup(setup)  # before any game: a set too small to draft says so once
    decks = cards.pool if setup == "draft" else cards.beginner_deck  # R3.1: a draft deals from the whole pool
    deck = tuple(c.id for side in SIDES for c in decks(side))
    # The absolute folder: workers load the set by it, and cache it by it (a relative name would
    # mean another set after a change of directory in the same process).
    titles = tuple((c.id, c.title) for c in cards.cards.values())
    return Arm(name, str(choice.path.resolve()), cards.fingerprint, choice.describe(), deck, titles), cards


def _given(request: BalanceRequest) -> dict[str, Any]:
    """The run parameters given on the command line (not those left to a stored run or a default)."""
    o = request.options
    values = {"seed": request.seed, "setup": o.text("setup"), "first": o.text("first"),
              "max_turns": o.number("max_turns"), "bot": list(request.bots) or None, "swap_sides": o.of("swap_sides", bool)}
    return {k: v for k, v in values.items() if v is not None}


def _params(request: BalanceRequest, stored: RunParams | None) -> RunParams:
    """The run's parameters: those given, else the stored run's (on --resume), else the defaults."""
    base: dict[str, Any] = dict(DEFAULTS)
    if stored is not None:
        base.update(seed=stored.seed, setup=stored.setup, first=stored.first, max_turns=stored.max_turns or 0,
                    bot=list(stored.bots), swap_sides=stored.swap_sides)
    given = _given(request)
    v = base | given
    if len(v["bot"]) != 2:
        raise CmdslError("balance: give two bots, McCain's then Obama's: --bot greedy --bot ismcts")
    bots = (parse_bot(v["bot"][0]).text(), parse_bot(v["bot"][1]).text())
    against = request.options.text("against")
    if against is not None:
        (new, new_cards), (old, old_cards) = _arm(NEW, request.cards, v["setup"]), _arm(OLD, against, v["setup"])
        arms: tuple[Arm, ...] = (new, old)
        changed = tuple(sorted(c for c in set(new_cards.cards) | set(old_cards.cards)
                               if _definition(new_cards, c) != _definition(old_cards, c)))
        changes = tuple(_change(c, old_cards, new_cards) for c in changed)
    else:
        arms, changed, changes = (_arm(MAIN, request.cards, v["setup"])[0],), (), ()
    return RunParams(v["seed"], v["setup"], v["first"], v["max_turns"] or None, bots, bool(v["swap_sides"]),
                     arms, changed, changes)


def _change(card_id: str, old: CardSet, new: CardSet) -> Change:
    """A changed card as each set's generated rules text says it (what a reader compares)."""
    from ...catalog import card_text

    before, after = old.cards.get(card_id), new.cards.get(card_id)
    either = after or before
    title = either.title if either is not None else card_id
    return Change(card_id, title, card_text(before) if before else "", card_text(after) if after else "")


def _definition(cards: CardSet, card_id: str) -> tuple[str, ...] | None:
    c = cards.cards.get(card_id)
    return None if c is None else (c.title, c.type, c.effect_text, str(c.going_negative), str(c.beginner))


def campaign_balance(request: BalanceRequest) -> int:
    """A run of two-player games of card sets, or an A/B of two sets (CM2008)."""
    resume, db, given = request.options.flag("resume"), request.options.text("db"), request.options.given.get("cluster")
    at = given if isinstance(given, (cluster.Scheduler, cluster.LocalWorkers)) else None  # its type parsed it
    page = request.report.page
    if resume and not db:
        raise CmdslError("balance: --resume needs the --db FILE of the run to resume")
    if page:
        pages.check(page)  # before the games, not after hours of them
    if at:
        cluster.check()
        if request.workers:
            raise CmdslError("balance: --workers counts local processes; with --cluster the cluster has its "
                             "workers (local:N for N of them)")
    with Store(db or ":memory:") as store:
        stored = store.params() if resume else None
        params = _params(request, stored)
        games = request.games or (store.games_asked() if stored is not None else DEFAULT_GAMES)
        store.claim()
        prepare(store, params, games, resume)
        workers = request.workers or os.cpu_count() or 1
        executor: Executor = cluster.DaskExecutor(at) if at else executor_for(workers)
        where = at.describe() if at else f"with {workers} worker(s)"
        todo = sum(games - len(store.done(a.name) & set(range(games))) for a in params.arms)
        if stored is not None:
            kept = sum(len(store.done(a.name) & set(range(games))) for a in params.arms)
            print(f"Resuming {db}: {kept} finished games kept, {todo} to play.", file=sys.stderr)
        start = time.perf_counter()
        bar = _progress(todo, request.quiet)
        try:
            played = _play(store, params, games, executor, lambda row: bar.update(1))
        except KeyboardInterrupt:
            bar.close()
            print(f"Interrupted: {_kept(store, params, db)}.", file=sys.stderr)
            return 130
        except (cluster.ClusterError, StoreError) as e:
            bar.close()
            if not any(store.done(a.name) for a in params.arms):
                raise
            raise type(e)(f"{e} ({_kept(store, params, db)})") from None
        bar.close()
        elapsed = time.perf_counter() - start
        print(f"Played {played} games in {elapsed:.1f} s {where}"
              + (f" ({played / elapsed:.2f} games/s)." if elapsed > 0 and played else "."), file=sys.stderr)
        missed = _reports(store, request.report)
        if missed and request.strict:
            print("balance --strict: a health target is missed beyond chance (the targets' lines).", file=sys.stderr)
            return 1
    return 0


def target_lines(store: Store) -> tuple[list[str], bool]:
    """A single set's run: its health targets' verdicts (its manifest's ``health:``, read from its
    folder; ``kits/study/targets.py``), as lines, and whether one is missed beyond chance."""
    from pathlib import Path

    from .....kits.study.targets import strict_failure, verdicts
    from .....sets.health_targets import read_targets

    params = store.params()
    if params is None or len(params.arms) != 1 or not Path(params.arms[0].cards).is_dir():
        return [], False
    arm = params.arms[0]
    targets = read_targets(Path(arm.cards), None)
    if not targets:
        return [], False
    found = verdicts(targets, store.rows(arm.name, below=store.games_asked()), len(SIDES),
                     tuple(side.label for side in SIDES), dict(arm.titles))
    return ([f"Health targets ({targets.file}; 95% intervals)", *(f"  {v.text()}" for v in found)],
            strict_failure(found))


def _play(store: Store, params: RunParams, games: int, executor: Executor, on_row: Callable[[GameRow], None]) -> int:
    """Play the run's missing games: a single set's all at once; an A/B's look by look, stopping at
    the first look where its side result is decided (``compare.decided``), the stop recorded so
    that its report reads that look's pairs (and ``--resume`` goes on from it)."""
    if len(params.arms) == 1:
        return run(store, params, games, executor, on_row=on_row)
    store.stop(None)  # a resumed run looks again from where it is
    plan = study_plan(games)
    played = 0
    with executor.session():  # one pool for all the looks
        for n in plan.looks:
            played += run(store, params, n, executor, on_row=on_row)
            if n < games:
                old, new = store.rows(OLD, below=n), store.rows(NEW, below=n)
                if decided(compare(old, new), plan.at(n)):
                    store.stop(n, plan.at(n))
                    break
    return played


def _kept(store: Store, params: RunParams, db: str | None) -> str:
    kept = sum(len(store.done(a.name)) for a in params.arms)
    return f"{kept} finished games kept" + (f"; `cmdsl balance --db {db} --resume` plays the rest" if db else "")


def report_again(request: StoredReportRequest) -> int:
    """`cmdsl balance report DB`: a stored run reported again, without playing."""
    if request.report.page:
        pages.check(request.report.page)
    with Store.open_existing(request.db) as store:
        _reports(store, request.report)
    return 0


def _reports(store: Store, asked: ReportOptions) -> bool:
    """The text report on stdout and, with ``--report FILE``, the HTML page: one analysis, two
    views; then the set's health targets. Whether a target is missed beyond chance."""
    a = analyse(store, Correction(asked.correction))
    if asked.page:  # first: a closed stdout (`| head`) must not lose the page
        html_report.write(asked.page, a, asked.top)
        print(f"Wrote the report {asked.page}.", file=sys.stderr)
    print(text(a, asked.top))
    lines, missed = target_lines(store)
    if lines:
        print("\n" + "\n".join(lines))
    return missed


def _progress(total: int, quiet: bool) -> Any:
    """A progress bar with an ETA on stderr, only for a person at a terminal."""
    from tqdm import tqdm

    return tqdm(total=total, unit="game", file=sys.stderr, disable=quiet or not sys.stderr.isatty(), smoothing=0.1)
