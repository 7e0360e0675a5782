"""Bots see only what their seat may know (issue "Core v2, part 2", item 5, in part): the greedy
bot searches re-dealt copies, so its choice does not change when the hidden cards are dealt
differently, consistently with its view."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cmdsl.bots import Bot, GreedyBot, IsmctsBot, IsmctsSettings, RandomBot, play_bot_move
from cmdsl.bots import basic
from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.kinds import DecisionKind
from cmdsl.games.cm2008.determinize import redeal
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game, rules_of
from cmdsl.game.driver import Driver
from cmdsl.game.perspective import Perspective, perspective
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import SIDES, SetupMode, Side
from cmdsl.games.cm2008.scenario_position import render_position

from .conftest import examples

CM2008 = load_card_set(Path(__file__).resolve().parent.parent / "cards" / "cm2008")


def game_at(seed: int, steps: int, mode: SetupMode = "beginner") -> CampaignGame:
    """A seeded random game after about ``steps`` answers, at a turn's play-or-draw decision."""
    game = campaign_game(CM2008, seed, Setup(mode=mode, first="mccain", max_turns=400), checkpoints=True)
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
    assert alt.position.players[me].hand == game.position.players[me].hand and alt.pending == game.pending
    assert make().choose(perspective(game)) == make().choose(perspective(alt))


def everything(game: CampaignGame) -> object:
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
    assert everything(game.determinized(me, random.Random(5))) == everything(alt.determinized(me, random.Random(5)))


def test_greedy_looks_ahead_only_in_redealt_copies(monkeypatch: object) -> None:
    redealt: set[int] = set()
    real = Perspective.sample

    def spy(self: Perspective, rng: random.Random) -> CampaignGame:
        copy = real(self, rng)
        redealt.add(id(copy))
        return copy

    real_trials = Driver.trials

    def trials(self: CampaignGame, count: int) -> Sequence[CampaignGame]:
        made = real_trials(self, count)
        if id(self) in redealt:  # a fork of a re-dealt copy is that re-deal
            redealt.update(id(f) for f in made)
        return made

    looked: list[bool] = []
    after = basic.action_value

    def checked(trial: CampaignGame, decision: object, answer: str, others: random.Random) -> float:
        looked.append(id(trial) in redealt)
        return after(trial, decision, answer, others)  # type: ignore[arg-type]

    monkeypatch.setattr(Perspective, "sample", spy)  # type: ignore[attr-defined]
    monkeypatch.setattr(Driver, "trials", trials)  # type: ignore[attr-defined]
    monkeypatch.setattr(basic, "action_value", checked)  # type: ignore[attr-defined]
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
    copy = game.determinized(me, random.Random(1))
    mine, theirs = copy.position.players[me], copy.position.players[me.other]
    real_mine, real_theirs = game.position.players[me], game.position.players[me.other]
    assert mine.hand == real_mine.hand and sorted(mine.deck) == sorted(real_mine.deck)
    assert len(theirs.hand) == len(real_theirs.hand) and len(theirs.deck) == len(real_theirs.deck)
    assert sorted(theirs.hand + theirs.deck) == sorted(real_theirs.hand + real_theirs.deck)
    assert (mine.discard, theirs.discard) == (real_mine.discard, real_theirs.discard)
    assert [x.tokens for x in rules_of(copy).in_play] == [x.tokens for x in rules_of(game).in_play]
    assert sorted(copy.position.news_deck) == sorted(game.position.news_deck)
    before = render_position(game)
    game.determinized(me, random.Random(2))
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
        copy = game.determinized(me, random.Random(seed))
        assert everything(copy.fork()) == everything(copy), seed


# ---- the draft (R3.1): the opponent's pool, kept cards and draft options are hidden (issue 10) ----

