"""A Racolage Électoral game is its record (DESIGN property 4): seed, players, the set's
fingerprint and the answers. This module writes records and reads them back, every field checked
(a bad one is one ``RecordError`` naming where it is: ``record: answers[3]: …``); replaying one is
``RacolageGame.from_record`` (``game.py``), which reads what ``parse_record`` returns: this module
knows nothing of the driver.

Two formats (docs/secrets.md, "Files"):

- ``racolage-record/1``, the operator's record (``cmdsl play --record``): the full log, and each
  answer as ``[null, option id]``. Records written before seat files are this format.
- ``racolage-record/2``, a file written for a person (the REPL's ``save``): ``view`` says whose
  view its ``log`` is (a seat's name, ``public`` in hot-seat, ``full`` for ``save FILE full``),
  ``log_sha256`` is the digest of the full log (so a replay still checks every event) and
  ``debugged`` whether its player could have seen every card. Each answer is ``[seat, option id]``;
  an answer the view has not seen revealed yet is ``{"seat": …, "option": N}``, the number of its
  option in an order that says nothing of the card.

Which answers a view has not seen is the game's to say (``Revealing.unrevealed``): in Racolage
every answer is said at once by a public event, but a purchase (RA5), whose count and cards sold
are said together when the sale is complete.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Final, Iterable, Mapping, Protocol, Sequence, cast

from ...errors import RecordError, did_you_mean
from ...game.audience import Event
from ...game.decisions import Decision
from ...bots.names import BOT_NAMES
from ...sets.seat_files import (FULL, digest_problem, hidden_order, log_digest, log_problem, seat_file_fields, shown,
                                view_texts)
from ...sets.played_by import PlayedBy, played_by_field, played_by_json
from .seats import SEATS, RacolageSeat
from ...values import value

FORMAT: Final = "racolage-record/1"
FORMAT_SEAT: Final = "racolage-record/2"
GAME: Final = "racolage"
MAX_SEED: Final = 2 ** 32 - 1
#: A game is about 100–250 decisions (RA facts), and ends after 400 turns at the most: a record
#: far longer is not a Racolage game.
MAX_ANSWERS: Final = 20_000
_KEYS: Final = ("format", "game", "seed", "players", "set", "answers", "log", "view", "log_sha256", "debugged",
                "played_by")
_SEAT_KEYS: Final = ("view", "log_sha256", "debugged")


class Revealing(Protocol):
    """What writing a seat's file asks of the game (``RacolageGame``; imported by it, not importing it)."""

    seed: int
    players: int
    events: Any  # the full log, in order
    answers: list[Any]  # since the deal, or a fork's since its checkpoint (``all_answers``)

    def all_answers(self) -> list[str]: ...

    @property
    def pending(self) -> Decision | None: ...

    def unrevealed(self) -> int:
        """How many of the last answers no other seat has seen said yet."""

    def answer(self, answer: str, seat: Any = None) -> None: ...


@value
class RecordedAnswer:
    """One answer: by ``seat`` (None in a format-1 record), an option id, or, when the file's view
    had not seen it, the number (from 1) of its option in ``hidden_order``."""

    seat: RacolageSeat | None
    answer: str | None
    option: int | None = None

    def option_id(self, pending: Decision | None, seed: int, index: int) -> str:
        """The option id this answer gives at the game's ``pending`` decision (``index``: its place)."""
        if self.answer is not None:
            return self.answer
        assert self.option is not None
        if pending is None or pending.player is not self.seat:
            raise RecordError(f"{self.seat} has no decision pending" + (f" ({pending.player} has)" if pending else ""))
        if not 1 <= self.option <= len(pending.options):
            raise RecordError(f"{self.seat}'s decision has {len(pending.options)} options, not {self.option}")
        return hidden_order(pending.options, seed, index)[self.option - 1].id

    def to_json(self) -> Any:
        if self.answer is None:
            return {"seat": self.seat.value if self.seat is not None else None, "option": self.option}
        return [self.seat.value if self.seat is not None else None, self.answer]


def seat_named(name: str) -> RacolageSeat | None:
    return next((s for s in SEATS if s.value == name), None)


@value
class RacolageRecord:
    seed: int
    players: int
    set: str | None  # the fingerprint of the set it was played with
    answers: tuple[RecordedAnswer, ...]
    log: tuple[str, ...] | None = None  # one text per event (the view's), when the record keeps it
    view: str | None = None  # a file for a person (format 2): a seat's name, ``public`` or ``full``
    log_sha256: str | None = None  # format 2: the digest of the full log
    debugged: bool = False
    played_by: PlayedBy | None = None  # who played each seat (a file saved at the REPL)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT if self.view is None else FORMAT_SEAT, "game": GAME,
                                "seed": self.seed, "players": self.players, "set": self.set,
                                "answers": [a.to_json() for a in self.answers],
                                "log": None if self.log is None else list(self.log)}
        if self.view is not None:
            data.update(view=self.view, log_sha256=self.log_sha256, debugged=self.debugged)
        if self.played_by is not None:
            data["played_by"] = played_by_json(self.played_by)
        return data


def full_record(game: Revealing, fingerprint: str, complete: bool = True) -> RacolageRecord:
    """The operator's record (format 1): every answer by its option id, the full log if ``complete``."""
    answers = tuple(RecordedAnswer(None, a) for a in game.all_answers())
    return RacolageRecord(game.seed, game.players, fingerprint, answers,
                          tuple(e.text() for e in game.events) if complete else None)


