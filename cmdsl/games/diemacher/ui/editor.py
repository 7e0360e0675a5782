"""Die Macher's sets in an editor (``cmdsl.sets.editing``): a set checked as `cmdsl check` checks it,
from the editor's texts — its data files (``data.py``, one located problem for them) and its cabinet
cards (``cabinet_cards.py``, one for ``cabinet.yaml``, whose effects are in Die Macher's language);
its cabinet cards, each with where it is defined and what a hover shows (the rules text written
from its effect, English and French); the problems of its scenario files.

The loaders read files from disk: the editor's texts (``Sources``) are given to their readers of
texts here (``data._read``, ``cabinet_cards._read``, ``scenario._scenario``), the set put together
as ``data.load_data`` does (tested equal)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ....errors import CmdslError, Located, shown_path
from ....memo import Memo
from ....sets.answer_forms import AnswerForms
from ....sets.editing import each_scenario, problems_of
from ....sets.editor_game import Defined, Problem, SetState, card_markdown
from ....sets.meaning import meaning_fingerprint
from ....sets.safe_yaml import compose
from ....sets.scenario_doc import read_doc
from ....sets.text_files import Sources, read_text
from ..data_file import CABINET_FILE, COMPONENT_FILES, DATA_FILE

# The server makes every game's editor side when it opens its first file, of whatever game: the
# game's loaders, its language and its scenarios are imported when a Die Macher file is checked.
if TYPE_CHECKING:
    from ..cabinet_cards import CabinetCard
    from ..data import DieMacherData

#: What a hover adds under a card's menu: its telephone (DM8.4), the long game only (DM12.1).
_PHONE = {"en": "Telephone: your party's coalition tile goes on this state (DM8.4).",
          "fr": "Téléphone : la tuile de coalition de votre parti va sur ce Land (DM8.4)."}
_SEVEN = {"en": "Only in the 7-round game (DM12.1).", "fr": "Seulement dans la partie en 7 tours (DM12.1)."}


class DieMacherEditing:
    """The front ends' ``editor()`` of Die Macher."""

    def __init__(self) -> None:
        #: each set's cabinet cards as they last loaded: a hover shows a card's text from them while
        #: the file is broken
        self.last: dict[Path, tuple[CabinetCard, ...]] = {}

    def is_set(self, folder: Path) -> bool:
        return (folder / DATA_FILE).is_file()

    def check(self, folder: Path, sources: Sources, memo: Memo) -> SetState:
        """The data files' first problem and the cabinet file's (each is one located error, as
        `cmdsl check` says it; both are shown when both are broken). ``memo`` is not used: the
        loaders keep what they read by its text themselves."""
        problems: list[Problem] = []
        data: DieMacherData | None = None
        cabinet: tuple[CabinetCard, ...] | None = None
        try:
            data = read_data(folder, sources)
        except CmdslError as e:
            problems += problems_of(e)
        try:
            cabinet = self.last[folder] = read_cabinet(folder, sources)
        except CmdslError as e:
            problems += problems_of(e)
        loaded = whole_set(folder, data, cabinet) if data is not None and cabinet is not None else None
        cards = {c.id: c for c in (cabinet if cabinet is not None else self.last.get(folder, ()))}
        return SetState(folder, tuple(problems), _defined(folder, sources, cards), loaded=loaded)

    def scenario_problems(self, file: Path, sources: Sources, loaded: Any) -> list[Problem]:
        from ..data import DieMacherData
        from ..scenario import GAME, _scenario

        assert isinstance(loaded, DieMacherData)
        doc = cache(lambda: read_doc(file, sources))  # once for all the file's scenarios, from the editor's text
        return each_scenario(file, sources, GAME, lambda i: _scenario(doc(), i, loaded))

    def answer_forms(self, loaded: Any) -> AnswerForms | None:
        return None  # Die Macher's `cmdsl check` names no answer forms: its answers are not checked by name


# ---- the set from the editor's texts ---------------------------------------------------------------


