"""``cmdsl balance --cluster`` (issue 13): a Dask cluster plays the same games as the local pool,
keeps them when a worker dies, and refuses a bad or unreachable cluster in one line.

One two-worker LocalCluster is shared by the module's tests (starting one costs seconds)."""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Iterable, Iterator

import pytest

distributed = pytest.importorskip("distributed")

from cmdsl.games.cm2008.ui.study import cluster  # noqa: E402
from cmdsl.games.cm2008.ui.study.cluster import DaskExecutor, LocalWorkers, Scheduler, parse_cluster  # noqa: E402
from cmdsl.games.cm2008.ui.study.executor import ProcessExecutor  # noqa: E402
from cmdsl.games.cm2008.ui.study.jobs import GameRow, Job  # noqa: E402
from cmdsl.games.cm2008.ui.study.plan import MAIN  # noqa: E402
from cmdsl.games.cm2008.ui.study.runner import prepare, run  # noqa: E402
from cmdsl.games.cm2008.ui.study.store import Store  # noqa: E402
from cmdsl.cli import main  # noqa: E402
from cmdsl.errors import CmdslError  # noqa: E402

from .conftest import CM2008  # noqa: E402
from .test_balance import _params, _rows  # noqa: E402

GAMES = 6


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as local:
        yield local.scheduler_address


@pytest.fixture(scope="module")
def pool_rows() -> list[str]:
    """The rows of the reference run, on the local process pool."""
    params = _params()
    with Store(":memory:") as store:
        prepare(store, params, GAMES, resume=False)
        run(store, params, GAMES, ProcessExecutor(2))
        return _rows(store)


# deep: a Dask cluster of worker processes started for these tests (issue 55 item 13); the default
# run keeps the file's quick cases: the cluster values, an unreachable or other scheduler
@pytest.mark.deep
def test_a_cluster_plays_the_rows_of_the_local_pool(scheduler: str, pool_rows: list[str]) -> None:
    params = _params()
    with Store(":memory:") as store:
        prepare(store, params, GAMES, resume=False)
        assert run(store, params, GAMES, DaskExecutor(Scheduler(scheduler))) == GAMES
        assert _rows(store) == pool_rows  # rows in index order: arrival order does not matter


class _KillsAWorker:
    """The cluster executor, which kills one of its workers once ``after`` rows have arrived."""

    def __init__(self, address: str, after: int) -> None:
        self.inner, self.address, self.after = DaskExecutor(Scheduler(address)), address, after

    def run(self, jobs: Iterable[Job]) -> Iterator[GameRow]:
        for n, row in enumerate(self.inner.run(jobs)):
            if n == self.after:
                with distributed.Client(self.address, set_as_default=False) as client:
                    victim = sorted(client.scheduler_info()["workers"])[0]
                    pid = client.run(os.getpid, workers=[victim])[victim]
                os.kill(pid, signal.SIGKILL)  # dies mid-game, as a crashed machine would
            yield row


# deep: a Dask cluster started, or a worker lost, for this test alone (issue 55 item 13)
@pytest.mark.deep
def test_a_lost_worker_loses_no_game(scheduler: str, pool_rows: list[str]) -> None:
    params = _params()
    with Store(":memory:") as store:
        prepare(store, params, GAMES, resume=False)
        run(store, params, GAMES, _KillsAWorker(scheduler, after=1))  # its games go to the other worker
        assert _rows(store) == pool_rows


class _Interrupted:
    def __init__(self, address: str, after: int) -> None:
        self.inner, self.after = DaskExecutor(Scheduler(address)), after

    def run(self, jobs: Iterable[Job]) -> Iterator[GameRow]:
        for n, row in enumerate(self.inner.run(jobs)):
            if n == self.after:
                raise KeyboardInterrupt
            yield row


# deep: a Dask cluster started, or a worker lost, for this test alone (issue 55 item 13)
@pytest.mark.deep
def test_a_stopped_cluster_run_resumes_to_the_same_rows(scheduler: str, pool_rows: list[str], tmp_path: Path) -> None:
    params = _params()
    db = str(tmp_path / "c.db")
    with Store(db) as store:
        prepare(store, params, GAMES, resume=False)
        with pytest.raises(KeyboardInterrupt):
            run(store, params, GAMES, _Interrupted(scheduler, after=2))
        assert len(store.rows(MAIN)) == 2  # finished games were stored as they came
    with Store(db) as store:
        prepare(store, params, GAMES, resume=True)
        assert run(store, params, GAMES, DaskExecutor(Scheduler(scheduler))) == GAMES - 2
        assert _rows(store) == pool_rows


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


