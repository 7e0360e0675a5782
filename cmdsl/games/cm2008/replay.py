"""Replaying a record with a card set, and saying whether, and where, it diverges."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Callable, Iterable, Sequence, cast

from ...errors import CmdslError
from .actions import EffectByHand, PositionChange, RecordedAnswer
from ...game.audience import Event
from ...game.decisions import CHANCE, Decision, SeatAnswer, is_chance
from . import events as E
from .engine import CampaignGame, campaign_game, campaign_of
from .record import FileAnswer, HiddenAnswer, Record, first_difference, log_digest
from .interjections import interject
from .model import CardSet, Side
from ...values import value


@value
class Replay:
    game: CampaignGame
    diverged_at: int | None  # index of the first answer that no longer applies
    reason: str | None
    event_at: int | None = None  # index of the first event that differs from the record's log
    event_before: str | None = None  # that event as recorded (None: the recorded log ended)
    event_now: str | None = None  # that event as replayed (None: the replay ended)

    @property
    def reproduces(self) -> bool:
        return self.reason is None


#: Called before each answer is applied: (the game, the answer's index, the decision it answers).
Observer = Callable[[CampaignGame, int, Decision], None]


def replay(cards: CardSet, record: Record, upto: int | None = None, *,
           accept_other_cards: bool = False, observe: Observer | None = None) -> Replay:
    """Re-run a record (or its first ``upto`` answers); say where, if anywhere, it diverges.

    A record played with another card set does not reproduce unless ``accept_other_cards``;
    it is replayed all the same so that the caller can show the log.

    Chance: a chance answer of the record answers the chance decision pending at its place; a
    chance decision with none there is drawn from the seed. So the game asks for chance while it
    is replayed, and the replayed game draws from the seed again once it is done.
    """
    game = campaign_game(cards, record.seed, record.setup, ask_chance=True)
    answers = record.answers if upto is None else record.answers[:upto]
    stopped = _apply(game, answers, observe)  # (answer index, why) where the answers stop applying
    full = [e.text() for e in game.events]
    now = view_texts(game.events, record.view)  # what the record's log holds: a seat's view, or all
    reasons: list[str] = []
    if not cards.same_as_recorded(record.cardset) and not accept_other_cards:
        reasons.append(f"the record was played with card set {record.cardset}; these cards are {cards.fingerprint}")
    at = _event_difference(record, now, complete=upto is None and stopped is None)
    before = now_text = None
    if at is not None:
        before = record.log[at] if record.log is not None and at < len(record.log) else None
        now_text = now[at] if at < len(now) else None
    result = game.result.text() if game.result is not None else None
    if at is not None and now_text is None and stopped is None and record.log is not None:
        # Every answer applied and every replayed event is the record's: its answers were cut short.
        reasons.append(f"the record is incomplete: its {len(answers)} answers replay {len(now)} of the "
                       f"{len(record.log)} events its log holds (answers are missing)")
    elif at is not None:
        # An event differs before any answer stops applying: that is where the games part.
        text = f"event {at + 1} differs: recorded {_quoted(before)}, replayed {_quoted(now_text)}"
        reasons.append(text + (f" (answers stop applying at answer {stopped[0] + 1})" if stopped else ""))
    elif stopped is not None:
        reasons.append(stopped[1])
    elif upto is None and record.result is not None and result is None:
        reasons.append(f"the record is incomplete: its {len(answers)} answers end before the game does, yet it "
                       f"says {_quoted(record.result)} (answers are missing)")
    elif upto is None and record.log_sha256 is not None and log_digest(full) != record.log_sha256:
        reasons.append("the event log differs from the recorded one")
    elif upto is None and record.result is not None and record.result != result:  # (None: not said)
        reasons.append(f"the result differs: the record says {_quoted(record.result)}, the replay gives "
                       f"{_quoted(result)}")
    return Replay(game, stopped[0] if stopped else None, "; ".join(reasons) or None, at, before, now_text)


def _apply(game: CampaignGame, answers: Sequence[Any], observe: Observer | None) -> tuple[int, str] | None:
    """Apply the record's ``answers`` in order; where one does not apply, its index and why."""
    stopped: tuple[int, str] | None = None
    for i, answer in enumerate(answers):
        if game.pending is None:
            stopped = (i, f"answer {i + 1} ({_shown(answer)}) comes after the game has ended")
            break
        try:
            if not is_chance(answer):
                game.draw_chance()  # the chance decisions the record does not answer: from the seed
            if isinstance(answer, HiddenAnswer):
                answer = _resolve(game, answer, i)
            if observe is not None and not isinstance(answer, (EffectByHand, PositionChange)):
                observe(game, i, _decision(game, answer))
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
    return stopped


