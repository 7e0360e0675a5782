"""A card set's fingerprint: the digest of what its rules read, not of its files' bytes.

A game says what its checked items are, as plain data (``Plain``: texts, whole numbers, true and
false, nothing, lists and mappings of them); an effect is given as its tree written back as canonical
effect text (``Language.render``), so its spacing, its line breaks and its comments are not part of
it. ``canonical`` writes that data one way only: a mapping's keys sorted (the order of a card's
fields means nothing), a list in its order (a deck's order feeds the seeded shuffle). So a comment,
a reordering of a card's fields, a reflowed effect or a title quoted another way leave the
fingerprint as it was; a changed number, word, card or order of cards changes it (docs/cardsets.md,
"What changes a fingerprint").

Records made before fingerprints were of the meaning name their set by a digest of its files'
bytes (each game keeps that digest as its ``legacy_fingerprint``): ``same_set`` accepts either. The
two digests are of different inputs, one of them prefixed with ``FORM``, so one never stands for
the other.
"""

from __future__ import annotations

import hashlib
from enum import Enum
from typing import Any, Final, Mapping, Sequence, TypeAlias, Union

#: What the meaning digest is of (a digest of other data, the legacy one, never starts so).
FORM: Final = b"cmdsl-set-meaning/1\0"
#: Hexadecimal digits of a fingerprint, as records have always kept them.
DIGITS: Final = 16

#: The data a game gives for its items: what YAML's plain types and a game's enums read into.
Plain: TypeAlias = Union[None, bool, int, str, Enum, Sequence["Plain"], Mapping[Any, "Plain"]]


def canonical(value: Plain) -> str:
    """``value`` written one way only: mappings with their entries sorted by their keys' text,
    lists in order, an enum member as its value, each text with its length (so that no two values
    are written alike). A value of another type is refused (TypeError), never guessed. (Not JSON:
    a `cmdsl check` of a set already read loads no ``json``, tests/test_cold_start.py.)"""
    if isinstance(value, Enum):
        return canonical(value.value)
    if value is None:
        return "n"
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, int):
        return f"i{value};"
    if isinstance(value, str):
        return f"s{len(value)}:{value}"
    if isinstance(value, Mapping):
        return "{" + "".join(sorted(canonical(k) + canonical(v) for k, v in value.items())) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + "".join(canonical(v) for v in value) + "]"
    raise TypeError(f"not plain card-set data: {value!r} ({type(value).__name__})")


def meaning_fingerprint(items: Plain) -> str:
    """The fingerprint of a set whose checked items are ``items`` (``canonical``)."""
    return hashlib.sha256(FORM + canonical(items).encode()).hexdigest()[:DIGITS]


def same_set(recorded: str, fingerprint: str, legacy_fingerprint: str) -> bool:
    """Whether a record's fingerprint names the set whose fingerprints these are: its meaning's
    (a record made since), or its files' bytes' (a record made before, which knows only those)."""
    return recorded == fingerprint or (bool(legacy_fingerprint) and recorded == legacy_fingerprint)