def drafted(seed: int, seat: Side, mine: list[int], theirs: list[int], stop: int | None = None,
            i_answered: bool = False, they_answered: bool = False) -> CampaignGame:
    """A draft game in which ``seat`` (who plays first) keeps option ``mine[k] % 3`` in round k and
    the other seat option ``theirs[k] % 3``. Stopped at round ``stop`` (0-based), where ``seat``
    and the other have answered or not as told; else (None) after the draft and the starting
    states (each seat its first options), at ``seat``'s first play-or-draw decision."""
    game = campaign_game(CM2008, seed, Setup(mode="draft", first=seat.value, max_turns=400))  # type: ignore[arg-type]
    picks = {seat: mine, seat.other: theirs}
    for rnd in range(15):
        pending = {d.player: d for d in game.pending_decisions}
        assert set(pending) == set(SIDES) and all(d.kind is DecisionKind.DRAFT for d in pending.values())
        order = SIDES if rnd != stop else [s for s, yes in ((seat, i_answered), (seat.other, they_answered)) if yes]
        for side in order:
            d = pending[side]
            game.answer(d.options[picks[side][rnd] % len(d.options)].id, side)  # type: ignore[index]
        if rnd == stop:
            return game
    while game.pending is not None and game.pending.kind is DecisionKind.SETUP_STATE:
        d = game.pending_decisions[0]
        game.answer(d.options[0].id, d.player)
    assert game.pending is not None and game.pending.kind is DecisionKind.TURN and game.pending.player is seat
    return game


def draft_state(game: CampaignGame) -> object:
    """The draft's part of a position (none before the fix: the pools were the engine's locals)."""
    return (getattr(game.position, "draft", None), game.position.decks)


def played_on(game: CampaignGame, answers: int) -> CampaignGame:
    """``game`` after ``answers`` more answers, each the first option of the first pending decision."""
    for _ in range(answers):
        if game.pending is None:
            break
        d = game.pending_decisions[0]
        game.answer(d.options[0].id, d.player)
    return game


picks15 = st.lists(st.integers(0, 2), min_size=15, max_size=15)


@settings(deadline=None, max_examples=examples(40), suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), seat=st.sampled_from(SIDES), mine=picks15, theirs_a=picks15,
       theirs_b=picks15, stop=st.one_of(st.none(), st.integers(0, 14)), i_answered=st.booleans(),
       they_answered=st.booleans(), bot_seed=st.integers(0, 2**32))
def test_a_determinized_draft_game_depends_only_on_the_seats_view(
        seed: int, seat: Side, mine: list[int], theirs_a: list[int], theirs_b: list[int], stop: int | None,
        i_answered: bool, they_answered: bool, bot_seed: int) -> None:
    """Issue 10: two real draft games in which the other seat kept other cards (the seat's view
    the same) give the same determinized copy, mid-draft and after it, and the copies play on
    the same (the decks the copies draft or hold are the same)."""
    a = drafted(seed, seat, mine, theirs_a, stop, i_answered, they_answered)
    b = drafted(seed, seat, mine, theirs_b, stop, i_answered, they_answered)
    assert a.view(seat) == b.view(seat)  # the seat cannot tell the two apart
    ca, cb = a.determinized(seat, random.Random(bot_seed)), b.determinized(seat, random.Random(bot_seed))
    assert everything(ca) == everything(cb) and draft_state(ca) == draft_state(cb)
    assert ca.pending_decisions == cb.pending_decisions
    played_on(ca, 60), played_on(cb, 60)
    assert everything(ca) == everything(cb) and draft_state(ca) == draft_state(cb)


def pool_ids(side: Side) -> set[str]:
    return {c.id for c in CM2008.pool(side)}


def test_a_determinized_copy_after_a_draft_deals_the_opponent_cards_from_their_pool() -> None:
    """R3.1: which 15 cards the opponent drafted is secret; a copy deals them from the opponent's
    pool (here nothing of theirs has been seen yet), and may give them cards they did not draft."""
    me, opp = Side.MCCAIN, Side.OBAMA
    game = drafted(3, me, [0] * 15, [1] * 15)
    real, theirs = game.position.players[opp], set(game.position.decks[opp])
    dealt = set()
    for k in range(10):
        copy = game.determinized(me, random.Random(k))
        p = copy.position.players[opp]
        cards = p.hand + p.deck
        assert (len(p.hand), len(p.deck)) == (len(real.hand), len(real.deck))
        assert len(set(cards)) == len(cards) and set(cards) <= pool_ids(opp)
        assert set(copy.position.decks[opp]) == set(cards)  # the deck it plays with is the one dealt
        assert copy.position.players[me].hand == game.position.players[me].hand and copy.position.decks[me] == game.position.decks[me]
        dealt.add(frozenset(cards))
    assert any(not cards <= theirs for cards in dealt)  # cards the opponent did not draft
    assert len(dealt) > 1


