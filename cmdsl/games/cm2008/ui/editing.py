"""Campaign Manager 2008's sets in an editor (``cmdsl.sets.editing``): a set checked as `cmdsl check`
checks it, from the editor's texts; its cards, Breaking News, states and demographic groups, each
with where it is defined and what a hover shows (the generated rules text, English and French);
the problems of its scenario files."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from ....errors import CardError, CmdslError, Located
from ....memo import Memo
from ....sets.editing import each_scenario, problems_of
from ....sets.editor_game import Defined, Problem, SetState, Severity, card_markdown
from ....sets.answer_forms import AnswerForms
from ....sets.text_files import Sources
from ..catalog import card_text, heading, state_text
from ..loader import SetRead, read_card_set
from ..manifest import MANIFEST_NAME
from ..model import CardDef, CardSet, NewsDef, StateTile
from ..options import answer_forms
from ..scenario_file import load_scenario

class Cm2008Editing:
    """The front ends' ``editor()`` of Campaign Manager 2008."""

    def is_set(self, folder: Path) -> bool:
        return (folder / MANIFEST_NAME).is_file()

    def check(self, folder: Path, sources: Sources, memo: Memo) -> SetState:
        try:
            read = read_card_set(folder, sources=sources, memo=memo)
        except CmdslError as e:  # a set that cannot be started on (no manifest, an old format)
            return SetState(folder, problems_of(e))
        problems = tuple(Problem(e) for e in read.errors)
        if read.cards is not None:
            problems += tuple(Problem(w, Severity.WARNING) for w in read.cards.warnings if isinstance(w, CardError))
        return SetState(folder, problems, _defined(read), loaded=read.cards)

    def scenario_problems(self, file: Path, sources: Sources, loaded: Any) -> list[Problem]:
        assert isinstance(loaded, CardSet)
        return each_scenario(file, sources, "cm2008", lambda i: load_scenario(file, loaded, i, sources),
                             answer_forms(loaded))

    def answer_forms(self, loaded: Any) -> AnswerForms | None:
        assert isinstance(loaded, CardSet)
        return answer_forms(loaded)


def _defined(read: SetRead) -> tuple[Defined, ...]:
    out: list[Defined] = []
    items: list[CardDef | NewsDef] = [*read.card_defs.values(), *read.news.values()]
    for item in items:
        out.append(Defined("card" if isinstance(item, CardDef) else "Breaking News", item.id, _where(item),
                           heading(item), partial(_card_markdown, item)))
    groups: dict[str, StateTile] = {}
    for tile in read.states.values():
        out.append(Defined("state", tile.name, _where(tile), f"{tile.ev} EV, {tile.groups[0]} and {tile.groups[1]}",
                           partial(_tile_markdown, tile), quoted=True))
        for group in tile.groups:
            groups.setdefault(group, tile)
    for group, first in groups.items():
        states = [t.name for t in read.states.values() if group in t.groups]
        text = f"**{group}**, a demographic group of {len(states)} states: " + ", ".join(states)
        out.append(Defined("demographic group", group, _where(first), f"a demographic group ({len(states)} states)",
                           Defined.said(text), quoted=True))
    return tuple(out)


def _where(item: CardDef | NewsDef | StateTile) -> Located:
    source = item.source
    return Located(source.file, source.line, 1, getattr(item, "id", None)) if source is not None else Located("")


def _tile_markdown(tile: StateTile, lang: str) -> str:
    return "```text\n" + state_text(tile, lang) + "```"


def _card_markdown(item: CardDef | NewsDef, lang: str) -> str:
    cost = item.cost if isinstance(item, CardDef) and item.cost is not None else ""
    return card_markdown(heading(item, lang), card_text(item, lang), item.id, str(cost))
