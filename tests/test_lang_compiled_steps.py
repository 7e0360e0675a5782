"""The compiled forms that save a compiled effect work (issue 34 §3) do what the statements say:
statements that never ask anything run as plain calls inside blocks, options, branches and loops
(``StmtCompiler.immediate``), a step may hand back the game's own steps (`gain 1`, `shift`), a
comparison with a number holds the number, a `for each state` keeps the choices of its
`choose a different state` apart only where it has one, and a block keeps what a `choose … as X`
chose (``StmtCompiler.keeping``)."""

from __future__ import annotations

from typing import Any

from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.model import Side

M, O = Side.MCCAIN, Side.OBAMA
DECK = ["mccain-nothing-1", "mccain-nothing-2", "mccain-nothing-3", "mccain-draw"]  # the top first


def drawn(out: Any) -> list[tuple[Side, str]]:
    return [(e.player, e.card) for e in out.events if isinstance(e, E.CardDrawn)]


def what_happened(out: Any) -> list[tuple[str, str]]:
    """Draws, shifts and changed blocks, in order, by kind and where."""
    kinds = {E.CardDrawn: lambda e: e.card, E.IssueShifted: lambda e: e.state, E.BlockChanged: lambda e: e.state}
    return [(type(e).__name__, kinds[type(e)](e)) for e in out.events if type(e) in kinds]


def position(**more: Any) -> dict[str, Any]:
    return {"states": ["Alpha", "Beta", "Gamma", "Delta"], "decks": {"mccain": list(DECK), "obama": ["obama-draw"]},
            **more}


def test_a_block_of_plain_statements_runs_each_in_order(run: Any) -> None:
    out = run("draw 1\nif you lead:\n    draw 2\nelse:\n    draw 1\ndraw 1", position=position())
    # McCain does not lead at the start (both score 0): 1 + 1 + 1 cards
    assert drawn(out) == [(M, "mccain-nothing-1"), (M, "mccain-nothing-2"), (M, "mccain-nothing-3")]


def test_plain_statements_between_choices_keep_their_place(run: Any) -> None:
    effect = "draw 1\nchoose a state as S\nshift S 1 toward defense\ndraw 1\ngain 1 support on defense in S\ndraw 1"
    out = run(effect, position=position(), answers=["state:beta"])
    assert what_happened(out) == [("CardDrawn", "mccain-nothing-1"), ("IssueShifted", "Beta"),
                                  ("CardDrawn", "mccain-nothing-2"), ("BlockChanged", "Beta"),
                                  ("CardDrawn", "mccain-nothing-3")]


def test_an_option_of_plain_statements_and_one_that_asks(run: Any) -> None:
    effect = "choose one:\n    option:\n        draw 1\n        draw 1\n    option:\n        choose a state as S\n" \
             "        gain 1 support on defense in S\n        draw 1"
    first = run(effect, position=position(), answers=["option:1"])
    assert drawn(first) == [(M, "mccain-nothing-1"), (M, "mccain-nothing-2")]
    second = run(effect, position=position(), answers=["option:2", "state:gamma"])
    assert what_happened(second) == [("BlockChanged", "Gamma"), ("CardDrawn", "mccain-nothing-1")]


def test_a_branch_that_asks_beside_one_that_does_not(run: Any) -> None:
    effect = "if you lead:\n    draw 1\nelse:\n    choose a state as S\n    shift S 1 toward economy\n    draw 1"
    out = run(effect, position=position(), answers=["state:delta"])
    assert what_happened(out) == [("IssueShifted", "Delta"), ("CardDrawn", "mccain-nothing-1")]
    out = run("if not you lead:\n    draw 1\nelse:\n    choose a state as S\n    shift S 1 toward economy",
              position=position())
    assert drawn(out) == [(M, "mccain-nothing-1")]


def test_plain_statements_in_loops_and_as(run: Any) -> None:
    out = run("repeat 2:\n    draw 1\nas the opponent:\n    draw 1\nfor each other player as P:\n    as P:\n        draw 1",
              position=position())
    assert drawn(out) == [(M, "mccain-nothing-1"), (M, "mccain-nothing-2"), (O, "obama-draw")]
    # Obama's deck is empty by the loop: the draw fails, said as such
    assert [e.player for e in out.events if isinstance(e, E.DrawFailed)] == [O]


