"""Where the grammar and the bundled card data live, installed or in a source checkout.

An installed wheel carries ``grammar/`` and ``cards/`` as the package data ``cmdsl.grammar``
and ``cmdsl.cards`` (see pyproject.toml); a source checkout has them beside ``cmdsl/``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def _data_dir(package: str, folder: str) -> Any:
    try:
        found = resources.files(package)
        if found.is_dir():
            return found
    except ModuleNotFoundError:
        pass
    return _SOURCE_ROOT / folder


#: The core effect language's grammar (each game's vocabulary extends it: cmdsl/lang/grammar.py).
GRAMMAR_FILE = "core.lark"


def grammar_file(name: str) -> Any:
    """A file of the grammar folder (a Traversable; a real path in a source checkout)."""
    return _data_dir("cmdsl.grammar", "grammar") / name


def grammar_text() -> str:
    """The core grammar's text."""
    return grammar_file(GRAMMAR_FILE).read_text(encoding="utf-8")


def bundled_cards_dir() -> Path:
    """The directory of the bundled card set ``cm2008`` (a real path: card files are read by path)."""
    found = _data_dir("cmdsl.cards", "cards") / "cm2008"
    return Path(str(found))


def doc_text(name: str) -> str:
    """A page of the docs shipped with cmdsl (rulebooks, the language's pages): from the installed
    package data, else from the checkout's docs/. ``OSError`` when there is no such page."""
    try:
        found = resources.files("cmdsl.docs") / name
        if found.is_file():
            return found.read_text(encoding="utf-8")
    except ModuleNotFoundError:
        pass
    return (_SOURCE_ROOT / "docs" / name).read_text(encoding="utf-8")
