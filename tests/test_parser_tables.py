"""Each game's parser comes from LALR tables shipped in the package, never from a pickle or a user's
cache; the grammar is the core's (grammar/core.lark) extended by the game's vocabulary."""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import lark
import pytest
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from cmdsl.errors import CardError
from cmdsl.lang import lark_parser as P
from cmdsl.lang import parser as parser_module
from cmdsl.lang import tables as T
from cmdsl.lang.grammar import Grammar
from cmdsl.lang.language import Language
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.vocabulary import VOCABULARY
from cmdsl.resources import grammar_text

from .conftest import deep_after

ROOT = Path(__file__).resolve().parent.parent

BROKEN = [
    "gain 2 support on economy\n",  # ends too early
    "gian 1 support on economy in S\n",  # unexpected characters
    "draw\n",
    "draw 1 ?\n",
    "Draw 1\n",
    "if you lead:\ndraw 1\n",  # missing block
    "draw 1\n    draw 2\n",  # unexpected indent
    "if you lead:\n        draw 1\n    draw 2\n",  # dedent to no enclosing block (postlexer)
    "choose one:\n    option:\n        draw 1\n    draw 2\n",
]


def parser_tables_text() -> str:
    assert VOCABULARY.tables is not None
    return VOCABULARY.tables()


def _grammar() -> Grammar:
    return Grammar(grammar_text(), VOCABULARY.grammar())


def _language(**changes: Any) -> Language:
    """Campaign Manager 2008's language, made afresh (its parser is made once per language)."""
    return Language(dataclasses.replace(VOCABULARY, **changes))


# The parser as the language needs it, spelled out here so that the test does not share a mistake
# with the code it checks.
REFERENCE_OPTIONS: dict[str, Any] = dict(parser="lalr", propagate_positions=True, maybe_placeholders=False,
                                         strict=True)


def _reference() -> Lark:
    grammar = _grammar()
    return Lark(grammar.text, import_paths=[grammar.loader], postlex=P._EffectIndenter(), **REFERENCE_OPTIONS)


STALE = f"the shipped tables do not match the grammar: run {T.REGENERATE}"


def _loaded(parser: Lark) -> bool:
    return parser.source_path == "<deserialized>"  # Lark's mark of a parser rebuilt from data


def _from_tables() -> Lark:
    loaded = T.load_parser(parser_tables_text(), _grammar().sha256, **P._load_options())
    assert loaded is not None, STALE
    return loaded


def _tree(t: Any) -> Any:
    """A parse tree with every position (Lark's ``==`` ignores them)."""
    if isinstance(t, Tree):
        m = t.meta
        pos = None if m.empty else (m.line, m.column, m.end_line, m.end_column, m.start_pos, m.end_pos)
        return (t.data, pos, [_tree(c) for c in t.children])
    assert isinstance(t, Token)
    return (t.type, str(t), t.line, t.column, t.end_line, t.end_column, t.start_pos, t.end_pos)


def _error(parser: Lark, text: str) -> Any:
    try:
        parser.parse(text)
    except P._IndentError as e:
        return ("indent", e.token.line, e.token.column, str(e.token))
    except UnexpectedInput as e:
        desc: tuple[Any, ...] = (type(e).__name__, e.line, e.column)
        if isinstance(e, UnexpectedToken):
            desc += (e.token.type, str(e.token), frozenset(e.expected))
        if isinstance(e, UnexpectedCharacters):
            desc += (e.char, frozenset(e.allowed or ()))
        return desc
    raise AssertionError(f"{text!r} parsed")


def _all_effects() -> list[str]:
    cs = load_card_set(Path(__file__).resolve().parent.parent / "cards" / "cm2008")
    texts = [c.effect_text for c in cs.cards.values()]
    texts += [n.effect_text for n in cs.news.values()] + [n.effect_text for n in cs.negative.values()]
    return [t if t.endswith("\n") else t + "\n" for t in texts]


# ---- 1. the shipped tables are fresh and deterministic ---------------------------------------


def test_shipped_tables_match_the_grammar() -> None:
    doc = json.loads(parser_tables_text())
    assert doc["grammar_sha256"] == _grammar().sha256, f"a grammar changed: run {T.REGENERATE}"
    assert doc["lark_version"] == lark.__version__, f"Lark is now {lark.__version__}: run {T.REGENERATE}"
    assert T.generate(_language()) == parser_tables_text(), f"the CM2008 tables are stale: run {T.REGENERATE}"


def test_either_grammar_edited_makes_the_tables_stale() -> None:
    core, vocabulary = grammar_text(), VOCABULARY.grammar()
    sha = _grammar().sha256
    assert Grammar(core + "\n", vocabulary).sha256 != sha
    assert Grammar(core, vocabulary + "\n").sha256 != sha


