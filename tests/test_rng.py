"""GameRng (cmdsl/game/rng.py): a copy shares its original's state until one of them draws, and
every generator draws exactly what it would have drawn had each copy been made eagerly."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cmdsl.game.rng import GameRng

from .conftest import examples


def _eager_copy(r: random.Random) -> random.Random:
    c = random.Random(0)
    c.setstate(r.getstate())
    return c


# (operation, which generator): copy it, draw from it, reseed it, set its state from another's,
# or read its state.
OPS = st.lists(st.tuples(st.sampled_from(["copy", "draw", "shuffle", "seed", "setstate", "getstate"]),
                         st.integers(0, 30), st.integers(0, 30)), max_size=60)


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32), ops=OPS)
def test_lazy_copies_draw_what_eager_copies_would(seed: int, ops: list[tuple[str, int, int]]) -> None:
    lazy, eager = [GameRng(seed)], [random.Random(seed)]
    for op, i, j in ops:
        i, j = i % len(lazy), j % len(lazy)
        if op == "copy":
            lazy.append(lazy[i].copy())
            eager.append(_eager_copy(eager[i]))
        elif op == "draw":
            assert lazy[i].randint(1, 6) == eager[i].randint(1, 6)
            assert lazy[i].getrandbits(64) == eager[i].getrandbits(64)
        elif op == "shuffle":
            a, b = list(range(10)), list(range(10))
            lazy[i].shuffle(a)
            eager[i].shuffle(b)
            assert a == b and lazy[i].choice("abcdef") == eager[i].choice("abcdef")
        elif op == "seed":
            lazy[i].seed(j)
            eager[i].seed(j)
        elif op == "setstate":
            lazy[i].setstate(lazy[j].getstate())
            eager[i].setstate(eager[j].getstate())
        else:
            assert lazy[i].getstate() == eager[i].getstate()
    for g, r in zip(lazy, eager):  # at the end, every generator is where its eager twin is
        assert g.getstate() == r.getstate()
        assert [g.random() for _ in range(3)] == [r.random() for _ in range(3)]


def test_a_copy_does_not_move_when_its_original_draws() -> None:
    original = GameRng(7)
    copy = original.copy()
    expected = _eager_copy(random.Random(7))
    for _ in range(100):
        original.random()
    assert [copy.random() for _ in range(5)] == [expected.random() for _ in range(5)]


def test_copying_does_not_read_the_state() -> None:
    """The point of it: a copy costs no state read until someone draws."""
    original = GameRng(3)
    assert original.copy()._r is None and original._r is None  # not even seeded before a draw
    original.random()  # drawn from: seeded now
    copies = [original.copy() for _ in range(3)]
    assert all(c._r is None for c in copies)
    assert copies[0].copy()._from is copies[0]._from  # a copy of a copy shares the same loan
