"""The build backend (_build/backend.py): ``CMDSL_COMPILE=1`` adds the lock's mypy to what a wheel's
build needs (mypyc compiles, setup.py); without it, or for an editable install, nothing more: the
install is pure Python (docs/install-compiled.md)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent


def backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cmdsl_build_backend", REPO / "_build" / "backend.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_compiled_build_asks_for_the_locked_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # setuptools reads setup.py from the current directory
    b = backend()
    monkeypatch.setenv("CMDSL_COMPILE", "1")
    assert b.MYPY in b.get_requires_for_build_wheel()
    assert b.MYPY not in b.get_requires_for_build_editable()
    lock = (REPO / "requirements" / "test.txt").read_text()
    for pin in (b.MYPY, *b.TYPES):  # what the build's mypy sees, as the lock pins it
        assert pin in b.get_requires_for_build_wheel()
        name, version = pin.split("==")
        locked = re.search(rf"^{re.escape(name.lower())}==(\S+)", lock, re.M)
        assert locked is not None and locked.group(1) == version, pin


@pytest.mark.parametrize("value", [None, "0", ""])
def test_without_the_variable_the_build_is_pure(monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    monkeypatch.chdir(REPO)
    if value is None:
        monkeypatch.delenv("CMDSL_COMPILE", raising=False)
    else:
        monkeypatch.setenv("CMDSL_COMPILE", value)
    assert not any(r.startswith("mypy") for r in backend().get_requires_for_build_wheel())
