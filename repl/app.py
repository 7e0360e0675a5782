"""The prompt-toolkit front end: the prompt loop, completion, highlighting, toolbar, history."""

from __future__ import annotations

import contextlib
import re
import sys
from typing import Any, Callable, Iterable, TextIO

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import ANSI, FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.lexers import Lexer
from prompt_toolkit.patch_stdout import patch_stdout
from prompt_toolkit.shortcuts import clear

from cmdsl.errors import CmdslError
from cmdsl.bots.thinking import Thinking
from cmdsl.kits.keyboard.toolbar import fit_bar
from cmdsl.plugins import game

from .commands import all_commands, run_line
from .line_input import LineReader, LineTooLong, ScriptReader, TerminalReader
from .rules_command import rule_numbers
from .session import Session, keyboard_games
from .wrap import fit

def welcome(session: Session) -> str:
    """The greeting names the games and the card set, so a designer sees at once whether their
    edits are used."""
    first = game(session.home).title
    others = [name for name in keyboard_games() if name != session.home]
    also = f" Also here: {', '.join(f'`new {name}`' for name in others)} (`help new`)." if others else ""
    return (f"cmdsl — {first}. {type(session.keyboard).START},\n"
            f"`help` for the commands, Ctrl-D to leave.{also}\n{session.keyboard.greeting()}")


def notices(session: Session) -> str:
    """What to say before the next prompt: the card files changed on disk (once per change)."""
    return session.keyboard.notices()


class ReplCompleter(Completer):
    """Commands first; then card ids, state names, groups and language keywords."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def words(self, command: str, text: str) -> list[str]:
        s = self.session
        if command == "rules":
            return rule_numbers(s)
        if command == "help":
            return list(all_commands(s))
        if command == "new":
            return [*keyboard_games(), *s.keyboard.completions(command, text)]
        return s.keyboard.completions(command, text)

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        if " " not in text.lstrip():
            for name in all_commands(self.session):
                if name.startswith(text.strip()):
                    yield Completion(name, -len(text.strip()))
            return
        command = text.split()[0]
        m = re.search(r'("[^"]*|[\w\-.:\']*)$', text)
        starts = sorted({m.start() if m else len(text), *(k + 1 for k, c in enumerate(text) if c == " ")})
        try:
            words = self.words(command, text)  # card ids: waits for the card set
        except CmdslError as e:
            if e is not self.session.load_failure():
                raise
            return  # the set is broken: the prompt is ending with its errors (load_behind_prompt)
        for w in words:
            # a word may have spaces (a state, a group): it completes the longest tail it begins
            tail = next((text[k:] for k in starts if w.lower().startswith(text[k:].lower())), None)
            if tail is not None and w != tail:
                yield Completion(w, -len(tail))


def effect_words(game_name: str) -> frozenset[str]:
    """The keywords of the effect language of the game being played (none if its cards have no effects)."""
    language = game(game_name).rules.language()
    return frozenset(language.keywords) if language is not None else frozenset()


class EffectLexer(Lexer):
    """Highlights keywords, names and numbers in `eval` lines (and the command word)."""

    TOKEN = re.compile(r'"[^"]*"?|\d+|[A-Za-z][\w\-]*|\S')

    def __init__(self, session: Session) -> None:
        self.session = session

    def lex_document(self, document: Document):
        known: list[frozenset[str]] = []

        def words() -> frozenset[str]:  # once a word is typed: the empty first prompt loads no parser
            if not known:
                known.append(effect_words(self.session.game_name))
            return known[0]

        def line(i: int) -> list[tuple[str, str]]:
            text = document.lines[i]
            out: list[tuple[str, str]] = []
            pos = 0
            for m in self.TOKEN.finditer(text):
                out.append(("", text[pos:m.start()]))
                tok = m.group(0)
                if m.start() == len(text) - len(text.lstrip()) and tok in all_commands(self.session):
                    style = "bold"
                elif tok.startswith('"'):
                    style = "ansigreen"
                elif tok.isdigit():
                    style = "ansimagenta"
                elif tok in words():
                    style = "ansicyan"
                elif tok[0].isupper():
                    style = "ansiyellow"
                else:
                    style = ""
                out.append((style, tok))
                pos = m.end()
            out.append(("", text[pos:]))
            return out
        return line


def toolbar(session: Session, width: int | None = None) -> FormattedText:
    """The bottom bar within ``width`` columns (None: in full), as the game's keyboard composes
    it (cmdsl/kits/keyboard/toolbar.py fits it)."""
    parts = session.keyboard.toolbar()
    return FormattedText(fit_bar(parts, width) if parts else [("", " no game — `new` starts one ")])


def _print(text: str) -> None:
    if text:
        print_formatted_text(ANSI(text))


#: Commands whose output may run past a screen: shown through the pager in a terminal.
PAGED = ("explain", "log", "help", "card", "rules")


def terminal_size() -> tuple[int, int]:
    """Columns and rows of the output prompt-toolkit writes to (80×24 when it cannot tell)."""
    try:
        size = get_app_session().output.get_size()
        return size.columns or 80, size.rows or 24
    except Exception:  # an output without a size (a pipe): the usual terminal
        return 80, 24


def default_pager() -> Callable[[str], None] | None:
    """pydoc's pager ($PAGER or less) in a terminal; none when the output is not a terminal."""
    return _pydoc_pager if sys.stdout.isatty() and sys.stdin.isatty() else None


