"""The effect language: every item of DESIGN.md's "what it must say" list, run on a position.

Positions use the small fixed set tests/data/mini (see test_rules.py for its tiles).
"""

from __future__ import annotations

from typing import Any

import pytest
from lark import Lark

from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.vocabulary import render
from cmdsl.games.cm2008.vocabulary import LANGUAGE, parse_effect
from cmdsl.games.cm2008.engine import rules_of
from cmdsl.games.cm2008.model import CardSet, Side

M, O = Side.MCCAIN, Side.OBAMA


def changes(out: Any) -> list[tuple[str, str, str, int]]:
    return [(c.player.value, c.state, c.issue, c.index) for c in out.events if isinstance(c, E.BlockChanged)]


def test_grammar_builds_strict_lalr_without_conflicts() -> None:
    parser = LANGUAGE.parser
    assert isinstance(parser, Lark) and parser.options.parser == "lalr" and parser.options.strict
    assert LANGUAGE.parser is parser  # built once per process


def test_positions_point_into_the_card_file() -> None:
    from cmdsl.lang.origin import Origin

    prog = parse_effect("draw 1\nif you lead:\n    gain 1 support on economy in S\n", Origin("f.yaml", "x", 40, 6))
    gain = prog.body[1].then[0]  # type: ignore[attr-defined]
    assert (gain.pos.line, gain.pos.col) == (42, 11)


# ---- gain: issues ----------------------------------------------------------------------------


@pytest.mark.parametrize("issue,row", [
    ("economy", "economy"), ("defense", "defense"),
    ('the majority issue of "Beta"', "economy"), ('the minority issue of "Beta"', "defense"),
])
def test_gain_on_each_kind_of_issue(run: Any, issue: str, row: str) -> None:
    out = run(f'gain 1 support on {issue} in "Beta"', player="obama")
    assert [c[2] for c in changes(out)] == [row]


def test_gain_on_a_chosen_issue(run: Any) -> None:
    out = run('choose an issue as I\ngain 1 support on I in "Beta"', answers=["issue:defense"])
    assert changes(out) == [("mccain", "Beta", "defense", 2)]


# ---- gain: states ------------------------------------------------------------------------------


def test_gain_in_a_named_state_not_in_play_does_nothing(run: Any) -> None:
    out = run('gain 1 support on economy in "Zeta"')
    assert changes(out) == []


def test_gain_in_the_news_state(run: Any) -> None:
    out = run("bn-mccain-gain", "news", target="Gamma")
    assert changes(out) == [("mccain", "Gamma", "defense", 1)]


def test_gain_in_a_chosen_state_with_a_filter(run: Any) -> None:
    out = run('choose a state as S where the votes of S < 8 and the majority issue of S is defense\n'
              'gain 1 support on defense in S')
    assert changes(out) == [("mccain", "Gamma", "defense", 1)]  # only Gamma (6 EV, Defense) fits: no question


def test_gain_in_each_state_matching_a_condition(run: Any) -> None:
    out = run('for each state as S where the key demographic of S is "Seniors":\n'
              '    gain 1 support on economy in S')
    assert [c[1] for c in changes(out)] == ["Alpha", "Delta"]


# ---- shift, alter ----------------------------------------------------------------------------------


def test_shift_and_alter(run: Any) -> None:
    out = run('choose a state as S\nshift S 2 toward the minority issue of S\nalter the key demographic of S',
              answers=["state:beta"])
    beta = rules_of(out.game).live("Beta")
    assert beta.box == 1 and beta.key == "Latinos"


# ---- cards --------------------------------------------------------------------------------------------


def test_draw_n(run: Any) -> None:
    out = run("draw 2", position={"states": ["Alpha"], "decks": {"mccain": ["mccain-nothing-1", "mccain-draw"]}})
    assert out.game.position.players[M].hand == ["mccain-nothing-1", "mccain-draw"]


