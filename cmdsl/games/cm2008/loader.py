"""Card files (YAML) → a checked, compiled ``CardSet``, or every problem found, located.

A set is a folder: its ``manifest.yaml`` (``cmdsl.games.cm2008.manifest``) and card files. Each file is read
and composed by ``cmdsl.sets.safe_yaml`` into nodes (which keep line and column): bounded in size and
nesting, no anchors, only plain YAML types. Nothing of a set is returned unless every file in it
is clean and the whole set passes ``cmdsl.games.cm2008.setcheck``.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from functools import partial
from pathlib import Path
from typing import Any, Final, Mapping

from ...errors import CardError, CardSetError, Located, did_you_mean, shown_path
from .vocabulary.checker import Context, ContextKind, Names, campaign_names
from .vocabulary.checker import check
from .vocabulary.compiler import compile_effect
from ...memo import Memo
from ...lang.origin import Origin
from .vocabulary import parse_effect
from .cost import Declared, payment, read_cost, refuse_old_form
from ...lang.work import WORK_BUDGET
from .vocabulary.work import PlayLevels, over_budget, stmt_work
from .manifest import MANIFEST_NAME, Manifest, OldFormatError, missing_manifest, read_manifest
from .model import CARD_TYPES, CardDef, CardType, CardSet, NegativeDef, NewsDef, Side, Source, StateTile
from ...resources import bundled_cards_dir
from ...sets.ids import slug
from ...sets.text_files import NO_SOURCES, Placed, Sources, read_text, scalar_origin
from ...sets.set_location import one_set
from .card_file import CARD_FILE_MAX_BYTES, SECTIONS, CardFileReader, card_files
from ...sets.card_items import CardFile, Item, shown
from .fingerprint import fingerprint, legacy_fingerprint
from .setcheck import Contents, Section, set_errors
from .set_warnings import set_warnings
from ...values import value

#: The documented form of an id (docs/cardsets.md): lower-case ASCII words joined by single hyphens.
ID_FORM: Final = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


class _Loader(CardFileReader):
    """A set's files read, checked and compiled, phase by phase; every problem found is kept."""

    def __init__(self, sources: Sources = NO_SOURCES, memo: Memo | None = None) -> None:
        super().__init__(memo)
        self.sources = sources  # texts that stand for files (an editor's unsaved buffers)
        self.ids: dict[str, Located] = {}  # where each id was first given

    # ---- a set's parts, phase by phase (``load_card_set``) ------------------------------

    def manifest(self, root: Path) -> Manifest | None:
        manifest_path = root / MANIFEST_NAME
        if not manifest_path.is_file():
            self.errors.append(missing_manifest(shown_path(root)))
            return None
        manifest, manifest_errors = read_manifest(manifest_path, shown_path(manifest_path), self.sources, self.store)
        old: list[CardError] = [e for e in manifest_errors if isinstance(e, OldFormatError)]
        if old:
            # Its cards would be misread (format 1 inferred costs): only the way forward is shown.
            raise CardSetError(old)
        self.errors.extend(manifest_errors)
        return manifest

    def files(self, root: Path) -> list[CardFile]:
        files: list[CardFile] = []
        for p in card_files(root):
            try:
                files.append(CardFile(p, shown_path(p), read_text(p, max_bytes=CARD_FILE_MAX_BYTES, label=shown_path(p),
                                                                    sources=self.sources)))
            except CardError as e:
                self.errors.append(e)
        if not files and not self.errors:
            raise CardSetError([CardError("no card files (*.yaml) here", Located(shown_path(root)))])
        return files

    def states(self, items: list[Item]) -> dict[str, StateTile]:
        states: dict[str, StateTile] = {}
        for it in items:
            tile = self.attempt(lambda: self.state(it))
            if tile is None:
                continue
            if tile.name in states:
                self.errors.append(it.error(f'state "{tile.name}" is defined twice', it.node_of("name")))
                continue
            states[tile.name] = tile
        return states

    def unique_id(self, it: Item) -> str:
        """The item's id, checked: of the form of ids, and given once in the whole set."""
        item_id = it.get("id", str, "an id such as obama-yes-we-can")
        if item_id in self.ids:
            first = self.ids[item_id]
            raise it.error(f'id "{item_id}" is used twice: here and at {first.file}:{first.line}:{first.col}',
                           it.node_of("id"), "give one of them another id")
        if not ID_FORM.fullmatch(item_id):
            suggestion = ascii_slug(item_id)
            raise it.error(f'id "{item_id}" is not of the form of ids: lower-case ASCII letters and digits, '
                           'in words joined by single hyphens (like obama-yes-we-can)', it.node_of("id"),
                           f'did you mean "{suggestion}"?' if suggestion else None)
        self.ids[item_id] = it.where(it.node_of("id"))
        return item_id

    def cards(self, items: list[Item], names: Names) -> dict[str, CardDef]:
        cards: dict[str, CardDef] = {}
        for it in items:
            c = self.attempt(partial(self.card, it, names))
            if c is not None:
                cards[c.id] = c
        return cards

    def card(self, it: Item, names: Names) -> CardDef:
        item_id = self.unique_id(it)
        side = self.side(it, "side")
        typ = it.get("type", str, "a card type")
        if typ not in CARD_TYPES:
            near = did_you_mean(typ, CARD_TYPES)
            raise it.error(f'type: unknown card type "{typ}"; types are ' + ", ".join(CARD_TYPES),
                           it.node_of("type"), f'did you mean "{near}"?' if near else None)
        demo = it.get("demographic", str, "a demographic group")
        if demo is not None and demo not in names["group"]:
            near = did_you_mean(demo, names["group"])
            raise it.error(f'demographic: unknown demographic group "{demo}"', it.node_of("demographic"),
                           f'did you mean "{near}"?' if near else None)
        cost = self.cost(it, item_id)
        text, checked, compiled = self.effect(it, item_id, names, Context(ContextKind.CARD, abilities=typ == "media"), cost)
        return CardDef(item_id, side, it.get("title", str, "a title"), CardType(typ), text, checked, compiled.run,
                       compiled.abilities, bool(it.get("beginner", bool, "true or false")),
                       bool(it.get("going_negative", bool, "true or false")), demo,
                       Source(it.file.name, it.node.start_mark.line + 1, text),
                       cost.cost if cost is not None else None, self.title_fr(it))

    def news(self, items: list[Item], names: Names) -> dict[str, NewsDef]:
        news: dict[str, NewsDef] = {}
        for it in items:
            def one_news(it: Item = it) -> NewsDef:
                item_id = self.unique_id(it)
                text, checked, compiled = self.effect(it, item_id, names, Context(ContextKind.NEWS, has_actor=False))
                return NewsDef(item_id, it.get("title", str, "a title"), text, checked, compiled.run,
                               Source(it.file.name, it.node.start_mark.line + 1, text), self.title_fr(it))
            n = self.attempt(one_news)
            if n is not None:
                news[n.id] = n
        return news

    def negative(self, items: list[Item], names: Names) -> dict[int, NegativeDef]:
        negative: dict[int, NegativeDef] = {}
        for it in items:
            def result(it: Item = it) -> NegativeDef:
                roll = it.get("roll", int, "a die result from 1 to 6")
                if not 1 <= roll <= 6 or roll in negative:
                    raise it.error("roll: each die result 1 to 6 appears exactly once", it.node_of("roll"))
                text, checked, compiled = self.effect(it, f"going-negative-{roll}", names, Context(ContextKind.NEGATIVE))
                return NegativeDef(roll, it.get("title", str, "a title"), text, checked, compiled.run,
                                   Source(it.file.name, it.node.start_mark.line + 1, text), self.title_fr(it))
            r = self.attempt(result)
            if r is not None:
                negative[r.roll] = r
        return negative

    @staticmethod
    def title_fr(it: Item) -> str | None:
        """The optional French title (``title_fr:``): printed and shown in French; never read by the rules."""
        title = it.get("title_fr", str, "a French title")
        if title is not None and not title.strip():
            raise it.error("title_fr: empty; give the French title, or leave the line out", it.node_of("title_fr"))
        return title.strip() if title is not None else None

    # ---- items → definitions ---------------------------------------------------

    def state(self, it: Item) -> StateTile:
        name = it.get("name", str, "a state name")
        ev = it.get("ev", int, "a number of electoral votes")
        if ev <= 0:
            raise it.error("ev: must be positive", it.node_of("ev"))
        pile = self.side(it, "pile")
        rows: dict[str, tuple[str, ...]] = {}
        for issue in ("defense", "economy"):
            text = it.get(issue, str, "a row such as R W B")
            letters = tuple(text.split())
            bad = next((x for x in letters if x not in ("R", "B", "W")), None)
            if bad is not None:  # the caret under the letter that is wrong, not the row's start
                node = it.node_of(issue)
                at = _offset_in_scalar(node, text, text.split().index(bad))
                raise it.error(f"{issue}: {shown(bad)} is not a circle: each is R (McCain), B (Obama) or W "
                               f"(undecided) (R2.2)", node, at=at)
            if not 3 <= len(letters) <= 5:
                raise it.error(f"{issue}: a row is 3 to 5 circles, each R, B or W (R2.2), got {shown(text)}",
                               it.node_of(issue))
            rows[issue] = letters
        box = it.get("issue", int, "a start box from 1 to 4")
        if not 1 <= box <= 4:
            raise it.error("issue: the start box is 1 to 4 (1-2 Defense, 3-4 Economy)", it.node_of("issue"))
        groups = it.get("groups", list, "a list of two demographic groups")
        if len(groups) != 2 or not all(isinstance(g, str) for g in groups) or groups[0] == groups[1]:
            raise it.error("groups: a state has two different demographic groups (R2.4)", it.node_of("groups"))
        key = it.get("key", str, "one of the state's two groups")
        if key not in groups:
            near = did_you_mean(key, groups)
            raise it.error(f'key: "{key}" is not one of this state\'s groups ({groups[0]}, {groups[1]})',
                           it.node_of("key"), f'did you mean "{near}"?' if near else None)
        beginner = it.get("beginner", bool, "true or false") or False
        return StateTile(name, ev, pile, rows, box, (groups[0], groups[1]), key, beginner,
                         Source(it.file.name, it.node.start_mark.line + 1))

    def side(self, it: Item, key: str) -> Side:
        value = it.get(key, str, "mccain or obama")
        try:
            return Side(value)
        except ValueError:
            near = did_you_mean(value, ["mccain", "obama"])
            raise it.error(f'{key}: "{value}" is not a side (mccain or obama)', it.node_of(key),
                           f'did you mean "{near}"?' if near else None) from None

    def cost(self, it: Item, item_id: str) -> Declared | None:
        """A card's `cost:` field, checked (cmdsl/cost.py); None when it has none."""
        if "cost" not in it.values:
            return None
        value, node = it.values["cost"]
        return read_cost(value, node, it.file.lines, it.file.name, item_id)

    def effect(self, it: Item, item_id: str, names: Names, ctx: Context,
               cost: Declared | None = None) -> tuple[str, Any, Any]:
        text = it.get("effect", str, "effect text")
        node = it.node_of("effect")
        first, indent = scalar_origin(it.file.lines, node)
        origin = Origin(it.file.name, item_id, first, indent)

        def made() -> tuple[Any, Any]:
            try:
                program = parse_effect(text, origin, self.memo)
                if ctx.kind == ContextKind.CARD:
                    refuse_old_form(program, origin)
                checked = check(program, names, ctx, origin)
            except CardError as e:
                raise e.with_source(it.file.lines) from None
            if cost is None:
                return checked, compile_effect(checked, item_id)
            # The cost is paid first, by the statement format 1's inferred cost compiled to: the card
            # plays as before. The checked program stays the effect as written (its text, its source).
            pay = payment(cost)
            checked = dataclasses.replace(checked, work=checked.work + stmt_work(pay, len(names["state"])))
            paying = dataclasses.replace(checked, program=dataclasses.replace(
                checked.program, body=(pay, *checked.program.body)))
            return checked, compile_effect(paying, item_id)

        # With a memo (an editor's re-check), an effect whose text, place, context, cost and
        # quotable names are those of the last check is not parsed, checked or compiled again.
        checked, compiled = made() if self.memo is None else self.memo.get(
            ("effect", text, origin, ctx, cost, names), made)
        return text, checked, compiled


