"""A Lobbys game is its record (DESIGN property 4): players, variant, seed and the answers.

``LobbysRecord`` is the record as a value; ``to_json``/``parse_record`` turn it into JSON-able
data and back. Every field of data read from anywhere is checked before anything runs, and a bad
one is one ``RecordError`` naming where it is (``record: answers[3].seat: …``), never a
traceback. Replaying a record (and checking its log) is ``LobbysGame.from_record`` and
``replay`` (``game.py``): this module knows nothing of the driver.

The format is cmdsl's (``cmdsl-record/2``) with ``"game": "lobbys"``; each answer is a seat's
secret pick, ``{"seat": "p1", "answer": "7H"}`` (the seat's record name and the card's id).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Mapping

from ...errors import RecordError, did_you_mean
from .data import LobbysData
from .options import OPTION_BY_ID
from .seats import LobbysSeat, seat_named, seats_for

FORMAT: Final = "cmdsl-record/2"
GAME: Final = "lobbys"
MAX_SEED: Final = 2**63 - 1
#: 3 rounds × 7 picks × 5 players is 105; a record far longer is not a Lobbys game.
MAX_ANSWERS: Final = 1000
_KEYS: Final = ("format", "game", "players", "people_variant", "seed", "answers", "log", "result")
_REQUIRED: Final = ("format", "game", "players", "seed", "answers")


@dataclass(frozen=True)
class RecordedAnswer:
    seat: LobbysSeat
    answer: str  # an option id: a card's id


@dataclass(frozen=True)
class LobbysRecord:
    players: int
    people_variant: bool
    seed: int
    answers: tuple[RecordedAnswer, ...]
    log: tuple[str, ...] | None = None  # one text per event, when the record keeps it
    result: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": GAME, "players": self.players, "people_variant": self.people_variant,
                "seed": self.seed, "answers": [{"seat": a.seat.value, "answer": a.answer} for a in self.answers],
                "log": None if self.log is None else list(self.log), "result": self.result}


def _shown(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_record(data: Any, game_data: LobbysData, where: str = "record") -> LobbysRecord:
    """The record that ``data`` (parsed JSON) holds, every field checked; else a ``RecordError``."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}: not a game record (a JSON object), got {_shown(data)}")
    for key in data:
        if key not in _KEYS:
            near = did_you_mean(str(key), _KEYS)
            hint = f" (did you mean {near!r}?)" if near else f" (the keys are: {', '.join(_KEYS)})"
            raise RecordError(f"{where}: unknown key {_shown(key)}{hint}")
    missing = [k for k in _REQUIRED if k not in data]
    if data.get("format") != FORMAT:
        raise RecordError(f"{where}: format: not a cmdsl game record (expected {FORMAT!r}, got "
                          f"{_shown(data.get('format'))})")
    if data.get("game") != GAME:
        got = data.get("game")
        what = "a record without a game is of cmdsl's first game" if got is None else f"got {_shown(got)}"
        raise RecordError(f"{where}: game: not a Lobbys record (expected {GAME!r}; {what})")
    if missing:
        raise RecordError(f"{where}: missing {', '.join(missing)}")
    players = data["players"]
    counts = game_data.player_counts
    if type(players) is not int or players not in counts:
        raise RecordError(f"{where}: players: expected a whole number from {counts[0]} to {counts[-1]}, "
                          f"got {_shown(players)}")
    variant = data.get("people_variant", False)
    if type(variant) is not bool:
        raise RecordError(f"{where}: people_variant: expected true or false, got {_shown(variant)}")
    if variant and not game_data.people_cards(players):
        raise RecordError(f"{where}: people_variant: 'The People Speak' cannot be played by {players} players (L10.1)")
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise RecordError(f"{where}: seed: expected a whole number from 0 to {MAX_SEED}, got {_shown(seed)}")
    return LobbysRecord(players, variant, seed, _answers(data["answers"], seats_for(players), f"{where}: answers"),
                        _texts(data.get("log"), f"{where}: log"), _text_or_none(data.get("result"), f"{where}: result"))


def _answers(raw: Any, seats: tuple[LobbysSeat, ...], where: str) -> tuple[RecordedAnswer, ...]:
    if not isinstance(raw, list):
        raise RecordError(f"{where}: expected a list, got {_shown(raw)}")
    if len(raw) > MAX_ANSWERS:
        raise RecordError(f"{where}: {len(raw)} answers: a Lobbys game has at most 105")
    names = [s.value for s in seats]
    out = []
    for i, a in enumerate(raw, 1):
        at = f"{where}[{i}]"
        if not isinstance(a, Mapping) or set(a) != {"seat", "answer"}:
            raise RecordError(f'{at}: expected {{"seat": …, "answer": …}}, got {_shown(a)}')
        name, answer = a["seat"], a["answer"]
        seat = seat_named(name) if isinstance(name, str) else None
        if seat is None or seat not in seats:
            raise RecordError(f"{at}.seat: unknown seat {_shown(name)} (this game's seats are {', '.join(names)})")
        if not isinstance(answer, str) or answer not in OPTION_BY_ID:
            raise RecordError(f"{at}.answer: {_shown(answer)} is not a card id (such as 7H, AS, 10D)")
        out.append(RecordedAnswer(seat, answer))
    return tuple(out)


def _texts(raw: Any, where: str) -> tuple[str, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise RecordError(f"{where}: expected a list of texts, got {_shown(raw)}")
    return tuple(raw)


def _text_or_none(raw: Any, where: str) -> str | None:
    if raw is not None and not isinstance(raw, str):
        raise RecordError(f"{where}: expected a text, got {_shown(raw)}")
    return raw
