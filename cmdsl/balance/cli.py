"""``cmdsl balance`` and ``cmdsl balance report DB``: arguments in, a run and a report out.

Run parameters (``--seed``, ``--setup``, ``--first``, ``--max-turns``, ``--bot``, ``--swap-sides``,
the card sets) default to nothing here, so that ``--resume`` can take the stored ones and refuse
only those given differently; a new run then fills in the documented defaults.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, NoReturn

from .. import argtypes
from ..bots import BOT_NAMES, parse_bot
from ..errors import CmdslError
from ..games.cm2008.loader import load_card_set
from ..games.cm2008.model import SIDES, CardSet, SetupMode
from ..sets.set_location import choose_set
from . import cluster, html_report
from ..plugins import GamePlugin, add_game_options, default_game, game, games, games_help, other_games_option, without
from .analysis import analyse
from .cluster import parse_cluster
from .executor import Executor, executor_for
from .games import ArmName
from .plan import MAIN, NEW, OLD, Arm, Change, RunParams
from .report import text
from .runner import prepare, run
from . import seats
from .seats import DEFAULT_GAMES
from .stats import Correction
from .store import Store, StoreError

DEFAULTS: dict[str, Any] = {"seed": 1, "setup": "beginner", "first": "random", "max_turns": argtypes.DEFAULT_BOT_TURN_LIMIT,
                            "bot": ["greedy", "greedy"], "swap_sides": False}


def add_parser(sub: Any) -> None:
    """Add ``balance`` (and ``balance report``) to the ``cmdsl`` subcommands."""
    b = sub.add_parser("balance", help="play many bot games and report win rates, cards, states, news (docs/balance.md)",
                       description="Play N bot games and report win rates with 95% intervals: the game's own study "
                                   "(a card game's: first-player advantage, game length, and each card, state and "
                                   "event; an A/B of two sets with --against), else a seat study. `cmdsl balance "
                                   "report DB` reports a stored run again.")
    b.add_argument("--game", choices=list(games()), default=default_game(), help="the game: " + games_help())
    b.add_argument("--games", metavar="N", type=argtypes.whole(1, None, "a whole number ≥ 1"),
                   help=f"how many games (per card set); default {DEFAULT_GAMES}, or the stored run's with --resume")
    b.add_argument("--bot", action="append", metavar="BOT",
                   help=f"a bot ({', '.join(BOT_NAMES)}; settings as ismcts:iterations=400); a two-sided game "
                        "takes one per side in seat order (default greedy twice), a seat study the tested bot "
                        "then the others' (default greedy, then random)")
    b.add_argument("--seed", metavar="S", type=argtypes.seed, help="the first game's seed (game i: seed + i; default 1)")
    b.add_argument("--workers", metavar="N", type=argtypes.whole(1, 256, "a whole number from 1 to 256"),
                   help="processes playing games at once (default: the number of CPUs); never changes the numbers")
    b.add_argument("--cluster", metavar="WHERE", type=parse_cluster,
                   help="play on Dask instead: tcp://HOST:PORT (a running `dask scheduler`) or local:N (N local "
                        'workers); needs pip install "cmdsl[cluster]"')
    b.add_argument("--cards", metavar="DIR", help="card set folder (default: the one cmdsl.toml names, else the bundled set); "
                                                  "with --against, the new set")
    b.add_argument("--against", metavar="DIR", help="A/B: the old card set, played on the same seeds as --cards")
    b.add_argument("--db", metavar="FILE", help="store every game in this SQLite file (to resume, extend, report again)")
    b.add_argument("--resume", action="store_true", help="continue or extend the run stored in --db")
    _report_options(b)
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    add_game_options(b, "balance")
    b.set_defaults(run=cmd_balance)
    actions = b.add_subparsers(dest="balance_action", metavar="report")
    r = actions.add_parser("report", help="report a stored run again, without playing")
    r.add_argument("db", metavar="DB", help="a file written by cmdsl balance --db")
    _report_options(r)
    r.set_defaults(run=cmd_report)
    for parser in (b, r):
        _one_line_errors(parser)


def _one_line_errors(parser: argparse.ArgumentParser) -> None:
    """A bad option is one line for a designer (not the whole usage), with where to read more."""
    def error(message: str) -> NoReturn:
        parser.exit(2, f"{parser.prog}: error: {message} (see {parser.prog} --help)\n")
    parser.error = error  # type: ignore[method-assign]


def _report_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--top", metavar="N", type=argtypes.whole(0, None, "a whole number ≥ 0"), default=0,
                   help="show only the N cards whose lift is surely lowest and surely highest (A/B: at least N cards; default all)")
    p.add_argument("--report", metavar="FILE",
                   help='also write the report as one HTML page with plots (needs pip install "cmdsl[report]")')
    p.add_argument("--correction", choices=[c.value for c in Correction], default=Correction.HOLM.value,
                   help="A/B: how per-card p-values are adjusted: holm (default) or bh (Benjamini–Hochberg)")


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


def _params(args: argparse.Namespace, stored: RunParams | None) -> RunParams:
    """The run's parameters: those given, else the stored run's (on --resume), else the defaults."""
    base: dict[str, Any] = dict(DEFAULTS)
    if stored is not None:
        base.update(seed=stored.seed, setup=stored.setup, first=stored.first, max_turns=stored.max_turns or 0,
                    bot=list(stored.bots), swap_sides=stored.swap_sides)
    given = {k: getattr(args, k) for k in DEFAULTS if getattr(args, k) is not None}
    v = base | given
    if len(v["bot"]) != 2:
        raise CmdslError("balance: give two bots, McCain's then Obama's: --bot greedy --bot ismcts")
    bots = tuple(parse_bot(b).text() for b in v["bot"])
    if args.against is not None:
        (new, new_cards), (old, old_cards) = _arm(NEW, args.cards, v["setup"]), _arm(OLD, args.against, v["setup"])
        arms: tuple[Arm, ...] = (new, old)
        changed = tuple(sorted(c for c in set(new_cards.cards) | set(old_cards.cards)
                               if _definition(new_cards, c) != _definition(old_cards, c)))
        changes = tuple(_change(c, old_cards, new_cards) for c in changed)
    else:
        arms, changed, changes = (_arm(MAIN, args.cards, v["setup"])[0],), (), ()
    return RunParams(v["seed"], v["setup"], v["first"], v["max_turns"] or None, bots, bool(v["swap_sides"]),  # type: ignore[arg-type]
                     arms, changed, changes)


def _change(card_id: str, old: CardSet, new: CardSet) -> Change:
    """A changed card as each set's generated rules text says it (what a reader compares)."""
    from ..games.cm2008.catalog import card_text

    before, after = old.cards.get(card_id), new.cards.get(card_id)
    title = (after or before).title if (after or before) is not None else card_id  # type: ignore[union-attr]
    return Change(card_id, title, card_text(before) if before else "", card_text(after) if after else "")