def test_discard_any_number_and_use_that_number(run: Any) -> None:
    pos = {"states": ["Alpha", "Beta", "Gamma", "Delta"],
           "hands": {"mccain": ["mccain-nothing-1", "mccain-nothing-2", "mccain-nothing-3"]}}
    effect = ("discard any number as X\nrepeat X:\n    choose a different state as S\n"
              "    gain 1 support on the majority issue of S in S")
    out = run(effect, position=pos, answers=["card:mccain-nothing-1", "card:mccain-nothing-3", "done",
                                             "state:beta", "state:gamma"])
    assert out.game.position.players[M].hand == ["mccain-nothing-2"]
    assert [c[1] for c in changes(out)] == ["Beta", "Gamma"]


def test_a_different_state_each_time(mini: CardSet, run: Any) -> None:
    effect = "repeat 3:\n    choose a different state as S\n    shift S 1 toward defense"
    out = run(effect, answers=["state:alpha", "state:beta", "state:delta"])
    assert [e.state for e in out.events if isinstance(e, E.IssueShifted)] == ["Alpha", "Beta", "Delta"]
    from cmdsl.games.cm2008.scenario import ScenarioError

    with pytest.raises(ScenarioError) as e:  # Alpha again: refused by the decision (an IllegalAnswer)
        run(effect, answers=["state:alpha", "state:alpha", "state:beta"])
    assert str(e.value).startswith("test: scenario 'test': answers: \"state:alpha\" is not an option of this decision")
    assert "options: state:beta, state:gamma, state:delta" in str(e.value)


def test_each_loop_remembers_its_own_different_states(run: Any) -> None:
    """`choose a different state` means different within one run of its loop: each run of an inner
    loop starts afresh."""
    effect = "repeat 2:\n    repeat 2:\n        choose a different state as S\n        shift S 1 toward defense"
    out = run(effect, answers=["state:alpha", "state:beta", "state:alpha", "state:beta"])
    assert [e.state for e in out.events if isinstance(e, E.IssueShifted)] == ["Alpha", "Beta", "Alpha", "Beta"]


def test_discard_n_outside_the_top_level_discards_what_it_can(run: Any) -> None:
    out = run("as the opponent:\n    discard 2", position={"states": ["Alpha"], "hands": {"obama": ["obama-draw"]}})
    assert out.game.position.players[O].hand == [] and out.game.position.players[O].discard == ["obama-draw"]


def test_choose_a_card_from_hand_and_play_it(run: Any) -> None:
    pos = {"states": ["Alpha"], "hands": {"mccain": ["mccain-draw", "mccain-nothing-1"]},
           "decks": {"mccain": ["mccain-nothing-2"]}}
    out = run("choose a card from hand as C\nplay C", position=pos, answers=["card:mccain-draw"])
    played = [e for e in out.events if isinstance(e, E.CardPlayed)]
    assert [p.card for p in played] == ["mccain-draw"] and played[0].nested  # type: ignore[attr-defined]
    assert "mccain-nothing-2" in out.game.position.players[M].hand
    out = run("choose a card from hand as C\ndiscard card C", position=pos, answers=["card:mccain-nothing-1"])
    assert out.game.position.players[M].discard == ["mccain-nothing-1"]


def test_draw_cards_and_play_one_at_once(run: Any) -> None:
    pos = {"states": ["Alpha", "Beta"], "decks": {"mccain": ["mccain-attack", "mccain-nothing-1"]}}
    out = run("draw 2 and play one", position=pos, answers=["card:mccain-attack", "state:beta"], dice=[1])
    g = out.game
    assert g.position.players[M].hand == ["mccain-nothing-1"]
    assert g.position.players[M].discard == ["mccain-attack"]  # discarded at the end of the turn
    assert any(isinstance(e, E.DieRolled) for e in out.events)  # its die icon counts too


# ---- choose one, conditions ---------------------------------------------------------------------------


def test_choose_one_of_several_effects_labels_say_what_runs(run: Any) -> None:
    effect = 'choose one:\n    option:\n        draw 1\n    option:\n        shift "Alpha" 1 toward economy\n        draw 1'
    pos = {"states": ["Alpha"], "decks": {"mccain": ["mccain-nothing-1"]}}
    out = run(effect, position=pos, answers=["option:2"])
    chose = [e for e in out.events if isinstance(e, E.Chose)][0]
    assert chose.label == "Shift Alpha one box toward Economy. Draw one card"  # type: ignore[attr-defined]  # rules text
    assert rules_of(out.game).live("Alpha").box == 3 and out.game.position.players[M].hand == ["mccain-nothing-1"]


