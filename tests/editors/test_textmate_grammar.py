"""The editor highlighting of the effect language (cmdsl/lsp/textmate.py, editors/vscode/).

Without Node: the grammar files are what the generator writes, and hold every keyword of every
game's language (and no other word). With Node and the extension's packages (`cd editors/vscode
&& npm ci`): card files are tokenised by VS Code's own tokeniser (vscode-textmate, vscode-oniguruma)
with VS Code's YAML grammar (and the classic one it shipped before, which shiki uses) plus our
injection, and the scopes are checked: effects are coloured, the rest of the YAML is not, and
YAML's grammar is not thrown off after an effect.

Which YAML values are effects is decided independently of the grammar, from PyYAML's nodes: every
value of an ``effect`` key that is a block scalar (``|``, ``>``, with indicators) or a plain one-line
scalar. A quoted value (``effect: "draw 1"``) is left to YAML: the card files never quote one.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from cmdsl.lsp import textmate

REPO = Path(__file__).resolve().parents[2]
EXTENSION = REPO / "editors" / "vscode"
SYNTAXES = REPO / textmate.SYNTAXES  # this checkout's (cmdsl may be installed as a copy elsewhere)
SAMPLES = Path(__file__).resolve().parent / "samples"
OBAMA = REPO / "cards" / "cm2008" / "obama.yaml"
ACTIONS = REPO / "cards" / "racolage" / "actions.yaml"
EDGE = SAMPLES / "edge_cases.yaml"
TOP = SAMPLES / "top_level.yaml"
SNIPPET = SAMPLES / "snippet.cmdsl"
YAML_FILES = [OBAMA, ACTIONS, EDGE, TOP]
YAML_GRAMMARS = ["vscode", "classic"]  # test/grammars.mjs: VS Code's YAML grammar now, and before


# ---- without Node -------------------------------------------------------------------------------

def test_the_grammar_files_are_up_to_date() -> None:
    assert textmate.stale(SYNTAXES) == [], "run: python -m cmdsl.lsp.textmate"


def test_check_says_in_one_line_when_a_grammar_is_stale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert textmate.main(["--out", str(tmp_path)]) == 0
    assert textmate.main(["--check", "--out", str(tmp_path)]) == 0
    (tmp_path / textmate.INJECTION).write_text("{}\n", encoding="utf-8")
    capsys.readouterr()
    assert textmate.main(["--check", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and textmate.INJECTION in err and "python -m cmdsl.lsp.textmate" in err


def _grammar_words() -> dict[str, set[str]]:
    """The words of the standalone grammar's keyword rules, by scope."""
    grammar = json.loads((SYNTAXES / textmate.STANDALONE).read_text(encoding="utf-8"))
    out: dict[str, set[str]] = {}
    for rule in grammar["repository"]["keyword"]["patterns"]:
        body = re.fullmatch(r"\\b\(\?:(.*)\)\\b", rule["match"])
        assert body, rule["match"]
        out.setdefault(rule["name"], set()).update(body.group(1).split("|"))
    return out


def test_every_keyword_of_every_language_is_coloured_and_no_other_word() -> None:
    by_game = textmate.language_keywords()
    assert len(by_game) >= 2, "the registry's games with a language"
    words = _grammar_words()
    coloured = set().union(*words.values())
    for game, keywords in by_game.items():
        assert keywords <= coloured, f"{game}'s keywords not coloured: {sorted(keywords - coloured)}"
    every = set().union(*by_game.values())
    assert coloured == every, f"coloured but in no language: {sorted(coloured - every)}"
    assert words["keyword.control.cmdsl"] == every & textmate.CONTROL_WORDS
    assert words["keyword.operator.logical.cmdsl"] == every & textmate.LOGICAL_WORDS
    assert sum(len(w) for w in words.values()) == len(coloured), "a word in two scopes"


def test_the_generator_names_no_game() -> None:
    source = Path(textmate.__file__).read_text(encoding="utf-8").lower()
    for game in textmate.language_keywords():
        assert game.lower() not in source


