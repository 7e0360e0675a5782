"""The game's seeded random generator, whose copies share its state until one of them draws.

A position copy must carry the generator's state (the coming shuffles and dice), but copying a
Mersenne Twister state costs ~15 µs, half of a whole position copy, and most copies never draw
before they are dropped or re-dealt (a bot's determinization reseeds at once). So ``copy()``
lends the state instead: the copy reads it from its original the first time it draws, and the
original, before its own next draw, freezes a private copy of the state for those it lent it to.
Seeding is put off the same way, until the first draw.
Each generator draws exactly the numbers it would have drawn with an eager copy.
"""

from __future__ import annotations

import random
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_State = tuple[Any, ...]


class _Lent:
    """A generator state lent to copies: read live from its owner until the owner draws again."""

    __slots__ = ("_owner", "_state")

    def __init__(self, owner: random.Random) -> None:
        self._owner: random.Random | None = owner
        self._state: _State | None = None

    def state(self) -> _State:
        if self._owner is None:
            assert self._state is not None  # frozen: kept when the owner was let go
            return self._state
        return self._owner.getstate()

    def freeze(self) -> None:
        """The owner is about to draw: keep the state as it was lent."""
        if self._owner is not None:
            self._state, self._owner = self._owner.getstate(), None


class GameRng:
    __slots__ = ("_r", "_from", "_lent")

    def __init__(self, seed: int | None = None) -> None:
        self._r: random.Random | None = None
        # Where this generator starts from, until it first draws: a state lent by another, or a
        # seed (seeding costs as much as a copy: a re-dealt copy may never draw).
        self._from: _Lent | int | None = 0 if seed is None else seed
        self._lent: _Lent | None = None  # this generator's state as lent to its copies

    def copy(self) -> "GameRng":
        c = GameRng.__new__(GameRng)
        c._r, c._lent = None, None
        if self._r is None:  # not drawn from since it was copied: the copy starts where it does
            c._from = self._from
        else:
            if self._lent is None:
                self._lent = _Lent(self._r)
            c._from = self._lent
        return c

    def _gen(self) -> random.Random:
        """The generator, ready to draw from (every draw goes through here)."""
        r = self._r
        if r is None:
            start = self._from
            if isinstance(start, int):
                r = self._r = random.Random(start)
            else:
                assert start is not None
                r = self._r = _from_state(start.state())
            self._from = None
        elif self._lent is not None:
            self._stop_lending()
        return r

    def _stop_lending(self) -> None:
        """About to change: the copies that read this state live keep it as it is now."""
        if self._lent is not None:
            self._lent.freeze()
            self._lent = None

    # ---- the part of random.Random's interface the game uses -------------------------

    def seed(self, seed: int) -> None:
        """Start again from ``seed`` (without reading the state it replaces; seeded when first drawn from)."""
        self._stop_lending()
        self._r, self._from = None, seed

    def random(self) -> float:
        return self._gen().random()

    def randint(self, a: int, b: int) -> int:
        return self._gen().randint(a, b)

    def choice(self, seq: Sequence[T]) -> T:
        return self._gen().choice(seq)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        self._gen().shuffle(x)

    def getrandbits(self, k: int) -> int:
        return self._gen().getrandbits(k)

    def getstate(self) -> _State:
        """The generator's state (what it would draw next), without drawing."""
        return self._gen().getstate() if self._r is None else self._r.getstate()

    def setstate(self, state: _State) -> None:
        self._stop_lending()
        self._r, self._from = _from_state(state), None


def _from_state(state: _State) -> random.Random:
    r = random.Random.__new__(random.Random)  # no seeding: the state is set next
    r.setstate(state)
    return r
