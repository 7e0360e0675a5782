"""Actions by hand: an effect run or a position changed by a person (the REPL's `eval`, `set`).

They are typed values, not text the engine must read: the controller checks and compiles an
action (``cmdsl.games.cm2008.interjections.prepare``) and hands the engine the steps that carry it out. A game
records them among its answers as ``Interjection``s, and a record stores them as JSON objects:
``{"by_hand": "effect", "side": "mccain", "text": "draw 1"}`` or
``{"by_hand": "set", "change": {"op": "score", "side": "obama", "value": 200}}``.

An answer tagged with its seat is a ``SeatAnswer``, stored as ``{"seat": "obama", "answer":
"card:…"}``: an answer to one of several decisions pending at once (secret picks, R3.1, R3.3), or
an outcome of the chance seat that was not drawn from the seed (``{"seat": "chance", "answer":
"die:4"}``: a die forced by a scenario, by the REPL's ``set die``, or answered by the caller).
"""

from __future__ import annotations

import json
from dataclasses import field
from typing import Any, Callable, Literal, Union

from ...errors import RecordError
from .model import Side
from ...game.decisions import CHANCE, SeatAnswer
from ...game.fields import MAX_ANSWER_CHARS, Fields, shown
from ...values import value


@value
class EffectByHand:
    """An effect, as effect-language text, run by hand as ``side``."""

    side: Side
    text: str

    def describe(self) -> str:
        return f"{self.side} runs: {' / '.join(self.text.strip().splitlines())}"


@value
class PositionChange:
    """A change of the position by hand: ``change`` is canonical JSON text of one change such as
    ``{"op": "score", "side": "obama", "value": 200}`` (text, so the value stays frozen)."""

    change: str

    @staticmethod
    def of(change: Any) -> "PositionChange":
        return PositionChange(json.dumps(change, sort_keys=True))

    @property
    def data(self) -> Any:
        return json.loads(self.change)


ByHand = Union[EffectByHand, PositionChange]
ByHandKind = Literal["effect", "set"]


@value
class Interjection:
    """An action by hand as a game records it: the action, and the steps prepared for it."""

    action: ByHand
    steps: Callable[[Any], Any] = field(compare=False, repr=False)


#: One entry of a game's answers: an option id, an answer tagged with its seat, or an action by hand.
Answer = Union[str, SeatAnswer, Interjection]
#: One entry of a record's answers.
RecordedAnswer = Union[str, SeatAnswer, ByHand]

_SEATS = {CHANCE.value: CHANCE, **{s.value: s for s in Side}}


def answer_to_json(entry: RecordedAnswer) -> Any:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, SeatAnswer):
        return {"seat": entry.seat.value, "answer": entry.answer}
    if isinstance(entry, EffectByHand):
        return {"by_hand": "effect", "side": entry.side.value, "text": entry.text}
    return {"by_hand": "set", "change": entry.data}


def answer_from_json(data: Any, where: str) -> RecordedAnswer:
    """One answer of a record (format 2): an option id, or an action by hand, checked."""
    if isinstance(data, str):
        if len(data) > MAX_ANSWER_CHARS:
            raise RecordError(f"{where}: longer than {MAX_ANSWER_CHARS} characters")
        return data
    if isinstance(data, dict) and "seat" in data:
        f = Fields(data, where, f"{where}.", ("seat", "answer"))
        seat = _SEATS[f.choice("seat", list(_SEATS))]
        return SeatAnswer(seat, f.text("answer", MAX_ANSWER_CHARS))
    if isinstance(data, dict) and data.get("by_hand") == "effect":
        f = Fields(data, where, f"{where}.", ("by_hand", "side", "text"))
        return EffectByHand(Side(f.choice("side", [s.value for s in Side])), f.text("text"))
    if isinstance(data, dict) and data.get("by_hand") == "set":
        f = Fields(data, where, f"{where}.", ("by_hand", "change"))
        change = f.get("change")
        if not isinstance(change, dict):
            raise RecordError(f"{where}.change: {shown(change)} is not a mapping")
        text = json.dumps(change, sort_keys=True)
        if len(text) > MAX_ANSWER_CHARS:
            raise RecordError(f"{where}.change: longer than {MAX_ANSWER_CHARS} characters")
        return PositionChange(text)
    raise RecordError(f"{where}: {shown(data)} is not an option id, an answer of a seat "
                      '({"seat": …, "answer": …}) or an action by hand ({"by_hand": "effect", …} or '
                      '{"by_hand": "set", …})')


def answer_from_v1(answer: str, where: str) -> RecordedAnswer:
    """An answer of a format-1 record: interjections were text, ``!effect:SIDE:TEXT`` or
    ``!set:JSON``; everything else is an option id, unchanged."""
    if not answer.startswith("!"):
        return answer
    kind, _, rest = answer[1:].partition(":")
    if kind == "effect":
        side, _, text = rest.partition(":")
        if side not in [s.value for s in Side]:
            raise RecordError(f"{where}: {shown(side)} is not mccain or obama")
        return EffectByHand(Side(side), text)
    if kind == "set":
        try:
            change = json.loads(rest)
        except (RecursionError, ValueError):
            raise RecordError(f"{where}: the change after !set: is not valid JSON") from None
        if not isinstance(change, dict):
            raise RecordError(f"{where}: the change after !set: is not a mapping")
        return PositionChange.of(change)
    raise RecordError(f"{where}: unknown interjection {kind!r} (known: effect, set)")
