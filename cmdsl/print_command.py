"""`cmdsl print [SET] --out FILE`: a set's printable sheets, for any game that prints (the registry's
its front ends' ``printing``). Reads the options, finds the set and its game, prints, says what it wrote."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reportlab.lib.units import mm

from . import plugins
from .plugins.command_line import game_options, other_games_option
from .errors import CmdslError, did_you_mean, shown_path
from .sets.set_location import choose_set, one_set
from .kits.printing.sheet import Options, Paper, print_job


def run(args: argparse.Namespace) -> int:
    folder, game = _set_of(args)
    plugin = plugins.game(game)
    printing = plugin.front_ends.printing() if plugin.front_ends is not None else None
    if printing is None:
        raise plugins.without(plugin, "printable sheets", "print")
    given = argparse.Namespace(**{**vars(args), "game": game})
    wrong = other_games_option(given, "print")
    if wrong:
        raise CmdslError(wrong)
    options = Options(Paper(args.paper), args.bleed, args.backs, args.lang, tuple(args.only or ()))
    job = printing(folder, options, game_options(given, plugin, "print"))
    known = {c.id for c in job.cards} | {p.id for p in job.pages}
    unknown = [i for i in options.only if i not in known]
    if unknown:
        near = did_you_mean(unknown[0], known)
        raise CmdslError(f'print --only: no card or page "{unknown[0]}" in {job.title}'
                         + (f' (did you mean "{near}"?)' if near else ""))
    out = Path(args.out)
    try:
        printed = print_job(job, options, out)
    except OSError as e:
        raise CmdslError(f"print: cannot write {shown_path(out)}: {e.strerror or e}") from None
    what = job.summary if not options.only else f"{printed.cards} of its cards"
    print(f"Wrote {shown_path(out)}: {printed.pages} page{'s' if printed.pages != 1 else ''} "
          f"({options.paper.name}, {'backs for long-edge duplex, ' if options.backs else ''}"
          f"{'bleed %.1f mm, ' % (options.bleed / mm) if options.bleed else ''}{options.lang}) of {job.title} "
          f"[{job.fingerprint}]: {what} [{printed.seconds:.1f} s]")
    for said in dict.fromkeys(str(w) for w in printed.warnings):  # a card printed once a player: said once
        print(f"warning: {said}", file=sys.stderr)
    return 0


def _set_of(args: argparse.Namespace) -> tuple[Path, str]:
    """The set to print and its game: the folder given (a card file stands for its folder), else the
    set every command uses for ``--game`` (cmdsl.toml's, else the bundled one)."""
    if args.set is None:
        choice = choose_set(None, args.game)
        return choice.path, choice.game or args.game or plugins.default_game()
    given = Path(args.set)
    if not given.exists():
        raise CmdslError(f"{args.set}: no such file or directory")
    folder = given.parent if given.is_file() else given
    game = plugins.game_data_in(folder)
    if game is None:
        folder, game = one_set(folder), plugins.card_files_game()
    if args.game is not None and args.game != game:
        raise CmdslError(f"print: {shown_path(folder)} is a set of {plugins.game(game).title}, not --game {args.game}")
    return folder, game
