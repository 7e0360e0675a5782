"""What every REPL test shares: a REPL that waits for input forever fails instead of hanging."""

from __future__ import annotations

import signal
from typing import Iterator

import pytest


@pytest.fixture(autouse=True)
def fails_if_it_hangs(request: pytest.FixtureRequest) -> Iterator[None]:
    """The test fails after its module's ``HANG_SECONDS`` (default 120) instead of hanging the run:
    a prompt left waiting, an error lost on the loading thread."""
    seconds = getattr(request.module, "HANG_SECONDS", 120)

    def boom(signum, frame):  # type: ignore[no-untyped-def]
        raise TimeoutError(f"the REPL test hung ({seconds} s)")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)
