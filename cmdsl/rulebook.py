"""A game's rulebook as the players read it: its numbered rules, one looked up by its number.

A rulebook is a Markdown file shipped as package data (``docs/rules-*.md``, the package
``cmdsl.docs``). Its fixed layout is what this module reads:

* a section is a heading ``## <P><n> <title>`` (``## R4 A turn``), possibly followed by a
  paragraph of text;
* a rule of the section is a list item ``- **<P><n>.<m>** text``, continued on lines indented by
  two spaces; numbered lines inside it (``  1. …``) are its steps, cited ``L6.3 step 3``.

Each game's package says where its rulebook is (a ``RulebookSource``); this module names no game.
Numbers are looked up as players type them: ``R8.1``, ``r8.1``, ``8.1``, ``R 8``, ``L6.3 step 3``.
An unknown number is one ``RuleError`` line with the nearest rule that exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from .errors import CmdslError

#: The package that carries the rulebooks in a wheel (``docs/`` in a source checkout).
RULEBOOK_PACKAGE: Final = "cmdsl.docs"
_SOURCE_DOCS: Final = Path(__file__).resolve().parent.parent / "docs"

_SECTION = re.compile(r"^## (?P<number>[A-Z]\d+) (?P<title>.+)$")
_RULE = re.compile(r"^- \*\*(?P<number>[A-Z]\d+\.\d+)\*\* ?(?P<text>.*)$")
_STEP = re.compile(r"^  (?P<n>\d+)\. (?P<text>.*)$")
_STEP_LINE = re.compile(r"^\d+\. ")  # a step, once read (its continuation lines joined to it)
#: What players type: an optional letter, a section, an optional rule, an optional step.
_QUERY = re.compile(r"^(?:rule\s+)?(?P<letter>[a-z])?\s*(?P<section>\d+)(?:\.(?P<rule>\d+))?"
                    r"(?:\s*,?\s*step\s*(?P<step>\d+))?\.?$", re.IGNORECASE)


class RuleError(CmdslError):
    """A rule number that is not in the rulebook, or text that is not a rule number."""


@dataclass(frozen=True)
class RulebookSource:
    """Where a game's rulebook is: the game's name as players know it, the letter of its rule
    numbers and the file's name in the rulebook package (``rules-lobbys.md``)."""

    game: str
    letter: str
    file: str


@dataclass(frozen=True)
class Rule:
    """One section (``R4``) or one rule (``R4.2``): its number, its title (sections only), its
    text lines as written (Markdown, without the number) and its steps."""

    number: str
    title: str
    lines: tuple[str, ...]
    steps: tuple[str, ...] = ()

    @property
    def section(self) -> str:
        return self.number.partition(".")[0]

    @property
    def is_section(self) -> bool:
        return "." not in self.number


@dataclass(frozen=True)
class Rulebook:
    source: RulebookSource
    rules: tuple[Rule, ...]  # in the file's order: each section, then its rules

    def numbers(self) -> tuple[str, ...]:
        return tuple(r.number for r in self.rules)

    def sections(self) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if r.is_section)

    def rule(self, number: str) -> Rule | None:
        return next((r for r in self.rules if r.number == number), None)

    def rules_of(self, section: str) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if not r.is_section and r.section == section)

    def headings(self) -> str:
        """Every section's number and title, one a line."""
        head = f"The rules of {self.source.game} (`rules NUMBER` shows one, e.g. `rules {self._example()}`):"
        return "\n".join([head, *(f"  {r.number:<4} {r.title}" for r in self.sections())])

    def _example(self) -> str:
        first = next((r for r in self.rules if not r.is_section), None)
        return first.number if first is not None else self.source.letter + "1"

    def show(self, query: str) -> str:
        """The text of the rule a player asked for: a section with all its rules, one rule with
        its steps, or one step (``L6.3 step 3``) under its rule's number."""
        number, step = self.parse(query)
        rule = self.rule(number)
        assert rule is not None
        if step is not None:
            return f"{number} step {step}: {plain(rule.steps[step - 1])}"
        if rule.is_section:
            out = [f"{rule.number} {rule.title}", *(plain(x) for x in rule.lines)]
            for sub in self.rules_of(rule.number):
                out += ["", *_rule_text(sub)]
            return "\n".join(out).strip()
        return "\n".join(_rule_text(rule))

    def parse(self, query: str) -> tuple[str, int | None]:
        """The rule number (``R8.1``) and step of what a player typed; ``RuleError`` (one line,
        with the nearest rule) when no such rule or step exists."""
        text = " ".join(query.split())
        m = _QUERY.match(text)
        if m is None:
            raise RuleError(f'"{text}" is not a rule number: write one like {self._example()} '
                            f"(`rules` lists {self.source.game}'s rules)")
        letter = (m["letter"] or self.source.letter).upper()
        number = f"{letter}{int(m['section'])}" + (f".{int(m['rule'])}" if m["rule"] is not None else "")
        step = int(m["step"]) if m["step"] is not None else None
        if letter != self.source.letter.upper() or self.rule(number) is None:
            near = self.nearest(letter, int(m["section"]), int(m["rule"]) if m["rule"] is not None else None)
            raise RuleError(f"no rule {number} in {self.source.game}'s rules"
                            + (f"; did you mean {near}?" if near else "") + " (`rules` lists them)")
        rule = self.rule(number)
        assert rule is not None
        if step is not None and not 1 <= step <= len(rule.steps):
            has = f"steps 1 to {len(rule.steps)}" if rule.steps else "no steps"
            raise RuleError(f"no step {step} in {number} of {self.source.game}'s rules: it has {has}")
        return number, step

    def nearest(self, letter: str, section: int, rule: int | None) -> str | None:
        """The existing rule nearest to a missing number: the same number in this rulebook's
        letter, else the closest rule of the closest section."""
        own = self.source.letter.upper()
        same = f"{own}{section}" + (f".{rule}" if rule is not None else "")
        if self.rule(same) is not None:
            return same
        sections = [int(r.number[1:]) for r in self.sections()]
        if not sections:
            return None
        closest = min(sections, key=lambda n: (abs(n - section), n))
        if rule is None or closest != section:
            return f"{own}{closest}"
        subs = [int(r.number.partition(".")[2]) for r in self.rules_of(f"{own}{closest}")]
        if not subs:
            return f"{own}{closest}"
        return f"{own}{closest}.{min(subs, key=lambda n: (abs(n - rule), n))}"


