"""Parses kept from one run to the next (cmdsl/lang/parse_store.py): a set re-read with its effects
unchanged parses none of them, reads back exactly the trees a parse makes, and a kept file that is
damaged, planted, stale or unwritable changes nothing but the time taken (issue 34 §1)."""

from __future__ import annotations

import dataclasses
import marshal
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cmdsl.errors import CardError
from cmdsl.games.cm2008 import loader as cm2008_loader
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.vocabulary import VOCABULARY as CM2008_WORDS
from cmdsl.games.cm2008.vocabulary import render
from cmdsl.games.racolage import bundled_set
from cmdsl.games.racolage import loader as racolage_loader
from cmdsl.games.racolage.vocabulary import VOCABULARY as RACOLAGE_WORDS
from cmdsl.lang import ast as A
from cmdsl.lang import parse_store
from cmdsl.lang.language import Language
from cmdsl.lang.origin import Origin
from cmdsl.memo import Memo
from cmdsl import kept_file
from cmdsl.kept_file import DIR_VARIABLE, OFF_VARIABLE, cache_folder
from cmdsl.kept_values import Encoder
from cmdsl.lang.parse_store import fingerprint
from cmdsl.lang.vocabulary import Vocabulary

from . import kept, test_round_trip as round_trip
from .conftest import CM2008, deep_after, examples

ROOT = Path(__file__).resolve().parent.parent


class _NoParser:
    """Stands for a language's Lark parser where none may be used: every text must be kept."""

    def parse(self, text: str) -> Any:
        raise AssertionError(f"parsed again: {text!r}")


def _recording(words: Vocabulary, seen: list[tuple[str, Origin]]) -> Language:
    class Recording(Language):
        def parse(self, text: str, origin: Origin = Origin(), memo: Any = None) -> Any:
            seen.append((text, origin))
            return super().parse(text, origin, memo)
    return Recording(words)


def _set_effects(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Vocabulary, list[tuple[str, Origin]]]]:
    """Every effect text of both shipped sets that have effects, with where it sits in its file."""
    with monkeypatch.context() as m:
        seen: list[tuple[str, Origin]] = []
        m.setattr(cm2008_loader, "parse_effect", _recording(CM2008_WORDS, seen).parse)
        load_card_set(CM2008, memo=Memo())  # as an editor reads it: none of this process's sets kept
        yield CM2008_WORDS, seen
    with monkeypatch.context() as m:
        seen = []
        m.setattr(racolage_loader, "LANGUAGE", _recording(RACOLAGE_WORDS, seen))
        racolage_loader.load_set(bundled_set())
        yield RACOLAGE_WORDS, seen


def _next_run(first: Language) -> tuple[Language, Language]:
    """``first``'s parses kept, the next run's language, which may not parse (every text must be
    kept), and one that keeps nothing (what a parse makes)."""
    assert first.store is not None
    first.store.save()
    words = first.vocabulary
    again, fresh = Language(words), Language(words)
    again.__dict__["parser"] = _NoParser()
    fresh.__dict__["store"] = None
    return again, fresh