def test_a_determinized_copy_mid_draft_redeals_the_pools_and_the_opponents_options() -> None:
    """Mid-draft the opponent's pool order, kept cards and this round's three cards are hidden, and
    so is the order of the seat's own pool (its future draws); its own kept and drawn cards are not."""
    me, opp = Side.MCCAIN, Side.OBAMA
    game = drafted(3, me, [0] * 15, [1] * 15, stop=5)
    real_options = next(d for d in game.pending_decisions if d.player is opp).options
    draft = game.position.draft  # type: ignore[attr-defined]
    others, kept, own_pools = set(), set(), set()
    for k in range(8):
        copy = game.determinized(me, random.Random(k))
        cd = copy.position.draft  # type: ignore[attr-defined]
        theirs = next(d for d in copy.pending_decisions if d.player is opp)
        assert tuple(o.value for o in theirs.options) == cd[opp].drawn  # the options are the copy's cards
        assert (cd[me].drawn, cd[me].kept) == (draft[me].drawn, draft[me].kept)
        assert sorted(cd[me].pool) == sorted(draft[me].pool)
        assert copy.pending_decisions[0] == game.pending_decisions[0]  # the seat's own decision
        o = cd[opp]
        assert (len(o.pool), len(o.drawn), len(o.kept)) == (len(draft[opp].pool), 3, len(draft[opp].kept))
        every = o.pool + o.drawn + o.kept
        assert len(set(every)) == len(every) and set(every) <= pool_ids(opp)
        others.add(theirs.options)
        kept.add(o.kept)
        own_pools.add(cd[me].pool)
        played_on(copy, 30)  # the copy drafts on from its own deal
        assert sorted(copy.position.decks[opp]) == sorted(set(copy.position.decks[opp])) and len(copy.position.decks[opp]) == 15
        assert set(copy.position.decks[opp]) >= set(o.kept)
    assert real_options not in others or len(others) > 1
    assert any(x != draft[opp].kept for x in kept) and any(x != draft[me].pool for x in own_pools)


def draft_game_at(seed: int, steps: int) -> CampaignGame:
    """A seeded random draft game after about ``steps`` answers, at a turn's play-or-draw decision."""
    return game_at(seed, steps, "draft")


def seen_by(game: CampaignGame, seat: Side) -> set[str]:
    """The other seat's cards ``seat`` has seen face up (R4.3, R4.4, R4.6), from the full log."""
    theirs = pool_ids(seat.other)
    return {e.card for e in game.events
            if isinstance(e, (E.CardPlayed, E.CardDiscarded, E.MediaSupportInPlay, E.PlayTooDeep))} & theirs


@settings(deadline=None, max_examples=examples(30), suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(40, 250), bot_seed=st.integers(0, 2**32))
def test_a_determinized_copy_of_a_drafted_game_keeps_what_the_seat_has_seen(seed: int, steps: int,
                                                                           bot_seed: int) -> None:
    """The opponent's cards the seat has seen stay theirs in a copy (face up where they are, or in
    their hand and deck once their discard pile was reshuffled, R5); the others are dealt from their
    pool; every card is in one place, and the deck they play with is the cards they hold."""
    game = draft_game_at(seed, steps)
    if game.pending is None:
        return
    me, opp = game.pending.player, game.pending.player.other  # type: ignore[union-attr]
    copy = game.determinized(me, random.Random(bot_seed))
    real, p = game.position.players[opp], copy.position.players[opp]
    assert (p.discard, p.played, copy.position.media) == (real.discard, real.played, game.position.media)
    assert (len(p.hand), len(p.deck)) == (len(real.hand), len(real.deck))
    places = p.hand + p.deck + p.discard + p.played + ([copy.position.media[0]] if copy.position.media and copy.position.media[1] is opp else [])
    assert len(set(places)) == len(places) and set(places) == set(copy.position.decks[opp]) <= pool_ids(opp)
    assert seen_by(game, me) <= set(places)
    assert copy.position.players[me].hand == game.position.players[me].hand and copy.position.decks[me] == game.position.decks[me]
