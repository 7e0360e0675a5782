"""Frozen value classes that are cheap to define and to make: ``@value``.

``@value`` behaves as ``@dataclass(frozen=True)``: the same fields, ``__init__`` signature, equality,
hash, repr, ``__match_args__``, ``dataclasses.fields``/``replace``, and ``FrozenInstanceError`` on
assignment. It differs in what it costs:

- **To define.** A dataclass compiles six methods from generated source when its class is made
  (0.3-0.7 ms a class here), and reads ``inspect.signature`` for a class without a docstring. Our
  ~200 syntax-tree nodes, events and options made that a large part of every start-up. ``@value``
  lets ``dataclasses`` collect the fields and make the frozen ``__setattr__``/``__delattr__`` only
  (so that a plain ``@dataclass(frozen=True)``, a game plug-in's node, may subclass a value, and
  the reverse); ``__init__``, ``__eq__`` and ``__hash__`` are generated and compiled the first time
  each is called, or its signature read (most classes never compare, many are never made in a
  run), and ``__repr__`` is a shared function. A value class costs about a third of a dataclass to
  define.
- **To make and to read.** The generated ``__init__`` sets each field with ``object.__setattr__``
  (looked up once, not per field as a dataclass's does). It does not write the new instance's
  ``__dict__``, though that is faster to make (~25%): in Python 3.11 an object whose ``__dict__``
  was asked for keeps its attributes in a dict of their own, and each read of one then costs about
  four times more (six reads of three fields: 43 against 199 ns). A decision's, an option's
  fields are read many times for each one made.

Supported: positional and keyword-only fields, defaults, ``default_factory``, ``init=False``,
``compare``/``repr``/``hash`` of a field, ``ClassVar``s, ``__post_init__``; a method the class
defines itself is kept, as a dataclass keeps it. Not supported (refused when the class is made):
``InitVar`` fields.
"""

from __future__ import annotations

import dataclasses
import inspect
import reprlib
from types import MethodType
from typing import Any, Callable, TypeVar, cast, dataclass_transform

T = TypeVar("T")

_MISSING = dataclasses.MISSING


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def value(cls: type[T]) -> type[T]:
    """A frozen dataclass that costs little to define, with a fast ``__init__``."""
    own = cls.__dict__
    if own.get("__doc__") is None:
        # a dataclass would write its signature here, read through inspect (slow); a name is enough
        cls.__doc__ = cls.__name__
    cls = dataclasses.dataclass(init=False, repr=False, eq=False, frozen=True)(cls)
    fields = list(dataclasses.fields(cast(Any, cls)))  # ClassVars and InitVars left out
    for f in getattr(cls, "__dataclass_fields__").values():
        if "InitVar" in str(f.type):
            raise TypeError(f"@value {cls.__name__}.{f.name}: InitVar is not supported")
    defaulted = None
    for f in fields:  # checked now, as a dataclass does, not when the first one is made
        if f.init and not f.kw_only:
            if f.default is not _MISSING or f.default_factory is not _MISSING:
                defaulted = f.name
            elif defaulted is not None:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
    if "__init__" not in own:
        _FirstCall.put(cls, "__init__", lambda: _init_source(cls, fields))
    if "__repr__" not in own:
        setattr(cls, "__repr__", _repr)
    compared = [f.name for f in fields if f.compare]
    if "__eq__" not in own:
        _FirstCall.put(cls, "__eq__", lambda: _eq_source(compared))
    # as a frozen dataclass with eq: a hash of its own is kept, else one of the compared fields
    # (``__eq__`` defined in the class body sets ``__hash__`` to None: that is not one of its own)
    if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
        hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
        _FirstCall.put(cls, "__hash__", lambda: _hash_source(hashed))
    return cls


class _FirstCall:
    """A generated method not compiled yet: its first call (or a look at its signature, as
    ``inspect.signature(cls)`` takes) compiles it and puts it on the class in its place (the class
    then has the generated function itself: no call between)."""

    @classmethod
    def put(cls, owner: type, name: str, source: Callable[[], tuple[str, dict[str, Any]]]) -> None:
        type.__setattr__(owner, name, cls(owner, name, source))

    def __init__(self, cls: type, name: str, source: Callable[[], tuple[str, dict[str, Any]]]) -> None:
        self.cls, self.__name__, self.source = cls, name, source
        self.__qualname__ = f"{cls.__qualname__}.{name}"

    def made(self) -> Callable[..., Any]:
        text, names = self.source()
        names["__name__"] = self.cls.__module__  # as a dataclass's methods: they belong to its module
        exec(text, names)  # noqa: S102 - built from the class's own field names, as dataclasses does
        method: Callable[..., Any] = names[self.__name__]
        method.__qualname__ = self.__qualname__
        if vars(self.cls).get(self.__name__) is self:  # not made meanwhile (another thread)
            type.__setattr__(self.cls, self.__name__, method)
        return method

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return self if instance is None else MethodType(self, instance)

    def __call__(self, instance: object, *args: Any, **kwargs: Any) -> Any:
        return self.made()(instance, *args, **kwargs)

    @property
    def __signature__(self) -> inspect.Signature:
        return inspect.signature(self.made())


def _init_source(cls: type, fields: list[dataclasses.Field[Any]]) -> tuple[str, dict[str, Any]]:
    names: dict[str, Any] = {"_MISSING": _MISSING, "_setattr": object.__setattr__}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields:
        has_factory = f.default_factory is not _MISSING
        if has_factory:
            names[f"_factory_{f.name}"] = f.default_factory
        elif f.default is not _MISSING:
            names[f"_default_{f.name}"] = f.default
        if not f.init:
            if has_factory:
                body.append(f"_setattr(self, {f.name!r}, _factory_{f.name}())")
            elif f.default is not _MISSING:
                body.append(f"_setattr(self, {f.name!r}, _default_{f.name})")
            continue
        param = f.name
        if has_factory:
            param = f"{f.name}=_MISSING"
            body.append(f"_setattr(self, {f.name!r}, _factory_{f.name}() if {f.name} is _MISSING else {f.name})")
        else:
            if f.default is not _MISSING:
                param = f"{f.name}=_default_{f.name}"
            body.append(f"_setattr(self, {f.name!r}, {f.name})")
        (keyword if f.kw_only else positional).append(param)
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    lines = "".join(f"    {line}\n" for line in body) or "    pass\n"
    return f"def __init__({params}):\n{lines}", names


def _eq_source(compared: list[str]) -> tuple[str, dict[str, Any]]:
    mine = "".join(f"self.{n}," for n in compared)
    theirs = "".join(f"other.{n}," for n in compared)
    return ("def __eq__(self, other):\n"
            "    if other.__class__ is self.__class__:\n"
            f"        return ({mine}) == ({theirs})\n"
            "    return NotImplemented\n"), {}


def _hash_source(hashed: list[str]) -> tuple[str, dict[str, Any]]:
    return f"def __hash__(self):\n    return hash(({''.join(f'self.{n},' for n in hashed)}))\n", {}


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}"
                      for f in dataclasses.fields(self) if f.repr)
    return f"{self.__class__.__qualname__}({shown})"
