"""Imports go one way (DESIGN property 13), read from the source: every import counts, including
relative ones, lazy ones inside functions and ``TYPE_CHECKING`` ones (a lazy import hides a circle,
it does not remove it)."""

from __future__ import annotations

import ast
import inspect
import operator
from pathlib import Path

from functools import cache, partial

from cmdsl.games.cm2008.engine import campaign_game, rules_of
from cmdsl.plugins import Plugin, SeatTable, TableRequest
from cmdsl.games.cm2008.vocabulary.ops import GameOps, GameReads
from cmdsl.games.cm2008.model import CardSet

PACKAGE = Path(__file__).resolve().parent.parent / "cmdsl"

#: The circles not yet removed, each as its modules in import order from the alphabetically first
#: (without the ``cmdsl.`` prefix). This set must be exactly the circles found: a new circle fails
#: the test, and one that is removed must be deleted from here.
#: Circles that are allowed for now, each with why. None: imports go one way (DESIGN property 13).
KNOWN_CYCLES: set[tuple[str, ...]] = set()


def _modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    mods = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = path
    return mods


def _imported(module: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """The package's modules that ``module`` imports anywhere in its source."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # `from . import ast` imports the module cmdsl.lang.ast; `from .x import y`, module x.
            names += [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
    found = set()
    for name in names:
        while name not in mods and "." in name:  # cmdsl.games.cm2008.engine.Game → cmdsl.games.cm2008.engine
            name = name.rpartition(".")[0]
        if name in mods and name != module:
            found.add(name)
    return found


@cache  # read the sources once per run: a dozen tests ask (issue 55 item 13); each gets its own copy
def _read_graph() -> dict[str, frozenset[str]]:
    mods = _modules()
    return {m: frozenset(_imported(m, p, mods)) for m, p in mods.items()}


def _graph() -> dict[str, set[str]]:
    return {m: set(imported) for m, imported in _read_graph().items()}


def _cycles(graph: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """Every elementary circle, once: starting from its smallest module (the graph is small)."""
    found = set()
    for start in sorted(graph):
        stack = [(start, (start,))]
        while stack:
            node, path = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    found.add(path)
                elif nxt > start and nxt not in path:
                    stack.append((nxt, path + (nxt,)))
    return found


def _short(name: str) -> str:
    return name.removeprefix("cmdsl.")


def test_the_graph_sees_relative_and_lazy_imports() -> None:
    g = _graph()
    assert "cmdsl.lang.ast" in g["cmdsl.lang.compiler"]  # from . import ast as A
    assert "cmdsl.games.cm2008.events" in g["cmdsl.games.cm2008.engine"]  # from . import events as E
    assert "cmdsl.games.cm2008.record" in g["cmdsl.games.cm2008.engine"]  # from .record import …
    assert "cmdsl.lang.checker" in g["cmdsl.games.cm2008.model"]  # under TYPE_CHECKING


def test_no_import_cycles_but_the_known_ones() -> None:
    found = {tuple(_short(m) for m in c) for c in _cycles(_graph())}
    assert found - KNOWN_CYCLES == set(), "new import circle(s)"
    assert KNOWN_CYCLES - found == set(), "circle(s) gone: delete them from KNOWN_CYCLES"


def test_the_language_imports_nothing_of_the_game() -> None:
    g = _graph()
    wrong = {(m, t) for m in g if m.startswith("cmdsl.lang.") for t in g[m] if t.startswith("cmdsl.game")}
    assert wrong == set()


def test_nothing_imports_the_tables_command() -> None:
    # `python -m cmdsl.lang.tables` must find it not imported yet (else it runs a second copy).
    g = _graph()
    assert [m for m in g if "cmdsl.lang.tables" in g[m]] == []


def test_the_operations_adapter_implements_every_game_operation(mini: CardSet) -> None:
    """What CM2008's compiled effects act through (``Cm2008Ops``, at a game's table) has each
    GameOps member, methods with the same parameters (by name, in order)."""
    game = rules_of(campaign_game(mini, 1)).ops
    members = [n for cls in (GameReads, GameOps) for n in vars(cls) if not n.startswith("_")]
    assert "gain" in members and "choose_state" in members and "active" in members
    for name in members:
        assert hasattr(game, name), name
        want = getattr(GameReads if name in vars(GameReads) else GameOps, name)
        if not isinstance(want, property):
            got, wanted = getattr(game, name), list(inspect.signature(want).parameters)[1:]
            if isinstance(got, operator.attrgetter):  # an attribute of its one argument, read with no frame
                assert len(wanted) == 1, name
                continue
            assert list(inspect.signature(got).parameters) == wanted, name


#: The modules of the core, which name no game (DESIGN property 13; issue 14 items 0 and 1): every
#: module of cmdsl/game, and the bots. They take the seats from the game (``game.seats``, typed
#: ``PlayerSeat``), never CM2008's ``Side`` or ``SIDES``; each game's rules are in cmdsl/games/.
GENERIC = {m for m in _modules() if m.startswith(("cmdsl.game.", "cmdsl.bots."))} | {"cmdsl.game", "cmdsl.bots"}

#: Modules that name no game either, and that generic ones may import: the generic card-set tools
#: (cmdsl/sets) and the registry games plug into.
SETS = {m for m in _modules() if m.startswith("cmdsl.sets.")} | {"cmdsl.sets"}
#: The registry and the protocol games implement (cmdsl/plugins/): they name no game, and the types
#: they name (the language's, the REPL's keyboard, a printed job) lead to no game either.
PLUGINS = {m for m in _modules() if m.startswith("cmdsl.plugins.")} | {"cmdsl.plugins"}
NEUTRAL = {"cmdsl.errors", "cmdsl.values", "cmdsl.resources", "cmdsl.atomic_file", "cmdsl.kept_file", "cmdsl.memo",
           "cmdsl.entry_points", "cmdsl.lazy", *SETS, *PLUGINS}

#: The imports of a game's module by a generic one still left, each with why. This must be exactly
#: the imports found: a new one fails the test, and one that is removed must be deleted from here.
KNOWN_GAME_IMPORTS: dict[tuple[str, str], str] = {}

#: Names that are CM2008's two seats: its sides and their list; and ``side.other``, the one
#: opposite a side (an attribute: a parameter may be called ``other``).
CM2008_SEAT_NAMES = {"Side", "SIDES", "LETTER_SIDE", "MCCAIN", "OBAMA"}

#: Words that name a game or its seats: none may appear in a generic module, even in a comment.
GAME_WORDS = ("cm2008", "mccain", "obama", "lobbys")


def test_the_generic_modules_exist() -> None:
    assert GENERIC <= set(_modules())


def test_the_generic_modules_import_no_game_but_the_known_imports() -> None:
    g = _graph()
    found = {(m, t) for m in GENERIC for t in g[m] if t not in GENERIC | NEUTRAL}
    assert found - set(KNOWN_GAME_IMPORTS) == set(), "a generic module imports a game's module"
    assert set(KNOWN_GAME_IMPORTS) - found == set(), "import(s) gone: delete them from KNOWN_GAME_IMPORTS"
    assert all(not t.startswith(("cmdsl.games.cm2008.model", "cmdsl.games")) for m in GENERIC for t in g[m])


def test_the_card_set_tools_import_no_game() -> None:
    g = _graph()
    assert {(m, t) for m in SETS for t in g[m] if t.startswith("cmdsl.games")} == set()
    assert {(m, t) for m in SETS for t in g[m] if t not in NEUTRAL and not t.startswith("cmdsl.game.")} == set()


def reached(g: dict[str, set[str]], start: set[str]) -> set[str]:
    """Every module ``start``'s modules import, at any depth (type-only imports too)."""
    seen, todo = set(start), list(start)
    while todo:
        for t in g.get(todo.pop(), ()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def test_the_protocol_the_core_and_the_language_lead_to_no_game() -> None:
    """Issue 54: `mypy --strict cmdsl/plugins cmdsl/game cmdsl/lang` (CI) follows their imports;
    none of them, at any depth, is a game's module. Checked to fail: the protocol naming a game's
    keyboard type would reach cmdsl.games."""
    g = _graph()
    typed = {m for m in g if m.startswith(("cmdsl.plugins", "cmdsl.game.", "cmdsl.lang."))} | {"cmdsl.game", "cmdsl.lang"}
    assert {m for m in reached(g, typed) if m.startswith("cmdsl.games")} == set()
    assert {m for m in reached(g, {"cmdsl"}) if m.startswith("cmdsl.games")} == set(), "import cmdsl loads a game"


def test_the_generic_modules_name_no_game() -> None:
    mods = _modules()
    for module in sorted(GENERIC | SETS | PLUGINS):
        text = mods[module].read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            assert not any(w in line.lower() for w in GAME_WORDS), (module, n, line)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Name):
                assert node.id not in CM2008_SEAT_NAMES, (module, node.lineno, node.id)
            elif isinstance(node, ast.Attribute):
                assert node.attr not in CM2008_SEAT_NAMES | {"other"}, (module, node.lineno, node.attr)
            elif isinstance(node, ast.alias):
                assert node.name.rpartition(".")[2] not in CM2008_SEAT_NAMES, (module, node.name)


