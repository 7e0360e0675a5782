"""Replaying a record with a card set, and saying whether, and where, it diverges."""

from __future__ import annotations

import json
from dataclasses import dataclass

from .errors import CmdslError
from .games.cm2008.actions import EffectByHand, PositionChange
from .game.decisions import SeatAnswer, is_chance
from .games.cm2008.engine import Game
from .games.cm2008.record import Record, first_difference, log_digest
from .interjections import interject
from .model import CardSet


@dataclass(frozen=True)
class Replay:
    game: Game
    diverged_at: int | None  # index of the first answer that no longer applies
    reason: str | None
    event_at: int | None = None  # index of the first event that differs from the record's log
    event_before: str | None = None  # that event as recorded (None: the recorded log ended)
    event_now: str | None = None  # that event as replayed (None: the replay ended)

    @property
    def reproduces(self) -> bool:
        return self.reason is None


def replay(cards: CardSet, record: Record, upto: int | None = None, *,
           accept_other_cards: bool = False) -> Replay:
    """Re-run a record (or its first ``upto`` answers); say where, if anywhere, it diverges.

    A record played with another card set does not reproduce unless ``accept_other_cards``;
    it is replayed all the same so that the caller can show the log.

    Chance: a chance answer of the record answers the chance decision pending at its place; a
    chance decision with none there is drawn from the seed. So the game asks for chance while it
    is replayed, and the replayed game draws from the seed again once it is done.
    """
    game = Game(cards, record.seed, record.setup, ask_chance=True)
    answers = record.answers if upto is None else record.answers[:upto]
    stopped: tuple[int, str] | None = None  # (answer index, why)
    for i, answer in enumerate(answers):
        if game.pending is None:
            stopped = (i, f"answer {i + 1} ({_shown(answer)}) comes after the game has ended")
            break
        try:
            if not is_chance(answer):
                game.draw_chance()  # the chance decisions the record does not answer: from the seed
            if isinstance(answer, (EffectByHand, PositionChange)):
                interject(game, answer)
            elif isinstance(answer, SeatAnswer):
                game.answer(answer.answer, answer.seat)
            else:
                game.answer(answer)
        except CmdslError as e:
            stopped = (i, f"answer {i + 1}: {e}")
            break
    try:
        game.ask_chance = False  # and from now on (a chance decision pending at the end: the seed)
    except CmdslError as e:
        stopped = stopped or (len(answers), f"after the last answer: {e}")
    now = [e.text() for e in game.events]
    reasons: list[str] = []
    if record.cardset != cards.fingerprint and not accept_other_cards:
        reasons.append(f"the record was played with card set {record.cardset}; these cards are {cards.fingerprint}")
    at = _event_difference(record, now, complete=upto is None and stopped is None)
    before = now_text = None
    if at is not None:
        before = record.log[at] if record.log is not None and at < len(record.log) else None
        now_text = now[at] if at < len(now) else None
    if at is not None:
        # An event differs before any answer stops applying: that is where the games part.
        text = f"event {at + 1} differs: recorded {_quoted(before)}, replayed {_quoted(now_text)}"
        reasons.append(text + (f" (answers stop applying at answer {stopped[0] + 1})" if stopped else ""))
    elif stopped is not None:
        reasons.append(stopped[1])
    elif upto is None and record.log_sha256 is not None and log_digest(now) != record.log_sha256:
        reasons.append("the event log differs from the recorded one")
    return Replay(game, stopped[0] if stopped else None, "; ".join(reasons) or None, at, before, now_text)


def _event_difference(record: Record, now: list[str], complete: bool) -> int | None:
    """Where the replayed log first differs from the recorded one; a partial replay is compared as
    a prefix (the events up to a decision are the same however the game goes on)."""
    if record.log is None:
        return None
    old = list(record.log) if complete else list(record.log[: len(now)])
    return first_difference(old, now)


def _quoted(text: str | None) -> str:
    return "(nothing)" if text is None else json.dumps(text, ensure_ascii=False)


def _shown(answer: object) -> str:
    if isinstance(answer, str):
        return answer
    if isinstance(answer, SeatAnswer):
        return f"{answer.seat}: {answer.answer}"
    return f"by hand: {answer}"
