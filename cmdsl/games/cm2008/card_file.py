"""One card file of a Campaign Manager 2008 set, read: its YAML composed by ``cmdsl.sets.safe_yaml``
(bounded in size and nesting, plain types only) into the items of its sections, each with its node
kept for locating errors. ``loader.py`` turns the items into a set. A file read without a problem is
kept in the read store (``cmdsl.sets.read_store``): read again unchanged, its items are read back,
with where each node was, and no YAML is composed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Final, cast

from ...errors import CardError, Located, did_you_mean
from ...memo import Memo
from ...sets.card_items import CardFile, Item, KeptItems, item_label, items_back, kept_items, read_item
from ...sets.read_store import ReadStore, read_store, read_through
from .manifest import MANIFEST_NAME
from .setcheck import Section

SECTIONS: Final[tuple[Section, ...]] = ("states", "cards", "breaking_news", "going_negative")
#: The cm2008 card files are about 11 KB each; a megabyte is a mistake, not a card file.
CARD_FILE_MAX_BYTES: Final = 1 << 20
#: Nesting a card file may have: it needs 4 (sections, a list, an item, a list of groups).
CARD_FILE_MAX_DEPTH: Final = 20

_FIELDS = {
    "states": {"name": True, "ev": True, "pile": True, "beginner": False, "defense": True, "economy": True,
               "issue": True, "groups": True, "key": True},
    "cards": {"id": True, "side": True, "title": True, "title_fr": False, "type": True, "beginner": False,
              "going_negative": False, "demographic": False, "cost": False, "effect": True},
    "breaking_news": {"id": True, "title": True, "title_fr": False, "effect": True},
    "going_negative": {"roll": True, "title": True, "title_fr": False, "effect": True},
}
#: What a card file's read is kept as in the read store.
_KEPT_AS = "cm2008 card file"
#: What the read store's entries of this game may hold (and are made by): the card files' reading,
#: the manifest's (``manifest.py``), and the model's values and sides a manifest is read into.
READ_BY: Final = ("cmdsl.games.cm2008.card_file", "cmdsl.games.cm2008.manifest", "cmdsl.games.cm2008.model",
                  "cmdsl.games.cm2008.sides")

if TYPE_CHECKING:  # composing needs it, reading a file back does not
    import yaml

#: A card file's read as kept: where each section was given (its key's line and column), and its
#: items (``card_items.kept_items``).
Kept = tuple[tuple[tuple[Section, int, int], ...], KeptItems]


class CardFileReader:
    """Reads card files into items, keeping every problem found (``errors``) and where each
    section was given (``sections``)."""

    def __init__(self, memo: Memo | None = None) -> None:
        self.memo = memo  # an editor's: what the last check read, kept
        self.errors: list[CardError] = []
        self.sections: list[tuple[Section, Located]] = []  # each section key read, in file order
        # an editor keeps its reads in its memo; a command keeps them for the next
        self.store: ReadStore | None = read_store(READ_BY) if memo is None else None
        # what builds a field's value from its node: PyYAML's safe constructor, which remembers
        # each node it built (so one per reader, gone with it)
        self._constructor: yaml.constructor.SafeConstructor | None = None

    def attempt(self, f: Callable[[], Any]) -> Any:
        try:
            return f()
        except CardError as e:
            self.errors.append(e)
            return None

    # ---- YAML → items --------------------------------------------------------

    def read(self, file: CardFile) -> dict[Section, list[Item]]:
        errors, sections = len(self.errors), len(self.sections)

        def keep(out: dict[Section, list[Item]]) -> Kept | None:  # read clean, of plain values: kept
            items = kept_items(out) if len(self.errors) == errors else None
            return None if items is None else (tuple((s, at.line, at.col) for s, at in self.sections[sections:]), items)
        return read_through(self.store, _KEPT_AS, file.path, file.text, lambda: self._composed_items(file), keep,
                            lambda kept: self._read_back(file, kept))

    def _read_back(self, file: CardFile, kept: Kept) -> dict[Section, list[Item]]:
        """The items of ``file`` as kept, and where its sections were given."""
        keys, kept_as = kept
        if any(s not in SECTIONS for s, _, _ in keys):  # damaged: read again (``read_through``)
            raise ValueError(f"not sections of a card file: {keys!r}")
        sections = [(s, Located(file.name, line, col)) for s, line, col in keys]
        out = items_back(file, kept_as, SECTIONS)
        self.sections.extend(sections)
        return cast(dict[Section, list[Item]], out)

    def _composed_items(self, file: CardFile) -> dict[Section, list[Item]]:
        import yaml

        try:
            root = self.composed(file)
        except CardError as e:
            self.errors.append(e)
            return {}
        if root is None:
            # An empty file is most likely a card file saved before it was written, or cut short.
            what = "only comments" if file.text.strip() else "nothing"
            self.errors.append(CardError(f"this card file holds {what}: no cards, states or results",
                                         Located(file.name), hint="write its sections ("
                                         + ", ".join(SECTIONS) + ") or remove the file"))
            return {}
        if not isinstance(root, yaml.MappingNode):
            what = "a list" if isinstance(root, yaml.SequenceNode) else "a single value"
            mark = root.start_mark  # where the document's value starts: the line is shown
            self.errors.append(CardError(
                f"a card file is a mapping of sections ({', '.join(SECTIONS)}), not {what}",
                Located(file.name, mark.line + 1, mark.column + 1),
                hint="start with a section name, such as `cards:`, and list the items under it"
            ).with_source(file.lines))
            return {}
        out: dict[Section, list[Item]] = {}
        for key_node, value_node in root.value:
            key = str(key_node.value)
            if key not in SECTIONS:
                near = did_you_mean(key, SECTIONS)
                self.errors.append(CardError(
                    f'unknown section "{key}"; sections are ' + ", ".join(SECTIONS),
                    Located(file.name, key_node.start_mark.line + 1, key_node.start_mark.column + 1),
                    hint=f'did you mean "{near}"?' if near else None).with_source(file.lines))
                continue
            if not isinstance(value_node, yaml.SequenceNode):
                self.errors.append(CardError(f"{key}: expected a list of items", Located(
                    file.name, value_node.start_mark.line + 1, value_node.start_mark.column + 1)).with_source(file.lines))
                continue
            section: Section = SECTIONS[SECTIONS.index(key)]
            self.sections.append((section, Located(file.name, key_node.start_mark.line + 1,
                                                   key_node.start_mark.column + 1)))
            items = out.setdefault(section, [])
            for node in value_node.value:
                item = self.attempt(lambda: self.item(file, key, node))
                if item is not None:
                    items.append(item)
        return out

    def composed(self, file: CardFile) -> yaml.Node | None:
        """The file's YAML nodes (read once per text with a memo: they are only read, never changed)."""
        from ...sets.safe_yaml import compose

        def make() -> yaml.Node | None:
            return compose(file.text, file.name, max_depth=CARD_FILE_MAX_DEPTH)
        return make() if self.memo is None else self.memo.get(("yaml", file.name, file.text), make)

    def item(self, file: CardFile, section: str, node: yaml.Node) -> Item:
        import yaml

        fields = _FIELDS[section]
        label_key = "name" if section == "states" else ("roll" if section == "going_negative" else "id")
        if isinstance(node, yaml.MappingNode) and "cost" not in fields:
            cost = next((k for k, _ in node.value if str(k.value) == "cost"), None)
            if cost is not None:
                raise Item(file, node, {}, item_label(node, label_key)).error(
                    "only a Campaign Strategy card has a cost (R4.6)", cost, "what this item does goes under `effect:`")
        if self._constructor is None:  # made when a file is composed: a file read back needs none
            self._constructor = yaml.SafeLoader("")
        return read_item(file, section, node, fields, label_key, self._constructor)


def card_files(folder: Path) -> list[Path]:
    """The card files of a set folder: every name ending in .yaml or .yml but the manifest's,
    whatever it is (a folder, a FIFO or a dangling link so named is reported when read, never
    skipped in silence)."""
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.name != MANIFEST_NAME)
