"""cmdsl: a rules engine and effect language for the card game Campaign Manager 2008.

The public API (see docs/api.md)::

    from cmdsl import load_card_set, Game, Setup
    game = Game(load_card_set(), seed=7, setup=Setup(first="mccain"))
    while game.pending:
        game.answer(game.pending.options[0].id)
"""

from .bots import RandomBot
from .errors import CardError, CardSetError, CmdslError, IllegalAnswer, RecordError
from .game import events
from .game.decisions import Decision, Option
from .game.engine import Game, Setup
from .game.record import Record, replay
from .loader import load_card_set
from .model import CardSet, Side

__all__ = [
    "CardError", "CardSet", "CardSetError", "CmdslError", "Decision", "Game", "IllegalAnswer", "Option",
    "RandomBot", "Record", "RecordError", "Setup", "Side", "events", "load_card_set", "replay",
]
