"""Where the REPL's lines come from, each bounded: a terminal (prompt-toolkit) or a script (a pipe
or a file on standard input).

Why a bound: prompt-toolkit handles every character of a line as a key press, at a cost that
grows with the line (a pasted 100 KB line took minutes and gigabytes). A line longer than
``MAX_LINE`` is refused whole and nothing of it runs (docs/repl.md). Why two readers: a script on
standard input needs no line editor, and prompt-toolkit reads nothing from a regular file (`cmdsl
repl < script.txt` ran nothing): a script is read line by line, in linear time, the same from a
pipe or a file.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys

from cmdsl.errors import CmdslError

#: The longest line the REPL reads, in characters (the longest command in use is far shorter: a
#: hand of fifteen card ids is about 600).
MAX_LINE = 2000
#: How much of an over-long line a script reader skips at a time.
_CHUNK = 1 << 16


class LineTooLong(CmdslError):
    """A line over ``MAX_LINE`` characters: refused, nothing of it was run."""


def too_long(length: int | None) -> LineTooLong:
    size = f"{length:,} characters" if length is not None else f"more than {MAX_LINE:,} characters"
    return LineTooLong(f"that line has {size}; a line may have at most {MAX_LINE:,}: nothing of it was run")


class LineReader(Protocol):
    """Gives the next line after showing ``message``; EOFError at the end (Ctrl-D), LineTooLong
    for a line over the bound (the next call reads the line after it)."""

    def prompt(self, message: str, **options: Any) -> str: ...


class TerminalReader:
    """A prompt-toolkit session whose line stops growing at ``MAX_LINE``: further keys and the
    rest of a paste are dropped, and the line is refused when it is accepted."""

    def __init__(self, session: PromptSession, limit: int = MAX_LINE) -> None:
        self.session = session
        self.limit = limit
        self.overflowed = False
        own = KeyBindings()
        full = Condition(lambda: len(get_app().current_buffer.text) >= self.limit)

        @own.add(Keys.Any, filter=full)
        def _drop(event: KeyPressEvent) -> None:
            self.overflowed = True

        @own.add(Keys.BracketedPaste)
        def _paste(event: KeyPressEvent) -> None:
            buffer = event.current_buffer
            room = max(0, self.limit - len(buffer.text))
            data = event.data.replace("\r\n", "\n").replace("\r", "\n")
            if len(data) > room:
                self.overflowed = True
            buffer.insert_text(data[:room])

        theirs = session.key_bindings
        session.key_bindings = merge_key_bindings([theirs, own]) if theirs is not None else own

    def prompt(self, message: str, **options: Any) -> str:
        self.overflowed = False
        line: str = self.session.prompt(message, **options)
        if self.overflowed:
            self.overflowed = False
            raise too_long(None)
        return line


class ScriptReader:
    """Lines of a script on a stream (a pipe or a file), each shown after its prompt as a
    terminal would show it, so that the output reads as a transcript."""

    def __init__(self, stream: TextIO, echo: Callable[[str], None], limit: int = MAX_LINE) -> None:
        self.stream = stream
        self.echo = echo
        self.limit = limit

    def prompt(self, message: str, **options: Any) -> str:
        line = self.stream.readline(self.limit + 1)
        if line == "":
            raise EOFError
        if line.endswith("\n"):
            line = line[:-1]
        elif len(line) > self.limit:  # longer than the bound: skip the rest of it unread, then refuse
            length = len(line)
            while True:
                rest = self.stream.readline(_CHUNK)
                length += len(rest.rstrip("\n"))
                if rest == "" or rest.endswith("\n"):
                    break
            self.echo(f"{message}{line[:60]}… ({length:,} characters)")
            raise too_long(length)
        self.echo(f"{message}{line}")
        return line.rstrip("\r")
