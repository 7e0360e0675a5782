"""A package whose public names are imported when first asked for (PEP 562: a module's
``__getattr__``), so that importing the package loads nothing it does not need (issue 34: the
start-up of every command). ``cmdsl``, ``cmdsl.bots`` and a game's package use it."""

from __future__ import annotations

import warnings
from importlib import import_module
from typing import Any, Callable, Mapping


def lazy_names(package: str, names: Mapping[str, str], namespace: dict[str, Any],
               modules: frozenset[str] = frozenset(), deprecated: Mapping[str, tuple[str, str, str]] | None = None,
               ) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package ``package`` (its ``__name__``; ``namespace``
    is its ``globals()``): each of ``names`` comes from the module it maps to (relative to the
    package; for a name in ``modules``, that module itself), imported when the name is first asked
    for and a plain attribute from then on. ``deprecated``: an old name → the module and name that
    replace it, and what to say: each use of it warns (``DeprecationWarning``), for one release."""

    def getattr_(name: str) -> object:
        where = names.get(name)
        if where is None and deprecated is not None and name in deprecated:
            module_name, new, say = deprecated[name]
            warnings.warn(f"{package}.{name} is deprecated: {say}", DeprecationWarning, stacklevel=2)
            return getattr(import_module(module_name, package), new)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = import_module(where, package)
        value = module if name in modules else getattr(module, name)
        namespace[name] = value  # asked for once: a plain attribute from then on
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *names})

    return getattr_, dir_
