"""cmdsl: a rules engine and effect language for card games.

The package presents the engine: the registry of games (``registered_games()``, ``load_game(name)``: a
``Plugin``), the core's driver and decisions, the errors, the bots' base; each game's API is its
package's (docs/api.md)::

    import cmdsl
    lobbys = cmdsl.load_game("lobbys")  # its plug-in: rules, sets, front ends, study

    from cmdsl.games.cm2008 import campaign_game, load_card_set, Setup
    game = campaign_game(load_card_set(), seed=7, setup=Setup(first="mccain"))
    while game.pending:
        game.answer(game.pending.options[0].id)

CM2008's names were this package's before core v3 (issue 53): they still are, for one release, each
use warning (``DeprecationWarning``) where it is now. Each name is imported when it is first asked
for (a module ``__getattr__``, PEP 562): ``import cmdsl`` alone loads nothing of the engine, the
bots, the balance tools, a game or prompt-toolkit, so a command that needs none of them starts at
once (issue 34).
"""

import os as _os
from typing import TYPE_CHECKING

from .lazy import lazy_names as _lazy_names

# An install maps repl/ to cmdsl.repl (pyproject.toml). In a source checkout repl/ sits beside
# cmdsl/; let the same import find it there, so tests and tools work from the checkout too.
_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if _os.path.isfile(_os.path.join(_root, "pyproject.toml")) and _os.path.isdir(_os.path.join(_root, "repl")):
    __path__.append(_root)  # noqa: F821 - a package's own __path__

#: Each public name → the module it comes from.
_PUBLIC = {
    "RandomBot": ".bots",
    "CardError": ".errors", "CardSetError": ".errors", "CmdslError": ".errors", "IllegalAnswer": ".errors",
    "RecordError": ".errors",
    "Decision": ".game.decisions", "Option": ".game.decisions",
    "Driver": ".game.driver", "GameOver": ".game.driver",
    "load_game": ".plugins", "Plugin": ".plugins", "registered_games": ".plugins",
}

_CM2008 = ".games.cm2008"
#: CM2008's names of before core v3 (issue 53), kept for one release: each use warns where it is now.
_DEPRECATED = {
    "Game": (".games.cm2008.engine", "campaign_game", "a game is the core's driver holding CM2008 now: use "
             "cmdsl.games.cm2008.campaign_game(cards, seed, setup), the same arguments (docs/api.md)"),
    **{name: (_CM2008, name, f"CM2008's API is its package's: from cmdsl.games.cm2008 import {name}")
       for name in ("CardSet", "Record", "Setup", "Side", "load_card_set")},
    "events": (_CM2008, "events", "CM2008's API is its package's: from cmdsl.games.cm2008 import events"),
    "replay": (".games.cm2008.replay", "replay", "CM2008's API is its package's: "
               "from cmdsl.games.cm2008.replay import replay"),
}

__all__ = ["CardError", "CardSetError", "CmdslError", "Decision", "Driver", "GameOver", "IllegalAnswer", "Option",
           "Plugin", "RandomBot", "RecordError", "load_game", "registered_games"]

if TYPE_CHECKING:  # what the names are, for type checkers (nothing is imported at run time)
    from .bots import RandomBot
    from .errors import CardError, CardSetError, CmdslError, IllegalAnswer, RecordError
    from .game.decisions import Decision, Option
    from .game.driver import Driver, GameOver
    from .plugins import Plugin, load_game, registered_games


__getattr__, __dir__ = _lazy_names(__name__, _PUBLIC, globals(), deprecated=_DEPRECATED)
