"""A scenario's answers checked without playing it (issue 55): an answer written as an option id
(`state:ohio`, `sell:M09`, `block:economy:2`) must be of a kind of option the game offers, and each
name in it must be one of the set's. Whether the option is offered at that moment is known only by
playing (`cmdsl test`); this check is what can be said from the set alone, so `cmdsl check` and the
editor say it as the file is written.

A game says what its answers may name (``AnswerForms``, from its plug-in's sets); this module
names no game. An answer with no colon may be a label ("labels work too", docs/scenarios.md): it
is left to the run.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Iterable, Sequence

from ..errors import CardError, did_you_mean
from ..values import value
from .text_files import MAX_SCENARIO_BYTES, read_text

if TYPE_CHECKING:  # a file is read as scenarios (PyYAML) only when its text holds a doubtful answer
    from .scenario_doc import Place, ScenarioDoc, ScenarioError

#: The folder of a set that holds its scenario files.
SCENARIO_DIR: Final = "scenarios"
#: An answer written as an option id: a kind, a colon, its parts (no spaces: a label has some).
_ID = re.compile(r"[a-z_]+(?::[^\s:]+)+")
#: What may be such an answer in a file's text, wherever it is (the first pass of ``set_answer_errors``).
_ID_IN_TEXT = re.compile(r"(?<![\w:/.`-])[a-z_]+(?::[^\s:'\",\[\]{}#`]+)+")


@value
class Slot:
    """What one part of an answer names: one of ``names``, or any whole number from 1."""

    what: str  # as a message says it: "a state", "a card id"
    names: frozenset[str] = frozenset()
    number: bool = False

    @staticmethod
    def of(what: str, names: Iterable[str]) -> Slot:
        return Slot(what, frozenset(names))

    @staticmethod
    def whole(what: str) -> Slot:
        return Slot(what, number=True)

    def holds(self, part: str) -> bool:
        if self.number:
            return part.isdigit() and int(part) >= 1
        return part in self.names

    def shown(self) -> str:
        return "N" if self.number else self.what.split()[-1].upper()


@value
class AnswerForm:
    """A kind of option id: ``kind:PART:…``, each part what its slot names."""

    kind: str
    slots: tuple[Slot, ...]

    def example(self) -> str:
        return ":".join((self.kind, *(s.shown() for s in self.slots)))


@value
class AnswerForms:
    """Every kind of option id a game's decisions offer, with the names of one set."""

    forms: tuple[AnswerForm, ...]

    def kind(self, name: str) -> AnswerForm | None:
        return next((f for f in self.forms if f.kind == name), None)


def names_known(answer: str, forms: AnswerForms) -> bool:
    """Whether an answer is no option id, or one of a kind the game has naming what the set has
    (``answer_problem`` says what is wrong, with its did-you-mean: this only whether)."""
    if not _ID.fullmatch(answer):
        return True
    kind, *parts = answer.split(":")
    form = forms.kind(kind)
    return form is not None and len(parts) == len(form.slots) and all(map(Slot.holds, form.slots, parts))


def answer_problem(answer: str, forms: AnswerForms) -> tuple[str, str | None] | None:
    """What is wrong with an answer, as (message, the answer it may have meant), or None: it is
    a well-formed id naming what the set has, or not an id at all (a label, a bare id)."""
    if not _ID.fullmatch(answer):
        return None
    kind, *parts = answer.split(":")
    form = forms.kind(kind)
    if form is None:
        kinds = [f.kind for f in forms.forms]
        near = did_you_mean(kind, kinds)
        return (f'"{answer}" is no kind of answer: an option id is ' + ", ".join(f.example() for f in forms.forms),
                ":".join((near, *parts)) if near else None)
    if len(parts) != len(form.slots):
        return f'"{answer}" is not of the form {form.example()}', None
    for i, (part, slot) in enumerate(zip(parts, form.slots)):
        if not slot.holds(part):
            near = did_you_mean(part, slot.names) if slot.names else None
            fixed = ":".join((kind, *parts[:i], near, *parts[i + 1:])) if near else None
            names = f"{slot.what} of this set" if slot.names else f"{slot.what} (a whole number from 1)"
            return f'"{answer}": "{part}" is not {names}', fixed
    return None


def answer_errors(place: Place, answers: Sequence[Any], forms: AnswerForms, key: str = "answers"
                  ) -> list[ScenarioError]:
    """Each answer of a scenario (its ``key`` list) that names nothing the set has, located."""

    out: list[ScenarioError] = []
    for j, answer in enumerate(answers):
        problem = answer_problem(answer, forms) if isinstance(answer, str) else None
        if problem is not None:
            out.append(place.error((key, j), *problem))
    return out


def doc_answer_errors(doc: ScenarioDoc, forms: AnswerForms) -> list[ScenarioError]:
    """The answers that name nothing the set has, in every scenario of a file. A scenario that
    expects to be refused is left alone: a wrong answer may be its point."""
    from .scenario_doc import ScenarioError, list_at

    out: list[ScenarioError] = []
    for i, raw in enumerate(doc.items):
        if not isinstance(raw, dict):
            continue  # the game's reader says what is wrong with it
        expect = raw.get("expect")
        if isinstance(expect, dict) and "refused" in expect:
            continue
        place = doc.place(i)
        try:
            answers = list_at(place, ("answers",), raw.get("answers"))
        except ScenarioError:
            continue  # the game's reader says it too
        out += answer_errors(place, answers, forms)
    return out


def set_answer_errors(folder: Path, game: str, forms: AnswerForms) -> list[CardError]:
    """The answers of the scenario files of ``game``'s set in ``folder`` that name nothing it has."""
    return [e for f in sorted((folder / SCENARIO_DIR).glob("*.yaml")) for e in file_answer_errors(f, game, forms)]


def file_answer_errors(file: Path, game: str, forms: AnswerForms) -> list[CardError]:
    """The answers of one of ``game``'s scenario files that name nothing the set has; a file that
    cannot be read as scenarios is its one error, a file of another game's scenarios has none."""
    try:
        if not _may_be_wrong(read_text(file, max_bytes=MAX_SCENARIO_BYTES), forms):
            return []
        from .scenario_doc import read_doc

        doc = read_doc(file)
    except CardError as e:
        return [e]
    return [*doc_answer_errors(doc, forms)] if doc.game == game else []


def _may_be_wrong(text: str, forms: AnswerForms) -> bool:
    """Whether some answer of a file may be wrong, from its text alone: an answer is there as it is
    written (a YAML escape aside), so a file in which every word like an option id names what the set
    has needs no reading (most files: reading them as scenarios is most of the check's time)."""
    return "\\" in text or not all(names_known(m.group(), forms) for m in _ID_IN_TEXT.finditer(text))


def one_line(error: CardError) -> str:
    """An error as `cmdsl check` prints one: its located line, the answer it may have meant after it."""
    w = error.where
    head = f"{w.file}:{w.line}:{w.col}" if w.line else w.file
    return f"{head}: {w.item + ': ' if w.item else ''}{error.message}" + (f"; {error.hint}" if error.hint else "")