def _offset_in_scalar(node: Placed, text: str, word: int) -> int:
    """Columns from a one-line plain or quoted scalar's start to its ``word``-th word (0 when the
    scalar spans lines: the caret stays at its start)."""
    if node.start_mark.line != node.end_mark.line:
        return 0
    quoted = 1 if getattr(node, "style", None) in ("'", '"') else 0
    return quoted + [m.start() for m in re.finditer(r"\S+", text)][word]


def load_card_set(path: str | Path | None = None, *, sources: Sources = NO_SOURCES,
                  memo: Memo | None = None) -> CardSet:
    """Load, check and compile a card set (a folder: ``manifest.yaml`` and card files; a file
    stands for its folder, a folder holding one set folder for that set; default: the bundled set).
    ``sources``: texts that stand for some of its files; ``memo``: what an earlier load of the set
    may keep for the next (an editor's re-checks).

    Raises ``CardSetError`` listing every problem; nothing is loaded unless all is clean.
    """
    read = read_card_set(path, sources=sources, memo=memo)
    if read.errors:
        raise CardSetError(list(read.errors))
    assert read.cards is not None
    return read.cards


@value
class SetRead:
    """A set read as far as it could be: the set when it is clean, else every problem found, and
    the states, cards and results that were read clean (an editor names them while a file is broken)."""

    cards: CardSet | None
    errors: tuple[CardError, ...]
    states: Mapping[str, StateTile]
    card_defs: Mapping[str, CardDef]
    news: Mapping[str, NewsDef]
    negative: Mapping[int, NegativeDef]


