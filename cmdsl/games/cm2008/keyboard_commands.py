"""Campaign Manager 2008's REPL commands: parse a line, run it on the game, return the text to show.

Plain functions, testable without a terminal. A user's mistake raises ``CmdslError`` (one
line, or a located effect error) and changes nothing.
"""

from __future__ import annotations

import secrets
import shlex
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Callable, Mapping, cast

from cmdsl.bots import BOT_NAMES, BotSpecError, parse_bot
from .catalog import show as show_card
from cmdsl.errors import did_you_mean
from cmdsl.game.decisions import Decision, Option
from .setup import FIRST_PLAYERS, SETUP_MODES, FirstPlayer
from .model import SetupMode
from cmdsl.game.fields import MAX_SEED
from .options import play_id, state_id
from .actions import EffectByHand, PositionChange
from cmdsl.lang import render as unparse
from .model import ISSUES, Side
from . import explain

from cmdsl.play.keyboard import Command, KeyboardError, save_arguments

from . import board as render
from .keyboard import CampaignSession as Session


Runner = Callable[..., str]  # (session, argument text, colour=False) -> text to show


@dataclass(frozen=True)
class SessionCommand:
    """A command of the game, run on its session (``bound`` makes it the REPL's ``Command``)."""

    run: Runner
    usage: str
    help: str

    def bound(self, s: Session) -> Command:
        return Command(lambda arg, colour: self.run(s, arg, colour), self.usage, self.help)


def _sides(word: str) -> Side:
    try:
        return Side(word.lower())
    except ValueError:
        raise KeyboardError(f'"{word}" is not a player: mccain or obama') from None


def _viewer(s: Session) -> Side | None:
    game = s.require()
    if s.hot_seat() and s.at_keyboard is not None:
        return s.at_keyboard  # hot-seat: whoever has the keyboard, until it is handed over
    mine = s.human_decision()
    if mine is not None:
        return cast(Side, mine.player)
    return next(iter(s.humans)) if len(s.humans) == 1 else game.active


def _seen(s: Session, evs: list) -> list:
    """The events as the player at the keyboard may see them (their seat's view), unless debugging."""
    viewer = _viewer(s)
    if s.debug or viewer is None:
        return evs
    return [e.redacted(viewer) for e in evs]


def _after(s: Session, evs: list, colour: bool) -> str:
    game = s.require()
    out = [render.events(_seen(s, evs), colour, s.hides_seed())] if evs else []
    if game.result is not None:
        if game.result not in evs:  # the log just shown already ends with it
            out.append(game.result.text())
        out.append(f"The seed was {game.seed} (`new seed {game.seed}` deals this game again).")
    elif game.pending is not None:
        d = s.human_decision() or game.pending
        if s.hot_seat() and not s.debug and d.player in s.humans and d.player != s.at_keyboard:
            s.handing_over = True  # the next player's hand waits until only they can see it
            out.append(f"— Hand over to {d.player}: press Enter when only {d.player} can see the screen. —")
        else:
            out.append(render.decision(d, colour, game))
    return "\n".join(out)


def _hand_over(s: Session, colour: bool) -> str:
    """Enter after a hand-over: the player now at the keyboard sees their decision."""
    s.require()
    s.handing_over = False
    d = s.human_decision()
    s.at_keyboard = d.player if d is not None else s.at_keyboard  # type: ignore[assignment]
    return f"{s.at_keyboard} has the keyboard.\n" + _after(s, [], colour)


# ---- commands -------------------------------------------------------------------------------


def cmd_new(s: Session, arg: str, colour: bool = False) -> str:
    words = arg.lower().split()
    mode: SetupMode = "beginner"
    first: FirstPlayer = "random"
    opponent, human = "random", Side.MCCAIN
    seed: int | None = None
    i = 0
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else None
        if w in SETUP_MODES:
            mode = w
        elif w == "vs" and nxt is not None and (nxt == "human" or nxt.partition(":")[0] in BOT_NAMES):
            opponent, i = _opponent(nxt), i + 1
        elif w == "as" and nxt is not None:
            human, i = _sides(nxt), i + 1
        elif w == "seed" and nxt is not None and nxt.isdigit():
            if int(nxt) > MAX_SEED:  # a record keeps the seed; one this large could not be loaded
                raise KeyboardError(f"new: a seed is at most {MAX_SEED}")
            seed, i = int(nxt), i + 1
        elif w == "first" and nxt in FIRST_PLAYERS:
            first, i = nxt, i + 1
        else:
            raise KeyboardError(f'new: did not understand "{w}" (see `help new`)')
        i += 1
    s.host.may_discard("new")
    hidden = seed is None
    if seed is None:
        seed = secrets.randbelow(MAX_SEED + 1)  # fresh from the OS, so no two games are dealt alike
    evs = s.start(mode, opponent, human, seed, first, hidden=hidden)
    who = "hot-seat" if opponent == "human" else f"you are {human}, the {opponent} bot plays {human.other}"
    shown = "a random seed, shown when the game ends" if hidden else f"seed {seed}"
    return f"New {mode} game ({shown}): {who}.\n" + _after(s, evs[-12:], colour)


