"""Where the grammar and the bundled card data live, installed or in a source checkout.

An installed wheel carries ``grammar/`` and ``cards/`` as the package data ``cmdsl.grammar``
and ``cmdsl.cards`` (see pyproject.toml); a source checkout has them beside ``cmdsl/``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

_PACKAGE_ROOT = Path(__file__).resolve().parent
_SOURCE_ROOT = _PACKAGE_ROOT.parent


def _data_dir(package: str, folder: str) -> Any:
    # On disk, as pip installs a wheel or in a checkout, the folder is found without
    # importlib.resources, which costs ~5 ms of imports (zipfile, tempfile...) at every start.
    for on_disk in (_PACKAGE_ROOT.joinpath(*package.split(".")[1:]), _SOURCE_ROOT / folder):
        if on_disk.is_dir():
            return on_disk
    from importlib import resources  # another loader's (a zip): its own way to read

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
    text: str = grammar_file(GRAMMAR_FILE).read_text(encoding="utf-8")
    return text


def bundled_cards_dir(folder: str = "cm2008") -> Path:
    """A folder of the bundled card data, by default the set ``cm2008`` (a real path: card files
    are read by path)."""
    found = _data_dir("cmdsl.cards", "cards") / folder
    return Path(str(found))


def package_file(package: str, name: str) -> Any:
    """A data file of an imported package (a Traversable): the file beside its modules when they
    are on disk (as pip installs them), else what the package's loader gives (importlib.resources)."""
    module_file = getattr(sys.modules.get(package), "__file__", None)
    if module_file is not None:
        on_disk = Path(module_file).parent / name
        if on_disk.is_file():
            return on_disk
    from importlib import resources

    return resources.files(package).joinpath(name)


def doc_text(name: str) -> str:
    """A page of the docs shipped with cmdsl (rulebooks, the language's pages): from the installed
    package data, else from the checkout's docs/. ``OSError`` when there is no such page."""
    return str((_data_dir("cmdsl.docs", "docs") / name).read_text(encoding="utf-8"))
