"""Campaign Manager 2008's REPL commands for a designer: show a card and its syntax tree, run an
effect on the live position, arrange the position, trace the last action to its effect lines,
debug mode. Each shows or changes what a player may not know: it turns debug mode on.
"""

from __future__ import annotations

import shlex
from dataclasses import fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import cast

from ....errors import did_you_mean
from ....kits.keyboard.keyboard import KeyboardError
from .keyboard import CampaignSession as Session
from .keyboard_commands import _after, _sides, _viewer
from ..sides import ISSUES, Side

# The catalog, the renderers and the language are imported where they are used: they load the parser
# and the engine, which the REPL's first prompt does not need (issue 34).


def cmd_card(s: Session, arg: str, colour: bool = False) -> str:
    from ..catalog import show as show_card
    if not arg.strip():
        raise KeyboardError("card: give a card id (completion helps: press Tab)")
    text = show_card(s.cards, arg.strip())
    return text + _state_now(s, arg.strip())


def _state_now(s: Session, name: str) -> str:
    """For a state in play, how it stands now (the printed tile is what `card` shows first)."""
    from . import explain
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
    from ..catalog import show as show_card
    from ..vocabulary import render as unparse
    item_id = arg.strip()
    item = s.cards.item(item_id)
    if item is None:
        return show_card(s.cards, item_id)  # raises with a suggestion
    tree = _tree(item.checked.program)
    return (show_card(s.cards, item_id) + "\nSyntax tree:\n" + tree
            + "\n\nCanonical effect text:\n" + unparse.program(item.checked.program))


def _tree(node: object, indent: str = "  ") -> str:
    """A readable dump of a frozen AST: one node per line, fields indented."""

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
    from ..actions import EffectByHand
    game = s.require()
    text = arg
    side = cast(Side, game.pending.player) if game.pending is not None else game.position.active
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
    from ..actions import PositionChange
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
        names = sorted((x.name for x in game.position.in_play), key=len, reverse=True)
        text = arg.strip()
        state = next((n for n in names if text.lower().startswith(n.lower())), None)
        if state is None:
            near = did_you_mean(words[0], [x.name for x in game.position.in_play])
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
    from . import board as render
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
