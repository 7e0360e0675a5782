"""The effect parser's LALR tables as plain JSON (never pickled): written from a built parser, read back.

Lark can serialize a built LALR parser into plain data (what its standalone tool embeds) and
rebuild a parser from it. The JSON is keyed by the grammar's sha256 (``Grammar.sha256``: the core's
and the game's) and Lark's version: nothing another user could write is ever unpickled, and tables
made from another grammar are not used.
``cmdsl.lang.tables`` is the command that regenerates the shipped file.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import deque
from typing import Any, Callable, cast

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lark import _LOAD_ALLOWED_OPTIONS
from lark.lexer import TerminalDef

FORMAT = 2  # 2: the file carries the sha256 of its own text (a damaged file is rebuilt, not used)
REGENERATE = "python -m cmdsl.lang.tables"

_SHIFT = 0  # action code of Lark's serialized parse table (1 is reduce)


def dump_tables(parser: Lark, grammar_sha256: str) -> str:
    """The JSON text of a built parser's tables: deterministic (same grammar → same bytes)."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    # Options Lark takes again at load time (postlex is code) are not data: leave them out, as
    # Lark's own cache does; so is where the grammar imported the core from (a function).
    data["options"] = {k: v for k, v in data["options"].items()
                       if k not in _LOAD_ALLOWED_OPTIONS and k != "import_paths"}
    assert sorted(memo) == list(range(len(memo)))
    doc = {
        "format": FORMAT,
        "grammar_sha256": grammar_sha256,
        "lark_version": lark.__version__,
        "generated_by": REGENERATE,
        "content_sha256": _UNSET,
        "data": {**data, "parser": {**data["parser"], "parser": _canonical_table(data["parser"]["parser"])}},
        "memo": [memo[i] for i in range(len(memo))],
    }
    text = json.dumps(doc, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    # JSON silently turns int dict keys into strings and tuples into lists: check the text reads
    # back as the same data (tuples aside: Lark only unpacks them).
    if _lists(_from_json(json.loads(text))) != _lists(_from_json(doc)):
        raise ValueError("the parse tables do not survive JSON")
    return text.replace(_UNSET, _content_sha256(text), 1)


#: The digest field's value while the digest is computed: the file's text with it in that place.
_UNSET = "0" * 64
_DIGEST = re.compile(r'"content_sha256": "([0-9a-f]{64})"')


def _content_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _intact(text: str) -> bool:
    """Whether the text is the file as written: its digest is that of the text with the digest
    unset. Any damage (a truncated file, a changed byte) fails this before JSON is even read."""
    m = _DIGEST.search(text)
    return m is not None and _content_sha256(text[: m.start(1)] + _UNSET + text[m.end(1):]) == m.group(1)


def load_parser(text: str, grammar_sha256: str, **load_options: Any) -> Lark | None:
    """A parser rebuilt from the tables, or None if they were made from another grammar or Lark,
    or if the text is not the file as written (damaged: truncated, edited, another shape).

    ``load_options`` are the options that are code or that Lark does not store (postlex,
    propagate_positions); they must be the ones the tables were built with.
    """
    if not _intact(text):
        return None  # damaged (or of an older format): the caller builds the parser from the grammar
    doc = json.loads(text)
    if (doc.get("format") != FORMAT or doc.get("grammar_sha256") != grammar_sha256
            or doc.get("lark_version") != lark.__version__):
        return None
    back = _from_json(doc)
    load = cast(Callable[..., Lark], Lark._load_from_dict)  # Lark leaves it untyped
    return load(back["data"], back["memo"], **load_options)


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
