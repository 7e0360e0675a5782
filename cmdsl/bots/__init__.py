"""Controllers that answer decisions by themselves (docs/bots.md): random, greedy (one ply) and
ismcts (a fair tree search). Each is given its seat's ``Perspective``, never the game."""

from __future__ import annotations

from .basic import GreedyBot, RandomBot
from .ismcts import IsmctsBot, IsmctsSettings, RolloutPolicy
from .play import Bot, bot_seed, play_bot_move
from .spec import BOT_NAMES, BotName, BotSpec, BotSpecError, make_bot, parse_bot

#: Every bot by name, with its default settings.
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}

__all__ = ["BOTS", "BOT_NAMES", "Bot", "BotName", "BotSpec", "BotSpecError", "GreedyBot", "IsmctsBot",
           "IsmctsSettings", "RandomBot", "RolloutPolicy", "bot_seed", "make_bot", "parse_bot", "play_bot_move"]
