"""Controllers that answer decisions by themselves (docs/bots.md): random, greedy (one ply) and
ismcts (a fair tree search). Each is given its seat's ``Perspective``, never the game.

Each name is imported when it is first asked for (a module ``__getattr__``, PEP 562, as ``cmdsl``
does): a front end that only shows the thinking line (``bots.thinking``) or names the bots
(``bots.names``) loads no bot and no game before its first prompt (issue 34).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names as _lazy_names

#: Each public name → the module it comes from.
_PUBLIC = {
    "GreedyBot": ".basic", "RandomBot": ".basic",
    "IsmctsBot": ".ismcts", "IsmctsSettings": ".ismcts", "RolloutPolicy": ".ismcts",
    "Bot": ".play", "bot_seed": ".play", "play_bot_move": ".play",
    "BOT_NAMES": ".names", "BotName": ".names",
    "BotSpec": ".spec", "BotSpecError": ".spec", "make_bot": ".spec", "parse_bot": ".spec",
    "BOTS": ".spec",
}

__all__ = ["BOTS", "BOT_NAMES", "Bot", "BotName", "BotSpec", "BotSpecError", "GreedyBot", "IsmctsBot",
           "IsmctsSettings", "RandomBot", "RolloutPolicy", "bot_seed", "make_bot", "parse_bot", "play_bot_move"]

if TYPE_CHECKING:  # what the names are, for type checkers (nothing is imported at run time)
    from .basic import GreedyBot, RandomBot
    from .ismcts import IsmctsBot, IsmctsSettings, RolloutPolicy
    from .names import BOT_NAMES, BotName
    from .play import Bot, bot_seed, play_bot_move
    from .spec import BOTS, BotSpec, BotSpecError, make_bot, parse_bot


__getattr__, __dir__ = _lazy_names(__name__, _PUBLIC, globals())