def _definition(cards: CardSet, card_id: str) -> tuple[str, ...] | None:
    c = cards.cards.get(card_id)
    return None if c is None else (c.title, c.type, c.effect_text, str(c.going_negative), str(c.beginner))


def cmd_balance(args: argparse.Namespace) -> int:
    """The game's own balance study (its plug-in's ``balance``)."""
    wrong = other_games_option(args, "balance")
    if wrong:
        raise CmdslError(wrong)
    plugin = game(args.game)
    if plugin.balance is None:
        if plugin.table is None or plugin.new_game is None:
            raise without(plugin, "balance study (neither a study of its own nor a table for a seat study)", "balance")
        return seat_study_command(args, plugin)
    return plugin.balance(args)


#: The options of `cmdsl balance` that a seat study does not take (it is played at once, in memory).
NOT_IN_A_SEAT_STUDY = ("cluster", "against", "db", "resume", "top")


def seat_study_command(args: argparse.Namespace, plugin: GamePlugin) -> int:
    """`cmdsl balance --game NAME` of a game without a study of its own: its seat study, printed
    (and written as a page with --report)."""
    assert plugin.table is not None
    given = [f"--{name.replace('_', '-')}" for name in NOT_IN_A_SEAT_STUDY
             if getattr(args, name, None) not in (None, False, 0)]  # each option's default: not given
    if given:
        raise CmdslError(f"balance --game {plugin.name}: {', '.join(given)}: not taken by a seat study; it "
                         "takes --cards, --bot (two at most), --games, --seed, --workers, --quiet, --report "
                         "and the game's own options (`cmdsl balance --help`)")
    if args.report:
        html_report.check(args.report)  # before the games
    table = plugin.table(args)  # the game reads its options and its set: one located error before any game
    study = seats.seat_study(plugin, table, args.bot or [], args.games or DEFAULT_GAMES, args.seed or 1,
                             args.workers or os.cpu_count() or 1, args.quiet)
    print(study.render())
    if args.report:
        html_report.write_page(args.report, html_report.seat_page(study))
        print(f"Wrote the report {args.report}.", file=sys.stderr)
    return 0


