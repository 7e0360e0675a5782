"""D7: a fork of a Die Macher game is the same game. Forks start at the last checkpoint (a phase's
start, a hidden commitment, a party's rallies, a bid) and replay the answers since; whichever
checkpoint a fork starts from, it must be where the game is, and play on as the game does."""

from __future__ import annotations

import random

import pytest

from cmdsl.games.diemacher.game import DieMacherGame, diemacher_game

from .conftest import DATA


def state(game: DieMacherGame) -> tuple[object, ...]:
    """What a fork must share with its game: the position's fields, the decisions pending, the
    turn, and the events of the phase so far."""
    pos = game.position
    boards = tuple((b.state, tuple(b.popularity), tuple(b.votes), tuple(b.arrived), tuple(b.rallies), tuple(b.placed),
                    tuple(b.media), tuple(b.opinions), b.key_issue, b.poll, tuple(b.cabinet), tuple(b.tiles))
                   for b in pos.boards)
    return (pos.round, pos.phase, pos.phases_done, pos.first, tuple(pos.money), tuple(pos.members),
            tuple(map(tuple, pos.hand)), tuple(map(tuple, pos.platform)), boards, pos.election, pos.auction,
            tuple(pos.laid), pos.chosen, tuple(map(tuple, pos.cabinet)), tuple(pos.tiles), tuple(pos.coalitions),
            tuple(map(tuple, pos.national)), tuple(map(tuple, pos.national_media)), tuple(pos.pool), pos.looking,
            tuple(pos.platform_deck), tuple(pos.poll_deck), game.turn,
            tuple((d.player, tuple(o.id for o in d.options)) for d in game.pending_decisions))


def play_on(game: DieMacherGame, rng: random.Random, answers: int) -> list[str]:
    texts = []
    for _ in range(answers):
        if game.over:
            break
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    texts.extend(e.text() for e in game.events)
    return texts


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 5)])
def test_d7_a_fork_anywhere_is_the_game_and_plays_on_as_it_does(seed: int, players: int) -> None:
    game = diemacher_game(seed, players, data=DATA)
    rng = random.Random(seed)
    checked = 0
    while not game.over:
        if rng.random() < 0.08:
            fork = game.fork()
            assert state(fork) == state(game), f"answer {len(game.answers)}"
            # Both play on with the same answers: the same events (a fork's log starts at its checkpoint).
            a, b = game.fork(), fork.fork()
            k = rng.getrandbits(32)
            ta, tb = play_on(a, random.Random(k), 40), play_on(b, random.Random(k), 40)
            assert ta[-30:] == tb[-30:] and state(a) == state(b), f"answer {len(game.answers)}"
            checked += 1
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    assert checked > 12


@pytest.mark.parametrize("seed,players", [(4, 3), (5, 5)])
def test_d7_a_trial_is_the_game_and_so_is_a_fork_of_it(seed: int, players: int) -> None:
    """A trial (``trials``: the greedy one ply's copies) keeps no checkpoint of its own: it plays on
    as a fork does, and a fork of it, made phases later, replays from its start to the same place.
    It is never re-dealt for a seat (its checkpoints are what would hide a hidden commitment)."""
    game = diemacher_game(seed, players, data=DATA)
    rng = random.Random(seed)
    checked = 0
    while not game.over:
        if rng.random() < 0.05:
            trial, fork = *game.trials(1), game.fork()
            assert state(trial) == state(fork), f"answer {len(game.answers)}"
            with pytest.raises(AssertionError, match="never re-dealt"):
                trial.determinized(trial.seats[0], random.Random(0))
            k = rng.getrandbits(32)
            ta, tf = play_on(trial, random.Random(k), 60), play_on(fork, random.Random(k), 60)
            assert ta[-30:] == tf[-30:] and state(trial) == state(fork), f"answer {len(game.answers)}"
            again = trial.fork()
            assert state(again) == state(trial)
            assert play_on(again, random.Random(k + 1), 20)[-10:] == play_on(trial, random.Random(k + 1), 20)[-10:]
            checked += 1
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    assert checked > 6
