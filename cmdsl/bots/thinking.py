""""p2 is thinking… 1.2 s": the line a front end shows on a terminal while bots move.

The engine and the bots stay pure (no printing, no clock): a controller (the REPL, ``cmdsl
play``) opens a ``Watch`` around the bots' moves and tells it which seat is choosing; the line
appears once the wait passes ``delay``, is redrawn in place, and is erased before anything else
is printed. The bots compute on the calling thread, so Ctrl-C still interrupts them (and the REPL
rolls the command back); the line is drawn by a daemon thread that every exit stops."""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, ContextManager, Iterator, Protocol

if TYPE_CHECKING:  # a name for the seats only: the REPL shows its first prompt without the core's decisions
    from ..game.decisions import PlayerSeat

#: Tells the display which seat chooses now (``play_bot_move`` calls it before each bot's choice).
Naming = Callable[["PlayerSeat"], None]
#: Opened around the bots' moves; what it gives names the seat that is choosing.
Watch = Callable[[], ContextManager[Naming]]

#: How long a wait goes unremarked, and how often the line is redrawn (seconds).
DELAY = 0.3
EVERY = 0.1

ERASE = "\r\x1b[K"  # back to the line's start and clear it: the line is drawn only on terminals


class Stream(Protocol):
    """Where the line goes: a text stream (sys.stderr for ``cmdsl play``)."""

    def write(self, text: str, /) -> int: ...
    def flush(self) -> None: ...
    def isatty(self) -> bool: ...


def _nobody(seat: PlayerSeat) -> None:
    return None


@contextlib.contextmanager
def quiet() -> Iterator[Naming]:
    """The watch of a front end that shows nothing (tests, balance runs, a pipe)."""
    yield _nobody


def is_terminal(stream: Stream) -> bool:
    try:
        return bool(stream.isatty())
    except (ValueError, OSError):  # a closed stream
        return False


@dataclass
class ThinkingLine:
    """The line itself, without thread or clock: ``tick`` draws it as of ``now`` (nothing before
    ``delay``), ``erase`` clears it. Tests drive it with their own times and stream."""

    stream: Stream
    start: float
    delay: float = DELAY
    who: str = "The bot"
    shown: bool = False
    broken: bool = False  # the stream failed once (closed, cannot encode): stay silent

    def name(self, seat: PlayerSeat) -> None:
        self.who = str(seat)

    def text(self, now: float) -> str:
        return f"{self.who} is thinking… {now - self.start:.1f} s"

    def tick(self, now: float) -> None:
        if now - self.start < self.delay:
            return
        self._write(ERASE + self.text(now))
        self.shown = True

    def erase(self) -> None:
        if self.shown:
            self._write(ERASE)
            self.shown = False

    def _write(self, text: str) -> None:
        if self.broken:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # UnicodeEncodeError is a ValueError: a terminal without "…"
            self.broken = True


@dataclass
class Thinking:
    """A ``Watch`` that shows the thinking line on ``stream`` when it is a terminal (nothing at
    all otherwise): ``with thinking() as naming: ...``."""

    stream: Stream
    delay: float = DELAY
    every: float = EVERY
    clock: Callable[[], float] = time.monotonic
    # The drawing thread of the watch in progress, if any (tests check that it stops).
    thread: threading.Thread | None = field(default=None, repr=False, compare=False)

    def __call__(self) -> ContextManager[Naming]:
        return self._watch()

    @contextlib.contextmanager
    def _watch(self) -> Iterator[Naming]:
        if not is_terminal(self.stream):
            yield _nobody
            return
        line = ThinkingLine(self.stream, self.clock(), self.delay)
        stop = threading.Event()
        thread = threading.Thread(target=self._draw, args=(line, stop), name="cmdsl-thinking", daemon=True)
        self.thread = thread
        thread.start()
        try:
            yield line.name
        finally:  # a move made, an error or Ctrl-C: the line goes, and so does the thread
            stop.set()
            thread.join()
            line.erase()
            self.thread = None

    def _draw(self, line: ThinkingLine, stop: threading.Event) -> None:
        while not stop.wait(self.every):
            line.tick(self.clock())
