"""``--cluster``: balance games played by a Dask distributed cluster (docs/balance.md, "On a cluster").

``DaskExecutor`` is one more ``Executor``: each job is one task (``play_job``, which loads the
card set from the job's folder on the worker, once per worker process: compiled effects cannot be
pickled), and rows come back as games finish, to be stored by the runner as they arrive. Only a
window of jobs is on the scheduler at once, so a run of a million games does not put a million
tasks there, and closing the executor cancels what is left.

``distributed`` is imported only when a cluster run starts: without the ``cluster`` extra,
everything else works and ``--cluster`` says what to install.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import re
import signal
import threading
import uuid
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from dataclasses import replace
from itertools import islice
from pathlib import Path
from typing import Any

from .....errors import CmdslError
from .executor import play_job
from .jobs import GameRow, Job
from .....values import value

INSTALL = 'pip install "cmdsl[cluster]"'
#: How long to try to reach a scheduler before saying it cannot be reached (seconds).
CONNECT_TIMEOUT = 10.0
#: Jobs on the scheduler at once, per worker thread (at least MIN_WINDOW): enough that no worker
#: waits for its next game, few enough that a huge run does not flood the scheduler.
WINDOW_PER_THREAD, MIN_WINDOW = 4, 64
MAX_LOCAL_WORKERS = 256


@value
class Scheduler:
    """A running Dask scheduler (``dask scheduler``) with its workers: ``tcp://HOST:PORT``."""

    address: str

    def describe(self) -> str:
        return f"on the Dask cluster at {self.address}"


@value
class LocalWorkers:
    """A Dask cluster started on this machine for the run: N worker processes, one thread each."""

    workers: int

    def describe(self) -> str:
        return f"on a local Dask cluster of {self.workers} worker(s)"


Cluster = Scheduler | LocalWorkers

_TCP = re.compile(r"tcp://(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]):(\d{1,5})")
_LOCAL = re.compile(r"local:(\d+)")


def parse_cluster(text: str) -> Cluster:
    """An argparse type for ``--cluster``: ``tcp://HOST:PORT`` or ``local:N``, else a one-line refusal."""
    expected = f"tcp://HOST:PORT (a Dask scheduler) or local:N (N local workers, 1 to {MAX_LOCAL_WORKERS})"
    if m := _TCP.fullmatch(text):
        if not 1 <= int(m.group(1)) <= 65535:
            raise argparse.ArgumentTypeError(f"{text!r}: the port must be from 1 to 65535")
        return Scheduler(text)
    if m := _LOCAL.fullmatch(text):
        n = int(m.group(1))
        if not 1 <= n <= MAX_LOCAL_WORKERS:
            raise argparse.ArgumentTypeError(f"{text!r}: N must be from 1 to {MAX_LOCAL_WORKERS}")
        return LocalWorkers(n)
    raise argparse.ArgumentTypeError(f"{text!r} is not {expected}")


class ClusterError(CmdslError):
    """The cluster could not be reached, or lost games it cannot play again (one line for the user)."""


def check() -> None:
    """Refuse ``--cluster`` before anything else when Dask is not installed."""
    if importlib.util.find_spec("distributed") is None:
        raise ClusterError(f"--cluster sends games to Dask, which is not installed: {INSTALL}")


class DaskExecutor:
    """Plays the jobs on a Dask cluster: a running scheduler, or a local one started for the run."""

    def __init__(self, cluster: Cluster, connect_timeout: float | None = None) -> None:
        self.cluster = cluster
        self.connect_timeout = CONNECT_TIMEOUT if connect_timeout is None else connect_timeout

    def session(self) -> AbstractContextManager[object]:
        return nullcontext()  # each run connects (a scheduler keeps its workers between them)

    def run(self, jobs: Iterable[Job]) -> Iterator[GameRow]:
        import distributed

        with ExitStack() as stack:
            stack.enter_context(_quiet_dask_logs())
            client = stack.enter_context(self._client(distributed))
            threads = sum(client.nthreads().values())
            window = max(MIN_WINDOW, WINDOW_PER_THREAD * threads)
            todo = iter(jobs)
            live: dict[Any, Job] = {}  # future → its job
            done = distributed.as_completed(loop=client.loop)  # our client, not a global default one
            stack.callback(lambda: client.cancel(list(live)))  # games not finished when we stop

            def submit(job: Job) -> None:
                # The folder as an absolute path: a worker's working directory is not ours.
                future = client.submit(play_job, replace(job, cards=str(Path(job.cards).resolve())),
                                       key=f"cmdsl-balance-{job.arm}-{job.index}-{uuid.uuid4().hex[:8]}")
                live[future] = job
                done.add(future)

            for job in islice(todo, window):
                submit(job)
            for future in done:
                job = live.pop(future)
                row = _result(future, job, distributed)
                future.release()
                nxt = next(todo, None)
                if nxt is not None:
                    submit(nxt)
                yield row

    def _client(self, distributed: Any) -> Any:
        if isinstance(self.cluster, LocalWorkers):
            try:
                with _workers_ignore_interrupts():
                    local = distributed.LocalCluster(n_workers=self.cluster.workers, threads_per_worker=1,
                                                     processes=True, dashboard_address=":0",
                                                     silence_logs=logging.CRITICAL)
            except Exception as e:  # Dask says why in its own words; the user gets them on one line
                raise ClusterError(f"could not start a local Dask cluster of {self.cluster.workers} worker(s): "
                                   f"{type(e).__name__}: {e}") from None
            client = distributed.Client(local, set_as_default=False)
            return _Closing(client, local)
        return _Closing(_connect(distributed, self.cluster.address, self.connect_timeout), None)


