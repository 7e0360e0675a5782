"""Lobbys's REPL commands: parse a line, run it on the keyboard's ``LobbysSession``,
return the text to show. A user's mistake raises ``CmdslError`` (one line) and changes nothing.

The player at the keyboard sees only their seat's view (``game.view(seat)``): the new events as
their seat may see them, the table, their hand and their options. In hot-seat the next player's
hand waits until Enter is pressed.
"""

from __future__ import annotations

import re
import secrets
from typing import Any, Mapping

from cmdsl.bots import BOT_NAMES, BotSpecError, parse_bot
from cmdsl.errors import CmdslError, did_you_mean
from cmdsl.game.fields import MAX_SEED
from cmdsl.kits.keyboard.keyboard import Command, OnCommand, asked, save_arguments
from cmdsl.kits.keyboard.toolbar import Part, part, plain
from cmdsl.sets.record_file import save_json

from .explain import explain
from ..game import history, lobbys_of
from ..record import parse_record
from ....kits.keyboard.seating import loaded, taking
from .keyboard import PLAYER_COUNTS, LobbysAtKeyboard as Session, LobbysError, LobbysSession, LobbysSetup

#: A command of the game, run on its keyboard.
LobbysCommand = OnCommand[Session]


def lobbys(s: Session) -> LobbysSession:
    if s.session is None:
        raise LobbysError("no game yet: start one with `new lobbys` (see `help new`)")
    return s.session


# ---- what the player at the keyboard sees ---------------------------------------------------


def news(ls: LobbysSession) -> list[str]:
    """The events the player at the keyboard has not seen yet, as their seat sees them."""
    seat = ls.at_keyboard
    if seat is None:
        return []
    log = ls.game.view(seat).log
    new = log[ls.shown.get(seat, 0):]
    ls.shown[seat] = len(log)
    return [e.text() for e in new]


def options_text(ls: LobbysSession) -> str:
    d = ls.mine()
    if d is None:
        return "No pick is pending for you."
    lines = [f"{d.player}, {asked(d.prompt)}"]
    lines += [f"  {i}. {o.label}  [{o.id}]" for i, o in enumerate(d.options, 1)]
    lines.append("Answer with a number, a card id (7H) or a label (7♥); `play 7H` works too.")
    return "\n".join(lines)


def table_text(ls: LobbysSession) -> str:
    assert ls.at_keyboard is not None
    return ls.game.view(ls.at_keyboard).render()


def hand_over_text(ls: LobbysSession) -> str:
    who = ls.at_keyboard
    return f"— Hand the keyboard to {who} and press Enter when only {who} can see the screen. —"


def screen(ls: LobbysSession) -> str:
    """After a pick, a new game or Enter: what happened, then the table and the options (or the
    hand-over line, or the result)."""
    if ls.handing_over:
        return hand_over_text(ls)
    out = news(ls)
    game = ls.game
    if game.result is not None:
        text = game.result.text()
        if text not in out:
            out.append(text)
        out.append(f"The seed was {lobbys_of(game).seed} (`{ls.deal_again()}` deals it again).")
        return "\n".join(out)
    if out:
        out.append("")
    out += [table_text(ls), "", options_text(ls)]
    return "\n".join(out)


def toolbar(ls: LobbysSession) -> list[Part]:
    """The bottom bar's parts (cmdsl/kits/keyboard/toolbar.py fits them to the terminal): the step, every seat's
    points, who is at the keyboard and their number of options. Narrower, the step and the points
    are abbreviated, then the step goes, then "to pick", and the points last: who picks and how
    many options stay."""
    game = ls.game
    if game.result is not None:
        return [part(plain(game.result.text()))]
    seat = ls.at_keyboard
    assert seat is not None
    view = game.view(seat)
    step = f"round {view.round}/{view.rounds} step {view.turn}"
    points = "  ".join(f"{sv.seat} {sv.points}" for sv in view.seats)
    short = [f"{sv.seat.value} {sv.points}" for sv in view.seats]
    d = ls.mine()
    count = f" ({len(d.options)} options)" if d is not None and not ls.handing_over else ""
    if ls.handing_over:
        who = part(plain(f"hand over to {seat}"), (5, plain(f"hand over to {seat.value}")))
    else:
        who = part(plain(f"{seat} to pick{count}"), (5, plain(f"{seat.value} to pick{count}")),
                   (6, plain(f"{seat.value}{count}")))
    return [part(plain("Lobbys " + step), (0, plain(step)), (1, plain(f"r{view.round}/{view.rounds} s{view.turn}")),
                 (4, ())),
            part(plain(points), (2, plain("  ".join(short))), (3, plain(" ".join(short))), (7, ())),
            who]