def _opponent(word: str) -> str:
    """"human", or a bot with its settings in canonical form (``ismcts:iterations=100``)."""
    if word == "human":
        return word
    try:
        return parse_bot(word).text()
    except BotSpecError as e:
        raise KeyboardError(f"new: {e}") from None


def cmd_answer(s: Session, arg: str, colour: bool = False) -> str:
    game = s.require()
    d = s.human_decision() or game.pending
    if d is None:
        raise KeyboardError("the game is over: no decision is pending (`new` starts another)")
    if d.player not in s.humans:
        raise KeyboardError(f"it is {d.player}'s bot's turn to decide")
    if s.handing_over:
        raise KeyboardError(f"hand the keyboard over first: press Enter when only {d.player} can see the screen")
    text = arg.strip()
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(d.options):
            raise KeyboardError(f"{n} is not an option: choose a number from 1 to {len(d.options)}")
        text = d.options[n - 1].id
    else:
        hits = matching_options(d, text)
        if len(hits) != 1:
            near = did_you_mean(text, [o.label for o in d.options])
            raise KeyboardError(f'"{text}" is not one of the options' + (f' (did you mean "{near}"?)' if near else "")
                               + f"; answer with a number from 1 to {len(d.options)}")
        text = hits[0].id
    return _after(s, s.answer(text, d.player), colour)


def cmd_play(s: Session, arg: str, colour: bool = False) -> str:
    return cmd_answer(s, play_id(arg.strip()), colour)


def cmd_board(s: Session, arg: str, colour: bool = False) -> str:
    return render.board(s.require(), _viewer(s), colour)


def cmd_hand(s: Session, arg: str, colour: bool = False) -> str:
    return render.hand(s.require(), _viewer(s) or Side.MCCAIN)


def cmd_options(s: Session, arg: str, colour: bool = False) -> str:
    s.require()
    return _after(s, [], colour) or "No decision is pending."


def cmd_log(s: Session, arg: str, colour: bool = False) -> str:
    n = int(arg) if arg.strip().isdigit() else 20
    return render.events(_seen(s, s.require().events[-n:]), colour, s.hides_seed())


def cmd_card(s: Session, arg: str, colour: bool = False) -> str:
    if not arg.strip():
        raise KeyboardError("card: give a card id (completion helps: press Tab)")
    text = show_card(s.cards, arg.strip())
    return text + _state_now(s, arg.strip())


def _state_now(s: Session, name: str) -> str:
    """For a state in play, how it stands now (the printed tile is what `card` shows first)."""
    if s.game is None:
        return ""
    viewer = _viewer(s) or s.game.seats[0]
    states = {sv.name: sv for sv in s.game.view(viewer).states}
    tile = next((t for t in s.cards.states.values()
                 if name.lower().replace("-", " ") in (t.name.lower(), t.slug.replace("-", " "))), None)
    if tile is None or tile.name not in states:
        return ""
    return "\nIn play now:\n" + "\n".join("  " + x for x in explain.state_lines(tile, states[tile.name])) + "\n"


def cmd_explain(s: Session, arg: str, colour: bool = False) -> str:
    item_id = arg.strip()
    item = s.cards.item(item_id)
    if item is None:
        return show_card(s.cards, item_id)  # raises with a suggestion
    tree = _tree(item.checked.program)
    return (show_card(s.cards, item_id) + "\nSyntax tree:\n" + tree
            + "\n\nCanonical effect text:\n" + unparse.program(item.checked.program))