def campaign_balance(args: argparse.Namespace) -> int:
    """A run of two-player games of card sets, or an A/B of two sets (CM2008)."""
    if args.resume and not args.db:
        raise CmdslError("balance: --resume needs the --db FILE of the run to resume")
    if args.report:
        html_report.check(args.report)  # before the games, not after hours of them
    if args.cluster:
        cluster.check()
        if args.workers:
            raise CmdslError("balance: --workers counts local processes; with --cluster the cluster has its "
                             "workers (local:N for N of them)")
    with Store(args.db or ":memory:") as store:
        stored = store.params() if args.resume else None
        params = _params(args, stored)
        games = args.games or (store.games_asked() if stored is not None else DEFAULT_GAMES)
        store.claim()
        prepare(store, params, games, args.resume)
        workers = args.workers or os.cpu_count() or 1
        executor: Executor = cluster.DaskExecutor(args.cluster) if args.cluster else executor_for(workers)
        where = args.cluster.describe() if args.cluster else f"with {workers} worker(s)"
        todo = sum(games - len(store.done(a.name) & set(range(games))) for a in params.arms)
        if stored is not None:
            kept = sum(len(store.done(a.name) & set(range(games))) for a in params.arms)
            print(f"Resuming {args.db}: {kept} finished games kept, {todo} to play.", file=sys.stderr)
        start = time.perf_counter()
        bar = _progress(todo, args.quiet)
        try:
            played = run(store, params, games, executor, on_row=lambda row: bar.update(1))
        except KeyboardInterrupt:
            bar.close()
            print(f"Interrupted: {_kept(store, params, args.db)}.", file=sys.stderr)
            return 130
        except (cluster.ClusterError, StoreError) as e:
            bar.close()
            if not any(store.done(a.name) for a in params.arms):
                raise
            raise type(e)(f"{e} ({_kept(store, params, args.db)})") from None
        bar.close()
        elapsed = time.perf_counter() - start
        print(f"Played {played} games in {elapsed:.1f} s {where}"
              + (f" ({played / elapsed:.2f} games/s)." if elapsed > 0 and played else "."), file=sys.stderr)
        _reports(store, args)
    return 0


def _kept(store: Store, params: RunParams, db: str | None) -> str:
    kept = sum(len(store.done(a.name)) for a in params.arms)
    return f"{kept} finished games kept" + (f"; `cmdsl balance --db {db} --resume` plays the rest" if db else "")


def cmd_report(args: argparse.Namespace) -> int:
    if args.report:
        html_report.check(args.report)
    with Store.open_existing(args.db) as store:
        _reports(store, args)
    return 0


def _reports(store: Store, args: argparse.Namespace) -> None:
    """The text report on stdout and, with ``--report FILE``, the HTML page: one analysis, two views."""
    a = analyse(store, Correction(args.correction))
    if args.report:  # first: a closed stdout (`| head`) must not lose the page
        html_report.write(args.report, a, args.top)
        print(f"Wrote the report {args.report}.", file=sys.stderr)
    print(text(a, args.top))


def _progress(total: int, quiet: bool) -> Any:
    """A progress bar with an ETA on stderr, only for a person at a terminal."""
    from tqdm import tqdm

    return tqdm(total=total, unit="game", file=sys.stderr, disable=quiet or not sys.stderr.isatty(), smoothing=0.1)