def completions(ls: LobbysSession | None, command: str) -> list[str]:
    """Tab after a command word in a Lobbys game: the cards of the keyboard's hand, `new`'s words."""
    if command in ("play", "answer") and ls is not None:
        d = None if ls.handing_over else ls.mine()
        return [o.id for o in d.options] if d is not None else []
    if command == "new":
        return ["players", "humans", "vs", "random", "greedy", "ismcts", "human", "as", "seed", "people"]
    return []


def not_while_handing_over(ls: LobbysSession) -> None:
    if ls.handing_over:
        raise LobbysError(f"hand the keyboard over first: press Enter when only {ls.at_keyboard} can see the screen")


# ---- commands ---------------------------------------------------------------------------------


def parse_new(arg: str) -> LobbysSetup:
    """`[N players] [M humans] [vs BOT|human] [as pK] [seed N] [people]`, after `new lobbys`."""
    words = arg.lower().split()
    players, humans, bot, seed, people, first = 3, None, None, None, False, None
    i = 0
    while i < len(words):
        w, nxt = words[i], words[i + 1] if i + 1 < len(words) else None
        if w.isdigit() and nxt in ("players", "player"):
            players, i = int(w), i + 1
            if players not in PLAYER_COUNTS:
                raise LobbysError(f"new: Lobbys is for 2 to 5 players (L1.1), not {players}")
        elif w.isdigit() and nxt in ("humans", "human"):
            humans, i = int(w), i + 1
        elif w == "vs" and nxt is not None:
            if nxt == "human":
                bot = "human"
            else:
                try:
                    bot = parse_bot(nxt).text()
                except BotSpecError as e:
                    raise LobbysError(f"new: {e}") from None
            i += 1
        elif w == "seed" and nxt is not None and nxt.isdigit():
            if int(nxt) > MAX_SEED:
                raise LobbysError(f"new: a seed is at most {MAX_SEED}")
            seed, i = int(nxt), i + 1
        elif w == "people":
            people = True
        elif w == "as" and nxt is not None:
            first, i = _seat_number(nxt), i + 1
        else:
            raise LobbysError(f'new lobbys: did not understand "{w}" (e.g. `new lobbys 3 players vs random`, '
                              "`new lobbys 3 players 2 humans vs greedy seed 7 people`)")
        i += 1
    if bot == "human":
        if humans not in (None, players):
            raise LobbysError(f"new: `vs human` makes every seat human; {humans} humans of {players} players is not")
        bot, humans = None, players
    if humans is not None and not 1 <= humans <= players:
        raise LobbysError(f"new: between 1 and {players} humans, not {humans}")
    if humans == players and bot is not None:
        raise LobbysError(f"new: {players} humans leave no seat for the {bot} bot")
    if people and players == 5:
        raise LobbysError("new: The People Speak is for 2 to 4 players (L10: no People cards at 5)")
    if first is not None and first > players:
        raise LobbysError(f"new: a {players}-player game has seats p1 to p{players}, not p{first}")
    return LobbysSetup(players, humans, bot, seed, people, (first or 1) - 1)


def _seat_number(word: str) -> int:
    """`p2`, `2` or `player2` → 2."""
    digits = word.removeprefix("player").removeprefix("p")
    if not digits.isdigit() or not 1 <= int(digits) <= max(PLAYER_COUNTS):
        raise LobbysError(f'new: `as` takes a seat, p1 to p{max(PLAYER_COUNTS)}, not "{word}"')
    return int(digits)


def cmd_new(s: Session, arg: str, colour: bool = False) -> str:
    """`new lobbys ...` (``arg`` is what follows `lobbys`)."""
    setup = parse_new(arg)
    s.host.may_discard("new")
    hidden = setup.seed is None
    seed = setup.seed if setup.seed is not None else secrets.randbelow(MAX_SEED + 1)
    ls = LobbysSession.start(setup, seed, hidden, s.host.watch, s.data)
    s.session = ls
    shown = "a random seed, shown when the game ends" if hidden else f"seed {seed}"
    who = ls.who_plays()
    people = ", The People Speak" if setup.people else ""
    return f"New Lobbys game, {setup.players} players{people} ({shown}): {who}.\n" + screen(ls)


