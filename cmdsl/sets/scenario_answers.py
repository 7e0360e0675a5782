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
from typing import TYPE_CHECKING, Any, Final, Sequence

from ..errors import CardError
from .answer_forms import AnswerForms, answer_problem, names_known
from .text_files import MAX_SCENARIO_BYTES, read_text

if TYPE_CHECKING:  # a file is read as scenarios (PyYAML) only when its text holds a doubtful answer
    from .scenario_doc import Place, ScenarioDoc, ScenarioError

#: The folder of a set that holds its scenario files.
SCENARIO_DIR: Final = "scenarios"
#: What may be such an answer in a file's text, wherever it is (the first pass of ``set_answer_errors``).
_ID_IN_TEXT = re.compile(r"(?<![\w:/.`-])[a-z_]+(?::[^\s:'\",\[\]{}#`]+)+")


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
