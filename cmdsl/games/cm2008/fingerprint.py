"""A Campaign Manager 2008 set's fingerprint: what its rules read of it (``cmdsl.sets.meaning``).

The items are the states, the Campaign Strategy cards, the Breaking News and the Going Negative
results, each list in the order the set gives it (a deck's order feeds the seeded shuffle), each
item with what the rules read of it, its effect as canonical effect text. Where an item is in the
files (its file, its line) is not part of it, nor is the manifest: its setups are checked when a
game starts (``CardSet.require_setup``), its name and sizes are not read by the rules.
"""

from __future__ import annotations

import hashlib
import re
from typing import Mapping, Sequence

from ...lang.checker import Checked
from ...sets.card_items import CardFile
from ...sets.meaning import Plain, meaning_fingerprint
from .model import CardDef, NegativeDef, NewsDef, StateTile
from .vocabulary import LANGUAGE


def fingerprint(states: Mapping[str, StateTile], cards: Mapping[str, CardDef], news: Mapping[str, NewsDef],
                negative: Mapping[int, NegativeDef]) -> str:
    """The set's fingerprint: the digest of ``meaning``."""
    return meaning_fingerprint(meaning(states, cards, news, negative))


def meaning(states: Mapping[str, StateTile], cards: Mapping[str, CardDef], news: Mapping[str, NewsDef],
            negative: Mapping[int, NegativeDef]) -> Plain:
    """What the rules read of a set's checked items, as plain data."""
    return {
        "states": [{"name": s.name, "ev": s.ev, "pile": s.pile, "rows": s.rows, "issue_box": s.issue_box,
                    "groups": s.groups, "key": s.key, "beginner": s.beginner} for s in states.values()],
        "cards": [{"id": c.id, "side": c.side, "title": c.title, "type": c.type, "effect": _effect(c.checked),
                   "beginner": c.beginner, "going_negative": c.going_negative, "demographic": c.demographic,
                   "cost": None if c.cost is None else (c.cost.kind, c.cost.amount)} for c in cards.values()],
        "breaking_news": [{"id": n.id, "title": n.title, "effect": _effect(n.checked)} for n in news.values()],
        "going_negative": [{"roll": r.roll, "title": r.title, "effect": _effect(r.checked)}
                           for r in negative.values()],
    }


def _effect(checked: Checked) -> str:
    """An effect as canonical effect text: the same for every way of writing the same tree."""
    return LANGUAGE.render.program(checked.program)


def legacy_fingerprint(files: Sequence[CardFile]) -> str:
    """The card files' bytes' digest: the fingerprint of records made before issue 52 (kept so
    that they replay). It changed with any byte: a comment, a line break, a quote."""
    digest = hashlib.sha256()
    for f in files:
        text = _FRENCH_TITLE.sub("", f.text)
        digest.update(f.path.name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()[:16]


#: A card's French title, a line of its own (issue 55): print's, not the rules'. The bytes are read
#: without it, so that the files of before it was written keep the fingerprint their records name.
_FRENCH_TITLE = re.compile(r"(?m)^[ \t]*title_fr:[^\n]*\n")
