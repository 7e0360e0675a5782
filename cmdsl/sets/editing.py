"""A set's problems for an editor (`cmdsl lsp`, issue 32): a failed check's, and a scenario file's,
as the ``Problem``s of ``editor_game.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..errors import CardError, CardSetError, CmdslError, Located
from .editor_game import Problem
from .text_files import Sources
from .answer_forms import AnswerForms
from .scenario_answers import doc_answer_errors
from .scenario_doc import read_doc


def problems_of(error: CmdslError) -> tuple[Problem, ...]:
    """A failed check's problems: each located error of a set, or the one error."""
    if isinstance(error, CardSetError):
        return tuple(Problem(e) for e in error.errors)
    if isinstance(error, CardError):
        return (Problem(error),)
    return (Problem(CardError(str(error), Located(""))),)


def each_scenario(file: Path, sources: Sources, game: str, read_one: Callable[[int], object],
                  answers: AnswerForms | None = None) -> list[Problem]:
    """The problems of a scenario file of ``game``: its own, or each scenario's as ``read_one(i)``
    reads it (on its own: a broken scenario fails only itself, as in `cmdsl test`), and each answer
    that names nothing the set has (``answers``: what they may name), as `cmdsl check` says them."""
    try:
        doc = read_doc(file, sources)
        doc.require_game(game)
    except CmdslError as e:
        return list(problems_of(e))
    problems: list[Problem] = []
    for index in range(len(doc.items)):
        try:
            read_one(index)
        except CardError as e:
            problems.append(Problem(e))
    said = {p.error.where for p in problems}
    wrong = doc_answer_errors(doc, answers) if answers is not None else []
    return problems + [Problem(e) for e in wrong if e.where not in said]
