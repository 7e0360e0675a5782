"""The compiled build (issue 34 §5): with ``CMDSL_COMPILE=1`` the hot modules below become C
extension modules built by mypyc; without it this file adds nothing and the install is the pure
Python one (pyproject.toml says everything else). docs/install-compiled.md says how and why."""

from __future__ import annotations

import os
from typing import Any

from setuptools import setup

#: The modules compiled: where random self-play and the search spend their time (the core, the
#: games' rules, the effects' runtime), less what mypyc cannot compile as written. Left out, and why
#: (docs/install-compiled.md): what makes a copy without ``__init__`` (CM2008's and Lobbys' games
#: and positions: ``Game.__new__``, ``__dict__``, ``object.__new__``), hence CM2008's rule classes
#: under its Game; ``@value`` events (``__dict__``); classes subclassed by interpreted ones (the
#: effect compilers, ``RandomBot``); the search (it reads ``turn``, a property in CM2008's game
#: and an attribute in the compiled contract); dataclasses naming a type imported only for mypy
#: (CM2008's model); Lobbys' cards (each made once with ``object.__new__``) and its ``@value``
#: results (picks, tenders, elections). The rest (parsers, checker, loaders, tools, REPL) is pure Python in both builds.
COMPILED = [
    "cmdsl/game/chance.py",
    "cmdsl/game/decisions.py",
    "cmdsl/game/driver.py",
    "cmdsl/game/perspective.py",
    "cmdsl/game/rng.py",
    "cmdsl/game/together.py",
    "cmdsl/game/table_reads.py",
    "cmdsl/game/fields.py",
    "cmdsl/game/log.py",
    "cmdsl/game/contract.py",
    "cmdsl/lang/run.py",
    "cmdsl/lang/ops.py",
    "cmdsl/games/cm2008/options.py",
    "cmdsl/games/cm2008/ui/board.py",
    "cmdsl/games/cm2008/cost.py",
    "cmdsl/games/lobbys/rules.py",
    "cmdsl/games/lobbys/scoring.py",
    "cmdsl/games/lobbys/seats.py",
    "cmdsl/games/lobbys/heuristic.py",
    "cmdsl/games/racolage/game.py",
    "cmdsl/games/racolage/position.py",
    "cmdsl/games/racolage/seats.py",
    "cmdsl/bots/play.py",
]


def ext_modules() -> list[Any]:
    if os.environ.get("CMDSL_COMPILE", "") in ("", "0"):
        return []
    from mypyc.build import mypycify  # only the compiled build needs mypy (_build/backend.py)

    return mypycify(COMPILED, opt_level="3")


setup(ext_modules=ext_modules())
