"""A Lobbys game is its record (DESIGN property 4): players, variant, seed and the answers.

``LobbysRecord`` is the record as a value; ``to_json``/``parse_record`` turn it into JSON-able
data and back. Every field of data read from anywhere is checked before anything runs, and a bad
one is one ``RecordError`` naming where it is (``record: answers[3].seat: …``), never a
traceback. Replaying a record (and checking its log) is ``game.from_record`` and
``replay`` (``game.py``): this module knows nothing of the driver.

The format is cmdsl's (``cmdsl-record/2``) with ``"game": "lobbys"``; each answer is a seat's
secret pick, ``{"seat": "p1", "answer": "7H"}`` (the seat's record name and the card's id).
A file written for a seat (the REPL's ``save``, docs/secrets.md) is ``cmdsl-record/3``: its
``view`` says whose view its ``log`` is (a seat, ``public`` or ``full``), ``log_sha256`` is the
digest of the full log, and a pick of another seat not revealed yet is stored as the number of its
option, ``{"seat": "p2", "option": 3}``, not the card.
"""

from __future__ import annotations

import re
from typing import Any, Final, Mapping, Protocol


from ...errors import RecordError, did_you_mean
from .data import LobbysData
from .options import OPTION_BY_ID
from .seats import LobbysSeat, seat_named, seats_for

from ...game.decisions import Decision
from ...game.driver import Driver
from ...sets import seat_files
from ...bots.names import BOT_NAMES
from ...sets.seat_files import hidden_order, log_digest, shown
from ...sets.played_by import PlayedBy, played_by_field, played_by_json
from ...values import value


class Deciding(Protocol):
    """A game with decisions pending (``LobbysGame``; this module may not import it: it imports this)."""

    @property
    def pending_decisions(self) -> tuple[Decision, ...]: ...


FORMAT: Final = "cmdsl-record/2"
#: A file written for a seat: a view's log, the unrevealed picks of the other seats by option number.
FORMAT_SEAT: Final = "cmdsl-record/3"
GAME: Final = "lobbys"
MAX_SEED: Final = 2**63 - 1
#: 3 rounds × 7 picks × 5 players is 105; a record far longer is not a Lobbys game.
MAX_ANSWERS: Final = 1000
_KEYS: Final = ("format", "game", "players", "people_variant", "seed", "answers", "log", "result",
                "log_sha256", "debugged", "view", "data", "played_by")
_HEX16: Final = re.compile(r"[0-9a-f]{16}")
_SEAT_KEYS: Final = ("log_sha256", "debugged", "view")  # only in a seat's file (format 3)
_CONTRACT_ID: Final = re.compile(r"[JQK][CDHS]")  # a face card: a contract (L1.3)
_REQUIRED: Final = ("format", "game", "players", "seed", "answers")


@value
class RecordedAnswer:
    seat: LobbysSeat
    answer: str | None  # an option id: a card's id; None: hidden, see ``option``
    option: int | None = None  # a hidden pick: the number (from 1) of its option

    def option_id(self, game: Deciding, seed: int, index: int) -> str:
        """The card id this answer picks in ``game`` (a hidden one: at the seat's pending pick;
        ``seed`` and ``index``, the record's seed and this answer's place, order its options)."""
        if self.answer is not None:
            return self.answer
        d = next((d for d in game.pending_decisions if d.player is self.seat), None)
        if d is None:
            raise RecordError(f"{self.seat.value} has no pick pending")
        assert self.option is not None
        if not 1 <= self.option <= len(d.options):
            raise RecordError(f"{self.seat.value}'s pick has {len(d.options)} options, not {self.option}")
        return hidden_order(d.options, seed, index)[self.option - 1].id


@value
class LobbysRecord:
    players: int
    people_variant: bool
    seed: int
    answers: tuple[RecordedAnswer, ...]
    log: tuple[str, ...] | None = None  # one text per event, when the record keeps it
    result: str | None = None
    #: A seat's file: whose view ``log`` is (a seat's name, ``public`` or ``full``); None: a full record.
    view: str | None = None
    log_sha256: str | None = None  # a seat's file: the digest of the full log
    debugged: bool = False  # a seat's file: whether the game was played in debug mode
    #: The fingerprint of the Lobbys data it was played with (``LobbysData.fingerprint``); None in a
    #: record written before a designer could have data of their own: the bundled data's.
    data: str | None = None
    played_by: PlayedBy | None = None  # who played each seat (a file saved at the REPL)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT if self.view is None else FORMAT_SEAT, "game": GAME, "players": self.players,
            "people_variant": self.people_variant, "seed": self.seed,
            "answers": [{"seat": a.seat.value, "answer": a.answer} if a.answer is not None
                        else {"seat": a.seat.value, "option": a.option} for a in self.answers],
            "log": None if self.log is None else list(self.log), "result": self.result}
        if self.data:
            data["data"] = self.data
        if self.view is not None:
            data.update(view=self.view, log_sha256=self.log_sha256, debugged=self.debugged)
        if self.played_by is not None:
            data["played_by"] = played_by_json(self.played_by)
        return data


