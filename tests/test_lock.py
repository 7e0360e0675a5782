"""The lock the README installs (requirements/test.txt): every dependency pinned, with hashes, for
every Python cmdsl supports, and pyproject.toml keeping lower bounds only (README, "The lock")."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LOCK = REPO / "requirements" / "test.txt"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?: ;.*)? \\$")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(spec: str) -> str:
    m = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", spec)
    assert m, spec
    return canonical(m.group(0))


def project() -> dict:  # type: ignore[type-arg]
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def locked() -> dict[str, list[str]]:
    pins: dict[str, list[str]] = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        m = PIN.match(line)
        if m:
            pins.setdefault(canonical(m.group(1)), []).append(m.group(2))
    return pins


def test_every_dependency_and_test_extra_is_pinned() -> None:
    pins = locked()
    wanted = [requirement_name(s) for s in project()["dependencies"] + project()["optional-dependencies"]["test"]]
    assert [n for n in wanted if n not in pins] == []
    # pyyaml is the release that broke a fresh machine once: it must be pinned, not ranged
    assert "pyyaml" in pins


def test_every_pin_is_exact_and_carries_hashes() -> None:
    lines = LOCK.read_text(encoding="utf-8").splitlines()
    pinned = 0
    for i, line in enumerate(lines):
        if line and not line.startswith((" ", "#")):
            assert PIN.match(line), f"requirements/test.txt:{i + 1}: not an exact pin: {line}"
            assert lines[i + 1].strip().startswith("--hash=sha256:"), f"requirements/test.txt:{i + 1}: no hash"
            pinned += 1
    assert pinned >= 20


def test_the_lock_is_universal_from_the_lowest_supported_python() -> None:
    header = LOCK.read_text(encoding="utf-8").splitlines()[:3]
    command = next(line for line in header if "uv pip compile" in line)
    assert "--universal" in command and "--generate-hashes" in command
    lowest = re.fullmatch(r">=(3\.\d+)", project()["requires-python"])
    assert lowest and f"--python-version {lowest.group(1)}" in command
    # the README says how to refresh it, with the same command
    assert command.strip("# ").strip() in " ".join((REPO / "README.md").read_text(encoding="utf-8").split())


def test_pyproject_states_lower_bounds_only() -> None:
    specs = project()["dependencies"] + [s for extra in project()["optional-dependencies"].values() for s in extra]
    assert [s for s in specs if "<" in s or "==" in s] == []
    assert [s for s in specs if ">=" not in s] == []
