"""A card set's ``manifest.yaml``: which game it is for, its name, its format version, the setup
modes it supports and the sizes it promises (docs/cardsets.md). Read and validated here; the
sizes are compared with the cards in ``cmdsl.games.cm2008.setcheck``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

from ...errors import CardError, Located, did_you_mean, shown_path
from .setup import SETUP_MODES
from .model import SetManifest, SetupMode, Side, Source
from ...sets.health_targets import HEALTH_KEY
from ...sets.read_store import ReadStore, read_through
from ...sets.text_files import NO_SOURCES, Sources, read_text
from ...values import value

if TYPE_CHECKING:  # composing needs it; a manifest read back from the read store does not
    import yaml

MANIFEST_NAME: Final = "manifest.yaml"
MANIFEST_MAX_BYTES: Final = 64 * 1024  # a manifest is a dozen lines
KNOWN_GAMES: Final = ("cm2008",)
#: The card-file format this cmdsl reads and writes. 2: a discard cost is declared (`cost: discard 1`,
#: cmdsl/cost.py), where 1 inferred it from the effect. A newer format is refused, not misread.
CARD_FORMAT: Final = 2
#: Older formats that `cmdsl migrate DIR` rewrites to ``CARD_FORMAT`` (cmdsl/migrate.py).
MIGRATABLE_FORMATS: Final = (1,)
FIELDS: Final = ("game", "name", "format", "setups", "sizes")
SIDE_SIZES: Final = ("campaign_cards", "beginner_cards", "states_per_pile")
SET_SIZES: Final = ("states", "electoral_votes", "breaking_news")
SIZES: Final = SIDE_SIZES + SET_SIZES


EXAMPLE: Final = """game: cm2008
name: My card set
format: 2
setups: [beginner, choose-states, draft]
sizes:
  campaign_cards: 45
  beginner_cards: 15
  states: 20
  electoral_votes: 226
  states_per_pile: 10
  breaking_news: 20"""


@value
class Promise:
    """A size the manifest promises: one number for the set, or one per side; and where."""

    by_side: dict[Side, int] | None
    total: int | None
    where: Located

    def of(self, side: Side | None) -> int:
        if side is None:
            assert self.total is not None
            return self.total
        assert self.by_side is not None
        return self.by_side[side]


@value
class Manifest:
    info: SetManifest
    sizes: dict[str, Promise]  # every name of SIZES
    file: str
    lines: tuple[str, ...]


class OldFormatError(CardError):
    """A set written in an older card format: it is refused whole, with the command that rewrites it."""


def missing_manifest(folder: str) -> CardError:
    return CardError(f"this card set has no {MANIFEST_NAME}", Located(folder),
                     hint=f"add {MANIFEST_NAME} to the folder (see docs/cardsets.md), for example:\n"
                          + "\n".join("    " + ln for ln in EXAMPLE.splitlines()))


def read_manifest(path: Path, label: str, sources: Sources = NO_SOURCES,
                  store: ReadStore | None = None) -> tuple[Manifest | None, list[CardError]]:
    """The manifest at ``path`` (``sources``' text if it has one), or None and every problem found in it, located.
    With a ``store``, a manifest read without a problem is kept there, and read back while its text
    (and the name it is shown by) is unchanged."""
    try:
        text = read_text(path, max_bytes=MANIFEST_MAX_BYTES, label=label, sources=sources)
    except CardError as e:
        return None, [e]
    kind = f"cm2008 manifest {label}"  # a manifest's places name its file
    return read_through(store, kind, path, text, lambda: _read(path, label, text),
                        lambda read: read[0] if not read[1] else None, _manifest_back)


def _read(path: Path, label: str, text: str) -> tuple[Manifest | None, list[CardError]]:
    """The manifest composed from ``text``, or None and every problem found in it."""
    from ...sets.safe_yaml import compose

    try:
        root = compose(text, label)
    except CardError as e:
        return None, [e]
    v = _Validator(label, text.split("\n"), shown_path(path.parent))
    manifest = v.manifest(root)
    return (manifest if not v.errors else None), v.errors


def _manifest_back(kept: object) -> tuple[Manifest | None, list[CardError]]:
    """A manifest read back from the read store; ValueError for an entry of another shape."""
    if not isinstance(kept, Manifest):
        raise ValueError(f"not a kept manifest: {kept!r}")
    return kept, []


class _Validator:
    def __init__(self, file: str, lines: list[str], folder: str) -> None:
        self.file = file
        self.lines = lines
        self.folder = folder  # as shown, for the `cmdsl migrate` hint
        self.errors: list[CardError] = []

    def at(self, node: yaml.Node | None) -> Located:
        if node is None:
            return Located(self.file)
        return Located(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, message: str, node: yaml.Node | None, hint: str | None = None) -> None:
        self.errors.append(CardError(message, self.at(node), hint=hint).with_source(self.lines))

    def mapping(self, node: yaml.Node | None, known: tuple[str, ...], what: str,
                optional: tuple[str, ...] = ()) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """The fields of a mapping node (``known``, and ``optional`` ones); unknown, repeated and
        missing fields are reported."""
        import yaml

        if not isinstance(node, yaml.MappingNode):
            self.fail(f"{what} is a mapping with the fields " + ", ".join(known), node,
                      hint="for example:\n" + "\n".join("    " + ln for ln in EXAMPLE.splitlines()))
            return {}
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for k, v in node.value:
            key = str(k.value)
            if key not in known + optional:
                near = did_you_mean(key, known + optional)
                self.fail(f'unknown field "{key}" in {what}', k,
                          f'did you mean "{near}"?' if near else "fields are " + ", ".join(known + optional))
            elif key in out:
                self.fail(f'field "{key}" is given twice', k)
            else:
                out[key] = (k, v)
        missing = [f for f in known if f not in out]
        if missing:
            self.fail(f"{what}: missing field" + ("s " if len(missing) > 1 else " ") + ", ".join(missing), node)
        return out

    def scalar(self, node: yaml.Node, tag: str, what: str) -> str | None:
        import yaml

        if not isinstance(node, yaml.ScalarNode) or node.tag != f"tag:yaml.org,2002:{tag}":
            shown = node.value if isinstance(node, yaml.ScalarNode) else "a list or mapping"
            self.fail(f"expected {what}, got {shown}", node)
            return None
        return str(node.value)

    def count(self, node: yaml.Node, name: str) -> int | None:
        text = self.scalar(node, "int", f"{name}: a whole number")
        if text is None:
            return None
        n = int(text, 0)
        if n < 0:
            self.fail(f"{name}: a size cannot be negative", node)
            return None
        return n

    def manifest(self, root: yaml.Node | None) -> Manifest | None:
        fields = self.mapping(root, FIELDS, "a manifest", optional=(HEALTH_KEY,))  # health: the study's (health_targets)
        game = name = None
        fmt: int | None = None
        setups: tuple[SetupMode, ...] = ()
        setups_node: yaml.Node | None = None
        if "game" in fields:
            node = fields["game"][1]
            game = self.scalar(node, "str", "the game the set is for, such as cm2008")
            if game is not None and game not in KNOWN_GAMES:
                near = did_you_mean(game, KNOWN_GAMES)
                self.fail(f'unknown game "{game}"; cmdsl plays ' + ", ".join(KNOWN_GAMES), node,
                          f'did you mean "{near}"?' if near else None)
        if "name" in fields:
            name = self.scalar(fields["name"][1], "str", "the set's name, as text")
            if name is not None and not name.strip():
                self.fail("name: give the set a name", fields["name"][1])
        if "format" in fields:
            node = fields["format"][1]
            text = self.scalar(node, "int", f"the card-format version, a whole number such as {CARD_FORMAT}")
            if text is not None:
                fmt = int(text, 0)
                if fmt in MIGRATABLE_FORMATS:
                    self.errors.append(OldFormatError(
                        f"this set is written in card format {fmt}; this cmdsl reads format {CARD_FORMAT}, "
                        "where a discard cost is declared (`cost: discard 1`)", self.at(node),
                        hint=f"run `cmdsl migrate {self.folder}` to rewrite the set (comments and layout are "
                             "kept; add --dry-run to see the changes first)").with_source(self.lines))
                elif fmt != CARD_FORMAT:
                    self.fail(f"format {fmt} is not supported: this cmdsl reads card format {CARD_FORMAT}", node,
                              "a newer format needs a newer cmdsl" if fmt > CARD_FORMAT else None)
        if "setups" in fields:
            setups_node = fields["setups"][1]
            setups = self.setups(setups_node)
        sizes: dict[str, Promise] = {}
        if "sizes" in fields:
            for key, (k, v) in self.mapping(fields["sizes"][1], SIZES, "sizes").items():
                promise = self.promise(key, k, v)
                if promise is not None:
                    sizes[key] = promise
        if self.errors or game is None or name is None or fmt is None or setups_node is None:
            return None
        source = Source(self.file, setups_node.start_mark.line + 1)
        return Manifest(SetManifest(name, game, fmt, setups, source), sizes, self.file, tuple(self.lines))

    def setups(self, node: yaml.Node) -> tuple[SetupMode, ...]:
        import yaml

        if not isinstance(node, yaml.SequenceNode) or not node.value:
            self.fail("setups: a list of setup modes, such as [beginner, choose-states, draft]", node)
            return ()
        out: list[SetupMode] = []
        for item in node.value:
            mode = self.scalar(item, "str", "a setup mode: " + ", ".join(SETUP_MODES))
            if mode is None:
                continue
            if mode not in SETUP_MODES:
                near = did_you_mean(mode, SETUP_MODES)
                self.fail(f'unknown setup mode "{mode}"; modes are ' + ", ".join(SETUP_MODES), item,
                          f'did you mean "{near}"?' if near else None)
            elif mode in out:
                self.fail(f'setup mode "{mode}" is listed twice', item)
            else:
                out.append(mode)
        return tuple(out)

    def promise(self, key: str, key_node: yaml.Node, node: yaml.Node) -> Promise | None:
        import yaml

        where = self.at(key_node)
        if key in SET_SIZES:
            n = self.count(node, key)
            return None if n is None else Promise(None, n, where)
        # A per-side size: one number for both sides, or {mccain: n, obama: n}.
        if isinstance(node, yaml.MappingNode):
            sides = self.mapping(node, tuple(s.value for s in Side), key)
            counts = {Side(s): self.count(v, f"{key}: {s}") for s, (_, v) in sides.items()}
            if len(counts) != len(Side) or any(c is None for c in counts.values()):
                return None
            return Promise({s: c for s, c in counts.items() if c is not None}, None, where)
        n = self.count(node, f"{key} (per side; or {{mccain: n, obama: n}})")
        return None if n is None else Promise({s: n for s in Side}, None, where)