def view_texts(game: Any, view: str | None) -> list[str]:
    """The game's log as ``view`` sees it: a seat's, the public one, or the full log (None, ``full``)."""
    return seat_files.view_texts(game.events, view, seat_named)


def seat_record(game: Any, view: str, debugged: bool = False) -> LobbysRecord:
    """``game``'s record as a file for ``view`` (a seat's name, ``public`` or ``full``): its log is
    that view's, with the digest of the full log, and every pick the view has not seen revealed
    (another seat's pick in the step in progress, L11.7) is written as the number of its option."""
    held = game.game  # the Lobbys game the driver holds (this module may not import it)
    history = list(held.history(game))
    hidden: set[int] = set()
    if view != "full":
        viewer = seat_named(view)
        unrevealed = len(game.answers) - len(game.answers_known_to(viewer))
        # within the step in progress every answer is a pick: the others' are the last ones
        for i in range(len(history) - 1, -1, -1):
            if len(hidden) == unrevealed:
                break
            if history[i].seat is not viewer:
                hidden.add(i)
    answers = []
    replayed = Driver(held.anew())
    for i, a in enumerate(history):
        if i in hidden:
            d = next(d for d in replayed.pending_decisions if d.player is a.seat)
            number = next(n for n, o in enumerate(hidden_order(d.options, held.seed, i), 1) if o.id == a.answer)
            answers.append(RecordedAnswer(a.seat, None, number))
        else:
            answers.append(RecordedAnswer(a.seat, a.answer))
        replayed.answer(a.answer, a.seat)
    full = [e.text() for e in game.events]
    result = game.result.text() if game.result is not None else None
    return LobbysRecord(held.players, held.people_variant, held.seed, tuple(answers),
                        tuple(view_texts(game, view)), result, view, log_digest(full), debugged,
                        held.data.fingerprint or None)


def log_matches(game: Any, data: Mapping[str, Any]) -> bool:
    """Whether a replayed game is the record's (``replay_problem`` finds nothing)."""
    return replay_problem(game, data) is None


def replay_problem(game: Any, data: Mapping[str, Any]) -> str | None:
    """Why a game replayed from a record is not the one the record holds, in a few words, or None:
    its ``log`` (a view's, in a seat's file) event by event, a record cut short, the digest of
    the full log (a seat's file), and the result."""
    log = data.get("log")
    view = data.get("view") if data.get("format") == FORMAT_SEAT else None
    if log is not None:
        problem = seat_files.log_problem(view_texts(game, view), log, len(game.answers))
        if problem is not None:
            return problem
    recorded, actual = data.get("result"), (game.result.text() if game.result is not None else None)
    if recorded is not None and actual is None:
        return (f"the record is incomplete: its {len(game.answers)} answers end before the game does, yet it "
                f"says \"{recorded}\" (answers are missing)")
    problem = seat_files.digest_problem((e.text() for e in game.events), data.get("log_sha256") if view else None)
    if problem is not None:
        return problem
    if recorded is not None and recorded != actual:  # (None: a game not over, or a record that does not say)
        return f"the result differs: the record says \"{recorded}\", the replay gives \"{actual}\""
    return None


