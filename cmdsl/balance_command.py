"""``cmdsl balance`` and ``cmdsl balance report DB``, for every game: the game's own balance study
(its plug-in's ``balance``, ``balance_report``), else the seat study of any game with seats
(``seats.py``). The options a game's study adds are its plug-in's.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Sequence

from . import argtypes
from .errors import CmdslError
from .plugins import Plugin, default_game, game, games, games_help, without
from .plugins.command_line import add_game_options, game_options, other_games_option
from .plugins.requests import BalanceRequest, GameOptions, ReportOptions, StoredReportRequest, TableRequest
from .values import value

if TYPE_CHECKING:
    from .kits.study.seat_store import SeatStore
    from .kits.study.seats import SeatStudy
    from .plugins import SeatTable
    from .sets.health_targets import Targets

# `cmdsl` lists this command in every run: the bots and the studies are imported when it runs, or
# when its options are added (issue 34, cold start).

DESCRIPTION = ("Play N bot games and report win rates with 95% intervals: the game's own study (a card game's: "
               "first-player advantage, game length, and each card, state and event; an A/B of two sets with "
               "--against), else a seat study. `cmdsl balance report DB` reports a stored run again.")


def add_options(b: argparse.ArgumentParser) -> None:
    """The description and options of ``balance`` (and its ``balance report``), added to its parser."""
    from .bots import BOT_NAMES
    from .kits.study.stats import DEFAULT_GAMES

    b.description = DESCRIPTION
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
    b.add_argument("--cards", metavar="DIR", help="card set folder (default: the one cmdsl.toml names, else the bundled set); "
                                                  "with --against, the new set")
    _report_options(b)
    b.add_argument("--db", metavar="FILE", help=(
        "store every game in this SQLite file as it ends (to resume, extend, report again; a seat study's "
        "A/B with --against takes none yet)"))
    b.add_argument("--resume", action="store_true", help=(
        "continue or extend the run stored in --db: its parameters, unless given again"))
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.add_argument("--all-games", action="store_true",
                   help="play every one of --games even when the set's health targets are decided sooner")
    b.add_argument("--strict", action="store_true",
                   help="exit with status 1 when a health target of the set (its manifest's health:) is missed "
                        "beyond chance")
    add_game_options(b, "balance")
    b.set_defaults(run=cmd_balance)
    actions = b.add_subparsers(dest="balance_action", metavar="report")
    r = actions.add_parser("report", help="report a stored run again, without playing")
    r.add_argument("db", metavar="DB", help="a file written by cmdsl balance --db")
    r.add_argument("--game", choices=[n for n, p in games().items() if p.study is not None],
                   help=f"the game whose study wrote it (default: the file's seat study's, else {default_game()})")
    _report_options(r)
    r.set_defaults(run=cmd_report)
    for parser in (b, r):
        one_line_errors(parser)


def one_line_errors(parser: argparse.ArgumentParser) -> None:
    """A bad option is one line for a designer (not the whole usage), with where to read more."""
    def error(message: str) -> NoReturn:
        parser.exit(2, f"{parser.prog}: error: {message} (see {parser.prog} --help)\n")
    parser.error = error  # type: ignore[method-assign]


def _report_options(p: argparse.ArgumentParser) -> None:
    from .kits.study.stats import Correction

    p.add_argument("--top", metavar="N", type=argtypes.whole(0, None, "a whole number ≥ 0"), default=0,
                   help="show only the N cards whose lift is surely lowest and surely highest (A/B: at least N cards; default all)")
    p.add_argument("--report", metavar="FILE",
                   help='also write the report as one HTML page with plots (needs pip install "cmdsl[report]")')
    p.add_argument("--correction", choices=[c.value for c in Correction], default=Correction.HOLM.value,
                   help="A/B: how per-card p-values are adjusted: holm (default) or bh (Benjamini–Hochberg)")


def cmd_balance(args: argparse.Namespace) -> int:
    """The game's own balance study (its plug-in's ``balance``)."""
    wrong = other_games_option(args, "balance")
    if wrong:
        raise CmdslError(wrong)
    plugin = game(args.game)
    if plugin.study is None:
        raise without(plugin, "balance study (neither a study of its own nor a table for a seat study)", "balance")
    own = plugin.study.own()
    if own is None:
        return seat_study_command(args, plugin)
    if args.db:
        _not_a_seat_study(args.db, plugin)
    # --db and --resume are the command's (a seat study takes them too); a game's own study reads them with its options
    options = GameOptions({**game_options(args, plugin, "balance").given, "db": args.db, "resume": args.resume})
    return own.balance(BalanceRequest(args.games, tuple(args.bot or ()), args.seed, args.workers, args.cards, args.quiet,
                                      _report_given(args), options, args.strict))


def _not_a_seat_study(db: str, plugin: Plugin) -> None:
    """A seat study's file given to a game's own study: one line saying how to go on with it."""
    from .kits.study.seat_store import FORMAT, SeatStore
    from .kits.study.study_file import file_format

    if file_format(db) == FORMAT:
        with SeatStore(db) as store:
            params = store.params()
        of = f" of {params.game}: `cmdsl balance --game {params.game} --db {db} --resume`" if params else ""
        raise CmdslError(f"balance --game {plugin.name}: {db} holds a seat study{of} continues it")


def _report_given(args: argparse.Namespace) -> ReportOptions:
    return ReportOptions(args.top, args.report, args.correction)


#: The options of `cmdsl balance` that a seat study does not take (a game's own study's options, as
#: --db, are refused for another game before: ``other_games_option``).
NOT_IN_A_SEAT_STUDY = ("top",)


@value
class _SeatRun:
    """A seat study's parameters once the command line and a resumed file's are read together."""

    cards: str | None  # as given, else the stored run's (absolute)
    options: GameOptions
    bots: tuple[str, ...]
    seed: int
    games: int | None


def seat_study_command(args: argparse.Namespace, plugin: Plugin) -> int:
    """`cmdsl balance --game NAME` of a game without a study of its own: its seat study, printed
    (and written as a page with --report), its games kept in a file with --db."""
    from .kits.study import html_report
    from .kits.study.seat_store import SeatStore

    given = [f"--{name.replace('_', '-')}" for name in NOT_IN_A_SEAT_STUDY
             if getattr(args, name, None) not in (None, False, 0)]  # each option's default: not given
    if given:
        raise CmdslError(f"balance --game {plugin.name}: {', '.join(given)}: not taken by a seat study; it "
                         "takes --cards, --bot (two at most), --games, --seed, --workers, --quiet, --report, "
                         "--db, --resume and the game's own options (`cmdsl balance --help`)")
    if args.resume and not args.db:
        raise CmdslError("balance: --resume needs the --db FILE of the run to resume")
    options = game_options(args, plugin, "balance")
    if args.db and options.text("against") is not None:
        raise CmdslError(f"balance --game {plugin.name}: --db: an A/B of two sets (--against) keeps no file yet; "
                         "leave out --db, or study one set")
    if args.report:
        html_report.check(args.report)  # before the games
    # a file that holds a run is read first (--resume takes its parameters not given again); a new
    # one is made only once the run's parameters are read
    store = (SeatStore.open_existing(args.db) if args.resume else SeatStore(args.db) if os.path.exists(args.db)
             else None) if args.db else None
    try:
        return _seat_study(args, plugin, store, _seat_run(args, options, store))
    finally:
        if store is not None:
            store.close()


def _seat_run(args: argparse.Namespace, given: GameOptions, store: "SeatStore | None") -> _SeatRun:
    """The run's parameters: those given, else (with --resume) the stored run's. Whether the file
    may take this run at all is its own to say (``SeatStore.begin``)."""
    stored = store.params() if store is not None and args.resume else None
    if store is None or stored is None:
        return _SeatRun(args.cards, given, tuple(args.bot or ()), args.seed or 1, args.games)
    options = {k: v if v not in (None, False) else stored.options.get(k, v) for k, v in given.given.items()}
    return _SeatRun(args.cards or stored.cards, GameOptions(options), tuple(args.bot or (stored.tested, stored.others)),
                    args.seed if args.seed is not None else stored.seed, args.games or store.games_asked() or None)


def _seat_study(args: argparse.Namespace, plugin: Plugin, store: "SeatStore | None", run: _SeatRun) -> int:
    from .kits.study import html_report, seats
    from .kits.study.seats_ab import changed_cards, paired_studies
    from .kits.study.stats import DEFAULT_GAMES
    from .kits.study.targets import strict_failure
    from .sets.health_targets import Targets

    study = plugin.study
    assert study is not None
    options = run.options
    # the game reads its options and its set: one located error before any game
    table = study.table(TableRequest(run.cards, options))
    against = options.text("against")
    old_table = study.table(TableRequest(against, options)) if against else None
    targets = _targets(run.cards, plugin) if against is None else Targets()  # an A/B plays both sets alike
    bots = run.bots or ([targets.bot, targets.bot] if targets.bot else [])  # the bot the targets are written for
    games = run.games or targets.games or DEFAULT_GAMES
    taken = ([f"{targets.bot} at every seat"] if targets.bot and not run.bots else []) + \
        ([f"at most {targets.games} games"] if targets.games and not run.games else [])
    if taken and not args.quiet:
        print(f"Checking the set's health targets as its manifest says: {', '.join(taken)}.", file=sys.stderr)
    workers = args.workers or os.cpu_count() or 1
    if against is not None and old_table is not None:  # an A/B: the old set on the same seeds, with the same bots
        named = (args.cards or "the chosen set", against, changed_cards(old_table.card_definitions(),
                                                                         table.card_definitions()))
        ab = paired_studies(plugin, table, old_table, bots, games, run.seed, workers, args.quiet, named)
        print(ab.render())
        if args.report:
            html_report.write_page(args.report, html_report.ab_seat_page(ab))
            print(f"Wrote the report {args.report}.", file=sys.stderr)
        return 0
    if args.db:
        stored = _stored_study(args, plugin, table, store, run, bots, games, targets)
        if isinstance(stored, int):
            return stored  # interrupted
        result = stored
    else:
        result = seats.seat_study(plugin, table, bots, games, run.seed, workers, args.quiet, targets=targets,
                                  stop_early=not args.all_games)
    print(result.render())
    if args.report:
        html_report.write_page(args.report, html_report.seat_page(result))
        print(f"Wrote the report {args.report}.", file=sys.stderr)
    if args.strict and strict_failure(result.target_verdicts()):
        print("balance --strict: a health target is missed beyond chance (the verdict's first line).", file=sys.stderr)
        return 1
    return 0


def _stored_study(args: argparse.Namespace, plugin: Plugin, table: "SeatTable", store: "SeatStore | None",
                  run: _SeatRun, bots: Sequence[str], games: int, targets: "Targets") -> "SeatStudy | int":
    """A seat study kept in ``args.db`` (new, or resumed): its result, or 130 when Ctrl-C stopped it."""
    from dataclasses import replace

    from .kits.study import seats
    from .kits.study.seat_store import SeatParams, SeatStore, set_fingerprint
    from .kits.study.study_file import StoreError

    frame = replace(seats.study_frame(plugin, table, bots, run.seed), targets=targets)
    params = SeatParams(plugin.name, {k: v for k, v in run.options.given.items() if k != "against"},
                        os.path.abspath(run.cards) if run.cards else None, frame.players, frame.tested, frame.others,
                        run.seed, set_fingerprint(table, _set_folder(run.cards, plugin)))
    file = store or SeatStore(args.db)  # a new file: made now, once the parameters are read
    try:
        file.claim()
        file.begin(params, frame, games, args.resume)
        kept = file.count(games)
        if args.resume:
            print(f"Resuming {args.db}: {kept} finished games kept, {games - kept} to play.", file=sys.stderr)
        try:
            result = seats.seat_study(plugin, table, bots, games, run.seed, args.workers or os.cpu_count() or 1,
                                      args.quiet, targets=targets, stop_early=not args.all_games, store=file)
        except KeyboardInterrupt:
            print(("" if args.quiet else "\n") + f"Interrupted: {_kept(file, games, plugin)}.", file=sys.stderr)
            return 130
        except StoreError as e:
            if not file.count(games):
                raise
            raise StoreError(f"{e} ({_kept(file, games, plugin)})") from None
        file.finish(len(result.rows))
        return result
    finally:
        if file is not store:
            file.close()  # (the one given is closed by its opener)


def _kept(store: "SeatStore", games: int, plugin: Plugin) -> str:
    return (f"{store.count(games)} finished games kept; `cmdsl balance --game {plugin.name} --db {store.path} --resume` "
            "plays the rest")


def _set_folder(cards: str | None, plugin: Plugin) -> Path | None:
    """The folder of the set a study plays (None for a game without sets)."""
    from .sets.set_location import choose_set

    return None if plugin.sets is None else choose_set(cards, plugin.name).path


def _targets(cards: str | None, plugin: Plugin) -> "Targets":
    """The health targets of the set the study plays (none for a game without sets)."""
    from .sets.health_targets import Targets, read_targets
    from .sets.set_location import choose_set

    if plugin.sets is None:
        return Targets()
    return read_targets(choose_set(cards, plugin.name).path, plugin.sets.data_file)


def cmd_report(args: argparse.Namespace) -> int:
    """`cmdsl balance report DB`: a stored run of the game's study, reported again: a seat study's
    file (its format says so) as its run reported it, else the game's own study's."""
    from .kits.study.seat_store import FORMAT
    from .kits.study.study_file import file_format

    named = game(args.game) if args.game else None
    if file_format(args.db) == FORMAT or (named is not None and named.study is not None and named.study.own() is None):
        return _seat_report(args, named)
    plugin = named or game(default_game())
    own = plugin.study.own() if plugin.study is not None else None
    if own is None:
        raise without(plugin, "stored balance runs", "balance report")
    return own.report(StoredReportRequest(args.db, _report_given(args)))


def _seat_report(args: argparse.Namespace, named: Plugin | None) -> int:
    """`cmdsl balance report DB` of a seat study's file: the report its run printed (and its page)."""
    from .kits.study import html_report
    from .kits.study.seat_store import SeatStore

    if args.top:
        raise CmdslError("balance report: --top: not taken by a seat study's report")
    if args.report:
        html_report.check(args.report)
    with SeatStore.open_existing(args.db) as store:
        params = store.params()
        if named is not None and params is not None and params.game != named.name:
            raise CmdslError(f"balance report: {args.db} holds a seat study of {params.game}, not of {named.name} "
                             f"(--game {params.game}, or no --game)")
        result = store.study()
    if args.report:  # first: a closed stdout (`| head`) must not lose the page
        html_report.write_page(args.report, html_report.seat_page(result))
        print(f"Wrote the report {args.report}.", file=sys.stderr)
    print(result.render())
    return 0