def test_the_seats_come_from_the_game(mini: CardSet) -> None:
    from cmdsl.games.cm2008.model import SIDES

    assert campaign_game(mini, 1).seats == SIDES  # CM2008's seats keep their names: mccain, obama


def test_the_repl_imports_no_game() -> None:
    """The REPL has one Session for every game (issue 28 §1): a game's REPL side is in its own
    package (its keyboard, ``cmdsl/games/NAME/prompt.py``), registered with its plug-in."""
    repl = Path(__file__).resolve().parent.parent / "repl"
    for path in repl.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("cmdsl.games"), (path.name, node.module)
        assert not any(w in text.lower() for w in GAME_WORDS), path.name


#: The controllers: the command line, its checks and tests of sets, the balance studio, the language
#: server. They reach a game through the registry (cmdsl/plugins.py), never by importing it (issue
#: 28: no controller names a game); the REPL is checked above.
CONTROLLERS = {m for m in _modules() if m.startswith(("cmdsl.kits.study.", "cmdsl.lsp.", "cmdsl.kits.printing."))} | {
    "cmdsl.kits.study", "cmdsl.cli", "cmdsl.checking", "cmdsl.set_tests", "cmdsl.lsp", "cmdsl.kits.printing"}


def test_the_controllers_import_no_game() -> None:
    g = _graph()
    assert CONTROLLERS <= set(g)
    assert {"cmdsl.lsp.server", "cmdsl.lsp.workspace", "cmdsl.lsp.completion"} <= CONTROLLERS
    assert {(m, t) for m in CONTROLLERS for t in g[m] if t.startswith("cmdsl.games")} == set()