def _text(path: Path, sources: Sources, max_bytes: int, item_keys: tuple[str, ...]) -> tuple[str, str]:
    label = shown_path(path)
    return label, read_text(path, max_bytes=max_bytes, label=label, item_keys=item_keys, sources=sources)


def read_data(folder: Path, sources: Sources) -> DieMacherData:
    """The set's data files (the manifest and its components) as ``load_data`` reads them, the
    editor's text for a file it has open; one located ``CardError``."""
    from .. import data as data_module

    texts = tuple(_text(folder / name, sources, data_module.MAX_BYTES, data_module._ITEM_KEYS)
                  for name in (DATA_FILE, *COMPONENT_FILES))
    return data_module._read(texts)


def read_cabinet(folder: Path, sources: Sources) -> tuple[CabinetCard, ...]:
    """The set's cabinet cards as ``load_cabinet`` reads them (every effect parsed, checked,
    bounded and compiled), the editor's text for the file if it has it open."""
    from .. import cabinet_cards

    return cabinet_cards._read(*_text(folder / CABINET_FILE, sources, cabinet_cards.MAX_BYTES,
                                      cabinet_cards._ITEM_KEYS))


def whole_set(folder: Path, data: DieMacherData, cabinet: tuple[CabinetCard, ...]) -> DieMacherData:
    """The data with its cabinet, as ``load_data`` puts them together (the scenarios read it)."""
    from ..data import meaning

    with_cabinet = replace(data, cabinet=cabinet,
                           authored=tuple(sorted((*data.authored, shown_path(folder / CABINET_FILE)))))
    return replace(with_cabinet, fingerprint=meaning_fingerprint(meaning(with_cabinet)))


# ---- what the set defines ---------------------------------------------------------------------------


def _defined(folder: Path, sources: Sources, cards: dict[str, CabinetCard]) -> tuple[Defined, ...]:
    """Each cabinet card of the file as it is now (its place), its text from ``cards`` (as they
    last loaded); none when the file is not a mapping with a list of cards."""
    from .. import cabinet_cards
    from ..event_text import euros

    path = folder / CABINET_FILE
    try:
        label, text = _text(path, sources, cabinet_cards.MAX_BYTES, cabinet_cards._ITEM_KEYS)
        root = compose(text, label, item_keys=cabinet_cards._ITEM_KEYS)
    except CmdslError:
        return ()
    items = _value(root, "cabinet")
    out: list[Defined] = []
    for item in items.value if isinstance(items, yaml.SequenceNode) else ():
        card_id, name, en = (_scalar(item, k) for k in ("id", "name", "en"))
        if not card_id:
            continue
        mark = item.start_mark
        where = Located(str(path), mark.line + 1, mark.column + 1, card_id)
        card = cards.get(card_id)
        summary = f"{en} ({name}), a cabinet card" + (f", {euros(card.cost)}" if card is not None else "")
        out.append(Defined("card", card_id, where, summary,
                           partial(_card_markdown, card) if card is not None else Defined.said("")))
    return tuple(out)


def _value(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    return next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)


def _scalar(node: yaml.Node, key: str) -> str:
    found = _value(node, key)
    return str(found.value) if isinstance(found, yaml.ScalarNode) else ""


def _card_markdown(card: CabinetCard, lang: str) -> str:
    """A hover on a cabinet card: its names, its cost, its menu as the rules text says it, its
    telephone and whether it is the long game's only."""
    from ..cabinet_cards import card_text
    from ..event_text import euros

    lang = "fr" if lang == "fr" else "en"
    heading = f"{card.en} ({card.name})" if lang == "en" else f"{card.name} ({card.en})"
    cost = euros(card.cost) if lang == "en" else f"{card.cost:,} €".replace(",", " ")  # as its French rules text writes money
    notes = ([_PHONE[lang]] if card.phone else []) + ([_SEVEN[lang]] if card.seven else [])
    text = card_text(card, lang).rstrip("\n") + "".join(f"\n{n}" for n in notes)
    return card_markdown(heading, text, card.id, cost)
