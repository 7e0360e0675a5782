"""Where balance games are played: the executor interface and its two local implementations.

An executor is given jobs and yields their rows as they finish, in any order; nothing else. The
rows depend on the jobs alone (``games.play``), so the executor decides speed, never numbers.
A cluster executor (the next issue: Dask) implements the same ``Executor`` protocol.
"""

from __future__ import annotations

import multiprocessing
import signal
from functools import lru_cache
from typing import Iterator, Protocol, Sequence

from ..loader import load_card_set
from ..model import CardSet
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


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group: the parent decides what to stop and
    # keeps the finished games; a worker must not die half-way through a result.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessExecutor:
    """Plays the jobs in a pool of ``workers`` processes, each game as one task, results as they
    finish. Stopping early (Ctrl-C) ends the workers at once: their unfinished games are lost,
    which costs only time (they are played again on ``--resume``)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, jobs: Sequence[Job]) -> Iterator[GameRow]:
        with multiprocessing.get_context().Pool(self.workers, initializer=_ignore_interrupts) as pool:
            yield from pool.imap_unordered(play_job, jobs, chunksize=1)  # leaving `with` terminates


def executor_for(workers: int) -> Executor:
    return SerialExecutor() if workers <= 1 else ProcessExecutor(workers)
