"""A Racolage Électoral card set read from its folder (``cards/racolage/``): a manifest and card
files of sections (``themes``, ``parties``, ``media``, ``actions``), every value checked, every
Action's effect parsed, checked, bounded and compiled in Racolage's vocabulary. The first problem
is one located ``CardError`` (file, line, column, card), with its line. A file read without a problem
is kept in the read store (``cmdsl.sets.read_store``), and read back while its text is unchanged:
no YAML is composed for it."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Callable, Final

from ...errors import CardError, Located, did_you_mean, shown_path
from ...lang.checker import Context
from ...memo import Memo
from ...lang.origin import Origin
from ...lang.work import WORK_BUDGET
from ...sets.card_items import CardFile, Item, items_back, kept_items, read_item
from ...sets.read_store import ReadStore, read_store, read_through
from ...sets.text_files import NO_SOURCES, Sources, read_text, scalar_origin
from .fingerprint import fingerprint
from .cards import MEDIA_VALUES, Action, ActionKind, Media, Party, RacolageSet, Theme
from .vocabulary import LANGUAGE
from .vocabulary.checker import racolage_names
from . import MANIFEST, bundled_set  # noqa: F401  (the package says them, for the command line; handed on)

GAME: Final = "racolage"
#: A card file is a few tens of kilobytes; a megabyte is a mistake.
MAX_BYTES: Final = 1 << 20
#: Each section's fields (name → required) and the field that names an item in errors.
FIELDS: Final = {
    "themes": {"id": True, "fr": True, "colour": True},
    "parties": {"id": True, "name": True, "en": True},
    "media": {"id": True, "name": True, "en": True, "value": True, "theme": True, "min": True, "max": True},
    "actions": {"id": True, "name": True, "en": True, "kind": True, "theme": False, "bonus": False, "effect": False},
}
#: RA1.2: how many cards of each kind a set has (its manifest may say otherwise, and is checked).
SIZES: Final = {"media": 55, "actions": 51, "parties": 4}
MAX_BONUS: Final = 20


def load_set(folder: Path, sources: Sources = NO_SOURCES, memo: Memo | None = None) -> RacolageSet:
    """The set in ``folder`` (``sources``' texts for some of its files; ``memo``: what an editor's
    last check of it keeps); a located ``CardError`` for its first problem."""
    store = read_store((__name__,)) if memo is None else None  # an editor keeps its reads in its memo
    sizes, name = _manifest(folder, sources, store)
    items, legacy = read_items(folder, sources, store)
    themes = tuple(_theme(it) for it in items["themes"])
    if not themes:
        raise CardError("the set has no themes: a card file needs a `themes:` section (RA1.4)", Located(str(folder)))
    theme_ids = [t.id for t in themes]
    media = tuple(_media(it, theme_ids) for it in items["media"])
    actions = tuple(_action(it, theme_ids, memo) for it in items["actions"])
    parties = tuple(_party(it) for it in items["parties"])
    _unique([*items["themes"]], "theme")
    _unique([*items["media"], *items["actions"]], "card")
    _unique(items["parties"], "party")
    for section, want in sizes.items():
        got = len(items[section])
        if got != want:
            raise CardError(f"{section}: the manifest says {want}, the card files hold {got}",
                            Located(str(folder / MANIFEST)), hint="change both together (RA1.2)")
    return RacolageSet(themes, parties, media, actions, name, fingerprint=fingerprint(themes, parties, media, actions),
                       legacy_fingerprint=legacy)


def read_items(folder: Path, sources: Sources = NO_SOURCES,
               store: ReadStore | None = None) -> tuple[dict[str, list[Item]], str]:
    """The items of every card file in ``folder``, by section, and the digest of the files' bytes
    (the fingerprint of records made before issue 52, kept so that they replay); a located
    ``CardError`` for the first file that is not a mapping of sections of items. With a ``store``,
    each file read is kept there, and read back while its text is unchanged."""
    items: dict[str, list[Item]] = {section: [] for section in FIELDS}
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.name != MANIFEST):
        # errors name the file as every game's do: with its folder (shown_path); the digest, by its name
        text = read_text(path, max_bytes=MAX_BYTES, label=shown_path(path), sources=sources)
        digest.update(path.name.encode() + b"\0" + text.encode())
        for section, its in _read_kept(CardFile(path, shown_path(path), text), store).items():
            items[section] += its
    return items, digest.hexdigest()[:16]


#: What a card file's read, and the manifest's, are kept as in the read store.
_KEPT_AS, _MANIFEST_KEPT_AS = "racolage card file", "racolage manifest"


def _read_kept(file: CardFile, store: ReadStore | None) -> dict[str, list[Item]]:
    """A card file's items: read back from ``store`` if it kept them for this text, else read
    from its YAML (and kept)."""
    return read_through(store, _KEPT_AS, file.path, file.text, lambda: _read_file(file), kept_items,
                        lambda kept: items_back(file, kept, FIELDS))


def _manifest(folder: Path, sources: Sources = NO_SOURCES, store: ReadStore | None = None) -> tuple[dict[str, int], str]:
    path = folder / MANIFEST
    text = read_text(path, max_bytes=64 * 1024, label=str(path), sources=sources)
    return read_through(store, _MANIFEST_KEPT_AS, path, text, lambda: _read_manifest(path, text), lambda read: read,
                        _manifest_back)


def _manifest_back(kept: Any) -> tuple[dict[str, int], str]:
    """A manifest's read as kept (its sizes and name); ValueError for an entry of another shape."""
    if not (isinstance(kept, tuple) and len(kept) == 2 and isinstance(kept[0], dict) and set(kept[0]) == set(SIZES)
            and all(type(v) is int for v in kept[0].values()) and isinstance(kept[1], str)):
        raise ValueError(f"not a kept manifest: {kept!r}")
    return kept


