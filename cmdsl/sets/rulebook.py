"""A game's rulebook as the players read it: its numbered rules, one looked up by its number.

A rulebook is a Markdown file shipped as package data (``docs/rules-*.md``, the package
``cmdsl.docs``). Its fixed layout is what this module reads:

* a section is a heading ``## <P><n> <title>`` (``## R4 A turn``, ``## RA4 A turn``), possibly
  followed by a paragraph of text; ``<P>``, the rulebook's prefix, is one or two capital letters;
* a rule of the section is a list item ``- **<P><n>.<m>** text``, continued on lines indented by
  two spaces; numbered lines inside it (``  1. …``) are its steps, cited ``L6.3 step 3``.

Each game's package says where its rulebook is (a ``RulebookSource``); this module names no game.
Numbers are looked up as players type them: ``R8.1``, ``r8.1``, ``8.1``, ``R 8``, ``L6.3 step 3``,
``ra 6.1``.
An unknown number is one ``RuleError`` line with the nearest rule that exists.
"""

from __future__ import annotations

import re
import string
from functools import cache

from ..errors import CmdslError
from ..resources import doc_text
from ..values import value

#: The package that carries the rulebooks in a wheel (``docs/`` in a source checkout).

_SECTION = re.compile(r"^## (?P<number>[A-Z]{1,2}\d+) (?P<title>.+)$")
_RULE = re.compile(r"^- \*\*(?P<number>[A-Z]{1,2}\d+\.\d+)\*\* ?(?P<text>.*)$")
_STEP = re.compile(r"^  (?P<n>\d+)\. (?P<text>.*)$")
#: What players type: an optional prefix (one or two letters), a section, an optional rule, an
#: optional step.
_QUERY = re.compile(r"^(?:rule\s+)?(?P<letter>[a-z]{1,2})?\s*(?P<section>\d+)(?:\.(?P<rule>\d+))?"
                    r"(?:\s*,?\s*step\s*(?P<step>\d+))?\.?$", re.IGNORECASE)


class RuleError(CmdslError):
    """A rule number that is not in the rulebook, or text that is not a rule number."""


@value
class RulebookSource:
    """Where a game's rulebook is: the game's name as players know it, the letter(s) of its
    rule numbers (``R``, ``RA``: one or two) and the file's name in the rulebook package
    (``rules-<game>.md``)."""

    game: str
    letter: str
    file: str


@value
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


@value
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
            near = self.nearest(int(m["section"]), int(m["rule"]) if m["rule"] is not None else None)
            raise RuleError(f"no rule {number} in {self.source.game}'s rules"
                            + (f"; did you mean {near}?" if near else "") + " (`rules` lists them)")
        rule = self.rule(number)
        assert rule is not None
        if step is not None and not 1 <= step <= len(rule.steps):
            has = f"steps 1 to {len(rule.steps)}" if rule.steps else "no steps"
            raise RuleError(f"no step {step} in {number} of {self.source.game}'s rules: it has {has}")
        return number, step

    def nearest(self, section: int, rule: int | None) -> str | None:
        """The existing rule nearest to a missing number (whatever its letter): the same number
        in this rulebook's letter, else the closest rule of the closest section."""
        own = self.source.letter.upper()
        same = f"{own}{section}" + (f".{rule}" if rule is not None else "")
        if self.rule(same) is not None:
            return same
        sections = [int(r.number.lstrip(string.ascii_uppercase)) for r in self.sections()]
        if not sections:
            return None
        closest = min(sections, key=lambda n: (abs(n - section), n))
        if rule is None or closest != section:
            return f"{own}{closest}"
        subs = [int(r.number.partition(".")[2]) for r in self.rules_of(f"{own}{closest}")]
        if not subs:
            return f"{own}{closest}"
        return f"{own}{closest}.{min(subs, key=lambda n: (abs(n - rule), n))}"


def typed_letter(query: str) -> str | None:
    """The letter(s) a player typed before a rule number (``L`` for ``l6.3``, ``RA`` for
    ``ra 6.1``), if any."""
    m = _QUERY.match(" ".join(query.split()))
    return m["letter"].upper() if m is not None and m["letter"] else None


