"""Frozen value classes that are cheap to define and to make: ``@value``.

``@value`` behaves as ``@dataclass(frozen=True)``: the same fields, ``__init__`` signature, equality,
hash, repr, ``__match_args__``, ``dataclasses.fields``/``replace``, and ``FrozenInstanceError`` on
assignment. It differs in what it costs:

- **To define.** A dataclass compiles six methods from generated source when its class is made
  (0.3-0.7 ms a class here), and reads ``inspect.signature`` for a class without a docstring. Our
  ~200 syntax-tree nodes, events and options made that a large part of every start-up. ``@value``
  reads each field as ``dataclasses`` does (its ``_get_field``: defaults, ``field()``, ``ClassVar``)
  and declares the class a frozen dataclass to ``dataclasses`` (its fields and its parameters, so
  that a plain ``@dataclass(frozen=True)``, a game plug-in's node, may subclass a value, and the
  reverse). Nothing is compiled then: ``__setattr__``/``__delattr__`` are shared functions that
  refuse as a frozen dataclass's do (compiling those two was 80% of defining a class: ~20 ms of a
  ``cmdsl check``), ``__init__``, ``__eq__`` and ``__hash__`` are generated and compiled the first
  time each is called, or its signature read (most classes never compare, many are never made in a
  run), and ``__repr__`` is a shared function. Where this Python's ``dataclasses`` has not the
  private part read (``_get_field``), or for a ``KW_ONLY`` marker, ``dataclasses``
  makes the fields and the frozen methods itself, as it did before: slower, the same class.
- **To make and to read.** The generated ``__init__`` sets each field with ``object.__setattr__``
  (looked up once, not per field as a dataclass's does). It does not write the new instance's
  ``__dict__``, though that is faster to make (~25%): in Python 3.11 an object whose ``__dict__``
  was asked for keeps its attributes in a dict of their own, and each read of one then costs about
  four times more (six reads of three fields: 43 against 199 ns). A decision's, an option's
  fields are read many times for each one made.

Why it is kept (issue 54 §6, ``python bench/values_gain.py``: this checkout against itself with
``@value`` a plain ``@dataclass(frozen=True)``, in the same rounds): ``cmdsl check cards/cm2008``
takes 0.74 of the CPU time it takes with dataclasses (273 against 350 ms here), the REPL reaches
its prompt in 0.73 (380 against 540 ms), ``cmdsl --help`` in 0.84. What it reads of
``dataclasses``' private part is checked before it is used (its signature), and
``tests/test_values.py`` compares every value class of cmdsl with its dataclass on each Python CI
runs the suite with (.ci/run); a Python whose ``dataclasses`` differs gets plain dataclasses.

Supported: positional and keyword-only fields, defaults, ``default_factory``, ``init=False``,
``compare``/``repr``/``hash`` of a field, ``ClassVar``s, ``__post_init__``; a method the class
defines itself is kept, as a dataclass keeps it. Not supported (refused when the class is made):
``InitVar`` fields.
"""

from __future__ import annotations

import abc
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
    if not _declared(cls):
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


def _get_field() -> Callable[..., dataclasses.Field[Any]] | None:
    """What ``_declared`` reads of ``dataclasses`` beyond its documented names: its reader of one
    field (3.10 on), only where it takes what it is given here; else None (``dataclasses`` then
    makes each value itself: slower to define, the same class)."""
    found = getattr(dataclasses, "_get_field", None)
    if found is None:
        return None
    try:
        params = list(inspect.signature(found).parameters)
    except (TypeError, ValueError):
        return None
    return found if params == ["cls", "a_name", "a_type", "default_kw_only"] else None


_GET_FIELD = _get_field()


@dataclasses.dataclass(frozen=True, init=False, repr=False, eq=False)
class _Frozen:
    """Its parameters are every value's: a frozen dataclass's (what ``dataclasses`` reads of a
    base class: whether it is frozen)."""


def _declared(cls: type) -> bool:
    """Declare ``cls`` a frozen dataclass, with nothing compiled: its fields read as
    ``dataclasses._process_class`` reads them, the bases checked as it checks them. False, with
    ``cls`` untouched, where ``dataclasses`` must do it (see the module's docstring)."""
    own = cls.__dict__
    annotations: dict[str, Any] = own.get("__annotations__", {})
    if _GET_FIELD is None or any(
            a is dataclasses.KW_ONLY or (isinstance(a, str) and a.rpartition(".")[2] == "KW_ONLY")
            for a in annotations.values()):
        return False
    for name in ("__setattr__", "__delattr__"):
        if name in own:  # as a frozen dataclass: its own would be overwritten
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    fields: dict[str, dataclasses.Field[Any]] = {}
    dataclass_bases = frozen_bases = 0
    for base in cls.__mro__[-1:0:-1]:
        base_fields = getattr(base, "__dataclass_fields__", None)
        if base_fields is not None:
            dataclass_bases += 1
            frozen_bases += bool(getattr(base, "__dataclass_params__").frozen)
            fields.update((f.name, f) for f in base_fields.values())
    if dataclass_bases and not frozen_bases:
        raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    mine = [_GET_FIELD(cls, name, typ, False) for name, typ in annotations.items()]
    for f in mine:
        fields[f.name] = f
        if isinstance(own.get(f.name), dataclasses.Field):  # the class attribute is its default, if any
            if f.default is _MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, v in own.items():
        if isinstance(v, dataclasses.Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    type.__setattr__(cls, "__dataclass_params__", getattr(_Frozen, "__dataclass_params__"))
    type.__setattr__(cls, "__dataclass_fields__", fields)
    type.__setattr__(cls, "__setattr__", _frozen_setattr)
    type.__setattr__(cls, "__delattr__", _frozen_delattr)
    if "__match_args__" not in own:  # as a dataclass's: its positional fields (ClassVars are not fields)
        type.__setattr__(cls, "__match_args__", tuple(
            f.name for f in dataclasses.fields(cast(Any, cls)) if f.init and not f.kw_only))
    abc.update_abstractmethods(cls)
    return True


def _defining(instance: object, name: str, ours: Callable[..., None]) -> tuple[type, Callable[..., None]]:
    """The value class whose frozen method ``name`` (``ours``) an instance has (its own class, or the
    nearest value above a plain subclass), and the method of that name that comes after the
    values' above it (a frozen dataclass's chain of ``super()`` calls ends there: object's, mostly)."""
    mro = type(instance).__mro__
    at = next(i for i, c in enumerate(mro) if vars(c).get(name) is ours)
    after = next(vars(c)[name] for c in mro[at + 1:] if vars(c).get(name, ours) is not ours)
    return mro[at], after


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    # as a frozen dataclass's: every name refused on the class itself, its fields on a plain subclass
    cls, after = _defining(self, "__setattr__", _frozen_setattr)
    if type(self) is cls or name in _field_names(cls):
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    after(self, name, value)


def _frozen_delattr(self: Any, name: str) -> None:
    cls, after = _defining(self, "__delattr__", _frozen_delattr)
    if type(self) is cls or name in _field_names(cls):
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    after(self, name)


def _field_names(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cast(Any, cls))}


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