def test_a_new_keyword_is_coloured_without_editing_anything() -> None:
    files = textmate.grammars({"one": frozenset({"draw", "if"}), "two": frozenset({"frobnicate", "and"})})
    words = json.loads(files[textmate.STANDALONE])["repository"]["keyword"]["patterns"]
    assert [(r["name"], r["match"]) for r in words] == [
        ("keyword.control.cmdsl", r"\b(?:if)\b"), ("keyword.operator.logical.cmdsl", r"\b(?:and)\b"),
        ("keyword.other.cmdsl", r"\b(?:frobnicate|draw)\b")]


def test_the_extension_contributes_both_grammars() -> None:
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    grammars = {g["scopeName"]: g for g in manifest["contributes"]["grammars"]}
    assert grammars[textmate.SCOPE]["path"] == f"./syntaxes/{textmate.STANDALONE}"
    assert grammars[textmate.INJECTION_SCOPE]["path"] == f"./syntaxes/{textmate.INJECTION}"
    assert grammars[textmate.INJECTION_SCOPE]["injectTo"] == ["source.yaml"]


# ---- with Node: VS Code's tokeniser --------------------------------------------------------------

@dataclass(frozen=True)
class Token:
    text: str
    scopes: tuple[str, ...]
    start: int

    @property
    def cmdsl(self) -> bool:
        """Whether any of our scopes is on it."""
        return any(s.endswith(".cmdsl") or "cmdsl-effect" in s for s in self.scopes)

    @property
    def effect(self) -> bool:
        """Whether it is effect text (the embedded language, not the key or the `|`)."""
        return textmate.SCOPE in self.scopes

    def has(self, scope: str) -> bool:
        return any(s == scope or s.startswith(scope + ".") for s in self.scopes)


Lines = list[list[Token]]


