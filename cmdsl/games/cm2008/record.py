"""A game is its record (DESIGN property 4): card-set fingerprint, seed, setup and answers.

Format 2 (``cmdsl-record/2``) stores actions by hand as typed JSON objects
(``cmdsl.games.cm2008.actions``); a format-1 record (interjections as ``!effect:…``/``!set:…`` text) is
upgraded when it is read. Every field is checked before anything runs: a bad one is a one-line
``RecordError`` naming the field. Reading and writing files is ``cmdsl.record_file``'s job.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, Iterable

from ...errors import RecordError
from .actions import RecordedAnswer, answer_from_json, answer_from_v1, answer_to_json
from ...game.fields import MAX_SEED, Fields
from .setup import Setup

FORMAT = "cmdsl-record/2"
#: Older formats this version reads (and upgrades): the first, whose interjections were text.
FORMAT_V1 = "cmdsl-record/1"

_HEX64 = re.compile(r"[0-9a-f]{64}")
_KEYS = frozenset({"format", "cardset", "seed", "setup", "answers", "log_sha256", "result", "log", "debugged"})


def log_digest(texts: Iterable[str]) -> str:
    """The digest of an event log (one text per event) that records keep."""
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


@dataclass(frozen=True)
class Record:
    cardset: str
    seed: int
    setup: Setup
    answers: tuple[RecordedAnswer, ...]
    log_sha256: str | None = None
    result: str | None = None
    log: tuple[str, ...] | None = None  # one text per event: lets a replay name the first that differs
    upgraded_from: str | None = None  # the format it was read in, when that was an older one
    #: Whether the game was played with everything shown (the REPL's debug mode, docs/secrets.md):
    #: then its player could have seen the other seat's cards, and its moves prove nothing fair.
    debugged: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "cardset": self.cardset, "seed": self.seed, "setup": self.setup.to_json(),
                "answers": [answer_to_json(a) for a in self.answers], "log_sha256": self.log_sha256,
                "result": self.result, "log": None if self.log is None else list(self.log),
                "debugged": self.debugged}

    @staticmethod
    def from_json(data: Any, where: str = "record") -> "Record":
        version = data.get("format") if isinstance(data, dict) else None
        if version not in (FORMAT, FORMAT_V1):
            raise RecordError(f"{where}: not a cmdsl game record (expected format {FORMAT})")
        f = Fields(data, where, f"{where}: ", _KEYS)
        cardset, seed = f.text("cardset"), f.whole("seed", 0, MAX_SEED)
        setup = Setup.from_json(f.get("setup"), f"{where}: setup")
        if version == FORMAT_V1:
            answers = tuple(answer_from_v1(a, f"{where}: answers[{i}]")
                            for i, a in enumerate(f.text_list("answers"), 1))
        else:
            raw = f.get("answers")
            if not isinstance(raw, list):
                raise RecordError(f"{where}: answers: not a list")
            answers = tuple(answer_from_json(a, f"{where}: answers[{i}]") for i, a in enumerate(raw, 1))
        log = f.optional("log", f.text_list)
        debugged = f.optional("debugged", f.flag)
        return Record(cardset, seed, setup, answers,
                      f.optional("log_sha256", lambda k: f.matching(k, _HEX64, "64 hexadecimal digits")),
                      f.optional("result", f.text), None if log is None else tuple(log),
                      version if version != FORMAT else None, bool(debugged))


def first_difference(old: list[str] | tuple[str, ...], new: list[str] | tuple[str, ...]) -> int | None:
    """Index of the first event text that differs between two logs (or where the shorter one ends);
    None when they are the same."""
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            return i
    return None if len(old) == len(new) else min(len(old), len(new))