def read_card_set(path: str | Path | None = None, *, sources: Sources = NO_SOURCES,
                  memo: Memo | None = None) -> SetRead:
    """``load_card_set``'s work, without raising for the problems it finds in the set's items;
    a set it cannot start to read (no manifest of this format, no card file) still raises."""
    # The same folder rule as every command (`cmdsl check`, --cards, cmdsl.toml): one loader, one rule.
    root = one_set(Path(path)) if path is not None else bundled_cards_dir()
    ld = _Loader(sources, memo)
    manifest = ld.manifest(root)
    files = ld.files(root)
    if memo is not None or ld.errors or manifest is None:  # an editor's memo is its own; a broken start is told again
        return _read_items(ld, root, manifest, files)
    # Everything the read depends on: the folder as given (the set's name), the texts (whatever
    # gave them: files or an editor's sources) and the names they are shown by, relative to the
    # current directory (so another directory is another key).
    key = (str(root), manifest.file, manifest.lines, tuple((f.name, f.text) for f in files))
    return SETS_READ.get(key, lambda: _read_items(ld, root, manifest, files))


#: The sets read in this process, by everything their read depends on (``read_card_set``): a game
#: dealt again, a test's or a command's second read of an unchanged set is not checked again. A set
#: is an immutable value; a changed byte, name or current directory is another key.
SETS_READ: Final = Memo(size=4)


