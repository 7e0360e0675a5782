"""Runs ``cmdsl`` commands as new processes would, many times, cheaply: a fresh Python imports cmdsl
once and builds the games' parsers (nothing kept is read: no store is made), then for each request
forks a child that runs ``cmdsl.cli.main`` with the request's arguments and environment, as a
process of its own, its kept files written when it ends as a process's are. Started by
tests/test_kept_hostile.py; not a test itself.

The first line of JSON is the commands to come (a list of argument lists): they run once, with
nothing kept, in a child that says what they imported, and the server imports it (a child then
pays only for its own work). Then a request is one line of JSON: ``{"argv": [...], "env": {...}, "cwd": "...", "full_disk": false}``;
the answer one line: ``{"code": N, "out": "...", "err": "...", "hung": false}``. A child that runs
longer than ``HANG_SECONDS`` is killed: a hang, not a slow run.
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import signal
import sys
import tempfile
import traceback

HANG_SECONDS = 20


def _warm(commands: list[list[str]]) -> None:
    """Import what ``commands`` import, and build the games' parsers, without keeping or reading
    anything kept: the commands run once in a child, with nothing kept, and say what they imported."""
    import importlib

    from cmdsl.games.cm2008.vocabulary import LANGUAGE as CM2008
    from cmdsl.games.racolage.vocabulary import LANGUAGE as RACOLAGE

    for language in (CM2008, RACOLAGE):
        language.parser  # the Lark parser, built once here; its kept parses are each child's own
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        for argv in commands:
            with tempfile.TemporaryFile() as sink:
                request = {"argv": argv, "env": {**os.environ, "CMDSL_NO_CACHE": "1"}, "cwd": os.getcwd()}
                child = os.fork()
                if child == 0:
                    try:
                        _child(request, sink.fileno(), sink.fileno(), write)
                    finally:
                        os._exit(71)
                os.waitpid(child, 0)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as names:
        modules = names.read().split()
    os.waitpid(pid, 0)
    for name in modules:
        if name.startswith(("cmdsl", "repl", "lark", "yaml")):
            try:
                importlib.import_module(name)
            except Exception:
                pass


def _full_disk() -> None:
    """Every file written from here on fills the disk half way, then fails as a full disk does."""
    made = tempfile.NamedTemporaryFile

    class Full:
        def __init__(self, fh: object) -> None:
            self.fh = fh

        def write(self, data: bytes) -> int:
            self.fh.write(data[: len(data) // 2])  # type: ignore[attr-defined]
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name: str) -> object:
            return getattr(self.fh, name)

        def __enter__(self) -> "Full":
            self.fh.__enter__()  # type: ignore[attr-defined]
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.__exit__(*exc)  # type: ignore[attr-defined]

    tempfile.NamedTemporaryFile = lambda *a, **k: Full(made(*a, **k))  # type: ignore[assignment, misc]


def _child(request: dict[str, object], out: int, err: int, modules: int | None = None) -> None:
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)  # requests come on the server's stdin: never the child's
    os.dup2(out, 1)
    os.dup2(err, 2)
    signal.alarm(HANG_SECONDS)
    os.environ.clear()
    os.environ.update(request["env"])  # type: ignore[arg-type]
    os.chdir(str(request["cwd"]))
    atexit._clear()  # type: ignore[attr-defined]  # only what this run registers: its kept files
    if request.get("full_disk"):
        _full_disk()
    code = 0
    try:
        from cmdsl.cli import main

        returned = main([str(a) for a in request["argv"]])  # type: ignore[attr-defined]
        code = returned if isinstance(returned, int) else 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        if isinstance(e.code, str):
            print(e.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        code = 70
    atexit._run_exitfuncs()  # type: ignore[attr-defined]  # as the process ends
    if modules is not None:
        os.write(modules, " ".join(sys.modules).encode() + b" ")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _serve() -> None:
    _warm(json.loads(sys.stdin.readline()))  # the first line: the commands to come
    for line in sys.stdin:
        request = json.loads(line)
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            pid = os.fork()
            if pid == 0:
                try:
                    _child(request, out.fileno(), err.fileno())
                finally:
                    os._exit(71)
            _, status = os.waitpid(pid, 0)
            out.seek(0)
            err.seek(0)
            hung = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM
            code = os.waitstatus_to_exitcode(status)
            answer = {"code": code, "out": out.read().decode("utf-8", "replace"),
                      "err": err.read().decode("utf-8", "replace"), "hung": hung}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    _serve()
