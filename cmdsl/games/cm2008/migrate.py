"""`cmdsl migrate DIR`: rewrite a card set of card format 1 in format 2 (docs/cardsets.md).

Format 1 inferred a discard cost from the ``discard N`` lines that begin a Campaign Strategy
card's effect; format 2 declares it (``cost: discard N``, cmdsl/cost.py). The rewrite is a text
edit guided by the positions of the composed YAML, never a re-dump (PyYAML drops comments): it
inserts one ``cost:`` line before ``effect:``, removes the discard lines it replaces, and changes
the manifest's ``format`` value. Every other byte stays as it was.

Safety: everything is read, planned and verified before anything is written. Each rewritten card
is parsed again and must say the same as before with its cost moved (the AST compares without
positions), so a migration cannot change what a card does. Hostile or damaged input is refused
with located errors and no file is touched. Each file is replaced atomically (a temporary file
beside it, then a rename); the manifest is replaced last, so a set is never marked format 2
before its cards are.
"""

from __future__ import annotations

import difflib
import os
import re
import tempfile
from pathlib import Path
from typing import Final

import yaml

from .cost import leading_discards, render_discard
from ...errors import CardError, CardSetError, Located, shown_path
from .vocabulary import nodes as A
from ...lang.origin import Origin
from .vocabulary import parse_effect
from .card_file import CARD_FILE_MAX_BYTES, CARD_FILE_MAX_DEPTH, card_files
from .manifest import CARD_FORMAT, MANIFEST_MAX_BYTES, MANIFEST_NAME, OldFormatError, read_manifest
from ...sets.safe_yaml import compose
from ...sets.text_files import read_text, scalar_origin
from ...values import value

#: A line of an effect block that is only a discard count, and perhaps a comment (kept on `cost:`).
_DISCARD_LINE: Final = re.compile(r"^(?P<indent>[ ]*)discard[ ]+(?P<n>[0-9]+)[ ]*(?P<comment>#[^\r]*?)?[ \r]*$")
#: What may stand before a key on its line in block style: indentation and list dashes.
_KEY_PREFIX: Final = re.compile(r"^[ ]*(-[ ]+)*$")


@value
class FileChange:
    """One file's rewrite: its text before and after, and what changed, one line each."""

    path: Path
    old: str
    new: str
    notes: tuple[str, ...]


@value
class Plan:
    """What migrating a set does; ``changes`` is empty when the set is already current."""

    folder: Path
    from_format: int
    changes: tuple[FileChange, ...]

    def diff(self) -> str:
        """The whole rewrite as a unified diff, paths relative to the set's folder."""
        out: list[str] = []
        for c in self.changes:
            name = c.path.name
            out += difflib.unified_diff(c.old.splitlines(keepends=True), c.new.splitlines(keepends=True),
                                        f"a/{name}", f"b/{name}")
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in out)


