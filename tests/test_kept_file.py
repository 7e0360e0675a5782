"""What names a kind of kept work's file (cmdsl/kept_file.py): everything its entries are made
from, so that nothing is read back into code that changed."""

from __future__ import annotations

from pathlib import Path

from cmdsl.kept_file import made_from


def test_a_kept_files_name_changes_with_any_source_it_is_made_from(tmp_path: Path) -> None:
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("x = 1\n", encoding="utf-8")
    b.write_text("y = 2\n", encoding="utf-8")
    name = made_from([str(a), str(b)])
    assert name is not None and name == made_from([str(a), str(b)])
    assert made_from([str(a), str(b)], "grammar 2") != name  # what else it is made from (a grammar)
    b.write_text("y = 3\n", encoding="utf-8")
    assert made_from([str(a), str(b)]) != name


def test_nothing_is_kept_for_what_has_no_python_source_to_read(tmp_path: Path) -> None:
    a = tmp_path / "a.py"
    a.write_text("x = 1\n", encoding="utf-8")
    assert made_from([str(a), None]) is None  # a module with no file
    assert made_from([str(a), str(tmp_path / "m.cpython-311-x86_64-linux-gnu.so")]) is None  # compiled
    assert made_from([str(a), str(tmp_path / "gone.py")]) is None  # unreadable