def test_the_language_server_and_the_print_engine_name_no_game() -> None:
    """They serve every game's files through the registry (issues 32, 33): no game's name in their code."""
    for path in sorted([*(PACKAGE / "lsp").glob("*.py"), *(PACKAGE / "printing").glob("*.py")]):
        text = path.read_text(encoding="utf-8").lower()
        assert not any(w in text for w in (*GAME_WORDS, "racolage")), path.name


#: Words of the games' vocabularies, which the core language holds none of (issue 29 §1: `lang/`
#: holds no game word): the games' names, CM2008's sides and what its cards act on, High Card's.
VOCABULARY_WORDS = ("mccain", "obama", "cm2008", "campaign manager", "lobbys", "high card", "highcard", "racolage",
              "breaking news", "going negative", "media support", "support", "electoral", "demographic", "economy",
              "defense", "opponent")


def _game_word_lines() -> dict[str, list[int]]:
    root = PACKAGE.parent
    files = [*sorted((PACKAGE / "lang").glob("*.py")), *sorted((root / "grammar").glob("*.lark"))]
    found: dict[str, list[int]] = {}
    for path in files:
        lines = path.read_text(encoding="utf-8").lower().splitlines()
        at = [i for i, line in enumerate(lines, 1) if any(w in line for w in VOCABULARY_WORDS)]
        if at:
            found[str(path.relative_to(root))] = at
    return found


def test_the_core_language_holds_no_game_word() -> None:
    assert _game_word_lines() == {}, "a game's words in the core language (issue 29: they are its vocabulary's)"


