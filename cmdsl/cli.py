"""The ``cmdsl`` command: check card files, play bot games, replay records."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from . import argtypes
from .errors import CmdslError
from .plugins import default_game, game, game_data_in, games, games_help, seats_help, without
from .plugins.command_line import add_game_options, game_options, options_given, other_games_option
from .plugins.options import argparse_settings
from .plugins.protocol import GameCommand
from .plugins.requests import CardsRequest, NewSetRequest, PlayRequest, ReplayRequest

# Each command imports what it runs when it runs (issue 34, cold start): `cmdsl check` loads no
# bots, balance tools or REPL.
if TYPE_CHECKING:
    from .plugins.protocol import ScenarioReader

_seed = argtypes.seed


def cmd_check(args: argparse.Namespace) -> int:
    from .checking import check_once, watch

    if args.watch:
        return watch(args.paths, clear=False if args.no_clear else None)
    report = check_once(args.paths)
    if report.out:
        print(report.out)
    if report.err:
        print(report.err, file=sys.stderr)
    return 0 if report.ok else 1


def cmd_play(args: argparse.Namespace) -> int:
    wrong = other_games_option(args, "play")
    if wrong:
        print(wrong, file=sys.stderr)
        return 2
    plugin = game(args.game)
    return plugin.rules.play(PlayRequest(args.seed, tuple(args.bot or ()), args.record, args.cards, args.quiet,
                                         game_options(args, plugin, "play")))


def cmd_replay(args: argparse.Namespace) -> int:
    """A record says which game it is (``game_of``; none: the first game's); that game replays it."""
    from .sets.record_file import game_of, read_json

    try:
        data = read_json(args.file)
    except CmdslError:  # said after the cards' own errors, as before there were two games
        data = None
    first = default_game()
    name = game_of(data, str(args.file), tuple(games()), first) if data is not None else first
    request = ReplayRequest(str(args.file), args.cards, args.log, args.seat, args.accept_cards, args.upgrade)
    return game(name).rules.replay(request, data)


def cmd_new_set(args: argparse.Namespace) -> int:
    wrong = other_games_option(args, "new-set")
    if wrong:
        raise CmdslError(wrong)
    plugin = game(args.game)
    if plugin.sets is None:
        raise without(plugin, "sets to write", "new-set")
    return plugin.sets.new_set(NewSetRequest(Path(args.dir), game_options(args, plugin, "new-set")))


def cmd_repl(args: argparse.Namespace) -> int:
    from .repl.app import repl  # the REPL is a front end: imported only when asked for
    history = args.history if args.history is not None else _default_history()
    # A script on standard input (a pipe or a file) is read line by line, without a line editor.
    script = None if sys.stdin.isatty() else sys.stdin
    return repl(args.cards, history or None, colour=not args.no_colour, script=script)


def _default_history() -> str:
    return str(Path.home() / ".cmdsl_history")


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run each file's scenarios, each file by its game (the file's ``game:``); a broken file or
    scenario is reported and the others still run."""
    from .sets.scenario_doc import read_doc

    readers: dict[str, ScenarioReader] = {}  # each game's, made at its first file
    failed = 0
    for path in args.files:
        try:
            game_name = read_doc(path).game
            if game_name not in readers:
                plugin = game(game_name)
                if plugin.sets is None:
                    raise without(plugin, "scenarios", "scenario")
                readers[game_name] = plugin.sets.scenarios(args.cards)
            reports = readers[game_name](path)
        except CmdslError as e:  # a broken file is reported; the other files still run
            print(f"error: {e}\n", file=sys.stderr)
            failed += 1
            continue
        for name, ident, report in reports:
            if args.name and args.name.lower() not in name.lower():
                continue
            print(f"=== {ident}")
            try:
                print(report())
            except CmdslError as e:  # e.g. a decision with no scripted answer: shows its option ids
                print(f"error: {e}\n")
                failed += 1
    return 1 if failed else 0


_CARDS_HELP = "card set folder (default: the one cmdsl.toml names, else the bundled set)"


def cmd_test(args: argparse.Namespace) -> int:
    """Run a set's scenarios against their snapshots (docs/scenarios.md "A set's own tests")."""
    from .set_tests import render, run_set_tests

    folder = _tested_set(args.set, args.update)
    result = run_set_tests(folder, update=args.update, name=args.name)
    print(render(result, args.update))
    return 0 if result.ok else 1


