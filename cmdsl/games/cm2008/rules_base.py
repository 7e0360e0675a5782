"""What every layer of Campaign Manager 2008's rules stands on: the game they play (its cards,
seed, setup and options, ``Setting``) and the table they play it at (the core's driver, a
``Host``: its position, its log, its decisions). ``rules_abilities.py`` is the lowest layer of the
rules built on it; the compiled effects act through ``effect_ops.Cm2008Ops``, made here with the
rules."""

from __future__ import annotations

from typing import Any, Callable, Protocol, cast

from ...game.contract import Host
from ...game.decisions import Decision
from ...game.together import Steps
from .model import CardSet, Side
from .options import OptionCache
from .position import LiveState, Position
from .setup import Setup
from .effect_ops import Acting, Cm2008Ops


class Setting(Protocol):
    """What the rules read of the game they play (``engine.Campaign``): its cards, seed, setup and
    options; whether it keeps a checkpoint at each turn's start, and the last one (set here)."""

    cards: CardSet
    seed: int
    setup: Setup
    options: OptionCache
    keep_checkpoints: bool
    checkpoint: tuple[Any, int] | None


class RulesBase:
    """The rules of one game of CM2008 at its table: ``game`` (a ``Setting``) and ``host`` (the
    driver). The position is read at every step: it is set when the game starts (a rules object
    is made then) and changed in place afterwards."""

    def __init__(self, game: Setting, host: Host[Side]) -> None:
        self.game, self.host = game, host
        self.cards, self.seed, self.setup, self._options = game.cards, game.seed, game.setup, game.options
        self.position: Position = host.position
        self.emit, self.together, self.log_chosen = host.emit, host.together, host.log_chosen
        self.ask: Callable[[Decision], Steps] = host.ask  # the table notes what it takes alone, for a script
        # What a compiled effect acts through. Made at once (1.4 µs; a cached property's lock in
        # Python 3.11 costs more, at every fork): every layer of the rules is built on this one,
        # and the top layer, the one made, has all that Acting reads.
        self.ops = Cm2008Ops(cast(Acting, self))

    def release(self) -> None:
        """Forget the operations: they hold the rules' own methods, and the rules hold the table,
        so while both are kept a finished game is a cycle that only the collector frees (a game
        of random self-play then costs ~20% more). Once is enough: a scenario's start may end after
        the main loop it entered has."""
        self.__dict__.pop("ops", None)

    @property
    def turn(self) -> int:
        return self.position.turn

    @turn.setter
    def turn(self, turn: int) -> None:
        """The position's turn, and the table's (a bot's look-ahead horizon) with it."""
        self.position.turn = self.host.turn = turn

    @property
    def in_play(self) -> list[LiveState]:
        return self.position.in_play

    def hand_size(self, side: Side) -> int:
        return len(self.position.players[side].hand)
