"""Bots see only what their seat may know (issue "Core v2, part 2", item 5, in part): the greedy
bot searches re-dealt copies, so its choice does not change when the hidden cards are dealt
differently, consistently with its view."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cmdsl.bots import Bot, GreedyBot, IsmctsBot, IsmctsSettings, RandomBot, play_bot_move
from cmdsl.game.decisions import DecisionKind
from cmdsl.game.determinize import determinized, redeal
from cmdsl.game.engine import Game
from cmdsl.game.perspective import Perspective, perspective
from cmdsl.game.setup import Setup
from cmdsl.loader import load_card_set
from cmdsl.model import SIDES
from cmdsl.scenario import render_position

CM2008 = load_card_set(Path(__file__).resolve().parent.parent / "cards" / "cm2008")


def game_at(seed: int, steps: int) -> Game:
    """A seeded random game after about ``steps`` answers, at a turn's play-or-draw decision."""
    game = Game(CM2008, seed, Setup(first="mccain", max_turns=400), checkpoints=True)
    bots = {SIDES[0]: RandomBot(seed), SIDES[1]: RandomBot(seed + 1)}
    n = 0
    while game.pending is not None and (n < steps or game.pending.kind != DecisionKind.TURN):
        play_bot_move(game, bots)
        n += 1
    return game


#: The bots that look ahead, as the fairness property plays them (ISMCTS at few iterations: the
#: property is about what it may read, not how well it plays).
LOOKING_AHEAD: dict[str, Callable[[], Bot]] = {
    "greedy": lambda: GreedyBot(7),
    "ismcts": lambda: IsmctsBot(7, IsmctsSettings(iterations=40)),
}


@pytest.mark.parametrize("make", LOOKING_AHEAD.values(), ids=LOOKING_AHEAD.keys())
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(3, 150), other_deal=st.integers(0, 2**32))
def test_a_bots_choice_does_not_depend_on_where_the_hidden_cards_are(
        make: Callable[[], Bot], seed: int, steps: int, other_deal: int) -> None:
    """Item 5: the same view and the same bot seed give the same choice, whatever the truth."""
    game = game_at(seed, steps)
    if game.pending is None:
        return
    me = game.pending.player
    alt = game.fork()
    redeal(alt, me, random.Random(other_deal))  # a different truth, the same view for `me`
    assert alt.players[me].hand == game.players[me].hand and alt.pending == game.pending
    assert make().choose(perspective(game)) == make().choose(perspective(alt))


def everything(game: Game) -> object:
    p = game.position
    return (render_position(game), {s: (x.hand, x.deck, x.discard) for s, x in p.players.items()},
            p.news_deck, p.rng.getstate())


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(3, 150), other_deal=st.integers(0, 2**32))
def test_a_determinized_copy_depends_only_on_the_seats_view(seed: int, steps: int, other_deal: int) -> None:
    """Two games that differ only in what ``me`` cannot see give the same determinized copy."""
    game = game_at(seed, steps)
    if game.pending is None:
        return
    me = game.pending.player
    alt = game.fork()
    redeal(alt, me, random.Random(other_deal))
    assert everything(determinized(game, me, random.Random(5))) == everything(determinized(alt, me, random.Random(5)))


def test_greedy_looks_ahead_only_in_redealt_copies(monkeypatch: object) -> None:
    redealt: set[int] = set()
    real = Perspective.sample

    def spy(self: Perspective, rng: random.Random) -> Game:
        copy = real(self, rng)
        redealt.add(id(copy))
        return copy

    looked: list[bool] = []
    after = GreedyBot._after

    def checked(trial: Game, answer: str, me: object) -> float:
        looked.append(id(trial) in redealt)
        return after(trial, answer, me)  # type: ignore[arg-type]

    monkeypatch.setattr(Perspective, "sample", spy)  # type: ignore[attr-defined]
    monkeypatch.setattr(GreedyBot, "_after", staticmethod(checked))  # type: ignore[attr-defined]
    game = game_at(5, 40)
    bot = GreedyBot(3)
    for _ in range(30):
        if game.pending is None:
            break
        game.answer(bot.choose(perspective(game)))
    assert looked and all(looked)


def test_a_redeal_changes_only_what_the_seat_cannot_see() -> None:
    game = game_at(3, 60)
    assert game.pending is not None
    me = game.pending.player
    copy = determinized(game, me, random.Random(1))
    mine, theirs = copy.players[me], copy.players[me.other]
    real_mine, real_theirs = game.players[me], game.players[me.other]
    assert mine.hand == real_mine.hand and sorted(mine.deck) == sorted(real_mine.deck)
    assert len(theirs.hand) == len(real_theirs.hand) and len(theirs.deck) == len(real_theirs.deck)
    assert sorted(theirs.hand + theirs.deck) == sorted(real_theirs.hand + real_theirs.deck)
    assert (mine.discard, theirs.discard) == (real_mine.discard, real_theirs.discard)
    assert [x.tokens for x in copy.in_play] == [x.tokens for x in game.in_play]
    assert sorted(copy.news_deck) == sorted(game.news_deck)
    before = render_position(game)
    determinized(game, me, random.Random(2))
    assert render_position(game) == before  # the real game is untouched


def test_a_fork_of_a_redealt_copy_keeps_its_deal_mid_turn() -> None:
    """Found by issue 12: a fork of a re-dealt copy made away from a play-or-draw decision replayed
    the turn from the position before the re-deal, so it could see the real hidden cards."""
    for seed in range(40):
        game = game_at(seed, 30)
        while game.pending is not None and game.pending.kind == DecisionKind.TURN:
            game.answer(game.pending.options[0].id)  # into a card's own decisions, mid-turn
        if game.pending is None:
            continue
        me = game.pending.player
        copy = determinized(game, me, random.Random(seed))
        assert everything(copy.fork()) == everything(copy), seed
