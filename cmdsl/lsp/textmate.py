"""Editor highlighting for the effect language: TextMate grammars (VS Code's, and any editor that
reads them) made from the games' own grammars, so that a keyword added to a game's vocabulary is
coloured without anyone editing a colour file, and a removed one stops being coloured.

Two grammars are written to ``editors/vscode/syntaxes/``:

- ``cmdsl-effect.tmLanguage.json`` (``source.cmdsl-effect``): the language on its own, for
  ``.cmdsl`` snippets; its repository is what the other grammar includes;
- ``cmdsl-effect-in-yaml.tmLanguage.json``: an injection into YAML that colours the value of every
  ``effect:`` key of a card file, as a block scalar (``effect: |`` and the lines indented under
  the key) or as a one-line plain scalar (``effect: draw 1``). A quoted value is left as YAML's
  string: the loader reads it as an effect too, but the card files never quote one.

``python -m cmdsl.lsp.textmate`` writes them; ``--check`` says (exit 1) when they are stale.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ..plugins import games

#: The grammars' folder (the extension's), in a checkout.
SYNTAXES = Path("editors") / "vscode" / "syntaxes"
STANDALONE = "cmdsl-effect.tmLanguage.json"
INJECTION = "cmdsl-effect-in-yaml.tmLanguage.json"
SCOPE = "source.cmdsl-effect"
INJECTION_SCOPE = "cmdsl-effect.injection.yaml"
#: Where the injection looks for ``effect:`` keys: YAML outside comments and strings (a block
#: scalar's text is a string), and not inside an effect it already colours; left of YAML's own
#: rules (``L:``), since YAML's key rule matches where ours does.
INJECTION_SELECTOR = "L:source.yaml -comment -string -meta.embedded.block.cmdsl-effect"
#: The scope of an effect's text inside YAML (``meta.embedded``: VS Code treats it as code).
EMBEDDED = "meta.embedded.block.cmdsl-effect"

#: Words that steer what runs (coloured as control flow when a game's language has them).
CONTROL_WORDS = frozenset("if else repeat for each while choose option as at when where".split())
#: Words that combine conditions.
LOGICAL_WORDS = frozenset("and or not".split())

Grammar = dict[str, Any]


def language_keywords() -> dict[str, frozenset[str]]:
    """Each registered game's effect-language keywords, by game (games whose cards have no effects
    are left out): asked of the registry, so that no game is named here."""
    found: dict[str, frozenset[str]] = {}
    for name, plugin in games().items():
        language = plugin.rules.language()
        if language is not None:
            found[name] = frozenset(language.keywords)
    return found


def _words(words: Iterable[str]) -> str:
    """An alternation of whole words: longest first, so that no word stops at a shorter one."""
    ordered = sorted(set(words), key=lambda w: (-len(w), w))
    return r"\b(?:" + "|".join(re.escape(w) for w in ordered) + r")\b"


def _keyword_rules(keywords: frozenset[str]) -> list[Grammar]:
    """The keyword rules, one per scope; a scope with no word in any language has no rule."""
    groups = [("keyword.control.cmdsl", keywords & CONTROL_WORDS),
              ("keyword.operator.logical.cmdsl", keywords & LOGICAL_WORDS),
              ("keyword.other.cmdsl", keywords - CONTROL_WORDS - LOGICAL_WORDS)]
    return [{"match": _words(words), "name": scope} for scope, words in groups if words]


def _repository(keywords: frozenset[str]) -> Grammar:
    """The effect language's rules, as the parser's terminals are (grammar/core.lark): VAR,
    STRING, INT, COMMENT, COMPARE, ADD_OP, and the keywords."""
    return {
        "effect": {"patterns": [{"include": "#comment"}, {"include": "#string"}, {"include": "#number"},
                                {"include": "#keyword"}, {"include": "#variable"}, {"include": "#operator"},
                                {"include": "#punctuation"}]},
        "comment": {"match": "(#).*$", "name": "comment.line.number-sign.cmdsl",
                    "captures": {"1": {"name": "punctuation.definition.comment.cmdsl"}}},
        "string": {"match": '(")[^"\\n]*(")', "name": "string.quoted.double.cmdsl",
                   "captures": {"1": {"name": "punctuation.definition.string.begin.cmdsl"},
                                "2": {"name": "punctuation.definition.string.end.cmdsl"}}},
        "number": {"match": r"\b[0-9]+\b", "name": "constant.numeric.cmdsl"},
        "keyword": {"patterns": _keyword_rules(keywords)},
        "variable": {"match": r"\b[A-Z][A-Za-z0-9_]*\b", "name": "variable.other.cmdsl"},
        "operator": {"patterns": [{"match": "<=|>=|!=|<|>|=", "name": "keyword.operator.comparison.cmdsl"},
                                  {"match": "[+-]", "name": "keyword.operator.arithmetic.cmdsl"}]},
        "punctuation": {"patterns": [{"match": ":", "name": "punctuation.separator.block.cmdsl"},
                                     {"match": r"\(", "name": "punctuation.section.parens.begin.cmdsl"},
                                     {"match": r"\)", "name": "punctuation.section.parens.end.cmdsl"}]},
    }


def standalone(keywords: frozenset[str]) -> Grammar:
    """The effect language on its own (``.cmdsl`` files), with the repository the injection uses."""
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "comment": "Generated by `python -m cmdsl.lsp.textmate` from the games' grammars: do not edit.",
        "name": "cmdsl effect",
        "scopeName": SCOPE,
        "fileTypes": ["cmdsl"],
        "patterns": [{"include": "#effect"}],
        "repository": _repository(keywords),
    }


# An `effect` key where YAML can have one: at the start of a line, after its indentation (and a
# list item's dash: `- effect: |`), or right where YAML's own grammar stopped after consuming the
# indentation (and a dash) itself: VS Code's grammar does, line by line, and then `\G` is there.
# The line's start is taken only where `\G` is not there too: in VS Code's grammar, whose list
# items must keep their dash (or those after it are marked as errors), and in the classic one on
# a block scalar's first line (whose text is not yet a string there: `rules: |` then `effect: |`).
# Groups: 1 the indentation before a dash, 2 the dash, 3 a space standing for the dash (a
# lookahead's), 4 the spaces after the dash, 5 the indentation of a key without a dash, 6 the key,
# 7 the colon. 1, 3, 4 and 5 make the indentation that a line of the block goes beyond (a
# backreference to a group that did not match is empty).
_KEY = r"(?:^(?!\G)(?:( *)(-)(?=( ))( +)|( *))|\G(?<![^ ]))(effect)[ \t]*(:)"
_KEY_CAPTURES = {
    "2": {"name": "punctuation.definition.block.sequence.item.yaml"},
    "6": {"name": "entity.name.tag.yaml"},
    "7": {"name": "punctuation.separator.key-value.mapping.yaml"},
}
# The block scalar's header: `|` or `>`, a chomping indicator and an indentation indicator in
# either order, and a comment.
_HEADER = r"[ \t]+(?:(\|)|(>))([1-9][+-]?|[+-][1-9]?)?[ \t]*(?:(#).*)?$"


def injection() -> Grammar:
    """The effect language inside card files' YAML. A block goes on while its lines are blank or
    indented more than the key: from the line's start (``^``), or where YAML's grammar left the
    line after consuming the key's indentation itself (``\\G``, VS Code's does). A ``while``
    rather than an ``end``: ending in the line's middle would leave VS Code's YAML grammar without
    the anchor (``\\G``) it reads the next key at, and that key would show as an error."""
    block = {
        "name": "meta.block-scalar.effect.cmdsl",
        "begin": _KEY + _HEADER,
        "beginCaptures": {**_KEY_CAPTURES,
                          "8": {"name": "keyword.control.flow.block-scalar.literal.yaml"},
                          "9": {"name": "keyword.control.flow.block-scalar.folded.yaml"},
                          "10": {"name": "storage.modifier.chomping-indicator.yaml"},
                          "11": {"name": "comment.line.number-sign.yaml punctuation.definition.comment.yaml"}},
        "while": r"^(?=\1\5\3\4 )|^[ \t]*$|\G(?=[ \t]|$)",
        "contentName": f"{EMBEDDED} {SCOPE}",
        "patterns": [{"include": f"{SCOPE}#effect"}],
    }
    one_line = {
        "name": "meta.plain-scalar.effect.cmdsl",
        "begin": _KEY + r"[ \t]+(?=[^ \t\r\n|>#\"'\[\]{},&*!%@`?:-]|[?:-][^ \t\r\n])",
        "beginCaptures": _KEY_CAPTURES,
        "end": r"$|(?=[ \t]+#)",
        "contentName": f"{EMBEDDED} {SCOPE}",
        "patterns": [{"include": f"{SCOPE}#effect"}],
    }
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "comment": "Generated by `python -m cmdsl.lsp.textmate` from the games' grammars: do not edit.",
        "name": "cmdsl effects in YAML",
        "scopeName": INJECTION_SCOPE,
        "injectionSelector": INJECTION_SELECTOR,
        "patterns": [{"include": "#block"}, {"include": "#one-line"}],
        "repository": {"block": block, "one-line": one_line},
    }


def grammars(by_game: Mapping[str, frozenset[str]] | None = None) -> dict[str, str]:
    """Each grammar file's name → its text, from every game's keywords (the registry's when
    ``by_game`` is None)."""
    keywords = frozenset().union(*(by_game if by_game is not None else language_keywords()).values())
    return {STANDALONE: _dump(standalone(keywords)), INJECTION: _dump(injection())}


def _dump(grammar: Grammar) -> str:
    return json.dumps(grammar, indent=2, ensure_ascii=False) + "\n"


def syntaxes_folder() -> Path | None:
    """The checkout's grammars' folder: beside the source of this module (an editable install),
    else under the current folder (a checkout whose cmdsl is installed as a copy); None: neither."""
    for root in (Path(__file__).resolve().parents[2], Path.cwd()):
        if (root / SYNTAXES).parent.is_dir():
            return root / SYNTAXES
    return None


def stale(folder: Path) -> list[str]:
    """The grammar files in ``folder`` that differ from what would be written (or are missing)."""
    out = []
    for name, text in grammars().items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            out.append(name)
    return out


def write(folder: Path) -> list[Path]:
    """Write both grammars; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in grammars().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: write the grammars, or check that they are up to date."""
    parser = argparse.ArgumentParser(prog="python -m cmdsl.lsp.textmate", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a grammar is out of date")
    parser.add_argument("--out", type=Path, help=f"the grammars' folder (default: the checkout's {SYNTAXES})")
    args = parser.parse_args(argv)
    folder = args.out if args.out is not None else syntaxes_folder()
    if folder is None:
        print(f"no {SYNTAXES.parent} here: run from a checkout of cmdsl, or pass --out", file=sys.stderr)
        return 2
    if args.check:
        behind = stale(folder)
        if behind:
            print(f"{', '.join(behind)} in {folder} out of date: run python -m cmdsl.lsp.textmate", file=sys.stderr)
            return 1
        return 0
    for path in write(folder):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
