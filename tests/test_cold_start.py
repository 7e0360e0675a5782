"""Starting cmdsl (issue 34 §1): `import cmdsl` loads nothing it does not need, and the public API's
names still import from it (docs/api.md)."""

from __future__ import annotations

import subprocess
import sys

import cmdsl


def _modules_after(code: str) -> list[str]:
    probe = code + "; import sys; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    return out.stdout.split()


def test_import_cmdsl_imports_neither_the_bots_nor_the_balance_tools_nor_prompt_toolkit() -> None:
    loaded = _modules_after("import cmdsl")
    heavy = [m for m in loaded if m.startswith(("cmdsl.bots", "cmdsl.balance", "prompt_toolkit", "cmdsl.games",
                                                "lark", "yaml", "matplotlib", "dask"))]
    assert heavy == []


def test_the_public_names_import_from_cmdsl_and_are_what_they_were() -> None:
    from cmdsl.bots import RandomBot
    from cmdsl.games.cm2008 import events
    from cmdsl.games.cm2008.engine import Game

    assert sorted(cmdsl.__all__) == sorted(cmdsl._PUBLIC)
    assert cmdsl.Game is Game and cmdsl.RandomBot is RandomBot and cmdsl.events is events
    assert callable(cmdsl.replay) and cmdsl.replay.__module__ == "cmdsl.games.cm2008.replay"  # not its module
    assert set(cmdsl.__all__) <= set(dir(cmdsl))
    loaded = _modules_after("from cmdsl import Game, load_card_set, Setup")
    assert "cmdsl.games.cm2008.engine" in loaded and "cmdsl.balance" not in loaded


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        cmdsl.NoSuchThing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as e:
        assert "no attribute 'NoSuchThing'" in str(e)
    else:  # pragma: no cover
        raise AssertionError("cmdsl.NoSuchThing did not raise")