def _tree(node: object, indent: str = "  ") -> str:
    """A readable dump of a frozen AST: one node per line, fields indented."""
    from dataclasses import fields, is_dataclass

    if not is_dataclass(node):
        return indent + repr(node)
    name = type(node).__name__
    pos = getattr(node, "pos", None)
    head = f"{indent}{name}" + (f"  @{pos}" if pos and pos.line else "")
    lines = [head]
    for f in fields(node):
        if f.name == "pos":
            continue
        value = getattr(node, f.name)
        if isinstance(value, tuple):
            lines.append(f"{indent}  {f.name}:")
            for v in value:
                if isinstance(v, tuple):
                    lines.append(f"{indent}    option:")
                    lines += [_tree(x, indent + "      ") for x in v]
                else:
                    lines.append(_tree(v, indent + "    "))
        elif is_dataclass(value):
            lines.append(f"{indent}  {f.name}:")
            lines.append(_tree(value, indent + "    "))
        else:
            shown = repr(value.value) if isinstance(value, Enum) else repr(value)  # a kind, as the source writes it
            lines.append(f"{indent}  {f.name}: {shown}")
    return "\n".join(lines)


def cmd_eval(s: Session, arg: str, colour: bool = False) -> str:
    game = s.require()
    text = arg
    side = cast(Side, game.pending.player) if game.pending is not None else game.active
    first, _, rest = arg.partition(" ")
    if first == "as":
        who, _, text = rest.partition(" ")
        side = _sides(who)
    text = text.strip("\n")
    if not text.strip():
        raise KeyboardError("eval: give an effect, e.g. `eval gain 1 support on economy in \"Ohio\"`")
    evs = s.interject(EffectByHand(side, text)) + s.run_bots()
    return _debugging(s) + _after(s, evs, colour)


def cmd_set(s: Session, arg: str, colour: bool = False) -> str:
    game = s.require()
    try:
        words = shlex.split(arg) if arg.strip() else []
    except ValueError as e:
        raise KeyboardError(f"set: {e}") from None
    patch: dict[str, object]
    if not words:
        raise KeyboardError("set: what? (see `help set`)")
    head = words[0].lower()
    if head == "score" and len(words) == 3 and words[2].isdigit():
        patch = {"op": "score", "side": _sides(words[1]).value, "value": int(words[2])}
    elif head == "hand" and len(words) >= 2:
        patch = {"op": "hand", "side": _sides(words[1]).value, "cards": words[2:]}
    elif head == "news" and len(words) == 2:
        patch = {"op": "news", "id": words[1]}
    elif head == "die" and len(words) == 2 and words[1].isdigit():
        pips = int(words[1])
        if not 1 <= pips <= 6:
            raise KeyboardError(f"set: a die result is 1 to 6, not {pips}")
        s.force_die(pips)  # recorded as the chance seat's answer where the die is rolled
        return _debugging(s) + f"The next Going Negative die will show {pips}."
    else:
        # set STATE ISSUE ROW... | set STATE issue N | set STATE key GROUP (state names may have spaces)
        names = sorted((x.name for x in game.in_play), key=len, reverse=True)
        text = arg.strip()
        state = next((n for n in names if text.lower().startswith(n.lower())), None)
        if state is None:
            near = did_you_mean(words[0], [x.name for x in game.in_play])
            raise KeyboardError(f'set: "{words[0]}" is not a state in play' + (f' (did you mean "{near}"?)' if near else ""))
        what, _, value = text[len(state):].strip().partition(" ")
        what = what.lower()
        if what in ISSUES:
            patch = {"op": "state", "name": state, what: value.strip()}
        elif what == "issue" and value.strip().isdigit():
            patch = {"op": "state", "name": state, "issue": int(value)}
        elif what == "key":
            patch = {"op": "state", "name": state, "key": value.strip()}
        else:
            raise KeyboardError("set: after the state give defense ROW, economy ROW, issue N or key GROUP")
    evs = s.interject(PositionChange.of(patch)) + s.run_bots()
    return _debugging(s) + _after(s, evs, colour)


def _debugging(s: Session) -> str:
    """`eval`, `set` and `trace` show and change what a player may not know: debug mode."""
    if s.debug:
        return ""
    s.set_debug(True)
    return "Debug mode is on: you see every card and event (`debug off` hides them again).\n"


def cmd_debug(s: Session, arg: str, colour: bool = False) -> str:
    word = arg.strip().lower()
    if word not in ("on", "off", ""):
        raise KeyboardError("debug: on or off")
    s.set_debug(word != "off" if word else not s.debug)
    return ("Debug mode is on: you see every card and event." if s.debug
            else "Debug mode is off: you see what your seat may know.")


def cmd_trace(s: Session, arg: str, colour: bool = False) -> str:
    note = _debugging(s)
    return note + _trace(s)


