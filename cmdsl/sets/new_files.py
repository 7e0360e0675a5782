"""A new card set's files written into a folder that holds nothing (any game's ``cmdsl new-set``):
a designer's files are never overwritten."""

from __future__ import annotations

from pathlib import Path

from ..errors import CmdslError, shown_path


class NewSetError(CmdslError):
    pass


def refuse_unless_empty(folder: Path) -> None:
    if folder.is_file():
        raise NewSetError(f"{shown_path(folder)}: is a file; give a new folder for the set")
    if folder.is_dir() and any(folder.iterdir()):
        raise NewSetError(f"{shown_path(folder)}: not empty; give a new or empty folder (nothing is overwritten)")


def write_files(folder: Path, files: dict[str, str]) -> list[Path]:
    """Write a new set's ``files`` (relative name → text) into ``folder``, new or empty."""
    refuse_unless_empty(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for file_name, text in files.items():
        path = folder / file_name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