def _pydoc_pager(text: str) -> None:
    import pydoc  # when a long output is first paged: pydoc is slow to import (issue 34, the first prompt)

    pydoc.pager(text)


def page_or_show(text: str, command: str, show: Callable[[str], None],
                 pager: Callable[[str], None] | None) -> None:
    """Long output of `explain`, `log`, `help` and `card` goes through the pager when there is one."""
    columns, rows = terminal_size()
    text = fit(text, columns)
    lines = text.count("\n") + 1
    if pager is not None and command in PAGED and lines > rows - 2:
        pager(re.sub(r"\x1b\[[0-9;]*m", "", text))
        # most pagers clear what they showed when they close: say where the text went
        more = "; `help COMMAND` shows one command's" if command == "help" else ""
        show(f"({command}: {lines} lines, shown in the pager{more})")
    else:
        show(text)


def repl(cards_path: str | None = None, history: str | None = None, colour: bool = True,
         prompt: PromptSession | None = None, echo: Callable[[str], None] | None = None,
         pager: Callable[[str], None] | None | bool = True, script: TextIO | None = None) -> int:
    """Run the REPL until Ctrl-D or `quit`. Returns the exit status. ``echo`` receives every
    text the REPL shows (tests capture it; by default it is printed), wrapped to the terminal's
    width. ``pager``: True picks pydoc's in a terminal; a function receives long output instead.
    ``script``: read the lines from this stream instead of a terminal (``cmdsl repl < FILE``, a pipe)."""
    printer = echo or _print

    def show(text: str) -> None:
        if text:
            printer(fit(text, terminal_size()[0]))
    page = default_pager() if pager is True else (pager or None)
    try:
        # at a terminal, the card set loads once the first prompt is drawn; a script waits for it here
        session = Session(cards_path, background=script is None)
    except CmdslError as e:
        show(f"error: {e}")
        return 1
    ps = _reader(session, history, prompt, script, printer)
    if isinstance(ps, TerminalReader):
        load_behind_prompt(session, ps.session.app)
    session.confirm = lambda question, default: ask(ps, question, default)
    # "p2 is thinking… 1.2 s" while the bots move: on the terminal itself (patch_stdout below
    # replaces sys.stdout, and its proxy would turn the line's escape codes into "?"); nothing
    # when the output is not a terminal. The prompt is not running meanwhile.
    session.watch = Thinking(sys.stdout)
    show(welcome(session))
    try:
        return _loop(session, ps, colour, show, lambda out, word: page_or_show(out, word, printer, page))
    finally:
        session.finish_loading()  # leaving at once (Ctrl-D) waits for the load it began: no thread outlives repl()


def _loop(session: Session, ps: LineReader, colour: bool, show: Callable[[str], None],
          out_to: Callable[[str, str], None]) -> int:
    """Read and run lines until the user leaves; the exit status."""
    with patch_stdout() if isinstance(ps, TerminalReader) else contextlib.nullcontext():
        while True:
            failure = session.load_failure()
            if failure is not None:  # the card set, read behind the prompt, is broken: as if before it
                show(f"error: {failure}")
                return 1
            notice = notices(session)
            if notice:
                show(notice)
            try:
                line = ps.prompt("cmdsl> ")
            except KeyboardInterrupt:  # Ctrl-C cancels the line
                continue
            except LineTooLong as e:
                show(f"error: {e}")
                continue
            except EOFError:  # Ctrl-D leaves
                if _end_of_input(session, ps, show):
                    return 0
                continue
            except CmdslError as e:  # the card set failed to load: the loop's top says so and ends
                if e is not session.load_failure():
                    raise
                continue
            try:
                if _run_one(session, ps, line, colour, show, out_to):
                    return 0
            except CmdslError as e:  # a command waited for the card set, which failed: as above
                if e is not session.load_failure():
                    raise


