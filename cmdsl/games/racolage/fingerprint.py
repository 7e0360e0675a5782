"""A Racolage Électoral set's fingerprint: what its rules read of it (``cmdsl.sets.meaning``).

The items are the themes, the Party cards, the Media cards and the Action cards, each list in the
order the set gives it (the decks' order feeds the seeded shuffle), each item with every value the
rules and the log read, an Action's effect as canonical effect text. Where an item is in the files is
not part of it, nor is the manifest: its sizes are checked against the cards, its name is not read
by the rules.
"""

from __future__ import annotations

from typing import Sequence

from ...sets.meaning import Plain, meaning_fingerprint
from .cards import Action, Media, Party, Theme
from .vocabulary import LANGUAGE


def fingerprint(themes: Sequence[Theme], parties: Sequence[Party], media: Sequence[Media],
                actions: Sequence[Action]) -> str:
    """The set's fingerprint: the digest of ``meaning``."""
    return meaning_fingerprint(meaning(themes, parties, media, actions))


def meaning(themes: Sequence[Theme], parties: Sequence[Party], media: Sequence[Media],
            actions: Sequence[Action]) -> Plain:
    """What the rules read of a set's checked items, as plain data."""
    return {
        "themes": [{"id": t.id, "fr": t.fr, "colour": t.colour} for t in themes],
        "parties": [{"id": p.id, "name": p.name, "en": p.en} for p in parties],
        "media": [{"id": m.id, "name": m.name, "en": m.en, "value": m.value, "theme": m.theme, "min": m.low,
                   "max": m.high} for m in media],
        "actions": [{"id": a.id, "name": a.name, "en": a.en, "kind": a.kind, "theme": a.theme, "bonus": a.bonus,
                     "effect": None if a.checked is None else LANGUAGE.render.program(a.checked.program)}
                    for a in actions],
    }
