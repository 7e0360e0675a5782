"""A scenario runs exactly as scripted or fails with a located line: nothing the engine does by
itself (a decision with a single option, a die) may stand in for what the script says."""

from __future__ import annotations

from typing import Any

import pytest

from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.scenario import ScenarioError

BETA_ONLY = "choose a state as S where the majority issue of S is economy"  # on Alpha, Beta: Beta only
ALPHA_BETA = {"states": ["Alpha", "Beta"]}
TWO_CHOICES = BETA_ONLY + "\nchoose a state as T\nalter the key demographic of T"


def fails(run: Any, *args: Any, **kw: Any) -> str:
    with pytest.raises(ScenarioError) as e:
        run(*args, **kw)
    return str(e.value).splitlines()[0]


def test_a_card_that_is_not_a_legal_play_fails_instead_of_the_engine_drawing(run: Any) -> None:
    # Discard cost 2, no other card in hand: the only turn option is to draw, which the engine
    # used to take by itself.
    pos = {"states": ["Alpha"], "decks": {"mccain": ["mccain-nothing-2"]}}

    message = fails(run, "mccain-cost", "play", position=pos)

    assert message == ("test: scenario 'test': play: Mccain Cost is not a legal play: its discard cost of 2 "
                       "needs 2 other cards in hand, and McCain has 0 (R4.6)")


def test_a_card_that_is_not_a_legal_play_fails_instead_of_another_card_being_played(run: Any) -> None:
    # One other card in hand, nothing to draw: the only option was to play that other card.
    pos = {"states": ["Alpha"], "hands": {"mccain": ["mccain-nothing-1"]}}

    assert fails(run, "mccain-cost", "play", position=pos).endswith("and McCain has 1 (R4.6)")


def test_a_card_with_its_discard_cost_met_is_played(run: Any) -> None:
    pos = {"states": ["Alpha"], "hands": {"mccain": ["mccain-nothing-1", "mccain-nothing-2"]}}

    out = run("mccain-cost", "play", position=pos, answers=["card:mccain-nothing-1", "card:mccain-nothing-2"])

    played = [e for e in out.events if isinstance(e, E.CardPlayed)]
    assert [(e.player.value, e.card) for e in played] == [("mccain", "mccain-cost")]


def test_a_player_cannot_play_the_other_sides_card(run: Any) -> None:
    assert fails(run, "mccain-nothing-1", "play", player="obama") == \
        "test: scenario 'test': player: Obama cannot play Mccain Nothing 1: it is McCain's card"


def test_an_answer_for_a_decision_the_engine_took_itself_is_matched_to_it(run: Any) -> None:
    # The first decision has one option (Beta): the script may name it; then T is chosen.
    out = run(TWO_CHOICES, position=ALPHA_BETA, answers=["state:beta", "state:alpha"])

    assert [e.text() for e in out.events if isinstance(e, E.KeyAltered)] == \
        ["Alpha: the key demographic changes from Seniors to Women."]


def test_an_answer_for_a_decision_the_engine_took_itself_is_not_given_to_the_next_one(run: Any) -> None:
    # "state:beta" was meant for the first decision: it used to answer the second one silently.
    message = fails(run, TWO_CHOICES, position=ALPHA_BETA, answers=["state:beta"])

    assert message == "test: scenario 'test': answers: a decision has no scripted answer:"


def test_a_die_the_script_does_not_give_is_an_error_at_dice(run: Any) -> None:
    assert fails(run, "mccain-negative", "play", answers=["state:beta"]) == \
        "test: scenario 'test': dice: a die was rolled but the scenario scripts no die result"
    assert fails(run, "mccain-negative", "play", answers=["state:beta"], dice=[3, 2]) == \
        "test: scenario 'test': dice: scripted dice were not rolled: 2"


def test_the_first_turn_decision_is_answered_with_the_scenarios_card_only(run: Any) -> None:
    pos = {"states": ["Alpha"], "hands": {"mccain": ["mccain-nothing-1", "mccain-draw"]},
           "decks": {"mccain": ["mccain-nothing-2"]}}

    out = run("mccain-draw", "play", position=pos)

    chose = [e for e in out.events if isinstance(e, E.Chose)]
    assert [(c.kind, c.option) for c in chose] == [("turn", "play:mccain-draw")]