class _Edits:
    """Whole-line replacements of one file's text, keyed by 0-based line: applied at once, so the
    positions read from the original YAML stay valid however many lines an edit adds or removes."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")  # as the loader splits: positions are the same
        self.by_line: dict[int, list[str]] = {}

    def replace(self, line: int, new: list[str]) -> None:
        assert line not in self.by_line, "two edits of one line"
        self.by_line[line] = new

    def text(self) -> str:
        out: list[str] = []
        for i, line in enumerate(self.lines):
            out += self.by_line.get(i, [line])
        return "\n".join(out)


def plan_migration(folder: Path) -> Plan:
    """Read and rewrite (in memory) the set at ``folder``; raise ``CardSetError`` with every
    problem found, located, when any file cannot be migrated."""
    manifest_path = folder / MANIFEST_NAME
    label = shown_path(manifest_path)
    if not manifest_path.is_file():
        raise CardSetError([CardError(f"this card set has no {MANIFEST_NAME}: cannot tell its card format",
                                      Located(shown_path(folder)))])
    _, errors = read_manifest(manifest_path, label)
    old = [e for e in errors if isinstance(e, OldFormatError)]
    others = [e for e in errors if not isinstance(e, OldFormatError)]
    if others:
        raise CardSetError(others)
    if not old:
        return Plan(folder, CARD_FORMAT, ())
    manifest_text = read_text(manifest_path, max_bytes=MANIFEST_MAX_BYTES, label=label)
    from_format, manifest_change = _manifest_change(manifest_path, label, manifest_text)
    changes: list[FileChange] = []
    problems: list[CardError] = []
    for path in card_files(folder):
        name = shown_path(path)
        try:
            text = read_text(path, max_bytes=CARD_FILE_MAX_BYTES, label=name)
            new, notes = migrate_card_text(text, name)
        except CardSetError as e:
            problems += e.errors
            continue
        except CardError as e:
            problems.append(e)
            continue
        if new != text:
            changes.append(FileChange(path, text, new, tuple(notes)))
    if problems:
        raise CardSetError(problems)
    return Plan(folder, from_format, (*changes, manifest_change))


def _manifest_change(path: Path, label: str, text: str) -> tuple[int, FileChange]:
    root = compose(text, label)
    assert isinstance(root, yaml.MappingNode)  # read_manifest accepted it
    node = next(v for k, v in root.value if k.value == "format")
    start, end = node.start_mark, node.end_mark
    assert isinstance(node, yaml.ScalarNode) and start.line == end.line  # an int, read_manifest says
    edits = _Edits(text)
    line = edits.lines[start.line]
    edits.replace(start.line, [line[:start.column] + str(CARD_FORMAT) + line[end.column:]])
    old = int(node.value, 0)
    return old, FileChange(path, text, edits.text(), (f"format: {node.value} → {CARD_FORMAT}",))


def migrate_card_text(text: str, name: str) -> tuple[str, list[str]]:
    """One card file of format 1 in format 2, and a note per card changed; ``CardSetError`` with
    every card that cannot be migrated, located."""
    root = compose(text, name, max_depth=CARD_FILE_MAX_DEPTH)
    edits = _Edits(text)
    notes: list[str] = []
    errors: list[CardError] = []
    for card in _cards(root):
        try:
            note = _migrate_card(card, edits, name)
        except CardError as e:
            errors.append(e.with_source(edits.lines))
            continue
        if note is not None:
            notes.append(note)
    if errors:
        raise CardSetError(errors)
    new = edits.text()
    if notes:
        _verify(text, new, name)
    return new, notes


def _cards(root: yaml.Node | None) -> list[yaml.MappingNode]:
    """The items of the file's ``cards`` section that are mappings. Anything else the loader
    reports after migration as it would before: only costs are this module's business."""
    if not isinstance(root, yaml.MappingNode):
        return []
    out: list[yaml.MappingNode] = []
    for key, item in root.value:
        if key.value == "cards" and isinstance(item, yaml.SequenceNode):
            out += [n for n in item.value if isinstance(n, yaml.MappingNode)]
    return out


@value
class _Card:
    """A card's fields as nodes: what the migration reads."""

    id: str | None
    fields: dict[str, tuple[yaml.Node, yaml.Node]]

    @staticmethod
    def of(node: yaml.MappingNode) -> "_Card":
        fields = {str(k.value): (k, v) for k, v in node.value}
        ident = fields.get("id", (None, None))[1]
        return _Card(str(ident.value) if isinstance(ident, yaml.ScalarNode) else None, fields)


def _effect(card: _Card, lines: list[str], name: str) -> tuple[yaml.ScalarNode, A.Program] | None:
    if "effect" not in card.fields:
        return None
    node = card.fields["effect"][1]
    if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
        return None  # not effect text: the loader says so
    first, indent = scalar_origin(lines, node)
    return node, parse_effect(node.value, Origin(name, card.id, first, indent))


def _migrate_card(node: yaml.MappingNode, edits: _Edits, name: str) -> str | None:
    card = _Card.of(node)
    found = _effect(card, edits.lines, name)
    if found is None:
        return None
    effect, program = found
    leading = leading_discards(program)
    later = [s for s in program.body[len(leading):] if isinstance(s, A.Discard) and isinstance(s.amount, A.Num)]

    def error(message: str, pos: A.Pos | yaml.Mark, hint: str | None = None) -> CardError:
        line, col = (pos.line, pos.col) if isinstance(pos, A.Pos) else (pos.line + 1, pos.column + 1)
        return CardError(message, Located(name, line, col, card.id), hint=hint)

    if later:
        raise error(f"in card format 1 this `{render_discard(later[0])}` is a discard cost paid where it stands, "
                    "after other lines; format 2 pays a cost before the effect, so this card cannot be "
                    "migrated without changing what it does", later[0].pos,
                    "move it to the start of the effect (a cost, paid first) or inside `as you:` (a plain "
                    "discard, no cost), then run `cmdsl migrate` again")
    if not leading:
        return None
    if "cost" in card.fields:
        raise error("this card has a `cost:` field and its effect begins with a format-1 cost: which is meant?",
                    card.fields["cost"][0].start_mark,
                    "keep one: remove the `discard` line or the `cost:` field, then run `cmdsl migrate` again")
    if effect.style != "|":
        raise error("migrate moves a cost out of an effect written as a block (`effect: |`); this one is not",
                    effect.start_mark, "write the effect as a block, then run `cmdsl migrate` again")
    amount = 0
    comments: list[str] = []
    for st in leading:
        m = _DISCARD_LINE.match(edits.lines[st.pos.line - 1])
        if m is None or st.pos.col != len(m.group("indent")) + 1:
            raise error("cannot rewrite this line: a discard cost must stand alone on its line",
                        st.pos, "put it on a line of its own, then run `cmdsl migrate` again")
        amount += int(m.group("n"))
        if m.group("comment"):
            comments.append(m.group("comment").removeprefix("#").strip())
        whole = st is leading[-1] and len(leading) == len(program.body)
        # When the cost was the whole effect, `nothing` keeps it an effect (and it does nothing).
        edits.replace(st.pos.line - 1, [m.group("indent") + "nothing" + _eol(m.group(0))] if whole else [])
    key = card.fields["effect"][0].start_mark
    key_line = edits.lines[key.line]
    prefix = key_line[:key.column]
    if not _KEY_PREFIX.match(prefix):
        raise error("cannot add `cost:` before this `effect:`: it does not start its line", key)
    if amount == 0:  # `discard 0` was no cost: the lines go, nothing replaces them
        return f"{card.id}: removed `discard 0` (no cost)"
    comment = f"  # {'; '.join(comments)}" if comments else ""
    cost_line = f"{prefix}cost: discard {amount}{comment}{_eol(key_line)}"
    edits.replace(key.line, [cost_line, " " * key.column + key_line[key.column:]])
    moved = " and ".join(f"`{render_discard(s)}`" for s in leading)
    return f"{card.id}: {moved} → `cost: discard {amount}` (line {key.line + 1})"


