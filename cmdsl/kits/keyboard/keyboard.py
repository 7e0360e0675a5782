"""What the REPL asks of a game (issue 28 §1): a ``Keyboard``, the game's side at the prompt.

The REPL (``repl/``) has one ``Session`` for every game; it holds the keyboard of the game being
played and runs the commands every game shares (`new`, `load`, `help`, `rules`, `clear`, `quit`).
Everything else a line may say, a game's own commands, an answer to a decision, is the
keyboard's: it reads the line, plays it on its game and returns the text to show. A game
registers its keyboard with its plug-in (its front ends' ``keyboard()``).

A user's mistake raises ``CmdslError`` (one line) and changes nothing: the session takes a
checkpoint of the keyboard before each line and restores it when the line fails.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Generic, Mapping, Protocol, TypeVar

from ...errors import CmdslError
from ...bots.thinking import Watch
from .later import Later
from .toolbar import Part
from ...values import value

__all__ = ["Command", "Confirm", "Host", "Keyboard", "KeyboardError", "OnCommand", "Watch", "save_arguments"]

#: Asks the player a yes/no question (the question, the answer an empty line gives). The prompt
#: gives one that reads the terminal; tests give their own; without one, the default answer holds.
Confirm = Callable[[str, bool], bool]

class KeyboardError(CmdslError):
    """A one-line problem with what the user asked; nothing changed."""


#: A command as a line runs it: (its argument text, colour) → the text to show.
Run = Callable[[str, bool], str]


@value
class Command:
    """One command of the REPL: how it runs (bound to the session or the keyboard that runs it),
    how it is written, what it does (its first sentence is its summary in `help`)."""

    run: Run
    usage: str
    help: str


T = TypeVar("T")


def asked(prompt: str) -> str:
    """A decision's question as the heading of its options: followed by ":", unless it is a question."""
    return prompt if prompt.endswith("?") else f"{prompt}:"


@value
class OnCommand(Generic[T]):
    """A command written against the state it runs on (a game's session, the REPL's): ``bound``
    makes it the REPL's ``Command`` for one such state."""

    run: Callable[[T, str, bool], str]  # (the state, the argument text, colour) → the text to show
    usage: str
    help: str

    def bound(self, on: T) -> Command:
        return Command(lambda arg, colour: self.run(on, arg, colour), self.usage, self.help)


class Host(Protocol):
    """What a keyboard asks of the session that holds it."""

    @property
    def confirm(self) -> Confirm:
        """Asks the player at the keyboard a yes/no question."""

    @property
    def watch(self) -> Watch:
        """Opened around the bots' moves (the thinking line)."""

    def may_discard(self, command: str) -> None:
        """Raises unless there is no unsaved game or the player agrees to drop it."""

    def defer(self, work: Later[Any]) -> None:
        """What a new keyboard must load before it plays (its card set): the host makes it now (its
        error raised here), or, behind a prompt, starts it once the prompt is drawn (``Later``)."""


class Keyboard(Protocol):
    """A game at the prompt: the game in progress (``game``, None before one), its commands, and
    what the prompt shows of it."""

    @property
    def game(self) -> Any:
        """The game in progress (a ``cmdsl.game.driver.Driver``), None before one is started or loaded."""
    #: the words of this game's commands, known without a keyboard (a command of another game
    #: typed here is answered "that is a command of …")
    WORDS: ClassVar[tuple[str, ...]]
    #: what the welcome says to start a game ("Type `new` to play the beginner game against the
    #: random bot"), when this game is the session's own
    START: ClassVar[str]
    #: this game's form of `new`: how it is written and what it does (`help new`)
    NEW: ClassVar[tuple[str, str]]
    #: how a decision is answered (the last line of `help`)
    ANSWER_HINT: ClassVar[str]
    #: a command line, alone, after which the prompt reads a block of lines up to an empty one
    #: (a regular expression: `eval` alone); None: no command takes a block
    BLOCK: ClassVar[str | None]

    def __init__(self, host: Host, cards_path: str | None) -> None:
        """A keyboard with no game yet, for the session ``host``; ``cards_path``: `--cards`."""

    def commands(self) -> Mapping[str, Command]:
        """This game's commands, by word (the session adds the shared ones)."""

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        """Run one line (stripped; may be empty: Enter). ``shared``: the session's commands, which
        the line may name too (a game decides whether an answer wins over a command word)."""

    def new(self, arg: str, colour: bool) -> str:
        """`new [GAME] ARG`: start a game (``Host.may_discard`` first, once ``arg`` is understood)."""

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        """`load FILE WORDS`: continue the game a record holds (``data``: its parsed JSON, None
        when it is not JSON); ``Host.may_discard`` first, once the record is read."""

    def unsaved(self) -> bool:
        """A game in progress that is not saved: `new`, `load` and `quit` ask before dropping it."""

    def checkpoint(self) -> Callable[[], "Keyboard"]:
        """The keyboard as it is now, brought back by calling the result (a line that failed)."""

    def toolbar(self) -> list[Part]:
        """The bottom bar's parts (``toolbar.fit_bar`` fits them to the terminal)."""

    def completions(self, command: str, text: str) -> list[str]:
        """Tab after ``command``: the words that may come next; ``text``: the line so far."""

    def notices(self) -> str:
        """What to say before the next prompt (the card files changed on disk), or ""."""

    def greeting(self) -> str:
        """A line for the welcome: which set or data this keyboard plays with."""

    def at_decision(self) -> str | None:
        """`help` alone at a pending decision: the decision explained; None: the command list."""


def save_arguments(arg: str) -> tuple[str, bool]:
    """`save FILE` or `save FILE full` (the whole record, for a bug report): the path, and whether full."""
    text = arg.strip()
    full = text.lower().endswith(" full")
    path = text[: -len(" full")].strip() if full else text
    if not path:
        raise KeyboardError("save: give a file name, e.g. `save game.json` (`save game.json full`: every card)")
    return path, full
