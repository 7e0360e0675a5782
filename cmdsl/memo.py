"""What a re-check of a card set keeps from the last one (an editor re-checks on every edit).

A ``Memo`` maps a key — everything a result depends on — to the result, so a step whose inputs did
not change is not done again: an effect's parse tree by its text alone (a card moved down a line
parses the same), its checked and compiled form by its text, where it is, its context and the
names it may quote. The caller owns it (one per editor session); nothing here is shared between
callers, but for the CM2008 loader's own (``loader.SETS_READ``: whole sets, by every text and name
their read depends on). Bounded: the least recently used result goes first.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable, TypeVar, cast

T = TypeVar("T")

#: Enough for every effect of a few large sets, at each of a few recent positions.
DEFAULT_SIZE = 8192


class Memo:
    """A bounded memo of results by key; ``hits`` and ``misses`` say how much it saved."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._results: OrderedDict[Hashable, object] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The result kept for ``key``, else ``make()``'s, kept. An exception is not kept: a step
        that fails is done again, so its error is raised every time."""
        if key in self._results:
            self._results.move_to_end(key)
            self.hits += 1
            return cast(T, self._results[key])  # a key's result has its maker's type
        self.misses += 1
        result = make()
        self._results[key] = result
        if len(self._results) > self.size:
            self._results.popitem(last=False)
        return result

    def clear(self) -> None:
        """Forget every result (what a new process starts with)."""
        self._results.clear()

    def __len__(self) -> int:
        return len(self._results)