#: The share of the timeout given to Dask's own connect timeout, so that its refusal (an unreachable
#: port) comes before the timeout, which bounds the whole attempt.
_DASK_SHARE = 0.8


def _connect(distributed: Any, address: str, timeout: float) -> Any:
    """A client of the scheduler at ``address``, or a one-line ClusterError within about ``timeout``.

    Dask's own timeout covers reaching the port, not what comes after: a service of another kind
    there (a web server waits to be asked, as Dask's handshake does) hangs the client for ever, and
    one that talks first can be read as a frame length of exabytes. So the client is made on a
    thread of its own, and left behind if it is still waiting at the timeout (a daemon thread: it
    does not keep the process alive)."""
    made: dict[str, Any] = {}

    def connect() -> None:
        try:
            made["client"] = distributed.Client(address, timeout=timeout * _DASK_SHARE, set_as_default=False)
        except BaseException as e:  # whatever it is, it is reported in one line below
            made["error"] = e

    thread = threading.Thread(target=connect, name="cmdsl-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout)
    if "client" in made:
        return made["client"]
    error = made.get("error")
    if isinstance(error, (OSError, TimeoutError)):
        raise ClusterError(f"cannot reach the Dask scheduler at {address} within {timeout:g} s "
                           f"({type(error).__name__}): is `dask scheduler` running there and its port open?")
    why = "it did not answer" if error is None else f"{type(error).__name__}: {' '.join(str(error).split())[:200]}"
    raise ClusterError(f"no Dask scheduler answered at {address} within {timeout:g} s ({why}): something "
                       "else listens there? A scheduler's port is 8786 unless `dask scheduler --port` says "
                       "otherwise")


@contextmanager
def _quiet_dask_logs() -> Iterator[None]:
    """Dask logs its own tracebacks (a lost scheduler, a dead worker) on stderr; the run reports
    what happened in one line (``_result``), so those logs are silenced while it runs."""
    # Dask's logging configuration gives some loggers (distributed.client...) levels of their own.
    names = ["distributed"] + [n for n in logging.root.manager.loggerDict if n.startswith("distributed.")]
    levels = {name: logging.getLogger(name).level for name in names}
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


@contextmanager
def _workers_ignore_interrupts() -> Iterator[None]:
    """Start worker processes that ignore Ctrl-C, as the process pool's do: Ctrl-C reaches every
    process of the terminal's group, and a Dask worker killed by it prints tracebacks; this process
    decides what to stop and closes the cluster. An ignored signal stays ignored in a new process
    (Python then installs no KeyboardInterrupt handler), so it is ignored here while they start."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread handles signals
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class _Closing:
    """The client (and the local cluster it started) as one context: both closed on leaving."""

    def __init__(self, client: Any, local: Any) -> None:
        self.client, self.local = client, local

    def __enter__(self) -> Any:
        return self.client

    def __exit__(self, *exc: object) -> None:
        self.client.close()
        if self.local is not None:
            self.local.close()


def _result(future: Any, job: Job, distributed: Any) -> GameRow:
    """The future's row, or a one-line error naming the game."""
    try:
        row: GameRow = future.result()
        return row
    except CmdslError:
        raise  # a game's own error (a card folder that changed on a worker): already one line
    except distributed.KilledWorker:
        raise ClusterError(f"game {job.index} ({job.arm}) was on workers that died, too often to try again: "
                           "look at the workers' logs (memory?)") from None
    except Exception as e:  # the scheduler went away, a worker without cmdsl, ...: one line, not Dask's traceback
        said = " ".join(str(e).split())  # Dask's messages have several lines
        raise ClusterError(f"game {job.index} ({job.arm}) failed on the cluster: {type(e).__name__}: {said}") from None
