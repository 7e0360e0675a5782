"""Shared helpers of the Die Macher tests: the bundled data, games played by random answers."""

from __future__ import annotations

import random
from typing import Any, Callable

from cmdsl.games.diemacher.data import DieMacherData, load_data
from cmdsl.games.diemacher.game import DieMacherGame, diemacher_game

DATA: DieMacherData = load_data()


def random_game(seed: int, players: int, *, short: bool = False, observer: Callable[[Any, Any], None] | None = None,
                answers: int = 20_000) -> DieMacherGame:
    """A game of ``players`` from ``seed``, every decision answered at random (seeded), to its end."""
    game = diemacher_game(seed, players, short=short, data=DATA, observer=observer)
    rng = random.Random(seed)
    for _ in range(answers):
        if game.over:
            break
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    return game


def play_until(game: DieMacherGame, stop: Callable[[DieMacherGame], bool], seed: int = 0) -> DieMacherGame:
    """Answer at random until ``stop(game)`` or the end."""
    rng = random.Random(seed)
    while not game.over and not stop(game):
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    return game


def at_phase(phase: Any, *, seed: int = 0, players: int = 3, short: bool = False, round: int = 1) -> Any:
    """A copy of the position at the start of ``phase`` (of ``round``) in a game of random answers
    (taken as the phase begins, whether it then asks anything or not)."""
    from cmdsl.games.diemacher import events as E

    found: list[Any] = []

    def watch(game: Any, event: Any) -> None:
        pos = game.position
        if not found and isinstance(event, E.PhaseStarted) and pos.phase is phase and pos.round == round:
            start = pos.copy()
            start.begun, start.phases_done = False, pos.phases_done - 1
            found.append(start)

    game = diemacher_game(seed, players, short=short, data=DATA, observer=watch)
    rng = random.Random(seed)
    while not game.over and not found:
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    if not found:
        raise AssertionError(f"no {phase} in round {round}")
    return found[0]


def answer(game: DieMacherGame, *answers: str) -> DieMacherGame:
    """Give ``answers`` in order, each to the decision pending (one seat's)."""
    for a in answers:
        d = game.pending_decisions[0]
        game.answer(a, d.player)
    return game


def texts(game: DieMacherGame) -> list[str]:
    return [e.text() for e in game.events]
