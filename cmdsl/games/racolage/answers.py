"""What a Racolage scenario's answers may name (``cmdsl.sets.scenario_answers``): the option ids
its decisions offer (``rules.py``), with the cards of one set."""

from __future__ import annotations

from ...sets.answer_forms import AnswerForm, AnswerForms, Slot
from .cards import RacolageSet


def answer_forms(cards: RacolageSet) -> AnswerForms:
    """`buy:N` (how many to buy), `sell:`, `place:`, `play:`, `discard:` a card id, `option:N` (one
    of a card's effects); `draw`, `buy` and `pass` have no parts (left to the run, as labels are)."""
    card = (Slot.of("a card id", cards.cards),)
    return AnswerForms((AnswerForm("buy", (Slot.whole("a number of cards"),)),
                        *(AnswerForm(kind, card) for kind in ("sell", "place", "play", "discard")),
                        AnswerForm("option", (Slot.whole("an option"),))))
