"""A scenario's scripted answers, given in order to the decisions of its game: the one rule every
game's scenarios follow for an answer written for a decision the engine takes by itself (a single
option, ``Driver.ask``): it is matched to that decision, and never handed on to the next one
(docs/scenarios.md, "Strictness")."""

from __future__ import annotations

from typing import Sequence

from ..game.decisions import Decision


class Script:
    """The answers of a scenario (``answers``), and where it is in them. ``noted`` is the table's
    list of the decisions it took without asking (``Driver(noted=…)``): before an answer is given
    to the pending decision, the answers written for those decisions are matched to them, each
    decision using at most the next answer, when that answer is one of its options."""

    def __init__(self, answers: Sequence[str], noted: list[Decision]) -> None:
        self.answers = tuple(answers)
        self.at = 0  # the index of the next answer not used
        self._noted = noted
        self._settled = 0  # the decisions taken alone already matched

    def match(self) -> None:
        """Match the decisions taken alone since the last call with the answers written for them."""
        for taken in self._noted[self._settled:]:
            if self.at < len(self.answers) and taken.find(self.answers[self.at]) is not None:
                self.at += 1
        self._settled = len(self._noted)

    def take(self) -> tuple[int, str] | None:
        """The next answer for the pending decision, with its index in ``answers`` (to locate an
        error at it), once those of the decisions taken alone are matched; None: all are used."""
        self.match()
        if self.at == len(self.answers):
            return None
        self.at += 1
        return self.at - 1, self.answers[self.at - 1]

    @property
    def left(self) -> tuple[str, ...]:
        """The answers not used (a scenario with any left fails)."""
        self.match()
        return self.answers[self.at:]
