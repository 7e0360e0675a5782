"""A value slow to make (a game's card set), made once: on a background thread that a front end
starts when it is idle (the REPL: once its first prompt is drawn, issue 34), or on the first ask.
Every ask waits for it, and every ask after a failure raises the same error.

Why a lock and not a future: the thread that asks first makes the value, whichever it is, so a
value nobody started is made where it is needed and one being made is waited for; the wait is
interruptible (Ctrl-C in the main thread: a lock's acquire is, on POSIX).
"""

from __future__ import annotations

import threading
from typing import Callable, Generic, TypeVar

__all__ = ["Failed", "Later"]

T = TypeVar("T")

#: Told on the loading thread that making the value failed (with the error every ask will raise).
Failed = Callable[[Exception], None]


class Later(Generic[T]):
    def __init__(self, make: Callable[[], T]) -> None:
        self._make: Callable[[], T] | None = make
        self._lock = threading.Lock()  # held while the value is made: an ask waits on it
        self._starting = threading.Lock()  # never held long: the prompt starts it at each redraw
        self._made: tuple[T] | None = None
        self._error: Exception | None = None
        self._thread: threading.Thread | None = None

    @classmethod
    def ready(cls, value: T) -> Later[T]:
        """A value already made (a card set read by `reload`)."""
        later: Later[T] = cls(lambda: value)
        later.get()
        return later

    def get(self) -> T:
        """The value: made now if nobody has started it, else once the thread making it is done."""
        with self._lock:
            make, self._make = self._make, None
            if make is not None:
                try:
                    self._made = (make(),)
                except Exception as e:  # kept: every ask raises it, a front end reports it once
                    self._error = e
                except BaseException:  # Ctrl-C while it was made here: the next ask makes it again
                    self._make = make
                    raise
        if self._error is not None:
            raise self._error
        assert self._made is not None
        return self._made[0]

    def start(self, failed: Failed) -> None:
        """Make the value on a thread, unless it is made or being made; ``failed`` is called on that
        thread if making it fails. A daemon thread: a process that ends does not wait for it (a
        front end that returns waits, ``join``)."""
        with self._starting:
            if self._thread is not None or self._make is None:
                return
            self._thread = threading.Thread(target=self._run, args=(failed,), name="cmdsl-later", daemon=True)
        self._thread.start()

    def join(self) -> None:
        """Wait for the thread ``start`` began, if any, to end (nothing is made if none was)."""
        if self._thread is not None:
            self._thread.join()

    def _run(self, failed: Failed) -> None:
        try:
            self.get()
        except Exception as e:
            failed(e)

    def failure(self) -> Exception | None:
        """The error making the value raised, without waiting (None: made, being made, or not begun)."""
        return self._error