def load_data(s: Session, path: str, data: Any, options: list[str], colour: bool = False) -> str:
    """`load FILE [vs BOT|human] [as pK]` of a Lobbys record (from either mode); ``options``:
    the words after the file name."""
    bot, seat = _load_options(options)
    asked = seat
    if seat is None:  # a seat's file is that seat's player's (docs/secrets.md); else Player 1
        view = data.get("view") if isinstance(data, dict) else None
        seat = int(view[1:]) - 1 if isinstance(view, str) and re.fullmatch(r"p[1-5]", view) else 0
    if bot not in (None, "human"):
        try:
            bot = parse_bot(bot).text()
        except BotSpecError as e:
            raise LobbysError(f"load: {e}") from None
    played_by = parse_record(data, s.data, path).played_by
    if played_by is not None and asked is not None:
        played_by = taking(played_by, f"p{asked + 1}")
    ls = LobbysSession.from_record(data, path, bot, seat, s.host.watch, s.data, played_by)  # RecordError: one line
    s.host.may_discard("load")
    s.session = ls
    told = played_by is not None or bot is not None
    return loaded(path, len(history(ls.game)), ls.who_plays(), told, what="a Lobbys game, ") + "\n" + screen(ls)


def _load_options(words: list[str]) -> tuple[str | None, int | None]:
    """`[vs BOT|human] [as pK]` after `load FILE`: the bot, and the human's seat index (None: not given)."""
    bot, seat, i = None, None, 0
    while i < len(words):
        w, nxt = words[i].lower(), words[i + 1] if i + 1 < len(words) else None
        if w == "vs" and nxt is not None:
            bot = nxt.lower()
        elif w == "as" and nxt is not None:
            seat = _seat_number(nxt.lower()) - 1
        else:
            raise LobbysError(f'load: did not understand "{words[i]}" (e.g. `load game.json vs greedy as p2`)')
        i += 2
    return bot, seat


