"""The decision protocol, Core v2 (issue 10, items 1 and 3): chance is a seat, and secret picks
are simultaneous decisions revealed together."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.cm2008.record import load_record
from cmdsl.games.cm2008.replay import replay

RECORDS = Path(__file__).parent / "data" / "records"


@pytest.mark.parametrize("name", ["v2-draft-seed3.json", "v2-choose-states-seed5.json"])
def test_a_record_made_before_simultaneous_picks_still_replays(cm2008_before_rebalance: CardSet,
                                                               name: str) -> None:
    """Made with 40171bb (`cmdsl play --setup draft --bot random --bot random --seed 3`, and
    `--setup choose-states --seed 5`): its picks are untagged ids, McCain's before Obama's. Made
    before the rebalance, it replays on the set of its time."""
    record = load_record(RECORDS / name)
    result = replay(cm2008_before_rebalance, record)
    assert result.reproduces, result.reason
    assert result.game.result is not None and result.game.result.text() == record.result


# ---- helpers ---------------------------------------------------------------------------------

from fractions import Fraction  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402

from cmdsl.bots import RandomBot, play_bot_move  # noqa: E402
from cmdsl.errors import IllegalAnswer  # noqa: E402
from cmdsl.games.cm2008 import events as E  # noqa: E402
from cmdsl.game.decisions import SeatAnswer, is_chance  # noqa: E402
from cmdsl.game.decisions import CHANCE  # noqa: E402
from cmdsl.games.cm2008.kinds import DecisionKind  # noqa: E402
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game, campaign_of  # noqa: E402
from cmdsl.game.perspective import perspective  # noqa: E402
from cmdsl.game.rng import GameRng  # noqa: E402
from cmdsl.games.cm2008.setup import Setup  # noqa: E402
from cmdsl.games.cm2008.model import SIDES, Side  # noqa: E402
from cmdsl.games.cm2008.record import save_record  # noqa: E402
from cmdsl.games.cm2008.scenario_position import render_position  # noqa: E402


def negative_opening(cards: CardSet, **kw: object) -> CampaignGame:
    """A mini game whose McCain (first) can play his Going Negative card at once."""
    for seed in range(200):
        game = campaign_game(cards, seed, Setup(first="mccain"), **kw)  # type: ignore[arg-type]
        if game.pending is not None and game.pending.find("play:mccain-negative") is not None:
            return game
    raise AssertionError("no seed deals mccain-negative to McCain")


def texts(game: CampaignGame) -> list[str]:
    return [e.text() for e in game.events]


def rolls(game: CampaignGame) -> list[int]:
    return [e.value for e in game.events if isinstance(e, E.DieRolled)]


# ---- item 1: chance is a seat ----------------------------------------------------------------

def test_chance_decisions_are_pending_when_the_game_asks_for_them(mini: CardSet) -> None:
    game = campaign_game(mini, 5, Setup(first="random"), ask_chance=True)
    d = game.pending
    assert d is not None and d.player is CHANCE and d.kind is DecisionKind.FIRST_PLAYER
    assert sum(o.probability for o in d.options) == 1 and len(d.options) == 2  # type: ignore[attr-defined]
    assert game.events == []  # nothing happened yet: the first player is chance's to decide
    game.answer("first:obama")
    assert game.position.active is Side.OBAMA and game.answers == [SeatAnswer(CHANCE, "first:obama")]
    game = negative_opening(mini, ask_chance=True)
    game.answer("play:mccain-negative")
    d = game.pending
    assert d is not None and d.player is CHANCE and d.kind is DecisionKind.DIE
    assert [o.id for o in d.options] == [f"die:{n}" for n in range(1, 7)]
    assert all(o.probability == Fraction(1, 6) for o in d.options)  # type: ignore[attr-defined]
    assert sum(o.probability for o in d.options) == 1  # type: ignore[attr-defined]
    with pytest.raises(IllegalAnswer):
        game.answer("die:7")
    game.answer("die:2")
    assert rolls(game) == [2] and game.answers[-2:] == ["play:mccain-negative", SeatAnswer(CHANCE, "die:2")]
    assert replay(mini, game.record()).reproduces  # a game that answered chance replays


def test_the_seed_draws_the_same_dice_whether_or_not_the_game_asks(mini: CardSet) -> None:
    """Drawing from the seed at a pending chance decision gives what a game that does not ask
    draws: the RNG is used exactly as before chance was a seat."""
    plain = negative_opening(mini)
    asking = campaign_game(mini, campaign_of(plain).seed, campaign_of(plain).setup, ask_chance=True)
    for game in (plain, asking):
        game.answer("play:mccain-negative")
    assert asking.pending is not None and asking.pending.player is CHANCE
    asking.draw_chance()
    assert texts(asking) == texts(plain) and asking.answers == plain.answers == ["play:mccain-negative"]


def test_a_forced_die_is_stored_in_the_record_and_replayed(mini: CardSet, tmp_path: Path) -> None:
    game = negative_opening(mini)
    seeded = campaign_game(mini, campaign_of(game).seed, campaign_of(game).setup)
    seeded.answer("play:mccain-negative")
    forced = 6 if rolls(seeded) != [6] else 1
    game.force_chance(f"die:{forced}")
    assert game.answers == []  # recorded where it is used
    game.answer("play:mccain-negative")
    assert rolls(game) == [forced] and game.answers == ["play:mccain-negative", SeatAnswer(CHANCE, f"die:{forced}")]
    path = tmp_path / "g.json"
    save_record(game.record(), path)
    assert json.loads(path.read_text())["answers"] == ["play:mccain-negative", {"seat": "chance", "answer": f"die:{forced}"}]
    again = replay(mini, load_record(path))
    assert again.reproduces, again.reason
    assert rolls(again.game) == [forced] and texts(again.game) == texts(game)
    fork = game.fork()
    assert texts(fork.fork()) == texts(game.fork())  # forks keep it too
    assert render_position(fork) == render_position(game)


def test_an_unforced_game_records_no_chance_answer(cm2008: CardSet) -> None:
    bots = {side: RandomBot(i) for i, side in enumerate(SIDES)}
    game = campaign_game(cm2008, 11, Setup(first="random", max_turns=200))
    while game.pending is not None:
        play_bot_move(game, bots)
    assert rolls(game)  # dice were rolled, and the first player drawn, from the seed
    assert not any(is_chance(a) for a in game.record().answers)
    assert replay(cm2008, game.record()).reproduces


def test_a_forced_outcome_that_does_not_fit_fails_and_changes_nothing(mini: CardSet) -> None:
    game = negative_opening(mini)
    with pytest.raises(IllegalAnswer):
        game.force_chance("die:9")
    game.force_chance("first:obama")  # a chance outcome, but no die
    before = texts(game)
    with pytest.raises(IllegalAnswer, match="not an outcome"):
        game.answer("play:mccain-negative")
    assert texts(game) == before and game.answers == [] and game.chance.outcomes == ("first:obama",)


# ---- item 3: secret picks are simultaneous ---------------------------------------------------

def picks_in_order(cards: CardSet, seed: int, mode: str, order: tuple[Side, ...]) -> CampaignGame:
    """A game whose secret picks are answered seat by seat in ``order`` (each seat its first
    option), then played on by random bots."""
    game = campaign_game(cards, seed, Setup(mode=mode, first="mccain", max_turns=30))  # type: ignore[arg-type]
    while game.pending is not None and game.turn == 0:
        pending = {d.player: d for d in game.pending_decisions}
        seat = next(s for s in order if s in pending)
        game.answer(pending[seat].options[-1].id, seat)
    bots = {side: RandomBot(1) for side in SIDES}
    while game.pending is not None:
        play_bot_move(game, bots)
    return game


@pytest.mark.parametrize("set_name, mode", [("mini", "choose-states"), ("cm2008", "choose-states"),
                                            ("cm2008", "draft")])
def test_secret_picks_answered_in_either_order_give_the_same_game(set_name: str, mode: str,
                                                                 request: pytest.FixtureRequest) -> None:
    cards: CardSet = request.getfixturevalue(set_name)
    a = picks_in_order(cards, 4, mode, (Side.MCCAIN, Side.OBAMA))
    b = picks_in_order(cards, 4, mode, (Side.OBAMA, Side.MCCAIN))
    assert texts(a) == texts(b) and render_position(a) == render_position(b)
    assert a.answers != b.answers  # the same picks, answered in another order
    assert sorted(map(str, a.answers[:8])) == sorted(map(str, b.answers[:8]))
    assert replay(cards, a.record()).reproduces and replay(cards, b.record()).reproduces


def test_both_seats_pick_at_once_and_the_picks_are_revealed_together(mini: CardSet) -> None:
    game = campaign_game(mini, 2, Setup(mode="choose-states", first="mccain"))
    assert [d.player for d in game.pending_decisions] == [Side.MCCAIN, Side.OBAMA]
    assert all(d.kind is DecisionKind.SETUP_STATE for d in game.pending_decisions)
    logged = len(game.events)
    obama = game.pending_decisions[1]
    game.answer(obama.options[0].id)  # untagged: it is an option of Obama's decision only
    assert [d.player for d in game.pending_decisions] == [Side.MCCAIN, Side.OBAMA]  # Obama's second pick
    with pytest.raises(IllegalAnswer, match="not an option of McCain's decision"):
        game.answer(obama.options[1].id, Side.MCCAIN)
    mccain = game.pending_decisions[0]
    game.answer(mccain.options[0].id, Side.MCCAIN)
    game.answer(game.pending_decisions[0].options[0].id, Side.MCCAIN)
    assert len(game.events) == logged  # nothing is revealed while a pick is missing
    assert [d.player for d in game.pending_decisions] == [Side.OBAMA]
    with pytest.raises(IllegalAnswer, match="McCain has no decision pending"):
        game.answer(mccain.options[1].id, Side.MCCAIN)
    assert len(game.answers) == 3
    game.answer(game.pending.options[0].id)  # type: ignore[union-attr]
    chose = [e for e in game.events[logged:] if isinstance(e, E.Chose)]
    assert [(e.player, e.kind) for e in chose] == [(Side.MCCAIN, "setup-state")] * 2 + [(Side.OBAMA, "setup-state")] * 2
    assert sum(isinstance(e, E.StateEntered) for e in game.events[logged:]) == 4
    assert game.pending is not None and game.pending.kind is DecisionKind.TURN
    assert [a.seat for a in game.answers] == [Side.OBAMA, Side.MCCAIN, Side.MCCAIN, Side.OBAMA]  # type: ignore[union-attr]


def _strings(value: object) -> list[str]:
    """Every text in a value (a view, a decision), and each event's text."""
    import dataclasses
    from enum import Enum
    out: list[str] = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += _strings(getattr(value, f.name))
        if isinstance(value, E.Event):
            out.append(value.text())
    elif isinstance(value, (tuple, list)):
        for v in value:
            out += _strings(v)
    elif isinstance(value, str) and not isinstance(value, Enum):
        out.append(value)
    return out