def _tested_set(given: str | None, update: bool) -> Path:
    """The set ``cmdsl test`` runs: the one given (a folder holding a game's data file, or what
    ``--cards`` takes), else the one every other command would use; its output says which."""
    from .plugins import game_data_in
    from .sets.set_location import choose_set, one_set

    if given is not None:
        path = Path(given)
        folder = path.parent if path.is_file() else path
        if folder.is_dir() and game_data_in(folder) is not None:
            print(f"Testing the {game_data_in(folder)} set {given}.")
            return folder
        folder = one_set(path)
        print(f"Testing card set {given}.")
        return folder
    choice = choose_set(None, default_game())
    print(f"Testing {choice.describe()}.")
    if choice.how == "bundled" and update:
        raise CmdslError("test --update: the bundled set belongs to the installed cmdsl and is not changed; "
                         f"test a copy of your own (`cmdsl new-set DIR --game {choice.game}`, "
                         "`cmdsl new-set --help`)")
    return choice.path


def _check_options(c: argparse.ArgumentParser) -> None:
    c.add_argument("paths", nargs="*", metavar="PATH",
                   help="card set folders or files, or folders of sets (default: the set other commands use)")
    c.add_argument("--watch", action="store_true",
                   help="check again on every save until Ctrl-C, each time on a clean screen (Ctrl-L redraws)")
    c.add_argument("--no-clear", action="store_true", help="with --watch: keep each run below the last, no clearing")
    c.set_defaults(run=cmd_check)


def _new_set_options(n: argparse.ArgumentParser) -> None:
    n.add_argument("dir", metavar="DIR", help="a new (or empty) folder")
    _add_game(n)
    add_game_options(n, "new-set")
    n.set_defaults(run=cmd_new_set)


def _play_options(g: argparse.ArgumentParser) -> None:
    from .bots import BOT_NAMES

    _add_game(g)
    g.add_argument("--bot", action="append", metavar="BOT",
                   help=f"a bot: {', '.join(BOT_NAMES)}, with settings as ismcts:iterations=400,rollout=greedy "
                        "(docs/bots.md); one per seat, in the seats' order (a game may take one for every seat)")
    g.add_argument("--seed", type=_seed, default=1, help="the game's seed, 0 or more (default 1)")
    g.add_argument("--record", metavar="FILE", help="save the game record (JSON) to FILE")
    g.add_argument("--cards", metavar="DIR", help=_CARDS_HELP)
    g.add_argument("--quiet", action="store_true", help="print only the result")
    add_game_options(g, "play")
    g.set_defaults(run=cmd_play)


def _add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=list(games()), default=default_game(), help="the game: " + games_help())


def _cards_options(k: argparse.ArgumentParser) -> None:
    k.add_argument("action", choices=["list", "show", "doc"])
    k.add_argument("id", nargs="?", help="the card id (for show)")
    k.add_argument("--game", choices=list(games()), default=None,
                   help="the game (default: the game of the --cards set, else the default game): " + games_help())
    k.add_argument("--cards", metavar="DIR", help=_CARDS_HELP)
    k.add_argument("--lang", choices=["en", "fr"], default="en", help="rules text language (fr: the rulebook's)")
    add_game_options(k, "cards")
    k.set_defaults(run=cmd_cards)


def cmd_cards(args: argparse.Namespace) -> int:
    """The game's catalogue of its set's cards: ``--game``, else the game whose set ``--cards`` names."""
    if args.game is None:
        folder = Path(args.cards) if args.cards else None
        if folder is not None and folder.is_file():
            folder = folder.parent
        args.game = (game_data_in(folder) if folder is not None else None) or default_game()
    wrong = other_games_option(args, "cards")
    if wrong:
        print(wrong, file=sys.stderr)
        return 2
    plugin = game(args.game)
    catalogue = plugin.sets.catalogue() if plugin.sets is not None else None
    if catalogue is None:
        print(f"cards: {plugin.title} has no cards to list", file=sys.stderr)
        return 2
    if args.action == "show" and not args.id:
        print(f"cards show: give a card id (see `cmdsl cards list --game {args.game}`)", file=sys.stderr)
        return 2
    return catalogue(CardsRequest(args.action, args.id, args.cards, args.lang, game_options(args, plugin, "cards")))


def _repl_options(q: argparse.ArgumentParser) -> None:
    q.add_argument("--cards", metavar="DIR", help=_CARDS_HELP)
    q.add_argument("--history", metavar="FILE", help="command history file (default ~/.cmdsl_history; '' for none)")
    q.add_argument("--no-colour", action="store_true", help="plain text")
    q.set_defaults(run=cmd_repl)