@pytest.mark.deep  # builds the tables in child processes, one per hash seed
def test_tables_are_byte_identical_whatever_the_hash_seed(tmp_path: Path) -> None:
    # Lark numbers parse states in set-iteration order; the file must not depend on it.
    code = ("import sys; from cmdsl.lang.tables import generate; "
            "from cmdsl.games.cm2008.vocabulary import LANGUAGE; sys.stdout.write(generate(LANGUAGE))")
    outs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120)
        assert run.returncode == 0, run.stderr
        outs.add(run.stdout)
    assert outs == {parser_tables_text()}


def test_check_option_reports_stale_tables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    stale = tmp_path / "effects.tables.json"
    stale.write_text("{}\n")
    language = _language(tables_path=lambda: stale)
    monkeypatch.setattr(T, "_shipping", lambda: [(language, stale)])
    assert T.main(["--check"]) == 1
    assert T.REGENERATE in capsys.readouterr().err
    assert stale.read_text() == "{}\n"  # --check writes nothing
    assert T.main([]) == 0 and T.main(["--check"]) == 0
    assert stale.read_text() == parser_tables_text()


def test_every_registered_game_with_effects_ships_fresh_tables() -> None:
    shipping = T._shipping()
    assert [language.vocabulary.name for language, _ in shipping] == ["cm2008", "racolage"]
    assert T.main(["--check"]) == 0


# ---- 2. tables and grammar give the same parser ----------------------------------------------


def test_the_parser_is_loaded_from_the_shipped_tables() -> None:
    parser = _language().parser
    assert _loaded(parser), STALE
    assert parser.options.parser == "lalr" and parser.options.strict
    assert parser.options.propagate_positions and not parser.options.maybe_placeholders
    assert isinstance(parser.parser.lexer_conf.postlex, P._EffectIndenter)


def test_tables_and_grammar_give_identical_trees_with_positions() -> None:
    loaded, built = _language().parser, _reference()
    assert _loaded(loaded), STALE
    effects = _all_effects()
    assert len(effects) > 100
    for text in effects:
        assert _tree(loaded.parse(text)) == _tree(built.parse(text)), text
    assert not loaded.parse(effects[0]).meta.empty  # positions are there to compare


def test_tables_and_grammar_give_identical_errors() -> None:
    from_tables, from_grammar = _language(), _language(tables=None)
    loaded, built = from_tables.parser, from_grammar.parser
    assert _loaded(loaded), STALE
    assert not _loaded(built)
    for text in BROKEN:
        assert _error(loaded, text) == _error(built, text), text
    # … and the same messages for designers (they also use the terminals, for keywords and hints)
    def terms(parser: Lark) -> list[Any]:  # (flags: a frozenset when built, a list when loaded, as in Lark's cache)
        return [(t.name, t.pattern.type, t.pattern.value, sorted(t.pattern.flags), t.priority) for t in parser.terminals]

    assert terms(loaded) == terms(built)
    messages = []
    for language in (from_tables, from_grammar):
        one = []
        for text in BROKEN:
            with pytest.raises(CardError) as err:
                language.parse(text)
            one.append(str(err.value))
        messages.append(one)
    assert messages[0] == messages[1]


# ---- 3. nothing is unpickled, nothing is written ---------------------------------------------


def test_no_pickle_is_ever_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        calls.append(repr(args)[:80])  # recorded: Lark swallows errors while reading its cache
        raise AssertionError("something was unpickled")

    monkeypatch.setattr(pickle, "load", refuse)
    monkeypatch.setattr(pickle, "loads", refuse)
    monkeypatch.setattr(pickle, "Unpickler", refuse)
    language = _language()
    assert _loaded(language.parser), STALE
    language.parse("draw 1\n")
    assert P.build_parser(_grammar()).parse("draw 1\n")
    assert calls == []