def seat_record(game: Revealing, again: Callable[[], Revealing], fingerprint: str, view: str,
                debugged: bool = False) -> RacolageRecord:
    """``game``'s record as a file for ``view`` (a seat's name, ``public`` or ``full``): that
    view's log, the digest of the full log, and every answer of another seat the view has not
    seen said yet written as the number of its option. ``again``: the same game from its deal,
    replayed here to learn whose each answer is and what it was asked."""
    viewer = seat_named(view)
    hidden = set(range(len(game.answers) - game.unrevealed(), len(game.answers))) if view != FULL else set()
    replayed, answers = again(), []
    for i, a in enumerate(game.answers):
        d = replayed.pending
        assert d is not None
        seat = cast(RacolageSeat, d.player)
        if i in hidden and seat is not viewer:
            number = next(n for n, o in enumerate(hidden_order(d.options, game.seed, i), 1) if o.id == a)
            answers.append(RecordedAnswer(seat, None, number))
        else:
            answers.append(RecordedAnswer(seat, a))
        replayed.answer(a, seat)
    full = compared(e.text() for e in game.events)
    return RacolageRecord(game.seed, game.players, fingerprint, tuple(answers),
                          tuple(view_texts(game.events, view, seat_named)), view, log_digest(full), debugged or view == FULL)


#: Events the log says since the first records were written (issue 55: a pass, and why). A log is
#: compared and digested without them, so that a record written before still replays: saying
#: more of a game is not a different game.
_SAID_SINCE: Final = re.compile(r"Player \d (passes: no card drawn or bought|places no Media card)\b")


def compared(texts: Iterable[str]) -> list[str]:
    """A log's texts as records compare and digest them: without the events said since (``_SAID_SINCE``)."""
    return [t for t in texts if not _SAID_SINCE.match(t)]


def replay_problem(events: Sequence[Event], data: RacolageRecord, answers: int) -> str | None:
    """Why a game replayed from ``data`` (its ``events``, its ``answers`` count) is not the one the
    record holds, in a few words, or None: its log (the view's) event by event, a record cut short,
    and in a file for a person the digest of the full log."""
    if data.log is not None:
        problem = log_problem(compared(view_texts(events, data.view, seat_named)), compared(data.log), answers)
        if problem is not None:
            return problem
    return digest_problem(compared(e.text() for e in events), data.log_sha256)


def parse_record(data: Any, where: str = "record") -> RacolageRecord:
    """The record that ``data`` (parsed JSON) holds, every field checked; else a ``RecordError``."""
    if not isinstance(data, Mapping) or data.get("format") not in (FORMAT, FORMAT_SEAT):
        raise RecordError(f"{where}: not a Racolage Électoral record (format: {FORMAT} or {FORMAT_SEAT})")
    for key in data:
        if key not in _KEYS:
            near = did_you_mean(str(key), _KEYS)
            raise RecordError(f"{where}: unknown key {shown(key)}"
                              + (f" (did you mean {near!r}?)" if near else f" (the keys are: {', '.join(_KEYS)})"))
    seat_file = data["format"] == FORMAT_SEAT
    if not seat_file and any(k in data for k in _SEAT_KEYS):
        raise RecordError(f"{where}: {next(k for k in _SEAT_KEYS if k in data)}: only a {FORMAT_SEAT} record has one")
    seed, players = data.get("seed"), data.get("players")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise RecordError(f"{where}: seed: a whole number from 0 to 2^32 - 1, got {shown(seed)}")
    if type(players) is not int or players not in (2, 3, 4):
        raise RecordError(f"{where}: players: 2, 3 or 4 (RA1.1), got {shown(players)}")
    fingerprint = data.get("set")
    if fingerprint is not None and not isinstance(fingerprint, str):
        raise RecordError(f"{where}: set: the fingerprint of a card set (a text), got {shown(fingerprint)}")
    log = data.get("log")
    if log is not None and not (isinstance(log, list) and all(isinstance(t, str) for t in log)):
        raise RecordError(f"{where}: log: a list of texts, got {shown(log)}")
    view: str | None = None
    digest, debugged = None, False
    if seat_file:
        view, digest, debugged = seat_file_fields(data, where, [s.value for s in SEATS[:players]])
    answers = _answers(data.get("answers"), SEATS[:players], f"{where}: answers", seat_file)
    played_by = played_by_field(data, where, [s.value for s in SEATS[:players]], BOT_NAMES)
    return RacolageRecord(seed, players, fingerprint, answers, None if log is None else tuple(log), view, digest,
                          debugged, played_by)


def _answers(raw: Any, seats: tuple[RacolageSeat, ...], where: str, seat_file: bool) -> tuple[RecordedAnswer, ...]:
    if not isinstance(raw, list):
        raise RecordError(f"{where}: a list of [seat, answer], got {shown(raw)}")
    if len(raw) > MAX_ANSWERS:
        raise RecordError(f"{where}: {len(raw)} answers: a Racolage game has far fewer")
    names = {s.value: s for s in seats}
    out = []
    for i, a in enumerate(raw, 1):
        if seat_file and isinstance(a, Mapping) and set(a) == {"seat", "option"}:
            seat, number = names.get(a["seat"]) if isinstance(a["seat"], str) else None, a["option"]
            if seat is None:
                raise RecordError(f"{where}[{i}].seat: unknown seat {shown(a['seat'])} (this game's seats are "
                                  f"{', '.join(names)})")
            if type(number) is not int or not 1 <= number <= 1000:
                raise RecordError(f"{where}[{i}].option: the number of an option, got {shown(number)}")
            out.append(RecordedAnswer(seat, None, number))
            continue
        if not (isinstance(a, list) and len(a) == 2 and (a[0] is None or a[0] in names) and isinstance(a[1], str)):
            raise RecordError(f"{where}[{i}]: expected [seat, answer], got {shown(a)}")
        out.append(RecordedAnswer(names[a[0]] if a[0] is not None else None, a[1]))
    return tuple(out)
