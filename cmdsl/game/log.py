"""A game's event log, whose events are made when they are read.

The engine logs four events or so per decision. A bot's look-ahead, a random rollout or a
balance run of thousands of games never reads most of them, so the engine records each one as
its class and arguments (``record``) and the log makes the ``Event`` value the first time anyone
reads it: by index, slice, iteration or comparison. Building an event from the same arguments
later gives the same value: every argument is a value taken when the event happened (names,
numbers, sides, tuples), never a live part of the position.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence, cast, overload

from .audience import Event

# An entry not yet made into an event: (event class, positional arguments, cause).
_Pending = tuple[type[Event], tuple[Any, ...], "str | None"]


class EventLog(Sequence[Event]):
    __slots__ = ("_entries", "_made", "record")

    def __init__(self) -> None:
        self._entries: list[Event | _Pending] = []
        self._made = 0  # every entry before this index is an Event
        #: ``record((cls, args, cause))``: log an event to be made when read (the engine's hot path).
        self.record = self._entries.append

    def add(self, event: Event) -> None:
        """Log an event that is already made."""
        self._entries.append(event)

    def _make(self) -> list[Event]:
        entries = self._entries
        for i in range(self._made, len(entries)):
            entry = entries[i]
            if type(entry) is tuple:
                cls, args, cause = entry
                entries[i] = cls(*args, cause=cause)
        self._made = len(entries)
        return cast("list[Event]", entries)  # all made now

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        return self._make()[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._make())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self._make() == other._make()
        if isinstance(other, (list, tuple)):
            return self._make() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a log changes: not a dict key

    def __repr__(self) -> str:
        return f"EventLog({self._make()!r})"
