"""The effect parser's LALR tables, shipped in the package as plain JSON (never pickled).

Lark can serialize a built LALR parser into plain data (what its standalone tool embeds) and
rebuild a parser from it. We store that data as JSON beside the grammar, keyed by the grammar's
sha256 and Lark's version: nothing another user could write is ever unpickled, nothing is written
at run time, and the grammar is only analysed (in memory) when the tables do not match it.
Regenerate after editing ``grammar/effect.lark``::

    python -m cmdsl.lang.tables          # rewrite grammar/effect.tables.json
    python -m cmdsl.lang.tables --check  # exit 1 if the shipped file is stale
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections import deque
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lark import _LOAD_ALLOWED_OPTIONS
from lark.lexer import TerminalDef

FORMAT = 1
REGENERATE = "python -m cmdsl.lang.tables"

_SHIFT = 0  # action code of Lark's serialized parse table (1 is reduce)


def grammar_sha256(grammar: str) -> str:
    return hashlib.sha256(grammar.encode("utf-8")).hexdigest()


def dump_tables(parser: Lark, grammar: str) -> str:
    """The JSON text of a built parser's tables: deterministic (same grammar → same bytes)."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    # Options Lark takes again at load time (postlex is code) are not data: leave them out, as
    # Lark's own cache does.
    data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED_OPTIONS}
    assert sorted(memo) == list(range(len(memo)))
    doc = {
        "format": FORMAT,
        "grammar_sha256": grammar_sha256(grammar),
        "lark_version": lark.__version__,
        "generated_by": REGENERATE,
        "data": {**data, "parser": {**data["parser"], "parser": _canonical_table(data["parser"]["parser"])}},
        "memo": [memo[i] for i in range(len(memo))],
    }
    text = json.dumps(doc, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    # JSON silently turns int dict keys into strings and tuples into lists: check the text reads
    # back as the same data (tuples aside: Lark only unpacks them).
    if _lists(_from_json(json.loads(text))) != _lists(_from_json(doc)):
        raise ValueError("the parse tables do not survive JSON")
    return text


def load_parser(text: str, grammar: str, **load_options: Any) -> Lark | None:
    """A parser rebuilt from the tables, or None if they were made from another grammar or Lark.

    ``load_options`` are the options that are code or that Lark does not store (postlex,
    propagate_positions); they must be the ones the tables were built with.
    """
    doc = json.loads(text)
    if (doc.get("format") != FORMAT or doc.get("grammar_sha256") != grammar_sha256(grammar)
            or doc.get("lark_version") != lark.__version__):
        return None
    back = _from_json(doc)
    return Lark._load_from_dict(back["data"], back["memo"], **load_options)


def _canonical_table(table: dict[str, Any]) -> dict[str, Any]:
    """Lark's parse table renumbered canonically, without int-keyed dicts (JSON has none).

    Lark numbers states and tokens in set-iteration order, which changes from run to run; a
    strict (conflict-free) grammar has one LALR automaton, so numbering tokens by name and states
    in breadth-first order from the start states (edges taken by token name) is canonical.
    """
    names: dict[int, str] = table["tokens"]
    tokens = sorted(names.values())
    token_index = {name: i for i, name in enumerate(tokens)}
    states: dict[int, dict[int, tuple[int, Any]]] = table["states"]
    order: dict[int, int] = {}
    queue: deque[int] = deque()
    for start in sorted(table["start_states"]):
        queue.append(table["start_states"][start])
    while queue:
        state = queue.popleft()
        if state in order:
            continue
        order[state] = len(order)
        for tok in sorted(states[state], key=lambda t: names[t]):
            action, arg = states[state][tok]
            if action == _SHIFT:
                queue.append(arg)
    assert len(order) == len(states), "unreachable parse states"
    rows: list[list[list[int]]] = [[] for _ in order]
    for state, new in order.items():
        for tok, (action, arg) in states[state].items():
            rows[new].append([token_index[names[tok]], action,
                              order[arg] if action == _SHIFT else _memo_ref(arg)])
        rows[new].sort()
    return {
        "tokens": tokens,
        "states": rows,
        "start_states": {k: order[v] for k, v in table["start_states"].items()},
        "end_states": {k: order[v] for k, v in table["end_states"].items()},
    }


def _memo_ref(arg: Any) -> int:
    assert isinstance(arg, dict) and set(arg) == {"@"}, arg  # reduce → a memoized Rule
    return int(arg["@"])


def _from_json(doc: dict[str, Any]) -> dict[str, Any]:
    """The ``data``/``memo`` pair Lark's ``_load_from_dict`` takes, from the JSON document."""
    data = doc["data"]
    table = data["parser"]["parser"]
    lark_table = {
        "tokens": dict(enumerate(table["tokens"])),
        "states": {
            state: {tok: (action, arg if action == _SHIFT else {"@": arg}) for tok, action, arg in row}
            for state, row in enumerate(table["states"])
        },
        "start_states": table["start_states"],
        "end_states": table["end_states"],
    }
    return {"data": {**data, "parser": {**data["parser"], "parser": lark_table}},
            "memo": dict(enumerate(doc["memo"]))}


def _lists(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _lists(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_lists(v) for v in x]
    return x


def generate() -> str:
    """The tables text for the grammar file as it is now."""
    from ..resources import grammar_text
    from .parser import build_parser

    grammar = grammar_text()
    return dump_tables(build_parser(grammar), grammar)


def _write_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    import argparse  # here: loading the parser in every process does not need it

    from ..resources import TABLES_FILE, grammar_file

    ap = argparse.ArgumentParser(prog=REGENERATE, description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the shipped tables are stale")
    args = ap.parse_args(argv)
    path = Path(str(grammar_file(TABLES_FILE)))
    text = generate()
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if args.check:
        if current != text:
            print(f"{path} is stale: run {REGENERATE}", file=sys.stderr)
            return 1
        return 0
    if current != text:
        _write_atomically(path, text)
        print(f"wrote {path}")
    else:
        print(f"{path} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
