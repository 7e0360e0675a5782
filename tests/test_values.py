"""``@value``: a frozen dataclass whose ``__init__`` is fast (cmdsl/values.py). It must behave
exactly as ``@dataclass(frozen=True)`` would, for every event, option and decision class."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import field

import pytest

from cmdsl.game import audience, decisions
from cmdsl.games.cm2008 import events
from cmdsl.values import value

VALUE_CLASSES = [c for m in (audience, events, decisions) for c in vars(m).values()
                 if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__.startswith(m.__name__)]


def plain_init(cls: type) -> object:
    """The ``__init__`` that ``@dataclass(frozen=True)`` makes for ``cls``'s fields."""
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass("Plain", fields, frozen=True).__init__


@pytest.mark.parametrize("cls", VALUE_CLASSES, ids=lambda c: c.__name__)
def test_a_value_class_takes_the_same_arguments_as_its_dataclass(cls: type) -> None:
    def shape(init: object) -> list[tuple[str, object, object]]:
        return [(p.name, p.kind, p.default) for p in inspect.signature(init).parameters.values()]  # type: ignore[arg-type]

    assert shape(cls.__init__) == shape(plain_init(cls))


def test_a_value_is_frozen_compares_and_hashes_as_a_dataclass() -> None:
    @value
    class Point:
        x: int
        y: int = 0
        tag: str | None = field(default=None, kw_only=True, compare=False)

    p = Point(1, tag="a")
    assert (p.x, p.y, p.tag) == (1, 0, "a")
    assert p == Point(1, 0, tag="b") and hash(p) == hash(Point(1))
    assert repr(p).endswith("Point(x=1, y=0, tag='a')")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, 2, "c")  # type: ignore[misc]


def test_what_a_value_cannot_do_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="plain defaults"):
        @value
        class Listed:
            items: list[int] = field(default_factory=list)
    with pytest.raises(TypeError, match="__post_init__"):
        @value
        class Checked:
            x: int

            def __post_init__(self) -> None:
                pass
