"""The shadow-cabinet cards as data (DM1.6): read from a set's ``cabinet.yaml``, each effect written
in Die Macher's effect language (``vocabulary/``, DIEMACHER.md D8) parsed, checked, bounded and
compiled; the first problem is one located ``CardError`` (file, line, column, card), with its line.
A module apart from the rules (``cabinet.py`` resolves the cards): the set's data may read it
without importing the position. No card is named here: each is its file's data."""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache
from pathlib import Path
from typing import Final

import yaml

from ...errors import CardError, shown_path
from ...lang.checker import Checked, Names
from ...lang.compiler import Compiled
from ...lang.origin import Origin
from ...lang.work import WORK_BUDGET
from ...sets.node_reader import NodeReader
from ...sets.safe_yaml import compose
from ...sets.text_files import read_text, scalar_origin
from ...values import value
from .data_file import CABINET_FILE
from .vocabulary import CABINET_CARD, LANGUAGE

MAX_BYTES: Final = 64 * 1024
_ITEM_KEYS: Final = ("id",)
_FIELDS: Final = ("id", "name", "en", "cost", "phone", "seven", "source", "effect")
_SOURCES: Final = ("seed", "auth", "ext")
MAX_COST: Final = 100_000


@value
class CabinetCard:
    """DM1.6: a shadow-cabinet card: its cost, its telephone (DM8.4), whether it is kept in the
    7-round game only (``seven``, DM12.1), and its menu of actions (``effect``, compiled)."""

    id: str
    name: str  # French (the seed's Annex A)
    en: str
    cost: int
    phone: bool
    seven: bool
    effect: str
    checked: Checked = field(compare=False, repr=False)
    compiled: Compiled = field(compare=False, repr=False)


def card_text(card: CabinetCard, lang: str = "en") -> str:
    """The card's rules text, generated from its effect ("en" or "fr")."""
    return LANGUAGE.rules_text(card.checked.program, kind="card", lang=lang)


# ---- reading ---------------------------------------------------------------------------------


def load_cabinet(folder: Path) -> tuple[CabinetCard, ...]:
    """The cabinet cards of the set in ``folder`` (its ``cabinet.yaml``), in file order; one
    located ``CardError`` for the first problem."""
    path = folder / CABINET_FILE
    label = shown_path(path)
    return _read(label, read_text(path, max_bytes=MAX_BYTES, label=label, item_keys=_ITEM_KEYS))


@lru_cache(maxsize=8)
def _read(label: str, text: str) -> tuple[CabinetCard, ...]:
    """The cards a file's text says, read once per name and text (an error is raised each time)."""
    reader = _Reader(label, text.split("\n"), _ITEM_KEYS)
    root = compose(text, label, item_keys=_ITEM_KEYS)
    items = reader.sequence(reader.mapping(root, ("cabinet",), "the cabinet file")["cabinet"], "cabinet")
    seen: set[str] = set()
    return tuple(reader.card(item, seen) for item in items)


class _Reader(NodeReader):
    def card(self, node: yaml.Node, seen: set[str]) -> CabinetCard:
        f = self.mapping(node, _FIELDS, "cabinet card")
        card_id = self.string(f["id"], "id")
        if card_id in seen:
            raise self.error(f'id: another cabinet card is "{card_id}" already', f["id"])
        seen.add(card_id)
        cost = self.integer(f["cost"], "cost", 1000, MAX_COST)
        if cost % 1000:
            raise self.error(f"cost: {cost} is not a whole number of thousands (DM1.11: steps of 1,000)", f["cost"])
        source = self.string(f["source"], "source")
        if not source.startswith(_SOURCES):
            raise self.error(f"source: {source!r} does not say where the card comes from", f["source"],
                             "start with seed (the rulebook), auth (the project's own) or ext (a public source)")
        text = self.string(f["effect"], "effect")
        checked, compiled = self.effect(f["effect"], text, card_id)
        return CabinetCard(card_id, self.string(f["name"], "name"), self.string(f["en"], "en"), cost,
                           self.boolean(f["phone"], "phone"), self.boolean(f["seven"], "seven"), text.strip(),
                           checked, compiled)

    def effect(self, node: yaml.Node, text: str, card_id: str) -> tuple[Checked, Compiled]:
        """The effect parsed, checked, bounded and compiled; its problem located in the file."""
        first, indent = scalar_origin(self.lines, node)
        origin = Origin(self.file, card_id, first, indent)
        try:
            checked = LANGUAGE.check(LANGUAGE.parse(text, origin), Names(), CABINET_CARD, origin)
            problem = LANGUAGE.vocabulary.bounds.over_budget(checked.program, checked.work.fixed, 0, 0, origin,
                                                             WORK_BUDGET)
            if problem is not None:
                raise problem
        except CardError as e:
            raise e.with_source(self.lines) from None
        return checked, LANGUAGE.compile(checked, card_id)
