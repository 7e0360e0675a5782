"""A REPL session, the same for every game: the keyboard of the game being played (its
``Keyboard``, from its plug-in), the prompt's question and thinking line, one command at a time.

The session starts with the default game's keyboard (its card set is loaded, so `card` works
before any game); `new GAME …` and `load FILE` of another game's record change the keyboard once
the command has succeeded. In the background (``background``, the terminal's prompt), the first
keyboard's slow loading waits until the prompt is drawn (``start_loading``), and whatever needs it
waits for it (issue 34: the first prompt comes before the card set).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from cmdsl.bots.thinking import Watch, quiet
from cmdsl.kits.keyboard.keyboard import Confirm, Keyboard, KeyboardError
from cmdsl.kits.keyboard.later import Failed, Later
from cmdsl.plugins import Plugin, default_game, game, game_data_in, games


class SessionError(KeyboardError):
    """A one-line problem with what the user asked; nothing changed."""


def no_terminal(question: str, default: bool) -> bool:
    return default


def plays_at_the_keyboard(plugin: Plugin) -> bool:
    return plugin.front_ends is not None and plugin.front_ends.keyboard() is not None  # nothing imported yet


def keyboard_class(plugin: Plugin) -> type[Keyboard]:
    """The class of the game's keyboard (its plug-in imports it when asked)."""
    keyboard = plugin.front_ends.keyboard() if plugin.front_ends is not None else None
    assert keyboard is not None
    return keyboard()


@dataclass
class Session:
    cards_path: str | None = None
    confirm: Confirm = no_terminal
    # Opened around the bots' moves: the prompt gives one that says "p2 is thinking… 1.2 s".
    watch: Watch = quiet
    #: the first keyboard's loading (``Host.defer``) waits for ``start_loading``, else it is done at once
    background: bool = False
    #: the game `new` starts when it names none: the game of the `--cards` folder (a folder holding
    #: a game's data file is that game's), else the default game
    home: str = field(init=False)
    #: the name of the game whose keyboard is ``keyboard``
    game_name: str = field(init=False)
    keyboard: Keyboard = field(init=False)
    #: what the first keyboard loads behind the prompt (in the background only)
    loading: list[Later[Any]] = field(default_factory=list, init=False)
    _opening: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        given = game_data_in(Path(self.cards_path)) if self.cards_path is not None else None
        self.home = given if given is not None and given in keyboard_games() else default_game()
        self.game_name = self.home
        self._opening = self.background
        try:
            self.keyboard = self.open(self.game_name)
        finally:
            self._opening = False  # a keyboard opened later (`new GAME`) loads at once: its errors are that command's

    @property
    def game(self) -> Any:
        """The game in progress, whichever it is (None before one)."""
        return self.keyboard.game

    @property
    def plugin(self) -> Plugin:
        return game(self.game_name)

    def open(self, name: str) -> Keyboard:
        """A keyboard of the game ``name``, with no game yet (it reads its card set)."""
        plugin = game(name)
        if not plays_at_the_keyboard(plugin):
            raise SessionError(f"{plugin.title} cannot be played at the REPL (`cmdsl play --game {name}` plays it)")
        # `--cards` names the home game's set; another game plays its own (cmdsl.toml's, or bundled)
        return keyboard_class(plugin)(self, self.cards_path if name == self.home else None)

    def defer(self, work: Later[Any]) -> None:
        if self._opening:
            self.loading.append(work)
        else:
            work.get()

    def start_loading(self, failed: Failed) -> None:
        """Start what the first keyboard loads, each on its thread (again: nothing more is started)."""
        for work in self.loading:
            work.start(failed)

    def finish_loading(self) -> None:
        """Wait for what loads behind the prompt to end: a REPL that returns leaves no thread running
        (in a test's process, a load going on into the next test would read what that test changes)."""
        for work in self.loading:
            work.join()

    def load_failure(self) -> Exception | None:
        """The error of the first keyboard's loading, once it has failed (the REPL ends with it)."""
        return next((e for e in (work.failure() for work in self.loading) if e is not None), None)

    def keyboard_of(self, name: str) -> Keyboard:
        """This session's keyboard when it plays ``name``, else a new one of that game."""
        return self.keyboard if name == self.game_name else self.open(name)

    def switch(self, name: str, keyboard: Keyboard) -> None:
        self.game_name, self.keyboard = name, keyboard

    # ---- one command at a time ---------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """A command completes, or the session is as it was (a bad answer, a bug, Ctrl-C in the
        middle of a bot's move or a long `eval`): nothing half-done is ever left behind."""
        name, restore = self.game_name, self.keyboard.checkpoint()
        try:
            yield
        except BaseException:
            self.game_name, self.keyboard = name, restore()
            raise

    def unsaved(self) -> bool:
        """A game in progress that is not saved: `new`, `load` and `quit` ask before dropping it."""
        return self.keyboard.unsaved()

    def may_discard(self, command: str) -> None:
        """Raises unless there is no unsaved game or the player agrees to drop it."""
        if self.unsaved() and not self.confirm("The game in progress is not saved: discard it? [y/N]", False):
            raise SessionError(f"{command}: the game in progress is kept (`save FILE` saves it)")


def keyboard_games() -> list[str]:
    """The registered games that can be played at the REPL."""
    return [name for name, plugin in games().items() if plays_at_the_keyboard(plugin)]