# ---- core v3: the core holds a game's rules; no game is a driver (issue 53 §1) -------------------

#: The driver's own state, which no game reads or sets (it goes through ``contract.Host``).
DRIVER_PRIVATE = ("_restart", "_set_up_driver", "_start_rules", "_changes", "_gen", "_advance", "_phase",
                  "_set_phase", "_roll_back", "_answer_together", "_begin_together", "_ask_again")


def _game_sources() -> list[Path]:
    root = Path(__file__).resolve().parent.parent
    return sorted([*(root / "cmdsl" / "games").rglob("*.py"), *(root / "tests" / "toygame").rglob("*.py"),
                   *(root / "repl").rglob("*.py")])


def _driver_misuse(paths: list[Path]) -> tuple[list[str], list[str]]:
    """The classes of ``paths`` built on ``Driver``, and the lines naming a private member of it."""
    subclasses, touched = [], []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                if "Driver" in [ast.unparse(b).split("[")[0].split(".")[-1] for b in node.bases]:
                    subclasses.append(f"{path.name}:{node.name}")
            elif isinstance(node, ast.Attribute) and node.attr in DRIVER_PRIVATE:
                touched.append(f"{path.name}:{node.lineno} .{node.attr}")
    return subclasses, touched


def test_no_game_subclasses_the_driver_or_touches_its_private_state() -> None:
    """Every game's package (and the toy game's, and the REPL) is read: no class is built on
    ``Driver``, and no line names one of the driver's private members."""
    assert _driver_misuse(_game_sources()) == ([], [])


def test_the_scan_sees_a_subclass_and_a_private_member(tmp_path: Path) -> None:
    """The scan above is not blind: a class built on the driver, and a private member, are seen."""
    planted = tmp_path / "bad.py"
    planted.write_text("class Mine(driver.Driver[int]):\n    def f(self):\n        self._restart([])\n")
    assert _driver_misuse([planted]) == (["bad.py:Mine"], ["bad.py:3 ._restart"])


def test_every_registered_game_and_the_toy_game_is_held_by_the_driver(mini: CardSet) -> None:
    """A game of each plug-in, and of High Card, is the core's driver itself, holding a game that
    is not a driver: the game supplies its rules and hooks, the core owns the flow."""
    from cmdsl import plugins
    from cmdsl.game.driver import Driver
    from tests.toygame.game import table as high_card

    games = {"cm2008": campaign_game(mini, 1), "highcard": high_card(1)}
    for name, plugin in plugins.games().items():
        if plugin.study is not None and plugin.study.own() is None and name not in games:
            games[name] = _default_table(plugin).new_game(1)
    assert {"cm2008", "lobbys", "racolage", "highcard"} <= set(games)
    for name, game in games.items():
        assert type(game) is Driver, name
        assert not isinstance(game.game, Driver), name


def _default_table(plugin: Plugin) -> SeatTable:
    """The table a command gets with none of its options given."""
    assert plugin.study is not None
    return plugin.study.table(TableRequest())


def test_a_finished_game_is_freed_at_once_without_the_collector(mini: CardSet) -> None:
    """A game played to its end, then let go, is freed by its reference count alone: nothing in
    it holds itself (rules and their operations held each other once, and every finished game of
    a self-play run waited for the collector: CM2008 ~20% slower)."""
    import gc
    import weakref

    from cmdsl import plugins
    from cmdsl.bots import RandomBot, play_bot_move
    from tests.toygame.game import table as high_card

    makers = {"cm2008": lambda: campaign_game(mini, 3), "highcard": lambda: high_card(3)}
    for name, plugin in plugins.games().items():
        if plugin.study is not None and plugin.study.own() is None and name not in makers:
            makers[name] = partial(_default_table(plugin).new_game, 3)
    gc.collect()
    gc.disable()
    try:
        for name, make in makers.items():
            game = make()
            bots = {seat: RandomBot(i) for i, seat in enumerate(game.seats)}
            while game.pending is not None:
                play_bot_move(game, bots)
            freed = weakref.ref(game)
            del game
            assert freed() is None, f"a finished {name} game is kept alive by a cycle"
    finally:
        gc.enable()