def _read_items(ld: _Loader, root: Path, manifest: Manifest | None, files: list[CardFile]) -> SetRead:
    """The rest of ``read_card_set``: the items of the files read, checked and compiled into a set."""
    sections: dict[Section, list[Item]] = {s: [] for s in SECTIONS}
    for f in files:
        for key, items in ld.read(f).items():
            sections[key].extend(items)
    states = ld.states(sections["states"])
    names = campaign_names(states, (g for t in states.values() for g in t.groups))
    cards = ld.cards(sections["cards"], names)
    news = ld.news(sections["breaking_news"], names)
    negative = ld.negative(sections["going_negative"], names)
    levels = PlayLevels.of([c.checked.work for c in cards.values()])
    # Whole-set counts mean something only once every item has loaded and the manifest is good.
    warnings: tuple[CardError, ...] = ()
    if not ld.errors and manifest is not None:
        at = {(section, it.label or ""): it.where() for section in SECTIONS for it in sections[section]}
        contents = Contents(shown_path(root), states, cards, news, negative, at, tuple(ld.sections))
        lines = {f.name: f.lines for f in files}
        ld.errors.extend(e.with_source(lines.get(e.where.file, [])) for e in set_errors(contents, manifest))
        ld.errors.extend(_work_errors(levels, len(states), cards, news, negative, files))
        lines[manifest.file] = list(manifest.lines)  # a warning may point at the manifest
        warnings = tuple(w.with_source(lines.get(w.where.file, [])) for w in set_warnings(contents, manifest))
    whole = None
    if not ld.errors:
        assert manifest is not None
        whole = CardSet(root.name, states, cards, news, negative, fingerprint(states, cards, news, negative),
                        manifest.info, levels.work[1], warnings, legacy_fingerprint(files))
    return SetRead(whole, tuple(ld.errors), states, cards, news, negative)


def _work_errors(levels: PlayLevels, states: int, cards: dict[str, CardDef], news: dict[str, NewsDef],
                 negative: dict[int, NegativeDef], files: list[CardFile]) -> list[CardError]:
    """Every effect whose bounded work is over the budget (lang/work.py), at its outermost loop."""
    lines = {f.name: f.lines for f in files}
    errors: list[CardError] = []
    items: list[CardDef | NewsDef | NegativeDef] = [*cards.values(), *news.values(), *negative.values()]
    # A card that plays another counts the dearest card of the set: one effect over the budget on
    # its own would make every such card over it too. Report the effects over it on their own, and
    # only when there are none, those over it through what they may play.
    alone = [item for item in items if item.checked.work.at(0) > WORK_BUDGET]
    for item in alone or items:
        w = item.checked.work
        total = levels.card(w) if isinstance(item, CardDef) else levels.other(w)
        file = item.source.file if item.source is not None else "<cards>"
        err = over_budget(item.checked.program, total, levels.work[1], states, Origin(file, item.id))
        if err is not None:
            errors.append(err.with_source(lines.get(file, [])))
    return errors


def ascii_slug(text: str) -> str:
    """``text`` in the form of an id: accents dropped, other characters as word breaks."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return slug(plain)
