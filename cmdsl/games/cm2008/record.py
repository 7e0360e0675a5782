"""A game is its record (DESIGN property 4): card-set fingerprint, seed, setup and answers.

Format 2 (``cmdsl-record/2``) stores actions by hand as typed JSON objects
(``cmdsl.games.cm2008.actions``); a format-1 record (interjections as ``!effect:…``/``!set:…`` text) is
upgraded when it is read. Format 3 (``cmdsl-record/3``) is a file written for one seat (the REPL's
``save``, docs/secrets.md): its ``view`` says whose view its ``log`` is (a seat, ``public`` or
``full``), ``log_sha256`` is still the digest of the full log, and another seat's secret answer is
stored as the number of its option (``{"seat": "obama", "option": 2}``), not the card's id. Every field is checked before anything runs: a bad one is a one-line
``RecordError`` naming the field. Reading and writing files is ``cmdsl.sets.record_file``'s job.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any, Iterable, Union

from ...errors import RecordError
from .actions import RecordedAnswer, answer_from_json, answer_from_v1, answer_to_json
from ...game.fields import MAX_SEED, Fields
from .model import Side
from .setup import Setup
from ...bots.names import BOT_NAMES
from ...sets.record_file import read_json, save_json
from ...sets.played_by import PlayedBy, played_by_field, played_by_json
from ...values import value

FORMAT = "cmdsl-record/2"
#: Older formats this version reads (and upgrades): the first, whose interjections were text.
FORMAT_V1 = "cmdsl-record/1"
#: A file written for a seat: a view's log, secret answers of the other seats by option number.
FORMAT_SEAT = "cmdsl-record/3"

_HEX64 = re.compile(r"[0-9a-f]{64}")
_KEYS = frozenset({"format", "cardset", "seed", "setup", "answers", "log_sha256", "result", "log", "debugged", "view",
                   "played_by"})
#: Whose view a format-3 file's log is: a seat's, the public one (hot-seat), or the full log.
VIEWS = ("mccain", "obama", "public", "full")


@value
class HiddenAnswer:
    """Another seat's secret answer in a seat's file: the ``option``-th option (from 1) of the
    decision it answers, which replays the game without naming the card (docs/secrets.md).
    ``tagged``: the answer was one of several decisions pending at once (a ``SeatAnswer``)."""

    seat: Side
    option: int
    tagged: bool = True


#: One entry of a record read from a file: a recorded answer, or another seat's hidden one.
FileAnswer = Union[RecordedAnswer, HiddenAnswer]


def _hidden_to_json(a: HiddenAnswer) -> dict[str, Any]:
    return {"seat": a.seat.value, "option": a.option} if a.tagged else {"by": a.seat.value, "option": a.option}


def _hidden_from_json(data: Any, where: str) -> HiddenAnswer | None:
    """``data`` as a hidden answer, if it is one (an object with ``option``)."""
    if not isinstance(data, dict) or "option" not in data:
        return None
    tagged = "seat" in data
    f = Fields(data, where, f"{where}.", ("seat" if tagged else "by", "option"))
    seat = Side(f.choice("seat" if tagged else "by", [s.value for s in Side]))
    return HiddenAnswer(seat, f.whole("option", 1, 1000), tagged)


#: Event texts reworded since records were first written, as (today's wording, the first wording).
#: A log is compared and digested in its first wording, so a record written before a rewording and
#: one written after both still replay: a better sentence is not a different game.
#: Rules text inside an event (a "choose one" option's label) is reworded the same way.
_REWORDED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(\w+) chooses to stop discarding \((\d+) discarded\)\.$"),
     r"\1 chooses stop discarding (\2 discarded) to discard."),
    # issue 26: "its majority issue" rather than naming the state twice
    (re.compile(r"\bGain (\w+ supports?) in ((?:the )?[\w ]+?) on its (majority|minority) issue"),
     r"Gain \1 on the \3 issue of \2 in \2"),
    (re.compile(r"\bShift ((?:the )?[\w ]+?) (\w+ box(?:es)?) toward its (majority|minority) issue"),
     r"Shift \1 \2 toward the \3 issue of \1"),
    (re.compile(r"\bDiscard one card, if possible"), "Discard one card (as many as possible)"),
    (re.compile(r"\ba state in play of your choice"), "a state in play chosen by you"),
)


def log_key(text: str) -> str:
    """An event's text as records compare it: in its first wording (``_REWORDED``)."""
    for now, first in _REWORDED:
        text = now.sub(first, text)
    return text


