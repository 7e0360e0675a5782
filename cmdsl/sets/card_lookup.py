"""What a player types to name a card (`card Fundraiser`, `card levee de fonds`, `card Town`), as
every game's `card` command and `cmdsl cards show` read it: the card's id, one of its names (any
case, with or without accents, spaces as typed), or the start of one; several cards of one name
(copies) are one card. Nothing, or several cards: one line, with the nearest name or the
candidates (issue 55 item 2)."""

from __future__ import annotations

import unicodedata
from typing import Callable, Sequence

from ..errors import CmdslError, did_you_mean
from ..values import value

_SHOWN = 6  # candidates named when a start fits several cards


@value
class Named:
    """A card as it may be named: its id, its names (the first is the one shown)."""

    id: str
    names: tuple[str, ...]


def folded(text: str) -> str:
    """``text`` as names compare: case, accents and punctuation dropped, spaces as one
    ("Drill, Baby, Drill!" is "drill baby drill")."""
    text = text.casefold().replace("œ", "oe").replace("æ", "ae")  # ligatures NFKD keeps whole ("cœur")
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join("".join(c if c.isalnum() else " " if c.isspace() else "" for c in bare).split())


def find_card(asked: str, cards: Sequence[Named], missing: str) -> str:
    """The id of the card ``asked`` names; ``missing``: the error's start when none does
    (``no card "X" in the set``), to which the nearest name is added."""
    key = folded(asked)
    by_id = {c.id.casefold(): c for c in cards}
    if asked.strip().casefold() in by_id:
        return by_id[asked.strip().casefold()].id
    by_name: dict[str, list[Named]] = {}
    for c in cards:
        for name in c.names:
            by_name.setdefault(folded(name), []).append(c)
    exact = by_name.get(key)
    if exact:
        return exact[0].id
    started = [cs for name, cs in by_name.items() if key and name.startswith(key)]
    shown = {cs[0].names[0]: cs[0] for cs in started}  # copies: one card
    if len(shown) == 1:
        return next(iter(shown.values())).id
    if shown:
        listed = sorted(f"{name} ({c.id})" for name, c in shown.items())
        raise CmdslError(f'"{asked}" names several cards: ' + ", ".join(listed[:_SHOWN])
                         + (", …" if len(listed) > _SHOWN else ""))
    names = [n for c in cards for n in c.names]
    near = did_you_mean(asked, names + [c.id for c in cards if folded(c.id) not in map(folded, c.names)])
    raise CmdslError(missing + (f' (did you mean "{near}"?)' if near else ""))


def print_cards(action: str, asked: str | None, listed: Callable[[], str], shown: Callable[[str], str],
                table: Callable[[], str]) -> int:
    """`cmdsl cards list|show|doc` of a game's catalogue: the list (``listed``), the card ``asked``
    (``shown``; `cmdsl cards` says when no card is asked), or every card as a Markdown table."""
    if action == "list":
        print(listed())
    elif action == "show":
        print(shown(asked or ""), end="")
    else:
        print(table(), end="")
    return 0