def _read_manifest(path: Path, text: str) -> tuple[dict[str, int], str]:
    import yaml

    from ...sets.safe_yaml import compose

    root = compose(text, str(path))
    data = yaml.safe_load(text) if root is not None else None
    where = Located(str(path))
    if not isinstance(data, dict) or data.get("game") != GAME:
        raise CardError(f"not a Racolage Électoral set: its manifest must say `game: {GAME}`", where)
    sizes = data.get("sizes", SIZES)
    if not isinstance(sizes, dict) or set(sizes) - set(SIZES) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in sizes.values()):
        raise CardError("sizes: expected counts of " + ", ".join(SIZES), where)
    name = data.get("name", "Racolage Électoral")
    return {**SIZES, **sizes}, str(name)


def _read_file(file: CardFile) -> dict[str, list[Item]]:
    """The items of one card file, by section, composed from its YAML."""
    import yaml

    from ...sets.safe_yaml import compose

    items: dict[str, list[Item]] = {section: [] for section in FIELDS}
    root = compose(file.text, file.name)
    sections = ", ".join(FIELDS)
    if not isinstance(root, yaml.MappingNode):
        raise CardError(f"a card file is a mapping of sections ({sections})", Located(file.name, 1, 1))
    constructor = yaml.SafeLoader("")
    for key, value in root.value:
        section = str(key.value)
        at = Located(file.name, key.start_mark.line + 1, key.start_mark.column + 1)
        if section not in FIELDS:
            near = did_you_mean(section, FIELDS)
            raise CardError(f'unknown section "{section}"; sections are {sections}', at,
                            hint=f'did you mean "{near}"?' if near else None).with_source(file.lines)
        if not isinstance(value, yaml.SequenceNode):
            raise CardError(f"{section}: expected a list of items", at).with_source(file.lines)
        items[section] += [read_item(file, section, node, FIELDS[section], "id", constructor) for node in value.value]
    return items


def _text(it: Item, key: str) -> str:
    value = it.get(key, str, "a text")
    if value is None or not value.strip():
        raise it.error(f"{key}: expected a text", it.node_of(key) if key in it.values else None)
    return str(value).strip()


def _number(it: Item, key: str, low: int, high: int) -> int:
    value = it.get(key, int, "a whole number")
    if value is None:
        raise it.error(f"{key}: expected a whole number")
    if not low <= value <= high:
        raise it.error(f"{key}: {value} is not between {low} and {high}", it.node_of(key))
    return int(value)