def _trace(s: Session) -> str:
    game = s.require()
    evs = game.events[s.action_start:]
    if not evs:
        return "Nothing has happened yet."
    out = []
    for e in evs:
        line = render.event_text(e, s.hides_seed())
        if e.cause:
            item_id, _, lineno = e.cause.partition(":")
            src = _source_line(s, item_id, int(lineno)) if lineno.isdigit() else ""
            line += f"\n      ← {e.cause}: {src.strip()}" if src else f"\n      ← {e.cause}"
        out.append(line)
    return "\n".join(out)


def _source_line(s: Session, item_id: str, lineno: int) -> str:
    item = s.cards.item(item_id)
    if item is None or item.source is None:
        return ""
    try:
        lines = Path(item.source.file).read_text(encoding="utf-8").split("\n")
    except OSError:
        return ""
    return lines[lineno - 1] if 0 < lineno <= len(lines) else ""


def cmd_undo(s: Session, arg: str, colour: bool = False) -> str:
    n = s.undo()
    return f"Undone ({n} answer{'s' if n != 1 else ''}).\n" + _after(s, [], colour)


def cmd_redo(s: Session, arg: str, colour: bool = False) -> str:
    n = s.redo_one()
    return f"Redone ({n} answer{'s' if n != 1 else ''}).\n" + _after(s, [], colour)


def cmd_save(s: Session, arg: str, colour: bool = False) -> str:
    path, full = save_arguments(arg)
    try:
        s.save(path, full)
    except OSError as e:
        raise KeyboardError(f"save: cannot write {path} ({e.strerror})") from None
    if full:
        return f"Saved to {path}: the full record, which shows every hidden card (the game is marked debugged)."
    return f"Saved to {path}."


def load_game(s: Session, path: str, data: Any, words: list[str], colour: bool = False) -> str:
    """`load FILE [vs BOT|human]` of a Campaign Manager record (``words``: after the file name)."""
    if words and (len(words) != 2 or words[0].lower() != "vs"):
        raise KeyboardError(f'load: did not understand "{" ".join(words)}" (e.g. `load game.json vs greedy`)')
    opponent = words[1].lower() if words else "random"
    s.host.may_discard("load")
    return s.continue_record(path, opponent) + "\n" + _after(s, [], colour)


def cmd_reload(s: Session, arg: str, colour: bool = False) -> str:
    return s.reload() + "\n" + _after(s, [], colour)


def cmd_why(s: Session, arg: str, colour: bool = False) -> str:
    game = s.require()
    if game.pending is None:
        raise KeyboardError("no decision is pending" + (" (the game is over)" if game.over else ""))
    return explain.explain(game, s.human_decision() or game.pending)


#: This game's form of `new` (the REPL's `new` runs it: `help new`).
NEW = SessionCommand(cmd_new, "new [MODE] [vs BOT|human] [as SIDE] [seed N]",
                   "Start a game. MODE: " + ", ".join(SETUP_MODES) + "; BOT: " + ", ".join(BOT_NAMES)
                   + " (ismcts takes settings: vs ismcts:iterations=100; docs/bots.md)"
                   + ".\nExample: new draft vs greedy as obama seed 7")

