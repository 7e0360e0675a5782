"""A superlative named twice in one statement is one state, chosen once (issue 26 §1;
docs/language.md, "Superlatives"). "One statement": the words of one line of an effect, up to its
block (an `if` line's condition, a `for each` line's head), not the lines of that block."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.engine import rules_of
from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.cm2008.scenario import Outcome, run_scenario
from cmdsl.sets.scenario_doc import ScenarioError
from cmdsl.games.cm2008.scenario_file import load_scenarios

#: The issue's position: Obama to act; North Carolina and New Jersey tie on 15 EV, the most in play.
TIE = "position: {states: [Missouri, North Carolina, New Jersey, Iowa]}"


def ran(cards: CardSet, tmp_path: Path, effect: str, answers: list[str]) -> Outcome:
    path = tmp_path / "s.yaml"
    lines = "".join(f"          {line}\n" for line in effect.splitlines())
    path.write_text(f"scenarios:\n  - name: superlatives\n    player: obama\n    effect: |\n{lines}"
                    f"    {TIE}\n    answers: [{', '.join(answers)}]\n", encoding="utf-8")
    [sc] = load_scenarios(path, cards)
    out = run_scenario(cards, sc)
    assert isinstance(out, Outcome)
    return out


def chosen(out: Outcome) -> list[str]:
    return [e.label for e in out.events if isinstance(e, E.Chose) and e.kind == "state"]


def test_gain_on_the_majority_issue_of_the_best_state_in_the_best_state_asks_once(cm2008: CardSet,
                                                                                   tmp_path: Path) -> None:
    """Was: asked twice; answering NC then NJ gained on New Jersey's Defense, NC's majority issue."""
    out = ran(cm2008, tmp_path, "gain 1 support on the majority issue of the state with the most votes in the "
              "state with the most votes", ["state:north-carolina"])
    assert chosen(out) == ["North Carolina"]
    [gained] = [e for e in out.events if isinstance(e, E.BlockChanged)]
    assert (gained.state, gained.issue) == ("North Carolina", rules_of(out.game).live("North Carolina").majority)  # type: ignore[union-attr]


def test_shift_toward_the_minority_issue_of_the_best_state_asks_once(cm2008: CardSet, tmp_path: Path) -> None:
    out = ran(cm2008, tmp_path, "shift the state with the most votes 1 toward the minority issue of the state "
              "with the most votes", ["state:new-jersey"])
    assert chosen(out) == ["New Jersey"]
    nj = rules_of(out.game).live("New Jersey")
    assert nj is not None and nj.box == 2  # R7.1: from Economy's box 3 one step toward Defense, its minority


def test_two_different_superlatives_are_two_choices(cm2008: CardSet, tmp_path: Path) -> None:
    """The most votes and the fewest votes are two phrases: each is settled (Iowa has the fewest alone)."""
    out = ran(cm2008, tmp_path, "gain 1 support on the majority issue of the state with the fewest votes in the "
              "state with the most votes", ["state:new-jersey"])
    assert chosen(out) == ["New Jersey"]


def test_the_same_phrase_on_two_lines_is_two_choices(cm2008: CardSet, tmp_path: Path) -> None:
    """Each statement settles its own superlatives just before it runs (the board may change between)."""
    out = ran(cm2008, tmp_path, "shift the state with the most votes 1 toward defense\n"
              "shift the state with the most votes 1 toward defense", ["state:north-carolina", "state:new-jersey"])
    assert chosen(out) == ["North Carolina", "New Jersey"]
    with pytest.raises(ScenarioError, match="a decision has no scripted answer"):
        ran(cm2008, tmp_path, "shift the state with the most votes 1 toward defense\n"
            "shift the state with the most votes 1 toward defense", ["state:north-carolina"])
