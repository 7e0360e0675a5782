"""A Die Macher game is its record (DESIGN property 4): players, parties, length, seed and answers.

``DieMacherRecord`` is the record as a value; ``to_json``/``parse_record`` turn it into JSON-able
data and back. Every field is checked before anything runs; a bad one is one ``RecordError`` naming
where it is (``record: answers[3]: …``). Replaying is ``from_record`` (``replay.py``).

The format is cmdsl's (``cmdsl-record/2``) with ``"game": "diemacher"``. An answer is an option id
(``"bid:3000"``); a secret one (the preliminary sheet, DM4) or a chance outcome kept in the record
(one forced) is ``{"seat": "spd", "answer": "board:bayern"}`` (the chance seat is ``"chance"``).
"""

from __future__ import annotations

import re
from typing import Any, Final

from ...errors import RecordError, did_you_mean
from ...game.decisions import CHANCE, Seat
from ...values import value
from .parties import PARTIES, Party, party_named

FORMAT: Final = "cmdsl-record/2"
GAME: Final = "diemacher"
MAX_SEED: Final = 2**63 - 1
#: A 5-player game has about 1,300 answers (the digest's Part E); far more is not a Die Macher game.
MAX_ANSWERS: Final = 20_000
#: With what a file saved at the REPL or by `cmdsl serve` adds: who played each party, whether it was
#: debugged (the REPL reads them; a replay checks their form and replays the game).
_KEYS: Final = ("format", "game", "players", "short", "parties", "seed", "answers", "log", "result", "data",
                "played_by", "debugged")
_REQUIRED: Final = ("format", "game", "players", "parties", "seed", "answers")
_ANSWER: Final = re.compile(r"[a-z0-9:/+_.-]{1,80}")
_HEX16: Final = re.compile(r"[0-9a-f]{16}")


@value
class RecordedAnswer:
    seat: Seat | None  # None: a plain answer of the seat deciding
    answer: str


@value
class DieMacherRecord:
    players: int
    short: bool
    parties: tuple[str, ...]
    seed: int
    answers: tuple[RecordedAnswer, ...]
    log: tuple[str, ...] | None
    result: str | None
    data: str | None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "game": GAME, "players": self.players, "short": self.short,
                               "parties": list(self.parties), "seed": self.seed,
                               "answers": [a.answer if a.seat is None else {"seat": a.seat.value, "answer": a.answer}
                                           for a in self.answers]}
        if self.data is not None:
            out["data"] = self.data
        if self.log is not None:
            out["log"] = list(self.log)
        if self.result is not None:
            out["result"] = self.result
        return out


def parse_record(data: Any, where: str = "record") -> DieMacherRecord:
    """The record ``data`` (parsed JSON) holds, every field checked; one ``RecordError`` if not."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected a JSON object (a Die Macher record)")
    for key in data:
        if key not in _KEYS:
            near = did_you_mean(str(key), _KEYS)
            raise RecordError(f"{where}: unknown key {key!r}" + (f" (did you mean {near!r}?)" if near else ""))
    for key in _REQUIRED:
        if key not in data:
            raise RecordError(f"{where}: missing {key!r}")
    played_by = data.get("played_by", {})
    if not isinstance(played_by, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in played_by.items()):
        raise RecordError(f"{where}.played_by: expected each party's player, a bot's name or human")
    if type(data.get("debugged", False)) is not bool:
        raise RecordError(f"{where}.debugged: expected true or false")
    if data["format"] != FORMAT:
        raise RecordError(f"{where}.format: expected {FORMAT!r}, got {data['format']!r}")
    if data["game"] != GAME:
        raise RecordError(f"{where}.game: expected {GAME!r}, got {data['game']!r}")
    players = data["players"]
    if type(players) is not int or not 3 <= players <= 5:
        raise RecordError(f"{where}.players: expected 3, 4 or 5, got {players!r}")
    short = data.get("short", False)
    if type(short) is not bool:
        raise RecordError(f"{where}.short: expected true or false, got {short!r}")
    parties = data["parties"]
    if not isinstance(parties, list) or len(parties) != players or len(set(map(str, parties))) != players:
        raise RecordError(f"{where}.parties: expected {players} different parties")
    for k, p in enumerate(parties):
        if not isinstance(p, str) or party_named(p) is None:
            raise RecordError(f"{where}.parties[{k}]: unknown party {p!r} (one of {', '.join(x.value for x in PARTIES)})")
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise RecordError(f"{where}.seed: expected a whole number from 0 to {MAX_SEED}, got {seed!r}")
    answers = data["answers"]
    if not isinstance(answers, list):
        raise RecordError(f"{where}.answers: expected a list")
    if len(answers) > MAX_ANSWERS:
        raise RecordError(f"{where}.answers: {len(answers)} answers; a Die Macher game has far fewer")
    parsed = tuple(_answer(a, f"{where}.answers[{k + 1}]") for k, a in enumerate(answers))
    log = data.get("log")
    if log is not None and (not isinstance(log, list) or not all(isinstance(x, str) for x in log)):
        raise RecordError(f"{where}.log: expected a list of texts")
    result = data.get("result")
    if result is not None and not isinstance(result, str):
        raise RecordError(f"{where}.result: expected a text")
    fingerprint = data.get("data")
    if fingerprint is not None and (not isinstance(fingerprint, str) or not _HEX16.fullmatch(fingerprint)):
        raise RecordError(f"{where}.data: expected a set's fingerprint (16 hexadecimal digits)")
    return DieMacherRecord(players, short, tuple(parties), seed, parsed, tuple(log) if log is not None else None,
                           result, fingerprint)


def _answer(a: Any, where: str) -> RecordedAnswer:
    if isinstance(a, str):
        if not _ANSWER.fullmatch(a):
            raise RecordError(f"{where}: {a[:40]!r} is not an option id")
        return RecordedAnswer(None, a)
    if not isinstance(a, dict) or set(a) != {"seat", "answer"}:
        raise RecordError(f'{where}: expected an option id or {{"seat": …, "answer": …}}')
    seat_name, answer = a["seat"], a["answer"]
    seat: Seat | None = CHANCE if seat_name == "chance" else party_named(seat_name) if isinstance(seat_name, str) \
        else None
    if seat is None:
        raise RecordError(f"{where}.seat: unknown seat {seat_name!r}")
    if not isinstance(answer, str) or not _ANSWER.fullmatch(answer):
        raise RecordError(f"{where}.answer: {str(answer)[:40]!r} is not an option id")
    return RecordedAnswer(seat, answer)


def party_tuple(names: tuple[str, ...]) -> tuple[Party, ...]:
    out = []
    for n in names:
        p = party_named(n)
        assert p is not None  # checked by parse_record
        out.append(p)
    return tuple(out)
