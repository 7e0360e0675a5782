"""Nothing crashes, nothing hangs: every YAML input is bounded, composed without recursion on
hostile input, and every refusal is one located message (cmdsl.sets.safe_yaml, through the loader)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest
import yaml

from cmdsl.sets import safe_yaml
from cmdsl.errors import CardError, CardSetError
from cmdsl.games.cm2008.card_file import CARD_FILE_MAX_BYTES
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.sets.safe_yaml import MAX_DEPTH, compose
from cmdsl.sets.text_files import item_at, read_text

MINI = Path(__file__).parent / "data" / "mini"


def refused(tmp_path: Path, extra: bytes | str, name: str = "extra.yaml") -> str:
    """The one error the mini set gives with ``extra`` as one more card file, without hanging."""
    shutil.copy(MINI / "set.yaml", tmp_path / "set.yaml")
    shutil.copy(MINI / "manifest.yaml", tmp_path / "manifest.yaml")
    path = tmp_path / name
    path.write_bytes(extra if isinstance(extra, bytes) else extra.encode())
    start = time.perf_counter()
    with pytest.raises(CardSetError) as info:
        load_card_set(tmp_path)
    # a bound against hanging, not a speed target: loading the set takes ~0.1 s, but over 1 s on
    # a loaded machine (it failed so once); an expanded bomb would take hours and gigabytes
    assert time.perf_counter() - start < 10.0
    assert len(info.value.errors) == 1, str(info.value)
    return str(info.value.errors[0])


def test_deep_nesting_is_refused_at_the_level_too_deep(tmp_path: Path) -> None:
    msg = refused(tmp_path, "cards: " + "[" * 5000 + "]" * 5000 + "\n")
    # Level 1 is the file's mapping, level 2 the first "[": the 20th "[" is level 21.
    assert msg.startswith(f"{tmp_path}/extra.yaml:1:{len('cards: ') + MAX_DEPTH}: nested too deeply: "
                          f"at most {MAX_DEPTH} levels")


def test_fifty_thousand_levels_neither_crash_nor_recurse() -> None:
    # libyaml's composer crashes the interpreter at this depth: run it where a crash cannot end pytest.
    code = ("from cmdsl.sets.safe_yaml import compose\nfrom cmdsl.errors import CardError\n"
            "try:\n    compose('cards: ' + '[' * 50000 + ']' * 50000, 'deep.yaml')\n"
            "except CardError as e:\n    print(str(e).splitlines()[0])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == f"deep.yaml:1:27: nested too deeply: at most {MAX_DEPTH} levels"


class _ReadsAhead(yaml.SafeLoader):
    """Stands for a fast YAML library that reads far ahead and stops at a limit of its own before it
    yields a single event (PyYAML 6.0.4's libyaml refuses 1,000 levels, at the 1,000th)."""


def test_our_depth_limit_speaks_whatever_the_library_refuses_first(monkeypatch: pytest.MonkeyPatch) -> None:
    real_parse = yaml.parse

    def parse(text: str, Loader: type = yaml.SafeLoader) -> Iterator[yaml.Event]:
        if Loader is _ReadsAhead:
            raise yaml.MarkedYAMLError("while parsing a flow node", None, "the library's own limit, in its own words",
                                       yaml.Mark("<unicode string>", 1006, 0, 1006, None, None))
        return real_parse(text, Loader=Loader)

    monkeypatch.setattr(safe_yaml, "_LOADER", _ReadsAhead)
    monkeypatch.setattr(yaml, "parse", parse)
    with pytest.raises(CardError) as info:
        compose("cards: " + "[" * 5000 + "]" * 5000, "deep.yaml")
    assert str(info.value).splitlines()[0] == f"deep.yaml:1:27: nested too deeply: at most {MAX_DEPTH} levels"
    # and where nothing of ours is wrong, the library's refusal is reported, located, as bad YAML
    with pytest.raises(CardError) as info:
        compose("cards: [1, 2]", "flat.yaml")
    assert str(info.value).splitlines()[0] == "flat.yaml:1:1007: bad YAML: the library's own limit, in its own words"


def test_deep_block_nesting_is_refused_too() -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(3000)) + "  " * 3000 + "v\n"
    with pytest.raises(CardError, match="nested too deeply") as info:
        compose(text, "block.yaml")
    assert info.value.where.line == MAX_DEPTH + 1  # level n opens on line n: "k{n-1}:"


BILLION_LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join(["*" + chr(97 + i)] * 9) + "]\n" for i in range(8))


def test_a_yaml_bomb_is_refused_at_its_first_anchor(tmp_path: Path) -> None:
    assert len(BILLION_LAUGHS) < 800
    msg = refused(tmp_path, BILLION_LAUGHS)
    assert msg.startswith(f"{tmp_path}/extra.yaml:1:4: anchors and aliases (&name, *name) are not allowed here "
                          "(card, manifest")


