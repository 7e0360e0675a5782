"""The server's tests' fixtures: a hall on a store in a temporary folder, and a client of its web
application (Starlette's TestClient: HTTP and WebSockets in this process)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from starlette.testclient import TestClient

from cmdsl.serve.app import create_app
from cmdsl.serve.hall import Hall

from .helpers import new_hall


@pytest.fixture
def hall(tmp_path: Path) -> Hall:
    return new_hall(tmp_path)


@pytest.fixture
def client(hall: Hall) -> Iterator[TestClient]:
    with TestClient(create_app(hall), base_url="http://testserver") as c:
        yield c