def log_digest(texts: Iterable[str]) -> str:
    """The digest of an event log (one text per event) that records keep."""
    return hashlib.sha256("\n".join(map(log_key, texts)).encode()).hexdigest()


@value
class Record:
    cardset: str
    seed: int
    setup: Setup
    answers: tuple[FileAnswer, ...]
    log_sha256: str | None = None
    result: str | None = None
    log: tuple[str, ...] | None = None  # one text per event: lets a replay name the first that differs
    upgraded_from: str | None = None  # the format it was read in, when that was an older one
    #: Whether the game was played with everything shown (the REPL's debug mode, docs/secrets.md):
    #: then its player could have seen the other seat's cards, and its moves prove nothing fair.
    debugged: bool = False
    #: Whose view ``log`` is (``VIEWS``); None: the full log of a format-1 or -2 record.
    view: str | None = None
    #: Who played each side (a file saved at the REPL): `load` seats them again.
    played_by: PlayedBy | None = None

    def to_json(self) -> dict[str, Any]:
        data = {"format": FORMAT if self.view is None else FORMAT_SEAT, "cardset": self.cardset, "seed": self.seed,
                "setup": self.setup.to_json(),
                "answers": [_hidden_to_json(a) if isinstance(a, HiddenAnswer) else answer_to_json(a)
                            for a in self.answers],
                "log_sha256": self.log_sha256, "result": self.result,
                "log": None if self.log is None else list(self.log), "debugged": self.debugged}
        if self.view is not None:
            data["view"] = self.view
        if self.played_by is not None:
            data["played_by"] = played_by_json(self.played_by)
        elif any(isinstance(a, HiddenAnswer) for a in self.answers):
            raise ValueError("a record with hidden answers is a seat's file: give its view")
        return data

    @staticmethod
    def from_json(data: Any, where: str = "record") -> "Record":
        version = data.get("format") if isinstance(data, dict) else None
        if version not in (FORMAT, FORMAT_V1, FORMAT_SEAT):
            raise RecordError(f"{where}: not a cmdsl game record (expected format {FORMAT})")
        f = Fields(data, where, f"{where}: ", _KEYS)
        cardset, seed = f.text("cardset"), f.whole("seed", 0, MAX_SEED)
        setup = Setup.from_json(f.get("setup"), f"{where}: setup")
        answers: tuple[FileAnswer, ...]
        if version == FORMAT_V1:
            answers = tuple(answer_from_v1(a, f"{where}: answers[{i}]")
                            for i, a in enumerate(f.text_list("answers"), 1))
        else:
            raw = f.get("answers")
            if not isinstance(raw, list):
                raise RecordError(f"{where}: answers: not a list")
            answers = tuple(_answer_from_json(a, f"{where}: answers[{i}]", version == FORMAT_SEAT)
                            for i, a in enumerate(raw, 1))
        log = f.optional("log", f.text_list)
        debugged = f.optional("debugged", f.flag)
        view = f.choice("view", VIEWS) if version == FORMAT_SEAT else None
        if version != FORMAT_SEAT and "view" in data:
            raise RecordError(f"{where}: view: only a {FORMAT_SEAT} record has one")
        return Record(cardset, seed, setup, answers,
                      f.optional("log_sha256", lambda k: f.matching(k, _HEX64, "64 hexadecimal digits")),
                      f.optional("result", f.text), None if log is None else tuple(log),
                      version if version == FORMAT_V1 else None, bool(debugged), view,
                      played_by_field(data, where, [s.value for s in Side], BOT_NAMES))


def _answer_from_json(data: Any, where: str, seat_file: bool) -> FileAnswer:
    hidden = _hidden_from_json(data, where) if seat_file else None
    return hidden if hidden is not None else answer_from_json(data, where)


def first_difference(old: list[str] | tuple[str, ...], new: list[str] | tuple[str, ...]) -> int | None:
    """Index of the first event text that differs between two logs (or where the shorter one ends);
    None when they are the same."""
    for i, (a, b) in enumerate(zip(old, new)):
        if log_key(a) != log_key(b):
            return i
    return None if len(old) == len(new) else min(len(old), len(new))


def load_record(path: str | Path) -> Record:
    """A CM2008 record file, read safely (``read_json``) and checked field by field."""
    return Record.from_json(read_json(path), str(path))


def save_record(record: Record, path: str | Path) -> None:
    """Write ``record`` atomically: a failed save leaves the previous file as it was."""
    save_json(record.to_json(), path)
