"""Invariants that hold after every event of every game (RULES R1.4, R1.8, R4, R9)."""

from __future__ import annotations

from collections import Counter
from itertools import chain

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cmdsl.bots import RandomBot, play_bot_move
from cmdsl.errors import IllegalAnswer
from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game, campaign_of, rules_of
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.model import START_SCORES, TOKENS_PER_PLAYER, CardSet, Side
from cmdsl.games.cm2008.scenario_position import render_position

GAMES = 1000  # the deep run's; the default run plays QUICK_GAMES of them (issue 55 item 13)
QUICK_GAMES = 40
TURN_LIMIT = 1000


class Violation(AssertionError):
    pass


def check_invariants(game: CampaignGame, event: E.Event) -> None:
    # Run after every event of 1,000 games: each check is written to cost little (C-level counts).
    if game.turn == 0:
        return  # still setting up: decks are being built and hands drawn
    pos = game.position
    on_board = Counter(chain.from_iterable(row for s in rules_of(game).in_play for row in s.tokens.values()))
    for side in Side:
        p = pos.players[side]
        if on_board[side] + p.supply != TOKENS_PER_PLAYER:  # R1.4
            raise Violation(f"{side}: {on_board[side]} tokens on the board + {p.supply} in supply")
        places = p.hand + p.deck + p.discard + p.played
        if pos.media and pos.media[1] is side:
            places.append(pos.media[0])
        pool = set(pos.decks[side])  # a deck names each card once: every card is in one place, once
        if len(places) != len(pool) or set(places) != pool:
            raise Violation(f"{side}: cards out of place {sorted(Counter(places).items())}")
        won = sum([campaign_of(game).cards.states[n].ev for n, s in pos.won if s is side])
        if p.score != START_SCORES[side.value] + won:  # R1.8, R9.1
            raise Violation(f"{side}: score {p.score} is not start + EV of states won ({won})")
    if isinstance(event, E.TurnEnded) and pos.reserve and len(rules_of(game).in_play) != 4:
        raise Violation(f"{len(rules_of(game).in_play)} states in play at the end of a turn while the reserve is not empty")


def play(cards: CardSet, seed: int) -> CampaignGame:
    bots = {Side.MCCAIN: RandomBot(seed * 2), Side.OBAMA: RandomBot(seed * 2 + 1)}
    game = campaign_game(cards, seed, Setup(max_turns=TURN_LIMIT), observer=check_invariants)
    while game.pending is not None:
        play_bot_move(game, bots)
    return game


@pytest.mark.parametrize("games", [QUICK_GAMES, pytest.param(GAMES, marks=pytest.mark.deep)])
def test_a_thousand_random_games_end_with_every_invariant_holding(cm2008: CardSet, games: int) -> None:
    tally: Counter[str] = Counter()
    for seed in range(games):
        game = play(cm2008, seed)  # raises Violation on the first broken invariant
        assert game.result is not None, f"seed {seed}: the game did not end"
        r = game.result
        tally["draw" if r.winner is None else r.winner.value] += 1
        if r.winner is None:
            assert "turn limit" in r.reason or r.mccain == r.obama == 269 or "neither" in r.reason
        else:
            assert game.position.players[r.winner].score >= 270
    print(f"\n{games} random games: {dict(tally)}")
    assert tally["mccain"] > 0 and tally["obama"] > 0


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), max_size=150), bad=st.text(max_size=8))
def test_any_answer_sequence_keeps_the_invariants_and_bad_answers_change_nothing(
        cm2008: CardSet, seed: int, picks: list[int], bad: str) -> None:
    game = campaign_game(cm2008, seed, Setup(max_turns=200), observer=check_invariants)
    for pick in picks:
        d = game.pending
        if d is None:
            break
        if d.find(bad) is None:
            before = (render_position(game), len(game.events))
            try:
                game.answer(bad)
            except IllegalAnswer:
                pass
            assert (render_position(game), len(game.events)) == before
        game.answer(d.options[pick % len(d.options)].id)