def _known(it: Item, key: str, known: list[str], what: str) -> str:
    value = _text(it, key)
    if value not in known:
        near = did_you_mean(value, known)
        raise it.error(f'{key}: unknown {what} "{value}"', it.node_of(key),
                       f'did you mean "{near}"?' if near else f"{what}s are " + ", ".join(known))
    return value


def _theme(it: Item) -> Theme:
    return Theme(_text(it, "id"), _text(it, "fr"), _text(it, "colour"))


def _party(it: Item) -> Party:
    return Party(_text(it, "id"), _text(it, "name"), _text(it, "en"))


def _media(it: Item, themes: list[str]) -> Media:
    value = _number(it, "value", 1, 9)
    if value not in MEDIA_VALUES:
        raise it.error(f"value: a Media card is worth {', '.join(map(str, MEDIA_VALUES))} (RA1.4), not {value}",
                       it.node_of("value"))
    low, high = _number(it, "min", 0, 999), _number(it, "max", 0, 999)
    if low > high:
        raise it.error(f"min: the range {low} → {high} is empty (RA6.1: both bounds are allowed)", it.node_of("min"))
    return Media(_text(it, "id"), _text(it, "name"), _text(it, "en"), value, _known(it, "theme", themes, "theme"),
                 low, high)


def _action(it: Item, themes: list[str], memo: Memo | None = None) -> Action:
    kinds = [k.value for k in ActionKind]
    kind = ActionKind(_known(it, "kind", kinds, "kind"))
    theme = _known(it, "theme", themes, "theme") if "theme" in it.values else None
    if kind is ActionKind.CATCHPHRASE and theme is None:
        raise it.error("a Catchphrase has a theme (RA6.2): add `theme:`")
    if theme is not None and kind not in (ActionKind.CATCHPHRASE, ActionKind.EVENT):
        raise it.error(f"theme: only a Catchphrase or an Event has a theme, not a {kind.value}", it.node_of("theme"))
    bonus = _number(it, "bonus", 1, MAX_BONUS) if "bonus" in it.values else 0
    if kind is ActionKind.DIRECT and not bonus:
        raise it.error("a Direct Action has a notoriety bonus (RA6.2, RA11.1): add `bonus:`")
    if bonus and kind is not ActionKind.DIRECT:
        raise it.error(f"bonus: only a Direct Action has a bonus, not a {kind.value}", it.node_of("bonus"))
    card_id = _text(it, "id")
    if "effect" not in it.values:
        if kind in (ActionKind.TEMPORARY, ActionKind.PRIVILEGE):
            raise it.error(f"a {kind.value} does what its `effect:` says: add one")
        return Action(card_id, _text(it, "name"), _text(it, "en"), kind, theme, bonus)
    text = _text(it, "effect")
    first, indent = scalar_origin(it.file.lines, it.node_of("effect"))
    origin = Origin(it.file.name, card_id, first, indent)
    ctx = Context("card", abilities=kind.permanent is not None)

    def attempt(step: Callable[[], Any]) -> Any:
        try:
            return step()
        except CardError as e:
            raise e.with_source(it.file.lines) from None

    names = racolage_names(themes)

    def made() -> tuple[Any, Any]:
        checked = attempt(lambda: LANGUAGE.check(LANGUAGE.parse(it.values["effect"][0], origin, memo),
                                                 names, ctx, origin))
        problem = LANGUAGE.vocabulary.bounds.over_budget(checked.program, checked.work.fixed, 0, 0, origin,
                                                         WORK_BUDGET)
        if problem is not None:
            raise problem.with_source(it.file.lines)
        return checked, LANGUAGE.compile(checked, card_id)

    # An editor's re-check (a memo) does not do again an effect whose inputs are those of the last.
    checked, compiled = made() if memo is None else memo.get(
        ("effect", it.values["effect"][0], origin, ctx, names), made)
    return Action(card_id, _text(it, "name"), _text(it, "en"), kind, theme, bonus, text, checked, compiled)


def _unique(items: list[Item], what: str) -> None:
    seen: set[str] = set()
    for it in items:
        key = str(it.values["id"][0])
        if key in seen:
            raise it.error(f'id: another {what} is "{key}" already', it.node_of("id"))
        seen.add(key)