def _eol(line: str) -> str:
    """A CRLF file's lines keep their CR: an inserted line gets the same ending."""
    return "\r" if line.endswith("\r") else ""


def _verify(old: str, new: str, name: str) -> None:
    """Each card of ``new`` must say what it said in ``old``: the same effect with its leading
    discards moved to a cost of the same total, and every other field the same."""
    before = {i: c for i, c in enumerate(_cards(compose(old, name, max_depth=CARD_FILE_MAX_DEPTH)))}
    after = _cards(compose(new, name, max_depth=CARD_FILE_MAX_DEPTH))
    old_lines, new_lines = old.split("\n"), new.split("\n")
    for i, node in enumerate(after):
        was, now = _Card.of(before[i]), _Card.of(node)
        a, b = _effect(was, old_lines, name), _effect(now, new_lines, name)
        assert a is not None and b is not None
        leading = leading_discards(a[1])
        body = a[1].body[len(leading):] or ((A.Nothing(),) if leading else ())
        cost = sum(s.amount.value for s in leading if isinstance(s.amount, A.Num))
        declared = now.fields.get("cost", (None, None))[1]
        same_fields = {k: v.value for k, (_, v) in was.fields.items() if k not in ("effect", "cost")} == \
            {k: v.value for k, (_, v) in now.fields.items() if k not in ("effect", "cost")}
        if b[1].body != body or not same_fields or (declared.value if declared is not None else None) != \
                (f"discard {cost}" if cost else None):
            raise CardSetError([CardError("cmdsl migrate could not rewrite this card safely; nothing was written "
                                          "(please report it)", Located(name, before[i].start_mark.line + 1,
                                                                        before[i].start_mark.column + 1, was.id))])
    if len(after) != len(before):
        raise CardSetError([CardError("cmdsl migrate lost or added a card; nothing was written (please report it)",
                                      Located(name))])


def apply(plan: Plan) -> None:
    """Write a plan: every new text to a temporary file beside its file first, then each renamed
    over its file (an atomic replace), the manifest last. A failure before the renames leaves
    every file as it was."""
    temps: list[tuple[Path, Path]] = []
    try:
        for c in plan.changes:
            fd, tmp_name = tempfile.mkstemp(prefix=f".{c.path.name}.", suffix=".migrating", dir=c.path.parent)
            temps.append((Path(tmp_name), c.path))
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
                f.write(c.new)
            os.chmod(tmp_name, c.path.stat().st_mode & 0o777)
    except OSError as e:
        for temp, _ in temps:
            temp.unlink(missing_ok=True)
        raise CardSetError([CardError(f"cannot write: {e.strerror or e}; nothing was changed",
                                      Located(shown_path(plan.folder)))]) from None
    for temp, path in temps:
        os.replace(temp, path)


def report(plan: Plan) -> str:
    """What a plan changes, per file, for people."""
    where = shown_path(plan.folder)
    if not plan.changes:
        return f"{where}: already card format {CARD_FORMAT}; nothing to change."
    out = [f"{where}: card format {plan.from_format} → {CARD_FORMAT}"]
    for c in plan.changes:
        out.append(f"  {c.path.name}:")
        out += [f"    {n}" for n in c.notes]
    return "\n".join(out)