@pytest.mark.parametrize("cond,expected", [
    ('the key demographic of "Alpha" is "Seniors"', True),
    ('the key demographic of "Alpha" is not "Seniors"', False),
    ('the majority issue of "Beta" is economy', True),
    ('the votes of "Alpha" >= 10', True),
    ('the votes of "Alpha" + 1 > 11', False),
    ('the blocks of you on defense in "Alpha" = 2', True),
    ('the blocks of the opponent on economy in "Alpha" = 3', True),
    ("you lead", False),
    ("the opponent leads", True),
    ("obama leads and not mccain leads", True),
    ("the hand size of you = 1", True),
    ("the score of the opponent - the score of you = 2", True),
    ("media support is in play", True),
    ("you have media support in play", False),
    ("the opponent has media support in play or (you lead)", True),
    ("the active player is you", True),
])
def test_conditions(run: Any, cond: str, expected: bool) -> None:
    pos = {"states": ["Alpha", "Beta"], "hands": {"mccain": ["mccain-nothing-1"]}, "media": "obama-media-chooser",
           "decks": {"mccain": ["mccain-nothing-2"]}}
    out = run(f"if {cond}:\n    draw 1\nelse:\n    nothing", position=pos)
    assert (len(out.game.position.players[M].hand) == 2) is expected


def test_else_if_chain(run: Any) -> None:
    effect = ('if the votes of "Alpha" > 50:\n    draw 1\nelse if the votes of "Alpha" > 5:\n'
              '    shift "Alpha" 1 toward economy\nelse:\n    draw 1')
    out = run(effect)
    assert rules_of(out.game).live("Alpha").box == 3


# ---- who acts ---------------------------------------------------------------------------------------------


def test_who_acts(run: Any) -> None:
    out = run('gain 1 support on economy in "Beta"\nas the opponent:\n    gain 1 support on defense in "Beta"\n'
              'as mccain:\n    gain 1 support on defense in "Gamma"', player="obama")
    assert changes(out) == [("obama", "Beta", "economy", 2), ("mccain", "Beta", "defense", 2),
                            ("mccain", "Gamma", "defense", 1)]


def test_going_negative_result_is_carried_out_by_the_opponent_of_the_roller(run: Any) -> None:
    out = run("6", "going_negative", player="obama", answers=["state:gamma", "state:zeta"])
    assert {c[0] for c in changes(out)} == {"mccain"}


# ---- media support abilities --------------------------------------------------------------------------------


def test_breaking_news_redirected_by_a_rule(mini: CardSet, tmp_path: Any) -> None:
    from cmdsl.games.cm2008.vocabulary.checker import Context, ContextKind, campaign_names
    from cmdsl.games.cm2008.vocabulary.checker import check
    from cmdsl.games.cm2008.vocabulary.compiler import compile_effect

    names = campaign_names(mini.states, mini.groups)
    prog = parse_effect("while in play:\n    breaking news targets the state with the most votes\n")
    compiled = compile_effect(check(prog, names, Context(ContextKind.CARD, abilities=True)), "x")
    assert compiled.abilities is not None and compiled.abilities.news is not None


# ---- rendering -------------------------------------------------------------------------------------------------


def test_render_round_trips_every_bundled_effect(cm2008: CardSet) -> None:
    for item in [*cm2008.cards.values(), *cm2008.news.values(), *cm2008.negative.values()]:
        checked_text = render.program(item.checked.program)
        again = parse_effect(checked_text)
        assert render.program(again) == checked_text, item.id


def test_scripted_answers_are_strict(run: Any) -> None:
    from cmdsl.games.cm2008.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="no scripted answer"):
        run('choose a state as S\nshift S 1 toward economy')
    with pytest.raises(ScenarioError, match="not used: state:gamma"):
        run('choose a state as S\nshift S 1 toward economy', answers=["state:alpha", "state:gamma"])
    with pytest.raises(ScenarioError, match="dice were not rolled: 3"):
        run("draw 1", dice=[3])
