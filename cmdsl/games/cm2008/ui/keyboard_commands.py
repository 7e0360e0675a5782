"""Campaign Manager 2008's REPL commands for playing: parse a line, run it on the game, return the
text to show. The commands that show or change what a player may not know are ``keyboard_debug.py``;
the command table and the line's dispatch, ``prompt.py``.

Plain functions, testable without a terminal. A user's mistake raises ``CmdslError`` (one
line, or a located effect error) and changes nothing.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, cast

from ....bots.names import BOT_NAMES
from ....errors import did_you_mean
from ....game.fields import MAX_SEED
from ....kits.keyboard.keyboard import KeyboardError, save_arguments
from ....kits.keyboard.seating import versus
from ....sets.played_by import HUMAN
from .keyboard import CampaignSession as Session
from .keyboard_files import continue_record, save_game
from ..setup import FIRST_PLAYERS, SETUP_MODES, FirstPlayer, SetupMode
from ..sides import Side

if TYPE_CHECKING:
    from ....game.decisions import Decision, Option

# The renderers and the bots' settings are imported where they are used: they load the engine and the
# bots, which the REPL's first prompt does not need (issue 34).


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
    return next(iter(s.humans)) if len(s.humans) == 1 else game.position.active


def _seen(s: Session, evs: list) -> list:
    """The events as the player at the keyboard may see them (their seat's view), unless debugging."""
    viewer = _viewer(s)
    if s.debug or viewer is None:
        return evs
    return [e.redacted(viewer) for e in evs]


def _after(s: Session, evs: list, colour: bool) -> str:
    from . import board as render
    from ..engine import campaign_of
    game = s.require()
    out = [render.events(_seen(s, evs), colour, s.hides_seed())] if evs else []
    if game.result is not None:
        if game.result not in evs:  # the log just shown already ends with it
            out.append(game.result.text())
        out.append(f"The seed was {campaign_of(game).seed} (`{deal_again(s)}` deals this game again).")
    elif game.pending is not None:
        d = s.human_decision() or game.pending
        if s.hot_seat() and not s.debug and d.player in s.humans and d.player != s.at_keyboard:
            s.handing_over = True  # the next player's hand waits until only they can see it
            out.append(f"— Hand over to {d.player}: press Enter when only {d.player} can see the screen. —")
        else:
            out.append(render.decision(d, colour, game))
    return "\n".join(out)


def hand_over(s: Session, colour: bool) -> str:
    """Enter after a hand-over: the player now at the keyboard sees their decision."""
    s.require()
    s.handing_over = False
    d = s.human_decision()
    s.at_keyboard = cast(Side, d.player) if d is not None else s.at_keyboard  # a human decides: a side
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
    who = s.who_plays()
    shown = "a random seed, shown when the game ends" if hidden else f"seed {seed}"
    return f"New {mode} game ({shown}): {who}.\n" + _after(s, evs[-12:], colour)


def _opponent(word: str, command: str = "new") -> str:
    """"human", or a bot with its settings in canonical form (``ismcts:iterations=100``)."""
    from ....bots import BotSpecError, parse_bot
    if word == "human":
        return word
    try:
        return parse_bot(word).text()
    except BotSpecError as e:
        raise KeyboardError(f"{command}: {e}") from None


def deal_again(s: Session) -> str:
    """The `new` that deals the game again at the same table: its mode, who plays, the seed."""
    from ..engine import campaign_of
    from ..sides import SIDES
    held = campaign_of(s.require())
    seated = [(side.value, s.seated[side]) for side in SIDES]
    humans = [side for side, player in seated if player == HUMAN]
    words = ["new"] + ([held.setup.mode] if held.setup.mode != "beginner" else []) + [versus(seated)]
    words += [f"as {humans[0]}"] if len(humans) == 1 else []
    words += [f"first {held.setup.first}"] if held.setup.first != "random" else []
    return " ".join(words + [f"seed {held.seed}"])


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
    from ..options import play_id

    return cmd_answer(s, play_id(arg.strip()), colour)


def cmd_board(s: Session, arg: str, colour: bool = False) -> str:
    from . import board as render
    return render.board(s.require(), _viewer(s), colour)


def cmd_hand(s: Session, arg: str, colour: bool = False) -> str:
    from . import board as render
    return render.hand(s.require(), _viewer(s) or Side.MCCAIN)


def cmd_options(s: Session, arg: str, colour: bool = False) -> str:
    s.require()
    return _after(s, [], colour) or "No decision is pending."


def cmd_log(s: Session, arg: str, colour: bool = False) -> str:
    from . import board as render
    n = int(arg) if arg.strip().isdigit() else 20
    return render.events(_seen(s, s.require().events[-n:]), colour, s.hides_seed())


def cmd_undo(s: Session, arg: str, colour: bool = False) -> str:
    n = s.undo()
    return f"Undone ({n} answer{'s' if n != 1 else ''}).\n" + _after(s, [], colour)


def cmd_redo(s: Session, arg: str, colour: bool = False) -> str:
    n = s.redo_one()
    return f"Redone ({n} answer{'s' if n != 1 else ''}).\n" + _after(s, [], colour)


def cmd_save(s: Session, arg: str, colour: bool = False) -> str:
    path, full = save_arguments(arg)
    try:
        save_game(s, path, full)
    except OSError as e:
        raise KeyboardError(f"save: cannot write {path} ({e.strerror})") from None
    if full:
        return f"Saved to {path}: the full record, which shows every hidden card (the game is marked debugged)."
    return f"Saved to {path}."


def load_game(s: Session, path: str, data: Any, words: list[str], colour: bool = False) -> str:
    """`load FILE [vs BOT|human]` of a Campaign Manager record (``words``: after the file name)."""
    if words and (len(words) != 2 or words[0].lower() != "vs"):
        raise KeyboardError(f'load: did not understand "{" ".join(words)}" (e.g. `load game.json vs greedy`)')
    opponent = _opponent(words[1].lower(), "load") if words else None
    s.host.may_discard("load")
    return continue_record(s, path, opponent) + "\n" + _after(s, [], colour)


def cmd_reload(s: Session, arg: str, colour: bool = False) -> str:
    return s.reload() + "\n" + _after(s, [], colour)


def cmd_why(s: Session, arg: str, colour: bool = False) -> str:
    from . import explain
    game = s.require()
    if game.pending is None:
        raise KeyboardError("no decision is pending" + (" (the game is over)" if game.over else ""))
    return explain.explain(game, s.human_decision() or game.pending) + explain.AT_THE_REPL


#: This game's form of `new` (the REPL's `new` runs it: `help new`).
def _human_decision(s: Session) -> Decision | None:
    """The decision a human player at this prompt must answer now, if any."""
    return s.human_decision()


def matching_options(d: Decision, text: str) -> list[Option]:
    """The options an answer names: its id or label, or the start of either (e.g. "draw",
    "Florida", "play obama-yes"); exactly one means the answer is clear."""
    exact = d.find(text)
    if exact is not None:
        return [exact]
    from ..options import play_id, state_id

    low = text.strip().lower()
    return [o for o in d.options if o.label.lower().startswith(low) or o.id.lower().startswith(low)
            or o.id.lower() == play_id(low) or o.id.lower() == state_id(low)]