def _rule_text(rule: Rule) -> list[str]:
    """A rule as shown: its number, its text; its steps and table rows indented."""
    lines = [("  " if _STEP_LINE.match(x) or x.startswith("|") else "") + plain(x) for x in rule.lines]
    lines[0] = f"{rule.number} {lines[0]}"
    return lines


def plain(line: str) -> str:
    """A line of the rulebook as the terminal shows it: no bold marks, links as their text."""
    line = re.sub(r"\*\*(.+?)\*\*", r"\1", line)
    return re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", line)


def parse_rulebook(text: str, source: RulebookSource) -> Rulebook:
    """The rules of a rulebook's text (the layout in this module's docstring). Text before the
    first section, and any heading that is not a section, belong to no rule."""
    rules: list[Rule] = []
    lines: list[str] = []  # the text of the section or rule being read
    steps: list[str] = []
    open_rule = False  # False: reading a section's own paragraph

    def close() -> None:
        if rules and (lines or steps):
            last = rules[-1]
            rules[-1] = _joined(Rule(last.number, last.title, tuple(lines), tuple(steps)))
        lines.clear()
        steps.clear()

    reading = False  # inside a numbered section
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("#"):
            close()
            m = _SECTION.match(line)
            reading, open_rule = m is not None, False
            if m is not None:
                rules.append(Rule(m["number"], m["title"], ()))
            continue
        if not reading:
            continue
        m = _RULE.match(line)
        if m is not None:
            close()
            rules.append(Rule(m["number"], "", ()))
            lines.append(m["text"])
            open_rule = True
        elif not line:
            if lines and lines[-1]:
                lines.append("")  # a paragraph break (before a table, say)
        elif open_rule and line.startswith("  "):
            s = _STEP.match(line)
            if s is not None and int(s["n"]) == len(steps) + 1:  # steps count 1, 2, 3…
                steps.append(s["text"])
                lines.append(line.strip())
            elif steps and line.startswith("     "):  # a step's text goes on
                steps[-1] += " " + line.strip()
                lines[-1] += " " + line.strip()
            else:
                lines.append(line[2:])
        elif not open_rule:
            lines.append(line)  # the section's own paragraph
    close()
    return Rulebook(source, tuple(rules))


def _joined(rule: Rule) -> Rule:
    """A rule whose wrapped lines are joined into paragraphs; table rows and steps keep their own
    lines, and paragraph breaks at the ends are dropped."""
    out: list[str] = []
    for line in rule.lines:
        own_line = (not out or out[-1] == "" or line == "" or line.startswith("|") or out[-1].startswith("|")
                    or _STEP_LINE.match(line) is not None or _STEP_LINE.match(out[-1]) is not None)
        if own_line:
            out.append(line)
        else:
            out[-1] += " " + line
    while out and out[-1] == "":
        out.pop()
    return Rule(rule.number, rule.title, tuple(out), rule.steps)


def rulebook_text(source: RulebookSource) -> str:
    """The text of a rulebook: from the installed package data, else from the checkout's docs/."""
    try:
        found = resources.files(RULEBOOK_PACKAGE) / source.file
        if found.is_file():
            return found.read_text(encoding="utf-8")
    except ModuleNotFoundError:
        pass
    return (_SOURCE_DOCS / source.file).read_text(encoding="utf-8")


@cache
def load_rulebook(source: RulebookSource) -> Rulebook:
    """The rulebook of ``source``, read once (a frozen value, shared)."""
    return parse_rulebook(rulebook_text(source), source)