def view_texts(events: Iterable[Event], view: str | None) -> list[str]:
    """The log as ``view`` sees it (``Record.view``): a seat's, the public one (what every seat
    may see: each event redacted for a seat in no audience), or the full log (None, ``full``)."""
    if view is None or view == "full":
        return [e.text() for e in events]
    seat = CHANCE if view == "public" else Side(view)  # chance is in no event's audience
    return [e.redacted(seat).text() for e in events]


def seat_record(game: CampaignGame, view: str, debugged: bool = False) -> Record:
    """``game``'s record as a file for ``view`` (a seat, ``public`` or ``full``, docs/secrets.md):
    its log is that view's, with the digest of the full log, and every answer that view may not
    see (another seat's secret pick: a kept draft card, a starting state, a card from a hand) is
    written as the number of its option, so the file replays the game without naming the card."""
    record = game.record()
    if view == "full":
        return replace(record, debugged=debugged, view=view)
    viewer = CHANCE if view == "public" else Side(view)
    hidden: dict[int, HiddenAnswer] = {}

    def look(g: CampaignGame, i: int, d: Decision) -> None:
        answer = record.answers[i]
        option = answer.answer if isinstance(answer, SeatAnswer) else answer
        if d.is_chance or not isinstance(option, str):
            return
        # the same rule as the log's: the Chose this answer makes, as the viewer sees it
        seat = cast(Side, d.player)  # not chance's (above): a side's
        if not E.Chose(seat, d.kind, option, "").audience().includes(viewer):
            number = next(n for n, o in enumerate(d.options, 1) if o.id == option)
            hidden[i] = HiddenAnswer(seat, number, isinstance(answer, SeatAnswer))

    replay(campaign_of(game).cards, record, observe=look, accept_other_cards=True)
    answers: tuple[FileAnswer, ...] = tuple(hidden.get(i, a) for i, a in enumerate(record.answers))
    return replace(record, answers=answers, log=tuple(view_texts(game.events, view)), debugged=debugged, view=view)


def _decision(game: CampaignGame, answer: RecordedAnswer) -> Decision:
    """The decision ``answer`` answers now."""
    if isinstance(answer, SeatAnswer):
        mine = [d for d in game.pending_decisions if d.player is answer.seat]
        if mine:
            return mine[0]
    if game.pending is None:
        raise CmdslError("no decision is pending")
    return game.pending


def _resolve(game: CampaignGame, answer: HiddenAnswer, i: int) -> RecordedAnswer:
    """A hidden answer as the option id it stands for, at the decision it answers."""
    mine = [d for d in game.pending_decisions if d.player is answer.seat]
    if not mine:
        raise CmdslError(f"{answer.seat} has no decision pending")
    options = mine[0].options
    if not 1 <= answer.option <= len(options):
        raise CmdslError(f"{answer.seat}'s decision has {len(options)} options, not {answer.option}")
    option = options[answer.option - 1].id
    return SeatAnswer(answer.seat, option) if answer.tagged else option


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
    if isinstance(answer, HiddenAnswer):
        return f"{answer.seat}: option {answer.option}"
    return f"by hand: {answer}"