def _scenario_options(s: argparse.ArgumentParser) -> None:
    s.add_argument("files", nargs="+", metavar="FILE")
    s.add_argument("--name", help="only the scenarios whose name contains this")
    s.add_argument("--cards", metavar="DIR", help=_CARDS_HELP)
    s.set_defaults(run=cmd_scenario)


def _test_options(t: argparse.ArgumentParser) -> None:
    t.add_argument("set", nargs="?", metavar="SET",
                   help="the set folder (default: the one cmdsl.toml names, else the bundled set)")
    t.add_argument("--update", action="store_true",
                   help="write new and changed snapshots (showing each difference) and delete unused ones")
    t.add_argument("--name", "-k", help="only the scenarios whose name contains this")
    t.set_defaults(run=cmd_test)


def _replay_options(r: argparse.ArgumentParser) -> None:
    r.add_argument("file", metavar="FILE")
    r.add_argument("--cards", metavar="DIR", help=_CARDS_HELP)
    r.add_argument("--log", action="store_true", help="print the replayed event log (every event in full)")
    r.add_argument("--seat", metavar="SEAT",
                   help="with --log: print the log as this seat saw it, without what it could not see "
                        f"({seats_help()})")
    r.add_argument("--accept-cards", action="store_true",
                   help="replay a record played with another version of the cards (else it fails)")
    r.add_argument("--upgrade", action="store_true",
                   help="rewrite a record of an older format (cmdsl-record/1) in the current one")
    r.set_defaults(run=cmd_replay)


def cmd_lsp(args: argparse.Namespace) -> int:
    try:
        from .lsp.server import main as serve
    except ImportError as e:  # pygls and lsprotocol come with the extra
        missing = (e.name or "pygls").split(".")[0]
        raise CmdslError(f"cmdsl lsp needs the language server's libraries ({missing} is missing): "
                         'pip install "cmdsl[lsp]"') from None
    return serve()


def cmd_print(args: argparse.Namespace) -> int:
    try:
        from .print_command import run
    except ImportError as e:  # ReportLab comes with the extra
        missing = (e.name or "reportlab").split(".")[0]
        raise CmdslError(f"cmdsl print needs ReportLab ({missing} is missing): pip install \"cmdsl[print]\"") from None
    return run(args)


def _print_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("set", nargs="?", metavar="SET",
                   help="the set's folder (default: the one cmdsl.toml names, else the bundled set of --game)")
    p.add_argument("--out", metavar="FILE", required=True, help="the PDF to write")
    p.add_argument("--game", metavar="NAME", help=f"with no SET: whose set ({games_help()})")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="the paper size (default a4)")
    p.add_argument("--bleed", metavar="LENGTH", type=argtypes.length_points, default=0.0,
                   help="colour past each cut line by this much, cards spaced to match (3mm; 0.125in; default none)")
    p.add_argument("--backs", action="store_true", help="each page of cards followed by their backs, for long-edge duplex")
    p.add_argument("--lang", choices=["en", "fr"], default="en", help="the cards' text in English or French")
    p.add_argument("--only", nargs="+", metavar="ID", help="only these cards or pages (by id)")
    add_game_options(p, "print")
    p.set_defaults(run=cmd_print)


def cmd_serve(args: argparse.Namespace) -> int:
    from .serve.command import ServeRequest, serve
    return serve(ServeRequest(args.host, args.port, args.db, args.cards, args.workers, tuple(args.origin or ()),
                              args.new_games_per_minute, args.expire_days))


def _serve_options(s: argparse.ArgumentParser) -> None:
    from .serve.command import DEFAULT_DB
    s.add_argument("--cards", metavar="SET", help="a set to offer for its game, beside each game's chosen and bundled sets")
    s.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; docs/web.md before another)")
    s.add_argument("--port", type=argtypes.whole(1, 65535, "a port from 1 to 65535"), default=8000,
                   help="the port (default 8000)")
    s.add_argument("--db", default=DEFAULT_DB, metavar="FILE",
                   help=f"the SQLite file the games are kept in, and resumed from (default {DEFAULT_DB})")
    s.add_argument("--workers", type=argtypes.whole(1, 64, "a whole number from 1 to 64"), default=1,
                   help="processes for the search bot's moves (default 1)")
    s.add_argument("--origin", action="append", metavar="URL",
                   help="a page origin to accept besides the server's own (a reverse proxy's: https://play.example.org)")
    s.add_argument("--new-games-per-minute", type=argtypes.whole(1, None, "a whole number from 1"), default=30,
                   metavar="N", help="how many games may be made in a minute (default 30)")
    s.add_argument("--expire-days", type=float, default=30, metavar="DAYS",
                   help="games nobody played for this long leave the store, their links with them (default 30; 0: never)")
    s.set_defaults(run=cmd_serve)