#: The game's commands (the REPL adds `new`, `load`, `help`, `rules`, `clear` and `quit`, which every
#: game has).
COMMANDS: dict[str, SessionCommand] = {
    "board": SessionCommand(cmd_board, "board", "Show the states in play, scores, supplies, Media Support and your hand."),
    "hand": SessionCommand(cmd_hand, "hand", "Show your hand."),
    "options": SessionCommand(cmd_options, "options", "Show the pending decision and its numbered options."),
    "answer": SessionCommand(cmd_answer, "answer N|LABEL", "Answer the pending decision (a bare number works too)."),
    "play": SessionCommand(cmd_play, "play CARD-ID",
                    "Play a card from your hand (same as choosing its option)."),
    "log": SessionCommand(cmd_log, "log [N]", "Show the last N events (default 20)."),
    "card": SessionCommand(cmd_card, "card ID|STATE|going-negative N",
                    "Show a card's rules text and source, a state's tile (`card Ohio`), or a Going\n"
                    "Negative result (`card going-negative 4`); Breaking News too."),
    "explain": SessionCommand(cmd_explain, "explain ID",
                       "Show a card's source, its syntax tree and the text generated from it."),
    "eval": SessionCommand(cmd_eval, "eval [as SIDE] EFFECT",
                    "Run an effect on the live position (at a play-or-draw decision), as SIDE\n"
                    "(default: the player to act). Its decisions are asked as usual. For several\n"
                    "lines, type `eval` (or `eval as obama`) alone, then the lines, then an empty line.\n"
                    "It is recorded in the game: undo, save and reload include it."),
    "debug": SessionCommand(cmd_debug, "debug [on|off]",
                     "Debug mode: see every card and event (the bot's hand and draws, deck orders).\n"
                     "Off, you see only what your seat may know. `eval`, `set` and `trace` turn it on."),
    "trace": SessionCommand(cmd_trace, "trace", "Show the events of your last action with the effect line behind each."),
    "set": SessionCommand(cmd_set, "set ...",
                   "Arrange the position at a play-or-draw decision (recorded like eval).\n\n"
                   "  set STATE defense|economy ROW   e.g. set Ohio economy B W[b] R[r] B\n"
                   "  set STATE issue N               the issue marker's box, 1-4\n"
                   "  set STATE key GROUP\n"
                   "  set score SIDE N\n"
                   "  set hand SIDE CARD...           these cards (from deck, discard or the pool)\n"
                   "  set news NEWS-ID                the next Breaking News\n"
                   "  set die N                       the next Going Negative roll"),
    "undo": SessionCommand(cmd_undo, "undo", "Take back your last decision (and the bot's replies); not past something it showed\n"
                    "you that was hidden (a card drawn, a die, a Breaking News, a bot's card) unless in debug mode."),
    "redo": SessionCommand(cmd_redo, "redo", "Re-apply what undo took back."),
    "save": SessionCommand(cmd_save, "save FILE [full]", "Save the game record (JSON) as your seat sees it (hot-seat: the public view).\n"
                    "`full` saves every hidden card too, for a bug report (the game is marked debugged)."),
    "reload": SessionCommand(cmd_reload, "reload",
                      "Re-read the card files, replay this game with them and report the first\n"
                      "event that differs (the game continues from there)."),
    "?": SessionCommand(cmd_why, "?", "Explain the pending decision: who decides, what each option does, what comes next."),
}


def run_line(s: Session, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
    """Run one command line (stripped). Bare numbers and option labels answer the pending decision.

    An answer wins over a command of the same word: at "4. New Jersey", `New` must not start a
    new game. When the line is a command word alone and names one option, the player is asked."""
    commands: dict[str, Command] = {**{w: c.bound(s) for w, c in COMMANDS.items()}, **shared}
    if not text:
        return _hand_over(s, colour) if s.handing_over else ""
    if s.handing_over and s.game is not None and (text.isdigit() or _human_decision(s) is not None):
        waiting = s.human_decision()
        player = waiting.player if waiting is not None else s.at_keyboard
        if text.split()[0].lower() not in commands or text.isdigit():
            raise KeyboardError(f"hand the keyboard over first: press Enter when only {player} can see the screen")
    word, _, rest = text.partition(" ")
    cmd = commands.get(word.lower())
    decision = _human_decision(s)
    if text.isdigit():
        return cmd_answer(s, text, colour)  # its errors name the valid numbers, or why none is
    if decision is not None and word.lower() not in ("answer", "play", "help"):
        hits = matching_options(decision, text)
        if len(hits) == 1:
            n = decision.options.index(hits[0]) + 1
            # a word alone may be meant either way ("New" at "New Jersey"): ask; with more words
            # ("New J") the line reads as the label
            if cmd is None or rest or s.host.confirm(f'"{text}" is option {n} ({hits[0].label}) and the command '
                                                     f"`{word.lower()}`: answer {n}? [Y/n]", True):
                return cmd_answer(s, hits[0].id, colour)
    if cmd is not None:
        return cmd.run(rest, colour)
    if decision is not None:
        near = did_you_mean(text, [o.label for o in decision.options]) or did_you_mean(word, commands)
        raise KeyboardError(f'"{text}" is neither one of the options nor a command'
                            + (f' (did you mean "{near}"?)' if near else "")
                            + f"; answer with a number from 1 to {len(decision.options)}, `?` explains the decision")
    near = did_you_mean(word, commands)
    raise KeyboardError(f'unknown command "{word}"' + (f' (did you mean "{near}"?)' if near else "")
                        + "; `help` lists the commands")


def _human_decision(s: Session) -> Decision | None:
    """The decision a human player at this prompt must answer now, if any."""
    return s.human_decision()


def matching_options(d: Decision, text: str) -> list[Option]:
    """The options an answer names: its id or label, or the start of either (e.g. "draw",
    "Florida", "play obama-yes"); exactly one means the answer is clear."""
    exact = d.find(text)
    if exact is not None:
        return [exact]
    low = text.strip().lower()
    return [o for o in d.options if o.label.lower().startswith(low) or o.id.lower().startswith(low)
            or o.id.lower() == play_id(low) or o.id.lower() == state_id(low)]