@pytest.mark.parametrize("mode", ["choose-states", "draft"])
def test_a_pick_in_is_not_seen_by_the_other_seat_before_the_reveal(cm2008: CardSet, mode: str) -> None:
    """McCain picks; Obama has not: nothing of McCain's pick is in Obama's view, in the game
    as Obama's perspective shows it, or in the re-dealt copies Obama may search."""
    games = []
    for i in (0, -1):  # McCain picks his first option in one game, his last in the other
        game = campaign_game(cm2008, 9, Setup(mode=mode, first="mccain"))  # type: ignore[arg-type]
        mine = game.pending_decisions[0]
        pick = mine.options[i]
        game.answer(pick.id, Side.MCCAIN)
        assert any(d.player is Side.OBAMA for d in game.pending_decisions)
        games.append((game, pick))
    (a, pick_a), (b, pick_b) = games
    assert pick_a.id != pick_b.id
    for game, pick in games:
        view = game.view(Side.OBAMA)
        assert not [s for s in _strings(view) if pick.id in s]  # no option, no event names it
        assert not [e for e in view.events if isinstance(e, (E.Chose, E.ChoseRedacted)) and e.player is Side.MCCAIN]
        assert view.decision is not None and view.decision.player is Side.OBAMA
        assert Side.MCCAIN not in [w.player for w in view.waiting] or mode == "choose-states"  # his 2nd pick
    assert a.view(Side.OBAMA) == b.view(Side.OBAMA)  # Obama cannot tell the two apart
    for game, pick in games:
        seat = perspective(game, Side.OBAMA)
        assert seat.seat is Side.OBAMA and seat.view() == a.view(Side.OBAMA)
        sample = seat.sample(random.Random(1))
        assert not any(isinstance(x, SeatAnswer) and x.seat is Side.MCCAIN for x in sample.answers)
        theirs = next(d for d in sample.pending_decisions if d.player is Side.MCCAIN)
        if mode == "choose-states":  # McCain's pick is to make again in the copy, among his public pile
            assert theirs.find(pick.id) is not None
        else:  # among three cards re-dealt from his pool (R3.1: his real three are hidden, issue 10)
            assert theirs.kind is DecisionKind.DRAFT and len(theirs.options) == 3
        assert [e.text() for e in sample.events] == [e.text() for e in game.events] or mode == "draft"
    # McCain's own perspective keeps his pick
    mine = perspective(a, Side.MCCAIN) if any(d.player is Side.MCCAIN for d in a.pending_decisions) else None
    if mine is not None:
        assert SeatAnswer(Side.MCCAIN, pick_a.id) in mine.sample(random.Random(1)).answers


