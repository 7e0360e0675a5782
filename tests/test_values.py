"""``@value`` (cmdsl/values.py): a frozen dataclass that is cheap to define and whose ``__init__`` is
fast. It must behave exactly as ``@dataclass(frozen=True)`` would, for every node, event, option
and decision class: the same arguments, equality, hash, repr and refusals."""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import pickle
from dataclasses import field
from pathlib import Path
from types import FunctionType
from typing import Any, Callable, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cmdsl
from cmdsl import values
from cmdsl.lang import ast as core
from cmdsl.values import value

PACKAGE = Path(cmdsl.__file__).parent


@functools.cache  # imports every module of cmdsl: when a test asks, not when the file is collected
def every_value_class() -> list[type]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = importlib.import_module(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
                                         .removesuffix(".__init__"))
        found += [c for c in vars(module).values() if isinstance(c, type) and c.__module__ == module.__name__
                  and vars(c).get("__repr__") is values._repr]
    return found


def plain_init(cls: type) -> object:
    """The ``__init__`` that ``@dataclass(frozen=True)`` makes for ``cls``'s fields."""
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass("Plain", fields, frozen=True).__init__


def test_the_syntax_trees_events_options_and_positions_parts_are_values() -> None:
    classes = every_value_class()
    names = {c.__name__ for c in classes}
    assert len(classes) >= 200
    assert {"Node", "Num", "Pos", "Event", "SeatAnswer"} <= names


def test_a_value_class_takes_the_same_arguments_as_its_dataclass() -> None:
    def shape(init: object) -> list[tuple[str, object, object]]:
        return [(p.name, p.kind, p.default) for p in inspect.signature(init).parameters.values()]  # type: ignore[arg-type]

    differ = {}
    for cls in every_value_class():
        if any(not f.init or f.default_factory is not dataclasses.MISSING for f in dataclasses.fields(cls)):
            continue  # made by hand below (a factory's default is a marker, not the dataclass's)
        ours, theirs = shape(cls.__init__), shape(plain_init(cls))  # made or not yet
        if ours != theirs:
            differ[f"{cls.__module__}.{cls.__qualname__}"] = (ours, theirs)
    assert differ == {}


def rich(decorate: Callable[[type], type]) -> type:
    """A class that uses all that ``@value`` supports, made by ``decorate``."""
    @decorate
    class Base:
        tag: str | None = field(default=None, kw_only=True, compare=False)

    @decorate
    class Rich(Base):
        LIMIT: ClassVar[int] = 3
        x: int
        y: int = 0
        items: tuple[int, ...] = field(default_factory=tuple)
        hidden: str = field(default="h", repr=False)
        note: str = field(default="n", compare=False)
        unhashed: int = field(default=0, hash=False)
        derived: int = field(init=False, default=7)
        counted: list[int] = field(init=False, default_factory=list, compare=False, repr=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "derived", self.x * 2)

    return Rich


def made_by_dataclasses(cls: type) -> type:
    """``@value`` where ``dataclasses`` reads the fields and makes the frozen methods itself (a
    Python without the parts ``values._declared`` reads, or a ``KW_ONLY`` marker)."""
    saved = values._GET_FIELD
    values._GET_FIELD = None
    try:
        return value(cls)
    finally:
        values._GET_FIELD = saved


VALUE_RICH, PLAIN_RICH = rich(value), rich(dataclasses.dataclass(frozen=True))
SLOW_RICH = rich(made_by_dataclasses)
ARGS = st.fixed_dictionaries({"x": st.integers(-2, 2)}, optional={
    "y": st.integers(0, 1), "items": st.tuples(st.integers(0, 1)), "hidden": st.sampled_from("hk"),
    "note": st.sampled_from("nm"), "unhashed": st.integers(0, 1), "tag": st.sampled_from(["a", None])})


@pytest.mark.parametrize("made", [VALUE_RICH, SLOW_RICH], ids=["declared", "by dataclasses"])
@given(a=ARGS, b=ARGS)
def test_a_value_compares_hashes_and_shows_as_its_dataclass(made: Any, a: dict[str, Any], b: dict[str, Any]) -> None:
    va, vb, pa, pb = made(**a), made(**b), PLAIN_RICH(**a), PLAIN_RICH(**b)
    assert vars(va) == vars(pa)
    assert repr(va) == repr(pa)
    assert (va == vb) == (pa == pb) and (va != vb) == (pa != pb)
    assert hash(va) == hash(pa)  # the same fields hashed, in the same tuple
    assert va != pa  # another class, as two dataclasses
    assert dataclasses.replace(va, x=a["x"] + 1) == made(**{**a, "x": a["x"] + 1})
    assert [(f.name, f.type, f.default, f.init, f.repr, f.compare, f.hash, f.kw_only) for f in dataclasses.fields(va)] \
        == [(f.name, f.type, f.default, f.init, f.repr, f.compare, f.hash, f.kw_only) for f in dataclasses.fields(pa)]
    assert made.__match_args__ == PLAIN_RICH.__match_args__
    assert made.LIMIT == 3 and made.hidden == "h" and "items" not in vars(made)  # defaults as class attributes


