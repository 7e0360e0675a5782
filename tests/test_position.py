"""A position is a value (DESIGN property 9): ``copy()`` shares nothing that changes, and a fork
never touches the game it was forked from (issue "Core v2, part 1", item 1)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cmdsl.bots import RandomBot, play_bot_move
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game, campaign_of
from cmdsl.games.cm2008.position import Position
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.model import SIDES, CardSet, Side
from cmdsl.games.cm2008.scenario_position import render_position


def mid_game(cards: CardSet, checkpoints: bool = False, turns: int = 30) -> CampaignGame:
    game = campaign_game(cards, 11, Setup(first="mccain", max_turns=500), checkpoints=checkpoints)
    bots = {SIDES[0]: RandomBot(1), SIDES[1]: RandomBot(2)}
    while game.pending is not None and (game.turn < turns or game.pending.kind == "turn"):
        play_bot_move(game, bots)
    assert game.pending is not None and game.pending.kind != "turn"  # mid-turn, inside an effect
    return game


def scrambled(p: Position) -> None:
    """Change every mutable part of a position."""
    for player in p.players.values():
        for zone in (player.hand, player.deck, player.discard, player.played):
            zone.append("x")
        player.score += 1
        player.supply -= 1
    for live in p.in_play:
        for row in live.tokens.values():
            row[0] = Side.OBAMA
        live.box = 1
    for part in (p.reserve, p.won, p.news_deck, p.negatives):
        part.append("x")  # type: ignore[arg-type]
    p.rng.random()
    p.turn += 1


def fingerprint(p: Position) -> Any:
    return repr([(f.name, getattr(p, f.name)) for f in dataclasses.fields(p)
                 if f.name not in ("rng", "players", "in_play")]) + repr(
        [(s, (x.hand, x.deck, x.discard, x.played, x.score, x.supply)) for s, x in p.players.items()]) + repr(
        [(x.name, x.tokens, x.box, x.key) for x in p.in_play]) + repr(p.rng.getstate())


def test_a_copy_shares_nothing_that_changes(cm2008: CardSet) -> None:
    game = mid_game(cm2008)
    before = fingerprint(game.position)
    copy = game.position.copy()
    assert fingerprint(copy) == before
    scrambled(copy)
    assert fingerprint(game.position) == before


def test_a_copy_draws_the_same_random_numbers(cm2008: CardSet) -> None:
    game = mid_game(cm2008)
    copy = game.position.copy()
    assert [copy.rng.random() for _ in range(5)] == [game.position.rng.random() for _ in range(5)]


def test_a_fork_never_touches_the_original(cm2008: CardSet) -> None:
    for checkpoints in (False, True):
        game = mid_game(cm2008, checkpoints)
        before = (render_position(game), list(game.answers), len(game.events), campaign_of(game).keep_checkpoints)
        fork = game.fork()
        assert render_position(fork) == render_position(game) and fork.pending == game.pending
        while fork.pending is not None:
            fork.answer(fork.pending.options[0].id)
        assert (render_position(game), list(game.answers), len(game.events), campaign_of(game).keep_checkpoints) == before


def test_a_fork_in_the_draft_starts_from_its_round_the_same_as_from_the_start(cm2008: CardSet) -> None:
    """A game with checkpoints forks mid-draft from the start of the round (a copy of the
    position); one without replays the game from its start: the two forks are the same game."""
    games = [campaign_game(cm2008, 4, Setup("draft", "mccain"), checkpoints=c) for c in (False, True)]
    for _ in range(9):  # four rounds and a half: McCain's pick of round 5 is made, unrevealed
        for g in games:
            d = g.pending_decisions[0]
            g.answer(d.options[-1].id, d.player)
    for seat in (None, Side.MCCAIN, Side.OBAMA):
        forks = [g.fork(for_seat=seat) for g in games]
        assert forks[0].pending_decisions == forks[1].pending_decisions
        while forks[0].pending is not None:
            d = forks[0].pending_decisions[-1]
            for f in forks:
                f.answer(d.options[0].id, d.player)
        assert [render_position(f) for f in forks[0:1]] == [render_position(f) for f in forks[1:]]
        assert forks[0].result == forks[1].result and forks[0].answers[-40:] == forks[1].answers[-40:]
        tail = len(forks[1].events)  # the checkpoint's fork logs only what happened since the round began
        assert [e.text() for e in forks[0].events[-tail:]] == [e.text() for e in forks[1].events]


def test_a_position_field_its_copy_would_share_by_mistake_is_refused() -> None:
    """``Position.copy`` copies each field as its declared type says; a union holding a list (or a
    mutable part) would be shared between copies, so such a declaration fails at once."""
    from typing import Optional

    from cmdsl.games.cm2008.position import LiveState, _copier

    for kind in (Optional[list[str]], list[str] | None, LiveState | None, dict[str, int] | None):
        with pytest.raises(TypeError, match="not a union"):
            _copier(kind)
    assert _copier(tuple[str, int] | None) is None  # immutable: shared, rightly
    assert _copier(list[str]) is list.copy and _copier(list[LiveState]) is not None
