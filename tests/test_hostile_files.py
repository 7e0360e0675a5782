"""Issue 24 items 8 and 9: nothing in a set folder is skipped in silence, no control character
reaches a terminal, and a broken file's message points at the defect."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.errors import CardSetError
from cmdsl.loader import load_card_set

from .conftest import CM2008

MINI = Path(__file__).parent / "data" / "mini"


@pytest.fixture
def mini_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(MINI, folder)
    monkeypatch.chdir(tmp_path)
    return folder


def checked(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["check", str(folder)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, [ln for ln in (out.out + out.err).splitlines() if ln.strip()]


# ---- item 8: files that are not files ------------------------------------------------------------


def test_a_folder_a_fifo_and_a_dangling_link_named_like_card_files_are_each_named(
        mini_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (mini_copy / "folder.yaml").mkdir()
    os.mkfifo(mini_copy / "pipe.yaml")  # opening it would wait for a writer for ever
    (mini_copy / "gone.yaml").symlink_to(mini_copy / "nowhere.yaml")
    code, lines = checked(mini_copy, capsys)
    assert code == 1
    assert "set/folder.yaml: a folder, not a file (only YAML files are read here)" in lines
    assert "set/pipe.yaml: not a regular file (a FIFO, a device or a socket): only files are read here" in lines
    assert f"set/gone.yaml: a symbolic link to nothing (it points to {mini_copy / 'nowhere.yaml'})" in lines
    assert lines[-1] == "3 errors."


def test_a_link_to_a_card_file_is_read(mini_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (mini_copy / "set.yaml").rename(mini_copy.parent / "elsewhere.yaml")
    (mini_copy / "set.yaml").symlink_to(mini_copy.parent / "elsewhere.yaml")
    code, lines = checked(mini_copy, capsys)
    assert code == 0 and "ok" in lines[-1]


# ---- item 8: control characters ------------------------------------------------------------------


@pytest.mark.parametrize("escape", ["\\a", "\\x1b[2J", "\\u0085", "\\x7f"])
def test_a_control_character_in_a_title_is_refused_where_it_is(mini_copy: Path, escape: str) -> None:
    path = mini_copy / "set.yaml"
    text = path.read_text()
    line = next(i for i, ln in enumerate(text.splitlines()) if "title:" in ln)
    lines = text.splitlines()
    key, _, value = lines[line].partition("title:")
    lines[line] = f'{key}title: "{value.strip().strip(chr(34))}{escape}"'
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CardSetError) as info:
        load_card_set(mini_copy)
    message = str(info.value.errors[0]).splitlines()[0]
    assert message.startswith(f"set/set.yaml:{line + 1}:{len(key) + len('title: ') + 1}: ")
    assert "a control character" in message and "is not allowed in a value" in message
    assert len(info.value.errors) == 1


def test_the_bundled_set_has_no_control_character() -> None:
    load_card_set(CM2008)  # guards the check above against refusing real text (tabs and newlines stay allowed)
