"""REPL commands: run a line on the session and return the text to show.

Plain functions, testable without a terminal. The commands every game shares are here (`new`,
`load`, `help`, `rules`, `clear`, `quit`); the rest of a line, a game's own commands and the
answers to its decisions, goes to the keyboard of the game being played. A user's mistake raises
``CmdslError`` (one line, or a located effect error) and changes nothing.
"""

from __future__ import annotations

import re
from typing import Callable, Mapping

from cmdsl.errors import did_you_mean
from cmdsl.kits.keyboard.keyboard import Command, OnCommand
from cmdsl.plugins import default_game, game, games

from .rules_command import HELP as RULES_HELP, USAGE as RULES_USAGE, cmd_rules
from .session import Session, SessionError, keyboard_class, keyboard_games


def cmd_new(s: Session, arg: str, colour: bool = False) -> str:
    """`new [GAME] …`: a game of GAME (the default game without one), as that game reads the rest."""
    first, _, rest = arg.strip().partition(" ")
    if first.lower() in games() and first.lower() not in keyboard_games():
        title = game(first.lower()).title
        raise SessionError(f"new {first.lower()}: {title} is not played at the REPL yet; "
                           f"`cmdsl play --game {first.lower()}` plays it between bots")
    name = first.lower() if first.lower() in keyboard_games() else s.home
    keyboard = s.keyboard_of(name)
    out = keyboard.new(rest if name == first.lower() else arg, colour)  # asks before dropping a game
    s.switch(name, keyboard)
    return out


def cmd_load(s: Session, arg: str, colour: bool = False) -> str:
    """`load FILE …`: the record's game goes on from where it was saved, in whichever game it is."""
    from cmdsl.sets.record_file import game_of, read_json  # when a file is first loaded (issue 34)

    words = arg.split()
    if not words:
        raise SessionError("load: give a file name, e.g. `load game.json`")
    data = read_json(words[0])  # a broken file: one line, nothing changed
    name = game_of(data, words[0], tuple(games()), default_game())
    keyboard = s.keyboard_of(name)
    out = keyboard.load(words[0], data, words[1:], colour)  # asks before dropping a game
    s.switch(name, keyboard)
    return out


def cmd_quit(s: Session, arg: str, colour: bool = False) -> str:
    return ""  # the prompt loop leaves before running it; here for help and completion


def cmd_clear(s: Session, arg: str, colour: bool = False) -> str:
    return ""  # the prompt loop clears the terminal before running it; here for help and completion


def summary(cmd: Command) -> str:
    """A command's first sentence, whole (the help list never cuts one in the middle)."""
    first = " ".join(cmd.help.split("\n\n")[0].split())
    m = re.search(r"\.(\s|$)", first)
    return first[: m.start() + 1] if m else first


def cmd_help(s: Session, arg: str, colour: bool = False) -> str:
    name = arg.strip().lower()
    if not name:  # at a decision, explain it
        explained = s.keyboard.at_decision()
        if explained is not None:
            return explained + "\n\n`help commands` lists the commands."
    if name == "commands":
        name = ""
    commands = all_commands(s)
    if name:
        cmd = commands.get(name)
        if cmd is None:
            raise other_games_command(s, name) or SessionError(
                f'no command "{name}"' + _near(name, commands))
        return f"{cmd.usage}\n\n{cmd.help}"
    lines = [f"{s.plugin.title} commands (`help COMMAND` for more):"]
    for c in commands.values():
        lines += [f"  {c.usage}", f"      {summary(c)}"]
    lines.append("\n" + type(s.keyboard).ANSWER_HINT)
    return "\n".join(lines)


def _near(word: str, commands: Mapping[str, Command]) -> str:
    near = did_you_mean(word, commands)
    return f' (did you mean "{near}"?)' if near else ""


def other_games_command(s: Session, word: str) -> SessionError | None:
    """The error for a command of another game typed while playing this one, or None."""
    if word in all_commands(s) or word in type(s.keyboard).WORDS:
        return None
    other = next((name for name in keyboard_games() if name != s.game_name
                  and word in keyboard_class(game(name)).WORDS), None)
    if other is None:
        return None
    return SessionError(f"`{word}` is a {game(other).title} command: not in a {s.plugin.title} game "
                        f"(`help` lists the {s.plugin.title} commands)")


def new_help(home: str) -> tuple[str, str]:
    """`new`'s usage and help: each game's form of it."""
    forms = {name: keyboard_class(game(name)).NEW for name in keyboard_games()}
    usage = "new [GAME] ..." if len(forms) > 1 else forms[home][0]
    lines = [f"Start a game; GAME is one of {', '.join(forms)} ({home} when none is named)."]
    for name, (form, text) in forms.items():
        lines += ["", f"{game(name).title}: {form}", *("  " + line for line in text.split("\n"))]
    return usage, "\n".join(lines)


def shared_commands(s: Session) -> dict[str, Command]:
    """The commands every game has, bound to the session."""
    def bound(run: Callable[[Session, str, bool], str], usage: str, text: str) -> Command:
        return OnCommand(run, usage, text).bound(s)
    return {
        "new": bound(cmd_new, *new_help(s.home)),
        "load": bound(cmd_load, "load FILE [vs BOT|human] [as SEAT]",
                      "Load a saved record of any game and continue it. You take the seat the file was saved for\n"
                      "(else the first); the bot (random by default) the others, or `vs human`: hot-seat."),
        "rules": bound(cmd_rules, RULES_USAGE, RULES_HELP),
        "help": bound(cmd_help, "help [COMMAND]",
                      "Show the commands, or one command's help. At a decision, `help` explains it\n"
                      "(as `?` does); `help commands` lists the commands."),
        "clear": bound(cmd_clear, "clear", "Clear the screen (Ctrl-L too); the game is unchanged."),
        "quit": bound(cmd_quit, "quit", "Leave (Ctrl-D too); asks to save an unsaved game."),
    }


def all_commands(s: Session) -> dict[str, Command]:
    """The commands of the game being played, in the order `help` lists them: `new`, the game's
    own, then the other shared ones."""
    shared = shared_commands(s)
    return {"new": shared["new"], **s.keyboard.commands(), **shared}


def run_line(s: Session, line: str, colour: bool = False) -> str:
    """Run one command line on the keyboard of the game being played."""
    text = line.strip()
    word = text.partition(" ")[0].lower()
    wrong = other_games_command(s, word) if word and not _answers(s, text) else None
    if wrong is not None:
        raise wrong
    return s.keyboard.run_line(text, colour, shared_commands(s))


def _answers(s: Session, text: str) -> bool:
    """Whether ``text`` could answer a pending decision (a label may be another game's command word)."""
    pending = s.game.pending_decisions if s.game is not None else ()
    low = text.lower()
    return any(o.label.lower().startswith(low) or o.id.lower().startswith(low) for d in pending for o in d.options)
