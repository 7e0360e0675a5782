"""cmdsl: a rules engine and effect language for card games (Campaign Manager 2008 its first).

The public API (see docs/api.md)::

    from cmdsl import load_card_set, campaign_game, Setup
    game = campaign_game(load_card_set(), seed=7, setup=Setup(first="mccain"))
    while game.pending:
        game.answer(game.pending.options[0].id)

Each name is imported when it is first asked for (a module ``__getattr__``, PEP 562): ``import
cmdsl`` alone loads nothing of the engine, the bots, the balance tools or prompt-toolkit, so a
command that needs none of them starts at once (issue 34).
"""

import os as _os
from typing import TYPE_CHECKING

from .lazy import lazy_names as _lazy_names

# An install maps repl/ to cmdsl.repl (pyproject.toml). In a source checkout repl/ sits beside
# cmdsl/; let the same import find it there, so tests and tools work from the checkout too.
_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if _os.path.isfile(_os.path.join(_root, "pyproject.toml")) and _os.path.isdir(_os.path.join(_root, "repl")):
    __path__.append(_root)  # noqa: F821 - a package's own __path__

#: Each public name → the module it comes from (``events`` is a module itself: ``_MODULES``).
_PUBLIC = {
    "RandomBot": ".bots",
    "CardError": ".errors", "CardSetError": ".errors", "CmdslError": ".errors", "IllegalAnswer": ".errors",
    "RecordError": ".errors",
    "events": ".games.cm2008.events",
    "Decision": ".game.decisions", "Option": ".game.decisions",
    "campaign_game": ".games.cm2008.engine", "CampaignGame": ".games.cm2008.engine",
    "Setup": ".games.cm2008.setup",
    "Record": ".games.cm2008.record",
    "replay": ".games.cm2008.replay",
    "load_card_set": ".games.cm2008.loader",
    "CardSet": ".games.cm2008.model", "Side": ".games.cm2008.model",
}

_MODULES = frozenset({"events"})

#: The names of before core v3 (issue 53), kept for one release: each use warns.
_DEPRECATED = {"Game": (".games.cm2008.engine", "campaign_game",
                        "a game is the core's driver holding CM2008 now: use cmdsl.campaign_game(cards, seed, "
                        "setup), the same arguments (docs/api.md)")}

__all__ = [
    "CampaignGame", "CardError", "CardSet", "CardSetError", "CmdslError", "Decision", "IllegalAnswer", "Option",
    "RandomBot", "Record", "RecordError", "Setup", "Side", "campaign_game", "events", "load_card_set", "replay",
]

if TYPE_CHECKING:  # what the names are, for type checkers (nothing is imported at run time)
    from .bots import RandomBot
    from .errors import CardError, CardSetError, CmdslError, IllegalAnswer, RecordError
    from .games.cm2008 import events
    from .game.decisions import Decision, Option
    from .games.cm2008.engine import CampaignGame, campaign_game
    from .games.cm2008.setup import Setup
    from .games.cm2008.record import Record
    from .games.cm2008.replay import replay
    from .games.cm2008.loader import load_card_set
    from .games.cm2008.model import CardSet, Side


__getattr__, __dir__ = _lazy_names(__name__, _PUBLIC, globals(), _MODULES, _DEPRECATED)