class _Planted:
    """Unpickling this creates the marker directory: the proof that a planted file was run."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> Any:
        return (os.mkdir, (str(self.marker),))


def _files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*")}


def test_a_planted_cache_file_is_never_opened_and_nothing_is_written(tmp_path: Path) -> None:
    cache, home, marker = tmp_path / "cache", tmp_path / "home", tmp_path / "PWNED"
    home.mkdir()
    payload = b"0" * 64 + b"\n" + pickle.dumps(_Planted(marker)) + pickle.dumps(_Planted(marker))
    digest = _grammar().sha256
    for where in (cache / "cmdsl", home / ".cache" / "cmdsl"):
        where.mkdir(parents=True)
        (where / f"effect-{digest[:16]}.lark").write_bytes(payload)  # the name the old cache used
        (where / f"effect-{digest}.lark").write_bytes(payload)
    before = _files(tmp_path)
    code = ("from cmdsl.lang.lark_parser import build_parser; "
            "from cmdsl.games.cm2008.vocabulary import LANGUAGE; "
            "assert LANGUAGE.parser.source_path == '<deserialized>'; LANGUAGE.parse('draw 1'); "
            "build_parser(LANGUAGE.grammar).parse('draw 1\\n'); "
            "from cmdsl.games.cm2008 import load_card_set; load_card_set()")
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "HOME": str(home), "TMPDIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert not marker.exists(), "a planted cache file was unpickled"
    assert _files(tmp_path) == before, "the parser wrote files"


# ---- 4. an edited grammar is built in memory -------------------------------------------------


def _edited_core() -> str:
    grammar = grammar_text()
    assert 'nothing: "nothing"\n' in grammar
    return grammar.replace('nothing: "nothing"\n', 'nothing: "nothing" | "pass"\n')


def test_an_edited_core_grammar_is_built_from_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parser_module, "grammar_text", _edited_core)
    parser = _language().parser
    assert not _loaded(parser)
    assert parser.options.strict
    assert parser.parse("pass\n")  # the edit is in effect
    monkeypatch.undo()
    assert _loaded(_language().parser)  # the shipped grammar still loads its tables


def test_an_edited_game_grammar_is_built_from_its_text() -> None:
    edited = VOCABULARY.grammar().replace('draw: "draw" expr\n', 'draw: ("draw" | "pick") expr\n')
    assert edited != VOCABULARY.grammar()
    language = _language(grammar=lambda: edited)
    assert not _loaded(language.parser)
    assert language.parse("pick 2\n") == language.parse("draw 2\n")


@pytest.mark.parametrize("field, value", deep_after(1, [("grammar_sha256", "0" * 64), ("lark_version", "0.0.0"),
                                                        ("format", T.FORMAT + 1)]))
def test_tables_for_another_grammar_or_lark_are_not_used(field: str, value: Any) -> None:
    doc = json.loads(parser_tables_text())
    doc[field] = value
    assert T.load_parser(json.dumps(doc), _grammar().sha256, **P._load_options()) is None
    parser = _language(tables=lambda: json.dumps(doc)).parser
    assert not _loaded(parser)
    assert _tree(parser.parse("draw 1\n")) == _tree(_from_tables().parse("draw 1\n"))


def test_missing_tables_fall_back_to_the_grammar() -> None:
    def missing() -> str:
        raise FileNotFoundError("effects.tables.json")

    assert not _loaded(_language(tables=missing).parser)


# ---- a damaged tables file (issue 24 item 4) ---------------------------------------------------


def _one_digit_changed(text: str) -> str:
    at = text.index('"states"')
    at += next(i for i, c in enumerate(text[at:]) if c.isdigit() and c != "9")
    return text[:at] + str(int(text[at]) + 1) + text[at + 1:]


def _damaged() -> dict[str, str]:
    good = parser_tables_text()
    doc = json.loads(good)
    shapes: dict[str, Any] = {
        "truncated": good[: len(good) // 2],
        # still JSON of the right shape, one number of the parse table changed: a wrong parser
        "a byte changed": _one_digit_changed(good),
        "empty": "",
        "not JSON": "\x00\x01 not json",
        "a list": "[1, 2, 3]",
        "a number": "7",
        "data missing": json.dumps({k: v for k, v in doc.items() if k != "data"}),
        "memo missing": json.dumps({k: v for k, v in doc.items() if k != "memo"}),
        "data garbled": json.dumps({**doc, "data": {"parser": 3}}),
        "memo garbled": json.dumps({**doc, "memo": [{"@": "NoSuchClass"}]}),
        "states garbled": json.dumps({**doc, "data": {**doc["data"], "parser": {**doc["data"]["parser"],
                                                                                  "parser": {"states": "x"}}}}),
    }
    return shapes


@pytest.mark.parametrize("shape", list(_damaged()))
def test_a_damaged_tables_file_is_not_loaded(shape: str) -> None:
    assert T.load_parser(_damaged()[shape], _grammar().sha256, **P._load_options()) is None


def test_a_damaged_tables_file_falls_back_to_the_grammar(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from cmdsl.cli import main
    from cmdsl.games.cm2008 import vocabulary

    assert _loaded(vocabulary.LANGUAGE.parser)  # made before the file is damaged (if no test made it yet)
    damaged, real = _damaged()["truncated"], vocabulary._file
    monkeypatch.setattr(vocabulary, "_file", lambda name: damaged if name == vocabulary.TABLES_FILE else real(name))
    monkeypatch.delitem(vocabulary.LANGUAGE.__dict__, "parser")  # made again, from the damaged file
    parser = vocabulary.LANGUAGE.parser
    assert not _loaded(parser)  # built from the grammar, as for a stale file
    assert _error(parser, BROKEN[0]) == _error(_reference(), BROKEN[0])
    assert main(["check", str(ROOT / "cards" / "cm2008")]) == 0  # `cmdsl check` works as ever
    assert "Traceback" not in capsys.readouterr().err
