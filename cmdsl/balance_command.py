"""``cmdsl balance`` and ``cmdsl balance report DB``, for every game: the game's own balance study
(its plug-in's ``balance``, ``balance_report``), else the seat study of any game with seats
(``seats.py``). The options a game's study adds are its plug-in's.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, NoReturn

from . import argtypes
from .errors import CmdslError
from .plugins import Plugin, default_game, game, games, games_help, without
from .plugins.command_line import add_game_options, game_options, other_games_option
from .plugins.requests import BalanceRequest, ReportOptions, StoredReportRequest, TableRequest

if TYPE_CHECKING:
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
    r.add_argument("--game", choices=[n for n, p in games().items() if p.study is not None and p.study.own() is not None],
                   default=default_game(), help="the game whose study wrote it (default: %(default)s)")
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
    return own.balance(BalanceRequest(args.games, tuple(args.bot or ()), args.seed, args.workers, args.cards, args.quiet,
                                      _report_given(args), game_options(args, plugin, "balance"), args.strict))


def _report_given(args: argparse.Namespace) -> ReportOptions:
    return ReportOptions(args.top, args.report, args.correction)


#: The options of `cmdsl balance` that a seat study does not take (a game's own study's options, as
#: --db, are refused for another game before: ``other_games_option``).
NOT_IN_A_SEAT_STUDY = ("top",)


def seat_study_command(args: argparse.Namespace, plugin: Plugin) -> int:
    """`cmdsl balance --game NAME` of a game without a study of its own: its seat study, printed
    (and written as a page with --report)."""
    study = plugin.study
    assert study is not None
    from .kits.study import html_report, seats
    from .kits.study.seats_ab import changed_cards, paired_studies
    from .kits.study.stats import DEFAULT_GAMES
    from .kits.study.targets import strict_failure
    from .sets.health_targets import Targets

    given = [f"--{name.replace('_', '-')}" for name in NOT_IN_A_SEAT_STUDY
             if getattr(args, name, None) not in (None, False, 0)]  # each option's default: not given
    if given:
        raise CmdslError(f"balance --game {plugin.name}: {', '.join(given)}: not taken by a seat study; it "
                         "takes --cards, --bot (two at most), --games, --seed, --workers, --quiet, --report "
                         "and the game's own options (`cmdsl balance --help`)")
    if args.report:
        html_report.check(args.report)  # before the games
    options = game_options(args, plugin, "balance")
    # the game reads its options and its set: one located error before any game
    table = study.table(TableRequest(args.cards, options))
    against = options.text("against")
    old_table = study.table(TableRequest(against, options)) if against else None
    targets = _targets(args.cards, plugin) if against is None else Targets()  # an A/B plays both sets alike
    bots = args.bot or ([targets.bot, targets.bot] if targets.bot else [])  # the bot the targets are written for
    games = args.games or targets.games or DEFAULT_GAMES
    taken = ([f"{targets.bot} at every seat"] if targets.bot and not args.bot else []) + \
        ([f"at most {targets.games} games"] if targets.games and not args.games else [])
    if taken and not args.quiet:
        print(f"Checking the set's health targets as its manifest says: {', '.join(taken)}.", file=sys.stderr)
    run = (bots, games, args.seed or 1, args.workers or os.cpu_count() or 1, args.quiet)
    if against is not None and old_table is not None:  # an A/B: the old set on the same seeds, with the same bots
        named = (args.cards or "the chosen set", against, changed_cards(old_table.card_definitions(),
                                                                         table.card_definitions()))
        ab = paired_studies(plugin, table, old_table, *run, named)
        print(ab.render())
        if args.report:
            html_report.write_page(args.report, html_report.ab_seat_page(ab))
            print(f"Wrote the report {args.report}.", file=sys.stderr)
        return 0
    result = seats.seat_study(plugin, table, *run, targets=targets, stop_early=not args.all_games)
    print(result.render())
    if args.report:
        html_report.write_page(args.report, html_report.seat_page(result))
        print(f"Wrote the report {args.report}.", file=sys.stderr)
    if args.strict and strict_failure(result.target_verdicts()):
        print("balance --strict: a health target is missed beyond chance (the verdict's first line).", file=sys.stderr)
        return 1
    return 0


def _targets(cards: str | None, plugin: Plugin) -> "Targets":
    """The health targets of the set the study plays (none for a game without sets)."""
    from .sets.health_targets import Targets, read_targets
    from .sets.set_location import choose_set

    if plugin.sets is None:
        return Targets()
    return read_targets(choose_set(cards, plugin.name).path, plugin.sets.data_file)


def cmd_report(args: argparse.Namespace) -> int:
    """`cmdsl balance report DB`: a stored run of the game's study, reported again."""
    plugin = game(args.game)
    own = plugin.study.own() if plugin.study is not None else None
    if own is None:
        raise without(plugin, "stored balance runs", "balance report")
    return own.report(StoredReportRequest(args.db, _report_given(args)))
