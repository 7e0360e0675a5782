"""Racolage Électoral's sets in an editor (``cmdsl.sets.editing``): a set checked as `cmdsl check`
checks it (its first problem), from the editor's texts; its Media and Action cards and its themes,
each with where it is defined and what a hover shows (`cmdsl cards show`'s text, English and French);
the problems of its scenario files."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from ....errors import CmdslError, Located
from ....memo import Memo
from ....sets.card_items import Item
from ....sets.editing import each_scenario, problems_of
from ....sets.editor_game import Defined, Problem, SetState, card_markdown
from ....sets.answer_forms import AnswerForms
from ....sets.text_files import Sources
from ..answers import answer_forms
from ..cards import RacolageSet
from ..catalog import show
from ..loader import GAME, MANIFEST, load_set, read_items
from ..scenario import load_racolage_scenario

class RacolageEditing:
    """The front ends' ``editor()`` of Racolage Électoral."""

    def __init__(self) -> None:
        #: each set as it last loaded: a hover shows a card's text from it while a file is broken
        #: (CM2008's reads it from its card files, which need no whole set)
        self.last: dict[Path, RacolageSet] = {}

    def is_set(self, folder: Path) -> bool:
        return (folder / MANIFEST).is_file()

    def check(self, folder: Path, sources: Sources, memo: Memo) -> SetState:
        loaded: RacolageSet | None = None
        try:
            loaded = self.last[folder] = load_set(folder, sources, memo)
            problems: tuple[Problem, ...] = ()
        except CmdslError as e:
            problems = problems_of(e)
        try:
            items, _ = read_items(folder, sources)
        except CmdslError:  # a file that is not a mapping of items: its error is the check's
            items = {}
        return SetState(folder, problems, _defined(folder, items, loaded or self.last.get(folder)), loaded=loaded)

    def scenario_problems(self, file: Path, sources: Sources, loaded: Any) -> list[Problem]:
        assert isinstance(loaded, RacolageSet)
        return each_scenario(file, sources, GAME, lambda i: load_racolage_scenario(file, i, loaded, sources),
                             answer_forms(loaded))

    def answer_forms(self, loaded: Any) -> AnswerForms | None:
        assert isinstance(loaded, RacolageSet)
        return answer_forms(loaded)


def _defined(folder: Path, items: dict[str, list[Item]], loaded: RacolageSet | None) -> tuple[Defined, ...]:
    out: list[Defined] = []
    for section in ("media", "actions"):
        for it in items.get(section, []):
            card_id, name, en = (str(it.values[k][0]) if k in it.values else "" for k in ("id", "name", "en"))
            text = partial(_card_markdown, loaded, card_id) if loaded is not None and card_id in loaded.cards \
                else Defined.said("")
            out.append(Defined("card", card_id, _where(folder, it), f"{en} ({name})", text))
    for it in items.get("themes", []):
        theme = str(it.values["id"][0]) if "id" in it.values else ""
        fr = str(it.values["fr"][0]) if "fr" in it.values else ""
        out.append(Defined("theme", theme, _where(folder, it), f"a theme ({fr})",
                           Defined.said(f"**{theme}** ({fr}), a theme of Media cards"), quoted=True))
    return tuple(out)


def _card_markdown(loaded: RacolageSet, card_id: str, lang: str) -> str:
    """`cmdsl cards show`'s text, as every game's hover shows a card (its first line, the id and
    names, is the heading and the id)."""
    head, _, text = show(loaded, card_id, lang).partition("\n")
    return card_markdown(head.removeprefix(f"{card_id} — "), text, card_id)


def _where(folder: Path, it: Item) -> Located:
    """Where an item is, its file named in full (the loader names it as it is shown)."""
    at = it.where()
    return Located(str(folder / Path(at.file).name), at.line, at.col, it.label)