def load_behind_prompt(session: Session, app: Application[Any]) -> None:
    """Once the prompt is drawn, the card set loads on its own thread, so a person may type while it
    is read (issue 34); what needs it waits for it. If it fails, the prompt ends with its error
    (``prompt`` raises it, the REPL shows it and exits 1); a prompt drawn after it failed ends at once."""
    def end(error: Exception) -> None:
        if app.is_running and not app.is_done:
            app.exit(exception=error)

    def failed(error: Exception) -> None:  # on the loading thread: the prompt's loop ends it
        loop = app.loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # that prompt is over: the next one, or the loop, says it
                loop.call_soon_threadsafe(end, error)

    def drawn(_: object) -> None:
        failure = session.load_failure()
        if failure is not None:
            end(failure)
        else:
            session.start_loading(failed)
    app.after_render += drawn


def _reader(session: Session, history: str | None, prompt: PromptSession | None, script: TextIO | None,
            printer: Callable[[str], None]) -> LineReader:
    """Where the lines come from: a script (a pipe, a file), else the terminal's line editor."""
    if script is not None:
        return ScriptReader(script, printer)
    hist: History = FileHistory(history) if history else InMemoryHistory()
    return TerminalReader(prompt or PromptSession(
        history=hist, auto_suggest=AutoSuggestFromHistory(), completer=ReplCompleter(session),
        lexer=EffectLexer(session), bottom_toolbar=lambda: toolbar(session, terminal_size()[0] - 1),
        complete_while_typing=False))


def _end_of_input(session: Session, ps: LineReader, show: Callable[[str], None]) -> bool:
    """Ctrl-D, or the end of a script: whether to leave (a game not saved is asked about)."""
    if isinstance(ps, ScriptReader):  # the script is over: nobody is left to ask
        if session.unsaved():
            show("End of the script: the game in progress was not saved (a script saves with `save FILE`).")
        return True
    return leave(session, ps, show)


def _run_one(session: Session, ps: LineReader, line: str, colour: bool, show: Callable[[str], None],
             out_to: Callable[[str, str], None]) -> bool:
    """Run one line the user typed, as a transaction: an error or Ctrl-C leaves the game as it was.
    Whether the user leaves (`quit`)."""
    stripped = line.strip()
    if stripped == "quit":
        return leave(session, ps, show)
    if stripped.lower() == "clear":  # the terminal's business, not the game's (as Ctrl-L)
        clear()
        return False
    block = type(session.keyboard).BLOCK
    if block is not None and re.fullmatch(block, stripped):
        line = stripped + " " + read_block(ps)
    try:
        with session.transaction():
            out = run_line(session, line, colour)
        if out:
            out_to(out, stripped.split(" ")[0].lower())
    except CmdslError as e:
        if e is session.load_failure():
            raise  # not this command's mistake: the REPL ends with it (repl's loop)
        show(f"error: {e}")
    except KeyboardInterrupt:  # Ctrl-C stops a long eval or bot move; the session rolled back
        show("Interrupted: the game is as it was before that command.")
    except Exception as e:  # a bug must not lose the user's game: report it in one line
        show(f"internal error ({type(e).__name__}: {e}); the game is as it was before that command")
    return False


def read_block(ps: LineReader) -> str:
    """The lines of a multi-line effect, ended by an empty line."""
    lines: list[str] = []
    while True:
        try:
            line = ps.prompt("  ...> ")
        except (KeyboardInterrupt, EOFError, LineTooLong):  # the effect is dropped: `eval` then says so
            return ""
        if not line.strip():
            return "\n".join(lines)
        lines.append(line)


def ask(ps: LineReader, question: str, default: bool) -> bool:
    """A y/N question through the same prompt; Ctrl-C, Ctrl-D and an over-long line answer no."""
    try:
        answer = ps.prompt(question + " ").strip().lower()
    except (KeyboardInterrupt, EOFError, LineTooLong):
        return False
    return default if not answer else answer in ("y", "yes")


def leave(session: Session, ps: LineReader, show: Callable[[str], None]) -> bool:
    """True when the session may end: an unsaved game is dropped only if the player says so."""
    if not session.unsaved():
        return True
    if session.confirm("The game is not saved: leave anyway? [y/N] (`save FILE` saves it)", False):
        return True
    show("Still here: `save FILE` saves the game.")
    return False