def test_a_record_with_seat_tagged_answers_replays(mini: CardSet, tmp_path: Path) -> None:
    game = picks_in_order(mini, 6, "choose-states", (Side.OBAMA, Side.MCCAIN))
    path = tmp_path / "g.json"
    save_record(game.record(), path)
    data = json.loads(path.read_text())
    assert data["answers"][0]["seat"] == "obama" and set(data["answers"][0]) == {"seat", "answer"}
    result = replay(mini, load_record(path))
    assert result.reproduces, result.reason
    assert texts(result.game) == texts(game)
    untagged = [a.answer if isinstance(a, SeatAnswer) else a for a in load_record(path).answers]
    from dataclasses import replace as replaced
    assert replay(mini, replaced(game.record(), answers=tuple(untagged))).reproduces  # ids alone are enough


def test_bots_answer_every_pending_pick_each_from_its_own_perspective(mini: CardSet) -> None:
    seen: list[tuple[Side, tuple[Side, ...]]] = []

    class Watching(RandomBot):
        def choose(self, seat):  # type: ignore[no-untyped-def]
            seen.append((seat.seat, tuple(a.player for a in seat.view().waiting)))
            assert seat.decision.player is seat.seat
            return super().choose(seat)

    game = campaign_game(mini, 3, Setup(mode="choose-states", first="mccain"))
    bots = {Side.MCCAIN: Watching(1), Side.OBAMA: Watching(2)}
    play_bot_move(game, bots)
    assert seen == [(Side.MCCAIN, (Side.MCCAIN, Side.OBAMA)), (Side.OBAMA, (Side.MCCAIN, Side.OBAMA))]
    assert [a.seat for a in game.answers] == [Side.MCCAIN, Side.OBAMA]  # type: ignore[union-attr]
    play_bot_move(game, {Side.OBAMA: RandomBot(3)})  # one bot: only its own seat's pick
    assert [a.seat for a in game.answers] == [Side.MCCAIN, Side.OBAMA, Side.OBAMA]  # type: ignore[union-attr]
    assert [d.player for d in game.pending_decisions] == [Side.MCCAIN]


def test_a_determinized_copy_does_not_know_a_forced_die(mini: CardSet) -> None:
    game = negative_opening(mini)
    game.force_chance("die:6")
    sample = perspective(game).sample(random.Random(2))
    assert game.chance.outcomes == ("die:6",) and sample.chance.outcomes == ()
    assert game.fork().chance.outcomes == ("die:6",)  # a plain fork is the same game: it keeps it


def test_a_chance_decision_with_unequal_outcomes_is_drawn_by_its_probabilities() -> None:
    from cmdsl.game.decisions import ChanceOption, Decision
    from cmdsl.game.chance import draw
    from cmdsl.games.cm2008.options import DIE_ROLL

    coin = Decision(CHANCE, DecisionKind.DIE, "a loaded coin",
                    (ChanceOption("a", "a", None, Fraction(1, 4)), ChanceOption("b", "b", None, Fraction(3, 4))))
    rng = GameRng(0)
    drawn = [draw(coin, rng).id for _ in range(4000)]
    assert 800 < drawn.count("a") < 1200
    a, b = GameRng(7), random.Random(7)
    assert [draw(DIE_ROLL, a).value for _ in range(50)] == [b.randint(1, 6) for _ in range(50)]  # the die as ever
