"""What a game's scenario answers may be (issue 55): each kind of option id its decisions offer
(`state:ohio`, `sell:M09`, `block:economy:2`) and what each part of it names in one set, and
whether an answer is such an id naming what the set has. Plain values a game's plug-in gives
(``CardSets.check``, ``EditorGame.answer_forms``); reading scenario files for them is
``scenario_answers.py``'s. Names no game."""

from __future__ import annotations

import re
from typing import Iterable

from ..errors import did_you_mean
from ..values import value

#: An answer written as an option id: a kind, a colon, its parts (no spaces: a label has some).
_ID = re.compile(r"[a-z_]+(?::[^\s:]+)+")


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
