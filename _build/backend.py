"""The build backend: setuptools' own, plus mypy when ``CMDSL_COMPILE=1`` asks for the compiled
build (setup.py). pyproject.toml's ``requires`` are static, so the variable is read here, where
pip asks what the build needs. An editable install is always pure Python: compiled modules
beside the sources would shadow every edit."""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (every hook we do not change)

#: The mypy that compiles (mypyc ships in it): the lock's (requirements/test.txt), so the compiled
#: build is made by the same mypy that checks the code.
MYPY = "mypy==2.4.1"
#: What that mypy must see of the libraries the compiled modules reach, as it does where it checks
#: the code (the lock's): Lark's classes, which the language's tree builders subclass (without
#: them a subclass of ``Any``, refused), and PyYAML's types (the loaders).
TYPES = ("lark==1.3.1", "types-PyYAML==6.0.12.20261122")
VARIABLE = "CMDSL_COMPILE"


def _compiling() -> bool:
    return os.environ.get(VARIABLE, "") not in ("", "0")


def _pure(hook: Any, *args: Any) -> Any:
    """``hook`` run with the compiled build off: setuptools runs setup.py to answer it, before
    mypy is installed."""
    saved = os.environ.get(VARIABLE)
    os.environ[VARIABLE] = "0"
    try:
        return hook(*args)
    finally:
        if saved is None:
            del os.environ[VARIABLE]
        else:
            os.environ[VARIABLE] = saved


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = [MYPY, *TYPES] if _compiling() else []
    return list(_pure(_setuptools.get_requires_for_build_wheel, config_settings)) + extra


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    return str(_pure(_setuptools.prepare_metadata_for_build_wheel, metadata_directory, config_settings))


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return list(_pure(_setuptools.get_requires_for_build_editable, config_settings))


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    return str(_pure(_setuptools.prepare_metadata_for_build_editable, metadata_directory, config_settings))


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    return str(_pure(_setuptools.build_editable, wheel_directory, config_settings, metadata_directory))
