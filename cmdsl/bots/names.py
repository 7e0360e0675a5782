"""The bots' names, known without loading a bot: a prompt's help text and its argument checks
read them before the first game (issue 34: the REPL's first prompt loads no bot)."""

from __future__ import annotations

from typing import Literal, get_args

BotName = Literal["random", "greedy", "ismcts"]
BOT_NAMES: tuple[BotName, ...] = get_args(BotName)