def test_a_set_read_again_parses_nothing_and_gets_the_same_trees(kept_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for words, effects in _set_effects(monkeypatch):
        assert len(effects) > 20
        first = Language(words)
        made = [first.parse(text, origin) for text, origin in effects]
        assert first.store is not None
        first.store.save()
        again = Language(words)  # as in the next run
        again.__dict__["parser"] = _NoParser()
        kept = [again.parse(text, origin) for text, origin in effects]
        # the same nodes, and the same positions (Pos is left out of a node's equality)
        assert [repr(p) for p in kept] == [repr(p) for p in made]
        assert kept == made


def test_a_text_kept_at_one_line_is_moved_to_another_not_parsed_again(kept_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line added above a card moves its effect down: the kept tree is moved, every position in it
    (a node built from no text stays nowhere), and is what a parse there makes."""
    for words, effects in _set_effects(monkeypatch):
        first = Language(words)
        for text, origin in effects:
            first.parse(text, origin)
        again, fresh = _next_run(first)
        for text, origin in effects:
            lower = dataclasses.replace(origin, first_line=origin.first_line + 7, file="other.yaml")
            assert repr(again.parse(text, lower)) == repr(fresh.parse(text, lower))
    assert parse_store.moved(A.Pos(3, 2), 5) == A.Pos(8, 2)
    assert parse_store.moved(A.NOWHERE, 5) is A.NOWHERE


def test_another_indent_is_another_text(kept_cache: Path) -> None:
    first = Language(CM2008_WORDS)
    at_4 = first.parse("draw 1", Origin("a.yaml", "x", 3, 4))
    assert first.store is not None
    first.store.save()
    again = Language(CM2008_WORDS)
    at_6 = again.parse("draw 1", Origin("a.yaml", "x", 3, 6))
    assert (at_4.pos.col, at_6.pos.col) == (5, 7)
    again.__dict__["parser"] = _NoParser()
    assert repr(again.parse("draw 1", Origin("b.yaml", "y", 3, 4))) == repr(at_4)  # the name is not in a tree


def test_a_text_that_does_not_parse_is_not_kept(kept_cache: Path) -> None:
    first = Language(CM2008_WORDS)
    with pytest.raises(CardError, match="unexpected"):
        first.parse("draww 1")
    assert first.store is not None
    first.store.save()
    assert not kept_cache.exists()  # nothing was added: nothing written
    with pytest.raises(CardError, match="unexpected"):
        Language(CM2008_WORDS).parse("draww 1")


def test_the_environment_says_where_or_that_nothing_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = Path.home()
    assert cache_folder({}) == home / ".cache" / "cmdsl"
    assert cache_folder({"XDG_CACHE_HOME": "/x"}) == Path("/x/cmdsl")
    assert cache_folder({"XDG_CACHE_HOME": "x"}) == home / ".cache" / "cmdsl"  # relative: ignored
    assert cache_folder({"XDG_CACHE_HOME": "/x", DIR_VARIABLE: "/y"}) == Path("/y")
    assert cache_folder({DIR_VARIABLE: "/y", OFF_VARIABLE: "1"}) is None
    assert cache_folder({DIR_VARIABLE: "/y", OFF_VARIABLE: "0"}) == Path("/y")
    with monkeypatch.context() as m:  # no home folder at all: nothing is kept, nothing fails
        m.setattr(Path, "home", classmethod(lambda cls: (_ for _ in ()).throw(RuntimeError("no home"))))
        assert cache_folder({}) is None
    monkeypatch.setenv(OFF_VARIABLE, "1")
    monkeypatch.setenv(DIR_VARIABLE, str(tmp_path))
    language = Language(CM2008_WORDS)
    language.parse("draw 1")
    assert language.store is None
    assert list(tmp_path.iterdir()) == []


def _module_folder(tmp_path: Path, source: str) -> str:
    pkg = tmp_path / "nodes_pkg"
    pkg.mkdir(exist_ok=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "nodes.py").write_text(source)
    return "nodes_pkg.nodes"


def test_the_file_is_named_by_the_grammar_and_every_source_beside_the_nodes(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    name = _module_folder(tmp_path, "X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    __import__(name)
    base = fingerprint("g1", [name])
    assert base is not None and base == fingerprint("g1", [name])
    assert fingerprint("g2", [name]) != base  # another grammar
    (tmp_path / "nodes_pkg" / "to_ast.py").write_text("# builds the nodes\n")
    assert fingerprint("g1", [name]) != base  # a module beside the nodes (their tree builder) changed
    monkeypatch.setitem(sys.modules, "no_source", type(sys)("no_source"))
    assert fingerprint("g1", ["no_source"]) is None  # a module with no source: nothing is kept


def _store_path(kept_cache: Path) -> Path:
    language = Language(CM2008_WORDS)
    assert language.store is not None
    return language.store.path


def _kept_draw_1() -> Any:
    """``draw 1``'s tree at line 1, as kept (plain data, the names of its classes)."""
    return Encoder().encode((1, Language(CM2008_WORDS).parse("draw 1")))


def _damaged(tmp_path: Path) -> dict[str, Callable[[Path], None]]:
    key = ("draw 1\n", 0)

    def whole(p: Path) -> bytes:
        kept.plant(p, {key: _kept_draw_1()})
        return p.read_bytes()

    def flipped(p: Path) -> None:
        data = bytearray(whole(p))
        data[len(data) // 2] ^= 0x01
        p.write_bytes(bytes(data))

    def planted_classes(p: Path) -> None:  # right digests, a class of no node module
        names, data = _kept_draw_1()
        kept.plant(p, {key: (("os:system",) + names[1:], data)})

    def loop(p: Path) -> None:
        p.symlink_to(p.name)

    def fifo(p: Path) -> None:
        os.mkfifo(p, 0o600)

    def linked(p: Path) -> None:
        target = tmp_path / "elsewhere"
        target.write_bytes(whole(p))
        p.unlink()
        p.symlink_to(target)

    return {
        "truncated": lambda p: p.write_bytes(whole(p)[:-7]),
        "a bit flipped": flipped,
        "random bytes": lambda p: p.write_bytes(os.urandom(4096)),
        "empty": lambda p: p.write_bytes(b""),
        "a pickle (the former format)": lambda p: p.write_bytes(pickle.dumps({key: (1, b"")})),
        "not a tree": lambda p: kept.plant(p, {key: ((), (1, ("not", "a", "program")))}),
        "a class of no node module": planted_classes,
        "not entries": lambda p: p.write_bytes(kept_file.file_bytes(p.name, {})[:-1] + marshal.dumps(["draw 1"])),
        "another kind's, swapped in": lambda p: p.write_bytes(kept_file.file_bytes("racolage-0.parses", {
            key: kept_file.stored("racolage-0.parses", key, marshal.dumps(_kept_draw_1()))})),
        "a folder": lambda p: p.mkdir(),
        "a FIFO": fifo,
        "a link": linked,
        "a loop of links": loop,
        "writable by others": lambda p: (kept.plant(p, {key: _kept_draw_1()}), p.chmod(0o666)) and None,
    }


@pytest.mark.parametrize("damage", deep_after(3, _damaged(Path("/unused"))))
def test_a_damaged_or_planted_file_counts_as_empty(damage: str, kept_cache: Path, tmp_path: Path) -> None:
    path = _store_path(kept_cache)
    path.parent.mkdir(parents=True)
    _damaged(tmp_path)[damage](path)
    language = Language(CM2008_WORDS)
    assert language.store is not None
    assert repr(language.parse("draw 1")) == repr(Language(CM2008_WORDS).parse("draw 1"))
    assert language.store.take(("draw 1\n", 0)) is not None  # parsed again, and kept in its place
    language.store.save()  # written over, whole; a folder, a FIFO or a link in its place stays
    again = Language(CM2008_WORDS).store
    assert again is not None
    if damage in ("a folder", "a FIFO", "a link", "a loop of links"):
        assert again.kept == {}  # parsed again next time: never written through, never replaced
        if damage == "a link":
            assert (tmp_path / "elsewhere").read_bytes().startswith(kept_file.MAGIC)  # as it was
    else:
        assert len(again.kept) == 1 and again.take(("draw 1\n", 0)) is not None


@pytest.mark.parametrize("damage", deep_after(2, ["a class of no node module", "not a tree", "not plain data",
                                                 "a digest", "another key's"]))
def test_a_damaged_or_planted_tree_is_parsed_again(damage: str, kept_cache: Path) -> None:
    """Each tree is made again only when its text is asked for, with only the node classes
    allowed, after its own digest is checked (a file of right digests, entries planted in it)."""
    path = _store_path(kept_cache)
    path.parent.mkdir(parents=True)
    good = marshal.dumps(_kept_draw_1())
    names, data = _kept_draw_1()
    one = ("draw 1\n", 0)
    entry = {"a class of no node module": kept_file.stored(path.name, one, marshal.dumps((("builtins:eval",), data))),
             "not a tree": kept_file.stored(path.name, one, marshal.dumps(((), (1, ("not", "a", "program"))))),
             "not plain data": kept_file.stored(path.name, one, b"\x00garbage"),
             "a digest": (bytes(kept_file.DIGEST_BYTES), good),
             "another key's": kept_file.stored(path.name, ("draw 2\n", 0), good)}[damage]
    path.write_bytes(kept_file.file_bytes(path.name, {one: entry, ("draw 2\n", 0): (b"", b"")}))
    language = Language(CM2008_WORDS)
    assert language.store is not None and len(language.store.kept) == 2  # read: each tree is bytes
    assert repr(language.parse("draw 1")) == repr(Language(CM2008_WORDS).parse("draw 1"))
    language.store.save()
    again = Language(CM2008_WORDS)
    again.__dict__["parser"] = _NoParser()  # kept again, whole: not parsed a third time
    assert repr(again.parse("draw 1")) == repr(language.parse("draw 1"))


def test_a_file_too_large_is_not_read(kept_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = Language(CM2008_WORDS)
    first.parse("draw 1")
    assert first.store is not None
    first.store.save()
    assert len(Language(CM2008_WORDS).store.kept) == 1  # type: ignore[union-attr]
    monkeypatch.setattr(kept_file, "MAX_BYTES", first.store.path.stat().st_size - 1)
    assert Language(CM2008_WORDS).store.kept == {}  # type: ignore[union-attr]


def test_a_folder_that_cannot_be_written_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.delenv(OFF_VARIABLE, raising=False)
    monkeypatch.setenv(DIR_VARIABLE, str(blocked / "cmdsl"))
    language = Language(CM2008_WORDS)
    assert len(language.parse("draw 1\ndraw 2").body) == 2
    assert language.store is not None
    language.store.save()  # says nothing, raises nothing
    assert blocked.read_text() == "not a folder"


def test_two_runs_writing_at_once_keep_each_others_parses(kept_cache: Path) -> None:
    a, b = Language(CM2008_WORDS), Language(CM2008_WORDS)
    a.parse("draw 1")
    b.parse("draw 2")
    assert a.store is not None and b.store is not None
    a.store.save()
    b.store.save()
    assert {k[0] for k in Language(CM2008_WORDS).store.kept} == {"draw 1\n", "draw 2\n"}  # type: ignore[union-attr]


def test_the_file_keeps_this_runs_parses_first_up_to_its_bound(kept_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse_store.ParseStore, "max_entries", 3)
    old = Language(CM2008_WORDS)
    for n in range(1, 5):
        old.parse(f"draw {n}")
    assert old.store is not None
    old.store.save()
    assert {k[0] for k in Language(CM2008_WORDS).store.kept} == {"draw 2\n", "draw 3\n", "draw 4\n"}  # type: ignore[union-attr]
    new = Language(CM2008_WORDS)
    new.parse("draw 2")  # used again
    new.parse("draw 9")
    assert new.store is not None
    new.store.save()
    assert {k[0] for k in Language(CM2008_WORDS).store.kept} == {"draw 4\n", "draw 2\n", "draw 9\n"}  # type: ignore[union-attr]
    for n in range(10, 20):  # a long editor session: memory keeps the bound too
        new.parse(f"draw {n}")
    assert [k[0] for k in new.store.kept] == ["draw 17\n", "draw 18\n", "draw 19\n"]


def test_files_of_former_versions_go_once_long_unused(kept_cache: Path) -> None:
    path = _store_path(kept_cache)
    kept_cache.mkdir()
    stale, recent, other = (kept_cache / "cm2008-0000.parses", kept_cache / "cm2008-1111.parses",
                            kept_cache / "racolage-2222.parses")
    for f in (stale, recent, other):
        f.write_bytes(b"")
    old = 1_000_000_000
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    language = Language(CM2008_WORDS)
    language.parse("draw 1")
    assert language.store is not None
    language.store.save()
    assert sorted(p.name for p in kept_cache.iterdir()) == sorted([path.name, recent.name, other.name])


def test_a_check_run_twice_keeps_its_parses_for_the_next(tmp_path: Path) -> None:
    """Through the command line, as a designer runs it: the first run writes the language's file
    when it ends, the second reads every effect from it, without importing Lark, and says the same."""
    env = {k: v for k, v in os.environ.items() if k != OFF_VARIABLE}
    env[DIR_VARIABLE] = str(tmp_path / "cache")
    code = ("import sys; from cmdsl.cli import main; from cmdsl.games.cm2008.vocabulary import LANGUAGE as L\n"
            "try: main(['check', sys.argv[1]])\n"
            "except SystemExit: pass\n"
            "print('parsed' if 'parser' in L.__dict__ else 'kept', 'lark' in sys.modules, file=sys.stderr)")
    runs = [subprocess.run([sys.executable, "-c", code, str(CM2008)], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=120) for _ in range(2)]
    assert [r.stderr.strip() for r in runs] == ["parsed True", "kept False"]
    assert runs[0].stdout.split("[")[0] == runs[1].stdout.split("[")[0]  # the same report, but its time
    assert len(list((tmp_path / "cache").glob("cm2008-*.parses"))) == 1


def test_a_vocabulary_names_its_tree_builder_by_a_function_so_lark_loads_late() -> None:
    from cmdsl.lang.to_ast import ToAst

    with pytest.raises(TypeError, match="to_ast is a function that returns"):
        Vocabulary(name="x", grammar=lambda: "", to_ast=ToAst)  # type: ignore[arg-type]


@settings(max_examples=examples(20), suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(program=round_trip.programs(), moved_by=st.integers(-3, 40))
def test_a_random_program_read_back_from_the_store_is_a_fresh_parse(kept_cache: Path, program: Any,
                                                                   moved_by: int) -> None:
    """Property (issue 52): for any program the round-trip strategy builds, its text's tree read
    back from the store — where it was kept, or moved — is the tree a parse makes, positions and all."""
    text = render.program(program[0])
    at = Origin(first_line=50, indent=4)
    first = Language(CM2008_WORDS)
    made = first.parse(text, at)
    again, fresh = _next_run(first)
    assert repr(again.parse(text, at)) == repr(made)
    there = dataclasses.replace(at, first_line=at.first_line + moved_by)
    assert repr(again.parse(text, there)) == repr(fresh.parse(text, there))