def test_for_each_state_where_a_count_holds(run: Any) -> None:
    # Obama's printed Defense blocks: Alpha 0, Beta 1, Gamma 2, Delta 1
    out = run("for each state as S where the blocks of the opponent on defense in S >= 2:\n"
              "    gain 1 support on defense in S", position=position())
    assert what_happened(out) == [("BlockChanged", "Gamma")]
    out = run("for each state as S where the blocks of the opponent on defense in S = 1:\n"
              "    gain 1 support on defense in S", position=position())
    assert what_happened(out) == [("BlockChanged", "Beta"), ("BlockChanged", "Delta")]
    out = run("for each state as S where the blocks of the opponent on defense in S < 1:\n"
              "    shift S 1 toward economy", position=position())
    assert what_happened(out) == [("IssueShifted", "Alpha")]


def test_each_run_of_a_for_each_chooses_afresh(run: Any) -> None:
    """A `for each state` with a `choose a different state` in it keeps its choices apart from
    those of an enclosing loop: each of its runs may choose a state again."""
    effect = ('repeat 2:\n    for each state as S where S is "Alpha":\n        choose a different state as T\n'
              '        shift T 1 toward defense')
    out = run(effect, position=position(), answers=["state:beta", "state:beta"])
    assert [e.state for e in out.events if isinstance(e, E.IssueShifted)] == ["Beta", "Beta"]


def test_a_for_each_without_a_choice_leaves_the_choices_around_it(run: Any) -> None:
    effect = ('repeat 2:\n    choose a different state as T\n    for each state as S where S is "Alpha":\n'
              '        shift S 1 toward economy\n    shift T 1 toward defense')
    out = run(effect, position=position(), answers=["state:beta", "state:gamma"])
    assert [e.state for e in out.events if isinstance(e, E.IssueShifted)] == ["Alpha", "Beta", "Alpha", "Gamma"]


def test_for_each_state_skips_a_state_won_on_an_earlier_turn(run: Any) -> None:
    """Gamma is won at Alpha's turn: the loop does not come back to it (nor goes to Epsilon, which
    replaces it and was not in play when the loop started)."""
    pos = position(states=["Alpha", "Beta", {"name": "Gamma", "defense": "R B[r] B"}, "Delta"])
    out = run('for each state as S:\n    gain 1 support on defense in "Gamma"\n    gain 1 support on economy in S',
              position=pos, answers=["state:epsilon"])
    assert [e.state for e in out.events if isinstance(e, E.StateWon)] == ["Gamma"]
    assert [(e.state, e.issue) for e in out.events if isinstance(e, E.BlockChanged)] == [
        ("Gamma", "defense"), ("Alpha", "economy"), ("Beta", "economy"), ("Delta", "economy")]
    assert not [e for e in out.events if isinstance(e, E.GainWasted)]  # none on Gamma, out of play


def test_a_choice_kept_in_a_variable_by_its_block_or_by_its_own_step(run: Any) -> None:
    """`choose … as X` keeps what was chosen: its block stores it, driving the game's choice itself
    (``StmtCompiler.keeping``); where the step is wrapped (a `that wins` after it looks back at it),
    the step stores it; one with a condition keeps it in its own way. All read the same."""
    after = "gain 1 support on defense in S\ndraw 1"
    effects = {
        "block": "choose a state as S\n" + after,
        "step": 'choose a state as S\nif that wins "Alpha":\n    nothing\n' + after,
        "general": "choose a state as S where S is in play\n" + after,
    }
    for how, effect in effects.items():
        out = run(effect, position=position(), answers=["state:gamma"])
        assert what_happened(out) == [("BlockChanged", "Gamma"), ("CardDrawn", "mccain-nothing-1")], how
    out = run("choose an issue as I\ngain 1 support on I in \"Beta\"", position=position(), answers=["issue:economy"])
    assert [(e.state, e.issue) for e in out.events if isinstance(e, E.BlockChanged)] == [("Beta", "economy")]
