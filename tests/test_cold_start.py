"""Starting cmdsl (issue 34 §1): `import cmdsl` loads nothing it does not need, and the public API's
names still import from it (docs/api.md); `cmdsl --help` and `cmdsl check` load no bots, no balance
tools, no prompt-toolkit and no game they do not use (each game's plug-in module is registered for
every command: it must stay light)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import cmdsl
from cmdsl.kept_file import DIR_VARIABLE, OFF_VARIABLE

if TYPE_CHECKING:
    from cmdsl.games.cm2008.model import CardSet

CM2008 = str(Path(__file__).resolve().parent.parent / "cards" / "cm2008")
#: What every command may load of a game: its package, its plug-in and what the plug-in reads to
#: register it (names, seats, the file that marks its sets).
_REGISTERED = {"cmdsl.games.lobbys": {"", ".plugin", ".seats", ".data_file"},
               "cmdsl.games.racolage": {"", ".plugin", ".seats"},
               "cmdsl.games.cm2008": {"", ".plugin", ".sides"}}
_TOOLS = ("cmdsl.bots", "cmdsl.kits.study", "cmdsl.repl", "cmdsl.kits.keyboard", "cmdsl.lsp", "cmdsl.kits.printing", "prompt_toolkit",
          "matplotlib", "dask", "watchfiles", "tqdm")


def _modules_after(code: str, env: dict[str, str] | None = None) -> list[str]:
    probe = code + "\nimport sys; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True,
                         env=env)
    return out.stdout.split()


def test_import_cmdsl_imports_neither_the_bots_nor_the_balance_tools_nor_prompt_toolkit() -> None:
    loaded = _modules_after("import cmdsl")
    heavy = [m for m in loaded if m.startswith(("cmdsl.bots", "cmdsl.kits.study", "prompt_toolkit", "cmdsl.games",
                                                "lark", "yaml", "matplotlib", "dask"))]
    assert heavy == []


def test_cmdsl_presents_the_engine_and_names_no_game() -> None:
    """Issue 54 §2: ``cmdsl``'s names are the engine's (the driver, decisions, errors, the bots' base);
    asking for them loads no game; each game's API is its package's."""
    from cmdsl.bots import RandomBot
    from cmdsl.game.driver import Driver

    assert sorted(cmdsl.__all__) == sorted(cmdsl._PUBLIC)
    assert cmdsl.Driver is Driver and cmdsl.RandomBot is RandomBot
    assert set(cmdsl.__all__) <= set(dir(cmdsl))
    loaded = _modules_after("from cmdsl import " + ", ".join(cmdsl.__all__))
    assert not [m for m in loaded if m.startswith("cmdsl.games.")], "the engine's names load no game"
    # the registry loads each game's plug-in (its names and seats), never a game's rules or sets
    loaded = _modules_after("import cmdsl; cmdsl.registered_games(); cmdsl.load_game('lobbys')")
    assert {m.rsplit(".", 1)[-1] for m in loaded if m.startswith("cmdsl.games.") and m.count(".") == 3} <= {
        "plugin", "sides", "seats", "data_file"}
    assert cmdsl.load_game("racolage").title == "Racolage Électoral"


def test_listing_the_games_the_repl_plays_imports_no_keyboard() -> None:
    """The REPL asks each game whether it plays at the keyboard at its start: the answer (a
    plug-in's front ends' ``keyboard()``, a loader) imports no game's keyboard, prompt or rules;
    a first cut of the typed protocol returned the class, and the REPL took 1.5× as long to its prompt."""
    loaded = _modules_after("from cmdsl.repl.session import keyboard_games; assert len(keyboard_games()) == 4")
    assert [m for m in loaded if m.startswith("cmdsl.games.") and (".ui." in m or m.endswith((".engine", ".game")))] == []


def test_cm2008s_names_of_before_still_import_from_cmdsl_and_warn_where_they_are() -> None:
    """For one release, ``cmdsl.Setup`` & co. are CM2008's, each use warning where it is now."""
    import pytest

    from cmdsl.games import cm2008
    from cmdsl.games.cm2008 import events
    from cmdsl.games.cm2008.replay import replay

    for name in ("CardSet", "Record", "Setup", "Side", "load_card_set"):
        with pytest.warns(DeprecationWarning, match=f"from cmdsl.games.cm2008 import {name}"):
            assert getattr(cmdsl, name) is getattr(cm2008, name)
    with pytest.warns(DeprecationWarning, match="import events"):
        assert cmdsl.events is events
    with pytest.warns(DeprecationWarning, match="cm2008.replay import replay"):
        assert cmdsl.replay is replay


def test_each_lazy_packages_names_are_its_all_and_import() -> None:
    """A package that imports its names when asked (``cmdsl/lazy.py``) lists them three times: the
    map, the type checkers' imports, ``__all__``. The map and ``__all__`` agree, and every name imports."""
    import cmdsl.bots
    import cmdsl.games.cm2008
    import cmdsl.games.lobbys

    for package, names in ((cmdsl.bots, cmdsl.bots._PUBLIC), (cmdsl.games.lobbys, cmdsl.games.lobbys._NAMES),
                           (cmdsl.games.cm2008, cmdsl.games.cm2008._NAMES)):
        assert sorted(package.__all__) == sorted(names), package.__name__
        assert all(getattr(package, name) is not None for name in names)


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        cmdsl.NoSuchThing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as e:
        assert "no attribute 'NoSuchThing'" in str(e)
    else:  # pragma: no cover
        raise AssertionError("cmdsl.NoSuchThing did not raise")


def _command_loads(*argv: str, env: dict[str, str] | None = None) -> list[str]:
    """The modules loaded once ``cmdsl ARGV`` has run (in a child process: a fresh start; its output
    is dropped, and --help's exit is caught, so that only the modules are printed)."""
    run = f"from cmdsl.cli import main\ntry:\n    main({list(argv)!r})\nexcept SystemExit:\n    pass"
    loaded = _modules_after("import contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n"
                            + "".join(f"    {line}\n" for line in run.splitlines()), env)
    assert "cmdsl.cli" in loaded  # the command ran, and the modules were printed
    return loaded


def _beyond_registration(loaded: list[str], *used: str) -> list[str]:
    """The modules of the games not in ``used`` loaded beyond what registers them."""
    return [m for m in loaded for pkg, light in _REGISTERED.items()
            if pkg not in used and m.startswith(pkg) and m.removeprefix(pkg) not in light]


def test_cmdsl_help_loads_no_tools_no_game_and_no_parser() -> None:
    loaded = _command_loads("--help")
    assert [m for m in loaded if m.startswith(_TOOLS)] == []
    assert _beyond_registration(loaded) == []
    assert [m for m in loaded if m.startswith(("lark", "yaml", "cmdsl.lang"))] == []
    assert "importlib.metadata" not in loaded  # the registry reads entry points itself (cmdsl/entry_points.py)


def test_cmdsl_check_loads_only_the_checked_games_loader() -> None:
    loaded = _command_loads("check", CM2008)
    assert "cmdsl.games.cm2008.loader" in loaded  # it does check the set
    assert [m for m in loaded if m.startswith(_TOOLS)] == []
    assert _beyond_registration(loaded, "cmdsl.games.cm2008") == []
    assert "cmdsl.games.cm2008.engine" not in loaded  # a set is checked and compiled, not played


def test_cmdsl_check_of_a_set_already_parsed_loads_no_parser_and_nothing_only_errors_need(tmp_path: Path) -> None:
    """The second check of an unchanged set reads its effects' parses (cmdsl/lang/parse_store.py)
    and its files' reads (cmdsl/sets/read_store.py): neither Lark nor PyYAML is loaded. What only a problem's message needs, and importlib.resources (the grammar
    is read from disk), are not loaded either: each costs every start a few milliseconds."""
    env = {k: v for k, v in os.environ.items() if k != OFF_VARIABLE} | {DIR_VARIABLE: str(tmp_path)}
    assert "lark" in _command_loads("check", CM2008, env=env)  # the parses are kept
    loaded = _command_loads("check", CM2008, env=env)
    unneeded = ("lark", "yaml", "importlib.resources", "zipfile", "difflib", "json")
    assert [m for m in loaded if m.startswith(unneeded)] == []


def test_a_commands_own_options_are_there_when_it_is_given() -> None:
    """Each command's arguments are added when it is the command given: its help, its choices
    (made by the game) and its errors are all there."""
    out = subprocess.run([sys.executable, "-m", "cmdsl.cli", "play", "--help"], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert "--setup {beginner,choose-states,draft}" in out and "random, greedy, ismcts" in out
    wrong = subprocess.run([sys.executable, "-m", "cmdsl.cli", "balance", "--first", "nobody"], capture_output=True,
                           text=True, timeout=60)
    assert wrong.returncode == 2 and len(wrong.stderr.strip().splitlines()) == 1
    assert "invalid choice: 'nobody'" in wrong.stderr


def test_the_repl_reads_no_card_and_loads_no_engine_parser_or_bot_before_its_first_prompt() -> None:
    """At a terminal the card set loads behind the first prompt (repl/app.py): importing the REPL and
    building its session opens the default game's keyboard, which reads only which set it uses."""
    loaded = _modules_after("import cmdsl.repl.app\nfrom cmdsl.repl.session import Session\n"
                            "Session(None, background=True)")
    assert "cmdsl.games.cm2008.ui.prompt" in loaded  # the keyboard was opened
    slow = ("cmdsl.games.cm2008.engine", "cmdsl.games.cm2008.loader", "cmdsl.bots.basic", "cmdsl.bots.ismcts",
            "cmdsl.lang", "lark", "yaml",
            "cmdsl.sets.rulebook", "cmdsl.sets.record_file",  # read by `rules` and `load`, when typed
            "cmdsl.games.cm2008.model", "cmdsl.game.decisions")  # the set's classes, the decisions: once a game is
    assert [m for m in loaded if m.startswith(slow)] == []
    # a script's session reads its set at once (the errors come before anything runs)
    assert "cmdsl.games.cm2008.loader" in _modules_after("from cmdsl.repl.session import Session\nSession(None)")


def test_the_name_of_before_core_v3_still_plays_and_warns(mini: CardSet) -> None:
    """``cmdsl.Game`` (a class before core v3, issue 53) is ``campaign_game`` for one release, with
    a DeprecationWarning that says what to write instead."""
    import pytest

    with pytest.warns(DeprecationWarning, match=r"cmdsl\.Game is deprecated: .*cmdsl\.games\.cm2008\.campaign_game"):
        game = cmdsl.Game(mini, 1)
    assert game.pending is not None and "Game" not in cmdsl.__all__
