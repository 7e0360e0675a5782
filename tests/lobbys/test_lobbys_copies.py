"""Copies and determinism (DESIGN properties 1 and 9): the same seed and answers give the same
game; a fork is an independent copy at the pending decisions, made from the step's checkpoint."""

from __future__ import annotations

import random

import pytest

from cmdsl.games.lobbys import LobbysGame, LobbysSeat
from cmdsl.games.lobbys.game import history, lobbys_game, lobbys_of

from .conftest import DATA, random_game


def texts(g: LobbysGame) -> list[str]:
    return [e.text() for e in g.events]


@pytest.mark.parametrize("players, variant", [(2, True), (3, False), (4, True), (5, False)])
def test_the_same_seed_and_answers_give_the_same_game(players: int, variant: bool) -> None:
    a, b = random_game(8, players, 99, variant=variant), random_game(8, players, 99, variant=variant)
    assert texts(a) == texts(b) and a.result == b.result and a.answers == b.answers
    c = random_game(9, players, 99, variant=variant)
    assert texts(c) != texts(a)  # another seed, another deal


def test_a_fork_is_independent_of_its_game_and_of_other_forks() -> None:
    g = random_game(3, 4, 5)
    g.answer(g.pending_decisions[0].options[0].id, LobbysSeat.P1)  # mid-step
    before = (texts(g), list(g.answers), g.position.lobbys.copy(), g.pending_decisions)
    f1, f2 = g.fork(), g.fork()
    assert f1.position.lobbys == g.position.lobbys and f1.pending_decisions == g.pending_decisions
    assert f1.turn == g.turn == 6 and f1.position is not g.position
    rng = random.Random(1)
    while not f1.over:
        for d in f1.pending_decisions:
            f1.answer(rng.choice(d.options).id, d.player)
    assert (texts(g), list(g.answers), g.position.lobbys, g.pending_decisions) == before
    assert f2.position.lobbys == g.position.lobbys and not f2.over
    # The game plays on as if never forked: like a twin that was never forked.
    twin = random_game(3, 4, 5)
    twin.answer(twin.pending_decisions[0].options[0].id, LobbysSeat.P1)
    for x in (g, twin):
        r = random.Random(4)
        while not x.over:
            for d in x.pending_decisions:
                x.answer(r.choice(d.options).id, d.player)
    assert texts(g) == texts(twin)


def test_a_fork_replays_only_the_step_in_progress_and_plays_on_like_the_game() -> None:
    g = random_game(12, 3, 9)
    g.answer(g.pending_decisions[1].options[-1].id, LobbysSeat.P2)
    f = g.fork()
    assert f.answers == g.answers[-1:] and lobbys_of(f).forked and not lobbys_of(g).forked
    assert history(f) == history(g)
    assert len(f.events) == 0  # its log starts at the step
    for x in (g, f):
        r = random.Random(5)
        while not x.over:
            for d in x.pending_decisions:
                x.answer(r.choice(d.options).id, d.player)
    assert texts(g)[-len(f.events):] == texts(f) and g.result == f.result
    assert f.fork().position.lobbys == f.position.lobbys  # a fork of a fork, once over, too


def test_the_observer_sees_every_event_once_and_not_a_forks() -> None:
    seen: list[str] = []
    g = lobbys_game(2, 3, data=DATA, observer=lambda game, e: seen.append(e.text()))
    r = random.Random(2)
    for _ in range(3):
        for d in g.pending_decisions:
            g.answer(r.choice(d.options).id, d.player)
    g.fork().determinized(LobbysSeat.P1, random.Random(0))
    f = g.fork()
    for d in f.pending_decisions:
        f.answer(d.options[0].id, d.player)
    assert seen == texts(g)


def test_the_turn_counts_every_pick_step_of_the_game() -> None:
    g = lobbys_game(1, 2, data=DATA)
    turns = []
    r = random.Random(1)
    while not g.over:
        turns.append(g.turn)
        for d in g.pending_decisions:
            g.answer(r.choice(d.options).id, d.player)
    assert turns == list(range(1, 22))  # L2.1: 3 rounds × (1 election + 6 tenders)


def test_an_answer_is_a_transaction_even_when_an_observer_fails() -> None:
    """DESIGN property 9: a failure while a step is revealed (here the observer's) leaves the game
    as it was before the answer, and is reported as an ``InternalError`` with the record."""
    from cmdsl.game.driver import InternalError
    from cmdsl.games.lobbys import events as E

    def picky(game: LobbysGame, event: object) -> None:
        if isinstance(event, E.TenderWon):
            raise RuntimeError("observer bug")

    g = lobbys_game(4, 3, data=DATA, observer=picky)
    for d in g.pending_decisions:  # the election: no tender yet
        g.answer(d.options[0].id, d.player)
    for d in g.pending_decisions[:-1]:
        g.answer(d.options[0].id, d.player)
    before = (texts(g), list(g.answers), g.position.lobbys.copy(), g.pending_decisions, g.turn)
    last = g.pending_decisions[-1]
    with pytest.raises(InternalError, match="observer bug") as e:
        g.answer(last.options[0].id, last.player)
    assert (texts(g), list(g.answers), g.position.lobbys, g.pending_decisions, g.turn) == before
    assert len(e.value.record["answers"]) == len(before[1]) + 1  # the answer that failed, for a bug report
    g.observer = None
    g.answer(last.options[0].id, last.player)
    assert g.turn == 3


#: The lists ``LobbysPosition.next_step`` shares with the position it copies: the rules replace
#: them rather than change them (a seat's ``won`` is shared one level down: its outer list is new).
SHARED_BY_NEXT_STEP = {"people_deck", "people_drawn"}


def test_the_next_steps_copy_shares_only_the_lists_the_rules_replace() -> None:
    """``next_step`` names what it copies; a new list field it does not copy (nor is said here to
    be shared) would be changed in the position the step started from: this test fails then."""
    from dataclasses import fields

    pos = lobbys_game(5, 4, people_variant=True, data=DATA).position.lobbys
    nxt = pos.next_step()
    assert nxt == pos
    for f in fields(pos):
        old, new = getattr(pos, f.name), getattr(nxt, f.name)
        if type(old) is list and f.name not in SHARED_BY_NEXT_STEP:
            assert new is not old, f"next_step shares {f.name}"
            if old and type(old[0]) is list and f.name != "won":
                assert all(a is not b for a, b in zip(old, new)), f"next_step shares {f.name}'s lists"
