"""Frozen value classes that are cheap to make: ``@value``.

The engine makes events, options and decisions by the hundred thousand per second of simulation.
A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (to get past
its frozen ``__setattr__``), which costs about twice as much as writing the new instance's
``__dict__`` directly. ``@value`` is ``@dataclass(frozen=True)`` with an ``__init__`` that does the
latter; all the rest (eq, hash, repr, the frozen ``__setattr__``, ``dataclasses.fields``) is the
dataclass's own. Supported: positional and keyword-only fields, plain defaults; not
``default_factory``, ``init=False`` or ``__post_init__`` (refused when the class is made).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T")

_MISSING = dataclasses.MISSING


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def value(cls: type[T]) -> type[T]:
    """A frozen dataclass with a fast ``__init__`` (same signature as the dataclass's)."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    setattr(cls, "__init__", _fast_init(cls))  # replaces the dataclass's own
    return cls


def _fast_init(cls: type) -> Callable[..., None]:
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"@value {cls.__name__}: __post_init__ is not supported")
    fields = dataclasses.fields(cls)
    names: dict[str, Any] = {}
    positional: list[str] = []
    keyword: list[str] = []
    for f in fields:
        if not f.init or f.default_factory is not _MISSING:
            raise TypeError(f"@value {cls.__name__}.{f.name}: only plain fields with plain defaults")
        param = f.name
        if f.default is not _MISSING:
            names[f"_default_{f.name}"] = f.default
            param = f"{f.name}=_default_{f.name}"
        (keyword if f.kw_only else positional).append(param)
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    body = "".join(f"    _instance_dict[{f.name!r}] = {f.name}\n" for f in fields) or "    pass\n"
    source = f"def __init__({params}):\n    _instance_dict = self.__dict__\n{body}"
    exec(source, names)  # noqa: S102 - code built from the class's own field names, as dataclasses does
    init: Callable[..., None] = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init
