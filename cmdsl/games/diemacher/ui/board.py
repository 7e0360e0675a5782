"""What the REPL shows of a Die Macher game as a board (`board`), and a party's hand (`hand`), made
from one party's ``DieMacherView`` only, with the set's data (public): a text cannot say more than
the party may know (DM18.26; the view hides the other hands, the face-down opinions and cabinet
cards, and the polls it has not seen).

The screen fits ``width`` columns, every line of it: at 100 the four state boards sit two by two,
at 60 one under the other; a list too long for a line (a platform, the exchange pool) wraps under
its label. A card reads as its issue and a sign: ``nuclear+`` is for (or more), ``nuclear-``
against (or less), DM1.2."""

from __future__ import annotations

import textwrap
from typing import Sequence

from ..cards import Card, Stance
from ..data import DieMacherData
from ..event_text import euros
from ..parties import Party
from ..position import media_controller
from ..view import BoardView, DieMacherView

#: Where two state boards sit side by side: each at least this wide, with ``_GAP`` between.
_BLOCK = 48
_GAP = "  "
#: A party in a column of the state boards: five letters at most.
_SHORT = {Party.CDU: "CDU", Party.SPD: "SPD", Party.FDP: "FDP", Party.LINKE: "Linke", Party.GRUENE: "Grüne"}
_PHASES = {"preliminary step": "DM4", "first-player auction": "DM7.1", "platform conference": "DM7.2",
           "shadow cabinet": "DM8.1", "coalitions": "DM8.5", "media": "DM7.3", "rallies": "DM7.4",
           "opinion polls": "DM7.5", "early conversion": "DM7.6", "election": "DM9", "end of round": "DM10",
           "external contributions": "DM10.5", "final scoring": "DM11"}
_PLACES = ("1st", "2nd", "3rd", "4th")


def short(party: Party) -> str:
    return _SHORT[party]


def card(c: Card | None) -> str:
    """``nuclear+`` (for, more), ``nuclear-`` (against, less); ``?`` face down."""
    return "?" if c is None else c.issue + ("+" if c.stance is Stance.FOR else "-")


def card_words(c: Card, data: DieMacherData) -> str:
    """A card in words: ``nuclear+ (for nuclear energy)``."""
    issue = next(i for i in data.issues if i.id == c.issue)
    return f"{card(c)} ({issue.stance_en[0 if c.stance is Stance.FOR else 1]})"


