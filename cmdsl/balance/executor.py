"""Where balance games are played: the executor interface and its two local implementations.

An executor is given jobs and yields their rows as they finish, in any order; nothing else. The
rows depend on the jobs alone (``games.play``), so the executor decides speed, never numbers.
A cluster executor (the next issue: Dask) implements the same ``Executor`` protocol.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import multiprocessing.pool
import os
import signal
import sys
import threading
import time
from functools import lru_cache
from typing import Iterator, Protocol, Sequence

from ..games.cm2008.loader import load_card_set
from ..games.cm2008.model import CardSet
from .games import GameRow, Job, play


class Executor(Protocol):
    def run(self, jobs: Sequence[Job]) -> Iterator[GameRow]:
        """Play every job; yield each row as soon as its game is over. Closing the iterator early
        (Ctrl-C, an error) stops the games not yet started."""
        ...


def play_job(job: Job) -> GameRow:
    """Play one job in this process, loading its card set once per process."""
    return play(job, _card_set(job.cards))


@lru_cache(maxsize=4)
def _card_set(folder: str) -> CardSet:
    # A cache per process of compiled, immutable sets: a worker plays many games of one set, and
    # compiled effects cannot be sent between processes (only the folder is).
    return load_card_set(folder)


class SerialExecutor:
    """Plays the jobs one after another in this process (``--workers 1``, tests)."""

    def run(self, jobs: Sequence[Job]) -> Iterator[GameRow]:
        for job in jobs:
            yield play_job(job)


def worker_pool(workers: int) -> multiprocessing.pool.Pool:
    """A pool of ``workers`` processes that ignore Ctrl-C and end with this process (use it in a
    ``with``: leaving it terminates the workers)."""
    return multiprocessing.get_context().Pool(workers, initializer=_worker_start, initargs=(os.getpid(),))


def _worker_start(parent: int) -> None:
    """Set up a worker process of the pool (its initializer)."""
    # Ctrl-C reaches every process of the terminal's group: the parent decides what to stop and
    # keeps the finished games; a worker must not die half-way through a result.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with(parent)


#: Linux's prctl option that sends this process a signal when its parent ends.
_PR_SET_PDEATHSIG = 1


def _end_with(parent: int) -> None:
    """End this worker, quietly, when ``parent`` is gone (killed with -9, it cannot close the pool):
    a worker left behind would write its next result into a closed pipe and print a BrokenPipe
    traceback. On Linux the kernel kills it as the parent ends; elsewhere a thread looks every
    half second."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # it ended before the request was made
                    os._exit(0)
                return
        except (OSError, AttributeError):
            pass  # no prctl here: the thread below

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="cmdsl-worker-parent-watch", daemon=True).start()


class ProcessExecutor:
    """Plays the jobs in a pool of ``workers`` processes, each game as one task, results as they
    finish. Stopping early (Ctrl-C) ends the workers at once: their unfinished games are lost,
    which costs only time (they are played again on ``--resume``)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, jobs: Sequence[Job]) -> Iterator[GameRow]:
        with worker_pool(self.workers) as pool:
            yield from pool.imap_unordered(play_job, jobs, chunksize=1)  # leaving `with` terminates


def executor_for(workers: int) -> Executor:
    return SerialExecutor() if workers <= 1 else ProcessExecutor(workers)
