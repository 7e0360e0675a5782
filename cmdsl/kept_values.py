"""Values kept as plain data: what ``cmdsl.kept_file`` writes instead of a pickle.

A kept value (a parse tree, a card file's items, a manifest) is turned into what ``marshal`` writes
— numbers, strings, bytes, tuples, lists, dicts — and made again by calling the constructors of the
classes it names. A value's class is named once, in a table kept with it, and may only be a
dataclass or an enum of the modules its kind allows, already imported. Nothing read back can run
code, set an attribute its class does not declare, or skip a class's ``__init__``: a damaged or
planted value is at worst refused (``ValueError``, ``TypeError``) or one a constructor accepts.

An object is the tuple ``(..., index, *arguments)``: ``...`` (which no kept value holds) marks it,
``index`` is its class's in the table, the arguments are its ``__init__``'s, positional ones first,
then keyword-only ones in their order. An enum member is ``(..., index, member_value)``.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
from typing import Any, Callable, Iterable

#: A value as kept: the names of its classes (``module:name``) and its plain data.
Kept = tuple[tuple[str, ...], Any]

_SCALARS = (str, int, float, bool, bytes, type(None))
_MARK = ...


class Encoder:
    """Turns values into plain data, naming each class it meets once (``encode``)."""

    def __init__(self) -> None:
        self._fields: dict[type, tuple[str, ...]] = {}  # a class's __init__ arguments, in the order kept

    def encode(self, value: object) -> Kept:
        """``value`` as kept; TypeError for what cannot be (a set, a class that is not a dataclass
        or an enum, a field its ``__init__`` does not take)."""
        names: list[str] = []
        index: dict[type, int] = {}

        def class_index(cls: type) -> int:
            found = index.get(cls)
            if found is None:
                if "." in cls.__qualname__:
                    raise TypeError(f"{cls.__qualname__}: only a module's own classes are kept")
                found = index[cls] = len(names)
                names.append(f"{cls.__module__}:{cls.__qualname__}")
            return found

        def plain(v: Any) -> Any:
            t = type(v)
            if t in _SCALARS:
                return v
            if t is tuple:
                return tuple(plain(x) for x in v)
            if t is list:
                return [plain(x) for x in v]
            if t is dict:
                return {plain(k): plain(x) for k, x in v.items()}
            if isinstance(v, enum.Enum):
                return (_MARK, class_index(t), plain(v.value))
            if dataclasses.is_dataclass(v):
                return (_MARK, class_index(t), *(plain(getattr(v, name)) for name in self._arguments(t)))
            raise TypeError(f"a {t.__name__} is not kept")

        data = plain(value)
        return tuple(names), data

    def _arguments(self, cls: type) -> tuple[str, ...]:
        found = self._fields.get(cls)
        if found is None:
            fields = dataclasses.fields(cls)
            if any(not f.init for f in fields):
                raise TypeError(f"{cls.__name__} has a field its __init__ does not take")
            found = self._fields[cls] = tuple(f.name for f in sorted(fields, key=lambda f: f.kw_only is True))
        return found


#: How a class is made again: an enum's lookup, or a dataclass's constructor with its count of
#: positional arguments and the names of its keyword-only ones.
_Maker = Callable[[tuple[Any, ...]], object]


class Decoder:
    """Makes values again from plain data, with only the classes of ``modules`` (``decode``); the
    classes it has found are remembered (a kind's values name the same few)."""

    def __init__(self, modules: Iterable[str]) -> None:
        self.modules = frozenset(modules)
        self._makers: dict[str, _Maker] = {}

    def decode(self, kept: object) -> object:
        """The value ``kept`` holds. Raises (ValueError mostly; an index or a constructor's own
        error) for what is not of the shape ``encode`` gives or names a class it may not."""
        if not (isinstance(kept, tuple) and len(kept) == 2 and isinstance(kept[0], tuple)):
            raise ValueError("not a kept value")
        names, data = kept
        if not names:  # plain data only: nothing to make
            return data
        makers = [self._maker(name) for name in names]

        def made(v: Any) -> Any:
            t = type(v)
            if t is tuple:
                if v and v[0] is _MARK:
                    return makers[v[1]](tuple([made(x) for x in v[2:]]))
                return tuple([made(x) for x in v])
            if t is list:
                return [made(x) for x in v]
            if t is dict:
                return {made(k): made(x) for k, x in v.items()}
            return v

        return made(data)

    def _maker(self, name: object) -> _Maker:
        if not isinstance(name, str):
            raise ValueError("not a class's name")
        found = self._makers.get(name)
        if found is None:
            found = self._makers[name] = self._find(name)
        return found

    def _find(self, name: str) -> _Maker:
        module, _, qualname = name.partition(":")
        cls = getattr(sys.modules.get(module), qualname, None) if module in self.modules else None
        if isinstance(cls, type) and issubclass(cls, enum.Enum):
            members: type[enum.Enum] = cls

            def member(args: tuple[Any, ...]) -> object:
                if len(args) != 1:
                    raise ValueError(f"{name}: one value expected")
                return members(args[0])
            return member
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            raise ValueError(f"{name} is not a class this file may hold")
        fields = dataclasses.fields(cls)
        if any(not f.init for f in fields):
            raise ValueError(f"{name} has a field its __init__ does not take")
        made_cls: Any = cls
        positional = sum(1 for f in fields if not f.kw_only)
        keywords = tuple(f.name for f in fields if f.kw_only)
        count = positional + len(keywords)

        def instance(args: tuple[Any, ...]) -> object:
            if len(args) != count:
                raise ValueError(f"{name}: {count} values expected, {len(args)} kept")
            if keywords:
                return made_cls(*args[:positional], **dict(zip(keywords, args[positional:])))
            return made_cls(*args)
        return instance
