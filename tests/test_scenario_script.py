"""The one rule of every game's scenarios for an answer written for a decision the engine takes by
itself (docs/scenarios.md, "An answer written for a one-option decision"): ``Script`` matches it to
that decision and never hands it on; each such decision uses at most one answer, in order."""

from __future__ import annotations

from enum import StrEnum

from cmdsl.game.decisions import Decision, Option
from cmdsl.sets.scenario_script import Script


class Kind(StrEnum):
    ASK = "ask"


def one(seat: str, option: str) -> Decision:
    """A decision with a single option, as the engine takes it without asking (``Driver.ask``)."""
    class Seat:
        value = seat
    return Decision(Seat(), Kind.ASK, "?", (Option(option, option.upper()),))


def test_an_answer_for_a_decision_taken_alone_is_its_own() -> None:
    noted: list[Decision] = []
    script = Script(["buy:1", "sell:M09", "pass"], noted)
    noted += [one("p1", "buy:1"), one("p1", "sell:M09")]
    assert script.take() == (2, "pass")  # both matched, in order: neither handed on
    assert script.left == ()


def test_a_decision_taken_alone_without_an_answer_written_uses_none() -> None:
    noted: list[Decision] = [one("p1", "pass")]
    script = Script(["draw"], noted)
    assert script.take() == (0, "draw")


def test_each_decision_taken_alone_uses_one_answer_at_most_and_only_once() -> None:
    noted: list[Decision] = [one("p1", "pass")]
    script = Script(["pass", "pass"], noted)
    assert script.take() == (1, "pass")  # the first is the one-option decision's, the second the next's
    noted.append(one("p2", "pass"))  # taken after: it matches nothing left
    assert script.take() is None and script.left == ()


def test_its_label_matches_too() -> None:
    noted: list[Decision] = [one("p1", "pass")]
    script = Script(["PASS", "draw"], noted)
    assert script.take() == (1, "draw")
