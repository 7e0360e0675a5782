"""Replaying a Die Macher record: the game it holds, answer by answer, and whether its log is the
record's. A malformed record or an answer the game refuses is one ``RecordError`` saying where."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAnswer, RecordError
from ...game.driver import StepLimitExceeded
from .data import DieMacherData, load_data
from .game import DieMacherGame, diemacher_game
from .record import parse_record, party_tuple


def from_record(data: Any, where: str = "record", *, game_data: DieMacherData | None = None) -> DieMacherGame:
    game_data = game_data if game_data is not None else load_data()
    rec = parse_record(data, where)
    if rec.data is not None and game_data.fingerprint and not game_data.same_as_recorded(rec.data):
        raise RecordError(f"{where}: played with the Die Macher set {rec.data}; this set is {game_data.fingerprint} "
                          "(give the set it was played with: --cards DIR)")
    parties = party_tuple(rec.parties)
    game = diemacher_game(rec.seed, rec.players, short=rec.short, parties=parties, data=game_data)
    if tuple(p.value for p in game.seats) != rec.parties:
        raise RecordError(f"{where}.parties: list them in seat order: {', '.join(p.value for p in game.seats)}")
    for k, a in enumerate(rec.answers, 1):
        if game.over:
            raise RecordError(f"{where}: answers[{k}]: the game is over already: the record has "
                              f"{len(rec.answers) - k + 1} answer(s) too many")
        try:
            if a.seat is not None and a.seat.value == "chance":
                game.force_chance(a.answer)
            else:
                game.answer(a.answer, a.seat)
        except (IllegalAnswer, StepLimitExceeded) as e:
            raise RecordError(f"{where}: answers[{k}]: cannot answer {a.answer!r}: {e}") from None
    return game


def replay(data: Any, where: str = "record", *, game_data: DieMacherData | None = None) -> tuple[DieMacherGame, bool]:
    game = from_record(data, where, game_data=game_data)
    log = data.get("log") if isinstance(data, dict) else None
    return game, log is None or [e.text() for e in game.events] == log