def parse_record(data: Any, game_data: LobbysData, where: str = "record") -> LobbysRecord:
    """The record that ``data`` (parsed JSON) holds, every field checked; else a ``RecordError``."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}: not a game record (a JSON object), got {shown(data)}")
    for key in data:
        if key not in _KEYS:
            near = did_you_mean(str(key), _KEYS)
            hint = f" (did you mean {near!r}?)" if near else f" (the keys are: {', '.join(_KEYS)})"
            raise RecordError(f"{where}: unknown key {shown(key)}{hint}")
    missing = [k for k in _REQUIRED if k not in data]
    version = data.get("format")
    if version not in (FORMAT, FORMAT_SEAT):
        raise RecordError(f"{where}: format: not a cmdsl game record (expected {FORMAT!r}, got "
                          f"{shown(data.get('format'))})")
    seat_file = version == FORMAT_SEAT
    if not seat_file:
        extra = [k for k in _SEAT_KEYS if k in data]
        if extra:
            raise RecordError(f"{where}: {extra[0]}: only a {FORMAT_SEAT} record has one")
    if data.get("game") != GAME:
        got = data.get("game")
        what = "a record without a game is of cmdsl's first game" if got is None else f"got {shown(got)}"
        raise RecordError(f"{where}: game: not a Lobbys record (expected {GAME!r}; {what})")
    if missing:
        raise RecordError(f"{where}: missing {', '.join(missing)}")
    players = data["players"]
    counts = game_data.player_counts
    if type(players) is not int or players not in counts:
        raise RecordError(f"{where}: players: expected a whole number from {counts[0]} to {counts[-1]}, "
                          f"got {shown(players)}")
    variant = data.get("people_variant", False)
    if type(variant) is not bool:
        raise RecordError(f"{where}: people_variant: expected true or false, got {shown(variant)}")
    if variant and not game_data.people_cards(players):
        raise RecordError(f"{where}: people_variant: 'The People Speak' cannot be played by {players} players (L10.1)")
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise RecordError(f"{where}: seed: expected a whole number from 0 to {MAX_SEED}, got {shown(seed)}")
    seats = seats_for(players)
    view: str | None = None
    digest, debugged = None, False
    if seat_file:
        view, digest, debugged = seat_files.seat_file_fields(data, where, [s.value for s in seats])
    played_with = data.get("data")
    if played_with is not None and not (isinstance(played_with, str) and _HEX16.fullmatch(played_with)):
        raise RecordError(f"{where}: data: expected 16 hexadecimal digits (the data's fingerprint), got "
                          f"{shown(played_with)}")
    return LobbysRecord(players, variant, seed, _answers(data["answers"], seats, f"{where}: answers", seat_file),
                        _texts(data.get("log"), f"{where}: log"), _text_or_none(data.get("result"), f"{where}: result"),
                        view, digest, debugged, played_with,
                        played_by_field(data, where, [s.value for s in seats], BOT_NAMES))


def _answers(raw: Any, seats: tuple[LobbysSeat, ...], where: str, seat_file: bool = False) -> tuple[RecordedAnswer, ...]:
    if not isinstance(raw, list):
        raise RecordError(f"{where}: expected a list, got {shown(raw)}")
    if len(raw) > MAX_ANSWERS:
        raise RecordError(f"{where}: {len(raw)} answers: a Lobbys game has at most 105")
    names = [s.value for s in seats]
    out = []
    for i, a in enumerate(raw, 1):
        at = f"{where}[{i}]"
        if seat_file and isinstance(a, Mapping) and set(a) == {"seat", "option"}:
            name, number = a["seat"], a["option"]
            seat = seat_named(name) if isinstance(name, str) else None
            if seat is None or seat not in seats:
                raise RecordError(f"{at}.seat: unknown seat {shown(name)} (this game's seats are {', '.join(names)})")
            if type(number) is not int or not 1 <= number <= 100:
                raise RecordError(f"{at}.option: expected the number of an option, got {shown(number)}")
            out.append(RecordedAnswer(seat, None, number))
            continue
        if not isinstance(a, Mapping) or set(a) != {"seat", "answer"}:
            raise RecordError(f'{at}: expected {{"seat": …, "answer": …}}, got {shown(a)}')
        name, answer = a["seat"], a["answer"]
        seat = seat_named(name) if isinstance(name, str) else None
        if seat is None or seat not in seats:
            raise RecordError(f"{at}.seat: unknown seat {shown(name)} (this game's seats are {', '.join(names)})")
        if not isinstance(answer, str) or answer not in OPTION_BY_ID:
            if isinstance(answer, str) and _CONTRACT_ID.fullmatch(answer):
                raise RecordError(f"{at}.answer: {shown(answer)} is a contract card (L1.3), never in a hand: a pick "
                                  "is a card of the Offer deck (such as 7H, AS, 10D)")
            raise RecordError(f"{at}.answer: {shown(answer)} is not a card id (such as 7H, AS, 10D)")
        out.append(RecordedAnswer(seat, answer))
    return tuple(out)


def _texts(raw: Any, where: str) -> tuple[str, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise RecordError(f"{where}: expected a list of texts, got {shown(raw)}")
    return tuple(raw)


def _text_or_none(raw: Any, where: str) -> str | None:
    if raw is not None and not isinstance(raw, str):
        raise RecordError(f"{where}: expected a text, got {shown(raw)}")
    return raw
