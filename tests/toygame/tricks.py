"""High Card's trick cards (T5): a YAML file of card → effect, each effect parsed, checked and
compiled in High Card's language (``vocabulary``), every error located in the file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

import yaml

from cmdsl.errors import CardError, Located
from cmdsl.lang.checker import Checked, Context, Names
from cmdsl.lang.compiler import Compiled
from cmdsl.lang.origin import Origin
from cmdsl.lang.work import WORK_BUDGET

from .vocabulary import LANGUAGE

TRICKS_FILE = Path(__file__).parent / "tricks.yaml"
CARDS = range(1, 10)  # T1
_NO_NAMES = Names()  # High Card's effects name no place and no group


@dataclass(frozen=True)
class Trick:
    card: int
    text: str
    checked: Checked
    compiled: Compiled

    def rules_text(self, lang: str = "en") -> str:
        return LANGUAGE.rules_text(self.checked.program, lang=lang)


def load_tricks(path: Path = TRICKS_FILE) -> Mapping[int, Trick]:
    """Each trick card of the file by its number; a located ``CardError`` for the first wrong one."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError) as e:
        raise CardError(f"cannot read the trick cards ({e})", Located(name, 1, 1)) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise CardError(f"not YAML: {getattr(e, 'problem', e)}",
                        Located(name, mark.line + 1 if mark else 1, mark.column + 1 if mark else 1)) from None
    if root is None:
        return MappingProxyType({})
    if not isinstance(root, yaml.MappingNode):
        raise CardError("expected a mapping of card → effect", Located(name, root.start_mark.line + 1, 1))
    tricks: dict[int, Trick] = {}
    for key, value in root.value:
        at = Located(name, key.start_mark.line + 1, key.start_mark.column + 1)
        if not (isinstance(key, yaml.ScalarNode) and key.value.isdigit() and int(key.value) in CARDS):
            raise CardError(f'"{key.value}" is not a card: the cards are 1 to 9', at)
        card = int(key.value)
        if card in tricks:
            raise CardError(f"card {card} has two effects", at)
        if not isinstance(value, yaml.ScalarNode) or not value.value.strip():
            raise CardError(f"card {card}: expected its effect, as text", at)
        origin = _origin(name, str(card), value, text.splitlines())
        checked = LANGUAGE.check(LANGUAGE.parse(value.value, origin), _NO_NAMES, Context("card"), origin)
        if checked.work.fixed > WORK_BUDGET:
            raise LANGUAGE.vocabulary.bounds.over_budget(checked.program, checked.work.fixed, 0, 0, origin) \
                or CardError("too much work", at)
        tricks[card] = Trick(card, value.value, checked, LANGUAGE.compile(checked, f"trick-{card}"))
    return MappingProxyType(dict(sorted(tricks.items())))


def _origin(name: str, item: str, value: yaml.ScalarNode, lines: list[str]) -> Origin:
    """Where an effect's text sits in the file: a block scalar (`|`) on the lines after its key,
    indented; a plain one on its key's line."""
    if value.style != "|":
        return Origin(name, item, value.start_mark.line + 1, value.start_mark.column)
    first = value.start_mark.line + 1  # 0-based: the line after the key's
    line = lines[first] if first < len(lines) else ""
    return Origin(name, item, first + 1, len(line) - len(line.lstrip(" ")))
