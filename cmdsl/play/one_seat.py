"""What a game's keyboard shares when one person plays one seat against bots (Racolage Électoral's,
the test game's): the game in progress and its bots, an answer by number or option, the screen of
what that seat may see since the last one, the log, the undo checkpoint, whether it is saved."""

from __future__ import annotations

import copy
from functools import partial
from typing import Any, Callable, ClassVar, Self

from ..bots import Bot, play_bot_move
from ..bots.match import seat_bots
from ..sets.record_file import save_json
from .keyboard import Host, KeyboardError, save_arguments


class OneSeatKeyboard:
    """A keyboard at which one seat (``ME``) is played by hand and every other by a bot."""

    #: the seat played at the keyboard; how the game is started again (`new …`), for the messages
    ME: ClassVar[Any]
    NEW_COMMAND: ClassVar[str]
    ANSWER_HINT: ClassVar[str] = "Answer with the number of an option in the list, or the option itself."
    BLOCK: ClassVar[str | None] = None  # nothing blocks a line: every decision is one seat's, in the open

    def __init__(self) -> None:
        self.game: Any = None  # the game's Driver, None before one is started or loaded
        self.bots: dict[Any, Bot] = {}
        self.saved = True
        self.shown = 0  # events of ME's view shown so far

    def unsaved(self) -> bool:
        return self.game is not None and not self.saved and not self.game.over

    def checkpoint(self) -> Callable[[], Self]:
        kept = (self.game.fork() if self.game is not None else None, copy.deepcopy(self.bots), self.saved, self.shown)
        return partial(self._restore, kept)

    def _restore(self, kept: tuple[Any, dict[Any, Bot], bool, int]) -> Self:
        self.game, self.bots, self.saved, self.shown = kept
        return self

    def notices(self) -> str:
        return ""

    def at_decision(self) -> str | None:
        return None

    def loaded(self, path: str, game: Any, host: Host) -> str:
        """`load FILE`: the record's game goes on here (asking first to drop an unsaved one)."""
        host.may_discard("load")
        self.start(game, "random")
        self.saved = True
        return f"Loaded {path}: {len(game.record(False)['answers'])} answers replayed.\n" + self.screen()

    def start(self, game: Any, bot: str) -> None:
        """Play ``game`` from here, the bot ``bot`` at every other seat."""
        self.game, self.shown, self.saved = game, 0, False
        self.bots = dict(seat_bots([bot], [s for s in game.seats if s is not self.ME], game.seed))
        self.run_bots()

    def run_bots(self) -> None:
        game = self.require()
        while any(d.player in self.bots for d in game.pending_decisions):
            play_bot_move(game, self.bots)

    def require(self) -> Any:
        if self.game is None:
            raise KeyboardError(f"no game yet: start one with `{self.NEW_COMMAND}`")
        return self.game

    def answer(self, text: str) -> str:
        """ME's answer to its decision: the number of an option in the list, its label or its id."""
        game = self.require()
        mine = next((d for d in game.pending_decisions if d.player is self.ME), None)
        if mine is None:
            raise KeyboardError(f"the game is over (`{self.NEW_COMMAND}` deals another)")
        option = next((o for o in mine.options if text.lower() in (o.label.lower(), o.id.lower())), None)
        if text.isdigit() and option is None and 1 <= int(text) <= len(mine.options):
            option = mine.options[int(text) - 1]
        if option is None:
            raise KeyboardError(f'"{text}" is not an option ({mine.prompt}): answer 1 to {len(mine.options)}')
        game.answer(option.id, self.ME)
        self.saved = False
        self.run_bots()
        return self.screen()

    def screen(self) -> str:
        """What ME may see since the last screen, then its decision with numbered options."""
        game = self.require()
        log = game.view(self.ME).log
        news, self.shown = [e.text() for e in log[self.shown:]], len(log)
        mine = next((d for d in game.pending_decisions if d.player is self.ME), None)
        if mine is not None:
            news += [f"{self.ME}, {mine.prompt}:", *(f"  {i}. {o.label}" for i, o in enumerate(mine.options, 1))]
        return "\n".join(news)

    def log(self) -> str:
        return "\n".join(e.text() for e in self.require().view(self.ME).log)

    def save(self, arg: str, full_only: str | None = None) -> str:
        """`save FILE [full]`; ``full_only``: the refusal when the game saves its full record only."""
        path, full = save_arguments(arg)
        if full_only is not None and not full:
            raise KeyboardError(full_only)
        try:
            save_json(self.require().record(full or full_only is not None), path)
        except OSError as e:
            raise KeyboardError(f"save: cannot write {path} ({e.strerror})") from None
        self.saved = True
        return f"Saved to {path}."
