"""The log reads as a person would write it (issue 26 §3), and a reworded event does not break the
records written before (a record's log is its witness: DESIGN property 4)."""

from __future__ import annotations

from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.options import DONE
from cmdsl.games.cm2008.record import first_difference, log_digest
from cmdsl.games.cm2008.model import Side


def test_stopping_a_discard_reads_as_a_sentence() -> None:
    """R4.x "discard any number": stopping is a choice to stop, not a thing chosen "to discard"."""
    event = E.Chose(Side.OBAMA, "discard", DONE, "stop discarding (2 discarded)")
    assert event.text() == "Obama chooses to stop discarding (2 discarded)."


def test_a_log_in_the_first_wording_compares_equal_to_todays() -> None:
    old = ["McCain draws a card.", "Obama chooses stop discarding (1 discarded) to discard."]
    new = ["McCain draws a card.", "Obama chooses to stop discarding (1 discarded)."]
    assert first_difference(old, new) is None
    assert log_digest(old) == log_digest(new)
    assert first_difference(old, ["McCain draws a card.", "Obama chooses to stop discarding (2 discarded)."]) == 1
