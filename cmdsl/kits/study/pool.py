"""A pool of worker processes for playing many games at once, for every game's study: the workers
ignore Ctrl-C (the parent decides what to stop) and end with the parent, however it ends."""

from __future__ import annotations

import ctypes
import multiprocessing
import multiprocessing.pool
import os
import signal
import sys
import threading
import time


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