# deep: a Dask cluster started, or a worker lost, for this test alone (issue 55 item 13)
@pytest.mark.deep
def test_local_n_starts_a_cluster_and_reports_the_numbers_of_a_local_run(capsys: pytest.CaptureFixture[str]) -> None:
    common = ["--games", "3", "--bot", "random", "--bot", "random", "--cards", str(CM2008), "--quiet"]
    code, on_cluster, err = _cli(capsys, *common, "--cluster", "local:1")
    assert code == 0, err
    assert "Played 3 games in" in err and "on a local Dask cluster of 1 worker(s)" in err
    code, local, _ = _cli(capsys, *common, "--workers", "1")
    assert code == 0 and on_cluster == local


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_scheduler_is_one_line_within_the_timeout(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    address = f"tcp://127.0.0.1:{_free_port()}"  # nobody listens there
    start = time.monotonic()
    code, out, err = _cli(capsys, "--games", "2", "--bot", "random", "--bot", "random", "--cards", str(CM2008),
                          "--quiet", "--cluster", address)
    assert time.monotonic() - start < 8  # the timeout, plus the start-up: no hang
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == (f"error: cannot reach the Dask scheduler at {address} within 1 s (OSError): "
                                    "is `dask scheduler` running there and its port open?")
    assert "Traceback" not in err


@pytest.mark.parametrize("value, message", [
    ("localhost:8786", "'localhost:8786' is not tcp://HOST:PORT (a Dask scheduler) or local:N (N local workers, 1 to 256)"),
    ("tcp://host", "'tcp://host' is not tcp://HOST:PORT (a Dask scheduler) or local:N (N local workers, 1 to 256)"),
    ("tcp://host:70000", "'tcp://host:70000': the port must be from 1 to 65535"),
    ("local:0", "'local:0': N must be from 1 to 256"),
    ("local:two", "'local:two' is not tcp://HOST:PORT (a Dask scheduler) or local:N (N local workers, 1 to 256)"),
])
def test_a_bad_cluster_value_is_a_located_one_line_error(value: str, message: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["balance", "--cluster", value])
    assert info.value.code == 2
    assert capsys.readouterr().err == f"cmdsl balance: error: argument --cluster: {message} (see cmdsl balance --help)\n"


def test_cluster_values_that_are_good() -> None:
    assert parse_cluster("tcp://10.0.0.5:8786") == Scheduler("tcp://10.0.0.5:8786")
    assert parse_cluster("tcp://scheduler.lab-2.example:8786") == Scheduler("tcp://scheduler.lab-2.example:8786")
    assert parse_cluster("local:4") == LocalWorkers(4)


def test_workers_and_cluster_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(capsys, "--cluster", "local:2", "--workers", "2", "--cards", str(CM2008))
    assert code == 1 and err == ("error: balance: --workers counts local processes; with --cluster the cluster has "
                                 "its workers (local:N for N of them)\n")


def test_without_dask_cluster_is_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    code, out, err = _cli(capsys, "--cluster", "local:2", "--cards", str(CM2008))
    assert (code, out) == (1, "")
    assert err == 'error: --cluster sends games to Dask, which is not installed: pip install "cmdsl[cluster]"\n'


@pytest.mark.deep  # a Dask cluster of worker processes (above)
def test_a_worker_whose_cards_differ_stops_the_run_with_the_games_error(scheduler: str) -> None:
    params = _params()
    job = replace(params.job(params.arms[0], 0), fingerprint="0000000000000000")  # the run began with other cards
    with pytest.raises(CmdslError, match=r"the cards in .* changed since the run started \(fingerprint [0-9a-f]+, "
                                         r"the run's is 0000000000000000\)"):
        list(DaskExecutor(Scheduler(scheduler)).run([job]))


# ---- an address that answers, but not as a Dask scheduler (issue 24 item 2) --------------------

import socketserver  # noqa: E402
import threading  # noqa: E402
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer  # noqa: E402


class _Garbage(socketserver.BaseRequestHandler):
    """Another protocol that talks first: bytes that read as frame lengths of exabytes."""

    def handle(self) -> None:
        try:
            self.request.sendall(b"\xff" * 64 + b"SSH-2.0-OpenSSH_9.2\r\n")
            time.sleep(30)
        except OSError:
            pass


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(params=["http", pytest.param("talks-first", marks=pytest.mark.deep)])  # each waits for its timeout
def other_protocol(request: pytest.FixtureRequest) -> Iterator[str]:
    """A loopback server that is not a Dask scheduler: an HTTP server (it waits to be asked, as
    Dask's handshake does), or one that sends bytes of its own at once."""
    server: socketserver.ThreadingTCPServer
    if request.param == "http":
        server = ThreadingHTTPServer(("127.0.0.1", 0), _Quiet)
    else:
        server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Garbage)
    server.daemon_threads = True  # a connection left waiting does not hold the test's end
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_an_address_that_is_not_a_dask_scheduler_is_one_line_within_the_timeout(
        other_protocol: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2.0)
    start = time.monotonic()
    code, out, err = _cli(capsys, "--games", "2", "--bot", "random", "--bot", "random", "--cards", str(CM2008),
                          "--quiet", "--cluster", other_protocol)
    assert time.monotonic() - start < 10  # the timeout, plus the start-up: no hang
    assert (code, out) == (1, "")
    assert err.splitlines()[-1].startswith(f"error: no Dask scheduler answered at {other_protocol} within 2 s")
    assert "Traceback" not in err and [ln for ln in err.splitlines() if "error" in ln.lower()] == [err.splitlines()[-1]]
