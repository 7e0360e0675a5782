"""A set's health targets: the ``health:`` section of its manifest, where a designer writes what a
good game of theirs looks like (issue 58; docs/balance.md, "Health targets"), for example:

    health:
      winner_score: [20, 35]    # the winner's median final points
      turns: [40, 70]           # a game's median length, in the game's turns
      dead_cards: 0             # at most this many dead cards
      seat_spread: 3            # every seat's win share within ±3 points of an even share
      bot: greedy               # checked with this bot at every seat (when --bot is not given)
      games: 2000               # over at most this many games (when --games is not given)

`cmdsl check` reads the section (every error one located line); `cmdsl balance` gives each target
a verdict (met, missed, not known yet) from its games. Game-agnostic: the section has the same
form in every game's manifest (the file that marks a folder as a set), and each game's own
reader of that file leaves the key to this one.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, Protocol, get_args

from ..errors import CardError, Located, did_you_mean
from ..values import value
from .text_files import read_text

if TYPE_CHECKING:  # the games' readers import HEALTH_KEY: PyYAML loads when a section is read
    import yaml

#: The key of a manifest that holds the targets.
HEALTH_KEY: Final = "health"

#: What a target may be set on (docs/balance.md, "Health targets").
Measure = Literal["winner_score", "turns", "decisions", "dead_cards", "seat_spread", "tie_breaks",
                  "early_leader_wins"]
MEASURES: Final[tuple[Measure, ...]] = get_args(Measure)
#: Measures written as a range [low, high] (a median or a share in percent lies in it)…
RANGES: Final[frozenset[Measure]] = frozenset({"winner_score", "turns", "decisions", "early_leader_wins"})
#: The others are a largest value (a count, or percentage points). What each measure is, as a verdict names it.
MEANING: Final[dict[Measure, str]] = {
    "winner_score": "the winner's median final points",
    "turns": "a game's median length in turns",
    "decisions": "a game's median number of decisions",
    "dead_cards": "dead cards",
    "seat_spread": "every seat's win share, in points from an even share",
    "tie_breaks": "the share of games a tie-break decides, in %",
    "early_leader_wins": "the share of games the leader after a third of the game wins, in %",
}
_PERCENT: Final[frozenset[Measure]] = frozenset({"seat_spread", "tie_breaks", "early_leader_wins"})
_MAX_BYTES: Final = 256 * 1024
#: A top-level ``health:`` key, as a line starts (a manifest with none needs no parse).
_SECTION: Final = re.compile(rf"^{HEALTH_KEY}\s*:", re.MULTILINE)


@value
class Target:
    """One target: its measure, the range it must lie in (``high`` None: no bound above), and the
    manifest line it was written on."""

    measure: Measure
    low: float
    high: float | None
    line: int = 0

    def text(self) -> str:
        """As the designer wrote it: "winner_score: [20, 35]", "dead_cards: 0"."""
        def n(x: float) -> str:
            return f"{x:g}"
        if self.measure in RANGES:
            return f"{self.measure}: [{n(self.low)}, {n(self.high) if self.high is not None else 'null'}]"
        assert self.high is not None
        return f"{self.measure}: {n(self.high)}"


@value
class Targets:
    """A set's targets, in the order written, and the manifest they came from; and how they are
    checked when `cmdsl balance` is not told: the bot at every seat, the most games."""

    targets: tuple[Target, ...] = ()
    file: str = ""
    bot: str | None = None
    games: int | None = None
    bot_line: int = 0  # where the bot is named (the study checks its name: one located line)

    def __bool__(self) -> bool:
        return bool(self.targets)


def manifest_of(folder: Path, data_file: str | None) -> Path:
    """The file that declares the set in ``folder``: the game's data file, else ``manifest.yaml``."""
    return folder / (data_file or "manifest.yaml")


def read_targets(folder: Path, data_file: str | None) -> Targets:
    """The targets of the set in ``folder`` (none when its manifest has no ``health:`` section);
    a wrong section raises one located ``CardError``."""
    path = manifest_of(folder, data_file)
    if not path.is_file():
        return Targets()
    text = read_text(path, max_bytes=_MAX_BYTES, label=str(path))
    return targets_in(text, str(path))


