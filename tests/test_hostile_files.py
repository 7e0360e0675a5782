"""Issue 24 items 8 and 9: nothing in a set folder is skipped in silence, no control character
reaches a terminal, and a broken file's message points at the defect."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.errors import CardSetError
from cmdsl.games.cm2008.loader import load_card_set

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
    assert code == 0 and ": ok — " in lines[0]


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


# ---- item 9: messages that point at the defect -----------------------------------------------------


def refused(folder: Path) -> list[str]:
    with pytest.raises(CardSetError) as info:
        load_card_set(folder)
    return [str(e) for e in info.value.errors]


def add_to_first_effect(folder: Path, lines: list[str]) -> int:
    """Put ``lines`` at the start of the first card's effect in ``set.yaml``; the 1-based line of the first."""
    path = folder / "set.yaml"
    text = path.read_text().splitlines()
    at = next(i for i, ln in enumerate(text) if ln.strip() == "effect: |") + 1
    indent = len(text[at]) - len(text[at].lstrip())
    path.write_text("\n".join(text[:at] + [" " * indent + ln for ln in lines] + text[at:]) + "\n")
    return at + 1


def test_draw_of_a_name_says_that_draw_takes_a_number(mini_copy: Path) -> None:
    line = add_to_first_effect(mini_copy, ["draw Alpha"])
    errors = refused(mini_copy)
    assert len(errors) == 1
    head, source, caret, hint = errors[0].splitlines()
    # "      draw Alpha" in the file: Alpha starts at column 12
    assert head == f"set/set.yaml:{line}:12: mccain-nothing-1: `draw` takes a number of cards (`draw 2`), not Alpha"
    assert caret.index("^") == source.index("Alpha")
    assert hint.strip() == "a number bound earlier works too (`... as N`, then `draw N`)"


def test_an_id_given_twice_names_both_places(mini_copy: Path) -> None:
    (mini_copy / "extra.yaml").write_text("cards:\n  - id: mccain-nothing-1\n    side: mccain\n    title: Again\n"
                                          "    type: flow\n    effect: |\n      nothing\n")
    errors = refused(mini_copy)
    assert len(errors) == 1
    first = next(i for i, ln in enumerate((mini_copy / "set.yaml").read_text().splitlines())
                 if ln.strip() == "- id: mccain-nothing-1") + 1
    assert errors[0].splitlines()[0] == (f'set/set.yaml:{first}:9: mccain-nothing-1: id "mccain-nothing-1" is used '
                                         "twice: here and at set/extra.yaml:2:9")


def test_an_effect_over_the_work_bound_is_the_one_error_not_the_cards_that_may_play_it(tmp_path: Path,
                                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "set"
    shutil.copytree(CM2008, folder)  # its draw-and-play cards would all inherit the bound of the dearest card
    monkeypatch.chdir(tmp_path)
    path = folder / "obama.yaml"
    text = path.read_text().splitlines()
    at = next(i for i, ln in enumerate(text) if ln.strip() == "effect: |") + 1
    loop = ["      " + "    " * d + "repeat 20:" for d in range(8)] + ["      " + "    " * 8 + "draw 1"]
    path.write_text("\n".join(text[:at] + loop + text[at:]) + "\n")
    errors = refused(folder)
    assert len(errors) == 1, errors
    assert errors[0].splitlines()[0].startswith(f"set/obama.yaml:{at + 1}:7: ")
    assert "this loop may do too much work" in errors[0]


def test_a_misspelt_circle_is_pointed_at_not_the_row(mini_copy: Path) -> None:
    path = mini_copy / "set.yaml"
    text = path.read_text()
    path.write_text(text.replace("    defense: R R W\n", "    defense: R X W\n", 1))
    errors = refused(mini_copy)
    head, source, caret = errors[0].splitlines()[:3]
    assert '"X" is not a circle: each is R (McCain), B (Obama) or W (undecided) (R2.2)' in head
    assert caret.index("^") == source.index("X")


def test_a_card_file_that_is_a_list_shows_its_first_line(mini_copy: Path) -> None:
    (mini_copy / "extra.yaml").write_text("# mine\n- one\n- two\n")
    errors = refused(mini_copy)
    lines = errors[0].splitlines()
    assert lines[0] == ("set/extra.yaml:2:1: a card file is a mapping of sections (states, cards, breaking_news, "
                        "going_negative), not a list")
    assert lines[1].strip() == "- one" and lines[2].strip() == "^"
