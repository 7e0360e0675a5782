"""A balance run: the games the store does not hold yet, played by an executor, stored as they end.

Jobs go out in index order, the arms of an A/B run side by side, so that a run stopped early holds
pairs. Finished rows are written in small transactions; on Ctrl-C (``KeyboardInterrupt``) the rows
already finished are written before the interrupt goes on, so ``--resume`` starts from there.
"""

from __future__ import annotations

import time
from typing import Callable, Iterator

from .executor import Executor
from .jobs import GameRow, Job
from .plan import RunParams
from .store import Store, StoreError

#: Write finished games at least this often (seconds) and in batches of at most this many.
FLUSH_SECONDS, FLUSH_ROWS = 2.0, 32


def prepare(store: Store, params: RunParams, games: int, resume: bool) -> None:
    """Check that ``params`` may run in ``store`` (new, or resumed with the same parameters) and record them."""
    old = store.params()
    if old is None and resume:
        raise StoreError(f"{store.path} holds no run to resume: leave out --resume to start one")
    if old is not None:
        if not resume:
            raise StoreError(f"{store.path} already holds a run ({len(store.done(old.arms[0].name))} games): "
                             f"--resume continues or extends it; another --db starts afresh")
        diffs = old.differences(params)
        if diffs:
            raise StoreError(f"cannot resume {store.path} with other parameters: it was run with " + "; ".join(diffs))
    store.begin(params, games)


def pending_jobs(store: Store, params: RunParams, games: int) -> Iterator[Job]:
    """The jobs of the games not stored yet, made as the executor takes them (not a list of every
    job of a long run: the executor holds only those under way)."""
    done = {arm.name: store.done(arm.name) for arm in params.arms}
    return (params.job(arm, i) for i in range(games) for arm in params.arms if i not in done[arm.name])


def run(store: Store, params: RunParams, games: int, executor: Executor,
        on_row: Callable[[GameRow], None] = lambda row: None) -> int:
    """Play the missing games of the first ``games``; return how many were played now."""
    jobs = pending_jobs(store, params, games)
    buffer: list[GameRow] = []
    last = time.monotonic()
    played = 0
    rows = executor.run(jobs)
    try:
        for row in rows:
            buffer.append(row)
            played += 1
            on_row(row)
            if len(buffer) >= FLUSH_ROWS or time.monotonic() - last > FLUSH_SECONDS:
                # taken out of the buffer first: a batch whose write failed is not written again
                batch, buffer, last = buffer, [], time.monotonic()
                _flush(store, batch)
    finally:
        close = getattr(rows, "close", None)
        if close is not None:
            close()  # stop the executor's games not yet started (it may be interrupted mid-wait)
        if buffer:
            _flush(store, buffer)  # finished games are kept, even on Ctrl-C
    return played


def _flush(store: Store, rows: list[GameRow]) -> None:
    """Store the rows in one transaction; if that fails (a full disk), as many as still fit, one
    by one, before the failure is reported: every finished game that can be kept is."""
    try:
        store.add(rows)
    except StoreError:
        for row in rows:
            store.add([row])  # raises at the first that does not fit
        raise
