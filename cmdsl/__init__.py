"""cmdsl: a rules engine and effect language for the card game Campaign Manager 2008.

The public API (see docs/api.md)::

    from cmdsl import load_card_set, Game, Setup
    game = Game(load_card_set(), seed=7, setup=Setup(first="mccain"))
    while game.pending:
        game.answer(game.pending.options[0].id)
"""

import os as _os

# An install maps repl/ to cmdsl.repl (pyproject.toml). In a source checkout repl/ sits beside
# cmdsl/; let the same import find it there, so tests and tools work from the checkout too.
_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if _os.path.isfile(_os.path.join(_root, "pyproject.toml")) and _os.path.isdir(_os.path.join(_root, "repl")):
    __path__.append(_root)  # noqa: F821 - a package's own __path__

from .bots import RandomBot  # noqa: E402
from .errors import CardError, CardSetError, CmdslError, IllegalAnswer, RecordError  # noqa: E402
from .games.cm2008 import events  # noqa: E402
from .game.decisions import Decision, Option  # noqa: E402
from .games.cm2008.engine import Game  # noqa: E402
from .games.cm2008.setup import Setup  # noqa: E402
from .games.cm2008.record import Record  # noqa: E402
from .games.cm2008.replay import replay  # noqa: E402
from .games.cm2008.loader import load_card_set  # noqa: E402
from .games.cm2008.model import CardSet, Side  # noqa: E402

__all__ = [
    "CardError", "CardSet", "CardSetError", "CmdslError", "Decision", "Game", "IllegalAnswer", "Option",
    "RandomBot", "Record", "RecordError", "Setup", "Side", "events", "load_card_set", "replay",
]
