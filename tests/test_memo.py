"""A re-check with a memo (an editor's, issue 32) says what a check from scratch says, with texts
that stand for files (unsaved buffers) read instead of the files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cmdsl.errors import CardSetError
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.memo import Memo

CARDS = Path(__file__).parent.parent / "cards" / "cm2008"


@pytest.fixture
def card_set(tmp_path: Path) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("scenarios"))
    return folder


def _programs(folder: Path, **kw: object) -> dict[str, object]:
    cards = load_card_set(folder, **kw)  # type: ignore[arg-type]
    return {c.id: (c.checked.program, c.checked.work, c.source) for c in cards.cards.values()}


def test_a_memo_gives_the_set_a_check_from_scratch_gives(card_set: Path) -> None:
    memo = Memo()
    plain = _programs(card_set)
    assert _programs(card_set, memo=memo) == plain
    misses = memo.misses
    assert _programs(card_set, memo=memo) == plain
    assert memo.misses == misses and memo.hits > 100  # nothing parsed, checked or compiled again


def test_a_text_given_for_a_file_is_read_instead_and_the_file_is_left_alone(card_set: Path) -> None:
    obama = card_set / "obama.yaml"
    on_disk = obama.read_text()
    broken = on_disk.replace("gain 2 supports on economy in S", "gain 2 supports on economy in Ohiox", 1)
    for memo in (None, Memo()):
        with pytest.raises(CardSetError) as e:
            load_card_set(card_set, sources={obama.resolve(): broken}, memo=memo)
        assert "obama.yaml:14:" in str(e.value)
    assert obama.read_text() == on_disk
    load_card_set(card_set)


def test_an_error_is_said_again_and_at_the_lines_the_text_has_now(card_set: Path) -> None:
    """A memo keeps no error, and a tree kept by its text gets the positions of where it is now."""
    obama = (card_set / "obama.yaml").resolve()
    text = obama.read_text().replace('choose a state as S\n      gain 2', 'choose a state as S\n      gain 2x', 1)
    memo = Memo()
    for shift in (0, 0, 3):
        with pytest.raises(CardSetError) as e:
            load_card_set(card_set, sources={obama: "\n" * shift + text}, memo=memo)
        assert f"obama.yaml:{14 + shift}:" in str(e.value)
    load_card_set(card_set, memo=memo)
    cards = load_card_set(card_set, sources={obama: "\n\n" + obama.read_text()}, memo=memo)
    assert cards.cards["obama-main-street-vs-wall-street"].source.line == 4 + 2
    assert cards.cards["obama-main-street-vs-wall-street"].checked.program.body[0].pos.line == 13 + 2
    assert cards.cards["obama-mybarackobama-com"].checked.program.body[0].pos.line == 22 + 2  # it has no cost


def test_a_memo_is_bounded() -> None:
    memo = Memo(size=2)
    for key in "abc":
        memo.get(key, lambda key=key: key * 2)
    assert len(memo) == 2 and memo.get("a", lambda: "new") == "new"


# ---- the sets read in this process (``loader.SETS_READ``) -----------------------------------------

def test_an_unchanged_set_read_again_in_a_process_is_the_set_read_before(card_set: Path) -> None:
    assert load_card_set(card_set) is load_card_set(card_set)  # not checked again (a game dealt again)


def test_a_changed_byte_a_moved_folder_or_another_directory_is_read_again(card_set: Path, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the process keeps never stands for a set whose text, name or place differ: each gives
    what a read from scratch (an editor's memo, kept apart) gives."""
    first = load_card_set(card_set)
    obama = card_set / "obama.yaml"
    obama.write_text(obama.read_text().replace('title: "Main Street vs', 'title: "Main Street or', 1))
    changed = load_card_set(card_set)
    assert changed.cards["obama-main-street-vs-wall-street"].title == "Main Street or Wall Street"
    assert first.cards["obama-main-street-vs-wall-street"].title == "Main Street vs Wall Street"
    moved = shutil.copytree(card_set, tmp_path / "other")
    assert load_card_set(moved).name == "other" and load_card_set(card_set).name == "set"
    obama.write_text(obama.read_text().replace("economy in S", "economy in Ohiox", 1))
    for where, shown in ((tmp_path, "set/obama.yaml:14:"), (card_set, "\nobama.yaml:14:")):
        monkeypatch.chdir(where)  # an error names its file as seen from the current directory
        for _ in range(2):
            with pytest.raises(CardSetError) as e:
                load_card_set(card_set)
            assert shown in "\n" + str(e.value)
            with pytest.raises(CardSetError) as fresh:
                load_card_set(card_set, memo=Memo())
            assert str(e.value) == str(fresh.value)