def cmd_answer(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    not_while_handing_over(ls)
    if not arg.strip():
        raise LobbysError("play: which card? (`options` lists them)")
    option = ls.option(arg)
    seat = ls.at_keyboard
    ls.answer(option)
    if ls.hot_seat() and ls.handing_over:
        return f"{seat} has picked (revealed when every seat has picked).\n" + screen(ls)
    return screen(ls)


def cmd_table(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    not_while_handing_over(ls)
    return table_text(ls)


def cmd_card(s: Session, arg: str, colour: bool = False) -> str:
    """`card CARD`: what a card is and does (works before a game: the deck is known)."""
    from .card_text import show
    if not arg.strip():
        raise LobbysError("card: which card? (`card 7H`, `card queen of spades`, `card roi de cœur`)")
    try:
        return show(arg.strip(), s.data, lobbys_of(s.session.game).players if s.session is not None else None)
    except CmdslError as e:
        raise LobbysError(f"card: {e}") from None


def cmd_hand(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    not_while_handing_over(ls)
    assert ls.at_keyboard is not None
    hand = ls.game.view(ls.at_keyboard).hand
    return f"{ls.at_keyboard}'s hand: " + (" ".join(f"{c}" for c in hand) if hand else "(empty)")


def cmd_options(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    not_while_handing_over(ls)
    result = ls.game.result
    if result is not None:
        return "The game is over: " + result.text()
    return options_text(ls)


def cmd_why(s: Session, arg: str, colour: bool = False) -> str:
    """`?`: the step explained (from the Lobbys package, out of the seat's view), then the options."""
    ls = lobbys(s)
    not_while_handing_over(ls)
    assert ls.at_keyboard is not None
    text = explain(ls.game.view(ls.at_keyboard), lobbys_of(ls.game).data)
    return text if ls.game.over or ls.mine() is None else text + "\n\n" + options_text(ls)


def cmd_log(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    not_while_handing_over(ls)
    if arg.strip() and not arg.strip().isdigit():
        raise LobbysError("log: give a number of events, e.g. `log 30`")
    n = int(arg) if arg.strip() else 20
    assert ls.at_keyboard is not None
    log = ls.game.view(ls.at_keyboard).log
    return "\n".join(e.text() for e in log[-n:] if n > 0) or "Nothing has happened yet."


def cmd_undo(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    ls.undo()
    return "Undone: back to before the last pick.\n" + screen(ls)


def cmd_redo(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    ls.redo_one()
    return "Redone.\n" + screen(ls)


def cmd_save(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    path, full = save_arguments(arg)
    try:
        save_json(ls.record(full), path)
    except OSError as e:
        raise LobbysError(f"save: cannot write {path} ({e.strerror})") from None
    ls.saved = True
    ls.debugged = ls.debugged or full  # whoever reads a full file has seen every card
    if full:
        return f"Saved to {path}: the full record, which shows every hidden card (the game is marked debugged)."
    return f"Saved to {path}."


def cmd_debug(s: Session, arg: str, colour: bool = False) -> str:
    ls = lobbys(s)
    word = arg.strip().lower()
    if word not in ("on", "off", ""):
        raise LobbysError("debug: on or off")
    ls.set_debug(word != "off" if word else not ls.debug)
    return ("Debug mode is on: `undo` may go back past a reveal, and the game is marked as debugged."
            if ls.debug else "Debug mode is off: `undo` stops at a reveal.")


#: This game's form of `new` (the REPL's `new` runs it: `help new`).
NEW = LobbysCommand(cmd_new, "new lobbys [N players] [M humans] [vs BOT|human] [as pK] [seed N] [people]",
                         "Start a Lobbys game (2 to 5 players). BOT: " + ", ".join(BOT_NAMES)
                         + " (vs ismcts:iterations=50). Without `vs`, every seat is human (hot-seat);\n"
                         "with `vs BOT`, you are Player 1 (or the first M players; `as p2`: from Player 2 on) and the bot plays the others.\n"
                         "`people` plays The People Speak (L10).")

#: The game's commands (the REPL adds `new`, `load`, `help`, `rules`, `clear` and `quit`).
COMMANDS: dict[str, LobbysCommand] = {
    "table": LobbysCommand(cmd_table, "table", "Show the table as your seat sees it: scores, trump, the contracts on offer, your hand."),
    "hand": LobbysCommand(cmd_hand, "hand", "Show your hand."),
    "card": LobbysCommand(cmd_card, "card CARD", "Show what a card is and does: by its id (7H), as printed (7♥), or by its\n"
                          "name in English or French, or the start of one (`card queen of sp`, `card roi de cœur`)."),
    "options": LobbysCommand(cmd_options, "options", "Show your pending pick and its numbered options."),
    "play": LobbysCommand(cmd_answer, "play N|CARD", "Pick a card: its number, id (7H) or label (7♥); a bare one works too."),
    "answer": LobbysCommand(cmd_answer, "answer N|CARD", "The same as play."),
    "?": LobbysCommand(cmd_why, "?", "Explain the step: where the game is, what your pick does and how it is decided."),
    "log": LobbysCommand(cmd_log, "log [N]", "Show the last N events as your seat saw them (default 20)."),
    "undo": LobbysCommand(cmd_undo, "undo", "Take back your last pick (and the bots' picks made since); not past a\n"
                          "reveal of the picks, a hand dealt or a card turned up, unless in debug mode."),
    "redo": LobbysCommand(cmd_redo, "redo", "Re-apply what undo took back."),
    "save": LobbysCommand(cmd_save, "save FILE [full]", "Save the game record (JSON) as your seat sees it (hot-seat: the public view).\n"
                          "`full` saves every hidden card too, for a bug report (the game is marked debugged)."),
    "debug": LobbysCommand(cmd_debug, "debug [on|off]", "Debug mode: `undo` may go back past a reveal; the game is marked as debugged."),
}
ALIASES = {"board": "table"}


def run_line(s: Session, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
    """One line in a Lobbys game: Enter (a hand-over), a command, or a pick (number, id, label)."""
    word, _, rest = text.partition(" ")
    key = ALIASES.get(word.lower(), word.lower())
    commands: dict[str, Command] = {**{w: c.bound(s) for w, c in COMMANDS.items()}, **shared}
    if key in shared:
        return shared[key].run(rest, colour)
    ls = lobbys(s)
    if not text:
        if ls.handing_over:
            ls.handing_over = False
            return f"{ls.at_keyboard} has the keyboard.\n" + screen(ls)
        return ""
    cmd = commands.get(key)
    if cmd is not None:
        return cmd.run(rest, colour)
    mine = ls.mine()
    if text.isdigit() or mine is not None and any(text.lower() in (o.id.lower(), o.label.lower()) for o in mine.options):
        return cmd_answer(s, text, colour)
    if re.fullmatch(r"(10|[2-9AJQK])\s*[♣♦♥♠CDHScdhs]", text):
        return cmd_answer(s, text, colour)  # a card, not in the hand: the answer says which are
    near = did_you_mean(word, commands)
    raise LobbysError(f'unknown command "{word}"' + (f' (did you mean "{near}"?)' if near else "")
                      + "; `help` lists the Lobbys commands")