def wrapped(label: str, items: Sequence[str], width: int, sep: str = "  ") -> list[str]:
    """``label`` then the items, wrapped within ``width``, the lines after the first under the items."""
    text = sep.join(items) if items else "-"
    indent = " " * (len(label) if len(label) <= width // 3 + 4 else 4)
    return textwrap.wrap(text, width, initial_indent=label, subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=True) or [label.rstrip()]


def heading(view: DieMacherView, rounds: int) -> str:
    rule = _PHASES.get(view.phase, "")
    when = "before round 1" if view.round == 0 else f"round {view.round} of {rounds}"
    return f"{when}, {view.phase}" + (f" ({rule})" if rule else "") + f"; first player {view.first}"


def _parties(view: DieMacherView, width: int, public: bool = False) -> list[str]:
    names = [str(p) + (" *" if p is view.seat and not public else "") for p in view.parties]
    w = max(len(n) for n in names)
    lines = [f"{'party':<{w}}  {'money':>8} {'members':>7} {'seats':>5} {'hand':>4} {'tiles':>5}"]
    for i, name in enumerate(names):
        lines.append(f"{name:<{w}}  {euros(view.money[i]):>8} {view.members[i]:>7} {sum(view.seats_won[i]):>5} "
                     f"{view.hands[i]:>4} {view.tiles[i]:>5}")
    lines += wrapped("", [("" if public else "* you; ") + "seats won so far (DM9.1); coalition tiles (DM1.9)"], width)
    lines.append("Platforms (DM3.2; + for or more, - against or less):")
    for i, p in enumerate(view.parties):
        lines += wrapped(f"  {short(p):<6}", [card(c) for c in view.platform[i]], width)
    return lines


def _order(view: DieMacherView) -> list[int]:
    """The boards in play in election order (DM5.4), by index in ``view.boards``."""
    first = next((k for k, b in enumerate(view.boards) if b.first_in_line), 0)
    return [(first + k) % len(view.boards) for k in range(len(view.boards))
            if view.boards[(first + k) % len(view.boards)].state is not None]


def _board(view: DieMacherView, data: DieMacherData, b: BoardView, place: int | None,
           width: int) -> tuple[list[str], list[str]]:
    """A state board: its heading and opinions, then its table of the parties (two boards side by
    side line their tables up)."""
    if b.state is None:
        return [f"Board {b.board}: set aside (DM10.3)"], []
    seats = next((s.max_seats for s in data.states if s.name == b.state), None)
    line = f" {_PLACES[place]} in line" if place is not None else ""
    election = ", votes this round" if b.first_in_line else ""
    lines = [f"Board {b.board}: {b.state}" + (f", {seats} seats" if seats is not None else ""),
             f"  {line.strip()}{election}"]
    opinions = [f"{n}:{card(c)}" + ("[key]" if b.key_issue == n - 1 else "") for n, c in enumerate(b.opinions, 1)]
    lines += wrapped("  opinions ", opinions, width, " ")
    top, lines = lines, [f"  {'':<10}" + "".join(f"{short(p):>7}" for p in view.parties)]
    rows = (("popularity", [f"{x:+d}" if x else "0" for x in b.popularity]), ("votes", b.votes),
            ("rallies", b.rallies), ("media", b.media))
    lines += [f"  {label:<10}" + "".join(f"{x:>7}" for x in row) for label, row in rows]
    control = controller(b)
    if control is not None:
        lines.append(f"  media control: {view.parties[control]} (DM7.3.4)")
    if b.cabinet:
        names = {c.id: c.en for c in data.cabinet}
        placed = [f"{short(p)} " + (names.get(name, "?") if name is not None else "?")
                  + ("" if state == "face down" and name is None else f" ({state})") for p, name, state in b.cabinet]
        lines += wrapped("  cabinet ", placed, width, "; ")
    if b.tiles:
        lines.append("  coalition tiles: " + ", ".join(short(p) for p in b.tiles))
    return top, lines


def controller(b: BoardView) -> int | None:
    """DM7.3.4: the party with strictly the most media markers on the board (the rules' own test)."""
    return media_controller(b.media)


def _boards(view: DieMacherView, data: DieMacherData, width: int) -> list[str]:
    order = _order(view)
    blocks = [_board(view, data, b, order.index(k) if k in order else None, width if width < 2 * _BLOCK + len(_GAP)
                     else (width - len(_GAP)) // 2) for k, b in enumerate(view.boards)]
    if width < 2 * _BLOCK + len(_GAP):
        return [line for top, table in blocks for line in ("", *top, *table)]
    half = (width - len(_GAP)) // 2
    out: list[str] = []
    for (left_top, left_table), (right_top, right_table) in zip(blocks[0::2], blocks[1::2]):
        tall = max(len(left_top), len(right_top))
        left = left_top + [""] * (tall - len(left_top)) + left_table
        right = right_top + [""] * (tall - len(right_top)) + right_table
        out.append("")
        for k in range(max(len(left), len(right))):
            a = left[k] if k < len(left) else ""
            c = right[k] if k < len(right) else ""
            out.append((f"{a:<{half}}{_GAP}{c}" if c else a).rstrip())
    return out


def _national(view: DieMacherView, data: DieMacherData, width: int) -> list[str]:
    spaces = []
    for n, (stack, space) in enumerate(zip(view.national, data.spaces), 1):
        shown = card(stack[-1]) + (f" x{len(stack)}" if len(stack) > 1 else "") if stack else "-"
        spaces.append(f"{n}:{shown}")
    lines = ["National board (DM9.5; dominant: x2 or more):"]
    lines += wrapped("  opinions ", spaces, width, " ")
    lines += wrapped("  members/points a space gives ",
                     [f"{n}:{s.recruits}/{s.points}" for n, s in enumerate(data.spaces, 1)], width, " ")
    groups = [f"r{r}: " + (",".join(short(p) for p in g) or "-") for r, g in enumerate(view.national_media, 1) if g]
    lines += wrapped("  media by election (DM9.4) ", groups, width, "; ")
    lines += wrapped("Exchange pool (DM2.3): ", [card(c) for c in view.pool], width, " ")
    return lines


def mine(view: DieMacherView, data: DieMacherData, width: int) -> list[str]:
    """The party's own hidden things: its hand, its cabinet cards left, the poll it looks at."""
    me = view.parties.index(view.seat)
    lines = wrapped("Your platform: ", [card(c) for c in view.platform[me]], width, " ")
    lines += wrapped("Your hand (DM3.3): ", [card(c) for c in view.hand], width, " ")
    cabinet = {c.id: c for c in data.cabinet}
    lines += wrapped("Your cabinet cards (DM1.6): ",
                     [f"{cabinet[c].en} {euros(cabinet[c].cost)}" if c in cabinet else c for c in view.cabinet_hand],
                     width, ", ")
    if view.looking is not None:
        lines += wrapped("The poll you look at (DM7.5.4): ",
                         [f"{p} {m:+d}" for p, m in view.looking.modifiers if p in view.parties], width, ", ")
    return lines


def board(view: DieMacherView, data: DieMacherData, rounds: int, width: int = 100, public: bool = False) -> str:
    """`board`: the round and phase, every party's money, members, seats, hand size and platform;
    the four state boards; the national board and the exchange pool; your hand and cabinet cards
    (``public``: none, a spectator's board of ``view.public_part``). Every line within ``width``
    columns (at least 40)."""
    width = max(width, 40)
    lines = wrapped("", [heading(view, rounds)], width)
    lines += _parties(view, width, public)
    lines += _boards(view, data, width)
    lines.append("")
    lines += _national(view, data, width)
    lines += [] if public else mine(view, data, width)
    return "\n".join(line.rstrip() for line in lines)


def hand(view: DieMacherView, data: DieMacherData, width: int = 100) -> str:
    """`hand`: your platform and hand, each card in words, and your cabinet cards."""
    me = view.parties.index(view.seat)
    lines = [f"{view.seat}: your platform (face up, DM3.2):"]
    lines += [f"  {card_words(c, data)}" for c in view.platform[me]]
    lines.append("Your hand (DM3.3; nobody else sees it):")
    lines += [f"  {card_words(c, data)}" for c in view.hand] or ["  (empty)"]
    lines += mine(view, data, width)[2:]
    return "\n".join(line.rstrip() for line in lines)