def test_a_value_refuses_what_its_dataclass_refuses() -> None:
    for cls in (VALUE_RICH, SLOW_RICH, PLAIN_RICH):
        made = cls(1, tag="a")
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.x = 2
        with pytest.raises(dataclasses.FrozenInstanceError):
            del made.x
        with pytest.raises(TypeError):
            cls()
        with pytest.raises(TypeError):
            cls(1, derived=3)  # not an argument
        with pytest.raises(TypeError):
            cls(1, 2, (), "h", "n", 0, "tag")  # tag is keyword-only
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.other = 1  # not a field: refused too, on the class itself

        class Plain(cls):  # type: ignore[valid-type,misc]  # a plain subclass: its own attributes
            pass
        plain = Plain(1)
        plain.other = 1
        del plain.other
        with pytest.raises(dataclasses.FrozenInstanceError):
            plain.x = 2
        with pytest.raises(dataclasses.FrozenInstanceError):
            del plain.y
    assert VALUE_RICH(1).counted is not VALUE_RICH(1).counted  # a fresh default each time


@pytest.mark.parametrize("make", [value, made_by_dataclasses, dataclasses.dataclass(frozen=True)],
                         ids=["declared", "by dataclasses", "dataclass"])
def test_a_class_a_value_cannot_be_is_refused_as_its_dataclass_is(make: Callable[[type], type]) -> None:
    @dataclasses.dataclass
    class Mutable:
        x: int

    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):
        @make
        class Settable:
            x: int

            def __setattr__(self, name: str, v: object) -> None: ...
    with pytest.raises(TypeError, match="cannot inherit frozen dataclass from a non-frozen one"):
        @make
        class OnMutable(Mutable):
            y: int = 0
    with pytest.raises(TypeError, match="'y' is a field but has no type annotation"):
        @make
        class Unannotated:
            x: int
            y = field(default=1)
    with pytest.raises(ValueError, match="mutable default"):
        @make
        class Shared:
            x: list[int] = []  # noqa: RUF012


def test_a_dataclasses_that_reads_fields_otherwise_is_left_to_make_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """The private reader ``@value`` uses is taken only with the parameters it is called with: a
    Python whose ``dataclasses`` changed it gets plain dataclasses (slower to define, the same)."""
    assert values._get_field() is dataclasses._get_field  # type: ignore[attr-defined]
    monkeypatch.setattr(dataclasses, "_get_field", lambda cls, a_name, a_type: None)
    assert values._get_field() is None
    monkeypatch.delattr(dataclasses, "_get_field")
    assert values._get_field() is None


def test_every_value_of_cmdsl_is_declared_with_nothing_compiled() -> None:
    """Each value class of cmdsl is declared (``values._declared``): none pays for the frozen
    methods a dataclass compiles (this Python has what it reads)."""
    assert values._GET_FIELD is not None
    assert [c for c in every_value_class() if vars(c).get("__setattr__") is not values._frozen_setattr] == []


def test_a_value_pickles_and_copies_as_its_dataclass() -> None:
    pos = core.Pos(3, 4)
    assert pickle.loads(pickle.dumps(pos)) == pos and dataclasses.replace(pos, col=5) == core.Pos(3, 5)
    assert repr(pos) == "Pos(line=3, col=4)" and hash(pos) == hash(core.Pos(3, 4))


def test_a_frozen_dataclass_may_subclass_a_value_and_the_reverse() -> None:
    """A game plug-in declares its nodes as frozen dataclasses below the core's values."""
    @dataclasses.dataclass(frozen=True)
    class Give(core.Stmt):
        n: int

    @value
    class GiveMore(Give):
        more: int = 1

    give, more = Give(2, pos=core.Pos(1, 1)), GiveMore(2, pos=core.Pos(1, 1))
    assert give == Give(2) and more == GiveMore(2, 1) and more != GiveMore(2, 2)
    assert repr(more) == "test_a_frozen_dataclass_may_subclass_a_value_and_the_reverse.<locals>.GiveMore(pos=Pos(line=1, col=1), n=2, more=1)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        more.n = 1


def test_methods_the_class_defines_are_kept() -> None:
    @value
    class Own:
        x: int

        def __eq__(self, other: object) -> bool:
            return True

        def __repr__(self) -> str:
            return "own"

    @value
    class Hashed:
        x: int

        def __hash__(self) -> int:
            return 7

    assert Own(1) == Own(2) and repr(Own(1)) == "own"
    assert hash(Own(1)) == hash((1,))  # as a dataclass: its __eq__ leaves the fields' hash
    assert hash(Hashed(1)) == 7 and Hashed(1) == Hashed(1) != Hashed(2)


def test_a_method_is_compiled_at_its_first_call_and_then_is_the_class_own() -> None:
    @value
    class Lazy:
        x: int

    stub = vars(Lazy)["__eq__"]
    assert not isinstance(vars(Lazy)["__init__"], FunctionType)  # not made yet
    assert str(inspect.signature(Lazy)) == "(x)"  # read before any call: the method is made for it
    assert Lazy(1) == Lazy(1)
    generated = vars(Lazy)["__eq__"]
    assert generated is not stub and generated.__qualname__.endswith("Lazy.__eq__")
    assert Lazy(1) != Lazy(2) and vars(Lazy)["__eq__"] is generated
    assert generated.__module__ == __name__


def test_what_a_value_cannot_do_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="InitVar"):
        @value
        class Later:
            x: dataclasses.InitVar[int]
    with pytest.raises(TypeError, match="non-default argument 'y' follows default argument"):
        @value
        class Ordered:
            x: int = 0
            y: int  # type: ignore[misc]