def _rule_text(rule: Rule) -> list[str]:
    """A rule as shown: its number, its text; its steps and table rows indented."""
    steps = {f"{i}. {x}" for i, x in enumerate(rule.steps, 1)}
    lines = [("  " if x in steps or x.startswith("|") else "") + plain(x) for x in rule.lines]
    lines[0] = f"{rule.number} {lines[0]}"
    return lines


def plain(line: str) -> str:
    """A line of the rulebook as the terminal shows it: no bold marks, links as their text."""
    line = re.sub(r"\*\*(.+?)\*\*", r"\1", line)
    return re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", line)


def parse_rulebook(text: str, source: RulebookSource) -> Rulebook:
    """The rules of a rulebook's text (the layout in this module's docstring). Text before the
    first section, and any heading that is not a section, belong to no rule."""
    reader = _RuleReader()
    for raw in text.splitlines():
        reader.line(raw.rstrip())
    reader.close()
    return Rulebook(source, tuple(reader.rules))


class _RuleReader:
    """Reads a rulebook line by line into its rules."""

    def __init__(self) -> None:
        self.rules: list[Rule] = []
        self.lines: list[str] = []  # the paragraphs of the section or rule being read (steps, rows: one each)
        self.steps: list[str] = []
        self.last_own = True  # whether lines[-1] stands alone (a step, a table row, a break): text starts anew
        self.reading = False  # inside a numbered section
        self.in_rule = False  # False: reading the section's own paragraph

    def close(self) -> None:
        """The rule being read is complete."""
        rules, lines, steps = self.rules, self.lines, self.steps
        if rules and (lines or steps):
            last = rules[-1]
            while lines and not lines[-1]:
                lines.pop()
            rules[-1] = Rule(last.number, last.title, tuple(lines), tuple(steps))
        lines.clear()
        steps.clear()

    def add(self, line: str, own: bool = False) -> None:
        lines = self.lines
        if lines and not own and not self.last_own:
            lines[-1] += " " + line  # a wrapped line: the same paragraph
        else:
            lines.append(line)
        self.last_own = own

    def line(self, line: str) -> None:
        if line.startswith("#"):
            self.close()
            m = _SECTION.match(line)
            self.reading, self.in_rule = m is not None, False
            if m is not None:
                self.rules.append(Rule(m["number"], m["title"], ()))
                self.last_own = True
            return
        if self.reading:
            self.text(line)

    def text(self, line: str) -> None:
        """A line inside a section: a rule's first line, a break, a step, a table row, or text."""
        lines, steps = self.lines, self.steps
        m = _RULE.match(line)
        step = _STEP.match(line) if self.in_rule else None
        if m is not None:
            self.close()
            self.rules.append(Rule(m["number"], "", ()))
            self.in_rule, self.last_own = True, True
            self.add(m["text"])
        elif not line:
            if lines and lines[-1]:
                self.add("", own=True)  # a paragraph break (before a table, say)
        elif step is not None and int(step["n"]) == len(steps) + 1:  # steps count 1, 2, 3…
            steps.append(step["text"])
            self.add(f"{step['n']}. {step['text']}", own=True)
            self.last_own = False  # its own wrapped lines go on it
        elif self.in_rule and steps and line.startswith("     ") and lines[-1].startswith(f"{len(steps)}. "):
            steps[-1] += " " + line.strip()
            lines[-1] += " " + line.strip()
        elif line.startswith("  |" if self.in_rule else "|"):
            self.add(line.strip(), own=True)
        else:  # text: the section's paragraph, or the rule's (unindented, a lazy continuation)
            if steps and lines[-1].startswith(f"{len(steps)}. "):
                self.last_own = True  # text after the steps is a paragraph of its own
            self.add(line.strip())


def rulebook_text(source: RulebookSource) -> str:
    """The text of a rulebook: from the installed package data, else from the checkout's docs/."""
    return doc_text(source.file)


@cache
def load_rulebook(source: RulebookSource) -> Rulebook:
    """The rulebook of ``source``, read once (a frozen value, shared)."""
    return parse_rulebook(rulebook_text(source), source)
