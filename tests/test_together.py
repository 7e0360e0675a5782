"""Secret decisions of several seats at once (``cmdsl.game.together``): a seat's part must ask
that seat's own decisions, whether it is one decision or a sequence of them."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import pytest

from cmdsl.game.decisions import Decision, Option
from cmdsl.game.together import Phase, Together
from cmdsl.games.lobbys.seats import SEATS


class Kind(StrEnum):
    PICK = "pick"


def decision(seat: Any) -> Decision:
    return Decision(seat, Kind.PICK, "pick", (Option("a", "A"), Option("b", "B")))


def test_a_part_of_one_decision_is_asked_of_its_seat() -> None:
    me, other = SEATS[0], SEATS[1]
    phase = Phase(Together({me: lambda: decision(me)}), 0)
    phase.begin(me)
    assert phase.pending() == (decision(me),)
    with pytest.raises(TypeError, match="own decision"):
        Phase(Together({me: lambda: decision(other)}), 0).begin(me)


def test_a_part_of_several_decisions_is_asked_of_its_seat() -> None:
    me, other = SEATS[0], SEATS[1]

    def steps(seat: Any) -> Any:
        yield decision(seat)

    phase = Phase(Together({me: lambda: steps(me)}), 0)
    phase.begin(me)
    assert phase.pending() == (decision(me),)
    with pytest.raises(TypeError, match="own decision"):
        Phase(Together({me: lambda: steps(other)}), 0).begin(me)