@cache
def _tokenised() -> dict[tuple[str, str], Lines]:
    """Every file through both YAML grammars, in one run of Node (a few tenths of a second)."""
    node = shutil.which("node")
    if node is None or not (EXTENSION / "node_modules" / "vscode-textmate").is_dir():
        pytest.skip("needs Node and the extension's packages: cd editors/vscode && npm ci")
    files = [str(p) for p in [*YAML_FILES, SNIPPET]]
    run = subprocess.run([node, str(EXTENSION / "test" / "tokenise.mjs"), "--yaml", "all", *files],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    out: dict[tuple[str, str], Lines] = {}
    for record in json.loads(run.stdout):
        lines = []
        for raw in record["lines"]:
            start, line = 0, []
            for t in raw:
                line.append(Token(t["text"], tuple(t["scopes"]), start))
                start += len(t["text"])
            lines.append(line)
        out[(record["yaml"], record["file"])] = lines
    return out


def tokens(path: Path, grammar: str = "vscode") -> Lines:
    return _tokenised()[(grammar, str(path))]


def token(lines: Lines, line: int, text: str) -> Token:
    """The token of 1-based ``line`` that is ``text``."""
    found = [t for t in lines[line - 1] if t.text == text]
    assert found, f"no token {text!r} on line {line}: {[t.text for t in lines[line - 1]]}"
    return found[0]


def line_of(path: Path, text: str, after: int = 0) -> int:
    """The 1-based number of the first line after line ``after`` that contains ``text``."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()[after:], after + 1):
        if text in line:
            return n
    raise AssertionError(f"{text!r} not in {path}")


@dataclass(frozen=True)
class Effects:
    """Where a YAML file's effect texts are, as PyYAML reads it: lines wholly effect text (a
    block scalar's), the key lines of effects, and one-line effects' columns by line."""

    body: frozenset[int]  # 0-based
    keys: frozenset[int]
    inline: dict[int, tuple[int, int]]


def effects_in(path: Path) -> Effects:
    body: set[int] = set()
    keys: set[int] = set()
    inline: dict[int, tuple[int, int]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == "effect" and isinstance(value, yaml.ScalarNode):
                    keys.add(key.start_mark.line)
                    if value.style in ("|", ">"):
                        last = value.end_mark.line if value.end_mark.column else value.end_mark.line - 1
                        body.update(range(value.start_mark.line + 1, last + 1))
                    elif value.style is None:
                        assert value.start_mark.line == value.end_mark.line, "a multi-line plain effect"
                        inline[value.start_mark.line] = (value.start_mark.column, value.end_mark.column)
                walk(value)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)

    walk(yaml.compose(path.read_text(encoding="utf-8")))
    return Effects(frozenset(body), frozenset(keys), inline)


needs_node = pytest.mark.parametrize("grammar", YAML_GRAMMARS)


@needs_node
@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.name)
def test_effects_and_only_effects_are_coloured(path: Path, grammar: str) -> None:
    lines, where = tokens(path, grammar), effects_in(path)
    assert where.body, "the file has effects"
    for n, line in enumerate(lines):
        text = "".join(t.text for t in line)
        words = [t for t in line if t.text.strip()]
        if n in where.body:
            plain = [t.text for t in words if not t.effect]
            assert not plain, f"line {n + 1} {text!r}: not coloured as an effect: {plain}"
        elif n in where.inline:
            start, end = where.inline[n]
            inside = [t for t in words if start <= t.start < end]
            assert inside and all(t.effect for t in inside), f"line {n + 1} {text!r}: the one-line effect"
            assert not any(t.effect for t in words if not start <= t.start < end), f"line {n + 1} {text!r}"
        elif n not in where.keys:
            ours = [(t.text, [s for s in t.scopes if "cmdsl" in s]) for t in words if t.cmdsl]
            assert not ours, f"line {n + 1} {text!r} is not in an effect, but: {ours}"


@needs_node
@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.name)
def test_yaml_is_not_thrown_off_by_an_effect(path: Path, grammar: str) -> None:
    """VS Code's YAML grammar marks what it cannot place as ``invalid``: none of these (valid)
    files has any, so no effect took from YAML what it needs (a list item's dash, the anchor of
    the next key)."""
    for n, line in enumerate(tokens(path, grammar)):
        bad = [t.text for t in line if t.has("invalid")]
        assert not bad, f"{path.name} line {n + 1}: {bad}"


@needs_node
def test_an_effects_words_in_a_card_file(grammar: str) -> None:
    lines = tokens(OBAMA, grammar)
    n = line_of(OBAMA, "choose a state as S")  # the first card's effect
    choose = token(lines, n, "choose")
    assert choose.scopes[0] == "source.yaml" and choose.has("keyword.control.cmdsl")
    assert token(lines, n, "as").has("keyword.control.cmdsl")
    assert token(lines, n, "state").has("keyword.other.cmdsl")
    assert token(lines, n, "S").has("variable.other.cmdsl")
    gain = line_of(OBAMA, "gain 2 supports on economy in S")
    assert token(lines, gain, "2").has("constant.numeric.cmdsl")
    quoted = line_of(OBAMA, 'is "Latinos":')
    assert token(lines, quoted, "Latinos").has("string.quoted.double.cmdsl")
    assert token(lines, quoted, ":").has("punctuation.separator.block.cmdsl")
    comment = line_of(OBAMA, "# one support for each card discarded")
    assert all(t.has("comment.line.number-sign.cmdsl") for t in lines[comment - 1] if t.text.strip())
    # the key and its `|` are YAML's, marked as the effect's start
    key = token(lines, n - 1, "effect")
    assert key.has("entity.name.tag") and not key.effect
    # the next card, right after the block: YAML's alone
    after = lines[n + 1]
    assert "".join(t.text for t in after).strip().startswith("- id:")
    assert not any(t.cmdsl for t in after)


@needs_node
def test_an_effects_words_in_another_games_card_file(grammar: str) -> None:
    lines = tokens(ACTIONS, grammar)
    n = line_of(ACTIONS, "for each other player as P:")
    assert [t.text for t in lines[n - 1] if t.has("keyword.control.cmdsl")] == ["for", "each", "as"]
    assert token(lines, n, "P").has("variable.other.cmdsl")
    assert token(lines, n + 1, "discards").has("keyword.other.cmdsl")
    title = line_of(ACTIONS, "name: Crise financière")
    assert not any(t.cmdsl for t in lines[title - 1])


@needs_node
def test_edge_cases(grammar: str) -> None:
    lines = tokens(EDGE, grammar)

    def coloured(text: str, after: int = 0) -> bool:
        n = line_of(EDGE, text, after)
        return any(t.effect for t in lines[n - 1])

    # keys whose value reads like an effect, outside effects: YAML's
    assert not coloured('title: "Choose one option if you can"')
    assert not coloured("note: choose a state as S")
    assert not coloured("title: choose nothing")
    assert not coloured("after: choose a state as S")
    assert not coloured("after: repeat 2")
    assert not coloured("also: draw 1")
    # |- with a comment and a blank line inside, and a nested block
    comment = line_of(EDGE, "# a comment inside an effect")
    assert all(t.has("comment.line.number-sign.cmdsl") for t in lines[comment - 1] if t.text.strip())
    assert coloured("draw 1", line_of(EDGE, 'if S is "Ohio"'))
    cond = line_of(EDGE, 'if S is "Ohio"')
    assert token(lines, cond, "and").has("keyword.operator.logical.cmdsl")
    assert token(lines, cond, "not").has("keyword.operator.logical.cmdsl")
    assert token(lines, cond, "=").has("keyword.operator.comparison.cmdsl")
    # a list item's effect (`- effect: |+`), and a folded one deeper, with a YAML comment
    item = line_of(EDGE, "- effect: |+")
    assert token(lines, item, "-").has("punctuation.definition.block.sequence.item")
    assert coloured("draw 2")
    folded = line_of(EDGE, "effect: >-")
    assert token(lines, folded, ">").has("keyword.control.flow.block-scalar.folded")
    assert not any(t.effect for t in lines[folded - 1])
    assert coloured("discard 1") and coloured("repeat 2:")
    # a comment at the list's indentation ends the block before it: YAML's comment
    outer = line_of(EDGE, "# a comment at the list's indentation")
    assert all(t.has("comment.line.number-sign.yaml") and not t.cmdsl for t in lines[outer - 1] if t.text.strip())
    # a one-line plain effect is coloured up to a YAML comment; a quoted one is YAML's string
    one = line_of(EDGE, "effect: draw 1   # a YAML comment")
    assert token(lines, one, "draw").has("keyword.other.cmdsl")
    assert token(lines, one, "#").has("comment.line.number-sign.yaml") and not token(lines, one, "#").cmdsl
    assert not coloured('effect: "draw 1"')
    # keys that only contain the word
    assert not coloured("draw 1", line_of(EDGE, "reeffect: |"))
    assert not coloured("draw 1", line_of(EDGE, "effects: |"))


@needs_node
def test_top_level_and_column_zero_list_items(grammar: str) -> None:
    lines = tokens(TOP, grammar)
    assert token(lines, line_of(TOP, "choose a state as S"), "choose").has("keyword.control.cmdsl")
    assert not any(t.cmdsl for t in lines[line_of(TOP, "name: choose a state as S") - 1])
    florida = line_of(TOP, 'in "Florida"')
    assert token(lines, florida, "Florida").has("string.quoted.double.cmdsl")
    assert token(lines, line_of(TOP, "draw 1", florida), "draw").has("keyword.other.cmdsl")
    assert not any(t.cmdsl for t in lines[line_of(TOP, "answers: []") - 1])


def test_a_snippet_with_the_standalone_grammar() -> None:
    lines = tokens(SNIPPET)  # the .cmdsl grammar: the same whichever YAML grammar
    cond = line_of(SNIPPET, "if S is")
    assert token(lines, cond, "if").has("keyword.control.cmdsl")
    assert token(lines, cond, ">=").has("keyword.operator.comparison.cmdsl")
    assert token(lines, cond, "+").has("keyword.operator.arithmetic.cmdsl")
    assert token(lines, cond, "(").has("punctuation.section.parens.begin.cmdsl")
    assert token(lines, cond, "3").has("constant.numeric.cmdsl")
    assert all(t.has("comment.line.number-sign.cmdsl") for t in lines[0])
    typo = [t for t in lines[line_of(SNIPPET, "draww 1") - 1] if "draw" in t.text]
    assert [t.scopes for t in typo] == [(textmate.SCOPE,)], "a keyword's prefix is not coloured"