def targets_in(text: str, file: str) -> Targets:
    """The targets of a manifest's text (``file``: its name in errors)."""
    if not _SECTION.search(text):  # most manifests have none: `cmdsl check` then loads no YAML parser
        return Targets(file=file)
    import yaml

    from .safe_yaml import compose

    root = compose(text, file)
    lines = text.split("\n")
    if not isinstance(root, yaml.MappingNode):
        return Targets(file=file)
    section = _section(root, file, lines)
    if section is None:
        return Targets(file=file)

    def error(message: str, node: yaml.Node, hint: str | None = None) -> CardError:
        mark = node.start_mark
        said = message if message.startswith(f"{HEALTH_KEY}:") else f"{HEALTH_KEY}: {message}"
        return CardError(said, Located(file, mark.line + 1, mark.column + 1), hint=hint).with_source(lines)

    if isinstance(section, yaml.ScalarNode) and section.tag.endswith(":null"):
        return Targets(file=file)
    if not isinstance(section, yaml.MappingNode):
        raise error("health: expected a mapping of targets, such as `winner_score: [20, 35]`", section)
    out: list[Target] = []
    seen: set[str] = set()
    bot: str | None = None
    bot_line = 0
    games: int | None = None
    for k, v in section.value:
        key = k.value if isinstance(k, yaml.ScalarNode) else ""
        if key in seen:
            raise error(f"health: {key} is given twice", k)
        if key == "bot":
            if not (isinstance(v, yaml.ScalarNode) and v.tag.endswith(":str") and v.value.strip()):
                raise error("bot: expected a bot, such as greedy (it plays every seat)", v)
            bot, bot_line = v.value.strip(), v.start_mark.line + 1
            seen.add(key)
            continue
        if key == "games":
            if not (isinstance(v, yaml.ScalarNode) and v.tag.endswith(":int") and int(v.value.replace("_", ""), 0) >= 1):
                raise error(f"games: expected a whole number ≥ 1, got {_shown(v)}", v)
            games = int(v.value.replace("_", ""), 0)
            seen.add(key)
            continue
        if key not in MEASURES:
            near = did_you_mean(str(key), (*MEASURES, "bot", "games"))
            raise error(f"health: unknown target {key!r}", k, f"did you mean {near!r}?" if near else
                        "the targets are: " + ", ".join(MEASURES) + "; and bot, games")
        seen.add(key)
        measure: Measure = key
        if measure in RANGES:
            out.append(_range(measure, v, error))
        else:
            out.append(Target(measure, 0.0, _number(measure, v, error), v.start_mark.line + 1))
    return Targets(tuple(out), file, bot, games, bot_line)


def _section(root: yaml.MappingNode, file: str, lines: list[str]) -> yaml.Node | None:
    """The manifest's ``health:`` value; given twice, one located error (YAML would keep the last)."""
    import yaml

    found = [(k, v) for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == HEALTH_KEY]
    if len(found) > 1:
        mark = found[1][0].start_mark
        raise CardError(f"{HEALTH_KEY} is given twice", Located(file, mark.line + 1, mark.column + 1)
                        ).with_source(lines)
    return found[0][1] if found else None


def _number(measure: Measure, node: yaml.Node, error: "_Error") -> float:
    what = "a whole number ≥ 0" if measure == "dead_cards" else "a number of percentage points ≥ 0"
    x = _scalar(measure, node, error, what)
    if x is None or x < 0 or (measure == "dead_cards" and x != int(x)) or (measure in _PERCENT and x > 100):
        raise error(f"{measure}: expected {what}" + (" (at most 100)" if measure in _PERCENT else "")
                    + f", got {_shown(node)}", node)
    return x


def _range(measure: Measure, node: yaml.Node, error: "_Error") -> Target:
    import yaml

    example = "[20, 35]" if measure != "early_leader_wins" else "[30, 70]"
    if not isinstance(node, yaml.SequenceNode) or len(node.value) != 2:
        raise error(f"{measure}: expected a range [low, high], such as {example} (null for no bound above)", node)
    low = _scalar(measure, node.value[0], error, "a number")
    high = _scalar(measure, node.value[1], error, "a number or null")
    if low is None:
        raise error(f"{measure}: the range's low end must be a number", node.value[0])
    if low < 0 or (high is not None and high < low):
        raise error(f"{measure}: expected 0 ≤ low ≤ high, got [{_shown(node.value[0])}, {_shown(node.value[1])}]", node)
    if measure in _PERCENT and (high or low) > 100:
        raise error(f"{measure}: a share in percent is at most 100", node)
    return Target(measure, low, high, node.start_mark.line + 1)


def _scalar(measure: Measure, node: yaml.Node, error: "_Error", what: str) -> float | None:
    """A number (None for YAML's null)."""
    import yaml

    if isinstance(node, yaml.ScalarNode):
        if node.tag.endswith(":null"):
            return None
        if node.tag.endswith((":int", ":float")):
            try:
                x = float(node.value.replace("_", ""))
            except ValueError:
                x = math.nan
            if math.isfinite(x):
                return x
    raise error(f"{measure}: expected {what}, got {_shown(node)}", node)


def _shown(node: yaml.Node) -> str:
    import yaml

    if isinstance(node, yaml.ScalarNode):
        return f'"{node.value}"' if node.tag.endswith(":str") else node.value or "nothing"
    return "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"


class _Error(Protocol):
    """The located-error maker of one manifest's section."""

    def __call__(self, message: str, node: yaml.Node, hint: str | None = None) -> CardError: ...