def _lsp_options(s: argparse.ArgumentParser) -> None:
    # Language clients (VS Code's among them) name the transport they start a server with.
    s.add_argument("--stdio", action="store_true", help="talk over stdin and stdout (the default, and the only way)")
    s.set_defaults(run=cmd_lsp)


class _Parser(argparse.ArgumentParser):
    """A command's parser whose arguments are added (by ``fill``) when it first parses or shows its
    help: `cmdsl check` and `cmdsl --help` build no other command's, whose choices and help load
    the bots and each game's engine (issue 34, cold start)."""

    def __init__(self, *args: Any, fill: Callable[[argparse.ArgumentParser], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fill = fill

    def _filled(self) -> None:
        fill, self._fill = self._fill, None
        if fill is not None:
            fill(self)

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        self._filled()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self._filled()
        return super().format_usage()

    def format_help(self) -> str:
        self._filled()
        return super().format_help()


def _balance_options(b: argparse.ArgumentParser) -> None:
    from .balance_command import add_options

    add_options(b)


def _tune_options(t: argparse.ArgumentParser) -> None:
    from .tune_command import add_options

    add_options(t)


#: The subcommands in the order `cmdsl --help` lists them: each one's name, help, and what adds
#: its arguments (when it is the command given).
_COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None]], ...] = (
    ("check", "check card files and report every problem", _check_options),
    ("new-set", "write a card set to start from: a minimal one, or a copy of the bundled one", _new_set_options),
    ("play", "play a whole game between bots and print its log", _play_options),
    ("balance", "play many bot games and report win rates, cards, states, news (docs/balance.md)", _balance_options),
    ("tune", "search the numbers a plan lets move for the values that meet the set's health targets "
             '(pip install "cmdsl[tune]"; docs/tune.md)', _tune_options),
    ("repl", "play and debug interactively (the default when run in a terminal)", _repl_options),
    ("scenario", "run scenario files of any game (docs/scenarios.md) and print what happens", _scenario_options),
    ("test", "run a set's scenarios and compare each with its snapshot (docs/scenarios.md)", _test_options),
    ("replay", "re-run a saved record and say whether it reproduces", _replay_options),
    ("cards", "list a set's cards, show one with its rules text, or print a catalogue", _cards_options),
    ("print", "a set as printable sheets to cut and play with: poker-size cards nine to a page, cut marks, backs "
              '(pip install "cmdsl[print]"; docs/print.md)', _print_options),
    ("serve", "play any game in a browser: seats on private links, bots, spectators; games kept in SQLite "
              '(pip install "cmdsl[web]"; docs/web.md)', _serve_options),
    ("lsp", "the language server editors start: card files' problems, completion and hover as you type (over "
            'stdio; pip install "cmdsl[lsp]"; docs/editors.md)', _lsp_options),
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cmdsl", description="A rules engine and effect language for card games.",
        epilog=f"games: {games_help()}; play, balance and new-set take --game NAME, and each game adds its "
               "options (`cmdsl play --help`)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, help, fill in _COMMANDS:
        sub.add_parser(name, help=help, fill=fill)
    for plugin in games().values():  # each game's own commands (CM2008's migrate)
        for command in plugin.commands:
            _add_game_command(sub, command)
        for add in plugin.legacy_commands:  # a plug-in of before adds its own (plugins.legacy)
            add(sub)
    return p


def _add_game_command(sub: argparse._SubParsersAction[_Parser], command: GameCommand) -> None:
    parser = sub.add_parser(command.name, help=command.help)
    for option in command.options:
        parser.add_argument(*option.flags, **argparse_settings(option))
    parser.set_defaults(run=lambda args: command.run(options_given(args, command.options)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        if sys.stdin.isatty() and sys.stdout.isatty():
            args = parser.parse_args(["repl"])
        else:
            parser.print_help()
            return 0
    try:
        return int(args.run(args))
    except CmdslError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `cmdsl play | head`
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
