"""Checking JSON data field by field (records, setups, `!set` patches), one line per problem.

JSON from a file or an answer is not trusted: ``"5"`` is not a number, ``true`` is not 1 and
``[2]`` is not a card id. Each check names the field: ``game.json: setup.first: "x" is not ...``.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Collection, TypeVar

from ..errors import CmdslError, RecordError

#: Seeds are stored as JSON numbers; this keeps them exact in any JSON reader that uses 64 bits.
MAX_SEED = 2**63 - 1
#: An answer is an option id or an interjection (an effect's text, a position change): never this long.
MAX_ANSWER_CHARS = 64 * 1024
#: Names, ids and rows inside a `!set` change are short.
MAX_NAME_CHARS = 200

T = TypeVar("T")


def shown(value: Any, limit: int = 60) -> str:
    """``value`` as it was written in JSON, cut short if long."""
    import json  # only to say what was wrong: not at every start

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def or_list(choices: Collection[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    items = list(choices)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


class Fields:
    """One JSON object being checked: ``label`` names it, ``prefix`` comes before each field's name."""

    def __init__(self, data: Any, label: str, prefix: str, known: Collection[str],
                 error: Callable[[str], CmdslError] = RecordError) -> None:
        self.error_type = error
        if not isinstance(data, dict):
            raise error(f"{label}: {shown(data)} is not a mapping")
        unknown = [k for k in data if k not in known]
        if unknown:
            raise error(f"{label}: unknown field {shown(unknown[0])} (known: {', '.join(sorted(known))})")
        self.data: dict[str, Any] = data
        self.prefix = prefix

    def error(self, key: str, message: str) -> CmdslError:
        return self.error_type(f"{self.prefix}{key}: {message}")

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise self.error(key, "missing")
        return self.data[key]

    def optional(self, key: str, check: Callable[[str], T]) -> T | None:
        """None when the field is absent or null, else ``check(key)``."""
        return check(key) if self.has(key) else None

    def text(self, key: str, max_chars: int = MAX_ANSWER_CHARS) -> str:
        return self._text(key, self.get(key), max_chars, "a text")

    def _text(self, name: str, value: Any, max_chars: int, what: str) -> str:
        if not isinstance(value, str):
            raise self.error(name, f"{shown(value)} is not {what}")
        if len(value) > max_chars:
            raise self.error(name, f"longer than {max_chars} characters")
        return value

    def matching(self, key: str, pattern: re.Pattern[str], what: str) -> str:
        value = self.get(key)
        if not isinstance(value, str) or not pattern.fullmatch(value):
            raise self.error(key, f"{shown(value)} is not {what}")
        return value

    def whole(self, key: str, low: int, high: int | None = None, meaning: str = "") -> int:
        """A whole number from ``low`` to ``high``; bool and 2.0 are refused (JSON says true, 2.0).
        ``meaning`` follows the range in a message, in brackets."""
        value = self.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(key, f"{shown(value)} is not a whole number")
        if high is None and value < low:
            raise self.error(key, f"{value} is not at least {low}")
        if high is not None and not low <= value <= high:
            raise self.error(key, f"{shown(value)} is not between {low} and {high}"
                             + (f" ({meaning})" if meaning else ""))
        return value

    def flag(self, key: str) -> bool:
        """true or false (JSON's; 1 and "yes" are refused)."""
        value = self.get(key)
        if not isinstance(value, bool):
            raise self.error(key, f"{shown(value)} is not true or false")
        return value

    def choice(self, key: str, choices: Collection[str]) -> str:
        value = self.get(key)
        if not isinstance(value, str) or value not in choices:
            raise self.error(key, f"{shown(value)} is not {or_list(choices)}")
        return value

    def text_list(self, key: str, max_chars: int = MAX_ANSWER_CHARS, what: str = "a text") -> list[str]:
        value = self.get(key)
        if not isinstance(value, list):
            raise self.error(key, f"{shown(value)} is not a list")
        return [self._text(f"{key}[{i}]", item, max_chars, what) for i, item in enumerate(value, 1)]
