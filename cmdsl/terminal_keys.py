"""Keys typed at a terminal while a command runs without a prompt (`check --watch`: Ctrl-L draws
the screen again). The terminal is put in cbreak mode without echo, so a key is read as it is
typed and "^L" is not printed; Ctrl-C still interrupts (signals stay on). The terminal is given
back as it was, whatever ends the command."""

from __future__ import annotations

import os
import sys
import threading
from contextlib import contextmanager
from typing import Callable, Iterator, Mapping, TextIO

CTRL_L = "\x0c"


@contextmanager
def keys_pressed(actions: Mapping[str, Callable[[], None]], stream: TextIO | None = None) -> Iterator[bool]:
    """While inside: each key of ``actions`` typed at the terminal ``stream`` (default stdin) runs
    its action on a thread of its own. Yields whether keys are read (not when ``stream`` is no
    terminal, or the platform has no termios)."""
    stream = sys.stdin if stream is None else stream
    try:
        import select
        import termios
    except ImportError:  # no termios (Windows): keys are not read
        yield False
        return
    try:
        fd = stream.fileno()
        interactive = stream.isatty()
    except (AttributeError, OSError, ValueError):  # a test's stream, a closed one
        interactive = False
    if not interactive:
        yield False
        return
    before = termios.tcgetattr(fd)
    quiet = termios.tcgetattr(fd)
    quiet[3] &= ~(termios.ECHO | termios.ICANON)  # lflag: no echo, no line editing; ISIG stays
    quiet[6][termios.VMIN], quiet[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, quiet)
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready and not stop.is_set():
                action = actions.get(os.read(fd, 1).decode(errors="replace"))
                if action is not None:
                    action()

    reader = threading.Thread(target=read, name="keys", daemon=True)
    reader.start()
    try:
        yield True
    finally:
        stop.set()
        reader.join(1)
        termios.tcsetattr(fd, termios.TCSADRAIN, before)
