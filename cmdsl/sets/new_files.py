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


def write_and_say(folder: Path, files: dict[str, str], title: str, game: str, docs: str) -> int:
    """`cmdsl new-set DIR --game GAME`: write ``files`` (``write_files``), then say what was written
    and what to run next — check, play, the set's own tests, naming it in cmdsl.toml."""
    written = write_files(folder, files)
    print(f"Wrote a {title} set to {folder}: " + ", ".join(p.relative_to(folder).as_posix() for p in written) + ".")
    print(f"Next: cmdsl check {folder}   then   cmdsl play --game {game} --cards {folder} --bot random")
    print(f"Its own tests (scenarios/, {docs}): cmdsl test {folder} --update (writes the snapshots: read them), "
          f"then cmdsl test {folder}")
    print(f'To make every command use it, name it in cmdsl.toml: [cards] {game} = "{folder}" ({docs}).')
    return 0
