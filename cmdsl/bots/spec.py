"""A bot as a designer names it: ``greedy``, ``ismcts``, ``ismcts:iterations=400,rollout=greedy``.

``parse_bot`` reads that text into a ``BotSpec`` (a value) or refuses it with a one-line
``BotSpecError`` that names what is wrong and what is allowed; ``BotSpec.text`` writes it back in
one canonical form (every setting, in a fixed order), which is what balance runs store.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Callable, cast

from ..errors import CmdslError, did_you_mean
from ..game.fields import or_list
from .basic import GreedyBot, RandomBot
from .ismcts import IsmctsBot, IsmctsSettings, RolloutPolicy
from .names import BOT_NAMES, BotName
from .play import Bot
from ..values import value


class BotSpecError(CmdslError):
    """A bot name or setting that cannot be read; the message is one line for a designer."""


@value
class _Setting:
    parse: Callable[[str], object]
    meaning: str  # what a valid value is, for the error message


def _whole_at_least(low: int) -> Callable[[str], object]:
    def parse(text: str) -> object:
        n = int(text)
        if n < low:
            raise ValueError
        return n
    return parse


def _number_above(low: float, strict: bool) -> Callable[[str], object]:
    def parse(text: str) -> object:
        x = float(text)
        if not math.isfinite(x) or not (x > low if strict else x >= low):
            raise ValueError
        return x
    return parse


#: The settings of ``ismcts``, by their name on the command line (the fields of IsmctsSettings).
_ISMCTS: dict[str, _Setting] = {
    "iterations": _Setting(_whole_at_least(1), "a whole number ≥ 1"),
    "seconds": _Setting(_number_above(0.0, strict=True), "a number of seconds > 0"),
    "exploration": _Setting(_number_above(0.0, strict=False), "a number ≥ 0"),
    "rollout": _Setting(RolloutPolicy, or_list([p.value for p in RolloutPolicy])),
    "horizon": _Setting(_whole_at_least(1), "a whole number of turns ≥ 1"),
}


@value
class BotSpec:
    """Which bot, with which settings (only ``ismcts`` has any)."""

    name: BotName
    ismcts: IsmctsSettings | None = None

    def make(self, seed: int) -> Bot:
        """A new bot of this kind whose choices follow from ``seed``."""
        if self.name == "random":
            return RandomBot(seed)
        if self.name == "greedy":
            return GreedyBot(seed)
        return IsmctsBot(seed, self.ismcts or IsmctsSettings())

    def text(self) -> str:
        """The canonical text: ``parse_bot(spec.text()) == spec``."""
        if self.name != "ismcts":
            return self.name
        s = self.ismcts or IsmctsSettings()
        parts = [f"{f.name}={_show(getattr(s, f.name))}" for f in dataclasses.fields(s) if getattr(s, f.name) is not None]
        return "ismcts:" + ",".join(parts)


def _show(value: object) -> str:
    return value.value if isinstance(value, RolloutPolicy) else f"{value:g}" if isinstance(value, float) else str(value)


def parse_bot(text: str) -> BotSpec:
    """``NAME`` or ``NAME:SETTING=VALUE,SETTING=VALUE`` (spaces around the parts are allowed)."""
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    if name not in BOT_NAMES:
        hint = did_you_mean(name, BOT_NAMES)
        raise BotSpecError(f"unknown bot {name!r}{f' (did you mean {hint!r}?)' if hint else ''}; "
                           f"bots are {', '.join(BOT_NAMES)}")
    if name != "ismcts":
        if rest.strip():
            raise BotSpecError(f"the {name} bot has no settings (only ismcts has): remove ':{rest.strip()}'")
        return BotSpec(name)
    values: dict[str, object] = {}
    for part in (p.strip() for p in rest.split(",")):
        if not part:
            continue
        key, eq, raw = (x.strip() for x in part.partition("="))
        key = key.lower()
        if key not in _ISMCTS:
            hint = did_you_mean(key, _ISMCTS)
            raise BotSpecError(f"ismcts has no setting {key!r}{f' (did you mean {hint!r}?)' if hint else ''}; "
                               f"its settings are {', '.join(_ISMCTS)}")
        if not eq:
            raise BotSpecError(f"ismcts setting {key!r} needs a value: {key}=VALUE")
        if key in values:
            raise BotSpecError(f"ismcts setting {key!r} is given twice")
        setting = _ISMCTS[key]
        try:
            values[key] = setting.parse(raw)
        except ValueError:
            raise BotSpecError(f"ismcts {key}={raw!r}: {key} must be {setting.meaning}") from None
    return BotSpec("ismcts", IsmctsSettings(**cast("dict[str, Any]", values)))  # each parsed to its setting's type


def make_bot(spec: str | BotSpec, seed: int) -> Bot:
    """A bot from its name or spec text (``"greedy"``, ``"ismcts:iterations=100"``) and a seed."""
    return (spec if isinstance(spec, BotSpec) else parse_bot(spec)).make(seed)


#: Every bot by name, with its default settings.
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}
