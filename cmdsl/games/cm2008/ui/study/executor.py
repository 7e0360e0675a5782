"""Where the games of a Campaign Manager 2008 balance study are played: the executor interface and
its two local implementations (``cluster.py``: Dask's).

An executor is given jobs and yields their rows as they finish, in any order; nothing else. The
rows depend on the jobs alone (``jobs.play``), so the executor decides speed, never numbers.
"""

from __future__ import annotations

import multiprocessing.pool
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import lru_cache
from typing import Iterable, Iterator, Protocol

from ...loader import load_card_set
from ...model import CardSet
from .....kits.study.pool import worker_pool
from .jobs import GameRow, Job, play


class Executor(Protocol):
    def run(self, jobs: Iterable[Job]) -> Iterator[GameRow]:
        """Play every job; yield each row as soon as its game is over. Closing the iterator early
        (Ctrl-C, an error) stops the games not yet started."""
        ...

    def session(self) -> AbstractContextManager[object]:
        """Within it, runs share what they can (an A/B's looks: one pool of workers)."""
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

    def run(self, jobs: Iterable[Job]) -> Iterator[GameRow]:
        for job in jobs:
            yield play_job(job)

    def session(self) -> AbstractContextManager[object]:
        return nullcontext()


class ProcessExecutor:
    """Plays the jobs in a pool of ``workers`` processes, each game as one task, results as they
    finish. Stopping early (Ctrl-C) ends the workers at once: their unfinished games are lost,
    which costs only time (they are played again on ``--resume``)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: multiprocessing.pool.Pool | None = None  # kept between runs inside ``session``

    @contextmanager
    def session(self) -> Iterator[object]:
        """One pool for every ``run`` within it: the workers start and load the sets once."""
        self.pool = worker_pool(self.workers)
        try:
            yield self.pool
        finally:
            self.pool.terminate()
            self.pool = None

    def run(self, jobs: Iterable[Job]) -> Iterator[GameRow]:
        if self.pool is not None:
            yield from self.pool.imap_unordered(play_job, jobs, chunksize=1)
            return
        with worker_pool(self.workers) as pool:
            yield from pool.imap_unordered(play_job, jobs, chunksize=1)  # leaving `with` terminates


def executor_for(workers: int) -> Executor:
    return SerialExecutor() if workers <= 1 else ProcessExecutor(workers)