def test_a_recursive_alias_is_refused(tmp_path: Path) -> None:
    msg = refused(tmp_path, "cards:\n  - id: &a [*a]\n")
    assert msg.splitlines()[0] == f"{tmp_path}/extra.yaml:2:9: anchors and aliases (&name, *name) are not " \
                                  "allowed here (card, manifest and scenario files)"


def test_an_alias_alone_is_located_where_it_is() -> None:
    with pytest.raises(CardError) as info:
        compose("a: 1\nb: *x\n", "f.yaml")
    assert (info.value.where.line, info.value.where.col) == (2, 4) and "anchors and aliases" in info.value.message


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = "# padding\n" * (CARD_FILE_MAX_BYTES // 10 + 1)
    msg = refused(tmp_path, big.encode("latin-1") + b"\xff")  # not UTF-8 either: size is checked first
    assert msg == f"{tmp_path}/extra.yaml: the file is larger than 1 MiB, the most a file of this kind may be " \
                  "(is it the right file?)"


def test_read_text_takes_exactly_the_limit(tmp_path: Path) -> None:
    (tmp_path / "f.yaml").write_text("a" * 100)
    assert read_text(tmp_path / "f.yaml", max_bytes=100) == "a" * 100
    with pytest.raises(CardError, match="larger than 99 bytes"):
        read_text(tmp_path / "f.yaml", max_bytes=99)


def test_a_python_tag_is_still_refused_by_the_reader() -> None:
    with pytest.raises(CardError) as info:
        compose("cards:\n  - id: x\n    title: !!python/object/apply:os.system [ls]\n", "f.yaml")
    assert info.value.message.startswith("YAML tag tag:yaml.org,2002:python/object/apply:os.system is not allowed")
    assert (info.value.where.line, info.value.where.col, info.value.where.item) == (3, 12, "x")


CARD = """cards:
  - id: mccain-tabbed
    side: mccain
    title: Tabbed
{bad}    type: support
    effect: |
      nothing
"""


def test_a_tab_names_the_card_it_is_in(tmp_path: Path) -> None:
    msg = refused(tmp_path, CARD.format(bad="\tbeginner: true\n"))
    lines = msg.splitlines()
    assert lines[0] == f"{tmp_path}/extra.yaml:5:1: mccain-tabbed: a tab character: YAML indents with spaces"
    assert lines[1:3] == ["    \tbeginner: true", "    ^"]


def test_a_byte_that_is_not_utf8_names_the_card_it_is_in(tmp_path: Path) -> None:
    text = CARD.format(bad="").replace("title: Tabbed", "title: Caf\xe9").encode("latin-1")
    msg = refused(tmp_path, text)
    assert msg.splitlines()[0] == f"{tmp_path}/extra.yaml:4:15: mccain-tabbed: byte 0xe9 is not UTF-8 text"
    assert msg.splitlines()[-1] == "  save the file as UTF-8"


def test_an_unclosed_quote_is_located_where_it_opens(tmp_path: Path) -> None:
    msg = refused(tmp_path, CARD.format(bad="").replace("title: Tabbed", 'title: "Tabbed'))
    lines = msg.splitlines()
    assert lines[0] == f"{tmp_path}/extra.yaml:4:12: mccain-tabbed: bad YAML: this quote is never closed"
    assert lines[1:3] == ['        title: "Tabbed', " " * 15 + "^"]


def test_other_yaml_errors_keep_their_place_line_and_caret() -> None:
    with pytest.raises(CardError) as info:
        compose("states:\n  - name: Ohio\n    ev: 20\n   pile: mccain\n", "s.yaml")
    text = str(info.value).splitlines()
    assert text[0].startswith("s.yaml:4:") and ": Ohio: bad YAML: " in text[0]
    assert text[1] == "       pile: mccain" and text[2].strip() == "^"


def test_a_control_character_is_located() -> None:
    with pytest.raises(CardError) as info:
        compose("states:\n  - name: Ohio\n    key: a\x01b\n", "s.yaml")
    assert str(info.value).splitlines()[0] == ("s.yaml:3:11: Ohio: character U+0001 is not allowed in YAML text "
                                               "(a control character)")


@pytest.mark.parametrize(("line", "expected"), [(1, "alpha"), (2, "alpha"), (5, "Beta"), (7, "Beta"), (8, "4"),
                                                 (0, None), (3, None)])
def test_item_at_finds_the_enclosing_item(line: int, expected: str | None) -> None:
    lines = ["cards:", "  - id: alpha", "    title: A", "states:", "  - ev: 3",
             '    name: "Beta"', "    groups:", "      - Seniors", "  - roll: 4"]
    assert item_at(lines, line) == expected
